"""An idle screen rests: the real loop draws and presents nothing while nothing moves,
sleeps until input or the top scene's next change, and keeps full pace while anything
moves. Frames are counted, never timed (the machine is shared)."""
from __future__ import annotations

import math
import time

import pygame
import pytest
from driver import key, run

from game.app.app import App, Options, prefer_native_framebuffer
from game.app.clock import FixedStep
from game.navigation import make_app
from game.scenes.hosts.kiosk import StillThereScene
from game.scenes.menus.title import TitleScene


def started(**options) -> App:
    app = make_app(Options(headless=True, **options))
    app.start()
    return app


def test_a_title_nobody_touches_stops_drawing_and_sleeps(monkeypatch):
    monkeypatch.setattr(TitleScene, "DRIFT_SECONDS", 0.0)
    app = started(seconds=1.5)
    t0 = time.process_time()
    app.run()  # the real loop, shut down after 1.5 s
    cpu = time.process_time() - t0
    # one frame to show the title; then it wakes about every MAX_REST to look around
    assert app.drawn <= 2
    assert app.frames <= 1.5 / 0.25 + 3
    assert cpu < 0.5  # a busy loop at 60 frames a second would be 90 frames of work


def test_the_title_ring_drifts_after_input_and_comes_to_rest(app):
    title = app.stack.top
    assert isinstance(title, TitleScene)
    assert title.next_change() == 0.0  # just shown: the discs drift
    app.idle = TitleScene.DRIFT_SECONDS + 1
    assert title.next_change() == math.inf
    t = title.t
    run(app, frames=10)
    assert title.t == t  # at rest, the ring holds still
    run(app, [key(pygame.K_DOWN)])
    assert title.next_change() == 0.0  # input wakes it


def test_a_moving_scene_is_drawn_every_frame():
    app = started(demo=True, seconds=1.0)
    app.run()
    assert app.drawn == app.frames and app.frames >= 20


def test_the_loop_draws_only_what_can_have_changed(monkeypatch):
    monkeypatch.setattr(TitleScene, "DRIFT_SECONDS", 0.0)
    app = started()
    app.frame([], 1 / 60, draw=None)
    drawn = app.drawn
    for _ in range(5):
        app.frame([], 1 / 60, draw=None)
    assert app.drawn == drawn and app.resting  # nothing moved
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="")], 1 / 60, draw=None)
    assert app.drawn == drawn + 1  # a key moved the menu's highlight
    app.frame([], 1 / 60, draw=None)
    assert app.drawn == drawn + 1
    app.nav.select()  # another screen
    app.frame([], 1 / 60, draw=None)
    assert app.drawn == drawn + 2
    app.shutdown()


def test_a_countdown_wakes_the_loop_when_its_number_changes(app):
    card = StillThereScene(app)
    app.stack.push(card)
    assert card.next_change() == pytest.approx(1.0)
    card.left = 7.25
    assert card.next_change() == pytest.approx(0.25)


def test_time_spent_resting_reaches_the_scenes_clocks():
    step = FixedStep()
    assert step.advance(0.25) == step.max_steps  # a hiccup: the backlog is dropped
    step = FixedStep()
    assert step.advance(0.25, rested=True) == 30  # a rest: all of it is game time


def test_a_game_rests_between_moves_and_moves_while_a_move_plays(app):
    app.start_game("gauss", seed=2)
    game = app.stack.top
    run(app, frames=400)  # the start banner runs out
    assert game.next_change() == math.inf
    game.say("a refusal")
    assert 0 < game.next_change() <= 3.0  # still, until the message goes
    game.message_t = 0
    game.commit(game.rules.legal_moves(game.state)[0])
    assert game.next_change() == 0.0


def test_the_panel_shows_a_move_from_the_frame_after_it_lands(app):
    """The frame in which a move lands (the computer's answer) plays it and draws the
    board; the side panel's new texts follow when the board rests, so that no frame does
    both (those frames were the slowest while the computer thinks and in the demo). A
    whole redraw in between shows the same panel as the screen, and the panel is never
    left behind."""
    app.start_game("gauss", seed=2)
    game = app.stack.top
    run(app, frames=400)
    game.draw_changes(app.screen)
    panel = game._panel
    picture = pygame.image.tobytes(panel[1], "RGB")
    game.update(1 / 120)
    game.commit(game.rules.legal_moves(game.state)[0])
    game.update(1 / 120)  # a second update in the same frame keeps it held
    rects = game.draw_changes(app.screen)
    assert rects and game.frame.panel not in rects and game._panel is panel
    game.draw(app.screen)  # a whole redraw: the same older panel
    assert game._panel is panel and pygame.image.tobytes(panel[1], "RGB") == picture
    assert game.next_change() == 0.0  # a frame is drawn for it
    # then the move plays out and the board is drawn every frame: the panel's news waits
    # for the first frame in which the board rests (never the same frame: those two
    # together made the slowest frames of all), half a second at most
    both, waited = 0, 0
    while game._panel is panel:
        app.frames += 1
        app.clock_t += 1 / 60
        game.update(1 / 60)
        rects = game.draw_changes(app.screen)
        both += game.frame.panel in rects and any(r.colliderect(game.frame.board) for r in rects)
        waited += 1
        assert waited <= 0.5 * 60 + 1
    assert both == 0 and waited > 1
    assert pygame.image.tobytes(game._panel[1], "RGB") != picture  # the move list grew
    # a board that never rests (moves landing frame after frame) shows the panel's news
    # half a second late at most
    painted = game._panel
    for _ in range(40):
        app.frames += 1
        app.clock_t += 1 / 60
        game.commit(game.rules.legal_moves(game.state)[0])
        game.update(1 / 60)
        game.update(1 / 60)
        game.draw_changes(app.screen)
        if game._panel is not painted:
            break
    assert game._panel is not painted and _ <= 0.5 * 60 + 1
    # a button's hover never waits, even while the board is drawn
    game.commit(game.rules.legal_moves(game.state)[0])
    app.frames += 1
    game.update(1 / 60)
    game.blit_panel(app.screen)  # a whole frame: the panel as it is
    assert game.queue.busy
    button = next(iter(game.buttons.values()))
    button.hover = not button.hover
    before = game._panel
    game.blit_panel(app.screen, only_changed=True, board_drawn=True)
    assert game._panel is not before
    # the last move, when the result card covers the game at once (it is not updated
    # again): the panel under the card shows it
    while not game.state.over:
        app.frames += 1
        game.update(1 / 120)
        game.commit(game.rules.legal_moves(game.state)[0])
    game._panel_waits = app.clock_t  # its news waiting for the board to rest, as a move plays out
    game._painting = object()  # or half painted
    game.show_result()
    game.draw(app.screen)
    assert game._panel_held is None and id(game.state) in game._panel[0][1]


def test_the_rush_cursor_breathes_only_while_someone_plays(app):
    app.start_game("rush", seed=2)
    game = app.stack.top
    run(app, frames=400)
    app.idle = 0.0
    assert game.next_change() == 0.0
    app.idle = game.PULSE_SECONDS + 1
    clock = game.clock
    game.update(0.1)
    assert game.clock == clock and game.next_change() == math.inf


def test_presents_go_through_the_native_framebuffer_on_linux_unless_told_otherwise():
    env: dict[str, str] = {}
    prefer_native_framebuffer(env, "linux")
    assert env == {"SDL_FRAMEBUFFER_ACCELERATION": "0"}
    env = {"SDL_FRAMEBUFFER_ACCELERATION": "1"}
    prefer_native_framebuffer(env, "linux")
    assert env == {"SDL_FRAMEBUFFER_ACCELERATION": "1"}
    env = {}
    prefer_native_framebuffer(env, "win32")
    assert env == {}


def test_news_while_the_board_never_rests_is_painted_over_two_frames(app):
    """Two phones' taps keep the cursor gliding, so the board is drawn frame after frame:
    once the panel's news has waited its most, it is painted in two halves over two
    frames, into a panel apart from the one shown; a whole redraw in between shows the
    panel on the screen, and the buttons are clicked where the screen has them."""
    app.start_game("gauss", seed=2)
    game = app.stack.top
    run(app, frames=400)
    game.draw_changes(app.screen)
    game.commit(game.rules.legal_moves(game.state)[0])
    steps = [(1, 0), (-1, 0)]
    halves = None
    for n in range(120):
        app.frames += 1
        app.clock_t += 1 / 60
        game.update(1 / 60)
        if not game.queue.busy:  # the cursor steps: the board is drawn every frame
            q, r = game.cursor
            game.cursor = (q + steps[n % 2][0], r)
        shown = game._panel
        rects = game.draw_changes(app.screen)
        if game._painting is not None:
            halves = n
            assert game.frame.panel not in rects and game._panel is shown
            assert all(game.frame.panel.contains(b.rect) for b in game.buttons.values() if b.rect.width)
            whole = pygame.Surface(app.screen.get_size())
            game.draw(whole)  # a whole redraw: the panel the screen shows
            assert (pygame.image.tobytes(whole.subsurface(game.frame.panel), "RGB")
                    == pygame.image.tobytes(app.screen.subsurface(game.frame.panel), "RGB"))
        elif halves is not None:
            assert n == halves + 1 and game.frame.panel in rects and game._panel is not shown
            assert all(game.frame.panel.contains(b.rect) for b in game.buttons.values() if b.rect.width)
            fresh = pygame.Surface(game.frame.panel.size)
            game.paint_panel(fresh, game.frame.s)
            assert (pygame.image.tobytes(fresh, "RGB")
                    == pygame.image.tobytes(app.screen.subsurface(game.frame.panel), "RGB"))
            break
    assert halves is not None, "the news was never painted in halves"
