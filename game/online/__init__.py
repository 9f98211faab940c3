"""Online play: the client's side of the game server (``gauss-arcade-server``, docs/server.md).

Nothing here knows pygame. A play screen, a test or a script holds an
:class:`~game.online.client.OnlineGame` as it holds a local :class:`~game.match.Match`:

- :mod:`game.online.api`: the server's HTTP requests (create a game, join by invite code,
  look at a game by its spectator code), on the standard library's ``urllib``;
- :mod:`game.online.client`: one game over the server's WebSocket, in a thread of its own,
  its news handed to the game's loop through a queue; the moves sent, pending until the
  server answers, the connection made again after a drop;
- :mod:`game.online.book`: "my online games", the seats' secrets kept in the player's folder
  so that a game can be left and taken up again;
- :mod:`game.online.dice`: the check of a finished game against the server's commitment.

The WebSocket needs the ``websockets`` package (``pip install 'gauss-arcade[server]'``),
imported only when a game connects: the game itself installs and runs with pygame-ce alone.
"""
from __future__ import annotations

import importlib.util

#: the optional packages online play needs (the ``server`` extra brings them)
NEEDS = ("websockets",)


def missing() -> list[str]:
    """The optional packages online play needs and this installation lacks."""
    return [name for name in NEEDS if importlib.util.find_spec(name) is None]
