"""My games: the online games kept in the player's folder (``online.json``), newest first,
each with where it stands as its server last said ("your move", "their move", "over",
"server not reachable"; :mod:`game.online.status`, asked in a thread: the list never waits);
one is taken up where it stands, or forgotten (after a question: its seat's secret goes with
it). Keys, a pad or the mouse alike: the arrows and Enter or A, Alternate (Tab, C, a pad's X,
Delete) or the row's Forget button, Esc or B back."""
from __future__ import annotations

import logging
from collections.abc import Callable

import pygame

from ... import catalogue
from ...i18n import _
from ...online import book, status
from ...online.status import WATCHER
from ...ui import theme
from ...ui.actions import ALTERNATE, BACK, CONFIRM, DOWN, MENU, POINT, UP, Action
from ...ui.widgets import hit
from ..base import BackButton, Scene, arrows, back_key
from .overlay import AskScene

log = logging.getLogger("gauss_arcade")

#: how each standing is inked
INKS = {status.YOUR_MOVE: "ACCENT", status.THEIR_MOVE: "INK_DIM", status.WAITING: "INK_DIM",
        status.OVER: "INK_FAINT", status.UNREACHABLE: "BAD", status.GONE: "BAD"}


def side_words(game_id: str, side: str) -> str:
    try:
        return _(catalogue.get(game_id).side(side).name)
    except (KeyError, ValueError, AttributeError):
        return side


def entry_words(entry: book.Entry) -> str:
    """A game of the book as its row names it: "Rush: Black, since 2026-11-26"."""
    title = _(catalogue.get(entry.game).name)
    return _("{game}: {side}, since {date}").format(game=title, side=side_words(entry.game, entry.seat),
                                                    date=entry.added[:10])


class MyGamesScene(Scene):
    """The list of my online games; ``take_up(entry)`` opens one (the online menu's)."""

    moves_by_itself = False

    def __init__(self, app, take_up: Callable[[book.Entry], None]) -> None:
        super().__init__(app)
        self.take_up = take_up
        self.back = BackButton()
        self.entries: list[book.Entry] = []
        self.index = 0
        self.top = 0  # the first row shown (the list scrolls with the highlight)
        self.asked = False
        self.rows: list[tuple[int, pygame.Rect]] = []
        self.forgets: list[tuple[int, pygame.Rect]] = []
        self.reload()

    def reload(self) -> None:
        self.entries = list(reversed(book.load()[0]))
        self.index = max(0, min(self.index, len(self.entries) - 1))

    def enter(self) -> None:
        self.reload()
        if not self.entries:
            self.leave()
            return
        if not self.asked:
            self.asked = WATCHER.refresh(self.entries, force=True)  # the player opened the list: the news now

    def leave(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def update(self, dt: float) -> None:
        WATCHER.poll()

    def next_change(self) -> float:
        return 0.1 if WATCHER.busy else super().next_change()

    # -- forgetting ------------------------------------------------------------------------------
    def ask_forget(self, index: int) -> None:
        entry = self.entries[index]
        self.app.stack.push(AskScene(self.app, _("Forget this game?"), [
            entry_words(entry),
            _("Its seat's secret goes with it: this computer cannot take the game up again. "
              "The game itself stays on its server.")],
            [(_("Forget it"), lambda: self.forget(entry)), (_("Keep it"), lambda: None)], index=1))

    def forget(self, entry: book.Entry) -> None:
        try:
            book.forget(entry)
        except OSError as exc:
            log.warning("online: the game could not be forgotten (%s)", exc)
            return
        WATCHER.forget(entry)
        self.reload()

    # -- input ------------------------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        if self.back.clicked(action) or (action.name in (BACK, MENU) and not action.is_pointer):
            self.leave()
            return
        if not self.entries:
            return
        if action.pos is not None:
            forget = hit([r for _i, r in self.forgets], action.pos)
            if forget is not None and action.name == CONFIRM:
                self.index = self.forgets[forget][0]
                self.ask_forget(self.index)
                return
            row = hit([r for _i, r in self.rows], action.pos)
            if row is not None:
                self.index = self.rows[row][0]
                if action.name == CONFIRM:
                    self.take_up(self.entries[self.index])
            return
        if action.name in (UP, DOWN):
            self.index = (self.index + (1 if action.name == DOWN else -1)) % len(self.entries)
        elif action.name == CONFIRM:
            self.take_up(self.entries[self.index])
        elif action.name == ALTERNATE or action.key == pygame.K_DELETE:
            self.ask_forget(self.index)
        elif action.name == POINT:
            pass

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        title = _("My games")
        theme.draw_text(surface, title, (w / 2, 30 * s), theme.fitted(title, int(56 * s), w - 260 * s, True),
                        theme.INK, "midtop", True)
        ask = _("Take up a game where it stands.")
        theme.draw_text(surface, ask, (w / 2, 100 * s), theme.fitted(ask, int(26 * s), w - 60 * s),
                        theme.INK_DIM, "midtop")
        width = int(min(w - 40 * s, 1100 * s))
        left = (w - width) // 2
        row_h = max(int(56 * s), theme.font(int(26 * s)).get_linesize() + int(18 * s))
        first = int(150 * s)
        room = int(h - 90 * s) - first
        shown = max(1, room // row_h)
        if self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + shown:
            self.top = self.index - shown + 1
        self.top = max(0, min(self.top, max(0, len(self.entries) - shown)))
        self.rows, self.forgets = [], []
        size = int(26 * s)
        forget_words = _("Forget")
        forget_w = int(theme.text_width(forget_words, int(22 * s)) + 24 * s)
        status_w = int(min(width * 0.36, 330 * s))
        for k, entry in enumerate(self.entries[self.top:self.top + shown]):
            i = self.top + k
            rect = pygame.Rect(left, first + k * row_h, width, row_h - int(6 * s))
            focused = i == self.index
            pygame.draw.rect(surface, theme.BG_PANEL_HI if focused else theme.BG_PANEL, rect,
                             border_radius=int(10 * s))
            if focused:
                pygame.draw.rect(surface, theme.ACCENT, rect, max(2, int(3 * s)), border_radius=int(10 * s))
            button = pygame.Rect(0, 0, forget_w, rect.height - int(14 * s))
            button.midright = (rect.right - int(10 * s), rect.centery)
            name_room = int(button.left - status_w - rect.left - 36 * s)
            words = entry_words(entry)
            ink = theme.ACCENT if focused else theme.INK
            at = (rect.x + 16 * s, rect.centery)
            theme.draw_text(surface, theme.ellipsized(words, size, name_room), at, size, ink, "midleft")
            standing = WATCHER.of(entry)
            if standing is None:
                said, ink = _("asking the server..."), theme.INK_FAINT
            else:
                said, ink = standing.words, getattr(theme, INKS[standing.kind])
            said_size = theme.fitted(said, int(24 * s), status_w)
            theme.draw_text(surface, said, (button.left - 16 * s, rect.centery), said_size, ink, "midright",
                            standing is not None and standing.kind == status.YOUR_MOVE)
            pygame.draw.rect(surface, theme.BG, button, border_radius=int(8 * s))
            pygame.draw.rect(surface, theme.INK_FAINT, button, 1, border_radius=int(8 * s))
            theme.draw_text(surface, forget_words, button.center, int(22 * s), theme.INK_DIM, "center")
            self.rows.append((i, rect))
            self.forgets.append((i, button))
        if len(self.entries) > shown:
            more = _("{first} to {last} of {count}").format(first=self.top + 1,
                                                            last=min(len(self.entries), self.top + shown),
                                                            count=len(self.entries))
            theme.draw_text(surface, more, (w / 2, first + shown * row_h), int(20 * s), theme.INK_FAINT,
                            "midtop")
        self.back.draw(surface, s)
        g = self.app.glyphs()
        if self.app.last_device.startswith("pad"):
            hint = _("{arrows} + {confirm}: take it up   {alternate}: forget   {back}: back").format(
                arrows=arrows(g), confirm=g[CONFIRM], alternate=g[ALTERNATE], back=g[BACK])
        else:
            hint = _("{arrows} + {confirm}: take it up   {alternate} or Del: forget   {back}: back").format(
                arrows=arrows(g), confirm=g[CONFIRM], alternate=g[ALTERNATE],
                back=back_key(g, self.app.last_device))
        theme.draw_text(surface, hint, (w / 2, h - 28 * s), theme.fitted(hint, int(22 * s), w - 40 * s),
                        theme.INK_FAINT, "center")


__all__ = ["MyGamesScene", "entry_words"]
