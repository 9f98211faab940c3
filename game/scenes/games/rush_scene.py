"""The Rush scene: a turn is one or more stones; a placement with two or more
connections means the same player places again.

Input becomes a move here; the effect handlers queue the stone's drop, its
connection lines and the "again" pop; how anything is drawn lives in the drawing
kit, :mod:`game.ui.kits.rush`.
"""
from __future__ import annotations

import pygame

from ... import palette
from ...i18n import _, ngettext, refusal
from ...rules.rush import NAME, PLAYERS, Move, State
from ...ui import theme
from ...ui.actions import CONFIRM, DOWN, LEFT, MENU, REDO, RIGHT, TOUCH, UNDO, UP
from ...ui.anim import Tween, ease_out_cubic, linear
from ...ui.kits import rush as kit
from ..base import arrows
from ..play import MovePlay, PlayScene, areas, effect

DROP, LINK, AGAIN = 0.18, 0.26, 0.42


class RushScene(PlayScene):
    game_id = "rush"
    pulses = True  # the cursor breathes while the player is choosing

    def __init__(self, app, **kw) -> None:
        super().__init__(app, **kw)
        n = self.level["size"]
        self.cursor = (n // 2, n // 2)
        self.legal: set[tuple[int, int]] = set()
        self.refused: set[tuple[int, int]] = set()
        self.links: list[tuple[int, int]] = []  # the points the last placement connected to
        self.link_from: tuple[int, int] | None = None
        self.link_t = 1.0
        self.again_pop = 0.0

    # -- the game's turn --------------------------------------------------------------
    def new_game(self, seed: int | None = None) -> None:
        n = self.level["size"]
        self.cursor = (n // 2, n // 2)
        super().new_game(seed)

    def start_banner(self) -> str:
        return _("{side} starts").format(side=self.side_name(self.start_player))

    def point_to(self, move: Move) -> None:
        self.cursor = move.cell

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

    def turn_started(self) -> None:
        super().turn_started()
        self.legal = {m.cell for m in self.rules.legal_moves(self.state)}
        geo = self.state.geo
        self.refused = {geo.cell(i) for i, c in enumerate(self.state.board) if not c} - self.legal
        if self.legal and self.cursor not in self.legal and not self.hover_from_mouse:
            # a keyboard or pad cursor left on the point just filled: the nearest legal one
            x, y = self.cursor
            self.cursor = min(sorted(self.legal), key=lambda c: abs(c[0] - x) + abs(c[1] - y))

    def preview_at(self, cell: tuple[int, int]) -> tuple[State, list[dict]] | None:
        """What placing on ``cell`` would do (the engine's own effects), or None if illegal."""
        return self.preview(Move(cell)) if cell in self.legal else None

    def preview_connections(self, cell: tuple[int, int]) -> int:
        p = self.preview_at(cell)
        return -1 if p is None else p[1][0]["connections"]

    def try_place(self, cell: tuple[int, int]) -> bool:
        return self.try_play(Move(cell))

    def step_cursor(self, direction: str) -> None:
        dx, dy = {LEFT: (-1, 0), RIGHT: (1, 0), UP: (0, -1), DOWN: (0, 1)}[direction]
        n = self.state.size
        self.cursor = (min(n - 1, max(0, self.cursor[0] + dx)), min(n - 1, max(0, self.cursor[1] + dy)))

    def confirm(self, cell: tuple[int, int]) -> None:
        self.try_place(cell)

    def previewed_move(self) -> Move | None:
        return None if self.state.over else Move(self.cursor)

    def next_tap(self, move: Move) -> tuple[int, int] | None:
        if not isinstance(move, Move) or self.layout is None:
            return None
        x, y = self.layout.grid.to_pixel(*move.cell)
        return (round(x), round(y))

    def missed(self, pos: tuple[int, int]) -> None:
        if self.frame.board.collidepoint(pos):
            self.say(_("Click on a point where two lines cross."))

    @property
    def grid(self) -> kit.GridLayout | None:
        return self.layout.grid if self.layout else None

    # -- what is drawn at rest, for tests to compare with the engine ------------------------
    def reset_view(self) -> None:
        self.show_pieces(kit.stones_of(self.state))
        self.shown_count = {p: self.state.count(p) for p in PLAYERS}
        self.shown_to_move = self.state.to_move
        self.shown_continuing = self.state.continuing
        self.again_pop = 0.0
        if self.history:
            before, move, _text = self.history[-1]
            self.link_from = move.cell
            self.links = [c for c, _color in kit.occupied_neighbours(before, move.cell)]
        else:
            self.link_from, self.links = None, []
        self.link_t = 1.0

    def drawn_board(self) -> dict[tuple[int, int], str]:
        return {cell: s.color for cell, s in self.pieces.items() if s.alive()}

    def engine_board(self) -> dict[tuple[int, int], str]:
        geo = self.state.geo
        return {geo.cell(i): NAME[c] for i, c in enumerate(self.state.board) if c}

    # -- effects -> animation -------------------------------------------------------------
    def animate(self, play: MovePlay) -> None:
        super().animate(play)
        after = play.after

        def sync() -> None:
            self.shown_to_move = after.to_move
            self.shown_continuing = after.continuing

        self.queue.add(Tween(0.0, on_done=sync))

    @effect("place")
    def on_place(self, e: dict, play: MovePlay) -> None:
        cell, color = tuple(e["cell"]), e["color"]
        sprite = kit.StoneSprite(color, cell)
        targets = [c for c, _color in kit.occupied_neighbours(play.before, cell)]

        def start() -> None:
            sprite.scale, sprite.alpha = 1.5, 0
            self.add_piece(sprite)
            self.shown_count[color] += 1
            self.link_from, self.links, self.link_t = cell, targets, 0.0 if targets else 1.0

        def drop(t: float) -> None:
            sprite.scale = 1.5 - 0.5 * t
            sprite.alpha = int(255 * min(1.0, t * 1.8))

        def grow(t: float) -> None:
            self.link_t = t

        self.queue.add(Tween(DROP, drop, lambda: self.cue("place"), ease=ease_out_cubic), on_start=start)
        def connect() -> None:
            self.cue("connect")
            self.burst(sprite.rect.center, palette.SIDES[color].body, 6 + 3 * len(targets))

        if targets:  # the links to its neighbours grow: a connection
            self.queue.add(Tween(LINK, grow, ease=ease_out_cubic), on_start=connect)

    @effect("again")
    def on_again(self, e: dict, play: MovePlay) -> None:
        def start() -> None:
            self.shown_to_move, self.shown_continuing = play.mover, True

        def pop(t: float) -> None:
            self.again_pop = 1.0 - t

        self.queue.add(Tween(AGAIN, pop, ease=linear), on_start=start)

    # -- the end ------------------------------------------------------------------------------
    def result_parts(self, outcome):
        d = outcome.detail
        turns = self.turns()
        table = [["", self.side_name("black"), self.side_name("white")],
                 [_("Turns played"), *(str(sum(1 for p, _moves in turns if p == c)) for c in PLAYERS)],
                 [_("Placements"), *(str(sum(len(m) for p, m in turns if p == c)) for c in PLAYERS)],
                 [_("Longest turn"), *(str(max((len(m) for p, m in turns if p == c), default=0))
                                       for c in PLAYERS)],
                 [_("Final count (stones)"), str(d["black"]), str(d["white"])]]
        n = self.state.size
        margin = abs(d["black"] - d["white"])
        reasons = [_("The board is full. {n}×{n} = {points} points is odd, so there is never a tie.").format(
                       n=n, points=n * n),
                   ngettext("{side} has {n} more stone.", "{side} has {n} more stones.", margin).format(
                       side=self.side_name(outcome.winner), n=margin)]
        won, lost = self.winner_first(outcome.winner)
        return _("{won} stones to {lost}").format(won=d[won], lost=d[lost]), reasons, table

    # -- drawing --------------------------------------------------------------------------------
    def make_layout(self, size: tuple[int, int]) -> kit.Layout:
        return kit.Layout(size, self.state.size)

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        kit.draw_goban(surface, self.layout.grid)

    def board_key(self) -> tuple | None:
        return (self.board_marks(),)

    def board_marks(self) -> frozenset:
        """The marks over the goban, each where it is drawn (as ``draw_board`` draws them):
        the last move's connections and ring; while a person chooses, the dots near the
        cursor, the crosses on refused points, the preview (its ghost stone, its lines to
        the stones it touches, their number) and the cursor, breathing while the mover
        places again. A cursor step redraws the points whose marks changed, not the board."""
        idle = self.awaiting_human
        preview = self.preview_at(self.cursor) if idle else None
        marks: set[tuple] = set()
        if idle:
            cx, cy = self.cursor
            marks.update(("dot", c) for c in self.legal if max(abs(c[0] - cx), abs(c[1] - cy)) <= 2)
            marks.update(("refused", c) for c in self.refused)
        if self.link_from is not None and self.links and preview is None:
            marks.add(("links", self.link_from, tuple(self.links), self.link_t))
        last = self.link_from
        if last is not None and last in self.pieces and self.pieces[last].scale == 1.0:
            links = len(self.links) if self.link_t > 0 and preview is None else 0
            marks.add(("last", last, self.pieces[last].color, links))
        if idle:
            connections = preview[1][0]["connections"] if preview is not None else 0
            if preview is not None:
                marks.add(("preview", self.cursor, self.state.to_move, connections,
                           tuple(kit.occupied_neighbours(self.state, self.cursor))))
            look, color = self.cursor_look()
            marks.add(("cursor", self.cursor, look, color, preview is not None, connections,
                       self.clock if look == "again" else 0.0))
        return frozenset(marks)

    def key_area(self, before: tuple, after: tuple) -> list[pygame.Rect]:
        return areas.marks_changed(before[0], after[0], self.mark_rects)

    def mark_rects(self, mark: tuple) -> list[pygame.Rect]:
        """Where a mark of ``board_marks`` is drawn: round its point, as far as its parts
        reach (a number's badge at the corner, a preview's lines to the next points)."""
        g = self.layout.grid
        reach = {"dot": 0.6, "refused": 0.6, "last": 0.9}.get(mark[0], 1.25) * g.step + 4
        cells = [mark[1], *mark[2]] if mark[0] == "links" else [mark[1]]
        return [areas.around((g.to_pixel(*cell) for cell in cells), reach)]

    def draw_board(self, surface: pygame.Surface) -> None:
        g = self.layout.grid
        idle = self.awaiting_human  # no cursor or hints while the computer moves
        preview = self.preview_at(self.cursor) if idle else None
        if idle:
            # legal points are marked near the cursor only (81 dots made a busy board);
            # the points refused stay marked everywhere: they are the exceptions
            near = {c for c in self.legal if max(abs(c[0] - self.cursor[0]), abs(c[1] - self.cursor[1])) <= 2}
            kit.draw_marks(surface, g, self.state.to_move, near, self.refused)
        self.board.draw(surface)
        # the last move's connections, until a new placement is being looked at (its own
        # lines would mix with them)
        if self.link_from is not None and self.links and preview is None:
            kit.draw_links(surface, g, self.link_from, self.links, self.link_t)
        last = self.link_from
        if last is not None and last in self.pieces and self.pieces[last].scale == 1.0:
            kit.draw_last_marker(surface, g, last, self.pieces[last].color,
                                 len(self.links) if self.link_t > 0 and preview is None else 0)
        if idle:
            if preview is not None:
                kit.draw_preview(surface, g, self.state, self.cursor, 0)
            look, color = self.cursor_look()
            kit.draw_cursor(surface, g, self.cursor, look, color, preview is not None, self.clock)
            if preview is not None and preview[1][0]["connections"]:
                # the count beside the cursor's corner, over it: never hidden under a bracket
                x, y = g.to_pixel(*self.cursor)
                kit.draw_badge(surface, (x + g.step * 0.62, y - g.step * 0.62),
                               preview[1][0]["connections"], max(7.0, g.step * 0.2))

    def cursor_look(self) -> tuple[str, tuple[int, int, int]]:
        """How the cursor is drawn: ``("again", mover's stone colour)`` while placing again,
        else ``("place", accent)`` on a legal point or ``("refused", red)`` on any other."""
        if self.state.continuing:
            return "again", kit.stone_colors(self.state.to_move)[0]
        if self.cursor in self.legal:
            return "place", theme.ACCENT
        return "refused", theme.BAD

    def status(self) -> tuple[str, tuple[int, int, int]]:
        if self.state.over and not self.queue.busy:
            return _("Game over"), theme.ACCENT
        player = self.shown_to_move or self.state.to_move
        return _("{player} to move").format(player=self.player_name(player)), self.side_ink(player)

    def top_key(self) -> tuple:
        return (*super().top_key(), self.shown_to_move, self.shown_continuing, self.again_pop)

    def draw_status(self, surface: pygame.Surface) -> None:
        player = self.shown_to_move
        if self.shown_continuing and player is not None and not (self.state.over and not self.queue.busy):
            kit.draw_again_pill(surface, self.frame.top, player, self.side_name(player), self.again_pop,
                                self.frame.s)
            return
        super().draw_status(surface)

    def controls(self) -> str:
        if self.app.last_device == "mouse":
            return _("Click a point to place   Dots: legal points   x: not allowed here")
        if self.app.last_device == TOUCH:
            return _("Tap a point to preview, again to place   Dots: legal points")
        g = self.app.glyphs()
        return _("{arrows}: move   {confirm}: place   {undo}/{redo}: undo/redo   {menu}: menu").format(
            arrows=arrows(g), confirm=g[CONFIRM], undo=g[UNDO], redo=g[REDO], menu=g[MENU])

    # -- the side panel ---------------------------------------------------------------------
    def panel_key(self) -> tuple:
        return (id(self.state), len(self.history), self.cursor, self.queue.busy,
                tuple(self.shown_count.values()))

    def panel_subtitle(self) -> str:
        if self.set_up:
            return _("{board} board   more stones wins").format(board=self.level_title())
        return _("{board} board   {side} starts   more stones wins").format(
            board=self.level_title(), side=self.side_name(self.start_player))

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, s: float) -> float:
        x0, width, y = rect.x, rect.width, rect.y + int(2 * s)
        total = self.state.size ** 2
        mover = self.state.to_move
        for player in PLAYERS:
            name = self.side_name(player)
            if player != mover:
                label = name
            elif self.state.continuing:
                label = _("{side} places again").format(side=name)
            else:
                label = _("{side} to move").format(side=name)
            kit.draw_count(surface, x0, y, width, player, label, self.shown_count[player], total,
                           player == mover, s)
            y += int(42 * s)
        empty = total - sum(self.shown_count.values())
        text = _("Empty points: {empty} of {total}").format(empty=empty, total=total)
        theme.draw_text(surface, text, (x0, y), int(21 * s), theme.INK_DIM)
        y += int(28 * s)
        top, step = y, theme.step(int(22 * s), int(20 * s))
        for line in theme.wrap(self.preview_words(), int(22 * s), width)[:2]:
            theme.draw_text(surface, line, (x0, y), int(22 * s), theme.INK)
            y += step
        y += int(6 * s)
        if not self.details:  # the preview's two lines kept, so that what follows holds still
            return max(y, top + 2 * step + int(6 * s))
        return max(y + int(26 * s), kit.draw_legend(surface, x0, y, s, width) + int(9 * s))

    def preview_words(self) -> str:
        if self.state.over:
            return _("The board is full.")
        if self.queue.busy or self.hosted:
            return ""
        cell = self.cursor
        name = self.rules.move_text(Move(cell), self.state)
        preview = self.preview_at(cell)
        if preview is None:
            why = refusal(self.rules.why_illegal(self.state, Move(cell)))
            return _("{move}: {reason}").format(move=name, reason=why)
        after, effects = preview
        return self.placement_words(name, self.state.to_move, after, effects)

    def move_words(self, before, move: Move, effects: list[dict], after) -> str:
        """The last move as its preview said it: "d4: 2 connections, then black moves"."""
        return self.placement_words(self.rules.move_text(move, before), before.to_move, after, effects)

    def placement_words(self, name: str, mover: str, after, effects: list[dict]) -> str:
        k = effects[0]["connections"]
        if any(e["type"] == "again" for e in effects):
            return ngettext("{move}: {n} connection, then {side} places again",
                            "{move}: {n} connections, then {side} places again", k).format(
                move=name, n=k, side=self.side_word(mover))
        if after.over:
            return ngettext("{move}: {n} connection, and the board is full",
                            "{move}: {n} connections, and the board is full", k).format(move=name, n=k)
        return ngettext("{move}: {n} connection, then {side} moves",
                        "{move}: {n} connections, then {side} moves", k).format(
            move=name, n=k, side=self.side_word(after.to_move))
