"""Every file is hostile until checked, no write can lose a move, signals end a run
cleanly. Each case here was found by attacking the game as a careful tester would."""
from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest
from driver import key

from game import cli
from game.app.app import Options
from game.content import levels
from game.navigation import make_app
from game.persistence import saves, settings, storage
from game.protocol import engine
from game.rules.gauss import GAUSS

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GAUSS_ARCADE_HOME", str(tmp_path))
    return tmp_path


def finishes(fn, seconds: float = 5.0):
    """Run ``fn`` in a thread; its result, or a failure if it hangs."""
    out: dict = {}

    def call() -> None:
        try:
            out["r"] = fn()
        except BaseException as exc:  # noqa: BLE001 - handed to the test's thread
            out["e"] = exc

    t = threading.Thread(target=call, daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), "it hangs"
    if "e" in out:
        raise out["e"]
    return out.get("r")


# -- the one reader --------------------------------------------------------------------------
def test_a_fifo_is_refused_at_once_not_waited_on(home):
    os.mkfifo(home / "settings.json")
    loaded, message = finishes(settings.load)
    assert loaded == settings.Settings() and "not a regular file" in message


def test_a_link_to_an_endless_device_is_refused(home):
    os.symlink("/dev/zero", home / "autosave.json")
    with pytest.raises(storage.StoredFileError, match="not a regular file"):
        finishes(saves.read_autosave)


def test_a_huge_file_is_refused_before_it_is_read(home, monkeypatch):
    path = home / "autosave.json"
    with open(path, "wb") as f:
        f.truncate(100 * 1024 * 1024)  # 100 MB, sparse: nothing to read in it
    reads = []
    real_open = os.fdopen
    monkeypatch.setattr(os, "fdopen", lambda *a, **k: reads.append(a) or real_open(*a, **k))
    with pytest.raises(storage.StoredFileError, match="far too large"):
        saves.read_autosave()
    assert reads == []


@pytest.mark.parametrize("content, words", [
    (b'\xef\xbb\xbf{"format": 1, "volume": 0.5}', None),  # a byte-order mark is fine
    (b'{"format": true}', "unknown format"),  # true is not 1
    (b'{"format": 1, "x": ' + b"[" * 200 + b"]" * 200 + b"}", "nested far too deeply"),
])
def test_small_hostile_details(home, content, words):
    (home / "settings.json").write_bytes(content)
    loaded, message = settings.load()
    if words is None:
        assert message == "" and loaded.volume == 0.5
    else:
        assert words in message


def test_messages_read_as_one_sentence(home):
    (home / "settings.json").write_bytes(b"[1]")
    _, message = settings.load()
    assert ".;" not in message and message.endswith(".")
    levels.forget_problems()


def test_a_name_the_file_system_refuses_is_a_clear_reason():
    data, problem = storage.load_json(Path("/tmp") / ("x" * 300 + ".json"), 1)
    assert data is None and problem.startswith("cannot be read")


# -- a 300-character level name, everywhere it can come from -----------------------------------
LONG = "a" * 300


def save_with_level(level: str) -> dict:
    state = GAUSS.new(levels.load("gauss"), seed=1)
    move = GAUSS.legal_moves(state)[0]
    return {"format": 1, "game": "gauss", "level": level, "seed": 1, "options": None,
            "moves": [GAUSS.move_json(move)], "seats": {}}


def test_an_autosave_with_an_absurd_level_name_is_set_aside_and_the_game_starts(home):
    (home / "autosave.json").write_text(json.dumps(save_with_level(LONG)))
    app = make_app(Options(headless=True))
    app.start()
    app.frame([], 1 / 60)
    assert not (home / "autosave.json").exists()
    assert list(home.glob("autosave.json.bad-*"))
    assert "not a level name" in app.notice
    app.shutdown()


def test_a_save_with_an_absurd_level_name_is_listed_as_unusable(home):
    (home / "saves").mkdir()
    (home / "saves" / "odd.json").write_text(json.dumps(save_with_level(LONG)))
    (info,) = saves.catalogue()
    assert not info.usable and "level name" in info.problem


def test_the_command_line_refuses_an_absurd_level_name():
    with pytest.raises(SystemExit) as stop:
        cli.parse(["--game", "gauss", "--level", LONG])
    assert stop.value.code == 2


def test_the_engine_answers_an_absurd_level_name_plainly():
    answer = engine.Session().handle_line(json.dumps({"cmd": "new", "game": "gauss", "level": LONG}))
    assert answer["ok"] is False and "Internal" not in answer["error"]


# -- the engine ------------------------------------------------------------------------------
def test_the_engine_leaves_quietly_when_its_reader_goes():
    p = subprocess.Popen([sys.executable, "-m", "game.engine"], cwd=ROOT, stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.close()  # the reader is gone before the answers come
    try:
        p.stdin.write(b'{"cmd":"games"}\n' * 2000)
        p.stdin.close()
    except BrokenPipeError:
        pass
    assert p.wait(30) == 0
    assert b"Traceback" not in p.stderr.read()


def test_the_engine_never_renames_the_files_of_an_installation(tmp_path, monkeypatch):
    root = tmp_path / "levels"
    for game in ("gauss",):
        (root / game).mkdir(parents=True)
        (root / game / "classic.json").write_bytes((levels.LEVELS_DIR / game / "classic.json").read_bytes())
        (root / game / "broken.json").write_text("{")
    monkeypatch.setattr(levels, "LEVELS_DIR", root)
    monkeypatch.setattr(levels, "set_aside_bad_files", True)
    monkeypatch.setattr(sys, "stdin", type("In", (), {"buffer": [b'{"cmd":"games"}\n']})())
    out = []
    monkeypatch.setattr(sys, "stdout", type("Out", (), {"write": out.append, "flush": lambda s: None})())
    assert engine.main() == 0
    assert (root / "gauss" / "broken.json").exists() and not list((root / "gauss").glob("*.bad-*"))
    levels.forget_problems()


# -- writing ---------------------------------------------------------------------------------
def test_the_temporary_file_is_new_and_no_planted_link_is_followed(home, monkeypatch):
    victim = home / "victim.txt"
    victim.write_text("precious")
    for guess in range(0, 65536, 997):  # links at names an attacker might guess
        os.symlink(victim, home / f".autosave.json.{os.getpid()}.tmp{guess}")
    os.symlink(victim, home / f".autosave.json.{os.getpid()}.tmp")
    flags = []
    real_open = os.open
    monkeypatch.setattr(os, "open", lambda path, f, *a: flags.append(f) or real_open(path, f, *a))
    storage.write_json(home / "autosave.json", {"format": 1})
    assert victim.read_text() == "precious"
    assert flags and flags[0] & os.O_EXCL
    assert json.loads((home / "autosave.json").read_text()) == {"format": 1}


def test_temporary_files_left_by_a_crash_are_removed_at_start(home):
    victim = home / "victim.txt"
    victim.write_text("precious")
    # the process that wrote them is gone (one still running is another instance writing:
    # tests/test_nothing_lost_three.py)
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True).stdout.strip()
    (home / f".autosave.json.{gone}-abc.tmp").write_text("half")
    (home / "saves").mkdir()
    (home / "saves" / f".mine.json.{gone}-ff.tmp").write_text("half")
    os.symlink(victim, home / f".settings.json.{gone}-00.tmp")
    (home / "keep.tmp").write_text("not ours")
    app = make_app(Options(headless=True))
    app.shutdown()
    assert sorted(p.name for p in home.iterdir()) == ["keep.tmp", "saves", "settings.json", "victim.txt"] \
        or sorted(p.name for p in home.iterdir()) == ["keep.tmp", "saves", "victim.txt"]
    assert victim.read_text() == "precious" and list((home / "saves").iterdir()) == []


def test_a_bad_setting_in_a_read_only_folder_does_not_stop_the_start(home, monkeypatch):
    (home / "settings.json").write_text(json.dumps({"format": 1, "volume": 7, "fullscreen": True}))

    def refuse(path, data):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(storage, "write_json", refuse)
    loaded, message = settings.load()
    assert loaded.fullscreen is True and "volume" in message


def test_a_failed_autosave_is_shown_and_tried_again(home, monkeypatch):
    app = make_app(Options(headless=True))
    app.start()
    app.start_game("gauss", seed=2)
    game = app.stack.top
    real = saves.write_autosave

    def full(record):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saves, "write_autosave", full)
    move = game.rules.legal_moves(game.state)[0]
    game.commit(move)
    text, _ = game.bottom_line()
    assert "Not saved" in text and "no space left" in text.lower()
    monkeypatch.setattr(saves, "write_autosave", real)
    for _ in range(int(game.SAVE_RETRY * 60) + 30):
        app.frame([], 1 / 60)
    assert not game.unsaved and "Not saved" not in game.bottom_line()[0]
    assert len(saves.read_autosave().moves) == 1
    app.shutdown()


def test_resuming_writes_nothing_before_the_game_is_whole(home, monkeypatch):
    app = make_app(Options(headless=True))
    app.start()
    app.start_game("gauss", seed=4)
    game = app.stack.top
    for _ in range(5):
        game.commit(game.rules.legal_moves(game.state)[0], animate=False)
    record = saves.read_autosave()
    assert len(record.moves) == 5
    written = []
    real = saves.write_autosave
    monkeypatch.setattr(saves, "write_autosave", lambda r: written.append(len(r.moves)) or real(r))
    monkeypatch.setattr(saves, "clear_autosave", lambda game: written.append("cleared"))
    app.nav.resume(record)
    assert written == [5]
    app.shutdown()


def test_com0_and_lpt0_are_reserved_names_too():
    assert saves.safe_name("COM0") == "COM0_" and saves.safe_name("lpt0") == "lpt0_"


# -- signals ---------------------------------------------------------------------------------
def run_and_signal(args: list[str], number: int, home: Path, wait: float = 4.0):
    env = {**os.environ, "GAUSS_ARCADE_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    p = subprocess.Popen([sys.executable, "main.py", "--headless", *args], cwd=ROOT, env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(wait)
    p.send_signal(number)
    out, err = p.communicate(timeout=20)
    return subprocess.CompletedProcess(p.args, p.returncode, out, err)


@pytest.mark.parametrize("name", ["SIGTERM", "SIGINT", "SIGHUP"])
def test_a_signal_ends_a_game_cleanly_with_its_moves_saved(tmp_path, name):
    import signal

    done = run_and_signal(["--game", "gauss", "--autoplay", "3", "--seed", "5"], getattr(signal, name),
                          tmp_path)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    assert b"Traceback" not in done.stderr
    record = json.loads((tmp_path / "autosaves" / "gauss.json").read_text())
    assert len(record["moves"]) == 3


def test_sigterm_stops_a_kiosk(tmp_path):
    import signal

    done = run_and_signal(["--kiosk"], signal.SIGTERM, tmp_path)
    assert done.returncode == 0 and b"Traceback" not in done.stderr


def test_keys_still_work_after_all_this(home):
    app = make_app(Options(headless=True))
    app.start()
    title = app.stack.top
    before = title.menu.index
    app.frame([key(pygame.K_DOWN)], 1 / 60)
    assert app.stack.top is title and title.menu.index == before + 1  # the title answers a key
    app.shutdown()


# -- one autosave per game -------------------------------------------------------------------
def test_a_games_autosave_that_is_a_fifo_or_an_endless_link_is_refused_and_the_rest_listed(home):
    (home / "autosaves").mkdir()
    os.mkfifo(home / "autosaves" / "gauss.json")
    os.symlink("/dev/zero", home / "autosaves" / "rush.json")
    record = saves.Record("sparks", "classic", 5, None, [])
    saves.write_autosave(record)
    found, problems = finishes(saves.read_autosaves)
    assert [r.game for r in found] == ["sparks"]
    assert len(problems) == 2 and all("not a regular file" in p for p in problems)


def test_a_truncated_autosave_of_a_game_is_set_aside_with_its_reason(home):
    saves.write_autosave(saves.Record("order", "classic", 5, None, []))
    path = saves.autosave_path("order")
    path.write_bytes(path.read_bytes()[:25])
    found, problems = saves.read_autosaves()
    assert found == [] and "damaged" in problems[0] and list(path.parent.glob("order.json.bad-*"))


def test_the_old_autosave_in_a_read_only_folder_stays_the_game_in_progress(home, monkeypatch):
    record = saves.Record("gauss", "classic", 5, None, [])
    (home / "autosave.json").write_text(json.dumps(record.to_json()))

    def refuse(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(type(home), "mkdir", refuse)
    found, problems = saves.read_autosaves()
    assert [r.game for r in found] == ["gauss"] and problems == []
    assert saves.read_autosave("gauss").seed == 5 and (home / "autosave.json").exists()
