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

import errno
import json
import logging
import os
import re
import secrets
import stat
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal, TypeGuard

try:
    import fcntl
except ImportError:  # Windows: msvcrt's locks instead
    fcntl = None  # type: ignore[assignment]
try:
    import msvcrt
except ImportError:
    msvcrt = None  # type: ignore[assignment]

from ..i18n import N_, refusal

log = logging.getLogger("gauss_arcade")

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
    """The user folder: ``$GAUSS_ARCADE_HOME``, else the platform's config folder. Never
    raises: with no home folder at all (no ``HOME`` and no entry in the user database, as
    in a container or under systemd's ``DynamicUser=``) it is a folder of this user's in
    the system's temporary folder (:func:`fallback_home`, said once in the log)."""
    override = os.environ.get("GAUSS_ARCADE_HOME")
    if override:
        return Path(override)
    if sys.platform == "win32":
        base = _absolute(os.environ.get("APPDATA")) or _user_home() / "AppData" / "Roaming"
    elif sys.platform == "darwin":
        base = _user_home() / "Library" / "Application Support"
    else:
        # the XDG spec: a relative XDG_CONFIG_HOME is invalid and must be ignored
        base = _absolute(os.environ.get("XDG_CONFIG_HOME")) or _user_home() / ".config"
    return base / "gauss-arcade"


#: a kiosk's visitors keep their climb, their lessons and their puzzles in a folder of their
#: own, emptied for each new visitor (see :func:`new_visitor`); the hall of fame stays shared
VISITOR_FOLDER = "visitor"
_visitors = False


def welcome_visitors(on: bool = True) -> None:
    """A kiosk: progress (the ladder, lessons and puzzles done) is each visitor's own."""
    global _visitors
    _visitors = on


def progress_home() -> Path:
    """Where a player's progress is kept: the user folder, or on a kiosk the visitor's."""
    return home() / VISITOR_FOLDER if _visitors else home()


def new_visitor() -> None:
    """A kiosk's next visitor starts with no progress of the last one's (the folder is
    emptied, never the hall of fame)."""
    if not _visitors:
        return
    folder = home() / VISITOR_FOLDER
    try:
        entries = list(folder.iterdir())
    except OSError:
        return
    for entry in entries:
        try:
            if entry.is_file() and not entry.is_symlink():
                entry.unlink()
        except OSError:
            pass


def _absolute(value: str | None) -> Path | None:
    return Path(value) if value and os.path.isabs(value) else None


def _user_home() -> Path:
    """The user's home folder: ``HOME`` (``USERPROFILE`` on Windows) when it is an
    absolute path, else the user database's; an empty ``HOME`` is no home (Python's own
    ``Path.home()`` would make it ``/``, and raise when the user has no entry)."""
    for name in (("USERPROFILE", "HOME") if sys.platform == "win32" else ("HOME",)):
        found = _absolute(os.environ.get(name))
        if found is not None:
            return found
    try:
        import pwd

        found = _absolute(pwd.getpwuid(os.getuid()).pw_dir)
        if found is not None:
            return found
    except (ImportError, KeyError, OSError, AttributeError):
        pass
    return fallback_home()


_fallback: list[Path] = []


def fallback_home() -> Path:
    """Where a user with no home folder keeps the game's files for this run: a folder of
    this user's own in the system's temporary folder (``gauss-arcade-<uid>``; one that
    someone else made there, or a link, is not used: a fresh private folder is made)."""
    if _fallback:
        return _fallback[0]
    import tempfile

    uid = os.getuid() if hasattr(os, "getuid") else "user"
    folder = Path(tempfile.gettempdir()) / f"gauss-arcade-{uid}"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        info = os.lstat(folder)
        if not stat.S_ISDIR(info.st_mode) or (hasattr(os, "getuid") and info.st_uid != os.getuid()):
            folder = Path(tempfile.mkdtemp(prefix="gauss-arcade-"))
    except OSError:
        folder = Path(tempfile.gettempdir()) / f"gauss-arcade-{uid}"
    _fallback.append(folder)
    log.warning(
        "There is no home folder (HOME is not set and the user has no entry): the game's files are "
        "kept in %s. Set GAUSS_ARCADE_HOME to keep them somewhere lasting.", folder)
    return folder


# -- writing ---------------------------------------------------------------------------------
def write_json(path: Path, data: Any) -> None:
    """Write ``data`` as JSON atomically; OSError (a full or read-only disk) on failure,
    with the old file untouched."""
    write_bytes(path, json.dumps(data, indent=1).encode("utf-8"))


def write_bytes(path: Path, payload: bytes, settle_later: bool = False) -> None:
    """Write ``payload`` atomically (a new file renamed over the old): a process killed at
    any moment leaves the old file or the new one, whole. The new one is on the disk itself
    before this returns; with ``settle_later`` a thread sees to that a moment after
    (:func:`settle`): the autosave, written in the frame a move lands in, where two fsyncs
    took 1 to 17 ms here (longer on a kiosk's SD card). A kill loses nothing either way (the
    system holds the written file); a power cut in that moment may leave the old file."""
    failed = _syncer.failure(path)
    if failed is not None:  # the disk refused the last settling: this write says so, or settles
        settle_later = False
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
            if not settle_later:
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    if settle_later:
        _syncer.later(path)
    else:
        sync_folder(path.parent)


class _Syncer:
    """The thread that puts files written with ``settle_later`` on the disk itself (an fsync
    of the file and of its folder), one at a time, in the order written; a file written again
    before its turn is settled once."""

    def __init__(self) -> None:
        self._cv = threading.Condition()
        self._due: list[Path] = []
        self._busy = False
        self._failed: dict[Path, OSError] = {}
        self._thread: threading.Thread | None = None

    def later(self, path: Path) -> None:
        with self._cv:
            if path not in self._due:
                self._due.append(path)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="gauss-arcade-settle", daemon=True)
                self._thread.start()
            self._cv.notify_all()

    def failure(self, path: Path) -> OSError | None:
        with self._cv:
            return self._failed.pop(path, None)

    def _run(self) -> None:
        while True:
            with self._cv:
                while not self._due:
                    self._cv.wait()
                path = self._due.pop(0)
                self._busy = True
            try:
                _fsync_file(path)
                sync_folder(path.parent)
            except OSError as exc:
                with self._cv:
                    self._failed[path] = exc
                log.warning("%s could not be settled on the disk (%s); the next write waits for it.",
                            path.name, reason_of(exc))
            finally:
                with self._cv:
                    self._busy = False
                    self._cv.notify_all()

    def settle(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        with self._cv:
            while self._due or self._busy:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cv.wait(left)
        return True


def _fsync_file(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:  # gone since (a finished game's autosave): nothing to settle
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


_syncer = _Syncer()


def settle(timeout: float = 5.0) -> bool:
    """Wait until every file written with ``settle_later`` is on the disk itself (at most
    ``timeout`` seconds; False if that was not long enough): before the app ends."""
    return _syncer.settle(timeout)


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


#: a temporary file is in use by a write for milliseconds: one older than this is left over,
#: whoever made it (where the system cannot tell whether its owner still runs: Windows)
TMP_STALE_SECONDS = 3600
_TMP_NAME = re.compile(r"^\..+\.(?:json|txt|png)\.(\d+)-[0-9a-f]+" + re.escape(TMP_SUFFIX) + "$")


def clean_temporaries(folder: Path) -> int:
    """Remove the temporary files a crash left in ``folder``; how many went. A temporary
    names the process writing it (:func:`write_bytes`); one whose process still runs
    belongs to another instance of the game writing this very moment, and is kept."""
    gone = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        found = _TMP_NAME.match(entry.name)
        if not found:
            continue
        try:
            if not (entry.is_file(follow_symlinks=False) or entry.is_symlink()):
                continue
            if not _left_over(int(found.group(1)), entry.stat(follow_symlinks=False).st_mtime):
                continue
            os.unlink(entry.path)  # a link is removed itself, never what it points to
            gone += 1
        except (OSError, ValueError, OverflowError):
            pass
    return gone


def _left_over(pid: int, modified: float) -> bool:
    """Whether a temporary file of process ``pid`` is left over (its write cannot finish)."""
    if time.time() - modified > TMP_STALE_SECONDS:
        return True
    if pid == os.getpid():  # this process writes nothing while it starts: an earlier one of this pid
        return True
    if sys.platform == "win32":  # os.kill(pid, 0) would end the process there
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (PermissionError, OSError, OverflowError):
        return False  # it runs (as another user), or it cannot be told: kept until it is stale
    return False


# -- two instances on one home ---------------------------------------------------------------
#: the lock every read-modify-write of a file in the user folder holds (``locked``)
LOCK_FILE = ".gauss-arcade.lock"
#: how long a writer waits for another instance's read-modify-write (milliseconds, usually);
#: past it (an instance stopped in the middle) it goes on without the lock, and says so
LOCK_WAIT = 5.0
_lock_depth = threading.local()
_in_process = threading.RLock()


def _try_lock(fd: int) -> bool:
    """An exclusive advisory lock on ``fd`` without waiting: True if it is now held. Where
    the system has no such lock, True (one instance is then all that is protected)."""
    if fcntl is not None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            return False
        except OSError:
            return True  # a file system without locks (some network ones): as without fcntl
    if msvcrt is not None:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False
    return True


def _unlock(fd: int) -> None:
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_UN)
        elif msvcrt is not None:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    except OSError:
        pass


def _open_lock(path: Path) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    return os.open(path, flags, 0o644)


@contextmanager
def locked(folder: Path | None = None, wait: float = LOCK_WAIT) -> Iterator[bool]:
    """Hold the user folder's lock (an advisory file lock, ``fcntl.flock``; ``msvcrt``
    on Windows) for a read-modify-write, so that two instances of the game on one home
    never write over each other's changes. Yields whether the lock is held: False where
    the folder cannot be written (nothing will be) or after ``wait`` seconds of another
    instance holding it. Re-entrant within a process."""
    with _in_process:
        if getattr(_lock_depth, "n", 0):
            _lock_depth.n += 1
            try:
                yield True
            finally:
                _lock_depth.n -= 1
            return
        try:
            fd = _open_lock((folder or home()) / LOCK_FILE)
        except OSError:
            yield False
            return
        try:
            deadline = time.monotonic() + wait
            held = _try_lock(fd)
            while not held and time.monotonic() < deadline:
                time.sleep(0.005)
                held = _try_lock(fd)
            if not held:
                log.warning("Another instance of the game holds the lock of %s; writing without it.",
                            folder or home())
            _lock_depth.n = 1
            try:
                yield held
            finally:
                _lock_depth.n = 0
                if held:
                    _unlock(fd)
        finally:
            os.close(fd)


#: the files this process claimed (:func:`claim`): path -> (lock file descriptor, owners)
_claims: dict[str, tuple[int, set[int]]] = {}


def claim(path: Path, owner: object) -> bool:
    """Claim ``path`` for ``owner`` (a game scene) while it runs: an advisory lock held
    until :func:`release`, or until the process ends however it ends. False when another
    process holds it: another instance of the game is playing that game and writing that
    file. A folder where no lock can be made (read-only) claims nothing and says True:
    nothing will be written there anyway."""
    key = str(path)
    with _in_process:
        if key in _claims:
            _claims[key][1].add(id(owner))
            return True
        try:
            fd = _open_lock(path.with_name(f".{path.name}.lock"))
        except OSError:
            return True
        if not _try_lock(fd):
            os.close(fd)
            return False
        _claims[key] = (fd, {id(owner)})
        return True


def held(path: Path) -> bool:
    """Whether this process claimed ``path`` (for any owner)."""
    with _in_process:
        return str(path) in _claims


def release(path: Path, owner: object) -> None:
    """``owner`` is done with ``path``: the claim ends when nobody of this process holds it."""
    key = str(path)
    with _in_process:
        held = _claims.get(key)
        if held is None:
            return
        held[1].discard(id(owner))
        if not held[1]:
            del _claims[key]
            _unlock(held[0])
            os.close(held[0])


def update_json(path: Path, what: str, fmt: int, max_bytes: int,
                change: Callable[[dict[str, Any] | None], dict[str, Any]]) -> str:
    """Read ``path``, ``change`` what it holds, write the result: all under the user
    folder's :func:`locked`, so a change of another instance made meanwhile is read
    first and kept (two instances add to one list and lose nothing). ``change`` gets the
    file's JSON, or None when there is none or it cannot be used; such a file (damaged,
    from a newer version) is set aside first, never written over. Returns the message
    about a file set aside ("" if none); OSError when the new file cannot be written."""
    with locked():
        data, problem = load_json(path, fmt, max_bytes)
        message = ""
        if problem:
            message = reject(path, problem.about(subject(what)))
            log.warning("%s", message)
            if path.exists() or path.is_symlink():  # it could not be moved: it stays as it is
                raise OSError(errno.EEXIST, f"{path.name} cannot be used and could not be moved aside")
        write_json(path, change(data))
        return message


# -- reading ---------------------------------------------------------------------------------
def load_text(path: Path, max_bytes: int = MAX_BYTES) -> tuple[str | None, Problem | Literal[""]]:
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


def load_json(path: Path, fmt: int, max_bytes: int = MAX_BYTES
              ) -> tuple[dict[str, Any] | None, Problem | Literal[""]]:
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


def is_whole(value: Any) -> TypeGuard[int]:
    """Whether ``value`` is a whole number as JSON writes one (an int, never a bool)."""
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


# -- shapes: what the fields of a file must be ------------------------------------------------
# Every reader says what each field of its file holds, as a shape, and checks it before it
# uses a value: a value of another type (a list where a word belongs: unhashable) is a
# reason to drop that field or set the file aside, never an exception. A shape is a type
# (``bool``, ``str``, ``dict``, ``list``, ``None``), or one of the classes below.
class Whole:
    """A whole number (not a bool) from ``lo`` to ``hi``."""

    def __init__(self, lo: int = -(2 ** 63), hi: int = 2 ** 63 - 1) -> None:
        self.lo, self.hi = lo, hi

    def fits(self, value: Any) -> bool:
        return is_whole(value) and self.lo <= value <= self.hi


class Number(Whole):
    """A number (whole or not, not a bool) from ``lo`` to ``hi``."""

    def fits(self, value: Any) -> bool:
        return (isinstance(value, (int, float)) and not isinstance(value, bool)
                and self.lo <= value <= self.hi)


class Text:
    """A string of at most ``most`` printable characters (no NUL, no control characters,
    nothing a screen cannot show)."""

    def __init__(self, most: int = 200) -> None:
        self.most = most

    def fits(self, value: Any) -> bool:
        return isinstance(value, str) and len(value) <= self.most and (value.isprintable() or value == "")


class OneOf:
    """Any of ``shapes``."""

    def __init__(self, *shapes: Any) -> None:
        self.shapes = shapes

    def fits(self, value: Any) -> bool:
        return any(fits(value, shape) for shape in self.shapes)


class Exactly:
    """One of ``values`` (strings or numbers; compared without hashing what the file holds)."""

    def __init__(self, *values: Any) -> None:
        self.values = tuple(values)

    def fits(self, value: Any) -> bool:
        return isinstance(value, (str, int, float)) and not isinstance(value, bool) and any(
            type(value) is type(v) and value == v for v in self.values)


class KeyOf:
    """A key of ``mapping`` as it is when a value is checked (the games of the catalogue,
    which can grow after this module is read: ``catalogue.register``)."""

    def __init__(self, mapping: dict[str, Any]) -> None:
        self.mapping = mapping

    def fits(self, value: Any) -> bool:
        return isinstance(value, str) and value in self.mapping


class ListOf:
    """A list of at most ``most`` items, each of ``shape``."""

    def __init__(self, shape: Any, most: int = 100_000) -> None:
        self.shape, self.most = shape, most

    def fits(self, value: Any) -> bool:
        return isinstance(value, list) and len(value) <= self.most and all(fits(v, self.shape) for v in value)


class MapOf:
    """An object of at most ``most`` keys (each a :class:`Text` of ``key``), each value of ``shape``."""

    def __init__(self, shape: Any, most: int = 1000, key: Any = None) -> None:
        self.shape, self.most, self.key = shape, most, key or Text(100)

    def fits(self, value: Any) -> bool:
        return (isinstance(value, dict) and len(value) <= self.most
                and all(fits(k, self.key) and fits(v, self.shape) for k, v in value.items()))


class Fields:
    """An object whose known keys each hold their shape (a key may be missing, unless
    ``needed``; other keys are let be: a newer version may add some)."""

    def __init__(self, shapes: dict[str, Any], needed: tuple[str, ...] = ()) -> None:
        self.shapes, self.needed = shapes, needed

    def fits(self, value: Any) -> bool:
        return isinstance(value, dict) and not misfits(value, self.shapes, self.needed)


class Where:
    """``shape``, and ``test`` says yes (``test`` only ever sees a value of the shape)."""

    def __init__(self, shape: Any, test: Callable[[Any], bool]) -> None:
        self.shape, self.test = shape, test

    def fits(self, value: Any) -> bool:
        return fits(value, self.shape) and bool(self.test(value))


#: any JSON value at all (what the rules check themselves: a move, a game's options)
ANY = object()


def fits(value: Any, shape: Any) -> bool:
    """Whether ``value`` (read from JSON) has ``shape``; never raises."""
    if shape is ANY:
        return True
    if shape is None:
        return value is None
    if shape is bool:
        return isinstance(value, bool)
    if isinstance(shape, type):
        return isinstance(value, shape) and not isinstance(value, bool)
    try:
        return bool(shape.fits(value))
    except (TypeError, ValueError, RecursionError):
        return False


def misfits(data: dict[str, Any], shapes: dict[str, Any], needed: tuple[str, ...] = ()) -> list[str]:
    """The keys of ``shapes`` whose value in ``data`` does not fit (a key in ``needed``
    also when it is missing), in the order of ``shapes``."""
    return [key for key, shape in shapes.items()
            if (key in data and not fits(data[key], shape)) or (key not in data and key in needed)]


def checker(shape: Any) -> Callable[[Any], bool]:
    """A test of one value against ``shape``."""
    return lambda value: fits(value, shape)


def shown(text: Any, most: int = 80) -> str:
    """``text`` (a file name, a value from a file) as a screen or a message can show it:
    at most ``most`` characters (the rest cut with an ellipsis), bytes that were not
    UTF-8 and characters that cannot be printed as ``?``."""
    text = str(text) if not isinstance(text, str) else text
    cut = len(text) > most
    text = text[:most].encode("utf-8", "replace").decode("utf-8")
    text = "".join(c if c.isprintable() else "?" for c in text)
    return text + "…" if cut else text


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
