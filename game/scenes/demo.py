"""The attract loop: the computer plays itself at every game in turn.

Each game is shown with its title, a one-line description and the running score,
under a blinking "press any key or button to play". Any key, button or click goes
to the title screen (moving the mouse does not: a kiosk's visitor has to mean it).
Every game gets a fresh seed, so no two loops look alike, and a game that runs
long is cut short, so each one lasts a couple of minutes at most.
"""
from __future__ import annotations

import random

import pygame

from .. import rules
from ..app.input import POINT, Action
from ..app.scene import Scene
from ..app.seats import Seat
from ..ui import theme
from . import has_scene, make_game_scene
from .select import BLURBS


class DemoScene(Scene):
    #: a game still running after this long gives way to the next one
    GAME_SECONDS = 120.0
    #: how long the final result stays up before the next game
    RESULT_SECONDS = 6.0

    def __init__(self, app, games: list[str] | None = None, seed: int | None = None,
                 level: str = "medium", game_seconds: float | None = None) -> None:
        super().__init__(app)
        self.rng = random.Random(seed)  # None: seeded from the OS, so each loop differs
        self.games = [g for g in (games or rules.GAME_IDS) if has_scene(g)]
        self.index = self.rng.randrange(len(self.games))
        self.level = level
        self.game_seconds = self.GAME_SECONDS if game_seconds is None else game_seconds
        self.child = None
        self.t = 0.0  # time in the current game
        self.ending = 0.0  # time left on the result (0: the game is on)
        self.headline = ""
        self.played = 0
        self.next_game()

    def next_game(self) -> None:
        game_id = self.games[self.index % len(self.games)]
        self.index += 1
        players = rules.get(game_id).players
        self.child = make_game_scene(self.app, game_id, seed=self.rng.randrange(1 << 30),
                                     seats={p: Seat(p, self.level) for p in players}, hosted=True)
        self.child.ai_rng.seed(self.rng.randrange(1 << 30))
        self.t, self.ending, self.headline = 0.0, 0.0, ""
        self.played += 1

    def handle(self, action: Action) -> None:
        if action.name == POINT:
            return
        self.app.leave_demo()

    def update(self, dt: float) -> None:
        self.t += dt
        if self.ending > 0:
            self.ending -= dt
            if self.ending <= 0:
                self.next_game()
            return
        self.child.update(dt)
        if self.child.state.over and not self.child.queue.busy:
            outcome = self.child.rules.outcome(self.child.state)
            self.headline = self.child.result(outcome)[0] if outcome else "Game over"
            self.ending = self.RESULT_SECONDS
        elif self.t >= self.game_seconds and not self.child.queue.busy:
            self.headline = "Time! On to the next game"
            self.ending = self.RESULT_SECONDS / 2

    def draw(self, surface: pygame.Surface) -> None:
        child = self.child
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        band = pygame.Rect(0, h - int(112 * s), w, int(112 * s))
        # the game lays itself out above the band, so nothing of it hides underneath
        child.draw(surface.subsurface((0, 0, w, band.y)))
        surface.fill((8, 9, 14), band)
        pygame.draw.line(surface, theme.ACCENT, band.topleft, band.topright, max(1, int(2 * s)))
        title = rules.CATALOGUE[child.game_id][0]
        x = band.x + int(28 * s)
        theme.draw_text(surface, title, (x, band.y + 12 * s), int(46 * s), theme.INK, bold=True)
        theme.draw_text(surface, BLURBS.get(child.game_id, ""), (x, band.y + 56 * s), int(26 * s),
                        theme.INK_DIM)
        theme.draw_text(surface, child.score_line(), (band.right - 28 * s, band.y + 16 * s), int(32 * s),
                        theme.INK, "topright", True)
        theme.draw_text(surface, f"Demo: computer against computer ({self.level})",
                        (band.right - 28 * s, band.y + 60 * s), int(22 * s), theme.INK_FAINT, "topright")
        if int(self.t * 1.6) % 2 == 0:
            theme.draw_text(surface, "Press any key or button to play", (w / 2, band.y - 46 * s), int(40 * s),
                            theme.ACCENT, "center", True)
        if self.ending > 0 and self.headline:
            box = pygame.Rect(0, 0, int(min(w - 60 * s, 900 * s)), int(120 * s))
            box.center = (w // 2, int(h * 0.42))
            shade = pygame.Surface(box.size, pygame.SRCALPHA)
            shade.fill((8, 9, 14, 220))
            surface.blit(shade, box.topleft)
            pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=int(10 * s))
            theme.draw_text(surface, self.headline, box.center, int(50 * s), theme.ACCENT, "center", True)
