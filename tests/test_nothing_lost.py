"""Settings and games in progress survive crashes; bad files never crash anything."""
import json
import random

import pygame
import pytest
from driver import key

from game.app.app import Options
from game.navigation import make_app
from game.persistence import saves, settings, storage
from game.rules.gauss import GAUSS


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GAUSS_ARCADE_HOME", str(tmp_path))
    return tmp_path


def test_json_is_written_atomically_and_read_back(home):
    path = home / "x.json"
    storage.write_json(path, {"format": 1, "a": [1, 2]})
    assert storage.read_json(path, "test", 1) == {"format": 1, "a": [1, 2]}
    assert [p.name for p in home.iterdir()] == ["x.json"]  # no temporary file left behind


@pytest.mark.parametrize("content, words", [
    ('{"format": 1, "volume": 0.5', "damaged"),
    ("[1, 2]", "not a JSON object"),
    ('{"format": 7}', "newer version"),
    ('{"format": "one"}', "unknown format"),
    (b"\xff\xfe\x00garbage", "cannot be read"),
])
def test_a_bad_file_is_set_aside_with_a_clear_message(home, content, words):
    path = home / "settings.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    loaded, message = settings.load()
    assert loaded == settings.Settings()
    assert words in message and "kept as settings.json.bad-" in message
    assert not path.exists()
    kept = list(home.glob("settings.json.bad-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == (content if isinstance(content, bytes)
                                                       else content.encode())


def test_settings_keep_good_values_and_default_the_bad_ones(home):
    (home / "settings.json").write_text(json.dumps(
        {"format": 1, "volume": 3, "fullscreen": True, "kiosk_idle_seconds": 120,
         "ai_levels": {"gauss": "x"}}))
    loaded, message = settings.load()
    assert loaded.fullscreen is True and loaded.kiosk_idle_seconds == 120
    assert loaded.volume == settings.Settings().volume and loaded.ai_levels == {}
    assert "volume" in message and "ai_levels" in message
    again, message2 = settings.load()  # the repaired file was written back
    assert again == loaded and message2 == ""


def play_some(app, n, seed=3):
    app.start_game("gauss", seed=seed)
    scene = app.stack.top
    rng = random.Random(seed)
    for _ in range(n):
        scene.try_play(rng.choice(GAUSS.legal_moves(scene.state)))
        scene.queue.skip()
    return scene


def test_every_move_is_autosaved_and_resumed_exactly_after_a_crash(home):
    app = make_app(Options(headless=True))
    app.start()
    scene = play_some(app, 7)
    state = scene.state
    record = saves.read_autosave()
    assert record is not None and len(record.moves) == 7
    # "crash": no clean shutdown; a new process starts and the title offers to resume
    app2 = make_app(Options(headless=True))
    app2.start()
    title = app2.stack.top
    assert title.menu.items[0].label.startswith("Resume GAUSS")
    app2.frame([key(pygame.K_RETURN)], 1 / 60)
    resumed = app2.stack.top
    assert resumed.state == state
    assert resumed.drawn_board() == resumed.engine_board()
    assert [m for _, m, _ in resumed.history] == [m for _, m, _ in scene.history]
    app.shutdown()


def test_undo_is_autosaved_and_a_finished_game_leaves_no_autosave(home):
    app = make_app(Options(headless=True))
    app.start()
    scene = play_some(app, 4)
    scene.undo()
    assert len(saves.read_autosave().moves) == 3
    rng = random.Random(1)
    while not scene.state.over:
        scene.try_play(rng.choice(GAUSS.legal_moves(scene.state)))
    assert saves.read_autosave() is None
    app.shutdown()


@pytest.mark.parametrize("edit, words", [
    (lambda d: d.update(moves=d["moves"] + [{"cell": [9, 9], "color": "red"}]), "move 4 cannot be played"),
    (lambda d: d.update(game="chess"), "unknown game"),
    (lambda d: d.update(seed="x"), "no seed"),
    (lambda d: d.update(level="enormous"), "no level 'enormous'"),
])
def test_a_bad_autosave_is_set_aside_and_the_title_says_so(home, edit, words):
    app = make_app(Options(headless=True))
    app.start()
    play_some(app, 3)
    data = json.loads(saves.autosave_path("gauss").read_text())
    edit(data)
    saves.autosave_path("gauss").write_text(json.dumps(data))
    app.to_title()
    title = app.stack.top
    assert words in app.notice and "kept as gauss.json.bad-" in app.notice
    assert not title.menu.items[0].label.startswith("Resume")
    app.frame([], 1 / 60)  # the title draws its notice without trouble
    app.shutdown()


def test_saves_by_name_round_trip(home):
    app = make_app(Options(headless=True))
    app.start()
    scene = play_some(app, 5)
    saves.save_as("Friday night!", scene.record())
    assert saves.list_saves() == ["Friday night"]
    record = saves.load_named("Friday night")
    assert record.replay()[-1] == scene.state
    with pytest.raises(storage.StoredFileError, match="no save called"):
        saves.load_named("nothing")
    with pytest.raises(ValueError):
        saves.safe_name("../../")
    app.shutdown()


def test_an_autosave_waits_for_no_disk_in_its_frame_and_is_settled_before_the_end(home, monkeypatch):
    """The frame a move lands in writes the autosave but leaves the fsyncs (1 to 17 ms
    here, each move) to a thread; the file is whole at once, and on the disk itself when the
    app ends."""
    import os
    import threading

    real = os.fsync
    where: list[bool] = []  # for each fsync: on the frame's thread?
    def fsync(fd):
        where.append(threading.current_thread() is threading.main_thread())
        real(fd)
    monkeypatch.setattr(os, "fsync", fsync)
    app = make_app(Options(headless=True))
    app.start()
    app.start_game("gauss", seed=2)
    game = app.stack.top
    storage.settle()
    where.clear()
    for _ in range(3):
        game.commit(game.rules.legal_moves(game.state)[0], animate=False)
        assert len(saves.read_autosave("gauss").moves) == len(game.history)  # whole at once
    app.shutdown()  # settles
    assert where and not any(where), "the autosave's fsyncs ran in the frame"


def test_a_disk_that_refuses_to_settle_an_autosave_is_told_at_the_next_move(home, monkeypatch):
    import errno
    import os

    app = make_app(Options(headless=True))
    app.start()
    app.start_game("gauss", seed=2)
    game = app.stack.top
    storage.settle()

    def failing(fd):
        raise OSError(errno.EIO, "Input/output error")
    monkeypatch.setattr(os, "fsync", failing)
    game.commit(game.rules.legal_moves(game.state)[0], animate=False)
    assert not game.unsaved  # written; the disk's refusal comes from the thread, later
    storage.settle()
    game.commit(game.rules.legal_moves(game.state)[0], animate=False)  # this write settles at once
    assert game.unsaved == "input/output error"
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    game.commit(game.rules.legal_moves(game.state)[0], animate=False)
    assert not game.unsaved
    app.shutdown()
