"""The arcade: the ladder (easy, medium, hard), the hall of fame and its initials."""
import errno
import random

import pygame
import pytest
from driver import click, key, run

from game import catalogue
from game.arcade import fame, ladder
from game.persistence import storage
from game.scenes.menus import arcade
from game.scenes.menus.arcade import HallScene, LadderScene
from game.scenes.menus.initials import InitialsScene
from game.scenes.menus.overlay import ResultScene
from game.ui import theme
from game.ui.actions import CONFIRM, Action


def text(t):
    return pygame.event.Event(pygame.TEXTINPUT, text=t)


# -- the ladder's progress --------------------------------------------------------------------
def test_the_ladder_is_climbed_rung_by_rung_and_counts_its_games():
    assert ladder.of("rush").rung == "easy"
    assert ladder.finished("rush", "easy", won=False)[1] is None
    climb, unlocked = ladder.finished("rush", "easy", won=True)
    assert unlocked == "medium" and climb.beaten == ["easy"] and climb.games == 2
    assert ladder.finished("rush", "easy", won=True)[1] is None  # beaten before: nothing new
    assert ladder.finished("rush", "medium", won=True)[1] == "hard"
    climb, unlocked = ladder.finished("rush", "hard", won=True)
    assert unlocked == "top" and climb.climbed and climb.games == 5 and climb.rung == "hard"
    assert ladder.of("gauss").rung == "easy"  # every game climbs its own ladder


def test_a_damaged_ladder_file_counts_as_nothing_and_is_kept_aside_when_written():
    path = storage.home() / ladder.FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": 1, "games": {"gauss": {"beaten": "all", "games": -4}, "chess": {}}}')
    assert ladder.of("gauss").rung == "easy" and ladder.of("gauss").games == 0
    path.write_text("{ not json")
    assert ladder.progress() == {}
    ladder.finished("gauss", "easy", won=True)
    assert ladder.of("gauss").beaten == ["easy"]
    assert [p for p in path.parent.iterdir() if p.name.startswith("ladder.json.bad-")]


def test_a_folder_that_cannot_be_written_keeps_the_ladder_for_this_run(monkeypatch):
    def read_only(path, data):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(storage, "write_json", read_only)
    try:
        ladder.finished("order", "easy", won=True)
        assert ladder.of("order").rung == "medium"
    finally:
        ladder._unsaved.clear()


# -- the hall of fame ----------------------------------------------------------------------------
def test_the_hall_keeps_the_best_five_of_each_table_best_first():
    for initials, value in (("AAA", 3), ("BBB", 9), ("CCC", 5), ("DDD", 9), ("EEE", 1)):
        assert fame.add("gauss", "margin", initials, value) > 0
    rows = fame.entries("gauss", "margin")
    assert [e.initials for e in rows] == ["BBB", "DDD", "CCC", "AAA", "EEE"]  # an older equal stays ahead
    assert not fame.qualifies("gauss", "margin", 1) and fame.qualifies("gauss", "margin", 2)
    assert fame.add("gauss", "margin", "FFF", 1) == 0  # no room: an equal does not push out
    assert fame.add("gauss", "margin", "GGG", 10) == 1
    assert [e.initials for e in fame.entries("gauss", "margin")][-1] == "AAA"
    # fewer ladder games is better
    fame.add("gauss", "ladder", "AAA", 7)
    assert fame.add("gauss", "ladder", "BBB", 3) == 1
    assert fame.entries("rush", "margin") == []


def test_a_hostile_hall_file_loses_its_bad_rows_and_nothing_runs():
    path = storage.home() / fame.FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": 1, "games": {"gauss": {"margin": ['
                    '{"initials": "ABC", "value": 4, "date": "2026-11-24"},'
                    '{"initials": "<script>", "value": 4, "date": "x"},'
                    '{"initials": "XYZ", "value": "9", "date": "x"},'
                    '{"initials": "   ", "value": 2, "date": "x"}], "evil": [1]}, "nope": 3}}')
    assert [e.initials for e in fame.entries("gauss", "margin")] == ["ABC"]
    path.write_bytes(b"\xff\xfe garbage")
    assert fame.hall() == {}
    assert fame.add("gauss", "streak", "ABC", 4) == 1
    assert [p for p in path.parent.iterdir() if p.name.startswith("fame.json.bad-")]
    assert fame.clear() and fame.hall() == {} and not fame.clear()


# -- on screen ------------------------------------------------------------------------------------
def finished_game(app, game_id, level, won):
    """A ladder game of ``game_id`` against ``level`` played out by random moves until the
    person's side has ``won`` (or not)."""
    from game.navigation import game_scene
    from game.scenes.menus.seats import Seat

    for seed in range(40):
        person, computer = catalogue.get(game_id).players
        scene = game_scene(app, game_id, seed=seed, ladder=level,
                           seats={person: Seat(person, "human"), computer: Seat(computer, level)})
        rng = random.Random(seed)
        while not scene.state.over:
            scene.commit(scene.rules.random_move(scene.state, rng), animate=False)
        if (scene.rules.outcome(scene.state).winner == person) == won:
            app.stack.push(scene)
            return scene
    raise AssertionError("no such game in 40 seeds")


def test_the_ladder_screen_starts_a_ladder_game_against_the_rung_to_beat(app):
    ladder.finished("rush", "easy", won=True)
    app.nav.ladder("rush")
    scene = app.stack.top
    assert isinstance(scene, LadderScene)
    run(app, [], frames=2)
    run(app, [key(pygame.K_RETURN)])
    game = app.stack.top
    assert game.game_id == "rush" and game.ladder == "medium"
    assert game.seats["white"].kind == "medium" and not game.seats["black"].is_ai
    assert game.record().ladder == "medium"


@pytest.mark.parametrize("games", [len(catalogue.GAME_IDS), 14])
@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_the_ladder_shows_the_chosen_game_among_cards_that_fit_the_window(games, size):
    """Every game's card fits the window (six rows did not at 1280×720 and 1920×1080); with
    more games than fit at a readable width the cards scroll, the chosen one always shown,
    and a click plays the game whose card it hit."""
    from game.app.app import Options
    from game.navigation import make_app

    a = make_app(Options(headless=True, size=size))
    a.start()
    try:
        scene = LadderScene(a)
        scene.games = [catalogue.GAME_IDS[k % len(catalogue.GAME_IDS)] for k in range(games)]
        a.stack.push(scene)
        w, h = a.screen.get_size()
        for index in (0, games // 2, games - 1):
            scene.index = index
            scene.draw(a.screen)
            rects = [rect for _i, rect in scene.rows]
            assert index in [i for i, _rect in scene.rows]
            assert all(rect.top >= 0 and rect.bottom <= h - 40 * theme.scale_of(a.screen) for rect in rects)
            assert all(rect.left >= 0 and rect.right <= w for rect in rects)
            assert all(left.right <= right.left for left, right in zip(rects, rects[1:], strict=False))
            assert (len(rects) == games) == (games == len(catalogue.GAME_IDS))  # all six fit; 14 scroll
        i, rect = scene.rows[-1]
        seen = []
        scene_start = arcade.start_ladder_game
        try:
            arcade.start_ladder_game = lambda app, game_id: seen.append(game_id)
            scene.handle(Action(CONFIRM, "mouse", pos=rect.center))
        finally:
            arcade.start_ladder_game = scene_start
        assert seen == [scene.games[i]] and scene.index == i
    finally:
        a.shutdown()


def test_a_ladder_win_says_what_it_unlocked_and_the_rematch_climbs_on(app):
    game = finished_game(app, "rush", "easy", won=True)
    run(app, [], frames=3)
    card = app.stack.top
    assert isinstance(card, ResultScene)
    assert any("medium is unlocked" in line for line in card.notes)
    assert card.menu.items[0].label == "Ladder: play medium"
    run(app, frames=int(1.2 * 60))  # the card takes no press in its first second
    card.menu.index = 0
    run(app, [key(pygame.K_RETURN)])
    assert app.stack.top is game and game.ladder == "medium" and game.seats["white"].kind == "medium"
    assert not game.state.over


def test_beating_hard_on_the_ladder_asks_initials_for_the_hall_of_fame(app):
    ladder.finished("rush", "easy", won=True)
    ladder.finished("rush", "medium", won=True)
    finished_game(app, "rush", "hard", won=True)
    run(app, [], frames=3)
    entry = app.stack.top
    assert isinstance(entry, InitialsScene)
    kinds = {entry.kind}
    run(app, [text("j"), text("o"), text("e")], frames=2)
    assert entry.initials == "JOE"
    run(app, [key(pygame.K_RETURN)])
    while isinstance(app.stack.top, InitialsScene):  # the widest win too (same three letters)
        kinds.add(app.stack.top.kind)
        run(app, [key(pygame.K_RETURN)])
    assert entry.kind == "ladder" and "ladder" in kinds  # asked first
    assert fame.entries("rush", "ladder")[0].initials == "JOE"
    assert all(e.initials == "JOE" for e in fame.entries("rush", "margin"))
    card = app.stack.top
    assert isinstance(card, ResultScene)
    assert any("Hall of fame: JOE is number 1" in line for line in card.notes)


def test_initials_with_a_pad_alone_and_with_the_mouse_alone(app):
    InitialsScene.last = "AAA"
    entry = InitialsScene(app, "gauss", "margin", 7)
    app.stack.push(entry)
    run(app, [], frames=2)
    b = pygame
    for button in (b.CONTROLLER_BUTTON_DPAD_UP, b.CONTROLLER_BUTTON_DPAD_UP, b.CONTROLLER_BUTTON_A,
                   b.CONTROLLER_BUTTON_DPAD_UP, b.CONTROLLER_BUTTON_A, b.CONTROLLER_BUTTON_A):
        for action in app.pads.translate(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0,
                                                            button=button)):
            entry.handle(action)
    assert app.stack.top is not entry
    assert fame.entries("gauss", "margin")[0].initials == "CBA"
    # the mouse: the arrow over the second letter twice, then the Done button
    entry = InitialsScene(app, "gauss", "margin", 5)
    app.stack.push(entry)
    run(app, [], frames=2)
    up = next(rect for rect, slot, step in entry.arrows if slot == 1 and step == 1)
    run(app, [click(up.center), click(up.center)])
    assert entry.initials == "CDA"
    run(app, [click(entry.buttons["enter"].rect.center)])
    assert [e.initials for e in fame.entries("gauss", "margin")] == ["CBA", "CDA"]


def test_skip_leaves_the_result_out_of_the_hall(app):
    entry = InitialsScene(app, "rush", "streak", 3)
    app.stack.push(entry)
    run(app, [], frames=2)
    run(app, [key(pygame.K_ESCAPE)])
    assert app.stack.top is not entry and fame.entries("rush", "streak") == []


def test_the_hall_of_fame_screen_goes_from_game_to_game(app):
    fame.add("rush", "margin", "ZED", 12)
    app.nav.hall_of_fame("gauss")
    hall = app.stack.top
    assert isinstance(hall, HallScene)
    run(app, [key(pygame.K_RIGHT)], frames=2)
    assert hall.games[hall.index] == "rush"
    run(app, [click(hall.arrows[0][0].center)])
    assert hall.games[hall.index] == "gauss"
    run(app, [click(hall.back.rect.center)])
    assert app.stack.top is not hall


def test_a_streak_of_clean_puzzles_ends_at_a_wrong_move_and_enters_the_hall(app):
    from game.content.puzzles import forced, load_all
    from game.scenes.hosts.puzzle import PuzzleScene, mark_solved, streak

    for name in ("01", "02", "03"):
        mark_solved("sparks", name)
    mark_solved("sparks", "02")  # the same puzzle again does not lengthen the streak
    assert streak("sparks") == ["01", "02", "03"]
    puzzle = load_all("sparks")[-1]
    app.stack.push(PuzzleScene(app, puzzle))
    scene = app.stack.top
    assert not scene.game.hints_allowed  # a puzzle is solved unaided
    rules, state = puzzle.start()
    wrong = next(m for m in rules.legal_moves(state)
                 if not forced(rules, rules.play(state, m)[0], state.to_move, puzzle.plies - 1))
    assert scene.game.try_play(wrong)
    for _ in range(30):
        run(app)
    assert app.stack.top is scene  # the refutation is shown first, not covered by the card
    for _ in range(400):
        run(app)
        if app.stack.top is not scene:
            break
    entry = app.stack.top
    assert isinstance(entry, InitialsScene) and (entry.kind, entry.value) == ("streak", 3)
    assert scene.game.history == []  # the position came back before the card
    assert streak("sparks") == []
    mark_solved("sparks", puzzle.name, clean=False)  # solved after a miss: solved, not in a streak
    assert streak("sparks") == []


def test_the_hall_of_fame_is_an_arcade_table_of_five_places_each(app, monkeypatch):
    from game.scenes.menus import arcade
    from game.ui import theme

    fame.add("rush", "margin", "JOE", 9)
    drawn = []
    original = theme.draw_text

    def watch(surface, text, *a, **k):
        drawn.append(text)
        return original(surface, text, *a, **k)
    monkeypatch.setattr(theme, "draw_text", watch)
    app.nav.hall_of_fame("rush")
    app.stack.top.draw(app.screen)
    tables = [t for t in fame.TABLES if t.kind != "streak" or arcade.puzzles.load_all("rush")]
    assert drawn.count("1ST") == len(tables) and drawn.count("5TH") == len(tables)  # five places, each
    assert ["J", "O", "E"] == [t for t in drawn if t in "JOE" and len(t) == 1][:3]  # letter by letter
    assert drawn.count("- - -") == 5 * len(tables) - 1  # the empty places wait


def test_the_ladder_is_a_climb_a_card_a_game_side_by_side(app):
    ladder.finished("rush", "easy", won=True)
    app.nav.ladder("rush")
    scene = app.stack.top
    scene.draw(app.screen)
    w, h = app.screen.get_size()
    cards = [card for _i, card in scene.rows]
    assert len(cards) == len(catalogue.GAME_IDS)
    for i, card in enumerate(cards):  # in the window, none over another
        assert app.screen.get_rect().contains(card)
        assert not any(card.colliderect(other) for other in cards[i + 1:])
    run(app, [key(pygame.K_RIGHT)])
    assert scene.games[scene.index] == catalogue.GAME_IDS[(catalogue.GAME_IDS.index("rush") + 1)
                                                         % len(catalogue.GAME_IDS)]


def test_a_hall_of_fame_day_is_written_as_the_language_writes_it():
    from game import i18n
    from game.scenes.menus.arcade import short_day
    assert short_day("2026-11-26") == "11-26"
    i18n.set_language("de")
    assert short_day("2026-11-26") == "26.11."
    assert short_day("yesterday") == "yesterday"  # not a date: as it is
