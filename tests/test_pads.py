"""Gamepads through injected SDL controller and joystick events."""
import random

import pygame

from game.app.input import ALTERNATE, CONFIRM, DOWN, LEFT, MENU, RIGHT, UP
from game.app.pads import Pads
from game.rules.gauss import GAUSS
from game.scenes.menus.overlay import PauseScene

E = pygame.event.Event


def c_added(iid):
    return E(pygame.CONTROLLERDEVICEADDED, instance_id=iid)


def c_button(iid, button):
    return E(pygame.CONTROLLERBUTTONDOWN, instance_id=iid, button=button)


def test_controller_buttons_mean_the_same_actions_on_every_pad():
    pads = Pads()
    assert [a.name for a in pads.translate(c_added(4))] == ["pad_added"]
    names = {b: pads.translate(c_button(4, b))[0].name for b in (
        pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B, pygame.CONTROLLER_BUTTON_X,
        pygame.CONTROLLER_BUTTON_START, pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_LEFT)}
    assert list(names.values()) == [CONFIRM, "back", ALTERNATE, MENU, UP, LEFT]
    assert pads.translate(c_button(4, pygame.CONTROLLER_BUTTON_A))[0].device == "pad4"
    assert pads.translate(E(pygame.KEYDOWN, key=pygame.K_a)) is None  # not a pad's event


def test_the_stick_fires_once_per_push_with_hysteresis():
    pads = Pads()
    axis = pygame.CONTROLLER_AXIS_LEFTX

    def move(v):
        return [a.name for a in pads.translate(E(pygame.CONTROLLERAXISMOTION, instance_id=1, axis=axis,
                                                 value=int(v * 32767)))]

    assert move(0.2) == [] and move(0.8) == [RIGHT] and move(0.9) == [] and move(0.4) == []
    assert move(0.1) == [] and move(0.8) == [RIGHT] and move(-0.9) == [LEFT]


def test_unmapped_joysticks_fall_back_to_buttons_hat_and_axes():
    pads = Pads()
    pads.translate(E(pygame.JOYDEVICEADDED, instance_id=9))
    assert pads.translate(E(pygame.JOYBUTTONDOWN, instance_id=9, button=0))[0].name == CONFIRM
    assert pads.translate(E(pygame.JOYBUTTONDOWN, instance_id=9, button=7))[0].name == MENU
    def names(event):
        return [a.name for a in pads.translate(event)]

    assert names(E(pygame.JOYHATMOTION, instance_id=9, hat=0, value=(1, 1))) == [RIGHT, UP]
    assert names(E(pygame.JOYAXISMOTION, instance_id=9, axis=1, value=0.9)) == [DOWN]
    assert names(E(pygame.JOYDEVICEREMOVED, instance_id=9)) == ["pad_removed"]
    assert pads.count == 0


def test_two_virtual_pads_play_a_whole_game_of_gauss(app):
    app.frame([c_added(1), c_added(2)], 1 / 60)
    assert app.pads.count == 2
    app.start_game("gauss", seed=21)
    scene = app.stack.top
    rng = random.Random(21)
    steps = {UP: pygame.CONTROLLER_BUTTON_DPAD_UP, DOWN: pygame.CONTROLLER_BUTTON_DPAD_DOWN,
             LEFT: pygame.CONTROLLER_BUTTON_DPAD_LEFT, RIGHT: pygame.CONTROLLER_BUTTON_DPAD_RIGHT}
    while not scene.state.over:
        pad = 1 if scene.state.to_move == "red" else 2  # the pads are passed around, one per player
        move = rng.choice(GAUSS.legal_moves(scene.state))
        for _ in range(40):
            q, r = scene.cursor
            if (q, r) == move.cell:
                break
            d = UP if r > move.cell[1] else DOWN if r < move.cell[1] else RIGHT if q < move.cell[0] else LEFT
            app.frame([c_button(pad, steps[d])], 1 / 60)
        if scene.color != move.color:
            app.frame([c_button(pad, pygame.CONTROLLER_BUTTON_X)], 1 / 60)
        app.frame([c_button(pad, pygame.CONTROLLER_BUTTON_A)], 1 / 60)
        scene.queue.skip()
        assert scene.drawn_board() == scene.engine_board()
    assert app.last_device in ("pad1", "pad2") and app.glyphs()[CONFIRM] == "A"


def test_unplugging_a_pad_mid_game_pauses_and_nothing_is_lost(app):
    app.frame([c_added(3)], 1 / 60)
    app.start_game("gauss", seed=2)
    scene = app.stack.top
    app.frame([c_button(3, pygame.CONTROLLER_BUTTON_A)], 1 / 60)
    scene.queue.skip()
    state = scene.state
    app.frame([E(pygame.CONTROLLERDEVICEREMOVED, instance_id=3)], 1 / 60)
    pause = app.stack.top
    assert isinstance(pause, PauseScene) and "unplugged" in pause.note
    app.frame([E(pygame.KEYDOWN, key=pygame.K_RETURN)], 1 / 60)  # Resume, from the keyboard
    assert app.stack.top is scene and scene.state is state
    assert app.last_device == "keyboard"
