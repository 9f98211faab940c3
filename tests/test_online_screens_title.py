"""Correspondence games on the title and in "My games", and watching a game, against the real
server on 127.0.0.1: the title's Play online says how many games wait for the player's move
(asked in a thread, at most once a minute a server), "My games" says where each stands
("your move", "their move", "waiting for your friend", "server not reachable") and forgets one
after a question, and "Watch a game" shows a game live on its own play scene, where no device
acts and the end card has no rematch."""
from __future__ import annotations

import random
import socket
import time

import pygame
import pytest

for _name in ("starlette", "uvicorn", "websockets"):
    pytest.importorskip(_name, reason=f"the server extra is not installed ({_name}): pip install '.[server]'")

from driver import DT, click, key, settle  # noqa: E402
from server_client import PATIENCE, ServerThread, http, pick  # noqa: E402
from test_online_screens import choose, frames_until, press, through_the_wait  # noqa: E402

from game import catalogue  # noqa: E402
from game.i18n import _  # noqa: E402
from game.online import api, book, client, status  # noqa: E402
from game.online.status import WATCHER  # noqa: E402
from game.scenes.menus.online import CodeScene, OnlineScene  # noqa: E402
from game.scenes.menus.online_games import MyGamesScene  # noqa: E402
from game.scenes.menus.overlay import AskScene, ResultScene  # noqa: E402
from game.scenes.menus.title import TitleScene  # noqa: E402
from game.scenes.play import PlayScene  # noqa: E402


@pytest.fixture
def server(tmp_path):
    running = ServerThread(tmp_path / "data").start()
    yield running
    running.stop()


@pytest.fixture(autouse=True)
def fresh_watcher():
    """The game's one watcher, as a fresh run has it (another test's servers are gone)."""
    WATCHER.__init__()
    yield
    WATCHER.__init__()


def until_answered(app):
    frames_until(app, lambda: not WATCHER.busy, "the servers' answer")
    app.frame([], DT)


def made_and_joined(server, game_id):
    """A game made by this player (kept in the book) and joined by a friend elsewhere."""
    _game, made = client.new_game(server.url, game_id)
    joined = api.join(server.url, made["invite"])
    return made, joined


def play_until_turn_of(server, game_id, made, joined, side):
    """Random moves by whoever is to move until ``side`` is (a turn may be several moves)."""
    seats = {made["seat"]: made, joined["seat"]: joined}
    look = api.look(server.url, made["watch"])
    state, ply, rng = look["state"], look["ply"], random.Random(7)
    for _move in range(200):
        if state["to_move"] == side:
            return
        state, ply = moved(server, seats[state["to_move"]], game_id, state, ply, rng)
        assert not state["over"]
    raise AssertionError("the turn never came")


def moved(server, answer, game_id, state, ply, rng):
    """A random legal move of ``answer``'s seat over HTTP: the state and ply after it."""
    code, played = http("POST", server.url + "/move", {"secret": answer["secret"], "ply": ply,
                                                        "move": pick(game_id, answer["level"], state, rng)})
    assert code == 200, played
    return played["state"], played["ply"]


def pad(button):
    return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=4, button=button)


def nowhere():
    free = socket.socket()
    free.bind(("127.0.0.1", 0))
    port = free.getsockname()[1]
    free.close()
    return f"http://127.0.0.1:{port}"


def test_the_title_and_my_games_say_where_each_correspondence_game_stands(app, server):
    game_id = catalogue.GAME_IDS[0]
    mine, joined = made_and_joined(server, game_id)
    play_until_turn_of(server, game_id, mine, joined, mine["seat"])
    theirs, joined2 = made_and_joined(server, game_id)
    play_until_turn_of(server, game_id, theirs, joined2, joined2["seat"])
    _game, lonely = client.new_game(server.url, game_id)  # nobody joined yet
    gone = book.Entry(nowhere(), "ABCDEFGH", mine["seat"], "s" * 32, game_id, mine["level"], "PQ4RS5")
    book.remember(gone)

    app.nav.title()
    title = app.stack.top
    assert isinstance(title, TitleScene) and WATCHER.busy  # asked as the title showed, in a thread
    until_answered(app)
    assert title.your_moves() == _("{count} game: your move").format(count=1)
    badge = title.draw_badge(app.screen, 1.0)
    online = next(i for i, item in enumerate(title.menu.items) if item.label == _("Play online"))
    assert badge is not None and badge.bottom <= title.menu.rects[online].top
    assert abs(badge.centerx - title.menu.rects[online].centerx) < badge.width

    # a minute has not passed: the title shown again asks nobody
    app.nav.title()
    assert not WATCHER.busy

    app.nav.online()
    choose(app, _("My games ({count})").format(count=4))
    scene = app.stack.top
    assert isinstance(scene, MyGamesScene)
    until_answered(app)  # asked again: the player opened the list
    said = {e.match: WATCHER.of(e).kind for e in scene.entries}
    assert said == {mine["match"]: status.YOUR_MOVE, theirs["match"]: status.THEIR_MOVE,
                    lonely["match"]: status.WAITING, gone.match: status.UNREACHABLE}
    words = {e.match: WATCHER.of(e).words for e in scene.entries}
    assert words[mine["match"]] == _("your move") and words[gone.match] == _("server not reachable")

    # forgetting, with the keys: asked first, "Keep it" is where the answer starts
    scene.index = [e.match for e in scene.entries].index(gone.match)
    press(app, pygame.K_TAB)
    ask = app.stack.top
    assert isinstance(ask, AskScene) and ask.title == _("Forget this game?")
    press(app, pygame.K_RETURN)  # Keep it
    assert app.stack.top is scene and gone.key in [e.key for e in book.load()[0]]
    press(app, pygame.K_DELETE)
    press(app, pygame.K_UP, pygame.K_RETURN)  # Forget it
    assert app.stack.top is scene and gone.key not in [e.key for e in book.load()[0]]
    assert len(scene.entries) == 3 and WATCHER.of(gone) is None

    # with the mouse: the row's Forget button, then the answer
    app.frame([], DT)
    index, button = next((i, r) for i, r in scene.forgets if scene.entries[i].match == lonely["match"])
    app.frame([click(button.center)], DT)
    ask = app.stack.top
    assert isinstance(ask, AskScene)
    for _frame in range(40):  # a click right after the one that opened the question would be a double click
        app.frame([], DT)
    app.frame([click(ask.menu.rects[0].center)], DT)
    assert lonely["match"] not in [e.match for e in book.load()[0]]

    # with a pad: X asks, B keeps it
    app.frame([pad(pygame.CONTROLLER_BUTTON_X)], DT)
    assert isinstance(app.stack.top, AskScene)
    app.frame([pad(pygame.CONTROLLER_BUTTON_B)], DT)
    assert app.stack.top is scene and len(book.load()[0]) == 2

    # Enter takes the game up where it stands
    scene.index = [e.match for e in scene.entries].index(mine["match"])
    press(app, pygame.K_RETURN)
    frames_until(app, lambda: isinstance(app.stack.top, PlayScene), "the game on screen")
    game = app.stack.top
    frames_until(app, lambda: game.online.ready and game.online.my_turn, "my move, as the title said")
    # a move, and back: the online menu asks again, and the title no longer says "your move"
    ply = game.online.ply
    assert game.try_play(game.rules.random_move(game.state, random.Random(4)))
    frames_until(app, lambda: game.online.ply == ply + 1, "my move played")
    if not game.online.my_turn:  # (a turn of several moves goes on)
        app.nav.leave_game(game)
        assert isinstance(app.stack.top, OnlineScene) and WATCHER.busy
        app.nav.title()
        until_answered(app)  # the title takes the answer
        entry = next(e for e in book.load()[0] if e.match == mine["match"])
        assert WATCHER.of(entry).kind == status.THEIR_MOVE and app.stack.top.your_moves() == ""
    else:
        game.online.close()


def test_a_game_over_says_so_and_is_marked_over_in_the_book(app, server):
    game_id = catalogue.GAME_IDS[0]
    made, joined = made_and_joined(server, game_id)
    seats = {made["seat"]: made, joined["seat"]: joined}
    look = api.look(server.url, made["watch"])
    state, ply, rng = look["state"], 0, random.Random(9)
    while not state["over"]:
        state, ply = moved(server, seats[state["to_move"]], game_id, state, ply, rng)
    app.nav.title()
    until_answered(app)
    assert app.stack.top.your_moves() == "" and app.stack.top.draw_badge(app.screen, 1.0) is None
    (entry,) = book.load()[0]
    assert entry.over and WATCHER.of(entry).kind == status.OVER


def spectator_code(app, code):
    """Type a code on the form on top: three by keys, the rest turned with the arrows."""
    form = app.stack.top
    assert isinstance(form, CodeScene)
    app.frame([], DT)
    app.frame([pygame.event.Event(pygame.TEXTINPUT, text=code[:3].lower())], DT)
    for ch in code[3:]:
        while form.chars[form.pos] != ch:
            press(app, pygame.K_UP)
        press(app, pygame.K_RIGHT)
    assert form.code == code
    return form


def test_watching_a_game_live_on_its_own_play_scene(app, server):
    game_id = catalogue.GAME_IDS[1]
    made = api.create(server.url, game_id)
    joined = api.join(server.url, made["invite"])
    players = [client.OnlineGame(server.url, secret=made["secret"]).start(),
               client.OnlineGame(server.url, secret=joined["secret"]).start()]
    book.set_server(server.url)
    app.nav.online()
    assert isinstance(app.stack.top, OnlineScene)
    # a code no game has: said on the form, nothing else changes
    choose(app, _("Watch a game"))
    form = spectator_code(app, "ZZZZZZ" if made["watch"] != "ZZZZZZ" else "YYYYYY")
    press(app, pygame.K_RETURN)
    through_the_wait(app)
    assert app.stack.top is form and form.message == _("No game has that code.")
    press(app, pygame.K_ESCAPE)
    choose(app, _("Watch a game"))
    spectator_code(app, made["watch"])
    press(app, pygame.K_RETURN)
    through_the_wait(app)
    frames_until(app, lambda: isinstance(app.stack.top, PlayScene), "the game on screen", players)
    scene = app.stack.top
    assert scene.online.spectator and scene.game_id == game_id and scene.online.entry is None
    frames_until(app, lambda: scene.online.ready and all(p.ready for p in players), "all welcomed", players)
    # no device of this machine acts: every key is refused, in a spectator's words
    app.frame([key(pygame.K_RETURN)], DT)
    assert scene.message == _("Spectators watch; they cannot move.")
    rng = random.Random(21)
    deadline = time.monotonic() + 120
    while not scene.state.over:
        assert time.monotonic() < deadline
        settle(app, scene)
        to_move = scene.state.to_move
        assert scene.status()[0] == _("{player} to move").format(player=scene.player_name(to_move))
        mover = next(p for p in players if p.seat == to_move)
        ply = mover.ply
        assert mover.send(mover.match.rules.random_move(mover.match.state, rng)) is None
        frames_until(app, lambda ply=ply: all(g.ply == ply + 1 for g in [scene.online, *players]),
                     "the move on the spectator's screen", players)
    frames_until(app, lambda: isinstance(app.stack.top, ResultScene), "the end card", players)
    labels = [item.label for item in app.stack.top.menu.items]
    assert _("Rematch") not in labels
    assert book.load()[0] == []  # a spectator keeps no seat
    for p in players:
        p.close()
    assert PATIENCE


def decode_qr(picture):
    """The text of the QR code in ``picture``: zbarimg (Debian's zbar-tools) or zxing-cpp, as
    the phone tests read the hub's; None when neither is installed."""
    import shutil
    import subprocess

    if shutil.which("zbarimg"):
        done = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(picture)],
                              capture_output=True, text=True, timeout=30)
        return done.stdout.strip()
    try:
        import numpy
        import zxingcpp
    except ImportError:
        return None
    image = pygame.image.load(str(picture))
    gray = numpy.ascontiguousarray(pygame.surfarray.array3d(image).mean(axis=2).T.astype("uint8"))
    found = zxingcpp.read_barcodes(gray)
    return found[0].text if found else ""


def test_a_hosted_games_qr_code_carries_its_address_and_code(app, monkeypatch, tmp_path):
    pytest.importorskip("segno", reason="the QR code needs segno")
    from game.online import host
    from game.phones import net
    from game.phones import qr as modules
    from game.scenes.menus.online import LobbyScene
    from game.ui import qr as drawn

    monkeypatch.setattr(net, "lan_address", lambda: "127.0.0.1")  # the tests reach loopback only
    monkeypatch.setattr(host.api, "DEFAULT_PORT", 0)  # any free port: 8740 may be another's
    try:
        app.nav.online()
        choose(app, _("Host a game on this network"))
        through_the_wait(app, "the hosted server started")
        hosted = host.running()
        choose(app, _(catalogue.get(catalogue.GAME_IDS[0]).title))
        while isinstance(app.stack.top, AskScene):  # which board, which clock
            press(app, pygame.K_RETURN)
        through_the_wait(app)
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene) and lobby.invite_qr is not None
        app.frame([], DT)
        link = api.invite_link(hosted.url, lobby.code)
        assert link == f"gauss-arcade://127.0.0.1:{hosted.port}/join/{lobby.code}"
        # the picture on screen is that link's code, module for module
        matrix = modules.matrix(link)
        m = drawn.side(matrix, lobby.qr_rect.width)
        x0, y0 = lobby.qr_rect.x + drawn.QUIET * m + m // 2, lobby.qr_rect.y + drawn.QUIET * m + m // 2
        for r, row in enumerate(matrix):
            for c, dark in enumerate(row):
                at = (x0 + c * m, y0 + r * m)
                assert (app.screen.get_at(at)[:3] == drawn.INK) == dark
        picture = tmp_path / "lobby.png"
        pygame.image.save(app.screen, str(picture))
        read = decode_qr(picture)
        if read is not None:  # and a reader reads it off the screenshot
            assert read == link
        # what it says is enough to join: another client takes the seat from it
        server, code = api.read_invite_link(link)
        friend, _joined = client.join_game(server, code)
        friend.start()
        frames_until(app, lambda: isinstance(app.stack.top, PlayScene), "the game on screen", [friend])
        friend.close()
    finally:
        host.stop()


@pytest.mark.parametrize("text", ["", "gauss-arcade://", "http://127.0.0.1:8740/join/K7XQ2M",
                                  "gauss-arcade://127.0.0.1:8740/watch/K7XQ2M",
                                  "gauss-arcade://127.0.0.1:8740/join/K7XQ2",
                                  "gauss-arcade://a b/join/K7XQ2M",
                                  "gauss-arcade://127.0.0.1:8740/join/K7XQ2M0", None, 7])
def test_an_invite_link_that_is_none_is_refused(text):
    assert api.read_invite_link(text) is None
    assert api.read_invite_link("gauss-arcade://192.168.1.5:8740/join/k7x-q2m") == (
        "http://192.168.1.5:8740", "K7XQ2M")
