"""Time on the server: a game's time control, each side's clock, and the grace a live
game gives a seat whose connection went.

A time control is chosen at creation and never changes:

- ``{"clock": {"initial": SECONDS, "increment": SECONDS}}``: a live game's Fischer clock.
  Each side starts with ``initial``; its clock runs while it is to move; when its turn is
  over, ``increment`` is added to it;
- ``{"correspondence": {"days": N}}``: N days for every turn, no bank: a side's time is
  set to N days when its turn starts;
- none: a live game without a clock.

A turn is the rules' (``to_move`` and ``mid_turn``, as the move list counts turns): Rush's
placing again and The Improbable's rolling on are one turn, and the increment comes once,
when the turn passes. Nothing here knows a game.

The clocks are worked out from stored times only: when the second seat was taken (the
first turn's clock starts then) and when each move was accepted (milliseconds since the
epoch, the server's wall clock). A server killed and started again works out the same
clocks from the same rows. :class:`Clock` follows a game move by move; the service keeps
one per game in memory.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

#: the bounds of a time control (a clock of a second or two is for tests)
MAX_INITIAL = 6 * 3600
MAX_INCREMENT = 600
MAX_DAYS = 30
DAY = 86400
#: a live game: how long a seat whose every connection went may be away before its opponent
#: may claim the game (seconds)
GRACE = 60.0

CLOCK, CORRESPONDENCE = "clock", "correspondence"
#: why a game ended that the rules did not end (the ``reason`` of the end)
TIME, ABANDONED = "time", "abandoned"


class BadControl(ValueError):
    """A time control that is not one: the message says why, in a sentence."""


@dataclass(frozen=True)
class Control:
    """A time control: ``kind`` ``clock`` (``initial`` and ``increment`` in seconds) or
    ``correspondence`` (``days`` per turn)."""

    kind: str
    initial: float = 0.0
    increment: float = 0.0
    days: int = 0

    @property
    def live(self) -> bool:
        return self.kind == CLOCK

    @property
    def allowance(self) -> float:
        """A side's time at the start: the clock's bank, or a correspondence turn's days."""
        return self.initial if self.kind == CLOCK else float(self.days * DAY)

    def json(self) -> dict[str, Any]:
        if self.kind == CLOCK:
            return {CLOCK: {"initial": self.initial, "increment": self.increment}}
        return {CORRESPONDENCE: {"days": self.days}}


def number(value: Any, low: float, high: float, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or not low <= value <= high:
        raise BadControl(f"{what} must be a number from {low:g} to {high:g}.")
    return float(value)


def control_of(clock: Any = None, correspondence: Any = None) -> Control | None:
    """The time control of a request's ``clock`` or ``correspondence`` (None: neither);
    BadControl when it is not one."""
    if clock is not None and correspondence is not None:
        raise BadControl("A game has a clock or is by correspondence, not both.")
    if clock is not None:
        if not isinstance(clock, dict) or set(clock) - {"initial", "increment"} or "initial" not in clock:
            raise BadControl("\"clock\" is {\"initial\": seconds, \"increment\": seconds}.")
        return Control(CLOCK, number(clock["initial"], 1, MAX_INITIAL, "\"initial\""),
                       number(clock.get("increment", 0), 0, MAX_INCREMENT, "\"increment\""))
    if correspondence is not None:
        if not isinstance(correspondence, dict) or set(correspondence) != {"days"}:
            raise BadControl("\"correspondence\" is {\"days\": a whole number of days}.")
        days = correspondence["days"]
        if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= MAX_DAYS:
            raise BadControl(f"\"days\" must be a whole number from 1 to {MAX_DAYS}.")
        return Control(CORRESPONDENCE, days=days)
    return None


def stored(text: str | None) -> Control | None:
    """The control as the store keeps it (its JSON), or None (no clock, or a stored value
    this server cannot read: the game plays on without one)."""
    if not text:
        return None
    try:
        found = json.loads(text)
        if not isinstance(found, dict) or len(found) != 1:
            return None
        return control_of(found.get(CLOCK), found.get(CORRESPONDENCE))
    except (ValueError, BadControl):
        return None


def stored_text(control: Control | None) -> str | None:
    return None if control is None else json.dumps(control.json(), separators=(",", ":"))


@dataclass
class Clock:
    """Each side's time in a game under ``control``, followed move by move.

    ``left[side]`` is the side's time (seconds) at ``since`` (ms since the epoch), the moment
    the clock of ``running`` last started; nobody's runs before the game starts (``since``
    None) or after it ended (``running`` None)."""

    control: Control
    left: dict[str, float]
    running: str | None = None
    since: int | None = None

    @classmethod
    def new(cls, control: Control, players: tuple[str, ...] | list[str]) -> Clock:
        return cls(control, {p: control.allowance for p in players})

    def start(self, at_ms: int, to_move: str | None) -> None:
        """Both seats are in: the clock of the side to move starts at ``at_ms``."""
        if self.since is None:
            self.since, self.running = at_ms, to_move

    def moved(self, side: str, at_ms: int, to_move: str | None, turn_goes_on: bool) -> None:
        """``side`` moved at ``at_ms``; next ``to_move`` (None: the game is over), its turn
        going on or not."""
        if self.since is None:  # a move before the start was stored (a game from before clocks)
            self.since = at_ms
        self.left[side] -= max(0, at_ms - self.since) / 1000.0
        self.since = at_ms
        if not turn_goes_on:
            if self.control.kind == CLOCK:
                self.left[side] += self.control.increment
            elif to_move is not None:
                self.left[to_move] = self.control.allowance
        self.running = to_move

    def stop(self, at_ms: int) -> None:
        """The game ended at ``at_ms`` (by time, or abandoned): nobody's clock runs on."""
        if self.running is not None and self.since is not None:
            self.left[self.running] -= max(0, at_ms - self.since) / 1000.0
        self.since, self.running = at_ms, None

    def now(self, at_ms: int) -> dict[str, float]:
        """Each side's time at ``at_ms``."""
        out = dict(self.left)
        if self.running is not None and self.since is not None:
            out[self.running] -= max(0, at_ms - self.since) / 1000.0
        return out

    def deadline(self) -> int | None:
        """When the running side's flag falls (ms since the epoch), None when no clock runs."""
        if self.running is None or self.since is None:
            return None
        return self.since + math.ceil(self.left[self.running] * 1000)

    def fallen(self, at_ms: int) -> str | None:
        """The side whose flag has fallen by ``at_ms``, or None."""
        deadline = self.deadline()
        return self.running if deadline is not None and at_ms >= deadline else None

    def json(self, at_ms: int) -> dict[str, Any]:
        """What the clients are told: each side's time (seconds, to the millisecond), whose
        runs, and the server's time (ms since the epoch) these are of."""
        return {**self.control.json(), "left": {s: round(max(0.0, t), 3) for s, t in self.now(at_ms).items()},
                "running": self.running, "now": at_ms}
