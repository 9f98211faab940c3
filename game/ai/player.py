"""The AI's entry points: a move now, or a search stepped in time slices.

``choose_move(game, state, level)`` thinks for the level's budget and returns a
move. A UI that must keep drawing frames uses :class:`Thinker` instead:
``thinker.step(0.008)`` searches for at most ~8 ms and returns the move once the
budget is spent (None before), so a scene calls it once per frame. The same
search, settings and rng give the same move either way when the budget is a
number of iterations.
"""
from __future__ import annotations

import math
import random
import time
from typing import Any

from ..rules.core import DRAW, Game, RulesError
from . import levels as ai_levels
from . import policies
from .mcts import Search, Settings

#: the share of the think time an exact solve may take before the search gets the rest
EXACT_SHARE = 0.6


def _rng(rng: random.Random | int | None) -> random.Random:
    if isinstance(rng, random.Random):
        return rng
    return random.Random(rng)


class Thinker:
    """A search for one move that can be run a slice at a time.

    ``level`` is ``easy``/``medium``/``hard`` or ``random`` (a uniformly random legal
    move); ``time_ms`` caps the think time; ``iterations`` fixes the number of
    simulations instead (reproducible); ``rng`` a Random or a seed.
    """

    #: ``value``: the best move's mean counts as this many more simulations at the mean of all
    SHRINK = 20.0

    def __init__(self, game: Game, state: Any, level: str = "medium", time_ms: int | None = None,
                 rng: random.Random | int | None = None, iterations: int | None = None,
                 time_scale: float = 1.0, settings: Settings | None = None,
                 policy: type[policies.Policy] | None = None) -> None:
        if state.over:
            raise RulesError("The game is over: there is no move to choose.")
        self.game = game
        self.state = state
        self.level = level
        self.rng = _rng(rng)
        self.move: Any = None
        self.search: Search | None = None
        if level == "random":
            self.move = game.random_move(state, self.rng)
            return
        self.policy = policies.for_game(game, policy)
        self.settings = settings or ai_levels.settings(level, time_ms, iterations, time_scale,
                                                       self.policy.tuning)
        # a move chosen without search (an arrangement) keeps to the same budget
        budget = None if self.settings.iterations is not None else self.settings.seconds
        direct = self.policy.direct(state, self.rng, {**self.settings.playout, "seconds": budget})
        if direct is not None:
            self.move = direct
            return
        moves = self.policy.moves(state, self.settings.playout)
        if len(moves) == 1:
            self.move = moves[0]
            return
        self.search = Search(game, state, self.policy, self.settings, self.rng)
        #: an exact solve first (The Great Order, hard), within EXACT_SHARE of the budget
        self.exact_pending = True

    @property
    def done(self) -> bool:
        return self.move is not None

    def cancel(self) -> None:
        """Nothing to end: a search in this process stops when nobody steps it."""

    def step(self, max_seconds: float | None = None) -> Any:
        """Search for at most ``max_seconds`` (about: one simulation may overrun it);
        return the chosen move once the budget is spent, else None."""
        if self.move is not None:
            return self.move
        assert self.search is not None
        if self.exact_pending:
            self._exact(max_seconds)
            if self.move is not None or self.exact_pending or max_seconds is not None:
                return self.move  # a slice ends after an exact attempt
        if self.search.run(max_seconds=max_seconds):
            self.move = self.search.best_move()
        return self.move

    def _exact(self, max_seconds: float | None) -> None:
        """Try the policy's exact answer for this slice; its time counts against the
        search's budget (it is added to the search's elapsed time)."""
        search = self.search
        assert search is not None
        start = time.perf_counter()
        deadline = math.inf
        if self.settings.iterations is None:
            deadline = start + max(0.0, EXACT_SHARE * self.settings.seconds - search.elapsed)
        if max_seconds is not None:
            deadline = min(deadline, start + max_seconds)
        done, move = self.policy.exact(self.state, self.settings.playout, deadline)
        search.elapsed += time.perf_counter() - start
        if done or search.elapsed >= EXACT_SHARE * self.settings.seconds:
            self.exact_pending = False
        if move is not None:
            self.move = move

    def result(self) -> Any:
        """Finish the search now (whatever budget is left) and return the move."""
        while self.move is None:
            self.step(None)
        return self.move

    def value(self) -> float | None:
        """What the search found the position worth to the player to move: 1 a win, 0 a
        loss (a proof is exact; else the most visited move's mean result). None when no
        search ran (a single move, an arrangement chosen directly)."""
        if self.search is None:
            return None
        root = self.search.root
        me = root.to_move
        if root.proof is not None:
            return 0.5 if root.proof == DRAW else 1.0 if root.proof == me else 0.0
        if not root.children:
            return None
        won = [c for c in root.children if c.proof == me]
        if won:
            return 1.0
        # the most visited move's mean, drawn towards the mean of every simulation by
        # SHRINK of them: a short search that tried each of 60 moves a few times had its
        # "best" move at 1.0 after one lucky playout, an empty board "100% ahead"
        best = max(root.children, key=lambda c: (c.visits, c.q()))
        visits = sum(c.visits for c in root.children)
        pooled = sum(c.value for c in root.children) / visits if visits else 0.5
        return (best.value + self.SHRINK * pooled) / (best.visits + self.SHRINK)

    def move_values(self) -> dict[Any, tuple[int, float, bool]]:
        """Every move the search tried: its visits, what it found it worth to the player
        to move (a proven move exactly: 1, 0, or a half for a draw) and whether that is a
        proof (two lost playouts are a 0 too, and prove nothing)."""
        if self.search is None:
            return {}
        me = self.search.root.to_move
        out = {}
        for c in self.search.root.children:
            q = c.q() if c.proof is None else 0.5 if c.proof == DRAW else 1.0 if c.proof == me else 0.0
            out[c.move] = (c.visits, q, c.proof is not None)
        return out

    def stats(self) -> dict[str, Any]:
        if self.search is None:
            return {"iterations": 0, "seconds": 0.0, "moves": []}
        s = self.search
        return {"iterations": s.iterations, "seconds": round(s.elapsed, 4), "proof": s.root.proof,
                "moves": s.stats()}


def choose_move(game: Game, state: Any, level: str = "medium", time_ms: int | None = None,
                rng: random.Random | int | None = None, iterations: int | None = None,
                time_scale: float = 1.0, policy: type[policies.Policy] | None = None) -> Any:
    """The AI's move for the player to move in ``state`` (not played), searched with
    ``policy`` (the game record's; uniform playouts without one)."""
    return Thinker(game, state, level, time_ms, rng, iterations, time_scale, policy=policy).result()
