"""A finished game looked at again: what each move cost, and who was ahead.

The computer searches every position of the game (at ``LEVEL``, in the worker process
when there is one). A search values each move it tried for the player to move, from 0
(lost) to 1 (won), proven moves exactly. A move's *cost* is what the search thought of
its own choice there less what it thought of the move played: both from one search, for
the same player, so whatever a short search over- or under-rates in a position cancels
out. The moves that cost most (at least ``COSTLY``, at most ``MARKED`` of them) are
marked. A move the search hardly tried (it found others so much better) is valued by the
search of the position after it, from its mover's side.

The "who's ahead" line is the position's value for the game's first side, the mean of
two neighbouring positions: random playouts favour the side to move, which would
otherwise make the line zigzag move by move. A finished game's last position is exact.

These are estimates of a short search, not proofs. No pygame here; the review screen
(``scenes/replay.py``) draws it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .rules.core import DRAW, Game

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


@dataclass
class Review:
    rules: Game
    #: every position from the start, the last one after the last move
    states: list[Any]
    #: the moves played, ``moves[n]`` from ``states[n]``
    played: list[Any]
    #: position -> its value for the player to move there (None: no search, a forced move)
    values: dict[int, float | None] = field(default_factory=dict)
    #: position -> the search's moves: move -> (visits, value for the player to move)
    tried: dict[int, dict[Any, tuple[int, float]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for i, state in enumerate(self.states):
            if state.over:  # the end is exact
                self.values[i] = self.exact(state)

    @property
    def moves(self) -> int:
        return len(self.states) - 1

    @staticmethod
    def exact(state: Any) -> float:
        """A finished position's value for the player who would move there."""
        if state.winner == DRAW:
            return 0.5
        return 1.0 if state.winner == state.to_move else 0.0

    def next_position(self) -> int | None:
        """The first position still to be searched (None: all are known)."""
        return next((i for i in range(len(self.states)) if i not in self.values), None)

    def known(self, i: int, value: float | None, tried: dict[Any, tuple[int, float]] | None = None) -> None:
        self.values[i] = value
        self.tried[i] = tried or {}

    @property
    def done(self) -> bool:
        return self.next_position() is None

    @property
    def searched(self) -> int:
        return len(self.values)

    def value_for(self, i: int, player: str) -> float | None:
        """Position ``i``'s value for ``player``."""
        v = self.values.get(i)
        if v is None:
            return None
        return v if self.states[i].to_move == player else 1.0 - v

    def cost(self, n: int) -> float | None:
        """What move ``n`` (from 0) cost its mover, in the search of the position it was
        played in. A move that search hardly looked at is valued by the next position's
        search instead (the mover's side of it); None when neither can say."""
        tried = self.tried.get(n)
        if not tried or n >= len(self.played):
            return None
        played = tried.get(self.played[n])
        if played is not None and (played[0] >= MIN_VISITS or played[1] in (0.0, 1.0)):
            after = played[1]
        else:
            after = self.value_for(n + 1, self.states[n].to_move)
            if after is None:
                return None
        # the search's own choice (its most visited move), or a better-valued one it looked at enough
        choice = max(tried.values())
        best = max([choice[1], *(q for visits, q in tried.values() if visits >= MIN_VISITS)])
        return max(0.0, best - after)

    def costly(self) -> list[int]:
        """The moves that cost most, worst first (each at least COSTLY)."""
        costs = [(c, n) for n in range(self.moves) if (c := self.cost(n)) is not None and c >= COSTLY]
        return [n for _c, n in sorted(costs, key=lambda cn: (-cn[0], cn[1]))[:MARKED]]

    def curve(self, player: str) -> list[float | None]:
        """Every position's value for ``player``, each the mean with the next one's."""
        raw = [self.value_for(i, player) for i in range(len(self.states))]
        out: list[float | None] = []
        for i, v in enumerate(raw):
            if self.states[i].over or v is None:
                out.append(v)
                continue
            nxt = raw[i + 1] if i + 1 < len(raw) else None
            out.append(v if nxt is None else (v + nxt) / 2)
        return out
