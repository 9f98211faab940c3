"""A game in progress without a screen (``game.match.Match``): what the play scenes, the
demo, the engine protocol and a server share. No pygame here."""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from game import catalogue
from game.match import Match, NoTakeBack, Seat
from game.persistence import saves

ROOT = Path(__file__).resolve().parent.parent


def played(match: Match, n: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(n):
        if match.over:
            return
        match.play(match.rules.random_move(match.state, rng))


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_a_match_saves_and_comes_back_exactly(game_id):
    match = Match(game_id, seed=5, seats={catalogue.get(game_id).players[1]: Seat("x", "hard")})
    played(match, 12)
    match.hinted()
    again = Match.from_record(saves.parse(match.record().to_json()))
    assert again.state == match.state and [p.move for p in again.history] == [p.move for p in match.history]
    assert again.record().moves == match.record().moves and again.hints == match.hints
    assert {p: s.kind for p, s in again.seats.items()} == {p: s.kind for p, s in match.seats.items()}


def test_undo_goes_back_to_the_persons_turn_and_redo_plays_again():
    person, computer = catalogue.get("gauss").players
    match = Match("gauss", seed=3, seats={computer: Seat(computer, "hard")})
    played(match, 6)
    while match.seat().is_ai or not match.history:
        played(match, 1)
    states = [p.before for p in match.history] + [match.state]
    gone = match.undo()
    assert match.seat().player == person and match.state is states[-1 - gone]
    assert match.takebacks == 1 and len(match.future) == gone
    move = match.redo_move()
    match.play(move)
    assert match.state == states[-gone]


def test_undo_is_refused_on_the_ladder_and_with_nothing_to_take_back():
    match = Match("rush", seed=3, ladder="easy")
    played(match, 3)
    with pytest.raises(NoTakeBack) as refused:
        match.undo()
    assert refused.value.reason == "ladder" and len(match.history) == 3
    assert match.take_back() and len(match.history) == 2  # a replay's step back is no undo
    fresh = Match("rush", seed=3)
    with pytest.raises(NoTakeBack):
        fresh.undo()


def test_a_new_move_after_an_undo_drops_the_moves_taken_back():
    match = Match("order", seed=2)
    played(match, 4)
    match.take_back()
    assert match.future
    match.branch()
    assert match.future == []


def test_a_match_runs_with_no_pygame_at_all():
    code = ("import sys; sys.modules['pygame'] = None\n"
            "from game.match import Match\n"
            "m = Match('improbable', seed=4)\n"
            "import random; r = random.Random(1)\n"
            "while not m.over: m.play(m.rules.random_move(m.state, r))\n"
            "print(m.outcome().winner)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip(), out.stderr
