"""A plain UCT: the yardstick every level of the computer is measured against.

Textbook open-loop UCT (Kocsis & Szepesvári 2006, the "plain UCT" of Browne et al.'s
survey, 2012): one node added per iteration, UCB1 with exploration constant sqrt(2)
among the legal moves, uniform random playouts (the rules' own ``random_playout``), and
the result backed up as 1, 1/2 or 0 for the player who made each move. No priors, no
knowledge of any game, no early stop, no solver: it spends the whole time it is given
and plays the most visited move.

*Open loop*: a node stands for a sequence of moves, not for a state. Every iteration
plays the sequence again from the root with a fresh seed for the game's dice (the
states carry their seeded dice, so the real next roll is never seen in advance), so
chance is sampled, and turns of several moves (Rush's placing again, The Improbable's
rolling on) are simply moves of the same player. A move the rules do not list (The Great
Order's arrangement) is drawn at random and is not part of the tree.

Only the rules' public API is used. Its strength must not be tuned down: it is the
"plainest search" a level has to beat at equal think time.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import replace
from typing import Any

from ..rules.core import DRAW, Game, RulesError

EXPLORATION = math.sqrt(2)


class Node:
    __slots__ = ("children", "visits", "wins")

    def __init__(self) -> None:
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.wins = 0.0  # for the player who made the move into this node


def resample(state: Any, rng: random.Random) -> Any:
    """The same position with a fresh seed for its dice (the future is unknown)."""
    return replace(state, seed=rng.getrandbits(62))


def uct_move(game: Game, state: Any, seconds: float | None = None, iterations: int | None = None,
             rng: random.Random | int | None = None, exploration: float = EXPLORATION) -> Any:
    """The move plain UCT chooses for the player to move in ``state`` after ``seconds``
    of search (or exactly ``iterations`` iterations)."""
    if state.over:
        raise RulesError("The game is over: there is no move to choose.")
    rng = rng if isinstance(rng, random.Random) else random.Random(rng)
    moves = game.legal_moves(state)
    if not moves:
        return game.random_move(state, rng)
    if len(moves) == 1:
        return moves[0]
    root = Node()
    deadline = math.inf if seconds is None else time.perf_counter() + seconds
    done = 0
    while done != iterations and (done == 0 or time.perf_counter() < deadline):
        iterate(game, state, root, rng, exploration)
        done += 1
    return max(moves, key=lambda m: root.children[m].visits if m in root.children else -1)


def iterate(game: Game, state: Any, root: Node, rng: random.Random, exploration: float) -> None:
    s = resample(state, rng)
    node = root
    path: list[tuple[Node, str]] = []
    while not s.over:
        moves = game.legal_moves(s)
        if not moves:  # an arrangement: not searched
            s, _ = game.play(s, game.random_move(s, rng))
            continue
        mover = s.to_move
        untried = [m for m in moves if m not in node.children]
        if untried:
            move = rng.choice(untried)
            child = node.children[move] = Node()
            s, _ = game.play(s, move)
            path.append((child, mover))
            break
        log_n = math.log(node.visits)
        best, best_value = moves[0], -1.0
        for m in moves:
            c = node.children[m]
            value = c.wins / c.visits + exploration * math.sqrt(log_n / c.visits)
            if value > best_value:
                best, best_value = m, value
        node = node.children[best]
        s, _ = game.play(s, best)
        path.append((node, mover))
    winner = s.winner if s.over else game.random_playout(s, rng).winner
    root.visits += 1
    for n, mover in path:
        n.visits += 1
        n.wins += 1.0 if winner == mover else 0.5 if winner == DRAW else 0.0
