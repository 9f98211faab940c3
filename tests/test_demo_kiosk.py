"""The demo's attract loop and the kiosk: idle return, no quitting, operator menu, crash card."""
import logging
import os
import statistics
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from driver import DT, key, motion, run

import game.scenes.play as play
import game.scenes.play.computer as computer
from game.app.app import Options
from game.navigation import make_app as build_app
from game.persistence import saves
from game.scenes.hosts.demo import DemoScene
from game.scenes.hosts.kiosk import OperatorScene, RestartCard, StillThereScene
from game.scenes.menus.title import TitleScene

ROOT = Path(__file__).resolve().parent.parent
E = pygame.event.Event


@pytest.fixture
def quick_ai(monkeypatch):
    """The computer thinks a fixed, small number of simulations: quick and repeatable."""
    original = computer.Thinker

    def thinker(game, state, level, rng=None, **kw):
        return original(game, state, level, rng=rng, iterations=12, policy=kw.get("policy"))

    monkeypatch.setattr(computer, "Thinker", thinker)
    monkeypatch.setattr(play.PlayScene, "AI_MIN_SECONDS", 0.05)


def make_app(**options):
    app = build_app(Options(headless=True, **options))
    app.start()
    return app


@pytest.fixture
def kiosk():
    app = make_app(kiosk=True, demo=True)
    yield app
    app.shutdown()


def test_demo_option_starts_the_attract_loop_over_the_title(quick_ai):
    app = make_app(demo=True)
    try:
        assert isinstance(app.stack.top, DemoScene)
        assert isinstance(app.stack.scenes[0], TitleScene)
        demo = app.stack.top
        run(app, frames=30)
        assert demo.child.thinking or demo.child.history or demo.child.queue.busy
    finally:
        app.shutdown()


def test_demo_cycles_through_the_games_with_fresh_seeds(app, quick_ai):
    demo = DemoScene(app, game_seconds=3.0)
    demo.RESULT_SECONDS = 0.5
    app.stack.push(demo)
    seen = []
    for _ in range(6000):
        if demo.child.game_id not in [g for g, _ in seen]:
            seen.append((demo.child.game_id, demo.child.seed))
        if len(seen) == len(demo.games):
            break
        run(app)
    assert sorted(g for g, _ in seen) == sorted(demo.games)
    other = DemoScene(app)
    assert other.child.seed != demo.child.seed or other.index != demo.index


def test_a_long_demo_game_is_cut_short(app, quick_ai):
    demo = DemoScene(app, games=["rush"], game_seconds=1.0)
    app.stack.push(demo)
    first = demo.child
    for _ in range(int(1.0 / DT) + int(demo.RESULT_SECONDS / DT) + 200):
        run(app)
        if demo.child is not first:
            break
    assert demo.child is not first and not first.state.over


def play_first_game_out(app, demo):
    """Run the demo, every move skipped to its end, until its first game ends; that game."""
    first = demo.child
    for _ in range(20000):
        run(app)
        if demo.ending > 0:
            break
        first.queue.skip()
    return first


def test_a_finished_demo_game_shows_its_result_then_the_next(app, quick_ai):
    demo = DemoScene(app, games=["improbable"])
    app.stack.push(demo)
    first = play_first_game_out(app, demo)
    assert first.state.over and demo.headline
    for _ in range(int(demo.RESULT_SECONDS / DT) + 5):
        run(app)
    assert demo.child is not first


def test_any_key_or_button_leaves_the_demo_but_moving_the_mouse_does_not(app, quick_ai):
    app.to_demo()
    run(app, [motion((300, 300))])
    assert isinstance(app.stack.top, DemoScene)
    run(app, [key(pygame.K_x)])
    assert isinstance(app.stack.top, TitleScene)
    app.to_demo()
    run(app, [E(pygame.CONTROLLERDEVICEADDED, instance_id=4)])
    assert isinstance(app.stack.top, DemoScene)  # a pad arriving is not a visitor pressing it
    run(app, [E(pygame.CONTROLLERBUTTONDOWN, instance_id=4, button=pygame.CONTROLLER_BUTTON_A)])
    assert isinstance(app.stack.top, TitleScene)


def test_the_demo_never_touches_the_players_autosave(app, quick_ai):
    app.start_game("gauss", seed=3)
    game = app.stack.top
    game.try_play(game.rules.legal_moves(game.state)[0])
    before = saves.read_autosave()
    app.to_demo()
    run(app, frames=200)
    assert saves.read_autosave() == before


def test_the_title_offers_the_demo_and_settings(app, quick_ai):
    labels = [item.label for item in app.stack.top.menu.items]
    assert "Watch the demo" in labels and "Settings" in labels and "Quit" in labels


# -- kiosk ----------------------------------------------------------------------------------
def test_kiosk_starts_in_the_demo_and_cannot_be_closed_by_visitors(kiosk, quick_ai):
    assert isinstance(kiosk.stack.top, DemoScene)
    run(kiosk, [E(pygame.QUIT)])
    assert kiosk.running
    run(kiosk, [key(pygame.K_ESCAPE)])  # leaves the demo for the title...
    assert isinstance(kiosk.stack.top, TitleScene)
    run(kiosk, [key(pygame.K_ESCAPE), E(pygame.QUIT)])  # ...which Escape does not quit
    assert kiosk.running and isinstance(kiosk.stack.top, TitleScene)
    assert "Quit" not in [item.label for item in kiosk.stack.top.menu.items]


def test_the_operator_chord_opens_a_menu_that_can_quit(kiosk):
    chord = E(pygame.KEYDOWN, key=pygame.K_o, mod=pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT, unicode="",
              scancode=0)
    run(kiosk, [chord])
    operator = kiosk.stack.top
    assert isinstance(operator, OperatorScene)
    run(kiosk, [key(pygame.K_ESCAPE)])
    assert kiosk.stack.top is not operator and kiosk.running
    run(kiosk, [chord])
    labels = [item.label for item in kiosk.stack.top.menu.items]
    kiosk.stack.top.menu.index = labels.index("Quit Gauss Arcade")
    run(kiosk, [key(pygame.K_RETURN)])
    assert not kiosk.running


def test_the_chord_does_nothing_outside_a_kiosk(app):
    run(app, [E(pygame.KEYDOWN, key=pygame.K_o, mod=pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT, unicode="",
                scancode=0)])
    assert not isinstance(app.stack.top, OperatorScene)


def test_an_idle_kiosk_asks_still_there_then_returns_to_the_demo(kiosk, quick_ai):
    kiosk.settings.kiosk_idle_seconds = 20
    run(kiosk, [key(pygame.K_RETURN)])  # leave the demo
    kiosk.start_game("gauss", seed=2)
    game = kiosk.stack.top
    for _ in range(int(19 / DT)):
        run(kiosk)
    assert kiosk.stack.top is game
    run(kiosk, frames=int(2 / DT))
    assert isinstance(kiosk.stack.top, StillThereScene)
    run(kiosk, [key(pygame.K_SPACE)])  # still there: carry on
    assert kiosk.stack.top is game
    run(kiosk, frames=int(21 / DT))
    assert isinstance(kiosk.stack.top, StillThereScene)
    run(kiosk, frames=int(StillThereScene.SECONDS / DT) + 2)
    assert isinstance(kiosk.stack.top, DemoScene)


def test_the_cursor_hides_while_the_mouse_is_still(kiosk):
    run(kiosk, [key(pygame.K_RETURN)])  # to the title
    run(kiosk, [motion((10, 10))])
    assert kiosk.cursor_shown
    run(kiosk, frames=int(4 / DT))
    assert not kiosk.cursor_shown
    run(kiosk, [motion((20, 20))])
    assert kiosk.cursor_shown


def test_a_failing_scene_in_a_kiosk_logs_shows_restarting_and_returns_to_the_demo(kiosk, caplog):
    run(kiosk, [key(pygame.K_RETURN)])
    kiosk.start_game("rush", seed=1)

    def broken(dt):
        raise RuntimeError("boom")

    kiosk.stack.top.update = broken
    with caplog.at_level(logging.ERROR, logger="gauss_arcade"):
        run(kiosk)
    assert isinstance(kiosk.stack.top, RestartCard)
    assert "RuntimeError: boom" in caplog.text and "Traceback" in caplog.text
    run(kiosk, frames=int(RestartCard.SECONDS / DT) + 2)
    assert isinstance(kiosk.stack.top, DemoScene) and kiosk.running


def test_kiosk_headless_with_seconds_ends_cleanly_and_logs_to_a_file(tmp_path):
    env = {**os.environ, "GAUSS_ARCADE_HOME": str(tmp_path / "home")}
    done = subprocess.run([sys.executable, "main.py", "--kiosk", "--headless", "--seconds", "5"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert (tmp_path / "home" / "logs" / "gauss-arcade.log").is_file()


def test_game_cannot_be_combined_with_kiosk():
    done = subprocess.run([sys.executable, "main.py", "--kiosk", "--game", "gauss"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "--game cannot be combined" in done.stderr


# -- soak (slow tier) ---------------------------------------------------------------------------
@pytest.mark.slow
def test_soak_the_demo_runs_long_with_flat_memory_and_frame_time():
    """Many thousands of frames of the real demo (real think budgets, every game several
    times): the memory held and the CPU time per frame must not grow."""
    from game.tools.bench import demo_soak

    soak = demo_soak(frames=24000, window=2000, seed=99, game_seconds=30.0)
    assert soak["demo_alive"], "the demo failed and was closed (see the log)"
    assert soak["games"] >= 8, "the demo should have moved through the games several times"
    # after the first cycle through the games (caches warm), memory stays flat
    warm = [row["memory_kib"] for row in soak["windows"][3:]]
    assert max(warm) - warm[0] < 3000, f"memory grew: {warm} KiB"
    cpu = [row["cpu_median_ms"] for row in soak["windows"][3:]]
    assert max(cpu[-3:]) <= 1.5 * statistics.median(cpu[:3]) + 2.0, f"frames slowed: {cpu} ms"


@pytest.mark.slow
def test_soak_the_kiosk_demo_for_simulated_hours_keeps_its_memory_flat():
    """Half an hour of demo in simulated time (the computer thinking a fixed 40 simulations
    a move): once the first games filled the caches, the process's resident memory stays
    flat. Before finished games were let go of, it grew by ~10 MB every 75 seconds."""
    from game.tools.bench import demo_soak
    from game.ui import cache

    frames = int(0.5 * 3600 * 60)
    soak = demo_soak(frames=frames, window=frames // 12, seed=99, quick=True)
    assert soak["demo_alive"] and soak["games"] >= 30
    rows = soak["windows"]
    if rows[0]["rss_kib"]:  # /proc is there
        later = [r["rss_kib"] for r in rows[6:]]
        assert max(later) - later[0] < 8 * 1024, f"RSS grew: {later} KiB"
    assert all(r["surface_cache_kib"] * 1024 <= cache.budget_bytes() for r in rows)


def test_the_demo_shows_the_hall_of_fame_between_games_when_it_has_names(app, quick_ai):
    from game.arcade import fame
    from game.scenes.hosts.demo import DemoScene as Demo

    fame.add("rush", "margin", "KIO", 9)
    demo = Demo(app, games=["improbable", "rush"])
    app.stack.push(demo)
    first = play_first_game_out(app, demo)
    for _ in range(int(demo.RESULT_SECONDS / DT) + 5):
        run(app)
    assert demo.hall is not None and demo.hall[0] == "rush" and demo.child is first
    demo.draw(app.screen)
    assert demo.draw_changes(app.screen) == []  # still but for its blinking line
    for _ in range(int(demo.HALL_SECONDS / DT) + 5):
        run(app)
    assert demo.hall is None and demo.child is not first


def test_the_operator_clears_the_hall_of_fame_after_asking(kiosk):
    from game.arcade import fame
    from game.persistence import storage

    fame.add("gauss", "margin", "OLD", 3)
    kiosk.nav.operator()
    operator = kiosk.stack.top
    labels = [item.label for item in operator.menu.items]
    operator.menu.index = labels.index("Clear the hall of fame")
    run(kiosk, [key(pygame.K_RETURN)])
    run(kiosk, [key(pygame.K_RETURN)])  # "No, keep it" is chosen first
    assert fame.has_any()
    operator.menu.index = labels.index("Clear the hall of fame")
    run(kiosk, [key(pygame.K_RETURN)])
    run(kiosk, [key(pygame.K_UP), key(pygame.K_RETURN)])
    assert not fame.has_any() and "cleared" in operator.note
    assert [p for p in storage.home().iterdir() if p.name.startswith("fame.json.bad-")]  # kept aside
