"""The keyboard and the mouse become abstract actions (:mod:`game.ui.actions`).

Scenes never read raw pygame events; they get :class:`Action` values. Keyboard and
mouse act for whichever seat is to move (a shared keyboard in hot-seat); gamepads
are translated in :mod:`game.app.pads`.
"""
from __future__ import annotations

import pygame

from ..i18n import pgettext
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

KEYMAP = {
    pygame.K_UP: UP, pygame.K_w: UP, pygame.K_KP8: UP,
    pygame.K_DOWN: DOWN, pygame.K_s: DOWN, pygame.K_KP2: DOWN,
    pygame.K_LEFT: LEFT, pygame.K_a: LEFT, pygame.K_KP4: LEFT,
    pygame.K_RIGHT: RIGHT, pygame.K_d: RIGHT, pygame.K_KP6: RIGHT,
    pygame.K_RETURN: CONFIRM, pygame.K_SPACE: CONFIRM, pygame.K_KP_ENTER: CONFIRM,
    pygame.K_BACKSPACE: BACK,
    pygame.K_TAB: ALTERNATE, pygame.K_c: ALTERNATE,
    pygame.K_ESCAPE: MENU, pygame.K_p: MENU,
    pygame.K_u: UNDO, pygame.K_z: UNDO,
    pygame.K_r: REDO, pygame.K_y: REDO,
    pygame.K_h: HINT,
    pygame.K_i: DETAILS,  # i for info; text entry reads letters as text, never as keys
}

#: what the keyboard shows for each action in on-screen prompts
KEY_GLYPHS = {
    CONFIRM: "Enter", BACK: "Backspace", ALTERNATE: "Tab", MENU: "Esc",
    UNDO: "U", REDO: "R", HINT: "H", DETAILS: "I", UP: "Up", DOWN: "Down", LEFT: "Left", RIGHT: "Right",
}


def key_glyphs() -> dict[str, str]:
    """:data:`KEY_GLYPHS` in the current language: the keys whose names are words are
    translated (as a keyboard of that language labels them); Esc, Tab, U, R stay."""
    return {**KEY_GLYPHS,
            CONFIRM: pgettext("key", "Enter"), BACK: pgettext("key", "Backspace"),
            UP: pgettext("key", "Up"), DOWN: pgettext("key", "Down"),
            LEFT: pgettext("key", "Left"), RIGHT: pgettext("key", "Right")}


def translate(event: pygame.event.Event) -> list[Action]:
    """The actions one raw event means (none for events that mean nothing here)."""
    if event.type == pygame.KEYDOWN:
        return [Action(KEYMAP.get(event.key, OTHER_KEY), key=event.key)]
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
