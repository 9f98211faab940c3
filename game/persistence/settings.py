"""Player and operator settings, kept in ``settings.json`` in the user's folder.

Each setting has a default and a check; a file with a bad value keeps the good
ones, uses the default for the bad ones, and is set aside with a message.
"""
from __future__ import annotations

import ipaddress
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .. import palette
from ..i18n import N_
from . import bindings, storage

FORMAT = 1
FILE = "settings.json"
MAX_BYTES = 64_000  # settings are a few hundred bytes
AI_LEVELS = ("easy", "medium", "hard")
#: how fast moves play out: a factor on the animations' time (instant: at once)
ANIMATION_SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 1.8, "instant": 0.0}
#: scanning (one switch): the seconds the highlight rests on each item before it steps on
SCAN_SECONDS = (0.8, 1.2, 1.8, 2.5)


SEAT_VALUES = ("human", "human@keyboard", *AI_LEVELS)


def _is_address(v: Any) -> bool:
    """"auto" (this machine's address on its network) or one IPv4 address of it: not
    0.0.0.0, which would listen on every network the machine has, nor an address no one
    listens on (multicast, broadcast)."""
    if not isinstance(v, str):
        return False
    if v == "auto":
        return True
    try:
        address = ipaddress.ip_address(v)
    except ValueError:
        return False
    return (address.version == 4 and not address.is_unspecified and not address.is_multicast
            and v != "255.255.255.255")


def _is_language(v: Any) -> bool:
    """"auto" (the system's) or a language code; one without a catalogue falls back to auto."""
    return isinstance(v, str) and (v == "auto" or (2 <= len(v) <= 8 and v.replace("_", "").isalpha()))


#: what each setting holds (``storage`` shapes): a value of another type or range is bad
SHAPES: dict[str, Any] = {
    "volume": storage.Number(0, 1),
    "fullscreen": bool,
    "ai_levels": storage.MapOf(storage.Exactly(*AI_LEVELS)),  # game id -> easy/medium/hard
    # game id -> player -> who sits there: ``human``, ``human@keyboard`` or an AI level
    "seats": storage.MapOf(storage.MapOf(storage.Exactly(*SEAT_VALUES))),
    "kiosk_idle_seconds": storage.Whole(10, 24 * 3600),
    "language": storage.Where(str, _is_language),
    "reduced_motion": bool,
    "animation_speed": storage.Exactly(*ANIMATION_SPEEDS),
    "large_text": bool,
    "theme": storage.Exactly(*palette.THEMES),
    "panel_details": bool,
    # Settings → Controls: action -> its keys (or pad buttons), only the actions changed;
    # a value that would leave an action without one, or give a key to two, is bad whole
    "keys": storage.Where(dict, bindings.keys_usable),
    "pad_buttons": storage.Where(dict, bindings.buttons_usable),
    "demo_sound": bool,
    "kiosk_lessons": bool,
    "kiosk_puzzles": bool,
    "kiosk_ladder": bool,
    "scanning": bool,
    "scan_seconds": storage.Exactly(*SCAN_SECONDS),
    "phones": bool,
    "phones_address": storage.Where(str, _is_address),
    "phones_port": storage.Whole(1024, 65535),
    "phones_wifi": storage.Where(str, lambda v: len(v.encode("utf-8")) <= 32),
    "phones_wifi_password": storage.Where(str, lambda v: len(v) <= 63),
}
CHECKS: dict[str, Callable[[Any], bool]] = {key: storage.checker(shape) for key, shape in SHAPES.items()}


@dataclass
class Settings:
    volume: float = 0.7
    fullscreen: bool = False
    ai_levels: dict[str, str] = field(default_factory=dict)  # game id -> easy/medium/hard
    seats: dict[str, dict[str, str]] = field(default_factory=dict)  # game -> player -> seat
    kiosk_idle_seconds: int = 90
    language: str = "auto"  # "auto": the system's preferred languages (game.i18n)
    #: no fades between screens, no particles, no drifting title: only the rules' own moves
    reduced_motion: bool = False
    animation_speed: str = "normal"  # one of ANIMATION_SPEEDS
    #: every label larger (theme.LARGE_TEXT)
    large_text: bool = False
    #: the colours: "standard" or "high-contrast" (palette.THEMES; stronger ink, thicker rims)
    theme: str = "standard"
    #: the play screen's panel shows its legend, the notation's key and the whole move list
    #: (else what matters now: the turn, the score, the last move and the last few turns)
    panel_details: bool = False
    #: the player's keys and pad buttons, for the actions they changed ({}: the defaults; see bindings)
    keys: dict[str, list[str]] = field(default_factory=dict)
    pad_buttons: dict[str, list[str]] = field(default_factory=dict)
    #: the demo plays the games' sounds (a kiosk owner may want a silent attract loop)
    demo_sound: bool = True
    #: what a kiosk offers its visitors besides play, the rules and the demo
    kiosk_lessons: bool = True
    kiosk_puzzles: bool = True
    kiosk_ladder: bool = True
    #: one switch: the highlight steps by itself through the moves and the menu items, any
    #: press acts on it and a long press goes back (game.app.scan)
    scanning: bool = False
    scan_seconds: float = 1.8  # one of SCAN_SECONDS
    #: the phone hub: phones on the same network join by the code on "Who plays?" (off
    #: unless the player, or a kiosk's operator, turns it on)
    phones: bool = False
    #: the address it is offered on: "auto" (this machine's on its network) or one IPv4 address
    phones_address: str = "auto"
    phones_port: int = 8765
    #: a venue's Wi-Fi for phones, shown as a QR code beside the game's ("": none)
    phones_wifi: str = ""
    phones_wifi_password: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, **{key: getattr(self, key) for key in CHECKS}}


def load() -> tuple[Settings, str]:
    """The saved settings (defaults where missing or bad) and a message ("" if all is well; a
    ``storage.Message``: show it with ``i18n.refusal``)."""
    path = storage.home() / FILE
    try:
        data = storage.read_json(path, storage.Message(N_("The settings file")), FORMAT, MAX_BYTES)
    except storage.StoredFileError as exc:
        return Settings(), str(exc)
    if data is None:
        return Settings(), ""
    settings = Settings()
    bad = []
    for key, check in CHECKS.items():
        if key in data:
            if check(data[key]):
                setattr(settings, key, data[key])
            else:
                bad.append(key)
    if bad:
        problem = storage.Message(N_("The settings file had bad values for {keys}"), keys=", ".join(bad))
        try:
            moved = storage.set_aside(path)
        except (OSError, ValueError):
            moved = None
        try:
            save(settings)  # the good values, kept
        except OSError:
            # a full or read-only disk: the file goes back where it was, good values and all (they
            # are read again next time; only the bad ones fall back, then as now)
            if moved is not None:
                try:
                    os.replace(moved, path)
                except OSError:
                    pass
            return settings, storage.Message(
                N_("{problem}; defaults are used for them (the file could not be repaired)."),
                problem=problem)
        if moved is None:
            return settings, storage.Message(
                N_("{problem}; it could not be moved aside, and defaults are used."), problem=problem)
        return settings, storage.Message(N_("{problem}; it was kept as {name} and defaults are used."),
                                         problem=problem, name=moved.name)
    return settings, ""


def saved_language() -> str:
    """The language chosen in Settings ("auto" when none is, or the file cannot be used),
    read without changing anything: for the command line, which speaks before the game
    starts (the game's :func:`load` still sets a bad file aside and says so)."""
    data, _problem = storage.load_json(storage.home() / FILE, FORMAT, MAX_BYTES)
    value = data.get("language") if data is not None else None
    return value if _is_language(value) else "auto"


def save(settings: Settings) -> None:
    storage.write_json(storage.home() / FILE, settings.to_json())
