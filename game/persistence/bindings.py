"""Which keys and pad buttons do which action: the defaults, the player's own (Settings →
Controls, kept in ``settings.json`` as ``"keys"`` and ``"pad_buttons"``), and the checks a
value from that file must pass before it is used.

Pure data, no pygame: the devices (``game.app.input``, ``game.app.pads``) and the Controls
screen read the bindings in force here, as the play screens read ``palette``'s colours.

A key is named the way the settings file writes it: a key that types a character by its
character, lower case (``"w"``, ``","``, ``"ö"``: SDL's key code is that character's code
point, so a German or a French keyboard's own keys can be bound), any other key by its
pygame name without ``K_`` (``"UP"``, ``"RETURN"``, ``"KP8"``, ``"LSHIFT"``). A pad button is
named as SDL's game-controller API names it (``"a"``, ``"start"``, ``"leftshoulder"``,
``"dpad_up"``); a pad SDL has no mapping for presses the same names (``game.app.pads``).

The file holds only what the player changed: an action missing from it has its default
keys (an empty object is the defaults, and "Reset to defaults" writes that). A value is
used only whole: it names known actions and keys only, leaves no action without a key
(nor without a pad button, where it has one by default), gives no key to two actions and
holds at most :data:`MOST_KEYS` keys and :data:`MOST_BUTTONS` buttons an action.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..i18n import pgettext

#: a table of bindings: action -> its keys (or its pad buttons)
Table = Mapping[str, Sequence[str]]

# the action names of game.ui.actions (this layer cannot import it; a test holds them equal)
UP, DOWN, LEFT, RIGHT = "up", "down", "left", "right"
CONFIRM, BACK, ALTERNATE, MENU = "confirm", "back", "alternate", "menu"
UNDO, REDO, HINT, DETAILS = "undo", "redo", "hint", "details"

#: every action a key or a button can be given, in the order the Controls screen lists them
ACTIONS = (UP, DOWN, LEFT, RIGHT, CONFIRM, BACK, ALTERNATE, MENU, UNDO, REDO, HINT, DETAILS)
#: at most this many keys, and pad buttons, an action
MOST_KEYS, MOST_BUTTONS = 3, 2

DEFAULT_KEYS: dict[str, tuple[str, ...]] = {
    UP: ("UP", "w", "KP8"), DOWN: ("DOWN", "s", "KP2"),
    LEFT: ("LEFT", "a", "KP4"), RIGHT: ("RIGHT", "d", "KP6"),
    CONFIRM: ("RETURN", "SPACE", "KP_ENTER"),
    BACK: ("BACKSPACE",),
    ALTERNATE: ("TAB", "c"),
    MENU: ("ESCAPE", "p"),
    UNDO: ("u", "z"),
    REDO: ("r", "y"),
    HINT: ("h",),
    DETAILS: ("i",),  # i for info; text entry reads letters as text, never as keys
}
DEFAULT_BUTTONS: dict[str, tuple[str, ...]] = {
    UP: ("dpad_up",), DOWN: ("dpad_down",), LEFT: ("dpad_left",), RIGHT: ("dpad_right",),
    CONFIRM: ("a",), BACK: ("b",), ALTERNATE: ("x",), MENU: ("start", "back"),
    UNDO: ("leftshoulder",), REDO: ("rightshoulder",), HINT: ("y",), DETAILS: (),
}

#: the keys that are not characters, by pygame's name without ``K_`` (each one code)
NAMED_KEYS = (
    "RETURN", "SPACE", "BACKSPACE", "TAB", "ESCAPE", "DELETE", "INSERT",
    "UP", "DOWN", "LEFT", "RIGHT", "HOME", "END", "PAGEUP", "PAGEDOWN",
    "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F12", "F13", "F14", "F15",
    "KP0", "KP1", "KP2", "KP3", "KP4", "KP5", "KP6", "KP7", "KP8", "KP9",
    "KP_PERIOD", "KP_DIVIDE", "KP_MULTIPLY", "KP_MINUS", "KP_PLUS", "KP_ENTER", "KP_EQUALS",
    "LSHIFT", "RSHIFT", "LCTRL", "RCTRL", "LALT", "RALT", "LGUI", "RGUI", "MENU",
    "CAPSLOCK", "NUMLOCK", "SCROLLLOCK", "PRINT", "PAUSE",
)
#: keys the app itself answers before any screen sees them: never given to an action
RESERVED_KEYS = ("F11",)  # fullscreen
#: the pad buttons an action can be given (not the guide button: the system's own)
BUTTONS = ("a", "b", "x", "y", "back", "start", "leftshoulder", "rightshoulder", "leftstick",
           "rightstick", "dpad_up", "dpad_down", "dpad_left", "dpad_right")
#: characters that name no key of their own (a space is "SPACE"; upper case is a shifted letter)
_NOT_KEYS = set(" \t\r\n\x7f")


def is_key(name: Any) -> bool:
    """Whether ``name`` names a key that can be bound (a character key or a named one)."""
    if not isinstance(name, str):
        return False
    if len(name) == 1:
        return name.isprintable() and name not in _NOT_KEYS and name == name.lower()
    return name in NAMED_KEYS


def is_button(name: Any) -> bool:
    return isinstance(name, str) and name in BUTTONS


def full(changed: Table, defaults: Table) -> dict[str, tuple[str, ...]]:
    """Every action's keys (or buttons): the player's where ``changed`` has them, else the defaults."""
    return {action: tuple(changed.get(action, defaults[action])) for action in ACTIONS}


def changes(table: Table, defaults: Table) -> dict[str, list[str]]:
    """What the settings file keeps of a whole ``table``: the actions that differ from the defaults."""
    return {action: list(names) for action in ACTIONS
            if (names := tuple(table[action])) != tuple(defaults[action])}


def _usable(changed: Any, defaults: Table, is_name, most: int) -> bool:
    """Whether a value read from the file can be used whole; never raises."""
    if not isinstance(changed, dict) or len(changed) > len(ACTIONS):
        return False
    for action, names in changed.items():
        if action not in ACTIONS or not isinstance(names, list) or len(names) > most:
            return False
        if not all(is_name(n) for n in names) or len(set(names)) != len(names):
            return False
    table = full(changed, defaults)
    if any(defaults[action] and not table[action] for action in ACTIONS):
        return False  # an action that has a key (or a pad button) always keeps one
    given = [n for names in table.values() for n in names]
    return len(given) == len(set(given)) and not set(given) & set(RESERVED_KEYS)


def keys_usable(changed: Any) -> bool:
    """The check of ``settings.json``'s ``"keys"``: action -> its keys, only those changed."""
    return _usable(changed, DEFAULT_KEYS, is_key, MOST_KEYS)


def buttons_usable(changed: Any) -> bool:
    """The check of ``settings.json``'s ``"pad_buttons"``: action -> its pad buttons."""
    return _usable(changed, DEFAULT_BUTTONS, is_button, MOST_BUTTONS)


# -- the bindings in force --------------------------------------------------------------------
_keys: dict[str, tuple[str, ...]] = dict(DEFAULT_KEYS)
_buttons: dict[str, tuple[str, ...]] = dict(DEFAULT_BUTTONS)
_key_action: dict[str, str] = {}
_button_action: dict[str, str] = {}


def use(keys: Table | None = None, buttons: Table | None = None) -> None:
    """From now on the devices read these bindings (the player's changes; None or a value
    that cannot be used: the defaults)."""
    global _keys, _buttons, _key_action, _button_action
    _keys = full(keys, DEFAULT_KEYS) if keys and keys_usable(dict(keys)) else dict(DEFAULT_KEYS)
    usable = buttons and buttons_usable(dict(buttons))
    _buttons = full(buttons, DEFAULT_BUTTONS) if buttons and usable else dict(DEFAULT_BUTTONS)
    _key_action = {name: action for action, names in _keys.items() for name in names}
    _button_action = {name: action for action, names in _buttons.items() for name in names}


use()


def keys() -> dict[str, tuple[str, ...]]:
    """Every action's keys in force, the first the one prompts show."""
    return dict(_keys)


def buttons() -> dict[str, tuple[str, ...]]:
    """Every action's pad buttons in force (an action may have none: Details by default)."""
    return dict(_buttons)


def action_of_key(name: str | None) -> str | None:
    return _key_action.get(name) if name is not None else None


def action_of_button(name: str | None) -> str | None:
    return _button_action.get(name) if name is not None else None


# -- changing them ----------------------------------------------------------------------------
class Refused(Exception):
    """A change the Controls screen does not make: ``reason`` is ``"taken"`` (``other``
    action has that key), ``"reserved"`` (the app's own key), ``"full"`` (the action has
    its most), ``"last"`` (its last key would go)."""

    def __init__(self, reason: str, other: str | None = None) -> None:
        super().__init__(reason)
        self.reason, self.other = reason, other


def bound(table: Table, action: str, name: str, replacing: str | None = None,
          most: int = MOST_KEYS) -> dict[str, tuple[str, ...]]:
    """``table`` (every action's keys, or buttons) with ``name`` given to ``action``, in the
    place of ``replacing`` (one of its own) or added. A key another action has is refused,
    not taken from it: which action a press means never changes without the player seeing it."""
    if name in RESERVED_KEYS:
        raise Refused("reserved")
    for other, names in table.items():
        if name in names and other != action:
            raise Refused("taken", other)
    mine = list(table[action])
    if replacing is not None and replacing in mine:
        at = mine.index(replacing)
        mine[at] = name
        mine = [n for i, n in enumerate(mine) if n != name or i == at]  # already there: once
    elif name not in mine:
        if len(mine) >= most:
            raise Refused("full")
        mine.append(name)
    return {**{a: tuple(names) for a, names in table.items()}, action: tuple(mine)}


def unbound(table: Table, action: str, name: str, defaults: Table) -> dict[str, tuple[str, ...]]:
    """``table`` without ``name`` on ``action``; refused when it is the action's last and
    the action has one by default."""
    mine = [n for n in table[action] if n != name]
    if not mine and defaults[action]:
        raise Refused("last")
    return {**{a: tuple(names) for a, names in table.items()}, action: tuple(mine)}


# -- their names on screen --------------------------------------------------------------------
def action_label(action: str) -> str:
    names = {UP: pgettext("action", "Up"), DOWN: pgettext("action", "Down"),
             LEFT: pgettext("action", "Left"), RIGHT: pgettext("action", "Right"),
             CONFIRM: pgettext("action", "Confirm"), BACK: pgettext("action", "Back"),
             ALTERNATE: pgettext("action", "Alternate"), MENU: pgettext("action", "Menu"),
             UNDO: pgettext("action", "Undo"), REDO: pgettext("action", "Redo"),
             HINT: pgettext("action", "Hint"), DETAILS: pgettext("action", "Details")}
    return names.get(action, action)


def key_label(name: str) -> str:
    """A key as a keyboard of the current language labels it ("Enter", "W", "Num 8")."""
    if len(name) == 1:
        upper = name.upper()
        return upper if len(upper) == 1 else name  # ß stays ß
    words = {
        "RETURN": pgettext("key", "Enter"), "SPACE": pgettext("key", "Space"),
        "BACKSPACE": pgettext("key", "Backspace"), "TAB": "Tab", "ESCAPE": "Esc",
        "DELETE": pgettext("key", "Delete"), "INSERT": pgettext("key", "Insert"),
        "UP": pgettext("key", "Up"), "DOWN": pgettext("key", "Down"),
        "LEFT": pgettext("key", "Left"), "RIGHT": pgettext("key", "Right"),
        "HOME": pgettext("key", "Home"), "END": pgettext("key", "End"),
        "PAGEUP": pgettext("key", "Page Up"), "PAGEDOWN": pgettext("key", "Page Down"),
        "KP_PERIOD": pgettext("key", "Num ."), "KP_DIVIDE": pgettext("key", "Num /"),
        "KP_MULTIPLY": pgettext("key", "Num *"), "KP_MINUS": pgettext("key", "Num -"),
        "KP_PLUS": pgettext("key", "Num +"), "KP_ENTER": pgettext("key", "Num Enter"),
        "KP_EQUALS": pgettext("key", "Num ="),
        "LSHIFT": pgettext("key", "Left Shift"), "RSHIFT": pgettext("key", "Right Shift"),
        "LCTRL": pgettext("key", "Left Ctrl"), "RCTRL": pgettext("key", "Right Ctrl"),
        "LALT": pgettext("key", "Alt"), "RALT": pgettext("key", "Alt Gr"),
        "LGUI": pgettext("key", "Left Super"), "RGUI": pgettext("key", "Right Super"),
        "MENU": pgettext("key", "Menu key"), "CAPSLOCK": pgettext("key", "Caps Lock"),
        "NUMLOCK": pgettext("key", "Num Lock"), "SCROLLLOCK": pgettext("key", "Scroll Lock"),
        "PRINT": pgettext("key", "Print"), "PAUSE": pgettext("key", "Pause"),
    }
    if name in words:
        return words[name]
    if name.startswith("KP") and name[2:].isdigit():
        return pgettext("key", "Num {digit}").format(digit=name[2:])
    return name  # F1 to F15


def button_label(name: str) -> str:
    """A pad button as the pad prints it ("A", "Start", "LB"); the D-pad's in words."""
    words = {
        "a": "A", "b": "B", "x": "X", "y": "Y", "start": "Start", "back": pgettext("gamepad", "Select"),
        "leftshoulder": "LB", "rightshoulder": "RB", "leftstick": "L3", "rightstick": "R3",
        "dpad_up": pgettext("gamepad", "D-pad up"), "dpad_down": pgettext("gamepad", "D-pad down"),
        "dpad_left": pgettext("gamepad", "D-pad left"), "dpad_right": pgettext("gamepad", "D-pad right"),
    }
    return words.get(name, name)


def key_glyphs() -> dict[str, str]:
    """What prompts show for each action on a keyboard: its first key in force."""
    return {action: key_label(names[0]) for action, names in _keys.items() if names}


def button_glyphs() -> dict[str, str]:
    """What prompts show for each action on a pad: its first button in force (the four
    directions on the D-pad say "D-pad", as the prompts' "D-pad: move" does)."""
    d_pad = pgettext("gamepad", "D-pad")
    return {action: d_pad if names[0].startswith("dpad_") and action in (UP, DOWN, LEFT, RIGHT)
            else button_label(names[0]) for action, names in _buttons.items() if names}
