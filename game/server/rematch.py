"""A rematch with sides swapped (issue 32): when a game is over, either seat may offer one
(``{"type": "rematch"}``); once both have, the server makes the new game (the same game,
board and options, a fresh seed and commitment, each player on the other side), both seats
taken, and tells each seat's sockets the new game with that seat's new secret, the
spectators its spectator code.

A new seat's secret is never stored, only its hash, like any seat's. It is derived from
the old seat's secret (an HMAC of the new game's id keyed with it), so a player who was
not connected when the rematch was made learns it from the old game's welcome: its hello
carries the old secret, from which the server derives the new one again. The old game's
row names the new one (``games.rematch``, schema 2), and one old game has one rematch
whatever raced (the link is set only where it is still empty).

The offers are in the store (schema 4), so seats on two server processes meet: the first
offer fixes the new game's id (``Store.reserve_rematch``), and each offer keeps the hash of
its seat's new secret, derived from that id (``Store.offer_rematch``: no more than any
seat's stored hash). Whichever process finds every seat's offer stored makes the game
(:func:`make`; on PostgreSQL the others hear of each offer and of the game made, and try as
well, harmlessly: :mod:`.questions`). Each process tells the seats' sockets it has their new
secrets, from the secrets their hellos carried (never stored).

    told = rematch.offer(service, table, side, secret, here)   # Views: "offered", or "made" per seat
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import secrets
from typing import Any

from ..rules.core import other
from .service import (
    GAME_ID_LENGTH,
    INTERNAL,
    OVER,
    PROTOCOL,
    SPECTATOR,
    Refused,
    Service,
    Table,
    commitment,
    make_code,
    secret_hash,
)
from .store import GameRow
from .views import Views

log = logging.getLogger("gauss_arcade.server")

# the offer's states, the word of a ``rematch`` envelope's ``status``
OFFERED, MADE = "offered", "made"



def derived(secret: str, new_id: str) -> str:
    """The new game's secret of the seat whose old secret is ``secret``: 32 URL-safe
    characters, as a seat's secret always is."""
    digest = hmac.new(secret.encode("utf-8"), b"rematch:" + new_id.encode("ascii"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode("ascii")


def offer(service: Service, table: Table, side: str | None, secret: str | None,
          here: dict[str, str] | None = None) -> Views:
    """``side`` (its socket said hello with ``secret``) offers a rematch of the finished game;
    ``here``: the secrets of the seats whose sockets this process has, told the new game
    with theirs if this offer makes it."""
    if side is None or secret is None:
        raise Refused(SPECTATOR, "Spectators watch; they cannot ask for a rematch.", table.ply)
    if not table.over:  # the rules ended it, or the server (a flag, a claim)
        raise Refused(OVER, "A rematch is offered once the game is over.", table.ply)
    row = service.store.game(table.id) or table.row
    table.row = row
    if row.rematch is None:
        new_id = service.store.reserve_rematch(table.id, make_code(GAME_ID_LENGTH))
        offers = service.store.offer_rematch(table.id, side, secret_hash(derived(secret, new_id)))
        if not ready(table, offers):
            return Views({"v": PROTOCOL, "type": "rematch", "match": table.id, "status": OFFERED, "by": side})
        make(service, table, new_id, offers)
    return made(service, table, {**(here or {}), side: secret})


def ready(table: Table, offers: dict[str, str]) -> bool:
    """Whether every seat offered."""
    return set(offers) >= set(table.match.rules.players)


def make(service: Service, table: Table, new_id: str, offers: dict[str, str]) -> None:
    """The new game stored as ``new_id``, both seats taken (``offers``: per old side, the hash
    of its new secret), the old game linked to it; nothing when another process made it first."""
    old, rules = table.row, table.match.rules
    seed, salt = secrets.randbits(63), secrets.token_hex(16)
    seats = {other(rules.players, side): hashed for side, hashed in offers.items()}
    for _attempt in range(8):  # a code in use: draw again
        row = GameRow(id=new_id, game=old.game, level=old.level, level_json=old.level_json,
                      options_json=old.options_json, seed=seed, salt=salt, commit_hash=commitment(seed, salt),
                      invite=make_code(), watch=make_code(), rules_version=service.version, status="playing",
                      # the same clock, running from now: both seats are taken at once
                      time_control=old.time_control, started_ms=service.now_ms())
        if service.store.create_rematch(old.id, row, seats):
            break
        found = service.store.game(old.id)
        if found is not None and found.rematch is not None:  # made by another process meanwhile
            table.row = found
            return
    else:  # pragma: no cover - eight collisions in a billion codes
        raise Refused(INTERNAL, "No free code could be drawn; try again.", table.ply)
    table.row = service.store.game(old.id) or old
    service.table(row.id)  # (rebuilt from the store, as any game: its level and options as played)
    log.info("game %s: rematch %s made", old.id, row.id)


def made(service: Service, table: Table, secrets_of: dict[str, str]) -> Views:
    """The ``rematch`` envelope that tells the new game: to the spectators its spectator
    code, to each seat of ``secrets_of`` (its old secret) its new side and secret."""
    new_id = table.row.rematch
    assert new_id is not None
    new = service.table(new_id)
    common = {"v": PROTOCOL, "type": "rematch", "match": table.id, "status": MADE,
              "new": {"match": new.id, "game": new.row.game, "level": new.row.level, "watch": new.row.watch}}
    sides: dict[str, dict[str, Any]] = {}
    rules = table.match.rules
    for side, secret in secrets_of.items():
        seat = other(rules.players, side)
        sides[side] = {**common, "new": {**service.info(new), "watch": new.row.watch, "seat": seat,
                                         "secret": derived(secret, new.id)}}
    return Views(common, sides)


def welcome(service: Service, table: Table, side: str | None, secret: Any) -> dict[str, Any] | None:
    """What a socket saying hello to a finished game learns of its rematch (None: none yet)."""
    if not table.over:  # the rules ended it, or the server (a flag, a claim)
        return None
    row = service.store.game(table.id)
    if row is None or row.rematch is None:
        return None
    table.row = row
    if side is None or not isinstance(secret, str):
        return made(service, table, {})
    return made(service, table, {side: secret}).to(side)
