"""A game's list of things to do, each ticked once done (its puzzles, its course), and
the screen that hosts the game's board for one of them.

A list names its entries (``titles``), which are done (``marks``, read again by
``refresh`` when the screen comes back from one), what the heading and the line of
progress say, and what choosing an entry opens (an :class:`EntryScene`).
"""
from __future__ import annotations

import pygame

from ..i18n import _
from ..ui import theme
from ..ui.actions import BACK, MENU, Action
from ..ui.widgets import Item, Menu
from .base import BackButton, Scene


class ChecklistScene(Scene):
    moves_by_itself = False
    #: the entries' size at the design size
    SIZE = 28

    def __init__(self, app, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.back = BackButton()
        self.done = self.marks()
        self.menu = Menu([Item(self.label(n), lambda n=n: self.open(n), ticked=n in self.done)
                          for n in range(len(self.titles()))], size=self.SIZE)

    # -- what a subclass says -------------------------------------------------------------
    def titles(self) -> list[str]:
        """The entries' titles, in the player's language."""
        raise NotImplementedError

    def marks(self) -> set[int]:
        """The entries done (from 0)."""
        raise NotImplementedError

    def open(self, n: int) -> None:
        raise NotImplementedError

    def heading(self) -> str:
        raise NotImplementedError

    def progress(self, done: int, total: int) -> str:
        raise NotImplementedError

    # -- the list ---------------------------------------------------------------------------
    def label(self, n: int) -> str:
        return _("{number}. {title}").format(number=n + 1, title=self.titles()[n])

    def refresh(self) -> None:
        """The marks again (an entry was just done)."""
        self.done = self.marks()
        for n, item in enumerate(self.menu.items):
            item.label = self.label(n)
            item.ticked = n in self.done

    def handle(self, action: Action) -> None:
        if self.back.clicked(action) or (action.name in (BACK, MENU) and not action.is_pointer):
            self.app.stack.pop()
            return
        self.menu.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        w, h, s = theme.begin_screen(surface, self.heading())
        self.back.draw(surface, s)
        total = len(self.menu.items)
        theme.draw_text(surface, self.progress(len(self.done), total), (w / 2, 96 * s), int(26 * s),
                        theme.INK_DIM, "center")
        self.menu.draw(surface, w / 2, 126 * s, min(s, (h - 176 * s) / (max(1, total) * self.SIZE * 1.4)))


class EntryScene(Scene):
    """One entry of a list on the game's own board: the game's scene, started by the
    entry at its position, never autosaved and without hints; its Menu button leaves,
    Undo and Redo start the entry again (``again``)."""

    def __init__(self, app, game_id: str, level: str | None, listing: ChecklistScene | None) -> None:
        super().__init__(app)
        self.listing = listing
        # an exercise: never autosaved, solved unaided, the entry saying what to do, what its
        # undo and menu keys do and how it ended (no card, no review of a set-up position)
        self.game = app.nav.puzzle_game(game_id, level)
        self.game.rewire(menu=self.leave, undo=self.again, redo=self.again)

    def again(self) -> None:
        raise NotImplementedError

    def leave(self) -> None:
        """Back to the list, its marks read again."""
        if self.app.stack.top is self:
            self.app.stack.pop()
        if self.listing is not None:
            self.listing.refresh()
