"""Corners' play scene: written against the hooks a game scene fills in (``make_layout``,
``reset_view``, ``confirm``, ``step_cursor``, ``point_to``, the ``@effect`` handlers,
``draw_board``, ``board_key``, ``draw_panel``, ``panel_key``, ``status``, ``hint``,
``result_parts``), and nothing else of ``PlayScene``: what it shows it keeps itself (no
sprites), drawn with the kit (:mod:`sixth.kit`). A pass and the end are shown by the
shared handlers."""
from __future__ import annotations

import pygame

from game.i18n import _, ngettext
from game.scenes.play import MovePlay, PlayScene, effect
from game.ui import theme
from game.ui.actions import CONFIRM, DOWN, LEFT, MENU, REDO, RIGHT, UNDO, UP
from game.ui.anim import Tween, ease_out_cubic

from . import kit
from .rules import PLAYERS, Move

DROP = 0.2


class CornersScene(PlayScene):
    game_id = "corners"

    def __init__(self, app, **kw) -> None:
        super().__init__(app, **kw)
        self.cursor = (1, 1)
        #: what the board shows: cell -> (colour, scale); the stone placed last
        self.shown: dict[tuple[int, int], tuple[str, float]] = {}
        self.last: tuple[int, int] | None = None

    # -- input -> move ---------------------------------------------------------------------
    def legal_cells(self) -> set[tuple[int, int]]:
        return {m.cell for m in self.rules.legal_moves(self.state)}

    def point_to(self, move: Move) -> None:
        self.cursor = move.cell

    def step_cursor(self, direction: str) -> None:
        dx, dy = {LEFT: (-1, 0), RIGHT: (1, 0), UP: (0, -1), DOWN: (0, 1)}[direction]
        n = self.state.size
        self.cursor = (min(n - 1, max(0, self.cursor[0] + dx)), min(n - 1, max(0, self.cursor[1] + dy)))

    def confirm(self, cell: tuple[int, int]) -> None:
        self.try_play(Move(cell))

    # -- the view ----------------------------------------------------------------------------
    def reset_view(self) -> None:
        st = self.state
        self.shown = {(i % st.size, i // st.size): ("red" if c == "R" else "blue", 1.0)
                      for i, c in enumerate(st.board) if c != "."}
        self.last = None
        n = st.size
        self.cursor = (min(self.cursor[0], n - 1), min(self.cursor[1], n - 1))

    @effect("place")
    def on_place(self, e: dict, play: MovePlay) -> None:
        cell, color = (e["cell"][0], e["cell"][1]), e["player"]

        def start() -> None:
            self.shown[cell] = (color, 0.2)
            self.last = cell

        def grow(t: float) -> None:
            self.shown[cell] = (color, 0.2 + 0.8 * t)

        self.queue.add(Tween(DROP, grow, ease=ease_out_cubic), on_start=start)

    @effect("again")
    def on_again(self, e: dict, play: MovePlay) -> None:
        text = _("{side} places again").format(side=self.side_name(e["player"]))
        self.queue.add(Tween(0.3), on_start=lambda: self.show_banner(text, 2.0))

    # -- drawing -----------------------------------------------------------------------------
    def make_layout(self, size: tuple[int, int]) -> kit.Layout:
        return kit.Layout(size, self.state.size)

    def board_key(self) -> tuple | None:
        if self.awaiting_human:
            return None  # the cursor and the marks
        return (tuple(sorted(self.shown.items())), self.last)

    def draw_board(self, surface: pygame.Surface) -> None:
        g = self.layout.grid
        kit.draw_board(surface, g)
        idle = self.awaiting_human
        legal = self.legal_cells() if idle else set()
        if idle:
            kit.draw_marks(surface, g, self.state.to_move, legal)
        for cell, (color, scale) in self.shown.items():
            kit.stone(surface, color, g.to_pixel(*cell), max(3.0, g.step * 0.36 * scale))
        if self.last is not None and self.last in self.shown:
            kit.draw_last(surface, g, self.last)
        if idle:
            kit.draw_cursor(surface, g, self.cursor, self.cursor in legal)

    def status(self) -> tuple[str, tuple[int, int, int]]:
        st = self.state
        if not st.over and st.again and not self.queue.busy:
            return _("{side} places again").format(side=self.side_name(st.to_move)), self.side_ink(st.to_move)
        return super().status()

    def controls(self) -> str:
        if self.app.last_device == "mouse":
            return _("Click a cell to place a stone")
        g = self.app.glyphs()
        return _("Arrows: move   {confirm}: place   {undo}/{redo}: undo/redo   {menu}: menu").format(
            confirm=g[CONFIRM], undo=g[UNDO], redo=g[REDO], menu=g[MENU])

    def panel_key(self) -> tuple:
        return (id(self.state), self.queue.busy)

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, s: float) -> float:
        y = rect.y + int(4 * s)
        scores = self.rules.scores(self.state)
        for player in PLAYERS:
            text = ngettext("{side}: {n} stone", "{side}: {n} stones", scores[player]).format(
                side=self.side_name(player), n=scores[player])
            theme.draw_text(surface, text, (rect.x, y), int(24 * s), self.side_ink(player))
            y += theme.step(int(24 * s), 32 * s)
        return y + int(6 * s)

    # -- the end -----------------------------------------------------------------------------
    def result_parts(self, outcome):
        d = outcome.detail
        table = [["", *(self.side_name(p) for p in PLAYERS)],
                 [_("Stones"), *(str(d[p]["stones"]) for p in PLAYERS)],
                 [_("Corner stones"), *(str(d[p]["corners"]) for p in PLAYERS)]]
        reasons = [_("Nobody can place a stone any more.")]
        if outcome.reason == "count":
            reasons.append(_("More stones wins."))
        elif outcome.reason == "corners":
            reasons.append(_("Equal counts: more corner stones wins."))
        else:
            reasons.append(_("Equal stones and corners: a draw."))
        won, lost = self.winner_first(outcome.winner)
        margin = _("{won} stones to {lost}").format(won=d[won]["stones"], lost=d[lost]["stones"])
        return margin, reasons, table
