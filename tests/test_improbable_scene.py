"""THE IMPROBABLE scene driven headless through injected input events."""
import itertools
import random

import pygame
import pytest
from driver import click, key, run, settle, undo_through

from game.navigation import game_scene
from game.rules.improbable import IMPROBABLE, ROLL, STOP, Move, chance
from game.scenes.games.improbable_scene import CAP, ImprobableScene, Layout, row_places
from game.scenes.menus.howto import HowToScene
from game.scenes.menus.overlay import PauseScene, ResultScene


def hover(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def assert_drawn_matches_engine(scene):
    st = scene.state
    assert scene.drawn_rows() == st.rows
    assert scene.drawn_aside() == st.aside
    assert scene.shown_supply == list(st.supply)
    assert scene.die_face == st.die
    assert scene.at_rest()
    assert all(b.player == st.turn for b in scene.aside_view)
    for k, p in enumerate(("blue", "brown")):
        assert all(b.player == p for b in scene.rows_view[p])
        # every length: supply + row + aside = 3, as drawn
        for v in range(1, 7):
            aside = scene.drawn_aside().count(v) if st.turn == p else 0
            assert scene.shown_supply[6 * k + v - 1] + scene.drawn_rows()[k].count(v) + aside == 3


def start(app, seed):
    app.start_game("improbable", seed=seed)
    run(app)
    scene = app.stack.top
    assert isinstance(scene, ImprobableScene)
    return scene


def force(scene, *texts):
    """Play moves in notation (R4, S) without animation: set up a position."""
    for text in texts:
        scene.commit(IMPROBABLE.parse_text(text, scene.state), animate=False)


def finish_to_result(app, scene):
    settle(app, scene)
    for _ in range(30):
        if isinstance(app.stack.top, ResultScene):
            return app.stack.top
        run(app)
    raise AssertionError("no result screen")


def test_whole_game_by_keyboard_with_animations_matching_the_engine(app):
    scene = start(app, seed=11)
    rng = random.Random(11)
    moves = stops = 0
    while not scene.state.over:
        move = IMPROBABLE.random_move(scene.state, rng)
        before = scene.state
        assert scene.choice == "roll"  # each choice starts on Roll: Enter rolls
        if move == ROLL:
            run(app, [key(pygame.K_RETURN)])
        elif stops % 2 == 0:
            run(app, [key(pygame.K_TAB)])  # alternate = stop
        else:
            run(app, [key(pygame.K_RIGHT)])
            assert scene.choice == "stop"
            run(app, [key(pygame.K_SPACE)])  # confirm presses the highlighted button
        stops += move == STOP
        assert scene.state is not before and scene.history[-1][1] == move
        assert scene.state == IMPROBABLE.play(before, move)[0]
        moves += 1
        if moves % 2 == 0:
            assert scene.queue.busy
            run(app, [key(pygame.K_x)])  # any key, even one that means nothing, skips
            assert not scene.queue.busy
        settle(app, scene)
        assert_drawn_matches_engine(scene)
    assert stops >= 2 and scene.end_card == 1.0
    result = finish_to_result(app, scene)
    outcome = IMPROBABLE.outcome(scene.state)
    assert result.table[-1] == ["Final row length", str(outcome.detail["blue"]["length"]),
                                str(outcome.detail["brown"]["length"])]
    run(app, frames=int(1.2 / (1 / 60)))  # the card takes no press in its first second
    run(app, [key(pygame.K_RETURN)])  # Rematch, where the focus starts
    assert app.stack.top is scene and not scene.state.over and scene.history == []
    assert_drawn_matches_engine(scene)


def test_whole_game_by_mouse_alone(app):
    scene = start(app, seed=5)
    rng = random.Random(5)
    app.last_device = "mouse"
    n = 0
    while not scene.state.over:
        move = IMPROBABLE.random_move(scene.state, rng)
        rect = scene.layout.roll if move == ROLL else scene.layout.stop
        run(app, [hover(rect.center)])
        assert scene.choice == move.action  # hovering highlights the button
        if move == STOP and n % 2:
            run(app, [click((5, 5), button=3)])  # right-click anywhere: stop
        else:
            run(app, [click(rect.center)])
        assert scene.history[-1][1] == move
        n += 1
        if n % 2:
            assert scene.queue.busy
            run(app, [click((5, 5))])  # a click anywhere skips the animation
            assert not scene.queue.busy
        settle(app, scene)
        assert_drawn_matches_engine(scene)
    result = finish_to_result(app, scene)
    winner = IMPROBABLE.outcome(scene.state).winner
    assert result.headline == ("A draw" if winner == "draw" else f"{winner.capitalize()} wins!")


def test_stop_before_a_roll_is_disabled_and_explained(app):
    scene = start(app, seed=1)
    why = IMPROBABLE.why_illegal(scene.state, STOP)
    assert why and not scene.enabled("stop") and scene.enabled("roll")
    run(app, [key(pygame.K_TAB)])
    assert scene.message == why and scene.history == []
    scene.message_t = 0
    run(app, [key(pygame.K_RIGHT), key(pygame.K_RETURN)])
    assert scene.message == why and scene.history == []
    scene.message_t = 0
    run(app, [click(scene.layout.stop.center)])
    assert scene.message == why and scene.history == []
    # a roll that sets a stone aside enables Stop
    force(scene, "R3")
    assert scene.enabled("stop")
    # after a bust the next player may not stop either
    force(scene, "R3")
    assert scene.state.aside == () and not scene.enabled("stop")


def test_a_click_beside_the_buttons_plays_nothing(app):
    scene = start(app, seed=2)
    run(app, [click((scene.layout.lane_x + 2, scene.layout.row_y["blue"] + 2))])
    assert scene.history == [] and not scene.queue.busy


def test_undo_and_redo_restore_positions_exactly(app):
    scene = start(app, seed=3)
    rng = random.Random(3)
    states = [scene.state]
    for _ in range(12):
        if scene.state.over:
            break
        scene.try_play(IMPROBABLE.random_move(scene.state, rng))
        scene.queue.skip()
        states.append(scene.state)
    undo_through(app, scene, states, assert_drawn_matches_engine)
    run(app, [key(pygame.K_u)])
    assert scene.message == "Nothing to undo."
    for n, expected in enumerate(states[1:]):
        run(app, [key(pygame.K_r)])
        if n > 2:
            run(app, [key(pygame.K_x)])  # skip: the drawn state must still be right
        settle(app, scene)
        assert scene.state == expected  # the seeded die shows the same values again
        assert_drawn_matches_engine(scene)


def test_risk_next_to_the_buttons_is_the_engines_chance(app):
    scene = start(app, seed=4)
    me = scene.state.to_move
    force(scene, "R4", "S", "R1", "S", "R4", "S", "R1", "S", "R4", "S", "R2", "S", "R3")
    assert scene.state.to_move == me and scene.state.aside == (3,)
    odds = chance(scene.state)
    assert odds["bust_values"] == [3] and odds["end_values"] == [4]
    lines = [text for text, _ in scene.risk_lines()]
    assert lines == ["Bust 17%  (3 already aside)", "Ends the game 17%  (all three 4s in the row)"]
    run(app)
    # the end: a 4 ends the game at once, the 3 stays aside uncounted, the end card shows
    scene.try_play(Move("roll", 4))
    settle(app, scene)
    assert scene.state.over and scene.drawn_aside() == (3,) and scene.end_card == 1.0
    assert_drawn_matches_engine(scene)
    result = finish_to_result(app, scene)
    assert any("not counted: 3" in note for note in result.notes)


def test_bust_slides_the_tray_back_to_the_supply_and_bank_into_the_row(app):
    scene = start(app, seed=6)
    me = scene.state.to_move
    k = ("blue", "brown").index(me)
    force(scene, "R3", "R5")
    assert scene.shown_supply[6 * k + 2] == 2 and scene.drawn_aside() == (3, 5)
    scene.try_play(Move("roll", 3))  # a repeat: bust
    assert scene.queue.busy and scene.shown_mover() == me
    assert scene.turn_lines()[-1][1].endswith("...")  # the result is not told before the die lands
    seen_flying = False
    while scene.queue.busy:
        run(app)
        if scene.flying:
            seen_flying = True
            assert scene.drawn_aside() == ()  # the blocks have left the tray for the supply
            assert scene.shown_supply[6 * k + 2] == 2  # and land there only at the end
    assert seen_flying
    assert scene.turn_lines()[-1][1] == "R3 R5 R3 bust"
    assert_drawn_matches_engine(scene)
    other = scene.state.to_move
    assert other != me
    force(scene, "R6", "R2")
    scene.try_play(STOP)
    run(app, frames=4)
    row = scene.rows_view[other]
    assert [b.length for b in row] == [6, 2] and any(b.src is not None for b in row)  # sliding in
    settle(app, scene)
    assert_drawn_matches_engine(scene)
    assert scene.turn_lines()[-1] == (other, "R6 R2 S+8")


def test_the_die_tumbles_through_faces_then_lands_on_the_engines_value(app):
    scene = start(app, seed=8)
    scene.try_play(Move("roll", 6))
    faces, heights = set(), []
    while scene.queue.busy:
        run(app)
        faces.add(scene.die_face)
        heights.append(scene.die_dy)
    assert len(faces) >= 3  # a few random faces on the way
    assert min(heights) < -10  # it jumps
    assert scene.die_face == 6 and scene.die_dy == 0 and scene.die_angle == 0


def test_blocks_are_as_long_as_their_stones_and_rows_fit_two_lines():
    lay = Layout.of((1280, 720))
    widths = [lay.row_rect("blue", [v], 0)[2] + 3 * lay.s for v in range(1, 7)]
    assert widths == pytest.approx([v * lay.unit for v in range(1, 7)])
    stones = [v for v in range(1, 7) for _ in range(3)]
    rng = random.Random(0)
    for _ in range(300):
        rng.shuffle(stones)
        assert max(line for line, _ in row_places(stones)) <= 1
        assert all(at + v <= CAP for (_, at), v in zip(row_places(stones), stones, strict=True))
    # everything stays on screen
    for p in ("blue", "brown"):
        x, y, w, h = lay.row_rect(p, stones, len(stones) - 1)
        assert x + w <= lay.left.right and y + h <= lay.size[1] - 40


def test_resizing_rescales_the_table(app):
    scene = start(app, seed=9)
    unit = scene.layout.unit
    app.screen = pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    run(app)
    assert scene.layout.unit > unit * 1.3
    run(app, [click(scene.layout.roll.center)])
    assert len(scene.history) == 1


def test_pause_menu_opens_the_how_to_play_pages(app):
    scene = start(app, seed=10)
    run(app, [key(pygame.K_ESCAPE)])
    assert isinstance(app.stack.top, PauseScene)
    run(app, [key(pygame.K_DOWN)] * 3 + [key(pygame.K_RETURN)])  # How to play, after Save game
    howto = app.stack.top
    assert isinstance(howto, HowToScene) and howto.kit is not None and howto.game_title == "The Improbable"
    for page in range(len(howto.pages)):
        assert howto.page == page
        run(app, [key(pygame.K_RIGHT)])
    assert isinstance(app.stack.top, PauseScene)
    run(app, [key(pygame.K_ESCAPE)])
    assert app.stack.top is scene


def test_notation_and_turn_list(app):
    scene = start(app, seed=12)
    first = scene.state.to_move
    force(scene, "R2", "R4", "S", "R1", "R1")
    second = "brown" if first == "blue" else "blue"
    assert scene.turn_lines() == [(first, "R2 R4 S+6"), (second, "R1 R1 bust")]


def test_seeded_start_player_is_shown(app):
    a = start(app, seed=1234)
    assert a.start_player.capitalize() in a.banner
    b = game_scene(app, "improbable", seed=1234)
    assert b.state.to_move == a.state.to_move


@pytest.mark.parametrize("seed", [0, 1])
def test_autoplay_positions_draw_as_the_engine_says(app, seed):
    for k in itertools.islice(range(0, 60, 7), 6):
        scene = game_scene(app, "improbable", seed=seed, autoplay=k)
        scene.draw(app.screen)
        assert_drawn_matches_engine(scene)
