"""The rules engines of the five games, by game id (pure Python, no pygame).

``get(game_id)`` returns the game's :class:`~game.rules.core.Game`; games whose
engine is not built yet raise :class:`NotAvailable` with a clear message.
"""
from __future__ import annotations

import importlib

from .core import Game, RulesError

#: every game of the arcade, in menu order: id -> (title, module, object name)
CATALOGUE: dict[str, tuple[str, str, str]] = {
    "gauss": ("GAUSS — magnetic duel", "gauss", "GAUSS"),
    "rush": ("Rush", "rush", "RUSH"),
    "sparks": ("Gauss: Sparks & Surges", "sparks", "SPARKS"),
    "improbable": ("The Improbable", "improbable", "IMPROBABLE"),
    "order": ("The Great Order", "order", "ORDER"),
}
GAME_IDS = tuple(CATALOGUE)


class NotAvailable(RulesError):
    """A game of the catalogue whose engine is not built yet."""


def available(game_id: str) -> bool:
    try:
        get(game_id)
    except NotAvailable:
        return False
    return True


def get(game_id: str) -> Game:
    if game_id not in CATALOGUE:
        raise RulesError(f"Unknown game '{game_id}'; the games are {', '.join(GAME_IDS)}.")
    title, module, name = CATALOGUE[game_id]
    try:
        mod = importlib.import_module(f"{__name__}.{module}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{module}":
            raise
        raise NotAvailable(f"{title} is not available yet.") from None
    return getattr(mod, name)
