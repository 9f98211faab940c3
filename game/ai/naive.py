"""Naive opponents: strategies a casual player might stumble on, for the arena.

A search can look strong against another search and still fall to a trivial plan
(issue #28: a player who filled Rush's board in reading order beat hard). These
players give the strength tables such yardsticks. Each chooses one move from the rules'
public API only (``legal_moves``, ``play``, ``scores``, a state's board), as the AI does:

* ``filler``: the first legal move in the rules' order (Rush: reading order from the
  top-left point; The Improbable: always roll on);
* ``filler-rev``: the last legal move, the same plan from the other end;
* ``mirror``: the move that makes the position most nearly its own mirror image, the
  opponent's pieces reflected onto one's own (the rules' ``mirror``); when no move makes it
  more symmetric than it is (the first move, a reflection that is illegal), a uniformly
  random move. Only the games with a board symmetry that swaps the two sides have it;
* ``greedy``: one ply, the move after which the mover's score lead (``scores``) is
  largest, a move that wins outright first and one that loses outright last, then one
  after which the mover moves again (Rush: a placement with two or more connections;
  The Great Order: a connection that goes on); ties by the rng. A move whose result is
  random (The Improbable's roll) is valued by its expectation over the dice, never by
  the state's seeded future;
* ``random``: a uniformly random move.

A move the rules do not list (The Great Order's arrangement) is drawn at random by all
of them.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..rules.core import DRAW, Game
from . import policies

NAIVE = ("filler", "filler-rev", "mirror", "greedy", "random")

def kinds(game: Game, state: Any) -> tuple[str, ...]:
    """The naive players that exist for ``game`` (at ``state``'s board: the mirror needs a
    board symmetry that swaps the sides)."""
    return tuple(k for k in NAIVE if k != "mirror" or game.mirror(state) is not None)


def symmetry(state: Any, image: list[int], swap: Callable[[int], int]) -> int:
    """How many points hold the swapped contents of their image (all of them: the position
    is its own mirror image)."""
    board = state.board
    return sum(1 for i, j in enumerate(image) if board[i] == swap(board[j]))


def naive_move(game: Game, state: Any, kind: str, rng: random.Random,
               policy: type[policies.Policy] | None = None) -> Any:
    """The move of naive player ``kind`` (one of :data:`NAIVE`) for the player to move.
    ``policy`` (the game record's) says which moves are chance moves, for ``greedy``."""
    moves = game.legal_moves(state)
    if not moves:
        return game.random_move(state, rng)
    if kind == "filler":
        return moves[0]
    if kind == "filler-rev":
        return moves[-1]
    if kind == "random":
        return rng.choice(moves)
    if kind == "mirror":
        return _mirror(game, state, moves, rng)
    if kind == "greedy":
        return _greedy(game, state, moves, rng, policies.for_game(game, policy))
    raise ValueError(f"No naive player {kind!r}; there are {', '.join(NAIVE)}.")


def _mirror(game: Game, state: Any, moves: list[Any], rng: random.Random) -> Any:
    symmetric = game.mirror(state)
    if symmetric is None:
        raise ValueError(f"{game.id} has no board symmetry: no mirror player.")
    image, swapped = symmetric
    swap = swapped.__getitem__
    best, best_moves = symmetry(state, image, swap), []
    for m in moves:
        after, _ = game.play(state, m)
        s = symmetry(after, image, swap)
        if s > best:
            best, best_moves = s, [m]
        elif s == best and best_moves:
            best_moves.append(m)
    return rng.choice(best_moves or moves)


def _greedy(game: Game, state: Any, moves: list[Any], rng: random.Random,
            policy: policies.Policy) -> Any:
    me = state.to_move
    other = next(p for p in game.players if p != me)

    def gain(after: Any) -> tuple[float, float, int]:
        if after.over:
            w = after.winner
            sure = 0.0 if w == DRAW or w is None else 1.0 if w == me else -1.0
        else:
            sure = 0.0
        s = game.scores(after)
        return sure, s[me] - s[other], int(not after.over and after.to_move == me)

    best, best_moves = None, []
    for m in moves:
        outcomes = policy.chance(state, m)
        value: tuple[float, ...]
        if outcomes is None:
            value = gain(game.play(state, m)[0])
        else:  # the expectation over the dice, each outcome a forced move
            parts = [(p, gain(game.play(state, forced)[0])) for forced, p in outcomes]
            value = tuple(sum(p * v[k] for p, v in parts) for k in range(3))
        if best is None or value > best:
            best, best_moves = value, [m]
        elif value == best:
            best_moves.append(m)
    return rng.choice(best_moves)
