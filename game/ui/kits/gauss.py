"""The GAUSS drawing kit: the hex board with its VOID ring and coordinates, the discs
as sprites, the move preview (arrows, ghosts, rings) and the side panel's supplies and
GAIN/RISK areas. The play scene, the how-to pages and replays all draw with it.
"""
from __future__ import annotations

import math

import pygame

from ... import palette
from ...i18n import N_, _, ngettext, pgettext, refusal
from ...rules.gauss import NAME, PLAYERS, Geometry, Move, geometry, score_words
from .. import marks, theme
from ..cache import surface_cache
from ..diagrams import Diagrams
from ..frame import PlayFrame
from .hexgrid import HexLayout, draw_arrow

CELL_GRAY = (132, 136, 148)
CELL_GRAY_EDGE = (96, 100, 112)
CELL_VOID = (34, 30, 52)
CELL_VOID_EDGE = (98, 76, 150)
DISC = 0.78  # a disc's radius, in cell sizes


def tint(color: str) -> palette.Tint:
    return palette.SIDES[color]


# -- pictures (cached per size) -------------------------------------------------------------------

@surface_cache(megabytes=8)
def disc_image(color: str, radius: int, alpha: int = 255, shadow: bool = False) -> pygame.Surface:
    """A shaded disc: dark rim, body, a soft highlight; drawn at twice the size and
    smoothed down, so its edge is anti-aliased. With ``shadow`` it stands on the board:
    a soft shadow falls down and to the right (the image grows round it, the disc stays
    in its middle)."""
    radius = max(3, radius)
    t = tint(color)
    k = 2
    r = radius * k
    drop = max(2, r // 7) if shadow else 0
    big = pygame.Surface((r * 2 + 4 + 4 * drop, r * 2 + 4 + 4 * drop), pygame.SRCALPHA)
    c = (r + 2 + 2 * drop, r + 2 + 2 * drop)
    if shadow:
        for k_, a in ((1.0, 40), (0.92, 45), (0.84, 50)):  # a soft edge: rings of shade
            pygame.draw.circle(big, (0, 0, 0, a), (c[0] + drop, c[1] + drop * 1.4), int(r * k_ + drop))
    pygame.draw.circle(big, t.dark, c, r)
    pygame.draw.circle(big, t.body, c, int(r * 0.86))
    light = palette.mix(t.body, (255, 255, 255), 0.28)
    pygame.draw.circle(big, light, (c[0] - r * 0.25, c[1] - r * 0.28), int(r * 0.38))
    pygame.draw.circle(big, t.body, (c[0] - r * 0.12, c[1] - r * 0.12), int(r * 0.34))
    side = radius * 2 + 2 + (2 * drop if shadow else 0)
    img = pygame.transform.smoothscale(big, (side, side))
    if alpha < 255:
        img.set_alpha(alpha)
    return img


@surface_cache(megabytes=4)
def flash_image(color: str, radius: int, level: int) -> pygame.Surface:
    """A disc of a scoring group with its flashing ring (``level`` 1–10)."""
    width = max(2, int(radius * 0.28 * level / 10))
    outer = int(radius * 1.08) + width
    img = pygame.Surface((outer * 2 + 2, outer * 2 + 2), pygame.SRCALPHA)
    disc = disc_image(color, radius)
    img.blit(disc, disc.get_rect(center=img.get_rect().center))
    pygame.draw.circle(img, theme.ACCENT, img.get_rect().center, radius * 1.08, width)
    return img


def ghost_image(color: str, radius: int) -> pygame.Surface:
    return disc_image(color, radius, 110)


# -- layout ---------------------------------------------------------------------------------------

class Layout:
    """Every position of the GAUSS screen for one window size and board radius."""

    def __init__(self, size: tuple[int, int], radius: int) -> None:
        self.frame = frame = PlayFrame.of(size)
        s = self.s = frame.s
        self.radius = radius
        self.geo: Geometry = geometry(radius)
        # room around the board for its coordinates
        self.hex = HexLayout.fit(radius, frame.board, 0.97, pad=1.0)
        self.disc_radius = int(self.hex.size * DISC)
        # the panel, in its own coordinates: the two disc buttons, then GAIN and RISK per colour
        x0 = int(20 * s)
        inner = frame.panel.width - int(40 * s)
        y = frame.panel_body_y + int(theme.step(int(22 * s), 22 * s))  # under "Disc to place"
        bw = (inner - int(10 * s)) // 2
        self.color_buttons = {c: pygame.Rect(x0 + k * (bw + int(10 * s)), y, bw, int(40 * s))
                              for k, c in enumerate(PLAYERS)}
        y += int(52 * s)
        self.supply_y = y
        y += 2 * theme.step(int(24 * s), int(26 * s)) + int(10 * s)
        self.areas: dict[tuple[str, str], pygame.Rect] = {}
        for color in PLAYERS:
            for kind in ("gain", "risk"):
                self.areas[(kind, color)] = pygame.Rect(x0, y, inner, int(28 * s))
                y += int(32 * s)
            y += int(6 * s)
        self.words_y = y + int(4 * s)
        self.panel_end = self.words_y + int(20 * s) + 2 * int(17 * s) + int(6 * s)
        self.area_step = max(10.0, min(18 * s, (inner - 90 * s) / 15))

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        return self.hex.from_pixel(*pos)

    def area_slot(self, kind: str, color: str, slot: int) -> tuple[float, float]:
        """Where the ``slot``-th disc of a GAIN or RISK area sits, on screen."""
        box = self.areas[(kind, color)]
        return (self.frame.panel.x + box.x + 70 * self.s + slot * self.area_step, box.centery)


# -- the board ------------------------------------------------------------------------------------

def draw_board(surface: pygame.Surface, lay: HexLayout, geo: Geometry, coordinates: bool = True) -> None:
    """Gray cells and the VOID ring (a dark, violet-rimmed moat), and the files and
    ranks of the notation around it (files a, b, ... along the slanting lines of q,
    ranks 1, 2, ... from the bottom row up)."""
    draw_plate(surface, lay, geo.radius)
    light = palette.mix(CELL_GRAY, (255, 255, 255), 0.22)
    for (q, r), is_void in zip(geo.cells, geo.void, strict=True):
        pts = lay.corners(q, r, 0.95)
        if is_void:
            pygame.draw.polygon(surface, CELL_VOID, pts)
            pygame.draw.aalines(surface, CELL_VOID_EDGE, True, pts)
            pygame.draw.polygon(surface, CELL_VOID_EDGE, pts, max(1, int(lay.size * 0.07)))
        else:
            pygame.draw.polygon(surface, CELL_GRAY, pts)
            # lit from the top left: the cell's upper edges catch the light, the lower ones
            # fall into shade, so that the board reads as raised tiles, not a flat pattern
            inner = lay.corners(q, r, 0.84)
            pygame.draw.polygon(surface, palette.mix(CELL_GRAY, (255, 255, 255), 0.08), inner)
            width = max(1, int(lay.size * 0.07))
            for a, b in zip(pts, pts[1:] + pts[:1], strict=True):
                up = (a[1] + b[1]) / 2 < lay.to_pixel(q, r)[1] - 0.1 * lay.size
                pygame.draw.line(surface, light if up else CELL_GRAY_EDGE, a, b, width)
            pygame.draw.aalines(surface, CELL_GRAY_EDGE, True, pts)
    if not coordinates:
        return
    R = geo.radius
    size = max(12, int(lay.size * 0.5))
    for q in range(-R, R + 1):  # the file letter just past the lowest cell of its line
        r = min(R, R - q)
        x, y = lay.to_pixel(q, r + LABEL_OFF)
        theme.draw_text(surface, geo.name(geo.index[(q, r)])[0], (x, y), size, theme.INK_DIM, "center")
    for r in range(-R, R + 1):  # the rank number left of the first cell of its row
        q = max(-R, -R - r)
        x, y = lay.to_pixel(q - LABEL_OFF - 0.15, r)
        theme.draw_text(surface, geo.name(geo.index[(q, r)])[1:], (x, y), size, theme.INK_DIM, "center")


#: the board's plate under the cells: a dark slate rimmed in the VOID's violet
PLATE = (26, 24, 38)
PLATE_RIM = (70, 58, 104)
#: what the marks and pieces sit on, for tests/test_colour_vision.py: (what, colour)
BOARD_COLOURS = (("cell", CELL_GRAY), ("VOID", CELL_VOID), ("plate", PLATE))
#: how far the plate reaches past the outer cells' centres, in cell sizes, and where the
#: coordinates stand, past the plate's edge
PLATE_MARGIN = 1.5
LABEL_OFF = 1.3


def draw_plate(surface: pygame.Surface, lay: HexLayout, radius: int) -> None:
    """The plate the cells are set in: one large hexagon round the whole board, with a
    shadow under it and a lit rim, so that the board stands off the table."""
    cx, cy = lay.to_pixel(0, 0)
    size = lay.size * (math.sqrt(3) * radius + PLATE_MARGIN)  # past the outer cells' corners
    corners = [(cx + size * math.cos(math.radians(60 * k)), cy + size * math.sin(math.radians(60 * k)))
               for k in range(6)]
    drop = max(3, int(lay.size * 0.25))
    pygame.draw.polygon(surface, palette.mix(theme.BG, (0, 0, 0), 0.45), [(x + drop * 0.6, y + drop)
                                                                          for x, y in corners])
    pygame.draw.polygon(surface, PLATE, corners)
    pygame.draw.aalines(surface, PLATE_RIM, True, corners)
    pygame.draw.polygon(surface, PLATE_RIM, corners, max(2, int(lay.size * 0.08)))


def draw_disc(surface: pygame.Surface, lay: HexLayout, cell: tuple[float, float], color: str,
              alpha: int = 255) -> None:
    img = disc_image(color, int(lay.size * DISC), alpha)
    x, y = lay.to_pixel(*cell)
    surface.blit(img, img.get_rect(center=(round(x), round(y))))


def draw_last_move(surface: pygame.Surface, lay: HexLayout, cell: tuple[int, int]) -> None:
    """The last trigger: the last-move ring on its disc (``marks.last``; drawn over the discs)."""
    marks.last(surface, lay.corners(*cell, 0.95))


def draw_cursor(surface: pygame.Surface, lay: HexLayout, cell: tuple[int, int], color: str,
                legal: bool) -> None:
    """The cursor's brackets on the cell's corners (``marks.cursor``; drawn over the discs),
    with the ghost of the disc to place, or the danger cross where none may go."""
    if legal:
        draw_disc(surface, lay, cell, color, 110)
    marks.cursor(surface, lay.corners(*cell, 0.95), refused=not legal)


def rim_width(width: int) -> int:
    """The dark edge round a preview arrow or ring of ``width`` (thicker in high contrast)."""
    return max(1, round(width * 0.3 * palette.RIM_SCALE))


def draw_force_arrow(surface: pygame.Surface, force: str, a: tuple[float, float], b: tuple[float, float],
                     width: int) -> None:
    """A slide's arrow, told apart by its shape as well as its colour: attracted solid
    (``theme.GOOD``), repelled hollow, a dashed shaft and an open head (``theme.ACCENT``)."""
    attracted = force == "attract"
    draw_arrow(surface, theme.GOOD if attracted else theme.ACCENT, a, b, width, hollow=not attracted,
               rim=palette.RIM, rim_width=rim_width(width))


#: a RISK ring's dashes: this many round the circle, each this share of its step
RISK_DASHES, RISK_DASH = 10, 0.6


def draw_score_ring(surface: pygame.Surface, at: tuple[float, float], radius: float, width: int,
                    risk: bool) -> None:
    """A disc that would score: a solid ring to GAIN (``theme.INK``), a dashed ring to RISK
    (``theme.BAD``): the dashes carry the meaning without the red. Both with a dark edge."""
    x, y = at
    color = theme.BAD if risk else theme.INK
    edge = rim_width(width)
    if not risk:
        pygame.draw.circle(surface, palette.RIM, (x, y), radius + edge, width + 2 * edge)
        pygame.draw.circle(surface, color, (x, y), radius, width)
        return
    mid = radius - width / 2  # the dashes' centre line
    step = 2 * math.pi / RISK_DASHES
    dashes = []
    for k in range(RISK_DASHES):
        angles = [k * step - math.pi / 2 + step * RISK_DASH * t / 6 for t in range(7)]
        dashes.append([(x + mid * math.cos(a), y + mid * math.sin(a)) for a in angles])
    for ink, w in ((palette.RIM, width + 2 * edge), (color, width)):  # the edges first: the dashes over them
        for pts in dashes:
            pygame.draw.lines(surface, ink, False, pts, w)


def draw_preview(surface: pygame.Surface, lay: HexLayout, effects: list[dict]) -> None:
    """What a move would do: an arrow for every slide (solid and green: attracted; hollow,
    dashed and yellow: repelled) with a ghost where the disc lands, and rings on the discs
    that would score (solid and white: to GAIN; dashed and red: to RISK)."""
    width = max(3, int(lay.size * 0.14))  # 3 px at least: a dashed ring still reads at 800x600
    for e in effects:
        if e["type"] == "slide":
            a, b = lay.to_pixel(*e["from"]), lay.to_pixel(*e["to"])
            draw_disc(surface, lay, e["to"], e["color"], 110)
            draw_force_arrow(surface, e["force"], a, b, width)
    for e in effects:
        if e["type"] == "score":
            for kind in ("gain_cells", "risk_cells"):
                for cell in e[kind]:
                    draw_score_ring(surface, lay.to_pixel(*cell), lay.size * 0.9, width, kind == "risk_cells")


def preview_words(move_text: str, effects: list[dict]) -> str:
    """The preview in words, in the current language: ``Re5: 2 discs move, red scores 4 (+1 RISK)``."""
    slides = sum(1 for e in effects if e["type"] == "slide")
    words = [ngettext("{move}: {n} disc move", "{move}: {n} discs move", slides).format(move=move_text,
                                                                                     n=slides)]
    words += [refusal(said) for said in score_words(effects)]  # the rules' words, as the text mode says them
    return ", ".join(words)


# -- sprites --------------------------------------------------------------------------------------

class DiscSprite(pygame.sprite.Sprite):
    """One disc: where it stands (``cell``), where it is drawn (``pos``, fractional axial
    while sliding), and its drop (``scale``, ``alpha``), flash or flight to GAIN/RISK
    (``fly`` = ``(kind, slot)``, ``fly_t``). ``update(layout)`` sets ``image`` and ``rect``."""

    def __init__(self, color: str, cell: tuple[int, int]) -> None:
        super().__init__()
        self.color = color
        self.cell: tuple[int, int] | None = cell
        self.pos = (float(cell[0]), float(cell[1]))
        self.scale = 1.0
        self.alpha = 255
        self.flash = 0.0
        self.fly: tuple[str, int] | None = None
        self.fly_t = 0.0
        self.image = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.rect = self.image.get_rect()

    @property
    def key(self) -> tuple[int, int] | None:
        return self.cell

    def place(self, lay: Layout) -> tuple[tuple[float, float], float]:
        """Where the disc is drawn and its radius in pixels (on the board or in flight)."""
        board_xy = lay.hex.to_pixel(*self.pos)
        radius = lay.hex.size * DISC * self.scale
        if self.fly is None:
            return board_xy, radius
        kind, slot = self.fly
        tx, ty = lay.area_slot(kind, self.color, slot)
        t = self.fly_t
        return ((board_xy[0] + (tx - board_xy[0]) * t, board_xy[1] + (ty - board_xy[1]) * t),
                radius + (lay.area_step * 0.45 - radius) * t)

    def update(self, lay: Layout) -> None:
        (x, y), radius = self.place(lay)
        if self.flash > 0:
            self.image = flash_image(self.color, int(radius), max(1, round(self.flash * 10)))
        else:
            # on the board a disc casts its shadow; dropping in (scaled, fading) it has none yet
            still = self.fly is None and self.scale == 1.0 and self.alpha >= 255
            self.image = disc_image(self.color, int(radius), int(self.alpha), shadow=still)
        self.rect = self.image.get_rect(center=(round(x), round(y)))


def discs_of(state) -> list[DiscSprite]:
    """A sprite for every disc on the board of ``state``."""
    geo = state.geo
    return [DiscSprite(NAME[code], geo.cells[i]) for i, code in enumerate(state.board) if code]


# -- the side panel ---------------------------------------------------------------------------------

def draw_color_button(surface: pygame.Surface, rect: pygame.Rect, color: str, held: int | None,
                      s: float) -> None:
    """The face of a disc-colour button: a disc and ``red x7`` (``held`` None: no count)."""
    img = disc_image(color, int(13 * s))
    surface.blit(img, img.get_rect(center=(rect.x + 24 * s, rect.centery)))
    word = _(color)  # the colour's word, as the rules name it (``rules.core.SIDE_WORDS``)
    label = word if held is None else _("{color} x{count}").format(color=word, count=held)
    theme.draw_text(surface, label, (rect.x + 44 * s, rect.centery), int(26 * s),
                    theme.INK if held else theme.INK_FAINT, "midleft")


#: the labels of the GAIN and RISK areas, by (kind, colour)
AREA_LABELS = {("gain", "red"): N_("R GAIN"), ("risk", "red"): N_("R RISK"),
               ("gain", "blue"): N_("B GAIN"), ("risk", "blue"): N_("B RISK")}


def draw_areas(surface: pygame.Surface, lay: Layout, gain: list[int], risk: list[int]) -> None:
    """Both colours' GAIN and RISK areas with their discs and counts (panel coordinates)."""
    s = lay.s
    r = int(lay.area_step * 0.45)
    for k, color in enumerate(PLAYERS):
        for kind, count in (("gain", gain[k]), ("risk", risk[k])):
            box = lay.areas[(kind, color)]
            pygame.draw.rect(surface, tint(color).dark if kind == "gain" else theme.BG_PANEL_HI, box,
                             border_radius=5)
            label = theme.draw_text(surface, _(AREA_LABELS[(kind, color)]), (box.x + 6 * s, box.centery),
                                    int(20 * s), theme.INK, "midleft", bold=True)
            number = theme.draw_text(surface, str(count), (box.right - 8 * s, box.centery), int(24 * s),
                                     theme.INK, "midright", bold=True)
            # the discs between the label and the count (closer together where the label is wide)
            first = max(box.x + 70 * s, label.right + r + 4 * s)
            room = number.left - r - 4 * s - first
            step = min(lay.area_step, room / max(1, count - 1)) if count > 1 else lay.area_step
            img = disc_image(color, r)
            for i in range(count):
                x = first + i * step
                surface.blit(img, img.get_rect(center=(round(x), box.centery)))


#: the preview's legend, two rows (marked words: translated when drawn), each entry with the
#: colour of its words; the words name the shape, and a small one is drawn before them
LEGEND = (((N_("solid arrow: attracted"), theme.GOOD), (N_("hollow arrow: repelled"), theme.ACCENT)),
          ((N_("solid ring: scores to GAIN"), theme.INK), (N_("dashed ring: to RISK"), theme.BAD)))
#: what each entry of the legend draws before its words
LEGEND_GLYPHS = {LEGEND[0][0][0]: "attract", LEGEND[0][1][0]: "repel", LEGEND[1][0][0]: "gain",
                 LEGEND[1][1][0]: "risk"}


@palette.on_change
def _recolour() -> None:
    """Settings → Theme: the legend's words in the theme's colours."""
    global LEGEND
    LEGEND = (((LEGEND[0][0][0], theme.GOOD), (LEGEND[0][1][0], theme.ACCENT)),
              ((LEGEND[1][0][0], theme.INK), (LEGEND[1][1][0], theme.BAD)))


def draw_glyph(surface: pygame.Surface, kind: str, box: pygame.Rect) -> None:
    """The legend's small picture of a preview mark (``attract``, ``repel``, ``gain``, ``risk``)."""
    width = max(2, box.height // 6)
    if kind in ("attract", "repel"):
        draw_force_arrow(surface, kind, (box.x + width, box.centery), (box.right - 1, box.centery), width)
    else:
        draw_score_ring(surface, box.center, box.height / 2 - 1, width, kind == "risk")


def draw_legend(surface: pygame.Surface, x0: float, y: float, s: float, width: float | None = None) -> float:
    """The marks of the preview, each a small picture and its words, two to a line where they
    fit in ``width``, else one; returns where the legend ends."""
    size, gap = int(18 * s), int(14 * s)
    step = theme.step(size, 17 * s)
    font = theme.font(size)
    glyph = font.get_height()  # the picture's side: the line's height
    right = x0 + (width if width is not None else surface.get_width() - x0)
    for row in LEGEND:
        x = x0
        for text, color in row:
            words = _(text)
            kind = LEGEND_GLYPHS.get(text)
            drawn = 0 if kind is None else (glyph + glyph // 3 if kind in ("attract", "repel") else glyph)
            if x > x0 and x + drawn + glyph // 4 + font.size(words)[0] > right:
                x, y = x0, y + step
            if kind is not None:
                draw_glyph(surface, kind, pygame.Rect(round(x), round(y), drawn, glyph).inflate(-2, -2))
                x += drawn + glyph // 4
            # alone on its line and still too wide (a long language): a little smaller
            fits = theme.fitted(words, size, right - x)
            x += theme.draw_text(surface, words, (x, y), fits, color).width + gap
        y += step
    return y


def cell_toward(geo: Geometry, cell: tuple[int, int], direction: str, lean: bool
                ) -> tuple[tuple[int, int], bool]:
    """The gray cell one step from ``cell`` (``up``/``down`` zig-zag, so holding them walks
    straight up or down the screen); returns ``(cell, lean)``, unchanged at the edge."""
    q, r = cell
    if direction == "left":
        options = [(q - 1, r)]
    elif direction == "right":
        options = [(q + 1, r)]
    elif direction == "up":
        options = [(q + 1, r - 1), (q, r - 1)] if lean else [(q, r - 1), (q + 1, r - 1)]
    else:
        options = [(q, r + 1), (q - 1, r + 1)] if not lean else [(q - 1, r + 1), (q, r + 1)]
    for c in options:
        i = geo.index.get(c)
        if i is not None and not geo.void[i]:
            return c, (not lean) if direction in ("up", "down") else lean
    return cell, lean


def best_preview_cell(moves: list[Move], color: str, effects_of) -> tuple[int, int] | None:
    """The cell whose preview has the most to show (for screenshots after autoplay)."""
    mine = [m for m in moves if m.color == color]
    if not moves:
        return None
    best = max(mine, key=lambda m: len(effects_of(m)), default=moves[0])
    return best.cell


def pulse(t: float) -> float:
    return 0.5 + 0.5 * math.sin(t * 6.0)


# -- the how-to pages' boards (levels/howto/gauss.json) -------------------------------------------

#: the sides' names, translated when shown
SIDE_NAMES = {"red": N_("Red"), "blue": N_("Blue")}


class GaussDiagrams(Diagrams):
    """Before: the board with the trigger (T) and an arrow for every disc it moves (solid, green:
    pulled; hollow, yellow: pushed). After: the board the rules make of it, the discs that scored
    ringed (solid, white: to GAIN; dashed, red: to RISK)."""

    caption_lines = 3

    def caption(self, diagram) -> list:
        if diagram.move is None:
            return []
        if diagram.show == "before":
            return [(_("before: the trigger is placed"), theme.INK_DIM)]
        lines = [(pgettext("diagram", "after"), theme.INK_DIM)]
        scored = [e for e in diagram.effects if e["type"] == "score"]
        if scored:
            e = scored[0]
            words = _("{side} scores: {gain} to GAIN (solid rings), {risk} to RISK (dashed rings)")
            lines.append((words.format(
                side=_(SIDE_NAMES[e["color"]]), gain=len(e["gain_cells"]), risk=len(e["risk_cells"])),
                theme.INK))
        return lines

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, diagram, s: float) -> pygame.Rect:
        state = diagram.shown
        geo = geometry(state.radius)
        lay = HexLayout.fit(state.radius, rect)
        draw_board(surface, lay, geo, coordinates=False)
        for i, code in enumerate(state.board):
            if code:
                draw_disc(surface, lay, geo.cells[i], NAME[code])
        move = diagram.move
        if move is None:
            return rect
        width = max(3, int(lay.size * 0.14))
        if diagram.show == "before":
            draw_disc(surface, lay, move.cell, move.color)
            tx, ty = lay.to_pixel(*move.cell)
            theme.draw_text(surface, pgettext("the trigger, one letter", "T"), (tx, ty), int(lay.size * 0.9),
                            theme.INK, "center", True)
            for e in diagram.effects:
                if e["type"] == "slide":
                    a, b = lay.to_pixel(*e["from"]), lay.to_pixel(*e["to"])
                    draw_force_arrow(surface, e["force"], a, b, width)
        else:
            for e in diagram.effects:
                if e["type"] == "score":
                    for kind in ("gain_cells", "risk_cells"):
                        for cell in e[kind]:
                            draw_score_ring(surface, lay.to_pixel(*cell), lay.size * 0.8, width,
                                            kind == "risk_cells")
        return rect
