"""The arcade ladder: in each game, beat the computer at easy, then medium, then hard.

Progress is kept in ``ladder.json`` in the user's folder: per game, the rungs beaten and
the ladder games played (a climb's length goes to the hall of fame). A ladder game has
no hints and no take-backs. A damaged file counts as no progress and is set aside (never
deleted) when progress is next written; a folder that cannot be written keeps the
progress for this run.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from .. import catalogue
from ..persistence import storage

log = logging.getLogger("gauss_arcade")

FILE = "ladder.json"
FORMAT = 1
MAX_BYTES = 64_000
RUNGS = ("easy", "medium", "hard")

#: what this run knows, when the folder cannot be written
_unsaved: dict[str, Progress] = {}


@dataclass
class Progress:
    """One game's climb: the rungs beaten (in order) and the ladder games played."""

    beaten: list[str] = field(default_factory=list)
    games: int = 0

    @property
    def rung(self) -> str:
        """The level to beat next (hard again once the ladder is climbed)."""
        for level in RUNGS:
            if level not in self.beaten:
                return level
        return RUNGS[-1]

    @property
    def climbed(self) -> bool:
        return all(level in self.beaten for level in RUNGS)


def _parse(data: dict[str, Any] | None) -> dict[str, Progress]:
    out: dict[str, Progress] = {}
    games = data.get("games") if isinstance(data, dict) else None
    if not isinstance(games, dict):
        return out
    for game, entry in games.items():
        if game not in catalogue.RECORDS or not isinstance(entry, dict):
            continue
        beaten = entry.get("beaten")
        played = entry.get("games")
        out[game] = Progress(
            [level for level in RUNGS if isinstance(beaten, list) and level in beaten],
            played if storage.is_whole(played) and 0 <= played <= 1_000_000 else 0)
    return out


def progress() -> dict[str, Progress]:
    """game id -> its climb (games never played on the ladder are missing)."""
    data, _problem = storage.load_json(storage.progress_home() / FILE, FORMAT, MAX_BYTES)
    return {**_parse(data), **_unsaved}


def of(game: str) -> Progress:
    return progress().get(game, Progress())


def _json(all_progress: dict[str, Progress]) -> dict[str, Any]:
    return {"format": FORMAT, "games": {g: {"beaten": p.beaten, "games": p.games}
                                        for g, p in all_progress.items()}}


def finished(game: str, rung: str, won: bool) -> tuple[Progress, str | None]:
    """A ladder game against ``rung`` ended: count it, and on a win mark the rung beaten.
    Returns the climb now and what the win unlocked: the next level, ``"top"`` when the
    ladder was climbed just now, or None (a loss, or a rung beaten before).

    Counted on the file as it is now, under the user folder's lock: a game another
    instance of the game counted meanwhile stays counted (``storage.update_json``)."""
    outcome: list[tuple[Progress, str | None]] = []

    def count(data: dict[str, Any] | None) -> dict[str, Any]:
        everything = {**_parse(data), **_unsaved}
        climb = everything.setdefault(game, Progress())
        climb.games += 1
        unlocked = None
        if won and rung in RUNGS and rung not in climb.beaten:
            climb.beaten = [level for level in RUNGS if level in climb.beaten or level == rung]
            unlocked = "top" if climb.climbed else climb.rung
        outcome[:] = [(climb, unlocked)]
        return _json(everything)

    try:
        storage.update_json(storage.progress_home() / FILE, "ladder", FORMAT, MAX_BYTES, count)
        _unsaved.clear()
    except OSError as exc:
        log.warning("Ladder progress not saved (%s); kept for this run.", storage.reason_of(exc))
        if not outcome:  # the file could not even be read as it is: this run's own count
            count(storage.load_json(storage.progress_home() / FILE, FORMAT, MAX_BYTES)[0])
        _unsaved[game] = outcome[0][0]
    return outcome[0]
