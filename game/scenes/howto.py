"""The how-to-play screens: a few short pages, each a title, a paragraph and diagrams.

The pages are data (``levels/howto/<game>.json``, read by ``game.howto``): a game's record
names this scene as its ``howto`` and its kit's :class:`game.ui.diagrams.Diagrams` as its
``diagrams``; this screen lays each page out and the kit draws the positions. (A game whose
how-to is still code subclasses :class:`HowToScene`, lists its ``pages`` and draws each page's
diagram in ``draw_page``.) Paging, the keys and the mouse buttons live here once."""
from __future__ import annotations

from typing import Any

import pygame

from .. import catalogue, howto, lessons
from ..i18n import N_, _, pgettext, refusal
from ..ui import theme
from ..ui.actions import ALTERNATE, BACK, CONFIRM, LEFT, MENU, RIGHT, Action
from ..ui.diagrams import Diagrams, written_caption
from .base import Scene, named_class


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
        #: the kit that draws the pages' positions (pages read from the game's how-to file)
        self.kit: Diagrams | None = None
        if not self.pages and game_id in catalogue.RECORDS:
            self.read_pages(game_id)

    def read_pages(self, game_id: str) -> None:
        """The pages of ``game_id``'s how-to file, each ``(title, text, howto.Page)``; a file that
        cannot be used gives one page that says so."""
        record = catalogue.get(game_id)
        self.game_title = record.name
        found = howto.load(game_id) if record.diagrams else None
        if isinstance(found, tuple):
            self.kit = named_class(record.diagrams)(record.rules)
            self.pages = [(p.title, p.text, p) for p in found]
        else:  # the reason is said in the player's language (a Message); the game still plays
            reason = refusal(found) if found else _("This game has no how-to pages.")
            self.pages = [(N_("These pages cannot be shown"), reason, None)]

    def draw_page(self, surface: pygame.Surface, area: pygame.Rect, page: tuple[Any, ...], s: float) -> None:
        """Draw the diagrams of ``page`` inside ``area``: its boards side by side, each with its
        caption under it, and its aside in the next column (alone: the whole width)."""
        data = page[2] if len(page) > 2 else None
        if not isinstance(data, howto.Page) or self.kit is None:
            return
        kit = self.kit
        columns = len(data.diagrams) + (1 if data.aside else 0)
        if not columns:
            return
        # a board is never wider than half the page (a lone board stands in the middle), so
        # the boards keep their size from page to page
        columns = max(2, columns) if data.diagrams else columns
        gap = int(40 * s)
        width = (area.width - gap * (columns - 1)) // columns
        if len(data.diagrams) == 1 and not data.aside:
            area = area.move((width + gap) // 2, 0)
        size = int(kit.caption_size * s)
        step = theme.step(size, (kit.caption_size + 2) * s)
        room = int(kit.caption_lines * step + 8 * s)
        for k, diagram in enumerate(data.diagrams):
            rect = pygame.Rect(area.x + k * (width + gap), area.y, width, max(20, area.height - room))
            box = kit.draw(surface, rect, diagram, s)
            y = box.bottom + 6 * s
            for text, ink in written_caption(kit, diagram):
                for line in theme.wrap(text, size, int(width + gap * 0.75)):
                    theme.draw_text(surface, line, (rect.centerx, y), size, ink, "midtop")
                    y += step
        if data.aside:
            k = len(data.diagrams)
            rect = pygame.Rect(area.x + k * (width + gap), area.y, width, area.height)
            if not data.diagrams:
                rect = area
            self.draw_aside(surface, rect, data, s)

    def draw_aside(self, surface: pygame.Surface, rect: pygame.Rect, page: howto.Page, s: float) -> None:
        kind, value = next((k, v) for k, v in page.aside.items() if k != "caption")
        if page.aside.get("caption"):
            theme.draw_text(surface, _(page.aside["caption"]), (rect.centerx, rect.y), int(26 * s),
                            theme.INK_DIM, "midtop")
            rect = pygame.Rect(rect.x, rect.y + int(40 * s), rect.width, rect.height - int(40 * s))
        if kind == "kit":
            self.kit.aside(surface, rect, value, page, s)
        elif kind == "lines":
            y = rect.y + int(10 * s)
            for note in value:
                for line in theme.wrap(_(note), int(28 * s), rect.width):
                    theme.draw_text(surface, line, (rect.centerx, y), int(28 * s), theme.INK_DIM, "midtop")
                    y += int(38 * s)
        else:  # a table of words; a cell that starts with a digit is a number, shown as it is
            n = max(len(row) for row in value)
            width = min(rect.width / n, 200 * s)
            y = rect.y
            for r, row in enumerate(value):
                for c, cell in enumerate(row):
                    text = _(cell) if cell and not cell[0].isdigit() else cell
                    x = rect.centerx + (c - (n - 1) / 2) * width
                    size = theme.fitted(text, int(30 * s), int(width - 8 * s))
                    theme.draw_text(surface, text, (x, y), size, theme.INK, "midtop", r == 0 or c == 0)
                y += 36 * s

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
        widths = [max(int(150 * s), theme.text_width(label, size) + int(28 * s)) for _n, label in labels]
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
