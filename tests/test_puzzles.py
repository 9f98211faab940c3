"""The shipped puzzles: each loads and plays through the engine protocol to the state its
``expect`` names, its first move wins by force (every defence searched), and every game
with puzzles has at least twelve, graded from easy to hard."""
from __future__ import annotations

import json
from dataclasses import replace

import pygame
import pytest

from game import catalogue
from game.ai.policies import OrderPolicy
from game.content.puzzles import forced, load_all, parse, winning_move
from game.protocol.engine import Session
from game.rules.core import RulesError
from game.tools.puzzlemaker import makers

#: the games whose puzzles the puzzle maker finds (their records name the depths of the forced
#: lines, or Rush's endings are carved): each ships its puzzles
GAMES = makers()
ALL = [(g, p) for g in GAMES for p in load_all(g, strict=True)]


def test_the_games_with_puzzles_are_the_ones_the_maker_serves():
    assert [g for g in catalogue.GAME_IDS if load_all(g)] == GAMES


def ask(session: Session, request: dict) -> dict:
    answer = session.handle_line(json.dumps(request))
    assert answer["ok"], answer
    return answer


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_twelve_puzzles_easiest_first(game):
    puzzles = load_all(game)
    assert len(puzzles) >= 12
    grades = [p.grade for p in sorted(puzzles, key=lambda p: p.name)]
    assert grades == sorted(grades) and grades[0] < grades[-1]  # the files run from easy to hard
    assert len({json.dumps(p.state, sort_keys=True) for p in puzzles}) == len(puzzles)  # no repeats


@pytest.mark.parametrize("game, puzzle", ALL, ids=[f"{g}-{p.name}" for g, p in ALL])
def test_a_puzzles_line_plays_through_the_engine_protocol_to_its_goal(game, puzzle):
    session = Session()
    state = ask(session, {"cmd": "load", "game": game, "state": puzzle.state})["state"]
    me = state["to_move"]
    for move in puzzle.solution:
        state = ask(session, {"cmd": "play", "move": move})["state"]
    for key, value in puzzle.expect.items():
        assert state[key] == value, key
    assert puzzle.expect.get("winner") == me and state["over"]  # the side to move wins
    assert len(puzzle.solution) == puzzle.plies


@pytest.mark.parametrize("game, puzzle", ALL, ids=[f"{g}-{p.name}" for g, p in ALL])
def test_a_puzzles_first_move_wins_against_every_defence(game, puzzle):
    rules, state = puzzle.start()
    me = state.to_move
    first = rules.parse_move(puzzle.solution[0])
    after = rules.play(state, first)[0]
    if game == "order":  # the exact solver (checked against plain minimax by the AI tests)
        values = dict((m, v) for m, v in OrderPolicy.exact_values(state))
        assert values[first] > 0 and sum(v > 0 for v in values.values()) == 1
    else:
        assert forced(rules, after, me, puzzle.plies - 1)
        assert not all(forced(rules, rules.play(state, m)[0], me, puzzle.plies - 1)
                       for m in rules.legal_moves(state))  # not every move wins: something to find


def test_a_broken_puzzle_is_refused_with_its_reason():
    with pytest.raises(RulesError, match="unknown game"):
        parse({"format": 1, "game": "chess"}, "x")
    good = {"format": 1, "game": "rush", "title": "t", "grade": 1, "goal": "win", "plies": 1, "state": {},
            "solution": [], "expect": {}}
    with pytest.raises(RulesError, match="'grade' must be"):
        parse({**good, "grade": True}, "x")
    with pytest.raises(RulesError, match="goal"):
        parse({**good, "goal": "draw"}, "x")
    assert parse(good, "x").game == "rush" and catalogue.get("rush")


def frames(app, n: int = 240) -> None:
    for _ in range(n):
        app.frame([], 1 / 30)


@pytest.mark.parametrize("game", GAMES)
def test_a_puzzle_is_solved_on_the_board_the_computer_answering(app, game):
    from driver import key, run, to_card

    from game.scenes.hosts.puzzle import PuzzleListScene, PuzzleScene, solved

    to_card(app, "Puzzles")
    run(app, [key(pygame.K_RETURN)])
    ask = app.stack.top
    ask.menu.index = [i.label for i in ask.menu.items].index(catalogue.get(game).title)
    run(app, [key(pygame.K_RETURN)])
    listing = app.stack.top
    assert isinstance(listing, PuzzleListScene) and len(listing.menu.items) >= 12
    listing.menu.index = len(listing.menu.items) - 1  # the hardest
    run(app, [key(pygame.K_RETURN)])
    scene = app.stack.top
    assert isinstance(scene, PuzzleScene)
    puzzle, board = scene.puzzle, scene.game
    for _ in range(puzzle.plies):
        if board.state.to_move == scene.me:  # a winning move here (the computer defends its own way)
            assert board.try_play(winning_move(game, board.rules, board.state, scene.me, scene.plies_left()))
        frames(app, 120)  # the move plays out; the computer answers
        if scene.done:
            break
    assert scene.done and board.state.winner == scene.me
    assert puzzle.name in solved()[game]
    run(app, [key(pygame.K_ESCAPE)])
    assert app.stack.top is listing and listing.menu.items[-1].ticked


@pytest.mark.parametrize("game, index", [("sparks", -1), ("rush", 0), ("rush", 1)])
def test_a_wrong_move_is_refuted_and_the_position_comes_back(app, game, index):
    """Sparks' last puzzle is a win in two: the wrong move is answered on the board. In Rush
    a wrong placement may leave the solver still to move (a turn goes on): it is refuted
    all the same as soon as no forced win is left."""
    from game.scenes.hosts.puzzle import PuzzleScene

    puzzle = load_all(game)[index]
    app.stack.push(PuzzleScene(app, puzzle))
    scene = app.stack.top
    board = scene.game
    rules, state = puzzle.start()
    wrong = next(m for m in rules.legal_moves(state)
                 if not forced(rules, rules.play(state, m)[0], state.to_move, puzzle.plies - 1))
    assert board.try_play(wrong)
    frames(app, 30)
    assert scene.refuted_t > 0
    if game == "sparks":
        assert len(board.history) == 2  # the move and its refutation, on the board
    frames(app, 200)
    assert board.history == [] and board.state == state  # back to the puzzle's position


@pytest.mark.parametrize("content", [b"\x00\xff not json", b'{"format": 1, "solved": [1, 2]}',
                                     b'{"format": 1, "solved": {"gauss": "01"}}', b'[]', b'{"format": 99}'])
def test_a_damaged_progress_file_counts_as_nothing_solved_and_is_written_anew(app, content):
    from game.persistence import storage
    from game.scenes.hosts.puzzle import PROGRESS, mark_solved, solved

    storage.home().mkdir(parents=True, exist_ok=True)
    (storage.home() / PROGRESS).write_bytes(content)
    assert solved().get("gauss", []) == []
    mark_solved("gauss", "01")
    assert solved()["gauss"] == ["01"]


def test_a_rush_ending_is_set_to_a_win_by_one_stone_and_a_settled_stone_only_moves_the_count():
    from game.content import levels
    from game.tools.puzzlemaker import rush_margin

    puzzle = min(load_all("rush"), key=lambda p: p.plies)
    rules, state = puzzle.start()
    level = levels.load("rush")
    sign = 1 if state.to_move == "black" else -1

    def values(state):
        memo: dict = {}
        return [sign * rush_margin(rules, rules.play(state, m)[0], memo) for m in rules.legal_moves(state)]

    before = values(state)
    assert max(before) == 1  # best play wins by exactly one stone
    assert 2 * before.count(1) <= len(before)  # at most half of the placements win
    # a stone of the mover's with no empty neighbour changes sides: every line ends two lower
    board = list(state.board)
    mine = 1 if sign == 1 else 2
    me = next(i for i, c in enumerate(board) if c == mine and all(board[j] for j in state.geo.neighbours[i]))
    board[me] = 3 - board[me]
    flipped = rules.load_state(rules.state_json(replace(state, board=tuple(board))), level)
    assert values(flipped) == [v - 2 for v in before]


def test_a_sparks_puzzle_offers_no_draw(app):
    """A puzzle is won on the board: no Draw? button, no key for it, and Tab offers nothing."""
    from driver import key, run

    from game.scenes.hosts.puzzle import PuzzleScene

    app.stack.push(PuzzleScene(app, load_all("sparks")[0]))
    board = app.stack.top.game
    frames(app, 5)
    assert "draw" not in board.buttons_row() and "draw" not in board.controls().lower()
    before = board.state
    run(app, [key(pygame.K_TAB)])
    frames(app, 5)
    assert board.state == before and board.state.offered_by is None


# -- what a puzzle says ----------------------------------------------------------------------

def drawn(monkeypatch, app) -> list[str]:
    from game.ui import theme

    texts = []
    real = theme.draw_text

    def spy(surface, text, *args, **kwargs):
        texts.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(theme, "draw_text", spy)
    app.stack.top.game._panel = None  # the panel is painted again, not taken from its cache
    app.stack.top.draw(app.screen)
    monkeypatch.setattr(theme, "draw_text", real)
    return texts


def solve(app, scene):
    board = scene.game
    for _ in range(scene.puzzle.plies):
        if board.state.to_move == scene.me:
            assert board.try_play(winning_move(scene.puzzle.game, board.rules, board.state, scene.me,
                                               scene.plies_left()))
        frames(app, 120)
        if scene.done:
            return
    raise AssertionError("not solved")


def test_a_solved_puzzle_says_solved_why_and_offers_the_next_unsolved_one(app):
    """GAUSS 04 is won on the first tie-break (final scores equal, fewer discs on the
    VOID): the card says so, and Next puzzle opens the next one not solved yet."""
    from game.scenes.hosts.puzzle import PuzzleListScene, PuzzleScene, mark_solved
    from game.scenes.menus.overlay import AskScene

    mark_solved("gauss", "05")  # solved before: Next skips it
    listing = PuzzleListScene(app, "gauss")
    app.stack.push(listing)
    puzzle = next(p for p in load_all("gauss") if p.name == "04")
    app.stack.push(PuzzleScene(app, puzzle, listing))
    scene = app.stack.top
    solve(app, scene)
    frames(app, 5)
    assert scene.game.status()[0] == "Solved!"
    card = app.stack.top
    assert isinstance(card, AskScene) and card.title == "Solved!"
    assert "Final scores tied: fewer discs on the VOID wins." in card.lines, card.lines
    labels = [item.label for item in card.menu.items]
    assert labels[0] == "Next puzzle" and card.menu.index == 0
    card.menu.choose()
    frames(app, 3)
    nxt = app.stack.top
    assert isinstance(nxt, PuzzleScene) and nxt.puzzle.name == "06" and nxt.listing is listing
    assert app.stack.scenes[-2] is listing  # the solved one is gone, not stacked under
    assert listing.menu.items[3].ticked


def test_the_last_puzzle_left_solved_offers_the_list_first(app):
    """With nothing left to solve the focus starts on the way on: back to the list (issue
    #30: it started on "Try it again")."""
    from game.scenes.hosts.puzzle import PuzzleScene, mark_solved
    from game.scenes.menus.overlay import AskScene

    listed = load_all("gauss")
    for p in listed[:-1]:
        mark_solved("gauss", p.name, clean=False)  # no streak: no initials asked over the card
    scene = PuzzleScene(app, listed[-1])
    app.stack.push(scene)
    solve(app, scene)
    frames(app, 5)
    card = app.stack.top
    assert isinstance(card, AskScene) and card.menu.items[card.menu.index].label == "Back to the list"


def test_a_wrong_move_that_ends_the_game_says_not_solved_and_why(app, monkeypatch):
    from game.scenes.hosts.puzzle import PuzzleScene

    for puzzle in load_all("gauss"):
        rules, start = puzzle.start()
        wrong = [m for m in rules.legal_moves(start)
                 if rules.play(start, m)[0].over and rules.play(start, m)[0].winner != start.to_move]
        if wrong:
            break
    else:
        raise AssertionError("no puzzle a wrong move ends")
    app.stack.push(PuzzleScene(app, puzzle))
    scene = app.stack.top
    assert scene.game.try_play(wrong[0])
    frames(app, 90)  # the move plays out, and is judged
    assert scene.game.status()[0] == "Not solved"
    words = scene.game.banner_text() or scene.game.bottom_line()[0]
    assert words.startswith("Not solved:") and "Game over" not in drawn(monkeypatch, app), words


def test_a_wrong_move_is_answered_by_the_refutation_named_on_the_board(app):
    """The reply that punishes the wrong move is played and named; the position stays
    until a key (or a few seconds) and then comes back."""
    from game.scenes.hosts.puzzle import PuzzleScene

    puzzle = load_all("sparks")[-1]
    app.stack.push(PuzzleScene(app, puzzle))
    scene = app.stack.top
    board = scene.game
    rules, state = puzzle.start()
    wrong = next(m for m in rules.legal_moves(state)
                 if not forced(rules, rules.play(state, m)[0], state.to_move, puzzle.plies - 1))
    assert board.try_play(wrong)
    frames(app, 60)
    assert len(board.history) == 2
    reply = board.history[-1][2]
    assert reply in board.banner_text() or reply in board.bottom_line()[0], board.banner_text()
    frames(app, 60)
    assert len(board.history) == 2  # still shown: it is read, not flashed
    from driver import key, run
    run(app, [key(pygame.K_RETURN)])
    frames(app, 3)
    assert board.history == []


@pytest.mark.parametrize("game", GAMES)
def test_a_set_position_does_not_say_who_started_at_random(app, monkeypatch, game):
    """A puzzle's or a lesson's position was set up, not drawn: no 'started (random)'."""
    from game.content import lessons
    from game.scenes.hosts.lesson import LessonScene
    from game.scenes.hosts.puzzle import PuzzleScene

    app.stack.push(PuzzleScene(app, load_all(game)[0]))
    frames(app, 3)
    texts = " ".join(drawn(monkeypatch, app))
    assert "random" not in texts and "started" not in texts and " starts" not in texts, texts
    app.stack.pop()
    course = lessons.load(game)
    if course is not None:
        app.stack.push(LessonScene(app, course, 1))
        frames(app, 3)
        texts = " ".join(drawn(monkeypatch, app))
        assert "random" not in texts and "started" not in texts and " starts" not in texts, texts
