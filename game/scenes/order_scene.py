"""The Great Order scene: the 18 x 5 field between the two boundaries of sixes, each
player's collection as a row of blocks (only its two ends takeable), an arrangement
phase with a hot-seat hand-over card, and chains of connections that light up and
count their triangular score.

The scene never decides a rule: legal columns, forced connections (read off the
engine's legal moves and their effects), arrangement validity
(``why_bad_arrangement``) and scores come from ``game.rules.order``; the scene turns
actions into moves and effects into motion.
"""
from __future__ import annotations

import math
import random

import pygame

from ..anim import Tween, ease_out_cubic, linear
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
from ..rules.order import (
    COLUMNS,
    ORDER,
    PLAYERS,
    WIDTH,
    Arrange,
    Move,
    State,
    random_arrangement,
    why_bad_arrangement,
)
from ..rules.turns import triangular
from ..ui import theme
from ..ui.widgets import Button
from .play import PlayScene

BROWN = (176, 116, 64)
BROWN_DARK = (92, 58, 32)
BROWN_LIGHT = (238, 192, 142)
COLORS = {"blue": theme.BLUE, "brown": BROWN}
DARK = {"blue": theme.BLUE_DARK, "brown": BROWN_DARK}
LIGHT = {"blue": theme.BLUE_LIGHT, "brown": BROWN_LIGHT}
FIELD_BG = (34, 37, 50)
FIELD_LINE = (48, 52, 68)
EMPTY_OK = (84, 150, 104)  # a legal empty column: quieter than a connection

#: the collection every arrangement starts from (valid; the player rearranges it)
START_ROW = (1, 2, 3, 4, 5) * 3

FLY, CONNECT, SCORE, PASS, RESULT_DELAY = 0.32, 0.45, 0.7, 0.8, 0.7


def other(player: str) -> str:
    return PLAYERS[1 - PLAYERS.index(player)]


def chain_text(c: int) -> str:
    """``chain 3: 1+2+3 = 6``."""
    if c <= 0:
        return ""
    return f"chain {c}: {'+'.join(str(i) for i in range(1, c + 1))} = {triangular(c)}"


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

_blocks: dict[tuple, pygame.Surface] = {}
_glows: dict[tuple, pygame.Surface] = {}


def block_image(player: str, length: int, w: int, h: int, style: str = "normal", unit: float = 0.0
                ) -> pygame.Surface:
    """A stone of ``length`` as a ``w`` x ``h`` block: ``normal`` (takeable or placed), ``dim``
    (inside a collection), ``hidden`` (face down: no length shown), ``ghost`` (a preview)."""
    key = (player, length, w, h, style, round(unit, 1))
    img = _blocks.get(key)
    if img is not None:
        return img
    if len(_blocks) > 600:
        _blocks.clear()
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
    _blocks[key] = img
    return img


def glow_image(w: int, h: int, strength: float = 1.0) -> pygame.Surface:
    """A completed column: a band of light from one boundary to the other."""
    key = (w, h, round(strength, 2))
    img = _glows.get(key)
    if img is None:
        if len(_glows) > 200:
            _glows.clear()
        img = pygame.Surface((w, h), pygame.SRCALPHA)
        a = int(70 + 120 * max(0.0, strength - 1.0))
        img.fill((*theme.ACCENT, min(255, a // 2 + 18)))
        pygame.draw.rect(img, (*theme.ACCENT, min(255, a + 60)), img.get_rect(), max(2, w // 14))
        if pygame.display.get_surface():
            img = img.convert_alpha()
        _glows[key] = img
    return img


def draw_stone(surface: pygame.Surface, geom: FieldGeom, player: str, col: int, length: int,
               style: str = "normal") -> None:
    rect = geom.stone_rect(player, col, length)
    surface.blit(block_image(player, length, rect.w, rect.h, style, geom.u), rect)


def draw_static_field(surface: pygame.Surface, geom: FieldGeom) -> None:
    """The empty field, its cells, and the two boundaries of three 6-stones each."""
    s = geom.s
    pygame.draw.rect(surface, FIELD_BG, geom.field)
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
            x0, _ = geom.col_x(6 * b)
            x1, w1 = geom.col_x(6 * b + 5)
            stone = pygame.Rect(x0 + 2, band.y + 2, x1 + w1 - x0 - 4, band.h - 4)
            radius = max(2, int(stone.h * 0.3))
            pygame.draw.rect(surface, DARK[player], stone, border_radius=radius)
            pygame.draw.rect(surface, COLORS[player], stone, max(2, int(3 * s)), border_radius=radius)
        for col in range(COLUMNS):
            x, w = geom.col_x(col)
            theme.draw_text(surface, str(col), (x + w / 2, band.centery), num, LIGHT[player], "center")


# --- the scene ------------------------------------------------------------------------------


class StoneSprite(pygame.sprite.Sprite):
    """A stone in the field: whose, its length and column; while it flies from the
    collection, ``src`` is its slot ``(index, collection size)`` and ``t`` its progress."""

    def __init__(self, player: str, length: int, column: int) -> None:
        super().__init__()
        self.player = player
        self.length = length
        self.column = column
        self.src: tuple[int, int] | None = None
        self.t = 1.0


def _lerp_rect(a: pygame.Rect, b: pygame.Rect, t: float) -> pygame.Rect:
    return pygame.Rect(round(a.x + (b.x - a.x) * t), round(a.y + (b.y - a.y) * t),
                       max(1, round(a.w + (b.w - a.w) * t)), max(1, round(a.h + (b.h - a.h) * t)))


class OrderScene(PlayScene):
    game_id = "order"

    def __init__(self, app, level: str | None = None, seed: int | None = None, autoplay: int = 0,
                 options: dict | None = None, **kw) -> None:
        self.stones: dict[tuple[str, int], StoneSprite] = {}
        self.geom: FieldGeom | None = None
        self._geom_key: tuple | None = None
        self._board_cache: pygame.Surface | None = None
        self._layer_cache: tuple[tuple, pygame.Surface] | None = None
        # play: the end stone chosen ("end" stage) and the column cursor ("column" stage)
        self.stage = "end"
        self.end = "left"
        self.col = 0
        self.choices: dict[str, list[tuple[int, bool]]] = {"left": [], "right": []}
        # arrangement: the working row, the cursor, the block held, the keyboard focus
        self.work: list[int] = list(START_ROW)
        self.acur = 0
        self.held: int | None = None
        self.afocus = "row"  # "row" | "random" | "done"
        self.card: str | None = None  # the hot-seat hand-over card: who arranges next
        self.pointer: tuple[int, int] | None = None  # the mouse, for the stone it carries
        self.arrange_rng = random.Random(0)
        self.flash: dict[int, float] = {}
        self.chain_pop = 0.0
        self.shown_collections: list[list[int]] = [[], []]
        self.shown_score = [0, 0]
        self.shown_chain = 0
        self.arrange_buttons = {"random": Button("Random", self.random_work),
                                "done": Button("Done", self.finish_arrangement)}
        super().__init__(app, level, seed, autoplay, options, **kw)

    # -- game lifecycle --------------------------------------------------------------
    def new_game(self, seed: int | None = None) -> None:
        self.arrange_rng = random.Random(seed)
        self.banner_t = 0.0
        super().new_game(seed)
        self.arrange_rng = random.Random(self.seed)
        if self.state.phase == "play" and not self.autoplay:
            self.say_banner(f"{self.state.first.capitalize()} starts (drawn at random)")

    def after_autoplay(self) -> None:
        """For a screenshot: show the end stone with the most telling choice (a forced connection)."""
        self.banner_t = 0.0
        if self.state.over or self.state.phase != "play":
            return
        ends = [e for e in ("left", "right") if self.choices[e]]
        ends.sort(key=lambda e: (not self.forced(e), not any(c for _, c in self.choices[e])))
        if ends:
            self.end = ends[0]
            self.stage = "column"
            self.col = self.choices[self.end][0][0]

    def say_banner(self, text: str, seconds: float = 2.6) -> None:
        self.banner, self.banner_t = text, seconds

    def reset_view(self) -> None:
        """Make the drawn field, collections and counters match the engine state."""
        self.board_group.empty()
        self.stones = {}
        for k, player in enumerate(PLAYERS):
            for col, length in enumerate(self.state.columns[k]):
                if length:
                    sprite = StoneSprite(player, length, col)
                    self.stones[(player, col)] = sprite
                    self.board_group.add(sprite)
        self.shown_collections = [list(c) for c in self.state.collections]
        self.shown_score = list(self.state.score)
        self.shown_chain = self.state.chain
        self.flash = {}
        self.chain_pop = 0.0

    # what is drawn at rest, for tests to compare with the engine ---------------------------
    def drawn_field(self) -> dict[tuple[str, int], int]:
        return {(s.player, s.column): s.length for s in self.board_group if s.src is None and s.t >= 1.0}

    def engine_field(self) -> dict[tuple[str, int], int]:
        return {(p, col): length for k, p in enumerate(PLAYERS)
                for col, length in enumerate(self.state.columns[k]) if length}

    def drawn_collections(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return tuple(self.shown_collections[0]), tuple(self.shown_collections[1])

    def visible_collection(self, player: str) -> tuple[int, ...] | None:
        """The lengths a player can see in ``player``'s row, or None when it is hidden
        (the hand-over card, or the other player's collection while one arranges)."""
        if self.state.phase == "arrange":
            if self.card is not None:
                return None
            if player == self.state.to_move:
                return tuple(self.work)
            return None
        return tuple(self.shown_collections[PLAYERS.index(player)])

    # -- turns ---------------------------------------------------------------------------
    def turn_started(self) -> None:
        self.held = None
        self.message_t = 0.0  # a refusal explained the old position, not this one
        if self.state.over:
            self.card = None
            return
        if self.state.phase == "arrange":
            # the hand-over card hides a collection from the other person at the screen:
            # no one needs hiding from the computer, and the computer needs no card
            self.card = self.state.to_move if self.hot_seat else None
            self.work = list(START_ROW)
            self.acur, self.afocus = 0, "row"
            return
        self.card = None
        self.choices = self.compute_choices()
        self.stage = "end"
        ends = self.placeable_ends()
        self.end = ends[0] if ends else "left"
        self.col = self.nearest_legal(self.col)

    def compute_choices(self) -> dict[str, list[tuple[int, bool]]]:
        """The legal columns of each end stone and whether laying it there connects,
        straight from the engine's legal moves and their effects."""
        out: dict[str, list[tuple[int, bool]]] = {"left": [], "right": []}
        for move in ORDER.legal_moves(self.state):
            _, effects = ORDER.play(self.state, move)
            out[move.end].append((move.column, any(e["type"] == "connect" for e in effects)))
        return out

    def mover_collection(self) -> tuple[int, ...]:
        return self.state.collections[PLAYERS.index(self.state.to_move)]

    def placeable_ends(self) -> list[str]:
        return [e for e in ("left", "right") if self.choices[e]]

    def end_length(self, end: str) -> int:
        coll = self.mover_collection()
        return coll[0] if end == "left" else coll[-1]

    def legal_columns(self, end: str | None = None) -> dict[int, bool]:
        return dict(self.choices[end or self.end])

    def forced(self, end: str | None = None) -> bool:
        """The stone must connect: its legal columns all connect while some empty
        column is refused to it (the engine's legal moves say so)."""
        cols = self.legal_columns(end)
        if not cols or not all(cols.values()):
            return False
        blue, brown = self.state.columns
        return any(not blue[c] and not brown[c] and c not in cols for c in range(COLUMNS))

    def nearest_legal(self, col: int) -> int:
        cols = self.legal_columns()
        if not cols:
            return col
        return min(cols, key=lambda c: (abs(c - col), c))

    def notation(self, before: State, move, effects: list[dict]) -> str:
        if isinstance(move, Arrange):
            return "arranged"  # never the lengths: the other player may be watching
        text = ORDER.move_text(move, before)
        if any(e["type"] == "connect" for e in effects):
            text += "*"
        for e in effects:
            if e["type"] == "score" and e["player"] == before.to_move:
                text += f" +{e['points']}"
        return text

    # -- effects -> animation ------------------------------------------------------------
    def animate(self, before: State, effects: list[dict]) -> None:
        if not effects:  # an arrangement: nothing moves
            self.reset_view()
            if before.phase == "arrange" and self.state.phase == "play":
                self.say_banner(f"Play begins: {self.state.first.capitalize()} starts (drawn at random)", 3.2)
            return
        mover = before.to_move
        for e in effects:
            kind = e["type"]
            if kind == "place":
                self._animate_place(e)
            elif kind == "connect":
                again = self.state.to_move == mover and not any(x["type"] == "score" for x in effects)
                self._animate_connect(e, mover, again)
            elif kind == "score":
                self._animate_score(e)
            elif kind == "pass":
                self._animate_pass(e)
            elif kind == "end":
                self.queue.add(Tween(RESULT_DELAY, ease=linear))

    def _animate_place(self, e: dict) -> None:
        player, column, length = e["player"], e["column"], e["length"]
        k = PLAYERS.index(player)
        sprite = StoneSprite(player, length, column)

        def start() -> None:
            coll = self.shown_collections[k]
            n = len(coll)
            i = 0 if e["end"] == "left" else n - 1
            coll.pop(i)
            sprite.src, sprite.t = (i, n), 0.0
            self.stones[(player, column)] = sprite
            self.board_group.add(sprite)

        def fly(t: float) -> None:
            sprite.t = t

        def landed() -> None:
            sprite.src, sprite.t = None, 1.0
            cue(self, "place")

        self.queue.add(Tween(FLY, fly, landed, ease=ease_out_cubic), on_start=start)

    def _animate_connect(self, e: dict, mover: str, again: bool) -> None:
        col, chain = e["column"], e["chain"]

        def start() -> None:
            self.shown_chain = chain
            self.chain_pop = 1.0
            cue(self, "connect")
            if again:
                self.say_banner(f"Connection! {mover.capitalize()} places again")

        def light(t: float) -> None:
            self.flash[col] = math.sin(t * math.pi)
            self.chain_pop = 1.0 - t

        def done() -> None:
            self.flash.pop(col, None)
            self.chain_pop = 0.0

        self.queue.add(Tween(CONNECT, light, done, ease=linear), on_start=start)

    def _animate_score(self, e: dict) -> None:
        k = PLAYERS.index(e["player"])
        old = [0]

        def start() -> None:
            old[0] = self.shown_score[k]
            self.shown_chain = e["connections"]
            cue(self, "score")
            self.say_banner(f"{e['player'].capitalize()} scores {chain_text(e['connections'])}", 3.0)

        def count(t: float) -> None:
            self.shown_score[k] = old[0] + round(e["points"] * t)

        def done() -> None:
            self.shown_chain = 0

        self.queue.add(Tween(SCORE, count, done, ease=linear), on_start=start)

    def _animate_pass(self, e: dict) -> None:
        def start() -> None:
            self.say_banner(f"{e['player'].capitalize()} cannot place a stone and passes")

        self.queue.add(Tween(PASS, ease=linear), on_start=start)

    # -- input ---------------------------------------------------------------------------
    def on_action(self, action: Action) -> None:
        if action.name == POINT:
            self.point_at(action)
            return
        if self.state.over:
            return
        if self.state.phase == "arrange":
            self.arrange_action(action)
        else:
            self.play_action(action)

    def toward_field(self, player: str) -> str:
        return DOWN if player == "blue" else UP

    def point_at(self, action: Action) -> None:
        pos = action.pos
        if pos is None or self.geom is None or self.queue.busy or self.state.over:
            return
        if self.state.phase == "arrange":
            self.pointer = pos
            for button in self.arrange_buttons.values():
                button.handle(action)
            if self.card is None:
                i = self.geom.slot_at(self.state.to_move, pos, len(self.work))
                if i is not None:
                    self.acur, self.afocus = i, "row"
            return
        coll = self.mover_collection()
        i = self.geom.slot_at(self.state.to_move, pos, len(coll))
        if i is not None and self.stage == "end" and i in (0, len(coll) - 1):
            self.end = "left" if i == 0 or len(coll) == 1 else "right"
            return
        col = self.geom.column_at(pos)
        if col is not None:
            self.col = col

    # arrangement --------------------------------------------------------------------------
    def arrange_action(self, action: Action) -> None:
        name = action.name
        if self.card is not None:
            if name == CONFIRM:
                self.card = None
            else:
                self.say(f"{self.card.capitalize()}: press {KEY_GLYPHS[CONFIRM]} or click when ready.")
            return
        if action.pos is not None:
            if name == ALTERNATE:
                self.random_work()
            elif name == CONFIRM:
                for button in self.arrange_buttons.values():
                    if button.handle(action):
                        return
                i = self.geom.slot_at(self.state.to_move, action.pos, len(self.work)) if self.geom else None
                if i is not None:
                    self.acur, self.afocus = i, "row"
                    self.click_block(i)
            return
        if name == ALTERNATE:
            self.random_work()
        elif name in (LEFT, RIGHT):
            d = -1 if name == LEFT else 1
            if self.afocus != "row":
                self.afocus = "random" if self.afocus == "done" else "done"
            elif self.held is not None:
                j = self.held + d
                if 0 <= j < len(self.work):
                    self.work[self.held], self.work[j] = self.work[j], self.work[self.held]
                    self.held = self.acur = j
                else:
                    self.say("The row ends here: put the stone down with "
                             f"{KEY_GLYPHS[CONFIRM]}.")
            else:
                self.acur = max(0, min(len(self.work) - 1, self.acur + d))
        elif name in (UP, DOWN):
            toward = self.toward_field(self.state.to_move)
            if self.afocus == "row" and name == toward:
                if self.held is not None:
                    self.say(f"Put the stone you hold down first ({KEY_GLYPHS[CONFIRM]}).")
                else:
                    self.afocus = "done"
            elif self.afocus != "row" and name != toward:
                self.afocus = "row"
        elif name == CONFIRM:
            if self.afocus == "row":
                if self.held is None:
                    self.held = self.acur
                else:
                    self.put_down()
            else:
                self.arrange_buttons[self.afocus].on_click()

    def put_down(self) -> bool:
        """Lay the held stone where it is now, unless that makes equal neighbours."""
        why = why_bad_arrangement(self.work)
        if why:
            self.say(f"{why} Move it on.")
            return False
        self.held = None
        return True

    def click_block(self, i: int) -> None:
        """Mouse: click a block to pick it up, another to swap the two, the same again to lay it down."""
        if self.held is None:
            self.held = i
            return
        if self.held == i:
            self.put_down()
            return
        trial = list(self.work)
        trial[self.held], trial[i] = trial[i], trial[self.held]
        why = why_bad_arrangement(trial)
        if why:
            self.say(f"Not that swap: {why[0].lower()}{why[1:]}")
            return
        self.work = trial
        self.held = None

    def random_work(self) -> None:
        if self.state.phase != "arrange" or self.card is not None:
            return
        self.work = list(random_arrangement(self.arrange_rng))
        self.held = None

    def finish_arrangement(self) -> None:
        if self.state.phase != "arrange" or self.card is not None:
            return
        if self.held is not None:
            self.say(f"Put the stone you hold down first ({KEY_GLYPHS[CONFIRM]}).")
            return
        self.try_play(Arrange(tuple(self.work)))

    # play ------------------------------------------------------------------------------------
    def play_action(self, action: Action) -> None:
        name = action.name
        if action.pos is not None:
            if name == CONFIRM:
                self.click_play(action.pos)
            elif name == ALTERNATE:
                self.switch_end()
            return
        if name == ALTERNATE:
            self.switch_end()
        elif self.stage == "end":
            if name in (LEFT, RIGHT):
                self.end = "left" if name == LEFT or len(self.mover_collection()) == 1 else "right"
            elif name in (CONFIRM, self.toward_field(self.state.to_move)):
                self.pick_end(self.end)
        else:
            if name in (LEFT, RIGHT):
                self.col = max(0, min(COLUMNS - 1, self.col + (-1 if name == LEFT else 1)))
            elif name == CONFIRM:
                self.try_play(Move(self.end, self.col))
            elif name in (UP, DOWN):
                self.stage = "end"

    def pick_end(self, end: str) -> bool:
        if len(self.mover_collection()) == 1:
            end = "left"
        if not self.choices[end]:
            self.say(ORDER.why_illegal(self.state, Move(end, 0)) or f"The {end} stone cannot be placed.")
            return False
        self.end = end
        self.stage = "column"
        self.col = self.nearest_legal(self.col)
        return True

    def switch_end(self) -> None:
        if len(self.mover_collection()) == 1:
            self.say("Only one stone is left: it is both ends.")
            return
        new = "right" if self.end == "left" else "left"
        if self.stage == "column":
            self.pick_end(new)
        else:
            self.end = new

    def click_play(self, pos: tuple[int, int]) -> None:
        if self.geom is None:
            return
        player = self.state.to_move
        coll = self.mover_collection()
        i = self.geom.slot_at(player, pos, len(coll))
        if i is not None:
            if i == 0:
                self.pick_end("left")
            elif i == len(coll) - 1:
                self.pick_end("right")
            else:
                self.say("Only the two end stones of a collection can be taken.")
            return
        opp = other(player)
        if self.geom.slot_at(opp, pos, len(self.state.collections[PLAYERS.index(opp)])) is not None:
            self.say(f"That is {opp.capitalize()}'s collection: take one of your own end stones.")
            return
        col = self.geom.column_at(pos)
        if col is None:
            return
        self.col = col
        if not self.choices[self.end] and not self.pick_end(self.end):
            return
        self.try_play(Move(self.end, col))

    # -- the result ------------------------------------------------------------------------
    def longest_chains(self) -> list[int]:
        best = [0, 0]
        for before, move, _ in self.history:
            if isinstance(move, Arrange):
                continue
            for e in ORDER.play(before, move)[1]:
                if e["type"] == "score":
                    k = PLAYERS.index(e["player"])
                    best[k] = max(best[k], e["connections"])
        return best


    def score_line(self) -> str:
        if self.state.phase == "arrange":
            return "Arranging the collections"
        return f"Score: Blue {self.state.score[0]}, Brown {self.state.score[1]}"

    def result(self, outcome):
        d = outcome.detail
        chains = self.longest_chains()
        table = [["", "Blue", "Brown"],
                 ["Stones left", str(d["blue"]["left"]), str(d["brown"]["left"])],
                 ["Longest chain", str(chains[0]), str(chains[1])],
                 ["Final score", str(d["blue"]["score"]), str(d["brown"]["score"])]]
        notes = ["Both players passed in a row: a dead end; stones left score nothing." if d["dead_end"]
                 else "Every stone is placed: the field is full."]
        if outcome.winner == "draw":
            notes.append("Equal scores: a draw.")
            return "A draw!", table, notes, theme.ACCENT
        notes.append("The higher score wins.")
        return f"{outcome.winner.capitalize()} wins!", table, notes, LIGHT[outcome.winner]

    # -- drawing ----------------------------------------------------------------------------
    def layout(self, surface: pygame.Surface) -> tuple[pygame.Rect, pygame.Rect, float]:
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        panel_w = int(max(330 * s, w * 0.31))
        area = pygame.Rect(0, int(44 * s), w - panel_w, h - int(84 * s))
        key = ((w, h), area.size, s)
        if self._geom_key != key:
            self._geom_key = key
            self.geom = FieldGeom(area, s)
            board = pygame.Surface((area.width, h))
            board.fill(theme.BG)
            draw_static_field(board, self.geom)
            self._board_cache = board.convert() if pygame.display.get_surface() else board
        return area, pygame.Rect(w - panel_w, 0, panel_w, h), s

    def draw(self, surface: pygame.Surface) -> None:
        area, panel, s = self.layout(surface)
        arranging = self.state.phase == "arrange" and not self.state.over
        surface.blit(self._board_cache if arranging else self.field_layer(s), (0, 0))
        self.draw_top_bar(surface, area, s)
        self.blit_panel(surface, panel, s)
        if arranging:
            self.draw_arrange(surface, area, s)
        else:
            self.draw_play(surface, s)
        self.draw_bottom(surface, area, s)

    def draw_top_bar(self, surface: pygame.Surface, area: pygame.Rect, s: float) -> None:
        state = self.state
        if state.over:
            text, color = "Game over", theme.ACCENT
        elif state.phase == "arrange":
            text, color = f"{self.player_name(state.to_move)} arranges", LIGHT[state.to_move]
        elif state.chain and not self.queue.busy:
            text, color = f"{self.player_name(state.to_move)}: place again", LIGHT[state.to_move]
        else:
            text, color = f"{self.player_name(state.to_move)} to move", LIGHT[state.to_move]
        theme.draw_text(surface, text, (area.x + 20 * s, 10 * s), int(36 * s), color, bold=True)
        right = (area.right - 20 * s, 12 * s)
        if self.banner_t > 0:
            theme.draw_text(surface, self.banner, right, int(30 * s), theme.ACCENT, "topright")
        elif self.shown_chain:
            size = int((30 + 10 * self.chain_pop) * s)
            theme.draw_text(surface, chain_text(self.shown_chain), right, size, theme.ACCENT, "topright",
                            True)

    def draw_bottom(self, surface: pygame.Surface, area: pygame.Rect, s: float) -> None:
        mouse = self.app.last_device == "mouse"
        g = KEY_GLYPHS
        if self.state.phase == "arrange":
            if self.card is not None:
                hint = f"{g[CONFIRM]} or click: ready"
            elif mouse:
                hint = "Click a block, then another to swap them   Right-click: random   Done: finish"
            elif self.held is not None:
                hint = f"Left/Right: carry the stone   {g[CONFIRM]}: put it down"
            else:
                toward = "Down" if self.state.to_move == "blue" else "Up"
                hint = (f"Left/Right: move   {g[CONFIRM]}: pick up   {g[ALTERNATE]}: random   "
                        f"{toward}: Random / Done")
        elif mouse:
            hint = "Click an end stone, then a lit column   Right-click: other end"
        elif self.stage == "end":
            hint = f"Left/Right: choose an end   {g[CONFIRM]}: take it   {g[UNDO]}/{g[REDO]}: undo/redo"
        else:
            hint = (f"Left/Right: column   {g[CONFIRM]}: place   {g[ALTERNATE]}: other end   "
                    "Up/Down: back to the ends")
        self.draw_message_or_hint(surface, area.centerx, area.bottom + 8 * s, s, hint)

    # play drawing ----------------------------------------------------------------------------
    def field_layer(self, s: float) -> pygame.Surface:
        """The board with every landed stone, the lit columns and both collections: redrawn
        only when one of them changes (a few times per move), blitted every frame."""
        landed = self.drawn_field()
        key = (self._geom_key, tuple(sorted(landed.items())), tuple(map(tuple, self.shown_collections)),
               self.state.to_move)
        if self._layer_cache is None or self._layer_cache[0] != key:
            layer = self._board_cache.copy()
            geom = self.geom
            for col in range(COLUMNS):  # completed columns light up, boundary to boundary
                if landed.get(("blue", col), 0) + landed.get(("brown", col), 0) == WIDTH:
                    rect = geom.column_rect(col, with_bounds=True)
                    layer.blit(glow_image(rect.w, rect.h), rect)
            for (player, col), length in landed.items():
                draw_stone(layer, geom, player, col, length)
            for k, player in enumerate(PLAYERS):
                self.draw_collection(layer, player, self.shown_collections[k], s,
                                     player == self.state.to_move)
            self._layer_cache = (key, layer)
        return self._layer_cache[1]

    def draw_play(self, surface: pygame.Surface, s: float) -> None:
        geom = self.geom
        for col, f in self.flash.items():  # a new connection flashes
            rect = geom.column_rect(col, with_bounds=True)
            surface.blit(glow_image(rect.w, rect.h, 1.0 + round(f * 10) / 10), rect)
        idle = self.awaiting_human  # no cursor or hints while the computer moves
        if idle:
            self.draw_targets(surface, s)
            self.draw_end_marks(surface, s)
        for sprite in self.board_group:
            if sprite.src is not None:
                i, n = sprite.src
                a = geom.slot_rect(sprite.player, i, n, sprite.length)
                b = geom.stone_rect(sprite.player, sprite.column, sprite.length)
                rect = _lerp_rect(a, b, sprite.t)
                pygame.draw.rect(surface, COLORS[sprite.player], rect, border_radius=max(2, rect.w // 6))
                pygame.draw.rect(surface, theme.ACCENT, rect, max(2, int(3 * s)),
                                 border_radius=max(2, rect.w // 6))
                theme.draw_text(surface, str(sprite.length), rect.center, int(rect.w * 0.7), theme.INK,
                                "center", True)
        if idle:
            self.draw_cursor(surface, s)

    def draw_targets(self, surface: pygame.Surface, s: float) -> None:
        """The legal columns of the chosen end stone: gold where it connects (with a "!" when
        the connection is forced), green for an empty column."""
        geom = self.geom
        forced = self.forced()
        width = max(2, int(3 * s))
        mover = self.state.to_move
        for col, connects in self.legal_columns().items():
            rect = geom.column_rect(col).inflate(-2, -2)
            if connects:
                pygame.draw.rect(surface, theme.ACCENT, rect, width, border_radius=4)
            else:
                pygame.draw.rect(surface, EMPTY_OK, rect.inflate(-4, -4), max(1, width - 1), border_radius=4)
            if connects and forced:
                band = geom.bound[mover]
                x, w = geom.col_x(col)
                tag = pygame.Rect(x + 2, band.y + 2, w - 4, band.h - 4)
                pygame.draw.rect(surface, theme.ACCENT, tag, border_radius=4)
                theme.draw_text(surface, "!", tag.center, int(band.h * 0.8), theme.BG, "center", True)

    def draw_cursor(self, surface: pygame.Surface, s: float) -> None:
        if self.stage != "column" and self.app.last_device != "mouse":
            return
        geom = self.geom
        legal = self.legal_columns()
        col = self.col
        rect = geom.column_rect(col, with_bounds=True).inflate(4, 4)
        ok = col in legal
        if ok:
            draw_stone(surface, geom, self.state.to_move, col, self.end_length(self.end), "ghost")
        pygame.draw.rect(surface, theme.INK if ok else theme.BAD, rect, max(2, int(3 * s)), border_radius=5)

    def draw_collection(self, surface: pygame.Surface, player: str, coll: list[int], s: float,
                        mover: bool) -> None:
        """A collection row: its two ends bright (takeable), the rest dimmed."""
        geom = self.geom
        n = len(coll)
        label = f"{player.capitalize()}'s collection: {n} stone{'s' if n != 1 else ''}"
        if n:
            label += "   (only the two ends can be taken)"
        theme.draw_text(surface, label, (geom.fx0, geom.label_y[player]), int(22 * s),
                        LIGHT[player] if mover else theme.INK_DIM)
        for i, length in enumerate(coll):
            rect = geom.slot_rect(player, i, n, length)
            style = "normal" if i in (0, n - 1) else "dim"
            surface.blit(block_image(player, length, rect.w, rect.h, style, geom.c), rect)

    def draw_end_marks(self, surface: pygame.Surface, s: float) -> None:
        """The mover's ends: the chosen one framed (gold while choosing), a cross on one that
        cannot be placed anywhere."""
        geom = self.geom
        player = self.state.to_move
        coll = self.shown_collections[PLAYERS.index(player)]
        n = len(coll)
        if not n:
            return
        width = max(2, int(3 * s))
        for end in ("left", "right") if n > 1 else ("left",):
            i = 0 if end == "left" else n - 1
            rect = geom.slot_rect(player, i, n, coll[i]).inflate(8 * s, 8 * s)
            if not self.choices[end]:
                pygame.draw.line(surface, theme.BAD, rect.topleft, rect.bottomright, width)
                pygame.draw.line(surface, theme.BAD, rect.bottomleft, rect.topright, width)
            if end == self.end:
                color = theme.ACCENT if self.stage == "end" else theme.INK
                pygame.draw.rect(surface, color, rect, width + (1 if self.stage == "end" else 0),
                                 border_radius=6)
                word = "L" if end == "left" else "R"
                y = rect.top - 2 * s if player == "blue" else rect.bottom + 2 * s
                theme.draw_text(surface, word, (rect.centerx, y), int(20 * s), color,
                                "midbottom" if player == "blue" else "midtop", True)

    # arrangement drawing ------------------------------------------------------------------------
    def draw_arrange(self, surface: pygame.Surface, area: pygame.Rect, s: float) -> None:
        geom = self.geom
        player = self.state.to_move
        if self.card is not None:
            self.draw_card(surface, area, s)
            return
        opp = other(player)
        opp_coll = self.state.collections[PLAYERS.index(opp)]
        # the other collection: face down (equal heights, no lengths) or not laid out yet
        if opp_coll:
            theme.draw_text(surface, f"{opp.capitalize()}'s collection: hidden until play begins",
                            (geom.fx0, geom.label_y[opp]), int(22 * s), theme.INK_DIM)
            for i in range(len(opp_coll)):
                rect = geom.slot_rect(opp, i, len(opp_coll), 3)
                surface.blit(block_image(opp, 3, rect.w, rect.h, "hidden", geom.c), rect)
        else:
            theme.draw_text(surface, f"{opp.capitalize()} arranges next", (geom.fx0, geom.label_y[opp]),
                            int(22 * s), theme.INK_DIM)
            row = geom.row_rect(opp)
            pygame.draw.rect(surface, theme.BG_PANEL, row, border_radius=8)
        if self.seats[player].is_ai:  # its arrangement stays hidden, like any opponent's
            theme.draw_text(surface, f"{self.player_name(player)} arranges its collection...",
                            (geom.fx0, geom.label_y[player]), int(26 * s), LIGHT[player])
            return
        # the arranger's working row
        theme.draw_text(surface, f"{player.capitalize()}'s collection, left to right",
                        (geom.fx0, geom.label_y[player]), int(22 * s), LIGHT[player])
        why = why_bad_arrangement(self.work)
        n = len(self.work)
        lift = geom.c * 0.6 * (1 if player == "blue" else -1)
        for i, length in enumerate(self.work):
            rect = geom.slot_rect(player, i, n, length)
            if i == self.held:
                rect = rect.move(0, lift)
            surface.blit(block_image(player, length, rect.w, rect.h, "normal", geom.c), rect)
        width = max(2, int(3 * s))
        if why:  # mark the equal neighbours the engine refuses
            for i in range(n - 1):
                if self.work[i] == self.work[i + 1]:
                    a = geom.slot_rect(player, i, n, self.work[i])
                    b = geom.slot_rect(player, i + 1, n, self.work[i + 1])
                    pygame.draw.rect(surface, theme.BAD, a.union(b).inflate(6 * s, 6 * s), width,
                                     border_radius=6)
        if self.held is not None:
            rect = geom.slot_rect(player, self.held, n, self.work[self.held]).move(0, lift)
            pygame.draw.rect(surface, theme.ACCENT, rect.inflate(8 * s, 8 * s), width + 1, border_radius=6)
        if self.afocus == "row" and self.held != self.acur:
            rect = geom.slot_rect(player, self.acur, n, self.work[self.acur]).inflate(8 * s, 8 * s)
            pygame.draw.rect(surface, theme.INK, rect, width, border_radius=6)
        if self.held is not None and self.pointer and self.app.last_device == "mouse":
            # the picked-up stone follows the mouse: click another stone to swap the two
            rect = geom.slot_rect(player, self.held, n, self.work[self.held])
            img = block_image(player, self.work[self.held], rect.w, rect.h, "ghost", geom.c)
            surface.blit(img, img.get_rect(center=self.pointer))
        # the field holds the instructions and the two buttons
        f = geom.field
        theme.draw_text(surface, f"{player.capitalize()}: lay out your 15 stones",
                        (f.centerx, f.y + f.h * 0.08), int(34 * s), LIGHT[player], "midtop", True)
        theme.draw_text(surface, "No two stones of equal length may lie side by side.",
                        (f.centerx, f.y + f.h * 0.08 + 38 * s), int(24 * s), theme.INK, "midtop")
        if why:
            status, color = why, theme.BAD
        elif self.held is not None and self.app.last_device == "mouse":
            status, color = "Click another stone to swap the two, or this one to put it back.", theme.ACCENT
        elif self.held is not None:
            status, color = f"Put the stone down here ({KEY_GLYPHS[CONFIRM]}), or carry it on.", theme.ACCENT
        else:
            status, color = "A valid arrangement.", theme.GOOD
        theme.draw_text(surface, status, (f.centerx, f.y + f.h * 0.08 + 66 * s), int(24 * s), color, "midtop")
        bw, bh = int(170 * s), int(40 * s)
        y = int(f.bottom - bh - f.h * 0.1)
        for k, name in enumerate(("random", "done")):
            rect = pygame.Rect(0, y, bw, bh)
            rect.centerx = int(f.centerx + (k - 0.5) * (bw + 24 * s))
            button = self.arrange_buttons[name]
            button.label = f"Random ({KEY_GLYPHS[ALTERNATE]})" if name == "random" else "Done"
            button.draw(surface, rect, int(26 * s), active=self.afocus == name)

    def draw_card(self, surface: pygame.Surface, area: pygame.Rect, s: float) -> None:
        """The hot-seat hand-over: nothing of either collection is visible behind it."""
        player = self.card
        opp = other(player)
        cover = pygame.Rect(area.x, 0, area.width, area.bottom)
        pygame.draw.rect(surface, theme.BG, cover)
        box = cover.inflate(-80 * s, -160 * s)
        pygame.draw.rect(surface, theme.BG_PANEL, box, border_radius=16)
        pygame.draw.rect(surface, COLORS[player], box, max(2, int(4 * s)), border_radius=16)
        theme.draw_text(surface, f"{player.capitalize()} arranges \u2014 {opp.capitalize()}, look away",
                        (box.centerx, box.y + box.h * 0.28), int(50 * s), LIGHT[player], "center", True)
        lines = [f"{player.capitalize()} lays out their 15 stones in secret.",
                 f"{player.capitalize()}: press {KEY_GLYPHS[CONFIRM]} or click when {opp.capitalize()} "
                 "is not looking."]
        if player == "brown":
            lines.insert(1, "Blue's collection stays hidden until play begins.")
        y = box.y + box.h * 0.45
        for line in lines:
            theme.draw_text(surface, line, (box.centerx, y), int(28 * s), theme.INK, "midtop")
            y += 36 * s

    # the side panel -------------------------------------------------------------------------
    def panel_key(self) -> tuple:
        return (id(self.state), self.stage, self.end, self.col, self.card, self.held, self.acur,
                self.afocus, tuple(self.work), self.queue.busy, len(self.history),
                tuple(self.shown_score), self.shown_chain)

    def draw_panel(self, surface: pygame.Surface, panel: pygame.Rect, s: float) -> None:
        x0, inner_w, y = self.draw_panel_header(
            surface, panel, s, "The Great Order",
            f"{self.level_title} field, 18 x 5   {self.state.first.capitalize()} starts (random)")
        state = self.state
        for k, player in enumerate(PLAYERS):
            box = pygame.Rect(x0, y, inner_w, int(46 * s))
            mover = player == state.to_move
            pygame.draw.rect(surface, theme.BG_PANEL_HI if mover else theme.BG_PANEL, box, border_radius=6)
            if mover:
                pygame.draw.rect(surface, COLORS[player], box, max(2, int(2 * s)), border_radius=6)
            sw = pygame.Rect(box.x + int(8 * s), box.y + int(8 * s), int(14 * s), box.h - int(16 * s))
            pygame.draw.rect(surface, COLORS[player], sw, border_radius=3)
            theme.draw_text(surface, player.capitalize(), (box.x + 32 * s, box.y + 6 * s), int(28 * s),
                            LIGHT[player], bold=True)
            if state.phase == "arrange":
                if player == state.to_move:
                    note = "arranging..."
                else:
                    note = "arranged (hidden)" if state.collections[k] else "arranges next"
            else:
                left = len(state.collections[k])
                note = f"{left} stone{'s' if left != 1 else ''} left"
            theme.draw_text(surface, note, (box.x + 32 * s, box.y + 29 * s), int(19 * s), theme.INK_DIM)
            theme.draw_text(surface, str(self.shown_score[k]), (box.right - 12 * s, box.centery),
                            int(40 * s), theme.INK, "midright", True)
            y += int(52 * s)
        y += int(4 * s)
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if state.phase == "arrange" and not state.over:
            lines = [("Lay out the 15 stones (three each of 1-5)", theme.INK),
                     ("with no two equal lengths side by side.", theme.INK),
                     ("In play only the two ends can be taken.", theme.INK_DIM),
                     (f"{other(state.to_move).capitalize()} must not watch.", theme.INK_DIM)]
        elif not state.over:
            chain = self.shown_chain
            lines.append((f"This turn: {chain_text(chain)}" if chain else "This turn: no connection yet",
                          theme.ACCENT if chain else theme.INK_DIM))
            if not self.queue.busy:
                lines.append((self.choice_words(), theme.INK))
                if self.forced():
                    lines.append(("Forced connection: it must complete a column", theme.ACCENT))
                else:
                    lines.append(("", theme.INK))
            else:
                lines += [("", theme.INK), ("", theme.INK)]
            lines.append(("gold: connects  ! forced  green: empty column", theme.INK_DIM))
        else:
            lines.append(("Game over", theme.ACCENT))
        for text, color in lines:
            theme.draw_text(surface, text, (x0, y), int(21 * s), color)
            y += int(23 * s)
        y += int(6 * s)
        controls = self.controls()
        bottom = panel.bottom - int(56 * s) - len(controls) * int(20 * s) - int(8 * s)
        self.draw_move_list(surface, x0, y, inner_w, bottom, s, LIGHT)
        y = bottom + int(6 * s)
        for text in controls:
            theme.draw_text(surface, text, (x0, y), int(19 * s), theme.INK_DIM)
            y += int(20 * s)
        self.draw_buttons(surface, x0, panel.bottom - int(46 * s), inner_w, s)

    def choice_words(self) -> str:
        coll = self.mover_collection()
        if not coll:
            return ""
        length = self.end_length(self.end)
        cols = sorted(self.legal_columns())
        where = "no legal column" if not cols else (
            f"column {cols[0]}" if len(cols) == 1 else f"{len(cols)} legal columns")
        side = "Last" if len(coll) == 1 else self.end.capitalize()
        return f"{side} end: a {length} -> {where}"

    def controls(self) -> list[str]:
        g = KEY_GLYPHS
        if self.app.last_device == "mouse":
            if self.state.phase == "arrange":
                return ["Click a block, then another: swap", "Click it again: put it back",
                        "Right-click: random arrangement"]
            return ["Click an end stone, then a column", "Right-click: the other end",
                    "Buttons: undo, redo, menu"]
        if self.state.phase == "arrange":
            return [f"Left/Right: cursor   {g[CONFIRM]}: pick up / put down",
                    f"Holding: Left/Right carries it   {g[ALTERNATE]}: random",
                    f"{g[UNDO]}/{g[REDO]}: undo/redo   {g[MENU]}: menu"]
        return [f"Left/Right: end, then column   {g[CONFIRM]}: choose",
                f"{g[ALTERNATE]}: other end   Up/Down: back to the ends",
                f"{g[UNDO]}/{g[REDO]}: undo/redo   {g[MENU]}: menu"]
