"""Games in progress on disk: the autosave after every move, and saves by name.

A save holds what reproduces a game exactly: the game, level, seed, options and
the moves in the protocol's JSON. Loading replays the moves through the rules
engine from the seeded start, so a save can never hold an impossible position,
and every move of it is checked again on the way in.

Saves by name live in ``saves/<name>.json``. Listing them (:func:`catalogue`)
only reads: a save that cannot be used is listed with the reason and left where
it is (it may come from a newer version, and work again after an upgrade); the
player may delete it from the list. Nothing in a save is ever executed.
"""
from __future__ import annotations

import errno
import json
import re
import time
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..catalogue import RECORDS
from ..catalogue import get as game_record
from ..content import levels, records
from ..i18n import N_
from ..rules.core import RulesError
from . import storage
from .storage import Message

FORMAT = 1
SEAT_KINDS = ("human", "easy", "medium", "hard")
#: the one autosave of version 1 of the home folder (migrated by migrate_autosave)
AUTOSAVE = "autosave.json"
AUTOSAVES_DIR = "autosaves"
SAVES_DIR = "saves"


@dataclass
class Record:
    game: str
    level: str
    seed: int
    options: dict[str, Any] | None
    moves: list[dict[str, Any]]
    saved: str = ""
    #: who played each side: player -> "human" or an AI level (older saves: all human)
    seats: dict[str, str] = field(default_factory=dict)
    #: the moves (numbered from 0: the move about to be played) a hint was shown for;
    #: older saves: none
    hints: list[int] = field(default_factory=list)
    #: a game of the arcade ladder: the computer's level on that rung (older saves: None)
    ladder: str | None = None
    #: how many times a move was taken back (a game with take-backs has no place in the
    #: hall of fame); older saves: 0
    takebacks: int = 0

    @property
    def title(self) -> str:
        return game_record(self.game).title

    @property
    def short_title(self) -> str:
        return game_record(self.game).name

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "game": self.game, "level": self.level, "seed": self.seed,
                "options": self.options, "moves": self.moves,
                "saved": self.saved or time.strftime("%Y-%m-%d %H:%M"), "seats": self.seats,
                "hints": self.hints, "ladder": self.ladder, "takebacks": self.takebacks}

    def move_number(self) -> int:
        """The number of the last move played, as the move list numbers it (its turn's:
        ``Game.turn_numbers``); 0 before the first. A record that cannot be replayed
        counts its moves."""
        try:
            states = self.replay()
        except RulesError:
            return len(self.moves)
        numbers = game_record(self.game).rules.turn_numbers(states[:-1])
        return numbers[-1] if numbers else 0

    def replay(self) -> list[Any]:
        """The engine states from the start through every move (raises RulesError)."""
        game = game_record(self.game).rules
        level = levels.load(self.game, self.level, strict=True)  # never another board instead
        state = game.new(level, seed=self.seed, options=self.options)
        states = [state]
        for n, obj in enumerate(self.moves, 1):
            try:
                state, _ = game.play(state, game.parse_move(obj))
            except RulesError as exc:
                raise RulesError(Message(N_("move {n} cannot be played ({reason})"), n=n,
                                         reason=Message.of(exc))) from None
            states.append(state)
        return states


#: what each field of a save holds (``storage`` shapes) and what is said when it does not:
#: checked before any value is used, so no value of any type can raise on the way in
FIELDS: dict[str, tuple[Any, str]] = {
    "game": (storage.KeyOf(RECORDS), N_("it names an unknown game {game}")),
    "level": (str, N_("it has no level")),
    "seed": (int, N_("it has no seed")),
    "moves": (list, N_("it has no move list")),
    "options": (storage.OneOf(None, dict), N_("its options are not an object")),
    "seats": (storage.MapOf(storage.Exactly(*SEAT_KINDS), most=8),
              N_("its seats are not 'human' or a computer level for the game's players")),
    "hints": (storage.ListOf(storage.Whole(0, 100_000)), N_("its hints are not move numbers")),
    "ladder": (storage.OneOf(None, storage.Exactly(*SEAT_KINDS[1:])),
               N_("its ladder rung is not a computer level")),
    "takebacks": (storage.Whole(0, 1_000_000), N_("its count of take-backs is not a number")),
    "saved": (storage.Text(40), N_("its date is not a date")),
}
NEEDED = ("game", "level", "seed", "moves")


def parse(data: dict[str, Any]) -> Record:
    """Check a save's content; raise RulesError with the reason (a ``storage.Message``)."""
    bad = storage.misfits(data, {key: shape for key, (shape, _why) in FIELDS.items()}, NEEDED)
    if bad:
        # the value, named by its field, for a message that shows it ("an unknown game 'chess'")
        raise RulesError(Message(FIELDS[bad[0]][1], **{bad[0]: storage.shown(repr(data.get(bad[0])), 40)}))
    game = data["game"]
    players = game_record(game).players
    seats = data.get("seats", {})
    if not all(p in players for p in seats):
        raise RulesError(Message(FIELDS["seats"][1]))
    moves = game_record(game).rules.upgrade_moves(data["moves"])  # a game saved by an earlier version
    record = Record(game, data["level"], data["seed"], data.get("options"), moves,
                    data.get("saved", ""), dict(seats), sorted(set(data.get("hints", []))),
                    data.get("ladder"), data.get("takebacks", 0))
    try:
        record.replay()
    except RulesError:
        raise
    except Exception as exc:  # noqa: BLE001 - a hand-edited move or option of a shape the rules never meet
        raise RulesError(Message(N_("its moves cannot be read ({error})"),
                                 error=exc.__class__.__name__)) from None
    return record


def _load(path: Path, what: str) -> Record | None:
    """The save in ``path`` (None if there is none); ``what`` names it in messages (a
    ``storage.Message`` such as "The autosave file")."""
    data = storage.read_json(path, what, FORMAT, MAX_BYTES)
    if data is None:
        return None
    try:
        return parse(data)
    except RulesError as exc:
        message = storage.reject(path, Message(N_("{file} cannot be used: {reason}"),
                                               file=storage.subject(what), reason=Message.of(exc)))
        raise storage.StoredFileError(message) from None


def autosave_path(game: str) -> Path:
    """Where ``game``'s game in progress is kept: one autosave per game, so starting one
    game never replaces the game in progress of another."""
    if game not in RECORDS:
        raise ValueError(f"unknown game {game!r}")
    return storage.home() / AUTOSAVES_DIR / f"{game}.json"


class PlayedElsewhere(OSError):
    """The game's autosave belongs to another instance of the game, playing that game now."""

    def __init__(self) -> None:
        super().__init__(errno.EBUSY, "it is being played in another window of the game")


def claim(game: str, owner: object) -> bool:
    """``owner`` (the scene playing ``game``) claims its autosave while it plays
    (``storage.claim``); False when another instance of the game is playing that game:
    its autosave is then left to it."""
    return storage.claim(autosave_path(game), owner)


def let_go(game: str, owner: object) -> None:
    """``owner`` no longer plays ``game`` here: another instance may write its autosave."""
    storage.release(autosave_path(game), owner)


#: who claims an autosave written by a caller that claimed none (a tool): this process, to its end
PROCESS = object()


def _ours(path: Path) -> None:
    if not storage.held(path) and not storage.claim(path, PROCESS):
        raise PlayedElsewhere()


def write_autosave(record: Record) -> None:
    """Write ``record`` as its game's game in progress: PlayedElsewhere (an OSError) when
    another instance of the game is playing that game (its autosave is left as it is);
    OSError on a full or read-only disk."""
    path = autosave_path(record.game)
    _ours(path)
    _write(path, record, settle_later=True)  # in the frame a move lands in: storage.write_bytes


def clear_autosave(game: str) -> None:
    """The game of ``game`` is over: its autosave goes (unless another instance plays it)."""
    path = autosave_path(game)
    _ours(path)
    try:
        path.unlink()
    except FileNotFoundError:
        pass


def _write(path: Path, record: Record, settle_later: bool = False) -> None:
    """A save is never written larger than a save is read (``MAX_BYTES``): the game would
    be set aside at the next start. OSError when it would be."""
    payload = json.dumps(record.to_json(), indent=1).encode("utf-8")
    if len(payload) > MAX_BYTES:
        raise OSError(errno.EFBIG, f"the game is too long to save ({len(payload):,} bytes; "
                                   f"at most {MAX_BYTES:,})")
    storage.write_bytes(path, payload, settle_later)


def migrate_autosave() -> Record | None:
    """Before version 2 of the home folder there was one autosave, ``autosave.json``, for
    whichever game was played last. It becomes that game's autosave (unless that game
    already has a newer one, written since); one that cannot be used is set aside with
    the reason (StoredFileError), as any bad file is. Where the folder cannot be changed
    (read-only), the old file stays and its game is returned: still the game in progress."""
    old = storage.home() / AUTOSAVE
    if not old.exists() and not old.is_symlink():
        return None
    record = _load(old, Message(N_("The autosave file")))
    if record is None:
        return None
    new = autosave_path(record.game)
    try:
        if new.exists() and new.stat().st_mtime >= old.stat().st_mtime:
            old.unlink()  # the game was played on since: the old file is its past
            return None
        new.parent.mkdir(parents=True, exist_ok=True)
        old.replace(new)
    except OSError:
        try:
            return None if new.exists() else record
        except OSError:
            return record
    return None


def _autosave_name(game: str) -> Message:
    return Message(N_("The autosave of {game}"), game=storage.Word(game_record(game).title))


def read_autosave(game: str | None = None) -> Record | None:
    """The game in progress of ``game`` (None if none), or, without ``game``, the one
    saved last of all; raises StoredFileError if it is unusable (it is set aside)."""
    if game is None:
        records, problems = read_autosaves()
        if problems:
            raise storage.StoredFileError(problems[0])
        return records[0] if records else None
    kept = migrate_autosave()
    if kept is not None and kept.game == game:
        return kept
    return _load(autosave_path(game), _autosave_name(game))


def read_autosaves() -> tuple[list[Record], list[str]]:
    """Every game in progress, the one saved last first, and the messages about the
    autosaves that could not be used (each is set aside, the others still count)."""
    problems: list[str] = []
    found: list[tuple[float, Record]] = []
    try:
        kept = migrate_autosave()
        if kept is not None:
            found.append(((storage.home() / AUTOSAVE).stat().st_mtime, kept))
    except storage.StoredFileError as exc:
        problems.append(str(exc))
    except OSError:
        pass
    for game in RECORDS:
        path = autosave_path(game)
        try:
            record = _load(path, _autosave_name(game))
            if record is None:
                continue
            if record.game != game:  # copied by hand under another game's name
                raise storage.StoredFileError(storage.reject(path, Message(
                    N_("{file} holds a game of {other}"),
                    file=_autosave_name(game), other=storage.Word(record.title))))
            found.append((path.stat().st_mtime, record))
        except storage.StoredFileError as exc:
            problems.append(str(exc))
        except OSError:
            continue  # gone between the listing and the read: nothing in progress
    found.sort(key=lambda pair: pair[0], reverse=True)
    return [record for _t, record in found], problems


#: names Windows keeps for devices: a save may not be called that
RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"{port}{i}" for port in ("COM", "LPT") for i in range(10))}
#: the letters of the Latin and Cyrillic alphabets, accents and umlauts too (Jörg's game is a
#: name; they are what the game's font draws), digits, spaces, ``-`` and ``_``: safe in a file
#: name everywhere
LETTERS = "A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u017f\u0400-\u045f"
NAME_CHARS = re.compile(f"[{LETTERS}0-9 _-]")
MAX_NAME = 40
MAX_BYTES = 4_000_000  # no save of a real game is near this: a bigger file is not a save


def safe_name(name: str) -> str:
    """``name`` as a file name: letters (:data:`LETTERS`), digits, spaces, ``-`` and ``_``,
    at most 40."""
    # one spelling of an umlaut (macOS hands out decomposed ones), so that a name is found again
    name = unicodedata.normalize("NFC", name)
    cleaned = re.sub(f"[^{LETTERS}0-9 _-]", "", name).strip()[:MAX_NAME].strip()
    if not re.search(f"[{LETTERS}0-9]", cleaned):
        raise ValueError(N_("A save name needs at least one letter or digit."))
    if cleaned.upper() in RESERVED:
        cleaned += "_"
    return cleaned


def default_name(record: Record, now: float | None = None) -> str:
    """A name for a save nobody typed one for: the game and the date, e.g. ``GAUSS 2026-11-21 14h03``."""
    return safe_name(f"{record.short_title} {time.strftime('%Y-%m-%d %Hh%M', time.localtime(now))}")


def saves_dir() -> Path:
    return storage.home() / SAVES_DIR


def path_of(name: str) -> Path:
    return saves_dir() / f"{safe_name(name)}.json"


def _files() -> list[Path]:
    folder = saves_dir()
    try:
        files = [p for p in folder.glob("*.json") if p.is_file()]
        return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return []


def find(name: str) -> str | None:
    """The name of the save called ``name``, ignoring case as Windows and macOS do (None if none)."""
    wanted = safe_name(name).lower()
    return next((p.stem for p in _files() if p.stem.lower() == wanted), None)


def exists(name: str) -> bool:
    return find(name) is not None


def unique_name(name: str) -> str:
    """``name``, or ``name 2``, ``name 3``... whichever no save is called yet."""
    base = safe_name(name)
    candidate, n = base, 1
    while exists(candidate):
        n += 1
        suffix = f" {n}"
        candidate = base[:MAX_NAME - len(suffix)].rstrip() + suffix
    return candidate


def export_text(name: str, record: Record) -> Path:
    """Write ``record`` as the text record ``records/<name>.txt`` (to share; the Load
    game screen lists it); OSError on failure."""
    return records.export(safe_name(name), record.to_json())


def save_as(name: str, record: Record) -> Path:
    """Write ``record`` as the save ``name`` (replacing one of that name); OSError on failure."""
    path = path_of(name)
    _write(path, record)
    return path


def list_saves() -> list[str]:
    return [p.stem for p in _files()]


def load_named(name: str) -> Record:
    record = _load(path_of(name), Message(N_("The save '{name}' file"), name=name))
    if record is None:
        raise storage.StoredFileError(Message(N_("There is no save called '{name}'."), name=name))
    return record


def delete(name: str) -> None:
    """Remove the save ``name`` (the player asked to); OSError when it cannot be."""
    path_of(name).unlink()


@dataclass
class SaveInfo:
    """One save in the list: its record, or why it cannot be used."""

    name: str
    path: Path
    modified: float
    record: Record | None = None
    #: "comes from a newer version of the game (...)", "damaged (not valid JSON)", ...: a
    #: ``storage.Message`` (``i18n.refusal`` says it in the player's language)
    problem: str = ""
    level_title: str = ""

    @property
    def text(self) -> bool:
        """A text record (``records/<name>.txt``), not a save."""
        return self.path.suffix == ".txt"

    @property
    def usable(self) -> bool:
        return self.record is not None

    @property
    def date(self) -> str:
        if self.record is not None and self.record.saved:
            return self.record.saved
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.modified))


def examine(path: Path) -> tuple[Record | None, str]:
    """The save in ``path`` and "", or None and why it cannot be used (a ``storage.Message``:
    "damaged (not valid JSON)", "it has no seed"). Only reads the file."""
    data: dict[str, Any] | None
    if path.suffix == ".txt":  # a text record (game.content.records)
        text, problem = storage.load_text(path, records.MAX_BYTES)
        if text is None:
            return None, (problem or storage.Problem(storage.GONE)).label()
        try:
            data = records.from_text(text)
        except RulesError as exc:
            return None, _short(Message.of(exc))
    else:
        data, problem = storage.load_json(path, FORMAT, MAX_BYTES)
    if data is None:
        return None, (problem or storage.Problem(storage.GONE)).label()
    try:
        return parse(data), ""
    except RulesError as exc:
        return None, _short(Message.of(exc))


#: the longest reason shown for a save that cannot be used (the reasons quote the file)
MAX_PROBLEM = 200


def _short(problem: str) -> str:
    return problem if len(problem) <= MAX_PROBLEM else storage.shown(problem, MAX_PROBLEM)


def _record_files() -> list[Path]:
    try:
        return [p for p in records.records_dir().glob("*.txt") if p.is_file()]
    except OSError:
        return []


def catalogue() -> list[SaveInfo]:
    """Every save by name, then every text record in ``records/``, newest first, the
    unusable ones with their reason."""
    found = []
    files = _files()
    texts = _record_files()
    try:
        texts.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        pass
    for path in files + texts:
        try:
            modified = path.stat().st_mtime
        except OSError:
            continue
        name = storage.shown(path.stem, 255)
        if name != path.stem:  # bytes that are not UTF-8, or characters no screen shows
            info = SaveInfo(name, path, modified, None, storage.Problem(storage.BAD_NAME).label())
            found.append(info)
            continue
        record, problem = examine(path)
        info = SaveInfo(path.stem, path, modified, record, problem)
        if record is not None:
            try:
                level = levels.load(record.game, record.level, strict=True)
                info.level_title = str(level.get("title", record.level))
            except RulesError:
                info.level_title = record.level
        found.append(info)
    return found
