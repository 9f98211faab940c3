"""Nothing lost, round three (issue #34): wrong-typed values in every field of every file,
hostile saves on the Load game screen, the log, no home folder, two instances on one home,
progress files set aside, a full disk with a bad setting, shipped files read safely."""
from __future__ import annotations

import copy
import errno
import json
import logging
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game import cli
from game.arcade import fame, ladder
from game.catalogue import GAME_IDS
from game.content import lessons, levels, puzzles, records
from game.persistence import saves, settings, storage
from game.protocol import engine
from game.rules.gauss import GAUSS

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GAUSS_ARCADE_HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    return tmp_path / "home"


def finishes(fn, seconds: float = 5.0):
    """Run ``fn`` in a thread; its result, or a failure if it takes longer than ``seconds``."""
    out: dict = {}

    def call() -> None:
        try:
            out["r"] = fn()
        except BaseException as exc:  # noqa: BLE001 - handed to the test's thread
            out["e"] = exc

    t = threading.Thread(target=call, daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), f"it takes longer than {seconds} s"
    if "e" in out:
        raise out["e"]
    return out.get("r")


def a_save(game: str = "gauss", moves: int = 1, seed: int = 1) -> dict:
    rules = GAUSS
    state = rules.new(levels.load("gauss"), seed=seed)
    played = []
    for _ in range(moves):
        move = rules.legal_moves(state)[0]
        played.append(rules.move_json(move))
        state = rules.play(state, move)[0]
    return {"format": 1, "game": game, "level": "classic", "seed": seed, "options": None, "moves": played,
            "saved": "2026-11-24 21:03", "seats": {"red": "human", "blue": "hard"}, "hints": [0],
            "ladder": None, "takebacks": 0}


# -- item 2: any value of any type in any field of any file ------------------------------------
#: a value of every JSON type, and the odd ones of each
VALUES = [None, True, False, 0, -1, 7, 2 ** 70, 0.5, -1e308, "", "x", "gauss", "a\x00b", "é" * 3,
          [], [None], [1, "a"], [[[]]], {}, {"a": 1}, {"gauss": [0]}, {"red": {"x": []}}]


def paths(value, here=()):
    """Every place in a JSON value: each key of each object, the first item of each list."""
    yield here
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from paths(inner, (*here, key))
    elif isinstance(value, list) and value:
        yield from paths(value[0], (*here, 0))


def mutations(example: dict):
    """``example`` with one place changed to each of VALUES, or that key removed."""
    for where in paths(example):
        if not where:
            continue
        for value in [*VALUES, "<gone>"]:
            data = copy.deepcopy(example)
            holder = data
            for step in where[:-1]:
                holder = holder[step]
            if value == "<gone>":
                if isinstance(holder, dict):
                    del holder[where[-1]]
                else:
                    holder.pop(where[-1])
            else:
                holder[where[-1]] = value
            yield where, value, data


EXAMPLES = {
    "settings.json": {"format": 1, "volume": 0.5, "fullscreen": False, "ai_levels": {"gauss": "hard"},
                      "seats": {"gauss": {"red": "human", "blue": "easy"}}, "kiosk_idle_seconds": 90,
                      "language": "auto", "reduced_motion": False, "animation_speed": "fast",
                      "large_text": False, "demo_sound": True},
    "autosaves/gauss.json": a_save(),
    "saves/mine.json": a_save(),
    "ladder.json": {"format": 1, "games": {"rush": {"beaten": ["easy", "medium"], "games": 5}}},
    "fame.json": {"format": 1, "games": {"gauss": {
        "margin": [{"initials": "JOE", "value": 12, "date": "2026-11-24"}],
        "ladder": [{"initials": "ANN", "value": 4, "date": "2026-11-20"}],
        "streak": [{"initials": "MAX", "value": 2, "date": "2026-11-21"}]}}},
    "puzzles.json": {"format": 1, "solved": {"sparks": ["01", "02"]}, "streak": {"sparks": ["01", "02"]}},
    "lessons.json": {"format": 1, "done": {"gauss": [0, 1]}},
}


def screens(app, name: str) -> None:
    """The screens that read the file ``name``, each built and drawn."""
    from game.scenes.hosts.lesson import LessonListScene
    from game.scenes.hosts.puzzle import PuzzleListScene, streak
    from game.scenes.menus.arcade import HallScene, LadderScene

    app.nav.title()  # the title reads the games in progress
    if name.startswith("saves/"):
        app.nav.load_menu()
    elif name == "ladder.json":
        app.stack.push(LadderScene(app))
    elif name == "fame.json":
        app.stack.push(HallScene(app, "gauss"))
        fame.qualifies("gauss", "streak", 3)
    elif name == "lessons.json":
        app.stack.push(LessonListScene(app, "gauss"))
    elif name == "puzzles.json":
        app.stack.push(PuzzleListScene(app, "sparks"))
        streak("sparks")
    app.frame([], 1 / 60)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_every_field_of_every_file_with_a_value_of_every_type_is_survived(app, tmp_path, monkeypatch, name):
    """Each place of each file gets a value of each JSON type (or goes): the file is used,
    its bad part falls back, or it is set aside; never an exception, on any screen that
    reads it."""
    failures = []
    monkeypatch.setattr(app.nav, "failed", lambda: failures.append(where))
    for n, (where, value, data) in enumerate(mutations(EXAMPLES[name])):
        folder = tmp_path / f"m{n}"
        monkeypatch.setenv("GAUSS_ARCADE_HOME", str(folder))
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(json.dumps(data))
        if name == "settings.json":
            loaded, _message = settings.load()
            for key, check in settings.CHECKS.items():
                assert check(getattr(loaded, key)), (where, value)
            continue
        found, _problems = saves.read_autosaves()
        screens(app, name)
        assert failures == [], (where, value)
        if name.startswith("autosaves/"):  # it is resumed, or it was set aside
            assert found or not (folder / name).exists(), (where, value)
        for info in saves.catalogue():
            assert info.usable or info.problem, (where, value)


def test_a_list_for_the_animation_speed_does_not_stop_the_start(home):
    (home / "settings.json").write_text('{"format": 1, "animation_speed": [], "volume": 0.25}')
    done = subprocess.run([sys.executable, "main.py", "--headless", "--seconds", "0"], cwd=ROOT,
                          env={**os.environ, "GAUSS_ARCADE_HOME": str(home)}, capture_output=True, timeout=60)
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr.decode()[-800:]
    loaded, message = settings.load()
    assert loaded.volume == 0.25 and loaded.animation_speed == "normal"


def test_an_autosave_naming_a_list_for_its_game_is_set_aside_and_the_game_starts(home, app):
    (home / "autosaves").mkdir()
    (home / "autosaves" / "gauss.json").write_text(json.dumps({**a_save(), "game": ["gauss"]}))
    found, problems = saves.read_autosaves()
    assert found == [] and problems and list((home / "autosaves").glob("gauss.json.bad-*"))
    app.nav.title()
    app.frame([], 1 / 60)


# -- item 3: Load game lists what it can -------------------------------------------------------
RECORD_HEAD = "# Gauss Arcade game record\nGame: gauss\nSeed: 1\n"


def hostile(kind: str, home: Path) -> None:
    (home / "saves").mkdir(exist_ok=True)
    (home / "records").mkdir(exist_ok=True)
    if kind == "nul in the date":
        (home / "saves" / "nul.json").write_text(json.dumps({**a_save(), "saved": "2026\x0011"}))
    elif kind == "a file name not in UTF-8":
        with open(os.fsencode(home / "saves") + b"/bad\xff.json", "w") as f:
            f.write(json.dumps(a_save()))
    elif kind == "options nested 100 000 deep":
        (home / "records" / "deep.txt").write_text(RECORD_HEAD + "Options: " + "[" * 100_000 + "]" * 100_000)
    elif kind == "sparks options [1]":
        (home / "records" / "one.txt").write_text(RECORD_HEAD.replace("gauss", "sparks") + "Options: [1]\n")
    elif kind == "an unhashable game":
        (home / "saves" / "list.json").write_text(json.dumps({**a_save(), "game": ["gauss"]}))
    elif kind == "a 20 000-character game":
        (home / "saves" / "long.json").write_text(json.dumps({**a_save(), "game": "x" * 20_000}))
    elif kind == "a 300 000-character move":
        (home / "records" / "word.txt").write_text(RECORD_HEAD + "\n1. " + "a" * 300_000 + "\n")
    elif kind == "a 1 000 000-character date":
        (home / "saves" / "date.json").write_text(json.dumps({**a_save(), "saved": "9" * 1_000_000}))


KINDS = ["nul in the date", "a file name not in UTF-8", "options nested 100 000 deep", "sparks options [1]",
         "an unhashable game", "a 20 000-character game", "a 300 000-character move",
         "a 1 000 000-character date"]


@pytest.mark.parametrize("kind", KINDS)
def test_load_game_lists_a_hostile_file_as_unusable_with_a_short_reason(home, app, monkeypatch, kind):
    from game.scenes.menus.saves_menu import LoadScene

    hostile(kind, home)
    saves.save_as("good one", saves.parse(a_save()))
    failures = []
    monkeypatch.setattr(app.nav, "failed", lambda: failures.append(kind))
    entries = finishes(saves.catalogue, 3.0)
    assert len(entries) == 2
    good, bad = sorted(entries, key=lambda e: not e.usable)
    assert good.usable and good.name == "good one"
    assert not bad.usable and 0 < len(bad.problem) <= 200 and len(bad.name) <= 200 and len(bad.date) <= 40
    app.nav.load_menu()

    def draw_and_open() -> None:
        for _ in range(3):
            app.frame([], 1 / 60)
        scene = app.stack.top
        scene.choose([e.name for e in scene.entries].index(bad.name))
        app.frame([], 1 / 60)

    finishes(draw_and_open, 3.0)
    assert failures == [] and isinstance(app.stack.scenes[-2], LoadScene)


def test_every_hostile_file_at_once_and_the_good_save_is_still_there(home, app, monkeypatch):
    for kind in KINDS:
        hostile(kind, home)
    saves.save_as("good one", saves.parse(a_save()))
    failures = []
    monkeypatch.setattr(app.nav, "failed", lambda: failures.append(1))
    entries = finishes(saves.catalogue, 5.0)
    assert [e.name for e in entries if e.usable] == ["good one"] and len(entries) == len(KINDS) + 1
    app.nav.load_menu()
    finishes(lambda: [app.frame([], 1 / 60) for _ in range(3)], 5.0)
    assert failures == []


def test_an_ellipsis_over_a_long_text_is_found_quickly(app):
    from game.ui import theme

    text = finishes(lambda: theme.ellipsized("x" * 200_000, 24, 300), 2.0)
    assert text.endswith("…") and theme.font(24).size(text)[0] <= 300
    assert theme.ellipsized("short", 24, 300) == "short"


# -- item 4: the log -----------------------------------------------------------------------------
@pytest.fixture
def no_new_log_handlers():
    root = logging.getLogger()
    before = list(root.handlers)
    yield
    for handler in root.handlers[:]:
        if handler not in before:
            root.removeHandler(handler)
            handler.close()


def test_a_fifo_as_the_log_is_not_waited_on(home, no_new_log_handlers):
    (home / "logs").mkdir()
    os.mkfifo(home / "logs" / "gauss-arcade.log")
    finishes(cli.log_to_file, 3.0)
    logging.getLogger("gauss_arcade").warning("after the fifo")
    assert list((home / "logs").glob("gauss-arcade.log.bad-*"))
    assert "after the fifo" in (home / "logs" / "gauss-arcade.log").read_text()


def test_a_log_that_links_out_of_the_home_is_not_followed(home, tmp_path, no_new_log_handlers):
    outside = tmp_path / "outside.txt"
    outside.write_text("not the game's\n")
    (home / "logs").mkdir()
    os.symlink(outside, home / "logs" / "gauss-arcade.log")
    cli.log_to_file()
    logging.getLogger("gauss_arcade").warning("a line for the log")
    assert outside.read_text() == "not the game's\n"
    assert not (home / "logs" / "gauss-arcade.log").is_symlink()


def test_a_failed_log_write_prints_no_traceback(home, no_new_log_handlers, capfd):
    cli.log_to_file()
    handler = next(h for h in logging.getLogger().handlers
                   if getattr(h, "baseFilename", "").startswith(str(home)))

    class Full:
        def write(self, text):
            raise OSError(errno.ENOSPC, "No space left on device")

        def flush(self):
            raise OSError(errno.ENOSPC, "No space left on device")

        def close(self):
            pass

    handler.stream = Full()
    for n in range(5):
        logging.getLogger("gauss_arcade").warning("line %s", n)
    err = capfd.readouterr().err
    assert "Traceback" not in err and err.count("\n") <= 8


# -- item 5: no home folder ----------------------------------------------------------------------
def test_no_home_and_no_user_entry_is_a_folder_all_the_same(monkeypatch):
    import pwd

    monkeypatch.delenv("GAUSS_ARCADE_HOME")
    monkeypatch.delenv("HOME", raising=False)
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)

    def nobody(uid):
        raise KeyError(uid)

    monkeypatch.setattr(pwd, "getpwuid", nobody)
    folder = storage.home()
    assert folder.is_absolute() and folder != Path("/.config/gauss-arcade")
    assert folder == storage.home()  # the same folder all through the run


def test_an_empty_home_is_not_the_root(monkeypatch):
    monkeypatch.delenv("GAUSS_ARCADE_HOME")
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.setenv("HOME", "")
    assert not str(storage.home()).startswith("/.config")


def test_a_relative_xdg_config_home_is_ignored(monkeypatch, tmp_path):
    monkeypatch.delenv("GAUSS_ARCADE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", "relative/config")
    assert storage.home().is_absolute()  # everywhere: never a folder relative to where it was started
    if sys.platform.startswith("linux"):
        assert storage.home() == tmp_path / ".config" / "gauss-arcade"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    if sys.platform.startswith("linux"):
        assert storage.home() == tmp_path / "cfg" / "gauss-arcade"


# -- item 6: two instances, the parts a single process can check ---------------------------------
def test_start_up_removes_only_the_temporaries_whose_owner_is_gone(home):
    alive = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                              text=True).stdout.strip()
        for folder in ("", "saves", "autosaves", "records"):
            (home / folder).mkdir(exist_ok=True)
            (home / folder / f".x.json.{alive.pid}-ab12.tmp").write_text("being written")
            (home / folder / f".y.json.{gone}-cd34.tmp").write_text("left by a crash")
        (home / "records" / f".r.txt.{gone}-ef56.tmp").write_text("left by a crash")
        from game.app.app import Options
        from game.navigation import make_app

        make_app(Options(headless=True)).shutdown()
        left = sorted(p.relative_to(home).as_posix() for p in home.rglob(".*.tmp"))
        assert left == sorted(f"{folder + '/' if folder else ''}.x.json.{alive.pid}-ab12.tmp"
                              for folder in ("", "saves", "autosaves", "records"))
    finally:
        alive.kill()
        alive.wait()


CLAIMER = """
import sys, time
sys.path.insert(0, {root!r})
from game.persistence import saves
saves.write_autosave(saves.parse({save!r}))
print("claimed", flush=True)
time.sleep(30)
"""


def test_the_game_another_instance_plays_is_not_written_over_and_the_player_is_told(home, app):
    other = subprocess.Popen([sys.executable, "-c", CLAIMER.format(root=str(ROOT), save=a_save(moves=3))],
                             env={**os.environ, "GAUSS_ARCADE_HOME": str(home)}, stdout=subprocess.PIPE,
                             text=True)
    try:
        assert other.stdout.readline().strip() == "claimed"
        app.start_game("gauss", seed=9)
        game = app.stack.top
        game.commit(game.rules.legal_moves(game.state)[0], animate=False)
        assert len(json.loads((home / "autosaves" / "gauss.json").read_text())["moves"]) == 3
        text, _ink = game.bottom_line()
        assert "another" in text.lower()
    finally:
        other.kill()
        other.wait()
    for _ in range(int(game.SAVE_RETRY * 60) + 30):  # the other one is gone: saved from now on
        app.frame([], 1 / 60)
    assert len(json.loads((home / "autosaves" / "gauss.json").read_text())["moves"]) == 1


# -- item 7: progress files are set aside, not overwritten --------------------------------------
@pytest.mark.parametrize("content", [b"{ damaged", b'{"format": 7, "done": {"gauss": [0]}}'])
def test_a_damaged_or_newer_lessons_file_is_set_aside_not_overwritten(home, content):
    from game.scenes.hosts.lesson import mark_done

    (home / "lessons.json").write_bytes(content)
    mark_done("gauss", 1)
    (kept,) = home.glob("lessons.json.bad-*")
    assert kept.read_bytes() == content


@pytest.mark.parametrize("content", [b"{ damaged", b'{"format": 7, "solved": {"gauss": ["01"]}}'])
def test_a_damaged_or_newer_puzzles_file_is_set_aside_not_overwritten(home, content):
    from game.scenes.hosts.puzzle import mark_solved, solved

    (home / "puzzles.json").write_bytes(content)
    mark_solved("gauss", "01")
    (kept,) = home.glob("puzzles.json.bad-*")
    assert kept.read_bytes() == content and solved()["gauss"] == ["01"]


# -- item 9: a full disk and one bad setting -----------------------------------------------------
def test_a_full_disk_and_one_bad_setting_keep_the_good_settings(home, monkeypatch):
    (home / "settings.json").write_text(json.dumps({"format": 1, "volume": 7, "fullscreen": True,
                                                    "large_text": True}))

    def full(path, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage, "write_json", full)
    for _start in range(2):
        loaded, message = settings.load()
        assert loaded.fullscreen is True and loaded.large_text is True and "volume" in message


# -- item 10: a save is never larger than what is read back --------------------------------------
def test_a_save_larger_than_the_reader_takes_is_not_written(home, monkeypatch):
    monkeypatch.setattr(saves, "MAX_BYTES", 300)
    record = saves.parse(a_save(moves=12))
    with pytest.raises(OSError):
        saves.write_autosave(record)
    with pytest.raises(OSError):
        saves.save_as("big", record)
    assert not saves.autosave_path("gauss").exists()


def test_the_longest_game_of_sparks_fits_in_a_save():
    """What the rules allow is written and read back: a game of the most actions there can
    be, each as long as an action is in JSON, is under the reader's limit."""
    from game.rules import sparks

    longest = [{"from": "h8", "to": "h7"}] * sparks.MOST_ACTIONS
    record = saves.Record("sparks", "classic", 2 ** 63, {"gate_diagonals": False}, longest,
                          "2026-11-24 21:03", {"white": "human", "black": "medium"}, list(range(0, 3000)),
                          "medium", 1_000_000)
    assert len(json.dumps(record.to_json(), indent=1).encode()) <= saves.MAX_BYTES


def test_resuming_a_long_game_draws_the_board_once_not_once_a_move(app, monkeypatch):
    moves = []
    from game.rules.sparks import SPARKS

    state = SPARKS.new(levels.load("sparks"), seed=3)
    import random

    rng = random.Random(3)
    while len(moves) < 300 and not state.over:
        move = SPARKS.random_move(state, rng)
        moves.append(SPARKS.move_json(move))
        state = SPARKS.play(state, move)[0]
    record = saves.Record("sparks", "classic", 3, None, moves)
    from game.scenes.games.sparks_scene import SparksScene

    views = []
    real = SparksScene.reset_view
    monkeypatch.setattr(SparksScene, "reset_view", lambda self: views.append(1) or real(self))
    scene = app.nav.resume(record)
    assert scene.state == state and len(views) <= 3


# -- item 13: shipped files and hand-edited progress --------------------------------------------
def test_a_course_file_that_is_a_fifo_or_an_endless_link_is_refused_at_once(tmp_path, monkeypatch):
    os.mkfifo(tmp_path / "gauss.json")
    os.symlink("/dev/zero", tmp_path / "rush.json")
    monkeypatch.setattr(lessons, "lessons_dir", lambda game=None: tmp_path)
    assert finishes(lambda: lessons.load("gauss"), 3.0) is None
    assert finishes(lambda: lessons.load("rush"), 3.0) is None


def shipped_puzzles(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "puzzles"
    (folder / "sparks").mkdir(parents=True)
    for path in sorted((puzzles.puzzles_dir() / "sparks").glob("*.json"))[:3]:
        (folder / "sparks" / path.name).write_bytes(path.read_bytes())
    monkeypatch.setattr(puzzles, "puzzles_dir", lambda game=None: folder)
    return folder / "sparks"


def test_one_bad_puzzle_file_leaves_the_others_playable(tmp_path, monkeypatch, app):
    folder = shipped_puzzles(tmp_path, monkeypatch)
    (folder / "90.json").write_text("{ damaged")
    os.mkfifo(folder / "91.json")
    os.symlink("/dev/zero", folder / "92.json")
    impossible = json.loads((folder / "01.json").read_text())
    impossible["state"]["board"]["a1"] = "WI"  # a piece on a corner: no position can hold it
    (folder / "93.json").write_text(json.dumps(impossible))
    found = finishes(lambda: puzzles.load_all("sparks"), 5.0)
    assert [p.name for p in found] == sorted(p.stem for p in folder.glob("0*.json"))
    from game.scenes.hosts.puzzle import PuzzleListScene

    app.stack.push(PuzzleListScene(app, "sparks"))
    app.frame([], 1 / 60)


def test_a_hand_edited_streak_of_5000_puzzles_does_not_enter_the_hall_of_fame(home):
    from game.scenes.hosts.puzzle import end_streak, streak

    fake = [f"{n:04d}" for n in range(5000)]
    (home / "puzzles.json").write_text(json.dumps({"format": 1, "solved": {"sparks": fake},
                                                   "streak": {"sparks": fake}}))
    real = {p.name for p in puzzles.load_all("sparks")}
    assert set(streak("sparks")) <= real
    assert end_streak("sparks") <= len(real)


@pytest.mark.parametrize("where", ["missing/deeper/shot.png", "a file/shot.png"])
def test_a_screenshot_into_a_folder_that_cannot_be_is_a_message_not_a_traceback(tmp_path, where):
    (tmp_path / "a file").write_text("in the way")
    done = subprocess.run([sys.executable, "main.py", "--headless", "--seconds", "0", "--screenshot",
                           str(tmp_path / where)], cwd=ROOT, capture_output=True, timeout=60,
                          env={**os.environ, "GAUSS_ARCADE_HOME": str(tmp_path / "home")})
    assert b"Traceback" not in done.stderr, done.stderr[-800:]
    if where.startswith("missing"):
        assert (tmp_path / where).exists() and done.returncode == 0  # a missing folder is made
    else:
        assert done.returncode != 0 and b"screenshot" in done.stderr.lower()


def test_the_engine_does_not_echo_a_huge_value_whole():
    session = engine.Session()
    for request in ({"cmd": "x" * 10_000_000}, {"cmd": "new", "game": "y" * 10_000_000},
                    {"cmd": "new", "game": "sparks"}):
        answer = session.handle_line(json.dumps(request))
    answer = session.handle_line(json.dumps({"cmd": "play", "move": {"from": "z" * 10_000_000, "to": "a1"}}))
    assert answer["ok"] is False and len(answer["error"]) < 1000
    answer = session.handle_line(json.dumps({"cmd": "x" * 10_000_000}))
    assert answer["ok"] is False and len(answer["error"]) < 1000


def test_records_read_only_what_a_move_can_be():
    with pytest.raises(Exception) as raised:
        records.from_text(RECORD_HEAD + "\n1. " + "a" * 300_000 + "\n")
    assert len(str(raised.value)) <= 200


def test_a_record_with_a_deep_or_wrong_options_line_is_refused_plainly():
    for line in ("[" * 100_000 + "]" * 100_000, "[1]", '"x"', "7"):
        with pytest.raises(Exception) as raised:
            saves.parse(records.from_text(RECORD_HEAD.replace("gauss", "sparks") + "Options: " + line + "\n"))
        assert type(raised.value).__name__ == "RulesError", line[:10]


# -- item 6: two instances on one home, writing at once (slow) ----------------------------------
STARTER = """
import os, sys
sys.path.insert(0, {root!r})
from game.app.app import Options
from game.navigation import make_app
home = {home!r}
while not os.path.exists(os.path.join(home, "go")):
    pass
for _ in range(40):  # each start cleans the temporaries it finds: only those left over
    make_app(Options(headless=True)).shutdown()
"""


@pytest.mark.slow
def test_two_instances_on_one_home_writing_at_once_lose_nothing(home):
    rounds = 60
    env = {**os.environ, "GAUSS_ARCADE_HOME": str(home)}
    players = [subprocess.Popen([sys.executable, str(ROOT / "tests" / "two_instances_driver.py"), str(side),
                                 str(rounds), game], env=env, stdout=subprocess.PIPE, text=True)
               for side, game in ((0, "gauss"), (1, "rush"))]
    for p in players:
        assert p.stdout.readline().strip() == "ready"
    starter = subprocess.Popen([sys.executable, "-c", STARTER.format(root=str(ROOT), home=str(home))],
                               env=env)
    (home / "go").write_text("")
    outs = [p.communicate(timeout=600)[0].splitlines() for p in players]
    assert starter.wait(600) == 0
    assert all(p.returncode == 0 and out[-1] == "done" for p, out in zip(players, outs, strict=True))
    said = [line.split() for out in outs for line in out]

    games = {g: 0 for g in GAME_IDS}
    for words in said:
        if words[0] == "ladder":
            games[words[1]] += 1
    assert {g: ladder.of(g).games for g in games} == games  # every ladder game counted

    from game.scenes.hosts.lesson import done_steps
    from game.scenes.hosts.puzzle import solved

    steps = done_steps()
    for words in said:
        if words[0] == "lesson":
            assert int(words[2]) in steps.get(words[1], []), words
    marks = solved()
    puzzles_said = [w for w in said if w[0] == "puzzle"]
    every = sum(len(puzzles.load_all(g)) for g in GAME_IDS)
    assert len(puzzles_said) == every and all(w[2] in marks.get(w[1], []) for w in puzzles_said)
    hall = fame.hall()
    fame_said = [w for w in said if w[0] == "fame"]
    # each instance enters one a round while the tables have room: at most 4 a table (the
    # driver's spread), every game of the catalogue with each of its kinds
    assert len(fame_said) == min(2 * rounds, 4 * len(GAME_IDS) * len(fame.KINDS))
    for _word, game, kind, value in fame_said:
        assert int(value) in [e.value for e in hall[game][kind]], (game, kind, value)
    for out, game in zip(outs, ("gauss", "rush"), strict=True):
        last = [line.split() for line in out if line.startswith("moves")][-1]
        assert last[3] == "saved", last
        on_disk = json.loads((home / "autosaves" / f"{game}.json").read_text()) if last[2] == "on" else None
        assert (on_disk is None) if last[2] == "over" else len(on_disk["moves"]) == int(last[1])
    assert not list(home.rglob(".*.tmp")) and not list(home.glob("*.bad-*"))



# -- item 1: a ladder game replayed or reviewed ---------------------------------------------------
def test_a_ladder_game_is_replayed_and_reviewed_without_hanging(app):
    record = saves.parse({**a_save(moves=4), "ladder": "easy", "seats": {"red": "human", "blue": "easy"}})
    finishes(lambda: app.nav.replay(record, "climb"), 5.0)
    replay = app.stack.top
    assert replay.position == 0
    finishes(replay.end, 5.0)
    assert replay.position == 4
    finishes(replay.step_back, 5.0)
    assert replay.position == 3
    finishes(lambda: replay.goto(1), 5.0)
    assert replay.position == 1
    replay.take_over()  # a game taken over from a replay has taken moves back: not a ladder game
    assert app.stack.top.ladder is None and len(app.stack.top.history) == 1
    finishes(lambda: app.nav.review(record), 5.0)
    assert app.stack.top.position == 0


# -- item 12: no result card over a puzzle or a lesson --------------------------------------------
def test_a_solved_puzzle_never_shows_a_result_card(app):
    from driver import click, key, run

    from game.scenes.hosts.puzzle import PuzzleScene
    from game.scenes.menus.overlay import ResultScene

    puzzle = min(puzzles.load_all("sparks"), key=lambda p: p.plies)
    scene = PuzzleScene(app, puzzle)
    app.stack.push(scene)
    board = scene.game
    for _ in range(puzzle.plies):
        if board.state.to_move == scene.me:
            assert board.try_play(puzzles.winning_move("sparks", board.rules, board.state, scene.me,
                                                       scene.plies_left()))
        run(app, frames=240)  # the move plays out; the computer answers
        if scene.done:
            break
    assert scene.done and board.state.over
    for event in (key(pygame_key("K_LEFT")), click((10, 10)), key(pygame_key("K_SPACE"))):
        run(app, [event], frames=30)
        assert not any(isinstance(s, ResultScene) for s in app.stack.scenes)


def test_a_lesson_never_shows_a_result_card(app):
    from game.scenes.hosts.lesson import LessonScene
    from game.scenes.menus.overlay import ResultScene

    course = lessons.load("sparks")
    scene = LessonScene(app, course, 0)
    app.stack.push(scene)
    game = scene.game
    rules = game.rules
    state = game.state
    while not state.over:  # the step's game played to its end on its board
        state = rules.play(state, rules.legal_moves(state)[0])[0]
    game.state, game.result_shown = state, False
    game.show_result()
    app.frame([], 1 / 60)
    assert not any(isinstance(s, ResultScene) for s in app.stack.scenes)


def pygame_key(name: str) -> int:
    import pygame

    return getattr(pygame, name)


# -- item 11: every screen at every window size ---------------------------------------------------
def every_screen_at(size: tuple[int, int], monkeypatch) -> list[str]:
    """The screens of the tour that failed to draw at ``size``."""
    from screens import tour

    from game.app.app import Options
    from game.navigation import make_app

    app = make_app(Options(headless=True, size=size))
    app.start()
    failed: list[str] = []
    shown = ["start"]
    monkeypatch.setattr(app.nav, "failed", lambda: failed.append(shown[-1]))
    try:
        for screen in tour(app):
            shown.append(screen)
    finally:
        app.shutdown()
    return failed


@pytest.mark.parametrize("size", [(1, 1), (320, 240)])
def test_every_screen_draws_in_the_smallest_windows(size, monkeypatch):
    assert every_screen_at(size, monkeypatch) == []


@pytest.mark.slow
@pytest.mark.parametrize("size", [(100, 60), (160, 120), (399, 900), (1500, 299)])
def test_every_screen_draws_in_small_and_narrow_windows(size, monkeypatch):
    assert every_screen_at(size, monkeypatch) == []


def test_a_click_in_a_small_window_lands_where_it_is_drawn():
    from driver import click

    from game.app.app import Options
    from game.navigation import make_app

    app = make_app(Options(headless=True, size=(200, 150)))
    app.start()
    app.frame([], 1 / 60)
    try:
        (action,) = app.actions_of(click((100, 75)))
        width, height = app.screen.get_size()
        assert action.pos == (width // 2, height // 2) and (width, height) >= (400, 300)
    finally:
        app.shutdown()
