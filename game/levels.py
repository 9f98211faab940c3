"""Levels are data: ``levels/<game>/<name>.json``, read as JSON, never executed.

Every level file holds ``format`` (1), ``game``, ``name``, ``title``, ``order``
(its place in menus) and the keys its game reads (``radius`` for GAUSS, ``size``
for Rush, ...), which the game's ``check_level`` validates.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from . import rules
from .rules.core import RulesError

LEVELS_DIR = Path(__file__).resolve().parent.parent / "levels"
FORMAT = 1


class LevelError(RulesError):
    """A level that is missing or whose file cannot be used."""


def _read(path: Path, game_id: str) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise LevelError(f"Level file {path.name} cannot be read ({exc.__class__.__name__}).") from None
    except json.JSONDecodeError as exc:
        raise LevelError(f"Level file {path.name} is not valid JSON (line {exc.lineno}).") from None
    if not isinstance(data, dict):
        raise LevelError(f"Level file {path.name} must hold a JSON object.")
    if data.get("format") != FORMAT:
        raise LevelError(f"Level file {path.name} has format {data.get('format')!r}; "
                         f"this version reads format {FORMAT}.")
    if data.get("game") != game_id or data.get("name") != path.stem:
        raise LevelError(f"Level file {path.name} must say game '{game_id}' and name '{path.stem}'.")
    try:
        return rules.get(game_id).check_level(data)
    except RulesError as exc:
        raise LevelError(f"Level file {path.name}: {exc}") from None


def names(game_id: str, root: Path = LEVELS_DIR) -> list[str]:
    """The usable levels of a game, in menu order (bad files are left out)."""
    found = []
    for path in sorted((root / game_id).glob("*.json")):
        try:
            data = _read(path, game_id)
        except LevelError:
            continue
        order = data.get("order", 99)
        found.append((order if isinstance(order, int) else 99, path.stem))
    return [name for _, name in sorted(found)]


def load(game_id: str, name: str | None = None, root: Path = LEVELS_DIR) -> dict[str, Any]:
    """The level ``name`` of ``game_id`` (its default level when ``name`` is None)."""
    game = rules.get(game_id)
    name = name or game.default_level
    if not isinstance(name, str) or not name.replace("_", "").replace("-", "").isalnum():
        raise LevelError(f"'{name}' is not a level name.")
    path = root / game_id / f"{name}.json"
    if not path.is_file():
        choices = ", ".join(names(game_id, root)) or "none"
        raise LevelError(f"{game.title} has no level '{name}'; its levels are: {choices}.")
    return _read(path, game_id)
