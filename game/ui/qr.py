"""A QR code drawn from its modules (rows of booleans, :mod:`game.phones.qr`): dark squares
on white with the quiet zone of four modules that cameras need, each module a whole number
of pixels so that every edge stays sharp."""
from __future__ import annotations

from collections.abc import Sequence

import pygame

QUIET = 4
INK, PAPER = (0, 0, 0), (255, 255, 255)


def side(matrix: Sequence[Sequence[bool]], room: int) -> int:
    """The pixels a module takes when the code, quiet zone included, fits in ``room``."""
    return max(1, room // (len(matrix) + 2 * QUIET))


def draw(surface: pygame.Surface, matrix: Sequence[Sequence[bool]], topleft: tuple[int, int],
         room: int) -> pygame.Rect:
    """The code at ``topleft`` within a square of ``room`` pixels; returns where it is."""
    m = side(matrix, room)
    n = len(matrix) + 2 * QUIET
    rect = pygame.Rect(topleft[0], topleft[1], n * m, n * m)
    surface.fill(PAPER, rect)
    x0, y0 = rect.x + QUIET * m, rect.y + QUIET * m
    for r, row in enumerate(matrix):
        run = -1  # draw each row's dark runs as one rectangle
        for c, dark in enumerate([*row, False]):
            if dark and run < 0:
                run = c
            elif not dark and run >= 0:
                surface.fill(INK, (x0 + run * m, y0 + r * m, (c - run) * m, m))
                run = -1
    return rect
