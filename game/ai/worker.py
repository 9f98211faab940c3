"""The computer thinks in a process of its own, off the render loop.

A search in the game's own process shares the interpreter lock with the drawing: it
must be cut into slices between frames, so a 0.9 s search took about 1.5 s of wall
time and every frame carried up to 10 ms of it. Here one worker process (the second
core) runs each search whole, for exactly its budget, while the game keeps drawing.

:class:`ThinkerService` owns the worker: started at once (it boots while the title is
shown) and kept for the app's life. ``service.think(...)`` sends a position and returns
a :class:`RemoteThinker`, a handle with the face a scene knows from
:class:`~game.ai.player.Thinker` (``state``, ``done``, ``move``, ``step``): ``step``
never searches here, it only looks whether the answer came.

One search at a time: a new one, or ``cancel``, ends the one under way (the worker
reads its pipe between slices of ``SLICE`` seconds). A worker that dies is started
again and the move asked again. None outlives the game: the service ends it on
``close``, and a worker whose game process is gone (killed, crashed) sees its pipe
close and exits.
"""
from __future__ import annotations

import itertools
import logging
import multiprocessing
import os
import signal
import time
from dataclasses import dataclass, field
from typing import Any

from ..rules.core import Game
from . import policies
from .player import Thinker

log = logging.getLogger("gauss_arcade")

#: the worker looks at its pipe this often while it searches (a cancel waits at most this)
SLICE = 0.02
#: a worker that cannot be started this many times in a row is given up (the scene then
#: thinks in its own process, as before)
MAX_RESTARTS = 3


@dataclass
class RemoteThinker:
    """A move being searched in the worker."""

    service: ThinkerService
    job: int
    state: Any
    #: what to send again if the worker has to be restarted
    request: tuple = field(repr=False, default=())
    move: Any = None
    #: the search's statistics, when the answer came
    info: dict[str, Any] = field(default_factory=dict)
    #: the worker could not answer (given up): the caller should think itself
    failed: bool = False
    started: float = field(default_factory=time.perf_counter)

    @property
    def done(self) -> bool:
        return self.move is not None

    def step(self, max_seconds: float | None = None) -> Any:
        """The move once it came, else None (never blocks; ``max_seconds`` is ignored)."""
        if self.move is None and not self.failed:
            self.service.poll()
        return self.move

    def cancel(self) -> None:
        self.service.cancel(self)

    def value(self) -> float | None:
        """What the search found the position worth to the player to move (``Thinker.value``)."""
        return self.info.get("value")

    def move_values(self) -> dict[Any, tuple[int, float, bool]]:
        """Every move the search tried, its visits, value and proof (``Thinker.move_values``)."""
        return self.info.get("moves") or {}


class ThinkerService:
    """One worker process and the search under way in it."""

    def __init__(self, start_method: str = "spawn") -> None:
        self.context = multiprocessing.get_context(start_method)
        self.process: Any = None
        self.conn: Any = None
        self.jobs = itertools.count(1)
        self.current: RemoteThinker | None = None
        self.restarts = 0  # starts after the first, in a row (reset by every answer)
        self.closed = False

    # -- the process ------------------------------------------------------------------
    def start(self) -> None:
        """Start the worker (returns at once; it boots in the background)."""
        if self.closed or (self.process is not None and self.process.is_alive()):
            return
        ours, theirs = self.context.Pipe()
        # every start method's context has Process; typeshed's BaseContext (get_context's
        # type for a method named by a str) does not say so
        self.process = self.context.Process(target=serve, args=(theirs, os.getpid()),  # type: ignore[attr-defined]
                                            name="gauss-arcade-ai", daemon=True)
        self.process.start()
        theirs.close()  # ours is the only end left here: the worker sees EOF if we die
        self.conn = ours

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

    def alive(self) -> bool:
        return self.process is not None and self.process.is_alive()

    def close(self) -> None:
        """End the worker (a quit, or the game's end): politely, then for sure."""
        self.closed = True
        self.current = None
        if self.process is None:
            return
        try:
            self.conn.send(("quit",))
        except (OSError, ValueError):
            pass
        self.process.join(0.5)
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(0.5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(0.5)
        self.conn.close()
        self.process = None

    def _restart(self) -> bool:
        """The worker died: start another and ask the search under way again."""
        if self.closed or self.restarts >= MAX_RESTARTS:
            if self.current is not None:
                self.current.failed = True
                self.current = None
            return False
        self.restarts += 1
        log.warning("The computer's worker process stopped; starting it again (%d).", self.restarts)
        if self.process is not None:
            self.process.join(0.1)
            try:
                self.conn.close()
            except OSError:
                pass
            self.process = None
        self.start()
        if self.current is not None:
            return self._send(("think", self.current.job, *self.current.request))
        return True

    def _send(self, message: tuple) -> bool:
        try:
            self.conn.send(message)
            return True
        except (OSError, ValueError):
            return self._restart()

    # -- searches -----------------------------------------------------------------------
    def think(self, game: Game, state: Any, level: str, seed: int, policy: type[policies.Policy] | None,
              iterations: int | None = None, time_scale: float = 1.0) -> RemoteThinker:
        """Start searching ``state`` (ending any search under way); the handle of it."""
        if self.current is not None:
            self.cancel(self.current)
        self.start()
        request = (game, state, level, seed, policy, iterations, time_scale)
        job = RemoteThinker(self, next(self.jobs), state, request)
        self.current = job
        if self.process is None:
            job.failed = True
            self.current = None
        else:
            self._send(("think", job.job, *request))
        return job

    def cancel(self, job: RemoteThinker) -> None:
        if job is self.current:
            self.current = None
            self._send(("cancel", job.job))

    def poll(self) -> None:
        """Read what the worker said; notice a worker that died."""
        if self.process is None:
            return
        try:
            while self.conn.poll():
                message = self.conn.recv()
                self._received(message)
        except (EOFError, OSError):
            self._restart()
            return
        if self.current is not None and not self.process.is_alive():
            self._restart()

    def _received(self, message: tuple) -> None:
        kind, job = message[0], message[1]
        current = self.current
        if current is None or job != current.job:
            return  # the answer to a search nobody waits for any more
        if kind == "move":
            current.move, current.info = message[2], message[3]
            self.current = None
            self.restarts = 0
        elif kind == "error":
            log.error("The computer's search failed in its worker:\n%s", message[2])
            current.failed = True
            self.current = None


# -- the worker's side --------------------------------------------------------------------
def serve(conn: Any, parent: int) -> None:
    """The worker's loop: one search at a time, each message read between slices."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C in a terminal is the game's to handle
    thinker: Thinker | None = None
    job = 0
    while True:
        try:
            if thinker is None:
                if not conn.poll(1.0):
                    if os.getppid() != parent:
                        return  # the game is gone
                    continue
                message = conn.recv()
            elif conn.poll():
                message = conn.recv()  # a new search or a cancel ends this one
            else:
                message = None
        except (EOFError, OSError):
            return  # the game closed its end: it quit or died
        if message is not None:
            if message[0] == "quit":
                return
            thinker = None
            if message[0] == "think":
                job = message[1]
                try:
                    thinker = start_search(*message[2:])
                except Exception:  # noqa: BLE001 - reported to the game, which thinks itself
                    import traceback

                    conn.send(("error", job, traceback.format_exc()))
            continue
        assert thinker is not None  # no message to read: a search is under way
        try:
            move = thinker.step(SLICE)
            if move is not None:
                stats = thinker.stats()
                info = {"seconds": stats["seconds"], "iterations": stats["iterations"],
                        "value": thinker.value(), "moves": thinker.move_values()}
                conn.send(("move", job, move, info))
                thinker = None
        except (EOFError, OSError):
            return
        except Exception:  # noqa: BLE001
            import traceback

            conn.send(("error", job, traceback.format_exc()))
            thinker = None


def start_search(game: Game, state: Any, level: str, seed: int, policy: type[policies.Policy] | None,
                 iterations: int | None, time_scale: float) -> Thinker:
    return Thinker(game, state, level, rng=seed, iterations=iterations, time_scale=time_scale,
                   policy=policy)
