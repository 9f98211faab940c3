"""Waiting for the server: a request of the online screens (a new game, joining, a look at a
game to watch, a hosted server starting) runs in a thread (:class:`game.online.errand.Errand`)
while this panel says so over the screen that asked; Back (Esc, B, or its button) cancels it
and the screen below is as it was. A server that does not answer never holds a frame."""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pygame

from ...i18n import N_, _
from ...online import api
from ...online.api import OnlineError
from ...online.errand import Errand
from ...online.host import HostError
from ...ui import theme
from ...ui.actions import BACK, CONFIRM, MENU, Action
from ...ui.present import dim, panel
from ..base import LiveButton, Scene, back_key

log = logging.getLogger("gauss_arcade")

CONNECTING = N_("Connecting to the server...")


def server_words(server: str) -> str:
    """A server's address as a person reads it (without ``http://``)."""
    return server.removeprefix("http://")


def failure_words(error: BaseException, server: str = "") -> str:
    """What the player reads about a request that failed: the server's reason in their
    words (and, when the server cannot be reached, where it was looked for)."""
    if isinstance(error, OnlineError):
        if error.reason == api.OFFLINE and server:
            return _("{problem} Is it running at {address}?").format(problem=error.words,
                                                                     address=server_words(server))
        return error.words
    if isinstance(error, HostError):
        return str(error)
    return _("Something went wrong; nothing changed. The log says what.")


class WaitScene(Scene):
    """``errand`` running, shown as ``words`` on a panel; ``on_done(value)`` when it comes
    back, ``on_failed(words)`` when it failed (this panel gone first, either way)."""

    opaque = False

    def __init__(self, app, errand: Errand, on_done: Callable[[Any], None], on_failed: Callable[[str], None],
                 words: str = CONNECTING, server: str = "") -> None:
        super().__init__(app)
        self.errand = errand
        self.on_done = on_done
        self.on_failed = on_failed
        self.words = words
        self.server = server
        self.t = 0.0
        self.cancel_button = LiveButton(N_("Cancel"), self.cancel)

    def update(self, dt: float) -> None:
        self.t += dt
        if not self.errand.done:
            return
        if self.app.stack.top is self:
            self.app.stack.pop()
        if self.errand.error is not None:
            log.info("online: %s", self.errand.error)
            self.on_failed(failure_words(self.errand.error, self.server))
        else:
            self.on_done(self.errand.value)

    def next_change(self) -> float:
        return 0.05  # the answer comes from another thread

    def cancel(self) -> None:
        self.errand.cancel()
        if self.app.stack.top is self:
            self.app.stack.pop()

    def closed(self) -> None:
        self.errand.cancel()  # left some other way (the stack reset): its answer is nobody's

    def handle(self, action: Action) -> None:
        if action.pos is not None:
            self.cancel_button.handle(action)
        elif action.name in (BACK, MENU, CONFIRM):  # Enter and A too: Cancel is the one button there is
            self.cancel()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 150)
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        box = pygame.Rect(0, 0, int(min(w - 40 * s, 760 * s)), int(min(h - 20 * s, 290 * s)))
        box.center = (w // 2, h // 2)
        panel(surface, box, s)
        dots = "." * (1 + int(self.t * 2) % 3)
        words = _(self.words).rstrip(".…") + dots
        y = box.y + 34 * s
        size = int(34 * s)
        for line in theme.wrap(words, size, int(box.width - 60 * s))[:2]:
            theme.draw_text(surface, line, (w / 2, y), size, theme.ACCENT, "midtop", True)
            y += theme.step(size, 42 * s)
        if self.server:
            where = _("Server: {address}").format(address=server_words(self.server))
            theme.draw_text(surface, where, (w / 2, y + 8 * s),
                            theme.fitted(where, int(24 * s), box.width - 40 * s), theme.INK_DIM, "midtop")
        rect = pygame.Rect(0, 0, int(200 * s), int(48 * s))
        rect.center = (w // 2, int(box.bottom - 84 * s))
        self.cancel_button.draw(surface, rect, int(28 * s), active=True)
        # the player's key (Settings → Controls), or the pad's B
        hint = _("{back}: cancel").format(back=back_key(self.app.glyphs(), self.app.last_device))
        theme.draw_text(surface, hint, (w / 2, box.bottom - 36 * s),
                        theme.fitted(hint, int(22 * s), box.width - 30 * s), theme.INK_FAINT, "midtop")


__all__ = ["CONNECTING", "WaitScene", "failure_words", "server_words"]
