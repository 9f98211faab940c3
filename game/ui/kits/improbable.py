"""The Improbable drawing kit: two rows of wooden blocks across the table, the tray of
blocks set aside this turn, an ivory die, the Roll and Stop buttons with the odds of
the next roll, and each player's supply in six stacks. The play scene and the how-to
pages draw with it.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import pygame

from ... import palette
from ...catalogue import SIDE_NAMES
from ...i18n import N_, _, ngettext, pgettext
from ...rules.improbable import LENGTHS, PLAYERS, chance
from .. import depth, marks, theme
from ..cache import surface_cache
from ..diagrams import Diagrams
from ..frame import PlayFrame
from .hexgrid import draw_arrow

SUPPLY_PITCH = 114  # design pixels from one player's supply to the other's
CAP = 34  # length units per line of a row: two lines hold any row (63 units), stones never split
COPIES = 3
IVORY, PIP = (242, 236, 222), (38, 34, 30)
LANE, TICK = (30, 28, 30), (52, 50, 54)
TRAY, TRAY_EDGE = (36, 34, 40), (70, 66, 74)
_WOOD = (190, 150, 100)  # bare wood, stained by each side's colour
_STAIN = {"blue": 0.55, "brown": 0.3}

Rect4 = tuple[float, float, float, float]


def ink(player: str) -> palette.RGB:
    """A player's colour for texts on the dark table."""
    return palette.SIDES[player].light


def wood(player: str) -> tuple[palette.RGB, palette.RGB, palette.RGB, palette.RGB]:
    """A side's stained wood: ``(body, grain, edge, shine)``."""
    tint = palette.SIDES[player]
    body = palette.mix(_WOOD, tint.body, _STAIN.get(player, 0.4))
    return body, palette.mix(body, (0, 0, 0), 0.25), tint.dark, palette.mix(body, (255, 255, 255), 0.25)


# -- drawn pieces --------------------------------------------------------------------------------

def block_image(player: str, w: float, h: float, length: int | None = None) -> pygame.Surface:
    """A wooden block ``w``×``h`` pixels: stained body, wavy grain, a lit top edge, its
    length written on it when there is room (cached per size)."""
    return _block(player, max(3, int(round(w))), max(3, int(round(h))), length)


@surface_cache(megabytes=12)
def _block(player: str, w: int, h: int, length: int | None) -> pygame.Surface:
    body, grain, edge, shine = wood(player)
    img = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(1, min(w, h) // 6)
    pygame.draw.rect(img, edge, img.get_rect(), border_radius=radius)
    inner = img.get_rect().inflate(-2, -2)
    pygame.draw.rect(img, body, inner, border_radius=max(0, radius - 1))
    rng = random.Random(w * 7919 + h * 131 + (length or 0) * 17 + PLAYERS.index(player))
    lines = max(2, h // 6)
    for k in range(lines):
        base = inner.y + (k + 0.5) * inner.height / lines + rng.uniform(-1.0, 1.0)
        amp, freq, phase = rng.uniform(0.5, 1.6), rng.uniform(0.05, 0.12), rng.uniform(0, 6.3)
        pts = [(x, base + amp * math.sin(x * freq + phase)) for x in range(inner.x + 2, inner.right - 2, 3)]
        if len(pts) >= 2:
            pygame.draw.aalines(img, grain, False, pts)
    if w > 90 and h >= 18:  # a knot on the longer blocks
        side = rng.choice((0.14, 0.78))  # away from the number in the middle
        kx = inner.x + inner.width * side + rng.uniform(-3, 3)
        pygame.draw.ellipse(img, grain, (kx, inner.centery - h * 0.14, 10, h * 0.28), 1)
    pygame.draw.line(img, shine, (inner.x + 2, inner.y), (inner.right - 3, inner.y))
    if length and h >= 16 and w >= 12:
        label = theme.text_surface(str(length), max(10, int(h * 0.6)), edge, True)
        img.blit(label, label.get_rect(center=inner.center))
    return img


PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


@surface_cache(megabytes=4)
def die_image(value: int | None, size: float, rim: palette.RGB) -> pygame.Surface:
    """An ivory die showing ``value`` (a blank face with "?" before the first roll)."""
    size = max(12, int(size))
    img = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = img.get_rect()
    pygame.draw.rect(img, rim, rect, border_radius=size // 6)
    pygame.draw.rect(img, IVORY, rect.inflate(-max(4, size // 14) * 2, -max(4, size // 14) * 2),
                     border_radius=size // 7)
    if value is None:
        q = theme.text_surface("?", int(size * 0.6), theme.INK_FAINT, True)
        img.blit(q, q.get_rect(center=rect.center))
    else:
        off, r = size * 0.24, max(2, int(size * 0.085))
        for dx, dy in PIPS[value]:
            center = (rect.centerx + dx * off, rect.centery + dy * off)
            pygame.draw.circle(img, PIP, center, r)
            pygame.draw.aacircle(img, PIP, center, r)
    return img


def face_chips(surface: pygame.Surface, x: float, y: float, size: float, odds: dict) -> float:
    """The six faces of the next roll, each told by its shape as well as its colour: a green
    chip sets a stone aside, a red one hatched as danger busts, a hollow yellow-rimmed one ends
    the game (from the engine's ``chance``)."""
    gap = size * 0.18
    radius = max(2, int(size // 5))
    for v in LENGTHS:
        rect = pygame.Rect(round(x + (v - 1) * (size + gap)), round(y), round(size), round(size))
        if v in odds["bust_values"]:
            pygame.draw.rect(surface, theme.BAD, rect, border_radius=radius)
            clip = surface.get_clip()
            surface.set_clip(rect.clip(clip) if clip else rect)
            step = max(4, round(size / 4))
            for k in range(-rect.h, rect.w, step):  # danger's hatching, darker on the red
                pygame.draw.line(surface, palette.mix(theme.BAD, (0, 0, 0), 0.3), (rect.x + k, rect.bottom),
                                 (rect.x + k + rect.h, rect.y), max(1, round(size / 12)))
            surface.set_clip(clip)
            ink = PIP
        elif v in odds["end_values"]:
            pygame.draw.rect(surface, theme.BG_PANEL, rect, border_radius=radius)
            pygame.draw.rect(surface, theme.ACCENT, rect, max(2, round(size / 9)), border_radius=radius)
            ink = theme.ACCENT
        else:
            pygame.draw.rect(surface, theme.GOOD, rect, border_radius=radius)
            ink = PIP
        theme.draw_text(surface, str(v), rect.center, int(size * 0.8), ink, "center", True)
    return 6 * size + 5 * gap


def row_places(lengths: list[int] | tuple[int, ...]) -> list[tuple[int, int]]:
    """(line, first unit) of each stone of a row laid left to right, wrapping at ``CAP``."""
    out, line, at = [], 0, 0
    for length in lengths:
        if at + length > CAP:
            line, at = line + 1, 0
        out.append((line, at))
        at += length
    return out


def pct(p: float) -> str:
    """A chance as a player reads it: ``17%``."""
    return _("{percent}%").format(percent=round(p * 100))


def lerp_rect(a: Rect4, b: Rect4, t: float) -> Rect4:
    return tuple(x + (y - x) * t for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


# -- layout --------------------------------------------------------------------------------------

@dataclass
class Layout:
    """Every position of the scene for one window size (pixels)."""

    frame: PlayFrame
    size: tuple[int, int]
    s: float
    panel: pygame.Rect
    left: pygame.Rect
    lane_x: float
    lane_w: float
    unit: float
    block_h: float
    pitch: float
    row_label_y: dict[str, float]
    row_y: dict[str, float]
    tray: pygame.Rect
    die_center: tuple[float, float]
    die_size: float
    roll: pygame.Rect
    stop: pygame.Rect
    card: pygame.Rect
    supply_unit: float
    supply_h: float
    supply_col: dict[int, float] = field(default_factory=dict)
    supply_bottom: dict[str, float] = field(default_factory=dict)
    supply_header_y: dict[str, float] = field(default_factory=dict)
    #: the scale of the die, Roll and Stop and the words under them: ``s``, or larger where
    #: the window is taller than the design's 16:9 (see ``controls_scale``)
    c: float = 0.0
    #: the line under the odds that says what the faces' looks mean has room
    legend: bool = False

    @classmethod
    def of(cls, size: tuple[int, int]) -> Layout:
        frame = PlayFrame.of(size)
        w, h = size
        s = frame.s
        panel, left = frame.panel, frame.left
        m = 24 * s
        lane_x, lane_w = m, left.width - 2 * m
        unit = lane_w / CAP
        block_h, pitch = 40 * s, 48 * s
        # a label's whole line stands above its box (the lane's edge is 6 px over its row):
        # where the smallest font is taller than the design's gap, the gap grows (large
        # text at 800x600 drew the lanes' edges through the labels)
        label_gap = max(28 * s, theme.font(int(26 * s), True).get_linesize() + 8 * s)
        tray_gap = max(24 * s, theme.font(int(22 * s)).get_linesize() + 2 * s)
        row_label_y = {"blue": frame.top.bottom + 4 * s}
        row_y = {"blue": row_label_y["blue"] + label_gap}
        brown_bottom = frame.bottom.top - 8 * s
        row_y["brown"] = brown_bottom - 6 * s - block_h - pitch
        row_label_y["brown"] = row_y["brown"] - label_gap
        # between the rows: the tray, then the die, Roll and Stop with the odds under them.
        # The room the design leaves there grows with the window's height (at 800x600 a
        # band of nothing as tall as a row was left under the odds): the controls grow
        # into it as far as the width allows, and what is left is shared above and below
        lane_bottom = row_y["blue"] + pitch + block_h + 6 * s
        tray_h = block_h + 22 * s
        room = row_label_y["brown"] - 14 * s - lane_bottom - (10 * s + tray_gap + tray_h + 18 * s)
        legend = controls_height(s, lane_w, True) <= room  # what the faces' looks mean, where it fits
        c = controls_scale(s, room, lane_w, legend)
        # what is left, shared as three equal gaps (over the tray, between it and the controls,
        # under them) with the game-over card, which takes the controls' place at the end,
        # still whole above the brown row
        odds, over = controls_heights(c, lane_w, legend)
        spare = max(0.0, min((room - odds) / 3, (room - over) / 2))
        tray = pygame.Rect(round(lane_x), round(lane_bottom + 10 * s + tray_gap + spare), round(lane_w),
                           round(tray_h))
        action_top = tray.bottom + 18 * s + spare
        die_size = 100 * c
        die_center = (lane_x + 58 * c, action_top + 46 * c)
        bw, bh = 230 * c, 80 * c
        roll = pygame.Rect(round(lane_x + 134 * c), round(action_top), round(bw), round(bh))
        stop = pygame.Rect(round(roll.right + 22 * c), round(action_top), round(bw), round(bh))
        card = pygame.Rect(round(roll.x), round(action_top - 4 * c), round(lane_x + lane_w - roll.x),
                           round(row_label_y["brown"] - 14 * s - action_top))
        # the supplies, in the side panel: six stacks per player, widths proportional to length
        x0, inner_w, cg = panel.x + 20 * s, panel.width - 40 * s, 10 * s
        su = (inner_w - 5 * cg) / 21
        cols, x = {}, x0
        for length in LENGTHS:
            cols[length] = x
            x += length * su + cg
        supply_h = 16 * s
        # the stacks start under their heading's whole line, and the next player's heading
        # under the counts below them (large text made both taller than the design's room)
        head_gap = max(28 * s, theme.font(int(24 * s), True).get_linesize() + 4 * s)
        counts_h = theme.font(int(19 * s), True).get_linesize() + 4 * s
        pitch_p = max(SUPPLY_PITCH * s, head_gap + COPIES * (supply_h + 3 * s) + counts_h + 6 * s)
        headers = {p: frame.panel_body_y + 6 * s + k * pitch_p for k, p in enumerate(PLAYERS)}
        bottoms = {p: headers[p] + head_gap + COPIES * (supply_h + 3 * s) for p in PLAYERS}
        return cls(frame, size, s, panel, left, lane_x, lane_w, unit, block_h, pitch, row_label_y, row_y,
                   tray, die_center, die_size, roll, stop, card, su, supply_h, cols, bottoms, headers, c,
                   legend)

    def row_rect(self, player: str, lengths, index: int) -> Rect4:
        line, at = row_places(lengths[:index + 1])[index]
        return (self.lane_x + at * self.unit, self.row_y[player] + line * self.pitch,
                lengths[index] * self.unit - 3 * self.s, self.block_h)

    def aside_rect(self, lengths, index: int) -> Rect4:
        at = sum(lengths[:index])
        return (self.tray.x + 12 * self.s + at * self.unit + index * 6 * self.s,
                self.tray.y + 11 * self.s, lengths[index] * self.unit - 3 * self.s, self.block_h)

    def supply_rect(self, player: str, length: int, slot: int) -> Rect4:
        step = self.supply_h + 3 * self.s
        return (self.supply_col[length], self.supply_bottom[player] - (slot + 1) * step,
                length * self.supply_unit, self.supply_h)

    def lane(self, player: str) -> pygame.Rect:
        s = self.s
        return pygame.Rect(round(self.lane_x - 8 * s), round(self.row_y[player] - 6 * s),
                           round(self.lane_w + 16 * s), round(self.pitch + self.block_h + 12 * s))

    def cell_at(self, pos: tuple[int, int]) -> None:
        """No board of cells: Roll and Stop are buttons (:meth:`button_at`)."""
        return None

    def button_at(self, pos: tuple[int, int]) -> str | None:
        if self.roll.collidepoint(pos):
            return "roll"
        if self.stop.collidepoint(pos):
            return "stop"
        return None


#: the controls grow at most this much over the design (a die and buttons larger still
#: looked like another game's)
MOST_GROWTH = 1.3
#: design pixels from Roll's left edge to Stop's right edge, past the die
CONTROLS_WIDTH = 134 + 230 + 22 + 230


#: the lines the faces' legend may take under the odds
LEGEND_LINES = 2


def chip_size(c: float) -> float:
    """A face chip of the next roll, its number inside at any size."""
    return max(22 * c, theme.MIN_PX * 1.4)


def odds_label_beside(c: float) -> bool:
    """Whether "next roll:" stands beside the faces under Roll (else above them)."""
    room = round(230 * c) + round(22 * c) - 8 * c  # from Roll's left edge to just before Stop
    return theme.text_width(_("next roll:"), int(20 * c)) + 8 * c + chip_size(c) * (6 + 5 * 0.18) <= room


def legend_lines(c: float, width: float) -> list[str]:
    """:data:`FACES_LEGEND` in lines of ``width`` at scale ``c``, a look's meaning never split
    across two."""
    size = int(20 * c)
    lines: list[str] = []
    for part in _(FACES_LEGEND).split("   "):
        joined = f"{lines[-1]}   {part}" if lines else part
        if lines and theme.text_width(joined, size) <= width:
            lines[-1] = joined
        else:
            lines += theme.wrap(part, size, int(width))
    return lines


def controls_heights(c: float, width: float, legend: bool = False) -> tuple[float, float]:
    """How tall the die, Roll and Stop and what is said under them stand at scale ``c``
    in a lane ``width`` wide (pixels from their top): with the odds of the next roll (their
    label above the faces where it has no room beside them), the two lines of risk and
    (``legend``) what the faces' looks mean; and as the game-over card that takes their
    place, with a title and up to four lines of reasons. Measured in the language of the
    moment, as they are drawn."""
    step = max(24 * c, theme.font(int(24 * c)).get_linesize())
    label = 0 if odds_label_beside(c) else theme.font(int(20 * c)).get_linesize() + 4 * c
    odds = 80 * c + 12 * c + label + chip_size(c) + 12 * c + 2 * step
    if legend:
        lines = min(LEGEND_LINES, len(legend_lines(c, width - 134 * c)))
        odds += 6 * c + lines * theme.step(int(20 * c), 24 * c)
    over = -4 * c + 28 * c + theme.step(int(34 * c), 42 * c) + 4 * theme.step(int(24 * c), 30 * c)
    return odds, over


def controls_height(c: float, width: float, legend: bool = False) -> float:
    return max(controls_heights(c, width, legend))


def controls_scale(s: float, room: float, width: float, legend: bool = False) -> float:
    """The controls' scale: ``s``, grown into ``room`` (pixels under the tray) while they fit
    it and ``width``, by at most ``MOST_GROWTH``."""
    most = min(s * MOST_GROWTH, width / CONTROLS_WIDTH)
    c = s
    while c + 0.02 * s <= most and controls_height(c + 0.02 * s, width, legend) <= room:
        c += 0.02 * s
    return c


#: what the faces' looks mean, under the odds (the how-to pages say it with the odds)
FACES_LEGEND = N_("solid: sets a stone aside   hatched: bust   hollow: ends the game")


def draw_faces_legend(surface: pygame.Surface, lay: Layout, x: float, y: float, width: float) -> None:
    """:data:`FACES_LEGEND` from ``(x, y)``, a look's meaning never split across lines."""
    size = int(20 * lay.c)
    for line in legend_lines(lay.c, width)[:LEGEND_LINES]:
        theme.draw_text(surface, line, (x, y), size, theme.INK_DIM)
        y += theme.step(size, 24 * lay.c)


# -- the table -----------------------------------------------------------------------------------

def draw_table(surface: pygame.Surface, lay: Layout) -> None:
    """The static table: a lane for each row, with faint unit ticks where it will grow,
    and the tray."""
    s = lay.s
    for p in PLAYERS:
        depth.sunken(surface, lay.lane(p), LANE, round(8 * s), s)
        for line in range(2):
            y = lay.row_y[p] + line * lay.pitch + lay.block_h + 2 * s
            for u in range(0, CAP + 1, 2):
                x = lay.lane_x + u * lay.unit
                pygame.draw.line(surface, TICK, (x, y), (x, y + 2 * s))
    depth.sunken(surface, lay.tray, TRAY, round(10 * s), s)
    pygame.draw.rect(surface, TRAY_EDGE, lay.tray, max(1, round(2 * s)), border_radius=round(10 * s))


def draw_row_label(surface: pygame.Surface, lay: Layout, player: str, name: str, row: tuple[int, ...],
                   active: bool) -> None:
    s = lay.s
    y = lay.row_label_y[player]
    label = _("{side}'s row   {length}").format(side=name, length=sum(row))
    r = theme.draw_text(surface, f"{'> ' if active else ''}{label}", (lay.lane_x, y),
                        int(26 * s), ink(player), bold=True)
    full = [v for v in LENGTHS if row.count(v) >= COPIES]
    if full:
        note = _("all three in the row: {values} (rolling one ends the game)").format(
            values=", ".join(map(str, full)))
        room = lay.lane_x + lay.lane_w - r.right - 18 * s
        size = theme.fitted(note, int(21 * s), room, smallest=10)
        if theme.text_width(note, size) > room:  # a small window: without the explanation
            note = _("all three in the row: {values}").format(values=", ".join(map(str, full)))
            size = theme.fitted(note, int(21 * s), room, smallest=10)
        if theme.text_width(note, size) <= room:
            theme.draw_text(surface, note, (r.right + 18 * s, y + 3 * s), size, theme.ACCENT)
    if active:
        pygame.draw.rect(surface, ink(player), lay.lane(player), max(1, round(2 * s)),
                         border_radius=round(8 * s))


def draw_tray_label(surface: pygame.Surface, lay: Layout, text: str, flash: float) -> None:
    s = lay.s
    gap = max(24 * s, theme.font(int(22 * s)).get_linesize() + 2 * s)  # as the layout leaves
    theme.draw_text(surface, text, (lay.tray.x + 4 * s, lay.tray.y - gap), int(22 * s), theme.INK_DIM)
    if flash > 0:  # a bust: danger's hatching flashes over the tray
        marks.danger_area(surface, lay.tray.inflate(6 * s, 6 * s), s, flash, round(12 * s))


def die_bounds(lay: Layout, dy: float) -> pygame.Rect:
    """Everything :func:`draw_die` may touch with the die lifted by ``dy``: the die turned
    any way (a square's diagonal) and its ring."""
    side = math.ceil(lay.die_size * 1.42) + 4
    r = pygame.Rect(0, 0, side, side)
    r.center = (round(lay.die_center[0]), round(lay.die_center[1] + dy))
    return r


def draw_die(surface: pygame.Surface, lay: Layout, face: int | None, owner: str, dy: float, angle: float,
             ringed: bool) -> None:
    img = die_image(face, lay.die_size, palette.SIDES[owner].dark)
    if angle:
        img = pygame.transform.rotate(img, angle)
    cx, cy = lay.die_center
    surface.blit(img, img.get_rect(center=(round(cx), round(cy + dy))))
    if ringed:
        r = pygame.Rect(0, 0, round(lay.die_size * 1.16), round(lay.die_size * 1.16))
        r.center = (round(cx), round(cy))
        pygame.draw.rect(surface, theme.ACCENT, r, max(2, round(4 * lay.c)), border_radius=round(16 * lay.c))


def draw_choice(surface: pygame.Surface, lay: Layout, rect: pygame.Rect, label: str, key: str, on: bool,
                chosen: bool) -> None:
    """One of the two big buttons: the highlighted one with the focus outline (hatched in
    danger's red when it is refused now), its key below the label."""
    s = lay.c
    fill = (56, 62, 84) if on and chosen else theme.BG_PANEL_HI if on else theme.BG_PANEL
    pygame.draw.rect(surface, fill, rect, border_radius=round(12 * s))
    if chosen:
        if not on:  # refused now: danger's hatching under the focus
            marks.danger_area(surface, rect, s, 0.6, round(12 * s))
        marks.focus(surface, rect, max(2, round(4 * s)), round(12 * s))
    else:
        pygame.draw.rect(surface, theme.INK_DIM if on else theme.INK_FAINT, rect, max(2, round(2 * s)),
                         border_radius=round(12 * s))
    size = theme.fitted(label, int(44 * s), rect.width - 16 * s, True)
    theme.draw_text(surface, label, (rect.centerx, rect.centery - 9 * s), size,
                    theme.INK if on else theme.INK_FAINT, "center", bold=True)
    if key:
        theme.draw_text(surface, f"[{key}]", (rect.centerx, rect.bottom - 16 * s), int(20 * s),
                        theme.INK_DIM if on else theme.INK_FAINT, "center")


def draw_game_over(surface: pygame.Surface, lay: Layout, lines: list[tuple[str, palette.RGB]], grow: float
                   ) -> None:
    """Where Roll and Stop were: why the game ended, on a small panel that grows in."""
    s = lay.c
    width = int(lay.card.width - 30 * s)
    # the title on one line (smaller if need be), the reasons wrapped to the panel's width
    shown = [(text, color, theme.fitted(text, int(34 * s), width, True), True) for text, color in lines[:1]]
    for text, color in lines[1:]:
        shown += [(line, color, int(24 * s), False) for line in theme.wrap(text, int(24 * s), width)]
    steps = [theme.step(size, (42 if bold else 30) * s) for _t, _c, size, bold in shown]
    rect = lay.card.copy()
    rect.height = int(28 * s + sum(steps))  # as tall as its lines
    k = 0.85 + 0.15 * grow
    rect.size = (round(rect.width * k), round(rect.height * k))
    rect.topleft = (lay.card.x, lay.card.y)
    pygame.draw.rect(surface, (40, 36, 28), rect, border_radius=round(14 * s))
    pygame.draw.rect(surface, theme.ACCENT, rect, max(2, round(3 * s)), border_radius=round(14 * s))
    y = rect.y + 14 * s
    for (text, color, size, bold), step in zip(shown, steps, strict=True):
        theme.draw_text(surface, text, (rect.x + 16 * s, y), size, color, bold=bold)
        y += step


class BlockSprite(pygame.sprite.Sprite):
    """One wooden block: its owner and length, where it rests (``place``: ``("row", player,
    index)``, ``("aside",)`` (in tray order) or ``("supply", player, length, slot)``) and, while
    moving, the rectangle it comes from (``src``) and the progress ``t``. ``update(layout,
    where)`` sets ``image`` and ``rect``; ``where(sprite)`` is its resting rectangle."""

    def __init__(self, player: str, length: int, place: tuple) -> None:
        super().__init__()
        self.player = player
        self.length = length
        self.place = place
        self.src: Rect4 | None = None
        self.t = 1.0
        self.image = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.rect = self.image.get_rect()

    def update(self, lay: Layout, where) -> None:
        dest = where(self)
        if self.src is None:
            x, y, w, h = dest
            self.image = block_image(self.player, w, h, self.length)
        else:  # changing size on its way (tray <-> supply): scale one image, don't carve a new one
            x, y, w, h = lerp_rect(self.src, dest, self.t)
            big = max((self.src[2], self.src[3]), (dest[2], dest[3]))
            img = block_image(self.player, big[0], big[1], self.length)
            size = (max(3, round(w)), max(3, round(h)))
            self.image = img if img.get_size() == size else pygame.transform.scale(img, size)
        self.rect = self.image.get_rect(topleft=(round(x), round(y)))


def label_form(lay: Layout, s: float) -> tuple[int, str]:
    """The size of the supply's labels and their form: ``"length"`` ("1 ×3": the stack's
    length and how many are left), ``"times"`` ("×3") or, where even that does not fit (large
    text in a small window), ``"count"`` ("3"): the fullest that fits every stack's share of
    the row (the widest count, 3, assumed), the same for all six so that they read alike."""
    shares = [column_left(lay, n + 1) - column_left(lay, n) - 2 for n in LENGTHS]
    full = int(19 * s)
    for form in ("length", "times", "count"):
        for size in (full, int(full * 0.85), int(full * 0.72)):
            count_w = theme.text_width("3" if form == "count" else "\u00d73", size, True)
            widths = [(theme.text_width(f"{n} ", size) if form == "length" else 0) + count_w
                      for n in LENGTHS]
            if all(w <= share for w, share in zip(widths, shares, strict=True)):
                return size, form
    return int(full * 0.72), "count"


def column_left(lay: Layout, length: int) -> float:
    """Where the stack of ``length`` starts (past the last one: the panel's inner edge),
    half way into the gap before it."""
    if length > max(LENGTHS):
        return lay.panel.right - 20 * lay.s
    if length == min(LENGTHS):
        return lay.panel.x + 20 * lay.s
    end_before = lay.supply_col[length - 1] + (length - 1) * lay.supply_unit
    return (end_before + lay.supply_col[length]) / 2


def draw_supplies(surface: pygame.Surface, lay: Layout, supply: list[int], rows: tuple, mover: str | None,
                  names: dict[str, str]) -> None:
    """Both supplies in the panel (panel coordinates): six stacks per player, each with its
    length and how many are left."""
    s = lay.s
    px = lay.panel.x
    x0, inner_w = 20 * s, lay.panel.width - 40 * s
    for k, p in enumerate(PLAYERS):
        y = lay.supply_header_y[p]
        held = sum(supply[6 * k:6 * k + 6])
        label = ngettext("{side}: supply {n} stone", "{side}: supply {n} stones", held).format(side=names[p],
                                                                                             n=held)
        row = _("row {length}").format(length=sum(rows[k]))
        row_w = theme.text_width(row, int(24 * s))
        text = f"{'> ' if p == mover else ''}{label}"  # left of the row's length, smaller if need be
        room = int(inner_w - row_w - 10 * s)
        size = theme.fitted(text, int(24 * s), room, p == mover)
        theme.draw_text(surface, theme.ellipsized(text, size, room, p == mover), (x0, y), size, ink(p),
                        bold=p == mover)
        theme.draw_text(surface, row, (x0 + inner_w, y), int(24 * s), ink(p), "topright")
        label_size, form = label_form(lay, s)  # once for the six stacks: they read alike
        for length in LENGTHS:
            count = supply[6 * k + length - 1]
            if not count:  # an empty stack keeps its outline and its length
                x, yy, w, h = lay.supply_rect(p, length, 0)
                pygame.draw.rect(surface, theme.INK_FAINT, (round(x - px), round(yy), round(w), round(h)), 1,
                                 border_radius=2)
                theme.draw_text(surface, str(length), (x - px + w / 2, yy + h / 2), int(h * 0.8),
                                theme.INK_FAINT, "center")
            for slot in range(count):
                x, yy, w, h = lay.supply_rect(p, length, slot)
                surface.blit(block_image(p, w, h), (round(x - px), round(yy)))
            # under each stack: its length (dim) and how many are left (bright), centred under
            # it where there is room, else moved within its share of the row; every stack's
            # label in the same form (label_form: "1 ×3", else "×3", else "3", a size smaller first)
            cx = lay.supply_col[length] - px + length * lay.supply_unit / 2
            left, right = column_left(lay, length) - px, column_left(lay, length + 1) - px - 2
            top = lay.supply_bottom[p] + 2 * s
            size = label_size
            lw = theme.text_width(f"{length} ", size) if form == "length" else 0
            counted = str(count) if form == "count" else f"\u00d7{count}"
            cw = theme.text_width(counted, size, True)
            x = max(left, min(cx - (lw + cw) / 2, right - lw - cw))
            if lw:
                theme.draw_text(surface, f"{length} ", (x, top), size, theme.INK_DIM)
            theme.draw_text(surface, counted, (x + lw, top), size, theme.INK if count else theme.INK_FAINT,
                            bold=True)


# -- the how-to pages' tables (levels/howto/improbable.json) --------------------------------------

#: what a roll or a stop did, one whole message per player to move next
BUST = {"brown": N_("bust: {stones} back to the supply; Brown's turn"),
        "blue": N_("bust: {stones} back to the supply; Blue's turn")}
BANK = {"brown": N_("the row grows by {length}; Brown's turn"),
        "blue": N_("the row grows by {length}; Blue's turn")}
#: the verdict of a game ended with stones in the tray, per player who ended it
UNCOUNTED = {"blue": N_("{verdict}  (Blue ended the game; Blue's tray, {tray}, is not counted)"),
             "brown": N_("{verdict}  (Brown ended the game; Brown's tray, {tray}, is not counted)")}


def draw_blocks(surface: pygame.Surface, x: float, y: float, lengths, player: str, unit: float,
                height: float, s: float) -> float:
    """Blocks of ``lengths`` side by side from ``(x, y)``, ``unit`` wide per length; returns the
    x after the last."""
    for length in lengths:
        img = block_image(player, length * unit - 3 * s, height, length)
        surface.blit(img, (round(x), round(y)))
        x += length * unit
    return x


def table_height(height: float, s: float) -> float:
    """How tall :func:`draw_side` draws with blocks ``height`` high."""
    line = theme.step(int(24 * s), 26 * s)
    return 2 * (line + height + 16 * s) + max(52 * s, theme.step(int(24 * s), 40 * s))


def draw_side(surface: pygame.Surface, rect: pygame.Rect, state, player: str, s: float, unit: float,
              height: float) -> None:
    """One player's side of the table: the row, the tray of this turn, the die (blocks
    ``unit`` wide per length and ``height`` high)."""
    k = PLAYERS.index(player)
    line = theme.step(int(24 * s), 26 * s)
    y = rect.y
    row = state.rows[k]
    theme.draw_text(surface, _("{side}'s row: {total}").format(side=_(SIDE_NAMES[player]), total=sum(row)),
                    (rect.x, y), int(24 * s), ink(player), bold=True)
    y += line
    draw_blocks(surface, rect.x, y, row, player, unit, height, s)
    y += height + 16 * s
    tray = _("Tray: {stones}").format(stones=" + ".join(map(str, state.aside))) if state.aside else \
        _("Tray: empty")
    theme.draw_text(surface, tray, (rect.x, y), int(24 * s), theme.INK, bold=True)
    y += line
    draw_blocks(surface, rect.x, y, state.aside, player, unit, height, s)
    y += height + 16 * s
    if state.die is not None:
        label = theme.draw_text(surface, pgettext("the die", "Die:"), (rect.x, y + 20 * s), int(24 * s),
                                theme.INK, "midleft", True)
        img = die_image(state.die, 52 * s, theme.INK_FAINT)
        surface.blit(img, (max(rect.x + 50 * s, label.right + 6 * s), y - 6 * s))  # a longer word: further


#: the size a card's picture is drawn at before it is scaled to its card
PICTURE = (600, 400)


def picture(state) -> pygame.Surface:
    """``state`` as a card shows it (the game list, the ladder, the hall of fame, a lesson's
    card): both rows in their lanes, the tray between them and the die, without a word. The
    play screen's own left side is mostly labels and buttons, and cut down to a card its
    words were a blur of grey that read as a broken picture."""
    w, h = PICTURE
    s, m = 1.0, 16
    out = pygame.Surface(PICTURE)
    out.fill(theme.BG)
    lane_h, block_h = 104, 40
    unit = (w - 2 * m - 24) / CAP
    for k, p in enumerate(PLAYERS):
        lane = pygame.Rect(m, m if k == 0 else h - m - lane_h, w - 2 * m, lane_h)
        depth.sunken(out, lane, LANE, 8, s)
        for length, (line, at) in zip(state.rows[k], row_places(state.rows[k]), strict=True):
            img = block_image(p, length * unit - 3, block_h, length)
            out.blit(img, (round(lane.x + 12 + at * unit), round(lane.y + 8 + line * (block_h + 8))))
    die = 112
    middle = h / 2
    owner = state.turn if state.turn in PLAYERS else PLAYERS[0]
    img = die_image(state.die, die, palette.SIDES[owner].dark)
    out.blit(img, img.get_rect(center=(m + 8 + die // 2, round(middle))))
    tray = pygame.Rect(m + die + 32, round(middle - 40), w - 2 * m - die - 32, 80)
    depth.sunken(out, tray, TRAY, 10, s)
    pygame.draw.rect(out, TRAY_EDGE, tray, 2, border_radius=10)
    draw_blocks(out, tray.x + 12, tray.y + (tray.h - block_h) / 2, state.aside, owner, unit, block_h, s)
    return out


def move_label(move) -> str:
    """A roll or a stop in a word or two, as the arrow into the table after it says it."""
    if move.action == "stop":
        return pgettext("the die", "stop")
    return _("roll: {value}").format(value=move.value)


class ImprobableDiagrams(Diagrams):
    """One player's side of the table (the row, the tray, the die) before a roll or a stop, or
    after it (the move an arrow into it, what it did under it); the count of a finished game
    and the odds of a roll as pictures."""

    caption_lines = 3
    pictures = {"count": True, "odds": True}

    def caption(self, diagram) -> list:
        move = diagram.move
        if move is None:
            return []
        if diagram.show == "before":
            return [(pgettext("diagram", "before"), theme.INK_DIM)]
        last = diagram.effects[-1]
        before = diagram.state
        if last["type"] == "aside":
            note = _("one {length} left the supply for the tray").format(length=last["length"])
            color = theme.GOOD
        elif last["type"] == "bust":
            note = _(BUST[diagram.after.to_move]).format(stones=", ".join(map(str, before.aside)))
            color = theme.BAD
        elif last["type"] == "bank":
            note, color = _(BANK[diagram.after.to_move]).format(length=sum(before.aside)), theme.GOOD
        else:
            n = len(diagram.after.aside)
            note = ngettext("game over: the {stones} in the tray is not counted",
                            "game over: the {stones} in the tray are not counted", n).format(
                stones=" + ".join(map(str, diagram.after.aside))) if n else _("game over")
            color = theme.ACCENT
        return [(pgettext("diagram", "after"), theme.INK_DIM), (note, color)]

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, diagram, s: float) -> pygame.Rect:
        player = diagram.state.turn
        k = PLAYERS.index(player)
        # the move's arrow and its word stand left of the table after it; the table before it
        # leaves the same room on its right, so that both are drawn at one scale
        label = move_label(diagram.move) if diagram.move is not None else ""
        room = int(max(60 * s, theme.font(int(26 * s), True).size(label)[0] + 24 * s)) if label else 0
        # before and after at one scale, as large as the widest row of either lets them be
        states = [st for st in (diagram.state, diagram.after) if st is not None]
        widest = max(12, *(max(sum(st.rows[k]), sum(st.aside)) for st in states)) + 1
        unit = min(36 * s, (rect.width - room) * 0.98 / widest)
        height = max(30 * s, min(unit * 1.5, 56 * s))
        tall = int(table_height(height, s))
        box = pygame.Rect(rect.x, int(rect.y + max(0, (rect.height - tall) / 2)), rect.width, tall)
        table = box.inflate(-room, 0).move(room // 2 if diagram.show == "after" else -(room // 2), 0)
        draw_side(surface, table, diagram.shown, player, s, unit, height)
        if label and diagram.show == "after":
            y = box.y + theme.step(int(24 * s), 26 * s) + height / 2  # at the row's middle
            draw_arrow(surface, theme.ACCENT, (box.x, y), (table.x - 10 * s, y), max(3, int(5 * s)))
            size = theme.fitted(label, int(26 * s), room, True, smallest=12)
            theme.draw_text(surface, label, ((box.x + table.x) / 2, y - 8 * s), size, theme.ACCENT,
                            "midbottom", True)
        return box

    def aside(self, surface: pygame.Surface, rect: pygame.Rect, name: str, diagram, s: float) -> pygame.Rect:
        if name == "count":
            return self.draw_count(surface, rect, diagram.shown, s)
        if name == "odds":
            return self.draw_odds(surface, rect, diagram.shown, s)
        raise KeyError(name)

    def draw_count(self, surface: pygame.Surface, rect: pygame.Rect, final, s: float) -> pygame.Rect:
        """Both rows, their sums, and who wins (the stones left in the tray not counted)."""
        longest = max(CAP, *(sum(row) for row in final.rows))
        unit = min(26 * s, rect.width * 0.98 / longest)
        x = rect.x + (rect.width - longest * unit) / 2
        width = int(rect.right - x)
        y = rect.y
        for k, p in enumerate(PLAYERS):
            row = final.rows[k]
            text = _("{side}'s row: {lengths} = {total}").format(
                side=_(SIDE_NAMES[p]), lengths=" + ".join(map(str, row)) or "0", total=sum(row))
            size = theme.fitted(text, int(28 * s), width, True)
            theme.draw_text(surface, text, (x, y), size, ink(p), bold=True)
            y += 32 * s
            draw_blocks(surface, x, y, row, p, unit, 40 * s, s)
            y += 62 * s
        outcome = self.rules.outcome(final)
        if outcome is not None:
            win = outcome.winner
            if win == "draw":
                verdict = _("A draw")
            else:
                lose = PLAYERS[1 - PLAYERS.index(win)]
                d = outcome.detail
                verdict = _("{side} wins, {won} to {lost}").format(
                    side=_(SIDE_NAMES[win]), won=d[win]["length"], lost=d[lose]["length"])
            if final.aside:
                tray = " + ".join(map(str, final.aside))
                verdict = _(UNCOUNTED[final.turn]).format(verdict=verdict, tray=tray)
            size = int(30 * s)
            for line in theme.wrap(verdict, size, width):
                theme.draw_text(surface, line, (x, y), size, theme.ACCENT, bold=True)
                y += theme.step(size, 34 * s)
        return pygame.Rect(rect.x, rect.y, rect.width, int(y - rect.y))

    def draw_odds(self, surface: pygame.Surface, rect: pygame.Rect, state, s: float) -> pygame.Rect:
        """The six faces of the next roll as the buttons show them, and what their looks say."""
        odds = chance(state)
        size = int(24 * s)
        words = _("solid: sets a stone aside   hatched: bust ({bust}%)   hollow: ends the game ({end}%)")
        text = words.format(bust=round(odds["bust"] * 100), end=round(odds["end"] * 100))
        chip = 30 * s
        chips = 6 * chip + 5 * chip * 0.18
        gap = 20 * s
        wide = theme.text_width(text, size)
        if chips + gap + wide <= rect.width:  # on one line, in the middle
            x = rect.centerx - (chips + gap + wide) / 2
            face_chips(surface, x, rect.y, chip, odds)
            theme.draw_text(surface, text, (x + chips + gap, rect.y + chip / 2), size, theme.INK, "midleft")
            return pygame.Rect(rect.x, rect.y, rect.width, int(chip))
        face_chips(surface, rect.centerx - chips / 2, rect.y, chip, odds)
        y = rect.y + chip + 8 * s
        # under the faces, a look's meaning is never split: its words wrap only where they must
        lines: list[str] = []
        for part in text.split("   "):
            joined = f"{lines[-1]}   {part}" if lines else part
            if lines and theme.text_width(joined, size) <= rect.width:
                lines[-1] = joined
            else:
                lines += theme.wrap(part, size, rect.width)
        for line in lines:
            theme.draw_text(surface, line, (rect.centerx, y), size, theme.INK, "midtop")
            y += theme.step(size, 26 * s)
        return pygame.Rect(rect.x, rect.y, rect.width, int(y - rect.y))
