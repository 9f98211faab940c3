"""Settings → Controls: every action's keys and pad buttons changed by the player, saved with
the settings, in force at once and after a restart, and put back by "Reset to defaults"; a
settings file whose bindings cannot be used loads the defaults with a message."""
from __future__ import annotations

import json
import os

import pygame
import pytest
from driver import DT, click, key, run

from game.app import input as keyboard
from game.app import pads
from game.app.app import Options
from game.navigation import make_app
from game.persistence import bindings, settings, storage
from game.scenes.menus.bindings_menu import HELD_SECONDS, WAIT_SECONDS, BindingsScene
from game.scenes.menus.settings_menu import SettingsScene
from game.ui import actions
from game.ui.keys import code_of, name_of


def c_added(iid):
    return pygame.event.Event(pygame.CONTROLLERDEVICEADDED, instance_id=iid)


def c_button(iid, button):
    return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=iid, button=button)


def open_controls(app) -> BindingsScene:
    """Settings, then its Controls row, by the keys alone."""
    app.nav.settings()
    menu = app.stack.top
    assert isinstance(menu, SettingsScene)
    while menu.ROWS[menu.index] != "controls":
        run(app, [key(pygame.K_DOWN)])
    run(app, [key(pygame.K_RETURN)])
    scene = app.stack.top
    assert isinstance(scene, BindingsScene)
    return scene


def wait_out(app, seconds):
    for _ in range(int(seconds / DT) + 2):
        app.frame([], DT)


def row_of(scene, action):
    return scene.rows.index(action)


def test_the_action_names_and_the_key_names_are_the_devices_own():
    assert bindings.ACTIONS == (actions.UP, actions.DOWN, actions.LEFT, actions.RIGHT, actions.CONFIRM,
                                actions.BACK, actions.ALTERNATE, actions.MENU, actions.UNDO, actions.REDO,
                                actions.HINT, actions.DETAILS)
    codes = [code_of(name) for name in bindings.NAMED_KEYS]
    assert None not in codes and len(set(codes)) == len(codes)  # each name one key of pygame's
    for name in bindings.NAMED_KEYS:
        assert name_of(code_of(name)) == name
    assert name_of(pygame.K_w) == "w" and name_of(ord("ö")) == "ö" and name_of(pygame.K_COMMA) == ","
    for button in bindings.BUTTONS:  # each a button SDL names
        assert hasattr(pygame, f"CONTROLLER_BUTTON_{button.upper()}")


def test_the_defaults_are_the_keys_and_buttons_the_game_always_had():
    bindings.use()
    assert keyboard.KEYMAP[pygame.K_UP] == actions.UP and keyboard.KEYMAP[pygame.K_i] == actions.DETAILS
    for code, action in keyboard.KEYMAP.items():
        assert keyboard.translate(key(code))[0].name == action
    assert keyboard.key_glyphs() == keyboard.KEY_GLYPHS
    assert pads.pad_glyphs() == pads.PAD_GLYPHS
    p = pads.Pads()
    p.translate(c_added(1))
    for button, action in pads.CONTROLLER_BUTTONS.items():
        assert p.translate(c_button(1, button))[0].name == action


def test_a_key_changed_is_saved_works_in_play_and_survives_a_restart():
    app = make_app(Options(headless=True))
    app.start()
    scene = open_controls(app)
    assert (scene.row, scene.col) == (row_of(scene, actions.UP), 0)  # Up's first key, the arrow
    run(app, [key(pygame.K_RETURN)])
    assert scene.waiting is not None
    run(app, [key(pygame.K_k)])
    assert scene.waiting is None and "K now does “Up”, in the place of Up" in scene.message
    assert bindings.keys()[actions.UP] == ("k", "w", "KP8")
    assert settings.load()[0].keys == {"up": ["k", "w", "KP8"]}  # saved at once, and only what changed
    assert keyboard.key_glyphs()[actions.UP] == "K"  # prompts show the player's key

    # in play: the new key moves the cursor up, the old one no longer does
    app.nav.play("rush", level="9x9", seed=1)
    game = app.stack.top
    game.cursor = (4, 4)
    run(app, [key(pygame.K_k)])
    assert game.cursor == (4, 3)
    run(app, [key(pygame.K_UP)])
    assert game.cursor == (4, 3)
    run(app, [key(pygame.K_w)])  # the keys left as they were still work
    assert game.cursor == (4, 2)

    app.shutdown()  # a restart: a new app reads the same user folder
    bindings.use()
    assert bindings.keys()[actions.UP] == ("UP", "w", "KP8")
    again = make_app(Options(headless=True))
    again.start()
    try:
        assert bindings.keys()[actions.UP] == ("k", "w", "KP8")
        assert keyboard.translate(key(pygame.K_k))[0].name == actions.UP
        assert keyboard.translate(key(pygame.K_UP))[0].name == actions.OTHER_KEY
        assert again.notice == ""
    finally:
        again.shutdown()


def test_the_controls_line_of_a_game_shows_the_players_key(app):
    scene = open_controls(app)
    scene.row, scene.col = row_of(scene, actions.CONFIRM), 0  # Enter
    run(app, [key(pygame.K_RETURN)])
    run(app, [key(pygame.K_e)])
    assert bindings.keys()[actions.CONFIRM] == ("e", "SPACE", "KP_ENTER")
    app.nav.play("gauss", seed=1)
    game = app.stack.top
    assert "E: place" in game.controls()
    assert keyboard.translate(key(pygame.K_RETURN))[0].name == actions.OTHER_KEY


def test_reset_to_defaults_restores_every_key_and_button(app):
    scene = open_controls(app)
    scene.row, scene.col = row_of(scene, actions.HINT), 0
    run(app, [key(pygame.K_RETURN), key(pygame.K_j)])
    assert bindings.keys()[actions.HINT] == ("j",)
    app.frame([c_added(3)], DT)
    scene.row, scene.col = row_of(scene, actions.DETAILS), 2  # Details' empty pad box
    run(app, [c_button(3, pygame.CONTROLLER_BUTTON_A), c_button(3, pygame.CONTROLLER_BUTTON_LEFTSTICK)])
    assert bindings.buttons()[actions.DETAILS] == ("leftstick",)
    assert settings.load()[0].pad_buttons == {"details": ["leftstick"]}
    scene.row, scene.col = len(scene.rows) - 1, 0
    assert scene.slot_label(scene.focused()) == "Reset to defaults"
    run(app, [key(pygame.K_RETURN)])
    assert bindings.keys() == bindings.DEFAULT_KEYS and bindings.buttons() == bindings.DEFAULT_BUTTONS
    saved = settings.load()[0]
    assert saved.keys == {} and saved.pad_buttons == {}
    assert keyboard.translate(key(pygame.K_h))[0].name == actions.HINT


def test_a_key_another_action_has_is_refused_naming_it_and_the_wait_goes_on(app):
    scene = open_controls(app)
    run(app, [key(pygame.K_RETURN), key(pygame.K_i)])  # i is Details'
    assert "I already does “Details”" in scene.message and scene.message_bad
    assert scene.waiting is not None and bindings.keys() == bindings.DEFAULT_KEYS
    run(app, [key(pygame.K_ESCAPE)])  # Esc is a key like any other here: Menu's, refused too
    assert "Esc already does “Menu”" in scene.message and scene.waiting is not None
    run(app, [key(pygame.K_RETURN)])  # the key that chose the box, still held (a repeat): nothing
    assert scene.waiting is not None
    wait_out(app, HELD_SECONDS)
    run(app, [key(pygame.K_RETURN)])  # pressed again: cancelled
    assert scene.waiting is None and scene.message == "Not changed."
    assert bindings.keys() == bindings.DEFAULT_KEYS and settings.load()[0].keys == {}


def test_waiting_ends_by_itself_and_by_a_click(app):
    scene = open_controls(app)
    run(app, [key(pygame.K_RETURN)])
    wait_out(app, WAIT_SECONDS)
    assert scene.waiting is None and "not changed" in scene.message
    run(app, [key(pygame.K_RETURN)])
    run(app, [click((1, 1))])
    assert scene.waiting is None and bindings.keys() == bindings.DEFAULT_KEYS


def test_an_actions_last_key_and_last_pad_button_are_never_removed(app):
    scene = open_controls(app)
    scene.row, scene.col = row_of(scene, actions.BACK), 0  # Backspace, Back's only key
    run(app, [key(pygame.K_TAB)])
    assert "“Back” needs a key" in scene.message and bindings.keys()[actions.BACK] == ("BACKSPACE",)
    confirm = row_of(scene, actions.CONFIRM)
    scene.row = confirm
    scene.col = [s.name for s in scene.slots(confirm)].index("a")
    run(app, [key(pygame.K_TAB)])
    assert "“Confirm” needs a pad button" in scene.message and bindings.buttons()[actions.CONFIRM] == ("a",)
    scene.row, scene.col = row_of(scene, actions.UP), 1  # W: Up keeps its arrow and Num 8
    run(app, [key(pygame.K_TAB)])
    assert bindings.keys()[actions.UP] == ("UP", "KP8") and settings.load()[0].keys == {"up": ["UP", "KP8"]}
    assert keyboard.translate(key(pygame.K_w))[0].name == actions.OTHER_KEY


def test_the_screen_works_with_a_pad_alone(app):
    """A pad moves, chooses a box, binds its own button, cancels with the button that chose,
    and leaves."""
    app.frame([c_added(2)], DT)
    app.nav.settings()
    menu = app.stack.top
    while menu.ROWS[menu.index] != "controls":
        run(app, [c_button(2, pygame.CONTROLLER_BUTTON_DPAD_DOWN)])
    run(app, [c_button(2, pygame.CONTROLLER_BUTTON_A)])
    scene = app.stack.top
    assert isinstance(scene, BindingsScene)
    assert "A: change   X: remove   B: back" in scene.prompt()  # in the pad's own glyphs
    for _ in range(3):
        run(app, [c_button(2, pygame.CONTROLLER_BUTTON_DPAD_UP)])  # wraps: Reset, Details, Hint
    assert scene.rows[scene.row] == actions.HINT
    for _ in range(5):
        run(app, [c_button(2, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)])
    slot = scene.focused()
    assert (slot.kind, slot.name) == ("button", None)  # Hint's empty pad box, the row's last
    run(app, [c_button(2, pygame.CONTROLLER_BUTTON_A)])
    wait_out(app, HELD_SECONDS)
    run(app, [c_button(2, pygame.CONTROLLER_BUTTON_A)])  # the button that chose it: cancelled
    assert scene.waiting is None and bindings.buttons() == bindings.DEFAULT_BUTTONS
    run(app, [c_button(2, pygame.CONTROLLER_BUTTON_A), c_button(2, pygame.CONTROLLER_BUTTON_RIGHTSTICK)])
    assert bindings.buttons()[actions.HINT] == ("y", "rightstick")
    assert app.pads.translate(c_button(2, pygame.CONTROLLER_BUTTON_RIGHTSTICK))[0].name == actions.HINT
    run(app, [c_button(2, pygame.CONTROLLER_BUTTON_A), c_button(2, pygame.CONTROLLER_BUTTON_B)])
    assert "B already does “Back”" in scene.message  # refused, naming the action
    run(app, [key(pygame.K_q)])  # a key for a pad's box: cancelled, saying why
    assert scene.waiting is None and "takes a pad button" in scene.message
    run(app, [c_button(2, pygame.CONTROLLER_BUTTON_B)])
    assert app.stack.top is menu


def test_a_remapped_pad_without_sdls_mapping_follows_the_bindings_too():
    bindings.use(buttons={"confirm": ["b"], "back": ["a"], "up": ["dpad_down"], "down": ["dpad_up"]})
    p = pads.Pads()
    e = pygame.event.Event
    p.translate(e(pygame.JOYDEVICEADDED, instance_id=5))
    assert p.translate(e(pygame.JOYBUTTONDOWN, instance_id=5, button=0))[0].name == actions.BACK
    assert p.translate(e(pygame.JOYBUTTONDOWN, instance_id=5, button=1))[0].name == actions.CONFIRM
    assert [a.name for a in p.translate(e(pygame.JOYHATMOTION, instance_id=5, hat=0, value=(0, 1)))] == [
        actions.DOWN]
    assert pads.pad_glyphs()[actions.CONFIRM] == "B"


def test_the_screen_works_with_the_mouse_alone(app):
    scene = open_controls(app)
    app.last_device = "mouse"
    run(app, [], frames=2)
    assert scene.prompt() == "Click a box: change it   Right-click: remove it"
    up = row_of(scene, actions.UP)
    w_box = scene.rects[(up, 1)]
    run(app, [click(w_box.center, button=3)])  # a right click removes W
    assert bindings.keys()[actions.UP] == ("UP", "KP8")
    run(app, [], frames=2)
    run(app, [click(scene.rects[(up, 0)].center)])  # a click chooses the arrow's box...
    assert scene.waiting is not None
    run(app, [click(scene.rects[(up, 0)].center)])  # ...and a click cancels (the mouse is never bound)
    assert scene.waiting is None and bindings.keys()[actions.UP] == ("UP", "KP8")
    end = len(scene.rows) - 1
    run(app, [click(scene.rects[(end, 0)].center)])  # Reset to defaults
    assert bindings.keys() == bindings.DEFAULT_KEYS
    run(app, [], frames=2)
    run(app, [click(scene.rects[(end, 1)].center)])  # Back
    assert isinstance(app.stack.top, SettingsScene)


def test_a_kiosks_visitors_do_not_change_the_keys_its_operator_does(monkeypatch):
    app = make_app(Options(headless=True, kiosk=True))
    try:
        assert "controls" not in SettingsScene(app).ROWS
        assert "controls" in SettingsScene(app, operator=True).ROWS
    finally:
        app.shutdown()


GOOD_VOLUME = 0.3


@pytest.mark.parametrize("keys", [
    "abc",  # not an object
    {"up": "w"},  # not a list
    {"up": [1]},  # not a key's name
    {"up": []},  # an action with no key at all
    {"jump": ["j"]},  # no such action
    {"up": ["NOPE"]},  # no such key
    {"up": ["W"]},  # a shifted letter: not a key of its own
    {"up": ["RETURN"]},  # Confirm's key: two actions on one key
    {"up": ["k", "k"]},  # one key twice
    {"up": ["F11"]},  # the app's fullscreen key
    {"up": ["a", "b", "e", "f"]},  # more than an action holds
    {"up": ["w"] * 2000},  # huge
    {f"a{k}": ["q"] for k in range(2000)},  # huge
    {"up": ["w"] * 100_000},  # larger than a settings file can be: the whole file is refused
])
def test_bad_keys_in_the_settings_file_load_the_defaults_with_a_message(keys):
    path = storage.home() / settings.FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": 1, "volume": GOOD_VOLUME, "keys": keys}))
    fits = os.path.getsize(path) < settings.MAX_BYTES
    app = make_app(Options(headless=True))  # never a crash
    try:
        assert app.settings.keys == {} and bindings.keys() == bindings.DEFAULT_KEYS
        if fits:
            assert app.settings.volume == GOOD_VOLUME  # the good values kept
            assert "bad values for keys" in app.notice  # said on the title
            assert settings.load() == (app.settings, "")  # the file was repaired
        else:
            assert "too large" in app.notice
    finally:
        app.shutdown()


@pytest.mark.parametrize("buttons", [
    [],
    {"confirm": []},  # Confirm's last pad button
    {"details": ["guide"]},  # the system's button
    {"details": ["a"]},  # Confirm's button
    {"menu": ["start", "back", "y"]},  # more than an action holds
    {"hint": [None]},
])
def test_bad_pad_buttons_in_the_settings_file_load_the_defaults_with_a_message(buttons):
    path = storage.home() / settings.FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": 1, "keys": {"hint": ["j"]}, "pad_buttons": buttons}))
    found, message = settings.load()
    assert found.pad_buttons == {} and found.keys == {"hint": ["j"]}
    assert "bad values for pad_buttons" in message


def test_a_damaged_settings_file_loads_the_defaults_with_a_message():
    path = storage.home() / settings.FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": 1, "keys": {"up": ["k"')
    app = make_app(Options(headless=True))
    try:
        assert "damaged" in app.notice and bindings.keys() == bindings.DEFAULT_KEYS
    finally:
        app.shutdown()


def test_a_settings_file_from_before_the_bindings_loads_unchanged():
    path = storage.home() / settings.FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": 1, "volume": 0.5, "theme": "high-contrast"}))
    found, message = settings.load()
    assert message == "" and found.keys == {} and found.pad_buttons == {} and found.volume == 0.5


def test_the_checks_let_every_good_value_through():
    """The check refuses broken bindings (above), not a player's real ones."""
    assert bindings.keys_usable({}) and bindings.buttons_usable({})
    assert bindings.keys_usable({"up": ["k", "ö", "KP8"], "down": ["j"], "confirm": ["SPACE", "LSHIFT"]})
    assert bindings.keys_usable({"up": ["s"], "down": ["w"]})  # swapped: each key still once
    assert bindings.buttons_usable({"details": ["leftstick"], "menu": ["start"], "hint": ["y", "back"]})
    assert bindings.buttons_usable({"details": []})  # Details has no pad button by default


@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_controls_screen_fits_its_room(monkeypatch, language, size, large):
    """The screen's labels fit their boxes and never overlap, waiting and saying a refusal
    too (the whole tour's fit test covers it as well; this one looks only here)."""
    from test_text_fit import Watch

    from game import i18n
    from game.tools import gallery
    from game.ui import theme

    watch = Watch(monkeypatch)
    app = make_app(Options(headless=True, size=size))
    app.start()
    i18n.set_language(language)
    theme.set_large_text(large)
    try:
        def draw() -> None:
            watch.start(app.screen)
            for layer, scene in enumerate(app.stack.visible()):
                watch.layer = layer
                scene.draw(app.screen)
        monkeypatch.setattr(app, "draw", draw)
        problems, seen = [], []
        for name in gallery.controls(app):
            seen.append(name)
            problems += watch.problems(name)
            if name.endswith("waiting"):
                assert "Details" in " ".join(text for text, *_ in watch.labels)  # the refusal is shown
        assert seen == ["settings-controls", "settings-controls-waiting"]
        assert problems == []
    finally:
        theme.set_large_text(False)
        app.shutdown()


def test_the_games_lines_of_keys_name_the_players_direction_keys(app):
    app.nav.play("rush", level="9x9", seed=1)
    game = app.stack.top
    assert game.controls().startswith("Arrows: move")
    bindings.use(keys={"up": ["t"], "down": ["g"], "left": ["f"], "right": ["v"]})
    assert game.controls().startswith("T/G/F/V: move")
    app.last_device = "pad0"
    assert game.controls().startswith("D-pad: move")  # one word for the four of a D-pad
    bindings.use(buttons={"up": ["y"], "hint": ["dpad_up"]})
    assert game.controls().startswith("Y/D-pad/D-pad/D-pad: move")
    app.nav.play("improbable", seed=1)
    bindings.use(keys={"left": ["j"], "right": ["l"]})
    app.last_device = "keyboard"
    assert app.stack.top.controls().startswith("J/L: choose")


def test_the_menus_lines_of_keys_name_the_players_keys(app):
    bindings.use(keys={"menu": ["q"], "confirm": ["e"], "up": ["t"], "down": ["g"]})
    app.nav.settings()
    run(app, [], frames=1)
    assert app.stack.top.__class__ is SettingsScene
    from test_text_fit import Watch

    with pytest.MonkeyPatch.context() as patch:
        watch = Watch(patch)
        watch.start(app.screen)
        app.stack.top.draw(app.screen)
        assert "T/G: choose   Left/Right: change   Q: back   (saved at once)" in [t for t, *_ in watch.labels]
        app.nav.select("rush")
        watch.start(app.screen)
        app.stack.top.draw(app.screen)
        assert any(t.startswith("T/G/Left/Right: choose   E: play   Tab: board   H: how to play   Q: back")
                   for t, *_ in watch.labels)


def test_the_replay_takes_over_with_alternates_first_key():
    from test_saves_ui import saved_game

    from game.scenes.hosts.replay import ReplayScene
    from game.scenes.play import PlayScene

    app = make_app(Options(headless=True))
    app.start()
    try:
        record = saved_game(app)
        bindings.use(keys={"alternate": ["q", "TAB"]})
        app.nav.replay(record, "Game")
        replay = app.stack.top
        assert isinstance(replay, ReplayScene)
        run(app, [key(pygame.K_TAB)])  # still Alternate's, but not the one the line names
        assert app.stack.top is replay
        run(app, [key(pygame.K_q)])
        assert isinstance(app.stack.top, PlayScene) and not isinstance(app.stack.top, ReplayScene)
    finally:
        app.shutdown()


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_title_says_the_keys_were_bad_within_the_smallest_window(monkeypatch, language):
    """The notice names the file set aside, long enough to run off an 800x600 window's sides
    and over the buttons in one line: it wraps above them."""
    from test_text_fit import Watch

    from game import i18n

    path = storage.home() / settings.FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": 1, "keys": {"up": []}, "pad_buttons": "x"}))
    watch = Watch(monkeypatch)
    app = make_app(Options(headless=True, size=(800, 600)))
    app.start()
    i18n.set_language(language)
    try:
        assert "keys, pad_buttons" in app.notice
        watch.start(app.screen)
        app.stack.top.draw(app.screen)
        assert watch.problems("title") == []
        said = " ".join(text for text, *_ in watch.labels)
        assert "pad_buttons" in said and ".bad-" in said
    finally:
        app.shutdown()


def test_the_online_screens_lines_of_keys_name_the_players_keys(app):
    """Play online, My games and a request's panel name the player's keys, not Esc and Enter."""
    from test_text_fit import Watch

    from game.online.errand import Errand
    from game.scenes.menus.online_games import MyGamesScene
    from game.scenes.menus.online_wait import WaitScene

    bindings.use(keys={"menu": ["q"], "confirm": ["e"], "up": ["t"], "down": ["g"]})
    app.nav.online()
    run(app, [], frames=1)
    screens = [app.stack.top, MyGamesScene(app, lambda _entry: None),
               WaitScene(app, Errand(lambda: None), lambda _result: None, lambda _why: None,
                         server="http://127.0.0.1:9")]
    with pytest.MonkeyPatch.context() as patch:
        watch = Watch(patch)
        for screen in screens:
            watch.start(app.screen)
            screen.draw(app.screen)
            said = " ".join(t for t, *_ in watch.labels)
            assert "Q: " in said and "Esc" not in said and "Enter" not in said, (type(screen).__name__, said)
