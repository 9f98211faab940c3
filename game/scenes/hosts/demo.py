"""The attract loop: the computer plays itself at every game in turn.

Each game is shown with its title, a one-line description and the running score,
under a blinking "press any key or button to play". Any key, button or click goes
to the title screen (moving the mouse does not: a kiosk's visitor has to mean it).
Every game gets a fresh seed, so no two loops look alike, and a game that runs
long is cut short, so each one lasts a couple of minutes at most.
"""
from __future__ import annotations

import gc
import random

import pygame

from ... import catalogue
from ...arcade import fame
from ...i18n import _
from ...ui import present, theme
from ...ui.actions import POINT, Action
from ..base import Scene
from ..menus.arcade import draw_hall
from ..menus.seats import Seat, level_name


class DemoScene(Scene):
    calm = True
    hides_pointer = True
    #: a game still running after this long gives way to the next one
    GAME_SECONDS = 120.0
    #: how long the final result stays up before the next game
    RESULT_SECONDS = 6.0
    #: between two games, a game's hall of fame (when it has names) is shown this long
    HALL_SECONDS = 8.0

    def __init__(self, app, games: list[str] | None = None, seed: int | None = None,
                 level: str = "medium", game_seconds: float | None = None) -> None:
        super().__init__(app)
        self.rng = random.Random(seed)  # None: seeded from the OS, so each loop differs
        self.games = list(games or catalogue.GAME_IDS)
        self.index = self.rng.randrange(len(self.games))
        self.level = level
        self.game_seconds = self.GAME_SECONDS if game_seconds is None else game_seconds
        self.child = None
        self.t = 0.0  # time in the current game
        self.ending = 0.0  # time left on the result (0: the game is on)
        self.headline = ""
        self.headline_shown = False  # the last frame drew the result's headline over the game
        self.shown_band: tuple = ()
        self.played = 0
        #: the hall of fame shown between two games: (game id, its tables, time left)
        self.hall: tuple[str, dict, float] | None = None
        self.hall_shown: tuple = ()
        self.next_game()

    def next_game(self) -> None:
        game_id = self.games[self.index % len(self.games)]
        self.index += 1
        players = catalogue.get(game_id).players
        if self.child is not None:
            self.child.closed()  # its search, if any, ends with it
            self.child = None
            # between two games (a result card is showing): the time for a full collection,
            # so that nothing of the games before accumulates over weeks of demo
            gc.collect()
        # its sounds follow Settings → Sound in the demo
        self.child = self.app.nav.hosted_game(game_id, seed=self.rng.randrange(1 << 30),
                                              seats={p: Seat(p, self.level) for p in players}, demo=True)
        self.child.ai_rng.seed(self.rng.randrange(1 << 30))
        self.t, self.ending, self.headline = 0.0, 0.0, ""
        self.played += 1

    def show_hall(self) -> bool:
        """The hall of fame of the game just shown, or else of the next game that has names
        in it; False when the hall is empty (straight on to the next game)."""
        hall = fame.hall()
        here = self.child.game_id
        order = [here] + [g for g in self.games if g != here]
        for game_id in order:
            if any(hall.get(game_id, {}).values()):
                self.hall = (game_id, hall[game_id], self.HALL_SECONDS)
                return True
        return False

    def closed(self) -> None:
        if self.child is not None:
            self.child.closed()

    def handle(self, action: Action) -> None:
        if action.name == POINT:
            return
        self.app.nav.leave_demo()

    def update(self, dt: float) -> None:
        self.t += dt
        if self.hall is not None:
            game_id, tables, left = self.hall
            self.hall = (game_id, tables, left - dt) if left > dt else None
            if self.hall is None:
                self.next_game()
            return
        if self.ending > 0:
            self.ending -= dt
            if self.ending <= 0:
                self.show_hall() or self.next_game()
            return
        self.child.update(dt)
        if self.child.state.over and not self.child.queue.busy:
            self.headline = self.child.the_end().headline
            self.ending = self.RESULT_SECONDS
        elif self.t >= self.game_seconds and not self.child.queue.busy:
            self.headline = _("Time! On to the next game")
            self.ending = self.RESULT_SECONDS / 2

    def band(self, surface: pygame.Surface) -> tuple[pygame.Rect, float]:
        """The caption band at the foot of the window, and the scale."""
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        return pygame.Rect(0, h - int(150 * s), w, int(150 * s)), s

    def band_key(self) -> tuple:
        """Everything the band shows: it is drawn again when this changes."""
        return (self.child.game_id, self.child.score_line(), self.level, int(self.t * 1.6) % 2)

    def draw_hall(self, surface: pygame.Surface) -> None:
        game_id, tables, _left = self.hall
        w, h, s = theme.begin_screen(surface, _("Hall of fame"))
        draw_hall(surface, game_id, tables, pygame.Rect(0, int(100 * s), w, h - int(160 * s)), s, self.app)
        blink = int(self.t * 1.6) % 2 == 0
        if blink:
            theme.draw_text(surface, _("Press any key or button to play"), (w / 2, h - 40 * s),
                            int(34 * s), theme.ACCENT, "center", True)
        self.hall_shown = (game_id, blink, surface.get_size())

    def draw(self, surface: pygame.Surface) -> None:
        if self.hall is not None:
            self.draw_hall(surface)
            return
        band, s = self.band(surface)
        # the game lays itself out above the band, so nothing of it hides underneath
        self.child.draw(surface.subsurface((0, 0, band.w, band.y)))
        self.draw_band(surface, band, s)
        self.headline_shown = self.ending > 0 and bool(self.headline)
        if self.headline_shown:
            w = surface.get_width()
            box = pygame.Rect(0, 0, int(min(w - 60 * s, 900 * s)), int(120 * s))
            box.center = (w // 2, int(band.y * 0.45))
            present.panel(surface, box, s)
            size = theme.fitted(self.headline, int(50 * s), box.width - 40 * s, True)
            theme.draw_text(surface, self.headline, box.center, size, theme.ACCENT, "center", True)

    def draw_changes(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The game's own changes and the band when it changed; whole frames while the
        result's headline lies over the game (and once after, to clear it)."""
        if self.hall is not None:  # still but for its blinking line
            if self.hall_shown != (self.hall[0], int(self.t * 1.6) % 2 == 0, surface.get_size()):
                self.draw_hall(surface)
                return None
            return []
        if self.hall_shown:  # the game comes back: a whole frame
            self.hall_shown = ()
            self.draw(surface)
            return None
        if self.headline_shown or (self.ending > 0 and self.headline):
            self.draw(surface)
            return None
        band, s = self.band(surface)
        rects = self.child.draw_changes(surface.subsurface((0, 0, band.w, band.y)))
        if rects is None or self.band_key() != self.shown_band:
            self.draw_band(surface, band, s)
            if rects is not None:
                rects.append(band)
        return rects

    def draw_band(self, surface: pygame.Surface, band: pygame.Rect, s: float) -> None:
        child = self.child
        w = band.w
        self.shown_band = self.band_key()
        surface.fill((8, 9, 14), band)
        pygame.draw.line(surface, theme.ACCENT, band.topleft, band.topright, max(1, int(2 * s)))
        record = catalogue.get(child.game_id)
        x, right = band.x + int(28 * s), band.right - int(28 * s)
        score = child.score_line()
        score_rect = theme.draw_text(surface, score, (right, band.y + 14 * s), int(32 * s), theme.INK,
                                     "topright", True)
        room = score_rect.left - x - 24 * s
        title, blurb = _(record.title), _(record.blurb)
        theme.draw_text(surface, title, (x, band.y + 10 * s),
                        theme.fitted(title, int(46 * s), room, True), theme.INK, bold=True)
        blurb_rect = theme.draw_text(surface, blurb, (x, band.y + 58 * s),
                                     theme.fitted(blurb, int(26 * s), w * 0.62), theme.INK_DIM)
        which = _("Demo: computer against computer ({level})").format(level=level_name(self.level))
        if theme.text_width(which, int(22 * s)) <= right - blurb_rect.right - 24 * s:
            # in a small window the game's own words come first; the level is a detail
            theme.draw_text(surface, which, (right, band.y + 62 * s), int(22 * s), theme.INK_FAINT,
                            "topright")
        if int(self.t * 1.6) % 2 == 0:
            theme.draw_text(surface, _("Press any key or button to play"), (w / 2, band.bottom - 26 * s),
                            int(34 * s), theme.ACCENT, "center", True)
