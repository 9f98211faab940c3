"""Puzzles: a position, a goal and the line that reaches it, one JSON file each in
``levels/puzzles/<game>/``.

A puzzle file is data, read like a level (never executed)::

    {"format": 1, "game": "sparks", "title": "...", "grade": 2, "goal": "win",
     "plies": 3, "state": STATE, "solution": [MOVE, ...], "expect": {"over": true, "winner": "white"}}

``state`` and the moves are exactly what the engine protocol prints (``docs/protocol.md``):
``load`` takes the state, ``play`` each move. ``solution`` is the whole line from the
position: the solver's moves and the replies it assumes. ``expect`` holds the keys of the
state after the line that prove the goal. ``goal`` "win" means the side to move wins by
force within ``plies`` plies whatever the other side does (the tests search every
defence); ``grade`` goes from 1 (easy) up.

``python -m game.puzzlemaker GAME N`` finds such positions by search and writes them.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import catalogue, levels
from .rules.core import Game, RulesError

FORMAT = 1
MAX_BYTES = 200_000
GOALS = ("win",)


def puzzles_dir() -> Path:
    return levels.LEVELS_DIR / "puzzles"


@dataclass(frozen=True)
class Puzzle:
    name: str  # the file's stem
    game: str
    title: str
    grade: int
    goal: str
    plies: int
    state: dict[str, Any]
    solution: list[Any]
    expect: dict[str, Any]

    def start(self) -> tuple[Game, Any]:
        """The rules and the position, loaded exactly as the engine's ``load`` would."""
        rules = catalogue.game(self.game)
        name = self.state.get("level")
        level = levels.load(self.game, name if isinstance(name, str) else None, strict=True)
        return rules, rules.load_state(self.state, level)

    def line(self) -> list[Any]:
        """The states from the position through every move of the solution."""
        rules, state = self.start()
        states = [state]
        for obj in self.solution:
            state, _ = rules.play(state, rules.parse_move(obj))
            states.append(state)
        return states


def parse(data: Any, name: str = "") -> Puzzle:
    """Check a puzzle's shape (not its truth: the tests play and search it); raise
    RulesError with the reason."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RulesError(f"puzzle {name}: not a format-{FORMAT} puzzle object")
    game = data.get("game")
    if game not in catalogue.RECORDS:
        raise RulesError(f"puzzle {name}: unknown game {game!r}")
    fields = {"title": str, "grade": int, "goal": str, "plies": int, "state": dict, "solution": list,
              "expect": dict}
    for key, kind in fields.items():
        value = data.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise RulesError(f"puzzle {name}: {key!r} must be a {kind.__name__}")
    if data["goal"] not in GOALS:
        raise RulesError(f"puzzle {name}: the goal must be one of {', '.join(GOALS)}")
    return Puzzle(name, game, data["title"], data["grade"], data["goal"], data["plies"], data["state"],
                  data["solution"], data["expect"])


def load_all(game: str) -> list[Puzzle]:
    """The puzzles of ``game``, easiest first (then by name); a file that cannot be read
    raises RulesError (shipped data: a test keeps it whole)."""
    folder = puzzles_dir() / game
    found = []
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        if path.stat().st_size > MAX_BYTES:
            raise RulesError(f"puzzle {path.name}: larger than {MAX_BYTES} bytes")
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise RulesError(f"puzzle {path.name}: {exc}") from None
        found.append(parse(data, path.stem))
    return sorted(found, key=lambda p: (p.grade, p.name))
