"""Level settings: one search, three budgets and personalities.

A level is a think-time budget plus settings for the same search, never a different
algorithm: ``easy`` thinks briefly, uses plainer playouts and picks among
good-but-not-best moves (a softmax "temperature" over the moves' values, the
kind of slip a casual player makes); ``medium`` thinks longer with a small
temperature; ``hard`` thinks about a second and always plays its best move.
Proven wins are played at every level.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from .mcts import Settings

LEVELS = ("easy", "medium", "hard")

#: shared by every game: (seconds, exploration, temperature, min_share)
BASE: dict[str, dict[str, Any]] = {
    "easy": {"seconds": 0.15, "exploration": 1.0, "temperature": 0.06, "min_share": 0.03},
    "medium": {"seconds": 0.4, "exploration": 0.8, "temperature": 0.015, "min_share": 0.1},
    "hard": {"seconds": 0.9, "exploration": 0.7, "temperature": 0.0, "min_share": 0.1},
}

#: per game and level: overrides of BASE, and the policy's playout knobs
GAME: dict[str, dict[str, dict[str, Any]]] = {
    "gauss": {
        "easy": {"prior_weight": 0.3, "playout": {"greedy": 0}},
        "medium": {"prior_weight": 0.5, "playout": {"greedy": 3, "epsilon": 0.3}},
        "hard": {"prior_weight": 0.5, "playout": {"greedy": 4, "epsilon": 0.2}},
    },
    "rush": {
        "easy": {"prior_weight": 0.4},
        "medium": {"prior_weight": 1.0},
        "hard": {"prior_weight": 1.0},
    },
    "sparks": {
        "easy": {"prior_weight": 0.6, "playout": {"depth": 4, "tries": 1}},
        "medium": {"prior_weight": 1.0, "playout": {"depth": 6, "tries": 3}},
        "hard": {"prior_weight": 1.0, "playout": {"depth": 8, "tries": 3}},
    },
    "improbable": {
        "easy": {"prior_weight": 0.0, "temperature": 0.08, "playout": {"noise": 6.0}},
        "medium": {"prior_weight": 2.0, "playout": {"noise": 2.0}},
        "hard": {"prior_weight": 5.0, "exploration": 0.5, "playout": {"noise": 0.0}},
    },
    "order": {
        "easy": {"prior_weight": 0.0, "temperature": 0.15, "playout": {"epsilon": 1.0, "arrange_tries": 1}},
        "medium": {"prior_weight": 0.0, "playout": {"epsilon": 0.3, "book": 24}},
        "hard": {"prior_weight": 0.0, "playout": {"epsilon": 0.2, "book": 8, "exact": True}},
    },
}


def settings(game_id: str, level: str, time_ms: int | None = None, iterations: int | None = None,
             time_scale: float = 1.0) -> Settings:
    """The search settings of ``level`` for ``game_id``.

    ``time_ms`` caps the think time (it never raises the level's budget);
    ``time_scale`` multiplies the budget (the arena's quick runs); ``iterations``
    replaces the clock by a fixed number of simulations (reproducible tests).
    """
    if level not in LEVELS:
        raise ValueError(f"The level must be one of {', '.join(LEVELS)}, not {level!r}.")
    data = {**BASE[level], **GAME.get(game_id, {}).get(level, {})}
    s = Settings(**data)
    seconds = s.seconds * time_scale
    if time_ms is not None:
        # a margin for the last simulation and the answer itself
        seconds = min(seconds, max(0.0, 0.85 * time_ms / 1000.0 - 0.002))
    return replace(s, seconds=seconds, iterations=iterations)
