"""Where "my online games" stand, as the servers last said: whose move, waiting for the
friend, over, or a server that could not be reached. The title says "2 games: your move" from
it, and "My games" says it of each game: a correspondence game waits days for a move, and its
player should not have to open it to know.

The servers are asked (``POST /status``, one request per server for all its seats) in a
thread (:class:`~game.online.errand.Errand`), at most every :data:`EVERY` seconds a server;
the game's loop calls :meth:`Watcher.poll` once a frame and reads what is known, never waiting:

    WATCHER.refresh(book.load()[0])      # when the title shows (a server asked lately is not asked again)
    WATCHER.poll()                       # once a frame: True when something new came
    WATCHER.of(entry).words              # "your move", "their move", "over", ...
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..i18n import N_, _
from . import api, book
from .api import OnlineError
from .errand import Errand

log = logging.getLogger("gauss_arcade.online")

#: seconds between two looks at one server's games
EVERY = 60.0
#: how long one server may take to answer (the look runs in a thread: nothing waits for it)
TIMEOUT = 6.0

YOUR_MOVE, THEIR_MOVE, WAITING, OVER, UNREACHABLE, GONE = (
    "your_move", "their_move", "waiting", "over", "unreachable", "gone")
WORDS = {
    YOUR_MOVE: N_("your move"),
    THEIR_MOVE: N_("their move"),
    WAITING: N_("waiting for your friend"),
    OVER: N_("over"),
    UNREACHABLE: N_("server not reachable"),
    GONE: N_("not on the server any more"),
}

Key = tuple[str, str, str]


@dataclass(frozen=True)
class Standing:
    """One game as its server last told it: ``kind`` (one of the words above), its ``ply``."""

    kind: str
    ply: int = 0

    @property
    def words(self) -> str:
        return _(WORDS[self.kind])


def standing_of(told: dict[str, Any]) -> Standing:
    """A game's entry of the server's ``status`` answer, as a standing (what does not fit: unknown)."""
    if told.get("refused") is not None:
        return Standing(GONE)
    told_ply = told.get("ply")
    ply = told_ply if isinstance(told_ply, int) else 0
    status = told.get("status")
    if status == "over":
        return Standing(OVER, ply)
    if status == "open":
        return Standing(WAITING, ply)
    if status == "playing":
        return Standing(YOUR_MOVE if told.get("your_move") is True else THEIR_MOVE, ply)
    raise OnlineError(api.ANSWER, "a game's status is not one of open, playing, over")


def look(asked: dict[str, list[book.Entry]], timeout: float = TIMEOUT) -> dict[Key, Standing]:
    """Each server's games, asked one server after another (in the errand's thread)."""
    found: dict[Key, Standing] = {}
    for server, entries in asked.items():
        try:
            games = api.status(server, [e.secret for e in entries], timeout)
            for entry, told in zip(entries, games, strict=True):
                found[entry.key] = standing_of(told)
        except OnlineError as exc:
            log.info("online: the games on %s could not be asked about (%s)", server, exc)
            for entry in entries:
                found[entry.key] = Standing(UNREACHABLE)
    return found


class Watcher:
    """What is known of each game (by its seat's key), and the look under way."""

    def __init__(self, every: float = EVERY, clock: Callable[[], float] = time.monotonic) -> None:
        self.every = every
        self.clock = clock
        self.known: dict[Key, Standing] = {}
        self.asked: dict[str, float] = {}
        self.errand: Errand | None = None
        self._asking: dict[str, list[book.Entry]] = {}
        self._again: list[book.Entry] | None = None

    @property
    def busy(self) -> bool:
        return self.errand is not None

    def due(self, entries: list[book.Entry]) -> dict[str, list[book.Entry]]:
        """The games not known to be over, by server, of the servers not asked lately."""
        now = self.clock()
        out: dict[str, list[book.Entry]] = {}
        for entry in entries:
            if entry.over or self.known.get(entry.key, Standing(THEIR_MOVE)).kind in (OVER, GONE):
                continue
            last = self.asked.get(entry.server)
            if last is None or now - last >= self.every:
                out.setdefault(entry.server, []).append(entry)
        return out

    def next_due(self, entries: list[book.Entry]) -> float:
        """Seconds until some server of ``entries`` is due (inf: none will be)."""
        now = self.clock()
        waits = [max(0.0, self.every - (now - self.asked.get(e.server, -1e18))) for e in entries
                 if not e.over and self.known.get(e.key, Standing(THEIR_MOVE)).kind not in (OVER, GONE)]
        return min(waits, default=float("inf"))

    def refresh(self, entries: list[book.Entry], force: bool = False) -> bool:
        """Ask the servers of ``entries`` that are due (all of them with ``force``), in a
        thread; False when nothing was asked (a look under way, or nothing due)."""
        self.poll()  # a look that came back unread first: what it says is older than this one
        if self.errand is not None:
            if force:  # asked while an older look is under way: asked again once it is back
                self._again = list(entries)
            return False
        if force:
            for entry in entries:
                self.asked.pop(entry.server, None)
        asked = self.due(entries)
        if not asked:
            return False
        now = self.clock()
        for server in asked:
            self.asked[server] = now
        self._asking = asked
        self.errand = Errand(lambda: look(asked), name="online-status")
        return True

    def poll(self) -> bool:
        """Take what the look found, once it came back; True when it did. A game the server
        says is over is marked so in "My games" (kept to look at)."""
        errand = self.errand
        if errand is None or not errand.done:
            return False
        self.errand = None
        found: dict[Key, Standing] = errand.value or {}
        for entries in self._asking.values():
            for entry in entries:
                standing = found.get(entry.key)
                if standing is None:
                    continue
                if standing.kind == OVER and not entry.over:
                    try:
                        book.finished(entry)
                    except OSError as exc:
                        log.warning("online: the game's end could not be kept (%s)", exc)
                self.known[entry.key] = standing
        self._asking = {}
        again, self._again = self._again, None
        if again is not None:
            self.refresh(again, force=True)
        return True

    def of(self, entry: book.Entry) -> Standing | None:
        """What is known of ``entry``'s game (None: nothing yet)."""
        if entry.over:
            return Standing(OVER)
        return self.known.get(entry.key)

    def your_moves(self, entries: list[book.Entry]) -> int:
        """How many of ``entries`` wait for this player's move, as far as is known."""
        return sum(1 for e in entries if (s := self.of(e)) is not None and s.kind == YOUR_MOVE)

    def forget(self, entry: book.Entry) -> None:
        """Nothing more of ``entry`` (gone from the book), not even what a look under way brings."""
        self.known.pop(entry.key, None)
        for entries in self._asking.values():
            entries[:] = [e for e in entries if e.key != entry.key]


#: the one watcher of the game (the title and "My games" share what it knows)
WATCHER = Watcher()

__all__ = ["EVERY", "Standing", "WATCHER", "WORDS", "Watcher", "look", "standing_of"]
