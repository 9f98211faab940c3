"""The GAUSS scene: a turn is a colour and a gray cell; the rules answer with the
trigger's placement, the discs it attracts and repels, and the groups that score.

Input becomes a move here; what the effects look like is queued by the effect
handlers below; how anything is drawn lives in the drawing kit, :mod:`game.ui.kits.gauss`.
"""
from __future__ import annotations

import math

import pygame

from ... import palette
from ...i18n import N_, _
from ...rules.gauss import NAME, PLAYERS, Move
from ...ui import theme
from ...ui.actions import ALTERNATE, CONFIRM, MENU, REDO, TOUCH, UNDO, Action
from ...ui.anim import Tween, ease_out_cubic, linear
from ...ui.kits import gauss as kit
from ...ui.widgets import Button
from ..base import arrows
from ..play import MovePlay, PlayScene, areas, effect

DROP, SLIDE, FLASH, FLY = 0.22, 0.38, 0.5, 0.5

#: the end card's rows: (label, key of the rules' detail)
RESULT_ROWS = ((N_("GAIN"), "gain"), (N_("RISK"), "risk"), (N_("Discs on the VOID"), "void"),
               (N_("Positive score"), "positive"), (N_("Final score"), "final"))
#: why the game was decided, by the rules' reason
RESULT_REASONS = {"score": N_("Decided by the final score."),
                  "void": N_("Final scores tied: fewer discs on the VOID wins."),
                  "risk": N_("Final scores tied, and the VOID: fewer discs in RISK wins."),
                  "draw": N_("Tied on score, VOID and RISK: both players win.")}


class GaussScene(PlayScene):
    game_id = "gauss"
    #: a move plays out in the pieces' sprites alone, the rest of the board standing still
    #: (``board_key`` unchanged): its frames redraw and present a small part of the board
    board_still_while_moving = True

    def __init__(self, app, **kw) -> None:
        super().__init__(app, **kw)
        self.cursor = (0, 0)
        self.color = "red"
        self.lean = False  # the keyboard cursor's zig-zag going up and down
        self.buttons["red"] = Button("", lambda: self.select_color("red"))
        self.buttons["blue"] = Button("", lambda: self.select_color("blue"))

    # -- the game's turn --------------------------------------------------------------
    def new_game(self, seed: int | None = None) -> None:
        self.cursor = (0, 0)
        super().new_game(seed)

    def point_to(self, move: Move) -> None:
        self.color, self.cursor = move.color, move.cell

    def after_autoplay(self) -> None:
        cell = kit.best_preview_cell(self.rules.legal_moves(self.state), self.color,
                                     lambda m: self.preview(m)[1])
        if cell is not None:  # where the preview has the most to show
            self.cursor = cell

    def turn_started(self) -> None:
        super().turn_started()
        if self.state.over:
            return
        player = self.state.to_move
        self.color = player if self.state.held(player, player) else self.other(player)
        self.cursor_onto_legal()

    def cursor_onto_legal(self) -> None:
        """A keyboard or pad cursor left on a cell that just filled moves to the nearest
        cell that can be played: after any move it points at something the player can do
        (a mouse's cursor stays under the mouse)."""
        if self.hover_from_mouse:
            return
        cells = {tuple(m.cell) for m in self.rules.legal_moves(self.state)}
        if not cells or tuple(self.cursor) in cells:
            return
        q, r = self.cursor

        def distance(cell: tuple[int, int]) -> tuple[int, tuple[int, int]]:
            dq, dr = cell[0] - q, cell[1] - r
            return (abs(dq) + abs(dr) + abs(dq + dr)) // 2, cell
        self.cursor = min(cells, key=distance)

    def select_color(self, color: str) -> None:
        if self.state.over:
            return
        if not self.state.held(self.state.to_move, color):
            side = self.side_name(self.state.to_move)
            if color == "red":
                self.say(_("{side} has no red discs left.").format(side=side))
            else:
                self.say(_("{side} has no blue discs left.").format(side=side))
            return
        self.color = color

    def alternate(self, action: Action) -> None:
        self.select_color(self.other(self.color))

    def step_cursor(self, direction: str) -> None:
        self.cursor, self.lean = kit.cell_toward(self.state.geo, self.cursor, direction, self.lean)

    def confirm(self, cell: tuple[int, int]) -> None:
        self.try_place(cell)

    def previewed_move(self) -> Move | None:
        return None if self.state.over else Move(self.cursor, self.color)

    def next_tap(self, move: Move) -> tuple[int, int] | None:
        """The colour's button first when the other colour is chosen, then the cell."""
        if not isinstance(move, Move) or self.hex is None:
            return None
        if move.color != self.color:
            rect = self.buttons[move.color].rect
            return rect.center if rect.width else None
        x, y = self.hex.to_pixel(*move.cell)
        return (round(x), round(y))

    def try_place(self, cell: tuple[int, int]) -> bool:
        """Place a disc of the chosen colour on ``cell`` (or say why not)."""
        return self.try_play(Move(cell, self.color))

    # -- scanning: the cells for the colour in hand, then the other colour's ----------------
    def scan_targets(self) -> list[tuple[str, tuple[int, int]]]:
        moves = self.rules.legal_moves(self.state)
        colours = [self.color, *(c for c in ("red", "blue") if c != self.color)]
        return [(colour, cell) for colour in colours
                for cell in sorted({tuple(m.cell) for m in moves if m.color == colour}, key=self.scan_order)]

    def scan_row_of(self, target: tuple[str, tuple[int, int]]) -> tuple[str, int]:
        colour, cell = target
        return (colour, cell[1])

    def scan_shown(self) -> tuple[str, tuple[int, int]]:
        return (self.color, tuple(self.cursor))

    def scan_show(self, target: tuple[str, tuple[int, int]]) -> None:
        self.color, self.cursor = target
        self.hover_from_mouse = False

    @property
    def hex(self):
        return self.layout.hex if self.layout else None

    # -- what is drawn at rest, for tests to compare with the engine ------------------------
    def reset_view(self) -> None:
        self.show_pieces(kit.discs_of(self.state))
        self.shown_supply = list(self.state.supply)
        self.shown_gain = list(self.state.gain)
        self.shown_risk = list(self.state.risk)

    def drawn_board(self) -> dict[tuple[int, int], str]:
        return {cell: s.color for cell, s in self.pieces.items() if s.alive() and s.fly is None}

    def engine_board(self) -> dict[tuple[int, int], str]:
        geo = self.state.geo
        return {geo.cells[i]: NAME[c] for i, c in enumerate(self.state.board) if c}

    # -- effects -> animation -------------------------------------------------------------
    @effect("place")
    def on_place(self, e: dict, play: MovePlay) -> None:
        cell, color = tuple(e["cell"]), e["color"]
        sprite = kit.DiscSprite(color, cell)
        slot = (0 if play.mover == "red" else 2) + (0 if color == "red" else 1)

        def start() -> None:
            sprite.scale, sprite.alpha = 1.7, 0
            self.add_piece(sprite)
            self.shown_supply[slot] -= 1

        def drop(t: float) -> None:
            sprite.scale = 1.7 - 0.7 * t
            sprite.alpha = int(255 * min(1.0, t * 1.6))

        self.queue.add(Tween(DROP, drop, lambda: self.cue("place"), ease=ease_out_cubic), on_start=start)

    @effect("slide", together=True)
    def on_slides(self, slides: list[dict], play: MovePlay) -> None:
        moving: list[tuple[kit.DiscSprite, tuple[float, float], tuple[float, float]]] = []
        geo = play.after.geo
        into_void = any(geo.void[geo.index[tuple(e["to"])]] for e in slides)

        def start() -> None:
            picked = [(self.pieces.pop(tuple(e["from"])), e) for e in slides]
            for sprite, e in picked:
                sprite.cell = tuple(e["to"])
                self.pieces[sprite.cell] = sprite
                moving.append((sprite, tuple(map(float, e["from"])), tuple(map(float, e["to"]))))
            self.cue("slide")

        def glide(t: float) -> None:
            for sprite, a, b in moving:
                sprite.pos = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)

        def landed() -> None:
            if into_void:  # a disc was pushed out onto the VOID ring
                self.cue("void")

        self.queue.add(Tween(SLIDE, glide, landed), on_start=start)

    @effect("score", together=True)
    def on_scores(self, scores: list[dict], play: MovePlay) -> None:
        group: list[kit.DiscSprite] = []
        flying: list[tuple[kit.DiscSprite, str, int]] = []

        def flash_start() -> None:
            for e in scores:
                for cell in e["gain_cells"] + e["risk_cells"]:
                    group.append(self.pieces[tuple(cell)])
            self.cue("score")
            for sprite in group:  # sound and sparks together
                self.burst(sprite.rect.center, palette.SIDES[sprite.color].body, 8)

        def flash(t: float) -> None:
            for sprite in group:
                sprite.flash = abs(math.sin(t * math.pi * 3)) if t < 1 else 0.0

        def fly_start() -> None:
            for e in scores:
                k = PLAYERS.index(e["color"])
                counts = {"gain": self.shown_gain[k], "risk": self.shown_risk[k]}
                for kind in ("gain", "risk"):
                    for cell in e[f"{kind}_cells"]:
                        sprite = self.pieces.pop(tuple(cell))
                        sprite.fly, sprite.cell = (kind, counts[kind]), None
                        self.board.change_layer(sprite, 1)  # over the board while it flies
                        counts[kind] += 1
                        flying.append((sprite, kind, k))

        def fly(t: float) -> None:
            for sprite, _kind, _k in flying:
                sprite.fly_t = t

        def landed() -> None:
            for sprite, kind, k in flying:
                sprite.kill()
                (self.shown_gain if kind == "gain" else self.shown_risk)[k] += 1

        self.queue.add(Tween(FLASH, flash, ease=linear), on_start=flash_start)
        self.queue.add(Tween(FLY, fly, landed, ease=ease_out_cubic), on_start=fly_start)

    # -- the end ------------------------------------------------------------------------------
    def result_parts(self, outcome):
        d = outcome.detail
        table = [["", self.side_name("red"), self.side_name("blue")]]
        for label, key in RESULT_ROWS:
            table.append([_(label), str(d["red"][key]), str(d["blue"][key])])
        reasons = []
        for c in PLAYERS:
            if d[c]["subtracts_risk"]:
                other = self.other(c)
                reasons.append(_("{side} has more discs on the VOID ({void} > {other_void}), so subtracts "
                                 "its RISK ({risk}).").format(side=self.side_name(c), void=d[c]["void"],
                                                              other_void=d[other]["void"], risk=d[c]["risk"]))
        reasons.append(_(RESULT_REASONS[outcome.reason]))
        won, lost = self.winner_first(outcome.winner)
        margin = _("Final score {won} to {lost}").format(won=d[won]["final"], lost=d[lost]["final"])
        return margin, reasons, table

    # -- drawing --------------------------------------------------------------------------------
    def make_layout(self, size: tuple[int, int]) -> kit.Layout:
        return kit.Layout(size, self.state.radius)

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        kit.draw_board(surface, self.layout.hex, self.layout.geo)

    def last_cell(self) -> tuple[int, int] | None:
        return self.history[-1][1].cell if self.history else None

    def board_key(self) -> tuple | None:
        """The marks over the discs, each where it is drawn: the last move's ring; while a
        person chooses, the cursor (its colour, and whether the cell may be played) and
        the preview's arrows and rings. The cursor gliding redraws its old and new cell and
        the previews there, not the board (1 to 2 ms a frame at 1920×1080 with two phones
        playing)."""
        marks: list[tuple] = []
        last = self.last_cell()
        if last is not None and not self.queue.busy:
            marks.append(("last", tuple(last)))
        if self.awaiting_human:
            move = Move(self.cursor, self.color)
            legal = self.rules.why_illegal(self.state, move) is None
            marks.append(("cursor", tuple(self.cursor), self.color, legal))
            if legal:
                for e in self.preview(move)[1]:
                    if e["type"] == "slide":
                        marks.append(("slide", tuple(e["from"]), tuple(e["to"]), e["color"], e["force"]))
                    elif e["type"] == "score":
                        marks += [("ring", tuple(cell), kind) for kind in ("gain_cells", "risk_cells")
                                  for cell in e[kind]]
        return (frozenset(marks),)

    def key_area(self, before: tuple, after: tuple) -> list[pygame.Rect]:
        return areas.marks_changed(before[0], after[0], self.mark_rects)

    def mark_rects(self, mark: tuple) -> list[pygame.Rect]:
        """Where a mark of ``board_key`` is drawn: its cell (a slide's arrow, from one cell to
        the other), wide enough for a score's ring and the cursor's brackets with their rims."""
        hex_ = self.layout.hex
        cells = mark[1:3] if mark[0] == "slide" else mark[1:2]
        return [areas.around((hex_.to_pixel(*cell) for cell in cells), 1.3 * hex_.size + 4)]

    def draw_board(self, surface: pygame.Surface) -> None:
        lay = self.layout
        last = self.last_cell()
        idle = self.awaiting_human  # no cursor or hints while the computer moves
        move = Move(self.cursor, self.color)
        legal = idle and self.rules.why_illegal(self.state, move) is None
        self.board.draw(surface)
        if last is not None and not self.queue.busy:
            kit.draw_last_move(surface, lay.hex, last)
        if idle:  # over the discs: a refused cell's cross shows on the disc there
            kit.draw_cursor(surface, lay.hex, self.cursor, self.color, legal)
        if legal:
            kit.draw_preview(surface, lay.hex, self.preview(move)[1])

    def controls(self) -> str:
        if self.app.last_device == "mouse":
            return _("Click a gray cell to place   Right-click: switch colour   Hover: preview")
        if self.app.last_device == TOUCH:
            return _("Tap a gray cell to preview, again to place   Colour: panel buttons")
        g = self.app.glyphs()
        if self.app.last_device.startswith("pad"):
            text = _("D-pad/stick: move   {confirm}: place   {alternate}: switch colour   "
                     "{undo}/{redo}: undo/redo   {menu}: menu")
        else:
            text = _("{arrows}: move   {confirm}: place   {alternate}: switch colour   "
                     "{undo}/{redo}: undo/redo   {menu}: menu")
        return text.format(arrows=arrows(g), confirm=g[CONFIRM], alternate=g[ALTERNATE], undo=g[UNDO],
                           redo=g[REDO], menu=g[MENU])

    # -- the side panel ------------------------------------------------------------------------
    def panel_key(self) -> tuple:
        # the preview in words, under the cursor, is the panel's live part (panel_live);
        # with the details shown the legend follows it, one line lower or higher
        return (id(self.state), self.color, self.cursor if self.details else None, self.queue.busy,
                len(self.history), tuple(self.shown_supply), tuple(self.shown_gain), tuple(self.shown_risk))

    def panel_live(self) -> tuple[tuple, pygame.Rect] | None:
        """The preview in words, two lines under the areas: a cursor's step paints them
        alone (the whole panel: 2 to 3 ms at 1080p, each step of a player's)."""
        if self.details or self.layout is None:
            return None
        s = self.frame.s
        x0, width = self.panel_columns(self.frame.panel.width, s)
        return ((self.preview_words(),),
                pygame.Rect(x0, self.layout.words_y, width, math.ceil(2 * theme.step(int(21 * s), 21 * s))))

    def paint_panel_live(self, img: pygame.Surface, s: float) -> None:
        self.draw_preview_words(img, *self.panel_columns(img.get_width(), s), s)

    def draw_preview_words(self, surface: pygame.Surface, x0: int, width: int, s: float) -> float:
        """The preview in words, at most two lines from the layout's ``words_y``; where they end."""
        size, y = int(21 * s), self.layout.words_y
        for line in theme.wrap(self.preview_words(), size, width)[:2]:
            y = theme.draw_text(surface, line, (x0, y), size, theme.INK).bottom
        return y

    def turn_ink(self, player: str, text: str) -> tuple[int, int, int]:
        """A placement in its disc's colour, as its letter says (either player may place
        either colour; the column says who placed it)."""
        return self.side_ink("blue" if text.startswith("B") else "red")

    def panel_subtitle(self) -> str:
        if self.set_up:
            return _("{board} board").format(board=self.level_title())
        return _("{board} board   {side} started (random)").format(board=self.level_title(),
                                                                   side=self.side_name(self.start_player))

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, s: float) -> float:
        lay = self.layout
        x0 = rect.x
        mover = self.state.to_move
        theme.draw_text(surface, _("Disc to place") if mover else _("Supplies"), (x0, rect.y), int(22 * s),
                        theme.INK_DIM)
        for color in PLAYERS:
            box = lay.color_buttons[color]
            button = self.buttons[color]
            button.draw(surface, box, int(24 * s), active=bool(mover) and color == self.color)
            kit.draw_color_button(surface, box, color, self.state.held(mover, color) if mover else None, s)
        y = lay.supply_y
        for k, player in enumerate(PLAYERS):  # both supplies, always visible
            own, other = ((self.shown_supply[0], self.shown_supply[1]) if k == 0
                          else (self.shown_supply[3], self.shown_supply[2]))
            if player == "red":
                line = _("{side} holds {red} red + {blue} blue").format(side=self.side_name(player),
                                                                          red=own, blue=other)
            else:
                line = _("{side} holds {blue} blue + {red} red").format(side=self.side_name(player),
                                                                          blue=own, red=other)
            theme.draw_text(surface, f"{'>' if player == mover else ' '} {line}", (x0, y), int(24 * s),
                            self.side_ink(player) if player == mover else theme.INK_DIM)
            y += theme.step(int(24 * s), int(26 * s))
        kit.draw_areas(surface, lay, self.shown_gain, self.shown_risk)
        # the preview in words: a long one (four discs move, a score and its RISK) takes two lines
        size = int(21 * s)
        y = self.draw_preview_words(surface, x0, int(rect.right - x0), s)
        if not self.details:  # the preview's two lines kept, so that what follows holds still
            return max(y, lay.words_y + 2 * theme.step(size, 21 * s)) + int(6 * s)
        end = kit.draw_legend(surface, x0, max(lay.words_y + int(20 * s), y), s, rect.width)
        return max(lay.panel_end, end + int(6 * s))

    def move_words(self, before, move: Move, effects: list[dict], after) -> str:
        """The last move as its preview said it: "Re5: 2 discs move, red scores 4"."""
        return kit.preview_words(self.rules.move_text(move, before), effects)

    def preview_words(self) -> str:
        if self.state.over or self.queue.busy or self.hosted:
            return ""
        move = Move(self.cursor, self.color)
        text = self.rules.move_text(move, self.state)
        if self.rules.why_illegal(self.state, move) is not None:
            return _("{cell}: not a legal cell").format(cell=text[1:])
        return kit.preview_words(text, self.preview(move)[1])
