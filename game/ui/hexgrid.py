"""Pixel geometry of a pointy-top hex board in axial coordinates, and its drawing."""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from . import theme

SQRT3 = math.sqrt(3)


class HexLayout:
    """Maps axial ``(q, r)`` (fractional too, for sliding discs) to pixels and back."""

    def __init__(self, radius: int, center: tuple[float, float], size: float) -> None:
        self.radius = radius
        self.cx, self.cy = center
        self.size = size

    @classmethod
    def fit(cls, radius: int, rect: pygame.Rect, margin: float = 0.96) -> HexLayout:
        across = 2 * radius + 1
        size = min(rect.width / (SQRT3 * across), rect.height / (1.5 * (across - 1) + 2)) * margin
        return cls(radius, rect.center, size)

    def to_pixel(self, q: float, r: float) -> tuple[float, float]:
        return (self.cx + self.size * SQRT3 * (q + r / 2), self.cy + self.size * 1.5 * r)

    def from_pixel(self, x: float, y: float) -> tuple[int, int] | None:
        """The cell under ``(x, y)``, or None when off the board."""
        fq = (SQRT3 / 3 * (x - self.cx) - (y - self.cy) / 3) / self.size
        fr = (2 / 3 * (y - self.cy)) / self.size
        fs = -fq - fr
        q, r, s = round(fq), round(fr), round(fs)
        dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
        if dq > dr and dq > ds:
            q = -r - s
        elif dr > ds:
            r = -q - s
        if max(abs(q), abs(r), abs(q + r)) > self.radius:
            return None
        return (q, r)

    def corners(self, q: float, r: float, shrink: float = 1.0) -> list[tuple[float, float]]:
        x, y = self.to_pixel(q, r)
        s = self.size * shrink
        return [(x + s * math.cos(math.radians(60 * k - 30)), y + s * math.sin(math.radians(60 * k - 30)))
                for k in range(6)]


def draw_board(surface: pygame.Surface, layout: HexLayout, cells: list[tuple[int, int]],
               void: tuple[bool, ...]) -> None:
    """Gray cells and the VOID ring, which reads as a dark, violet-rimmed moat."""
    for (q, r), is_void in zip(cells, void, strict=True):
        pts = layout.corners(q, r, 0.95)
        if is_void:
            pygame.draw.polygon(surface, theme.CELL_VOID, pts)
            pygame.draw.polygon(surface, theme.CELL_VOID_EDGE, pts, max(1, int(layout.size * 0.07)))
        else:
            pygame.draw.polygon(surface, theme.CELL_GRAY, pts)
            pygame.draw.polygon(surface, theme.CELL_GRAY_EDGE, pts, max(1, int(layout.size * 0.05)))


@lru_cache(maxsize=64)
def disc_image(color: tuple[int, int, int], dark: tuple[int, int, int], radius: int) -> pygame.Surface:
    """A shaded disc: dark rim, body, a soft highlight (drawn, cached per size)."""
    radius = max(3, radius)
    img = pygame.Surface((radius * 2 + 2, radius * 2 + 2), pygame.SRCALPHA)
    c = (radius + 1, radius + 1)
    pygame.draw.circle(img, dark, c, radius)
    pygame.draw.circle(img, color, c, int(radius * 0.86))
    light = tuple(min(255, v + 55) for v in color)
    pygame.draw.circle(img, light, (c[0] - radius * 0.25, c[1] - radius * 0.28), int(radius * 0.38))
    pygame.draw.circle(img, color, (c[0] - radius * 0.12, c[1] - radius * 0.12), int(radius * 0.34))
    return img


def draw_arrow(surface: pygame.Surface, color: tuple[int, int, int], start: tuple[float, float],
               end: tuple[float, float], width: int) -> None:
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    head = min(length * 0.45, width * 4.0)
    base = (end[0] - ux * head, end[1] - uy * head)
    pygame.draw.line(surface, color, start, base, width)
    left = (base[0] - uy * head * 0.6, base[1] + ux * head * 0.6)
    right = (base[0] + uy * head * 0.6, base[1] - ux * head * 0.6)
    pygame.draw.polygon(surface, color, [end, left, right])
