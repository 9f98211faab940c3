"""The frame every play screen shares: the side panel on the right, and left of it the
status bar, the board area and the message line.

Computed once per window size; each game's layout adds its own geometry inside
``board``. Everything scales from the 1280×720 design size.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from . import theme

DESIGN = (1280, 720)


def panel_head(s: float, heading_h: float | None = None) -> tuple[float, float, int]:
    """The side panel's head at scale ``s``: where the board's line and the line of who
    plays start, and where the game's own part begins (``heading_h``: the height of the
    game's name as drawn; by default the tallest it can be)."""
    if heading_h is None:
        heading_h = theme.font(int(40 * s), True).get_linesize()
    top = int(14 * s)
    line = max(28 * s, theme.font(int(21 * s)).get_linesize())
    sub_y = max(top + 38 * s, top + heading_h - 2)
    who_y = sub_y + line
    return sub_y, who_y, int(who_y + max(26 * s, theme.font(int(21 * s)).get_linesize()))


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

    @property
    def panel_body_y(self) -> int:
        """Where a game's own part of the side panel starts, in the panel's coordinates:
        under the game's name, the board's line and the line of who plays which side
        (lower with large text: the play scene's panel heading draws them so)."""
        return panel_head(self.s)[2]

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
