"""Fonts, text and the screens' colours for every scene."""
from __future__ import annotations

from functools import lru_cache

import pygame

from .. import palette
from .cache import surface_cache

# the screens' colours live in the palette, with every side's (game.palette)
BG, BG_PANEL, BG_PANEL_HI = palette.BG, palette.BG_PANEL, palette.BG_PANEL_HI
INK, INK_DIM, INK_FAINT = palette.INK, palette.INK_DIM, palette.INK_FAINT
ACCENT, GOOD, BAD = palette.ACCENT, palette.GOOD, palette.BAD


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    f = pygame.font.Font(None, max(8, int(size)))
    f.set_bold(bold)
    return f


@surface_cache(megabytes=16)
def text_surface(text: str, size: int, color: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
    # rendering text is slow; every label is cached by its content
    return font(size, bold).render(text, True, color)


def forget_fonts() -> None:
    """Drop cached fonts and labels: they die with ``pygame.quit`` (a new App re-inits)."""
    font.cache_clear()
    text_surface.cache_clear()


def outline(surface: pygame.Surface, color: tuple[int, int, int], rect: pygame.Rect, width: int) -> None:
    """``pygame.draw.rect(surface, color, rect, width)``, pixel for pixel, that also
    draws the same pixels when the surface is clipped: pygame's own outline draws the
    border of the clipped rectangle, which a redraw of only a changed region
    (``PlayScene.draw_changes``) would leave on the screen."""
    rect = pygame.Rect(rect)
    if width <= 0 or 2 * width >= min(rect.w, rect.h):
        pygame.draw.rect(surface, color, rect, width)
        return
    surface.fill(color, (rect.x, rect.y, rect.w, width))
    surface.fill(color, (rect.x, rect.bottom - width, rect.w, width))
    surface.fill(color, (rect.x, rect.y, width, rect.h))
    surface.fill(color, (rect.right - width, rect.y, width, rect.h))


def draw_text(surface: pygame.Surface, text: str, pos: tuple[float, float], size: int,
              color: tuple[int, int, int] = INK, anchor: str = "topleft", bold: bool = False
              ) -> pygame.Rect:
    img = text_surface(text, int(size), color, bold)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(img, rect)
    return rect


def fitted(text: str, size: int, width: float, bold: bool = False, smallest: int = 12) -> int:
    """The largest size up to ``size`` at which ``text`` fits ``width`` pixels (never
    below ``smallest``: a label must stay readable; it may then overflow)."""
    size = int(size)
    while size > smallest and font(size, bold).size(text)[0] > width:
        size = max(smallest, int(size * 0.92))
    return size


def wrap(text: str, size: int, width: int) -> list[str]:
    """Split ``text`` into lines that fit ``width`` pixels at ``size``."""
    f = font(size)
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}".strip()
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def scale_of(surface: pygame.Surface) -> float:
    """UI scale relative to the 1280×720 design size."""
    w, h = surface.get_size()
    return max(0.5, min(w / 1280, h / 720))


def begin_screen(surface: pygame.Surface, title: str) -> tuple[int, int, float]:
    """A full-screen menu's background and heading; returns ``(width, height, scale)``."""
    surface.fill(BG)
    w, h = surface.get_size()
    s = scale_of(surface)
    draw_text(surface, title, (w / 2, 50 * s), int(64 * s), INK, "center", True)
    return w, h, s
