"""The how-to-play screens: a few short pages, each a title, a paragraph and a
diagram. A game's how-to subclasses :class:`HowToScene`, lists its ``pages`` and
draws each page's diagram in ``draw_page``; paging, the keys and the mouse
buttons live here once."""
from __future__ import annotations

from typing import Any

import pygame

from .. import lessons
from ..i18n import _, pgettext
from ..ui import theme
from ..ui.actions import ALTERNATE, BACK, CONFIRM, LEFT, MENU, RIGHT, Action
from .base import Scene


class HowToScene(Scene):
    moves_by_itself = False

    #: the name in the header, e.g. ``N_("GAUSS")`` (translated when shown)
    game_title = ""
    #: (title, text, *diagram data) per page, title and text marked with ``N_`` (translated
    #: when shown); the data goes to ``draw_page``
    pages: list[tuple[Any, ...]] = []

    def __init__(self, app, game_id: str = "") -> None:
        super().__init__(app)
        self.page = 0
        self.nav: dict[str, pygame.Rect] = {}
        #: the game whose course the Lessons button opens (none: no button)
        self.game_id = game_id if lessons.load(game_id) is not None else ""

    def draw_page(self, surface: pygame.Surface, area: pygame.Rect, page: tuple[Any, ...], s: float) -> None:
        """Draw the diagram of ``page`` inside ``area``."""

    def handle(self, action: Action) -> None:
        if action.pos is not None and action.name == CONFIRM:
            for name, rect in self.nav.items():
                if rect.collidepoint(action.pos):
                    self.turn(name)
            return
        if action.name == ALTERNATE and self.game_id:
            self.turn("lessons")
        elif action.name in (RIGHT, CONFIRM):
            self.turn("next")
        elif action.name == LEFT:
            self.turn("prev")
        elif action.name in (BACK, MENU):
            self.app.stack.pop()

    def turn(self, name: str) -> None:
        if name == "lessons":
            self.app.nav.lessons(self.game_id)
        elif name == "close" or (name == "next" and self.page == len(self.pages) - 1):
            self.app.stack.pop()
        elif name == "next":
            self.page += 1
        elif name == "prev":
            self.page = max(0, self.page - 1)


    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        page = self.pages[self.page]
        title, text = page[0], page[1]
        game = _(self.game_title) if self.game_title else ""
        header = _("How to play {game}  ({page}/{pages})").format(game=game, page=self.page + 1,
                                                                  pages=len(self.pages))
        head = theme.draw_text(surface, header, (w / 2, 24 * s), int(30 * s), theme.INK_DIM, "midtop")
        top = theme.draw_text(surface, _(title), (w / 2, max(60 * s, head.bottom)), int(56 * s), theme.INK,
                              "midtop", True)
        y = max(120 * s, top.bottom)
        step = theme.step(int(30 * s), 32 * s)
        for line in theme.wrap(_(text), int(30 * s), int(w - 200 * s)):
            theme.draw_text(surface, line, (w / 2, y), int(30 * s), theme.INK, "midtop")
            y += step
        # the diagrams start under the longest page's text, so that they keep their place and
        # their size from page to page (a shorter text made the next page's boards jump)
        longest = max(len(theme.wrap(_(p[1]), int(30 * s), int(w - 200 * s))) for p in self.pages)
        y = max(y, max(120 * s, top.bottom) + longest * step)
        area = pygame.Rect(int(60 * s), int(y + 16 * s), int(w - 120 * s), int(h - y - 100 * s))
        self.draw_page(surface, area, page, s)
        self.draw_nav(surface, s)

    def draw_nav(self, surface: pygame.Surface, s: float) -> None:
        w, h = surface.get_size()
        self.nav = {}
        last = self.page == len(self.pages) - 1
        labels = [("prev", pgettext("previous page", "< Back")), ("close", _("Close")),
                  ("next", _("Done") if last else pgettext("next page", "Next >"))]
        if self.game_id:  # the rules tried out, a step at a time (Tab, X)
            key = self.app.glyphs()[ALTERNATE]
            labels.insert(2, ("lessons", _("Lessons ({key})").format(key=key)))
        # each button as wide as its label needs (a longer German label ran over its
        # neighbours), the row centred and shrunk as a whole where the window is narrow
        size = int(28 * s)
        gap = int(24 * s)
        widths = [max(int(150 * s), theme.font(size).size(label)[0] + int(28 * s)) for _n, label in labels]
        total = sum(widths) + gap * (len(widths) - 1)
        scale = min(1.0, (w - 20 * s) / total)
        x = w / 2 - total * scale / 2
        for (name, label), bw in zip(labels, widths, strict=True):
            rect = pygame.Rect(0, 0, int(bw * scale), int(44 * s))
            rect.midleft = (int(x), int(h - 40 * s))
            x += (bw + gap) * scale
            pygame.draw.rect(surface, theme.BG_PANEL_HI, rect, border_radius=8)
            pygame.draw.rect(surface, theme.INK_FAINT, rect, 2, border_radius=8)
            theme.draw_text(surface, label, rect.center, theme.fitted(label, size, rect.width - 10),
                            theme.INK, "center")
            self.nav[name] = rect
