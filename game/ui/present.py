"""Presentation pieces every game shares: solid panels, the status bar with its banner,
the message line and the end-of-game card.

Written once so that the five games look and behave alike: an overlay is always a
solid panel (never text floating over a busy board), the banner never collides with
the status line, and the end card always says who won, by how much and why.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from . import theme

RGB = tuple[int, int, int]


def dim(surface: pygame.Surface, alpha: int = 170) -> None:
    """Darken the whole surface: what is under an overlay steps back."""
    surface.blit(_shade(surface.get_size(), alpha), (0, 0))


@lru_cache(maxsize=2)
def _shade(size: tuple[int, int], alpha: int) -> pygame.Surface:
    # made once per window size: a new one every frame an overlay is drawn (the end card
    # celebrating, the pause menu) was a whole window allocated and filled, 1 to 2 ms at 1080p
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((8, 9, 14, alpha))
    return shade


@lru_cache(maxsize=8)
def _shadow(size: tuple[int, int], radius: int) -> pygame.Surface:
    shadow = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 110), shadow.get_rect(), border_radius=radius)
    return shadow


#: ``panel``'s default edge: the theme's accent (``None`` asks for no edge)
ACCENT_EDGE: RGB = (-1, -1, -1)


def panel(surface: pygame.Surface, rect: pygame.Rect, s: float, edge: RGB | None = ACCENT_EDGE,
          fill: RGB | None = None) -> None:
    """A solid panel with depth: a soft drop shadow, the body, a lit top edge and a rim (by
    default the theme's ``BG_PANEL`` with an ``ACCENT`` rim)."""
    fill = fill or theme.BG_PANEL
    edge = theme.ACCENT if edge == ACCENT_EDGE else edge
    radius = max(4, int(12 * s))
    depth = max(2, int(6 * s))
    shadow = _shadow((rect.width + 2 * depth, rect.height + 2 * depth), radius + depth)
    surface.blit(shadow, (rect.x - depth + depth // 2, rect.y - depth + depth))
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    lit = tuple(min(255, c + 14) for c in fill)
    pygame.draw.line(surface, lit, (rect.x + radius, rect.y + 1), (rect.right - radius, rect.y + 1),
                     max(1, int(2 * s)))
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, max(2, int(3 * s)), border_radius=radius)


# -- the bars of a play screen -------------------------------------------------------------------

def status_bar(surface: pygame.Surface, rect: pygame.Rect, status: str, color: RGB, banner: str,
               s: float, verdict: bool | None = None) -> bool:
    """The status (whose turn, left) and the banner (news, right) in one bar, never
    overlapping: each is fitted to its room; with ``verdict`` a tick (right) or a cross (wrong)
    before the status. Returns False when the banner did not fit beside the status (the
    caller shows it on the message line instead)."""
    gap = 24 * s
    x = rect.x
    if verdict is not None:
        tick, space = theme.tick_size(int(36 * s), True)
        theme.draw_verdict(surface, pygame.Rect(x, rect.centery - tick // 2, tick, tick), verdict)
        x += tick + space
    size = theme.fitted(status, int(36 * s), rect.right - x, bold=True)
    drawn = theme.draw_text(surface, status, (x, rect.centery), size, color, "midleft", True)
    if not banner:
        return True
    room = rect.right - drawn.right - gap
    size = theme.fitted(banner, int(30 * s), room, smallest=max(12, int(22 * s)))
    if theme.text_width(banner, size) > room:
        return False
    theme.draw_text(surface, banner, (rect.right, rect.centery), size, theme.ACCENT, "midright")
    return True


#: the gap between the parts of a line of controls ("Enter: place   Esc: menu")
PARTS = "   "


def fewer_parts(text: str, size: int, width: float, keep_last: bool = False) -> str:
    """``text`` without some of its parts (``PARTS`` or " · ") until it fits ``width``:
    the first always stays, and with ``keep_last`` the last too (a line of controls ends
    with how to reach the menu); the others go from the end."""
    sep = PARTS if PARTS in text else " · "
    parts = text.split(sep)
    kept = 2 if keep_last else 1
    while len(parts) > kept and theme.text_width(sep.join(parts), size) > width:
        del parts[-kept]
    return sep.join(parts)


def parts_line(surface: pygame.Surface, pos: tuple[float, float], text: str, size: int, width: float,
               color: RGB, anchor: str = "topleft") -> pygame.Rect:
    """A line of parts ("Classic board   Blue started") fitted to ``width``: smaller, and
    where even the smallest size is too wide, without its last parts."""
    size = theme.fitted(text, size, width)
    return theme.draw_text(surface, fewer_parts(text, size, width), pos, size, color, anchor)


def message_line(surface: pygame.Surface, rect: pygame.Rect, text: str, color: RGB, s: float,
                 size: int = 26) -> None:
    """One line centred in ``rect``, fitted to its width. A line of controls too wide
    even at the smallest size goes on two lines where the band has room for them, and
    otherwise keeps its first and last parts and as many others as fit (the pause
    menu and the how-to pages say the rest)."""
    if not text:
        return
    size = theme.fitted(text, int(size * s), rect.width)
    f = theme.font(size)
    lines = [text]
    if theme.text_width(text, size) > rect.width and PARTS in text:
        parts = text.split(PARTS)
        if rect.height >= 2 * f.get_linesize():
            cut = min(range(1, len(parts)), key=lambda k: max(theme.text_width(PARTS.join(parts[:k]), size),
                                                              theme.text_width(PARTS.join(parts[k:]), size)))
            lines = [PARTS.join(parts[:cut]), PARTS.join(parts[cut:])]
        else:
            lines = [fewer_parts(text, size, rect.width, keep_last=True)]
    step = f.get_linesize()
    y = rect.centery - step * (len(lines) - 1) / 2
    for line in lines:
        theme.draw_text(surface, line, (rect.centerx, y), size, color, "center")
        y += step


# -- the end of a game --------------------------------------------------------------------------

@dataclass
class EndCard:
    """What the end of a game says: who won (``headline``), by how much (``margin``),
    why (``reasons``), the numbers (``table``: a header row, then one row per line)."""

    headline: str
    accent: RGB
    margin: str = ""
    reasons: list[str] = field(default_factory=list)
    table: list[list[str]] = field(default_factory=list)


def end_card(surface: pygame.Surface, card: EndCard, s: float, menu_height: float
             ) -> tuple[pygame.Rect, float]:
    """The card on a solid panel in the middle of ``surface``, with room for a menu of
    ``menu_height`` pixels at its foot; returns ``(panel, menu top)``."""
    w, h = surface.get_size()
    width = int(min(w - 40 * s, 860 * s))
    inner = width - int(60 * s)
    reason_size = int(25 * s)
    reasons = [line for text in card.reasons for line in theme.wrap(text, reason_size, inner)]
    row_h = int(34 * s)
    height = int(30 * s + 70 * s + (36 * s if card.margin else 0) + len(card.table) * row_h
                 + 14 * s + len(reasons) * theme.step(reason_size, 30 * s) + 16 * s + menu_height + 20 * s)
    box = pygame.Rect(0, 0, width, min(height, h - int(16 * s)))
    box.center = (w // 2, h // 2)
    panel(surface, box, s, edge=card.accent)
    y = box.y + 24 * s
    size = theme.fitted(card.headline, int(64 * s), inner, bold=True)
    theme.draw_text(surface, card.headline, (w / 2, y), size, card.accent, "midtop", True)
    y += 70 * s
    if card.margin:
        theme.draw_text(surface, card.margin, (w / 2, y), theme.fitted(card.margin, int(30 * s), inner),
                        theme.INK, "midtop")
        y += 36 * s
    if card.table:
        cols = len(card.table[0])
        first_w = inner * 0.44
        col_w = (inner - first_w) / max(1, cols - 1)
        x0 = box.x + 30 * s
        for r, row in enumerate(card.table):
            if r % 2 == 0:
                pygame.draw.rect(surface, theme.BG_PANEL_HI, (x0 - 8 * s, y - 3 * s, inner + 16 * s, row_h),
                                 border_radius=int(6 * s))
            bold = r == 0 or r == len(card.table) - 1
            mid = y + row_h / 2 - 3 * s
            for c, cell in enumerate(row):
                if c == 0:
                    size = theme.fitted(cell, int(27 * s), first_w - 8 * s, bold)
                    theme.draw_text(surface, cell, (x0, mid), size, theme.INK, "midleft", bold)
                else:
                    x = x0 + first_w + col_w * (c - 1) + col_w / 2
                    size = theme.fitted(cell, int(27 * s), col_w - 8 * s, bold)
                    theme.draw_text(surface, cell, (x, mid), size, theme.INK, "center", bold)
            y += row_h
        y += 14 * s
    for line in reasons:
        theme.draw_text(surface, line, (w / 2, y), reason_size, theme.INK_DIM, "midtop")
        y += theme.step(reason_size, 30 * s)
    return box, max(y + 16 * s, box.bottom - menu_height - 12 * s)
