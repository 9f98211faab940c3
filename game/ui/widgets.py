"""A vertical menu and clickable buttons, driven by abstract actions."""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from . import marks, theme
from .actions import CONFIRM, DOWN, POINT, UP, Action
from .anim import ease_out_cubic
from .audio import ui_sound


@dataclass
class Item:
    label: str
    on_choose: Callable[[], None] | None = None
    note: str = ""
    enabled: bool = True
    #: done (a puzzle solved, a lesson's step): a tick before the label
    ticked: bool = False


#: menus' highlights glide to the new item (the app turns this off for reduced motion
#: and for headless runs, whose frames must not depend on the clock)
GLIDE = {"on": False, "seconds": 0.12}


class Menu:
    """Items in a column: keys move the highlight, the mouse points and clicks."""

    def __init__(self, items: list[Item], size: int = 40) -> None:
        self.items = items
        self._index = next((i for i, it in enumerate(items) if it.enabled), 0)
        self.size = size
        self.rects: list[pygame.Rect] = []
        self._glide: tuple[float, float] | None = None  # (from index, when it left)

    @property
    def index(self) -> int:
        return self._index

    @index.setter
    def index(self, value: int) -> None:
        wraps = abs(value - self._index) == len(self.items) - 1 > 1  # last <-> first: a jump
        if value != self._index and GLIDE["on"] and self.rects and not wraps:  # shown already: it glides
            self._glide = (self.shown_index(), time.perf_counter())
        elif wraps:
            self._glide = None
        self._index = value

    def shown_index(self) -> float:
        """Where the highlight is drawn: gliding (eased) from the item left to the item
        chosen, in item units."""
        if self._glide is None:
            return float(self._index)
        start, since = self._glide
        k = (time.perf_counter() - since) / GLIDE["seconds"]
        if k >= 1 or not GLIDE["on"]:
            self._glide = None
            return float(self._index)
        return start + (self._index - start) * ease_out_cubic(k)

    @property
    def moving(self) -> bool:
        return self._glide is not None

    def handle(self, action: Action) -> bool:
        """React to ``action``; True when it was the menu's."""
        if action.name in (UP, DOWN) and not action.is_pointer:
            self.move(-1 if action.name == UP else 1)
            return True
        if action.pos is not None:
            hit = self.hit(action.pos)
            if hit is None:
                return False
            if hit != self.index:
                ui_sound("click")
            self.index = hit
            if action.name == CONFIRM:
                self.choose()
            return True
        if action.name == CONFIRM:
            self.choose()
            return True
        return False

    def hit(self, pos: tuple[int, int]) -> int | None:
        for i, rect in enumerate(self.rects):
            if rect.collidepoint(pos) and self.items[i].enabled:
                return i
        return None

    def move(self, delta: int) -> None:
        n, was = len(self.items), self.index
        for _ in range(n):
            self.index = (self.index + delta) % n
            if self.items[self.index].enabled:
                if self.index != was:
                    ui_sound("click")
                return

    def choose(self) -> None:
        item = self.items[self.index]
        if item.enabled and item.on_choose:
            ui_sound("confirm")
            item.on_choose()

    def draw(self, surface: pygame.Surface, center_x: float, top: float, scale: float = 1.0) -> None:
        size = int(self.size * scale)
        gap = int(size * 1.35)
        self.rects = []
        tick, tick_gap = theme.tick_size(size)
        # a ticked label stays where it would be, its tick hung before it (room on both sides)
        width = int(max(theme.text_width(it.label, size) + 2 * (tick + tick_gap) * it.ticked
                        for it in self.items)
                    + 80 * scale)
        shown = self.shown_index()
        glow = pygame.Rect(0, 0, width, int(size * 1.15))
        glow.center = (int(center_x), int(top + shown * gap + size * 0.6))
        pygame.draw.rect(surface, theme.BG_PANEL_HI, glow, border_radius=int(8 * scale))
        marks.focus(surface, glow, 2, int(8 * scale))
        for i, item in enumerate(self.items):
            rect = pygame.Rect(0, 0, width, int(size * 1.15))
            rect.center = (int(center_x), int(top + i * gap + size * 0.6))
            selected = i == self.index
            color = theme.INK if item.enabled else theme.INK_FAINT
            if selected and item.enabled:
                color = theme.ACCENT
            label = theme.draw_text(surface, item.label, rect.center, size, color, "center")
            if item.ticked:
                box = pygame.Rect(label.x - tick - tick_gap, label.centery - tick // 2, tick, tick)
                theme.draw_tick(surface, box, theme.GOOD)
            if item.note:
                theme.draw_text(surface, item.note, (rect.right + 12 * scale, rect.centery),
                                int(size * 0.55), theme.INK_DIM, "midleft")
            self.rects.append(rect)


class Button:
    """A labelled rectangle the mouse can click; placed anew by each draw."""

    def __init__(self, label: str, on_click: Callable[[], None]) -> None:
        self.label = label
        self.on_click = on_click
        self.rect = pygame.Rect(0, 0, 0, 0)  # where it is on screen, for clicks
        self.local_rect = self.rect  # where it was drawn, on the surface given to draw
        self.hover = False

    def handle(self, action: Action) -> bool:
        if action.pos is None:
            return False
        inside = self.rect.collidepoint(action.pos)
        if action.name == POINT:
            self.hover = inside
            return False
        if inside and action.name == CONFIRM:
            self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, size: int, active: bool = False) -> None:
        self.rect = self.local_rect = rect
        fill = theme.BG_PANEL_HI if (self.hover or active) else theme.BG_PANEL
        pygame.draw.rect(surface, fill, rect, border_radius=6)
        if active:
            marks.focus(surface, rect, 2, 6)
        else:
            pygame.draw.rect(surface, theme.INK_FAINT, rect, 2, border_radius=6)
        # fitted to the button: a longer word (German) takes a smaller size, not the next button
        size = theme.fitted(self.label, size, rect.width - 10, smallest=10)
        theme.draw_text(surface, self.label, rect.center, size, theme.INK, "center")


def top_banner(surface: pygame.Surface, text: str) -> pygame.Rect:
    """A line over any screen, near its top, on a solid pill (a phone reconnecting)."""
    w, h = surface.get_size()
    s = theme.scale_of(surface)
    size = theme.fitted(text, int(28 * s), w - 80 * s, True)
    tw, th = theme.font(size, True).size(text)
    rect = pygame.Rect(0, 0, int(tw + 48 * s), int(th + 20 * s))
    rect.midtop = (w // 2, int(h * 0.09))
    pygame.draw.rect(surface, theme.BG_PANEL_HI, rect, border_radius=rect.height // 2)
    pygame.draw.rect(surface, theme.ACCENT, rect, max(2, int(3 * s)), border_radius=rect.height // 2)
    theme.draw_text(surface, text, rect.center, size, theme.ACCENT, "center", True)
    return rect



def scan_frame(surface: pygame.Surface, held: float = 0.0) -> None:
    """Around any screen while scanning is on (one switch): a frame in the accent colour
    along the window's edges, where no screen puts a label, so it covers nothing; ``held``,
    how far a press held is on its way to going back (0 to 1), fills a bar along the top."""
    w, h = surface.get_size()
    s = theme.scale_of(surface)
    line = max(2, round(3 * s))  # thin: at 800x600 a board's edge labels come within a few pixels
    for edge in ((0, 0, w, line), (0, h - line, w, line), (0, 0, line, h), (w - line, 0, line, h)):
        surface.fill(theme.ACCENT, edge)
    if held > 0:
        surface.fill(theme.ACCENT, (0, 0, round(w * held), 3 * line))
