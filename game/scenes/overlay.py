"""Overlays drawn over a game: the pause menu and the result screen."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from ..app.input import BACK, MENU, Action
from ..app.scene import Scene
from ..ui import theme
from ..ui.widgets import Item, Menu


def dim(surface: pygame.Surface, alpha: int = 170) -> None:
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((8, 9, 14, alpha))
    surface.blit(shade, (0, 0))


class PauseScene(Scene):
    """Resume, restart, rules, quit to menu."""

    opaque = False

    def __init__(self, app, restart: Callable[[], None], game_id: str) -> None:
        super().__init__(app)
        self.restart_game = restart
        self.game_id = game_id
        self.note = ""  # why the game was paused, when it was not the player's choice
        self.menu = Menu([
            Item("Resume", self.resume),
            Item("Restart", self.restart),
            Item("How to play", self.howto),
            Item("Quit to menu", self.quit_to_menu),
        ])

    def resume(self) -> None:
        self.app.stack.pop()

    def restart(self) -> None:
        self.app.stack.pop()
        self.restart_game()

    def howto(self) -> None:
        from . import make_howto

        scene = make_howto(self.app, self.game_id)
        if scene:
            self.app.stack.push(scene)

    def quit_to_menu(self) -> None:
        from .select import SelectScene

        self.app.to_title()
        self.app.stack.push(SelectScene(self.app))

    def handle(self, action: Action) -> None:
        if action.name in (MENU, BACK) and not action.is_pointer:
            self.resume()
            return
        self.menu.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        theme.draw_text(surface, "Paused", (w / 2, h * 0.25), int(72 * s), theme.INK, "center", True)
        if self.note:
            theme.draw_text(surface, self.note, (w / 2, h * 0.32), int(28 * s), theme.ACCENT, "center")
        self.menu.draw(surface, w / 2, h * 0.38, s)


class ResultScene(Scene):
    """The final table exactly as the rules computed it, then rematch or menu."""

    opaque = False

    def __init__(self, app, headline: str, table: list[list[str]], notes: list[str],
                 rematch: Callable[[], None], accent: tuple[int, int, int] = theme.ACCENT) -> None:
        super().__init__(app)
        self.headline = headline
        self.table = table
        self.notes = notes
        self.accent = accent
        self.rematch_game = rematch
        self.menu = Menu([Item("Rematch", self.rematch), Item("Menu", self.to_menu),
                          Item("Look at the board", self.look)], size=34)

    def rematch(self) -> None:
        self.app.stack.pop()
        self.rematch_game()

    def to_menu(self) -> None:
        from .select import SelectScene

        self.app.to_title()
        self.app.stack.push(SelectScene(self.app))

    def look(self) -> None:
        self.app.stack.pop()

    def handle(self, action: Action) -> None:
        if action.name == BACK and not action.is_pointer:
            self.look()
            return
        self.menu.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 200)
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        theme.draw_text(surface, self.headline, (w / 2, h * 0.1), int(66 * s), self.accent, "center", True)
        cols = len(self.table[0])
        col_w = int(170 * s)
        first_w = int(260 * s)
        table_w = first_w + col_w * (cols - 1)
        x0 = w / 2 - table_w / 2
        y = h * 0.2
        row_h = int(38 * s)
        for r, row in enumerate(self.table):
            if r % 2 == 0:
                pygame.draw.rect(surface, theme.BG_PANEL, (x0 - 10 * s, y - 4 * s, table_w + 20 * s, row_h))
            for c, cell in enumerate(row):
                x = x0 + (0 if c == 0 else first_w + col_w * (c - 1) + col_w / 2)
                anchor = "topleft" if c == 0 else "midtop"
                bold = r == 0 or row[0].startswith("Final")
                theme.draw_text(surface, cell, (x, y), int(30 * s), theme.INK, anchor, bold)
            y += row_h
        y += 12 * s
        for note in self.notes:
            theme.draw_text(surface, note, (w / 2, y), int(26 * s), theme.INK_DIM, "midtop")
            y += 32 * s
        self.menu.draw(surface, w / 2, max(y + 20 * s, h * 0.68), s)
