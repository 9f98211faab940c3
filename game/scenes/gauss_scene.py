"""The GAUSS scene: a hex board, both players' supplies, GAIN and RISK areas, a move
preview, and an animation queue that plays each move's effect list.

The scene never decides a rule: legality, slides and scores come from
``game.rules.gauss``; the scene turns actions into moves and effects into motion.
"""
from __future__ import annotations

import math

import pygame

from ..anim import Tween, ease_out_cubic, linear
from ..app.input import (
    ALTERNATE,
    CONFIRM,
    DOWN,
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
from ..rules.gauss import GAUSS, NAME, PLAYERS, Move, State, score_suffix
from ..ui import theme
from ..ui.hexgrid import HexLayout, disc_image, draw_arrow, draw_board
from ..ui.widgets import Button
from .play import PlayScene

DROP, SLIDE, FLASH, FLY, RESULT_DELAY = 0.22, 0.38, 0.5, 0.5, 0.7


class DiscSprite(pygame.sprite.Sprite):
    """One disc as drawn: where it stands (``cell``), where it is drawn (``pos``,
    fractional axial while sliding), and the state of its drop, flash or flight."""

    def __init__(self, color: str, cell: tuple[int, int]) -> None:
        super().__init__()
        self.color = color
        self.cell: tuple[int, int] | None = cell
        self.pos = (float(cell[0]), float(cell[1]))
        self.scale = 1.0
        self.alpha = 255
        self.flash = 0.0
        self.fly: tuple[str, int] | None = None  # ("gain"|"risk", slot) while flying off
        self.fly_t = 0.0


def _lerp(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


class GaussScene(PlayScene):
    game_id = "gauss"

    def __init__(self, app, level: str | None = None, seed: int | None = None, autoplay: int = 0,
                 **kw) -> None:
        self.discs: dict[tuple[int, int], DiscSprite] = {}
        self.preview_cache: dict[Move, tuple[State, list[dict]]] = {}
        self._board_cache: tuple[tuple, pygame.Surface] | None = None
        self.panel_area_origin: dict[tuple[str, str], tuple[float, float]] = {}
        self.area_origin: dict[tuple[str, str], tuple[float, float]] = {}
        self.area_step = 16.0
        self.hex: HexLayout | None = None
        self.cursor = (0, 0)
        self.color = "red"
        self._lean = False
        super().__init__(app, level, seed, autoplay, **kw)
        self.buttons["red"] = Button("", lambda: self.select_color("red"))
        self.buttons["blue"] = Button("", lambda: self.select_color("blue"))

    # -- game lifecycle --------------------------------------------------------------
    def new_game(self, seed: int | None = None) -> None:
        self.cursor = (0, 0)
        super().new_game(seed)
        self.banner = f"{self.start_player.capitalize()} starts (drawn at random)"
        self.banner_t = 0.0 if self.autoplay else 2.6

    def after_autoplay(self) -> None:
        legal = GAUSS.legal_moves(self.state)
        if legal:  # park the cursor where the preview has the most to show
            best = max((m for m in legal if m.color == self.color),
                       key=lambda m: len(self.preview(m)[1]), default=legal[0])
            self.cursor = best.cell

    def reset_view(self) -> None:
        """Make the drawn board and counters match the engine state (new game, undo)."""
        self.board_group.empty()
        self.discs = {}
        geo = self.state.geo
        for i, code in enumerate(self.state.board):
            if code:
                sprite = DiscSprite(NAME[code], geo.cells[i])
                self.discs[geo.cells[i]] = sprite
                self.board_group.add(sprite)
        self.shown_supply = list(self.state.supply)
        self.shown_gain = list(self.state.gain)
        self.shown_risk = list(self.state.risk)

    def drawn_board(self) -> dict[tuple[int, int], str]:
        """What the board shows at rest: cell -> colour (tests compare it with the state)."""
        return {cell: s.color for cell, s in self.discs.items() if s.alive() and s.fly is None}

    def engine_board(self) -> dict[tuple[int, int], str]:
        geo = self.state.geo
        return {geo.cells[i]: NAME[c] for i, c in enumerate(self.state.board) if c}

    # -- moves -----------------------------------------------------------------------
    def preview(self, move: Move) -> tuple[State, list[dict]]:
        if move not in self.preview_cache:
            self.preview_cache[move] = GAUSS.play(self.state, move)
        return self.preview_cache[move]

    def try_place(self, cell: tuple[int, int]) -> bool:
        return self.try_play(Move(cell, self.color))

    def notation(self, before: State, move: Move, effects: list[dict]) -> str:
        return GAUSS.move_text(move, before) + score_suffix(effects)

    def turn_started(self) -> None:
        self.preview_cache = {}
        if self.state.over:
            return
        player = self.state.to_move
        self.color = player if self.state.held(player, player) else ("blue" if player == "red" else "red")

    def select_color(self, color: str) -> None:
        if self.state.over:
            return
        if not self.state.held(self.state.to_move, color):
            self.say(f"{self.state.to_move.capitalize()} has no {color} discs left.")
            return
        self.color = color

    def toggle_color(self) -> None:
        self.select_color("blue" if self.color == "red" else "red")

    # -- effects -> animation ----------------------------------------------------------
    def animate(self, before: State, effects: list[dict]) -> None:
        mover = before.to_move
        slides = [e for e in effects if e["type"] == "slide"]
        scores = [e for e in effects if e["type"] == "score"]
        for e in effects:
            if e["type"] == "place":
                self._animate_place(mover, tuple(e["cell"]), e["color"])
        if slides:
            self._animate_slides(slides)
        if scores:
            self._animate_scores(scores)
        if any(e["type"] == "end" for e in effects):
            self.queue.add(Tween(RESULT_DELAY, ease=linear))

    def _animate_place(self, mover: str, cell: tuple[int, int], color: str) -> None:
        sprite = DiscSprite(color, cell)

        def start() -> None:
            sprite.scale, sprite.alpha = 1.7, 0
            self.discs[cell] = sprite
            self.board_group.add(sprite)
            self.shown_supply[(0 if mover == "red" else 2) + (0 if color == "red" else 1)] -= 1

        def drop(t: float) -> None:
            sprite.scale = 1.7 - 0.7 * t
            sprite.alpha = int(255 * min(1.0, t * 1.6))

        self.queue.add(Tween(DROP, drop, lambda: cue(self, "place"), ease=ease_out_cubic), on_start=start)

    def _animate_slides(self, slides: list[dict]) -> None:
        moving: list[tuple[DiscSprite, tuple[float, float], tuple[float, float]]] = []

        def start() -> None:
            picked = [(self.discs.pop(tuple(e["from"])), e) for e in slides]
            for sprite, e in picked:
                sprite.cell = tuple(e["to"])
                self.discs[sprite.cell] = sprite
                moving.append((sprite, tuple(map(float, e["from"])), tuple(map(float, e["to"]))))
            cue(self, "slide")

        def glide(t: float) -> None:
            for sprite, a, b in moving:
                sprite.pos = _lerp(a, b, t)

        geo = self.state.geo
        into_void = any(geo.void[geo.index[tuple(e["to"])]] for e in slides)

        def landed() -> None:
            if into_void:  # a disc was pushed out onto the VOID ring
                cue(self, "void")

        self.queue.add(Tween(SLIDE, glide, landed), on_start=start)

    def _animate_scores(self, scores: list[dict]) -> None:
        groups: list[DiscSprite] = []
        flying: list[tuple[DiscSprite, str, int]] = []

        def flash_start() -> None:
            for e in scores:
                for cell in e["gain_cells"] + e["risk_cells"]:
                    groups.append(self.discs[tuple(cell)])
            cue(self, "score")

        def flash(t: float) -> None:
            for sprite in groups:
                sprite.flash = abs(math.sin(t * math.pi * 3)) if t < 1 else 0.0

        def fly_start() -> None:
            for e in scores:
                k = PLAYERS.index(e["color"])
                counts = {"gain": self.shown_gain[k], "risk": self.shown_risk[k]}
                for kind in ("gain", "risk"):
                    for cell in e[f"{kind}_cells"]:
                        sprite = self.discs.pop(tuple(cell))
                        sprite.fly = (kind, counts[kind])
                        sprite.cell = None
                        counts[kind] += 1
                        flying.append((sprite, kind, k))

        def fly(t: float) -> None:
            for sprite, _, _ in flying:
                sprite.fly_t = t

        def landed() -> None:
            for sprite, kind, k in flying:
                sprite.kill()
                if kind == "gain":
                    self.shown_gain[k] += 1
                else:
                    self.shown_risk[k] += 1

        self.queue.add(Tween(FLASH, flash, ease=linear), on_start=flash_start)
        self.queue.add(Tween(FLY, fly, landed, ease=ease_out_cubic), on_start=fly_start)

    # -- input -------------------------------------------------------------------------
    def on_action(self, action: Action) -> None:
        if action.name == POINT:
            self.point_at(action.pos)
        elif action.name == ALTERNATE:
            self.toggle_color()
        elif action.name in (UP, DOWN, LEFT, RIGHT) and not action.is_pointer:
            self.move_cursor(action.name)
        elif action.name == CONFIRM:
            if action.pos is not None:
                cell = self.cell_at(action.pos)
                if cell is None:
                    return
                self.cursor = cell
            self.try_place(self.cursor)

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        return self.hex.from_pixel(*pos) if self.hex else None

    def move_cursor(self, direction: str) -> None:
        """Step the keyboard cursor over gray cells; up and down zig-zag so that
        holding them walks straight up or down the screen."""
        geo = self.state.geo
        q, r = self.cursor
        lean = getattr(self, "_lean", False)
        if direction == LEFT:
            options = [(q - 1, r)]
        elif direction == RIGHT:
            options = [(q + 1, r)]
        elif direction == UP:
            options = [(q + 1, r - 1), (q, r - 1)] if lean else [(q, r - 1), (q + 1, r - 1)]
        else:
            options = [(q, r + 1), (q - 1, r + 1)] if not lean else [(q - 1, r + 1), (q, r + 1)]
        for cell in options:
            i = geo.index.get(cell)
            if i is not None and not geo.void[i]:
                self.cursor = cell
                if direction in (UP, DOWN):
                    self._lean = not lean
                break
        self.hover_from_mouse = False


    def score_line(self) -> str:
        return f"GAIN: Red {self.state.gain[0]}, Blue {self.state.gain[1]}"

    def result(self, outcome):
        d = outcome.detail
        table = [["", "Red", "Blue"]]
        for label, key in (("GAIN", "gain"), ("RISK", "risk"), ("Discs on the VOID", "void"),
                           ("Positive score", "positive"), ("Final score", "final")):
            table.append([label, str(d["red"][key]), str(d["blue"][key])])
        notes = []
        for c in PLAYERS:
            if d[c]["subtracts_risk"]:
                other = "blue" if c == "red" else "red"
                notes.append(f"{c.capitalize()} has more discs on the VOID ({d[c]['void']} > "
                             f"{d[other]['void']}), so subtracts its RISK ({d[c]['risk']}).")
        notes.append({"score": "Decided by the final score.",
                      "void": "Final scores tied: fewer discs on the VOID wins.",
                      "risk": "Final scores and VOID tied: fewer discs in RISK wins.",
                      "draw": "Tied on score, VOID and RISK: both players win."}[outcome.reason])
        if outcome.winner == "draw":
            return "A draw: both players win!", table, notes, theme.ACCENT
        return f"{outcome.winner.capitalize()} wins!", table, notes, theme.PLAYER_LIGHT[outcome.winner]

    # -- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        panel_w = int(max(330 * s, w * 0.31))
        board_rect = pygame.Rect(0, int(44 * s), w - panel_w, h - int(84 * s))
        self.hex = HexLayout.fit(self.state.radius, board_rect)
        key = (self.state.radius, (w, h), board_rect.size)
        if self._board_cache is None or self._board_cache[0] != key:
            # the board never changes: drawn once per window size, with the whole left side
            board_img = pygame.Surface((board_rect.width, h))
            board_img.fill(theme.BG)
            geo = self.state.geo
            draw_board(board_img, self.hex, geo.cells, geo.void)
            self._board_cache = (key, board_img.convert() if pygame.display.get_surface() else board_img)
        surface.blit(self._board_cache[1], (0, 0))
        self.draw_top_bar(surface, board_rect, s)
        panel = pygame.Rect(w - panel_w, 0, panel_w, h)
        self.blit_panel(surface, panel, s)
        idle = self.awaiting_human  # no cursor or hints while the computer moves
        if idle:
            self.draw_cursor_and_preview(surface, s)
        self.draw_discs(surface)
        if idle:
            self.draw_preview_overlay(surface, s)
        self.draw_bottom(surface, board_rect, s)

    def draw_top_bar(self, surface: pygame.Surface, board_rect: pygame.Rect, s: float) -> None:
        if self.state.over:
            text, color = "Game over", theme.ACCENT
        else:
            p = self.state.to_move
            text, color = f"{self.player_name(p)} to move", theme.PLAYER_LIGHT[p]
        theme.draw_text(surface, text, (board_rect.x + 20 * s, 10 * s), int(36 * s), color, bold=True)
        if self.banner_t > 0:
            theme.draw_text(surface, self.banner, (board_rect.centerx, 12 * s), int(30 * s),
                            theme.ACCENT, "midtop")

    def draw_bottom(self, surface: pygame.Surface, board_rect: pygame.Rect, s: float) -> None:
        if self.app.last_device == "mouse":
            hint = "Click a gray cell to place   Right-click: switch colour   Hover: preview"
        else:
            g = self.app.glyphs()
            arrows = "D-pad/stick" if g[UP] == "D-pad" else "Arrows"
            hint = (f"{arrows}: move   {g[CONFIRM]}: place   {g[ALTERNATE]}: switch colour   "
                    f"{g[UNDO]}/{g[REDO]}: undo/redo   {g[MENU]}: menu")
        self.draw_message_or_hint(surface, board_rect.centerx, board_rect.bottom + 8 * s, s, hint)

    def disc_px(self, sprite: DiscSprite) -> tuple[tuple[float, float], float]:
        """Where a disc is drawn and its radius in pixels (on the board or in flight)."""
        board_xy = self.hex.to_pixel(*sprite.pos)
        radius = self.hex.size * 0.78 * sprite.scale
        if sprite.fly is None:
            return board_xy, radius
        kind, slot = sprite.fly
        target = self.area_slot(kind, sprite.color, slot)
        t = sprite.fly_t
        return _lerp(board_xy, target, t), radius + (self.area_step * 0.45 - radius) * t

    def area_slot(self, kind: str, color: str, slot: int) -> tuple[float, float]:
        x, y = self.area_origin.get((kind, color), (0.0, 0.0))
        return (x + slot * self.area_step, y)

    def draw_discs(self, surface: pygame.Surface) -> None:
        for sprite in self.board_group:
            (x, y), radius = self.disc_px(sprite)
            img = disc_image(theme.PLAYER_COLORS[sprite.color], theme.PLAYER_DARK[sprite.color], int(radius))
            if sprite.alpha < 255:
                img = img.copy()
                img.set_alpha(sprite.alpha)
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
            if sprite.flash > 0:
                pygame.draw.circle(surface, theme.ACCENT, (x, y), radius * 1.08,
                                   max(2, int(radius * 0.28 * sprite.flash)))

    def draw_cursor_and_preview(self, surface: pygame.Surface, s: float) -> None:
        pts = self.hex.corners(*self.cursor, 0.95)
        move = Move(self.cursor, self.color)
        legal = GAUSS.why_illegal(self.state, move) is None
        pygame.draw.polygon(surface, theme.ACCENT if legal else theme.BAD, pts,
                            max(2, int(self.hex.size * 0.12)))
        if not legal:
            return
        _, effects = self.preview(move)
        ghost = ghost_image(self.color, int(self.hex.size * 0.78))
        x, y = self.hex.to_pixel(*self.cursor)
        surface.blit(ghost, ghost.get_rect(center=(round(x), round(y))))

    def draw_preview_overlay(self, surface: pygame.Surface, s: float) -> None:
        """Arrows for every slide, ghosts where discs land, rings on scoring groups."""
        move = Move(self.cursor, self.color)
        if GAUSS.why_illegal(self.state, move) is not None:
            return
        _, effects = self.preview(move)
        width = max(2, int(self.hex.size * 0.14))
        for e in effects:
            if e["type"] == "slide":
                a, b = self.hex.to_pixel(*e["from"]), self.hex.to_pixel(*e["to"])
                ghost = ghost_image(e["color"], int(self.hex.size * 0.78))
                surface.blit(ghost, ghost.get_rect(center=(round(b[0]), round(b[1]))))
                color = theme.GOOD if e["force"] == "attract" else theme.ACCENT
                draw_arrow(surface, color, a, b, width)
        for e in effects:
            if e["type"] == "score":
                for kind in ("gain_cells", "risk_cells"):
                    for cell in e[kind]:
                        x, y = self.hex.to_pixel(*cell)
                        ring = theme.INK if kind == "gain_cells" else theme.BAD
                        pygame.draw.circle(surface, ring, (x, y), self.hex.size * 0.9, width)

    def panel_key(self) -> tuple:
        return (id(self.state), self.color, self.cursor, self.queue.busy, len(self.history),
                tuple(self.shown_supply), tuple(self.shown_gain), tuple(self.shown_risk))

    def blit_panel(self, surface: pygame.Surface, panel: pygame.Rect, s: float) -> None:
        super().blit_panel(surface, panel, s)
        # the GAIN and RISK areas are where scored discs fly to, in screen coordinates
        self.area_origin = {k: (x + panel.x, y) for k, (x, y) in self.panel_area_origin.items()}

    def draw_panel(self, surface: pygame.Surface, panel: pygame.Rect, s: float) -> None:
        x0, inner_w, y = self.draw_panel_header(
            surface, panel, s, "GAUSS",
            f"{self.level_title} board   {self.start_player.capitalize()} started (random)")
        # the disc colour to place: two buttons with the mover's counts
        mover = self.state.to_move
        theme.draw_text(surface, "Disc to place" if mover else "Supplies", (x0, y), int(22 * s),
                        theme.INK_DIM)
        y += int(22 * s)
        bw = (inner_w - int(10 * s)) // 2
        for k, color in enumerate(PLAYERS):
            rect = pygame.Rect(x0 + k * (bw + int(10 * s)), y, bw, int(40 * s))
            held = self.state.held(mover, color) if mover else 0
            button = self.buttons[color]
            button.label = ""
            button.draw(surface, rect, int(24 * s), active=bool(mover) and color == self.color)
            r = int(13 * s)
            img = disc_image(theme.PLAYER_COLORS[color], theme.PLAYER_DARK[color], r)
            surface.blit(img, img.get_rect(center=(rect.x + 24 * s, rect.centery)))
            label = f"{color} x{held}" if mover else color
            theme.draw_text(surface, label, (rect.x + 44 * s, rect.centery), int(26 * s),
                            theme.INK if held else theme.INK_FAINT, "midleft")
        y += int(52 * s)
        # both players' supplies, always visible
        for k, player in enumerate(PLAYERS):
            own, oth = (self.shown_supply[0], self.shown_supply[1]) if k == 0 else \
                (self.shown_supply[3], self.shown_supply[2])
            other = PLAYERS[1 - k]
            line = f"{player.capitalize()} holds {own} {player} + {oth} {other}"
            marker = ">" if player == mover else " "
            theme.draw_text(surface, f"{marker} {line}", (x0, y), int(24 * s),
                            theme.PLAYER_LIGHT[player] if player == mover else theme.INK_DIM)
            y += int(26 * s)
        y += int(10 * s)
        # GAIN and RISK areas, per colour, with their discs
        self.area_step = max(10.0, min(18 * s, (inner_w - 90 * s) / 15))
        for k, color in enumerate(PLAYERS):
            areas = (("gain", self.shown_gain[k], "GAIN"), ("risk", self.shown_risk[k], "RISK"))
            for kind, count, label in areas:
                box = pygame.Rect(x0, y, inner_w, int(28 * s))
                pygame.draw.rect(surface, theme.PLAYER_DARK[color] if kind == "gain" else theme.BG_PANEL_HI,
                                 box, border_radius=5)
                theme.draw_text(surface, f"{color[0].upper()} {label}", (box.x + 6 * s, box.centery),
                                int(20 * s), theme.INK, "midleft", bold=True)
                ox = box.x + 70 * s
                self.panel_area_origin[(kind, color)] = (ox, box.centery)
                r = int(self.area_step * 0.45)
                img = disc_image(theme.PLAYER_COLORS[color], theme.PLAYER_DARK[color], r)
                for i in range(count):
                    surface.blit(img, img.get_rect(center=(round(ox + i * self.area_step), box.centery)))
                theme.draw_text(surface, str(count), (box.right - 8 * s, box.centery), int(24 * s),
                                theme.INK, "midright", bold=True)
                y += int(32 * s)
            y += int(6 * s)
        # the move preview, in words
        y += int(4 * s)
        theme.draw_text(surface, self.preview_words(), (x0, y), int(21 * s), theme.INK)
        y += int(20 * s)
        legend = ((("green arrow: attracted", theme.GOOD), ("yellow arrow: repelled", theme.ACCENT)),
                  (("white ring: scores to GAIN", theme.INK), ("red ring: to RISK", theme.BAD)))
        for row in legend:
            x = x0
            for text, color in row:
                x += theme.draw_text(surface, text, (x, y), int(18 * s), color).width + int(14 * s)
            y += int(17 * s)
        y += int(10 * s)
        self.draw_move_list(surface, x0, y, inner_w, panel.bottom - int(56 * s), s, theme.PLAYER_LIGHT)
        self.draw_buttons(surface, x0, panel.bottom - int(46 * s), inner_w, s)

    def preview_words(self) -> str:
        if self.state.over or self.queue.busy or self.hosted:
            return ""
        move = Move(self.cursor, self.color)
        if GAUSS.why_illegal(self.state, move) is not None:
            return f"{GAUSS.move_text(move, self.state)[1:]}: not a legal cell"
        _, effects = self.preview(move)
        slides = sum(1 for e in effects if e["type"] == "slide")
        words = [f"{GAUSS.move_text(move, self.state)}: {slides} disc{'s' if slides != 1 else ''} move"]
        for e in effects:
            if e["type"] == "score":
                words.append(f"{e['color']} scores {len(e['gain_cells'])}"
                             + (f" (+{len(e['risk_cells'])} RISK)" if e["risk_cells"] else ""))
        return ", ".join(words)


_ghosts: dict[tuple[str, int], pygame.Surface] = {}


def ghost_image(color: str, radius: int) -> pygame.Surface:
    key = (color, radius)
    if key not in _ghosts:
        img = disc_image(theme.PLAYER_COLORS[color], theme.PLAYER_DARK[color], radius).copy()
        img.set_alpha(110)
        _ghosts[key] = img
    return _ghosts[key]
