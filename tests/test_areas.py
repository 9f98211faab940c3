"""The parts of the board a frame draws again (game.scenes.play.areas): a few rectangles
that cover every change, merged only where drawing their union wastes little."""
from __future__ import annotations

import random

import pygame

from game.scenes.play.areas import MERGE_PIXELS, MOST_PARTS, MOST_RECTS, merged

BOARD = pygame.Rect(0, 0, 1300, 950)


def covered(parts, rects):
    return all(any(p.contains(r) for p in parts) for r in rects)


def test_the_same_spot_twice_or_one_inside_another_is_one_part():
    cell = pygame.Rect(100, 100, 80, 80)
    assert merged([cell, cell.copy()], BOARD) == [cell]
    assert merged([cell, cell.inflate(-20, -20)], BOARD) == [cell]


def test_a_row_across_the_board_crossing_a_column_is_two_parts_not_their_union():
    """The Great Order's collection row (the ends chosen) and a column (its cursor) cross:
    their union was most of the field, drawn in the frame of every such step."""
    row = pygame.Rect(0, 70, 1300, 140)
    column = pygame.Rect(600, 150, 110, 780)
    parts = merged([row, column], BOARD)
    assert sorted(map(tuple, parts)) == sorted([tuple(row), tuple(column)])


def test_close_small_spots_are_one_and_far_ones_apart():
    a, b = pygame.Rect(100, 100, 60, 60), pygame.Rect(170, 100, 60, 60)
    assert merged([a, b], BOARD) == [a.union(b)]
    far = pygame.Rect(1100, 800, 60, 60)
    assert len(merged([a, far], BOARD)) == 2


def test_never_more_than_a_few_parts_and_every_change_covered():
    rng = random.Random(3)
    for _ in range(200):
        rects = [pygame.Rect(rng.randrange(-50, 1300), rng.randrange(-50, 950), rng.randrange(1, 300),
                             rng.randrange(1, 300)) for _ in range(rng.randrange(1, MOST_RECTS + 4))]
        parts = merged(rects, BOARD)
        clipped = [r.clip(BOARD) for r in rects if r.clip(BOARD).w and r.clip(BOARD).h]
        assert covered(parts, clipped) and all(BOARD.contains(p) for p in parts)
        assert len(parts) <= MOST_PARTS or len(parts) == 1
        # what is left apart would waste more than a pass of drawing to join
        for i, p in enumerate(parts):
            for q in parts[i + 1:]:
                union = p.union(q)
                assert union.w * union.h - p.w * p.h - q.w * q.h > MERGE_PIXELS or len(parts) == 1
