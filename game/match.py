"""A game in progress, without a screen: the rules' state, the moves played and taken back,
who sits at each side, and the record that saves and restores it.

A :class:`Match` is what a play scene shows and what its input changes; the demo, the
kiosk, the engine protocol's sessions and, later, a server hold one the same way. It knows
no pygame and draws nothing: a screen asks it what to show and tells it what was played.

    match = Match("rush", seed=7, seats={"white": Seat("white", "hard")})
    before, after, effects = match.play(match.rules.legal_moves(match.state)[0])
    match.undo()                       # back to the person's last turn
    saves.write_autosave(match.record())
    again = Match.from_record(match.record())
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from . import catalogue
from .content import levels
from .persistence import saves
from .rules.core import Outcome, RulesError, fresh_seed

HUMAN = "human"
AI_LEVELS = ("easy", "medium", "hard")
KINDS = (HUMAN, *AI_LEVELS)
KEYBOARD = "keyboard"
OPEN = "open"  # the seat's device went away: the next device to act for it takes it
REMOTE = "remote"  # the seat is played on another machine (an online game's opponent): no device here


def device_of(device: str) -> str:
    """The seat-holding device behind an action's device (the mouse is the keyboard's)."""
    return KEYBOARD if device == "mouse" else device


@dataclass
class Seat:
    """One player of the rules (``red``, ``black``, ...) and who plays it: a person on a
    device (``None``: anyone, a shared keyboard or one pad passed around; ``open``: its pad
    went away and the next device to play for it takes it), or the computer at a level."""

    player: str
    kind: str = HUMAN  # "human" or an AI level
    device: str | None = None

    @property
    def is_ai(self) -> bool:
        return self.kind != HUMAN

    def accepts(self, device: str) -> bool:
        """May an action from ``device`` play for this seat?"""
        if self.is_ai:
            return False
        return self.device in (None, OPEN) or self.device == device_of(device)

    def take(self, device: str) -> bool:
        """An open seat goes to the first device that plays for it; True if it changed hands."""
        if self.device == OPEN and not self.is_ai:
            self.device = device_of(device)
            return True
        return False


def held_elsewhere(device: str, seat: Seat, seats: dict[str, Seat]) -> bool:
    """Whether ``device`` is a pad already playing another of ``seats``: it may not take
    over ``seat`` when that seat's pad was unplugged (one pad would hold both sides). The
    keyboard may: a shared keyboard is the plain hot-seat."""
    holder = device_of(device)
    return holder != KEYBOARD and any(other.device == holder for other in seats.values() if other is not seat)


def default_seats(players: tuple[str, ...]) -> dict[str, Seat]:
    return {p: Seat(p) for p in players}


class Played(NamedTuple):
    """One move of the history: the state it was played from, the move, and its entry in
    the move list (the rules' notation and the signs of what it did)."""

    before: Any
    move: Any
    text: str


class NoTakeBack(Exception):
    """An undo the match refuses: ``reason`` is ``"ladder"`` (a ladder game is won without
    take-backs) or ``"nothing"`` (no move to take back)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Match:
    """A game in progress: ``state``, its ``history`` (:class:`Played`, oldest first), the
    ``future`` (moves taken back, the next to play again last), the ``seats``, the hints
    shown and take-backs made, and, on the arcade ladder, the rung (``ladder``).

    ``notation`` makes a move's entry in the move list (by default the rules'
    ``move_note``); a screen passes its own when it says more."""

    def __init__(self, game_id: str, level: str | dict[str, Any] | None = None, seed: int | None = None,
                 options: dict[str, Any] | None = None, seats: dict[str, Seat] | None = None,
                 ladder: str | None = None,
                 notation: Callable[[Any, Any, list[dict[str, Any]]], str] | None = None,
                 start: bool = True, notes: bool = True) -> None:
        self.game_id = game_id
        self.entry = catalogue.get(game_id)
        self.rules = self.entry.rules
        self.level: dict[str, Any] = level if isinstance(level, dict) else levels.load(game_id, level)
        self.options = options
        self.seats: dict[str, Seat] = {**default_seats(self.rules.players), **(seats or {})}
        self.ladder = ladder
        #: a move's entry in the move list; a match nobody reads as a list (the engine
        #: protocol's) writes none
        self.notation = notation or (self.rules.move_note if notes else lambda before, move, effects: "")
        self.seed = 0
        self.state: Any = None
        self.start_player = ""
        self.history: list[Played] = []
        self.future: list[Any] = []
        self.hints: list[int] = []  # the moves (numbered from 0) a hint was shown for
        self.takebacks = 0  # undos made (a game with take-backs has no place in the hall of fame)
        if start:
            self.new(seed)

    # -- the game ---------------------------------------------------------------------------
    def new(self, seed: int | None = None, first: str | None = None) -> Any:
        """A fresh game from the level, ``seed`` deciding the start player (unless ``first``
        names it) and the dice."""
        self.seed = fresh_seed() if seed is None else seed
        state = self.rules.new(self.level, seed=self.seed, first=first, options=self.options)
        return self.set_position(state)

    def set_position(self, state: Any) -> Any:
        """``state`` as it is, with no moves before it (a new game, a puzzle's position)."""
        self.state = state
        self.start_player = state.to_move
        self.history, self.future = [], []
        self.hints, self.takebacks = [], 0
        return state

    @property
    def over(self) -> bool:
        return self.state.over

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    def why_not(self, move: Any) -> str | None:
        """Why ``move`` cannot be played now (the rules' own sentence), or None."""
        return self.rules.why_illegal(self.state, move)

    def play(self, move: Any) -> tuple[Any, Any, list[dict[str, Any]]]:
        """Play ``move`` (the caller knows it is legal; the rules raise otherwise); returns
        ``(state before, state after, effects)``. The moves taken back stay to play again:
        a new move of the caller's own clears them (:meth:`branch`)."""
        before = self.state
        after, effects = self.rules.play(before, move)
        self.history.append(Played(before, move, self.notation(before, move, effects)))
        self.state = after
        return before, after, effects

    def follow(self, move: Any, after: Any, effects: list[dict[str, Any]]
               ) -> tuple[Any, Any, list[dict[str, Any]]]:
        """A move played elsewhere (on the game server), as the authority tells it: ``after``
        and ``effects`` are taken as they come, not worked out here (a roll's die is the
        server's). Returns ``(state before, state after, effects)`` as :meth:`play` does."""
        before = self.state
        self.history.append(Played(before, move, self.notation(before, move, effects)))
        self.state = after
        return before, after, effects

    def branch(self) -> None:
        """A move other than the one taken back: the moves that followed it are gone."""
        self.future.clear()

    def take_back(self) -> bool:
        """The last move off the board, whoever played it (how a replay steps back); False
        when there is none. It is no player's undo: no rule refuses it, nothing is counted."""
        if not self.history:
            return False
        before, move, _text = self.history.pop()
        self.future.append(move)
        self.state = before
        return True

    def undo(self) -> int:
        """The players' undo: the last move taken back, and against the computer back to the
        last turn of a person; returns how many moves went. Raises :class:`NoTakeBack` on the
        ladder (won without take-backs) and with nothing to take back."""
        if self.ladder is not None:
            raise NoTakeBack("ladder")
        if not self.history:
            raise NoTakeBack("nothing")
        self.takebacks += 1
        gone = 0
        while True:
            before = self.history[-1].before
            self.take_back()
            gone += 1
            if not (self.history and self.seats[before.to_move].is_ai and self.has_human):
                return gone

    def redo_move(self) -> Any:
        """The next move taken back, off the list of moves to play again (the caller plays
        it); raises :class:`NoTakeBack` when there is none."""
        if not self.future:
            raise NoTakeBack("ladder" if self.ladder is not None else "nothing")
        return self.future.pop()

    # -- the seats ---------------------------------------------------------------------------
    def seat(self, player: str | None = None) -> Seat:
        return self.seats[player or self.state.to_move]

    def ai_to_move(self) -> bool:
        return not self.state.over and self.seat().is_ai

    @property
    def has_human(self) -> bool:
        return any(not seat.is_ai for seat in self.seats.values())

    @property
    def hot_seat(self) -> bool:
        """Both seats are people sharing the screen."""
        return not any(seat.is_ai for seat in self.seats.values())

    def human_against_computer(self) -> tuple[str, str] | None:
        """``(the person's side, the computer's)`` in a game of one against the computer."""
        humans = [p for p, seat in self.seats.items() if not seat.is_ai]
        if len(humans) != 1:
            return None
        person = humans[0]
        players = self.rules.players
        return person, players[1] if person == players[0] else players[0]

    def hinted(self) -> None:
        """A hint was shown for the move about to be played (the record keeps it)."""
        if len(self.history) not in self.hints:
            self.hints.append(len(self.history))

    # -- the record ----------------------------------------------------------------------------
    def record(self) -> saves.Record:
        """What reproduces this game exactly: level, seed, options, the moves so far, who
        played, the hints and take-backs, the ladder's rung."""
        return saves.Record(self.game_id, self.level["name"], self.seed, self.options,
                            [self.rules.move_json(p.move) for p in self.history],
                            seats={p: seat.kind for p, seat in self.seats.items()},
                            hints=sorted(self.hints), ladder=self.ladder, takebacks=self.takebacks)

    def restore(self, record: saves.Record, seats: bool = True) -> None:
        """Rebuild ``record`` (already checked by ``saves.parse``) move by move; with
        ``seats`` the computer takes its sides again."""
        self.options = record.options
        self.ladder = record.ladder
        if seats:
            for player, kind in record.seats.items():
                if player in self.seats:
                    self.seats[player] = Seat(player, kind)
        self.new(record.seed)
        for obj in record.moves:
            self.play(self.rules.parse_move(obj))
        self.hints, self.takebacks = list(record.hints), record.takebacks

    @classmethod
    def from_record(cls, record: saves.Record, seats: bool = True,
                    notation: Callable[[Any, Any, list[dict[str, Any]]], str] | None = None) -> Match:
        """The game ``record`` holds, rebuilt (raises RulesError for a record the rules refuse)."""
        match = cls(record.game, levels.load(record.game, record.level, strict=True), record.seed,
                    record.options, notation=notation, start=False)
        match.restore(record, seats)
        return match

    # -- for the move list ---------------------------------------------------------------
    def turns(self) -> list[tuple[str, list[str]]]:
        """The history as turns: ``(player, [entry, ...])``, the moves of one turn joined."""
        return self.rules.turns((p.before, p.text) for p in self.history)

    def random_moves(self, count: int, rng: random.Random) -> int:
        """Up to ``count`` uniformly random moves (a screenshot's game, a soak); returns how
        many were played."""
        played = 0
        while played < count and not self.state.over:
            self.play(self.rules.random_move(self.state, rng))
            played += 1
        return played


__all__ = ["AI_LEVELS", "HUMAN", "KEYBOARD", "KINDS", "Match", "NoTakeBack", "OPEN", "Played", "REMOTE",
           "RulesError", "Seat", "default_seats", "device_of", "held_elsewhere"]
