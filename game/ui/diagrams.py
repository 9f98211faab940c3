"""What a game's drawing kit offers the how-to pages (``levels/howto/<game>.json``, read by
``game.howto``): a position drawn into a rectangle, the words under it, and any picture a
page names as its aside. The how-to screen (``game.scenes.howto``) lays the pages out; a
game's kit subclasses :class:`Diagrams` and its record names the subclass (``diagrams``)."""
from __future__ import annotations

from typing import Any

import pygame

from ..i18n import _
from ..rules.core import Game
from . import theme

Ink = tuple[int, int, int]


class Diagrams:
    #: lines of caption every board leaves room for under it, on every page (the boards
    #: keep one size from page to page whatever their captions say)
    caption_lines = 2
    #: the caption's size at scale 1
    caption_size = 24

    def __init__(self, rules: Game) -> None:
        self.rules = rules

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, diagram: Any, s: float) -> pygame.Rect:
        """Draw ``diagram`` (a ``game.howto.Diagram``) inside ``rect``; the box it takes (its
        caption goes under it)."""
        raise NotImplementedError

    def words(self, diagram: Any) -> dict[str, Any]:
        """The values a caption written in the how-to file may use (``{move}``, ``{side}``)."""
        move = diagram.move
        return {"move": self.rules.move_text(move, diagram.state) if move is not None else ""}

    def caption(self, diagram: Any) -> list[tuple[str, Ink]]:
        """The kit's own words under a board (in the player's language), a line and its ink each."""
        return []

    def aside(self, surface: pygame.Surface, rect: pygame.Rect, name: str, page: Any, s: float) -> None:
        """Draw the kit's picture ``name`` (a page's ``{"aside": {"kit": name}}``) inside ``rect``."""
        raise KeyError(name)


def written_caption(diagrams: Diagrams, diagram: Any) -> list[tuple[str, Ink]]:
    """A board's caption: the one the how-to file writes (translated, its placeholders filled
    with the kit's words), else the kit's own."""
    if diagram.caption is None:
        return diagrams.caption(diagram)
    text = _(diagram.caption)
    try:
        text = text.format(**diagrams.words(diagram))
    except (KeyError, IndexError, ValueError):
        pass  # a placeholder the kit has no word for: the words as written
    return [(text, theme.INK)]
