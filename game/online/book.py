"""My online games: each seat the player holds on a server, kept in ``online.json`` in the
player's folder, so that a game can be left and taken up again (the seat's secret is what
the server knows the seat by; it never leaves this file but to that server).

    {"format": 1, "games": [{"server": "http://192.168.1.5:8740", "match": "AB3DE4FG",
      "seat": "black", "secret": "...", "game": "rush", "level": "9x9",
      "invite": "K7XQ2M", "watch": "PQ4RS5", "added": "2026-11-26T07:30:00Z", "over": false}],
     "server": "http://192.168.1.5:8740"}

(``server``: the server chosen last.)

The file is read as hostile (``storage.load_json``): an entry that does not fit is left
out, a file that cannot be used is set aside when the book is next written and the book
starts empty. Writes are atomic and made under the folder's lock (``storage.update_json``):
two instances of the game add their games to one book and lose none.
"""
from __future__ import annotations

import logging
import time
from dataclasses import asdict, dataclass
from typing import Any

from .. import catalogue
from ..i18n import N_
from ..persistence import storage
from ..persistence.storage import KeyOf, Text, Where

log = logging.getLogger("gauss_arcade")

FILE = "online.json"
FORMAT = 1
MAX_BYTES = 256_000
#: the games kept (the oldest finished ones go first, then the oldest)
MOST = 200
WHAT = storage.Message(N_("The file of your online games"))

_SECRET_CHARS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
_CODE_CHARS = set("23456789ABCDEFGHJKLMNPQRSTUVWXYZ")


def _code(length: int) -> Where:
    return Where(str, lambda v: len(v) == length and set(v) <= _CODE_CHARS)


SHAPES: dict[str, Any] = {
    "server": Where(Text(200), lambda v: v.startswith(("http://", "https://"))),
    "match": _code(8),
    "seat": Where(str, lambda v: 0 < len(v) <= 20 and v.isidentifier()),
    "secret": Where(str, lambda v: 8 <= len(v) <= 128 and set(v) <= _SECRET_CHARS),
    "game": KeyOf(catalogue.RECORDS),
    "level": Where(Text(60), lambda v: v != ""),
    "invite": storage.OneOf(None, _code(6)),
    "watch": _code(6),
    "added": Text(40),
    "over": bool,
}
NEEDED = ("server", "match", "seat", "secret", "game", "level", "watch")


@dataclass(frozen=True)
class Entry:
    """One seat of one online game: where, which game, which side, and its secret."""

    server: str
    match: str
    seat: str
    secret: str
    game: str
    level: str
    watch: str
    invite: str | None = None
    added: str = ""
    over: bool = False

    @property
    def key(self) -> tuple[str, str, str]:
        return self.server, self.match, self.seat

    @classmethod
    def of(cls, server: str, answer: dict[str, Any]) -> Entry:
        """The seat a server's ``created`` or ``joined`` answer gave."""
        return cls(server, answer["match"], answer["seat"], answer["secret"], answer["game"], answer["level"],
                   answer["watch"], answer.get("invite") if answer.get("type") == "created" else None,
                   time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))


def parse(data: dict[str, Any] | None) -> list[Entry]:
    """The entries of a book's JSON that fit, newest last."""
    games = data.get("games") if isinstance(data, dict) else None
    if not isinstance(games, list):
        return []
    out: list[Entry] = []
    seen: set[tuple[str, str, str]] = set()
    for item in games[:10 * MOST]:
        if not isinstance(item, dict) or storage.misfits(item, SHAPES, NEEDED):
            continue
        entry = Entry(**{k: item[k] for k in SHAPES if k in item})
        if entry.key not in seen:
            seen.add(entry.key)
            out.append(entry)
    return out[-MOST:]


def _json(entries: list[Entry], server: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"format": FORMAT, "games": [asdict(e) for e in entries]}
    if server is not None:
        out["server"] = server
    return out


def _server_of(data: dict[str, Any] | None) -> str | None:
    value = data.get("server") if isinstance(data, dict) else None
    return value if storage.fits(value, SHAPES["server"]) else None


def load() -> tuple[list[Entry], str]:
    """My online games (newest last), and why the file cannot be used ("" when it can)."""
    data, problem = storage.load_json(storage.home() / FILE, FORMAT, MAX_BYTES)
    return parse(data), problem.about(storage.subject(WHAT)) if problem else ""


def _trimmed(entries: list[Entry]) -> list[Entry]:
    while len(entries) > MOST:
        done = next((e for e in entries if e.over), entries[0])
        entries.remove(done)
    return entries


def _change(fn: Any) -> str:
    """``fn`` applied to the book as it is on the disk, written back; the message about a
    file set aside ("" if none). OSError when it cannot be written."""
    def change(data: dict[str, Any] | None) -> dict[str, Any]:
        return _json(_trimmed(fn(parse(data))), _server_of(data))
    return storage.update_json(storage.home() / FILE, WHAT, FORMAT, MAX_BYTES, change)


def server() -> str | None:
    """The server chosen last (its base URL), or None."""
    return _server_of(storage.load_json(storage.home() / FILE, FORMAT, MAX_BYTES)[0])


def set_server(address: str) -> str:
    """``address`` (a base URL) is the server chosen from now on; see :func:`_change`."""
    def change(data: dict[str, Any] | None) -> dict[str, Any]:
        return _json(parse(data), address)
    return storage.update_json(storage.home() / FILE, WHAT, FORMAT, MAX_BYTES, change)


def remember(entry: Entry) -> str:
    """``entry`` in the book (replacing the same seat's); see :func:`_change`."""
    return _change(lambda entries: [e for e in entries if e.key != entry.key] + [entry])


def finished(entry: Entry) -> str:
    """The game of ``entry`` is over: kept (to look at), and the first to go when the book is full."""
    def mark(entries: list[Entry]) -> list[Entry]:
        return [Entry(**{**asdict(e), "over": True}) if e.key == entry.key else e for e in entries]
    return _change(mark)


def forget(entry: Entry) -> str:
    """``entry`` out of the book (its secret with it)."""
    return _change(lambda entries: [e for e in entries if e.key != entry.key])


__all__ = ["Entry", "FILE", "FORMAT", "finished", "forget", "load", "parse", "remember"]
