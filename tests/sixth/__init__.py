"""Corners, the sixth game that lives in tests/: registered for the whole test session by
``tests/conftest.py`` (and by the drivers the tests start as processes), through the path
docs/architecture.md ("Adding a sixth game") describes, so that every generic part of the
arcade (the screens, the AI, saves, the arcade, the engine protocol) meets a game it was not
written for, and no test or screen can assume five games.

Its player-visible words are marked with ``N_``/``_`` like any game's, but they are not in
the shipped catalogues (``game/locale``): a fixture that no player sees gives translators
no work, and ``python -m game.i18n extract`` reads ``game/`` only. In German its words show in
English; the fit tests still measure them.
"""
from __future__ import annotations

from pathlib import Path

from game import catalogue
from game.i18n import N_

from .policy import CornersPolicy
from .rules import CORNERS

ROOT = Path(__file__).resolve().parent

RECORD = catalogue.GameRecord(
    id="corners", title=N_("Corners"), name=N_("Corners"),
    blurb=N_("A test game: place stones apart; a corner stone places again."),
    rules=CORNERS, policy=CornersPolicy, sides=catalogue.make_sides("red", "blue"),
    scene="sixth.scene:CornersScene", diagrams="sixth.kit:CornersDiagrams",
    notation=N_("b2: a stone on b2; the stones of one turn are listed together."),
    score_name=N_("Stones"),
    builtin_level={"format": 1, "game": "corners", "name": "classic", "title": "Classic", "order": 1,
                   "description": "4×4 cells.", "size": 4},
    root=ROOT)


def register() -> None:
    """Add Corners to the catalogue (again: nothing changes)."""
    catalogue.register(RECORD)
