"""The rules engines of the five games (pure Python, no pygame).

Each module holds one game's rules as a :class:`~game.rules.core.Game` object
(``gauss.GAUSS``, ``rush.RUSH``, ...); :mod:`game.catalogue` lists the games.
"""
from __future__ import annotations

from .core import Game, RulesError

__all__ = ["Game", "RulesError"]
