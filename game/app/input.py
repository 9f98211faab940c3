"""The keyboard, the mouse and a touch screen become abstract actions (:mod:`game.ui.actions`).

Scenes never read raw pygame events; they get :class:`Action` values. Keyboard, mouse
and touch act for whichever seat is to move (a shared keyboard in hot-seat); gamepads
are translated in :mod:`game.app.pads`. Which key means which action is the player's
choice (Settings → Controls): :mod:`game.persistence.bindings` holds the keys in force.

A finger (:class:`Touch`) gives ``touch`` actions: a tap is a ``confirm`` where the
finger landed, a drag ``point`` actions (what hover is to the mouse), and a press as
long as it likes is still a tap. SDL also makes mouse events of every touch (marked
``touch``) and, on some systems, touch events of the mouse (``touch_id`` -1): each is
dropped here, so that no tap and no click counts twice. What a tap does is the
screen's: a menu acts at once, a play screen previews a board point first
(``PlayScene.touched``).
"""
from __future__ import annotations

import math

import pygame

from ..persistence import bindings
from ..ui.actions import (  # noqa: F401  (the names every device maps to, re-exported)
    ALTERNATE,
    BACK,
    CONFIRM,
    DETAILS,
    DIRECTIONS,
    DOWN,
    HINT,
    LEFT,
    MENU,
    OTHER_KEY,
    POINT,
    REDO,
    RIGHT,
    TEXT,
    TOUCH,
    UNDO,
    UP,
    Action,
)
from ..ui.keys import code_of, name_of

#: the default keys (the player's own are in :mod:`game.persistence.bindings`, from the settings)
KEYMAP = {code_of(name): action for action, names in bindings.DEFAULT_KEYS.items() for name in names}

#: what the keyboard shows for each action in on-screen prompts, by default
KEY_GLYPHS = {
    CONFIRM: "Enter", BACK: "Backspace", ALTERNATE: "Tab", MENU: "Esc",
    UNDO: "U", REDO: "R", HINT: "H", DETAILS: "I", UP: "Up", DOWN: "Down", LEFT: "Left", RIGHT: "Right",
}


def key_glyphs() -> dict[str, str]:
    """What prompts show for each action on the keyboard: the first of the player's keys
    for it (Settings → Controls), named as a keyboard of the current language labels it
    (Enter, Rücktaste, Hoch; Esc, Tab, U, R stay)."""
    return bindings.key_glyphs()


#: the ``touch_id`` of the finger events SDL makes from the mouse (``SDL_MOUSE_TOUCHID``):
#: the mouse's own events count already
MOUSE_TOUCH_ID = -1
#: how far a finger may wander, as a share of the window's shorter side, and still tap
#: (a fingertip rolls a few pixels as it lifts); further, and it drags
TAP_SLOP = 0.02
FINGER_EVENTS = (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP)
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)


class Touch:
    """The fingers on a touch screen, as actions. One finger leads: a second one laid on
    the screen while the first is down (a palm, a hand resting) is ignored."""

    def __init__(self) -> None:
        self.seen = False  # a finger has touched the screen this run: hit areas grow to fit one
        self.finger: tuple[int, int] | None = None  # (touch_id, finger_id) of the leading finger
        self.landed: tuple[int, int] = (0, 0)  # where it came down
        self.dragging = False

    def translate(self, event: pygame.event.Event, size: tuple[int, int]) -> list[Action] | None:
        """The actions a finger event means on a picture of ``size`` (a finger's ``x`` and
        ``y`` are shares of the window, 0 to 1); None for any other event."""
        if event.type not in FINGER_EVENTS:
            return None
        touch_id = getattr(event, "touch_id", 0)
        if touch_id == MOUSE_TOUCH_ID:
            return []
        self.seen = True
        w, h = max(1, size[0]), max(1, size[1])
        pos = (min(w - 1, max(0, int(getattr(event, "x", 0.0) * w))),
               min(h - 1, max(0, int(getattr(event, "y", 0.0) * h))))
        finger = (touch_id, getattr(event, "finger_id", 0))
        if event.type == pygame.FINGERDOWN:
            if self.finger is None:
                self.finger, self.landed, self.dragging = finger, pos, False
            return []
        if finger != self.finger:
            return []
        if event.type == pygame.FINGERMOTION:
            if not self.dragging and math.dist(pos, self.landed) <= TAP_SLOP * min(w, h):
                return []
            self.dragging = True
            return [Action(POINT, TOUCH, pos=pos)]
        self.finger = None
        if self.dragging:  # lifted after a drag: what it showed stays, nothing is chosen
            return [Action(POINT, TOUCH, pos=pos)]
        return [Action(CONFIRM, TOUCH, pos=self.landed)]


def from_touch(event: pygame.event.Event) -> bool:
    """A mouse event SDL made of a finger (pygame-ce marks it ``touch``)."""
    return event.type in MOUSE_EVENTS and bool(getattr(event, "touch", False))


def translate(event: pygame.event.Event) -> list[Action]:
    """The actions one raw event means (none for events that mean nothing here, and
    none for a mouse event made of a finger: :class:`Touch` reads the finger itself)."""
    if from_touch(event):
        return []
    if event.type == pygame.KEYDOWN:
        return [Action(bindings.action_of_key(name_of(event.key)) or OTHER_KEY, key=event.key)]
    if event.type == pygame.TEXTINPUT:
        return [Action(TEXT, text=event.text)] if event.text else []
    if event.type == pygame.MOUSEMOTION:
        return [Action(POINT, "mouse", pos=tuple(event.pos))]
    if event.type == pygame.MOUSEBUTTONDOWN:
        pos = tuple(event.pos)
        if event.button == 1:
            return [Action(CONFIRM, "mouse", pos=pos)]
        if event.button == 3:
            return [Action(ALTERNATE, "mouse", pos=pos)]
    if event.type == pygame.MOUSEWHEEL:
        return [Action(UP if event.y > 0 else DOWN, "mouse")] if event.y else []
    return []
