"""The Rush scene: a Go board with stones on the intersections, the connections of
every placement drawn as lines that light up from the new stone, an unmistakable
"place again" state (a banner and a cursor in the mover's colour), legal points as
subtle dots, the stone count per colour, and a move list that joins the placements
of one turn.

The scene never decides a rule: legality, connections, "again" and the result come
from ``game.rules.rush``; the scene turns actions into moves and effects into motion.
"""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from ..anim import Tween, ease_out_cubic, linear
from ..app.input import (
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
from ..rules.rush import NAME, PLAYERS, RUSH, Move, State
from ..ui import theme
from .play import PlayScene

DROP, LINK, AGAIN, RESULT_DELAY = 0.18, 0.26, 0.42, 0.7

# -- the look of a Go board ----------------------------------------------------------------
WOOD = (214, 174, 106)
WOOD_EDGE = (150, 108, 52)
GRID = (62, 44, 24)
LINK_COLOR = (255, 226, 90)
LINK_EDGE = (92, 52, 8)
STONE = {"black": ((40, 42, 48), (8, 8, 10)), "white": ((236, 234, 226), (150, 148, 140))}
#: a readable ink for each colour's stones on the dark UI (icons carry the real colour)
UI_INK = {"black": (176, 182, 200), "white": theme.INK}
OTHER = {"black": "white", "white": "black"}


class GridLayout:
    """Maps a point ``(x, y)`` (fractional too) of an ``N × N`` board to pixels and back."""

    def __init__(self, n: int, rect: pygame.Rect, margin: float = 0.95) -> None:
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


def star_points(n: int) -> list[tuple[int, int]]:
    if n < 9:
        return [(n // 2, n // 2)] if n >= 5 else []
    edge = 2 if n < 13 else 3
    lines = [edge, n // 2, n - 1 - edge]
    if n < 19:
        return [(x, y) for x in (edge, n - 1 - edge) for y in (edge, n - 1 - edge)] + [(n // 2, n // 2)]
    return [(x, y) for x in lines for y in lines]


def draw_goban(surface: pygame.Surface, lay: GridLayout, labels: bool = True) -> None:
    """The wooden board, its lines, star points and (optionally) file and rank labels."""
    n, st = lay.n, lay.step
    pad = st * 0.62
    left, top = lay.to_pixel(0, 0)
    right, bottom = lay.to_pixel(n - 1, n - 1)
    rect = pygame.Rect(round(left - pad), round(top - pad), round(right - left + 2 * pad),
                       round(bottom - top + 2 * pad))
    pygame.draw.rect(surface, WOOD, rect, border_radius=max(2, int(st * 0.18)))
    pygame.draw.rect(surface, WOOD_EDGE, rect, max(1, int(st * 0.06)), border_radius=max(2, int(st * 0.18)))
    width = max(1, round(st / 28))
    for k in range(n):
        edge = width + (1 if k in (0, n - 1) else 0)
        pygame.draw.line(surface, GRID, lay.to_pixel(k, 0), lay.to_pixel(k, n - 1), edge)
        pygame.draw.line(surface, GRID, lay.to_pixel(0, k), lay.to_pixel(n - 1, k), edge)
    for x, y in star_points(n):
        pygame.draw.circle(surface, GRID, lay.to_pixel(x, y), max(2, st * 0.09))
    if labels:
        size = max(20, int(st * 0.5))
        files = "abcdefghijklmnopqrstuvwxy"
        for k in range(n):
            x, _ = lay.to_pixel(k, 0)
            theme.draw_text(surface, files[k], (x, rect.bottom + 3), size, theme.INK_DIM, "midtop")
            _, y = lay.to_pixel(0, k)
            theme.draw_text(surface, str(n - k), (rect.left - 6, y), size, theme.INK_DIM, "midright")


@lru_cache(maxsize=160)
def stone_image(color: str, radius: int) -> pygame.Surface:
    """A shaded stone with a soft shadow (cached per colour and size)."""
    radius = max(3, radius)
    body, rim = STONE[color]
    size = radius * 2 + 4
    img = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (radius + 1, radius + 1)
    pygame.draw.circle(img, (0, 0, 0, 70), (c[0] + 2, c[1] + 2), radius)
    pygame.draw.circle(img, rim, c, radius)
    pygame.draw.circle(img, body, c, max(1, radius - max(1, radius // 9)))
    light = tuple(min(255, v + 60) for v in body) if color == "black" else (255, 255, 255)
    pygame.draw.circle(img, light, (c[0] - radius * 0.3, c[1] - radius * 0.32), max(1, int(radius * 0.3)))
    pygame.draw.circle(img, body, (c[0] - radius * 0.16, c[1] - radius * 0.18), max(1, int(radius * 0.3)))
    return img


@lru_cache(maxsize=32)
def ghost_image(color: str, radius: int) -> pygame.Surface:
    img = stone_image(color, radius).copy()
    img.set_alpha(120)
    return img


@lru_cache(maxsize=16)
def dot_image(color: str, radius: int) -> pygame.Surface:
    """The subtle mark of a legal point, in the mover's colour."""
    r = max(2, radius)
    img = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
    rgba = (20, 20, 24, 110) if color == "black" else (255, 255, 250, 150)
    pygame.draw.circle(img, rgba, (r + 1, r + 1), r)
    pygame.draw.circle(img, (rgba[0], rgba[1], rgba[2], 200), (r + 1, r + 1), r, max(1, r // 3))
    return img


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


class StoneSprite(pygame.sprite.Sprite):
    """One stone as drawn: its point and the state of its drop."""

    def __init__(self, color: str, cell: tuple[int, int]) -> None:
        super().__init__()
        self.color = color
        self.cell = cell
        self.scale = 1.0
        self.alpha = 255


class RushScene(PlayScene):
    game_id = "rush"

    def __init__(self, app, level: str | None = None, seed: int | None = None, autoplay: int = 0,
                 **kw) -> None:
        self.stones: dict[tuple[int, int], StoneSprite] = {}
        self.preview_cache: dict[Move, tuple[State, list[dict]]] = {}
        self._board_cache: tuple[tuple, pygame.Surface] | None = None
        self.grid: GridLayout | None = None
        self.board_rect = pygame.Rect(0, 0, 1, 1)
        self.cursor = (0, 0)
        self.hover_from_mouse = False
        self.legal: set[tuple[int, int]] = set()
        self.refused: set[tuple[int, int]] = set()
        self.links: list[tuple[int, int]] = []  # the points the last placement connected to
        self.link_from: tuple[int, int] | None = None
        self.link_t = 1.0
        self.again_pop = 0.0
        self.clock = 0.0
        super().__init__(app, level, seed, autoplay, **kw)

    # -- game lifecycle --------------------------------------------------------------
    def new_game(self, seed: int | None = None) -> None:
        n = self.level["size"]
        self.cursor = (n // 2, n // 2)
        super().new_game(seed)
        self.banner = f"{self.start_player.capitalize()} starts"
        self.banner_t = 0.0 if self.autoplay else 2.0

    def after_autoplay(self) -> None:
        """Park the cursor where the preview says most: a legal point with many connections."""
        if self.state.over or not self.legal:
            return
        if self.history:
            lx, ly = self.history[-1][1].cell
        else:
            lx = ly = self.state.size // 2
        self.cursor = max(sorted(self.legal), key=lambda c: (self.preview_connections(c),
                                                             -abs(c[0] - lx) - abs(c[1] - ly)))

    def reset_view(self) -> None:
        """Make the drawn board, links and counters match the engine state (new game, undo)."""
        self.board_group.empty()
        self.stones = {}
        geo = self.state.geo
        for i, code in enumerate(self.state.board):
            if code:
                sprite = StoneSprite(NAME[code], geo.cell(i))
                self.stones[sprite.cell] = sprite
                self.board_group.add(sprite)
        self.shown_count = {p: self.state.count(p) for p in PLAYERS}
        self.shown_to_move = self.state.to_move
        self.shown_continuing = self.state.continuing
        self.again_pop = 0.0
        if self.history:
            before, move, _ = self.history[-1]
            self.link_from = move.cell
            self.links = [c for c, _ in occupied_neighbours(before, move.cell)]
        else:
            self.link_from, self.links = None, []
        self.link_t = 1.0

    def drawn_board(self) -> dict[tuple[int, int], str]:
        """What the board shows at rest: point -> colour (tests compare it with the state)."""
        return {cell: s.color for cell, s in self.stones.items() if s.alive()}

    def engine_board(self) -> dict[tuple[int, int], str]:
        geo = self.state.geo
        return {geo.cell(i): NAME[c] for i, c in enumerate(self.state.board) if c}

    def turn_started(self) -> None:
        self.preview_cache = {}
        moves = RUSH.legal_moves(self.state)
        self.legal = {m.cell for m in moves}
        geo = self.state.geo
        self.refused = {geo.cell(i) for i, c in enumerate(self.state.board) if not c} - self.legal

    # -- moves and previews ------------------------------------------------------------
    def preview(self, cell: tuple[int, int]) -> tuple[State, list[dict]] | None:
        """What placing on ``cell`` would do (the engine's own effects), or None if illegal."""
        if cell not in self.legal:
            return None
        move = Move(cell)
        if move not in self.preview_cache:
            self.preview_cache[move] = RUSH.play(self.state, move)
        return self.preview_cache[move]

    def preview_connections(self, cell: tuple[int, int]) -> int:
        p = self.preview(cell)
        return -1 if p is None else p[1][0]["connections"]

    def try_place(self, cell: tuple[int, int]) -> bool:
        return self.try_play(Move(cell))

    def turns(self) -> list[tuple[str, list[str]]]:
        """The history as turns: (player, point names), one entry per turn."""
        out: list[tuple[str, list[str]]] = []
        for before, _, text in self.history:
            if out and before.continuing and out[-1][0] == before.to_move:
                out[-1][1].append(text)
            else:
                out.append((before.to_move, [text]))
        return out

    # -- effects -> animation ----------------------------------------------------------
    def animate(self, before: State, effects: list[dict]) -> None:
        after = self.state
        for e in effects:
            kind = e["type"]
            if kind == "place":
                self._animate_place(before, e)
            elif kind == "again":
                self._animate_again(before.to_move)
            elif kind == "pass":
                player = e["player"]
                self.queue.add(Tween(AGAIN, ease=linear), on_start=lambda p=player: self.say(
                    f"{p.capitalize()} has no legal point and passes.", 2.5))
            elif kind == "end":
                self.queue.add(Tween(RESULT_DELAY, ease=linear))

        def sync() -> None:
            self.shown_to_move = after.to_move
            self.shown_continuing = after.continuing

        self.queue.add(Tween(0.0, on_done=sync))

    def _animate_place(self, before: State, e: dict) -> None:
        cell, color = tuple(e["cell"]), e["color"]
        sprite = StoneSprite(color, cell)
        targets = [c for c, _ in occupied_neighbours(before, cell)]

        def start() -> None:
            sprite.scale, sprite.alpha = 1.5, 0
            self.stones[cell] = sprite
            self.board_group.add(sprite)
            self.shown_count[color] += 1
            self.link_from, self.links, self.link_t = cell, targets, 0.0 if targets else 1.0

        def drop(t: float) -> None:
            sprite.scale = 1.5 - 0.5 * t
            sprite.alpha = int(255 * min(1.0, t * 1.8))

        def grow(t: float) -> None:
            self.link_t = t

        self.queue.add(Tween(DROP, drop, lambda: cue(self, "place"), ease=ease_out_cubic), on_start=start)
        if targets:  # the links to its neighbours grow: a connection
            self.queue.add(Tween(LINK, grow, ease=ease_out_cubic), on_start=lambda: cue(self, "connect"))

    def _animate_again(self, player: str) -> None:
        def start() -> None:
            self.shown_to_move, self.shown_continuing = player, True

        def pop(t: float) -> None:
            self.again_pop = 1.0 - t

        self.queue.add(Tween(AGAIN, pop, ease=linear), on_start=start)

    # -- input -------------------------------------------------------------------------
    def on_action(self, action: Action) -> None:
        if action.name == POINT:
            self.point_at(action.pos)
        elif action.name in (UP, DOWN, LEFT, RIGHT) and not action.is_pointer:
            self.move_cursor(action.name)
        elif action.name == CONFIRM:
            if action.pos is not None:
                cell = self.cell_at(action.pos)
                if cell is None:
                    if self.board_rect.collidepoint(action.pos):
                        self.say("Click on a point where two lines cross.")
                    return
                self.cursor = cell
                self.hover_from_mouse = True
            self.try_place(self.cursor)

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        return self.grid.from_pixel(*pos) if self.grid else None

    def move_cursor(self, direction: str) -> None:
        dx, dy = {LEFT: (-1, 0), RIGHT: (1, 0), UP: (0, -1), DOWN: (0, 1)}[direction]
        n = self.state.size
        x, y = self.cursor
        self.cursor = (min(n - 1, max(0, x + dx)), min(n - 1, max(0, y + dy)))
        self.hover_from_mouse = False

    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt

    # -- the result ----------------------------------------------------------------------

    def score_line(self) -> str:
        return f"Stones: Black {self.state.count('black')}, White {self.state.count('white')}"

    def result(self, outcome):
        d = outcome.detail
        turns = self.turns()
        table = [["", "Black", "White"]]
        table.append(["Turns played", *(str(sum(1 for p, _ in turns if p == c)) for c in PLAYERS)])
        table.append(["Placements", *(str(sum(len(m) for p, m in turns if p == c)) for c in PLAYERS)])
        table.append(["Longest turn", *(str(max((len(m) for p, m in turns if p == c), default=0))
                                        for c in PLAYERS)])
        table.append(["Final count (stones)", str(d["black"]), str(d["white"])])
        n = self.state.size
        margin = abs(d["black"] - d["white"])
        notes = [f"The board is full. {n}×{n} = {n * n} points is odd, so there is never a tie.",
                 f"{outcome.winner.capitalize()} has {margin} more stone{'s' if margin != 1 else ''}."]
        return f"{outcome.winner.capitalize()} wins!", table, notes, UI_INK[outcome.winner]

    # -- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        panel_w = int(max(330 * s, w * 0.31))
        self.board_rect = board_rect = pygame.Rect(0, int(50 * s), w - panel_w, h - int(90 * s))
        self.grid = GridLayout(self.state.size, board_rect)
        key = (self.state.size, (w, h), board_rect.size)
        if self._board_cache is None or self._board_cache[0] != key:
            # the board never changes: drawn once per window size, with the whole left side
            img = pygame.Surface((board_rect.width, h))
            img.fill(theme.BG)
            draw_goban(img, self.grid)
            self._board_cache = (key, img.convert() if pygame.display.get_surface() else img)
        surface.blit(self._board_cache[1], (0, 0))
        idle = self.awaiting_human  # no cursor or hints while the computer moves
        if idle:
            self.draw_marks(surface)
        self.draw_stones(surface)
        self.draw_links(surface)
        self.draw_last_marker(surface)
        if idle:
            self.draw_cursor(surface)
        self.draw_top_bar(surface, board_rect, s)
        self.blit_panel(surface, pygame.Rect(w - panel_w, 0, panel_w, h), s)
        self.draw_bottom(surface, board_rect, s)

    def draw_marks(self, surface: pygame.Surface) -> None:
        """Dots on the mover's legal points; small crosses where the mover may not place."""
        g = self.grid
        dot = dot_image(self.state.to_move, max(3, int(g.step * 0.13)))
        for cell in self.legal:
            surface.blit(dot, dot.get_rect(center=g.to_pixel(*cell)))
        arm = g.step * 0.13
        width = max(2, int(g.step * 0.06))
        for cell in self.refused:
            x, y = g.to_pixel(*cell)
            pygame.draw.line(surface, (190, 50, 40), (x - arm, y - arm), (x + arm, y + arm), width)
            pygame.draw.line(surface, (190, 50, 40), (x - arm, y + arm), (x + arm, y - arm), width)

    def draw_links(self, surface: pygame.Surface) -> None:
        if self.link_from is None or not self.links:
            return
        g = self.grid
        a = g.to_pixel(*self.link_from)
        width = max(2, int(g.step * 0.1))
        for cell in self.links:
            draw_link(surface, a, g.to_pixel(*cell), self.link_t, width)

    def draw_stones(self, surface: pygame.Surface) -> None:
        g = self.grid
        r = g.stone_radius
        for sprite in self.board_group:
            x, y = g.to_pixel(*sprite.cell)
            if sprite.scale == 1.0 and sprite.alpha == 255:
                img = stone_image(sprite.color, r)
            else:
                img = stone_image(sprite.color, int(r * sprite.scale)).copy()
                img.set_alpha(sprite.alpha)
            surface.blit(img, img.get_rect(center=(round(x) + 1, round(y) + 1)))

    def draw_last_marker(self, surface: pygame.Surface) -> None:
        """The last stone placed: a ring (Go's usual mark) and its number of connections."""
        cell = self.link_from
        if cell is None or cell not in self.stones or self.stones[cell].scale != 1.0:
            return
        g = self.grid
        x, y = g.to_pixel(*cell)
        ring = (230, 230, 226) if self.stones[cell].color == "black" else (30, 30, 34)
        pygame.draw.circle(surface, ring, (x, y), g.step * 0.2, max(2, int(g.step * 0.06)))
        if self.links and self.link_t > 0:
            rb = max(7.0, g.step * 0.2)
            draw_badge(surface, (x + g.step * 0.36, y - g.step * 0.36), len(self.links), rb)

    def cursor_look(self) -> tuple[str, tuple[int, int, int]]:
        """How the cursor is drawn: ``("again", mover's stone colour)`` while placing again,
        else ``("place", accent)`` on a legal point or ``("refused", red)`` on any other."""
        if self.state.continuing:
            return "again", STONE[self.state.to_move][0]
        if self.cursor in self.legal:
            return "place", theme.ACCENT
        return "refused", theme.BAD

    def draw_cursor(self, surface: pygame.Surface) -> None:
        g = self.grid
        cell = self.cursor
        x, y = g.to_pixel(*cell)
        half = g.step * 0.5
        mover = self.state.to_move
        preview = self.preview(cell)
        if preview is not None:
            ghost = ghost_image(mover, g.stone_radius)
            surface.blit(ghost, ghost.get_rect(center=(round(x) + 1, round(y) + 1)))
            width = max(1, int(g.step * 0.05))
            for c, _ in occupied_neighbours(self.state, cell):
                bx, by = g.to_pixel(*c)
                pygame.draw.line(surface, LINK_COLOR, (x, y), (bx, by), width)
        look, color = self.cursor_look()
        if look == "again":
            # placing again: a pulsing square in the mover's colour, rimmed in the accent
            pulse = 0.5 + 0.5 * math.sin(self.clock * 6.0)
            side = half * (1.12 + 0.12 * pulse)
            rect = pygame.Rect(0, 0, round(side * 2), round(side * 2))
            rect.center = (round(x), round(y))
            thick = max(3, int(g.step * 0.13))
            rim = theme.ACCENT if preview is not None else theme.BAD
            pygame.draw.rect(surface, rim, rect.inflate(4, 4), thick + 4, border_radius=int(g.step * 0.2))
            pygame.draw.rect(surface, color, rect, thick, border_radius=int(g.step * 0.2))
        else:
            width = max(3, int(g.step * 0.1))
            arm = half * 0.55
            for ink, w in ((LINK_EDGE, width + 4), (color, width)):  # a dark rim: visible on wood
                for sx in (-1, 1):
                    for sy in (-1, 1):
                        cx, cy = x + sx * half * 0.95, y + sy * half * 0.95
                        pygame.draw.line(surface, ink, (cx + sx * 2, cy), (cx - sx * arm, cy), w)
                        pygame.draw.line(surface, ink, (cx, cy + sy * 2), (cx, cy - sy * arm), w)
        if preview is not None and preview[1][0]["connections"]:
            draw_badge(surface, (x + g.step * 0.36, y - g.step * 0.36), preview[1][0]["connections"],
                       max(7.0, g.step * 0.2))

    def draw_top_bar(self, surface: pygame.Surface, board_rect: pygame.Rect, s: float) -> None:
        x = board_rect.x + 20 * s
        cy = 26 * s
        if self.state.over and not self.queue.busy:
            theme.draw_text(surface, "Game over", (x, cy), int(36 * s), theme.ACCENT, "midleft", True)
            return
        player = self.shown_to_move
        if player is None:
            return
        if self.shown_continuing:
            self.draw_again_banner(surface, board_rect, player, s)
        else:
            icon = stone_image(player, int(13 * s))
            surface.blit(icon, icon.get_rect(center=(round(x + 13 * s), round(cy))))
            theme.draw_text(surface, f"{self.player_name(player)} to move", (x + 34 * s, cy), int(36 * s),
                            UI_INK[player], "midleft", True)
            if self.banner_t > 0:
                theme.draw_text(surface, self.banner, (board_rect.right - 20 * s, cy), int(30 * s),
                                theme.ACCENT, "midright")

    def draw_again_banner(self, surface: pygame.Surface, board_rect: pygame.Rect, player: str,
                          s: float) -> None:
        """The unmistakable "place again" banner: a pill in the mover's colour, rimmed in yellow."""
        size = int(34 * s)
        text = f"{player.capitalize()} places AGAIN"
        ink = (245, 245, 240) if player == "black" else (20, 20, 24)
        label = theme.text_surface(text, size, ink, True)
        rect = label.get_rect().inflate(int(36 * s), int(14 * s))
        rect.midleft = (round(board_rect.x + 16 * s), round(26 * s))
        if self.again_pop > 0:  # a ring that flies out of the pill as it appears
            grow = int((1.0 - self.again_pop) * 26 * s) + int(8 * s)
            pygame.draw.rect(surface, theme.ACCENT, rect.inflate(grow, grow),
                             max(1, int(4 * s * self.again_pop)), border_radius=rect.h)
        pygame.draw.rect(surface, theme.ACCENT, rect.inflate(int(6 * s), int(6 * s)), border_radius=rect.h)
        pygame.draw.rect(surface, STONE[player][0], rect, border_radius=rect.h)
        surface.blit(label, label.get_rect(center=rect.center))
        note = "2+ connections: same player, one more stone"
        theme.draw_text(surface, note, (rect.right + 16 * s, rect.centery), int(22 * s), theme.ACCENT,
                        "midleft")

    def draw_bottom(self, surface: pygame.Surface, board_rect: pygame.Rect, s: float) -> None:
        if self.app.last_device == "mouse":
            hint = "Click a point to place   Dots: legal points   x: not allowed here"
        else:
            g = KEY_GLYPHS
            hint = (f"Arrows: move   {g[CONFIRM]}: place   {g[UNDO]}/{g[REDO]}: undo/redo   "
                    f"{g[MENU]}: menu")
        self.draw_message_or_hint(surface, board_rect.centerx, board_rect.bottom + 10 * s, s, hint)

    # -- the side panel ---------------------------------------------------------------------
    def panel_key(self) -> tuple:
        return (id(self.state), len(self.history), self.cursor, self.queue.busy,
                tuple(self.shown_count.values()))

    def draw_panel(self, surface: pygame.Surface, panel: pygame.Rect, s: float) -> None:
        x0, inner_w, y = self.draw_panel_header(
            surface, panel, s, "RUSH",
            f"{self.level_title} board   {self.start_player.capitalize()} starts   more stones wins")
        y += int(2 * s)
        # the count of stones per colour, with a bar each
        total = self.state.size ** 2
        mover = self.state.to_move
        for player in PLAYERS:
            icon = stone_image(player, int(11 * s))
            surface.blit(icon, icon.get_rect(center=(x0 + 11 * s, y + 12 * s)))
            marker = (" places again" if self.state.continuing else " to move") if player == mover else ""
            theme.draw_text(surface, f"{player.capitalize()}{marker}", (x0 + 30 * s, y + 12 * s),
                            int(25 * s), UI_INK[player] if player == mover else theme.INK_DIM, "midleft",
                            player == mover)
            theme.draw_text(surface, str(self.shown_count[player]), (panel.right - 20 * s, y + 12 * s),
                            int(30 * s), theme.INK, "midright", True)
            bar = pygame.Rect(x0 + 30 * s, y + 27 * s, inner_w - 30 * s, int(7 * s))
            pygame.draw.rect(surface, theme.BG_PANEL_HI, bar, border_radius=3)
            fill = bar.copy()
            fill.width = round(bar.width * self.shown_count[player] / total)
            pygame.draw.rect(surface, STONE[player][0] if player == "white" else (110, 114, 128), fill,
                             border_radius=3)
            y += int(42 * s)
        empty = total - sum(self.shown_count.values())
        theme.draw_text(surface, f"Empty points: {empty} of {total}", (x0, y), int(21 * s), theme.INK_DIM)
        y += int(28 * s)
        # what the point under the cursor would do, in words
        for line in theme.wrap(self.preview_words(), int(22 * s), inner_w)[:2]:
            theme.draw_text(surface, line, (x0, y), int(22 * s), theme.INK)
            y += int(20 * s)
        y += int(6 * s)
        legend = [("dot: legal", theme.INK_DIM), ("x: all own, no enemy", theme.BAD),
                  ("line: connection", LINK_COLOR)]
        x = x0
        for text, color in legend:
            rect = theme.draw_text(surface, text, (x, y), int(18 * s), color)
            x += rect.width + int(12 * s)
        y += int(26 * s)
        self.draw_turn_list(surface, x0, y, inner_w, panel.bottom - int(56 * s), s)
        self.draw_buttons(surface, x0, panel.bottom - int(46 * s), inner_w, s)

    def preview_words(self) -> str:
        if self.state.over:
            return "The board is full."
        if self.queue.busy or self.hosted:
            return ""
        cell = self.cursor
        name = RUSH.move_text(Move(cell), self.state)
        preview = self.preview(cell)
        if preview is None:
            return f"{name}: {RUSH.why_illegal(self.state, Move(cell))}"
        after, effects = preview
        k = effects[0]["connections"]
        words = f"{name}: {k} connection{'s' if k != 1 else ''}"
        if any(e["type"] == "again" for e in effects):
            return words + f", then {self.state.to_move} places again"
        if after.over:
            return words + ", and the board is full"
        return words + f", then {after.to_move} moves"

    def draw_turn_list(self, surface: pygame.Surface, x0: float, y: float, width: float, bottom: float,
                       s: float) -> None:
        """One entry per turn: its number, the mover's stone and every placement of the turn."""
        theme.draw_text(surface, "Turns (placements joined)", (x0, y), int(22 * s), theme.INK_DIM)
        y += int(24 * s)
        size, line = int(21 * s), int(21 * s)
        rows: list[tuple[int | None, str, str]] = []
        text_w = int(width - 64 * s)
        room = max(1, int((bottom - y) // line))
        turns = self.turns()
        for n in range(len(turns), 0, -1):  # newest first, only as many as fit
            player, names = turns[n - 1]
            parts = theme.wrap(" ".join(names), size, text_w)
            rows[:0] = [(n if k == 0 else None, player, part) for k, part in enumerate(parts)]
            if len(rows) >= room:
                break
        ongoing = bool(self.history) and self.state.continuing
        icon_r = max(4, int(7 * s))
        for i, (n, player, text) in enumerate(rows[-room:]):
            last = i == len(rows[-room:]) - 1
            if n is not None:
                theme.draw_text(surface, f"{n:>3}.", (x0, y), size, theme.INK_DIM)
                icon = stone_image(player, icon_r)
                surface.blit(icon, icon.get_rect(center=(round(x0 + 48 * s), round(y + line * 0.4))))
            color = theme.ACCENT if last and ongoing else theme.INK
            theme.draw_text(surface, text + (" ..." if last and ongoing else ""), (x0 + 62 * s, y), size,
                            color)
            y += line
