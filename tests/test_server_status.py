"""``POST /status``: where several of a player's games stand in one request (the title's
"your move"), against the real server on 127.0.0.1: whose move, open, over, a seat the
server does not know answered on its own line, and every bad request refused as the
protocol's table says."""
from __future__ import annotations

import random

import pytest

for _name in ("starlette", "uvicorn", "websockets"):
    pytest.importorskip(_name, reason=f"the server extra is not installed ({_name}): pip install '.[server]'")

from server_client import ServerThread, http, new_game, pick  # noqa: E402

from game import catalogue  # noqa: E402
from game.online import api  # noqa: E402
from game.server import status as server_status  # noqa: E402


@pytest.fixture
def server(tmp_path):
    running = ServerThread(tmp_path / "data").start()
    yield running
    running.stop()


def move(server, answer, game_id, level, state, ply, rng):
    code, played = http("POST", server.url + "/move",
                        {"secret": answer["secret"], "ply": ply, "move": pick(game_id, level, state, rng)})
    assert code == 200, played
    return played


def test_status_says_whose_move_it_is_in_each_game_of_a_batch(server):
    game_id = catalogue.GAME_IDS[1]
    made, joined = new_game(server, game_id)
    lonely_code, lonely = http("POST", server.url + "/games", {"game": catalogue.GAME_IDS[0]})
    assert lonely_code == 201
    code, look = http("GET", server.url + f"/watch/{made['watch']}")
    by_side = {made["seat"]: made, joined["seat"]: joined}
    first = by_side[look["state"]["to_move"]]
    other = joined if first is made else made
    secrets = [made["secret"], joined["secret"], "x" * 32, lonely["secret"]]
    code, told = http("POST", server.url + "/status", {"secrets": secrets})
    assert code == 200 and told["type"] == "status" and len(told["games"]) == 4
    mine, theirs, unknown, waiting = told["games"]
    assert unknown == {"refused": "secret"}
    assert waiting["status"] == "open" and waiting["your_move"] is False and waiting["ply"] == 0
    for entry, answer in ((mine, made), (theirs, joined)):
        assert entry["match"] == made["match"] and entry["game"] == game_id
        assert entry["seat"] == answer["seat"]
        assert entry["status"] == "playing" and entry["ply"] == 0
        assert entry["to_move"] == first["seat"] and entry["your_move"] == (answer is first)
    assert not any("secret" in str(v) for g in told["games"] for v in g.values() if g != unknown)
    # a move later, the other seat's move (the client's own call, as the title makes it)
    rng = random.Random(3)
    played = move(server, first, game_id, made["level"], look["state"], 0, rng)
    games = api.status(server.url, [first["secret"], other["secret"]])
    assert [g["ply"] for g in games] == [1, 1]
    to_move = played["state"]["to_move"]
    assert [g["your_move"] for g in games] == [first["seat"] == to_move, other["seat"] == to_move]


def test_a_finished_game_is_over_with_its_winner(server):
    game_id = catalogue.GAME_IDS[0]
    made, joined = new_game(server, game_id)
    by_side = {made["seat"]: made, joined["seat"]: joined}
    _code, look = http("GET", server.url + f"/watch/{made['watch']}")
    state, ply, rng = look["state"], 0, random.Random(5)
    while not state["over"]:
        played = move(server, by_side[state["to_move"]], game_id, made["level"], state, ply, rng)
        state, ply = played["state"], played["ply"]
    games = api.status(server.url, [made["secret"], joined["secret"]])
    assert all(g["status"] == "over" and g["to_move"] is None and not g["your_move"] for g in games)
    assert games[0]["winner"] == games[1]["winner"] and "winner" in games[0]


@pytest.mark.parametrize("body, reason, status", [
    ([], "malformed", 400),
    ({"secrets": "abc"}, "malformed", 400),
    ({"secrets": [1, 2]}, "malformed", 400),
    ({"secrets": [], "more": 1}, "malformed", 400),
    ({"v": 2, "secrets": []}, "malformed", 400),
    ({"secrets": ["s" * 32] * (server_status.MOST + 1)}, "malformed", 400),
    ({"secrets": ["s" * 32] * 200}, "too_big", 413),
])
def test_a_bad_status_request_is_refused_with_its_reason(server, body, reason, status):
    code, refused = http("POST", server.url + "/status", body)
    assert (code, refused["type"], refused["reason"]) == (status, "refused", reason)


def test_the_client_asks_a_long_list_in_batches(server):
    made, _joined = new_game(server, catalogue.GAME_IDS[0])
    secrets = ["u" * 32] * (api.STATUS_MOST + 5) + [made["secret"]]
    games = api.status(server.url, secrets)
    assert len(games) == len(secrets) and games[-1]["match"] == made["match"]
    assert all(g == {"refused": "secret"} for g in games[:-1])
