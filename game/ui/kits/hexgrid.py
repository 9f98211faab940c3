"""Pixel geometry of a pointy-top hex board in axial coordinates, and an arrow to draw on it."""
from __future__ import annotations

import math

import pygame

SQRT3 = math.sqrt(3)


class HexLayout:
    """Maps axial ``(q, r)`` (fractional too, for sliding discs) to pixels and back."""

    def __init__(self, radius: int, center: tuple[float, float], size: float) -> None:
        self.radius = radius
        self.cx, self.cy = center
        self.size = size

    @classmethod
    def fit(cls, radius: int, rect: pygame.Rect, margin: float = 0.96, pad: float = 0.0) -> HexLayout:
        """The largest board that fits ``rect``, with ``pad`` cells of room on every side
        (for coordinates)."""
        across = 2 * radius + 1
        size = min(rect.width / (SQRT3 * (across + 2 * pad)),
                   rect.height / (1.5 * (across - 1) + 2 + 3 * pad)) * margin
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


def draw_arrow(surface: pygame.Surface, color: tuple[int, int, int], start: tuple[float, float],
               end: tuple[float, float], width: int, hollow: bool = False,
               rim: tuple[int, int, int] | None = None, rim_width: int = 2) -> None:
    """An arrow from ``start`` to ``end``: a shaft and a filled head; ``hollow``: a dashed
    shaft and the head's outline only (a second kind of arrow told apart by its shape, not
    only its colour); ``rim``: a dark edge ``rim_width`` wide round it all, so it reads on
    light cells and dark alike."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    head = min(length * 0.45, width * 4.0)
    base = (end[0] - ux * head, end[1] - uy * head)
    left = (base[0] - uy * head * 0.6, base[1] + ux * head * 0.6)
    right = (base[0] + uy * head * 0.6, base[1] - ux * head * 0.6)
    tip = [end, left, right]
    if hollow:  # dashes of two widths long with gaps of one, from the start
        dash, shaft = width * 2.0, math.dist(start, base)
        pieces, at = [], 0.0
        while at < shaft - 1:
            to = min(shaft, at + dash)
            pieces.append(((start[0] + ux * at, start[1] + uy * at),
                           (start[0] + ux * to, start[1] + uy * to)))
            at = to + width * 1.2
    else:
        pieces = [(start, base)]
    edge = max(2, width // 2)
    if rim is not None:
        for a, b in pieces:
            pygame.draw.line(surface, rim, a, b, width + 2 * rim_width)
        pygame.draw.polygon(surface, rim, tip, 0)
        pygame.draw.polygon(surface, rim, tip, edge + 2 * rim_width)
    for a, b in pieces:
        pygame.draw.line(surface, color, a, b, width)
    pygame.draw.polygon(surface, color, tip, edge if hollow else 0)
