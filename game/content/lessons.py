"""Lessons: one course per game, a step per rule, as data in ``levels/lessons/<game>.json``.

A course file is read like a level (never executed)::

    {"format": 1, "game": "gauss", "title": "...", "steps": [STEP, ...]}

A step::

    {"rules": ["Attraction"], "title": "...", "prompt": "...", "state": STATE,
     "goal": {"type": "slide", "force": "attract"}, "explain": "...", "wrong": "..."}

``state`` is a position exactly as the engine protocol prints it (``load`` takes it). The
player makes a move there; the move is right when one of its effects has every key and
value of ``goal`` (``{"type": "score"}``: any score), or with ``"goal": {}`` any legal
move is. ``"every": true`` says every legal move there reaches it (the step shows a rule at
work rather than asking for a choice); otherwise some move must miss it. A right move's
effects play out and ``explain`` says what happened; a wrong one plays out too, ``wrong``
says why it was not it, and the position comes back. ``rules`` names the paragraphs of
``docs/rules/<game>.md`` ("The rules") the step teaches: the tests check that a course
reaches every one. The words are English; screens show them in the
player's language (they are extracted for translation like level titles).

``python -m game.content.lessons fill GAME`` finds a position for every step whose ``state`` is
null: the earliest of a few random games where some moves reach the goal and (unless
``every``) some do not.
"""
from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import catalogue
from ..persistence import storage
from ..rules.core import Game, RulesError
from . import levels

FORMAT = 1
MAX_BYTES = 400_000
TEXTS = ("title", "prompt", "explain", "wrong")


def lessons_dir(game: str | None = None) -> Path:
    """Where the courses are: ``lessons/`` of the shipped levels, or of the data folder of
    ``game`` when it was registered from outside (``levels.data_dir``)."""
    return levels.data_dir(game) / "lessons"


@dataclass(frozen=True)
class Step:
    rules: tuple[str, ...]
    title: str
    prompt: str
    state: dict[str, Any]
    goal: dict[str, Any]
    explain: str
    wrong: str
    #: every legal move reaches the goal (the step shows a rule at work, not a choice)
    every: bool = False

    def start(self, game: str) -> tuple[Game, Any]:
        """The rules and the step's position, loaded as the engine's ``load`` would."""
        rules = catalogue.game(game)
        name = self.state.get("level")
        level = levels.load(game, name if isinstance(name, str) else None, strict=True)
        return rules, rules.load_state(self.state, level)


@dataclass(frozen=True)
class Course:
    game: str
    title: str
    steps: tuple[Step, ...]


def reaches(goal: dict[str, Any], effects: list[dict[str, Any]]) -> bool:
    """Whether a move with ``effects`` reaches ``goal`` (an empty goal: any move does)."""
    if not goal:
        return True
    return any(all(e.get(k) == v for k, v in goal.items()) for e in effects)


def parse_step(data: Any, where: str) -> Step:
    if not isinstance(data, dict):
        raise RulesError(f"{where}: a step must be an object")
    for key in TEXTS:
        if not isinstance(data.get(key), str):
            raise RulesError(f"{where}: {key!r} must be a string")
    rules = data.get("rules")
    if not isinstance(rules, list) or not rules or not all(isinstance(r, str) for r in rules):
        raise RulesError(f"{where}: 'rules' must name the rules the step teaches")
    state, goal = data.get("state"), data.get("goal")
    if not isinstance(state, dict) or not isinstance(goal, dict):
        raise RulesError(f"{where}: 'state' and 'goal' must be objects")
    every = data.get("every", False)
    if not isinstance(every, bool):
        raise RulesError(f"{where}: 'every' must be true or false")
    return Step(tuple(rules), data["title"], data["prompt"], state, goal, data["explain"], data["wrong"],
                every)


def parse(data: Any, name: str = "") -> Course:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RulesError(f"lessons {name}: not a format-{FORMAT} course")
    game = data.get("game")
    if game not in catalogue.RECORDS:
        raise RulesError(f"lessons {name}: unknown game {game!r}")
    steps = data.get("steps")
    if not isinstance(steps, list) or not steps or not isinstance(data.get("title"), str):
        raise RulesError(f"lessons {name}: a course needs a title and steps")
    return Course(game, data["title"], tuple(parse_step(s, f"lessons {name}, step {k + 1}")
                                             for k, s in enumerate(steps)))


def load(game: str) -> Course | None:
    """``game``'s course (None when it has none, or its file cannot be used: logged). The
    file is read like every other (``storage.load_json``: a FIFO or a link to an endless
    device is refused at once); a step whose position the rules refuse makes the course
    unusable, rather than failing its screen."""
    path = lessons_dir(game) / f"{game}.json"
    data, problem = storage.load_json(path, FORMAT, MAX_BYTES)
    try:
        if data is None:
            if not problem:
                return None  # no course for this game
            raise RulesError(f"lessons {game}: {problem}")
        course = parse(data, game)
        for n, step in enumerate(course.steps, 1):
            try:
                step.start(course.game)
            except Exception as exc:  # noqa: BLE001 - a hand-edited position of any shape
                raise RulesError(f"lessons {game}, step {n}: {exc}") from None
        return course
    except RulesError as exc:
        import logging

        logging.getLogger("gauss_arcade").warning("The lessons of %s cannot be used: %s", game,
                                                  storage.shown(exc, 300))
        return None


def games_with_lessons() -> list[str]:
    return [g for g in catalogue.GAME_IDS if load(g) is not None]


# -- finding positions ---------------------------------------------------------------------
def find_position(game: str, goal: dict[str, Any], seeds: range = range(1, 40), some_wrong: bool = True
                  ) -> dict[str, Any]:
    """The earliest position of a few random games where some legal move reaches ``goal``
    (and, with ``some_wrong``, some does not): as the engine prints it."""
    entry = catalogue.get(game)
    rules = entry.rules
    best: tuple[int, dict[str, Any]] | None = None
    for seed in seeds:
        state = rules.new(entry.builtin_level, seed=seed)
        rng = random.Random(seed)
        ply = 0
        while not state.over and (best is None or ply < best[0]):
            moves = candidates(rules, state, rng)
            hits = [reaches(goal, rules.play(state, m)[1]) for m in moves]
            if any(hits) and (not some_wrong or not all(hits)):
                best = (ply, rules.state_json(state))
                break
            state = rules.play(state, rules.random_move(state, rng))[0]
            ply += 1
    if best is None:
        raise RulesError(f"no position for the goal {goal} in {len(seeds)} games")
    return best[1]


def candidates(rules: Game, state: Any, rng: random.Random, samples: int = 20) -> list[Any]:
    """The legal moves, or where they are too many to list (an arrangement of The Great
    Order) a sample of them."""
    return rules.legal_moves(state) or [rules.random_move(state, rng) for _ in range(samples)]


def fill(game: str) -> int:
    """Give every step of ``game``'s course file with a null ``state`` a position; the
    number filled."""
    path = lessons_dir(game) / f"{game}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    filled = 0
    for step in data["steps"]:
        if step.get("state") is None:
            step["state"] = find_position(game, step["goal"], some_wrong=not step.get("every", False))
            filled += 1
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    parse(data, game)
    return filled


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] != "fill" or argv[1] not in catalogue.RECORDS:
        print("usage: python -m game.content.lessons fill GAME", file=sys.stderr)
        return 2
    print(f"{fill(argv[1])} positions found for {argv[1]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
