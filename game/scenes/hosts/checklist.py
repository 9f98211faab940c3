"""A game's list of things to do, each ticked once done (its puzzles, its course), and
the screen that hosts the game's board for one of them.

A list names its entries (``titles``), which are done (``marks``, read again by
``refresh`` when the screen comes back from one), what the heading and the line of
progress say, and what choosing an entry opens (an :class:`EntryScene`).
"""
from __future__ import annotations

import logging
import math
from typing import Any

import pygame

from ... import palette
from ...i18n import _
from ...rules.core import RulesError
from ...ui import marks, theme
from ...ui.actions import BACK, MENU, Action
from ...ui.cards import WAYS, CardMenu, nearest
from ...ui.widgets import Item, Menu
from ..base import BackButton, Scene
from . import previews

log = logging.getLogger("gauss_arcade")


class ChecklistScene(Scene):
    moves_by_itself = False
    #: the entries' size at the design size
    SIZE = 28

    #: a card's picture box (width : height), the entry's board fitted inside it
    PICTURE = 4 / 3
    #: the narrowest card at the design size: fewer to a row below it, and the rows scroll
    CARD_MIN = 240

    def __init__(self, app, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.back = BackButton()
        self.done = self.marks()
        items = [Item(self.label(n), lambda n=n: self.open(n), ticked=n in self.done)
                 for n in range(len(self.titles()))]
        # each entry a card with a picture of its position, where the entries have positions
        self.positions = [self.safe_position(n) for n in range(len(items))]
        self.cards = bool(items) and all(p is not None for p in self.positions)
        self.menu = CardMenu(items, {}, size=self.SIZE) if self.cards else Menu(items, size=self.SIZE)
        self.pictures: dict[int, pygame.Surface] = {}
        self.picture_size = (0, 0)
        self.first_row = 0  # the top row shown, when the cards need more rows than fit
        self.grid: list[pygame.Rect] = []  # every card where it stands, scrolled out of sight or not

    # -- what a subclass says -------------------------------------------------------------
    def titles(self) -> list[str]:
        """The entries' titles, in the player's language."""
        raise NotImplementedError

    def marks(self) -> set[int]:
        """The entries done (from 0)."""
        raise NotImplementedError

    def open(self, n: int) -> None:
        raise NotImplementedError

    def heading(self) -> str:
        raise NotImplementedError

    def progress(self, done: int, total: int) -> str:
        raise NotImplementedError

    def position(self, n: int) -> tuple[str | None, Any] | None:
        """The entry's position (its level's name, the state as the rules load it) for its
        card's picture; None: the entries are a plain list."""
        return None

    def safe_position(self, n: int) -> tuple[str | None, Any] | None:
        try:
            return self.position(n)
        except (RulesError, ValueError, KeyError, TypeError):  # a hand-edited file: no picture
            log.warning("Entry %s of %s has no position to show.", n + 1, self.game_id)
            return None

    # -- the list ---------------------------------------------------------------------------
    def label(self, n: int) -> str:
        return _("{number}. {title}").format(number=n + 1, title=self.titles()[n])

    def refresh(self) -> None:
        """The marks again (an entry was just done)."""
        self.done = self.marks()
        for n, item in enumerate(self.menu.items):
            item.label = self.label(n)
            item.ticked = n in self.done

    def handle(self, action: Action) -> None:
        if self.back.clicked(action) or (action.name in (BACK, MENU) and not action.is_pointer):
            self.app.stack.pop()
            return
        if self.cards and action.name in WAYS and not action.is_pointer and self.grid:
            # across the whole grid, the rows scrolled out of sight included
            self.menu.index = nearest(self.grid, self.menu.index, WAYS[action.name])
            return
        self.menu.handle(action)

    def next_change(self) -> float:
        if self.cards and len(self.pictures) < len(self.menu.items):
            return 0.0  # a picture a frame until every card has its own
        return super().next_change()

    def draw(self, surface: pygame.Surface) -> None:
        w, h, s = theme.begin_screen(surface, self.heading())
        self.back.draw(surface, s)
        total = len(self.menu.items)
        theme.draw_text(surface, self.progress(len(self.done), total), (w / 2, 96 * s), int(26 * s),
                        theme.INK_DIM, "center")
        if self.cards:
            self.draw_cards(surface, pygame.Rect(int(24 * s), int(126 * s), w - int(48 * s),
                                                 h - int(126 * s) - int(16 * s)), s)
            return
        self.menu.draw(surface, w / 2, 126 * s, min(s, (h - 176 * s) / (max(1, total) * self.SIZE * 1.4)))

    # -- the cards ----------------------------------------------------------------------------
    @staticmethod
    def title_height(s: float) -> int:
        """A card's room under its picture: two lines of its title."""
        return 2 * theme.font(int(22 * s)).get_linesize() + int(14 * s)

    def card_grid(self, area: pygame.Rect, s: float) -> tuple[int, int, int, int]:
        """``(columns, card width, card height, rows that fit)``: the largest cards with which
        every entry fits ``area``, else the narrowest allowed, their rows scrolling."""
        n, gap = len(self.menu.items), int(14 * s)
        title_h = self.title_height(s)
        widest = max(1, (area.width + gap) // (int(self.CARD_MIN * s) + gap))
        for cols in range(1, widest + 1):
            card_w = (area.width - (cols - 1) * gap) // cols
            card_h = min(int((card_w - 16 * s) / self.PICTURE) + title_h, area.height)
            rows = math.ceil(n / cols)
            if rows * card_h + (rows - 1) * gap <= area.height:
                # no wider than a picture the height allows (a short list on a wide window)
                return cols, card_w, card_h, rows
        cols = widest
        card_w = (area.width - (cols - 1) * gap) // cols
        card_h = int((card_w - 16 * s) / self.PICTURE) + title_h
        return cols, card_w, card_h, max(1, (area.height + gap) // (card_h + gap))

    def draw_cards(self, surface: pygame.Surface, area: pygame.Rect, s: float) -> None:
        n, gap = len(self.menu.items), int(14 * s)
        cols, card_w, card_h, fit = self.card_grid(area, s)
        rows = math.ceil(n / cols)
        row = self.menu.index // cols  # the chosen card's row stays in sight
        self.first_row = max(0, min(self.first_row, row, rows - fit), row - fit + 1)
        left = area.x + (area.width - (cols * card_w + (cols - 1) * gap)) // 2
        pad = int(8 * s)
        box = (card_w - 2 * pad, card_h - self.title_height(s) - pad)
        if box != self.picture_size:
            self.pictures.clear()
            self.picture_size = box
        self.make_a_picture()
        self.menu.shown_index()  # ends the highlight's glide, which a card grid does not draw
        self.menu.rects = []
        self.grid = [pygame.Rect(left + c * (card_w + gap), area.y + r * (card_h + gap), card_w, card_h)
                     for r, c in (divmod(i, cols) for i in range(n))]
        for i, item in enumerate(self.menu.items):
            r = i // cols
            rect = self.grid[i].move(0, -self.first_row * (card_h + gap))
            shown = self.first_row <= r < self.first_row + fit
            self.menu.rects.append(rect if shown else pygame.Rect(0, 0, 0, 0))
            if shown:
                self.draw_card(surface, rect, i, item, i == self.menu.index, pad, s)
        if self.first_row > 0 or self.first_row + fit < rows:  # more above or below: say where
            more = _("Rows {first}-{last} of {rows}").format(first=self.first_row + 1,
                                                            last=min(rows, self.first_row + fit), rows=rows)
            theme.draw_text(surface, more, (area.right, area.y - int(30 * s)), int(20 * s), theme.INK_DIM,
                            "topright")

    def draw_card(self, surface: pygame.Surface, rect: pygame.Rect, i: int, item: Item, focused: bool,
                  pad: int, s: float) -> None:
        radius = int(10 * s)
        fill = theme.BG_PANEL_HI if focused else theme.BG_PANEL
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        picture_box = pygame.Rect(rect.x + pad, rect.y + pad, *self.picture_size)
        picture = self.pictures.get(i)
        if picture is not None:
            surface.blit(picture, picture.get_rect(center=picture_box.center))
        else:  # made in a frame to come
            pygame.draw.rect(surface, theme.BG, picture_box, border_radius=radius)
        if i in self.done:  # done: a tick on a disc in the picture's corner (a shape, not a colour alone)
            d = max(18, int(34 * s))
            badge = pygame.Rect(picture_box.right - d - int(4 * s), picture_box.y + int(4 * s), d, d)
            pygame.draw.circle(surface, theme.GOOD, badge.center, d // 2)
            pygame.draw.circle(surface, palette.RIM, badge.center, d // 2, max(1, int(2 * s)))
            theme.draw_tick(surface, badge.inflate(-d // 3, -d // 3), palette.RIM)
        ink = theme.ACCENT if focused else theme.INK
        y = picture_box.bottom + int(6 * s)
        room = rect.width - 2 * pad
        size = int(22 * s)  # smaller, down to the floor, where two lines would not hold the title
        lines = theme.wrap(item.label, size, room)
        while len(lines) > 2 and theme.px(int(size * 0.9)) < theme.px(size):  # the floor stops it
            size = int(size * 0.9)
            lines = theme.wrap(item.label, size, room)
        if len(lines) > 2:
            lines = [lines[0], theme.ellipsized(" ".join(lines[1:]), size, room)]
        for line in lines:
            y = theme.draw_text(surface, line, (rect.centerx, y), size, ink, "midtop", bold=focused).bottom
        if focused:
            marks.focus(surface, rect, max(2, int(3 * s)), radius)
        else:
            pygame.draw.rect(surface, theme.INK_FAINT, rect, 1, border_radius=radius)

    def make_a_picture(self) -> None:
        """One card's picture a frame (the chosen card's first): each is a whole board
        drawn off-screen, tens of milliseconds."""
        missing = [i for i in range(len(self.menu.items)) if i not in self.pictures]
        if not missing or min(self.picture_size) <= 0:
            return
        i = self.menu.index if self.menu.index in missing else missing[0]
        level, state = self.positions[i]  # type: ignore[misc]
        try:
            board = previews.position_picture(self.app, self.game_id, level, state)
        except (pygame.error, RulesError, ValueError, KeyError) as exc:
            log.warning("No picture for entry %s of %s: %s", i + 1, self.game_id, exc)
            board = pygame.Surface((4, 3))
            board.fill(theme.BG)
        self.pictures[i] = previews.fitted_picture(board, self.picture_size)


class EntryScene(Scene):
    """One entry of a list on the game's own board: the game's scene, started by the
    entry at its position, never autosaved and without hints; its Menu button leaves,
    Undo and Redo start the entry again (``again``)."""

    def __init__(self, app, game_id: str, level: str | None, listing: ChecklistScene | None) -> None:
        super().__init__(app)
        self.listing = listing
        # an exercise: never autosaved, solved unaided, the entry saying what to do, what its
        # undo and menu keys do and how it ended (no card, no review of a set-up position)
        self.game = app.nav.puzzle_game(game_id, level)
        self.game.rewire(menu=self.leave, undo=self.again, redo=self.again)

    def again(self) -> None:
        raise NotImplementedError

    # scanning: the entry's game steps through its moves; the host says when it takes none
    def scan_next(self, device: str) -> None:
        self.game.scan_next(device)

    def scan_waits(self) -> bool:
        return self.game.scan_waits()

    def scan_choose(self, device: str) -> None:
        game = self.game
        items, by_rows = game.scan_items()
        if by_rows and not game.scan_waits():
            game.scan_choose(device)  # a row chosen: the entry's own keys have no part in it
            return
        shown, played = game.scan_shown(), len(game.history)
        super().scan_choose(device)  # through the entry, which says whether its game takes it
        game.scan_follow(items, shown, played)

    def scan_back(self, device: str) -> None:
        if self.game.scan_row is not None:
            self.game.scan_back(device)  # out of the row first, as in a game
        else:
            super().scan_back(device)

    def leave(self) -> None:
        """Back to the list, its marks read again."""
        if self.app.stack.top is self:
            self.app.stack.pop()
        if self.listing is not None:
            self.listing.refresh()
