"""Scanning: every game and every menu played with one switch (Settings → Scanning).

The highlight steps by itself on the app's fixed-step clock; one press (any key, a mouse
button, a pad's button) acts on the item highlighted, a press held a second goes back.
The tests drive the app with nothing but that one switch: the space bar, pressed and let
go, or held.
"""
import json
import random

import pygame
import pytest
from driver import DT, key

from game import catalogue
from game.app.scan import LONG_PRESS
from game.match import Seat
from game.persistence import settings, storage
from game.scenes.menus.overlay import PauseScene
from game.scenes.menus.select import SelectScene
from game.scenes.menus.settings_menu import SettingsScene
from game.scenes.menus.setup import SetupScene
from game.scenes.menus.title import TitleScene
from game.scenes.play import PlayScene

SWITCH = pygame.K_SPACE


def up(k=SWITCH):
    return pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)


def scanning(app, seconds=0.8):
    app.settings.scanning = True
    app.settings.scan_seconds = seconds
    app.scanner.forget()


def wait(app, seconds, dt=DT):
    """Let ``seconds`` of the app's time pass with nothing pressed."""
    for _ in range(max(1, round(seconds / dt))):
        app.frame([], dt, draw=False)


def press(app, k=SWITCH):
    """The switch pressed and let go at once: the highlighted item is chosen."""
    app.frame([key(k), up(k)], DT, draw=False)


def hold(app, seconds=LONG_PRESS + 0.1, k=SWITCH):
    """The switch held ``seconds`` (its key repeating, as a held key does), then let go."""
    app.frame([key(k)], DT, draw=False)
    frames = round(seconds / DT)
    for i in range(frames):
        app.frame([key(k)] if i % 5 == 0 else [], DT, draw=False)  # the keyboard's repeats
    app.frame([up(k)], DT, draw=False)


def scan_until(app, wanted, limit=60.0):
    """Let the highlight step until ``wanted()`` holds (the item wanted is highlighted)."""
    waited = 0.0
    while not wanted():
        assert waited < limit, "the highlight never came to the item wanted"
        app.frame([], DT, draw=False)
        waited += DT


def scan_to(app, game, item, limit=60.0):
    """Let the play screen's highlight step until it is on ``item``."""
    scan_until(app, lambda: game.scan_shown() == item, limit)


def highlighted(menu):
    return menu.items[menu.index].label


# -- the settings ------------------------------------------------------------------------
def test_scanning_and_its_speed_are_saved_and_an_older_file_still_loads():
    home = storage.home()
    home.mkdir(parents=True, exist_ok=True)
    # a file written before scanning existed: its keys kept, scanning off at the default speed
    (home / settings.FILE).write_text(json.dumps({"format": settings.FORMAT, "volume": 0.3}))
    loaded, problem = settings.load()
    assert problem == "" and loaded.volume == 0.3
    assert loaded.scanning is False and loaded.scan_seconds in settings.SCAN_SECONDS
    loaded.scanning, loaded.scan_seconds = True, 2.5
    settings.save(loaded)
    again, problem = settings.load()
    assert problem == "" and again.scanning is True and again.scan_seconds == 2.5


@pytest.mark.parametrize("bad", [{"scanning": "yes"}, {"scan_seconds": 0.01}, {"scan_seconds": "fast"}])
def test_a_bad_scanning_value_is_refused_with_a_message_and_the_rest_kept(bad):
    home = storage.home()
    home.mkdir(parents=True, exist_ok=True)
    (home / settings.FILE).write_text(json.dumps({"format": settings.FORMAT, "volume": 0.3, **bad}))
    loaded, problem = settings.load()
    assert "bad values" in str(problem) and next(iter(bad)) in str(problem)
    assert loaded.volume == 0.3 and loaded.scanning is False and loaded.scan_seconds == 1.8


def test_the_settings_screen_turns_scanning_on_and_sets_its_speed(app):
    app.stack.push(SettingsScene(app))
    scene = app.stack.top
    scene.index = scene.ROWS.index("scanning")
    app.frame([key(pygame.K_RETURN)], DT)
    assert app.settings.scanning is True and settings.load()[0].scanning is True
    # scanning now: the highlight walks down the rows by itself, the switch sets the speed
    row = scene.ROWS.index("scan_seconds")
    scan_until(app, lambda: scene.index == row)
    before = app.settings.scan_seconds
    press(app)
    after = app.settings.scan_seconds
    assert after != before and settings.load()[0].scan_seconds == after
    # and the switch turns it off again
    scan_until(app, lambda: scene.index == scene.ROWS.index("scanning"))
    press(app)
    assert app.settings.scanning is False


# -- the switch --------------------------------------------------------------------------
def test_the_highlight_steps_on_the_apps_clock_and_rests_while_a_press_is_held(app):
    scanning(app, 1.2)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    first = title.menu.index
    wait(app, 1.1)
    assert title.menu.index == first  # not before its time
    wait(app, 0.2)
    assert title.menu.index != first  # one step, at 1.2 s
    second = title.menu.index
    app.frame([key(SWITCH)], DT, draw=False)  # held: the highlight stays where it is
    wait(app, 0.9)
    assert title.menu.index == second and isinstance(app.stack.top, TitleScene)
    app.frame([up()], DT, draw=False)  # let go before a second: chosen
    assert app.stack.top is not title


def test_a_long_press_goes_back_and_its_release_chooses_nothing(app):
    scanning(app)
    app.nav.select()
    select = app.stack.top
    assert isinstance(select, SelectScene)
    hold(app)
    assert isinstance(app.stack.top, TitleScene)
    assert app.scanner.backs == 1 and app.scanner.presses == 0


def test_any_key_or_button_is_the_switch_and_nothing_else_acts(app):
    scanning(app)
    title = app.stack.top
    index = title.menu.index
    app.frame([key(pygame.K_DOWN), up(pygame.K_DOWN)], DT, draw=False)  # an arrow is the switch too
    assert app.stack.top is not title
    app.stack.pop()
    title.menu.index = index
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)),
               pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)], DT, draw=False)
    assert title.menu.index == index and app.stack.top is title  # pointing and wheeling do nothing
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=3),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=3)], DT, draw=False)
    assert app.stack.top is not title  # the right button chooses the item, wherever it is
    app.stack.pop()
    title.menu.index = index
    pad = {"instance_id": 7, "button": pygame.CONTROLLER_BUTTON_B}  # B, elsewhere Back
    app.frame([pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, **pad),
               pygame.event.Event(pygame.CONTROLLERBUTTONUP, **pad)], DT, draw=False)
    assert app.stack.top is not title and app.scanner.device == "pad7"


def test_scanning_frames_the_screen_and_a_held_press_fills_its_top(app):
    from game.ui import theme

    def edges():
        w, h = app.screen.get_size()
        return [tuple(app.screen.get_at(p))[:3] for p in ((1, h // 2), (w - 2, h // 2), (w // 2, h - 2))]

    accent = tuple(theme.ACCENT)
    # a game's screen: it draws only what changed, so what the frame drew must be erased
    # by drawing the screen whole under it
    first = catalogue.GAME_IDS[0]
    app.nav.play(first, seats={p: Seat(p) for p in catalogue.get(first).players})
    wait(app, 3.0)
    app.frame([], DT)
    assert accent not in edges()
    scanning(app)
    app.frame([], DT)
    assert edges() == [accent] * 3
    w = app.screen.get_width()
    below_top = (w // 4, 6)  # under the frame's top edge, inside the bar a held press fills
    before = tuple(app.screen.get_at(below_top))[:3]
    assert before != accent
    app.frame([key(SWITCH)], DT)
    wait(app, 0.6)
    app.frame([], DT)
    assert tuple(app.screen.get_at(below_top))[:3] == accent  # past a quarter of the way back
    assert tuple(app.screen.get_at((w - w // 4, 6)))[:3] != accent  # not yet three quarters
    app.frame([up()], DT)  # let go: chosen, and the bar is gone
    app.frame([], DT)
    assert tuple(app.screen.get_at((w // 4, 6)))[:3] != accent
    app.settings.scanning = False
    app.frame([], DT)
    assert accent not in edges()


# -- menus and games, the switch alone -----------------------------------------------------
def test_from_the_title_to_a_game_and_back_by_scanning_alone(app):
    scanning(app)
    title = app.stack.top
    scan_until(app, lambda: highlighted(title.menu) == "Play")
    press(app)
    select = app.stack.top
    assert isinstance(select, SelectScene)
    wanted = catalogue.GAME_IDS[-1]  # the last card: the scan crosses every row to it
    scan_until(app, lambda: select.games[select.index] == wanted)
    press(app)
    setup = app.stack.top
    assert isinstance(setup, SetupScene) and setup.game_id == wanted
    scan_until(app, lambda: setup.focus == 1)  # two people on this screen
    press(app)
    game = app.stack.top
    assert isinstance(game, PlayScene) and game.game_id == wanted
    hold(app)  # back: the pause menu
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    scan_until(app, lambda: highlighted(pause.menu) == "Quit to menu")
    press(app)
    wait(app, 0.5)
    assert isinstance(app.stack.top, SelectScene)
    hold(app)
    assert isinstance(app.stack.top, TitleScene)


def play_out(app, game, rng, limit_seconds):
    """Let the highlight step, and press the switch now and then as it comes to an item,
    until the game is over: whatever is highlighted then is played (any legal move will
    do). Returns the moves the highlight stepped through before each press."""
    waited, seen, stepped = 0.0, app.scanner.steps, []
    while not game.state.over:
        assert waited < limit_seconds, f"{game.game_id}: not over after {waited:.0f} s of scanning"
        assert not isinstance(app.stack.top, PauseScene), "a short press went back"
        app.frame([], 0.25, draw=False, rested=True)  # a quarter of a second of the app's time
        waited += 0.25
        if app.scanner.steps != seen and rng.random() < 0.5:
            stepped.append(app.scanner.steps - seen)
            press(app)
            seen = app.scanner.steps
        elif app.stack.top is not game and not game.state.over:  # a dialog: its first item
            press(app)
    return stepped


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_a_whole_game_in_hot_seat_with_one_switch(app, game_id):
    scanning(app)
    app.settings.animation_speed = "instant"
    record = catalogue.get(game_id)
    app.nav.play(game_id, seed=7, seats={p: Seat(p) for p in record.players})
    game = app.stack.top
    assert isinstance(game, PlayScene)
    stepped = play_out(app, game, random.Random(game_id), limit_seconds=20000)
    assert game.history and max(stepped) > 1  # played by the switch alone, the highlight stepping


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_a_whole_game_against_the_computer_with_one_switch(app, game_id):
    scanning(app)
    app.settings.animation_speed = "instant"
    record = catalogue.get(game_id)
    person, computer = record.players
    app.nav.play(game_id, seed=3, seats={person: Seat(person), computer: Seat(computer, "easy")})
    game = app.stack.top
    play_out(app, game, random.Random(game_id + "ai"), limit_seconds=20000)
    assert any(game.match.seat(p).is_ai for p in record.players)


# -- how it looks ------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("large", [False, True])
def test_the_settings_rows_and_the_play_screens_line_of_scanning_fit(monkeypatch, language, size, large):
    """Two more rows on both settings screens (the operator's has the most), and the play
    screen's line saying what the switch does: every label fits its room and the window, in
    German and with large text too."""
    from test_text_fit import Watch

    from game import i18n
    from game.app.app import Options
    from game.navigation import make_app
    from game.ui import theme

    watch = Watch(monkeypatch)
    app = make_app(Options(headless=True, size=size))
    app.start()
    i18n.set_language(language)
    theme.set_large_text(large)
    problems = []
    try:
        for operator in (False, True):
            app.nav.settings(operator=operator)
            app.frame([], DT, draw=False)
            watch.start(app.screen)
            app.stack.top.draw(app.screen)
            problems.extend(watch.problems(f"settings (operator: {operator})"))
            assert any(text.startswith("Scanning") for text, *_ in watch.labels)
        scanning(app)
        for game_id in catalogue.GAME_IDS:
            people = {p: Seat(p) for p in catalogue.get(game_id).players}
            app.nav.play(game_id, seed=1, autoplay=4, seats=people)
            game = app.stack.top
            game.banner_t = game.message_t = 0.0
            app.frame([], DT, draw=False)
            watch.start(app.screen)
            game._panel = game._background = None
            game.layers.clear()
            game.draw(app.screen)
            problems.extend(watch.problems(f"play-{game_id}"))
            assert any(text.startswith("Scanning") for text, *_ in watch.labels)
            app.stack.pop()
    finally:
        theme.set_large_text(False)
        app.shutdown()
    assert problems == [], "\n".join(problems[:40])


# -- the play screen's items ------------------------------------------------------------------
def moves_by_scanning(game):
    """Every move the switch can make on this turn: each item the scan visits is chosen, and
    where that chooses a row or a part of a move (a piece, a stone), each item that follows
    it; a move made is recorded and taken back."""
    found = []
    previews = game.preview_cache  # one position throughout: its previews hold for every try

    def replay(path):
        game.show_state()  # the turn afresh: nothing chosen
        game.preview_cache = previews
        for target in path:
            game.scan_show(target)
            game.scan_choose("keyboard")

    def explore(path):
        replay(path)
        items = game.scan_items()
        for item in items[0]:
            played = len(game.history)
            replay([*path, item])
            if len(game.history) > played:
                found.append(game.history[-1][1])
                game.take_back()
            elif game.scan_items() != items and len(path) < 3:
                explore([*path, item])  # a row or a part of a move chosen: what comes next
    explore([])
    game.show_state()
    return found


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_the_scan_reaches_every_legal_move_and_only_those(app, monkeypatch, game_id):
    """Whatever the game, the items the scan offers on a turn lead to all its legal moves,
    through every part of a move, and to nothing else."""
    record = catalogue.get(game_id)
    checked = 0
    for autoplay in (0, 5):  # the start, and a position with pieces moved and taken
        app.nav.play(game_id, seed=5, autoplay=autoplay, seats={p: Seat(p) for p in record.players})
        game = app.stack.top
        monkeypatch.setattr(game, "save_progress", lambda: None)  # hundreds of moves tried, none kept
        state = game.state
        if state.over or record.rules.moves_unlisted(state):
            app.stack.pop()
            continue
        legal = record.rules.legal_moves(state)
        found = moves_by_scanning(game)
        assert game.state == state  # every move tried was taken back
        assert sorted(map(repr, set(found))) == sorted(map(repr, set(legal)))
        checked += 1
        app.stack.pop()
    assert checked


def test_the_scan_rests_while_the_computer_plays_and_a_move_plays_out(app):
    scanning(app)
    game_id = catalogue.GAME_IDS[0]
    record = catalogue.get(game_id)
    app.nav.play(game_id, seed=1, seats={p: Seat(p, "easy") for p in record.players})
    first = app.stack.top.start_player  # the computer takes the side that starts
    app.stack.pop()
    seats = {p: Seat(p, "easy") if p == first else Seat(p) for p in record.players}
    app.nav.play(game_id, seed=1, seats=seats)
    game = app.stack.top
    steps = app.scanner.steps
    resting = 0
    for _ in range(2000):
        if not game.scan_waits():
            break
        app.frame([], DT, draw=False)
        resting += 1
        assert app.scanner.steps == steps  # no step while the computer thinks or its move plays
    assert game.history and not game.ai_to_move() and resting > 0
    assert app.scanner.waited < 0.1  # the person's turn starts with a whole step on the item
    wait(app, app.settings.scan_seconds + 0.05)
    assert app.scanner.steps == steps + 1


def test_undo_and_a_hint_are_in_the_pause_menu_while_scanning(app):
    scanning(app)
    game_id = catalogue.GAME_IDS[0]
    record = catalogue.get(game_id)
    app.nav.play(game_id, seed=2, seats={p: Seat(p) for p in record.players})
    game = app.stack.top
    press(app)  # the move highlighted at the start
    wait(app, 3.0)
    assert len(game.history) == 1
    hold(app)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    scan_until(app, lambda: highlighted(pause.menu) == "Undo")
    press(app)
    assert app.stack.top is game and not game.history
    hold(app)
    pause = app.stack.top
    scan_until(app, lambda: highlighted(pause.menu) == "Hint")
    press(app)
    assert app.stack.top is game
    for _ in range(3000):  # the hint's search, a slice a frame; the scan rests meanwhile
        if not game.thinking:
            break
        steps = app.scanner.steps
        app.frame([], DT, draw=False)
        assert app.scanner.steps == steps
    hinted = game.hinted
    assert hinted is not None
    assert not game.scan_items()[1]  # along the hinted move's row, not stepping from row to row
    press(app)  # the cursor is on the hinted move, whatever its place in its row: the switch plays it
    wait(app, 3.0)
    assert game.history and game.history[-1][1] == hinted


def by_rows_at_the_start(app):
    """The games whose first turn is scanned by rows (many items on a board), each started."""
    for game_id in catalogue.GAME_IDS:
        record = catalogue.get(game_id)
        app.nav.play(game_id, seed=4, seats={p: Seat(p) for p in record.players})
        game = app.stack.top
        if game.scan_items()[1]:
            yield game
        app.stack.pop()


def test_a_board_of_many_points_is_scanned_row_by_row(app):
    scanning(app)
    checked = 0
    for game in by_rows_at_the_start(app):
        rows, by_rows = game.scan_items()
        assert by_rows and len(rows) > 2
        targets = game.scan_targets()
        last = targets[-1]
        # the rows, one step each, then the last row's points: far fewer steps than points
        scan_to(app, game, rows[-1], limit=len(rows) * 0.8 + 1)
        assert game.scan_row is None
        press(app)  # along the last row
        assert game.scan_row is not None and game.scan_shown() == rows[-1]
        row = game.scan_items()[0]
        assert row == [t for t in targets if game.scan_row_of(t) == game.scan_row]
        scan_to(app, game, last, limit=len(row) * 0.8 + 1)
        wait(app, 0.85)  # past the row's end: the rows again, from the first
        assert game.scan_row is None and game.scan_shown() == rows[0]
        press(app)
        hold(app)  # a long press leaves the row, not the game
        assert app.stack.top is game and game.scan_row is None
        scan_to(app, game, rows[1])
        press(app)  # along the second row, its first point shown a whole step...
        assert game.scan_row is not None and game.scan_shown() == rows[1]
        press(app)  # ...and played
        wait(app, 3.0)
        assert len(game.history) == 1
        assert game.scan_row is None  # the next turn starts from the rows
        checked += 1
    assert checked


def test_a_lesson_is_scanned_like_its_game_rows_and_all(app):
    from game.content import lessons
    from game.scenes.hosts.lesson import LessonScene

    scanning(app)
    checked = 0
    for game_id in catalogue.GAME_IDS:
        course = lessons.load(game_id)
        if course is None:
            continue
        lesson = LessonScene(app, course, 0)
        app.stack.push(lesson)
        wait(app, 0.5)
        game = lesson.game
        if lesson.phase != "try" or game.scan_waits():
            app.stack.pop()
            continue
        items, by_rows = game.scan_items()
        if not items:  # a card to go on from first (The Great Order's hand-over)
            app.stack.pop()
            continue
        before = len(game.history)
        wait(app, 0.85)
        assert game.scan_shown() in items  # the highlight steps over the lesson's board
        if by_rows:
            press(app)  # into the row: nothing played yet
            assert game.scan_row is not None and len(game.history) == before
            hold(app)  # out of the row, still in the lesson
            assert game.scan_row is None and app.stack.top is lesson
            press(app)  # and into it again
        press(app)  # the point, the cell or the piece highlighted
        if game.scan_items()[0] != items and not game.history:  # a part of a move: the next one
            press(app)
        wait(app, 3.0)
        assert len(game.history) > before or lesson.phase != "try"  # a move, right or wrong
        hold(app)
        assert app.stack.top is not lesson  # a long press leaves the lesson
        checked += 1
    assert checked
