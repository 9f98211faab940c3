"""Finding puzzles by search: ``python -m game.puzzlemaker GAME COUNT [--seed S]``.

Plays random games and looks, near their ends, for positions where the side to move wins
by force in a few plies (every defence searched, AND-OR) while most of its moves do not:
a puzzle worth solving. Each is written to ``levels/puzzles/<game>/`` with the whole
line (the winning moves and the longest defence) and the keys that prove the win. The
grade is the number of the solver's own moves in the line.

The Great Order is searched with its exact solver (``game.ai.policies``, checked against
plain minimax by the AI tests), since columns of one kind are the same move.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator
from typing import Any

from . import catalogue, levels
from .ai import policies
from .puzzles import FORMAT, forced, line, puzzles_dir
from .rules.core import Game

#: plies of the forced line to look for, per game (odd: the solver moves first and last)
DEPTHS = {"gauss": (1, 3), "rush": (3, 5, 7), "sparks": (1, 3), "order": (1, 3, 5)}


#: the largest share of the moves that may win: a puzzle must leave something to find (at
#: the end of Rush few points are left, so half of them may be right)
SHARE = {"rush": 0.5}


def plies_left(game_id: str, state: Any) -> int | None:
    """How many plies the game has left at most, where the rules fix it (Rush ends when
    the board is full, GAUSS after 30 placements); None where they do not."""
    if game_id == "rush":
        return sum(row.count(".") for row in catalogue.game("rush").state_json(state)["board"])
    return None


def order_line(state: Any) -> tuple[list[Any], bool]:
    """The Great Order: best play by both to the end (exact solver); whether the first
    mover wins, and whether its first choice was the only winning one."""
    rules = catalogue.game("order")
    me = state.to_move
    first = policies.OrderPolicy.exact_values(state)
    winning = [m for m, v in first if v > 0]
    moves = []
    while not state.over:
        values = policies.OrderPolicy.exact_values(state)
        move = max(values, key=lambda mv: mv[1])[0]
        moves.append(move)
        state = rules.play(state, move)[0]
    return moves, state.winner == me and len(winning) == 1 and len(first) > 1


def candidates(game_id: str, rng: random.Random) -> Iterator[list[Any]]:
    """The last positions of random games, from the end backwards, a game at a time."""
    rules = catalogue.game(game_id)
    level = levels.load(game_id)
    while True:
        state = rules.new(level, seed=rng.randrange(1 << 30))
        seen = [state]
        while not state.over:
            state = rules.play(state, rules.random_move(state, rng))[0]
            seen.append(state)
        yield list(reversed(seen[-14:-1]))


def find(game_id: str, count: int, seed: int) -> list[dict[str, Any]]:
    rules = catalogue.game(game_id)
    rng = random.Random(seed)
    found: list[dict[str, Any]] = []
    keys: set[str] = set()
    per_depth = -(-count // len(DEPTHS[game_id]))
    made = dict.fromkeys(DEPTHS[game_id], 0)
    for game in candidates(game_id, rng):
        if len(found) >= count:
            break
        for state in game:  # one puzzle a game at most: no near-repeats of one idea
            if try_position(rules, game_id, state, found, keys, made, per_depth):
                break
    return found


def try_position(rules: Game, game_id: str, state: Any, found: list, keys: set, made: dict,
                 per_depth: int) -> bool:
    """Add ``state`` to ``found`` when it makes a puzzle of a depth still wanted."""
    if state.over or (game_id == "order" and state.phase != "play"):
        return False
    key = json.dumps(rules.state_json(state), sort_keys=True)
    me = state.to_move
    moves = rules.legal_moves(state)
    if key in keys or len(moves) < 2:
        return False
    for depth in DEPTHS[game_id]:
        if made[depth] >= per_depth:
            continue
        if game_id == "order":
            if sum(len(c) for c in state.collections) > 2 * depth + 1:
                continue
            solution, good = order_line(state)
            if not good:
                continue
        else:
            left = plies_left(game_id, state)
            if left is not None and left > depth:
                continue  # the game cannot end within the depth: no forced win to find
            if not forced(rules, state, me, depth) or forced(rules, state, me, depth - 2):
                continue  # no forced win, or already a shorter one
            winning = sum(forced(rules, rules.play(state, m)[0], me, depth - 1) for m in moves)
            if winning > len(moves) * SHARE.get(game_id, 0.25) or len(moves) < 3:
                continue  # too many moves win: nothing to find
            solution = line(rules, state, me, depth)
        end, own = state, 0
        for m in solution:
            own += end.to_move == me
            end = rules.play(end, m)[0]
        keys.add(key)
        made[depth] += 1
        found.append({"format": FORMAT, "game": game_id, "grade": own, "goal": "win",
                      "plies": len(solution), "state": rules.state_json(state),
                      "solution": [rules.move_json(m) for m in solution],
                      "expect": {"over": True, "winner": end.winner}})
        print(f"{game_id}: grade {own}, {len(solution)} plies, {len(moves)} moves", file=sys.stderr)
        return True
    return False


TITLES = {1: "Win in one move", 2: "Win in two moves", 3: "Win in three moves", 4: "Win in four moves",
          5: "Win in five moves"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.puzzlemaker", description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(DEPTHS))
    parser.add_argument("count", type=int)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    folder = puzzles_dir() / args.game
    folder.mkdir(parents=True, exist_ok=True)
    puzzles = sorted(find(args.game, args.count, args.seed), key=lambda p: (p["grade"], p["plies"]))
    for n, puzzle in enumerate(puzzles, 1):
        puzzle["title"] = TITLES.get(puzzle["grade"], "Win by force")
        path = folder / f"{n:02d}.json"
        path.write_text(json.dumps(puzzle, indent=1) + "\n", encoding="utf-8")
    print(f"{len(puzzles)} puzzles in {folder}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
