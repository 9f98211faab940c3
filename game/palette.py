"""Every colour of the arcade, as plain RGB tuples (no pygame here).

The screens' own colours (background, ink, accent) and one entry per side of the
five games: a side keeps the same colours on every screen that shows it (its pieces,
its texts on the dark panels, its row in "who plays?"). Drawing kits derive their
materials (wood stain, a stone's highlight) from these with :func:`mix`, never from a
table of their own.

**Themes.** The colours below are the *current* theme's: Settings → Theme (``THEMES``:
``standard``, ``high-contrast``) calls :func:`use`, which sets this module's names anew,
changes each side's :class:`Tint` in place (the catalogue's records hold those very
objects), counts :data:`GENERATION` up and calls whatever registered with
:func:`on_change` (the drawing modules that keep colours of their own names, and the
surface caches). Drawing code reads ``palette.X`` (or ``theme.X``, ``marks.X``) when it
draws, never a copy taken at import: a switch then costs nothing per frame, and a screen
that keeps a drawn layer compares :data:`GENERATION` to know when to draw it again.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields

RGB = tuple[int, int, int]

# -- the screens ---------------------------------------------------------------------------
BG: RGB = (18, 20, 28)
BG_PANEL: RGB = (28, 31, 42)
BG_PANEL_HI: RGB = (40, 44, 60)
INK: RGB = (232, 234, 240)
INK_DIM: RGB = (150, 156, 172)
INK_FAINT: RGB = (96, 102, 120)
ACCENT: RGB = (255, 204, 77)
#: GOOD and BAD were (120, 220, 140) and (240, 110, 100) until issue #33: a ΔE of 15 under
#: deuteranopia; a bluer green and a deeper red keep the look and part by 26 (tests/test_colour_vision.py)
GOOD: RGB = (80, 220, 150)
BAD: RGB = (240, 90, 80)
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


#: how much thicker than the standard theme's the dark rim round each mark is drawn
RIM_SCALE: float = 1.0


@dataclass(frozen=True)
class Theme:
    """A whole set of colours: the screens' (by their names in this module), every side's
    tint, and how thick the marks' rims are drawn."""

    name: str
    screens: dict[str, RGB]
    sides: dict[str, Tint]
    rim_scale: float = 1.0


#: the screens' colours by name, as a theme gives them
SCREEN_NAMES = ("BG", "BG_PANEL", "BG_PANEL_HI", "INK", "INK_DIM", "INK_FAINT", "ACCENT", "GOOD", "BAD",
                "LAST", "SELECT", "RIM")

#: the standard theme: copies of the colours above (a side's tint in ``SIDES`` changes in place)
STANDARD = Theme("standard", {name: globals()[name] for name in SCREEN_NAMES},
                 {side: Tint(t.body, t.dark, t.light) for side, t in SIDES.items()})

#: Settings → Theme, high contrast: darker grounds under whiter ink, every meaning's colour as far
#: from the others as the colour-blind eye can tell them (tests/test_colour_vision.py), the
#: marks' rims half as thick again, and each game's two sides a dark and a light one
HIGH_CONTRAST = Theme("high-contrast", {
    "BG": (0, 0, 0),
    "BG_PANEL": (14, 15, 20),
    "BG_PANEL_HI": (44, 48, 66),
    "INK": (255, 255, 255),
    "INK_DIM": (212, 216, 228),
    "INK_FAINT": (150, 156, 174),
    "ACCENT": (255, 221, 0),
    "GOOD": (32, 224, 128),
    "BAD": (255, 70, 40),
    "LAST": (224, 80, 224),
    "SELECT": (236, 246, 255),
    "RIM": (0, 0, 0),
}, {
    "red": Tint((230, 40, 20), (110, 10, 0), (255, 150, 130)),
    "blue": Tint((30, 90, 255), (0, 30, 120), (150, 200, 255)),
    "black": Tint((20, 20, 24), (0, 0, 0), (164, 170, 190)),
    "white": Tint((250, 250, 246), (130, 130, 126), (255, 255, 255)),
    "brown": Tint((236, 150, 40), (120, 66, 0), (255, 206, 130)),
}, rim_scale=1.5)

#: the themes Settings offers, in its order
THEMES: dict[str, Theme] = {t.name: t for t in (STANDARD, HIGH_CONTRAST)}
#: the theme in use (``use`` changes it)
current: Theme = STANDARD
#: counts the switches: a drawn layer made under another generation is stale
GENERATION = 0
_listeners: list[Callable[[], None]] = []


def on_change(listener: Callable[[], None]) -> Callable[[], None]:
    """Call ``listener()`` after each switch of theme (a module that keeps colours under names
    of its own sets them again; a cache of drawn pictures empties). Usable as a decorator."""
    _listeners.append(listener)
    return listener


def use(name: str) -> bool:
    """Switch to the theme called ``name`` (an unknown name: the standard one); every screen
    shows it from its next draw on. Returns whether anything changed."""
    global current, GENERATION, RIM_SCALE
    chosen = THEMES.get(name, STANDARD)
    if chosen is current:
        return False
    current = chosen
    globals().update(chosen.screens)
    RIM_SCALE = chosen.rim_scale
    for side, tint in chosen.sides.items():
        kept = SIDES.setdefault(side, Tint(tint.body, tint.dark, tint.light))
        for f in fields(Tint):  # in place: records and screens hold these very objects
            object.__setattr__(kept, f.name, getattr(tint, f.name))
    GENERATION += 1
    for listener in list(_listeners):
        listener()
    return True


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved a share ``t`` (0..1) of the way towards ``b``."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))
