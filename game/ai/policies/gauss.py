"""GAUSS: a value of a position fitted to random playouts, a greedy scorer, cut playouts."""
from __future__ import annotations

import math
import random
from typing import Any, ClassVar

from ...rules import gauss as G
from .base import Policy

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
