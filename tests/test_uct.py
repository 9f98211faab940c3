"""The plain UCT baseline: legal moves in every game and phase, a won position taken,
reproducible with fixed iterations, and no peeking at the seeded dice."""
from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from game import catalogue
from game.ai.uct import resample, uct_move
from game.content import levels
from game.rules import improbable as IM
from game.rules.core import Game
from game.tools.arena import budget, run


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_the_baseline_plays_legal_moves_to_the_end(game_id):
    game = catalogue.game(game_id)
    state = game.new(levels.load(game_id), seed=4)
    rng = random.Random(1)
    for _ in range(400):
        if state.over:
            break
        move = uct_move(game, state, iterations=20, rng=rng)
        state, _ = game.play(state, move)  # play refuses an illegal move
    assert state.over or game_id == "sparks"  # Sparks games run long: 400 plies is enough here


def test_the_baseline_is_reproducible_with_fixed_iterations():
    game = catalogue.game("gauss")
    state = game.new(levels.load("gauss"), seed=2)
    assert uct_move(game, state, iterations=300, rng=9) == uct_move(game, state, iterations=300, rng=9)


@dataclass(frozen=True)
class Pile:
    """Take 1 or 2 stones; who takes the last one wins (4 stones: take 1, leave 3)."""

    stones: int
    to_move: str = "a"
    seed: int = 0

    @property
    def over(self) -> bool:
        return self.stones == 0

    @property
    def winner(self) -> str | None:
        return ("b" if self.to_move == "a" else "a") if self.over else None


class Nim(Game):
    id = "nim"
    players = ("a", "b")

    def legal_moves(self, state: Pile) -> list[int]:
        return [] if state.over else [k for k in (1, 2) if k <= state.stones]

    def play(self, state: Pile, move: int):
        self.require_legal(state, move)
        return Pile(state.stones - move, "b" if state.to_move == "a" else "a", state.seed), []


@pytest.mark.parametrize("stones, best", [(4, 1), (5, 2), (7, 1), (8, 2)])
def test_the_baseline_finds_the_winning_take(stones, best):
    assert uct_move(Nim(), Pile(stones), iterations=3000, rng=1) == best


def test_the_baseline_does_not_see_the_next_roll():
    """Open loop: each iteration draws the dice afresh, so the real seed is not used."""
    state = IM.IMPROBABLE.new(levels.load("improbable"), seed=5)
    rng = random.Random(1)
    seeds = {resample(state, rng).seed for _ in range(50)}
    assert len(seeds) == 50 and state.seed not in seeds


def test_the_arena_gives_the_baseline_its_opponents_time():
    assert budget("gauss", "uct", "hard", 1.0, None) == budget("gauss", "hard", "uct", 1.0, None) > 0.5
    assert budget("gauss", "uct", "easy", 1.0, None) == budget("gauss", "easy", "uct", 1.0, None) < 0.5
    assert budget("rush", "uct", "hard", 1.0, 0.5) == budget("rush", "hard", "uct", 1.0, 0.5) == 0.5
    r = run("order", "random", "uct", 2, seconds=0.02)
    assert r["n"] == 2 and r["sec_per_move_b"]["median"] >= 0.0
