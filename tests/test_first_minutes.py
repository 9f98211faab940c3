"""The first ten minutes of a newcomer: flows that never punish (a wiped game, a menu
that needs two presses, a kiosk visitor reaching the operator's things)."""
from __future__ import annotations

import pygame
import pytest
from driver import key, run, settle

from game import catalogue
from game.app.app import Options
from game.navigation import make_app
from game.persistence import saves
from game.scenes.menus.howto import HowToScene
from game.scenes.menus.overlay import AskScene, PauseScene
from game.scenes.menus.title import TitleScene
from game.ui import theme


def labels(scene) -> list[str]:
    return [item.label for item in scene.menu.items]


def choose(app, label: str) -> None:
    menu = app.stack.top.menu
    menu.index = labels(app.stack.top).index(label)
    run(app, [key(pygame.K_RETURN)])


def test_restart_asks_first_and_no_is_focused(app):
    app.start_game("gauss", seed=3)
    game = app.stack.top
    game.try_play(game.rules.legal_moves(game.state)[0])
    settle(app, game)
    played = game.state
    run(app, [key(pygame.K_ESCAPE)])
    choose(app, "Restart")
    assert isinstance(app.stack.top, AskScene)
    run(app, [key(pygame.K_RETURN)])  # Enter on the focused answer: keep playing
    assert game.state is played and isinstance(app.stack.top, PauseScene)
    choose(app, "Restart")
    run(app, [key(pygame.K_ESCAPE)])  # Esc closes the question too
    assert game.state is played and isinstance(app.stack.top, PauseScene)
    choose(app, "Restart")
    choose(app, "Yes, start again")
    assert app.stack.top is game and game.history == [] and game.state is not played


def test_the_menu_key_during_a_move_skips_it_and_opens_the_menu_at_once(app):
    app.start_game("rush", seed=3)
    game = app.stack.top
    game.try_play(game.rules.legal_moves(game.state)[0])
    assert game.queue.busy
    run(app, [key(pygame.K_ESCAPE)])
    assert not game.queue.busy and isinstance(app.stack.top, PauseScene)
    run(app, [key(pygame.K_ESCAPE)])
    assert app.stack.top is game
    game.try_play(game.rules.legal_moves(game.state)[0])
    run(app, [key(pygame.K_RIGHT)])  # any other key only skips
    assert not game.queue.busy and app.stack.top is game


def test_how_to_play_on_the_title_offers_every_game(app):
    assert isinstance(app.stack.top, TitleScene)
    choose(app, "How to play")
    ask = app.stack.top
    assert isinstance(ask, AskScene)
    titles = [catalogue.get(gid).title for gid in catalogue.GAME_IDS]
    assert [item.label for item in ask.menu.items][:len(titles)] == titles
    ask.menu.index = titles.index(catalogue.get("order").title)
    run(app, [key(pygame.K_RETURN)])
    assert isinstance(app.stack.top, HowToScene) and "Order" in app.stack.top.game_title


def test_a_kiosk_visitor_can_play_learn_and_watch_and_nothing_else(app):
    app.start_game("gauss", seed=3)
    game = app.stack.top
    game.try_play(game.rules.legal_moves(game.state)[0])  # the last visitor's game, autosaved
    assert saves.read_autosave() is not None
    kiosk = make_app(Options(headless=True, kiosk=True))
    try:
        kiosk.start()
        kiosk.nav.title()
        assert labels(kiosk.stack.top) == ["Play", "How to play", "Lessons", "Puzzles", "Arcade ladder",
                                           "Hall of fame", "Watch the demo"]
    finally:
        kiosk.shutdown()


def one_move(app, game_id: str, seed: int = 3) -> None:
    app.start_game(game_id, seed=seed)
    game = app.stack.top
    game.try_play(game.rules.legal_moves(game.state)[0])
    settle(app, game)


def test_every_game_keeps_its_own_game_in_progress(app):
    one_move(app, "gauss")
    one_move(app, "rush")  # starting Rush leaves GAUSS's game where it was
    assert len(saves.read_autosave("gauss").moves) == 1
    assert len(saves.read_autosave("rush").moves) >= 1
    app.nav.title()
    assert labels(app.stack.top)[0] == "Resume a game (2 in progress)"
    choose(app, "Resume a game (2 in progress)")
    ask = app.stack.top
    assert isinstance(ask, AskScene)
    assert labels(ask)[1] == "GAUSS, move 1"  # the one saved last first
    choose(app, "GAUSS, move 1")
    assert app.stack.top.game_id == "gauss" and len(app.stack.top.history) == 1
    assert saves.read_autosave("rush") is not None


def test_a_new_game_over_a_game_in_progress_asks_first(app):
    one_move(app, "sparks")
    app.nav.setup("sparks")
    setup = app.stack.top
    setup.start()
    ask = app.stack.top
    assert isinstance(ask, AskScene) and labels(ask) == ["Resume it", "Start the new game", "Back"]
    run(app, [key(pygame.K_ESCAPE)])  # Back: nothing started, nothing lost
    assert app.stack.top is setup and len(saves.read_autosave("sparks").moves) == 1
    setup.start()
    choose(app, "Resume it")
    assert app.stack.top.game_id == "sparks" and len(app.stack.top.history) == 1
    app.nav.setup("sparks")
    app.stack.top.start()
    choose(app, "Start the new game")
    game = app.stack.top
    assert game.game_id == "sparks" and game.history == []
    assert saves.read_autosave("sparks").moves == []


def test_the_one_autosave_of_older_versions_becomes_its_games(app, tmp_path):
    one_move(app, "improbable")
    record = saves.read_autosave("improbable")
    saves.clear_autosave("improbable")
    old = saves.storage.home() / saves.AUTOSAVE
    saves.storage.write_json(old, record.to_json())
    assert saves.read_autosave("improbable") == record
    assert not old.exists() and saves.autosave_path("improbable").exists()


def test_quit_to_menu_lands_on_the_game_just_played(app):
    app.start_game("improbable", seed=3)
    run(app, [key(pygame.K_ESCAPE)])
    choose(app, "Quit to menu")
    select = app.stack.top
    assert select.games[select.index] == "improbable"


@pytest.mark.parametrize("game_id", ["gauss", "rush"])
def test_after_a_move_the_keyboard_cursor_points_at_a_move_that_can_be_played(app, game_id):
    app.start_game(game_id, seed=3)
    game = app.stack.top
    for _ in range(6):
        move = game.rules.legal_moves(game.state)[len(game.rules.legal_moves(game.state)) // 2]
        game.cursor = tuple(move.cell)
        game.try_play(move)  # the cursor stood on the cell now filled
        settle(app, game)
        if game.state.over:
            break
        assert tuple(game.cursor) in {tuple(m.cell) for m in game.rules.legal_moves(game.state)}
        assert game.bottom_line()[1] != theme.BAD


def test_a_mouse_alone_reaches_every_computer_level_on_who_plays(app):
    from driver import click

    app.nav.setup("gauss")
    setup = app.stack.top
    run(app)
    left, right = (next(rect for rect, d in setup.arrows if d == step) for step in (-1, 1))
    seen = {setup.ai_level}
    for _ in range(3):  # the right half steps up: easy, medium, hard
        app.frame([click(right.center)], 0.5)
        seen.add(setup.ai_level)
    for _ in range(3):  # the left half steps down
        app.frame([click(left.center)], 0.5)
        seen.add(setup.ai_level)
    assert seen == {"easy", "medium", "hard"} and setup.ai_level == "easy"


@pytest.mark.parametrize("reduced", [False, True])
def test_screens_fade_into_each_other_unless_motion_is_reduced(reduced):
    app = make_app(Options(size=(640, 480)))  # a window (SDL's dummy driver), not headless
    try:
        app.start()
        app.settings.reduced_motion = reduced
        app.frame([], 1 / 60)
        title = app.screen.copy()
        app.nav.settings()
        for _ in range(4):  # a few frames into the fade
            app.frame([], 1 / 60)
        shown = app.screen.copy()
        app.stack.top.draw(app.screen)  # the settings screen drawn plain
        plain = app.screen.copy()
        if reduced:
            assert shown.get_view("2").raw == plain.get_view("2").raw  # at once, no fade
        else:
            assert shown.get_view("2").raw not in (plain.get_view("2").raw, title.get_view("2").raw)
        for _ in range(int(app.FADE_SECONDS * 60) + 2):
            app.frame([], 1 / 60)
        assert app.screen.get_view("2").raw == plain.get_view("2").raw  # and then it is whole
    finally:
        app.shutdown()


def test_a_menus_highlight_glides_to_the_item_chosen_unless_motion_is_reduced():
    import time

    app = make_app(Options(size=(640, 480)))  # a window: motion on
    try:
        app.start()
        app.start_game("gauss", seed=3)
        app.stack.top.pause()  # a menu in a column: the pause menu
        app.frame([], 1 / 60)
        menu = app.stack.top.menu
        app.frame([key(pygame.K_DOWN)], 1 / 60)
        assert menu.index == 1 and 0 < menu.shown_index() < 1 and app.stack.top.next_change() == 0
        time.sleep(0.15)
        assert menu.shown_index() == 1 and not menu.moving
        app.settings.reduced_motion = True
        app.frame([key(pygame.K_DOWN)], 1 / 60)
        assert menu.index == 2 and menu.shown_index() == 2  # at once
    finally:
        app.shutdown()


def test_a_mouse_alone_leaves_the_game_list_and_the_who_plays_screen(app):
    from driver import click

    app.nav.select("rush")
    app.frame([], 1 / 60)
    select = app.stack.top
    app.frame([click(select.cards[1].rect.center)], 1 / 60)  # Rush: who plays?
    setup = app.stack.top
    assert setup is not select
    app.frame([], 0.5)  # a click within a double-click's time of the last would be its second half
    app.frame([click(setup.back.rect.center)], 1 / 60)
    assert app.stack.top is select
    app.frame([], 0.5)
    app.frame([click(select.back.rect.center)], 1 / 60)
    assert isinstance(app.stack.top, TitleScene)


def test_the_board_chosen_in_the_game_list_stays_chosen(app):
    app.nav.select("rush")
    run(app, [key(pygame.K_TAB)])  # the next board of Rush
    chosen = app.stack.top.level_of("rush")
    assert chosen != "9x9"
    app.nav.select("rush")  # back from a game: a new list
    assert app.stack.top.level_of("rush") == chosen


def test_a_click_on_menu_while_a_move_plays_opens_the_menu_at_once(app):
    from driver import click

    app.start_game("rush", seed=3)
    game = app.stack.top
    app.frame([], 1 / 60)
    game.try_play(game.rules.legal_moves(game.state)[0])
    assert game.queue.busy
    app.frame([click(game.buttons["menu"].rect.center)], 1 / 60)
    assert isinstance(app.stack.top, PauseScene) and not game.queue.busy


def test_moves_play_out_at_the_speed_chosen_in_settings(app):
    def frames_for_a_move(speed: str) -> int:
        app.settings.animation_speed = speed
        app.start_game("gauss", seed=3)
        game = app.stack.top
        game.try_play(game.rules.legal_moves(game.state)[0])
        n = 0
        while game.queue.busy and n < 1000:
            app.frame([], 1 / 60)
            n += 1
        return n

    normal, fast, slow = frames_for_a_move("normal"), frames_for_a_move("fast"), frames_for_a_move("slow")
    assert fast < normal < slow
    assert frames_for_a_move("instant") <= 1


def test_the_speed_row_in_settings_steps_through_every_speed(app):
    from game.scenes.menus.settings_menu import SettingsScene

    app.nav.settings()
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    scene.index = scene.ROWS.index("animation_speed")
    seen = []
    for _ in range(4):
        run(app, [key(pygame.K_RETURN)])
        seen.append(app.settings.animation_speed)
    assert seen == ["fast", "instant", "slow", "normal"]
