"""A touch screen: SDL's finger events, and the mouse events SDL makes of them, as the
app receives them (posted to pygame's queue under the dummy driver). A tap on a board
point previews it and a second tap plays it; a tap on a menu or a button acts at once;
no tap counts twice."""
import random

import pygame
import pytest
from driver import DT, after_guard, settle

from game import catalogue
from game.app import input as touch_input
from game.app.input import CONFIRM, POINT, TOUCH, Touch
from game.match import default_seats
from game.ui import widgets

SIZE = (800, 600)  # the smallest window a screen is laid out for whole: the smallest targets


def finger(kind, pos, size, finger_id=0, touch_id=7):
    """A finger event as SDL sends it: ``x`` and ``y`` shares of the window (the middle of
    the pixel, so that the app finds the pixel again)."""
    w, h = size
    return pygame.event.Event(kind, touch_id=touch_id, finger_id=finger_id, x=(pos[0] + 0.5) / w,
                              y=(pos[1] + 0.5) / h, dx=0.0, dy=0.0, pressure=1.0)


def as_mouse(kind, pos):
    """The mouse event SDL makes of a finger as well (pygame-ce marks it ``touch``)."""
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=True)
    return pygame.event.Event(kind, pos=pos, button=1, touch=True)


def tap_events(pos, size=SIZE):
    """One tap, as a touch screen sends it: the finger and the mouse SDL makes of it."""
    return [finger(pygame.FINGERDOWN, pos, size), as_mouse(pygame.MOUSEMOTION, pos),
            as_mouse(pygame.MOUSEBUTTONDOWN, pos), finger(pygame.FINGERUP, pos, size),
            as_mouse(pygame.MOUSEBUTTONUP, pos)]


def feed(app, events):
    """Post ``events`` to pygame's queue and run the frame that reads it, as the loop does."""
    pygame.event.clear()
    for event in events:
        pygame.event.post(event)
    app.frame(pygame.event.get(), DT)


def tap(app, pos):
    feed(app, tap_events(pos, app.screen.get_size()))


@pytest.fixture
def app800(app):
    app.screen = pygame.display.set_mode(SIZE, pygame.RESIZABLE)
    app.fit_window()
    app.settings.animation_speed = "instant"  # a whole game of each: the moves need not play out
    return app


# -- the device ----------------------------------------------------------------------------
def test_a_tap_is_one_confirm_where_the_finger_landed_and_the_mouse_made_of_it_is_nothing():
    touch = Touch()
    down, up = finger(pygame.FINGERDOWN, (100, 200), SIZE), finger(pygame.FINGERUP, (103, 201), SIZE)
    assert touch.translate(down, SIZE) == []
    assert touch.translate(up, SIZE) == [touch_input.Action(CONFIRM, TOUCH, pos=(100, 200))]
    assert touch.seen
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        assert touch_input.translate(as_mouse(kind, (100, 200))) == []
        plain = pygame.event.Event(kind, pos=(100, 200), rel=(0, 0), buttons=(0, 0, 0), button=1)
        assert kind == pygame.MOUSEBUTTONUP or touch_input.translate(plain)  # the real mouse still counts
    # SDL can make finger events of the mouse too (touch_id -1): the mouse counted already
    mouse_down = finger(pygame.FINGERDOWN, (5, 5), SIZE, touch_id=touch_input.MOUSE_TOUCH_ID)
    mouse_up = finger(pygame.FINGERUP, (5, 5), SIZE, touch_id=touch_input.MOUSE_TOUCH_ID)
    assert touch.translate(mouse_down, SIZE) == [] and touch.translate(mouse_up, SIZE) == []
    assert touch.translate(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a), SIZE) is None


def test_a_drag_points_and_chooses_nothing_and_a_second_finger_is_ignored():
    touch = Touch()
    touch.translate(finger(pygame.FINGERDOWN, (100, 100), SIZE), SIZE)
    assert touch.translate(finger(pygame.FINGERMOTION, (104, 100), SIZE), SIZE) == []  # a wobble
    assert touch.translate(finger(pygame.FINGERDOWN, (500, 500), SIZE, finger_id=1), SIZE) == []
    assert touch.translate(finger(pygame.FINGERUP, (500, 500), SIZE, finger_id=1), SIZE) == []
    dragged = touch.translate(finger(pygame.FINGERMOTION, (160, 130), SIZE), SIZE)
    assert dragged == [touch_input.Action(POINT, TOUCH, pos=(160, 130))]
    lifted = touch.translate(finger(pygame.FINGERUP, (170, 130), SIZE), SIZE)
    assert [a.name for a in lifted] == [POINT]  # lifted after a drag: nothing chosen
    # the next finger taps again
    touch.translate(finger(pygame.FINGERDOWN, (300, 300), SIZE, finger_id=2), SIZE)
    assert [a.name for a in touch.translate(finger(pygame.FINGERUP, (300, 300), SIZE, finger_id=2),
                                            SIZE)] == [CONFIRM]


def test_a_finger_at_the_window_edges_lands_inside_it():
    touch = Touch()
    w, h = SIZE
    touch.translate(pygame.event.Event(pygame.FINGERDOWN, touch_id=1, finger_id=0, x=1.0, y=1.0,
                                       dx=0.0, dy=0.0, pressure=1.0), SIZE)
    (action,) = touch.translate(pygame.event.Event(pygame.FINGERUP, touch_id=1, finger_id=0, x=1.0, y=1.0,
                                                   dx=0.0, dy=0.0, pressure=1.0), SIZE)
    assert action.pos == (w - 1, h - 1)


# -- a whole game of each game, by taps alone ---------------------------------------------------
def start(app, game_id):
    rules = catalogue.game(game_id)
    app.start_game(game_id, seed=5, seats=default_seats(rules.players))
    scene = app.stack.top
    for _ in range(4):
        app.frame([], DT)
    after_guard(app)
    scene.banner_t = 0.0
    return scene


def a_move(scene, rng):
    """A legal move of the rules; where the rules list none (an arrangement of The Great
    Order, one of thousands), the move the screen offers."""
    moves = scene.rules.legal_moves(scene.state)
    return rng.choice(moves) if moves else scene.previewed_move()


def play_by_taps(app, scene, move):
    """Tap the scene's own points for ``move`` until it is played; every tap on a board
    point not yet previewed must only preview ``move``. Returns how many such previews."""
    previews = 0
    before = len(scene.history)
    for _ in range(8):
        pos = scene.next_tap(move)
        assert pos is not None, f"{scene.game_id}: no tap plays {move}"
        target, armed = scene.tap_target(pos), scene.touch_armed
        tap(app, pos)
        if len(scene.history) > before:
            assert target is None or target == armed, f"{scene.game_id}: one tap played {move} on the board"
            return previews
        if target is not None and target != armed:
            assert scene.previewed_move() == move, f"{scene.game_id}: the first tap does not preview {move}"
            previews += 1
    raise AssertionError(f"{scene.game_id}: taps did not play {move}")


def board_points(scene):
    """Whether any move the rules list now is tapped on a board point (not a button)."""
    points = (scene.next_tap(move) for move in scene.rules.legal_moves(scene.state))
    return any(scene.tap_target(pos) is not None for pos in points if pos is not None)


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_a_whole_game_is_played_by_taps_alone(app800, game_id):
    app = app800
    scene = start(app, game_id)
    rng = random.Random(game_id)
    moves = previews = 0
    boards = False
    while not scene.state.over:
        assert app.stack.top is scene, f"{game_id}: {type(app.stack.top).__name__} over the game"
        boards = boards or board_points(scene)
        move = a_move(scene, rng)
        state = scene.state
        previews += play_by_taps(app, scene, move)
        assert scene.history[-1][0] == state
        played = scene.history[-1][1]
        # a roll is played with the face the die showed (the rules' chance)
        assert played == move or scene.rules.chance_outcomes(state, move) is not None
        settle(app, scene)
        moves += 1
        assert moves < 3000
    assert app.last_device == TOUCH
    assert previews > 0 or not boards  # every game with a board previewed before it played


def test_the_mouse_made_of_a_tap_would_play_at_once_if_it_counted(app800, monkeypatch):
    """The probe: without the ``touch`` mark read, SDL's mouse click of a tap plays on the
    first tap: the whole-game test above catches a tap counted twice."""
    monkeypatch.setattr(touch_input, "from_touch", lambda event: False)
    monkeypatch.setattr("game.app.app.from_touch", lambda event: False)
    game_id = next(g for g in catalogue.GAME_IDS if board_points(start(app800, g)))
    scene = app800.stack.top
    assert scene.game_id == game_id
    move = next(m for m in scene.rules.legal_moves(scene.state)
                if scene.tap_target(scene.next_tap(m)) is not None)
    with pytest.raises(AssertionError, match="one tap played"):
        play_by_taps(app800, scene, move)


# -- menus and buttons act at once ---------------------------------------------------------------
def wait(app, seconds=0.6):
    """Past a new screen's input guard and the double-tap guard of the tap that opened it."""
    for _ in range(int(seconds / DT)):
        app.frame([], DT)


def test_menus_are_reached_by_taps_title_game_who_plays_and_the_game(app800):
    from game.scenes.play import PlayScene

    app = app800
    app.frame([], DT)
    title = app.stack.top
    labels = [item.label for item in title.menu.items]
    tap(app, title.menu.rects[labels.index("Play")].center)  # one tap: no preview on a menu
    select = app.stack.top
    assert type(select).__name__ == "SelectScene"
    wait(app)
    game_id = select.games[-1]
    card = select.cards[-1]
    tap(app, (card.rect.centerx, card.rect.y + card.picture_h // 2))  # on the card's picture
    setup = app.stack.top
    assert type(setup).__name__ == "SetupScene" and setup.game_id == game_id
    wait(app)
    tap(app, setup.rows[setup.choices.index("two")].center)
    game = app.stack.top
    assert isinstance(game, PlayScene) and game.game_id == game_id
    assert not any(seat.is_ai for seat in game.seats.values())
    wait(app)
    tap(app, game.buttons["menu"].rect.center)  # a button on the play screen: at once too
    assert type(app.stack.top).__name__ == "PauseScene"
    assert game.history == []


def test_a_finger_hits_small_buttons_within_a_fingertip_and_the_nearer_of_two(app800):
    """At 800x600 the panel's buttons are drawn 22 px tall for a mouse; once a finger has
    touched the screen they are drawn and hit 44 px tall, and a tap a fingertip below a
    small button still presses it."""
    app = app800
    scene = start(app, catalogue.GAME_IDS[0])
    app.frame([], DT)
    menu = scene.buttons["menu"].rect
    assert menu.height < widgets.FINGER["px"]  # the mouse's: small at 800x600
    tap(app, (5, 5))  # a finger touched the screen (the corner: nothing there)
    app.frame([], DT)
    assert widgets.FINGER["on"]
    menu = scene.buttons["menu"].rect
    assert menu.height >= widgets.FINGER["px"]
    rects = [scene.buttons[n].rect for n in scene.buttons_row()]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    # a small rectangle is hit a fingertip wide and tall, and between two, the nearer wins
    small = [pygame.Rect(100, 100, 60, 20), pygame.Rect(100, 124, 60, 20)]
    assert widgets.hit(small, (130, 92)) == 0  # 8 px above the first: still the first
    assert widgets.hit(small, (130, 121)) == 0 and widgets.hit(small, (130, 123)) == 1
    assert widgets.hit(small, (130, 160)) is None
    widgets.FINGER["on"] = False
    assert widgets.hit(small, (130, 92)) is None  # the mouse hits only what is drawn


def test_pause_menu_items_are_a_fingertip_apart_for_a_finger(app800):
    app = app800
    scene = start(app, catalogue.GAME_IDS[0])
    tap(app, (5, 5))
    wait(app)
    tap(app, scene.buttons["menu"].rect.center)
    pause = app.stack.top
    app.frame([], DT)
    rects = pause.menu.rects
    assert len(rects) > 2
    steps = {b.centery - a.centery for a, b in zip(rects, rects[1:], strict=False)}
    assert min(steps) >= widgets.FINGER["px"]
    w, h = app.screen.get_size()
    assert all(0 <= r.top and r.bottom <= h for r in rects)  # still on the screen at 800x600


def test_a_fingertip_below_the_back_button_still_goes_back(app800):
    """"< Back" is drawn 27 px tall at 800x600: for a mouse a click under it is nothing; for
    a finger it is the button (nothing else is near it)."""
    app = app800
    app.frame([], DT)
    title = app.stack.top
    play = title.menu.rects[[item.label for item in title.menu.items].index("Play")]
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=play.center, button=1)], DT)
    select = app.stack.top
    wait(app)
    back = select.back.rect
    below = (back.centerx, back.bottom + 6)
    assert back.height < widgets.FINGER["px"] - 12
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=below, button=1)], DT)
    assert app.stack.top is select  # the mouse: only what is drawn
    tap(app, below)
    assert app.stack.top is title


def test_an_invite_codes_letters_turn_by_taps_on_their_arrows(app800):
    """The code's arrows over and under each character turn it; a tap on a character
    goes to it (with a finger, a fingertip around the small arrows)."""
    from game.scenes.menus.online import CodeScene

    app = app800
    code = CodeScene(app, lambda text: None)
    app.stack.push(code)
    wait(app)
    tap(app, (5, 5))  # a finger: from now on a fingertip's areas
    wait(app)
    up, down, slot = code.ups[2], code.downs[2], code.slots[3]
    tap(app, (up.centerx, up.top - 6))  # just over the arrow, outside what is drawn
    first = code.chars[2]
    assert first and code.pos == 2
    tap(app, down.center)
    tap(app, down.center)
    assert code.chars[2] != first  # one on, two back
    tap(app, slot.center)
    assert code.pos == 3


def test_with_one_switch_scanning_a_tap_anywhere_is_one_press_of_the_switch(app800):
    """A touch screen can be the switch: a tap is one press (the mouse SDL makes of it is not
    a second), and a tap is a press, not a click where the finger landed."""
    app = app800
    app.settings.scanning = True
    app.scanner.forget()
    wait(app)
    before = app.scanner.presses
    feed(app, tap_events((5, 5))[:3])  # the finger down, and the mouse's press made of it
    wait(app, 0.1)
    feed(app, tap_events((5, 5))[3:])  # let go: the switch acts
    assert app.scanner.presses == before + 1
    app.settings.scanning = False
