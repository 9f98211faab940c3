"""Seats live with the scenes that use them: :mod:`game.scenes.menus.seats` (re-exported here)."""
from ..scenes.menus.seats import (  # noqa: F401
    AI_LEVELS,
    HUMAN,
    KEYBOARD,
    KINDS,
    OPEN,
    Seat,
    default_seats,
    device_label,
    device_of,
    level_name,
)
