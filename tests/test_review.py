"""Review after a game: the computer's value of every position and the costliest moves."""
import random
import re

import pygame
import pytest
from driver import click, key, run

from game import catalogue
from game.ai import Thinker
from game.arcade import review
from game.content.puzzles import forced, load_all
from game.scenes.hosts.replay import ReplayScene
from game.scenes.menus.overlay import ResultScene


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
    weighed = r.weighed(r.tried[3])  # each move's playouts weighed with the position's mean
    assert weighed[other] == pytest.approx((60 * 0.8 + review.PRIOR * 51 / 70) / (60 + review.PRIOR))
    assert r.cost(3) == pytest.approx(weighed[other] - weighed[played[3]]) and r.costly() == [3]
    r.known(3, 0.8, {other: (60, 0.8), played[3]: (1, 0.2)})  # looked at once: the next search says
    assert r.cost(3) == pytest.approx(r.weighed(r.tried[3])[other] - r.value_for(4, states[3].to_move))
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
    assert card.menu.items[card.menu.index].label == "Rematch"  # the focus starts on the way on
    run(app, frames=int(1.2 * 60))  # the card takes no press in its first second
    run(app, [key(pygame.K_DOWN)])
    assert card.menu.items[card.menu.index].label == "Review the game"  # one step down
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


def finished_game(game_id, winner_index, seed=0):
    """A random game of ``game_id`` that the ``winner_index``-th side won: its states and moves."""
    entry = catalogue.get(game_id)
    rules = entry.rules
    for s in range(seed, seed + 200):
        rng = random.Random(s)
        states, played = [rules.new(entry.builtin_level, seed=s)], []
        while not states[-1].over:
            played.append(rules.random_move(states[-1], rng))
            states.append(rules.play(states[-1], played[-1])[0])
        if rules.outcome(states[-1]).winner == rules.players[winner_index]:
            return s, states, played
    raise AssertionError("no such game")


def review_scene(app, game_id, seed, played):
    from game.persistence import saves

    entry = catalogue.get(game_id)
    record = saves.Record(game_id, entry.builtin_level["name"], seed, None,
                          [entry.rules.move_json(m) for m in played])
    scene = ReplayScene(app, record, review=True)
    app.stack.push(scene)
    return scene


@pytest.mark.parametrize("game_id", ["order", "sparks"])
def test_a_finished_position_names_its_winner_from_the_rules_outcome(app, game_id):
    """The last position of a game the second side won: that side won, whatever the player
    to move of a finished state is (none, in these two games)."""
    seed, states, played = finished_game(game_id, 1)
    rules = catalogue.get(game_id).rules
    winner, loser = rules.players[1], rules.players[0]
    r = review.Review(rules, states, played)
    last = len(states) - 1
    assert r.value_for(last, winner) == 1.0 and r.value_for(last, loser) == 0.0
    assert r.curve(winner)[last] == 1.0
    scene = review_scene(app, game_id, seed, played)
    scene.end()
    words = scene.review_words()[0][0]
    assert words == f"{scene.game.side_name(winner)} won", words


def test_the_words_say_what_the_line_shows(app):
    """The words of who is ahead come from the same value as the line: a position the
    search thought good for whoever was to move, move after move, is even on the line and
    in the words."""
    seed, states, played = finished_game("gauss", 0)
    scene = review_scene(app, "gauss", seed, played)
    r = scene.review
    first = r.rules.players[0]
    for i in range(len(states) - 1):
        r.known(i, 0.92, {played[i]: (30, 0.92)})  # a short search: the player to move looks ahead
    for position in (0, 5, 11):
        scene.goto(position)
        words = scene.review_words()[0][0]
        v = r.curve(first)[position]
        if abs(v - 0.5) < 0.05:
            assert words == "Neither side ahead here, the computer thinks", (position, v, words)
        else:
            leader = first if v > 0.5 else scene.game.other(first)
            percent = round(100 * max(v, 1 - v))
            assert words == f"{scene.game.side_name(leader)} ahead here ({percent}%)", (position, v, words)
    assert r.curve(first)[0] == pytest.approx(0.5)


def test_a_cost_is_never_written_as_a_loss_below_nothing_and_no_cost_is_said(app):
    seed, states, played = finished_game("gauss", 0)
    scene = review_scene(app, "gauss", seed, played)
    r = scene.review
    for i in range(len(states) - 1):
        r.known(i, 0.5, {played[i]: (40, 0.5)})
    other = next(m for m in r.rules.legal_moves(states[3]) if m != played[3])
    r.known(3, 0.9, {other: (60, 0.9), played[3]: (30, 0.2)})
    scene.goto(4)
    words = scene.review_words()[1][0]
    assert "costly" in words and re.search(r"-\s*\d+\s*%", words) is None, words
    scene.goto(2)
    assert scene.review_words()[1][0].endswith("no cost"), scene.review_words()


def test_a_few_unproven_results_are_not_taken_for_a_proof():
    """Two playouts that both lost are not a proven loss: the move is weighed with the
    position's other results, not as a move that loses for certain."""
    seed, states, played = finished_game("gauss", 0)
    rules = catalogue.get("gauss").rules
    r = review.Review(rules, states, played)
    for i in range(len(states) - 1):
        r.known(i, 0.5, {played[i]: (40, 0.5)})
    other = next(m for m in rules.legal_moves(states[3]) if m != played[3])
    r.known(3, 0.9, {other: (60, 0.9), played[3]: (2, 0.0, False)})
    assert r.cost(3) < 0.5
    r.known(3, 0.9, {other: (60, 0.9), played[3]: (2, 0.0, True)})  # proven lost: exact
    assert r.cost(3) == pytest.approx(r.weighed(r.tried[3])[other])


def test_a_position_searched_without_a_value_is_not_still_being_looked_at(app):
    """A forced move (or an arrangement chosen directly) gives no value of its own: the
    position is done, valued by the position after it."""
    seed, states, played = finished_game("order", 0)
    scene = review_scene(app, "order", seed, played)
    r = scene.review
    for i in range(len(states) - 1):
        r.known(i, None if i == 0 else 0.6, {} if i == 0 else {played[i]: (30, 0.6)})
    assert r.done
    scene.goto(0)
    words = scene.review_words()[0][0]
    assert "looking" not in words, words
    assert r.curve(r.rules.players[0])[0] is not None


@pytest.mark.parametrize("game_id", ["gauss", "rush"])
def test_an_empty_board_is_not_called_won_by_a_short_search(game_id):
    """A short search tried each of 60-80 first moves a few times; its most visited move
    had one lucky playout and the review said "Blue ahead here (100%)" of an empty board.
    The value is that move's mean drawn towards the mean of all simulations."""
    from game.ai import Thinker

    game = catalogue.game(game_id)
    state = game.new(catalogue.get(game_id).builtin_level, seed=4)
    thinker = Thinker(game, state, "medium", rng=1, iterations=200)
    thinker.result()
    assert 0.25 < thinker.value() < 0.75


def test_a_position_with_no_value_and_nothing_after_is_not_still_being_looked_at(app):
    """An Order game with no move: its start (the arrangements, chosen without a search)
    has no value and no position after it: once searched, the review says so."""
    scene = review_scene(app, "order", 3, [])
    r = scene.review
    r.known(0, None, {})
    assert r.done
    scene.goto(0)
    words = scene.review_words()[0][0]
    assert "looking" not in words and "no view" in words, words
