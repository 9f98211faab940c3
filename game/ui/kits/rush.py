"""The Rush drawing kit: a wooden Go board with its coordinates, stones as sprites,
connection lines that grow from a new stone, the marks of legal and refused points,
the "place AGAIN" pill and cursor. The play scene and the how-to pages draw with it.
"""
from __future__ import annotations

import math

import pygame

from ... import palette
from ...i18n import N_, _, ngettext, refusal
from ...rules.rush import NAME, RUSH, State
from .. import depth, marks, theme
from ..cache import surface_cache
from ..diagrams import Diagrams
from ..frame import PlayFrame

WOOD = (214, 174, 106)
WOOD_EDGE = (150, 108, 52)
GRID = (62, 44, 24)
LINK_COLOR = (255, 226, 90)
LINK_EDGE = (92, 52, 8)
FILES = "abcdefghijklmnopqrstuvwxy"
#: what the marks and pieces sit on, for tests/test_colour_vision.py: (what, colour)
BOARD_COLOURS = (("wood", WOOD),)


def stone_colors(color: str) -> tuple[palette.RGB, palette.RGB]:
    """A stone's body and rim, from its side's tint."""
    t = palette.SIDES[color]
    return t.body, t.dark


#: the wood beyond the edge lines, in grid steps: a third of a stone beyond the edge stones
#: (radius 0.47), as on a real board (at 0.62 they seemed to hang off it)
WOOD_PAD = 0.78


class GridLayout:
    """Maps a point ``(x, y)`` (fractional too) of an ``N × N`` board to pixels and back."""

    def __init__(self, n: int, rect: pygame.Rect, margin: float = 1.1) -> None:
        self.n = n
        side = min(rect.width, rect.height)
        self.step = side / (n - 1 + 2 * margin)
        self.x0 = rect.centerx - self.step * (n - 1) / 2
        self.y0 = rect.centery - self.step * (n - 1) / 2

    @property
    def stone_radius(self) -> int:
        return max(3, int(self.step * 0.47))

    def to_pixel(self, x: float, y: float) -> tuple[float, float]:
        return (self.x0 + x * self.step, self.y0 + y * self.step)

    def from_pixel(self, px: float, py: float) -> tuple[int, int] | None:
        """The nearest point to ``(px, py)``, or None when off the board."""
        fx, fy = (px - self.x0) / self.step, (py - self.y0) / self.step
        x, y = round(fx), round(fy)
        if 0 <= x < self.n and 0 <= y < self.n and abs(fx - x) <= 0.5 and abs(fy - y) <= 0.5:
            return (x, y)
        return None


class Layout:
    """Every position of the Rush screen for one window size and board size."""

    def __init__(self, size: tuple[int, int], n: int) -> None:
        self.frame = frame = PlayFrame.of(size)
        self.s = frame.s
        self.grid = GridLayout(n, frame.board, margin=1.2)

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        return self.grid.from_pixel(*pos)


def star_points(n: int) -> list[tuple[int, int]]:
    if n < 9:
        return [(n // 2, n // 2)] if n >= 5 else []
    edge = 2 if n < 13 else 3
    lines = [edge, n // 2, n - 1 - edge]
    if n < 19:
        return [(x, y) for x in (edge, n - 1 - edge) for y in (edge, n - 1 - edge)] + [(n // 2, n // 2)]
    return [(x, y) for x in lines for y in lines]


def goban_bottom(lay: GridLayout, labels: bool = True) -> float:
    """Where the board drawn by :func:`draw_goban` ends, its file letters included."""
    bottom = lay.to_pixel(0, lay.n - 1)[1] + lay.step * WOOD_PAD
    if labels:
        bottom += 3 + theme.font(max(12, min(int(lay.step * 0.5), 30))).get_height()
    return bottom


def draw_goban(surface: pygame.Surface, lay: GridLayout, labels: bool = True) -> None:
    """The wooden board, its lines, star points and the files and ranks of the notation
    (files a, b, ... from the left, ranks 1, 2, ... from the bottom)."""
    n, st = lay.n, lay.step
    pad = st * WOOD_PAD
    left, top = lay.to_pixel(0, 0)
    right, bottom = lay.to_pixel(n - 1, n - 1)
    rect = pygame.Rect(round(left - pad), round(top - pad), round(right - left + 2 * pad),
                       round(bottom - top + 2 * pad))
    radius = max(2, int(st * 0.18))
    s = st / 60  # the bevel and the shadow in proportion to the board (a cell is ~60 px at 720p)
    depth.raised(surface, rect, WOOD, radius, s, body=depth.wood_image(rect.w, rect.h, WOOD, radius))
    width = max(1, round(st / 28))
    for k in range(n):
        edge = width + (1 if k in (0, n - 1) else 0)
        pygame.draw.line(surface, GRID, lay.to_pixel(k, 0), lay.to_pixel(k, n - 1), edge)
        pygame.draw.line(surface, GRID, lay.to_pixel(0, k), lay.to_pixel(n - 1, k), edge)
    for x, y in star_points(n):
        center = lay.to_pixel(x, y)
        r = max(2, st * 0.09)
        pygame.draw.circle(surface, GRID, center, r)
        pygame.draw.aacircle(surface, GRID, center, r)
    if labels:
        size = max(12, min(int(st * 0.5), 30))
        for k in range(n):
            x, _y = lay.to_pixel(k, 0)
            theme.draw_text(surface, FILES[k], (x, rect.bottom + 3), size, theme.INK_DIM, "midtop")
            _x, y = lay.to_pixel(0, k)
            theme.draw_text(surface, str(n - k), (rect.left - 6, y), size, theme.INK_DIM, "midright")


@surface_cache(megabytes=8)
def stone_image(color: str, radius: int, alpha: int = 255) -> pygame.Surface:
    """A shaded stone with a soft shadow, drawn at twice the size and smoothed down."""
    radius = max(3, radius)
    body, rim = stone_colors(color)
    k = 2
    r = radius * k
    size = r * 2 + 4 * k
    big = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (r + k, r + k)
    pygame.draw.circle(big, (0, 0, 0, 70), (c[0] + 2 * k, c[1] + 2 * k), r)
    pygame.draw.circle(big, rim, c, r)
    pygame.draw.circle(big, body, c, max(1, r - max(1, r // 9)))
    light = palette.mix(body, (255, 255, 255), 0.25) if color == "black" else (255, 255, 255)
    pygame.draw.circle(big, light, (c[0] - r * 0.3, c[1] - r * 0.32), max(1, int(r * 0.3)))
    pygame.draw.circle(big, body, (c[0] - r * 0.16, c[1] - r * 0.18), max(1, int(r * 0.3)))
    img = pygame.transform.smoothscale(big, (size // k, size // k))
    if alpha < 255:
        img.set_alpha(alpha)
    return img


def ghost_image(color: str, radius: int) -> pygame.Surface:
    return stone_image(color, radius, 120)


def point_cell(g: GridLayout, cell: tuple[int, int], k: float = 1.0) -> pygame.Rect:
    """The square of one grid step round a point (``k`` times as large): the cell the marks
    are drawn on."""
    x, y = g.to_pixel(*cell)
    side = round(g.step * k)
    rect = pygame.Rect(0, 0, side, side)
    rect.center = (round(x), round(y))
    return rect


def draw_link(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float], t: float,
              width: int) -> None:
    """A connection line from ``a`` growing towards ``b`` (``t`` from 0 to 1)."""
    if t <= 0:
        return
    end = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
    pygame.draw.line(surface, LINK_EDGE, a, end, width + 4)
    pygame.draw.line(surface, LINK_COLOR, a, end, width)
    if t >= 1:
        pygame.draw.circle(surface, LINK_EDGE, b, width * 1.6 + 2)
        pygame.draw.circle(surface, LINK_COLOR, b, width * 1.6)


def draw_badge(surface: pygame.Surface, center: tuple[float, float], number: int, radius: float) -> None:
    """The number of connections in a small yellow disc."""
    pygame.draw.circle(surface, LINK_EDGE, center, radius + 2)
    pygame.draw.circle(surface, LINK_COLOR, center, radius)
    theme.draw_text(surface, str(number), center, int(radius * 1.7), (40, 24, 4), "center", True)


def occupied_neighbours(state: State, cell: tuple[int, int]) -> list[tuple[tuple[int, int], str]]:
    """The stones orthogonally next to ``cell`` in ``state``: where the connection lines go."""
    geo = state.geo
    i = geo.index(cell)
    return [(geo.cell(j), NAME[state.board[j]]) for j in geo.neighbours[i] if state.board[j]]


def draw_marks(surface: pygame.Surface, g: GridLayout, mover: str, legal, refused) -> None:
    """The target dot on the mover's legal points; the danger cross where the mover may not place."""
    for cell in legal:
        marks.target(surface, point_cell(g, cell))
    for cell in refused:
        marks.danger(surface, point_cell(g, cell, 0.8))


def draw_links(surface: pygame.Surface, g: GridLayout, origin: tuple[int, int], cells, t: float) -> None:
    a = g.to_pixel(*origin)
    width = max(2, int(g.step * 0.1))
    for cell in cells:
        draw_link(surface, a, g.to_pixel(*cell), t, width)


def draw_last_marker(surface: pygame.Surface, g: GridLayout, cell: tuple[int, int], color: str,
                     links: int) -> None:
    """The last stone placed: the last-move ring on it, and its number of connections."""
    x, y = g.to_pixel(*cell)
    marks.last(surface, point_cell(g, cell))
    if links:
        draw_badge(surface, (x + g.step * 0.36, y - g.step * 0.36), links, max(7.0, g.step * 0.2))


@surface_cache(megabytes=1)
def again_ring(size: tuple[int, int], thick: int, outer: int, inner: int, rim: palette.RGB,
               color: palette.RGB) -> pygame.Surface:
    """The placing-again square's rounded outline on its dark rim, as one picture: pygame
    draws a rounded outline cut by a clip with other pixels than whole, and the play screen
    draws parts of the board again (its cursor, every frame it breathes)."""
    w, h = size
    img = pygame.Surface((w + 4, h + 4), pygame.SRCALPHA)
    pygame.draw.rect(img, rim, (0, 0, w + 4, h + 4), thick + 4, border_radius=outer)
    pygame.draw.rect(img, color, (2, 2, w, h), thick, border_radius=inner)
    return img


def draw_cursor(surface: pygame.Surface, g: GridLayout, cell: tuple[int, int], look: str,
                color: palette.RGB, legal: bool, clock: float) -> None:
    """The cursor's brackets on a point (with the danger cross where the mover may not place);
    while the mover places again, the brackets breathe round a square in the mover's colour."""
    if look == "again":
        pulse = 0.5 + 0.5 * math.sin(clock * 6.0)
        x, y = g.to_pixel(*cell)
        side = round(g.step * 0.5 * (1.12 + 0.12 * pulse) * 2)
        rect = pygame.Rect(0, 0, side, side)
        rect.center = (round(x), round(y))
        inner = rect.inflate(-round(g.step * 0.3), -round(g.step * 0.3))
        thick = max(2, int(g.step * 0.08))
        ring = again_ring(inner.size, thick, int(g.step * 0.12), int(g.step * 0.1), marks.RIM, tuple(color))
        surface.blit(ring, inner.inflate(4, 4))
        marks.cursor(surface, rect, refused=not legal)
        return
    marks.cursor(surface, point_cell(g, cell), refused=not legal)


def draw_preview(surface: pygame.Surface, g: GridLayout, state: State, cell: tuple[int, int],
                 connections: int) -> None:
    """A legal point under the cursor: the ghost stone, thin lines to the stones it
    would connect to, and their number."""
    x, y = g.to_pixel(*cell)
    ghost = ghost_image(state.to_move, g.stone_radius)
    surface.blit(ghost, ghost.get_rect(center=(round(x) + 1, round(y) + 1)))
    width = max(1, int(g.step * 0.05))
    for c, _color in occupied_neighbours(state, cell):
        pygame.draw.line(surface, LINK_COLOR, (x, y), g.to_pixel(*c), width)
    if connections:
        draw_badge(surface, (x + g.step * 0.36, y - g.step * 0.36), connections, max(7.0, g.step * 0.2))


def draw_again_pill(surface: pygame.Surface, rect: pygame.Rect, player: str, name: str, pop: float,
                    s: float) -> None:
    """The unmistakable "place again" status: a pill in the mover's colour, rimmed in yellow,
    with a ring that flies out of it as it appears (``pop`` from 1 to 0)."""
    size = int(34 * s)
    ink = (245, 245, 240) if player == "black" else (20, 20, 24)
    label = theme.text_surface(_("{side} places AGAIN").format(side=name), size, ink, True)
    pill = label.get_rect().inflate(int(36 * s), int(14 * s))
    pill.midleft = (rect.x, rect.centery)
    if pop > 0:
        grow = int((1.0 - pop) * 26 * s) + int(8 * s)
        pygame.draw.rect(surface, theme.ACCENT, pill.inflate(grow, grow), max(1, int(4 * s * pop)),
                         border_radius=pill.h)
    pygame.draw.rect(surface, theme.ACCENT, pill.inflate(int(6 * s), int(6 * s)), border_radius=pill.h)
    pygame.draw.rect(surface, stone_colors(player)[0], pill, border_radius=pill.h)
    surface.blit(label, label.get_rect(center=pill.center))
    note = _("2+ connections: same player, one more stone")
    room = rect.right - pill.right - 16 * s
    size = theme.fitted(note, int(22 * s), room, smallest=10)
    if theme.text_width(note, size) <= room:  # whole or not at all: cut, it ran under the panel
        theme.draw_text(surface, note, (pill.right + 16 * s, pill.centery), size, theme.ACCENT, "midleft")


class StoneSprite(pygame.sprite.Sprite):
    """One stone: its point, and its drop (``scale``, ``alpha``). ``update(layout)`` sets
    ``image`` and ``rect``."""

    def __init__(self, color: str, cell: tuple[int, int]) -> None:
        super().__init__()
        self.color = color
        self.cell = cell
        self.scale = 1.0
        self.alpha = 255
        self.image = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.rect = self.image.get_rect()

    @property
    def key(self) -> tuple[int, int]:
        return self.cell

    def update(self, lay: Layout) -> None:
        g = lay.grid
        self.image = stone_image(self.color, int(g.stone_radius * self.scale), int(self.alpha))
        x, y = g.to_pixel(*self.cell)
        self.rect = self.image.get_rect(center=(round(x) + 1, round(y) + 1))


def stones_of(state: State) -> list[StoneSprite]:
    """A sprite for every stone on the board of ``state``."""
    geo = state.geo
    return [StoneSprite(NAME[code], geo.cell(i)) for i, code in enumerate(state.board) if code]


def draw_count(surface: pygame.Surface, x0: float, y: float, width: float, player: str, label: str,
               count: int, total: int, active: bool, s: float) -> None:
    """A side's stone count in the panel: the stone, its name, the number and a bar."""
    icon = stone_image(player, int(11 * s))
    surface.blit(icon, icon.get_rect(center=(x0 + 11 * s, y + 12 * s)))
    theme.draw_text(surface, label, (x0 + 30 * s, y + 12 * s), int(25 * s),
                    palette.SIDES[player].light if active else theme.INK_DIM, "midleft", active)
    theme.draw_text(surface, str(count), (x0 + width, y + 12 * s), int(30 * s), theme.INK, "midright", True)
    bar = pygame.Rect(x0 + 30 * s, y + 27 * s, width - 30 * s, int(7 * s))
    pygame.draw.rect(surface, theme.BG_PANEL_HI, bar, border_radius=3)
    fill = bar.copy()
    fill.width = round(bar.width * count / total)
    pygame.draw.rect(surface, stone_colors(player)[0] if player == "white" else (110, 114, 128), fill,
                     border_radius=3)


#: the marks' legend (marked words: translated when drawn)
LEGEND = [(N_("dot: legal, near the cursor"), marks.TARGET),
          (N_("cross: barred, touches only own"), theme.BAD),
          (N_("line: connection"), LINK_COLOR)]


@palette.on_change
def _recolour() -> None:
    """Settings → Theme: the legend's words in the theme's colours."""
    LEGEND[0], LEGEND[1] = (LEGEND[0][0], marks.TARGET), (LEGEND[1][0], theme.BAD)


def draw_legend(surface: pygame.Surface, x0: float, y: float, s: float, width: float | None = None) -> float:
    """The marks of the preview on one line, or more where ``width`` is too narrow;
    returns where the legend ends."""
    size = int(18 * s)
    font = theme.font(size)
    right = x0 + (width if width is not None else surface.get_width() - x0)
    x = x0
    line = theme.step(size, 17 * s)
    for text, color in LEGEND:
        words = _(text)
        if x > x0 and x + font.size(words)[0] > right:
            x, y = x0, y + line
        # an entry wider than the whole room (German with Large text at 800x600) goes on
        # two lines rather than off the panel
        *whole, last = theme.wrap(words, size, int(right - x)) if x == x0 else [words]
        for part in whole:
            theme.draw_text(surface, part, (x, y), size, color)
            y += line
        x = theme.draw_text(surface, last, (x, y), size, color).right + int(12 * s)
        if whole:  # the next entry on a line of its own: beside a wrapped end it read as one
            x = right + 1
    return y + line


# -- the how-to pages' boards (levels/howto/rush.json) --------------------------------------------

#: the sides' names, translated when shown
SIDE_NAMES = {"black": N_("Black"), "white": N_("White")}
#: what happens next, one whole message per side (the name is not capitalised mid-sentence)
PLACES_AGAIN = {"black": N_("black places again"), "white": N_("white places again")}
MOVES_NEXT = {"black": N_("black moves next"), "white": N_("white moves next")}


class RushDiagrams(Diagrams):
    """A board with a stone about to go on a point (its connections, or the rules' refusal), or
    the board after it (the last stone ringed); the count of a finished game beside its board."""

    #: the caption and a refusal's two lines: the boards are one size whatever they say
    caption_lines = 3
    caption_size = 24
    #: a finished game's count, beside its board
    pictures = {"count": True}

    @staticmethod
    def after_words(before: State, after: State, effects) -> str:
        if any(e["type"] == "again" for e in effects):
            return _(PLACES_AGAIN[before.to_move])
        return _(MOVES_NEXT[after.to_move]) if after.to_move else _("the board is full")

    def words(self, diagram) -> dict:
        found = super().words(diagram)
        found["side"] = _(SIDE_NAMES[diagram.state.to_move]) if diagram.state.to_move else ""
        if diagram.after is not None:
            found["what"] = self.after_words(diagram.state, diagram.after, diagram.effects)
        return found

    def caption(self, diagram) -> list:
        if diagram.move is None:
            return []
        words = self.words(diagram)
        if diagram.show == "after":
            return [(_("after: {what}").format(what=words["what"]), theme.INK)]
        if diagram.refused is not None:
            return [(_("{side} {move}: refused").format(side=words["side"], move=words["move"]), theme.INK),
                    (refusal(diagram.refused), theme.BAD)]
        k = diagram.effects[0]["connections"]
        return [(ngettext("{side} {move}: {n} connection, {then}", "{side} {move}: {n} connections, {then}",
                          k).format(side=words["side"], move=words["move"], n=k, then=words["what"]),
                 theme.INK)]

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, diagram, s: float) -> pygame.Rect:
        state = diagram.shown
        lay = GridLayout(state.size, rect)
        draw_goban(surface, lay, labels=True)
        geo = state.geo
        for i, code in enumerate(state.board):
            if code:
                img = stone_image(NAME[code], lay.stone_radius)
                x, y = lay.to_pixel(*geo.cell(i))
                surface.blit(img, img.get_rect(center=(round(x) + 1, round(y) + 1)))
        move = diagram.move
        if move is not None and diagram.show == "after":
            x, y = lay.to_pixel(*move.cell)
            ink = (230, 230, 226) if state.stone_at(move.cell) == "black" else (30, 30, 34)
            pygame.draw.circle(surface, ink, (x, y), lay.step * 0.2, max(2, int(lay.step * 0.06)))
        elif move is not None:
            self.placement(surface, lay, diagram.state, move.cell, diagram.refused is not None)
        # the caption goes under the file letters (Large text makes them taller)
        bottom = max(rect.bottom + 2 * s, goban_bottom(lay) + 2)
        return pygame.Rect(rect.x, rect.y, rect.width, int(bottom - rect.y))

    @staticmethod
    def placement(surface: pygame.Surface, lay: GridLayout, state: State, cell: tuple[int, int],
                  refused: bool) -> None:
        """A stone about to go on ``cell``: its connections, or the cross of a refused point."""
        mover = state.to_move
        x, y = lay.to_pixel(*cell)
        if refused:
            ghost = ghost_image(mover, lay.stone_radius)
            surface.blit(ghost, ghost.get_rect(center=(round(x) + 1, round(y) + 1)))
            marks.danger(surface, point_cell(lay, cell, 1.6))
            return
        ghost = stone_image(mover, lay.stone_radius)
        surface.blit(ghost, ghost.get_rect(center=(round(x) + 1, round(y) + 1)))
        targets = occupied_neighbours(state, cell)
        for c, _stone in targets:
            draw_link(surface, (x, y), lay.to_pixel(*c), 1.0, max(2, int(lay.step * 0.1)))
        if targets:
            draw_badge(surface, (x + lay.step * 0.36, y - lay.step * 0.36), len(targets),
                       max(8.0, lay.step * 0.2))

    def aside(self, surface: pygame.Surface, rect: pygame.Rect, name: str, diagram, s: float) -> pygame.Rect:
        if name != "count":
            raise KeyError(name)
        state = diagram.shown
        outcome = RUSH.outcome(state)
        x = rect.x + int(10 * s)
        y = rect.y + int(40 * s)
        for player in ("black", "white"):
            icon = stone_image(player, int(18 * s))
            surface.blit(icon, icon.get_rect(center=(round(x + 18 * s), round(y + 18 * s))))
            n = outcome.detail[player]
            text = ngettext("{side}: {n} stone", "{side}: {n} stones", n).format(
                side=_(SIDE_NAMES[player]), n=n)
            theme.draw_text(surface, text, (x + 48 * s, y + 18 * s), int(36 * s), theme.INK, "midleft")
            y += int(56 * s)
        total = state.size ** 2
        theme.draw_text(surface, ngettext("{n} point in all", "{n} points in all", total).format(n=total),
                        (x, y), int(28 * s), theme.INK_DIM)
        y += int(50 * s)
        last = theme.draw_text(surface, _("{side} wins.").format(side=_(SIDE_NAMES[outcome.winner])), (x, y),
                               int(44 * s), LINK_COLOR, bold=True)
        return pygame.Rect(rect.x, rect.y, rect.width, last.bottom - rect.y)
