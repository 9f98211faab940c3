"""A rematch, sides swapped, through the real server (uvicorn on 127.0.0.1 in a thread):
offered by one seat, made when both want it (the same game, board and options, a fresh
seed), each seat told its new side and secret on its own socket only, the spectators the
new spectator code; a seat that was away learns it from the old game's welcome; and the
client and the play screen go into the new game, kept in "my online games"."""
from __future__ import annotations

import random
import time

import pygame
import pytest

for _name in ("starlette", "uvicorn", "websockets"):
    pytest.importorskip(_name, reason=f"the server extra is not installed ({_name}): pip install '.[server]'")

from driver import DT, key  # noqa: E402
from server_client import PATIENCE, Client, ServerThread, http, new_game, pick  # noqa: E402
from test_online_screens import frames_until  # noqa: E402

from game.i18n import _  # noqa: E402
from game.online import book  # noqa: E402
from game.online import client as C  # noqa: E402
from game.scenes.menus.overlay import AskScene, ResultScene  # noqa: E402
from game.scenes.play import PlayScene  # noqa: E402
from game.server import service as S  # noqa: E402

#: a game that ends in some thirty plies: The Great Order with both rows laid out at random
QUICK = {"game": "order", "options": {"arrangement": "random"}}


@pytest.fixture
def server(tmp_path):
    running = ServerThread(tmp_path / "data").start()
    yield running
    running.stop()


def finished(server):
    made, joined = new_game(server, "order", options=QUICK["options"])
    seats = {made["seat"]: Client(server, {"secret": made["secret"], "ply": 0}),
             joined["seat"]: Client(server, {"secret": joined["secret"], "ply": 0})}
    watcher = Client(server, {"watch": made["watch"], "ply": 0})
    rng = random.Random(6)
    while not watcher.state["over"]:
        mover = seats[watcher.state["to_move"]]
        ply = mover.ply
        mover.move(pick("order", made["level"], mover.state, rng))
        for client in (*seats.values(), watcher):
            client.until_ply(ply + 1)
    return made, joined, seats, watcher


def test_both_offer_and_each_seat_alone_is_told_its_new_secret(server):
    made, joined, seats, watcher = finished(server)
    secret = {made["seat"]: made["secret"], joined["seat"]: joined["secret"]}
    one, two = made["seat"], joined["seat"]
    watcher.send({"v": 1, "type": "rematch"})
    assert watcher.expect("refused")["reason"] == S.SPECTATOR
    seats[one].send({"v": 1, "type": "rematch"})
    for client in (*seats.values(), watcher):
        offered = client.expect("rematch")
        assert offered["status"] == "offered" and offered["by"] == one
    seats[two].send({"v": 1, "type": "rematch"})
    news = {side: seats[side].expect("rematch") for side in seats}
    seen = watcher.expect("rematch")
    assert seen["status"] == "made" and "secret" not in seen["new"] and "seat" not in seen["new"]
    new_id, new_watch = seen["new"]["match"], seen["new"]["watch"]
    for side, told in news.items():
        new = told["new"]
        assert told["status"] == "made" and new["match"] == new_id and new["watch"] == new_watch
        assert new["seat"] != side and new["game"] == "order" and new["level"] == made["level"]
        assert new["status"] == "playing" and sorted(new["seated"]) == sorted(made["players"])
        # its secret on its own sockets only
        others = [c for s, c in seats.items() if s != side] + [watcher]
        assert not any(new["secret"] in text for c in others for text in c.texts)
    # the new game: sides swapped, both seated, the same options (rows laid out: play at once)
    back = {side: Client(server, {"secret": news[side]["new"]["secret"], "ply": 0}) for side in seats}
    for side, client in back.items():
        assert client.seat == news[side]["new"]["seat"] and client.state["phase"] == "play"
    look = Client(server, {"watch": new_watch})
    assert look.received[0]["match"] == new_id
    # offered again: the same new game; a seat that was away learns it from the old game's welcome
    seats[one].send({"v": 1, "type": "rematch"})
    assert seats[one].expect("rematch")["new"]["secret"] == news[one]["new"]["secret"]
    late = Client(server, {"secret": secret[two], "ply": 0})
    told = late.expect("rematch")
    assert told["status"] == "made" and told["new"]["secret"] == news[two]["new"]["secret"]
    later = Client(server, {"watch": made["watch"]})
    assert "secret" not in later.expect("rematch")["new"]
    # the old game names its rematch in the store; a game not over has none to offer
    assert server.app.state.server.service.store.game(made["match"]).rematch == new_id
    back[one].send({"v": 1, "type": "rematch"})
    assert back[one].expect("refused")["reason"] == S.OVER
    status, _look = http("GET", f"{server.url}/watch/{new_watch}")
    assert status == 200
    for client in (*seats.values(), watcher, *back.values(), look, late, later):
        client.close()


def test_the_screen_offers_a_rematch_on_the_end_card_and_goes_into_the_new_game(app, server):
    book.set_server(server.url)
    maker, made = C.new_game(server.url, "order")
    book.forget(maker.entry)
    maker.start()
    mine, _joined = C.join_game(server.url, made["invite"])
    app.nav.play_online(mine)
    frames_until(app, lambda: isinstance(app.stack.top, PlayScene), "the game on screen", [maker])
    scene = app.stack.top
    frames_until(app, lambda: scene.online.ready and scene.online.friend_here and maker.ready, "seated",
                 [maker])
    rng = random.Random(3)
    deadline = time.monotonic() + 120
    while not scene.state.over:
        assert time.monotonic() < deadline
        ply = scene.online.ply
        if scene.online.my_turn:
            assert scene.try_play(scene.rules.random_move(scene.state, rng))
        else:
            assert maker.send(maker.match.rules.random_move(maker.match.state, rng)) is None
        frames_until(app, lambda ply=ply: scene.online.ply == ply + 1 and maker.ply == ply + 1, "a move",
                     [maker])
    frames_until(app, lambda: isinstance(app.stack.top, ResultScene), "the end card", [maker],
                 seconds=PATIENCE * 2)
    card = app.stack.top
    labels = [item.label for item in card.menu.items]
    assert labels[0] == _("Rematch")
    # the friend offers first: the question comes over the card
    assert maker.offer_rematch() is None
    frames_until(app, lambda: isinstance(app.stack.top, AskScene), "the offer asked", [maker])
    assert app.stack.top.title == _("Rematch?")
    app.frame([key(pygame.K_RETURN)], DT)  # Rematch
    frames_until(app, lambda: isinstance(app.stack.top, PlayScene) and app.stack.top is not scene,
                 "the new game", [maker])
    new = app.stack.top
    frames_until(app, lambda: new.online.ready and maker.rematched is not None, "the new game welcomed",
                 [maker])
    assert new.online.seat != scene.online.seat and new.online.match.level == scene.match.level
    assert maker.rematched.entry.seat == scene.online.seat  # sides swapped
    # (the headless friend keeps its seat in the same folder: this screen's is there too)
    kept = book.load()[0]
    assert any(e.match == new.online.entry.match and e.seat == new.online.seat
               and e.secret == new.online.secret for e in kept)
    assert scene.online._thread is None  # the old game's connection closed with its screen
    maker.close()
