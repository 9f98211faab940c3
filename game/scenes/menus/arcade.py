"""The arcade: the ladder (per game, beat easy, then medium, then hard) and the hall of fame.

The ladder screen lists the games with the rungs beaten and the one to beat next (the rows
shrink to fit every game, down to a size still easy to read, and scroll beyond it);
choosing a game starts a ladder game against that rung (the player takes the game's
first side; no hints, no take-backs). The hall of fame shows one game's three tables at
a time: Left/Right (or the arrows on screen, or the mouse wheel) go from game to game.
"""
from __future__ import annotations

from typing import Any

import pygame

from ... import catalogue
from ...arcade import fame, ladder
from ...content import puzzles
from ...i18n import N_, _, pgettext
from ...ui import icons, present, theme
from ...ui.actions import BACK, CONFIRM, DOWN, LEFT, MENU, RIGHT, UP, Action
from ..base import BackButton, Scene, back_key, either
from ..hosts import previews
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
    """Each game's ladder as a climb: a card per game with its board, and a ladder of three
    rungs (easy at the foot, hard at the top), the rungs beaten lit and ticked, the player's
    marker on the rung to beat, a star at the top once climbed. Left/Right (or a click)
    choose the game, Enter plays its rung."""

    moves_by_itself = False
    scan_step = DOWN  # scanning: down the games

    def __init__(self, app, game_id: str | None = None) -> None:
        super().__init__(app)
        self.games = list(catalogue.GAME_IDS)
        self.index = self.games.index(game_id) if game_id in self.games else 0
        #: the cards drawn last: (the game's index, its rectangle)
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
        if action.name in (UP, DOWN, LEFT, RIGHT):
            forward = action.name in (DOWN, RIGHT)
            self.index = (self.index + (1 if forward else -1)) % len(self.games)
        elif action.name == CONFIRM:
            start_ladder_game(self.app, self.games[self.index])

    def draw(self, surface: pygame.Surface) -> None:
        w, h, s = theme.begin_screen(surface, _("Arcade ladder"))
        self.back.draw(surface, s)
        climbs = ladder.progress()
        intro = _("Beat the computer at easy, then medium, then hard. No hints, no take-backs.")
        theme.draw_text(surface, intro, (w / 2, 92 * s), theme.fitted(intro, int(24 * s), w - 60 * s),
                        theme.INK_DIM, "midtop")
        gap = int(12 * s)
        top, bottom = int(128 * s), h - int(48 * s)
        width = int(min(w - 40 * s, 1500 * s))
        shown, card_w = self.cards_shown(width, gap, s)
        x0 = (w - (card_w * len(shown) + gap * (len(shown) - 1))) // 2
        self.rows = []
        for place, i in enumerate(shown):
            game_id = self.games[i]
            card = pygame.Rect(x0 + place * (card_w + gap), top, card_w, bottom - top)
            self.rows.append((i, card))
            climb = climbs.get(game_id, ladder.of(game_id))
            self.draw_climb(surface, card, game_id, climb, i == self.index, s)
        if len(shown) < len(self.games):  # more games either side: arrows say so
            for side, more in ((-1, shown[0] > 0), (1, shown[-1] < len(self.games) - 1)):
                if more:
                    x = x0 - gap if side < 0 else x0 + len(shown) * (card_w + gap) - gap // 2
                    mark = "<" if side < 0 else ">"
                    theme.draw_text(surface, mark, (x, (top + bottom) / 2), int(36 * s), theme.ACCENT,
                                    "center", True)
        g = self.app.glyphs()
        keys = {"left_right": either(g, LEFT, RIGHT), "confirm": g[CONFIRM],
                "back": back_key(g, self.app.last_device)}
        controls = (_("{left_right}: choose   {confirm}: play   {back}: back").format(**keys)
                    if self.app.last_device.startswith("pad")
                    else _("{left_right}: choose   {confirm} or click: play   {back}: back").format(**keys))
        size = theme.fitted(controls, int(22 * s), w - 20 * s)
        theme.draw_text(surface, controls, (w / 2, h - 24 * s), size, theme.INK_FAINT, "center")

    def draw_climb(self, surface: pygame.Surface, card: pygame.Rect, game_id: str, climb: ladder.Progress,
                   focused: bool, s: float) -> None:
        pygame.draw.rect(surface, theme.BG_PANEL_HI if focused else theme.BG_PANEL, card,
                         border_radius=int(12 * s))
        pygame.draw.rect(surface, theme.ACCENT if focused else theme.INK_FAINT, card,
                         max(2, int(3 * s)) if focused else 1, border_radius=int(12 * s))
        inner = card.inflate(-int(16 * s), -int(16 * s))
        art = previews.preview(self.app, game_id, (inner.width, int(inner.height * 0.2)))
        surface.blit(art, art.get_rect(midtop=(inner.centerx, inner.y)))
        y = inner.y + art.get_height() + int(6 * s)
        title = _(catalogue.get(game_id).name)
        size = theme.fitted(title, int(28 * s), inner.width, True)
        shown = theme.ellipsized(title, size, inner.width, True)
        y = theme.draw_text(surface, shown, (inner.centerx, y), size, theme.INK, "midtop", True).bottom
        y += int(4 * s)
        note = (_("Climbed in {count} games").format(count=climb.games) if climb.climbed
                else _("Next: {level}").format(level=level_name(climb.rung)))
        small = int(20 * s)
        for line in theme.wrap(note, small, inner.width)[:2]:
            y = theme.draw_text(surface, line, (inner.centerx, y), small,
                                theme.GOOD if climb.climbed else (theme.ACCENT if focused else theme.INK_DIM),
                                "midtop").bottom
        # the ladder: two rails, a rung per level, easy at the foot; a star over a climbed one
        foot = inner.bottom - int(6 * s)
        head = y + int(34 * s)
        rail = max(2, int(4 * s))
        left, right = inner.centerx - inner.width * 0.32, inner.centerx + inner.width * 0.32
        pygame.draw.line(surface, theme.INK_FAINT, (left, head - int(14 * s)), (left, foot), rail)
        pygame.draw.line(surface, theme.INK_FAINT, (right, head - int(14 * s)), (right, foot), rail)
        count = len(ladder.RUNGS)
        step = (foot - head) / count
        for k, rung in enumerate(ladder.RUNGS):
            cy = foot - step * (k + 0.5)
            box = pygame.Rect(0, 0, int(right - left + rail), max(int(26 * s), int(step * 0.5)))
            box.center = (inner.centerx, int(cy))
            beaten = rung in climb.beaten
            here = rung == climb.rung and not climb.climbed
            pygame.draw.rect(surface, theme.GOOD if beaten else theme.BG, box, border_radius=int(6 * s))
            pygame.draw.rect(surface, theme.ACCENT if here else theme.INK_FAINT, box,
                             max(2, int(3 * s)) if here else 1, border_radius=int(6 * s))
            label = level_name(rung)
            lsize = theme.fitted(label, int(22 * s), box.width - 30 * s, beaten)
            if beaten:
                theme.draw_ticked_text(surface, label, box.center, lsize, theme.BG, True)
            else:
                ink = theme.ACCENT if here else theme.INK
                theme.draw_text(surface, label, box.center, lsize, ink, "center")
            if here:  # the player's marker, beside the rung to beat
                r = max(4, int(8 * s))
                pygame.draw.circle(surface, theme.ACCENT, (box.x - r - int(4 * s), box.centery), r)
        if climb.climbed:
            star = pygame.Rect(0, 0, int(30 * s), int(30 * s))
            star.midbottom = (inner.centerx, int(head - 14 * s))
            icons.fame(surface, star, theme.ACCENT)

    #: a card is never narrower than this at the design size; beyond, the cards scroll
    NARROWEST_CARD = 150
    WIDEST_CARD = 260

    def cards_shown(self, width: int, gap: int, s: float) -> tuple[list[int], int]:
        """Which games' cards fit side by side in ``width`` (the chosen one always among
        them) and how wide each is: every game where they fit at a readable width, else as
        many as fit around the chosen one."""
        n = len(self.games)
        card_w = min(int(self.WIDEST_CARD * s), (width - gap * (n - 1)) // n)
        if card_w >= int(self.NARROWEST_CARD * s):
            return list(range(n)), card_w
        card_w = int(self.NARROWEST_CARD * s)
        fit = max(1, (width + gap) // (card_w + gap) - 1)  # room kept for the arrows at the sides
        first = min(max(0, self.index - fit // 2), n - fit)
        return list(range(first, first + fit)), card_w


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
        draw_hall(surface, game_id, fame.hall().get(game_id, {}), area, s, self.app)
        self.arrows = []
        for step, x in ((-1, 40 * s), (1, w - 40 * s)):
            rect = pygame.Rect(0, 0, int(56 * s), int(56 * s))
            rect.center = (int(x), int(128 * s))
            pygame.draw.rect(surface, theme.BG_PANEL, rect, border_radius=8)
            pygame.draw.rect(surface, theme.INK_FAINT, rect, 2, border_radius=8)
            theme.draw_text(surface, "<" if step < 0 else ">", rect.center, int(34 * s), theme.INK, "center",
                            True)
            self.arrows.append((rect, step))
        g = self.app.glyphs()
        keys = {"left_right": either(g, LEFT, RIGHT), "back": back_key(g, self.app.last_device)}
        controls = (_("{left_right}: another game   {back}: back").format(**keys)
                    if self.app.last_device.startswith("pad")
                    else _("{left_right} or the arrows: another game   {back}: back").format(**keys))
        theme.draw_text(surface, controls, (w / 2, h - 24 * s), int(22 * s), theme.INK_FAINT, "center")


#: the places of a high-score table, as an arcade names them, and their colours: gold, silver, bronze
PLACES = (N_("1ST"), N_("2ND"), N_("3RD"), N_("4TH"), N_("5TH"))
MEDALS = ((235, 190, 70), (200, 205, 215), (205, 140, 90))


def draw_hall(surface: pygame.Surface, game_id: str, tables: dict[str, list[fame.Entry]], area: pygame.Rect,
              s: float, app: Any = None) -> None:
    """``game_id``'s tables in ``area`` as an arcade's high-score table: the game's board (with
    ``app``, its picture) and name, then per table its five places (empty ones wait as dashes),
    each with its initials, its result and its day."""
    name = _(catalogue.get(game_id).title)
    top = area.y
    if app is not None:  # the game's own board beside its name: the table's art
        art = previews.preview(app, game_id, (int(150 * s), int(70 * s)))
        surface.blit(art, art.get_rect(midtop=(area.centerx, top)))
        top += art.get_height() + int(6 * s)
    name_size = theme.fitted(name, int(40 * s), area.width - 200 * s, True)
    title = theme.draw_text(surface, name, (area.centerx, top), name_size, theme.ACCENT, "midtop", True)
    where = _("game {number} of {total}").format(number=catalogue.GAME_IDS.index(game_id) + 1,
                                                  total=len(catalogue.GAME_IDS))
    below = theme.draw_text(surface, where, (area.centerx, title.bottom), int(20 * s), theme.INK_FAINT,
                            "midtop").bottom
    # a game without puzzles has no puzzle streaks to keep
    shown = [t for t in fame.TABLES if t.kind != "streak" or puzzles.load_all(game_id)]
    gap = int(14 * s)
    cols = len(shown)
    col_w = int(min(area.width - 40 * s, 1200 * s) - gap * (cols - 1)) // cols
    x0 = area.centerx - (col_w * cols + gap * (cols - 1)) // 2
    y0 = int(below + 10 * s)
    size = int(28 * s)
    line = theme.step(size, 40 * s)
    box_h = int(min(area.bottom - y0, 80 * s + fame.KEEP * line + 12 * s))
    for k, table in enumerate(shown):
        box = pygame.Rect(x0 + k * (col_w + gap), y0, col_w, box_h)
        present.panel(surface, box, s, edge=theme.INK_FAINT)
        inner = int(col_w - 28 * s)
        x, y = box.x + 14 * s, box.y + 12 * s
        heading = theme.wrap(_(table.title), int(24 * s), inner)[:2]
        for text in heading:  # a word longer than the room: cut
            theme.draw_text(surface, theme.ellipsized(text, int(24 * s), inner, True), (box.centerx, y),
                            int(24 * s), theme.INK, "midtop", True)
            y += theme.step(int(24 * s), 28 * s)
        y = max(y, box.y + 12 * s + 2 * theme.step(int(24 * s), 28 * s)) + 6 * s
        rows = tables.get(table.kind, [])
        place_w = max(theme.text_width(_(p), size, True) for p in PLACES) + int(10 * s)
        for place in range(fame.KEEP):
            ink = MEDALS[place] if place < len(MEDALS) else theme.INK_DIM
            theme.draw_text(surface, _(PLACES[place]), (x, y), size, ink, bold=True)
            letters_x = x + place_w
            if place < len(rows):
                entry = rows[place]
                # the initials letter by letter in cells of one width, as a cabinet shows them
                cell = theme.text_width("W", size, True) + 2
                for n, ch in enumerate(entry.initials):
                    theme.draw_text(surface, ch, (letters_x + n * cell + cell / 2, y), size,
                                    ink if place < len(MEDALS) else theme.INK, "midtop", True)
                value = _(table.unit).format(value=entry.value)
                room = x + inner - (letters_x + 3 * cell + 8 * s)
                vsize = theme.fitted(value, size, max(20, room))
                shown = theme.draw_text(surface, value, (x + inner, y), vsize, theme.INK, "topright")
                # the day it was set, between the initials and the result where there is room
                day = short_day(entry.date)
                dsize = int(18 * s)
                if shown.x - (letters_x + 3 * cell) >= theme.text_width(day, dsize) + 16 * s:
                    theme.draw_text(surface, day, (shown.x - 10 * s, shown.bottom - 3 * s), dsize,
                                    theme.INK_FAINT, "bottomright")
            else:
                theme.draw_text(surface, "- - -", (letters_x, y), size, theme.INK_FAINT, bold=True)
            y += line


def short_day(date: str) -> str:
    """A hall-of-fame day without its year, as the player's language writes it: "11-26" in
    English (the ISO order), "26.11." in German; anything else as it is."""
    if len(date) != 10 or date[4] != "-" or date[7] != "-":
        return date
    month, day = date[5:7], date[8:10]
    return pgettext("a day without its year: {month} {day}", "{month}-{day}").format(month=month, day=day)
