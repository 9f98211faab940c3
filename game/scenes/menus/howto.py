"""The how-to-play screens: a few short pages, each a title, a paragraph and diagrams.

Every game's pages are data (``levels/howto/<game>.json``, read by ``game.content.howto``): a game's
record names its kit's :class:`game.ui.diagrams.Diagrams` as its ``diagrams``; this screen
lays each page out (its boards in a row, a column or across the page, its asides) and the kit
draws the positions, its icons and its pictures. Paging, the keys and the mouse buttons live
here once."""
from __future__ import annotations

from typing import Any

import pygame

from ... import catalogue
from ...content import howto, lessons
from ...i18n import N_, _, pgettext, refusal
from ...ui import theme
from ...ui.actions import ALTERNATE, BACK, CONFIRM, LEFT, MENU, RIGHT, Action
from ...ui.diagrams import Diagrams, Ink, written_caption
from ..base import Scene, named_class


class HowToScene(Scene):
    moves_by_itself = False

    def __init__(self, app, game_id: str) -> None:
        super().__init__(app)
        self.page = 0
        self.nav: dict[str, pygame.Rect] = {}
        #: the game whose course the Lessons button opens (none: no button)
        self.game_id = game_id if lessons.load(game_id) is not None else ""
        #: the kit that draws the pages' positions
        self.kit: Diagrams | None = None
        #: the name in the header, e.g. ``N_("GAUSS")`` (translated when shown)
        self.game_title = ""
        #: (title, text, ``howto.Page`` or None) per page, title and text in English
        #: (translated when shown)
        self.pages: list[tuple[str, str, howto.Page | None]] = []
        self.read_pages(game_id)

    def read_pages(self, game_id: str) -> None:
        """The pages of ``game_id``'s how-to file; a file that cannot be used (its kit cannot
        draw it either) gives one page that says so."""
        record = catalogue.get(game_id)
        self.game_title = record.name
        found: Any = howto.load(game_id) if record.diagrams else None
        if isinstance(found, tuple):
            kit = named_class(record.diagrams)(record.rules)
            problem = next((f"page {k + 1}: {why}" for k, page in enumerate(found)
                            if (why := kit.problem(page)) is not None), None)
            if problem is None:
                self.kit = kit
                self.pages = [(p.title, p.text, p) for p in found]
                return
            found = howto.refuse(game_id, problem)
        # the reason is said in the player's language (a Message); the game still plays
        reason = refusal(found) if found else _("This game has no how-to pages.")
        self.pages = [(N_("These pages cannot be shown"), reason, None)]

    def draw_page(self, surface: pygame.Surface, area: pygame.Rect, page: tuple[Any, ...], s: float) -> None:
        """Draw the diagrams and asides of ``page`` inside ``area``, as its layout says."""
        data = page[2]
        if not isinstance(data, howto.Page) or self.kit is None:
            return
        if data.layout == "row":
            self.draw_row(surface, area, data, s)
        else:
            self.draw_stacked(surface, area, data, s, beside=data.layout == "column")

    def caption_form(self, s: float) -> tuple[int, float]:
        """The size of the boards' captions and the step from one of their lines to the next."""
        kit = self.kit
        size = int(kit.caption_size * s)
        return size, theme.step(size, (kit.caption_size + 2) * s)

    def draw_lines(self, surface: pygame.Surface, lines: list[tuple[str, Ink]], pos: tuple[float, float],
                   width: int, s: float, anchor: str = "midtop") -> float:
        """Caption lines from ``pos`` down, each wrapped to ``width``; where they end."""
        size, step = self.caption_form(s)
        x, y = pos
        for text, ink in lines:
            for line in theme.wrap(text, size, width):
                theme.draw_text(surface, line, (x, y), size, ink, anchor)
                y += step
        return y

    def draw_row(self, surface: pygame.Surface, area: pygame.Rect, data: howto.Page, s: float) -> None:
        """The boards side by side, each with its caption under it, and the asides in the next
        column (alone: the whole width)."""
        kit = self.kit
        columns = len(data.diagrams) + (1 if data.asides else 0)
        if not columns:
            return
        # a board is never wider than half the page (a lone board stands in the middle), so
        # the boards keep their size from page to page
        columns = max(2, columns) if data.diagrams else columns
        gap = int(40 * s)
        width = (area.width - gap * (columns - 1)) // columns
        if len(data.diagrams) == 1 and not data.asides:
            area = area.move((width + gap) // 2, 0)
        _size, step = self.caption_form(s)
        room = int(kit.caption_lines * step + 8 * s)
        for k, diagram in enumerate(data.diagrams):
            rect = pygame.Rect(area.x + k * (width + gap), area.y, width, max(20, area.height - room))
            box = kit.draw(surface, rect, diagram, s)
            self.draw_lines(surface, written_caption(kit, diagram), (rect.centerx, box.bottom + 6 * s),
                            int(width + gap * 0.75), s)
        if data.asides:
            k = len(data.diagrams)
            rect = pygame.Rect(area.x + k * (width + gap), area.y, width, area.height)
            if not data.diagrams:
                rect = area
            for aside in data.asides:
                bottom = self.draw_aside(surface, rect, data, aside, s)
                top = int(bottom + 24 * s)
                rect = pygame.Rect(rect.x, top, rect.width, max(0, rect.bottom - top))

    def draw_stacked(self, surface: pygame.Surface, area: pygame.Rect, data: howto.Page, s: float,
                     beside: bool) -> None:
        """The boards one under another, each across the page: its caption under it, or
        (``beside``) to its right."""
        kit = self.kit
        n = len(data.diagrams)
        gap = int(16 * s)
        band = (area.height - gap * (n - 1)) // n
        _size, step = self.caption_form(s)
        room = int(kit.caption_lines * step + 8 * s)
        for k, diagram in enumerate(data.diagrams):
            top = area.y + k * (band + gap)
            lines = written_caption(kit, diagram)
            if beside:
                rect = pygame.Rect(area.x, top, int(area.width * 0.7), band)
                box = kit.draw(surface, rect, diagram, s)
                x = box.right + int(20 * s)
                self.draw_lines(surface, lines, (x, box.top), int(area.right - x), s, "topleft")
            else:
                rect = pygame.Rect(area.x, top, area.width, max(20, band - room))
                box = kit.draw(surface, rect, diagram, s)
                self.draw_lines(surface, lines, (area.centerx, box.bottom + 6 * s), area.width, s)

    def draw_aside(self, surface: pygame.Surface, rect: pygame.Rect, page: howto.Page, aside: howto.Aside,
                   s: float) -> float:
        """One aside inside ``rect``: its caption, the table, lines, legend or kit's picture,
        its note; returns where it ends."""
        size = int(26 * s)
        step = theme.step(size, 30 * s)
        # a legend's words start at its left edge, and so do its caption and note
        left = aside.kind == "legend"
        x, anchor = (rect.x, "topleft") if left else (rect.centerx, "midtop")
        y = rect.y
        if aside.caption:
            for line in theme.wrap(_(aside.caption), size, rect.width):
                theme.draw_text(surface, line, (x, y), size, theme.INK_DIM, anchor)
                y += step
            y += int(12 * s)
        notes = theme.wrap(_(aside.note), size, rect.width) if aside.note else []
        body = pygame.Rect(rect.x, int(y), rect.width,
                           max(10, int(rect.bottom - y - len(notes) * step - (12 * s if notes else 0))))
        kind, value = aside.kind, aside.value
        if kind == "kit":
            box = self.kit.aside(surface, body, value, howto.pictured(page, aside), s)
            y = box.bottom if box is not None else body.bottom
        elif kind == "legend":
            y = self.draw_legend(surface, body, value, s)
        elif kind == "lines":
            y = body.y + int(10 * s)
            for note in value:
                for line in theme.wrap(_(note), int(28 * s), body.width):
                    theme.draw_text(surface, line, (body.centerx, y), int(28 * s), theme.INK_DIM, "midtop")
                    y += int(38 * s)
        else:  # a table of words; a cell that starts with a digit is a number, shown as it is
            n = max(len(row) for row in value)
            width = min(body.width / n, 200 * s)
            y = body.y
            for r, row in enumerate(value):
                for c, cell in enumerate(row):
                    text = _(cell) if cell and not cell[0].isdigit() else cell
                    cx = body.centerx + (c - (n - 1) / 2) * width
                    fit = theme.fitted(text, int(30 * s), int(width - 8 * s))
                    theme.draw_text(surface, text, (cx, y), fit, theme.INK, "midtop", r == 0 or c == 0)
                y += 36 * s
        if notes:
            y += int(12 * s)
            for line in notes:
                theme.draw_text(surface, line, (x, y), size, theme.ACCENT, anchor)
                y += step
        return y

    def draw_legend(self, surface: pygame.Surface, rect: pygame.Rect, rows: list[list[Any]],
                    s: float) -> float:
        """A legend's rows, at the largest size (down to 60%) whose rows end inside ``rect``;
        returns where they end."""
        for k in (1.0, 0.9, 0.8, 0.7, 0.6):
            if self.legend_rows(surface, rect, rows, s, k, draw=False) <= rect.bottom:
                break
        return self.legend_rows(surface, rect, rows, s, k, draw=True)

    def legend_rows(self, surface: pygame.Surface, rect: pygame.Rect, rows: list[list[Any]], s: float,
                    k: float, draw: bool) -> float:
        """A legend's rows at ``k`` of their size: the kit's icons, then the words (or a name in
        bold over its words); returns where the last row ends (drawn only with ``draw``)."""
        size = int(52 * s * max(k, 0.75))
        gap = int(6 * s)
        icons = [[row[0]] if isinstance(row[0], str) else row[0] for row in rows]
        text_x = rect.x + max(len(names) for names in icons) * (size + gap) + int(12 * s)
        width = int(rect.right - text_x)
        y = rect.y
        for row, names in zip(rows, icons, strict=True):
            if draw:
                for i, name in enumerate(names):
                    self.kit.icon(surface, pygame.Rect(rect.x + i * (size + gap), int(y), size, size), name)
            if len(row) == 3:
                name_size, word_size = int(30 * s * k), int(24 * s * k)
                if draw:
                    theme.draw_text(surface, _(row[1]), (text_x, y), name_size, theme.INK, bold=True)
                ty = y + theme.step(name_size, 30 * s * k)
                line_step = theme.step(word_size, 26 * s * k)
                for line in theme.wrap(_(row[2]), word_size, width):
                    if draw:
                        theme.draw_text(surface, line, (text_x, ty), word_size, theme.INK_DIM)
                    ty += line_step
                y = max(y + size, ty) + 12 * s * k
            else:
                word_size = int(28 * s * k)
                line_step = theme.step(word_size, 30 * s * k)
                lines = theme.wrap(_(row[1]), word_size, width)
                ty = y + max(0.0, (size - len(lines) * line_step) / 2)  # the words beside the icon's middle
                for line in lines:
                    if draw:
                        theme.draw_text(surface, line, (text_x, ty), word_size, theme.INK)
                    ty += line_step
                y = max(y + size, ty) + 14 * s * k
        return y

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
        game = _(self.game_title)
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
