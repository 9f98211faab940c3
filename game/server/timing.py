"""The application's side of time (:mod:`game.server.clock` has the rules of it): when
each running clock's flag falls, looked at on a timer in the server's loop and not only
when the next move comes; and which seats of a live game have a socket here or on another
server process sharing the database, for the reconnect grace and the claim.

:class:`Timekeeper` knows nothing of sockets or the store: :class:`~game.server.app.GameServer`
tells it what happens (a clock changed, a seat's socket came or went) and asks it what is
due (the games whose flag may have fallen, whether a seat may be claimed).
"""
from __future__ import annotations

import heapq
import time
from collections.abc import Callable
from typing import Any

from .service import Table

#: seconds a seat not seen since this server started (or since its game was joined) has to
#: connect before its opponent is told it left: the friend who just joined is on its way
NOTICE = 3.0


class Timekeeper:
    """The deadlines of the clocks that run, and the seats present in each game."""

    def __init__(self, grace: float, monotonic: Callable[[], float] = time.monotonic,
                 notice: float = NOTICE) -> None:
        self.grace = grace
        self.notice = notice
        self.monotonic = monotonic
        #: (when the flag falls, ms since the epoch; game): a game's entry may be out of date
        #: (a move came since), it is looked at again then
        self.deadlines: list[tuple[int, str]] = []
        #: per game, per side: the sockets of that seat here
        self.present: dict[str, dict[str, int]] = {}
        #: per game, per side: the other server processes holding a socket of that seat (on a
        #: shared database; as last read from it)
        self.elsewhere: dict[str, dict[str, int]] = {}
        #: per game, per side: since when (monotonic) that seat has had no socket here
        self.away: dict[str, dict[str, float]] = {}
        #: seats away that were never seen here, not yet told to their opponent (game, side)
        self.unseen: set[tuple[str, str]] = set()
        #: seats whose last socket here went while the other processes' were being read again
        #: (a shared database): left or not is decided by that read (:meth:`remote`)
        self.doubtful: set[tuple[str, str]] = set()

    # -- the flags ---------------------------------------------------------------------------
    def track(self, table: Table) -> None:
        """``table``'s clock changed (a move, the start): its flag is looked at when it may fall."""
        deadline = table.clock.deadline() if table.clock is not None and not table.over else None
        if deadline is not None:
            heapq.heappush(self.deadlines, (deadline, table.id))

    def due(self, now_ms: int) -> list[str]:
        """The games whose flag may have fallen by ``now_ms`` (each once)."""
        out: dict[str, None] = {}
        while self.deadlines and self.deadlines[0][0] <= now_ms:
            out[heapq.heappop(self.deadlines)[1]] = None
        return list(out)

    # -- the seats present -------------------------------------------------------------------
    @staticmethod
    def live(table: Table) -> bool:
        """A game whose seats are expected to stay: live (a clock or none, not correspondence),
        both seats taken, not over."""
        return ((table.clock is None or table.clock.control.live) and not table.over
                and len(table.seated) >= len(table.match.rules.players))

    def came(self, table: Table, side: str) -> tuple[bool, list[tuple[str, float]]]:
        """A socket of ``side`` said hello: whether the seat was away and its opponent was
        told so (it is ``back``), and the other seats away with the grace left to each
        (seconds), to tell the newcomer. A seat never seen here is away from now on, and
        told after :data:`NOTICE` seconds (:meth:`unseen_due`)."""
        seats = self.present.setdefault(table.id, {})
        seats[side] = seats.get(side, 0) + 1
        self.doubtful.discard((table.id, side))
        away = self.away.get(table.id, {})
        was_away = away.pop(side, None) is not None and (table.id, side) not in self.unseen
        self.unseen.discard((table.id, side))
        others: list[tuple[str, float]] = []
        if self.live(table):
            now = self.monotonic()
            elsewhere = self.elsewhere.get(table.id, {})
            for other in table.match.rules.players:
                if other != side and not seats.get(other) and not elsewhere.get(other):
                    if other not in away:
                        away[other] = now
                        self.unseen.add((table.id, other))
                    elif (table.id, other) not in self.unseen:
                        others.append((other, max(0.0, self.grace - (now - away[other]))))
            self.away[table.id] = away
        return was_away and self.live(table), others

    def joined(self, table: Table, side: str) -> None:
        """``side`` was taken (over HTTP): with its opponent's socket here and none of its own,
        it is on its way, and told as left if it does not come within the notice."""
        seats = self.present.get(table.id, {})
        if self.live(table) and not seats.get(side) and not self.elsewhere.get(table.id, {}).get(side) \
                and any(seats.values()):
            self.away.setdefault(table.id, {}).setdefault(side, self.monotonic())
            self.unseen.add((table.id, side))

    def unseen_due(self) -> list[tuple[str, str, float]]:
        """The seats never seen that are still away after the notice: ``(game, side, grace
        left)``, each told once."""
        now = self.monotonic()
        out = []
        for game, side in list(self.unseen):
            since = self.away.get(game, {}).get(side)
            if since is None:
                self.unseen.discard((game, side))
            elif now - since >= self.notice:
                self.unseen.discard((game, side))
                out.append((game, side, max(0.0, self.grace - (now - since))))
        return out

    def went(self, table: Table | None, game: str, side: str, room_empty: bool, shared: bool = False) -> bool:
        """A socket of ``side`` closed: True when it was the seat's last one here and the game
        is live (its opponent is told the seat ``left``, with the grace). ``shared``: other
        processes may hold the seat, and are being read again: :meth:`remote` decides."""
        seats = self.present.get(game, {})
        seats[side] = max(0, seats.get(side, 0) - 1)
        gone = not seats[side] and not self.elsewhere.get(game, {}).get(side)
        if room_empty:  # nobody here follows the game: forgotten (a hello starts the grace again)
            self.present.pop(game, None)
            self.elsewhere.pop(game, None)
            self.ended(game)
            return False
        if shared and not seats[side] and table is not None and self.live(table):
            self.doubtful.add((game, side))
            return False
        if gone and table is not None and self.live(table):
            self.away.setdefault(game, {})[side] = self.monotonic()
            return True
        return False

    def here(self, game: str, side: str) -> bool:
        """Whether ``side`` has a socket on this process."""
        return bool(self.present.get(game, {}).get(side))

    def seats_here(self) -> list[tuple[str, str]]:
        """``(game, side)`` of every seat with a socket on this process."""
        return [(game, side) for game, seats in self.present.items() for side, n in seats.items() if n]

    def remote(self, table: Table, counts: dict[str, int]) -> list[tuple[str, str, float | None]]:
        """The other processes' sockets of ``table``'s seats, as just read from the database:
        what changed for the seats with no socket here, to tell this process's sockets:
        ``("left", side, grace)`` for a seat whose last socket anywhere went (its process
        closed it, or was taken for gone), ``("back", side, None)`` for a seat its opponent
        had been told had left."""
        game = table.id
        before = self.elsewhere.get(game, {})
        if counts:
            self.elsewhere[game] = dict(counts)
        else:
            self.elsewhere.pop(game, None)
        if not self.live(table):
            return []
        here = self.present.get(game, {})
        out: list[tuple[str, str, float | None]] = []
        for side in table.match.rules.players:
            if here.get(side):
                continue  # its sockets here say it is present, whatever the others hold
            was, now = bool(before.get(side)), bool(counts.get(side))
            if (game, side) in self.doubtful:  # its last socket here went: was it the last anywhere?
                self.doubtful.discard((game, side))
                was = True
            if was and not now:
                self.away.setdefault(game, {})[side] = self.monotonic()
                self.unseen.discard((game, side))
                out.append(("left", side, self.grace))
            elif now and side in self.away.get(game, {}):
                self.away[game].pop(side)
                if (game, side) not in self.unseen:  # its opponent was told it left
                    out.append(("back", side, None))
                self.unseen.discard((game, side))
        return out

    def left_for(self, game: str, side: str) -> float | None:
        """Seconds ``side`` has been away from ``game`` (None: it is here, or not known away)."""
        since = self.away.get(game, {}).get(side)
        return None if since is None else self.monotonic() - since

    def claimable(self, table: Table, claimer: str) -> str | None:
        """Why ``claimer`` may not claim ``table`` now (a sentence), or None when it may: its
        opponent has been away for the whole grace of a live game."""
        if table.clock is not None and not table.clock.control.live:
            return "A correspondence game has no grace: it is decided by its days per move."
        if not self.live(table):
            return "Only a game being played can be claimed."
        away = self.left_for(table.id, table.other(claimer))
        if away is None:
            return "Your opponent is connected."
        if away < self.grace:
            return f"Your opponent may still come back: {self.grace - away:.0f} s of the grace are left."
        return None

    def ended(self, game: str) -> None:
        self.elsewhere.pop(game, None)
        self.doubtful = {(g, side) for g, side in self.doubtful if g != game}
        for side in self.away.pop(game, {}):
            self.unseen.discard((game, side))

    @staticmethod
    def envelope(kind: str, game: str, side: str, grace: float | None = None, **more: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"v": 1, "type": kind, "match": game, "side": side, **more}
        if grace is not None:
            out["grace"] = round(grace, 1)
        return out
