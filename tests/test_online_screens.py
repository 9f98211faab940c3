"""Play online on the screens, headless, against the real server (uvicorn on 127.0.0.1 in a
thread): the title's "Play online", a new game's invite code, the friend joining from
another machine (a headless client), moves sent and played through the play screen's own
animation path, the opponent's turn, a dropped connection's banner, joining by typing a
code, and a game taken up again from "My games"."""
from __future__ import annotations

import random
import time

import pygame
import pytest

for _name in ("starlette", "uvicorn", "websockets"):
    pytest.importorskip(_name, reason=f"the server extra is not installed ({_name}): pip install '.[server]'")

from driver import DT, key, settle  # noqa: E402
from server_client import PATIENCE, ServerThread  # noqa: E402

from game import catalogue  # noqa: E402
from game.i18n import _  # noqa: E402
from game.online import book, client, dice  # noqa: E402
from game.persistence import storage  # noqa: E402
from game.scenes.menus.online import CodeScene, ConnectingScene, LobbyScene, OnlineScene  # noqa: E402
from game.scenes.menus.online_wait import WaitScene  # noqa: E402
from game.scenes.menus.overlay import AskScene, ResultScene  # noqa: E402
from game.scenes.play import PlayScene  # noqa: E402


@pytest.fixture
def server(tmp_path):
    running = ServerThread(tmp_path / "data").start()
    yield running
    running.stop()


def frames_until(app, done, what, others=(), seconds=PATIENCE):
    """Frames (and the headless friend's polls) until ``done()``."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, f"waited too long: {what}"
        app.frame([], DT)
        for other in others:
            other.poll()
        time.sleep(0.001)


def through_the_wait(app, what="the server's answer"):
    """Frames while a request's panel is on top (the request runs in a thread)."""
    frames_until(app, lambda: not isinstance(app.stack.top, WaitScene), what)


def press(app, *keys):
    for k in keys:
        app.frame([key(k)], DT)


def choose(app, label):
    """The item worded ``label`` of the menu on top, chosen with the keys."""
    menu = app.stack.top.menu
    labels = [item.label for item in menu.items]
    assert label in labels, labels
    menu.index = labels.index(label)
    press(app, pygame.K_RETURN)


def public(match):
    return dice.public(match.rules, match.state)


def friend_moves(app, scene, friend, rng):
    ply = friend.ply
    assert friend.send(friend.match.rules.random_move(friend.match.state, rng)) is None
    # on the screen, and back at the friend (the tests compare both ends' positions next)
    frames_until(app, lambda: scene.online.ply == ply + 1 and friend.ply == ply + 1,
                 "the friend's move on the screen", [friend])


def my_move(app, scene, friend, rng):
    ply = scene.online.ply
    assert scene.try_play(scene.rules.random_move(scene.state, rng))
    # sent, not played: the board waits for the server, and says so
    assert scene.online.pending is not None and scene.banner_text() == _("Waiting for the server...")
    frames_until(app, lambda: scene.online.ply == ply + 1 and friend.ply == ply + 1, "my move played",
                 [friend])
    assert scene.online.pending is None


def test_a_new_game_shows_its_code_the_friend_joins_and_both_play_it_out(app, server):
    book.set_server(server.url)
    game_id = catalogue.GAME_IDS[0]
    choose(app, _("Play online"))
    assert isinstance(app.stack.top, OnlineScene)
    choose(app, _("New game"))
    choose(app, _(catalogue.get(game_id).title))
    while isinstance(app.stack.top, AskScene):  # which board, which clock: the first (no clock)
        press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, WaitScene)  # the request in a thread, the screen says so
    through_the_wait(app)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and len(lobby.code) == 6
    frames_until(app, lambda: lobby.game.ready, "the lobby connected")
    # the friend, on another machine, types the code
    friend, _joined = client.join_game(server.url, lobby.code.lower())
    friend.start()
    frames_until(app, lambda: isinstance(app.stack.top, PlayScene), "the game on screen", [friend])
    scene = app.stack.top
    assert scene.online is lobby.game and scene.online.friend_here
    frames_until(app, lambda: friend.ready, "the friend welcomed", [friend])
    me, them = scene.online.seat, friend.seat
    assert scene.player_name(me) == _("{side} (you)").format(side=scene.side_name(me))
    rng = random.Random(11)
    if friend.my_turn:
        # the opponent's turn: this screen's keys do not move for them
        assert scene.status()[0].startswith(scene.player_name(them)) or them in scene.status()[0].lower()
        app.frame([key(pygame.K_RETURN)], DT)
        assert scene.message == _("It is your opponent's turn.")
        friend_moves(app, scene, friend, rng)
        assert scene.queue.busy or scene.history  # the friend's move plays out like a local one
    my_move(app, scene, friend, rng)
    settle(app, scene)
    press(app, pygame.K_u)
    # undo asks the opponent (tests/test_online_seat_screens.py answers it); nothing is undone here
    assert scene.message == _("Take-back asked: waiting for your opponent...")
    assert scene.online.ply == len(scene.history)
    # the connection drops: a banner until it is made again, and nothing is lost
    scene.online.drop()
    frames_until(app, lambda: scene.banner_text() == _("Connection lost: reconnecting..."), "the banner")
    frames_until(app, lambda: scene.online.link == client.OPEN, "connected again")
    deadline = time.monotonic() + 120
    while not scene.state.over:
        assert time.monotonic() < deadline
        if scene.online.my_turn:
            my_move(app, scene, friend, rng)
        else:
            friend_moves(app, scene, friend, rng)
    assert public(scene.match) == public(friend.match)
    frames_until(app, lambda: isinstance(app.stack.top, ResultScene), "the end card", [friend])
    labels = [item.label for item in app.stack.top.menu.items]
    assert _("Rematch") in labels and _("Review the game") in labels  # the dice checked: a record
    assert scene.online.ended.check == "" and scene.record().seed == scene.online.reveal["seed"]
    friend.close()


def test_joining_by_typing_a_code_and_taking_the_game_up_again_from_my_games(app, server):
    book.set_server(server.url)
    game_id = catalogue.GAME_IDS[-1]
    maker, made = client.new_game(server.url, game_id)
    book.forget(maker.entry)  # the maker's seat is the other machine's, not this player's
    maker.start()
    app.nav.online()
    choose(app, _("Join a game"))
    form = app.stack.top
    assert isinstance(form, CodeScene)
    app.frame([], DT)
    code = made["invite"]
    app.frame([pygame.event.Event(pygame.TEXTINPUT, text=code[:3].lower())], DT)
    # the rest with the arrows, as a pad would: each letter turned to its place
    for ch in code[3:]:
        while form.chars[form.pos] != ch:
            press(app, pygame.K_UP)
        press(app, pygame.K_RIGHT)
    assert form.code == code
    press(app, pygame.K_RETURN)
    through_the_wait(app)
    assert isinstance(app.stack.top, ConnectingScene)  # until the server's welcome: no guessed board
    frames_until(app, lambda: isinstance(app.stack.top, PlayScene), "the game on screen", [maker])
    scene = app.stack.top
    assert scene.online is not None and scene.online_shown
    frames_until(app, lambda: scene.online.ready and scene.online.friend_here, "joined", [maker])
    rng = random.Random(12)
    for _move in range(4):
        if maker.my_turn:
            ply = maker.ply
            maker.send(maker.match.rules.random_move(maker.match.state, rng))
            frames_until(app, lambda ply=ply: scene.online.ply == ply + 1, "the maker's move", [maker])
        else:
            my_move(app, scene, maker, rng)
    history = [p.move for p in scene.history]
    # the player closes the game; later, "My games" takes it up where it stands
    app.nav.title()
    assert scene.online._thread is None
    app.nav.online()
    choose(app, _("My games ({count})").format(count=1))
    press(app, pygame.K_RETURN)
    frames_until(app, lambda: isinstance(app.stack.top, PlayScene), "the game on screen", [maker])
    again = app.stack.top
    assert again is not scene
    frames_until(app, lambda: again.online.ready and again.online.link == client.OPEN, "resumed", [maker])
    assert [p.move for p in again.history] == history and public(again.match) == public(maker.match)
    maker.close()


def test_hosting_a_game_on_this_network_serves_it_from_inside_the_game(app, monkeypatch):
    from game.online import host
    from game.phones import net

    monkeypatch.setattr(net, "lan_address", lambda: "127.0.0.1")  # the tests reach loopback only
    monkeypatch.setattr(host.api, "DEFAULT_PORT", 0)  # any free port: 8740 may be another's
    try:
        app.nav.online()
        choose(app, _("Host a game on this network"))
        through_the_wait(app, "the hosted server started")
        hosted = host.running()
        assert hosted is not None and hosted.address == "127.0.0.1" and hosted.port > 0
        assert hosted.data == storage.home() / "server"  # its games in the player's folder
        choose(app, _(catalogue.get(catalogue.GAME_IDS[1]).title))
        while isinstance(app.stack.top, AskScene):  # which board, which clock
            press(app, pygame.K_RETURN)
        through_the_wait(app)
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene) and lobby.server == hosted.url
        friend, _joined = client.join_game(hosted.url, lobby.code)  # the friend, at that address
        friend.start()
        frames_until(app, lambda: isinstance(app.stack.top, PlayScene), "the game on screen", [friend])
        scene = app.stack.top
        frames_until(app, lambda: friend.ready, "the friend welcomed", [friend])
        rng = random.Random(13)
        for _move in range(2):
            if scene.online.my_turn:
                my_move(app, scene, friend, rng)
            else:
                friend_moves(app, scene, friend, rng)
        assert public(scene.match) == public(friend.match)
        friend.close()
    finally:
        host.stop()
    assert host.running() is None
