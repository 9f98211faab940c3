"""Fonts, text and the screens' colours for every scene."""
from __future__ import annotations

import importlib.resources
import logging
from functools import lru_cache
from pathlib import Path

import pygame

from .. import palette
from .cache import clear_all, surface_cache

# the screens' colours live in the palette, with every side's (game.palette)
BG, BG_PANEL, BG_PANEL_HI = palette.BG, palette.BG_PANEL, palette.BG_PANEL_HI
INK, INK_DIM, INK_FAINT = palette.INK, palette.INK_DIM, palette.INK_FAINT
ACCENT, GOOD, BAD = palette.ACCENT, palette.GOOD, palette.BAD


@palette.on_change
def _recolour() -> None:
    """Settings → Theme: the screens' colours again, and every picture drawn in the old ones
    (the surface caches, the labels) drawn again when next asked for."""
    global BG, BG_PANEL, BG_PANEL_HI, INK, INK_DIM, INK_FAINT, ACCENT, GOOD, BAD
    BG, BG_PANEL, BG_PANEL_HI = palette.BG, palette.BG_PANEL, palette.BG_PANEL_HI
    INK, INK_DIM, INK_FAINT = palette.INK, palette.INK_DIM, palette.INK_FAINT
    ACCENT, GOOD, BAD = palette.ACCENT, palette.GOOD, palette.BAD
    clear_all()
    text_surface.cache_clear()
    _wrapped.cache_clear()


#: the shipped family (Play, SIL Open Font License: assets/fonts/OFL.txt), regular and bold
FONT_FILES = {False: "Play-Regular.ttf", True: "Play-Bold.ttf"}


def shipped_assets() -> Path:
    """The shipped assets: inside the installed package (``gauss_arcade/assets``), or
    beside the code in a source checkout (``assets/``), like the levels."""
    package = Path(str(importlib.resources.files(__package__.split(".")[0])))
    inside = package / "assets"
    return inside if inside.is_dir() else package.parent / "assets"


FONT_DIR = shipped_assets() / "fonts"
#: layouts give sizes on the scale of pygame's default font, which draws a size-N font
#: at about 0.69 N pixels; Play at 0.75 N sets a line to about the same width
SIZE_FACTOR = 0.75
#: no label is drawn smaller than this many pixels (the font's em), however small the window
MIN_PX = 14


#: Settings → Large text: every label this much larger (the layouts wrap and fit their words)
LARGE_TEXT = 1.2
_text_scale = 1.0


def set_large_text(on: bool) -> None:
    """Every label larger from the next draw on (the fonts and labels are made again)."""
    global _text_scale
    scale = LARGE_TEXT if on else 1.0
    if scale != _text_scale:
        _text_scale = scale
        forget_fonts()


def px(size: float) -> int:
    """The pixel size of the font a layout's ``size`` asks for (at least MIN_PX; larger
    with Settings → Large text)."""
    return max(round(MIN_PX * _text_scale), round(size * SIZE_FACTOR * _text_scale))


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The Play font at layout size ``size`` (see :func:`px`); the fonts made before a
    ``pygame.quit`` are made again (a layout computed with no app running: a test, a tool)."""
    if not pygame.font.get_init():
        pygame.font.init()
        forget_fonts()
    return _font(size, bold)


@lru_cache(maxsize=96)
def _font(size: int, bold: bool = False) -> pygame.font.Font:
    path = FONT_DIR / FONT_FILES[bool(bold)]
    try:
        return pygame.font.Font(path, px(size))
    except (OSError, FileNotFoundError):  # a damaged install: pygame's own font, never a crash
        logging.getLogger("gauss_arcade").warning("The font %s could not be loaded; pygame's own is used.",
                                                  path)
        f = pygame.font.Font(None, max(8, int(size)))
        f.set_bold(bold)
        return f


#: no label is longer: a longer text came from a file, and is cut rather than drawn a
#: megapixel wide (a NUL, or bytes that were not UTF-8, cannot be drawn at all: "?")
SHOWN_MOST = 2000


@surface_cache(megabytes=16)
def text_surface(text: str, size: int, color: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
    # rendering text is slow; every label is cached by its content
    if len(text) > SHOWN_MOST or "\x00" in text:
        text = text[:SHOWN_MOST].replace("\x00", "?")
    try:
        return font(size, bold).render(text, True, color)
    except UnicodeError:
        return font(size, bold).render(text.encode("utf-8", "replace").decode("utf-8"), True, color)


def forget_fonts() -> None:
    """Drop cached fonts and labels: they die with ``pygame.quit`` (a new App re-inits)."""
    _font.cache_clear()
    text_surface.cache_clear()
    _wrapped.cache_clear()
    _width.cache_clear()


def text_width(text: str, size: int, bold: bool = False) -> int:
    """The width in pixels of ``text`` drawn at layout size ``size``."""
    if not pygame.font.get_init():
        font(size, bold)  # fonts made again after a pygame.quit; the widths forgotten with them
    return _width(text, int(size), bool(bold))


@lru_cache(maxsize=4096)
def _width(text: str, size: int, bold: bool) -> int:
    # measuring is a third of a panel's repaint (a panel fits each label to its room, and
    # is painted again whenever a move lands): the same labels come back move after move
    return _font(size, bold).size(text[:SHOWN_MOST])[0]


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
              color: tuple[int, int, int] | None = None, anchor: str = "topleft", bold: bool = False
              ) -> pygame.Rect:
    """``text`` at ``pos`` (by ``anchor``) in ``color`` (by default the theme's ``INK``)."""
    img = text_surface(text, int(size), color or INK, bold)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(img, rect)
    return rect


def tick_size(size: int, bold: bool = False) -> tuple[int, int]:
    """The width of a tick drawn before a text of ``size``, and its gap to the text."""
    tick = max(6, int(font(size, bold).get_ascent() * 0.8))
    return tick, max(3, tick // 3)


def draw_tick(surface: pygame.Surface, rect: pygame.Rect, color: tuple[int, int, int]) -> None:
    """A check mark in ``rect``, drawn as a shape: the shipped font has no ✓ (a missing
    glyph is drawn as nothing; tests/test_glyphs.py)."""
    w, h = rect.size
    points = [(rect.x + 0.1 * w, rect.y + 0.55 * h), (rect.x + 0.4 * w, rect.y + 0.85 * h),
              (rect.x + 0.92 * w, rect.y + 0.15 * h)]
    thick = max(2, round(h * 0.17))
    pygame.draw.lines(surface, color, False, points, thick)
    for x, y in points:  # round ends and a round joint
        pygame.draw.circle(surface, color, (round(x), round(y)), max(1, thick // 2))


def draw_cross(surface: pygame.Surface, rect: pygame.Rect, color: tuple[int, int, int]) -> None:
    """A cross (wrong, refused) in ``rect``, drawn as a shape like :func:`draw_tick`: with the
    tick, right and wrong are told apart without their colours."""
    w, h = rect.size
    thick = max(2, round(h * 0.17))
    for a, b in (((0.18, 0.18), (0.82, 0.82)), ((0.18, 0.82), (0.82, 0.18))):
        p = (rect.x + a[0] * w, rect.y + a[1] * h)
        q = (rect.x + b[0] * w, rect.y + b[1] * h)
        pygame.draw.line(surface, color, p, q, thick)
        for x, y in (p, q):
            pygame.draw.circle(surface, color, (round(x), round(y)), max(1, thick // 2))


def draw_verdict(surface: pygame.Surface, rect: pygame.Rect, right: bool) -> None:
    """Right or wrong as a shape in its colour: a tick in ``GOOD``, a cross in ``BAD``."""
    (draw_tick if right else draw_cross)(surface, rect, GOOD if right else BAD)


def draw_ticked_text(surface: pygame.Surface, text: str, center: tuple[float, float], size: int,
                     color: tuple[int, int, int] | None = None, bold: bool = False,
                     tick_color: tuple[int, int, int] | None = None) -> pygame.Rect:
    """``text`` with a tick before it, the two centred together on ``center``; returns the
    text's rect."""
    color = color or INK
    img = text_surface(text, int(size), color, bold)
    tick, gap = tick_size(size, bold)
    left = round(center[0] - (tick + gap + img.get_width()) / 2)
    rect = img.get_rect(midleft=(left + tick + gap, round(center[1])))
    surface.blit(img, rect)
    draw_tick(surface, pygame.Rect(left, rect.centery - tick // 2, tick, tick), tick_color or color)
    return rect


def step(size: int, at_least: float) -> float:
    """The distance from one line of text at ``size`` to the next: the layout's own
    ``at_least``, or the font's line height where the smallest size makes it taller."""
    return max(at_least, font(size).get_linesize())


def fitted(text: str, size: int, width: float, bold: bool = False, smallest: int = 12) -> int:
    """The largest size up to ``size`` at which ``text`` fits ``width`` pixels (never
    below ``smallest``: a label must stay readable; it may then overflow)."""
    size = int(size)
    while size > smallest and text_width(text, size, bold) > width:
        size = max(smallest, int(size * 0.92))
    return size


def ellipsized(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text``, cut short with an ellipsis to fit ``width`` pixels (for a line that has one
    line's room and says more elsewhere: a blurb, a save's name)."""
    text = text[:SHOWN_MOST]
    if text_width(text, size, bold) <= width:
        return text
    f = font(size, bold)
    # the longest start that fits, by halving: a text from a file may be thousands of
    # characters long, and cutting one at a time measured it thousands of times
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.size(text[:mid] + "…")[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``text`` into lines that fit ``width`` pixels at ``size`` (measured in the
    bold face where it will be drawn bold: it is wider)."""
    return list(_wrapped(text, int(size), int(width), bold))


@lru_cache(maxsize=256)
def _wrapped(text: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    # a panel repaints its explanations whenever a move lands: measuring every word again
    # was half a millisecond of the frame in which the computer's answer arrives
    f = font(size, bold)
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
    return tuple(lines)


def scale_of(surface: pygame.Surface) -> float:
    """UI scale relative to the 1280×720 design size."""
    return scale_of_size(surface.get_size())


def scale_of_size(size: tuple[int, int]) -> float:
    """UI scale of a window of ``size`` relative to the 1280×720 design size."""
    w, h = size
    return max(0.5, min(w / 1280, h / 720))


def begin_screen(surface: pygame.Surface, title: str) -> tuple[int, int, float]:
    """A full-screen menu's background and heading; returns ``(width, height, scale)``."""
    surface.fill(BG)
    w, h = surface.get_size()
    s = scale_of(surface)
    draw_text(surface, title, (w / 2, 50 * s), int(64 * s), INK, "center", True)
    return w, h, s
