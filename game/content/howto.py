"""How-to pages are data: ``levels/howto/<game>.json``, read like a level (never executed),
drawn by the one how-to screen (``game.scenes.menus.howto``) with the game's drawing kit. Every
game's pages are such a file; nothing of a how-to page is code but the kit's drawing.

A how-to file::

    {"format": 1, "game": "rush", "pages": [PAGE, ...]}

A page: its ``title`` and ``text`` (English; extracted for translation like the lessons' words
and shown in the player's language), and what it shows under its words: ``diagrams`` (boards)
and, beside them or alone, an ``aside`` (or a list of asides, one under another)::

    {"title": "...", "text": "...", "level": {...}, "state": STATE,
     "diagrams": [DIAGRAM, ...], "layout": "row" | "column" | "wide", "aside": ASIDE}

``layout`` places the boards: ``"row"`` (the default) side by side, each at most half the
page wide, its caption under it, the aside in the next column; ``"column"`` one under
another across the page, each caption beside its board; ``"wide"`` one under another, each
across the whole page, its caption under it (for boards much wider than tall). A page laid
out in a column or wide takes no aside.

A diagram is a real position drawn by the kit, optionally with a move::

    {"state": STATE, "level": {...}, "line": [MOVE, ...], "move": MOVE,
     "show": "before" | "after", "refused": true, "legal": FILTER | [FILTER, ...],
     "caption": "..." | ["...", ...], "options": {...}}

``state`` is a position as the engine protocol prints it (the page's ``state`` when left
out); ``level`` the level it is loaded with (by default the level its ``"level"`` names);
``line`` moves played from it first, one after another, each legal where it is played: the
diagram starts from the position they make (the kit sees their effects, e.g. to number a
chain); ``move`` a move as the engine protocol writes it. ``"show": "before"`` (the
default) draws the position with the move about to be made (the kit marks it and what it
will do); ``"after"`` the position the rules make of it. A move must be legal, unless the
diagram says ``"refused": true`` (then it must be refused: the kit shows the rules' reason).
``legal`` marks legal moves of the position the board shows: every one whose protocol form
has the values a FILTER gives (``{"from": "d4"}``: every move of the piece on d4; ``{}``:
every move); each filter must match one at least. ``caption`` replaces the kit's own caption
(a list: one line each; its ``{placeholders}`` are filled with the kit's words for the move);
``options`` go to the kit (the kit names the options it reads, and a file that gives another
cannot be shown).

An aside is one of ``{"table": [[cell, ...], ...]}`` (words, the first row and column in bold;
a cell starting with a digit is shown as it is), ``{"lines": ["...", ...]}`` (one message a
line), ``{"legend": [[ICONS, WORDS] | [ICONS, NAME, WORDS], ...]}`` (a row each: the kit's
icons by name, one or a list, then the words, or a name in bold over its words) or
``{"kit": NAME}`` (a picture the kit draws by that name, of the aside's own ``"diagram"``,
a DIAGRAM as above, or else of the page's first diagram), with an optional ``caption`` over
it and ``note`` under it.

A file that cannot be used (not JSON, a key missing, a position the rules refuse, an illegal
move, an option or picture its kit does not know) is set aside like a bad level file
(``levels.problem_line`` says so) and the game's how-to screen says it cannot show its pages:
the game itself still plays.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import catalogue
from ..i18n import N_
from ..persistence import storage
from ..persistence.storage import Message, Problem
from ..rules.core import RulesError
from . import levels

log = logging.getLogger("gauss_arcade")

FORMAT = 1
MAX_BYTES = 400_000
SHOWS = ("before", "after")
LAYOUTS = ("row", "column", "wide")
ASIDES = ("table", "lines", "legend", "kit")

#: why a how-to file cannot be used, besides what ``storage.load_json`` finds (said of the file)
NOT_HOWTO = (N_("{file} cannot be shown ({reason})"), None)


@dataclass(frozen=True)
class Diagram:
    """One board of a page: ``state`` (the position, loaded, after the ``line``), with ``move``
    about to be made (``show == "before"``) or made (``"after"``: ``after`` and ``effects`` are
    the rules'); ``legal``: the legal moves the board marks."""

    state: Any
    move: Any = None
    show: str = "before"
    refused: str | None = None  # the rules' reason, for a move meant to be refused
    caption: tuple[str, ...] | None = None  # the file's words, a line each
    options: dict[str, Any] = field(default_factory=dict)
    after: Any = None
    effects: tuple[dict[str, Any], ...] = ()
    line: tuple[Any, ...] = ()
    #: the effects of the ``line``'s moves, in order
    line_effects: tuple[dict[str, Any], ...] = ()
    legal: tuple[Any, ...] = ()

    @property
    def shown(self) -> Any:
        """The position the board shows."""
        return self.after if self.show == "after" else self.state


@dataclass(frozen=True)
class Aside:
    """What stands beside a page's boards (or alone): ``kind`` one of :data:`ASIDES` and its
    ``value``, the words over it (``caption``) and under it (``note``), and, for a kit's
    picture, the position it is of (``diagram``)."""

    kind: str
    value: Any
    caption: str = ""
    note: str = ""
    diagram: Diagram | None = None


@dataclass(frozen=True)
class Page:
    title: str
    text: str
    diagrams: tuple[Diagram, ...] = ()
    asides: tuple[Aside, ...] = ()
    layout: str = "row"


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


def _move(rules: Any, data: Any, where: str) -> Any:
    try:
        return rules.parse_move(data)
    except RulesError as exc:
        raise RulesError(f"{where}: the move cannot be read: {exc}") from None


def _caption(data: Any, where: str) -> tuple[str, ...] | None:
    if data is None:
        return None
    if isinstance(data, str):
        return (data,)
    if isinstance(data, list) and data and all(isinstance(line, str) for line in data):
        return tuple(data)
    raise RulesError(f"{where}: 'caption' must be a string or a list of strings")


def _legal(rules: Any, state: Any, data: Any, where: str) -> tuple[Any, ...]:
    """The legal moves of ``state`` that the filters ``data`` (one or a list) pick."""
    filters = data if isinstance(data, list) else [data]
    if not filters or not all(isinstance(f, dict) for f in filters):
        raise RulesError(f"{where}: 'legal' must be a filter (an object) or a list of filters")
    moves = rules.legal_moves(state)
    written = [rules.move_json(m) for m in moves]
    found = []
    for f in filters:
        picked = [m for m, w in zip(moves, written, strict=True)
                  if all(k in w and w[k] == v for k, v in f.items())]
        if not picked:
            raise RulesError(f"{where}: no legal move matches the filter {f}")
        found += [m for m in picked if m not in found]
    return tuple(found)


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
    line_data = data.get("line", [])
    if not isinstance(line_data, list):
        raise RulesError(f"{where}: 'line' must be a list of moves")
    line, line_effects = [], []
    for k, obj in enumerate(line_data):
        played = _move(rules, obj, f"{where}, line move {k + 1}")
        why = rules.why_illegal(state, played)
        if why is not None:
            raise RulesError(f"{where}: line move {k + 1} is illegal: {why}")
        state, effects = rules.play(state, played)
        line.append(played)
        line_effects += effects
    show = data.get("show", "before")
    if show not in SHOWS:
        raise RulesError(f"{where}: 'show' must be one of {', '.join(SHOWS)}")
    caption = _caption(data.get("caption"), where)
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RulesError(f"{where}: 'options' must be an object")
    refused = data.get("refused", False)
    if not isinstance(refused, bool):
        raise RulesError(f"{where}: 'refused' must be true or false")
    common = {"caption": caption, "options": options, "line": tuple(line),
              "line_effects": tuple(line_effects)}
    if "move" not in data:
        if show == "after" or refused:
            raise RulesError(f"{where}: 'show': 'after' and 'refused' need a 'move'")
        legal = _legal(rules, state, data["legal"], where) if "legal" in data else ()
        return Diagram(state, None, show, None, legal=legal, **common)
    move = _move(rules, data["move"], where)
    why = rules.why_illegal(state, move)
    if refused:
        if why is None:
            raise RulesError(f"{where}: the move is legal, but the diagram says it is refused")
        if show == "after":
            raise RulesError(f"{where}: a refused move has no 'after'")
        legal = _legal(rules, state, data["legal"], where) if "legal" in data else ()
        return Diagram(state, move, show, why, legal=legal, **common)
    if why is not None:
        raise RulesError(f"{where}: the move is illegal: {why}")
    after, effects = rules.play(state, move)
    shown = after if show == "after" else state
    legal = _legal(rules, shown, data["legal"], where) if "legal" in data else ()
    return Diagram(state, move, show, None, after=after, effects=tuple(effects), legal=legal, **common)


def _legend_row(row: Any) -> bool:
    if not isinstance(row, list) or len(row) not in (2, 3) or not all(isinstance(w, str) for w in row[1:]):
        return False
    icons = row[0]
    return (isinstance(icons, str) and bool(icons)) or (
        isinstance(icons, list) and bool(icons) and all(isinstance(i, str) and i for i in icons))


def parse_aside(game: str, data: Any, page: dict[str, Any], where: str) -> Aside:
    if not isinstance(data, dict):
        raise RulesError(f"{where}: an aside must be an object")
    kinds = [k for k in data if k in ASIDES]
    extra = [k for k in data if k not in ASIDES and k not in ("caption", "note", "diagram")]
    if len(kinds) != 1 or extra:
        raise RulesError(f"{where}: 'aside' must be one of {', '.join(ASIDES)}")
    for key in ("caption", "note"):
        if not isinstance(data.get(key, ""), str):
            raise RulesError(f"{where}: the aside's {key!r} must be a string")
    kind, value = kinds[0], data[kinds[0]]
    if kind == "table" and not (isinstance(value, list) and value and all(
            isinstance(row, list) and all(isinstance(c, str) for c in row) for row in value)):
        raise RulesError(f"{where}: a 'table' is a list of rows of strings")
    if kind == "lines" and not (isinstance(value, list) and all(isinstance(t, str) for t in value)):
        raise RulesError(f"{where}: 'lines' is a list of strings")
    if kind == "legend" and not (isinstance(value, list) and value and all(_legend_row(r) for r in value)):
        raise RulesError(f"{where}: a 'legend' is a list of rows [icons, words] or [icons, name, words]")
    if kind == "kit" and not isinstance(value, str):
        raise RulesError(f"{where}: 'kit' names a picture of the kit")
    diagram = None
    if "diagram" in data:
        if kind != "kit":
            raise RulesError(f"{where}: only a kit's picture has a 'diagram'")
        diagram = parse_diagram(game, data["diagram"], page, f"{where}, the aside's diagram")
    return Aside(kind, value, data.get("caption", ""), data.get("note", ""), diagram)


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
    layout = data.get("layout", "row")
    if layout not in LAYOUTS:
        raise RulesError(f"{where}: 'layout' must be one of {', '.join(LAYOUTS)}")
    raw = data.get("aside")
    asides = () if raw is None else tuple(raw) if isinstance(raw, list) else (raw,)
    if layout != "row" and (asides or not found):
        raise RulesError(f"{where}: a page laid out '{layout}' has diagrams and no aside")
    parsed = tuple(parse_aside(game, a, data, where) for a in asides)
    return Page(data["title"], data["text"], found, parsed, layout)


def pictured(page: Page, aside: Aside) -> Diagram | None:
    """The position a kit's picture (``aside``) is of: its own diagram, else the page's first."""
    return aside.diagram or (page.diagrams[0] if page.diagrams else None)


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


def refuse(game: str, reason: Any) -> str:
    """Set ``game``'s how-to file aside for ``reason`` (a ``storage.Problem``, or a sentence that
    ends "... cannot be shown (...)") and return the message that says so (a ``storage.Message``),
    noted for ``levels.problem_line``."""
    path = path_of(game)
    if not isinstance(reason, Problem):
        reason = Problem(NOT_HOWTO, reason=storage.shown(reason, 200))
    return levels.reject(path, Message(N_("How-to file {where}"), where=f"howto/{path.name}"), reason)


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
    return refuse(game, reason)
