"""The GAUSS scene driven headless through injected input events."""
import random

import pygame
from driver import DT, click, key, redo_through, run, settle, undo_through

from game.app.app import Options
from game.navigation import game_scene, make_app
from game.rules.gauss import GAUSS, NAME, Move
from game.scenes.games.gauss_scene import GaussScene
from game.scenes.menus.overlay import PauseScene, ResultScene


def assert_drawn_matches_engine(scene):
    assert scene.drawn_board() == scene.engine_board()
    assert scene.shown_supply == list(scene.state.supply)
    assert scene.shown_gain == list(scene.state.gain)
    assert scene.shown_risk == list(scene.state.risk)
    assert all(s.fly is None and s.scale == 1.0 and s.flash == 0 for s in scene.board_group)


def steer_keyboard(app, scene, target):
    for _ in range(40):
        q, r = scene.cursor
        if (q, r) == tuple(target):
            return
        if r > target[1]:
            run(app, [key(pygame.K_UP)])
        elif r < target[1]:
            run(app, [key(pygame.K_DOWN)])
        else:
            run(app, [key(pygame.K_RIGHT if q < target[0] else pygame.K_LEFT)])
    raise AssertionError(f"cursor could not reach {target}")


def start_gauss(app, seed):
    app.start_game("gauss", seed=seed)
    run(app)
    scene = app.stack.top
    assert isinstance(scene, GaussScene)
    return scene


def test_whole_game_by_keyboard_with_animations_matching_the_engine(app):
    scene = start_gauss(app, seed=11)
    rng = random.Random(11)
    moves = 0
    while not scene.state.over:
        move = rng.choice(GAUSS.legal_moves(scene.state))
        steer_keyboard(app, scene, move.cell)
        if scene.color != move.color:
            run(app, [key(pygame.K_TAB)])
        assert scene.color == move.color
        before = scene.state
        run(app, [key(pygame.K_RETURN)])
        assert scene.state is not before, "Enter on a legal cell must place"
        moves += 1
        if moves % 3 == 0:
            assert scene.queue.busy
            run(app, [key(pygame.K_x)])  # any key, even one that means nothing, skips
            assert not scene.queue.busy and len(scene.history) == moves
        settle(app, scene)
        assert_drawn_matches_engine(scene)
    assert moves == 30
    for _ in range(int(1.5 / DT)):
        run(app)
    assert isinstance(app.stack.top, ResultScene)
    # the focus starts on Rematch, the first item: Enter starts a fresh game
    run(app, [key(pygame.K_RETURN)])
    assert app.stack.top is scene and not scene.state.over and scene.history == []


def test_whole_game_by_mouse_alone(app):
    scene = start_gauss(app, seed=5)
    rng = random.Random(5)
    while not scene.state.over:
        move = rng.choice(GAUSS.legal_moves(scene.state))
        x, y = scene.hex.to_pixel(*move.cell)
        pos = (round(x), round(y))
        run(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
        assert scene.cursor == move.cell
        if scene.color != move.color:
            run(app, [click(pos, button=3)])
        run(app, [click(pos)])
        settle(app, scene)
        assert_drawn_matches_engine(scene)
    for _ in range(int(1.5 / DT)):
        run(app)
    result = app.stack.top
    assert isinstance(result, ResultScene)
    assert result.table[0] == ["", "Red", "Blue"]
    outcome = GAUSS.outcome(scene.state)
    assert result.table[-1] == ["Final score", str(outcome.detail["red"]["final"]),
                                str(outcome.detail["blue"]["final"])]


def test_illegal_cells_are_explained_not_ignored(app):
    scene = start_gauss(app, seed=1)
    cell = scene.cursor
    run(app, [key(pygame.K_RETURN)])
    settle(app, scene)
    assert scene.cursor != cell  # the keyboard cursor left the filled cell for a legal one
    scene.cursor = cell
    run(app, [key(pygame.K_RETURN)])  # the filled cell all the same
    if scene.state.board[scene.state.geo.index[cell]]:
        assert scene.message == "That cell is already occupied."
    void_cell = (4, -4)
    x, y = scene.hex.to_pixel(*void_cell)
    run(app, [click((round(x), round(y)))])
    assert scene.message == "Discs may not be placed on the VOID ring."


def test_undo_and_redo_restore_positions_exactly(app):
    scene = start_gauss(app, seed=3)
    rng = random.Random(3)
    states = [scene.state]
    for _ in range(6):
        scene.try_place(rng.choice(GAUSS.legal_moves(scene.state)).cell)
        settle(app, scene)
        states.append(scene.state)
    undo_through(app, scene, states, assert_drawn_matches_engine)
    redo_through(app, scene, states[1:], assert_drawn_matches_engine)


def test_preview_shows_the_engine_effects_before_committing(app):
    scene = start_gauss(app, seed=2)
    red_blue = {(0, 0): "blue", (0, -3): "blue", (3, 0): "red"}
    for cell, color in red_blue.items():
        scene.commit(Move(cell, color), animate=False)
    settle(app, scene)
    legal = GAUSS.legal_moves(scene.state)
    move = max(legal, key=lambda m: len(GAUSS.play(scene.state, m)[1]))
    scene.cursor, scene.color = move.cell, move.color
    run(app)
    _, effects = scene.preview(move)
    assert effects == GAUSS.play(scene.state, move)[1]
    assert len(effects) > 1
    assert scene.preview_words().startswith(GAUSS.move_text(move, scene.state))
    assert scene.state.ply == 3  # nothing was played by previewing


def test_pause_menu_restart_and_quit_to_menu(app):
    scene = start_gauss(app, seed=9)
    scene.try_place(GAUSS.legal_moves(scene.state)[0].cell)
    settle(app, scene)
    run(app, [key(pygame.K_ESCAPE)])
    assert isinstance(app.stack.top, PauseScene)
    run(app, [key(pygame.K_DOWN)] * 2 + [key(pygame.K_RETURN)])  # Restart, after Save game
    assert type(app.stack.top).__name__ == "AskScene"  # asked first, "No" focused
    run(app, [key(pygame.K_UP), key(pygame.K_RETURN)])  # "Yes, start again"
    assert app.stack.top is scene and scene.history == []
    # Resume, Save game, Restart, How to play, Lessons, Volume, Show details, Quit to menu
    run(app, [key(pygame.K_ESCAPE)] + [key(pygame.K_DOWN)] * 7 + [key(pygame.K_RETURN)])
    assert type(app.stack.top).__name__ == "SelectScene"


def test_start_player_is_seeded_and_shown(app):
    a = start_gauss(app, seed=1234)
    first = a.state.to_move
    assert a.start_player == first and first.capitalize() in a.banner
    b = game_scene(app, "gauss", seed=1234)
    assert b.state.to_move == first


def test_resizing_rescales_the_board(app):
    scene = start_gauss(app, seed=4)
    small = scene.hex.size
    app.screen = pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    run(app)
    assert scene.hex.size > small * 1.3
    cell = (1, -1)
    x, y = scene.hex.to_pixel(*cell)
    assert scene.hex.from_pixel(x, y) == cell


def test_a_failing_scene_returns_to_the_title_with_a_message(app):
    scene = start_gauss(app, seed=4)

    def broken(dt):
        raise RuntimeError("boom")

    scene.update = broken
    run(app)
    assert type(app.stack.top).__name__ == "TitleScene"
    assert "went wrong" in app.notice


def test_engine_board_names_every_disc():
    app = make_app(Options(headless=True))
    try:
        scene = game_scene(app, "gauss", seed=8, autoplay=10)
        board = scene.engine_board()
        assert sum(1 for c in scene.state.board if c) == len(board)
        assert set(board.values()) <= set(NAME.values())
        assert scene.drawn_board() == board
    finally:
        app.shutdown()
