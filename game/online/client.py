"""One online game, as a play screen holds it: a :class:`~game.match.Match` that follows
the server's word, moves sent and pending until the server answers, and the connection
made again after a drop.

The WebSocket lives in a thread of its own (a daemon: it never keeps the program alive),
like the phone hub's: it reads the server's messages and puts them on a queue. The game's
loop calls :meth:`OnlineGame.poll` once a frame; only there does the match change, and what
changed comes back as events (:class:`Moved`, :class:`Answered`...), the moves with their
effects for the play screen's animation, as a local move's. So the match is only ever
touched by the game's thread.

    game = OnlineGame(server, secret=entry.secret)   # or watch=CODE for a spectator
    game.start()
    for event in game.poll(): ...                    # once a frame
    game.send(move)                                  # None, or why not (the player's words)
    game.close()

The server is the authority: a move is not played here when it is sent, but when the
server's ``played`` envelope for it comes back (its state replaces the match's, its effects
are the server's: a die is the server's roll). Until then it is :attr:`~OnlineGame.pending`;
a refusal takes it back with the server's reason. A dropped connection is made again with
the last ply seen, and the moves missed come as :class:`Moved` events (``late``). The hello
names the take-backs seen too (the game's ``epoch``): moves taken back while this client was
away, and maybe as many played again, come as a :class:`TakenBack` first, as a live one.
"""
from __future__ import annotations

import itertools
import json
import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..content import levels
from ..i18n import N_, _
from ..match import Match, Played
from ..persistence import storage
from ..rules.core import RulesError
from . import api, book, dice, missing
from .api import OnlineError

log = logging.getLogger("gauss_arcade.online")

#: seconds: the connection's opening, the welcome's wait, a ping when the server is quiet,
#: and a server silent this long is taken for gone (the connection is made again)
OPEN_SECONDS, HELLO_SECONDS, PING_SECONDS, SILENT_SECONDS = 10.0, 10.0, 10.0, 25.0
#: the waits between tries to connect again: doubling from the first to the last
RETRY_FIRST, RETRY_MOST = 0.25, 8.0
#: the biggest message read from the server (a welcome of a long game)
MAX_FRAME = 1 << 22
#: reasons a hello is refused for good: the seat or the game is not on this server
FATAL = ("secret", "unknown")

#: the ``id`` of a take-back's and a rematch's messages (a move's ids are numbers): their
#: refusals are told apart
TAKEBACK_ID, REMATCH_ID = "takeback", "rematch"

# the link's states
CONNECTING, OPEN, LOST = "connecting", "open", "lost"
#: why the server ends a game the rules did not end: a flag fell, the game was claimed
TIME, ABANDONED = "time", "abandoned"
SERVER_ENDS = (TIME, ABANDONED)

NEEDS_EXTRA = N_("Online play needs the websockets package: pip install 'gauss-arcade[server]'")


# -- what poll() reports ---------------------------------------------------------------------
@dataclass
class Link:
    """The connection: ``connecting``, ``open`` (welcomed and caught up) or ``lost``."""

    status: str
    detail: str = ""


@dataclass
class Shown:
    """The match was set to the server's position as it is (the first welcome, a resync):
    show it without motion."""


@dataclass
class Moved:
    """A move the server played: the match has it already. ``mine``: this client's seat
    played it; ``late``: it was missed while the connection was down."""

    before: Any
    after: Any
    move: Any
    effects: list[dict[str, Any]]
    by: str
    mine: bool
    late: bool = False


@dataclass
class Answered:
    """The server refused something this client sent: ``reason`` (its word), ``words`` (for
    the player); ``taken_back``: the pending move is no longer pending."""

    reason: str
    words: str
    taken_back: bool = True


@dataclass
class Seated:
    """The friend took the other seat."""

    side: str


@dataclass
class Ended:
    """The game is over; ``check`` is "" when the server's revealed seed and the moves check
    out (docs/server.md, "The Improbable's dice"), else what is wrong; None when this client
    has not seen every move to check them. ``reason``: why, when the server ended it and not
    the rules (``time``: the loser's flag fell; ``abandoned``: the winner claimed it)."""

    winner: str | None
    check: str | None
    reason: str | None = None


@dataclass
class Left:
    """Every connection of ``side``'s seat went (a live game): it may come back within
    ``grace`` seconds; after that its opponent may claim the game."""

    side: str
    grace: float


@dataclass
class Back:
    """``side``'s seat, which had left, is connected again."""

    side: str


@dataclass
class Clocks:
    """The clocks as the server last told them: each side's time (seconds) at ``at`` (this
    machine's monotonic time when it came), and whose clock runs from then."""

    left: dict[str, float]
    running: str | None
    at: float

    def now(self, side: str, at: float | None = None) -> float:
        """``side``'s time now (counted down here since the server's word; never below 0)."""
        spent = (time.monotonic() if at is None else at) - self.at if side == self.running else 0.0
        return max(0.0, self.left.get(side, 0.0) - spent)


def clocks_of(told: Any, players: list[str]) -> Clocks | None:
    """The ``clocks`` of an envelope, checked (None: none, or not the server's)."""
    if not isinstance(told, dict) or not isinstance(told.get("left"), dict):
        return None
    left = {}
    for side in players:
        value = told["left"].get(side)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value < 1e9:
            return None
        left[side] = float(value)
    running = told.get("running")
    return Clocks(left, running if running in players else None, time.monotonic())


@dataclass
class Failed:
    """The game cannot go on from here (the server does not know the seat, a package is
    missing): ``words`` for the player. Nothing more comes."""

    reason: str
    words: str


@dataclass
class TakeBack:
    """A take-back asked (``status`` ``asked``), or its end without one: ``refused``,
    ``withdrawn``, ``expired`` (a move was played). ``by`` asked it; ``mine``: this seat did."""

    status: str
    by: str
    mine: bool


@dataclass
class TakenBack:
    """A take-back agreed: the match is back at the ply of ``by``'s move, ``gone`` moves off."""

    by: str | None
    gone: int


@dataclass
class Rematch:
    """A seat offered a rematch of the finished game (``mine``: this one)."""

    by: str
    mine: bool


@dataclass
class Rematched:
    """The rematch was made: ``entry`` is this seat's in the new game (kept in "my online
    games"), or, for a spectator, ``watch`` the new game's spectator code."""

    entry: book.Entry | None
    watch: str


@dataclass
class Pending:
    ply: int
    move: Any
    obj: dict[str, Any]
    id: int
    sent: float
    acked: bool = False


class OnlineGame:
    """One seat (``secret``) or one spectator (``watch``) of a game on ``server``."""

    def __init__(self, server: str, secret: str | None = None, watch: str | None = None,
                 entry: book.Entry | None = None) -> None:
        if (secret is None) == (watch is None):
            raise ValueError("an online game is a seat's secret or a spectator code")
        self.server = server
        self.secret = secret
        self.watch_code = watch
        self.entry = entry
        #: the game as the server tells it (None before the first welcome)
        self.match: Match | None = None
        self.game_id = entry.game if entry else ""
        self.level_name = entry.level if entry else ""
        self.seat: str | None = entry.seat if entry else None
        self.players: list[str] = []
        self.seated: list[str] = []
        self.commit = ""
        self.reveal: dict[str, Any] | None = None
        #: the server's ply of the match's state (the match's history may start later: a resync)
        self.ply = 0
        self.pending: Pending | None = None
        #: the time control as the server told it (``{"clock": {...}}``, ``{"correspondence": {...}}``, or {})
        self.control: dict[str, Any] = {}
        #: the clocks (None: the game has none)
        self.clocks: Clocks | None = None
        #: the seats that left a live game: when their grace runs out (monotonic)
        self.away: dict[str, float] = {}
        self.link = CONNECTING
        self.failed: Failed | None = None
        self.ended: Ended | None = None
        self.ids = itertools.count(1)
        #: the take-back asked and not yet answered (the server's ``takeback`` envelope), or None
        self.takeback: dict[str, Any] | None = None
        #: the seats that offered a rematch of the finished game; the new game once it is made
        self.rematch_offers: set[str] = set()
        self.rematched: Rematched | None = None
        #: a move's entry in the move list (a play screen's own words), else the rules'
        self.notation: Callable[[Any, Any, list[dict[str, Any]]], str] | None = None
        # shared with the network thread
        self._inbox: queue.Queue[tuple[str, Any]] = queue.Queue()
        self._lock = threading.Lock()
        self._ws: Any = None  # the socket moves are sent on: set once the welcome is read
        self._conn: Any = None  # the socket, from its opening (what a drop or close closes)
        self._seen = 0  # the last ply the network thread put on the queue
        self._epoch: int | None = None  # the game's take-backs as of that ply (None: not told yet)
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    @classmethod
    def of(cls, entry: book.Entry) -> OnlineGame:
        """The seat ``entry`` of "my online games", to take up again."""
        return cls(entry.server, secret=entry.secret, entry=entry)

    # -- the game's thread ---------------------------------------------------------------------
    def start(self) -> OnlineGame:
        """Connect in the background; a missing package is reported by the first poll."""
        if missing():
            self.failed = Failed("missing", _(NEEDS_EXTRA))
            self._inbox.put(("failed", self.failed))
            return self
        self._thread = threading.Thread(target=self._run, name="online-game", daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        """The connection closed for good (the game stays on the server)."""
        self._stopping.set()
        self.drop()
        thread, self._thread = self._thread, None
        if thread is not None and thread is not threading.current_thread():
            thread.join(OPEN_SECONDS)

    def drop(self) -> None:
        """The socket closed, as a network that failed would (it is made again)."""
        with self._lock:
            ws = self._conn
        if ws is not None:
            try:
                ws.close()
            except Exception:  # closing already
                pass

    @property
    def started(self) -> bool:
        """:meth:`start` was called (the connection is being made, or is, or failed)."""
        return self._thread is not None or self.failed is not None

    @property
    def ready(self) -> bool:
        """Welcomed at least once: the match is there."""
        return self.match is not None

    @property
    def spectator(self) -> bool:
        return self.secret is None

    @property
    def friend_here(self) -> bool:
        return bool(self.players) and len(self.seated) >= len(self.players)

    @property
    def over(self) -> bool:
        """The game is over: by the rules, or by the server (a flag fell, a game claimed)."""
        return self.ended is not None or (self.match is not None and self.match.over)

    @property
    def my_turn(self) -> bool:
        return (self.match is not None and not self.over and self.seat is not None
                and self.match.state.to_move == self.seat)

    @property
    def correspondence(self) -> bool:
        return "correspondence" in self.control

    def grace_left(self, side: str) -> float | None:
        """Seconds until ``side``, which left, may be claimed (0: it may now); None: it is here."""
        until = self.away.get(side)
        return None if until is None else max(0.0, until - time.monotonic())

    def opponent(self) -> str | None:
        return next((p for p in self.players if p != self.seat), None) if self.seat else None

    def claim(self) -> str | None:
        """Claim the game the opponent left (after the grace): the server ends it, and says
        so with an ``Ended`` event. Returns None, or why not (the player's words)."""
        other = self.opponent()
        if self.spectator or other is None:
            return _("Spectators watch; they cannot move.")
        if self.over:
            return _("The game is over.")
        left = self.grace_left(other)
        if left is None or left > 0:
            return _("Your opponent may still come back.")
        if not self._send({"v": api.PROTOCOL, "type": "claim"}):
            return _("Connection lost: reconnecting...")
        return None

    def why_not(self, move: Any = None) -> str | None:
        """Why this client cannot send ``move`` (or any move) now, in the player's words; None if it can."""
        if self.failed is not None:
            return self.failed.words
        if self.match is None:
            return _("Waiting for the server...")
        if self.spectator:
            return _("Spectators watch; they cannot move.")
        if self.over:
            return _("The game is over.")
        if self.pending is not None:
            return _("Waiting for the server...")
        if not self.friend_here:
            return _("Your friend has not joined yet.")
        if not self.my_turn:
            return _("It is your opponent's turn.")
        if move is not None:
            why = self.match.why_not(move)
            if why:
                return str(why)
        return None

    def send(self, move: Any) -> str | None:
        """Send ``move`` (the rules' move) for this seat: pending until the server plays it
        or refuses it. Returns None, or why it was not sent (the player's words)."""
        why = self.why_not(move)
        if why is not None:
            return why
        assert self.match is not None
        obj = self.match.rules.move_json(move)
        self.pending = Pending(self.ply, move, obj, next(self.ids), time.monotonic())
        self._send_pending()
        return None

    # -- take-backs by consent (docs/server.md) ---------------------------------------------
    def why_no_takeback(self) -> str | None:
        """Why this seat cannot ask for a take-back now (the player's words), or None."""
        if self.failed is not None:
            return self.failed.words
        if self.match is None or self.link != OPEN:
            return _("Waiting for the server...")
        if self.spectator:
            return _("Spectators watch; they cannot move.")
        if self.match.over:
            return _("The game is over.")
        if self.pending is not None:
            return _("Waiting for the server...")
        if self.takeback is not None:
            return _("A take-back is asked already.")
        mine = [n for n, p in enumerate(self.match.history) if p.before.to_move == self.seat]
        if not mine:
            return _("Nothing to undo.")
        rules = self.match.rules
        if any(rules.chance_outcomes(p.before, p.move) is not None for p in self.match.history[mine[-1]:]):
            return _("No take-back across a roll of the dice.")
        return None

    def ask_takeback(self) -> str | None:
        """Ask the opponent to take back this seat's last move; None, or why not (the
        server's answer comes as a :class:`TakeBack` event, or :class:`Answered`)."""
        why = self.why_no_takeback()
        if why is None and not self._send({"v": api.PROTOCOL, "type": "takeback", "ply": self.ply,
                                           "id": TAKEBACK_ID}):
            why = _("Waiting for the server...")
        return why

    def answer_takeback(self, accept: bool) -> str | None:
        """Answer the opponent's take-back (or, ``accept`` false, withdraw this seat's own)."""
        asked = self.takeback
        if asked is None:
            return _("No take-back is asked.")
        if not self._send({"v": api.PROTOCOL, "type": "takeback_answer", "ply": asked["ply"],
                           "accept": bool(accept), "id": TAKEBACK_ID}):
            return _("Waiting for the server...")
        return None

    # -- a rematch, sides swapped --------------------------------------------------------------
    def offer_rematch(self) -> str | None:
        """Offer the opponent a rematch of the finished game; None, or why not. When both
        have offered, a :class:`Rematched` event brings the new game."""
        if self.failed is not None:
            return self.failed.words
        if self.spectator:
            return _("Spectators watch; they cannot move.")
        if self.match is None or not self.match.over:
            return _("A rematch is offered once the game is over.")
        if not self._send({"v": api.PROTOCOL, "type": "rematch", "id": REMATCH_ID}):
            return _("Waiting for the server...")
        return None

    def _rematch(self, message: dict[str, Any], events: list[Any]) -> None:
        if message.get("status") == "offered":
            by = str(message.get("by"))
            self.rematch_offers.add(by)
            events.append(Rematch(by, by == self.seat))
        elif message.get("status") == "made" and self.rematched is None:
            new = message["new"]
            entry = None
            if "secret" in new and not self.spectator:
                entry = seat_of(self.server, {**new, "type": "joined"})
                kept(entry)
            self.rematched = Rematched(entry, str(new["watch"]))
            events.append(self.rematched)

    def _send_pending(self) -> None:
        pending = self.pending
        if pending is not None:
            self._send({"v": api.PROTOCOL, "type": "move", "ply": pending.ply, "move": pending.obj,
                        "id": pending.id})

    def _send(self, message: dict[str, Any]) -> bool:
        """Send now if connected (a move sent into a dropped socket is sent again once the
        connection is made again)."""
        with self._lock:
            ws = self._ws
            if ws is None:
                return False
            try:
                ws.send(json.dumps(message))
                return True
            except Exception as exc:  # the socket is going: the reader finds out and reconnects
                log.info("online: a message could not be sent (%s)", type(exc).__name__)
                return False

    def poll(self) -> list[Any]:
        """What the server said since the last poll, the match brought up to date; the events
        in order."""
        events: list[Any] = []
        while True:
            try:
                kind, value = self._inbox.get_nowait()
            except queue.Empty:
                return events
            try:
                if kind == "link":
                    self.link = value.status
                    events.append(value)
                elif kind == "welcome":
                    welcome, missed, seen, back = value  # (back: the take-back missed, if any)
                    self._welcomed(welcome, missed, seen, events, back)
                elif kind == "message":
                    self._message(value, events)
                elif kind == "failed":
                    self.failed = value
                    events.append(value)
            except Exception as exc:  # noqa: BLE001 - never a traceback into the game
                # the server's word cannot be read by these rules: catch up from its position
                log.warning("online: a message of the server could not be followed (%s)", exc)
                self._seen_reset()
                self.drop()

    def _seen_reset(self) -> None:
        with self._lock:
            self._seen = self.ply

    def _note(self, before: Any, move: Any, effects: list[dict[str, Any]]) -> str:
        assert self.match is not None
        return (self.notation or self.match.rules.move_note)(before, move, effects)

    # -- following the server --------------------------------------------------------------
    def _load(self, state: dict[str, Any]) -> Any:
        assert self.match is not None
        return self.match.rules.load_state({**state, "seed": state.get("seed", 0)}, self.match.level)

    def _welcomed(self, welcome: dict[str, Any], missed: list[dict[str, Any]], seen: int,
                  events: list[Any], back: dict[str, Any] | None = None) -> None:
        first = self.match is None
        if first:
            self.game_id, self.level_name = welcome["game"], welcome["level"]
            try:
                level = levels.load(self.game_id, self.level_name, strict=True)
                self.match = Match(self.game_id, level, start=False, notation=self._note)
            except (RulesError, KeyError) as exc:
                self.failed = Failed("level", _("This game's board is not in this version of the game."))
                log.warning("online: %s", exc)
                events.append(self.failed)
                self._stopping.set()
                self.drop()
                return
        match = self.match
        assert match is not None
        self.seat = welcome.get("seat")
        self.players = list(welcome["players"])
        self.seated = list(welcome["seated"])
        self.commit = welcome["commit"]
        self.control = {k: welcome[k] for k in ("clock", "correspondence")
                        if isinstance(welcome.get(k), dict)}
        self._clocks(welcome)
        self.away = {}  # the server says again who is away (a "left" after the welcome)
        if first and missed and missed[0]["ply"] == 1:
            # the whole game from its start: the move list as it was played
            state = welcome["state"]
            start = match.rules.new(match.level, seed=state.get("seed", 0), first=missed[0]["by"])
            match.set_position(start)
            self.ply = 0
            for envelope in missed:
                self._revealed(envelope.get("revealed"))
                match.follow(match.rules.parse_move(envelope["move"]), self._load(envelope["state"]),
                             envelope["effects"])
                self.ply = envelope["ply"]
            if dice.public(match.rules, match.state) != dice.public_json(state):
                log.warning("online: the moves did not end at the server's position; shown as it is")
                match.set_position(self._load(state))
            events.append(Shown())
        elif back is not None and not first and seen == self.ply:
            # moves were taken back while this client was away: as a live take-back, then the
            # moves played since
            self._taken_back(back, events)
            for envelope in missed:
                self._played(envelope, events, late=True)
        elif first or welcome.get("resync") or seen != self.ply or welcome["ply"] < self.ply:
            match.set_position(self._load(welcome["state"]))
            self.ply = welcome["ply"]
            events.append(Shown())
        else:  # a reconnection: the moves missed, in order
            for envelope in missed:
                self._played(envelope, events, late=True)
        self.ply = welcome["ply"]
        if self.pending is not None:  # sent before the drop, and not among the moves that came
            if self.ply == self.pending.ply and not match.over:
                self._send_pending()
            else:
                self.pending = None
                events.append(Answered("stale", api.words_for("stale")))
        self.link = OPEN
        events.append(Link(OPEN))
        if (match.over or welcome.get("status") == "over") and self.ended is None:
            self._end(welcome, events)

    def _message(self, message: dict[str, Any], events: list[Any]) -> None:
        kind = message.get("type")
        if kind == "played":
            self._played(message, events)
        elif kind == "ack":
            if self.pending is not None and message.get("id") == self.pending.id:
                self.pending.acked = True
        elif kind == "refused":
            reason = str(message.get("reason", ""))
            mine = self.pending is not None and message.get("id") == self.pending.id
            log.info("online: refused (%s): %s", reason, str(message.get("message", ""))[:300])
            if mine:
                self.pending = None
            words = api.words_for(reason)
            if message.get("id") == TAKEBACK_ID:
                words = _("The take-back was not made: {why}").format(why=words)
            elif message.get("id") == REMATCH_ID:
                words = _("No rematch: {why}").format(why=words)
            elif reason == "illegal" and mine and isinstance(message.get("message"), str):
                words = _("The server refused the move: {why}").format(why=message["message"][:200])
            events.append(Answered(reason, words, mine))
        elif kind == "seated":
            self.seated = list(message.get("seated", self.seated))
            events.append(Seated(str(message.get("side", ""))))
        elif kind == "takeback":
            status, by = str(message.get("status")), str(message.get("by"))
            self.takeback = dict(message) if status == "asked" else None
            events.append(TakeBack(status, by, by == self.seat))
        elif kind == "takenback":
            self._taken_back(message, events)
        elif kind == "rematch":
            self._rematch(message, events)
        elif kind == "ended":
            self._clocks(message)
            if self.ended is None and message.get("ply") == self.ply:
                self._end(message, events)
            elif self.ended is None:  # moves not yet seen here: the welcome after a reconnection tells
                self.drop()
        elif kind == "left" and message.get("side") in self.players and message.get("side") != self.seat:
            grace = message.get("grace")
            grace = float(grace) if isinstance(grace, (int, float)) and 0 <= grace < 1e6 else 60.0
            self.away[message["side"]] = time.monotonic() + grace
            events.append(Left(message["side"], grace))
        elif kind == "back" and message.get("side") in self.players and message.get("side") != self.seat:
            if self.away.pop(message["side"], None) is not None:
                events.append(Back(message["side"]))

    def _played(self, envelope: dict[str, Any], events: list[Any], late: bool = False) -> None:
        match = self.match
        assert match is not None
        ply = envelope["ply"]
        if ply <= self.ply:
            return  # told twice (a catch-up crossing a broadcast)
        if ply != self.ply + 1:
            raise ValueError(f"ply {ply} came after {self.ply}")
        self._revealed(envelope.get("revealed"))
        move = match.rules.parse_move(envelope["move"])
        before, after, effects = match.follow(move, self._load(envelope["state"]), list(envelope["effects"]))
        self.ply = ply
        by = envelope["by"]
        pending = self.pending
        if pending is not None and ply == pending.ply + 1 and (
                pending.acked or (by == self.seat and envelope["move"] == pending.obj)):
            # this client's move (its ack may have been lost with a dropped socket). Another
            # move at that ply, by the same seat open elsewhere, leaves it pending: the
            # server's refusal follows and takes it back
            self.pending = None
        self._clocks(envelope)
        events.append(Moved(before, after, move, effects, by, by == self.seat, late))
        if after.over:
            self._end(envelope, events)

    def _taken_back(self, message: dict[str, Any], events: list[Any]) -> None:
        """The server took moves back: the match goes back as many (the move list with it);
        a position this client's history does not reach is shown as it is."""
        match = self.match
        assert match is not None
        to = message["ply"]
        self.takeback = None
        gone = self.ply - to
        if gone < 0:
            raise ValueError(f"a take-back to ply {to} came at ply {self.ply}")
        start = self.ply - len(match.history)
        if to >= start:
            for _ in range(gone):
                match.take_back()
            match.branch()
            if dice.public(match.rules, match.state) != dice.public_json(message["state"]):
                match.set_position(self._load(message["state"]))
        else:
            match.set_position(self._load(message["state"]))
        self.ply = to
        self.pending = None  # a move sent on the position before is refused stale
        by = message.get("by")
        if gone or by is not None:  # (a hello's take-back that took back none of the moves seen here)
            events.append(TakenBack(None if by is None else str(by), gone))

    def _revealed(self, revealed: Any) -> None:
        """The earlier moves this seat was shown as stand-ins (``"hidden"``: an arrangement
        the rules keep from the other side), as they were played, now that they are public:
        the move list and the replay at the end hold the real moves. A ply before this
        client's history (a resync started it later) is not there to correct."""
        match = self.match
        assert match is not None
        start = self.ply - len(match.history)  # the server's ply of history[0]'s position
        for shown in revealed if isinstance(revealed, list) else ():
            index = shown["ply"] - 1 - start
            if 0 <= index < len(match.history):
                before, _stand_in, _text = match.history[index]
                move = match.rules.parse_move(shown["move"])
                match.history[index] = Played(before, move, self._note(before, move, list(shown["effects"])))

    def _clocks(self, told: dict[str, Any]) -> None:
        if "clocks" in told:
            found = clocks_of(told["clocks"], self.players)
            if found is not None:
                self.clocks = found

    def _end(self, told: dict[str, Any], events: list[Any]) -> None:
        match = self.match
        assert match is not None
        self.reveal = told.get("reveal")
        outcome = match.outcome()
        winner = None if outcome is None else outcome.winner
        reason = told.get("reason") if outcome is None and told.get("reason") in SERVER_ENDS else None
        if reason is not None:  # the server ended it (a flag, a claim), not the rules
            winner = told.get("winner") if told.get("winner") in self.players else None
            self.pending = None
        if self.clocks is not None:  # nobody's runs on
            self.clocks = Clocks({p: self.clocks.now(p) for p in self.players}, None, time.monotonic())
        self.away = {}
        check: str | None = None
        if len(match.history) == self.ply:
            moves = [match.rules.move_json(p.move) for p in match.history]
            check = dice.check(self.game_id, match.level, self.commit, self.reveal, moves,
                               dice.public(match.rules, match.state))
            if check:
                log.warning("online: game %s does not check out: %s", told.get("match"), check)
        self.ended = Ended(winner, check, reason)
        events.append(self.ended)

    # -- the network's thread ----------------------------------------------------------------
    def _post(self, kind: str, value: Any) -> None:
        self._inbox.put((kind, value))

    def _hello(self) -> dict[str, Any]:
        with self._lock:
            seen, epoch = self._seen, self._epoch
        who: dict[str, Any] = ({"secret": self.secret} if self.secret is not None
                               else {"watch": self.watch_code})
        hello = {"v": api.PROTOCOL, "type": "hello", **who, "ply": seen}
        if epoch is not None:
            hello["epoch"] = epoch
        return hello

    def _connect(self) -> Any:
        from websockets.sync.client import connect

        url = api.socket_url(self.server)
        options: dict[str, Any] = dict(open_timeout=OPEN_SECONDS, close_timeout=2, compression=None,
                                       max_size=MAX_FRAME)
        try:
            return connect(url, proxy=None, **options)  # a server on the LAN: no proxy
        except TypeError:  # websockets before 15 knows no proxies
            return connect(url, **options)

    def _run(self) -> None:
        delay = RETRY_FIRST
        while not self._stopping.is_set():
            self._post("link", Link(CONNECTING))
            try:
                self._session()
                delay = RETRY_FIRST
            except _Fatal as fatal:
                self._post("failed", Failed(fatal.reason, api.words_for(fatal.reason)))
                return
            except Exception as exc:  # any failure of the network: the connection is made again
                detail = f"{type(exc).__name__}: {exc}"[:200]
                log.info("online: connection lost (%s)", detail)
                if not self._stopping.is_set():
                    self._post("link", Link(LOST, detail))
            if self._stopping.wait(delay):
                return
            delay = min(RETRY_MOST, delay * 2)

    def _session(self) -> None:
        """One connection: hello, welcome and the moves missed, then every message until it drops."""
        ws = self._connect().__enter__()  # (websockets 17 warns about a connection used without it)
        try:
            with self._lock:
                if self._stopping.is_set():
                    return
                self._conn = ws
            hello = self._hello()
            ws.send(json.dumps(hello))
            welcome = self._read(ws, HELLO_SECONDS)
            if welcome.get("type") == "refused":
                reason = str(welcome.get("reason"))
                if reason in FATAL:
                    raise _Fatal(reason)
                raise ConnectionError(f"hello refused: {reason}")
            if welcome.get("type") != "welcome":
                raise ConnectionError("no welcome")
            seen, now = hello["ply"], welcome["ply"]
            missed: list[dict[str, Any]] = []
            back: dict[str, Any] | None = None
            since = seen
            told, mine = _epoch_of(welcome), hello.get("epoch")
            if not welcome.get("resync") and isinstance(now, int) and seen > 0 \
                    and None not in (told, mine) and told != mine:
                # moves taken back since this client looked: the server goes back to the last ply
                # both saw, then sends the moves after it
                back = self._read(ws, HELLO_SECONDS)
                if back.get("type") != "takenback" or not isinstance(back.get("ply"), int):
                    raise ConnectionError("no takenback after a hello of an older epoch")
                since = back["ply"]
            if not welcome.get("resync") and isinstance(now, int) and 0 <= since < now:
                while len(missed) < now - since:
                    message = self._read(ws, HELLO_SECONDS)
                    if message.get("type") == "played":
                        missed.append(message)
            with self._lock:
                self._seen = now
                self._epoch = _epoch_of(welcome)
                # moves go out from now: not before the hello, nor on the position before the welcome
                self._ws = ws
            self._post("welcome", (welcome, missed, seen, back))
            quiet_since = time.monotonic()
            while not self._stopping.is_set():
                try:
                    message = self._read(ws, PING_SECONDS)
                except TimeoutError:
                    if time.monotonic() - quiet_since > SILENT_SECONDS:
                        raise ConnectionError("the server went silent") from None
                    ws.send(json.dumps({"v": api.PROTOCOL, "type": "ping"}))
                    continue
                quiet_since = time.monotonic()
                if message.get("type") == "played":
                    with self._lock:
                        self._seen = max(self._seen, message["ply"])
                        self._epoch = _epoch_of(message, self._epoch)
                elif message.get("type") == "takenback":  # the game's ply went back
                    with self._lock:
                        self._seen = message["ply"]
                        self._epoch = _epoch_of(message, self._epoch)
                if message.get("type") != "pong":
                    self._post("message", message)
        finally:
            with self._lock:
                self._ws = self._conn = None
            try:
                ws.close()
            except Exception:
                pass

    @staticmethod
    def _read(ws: Any, timeout: float) -> dict[str, Any]:
        text = ws.recv(timeout=timeout)
        message = json.loads(text)
        if not isinstance(message, dict) or message.get("v") != api.PROTOCOL:
            raise ConnectionError("not the server's envelope")
        return message


def _epoch_of(message: dict[str, Any], otherwise: int | None = None) -> int | None:
    """The game's epoch (its take-backs) an envelope carries (a server before them: none)."""
    epoch = message.get("epoch")
    return epoch if isinstance(epoch, int) and not isinstance(epoch, bool) and epoch >= 0 else otherwise


class _Fatal(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# -- the ways into a game ------------------------------------------------------------------
def seat_of(server: str, answer: dict[str, Any]) -> book.Entry:
    """The seat a server's answer gave, checked as the book checks what it reads: a server
    that answers nonsense (a game this version does not know, a secret that is no secret) is
    refused here, before anything is kept or shown."""
    fields = {**{k: answer.get(k) for k in book.SHAPES if k in answer}, "server": server}
    if answer.get("type") != "created":
        fields.pop("invite", None)
    if storage.misfits(fields, book.SHAPES, book.NEEDED):
        raise OnlineError(api.ANSWER, "the seat in the answer does not fit")
    return book.Entry.of(server, answer)


def kept(entry: book.Entry) -> str:
    """``entry`` written to "my online games"; a line for the log when it cannot be."""
    try:
        return book.remember(entry)
    except OSError as exc:
        log.warning("online: the game could not be kept in %s (%s)", book.FILE, exc)
        return str(exc)


def new_game(server: str, game_id: str, level: str | None = None, side: str | None = None,
             control: dict[str, Any] | None = None) -> tuple[OnlineGame, dict[str, Any]]:
    """A game made on ``server`` (not yet connected) and the server's answer (its invite and
    spectator codes); the seat kept in "my online games". ``control``: its time control,
    ``{"clock": {"initial", "increment"}}`` or ``{"correspondence": {"days"}}`` (None: none).
    OnlineError when it cannot be."""
    server = api.normal_address(server)
    answer = api.create(server, game_id, level, side, control)
    entry = seat_of(server, answer)
    kept(entry)
    return OnlineGame.of(entry), answer


def join_game(server: str, invite: str) -> tuple[OnlineGame, dict[str, Any]]:
    """The free seat of the game with ``invite`` on ``server`` (not yet connected), kept in
    "my online games". OnlineError when it cannot be."""
    server = api.normal_address(server)
    answer = api.join(server, invite)
    entry = seat_of(server, answer)
    kept(entry)
    return OnlineGame.of(entry), answer


def watch_game(server: str, code: str) -> OnlineGame:
    """A spectator of the game with the spectator code ``code`` (not yet connected)."""
    found = api.normal_code(code)
    if found is None:
        raise OnlineError("unknown", "not a code")
    return OnlineGame(api.normal_address(server), watch=found)
