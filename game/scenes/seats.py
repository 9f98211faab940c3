"""Who sits at each side of a game: a human on some device, or the computer.

A :class:`Seat` is one player of the rules (``red``, ``black``, ...). A human seat
is held by one device (the keyboard and mouse count as one), or by anyone when no
device joined it: a shared keyboard, or one pad passed around. A seat whose pad
was unplugged is *open*: the next device that plays for it takes it over.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..i18n import _, pgettext

HUMAN = "human"
AI_LEVELS = ("easy", "medium", "hard")
KINDS = (HUMAN, *AI_LEVELS)
KEYBOARD = "keyboard"
OPEN = "open"  # the seat's device went away: the next device to act for it takes it


def device_of(device: str) -> str:
    """The seat-holding device behind an action's device (the mouse is the keyboard's)."""
    return KEYBOARD if device == "mouse" else device


def device_label(device: str | None) -> str:
    """Who holds a seat, in the current language: ``Pad 2``, ``Keyboard & mouse``, ``anyone``."""
    if device is None:
        return pgettext("seat held by", "anyone")
    if device == OPEN:
        return pgettext("seat held by", "open")
    if device == KEYBOARD:
        return _("Keyboard & mouse")
    if device.startswith("pad") and device[3:].isdigit():
        # SDL counts pads from 0; people count from 1
        return _("Pad {number}").format(number=int(device[3:]) + 1)
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


@dataclass
class Seat:
    player: str
    kind: str = HUMAN  # "human" or an AI level
    device: str | None = None  # None: anyone may play this seat

    @property
    def is_ai(self) -> bool:
        return self.kind != HUMAN

    def accepts(self, device: str) -> bool:
        """May an action from ``device`` play for this seat?"""
        if self.is_ai:
            return False
        return self.device in (None, OPEN) or self.device == device_of(device)

    def take(self, device: str) -> bool:
        """An open seat goes to the first device that plays for it; True if it changed hands."""
        if self.device == OPEN and not self.is_ai:
            self.device = device_of(device)
            return True
        return False

    @property
    def label(self) -> str:
        """What the seat is, for prompts: ``Computer (hard)``, ``Pad 2``, ``anyone``."""
        if self.is_ai:
            return _("Computer ({level})").format(level=level_name(self.kind))
        return device_label(self.device)


def held_elsewhere(device: str, seat: Seat, seats: dict[str, Seat]) -> bool:
    """Whether ``device`` is a pad already playing another of ``seats``: it may not take
    over ``seat`` when that seat's pad was unplugged (one pad would hold both sides). The
    keyboard may: a shared keyboard is the plain hot-seat."""
    holder = device_of(device)
    return holder != KEYBOARD and any(other.device == holder for other in seats.values() if other is not seat)


def default_seats(players: tuple[str, ...]) -> dict[str, Seat]:
    return {p: Seat(p) for p in players}
