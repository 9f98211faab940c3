"""Gamepads become abstract actions, like the keyboard and mouse.

SDL's game-controller API (with its mapping database) makes A/B/X/Y, the D-pad,
the sticks and Start mean the same on every common pad; a device SDL has no
mapping for is read as a plain joystick (buttons 0-3 as A/B/X/Y, 7 as Start, the
first hat and the first two axes as directions). Pads can come and go at any
time; each pad's actions name it (``pad<instance id>``).
"""
from __future__ import annotations

import logging

import pygame

from ..persistence import bindings
from .input import ALTERNATE, BACK, CONFIRM, DOWN, HINT, LEFT, MENU, OTHER_KEY, REDO, RIGHT, UNDO, UP, Action

try:
    from pygame._sdl2 import controller as sdl_controller
except ImportError:  # pragma: no cover - pygame builds without SDL2 controller support
    sdl_controller = None

log = logging.getLogger("gauss_arcade")

PAD_ADDED, PAD_REMOVED = "pad_added", "pad_removed"

CONTROLLER_BUTTONS = {
    pygame.CONTROLLER_BUTTON_A: CONFIRM,
    pygame.CONTROLLER_BUTTON_B: BACK,
    pygame.CONTROLLER_BUTTON_X: ALTERNATE,
    pygame.CONTROLLER_BUTTON_Y: HINT,
    pygame.CONTROLLER_BUTTON_START: MENU,
    pygame.CONTROLLER_BUTTON_BACK: MENU,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: UNDO,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: REDO,
    pygame.CONTROLLER_BUTTON_DPAD_UP: UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: RIGHT,
}
JOYSTICK_BUTTONS = {0: CONFIRM, 1: BACK, 2: ALTERNATE, 3: HINT, 4: UNDO, 5: REDO, 6: MENU, 7: MENU}
#: the lists above are the defaults; which button does what is the player's choice
#: (Settings → Controls, :mod:`game.persistence.bindings`), by the buttons' names
BUTTON_NAMES = {getattr(pygame, f"CONTROLLER_BUTTON_{name.upper()}"): name for name in bindings.BUTTONS}
#: a pad without SDL's mapping: its buttons 0-7 stand for these (XInput's order), its
#: first hat for the D-pad
JOYSTICK_BUTTON_NAMES = {0: "a", 1: "b", 2: "x", 3: "y", 4: "leftshoulder", 5: "rightshoulder", 6: "back",
                         7: "start"}

#: what a pad shows for each action in on-screen prompts
PAD_GLYPHS = {CONFIRM: "A", BACK: "B", ALTERNATE: "X", MENU: "Start", UNDO: "LB", REDO: "RB", HINT: "Y",
              UP: "D-pad", DOWN: "D-pad", LEFT: "D-pad", RIGHT: "D-pad"}


def pad_glyphs() -> dict[str, str]:
    """What prompts show for each action on a pad: the first of the player's buttons for it
    (Settings → Controls; :data:`PAD_GLYPHS` by default), in the current language: the
    buttons' own names (A, B, X, Start, LB, RB are printed on the pad) stay; the D-pad is a word."""
    return bindings.button_glyphs()


def pressed(button: str | None, device: str) -> list[Action]:
    """The action a pad's button means now (a button with none: "any button", which skips
    an animation, and which Settings → Controls can give an action)."""
    if button is None:
        return []
    return [Action(bindings.action_of_button(button) or OTHER_KEY, device, button=button)]


PRESS, RELEASE = 0.55, 0.3  # stick thresholds: a direction fires once per push past PRESS


def device_name(instance_id: int) -> str:
    return f"pad{instance_id}"


class Pads:
    def __init__(self) -> None:
        self.controllers: dict[int, object] = {}
        self.joysticks: dict[int, pygame.joystick.JoystickType] = {}
        self.known: set[int] = set()  # every attached pad, opened or only announced
        self.held: dict[tuple[int, int], str | None] = {}  # (pad, axis pair) -> direction held
        if sdl_controller is not None:
            try:
                sdl_controller.init()
            except pygame.error as exc:
                log.info("No game-controller support: %s", exc)

    @property
    def count(self) -> int:
        return len(self.known)

    def translate(self, event: pygame.event.Event) -> list[Action] | None:
        """The actions a pad event means, or None when ``event`` is not a pad's."""
        t = event.type
        if t == pygame.CONTROLLERDEVICEADDED:
            return self._added(event, as_controller=True)
        if t == pygame.JOYDEVICEADDED:
            index = getattr(event, "device_index", None)
            if sdl_controller is not None and index is not None and self._is_controller(index):
                return []  # the CONTROLLERDEVICEADDED event of the same pad opens it
            return self._added(event, as_controller=False)
        if t in (pygame.CONTROLLERDEVICEREMOVED, pygame.JOYDEVICEREMOVED):
            iid = event.instance_id
            if iid not in self.known:
                return []
            self.known.discard(iid)
            self.controllers.pop(iid, None)
            self.joysticks.pop(iid, None)
            return [Action(PAD_REMOVED, device_name(iid))]
        if t == pygame.CONTROLLERBUTTONDOWN:
            return pressed(BUTTON_NAMES.get(event.button), device_name(event.instance_id))
        if t == pygame.CONTROLLERAXISMOTION:
            if event.axis in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
                value = event.value / 32767 if abs(event.value) > 1 else event.value
                return self._stick(event.instance_id, event.axis == pygame.CONTROLLER_AXIS_LEFTY, value)
            return []
        if t in (pygame.JOYBUTTONDOWN, pygame.JOYHATMOTION, pygame.JOYAXISMOTION):
            iid = event.instance_id
            if iid in self.controllers:
                return []  # a mapped pad speaks through its CONTROLLER* events
            return self._joystick(event)
        if t in (pygame.CONTROLLERBUTTONUP, pygame.JOYBUTTONUP, pygame.JOYBALLMOTION,
                 pygame.CONTROLLERDEVICEREMAPPED):
            return []
        return None

    def _is_controller(self, index: int) -> bool:
        try:
            return bool(sdl_controller.is_controller(index))
        except (pygame.error, ValueError):
            return False

    def _added(self, event: pygame.event.Event, as_controller: bool) -> list[Action]:
        iid = getattr(event, "instance_id", None)  # real SDL events carry only device_index
        index = getattr(event, "device_index", None)
        device = None
        if index is not None:
            try:
                if as_controller:
                    device = sdl_controller.Controller(index)
                    joy = device.as_joystick()
                else:
                    device = joy = pygame.joystick.Joystick(index)
                iid = joy.get_instance_id()
            except (pygame.error, ValueError, AttributeError) as exc:
                log.info("A pad appeared but could not be opened: %s", exc)
                device = None
        if iid is None:
            return []
        self.known.add(iid)
        if device is not None:
            (self.controllers if as_controller else self.joysticks)[iid] = device
        elif as_controller:
            self.controllers[iid] = None
        return [Action(PAD_ADDED, device_name(iid))]

    def _stick(self, iid: int, vertical: bool, value: float) -> list[Action]:
        key = (iid, int(vertical))
        held = self.held.get(key)
        if abs(value) < RELEASE:
            self.held[key] = None
            return []
        if abs(value) < PRESS:
            return []
        direction = (DOWN if value > 0 else UP) if vertical else (RIGHT if value > 0 else LEFT)
        if held == direction:
            return []
        self.held[key] = direction
        return [Action(direction, device_name(iid))]

    def _joystick(self, event: pygame.event.Event) -> list[Action]:
        device = device_name(event.instance_id)
        if event.type == pygame.JOYBUTTONDOWN:
            return pressed(JOYSTICK_BUTTON_NAMES.get(event.button), device)
        if event.type == pygame.JOYHATMOTION:
            x, y = event.value
            actions = []
            if x:
                actions += pressed("dpad_right" if x > 0 else "dpad_left", device)
            if y:
                actions += pressed("dpad_up" if y > 0 else "dpad_down", device)
            return actions
        if event.axis in (0, 1):
            return self._stick(event.instance_id, event.axis == 1, event.value)
        return []
