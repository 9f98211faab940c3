"""The parts of the board a frame draws again: a few rectangles rather than their union.

A cursor that steps from one side of the board to the other, or a preview's arrows at one
end and the last move's ring at the other, changes a few small spots; their union is most of
the board, which costs a millisecond or two to draw at 1920×1080 and as much again to present
on a display without a GPU. Each part is drawn again over the static layer, clipped to it,
so every part costs one pass of the game's ``draw_board`` (0.05 to 0.5 ms whatever its
size): parts that overlap or lie close are drawn as one.
"""
from __future__ import annotations

import math
from collections.abc import Iterable

import pygame

#: the pixels a part may add to the board's drawing before two parts are drawn as one: about
#: what one more pass of a game's ``draw_board`` costs (0.1 ms) in pixels blitted
MERGE_PIXELS = 60_000
#: the most parts a frame draws; beyond it the two that waste the least are drawn as one
MOST_PARTS = 4
#: more rectangles than this (the sprites of a move playing out) are drawn as their union,
#: as before: pairing them costs more than it saves
MOST_RECTS = 16


def merged(rects: Iterable[pygame.Rect], within: pygame.Rect, most: int = MOST_PARTS) -> list[pygame.Rect]:
    """``rects`` clipped to ``within`` (the empty ones dropped: a sprite leaving the board
    clips to nothing, which a union would stretch to), as a few rectangles covering them
    all; ones whose union wastes fewer than ``MERGE_PIXELS`` (counting an overlap, which two
    parts draw twice, as saved) as one. Parts drawn over the static layer each whole are
    right where they overlap: the second draws the overlap again as the first did."""
    parts = [r for r in (pygame.Rect(rect).clip(within) for rect in rects) if r.w and r.h]
    if len(parts) > MOST_RECTS:
        return [parts[0].unionall(parts[1:])]
    while len(parts) > 1:
        best: tuple[int, int, int] | None = None
        for i in range(len(parts)):
            a = parts[i]
            for j in range(i + 1, len(parts)):
                b = parts[j]
                union = a.union(b)
                # the pixels the union draws that neither part does, less the overlap two
                # parts would both draw: a collection's row across the board crossing a
                # column is two parts, not their union, most of The Great Order's field
                # (3 to 4 ms at 1080p, a tenth of the frames of two phones playing it)
                waste = union.w * union.h - a.w * a.h - b.w * b.h
                if best is None or waste < best[0]:
                    best = (waste, i, j)
        assert best is not None
        waste, i, j = best
        if waste > MERGE_PIXELS and len(parts) <= most:
            break
        parts[i] = parts[i].union(parts[j])
        del parts[j]
    return parts


def marks_changed(before: frozenset, after: frozenset, rects_of) -> list[pygame.Rect]:
    """Where two sets of a board's marks differ: the rectangles (``rects_of(mark)``) of the
    marks in one set and not the other. A mark in both, drawn alike in both, needs nothing:
    a part drawn again is drawn whole, every mark over it included, so a changed mark
    crossing an unchanged one is drawn right."""
    return [rect for mark in before ^ after for rect in rects_of(mark)]


def around(points: Iterable[tuple[float, float]], reach: float) -> pygame.Rect:
    """The rectangle round ``points`` (a mark's centre, or both ends of a line) and
    ``reach`` pixels beyond them: where a mark drawn there can have put a pixel."""
    xs, ys = zip(*points, strict=True)
    left, top = math.floor(min(xs) - reach), math.floor(min(ys) - reach)
    return pygame.Rect(left, top, math.ceil(max(xs) + reach) - left + 1, math.ceil(max(ys) + reach) - top + 1)
