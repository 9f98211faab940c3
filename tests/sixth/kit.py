"""Corners' drawing kit: the board of squares with its files and ranks, stones as sprites,
the marks of the cells the mover may take, the cursor and the last stone's ring. The play
scene and the how-to pages draw with it (as ``game/ui/<game>.py`` does for a shipped game)."""
from __future__ import annotations

import pygame

from game import palette
from game.i18n import N_, _, refusal
from game.ui import theme
from game.ui.diagrams import Diagrams
from game.ui.frame import PlayFrame

from .rules import CORNERS, FILES, State

BOARD = (58, 64, 84)
LINE = (110, 118, 146)


class Grid:
    """Maps a cell ``(x, y)`` of an ``N × N`` board to the pixels of its centre, and back."""

    def __init__(self, n: int, rect: pygame.Rect) -> None:
        self.n = n
        self.step = min(rect.width, rect.height) / (n + 1)
        self.x0 = rect.centerx - self.step * n / 2
        self.y0 = rect.centery - self.step * n / 2

    def to_pixel(self, x: float, y: float) -> tuple[float, float]:
        return (self.x0 + (x + 0.5) * self.step, self.y0 + (y + 0.5) * self.step)

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        x, y = int((pos[0] - self.x0) // self.step), int((pos[1] - self.y0) // self.step)
        return (x, y) if 0 <= x < self.n and 0 <= y < self.n else None

    def edge(self, k: int) -> tuple[int, int]:
        """The pixel column and row of the ``k``-th line of the grid (0 to ``n``)."""
        return round(self.x0 + k * self.step), round(self.y0 + k * self.step)

    def square(self, x: int, y: int) -> pygame.Rect:
        left, top = self.edge(x)[0], self.edge(y)[1]
        right, bottom = self.edge(x + 1)[0], self.edge(y + 1)[1]
        return pygame.Rect(left, top, right - left, bottom - top)


class Layout:
    """Every position of the Corners screen for one window size."""

    def __init__(self, size: tuple[int, int], n: int) -> None:
        self.frame = PlayFrame.of(size)
        self.s = self.frame.s
        self.grid = Grid(n, self.frame.board)

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        return self.grid.cell_at(pos)


def draw_board(surface: pygame.Surface, g: Grid, labels: bool = True) -> None:
    """The squares and, outside them, the files (from the left) and ranks (from the bottom).
    One fill and the grid's lines, each pixel painted the same however the board is clipped."""
    (left, top), (right, bottom) = g.edge(0), g.edge(g.n)
    surface.fill(BOARD, pygame.Rect(left, top, right - left + 1, bottom - top + 1))
    for k in range(g.n + 1):
        x, y = g.edge(k)
        surface.fill(LINE, pygame.Rect(x, top, 1, bottom - top + 1))
        surface.fill(LINE, pygame.Rect(left, y, right - left + 1, 1))
    if labels:
        size = max(14, min(int(g.step * 0.3), 28))
        for k in range(g.n):
            x, _y = g.to_pixel(k, g.n - 1)
            theme.draw_text(surface, FILES[k], (x, g.y0 + g.n * g.step + 4), size, theme.INK_DIM, "midtop")
            _x, y = g.to_pixel(0, k)
            theme.draw_text(surface, str(g.n - k), (g.x0 - 8, y), size, theme.INK_DIM, "midright")


def stone(surface: pygame.Surface, color: str, center: tuple[float, float], radius: float,
          alpha: int = 255) -> None:
    tint = palette.SIDES[color]
    img = pygame.Surface((round(2 * radius) + 2, round(2 * radius) + 2), pygame.SRCALPHA)
    c = (img.get_width() / 2, img.get_height() / 2)
    pygame.draw.circle(img, (*tint.dark, alpha), c, radius)
    pygame.draw.circle(img, (*tint.body, alpha), c, radius * 0.86)
    surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))


class StoneSprite(pygame.sprite.Sprite):
    """One stone on its cell; ``scale`` grows it in as it is placed."""

    def __init__(self, color: str, cell: tuple[int, int]) -> None:
        super().__init__()
        self.color, self.cell, self.scale = color, cell, 1.0
        self.image = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.rect = self.image.get_rect()

    @property
    def key(self) -> tuple[int, int]:
        return self.cell

    def update(self, lay: Layout) -> None:
        g = lay.grid
        radius = max(3.0, g.step * 0.36 * self.scale)
        self.image = pygame.Surface((round(2 * radius) + 2, round(2 * radius) + 2), pygame.SRCALPHA)
        stone(self.image, self.color, (self.image.get_width() / 2, self.image.get_height() / 2), radius)
        x, y = g.to_pixel(*self.cell)
        self.rect = self.image.get_rect(center=(round(x), round(y)))


def stones_of(state: State) -> list[StoneSprite]:
    n = state.size
    return [StoneSprite("red" if c == "R" else "blue", (i % n, i // n)) for i, c in enumerate(state.board)
            if c != "."]


def draw_marks(surface: pygame.Surface, g: Grid, mover: str, cells) -> None:
    """A small dot in the mover's colour on every cell it may take."""
    for cell in cells:
        pygame.draw.circle(surface, palette.SIDES[mover].light, g.to_pixel(*cell), max(3, g.step * 0.06))


def draw_cursor(surface: pygame.Surface, g: Grid, cell: tuple[int, int], legal: bool) -> None:
    pygame.draw.rect(surface, theme.ACCENT if legal else theme.BAD, g.square(*cell).inflate(-6, -6),
                     max(3, int(g.step * 0.05)), border_radius=int(g.step * 0.08))


def draw_last(surface: pygame.Surface, g: Grid, cell: tuple[int, int]) -> None:
    """The last stone placed: a light ring on it."""
    pygame.draw.circle(surface, theme.INK, g.to_pixel(*cell), g.step * 0.14, max(2, int(g.step * 0.03)))


#: the sides' names, translated when shown
SIDE_NAMES = {"red": N_("Red"), "blue": N_("Blue")}


class CornersDiagrams(Diagrams):
    """The how-to pages' boards (``levels/howto/corners.json``): a position with the cell about to
    be taken under the cursor (the rules' reason when it is refused), or the position after it."""

    caption_lines = 3

    def words(self, diagram) -> dict:
        found = super().words(diagram)
        found["side"] = _(SIDE_NAMES.get(diagram.state.to_move or "", ""))
        return found

    def caption(self, diagram) -> list:
        if diagram.move is None:
            return []
        if diagram.show == "before":
            lines = [(_("before: {side} on {cell}").format(side=self.words(diagram)["side"],
                                                           cell=self.words(diagram)["move"]), theme.INK)]
            if diagram.refused is not None:
                lines.append((_("refused: {reason}").format(reason=refusal(diagram.refused)), theme.BAD))
            return lines
        last = diagram.effects[-1]
        side = _(SIDE_NAMES.get(last.get("player") or "", ""))
        if last["type"] == "end":
            words = _("the game ends")
        elif last["type"] == "again":
            words = _("{side} places again").format(side=side)
        elif last["type"] == "pass":
            words = _("{side} passes").format(side=side)
        else:
            words = _("{side} to move").format(side=_(SIDE_NAMES.get(diagram.after.to_move or "", "")))
        return [(_("after: {what}").format(what=words), theme.INK)]

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, diagram, s: float) -> pygame.Rect:
        state = diagram.shown
        g = Grid(state.size, rect)
        draw_board(surface, g)
        for sprite in stones_of(state):
            stone(surface, sprite.color, g.to_pixel(*sprite.cell), g.step * 0.36)
        if diagram.move is not None and diagram.show == "before":
            draw_cursor(surface, g, diagram.move.cell, CORNERS.why_illegal(state, diagram.move) is None)
        return rect
