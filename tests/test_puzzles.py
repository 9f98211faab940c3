"""The shipped puzzles: each loads and plays through the engine protocol to the state its
``expect`` names, its first move wins by force (every defence searched), and every game
with puzzles has at least twelve, graded from easy to hard."""
from __future__ import annotations

import json

import pytest

from game import catalogue
from game.ai.policies import OrderPolicy
from game.engine import Session
from game.puzzlemaker import forced
from game.puzzles import load_all, parse
from game.rules.core import RulesError

GAMES = ("gauss", "rush", "sparks", "order")
#: the games whose puzzles are made (Rush's are not yet: docs/puzzles.md says why)
MADE = ("gauss", "sparks", "order")
ALL = [(g, p) for g in GAMES for p in load_all(g)]


def ask(session: Session, request: dict) -> dict:
    answer = session.handle_line(json.dumps(request))
    assert answer["ok"], answer
    return answer


@pytest.mark.parametrize("game", MADE)
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
