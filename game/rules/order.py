"""THE GREAT ORDER (Play Gauss), exactly as docs/rules/order.md states it.

The field lies between two boundaries (each colour's three 6-stones end to end):
**18 columns** (0–17) of **5 cells**. Blue lays stones against its boundary,
brown against the other, so a column holds at most one stone of each colour.

**Arrangement.** Each player lays their other 15 stones (lengths 1–5, three of
each) in a row, the **collection**, with no two equal lengths side by side —
blue first, then brown (without seeing each other's), or both given as the
``arrangement`` option of ``new``. Then the seeded random start player begins.

**A placement.** Take the **left** or **right end** stone of your collection
(length ``k``) and lay it into a column:

* an empty column takes any stone; a 5 fills an empty column alone: a
  **connection**;
* a column holding only an opponent stone of length ``m`` takes exactly a stone
  of length ``5 - m``, which completes it: a **connection**; nothing else enters
  a column that holds a stone;
* a stone that can make a connection anywhere must make one (which one is the
  player's choice); otherwise it goes into any empty column; an end stone that
  cannot be placed at all cannot be chosen.

**A turn.** After a connection the same player places again; the turn ends with
the first placement that makes no connection, or when the player has no stone or
no legal placement left. A turn with ``c`` connections scores ``1 + 2 + … + c``.
A player with no legal placement at the start of their turn passes.

**End.** When every stone is placed, or when both players pass in a row (a dead
end that legal play never reaches). Higher score wins; equal scores draw.

Fast API (for the AI): :func:`placements` lists where a stone of a given length may go
and whether it must connect.
"""
from __future__ import annotations

import random
from bisect import bisect_right, insort
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import product
from typing import Any, Literal, NamedTuple, TypedDict

from .core import (
    DRAW,
    N_,
    EndWithReason,
    Game,
    IllegalMove,
    Listed,
    Outcome,
    PassEffect,
    Reason,
    Refusal,
    RulesError,
    Seen,
    draw,
    need,
    need_int,
)
from .turns import (
    check_winner,
    choose_first,
    leader,
    load_header,
    resolve_seed,
    triangular,
)

# --- effects: what a move did, in order (the protocol's JSON, typed) ---------------------


class PlaceEffect(TypedDict):
    type: Literal["place"]
    player: str
    length: int
    column: int
    end: str


class ConnectEffect(TypedDict):
    type: Literal["connect"]  # the stone completes a connection; the chain grows
    player: str
    column: int
    chain: int


class ScoreEffect(TypedDict):
    type: Literal["score"]  # a chain of connections scores its triangular number
    player: str
    connections: int
    points: int


Effect = PlaceEffect | ConnectEffect | ScoreEffect | PassEffect | EndWithReason
EFFECT_TYPES: dict[str, type] = {"place": PlaceEffect, "connect": ConnectEffect, "score": ScoreEffect,
                                 "pass": PassEffect, "end": EndWithReason}

PLAYERS = ("blue", "brown")
COLUMNS = 18
WIDTH = 5  # cells per column: a connection is a 5 alone or two stones of lengths m and 5 - m
LENGTHS = (1, 2, 3, 4, 5)
COPIES = 3
STONES = len(LENGTHS) * COPIES  # 15 per collection
MAX_SCORE = triangular(COLUMNS)
#: what a side that may not see an arrangement is shown instead (a valid one, so the state
#: loads; ``"hidden"`` in the STATE says it is a stand-in): 1 2 3 4 5 1 2 3 4 5 1 2 3 4 5
STAND_IN = LENGTHS * COPIES
_COLS = tuple(range(COLUMNS))


class Move(NamedTuple):
    """Take the ``end`` (``"left"``: index 0, or ``"right"``) stone and lay it into ``column``."""

    end: str
    column: int


class Arrange(NamedTuple):
    """The arranging player's collection, left to right."""

    lengths: tuple[int, ...]


#: a move of The Great Order: a placement, or an arrangement of one's collection
Action = Move | Arrange


@dataclass(frozen=True)
class State:
    """A position of The Great Order.

    ``collections`` and ``columns`` are ``(blue, brown)``; ``columns[p][c]`` is the
    length of player ``p``'s stone in column ``c`` (0: none). ``chain`` counts the
    connections made so far in the current turn; ``first`` is the start player of
    the play phase.
    """

    level: str
    phase: str
    collections: tuple[tuple[int, ...], tuple[int, ...]]
    columns: tuple[tuple[int, ...], tuple[int, ...]]
    score: tuple[int, int]
    chain: int
    first: str
    to_move: str | None
    winner: str | None
    seed: int
    game: str = "order"

    @property
    def over(self) -> bool:
        return self.to_move is None

    @property
    def stuck(self) -> bool:
        """Over with stones left: the dead end where both players passed."""
        return self.over and bool(self.collections[0] or self.collections[1])


# --- arrangements ------------------------------------------------------------------


def why_bad_arrangement(lengths: Any) -> str | None:
    """One sentence saying why ``lengths`` is not a valid collection, or None if it is."""
    if not isinstance(lengths, (list, tuple)):
        return Refusal(N_("An arrangement is a list of {n} stone lengths."), n=STONES)
    if len(lengths) != STONES:
        return Refusal(N_("An arrangement holds {n} stones, not {count}."), n=STONES, count=len(lengths))
    for v in lengths:
        if isinstance(v, bool) or not isinstance(v, int) or v not in LENGTHS:
            return Refusal(N_("Stone lengths are 1 to {width}, not {value}."), width=WIDTH, value=repr(v))
    for v in LENGTHS:
        n = sum(1 for x in lengths if x == v)
        if n != COPIES:
            return Refusal(N_("An arrangement holds {copies} stones of each length; it has {n} of length "
                              "{length}."), copies=COPIES, n=n, length=v)
    for i in range(STONES - 1):
        if lengths[i] == lengths[i + 1]:
            return Refusal(N_("Two stones of length {length} lie side by side (positions {first} and "
                              "{second})."), length=lengths[i], first=i + 1, second=i + 2)
    return None


@cache
def _ways(left: tuple[int, ...], last: int) -> int:
    """The number of valid ways to lay the stones counted in ``left`` after a ``last``."""
    if not any(left):
        return 1
    total = 0
    for i, n in enumerate(left):
        if n and i + 1 != last:
            total += _ways(left[:i] + (n - 1,) + left[i + 1:], i + 1)
    return total


def _code(left: tuple[int, ...], last: int) -> int:
    """``(stones left per length, last length laid)`` as one small int (a fast dict key)."""
    code = 0
    for n in reversed(left):
        code = code * (COPIES + 1) + n
    return code * (WIDTH + 1) + last


#: the table entries a step of :func:`arranging_steps` builds: 64 of the smallest kind,
#: fewer of the larger (a step takes about a tenth of a millisecond)
_STEP = 64

_Single = dict[int, tuple[list[float], float, list[tuple[int, int]]]]
_Chunks = dict[int, tuple[list[float], float, list[tuple[tuple[int, ...], int]]]]
_tables: dict[str, dict] = {}  # "single", "chunks": once built, shared by every caller


def _ways_steps() -> Iterator[None]:
    """:func:`_ways` for every count of stones left, fewest first, so that each is a sum of
    a few already known: no deep recursion in one step."""
    lefts = sorted(product(range(COPIES + 1), repeat=len(LENGTHS)), key=sum)
    for k, left in enumerate(lefts, 1):
        for last in range(WIDTH + 1):
            _ways(left, last)
        if k % (_STEP // 8) == 0:
            yield


def _single_steps(table: _Single) -> Iterator[None]:
    todo = [((COPIES,) * len(LENGTHS), 0)]
    while todo:
        left, last = todo.pop()
        code = _code(left, last)
        if code in table:
            continue
        bounds, picks, total = [], [], 0
        for i, n in enumerate(left):
            if n and i + 1 != last:
                rest = left[:i] + (n - 1,) + left[i + 1:]
                ways = _ways(rest, i + 1)
                if ways:
                    total += ways
                    bounds.append(float(total))
                    picks.append((i + 1, _code(rest, i + 1)))
                    todo.append((rest, i + 1))
        table[code] = (bounds, float(total), picks)
        if len(table) % (_STEP // 4) == 0:
            yield


def _chunk_steps(single: _Single, table: _Chunks) -> Iterator[None]:
    todo = [_START]
    while todo:
        code = todo.pop()
        if code in table:
            continue
        paths: list[tuple[tuple[int, ...], int]] = [((), code)]
        for _ in range(_CHUNK):
            paths = [(laid + (length,), after) for laid, at in paths for length, after in single[at][2]]
        bounds, picks, total = [], [], 0.0
        for laid, after in paths:
            ways = single[after][1] if single[after][2] else 1.0  # a full row completes one way
            total += ways
            bounds.append(total)
            picks.append((laid, after))
            if single[after][2]:
                todo.append(after)
        table[code] = (bounds, total, picks)
        if len(table) % (_STEP // 32) == 0:  # an entry here is a few dozen paths
            yield


def arranging_steps() -> Iterator[None]:
    """Build the tables :func:`random_arrangement` draws from, a small step at a time
    (each next() about a tenth of a millisecond). Built in one go they take 130 ms, 270 on
    a busy machine: a screen that may offer a random collection builds them beside its
    frames (a thread that lets the frames have the interpreter between steps), not in the
    frame of the first press. Nothing is left to do when they are built."""
    if "chunks" in _tables:
        return
    yield from _ways_steps()
    if "single" not in _tables:
        single: _Single = {}
        yield from _single_steps(single)
        _tables.setdefault("single", single)
    chunks: _Chunks = {}
    yield from _chunk_steps(_tables["single"], chunks)
    _tables.setdefault("chunks", chunks)


def _arranging() -> _Single:
    """For every way a row can be half laid (:func:`_code`): the next stone's choices as
    their cumulative numbers of valid completions, the total, and ``(length, code after)``.
    Built once (about 3,500 entries), so drawing a row is a look-up and a bisection a stone."""
    if "single" not in _tables:
        single: _Single = {}
        for _ in _single_steps(single):
            pass
        _tables.setdefault("single", single)
    return _tables["single"]


#: the code of a row with nothing laid yet
_START = _code((COPIES,) * len(LENGTHS), 0)


#: stones drawn per step of :func:`random_arrangement` (15 = 5 x 3)
_CHUNK = 3


def _arranging_chunks() -> _Chunks:
    """:func:`_arranging` three stones at a time: from each half-laid row that
    :func:`random_arrangement` meets (0, 3, 6, ... stones laid), every way to lay the
    next three, weighted by the valid completions after them. Three stones drawn in one
    step have exactly the probability of three single steps (each single weight is the
    completions after that stone), with a third of the draws: a random playout of The
    Great Order lays out both collections, and this made it about 15 % faster."""
    if "chunks" not in _tables:
        chunks: _Chunks = {}
        for _ in _chunk_steps(_arranging(), chunks):
            pass
        _tables.setdefault("chunks", chunks)
    return _tables["chunks"]


def random_arrangement(rng: random.Random) -> tuple[int, ...]:
    """A valid collection drawn uniformly from all valid ones (uses ``rng.random`` only):
    the stones are chosen in proportion to the number of valid ways to complete the row,
    three at a time (:func:`_arranging_chunks`)."""
    table = _arranging_chunks()
    rand = rng.random
    code = _START
    out: tuple[int, ...] = ()
    for _ in range(STONES // _CHUNK):
        bounds, total, picks = table[code]
        k = bisect_right(bounds, rand() * total)
        laid, code = picks[k if k < len(picks) else -1]
        out += laid
    return out


# --- the placement rule (shared by play, legal_moves and random_playout) ---------------------


def placements(own: list[int] | tuple[int, ...], opp: list[int] | tuple[int, ...], x: int
             ) -> tuple[list[int], bool]:
    """Where a stone of length ``x`` may go: ``(columns, connects)``.

    A stone that can connect anywhere must connect; else it takes an empty column.
    """
    if x != WIDTH:
        need_len = WIDTH - x
        if need_len in opp:
            conn = [c for c in _COLS if opp[c] == need_len and not own[c]]
            if conn:
                return conn, True
    return [c for c in _COLS if not (own[c] or opp[c])], x == WIDTH


def _can_place(own: Any, opp: Any, coll: Any) -> bool:
    if not coll:
        return False
    if placements(own, opp, coll[0])[0]:
        return True
    return len(coll) > 1 and bool(placements(own, opp, coll[-1])[0])


def _moves(own: Any, opp: Any, coll: Any) -> list[Action]:
    if not coll:
        return []
    out: list[Action] = [Move("left", c) for c in placements(own, opp, coll[0])[0]]
    if len(coll) > 1:
        out += [Move("right", c) for c in placements(own, opp, coll[-1])[0]]
    return out


def _settle_turn(p: int, cols: list[list[int]], colls: list[Any], effects: list[Effect] | None
                 ) -> int | None:
    """After player ``p``'s turn ended: who moves next (index), or None when the game is over.

    Applies the pass clause: a player with no legal placement at the start of their
    turn passes; two passes in a row end the game. Every stone placed ends it first.
    """
    if not colls[0] and not colls[1]:
        return None
    q = 1 - p
    for mover in (q, p):
        if _can_place(cols[mover], cols[1 - mover], colls[mover]):
            return mover
        if effects is not None:
            effects.append({"type": "pass", "player": PLAYERS[mover]})
    return None


class Order(Game[State, Action, Effect]):
    effect_types = EFFECT_TYPES
    id = "order"
    players = PLAYERS
    default_level = "classic"

    def check_level(self, data: dict[str, Any]) -> dict[str, Any]:
        return data

    # -- building states ----------------------------------------------------------------
    def new(self, level: dict[str, Any], seed: int | None = None, first: str | None = None,
            options: dict[str, Any] | None = None) -> State:
        self.check_level(level)
        seed = resolve_seed(seed)
        first = choose_first(PLAYERS, seed, first)
        options = options or {}
        if not isinstance(options, dict):
            raise RulesError("The options must be a JSON object.")
        unknown = set(options) - {"arrangement"}
        if unknown:
            raise RulesError(f"The Great Order has no option {sorted(unknown)[0]!r}; it takes 'arrangement'.")
        empty = ((0,) * COLUMNS, (0,) * COLUMNS)
        name = level.get("name", "classic")
        arrangement = options.get("arrangement")
        if arrangement is None:
            return State(level=name, phase="arrange", collections=((), ()), columns=empty, score=(0, 0),
                         chain=0, first=first, to_move="blue", winner=None, seed=seed)
        colls: list[tuple[int, ...]] | tuple[tuple[int, ...], ...]
        if arrangement == "random":
            colls = tuple(random_arrangement(random.Random(draw(seed, 1 + k, 1 << 62))) for k in (0, 1))
        elif isinstance(arrangement, dict):
            if set(arrangement) != set(PLAYERS):
                raise RulesError("The option 'arrangement' needs exactly the keys \"blue\" and \"brown\".")
            colls = []
            for c in PLAYERS:
                why = why_bad_arrangement(arrangement[c])
                if why:
                    raise RulesError(f"{c.capitalize()}'s arrangement: {why}")
                colls.append(tuple(arrangement[c]))
        else:
            raise RulesError("The option 'arrangement' must be {\"blue\":[…],\"brown\":[…]} or \"random\".")
        return State(level=name, phase="play", collections=(colls[0], colls[1]), columns=empty,
                     score=(0, 0), chain=0, first=first, to_move=first, winner=None, seed=seed)

    # -- moves ------------------------------------------------------------------------
    def legal_moves(self, state: State) -> list[Action]:
        if state.over or state.phase == "arrange":
            return []
        p = PLAYERS.index(state.to_move)
        return _moves(state.columns[p], state.columns[1 - p], state.collections[p])

    def moves_unlisted(self, state: State) -> bool:
        """While the collections are arranged: an arrangement is one of thousands of rows."""
        return not state.over and state.phase == "arrange"

    def why_illegal(self, state: State, move: Action) -> str | None:
        """One sentence saying why ``move`` cannot be played, or None if it can."""
        player = state.to_move
        if player is None:  # over
            return Refusal(N_("The game is over."))
        if state.phase == "arrange":
            if not isinstance(move, Arrange):
                return Refusal(N_("{player} must first arrange their collection."),
                               player=player.capitalize())
            return why_bad_arrangement(move.lengths)
        if not isinstance(move, Move):
            return Refusal(N_("Both collections are already arranged."))
        if move.end not in ("left", "right"):
            return Refusal(N_("The end must be left or right, not {end}."), end=repr(move.end))
        col = move.column
        if isinstance(col, bool) or not isinstance(col, int) or not 0 <= col < COLUMNS:
            return Refusal(N_("The column must be a whole number from 0 to {last}, not {column}."),
                           last=COLUMNS - 1, column=repr(col))
        p = PLAYERS.index(player)
        own, opp, coll = state.columns[p], state.columns[1 - p], state.collections[p]
        x = coll[0] if move.end == "left" else coll[-1]
        targets, connects = placements(own, opp, x)
        if col in targets:
            return None
        if not targets:
            if move.end == "left":
                return Refusal(N_("The left stone (a {length}) cannot be placed anywhere."), length=x)
            return Refusal(N_("The right stone (a {length}) cannot be placed anywhere."), length=x)
        if own[col] + opp[col] == WIDTH:
            return Refusal(N_("Column {column} is already complete."), column=col)
        if own[col]:
            return Refusal(N_("Column {column} already holds one of your stones."), column=col)
        if opp[col] and opp[col] + x != WIDTH:
            if PLAYERS[1 - p] == "blue":
                return Refusal(N_("Column {column} holds a blue {length}; only a {needed} completes it."),
                               column=col, length=opp[col], needed=WIDTH - opp[col])
            return Refusal(N_("Column {column} holds a brown {length}; only a {needed} completes it."),
                           column=col, length=opp[col], needed=WIDTH - opp[col])
        return Refusal(N_("Your {length} can make a connection (column {column}), so it must be placed to "
                          "make one."), length=x, column=targets[0])

    def play(self, state: State, move: Action) -> tuple[State, list[Effect]]:
        self.require_legal(state, move)
        player = state.to_move
        assert player is not None  # require_legal: the game runs
        if isinstance(move, Arrange):  # require_legal: the arrange phase, and only then
            p = PLAYERS.index(player)
            colls = list(state.collections)
            colls[p] = tuple(move.lengths)
            done = p == 1
            new = State(level=state.level, phase="play" if done else "arrange",
                        collections=(colls[0], colls[1]), columns=state.columns, score=state.score,
                        chain=0, first=state.first, to_move=state.first if done else "brown",
                        winner=None, seed=state.seed)
            return new, []
        p = PLAYERS.index(player)
        cols = [list(state.columns[0]), list(state.columns[1])]
        colls = list(state.collections)
        coll = colls[p]
        x = coll[0] if move.end == "left" else coll[-1]
        _, connects = placements(cols[p], cols[1 - p], x)
        colls[p] = coll[1:] if move.end == "left" else coll[:-1]
        cols[p][move.column] = x
        effects: list[Effect] = [{"type": "place", "player": player, "length": x,
                                          "column": move.column, "end": move.end}]
        chain = state.chain
        score = list(state.score)
        if connects:
            chain += 1
            effects.append({"type": "connect", "player": player, "column": move.column, "chain": chain})
        if connects and _can_place(cols[p], cols[1 - p], colls[p]):
            nxt: int | None = p
        else:
            if chain:
                points = triangular(chain)
                score[p] += points
                effects.append({"type": "score", "player": player, "connections": chain, "points": points})
            chain = 0
            nxt = _settle_turn(p, cols, colls, effects)
        new = State(level=state.level, phase="play", collections=(colls[0], colls[1]),
                    columns=(tuple(cols[0]), tuple(cols[1])), score=(score[0], score[1]), chain=chain,
                    first=state.first, to_move=None if nxt is None else PLAYERS[nxt],
                    winner=None if nxt is not None else leader(PLAYERS, (score[0], score[1])),
                    seed=state.seed)
        if new.winner is not None:  # over
            effects.append({"type": "end", "winner": new.winner,
                            "reason": "stuck" if new.stuck else "placed"})
        return new, effects

    def random_move(self, state: State, rng: random.Random) -> Action:
        if state.phase == "arrange" and not state.over:
            return Arrange(random_arrangement(rng))
        return rng.choice(self.legal_moves(state))

    def random_playout(self, state: State, rng: random.Random) -> State:
        """Uniformly random legal moves to the end on mutable lists (same rule functions)."""
        if state.over:
            return state
        rand = rng.random
        cols = [list(state.columns[0]), list(state.columns[1])]
        colls = [list(state.collections[0]), list(state.collections[1])]
        score = list(state.score)
        chain = state.chain
        p = PLAYERS.index(state.to_move)
        if state.phase == "arrange":  # as play() does: blue lays out, then brown; then play
            for q in range(p, 2):
                colls[q] = list(random_arrangement(rng))
            chain, p = 0, PLAYERS.index(state.first)
        passes = 0
        # The columns by kind, each list in column order (so that the k-th target is the
        # one placements() lists k-th): ``empty[]`` both cells empty; ``open_[q][m]`` the
        # columns where q's cell is empty and the opponent's holds a stone of length m, where
        # q connects with a 5 - m. A placement moves one column between lists, so finding
        # the targets costs a look-up instead of a scan of the 18 columns.
        open_: list[list[list[int]]] = [[[] for _ in range(WIDTH)] for _ in (0, 1)]
        if any(cols[0]) or any(cols[1]):
            empty = [c for c in _COLS if not (cols[0][c] or cols[1][c])]
            for c in _COLS:
                for q in (0, 1):
                    m = cols[1 - q][c]
                    if not cols[q][c] and 0 < m < WIDTH:
                        open_[q][m].append(c)
        else:  # a game at its start: every column empty
            empty = list(_COLS)
        # want[q][x]: the columns q's stone of length x would connect in (a 5 never does)
        want = [[open_[q][WIDTH - x] if 0 < x < WIDTH else [] for x in range(WIDTH + 1)] for q in (0, 1)]
        # One decision per pass of the loop, the same steps as play(): a player
        # without a legal placement ends a running chain (scoring it) or passes.
        while colls[0] or colls[1]:
            own, coll = cols[p], colls[p]
            if coll:
                mine = want[p]
                x = coll[0]
                tl = mine[x] or empty
                cl = tl is not empty or x == WIDTH
                if len(coll) > 1:
                    x = coll[-1]
                    tr = mine[x] or empty
                    cr = tr is not empty or x == WIDTH
                    n = len(tl) + len(tr)
                else:
                    tr, cr = empty, False
                    n = len(tl)
            else:
                n = 0
            if not n:
                if chain:  # the turn ends: no legal placement left after a connection
                    score[p] += triangular(chain)
                    chain = 0
                else:
                    passes += 1
                    if passes == 2:
                        break
                p = 1 - p
                continue
            passes = 0
            k = int(rand() * n)
            if k < len(tl):
                targets, x, connects = tl, coll.pop(0), cl
            else:
                targets, k, x, connects = tr, k - len(tl), coll.pop(), cr
            c = targets.pop(k)
            own[c] = x
            if targets is empty and x != WIDTH:  # a new half column: open for the opponent
                insort(open_[1 - p][x], c)
            if connects:
                chain += 1
            else:
                if chain:
                    score[p] += chain * (chain + 1) // 2  # triangular(chain)
                    chain = 0
                p = 1 - p
        if chain:
            score[p] += triangular(chain)
        final = (score[0], score[1])
        return State(level=state.level, phase="play", collections=(tuple(colls[0]), tuple(colls[1])),
                     columns=(tuple(cols[0]), tuple(cols[1])), score=final, chain=0, first=state.first,
                     to_move=None, winner=leader(PLAYERS, final), seed=state.seed)

    # -- the end ---------------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        if not state.over:
            return None
        detail: dict[str, Any] = {c: {"score": state.score[k], "left": len(state.collections[k])}
                                  for k, c in enumerate(PLAYERS)}
        detail["dead_end"] = state.stuck
        assert state.winner is not None  # a finished game has its winner
        return Outcome(winner=state.winner, reason=Reason.DRAW if state.winner == DRAW else Reason.SCORE,
                       detail=detail)

    # -- what each side sees -----------------------------------------------------------------
    def private(self, state: State) -> bool:
        """Blue has arranged and brown arranges: blue's row is blue's alone until play begins."""
        return state.phase == "arrange" and bool(state.collections[0] or state.collections[1])

    def view(self, state: State, side: str | None) -> dict[str, Any]:
        """While the collections are arranged, an arranged collection other than ``side``'s
        own is the stand-in ``STAND_IN``, listed in ``"hidden"``; from the start of play
        both are public."""
        out = super().view(state, side)
        if self.private(state):
            hidden = [c for k, c in enumerate(PLAYERS) if state.collections[k] and c != side]
            for c in hidden:
                out["collections"][c] = list(STAND_IN)
            if hidden:
                out["hidden"] = [f"collections.{c}" for c in hidden]
        return out

    def view_play(self, before: State, move: Action, effects: list[Effect], after: State,
                  side: str | None) -> Seen:
        """An arrangement is seen by its player only until play begins: the others see
        ``{"arrange": STAND_IN}``, hidden."""
        if isinstance(move, Arrange) and self.private(after) and side != before.to_move:
            return Seen({"arrange": list(STAND_IN)}, [], True)
        return super().view_play(before, move, effects, after, side)

    # -- JSON ---------------------------------------------------------------------------------
    def parse_move(self, obj: Any) -> Action:
        if not isinstance(obj, dict):
            raise IllegalMove("A Great Order move must be an object like {\"end\":\"left\",\"column\":3}.")
        if "arrange" in obj:
            if set(obj) != {"arrange"}:
                raise IllegalMove("An arrangement move has only the key \"arrange\".")
            lengths = obj["arrange"]
            if not isinstance(lengths, list) or not all(
                    isinstance(v, int) and not isinstance(v, bool) for v in lengths):
                raise IllegalMove("\"arrange\" must be a list of whole numbers (stone lengths).")
            return Arrange(tuple(lengths))
        if set(obj) != {"end", "column"}:
            raise IllegalMove("A Great Order move needs exactly \"end\" and \"column\" (or \"arrange\").")
        end, column = obj["end"], obj["column"]
        if end not in ("left", "right"):
            raise IllegalMove("\"end\" must be \"left\" or \"right\".")
        if isinstance(column, bool) or not isinstance(column, int):
            raise IllegalMove("\"column\" must be a whole number.")
        return Move(end, column)

    def move_json(self, move: Action) -> dict[str, Any]:
        if isinstance(move, Arrange):
            return {"arrange": list(move.lengths)}
        return {"end": move.end, "column": move.column}

    def state_json(self, state: State) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": "order", "level": state.level, "to_move": state.to_move, "over": state.over,
            "winner": state.winner, "phase": state.phase,
            "collections": {c: list(state.collections[k]) for k, c in enumerate(PLAYERS)},
            "columns": [[state.columns[0][c], state.columns[1][c]] for c in range(COLUMNS)],
            "score": {c: state.score[k] for k, c in enumerate(PLAYERS)},
            "chain": state.chain, "first": state.first, "seed": state.seed,
        }
        if state.over:
            out["dead_end"] = state.stuck
        return out

    def load_state(self, obj: Any, level: dict[str, Any]) -> State:
        seed, over, to_move = load_header(obj, "order", PLAYERS)
        phase = need(obj, "phase", str)
        if phase not in ("arrange", "play"):
            raise RulesError(f"The state's 'phase' must be \"arrange\" or \"play\", not {phase!r}.")
        first = obj.get("first")
        first = choose_first(PLAYERS, seed, first)
        coll_d = need(obj, "collections", dict)
        colls = []
        for c in PLAYERS:
            coll = need(coll_d, c, list, "collections")
            for v in coll:
                need_int(v, f"Each stone in collections.{c}", 1, WIDTH)
            for a, b in zip(coll[:-1], coll[1:], strict=True):
                if a == b:
                    raise RulesError(f"collections.{c} has two stones of length {a} side by side.")
            colls.append(tuple(coll))
        raw = need(obj, "columns", list)
        if len(raw) != COLUMNS:
            raise RulesError(f"'columns' must list {COLUMNS} pairs, not {len(raw)}.")
        cols: list[list[int]] = [[], []]
        for i, pair in enumerate(raw):
            if not isinstance(pair, list) or len(pair) != 2:
                raise RulesError(f"Column {i} must be a pair [blue_length, brown_length].")
            b, r = (need_int(v, f"A length in column {i}", 0, WIDTH) for v in pair)
            if b and r and b + r != WIDTH:
                raise RulesError(f"Column {i} holds a blue {b} and a brown {r}, which do not make {WIDTH}.")
            if (b == WIDTH and r) or (r == WIDTH and b):
                raise RulesError(f"Column {i} holds a 5 and another stone.")
            cols[0].append(b)
            cols[1].append(r)
        score_d = need(obj, "score", dict)
        score = tuple(need_int(score_d.get(c), f"score.{c}", 0, MAX_SCORE) for c in PLAYERS)
        chain = need_int(need(obj, "chain", int), "The state's 'chain'", 0, COLUMNS)
        name = str(obj.get("level", level.get("name", "classic")))
        if phase == "arrange":
            if over:
                raise RulesError("A game cannot be over while the collections are being arranged.")
            if any(cols[0]) or any(cols[1]) or any(score) or chain or colls[1]:
                raise RulesError("In the arrange phase the field, the scores, the chain and brown's "
                                 "collection are empty.")
            if colls[0]:
                why = why_bad_arrangement(colls[0])
                if why:
                    raise RulesError(f"Blue's arrangement: {why}")
            arranging = "brown" if colls[0] else "blue"
            if to_move != arranging:
                raise RulesError(f"In the arrange phase {arranging} is to move.")
            check_winner(obj, None)
            return State(level=name, phase=phase, collections=(colls[0], colls[1]),
                         columns=(tuple(cols[0]), tuple(cols[1])), score=(0, 0), chain=0, first=first,
                         to_move=to_move, winner=None, seed=seed)
        for k, c in enumerate(PLAYERS):
            for v in LENGTHS:
                total = colls[k].count(v) + cols[k].count(v)
                if total != COPIES:
                    raise RulesError(f"{c.capitalize()} has {total} stones of length {v} in collection "
                                     f"and field; there must be {COPIES}.")
        full = sum(1 for c in range(COLUMNS) if cols[0][c] + cols[1][c] == WIDTH)
        if chain > full:
            raise RulesError(f"'chain' is {chain}, but only {full} columns are complete.")
        winner = None
        if over:
            if chain:
                raise RulesError("A finished game has no chain running.")
            if any(_can_place(cols[k], cols[1 - k], colls[k]) for k in (0, 1)):
                raise RulesError("The game cannot be over: a player can still place a stone.")
            winner = leader(PLAYERS, (score[0], score[1]))
        else:
            if not colls[0] and not colls[1]:
                raise RulesError("Every stone is placed, so the game must be over.")
            assert to_move is not None  # load_header: a running game names its player
            p = PLAYERS.index(to_move)
            if not _can_place(cols[p], cols[1 - p], colls[p]):
                raise RulesError(f"{to_move.capitalize()} is to move but has no legal placement "
                                 "(a pass is applied at once and is never a position).")
        check_winner(obj, winner)
        return State(level=name, phase=phase, collections=(colls[0], colls[1]),
                     columns=(tuple(cols[0]), tuple(cols[1])), score=(score[0], score[1]), chain=chain,
                     first=first, to_move=to_move, winner=winner, seed=seed)

    # -- notation ------------------------------------------------------------------------------
    def move_text(self, move: Action, state: State | None = None) -> str:
        """``L2@7``: the left (``L``) or right (``R``) end stone, its length, ``@`` the column 0–17.

        Without the state the length is left out (``L@7``). An arrangement is
        ``A:`` and the 15 lengths left to right, e.g. ``A:123451234512345``.
        """
        if isinstance(move, Arrange):
            return "A:" + "".join(str(v) for v in move.lengths)
        length = ""
        if state is not None and not state.over and state.phase == "play":
            coll = state.collections[PLAYERS.index(state.to_move)]
            if coll:
                length = str(coll[0] if move.end == "left" else coll[-1])
        return f"{move.end[0].upper()}{length}@{move.column}"

    def move_note(self, before: State, move: Action, effects: list[Effect]) -> str:
        """``L2@7*`` a placement that connects, ``L2@7* +6`` one that ends a chain scoring 6."""
        text = self.move_text(move, before)
        if any(e["type"] == "connect" for e in effects):
            text += "*"
        for e in effects:
            if e["type"] == "score" and e["player"] == before.to_move:
                text += f" +{e['points']}"
        return text

    def mid_turn(self, state: State) -> bool:
        """Placing again in a chain of connections."""
        return state.chain > 0 and not state.over

    def scores(self, state: State) -> dict[str, int]:
        """Each player's points."""
        return {p: state.score[k] for k, p in enumerate(PLAYERS)}

    # -- in words ---------------------------------------------------------------------------
    def describe(self, state: State) -> list[str]:
        """While arranging, who has arranged (never the order: the other player may be
        listening); then each collection left to right, each column that holds stones, the
        empty columns, the scores and a chain under way."""
        lines: list[str] = []
        if state.phase == "arrange":
            for k, player in enumerate(PLAYERS):
                if state.collections[k]:
                    lines.append(Refusal(N_("{side} has arranged their collection."),
                                         side=player.capitalize()))
                else:
                    lines.append(Refusal(N_("{side} arranges their collection of {n} stones."),
                                         side=player.capitalize(), n=STONES))
            return lines
        for k, player in enumerate(PLAYERS):
            coll = state.collections[k]
            lines.append(Refusal(N_("{side} collection, left to right: {stones}."), side=player.capitalize(),
                                 stones=Listed(map(str, coll)) if coll else Refusal(N_("none"))))
        empty = []
        for c in range(COLUMNS):
            b, r = state.columns[0][c], state.columns[1][c]
            if not b and not r:
                empty.append(str(c))
            elif b and r:
                lines.append(Refusal(N_("Column {column}: Blue {blue}, Brown {brown}, complete."), column=c,
                                     blue=b, brown=r) if b + r == WIDTH else
                             Refusal(N_("Column {column}: Blue {blue}, Brown {brown}."), column=c, blue=b,
                                     brown=r))
            else:
                lines.append(Refusal(N_("Column {column}: {side} {length}."), column=c,
                                     side="Blue" if b else "Brown", length=b or r))
        if empty:
            lines.append(Refusal(N_("Empty columns: {columns}."), columns=Listed(empty)))
        lines.append(Refusal(N_("Score: Blue {blue}, Brown {brown}."), blue=state.score[0],
                             brown=state.score[1]))
        if state.chain and not state.over:
            lines.append(Refusal(N_("Connections in this turn so far: {n}."), n=state.chain))
        return lines

    def tell(self, before: State, move: Action, effects: list[Effect]) -> list[str]:
        """A placement (never an arrangement's order), its connection and what a chain scored."""
        if isinstance(move, Arrange):
            return [Refusal(N_("{side} has arranged their collection."),
                            side=str(before.to_move).capitalize())]
        out: list[str] = []
        for e in effects:
            if e["type"] == "place":
                if e["end"] == "left":
                    out.append(Refusal(N_("{side} lays the left stone, a {length}, in column {column}."),
                                       side=e["player"].capitalize(), length=e["length"], column=e["column"]))
                else:
                    out.append(Refusal(N_("{side} lays the right stone, a {length}, in column {column}."),
                                       side=e["player"].capitalize(), length=e["length"], column=e["column"]))
            elif e["type"] == "connect":
                out.append(Refusal(N_("It connects: {n} in this chain."), n=e["chain"],
                                   side=e["player"].capitalize()))
            elif e["type"] == "score":
                out.append(Refusal(N_("{side} scores {points} for {n} connections."),
                                   side=e["player"].capitalize(), points=e["points"], n=e["connections"]))
        if not any(e["type"] == "connect" for e in effects):
            out.append(Refusal(N_("No connection.")))
        return out + super().tell(before, move, effects)

    def parse_text(self, text: str, state: State | None = None) -> Action:
        t = text.strip().upper().replace(" ", "")
        if t.startswith("A:"):
            digits = t[2:]
            if not digits.isdigit():
                raise IllegalMove(f"'{text.strip()}' is not an arrangement like A:123451234512345.")
            return Arrange(tuple(int(d) for d in digits))
        head, sep, col = t.partition("@")
        if (not sep or not head or head[0] not in "LR" or not col.isdigit()
                or not (head[1:] == "" or head[1:] in ("1", "2", "3", "4", "5"))):
            raise IllegalMove(f"'{text.strip()}' is not a Great Order move like L2@7 or R@12.")
        move = Move("left" if head[0] == "L" else "right", int(col))
        if head[1:] and state is not None and not state.over and state.phase == "play":
            coll = state.collections[PLAYERS.index(state.to_move)]
            if coll and str(coll[0] if move.end == "left" else coll[-1]) != head[1:]:
                raise IllegalMove(f"The {move.end} stone is not a {head[1:]}.")
        return move


ORDER = Order()
