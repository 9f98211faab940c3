"""The keyboard and the mouse become abstract actions (:mod:`game.ui.actions`).

Scenes never read raw pygame events; they get :class:`Action` values. Keyboard and
mouse act for whichever seat is to move (a shared keyboard in hot-seat); gamepads
are translated in :mod:`game.app.pads`. Which key means which action is the player's
choice (Settings → Controls): :mod:`game.persistence.bindings` holds the keys in force.
"""
from __future__ import annotations

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


def translate(event: pygame.event.Event) -> list[Action]:
    """The actions one raw event means (none for events that mean nothing here)."""
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
