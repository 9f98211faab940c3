"""The files the game reads and writes: where they live, and how they are handled safely.

Everything is JSON. The user's files (settings, the autosave, saves, the log) live under
one folder (``$GAUSS_ARCADE_HOME``, else the platform's config folder); levels ship with
the game.

**Writing** cannot lose what was there: the data goes to a new temporary file (created
exclusively, never through a link someone planted), is flushed to the disk, and only
then renamed over the old file, and the folder is flushed too. A crash, a power cut or
a full disk leaves the old file or the new one, never half of one. Temporary files left
by a crash are removed at start (:func:`clean_temporaries`).

**Reading** treats every file as hostile until checked, in one place (:func:`load_json`)
for every kind of file: only a regular file is opened (a FIFO would hang the start, a
link to ``/dev/zero`` would eat memory), its size is checked against a cap before it is
read, its text may carry a byte-order mark, its JSON must be an object nested no deeper
than a real file is, with ``"format"`` a whole number this version reads. Any failure,
an OSError of the file system included (a name too long, a folder that vanished), gives
a one-line reason, never an exception. A file that cannot be used is renamed aside with
a ``.bad-<time>`` suffix (never deleted) and the caller goes on with defaults. Nothing in
these files is ever executed.
"""
from __future__ import annotations

import json
import os
import secrets
import stat
import sys
import time
from pathlib import Path
from typing import Any

#: how deep a JSON value may nest: the deepest real file (a save's move) nests 4 levels
MAX_DEPTH = 32
#: the largest file read when the caller names no cap (a save of a long game is ~20 KB)
MAX_BYTES = 4_000_000
#: the suffix of the temporary files this module writes (and cleans up)
TMP_SUFFIX = ".tmp"


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


# -- writing ---------------------------------------------------------------------------------
def write_json(path: Path, data: Any) -> None:
    """Write ``data`` as JSON atomically; OSError (a full or read-only disk) on failure,
    with the old file untouched."""
    write_bytes(path, json.dumps(data, indent=1).encode("utf-8"))


def write_bytes(path: Path, payload: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(6)}{TMP_SUFFIX}")
    # O_EXCL: a new file, or an error; with it no planted link is followed (nor any O_NOFOLLOW
    # needed), so the game never writes outside its folder
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(tmp, flags, 0o644)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(payload)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    """Flush a folder's entries (the rename) to the disk, where the system allows it."""
    if sys.platform == "win32":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def clean_temporaries(folder: Path) -> int:
    """Remove the temporary files a crash left in ``folder``; how many went."""
    gone = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        name = entry.name
        if name.startswith(".") and name.endswith(TMP_SUFFIX) and ".json." in name:
            try:
                if entry.is_file(follow_symlinks=False) or entry.is_symlink():
                    os.unlink(entry.path)  # a link is removed itself, never what it points to
                    gone += 1
            except OSError:
                pass
    return gone


# -- reading ---------------------------------------------------------------------------------
def load_json(path: Path, fmt: int, max_bytes: int = MAX_BYTES) -> tuple[dict[str, Any] | None, str]:
    """The JSON object in ``path`` and "", or None and why it cannot be used ("" when
    there is no file). Only reads; never raises."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None, ""
    except OSError as exc:
        return None, f"cannot be read ({reason_of(exc)})"
    except ValueError:  # a name with a NUL in it
        return None, "cannot be read (a bad file name)"
    if not stat.S_ISREG(info.st_mode):
        return None, "is not a regular file"
    if info.st_size > max_bytes:
        return None, f"is far too large ({info.st_size:,} bytes; at most {max_bytes:,})"
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):  # swapped since the stat
                return None, "is not a regular file"
            raw = f.read(max_bytes + 1)
    except OSError as exc:
        return None, f"cannot be read ({reason_of(exc)})"
    if len(raw) > max_bytes:
        return None, f"is far too large (more than {max_bytes:,} bytes)"
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark from a Windows editor is fine
    except UnicodeDecodeError:
        return None, "cannot be read (not UTF-8 text)"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return None, f"is damaged (not valid JSON, line {exc.lineno})"
    except (ValueError, RecursionError):
        return None, "is damaged (not valid JSON)"
    if not isinstance(data, dict):
        return None, "is damaged (not a JSON object)"
    if depth(data) > MAX_DEPTH:
        return None, "is damaged (nested far too deeply)"
    version = data.get("format")
    if not is_whole(version) or version != fmt:
        if is_whole(version) and version > fmt:
            return None, f"comes from a newer version of the game (format {version})"
        return None, f"has an unknown format ({repr(version)[:20]}; this version reads {fmt})"
    return data, ""


def read_json(path: Path, what: str, fmt: int, max_bytes: int = MAX_BYTES) -> dict[str, Any] | None:
    """:func:`load_json`, and a file that cannot be used is set aside: StoredFileError
    with the message for the player."""
    data, problem = load_json(path, fmt, max_bytes)
    if problem:
        raise StoredFileError(reject(path, f"The {what} file {problem}"))
    return data


def is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def depth(value: Any, limit: int = MAX_DEPTH + 1) -> int:
    """How deep ``value`` nests (counting stops past ``limit``)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        v, d = stack.pop()
        if d > deepest:
            deepest = d
            if deepest > limit:
                return deepest
        if isinstance(v, dict):
            stack.extend((x, d + 1) for x in v.values())
        elif isinstance(v, list):
            stack.extend((x, d + 1) for x in v)
    return deepest


def reason_of(exc: OSError) -> str:
    """An OSError in a few words for a person (no paths, no numbers)."""
    if exc.strerror:
        return exc.strerror[0].lower() + exc.strerror[1:]
    return exc.__class__.__name__


def sentence(message: str) -> str:
    """``message`` without its closing full stop, to continue it after a semicolon."""
    return message.rstrip().rstrip(".")


def set_aside(path: Path) -> Path:
    """Rename a bad file out of the way (never delete it); return its new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    n = 1
    while target.exists() or target.is_symlink():
        n += 1
        target = path.with_name(f"{path.name}.bad-{stamp}-{n}")
    os.replace(path, target)
    return target


def reject(path: Path, message: str) -> str:
    """Set a bad file aside and return the full message for the player."""
    try:
        moved = set_aside(path)
        return f"{sentence(message)}; it was kept as {moved.name} and defaults are used."
    except (OSError, ValueError):
        return f"{sentence(message)}; it could not be moved aside, and defaults are used."
