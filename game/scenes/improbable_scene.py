"""THE IMPROBABLE scene: two rows of wooden blocks growing across the table, each
player's supply in six small stacks, a die that tumbles and lands, the tray of
blocks set aside this turn, and two big choices, Roll and Stop, with the risk of
the next roll shown beside them.

The scene never decides a rule: which choice is legal, what a roll does and the
risk come from ``game.rules.improbable`` (``why_illegal``, ``play``, ``chance``);
the scene turns actions into moves and the effect list into motion.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import pygame

from ..anim import Tween, ease_in_out, ease_out_cubic, linear
from ..app.input import (
    ALTERNATE,
    CONFIRM,
    DOWN,
    KEY_GLYPHS,
    LEFT,
    MENU,
    POINT,
    REDO,
    RIGHT,
    UNDO,
    UP,
    Action,
)
from ..audio import cue
from ..rules.improbable import IMPROBABLE, LENGTHS, PLAYERS, ROLL, STOP, State, chance
from ..ui import theme
from .play import PlayScene

TUMBLE, LAND, SLIDE, FLASH, END_CARD, RESULT_DELAY = 0.36, 0.22, 0.3, 0.3, 0.5, 1.1
SUPPLY_PITCH = 114  # design pixels from one player's supply to the other's
CAP = 34  # length units per line of a row: two lines hold any row (63 units), stones never split
COPIES = 3

# wood stained per player: body, grain, edge, and the ink used for the player's texts
WOOD = {"blue": (112, 146, 194), "brown": (190, 138, 86)}
GRAIN = {"blue": (82, 110, 158), "brown": (146, 98, 56)}
EDGE = {"blue": (36, 54, 96), "brown": (84, 50, 24)}
SHINE = {"blue": (150, 180, 222), "brown": (222, 176, 124)}
INK = {"blue": theme.BLUE_LIGHT, "brown": (236, 188, 138)}
IVORY, PIP = (242, 236, 222), (38, 34, 30)

Rect4 = tuple[float, float, float, float]


# -- drawn pieces (shared with the how-to-play pages) ---------------------------------------------------
_block_cache: dict[tuple, pygame.Surface] = {}


def block_image(player: str, w: float, h: float, length: int | None = None) -> pygame.Surface:
    """A wooden block ``w``×``h`` pixels: stained body, wavy grain, a lit top edge, its
    length written on it when there is room (cached per size)."""
    w, h = max(3, int(round(w))), max(3, int(round(h)))
    key = (player, w, h, length)
    img = _block_cache.get(key)
    if img is None:
        if len(_block_cache) > 600:
            _block_cache.clear()
        img = _make_block(player, w, h, length)
        _block_cache[key] = img
    return img


def _make_block(player: str, w: int, h: int, length: int | None) -> pygame.Surface:
    img = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(1, min(w, h) // 6)
    pygame.draw.rect(img, EDGE[player], img.get_rect(), border_radius=radius)
    inner = img.get_rect().inflate(-2, -2)
    pygame.draw.rect(img, WOOD[player], inner, border_radius=max(0, radius - 1))
    rng = random.Random(w * 7919 + h * 131 + (length or 0) * 17 + PLAYERS.index(player))
    lines = max(2, h // 6)
    for k in range(lines):
        base = inner.y + (k + 0.5) * inner.height / lines + rng.uniform(-1.0, 1.0)
        amp, freq, phase = rng.uniform(0.5, 1.6), rng.uniform(0.05, 0.12), rng.uniform(0, 6.3)
        pts = [(x, base + amp * math.sin(x * freq + phase)) for x in range(inner.x + 2, inner.right - 2, 3)]
        if len(pts) >= 2:
            pygame.draw.lines(img, GRAIN[player], False, pts, 1)
    if w > 90 and h >= 18:  # a knot on the longer blocks
        side = rng.choice((0.14, 0.78))  # away from the number in the middle
        kx = inner.x + inner.width * side + rng.uniform(-3, 3)
        pygame.draw.ellipse(img, GRAIN[player], (kx, inner.centery - h * 0.14, 10, h * 0.28), 1)
    pygame.draw.line(img, SHINE[player], (inner.x + 2, inner.y), (inner.right - 3, inner.y))
    if length and h >= 16 and w >= 12:
        label = theme.text_surface(str(length), max(10, int(h * 0.6)), EDGE[player], True)
        img.blit(label, label.get_rect(center=inner.center))
    return img


PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
_die_cache: dict[tuple, pygame.Surface] = {}


def die_image(value: int | None, size: float, rim: tuple[int, int, int]) -> pygame.Surface:
    """An ivory die showing ``value`` (a blank face with "?" before the first roll)."""
    size = max(12, int(size))
    key = (value, size, rim)
    img = _die_cache.get(key)
    if img is None:
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
                pygame.draw.circle(img, PIP, (rect.centerx + dx * off, rect.centery + dy * off), r)
        _die_cache[key] = img
    return img


def face_chips(surface: pygame.Surface, x: float, y: float, size: float, odds: dict) -> float:
    """The six faces of the next roll, each coloured by what it would do: green sets a
    stone aside, red busts, yellow ends the game (from the engine's ``chance``)."""
    gap = size * 0.18
    for v in LENGTHS:
        if v in odds["bust_values"]:
            fill, ink = theme.BAD, PIP
        elif v in odds["end_values"]:
            fill, ink = theme.ACCENT, PIP
        else:
            fill, ink = theme.GOOD, PIP
        rect = pygame.Rect(round(x + (v - 1) * (size + gap)), round(y), round(size), round(size))
        pygame.draw.rect(surface, fill, rect, border_radius=max(2, int(size // 5)))
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
    return f"{round(p * 100)}%"


# -- the view --------------------------------------------------------------------------------------------
class BlockSprite(pygame.sprite.Sprite):
    """One wooden block as drawn: its owner and length, where it rests (``place``:
    ``("row", player, index)``, ``("aside",)`` (in tray order) or ``("supply", player, length, slot)``)
    and, while moving, the rectangle it comes from (``src``) and the progress ``t``."""

    def __init__(self, player: str, length: int, place: tuple) -> None:
        super().__init__()
        self.player = player
        self.length = length
        self.place = place
        self.src: Rect4 | None = None
        self.t = 1.0


@dataclass
class Layout:
    """Every position of the scene for one window size (pixels)."""

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

    @classmethod
    def of(cls, size: tuple[int, int]) -> Layout:
        w, h = size
        s = max(0.5, min(w / 1280, h / 720))
        panel_w = int(max(330 * s, w * 0.31))
        panel = pygame.Rect(w - panel_w, 0, panel_w, h)
        left = pygame.Rect(0, 0, w - panel_w, h)
        m = 24 * s
        lane_x, lane_w = m, left.width - 2 * m
        unit = lane_w / CAP
        block_h, pitch = 40 * s, 48 * s
        row_label_y = {"blue": 52 * s}
        row_y = {"blue": 80 * s}
        tray = pygame.Rect(round(lane_x), round(row_y["blue"] + pitch + block_h + 40 * s),
                           round(lane_w), round(block_h + 22 * s))
        brown_bottom = h - 50 * s
        row_y["brown"] = brown_bottom - 6 * s - block_h - pitch
        row_label_y["brown"] = row_y["brown"] - 28 * s
        action_top = tray.bottom + 18 * s
        die_size = 100 * s
        die_center = (lane_x + 58 * s, action_top + 46 * s)
        bw, bh = 230 * s, 80 * s
        roll = pygame.Rect(round(lane_x + 134 * s), round(action_top), round(bw), round(bh))
        stop = pygame.Rect(round(roll.right + 22 * s), round(action_top), round(bw), round(bh))
        card = pygame.Rect(round(roll.x), round(action_top - 4 * s), round(lane_x + lane_w - roll.x),
                           round(row_label_y["brown"] - 14 * s - action_top))
        # the supplies, in the side panel: six stacks per player, widths proportional to length
        x0, inner_w, cg = panel.x + 20 * s, panel_w - 40 * s, 10 * s
        su = (inner_w - 5 * cg) / 21
        cols, x = {}, x0
        for length in LENGTHS:
            cols[length] = x
            x += length * su + cg
        supply_h = 16 * s
        headers = {p: 86 * s + k * SUPPLY_PITCH * s for k, p in enumerate(PLAYERS)}
        bottoms = {p: headers[p] + 28 * s + COPIES * (supply_h + 3 * s) for p in PLAYERS}
        return cls(size, s, panel, left, lane_x, lane_w, unit, block_h, pitch, row_label_y, row_y, tray,
                   die_center, die_size, roll, stop, card, su, supply_h, cols, bottoms, headers)

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


def _lerp(a: Rect4, b: Rect4, t: float) -> Rect4:
    return tuple(x + (y - x) * t for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


class ImprobableScene(PlayScene):
    game_id = "improbable"

    def __init__(self, app, level: str | None = None, seed: int | None = None, autoplay: int = 0,
                 options: dict | None = None, **kw) -> None:
        self.layout = Layout.of(app.screen.get_size() if getattr(app, "screen", None) else (1280, 720))
        self.rows_view: dict[str, list[BlockSprite]] = {p: [] for p in PLAYERS}
        self.aside_view: list[BlockSprite] = []
        self.flying: list[BlockSprite] = []
        self.shown_supply: list[int] = [COPIES] * 12
        self.choice = "roll"  # the highlighted button: the keyboard cursor
        self.die_face: int | None = None
        self.die_owner = "blue"
        self.die_dy, self.die_angle = 0.0, 0.0
        self.tray_flash = 0.0
        self.end_card = 0.0
        self.anim_player: str | None = None
        self.anim_verb = "rolls"
        self._static: tuple[tuple, pygame.Surface] | None = None
        super().__init__(app, level, seed, autoplay, options, **kw)

    # -- game lifecycle --------------------------------------------------------------
    def new_game(self, seed: int | None = None) -> None:
        super().new_game(seed)
        self.banner = f"{self.start_player.capitalize()} starts (drawn at random)"
        self.banner_t = 0.0 if self.autoplay else 2.6

    def reset_view(self) -> None:
        """Make the drawn blocks, supplies and die match the engine state (new game, undo)."""
        st = self.state
        self.board_group.empty()
        self.rows_view = {p: [] for p in PLAYERS}
        for k, p in enumerate(PLAYERS):
            for i, length in enumerate(st.rows[k]):
                sprite = BlockSprite(p, length, ("row", p, i))
                self.rows_view[p].append(sprite)
                self.board_group.add(sprite)
        self.aside_view = []
        for length in st.aside:
            sprite = BlockSprite(st.turn, length, ("aside",))
            self.aside_view.append(sprite)
            self.board_group.add(sprite)
        self.flying = []
        self.shown_supply = list(st.supply)
        self.die_face, self.die_owner = st.die, st.turn
        self.die_dy, self.die_angle = 0.0, 0.0
        self.tray_flash = 0.0
        self.end_card = 1.0 if st.over else 0.0
        self.anim_player = None

    def turn_started(self) -> None:
        self.choice = "roll"

    # what the screen shows at rest, for tests to compare with the engine
    def drawn_rows(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return tuple(tuple(b.length for b in self.rows_view[p] if b.alive()) for p in PLAYERS)  # type: ignore

    def drawn_aside(self) -> tuple[int, ...]:
        return tuple(b.length for b in self.aside_view if b.alive())

    def at_rest(self) -> bool:
        return (not self.flying and all(b.src is None for b in self.board_group)
                and self.die_dy == 0 and self.die_angle == 0 and self.tray_flash == 0)

    # -- moves -----------------------------------------------------------------------
    def notation(self, before: State, move, effects: list[dict]) -> str:
        text = IMPROBABLE.move_text(move, before)
        for e in effects:
            if e["type"] == "bust":
                text += " bust"
            elif e["type"] == "end":
                text += " end"
            elif e["type"] == "bank":
                text += f"+{sum(e['lengths'])}"
        return text

    def enabled(self, name: str) -> bool:
        return IMPROBABLE.why_illegal(self.state, ROLL if name == "roll" else STOP) is None

    def press(self, name: str) -> bool:
        self.choice = name
        return self.try_play(ROLL if name == "roll" else STOP)

    # -- effects -> animation ----------------------------------------------------------
    def animate(self, before: State, effects: list[dict]) -> None:
        player = before.to_move
        verb = "stops" if effects and effects[0]["type"] == "bank" else "rolls"

        def begin() -> None:
            self.anim_player, self.anim_verb = player, verb

        self.banner_t = 0.0  # the last move's news is old now
        begin()  # at once: the screen must not show the next player before the die lands
        self.queue.add(Tween(0.0), on_start=begin)
        for e in effects:
            kind = e["type"]
            if kind == "roll":
                self._animate_roll(player, e["value"], before.rolls)
            elif kind == "aside":
                self._animate_aside(player, e["length"])
            elif kind == "bust":
                self._animate_bust(player, e["returned"])
            elif kind == "bank":
                self._animate_bank(player, e["lengths"])
            elif kind == "end":
                self._animate_end()

        def finish() -> None:
            self.anim_player = None

        self.queue.add(Tween(0.0, on_done=finish))

    def _animate_roll(self, player: str, value: int, n: int) -> None:
        rng = random.Random(n * 7 + 1)
        faces = [rng.choice([f for f in LENGTHS if f != value]) for _ in range(8)]

        def start() -> None:
            self.die_owner = player
            cue(self, "roll")

        def tumble(t: float) -> None:
            if t >= 1:
                self.die_face, self.die_angle = value, 0.0
                return
            self.die_face = faces[min(len(faces) - 1, int(t * len(faces)))]
            self.die_angle = (1 - t) * 380.0
            self.die_dy = -math.sin(t * math.pi) * self.layout.die_size * 0.32

        def land(t: float) -> None:  # two shrinking hops
            self.die_face = value
            self.die_dy = 0.0 if t >= 1 else -abs(math.sin(t * math.pi * 2)) * (1 - t) * \
                self.layout.die_size * 0.16

        self.queue.add(Tween(TUMBLE, tumble, ease=linear), on_start=start)
        self.queue.add(Tween(LAND, land, ease=linear))

    def _slide(self, sprite: BlockSprite, t: float) -> None:
        sprite.t = t
        if t >= 1:
            sprite.src = None

    def _animate_aside(self, player: str, length: int) -> None:
        sprite = BlockSprite(player, length, ("aside",))
        k = PLAYERS.index(player) * 6 + length - 1

        def start() -> None:
            self.shown_supply[k] -= 1
            sprite.src = self.layout.supply_rect(player, length, self.shown_supply[k])
            sprite.t = 0.0
            self.aside_view.append(sprite)
            self.board_group.add(sprite)

        self.queue.add(Tween(SLIDE, lambda t: self._slide(sprite, t), lambda: cue(self, "place"),
                             ease=ease_out_cubic), on_start=start)

    def _animate_bust(self, player: str, returned: list[int]) -> None:
        moving: list[BlockSprite] = []

        def flash_start() -> None:
            self.banner = f"Bust! {self.state_die_text()}: " + \
                f"{', '.join(map(str, returned))} go{'es' if len(returned) == 1 else ''} back"
            self.banner_t = 2.4
            cue(self, "bust")

        def flash(t: float) -> None:
            self.tray_flash = 0.0 if t >= 1 else abs(math.sin(t * math.pi * 2))

        def slide_start() -> None:
            p = PLAYERS.index(player)
            slots = {length: self.shown_supply[6 * p + length - 1] for length in returned}
            for sprite in list(self.aside_view):
                sprite.src = self.sprite_rect(sprite)
                sprite.t = 0.0
                sprite.place = ("supply", player, sprite.length, slots[sprite.length])
                slots[sprite.length] += 1
                moving.append(sprite)
            self.aside_view = []
            self.flying.extend(moving)

        def landed() -> None:
            p = PLAYERS.index(player)
            for sprite in moving:
                sprite.kill()
                self.shown_supply[6 * p + sprite.length - 1] += 1
                if sprite in self.flying:
                    self.flying.remove(sprite)

        def glide(t: float) -> None:
            for sprite in moving:
                sprite.t = t

        self.queue.add(Tween(FLASH, flash, ease=linear), on_start=flash_start)
        self.queue.add(Tween(SLIDE + 0.1, glide, landed), on_start=slide_start)

    def state_die_text(self) -> str:
        return f"A second {self.die_face}" if self.die_face else "A repeat"

    def _animate_bank(self, player: str, lengths: list[int]) -> None:
        moving: list[BlockSprite] = []

        def start() -> None:
            total = f" = {sum(lengths)}" if len(lengths) > 1 else ""
            self.banner = f"{player.capitalize()} banks {' + '.join(map(str, lengths))}{total}"
            self.banner_t = 2.0
            cue(self, "score")
            row = self.rows_view[player]
            for sprite in list(self.aside_view):
                sprite.src = self.sprite_rect(sprite)
                sprite.t = 0.0
                sprite.place = ("row", player, len(row))
                row.append(sprite)
                moving.append(sprite)
            self.aside_view = []

        tweens = []
        for k in range(len(lengths)):
            def glide(t: float, k: int = k) -> None:
                if k < len(moving):
                    self._slide(moving[k], t)
            tweens.append(Tween(SLIDE + 0.1, glide, ease=ease_in_out, delay=0.07 * k))
        self.queue.add(*tweens, on_start=start)

    def _animate_end(self) -> None:
        def start() -> None:
            self.banner_t = 0.0

        def grow(t: float) -> None:
            self.end_card = t

        self.queue.add(Tween(END_CARD, grow, ease=ease_out_cubic), on_start=start)
        self.queue.add(Tween(RESULT_DELAY, ease=linear))

    # -- input -------------------------------------------------------------------------
    def button_at(self, pos: tuple[int, int] | None) -> str | None:
        if pos is None or self.state.over:
            return None
        if self.layout.roll.collidepoint(pos):
            return "roll"
        if self.layout.stop.collidepoint(pos):
            return "stop"
        return None

    def on_action(self, action: Action) -> None:
        if action.name == POINT:
            hit = self.button_at(action.pos)
            if hit:
                self.choice = hit
            return
        if action.name in (LEFT, RIGHT) and not action.is_pointer:
            self.choice = "roll" if action.name == LEFT else "stop"
        elif action.name in (UP, DOWN):
            self.choice = "stop" if self.choice == "roll" else "roll"
        elif action.name == CONFIRM:
            if action.pos is not None:
                hit = self.button_at(action.pos)
                if hit is None:
                    return  # a click on the table, not on a choice
                self.choice = hit
            self.press(self.choice)
        elif action.name == ALTERNATE:
            self.press("stop")

    # -- result ------------------------------------------------------------------------

    def score_line(self) -> str:
        return f"Length: Blue {self.state.length('blue')}, Brown {self.state.length('brown')}"

    def result(self, outcome):
        d = outcome.detail
        table = [["", "Blue", "Brown"],
                 ["Stones in the row", str(d["blue"]["stones"]), str(d["brown"]["stones"])],
                 ["Final row length", str(d["blue"]["length"]), str(d["brown"]["length"])]]
        roller, value = d["ended_by"], d["value"]
        notes = [f"{roller.capitalize()} rolled a {value} with all three {value}s already in the row: "
                 "the game ended at once."]
        if d["uncounted"]:
            notes.append(f"Set aside that turn and not counted: {', '.join(map(str, d['uncounted']))}.")
        notes.append("The longer row wins." if outcome.winner != "draw" else "Equal lengths: a draw.")
        if outcome.winner == "draw":
            return "A draw!", table, notes, theme.ACCENT
        return f"{outcome.winner.capitalize()} wins!", table, notes, INK[outcome.winner]

    # -- drawing -----------------------------------------------------------------------
    def sprite_rect(self, sprite: BlockSprite) -> Rect4:
        lay = self.layout
        place = sprite.place
        if place[0] == "row":
            lengths = [b.length for b in self.rows_view[place[1]]]
            dest = lay.row_rect(place[1], lengths, place[2])
        elif place[0] == "aside":
            dest = lay.aside_rect([b.length for b in self.aside_view], self.aside_view.index(sprite))
        else:
            dest = lay.supply_rect(place[1], place[2], place[3])
        if sprite.src is None:
            return dest
        return _lerp(sprite.src, dest, sprite.t)

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if self.layout.size != size:
            self.layout = Layout.of(size)
        lay, s = self.layout, self.layout.s
        self.blit_static(surface)
        self.blit_panel(surface, self.layout.panel, self.layout.s)
        self.draw_top_bar(surface)
        self.draw_row_labels(surface)
        self.draw_tray_label(surface)
        for p in PLAYERS:
            for sprite in self.rows_view[p]:
                self.draw_block(surface, sprite)
        for sprite in self.aside_view:
            self.draw_block(surface, sprite)
        self.draw_die(surface)
        if self.state.over and not (self.queue.busy and self.end_card == 0):
            self.draw_end_card(surface)
        else:
            self.draw_choices(surface)
        for sprite in self.flying:
            self.draw_block(surface, sprite)
        self.draw_bottom(surface, lay, s)

    def draw_block(self, surface: pygame.Surface, sprite: BlockSprite) -> None:
        x, y, w, h = self.sprite_rect(sprite)
        if sprite.src is None:
            img = block_image(sprite.player, w, h, sprite.length)
        else:  # changing size on its way (tray <-> supply): scale one image, don't carve a new one
            big = max((sprite.src[2], sprite.src[3]), self.dest_size(sprite))
            img = block_image(sprite.player, big[0], big[1], sprite.length)
            size = (max(3, round(w)), max(3, round(h)))
            if img.get_size() != size:
                img = pygame.transform.scale(img, size)
        surface.blit(img, (round(x), round(y)))

    def dest_size(self, sprite: BlockSprite) -> tuple[float, float]:
        src, sprite.src = sprite.src, None
        try:
            _, _, w, h = self.sprite_rect(sprite)
        finally:
            sprite.src = src
        return (w, h)

    def blit_static(self, surface: pygame.Surface) -> None:
        """The table: lanes for both rows and the tray (drawn once per window size)."""
        lay = self.layout
        key = lay.size
        if self._static is None or self._static[0] != key:
            img = pygame.Surface(lay.left.size)  # the panel covers the rest
            img.fill(theme.BG)
            s = lay.s
            for p in PLAYERS:
                lane = pygame.Rect(round(lay.lane_x - 8 * s), round(lay.row_y[p] - 6 * s),
                                   round(lay.lane_w + 16 * s), round(lay.pitch + lay.block_h + 12 * s))
                pygame.draw.rect(img, (30, 28, 30), lane, border_radius=round(8 * s))
                for line in range(2):  # faint unit ticks: where the row will grow
                    y = lay.row_y[p] + line * lay.pitch + lay.block_h + 2 * s
                    for u in range(0, CAP + 1, 2):
                        x = lay.lane_x + u * lay.unit
                        pygame.draw.line(img, (52, 50, 54), (x, y), (x, y + 2 * s))
            pygame.draw.rect(img, (36, 34, 40), lay.tray, border_radius=round(10 * s))
            pygame.draw.rect(img, (70, 66, 74), lay.tray, max(1, round(2 * s)), border_radius=round(10 * s))
            self._static = (key, img.convert() if pygame.display.get_surface() else img)
        surface.blit(self._static[1], (0, 0))

    def draw_top_bar(self, surface: pygame.Surface) -> None:
        lay, s = self.layout, self.layout.s
        st = self.state
        if self.queue.busy and self.anim_player:
            text, color = f"{self.player_name(self.anim_player)} {self.anim_verb}", INK[self.anim_player]
        elif st.over:
            text, color = "Game over", theme.ACCENT
        elif st.aside:
            text, color = f"{self.player_name(st.to_move)}: roll again or stop?", INK[st.to_move]
        else:
            text, color = f"{self.player_name(st.to_move)} to roll", INK[st.to_move]
        theme.draw_text(surface, text, (lay.lane_x, 10 * s), int(36 * s), color, bold=True)
        if self.banner_t > 0:
            theme.draw_text(surface, self.banner, (lay.lane_x + lay.lane_w, 14 * s), int(28 * s),
                            theme.ACCENT, "topright")

    def shown_mover(self) -> str | None:
        """Whose turn the screen shows: while a move plays, its player (the die has not
        landed yet, so the next player must not show)."""
        if self.queue.busy and self.anim_player:
            return self.anim_player
        return self.state.to_move

    def draw_row_labels(self, surface: pygame.Surface) -> None:
        lay, s = self.layout, self.layout.s
        active = self.shown_mover()
        for k, p in enumerate(PLAYERS):
            row = self.drawn_rows()[k]
            y = lay.row_label_y[p]
            marker = "> " if p == active else ""
            r = theme.draw_text(surface, f"{marker}{p.capitalize()}'s row   {sum(row)}", (lay.lane_x, y),
                                int(26 * s), INK[p], bold=True)
            full = [v for v in LENGTHS if row.count(v) >= COPIES]
            if full:
                theme.draw_text(surface, f"all three in the row: {', '.join(map(str, full))} "
                                         "(rolling one ends the game)", (r.right + 18 * s, y + 3 * s),
                                int(21 * s), theme.ACCENT)
            if p == active:
                lane = pygame.Rect(round(lay.lane_x - 8 * s), round(lay.row_y[p] - 6 * s),
                                   round(lay.lane_w + 16 * s), round(lay.pitch + lay.block_h + 12 * s))
                pygame.draw.rect(surface, INK[p], lane, max(1, round(2 * s)), border_radius=round(8 * s))

    def draw_tray_label(self, surface: pygame.Surface) -> None:
        lay, s = self.layout, self.layout.s
        owner = self.anim_player or self.state.turn
        aside = self.drawn_aside()
        text = f"Set aside this turn ({owner.capitalize()})"
        if aside:
            text += f":  {' + '.join(map(str, aside))} = {sum(aside)}"
            if self.state.over and not self.queue.busy:
                text += "   not counted: the game ended"
        theme.draw_text(surface, text, (lay.tray.x + 4 * s, lay.tray.y - 24 * s), int(22 * s), theme.INK_DIM)
        if self.tray_flash > 0:
            pygame.draw.rect(surface, theme.BAD, lay.tray.inflate(6 * s, 6 * s),
                             max(2, round(5 * s * self.tray_flash)), border_radius=round(12 * s))

    def draw_die(self, surface: pygame.Surface) -> None:
        lay = self.layout
        img = die_image(self.die_face, lay.die_size, EDGE[self.die_owner])
        if self.die_angle:
            img = pygame.transform.rotate(img, self.die_angle)
        cx, cy = lay.die_center
        surface.blit(img, img.get_rect(center=(round(cx), round(cy + self.die_dy))))
        if self.state.over and self.end_card > 0:
            r = pygame.Rect(0, 0, round(lay.die_size * 1.16), round(lay.die_size * 1.16))
            r.center = (round(cx), round(cy))
            pygame.draw.rect(surface, theme.ACCENT, r, max(2, round(4 * lay.s)),
                             border_radius=round(16 * lay.s))

    def draw_choices(self, surface: pygame.Surface) -> None:
        """The two big buttons, the highlighted one ringed, with the odds of the next roll."""
        lay, s = self.layout, self.layout.s
        st = self.state
        waiting = self.queue.busy  # the move still plays: show no choice and no odds of the next one
        odds = chance(st)
        labels = {"roll": "Roll again" if st.aside and not waiting else "Roll", "stop": "Stop"}
        for name, rect in (("roll", lay.roll), ("stop", lay.stop)):
            on = self.enabled(name) and not waiting
            chosen = self.choice == name and not waiting
            fill = (56, 62, 84) if on and chosen else theme.BG_PANEL_HI if on else theme.BG_PANEL
            pygame.draw.rect(surface, fill, rect, border_radius=round(12 * s))
            if chosen:  # the cursor: yellow on a legal choice, red on one refused now
                edge = theme.ACCENT if on else theme.BAD
            else:
                edge = theme.INK_DIM if on else theme.INK_FAINT
            pygame.draw.rect(surface, edge, rect, max(2, round((4 if chosen else 2) * s)),
                             border_radius=round(12 * s))
            theme.draw_text(surface, labels[name], (rect.centerx, rect.centery - 9 * s), int(44 * s),
                            theme.INK if on else theme.INK_FAINT, "center", bold=True)
            key = KEY_GLYPHS[CONFIRM] if name == "roll" else KEY_GLYPHS[ALTERNATE]
            theme.draw_text(surface, f"[{key}]", (rect.centerx, rect.bottom - 16 * s), int(20 * s),
                            theme.INK_DIM if on else theme.INK_FAINT, "center")
        if waiting:
            return
        # the risk of rolling, from the engine's chance()
        y = lay.roll.bottom + 12 * s
        x = lay.roll.x
        theme.draw_text(surface, "next roll:", (x, y + 3 * s), int(20 * s), theme.INK_DIM)
        face_chips(surface, x + 76 * s, y, 22 * s, odds)
        y += 34 * s  # the words span both columns: they are longer than a button
        for text, color in self.risk_lines():
            theme.draw_text(surface, text, (x, y), int(24 * s), color)
            y += 24 * s
        # what stopping would do: one line under Stop
        x, y = lay.stop.x, lay.stop.bottom + 14 * s
        if self.enabled("stop"):
            now, gain = st.length(st.to_move), sum(st.aside)
            theme.draw_text(surface, f"Bank +{gain}: row {now} -> {now + gain}", (x, y), int(24 * s),
                            theme.GOOD)
        else:
            theme.draw_text(surface, "Needs a stone set aside first", (x, y + 2 * s), int(21 * s),
                            theme.INK_FAINT)

    def risk_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """The risk of the next roll in words, from the engine's ``chance``."""
        odds = chance(self.state)
        bust_values = ", ".join(map(str, odds["bust_values"]))
        bust_why = f"  ({bust_values} already aside)" if bust_values else ""
        end_values = ", ".join(map(str, odds["end_values"]))
        end_why = f"  (all three {end_values}s in the row)" if end_values else ""
        bust_ink = theme.BAD if odds["bust"] else theme.INK_DIM
        end_ink = theme.ACCENT if odds["end"] else theme.INK_DIM
        return [(f"Bust {pct(odds['bust'])}{bust_why}", bust_ink),
                (f"Ends the game {pct(odds['end'])}{end_why}", end_ink)]

    def draw_end_card(self, surface: pygame.Surface) -> None:
        lay, s = self.layout, self.layout.s
        t = self.end_card
        rect = lay.card.copy()
        grow = 0.85 + 0.15 * t
        rect.size = (round(lay.card.width * grow), round(lay.card.height * grow))
        rect.center = lay.card.center
        pygame.draw.rect(surface, (40, 36, 28), rect, border_radius=round(14 * s))
        pygame.draw.rect(surface, theme.ACCENT, rect, max(2, round(4 * s)), border_radius=round(14 * s))
        outcome = IMPROBABLE.outcome(self.state)
        if outcome is None:
            return
        d = outcome.detail
        roller, value = d["ended_by"], d["value"]
        y = rect.y + 16 * s
        theme.draw_text(surface, "Game over", (rect.centerx, y), int(46 * s), theme.ACCENT, "midtop", True)
        y += 46 * s
        theme.draw_text(surface, f"{roller.capitalize()} rolled a {value}: all three {value}s already lie",
                        (rect.centerx, y), int(25 * s), theme.INK, "midtop")
        y += 25 * s
        theme.draw_text(surface, f"in {roller.capitalize()}'s row, so the game ends at once.",
                        (rect.centerx, y), int(25 * s), theme.INK, "midtop")
        y += 36 * s
        if outcome.winner == "draw":
            line, color = f"A draw: both rows are {d['blue']['length']} long", theme.ACCENT
        else:
            win = outcome.winner
            lose = "brown" if win == "blue" else "blue"
            line, color = f"{win.capitalize()} wins, {d[win]['length']} to {d[lose]['length']}", INK[win]
        theme.draw_text(surface, line, (rect.centerx, y), int(36 * s), color, "midtop", True)
        y += 46 * s
        if d["uncounted"]:
            tray = ", ".join(map(str, d["uncounted"]))
            theme.draw_text(surface, f"{roller.capitalize()}'s tray ({tray}) is not counted.",
                            (rect.centerx, y), int(24 * s), theme.INK_DIM, "midtop")
        if not self.queue.busy:
            theme.draw_text(surface, "Enter or click: the result", (rect.centerx, rect.bottom - 26 * s),
                            int(20 * s), theme.INK_DIM, "midtop")

    def draw_bottom(self, surface: pygame.Surface, lay: Layout, s: float) -> None:
        if self.app.last_device == "mouse":
            hint = "Click Roll or Stop   Right-click: stop   Hover: choose"
        else:
            g = KEY_GLYPHS
            hint = (f"Left/Right: choose   {g[CONFIRM]}: press it   {g[ALTERNATE]}: stop   "
                    f"{g[UNDO]}/{g[REDO]}: undo/redo   {g[MENU]}: menu")
        self.draw_message_or_hint(surface, lay.left.centerx, lay.size[1] - 34 * s, s, hint)

    # -- the side panel ----------------------------------------------------------------------------------
    def panel_key(self) -> tuple:
        return (id(self.state), self.queue.busy, self.shown_mover(), len(self.history),
                tuple(self.shown_supply), tuple(map(sum, self.drawn_rows())))

    def draw_panel(self, img: pygame.Surface, panel: pygame.Rect | None = None, s: float = 1.0) -> None:
        lay, s = self.layout, self.layout.s
        px = lay.panel.x
        x0, inner_w, _ = self.draw_panel_header(
            img, img.get_rect(), s, "THE IMPROBABLE",
            f"{self.level_title}   {self.start_player.capitalize()} started (random)", 38)
        mover = self.shown_mover()
        rows = self.drawn_rows()
        for k, p in enumerate(PLAYERS):
            y = lay.supply_header_y[p]
            held = sum(self.shown_supply[6 * k:6 * k + 6])
            marker = "> " if p == mover else ""
            theme.draw_text(img, f"{marker}{p.capitalize()}: supply {held} blocks", (x0, y), int(24 * s),
                            INK[p], bold=p == mover)
            theme.draw_text(img, f"row {sum(rows[k])}", (x0 + inner_w, y), int(24 * s), INK[p],
                            "topright")
            for length in LENGTHS:
                count = self.shown_supply[6 * k + length - 1]
                if not count:  # an empty stack keeps its outline and its length
                    x, yy, w, h = lay.supply_rect(p, length, 0)
                    pygame.draw.rect(img, theme.INK_FAINT, (round(x - px), round(yy), round(w), round(h)), 1,
                                     border_radius=2)
                    theme.draw_text(img, str(length), (x - px + w / 2, yy + h / 2), int(h * 0.8),
                                    theme.INK_FAINT, "center")
                for slot in range(count):
                    x, yy, w, h = lay.supply_rect(p, length, slot)
                    img.blit(block_image(p, w, h), (round(x - px), round(yy)))
                # under each stack: its length (dim) and how many are left (bright)
                cx = lay.supply_col[length] - px + length * lay.supply_unit / 2
                size, top = int(19 * s), lay.supply_bottom[p] + 2 * s
                lw = theme.font(size).size(f"{length} ")[0]
                cw = theme.font(size, True).size(f"\u00d7{count}")[0]
                theme.draw_text(img, f"{length} ", (cx - (lw + cw) / 2, top), size, theme.INK_DIM)
                theme.draw_text(img, f"\u00d7{count}", (cx - (lw + cw) / 2 + lw, top), size,
                                theme.INK if count else theme.INK_FAINT, bold=True)
        y = lay.supply_header_y[PLAYERS[-1]] + SUPPLY_PITCH * s
        self.draw_turn_list(img, x0, y, inner_w, lay.panel.height - 56 * s, s)
        self.draw_buttons(img, x0, lay.panel.height - 46 * s, inner_w, s)

    def turn_lines(self) -> list[tuple[str, str]]:
        """The moves so far grouped by turn: (player, "R3 R6 S+9")."""
        lines: list[tuple[str, list[str]]] = []
        for n, (before, _, text) in enumerate(self.history, 1):
            if n == len(self.history) and self.queue.busy:
                text = "..."  # not before the die has landed
            if lines and lines[-1][0] == before.to_move:
                lines[-1][1].append(text)
            else:
                lines.append((before.to_move, [text]))
        return [(p, " ".join(texts)) for p, texts in lines]

    def draw_turn_list(self, img: pygame.Surface, x0: float, y: float, width: float, bottom: float,
                       s: float) -> None:
        theme.draw_text(img, "Turns", (x0, y), int(22 * s), theme.INK_DIM)
        y += 24 * s
        line = 21 * s
        rows = max(1, int((bottom - y) // line))
        turns = list(enumerate(self.turn_lines(), 1))
        for n, (p, text) in turns[-rows:]:
            theme.draw_text(img, f"{n:>3}.", (x0, y), int(21 * s), theme.INK_DIM)
            theme.draw_text(img, f"{p.capitalize():<6}", (x0 + 38 * s, y), int(21 * s), INK[p])
            theme.draw_text(img, text, (x0 + 100 * s, y), int(21 * s), INK[p])
            y += line
