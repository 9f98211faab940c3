"""Sparks & Surges: material, IC safety, a cutoff evaluation."""
from __future__ import annotations

import math
import random
from typing import Any, ClassVar

from ...rules import sparks as S
from .base import Policy

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
