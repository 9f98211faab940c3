"""Per-game knowledge for the search: candidate moves, chance moves, playouts, priors.

A policy answers, for one game:

* ``moves(state, knobs)``: the moves the search considers (all legal moves, one per
  class of moves that lead to equivalent positions, or the ones a level's knobs let through);
* ``chance(state, move)``: the rules' ``chance_outcomes`` of a move whose result is
  random (``[(forced move, probability)]``), else ``None``;
* ``priors(state, moves)``: ``{move: bias}`` in about [0, 1] for progressive bias
  (empty: none);
* ``rollout(state, rng, knobs) -> float``: a simulated result for ``players[0]``
  (1 win, 0 loss, 0.5 draw, or an evaluation in between at a cutoff);
* ``direct(state, rng, knobs)``: a move chosen without search (The Great Order's
  arrangement), or None.

Only the rules API and the rules modules' own fast internals are used; the
future dice of The Improbable are never read from a state's seed.

One module per game (``gauss``, ``rush``, ``sparks``, ``improbable``, ``order``) and the
base (``base``); The Great Order's exact solver is :mod:`game.ai.order_solver`, which the
puzzle maker reads too. Everything is also reachable from here, as before the split.
"""
from ..order_solver import ORDER_MEMO, SolveTimeout, order_abstract, order_children, order_value
from .base import Policy, for_game
from .gauss import GAUSS_PLIES, GAUSS_WEIGHTS, GaussPolicy, gauss_features, gauss_value
from .improbable import ImprobablePolicy, improbable_roll_gain, turn_value
from .order import ORDER_BOOK, OrderPolicy
from .rush import RushPolicy, rush_scores
from .sparks import SparksPolicy

__all__ = ["GAUSS_PLIES", "GAUSS_WEIGHTS", "ORDER_BOOK", "ORDER_MEMO", "GaussPolicy", "ImprobablePolicy",
           "OrderPolicy", "Policy", "RushPolicy", "SolveTimeout", "SparksPolicy", "for_game",
           "gauss_features", "gauss_value", "improbable_roll_gain", "order_abstract", "order_children",
           "order_value", "rush_scores", "turn_value"]
