"""Rush (Mark Steere), exactly as docs/rules/rush.md states it.

The board is ``N × N`` points, ``N`` odd (levels 9x9, 11x11, 13x13, 19x19). A point
is ``(x, y)``: ``x`` the column from the left, ``y`` the row from the top, both from 0.
Black (``B``) and white (``W``) each place stones of their own colour; black starts
unless the game is started with ``first="white"``.

A **placement** puts one of the mover's stones on an empty point. Its
**connections** are the orthogonally adjacent occupied points, of either colour.
It is legal when it makes at most one connection, or when it makes two or more and
at least one of them is to an enemy stone. Two or more connections all to one's own
stones are never legal.

A **turn** is one or more placements: after a placement with two or more
connections the same player must place again ("again"), and keeps going until a
placement makes at most one connection or no legal placement is left for them; then
the turn passes to the opponent. A player with no legal placement at the start of
their turn passes (this never happens in a game played from the empty board, nor
right after any ``play``: see docs/rules/rush.md; it is kept so the engine cannot
hang on a strange loaded position). Any legal point may be chosen; nothing is forced.

The game ends when the board is full. More stones wins; ``N`` is odd, so there are
no ties.

**Notation.** A placement is written as a point name like ``c3``: the file letter
counts columns from the left (``a`` is ``x = 0``; no letter is skipped, so a 25×25
board uses ``a``–``y``) and the rank counts rows from the bottom (rank 1 is the
bottom row ``y = N - 1``, rank ``N`` the top row ``y = 0``), as on a chess board. The
mover is whoever is to move, so the colour is not written.

Internally a board is a tuple of small ints (0 empty, 1 black, 2 white) indexed by
``x + y * N``, with the orthogonal neighbours of every point precomputed. The random
playout works on one mutable board with incremental neighbour counts, so a random
9×9 game costs well under a millisecond.

Fast API (for the AI's priors): :func:`packed_neighbours` counts one point's black and
white neighbours in one int, the key of ``CONNECTIONS``.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, Literal, NamedTuple, TypedDict

from .core import (
    N_,
    EndEffect,
    Game,
    IllegalMove,
    Listed,
    Outcome,
    PassEffect,
    Reason,
    Refusal,
    RulesError,
    fresh_seed,
    need,
    need_int,
    need_player,
)

# --- effects: what a move did, in order (the protocol's JSON, typed) ---------------------


class PlaceEffect(TypedDict):
    type: Literal["place"]
    cell: list[int]
    color: str
    connections: int


class AgainEffect(TypedDict):
    type: Literal["again"]  # two connections or more, the mover places again


Effect = PlaceEffect | AgainEffect | PassEffect | EndEffect
EFFECT_TYPES: dict[str, type] = {"place": PlaceEffect, "again": AgainEffect, "pass": PassEffect,
                                 "end": EndEffect}

PLAYERS = ("black", "white")
EMPTY, BLACK, WHITE = 0, 1, 2
CODE = {"black": BLACK, "white": WHITE}
NAME = {BLACK: "black", WHITE: "white"}
CHAR = {EMPTY: ".", BLACK: "B", WHITE: "W"}
FROM_CHAR = {".": EMPTY, "B": BLACK, "W": WHITE}
MIN_SIZE, MAX_SIZE = 5, 25
FILES = "abcdefghijklmnopqrstuvwxy"  # 25 letters: one per column of the largest board

# Neighbour counts packed in one small int: black neighbours + 8 * white neighbours
# (0..32). These tables turn every rule question into one list look-up.
_PACK = {BLACK: 1, WHITE: 8}
_PACKED = range(33)
#: ILLEGAL[colour][packed]: two or more connections, all to that colour's own stones
ILLEGAL = (
    (),
    tuple((p & 7) >= 2 and (p >> 3) == 0 for p in _PACKED),
    tuple((p >> 3) >= 2 and (p & 7) == 0 for p in _PACKED),
)
#: CONNECTIONS[packed]: occupied neighbours of either colour
CONNECTIONS = tuple((p & 7) + (p >> 3) for p in _PACKED)
#: ENEMIES[colour][packed]: neighbours of the other colour
ENEMIES = ((), tuple(p >> 3 for p in _PACKED), tuple(p & 7 for p in _PACKED))


class Geometry:
    """Points, names and orthogonal neighbours of an ``N × N`` board."""

    def __init__(self, size: int) -> None:
        self.size = N = size
        self.points = N * N
        nbrs = []
        for i in range(N * N):
            x, y = i % N, i // N
            nbrs.append(tuple(x2 + y2 * N for x2, y2 in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))
                              if 0 <= x2 < N and 0 <= y2 < N))
        #: neighbours[i]: the orthogonal neighbours of point i, in the order up, right, down, left
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(nbrs)

    def index(self, cell: Any) -> int | None:
        """Point number of ``(x, y)``, or None when it is not on this board."""
        x, y = cell
        if 0 <= x < self.size and 0 <= y < self.size:
            return x + y * self.size
        return None

    def cell(self, i: int) -> tuple[int, int]:
        return i % self.size, i // self.size

    def name(self, i: int) -> str:
        x, y = self.cell(i)
        return f"{FILES[x]}{self.size - y}"

    def parse_name(self, text: str) -> int:
        t = text.strip().lower()
        if len(t) < 2 or t[0] not in FILES or not t[1:].isdigit():
            raise IllegalMove(f"'{text.strip()}' is not a point name like c3.")
        x, rank = FILES.index(t[0]), int(t[1:])
        if x >= self.size or not 1 <= rank <= self.size:
            raise IllegalMove(f"There is no point {t} on a {self.size}×{self.size} board.")
        return x + (self.size - rank) * self.size


@cache
def geometry(size: int) -> Geometry:
    return Geometry(size)


def check_size(value: Any, what: str) -> int:
    size = need_int(value, what, MIN_SIZE, MAX_SIZE)
    if size % 2 == 0:
        raise RulesError(f"{what} must be odd, not {size}.")
    return size


class Move(NamedTuple):
    """Place the mover's stone on ``cell`` = ``(x, y)``."""

    cell: tuple[int, int]


@dataclass(frozen=True)
class State:
    """A Rush position. ``board`` holds 0/1/2 per point ``x + y * size``.

    ``continuing`` is true while the player to move is placing again in the same
    turn (their last placement made two or more connections).
    """

    level: str
    size: int
    board: tuple[int, ...]
    to_move: str | None
    continuing: bool
    winner: str | None
    seed: int
    game: str = "rush"

    @property
    def over(self) -> bool:
        return self.to_move is None

    @property
    def geo(self) -> Geometry:
        return geometry(self.size)

    def count(self, player: str) -> int:
        return self.board.count(CODE[player])

    def stone_at(self, cell: tuple[int, int]) -> str | None:
        i = self.geo.index(cell)
        return None if i is None else NAME.get(self.board[i])


# --- the rules, on a board of ints (shared by play, load and the playout) -----

def packed_neighbours(nbrs: tuple[int, ...], board: Any) -> int:
    """Black neighbours + 8 * white neighbours of one point."""
    p = 0
    for n in nbrs:
        c = board[n]
        if c:
            p += _PACK[c]
    return p


def _legal_points(geo: Geometry, board: Any, colour: int) -> list[int]:
    """The empty points where ``colour`` may place, in point order."""
    nbrs, illegal = geo.neighbours, ILLEGAL[colour]
    return [i for i, c in enumerate(board) if not c and not illegal[packed_neighbours(nbrs[i], board)]]


def _can_place(geo: Geometry, board: Any, colour: int) -> bool:
    nbrs, illegal = geo.neighbours, ILLEGAL[colour]
    return any(not c and not illegal[packed_neighbours(nbrs[i], board)] for i, c in enumerate(board))


def _after_placement(geo: Geometry, board: Any, mover: int, connections: int
                     ) -> tuple[int, bool, list[Effect]]:
    """Who places next once ``mover`` has placed a stone making ``connections``.

    Returns ``(next colour or 0 when the board is full, continuing, effects)`` with
    the ``again`` / ``pass`` effects this decision produces (not ``end``).
    """
    if EMPTY not in board:
        return 0, False, []
    if connections >= 2 and _can_place(geo, board, mover):
        return mover, True, [{"type": "again"}]
    return _start_turn(geo, board, 3 - mover)


def _start_turn(geo: Geometry, board: Any, player: int) -> tuple[int, bool, list[Effect]]:
    """The start of ``player``'s turn on a board that is not full: pass if need be.

    Every empty point is legal for at least one colour (its neighbours cannot be
    all black and all white at once), so after one pass the other player can place.
    """
    if _can_place(geo, board, player):
        return player, False, []
    return 3 - player, False, [{"type": "pass", "player": NAME[player]}]


def _winner(board: Any) -> str:
    return "black" if board.count(BLACK) > board.count(WHITE) else "white"


class Rush(Game[State, Move, Effect]):
    effect_types = EFFECT_TYPES
    id = "rush"
    players = PLAYERS
    default_level = "9x9"

    def check_level(self, data: dict[str, Any]) -> dict[str, Any]:
        check_size(data.get("size"), "The level's 'size'")
        return data

    # -- building states ------------------------------------------------------
    def mirror(self, state: State) -> tuple[list[int], dict[int, int]]:
        """Point reflection through the board's centre: point i and N*N-1-i, Black's
        stones White's."""
        n = len(state.board)
        return [n - 1 - i for i in range(n)], {EMPTY: EMPTY, BLACK: WHITE, WHITE: BLACK}

    def new(self, level: dict[str, Any], seed: int | None = None, first: str | None = None,
            options: dict[str, Any] | None = None) -> State:
        self.check_level(level)
        seed = fresh_seed() if seed is None else need_int(seed, "The seed")
        first = "black" if first is None else need_player(first, PLAYERS, "The start player")
        size = level["size"]
        return State(level=level.get("name", self.default_level), size=size,
                     board=(EMPTY,) * (size * size), to_move=first, continuing=False,
                     winner=None, seed=seed)

    # -- moves -----------------------------------------------------------------
    def legal_moves(self, state: State) -> list[Move]:
        player = state.to_move
        if player is None:  # over
            return []
        geo = state.geo
        return [Move(geo.cell(i)) for i in _legal_points(geo, state.board, CODE[player])]

    def why_illegal(self, state: State, move: Move) -> str | None:
        """One sentence saying why ``move`` cannot be played, or None if it can."""
        player = state.to_move
        if player is None:  # over
            return Refusal(N_("The game is over."))
        geo = state.geo
        i = geo.index(move.cell)
        if i is None:
            return Refusal(N_("There is no point {point} on a {size}×{size} board."), point=list(move.cell),
                           size=state.size)
        if state.board[i]:
            return Refusal(N_("That point is already occupied."))
        packed = packed_neighbours(geo.neighbours[i], state.board)
        if ILLEGAL[CODE[player]][packed]:
            return Refusal(N_("A stone there would connect to {n} of your own stones and no enemy stone."),
                           n=CONNECTIONS[packed])
        return None

    def play(self, state: State, move: Move) -> tuple[State, list[Effect]]:
        self.require_legal(state, move)
        geo = state.geo
        i = geo.index(move.cell)
        player = state.to_move
        assert i is not None and player is not None  # require_legal: a point of a running game
        mover = CODE[player]
        connections = CONNECTIONS[packed_neighbours(geo.neighbours[i], state.board)]
        board = list(state.board)
        board[i] = mover
        effects: list[Effect] = [{"type": "place", "cell": list(geo.cell(i)),
                                  "color": player, "connections": connections}]
        nxt, continuing, more = _after_placement(geo, board, mover, connections)
        effects += more
        winner = None if nxt else _winner(board)
        new = State(level=state.level, size=state.size, board=tuple(board),
                    to_move=NAME[nxt] if nxt else None, continuing=continuing,
                    winner=winner, seed=state.seed)
        if winner:
            effects.append({"type": "end", "winner": winner})
        return new, effects

    def random_playout(self, state: State, rng: random.Random) -> State:
        return self._playout(state, rng)

    def _playout(self, state: State, rng: random.Random, record: list[int] | None = None) -> State:
        """Random legal placements to the end on one mutable board.

        Every placement is uniform over the mover's legal points: a few uniform draws
        among the empty points, the first legal one taken (rejection sampling), and
        when all of them miss, a uniform draw from the full list of legal points.
        A mixture of uniform choices is uniform. An empty list means the turn ends
        (during a continuing turn) or the player passes (at the start of a turn);
        either way the opponent places next, exactly as ``play`` decides.
        ``record`` (tests) receives every point placed, in order.
        """
        player = state.to_move
        if player is None:  # over
            return state
        geo = state.geo
        nbrs = geo.neighbours
        board = list(state.board)
        packed = [packed_neighbours(nbrs[i], board) for i in range(geo.points)]
        empties = [i for i, c in enumerate(board) if not c]
        where = [0] * geo.points
        for k, i in enumerate(empties):
            where[i] = k
        n_empty = len(empties)
        colour = CODE[player]
        rand = rng.random
        conn = CONNECTIONS
        misses = 0  # consecutive players found without a legal point (never reaches 2)
        while n_empty:
            illegal = ILLEGAL[colour]
            for _ in range(6):
                k = int(rand() * n_empty)
                i = empties[k]
                if not illegal[packed[i]]:
                    break
            else:
                legal = [i for i in empties if not illegal[packed[i]]]
                if not legal:
                    misses += 1
                    if misses > 1:  # impossible: some colour may place on every empty point
                        raise RuntimeError("Rush playout: neither player can place.")
                    colour = 3 - colour
                    continue
                i = legal[int(rand() * len(legal))]
                k = where[i]
            misses = 0
            if record is not None:
                record.append(i)
            board[i] = colour
            last = empties.pop()
            if last != i:
                empties[k] = last
                where[last] = k
            n_empty -= 1
            add = 1 if colour == BLACK else 8
            for n in nbrs[i]:
                packed[n] += add
            if conn[packed[i]] < 2:
                colour = 3 - colour
        return State(level=state.level, size=state.size, board=tuple(board), to_move=None,
                     continuing=False, winner=_winner(board), seed=state.seed)

    # -- the end ----------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        if state.winner is None:  # running: a full board has its winner
            return None
        return Outcome(winner=state.winner, reason=Reason.STONES,
                       detail={p: state.count(p) for p in PLAYERS})

    # -- JSON ---------------------------------------------------------------------
    def parse_move(self, obj: Any) -> Move:
        if not isinstance(obj, dict) or "cell" not in obj:
            raise IllegalMove("A Rush move must be an object like {\"cell\":[x,y]}.")
        cell = obj["cell"]
        if (not isinstance(cell, list) or len(cell) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in cell)):
            raise IllegalMove("A Rush move needs \"cell\": [x, y] with two whole numbers.")
        return Move((cell[0], cell[1]))

    def move_json(self, move: Move) -> dict[str, Any]:
        return {"cell": [move.cell[0], move.cell[1]]}

    def state_json(self, state: State) -> dict[str, Any]:
        N = state.size
        chars = "".join(CHAR[c] for c in state.board)
        return {
            "game": "rush", "level": state.level, "to_move": state.to_move,
            "over": state.over, "winner": state.winner, "size": N,
            "board": [chars[y * N:(y + 1) * N] for y in range(N)],
            "continuing": state.continuing,
            "count": {p: state.count(p) for p in PLAYERS},
            "seed": state.seed,
        }

    def load_state(self, obj: Any, level: dict[str, Any]) -> State:
        """A state from STATE JSON, checked for consistency and against ``level``.

        A position whose player to move has no legal placement is settled the way
        ``play`` would have left it: a continuing turn ends, a turn start passes.
        """
        size = check_size(need(obj, "size", int), "The state's 'size'")
        geo = geometry(size)
        name = obj.get("level")
        if name is None:
            name = level.get("name", f"{size}x{size}")
        elif not isinstance(name, str):
            raise RulesError("The state's 'level' must be a level name.")
        if "name" in level and name != level["name"]:
            raise RulesError(f"The state's level '{name}' is not the level '{level['name']}' it is "
                             "loaded with.")
        if level.get("size", size) != size:
            raise RulesError(f"The state's size {size} does not match level '{name}' "
                             f"(size {level['size']}).")
        rows = need(obj, "board", list)
        if len(rows) != size or not all(isinstance(r, str) for r in rows):
            raise RulesError(f"The state's 'board' must be a list of {size} strings, one per row.")
        board: list[int] = []
        for y, row in enumerate(rows):
            if len(row) != size:
                raise RulesError(f"Row {y} of the board must be {size} characters long, not {len(row)}.")
            bad = next((ch for ch in row if ch not in FROM_CHAR), None)
            if bad is not None:
                raise RulesError(f"Row {y} of the board holds {bad!r}; only '.', 'B' and 'W' are allowed.")
            board.extend(FROM_CHAR[ch] for ch in row)
        counts = {p: board.count(CODE[p]) for p in PLAYERS}
        if "count" in obj:
            given = need(obj, "count", dict)
            for p in PLAYERS:
                n = need_int(given.get(p), f"count.{p}", 0, size * size)
                if n != counts[p]:
                    raise RulesError(f"The state's count gives {p} {n} stones, but the board shows "
                                     f"{counts[p]}.")
        seed = need_int(obj.get("seed", 0), "The state's 'seed'")
        continuing = obj.get("continuing", False)
        if not isinstance(continuing, bool):
            raise RulesError("The state's 'continuing' must be true or false.")
        if "to_move" not in obj:
            raise RulesError("The state is missing the key 'to_move'.")
        to_move = obj["to_move"]
        over = obj.get("over", to_move is None)
        if not isinstance(over, bool):
            raise RulesError("The state's 'over' must be true or false.")
        if over != (to_move is None):
            raise RulesError("The state's 'over' and 'to_move' disagree: 'to_move' is null exactly "
                             "when the game is over.")
        empty = board.count(EMPTY)
        if to_move is None:
            if empty:
                raise RulesError(f"The state says the game is over, but {empty} points are still empty.")
            if continuing:
                raise RulesError("A finished game cannot be 'continuing'.")
        else:
            need_player(to_move, PLAYERS, "The state's 'to_move'")
            if not empty:
                raise RulesError("The board is full, so the game is over and 'to_move' must be null.")
        winner = None if empty else _winner(board)
        if "winner" in obj and obj["winner"] != winner:
            raise RulesError(f"The state's 'winner' must be {winner!r}, not {obj.get('winner')!r}.")
        if continuing:
            mover = CODE[to_move]
            nbrs = geo.neighbours
            if not any(c == mover and CONNECTIONS[p] >= 2 and ENEMIES[mover][p]
                       for i, c in enumerate(board) for p in (packed_neighbours(nbrs[i], board),)):
                raise RulesError(f"'continuing' is true, but no {to_move} stone touches two or more "
                                 "stones with an enemy among them, so none can have been just placed.")
        state = State(level=name, size=size, board=tuple(board), to_move=to_move,
                      continuing=continuing, winner=winner, seed=seed)
        if to_move is not None and not _can_place(geo, board, CODE[to_move]):
            # a continuing turn without a placement ends; a turn start passes
            nxt, _, _ = _start_turn(geo, board, 3 - CODE[to_move])
            state = replace(state, to_move=NAME[nxt], continuing=False)
        return state

    # -- notation -------------------------------------------------------------------
    def move_text(self, move: Move, state: State | None = None) -> str:
        """``c3``: file letter from the left (a = column 0), rank from the bottom (1 = last row).

        Without a state the board is taken to be 9×9.
        """
        geo = geometry(state.size if state is not None else 9)
        i = geo.index(move.cell)
        if i is None:
            raise IllegalMove(f"There is no point {list(move.cell)} on a {geo.size}×{geo.size} board.")
        return geo.name(i)

    def mid_turn(self, state: State) -> bool:
        """Placing again after two connections."""
        return state.continuing

    def scores(self, state: State) -> dict[str, int]:
        """The stones of each colour on the board."""
        return {p: state.count(p) for p in PLAYERS}

    # -- in words ---------------------------------------------------------------------------
    def describe(self, state: State) -> list[str]:
        """Each colour's stones by point name, the empty points, and a turn that goes on."""
        geo = state.geo
        lines: list[str] = []
        for player in PLAYERS:
            names = [geo.name(i) for i, c in enumerate(state.board) if c == CODE[player]]
            names.sort(key=lambda n: (n[0], int(n[1:])))
            lines.append(Refusal(N_("{side} stones ({n}): {points}."), side=player.capitalize(), n=len(names),
                                 points=Listed(names) if names else Refusal(N_("none"))))
        lines.append(Refusal(N_("Empty points: {n}."), n=state.board.count(0)))
        if state.continuing and state.to_move is not None:
            lines.append(Refusal(N_("{side} places again this turn."), side=state.to_move.capitalize()))
        return lines

    def tell(self, before: State, move: Move, effects: list[Effect]) -> list[str]:
        """"Black on d4: 2 connections." and whether black places again or passes."""
        out: list[str] = []
        for e in effects:
            if e["type"] == "place":
                out.append(Refusal(N_("{side} on {point}: connections {n}."), side=e["color"].capitalize(),
                                   point=self.move_text(move, before), n=e["connections"]))
            elif e["type"] == "again":
                out.append(Refusal(N_("{side} places again."), side=str(before.to_move).capitalize()))
        return out + super().tell(before, move, effects)

    def parse_text(self, text: str, state: State) -> Move:
        geo = state.geo
        return Move(geo.cell(geo.parse_name(text)))


RUSH = Rush()
