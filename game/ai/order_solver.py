"""The Great Order's placements solved exactly: positions abstracted to what matters (the
collections' ends and the empty columns), their children, and a memoised minimax with a
deadline. The policy (hard's exact solve) and the puzzle maker both read it."""
from __future__ import annotations

import math
import time
from typing import Any

from ..rules import order as O


class SolveTimeout(Exception):
    """The exact solve ran out of its time."""


#: exact values of Great Order positions, shared by every search (cleared when full: one game
#: needs about 10 000 entries)
ORDER_MEMO: dict[bytes, int] = {}
ORDER_MEMO_MAX = 100_000


def _order_can(coll: tuple[int, ...], opp_lone: tuple[int, ...], empty: int) -> bool:
    """Whether a player holding ``coll`` can place: an end stone connects, or a column is empty."""
    if not coll:
        return False
    if empty:
        return True
    x, y = coll[0], coll[-1]
    w = O.WIDTH
    return (x != w and opp_lone[w - x - 1] > 0) or (y != w and opp_lone[w - y - 1] > 0)


def order_abstract(state: O.State) -> tuple:
    """A play-phase position as ``(coll0, coll1, lone0, lone1, empty, chain, p)``: columns never
    interact, so the board is only how many columns are empty and, per player and length
    1–4, how many columns hold that player's stone alone (a 5 fills its column)."""
    lone = [[0] * 4, [0] * 4]
    empty = 0
    a, b = state.columns
    for x, y in zip(a, b, strict=True):
        if not x and not y:
            empty += 1
        elif x and not y and x != O.WIDTH:
            lone[0][x - 1] += 1
        elif y and not x and y != O.WIDTH:
            lone[1][y - 1] += 1
    return (state.collections[0], state.collections[1], tuple(lone[0]), tuple(lone[1]), empty,
            state.chain, O.PLAYERS.index(state.to_move))


def order_children(pos: tuple) -> list[tuple[int, int, tuple | None, int]]:
    """The placements from ``pos``: ``(end, points, next position or None at the end,
    player)``; ``end`` 0 left, 1 right; ``points`` are scored now by the mover
    (a turn that ends), ``player`` is the mover."""
    colls0, colls1, l0, l1, empty, chain, p = pos
    colls = (colls0, colls1)
    lone = (l0, l1)
    coll = colls[p]
    out: list[tuple[int, int, tuple[Any, ...] | None, int]] = []
    for end in ((0, 1) if len(coll) > 1 else (0,)):
        x = coll[0] if end == 0 else coll[-1]
        rest = coll[1:] if end == 0 else coll[:-1]
        nl = [list(l0), list(l1)]
        ne = empty
        if x != O.WIDTH and lone[1 - p][O.WIDTH - x - 1]:
            nl[1 - p][O.WIDTH - x - 1] -= 1
            con = True
        elif empty:
            ne -= 1
            con = x == O.WIDTH
            if not con:
                nl[p][x - 1] += 1
        else:
            continue
        t0, t1 = tuple(nl[0]), tuple(nl[1])
        nc = (rest, colls1) if p == 0 else (colls0, rest)
        tl = (t0, t1)
        if con and _order_can(rest, tl[1 - p], ne):
            out.append((end, 0, (nc[0], nc[1], t0, t1, ne, chain + 1, p), p))
            continue
        c = chain + 1 if con else chain
        points = c * (c + 1) // 2
        nxt = None
        for m in (1 - p, p):
            if _order_can(nc[m], tl[1 - m], ne):
                nxt = m
                break
        out.append((end, points, None if nxt is None else (nc[0], nc[1], t0, t1, ne, 0, nxt), p))
    return out


def order_value(pos: tuple, deadline: float = math.inf) -> int:
    """The exact final score difference (blue minus brown) still to come from ``pos``
    with best play by both (plain minimax over which end, memoised in ``ORDER_MEMO``).
    Raises :class:`SolveTimeout` after ``deadline`` (``time.perf_counter``); what was
    solved stays memoised."""
    memo = ORDER_MEMO
    if len(memo) > ORDER_MEMO_MAX:
        memo.clear()
    clock = time.perf_counter
    count = [0]

    def value(q: tuple) -> int:
        # a bytes key: the garbage collector does not track it (a big memo of nested
        # tuples made every full collection walk it: a pause of 0.1 s and more)
        key = bytes(q[0]) + b"\t" + bytes(q[1]) + bytes((9, *q[2], *q[3], q[4], q[5], q[6]))
        v = memo.get(key)
        if v is not None:
            return v
        count[0] += 1
        if not count[0] & 255 and clock() > deadline:
            raise SolveTimeout
        best = None
        mover = q[6]
        for _, points, nxt, p in order_children(q):
            v = (points if p == 0 else -points) + (value(nxt) if nxt is not None else 0)
            if best is None or (v > best if mover == 0 else v < best):
                best = v
        assert best is not None  # a position value() is given has a move (order_children)
        memo[key] = best
        return best

    return value(pos)


def exact_values(state: O.State, deadline: float = math.inf) -> list[tuple[O.Move, int]]:
    """Every end the player to move can take, as a legal move, with the exact final score
    difference (mover minus opponent) it leads to with best play by both."""
    pos = order_abstract(state)
    p = pos[6]
    base = state.score[0] - state.score[1]
    own, opp = state.columns[p], state.columns[1 - p]
    coll = state.collections[p]
    out = []
    for end, points, nxt, _ in order_children(pos):
        rest = order_value(nxt, deadline) if nxt is not None else 0
        v = base + (points if p == 0 else -points) + rest
        x = coll[0] if end == 0 else coll[-1]
        column = O.placements(own, opp, x)[0][0]
        out.append((O.Move("left" if end == 0 else "right", column), v if p == 0 else -v))
    return out
