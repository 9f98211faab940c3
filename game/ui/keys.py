"""Keys by the names the settings file gives them (:mod:`game.persistence.bindings`) and pygame's key
codes: a character key's code is its character's code point, any other key's is pygame's
``K_<name>``."""
from __future__ import annotations

import pygame

from ..persistence.bindings import NAMED_KEYS, RESERVED_KEYS, is_key

#: the named keys' codes (the names a pygame build lacks are left out)
CODES = {name: getattr(pygame, f"K_{name}") for name in (*NAMED_KEYS, *RESERVED_KEYS)
         if hasattr(pygame, f"K_{name}")}
NAMES = {code: name for name, code in CODES.items()}


def code_of(name: str) -> int | None:
    """The key code of a key's name (None: not a key)."""
    if name in CODES:
        return CODES[name]
    return ord(name) if is_key(name) and len(name) == 1 else None


def name_of(code: int | None) -> str | None:
    """The name of the key with ``code`` (None: a key that cannot be bound, or none)."""
    if code is None:
        return None
    if code in NAMES:
        return NAMES[code]
    if 0 < code < 0x110000:
        name = chr(code)
        return name if is_key(name) else None
    return None
