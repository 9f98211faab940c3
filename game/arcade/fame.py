"""The hall of fame: per game, the best results, each with three-letter initials.

Three tables a game: ladder climbs (fewest ladder games to beat easy, medium and hard),
the widest wins against the hard computer (no hints, no take-backs) and puzzle streaks
(puzzles solved in a row without a wrong move). Each keeps its best :data:`KEEP`; a
result enters when it beats the last of them (an equal one does not push an older one
out). Kept in ``fame.json`` in the user's folder, written atomically; a damaged file
counts as empty and is set aside when the hall is next written. The kiosk operator can
clear it (the file is set aside, not deleted).
"""
from __future__ import annotations

import logging
import string
import time
from dataclasses import dataclass
from typing import Any

from .. import catalogue
from ..i18n import N_
from ..persistence import storage

log = logging.getLogger("gauss_arcade")

FILE = "fame.json"
FORMAT = 1
MAX_BYTES = 256_000
KEEP = 5
#: the letters initials are made of, in the order the D-pad steps through them
LETTERS = string.ascii_uppercase + string.digits + " "


@dataclass(frozen=True)
class Table:
    kind: str
    title: str  # English, marked: shown as _(title)
    unit: str  # the value in words, with {value}: shown as _(unit).format(value=...)
    higher_is_better: bool


TABLES = (
    Table("ladder", N_("Ladder climbs"), N_("{value} games"), False),
    Table("margin", N_("Widest wins against hard"), N_("by {value}"), True),
    Table("streak", N_("Puzzle streaks"), N_("{value} in a row"), True),
)
KINDS = tuple(t.kind for t in TABLES)


@dataclass(frozen=True)
class Entry:
    initials: str
    value: int
    date: str  # YYYY-MM-DD


def table(kind: str) -> Table:
    return next(t for t in TABLES if t.kind == kind)


def valid_initials(text: Any) -> bool:
    return isinstance(text, str) and len(text) == 3 and all(c in LETTERS for c in text) and text.strip() != ""


def _parse(data: dict[str, Any] | None) -> dict[str, dict[str, list[Entry]]]:
    out: dict[str, dict[str, list[Entry]]] = {}
    games = data.get("games") if isinstance(data, dict) else None
    if not isinstance(games, dict):
        return out
    for game, tables in games.items():
        if game not in catalogue.RECORDS or not isinstance(tables, dict):
            continue
        for kind, rows in tables.items():
            if kind not in KINDS or not isinstance(rows, list):
                continue
            good = [Entry(r["initials"], r["value"], r["date"]) for r in rows[:KEEP]
                    if isinstance(r, dict) and valid_initials(r.get("initials"))
                    and storage.is_whole(r.get("value")) and 0 <= r["value"] <= 1_000_000
                    and storage.fits(r.get("date"), storage.Text(10))]
            out.setdefault(game, {})[kind] = _ranked(kind, good)
    return out


def _ranked(kind: str, entries: list[Entry]) -> list[Entry]:
    """Best first; among equals the older stays ahead (a stable sort keeps the order)."""
    sign = -1 if table(kind).higher_is_better else 1
    return sorted(entries, key=lambda e: sign * e.value)[:KEEP]


def hall() -> dict[str, dict[str, list[Entry]]]:
    """game id -> table kind -> its entries, best first (only reads)."""
    data, _problem = storage.load_json(storage.home() / FILE, FORMAT, MAX_BYTES)
    return _parse(data)


def entries(game: str, kind: str) -> list[Entry]:
    return hall().get(game, {}).get(kind, [])


def has_any() -> bool:
    return any(rows for tables in hall().values() for rows in tables.values())


def qualifies(game: str, kind: str, value: int) -> bool:
    """Whether ``value`` would enter ``game``'s table of ``kind``."""
    rows = entries(game, kind)
    if len(rows) < KEEP:
        return True
    last = rows[-1].value
    return value > last if table(kind).higher_is_better else value < last


def add(game: str, kind: str, initials: str, value: int) -> int:
    """Enter a result; its place in the table (1 = best), or 0 if it did not enter.
    OSError when the hall cannot be written (the caller says so)."""
    if not valid_initials(initials):
        raise ValueError(f"bad initials {initials!r}")
    entry = Entry(initials, value, time.strftime("%Y-%m-%d"))
    place: list[int] = []

    def enter(data: dict[str, Any] | None) -> dict[str, Any]:
        # the hall as it is now (another instance of the game may have entered a result
        # meanwhile: ``storage.update_json`` reads it under the folder's lock)
        everything = _parse(data)
        rows = everything.setdefault(game, {}).setdefault(kind, [])
        ranked = _ranked(kind, [*rows, entry])
        place[:] = [ranked.index(entry) + 1 if entry in ranked else 0]
        everything[game][kind] = ranked
        return {"format": FORMAT, "games": {
            g: {k: [e.__dict__ for e in rows] for k, rows in tables.items()}
            for g, tables in everything.items()}}

    storage.update_json(storage.home() / FILE, "hall of fame", FORMAT, MAX_BYTES, enter)
    return place[0]


def clear() -> bool:
    """Empty the hall (the operator's choice): the file is set aside, never deleted.
    False when there was nothing to clear; OSError when it cannot be moved."""
    path = storage.home() / FILE
    if not (path.exists() or path.is_symlink()):
        return False
    storage.set_aside(path)
    return True
