"""Rush: placements that earn another placement, and what a placement gives away."""
from __future__ import annotations

import random
from typing import Any, ClassVar

from ...rules import rush as R
from .base import Policy

# --- Rush: placements that earn another placement, and what a placement gives away -----------

#: The score of a placement for each colour, by its neighbours packed as ``R.CONNECTIONS`` reads
#: them: one that earns another placement (two connections or more, an enemy among them)
#: RUSH_AGAIN; one that ends the turn by what it touches: its own stone 3, nothing 2, an enemy
#: stone 0; None where the colour may not place. ``rush_scores`` then takes 1 off for every
#: point the placement hands the opponent (``RUSH_HANDS``). Measured, not derived: naive players
#: that differ only in these choices (docs/ai.md, "Why Rush fell to the filler").
RUSH_AGAIN = 10
RUSH_BASE: tuple[tuple[int | None, ...], ...] = ((),) + tuple(
    tuple(None if R.ILLEGAL[c][p] else RUSH_AGAIN if R.CONNECTIONS[p] >= 2
          else 2 if R.CONNECTIONS[p] == 0 else 0 if R.ENEMIES[c][p] else 3 for p in range(33))
    for c in (R.BLACK, R.WHITE))
#: RUSH_HANDS[colour][packed]: an empty point whose one connection is an enemy of ``colour``: a
#: stone of ``colour`` next to it gives it two connections, one an enemy of the opponent, so the
#: opponent, who moves next when the placement ends the turn, fills it and places again
RUSH_HANDS: tuple[tuple[bool, ...], ...] = ((),) + tuple(
    tuple(R.CONNECTIONS[p] == 1 and R.ENEMIES[c][p] == 1 for p in range(33)) for c in (R.BLACK, R.WHITE))
#: RUSH_EARNS[colour][packed]: a placement of ``colour`` there earns another
RUSH_EARNS: tuple[tuple[bool, ...], ...] = ((),) + tuple(
    tuple(R.CONNECTIONS[p] >= 2 and R.ENEMIES[c][p] > 0 for p in range(33)) for c in (R.BLACK, R.WHITE))


def rush_scores(state: R.State) -> dict[int, int]:
    """Every point the player to move may place on, with its score (``RUSH_BASE``)."""
    geo = state.geo
    nbrs = geo.neighbours
    board = state.board
    assert state.to_move is not None  # scores are asked of a running game
    c = R.CODE[state.to_move]
    base, hands = RUSH_BASE[c], RUSH_HANDS[c]
    packed = R.packed_neighbours
    out = {}
    for i, v in enumerate(board):
        if v:
            continue
        score = base[packed(nbrs[i], board)]
        if score is None:
            continue
        if score < RUSH_AGAIN:
            for n in nbrs[i]:
                if not board[n] and hands[packed(nbrs[n], board)]:
                    score -= 1
        out[i] = score
    return out


class RushPolicy(Policy):
    """The search looks only at the placements that score best by ``rush_scores`` (within the
    knob ``margin``), and its playouts play the same way: a placement that earns another when
    there is one, else the best of ``draws`` random points by that score."""

    #: per level: overrides of the shared level settings and this policy's playout knobs
    tuning: ClassVar[dict[str, dict[str, Any]]] = {
        # Uniform playouts over every legal placement lost to the reading-order filler 4 games of
        # 4 (docs/ai.md, "Why Rush fell to the filler"): at some 80 simulations a root move, a
        # move's value is the mean over the opponent's replies, most of them tried once, and
        # uniform playouts value alike the placements that decide games between players who
        # keep to a rule. Hard looks only at the best-scoring placements and plays on by the
        # same score: 4 of 4 against the filler, the rule itself and the plain UCT at 0.5 s.
        # Medium lets through placements one point below the best, easy three, with uniform
        # playouts (against the filler: 6 of 6 and 8 of 10; easy still loses to greedy 5 of 10).
        "easy": {"prior_weight": 0.4, "playout": {"margin": 3}},
        "medium": {"prior_weight": 1.0, "playout": {"margin": 1, "draws": 8}},
        "hard": {"prior_weight": 1.0, "playout": {"margin": 0, "draws": 8}},
    }

    def moves(self, state: R.State, knobs: dict[str, Any] | None = None) -> list[R.Move]:
        margin = (knobs or {}).get("margin")
        if margin is None or state.over:
            return self.game.legal_moves(state)
        scores = rush_scores(state)
        if not scores:
            return self.game.legal_moves(state)
        floor = max(scores.values()) - margin
        cell = state.geo.cell
        return [R.Move(cell(i)) for i, s in scores.items() if s >= floor]

    def priors(self, state: R.State, moves: list[R.Move]) -> dict[Any, float]:
        scores = rush_scores(state)
        index = state.geo.index
        # scores run from -4 (touches nothing, hands over all four neighbours) to RUSH_AGAIN
        # a legal move's cell is on the board: index() is never None here
        return {m: (scores.get(index(m.cell), -4) + 4) / (RUSH_AGAIN + 4)  # type: ignore[arg-type]
                for m in moves}

    def rollout(self, state: R.State, rng: random.Random, knobs: dict[str, Any]) -> float:
        draws = knobs.get("draws")
        if not draws:
            return super().rollout(state, rng, knobs)
        return self.result(self.scored_playout(state, rng, draws).winner)

    def scored_playout(self, state: R.State, rng: random.Random, draws: int,
                       record: list[int] | None = None) -> R.State:
        """A playout by the rule of ``rush_scores``: a placement that earns another, uniformly
        among them, when there is one; else the best of ``draws`` uniformly drawn empty points
        (the first drawn among equals), or a uniform legal point when none of them is legal.
        ``record`` (tests) receives every point placed, in order.

        The points that earn another placement are kept per colour in a list as the
        neighbour counts change (a placement changes only its four neighbours), so finding
        one costs nothing; the points that end the turn are scored only when drawn."""
        player = state.to_move
        if player is None:  # over
            return state
        geo = state.geo
        nbrs = geo.neighbours
        board = list(state.board)
        npts = geo.points
        packed = [R.packed_neighbours(nbrs[i], board) for i in range(npts)]
        empties = [i for i, c in enumerate(board) if not c]
        where = [0] * npts
        for k, i in enumerate(empties):
            where[i] = k
        n_empty = len(empties)
        conn, illegal_of = R.CONNECTIONS, R.ILLEGAL
        # again[colour]: the empty points where colour earns another placement; at[colour][i]
        # the index of i in that list, or -1
        earns = RUSH_EARNS
        again: list[list[int]] = [[], [], []]
        at = [[], [-1] * npts, [-1] * npts]

        def update(i: int) -> None:
            p = packed[i]
            for c in (R.BLACK, R.WHITE):
                k = at[c][i]
                if earns[c][p]:
                    if k < 0:
                        at[c][i] = len(again[c])
                        again[c].append(i)
                elif k >= 0:
                    drop(c, i, k)

        def drop(c: int, i: int, k: int) -> None:
            last = again[c].pop()
            if last != i:
                again[c][k] = last
                at[c][last] = k
            at[c][i] = -1

        for i in empties:
            update(i)
        colour = R.CODE[player]
        rand = rng.random
        while n_empty:
            if again[colour]:
                i = again[colour][int(rand() * len(again[colour]))]
            else:
                base, hands = RUSH_BASE[colour], RUSH_HANDS[colour]
                best, i = -99, -1
                for _ in range(draws):
                    j = empties[int(rand() * n_empty)]
                    score = base[packed[j]]
                    if score is None:
                        continue
                    for n in nbrs[j]:
                        if not board[n] and hands[packed[n]]:
                            score -= 1
                    if score > best:
                        best, i = score, j
                if i < 0:
                    illegal = illegal_of[colour]
                    legal = [j for j in empties if not illegal[packed[j]]]
                    if not legal:  # the turn ends (or a pass), exactly as ``play`` decides
                        colour = 3 - colour
                        continue
                    i = legal[int(rand() * len(legal))]
            if record is not None:
                record.append(i)
            board[i] = colour
            k = where[i]
            last = empties.pop()
            if last != i:
                empties[k] = last
                where[last] = k
            n_empty -= 1
            for c in (R.BLACK, R.WHITE):
                if at[c][i] >= 0:
                    drop(c, i, at[c][i])
            add = 1 if colour == R.BLACK else 8
            for n in nbrs[i]:
                packed[n] += add
                if not board[n]:
                    update(n)
            if conn[packed[i]] < 2:
                colour = 3 - colour
        black = board.count(R.BLACK)
        return R.State(level=state.level, size=state.size, board=tuple(board), to_move=None,
                       continuing=False, winner="black" if 2 * black > npts else "white", seed=state.seed)
