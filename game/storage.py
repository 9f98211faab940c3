"""The user's files: where they live, how they are written and read safely.

Everything is JSON under one folder (``$GAUSS_ARCADE_HOME``, else the platform's
config folder). Writes go to a temporary file that is then renamed over the old
one, so a crash or power loss leaves either the old file or the new, never half
of one. A file that cannot be used (corrupt, truncated, hand-edited badly, from a
future version) is renamed aside with a ``.bad-<time>`` suffix, never deleted, and
the caller gets a clear message and falls back to defaults. Nothing in these
files is ever executed.
"""
from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any


class StoredFileError(Exception):
    """A user file that could not be used; ``str()`` is a message for a person."""


def home() -> Path:
    override = os.environ.get("GAUSS_ARCADE_HOME")
    if override:
        return Path(override)
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "gauss-arcade"


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` as JSON atomically (write a temporary file, then rename it)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def set_aside(path: Path) -> Path:
    """Rename a bad file out of the way (never delete it); return its new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.bad-{stamp}-{n}")
    os.replace(path, target)
    return target


def read_json(path: Path, what: str, fmt: int) -> dict[str, Any] | None:
    """The JSON object in ``path`` (None when there is no file).

    The object must carry ``"format": fmt``. Anything else raises StoredFileError
    after the file has been set aside.
    """
    if not path.exists():
        return None
    problem = None
    data: Any = None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        problem = "cannot be read"
    except (ValueError, RecursionError):
        problem = "is damaged (not valid JSON)"
    if problem is None and not isinstance(data, dict):
        problem = "is damaged (not a JSON object)"
    if problem is None and data.get("format") != fmt:
        version = data.get("format")
        newer = isinstance(version, int) and not isinstance(version, bool) and version > fmt
        problem = "comes from a newer version of the game" if newer else "has an unknown format"
    if problem is None:
        return data
    raise StoredFileError(reject(path, f"The {what} file {problem}"))


def reject(path: Path, message: str) -> str:
    """Set a bad file aside and return the full message for the player."""
    try:
        moved = set_aside(path)
        return f"{message}; it was kept as {moved.name} and defaults are used."
    except OSError:
        return f"{message}; it could not be moved aside, and defaults are used."
