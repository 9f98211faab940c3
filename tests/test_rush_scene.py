"""The Rush scene driven headless through injected input events."""
import random

import pygame
import pytest
from driver import DT, click, key, motion, redo_through, rematch, run, settle, undo_through

from game.content import howto as howto_data
from game.navigation import game_scene
from game.rules.rush import PLAYERS, RUSH, Move
from game.scenes.games.rush_scene import RushScene
from game.scenes.menus.howto import HowToScene
from game.scenes.menus.overlay import ResultScene
from game.ui import theme
from game.ui.kits.rush import occupied_neighbours, stone_colors


def assert_drawn_matches_engine(scene):
    assert scene.drawn_board() == scene.engine_board()
    assert scene.shown_count == {p: scene.state.count(p) for p in PLAYERS}
    assert scene.shown_to_move == scene.state.to_move
    assert scene.shown_continuing == scene.state.continuing
    assert all(s.scale == 1.0 and s.alpha == 255 for s in scene.board_group)
    assert len(scene.board_group) == sum(1 for c in scene.state.board if c)
    if scene.history:  # the lines of the last placement are exactly its connections
        before, move, _ = scene.history[-1]
        _, effects = RUSH.play(before, move)
        assert scene.link_from == move.cell and scene.link_t == 1.0
        assert len(scene.links) == effects[0]["connections"]
    if not scene.state.over:  # the dots are the engine's legal points, the crosses the rest
        assert scene.legal == {m.cell for m in RUSH.legal_moves(scene.state)}
        assert all(RUSH.why_illegal(scene.state, Move(c)) for c in scene.refused)


def steer_keyboard(app, scene, target):
    for _ in range(40):
        x, y = scene.cursor
        if (x, y) == tuple(target):
            return
        if y != target[1]:
            run(app, [key(pygame.K_UP if y > target[1] else pygame.K_DOWN)])
        else:
            run(app, [key(pygame.K_RIGHT if x < target[0] else pygame.K_LEFT)])
    raise AssertionError(f"cursor could not reach {target}")


def start_rush(app, seed, level=None):
    app.start_game("rush", level=level, seed=seed)
    run(app)
    scene = app.stack.top
    assert isinstance(scene, RushScene)
    return scene


def finish_to_result(app, scene):
    for _ in range(int(1.5 / DT)):
        run(app)
    result = app.stack.top
    assert isinstance(result, ResultScene)
    outcome = RUSH.outcome(scene.state)
    assert result.headline == f"{outcome.winner.capitalize()} wins!"
    assert result.table[0] == ["", "Black", "White"]
    assert result.table[-1] == ["Final count (stones)", str(outcome.detail["black"]),
                                str(outcome.detail["white"])]
    return result


def test_whole_game_by_keyboard_with_animations_matching_the_engine(app):
    scene = start_rush(app, seed=11)
    rng = random.Random(11)
    moves = agains = 0
    while not scene.state.over:
        move = rng.choice(RUSH.legal_moves(scene.state))
        steer_keyboard(app, scene, move.cell)
        before = scene.state
        run(app, [key(pygame.K_RETURN)])
        assert scene.state is not before, "Enter on a legal point must place"
        moves += 1
        agains += scene.state.continuing
        if moves % 3:
            assert scene.queue.busy
            run(app, [key(pygame.K_x)])  # any key, even one that means nothing, skips
            assert not scene.queue.busy and len(scene.history) == moves
        settle(app, scene)
        assert_drawn_matches_engine(scene)
    assert moves == 81 and agains > 0
    finish_to_result(app, scene)
    rematch(app)
    assert app.stack.top is scene and not scene.state.over and scene.history == []
    assert_drawn_matches_engine(scene)


def test_whole_game_by_mouse_alone(app):
    scene = start_rush(app, seed=5)
    rng = random.Random(5)
    while not scene.state.over:
        move = rng.choice(RUSH.legal_moves(scene.state))
        x, y = scene.grid.to_pixel(*move.cell)
        pos = (round(x + scene.grid.step * 0.3), round(y - scene.grid.step * 0.3))  # near, not on
        run(app, [motion(pos)])
        assert scene.cursor == move.cell
        run(app, [click(pos)])
        assert scene.history[-1][1] == move
        if len(scene.history) % 2:
            run(app, [click(pos)])  # a click during the animation skips it, and places nothing
            assert not scene.queue.busy and scene.history[-1][1] == move
        settle(app, scene)
        assert_drawn_matches_engine(scene)
    assert app.last_device == "mouse"
    finish_to_result(app, scene)


def play_cells(scene, names):
    for name in names:
        assert scene.try_play(RUSH.parse_text(name, scene.state)), name


def test_illegal_points_are_explained_not_ignored(app):
    scene = start_rush(app, seed=1)
    play_cells(scene, ["c9", "i1", "a9", "i3"])  # black c9 and a9 flank b9; white far away
    settle(app, scene)
    target = RUSH.parse_text("b9", scene.state).cell
    assert target in scene.refused and target not in scene.legal
    why = RUSH.why_illegal(scene.state, Move(target))
    assert why and "own stones" in why
    before = scene.state
    steer_keyboard(app, scene, target)
    run(app, [key(pygame.K_RETURN)])
    assert scene.state is before and scene.message == why and scene.message_t > 0
    assert scene.cursor_look() == ("refused", theme.BAD)
    assert scene.preview_words() == f"b9: {why}"
    # by mouse: an occupied point, then a click on the wood between points
    x, y = scene.grid.to_pixel(*RUSH.parse_text("c9", scene.state).cell)
    run(app, [click((round(x), round(y)))])
    assert scene.state is before and scene.message == "That point is already occupied."
    x, y = scene.grid.to_pixel(0, 0)
    run(app, [click((round(x - scene.grid.step * 0.58), round(y)))])
    assert scene.state is before and scene.message == "Click on a point where two lines cross."


def test_place_again_shows_a_banner_and_its_own_cursor(app):
    scene = start_rush(app, seed=2)
    play_cells(scene, ["e5", "e7", "f6", "a1"])  # e6 touches white e7 and black e5, f6
    settle(app, scene)
    cell = RUSH.parse_text("e6", scene.state).cell
    _, effects = RUSH.play(scene.state, Move(cell))
    assert effects[0]["connections"] == 3 and effects[1] == {"type": "again"}
    scene.cursor = cell
    assert scene.cursor_look() == ("place", theme.ACCENT)
    assert scene.preview_words() == "e6: 3 connections, then black places again"

    def top_left_has_accent():
        run(app)
        screen = app.screen
        s = theme.scale_of(screen)
        return any(screen.get_at((x, y))[:3] == theme.ACCENT
                   for x in range(0, int(400 * s), 2) for y in range(0, int(50 * s), 2))

    assert not top_left_has_accent()
    run(app, [key(pygame.K_RETURN)])
    assert scene.state.continuing and scene.state.to_move == "black"
    assert not scene.shown_continuing, "the banner waits for the 'again' step of the animation"
    settle(app, scene)
    assert scene.shown_continuing and scene.links and len(scene.links) == 3
    assert top_left_has_accent(), "the yellow-rimmed 'places AGAIN' pill is drawn"
    assert scene.cursor_look() == ("again", stone_colors("black")[0])
    scene.cursor = RUSH.parse_text("e5", scene.state).cell
    assert scene.cursor_look() == ("again", stone_colors("black")[0])  # even on an occupied point
    # the move list joins the placements of one turn
    play_cells(scene, ["b2"])
    settle(app, scene)
    assert not scene.state.continuing and not top_left_has_accent()
    assert scene.turns()[-1] == ("black", ["e6", "b2"])
    assert [p for p, _ in scene.turns()] == ["black", "white", "black", "white", "black"]


def test_undo_and_redo_restore_positions_exactly(app):
    scene = start_rush(app, seed=3)
    rng = random.Random(3)
    states = [scene.state]
    for _ in range(24):
        scene.try_place(rng.choice(RUSH.legal_moves(scene.state)).cell)
        settle(app, scene)
        states.append(scene.state)
    assert any(s.continuing for s in states)
    undo_through(app, scene, states, assert_drawn_matches_engine)
    run(app, [key(pygame.K_u)])
    assert scene.message == "Nothing to undo."
    redo_through(app, scene, states[1:], assert_drawn_matches_engine)
    run(app, [key(pygame.K_r)])
    assert scene.message == "Nothing to redo."


def test_undo_during_an_animation_lands_on_the_previous_position(app):
    scene = start_rush(app, seed=4)
    first = scene.state
    scene.try_place((4, 4))
    assert scene.queue.busy
    scene.undo()
    assert scene.state == first and not scene.queue.busy
    assert_drawn_matches_engine(scene)


def test_keyboard_cursor_stays_on_the_board(app):
    scene = start_rush(app, seed=6)
    assert scene.cursor == (4, 4)
    for _ in range(12):
        run(app, [key(pygame.K_LEFT), key(pygame.K_UP)])
    assert scene.cursor == (0, 0)
    for _ in range(12):
        run(app, [key(pygame.K_RIGHT), key(pygame.K_DOWN)])
    assert scene.cursor == (8, 8)


@pytest.mark.parametrize("level,size", [("11x11", 11), ("13x13", 13), ("19x19", 19)])
def test_every_level_fits_legibly(app, level, size):
    scene = start_rush(app, seed=8, level=level)
    assert scene.state.size == size
    g = scene.grid
    assert g.step >= 28 and g.stone_radius >= 13  # 19×19 still readable at 1280×720
    for cell in ((0, 0), (size - 1, size - 1), (size // 2, 3)):
        x, y = g.to_pixel(*cell)
        assert scene.frame.board.collidepoint(x, y)
        assert g.from_pixel(x, y) == cell
    corner = g.to_pixel(size - 1, size - 1)
    assert corner[0] + g.step < app.screen.get_width() * 0.69  # clear of the side panel


def test_resizing_rescales_the_board(app):
    scene = start_rush(app, seed=4)
    small = scene.grid.step
    app.screen = pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    run(app)
    assert scene.grid.step > small * 1.3
    x, y = scene.grid.to_pixel(3, 5)
    assert scene.grid.from_pixel(x, y) == (3, 5)


def test_autoplay_parks_the_cursor_on_a_telling_legal_point(app):
    scene = game_scene(app, "rush", seed=1, autoplay=37)
    assert scene.state.continuing
    assert scene.cursor in scene.legal
    best = max(len(occupied_neighbours(scene.state, c)) for c in scene.legal)
    assert scene.preview_connections(scene.cursor) == best
    assert scene.drawn_board() == scene.engine_board()


def test_how_to_play_pages_come_from_the_engine(app):
    scene = start_rush(app, seed=1)
    pages = howto_data.load("rush")
    before, after = pages[1].diagrams
    assert after.show == "after" and RUSH.play(before.state, before.move)[1][1] == {"type": "again"}
    refused, fine = pages[2].diagrams
    assert refused.refused and RUSH.why_illegal(refused.state, refused.move)
    assert RUSH.why_illegal(fine.state, fine.move) is None
    assert pages[3].diagrams[0].state.over
    run(app, [key(pygame.K_ESCAPE)])
    run(app, [key(pygame.K_DOWN)] * 3 + [key(pygame.K_RETURN)])  # How to play, after Save game
    howto = app.stack.top
    assert isinstance(howto, HowToScene) and howto.game_title == "Rush"
    for page in range(len(pages)):
        assert howto.page == page
        run(app, [key(pygame.K_RIGHT)])
    assert app.stack.top is not howto
    run(app, [key(pygame.K_ESCAPE)])  # resume
    assert app.stack.top is scene
