"""How late the server's event loop is: a task asks to wake every ``interval`` seconds and
notes how much later than asked it woke. A move that arrives while the loop is busy (a
collection, a long callback, a core taken by another process) waits that long before it is
even read, a wait that the server's own time per move (``GET /stats`` ``move_ms``, from the
request read) does not see. ``GET /stats`` gives both; the load test
(:mod:`game.server.load`) runs the same probe in its own processes, to tell a slow server from
a slow load generator. The collector's pauses are timed too (``gc.callbacks``), the likeliest
long callback of a server that keeps thousands of games' positions in memory.
"""
from __future__ import annotations

import asyncio
import collections
import gc
import time
from typing import Any

#: how often the probe asks to wake (seconds): often enough to see a pause of a few
#: milliseconds, rarely enough to cost nothing (100 wake-ups a second)
INTERVAL = 0.01
#: lateness kept (the last 100 000 wake-ups: some 17 minutes)
KEPT = 100_000


def quantiles(values: list[float]) -> dict[str, float]:
    """p50, p99 and max of ``values`` (seconds) in milliseconds; zeros when empty."""
    ordered = sorted(values)

    def ms(q: float) -> float:
        return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2) if ordered else 0.0
    return {"p50": ms(0.5), "p99": ms(0.99), "max": ms(1.0)}


class LoopLag:
    """The loop's lateness (``run`` as a task of the loop) and the collector's pauses."""

    def __init__(self, interval: float = INTERVAL) -> None:
        self.interval = interval
        #: (when, seconds late) of each wake-up
        self.late: collections.deque[tuple[float, float]] = collections.deque(maxlen=KEPT)
        #: (when, seconds, generation) of each collection
        self.pauses: collections.deque[tuple[float, float, int]] = collections.deque(maxlen=KEPT)
        self._gc_started: float | None = None

    async def run(self) -> None:
        while True:
            asked = time.perf_counter() + self.interval
            await asyncio.sleep(self.interval)
            now = time.perf_counter()
            self.late.append((now, max(0.0, now - asked)))

    def _gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
        elif self._gc_started is not None:
            now = time.perf_counter()
            self.pauses.append((now, now - self._gc_started, info.get("generation", 0)))
            self._gc_started = None

    def watch_collector(self) -> None:
        if self._gc not in gc.callbacks:
            gc.callbacks.append(self._gc)

    def stop_watching(self) -> None:
        if self._gc in gc.callbacks:
            gc.callbacks.remove(self._gc)

    def figures(self, window: float = float("inf")) -> dict[str, Any]:
        """The loop's lateness and the collector's pauses over the last ``window`` seconds."""
        since = time.perf_counter() - window
        pauses = [(took, generation) for when, took, generation in self.pauses if when >= since]
        took = [t for t, _g in pauses]
        return {"loop_lag_ms": quantiles([late for when, late in self.late if when >= since]),
                "gc_ms": {**quantiles(took), "count": len(took), "total": round(1000 * sum(took), 1),
                          "full": len([g for _t, g in pauses if g == 2])}}
