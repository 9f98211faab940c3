"""The online game server, ``gauss-arcade-server`` (docs/server.md): two people on two
machines play one of the games through it, by an invite code, no accounts.

The server is the authority: it runs the games' own rules (:mod:`game.rules`) in a
:class:`~game.match.Match` per game, refuses what they refuse, stores every accepted move
as an ordered row and tells both seats and the spectators. Nothing here knows pygame:

- :mod:`game.server.store`: where games are kept, SQLite (WAL) behind a small interface;
- :mod:`game.server.postgres`: PostgreSQL behind the same interface, for several server
  processes on one database, which tell each other of moves by LISTEN/NOTIFY
  (``gauss-arcade[postgres]``: psycopg 3, imported only when a database is asked for);
- :mod:`game.server.service`: create, join, watch, play, and the envelopes sent, no network;
- :mod:`game.server.app`: the ASGI application (Starlette: ``gauss-arcade[server]``);
- :mod:`game.server.cli`: ``gauss-arcade-server`` / ``python -m game.server``, on uvicorn;
- :mod:`game.server.load`: a bounded load test on loopback.

The packages of the ``server`` extra are imported only by ``app``, ``cli`` and ``load``.
"""
from __future__ import annotations

import importlib.util

#: the optional packages the server runs on (``pip install 'gauss-arcade[server]'``)
NEEDS = ("starlette", "uvicorn", "websockets")


def missing() -> list[str]:
    """The optional packages the server needs and this installation lacks."""
    return [name for name in NEEDS if importlib.util.find_spec(name) is None]
