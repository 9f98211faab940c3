"""The arcade: the ladder (per game, beat easy, then medium, then hard) and the hall of fame.

The ladder screen lists the games with the rungs beaten and the one to beat next (the rows
shrink to fit every game, down to a size still easy to read, and scroll beyond it);
choosing a game starts a ladder game against that rung (the player takes the game's
first side; no hints, no take-backs). The hall of fame shows one game's three tables at
a time: Left/Right (or the arrows on screen, or the mouse wheel) go from game to game.
"""
from __future__ import annotations

import pygame

from .. import catalogue, fame, ladder, puzzles
from ..i18n import _
from ..ui import theme
from ..ui.actions import BACK, CONFIRM, DOWN, LEFT, MENU, RIGHT, UP, Action
from .base import BackButton, Scene
from .seats import Seat, level_name


def start_ladder_game(app, game_id: str) -> None:
    """A ladder game of ``game_id`` against the rung to beat now, after asking when the
    game has a game in progress (a new game replaces its autosave)."""
    rung = ladder.of(game_id).rung
    person, computer = catalogue.get(game_id).players
    seats = {person: Seat(person, "human"), computer: Seat(computer, rung)}

    def new_game() -> None:
        app.nav.play(game_id, app.chosen_levels.get(game_id), seats=seats, ladder=rung)

    app.nav.replacing(game_id, new_game, _("Start the ladder game"),
                      {p: seat.kind for p, seat in seats.items()})


class LadderScene(Scene):
    moves_by_itself = False

    def __init__(self, app, game_id: str | None = None) -> None:
        super().__init__(app)
        self.games = list(catalogue.GAME_IDS)
        self.index = self.games.index(game_id) if game_id in self.games else 0
        #: the rows drawn last: (the game's index, its rectangle)
        self.rows: list[tuple[int, pygame.Rect]] = []
        self.back = BackButton()

    def handle(self, action: Action) -> None:
        if self.back.clicked(action) or (action.name in (BACK, MENU) and not action.is_pointer):
            self.app.stack.pop()
            return
        if action.pos is not None:
            for i, row in self.rows:
                if row.collidepoint(action.pos):
                    self.index = i
                    if action.name == CONFIRM:
                        start_ladder_game(self.app, self.games[i])
            return
        if action.name in (UP, DOWN):
            self.index = (self.index + (1 if action.name == DOWN else -1)) % len(self.games)
        elif action.name == CONFIRM:
            start_ladder_game(self.app, self.games[self.index])

    def draw(self, surface: pygame.Surface) -> None:
        w, h, s = theme.begin_screen(surface, _("Arcade ladder"))
        self.back.draw(surface, s)
        climbs = ladder.progress()
        intro = _("Beat the computer at easy, then medium, then hard. No hints, no take-backs.")
        theme.draw_text(surface, intro, (w / 2, 92 * s), theme.fitted(intro, int(24 * s), w - 60 * s),
                        theme.INK_DIM, "midtop")
        self.rows = []
        top = int(136 * s)
        shown, r = self.rows_shown(top, h - int(50 * s), s)
        row_h = int(100 * r)
        width = int(min(w - 80 * s, 1000 * s))
        for place, i in enumerate(shown):
            game_id = self.games[i]
            climb = climbs.get(game_id, ladder.Progress())
            rect = pygame.Rect(0, 0, width, row_h - int(12 * r))
            rect.midtop = (w // 2, top + place * row_h)
            self.rows.append((i, rect))
            on = i == self.index
            pygame.draw.rect(surface, theme.BG_PANEL_HI if on else theme.BG_PANEL, rect,
                             border_radius=int(10 * s))
            if on:
                pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=int(10 * s))
            rungs_w = int(420 * s)
            title = _(catalogue.get(game_id).title)
            room = rect.width - rungs_w - int(40 * s)
            theme.draw_text(surface, title, (rect.x + 20 * s, rect.y + 12 * r),
                            theme.fitted(title, int(36 * r), room, True), theme.INK, bold=True)
            if climb.climbed:
                note = _("Climbed in {count} games. Play hard again.").format(count=climb.games)
            else:
                note = _("Next: the computer at {level}").format(level=level_name(climb.rung))
            theme.draw_text(surface, note, (rect.x + 20 * s, rect.y + 52 * r),
                            theme.fitted(note, int(24 * r), room), theme.ACCENT if on else theme.INK_DIM)
            # the three rungs: beaten ones lit, with a check
            pip_w = (rungs_w - int(20 * s)) // 3
            for k, rung in enumerate(ladder.RUNGS):
                pip = pygame.Rect(rect.right - rungs_w + k * pip_w, rect.y + int(18 * r), pip_w - int(10 * s),
                                  rect.height - int(36 * r))
                done = rung in climb.beaten
                nxt = rung == climb.rung and not climb.climbed
                pygame.draw.rect(surface, theme.GOOD if done else theme.BG, pip, border_radius=int(8 * s))
                pygame.draw.rect(surface, theme.ACCENT if nxt else theme.INK_FAINT, pip, 2,
                                 border_radius=int(8 * s))
                label = level_name(rung)
                tick = sum(theme.tick_size(int(24 * r), done)) if done else 0
                size = theme.fitted(label, int(24 * r), pip.width - 8 - tick, done)
                if done:
                    theme.draw_ticked_text(surface, label, pip.center, size, theme.BG, True)
                else:
                    theme.draw_text(surface, label, pip.center, size, theme.INK, "center")
        controls = (_("D-pad: choose   A: play   B: back") if self.app.last_device.startswith("pad")
                    else _("Up/Down: choose   Enter or click: play   Esc: back"))
        theme.draw_text(surface, controls, (w / 2, h - 24 * s), int(22 * s), theme.INK_FAINT, "center")

    #: rows shrink to this share of their full height to fit every game; below it they scroll
    SMALLEST_ROW = 0.7

    def rows_shown(self, top: int, bottom: int, s: float) -> tuple[list[int], float]:
        """Which games' rows fit between ``top`` and ``bottom`` (the chosen one always among
        them), and the scale they are drawn at: every game, shrunk as far as needed, or as
        many as fit at the smallest scale around the chosen one."""
        n = len(self.games)
        r = s * min(1.0, (bottom - top) / (n * 100 * s))
        if r >= s * self.SMALLEST_ROW:
            return list(range(n)), r
        r = s * self.SMALLEST_ROW
        fit = max(1, int((bottom - top) // int(100 * r)))
        first = min(max(0, self.index - fit // 2), n - fit)
        return list(range(first, first + fit)), r


class HallScene(Scene):
    """One game's three tables; Left/Right change the game."""

    moves_by_itself = False

    def __init__(self, app, game_id: str | None = None) -> None:
        super().__init__(app)
        self.games = list(catalogue.GAME_IDS)
        self.index = self.games.index(game_id) if game_id in self.games else 0
        self.back = BackButton()
        self.arrows: list[tuple[pygame.Rect, int]] = []

    def turn(self, step: int) -> None:
        self.index = (self.index + step) % len(self.games)

    def handle(self, action: Action) -> None:
        if self.back.clicked(action) or (action.name in (BACK, MENU) and not action.is_pointer):
            self.app.stack.pop()
            return
        if action.pos is not None:
            if action.name == CONFIRM:
                for rect, step in self.arrows:
                    if rect.collidepoint(action.pos):
                        self.turn(step)
            return
        if action.name in (LEFT, UP):
            self.turn(-1)
        elif action.name in (RIGHT, DOWN, CONFIRM):
            self.turn(1)

    def draw(self, surface: pygame.Surface) -> None:
        w, h, s = theme.begin_screen(surface, _("Hall of fame"))
        self.back.draw(surface, s)
        game_id = self.games[self.index]
        area = pygame.Rect(0, int(100 * s), w, h - int(150 * s))
        draw_hall(surface, game_id, fame.hall().get(game_id, {}), area, s)
        self.arrows = []
        for step, x in ((-1, 40 * s), (1, w - 40 * s)):
            rect = pygame.Rect(0, 0, int(56 * s), int(56 * s))
            rect.center = (int(x), int(128 * s))
            pygame.draw.rect(surface, theme.BG_PANEL, rect, border_radius=8)
            pygame.draw.rect(surface, theme.INK_FAINT, rect, 2, border_radius=8)
            theme.draw_text(surface, "<" if step < 0 else ">", rect.center, int(34 * s), theme.INK, "center",
                            True)
            self.arrows.append((rect, step))
        controls = (_("D-pad: another game   B: back") if self.app.last_device.startswith("pad")
                    else _("Left/Right or the arrows: another game   Esc: back"))
        theme.draw_text(surface, controls, (w / 2, h - 24 * s), int(22 * s), theme.INK_FAINT, "center")


def draw_hall(surface: pygame.Surface, game_id: str, tables: dict[str, list[fame.Entry]], area: pygame.Rect,
              s: float) -> None:
    """``game_id``'s three ``tables`` in ``area``: the game's name, then a column per table."""
    name = _(catalogue.get(game_id).title)
    theme.draw_text(surface, name, (area.centerx, area.y + 10 * s),
                    theme.fitted(name, int(40 * s), area.width - 200 * s, True), theme.ACCENT, "midtop", True)
    where = _("game {number} of {total}").format(number=catalogue.GAME_IDS.index(game_id) + 1,
                                                  total=len(catalogue.GAME_IDS))
    below = theme.draw_text(surface, where, (area.centerx, area.y + 58 * s), int(20 * s), theme.INK_FAINT,
                            "midtop").bottom
    # a game without puzzles has no puzzle streaks to keep
    shown = [t for t in fame.TABLES if t.kind != "streak" or puzzles.load_all(game_id)]
    cols = len(shown)
    col_w = min(area.width - 40 * s, 1200 * s) / cols
    x0 = area.centerx - col_w * cols / 2
    size = int(26 * s)
    line = theme.step(size, 36 * s)
    for k, table in enumerate(shown):
        x = x0 + k * col_w + 14 * s
        y = max(area.y + 84 * s, below + 6 * s)
        inner = int(col_w - 28 * s)
        for text in theme.wrap(_(table.title), int(26 * s), inner)[:2]:  # a word longer than the room: cut
            theme.draw_text(surface, theme.ellipsized(text, int(26 * s), inner, True), (x, y), int(26 * s),
                            theme.INK, bold=True)
            y += theme.step(int(26 * s), 32 * s)
        y += 8 * s
        rows = tables.get(table.kind, [])
        if not rows:
            theme.draw_text(surface, _("nobody yet"), (x, y), int(22 * s), theme.INK_FAINT)
        for place, entry in enumerate(rows, 1):
            theme.draw_text(surface, f"{place}. {entry.initials}", (x, y), size,
                            theme.ACCENT if place == 1 else theme.INK, bold=True)
            value = _(table.unit).format(value=entry.value)
            theme.draw_text(surface, value, (x + inner, y), theme.fitted(value, size, inner * 0.5),
                            theme.INK_DIM,
                            "topright")
            y += line
