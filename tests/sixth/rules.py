"""Corners, the test suite's sixth game: the rules (pure Python, no pygame).

A fixture, registered only while the tests run (``tests/sixth/__init__.py``), so that every
generic part of the arcade meets a game it was not written for. It is tiny on purpose, and
has what the generic code must handle: a turn of several moves, a pass, a draw.

The board is ``N × N`` cells (the level's ``size``, 3 to 5: ``classic`` 4, ``small`` 3),
named like Rush's points: the file letter from the left, the rank from the bottom (``a1`` is
the bottom left corner).
Red and blue take turns, the seeded random start player first (``first`` overrides):

* a **placement** puts one of the mover's stones on an empty cell that touches none of the
  mover's own stones (up, down, left, right);
* a stone placed in a **corner** earns another placement at once (``again``), if the mover
  has one; the turn then goes on;
* a player with no placement while the other has one **passes** (``pass``): the other
  places again;
* the game **ends** when neither player can place. More stones wins; equal counts, more
  stones in the corners; equal again, a draw.

The complete rules, as the lesson test reads them: ``tests/sixth/docs/rules/corners.md``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple, TypedDict

from game.rules.core import (
    DRAW,
    N_,
    EndWithReason,
    Game,
    IllegalMove,
    Outcome,
    PassEffect,
    Refusal,
    RulesError,
    need,
    need_int,
    other,
)
from game.rules.turns import choose_first, load_header, resolve_seed

# --- effects ------------------------------------------------------------------------------


class PlaceEffect(TypedDict):
    type: str  # "place"
    cell: list[int]
    player: str


class AgainEffect(TypedDict):
    type: str  # "again": a corner stone; the mover places again
    player: str


EFFECT_TYPES: dict[str, type] = {"place": PlaceEffect, "again": AgainEffect, "pass": PassEffect,
                                 "end": EndWithReason}

PLAYERS = ("red", "blue")
CHAR = {"red": "R", "blue": "B"}
OWNER = {"R": "red", "B": "blue"}
FILES = "abcde"
MIN_SIZE, MAX_SIZE = 3, 5


class Move(NamedTuple):
    """A placement on ``cell``: ``(x, y)``, ``x`` from the left, ``y`` from the top."""

    cell: tuple[int, int]


@dataclass(frozen=True)
class State:
    """A position: ``board`` holds one character a cell (``.``, ``R``, ``B``), row by row
    from the top; ``again`` says the mover is in the middle of a turn (a corner stone)."""

    level: str
    size: int
    board: str
    to_move: str | None
    winner: str | None
    seed: int
    again: bool = False
    game: str = "corners"

    @property
    def over(self) -> bool:
        return self.to_move is None

    def at(self, x: int, y: int) -> str:
        return self.board[x + y * self.size]

    def count(self, player: str) -> int:
        return self.board.count(CHAR[player])


def name(cell: tuple[int, int], size: int) -> str:
    """``(x, y)`` as the notation writes it: ``a1`` is the bottom left corner."""
    x, y = cell
    return f"{FILES[x]}{size - y}"


def cell_of(text: Any, size: int) -> tuple[int, int] | None:
    """The cell a name like ``b2`` names on a board of ``size``, or None."""
    if not isinstance(text, str) or len(text.strip()) != 2:
        return None
    f, r = text.strip().lower()
    if f not in FILES[:size] or not r.isdigit() or not 1 <= int(r) <= size:
        return None
    return FILES.index(f), size - int(r)


def neighbours(cell: tuple[int, int], size: int) -> list[tuple[int, int]]:
    x, y = cell
    return [(a, b) for a, b in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))
            if 0 <= a < size and 0 <= b < size]


def is_corner(cell: tuple[int, int], size: int) -> bool:
    return cell[0] in (0, size - 1) and cell[1] in (0, size - 1)


def placements(board: str, size: int, player: str) -> list[tuple[int, int]]:
    """The cells ``player`` may place on, row by row from the top."""
    own = CHAR[player]
    return [(x, y) for y in range(size) for x in range(size)
            if board[x + y * size] == "."
            and all(board[a + b * size] != own for a, b in neighbours((x, y), size))]


def corner_stones(board: str, size: int, char: str) -> int:
    return sum(board[x + y * size] == char for x in (0, size - 1) for y in (0, size - 1))


def decide(board: str, size: int) -> tuple[str, str]:
    """The winner of a finished board and why: more stones (``"count"``); equal counts, more
    corner stones (``"corners"``); equal again, a draw (``"draw"``)."""
    red, blue = board.count("R"), board.count("B")
    reason = "count"
    if red == blue:
        red, blue = corner_stones(board, size, "R"), corner_stones(board, size, "B")
        reason = "corners"
    if red == blue:
        return DRAW, "draw"
    return ("red" if red > blue else "blue"), reason


class Corners(Game):
    id = "corners"
    players = PLAYERS
    default_level = "classic"
    effect_types = EFFECT_TYPES

    def check_level(self, data: dict[str, Any]) -> dict[str, Any]:
        need_int(data.get("size"), "The level's 'size'", MIN_SIZE, MAX_SIZE)
        return data

    def new(self, level: dict[str, Any], seed: int | None = None, first: str | None = None,
            options: dict[str, Any] | None = None) -> State:
        self.check_level(level)
        if options:
            raise RulesError(f"Corners takes no options, not {', '.join(map(repr, options))}.")
        seed = resolve_seed(seed)
        size = level["size"]
        return State(level=level.get("name", "classic"), size=size, board="." * size * size,
                     to_move=choose_first(PLAYERS, seed, first), winner=None, seed=seed)

    def legal_moves(self, state: State) -> list[Move]:
        if state.over:
            return []
        return [Move(c) for c in placements(state.board, state.size, state.to_move)]

    def why_illegal(self, state: State, move: Move) -> str | None:
        if state.over:
            return Refusal(N_("The game is over."))
        x, y = move.cell
        if not (0 <= x < state.size and 0 <= y < state.size):
            return Refusal(N_("There is no cell there on this board."))
        if state.at(x, y) != ".":
            return Refusal(N_("That cell is taken."))
        own = CHAR[state.to_move]
        if any(state.at(a, b) == own for a, b in neighbours((x, y), state.size)):
            return Refusal(N_("A stone may not touch a stone of its own colour."))
        return None

    def play(self, state: State, move: Move) -> tuple[State, list[dict[str, Any]]]:
        self.require_legal(state, move)
        n, mover = state.size, state.to_move
        x, y = move.cell
        i = x + y * n
        board = state.board[:i] + CHAR[mover] + state.board[i + 1:]
        effects: list[dict[str, Any]] = [{"type": "place", "cell": [x, y], "player": mover}]
        opponent = other(PLAYERS, mover)
        mine, theirs = placements(board, n, mover), placements(board, n, opponent)
        again, to_move, winner = False, opponent, None
        if not mine and not theirs:
            to_move = None
            winner, reason = decide(board, n)
            effects.append({"type": "end", "winner": winner, "reason": reason})
        elif is_corner(move.cell, n) and mine:
            again, to_move = True, mover
            effects.append({"type": "again", "player": mover})
        elif not theirs:
            to_move = mover
            effects.append({"type": "pass", "player": opponent})
        return State(level=state.level, size=n, board=board, to_move=to_move, winner=winner, seed=state.seed,
                     again=again), effects

    def outcome(self, state: State) -> Outcome | None:
        if not state.over:
            return None
        detail = {p: {"stones": state.count(p), "corners": corner_stones(state.board, state.size, CHAR[p])}
                  for p in PLAYERS}
        return Outcome(winner=state.winner, reason=decide(state.board, state.size)[1], detail=detail)

    def scores(self, state: State) -> dict[str, int]:
        return {p: state.count(p) for p in PLAYERS}

    def mid_turn(self, state: State) -> bool:
        return state.again and not state.over

    # -- JSON ------------------------------------------------------------------------------
    def parse_move(self, obj: Any) -> Move:
        cell = obj.get("cell") if isinstance(obj, dict) and set(obj) == {"cell"} else None
        if (not isinstance(cell, list) or len(cell) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in cell)):
            raise IllegalMove("A Corners move must be an object like {\"cell\": [x, y]}.")
        return Move((cell[0], cell[1]))

    def move_json(self, move: Move) -> dict[str, Any]:
        return {"cell": [move.cell[0], move.cell[1]]}

    def state_json(self, state: State) -> dict[str, Any]:
        n = state.size
        rows = [state.board[y * n:(y + 1) * n] for y in range(n)]
        return {"game": "corners", "level": state.level, "to_move": state.to_move, "over": state.over,
                "winner": state.winner, "size": n, "board": rows, "again": state.again, "seed": state.seed,
                "count": self.scores(state)}

    def load_state(self, obj: Any, level: dict[str, Any]) -> State:
        seed, over, to_move = load_header(obj, "corners", PLAYERS)
        size = need_int(need(obj, "size", int), "The state's 'size'", MIN_SIZE, MAX_SIZE)
        if size != level.get("size"):
            raise RulesError(f"The state's size {size} is not its level's ({level.get('size')}).")
        rows = need(obj, "board", list)
        if len(rows) != size or not all(isinstance(r, str) and len(r) == size and set(r) <= set(".RB")
                                        for r in rows):
            raise RulesError(f"'board' must be {size} rows of {size} characters '.', 'R' or 'B'.")
        board = "".join(rows)
        for player in PLAYERS:
            own = CHAR[player]
            for y in range(size):
                for x in range(size):
                    if board[x + y * size] == own and any(board[a + b * size] == own
                                                          for a, b in neighbours((x, y), size)):
                        raise RulesError(f"Two {player} stones touch at {name((x, y), size)}.")
        again = need(obj, "again", bool)
        open_ = {p: bool(placements(board, size, p)) for p in PLAYERS}
        winner = None
        if over:
            if any(open_.values()):
                raise RulesError("A finished game has no placement left for either player.")
            if again:
                raise RulesError("A finished game is in no one's turn: 'again' must be false.")
            winner = decide(board, size)[0]
        else:
            if not open_[to_move]:
                raise RulesError(f"{to_move.capitalize()} is to move but has no placement.")
        if obj.get("winner") not in (None, winner):
            raise RulesError(f"The state says the winner is {obj['winner']!r}; its board gives {winner!r}.")
        if "count" in obj and obj["count"] != {p: board.count(CHAR[p]) for p in PLAYERS}:
            raise RulesError("'count' must be the stones of each colour on the board.")
        name_ = obj.get("level", level.get("name", "classic"))
        return State(level=str(name_), size=size, board=board, to_move=to_move, winner=winner, seed=seed,
                     again=again)

    # -- notation --------------------------------------------------------------------------
    def move_text(self, move: Move, state: State | None = None) -> str:
        """``b2``: the file letter from the left, the rank from the bottom (a 3×3 board
        without a state)."""
        size = state.size if state is not None else MIN_SIZE
        x, y = move.cell
        if not (0 <= x < size and 0 <= y < size):
            raise IllegalMove(f"There is no cell {list(move.cell)} on a {size}×{size} board.")
        return name(move.cell, size)

    def parse_text(self, text: str, state: State | None = None) -> Move:
        cell = cell_of(text, state.size if state is not None else MIN_SIZE)
        if cell is None:
            raise IllegalMove(f"{text.strip()[:12]!r} is not a cell like b2.")
        return Move(cell)


CORNERS = Corners()
