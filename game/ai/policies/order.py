"""The Great Order: one move per class, connections delayed, the arrangement chosen from a book."""
from __future__ import annotations

import math
import random
import time
from typing import Any, ClassVar

from ...rules import order as O
from ..order_solver import SolveTimeout, exact_values
from .base import Policy

# --- The Great Order: one move per class, connections delayed, arrangement chosen -----------------


#: Arrangements best first, each with its score (win 1, draw 1/2) over 300 random valid
#: opposing arrangements x both start players, both sides then placing perfectly
#: (``order_value``; a random arrangement scores 0.5 on average, from about 0.15 to 0.95).
#: Found offline (docs/ai.md): 2000 random arrangements scored against 20 opposing ones,
#: the best 120 against 150 others; the best 6 improved by swapping pairs of stones
#: against 30 others; all scored here against 300 fresh ones. Reversing an arrangement
#: changes nothing (left and right ends are alike). The levels pick among the first
#: ``book`` of them.
ORDER_BOOK = (
    "421245353531421",  # 0.948
    "141415253253234",  # 0.942
    "232315145454123",  # 0.935
    "241243535354121",  # 0.931
    "232145454151323",  # 0.931
    "232315415454123",  # 0.930
    "132323514545412",  # 0.921
    "141415353253242",  # 0.918
    "241254353531241",  # 0.915
    "132321541545432",  # 0.900
    "241243535345121",  # 0.897
    "424125151532343",  # 0.896
    "432452545131213",  # 0.894
    "212323154545413",  # 0.891
    "321243545254131",  # 0.887
    "212145454351323",  # 0.885
    "124125325354143",  # 0.883
    "313454254532121",  # 0.882
    "213135452452134",  # 0.881
    "414351515232432",  # 0.879
    "142135425251343",  # 0.870
    "253234545412131",  # 0.867
    "243125152543431",  # 0.866
    "123134535152424",  # 0.864
)


class OrderPolicy(Policy):
    """Columns never interact, so every empty column is the same move and so is every
    column a stone completes: a placement is really just *which end*. Playouts avoid
    handing the opponent a connection their end stones can take."""

    #: per level: overrides of the shared level settings and this policy's playout knobs
    tuning: ClassVar[dict[str, dict[str, Any]]] = {
        "easy": {"prior_weight": 0.0, "temperature": 0.15, "playout": {"epsilon": 1.0, "arrange_tries": 1}},
        "medium": {"prior_weight": 0.0, "playout": {"epsilon": 0.3, "book": 24}},
        "hard": {"prior_weight": 0.0, "playout": {"epsilon": 0.2, "book": 8, "exact": True}},
    }

    def moves(self, state: O.State, knobs: dict[str, Any] | None = None) -> list[O.Move]:
        seen = set()
        out = []
        p = O.PLAYERS.index(state.to_move)
        own, opp, coll = state.columns[p], state.columns[1 - p], state.collections[p]
        for m in self.game.legal_moves(state):
            x = coll[0] if m.end == "left" else coll[-1]
            key = (x, own[m.column], opp[m.column], len(coll) == 1 or m.end)
            if key in seen:
                continue
            seen.add(key)
            out.append(m)
        return out

    def direct(self, state: O.State, rng: random.Random, knobs: dict[str, Any]) -> Any:
        if state.phase != "arrange" or state.over:
            return None
        book = knobs.get("book", 0)
        if book:
            # one of the ``book`` best arrangements of ORDER_BOOK, read either way round
            lengths = tuple(int(c) for c in ORDER_BOOK[int(rng.random() * min(book, len(ORDER_BOOK)))])
            return O.Arrange(lengths[::-1] if rng.random() < 0.5 else lengths)
        tries = knobs.get("arrange_tries", 1)
        games = knobs.get("arrange_games", 0)
        cands = [O.random_arrangement(rng) for _ in range(max(1, tries))]
        if len(cands) == 1 or not games:
            return O.Arrange(cands[0])
        me = O.PLAYERS.index(state.to_move)
        best, best_score = cands[0], -1.0
        seconds = knobs.get("seconds")
        deadline = math.inf if seconds is None else time.perf_counter() + 0.8 * seconds
        for cand in cands:
            if time.perf_counter() > deadline:
                break
            score = 0.0
            for _ in range(games):
                other = O.random_arrangement(rng)
                colls = (cand, other) if me == 0 else (other, cand)
                first = O.PLAYERS[int(rng.random() * 2)]
                s = O.State(level=state.level, phase="play", collections=colls, columns=state.columns,
                            score=(0, 0), chain=0, first=first, to_move=first, winner=None, seed=state.seed)
                r = self.rollout(s, rng, knobs)
                score += r if me == 0 else 1.0 - r
            if score > best_score:
                best, best_score = cand, score
        return O.Arrange(best)

    def exact(self, state: O.State, knobs: dict[str, Any], deadline: float) -> tuple[bool, Any]:
        """With the knob ``exact``: a move that wins against best play, found by solving the
        placements exactly (``order_value``); None when no move wins."""
        if not knobs.get("exact") or state.over or state.phase != "play":
            return True, None
        try:
            return True, self.winning_move(state, deadline)
        except SolveTimeout:
            return False, None

    #: every end the player to move can take, with its exact score difference (the solver's)
    exact_values = staticmethod(exact_values)

    def winning_move(self, state: O.State, deadline: float = math.inf) -> O.Move | None:
        """The move that wins by the most against best play, or None when no move wins
        (the search then looks for the best practical chance)."""
        values = self.exact_values(state, deadline)
        best = max(values, key=lambda mv: mv[1], default=None)
        return best[0] if best is not None and best[1] > 0 else None

    def rollout(self, state: O.State, rng: random.Random, knobs: dict[str, Any]) -> float:
        eps = knobs.get("epsilon", 1.0)
        if eps >= 1.0 or state.over:
            return self.result(self.game.random_playout(state, rng).winner) if not state.over \
                else self.result(state.winner)
        rand = rng.random
        cols = [list(state.columns[0]), list(state.columns[1])]
        colls = [list(state.collections[0]), list(state.collections[1])]
        score = list(state.score)
        chain = state.chain
        p = O.PLAYERS.index(state.to_move)
        passes = 0
        W = O.WIDTH
        while colls[0] or colls[1]:
            own, opp, coll = cols[p], cols[1 - p], colls[p]
            opts = []
            if coll:
                tl, cl = O.placements(own, opp, coll[0])
                if tl:
                    opts.append((0, tl, cl, coll[0]))
                if len(coll) > 1:
                    tr, cr = O.placements(own, opp, coll[-1])
                    if tr:
                        opts.append((1, tr, cr, coll[-1]))
            if not opts:
                if chain:
                    score[p] += chain * (chain + 1) // 2
                    chain = 0
                else:
                    passes += 1
                    if passes == 2:
                        break
                p = 1 - p
                continue
            passes = 0
            if len(opts) == 1 or rand() < eps:
                side, targets, connects, x = opts[int(rand() * len(opts))]
            else:
                # connect when possible; else do not offer the opponent's end stones a connection
                oc = colls[1 - p]
                ends = (oc[0], oc[-1]) if oc else ()
                best = None
                best_s = -9.0
                for o in opts:
                    _, _, con, x = o
                    s = 2.0 if con else (-1.0 if x != W and (W - x) in ends else 0.0)
                    s += rand() * 0.1
                    if s > best_s:
                        best, best_s = o, s
                # opts is not empty and every score beats -9: best is one of them
                side, targets, connects, x = best  # type: ignore[misc]
            col = targets[int(rand() * len(targets))]
            own[col] = coll.pop(0) if side == 0 else coll.pop()
            if connects:
                chain += 1
            else:
                if chain:
                    score[p] += chain * (chain + 1) // 2
                    chain = 0
                p = 1 - p
        if chain:
            score[p] += chain * (chain + 1) // 2
        if score[0] == score[1]:
            return 0.5
        return 1.0 if score[0] > score[1] else 0.0
