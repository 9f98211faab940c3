"""Phones as controllers, for real: the hub on 127.0.0.1 (a free port) inside the headless
game, and WebSocket clients that join by the code "Who plays?" shows, play a whole game of
every game, drop and come back, and try every bad input the hub must refuse with nothing
changed."""
from __future__ import annotations

import json
import random
import time
import urllib.error
import urllib.request

import pygame
import pytest

pytest.importorskip("websockets")
pytest.importorskip("segno")

from driver import key  # noqa: E402
from phones import PATIENCE, Phone, join_link, play_turn, pump, until  # noqa: E402
from websockets.exceptions import ConnectionClosed, InvalidStatus  # noqa: E402

from game import catalogue  # noqa: E402
from game.phones import room as R  # noqa: E402
from game.scenes.menus.overlay import AskScene, PauseScene, ResultScene  # noqa: E402
from game.scenes.menus.settings_menu import SettingsScene  # noqa: E402
from game.scenes.menus.setup import PADS, SetupScene  # noqa: E402
from game.scenes.play import PlayScene  # noqa: E402

#: the hub's rate limit is a person's; a test's phone taps as fast as the frames allow
FAST = {"rate": 1000.0, "burst": 1000}


@pytest.fixture
def phone_app(app):
    app.settings.animation_speed = "instant"
    assert app.phones.start(host="127.0.0.1", port=0, **FAST), app.phones.error
    yield app
    app.phones.stop()


def seated_phones(app, game_id):
    """Two phones join "Who plays?" by the QR code's link, each takes a side like a new
    pad ("A gamepad each"), and the second starts the game."""
    app.nav.setup(game_id)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    assert setup.choices == ["computer", "two"]  # no pad, no phone yet
    phones = [Phone(app), Phone(app)]
    for phone in phones:
        phone.wait_for("welcome", app)
    until(app, lambda: len(app.phones.known) == 2, "both phones in the room")
    assert setup.choices[-1] == PADS  # "A gamepad each" came with the phones
    one, two = phones
    one.wait_for("state", app)
    one.shows(lambda st: st.get("buttons", {}).get("confirm") == "Choose", "Choose")
    assert "back" not in one.state["buttons"]
    while setup.choices[setup.focus] != PADS:
        one.press("down")
    one.press("confirm")
    assert setup.mode == "join"
    one.press("confirm")
    two.press("confirm")
    assert {p: s.device for p, s in setup.seats.items()} == dict(zip(setup.players, ("phone1", "phone2"),
                                                                    strict=True))
    two.shows(lambda st: st["buttons"].get("confirm") == "Start", "Start")
    code = app.phones.code
    two.press("confirm")
    game = app.stack.top
    assert isinstance(game, PlayScene) and game.game_id == game_id
    assert {s.device for s in game.seats.values()} == {"phone1", "phone2"}
    assert app.phones.code != code  # a new game, a new code: the seated phones stay
    return game, {"phone1": one, "phone2": two}


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_two_phones_play_a_whole_game_dropping_and_coming_back(phone_app, game_id):
    app = phone_app
    game, phones = seated_phones(app, game_id)
    late = Phone(app)  # every seat is held: the room is locked
    late.wait_for("bye", app)
    assert late.bye == "full"
    rng = random.Random(31)
    moves = 0
    dropped = False
    while not game.state.over:
        seat = game.seat()
        phone = phones[seat.device]
        other = next(p for d, p in phones.items() if d != seat.device)
        phone.shows(lambda st: st.get("mine") is True, "its turn")  # what each phone says
        other.shows(lambda st: st.get("mine") is False, "the other's turn")
        assert phone.state["side"] == game.side_name(seat.player)
        if moves == 4 and not dropped:  # the phone to move drops (Wi-Fi blip) and comes back
            dropped = True
            token, device = phone.token, phone.device
            phone.close()
            until(app, lambda d=device: d in app.phones.away, "the drop")
            banner = app.phones.banner()
            assert f"{game.side_name(seat.player)}'s phone is reconnecting" in banner
            state = game.state
            assert other.press("confirm")["t"] == "ack"  # the other phone cannot play this seat
            assert game.state is state and game.seat().device == device
            stranger = Phone(app)  # nor can a new phone: the room stays locked
            stranger.wait_for("bye", app)
            assert stranger.bye == "full"
            phone = phones[device] = Phone(app, token=token, key=None, code="")
            welcome = phone.wait_for("welcome", app)
            assert welcome == {"t": "welcome", "device": device, "token": token, "back": True}
            until(app, lambda d=device: d not in app.phones.away, "the return")
            assert app.phones.banner() == ""
            phone.wait_for("state", app)
        before = len(game.history)
        play_turn(phone, game, game_id, rng)
        until(app, lambda n=before: len(game.history) > n or game.state.over,
              f"the move (the screen says {game.message!r}; the phone was told {phone.told[-3:]})")
        moves += 1
    assert dropped and game.rules.outcome(game.state) is not None
    phone = phones["phone1"]
    until(app, lambda: isinstance(app.stack.top, ResultScene), "the result card")  # it comes by itself
    card = app.stack.top
    until(app, lambda: app.clock_t - app._top_since > card.input_guard, "the card's guard", PATIENCE)
    phone.shows(lambda st: st["buttons"].get("confirm") == "Rematch", "Rematch")
    phone.press("confirm")  # a rematch, by phone
    until(app, lambda: app.stack.top is game and not game.state.over and game.history == [], "the rematch")
    assert {s.device for s in game.seats.values()} == {"phone1", "phone2"}


def test_a_phones_view_is_worked_out_when_something_happened_not_every_frame(phone_app, monkeypatch):
    """Working out every phone's buttons and words took 0.3 to 0.6 ms of every frame: a
    quiet screen works them out every few frames; a tap, or a position changed by
    itself, at once."""
    from game.app import phones as hub_side
    from game.app.phones import REFRESH_FRAMES

    monkeypatch.setattr(hub_side, "DEFER_AFTER", 60.0)  # no frame is long here
    app = phone_app
    game, phones = seated_phones(app, "gauss")
    one = phones[game.seat().device]
    one.shows(lambda st: st.get("mine") is True, "its turn")
    pump(app, 2)
    asked: list[str] = []
    ask = type(game).phone_buttons
    monkeypatch.setattr(type(game), "phone_buttons",
                        lambda self, device: asked.append(device) or ask(self, device))
    pump(app, 4 * REFRESH_FRAMES)
    assert 4 * 2 - 2 <= len(asked) <= (4 + 1) * 2  # two phones, every few frames
    del asked[:]
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="", scancode=0)], 1 / 60)
    assert len(asked) == 2  # input: at once
    del asked[:]
    pump(app, 1)  # the frame after the input: nothing new
    assert asked == []
    game.commit(game.rules.legal_moves(game.state)[0])  # the position changes without input
    pump(app, 1)
    assert len(asked) == 2


def test_a_long_frame_leaves_the_phones_views_to_the_next(phone_app, monkeypatch):
    """The frame a move lands in is the longest of a turn: the phones' views wait for the
    next frame, which works them out whatever happens; a phone waits a frame, never two."""
    from game.app import phones as hub_side

    app = phone_app
    game, phones = seated_phones(app, "gauss")
    pump(app, 2)
    asked: list[str] = []
    ask = type(game).phone_buttons
    monkeypatch.setattr(type(game), "phone_buttons",
                        lambda self, device: asked.append(device) or ask(self, device))
    monkeypatch.setattr(hub_side, "DEFER_AFTER", 0.0)  # every frame is long
    left = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="", scancode=0)
    app.frame([left], 1 / 60)
    assert asked == []  # a long frame: not now
    pump(app, 1)
    assert len(asked) == 2  # the next frame, though nothing happened in it
    del asked[:]
    app.frame([left], 1 / 60)
    app.frame([left], 1 / 60)
    assert len(asked) == 2  # input in long frames one after another: every other frame
    monkeypatch.setattr(hub_side, "DEFER_AFTER", 60.0)
    del asked[:]
    app.frame([left], 1 / 60)
    assert len(asked) == 2  # a short frame: at once


def test_a_phone_that_does_not_come_back_leaves_the_choice_to_the_screen(phone_app):
    app = phone_app
    app.phones.stop()
    assert app.phones.start(host="127.0.0.1", port=0, grace=0.6, **FAST)
    game, phones = seated_phones(app, "rush")
    mover = game.seat()
    phones[mover.device].close()
    until(app, lambda: isinstance(app.stack.top, AskScene), "the question after the grace", 5)
    ask = app.stack.top
    assert ask.title == f"{game.side_name(mover.player)}'s phone did not come back"
    other = next(p for d, p in phones.items() if d != mover.device)
    other.shows(lambda st: st["buttons"] == {"up": "", "down": "", "confirm": "Choose"}, "the question")
    other.press("confirm")  # the player on screen (by phone) lets the computer take over
    assert app.stack.top is game and game.seats[mover.player].is_ai
    until(app, lambda: game.seat().player != mover.player, "the computer's move", 20)


def test_bad_input_is_refused_and_changes_nothing(phone_app):
    app = phone_app
    game, phones = seated_phones(app, "gauss")
    one = phones[game.seat().device]
    state, cursor = game.state, game.cursor

    def unchanged():
        pump(app)
        assert game.state is state and game.cursor == cursor and app.stack.top is game

    # malformed JSON, wrong shapes, no such action, a binary frame, NaN: refused in words
    for frame in ("{not json", "[1, 2]", '{"t": 5}', '{"t": "act"}', '{"t": "act", "a": "quit"}',
                  '{"t": "act", "a": "text"}', '{"t": "act", "a": "point"}', '{"t": "dance"}',
                  '{"t": "act", "a": NaN}', "[" * 900 + "]" * 900, b"\x00\x01binary"):
        one.send(frame)
        answer = one.wait_for("refused", app)
        assert answer["why"] in ("bad-message", "no-such-action"), (frame, answer)
    unchanged()
    # a huge frame: the socket is closed with 1009 (too big) before a byte of it is read
    big = Phone(app, token=None, key=None, code="", hello=False)
    big.send(json.dumps({"t": "hello", "room": "x" * 5000}))
    assert big.closed_with() == 1009
    unchanged()
    # a wrong origin: refused at the door (403), no socket at all
    ws_url, page, code, key = join_link(app)
    with pytest.raises(InvalidStatus) as refused:
        Phone(app, origin="http://evil.example")
    assert refused.value.response.status_code == 403
    with pytest.raises(InvalidStatus):
        Phone(app, origin=page.replace("127.0.0.1", "127.0.0.2"))
    # an action before hello, a wrong secret, a wrong code: sent away (1008)
    early = Phone(app, hello=False)
    early.send({"t": "act", "a": "confirm", "n": 1})
    early.wait_for("bye", app)
    assert early.bye == "hello-first" and early.closed_with() == 1008
    assert app.phones.hub.refused.get("wrong-origin") == 2
    unchanged()
    assert len(app.phones.known) == 2


def test_wrong_codes_and_floods_are_refused(app):
    """With the hub's real limits: a flood is slowed, then cut off; wrong codes shut an
    address out for a minute; nothing reaches the game."""
    assert app.phones.start(host="127.0.0.1", port=0)
    try:
        app.nav.setup("gauss")
        setup = app.stack.top
        for attempt in range(R.JOIN_TRIES):
            wrong = Phone(app, key="not-the-secret") if attempt % 2 else Phone(app, code="ZZZZ")
            wrong.wait_for("bye", app)
            assert wrong.bye in ("wrong-secret", "wrong-code")
        with pytest.raises(InvalidStatus) as shut:
            Phone(app)
        assert shut.value.response.status_code == 429
        assert app.phones.known == set() and setup.choices == ["computer", "two"]
        app.phones.hub.room.wrong_joins.clear()  # a minute later
        flood = Phone(app)
        flood.wait_for("welcome", app)
        until(app, lambda: "phone1" in app.phones.known, "the phone")
        pump(app)
        focus = setup.focus
        for n in range(400):
            try:
                flood.send({"t": "act", "a": "hint", "n": n})  # not a button of this screen
            except ConnectionClosed:
                break  # cut off mid-flood
        code = flood.closed_with()
        told = [m.get("why") for m in flood.told if m["t"] in ("refused", "bye")]
        assert code == 1008 and "too-fast" in told and told[-1] == "too-fast"
        acked = [m for m in flood.told if m["t"] == "ack"]
        assert acked == [] and set(told) <= {"not-now", "too-fast"}
        pump(app, 3)
        assert setup.focus == focus and app.stack.top is setup
    finally:
        app.phones.stop()


def test_phones_never_reach_settings_saves_or_files(phone_app):
    app = phone_app
    phone = Phone(app)
    phone.wait_for("welcome", app)
    until(app, lambda: app.phones.known, "the phone")
    # the title: its menu leads to settings and saves; a phone's buttons do nothing there
    phone.shows(lambda st: st.get("screen") == "wait" and st["buttons"] == {}, "waiting")
    top = app.stack.top
    for name in ("confirm", "down", "menu", "back", "alternate"):
        assert phone.press(name) == {"t": "refused", "why": "not-now", "n": phone.n}
    assert app.stack.top is top
    # the settings and the pause menu: nothing, or only Resume
    app.nav.settings()
    assert phone.press("confirm")["why"] == "not-now"
    assert isinstance(app.stack.top, SettingsScene) and app.stack.top.index == 0
    app.stack.pop()
    app.start_game("gauss", seed=4)  # a shared game: the phone plays like a passed-around pad
    game = app.stack.top
    pump(app)
    phone.press("menu")
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    phone.shows(lambda st: st["buttons"] == {"menu": "Resume"}, "Resume alone")
    assert phone.press("down")["why"] == "not-now" and phone.press("confirm")["why"] == "not-now"
    assert pause.menu.index == 0 and app.stack.top is pause
    phone.press("menu")
    assert app.stack.top is game


def test_the_page_is_served_with_its_headers_and_nothing_else_is(phone_app):
    _ws, page, _code, _key = join_link(phone_app)
    with urllib.request.urlopen(page + "/", timeout=PATIENCE) as answer:
        body = answer.read().decode("utf-8")
        assert answer.headers["Content-Type"] == "text/html; charset=utf-8"
        assert "default-src 'none'" in answer.headers["Content-Security-Policy"]
    assert "<script>" in body and "http" not in body.split("<script>")[1].replace("https:", "")
    for path in ("/settings.json", "/../game/settings.py", "/ws"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(page + path, timeout=PATIENCE)
        assert refused.value.code in (403, 404, 426)


def test_the_hub_stops_with_the_app_and_its_thread_is_joined(app):
    assert app.phones.start(host="127.0.0.1", port=0)
    thread = app.phones.hub.thread
    phone = Phone(app)
    phone.wait_for("welcome", app)
    app.shutdown()
    assert not thread.is_alive()
    assert phone.closed_with() == 1001


def test_a_port_in_use_is_said_in_a_line_and_the_game_goes_on(phone_app):
    from game.app.app import Options
    from game.navigation import make_app

    port = phone_app.phones.hub.port
    other = make_app(Options(headless=True))
    other.start()
    try:
        assert other.phones.start(host="127.0.0.1", port=port) is False
        assert f"port {port}" in other.phones.error and "\n" not in other.phones.error
        assert not other.phones.on
        assert other.phones.start(host="203.0.113.7", port=0) is False  # an address not this machine's
        assert other.phones.error and not other.phones.on
        pump(other, 3)
    finally:
        other.shutdown()


def test_raw_garbage_at_the_port_is_answered_without_a_traceback(phone_app, caplog):
    import socket

    port = phone_app.phones.hub.port
    origin = f"http://127.0.0.1:{port}"
    for payload in (b"\x16\x03\x01\x02\x00not http at all\r\n\r\n",
                    b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    b"Sec-WebSocket-Key: bad\r\nSec-WebSocket-Version: 13\r\nOrigin: "
                    + origin.encode() + b"\r\n\r\n",
                    b"GET / HTTP/1.1\r\nX: " + b"a" * 20_000 + b"\r\n\r\n"):
        with socket.create_connection(("127.0.0.1", port), timeout=PATIENCE) as raw:
            raw.sendall(payload)
            answer = raw.recv(100)
        assert answer == b"" or answer.startswith((b"HTTP/1.1 400", b"HTTP/1.1 431")), answer
    pump(phone_app, 3)
    assert "Traceback" not in caplog.text and phone_app.phones.on and phone_app.phones.known == set()


def test_sigterm_ends_a_game_with_phones_cleanly(tmp_path):
    """The hub running (a real, if dummy, window: the hub is not started for --headless),
    a phone in the room: SIGTERM ends the run with exit 0, the phone told the game went."""
    import os
    import signal
    import socket
    import subprocess
    import sys
    from pathlib import Path

    from websockets.sync.client import connect

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    home = tmp_path / "home"
    home.mkdir()
    chosen = {"format": 1, "phones": True, "phones_address": "127.0.0.1", "phones_port": port}
    (home / "settings.json").write_text(json.dumps(chosen), encoding="utf-8")
    env = {**os.environ, "GAUSS_ARCADE_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    root = Path(__file__).resolve().parent.parent
    game = subprocess.Popen([sys.executable, "main.py", "--game", "gauss"], cwd=root, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                ws = connect(f"ws://127.0.0.1:{port}/ws", origin=f"http://127.0.0.1:{port}",
                             open_timeout=2).__enter__()
                break
            except OSError:
                assert time.monotonic() < deadline, "the hub never came up"
                time.sleep(0.2)
        game.send_signal(signal.SIGTERM)
        out, err = game.communicate(timeout=30)
    finally:
        if game.poll() is None:
            game.kill()
    assert game.returncode == 0, err.decode()[-2000:]
    assert b"Traceback" not in err and b"The phone hub stopped." in err
    # Whatever the hub said before it went (a welcome, a board) may still be queued: read it
    # away; the socket must then be closed, not left open.
    with pytest.raises(ConnectionClosed) as closed:
        for _ in range(50):
            ws.recv(timeout=5)
    assert closed.value.rcvd is None or closed.value.rcvd.code == 1001


def test_the_kiosk_operator_turns_the_phones_on_sends_them_away_and_the_idle_reset_changes_the_code():
    import socket

    from game.app.app import Options
    from game.navigation import make_app
    from game.scenes.hosts.kiosk import OperatorScene

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    kiosk = make_app(Options(headless=True, kiosk=True))
    kiosk.start()
    try:
        kiosk.settings.phones_address, kiosk.settings.phones_port = "127.0.0.1", port
        kiosk.nav.operator()
        operator = kiosk.stack.top
        assert isinstance(operator, OperatorScene)
        labels = [item.label for item in operator.menu.items]
        assert "Phones as controllers: off" in labels
        operator.menu.index = labels.index("Phones as controllers: off")
        pump(kiosk)
        kiosk.frame([key(pygame.K_RETURN)], 1 / 60)
        assert kiosk.phones.on and kiosk.settings.phones is True
        assert f"Phones as controllers: on: 127.0.0.1:{port}" in [item.label for item in operator.menu.items]
        phone = Phone(kiosk)
        phone.wait_for("welcome", kiosk)
        code = kiosk.phones.code
        operator.send_phones_away()
        phone.wait_for("bye", kiosk)
        assert phone.bye == "new-game" and kiosk.phones.code != code
        until(kiosk, lambda: not kiosk.phones.known, "the phone gone")
        again = Phone(kiosk)
        again.wait_for("welcome", kiosk)
        code = kiosk.phones.code
        kiosk.nav.demo()  # nobody there: the demo comes back, the visitors' phones go
        again.wait_for("bye", kiosk)
        assert again.bye == "new-game" and kiosk.phones.code != code
        kiosk.phones.switch(False)
        assert not kiosk.phones.on and kiosk.settings.phones is False
    finally:
        kiosk.shutdown()
