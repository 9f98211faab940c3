"""The app's side of the phones without a hub: their events become actions of ``phoneN``,
screens say what a phone may do, a resting loop wakes at once, the words on a phone's
buttons come from each game's own line of controls, and the game says "not installed"
when the phones' packages are missing."""
from __future__ import annotations

import json
import threading
import time

import pygame
import pytest
from driver import run

from game import catalogue
from game.app.phones import PHONE_EVENT
from game.persistence import settings, storage
from game.phones import qr
from game.scenes.hosts.kiosk import OperatorScene
from game.scenes.menus.overlay import AskScene, PauseScene
from game.scenes.menus.settings_menu import SettingsScene
from game.scenes.play import PlayScene
from game.scenes.play.seating import SPELLED, button_words
from game.ui import qr as drawn_qr


def phone(kind, device="phone1", name=""):
    return pygame.event.Event(PHONE_EVENT, kind=kind, device=device, name=name, t=time.perf_counter())


def test_a_phones_taps_are_actions_of_its_device_on_the_screens_that_take_them(app):
    run(app, [phone("joined")])
    assert app.phones.known == {"phone1"}
    title = app.stack.top
    run(app, [phone("act", name="confirm"), phone("act", name="down")])
    assert app.stack.top is title and title.menu.index == 0  # the title takes nothing from a phone
    app.start_game("gauss", seed=3)
    game = app.stack.top
    run(app, [phone("act", name="right")])
    assert app.last_device == "phone1" and app.glyphs()["confirm"] == "A"
    state = game.state
    run(app, [phone("act", name="confirm")])
    assert game.state is not state  # a shared seat: the phone plays like a pad passed around
    run(app, [phone("act", name="menu")])
    assert isinstance(app.stack.top, PauseScene)
    run(app, [phone("act", name="confirm")])  # the pause menu's Resume is for its menu button only
    assert isinstance(app.stack.top, PauseScene)
    run(app, [phone("act", name="menu")])
    assert app.stack.top is game
    run(app, [phone("act", device="phone9", name="confirm")])  # not in the room: nothing
    assert app.last_device == "phone1"


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_each_games_buttons_are_named_in_its_own_words(app, game_id):
    app.start_game(game_id, seed=2)
    game = app.stack.top
    buttons = game.phone_buttons("phone1")
    assert {"up", "down", "left", "right", "confirm", "menu"} <= set(buttons)
    assert buttons["confirm"] and buttons["confirm"][0].isupper() and "\x1b" not in "".join(buttons.values())
    assert app.spelling is None and app.last_device == "keyboard"  # the reading left nothing behind
    if game_id == "improbable":
        assert buttons["confirm"] == "Roll" and buttons["alternate"] == "Stop"
    if game_id == "gauss":
        assert buttons["alternate"] == "Switch colour" and buttons["undo"] == "Undo"


def test_button_words_pair_actions_and_words():
    confirm, undo, redo = SPELLED["confirm"], SPELLED["undo"], SPELLED["redo"]
    line = "   ".join(["Arrows: move", f"{confirm}: place", f"{undo}/{redo}: undo/redo",
                       f"{confirm} or click: ready", "nothing here"])
    assert button_words(line) == {"confirm": "Place", "undo": "Undo", "redo": "Redo"}


def test_a_phone_that_drops_keeps_its_seat_with_a_banner_and_after_the_grace_the_screen_asks(app):
    run(app, [phone("joined"), phone("joined", "phone2")])
    from game.scenes.menus.seats import Seat

    app.start_game("rush", seed=1, seats={"black": Seat("black", device="phone1"),
                                          "white": Seat("white", device="phone2")})
    game = app.stack.top
    mover = game.seat().player
    device = game.seat().device
    run(app, [phone("dropped", device)])
    assert f"{game.side_name(mover)}'s phone is reconnecting... 90 s" == app.phones.banner()
    app.draw()
    state = game.state
    other = "phone2" if device == "phone1" else "phone1"
    run(app, [phone("act", other, "confirm")])
    assert game.state is state and game.seat().device == device  # nobody takes the seat meanwhile
    run(app, [phone("gone", device)])
    ask = app.stack.top
    assert isinstance(ask, AskScene) and ask.phones and app.phones.banner() == ""
    run(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0),
              pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)])
    assert app.stack.top is game and game.seats[mover].device == "open"  # the next device takes it


def test_a_resting_loop_wakes_at_once_for_a_phone(app):
    pytest.importorskip("websockets")
    assert app.phones.start(host="127.0.0.1", port=0)  # only then does the loop wait on a wake
    app.phones.known.add("phone1")
    pygame.event.get()
    started = time.perf_counter()
    threading.Timer(0.05, app.phones.post, ("act", "phone1", "down")).start()
    app.rest(1.0)
    waited = time.perf_counter() - started
    assert 0.04 < waited < 0.07, waited  # not a REST_POLL later: at once
    assert pygame.event.peek(PHONE_EVENT)
    app.phones.stop()


def test_without_the_packages_the_menus_say_not_installed_and_the_game_goes_on(app, monkeypatch):
    monkeypatch.setattr("game.app.phones.missing", lambda: ["websockets", "segno"])
    assert app.phones.start() is False and not app.phones.on
    assert "not installed" in app.phones.error
    app.nav.settings()
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    assert scene.label("phones") == ("Phones as controllers", "not installed")
    scene.index = scene.ROWS.index("phones")
    run(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)])
    assert not app.phones.on and scene.label("phones")[1] == "not installed"
    app.stack.push(OperatorScene(app))
    run(app)
    assert "Phones as controllers: not installed" in [item.label for item in app.stack.top.menu.items]


def test_a_kiosks_visitors_see_no_phone_switch_but_its_operator_does():
    from game.app.app import Options
    from game.navigation import make_app

    kiosk = make_app(Options(headless=True, kiosk=True))
    kiosk.start()
    try:
        assert "phones" not in SettingsScene(kiosk).ROWS
        assert "phones" in SettingsScene(kiosk, operator=True).ROWS
    finally:
        kiosk.shutdown()


def test_phone_settings_have_shapes_and_old_files_still_load():
    home = storage.home()
    home.mkdir(parents=True, exist_ok=True)
    (home / settings.FILE).write_text(json.dumps({"format": 1, "volume": 0.3}), encoding="utf-8")
    loaded, notice = settings.load()
    assert notice == "" and loaded.phones is False and loaded.phones_address == "auto"
    assert loaded.phones_port == 8765
    bad = {"format": 1, "phones": "yes", "phones_address": "0.0.0.0/0", "phones_port": 80,
           "phones_wifi": "x" * 40}
    (home / settings.FILE).write_text(json.dumps(bad), encoding="utf-8")
    loaded, notice = settings.load()
    assert (loaded.phones, loaded.phones_address, loaded.phones_port, loaded.phones_wifi) == (False, "auto",
                                                                                              8765, "")
    assert "phones" in str(notice)
    for good in ("auto", "192.168.4.1", "127.0.0.1"):
        assert settings.CHECKS["phones_address"](good)
    for bad in ("", "::1", "example.org", "192.168.4.1:80", 5, "0.0.0.0", "224.0.0.1", "255.255.255.255"):
        assert not settings.CHECKS["phones_address"](bad)


def test_the_hub_never_listens_on_every_network():
    """0.0.0.0 would take phones from every network the machine has (a venue's staff
    network beside its guests'): refused in words, nothing started."""
    pytest.importorskip("websockets")
    from game.phones.hub import Hub, HubError

    with pytest.raises(HubError, match="every network"):
        Hub("0.0.0.0", 0, lambda *args: None)


def test_the_qr_drawn_is_module_for_module_the_code_of_the_link():
    pytest.importorskip("segno")
    link = "http://192.168.4.1:8765/#KXPT.abcdefghijklmnop"
    matrix = qr.matrix(link)
    surface = pygame.Surface((300, 300))
    surface.fill((20, 20, 20))
    rect = drawn_qr.draw(surface, matrix, (10, 10), 260)
    m = drawn_qr.side(matrix, 260)
    assert m >= 5 and rect.width == (len(matrix) + 2 * drawn_qr.QUIET) * m
    for r, row in enumerate(matrix):
        for c, dark in enumerate(row):
            x = rect.x + (drawn_qr.QUIET + c) * m + m // 2
            y = rect.y + (drawn_qr.QUIET + r) * m + m // 2
            assert (surface.get_at((x, y))[:3] == drawn_qr.INK) == dark
    assert surface.get_at((rect.x + 1, rect.y + 1))[:3] == drawn_qr.PAPER  # the quiet zone


def test_who_plays_shows_the_code_only_while_the_hub_runs(app):
    pytest.importorskip("websockets")
    app.nav.setup("order")
    setup = app.stack.top
    assert setup.phone_code() is None
    assert app.phones.start(host="127.0.0.1", port=0)
    try:
        matrix, address, code, wifi = setup.phone_code()
        assert matrix == qr.matrix(app.phones.url) and address == app.phones.address and wifi is None
        assert len(code) == 4
        app.settings.phones_wifi, app.settings.phones_wifi_password = "Arcade Guests", "visit;ors"
        assert setup.phone_code()[3] == qr.matrix(qr.wifi_text("Arcade Guests", "visit;ors"))
        for size in ((1280, 720), (800, 600), (400, 300)):
            surface = pygame.Surface(size)
            setup.draw(surface)
    finally:
        app.phones.stop()
    assert isinstance(PlayScene, type)


def test_a_phone_coming_is_drawn_at_once_and_a_phone_answers_still_there(app):
    app.nav.setup("gauss")
    setup = app.stack.top
    app.frame([], 1 / 60, draw=None)
    app.frame([], 1 / 60, draw=None)
    drawn = app.drawn
    app.frame([phone("joined")], 1 / 60, draw=None)  # the resting screen shows the new choice
    assert app.drawn == drawn + 1 and setup.choices[-1] == "pads"
    from game.scenes.hosts.kiosk import StillThereScene

    app.stack.push(StillThereScene(app))
    assert app.phones.seat_scene() is None
    run(app, [phone("act", name="down")])
    assert isinstance(app.stack.top, StillThereScene)  # only its one button
    run(app, [phone("act", name="confirm")])
    assert app.stack.top is setup
