"""Every colour of the arcade, as plain RGB tuples (no pygame here).

The screens' own colours (background, ink, accent) and one entry per side of the
five games: a side keeps the same colours on every screen that shows it (its pieces,
its texts on the dark panels, its row in "who plays?"). Drawing kits derive their
materials (wood stain, a stone's highlight) from these with :func:`mix`, never from a
table of their own.
"""
from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]

# -- the screens ---------------------------------------------------------------------------
BG: RGB = (18, 20, 28)
BG_PANEL: RGB = (28, 31, 42)
BG_PANEL_HI: RGB = (40, 44, 60)
INK: RGB = (232, 234, 240)
INK_DIM: RGB = (150, 156, 172)
INK_FAINT: RGB = (96, 102, 120)
ACCENT: RGB = (255, 204, 77)
GOOD: RGB = (120, 220, 140)
BAD: RGB = (240, 110, 100)
#: the last move's ring (game/ui/marks.py): a colour no side, board or other mark uses
LAST: RGB = (226, 122, 255)
#: a selection's tint and outline (what is picked up or chosen, before it goes anywhere)
SELECT: RGB = (236, 240, 250)
#: the dark rim round every mark on a board, so that it reads on light wood and dark slate alike
RIM: RGB = (16, 16, 22)


@dataclass(frozen=True)
class Tint:
    """A side's colours: ``body`` its pieces, ``dark`` their rim and shadow, ``light`` its
    texts and marks on the dark screens."""

    body: RGB
    dark: RGB
    light: RGB


#: one tint per side id, whatever the game
SIDES: dict[str, Tint] = {
    "red": Tint((222, 62, 62), (140, 30, 36), (255, 150, 140)),
    "blue": Tint((54, 120, 230), (26, 58, 130), (150, 190, 255)),
    "black": Tint((40, 42, 48), (8, 8, 10), (176, 182, 200)),
    "white": Tint((236, 234, 226), (150, 148, 140), (244, 240, 226)),
    "brown": Tint((176, 116, 64), (92, 58, 32), (238, 192, 142)),
}


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved a share ``t`` (0..1) of the way towards ``b``."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))
