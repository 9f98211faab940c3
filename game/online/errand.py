"""A slow call (an HTTP request to the server, a hosted server starting) run in a daemon
thread, so that a server that does not answer never holds the game's frames: the screen
that started it polls it once a frame and shows that it waits; Back cancels it.

    errand = Errand(lambda: client.join_game(server, code))
    ...
    if errand.done:                     # once a frame
        value = errand.value            # or errand.error: the exception it raised
    errand.cancel()                     # the player went back: whatever comes is dropped

A cancelled call still runs to its end in its thread (urllib cannot be interrupted; its
timeout bounds it): what it did on the server stands (a game made is in "My games"), only
its answer is not acted on.
"""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from .api import OnlineError
from .host import HostError

log = logging.getLogger("gauss_arcade.online")


class Errand:
    """``work()`` in a thread of its own; :attr:`done` once it returned or raised."""

    def __init__(self, work: Callable[[], Any], name: str = "online-errand") -> None:
        self._work = work
        self._finished = threading.Event()
        self.value: Any = None
        #: what ``work`` raised (None: it returned :attr:`value`)
        self.error: BaseException | None = None
        self.cancelled = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self.value = self._work()
        except Exception as exc:  # noqa: BLE001 - handed to the game's thread, never a traceback on screen
            self.error = exc
            if not isinstance(exc, (OnlineError, HostError)):
                log.warning("online: a request failed unexpectedly", exc_info=True)
        finally:
            self._finished.set()

    @property
    def done(self) -> bool:
        """It returned or raised, and nobody cancelled it."""
        return self._finished.is_set() and not self.cancelled

    def cancel(self) -> None:
        self.cancelled = True

    def wait(self, seconds: float) -> bool:
        """For tests and scripts: whether it ended within ``seconds``."""
        return self._finished.wait(seconds)


__all__ = ["Errand"]
