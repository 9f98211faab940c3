"""Games in progress on disk: the autosave after every move, and saves by name.

A save holds what reproduces a game exactly: the game, level, seed, options and
the moves in the protocol's JSON. Loading replays the moves through the rules
engine from the seeded start, so a save can never hold an impossible position,
and every move of it is checked again on the way in.
"""
from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import levels, rules, storage
from .rules.core import RulesError

FORMAT = 1
AUTOSAVE = "autosave.json"
SAVES_DIR = "saves"


@dataclass
class Record:
    game: str
    level: str
    seed: int
    options: dict[str, Any] | None
    moves: list[dict[str, Any]]
    saved: str = ""

    @property
    def title(self) -> str:
        return rules.CATALOGUE[self.game][0]

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "game": self.game, "level": self.level, "seed": self.seed,
                "options": self.options, "moves": self.moves,
                "saved": self.saved or time.strftime("%Y-%m-%d %H:%M")}

    def replay(self) -> list[Any]:
        """The engine states from the start through every move (raises RulesError)."""
        game = rules.get(self.game)
        state = game.new(levels.load(self.game, self.level), seed=self.seed, options=self.options)
        states = [state]
        for n, obj in enumerate(self.moves, 1):
            try:
                state, _ = game.play(state, game.parse_move(obj))
            except RulesError as exc:
                raise RulesError(f"move {n} cannot be played ({exc})") from None
            states.append(state)
        return states


def parse(data: dict[str, Any]) -> Record:
    """Check a save's content; raise RulesError with the reason."""
    game = data.get("game")
    if game not in rules.CATALOGUE:
        raise RulesError(f"it names an unknown game {game!r}")
    level, seed, moves = data.get("level"), data.get("seed"), data.get("moves")
    if not isinstance(level, str):
        raise RulesError("it has no level")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RulesError("it has no seed")
    if not isinstance(moves, list):
        raise RulesError("it has no move list")
    options = data.get("options")
    if options is not None and not isinstance(options, dict):
        raise RulesError("its options are not an object")
    record = Record(game, level, seed, options, moves, str(data.get("saved", "")))
    record.replay()
    return record


def _load(path: Path, what: str) -> Record | None:
    data = storage.read_json(path, what, FORMAT)
    if data is None:
        return None
    try:
        return parse(data)
    except RulesError as exc:
        message = storage.reject(path, f"The {what} file cannot be used: {exc}")
        raise storage.StoredFileError(message) from None


def autosave_path() -> Path:
    return storage.home() / AUTOSAVE


def write_autosave(record: Record) -> None:
    storage.write_json(autosave_path(), record.to_json())


def clear_autosave() -> None:
    try:
        autosave_path().unlink()
    except FileNotFoundError:
        pass


def read_autosave() -> Record | None:
    """The game that was in progress (None if none); raises StoredFileError if unusable."""
    return _load(autosave_path(), "autosave")


def safe_name(name: str) -> str:
    cleaned = re.sub(r"[^A-Za-z0-9 _-]", "", name).strip()[:40]
    if not cleaned:
        raise ValueError("A save name needs at least one letter or digit.")
    return cleaned


def save_as(name: str, record: Record) -> Path:
    path = storage.home() / SAVES_DIR / f"{safe_name(name)}.json"
    storage.write_json(path, record.to_json())
    return path


def list_saves() -> list[str]:
    folder = storage.home() / SAVES_DIR
    if not folder.is_dir():
        return []
    files = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    return [p.stem for p in files]


def load_named(name: str) -> Record:
    record = _load(storage.home() / SAVES_DIR / f"{safe_name(name)}.json", f"save '{name}'")
    if record is None:
        raise storage.StoredFileError(f"There is no save called '{name}'.")
    return record
