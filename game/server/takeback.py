"""Take-backs by consent (issue 32): a seat asks to take back its last move, the other seat
answers, and an accepted take-back removes the moves from the asker's last one on, so it is
the asker's turn again. Never across chance: a take-back that would undo a move left to
chance (The Improbable's roll: ``chance_outcomes``) is refused, since the same seed would
roll the same die again and the asker would know it.

Only one question per game at a time; it is withdrawn by the asker, refused by the other
seat, and expires when a move is played (or the game is read anew). The stored game keeps
what stays: the undone rows are deleted in one transaction (``Store.take_back``), so the
game is still rebuilt by replaying its moves, on SQLite and PostgreSQL alike.

The open question is kept in the store (schema 4: ``Store.ask``, ``Store.question``), so a
seat on another server process answers it; each answer is one conditional change there, so
of two answers racing (an allow on one process, a withdrawal on another) one stands. On
PostgreSQL the store tells every process (``asked``, ``answered``): :mod:`.questions` tells
its sockets. :data:`OFFERS` is what this process's sockets were told is open: what lapses
for them when a move is played.

    asked = takeback.ask(service, table, side, ply)         # {"type": "takeback", "status": "asked", ...}
    done = takeback.answer(service, table, side, ply, True)  # a Views of "takenback", or the refusal
"""
from __future__ import annotations

from typing import Any

from .service import (
    ILLEGAL,
    MALFORMED,
    OVER,
    PROTOCOL,
    SPECTATOR,
    STALE,
    TURN,
    WAITING,
    Refused,
    Service,
    Table,
)
from .store import Question
from .views import Views

# the question's states, the word of a ``takeback`` envelope's ``status``
ASKED, REFUSED, WITHDRAWN, EXPIRED = "asked", "refused", "withdrawn", "expired"


#: a take-back asked by ``by`` at ply ``ply``, going back to ply ``to`` (the store's question)
Offer = Question

#: the question this process's sockets of each game were told is open (the store has the
#: question itself, for every process)
OFFERS: dict[str, Offer] = {}


def target(service: Service, table: Table, side: str) -> int:
    """The ply the game goes back to when ``side`` takes back its last move: the position
    before it. Refused when there is none, or when a move to undo was left to chance."""
    rules = table.match.rules
    mine = [n for n, by in enumerate(table.by) if by == side]
    if not mine:
        raise Refused(ILLEGAL, "You have no move to take back.", table.ply)
    to = mine[-1]
    match, first = service.history(table, to + 1)  # (the table keeps its last positions only)
    for played in match.history[to - first:]:
        if rules.chance_outcomes(played.before, played.move) is not None:
            raise Refused(ILLEGAL, "No take-back across a roll of the dice.", table.ply)
    return to


def envelope(game: str, offer: Offer, status: str) -> dict[str, Any]:
    out: dict[str, Any] = {"v": PROTOCOL, "type": "takeback", "match": game, "status": status,
                           "by": offer.by, "ply": offer.ply}
    if status == ASKED:
        out["to"] = offer.to
    return out


def check(table: Table, side: str | None, ply: Any) -> None:
    if side is None:
        raise Refused(SPECTATOR, "Spectators watch; they cannot take moves back.", table.ply)
    if isinstance(ply, bool) or not isinstance(ply, int):
        raise Refused(MALFORMED, "A take-back needs \"ply\": the last ply this client saw.", table.ply)
    if ply != table.ply:
        raise Refused(STALE, f"The game is at ply {table.ply}, not {ply}: catch up first.", table.ply)
    if table.over:  # the rules ended it, or the server (a flag, a claim)
        raise Refused(OVER, "The game is over.", table.ply)
    if len(table.seated) < len(table.match.rules.players):
        raise Refused(WAITING, "Your friend has not joined yet.", table.ply)


def ask(service: Service, table: Table, side: str | None, ply: Any) -> dict[str, Any]:
    """``side`` asks to take back its last move: the question, to tell every socket."""
    check(table, side, ply)
    assert side is not None
    if table.pending:
        raise Refused(STALE, "A move is being stored; ask again.", table.ply)
    made = Offer(side, table.ply, target(service, table, side))
    if not service.store.ask(table.id, made):
        raise Refused(TURN, "A take-back is asked already; wait for its answer.", table.ply)
    OFFERS[table.id] = made
    return envelope(table.id, made, ASKED)


def answer(service: Service, table: Table, side: str | None, ply: Any, accept: Any) -> Views:
    """The other seat's answer (``accept``), or the asker's withdrawal (``accept`` false):
    the ``takeback`` envelope that says so, or, accepted, the ``takenback`` envelope (the
    game back at the asker's turn, its STATE as each audience sees it)."""
    check(table, side, ply)
    if not isinstance(accept, bool):
        raise Refused(MALFORMED, "\"accept\" must be true or false.", table.ply)
    offer = service.store.question(table.id)  # (asked on any process)
    if offer is None or offer.ply != table.ply:
        raise Refused(STALE, "No take-back is asked here now.", table.ply)
    if side == offer.by and accept:
        raise Refused(TURN, "Your opponent answers your take-back.", table.ply)
    if not accept:
        status = WITHDRAWN if side == offer.by else REFUSED
        if not service.store.drop_question(table.id, offer, status):
            raise Refused(STALE, "No take-back is asked here now.", table.ply)  # answered meanwhile
        OFFERS.pop(table.id, None)
        return Views(envelope(table.id, offer, status))
    if table.pending:
        raise Refused(STALE, "A move is being stored; answer again.", table.ply)
    target(service, table, offer.by)  # (still no roll to cross)
    if not service.store.take_back(table.id, offer.to, offer.ply, asked_by=offer.by):
        # the game went on elsewhere (another process), or the question was withdrawn there: the
        # game is read anew when next asked for
        OFFERS.pop(table.id, None)
        service.tables.pop(table.id, None)
        raise Refused(STALE, "The game went on meanwhile; the take-back expired.", table.ply)
    OFFERS.pop(table.id, None)
    return taken_back(service, undo(service, table), offer.by, offer.ply)


def undo(service: Service, table: Table) -> Table:
    """The game in memory as the store has it after a take-back (the moves after its ply
    gone for good): rebuilt from its stored moves, its clocks worked out again from their
    times."""
    service.tables.pop(table.id, None)
    return service.table(table.id)


def taken_back(service: Service, table: Table, by: str | None, was: int) -> Views:
    return service.takenback(table, table.ply, by, was)


def expired(table: Table) -> dict[str, Any] | None:
    """A move was played: the question this process's sockets were told of (if any)
    expires; what to tell them."""
    offer = OFFERS.get(table.id)
    if offer is None or offer.ply >= table.ply:
        return None
    del OFFERS[table.id]
    return envelope(table.id, offer, EXPIRED)
