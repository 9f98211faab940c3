"""Colours, fonts and text drawing for every scene."""
from __future__ import annotations

from functools import lru_cache

import pygame

BG = (18, 20, 28)
BG_PANEL = (28, 31, 42)
BG_PANEL_HI = (40, 44, 60)
INK = (232, 234, 240)
INK_DIM = (150, 156, 172)
INK_FAINT = (96, 102, 120)
ACCENT = (255, 204, 77)
GOOD = (120, 220, 140)
BAD = (240, 110, 100)

RED = (222, 62, 62)
RED_DARK = (140, 30, 36)
RED_LIGHT = (255, 150, 140)
BLUE = (54, 120, 230)
BLUE_DARK = (26, 58, 130)
BLUE_LIGHT = (150, 190, 255)
PLAYER_COLORS = {"red": RED, "blue": BLUE}
PLAYER_DARK = {"red": RED_DARK, "blue": BLUE_DARK}
PLAYER_LIGHT = {"red": RED_LIGHT, "blue": BLUE_LIGHT}

CELL_GRAY = (132, 136, 148)
CELL_GRAY_EDGE = (96, 100, 112)
CELL_VOID = (34, 30, 52)
CELL_VOID_EDGE = (98, 76, 150)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    f = pygame.font.Font(None, max(8, int(size)))
    f.set_bold(bold)
    return f


@lru_cache(maxsize=1024)
def text_surface(text: str, size: int, color: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
    # rendering text is slow; every label is cached by its content
    return font(size, bold).render(text, True, color)


def forget_fonts() -> None:
    """Drop cached fonts and labels: they die with ``pygame.quit`` (a new App re-inits)."""
    font.cache_clear()
    text_surface.cache_clear()


def draw_text(surface: pygame.Surface, text: str, pos: tuple[float, float], size: int,
              color: tuple[int, int, int] = INK, anchor: str = "topleft", bold: bool = False
              ) -> pygame.Rect:
    img = text_surface(text, int(size), color, bold)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(img, rect)
    return rect


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
