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

``python -m game.tools.puzzlemaker GAME N`` finds such positions by search and writes them.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import catalogue
from ..ai import order_solver
from ..persistence import storage
from ..rules.core import Game, RulesError
from . import levels

log = logging.getLogger("gauss_arcade")

FORMAT = 1
MAX_BYTES = 200_000
GOALS = ("win",)


def puzzles_dir(game: str | None = None) -> Path:
    """Where the puzzles are: ``puzzles/`` of the shipped levels, or of the data folder of
    ``game`` when it was registered from outside (``levels.data_dir``)."""
    return levels.data_dir(game) / "puzzles"


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


def load_all(game: str, strict: bool = False) -> list[Puzzle]:
    """The puzzles of ``game``, easiest first (then by name). A file that cannot be used
    (not a regular file, too large, damaged, or a position no game can reach) is left
    out and logged, the others stay playable; ``strict`` raises RulesError instead (the
    tests keep the shipped files whole)."""
    folder = puzzles_dir(game) / game
    try:
        paths = sorted(folder.glob("*.json")) if folder.is_dir() else []
        seen = tuple((p.name, p.stat().st_mtime_ns, p.stat().st_size) for p in paths)
    except OSError:
        paths, seen = [], ()
    known = _read.get(folder)
    if known is not None and known[0] == (seen, strict):
        return list(known[1])
    found = _checked(game, paths, strict)
    _read[folder] = ((seen, strict), found)
    return list(found)


#: the puzzles of a folder as read last, with the names, times and sizes of its files then:
#: the lists, the hall of fame and every progress check read them, and each is checked by
#: setting its position up
_read: dict[Path, tuple[tuple, list[Puzzle]]] = {}


def _checked(game: str, paths: list[Path], strict: bool) -> list[Puzzle]:
    found = []
    for path in paths:
        try:
            data, problem = storage.load_json(path, FORMAT, MAX_BYTES)
            if problem:
                raise RulesError(f"puzzle {path.name}: {problem}")
            puzzle = parse(data, path.stem)
            if puzzle.game != game:
                raise RulesError(f"puzzle {path.name}: a puzzle of {puzzle.game}, not {game}")
            try:
                puzzle.start()  # a position the rules refuse would fail its screen
            except Exception as exc:  # noqa: BLE001 - a hand-edited position of any shape
                raise RulesError(f"puzzle {path.name}: {exc}") from None
        except RulesError as exc:
            if strict:
                raise
            log.warning("%s", storage.shown(exc, 300))
            continue
        found.append(puzzle)
    return sorted(found, key=lambda p: (p.grade, p.name))


# -- the search that proves a puzzle and plays its defence ---------------------------------
#: positions already searched: (state, me, depth) -> forced win. Rush reaches one board
#: by many orders of the same placements: an ending of 19 empty points is about 17 000
#: positions instead of millions of lines. Cleared at KNOWN_MOST, so that a long-running
#: puzzle screen keeps a few megabytes of positions at most.
_known: dict[tuple, bool] = {}
KNOWN_MOST = 50_000


def forced(rules: Game, state: Any, me: str, depth: int) -> bool:
    """Whether ``me`` wins by force within ``depth`` plies (a Rush turn of several
    placements counts each placement)."""
    if state.over:
        return state.winner == me
    if depth <= 0:
        return False
    key: tuple | None = (state, me, depth)
    try:
        found = _known.get(key)  # type: ignore[arg-type]
    except TypeError:  # a state that cannot be hashed (it holds a list): searched afresh
        key, found = None, None
    if found is not None:
        return found
    moves = rules.legal_moves(state)
    if not moves:
        result = False
    elif state.to_move == me:
        result = any(forced(rules, rules.play(state, m)[0], me, depth - 1) for m in moves)
    else:
        result = all(forced(rules, rules.play(state, m)[0], me, depth - 1) for m in moves)
    if key is not None:
        if len(_known) >= KNOWN_MOST:
            _known.clear()
        _known[key] = result
    return result


def line(rules: Game, state: Any, me: str, depth: int) -> list[Any]:
    """A forced win's moves: the solver's first winning move, the defence that holds out
    longest (fewest winning answers), and so on to the end."""
    out = []
    while not state.over:
        moves = rules.legal_moves(state)
        if state.to_move == me:
            move = next(m for m in moves if forced(rules, rules.play(state, m)[0], me, depth - 1))
        else:
            # the reply that leaves the solver the fewest winning answers
            def answers(m: Any, state: Any = state, depth: int = depth) -> int:
                after = rules.play(state, m)[0]
                if after.over:  # losing at once is the worst defence
                    return 1 << 30
                return sum(forced(rules, rules.play(after, a)[0], me, depth - 2)
                           for a in rules.legal_moves(after)) if after.to_move == me else 1
            move = min(moves, key=answers)
        out.append(move)
        state = rules.play(state, move)[0]
        depth -= 1
    return out


def respond(game_id: str, rules: Game, state: Any, me: str, left: int) -> tuple[str, Any]:
    """What follows the solver's move in a puzzle with ``left`` plies to go:
    ``("solved", None)``; ``("refuted", reply or None)`` when no forced win is left (the
    reply shows why); ``("reply", move)``, the defence that holds out longest; or
    ``("wait", None)`` when the solver moves again (a turn that goes on) and still wins.
    The Great Order is judged by its exact solver, the others by ``forced``."""
    if state.over:
        return ("solved", None) if state.winner == me else ("refuted", None)
    mine = state.to_move == me
    if game_id == "order":
        best = max(order_solver.exact_values(state), key=lambda mv: mv[1])  # mover minus opponent
        if mine:
            return ("wait", None) if best[1] > 0 else ("refuted", None)
        return ("refuted", best[0]) if best[1] >= 0 else ("reply", best[0])
    if not forced(rules, state, me, left):
        if mine:
            return "refuted", None
        moves = rules.legal_moves(state)
        # the reply that shows why best: one that wins at once, else any that escapes
        won = next((m for m in moves if rules.play(state, m)[0].winner == state.to_move), None)
        return "refuted", won if won is not None else next(
            (m for m in moves if not forced(rules, rules.play(state, m)[0], me, left - 1)), None)
    return ("wait", None) if mine else ("reply", line(rules, state, me, left)[0])


def winning_move(game_id: str, rules: Game, state: Any, me: str, left: int) -> Any:
    """A move of the solver's that keeps a forced win (None: there is none)."""
    if game_id == "order":
        best = max(order_solver.exact_values(state), key=lambda mv: mv[1])
        return best[0] if best[1] > 0 else None
    return next((m for m in rules.legal_moves(state) if forced(rules, rules.play(state, m)[0], me, left - 1)),
                None)
