"""Bad level files: set aside (renamed, never deleted) with a message; play falls back to defaults.

Every test works on a temporary copy of ``levels/``: the real level files are never touched.
"""
import json
import random
import shutil

import pygame
import pytest
from driver import key

from game import catalogue
from game.content import levels
from game.persistence import saves, storage
from game.scenes.menus.select import SelectScene


@pytest.fixture
def root(tmp_path):
    copy = tmp_path / "levels"
    shutil.copytree(levels.LEVELS_DIR, copy)
    levels.forget_problems()
    yield copy
    levels.forget_problems()


SMALL = json.loads((levels.LEVELS_DIR / "gauss" / "small.json").read_text())

BAD_LEVELS = {
    "corrupt": (b'{"format": 1, "game": "gauss", "name": ', "damaged (not valid JSON"),
    "truncated": ((levels.LEVELS_DIR / "gauss" / "small.json").read_bytes()[:40], "damaged (not valid JSON"),
    "empty": (b"", "damaged (not valid JSON"),
    "not an object": (b'["small"]', "not a JSON object"),
    "wrong game": (json.dumps({**SMALL, "game": "rush"}).encode(), "must say game 'gauss'"),
    "wrong name": (json.dumps({**SMALL, "name": "large"}).encode(), "name 'small'"),
    "future": (json.dumps({**SMALL, "format": 2}).encode(), "newer version of the game"),
    "unknown format": (json.dumps({**SMALL, "format": "1"}).encode(), "unknown format"),
    "wrong type": (json.dumps({**SMALL, "radius": "3"}).encode(), "not a usable level"),
    "out of range": (json.dumps({**SMALL, "radius": 40}).encode(), "not a usable level"),
    "bad title": (json.dumps({**SMALL, "title": ["x"]}).encode(), "title that is not text"),
    "code": (b"__import__('os').system('touch pwned')", "damaged (not valid JSON"),
    "code inside": (json.dumps({**SMALL, "radius": "__import__('os').system('touch pwned')"}).encode(),
                    "not a usable level"),
    "not utf-8": (b'{"format": 1, "title": "\xff\xfe"}', "cannot be read"),
}


@pytest.mark.parametrize("case", list(BAD_LEVELS))
def test_a_bad_level_file_is_set_aside_left_out_and_play_falls_back(root, case, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    content, words = BAD_LEVELS[case]
    path = root / "gauss" / "small.json"
    path.write_bytes(content)
    assert levels.names("gauss", root) == ["classic", "large"]
    assert not path.exists()
    kept = list((root / "gauss").glob("small.json.bad-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == content  # renamed, never deleted or changed
    [message] = levels.problems()
    assert "gauss/small.json" in message and words in message and kept[0].name in message
    assert levels.problem_line() == message
    # the level asked for by name gives the default level instead
    assert levels.load("gauss", "small", root)["name"] == "classic"
    with pytest.raises(levels.LevelError, match="small.json"):
        levels.load("gauss", "small", root, strict=True)  # a saved game is never moved to another board
    assert not (tmp_path / "pwned").exists()


def test_loading_a_bad_file_directly_sets_it_aside_too(root):
    path = root / "gauss" / "large.json"
    path.write_text('{"format": 1')
    level = levels.load("gauss", "large", root)
    assert level["name"] == "classic" and level["radius"] == 4
    assert not path.exists() and list((root / "gauss").glob("large.json.bad-*"))
    assert "gauss/large.json" in levels.problem_line()


def test_a_bad_default_level_gives_the_built_in_copy(root):
    (root / "rush" / "9x9.json").write_text('{"format": 9}')
    assert levels.load("rush", None, root) == levels.BUILTIN["rush"]
    assert levels.load("rush", "9x9", root, strict=True)["size"] == 9  # the same board as shipped
    assert "9x9" not in levels.names("rush", root)
    (root / "improbable" / "classic.json").unlink()  # missing altogether
    assert levels.load("improbable", None, root) == levels.BUILTIN["improbable"]


def test_the_built_in_defaults_are_the_shipped_files():
    for game_id in catalogue.GAME_IDS:
        default = catalogue.game(game_id).default_level
        path = levels.data_dir(game_id) / game_id / f"{default}.json"
        shipped = json.loads(path.read_text(encoding="utf-8"))
        assert levels.BUILTIN[game_id] == shipped


def test_a_read_only_install_leaves_the_file_and_still_skips_it(root, monkeypatch):
    def refuse(path):
        raise PermissionError(13, "Read-only file system")

    monkeypatch.setattr(storage, "set_aside", refuse)
    path = root / "gauss" / "large.json"
    path.write_text("nonsense")
    assert levels.names("gauss", root) == ["classic", "small"]
    assert path.read_text() == "nonsense"
    assert levels.problems() == ["Level file gauss/large.json is damaged (not valid JSON, line 1); "
                                 "it is skipped."]
    assert levels.names("gauss", root) == ["classic", "small"]
    assert len(levels.problems()) == 1  # the same file is reported once
    assert levels.load("gauss", "large", root)["name"] == "classic"


def test_several_bad_files_make_one_line(root):
    (root / "gauss" / "large.json").write_text("{")
    (root / "rush" / "13x13.json").write_text("[]")
    levels.names("gauss", root)
    levels.names("rush", root)
    assert len(levels.problems()) == 2
    assert levels.problem_line().endswith("(+1 more: see the log)")


def test_a_name_with_no_file_is_still_an_error(root):
    with pytest.raises(levels.LevelError, match="has no level 'huge'"):
        levels.load("gauss", "huge", root)
    with pytest.raises(levels.LevelError, match="not a level name"):
        levels.load("gauss", "../rush/9x9", root)


def test_the_select_screen_shows_the_problem_and_plays_on(app, root, monkeypatch):
    monkeypatch.setattr(levels, "LEVELS_DIR", root)
    (root / "gauss" / "small.json").write_text('{"format": 1, "game": "gauss"')
    select = SelectScene(app)
    app.stack.push(select)
    assert select.level_names["gauss"] == ["classic", "large"]
    assert "gauss/small.json" in select.message and "kept as small.json.bad-" in select.message
    app.frame([], 1 / 60)  # the message draws
    app.frame([key(pygame.K_DOWN)], 1 / 60)
    assert select.message == ""


def test_a_game_started_on_a_level_set_aside_plays_the_default(app, root, monkeypatch):
    monkeypatch.setattr(levels, "LEVELS_DIR", root)
    (root / "gauss" / "large.json").write_text("{")
    levels.names("gauss")
    app.start_game("gauss", "large", seed=1)
    assert app.stack.top.level["name"] == "classic"


def test_a_save_whose_level_file_went_bad_is_unusable_not_moved(app, root, monkeypatch):
    monkeypatch.setattr(levels, "LEVELS_DIR", root)
    app.start_game("gauss", "small", seed=2)
    scene = app.stack.top
    scene.try_play(scene.rules.random_move(scene.state, random.Random(1)))
    saves.save_as("On small", scene.record())
    (root / "gauss" / "small.json").write_text('{"format": 1, "radius": 3')
    [entry] = saves.catalogue()
    assert not entry.usable and "small.json" in entry.problem
    assert saves.path_of("On small").exists()  # the save is kept: its level may be mended
