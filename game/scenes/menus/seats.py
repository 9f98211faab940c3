"""Who sits at each side of a game: a human on some device, or the computer.

A :class:`Seat` is one player of the rules (``red``, ``black``, ...). A human seat
is held by one device (the keyboard and mouse count as one), or by anyone when no
device joined it: a shared keyboard, or one pad passed around. A seat whose pad
was unplugged is *open*: the next device that plays for it takes it over.
"""
from __future__ import annotations

from ...i18n import _, pgettext

# who sits where is the match's; the words for it are here
from ...match import (  # noqa: F401
    AI_LEVELS,
    HUMAN,
    KEYBOARD,
    KINDS,
    OPEN,
    REMOTE,
    Seat,
    default_seats,
    device_of,
    held_elsewhere,
)


def device_label(device: str | None) -> str:
    """Who holds a seat, in the current language: ``Pad 2``, ``Phone 1``, ``Keyboard & mouse``, ``anyone``."""
    if device is None:
        return pgettext("seat held by", "anyone")
    if device == OPEN:
        return pgettext("seat held by", "open")
    if device == REMOTE:
        return pgettext("seat held by", "online")
    if device == KEYBOARD:
        return _("Keyboard & mouse")
    if device.startswith("pad") and device[3:].isdigit():
        # SDL counts pads from 0; people count from 1
        return _("Pad {number}").format(number=int(device[3:]) + 1)
    if device.startswith("phone") and device[5:].isdigit():
        return _("Phone {number}").format(number=int(device[5:]))
    return device


def level_name(kind: str) -> str:
    """The computer's level ``easy``, ``medium`` or ``hard`` as a player reads it."""
    if kind == "easy":
        return pgettext("computer level", "easy")
    if kind == "medium":
        return pgettext("computer level", "medium")
    if kind == "hard":
        return pgettext("computer level", "hard")
    return kind
