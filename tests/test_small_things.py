"""The smaller things of issue #27, each with the test written before its fix: double clicks,
umlauts in save names, the export's path, no display, leaving a ladder game, the volume in
the pause menu, the hint after the end, the review's take-over, a puzzle's first cursor and
a title whose items keep their places."""
from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pygame
from driver import DT, after_guard, click, key, run

from game.arcade import ladder
from game.persistence import saves
from game.scenes.hosts.replay import ReplayScene
from game.scenes.menus.arcade import LadderScene
from game.scenes.menus.overlay import PauseScene, ResultScene
from game.scenes.menus.seats import Seat

ROOT = Path(__file__).resolve().parent.parent


def test_the_second_click_of_a_double_click_stays_on_the_screen_it_was_meant_for(app):
    app.nav.select("rush")
    run(app)
    select = app.stack.top
    rush_card = select.cards[1].rect
    where = (rush_card.centerx, rush_card.y + 60)  # its picture
    run(app, [click(where)])  # Rush: who plays?
    setup = app.stack.top
    assert setup is not select
    run(app)  # the screen under the pointer is Who plays?: a second click there would start a game
    assert any(r.collidepoint(where) for r in setup.rows)
    app.frame([click(where)], 0.1)
    assert app.stack.top is setup, "the double-click's second half started a game"
    app.frame([], 0.5)
    app.frame([click(where)], DT)
    assert app.stack.top is not setup, "a click after a double-click's time is a click"


def text_events(text):
    events = []
    for ch in text:
        events += [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UNKNOWN, mod=0, unicode=ch, scancode=0),
                   pygame.event.Event(pygame.TEXTINPUT, text=ch)]
    return events


def test_a_save_name_keeps_its_umlauts_and_a_refusal_stays_on_screen(app):
    app.start_game("gauss", seed=3)
    game = app.stack.top
    game.commit(game.rules.random_move(game.state, random.Random(1)), animate=False)
    app.nav.save_as(game.record(), lambda name: None)
    form = app.stack.top
    run(app, frames=2)
    run(app, text_events("Jörgs Spiel"))
    assert form.name == "Jörgs Spiel"
    run(app, text_events("/"))
    assert "Only letters" in form.message
    run(app, text_events("x"), frames=int(1.0 / DT))
    assert "Only letters" in form.message, "the refusal went with the next key"
    run(app, [key(pygame.K_RETURN)])
    assert "Jörgs Spielx" in saves.list_saves()
    assert saves.load_named("Jörgs Spielx").moves == game.record().moves


def test_the_export_names_the_whole_path(app):
    app.start_game("gauss", seed=3)
    game = app.stack.top
    game.commit(game.rules.random_move(game.state, random.Random(1)), animate=False)
    saves.save_as("Mine", game.record())
    app.nav.title()
    app.nav.load_menu()
    load = app.stack.top
    load.export("Mine", saves.load_named("Mine"))
    assert str(saves.storage.home().resolve() / "records" / "Mine.txt") in load.message


def test_with_no_display_the_game_says_so_and_stops(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["GAUSS_ARCADE_HOME"] = str(tmp_path)
    env["SDL_AUDIODRIVER"] = "dummy"
    run_ = subprocess.run([sys.executable, str(ROOT / "main.py"), "--seconds", "2"], env=env,
                          capture_output=True, text=True, timeout=60)
    assert run_.returncode == 1 and "no screen could be opened" in run_.stderr, run_.stderr
    assert "Traceback" not in run_.stderr


def test_leaving_a_ladder_game_goes_back_to_the_ladder(app):
    ladder.finished("rush", "easy", won=True)
    app.nav.ladder("rush")
    run(app, frames=2)
    run(app, [key(pygame.K_RETURN)])
    game = app.stack.top
    assert game.ladder == "medium"
    game.pause()
    pause = app.stack.top
    pause.quit_to_menu()
    assert isinstance(app.stack.top, LadderScene)


def test_the_pause_menu_sets_the_volume(app):
    app.start_game("gauss", seed=3)
    app.settings.volume = 0.5
    app.stack.top.pause()
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    labels = [item.label for item in pause.menu.items]
    pause.menu.index = next(i for i, label in enumerate(labels) if label.startswith("Volume"))
    run(app, [key(pygame.K_RIGHT)])
    assert app.settings.volume == 0.6
    run(app, [key(pygame.K_LEFT), key(pygame.K_LEFT)])
    assert app.settings.volume == 0.4
    assert pause.menu.items[pause.menu.index].label == "Volume: 40%"


def finished(app, game_id="rush", seed=4):
    app.start_game(game_id, seed=seed, seats={p: Seat(p) for p in ("black", "white")}
                   if game_id == "rush" else None)
    game = app.stack.top
    rng = random.Random(seed)
    while not game.state.over:
        game.commit(game.rules.random_move(game.state, rng), animate=False)
    return game


def test_no_hint_button_once_the_game_is_over(app):
    game = finished(app)
    assert not game.hints_allowed
    run(app, frames=3)
    after_guard(app)
    card = app.stack.top
    assert isinstance(card, ResultScene)
    card.look()
    game.draw(app.screen)
    assert game.buttons["hint"].rect.width == 0


def test_a_review_offers_no_take_over(app, monkeypatch):
    from game.arcade import review
    monkeypatch.setattr(review, "ITERATIONS", 20)
    game = finished(app)
    app.nav.review(game.record())
    scene = app.stack.top
    assert isinstance(scene, ReplayScene)
    run(app, [key(pygame.K_HOME)])
    run(app, [key(pygame.K_TAB)])
    assert app.stack.top is scene, "a review took over"
    scene.draw(app.screen)
    assert scene.buttons["take"].rect.width == 0


def test_a_sparks_puzzle_starts_with_the_cursor_on_a_piece_of_the_side_to_move(app):
    from game.content import puzzles
    from game.scenes.hosts.puzzle import PuzzleScene
    for puzzle in puzzles.load_all("sparks"):
        scene = PuzzleScene(app, puzzle)
        app.stack.push(scene)
        run(app)
        game = scene.game
        piece = game.state.piece_at(game.cursor)
        assert piece and piece[0].lower() == game.state.to_move[0], (puzzle.name, game.cursor, piece)
        app.stack.pop()


def test_the_title_keeps_its_items_in_place_when_a_game_is_in_progress(app):
    def play_y():
        title = app.stack.top
        title.draw(app.screen)
        labels = [item.label for item in title.menu.items]
        return title.menu.rects[labels.index("Play")].y
    app.nav.title()
    before = play_y()
    app.start_game("gauss", seed=3)
    game = app.stack.top
    game.commit(game.rules.random_move(game.state, random.Random(1)), animate=False)
    app.nav.title()
    assert app.stack.top.saved and play_y() == before
