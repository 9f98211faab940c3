"""The base policy: uniform playouts with the rules' own fast ``random_playout``; each game's
policy (its own module here) adds knowledge."""
from __future__ import annotations

import random
from typing import Any, ClassVar

from ...rules.core import DRAW, Game


class Policy:
    """Uniform playouts with the rules' own fast ``random_playout``.

    A game's policy (named by its record in :mod:`game.catalogue`) adds knowledge:
    move priors, smarter playouts, exact solves, and its ``tuning`` per level.
    """

    tuning: ClassVar[dict[str, dict[str, Any]]] = {}

    def __init__(self, game: Game) -> None:
        self.game = game
        self.p0 = game.players[0]

    def moves(self, state: Any, knobs: dict[str, Any] | None = None) -> list[Any]:
        return self.game.legal_moves(state)

    def chance(self, state: Any, move: Any) -> list[tuple[Any, float]] | None:
        """The rules' chance outcomes of ``move`` (the search's chance nodes)."""
        return self.game.chance_outcomes(state, move)

    def priors(self, state: Any, moves: list[Any]) -> dict[Any, float]:
        return {}

    def direct(self, state: Any, rng: random.Random, knobs: dict[str, Any]) -> Any:
        """A move chosen without search, or None. A move the rules do not list (an
        arrangement of The Great Order) cannot be searched: without knowledge of it, it is
        drawn at random."""
        if not state.over and not self.game.legal_moves(state):
            return self.game.random_move(state, rng)
        return None

    def exact(self, state: Any, knobs: dict[str, Any], deadline: float) -> tuple[bool, Any]:
        """An exact answer before the search: ``(done, move or None)``. ``done`` False
        means the time ran out first; a later call with more time goes on from there."""
        return True, None

    def result(self, winner: str | None) -> float:
        if winner == DRAW or winner is None:
            return 0.5
        return 1.0 if winner == self.p0 else 0.0

    def rollout(self, state: Any, rng: random.Random, knobs: dict[str, Any]) -> float:
        return self.result(self.game.random_playout(state, rng).winner)

    def rollout_trace(self, state: Any, rng: random.Random, knobs: dict[str, Any],
                      trace: list[tuple[str, Any]]) -> float:
        """``rollout``, appending each move played to ``trace`` as ``(player, move)`` (for
        RAVE). A policy without it cannot use ``Settings.rave``."""
        raise NotImplementedError(f"{type(self).__name__} has no traced playout")


def for_game(game: Game, kind: type[Policy] | None = None) -> Policy:
    """A policy of ``kind`` for ``game`` (the game record's ``policy``; uniform playouts
    when none is given)."""
    return (kind or Policy)(game)
