"""What each seat may see (game/server/views.py): The Great Order's first arrangement
reaches nobody but its player before the second player has arranged: not the other seat,
not a spectator, not a latecomer's welcome or its missed moves, not ``GET /watch``; once
play begins it is public, every earlier stand-in is put right (``"revealed"``), and the
game plays to the same end for everyone. The rules' side of it (``Game.view``,
``view_play``, ``private``) is checked on every game of the catalogue."""
from __future__ import annotations

import json
import random
import time

import pytest

for _name in ("starlette", "uvicorn", "websockets"):
    pytest.importorskip(_name, reason=f"the server extra is not installed ({_name}): pip install '.[server]'")

from server_client import Client, ServerThread, http, loaded, moves_of, new_game, pick  # noqa: E402

from game import catalogue  # noqa: E402
from game.content import levels  # noqa: E402
from game.match import Match  # noqa: E402
from game.online import client as C  # noqa: E402
from game.rules.order import STAND_IN, Arrange, why_bad_arrangement  # noqa: E402

#: blue's arrangement: valid, and not the stand-in, so a leak shows in the bytes sent
SECRET_ROW = [2, 1, 3, 1, 4, 5, 2, 3, 5, 4, 2, 1, 3, 5, 4]
BROWN_ROW = [5, 4, 3, 2, 1, 5, 4, 3, 2, 1, 5, 4, 3, 2, 1]
#: the row as it is written in any JSON the server sends (no spaces) and in a notation
LEAKS = (json.dumps(SECRET_ROW, separators=(",", ":")), "".join(map(str, SECRET_ROW)))


@pytest.fixture
def server(tmp_path):
    running = ServerThread(tmp_path / "data").start()
    yield running
    running.stop()


def test_the_rows_differ_from_the_stand_in():
    assert why_bad_arrangement(SECRET_ROW) is None and why_bad_arrangement(list(STAND_IN)) is None
    assert list(STAND_IN) != SECRET_ROW and why_bad_arrangement(BROWN_ROW) is None


def leaked(texts):
    return [t for t in texts if any(leak in t for leak in LEAKS)]


def test_blue_arrangement_reaches_nobody_else_before_brown_arranges(server):
    made, joined = new_game(server, "order")
    assert made["seat"] == "blue" and joined["seat"] == "brown"
    blue = Client(server, {"secret": made["secret"], "ply": 0})
    brown = Client(server, {"secret": joined["secret"], "ply": 0})
    watcher = Client(server, {"watch": made["watch"], "ply": 0})
    # blue arranges over HTTP: its own answer shows its own row
    status, answer = http("POST", server.url + "/move", {"secret": made["secret"], "ply": 0,
                                                         "move": {"arrange": SECRET_ROW}})
    assert status == 200 and answer["move"] == {"arrange": SECRET_ROW}
    assert answer["state"]["collections"]["blue"] == SECRET_ROW and "hidden" not in answer["state"]
    for client in (blue, brown, watcher):
        client.until_ply(1)
    assert blue.played[0]["move"] == {"arrange": SECRET_ROW} and "hidden" not in blue.played[0]
    for other in (brown, watcher):
        envelope = other.played[0]
        assert envelope["move"] == {"arrange": list(STAND_IN)} and envelope["hidden"] == ["move"]
        assert envelope["state"]["collections"]["blue"] == list(STAND_IN)
        assert envelope["state"]["hidden"] == ["collections.blue"]
        # the stand-in loads as a state of the rules: a client draws it face down and plays on
        assert loaded("order", made["level"], envelope["state"]).to_move == "brown"
    # latecomers: a spectator from the start, brown again with the last ply it saw, and from 0
    late = [Client(server, {"watch": made["watch"], "ply": 0}),
            Client(server, {"secret": joined["secret"], "ply": 1}),
            Client(server, {"secret": joined["secret"], "ply": 0})]
    for client in late:
        client.until_ply(1)
    status, look = http("GET", f"{server.url}/watch/{made['watch']}")
    assert status == 200 and look["state"]["hidden"] == ["collections.blue"]
    texts = [json.dumps(look, separators=(",", ":"))]
    for client in (brown, watcher, *late):
        texts += client.texts
    assert not leaked(texts), leaked(texts)
    assert leaked(blue.texts)  # (the check finds the row where it is sent)
    # brown arranges: play begins, both rows are public, and the stand-in is put right
    brown.move({"arrange": BROWN_ROW})
    for client in (blue, brown, watcher, *late):
        client.until_ply(2)
        assert client.state["collections"] == {"blue": SECRET_ROW, "brown": BROWN_ROW}
        assert "hidden" not in client.state
        assert moves_of(client.played)[-2:] == [{"arrange": SECRET_ROW}, {"arrange": BROWN_ROW}] or \
            client.played[0]["ply"] == 2
    assert "revealed" not in blue.played[1]
    assert brown.played[1]["revealed"] == [{"ply": 1, "move": {"arrange": SECRET_ROW}, "effects": []}]
    # the game goes on to the same end for all; the moves replay to it from the revealed seed
    rng = random.Random(11)
    seats = {"blue": blue, "brown": brown}
    while not blue.state["over"]:
        mover = seats[blue.state["to_move"]]
        ply = mover.ply
        mover.move(pick("order", made["level"], mover.state, rng))
        for client in (blue, brown, watcher):
            client.until_ply(ply + 1)
    assert blue.state == brown.state == watcher.state
    moves = moves_of(watcher.played)
    assert moves == moves_of(blue.played) == moves_of(brown.played)
    seed = watcher.played[-1]["reveal"]["seed"]
    match = Match("order", levels.load("order", made["level"]), seed, notes=False)
    for move in moves:
        match.play(match.rules.parse_move(move))
    assert {**match.rules.state_json(match.state)} == {**watcher.state, "seed": match.state.seed}
    for client in (blue, brown, watcher, *late):
        client.close()


def test_the_client_shows_the_stand_in_and_then_the_real_moves(server):
    """A headless client (what the play screen holds) of brown: blue's row is the stand-in
    until brown arranges, then its move list holds blue's real arrangement, and the whole
    game checks out at the end."""
    blue, made = C.new_game(server.url, "order")
    brown, _joined = C.join_game(server.url, made["invite"])
    games = [blue.start(), brown.start()]

    def until(done):
        deadline = time.monotonic() + 15
        while not done():
            for g in games:
                g.poll()
            assert time.monotonic() < deadline
            time.sleep(0.002)

    until(lambda: all(g.ready and g.friend_here for g in games))
    assert blue.send(Arrange(tuple(SECRET_ROW))) is None
    until(lambda: brown.ply == 1 and blue.ply == 1)
    assert brown.match.state.collections[0] == STAND_IN
    assert brown.match.history[0].move == Arrange(STAND_IN)
    assert blue.match.state.collections[0] == tuple(SECRET_ROW)
    assert brown.send(Arrange(tuple(BROWN_ROW))) is None
    until(lambda: brown.ply == 2 and blue.ply == 2)
    assert brown.match.history[0].move == Arrange(tuple(SECRET_ROW))
    assert brown.match.state.collections == (tuple(SECRET_ROW), tuple(BROWN_ROW))
    rng = random.Random(2)
    while not blue.match.over:
        mover = next(g for g in games if g.my_turn)
        ply = mover.ply
        assert mover.send(mover.match.rules.random_move(mover.match.state, rng)) is None
        until(lambda ply=ply: all(g.ply == ply + 1 for g in games))
    until(lambda: all(g.ended is not None for g in games))
    assert [g.ended.check for g in games] == ["", ""]
    for g in games:
        g.close()


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_every_game_views_load_and_hide_only_while_private(game_id):
    """Along random games: every side's view loads as a state of the rules; a position that
    is not private is the same for every audience (the seed of a game with chance left
    out), and every move is seen as it is."""
    rules = catalogue.get(game_id).rules
    level = levels.load(game_id)
    rng = random.Random(game_id)
    for _game in range(3):
        match = Match(game_id, level, rng.randrange(1 << 30), notes=False)
        for _ in range(400):
            if match.over:
                break
            before = match.state
            move = rules.random_move(before, rng)
            _b, after, effects = match.play(move)
            for side in (None, *rules.players):
                view = rules.view(after, side)
                assert ("seed" in view) != rules.has_chance()
                rules.load_state({**view, "seed": 0}, level)
                seen = rules.view_play(before, move, list(effects), after, side)
                rules.parse_move(seen.move)
                if not rules.private(after) and not rules.private(before):
                    assert view == rules.view(after, None) and "hidden" not in view
                    assert seen == (rules.move_json(move), list(effects), False)
