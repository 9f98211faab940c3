"""The six marks every board and screen shares (docs/style.md): one look per meaning, the
same in all games, each told apart by its shape as well as its colour.

========== ============================================ ==================== =================
meaning    shape                                        colour               drawn by
========== ============================================ ==================== =================
cursor     corner brackets at the cell's corners        ``palette.ACCENT``   :func:`cursor`
last move  a ring (hollow circle)                       ``palette.LAST``     :func:`last`
selection  the cell filled with a tint, a solid outline ``palette.SELECT``   :func:`selection`
target     a dot (a ringed dot: a target that does     ``palette.GOOD``     :func:`target`
           more; wedges in the corners: on a piece)
danger     a cross on a cell, red hatching on an area   ``palette.BAD``      :func:`danger`,
                                                                             :func:`danger_area`
focus      a rounded outline round a widget             ``palette.ACCENT``   :func:`focus`
========== ============================================ ==================== =================

A cell is a ``pygame.Rect`` or a polygon (a list of points): a Go point's square, a hex,
a column. Every mark on a board has a dark rim (``palette.RIM``), so that it reads on light
wood and dark slate alike. The marks are pictures drawn once per size at twice the size
and smoothed down (cached), then blitted: cheap, anti-aliased, and the same pixels however
the screen is clipped (the play screen redraws parts of it).
"""
from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from .. import palette
from .cache import surface_cache

Point = tuple[float, float]
Cell = pygame.Rect | Sequence[Point]

CURSOR = palette.ACCENT
LAST = palette.LAST
SELECT = palette.SELECT
TARGET = palette.GOOD
DANGER = palette.BAD
FOCUS = palette.ACCENT
RIM = palette.RIM


@palette.on_change
def _recolour() -> None:
    """Settings → Theme: the marks' colours again (the cached pictures go with the theme's
    ``clear_all``)."""
    global CURSOR, LAST, SELECT, TARGET, DANGER, FOCUS, RIM
    CURSOR, LAST, SELECT, TARGET = palette.ACCENT, palette.LAST, palette.SELECT, palette.GOOD
    DANGER, FOCUS, RIM = palette.BAD, palette.ACCENT, palette.RIM


def rim(width: float) -> float:
    """How much wider than a mark's stroke ``width`` its dark rim is drawn: 3 pixels, half as
    much again in the high-contrast theme (``palette.RIM_SCALE``)."""
    return width + 3 * palette.RIM_SCALE

#: the six meanings, in the guide's order: (name, colour, shape) — docs/style.md and its pictures
MEANINGS = (("cursor", CURSOR, "corner brackets"),
            ("last move", LAST, "a ring"),
            ("selection", SELECT, "a tinted fill with an outline"),
            ("target", TARGET, "a dot"),
            ("danger", DANGER, "a cross; hatching on an area"),
            ("focus", FOCUS, "a rounded outline round a widget"))

K = 2  # drawn at twice the size, smoothed down


# -- cells ---------------------------------------------------------------------------------------

def corners(cell: Cell) -> list[Point]:
    """The cell's corners, clockwise from the top left for a rect."""
    if isinstance(cell, pygame.Rect):
        return [(cell.left, cell.top), (cell.right, cell.top), (cell.right, cell.bottom),
                (cell.left, cell.bottom)]
    return [(float(x), float(y)) for x, y in cell]


def centre(cell: Cell) -> Point:
    if isinstance(cell, pygame.Rect):
        return (cell.x + cell.w / 2, cell.y + cell.h / 2)
    pts = corners(cell)
    return (sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts))


def half(cell: Cell) -> float:
    """Half the cell's smaller extent: the scale every mark is drawn at."""
    pts = corners(cell)
    xs, ys = [x for x, _ in pts], [y for _, y in pts]
    return max(2.0, min(max(xs) - min(xs), max(ys) - min(ys)) / 2)


def _offsets(cell: Cell) -> tuple[Point, ...]:
    """The corners relative to the centre, rounded: equal cells share one cached picture."""
    cx, cy = centre(cell)
    return tuple((round(x - cx, 1), round(y - cy, 1)) for x, y in corners(cell))


def _blit(surface: pygame.Surface, img: pygame.Surface, at: Point) -> pygame.Rect:
    return surface.blit(img, img.get_rect(center=(round(at[0]), round(at[1]))))


def _canvas(radius: float) -> tuple[pygame.Surface, float]:
    """A transparent square picture reaching ``radius`` from its centre, at ``K`` times."""
    side = 2 * math.ceil(radius) + 2
    return pygame.Surface((side * K, side * K), pygame.SRCALPHA), side * K / 2


def _down(big: pygame.Surface) -> pygame.Surface:
    return pygame.transform.smoothscale(big, (big.get_width() // K, big.get_height() // K))


def _stroke(img: pygame.Surface, color, a: Point, b: Point, width: float) -> None:
    """A line with round ends."""
    w = max(1, round(width))
    pygame.draw.line(img, color, a, b, w)
    for p in (a, b):
        pygame.draw.circle(img, color, p, w / 2)


def _toward(a: Point, b: Point, length: float) -> Point:
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy) or 1.0
    return (a[0] + dx / d * length, a[1] + dy / d * length)


def _shrunk(pts: Sequence[Point], by: float) -> list[Point]:
    """The polygon (around the origin) pulled in by ``by`` pixels at each corner."""
    out = []
    for x, y in pts:
        d = math.hypot(x, y) or 1.0
        k = max(0.1, (d - by) / d)
        out.append((x * k, y * k))
    return out


# -- the cursor: corner brackets -------------------------------------------------------------------

def cursor_width(h: float) -> float:
    return max(3.0, h * 0.12)


@surface_cache(megabytes=2)
def cursor_image(offsets: tuple[Point, ...], h: float, color: palette.RGB | None = None) -> pygame.Surface:
    color = color or CURSOR
    w = cursor_width(h)
    reach = max(math.hypot(x, y) for x, y in offsets)
    img, c = _canvas(reach + 2)
    pts = [((x * K) + c, (y * K) + c) for x, y in _shrunk(offsets, w / 2 + 2)]
    shortest = min(math.dist(pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts)))
    share = 0.3 if len(pts) <= 4 else 0.26  # a hexagon's brackets: corners, not a dashed outline
    for ink, width in ((RIM, rim(w) * K), (color, w * K)):  # the rim first: the brackets over it
        for i, v in enumerate(pts):
            for n in (pts[i - 1], pts[(i + 1) % len(pts)]):
                # along a long edge (a tall column) the arm grows, so the brackets still read
                arm = max(shortest * share, math.dist(v, n) * 0.15)
                _stroke(img, ink, v, _toward(v, n, arm), width)
    return _down(img)


def cursor(surface: pygame.Surface, cell: Cell, refused: bool = False,
           color: palette.RGB | None = None) -> None:
    """The cursor: brackets at the cell's corners; on a cell where nothing may be played
    (``refused``), the danger cross in it as well (the brackets stay: that is where you are)."""
    h = half(cell)
    _blit(surface, cursor_image(_offsets(cell), round(h, 1), color), centre(cell))
    if refused:
        danger(surface, cell)


# -- the last move: a ring -------------------------------------------------------------------------

@surface_cache(megabytes=1)
def ring_image(radius: float, width: float, color: palette.RGB | None = None) -> pygame.Surface:
    color = color or LAST
    img, c = _canvas(radius + width + (palette.RIM_SCALE - 1) * 3)  # room for a thicker rim
    pygame.draw.circle(img, RIM, (c, c), (radius + width / 2 + rim(0) / 2) * K, round(rim(width) * K))
    pygame.draw.circle(img, color, (c, c), (radius + width / 2) * K, round(width * K))
    return _down(img)


def last(surface: pygame.Surface, cell: Cell, corner: bool = False) -> None:
    """The last move: a ring at the cell's centre (on a disc or a stone, as Go marks the last
    stone), or, with ``corner``, a smaller one in the cell's top-left corner (where a piece
    fills the cell and its picture must stay whole)."""
    h = half(cell)
    if not corner:
        r = h * 0.34
        _blit(surface, ring_image(round(r, 1), round(max(2.0, r * 0.34), 1)), centre(cell))
        return
    r = max(4.0, h * 0.2)
    w = max(2.0, r * 0.42)
    pts = corners(cell)
    v = min(pts, key=lambda p: p[0] + p[1])
    at = _toward(v, centre(cell), (r + w + 3) * math.sqrt(2))
    _blit(surface, ring_image(round(r, 1), round(w, 1)), at)


# -- a selection: filled -------------------------------------------------------------------------

@surface_cache(megabytes=2)
def selection_image(offsets: tuple[Point, ...], h: float, color: palette.RGB | None = None) -> pygame.Surface:
    color = color or SELECT
    reach = max(math.hypot(x, y) for x, y in offsets)
    img, c = _canvas(reach)
    width = max(2.0, h * 0.09)
    pts = [((x * K) + c, (y * K) + c) for x, y in _shrunk(offsets, width / 2)]
    pygame.draw.polygon(img, (*color, 70), pts)
    pygame.draw.polygon(img, color, pts, round(width * K))
    for p in pts:  # round the corners of the thick outline
        pygame.draw.circle(img, color, p, width * K / 2)
    return _down(img)


def selection(surface: pygame.Surface, cell: Cell, color: palette.RGB | None = None) -> None:
    """What is selected (a piece picked up, an end chosen): the cell tinted, with a solid outline."""
    _blit(surface, selection_image(_offsets(cell), round(half(cell), 1), color), centre(cell))


# -- a legal target: a dot -----------------------------------------------------------------------

@surface_cache(megabytes=1)
def dot_image(h: float, more: bool = False, color: palette.RGB | None = None) -> pygame.Surface:
    color = color or TARGET
    r = max(3.0, h * 0.2)
    ring = h * 0.56
    img, c = _canvas(ring + 4 if more else r + 2)
    if more:
        w = max(2.0, h * 0.09)
        pygame.draw.circle(img, RIM, (c, c), (ring + rim(0) / 2) * K, round(rim(w) * K))
        pygame.draw.circle(img, color, (c, c), ring * K, round(w * K))
    pygame.draw.circle(img, RIM, (c, c), (r + rim(0) / 2) * K)
    pygame.draw.circle(img, color, (c, c), r * K)
    return _down(img)


@surface_cache(megabytes=2)
def wedges_image(offsets: tuple[Point, ...], h: float, color: palette.RGB | None = None) -> pygame.Surface:
    color = color or TARGET
    reach = max(math.hypot(x, y) for x, y in offsets)
    img, c = _canvas(reach)
    pts = [((x * K) + c, (y * K) + c) for x, y in _shrunk(offsets, 1.5)]
    leg = h * 0.5 * K
    for i, v in enumerate(pts):
        tri = [v, _toward(v, pts[i - 1], leg), _toward(v, pts[(i + 1) % len(pts)], leg)]
        pygame.draw.polygon(img, color, tri)
        pygame.draw.polygon(img, RIM, tri, round(K * 2 * palette.RIM_SCALE))
    return _down(img)


def target(surface: pygame.Surface, cell: Cell, more: bool = False, occupied: bool = False,
           color: palette.RGB | None = None) -> None:
    """A legal target: a dot at the cell's centre; ``more``: a ringed dot (a target that does
    more: connects, conducts); ``occupied``: a target on a piece (a capture), drawn as wedges in
    the cell's corners so the piece stays visible."""
    h = half(cell)
    if occupied:
        _blit(surface, wedges_image(_offsets(cell), round(h, 1), color), centre(cell))
    else:
        _blit(surface, dot_image(round(h, 1), more, color), centre(cell))


# -- danger: a cross, hatching ---------------------------------------------------------------------

@surface_cache(megabytes=1)
def cross_image(h: float, color: palette.RGB | None = None) -> pygame.Surface:
    color = color or DANGER
    arm = h * 0.3
    w = max(3.0, h * 0.13)
    img, c = _canvas(arm + w + 4)
    # a pale halo outside the dark rim: the cross reads on dark red squares too (Sparks'
    # deadly corners hid it) as on light wood
    for ink, width in ((palette.INK, (rim(w) + 3) * K), (RIM, rim(w) * K), (color, w * K)):
        for s in (1, -1):
            _stroke(img, ink, (c - arm * K, c - s * arm * K), (c + arm * K, c + s * arm * K), width)
    return _down(img)


def danger(surface: pygame.Surface, cell: Cell, scale: float = 1.0) -> None:
    """Danger on a cell (refused, deadly, lost): a red cross at its centre."""
    _blit(surface, cross_image(round(half(cell) * scale, 1)), centre(cell))


@surface_cache(megabytes=4)
def hatch_image(w: int, h: int, radius: int, alpha: int, step: int, line: int) -> pygame.Surface:
    img = pygame.Surface((w, h), pygame.SRCALPHA)
    for k in range(-h, w, step):
        pygame.draw.line(img, (*DANGER, alpha // 2), (k, h), (k + h, 0), line)
    mask = pygame.Surface((w, h), pygame.SRCALPHA)  # the stripes inside the rounded rectangle only
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    img.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(img, (*DANGER, alpha), img.get_rect(), line + 1, border_radius=radius)
    return img


def danger_area(surface: pygame.Surface, rect: pygame.Rect, s: float = 1.0, strength: float = 1.0,
                radius: int | None = None) -> None:
    """Danger over an area (a pair the rules refuse, a bust): red diagonal hatching inside a
    red outline, as strong as ``strength`` (0..1, for a flash)."""
    rect = pygame.Rect(rect)
    if rect.w < 2 or rect.h < 2 or strength <= 0:
        return
    alpha = round(255 * min(1.0, strength) / 25) * 25
    step = max(6, round(12 * s))
    line = max(2, round(3 * s))
    r = round(8 * s) if radius is None else radius
    surface.blit(hatch_image(rect.w, rect.h, r, alpha, step, line), rect)


# -- focus: the widgets' outline ---------------------------------------------------------------------

def focus(surface: pygame.Surface, rect: pygame.Rect, width: int = 2, radius: int = 8) -> None:
    """Keyboard or pad focus on a widget (a menu's row, a button): an accent rounded outline."""
    pygame.draw.rect(surface, FOCUS, rect, width, border_radius=radius)
