"""AI against AI: ``python -m game.arena GAME --a LEVEL --b LEVEL -n N [--seed S] [--seconds S]``.

Plays ``N`` games of ``GAME`` between side A and side B, alternating seats (A takes
the game's first player id in even games, the second in odd ones); a LEVEL is
``easy``, ``medium``, ``hard``, ``random``, ``uct``: the plain UCT baseline
(:mod:`game.ai.uct`), which thinks exactly as long as its opponent's level does (or
``--seconds``), or a naive player of :mod:`game.ai.naive` (``filler``, ``filler-rev``,
``mirror`` where the game's board has a symmetry, ``greedy``), which does not think.
``--seconds S`` gives both sides S seconds a move. Prints A's wins, losses and draws,
A's score (a draw counts half) with its 95% Wilson confidence interval, and the median,
99th percentile and maximum wall-clock seconds per move of each side, with the processor
time of the slowest move (much less than its wall time: the process waited for a core).
``--time-scale`` multiplies the levels' think-time budgets (quick runs on a busy
machine); ``--jobs`` plays games in
parallel processes (each process searches on one core).

Two options are for experiments, never for the yardstick's table: ``--a-seconds S`` gives
A S seconds a move while B keeps ``--seconds`` (what more time buys), and ``--a-tuning
JSON`` overrides A's level settings as a policy's ``tuning`` entry does (``'{"rave": 0}'``:
a setting tried without editing the code).
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from .. import catalogue
from ..ai import Thinker
from ..ai import levels as ai_levels
from ..ai.mcts import Settings
from ..ai.naive import NAIVE, naive_move
from ..ai.naive import kinds as naive_kinds
from ..ai.uct import uct_move
from ..arcade import ratings
from ..content import levels

SIDES = ("a", "b")


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``score / n``."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


LEVELS = ("easy", "medium", "hard", "random", "uct", *(k for k in NAIVE if k != "random"))


def budget(game_id: str, level: str, other: str, time_scale: float, seconds: float | None) -> float:
    """A side's think time a move: ``seconds`` when given, else its level's budget (the
    baseline takes its opponent's, or hard's against another baseline or random)."""
    if seconds is not None:
        return seconds
    if level.startswith("uct@"):  # the plain UCT at a fixed time a move (the ratings' yardsticks)
        return float(level[4:]) * time_scale
    if level == "uct":
        level = other if other in ai_levels.LEVELS else "hard"
    if level not in ai_levels.LEVELS:
        return 0.0
    return ai_levels.settings(level, tuning=catalogue.get(game_id).policy.tuning).seconds * time_scale


def play_one(game_id: str, level_a: str, level_b: str, index: int, seed: int, time_scale: float,
             level_name: str | None = None, seconds: float | None = None, a_seconds: float | None = None,
             a_tuning: dict[str, Any] | None = None) -> dict[str, Any]:
    """One game; A sits in seat ``index % 2``. Returns the result and move times."""
    game = catalogue.game(game_id)
    state = game.new(levels.load(game_id, level_name), seed=seed + index)
    seat_a = game.players[index % 2]
    rngs = {"a": random.Random((seed + index) * 2 + 1), "b": random.Random((seed + index) * 2 + 2)}
    level = {"a": level_a, "b": level_b}
    own = a_seconds if a_seconds is not None else seconds
    think = {"a": budget(game_id, level_a, level_b, time_scale, own),
             "b": budget(game_id, level_b, level_a, time_scale, seconds)}
    # a level's search thinks think[side] seconds: its budget scaled to that
    scale = {side: think[side] / budget(game_id, level[side], "", 1.0, None)
             if level[side] in ai_levels.LEVELS else 1.0 for side in SIDES}
    policy = catalogue.get(game_id).policy
    policies = {"a": policy, "b": policy}
    if a_tuning and level_a in ai_levels.LEVELS:
        tuned = {**policy.tuning, level_a: {**policy.tuning.get(level_a, {}), **a_tuning}}
        policies["a"] = type(policy.__name__, (policy,), {"tuning": tuned})
    times: dict[str, list[float]] = {"a": [], "b": []}
    cpu: dict[str, list[float]] = {"a": [], "b": []}
    plies = 0
    while not state.over:
        side = "a" if state.to_move == seat_a else "b"
        t0, c0 = time.perf_counter(), time.process_time()
        if level[side] == "uct" or level[side].startswith("uct@"):
            move = uct_move(game, state, seconds=think[side], rng=rngs[side])
        elif level[side] in NAIVE and level[side] != "random":
            move = naive_move(game, state, level[side], rngs[side], policy)
        else:
            move = Thinker(game, state, level[side], rng=rngs[side], time_scale=scale[side],
                           policy=policies[side]).result()
        times[side].append(time.perf_counter() - t0)
        cpu[side].append(time.process_time() - c0)
        state, _ = game.play(state, move)
        plies += 1
    w = state.winner
    result = "draw" if w == "draw" else ("win" if w == seat_a else "loss")
    return {"result": result, "times": times, "cpu": cpu, "plies": plies, "seat_a": seat_a}


def run(game_id: str, level_a: str, level_b: str, n: int, seed: int = 1, time_scale: float = 1.0,
        jobs: int = 1, level_name: str | None = None, progress: bool = False,
        seconds: float | None = None, a_seconds: float | None = None,
        a_tuning: dict[str, Any] | None = None) -> dict[str, Any]:
    args = [(game_id, level_a, level_b, i, seed, time_scale, level_name, seconds, a_seconds, a_tuning)
            for i in range(n)]
    games: list[dict[str, Any]] = []
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            for g in pool.map(_star, args):
                games.append(g)
                if progress:
                    print(".", end="", file=sys.stderr, flush=True)
    else:
        for a in args:
            games.append(play_one(*a))
            if progress:
                print(".", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    wins = sum(g["result"] == "win" for g in games)
    losses = sum(g["result"] == "loss" for g in games)
    draws = n - wins - losses
    score = wins + 0.5 * draws
    lo, hi = wilson(score, n)
    out: dict[str, Any] = {"game": game_id, "a": level_a, "b": level_b, "n": n, "seed": seed,
                           "time_scale": time_scale, "seconds": seconds,
                           **({"a_seconds": a_seconds} if a_seconds is not None else {}),
                           **({"a_tuning": a_tuning} if a_tuning else {}),
                           "wins": wins, "losses": losses, "draws": draws,
                           "score": round(score / n, 4) if n else 0.0,
                           "ci95": [round(lo, 4), round(hi, 4)],
                           "plies_median": statistics.median(g["plies"] for g in games) if games else 0}
    for side in SIDES:
        t = [x for g in games for x in g["times"][side]]
        c = [x for g in games for x in g["cpu"][side]]
        worst = max(range(len(t)), key=t.__getitem__) if t else None
        out[f"sec_per_move_{side}"] = {
            "median": round(statistics.median(t), 4) if t else 0.0,
            "p99": round(sorted(t)[min(len(t) - 1, int(0.99 * len(t)))], 4) if t else 0.0,
            "max": round(t[worst], 4) if t else 0.0,
            # the processor time of the slowest move: far below its wall time means the
            # process was waiting for a core (a busy machine), not searching
            "max_cpu": round(c[worst], 4) if t else 0.0,
            "moves": len(t)}
    return out


def _star(a: tuple) -> dict[str, Any]:
    return play_one(*a)


def _tuning(text: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"not JSON: {exc}") from None
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError("a JSON object of settings, e.g. '{\"rave\": 0}'")
    known = {f.name for f in dataclasses.fields(Settings)}
    unknown = sorted(set(value) - known)
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown settings {', '.join(unknown)}; "
                                         f"known: {', '.join(sorted(known))}")
    return value


def ladder(game_id: str, n: int, time_scale: float = 1.0, seed: int = 1, level_name: str | None = None,
           reach: int = 3, progress: bool = True) -> dict[str, Any]:
    """The ratings' round-robin (``game.arcade.ratings.schedule``) played and fitted."""
    game = catalogue.game(game_id)
    have = set(naive_kinds(game, game.new(levels.load(game_id, level_name))))
    chosen = [p for p in ratings.PLAYERS if p not in NAIVE or p in have]
    pairs = []
    started = time.time()
    for a, b in ratings.schedule(chosen, reach):
        if progress:
            print(f"{game_id}: {a} vs {b}", file=sys.stderr, flush=True)
        r = run(game_id, a, b, n, seed=seed, time_scale=time_scale, level_name=level_name)
        pairs.append({k: r[k] for k in ("a", "b", "n", "wins", "losses", "draws", "score", "ci95")})
    return {"ratings": ratings.fit(pairs), "pairs": pairs, "n": n, "time_scale": time_scale, "seed": seed,
            "reach": reach, "level": level_name or catalogue.get(game_id).default_level,
            "minutes": round((time.time() - started) / 60, 1)}


def write_ladder(game_id: str, n: int, time_scale: float, seed: int, level_name: str | None, command: str,
                 out: Path | None = None) -> int:
    """``--ladder``: play and fit ``game_id``'s round-robin, print the ratings and keep them
    in the ratings file beside the other games' (with the command and the day)."""
    out = out or ratings.FILE
    data = ratings.load(out)
    result = ladder(game_id, n, time_scale, seed, level_name)
    result["command"] = command
    result["date"] = time.strftime("%Y-%m-%d")
    data["games"][game_id] = result
    for player, r in sorted(result["ratings"].items(), key=lambda kv: -kv[1]["elo"]):
        print(f"{game_id:11} {player:10} {r['elo']:7.0f} ± {1.96 * r['se']:.0f}  ({r['games']} games)")
    try:
        out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    except OSError as error:
        print(f"arena: cannot write {out}: {error.strerror or error}", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.arena", description=__doc__.split("\n\n")[0])
    p.add_argument("game", choices=[g for g in catalogue.GAME_IDS])
    p.add_argument("--a", default="hard", choices=LEVELS)
    p.add_argument("--b", default="random", choices=LEVELS)
    p.add_argument("-n", type=int, default=20, help="games to play (seats alternate)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--time-scale", type=float, default=1.0, help="multiply every think-time budget")
    p.add_argument("--seconds", type=float, default=None,
                   help="both sides think this long a move (equal time), whatever their levels")
    p.add_argument("--a-seconds", type=float, default=None,
                   help="an experiment: A thinks this long a move, B as --seconds says")
    p.add_argument("--a-tuning", type=_tuning, default=None,
                   help="an experiment: A's level settings overridden, a JSON object")
    p.add_argument("--jobs", type=int, default=1, help="parallel processes")
    p.add_argument("--level", default=None, help="the game's level (board), default the game's default")
    p.add_argument("--json", action="store_true")
    p.add_argument("--ladder", action="store_true",
                   help="a round-robin of the strengths, the plain UCT and the naive players, "
                        "rated (game.arcade.ratings; -n games a pair) into game/ai/strength.json")
    p.add_argument("--out", type=Path, default=ratings.FILE, help="where --ladder writes the ratings")
    ns = p.parse_args(argv)
    if ns.ladder:
        argv = argv if argv is not None else sys.argv[1:]
        return write_ladder(ns.game, ns.n, ns.time_scale, ns.seed, ns.level,
                            "python -m game.arena " + " ".join(argv), ns.out)
    for side in (ns.a, ns.b):
        game = catalogue.game(ns.game)
        if side in NAIVE and side not in naive_kinds(game, game.new(levels.load(ns.game, ns.level))):
            p.error(f"{ns.game} has no board symmetry: no {side} player")
    r = run(ns.game, ns.a, ns.b, ns.n, ns.seed, ns.time_scale, ns.jobs, ns.level, progress=not ns.json,
            seconds=ns.seconds, a_seconds=ns.a_seconds, a_tuning=ns.a_tuning)
    if ns.json:
        print(json.dumps(r))
        return 0
    timing = f"{r['seconds']} s a move each" if r["seconds"] is not None else f"time scale {r['time_scale']}"
    print(f"{r['game']}: A={r['a']} vs B={r['b']}, {r['n']} games, seed {r['seed']}, {timing}")
    print(f"  A wins {r['wins']}, losses {r['losses']}, draws {r['draws']}; "
          f"A's score {r['score']:.3f} (95% CI {r['ci95'][0]:.3f}-{r['ci95'][1]:.3f})")
    for side in SIDES:
        t = r[f"sec_per_move_{side}"]
        print(f"  {side.upper()} ({r[side]}): median {t['median']:.3f} s, max {t['max']:.3f} s per move "
              f"({t['moves']} moves; 99th percentile {t['p99']:.3f} s; the slowest took {t['max_cpu']:.3f} s "
              f"of processor time)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
