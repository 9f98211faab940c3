"""The Great Order drawing kit: the 18 x 5 field between the two boundaries of sixes
(their column numbers are the notation's), the stones as blocks (placed, flying from a
collection, face down while hidden), the lit columns of a chain, the legal columns of the
chosen end stone, the arrangement screen and the hot-seat hand-over card. The play scene
and the how-to pages draw with it.
"""
from __future__ import annotations

import math

import pygame

from ... import palette
from ...catalogue import SIDE_NAMES
from ...i18n import N_, _, ngettext, pgettext, refusal
from ...rules.order import COLUMNS, LENGTHS, PLAYERS, STONES, WIDTH, Arrange, Move
from ...rules.turns import triangular
from .. import depth, marks, theme
from ..cache import surface_cache
from ..diagrams import Diagrams
from ..frame import PlayFrame

#: the collection every arrangement starts from (valid; the player rearranges it)
START_ROW = (1, 2, 3, 4, 5) * 3
COLORS = {p: palette.SIDES[p].body for p in PLAYERS}
DARK = {p: palette.SIDES[p].dark for p in PLAYERS}
LIGHT = {p: palette.SIDES[p].light for p in PLAYERS}


@palette.on_change
def _recolour() -> None:
    """Settings → Theme: the sides' colours again."""
    for p in PLAYERS:
        COLORS[p], DARK[p], LIGHT[p] = palette.SIDES[p].body, palette.SIDES[p].dark, palette.SIDES[p].light
FIELD_BG = (34, 37, 50)
FIELD_LINE = (48, 52, 68)
#: what the marks and pieces sit on, for tests/test_colour_vision.py: (what, colour)
BOARD_COLOURS = (("field", FIELD_BG),)

class FieldGeom:
    """Where things are drawn inside ``area``: the field of 18 columns x 5 cells between
    blue's boundary (top) and brown's (bottom); blue's collection above, brown's below.

    ``u`` is a field cell; a collection block is ``bw`` wide and ``length * c`` tall."""

    def __init__(self, area: pygame.Rect, s: float, collections: bool = True) -> None:
        self.area = area
        self.s = s
        self.collections = collections
        label = 26 * s if collections else 0.0
        gap = 10 * s if collections else 0.0
        k = 0.6 if collections else 0.0
        units = WIDTH + 1.4 + 2 * WIDTH * k
        fixed = 2 * label + 4 * gap
        u = min((area.width - 40 * s) / COLUMNS, (area.height - fixed) / units)
        self.u = u = max(4.0, u)
        self.c = c = u * k
        self.bw = u * 0.86
        self.step = u * 1.16
        self.bh = 0.7 * u
        total = units * u + fixed
        y = area.y + (area.height - total) / 2
        self.fx0 = area.centerx - COLUMNS * u / 2
        self.label_y: dict[str, float] = {}
        self.row_top: dict[str, float] = {}
        if collections:
            self.label_y["blue"] = y
            y += label + gap
            self.row_top["blue"] = y
            y += WIDTH * c + gap
        self.bound = {"blue": self.rect(self.fx0, y, COLUMNS * u, self.bh)}
        y += self.bh
        self.field = self.rect(self.fx0, y, COLUMNS * u, WIDTH * u)
        self.field_y = y
        y += WIDTH * u
        self.bound["brown"] = self.rect(self.fx0, y, COLUMNS * u, self.bh)
        y += self.bh
        if collections:
            y += gap
            self.row_top["brown"] = y
            y += WIDTH * c + gap
            self.label_y["brown"] = y

    @staticmethod
    def rect(x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(round(x), round(y), round(x + w) - round(x), round(y + h) - round(y))

    def col_x(self, col: int) -> tuple[int, int]:
        a, b = round(self.fx0 + col * self.u), round(self.fx0 + (col + 1) * self.u)
        return a, b - a

    def column_rect(self, col: int, with_bounds: bool = False) -> pygame.Rect:
        x, w = self.col_x(col)
        if with_bounds:
            top, bottom = self.bound["blue"].top, self.bound["brown"].bottom
        else:
            top, bottom = self.field.top, self.field.bottom
        return pygame.Rect(x, top, w, bottom - top)

    def stone_rect(self, player: str, col: int, length: int) -> pygame.Rect:
        """A stone in the field: blue hangs from the top boundary, brown stands on the bottom one."""
        inset = max(2.0, self.u * 0.07)
        x = self.fx0 + col * self.u + inset
        w = self.u - 2 * inset
        h = length * self.u - inset
        if player == "blue":
            return self.rect(x, self.field_y + 1, w, h - 1)
        return self.rect(x, self.field_y + WIDTH * self.u - h, w, h - 1)

    def slot_x(self, i: int, n: int) -> float:
        return self.area.centerx + (i - (n - 1) / 2) * self.step

    def slot_rect(self, player: str, i: int, n: int, length: int) -> pygame.Rect:
        """Block ``i`` of a collection of ``n``: blue's lie on a line above the field, brown's below."""
        h = length * self.c
        x = self.slot_x(i, n) - self.bw / 2
        top = self.row_top[player]
        y = top + WIDTH * self.c - h if player == "blue" else top
        return self.rect(x, y, self.bw, h)

    def row_rect(self, player: str) -> pygame.Rect:
        return self.rect(self.fx0, self.row_top[player], COLUMNS * self.u, WIDTH * self.c)

    def slot_at(self, player: str, pos: tuple[int, int], n: int) -> int | None:
        if not self.collections or n <= 0:
            return None
        x, y = pos
        top = self.row_top[player]
        if not top - self.c <= y <= top + (WIDTH + 1) * self.c:
            return None
        i = round((x - self.slot_x(0, n)) / self.step)
        if 0 <= i < n and abs(x - self.slot_x(i, n)) <= self.step / 2:
            return i
        return None

    def column_at(self, pos: tuple[int, int]) -> int | None:
        x, y = pos
        if not self.bound["blue"].top <= y < self.bound["brown"].bottom:
            return None
        col = math.floor((x - self.fx0) / self.u)
        return col if 0 <= col < COLUMNS else None


# --- pictures (cached) -------------------------------------------------------------------------

def block_image(player: str, length: int, w: int, h: int, style: str = "normal", unit: float = 0.0
                ) -> pygame.Surface:
    """A stone of ``length`` as a ``w`` x ``h`` block: ``normal`` (takeable or placed), ``dim``
    (inside a collection), ``hidden`` (face down: no length shown), ``ghost`` (a preview)."""
    return _block(player, length, w, h, style, round(unit, 1))


@surface_cache(megabytes=12)
def _block(player: str, length: int, w: int, h: int, style: str, unit: float) -> pygame.Surface:
    img = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    rect = img.get_rect()
    radius = max(2, int(min(w, h) * 0.16))
    if style == "hidden":
        fill, edge, ink = theme.BG_PANEL_HI, DARK[player], theme.INK_FAINT
    elif style == "dim":
        fill, edge, ink = DARK[player], COLORS[player], theme.INK_DIM
    else:
        fill, edge, ink = COLORS[player], LIGHT[player], theme.INK
    pygame.draw.rect(img, fill, rect, border_radius=radius)
    if style != "hidden" and unit > 6:
        # one faint notch per cell, so a block reads as ``length`` cells long
        for k in range(1, length):
            y = round(k * unit) if player == "blue" else round(h - k * unit)
            pygame.draw.line(img, edge, (3, y), (w - 4, y), 1)
    pygame.draw.rect(img, edge, rect, max(1, int(min(w, h) * 0.06)), border_radius=radius)
    size = int(min(w * 0.72, max(h * 0.8, 12)))
    label = "?" if style == "hidden" else str(length)
    text = theme.text_surface(label, size, ink, True)
    img.blit(text, text.get_rect(center=rect.center))
    if pygame.display.get_surface():
        img = img.convert_alpha()
    if style == "ghost":
        img.set_alpha(120)
    return img


def glow_image(w: int, h: int, strength: float = 1.0) -> pygame.Surface:
    """A completed column: a band of light from one boundary to the other."""
    return _glow(w, h, round(strength, 2))


@surface_cache(megabytes=4)
def _glow(w: int, h: int, strength: float) -> pygame.Surface:
    img = pygame.Surface((w, h), pygame.SRCALPHA)
    a = int(70 + 120 * max(0.0, strength - 1.0))
    img.fill((*theme.ACCENT, min(255, a // 2 + 18)))
    pygame.draw.rect(img, (*theme.ACCENT, min(255, a + 60)), img.get_rect(), max(2, w // 14))
    return img.convert_alpha() if pygame.display.get_surface() else img


def draw_stone(surface: pygame.Surface, geom: FieldGeom, player: str, col: int, length: int,
               style: str = "normal") -> None:
    rect = geom.stone_rect(player, col, length)
    surface.blit(block_image(player, length, rect.w, rect.h, style, geom.u), rect)


def warm_blocks(geom: FieldGeom) -> None:
    """Draw once, now, every block a collection or the field can show at this size.

    A block is drawn the first time it is blitted, a few tenths of a ms each. When the
    arrangements end, a whole collection appears at once: some twenty new blocks, a frame
    of 4-6 ms in the middle of the computer's turn. Laying out is where the time goes
    instead (once per window size)."""
    for player in PLAYERS:
        for length in LENGTHS:
            for col in range(COLUMNS):
                rect = geom.stone_rect(player, col, length)
                for style in ("normal", "ghost"):  # placed, and the preview of a placement
                    block_image(player, length, rect.w, rect.h, style, geom.u)
            if not geom.collections:
                continue
            for n in range(1, STONES + 1):
                for i in range(n):
                    rect = geom.slot_rect(player, i, n, length)
                    for style in ("normal", "dim"):
                        block_image(player, length, rect.w, rect.h, style, geom.c)


def warm_cursor(geom: FieldGeom) -> None:
    """Draw once, now, the column cursor's brackets for each column width at this size
    (the columns are one or two pixels apart): drawn the first time a person steps onto
    such a column, they took 3 ms of that frame at 1280×720."""
    scratch = pygame.Surface((1, 1))
    for size in {geom.column_rect(col, with_bounds=True).inflate(4, 4).size for col in range(COLUMNS)}:
        marks.cursor(scratch, pygame.Rect((0, 0), size))


def draw_static_field(surface: pygame.Surface, geom: FieldGeom) -> None:
    """The empty field, its cells, and the two boundaries of three 6-stones each."""
    s = geom.s
    depth.sunken(surface, geom.field, FIELD_BG, 0, s)
    for col in range(COLUMNS + 1):
        x = round(geom.fx0 + col * geom.u)
        pygame.draw.line(surface, FIELD_LINE, (x, geom.field.top), (x, geom.field.bottom - 1), 1)
    for row in range(1, WIDTH):
        y = round(geom.field_y + row * geom.u)
        pygame.draw.line(surface, FIELD_LINE, (geom.field.left, y), (geom.field.right - 1, y), 1)
    num = max(9, int(geom.bh * 0.62))
    for player in PLAYERS:
        band = geom.bound[player]
        for b in range(3):  # three 6-stones end to end
            x0, _w0 = geom.col_x(6 * b)
            x1, w1 = geom.col_x(6 * b + 5)
            stone = pygame.Rect(x0 + 2, band.y + 2, x1 + w1 - x0 - 4, band.h - 4)
            radius = max(2, int(stone.h * 0.3))
            depth.drop_shadow(surface, stone, radius, s, lift=0.4)
            pygame.draw.rect(surface, DARK[player], stone, border_radius=radius)
            pygame.draw.rect(surface, COLORS[player], stone, max(2, int(3 * s)), border_radius=radius)
        for col in range(COLUMNS):
            x, w = geom.col_x(col)
            theme.draw_text(surface, str(col), (x + w / 2, band.centery), num, LIGHT[player], "center")


# --- layout and sprites ---------------------------------------------------------------------

class Layout:
    """Every position of The Great Order's screen for one window size."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.frame = frame = PlayFrame.of(size)
        self.s = frame.s
        self.geom = FieldGeom(frame.board, frame.s)

    def cell_at(self, pos: tuple[int, int]) -> None:
        """No board cursor here: the scene reads columns and collections itself."""
        return None


def lerp_rect(a: pygame.Rect, b: pygame.Rect, t: float) -> pygame.Rect:
    return pygame.Rect(round(a.x + (b.x - a.x) * t), round(a.y + (b.y - a.y) * t),
                       max(1, round(a.w + (b.w - a.w) * t)), max(1, round(a.h + (b.h - a.h) * t)))


class StoneSprite(pygame.sprite.Sprite):
    """A stone in the field: whose, its length and column; while it flies from the
    collection, ``src`` is its slot ``(index, collection size)`` and ``t`` its progress.
    ``update(layout)`` sets ``image`` and ``rect``."""

    def __init__(self, player: str, length: int, column: int) -> None:
        super().__init__()
        self.player = player
        self.length = length
        self.column = column
        self.src: tuple[int, int] | None = None
        self.t = 1.0
        self.image = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.rect = self.image.get_rect()

    @property
    def key(self) -> tuple[str, int]:
        return (self.player, self.column)

    def update(self, lay: Layout) -> None:
        geom = lay.geom
        dest = geom.stone_rect(self.player, self.column, self.length)
        if self.src is None:
            self.image = block_image(self.player, self.length, dest.w, dest.h, "normal", geom.u)
            self.rect = dest
            return
        i, n = self.src  # in flight: a bright block rimmed in the last move's colour, growing into the field
        rect = lerp_rect(geom.slot_rect(self.player, i, n, self.length), dest, self.t)
        img = pygame.Surface(rect.size, pygame.SRCALPHA)
        local = img.get_rect()
        radius = max(2, rect.w // 6)
        pygame.draw.rect(img, COLORS[self.player], local, border_radius=radius)
        pygame.draw.rect(img, marks.LAST, local, max(2, int(3 * lay.s)), border_radius=radius)
        theme.draw_text(img, str(self.length), local.center, max(8, int(rect.w * 0.7)), theme.INK, "center",
                        True)
        self.image, self.rect = img, rect


# --- the play screen -------------------------------------------------------------------------

def draw_lit_columns(surface: pygame.Surface, geom: FieldGeom, landed: dict[tuple[str, int], int],
                     flash: dict[int, float]) -> None:
    """Completed columns light up boundary to boundary; a new connection flashes. Only the
    columns in the surface's clip are looked at (a part of the board drawn again)."""
    within = surface.get_clip()
    for col in range(COLUMNS):
        if landed.get(("blue", col), 0) + landed.get(("brown", col), 0) == WIDTH:
            rect = geom.column_rect(col, with_bounds=True)
            if rect.colliderect(within):
                surface.blit(glow_image(rect.w, rect.h), rect)
    for col, f in flash.items():
        rect = geom.column_rect(col, with_bounds=True)
        if rect.colliderect(within):
            surface.blit(glow_image(rect.w, rect.h, 1.0 + round(f * 10) / 10), rect)


def landing_cell(geom: FieldGeom, player: str, col: int) -> pygame.Rect:
    """The cell of column ``col`` where ``player``'s stone would touch the field first: next to
    its own boundary (where a column's marks go)."""
    x, w = geom.col_x(col)
    y = geom.field_y if player == "blue" else geom.field_y + (WIDTH - 1) * geom.u
    return pygame.Rect(x, round(y), w, round(geom.u))


def tip_cell(geom: FieldGeom, player: str, col: int, length: int) -> pygame.Rect:
    """The cell at a stone's tip, the end away from its boundary."""
    x, w = geom.col_x(col)
    k = length - 1 if player == "blue" else WIDTH - length
    return pygame.Rect(x, round(geom.field_y + k * geom.u), w, round(geom.u))


def draw_targets(surface: pygame.Surface, geom: FieldGeom, columns: dict[int, bool], forced: bool,
                 mover: str, s: float) -> None:
    """The legal columns of the chosen end stone: the target dot where the stone would go, a
    ringed dot where it connects (and a "!" on the boundary when the connection is forced).
    Only those in the surface's clip are drawn: a cursor's step draws a column or two again,
    and every column's target cost a tenth of a millisecond of such a part at 1080p."""
    within = surface.get_clip()
    band = geom.bound[mover]
    for col, connects in columns.items():
        cell = landing_cell(geom, mover, col)
        if cell.inflate(8, 8).colliderect(within):  # a target reaches 4 px out of its cell at most
            marks.target(surface, cell, more=connects)
        if connects and forced:
            x, w = geom.col_x(col)
            tag = pygame.Rect(x + 2, band.y + 2, w - 4, band.h - 4)
            if tag.colliderect(within):
                pygame.draw.rect(surface, marks.TARGET, tag, border_radius=4)
                theme.draw_text(surface, "!", tag.center, int(band.h * 0.8), theme.BG, "center", True)


def draw_last_stone(surface: pygame.Surface, geom: FieldGeom, player: str, col: int, length: int,
                    s: float) -> None:
    """The stone placed last: the last-move ring at its tip, like the other games' last moves."""
    marks.last(surface, tip_cell(geom, player, col, length))


def draw_column_cursor(surface: pygame.Surface, geom: FieldGeom, player: str, col: int, length: int,
                       legal: bool, s: float) -> None:
    """The cursor's brackets round the column, boundaries included: the ghost of the stone where
    it may go, the danger cross where it may not."""
    rect = geom.column_rect(col, with_bounds=True).inflate(4, 4)
    if legal:
        draw_stone(surface, geom, player, col, length, "ghost")
    marks.cursor(surface, rect)
    if not legal:
        marks.danger(surface, landing_cell(geom, player, col))


def draw_collection(surface: pygame.Surface, geom: FieldGeom, player: str, name: str, coll: list[int],
                    active: bool, s: float) -> None:
    """A collection row: its two ends bright (takeable), the rest dimmed."""
    draw_collection_label(surface, geom, player, name, len(coll), active, s)
    draw_collection_stones(surface, geom, player, coll)


def draw_collection_label(surface: pygame.Surface, geom: FieldGeom, player: str, name: str, n: int,
                          active: bool, s: float) -> None:
    theme.draw_text(surface, collection_label(name, n), (geom.fx0, geom.label_y[player]), int(22 * s),
                    LIGHT[player] if active else theme.INK_DIM)


def draw_collection_stones(surface: pygame.Surface, geom: FieldGeom, player: str, coll: list[int]) -> None:
    n = len(coll)
    for i, length in enumerate(coll):
        rect = geom.slot_rect(player, i, n, length)
        style = "normal" if i in (0, n - 1) else "dim"
        surface.blit(block_image(player, length, rect.w, rect.h, style, geom.c), rect)


def collection_label(name: str, n: int) -> str:
    """``Blue's collection: 15 stones   (only the two ends can be taken)``, in the current language."""
    if n:
        return ngettext("{side}'s collection: {n} stone   (only the two ends can be taken)",
                        "{side}'s collection: {n} stones   (only the two ends can be taken)", n).format(
            side=name, n=n)
    return ngettext("{side}'s collection: {n} stone", "{side}'s collection: {n} stones", n).format(side=name,
                                                                                                  n=n)


def collection_layer(under: pygame.Surface, geom: FieldGeom, player: str, coll: list[int]
                     ) -> tuple[pygame.Surface, pygame.Rect]:
    """A collection's stones drawn once over ``under`` (the static layer), to blit as
    they stand: one opaque blit a frame instead of up to 16 while the board moves."""
    n = len(coll)
    area = pygame.Rect(math.floor(geom.fx0), math.floor(geom.row_top[player]), 1,
                       math.ceil(WIDTH * geom.c) + 2)
    area = area.unionall([geom.slot_rect(player, i, n, length) for i, length in enumerate(coll)])
    # moved by an even number of pixels, the geometry rounds the same way (ties go to even)
    area.union_ip(area.move(-(area.x % 2), -(area.y % 2)))
    area = area.clip(under.get_rect())
    img = pygame.Surface(area.size, 0, under)  # a blit: a subsurface's copy() is several times slower
    img.blit(under, (0, 0), area)
    draw_collection_stones(img, FieldGeom(geom.area.move(-area.x, -area.y), geom.s, geom.collections),
                           player, coll)
    return img, area


def draw_end_marks(surface: pygame.Surface, geom: FieldGeom, player: str, coll: list[int], chosen: str,
                   placeable: dict[str, bool], choosing: bool, s: float) -> None:
    """The mover's ends: the chosen one selected (with the cursor's brackets while choosing),
    the danger cross on one that cannot be placed anywhere."""
    n = len(coll)
    if not n:
        return
    for end in ("left", "right") if n > 1 else ("left",):
        i = 0 if end == "left" else n - 1
        rect = geom.slot_rect(player, i, n, coll[i]).inflate(8 * s, 8 * s)
        if end == chosen:
            marks.selection(surface, rect)
            if choosing:
                marks.cursor(surface, rect.inflate(8 * s, 8 * s))
            word = pgettext("left end", "L") if end == "left" else pgettext("right end", "R")
            # beside the row's end, at its outer edge: above or below it is the row's caption,
            # which a long end stone reaches
            x = rect.left - 5 * s if end == "left" else rect.right + 5 * s
            y = rect.top if player == "blue" else rect.bottom
            anchor = ("top" if player == "blue" else "bottom") + ("right" if end == "left" else "left")
            theme.draw_text(surface, word, (x, y), int(20 * s), marks.SELECT, anchor, True)
        if not placeable[end]:
            marks.danger(surface, rect)


# --- the arrangement -------------------------------------------------------------------------

def draw_hidden_collection(surface: pygame.Surface, geom: FieldGeom, player: str, name: str, count: int,
                           s: float) -> None:
    """Another player's collection while arranging: face down, or not laid out yet."""
    if count:
        theme.draw_text(surface, _("{side}'s collection: hidden until play begins").format(side=name),
                        (geom.fx0, geom.label_y[player]), int(22 * s), theme.INK_DIM)
        for i in range(count):
            rect = geom.slot_rect(player, i, count, 3)
            surface.blit(block_image(player, 3, rect.w, rect.h, "hidden", geom.c), rect)
    else:
        theme.draw_text(surface, _("{side} arranges next").format(side=name),
                        (geom.fx0, geom.label_y[player]), int(22 * s), theme.INK_DIM)
        pygame.draw.rect(surface, theme.BG_PANEL, geom.row_rect(player), border_radius=8)


def draw_working_row(surface: pygame.Surface, geom: FieldGeom, player: str, work: list[int],
                     held: int | None, cursor: int | None, equal_pairs: bool, s: float) -> None:
    """The arranger's row: the stone held lifted toward the field and selected, equal neighbours
    hatched in danger's red (the rules refuse them), the cursor's brackets."""
    n = len(work)
    lift = geom.c * 0.6 * (1 if player == "blue" else -1)
    for i, length in enumerate(work):
        rect = geom.slot_rect(player, i, n, length)
        if i == held:
            rect = rect.move(0, lift)
        surface.blit(block_image(player, length, rect.w, rect.h, "normal", geom.c), rect)
    if equal_pairs:
        for i in range(n - 1):
            if work[i] == work[i + 1]:
                a = geom.slot_rect(player, i, n, work[i])
                b = geom.slot_rect(player, i + 1, n, work[i + 1])
                marks.danger_area(surface, a.union(b).inflate(6 * s, 6 * s), s, radius=6)
    if held is not None:
        rect = geom.slot_rect(player, held, n, work[held]).move(0, lift)
        marks.selection(surface, rect.inflate(8 * s, 8 * s))
    if cursor is not None:
        rect = geom.slot_rect(player, cursor, n, work[cursor])
        marks.cursor(surface, (rect.move(0, lift) if cursor == held else rect).inflate(16 * s, 16 * s))


def draw_carried(surface: pygame.Surface, geom: FieldGeom, player: str, work: list[int], held: int,
                 pos: tuple[int, int]) -> None:
    """The stone picked up follows the mouse."""
    rect = geom.slot_rect(player, held, len(work), work[held])
    img = block_image(player, work[held], rect.w, rect.h, "ghost", geom.c)
    surface.blit(img, img.get_rect(center=pos))


def draw_card(surface: pygame.Surface, area: pygame.Rect, player: str, lines: list[str], title: str,
              s: float) -> None:
    """The hot-seat hand-over: nothing of either collection is visible behind it."""
    cover = pygame.Rect(area.x, 0, area.width, area.bottom)
    pygame.draw.rect(surface, theme.BG, cover)
    box = cover.inflate(-80 * s, -160 * s)
    pygame.draw.rect(surface, theme.BG_PANEL, box, border_radius=16)
    pygame.draw.rect(surface, COLORS[player], box, max(2, int(4 * s)), border_radius=16)
    theme.draw_text(surface, title, (box.centerx, box.y + box.h * 0.28),
                    theme.fitted(title, int(50 * s), box.width - 40 * s, True), LIGHT[player], "center", True)
    y = box.y + box.h * 0.45
    for line in lines:
        theme.draw_text(surface, line, (box.centerx, y), theme.fitted(line, int(28 * s), box.width - 40 * s),
                        theme.INK, "midtop")
        y += 36 * s


def draw_player_box(surface: pygame.Surface, rect: pygame.Rect, player: str, name: str, note: str,
                    score: int, active: bool, s: float) -> None:
    """A player's box in the panel: colour, name, a note (stones left), the score."""
    pygame.draw.rect(surface, theme.BG_PANEL_HI if active else theme.BG_PANEL, rect, border_radius=6)
    if active:
        pygame.draw.rect(surface, COLORS[player], rect, max(2, int(2 * s)), border_radius=6)
    sw = pygame.Rect(rect.x + int(8 * s), rect.y + int(8 * s), int(14 * s), rect.h - int(16 * s))
    pygame.draw.rect(surface, COLORS[player], sw, border_radius=3)
    named = theme.draw_text(surface, name, (rect.x + 32 * s, rect.y + 6 * s), int(28 * s), LIGHT[player],
                            bold=True)
    theme.draw_text(surface, note, (rect.x + 32 * s, max(rect.y + 29 * s, named.bottom - 3)), int(19 * s),
                    theme.INK_DIM)
    theme.draw_text(surface, str(score), (rect.right - 12 * s, rect.centery), int(40 * s), theme.INK,
                    "midright", True)


def player_box_height(s: float) -> int:
    """A player's box holds its name and its note, however small the window."""
    return max(int(46 * s), theme.font(int(28 * s), True).get_linesize()
               + theme.font(int(19 * s)).get_linesize() + int(10 * s))


def chain_words(c: int) -> str:
    """What a turn's chain of ``c`` connections scores, points first, in the current language:
    ``6 points (a chain of 3: 1+2+3)``; one connection is no chain ("chain 1: 1 = 1" said
    nothing to a person): ``1 point (one connection)``."""
    if c <= 0:
        return ""
    if c == 1:
        return _("1 point (one connection)")
    return _("{total} points (a chain of {n}: {sum})").format(
        n=c, sum="+".join(str(i) for i in range(1, c + 1)), total=triangular(c))


# -- the how-to pages' fields (levels/howto/order.json) -------------------------------------------

#: what a turn's chain scored, one whole message per side
SCORES = {"blue": N_("Blue scores {chain}"), "brown": N_("Brown scores {chain}")}
#: each boundary named, over blue's and under brown's
BOUNDARIES = {"blue": N_("blue boundary: three 6-stones"), "brown": N_("brown boundary: three 6-stones")}


def draw_row(surface: pygame.Surface, row: tuple[int, ...], center: tuple[float, float], unit: float,
             player: str = "blue", mark_equal: bool = False) -> pygame.Rect:
    """A collection being arranged, its stones standing on a line through ``center`` (equal
    neighbours marked as danger with ``mark_equal``); returns its bounding box."""
    bw, step = unit * 1.1, unit * 1.45
    x0 = center[0] - (len(row) - 1) / 2 * step
    base = center[1] + 2.5 * unit
    box = pygame.Rect(round(x0 - bw / 2), round(base - 5 * unit), round((len(row) - 1) * step + bw),
                      round(5 * unit))
    rects = []
    for i, length in enumerate(row):
        rect = pygame.Rect(round(x0 + i * step - bw / 2), round(base - length * unit), round(bw),
                           round(length * unit))
        surface.blit(block_image(player, length, rect.w, rect.h, "normal", unit), rect)
        rects.append(rect)
    if mark_equal:
        for i in range(len(row) - 1):
            if row[i] == row[i + 1]:
                marks.danger_area(surface, rects[i].union(rects[i + 1]).inflate(8, 8), unit / 20, radius=6)
    return box.inflate(8, 8)


class OrderDiagrams(Diagrams):
    """The field as the game draws it (the complete columns lit, the collections with their
    ends bright), with the legal columns of an end stone marked, a placement about to be made
    (refused: the cursor and the danger cross) or the field after it (each connection of the
    turn numbered, what the chain scored under it); an arrangement as a row of stones."""

    #: ``collections``: show both collections (default true); ``boundaries``: name the boundaries
    options = {"collections": bool, "boundaries": bool}
    pictures = {"chains": False}

    def caption(self, diagram) -> list:
        move = diagram.move
        if move is None or diagram.show == "after":
            return []
        if isinstance(move, Arrange):
            if diagram.refused is not None:
                return [(_("refused: {reason}").format(reason=refusal(diagram.refused)), theme.BAD)]
            return [(_("valid: {reason}").format(reason=_("no equal neighbours")), theme.GOOD)]
        if diagram.refused is not None:
            reason = refusal(diagram.refused)
            return [(_('Column {column}? "{reason}"').format(column=move.column, reason=reason), theme.BAD)]
        return []

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, diagram, s: float) -> pygame.Rect:
        move = diagram.move
        if isinstance(move, Arrange):  # the row as it is being arranged
            unit = min(rect.height / 5.4, rect.width / (len(move.lengths) * 1.45 + 0.5))
            return draw_row(surface, move.lengths, rect.center, unit, diagram.state.to_move or "blue",
                            mark_equal=diagram.refused is not None)
        state = diagram.shown
        collections = diagram.options.get("collections", True)
        named = diagram.options.get("boundaries", False)
        effects = list(diagram.line_effects) + (list(diagram.effects) if diagram.show == "after" else [])
        labels = {e["column"]: pgettext("a connection's place in its chain", "#{n}").format(n=e["chain"])
                  for e in effects if e["type"] == "connect"} if not collections else {}
        mover = diagram.state.to_move
        scored = [e for e in effects if e["type"] == "score" and e["player"] == mover]
        # the room the words round the field take: the boundaries' names, the chain's numbers
        # and its score (their height grows with Large text)
        caption = theme.step(int(24 * s), 26 * s)
        above = caption + 4 if named else 0
        below = caption + 4 if named else 0
        trial = FieldGeom(rect, s, collections)
        tag = theme.font(int(trial.u * 0.55), True).get_height()
        if labels:
            below = max(below, tag + 8)
        score = theme.step(int(32 * s), 34 * s)
        if scored:
            below += int(score + 6 * s)
        room = pygame.Rect(rect.x, int(rect.y + above), rect.width, int(rect.height - above - below))
        geom = FieldGeom(room, s, collections)
        self.draw_field(surface, geom, state, diagram)
        top = geom.label_y["blue"] if collections else geom.bound["blue"].top
        bottom = geom.label_y["brown"] + 26 * s if collections else geom.bound["brown"].bottom
        field = geom.bound["blue"].union(geom.bound["brown"])
        if named:
            theme.draw_text(surface, _(BOUNDARIES["blue"]), (field.centerx, field.top - 4), int(24 * s),
                            LIGHT["blue"], "midbottom")
            theme.draw_text(surface, _(BOUNDARIES["brown"]), (field.centerx, field.bottom + 4), int(24 * s),
                            LIGHT["brown"], "midtop")
            top, bottom = top - caption - 4, bottom + caption + 4
        for col, text in labels.items():
            column = geom.column_rect(col, with_bounds=True)
            theme.draw_text(surface, text, (column.centerx, column.bottom + 4), int(geom.u * 0.55),
                            theme.ACCENT, "midtop", True)
        if labels:
            bottom = max(bottom, field.bottom + tag + 8)
        for e in scored:
            words = _(SCORES[mover]).format(chain=chain_words(e["connections"]))
            theme.draw_text(surface, words, (field.centerx, bottom + 6 * s), int(32 * s), theme.ACCENT,
                            "midtop", True)
            bottom += score + 6 * s
        return pygame.Rect(field.x, int(top), field.width, int(bottom - top))

    def draw_field(self, surface: pygame.Surface, geom: FieldGeom, state, diagram) -> None:
        """A position as the game draws it: the field, its complete columns lit, the legal columns
        of the diagram's moves, the stones, a placement about to be made, the collections."""
        s = geom.s
        draw_static_field(surface, geom)
        for col in range(COLUMNS):
            if state.columns[0][col] + state.columns[1][col] == WIDTH:
                rect = geom.column_rect(col, with_bounds=True)
                surface.blit(glow_image(rect.w, rect.h), rect)
        mover = state.to_move
        moves = [m for m in diagram.legal if isinstance(m, Move)]
        # the legal columns as the play screen marks them: a dot each, ringed where it connects
        if moves and mover is not None:
            columns = self.worked_out(diagram, "targets", lambda: {
                m.column: any(e["type"] == "connect" for e in self.rules.play(state, m)[1]) for m in moves})
            empty = sum(1 for c in range(COLUMNS) if not state.columns[0][c] and not state.columns[1][c])
            draw_targets(surface, geom, columns, any(columns.values()) and len(columns) < empty, mover, s)
        for k, player in enumerate(PLAYERS):
            for col, length in enumerate(state.columns[k]):
                if length:
                    draw_stone(surface, geom, player, col, length)
        move = diagram.move
        if isinstance(move, Move) and diagram.show == "before" and mover is not None:
            coll = state.collections[PLAYERS.index(mover)]
            length = coll[0] if move.end == "left" else coll[-1]
            draw_column_cursor(surface, geom, mover, move.column, length, diagram.refused is None, s)
        if not geom.collections:
            return
        for k, player in enumerate(PLAYERS):
            coll = state.collections[k]
            n = len(coll)
            for i, length in enumerate(coll):
                rect = geom.slot_rect(player, i, n, length)
                style = "normal" if i in (0, n - 1) else "dim"
                surface.blit(block_image(player, length, rect.w, rect.h, style, geom.c), rect)
            draw_collection_label(surface, geom, player, _(SIDE_NAMES[player]), n, player == mover, s)
            if player == mover and state.phase == "play" and n:  # the mover's two ends: takeable
                for i in {0, n - 1}:
                    marks.selection(surface, geom.slot_rect(player, i, n, coll[i]).inflate(8, 8))

    def aside(self, surface: pygame.Surface, rect: pygame.Rect, name: str, diagram, s: float) -> pygame.Rect:
        if name != "chains":
            raise KeyError(name)
        y = rect.y
        for c in range(1, 7):  # a turn's score by its chain, the longest in bold
            theme.draw_text(surface, chain_words(c), (rect.centerx, y), int(30 * s), theme.INK, "midtop",
                            c == 6)
            y += theme.step(int(30 * s), 36 * s)
        text = _("Two chains of 3 score {two_chains}; one chain of 6 scores {one_chain}.").format(
            two_chains=2 * triangular(3), one_chain=triangular(6))
        y += 8 * s
        for line in theme.wrap(text, int(26 * s), rect.width):
            theme.draw_text(surface, line, (rect.centerx, y), int(26 * s), theme.ACCENT, "midtop")
            y += theme.step(int(26 * s), 30 * s)
        return pygame.Rect(rect.x, rect.y, rect.width, int(y - rect.y))
