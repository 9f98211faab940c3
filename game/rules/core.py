"""What every rules engine shares: errors, outcomes, seeded randomness, the Game API.

A game is a :class:`Game` object (one per game id, stateless) that works on
immutable state values:

* ``new(level, seed, first, options) -> state``
* ``legal_moves(state) -> [move]``: empty once the game is over, and only then (unless
  ``moves_unlisted``: the player's moves are too many to list)
* ``play(state, move) -> (state, effects)``: never mutates ``state``; effects are
  the protocol's JSON-ready dicts, in the order they happen, each typed by a TypedDict
  of its game (``effect_types``: ``"slide"`` -> ``SlideEffect``)
* ``chance_outcomes(state, move)``: a move left to chance (a roll) as the moves that force
  each result and their probabilities; ``None`` for the others
* ``parse_move(obj) / move_json(move)``: protocol JSON in and out
* ``state_json(state) / load_state(obj)``: STATE in and out
* ``move_text(move, state) / parse_text(text, state)``: the human notation of the move list

States expose ``game``, ``level``, ``to_move`` (``None`` once over), ``over`` and
``winner`` (a player id, ``"draw"`` or ``None`` while running): :class:`GameState`.

The class is generic in what differs from game to game: ``Game[State, Move, Effect]``
(``class Rush(Game[State, Move, Effect])``), so a checker (mypy, see the README) holds each
game's hooks to one signature and its effects to their TypedDicts, whose ``type`` tags are
``Literal`` words.
"""
from __future__ import annotations

import random
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Generic, Literal, NamedTuple, Protocol, TypedDict, TypeVar

if sys.version_info >= (3, 11):
    from enum import StrEnum
else:  # pragma: no cover - Python 3.10: the same, spelled out
    class StrEnum(str, Enum):
        __str__ = str.__str__
        __format__ = str.__format__

DRAW = "draw"


def N_(message: str) -> str:  # noqa: N802 - the gettext marker xgettext looks for
    """Marks a refusal's template for translation. The rules speak English (the engine
    protocol prints them as they are); the game's screens translate them (``Refusal``)."""
    return message


class Refusal(str):
    """A refusal sentence, in English, that remembers how it was made: ``template``
    (marked with ``N_``) and ``values``, so a screen can say it in the player's
    language (``game.i18n.refusal``). It is a ``str`` everywhere else.

        return Refusal(N_("There is no cell {cell} on this board."), cell=name)
    """

    template: str
    values: dict[str, Any]

    def __new__(cls, template: str, **values: Any) -> Refusal:
        text = super().__new__(cls, template.format(**values))
        text.template = template
        text.values = values
        return text


#: the sides as refusals name them in the middle of a sentence ("it is white's turn"): words
#: a screen translates with the refusal (``game.i18n.refusal`` translates a refusal's values)
SIDE_WORDS = (N_("red"), N_("blue"), N_("black"), N_("white"), N_("brown"))


def score_line(scores: dict[str, int]) -> Refusal:
    """The scores as one line of :meth:`Game.describe`: "Score: Red 3, Blue 1." (the sides
    are said capitalised: words a screen translates)."""
    parts = [Refusal(N_("{side} {score}"), side=player.capitalize(), score=value)
             for player, value in scores.items()]
    return Refusal(N_("Score: {scores}."), scores=Listed(parts))


class Listed(str):
    """Sentences or words joined by commas inside a :class:`Refusal`'s value: each part is
    said in the player's language (``game.i18n.refusal`` translates a ``Listed`` part by part)."""

    parts: tuple[str, ...]

    def __new__(cls, parts: Iterable[str], sep: str = ", ") -> Listed:
        parts = tuple(parts)
        text = super().__new__(cls, sep.join(parts))
        text.parts = parts
        text.sep = sep
        return text

    sep: str


class RulesError(ValueError):
    """Input the rules cannot accept (bad state, bad level, bad move).

    The message is one clear sentence meant for a person.
    """


class IllegalMove(RulesError):
    """A move that is malformed or not legal in the given state."""


class Reason(StrEnum):
    """What decided a finished game (``Outcome.reason``), in the games' own words. A ``str``:
    it compares equal to its word and is written to JSON as that word."""

    DRAW = "draw"  # the totals are equal (The Great Order, The Improbable, GAUSS)
    SCORE = "score"  # the higher score (GAUSS, The Great Order)
    VOID = "void"  # GAUSS: fewer void cells, the scores being equal
    RISK = "risk"  # GAUSS: the lower risk, scores and void equal
    STONES = "stones"  # Rush: more stones on the full board
    LENGTH = "length"  # The Improbable: the longer row
    IC = "ic"  # Sparks & Surges: an IC captured or gone
    MATERIAL = "material"  # Sparks & Surges: a lone Spark or Surge left besides the ICs
    REPETITION = "repetition"  # Sparks & Surges: the same placement a third time
    INACTIVITY = "inactivity"  # Sparks & Surges: too many moves without a removal
    BLOCKED = "blocked"  # Sparks & Surges: neither side can move
    AGREEMENT = "agreement"  # Sparks & Surges: a draw offered and accepted


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winner`` is a player id or ``"draw"``; ``reason`` names what decided it in
    the game's own words (a :class:`Reason` for the games shipped here: ``"score"``,
    ``"void"``, ``"ic"``, ``"repetition"`` ...; a game registered from outside may use
    words of its own, plain strings, without editing this module); ``detail`` carries the
    numbers a result screen shows.
    """

    winner: str
    reason: Reason | str
    detail: dict[str, Any] = field(default_factory=dict)


# --- the effects every game shares (each game adds its own; see its EFFECT_TYPES) ---------


class PassEffect(TypedDict):
    type: Literal["pass"]  # the player cannot move, the other moves again
    player: str


class EndEffect(TypedDict):
    type: Literal["end"]
    winner: str


class EndWithReason(TypedDict):
    type: Literal["end"]  # with what decided it in the game's words
    winner: str
    reason: str


# --- seeded randomness -------------------------------------------------------
# States carry a seed and a counter instead of a Random object, so a state stays
# an immutable value, round-trips through JSON, and the n-th random draw of a game
# is the same however the game was reached (replay, load, undo).

_MASK64 = (1 << 64) - 1


def mix64(x: int) -> int:
    """SplitMix64 finaliser: a well-spread 64-bit value from any integer."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


def draw(seed: int, n: int, k: int) -> int:
    """The ``n``-th random integer in ``range(k)`` of the stream named by ``seed``."""
    return mix64(mix64(seed & _MASK64) ^ n) % k


def fresh_seed() -> int:
    """A seed for a game nobody gave one to."""
    return random.SystemRandom().randrange(1 << 31)


def start_player(players: tuple[str, str], seed: int) -> str:
    """The seeded random start player (draw 0 of the game's stream)."""
    return players[draw(seed, 0, 2)]


def other(players: tuple[str, str], player: str) -> str:
    return players[1] if player == players[0] else players[0]


# --- JSON reading helpers ----------------------------------------------------
# Loaded states and moves come from outside (protocol, save files); each check
# raises a RulesError whose message says what is wrong, never a KeyError.


def need(obj: Any, key: str, kind: type | tuple[type, ...], where: str = "state") -> Any:
    if not isinstance(obj, dict):
        raise RulesError(f"The {where} must be a JSON object.")
    if key not in obj:
        raise RulesError(f"The {where} is missing the key '{key}'.")
    value = obj[key]
    if kind is int and isinstance(value, bool) or not isinstance(value, kind):
        names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        raise RulesError(f"The {where} key '{key}' must be of type {names}.")
    return value


def need_int(value: Any, what: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{what} must be a whole number.")
    if lo is not None and hi is not None and not lo <= value <= hi:
        raise RulesError(f"{what} must be between {lo} and {hi}, not {value}.")
    if lo is not None and value < lo:
        raise RulesError(f"{what} must be {lo} or more, not {value}.")
    if hi is not None and value > hi:
        raise RulesError(f"{what} must be {hi} or less, not {value}.")
    return value


def need_player(value: Any, players: tuple[str, str], what: str) -> str:
    if value not in players:
        raise RulesError(f"{what} must be one of {', '.join(players)}, not {value!r}.")
    return value


class GameState(Protocol):
    """What every game's state shows (each game's ``State`` is a frozen dataclass with more)."""

    @property
    def game(self) -> str: ...

    @property
    def level(self) -> str: ...

    @property
    def to_move(self) -> str | None: ...

    @property
    def over(self) -> bool: ...

    @property
    def winner(self) -> str | None: ...


S = TypeVar("S", bound=GameState)  # a game's state
M = TypeVar("M")  # a game's move
E = TypeVar("E")  # a game's effect: the union of its effect TypedDicts


class Seen(NamedTuple):
    """A move as one side sees it (:meth:`Game.view_play`): its MOVE JSON and its effects,
    and whether they are a stand-in for a move hidden from that side."""

    move: dict[str, Any]
    effects: list[Any]
    hidden: bool = False


class Game(Generic[S, M, E]):
    """Base class of the five games' rules. Subclasses fill in the hooks, with these
    signatures: ``class Rush(Game[State, Move, Effect])``."""

    id: str = ""
    players: tuple[str, str] = ("", "")
    default_level: str = ""
    #: every effect ``play`` can emit: its ``type`` -> the TypedDict that gives its keys
    effect_types: dict[str, type] = {}

    # -- level data ---------------------------------------------------------
    def check_level(self, data: dict[str, Any]) -> dict[str, Any]:
        """Validate a level's game-specific keys; return the level (normalised).

        Raises RulesError with a clear message for bad data.
        """
        return data

    # -- the API every game implements --------------------------------------
    def new(self, level: dict[str, Any], seed: int | None = None, first: str | None = None,
            options: dict[str, Any] | None = None) -> S:
        raise NotImplementedError

    def legal_moves(self, state: S) -> list[M]:
        raise NotImplementedError

    def play(self, state: S, move: M) -> tuple[S, list[E]]:
        raise NotImplementedError

    def moves_unlisted(self, state: S) -> bool:
        """Whether the player to move has moves too many for ``legal_moves`` to list (an
        arrangement of The Great Order's fifteen stones): the list is then empty while the
        game runs, and ``random_move`` draws one. Every other running position lists its
        moves."""
        return False

    def chance_outcomes(self, state: S, move: M) -> list[tuple[M, float]] | None:
        """Where ``move``'s result is left to chance (a die), its outcomes as moves that
        force each result, with their probabilities (summing to 1), as OpenSpiel's
        ``chance_outcomes``; ``None`` where the move decides its own result. A search
        averages over them instead of trusting a state's seeded future."""
        return None

    # -- what each side may see (a game played on two machines) ----------------------------
    def has_chance(self) -> bool:
        """Whether some move of the game is left to chance (``chance_outcomes`` is defined):
        its seed predicts every roll, so no side sees it before the end."""
        return type(self).chance_outcomes is not Game.chance_outcomes

    def private(self, state: S) -> bool:
        """Whether some side may not see all of ``state`` (or of a move that reached it) that
        another side sees: :meth:`view` and :meth:`view_play` then differ from side to side.
        False by default: everything on the board is public. The Great Order: blue's
        arrangement while brown arranges."""
        return False

    def view(self, state: S, side: str | None) -> dict[str, Any]:
        """STATE as ``side`` (a player; ``None``: a spectator) may see it: ``state_json``,
        with what is hidden from that side replaced by a canonical stand-in that
        ``load_state`` reads as a state of these rules, and the JSON paths of what was
        replaced listed in ``"hidden"`` (``["collections.blue"]``), so a screen draws it face
        down. By default nothing is hidden but the seed of a game with chance (it predicts
        every roll; it is revealed apart, at the end)."""
        out = self.state_json(state)
        if self.has_chance():
            out.pop("seed", None)
        return out

    def view_play(self, before: S, move: M, effects: list[E], after: S, side: str | None) -> Seen:
        """``move`` (played from ``before`` to ``after``, with ``effects``) as ``side`` may see
        it while the game stands at ``after``: as it is, or a stand-in MOVE that ``parse_move``
        reads, with effects that tell nothing, and ``hidden`` true. Once nothing is
        :meth:`private`, every move is seen as it is."""
        return Seen(self.move_json(move), list(effects))

    def mirror(self, state: S) -> tuple[list[int], dict[int, int]] | None:
        """The board's symmetry that swaps the sides, where the game has one: the image of
        every point of ``state.board`` and what a point's contents become (one player's
        piece the other's). ``None`` where there is none (no board, or columns all alike).
        The arena's mirror player reads it."""
        return None

    def upgrade_moves(self, moves: list[Any]) -> list[Any]:
        """The moves of a game saved by an earlier version, as this version's rules play
        the same game (a game whose rules never changed: as they are)."""
        return moves

    def parse_move(self, obj: Any) -> M:
        raise NotImplementedError

    def move_json(self, move: M) -> dict[str, Any]:
        raise NotImplementedError

    def state_json(self, state: S) -> dict[str, Any]:
        raise NotImplementedError

    def load_state(self, obj: Any, level: dict[str, Any]) -> S:
        raise NotImplementedError

    def outcome(self, state: S) -> Outcome | None:
        raise NotImplementedError

    def move_text(self, move: M, state: S | None = None) -> str:
        """The move list's notation of ``move`` played from ``state`` (a game whose notation
        needs the position, like a piece's letter, writes less without it)."""
        return str(self.move_json(move))

    def parse_text(self, text: str, state: S) -> M:
        """The move ``text`` (``move_text``'s notation) names when played from ``state``;
        IllegalMove, saying what is wrong, for text that names none."""
        raise NotImplementedError

    def move_note(self, before: S, move: M, effects: list[E]) -> str:
        """The move list's entry for ``move`` played from ``before``: its notation and
        the signs of what it did (a score, a capture), as each game documents them."""
        return self.move_text(move, before)

    def mid_turn(self, state: S) -> bool:
        """Whether the player to move is in the middle of a turn of several moves (placing
        again, rolling on): the move list joins such moves into one turn."""
        return False

    def turn_numbers(self, befores: Iterable[S]) -> list[int]:
        """The number of the turn (from 1) each move was played in, from the state before
        each move: the moves of one player in a row share a number while ``mid_turn`` says
        the turn goes on. This is what a move's number means wherever one is shown: the
        move list, the text record, the replay and the review, the resume rows."""
        out: list[int] = []
        number = 0
        previous: str | None = None
        for before in befores:
            if not (number and previous == before.to_move and self.mid_turn(before)):
                number += 1
            out.append(number)
            previous = before.to_move
        return out

    def turns(self, played: Iterable[tuple[S, str]]) -> list[tuple[str, list[str]]]:
        """``(state before, text)`` of each move, as turns: ``(player, [text, ...])``, the
        moves of one turn joined (``turn_numbers``: a Rush turn of placements, an
        Improbable turn of rolls)."""
        played = list(played)
        out: list[tuple[str, list[str]]] = []
        for number, (before, text) in zip(self.turn_numbers(b for b, _t in played), played, strict=True):
            if number > len(out):
                assert before.to_move is not None, "a move is played from a running game"
                out.append((before.to_move, [text]))
            else:
                out[-1][1].append(text)
        return out

    def scores(self, state: S) -> dict[str, int]:
        """The running score per player, as the game counts it while it is played."""
        raise NotImplementedError

    # -- the game in words (the text mode, a screen reader) -----------------------------------
    def describe(self, state: S) -> list[str]:
        """The position in words: short lines a screen reader says one by one, each a
        :class:`Refusal` (a sentence that remembers its template, marked with ``N_``) that a
        screen says in the player's language with ``game.i18n.refusal`` (OpenSpiel's
        ``observation_string``, for people). The base says the scores; each game says its
        board."""
        return [score_line(self.scores(state))]

    def tell(self, before: S, move: M, effects: list[E]) -> list[str]:
        """What ``move``, played from ``before``, did, as sentences (:class:`Refusal`): what
        moved, scored, was taken or passed. The base says the passes; the end is said by
        whoever reads ``outcome``."""
        out: list[str] = []
        for e in effects:
            if isinstance(e, dict) and e.get("type") == "pass":
                out.append(Refusal(N_("{side} cannot move and passes."), side=str(e["player"]).capitalize()))
        return out

    def foretell(self, state: S, move: M) -> list[str]:
        """What ``move`` would do from ``state`` (a preview), as sentences; the move is legal.
        A move left to chance is not played ahead (that would tell the die): its outcomes'
        odds are said instead (games override this with their own words)."""
        outcomes = self.chance_outcomes(state, move)
        if outcomes is not None:
            return [Refusal(N_("The result is left to chance: {n} possible outcomes."), n=len(outcomes))]
        _after, effects = self.play(state, move)
        return self.tell(state, move, effects)

    # -- shared behaviour ----------------------------------------------------
    def why_illegal(self, state: S, move: M) -> str | None:
        """One short sentence saying why ``move`` cannot be played now, or None.

        Games override this with reasons in the game's own words; legality is
        decided here and nowhere else.
        """
        if state.over:
            return Refusal(N_("The game is over."))
        return None if move in self.legal_moves(state) else Refusal(N_("That move is not legal here."))

    def is_legal(self, state: S, move: M) -> bool:
        return self.why_illegal(state, move) is None

    def require_legal(self, state: S, move: M) -> None:
        """Raise IllegalMove with the reason unless ``move`` can be played (``play``'s guard)."""
        why = self.why_illegal(state, move)
        if why:
            raise IllegalMove(why)

    def random_move(self, state: S, rng: random.Random) -> M:
        """A uniformly random move for the player to move (games whose moves are
        not all listed by ``legal_moves``, like an arrangement, override this)."""
        return rng.choice(self.legal_moves(state))

    def random_playout(self, state: S, rng: random.Random) -> S:
        """Play uniformly random legal moves to the end; return the final state.

        Games override this with a faster loop over their internal encoding; the
        result must be a game this ``play`` could have produced.
        """
        while not state.over:
            state, _ = self.play(state, rng.choice(self.legal_moves(state)))
        return state
