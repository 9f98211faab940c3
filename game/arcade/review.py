"""A finished game looked at again: what each move cost, and who was ahead.

The computer searches every position of the game (at ``LEVEL``, in the worker process
when there is one). A search values each move it tried for the player to move, from 0
(lost) to 1 (won), proven moves exactly. A move's *cost* is what the search thought of
its own choice there less what it thought of the move played: both from one search, for
the same player, so whatever a short search over- or under-rates in a position cancels
out. The moves that cost most (at least ``COSTLY``, at most ``MARKED`` of them) are
marked. A move's value counts as exact only when the search proved it; a few playouts
are weighed with the rest of the position's (``PRIOR`` playouts at the position's mean),
so that two lost playouts do not read as a certain loss. A move the search never tried
is valued by the search of the position after it, from its mover's side.

Who was ahead is one value per position, for the game's first side (``standing``): the
mean of the position's value and the next one's, since a short search favours the side to
move, which would otherwise make it zigzag move by move. The line and the words both show
it. A position searched without a value of its own (a forced move, an arrangement chosen
directly) is worth what the position after it is. A finished position is exact, from the
rules' outcome.

These are estimates of a short search, not proofs. No pygame here; the review screen
(``scenes/replay.py``) draws it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..rules.core import DRAW, Game

#: the level whose search values the positions, and the share of its usual time
LEVEL = "medium"
TIME_SCALE = 0.5
#: a fixed number of simulations instead of the time (tests: the same values every run)
ITERATIONS: int | None = None
#: a move that lost its mover at least this much is costly; the worst few are marked
COSTLY = 0.15
MARKED = 3
#: a move's value counts once the search tried it this often
MIN_VISITS = 3
#: an unproven move's playouts are weighed with this many at its position's mean
PRIOR = 4.0

#: what a search says of a move: (visits, value for the player to move[, proven])
Tried = tuple


@dataclass
class Review:
    rules: Game
    #: every position from the start, the last one after the last move
    states: list[Any]
    #: the moves played, ``moves[n]`` from ``states[n]``
    played: list[Any]
    #: position -> its value for the player to move there (None: searched, but no value
    #: of its own: a forced move, an arrangement chosen directly). A finished position is
    #: here too (None: its value is the rules' outcome, see ``value_for``).
    values: dict[int, float | None] = field(default_factory=dict)
    #: position -> the search's moves: move -> (visits, value for the player to move,
    #: proven); a pair (visits, value) is an unproven move
    tried: dict[int, dict[Any, Tried]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for i, state in enumerate(self.states):
            if state.over:  # nothing to search: the end is exact
                self.values[i] = None

    @property
    def moves(self) -> int:
        return len(self.states) - 1

    def final_value(self, i: int, player: str) -> float:
        """A finished position's value for ``player``, from the rules' outcome (a finished
        state's player to move may be nobody)."""
        winner = self.rules.outcome(self.states[i]).winner
        return 0.5 if winner == DRAW else 1.0 if winner == player else 0.0

    def next_position(self) -> int | None:
        """The first position still to be searched (None: all are known)."""
        return next((i for i in range(len(self.states)) if i not in self.values), None)

    def known(self, i: int, value: float | None, tried: dict[Any, Tried] | None = None) -> None:
        self.values[i] = value
        self.tried[i] = tried or {}

    @property
    def done(self) -> bool:
        return self.next_position() is None

    @property
    def searched(self) -> int:
        return len(self.values)

    def value_for(self, i: int, player: str) -> float | None:
        """Position ``i``'s value for ``player`` (None: not searched yet). A position
        searched without a value of its own is worth what the next one is."""
        while i < len(self.states):
            if self.states[i].over:
                return self.final_value(i, player)
            if i not in self.values:
                return None
            v = self.values[i]
            if v is not None:
                return v if self.states[i].to_move == player else 1.0 - v
            i += 1
        return None

    def standing(self, i: int) -> float | None:
        """Who was ahead at position ``i``, for the game's first side: the one value the
        line and the words show (the mean with the next position's; None until both are
        known)."""
        first = self.rules.players[0]
        v = self.value_for(i, first)
        if v is None or self.states[i].over:
            return v
        nxt = self.value_for(i + 1, first) if i + 1 < len(self.states) else v
        return None if nxt is None else (v + nxt) / 2

    @staticmethod
    def weighed(tried: dict[Any, Tried]) -> dict[Any, float]:
        """Each move's value, its playouts weighed with ``PRIOR`` at the position's mean
        (a proven move exactly)."""
        visits = sum(t[0] for t in tried.values())
        mean = sum(t[0] * t[1] for t in tried.values()) / visits if visits else 0.5
        return {m: t[1] if len(t) > 2 and t[2] else (t[0] * t[1] + PRIOR * mean) / (t[0] + PRIOR)
                for m, t in tried.items()}

    def cost(self, n: int) -> float | None:
        """What move ``n`` (from 0) cost its mover, in the search of the position it was
        played in. A move that search hardly looked at (and did not prove) is valued by
        the next position's search instead (the mover's side of it); None when neither can
        say. Never below 0: no move is better than the best."""
        tried = self.tried.get(n)
        if not tried or n >= len(self.played):
            return None
        values = self.weighed(tried)
        played = tried.get(self.played[n])
        if played is not None and (played[0] >= MIN_VISITS or (len(played) > 2 and played[2])):
            after = values[self.played[n]]
        else:
            after = self.value_for(n + 1, self.states[n].to_move)
            if after is None:
                return None
        # the search's own choice (its most visited move), or a better one it looked at enough
        choice = max(tried, key=lambda m: tried[m][:2])
        best = max([values[choice], *(values[m] for m, t in tried.items() if t[0] >= MIN_VISITS)])
        return max(0.0, best - after)

    def costly(self) -> list[int]:
        """The moves that cost most, worst first (each at least COSTLY)."""
        costs = [(c, n) for n in range(self.moves) if (c := self.cost(n)) is not None and c >= COSTLY]
        return [n for _c, n in sorted(costs, key=lambda cn: (-cn[0], cn[1]))[:MARKED]]

    def curve(self, player: str) -> list[float | None]:
        """Every position's ``standing``, for ``player``."""
        first = player == self.rules.players[0]
        return [v if v is None or first else 1.0 - v for v in map(self.standing, range(len(self.states)))]
