"""The phone hub's state machine: who may join, which phone is which device, what a
phone may send and what it is told. Pure Python and no sockets: the hub feeds it what
arrives (:meth:`Room.opened`, :meth:`Room.received`, :meth:`Room.closed`, :meth:`Room.tick`)
and carries out what it answers (:class:`Out`); the tests feed it directly, with a clock
of their own.

The protocol, one JSON object per WebSocket text frame:

phone -> hub
    ``{"t": "hello", "room": "KXPT", "key": "...", "token": "..."}``: join with the room's
    code (``key``: the secret from the QR code, checked when given; ``token``: the phone's
    own, to come back to its device after a drop); ``{"t": "act", "a": "confirm", "n": 7}``:
    one abstract action; ``{"t": "ping"}``.
hub -> phone
    ``welcome`` (``device``, ``token``, ``back``), ``state`` (what the phone shows: the
    screen, its side, whose turn, the buttons that work now with their words), ``ack``
    (``n``), ``refused`` (``why``: the message changed nothing), ``bye`` (``why``: the
    socket closes), ``pong``.

Refused, with nothing changed: a frame that is not a JSON object of a known kind, an
action that is no action or not one the screen takes now, more than :data:`RATE` messages
a second (:data:`BURST` at once), a join with a wrong code or secret (an address that
tries :data:`JOIN_TRIES` wrong ones in a minute is shut out for a minute), a join when
the room is locked (every seat held), more than :data:`MAX_SOCKETS` sockets
(:data:`PER_ADDRESS` from one address). Frames over :data:`MAX_FRAME` bytes and a wrong
``Origin`` never get this far (the hub refuses them).
"""
from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

#: the room code's letters: no O/0 or I/1 to misread
ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 4
#: the actions a phone may send (the game's own abstract actions; never text, never a pointer)
ACTIONS = frozenset({"up", "down", "left", "right", "confirm", "back", "alternate", "menu", "undo",
                     "redo", "hint"})
#: the largest frame the hub reads (a phone's messages are a few dozen bytes)
MAX_FRAME = 2048
#: messages a second a phone may send, and how many at once
RATE, BURST = 12.0, 24
#: refused messages (bad ones, or over the rate) before the hub hangs up
STRIKES = 60
#: sockets in all, and from one address
MAX_SOCKETS, PER_ADDRESS = 12, 6
#: wrong joins from one address in a minute before it is shut out for a minute
JOIN_TRIES = 5
JOIN_WINDOW = 60.0
#: seconds a phone that dropped keeps its device (and its seat)
GRACE = 90.0
#: a hello must come within this many seconds of the socket opening
HELLO_SECONDS = 10.0

#: WebSocket close codes
POLICY, TOO_BIG, GOING_AWAY = 1008, 1009, 1001


@dataclass
class Out:
    """What the hub does after one call: frames to send, sockets to close, and events for
    the game (``("joined", device)``, ``("act", device, name)``, ``("dropped", device)``,
    ``("back", device)``, ``("gone", device)``)."""

    sends: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    closes: list[tuple[int, int, str]] = field(default_factory=list)
    events: list[tuple[str, ...]] = field(default_factory=list)

    def send(self, conn: int, message: dict[str, Any]) -> None:
        self.sends.append((conn, message))

    def bye(self, conn: int, why: str, code: int = POLICY) -> None:
        self.sends.append((conn, {"t": "bye", "why": why}))
        self.closes.append((conn, code, why))

    def extend(self, other: Out) -> None:
        self.sends += other.sends
        self.closes += other.closes
        self.events += other.events


@dataclass
class Phone:
    """A phone the room knows: its device name, its token, its socket (None while away)."""

    device: str
    token: str
    conn: int | None = None
    away_since: float | None = None


@dataclass
class Conn:
    """One socket: where from, its phone once it said hello, its message budget."""

    id: int
    address: str
    opened: float
    phone: Phone | None = None
    credit: float = float(BURST)
    last: float = 0.0
    strikes: int = 0
    told_fast: float = -1.0


class Room:
    """A room: its code and secret, the phones in it, and the sockets open to it."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, grace: float = GRACE,
                 pick: Callable[[str], str] = secrets.choice, rate: float = RATE, burst: int = BURST) -> None:
        self.clock = clock
        self.grace = grace
        self.rate, self.burst = rate, burst
        self.pick = pick
        self.code = ""
        self.key = ""
        self.phones: dict[str, Phone] = {}  # device -> phone
        self.conns: dict[int, Conn] = {}
        #: every seat of the game is held: no new phone may join
        self.locked = False
        #: the devices holding a seat (told by the game)
        self.seated: set[str] = set()
        #: what each phone was last shown, and the actions that screen takes now
        self.shown: dict[str, dict[str, Any]] = {}
        self.wrong_joins: dict[str, list[float]] = {}
        self.new_code()

    # -- the room's code ---------------------------------------------------------------------
    def new_code(self) -> None:
        old = self.code
        while self.code == old:
            self.code = "".join(self.pick(ALPHABET) for _ in range(CODE_LENGTH))
        self.key = secrets.token_urlsafe(12)

    def rotate(self, keep: set[str] = frozenset()) -> Out:  # type: ignore[assignment]
        """A new code and secret (a new game, a kiosk's new visitor): the phones in ``keep``
        (seated in the new game) stay; every other phone is sent away and its token forgotten."""
        self.new_code()
        out = Out()
        for device in [d for d in self.phones if d not in keep]:
            phone = self.phones.pop(device)
            self.shown.pop(device, None)
            if phone.conn is not None:
                out.bye(phone.conn, "new-game", GOING_AWAY)
                conn = self.conns.get(phone.conn)
                if conn is not None:
                    conn.phone = None
            out.events.append(("gone", device))
        for conn in self.conns.values():  # sockets that never joined: the code they had is old
            if conn.phone is None and (conn.id, GOING_AWAY, "new-game") not in out.closes:
                out.bye(conn.id, "new-game", GOING_AWAY)
        return out

    def link_fragment(self) -> str:
        """What follows ``#`` in the join link: the code and the secret (a fragment never
        reaches a server's logs; the page reads it)."""
        return f"{self.code}.{self.key}"

    # -- the game's word -----------------------------------------------------------------------
    def set_seats(self, seated: set[str], locked: bool) -> None:
        self.seated = set(seated)
        self.locked = locked

    def show(self, device: str, state: dict[str, Any]) -> Out:
        """``state`` becomes what ``device`` is shown (sent now if it is connected and the
        state is new)."""
        out = Out()
        if state == self.shown.get(device):
            return out
        self.shown[device] = state
        phone = self.phones.get(device)
        if phone is not None and phone.conn is not None:
            out.send(phone.conn, {"t": "state", **state})
        return out

    def may_send(self, device: str, action: str) -> bool:
        buttons = self.shown.get(device, {}).get("buttons", {})
        return action in buttons

    # -- sockets -------------------------------------------------------------------------------
    def shut_out(self, address: str) -> bool:
        """Whether ``address`` tried too many wrong codes in the last minute."""
        now = self.clock()
        tries = [t for t in self.wrong_joins.get(address, []) if now - t < JOIN_WINDOW]
        if tries:
            self.wrong_joins[address] = tries
        else:
            self.wrong_joins.pop(address, None)
        return len(tries) >= JOIN_TRIES

    def opened(self, conn: int, address: str) -> Out:
        out = Out()
        if self.shut_out(address):
            out.bye(conn, "too-many-tries")
        elif len(self.conns) >= MAX_SOCKETS:
            out.bye(conn, "busy", GOING_AWAY)
        elif sum(c.address == address for c in self.conns.values()) >= PER_ADDRESS:
            out.bye(conn, "busy", GOING_AWAY)
        else:
            now = self.clock()
            self.conns[conn] = Conn(conn, address, now, last=now, credit=float(self.burst))
        return out

    def closed(self, conn: int) -> Out:
        """A socket closed (the phone went, or the hub hung up): its phone is away, keeping
        its device for the grace period."""
        out = Out()
        gone = self.conns.pop(conn, None)
        if gone is None or gone.phone is None:
            return out
        phone = gone.phone
        if phone.conn == conn:
            phone.conn = None
            phone.away_since = self.clock()
            out.events.append(("dropped", phone.device))
        return out

    def tick(self) -> Out:
        """The clock moved: phones away past the grace are gone; sockets that said nothing
        are closed."""
        out = Out()
        now = self.clock()
        for device, phone in list(self.phones.items()):
            if phone.away_since is not None and now - phone.away_since >= self.grace:
                del self.phones[device]
                self.shown.pop(device, None)
                out.events.append(("gone", device))
        for conn in list(self.conns.values()):
            if conn.phone is None and now - conn.opened >= HELLO_SECONDS:
                out.bye(conn.id, "hello-first")
                del self.conns[conn.id]
        return out

    def kick_all(self) -> Out:
        """Every phone sent away and forgotten, with a new code (the operator's choice)."""
        return self.rotate(set())

    # -- messages ------------------------------------------------------------------------------
    def received(self, conn_id: int, frame: str | bytes) -> Out:
        out = Out()
        conn = self.conns.get(conn_id)
        if conn is None:
            return out
        if not self.budget(conn):
            if conn.strikes >= STRIKES:
                out.bye(conn_id, "too-fast")
            elif self.clock() - conn.told_fast >= 1.0:
                conn.told_fast = self.clock()
                out.send(conn_id, {"t": "refused", "why": "too-fast"})
            return out
        message = parse(frame)
        if message is None:
            return self.strike(conn, "bad-message", out)
        kind = message.get("t")
        if kind == "ping":
            out.send(conn_id, {"t": "pong"})
            return out
        if kind == "hello":
            return self.hello(conn, message, out)
        if conn.phone is None:
            out.bye(conn_id, "hello-first")
            return out
        if kind == "act":
            return self.act(conn, message, out)
        return self.strike(conn, "bad-message", out)

    def budget(self, conn: Conn) -> bool:
        """One message's credit (a token bucket: RATE a second, BURST at once)."""
        now = self.clock()
        conn.credit = min(float(self.burst), conn.credit + (now - conn.last) * self.rate)
        conn.last = now
        if conn.credit < 1.0:
            conn.strikes += 1
            return False
        conn.credit -= 1.0
        return True

    def strike(self, conn: Conn, why: str, out: Out) -> Out:
        conn.strikes += 1
        if conn.strikes >= STRIKES:
            out.bye(conn.id, why)
        else:
            out.send(conn.id, {"t": "refused", "why": why})
        return out

    def hello(self, conn: Conn, message: dict[str, Any], out: Out) -> Out:
        if conn.phone is not None:
            return self.strike(conn, "already-joined", out)
        token = message.get("token")
        phone = None
        if isinstance(token, str) and token:
            phone = next((p for p in self.phones.values() if secrets.compare_digest(p.token, token)), None)
        if phone is not None:  # a phone coming back to its device
            if phone.conn is not None and phone.conn in self.conns:  # an older socket of it
                out.bye(phone.conn, "replaced", GOING_AWAY)
                self.conns[phone.conn].phone = None
            back = phone.away_since is not None
            phone.conn, phone.away_since = conn.id, None
            conn.phone = phone
            out.send(conn.id, {"t": "welcome", "device": phone.device, "token": phone.token, "back": True})
            if phone.device in self.shown:
                out.send(conn.id, {"t": "state", **self.shown[phone.device]})
            if back:
                out.events.append(("back", phone.device))
            return out
        code, key = message.get("room"), message.get("key")
        if not isinstance(code, str) or code.strip().upper() != self.code:
            return self.wrong_join(conn, "wrong-code", out)
        if key is not None and not (isinstance(key, str) and secrets.compare_digest(key, self.key)):
            return self.wrong_join(conn, "wrong-secret", out)
        if self.locked:
            out.bye(conn.id, "full", GOING_AWAY)
            return out
        device = self.free_device()
        phone = Phone(device, secrets.token_urlsafe(16), conn.id)
        self.phones[device] = phone
        conn.phone = phone
        out.send(conn.id, {"t": "welcome", "device": device, "token": phone.token, "back": False})
        out.events.append(("joined", device))
        return out

    def wrong_join(self, conn: Conn, why: str, out: Out) -> Out:
        self.wrong_joins.setdefault(conn.address, []).append(self.clock())
        out.bye(conn.id, why)
        return out

    def free_device(self) -> str:
        n = 1
        while f"phone{n}" in self.phones:
            n += 1
        return f"phone{n}"

    def act(self, conn: Conn, message: dict[str, Any], out: Out) -> Out:
        name, n = message.get("a"), message.get("n")
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n < 2 ** 53:
            n = None
        if not isinstance(name, str) or name not in ACTIONS:
            return self.strike(conn, "no-such-action", out)
        device = conn.phone.device  # type: ignore[union-attr]
        if self.locked and device not in self.seated:
            out.send(conn.id, {"t": "refused", "why": "full", "n": n})
            return out
        if not self.may_send(device, name):
            out.send(conn.id, {"t": "refused", "why": "not-now", "n": n})
            return out
        out.events.append(("act", device, name))
        out.send(conn.id, {"t": "ack", "n": n})
        return out


def parse(frame: str | bytes) -> dict[str, Any] | None:
    """A phone's frame as a message, or None: text only, at most MAX_FRAME bytes, one JSON
    object of plain values."""
    if not isinstance(frame, str) or len(frame.encode("utf-8", "replace")) > MAX_FRAME:
        return None
    try:
        message = json.loads(frame, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        return None
    if not isinstance(message, dict) or not isinstance(message.get("t"), str):
        return None
    return message


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")
