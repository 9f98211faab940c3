"""The seats' questions on several server processes (issue 32): a take-back asked, refused,
withdrawn or lapsed, a rematch offered and made, told to the sockets of this process
whichever process the seat that asked or answered is on.

The questions themselves are in the store (:mod:`.takeback`, :mod:`.rematch`, schema 4);
on PostgreSQL each change is notified to every process (``asked``, ``answered``,
``offered``, ``rematched``: :func:`game.server.postgres.note`), and :func:`heard` tells the
sockets here what they were not told yet. A process tells its own sockets first, then hears
its own notification: what its sockets were told is remembered (``takeback.OFFERS``,
:data:`OFFERED`, :data:`MADE`) so that nobody is told twice. A socket that says hello is
told the question open (:func:`hello`).
"""
from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any, Protocol

from . import rematch, takeback
from .service import PROTOCOL, Refused, Service, Table
from .store import Question
from .views import dumps

log = logging.getLogger("gauss_arcade.server")

#: per finished game followed here, the seats whose rematch offer its sockets were told of
OFFERED: dict[str, set[str]] = {}
#: the finished games followed here whose sockets were told their rematch was made
MADE: set[str] = set()
#: how many games :data:`MADE` remembers (it is only there not to tell anyone twice)
MOST = 10_000
#: per game followed here whose moves heard of are still being read, the questions' news heard
#: meanwhile, in order: told once the moves before them are (a question asked at a ply is told
#: on a game at that ply, and the moves are read in a thread)
DUE: dict[str, list[dict[str, Any]]] = {}


class Conn(Protocol):
    """What is read of a socket (:class:`game.server.app.Conn`)."""

    side: str | None
    secret: str | None

    def push(self, text: str | None) -> bool: ...


class GameServer(Protocol):
    """What is used of the application (:class:`game.server.app.GameServer`, which imports this)."""

    @property
    def rooms(self) -> Mapping[str, Any]: ...
    @property
    def behind(self) -> set[str]: ...
    def svc(self) -> Service: ...
    def broadcast(self, game: str, message: dict[str, Any]) -> None: ...


def heard(server: GameServer, found: dict[str, Any]) -> bool:
    """A notification of another process (or this one), if it is one of the questions'
    (False: it is not, the caller reads it)."""
    game = found["game"]
    if not any(key in found for key in ("asked", "answered", "offered", "rematched")):
        return False
    if game in server.rooms and (game in DUE or game in server.behind):
        if len(DUE) >= MOST:
            DUE.clear()
        DUE.setdefault(game, []).append(found)
        return True
    try:
        if "asked" in found:
            asked(server, game, Question(found["by"], found["asked"], found["to"]))
        elif "answered" in found:
            answered(server, game, found["by"], found["answered"], found["status"])
        elif "offered" in found:
            offered(server, game, found["offered"])
        elif "rematched" in found:
            if game in server.rooms and game not in MADE:
                tell_made(server, server.svc().table(game))
        else:
            return False
    except Refused as refused:  # (a game gone meanwhile, one these rules cannot rebuild)
        log.error("game %s: a question could not be told: %s", game, refused.message)
    return True


# -- take-backs ----------------------------------------------------------------------------------
def asked(server: GameServer, game: str, question: Question) -> None:
    if game not in server.rooms or takeback.OFFERS.get(game) == question:
        return  # nobody here to tell, or told already (asked here, most often)
    table = server.svc().table(game)
    if table.pending or table.ply != question.ply:
        return  # lapsed already: a move came meanwhile
    takeback.OFFERS[game] = question
    server.broadcast(game, takeback.envelope(game, question, takeback.ASKED))


def answered(server: GameServer, game: str, by: str, ply: int, status: str) -> None:
    told = takeback.OFFERS.get(game)
    if told is None or told.by != by or told.ply != ply:
        return  # told already (answered here, most often), or never told here
    del takeback.OFFERS[game]
    if game in server.rooms:
        server.broadcast(game, takeback.envelope(game, told, status))


def lapsed(server: GameServer, table: Table) -> None:
    """Moves came (from another process), sent to the sockets here: the question they were
    told of expires, then the news heard while those moves were being read is told."""
    gone = takeback.expired(table)
    if gone is not None:
        server.broadcast(table.id, gone)
    for found in DUE.pop(table.id, ()):
        heard(server, found)


# -- rematches ---------------------------------------------------------------------------------
def here(server: GameServer, game: str) -> dict[str, str]:
    """The secrets of the seats whose sockets this process has (from their hellos)."""
    return {conn.side: conn.secret for conn in server.rooms.get(game, ())
            if conn.side is not None and conn.secret is not None}


def offer(server: GameServer, conn: Conn, table: Table) -> None:
    """A seat's socket here offers a rematch: everyone here told (the new game, if this made it)."""
    told = rematch.offer(server.svc(), table, conn.side, conn.secret, here(server, table.id))
    if told.get("status") == rematch.OFFERED:
        OFFERED.setdefault(table.id, set()).add(str(told["by"]))
    else:
        remember_made(table.id)
    server.broadcast(table.id, told)


def offered(server: GameServer, game: str, side: str) -> None:
    """A seat offered a rematch on some process: told here, and made if every seat has now
    (two offers stored in two transactions at once each find the other's here)."""
    if game not in server.rooms:
        return
    service = server.svc()
    table = service.table(game)
    if side not in OFFERED.get(game, set()) and game not in MADE:
        OFFERED.setdefault(game, set()).add(side)
        server.broadcast(game, {"v": PROTOCOL, "type": "rematch", "match": game, "status": rematch.OFFERED,
                                "by": side})
    row = service.store.game(game)
    if row is None or not table.over:
        return
    table.row = row
    if row.rematch is None:
        offers = service.store.rematch_offers(game)
        if row.rematch_next is None or not rematch.ready(table, offers):
            return
        try:
            rematch.make(service, table, row.rematch_next, offers)
        except Refused as refused:
            log.error("game %s: its rematch could not be made: %s", game, refused.message)
            return
    if game not in MADE:
        tell_made(server, table)


def tell_made(server: GameServer, table: Table) -> None:
    """The rematch made (by any process) told to the sockets here, each seat its new secret."""
    service = server.svc()
    table.row = service.store.game(table.id) or table.row
    if table.row.rematch is None:
        return
    remember_made(table.id)
    server.broadcast(table.id, rematch.made(service, table, here(server, table.id)))


def remember_made(game: str) -> None:
    if len(MADE) >= MOST:
        MADE.clear()
    MADE.add(game)
    OFFERED.pop(game, None)


# -- a socket says hello -------------------------------------------------------------------------
def hello(server: GameServer, conn: Conn, table: Table) -> None:
    """What a socket that said hello is told of the questions open: the take-back asked, or
    the rematch offers (a rematch made is told by :func:`rematch.welcome`)."""
    service = server.svc()
    if not table.over:
        question = service.store.question(table.id)
        if question is not None and question.ply == table.ply and not table.pending:
            takeback.OFFERS[table.id] = question
            conn.push(dumps(takeback.envelope(table.id, question, takeback.ASKED)))
        return
    row = service.store.game(table.id)
    if row is None or row.rematch is not None:
        return
    for side in sorted(service.store.rematch_offers(table.id)):
        OFFERED.setdefault(table.id, set()).add(side)
        conn.push(dumps({"v": PROTOCOL, "type": "rematch", "match": table.id, "status": rematch.OFFERED,
                         "by": side}))

