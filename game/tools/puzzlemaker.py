"""Finding puzzles by search: ``python -m game.tools.puzzlemaker GAME COUNT [--seed S]``.

Plays random games and looks, near their ends, for positions where the side to move wins
by force in a few plies (every defence searched, AND-OR) while most of its moves do not:
a puzzle worth solving. Each is written to ``levels/puzzles/<game>/`` with the whole
line (the winning moves and the longest defence) and the keys that prove the win. The
grade is the number of the solver's own moves in the line.

Rush's endings are carved out of finished random games instead (``rush_carved``, below:
its random games are decided long before the board is full).

The Great Order is searched with its exact solver (``game.ai.order_solver``, checked against
plain minimax by the AI tests), since columns of one kind are the same move.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from .. import catalogue
from ..ai import order_solver
from ..content import levels
from ..content.puzzles import FORMAT, forced, line, puzzles_dir
from ..rules.core import Game, RulesError


def depths(game_id: str) -> tuple[int, ...]:
    """The plies of the forced lines to look for (the record's ``puzzle_depths``; odd: the
    solver moves first and last). A Rush ending is searched to the full board instead,
    however many points are left."""
    return catalogue.get(game_id).puzzle_depths


def makers() -> list[str]:
    """The games this tool finds puzzles for: Rush's carved endings, and every game whose
    record names the depths of its forced lines."""
    return [g for g in catalogue.GAME_IDS if g == "rush" or depths(g)]


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
    first = order_solver.exact_values(state)
    winning = [m for m, v in first if v > 0]
    moves = []
    while not state.over:
        values = order_solver.exact_values(state)
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


# -- Rush: endings carved out of finished boards ---------------------------------------
# Random Rush games are decided long before the board is full: with a dozen points left
# either every placement wins or only one that ends the turn too early loses. What makes
# a Rush ending worth solving is small empty areas, where the order of the placements
# decides who fills them. So a Rush puzzle starts from the full board of a random game
# with a few small areas emptied again (8 to 12 points or a few more), and its count set so
# that the best play wins by exactly one stone: a stone with no empty neighbour takes no
# further part in the game (it is nobody's connection any more), so changing its colour
# moves the final count by two and changes nothing else.

#: the largest search of one ending (positions); a carving beyond it is dropped
RUSH_MOST = 60_000


class TooBig(Exception):
    pass


def rush_margin(rules: Game, state: Any, memo: dict) -> int:
    """The final count, black minus white, with best play by both (exact, memoised)."""
    if state.over:
        return state.board.count(1) - state.board.count(2)
    key = (state.board, state.to_move, state.continuing)
    found = memo.get(key)
    if found is not None:
        return found
    if len(memo) >= RUSH_MOST:
        raise TooBig
    values = [rush_margin(rules, rules.play(state, m)[0], memo) for m in rules.legal_moves(state)]
    found = memo[key] = max(values) if state.to_move == "black" else min(values)
    return found


def rush_carved(rules: Game, level: dict[str, Any], rng: random.Random) -> Iterator[Any]:
    """Positions made from finished random games: small areas emptied, a side to move
    (a turn's start)."""
    while True:
        state = rules.new(level, seed=rng.randrange(1 << 30))
        while not state.over:
            state = rules.play(state, rules.random_move(state, rng))[0]
        size, around = state.size, state.geo.neighbours
        board = list(state.board)
        empty: set[int] = set()
        wanted = rng.randint(8, 12)
        while len(empty) < wanted:
            area = [rng.randrange(size * size)]
            for _ in range(rng.choice((0, 1, 1, 2, 2, 3))):
                # one step right, left, down or up from a point of the area, if on the board
                i = rng.choice(area)
                x, y = i % size, i // size
                nx, ny = rng.choice(((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)))
                j = ny * size + nx
                if j in around[i] and j not in area:
                    area.append(j)
            empty.update(area)
        for i in empty:
            board[i] = 0
        try:
            yield _changed(rules, level, state, board, to_move=rng.choice(rules.players), winner=None,
                           continuing=False)
        except RulesError:  # a carving the rules refuse is simply skipped
            continue


def _changed(rules: Game, level: dict[str, Any], state: Any, board: list[int], **changes: Any) -> Any:
    """``state`` with another board (and ``changes``), checked by the rules' own ``load``."""
    return rules.load_state(rules.state_json(replace(state, board=tuple(board), **changes)), level)


def rush_balanced(rules: Game, state: Any, level: dict[str, Any]) -> Any | None:
    """``state`` with its count set so that best play wins by one stone for the side to
    move, when at most half of its moves win then and something is left to find; else None."""
    moves = rules.legal_moves(state)
    if state.continuing or len(moves) < 5:
        return None
    memo: dict = {}
    sign = 1 if state.to_move == "black" else -1
    try:
        values = [sign * rush_margin(rules, rules.play(state, m)[0], memo) for m in moves]
    except TooBig:
        return None
    best = max(values)
    if 2 * values.count(best) > len(moves):
        return None
    board = list(state.board)
    me = 1 if state.to_move == "black" else 2
    give = best > 1  # too far ahead: some of the mover's settled stones change sides
    source = me if give else 3 - me
    around = state.geo.neighbours
    settled = [i for i, c in enumerate(board) if c == source and all(board[j] for j in around[i])]
    flips = abs(best - 1) // 2
    if len(settled) < flips:
        return None
    for i in spread(settled, flips):
        board[i] = 3 - source
    return _changed(rules, level, state, board)


def spread(cells: list[int], count: int) -> list[int]:
    """``count`` of ``cells`` spread over the board (every k-th), so that the changed
    stones do not gather in one corner."""
    if not count:
        return []
    step = len(cells) / count
    return [cells[int(k * step)] for k in range(count)]


def find(game_id: str, count: int, seed: int) -> list[dict[str, Any]]:
    rules = catalogue.game(game_id)
    rng = random.Random(seed)
    found: list[dict[str, Any]] = []
    keys: set[str] = set()
    if game_id == "rush":
        level = levels.load(game_id)
        made: dict[int, int] = {}
        for state in rush_carved(rules, level, rng):
            if len(found) >= count:
                break
            balanced = rush_balanced(rules, state, level)
            if balanced is not None:
                try_position(rules, game_id, balanced, found, keys, made, count)
        return found
    per_depth = -(-count // len(depths(game_id)))
    made = dict.fromkeys(depths(game_id), 0)
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
    left = plies_left(game_id, state)
    for depth in (left,) if game_id == "rush" else depths(game_id):
        if made.get(depth, 0) >= per_depth:
            continue
        if game_id == "order":
            if sum(len(c) for c in state.collections) > 2 * depth + 1:
                continue
            solution, good = order_line(state)
            if not good:
                continue
        else:
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
        made[depth] = made.get(depth, 0) + 1
        found.append({"format": FORMAT, "game": game_id, "grade": own, "goal": "win",
                      "plies": len(solution), "state": rules.state_json(state),
                      "solution": [rules.move_json(m) for m in solution],
                      "expect": {"over": True, "winner": end.winner}})
        print(f"{game_id}: grade {own}, {len(solution)} plies, {len(moves)} moves", file=sys.stderr)
        return True
    return False


TITLES = {1: "Win in one move", 2: "Win in two moves", 3: "Win in three moves", 4: "Win in four moves",
          5: "Win in five moves"}


def title(puzzle: dict[str, Any]) -> str:
    if puzzle["game"] == "rush":  # the board fills in exactly that many placements
        return f"Win the ending: {puzzle['plies']} points left"
    return TITLES.get(puzzle["grade"], "Win by force")


def write(game_id: str, puzzles: list[dict[str, Any]]) -> Path:
    """The puzzles as ``01.json``, ``02.json``, ... in the game's folder, easiest first."""
    folder = puzzles_dir(game_id) / game_id
    folder.mkdir(parents=True, exist_ok=True)
    for n, puzzle in enumerate(sorted(puzzles, key=lambda p: (p["grade"], p["plies"])), 1):
        puzzle["title"] = title(puzzle)
        (folder / f"{n:02d}.json").write_text(json.dumps(puzzle, indent=1) + "\n", encoding="utf-8")
    return folder


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.puzzlemaker",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(makers()))
    parser.add_argument("count", type=int)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    puzzles = find(args.game, args.count, args.seed)
    print(f"{len(puzzles)} puzzles in {write(args.game, puzzles)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
