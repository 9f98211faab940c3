"""Player and operator settings, kept in ``settings.json`` in the user's folder.

Each setting has a default and a check; a file with a bad value keeps the good
ones, uses the default for the bad ones, and is set aside with a message.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import storage
from .i18n import N_

FORMAT = 1
FILE = "settings.json"
MAX_BYTES = 64_000  # settings are a few hundred bytes
AI_LEVELS = ("easy", "medium", "hard")
#: how fast moves play out: a factor on the animations' time (instant: at once)
ANIMATION_SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 1.8, "instant": 0.0}


def _is_bool(v: Any) -> bool:
    return isinstance(v, bool)


def _is_volume(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1


def _is_idle(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 10 <= v <= 24 * 3600


def _is_levels(v: Any) -> bool:
    return isinstance(v, dict) and all(isinstance(k, str) and x in AI_LEVELS for k, x in v.items())


SEAT_VALUES = ("human", "human@keyboard", *AI_LEVELS)


def _is_seats(v: Any) -> bool:
    """game id -> player -> who sits there: ``human``, ``human@keyboard`` or an AI level."""
    return isinstance(v, dict) and all(
        isinstance(game, str) and isinstance(players, dict)
        and all(isinstance(p, str) and x in SEAT_VALUES for p, x in players.items())
        for game, players in v.items())


def _is_language(v: Any) -> bool:
    """"auto" (the system's) or a language code; one without a catalogue falls back to auto."""
    return isinstance(v, str) and (v == "auto" or (2 <= len(v) <= 8 and v.replace("_", "").isalpha()))


CHECKS: dict[str, Callable[[Any], bool]] = {
    "volume": _is_volume,
    "fullscreen": _is_bool,
    "ai_levels": _is_levels,
    "seats": _is_seats,
    "kiosk_idle_seconds": _is_idle,
    "language": _is_language,
    "reduced_motion": _is_bool,
    "animation_speed": lambda v: v in ANIMATION_SPEEDS,
    "large_text": _is_bool,
    "demo_sound": _is_bool,
}


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
    #: the demo plays the games' sounds (a kiosk owner may want a silent attract loop)
    demo_sound: bool = True

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
        message = storage.reject(path, storage.Message(N_("The settings file had bad values for {keys}"),
                                                       keys=", ".join(bad)))
        try:
            save(settings)  # the good values, kept
        except OSError:
            pass  # a read-only folder: they are used for this run all the same
        return settings, message
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
