"""Level settings: one search, three budgets and personalities.

A level is a think-time budget plus settings for the same search, never a different
algorithm: ``easy`` thinks briefly, uses plainer playouts and picks among
good-but-not-best moves (a softmax "temperature" over the moves' values, the
kind of slip a casual player makes); ``medium`` thinks longer with a small
temperature; ``hard`` thinks about a second and always plays its best move.
Proven wins are played at every level. Each game's own overrides live on its policy
(``Policy.tuning``), which the game's record names.
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

def settings(level: str, time_ms: int | None = None, iterations: int | None = None,
             time_scale: float = 1.0, tuning: dict[str, dict[str, Any]] | None = None) -> Settings:
    """The search settings of ``level`` under a game's ``tuning`` (its policy's
    ``Policy.tuning``: per level, overrides of BASE and the policy's playout knobs).

    ``time_ms`` caps the think time (it never raises the level's budget);
    ``time_scale`` multiplies the budget (the arena's quick runs); ``iterations``
    replaces the clock by a fixed number of simulations (reproducible tests).
    """
    if level not in LEVELS:
        raise ValueError(f"The level must be one of {', '.join(LEVELS)}, not {level!r}.")
    data = {**BASE[level], **(tuning or {}).get(level, {})}
    s = Settings(**data)
    seconds = s.seconds * time_scale
    if time_ms is not None:
        # a margin for the last simulation and the answer itself
        seconds = min(seconds, max(0.0, 0.85 * time_ms / 1000.0 - 0.002))
    return replace(s, seconds=seconds, iterations=iterations)
