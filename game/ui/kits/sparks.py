"""The Sparks & Surges drawing kit: the 8×8 board with its deadly corners and
coordinates, the pieces drawn as shapes (Spark a star with a bolt, Surge a ringed
disc, Degausser a magnet block, IC a chip with pins), the marks of every destination,
the gating beams and conduction arcs, and the pieces as sprites. The play scene and
the how-to pages draw with it.
"""
from __future__ import annotations

import math

import pygame

from ... import palette
from ...i18n import N_, _, ngettext, pgettext
from ...rules.sparks import KIND_LETTERS, KIND_NAMES, LETTERS, NAMES, SPARKS, State
from .. import depth, marks, theme
from ..cache import surface_cache
from ..diagrams import Diagrams
from ..frame import PlayFrame

FILES = "abcdefgh"
CORNER_SQUARES = ("a1", "h1", "a8", "h8")

# ivory and ebony pieces (the sides' tints, each rimmed in the other's) on a cool slate board
LIGHT_SQ = (128, 138, 156)
DARK_SQ = (98, 107, 126)
CORNER_SQ = (96, 28, 36)
CORNER_EDGE = (200, 70, 70)
BONE = (236, 226, 206)
_WHITE, _BLACK = palette.SIDES["white"].body, palette.SIDES["black"].body
SIDE_FILL = {"W": _WHITE, "B": _BLACK}
SIDE_EDGE = {"W": palette.mix(_WHITE, _BLACK, 0.85), "B": palette.mix(_BLACK, _WHITE, 0.85)}


@palette.on_change
def _recolour() -> None:
    """Settings → Theme: the sides' fills and edges again."""
    global _WHITE, _BLACK
    _WHITE, _BLACK = palette.SIDES["white"].body, palette.SIDES["black"].body
    SIDE_FILL.update({"W": _WHITE, "B": _BLACK})
    SIDE_EDGE.update({"W": palette.mix(_WHITE, _BLACK, 0.85), "B": palette.mix(_BLACK, _WHITE, 0.85)})
CONDUCT_INK = (90, 215, 255)
DEATH_INK = (255, 84, 84)
BEAM_INK = (150, 235, 255)
#: what the marks and pieces sit on, for tests/test_colour_vision.py: (what, colour)
BOARD_COLOURS = (("light square", LIGHT_SQ), ("dark square", DARK_SQ), ("corner", CORNER_SQ))


def square_of(name: str) -> tuple[int, int]:
    return FILES.index(name[0]), int(name[1:]) - 1


def name_of(f: int, r: int) -> str:
    return f"{FILES[f]}{r + 1}"


def side_of(code: str) -> str:
    return "white" if code[0] == "W" else "black"


def kind_name(code: str) -> str:
    """The kind of the piece ``code`` in English, as the rules name it ("Spark")."""
    return KIND_NAMES[KIND_LETTERS.index(code[1])]


def piece_name(code: str) -> str:
    """The kind of the piece ``code`` as a player reads it ("Spark"), in the current language."""
    return (pgettext("piece", "Spark"), pgettext("piece", "Surge"), pgettext("piece", "Degausser"),
            pgettext("piece", "IC"))[KIND_LETTERS.index(code[1])]


def pieces_name(kind: int) -> str:
    """The ``kind``-th kind of piece in the plural ("Sparks"), in the current language."""
    return (pgettext("pieces", "Sparks"), pgettext("pieces", "Surges"), pgettext("pieces", "Degaussers"),
            pgettext("pieces", "IC"))[kind]


# --- drawing the pieces -------------------------------------------------------------

def _star(cx: float, cy: float, outer: float, inner: float, points: int, turn: float = -90
          ) -> list[tuple[float, float]]:
    pts = []
    for k in range(points * 2):
        r = outer if k % 2 == 0 else inner
        a = math.radians(turn + 180 * k / points)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def _bolt(cx: float, cy: float, h: float) -> list[tuple[float, float]]:
    u = h / 10
    return [(cx + 1.2 * u, cy - 5 * u), (cx - 2.6 * u, cy + 0.6 * u), (cx - 0.2 * u, cy + 0.6 * u),
            (cx - 1.2 * u, cy + 5 * u), (cx + 2.6 * u, cy - 0.8 * u), (cx + 0.2 * u, cy - 0.8 * u)]


@surface_cache(megabytes=8)
def piece_image(code: str, size: int) -> pygame.Surface:
    """One piece, ``size`` pixels across, drawn at 3× and smoothed down (cached)."""
    k = 3
    n = max(8, size) * k
    img = pygame.Surface((n, n), pygame.SRCALPHA)
    fill, edge = SIDE_FILL[code[0]], SIDE_EDGE[code[0]]
    c = n / 2
    line = max(2, round(n * 0.045))
    kind = code[1]
    if kind == "S":  # an eight-pointed spark with a lightning bolt
        star = _star(c, c, n * 0.48, n * 0.25, 8)
        pygame.draw.polygon(img, fill, star)
        pygame.draw.polygon(img, edge, star, line)
        pygame.draw.polygon(img, edge, _bolt(c, c, n * 0.42))
    elif kind == "U":  # a disc inside a ring: the surge
        pygame.draw.circle(img, edge, (c, c), n * 0.48)
        pygame.draw.circle(img, fill, (c, c), n * 0.48 - line)
        pygame.draw.circle(img, edge, (c, c), n * 0.36)
        pygame.draw.circle(img, fill, (c, c), n * 0.36 - line * 0.8)
        pygame.draw.circle(img, edge, (c, c), n * 0.2)
        pygame.draw.circle(img, fill, (c, c), n * 0.2 - line)
    elif kind == "D":  # a block with a horseshoe magnet
        box = pygame.Rect(0, 0, n * 0.84, n * 0.84)
        box.center = (c, c)
        pygame.draw.rect(img, fill, box, border_radius=int(n * 0.12))
        pygame.draw.rect(img, edge, box, line, border_radius=int(n * 0.12))
        w = line * 2.2
        arc = pygame.Rect(0, 0, n * 0.5, n * 0.5)
        arc.center = (c, c + n * 0.06)
        pygame.draw.circle(img, edge, arc.center, n * 0.25, int(w), draw_top_left=False,
                           draw_top_right=False, draw_bottom_left=True, draw_bottom_right=True)
        legs_top = c - n * 0.22
        for x in (arc.left, arc.right - w):
            pygame.draw.rect(img, edge, (x, legs_top, w, arc.centery - legs_top + 1))
            pygame.draw.rect(img, fill if code[0] == "B" else (200, 60, 60),
                             (x, legs_top, w, n * 0.1))
    else:  # an IC: a chip body with pins on two sides and a notch
        body = pygame.Rect(0, 0, n * 0.6, n * 0.8)
        body.center = (c, c)
        pin_w, pin_h = n * 0.16, n * 0.07
        for i in range(4):
            y = body.top + body.height * (0.17 + 0.22 * i) - pin_h / 2
            for x in (body.left - pin_w + line, body.right - line):
                pygame.draw.rect(img, edge, (x, y, pin_w, pin_h))
        pygame.draw.rect(img, fill, body, border_radius=int(n * 0.05))
        pygame.draw.rect(img, edge, body, line, border_radius=int(n * 0.05))
        pygame.draw.circle(img, edge, (c, body.top), n * 0.08, draw_top_left=False,
                           draw_top_right=False, draw_bottom_left=True, draw_bottom_right=True)
        core = pygame.Rect(0, 0, n * 0.3, n * 0.3)
        core.center = (c, c + n * 0.04)
        pygame.draw.rect(img, edge, core, line)
        pygame.draw.circle(img, edge, core.center, n * 0.05)
    return pygame.transform.smoothscale(img, (size, size))


def draw_skull(surface: pygame.Surface, center: tuple[float, float], size: float,
               color: tuple[int, int, int] = BONE, hole: tuple[int, int, int] = CORNER_SQ) -> None:
    """A small skull: the mark of a death square."""
    x, y = center
    r = size * 0.34
    pygame.draw.circle(surface, color, (x, y - size * 0.06), r)
    jaw = pygame.Rect(0, 0, size * 0.42, size * 0.24)
    jaw.midtop = (round(x), round(y + size * 0.12))
    pygame.draw.rect(surface, color, jaw, border_radius=max(1, int(size * 0.05)))
    for dx in (-1, 1):
        pygame.draw.circle(surface, hole, (x + dx * r * 0.42, y - size * 0.04), r * 0.27)
    pygame.draw.polygon(surface, hole, [(x, y + size * 0.08), (x - size * 0.05, y + size * 0.16),
                                        (x + size * 0.05, y + size * 0.16)])
    for dx in (-0.1, 0.0, 0.1):
        pygame.draw.line(surface, hole, (x + dx * size, jaw.top + 2), (x + dx * size, jaw.bottom - 1),
                         max(1, int(size * 0.025)))


@surface_cache(megabytes=4)
def mark_image(kinds: frozenset[str], size: int) -> pygame.Surface:
    """The mark on a destination square, ``size`` = the square's side (cached), in the marks
    every game shares (``game.ui.marks``): ``move`` the target dot; ``conduct`` a ringed dot in
    the conduction's cyan; ``capture`` the target's corner wedges (over the victim); ``death``
    the danger cross (the moved piece does not survive)."""
    img = pygame.Surface((size, size), pygame.SRCALPHA)
    cell = img.get_rect()
    if "capture" in kinds:
        marks.target(img, cell, occupied=True)
    if "death" in kinds:
        marks.danger(img, cell)
    elif "conduct" in kinds:
        marks.target(img, cell, more=True, color=CONDUCT_INK)
    elif "move" in kinds and "capture" not in kinds:
        marks.target(img, cell)
    return img


@surface_cache(megabytes=2)
def tint_image(size: int, color: tuple[int, int, int], alpha: int) -> pygame.Surface:
    img = pygame.Surface((size, size), pygame.SRCALPHA)
    img.fill((*color, alpha))
    return img


class Layout:
    """Every position of the Sparks & Surges screen for one window size."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.frame = frame = PlayFrame.of(size)
        self.s = frame.s
        self.geo = BoardGeom.fit(frame.board, 26 * frame.s)

    def cell_at(self, pos: tuple[int, int]) -> str | None:
        return self.geo.at(*pos)


class BoardGeom:
    """Where the 8×8 squares are drawn: White's rank 1 at the bottom."""

    def __init__(self, x0: float, y0: float, sq: float) -> None:
        self.x0, self.y0, self.sq = x0, y0, sq

    @classmethod
    def fit(cls, rect: pygame.Rect, label: float) -> BoardGeom:
        sq = int(min((rect.width - 2 * label) / 8, (rect.height - label) / 8))
        x0 = rect.centerx - 4 * sq + label / 2
        y0 = rect.y + (rect.height - label - 8 * sq) / 2
        return cls(round(x0), round(y0), sq)

    def rect(self, f: int, r: int) -> pygame.Rect:
        return pygame.Rect(self.x0 + f * self.sq, self.y0 + (7 - r) * self.sq, self.sq, self.sq)

    def center(self, f: float, r: float) -> tuple[float, float]:
        return (self.x0 + (f + 0.5) * self.sq, self.y0 + (7.5 - r) * self.sq)

    def at(self, x: float, y: float) -> str | None:
        f = math.floor((x - self.x0) / self.sq)
        r = 7 - math.floor((y - self.y0) / self.sq)
        return name_of(f, r) if 0 <= f < 8 and 0 <= r < 8 else None

    @property
    def outer(self) -> pygame.Rect:
        return pygame.Rect(self.x0, self.y0, 8 * self.sq, 8 * self.sq)


def draw_board(surface: pygame.Surface, geo: BoardGeom, labels: bool = True) -> None:
    """Checkered squares, the four death corners with skulls, file and rank labels."""
    frame = geo.outer.inflate(max(4, geo.sq // 10), max(4, geo.sq // 10))
    depth.raised(surface, frame, (58, 64, 80), max(2, geo.sq // 14), geo.sq / 75)
    for f in range(8):
        for r in range(8):
            rect = geo.rect(f, r)
            if name_of(f, r) in CORNER_SQUARES:
                pygame.draw.rect(surface, CORNER_SQ, rect)
                step = max(4, geo.sq // 6)
                clip = surface.get_clip()
                surface.set_clip(rect)
                for k in range(-geo.sq, geo.sq, step):  # warning stripes
                    pygame.draw.line(surface, (112, 36, 44), (rect.x + k, rect.bottom - 1),
                                     (rect.x + k + geo.sq, rect.y), max(1, geo.sq // 16))
                surface.set_clip(clip)
                pygame.draw.rect(surface, CORNER_EDGE, rect, max(1, geo.sq // 22))
                draw_skull(surface, rect.center, geo.sq * 0.7)
            else:
                pygame.draw.rect(surface, LIGHT_SQ if (f + r) % 2 else DARK_SQ, rect)
    if labels:
        size = max(12, int(geo.sq * 0.3))
        for i in range(8):
            x, _y = geo.center(i, 0)
            theme.draw_text(surface, FILES[i], (x, geo.outer.bottom + geo.sq * 0.08), size, theme.INK_DIM,
                            "midtop", True)
            _x, y = geo.center(0, i)
            theme.draw_text(surface, str(i + 1), (geo.x0 - geo.sq * 0.14, y), size, theme.INK_DIM,
                            "midright", True)


def gate_beams(pieces: dict[str, str], gated: list[str], diagonals: bool) -> list[tuple[str, str]]:
    """The gates to draw a beam between: for each gated square, the enemy Spark or
    Surge at each end of its run of one colour, along a line (decoration only)."""
    dirs = [(1, 0), (0, 1)] + ([(1, 1), (1, -1)] if diagonals else [])
    beams: set[tuple[str, str]] = set()
    for sq in gated:
        code = pieces.get(sq)
        if code is None:
            continue
        f0, r0 = square_of(sq)
        for df, dr in dirs:
            ends = []
            for s in (1, -1):
                f, r = f0 + s * df, r0 + s * dr
                while 0 <= f < 8 and 0 <= r < 8 and pieces.get(name_of(f, r), " ")[0] == code[0]:
                    f, r = f + s * df, r + s * dr
                other = pieces.get(name_of(f, r)) if 0 <= f < 8 and 0 <= r < 8 else None
                if other and other[0] != code[0] and other[1] in "SU":
                    ends.append(name_of(f, r))
            if len(ends) == 2:
                beams.add((min(ends), max(ends)))
    return sorted(beams)


def marks_for(to: str, effects: list[dict]) -> frozenset[str]:
    """How the destination ``to`` is marked, read from the effects of playing there:
    ``conduct`` (the move's flag), ``capture``, ``death`` (the moved piece is gated
    or dies on a corner), and always ``move``."""
    kinds = {"move"}
    for e in effects:
        if e["type"] == "move" and e["conduct"]:
            kinds.add("conduct")
        elif e["type"] == "capture":
            kinds.add("capture")
        elif (e["type"] == "gated" and to in e["squares"]) or e["type"] == "corner":
            kinds.add("death")
    return frozenset(kinds)


def destination_marks(state: State, square: str) -> dict[str, frozenset[str]]:
    """Every destination of the piece on ``square`` and its marks (the how-to pages)."""
    return {m.to: marks_for(m.to, SPARKS.play(state, m)[1])
            for m in SPARKS.legal_moves(state) if m.frm == square}


# --- the sprites ----------------------------------------------------------------------

#: a ring's brightness is drawn in this many steps: a gate's glow lights a dozen pieces
#: at once, and a new canvas for each of them every frame was 1.5 ms of a 4K frame
RING_STEPS = 24


def ring_step(t: float) -> int:
    """``t`` (0 to 1) as a whole step of :data:`RING_STEPS`, 0 only for 0."""
    return 0 if t <= 0 else max(1, min(RING_STEPS, round(t * RING_STEPS)))


@surface_cache(megabytes=8)
def ringed_image(code: str, size: int, base: int, glow: int, doom: int) -> pygame.Surface:
    """A piece over its rings: the glow of a gate end and the red doom of a piece about
    to go, each ``0..RING_STEPS`` bright (cached)."""
    img = piece_image(code, size)
    n = int(base * 1.4)
    canvas = pygame.Surface((n, n), pygame.SRCALPHA)
    c = (n // 2, n // 2)
    if glow:
        g = glow / RING_STEPS
        pygame.draw.circle(canvas, BEAM_INK, c, base * (0.5 + 0.12 * g), max(2, int(base * 0.12 * g)))
    if doom:
        pygame.draw.circle(canvas, DEATH_INK, c, base * 0.56, max(2, int(base * 0.1 * doom / RING_STEPS)))
    canvas.blit(img, img.get_rect(center=c))
    return canvas


class PieceSprite(pygame.sprite.Sprite):
    """One piece: its square, where it is drawn (``pos``, fractional while it moves), and
    its fade (``scale``, ``alpha``), the glow of a gate end, the red ``doom`` of a piece
    about to go and the ``lift`` of a conduction jump. ``update(layout)`` sets ``image``
    and ``rect``."""

    def __init__(self, code: str, square: str) -> None:
        super().__init__()
        self.code = code
        self.square = square
        f, r = square_of(square)
        self.pos = (float(f), float(r))
        self.scale = 1.0
        self.alpha = 255
        self.glow = 0.0
        self.doom = 0.0
        self.lift = 0.0
        self.dying = False
        self.image = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.rect = self.image.get_rect()

    @property
    def key(self) -> str:
        return self.square

    def update(self, lay: Layout) -> None:
        geo = lay.geo
        base = int(geo.sq * 0.84)
        x, y = geo.center(*self.pos)
        size = max(4, int(base * self.scale * (1 + 0.25 * self.lift)))
        if self.glow > 0 or self.doom > 0:  # the rings go under the piece
            img = ringed_image(self.code, size, base, ring_step(self.glow), ring_step(self.doom))
        else:
            img = piece_image(self.code, size)
        if self.alpha < 255:
            img = img.copy()
            img.set_alpha(self.alpha)
        self.image = img
        self.rect = img.get_rect(center=(round(x), round(y)))


def draw_arc(surface: pygame.Surface, geo: BoardGeom, a: tuple[float, float], b: tuple[float, float],
             fade: float) -> None:
    """A conduction jump: a jagged spark from the old square to the new."""
    if fade <= 0.05:
        return
    pa, pb = geo.center(*a), geo.center(*b)
    pts = [pa]
    n = 7
    nx, ny = pb[1] - pa[1], pa[0] - pb[0]
    norm = math.hypot(nx, ny) or 1.0
    for k in range(1, n):
        t = k / n
        off = (0.12 if k % 2 else -0.12) * geo.sq
        pts.append((pa[0] + (pb[0] - pa[0]) * t + nx / norm * off,
                    pa[1] + (pb[1] - pa[1]) * t + ny / norm * off))
    pts.append(pb)
    pygame.draw.lines(surface, CONDUCT_INK, False, pts, max(2, int(geo.sq * 0.06 * fade + 1)))


def draw_beams(surface: pygame.Surface, geo: BoardGeom, beams: list[tuple[str, str]], t: float) -> None:
    """The gating beams between gate ends, as bright as ``t``."""
    width = max(2, int(geo.sq * 0.1 * t))
    for a, b in beams:
        pa, pb = geo.center(*square_of(a)), geo.center(*square_of(b))
        pygame.draw.line(surface, BEAM_INK, pa, pb, width + 4)
        pygame.draw.line(surface, (255, 255, 255), pa, pb, max(1, width // 2))


def draw_cursor(surface: pygame.Surface, geo: BoardGeom, square: str) -> None:
    marks.cursor(surface, geo.rect(*square_of(square)))


def draw_last_move(surface: pygame.Surface, geo: BoardGeom, squares: tuple[str, str]) -> None:
    """The squares the last move left and reached: the last-move ring in each one's corner
    (a piece fills the square: its picture stays whole)."""
    for name in squares:
        marks.last(surface, geo.rect(*square_of(name)), corner=True)


def draw_selection(surface: pygame.Surface, geo: BoardGeom, square: str) -> None:
    """The piece picked up: its square tinted and outlined (under the piece)."""
    marks.selection(surface, geo.rect(*square_of(square)))


def draw_doomed(surface: pygame.Surface, geo: BoardGeom, squares) -> None:
    """The pieces a move would remove (gated): the danger cross over each."""
    for name in squares:
        marks.danger(surface, geo.rect(*square_of(name)), 0.9)


def draw_material(surface: pygame.Surface, x0: float, y: float, side: str, counts: dict[str, int],
                  active: bool, s: float, name: str | None = None, width: float | None = None) -> float:
    """A side's pieces in the panel: its name (``name``, in the player's language; by
    default the side's own), then each kind's shape and count."""
    icon = int(24 * s)
    name = _(side.capitalize()) if name is None else name
    label = f"{'>' if active else ' '} {name}"
    letter = "W" if side == "white" else "B"
    count_font = theme.font(int(22 * s))
    groups = [max(int(64 * s), icon + int(3 * s) + count_font.size(f"\u00d7{counts.get(letter + k, 0)}")[0]
                  + int(8 * s)) for k in KIND_LETTERS]
    name_w = theme.text_width(label, int(24 * s), active) + int(8 * s)
    x = x0 + max(int(92 * s), name_w)
    if width is not None and x + sum(groups) > x0 + width:  # too narrow: the name on its own line
        theme.draw_text(surface, label, (x0, y), int(24 * s), palette.SIDES[side].light, bold=active)
        y += theme.step(int(24 * s), icon)
        x = x0 + int(12 * s)
    else:
        theme.draw_text(surface, label, (x0, y + icon / 2), int(24 * s), palette.SIDES[side].light, "midleft",
                        bold=active)
    for k, room in zip(KIND_LETTERS, groups, strict=True):
        n = counts.get(letter + k, 0)
        surface.blit(piece_image(letter + k, icon), (x, y))
        theme.draw_text(surface, f"\u00d7{n}", (x + icon + 3 * s, y + icon / 2), int(22 * s),
                        theme.INK if n else theme.INK_FAINT, "midleft")
        x += room
    return y + icon + 6 * s


def mark_legend() -> tuple[tuple[frozenset[str], str], ...]:
    """The destination marks and their words, in the current language."""
    return ((frozenset({"move"}), pgettext("destination mark", "move")),
            (frozenset({"move", "conduct"}), pgettext("destination mark", "conducts")),
            (frozenset({"move", "capture"}), pgettext("destination mark", "captures")),
            (frozenset({"move", "death"}), pgettext("destination mark", "dies")))


def draw_mark_legend(surface: pygame.Surface, x0: float, y: float, s: float,
                     width: float | None = None) -> float:
    """Each mark of the board beside its meaning, on as many lines as ``width`` needs;
    returns where the legend ends."""
    mk = int(26 * s)
    size = int(19 * s)
    font = theme.font(size)
    left = x0
    right = x0 + (width if width is not None else surface.get_width() - x0)
    for kinds, label in mark_legend():
        if x0 > left and x0 + mk + 4 * s + font.size(label)[0] > right:
            x0, y = left, y + mk + 4 * s
        pygame.draw.rect(surface, DARK_SQ, (x0, y, mk, mk))
        surface.blit(mark_image(kinds, mk), (x0, y))
        rect = theme.draw_text(surface, label, (x0 + mk + 4 * s, y + mk / 2), size, theme.INK_DIM, "midleft")
        x0 = rect.right + int(10 * s)
    return y + mk + 8 * s


# -- the how-to pages' boards (levels/howto/sparks.json) ------------------------------------------

#: a move about to be made, one whole message per mover
PLAYS = {"white": N_("before: White plays {move}"), "black": N_("before: Black plays {move}")}
#: the marks a legend may show, by name (``capture`` and ``death`` as the game draws them)
MARK_ICONS = {"move": frozenset({"move"}), "conduct": frozenset({"move", "conduct"}),
              "capture": frozenset({"move", "capture"}), "death": frozenset({"move", "death"})}


class SparksDiagrams(Diagrams):
    """A board with every legal move of the pieces a diagram names marked (their squares tinted,
    each destination marked as in the game), or a move about to be made (an arrow, the gates it
    closes and the pieces they remove), or the board after it; the legend's icons are the pieces
    and the destination marks."""

    icons = tuple(MARK_ICONS) + tuple(sorted(LETTERS.values()))

    def caption(self, diagram) -> list:
        move = diagram.move
        if move is None:
            return []
        if diagram.show == "before":
            mover = diagram.state.to_move
            return [(_(PLAYS[mover]).format(move=SPARKS.move_text(move, diagram.state)), theme.INK)]
        gated = [piece for e in diagram.effects if e["type"] == "gated" for piece in e["pieces"]]
        black, white = sum(1 for p in gated if p[0] == "B"), sum(1 for p in gated if p[0] == "W")
        lines = []
        if black:
            words = ngettext("after: {n} black piece gated and removed",
                             "after: {n} black pieces gated and removed", black)
            lines.append((words.format(n=black), theme.INK))
        if white:
            words = ngettext("after: {n} white piece gated and removed",
                             "after: {n} white pieces gated and removed", white)
            lines.append((words.format(n=white), theme.INK))
        return lines or [(pgettext("diagram", "after"), theme.INK_DIM)]

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, diagram, s: float) -> pygame.Rect:
        state = diagram.shown
        geo = BoardGeom.fit(rect, 20 * s)
        draw_board(surface, geo)
        move = diagram.move if diagram.show == "before" else None
        chosen = sorted({m.frm for m in diagram.legal} | ({move.frm} if move is not None else set()))
        for name in chosen:
            draw_selection(surface, geo, name)
        targets = dict(self.worked_out(diagram, "marks", lambda: {
            m.to: marks_for(m.to, SPARKS.play(state, m)[1]) for m in diagram.legal}))
        if move is not None and diagram.refused is None:
            targets.setdefault(move.to, marks_for(move.to, list(diagram.effects)))
        for name, kinds in targets.items():
            if state.piece_at(name) is None:
                surface.blit(mark_image(kinds, geo.sq), geo.rect(*square_of(name)))
        for i, v in enumerate(state.board):
            if v:
                img = piece_image(LETTERS[v], int(geo.sq * 0.84))
                surface.blit(img, img.get_rect(center=geo.center(*square_of(NAMES[i]))))
        for name, kinds in targets.items():
            if state.piece_at(name) is not None:
                surface.blit(mark_image(kinds, geo.sq), geo.rect(*square_of(name)))
        if move is not None and diagram.refused is None:
            # the gates the move closes: their beams, and the pieces they remove crossed out
            gated = [sq for e in diagram.effects if e["type"] == "gated" for sq in e["squares"]]
            pieces = {NAMES[i]: LETTERS[v] for i, v in enumerate(state.board) if v}
            pieces[move.to] = pieces.pop(move.frm)
            for a, b in gate_beams(pieces, gated, state.gate_diagonals):
                pygame.draw.line(surface, BEAM_INK, geo.center(*square_of(a)), geo.center(*square_of(b)),
                                 max(3, geo.sq // 10))
            draw_doomed(surface, geo, [sq for sq in gated if sq != move.to])
            a, b = geo.center(*square_of(move.frm)), geo.center(*square_of(move.to))
            pygame.draw.line(surface, theme.ACCENT, a, b, max(3, geo.sq // 12))
            pygame.draw.circle(surface, theme.ACCENT, b, geo.sq * 0.14)
        # the caption goes under the file letters (Large text makes them taller)
        labels = geo.outer.bottom + geo.sq * 0.08 + theme.font(max(12, int(geo.sq * 0.3)), True).get_height()
        return pygame.Rect(rect.x, rect.y, rect.width, int(max(rect.bottom, labels) - rect.y))

    def icon(self, surface: pygame.Surface, rect: pygame.Rect, name: str) -> None:
        if name in MARK_ICONS:  # a destination mark on a dark square, as on the board
            pygame.draw.rect(surface, DARK_SQ, rect)
            surface.blit(mark_image(MARK_ICONS[name], rect.height), rect)
        elif name in self.icons:
            img = piece_image(name, rect.height)
            surface.blit(img, img.get_rect(center=rect.center))
        else:
            raise KeyError(name)
