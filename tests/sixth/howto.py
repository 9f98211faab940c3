"""How to play Corners: each page a real engine position before and after a placement, drawn
with the kit (the "after" board and its caption are what ``CORNERS.play`` gives)."""
from __future__ import annotations

import pygame

from game.i18n import N_, _, refusal
from game.scenes.howto import HowToScene
from game.ui import theme

from . import kit
from .rules import CORNERS, Move, State


def position(rows: list[str], to_move: str = "red") -> State:
    """A real engine position from rows of ``.``, ``R`` and ``B`` (the top row first)."""
    obj = {"seed": 1, "size": len(rows), "board": rows, "to_move": to_move, "again": False}
    return CORNERS.load_state(obj, {"size": len(rows), "name": "classic"})


# (title, text, position, cell placed on)
PAGES = [
    (N_("Placing a stone"),
     N_("Red and Blue take turns placing a stone of their colour on an empty cell that touches none "
        "of their own stones (up, down, left or right)."),
     position(["...", ".B.", "..."]), (1, 0)),
    (N_("Never next to your own"),
     N_("A cell beside one of your own stones is refused."),
     position(["R..", "...", "..B"]), (1, 0)),
    (N_("Corners: place again"),
     N_("A stone placed in a corner earns another placement at once, while you have one."),
     position(["...", ".B.", "..."]), (0, 0)),
    (N_("Passing and the end"),
     N_("A player who cannot place passes and the other places again. When nobody can place, "
        "more stones wins; with equal counts, more corner stones; equal again, a draw."),
     position(["R.R", "..B", ".R."], "blue"), (1, 0)),
]


class CornersHowTo(HowToScene):
    game_title = N_("Corners")
    pages = PAGES

    def draw_page(self, surface: pygame.Surface, area: pygame.Rect, page, s: float) -> None:
        _title, _text, before, cell = page
        half = area.width // 2
        foot = theme.step(int(24 * s), 28 * s) * 2 + int(10 * s)
        left = pygame.Rect(area.x, area.y, half - int(20 * s), max(20, area.height - int(foot)))
        right = left.move(half + int(20 * s), 0)
        why = CORNERS.why_illegal(before, Move(cell))
        name = CORNERS.move_text(Move(cell), before)
        self.board(surface, left, before, s, _("before: {side} on {cell}").format(
            side=_(self.app_side(before.to_move)), cell=name), mark=cell)
        if why is not None:
            self.caption(surface, right, _("refused: {reason}").format(reason=refusal(why)), s, theme.BAD)
            return
        after, effects = CORNERS.play(before, Move(cell))
        last = effects[-1]
        if last["type"] == "end":
            words = _("the game ends")
        elif last["type"] == "again":
            words = _("{side} places again").format(side=_(self.app_side(last["player"])))
        elif last["type"] == "pass":
            words = _("{side} passes").format(side=_(self.app_side(last["player"])))
        else:
            words = _("{side} to move").format(side=_(self.app_side(after.to_move)))
        self.board(surface, right, after, s, _("after: {what}").format(what=words))

    @staticmethod
    def app_side(player: str | None) -> str:
        return {"red": N_("Red"), "blue": N_("Blue")}.get(player or "", "")

    def board(self, surface: pygame.Surface, rect: pygame.Rect, state: State, s: float, caption: str,
              mark: tuple[int, int] | None = None) -> None:
        g = kit.Grid(state.size, rect)
        kit.draw_board(surface, g)
        for sprite in kit.stones_of(state):
            kit.stone(surface, sprite.color, g.to_pixel(*sprite.cell), g.step * 0.36)
        if mark is not None:
            kit.draw_cursor(surface, g, mark, CORNERS.why_illegal(state, Move(mark)) is None)
        self.caption(surface, rect, caption, s, theme.INK)

    @staticmethod
    def caption(surface: pygame.Surface, rect: pygame.Rect, text: str, s: float, color) -> None:
        y = rect.bottom + int(6 * s)
        for line in theme.wrap(text, int(24 * s), rect.width)[:2]:
            theme.draw_text(surface, line, (rect.centerx, y), int(24 * s), color, "midtop")
            y += theme.step(int(24 * s), 28 * s)
