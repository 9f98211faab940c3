"""The Improbable: the exact expected value of stopping."""
from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any, ClassVar

from ...rules import improbable as IM
from .base import Policy

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
