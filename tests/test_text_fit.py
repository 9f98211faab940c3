"""Every text fits its room, in every language, at the smallest and a large window: no
label runs off the surface it is drawn on or off the window, and no two labels of one
screen overlap. German words are longer than English ones; this is where that shows.

Measured on the rendered text itself: ``theme.draw_text`` is watched while every screen
of ``screens.tour`` is drawn, and each label's rectangle is checked.
"""
from __future__ import annotations

import pygame
import pytest
from screens import tour

from game import i18n
from game.app.app import Options
from game.navigation import make_app
from game.ui import theme

#: pixels a label may poke out of its room or into a neighbour (line boxes are taller
#: than their letters)
SLACK = 3


class Watch:
    """The labels drawn since ``start()``: (text, surface it was drawn on, rect on that
    surface, rect in the window or None when drawn off-screen, e.g. into a cached panel)."""

    def __init__(self, monkeypatch) -> None:
        self.labels: list[tuple[str, tuple[int, int], pygame.Rect, pygame.Rect, pygame.Rect | None]] = []
        self.layer = 0  # which of the visible scenes is drawing (an overlay covers the one below)
        self.window: pygame.Surface | None = None
        original = theme.draw_text

        def draw_text(surface, text, pos, size, color=theme.INK, anchor="topleft", bold=False):
            rect = original(surface, text, pos, size, color, anchor, bold)
            root = surface.get_abs_parent()
            on_window = rect.move(surface.get_abs_offset()) if root is self.window else None
            # the surface itself is kept: a surface freed meanwhile could lend its id to another
            self.labels.append((text, (self.layer, id(surface), surface), surface.get_rect(), rect,
                                on_window))
            return rect
        monkeypatch.setattr(theme, "draw_text", draw_text)

    def start(self, window: pygame.Surface) -> None:
        self.window = window
        self.labels = []

    def problems(self, screen: str) -> list[str]:
        found = []
        w, h = self.window.get_size()
        whole = pygame.Rect(0, 0, w, h).inflate(2 * SLACK, 2 * SLACK)
        for text, _, room, rect, on_window in self.labels:
            if not text.strip():
                continue
            if not room.inflate(2 * SLACK, 2 * SLACK).contains(rect):
                found.append(f"{screen}: {text!r} runs off its surface ({rect} in {room.size})")
            elif on_window is not None and not whole.contains(on_window):
                found.append(f"{screen}: {text!r} runs off the window ({on_window})")
        drawn = [(t, s, r) for t, s, _, r, _ in self.labels if t.strip()]
        for i, (text_a, surf_a, a) in enumerate(drawn):
            for text_b, surf_b, b in drawn[i + 1:]:
                if surf_a != surf_b or text_a == text_b or "!" in (text_a, text_b):
                    continue  # a forced connection's "!" tag is drawn solid over the column's number
                cut = a.clip(b)
                if cut.w > SLACK and cut.h > SLACK:
                    found.append(f"{screen}: {text_a!r} and {text_b!r} overlap ({cut})")
        return found


def screens_with_problems(monkeypatch, language: str, size: tuple[int, int],
                          large: bool = False) -> list[str]:
    watch = Watch(monkeypatch)
    if large:  # Settings → Large text, as the app reads it at its start
        from game.persistence import settings

        real = settings.load

        def load():
            found, message = real()
            found.large_text = True
            return found, message
        monkeypatch.setattr(settings, "load", load)
    app = make_app(Options(headless=True, size=size))
    app.start()
    i18n.set_language(language)
    problems: list[str] = []
    try:
        def draw() -> None:  # only the last frame of each screen counts, drawn whole
            watch.start(app.screen)
            for layer, scene in enumerate(app.stack.visible()):
                watch.layer = layer
                # what a scene keeps painted (its side panel, its board's layers and
                # background) is painted again, so that its labels are seen too
                if getattr(scene, "_panel", None) is not None:
                    scene._panel = None
                if getattr(scene, "layers", None):
                    scene.layers.clear()
                if getattr(scene, "_background", None) is not None:
                    scene._background = None
                scene.draw(app.screen)
        monkeypatch.setattr(app, "draw", draw)
        for name in tour(app):
            problems += watch.problems(name)
    finally:
        app.shutdown()
    return sorted(set(problems))


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", i18n.available())
def test_every_label_fits_its_room(monkeypatch, language, size):
    problems = screens_with_problems(monkeypatch, language, size)
    assert problems == [], f"{len(problems)} labels do not fit:\n" + "\n".join(problems[:60])


def test_every_label_fits_with_large_text_in_the_smallest_window(monkeypatch):
    """Settings → Large text in German at 800×600, where room is shortest: layouts wrap,
    stack by the font's own height, or cut a blurb short; nothing overlaps."""
    from game.ui import theme

    problems = screens_with_problems(monkeypatch, "de", (800, 600), large=True)
    try:
        assert problems == [], f"{len(problems)} labels do not fit:\n" + "\n".join(problems[:60])
    finally:
        theme.set_large_text(False)


def test_wrapped_lines_follow_large_text(app):
    """Wrapped lines are remembered (a panel repaints its explanations on every move),
    and forgotten with the fonts: larger text wraps into more lines at once."""
    text = "The longer row wins; a repeat loses the stones set aside this turn."
    lines = theme.wrap(text, 20, 260)
    assert theme.wrap(text, 20, 260) == lines and " ".join(lines) == text
    theme.set_large_text(True)
    try:
        assert len(theme.wrap(text, 20, 260)) > len(lines)
    finally:
        theme.set_large_text(False)
    assert theme.wrap(text, 20, 260) == lines

