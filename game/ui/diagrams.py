"""What a game's drawing kit offers the how-to pages (``levels/howto/<game>.json``, read by
``game.content.howto``): a position drawn into a rectangle, the words under it, the icons a page's
legend names and any picture a page names as its aside. The how-to screen
(``game.scenes.menus.howto``) lays the pages out; a game's kit subclasses :class:`Diagrams` and its
record names the subclass (``diagrams``)."""
from __future__ import annotations

from collections.abc import Callable
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
    #: the options a diagram may give this kit (``"options"`` in the file), and their types
    options: dict[str, type] = {}
    #: the pictures the kit draws as an aside (``{"kit": name}``), and whether each is of a
    #: position (it then needs a diagram: the aside's own or the page's first)
    pictures: dict[str, bool] = {}
    #: the icons a page's legend may name (``{"legend": [[icon, words], ...]}``)
    icons: tuple[str, ...] = ()

    def __init__(self, rules: Game) -> None:
        self.rules = rules
        self._worked: dict[tuple[int, str], tuple[Any, Any]] = {}

    def worked_out(self, diagram: Any, name: str, work: Callable[[], Any]) -> Any:
        """What ``work()`` gives for ``diagram`` (what the rules say of its moves, say), worked
        out once: the screen draws its page every frame."""
        key = (id(diagram), name)
        found = self._worked.get(key)
        if found is None or found[0] is not diagram:
            found = self._worked[key] = (diagram, work())
        return found[1]

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, diagram: Any, s: float) -> pygame.Rect:
        """Draw ``diagram`` (a ``game.content.howto.Diagram``) inside ``rect``; the box it takes (its
        caption goes under it, or beside it)."""
        raise NotImplementedError

    def words(self, diagram: Any) -> dict[str, Any]:
        """The values a caption written in the how-to file may use (``{move}``, ``{side}``)."""
        move = diagram.move
        return {"move": self.rules.move_text(move, diagram.state) if move is not None else ""}

    def caption(self, diagram: Any) -> list[tuple[str, Ink]]:
        """The kit's own words under a board (in the player's language), a line and its ink each."""
        return []

    def aside(self, surface: pygame.Surface, rect: pygame.Rect, name: str, diagram: Any,
              s: float) -> pygame.Rect | None:
        """Draw the kit's picture ``name`` (a page's ``{"aside": {"kit": name}}``) inside ``rect``,
        of ``diagram`` (a ``game.content.howto.Diagram``, or None for a picture of no position); the box
        it takes (None: all of ``rect``)."""
        raise KeyError(name)

    def icon(self, surface: pygame.Surface, rect: pygame.Rect, name: str) -> None:
        """Draw the icon ``name`` (one of :attr:`icons`) into the square ``rect``."""
        raise KeyError(name)

    def problem(self, page: Any) -> str | None:
        """What on ``page`` (a ``game.content.howto.Page``) this kit cannot draw, in English; None when
        it can draw all of it."""
        for k, diagram in enumerate(page.diagrams):
            for key, value in diagram.options.items():
                if key not in self.options:
                    return f"diagram {k + 1}: the kit has no option {key!r}"
                if not isinstance(value, self.options[key]) or (self.options[key] is int and
                                                                isinstance(value, bool)):
                    return f"diagram {k + 1}: the option {key!r} must be a {self.options[key].__name__}"
        for aside in page.asides:
            if aside.kind == "kit":
                if aside.value not in self.pictures:
                    return f"the kit has no picture {aside.value!r}"
                if self.pictures[aside.value] and aside.diagram is None and not page.diagrams:
                    return f"the kit's picture {aside.value!r} needs a diagram"
            elif aside.kind == "legend":
                for row in aside.value:
                    for name in [row[0]] if isinstance(row[0], str) else row[0]:
                        if name not in self.icons:
                            return f"the kit has no icon {name!r}"
        return None


def written_caption(diagrams: Diagrams, diagram: Any) -> list[tuple[str, Ink]]:
    """A board's caption: the lines the how-to file writes (translated, their placeholders
    filled with the kit's words), else the kit's own."""
    if diagram.caption is None:
        return diagrams.caption(diagram)
    words = diagrams.words(diagram)
    lines = []
    for line in diagram.caption:
        text = _(line)
        try:
            text = text.format(**words)
        except (KeyError, IndexError, ValueError):
            pass  # a placeholder the kit has no word for: the words as written
        lines.append((text, theme.INK))
    return lines
