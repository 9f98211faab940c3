"""Benchmarks: ``python -m game.bench [--json] [--games gauss,rush] [--quick]``.

* engine: random playouts per second of each game's rules engine (median of
  several timed runs; each run plays whole games from the default level's start).
* frames: median and 99th-percentile frame time (update + draw) of each game's
  scene at 1280×720 with SDL's dummy video driver, while its animations play
  (a random move is fed through the animation queue whenever it runs dry).
* ``--soak FRAMES``: the demo (computer against computer, every game in turn, real
  think budgets) run headless for FRAMES frames; per window of frames, the memory
  Python holds and the median CPU and wall time per frame, to show they stay flat.

Speed is measured here, never in unit tests; the machines are shared and noisy,
so medians and percentiles are reported, not bests.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time

from . import catalogue, levels


def engine_playouts(game_id: str, seconds: float = 1.0, runs: int = 5, seed: int = 1) -> float:
    """Median over ``runs`` of random games per second on the default level."""
    game = catalogue.game(game_id)
    start = game.new(levels.load(game_id), seed=seed)
    rng = random.Random(seed)
    rates = []
    for _ in range(runs):
        n, t0 = 0, time.perf_counter()
        while True:
            game.random_playout(start, rng)
            n += 1
            elapsed = time.perf_counter() - t0
            if elapsed >= seconds:
                break
        rates.append(n / elapsed)
    return statistics.median(rates)


def percentile(sorted_values: list[float], p: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * p / 100))]


def scene_frames(game_id: str, frames: int = 900, size: tuple[int, int] = (1280, 720), seed: int = 1
                 ) -> dict[str, float]:
    """Frame times in ms of a game scene kept animating; median and p99."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"  # --json promises one JSON object on stdout
    from .app.app import Options
    from .navigation import make_app

    app = make_app(Options(headless=True, size=size))
    try:
        app.start()
        app.start_game(game_id, seed=seed)
        scene = app.stack.top
        scene.autosave = False  # a benchmark is not a game in progress
        rng = random.Random(seed)
        dt = 1 / 60
        wall, cpu = [], []
        for _ in range(frames):
            scene.bench_feed(rng)
            t0, c0 = time.perf_counter(), time.thread_time()
            app._frame([], dt)
            wall.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.thread_time() - c0) * 1000)
        # the first frames build caches: not what a player sees in play
        wall, cpu = sorted(wall[30:]), sorted(cpu[30:])
        # wall time is what a player sees; CPU time shows the frame's own work when other
        # processes share the machine's two cores (a wall p99 then mostly measures waiting)
        return {"median_ms": round(statistics.median(wall), 3),
                "p99_ms": round(percentile(wall, 99), 3),
                "cpu_median_ms": round(statistics.median(cpu), 3),
                "cpu_p99_ms": round(percentile(cpu, 99), 3),
                "frames": len(wall)}
    finally:
        app.shutdown()


def demo_soak(frames: int = 24000, window: int = 2000, seed: int = 99, game_seconds: float = 30.0
              ) -> dict:
    """Run the demo for ``frames`` frames of 1/60 s; a row per ``window`` frames."""
    import tracemalloc

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    from .app.app import Options
    from .navigation import make_app

    app = make_app(Options(headless=True, demo=True, seed=seed))
    rows = []
    try:
        app.start()
        demo = app.stack.top
        demo.game_seconds = game_seconds
        tracemalloc.start()
        done = 0
        while done < frames:
            wall, cpu = [], []
            for _ in range(min(window, frames - done)):
                t0, c0 = time.perf_counter(), time.process_time()
                app.frame([], 1 / 60)
                wall.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.process_time() - c0) * 1000)
            done += len(wall)
            wall.sort()
            rows.append({"frames": done, "memory_kib": tracemalloc.get_traced_memory()[0] // 1024,
                         "cpu_median_ms": round(statistics.median(cpu), 3),
                         "wall_median_ms": round(statistics.median(wall), 3),
                         "wall_p99_ms": round(percentile(wall, 99), 3), "games": demo.played})
        tracemalloc.stop()
        return {"windows": rows, "games": demo.played, "demo_alive": app.stack.top is demo}
    finally:
        app.shutdown()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--games", help="comma-separated game ids (default: every available game)")
    p.add_argument("--quick", action="store_true", help="shorter runs (a smoke test, not a measurement)")
    p.add_argument("--soak", type=int, metavar="FRAMES", help="run the demo this many frames instead")
    ns = p.parse_args(argv)
    if ns.soak:
        soak = demo_soak(ns.soak, window=max(1, ns.soak // 12))
        if ns.json:
            print(json.dumps(soak))
            return 0
        for row in soak["windows"]:
            print(f"soak  frame {row['frames']:>6}  memory {row['memory_kib']:>7} KiB  CPU median "
                  f"{row['cpu_median_ms']:.2f} ms  wall median {row['wall_median_ms']:.2f} ms  "
                  f"p99 {row['wall_p99_ms']:.2f} ms  games {row['games']}", flush=True)
        print(f"soak  {soak['games']} games, demo {'still running' if soak['demo_alive'] else 'FAILED'}")
        return 0
    ids = list(catalogue.GAME_IDS)
    if ns.games:
        wanted = ns.games.split(",")
        bad = [g for g in wanted if g not in ids]
        if bad:
            p.error(f"not an available game: {', '.join(bad)}; available: {', '.join(ids)}")
        ids = wanted
    seconds, runs, frames = (0.2, 2, 120) if ns.quick else (1.0, 5, 900)
    result: dict[str, dict] = {"engine": {}, "frames": {}}
    for game_id in ids:
        result["engine"][game_id] = {"playouts_per_s": round(engine_playouts(game_id, seconds, runs), 1)}
        if not ns.json:
            rate = result["engine"][game_id]["playouts_per_s"]
            print(f"engine  {game_id:<11} {rate:>10.1f} random games/s",
                  flush=True)
    for game_id in ids:
        result["frames"][game_id] = scene_frames(game_id, frames)
        if not ns.json:
            f = result["frames"][game_id]
            print(f"frames  {game_id:<11} median {f['median_ms']:.2f} ms   p99 {f['p99_ms']:.2f} ms"
                  f"   (CPU: median {f['cpu_median_ms']:.2f} ms, p99 {f['cpu_p99_ms']:.2f} ms;"
                  f" {f['frames']} frames at 1280x720)", flush=True)
    if ns.json:
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
