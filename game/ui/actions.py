"""What a player can do, whatever the device: the abstract actions scenes receive.

The app turns key presses, mouse events and gamepad buttons into :class:`Action`
values (``game.app.input``, ``game.app.pads``); scenes and widgets never read raw
device events. An action carries the device it came from, so a game can tell which
seat it is for.
"""
from __future__ import annotations

from dataclasses import dataclass

UP, DOWN, LEFT, RIGHT = "up", "down", "left", "right"
CONFIRM, BACK, ALTERNATE, MENU = "confirm", "back", "alternate", "menu"
UNDO, REDO = "undo", "redo"
HINT = "hint"  # in a game: show the move the hard level would play
DETAILS = "details"  # in a game: the side panel's legend, notation and whole move list, or not
POINT = "point"  # the mouse moved: ``pos`` says where; never a commitment
OTHER_KEY = "other"  # a key with no meaning here: still "any key" for skipping and prompts
TEXT = "text"  # typed text (``text``), only for scenes that ask for it with ``wants_text``
DIRECTIONS = (UP, DOWN, LEFT, RIGHT)


@dataclass(frozen=True)
class Action:
    name: str
    device: str = "keyboard"
    seat: int | None = None
    pos: tuple[int, int] | None = None
    text: str | None = None  # what was typed, for TEXT actions
    key: int | None = None  # the pygame key of a keyboard action (text entry tells Enter from Space)
    button: str | None = None  # the pad button pressed, by name (bindings.BUTTONS): Settings → Controls

    @property
    def is_pointer(self) -> bool:
        return self.pos is not None
