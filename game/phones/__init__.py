"""Phones as controllers: a web page and a WebSocket served by the game itself.

Visitors scan the code on "Who plays?" with their phone's camera; the page that opens is
a gamepad whose buttons send the game's own abstract actions (``confirm``, ``left``,
``undo``...) as one more kind of device, ``phoneN``. Nothing here knows pygame:

- :mod:`game.phones.room` is the hub's state machine (the room's code and secret, which
  phone is which device, the grace period of a phone that dropped, rate limits and every
  refusal), pure Python, tested without sockets;
- :mod:`game.phones.hub` serves the page and the socket on one port of one chosen
  interface, in a thread of its own (the optional ``websockets`` package, imported only
  when the hub starts);
- :mod:`game.phones.qr` turns the join link into a QR code's modules (``segno``, also
  optional), which the app draws;
- ``page.html`` is the phone page: one file, no build step, nothing from the internet.

The app's side (events into pygame's queue, actions, the state each phone is shown)
is :mod:`game.app.phones`.
"""
from __future__ import annotations

import importlib.util


def missing() -> list[str]:
    """The optional packages the phones need and this installation lacks (``pip install
    'gauss-arcade[phones]'`` brings them)."""
    return [name for name in ("websockets", "segno") if importlib.util.find_spec(name) is None]
