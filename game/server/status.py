"""``POST /status``: where several of a player's games stand, in one request, for the title's
"your move" and "My games" (a correspondence game waits days for a move; its player should
not have to open each game to know).

    > {"v":1,"secrets":["…","…"]}
    < {"v":1,"type":"status","games":[
          {"match":"AB3DE4FG","game":"rush","seat":"black","ply":17,"status":"playing",
           "to_move":"white","your_move":false},
          {"refused":"secret"}]}

One entry per secret, in the order sent: a seat the server does not know is ``{"refused":
"secret"}`` (the others are answered all the same); ``status`` is ``open`` (the friend has not
joined), ``playing`` or ``over`` (then ``to_move`` is null and ``winner`` says who won, null for
a draw). A secret is only ever compared by its hash, as a hello's is; the answer never
carries one.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import service as S
from .service import PROTOCOL, Refused, Service, Table

#: secrets answered in one request (a book holds 200 games; the client asks in batches)
MOST = 64


def answer(service: Service, body: Any, fresh: Callable[[Table], Table] = lambda table: table
           ) -> dict[str, Any]:
    """The ``status`` envelope for ``body``; Refused(malformed) for a body that is not a list of
    at most :data:`MOST` strings. ``fresh``: the game brought up to date (several processes on
    one database)."""
    if not isinstance(body, dict) or set(body) - {"v", "secrets"}:
        raise Refused(S.MALFORMED, "A status request is {\"v\": 1, \"secrets\": [...]}.")
    if body.get("v", PROTOCOL) != PROTOCOL:
        raise Refused(S.MALFORMED, f"This server speaks version {PROTOCOL}: send \"v\": {PROTOCOL}.")
    secrets = body.get("secrets")
    if not isinstance(secrets, list) or not all(isinstance(s, str) for s in secrets):
        raise Refused(S.MALFORMED, "\"secrets\" must be a list of seats' secrets.")
    if len(secrets) > MOST:
        raise Refused(S.MALFORMED, f"At most {MOST} secrets in one request.")
    games = []
    for secret in secrets:
        try:
            table, side = service.seat(secret)
            table = fresh(table)
            if len(table.seated) < len(table.match.rules.players):  # joined on another process?
                table.seated = service.store.seats(table.id)
        except Refused as refused:
            games.append({"refused": refused.reason})
            continue
        games.append(seat_status(table, side))
    return {"v": PROTOCOL, "type": "status", "games": games}


def seat_status(table: Table, side: str) -> dict[str, Any]:
    match = table.match
    players = match.rules.players
    over = table.over  # the rules ended it, or the server (a flag, a claim)
    status = "over" if over else "playing" if len(table.seated) >= len(players) else "open"
    to_move = None if over else match.state.to_move
    out: dict[str, Any] = {"match": table.id, "game": table.row.game, "seat": side, "ply": table.ply,
                           "status": status, "to_move": to_move,
                           "your_move": status == "playing" and to_move == side}
    if table.ended is not None:
        out["winner"] = table.ended.winner
    elif over:
        outcome = match.outcome()
        out["winner"] = None if outcome is None else outcome.winner
    return out


__all__ = ["MOST", "answer", "seat_status"]
