"""The frame every play screen shares: the side panel on the right, and left of it the
status bar, the board area and the message line.

Computed once per window size; each game's layout adds its own geometry inside
``board``. Everything scales from the 1280×720 design size.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

DESIGN = (1280, 720)


def scale_for(size: tuple[int, int]) -> float:
    """UI scale of a window of ``size`` relative to the design size."""
    return max(0.5, min(size[0] / DESIGN[0], size[1] / DESIGN[1]))


@dataclass(frozen=True)
class PlayFrame:
    size: tuple[int, int]
    s: float
    #: the side panel (game name, counters, move list, buttons)
    panel: pygame.Rect
    #: everything left of the panel
    left: pygame.Rect
    #: the status bar at the top of ``left``: whose turn, and the banner
    top: pygame.Rect
    #: the message line at the foot of ``left``: refusals, hints
    bottom: pygame.Rect
    #: the board's area between the two
    board: pygame.Rect

    @classmethod
    def of(cls, size: tuple[int, int], top: float = 48, bottom: float = 42) -> PlayFrame:
        w, h = size
        s = scale_for(size)
        panel_w = int(max(330 * s, w * 0.31))
        left = pygame.Rect(0, 0, w - panel_w, h)
        margin = int(20 * s)
        top_h, bottom_h = int(top * s), int(bottom * s)
        return cls(size=(w, h), s=s, panel=pygame.Rect(w - panel_w, 0, panel_w, h), left=left,
                   top=pygame.Rect(margin, 0, left.width - 2 * margin, top_h),
                   bottom=pygame.Rect(margin, h - bottom_h, left.width - 2 * margin, bottom_h),
                   board=pygame.Rect(0, top_h, left.width, h - top_h - bottom_h))
