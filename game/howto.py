"""How-to pages are data: ``levels/howto/<game>.json``, read like a level (never executed),
drawn by the one how-to screen (``game.scenes.howto``) with the game's drawing kit.

A how-to file::

    {"format": 1, "game": "rush", "pages": [PAGE, ...]}

A page: its ``title`` and ``text`` (English; extracted for translation like the lessons' words
and shown in the player's language), and what it shows under its words: ``diagrams`` (boards,
side by side) and, beside them or alone, an ``aside``::

    {"title": "...", "text": "...", "level": {...}, "state": STATE,
     "diagrams": [DIAGRAM, ...], "aside": ASIDE}

A diagram is a real position drawn by the kit, optionally with a move::

    {"state": STATE, "level": {...}, "move": MOVE, "show": "before" | "after",
     "refused": true, "caption": "...", "options": {...}}

``state`` is a position as the engine protocol prints it (the page's ``state`` when left
out); ``level`` the level it is loaded with (by default the level its ``"level"`` names);
``move`` a move as the engine protocol writes it. ``"show": "before"`` (the default) draws
the position with the move about to be made (the kit marks it and what it will do);
``"after"`` the position the rules make of it. A move must be legal, unless the diagram says
``"refused": true`` (then it must be refused: the kit shows the rules' reason). ``caption``
replaces the kit's own caption (its ``{placeholders}`` are filled with the kit's words for the
move); ``options`` go to the kit as they are (what a kit reads, it checks).

An aside is one of ``{"table": [[cell, ...], ...]}`` (words, the first row and column in bold;
a cell starting with a digit is shown as it is), ``{"lines": ["...", ...]}`` (one message a
line) or ``{"kit": NAME}`` (a picture the kit draws by that name, of the page's first diagram's
position), with an optional ``caption`` over it.

A file that cannot be used (not JSON, a key missing, a position the rules refuse, an illegal
move) is set aside like a bad level file (``levels.problem_line`` says so) and the game's
how-to screen says it cannot show its pages: the game itself still plays.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import catalogue, levels, storage
from .i18n import N_
from .rules.core import RulesError
from .storage import Message, Problem

log = logging.getLogger("gauss_arcade")

FORMAT = 1
MAX_BYTES = 400_000
SHOWS = ("before", "after")
ASIDES = ("table", "lines", "kit")

#: why a how-to file cannot be used, besides what ``storage.load_json`` finds (said of the file)
NOT_HOWTO = (N_("{file} cannot be shown ({reason})"), None)


@dataclass(frozen=True)
class Diagram:
    """One board of a page: ``state`` (the position, loaded), with ``move`` about to be made
    (``show == "before"``) or made (``"after"``: ``after`` and ``effects`` are the rules')."""

    state: Any
    move: Any = None
    show: str = "before"
    refused: str | None = None  # the rules' reason, for a move meant to be refused
    caption: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    after: Any = None
    effects: tuple[dict[str, Any], ...] = ()

    @property
    def shown(self) -> Any:
        """The position the board shows."""
        return self.after if self.show == "after" else self.state


@dataclass(frozen=True)
class Page:
    title: str
    text: str
    diagrams: tuple[Diagram, ...] = ()
    aside: dict[str, Any] | None = None


def howto_dir(game: str | None = None) -> Path:
    """Where the how-to files are: ``howto/`` of the shipped levels, or of the data folder of a
    game registered from outside (``levels.data_dir``)."""
    return levels.data_dir(game) / "howto"


def path_of(game: str) -> Path:
    return howto_dir(game) / f"{game}.json"


def _level(game: str, data: dict[str, Any], state: dict[str, Any], where: str) -> dict[str, Any]:
    rules = catalogue.game(game)
    level = data.get("level")
    if level is not None:
        if not isinstance(level, dict):
            raise RulesError(f"{where}: 'level' must be an object")
        return rules.check_level(dict(level))
    name = state.get("level")
    return levels.load(game, name if isinstance(name, str) else None, strict=True)


def parse_diagram(game: str, data: Any, page: dict[str, Any], where: str) -> Diagram:
    if not isinstance(data, dict):
        raise RulesError(f"{where}: a diagram must be an object")
    rules = catalogue.game(game)
    state_obj = data.get("state", page.get("state"))
    if not isinstance(state_obj, dict):
        raise RulesError(f"{where}: 'state' must be a position (of the diagram or of its page)")
    level = _level(game, data if "level" in data else page, state_obj, where)
    try:
        state = rules.load_state(state_obj, level)
    except RulesError as exc:
        raise RulesError(f"{where}: the position does not load: {exc}") from None
    show = data.get("show", "before")
    if show not in SHOWS:
        raise RulesError(f"{where}: 'show' must be one of {', '.join(SHOWS)}")
    caption = data.get("caption")
    if caption is not None and not isinstance(caption, str):
        raise RulesError(f"{where}: 'caption' must be a string")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RulesError(f"{where}: 'options' must be an object")
    refused = data.get("refused", False)
    if not isinstance(refused, bool):
        raise RulesError(f"{where}: 'refused' must be true or false")
    if "move" not in data:
        if show == "after" or refused:
            raise RulesError(f"{where}: 'show': 'after' and 'refused' need a 'move'")
        return Diagram(state, None, show, None, caption, options)
    try:
        move = rules.parse_move(data["move"])
    except RulesError as exc:
        raise RulesError(f"{where}: the move cannot be read: {exc}") from None
    why = rules.why_illegal(state, move)
    if refused:
        if why is None:
            raise RulesError(f"{where}: the move is legal, but the diagram says it is refused")
        if show == "after":
            raise RulesError(f"{where}: a refused move has no 'after'")
        return Diagram(state, move, show, why, caption, options)
    if why is not None:
        raise RulesError(f"{where}: the move is illegal: {why}")
    after, effects = rules.play(state, move)
    return Diagram(state, move, show, None, caption, options, after, tuple(effects))


def parse_aside(data: Any, where: str) -> dict[str, Any] | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise RulesError(f"{where}: 'aside' must be an object")
    kinds = [k for k in data if k != "caption"]
    if len(kinds) != 1 or kinds[0] not in ASIDES or len(data) - len(kinds) != ("caption" in data):
        raise RulesError(f"{where}: 'aside' must be one of {', '.join(ASIDES)}")
    if not isinstance(data.get("caption", ""), str):
        raise RulesError(f"{where}: the aside's 'caption' must be a string")
    kind, value = kinds[0], data[kinds[0]]
    if kind == "table" and not (isinstance(value, list) and value and all(
            isinstance(row, list) and all(isinstance(c, str) for c in row) for row in value)):
        raise RulesError(f"{where}: a 'table' is a list of rows of strings")
    if kind == "lines" and not (isinstance(value, list) and all(isinstance(t, str) for t in value)):
        raise RulesError(f"{where}: 'lines' is a list of strings")
    if kind == "kit" and not isinstance(value, str):
        raise RulesError(f"{where}: 'kit' names a picture of the kit")
    return data


def parse_page(game: str, data: Any, where: str) -> Page:
    if not isinstance(data, dict):
        raise RulesError(f"{where}: a page must be an object")
    for key in ("title", "text"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise RulesError(f"{where}: {key!r} must be a string")
    diagrams = data.get("diagrams", [])
    if not isinstance(diagrams, list):
        raise RulesError(f"{where}: 'diagrams' must be a list")
    found = tuple(parse_diagram(game, d, data, f"{where}, diagram {k + 1}") for k, d in enumerate(diagrams))
    return Page(data["title"], data["text"], found, parse_aside(data.get("aside"), where))


def parse(data: Any, game: str) -> tuple[Page, ...]:
    """The pages of ``game``'s how-to file ``data``; RulesError(what is wrong) when unusable."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RulesError(f"not a format-{FORMAT} how-to file")
    if data.get("game") != game:
        raise RulesError(f"it must say game '{game}'")
    pages = data.get("pages")
    if not isinstance(pages, list) or not pages:
        raise RulesError("it needs a list of 'pages'")
    found = []
    for k, page in enumerate(pages):
        try:
            found.append(parse_page(game, page, f"page {k + 1}"))
        except RulesError:
            raise
        except (TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
            raise RulesError(f"page {k + 1}: {exc.__class__.__name__}") from None
    return tuple(found)


def load(game: str) -> tuple[Page, ...] | str | None:
    """``game``'s how-to pages; None when it has no file; a message (a ``storage.Message``) when
    the file cannot be used: it is set aside like a bad level file and noted for
    ``levels.problem_line``."""
    path = path_of(game)
    data, problem = storage.load_json(path, FORMAT, MAX_BYTES)
    if data is None:
        if not problem:
            return None
        reason: Any = problem
    else:
        try:
            return parse(data, game)
        except RulesError as exc:
            reason = Problem(NOT_HOWTO, reason=storage.shown(exc, 200))
        except Exception as exc:  # noqa: BLE001 - a hand-edited position of any shape
            reason = Problem(NOT_HOWTO, reason=f"{exc.__class__.__name__}: {storage.shown(exc, 160)}")
    return levels.reject(path, Message(N_("How-to file {where}"), where=f"howto/{path.name}"), reason)
