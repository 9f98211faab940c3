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

**Messages** about these files are :class:`Message` values: English text (what the log,
the engine protocol and the tests read) that remembers its marked template, so a screen
shows it in the player's language with ``i18n.refusal(message)``.
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

from .i18n import N_, refusal

#: how deep a JSON value may nest: the deepest real file (a save's move) nests 4 levels
MAX_DEPTH = 32
#: the largest file read when the caller names no cap (a save of a long game is ~20 KB)
MAX_BYTES = 4_000_000
#: the suffix of the temporary files this module writes (and cleans up)
TMP_SUFFIX = ".tmp"


class StoredFileError(Exception):
    """A user file that could not be used; ``str()`` is a message for a person (a
    :class:`Message`: ``i18n.refusal(str(exc))`` says it in the player's language)."""


# -- messages --------------------------------------------------------------------------------
class Verbatim:
    """A value of a message that is never translated: a file name, a save's name, a reason
    the system gave (a plain ``str`` value would be looked up as a word to translate)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __format__(self, spec: str) -> str:
        return format(self.text, spec)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Verbatim({self.text!r})"


class Message(str):
    """A message for a person, in English, that remembers how it was made: ``template``
    (marked with ``N_``) and ``values``, like ``rules.core.Refusal``, so that
    ``i18n.refusal(message)`` says it in the player's language. A message inside another
    one (a value) is translated with it, and so is a :class:`Word`; plain ``str`` values
    are kept as they are (names of files and saves, a reason the system gave). ``str()``
    of it, and of an exception made with it, is the message itself, so it reaches the
    screen that shows it; it is English text everywhere else (the log, the engine
    protocol, comparisons)."""

    template: str
    values: dict[str, Any]

    def __new__(cls, template: str, **values: Any) -> Message:
        kept = {k: Verbatim(v) if type(v) is str else _nested(v) for k, v in values.items()}
        return cls._made(template, kept)

    @classmethod
    def _made(cls, template: str, values: dict[str, Any]) -> Message:
        english = {k: str.__str__(v) if isinstance(v, str) else v for k, v in values.items()}
        text = super().__new__(cls, template.format(**english))
        text.template = template
        text.values = values
        return text

    @classmethod
    def of(cls, text: Any) -> Message | str:
        """``text`` as a message that can be translated: a ``Message`` as it is, a rules
        refusal (``template``/``values``) as a Message, an exception as its message; any
        other text stays what it is (a screen then translates it as a whole, if it can)."""
        if isinstance(text, BaseException):
            text = text.args[0] if len(text.args) == 1 and isinstance(text.args[0], str) else str(text)
        if isinstance(text, Message) or not hasattr(text, "template"):
            return text
        return cls._made(text.template, {k: _nested(v) for k, v in getattr(text, "values", {}).items()})

    def __str__(self) -> str:
        return self

    def __format__(self, spec: str) -> str:  # a value of a message being translated: translated too
        return format(str.__str__(refusal(self)), spec)


class Word(str):
    """A value of a message that is a word of the game, translated with it (a game's title)."""


def _nested(value: Any) -> Any:
    return Message.of(value) if hasattr(value, "template") and isinstance(value, str) else value


class _Clause(Message):
    """A message without its closing full stop, to continue it after a semicolon."""

    def __format__(self, spec: str) -> str:
        return format(sentence(str.__str__(refusal(self.values["message"]))), spec)


class Problem(str):
    """Why a file cannot be used, as the end of a sentence about it (``"is damaged (not
    valid JSON)"``, what ``str()`` gives). Each is marked twice, as whole messages: said of
    a file (``about``: ``"{file} is damaged (not valid JSON)"``) and as a label in a list of
    files (``label``: ``"damaged (not valid JSON)"``)."""

    full: str
    short: str | None
    values: dict[str, Any]

    def __new__(cls, templates: tuple[str, str | None], **values: Any) -> Problem:
        full, short = templates
        text = super().__new__(cls, full.removeprefix("{file} ").format(**values))
        text.full, text.short, text.values = full, short, values
        return text

    def about(self, subject: str) -> Message:
        """The whole sentence about the file named by ``subject`` (a Message: "The settings file")."""
        return Message(self.full, file=subject, **self.values)

    def label(self) -> str:
        """The label in a list of files (a Message; English only when none is marked)."""
        return Message(self.short, **self.values) if self.short else str.__str__(self)


#: why a file cannot be used: (said of the file, the label in a list of files)
UNREADABLE = (N_("{file} cannot be read ({reason})"), N_("cannot be read ({reason})"))
BAD_NAME = (N_("{file} cannot be read (a bad file name)"), N_("cannot be read (a bad file name)"))
NOT_A_FILE = (N_("{file} is not a regular file"), N_("not a regular file"))
TOO_LARGE = (N_("{file} is far too large ({size:,} bytes; at most {limit:,})"),
             N_("far too large ({size:,} bytes; at most {limit:,})"))
GREW_TOO_LARGE = (N_("{file} is far too large (more than {limit:,} bytes)"),
                  N_("far too large (more than {limit:,} bytes)"))
NOT_UTF8 = (N_("{file} cannot be read (not UTF-8 text)"), N_("cannot be read (not UTF-8 text)"))
BAD_JSON_AT = (N_("{file} is damaged (not valid JSON, line {line})"),
               N_("damaged (not valid JSON, line {line})"))
BAD_JSON = (N_("{file} is damaged (not valid JSON)"), N_("damaged (not valid JSON)"))
NOT_AN_OBJECT = (N_("{file} is damaged (not a JSON object)"), N_("damaged (not a JSON object)"))
TOO_DEEP = (N_("{file} is damaged (nested far too deeply)"), N_("damaged (nested far too deeply)"))
NEWER = (N_("{file} comes from a newer version of the game (format {version})"),
         N_("comes from a newer version of the game (format {version})"))
UNKNOWN_FORMAT = (N_("{file} has an unknown format ({found}; this version reads {fmt})"),
                  N_("has an unknown format ({found}; this version reads {fmt})"))
GONE = (N_("{file} is gone"), N_("gone"))


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
def load_text(path: Path, max_bytes: int = MAX_BYTES) -> tuple[str | None, str]:
    """The UTF-8 text in ``path`` and "", or None and why it cannot be used ("" when
    there is no file): a regular file of at most ``max_bytes``. Only reads; never raises."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None, ""
    except OSError as exc:
        return None, Problem(UNREADABLE, reason=reason_of(exc))
    except ValueError:  # a name with a NUL in it
        return None, Problem(BAD_NAME)
    if not stat.S_ISREG(info.st_mode):
        return None, Problem(NOT_A_FILE)
    if info.st_size > max_bytes:
        return None, Problem(TOO_LARGE, size=info.st_size, limit=max_bytes)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):  # swapped since the stat
                return None, Problem(NOT_A_FILE)
            raw = f.read(max_bytes + 1)
    except OSError as exc:
        return None, Problem(UNREADABLE, reason=reason_of(exc))
    if len(raw) > max_bytes:
        return None, Problem(GREW_TOO_LARGE, limit=max_bytes)
    try:
        return raw.decode("utf-8-sig"), ""  # a byte-order mark from a Windows editor is fine
    except UnicodeDecodeError:
        return None, Problem(NOT_UTF8)


def load_json(path: Path, fmt: int, max_bytes: int = MAX_BYTES) -> tuple[dict[str, Any] | None, str]:
    """The JSON object in ``path`` and "", or None and why it cannot be used ("" when
    there is no file). Only reads; never raises."""
    text, problem = load_text(path, max_bytes)
    if text is None:
        return None, problem
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return None, Problem(BAD_JSON_AT, line=exc.lineno)
    except (ValueError, RecursionError):
        return None, Problem(BAD_JSON)
    if not isinstance(data, dict):
        return None, Problem(NOT_AN_OBJECT)
    if depth(data) > MAX_DEPTH:
        return None, Problem(TOO_DEEP)
    version = data.get("format")
    if not is_whole(version) or version != fmt:
        if is_whole(version) and version > fmt:
            return None, Problem(NEWER, version=version)
        return None, Problem(UNKNOWN_FORMAT, found=repr(version)[:20], fmt=fmt)
    return data, ""


def read_json(path: Path, what: str, fmt: int, max_bytes: int = MAX_BYTES) -> dict[str, Any] | None:
    """:func:`load_json`, and a file that cannot be used is set aside: StoredFileError
    with the message for the player. ``what`` names the file: a Message like ``The
    settings file`` (or a plain word: "settings")."""
    data, problem = load_json(path, fmt, max_bytes)
    if problem:
        raise StoredFileError(reject(path, problem.about(subject(what))))
    return data


def subject(what: str) -> str:
    """The file ``what`` names, as the subject of a message about it (a plain word is
    glued into English only: callers name their file with a whole marked Message)."""
    return what if isinstance(what, Message) else Message("The {what} file", what=what)


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
    """``message`` without its closing full stop, to continue it after a semicolon (a
    message that can be translated stays one)."""
    text = Message.of(message)
    if not isinstance(text, Message):
        return text.rstrip().rstrip(".")
    clause = str.__new__(_Clause, str.__str__(text).rstrip().rstrip("."))
    clause.template, clause.values = "{message}", {"message": text}
    return clause


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
    """Set a bad file aside and return the full message for the player (a Message)."""
    try:
        moved = set_aside(path)
        return Message(N_("{problem}; it was kept as {name} and defaults are used."),
                       problem=sentence(message), name=moved.name)
    except (OSError, ValueError):
        return Message(N_("{problem}; it could not be moved aside, and defaults are used."),
                       problem=sentence(message))
