"""One contract every game keeps (``tests/contract.py``), checked on each game of the
catalogue: the five that ship and the sixth that lives in ``tests/sixth``. A new game is
checked the moment its record exists; nothing here names a game."""
from __future__ import annotations

import dataclasses
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import contract
import pytest
from sixth.rules import Corners, Move

from game import catalogue
from game.content import levels

TESTS = Path(__file__).resolve().parent
#: random games of each game, on its levels in turn, every position and move checked
GAMES = 25


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_random_games_keep_the_contract(game_id):
    seen = contract.effect_kinds(game_id, GAMES)
    # every game ended (one end effect a game), and showed more than one kind of effect
    assert seen["end"] == GAMES and len(seen) >= 3, seen


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_random_games_through_the_engine_protocol(game_id):
    finals = list(contract.protocol_games(game_id, 2 * len(levels.names(game_id)), seed=500))
    assert all(a["state"]["over"] for a in finals)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_two_thousand_random_games_through_the_protocol(game_id):
    winners = {a["state"]["winner"] for a in contract.protocol_games(game_id, 2000, seed=10_000)}
    assert winners >= set(catalogue.get(game_id).players)  # both sides win some


def engine_process() -> list[str]:
    """The engine as a process, with the games registered from tests/ (``python -m game.engine``
    runs ``game.protocol.engine.main``, as this does once the test game is in)."""
    return [sys.executable, "-c", "import sys, sixth; sixth.register(); "
                                  "from game.protocol.engine import main; sys.exit(main())"]


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_a_random_game_through_an_engine_process(game_id):
    """The same lines to a real process answer exactly what the session in this one does."""
    session = contract.Session()
    rng = random.Random(7)
    lines = [{"cmd": "games"}, {"cmd": "new", "game": game_id, "seed": 7}]
    answers = [session.handle_line(json.dumps(line)) for line in lines]
    while not answers[-1]["state"]["over"]:
        legal = session.handle_line('{"cmd":"legal"}')["moves"]
        if not legal:  # moves too many to list: the rules draw one
            game = catalogue.game(game_id)
            legal = [game.move_json(game.random_move(session.match.state, rng))]
        lines += [{"cmd": "legal"}, {"cmd": "play", "move": rng.choice(legal)}]
        answers += [session.handle_line(json.dumps(line)) for line in lines[-2:]]
    lines.append({"cmd": "quit"})
    answers.append({"ok": True})
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS), str(TESTS.parent)])}
    proc = subprocess.run(engine_process(), input="\n".join(map(json.dumps, lines)) + "\n", text=True,
                          capture_output=True, cwd=TESTS, env=env, timeout=120)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr[-2000:]
    assert [json.loads(line) for line in proc.stdout.splitlines()] == answers


# -- each check catches what it is meant to catch ----------------------------------------------
LEVEL = {"format": 1, "game": "corners", "name": "classic", "title": "Classic", "order": 1, "size": 3}


class Mutates(Corners):
    """Plays on a state whose board list it changes in place."""

    def play(self, state, move):
        after, effects = super().play(state, move)
        object.__setattr__(state, "board", state.board[::-1])
        return after, effects


class MovesAfterTheEnd(Corners):
    def legal_moves(self, state):
        return super().legal_moves(state) or [Move((0, 0))]


class NoOutcome(Corners):
    def outcome(self, state):
        return None


class ForgetsAgain(Corners):
    """Its state JSON loses the middle of a turn."""

    def state_json(self, state):
        return {**super().state_json(state), "again": False}


class WrongText(Corners):
    def parse_text(self, text, state=None):
        move = super().parse_text(text, state)
        return type(move)((move.cell[1], move.cell[0]))


class WrongJson(Corners):
    def move_json(self, move):
        return {"cell": [move.cell[1], move.cell[0]]}


class ExtraKey(Corners):
    def play(self, state, move):
        after, effects = super().play(state, move)
        return after, [{**effects[0], "note": 1}, *effects[1:]]


class NoEnd(Corners):
    def play(self, state, move):
        after, effects = super().play(state, move)
        return after, [e for e in effects if e["type"] != "end"]


class UnlistedWithoutSaying(Corners):
    def legal_moves(self, state):
        return [] if not state.board.strip(".") else super().legal_moves(state)


@pytest.mark.parametrize("broken", [Mutates, MovesAfterTheEnd, NoOutcome, ForgetsAgain, WrongText, WrongJson,
                                    ExtraKey, NoEnd, UnlistedWithoutSaying])
def test_the_contract_catches_a_game_that_breaks_it(broken):
    game = broken()
    with pytest.raises(AssertionError):
        for seed in range(40):
            for _played in contract.random_game(game, LEVEL, seed):
                pass


def test_the_contract_passes_the_game_the_probes_break():
    for seed in range(40):
        for _played in contract.random_game(Corners(), LEVEL, seed):
            pass


@pytest.mark.parametrize("broken", [WrongJson, ExtraKey])
def test_the_protocol_check_catches_answers_that_differ_from_the_rules(monkeypatch, broken):
    """The engine answering with other rules than the contract's: caught move by move."""
    record = catalogue.get("corners")
    monkeypatch.setitem(catalogue.RECORDS, "corners", dataclasses.replace(record, rules=broken()))
    with pytest.raises(AssertionError):
        list(contract.protocol_games("corners", 2, rules=record.rules))


def test_the_shape_check_catches_a_wrong_effect():
    game = catalogue.game("gauss")
    assert contract.shape_errors(game, {"type": "place", "cell": [0, 1], "color": "red"}) == []
    assert contract.shape_errors(game, {"type": "place", "cell": [0, "1"], "color": "red"})
    assert contract.shape_errors(game, {"type": "place", "cell": [0, 1]})
    assert contract.shape_errors(game, {"type": "place", "cell": [0, 1], "color": "red", "extra": 1})
    assert contract.shape_errors(game, {"type": "teleport"})
    assert contract.shape_errors(catalogue.game("rush"), {"type": "place", "cell": [0, 1], "color": "black",
                                                          "connections": True})
