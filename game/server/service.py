"""The server's rules of the house, with no network in them: create a game, join it by
its invite, watch it by its spectator code, play a move on it, and the envelopes that
tell the seats and the spectators what happened. The ASGI application
(:mod:`game.server.app`) carries these over HTTP and a WebSocket; the tests call them
directly too.

A game in memory is a :class:`Table`: the stored row, the :class:`~game.match.Match` that
the stored moves rebuild (the same ``Match`` a play screen and the engine protocol hold),
and who sits where. The server is the authority: a move is parsed and checked by the
game's own rules, stored, and only then announced. Every refusal is a :class:`Refused`
with a reason word and a sentence, and changes nothing.

    service = Service(SQLiteStore(folder))
    made = service.create({"game": "rush", "level": "9x9"})      # invite, watch, secret
    joined = service.join({"invite": made["invite"]})            # the other seat's secret
    table, side = service.seat(made["secret"])
    envelope = service.play(table, side, 0, {"cell": "e5"})       # {"v":1,"type":"played",...}
"""
from __future__ import annotations

import functools
import hashlib
import json
import logging
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from .. import catalogue
from ..content import levels
from ..match import Match
from ..rules.core import Game, RulesError
from . import clock as C
from . import views
from .clock import Clock
from .store import GameRow, MoveRow, Store
from .views import Views

log = logging.getLogger("gauss_arcade.server")

#: the envelope's version: ``"v"`` of every message either way
PROTOCOL = 1
#: invite and spectator codes: no 0/O, no 1/I
ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 6
GAME_ID_LENGTH = 8
#: a reconnecting client gets at most this many missed moves one by one; further behind,
#: the welcome's state alone (``"resync": true``)
MAX_MISSED = 500
#: games kept rebuilt in memory (least recently used go first; a game is rebuilt from its moves)
MAX_TABLES = 2000
#: the positions kept in memory per game, of its last moves (what a reconnecting client or
#: another server process's move most often needs): a game's whole history, a few objects a
#: move, made the collector's passes over a thousand games last a quarter of a second
#: (docs/server.md); older positions are rebuilt from the moves when asked for
KEEP_POSITIONS = 16
#: the longest a refusal's sentence gets (a sentence quoting a request quotes its start)
MAX_SENTENCE = 300
#: how deep a request's JSON may nest (the deepest real move nests 3 levels)
MAX_DEPTH = 8

# the reasons a request is refused (the word of "reason"; docs/server.md lists them)
MALFORMED, TOO_BIG, RATE, UNKNOWN, SECRET, SPECTATOR, WAITING = (
    "malformed", "too_big", "rate", "unknown", "secret", "spectator", "waiting")
STALE, DUPLICATE, TURN, ILLEGAL, OVER, TAKEN, FULL, HELLO, INTERNAL = (
    "stale", "duplicate", "turn", "illegal", "over", "taken", "full", "hello", "internal")
#: a claim refused: the opponent is here, or its grace has not run out (or the game has none)
GRACE = "grace"


class Refused(Exception):
    """A request the server refuses: ``reason`` (a word from the list above), ``message``
    (one sentence for a person), ``ply`` (the game's ply, where a game was reached)."""

    def __init__(self, reason: str, message: str, ply: int | None = None) -> None:
        if len(message) > MAX_SENTENCE:
            message = message[:MAX_SENTENCE - 1] + "…"
        super().__init__(message)
        self.reason = reason
        self.message = message
        self.ply = ply

    def envelope(self, request_id: Any = None) -> dict[str, Any]:
        out: dict[str, Any] = {"v": PROTOCOL, "type": "refused", "reason": self.reason,
                               "message": self.message}
        if self.ply is not None:
            out["ply"] = self.ply
        if plain_id(request_id):
            out["id"] = request_id
        return out


def plain_id(value: Any) -> bool:
    """A request's ``id`` echoed back: a short string or a whole number, nothing else."""
    return (isinstance(value, int) and not isinstance(value, bool) and abs(value) < 1 << 53) or (
        isinstance(value, str) and len(value) <= 64)


def make_code(length: int = CODE_LENGTH) -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


def normal_code(value: Any) -> str | None:
    """A code as typed (any case, spaces and dashes ignored), or None if it cannot be one."""
    if not isinstance(value, str) or len(value) > 32:
        return None
    code = value.replace(" ", "").replace("-", "").upper()
    return code if code and all(c in ALPHABET for c in code) else None


def new_secret() -> str:
    return secrets.token_urlsafe(24)


def secret_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def commitment(seed: int, salt: str) -> str:
    """The hash published at the start: ``sha256("<seed>:<salt>")`` in hex; the seed and salt
    are revealed when the game is over, and anyone checks them against it and replays."""
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()


def has_chance(rules: Game[Any, Any, Any]) -> bool:
    """Whether some move of the game is left to chance (The Improbable's roll): its seed
    decides the future and never reaches a client before the end."""
    return rules.has_chance()


def depth(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether ``value`` nests no deeper than ``limit``."""
    if limit < 0:
        return False
    if isinstance(value, dict):
        return all(depth(v, limit - 1) for v in value.values())
    if isinstance(value, list):
        return all(depth(v, limit - 1) for v in value)
    return True


@functools.lru_cache(maxsize=64)
def level_names(game_id: str) -> tuple[str, ...]:
    """The levels a game can be created on, read once a run (a level file added while the
    server runs is offered after its restart)."""
    return tuple(levels.names(game_id))


def rules_version() -> str:
    try:
        from importlib.metadata import PackageNotFoundError, version
        try:
            return "gauss-arcade " + version("gauss-arcade")
        except PackageNotFoundError:
            return "gauss-arcade (source)"
    except ImportError:  # pragma: no cover
        return "gauss-arcade"


@dataclass(frozen=True)
class Limits:
    """Caps and rates. ``max_message``: the longest message (bytes) answered with anything
    but a refusal; ``frame``: longer WebSocket frames close the socket (uvicorn's cap);
    ``rate``/``burst``: messages a second per connection (a token bucket), HTTP requests a
    second per address; ``strikes``: refusals for rate in a row before the socket closes."""

    max_message: int = 4096
    frame: int = 16384
    rate: float = 10.0
    burst: int = 30
    strikes: int = 50
    max_sockets: int = 4000
    max_followers: int = 64
    hello_seconds: float = 10.0
    queue: int = 256
    addresses: int = 10000
    #: a live game: seconds a seat whose every socket went may be away before it may be claimed
    grace: float = C.GRACE
    #: seconds between two looks at the clocks that run (a flag falls at most this late)
    tick: float = 0.1
    #: days a game nothing touches (no move, no seat taken, no end) is kept; 0: for ever
    keep_days: float = 365.0
    #: seconds between two sweeps for games to forget (the first comes a minute after the start)
    sweep: float = 3600.0


@dataclass(frozen=True)
class Ending:
    """A game the server ended, not the rules: ``reason`` ``time`` (``loser``'s flag fell) or
    ``abandoned`` (``winner`` claimed it after the grace), at ``at_ms``."""

    winner: str
    loser: str
    reason: str
    at_ms: int


@dataclass
class Table:
    """A game in memory: its row, the match its moves rebuild, the sides taken, and who
    played each move (``by[n - 1]`` played ply ``n``); its clock (None: no time control)
    and its end when the server ended it (a flag, a claim)."""

    row: GameRow
    match: Match
    seated: list[str]
    by: list[str]
    #: moves played in memory and not yet stored (the table stays in memory meanwhile)
    pending: int = 0
    clock: Clock | None = None
    ended: Ending | None = None
    #: every move played, as its compact JSON (``moves[n - 1]`` is ply ``n``); the match's
    #: ``history`` keeps only the last positions (:data:`KEEP_POSITIONS`)
    moves: list[str] = field(default_factory=list)

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def ply(self) -> int:
        return len(self.by)

    def add(self, move: Any, side: str) -> tuple[Any, Any, list[dict[str, Any]]]:
        """``move`` played on the match for ``side`` (the caller checked it); as ``Match.play``."""
        rules = self.match.rules
        before, after, effects = self.match.play(move)
        self.by.append(side)
        self.moves.append(json.dumps(rules.move_json(move), separators=(",", ":")))
        history = self.match.history
        if len(history) >= 2 * KEEP_POSITIONS:  # (trimmed now and then, not at every move)
            del history[:len(history) - KEEP_POSITIONS]
        return before, after, effects

    @property
    def over(self) -> bool:
        return self.match.over or self.ended is not None

    def turn_goes_on(self, side: str, after: Any) -> bool:
        """Whether ``side``'s turn goes on in ``after`` (the rules' turns: Rush's placing
        again, The Improbable's rolling on)."""
        return bool(after.to_move == side and self.match.rules.mid_turn(after))

    def other(self, side: str) -> str:
        return next(p for p in self.match.rules.players if p != side)


@dataclass
class Pending:
    """A move played on a game in memory, waiting for the store: the row to store and the
    envelope to send once it is stored."""

    table: Table
    stored: MoveRow
    status: str
    result: str | None
    #: the ``played`` envelope, as each audience sees it (``envelope.to(side)``)
    envelope: Views

    @property
    def ply(self) -> int:
        return self.stored.ply

    def row(self) -> tuple[str, MoveRow, str, str | None]:
        return self.table.id, self.stored, self.status, self.result


class Service:
    def __init__(self, store: Store, clock: Any = time.time) -> None:
        self.store = store
        self.tables: OrderedDict[str, Table] = OrderedDict()
        self.version = rules_version()
        #: the wall clock (seconds since the epoch): the games' clocks are worked out from it
        self.clock = clock

    def now_ms(self) -> int:
        return int(self.clock() * 1000)

    # -- creating and joining -------------------------------------------------------------
    def create(self, body: Any) -> dict[str, Any]:
        """A new game: ``{"game": ID, "level": NAME?, "side": SIDE?, "options": {...}?}`` and a
        time control, ``"clock": {"initial", "increment"}`` or ``"correspondence": {"days"}``
        (:mod:`game.server.clock`) -> the game's id, its invite and spectator codes, the
        creator's side and secret, and the commitment to its seed."""
        body = self._object(body, {"game", "level", "side", "options", C.CLOCK, C.CORRESPONDENCE})
        try:
            control = C.control_of(body.get(C.CLOCK), body.get(C.CORRESPONDENCE))
        except C.BadControl as exc:
            raise Refused(MALFORMED, str(exc)) from None
        game_id = body.get("game")
        if not isinstance(game_id, str) or game_id not in catalogue.GAME_IDS:
            raise Refused(MALFORMED, "\"game\" must be one of " + ", ".join(catalogue.GAME_IDS) + ".")
        record = catalogue.get(game_id)
        name = body.get("level")
        if name is not None and (not isinstance(name, str) or name not in level_names(game_id)):
            raise Refused(MALFORMED, f"\"level\" must be one of {', '.join(level_names(game_id))}.")
        side = body.get("side", record.rules.players[0])
        if side not in record.rules.players:
            raise Refused(MALFORMED, f"\"side\" must be {' or '.join(record.rules.players)}.")
        options = body.get("options")
        if options is not None and not isinstance(options, dict):
            raise Refused(MALFORMED, "\"options\" must be a JSON object.")
        seed = secrets.randbits(63)
        try:
            level = levels.load(game_id, name, strict=True)
            match = Match(game_id, level, seed, options, notes=False)
        except RulesError as exc:
            raise Refused(MALFORMED, str(exc)) from None
        salt = secrets.token_hex(16)
        options_json = None if options is None else json.dumps(options, separators=(",", ":"))
        secret = new_secret()
        for _attempt in range(8):  # a code already in use: draw again
            row = GameRow(id=make_code(GAME_ID_LENGTH), game=game_id, level=level["name"],
                          level_json=json.dumps(level, separators=(",", ":")),
                          options_json=options_json,
                          seed=seed, salt=salt, commit_hash=commitment(seed, salt), invite=make_code(),
                          watch=make_code(), rules_version=self.version,
                          time_control=C.stored_text(control))
            if self.store.create(row, side, secret_hash(secret)):
                break
        else:  # pragma: no cover - eight collisions in a billion codes
            raise Refused(INTERNAL, "No free code could be drawn; try again.")
        table = Table(self.store.game(row.id) or row, match, [side], [],
                      clock=None if control is None else Clock.new(control, match.rules.players))
        self._keep(table)
        log.info("game %s created (%s, %s)", row.id, game_id, row.level)
        return {"v": PROTOCOL, "type": "created", **self.info(table), "invite": row.invite,
                "watch": row.watch, "seat": side, "secret": secret}

    def join(self, body: Any) -> dict[str, Any]:
        """``{"invite": CODE}`` -> the free side's secret (the invite then is spent)."""
        body = self._object(body, {"invite"})
        code = normal_code(body.get("invite"))
        row = self.store.by_invite(code) if code else None
        if row is None:
            raise Refused(UNKNOWN, "No game has that invite code.")
        table = self.table(row.id)
        free = [p for p in table.match.rules.players if p not in table.seated]
        if not free:
            raise Refused(TAKEN, "That invite was used already: both seats are taken.")
        secret = new_secret()
        started = self.now_ms()
        if not self.store.add_seat(row.id, free[0], secret_hash(secret), started_ms=started):
            raise Refused(TAKEN, "That invite was used already: both seats are taken.")
        table.seated.append(free[0])
        table.row = self.store.game(row.id) or table.row
        self._start_clock(table)
        log.info("game %s: %s joined", row.id, free[0])
        return {"v": PROTOCOL, "type": "joined", **self.info(table), "watch": row.watch, "seat": free[0],
                "secret": secret}

    # -- finding a game -----------------------------------------------------------------------
    def seat(self, secret: Any) -> tuple[Table, str]:
        """The game and side a seat's secret opens; Refused(SECRET) for any other value."""
        if not isinstance(secret, str) or not 8 <= len(secret) <= 128:
            raise Refused(SECRET, "That is not a seat's secret.")
        found = self.store.seat_of(secret_hash(secret))
        if found is None:
            raise Refused(SECRET, "That is not a seat's secret.")
        return self.table(found[0]), found[1]

    def watched(self, code: Any) -> Table:
        found = normal_code(code)
        row = self.store.by_watch(found) if found else None
        if row is None:
            raise Refused(UNKNOWN, "No game has that spectator code.")
        return self.table(row.id)

    def table(self, game_id: str) -> Table:
        """The game rebuilt in memory (from its stored moves, when it is not there yet)."""
        table = self.tables.get(game_id)
        if table is not None:
            self.tables.move_to_end(game_id)
            return table
        row = self.store.game(game_id)
        if row is None:
            raise Refused(UNKNOWN, "No such game.")
        try:
            match = self.new_match(row)
            control = C.stored(row.time_control)
            table = Table(row, match, self.store.seats(game_id), [],
                          clock=None if control is None else Clock.new(control, match.rules.players))
            self._start_clock(table)
            for number, stored in enumerate(self.store.moves(game_id), start=1):
                if stored.ply != number:
                    raise RulesError(f"ply {number} is missing")
                self._replay(table, stored)
        except (RulesError, ValueError, KeyError) as exc:
            log.error("game %s cannot be rebuilt: %s", game_id, exc)
            raise Refused(INTERNAL, "This game cannot be rebuilt by this server's rules.") from None
        self._ended_as_stored(table)
        self._keep(table)
        return table

    @staticmethod
    def new_match(row: GameRow) -> Match:
        """The game of ``row`` at its start (raises RulesError, ValueError for a row the rules refuse)."""
        level = json.loads(row.level_json)
        options = None if row.options_json is None else json.loads(row.options_json)
        return Match(row.game, level, row.seed, options, notes=False)

    def full_match(self, table: Table) -> Match:
        """The game of ``table`` replayed from its moves with every position kept (the table's
        own keeps the last ones only): for a client further behind, or a take-back or a reveal
        that reaches back further."""
        match = self.new_match(table.row)
        for text in table.moves:
            match.play(match.rules.parse_move(json.loads(text)))
        return match

    def _replay(self, table: Table, stored: MoveRow) -> None:
        """A stored move played on the game in memory, its clock with it."""
        rules = table.match.rules
        side = stored.side
        _before, after, _effects = table.add(rules.parse_move(json.loads(stored.move_json)), side)
        if table.clock is not None and stored.at_ms is not None:
            table.clock.moved(side, stored.at_ms, after.to_move, table.turn_goes_on(side, after))

    def _start_clock(self, table: Table) -> None:
        """Both seats in: the first turn's clock runs from when the second was taken."""
        if table.clock is not None and table.row.started_ms is not None and not table.ply:
            table.clock.start(table.row.started_ms, table.match.state.to_move)

    def _ended_as_stored(self, table: Table) -> None:
        row = table.row
        if row.status == "over" and row.reason in (C.TIME, C.ABANDONED) \
                and row.result in table.match.rules.players:
            at = row.ended_ms if row.ended_ms is not None else row.updated * 1000
            table.ended = Ending(row.result, table.other(row.result), row.reason, at)
            if table.clock is not None:
                table.clock.stop(at)

    def _keep(self, table: Table) -> None:
        self.tables[table.id] = table
        for _ in range(len(self.tables) - MAX_TABLES):  # the least recently used: rebuilt when asked for
            oldest = next(iter(self.tables))
            if self.tables[oldest].pending:  # (not while a move of it waits for the store)
                self.tables.move_to_end(oldest)
            else:
                del self.tables[oldest]

    # -- playing ------------------------------------------------------------------------------
    def play(self, table: Table, side: str | None, ply: Any, move_obj: Any) -> dict[str, Any]:
        """Play ``move_obj`` (the engine protocol's MOVE) for ``side``, sent by a client whose
        last seen ply is ``ply``; returns the ``played`` envelope once the move is stored.
        Raises :class:`Refused` (and changes nothing) for a spectator, a stale or duplicate
        move, a move out of turn, an illegal move, a game that is over or not yet joined.

        The application does the same in two steps, so that the moves of many games are
        stored in one transaction (one sync of the disk): :meth:`prepare`, then the store's
        ``append_many``, then :meth:`settle`."""
        pending = self.prepare(table, side, ply, move_obj)
        try:
            self.store.append_many([pending.row()])
        except Exception:
            log.exception("game %s: the move could not be stored", table.id)
            self.settle([pending], stored=False)
            raise Refused(INTERNAL, "The move could not be stored; it was not played.",
                          pending.ply - 1) from None
        self.settle([pending], stored=True)
        return pending.envelope.to(side)

    def prepare(self, table: Table, side: str | None, ply: Any, move_obj: Any) -> Pending:
        """The move checked and played on the game in memory, waiting to be stored: nobody is
        told of it before :meth:`settle` (stored) says it is on the disk. Refusals as :meth:`play`."""
        match, rules = table.match, table.match.rules
        now = table.ply
        if side is None:
            raise Refused(SPECTATOR, "Spectators watch; they cannot move.", now)
        if isinstance(ply, bool) or not isinstance(ply, int):
            raise Refused(MALFORMED, "A move needs \"ply\": the last ply this client saw (0 at the start).",
                          now)
        if not depth(move_obj):
            raise Refused(MALFORMED, "The move nests too deep.", now)
        try:
            move = rules.parse_move(move_obj)
            move_json = rules.move_json(move)
        except RulesError as exc:
            raise Refused(ILLEGAL, str(exc), now) from None
        except Exception:  # a parser's bug must not reach the client
            log.exception("game %s: parse_move failed on %.200r", table.id, move_obj)
            raise Refused(MALFORMED, "That is not a move of this game.", now) from None
        if ply != now:
            if 0 <= ply < now and table.by[ply] == side and self._same(table, ply, move_json):
                raise Refused(DUPLICATE, f"That move was accepted already, as ply {ply + 1}.", now)
            raise Refused(STALE, f"The game is at ply {now}, not {ply}: catch up first.", now)
        if len(table.seated) < len(rules.players):
            table.seated = self.store.seats(table.id)  # (the friend may have joined on another process)
        if len(table.seated) < len(rules.players):
            raise Refused(WAITING, "Your friend has not joined yet.", now)
        if table.over:
            raise Refused(OVER, "The game is over.", now)
        at = self.now_ms()
        if table.clock is not None and table.clock.fallen(at) is not None:
            raise Refused(OVER, "The time is up: the game is over.", now)
        if match.state.to_move != side:
            raise Refused(TURN, f"It is {match.state.to_move}'s turn, not {side}'s.", now)
        why = rules.why_illegal(match.state, move)
        if why:
            raise Refused(ILLEGAL, str(why), now)
        # a move the rules accept but do not list: a die's result chosen (refused: the server
        # rolls), or a move no list holds (Sparks' draw offer, always possible on one's turn)
        if has_chance(rules) and not rules.moves_unlisted(match.state) and \
                move not in rules.legal_moves(match.state):
            if any(move in [m for m, _p in rules.chance_outcomes(match.state, legal) or ()]
                   for legal in rules.legal_moves(match.state)):
                raise Refused(ILLEGAL, "The server rolls the dice: send the move without choosing its "
                              "result.", now)
            raise Refused(ILLEGAL, "That move is not legal here.", now)
        try:
            _before, after, effects = table.add(move, side)
        except RulesError as exc:
            raise Refused(ILLEGAL, str(exc), now) from None
        table.pending += 1
        if table.clock is not None:
            table.clock.moved(side, at, after.to_move, table.turn_goes_on(side, after))
        outcome = match.outcome()
        stored = MoveRow(now + 1, side, table.moves[-1], at)
        return Pending(table, stored, "over" if after.over else "playing",
                       None if outcome is None else str(outcome.winner),
                       self.played(table, now + 1, list(effects)))

    def settle(self, pendings: list[Pending], stored: bool) -> None:
        """The moves ``prepare`` played, stored (or not: a game of theirs is then read anew
        from the store when next asked for, as if they had never been played)."""
        for pending in pendings:
            pending.table.pending -= 1
            if not stored:
                self.tables.pop(pending.table.id, None)
            elif pending.status == "over":
                log.info("game %s over after %d plies: %s", pending.table.id, pending.ply, pending.result)

    def _same(self, table: Table, ply: int, move_json: dict[str, Any]) -> bool:
        return table.moves[ply] == json.dumps(move_json, separators=(",", ":"))

    # -- what clients are told ------------------------------------------------------------
    def client_state(self, table: Table, state: Any, side: str | None = None) -> dict[str, Any]:
        """STATE as ``side`` (a seat; None: a spectator) may see it: the rules' view (never
        the seed of a game with chance, nor what the rules hide from that side)."""
        return dict(table.match.rules.view(state, side))

    def info(self, table: Table) -> dict[str, Any]:
        row, rules = table.row, table.match.rules
        out: dict[str, Any] = {"match": row.id, "game": row.game, "level": row.level,
                               "players": list(rules.players), "seated": list(table.seated),
                               "commit": row.commit_hash, "ply": table.ply,
                               "status": "over" if table.over else row.status}
        if table.clock is not None:  # "clock" or "correspondence": the time control, and the clocks now
            out.update(table.clock.control.json())
            out["clocks"] = self.clocks(table)
        if table.ended is not None:
            out["reveal"] = {"seed": row.seed, "salt": row.salt}
            out["winner"], out["reason"] = table.ended.winner, table.ended.reason
        elif table.match.over:
            out["reveal"] = {"seed": row.seed, "salt": row.salt}
            outcome = table.match.outcome()
            if outcome is not None:
                out["winner"] = outcome.winner
                out["reason"] = str(outcome.reason)
        return out

    def clocks(self, table: Table) -> dict[str, Any] | None:
        """Each side's time now, whose clock runs and the server's time (None: no clock)."""
        return None if table.clock is None else table.clock.json(self.now_ms())

    def history(self, table: Table, ply: int) -> tuple[Match, int]:
        """A match whose history holds ply ``ply`` on (and, where the position before it
        hides something, every ply before: a reveal names them), and the ply its history
        starts after: the table's own, or the game replayed when that reaches back too far."""
        match = table.match
        first = table.ply - len(match.history)
        if first and (ply - 1 < first or match.rules.private(match.history[ply - 1 - first].before)):
            return self.full_match(table), 0
        return match, first

    def played(self, table: Table, ply: int, effects: list[dict[str, Any]] | None = None,
               history: tuple[Match, int] | None = None) -> Views:
        """The ``played`` envelope of ply ``ply`` as each audience sees it (:mod:`.views`),
        with the clocks when it is the last move (those of a missed move are not kept: the
        welcome's are now's). ``history``: see :meth:`history`."""
        match, first = history if history is not None else self.history(table, ply)
        out = views.played(table.id, match, table.by, ply, effects,
                           {"seed": table.row.seed, "salt": table.row.salt}, first)
        clocks = self.clocks(table) if table.clock is not None and ply == table.ply else None
        for message in (out, *out.sides.values()):
            message["epoch"] = table.row.takebacks
            if clocks is not None:
                message["clocks"] = clocks
        return out

    def takenback(self, table: Table, ply: int, by: str | None, was: int) -> Views:
        """The ``takenback`` envelope that brings a client from ply ``was`` back to ply
        ``ply`` of the game as it is (its STATE as each audience sees it), with the epoch."""
        rules = table.match.rules
        if ply >= table.ply:
            state = table.match.state
        else:
            match, first = self.history(table, ply + 1)
            state = match.history[ply - first].before
        base = {"v": PROTOCOL, "type": "takenback", "match": table.id, "by": by, "ply": ply, "from": was,
                "epoch": table.row.takebacks}
        if not rules.private(state):
            return Views({**base, "state": rules.view(state, None)})
        return Views({**base, "state": rules.view(state, None)},
                     {side: {**base, "state": rules.view(state, side)} for side in rules.players})

    @staticmethod
    def agreed(table: Table, seen: int, epoch: int) -> int:
        """The last ply a client that saw ply ``seen`` at ``epoch`` (the take-backs it knew of)
        shares with the game: that of the take-back since, or the start when it missed several."""
        row = table.row
        if epoch == row.takebacks - 1 and row.taken_to is not None:
            return min(seen, row.taken_to, table.ply)
        return 0

    # -- the server's own ends: a flag, a claim --------------------------------------------------
    def flag(self, table: Table) -> dict[str, Any] | None:
        """The game ended on time if the running side's flag has fallen (and no move of it
        waits for the store): the ``ended`` envelope to tell everyone, else None."""
        if table.clock is None or table.over or table.pending:
            return None
        at = self.now_ms()
        loser = table.clock.fallen(at)
        if loser is None:
            return None
        return self.end(table, table.other(loser), C.TIME, min(at, table.clock.deadline() or at))

    def claim(self, table: Table, side: str | None) -> dict[str, Any]:
        """``side`` takes the game its opponent left (the application checks the grace):
        the ``ended`` envelope, reason ``abandoned``."""
        if side is None:
            raise Refused(SPECTATOR, "Spectators watch; they cannot claim a game.", table.ply)
        if table.over:
            raise Refused(OVER, "The game is over.", table.ply)
        if table.pending:
            raise Refused(STALE, "A move is being stored; claim again.", table.ply)
        ended = self.end(table, side, C.ABANDONED, self.now_ms())
        if ended is None:
            raise Refused(STALE, "The game went on meanwhile; it was not claimed.", table.ply)
        return ended

    def end(self, table: Table, winner: str, reason: str, at: int) -> dict[str, Any] | None:
        """The game ended by the server for ``reason``, stored first; its ``ended`` envelope,
        or None when the store has it otherwise (another process's move or end came first:
        the game is read anew)."""
        if not self.store.end(table.id, table.ply, winner, reason, at):
            self.tables.pop(table.id, None)
            return None
        table.ended = Ending(winner, table.other(winner), reason, at)
        if table.clock is not None:
            table.clock.stop(at)
        table.row = self.store.game(table.id) or table.row
        log.info("game %s over after %d plies: %s (%s)", table.id, table.ply, winner, reason)
        return self.ended(table)

    def ended(self, table: Table) -> dict[str, Any]:
        """The ``ended`` envelope of a game the server ended: who won, who lost, why, the
        clocks as they stopped, the seed revealed."""
        ending = table.ended
        assert ending is not None
        out: dict[str, Any] = {"v": PROTOCOL, "type": "ended", "match": table.id, "ply": table.ply,
                               "winner": ending.winner, "loser": ending.loser, "reason": ending.reason,
                               "reveal": {"seed": table.row.seed, "salt": table.row.salt}}
        if table.clock is not None:
            out["clocks"] = self.clocks(table)
        return out

    def welcome(self, table: Table, side: str | None, seen: Any, epoch: Any = None) -> list[dict[str, Any]]:
        """What a client that says hello is sent: the welcome (the game, its state, ply and
        epoch, the client's seat or none) and then the moves it missed since ply ``seen``
        (none when ``seen`` is not given; the state alone when it is too far behind). A
        client whose ``epoch`` is not the game's (moves were taken back since it looked,
        and maybe as many played again) is first sent a ``takenback`` to the last ply it
        shares with the game, then the moves after that one."""
        now = table.ply
        head: dict[str, Any] = {"v": PROTOCOL, "type": "welcome", **self.info(table), "seat": side,
                                "state": self.client_state(table, table.match.state, side),
                                "epoch": table.row.takebacks}
        if seen is None or isinstance(seen, bool) or not isinstance(seen, int) or seen < 0:
            return [head]
        if isinstance(epoch, int) and not isinstance(epoch, bool) and 0 <= epoch != table.row.takebacks \
                and seen > 0:
            agree = self.agreed(table, seen, epoch)
            if now - agree > MAX_MISSED:
                head["resync"] = True
                return [head]
            return [head, self.takenback(table, agree, None, seen).to(side),
                    *(told.to(side) for told in self.missed(table, agree))]
        if seen > now:
            return [head]
        if now - seen > MAX_MISSED:
            head["resync"] = True
            return [head]
        return [head, *(told.to(side) for told in self.missed(table, seen))]

    def missed(self, table: Table, seen: int) -> list[Views]:
        """The ``played`` envelopes of the moves after ply ``seen``, in order, as each
        audience sees them (further back than the positions kept: from the game replayed)."""
        if seen >= table.ply:  # (none: and the history holds no position after the last)
            return []
        history = self.history(table, seen + 1)
        return [self.played(table, ply, history=history) for ply in range(seen + 1, table.ply + 1)]

    # -- several server processes on one database ---------------------------------------------
    def catch_up(self, table: Table, read: list[MoveRow] | None = None) -> int:
        """Play on the game in memory the moves another server process stored since it was
        read (none while a move of this process waits for the store: that one will either be
        stored, or refused and the game read anew); ``read``: those moves, read already.
        Answers how many were added; a stored move this server's rules cannot replay drops
        the game from memory (rebuilt when asked for)."""
        if table.pending:
            return 0
        added = 0
        try:
            for stored in self.store.moves(table.id, after=table.ply) if read is None else read:
                if stored.ply != table.ply + 1:
                    raise RulesError(f"ply {table.ply + 1} is missing")
                self._replay(table, stored)
                added += 1
        except (RulesError, ValueError, KeyError) as exc:
            log.error("game %s cannot be caught up: %s", table.id, exc)
            self.tables.pop(table.id, None)
            return added
        if added and table.over:  # (its row changes with its end only: read once, not at every move)
            table.row = self.store.game(table.id) or table.row
        return added

    # -- helpers ----------------------------------------------------------------------------
    @staticmethod
    def _object(body: Any, keys: set[str]) -> dict[str, Any]:
        if not isinstance(body, dict):
            raise Refused(MALFORMED, "The request must be a JSON object.")
        extra = sorted(str(k)[:20] for k in body if k not in keys)
        if extra:
            raise Refused(MALFORMED, f"Unknown keys: {', '.join(extra[:5])}; the keys are "
                                     f"{', '.join(sorted(keys))}.")
        if not depth(body):
            raise Refused(MALFORMED, "The request nests too deep.")
        return body
