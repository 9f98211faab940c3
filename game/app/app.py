"""The application shell: window, fixed-timestep loop, scene stack, devices, settings.

``App.frame(events, real_dt)`` is one pass of the loop (input, fixed updates,
drawing); ``run`` feeds it real events and real time, tests feed it their own.
The shell knows no concrete scene: which scene comes first, where the player goes
next, what a kiosk does when nobody is there and after a failure is the
navigator's (``app.nav``, :mod:`game.navigation`), which sits above the scenes.
"""
from __future__ import annotations

import logging
import os
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from .. import settings
from ..audio import Audio
from ..ui import theme
from .clock import FixedStep
from .input import KEY_GLYPHS, POINT, TEXT, Action, translate
from .pads import PAD_ADDED, PAD_GLYPHS, PAD_REMOVED, Pads
from .scene import SceneStack

if TYPE_CHECKING:
    from ..scenes.base import Navigator

log = logging.getLogger("gauss_arcade")

DESIGN_SIZE = (1280, 720)


@dataclass
class Options:
    game: str | None = None
    level: str | None = None
    seed: int | None = None
    seconds: float | None = None
    screenshot: str | None = None
    headless: bool = False
    size: tuple[int, int] = DESIGN_SIZE
    fullscreen: bool = False
    autoplay: int = 0
    fps: int = 60
    demo: bool = False
    kiosk: bool = False


#: the kiosk's operator chord: Ctrl+Shift+O opens the operator menu
OPERATOR_KEY = pygame.K_o


def is_operator_chord(event: pygame.event.Event) -> bool:
    mod = getattr(event, "mod", 0)
    return (event.type == pygame.KEYDOWN and event.key == OPERATOR_KEY
            and bool(mod & pygame.KMOD_CTRL) and bool(mod & pygame.KMOD_SHIFT))
#: the mouse cursor hides after this long without moving (kiosk)
CURSOR_IDLE_SECONDS = 3.0


class App:
    #: where scenes send the player; set by the navigation layer that builds the app
    nav: Navigator

    def __init__(self, options: Options | None = None) -> None:
        self.options = options or Options()
        if self.options.kiosk:
            os.environ["SDL_WINDOWS_NO_CLOSE_ON_ALT_F4"] = "1"  # visitors cannot close the kiosk
        pygame.init()
        theme.forget_fonts()
        pygame.key.set_repeat(320, 70)
        self.fullscreen = False
        self.windowed_size = self.options.size
        self.screen = pygame.display.set_mode(self.options.size, pygame.RESIZABLE)
        pygame.display.set_caption("Gauss Arcade")
        if self.options.fullscreen:
            self.toggle_fullscreen(remember=False)
        self.stack = SceneStack()
        self.step = FixedStep()
        self.running = True
        self.frames = 0
        self.frame_started = time.perf_counter()
        self.last_device = "keyboard"
        self.pads = Pads()
        self.idle = 0.0  # seconds since the last input of any kind
        self.pointer_idle = 0.0  # seconds since the mouse last moved
        self.cursor_shown = True
        self.settings, self.notice = settings.load()  # notice: a one-line message for the title
        self.audio = Audio(self.settings.volume)  # silently off when there is no sound device
        if self.settings.fullscreen and not self.fullscreen and not self.options.headless:
            self.toggle_fullscreen(remember=False)

    # -- scenes (the navigator decides which) ------------------------------------------
    def start(self) -> None:
        self.nav.start()

    def start_game(self, game_id: str, level: str | None = None, seed: int | None = None,
                   autoplay: int = 0, seats: dict | None = None) -> None:
        self.nav.play(game_id, level, seed, autoplay=autoplay, seats=seats)

    def to_title(self, notice: str = "") -> None:
        self.nav.title(notice)

    def to_demo(self) -> None:
        self.nav.demo()

    def leave_demo(self) -> None:
        self.nav.leave_demo()

    def quit(self) -> None:
        self.running = False

    # -- window -----------------------------------------------------------------
    def toggle_fullscreen(self, remember: bool = True) -> None:
        self.fullscreen = not self.fullscreen
        if remember:
            self.settings.fullscreen = self.fullscreen
            self.save_settings()
        if self.fullscreen:
            self.windowed_size = self.screen.get_size()
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def save_settings(self) -> None:
        try:
            settings.save(self.settings)
        except OSError as exc:
            log.warning("Settings could not be saved: %s", exc)

    # -- the loop -----------------------------------------------------------------
    def frame(self, events: list[pygame.event.Event], real_dt: float) -> None:
        """One pass of the loop; a scene that raises is logged and the navigator takes the
        player somewhere safe (the title; a kiosk's "restarting" card)."""
        try:
            self._frame(events, real_dt)
        except Exception:
            log.error("A scene failed:\n%s", traceback.format_exc())
            self.nav.failed()

    def _frame(self, events: list[pygame.event.Event], real_dt: float) -> None:
        self.frame_started = time.perf_counter()  # scenes pace their own slices of work by it
        for event in events:
            for action in self.actions_of(event):
                top = self.stack.top
                if top is not None:
                    top.handle(action)
        for _ in range(self.step.advance(real_dt)):
            top = self.stack.top
            if top is not None:
                top.update(self.step.step)
        self.idle += real_dt
        self.pointer_idle += real_dt
        self.nav.watch()
        if self.options.kiosk:
            top = self.stack.top
            self.show_pointer(self.pointer_idle < CURSOR_IDLE_SECONDS
                              and not (top is not None and top.hides_pointer))
        self.draw()
        self.frames += 1

    def show_pointer(self, show: bool) -> None:
        """A kiosk hides the mouse pointer when it is still (and over the demo)."""
        if show != self.cursor_shown:
            self.cursor_shown = show
            pygame.mouse.set_visible(show)

    def actions_of(self, event: pygame.event.Event) -> list[Action]:
        if event.type == pygame.QUIT:
            if self.options.kiosk:
                log.info("Kiosk: a request to close the window was ignored (operator: Ctrl+Shift+O).")
            else:
                self.quit()
            return []
        if self.options.kiosk and is_operator_chord(event):
            self.idle = 0.0
            self.nav.operator()
            return []
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            self.screen = pygame.display.get_surface()
            return []
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return []
        actions = self.pads.translate(event)
        if actions is None:
            actions = translate(event)
        if actions:
            self.idle = 0.0
        if event.type == pygame.MOUSEMOTION:
            self.pointer_idle = 0.0
        for action in actions:
            if action.name == PAD_REMOVED:
                self.pad_unplugged(action)
            elif action.name not in (POINT, PAD_ADDED):
                self.last_device = action.device
        wants_text = self.stack.top is not None and self.stack.top.wants_text  # only for text entry
        return [a for a in actions
                if a.name not in (PAD_ADDED, PAD_REMOVED) and (a.name != TEXT or wants_text)]

    def pad_unplugged(self, action: Action) -> None:
        """A pad left: every scene hears it (a game pauses and frees the pad's seats)."""
        for scene in list(self.stack.scenes):
            scene.device_lost(action.device)
        if self.last_device == action.device:
            self.last_device = "keyboard"

    def glyphs(self) -> dict[str, str]:
        """Button names for on-screen prompts, for the device used last."""
        return PAD_GLYPHS if self.last_device.startswith("pad") else KEY_GLYPHS

    def draw(self) -> None:
        self.screen = pygame.display.get_surface() or self.screen
        for scene in self.stack.visible():
            scene.draw(self.screen)
        pygame.display.flip()

    def run(self) -> int:
        self.start()
        clock = pygame.time.Clock()
        started = last = time.perf_counter()
        while self.running:
            now = time.perf_counter()
            self.frame(pygame.event.get(), now - last)
            last = now
            if self.options.seconds is not None and now - started >= self.options.seconds:
                break
            clock.tick(self.options.fps)
        self.shutdown()
        return 0

    def shutdown(self) -> None:
        if self.options.screenshot:
            path = Path(self.options.screenshot)
            if path.parent and not path.parent.exists():
                path.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.screen, str(path))
        while self.stack.top:
            self.stack.pop()
        self.audio.close()
        pygame.quit()
