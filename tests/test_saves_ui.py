"""Save by name, load, continue, replay and take over: driven by injected keys, text and clicks."""
import errno
import json
import random

import pygame
import pytest
from driver import DT, click, key, motion, run, settle, to_card

from game import catalogue
from game.app.input import TEXT, Action, translate
from game.persistence import saves, storage
from game.scenes.hosts.replay import ReplayScene
from game.scenes.menus.name_entry import SaveNameScene
from game.scenes.menus.overlay import AskScene, PauseScene
from game.scenes.menus.saves_menu import LoadScene
from game.scenes.menus.title import TitleScene
from game.scenes.play import PlayScene

E = pygame.event.Event
LETTER_KEYS = {ch: getattr(pygame, f"K_{ch}") for ch in "abcdefghijklmnopqrstuvwxyz"}


def typed(text):
    """What a real keyboard sends for ``text``: a KEYDOWN and a TEXTINPUT per character."""
    events = []
    for ch in text:
        k = LETTER_KEYS.get(ch.lower(), pygame.K_SPACE if ch == " " else pygame.K_UNKNOWN)
        events += [E(pygame.KEYDOWN, key=k, mod=0, unicode=ch, scancode=0), E(pygame.TEXTINPUT, text=ch)]
    return events


def pad(button):
    return E(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=button)


def play_some(app, game_id="gauss", n=7, seed=3, running=False):
    """``n`` random moves (fewer when the game ends first; with ``running``, when the next
    would end it: a short game stays one to continue)."""
    app.start_game(game_id, seed=seed)
    scene = app.stack.top
    rng = random.Random(seed)
    for _ in range(n):
        if scene.state.over:
            break
        move = scene.rules.random_move(scene.state, rng)
        if running and scene.rules.play(scene.state, move)[0].over:
            break
        scene.try_play(move)
        scene.queue.skip()
    return scene


def open_save_form(app):
    if not isinstance(app.stack.top, PauseScene):
        run(app, [key(pygame.K_ESCAPE)])
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    target = [item.label for item in pause.menu.items].index("Save game")
    while pause.menu.index != target:
        run(app, [key(pygame.K_DOWN)])
    run(app, [key(pygame.K_RETURN)])
    form = app.stack.top
    assert isinstance(form, SaveNameScene)
    return pause, form


def open_load_list(app):
    app.to_title()
    title = app.stack.top
    assert isinstance(title, TitleScene)
    to_card(app, "Load game")
    run(app, [key(pygame.K_RETURN)], 2)
    load = app.stack.top
    assert isinstance(load, LoadScene)
    return load


def choose(app, label):
    """Pick ``label`` in the question on top (arrow keys, then Enter)."""
    ask = app.stack.top
    assert isinstance(ask, AskScene), ask
    labels = [item.label for item in ask.menu.items]
    target = next(i for i, text in enumerate(labels) if text.startswith(label))
    while ask.menu.index != target:
        run(app, [key(pygame.K_DOWN)])
    run(app, [key(pygame.K_RETURN)])


def test_save_by_name_from_the_pause_menu_then_load_and_continue_it(app):
    scene = play_some(app)
    state, moves = scene.state, [m for _, m, _ in scene.history]
    pause, form = open_save_form(app)
    assert form.name.startswith("GAUSS 20") and form.fresh
    app.frame([], DT)  # the form draws
    # w, a, s, d, p and space are also direction, menu and confirm keys: as text they only type
    run(app, typed("Friday wasp!"))
    assert form.name == "Friday wasp" and "Only letters" in form.message
    assert app.stack.top is form
    run(app, [key(pygame.K_BACKSPACE)] + typed("d"))
    assert form.name == "Friday wasd"
    run(app, [key(pygame.K_RETURN)])
    assert app.stack.top is pause and "Saved as 'Friday wasd'" in pause.note
    assert saves.list_saves() == ["Friday wasd"]
    app.frame([], DT)

    load = open_load_list(app)
    assert [e.name for e in load.entries] == ["Friday wasd"]
    entry = load.entries[0]
    assert entry.usable and entry.record.moves == saves.load_named("Friday wasd").moves
    app.frame([], DT)
    run(app, [key(pygame.K_RETURN)])  # the save: Continue playing is the first answer
    run(app, [key(pygame.K_RETURN)])
    resumed = app.stack.top
    assert isinstance(resumed, PlayScene) and resumed is not scene
    assert resumed.state == state
    assert [m for _, m, _ in resumed.history] == moves
    assert resumed.drawn_board() == resumed.engine_board()
    assert resumed.autosave and len(saves.read_autosave().moves) == len(moves)
    assert isinstance(app.stack.scenes[0], TitleScene)  # Quit to menu works as after Resume


def test_a_gamepad_player_saves_with_a_on_the_suggested_name(app):
    play_some(app, n=4)
    run(app, [pad(pygame.CONTROLLER_BUTTON_START)])
    pause = app.stack.top
    run(app, [pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN), pad(pygame.CONTROLLER_BUTTON_A)])
    form = app.stack.top
    assert isinstance(form, SaveNameScene)
    suggested = form.name
    app.frame([], DT)
    run(app, [pad(pygame.CONTROLLER_BUTTON_A)])
    assert app.stack.top is pause
    assert saves.list_saves() == [suggested]
    assert len(saves.load_named(suggested).moves) == 4


def test_the_mouse_clicks_save_and_cancel(app):
    play_some(app, n=2)
    pause, form = open_save_form(app)
    app.frame([], DT)
    run(app, [click(form.buttons["cancel"].rect.center)])
    assert app.stack.top is pause and saves.list_saves() == []
    pause, form = open_save_form(app)
    app.frame([], DT)
    run(app, [motion(form.buttons["save"].rect.center), click(form.buttons["save"].rect.center)])
    assert app.stack.top is pause and saves.list_saves() == [form.name]


def test_the_space_that_chose_save_game_does_not_type(app):
    play_some(app, n=2)
    run(app, [key(pygame.K_ESCAPE)])
    run(app, [key(pygame.K_DOWN)])
    run(app, [E(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0),
              E(pygame.TEXTINPUT, text=" ")])
    form = app.stack.top
    assert isinstance(form, SaveNameScene) and form.fresh and form.name.startswith("GAUSS")


def test_escape_cancels_and_typing_replaces_the_suggestion(app):
    play_some(app, n=2)
    pause, form = open_save_form(app)
    run(app, typed("x"))
    assert form.name == "x"  # the suggestion was selected: typing replaced it
    run(app, [key(pygame.K_ESCAPE)])
    assert app.stack.top is pause and saves.list_saves() == []
    pause, form = open_save_form(app)
    suggestion = form.name
    run(app, [key(pygame.K_END)] + typed(" b"))
    assert form.name == suggestion + " b"
    run(app, [key(pygame.K_BACKSPACE)] * 60)
    run(app, [key(pygame.K_RETURN)])
    assert app.stack.top is form and "at least one letter" in form.message


def test_a_taken_name_asks_replace_keep_both_or_change(app):
    scene = play_some(app, n=3)
    saves.save_as("Friday", scene.record())
    _, form = open_save_form(app)
    run(app, typed("friday") + [key(pygame.K_RETURN)])
    ask = app.stack.top
    assert isinstance(ask, AskScene) and ask.title == "Replace?"
    app.frame([], DT)
    choose(app, "Keep both")
    assert sorted(saves.list_saves()) == ["Friday", "friday 2"]

    scene.try_play(scene.rules.random_move(scene.state, random.Random(1)))
    _, form = open_save_form(app)
    run(app, typed("FRIDAY") + [key(pygame.K_RETURN)])
    choose(app, "Replace it")
    assert sorted(saves.list_saves()) == ["Friday", "friday 2"]  # the old file, whatever its case
    assert len(saves.load_named("Friday").moves) == 4

    _, form = open_save_form(app)
    run(app, typed("Friday") + [key(pygame.K_RETURN)])
    choose(app, "Change the name")
    assert app.stack.top is form and not form.fresh
    run(app, typed(" night") + [key(pygame.K_RETURN)])
    assert "Friday night" in saves.list_saves()


@pytest.mark.parametrize("err, words", [(errno.ENOSPC, "disk is full"), (errno.EROFS, "read-only"),
                                        (errno.EACCES, "may not be written")])
def test_a_failing_disk_says_so_and_the_game_goes_on(app, monkeypatch, err, words):
    scene = play_some(app, n=3)

    def broken(path, data, *_how):
        raise OSError(err, "simulated")

    monkeypatch.setattr(storage, "write_json", broken)
    monkeypatch.setattr(storage, "write_bytes", broken)  # a save's bytes go to the disk here
    pause, form = open_save_form(app)
    run(app, [key(pygame.K_RETURN)])
    assert app.stack.top is form
    assert "Could not save" in form.message and words in form.message
    app.frame([], DT)  # the message draws
    run(app, [key(pygame.K_ESCAPE)])
    run(app, [key(pygame.K_ESCAPE)])
    assert app.stack.top is scene
    before = len(scene.history)
    scene.try_play(scene.rules.random_move(scene.state, random.Random(2)))
    assert len(scene.history) == before + 1  # the game goes on (its autosave failing quietly too)


def test_text_goes_only_to_a_scene_that_asks_for_it(app):
    assert translate(E(pygame.TEXTINPUT, text="w")) == [Action(TEXT, text="w")]
    assert app.actions_of(E(pygame.TEXTINPUT, text="w")) == []  # the title does not type
    assert app.actions_of(E(pygame.KEYDOWN, key=pygame.K_w, mod=0, unicode="w", scancode=0))[0].name == "up"


# -- the list of saves -------------------------------------------------------------------------
def saved_game(app, name="Game", game_id="gauss", n=7, seed=3, running=False):
    scene = play_some(app, game_id, n, seed, running)
    record = scene.record()
    saves.save_as(name, record)
    app.to_title()
    return record


BAD_SAVES = {
    "truncated": (lambda good: good[: len(good) // 2], "damaged (not valid JSON"),
    "not an object": (lambda good: "[1, 2, 3]", "not a JSON object"),
    "future": (lambda good: json.dumps({**json.loads(good), "format": 9}), "newer version"),
    "no format": (lambda good: json.dumps({**json.loads(good), "format": "1"}), "unknown format"),
    "wrong types": (lambda good: json.dumps({**json.loads(good), "seed": "3"}), "no seed"),
    "code": (lambda good: json.dumps({**json.loads(good), "game": "__import__('os').system('touch pwned')"}),
             "unknown game"),
    "illegal move": (lambda good: json.dumps({**json.loads(good), "moves": json.loads(good)["moves"]
                                               + [{"cell": [9, 9], "color": "red"}]}), "cannot be played"),
    "odd move": (lambda good: json.dumps({**json.loads(good), "moves": [[["x"]]]}), ""),
    "no level": (lambda good: json.dumps({**json.loads(good), "level": "nowhere"}), "no level 'nowhere'"),
    "bytes": (lambda good: "\udcff", "cannot be read"),
}


def test_bad_saves_are_listed_as_unusable_with_the_reason_and_left_alone(app, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    saved_game(app, "Good")
    good = saves.path_of("Good").read_text()
    folder = saves.saves_dir()
    for name, (make, _) in BAD_SAVES.items():
        content = make(good)
        data = content.encode("utf-8", "surrogateescape") if "\udcff" in content else content.encode()
        (folder / f"{name}.json").write_bytes(data)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    load = open_load_list(app)
    app.frame([], DT)  # every row draws
    by_name = {e.name: e for e in load.entries}
    assert by_name["Good"].usable
    for name, (_, words) in BAD_SAVES.items():
        entry = by_name[name]
        assert not entry.usable and entry.problem and words in entry.problem, (name, entry.problem)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before  # listing changes nothing
    assert not (tmp_path / "pwned").exists()

    # an unusable save offers to delete it, after a question
    load.index = [e.name for e in load.entries].index("future")
    run(app, [key(pygame.K_RETURN)])
    ask = app.stack.top
    assert isinstance(ask, AskScene) and "newer version" in ask.lines[0]
    app.frame([], DT)
    choose(app, "Delete")
    choose(app, "Keep it")
    assert (folder / "future.json").exists()
    run(app, [key(pygame.K_RETURN)])
    choose(app, "Delete")
    choose(app, "Delete it")
    assert app.stack.top is load and not (folder / "future.json").exists()
    assert "Deleted 'future'" in load.message
    assert "future" not in [e.name for e in load.entries]


def test_a_good_save_can_be_deleted_after_a_question(app):
    saved_game(app, "Keep")
    saved_game(app, "Drop", seed=5)
    load = open_load_list(app)
    load.index = [e.name for e in load.entries].index("Drop")
    run(app, [key(pygame.K_RETURN)])
    choose(app, "Delete")
    choose(app, "Delete it")
    assert saves.list_saves() == ["Keep"]


def test_the_list_scrolls_with_keys_and_wheel_and_a_click_opens_a_save(app):
    record = saved_game(app, "Game 0", n=2)
    for i in range(1, 14):
        saves.save_as(f"Game {i}", record)
    load = open_load_list(app)
    app.frame([], DT)
    assert load.visible < 14 and load.top == 0
    run(app, [key(pygame.K_DOWN)] * 13)
    assert load.index == 13 and load.top == 14 - load.visible
    app.frame([], DT)
    run(app, [E(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)] * 3)
    assert load.top == 14 - load.visible - 3 and load.index == 13  # the wheel scrolls the view only
    app.frame([], DT)
    i, rect = load.rows[0]
    assert i == load.top
    run(app, [motion(rect.center)])
    assert load.index == i
    run(app, [click(rect.center)])
    ask = app.stack.top
    assert isinstance(ask, AskScene) and ask.title == load.entries[i].name
    run(app, [key(pygame.K_ESCAPE)])
    run(app, [key(pygame.K_ESCAPE)])
    assert isinstance(app.stack.top, TitleScene)


def test_the_empty_list_says_how_to_save(app):
    load = open_load_list(app)
    app.frame([], DT)
    assert load.entries == []
    run(app, [key(pygame.K_RETURN)])
    assert app.stack.top is load


# -- replay ------------------------------------------------------------------------------------
def open_replay(app, name="Game"):
    load = open_load_list(app)
    load.index = [e.name for e in load.entries].index(name)
    run(app, [key(pygame.K_RETURN)])
    choose(app, "Replay")
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    return load, replay


def shows(replay, state):
    game = replay.game
    assert game.state == state
    if hasattr(game, "drawn_board"):
        assert game.drawn_board() == game.engine_board()


def test_replay_steps_forward_and_back_showing_each_position(app):
    record = saved_game(app)
    states = record.replay()
    saves.write_autosave(saves.Record("gauss", "small", 11, None, []))
    autosave = saves.autosave_path("gauss").read_bytes()
    load, replay = open_replay(app)
    assert saves.autosave_path("gauss").read_bytes() == autosave  # a replay is not a game in progress
    assert replay.game not in app.stack.scenes and replay.total == len(record.moves)
    assert replay.position == 0
    shows(replay, states[0])
    app.frame([], DT)
    for k in range(1, len(states)):
        run(app, [key(pygame.K_RIGHT)])
        assert replay.game.queue.busy  # forward plays the move's animation
        settle(app, replay.game)
        assert replay.position == k
        shows(replay, states[k])
    run(app, [key(pygame.K_RIGHT)])
    assert replay.position == len(states) - 1
    for k in range(len(states) - 2, -1, -1):
        run(app, [key(pygame.K_LEFT)])
        assert replay.position == k
        shows(replay, states[k])
    run(app, [key(pygame.K_END)])
    shows(replay, states[-1])
    run(app, [key(pygame.K_HOME)])
    shows(replay, states[0])
    run(app, [pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)])
    settle(app, replay.game)
    shows(replay, states[1])
    run(app, [pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN)])
    shows(replay, states[-1])
    assert saves.autosave_path("gauss").read_bytes() == autosave
    run(app, [key(pygame.K_ESCAPE)])
    assert app.stack.top is load


def test_the_replayed_board_takes_no_moves(app):
    record = saved_game(app)
    states = record.replay()
    _, replay = open_replay(app)
    run(app, [key(pygame.K_RIGHT)])
    settle(app, replay.game)
    app.frame([], DT)
    x, y = replay.game.hex.to_pixel(0, 0)
    for event in (motion((int(x), int(y))), click((int(x), int(y))), click((int(x), int(y)), 3),
                  key(pygame.K_c), key(pygame.K_x), key(pygame.K_1)):
        run(app, [event], 3)
        assert app.stack.top is replay and replay.position == 1 and replay.game.future
        shows(replay, states[1])
    assert not any(isinstance(s, PauseScene) for s in app.stack.scenes)


def test_replay_buttons_on_the_bar_are_clickable(app):
    record = saved_game(app)
    states = record.replay()
    _, replay = open_replay(app)
    app.frame([], DT)
    run(app, [click(replay.buttons["forward"].rect.center)])
    settle(app, replay.game)
    shows(replay, states[1])
    run(app, [click(replay.buttons["end"].rect.center)])
    shows(replay, states[-1])
    run(app, [click(replay.buttons["back"].rect.center)])
    shows(replay, states[-2])
    run(app, [click(replay.buttons["start"].rect.center)])
    shows(replay, states[0])


def test_auto_play_steps_about_every_second_and_stops_at_the_end(app):
    record = saved_game(app, n=3)
    states = record.replay()
    _, replay = open_replay(app)
    run(app, [key(pygame.K_SPACE)])
    assert replay.playing
    settle(app, replay.game)
    assert replay.position == 1
    run(app, [], int(0.9 / DT))
    assert replay.position == 1  # not yet: a pause after each move
    for _ in range(int(8 / DT)):
        run(app)
        if not replay.playing:
            break
    assert not replay.playing and replay.position == 3
    shows(replay, states[-1])
    run(app, [key(pygame.K_SPACE)])  # play again from the end: from the start
    assert replay.playing and replay.position <= 1
    run(app, [key(pygame.K_SPACE)])
    assert not replay.playing


def test_take_over_starts_a_real_game_from_the_position_shown(app):
    record = saved_game(app)
    states = record.replay()
    _, replay = open_replay(app)
    for _ in range(3):
        run(app, [key(pygame.K_RIGHT)])
    settle(app, replay.game)
    run(app, [key(pygame.K_TAB)])
    game = app.stack.top
    assert isinstance(game, PlayScene) and not isinstance(game, ReplayScene)
    assert game.state == states[3] and len(game.history) == 3 and game.future == []
    assert game.autosave and saves.read_autosave().moves == record.moves[:3]
    assert saves.load_named("Game").moves == record.moves  # the save itself is unchanged
    before = len(game.history)
    game.try_play(game.rules.random_move(game.state, random.Random(4)))
    assert len(game.history) == before + 1


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_every_game_replays_and_continues(app, game_id):
    record = saved_game(app, game_id=game_id, n=12, seed=7, running=True)  # a game to continue
    states = record.replay()
    _, replay = open_replay(app)
    shows(replay, states[0])
    for k in range(1, len(states)):
        run(app, [key(pygame.K_RIGHT)], 2)
        settle(app, replay.game)
        shows(replay, states[k])
        assert app.stack.top is replay
    run(app, [key(pygame.K_HOME)])
    shows(replay, states[0])
    run(app, [key(pygame.K_ESCAPE)])
    load = app.stack.top
    run(app, [key(pygame.K_RETURN)])
    choose(app, "Continue")
    assert app.stack.top.state == states[-1]
    assert isinstance(load, LoadScene)
