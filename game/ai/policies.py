"""Per-game knowledge for the search: candidate moves, chance moves, playouts, priors.

A policy answers, for one game:

* ``moves(state, knobs)``: the moves the search considers (all legal moves, one per
  class of moves that lead to equivalent positions, or the ones a level's knobs let through);
* ``chance(state, move)``: ``None``, or the outcomes ``[(forced move, probability)]``
  of a move whose result is random;
* ``priors(state, moves)``: ``{move: bias}`` in about [0, 1] for progressive bias
  (empty: none);
* ``rollout(state, rng, knobs) -> float``: a simulated result for ``players[0]``
  (1 win, 0 loss, 0.5 draw, or an evaluation in between at a cutoff);
* ``direct(state, rng, knobs)``: a move chosen without search (The Great Order's
  arrangement), or None.

Only the rules API and the rules modules' own fast internals are used; the
future dice of The Improbable are never read from a state's seed.
"""
from __future__ import annotations

import math
import random
import time
from functools import lru_cache
from typing import Any, ClassVar

from ..rules import gauss as G
from ..rules import improbable as IM
from ..rules import order as O
from ..rules import rush as R
from ..rules import sparks as S
from ..rules.core import DRAW, Game


class Policy:
    """Uniform playouts with the rules' own fast ``random_playout``.

    A game's policy (named by its record in :mod:`game.catalogue`) adds knowledge:
    move priors, smarter playouts, exact solves, and its ``tuning`` per level.
    """

    tuning: ClassVar[dict[str, dict[str, Any]]] = {}

    def __init__(self, game: Game) -> None:
        self.game = game
        self.p0 = game.players[0]

    def moves(self, state: Any, knobs: dict[str, Any] | None = None) -> list[Any]:
        return self.game.legal_moves(state)

    def chance(self, state: Any, move: Any) -> list[tuple[Any, float]] | None:
        """The rules' chance outcomes of ``move`` (the search's chance nodes)."""
        return self.game.chance_outcomes(state, move)

    def priors(self, state: Any, moves: list[Any]) -> dict[Any, float]:
        return {}

    def direct(self, state: Any, rng: random.Random, knobs: dict[str, Any]) -> Any:
        """A move chosen without search, or None. A move the rules do not list (an
        arrangement of The Great Order) cannot be searched: without knowledge of it, it is
        drawn at random."""
        if not state.over and not self.game.legal_moves(state):
            return self.game.random_move(state, rng)
        return None

    def exact(self, state: Any, knobs: dict[str, Any], deadline: float) -> tuple[bool, Any]:
        """An exact answer before the search: ``(done, move or None)``. ``done`` False
        means the time ran out first; a later call with more time goes on from there."""
        return True, None

    def result(self, winner: str | None) -> float:
        if winner == DRAW or winner is None:
            return 0.5
        return 1.0 if winner == self.p0 else 0.0

    def rollout(self, state: Any, rng: random.Random, knobs: dict[str, Any]) -> float:
        return self.result(self.game.random_playout(state, rng).winner)

    def rollout_trace(self, state: Any, rng: random.Random, knobs: dict[str, Any],
                      trace: list[tuple[str, Any]]) -> float:
        """``rollout``, appending each move played to ``trace`` as ``(player, move)`` (for
        RAVE). A policy without it cannot use ``Settings.rave``."""
        raise NotImplementedError(f"{type(self).__name__} has no traced playout")


#: the plies of a classic game: gauss_value's stage of the game is ``ply / GAUSS_PLIES``
GAUSS_PLIES = 30
#: gauss_value's weights, per feature of ``gauss_features``: (a, b), the feature counts
#: a + b * stage (the same difference means more near the end). Fitted by
#: ``python -m game.ai.valuefit`` (seed 1, 300 random games, 64 playouts a position).
GAUSS_WEIGHTS = ((0.572, -0.301), (-0.652, 0.672), (0.102, -0.303), (0.078, 0.147), (-0.100, -0.215),
                 (-0.019, 0.078), (-0.730, 1.036))


def gauss_features(state: G.State) -> tuple[int, ...]:
    """Red's side of a GAUSS position in seven counts, each red's minus blue's: GAIN, RISK,
    discs on the VOID, discs on gray cells, discs left to place of each colour (red ones
    minus blue ones), whose turn (+1 red, -1 blue), and the final score if the game ended
    now."""
    void = state.geo.void
    rv = bv = rg = bg = 0
    for i, c in enumerate(state.board):
        if c == 1:
            if void[i]:
                rv += 1
            else:
                rg += 1
        elif c == 2:
            if void[i]:
                bv += 1
            else:
                bg += 1
    gain, risk, supply = state.gain, state.risk, state.supply
    final_red = gain[0] - (risk[0] if rv > bv else 0)
    final_blue = gain[1] - (risk[1] if bv > rv else 0)
    return (gain[0] - gain[1], risk[0] - risk[1], rv - bv, rg - bg,
            (supply[0] + supply[2]) - (supply[1] + supply[3]), 1 if state.to_move == "red" else -1,
            final_red - final_blue)


def gauss_value(state: G.State) -> float:
    """Red's chance to win from here under uniform random play, as the counts of
    ``gauss_features`` tell it: a logistic model fitted to random playouts' results. It
    tracks the mean of 64 playouts about as closely as 64 more playouts would early in the
    game (docs/ai.md), at the cost of a fraction of one."""
    stage = state.ply / GAUSS_PLIES
    z = 0.0
    for v, (a, b) in zip(gauss_features(state), GAUSS_WEIGHTS, strict=True):
        z += v * (a + b * stage)
    return 1.0 / (1.0 + math.exp(-z))


# --- GAUSS: a greedy scorer ---------------------------------------------------------------


def _gauss_delta(geo: G.Geometry, board: list[int], t: int, c: int, me: int
                 ) -> tuple[float, list[tuple[int, int, int, bool]]]:
    """Place colour ``c`` on ``t`` (board changed in place); the immediate gain for
    player colour ``me``: own GAIN scored minus the opponent's, RISK counted against."""
    board[t] = c
    moved = G.slides(geo, board, t, c)
    gain = 0.0
    starts = [t]
    for m in moved:
        starts.append(m[1])
    for group in G.groups(geo, board, starts):
        col = board[group[0]]
        sign = 1.0 if col == me else -1.0
        for i in group:
            gain += sign * (-0.6 if geo.void[i] else 1.0)
            board[i] = 0
    # a disc of one's own colour left on the VOID is a liability at the end count
    for _, dst, col, _ in moved:
        if geo.void[dst] and board[dst]:
            gain -= 0.15 if col == me else -0.15
    return gain, moved


class GaussPolicy(Policy):
    """Medium's priors and playouts score each candidate by what it scores at once; hard
    plays six random placements from a leaf and values the position they reach by its
    counts (``gauss_value``)."""

    #: per level: overrides of the shared level settings and this policy's playout knobs
    tuning: ClassVar[dict[str, dict[str, Any]]] = {
        "easy": {"prior_weight": 0.3, "playout": {"greedy": 0}},
        "medium": {"prior_weight": 0.5, "playout": {"greedy": 3, "epsilon": 0.3}},
        # Against a plain UCT at equal time (0.2 s a move, 20 games) hard with these greedy
        # playouts and one-ply priors scored 0.35: they cost four scorings a ply and steer
        # the playouts wrongly. Uniform playouts 0.63, no prior 0.5, both 0.8; then the
        # exploration of UCB1 itself (1.4) 0.875 (0.5: 0.78, 0.7: 0.8, 1.0: 0.65, all
        # within the noise of 20 games). Medium keeps its greedy playouts: against easy
        # they are worth it (0.78).
        # Then RAVE (all moves as first, equivalence 500) with no UCB exploration term: a
        # placement's value is learned from every playout that made it, not only from the
        # ones through its node. Against the baseline at 0.5 s over 20 games: 0.80, where
        # the plain tree scored 0.725 over 40 (docs/ai.md has the full table).
        # Then (2026-11-25) no playouts: a leaf is valued by gauss_value, the counts' estimate
        # of what uniform playouts would say (horizon 0), about a thirtieth of a playout's
        # cost and far less noisy than one; and UCB exploration 0.25 (values that differ by
        # hundredths, some 60 placements, and a search that has to pick its candidates).
        # 40 games each against the baseline: 0.825 at 0.5 s, 0.775 at 1 s. RAVE went: with
        # these values it learnt only from the tree's own moves and never tried most root
        # moves (0.675 at 0.5 s); uniform playouts with exploration 0.25 scored 0.8375 and
        # 0.725 / 0.80 (docs/ai.md).
        # Then (2026-11-25, seventh session) six random placements before the value (horizon
        # 6): the value reads counts only, the placements let the shape of the board count
        # too. Half the value's simulations, twice those of whole playouts (at 0.5 s from
        # two positions: 640-720 against 1 400-1 500 and 280-380).
        # Against the baseline, 40 games a run: 0.863 / 0.875 at 0.5 s (seeds 11, 12) and
        # 0.725 / 0.813 / 0.863 / 0.875 at 1 s (seeds 11-14), 0.869 and 0.819 over all; the value
        # alone had scored 0.775 / 0.663 at 1 s with seeds 11, 12.
        "hard": {"prior_weight": 0.0, "exploration": 0.25, "playout": {"greedy": 0, "horizon": 6}},
    }

    def priors(self, state: G.State, moves: list[G.Move]) -> dict[Any, float]:
        geo = state.geo
        assert state.to_move is not None  # priors are asked of a running game
        me = G.CODE[state.to_move]
        out = {}
        for m in moves:
            board = list(state.board)
            gain, _ = _gauss_delta(geo, board, geo.index[m.cell], G.CODE[m.color], me)
            out[m] = 1.0 / (1.0 + math.exp(-gain))  # 0.5 neutral, ~1 scores, ~0 gives away
        return out

    def rollout_trace(self, state: G.State, rng: random.Random, knobs: dict[str, Any],
                      trace: list[tuple[str, Any]]) -> float:
        """A uniform playout (the rules' own) that lists its moves: RAVE's playouts. With the
        knob ``horizon`` the playout stops after that many placements (hard: 6) and the
        position is valued by ``gauss_value``."""
        horizon = knobs.get("horizon")
        if horizon is None:
            return self.result(G.GAUSS._playout(state, rng, trace).winner)
        return self._cut_playout(state, rng, trace, horizon)

    def _cut_playout(self, state: G.State, rng: random.Random, trace: list[tuple[str, Any]],
                     horizon: int) -> float:
        if horizon:
            state = G.GAUSS._playout(state, rng, trace, limit=horizon)
        if state.over:
            return self.result(state.winner)
        return gauss_value(state)

    def rollout(self, state: G.State, rng: random.Random, knobs: dict[str, Any]) -> float:
        k = knobs.get("greedy", 0)
        if not k:
            if knobs.get("horizon") is not None:
                return self._cut_playout(state, rng, [], knobs["horizon"])
            return super().rollout(state, rng, knobs)
        eps = knobs.get("epsilon", 0.2)
        if state.over:
            return self.result(state.winner)
        geo = state.geo
        board = list(state.board)
        supply = list(state.supply)
        gain, risk = list(state.gain), list(state.risk)
        void = geo.void
        gray = geo.gray_cells
        player = 0 if state.to_move == "red" else 1
        rand = rng.random
        while True:
            base = 2 * player
            empties = [i for i in gray if not board[i]]
            if not (supply[base] + supply[base + 1]) or not empties:
                break
            colours = [c for c in (1, 2) if supply[base + c - 1]]
            me = player + 1
            if rand() < eps:
                t = empties[int(rand() * len(empties))]
                c = colours[int(rand() * len(colours))]
            else:
                best = -1e9
                t = c = 0
                for _ in range(k):
                    tt = empties[int(rand() * len(empties))]
                    cc = colours[int(rand() * len(colours))]
                    trial = board[:]
                    g, _ = _gauss_delta(geo, trial, tt, cc, me)
                    if g > best:
                        best, t, c = g, tt, cc
            supply[base + c - 1] -= 1
            board[t] = c
            moved = G.slides(geo, board, t, c)
            starts = [t] + [m[1] for m in moved]
            for group in G.groups(geo, board, starts):
                col = board[group[0]] - 1
                for i in group:
                    if void[i]:
                        risk[col] += 1
                    else:
                        gain[col] += 1
                    board[i] = 0
            player ^= 1
        voids = (sum(1 for i, v in enumerate(board) if v == 1 and void[i]),
                 sum(1 for i, v in enumerate(board) if v == 2 and void[i]))
        _, winner, _ = G.final_scores((gain[0], gain[1]), (risk[0], risk[1]), voids)
        return self.result(winner)


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


# --- Sparks & Surges: material, IC safety, a cutoff evaluation ---------------------------------

VALUE = (0.0, 1.0, 1.5, 2.2, 0.0, 1.0, 1.5, 2.2, 0.0)  # by piece code: S U D I, white then black


def _sparks_eval(board: list[int], bb: list[int], c: int) -> float:
    """Result for white in [0, 1] of a running position with side ``c`` to move."""
    mat = 0.0
    for v in board:
        if v:
            mat += VALUE[v] if v <= 4 else -VALUE[v]
    # the side to move takes an IC next to its Degausser or IC
    for side in (c, 1 - c):
        enemy_ic = bb[5] & bb[1 - side]
        if enemy_ic:
            sq = enemy_ic.bit_length() - 1
            takers = (bb[side] & ~bb[2 + side] & ~bb[5]) | (bb[side] & bb[5])
            if S.KING_NEAR[sq] & takers:
                if side == c:
                    return 0.95 if side == 0 else 0.05
                mat += -1.5 if side == 1 else 1.5  # a threat the mover must answer
    return 1.0 / (1.0 + math.exp(-mat / 2.0))


class SparksPolicy(Policy):
    """Playouts that take the enemy IC when they can, prefer captures, keep their own
    IC out of reach, and stop after a few plies at a material evaluation."""

    #: per level: overrides of the shared level settings and this policy's playout knobs
    tuning: ClassVar[dict[str, dict[str, Any]]] = {
        "easy": {"prior_weight": 0.6, "playout": {"depth": 4, "tries": 1}},
        "medium": {"prior_weight": 1.0, "playout": {"depth": 6, "tries": 3}},
        "hard": {"prior_weight": 1.0, "playout": {"depth": 8, "tries": 3}},
    }

    def rollout(self, state: S.State, rng: random.Random, knobs: dict[str, Any]) -> float:
        if state.over:
            return self.result(state.winner)
        depth = knobs.get("depth", 8)
        tries = knobs.get("tries", 3)
        diag = state.gate_diagonals
        board = list(state.board)
        bb = S.bitboards(board)
        c = 0 if state.to_move == "white" else 1
        quiet = state.quiet_plies
        counts: dict[tuple[int, ...], int] = {}
        for key in state.history:
            counts[key] = counts.get(key, 0) + 1
        rand = rng.random
        KING = S.KING_NEAR
        for _ in range(depth):
            move = self._pick(board, bb, c, diag, rand, tries, KING)
            if move is None:
                move = self._pick(board, bb, 1 - c, diag, rand, tries, KING)
                if move is None:
                    return 0.5
                c = 1 - c
            f, t = move
            captured, gated, corner = S.resolve(board, bb, f, t, c, diag)
            key = tuple(bb)
            if captured or gated or corner:
                quiet = 0
                counts = {key: 1}
                verdict = S.decide(bb, True, 1, 0)
            else:
                quiet += 1
                repeats = counts[key] = counts.get(key, 0) + 1
                verdict = S.decide(bb, False, repeats, quiet)
            if verdict:
                return self.result(verdict[0])
            c = 1 - c
        return _sparks_eval(board, bb, c)

    @staticmethod
    def _pick(board: list[int], bb: list[int], c: int, diag: bool, rand: Any, tries: int,
              KING: tuple[int, ...]) -> tuple[int, int] | None:
        own, opp = bb[c], bb[1 - c]
        my_ic, opp_ic = own & bb[5], opp & bb[5]
        takers = (own & ~bb[2 + c] & ~bb[5]) | my_ic
        if opp_ic:
            sq = opp_ic.bit_length() - 1
            hit = KING[sq] & takers
            if hit:
                return (hit & -hit).bit_length() - 1, sq
        threats = (opp & ~bb[3 - c] & ~bb[5]) | opp_ic   # enemy Degaussers and IC
        ic_sq = my_ic.bit_length() - 1 if my_ic else -1
        danger = ic_sq >= 0 and bool(KING[ic_sq] & threats)
        n = tries * 3 if danger else tries
        best, best_score = None, -1e9
        for _ in range(n):
            mv = S.sample_move(board, bb, c, diag, rand)
            if mv is None:
                return None
            f, t = mv
            score = VALUE[board[t]] if board[t] else 0.0
            if t in S.CORNERS:
                score -= VALUE[board[f]] + 0.5
            if ic_sq >= 0:
                sq = t if f == ic_sq else ic_sq
                if KING[sq] & threats & ~S.BIT[t]:
                    score -= 5.0
            if score > best_score:
                best, best_score = mv, score
                if score > 0 and not danger:
                    break
        return best

    def priors(self, state: S.State, moves: list[S.Move]) -> dict[Any, float]:
        if state.offered_by is not None:  # the answers to a draw offer: the search weighs them
            return {}
        board0 = state.board
        diag = state.gate_diagonals
        c = 0 if state.to_move == "white" else 1
        bb0 = S.bitboards(board0)
        sign = 1.0 if c == 0 else -1.0
        base = sum((VALUE[v] if v <= 4 else -VALUE[v]) for v in board0 if v)
        out = {}
        for m in moves:
            board = list(board0)
            bb = list(bb0)
            S.resolve(board, bb, S.SQ[m.frm], S.SQ[m.to], c, diag)
            if not bb[5] & bb[1 - c] and bb[5] & bb[c]:
                out[m] = 1.0
                continue
            if not bb[5] & bb[c]:
                out[m] = 0.0
                continue
            mat = sum((VALUE[v] if v <= 4 else -VALUE[v]) for v in board if v)
            gain = sign * (mat - base)
            # an own IC left next to an enemy Degausser or the enemy IC is lost next move
            ic = (bb[5] & bb[c]).bit_length() - 1
            threats = (bb[1 - c] & ~bb[3 - c] & ~bb[5]) | (bb[1 - c] & bb[5])
            if S.KING_NEAR[ic] & threats:
                gain -= 6.0
            out[m] = 1.0 / (1.0 + math.exp(-gain))
        return out


# --- The Improbable: the exact expected value of stopping ------------------------------------


@lru_cache(maxsize=1 << 16)
def turn_value(aside: frozenset[int], full: frozenset[int], end_value: float) -> float:
    """The best expected number of length units this turn banks from here, rolling
    on optimally: 6 faces, a face already aside busts (0), a face whose three stones
    all lie in the row ends the game (``end_value``), else it is set aside."""
    stop = float(sum(aside)) if aside else -math.inf
    roll = 0.0
    for v in range(1, 7):
        if v in aside:
            continue
        if v in full:
            roll += end_value
        else:
            roll += turn_value(aside | {v}, full, end_value)
    roll /= 6.0
    return max(stop, roll)


def improbable_roll_gain(state: IM.State, end_weight: float = 25.0) -> tuple[float, float]:
    """``(value of stopping now, value of rolling on)`` for the player to move, in length units.

    Ending the game counts ``end_weight`` units times the sign of the mover's lead
    (the stones aside are lost then).
    """
    p = IM.PLAYERS.index(state.to_move)
    row = state.rows[p]
    full = frozenset(v for v in range(1, 7) if row.count(v) >= IM.COPIES)
    lead = sum(row) - sum(state.rows[1 - p])
    end = end_weight * ((lead > 0) - (lead < 0))
    aside = frozenset(state.aside)
    stop = float(sum(aside)) if aside else -math.inf
    roll = 0.0
    for v in range(1, 7):
        if v in aside:
            continue
        roll += end if v in full else turn_value(aside | {v}, full, end)
    return stop, roll / 6.0


class ImprobablePolicy(Policy):
    """Rolls are chance nodes over the six faces; playouts roll their own dice and stop
    when the turn's dynamic program says stopping is worth more than rolling on."""

    #: per level: overrides of the shared level settings and this policy's playout knobs
    tuning: ClassVar[dict[str, dict[str, Any]]] = {
        "easy": {"prior_weight": 0.0, "temperature": 0.08, "playout": {"noise": 6.0}},
        "medium": {"prior_weight": 2.0, "playout": {"noise": 2.0}},
        "hard": {"prior_weight": 5.0, "exploration": 0.5, "playout": {"noise": 0.0}},
    }

    def moves(self, state: IM.State, knobs: dict[str, Any] | None = None) -> list[IM.Move]:
        return list(self.game.legal_moves(state))

    def priors(self, state: IM.State, moves: list[IM.Move]) -> dict[Any, float]:
        if len(moves) < 2:
            return {}
        stop, roll = improbable_roll_gain(state)
        d = max(-4.0, min(4.0, roll - stop))
        r = 1.0 / (1.0 + math.exp(-d))
        return {IM.ROLL: r, IM.STOP: 1.0 - r}

    def rollout(self, state: IM.State, rng: random.Random, knobs: dict[str, Any]) -> float:
        if state.over:
            return self.result(state.winner)
        noise = knobs.get("noise", 0.0)
        end_weight = knobs.get("end_weight", 25.0)
        rand = rng.random
        rows = [list(state.rows[0]), list(state.rows[1])]
        counts = [[0] * 7, [0] * 7]
        for q in (0, 1):
            for v in rows[q]:
                counts[q][v] += 1
        length = [sum(rows[0]), sum(rows[1])]
        aside = list(state.aside)
        p = IM.PLAYERS.index(state.to_move)
        for _ in range(10000):
            if aside:
                full = frozenset(v for v in range(1, 7) if counts[p][v] >= 3)
                lead = length[p] - length[1 - p]
                end = end_weight * ((lead > 0) - (lead < 0))
                fa = frozenset(aside)
                stop = float(sum(fa))
                roll = 0.0
                for v in range(1, 7):
                    if v not in fa:
                        roll += end if v in full else turn_value(fa | {v}, full, end)
                roll /= 6.0
                if noise:
                    roll += (rand() - 0.5) * noise
                if stop >= roll:
                    for v in aside:
                        counts[p][v] += 1
                    length[p] += int(stop)
                    aside = []
                    p ^= 1
                    continue
            v = 1 + int(rand() * 6)
            if v in aside:
                aside = []
                p ^= 1
            elif counts[p][v] >= 3:
                break
            else:
                aside.append(v)
        if length[0] == length[1]:
            return 0.5
        return 1.0 if length[0] > length[1] else 0.0


# --- The Great Order: one move per class, connections delayed, arrangement chosen -----------------


#: Arrangements best first, each with its score (win 1, draw 1/2) over 300 random valid
#: opposing arrangements x both start players, both sides then placing perfectly
#: (``order_value``; a random arrangement scores 0.5 on average, from about 0.15 to 0.95).
#: Found offline (docs/ai.md): 2000 random arrangements scored against 20 opposing ones,
#: the best 120 against 150 others; the best 6 improved by swapping pairs of stones
#: against 30 others; all scored here against 300 fresh ones. Reversing an arrangement
#: changes nothing (left and right ends are alike). The levels pick among the first
#: ``book`` of them.
ORDER_BOOK = (
    "421245353531421",  # 0.948
    "141415253253234",  # 0.942
    "232315145454123",  # 0.935
    "241243535354121",  # 0.931
    "232145454151323",  # 0.931
    "232315415454123",  # 0.930
    "132323514545412",  # 0.921
    "141415353253242",  # 0.918
    "241254353531241",  # 0.915
    "132321541545432",  # 0.900
    "241243535345121",  # 0.897
    "424125151532343",  # 0.896
    "432452545131213",  # 0.894
    "212323154545413",  # 0.891
    "321243545254131",  # 0.887
    "212145454351323",  # 0.885
    "124125325354143",  # 0.883
    "313454254532121",  # 0.882
    "213135452452134",  # 0.881
    "414351515232432",  # 0.879
    "142135425251343",  # 0.870
    "253234545412131",  # 0.867
    "243125152543431",  # 0.866
    "123134535152424",  # 0.864
)


class SolveTimeout(Exception):
    """The exact solve ran out of its time."""


#: exact values of Great Order positions, shared by every search (cleared when full: one game
#: needs about 10 000 entries)
ORDER_MEMO: dict[bytes, int] = {}
ORDER_MEMO_MAX = 100_000


def _order_can(coll: tuple[int, ...], opp_lone: tuple[int, ...], empty: int) -> bool:
    """Whether a player holding ``coll`` can place: an end stone connects, or a column is empty."""
    if not coll:
        return False
    if empty:
        return True
    x, y = coll[0], coll[-1]
    w = O.WIDTH
    return (x != w and opp_lone[w - x - 1] > 0) or (y != w and opp_lone[w - y - 1] > 0)


def order_abstract(state: O.State) -> tuple:
    """A play-phase position as ``(coll0, coll1, lone0, lone1, empty, chain, p)``: columns never
    interact, so the board is only how many columns are empty and, per player and length
    1–4, how many columns hold that player's stone alone (a 5 fills its column)."""
    lone = [[0] * 4, [0] * 4]
    empty = 0
    a, b = state.columns
    for x, y in zip(a, b, strict=True):
        if not x and not y:
            empty += 1
        elif x and not y and x != O.WIDTH:
            lone[0][x - 1] += 1
        elif y and not x and y != O.WIDTH:
            lone[1][y - 1] += 1
    return (state.collections[0], state.collections[1], tuple(lone[0]), tuple(lone[1]), empty,
            state.chain, O.PLAYERS.index(state.to_move))


def order_children(pos: tuple) -> list[tuple[int, int, tuple | None, int]]:
    """The placements from ``pos``: ``(end, points, next position or None at the end,
    player)``; ``end`` 0 left, 1 right; ``points`` are scored now by the mover
    (a turn that ends), ``player`` is the mover."""
    colls0, colls1, l0, l1, empty, chain, p = pos
    colls = (colls0, colls1)
    lone = (l0, l1)
    coll = colls[p]
    out: list[tuple[int, int, tuple[Any, ...] | None, int]] = []
    for end in ((0, 1) if len(coll) > 1 else (0,)):
        x = coll[0] if end == 0 else coll[-1]
        rest = coll[1:] if end == 0 else coll[:-1]
        nl = [list(l0), list(l1)]
        ne = empty
        if x != O.WIDTH and lone[1 - p][O.WIDTH - x - 1]:
            nl[1 - p][O.WIDTH - x - 1] -= 1
            con = True
        elif empty:
            ne -= 1
            con = x == O.WIDTH
            if not con:
                nl[p][x - 1] += 1
        else:
            continue
        t0, t1 = tuple(nl[0]), tuple(nl[1])
        nc = (rest, colls1) if p == 0 else (colls0, rest)
        tl = (t0, t1)
        if con and _order_can(rest, tl[1 - p], ne):
            out.append((end, 0, (nc[0], nc[1], t0, t1, ne, chain + 1, p), p))
            continue
        c = chain + 1 if con else chain
        points = c * (c + 1) // 2
        nxt = None
        for m in (1 - p, p):
            if _order_can(nc[m], tl[1 - m], ne):
                nxt = m
                break
        out.append((end, points, None if nxt is None else (nc[0], nc[1], t0, t1, ne, 0, nxt), p))
    return out


def order_value(pos: tuple, deadline: float = math.inf) -> int:
    """The exact final score difference (blue minus brown) still to come from ``pos``
    with best play by both (plain minimax over which end, memoised in ``ORDER_MEMO``).
    Raises :class:`SolveTimeout` after ``deadline`` (``time.perf_counter``); what was
    solved stays memoised."""
    memo = ORDER_MEMO
    if len(memo) > ORDER_MEMO_MAX:
        memo.clear()
    clock = time.perf_counter
    count = [0]

    def value(q: tuple) -> int:
        # a bytes key: the garbage collector does not track it (a big memo of nested
        # tuples made every full collection walk it: a pause of 0.1 s and more)
        key = bytes(q[0]) + b"\t" + bytes(q[1]) + bytes((9, *q[2], *q[3], q[4], q[5], q[6]))
        v = memo.get(key)
        if v is not None:
            return v
        count[0] += 1
        if not count[0] & 255 and clock() > deadline:
            raise SolveTimeout
        best = None
        mover = q[6]
        for _, points, nxt, p in order_children(q):
            v = (points if p == 0 else -points) + (value(nxt) if nxt is not None else 0)
            if best is None or (v > best if mover == 0 else v < best):
                best = v
        assert best is not None  # a position value() is given has a move (order_children)
        memo[key] = best
        return best

    return value(pos)



class OrderPolicy(Policy):
    """Columns never interact, so every empty column is the same move and so is every
    column a stone completes: a placement is really just *which end*. Playouts avoid
    handing the opponent a connection their end stones can take."""

    #: per level: overrides of the shared level settings and this policy's playout knobs
    tuning: ClassVar[dict[str, dict[str, Any]]] = {
        "easy": {"prior_weight": 0.0, "temperature": 0.15, "playout": {"epsilon": 1.0, "arrange_tries": 1}},
        "medium": {"prior_weight": 0.0, "playout": {"epsilon": 0.3, "book": 24}},
        "hard": {"prior_weight": 0.0, "playout": {"epsilon": 0.2, "book": 8, "exact": True}},
    }

    def moves(self, state: O.State, knobs: dict[str, Any] | None = None) -> list[O.Move]:
        seen = set()
        out = []
        p = O.PLAYERS.index(state.to_move)
        own, opp, coll = state.columns[p], state.columns[1 - p], state.collections[p]
        for m in self.game.legal_moves(state):
            x = coll[0] if m.end == "left" else coll[-1]
            key = (x, own[m.column], opp[m.column], len(coll) == 1 or m.end)
            if key in seen:
                continue
            seen.add(key)
            out.append(m)
        return out

    def direct(self, state: O.State, rng: random.Random, knobs: dict[str, Any]) -> Any:
        if state.phase != "arrange" or state.over:
            return None
        book = knobs.get("book", 0)
        if book:
            # one of the ``book`` best arrangements of ORDER_BOOK, read either way round
            lengths = tuple(int(c) for c in ORDER_BOOK[int(rng.random() * min(book, len(ORDER_BOOK)))])
            return O.Arrange(lengths[::-1] if rng.random() < 0.5 else lengths)
        tries = knobs.get("arrange_tries", 1)
        games = knobs.get("arrange_games", 0)
        cands = [O.random_arrangement(rng) for _ in range(max(1, tries))]
        if len(cands) == 1 or not games:
            return O.Arrange(cands[0])
        me = O.PLAYERS.index(state.to_move)
        best, best_score = cands[0], -1.0
        seconds = knobs.get("seconds")
        deadline = math.inf if seconds is None else time.perf_counter() + 0.8 * seconds
        for cand in cands:
            if time.perf_counter() > deadline:
                break
            score = 0.0
            for _ in range(games):
                other = O.random_arrangement(rng)
                colls = (cand, other) if me == 0 else (other, cand)
                first = O.PLAYERS[int(rng.random() * 2)]
                s = O.State(level=state.level, phase="play", collections=colls, columns=state.columns,
                            score=(0, 0), chain=0, first=first, to_move=first, winner=None, seed=state.seed)
                r = self.rollout(s, rng, knobs)
                score += r if me == 0 else 1.0 - r
            if score > best_score:
                best, best_score = cand, score
        return O.Arrange(best)

    def exact(self, state: O.State, knobs: dict[str, Any], deadline: float) -> tuple[bool, Any]:
        """With the knob ``exact``: a move that wins against best play, found by solving the
        placements exactly (``order_value``); None when no move wins."""
        if not knobs.get("exact") or state.over or state.phase != "play":
            return True, None
        try:
            return True, self.winning_move(state, deadline)
        except SolveTimeout:
            return False, None

    @staticmethod
    def exact_values(state: O.State, deadline: float = math.inf) -> list[tuple[O.Move, int]]:
        """Every end the player to move can take, as a legal move, with the exact final
        score difference (mover minus opponent) it leads to with best play by both."""
        pos = order_abstract(state)
        p = pos[6]
        base = state.score[0] - state.score[1]
        own, opp = state.columns[p], state.columns[1 - p]
        coll = state.collections[p]
        out = []
        for end, points, nxt, _ in order_children(pos):
            rest = order_value(nxt, deadline) if nxt is not None else 0
            v = base + (points if p == 0 else -points) + rest
            x = coll[0] if end == 0 else coll[-1]
            column = O.placements(own, opp, x)[0][0]
            out.append((O.Move("left" if end == 0 else "right", column), v if p == 0 else -v))
        return out

    def winning_move(self, state: O.State, deadline: float = math.inf) -> O.Move | None:
        """The move that wins by the most against best play, or None when no move wins
        (the search then looks for the best practical chance)."""
        values = self.exact_values(state, deadline)
        best = max(values, key=lambda mv: mv[1], default=None)
        return best[0] if best is not None and best[1] > 0 else None

    def rollout(self, state: O.State, rng: random.Random, knobs: dict[str, Any]) -> float:
        eps = knobs.get("epsilon", 1.0)
        if eps >= 1.0 or state.over:
            return self.result(self.game.random_playout(state, rng).winner) if not state.over \
                else self.result(state.winner)
        rand = rng.random
        cols = [list(state.columns[0]), list(state.columns[1])]
        colls = [list(state.collections[0]), list(state.collections[1])]
        score = list(state.score)
        chain = state.chain
        p = O.PLAYERS.index(state.to_move)
        passes = 0
        W = O.WIDTH
        while colls[0] or colls[1]:
            own, opp, coll = cols[p], cols[1 - p], colls[p]
            opts = []
            if coll:
                tl, cl = O.placements(own, opp, coll[0])
                if tl:
                    opts.append((0, tl, cl, coll[0]))
                if len(coll) > 1:
                    tr, cr = O.placements(own, opp, coll[-1])
                    if tr:
                        opts.append((1, tr, cr, coll[-1]))
            if not opts:
                if chain:
                    score[p] += chain * (chain + 1) // 2
                    chain = 0
                else:
                    passes += 1
                    if passes == 2:
                        break
                p = 1 - p
                continue
            passes = 0
            if len(opts) == 1 or rand() < eps:
                side, targets, connects, x = opts[int(rand() * len(opts))]
            else:
                # connect when possible; else do not offer the opponent's end stones a connection
                oc = colls[1 - p]
                ends = (oc[0], oc[-1]) if oc else ()
                best = None
                best_s = -9.0
                for o in opts:
                    _, _, con, x = o
                    s = 2.0 if con else (-1.0 if x != W and (W - x) in ends else 0.0)
                    s += rand() * 0.1
                    if s > best_s:
                        best, best_s = o, s
                # opts is not empty and every score beats -9: best is one of them
                side, targets, connects, x = best  # type: ignore[misc]
            col = targets[int(rand() * len(targets))]
            own[col] = coll.pop(0) if side == 0 else coll.pop()
            if connects:
                chain += 1
            else:
                if chain:
                    score[p] += chain * (chain + 1) // 2
                    chain = 0
                p = 1 - p
        if chain:
            score[p] += chain * (chain + 1) // 2
        if score[0] == score[1]:
            return 0.5
        return 1.0 if score[0] > score[1] else 0.0


def for_game(game: Game, kind: type[Policy] | None = None) -> Policy:
    """A policy of ``kind`` for ``game`` (the game record's ``policy``; uniform playouts
    when none is given)."""
    return (kind or Policy)(game)
