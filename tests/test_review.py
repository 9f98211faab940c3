"""Review after a game: the computer's value of every position and the costliest moves."""
import random

import pygame
import pytest
from driver import click, key, run

from game import catalogue, review
from game.ai import Thinker
from game.puzzles import forced, load_all
from game.scenes.overlay import ResultScene
from game.scenes.replay import ReplayScene


def test_a_moves_cost_is_its_searchs_best_value_less_the_played_ones():
    rules = catalogue.get("rush").rules
    rng = random.Random(2)
    states, played = [rules.new(catalogue.get("rush").builtin_level, seed=2)], []
    while not states[-1].over:
        played.append(rules.random_move(states[-1], rng))
        states.append(rules.play(states[-1], played[-1])[0])
    r = review.Review(rules, states, played)
    last = len(states) - 1
    assert r.value_for(last, states[-1].winner) == 1.0  # the end is exact
    other = rules.legal_moves(states[3])[0] if rules.legal_moves(states[3])[0] != played[3] \
        else rules.legal_moves(states[3])[1]
    for i in range(last):
        r.known(i, 0.5, {played[i]: (40, 0.5)})
    assert r.done and r.costly() == [] and r.cost(0) == 0.0
    r.known(3, 0.8, {other: (60, 0.8), played[3]: (10, 0.3)})  # the search preferred another move
    assert r.cost(3) == pytest.approx(0.5) and r.costly() == [3]
    r.known(3, 0.8, {other: (60, 0.8), played[3]: (1, 0.2)})  # looked at once: the next search says
    assert r.cost(3) == pytest.approx(0.8 - r.value_for(4, states[3].to_move))
    r.known(3, None, {})  # no search there (a forced move): nothing said
    assert r.cost(3) is None and r.costly() == []
    assert len(r.curve(rules.players[0])) == len(states)


def blunder(game_id):
    """A puzzle position and a move after which the *other* side wins by force (exact)."""
    for puzzle in reversed(load_all(game_id)):
        rules, start = puzzle.start()
        other = next(p for p in rules.players if p != start.to_move)
        for move in rules.legal_moves(start):
            after = rules.play(start, move)[0]
            if not after.over and after.to_move == other and forced(rules, after, other, 3):
                return puzzle, rules, start, move
    raise AssertionError("no blunder in any puzzle")


@pytest.mark.parametrize("game_id", ["sparks", "gauss"])
def test_a_move_that_throws_a_forced_win_away_costs_much_and_the_winning_move_little(game_id):
    """The yardstick is an exact search, not the computer's own: a move after which the
    other side wins by force must be marked costly; the puzzle's winning move must not."""
    puzzle, rules, start, wrong = blunder(game_id)
    policy = catalogue.get(game_id).policy
    right = rules.parse_move(puzzle.solution[0])
    for move, costly in ((wrong, True), (right, False)):
        after = rules.play(start, move)[0]
        r = review.Review(rules, [start, after], [move])
        for i, state in enumerate(r.states):
            if not state.over:
                t = Thinker(rules, state, "medium", rng=1, iterations=600, policy=policy)
                t.step()
                r.known(i, t.value(), t.move_values())
        assert (0 in r.costly()) == costly, (move, r.values)


def test_the_end_card_opens_a_review_that_values_every_position(app, monkeypatch):
    monkeypatch.setattr(review, "ITERATIONS", 40)
    game = app.start_game("rush", seed=4)
    game = app.stack.top
    rng = random.Random(4)
    while not game.state.over:
        game.commit(game.rules.random_move(game.state, rng), animate=False)
    run(app, [], frames=3)
    card = app.stack.top
    assert isinstance(card, ResultScene)
    assert card.menu.items[card.menu.index].label == "Review the game"  # the focus starts there
    run(app, frames=int(1.2 * 60))  # the card takes no press in its first second
    run(app, [key(pygame.K_RETURN)])
    scene = app.stack.top
    assert isinstance(scene, ReplayScene) and scene.review is not None
    for _ in range(6000):
        run(app)
        if scene.review.done:
            break
    assert scene.review.done
    searched = [i for i, s in enumerate(scene.review.states) if not s.over]
    assert sum(scene.review.values[i] is not None for i in searched) >= len(searched) * 0.9
    # a click on the line jumps to that move
    run(app, [], frames=2)
    graph = scene.graph_rect()
    run(app, [click((graph.centerx, graph.centery))])
    assert scene.position == round(scene.total / 2) or abs(scene.position - scene.total / 2) <= 1
    run(app, [key(pygame.K_ESCAPE)])
    assert app.stack.top is card
