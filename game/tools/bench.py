"""Benchmarks: ``python -m game.bench [--json] [--games gauss,rush] [--quick]``.

* engine: random playouts per second of each game's rules engine (median of
  several timed runs; each run plays whole games from the default level's start).
* frames: median and 99th-percentile frame time (update + draw) of each game's
  scene at 1280×720 with SDL's dummy video driver, while its animations play
  (a random move is fed through the animation queue whenever it runs dry).
* ``--phones``: a game of a phone (one side, through the hub on 127.0.0.1) against the
  hard computer (the other side, in its worker), in the real loop: the frames while the
  computer thinks and the phone taps at its rate limit, and how long a tap waits, from
  its arrival at the hub, for the frame that answers it on screen.
* ``--phones --two-phones``: two phones play each other (every seat a phone); every frame
  drawn, on the real video driver with ``--display`` (at ``--sizes``).
* ``--soak FRAMES``: the demo (computer against computer, every game in turn, real
  think budgets) run headless for FRAMES frames; per window of frames, the memory
  Python holds and the median CPU and wall time per frame, to show they stay flat.
* ``--display``: the same frames on the real video driver (a window is opened; on a
  machine without a screen run it under Xvfb, software rendering like a kiosk without
  a GPU)::

      xvfb-run -a -s "-screen 0 3840x2160x24" python -m game.bench --display

  per window size (1280x720, 1920x1080, 3840x2160; ``--sizes`` to choose): each game
  animating and the demo (median and p99 of a frame's wall time, present included;
  its CPU share at 60 frames a second), and the CPU share of the real loop over an
  idle title and an idle game (nobody touching anything: the loop rests).

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
from pathlib import Path

from .. import catalogue
from ..content import levels


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


def quiet_pygame(display: bool = False) -> None:
    """No sound device and no banner (--json promises one JSON object on stdout); the
    dummy video driver unless ``display`` (then the environment's own, e.g. X11)."""
    if not display:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"


def frame_stats(wall: list[float], cpu: list[float]) -> dict[str, float]:
    """Median and p99 of wall and CPU ms per frame, and the CPU share of a core the
    frames take at 60 a second (the first frames build caches and are left out)."""
    wall, cpu = sorted(wall[30:]), sorted(cpu[30:])
    return {"median_ms": round(statistics.median(wall), 3),
            "p99_ms": round(percentile(wall, 99), 3),
            "max_ms": round(wall[-1], 3),
            "cpu_median_ms": round(statistics.median(cpu), 3),
            "cpu_p99_ms": round(percentile(cpu, 99), 3),
            "cpu_share_60hz": round(min(1.0, statistics.fmean(cpu) * 60 / 1000), 3),
            "frames": len(wall)}


def scene_frames(game_id: str, frames: int = 900, size: tuple[int, int] = (1280, 720), seed: int = 1,
                 display: bool = False) -> dict[str, float]:
    """Frame times in ms of a game scene kept animating; median and p99."""
    quiet_pygame(display)
    from ..app.app import Options
    from ..navigation import make_app

    app = make_app(Options(headless=not display, size=size))
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
        # wall time is what a player sees; CPU time shows the frame's own work when other
        # processes share the machine's two cores (a wall p99 then mostly measures waiting)
        return frame_stats(wall, cpu)
    finally:
        app.shutdown()


def thinking_frames(game_id: str, moves: int = 4, seed: int = 5, display: bool = False,
                    size: tuple[int, int] = (1280, 720)) -> dict[str, float]:
    """The frames of a game scene while the hard computer thinks (in its worker
    process), paced at 60 a second as the real loop does; and how long each search took
    from the scene's question to its answer, against the level's budget."""
    quiet_pygame(display)
    from ..ai import levels as ai_levels
    from ..app.app import Options
    from ..navigation import make_app
    from ..scenes.menus.seats import Seat

    record = catalogue.get(game_id)
    budget = ai_levels.settings("hard", tuning=record.policy.tuning).seconds
    app = make_app(Options(headless=not display, size=size, ai_worker=True))
    try:
        app.start()
        app.start_game(game_id, seed=seed, seats={p: Seat(p, "hard") for p in record.players})
        game = app.stack.top
        game.autosave = False
        # the worker has booted (about 0.6 s on these machines: a game started from the title
        # never waits for it, one started by --game waits once), the first frames built their caches
        app.loop(1.5)
        wall: list[float] = []
        cpu: list[float] = []
        thinks: list[float] = []
        answered = None  # the search whose answer was last counted
        end = time.perf_counter() + 60
        while len(thinks) < moves and not game.state.over and time.perf_counter() < end:
            t0, c0 = time.perf_counter(), time.thread_time()
            thinker = game.thinker  # the search under way as the frame starts
            app._frame([], 1 / 60)
            if thinker is not None:
                wall.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.thread_time() - c0) * 1000)
                if thinker.done and thinker is not answered:  # its answer came in this frame
                    answered = thinker
                    thinks.append(time.perf_counter() - getattr(thinker, "started", t0))
            rest = 1 / 60 - (time.perf_counter() - t0)
            if rest > 0:
                time.sleep(rest)
        wall.sort()
        cpu.sort()
        return {"frame_median_ms": round(statistics.median(wall), 3),
                "frame_p99_ms": round(percentile(wall, 99), 3),
                "frame_max_ms": round(wall[-1], 3),
                # the frame's own work: on a shared machine the wall p99 is mostly waiting
                "frame_cpu_p99_ms": round(percentile(cpu, 99), 3),
                "think_wall_s": round(statistics.median(thinks), 3) if thinks else None,
                "think_wall_max_s": round(max(thinks), 3) if thinks else None,
                "think_budget_s": budget, "searches": len(thinks), "frames": len(wall)}
    finally:
        app.shutdown()


def autosave_ms(game_id: str, moves: int = 24, seed: int = 3) -> dict[str, float]:
    """What the autosave costs the frame a move lands in (the frame benchmarks play with the
    autosave off): moves a tenth of a second apart, each written to a home folder of the
    benchmark's own on this machine's disk; median and p90 in ms."""
    import tempfile

    quiet_pygame()
    from ..app.app import Options
    from ..navigation import make_app

    was = os.environ.get("GAUSS_ARCADE_HOME")
    # on the disk a player's home folder is on (a temporary folder may be in memory)
    base = Path.home() if os.access(Path.home(), os.W_OK) else None
    with tempfile.TemporaryDirectory(prefix="gauss-arcade-bench-", dir=base) as folder:
        os.environ["GAUSS_ARCADE_HOME"] = folder
        app = make_app(Options(headless=True))
        try:
            app.start()
            app.start_game(game_id, seed=seed)
            scene = app.stack.top
            rng = random.Random(seed)
            spent: list[float] = []
            while len(spent) < moves and not scene.state.over:
                move = scene.rules.random_move(scene.state, rng)
                scene.autosave = False
                scene.commit(move, animate=False)
                scene.autosave = True
                t0 = time.perf_counter()
                scene.save_progress()
                spent.append((time.perf_counter() - t0) * 1000)
                time.sleep(0.1)
        finally:
            app.shutdown()
            if was is None:
                os.environ.pop("GAUSS_ARCADE_HOME", None)
            else:
                os.environ["GAUSS_ARCADE_HOME"] = was
    spent.sort()
    return {"median_ms": round(statistics.median(spent), 3),
            "p90_ms": round(spent[int(len(spent) * 0.9)], 3), "max_ms": round(spent[-1], 3),
            "moves": len(spent)}


def demo_frames(frames: int = 900, size: tuple[int, int] = (1280, 720), seed: int = 7,
                display: bool = False) -> dict[str, float]:
    """Frame times of the demo (the computer playing itself, thinking in the frames)."""
    quiet_pygame(display)
    from ..app.app import Options
    from ..navigation import make_app

    app = make_app(Options(headless=not display, size=size, demo=True, seed=seed))
    try:
        app.start()
        wall, cpu = [], []
        for _ in range(frames):
            t0, c0 = time.perf_counter(), time.thread_time()
            app._frame([], 1 / 60)
            wall.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.thread_time() - c0) * 1000)
            rest = 1 / 60 - (time.perf_counter() - t0)
            if rest > 0:
                time.sleep(rest)  # the demo's clock is real: its moves come at their pace
        return frame_stats(wall, cpu)
    finally:
        app.shutdown()


def idle_share(game_id: str | None = None, seconds: float = 4.0, size: tuple[int, int] = (1280, 720),
               display: bool = False) -> float:
    """The share of a core the real loop takes over a screen nobody touches: the title
    (its ring of discs at rest) or a game between moves, measured after it settled."""
    quiet_pygame(display)
    from ..app.app import Options
    from ..navigation import make_app
    from ..scenes.menus.title import TitleScene

    app = make_app(Options(headless=not display, size=size))
    try:
        app.start()
        if game_id:
            app.start_game(game_id, seed=1)
            app.stack.top.autosave = False
        app.loop(3.0)  # banners run out, caches fill
        app.idle = TitleScene.DRIFT_SECONDS + 60  # nobody has touched it for a while
        t0, c0 = time.perf_counter(), time.process_time()
        app.loop(seconds)
        return round((time.process_time() - c0) / (time.perf_counter() - t0), 4)
    finally:
        app.shutdown()


SIZES = ((1280, 720), (1920, 1080), (3840, 2160))


def display_bench(ids: list[str], sizes: list[tuple[int, int]], frames: int, idle_seconds: float,
                  echo: bool) -> dict:
    """The frames and the idle loop on the real video driver, per window size."""
    import pygame

    out: dict = {"driver": None, "sizes": {}}
    for w, h in sizes:
        key = f"{w}x{h}"
        row: dict = {"games": {}, "demo": None, "idle": {}}
        for game_id in ids:
            row["games"][game_id] = f = scene_frames(game_id, frames, (w, h), display=True)
            if echo:
                print(f"display {key:<9} {game_id:<11} median {f['median_ms']:6.2f} ms  p99 "
                      f"{f['p99_ms']:6.2f} ms  max {f['max_ms']:6.2f} ms  CPU at 60 Hz "
                      f"{100 * f['cpu_share_60hz']:5.1f} %", flush=True)
        row["demo"] = f = demo_frames(frames, (w, h), display=True)
        if echo:
            print(f"display {key:<9} {'demo':<11} median {f['median_ms']:6.2f} ms  p99 "
                  f"{f['p99_ms']:6.2f} ms  max {f['max_ms']:6.2f} ms  CPU at 60 Hz "
                  f"{100 * f['cpu_share_60hz']:5.1f} %", flush=True)
        for game_id in [None, *ids]:
            share = idle_share(game_id, idle_seconds, (w, h), display=True)
            row["idle"][game_id or "title"] = share
            if echo:
                print(f"display {key:<9} idle {game_id or 'title':<11} {100 * share:5.1f} % of a core",
                      flush=True)
        out["sizes"][key] = row
        if out["driver"] is None:
            pygame.init()
            out["driver"] = pygame.display.get_driver()
            pygame.quit()
    return out


def rss_kib() -> int:
    """The process's resident memory now, in KiB (0 where /proc is not there)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024
    except (OSError, ValueError, IndexError):
        return 0


def demo_soak(frames: int = 24000, window: int = 2000, seed: int = 99, game_seconds: float = 30.0,
              quick: bool = False) -> dict:
    """Run the demo for ``frames`` frames of 1/60 s; a row per ``window`` frames.

    ``quick``: the computer thinks a fixed 40 simulations a move instead of its time
    budget, so hours of a kiosk's demo are simulated in minutes (memory is the question
    then, not strength)."""
    import tracemalloc

    quiet_pygame()
    from ..ai import Thinker
    from ..app.app import Options
    from ..navigation import make_app
    from ..scenes.play import PlayScene
    from ..ui import cache

    def quick_thinker(scene: PlayScene, local: bool = False) -> Thinker:
        return Thinker(scene.rules, scene.state, scene.seat().kind, rng=scene.ai_rng, iterations=40,
                       policy=scene.entry.policy)

    app = make_app(Options(headless=True, demo=True, seed=seed))
    new_thinker = PlayScene.new_thinker
    if quick:  # for this run only: put back in ``finally``
        PlayScene.new_thinker = quick_thinker  # type: ignore[method-assign]
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
                         "rss_kib": rss_kib(), "surface_cache_kib": cache.cached_bytes() // 1024,
                         "simulated_hours": round(done / 60 / 3600, 3),
                         "cpu_median_ms": round(statistics.median(cpu), 3),
                         "wall_median_ms": round(statistics.median(wall), 3),
                         "wall_p99_ms": round(percentile(wall, 99), 3), "games": demo.played})
        tracemalloc.stop()
        return {"windows": rows, "games": demo.played, "demo_alive": app.stack.top is demo}
    finally:
        PlayScene.new_thinker = new_thinker  # type: ignore[method-assign]
        app.shutdown()


class Thumb:
    """A phone's thumb for the bench: a WebSocket client that joins the hub, then taps about
    ``rate`` times a second: on its own turn a random arrow or its A (a legal cell is found
    by wandering), otherwise arrows the game refuses. It runs in a process of its own, as
    a phone is a machine of its own: in a thread of the game's process its polling and its
    JSON held the game's interpreter lock, and the game's frames waited for it."""

    def __init__(self, url: str, rate: float = 10.0, seed: int = 1) -> None:
        import multiprocessing

        context = multiprocessing.get_context("spawn")  # the game's process has threads: no fork
        self.stop, self.joined = context.Event(), context.Event()
        self._sent = context.Value("i", 0)
        self.process = context.Process(target=_thumb, name="bench-thumb", daemon=True,
                                       args=(url, rate, seed, self.stop, self.joined, self._sent))
        self.process.start()

    @property
    def sent(self) -> int:
        """The taps sent so far."""
        return self._sent.value

    def join(self, timeout: float) -> None:
        """Wait for the thumb to stop (after ``stop``), and end it if it does not."""
        self.process.join(timeout)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(1)


def stop_thumbs(thumbs: list[Thumb]) -> None:
    """Stop every thumb and wait for it (a second or two at most)."""
    for thumb in thumbs:
        thumb.stop.set()
    for thumb in thumbs:
        thumb.join(2)


def _thumb(url: str, rate: float, seed: int, stop, joined, sent) -> None:
    """A thumb's process (``Thumb``)."""
    from urllib.parse import urlsplit

    from websockets.sync.client import connect

    parts = urlsplit(url)
    code, _, key = parts.fragment.partition(".")
    rng = random.Random(seed)
    with connect(f"ws://{parts.netloc}/ws", origin=f"http://{parts.netloc}", open_timeout=5) as ws:
        ws.send(json.dumps({"t": "hello", "room": code, "key": key}))
        state: dict = {}
        due = time.perf_counter()
        while not stop.is_set():
            try:
                message = json.loads(ws.recv(timeout=0.005))
            except TimeoutError:
                message = None
            if message is not None:
                if message["t"] == "welcome":
                    joined.set()
                elif message["t"] == "state":
                    state = message
            if time.perf_counter() < due or not state.get("buttons"):
                continue
            due += 1 / rate
            arrows = [a for a in ("up", "down", "left", "right") if a in state["buttons"]]
            place = state.get("mine") and "confirm" in state["buttons"] and rng.random() < 0.5
            name = "confirm" if place else rng.choice(arrows or ["confirm"])
            ws.send(json.dumps({"t": "act", "a": name, "n": sent.value}))
            sent.value += 1


def phone_frames(game_id: str = "gauss", seconds: float = 30.0, seed: int = 5,
                 size: tuple[int, int] = (1280, 720)) -> dict[str, float]:
    """A phone against the hard computer in the real loop (``App.loop``: resting between
    frames, woken by a tap); see the module's docstring."""
    quiet_pygame()
    from ..app.app import Options
    from ..navigation import make_app
    from ..scenes.menus.seats import Seat

    record = catalogue.get(game_id)
    app = make_app(Options(headless=True, size=size, ai_worker=True))
    thumbs: list[Thumb] = []
    try:
        app.start()
        if not app.phones.start(host="127.0.0.1", port=0):
            raise SystemExit(f"the phone hub cannot start: {app.phones.error}")
        app.nav.setup(game_id)
        thumb = Thumb(app.phones.url, seed=seed)
        thumbs.append(thumb)
        if not thumb.joined.wait(15):  # a process to start, then the hub
            raise SystemExit("the bench's phone could not join")
        app.loop(0.3)  # its welcome reaches the game
        person, computer = record.players
        app.nav.play(game_id, seed=seed, seats={person: Seat(person, device="phone1"),
                                                computer: Seat(computer, "hard")})
        game = app.stack.top
        game.autosave = False
        wall: list[float] = []
        frame = app.frame

        cpu: list[float] = []

        def timed(*args, **kwargs):
            t0, c0 = time.perf_counter(), time.thread_time()
            thinking = game.thinker is not None
            frame(*args, **kwargs)
            if thinking:
                wall.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.thread_time() - c0) * 1000)

        app.frame = timed  # type: ignore[method-assign]
        app.phones.answered.clear()
        app.phones.waited.clear()
        app.loop(seconds)
        stop_thumbs(thumbs)
        wall.sort()
        cpu.sort()
        answered = sorted(t * 1000 for t in app.phones.answered)
        waited = sorted(t * 1000 for t in app.phones.waited)
        period = 1000 / app.options.fps
        return {"game": game_id, "moves": len(game.history), "taps_sent": thumb.sent,
                "taps_answered": len(answered), "thinking_frames": len(wall),
                "thinking_frame_median_ms": round(statistics.median(wall), 3) if wall else None,
                "thinking_frame_p99_ms": round(percentile(wall, 99), 3) if wall else None,
                "thinking_frame_max_ms": round(wall[-1], 3) if wall else None,
                "thinking_frame_cpu_p99_ms": round(percentile(cpu, 99), 3) if cpu else None,
                "tap_to_frame_median_ms": round(statistics.median(waited), 3) if waited else None,
                "tap_to_frame_p99_ms": round(percentile(waited, 99), 3) if waited else None,
                "tap_to_frame_max_ms": round(waited[-1], 3) if waited else None,
                "tap_answered_median_ms": round(statistics.median(answered), 3) if answered else None,
                "tap_answered_p99_ms": round(percentile(answered, 99), 3) if answered else None,
                "tap_answered_max_ms": round(answered[-1], 3) if answered else None,
                "taps_in_the_next_frame": (round(sum(w <= period for w in waited) / len(waited), 4)
                                           if waited else None)}
    finally:
        stop_thumbs(thumbs)
        app.shutdown()


def two_phone_frames(game_id: str = "gauss", seconds: float = 30.0, seed: int = 5,
                     size: tuple[int, int] = (1280, 720), display: bool = False) -> dict[str, float]:
    """Two phones playing each other (every seat a phone, no computer) in the real loop, on
    the real video driver with ``display``: every frame drawn (median, p99, max of its wall
    time, present included, and the CPU p99 of the frame's own thread) and how long a tap
    waits for its frame. The loop rests between taps, as it does for any idle screen. A
    game that ends within the run shows its end card over the board: the frames from the
    end on (the card's celebration, drawn whole; the board looked at again and the card
    fading back as the phones go on tapping; the card fading out over a rematch) are
    counted apart, ``frames_after_the_game``, until the next game stands alone."""
    quiet_pygame(display)
    from ..app.app import Options
    from ..navigation import make_app
    from ..scenes.menus.seats import Seat

    record = catalogue.get(game_id)
    app = make_app(Options(headless=not display, size=size))
    thumbs: list[Thumb] = []
    try:
        app.start()
        if not app.phones.start(host="127.0.0.1", port=0):
            raise SystemExit(f"the phone hub cannot start: {app.phones.error}")
        app.nav.setup(game_id)
        for k in range(2):
            thumbs.append(Thumb(app.phones.url, seed=seed + k))
            if not thumbs[-1].joined.wait(15):
                raise SystemExit("the bench's phones could not join")
            app.loop(0.3)  # its welcome reaches the game: the next phone takes the next seat
        one, two = record.players
        app.nav.play(game_id, seed=seed, seats={one: Seat(one, device="phone1"),
                                                two: Seat(two, device="phone2")})
        game = app.stack.top
        game.autosave = False
        app.loop(1.0)  # laid out, the start banner shown: a screen's first frame is not a game's
        wall: list[float] = []
        cpu: list[float] = []
        frame = app.frame

        after: list[float] = []  # the end card's frames, over the game
        ended = False  # from the game's end until a rematch stands alone (its fade is over)

        def timed(*args, **kwargs):
            nonlocal ended
            if app.stack.top is not game or game.state.over:
                ended = True
            elif ended and not app.fading:
                ended = False
            drawn, playing = app.drawn, not ended
            t0, c0 = time.perf_counter(), time.thread_time()
            frame(*args, **kwargs)
            if app.drawn == drawn:
                return
            if playing and app.stack.top is game:
                wall.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.thread_time() - c0) * 1000)
            else:  # a game ended within the run: its card's celebration is not play
                after.append((time.perf_counter() - t0) * 1000)

        app.frame = timed  # type: ignore[method-assign]
        app.phones.waited.clear()
        app.loop(seconds)
        stop_thumbs(thumbs)
        wall.sort()
        cpu.sort()
        waited = sorted(t * 1000 for t in app.phones.waited)
        period = 1000 / app.options.fps
        after.sort()
        return {"game": game_id, "size": f"{size[0]}x{size[1]}", "moves": len(game.history),
                "taps_sent": sum(t.sent for t in thumbs), "frames": len(wall),
                "frames_after_the_game": len(after),
                "after_the_game_p99_ms": round(percentile(after, 99), 3) if after else None,
                "median_ms": round(statistics.median(wall), 3) if wall else None,
                "p99_ms": round(percentile(wall, 99), 3) if wall else None,
                "max_ms": round(wall[-1], 3) if wall else None,
                "cpu_p99_ms": round(percentile(cpu, 99), 3) if cpu else None,
                "tap_to_frame_p99_ms": round(percentile(waited, 99), 3) if waited else None,
                "taps_in_the_next_frame": (round(sum(w <= period for w in waited) / len(waited), 4)
                                           if waited else None)}
    finally:
        stop_thumbs(thumbs)
        app.shutdown()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--games", help="comma-separated game ids (default: every available game)")
    p.add_argument("--quick", action="store_true", help="shorter runs (a smoke test, not a measurement)")
    p.add_argument("--soak", type=int, metavar="FRAMES", help="run the demo this many frames instead")
    p.add_argument("--phones", action="store_true",
                   help="a phone (through the hub on 127.0.0.1) against the hard computer, instead: "
                        "thinking frames and how fast a tap is answered")
    p.add_argument("--soak-hours", type=float, metavar="HOURS",
                   help="run the demo for this many simulated hours (the computer thinking a fixed "
                        "40 simulations a move) and report memory per window")
    p.add_argument("--display", action="store_true",
                   help="frames and idle load on the real video driver, per window size, instead (under "
                        "Xvfb: xvfb-run -a -s \"-screen 0 3840x2160x24\" python -m game.bench --display)")
    p.add_argument("--sizes", help="with --display: window sizes, e.g. 1920x1080,3840x2160 "
                                   "(default: 1280x720,1920x1080,3840x2160)")
    p.add_argument("--two-phones", action="store_true",
                   help="with --phones: two phones play each other (no computer): every frame drawn; "
                        "with --display on the real video driver at --sizes (default 1920x1080)")
    ns = p.parse_args(argv)
    if ns.phones and ns.two_phones:
        games = ns.games.split(",") if ns.games else ["gauss"]
        try:
            sizes = ([tuple(int(v) for v in part.split("x")) for part in ns.sizes.split(",")]
                     if ns.sizes else [(1920, 1080) if ns.display else (1280, 720)])
        except ValueError:
            p.error(f"--sizes must look like 1920x1080,3840x2160, not {ns.sizes!r}")
        rows = [two_phone_frames(game_id, 8.0 if ns.quick else 30.0, size=size, display=ns.display)
                for size in sizes for game_id in games]
        for row in rows:
            if not ns.json:
                print(f"two phones {row['game']:<11} {row['size']:<9} frames median {row['median_ms']} ms "
                      f"p99 {row['p99_ms']} ms max {row['max_ms']} ms (CPU p99 {row['cpu_p99_ms']} ms; "
                      f"{row['frames']} frames drawn, {row['moves']} moves, {row['taps_sent']} taps; "
                      f"{row['frames_after_the_game']} more after the game's end, p99 "
                      f"{row['after_the_game_p99_ms']} ms); "
                      f"a tap reaches a frame in p99 {row['tap_to_frame_p99_ms']} ms, "
                      f"{row['taps_in_the_next_frame']:.1%} by the next frame", flush=True)
        if ns.json:
            print(json.dumps({"two_phones": rows}))
        return 0
    if ns.phones:
        games = ns.games.split(",") if ns.games else ["gauss"]
        rows = [phone_frames(game_id, 8.0 if ns.quick else 30.0) for game_id in games]
        for row in rows:
            if not ns.json:
                print(f"phones  {row['game']:<11} thinking frames median "
                      f"{row['thinking_frame_median_ms']} ms "
                      f"p99 {row['thinking_frame_p99_ms']} ms max {row['thinking_frame_max_ms']} ms "
                      f"(CPU p99 {row['thinking_frame_cpu_p99_ms']} ms) "
                      f"({row['thinking_frames']} frames, {row['moves']} moves); a tap reaches a frame in "
                      f"{row['tap_to_frame_median_ms']} ms (p99 {row['tap_to_frame_p99_ms']}, max "
                      f"{row['tap_to_frame_max_ms']}), is on screen after {row['tap_answered_median_ms']} ms "
                      f"(p99 {row['tap_answered_p99_ms']}, max {row['tap_answered_max_ms']}); "
                      f"{row['taps_answered']} of {row['taps_sent']} taps answered, "
                      f"{row['taps_in_the_next_frame']:.1%} by the next frame", flush=True)
        if ns.json:
            print(json.dumps({"phones": rows}))
        return 0
    if ns.soak or ns.soak_hours:
        if ns.soak_hours:
            frames = int(ns.soak_hours * 3600 * 60)
            soak = demo_soak(frames, window=max(1, frames // 12), quick=True)
        else:
            soak = demo_soak(ns.soak, window=max(1, ns.soak // 12))
        if ns.json:
            print(json.dumps(soak))
            return 0
        for row in soak["windows"]:
            print(f"soak  {row['simulated_hours']:6.3f} h  RSS {row['rss_kib']:>7} KiB  surfaces "
                  f"{row['surface_cache_kib']:>6} KiB  Python {row['memory_kib']:>7} KiB  CPU median "
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
    if ns.display:
        try:
            sizes = ([tuple(int(v) for v in part.split("x")) for part in ns.sizes.split(",")]
                     if ns.sizes else list(SIZES))
        except ValueError:
            p.error(f"--sizes must look like 1920x1080,3840x2160, not {ns.sizes!r}")
        quiet_pygame(display=True)
        result = display_bench(ids, sizes, 200 if ns.quick else 600, 1.0 if ns.quick else 4.0,
                               echo=not ns.json)
        if ns.json:
            print(json.dumps({"display": result}))
        return 0
    result: dict[str, dict] = {"engine": {}, "frames": {}}
    for game_id in ids:
        result["engine"][game_id] = {"playouts_per_s": round(engine_playouts(game_id, seconds, runs), 1)}
        if not ns.json:
            rate = result["engine"][game_id]["playouts_per_s"]
            print(f"engine  {game_id:<11} {rate:>10.1f} random games/s",
                  flush=True)
    if not ns.quick:
        result["thinking"] = {}
        for game_id in ids:
            result["thinking"][game_id] = t = thinking_frames(game_id)
            if not ns.json:
                print(f"thinking {game_id:<11} frames p99 {t['frame_p99_ms']:.2f} ms (CPU "
                      f"{t['frame_cpu_p99_ms']:.2f}), max {t['frame_max_ms']:.2f} ms while hard "
                      f"thinks; a search takes "
                      f"{t['think_wall_s']} s (median of {t['searches']}) for a "
                      f"{t['think_budget_s']} s budget", flush=True)
        result["autosave"] = {}
        for game_id in ids:
            result["autosave"][game_id] = a = autosave_ms(game_id)
            if not ns.json:
                print(f"autosave {game_id:<11} median {a['median_ms']:.2f} ms, p90 {a['p90_ms']:.2f} ms, "
                      f"max {a['max_ms']:.2f} ms in the frame a move lands in", flush=True)
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
