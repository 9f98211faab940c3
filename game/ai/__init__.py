"""The computer opponent: Monte Carlo tree search over the rules API (no pygame here).

``choose_move(game, state, level, time_ms=None, rng=None)`` returns a move;
``Thinker(game, state, level).step(seconds)`` runs the same search in time slices
for a UI. See docs/ai.md.
"""
from __future__ import annotations

from .levels import LEVELS, settings
from .mcts import Search, Settings
from .player import Thinker, choose_move

__all__ = ["LEVELS", "Search", "Settings", "Thinker", "choose_move", "settings"]
