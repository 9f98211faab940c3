"""Levels are data: ``levels/<game>/<name>.json``, read as JSON, never executed.

Every level file holds ``format`` (1), ``game``, ``name``, ``title``, ``order``
(its place in menus) and the keys its game reads (``radius`` for GAUSS, ``size``
for Rush, ...), which the game's ``check_level`` validates.

A level file that cannot be used (corrupt, truncated, hand-edited badly, from a
future version, another game's) is renamed aside as ``<name>.json.bad-<time>``,
never deleted (and left where it is when the folder is read-only), and is left
out of the menus; :func:`problems` gives a one-line message for each such file
found in this run, for the select screen to show (``storage.Message`` values: a screen
says them in the player's language with ``i18n.refusal``). Loading a bad level falls back
to the game's default level, and a bad default level to the copy built in here,
so a damaged install still plays. A level name that simply does not exist is an
error (``--level huge`` on the command line says so and exits).
"""
from __future__ import annotations

import copy
import importlib.resources
import logging
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from .. import catalogue
from ..i18n import N_
from ..persistence import storage
from ..persistence.storage import Message, Problem, Word
from ..rules.core import RulesError

log = logging.getLogger("gauss_arcade")

def shipped_levels() -> Path:
    """Where the levels that ship with the game are: inside the installed package
    (``gauss_arcade/levels``), or beside the code in a source checkout (``levels/``).
    Found from the package itself, never from the working directory."""
    package = Path(str(importlib.resources.files((__package__ or "game").split(".")[0])))
    inside = package / "levels"
    return inside if inside.is_dir() else package.parent / "levels"


LEVELS_DIR = shipped_levels()
FORMAT = 1
MAX_BYTES = 1_000_000  # a level is a few hundred bytes: a bigger file is not one

class _Builtin(Mapping[str, dict[str, Any]]):
    """Each game's built-in default level, read from its record when asked (a game
    registered after this module was read has one too)."""

    def __getitem__(self, game_id: str) -> dict[str, Any]:
        return catalogue.RECORDS[game_id].builtin_level

    def __iter__(self) -> Iterator[str]:
        return iter(catalogue.RECORDS)

    def __len__(self) -> int:
        return len(catalogue.RECORDS)


#: each game's default level as shipped (its record's ``builtin_level``), used when its
#: file is missing or bad (tests check these equal the files in ``levels/``)
BUILTIN: Mapping[str, dict[str, Any]] = _Builtin()


def data_dir(game_id: str | None = None) -> Path:
    """The folder that holds ``game_id``'s levels (``<id>/``), course (``lessons/<id>.json``)
    and puzzles (``puzzles/<id>/``): the shipped levels' folder, or the ``levels/`` of the
    folder a game registered from outside names (its record's ``root``). Without a game, or
    for an unknown one: the shipped folder."""
    record = catalogue.RECORDS.get(game_id) if game_id is not None else None
    if record is not None and record.root is not None:
        return record.root / "levels"
    return LEVELS_DIR

#: bad level files met in this run: path -> the message about it
_problems: dict[str, str] = {}
#: False: bad level files are only skipped, never renamed (the engine protocol, a tool that
#: must not change an installation it merely reads)
set_aside_bad_files = True
#: a level name is a short word: a longer one is refused before the file system sees it
MAX_NAME = 64


class LevelError(RulesError):
    """A level that is missing or whose file cannot be used."""


def problems() -> list[str]:
    """One message per bad level file met in this run (set aside, or skipped if it could not be)."""
    return list(_problems.values())


def problem_line() -> str:
    """The problems as one line for a screen's message line ("" when there are none)."""
    found = problems()
    if not found:
        return ""
    if len(found) == 1:
        return found[0]
    return Message(N_("{problem} (+{n} more: see the log)"), problem=found[-1], n=len(found) - 1)


def forget_problems() -> None:
    _problems.clear()


#: why a level file cannot be used, besides what ``storage.load_json`` finds (said of the file)
NOT_ITS_NAME = (N_("{file} must say game '{game}' and name '{name}'"), None)
BAD_TITLE = (N_("{file} has a title that is not text"), None)
NOT_A_LEVEL = (N_("{file} is not a usable level ({reason})"), None)


def _check(path: Path, game_id: str) -> dict[str, Any]:
    """The level in ``path``; LevelError(reason) when the file cannot be used, the reason a
    ``storage.Problem`` ("is damaged (not valid JSON)")."""
    data, problem = storage.load_json(path, FORMAT, MAX_BYTES)
    if data is None:
        raise LevelError(problem or Problem(storage.GONE))
    if data.get("game") != game_id or data.get("name") != path.stem:
        raise LevelError(Problem(NOT_ITS_NAME, game=game_id, name=path.stem))
    if not isinstance(data.get("title", ""), str):
        raise LevelError(Problem(BAD_TITLE))
    try:
        return catalogue.game(game_id).check_level(data)
    except RulesError as exc:
        raise LevelError(Problem(NOT_A_LEVEL, reason=str(exc))) from None
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
        raise LevelError(Problem(NOT_A_LEVEL, reason=exc.__class__.__name__)) from None


def _reject(path: Path, game_id: str, reason: str) -> str:
    """Set a bad level file aside (or leave it, on a read-only install); note and return why
    (a ``storage.Message``). ``reason``: a ``storage.Problem`` ("is damaged ...")."""
    return reject(path, Message(N_("Level file {where}"), where=f"{game_id}/{path.name}"), reason)


def reject(path: Path, subject: Message, reason: str) -> str:
    """Set the bad data file ``path`` aside (or leave it, on a read-only install); note why for
    :func:`problem_line` and return it (a ``storage.Message`` about ``subject``, "Level file
    rush/9x9.json"). ``reason``: a ``storage.Problem`` ("is damaged ...")."""
    moved = None
    if set_aside_bad_files:
        try:
            moved = storage.set_aside(path)
        except OSError:
            pass  # a read-only install: the file stays, and is skipped
    if isinstance(reason, Problem):
        problem = storage.sentence(reason.about(subject))
    else:  # not made here: said as it is (in English)
        problem = storage.sentence(Message("{file} {problem}", file=subject, problem=reason))
    if moved:
        message = Message(N_("{problem}; it was kept as {name}."), problem=problem, name=moved.name)
    else:
        message = Message(N_("{problem}; it is skipped."), problem=problem)
    if _problems.get(str(path)) != message:
        log.warning("%s", message)
    _problems[str(path)] = message
    return message


def names(game_id: str, root: Path | None = None) -> list[str]:
    """The usable levels of a game, in menu order (bad files are set aside and left out)."""
    root = data_dir(game_id) if root is None else root
    found = []
    try:
        paths = sorted(p for p in (root / game_id).glob("*.json") if p.is_file())
    except OSError:
        paths = []
    for path in paths:
        try:
            data = _check(path, game_id)
        except LevelError as exc:
            _reject(path, game_id, exc.args[0])
            continue
        order = data.get("order", 99)
        found.append((order if isinstance(order, int) and not isinstance(order, bool) else 99, path.stem))
    return [name for _, name in sorted(found)]


def load(game_id: str, name: str | None = None, root: Path | None = None, strict: bool = False
         ) -> dict[str, Any]:
    """The level ``name`` of ``game_id`` (its default level when ``name`` is None).

    A bad file is set aside; then the game's default level is used instead, or with
    ``strict`` (a saved game, which must be replayed on its own board) LevelError is
    raised. A bad or missing default level file gives the built-in copy. A name with
    no file (and none set aside in this run) raises LevelError.
    """
    record = catalogue.get(game_id)
    root = data_dir(game_id) if root is None else root
    game = record.rules
    default = game.default_level
    name = name or default
    if (not isinstance(name, str) or len(name) > MAX_NAME
            or not name.replace("_", "").replace("-", "").isalnum()):
        shown = name[:MAX_NAME] + "..." if isinstance(name, str) and len(name) > MAX_NAME else name
        raise LevelError(Message(N_("'{name}' is not a level name."), name=str(shown)))
    path = root / game_id / f"{name}.json"
    try:
        exists = path.is_file()
    except (OSError, ValueError):
        exists = False
    if exists:
        try:
            return _check(path, game_id)
        except LevelError as exc:
            problem = _reject(path, game_id, exc.args[0])
    else:
        problem = _problems.get(str(path), "")
    if name == default and game_id in BUILTIN:
        if not problem:
            log.warning("Level file %s/%s.json is missing; the built-in copy is used.", game_id, name)
        return copy.deepcopy(BUILTIN[game_id])
    if not problem:
        choices = names(game_id, root)
        if not choices:
            raise LevelError(Message(N_("{game} has no level '{name}'; its levels are: none."),
                                     game=Word(record.title), name=name))
        raise LevelError(Message(N_("{game} has no level '{name}'; its levels are: {levels}."),
                                 game=Word(record.title), name=name, levels=", ".join(choices)))
    if strict:
        raise LevelError(problem)
    log.warning("Level '%s' of %s cannot be used: the default level is played instead.", name, record.title)
    return load(game_id, None, root)
