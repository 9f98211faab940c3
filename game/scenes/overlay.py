"""Overlays drawn over a game: the pause menu, the result screen and small questions."""
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


def draw_box(surface: pygame.Surface, rect: pygame.Rect, s: float, edge=theme.ACCENT) -> None:
    """A framed panel for a question or a form over a dimmed screen."""
    pygame.draw.rect(surface, theme.BG_PANEL, rect, border_radius=int(12 * s))
    pygame.draw.rect(surface, edge, rect, 3, border_radius=int(12 * s))


class AskScene(Scene):
    """A question in a box over the screen below: a title, a few lines, a menu of answers.

    Esc, Backspace or B (or a click outside the box) is ``on_cancel``, by default closing
    the question. Each answer's callback runs after the question is closed.
    """

    opaque = False

    def __init__(self, app, title: str, lines: list[str], answers: list[tuple[str, Callable[[], None]]],
                 on_cancel: Callable[[], None] | None = None, index: int = 0,
                 title_color: tuple[int, int, int] = theme.INK) -> None:
        super().__init__(app)
        self.title = title
        self.lines = lines
        self.title_color = title_color
        self.on_cancel = on_cancel
        self.menu = Menu([Item(label, self._answer(fn)) for label, fn in answers], size=34)
        self.menu.index = index
        self.box = pygame.Rect(0, 0, 0, 0)

    def _answer(self, fn: Callable[[], None]) -> Callable[[], None]:
        def chosen() -> None:
            if self.app.stack.top is self:
                self.app.stack.pop()
            fn()
        return chosen

    def cancel(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()
        if self.on_cancel:
            self.on_cancel()

    def handle(self, action: Action) -> None:
        if action.name in (MENU, BACK) and not action.is_pointer:
            self.cancel()
            return
        if self.menu.handle(action):
            return

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 150)
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        size = int(26 * s)
        width = int(min(w - 60 * s, 760 * s))
        wrapped = [line for text in self.lines for line in theme.wrap(text, size, width - int(60 * s))]
        menu_h = len(self.menu.items) * int(34 * s * 1.35)
        height = int(90 * s + len(wrapped) * 32 * s + 24 * s + menu_h + 20 * s)
        self.box = pygame.Rect(0, 0, width, height)
        self.box.center = (w // 2, h // 2)
        draw_box(surface, self.box, s)
        y = self.box.y + 24 * s
        theme.draw_text(surface, self.title, (w / 2, y), int(44 * s), self.title_color, "midtop", True)
        y += 60 * s
        for line in wrapped:
            theme.draw_text(surface, line, (w / 2, y), size, theme.INK_DIM, "midtop")
            y += 32 * s
        self.menu.draw(surface, w / 2, y + 16 * s, s)


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
            Item("Save game", self.save_game),
            Item("Restart", self.restart),
            Item("How to play", self.howto),
            Item("Quit to menu", self.quit_to_menu),
        ])

    def resume(self) -> None:
        self.app.stack.pop()

    def restart(self) -> None:
        self.app.stack.pop()
        self.restart_game()

    def game_scene(self) -> Scene | None:
        """The game this menu paused: the nearest scene below it that can give its record."""
        for scene in reversed(self.app.stack.scenes):
            if scene is not self and callable(getattr(scene, "record", None)):
                return scene
        return None

    def save_game(self) -> None:
        from .name_entry import SaveNameScene

        game = self.game_scene()
        if game is None:
            self.note = "There is no game here to save."
            return
        self.note = ""
        self.app.stack.push(SaveNameScene(self.app, game.record(), self.saved))

    def saved(self, name: str) -> None:
        self.note = f"Saved as '{name}'. Load it from the title screen."

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
        app.audio.play("win")  # the result appears with a fanfare

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
