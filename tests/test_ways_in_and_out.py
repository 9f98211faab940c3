"""The ways into a game and out of it (issue #27): nothing lost on the way, no choice dropped.

Each test here was written before its fix and failed on the code before it.
"""
from __future__ import annotations

import random

import pygame
from driver import DT, click, key, run

from game import catalogue
from game.persistence import saves
from game.scenes.hosts.replay import ReplayScene
from game.scenes.menus.overlay import AskScene, PauseScene, ResultScene


def labels(scene) -> list[str]:
    return [item.label for item in scene.menu.items]


def choose(app, label: str) -> None:
    menu = app.stack.top.menu
    menu.index = labels(app.stack.top).index(label)
    run(app, [key(pygame.K_RETURN)])


def one_move_from_the_end(app, game_id: str = "gauss", seed: int = 3):
    """A game of ``game_id`` on the stack, played at random until one move ends it;
    returns the scene and that last move."""
    app.start_game(game_id, seed=seed)
    game = app.stack.top
    rng = random.Random(seed)
    while True:
        move = game.rules.random_move(game.state, rng)
        after, _effects = game.rules.play(game.state, move)
        if after.over:
            return game, move
        game.commit(move, animate=False)


# -- 1. Enter mashed at the end -------------------------------------------------------------
def test_enter_mashed_after_the_last_move_keeps_the_finished_game(app):
    game, last = one_move_from_the_end(app)
    game.try_play(last)  # played with Enter...
    finished = len(game.history)
    for _ in range(5):  # ...and Enter pressed again and again for a second and a half
        run(app, [key(pygame.K_RETURN)], frames=int(0.3 / DT))
    # the card still up over the finished game, or (a press after its guard) a rematch that
    # keeps the finished game for the pause menu's review and save
    if game.state.over:
        assert len(game.history) == finished and isinstance(app.stack.top, ResultScene)
    else:
        assert game.finished is not None and len(game.finished.moves) == finished, \
            "the finished game was thrown away"


def test_the_result_card_ignores_presses_at_first_and_then_focuses_the_rematch(app):
    """The focus starts on the way on (issue #30: a newcomer found it on Review, when the
    first thing wanted after a game is another one); the review is one step down."""
    game, last = one_move_from_the_end(app)
    game.commit(last, animate=False)
    run(app, frames=3)
    card = app.stack.top
    assert isinstance(card, ResultScene)
    run(app, [key(pygame.K_DOWN), key(pygame.K_RETURN)])  # meant for the board: ignored
    assert app.stack.top is card and labels(card)[card.menu.index] == "Rematch"
    run(app, frames=int(1.2 / DT))
    run(app, [key(pygame.K_DOWN)])
    assert labels(card)[card.menu.index] == "Review the game", "after the guard the card takes keys"


def test_after_a_rematch_the_last_finished_game_can_still_be_reviewed_and_saved(app):
    game, last = one_move_from_the_end(app)
    game.commit(last, animate=False)
    moves = [m for m in game.record().moves]
    run(app, frames=int(1.2 / DT))
    choose(app, "Rematch")
    assert app.stack.top is game and not game.state.over
    run(app, [key(pygame.K_ESCAPE)])
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    assert "Review the last game" in labels(pause) and "Save the last game" in labels(pause)
    choose(app, "Save the last game")
    entry = app.stack.top
    assert entry.record.moves == moves
    app.stack.pop()
    choose(app, "Review the last game")
    review = app.stack.top
    assert isinstance(review, ReplayScene) and review.record.moves == moves


def test_the_result_card_offers_to_save_the_game(app):
    game, last = one_move_from_the_end(app, "rush", seed=4)
    game.commit(last, animate=False)
    run(app, frames=int(1.2 / DT))
    assert "Save the game" in labels(app.stack.top)
    choose(app, "Save the game")
    assert app.stack.top.record.moves == game.record().moves


# -- 2. one question wherever a game in progress would be replaced -------------------------
def in_progress(app, game_id: str = "gauss", moves: int = 2) -> saves.Record:
    app.start_game(game_id, seed=9)
    game = app.stack.top
    rng = random.Random(9)
    for _ in range(moves):
        game.commit(game.rules.random_move(game.state, rng), animate=False)
    record = saves.read_autosave(game_id)
    assert record is not None and len(record.moves) == moves
    app.nav.title()
    return record


def another_game_of(game_id: str = "gauss", moves: int = 5) -> saves.Record:
    rules = catalogue.game(game_id)
    from game.content import levels
    state = rules.new(levels.load(game_id, None), seed=21)
    rng = random.Random(21)
    played = []
    for _ in range(moves):
        move = rules.random_move(state, rng)
        played.append(rules.move_json(move))
        state, _e = rules.play(state, move)
    return saves.Record(game_id, levels.load(game_id, None)["name"], 21, None, played,
                        seats={p: "human" for p in rules.players})


def test_load_game_continue_asks_before_replacing_the_game_in_progress(app):
    kept = in_progress(app)
    saves.save_as("other", another_game_of())
    app.nav.load_menu()
    run(app, frames=2)
    load = app.stack.top
    load.choose([e.name for e in load.entries].index("other"))
    choose(app, "Continue playing")
    ask = app.stack.top
    assert isinstance(ask, AskScene), "a game in progress was replaced without a question"
    run(app, [key(pygame.K_ESCAPE)])
    assert saves.read_autosave("gauss").moves == kept.moves


def test_taking_over_a_replay_asks_before_replacing_the_game_in_progress(app):
    kept = in_progress(app)
    app.nav.replay(another_game_of(), "other")
    run(app, frames=2)
    run(app, [key(pygame.K_TAB)])  # take over
    assert isinstance(app.stack.top, AskScene)
    run(app, [key(pygame.K_ESCAPE)])
    assert saves.read_autosave("gauss").moves == kept.moves


def test_a_game_with_no_move_is_not_in_progress(app):
    app.start_game("gauss", seed=9)  # started, nothing played
    app.nav.title()
    app.nav.select("gauss")
    app.nav.setup("gauss")
    run(app, frames=2)
    setup = app.stack.top
    setup.start()
    assert not isinstance(app.stack.top, AskScene)
    assert app.stack.top.game_id == "gauss"


def test_a_kiosk_game_asks_nothing(app):
    from game.app.app import Options
    from game.navigation import make_app
    in_progress(app)
    kiosk = make_app(Options(headless=True, kiosk=True))
    try:
        kiosk.start()
        kiosk.nav.title()
        kiosk.nav.setup("gauss")
        run(kiosk, frames=2)
        kiosk.stack.top.start()
        assert kiosk.stack.top.game_id == "gauss"
    finally:
        kiosk.shutdown()





def test_the_command_line_game_asks_before_replacing_the_game_in_progress(app):
    from game.app.app import Options
    from game.navigation import make_app
    kept = in_progress(app)
    other = make_app(Options(game="gauss", ai_worker=False))  # a window (dummy driver), a player
    try:
        other.start()
        assert isinstance(other.stack.top, AskScene)
        run(other, [key(pygame.K_RETURN)])  # Resume it, the default
        assert other.stack.top.game_id == "gauss" and len(other.stack.top.history) == len(kept.moves)
    finally:
        other.shutdown()


# -- 3. who plays: one step for the common cases -------------------------------------------
def setup_screen(app, game_id: str = "gauss"):
    app.nav.setup(game_id)
    run(app, frames=2)
    return app.stack.top


def test_one_enter_plays_the_computer_at_the_level_shown(app):
    setup_screen(app)
    run(app, [key(pygame.K_RETURN)])
    game = app.stack.top
    assert game.game_id == "gauss"
    kinds = sorted(seat.kind for seat in game.seats.values())
    assert kinds == ["human", "medium"]


def test_left_right_choose_the_level_and_tab_swaps_the_sides(app):
    setup = setup_screen(app, "sparks")
    run(app, [key(pygame.K_RIGHT), key(pygame.K_TAB)])
    run(app, [key(pygame.K_RETURN)])
    game = app.stack.top
    person, computer = catalogue.get("sparks").players
    assert game.seats[person].kind == "hard" and game.seats[computer].kind == "human"
    app.stack.pop()
    again = setup_screen(app, "sparks")  # remembered: one Enter plays the same again
    assert again.ai_level == "hard" and again.person == computer
    assert setup is not again


def test_two_players_is_one_step_too(app):
    setup_screen(app)
    run(app, [key(pygame.K_DOWN), key(pygame.K_RETURN)])
    game = app.stack.top
    assert all(not seat.is_ai and seat.device is None for seat in game.seats.values())


def test_a_remembered_two_player_game_is_focused_and_old_settings_still_read(app):
    app.settings.seats = {"gauss": {"red": "human@keyboard", "blue": "human"}}
    assert setup_screen(app).choices[setup_screen(app).focus] == "two"
    app.settings.seats = {"gauss": {"red": "hard", "blue": "human@keyboard"}}
    setup = setup_screen(app)
    assert setup.ai_level == "hard" and setup.person == "blue" and setup.focus == 0


def test_seats_by_device_only_when_pads_are_there(app):
    setup = setup_screen(app)
    assert setup.choices == ["computer", "two"]
    run(app, [pygame.event.Event(pygame.CONTROLLERDEVICEADDED, instance_id=4)])
    assert setup.choices == ["computer", "two", "pads"]


def test_a_kiosk_visitor_starts_from_the_default_not_the_last_visitors_choice():
    from game.app.app import Options
    from game.navigation import make_app
    kiosk = make_app(Options(headless=True, kiosk=True))
    try:
        kiosk.start()
        kiosk.nav.title()
        setup = setup_screen(kiosk)
        run(kiosk, [key(pygame.K_RIGHT), key(pygame.K_TAB), key(pygame.K_RETURN)])
        assert kiosk.stack.top.game_id == "gauss"
        kiosk.nav.title()
        again = setup_screen(kiosk)
        assert (again.ai_level, again.person) == ("medium", "red") and setup is not again
    finally:
        kiosk.shutdown()


def test_a_mouse_alone_chooses_the_level_swaps_and_plays(app):
    setup = setup_screen(app)
    right = next(rect for rect, delta in setup.arrows if delta == 1)
    run(app, [click(right.center)], frames=int(0.5 / DT))
    assert setup.ai_level == "hard" and app.stack.top is setup
    run(app, [click(setup.swap_rect.center)], frames=int(0.5 / DT))
    assert setup.person == "blue"
    run(app, [click((setup.rows[0].x + 10, setup.rows[0].centery))])
    game = app.stack.top
    assert game.seats["red"].kind == "hard" and game.seats["blue"].kind == "human"


# -- 4. who is who, on the game screen -------------------------------------------------------
def drawn_texts(app, scene) -> str:
    """Every text the scene draws in a whole frame, joined."""
    from game.ui import theme
    seen = []
    original = theme.draw_text

    def watch(surface, text, *args, **kwargs):
        seen.append(text)
        return original(surface, text, *args, **kwargs)
    theme.draw_text = watch
    try:
        scene._panel = None
        scene.draw(app.screen)
    finally:
        theme.draw_text = original
    return "\n".join(seen)


def test_the_game_screen_says_who_is_who(app):
    from game.scenes.menus.seats import Seat
    app.start_game("gauss", seed=3, seats={"red": Seat("red"), "blue": Seat("blue", "hard")})
    game = app.stack.top
    assert game.who_is_who() == "Red: you · Blue: computer (hard)"
    app.start_game("gauss", seed=3)
    assert app.stack.top.who_is_who() == "Red and Blue: two players"


def test_a_ladder_game_names_its_rung_and_offers_no_take_backs_in_its_controls(app):
    from game.arcade import ladder
    ladder.finished("rush", "easy", won=True)
    app.nav.ladder("rush")
    run(app, frames=2)
    run(app, [key(pygame.K_RETURN)])
    game = app.stack.top
    assert game.ladder == "medium"
    run(app, frames=2)
    assert game.who_is_who() == "Black: you · White: computer (medium)"
    assert game.who_is_who(compact=True) == "Black: you · White: medium"
    assert "Ladder: rung 2 of 3" in drawn_texts(app, game)
    for device in ("keyboard", "pad0"):
        app.last_device = device
        line = game.bottom_line()[0]
        assert "undo" not in line.lower() and "redo" not in line.lower(), line


# -- the kiosk is an arcade -----------------------------------------------------------------
def kiosk_app():
    from game.app.app import Options
    from game.navigation import make_app
    kiosk = make_app(Options(headless=True, kiosk=True))
    kiosk.start()
    kiosk.nav.title()
    return kiosk


def test_a_kiosk_visitor_takes_lessons_solves_puzzles_and_climbs_the_ladder():
    from game.scenes.hosts.lesson import LessonListScene
    from game.scenes.hosts.puzzle import PuzzleListScene
    from game.scenes.menus.arcade import LadderScene
    kiosk = kiosk_app()
    try:
        assert labels(kiosk.stack.top) == ["Play", "How to play", "Lessons", "Puzzles", "Arcade ladder",
                                           "Hall of fame", "Watch the demo"]
        assert not {"Load game", "Settings", "Quit"} & set(labels(kiosk.stack.top))
        for label, screen in (("Arcade ladder", LadderScene),):
            choose(kiosk, label)
            assert isinstance(kiosk.stack.top, screen)
            kiosk.nav.title()
        choose(kiosk, "Lessons")
        run(kiosk, [key(pygame.K_RETURN)])  # which game: the first
        assert isinstance(kiosk.stack.top, LessonListScene)
        kiosk.nav.title()
        choose(kiosk, "Puzzles")
        run(kiosk, [key(pygame.K_RETURN)])
        assert isinstance(kiosk.stack.top, PuzzleListScene)
    finally:
        kiosk.shutdown()


def test_the_kiosk_operator_turns_each_off():
    from game.scenes.menus.settings_menu import SettingsScene
    kiosk = kiosk_app()
    try:
        kiosk.nav.settings(operator=True)
        settings = kiosk.stack.top
        assert isinstance(settings, SettingsScene)
        for row in ("kiosk_lessons", "kiosk_puzzles", "kiosk_ladder"):
            settings.index = settings.ROWS.index(row)
            run(kiosk, [key(pygame.K_RETURN)])
            assert getattr(kiosk.settings, row) is False
        kiosk.nav.title()
        assert labels(kiosk.stack.top) == ["Play", "How to play", "Hall of fame", "Watch the demo"]
    finally:
        kiosk.shutdown()


def test_each_kiosk_visitor_climbs_from_the_start_and_the_hall_of_fame_stays(app):
    from game.arcade import fame, ladder
    from game.scenes.menus.initials import InitialsScene
    ladder.finished("rush", "easy", won=True)  # the owner's own climb, at home
    kiosk = kiosk_app()
    try:
        assert ladder.of("rush").rung == "easy", "a visitor inherits the owner's climb"
        ladder.finished("rush", "easy", won=True)
        assert ladder.of("rush").rung == "medium"
        fame.add("rush", "margin", "VIS", 9)
        InitialsScene.last = "VIS"
        kiosk.nav.demo()  # nobody there: the attract loop, and the next visitor
        assert ladder.of("rush").rung == "easy", "the next visitor inherits the last one's climb"
        assert InitialsScene.last == "AAA"
        assert fame.entries("rush", "margin")[0].initials == "VIS"
    finally:
        kiosk.shutdown()
    from game.app.app import Options
    from game.navigation import make_app
    home = make_app(Options(headless=True))
    try:
        assert ladder.of("rush").rung == "medium", "the owner's climb went"
    finally:
        home.shutdown()


# -- a moment at the end ---------------------------------------------------------------------
def finished_against_the_computer(app, won: bool):
    from game.scenes.menus.seats import Seat
    for seed in range(40):
        app.start_game("gauss", seed=seed, seats={"red": Seat("red"), "blue": Seat("blue", "hard")})
        game = app.stack.top
        rng = random.Random(seed)
        while not game.state.over:
            game.commit(game.rules.random_move(game.state, rng), animate=False)
        if (game.rules.outcome(game.state).winner == "red") == won:
            return game
        app.nav.title()
    raise AssertionError("no such game")


def test_a_win_is_celebrated_and_its_score_counts_up():
    from game.app.app import Options
    from game.navigation import make_app
    app = make_app(Options(size=(800, 600), ai_worker=False))  # a window: motion on
    try:
        app.start()
        finished_against_the_computer(app, won=True)
        run(app, frames=2)
        while type(app.stack.top).__name__ == "InitialsScene":  # a win against hard: the hall asks first
            app.stack.top.skip()
        card = app.stack.top
        assert isinstance(card, ResultScene) and card.celebrate
        final = card.card.table[-1]
        shown = card.counted().table[-1]
        assert shown != final and shown[0] == final[0], "the score does not count up"
        run(app, frames=2)
        assert card.sparks.alive and card.next_change() == 0.0
        run(app, frames=int(2.5 / DT))
        assert card.counted().table[-1] == final and not card.sparks.alive and card.next_change() > 0
        app.settings.reduced_motion = True  # with reduced motion the numbers stand at once
        app.nav.title()
        finished_against_the_computer(app, won=True)
        run(app, frames=2)
        while type(app.stack.top).__name__ == "InitialsScene":
            app.stack.top.skip()
        assert app.stack.top.counted().table[-1] == app.stack.top.card.table[-1]
    finally:
        app.shutdown()


def test_a_loss_to_the_computer_is_not_celebrated(app):
    finished_against_the_computer(app, won=False)
    run(app, frames=2)
    card = app.stack.top
    assert isinstance(card, ResultScene) and not card.celebrate and not card.burst_pending
