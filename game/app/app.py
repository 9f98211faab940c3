"""The application shell: window, fixed-timestep loop, scene stack, devices, settings.

``App.frame(events, real_dt)`` is one pass of the loop (input, fixed updates,
drawing); ``run`` feeds it real events and real time, tests feed it their own.
The shell knows no concrete scene: which scene comes first, where the player goes
next, what a kiosk does when nobody is there and after a failure is the
navigator's (``app.nav``, :mod:`game.navigation`), which sits above the scenes.
"""
from __future__ import annotations

import logging
import math
import os
import signal
import sys
import threading
import time
import traceback
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from .. import i18n, palette
from ..ai.worker import ThinkerService
from ..persistence import bindings, settings, storage
from ..ui import theme, widgets
from ..ui.anim import ease_out_cubic
from ..ui.audio import Audio, native_stderr_silenced
from .clock import FixedStep
from .input import POINT, TEXT, Action, Touch, from_touch, key_glyphs, translate
from .pads import PAD_ADDED, PAD_REMOVED, Pads, pad_glyphs
from .phones import PHONE_EVENT, PHONE_GONE, PHONE_NEWS, Phones, is_phone, phone_glyphs
from .scan import Scanner
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
    #: the computer thinks in a worker process (None: unless headless, where tests and
    #: smoke runs keep it in this process, reproducible and without a process to start)
    ai_worker: bool | None = None


#: the smallest picture every screen is laid out for; a smaller window shows a picture of
#: its shape this large (or larger), scaled down (tests/test_nothing_lost_three.py draws
#: every screen in windows down to 1x1)
SMALLEST = (400, 300)
#: the kiosk's operator chord: Ctrl+Shift+O opens the operator menu
OPERATOR_KEY = pygame.K_o


def is_operator_chord(event: pygame.event.Event) -> bool:
    mod = getattr(event, "mod", 0)
    return (event.type == pygame.KEYDOWN and event.key == OPERATOR_KEY
            and bool(mod & pygame.KMOD_CTRL) and bool(mod & pygame.KMOD_SHIFT))
#: a click that changed the screen makes further clicks wait this long: the second click
#: of a double-click belongs to the screen left, not to the one it opened
DOUBLE_CLICK_SECONDS = 0.4
#: the mouse cursor hides after this long without moving (kiosk)
CURSOR_IDLE_SECONDS = 3.0
#: the longest the loop sleeps while nothing moves: the kiosk's watch and the clocks of
#: resting scenes still run a few times a second (each wake costs well under a millisecond)
MAX_REST = 0.25
#: while resting, the loop looks for input this often
REST_POLL = 0.025
#: window events after which the picture must be drawn again although no scene changed
_WINDOW_EVENTS = {getattr(pygame, name) for name in (
    "VIDEORESIZE", "VIDEOEXPOSE", "WINDOWEXPOSED", "WINDOWRESIZED", "WINDOWSIZECHANGED", "WINDOWSHOWN",
    "WINDOWRESTORED", "WINDOWMAXIMIZED", "WINDOWFOCUSGAINED", "ACTIVEEVENT") if hasattr(pygame, name)}


def prefer_native_framebuffer(environ=os.environ, platform: str = sys.platform) -> None:
    """Present through the window system's own framebuffer on Linux, not through a
    texture of SDL's OpenGL ES renderer.

    The renderer path is SDL's default there, but where OpenGL runs in software
    (no GPU: Xvfb, most virtual machines, many small kiosks) every present uploads and
    draws the whole window: 10 ms a frame at 1920x1080 and 32 ms at 3840x2160, against
    1.2 ms and 3.3 ms through the native framebuffer (X11 MIT-SHM), measured with
    ``python -m game.bench --display`` on Xvfb. The native path is a memory copy on any
    machine, so it is the predictable choice; a player's own setting of the SDL hint
    ``SDL_FRAMEBUFFER_ACCELERATION`` wins.
    """
    if platform.startswith("linux"):
        environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


def _window() -> Any:
    """The display module's window as an SDL window object (pygame-ce calls the way to
    it deprecated in favour of windows of one's own; the game keeps the display module)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def enter_fullscreen() -> pygame.Surface:
    """The window fills its display, with a window manager or without one.

    SDL's fullscreen on X11 asks the window manager to make the window fullscreen. With
    none (a kiosk box started with ``xinit``), nobody moves the window: one centred on a
    1920x1080 screen went fullscreen with a third of it off the screen, or kept its size
    in the corner. So the window itself first takes the display's size and corner, and
    then SDL's desktop fullscreen (the desktop's own mode: no mode switch, which a bare X
    server cannot do either); with a window manager the first step is simply redone."""
    try:
        window = _window()
        desktops = pygame.display.get_desktop_sizes()
        if desktops:
            window.size = desktops[0]
        window.position = (0, 0)  # the first display's corner
        window.set_fullscreen(desktop=True)
        surface = pygame.display.get_surface()
        if surface is not None:
            return surface
    except (pygame.error, AttributeError) as exc:  # an old SDL or a driver without windows
        log.info("Desktop fullscreen is not available (%s): a fullscreen mode instead.", exc)
    return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)


def leave_fullscreen(size: tuple[int, int]) -> pygame.Surface:
    """Back to a window of ``size``, centred on the display."""
    try:
        _window().set_windowed()
    except (pygame.error, AttributeError):
        pass
    surface = pygame.display.set_mode(size, pygame.RESIZABLE)
    try:
        window = _window()
        desktops = pygame.display.get_desktop_sizes()
        if desktops:
            dw, dh = desktops[0]
            window.position = (max(0, (dw - size[0]) // 2), max(0, (dh - size[1]) // 2))
    except (pygame.error, AttributeError):
        pass
    return surface


class NoDisplay(RuntimeError):
    """No screen could be opened: SDL fell back to drawing into memory, and a game that
    seemed to run would show nobody anything."""


#: SDL's drivers that draw into memory, not on a screen
MEMORY_DRIVERS = ("offscreen", "dummy")


class App:
    #: where scenes send the player; set by the navigation layer that builds the app
    nav: Navigator

    def __init__(self, options: Options | None = None) -> None:
        self.options = options or Options()
        if self.options.kiosk:
            os.environ["SDL_WINDOWS_NO_CLOSE_ON_ALT_F4"] = "1"  # visitors cannot close the kiosk
        prefer_native_framebuffer()
        # SDL would turn SIGINT and SIGTERM into a window-close request, which a kiosk
        # ignores: the game handles the signals itself (see stop_on_signals)
        os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
        chosen_driver = bool(os.environ.get("SDL_VIDEODRIVER"))
        with native_stderr_silenced():  # the sound driver's complaints: Audio says it in one line
            pygame.init()
        theme.forget_fonts()
        # with no display (no DISPLAY, no Wayland socket) SDL quietly draws into memory: say
        # so, unless that is what was asked for (--headless, or the SDL_VIDEODRIVER set)
        if (not self.options.headless and not chosen_driver
                and pygame.display.get_driver() in MEMORY_DRIVERS):
            driver = pygame.display.get_driver()
            pygame.quit()
            raise NoDisplay(driver)
        pygame.key.set_repeat(320, 70)
        self.fullscreen = False
        self.windowed_size = self.options.size
        #: what the scenes draw on: the window, or where the window is smaller than any
        #: screen is laid out for, a larger picture of the window's shape scaled into it
        self.screen = pygame.display.set_mode(self.options.size, pygame.RESIZABLE)
        self._canvas: pygame.Surface | None = None
        self.fit_window()
        pygame.display.set_caption("Gauss Arcade")
        if self.options.fullscreen:
            self.toggle_fullscreen(remember=False)
        self.stack = SceneStack()
        self.step = FixedStep()
        self.running = True
        self.frames = 0  # passes of the loop
        self.drawn = 0  # frames drawn and presented (fewer: nothing is drawn while all rests)
        self.resting = False  # nothing moves: the loop sleeps until input or wake_at
        self.wake_at = 0.0  # perf_counter time at which the top scene next changes by itself
        #: what the window holds: the scenes drawn last, the stack's version and the
        #: surface's size; a window event (exposed, resized, shown) empties it, and the
        #: next frame is drawn whole
        self._on_screen: tuple = ()
        #: a fade under way: the picture left behind and when it began (``clock_t``)
        self._fade: tuple[pygame.Surface, float] | None = None
        self._kept: pygame.Surface | None = None  # the picture left behind, once per size
        self._fade_new: pygame.Surface | None = None  # the new screens, drawn whole once
        self._fade_new_ok = False  # it holds this fade's new screens
        #: the alpha of the old picture over the new screens in the window now, when the
        #: window holds just that blend (no banner or frame drawn over it): the next frame
        #: of the fade is then one blit of the new screens over it (``_blend_on``)
        self._blended: int | None = None
        #: the screens under a top one that keeps them still (``keeps_under``), as drawn for
        #: ``_under_for`` (what was on the screen then)
        self._under: pygame.Surface | None = None
        self._under_for: tuple = ()
        self._touched = False  # this pass had input or a window event
        #: seconds of real time the loop has run (what fades are timed by)
        self.clock_t = 0.0
        self.frame_started = time.perf_counter()
        #: the scene on top and since when (``clock_t``): its input guard counts from then
        self._top_seen: Any = None
        self._top_since = 0.0
        #: after a click that changed the screen: (the stack's version then, until when)
        self._click_guard: tuple[int, float] = (-1, 0.0)
        self.last_device = "keyboard"
        self.pads = Pads()
        self.touch = Touch()  # a finger on a touch screen
        widgets.FINGER["on"] = False  # hit areas for a mouse until a finger comes
        #: set by another thread (the phone hub) when input waits: a resting loop wakes at once
        self.wake = threading.Event()
        self.phones = Phones(self)
        #: Settings → Scanning: every device one switch, the highlight stepping by itself
        self.scanner = Scanner(self)
        self.idle = 0.0  # seconds since the last input of any kind
        self.pointer_idle = 0.0  # seconds since the mouse last moved
        self.cursor_shown = True
        for folder in ("", "saves", "autosaves", "records", "pictures"):
            storage.clean_temporaries(storage.home() / folder)  # what a crash mid-write left behind
        i18n.set_language("auto")  # the settings' own messages, in the system's language
        self.settings, self.notice = settings.load()  # notice: a one-line message for the title
        storage.welcome_visitors(self.options.kiosk)  # a kiosk's visitors keep their own progress
        storage.new_visitor()
        self.chosen_levels: dict[str, str] = {}  # game id -> the board chosen in the game list
        i18n.set_language(self.settings.language)
        theme.set_large_text(self.settings.large_text)
        palette.use(self.settings.theme)
        bindings.use(self.settings.keys, self.settings.pad_buttons)  # the player's keys (Settings → Controls)
        self.signalled: int | None = None  # the signal that ended the run, if one did
        self._old_handlers: dict[int, Any] = {}
        self.stop_on_signals()
        self.audio = Audio(self.settings.volume)  # silently off when there is no sound device
        worker = self.options.ai_worker
        if worker is None:
            worker = not self.options.headless
        self.ai: ThinkerService | None = ThinkerService() if worker else None
        if self.ai is not None:
            self.ai.start()  # it boots on the other core while the title is shown
        if self.settings.fullscreen and not self.fullscreen and not self.options.headless:
            self.toggle_fullscreen(remember=False)
        if self.settings.phones and not self.options.headless:
            self.phones.start()  # a line in the log when it cannot; the settings say why

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

    def stop_on_signals(self) -> None:
        """SIGTERM, SIGINT and SIGHUP end the run cleanly, a kiosk's included: the loop
        stops, the app shuts down (the game was autosaved after its last move) and the
        process exits 0, as a service manager stopping it expects."""
        if threading.current_thread() is not threading.main_thread():
            return  # only the main thread may set handlers (a test's helper thread)
        for name in ("SIGTERM", "SIGINT", "SIGHUP"):
            number = getattr(signal, name, None)
            if number is not None:
                try:
                    self._old_handlers[number] = signal.signal(number, self._signalled)
                except (OSError, ValueError):
                    pass

    def _signalled(self, number: int, frame: object) -> None:
        self.signalled = number
        self.running = False

    # -- window -----------------------------------------------------------------
    def toggle_fullscreen(self, remember: bool = True) -> None:
        self.fullscreen = not self.fullscreen
        if remember:
            self.settings.fullscreen = self.fullscreen
            self.save_settings()
        if self.fullscreen:
            self.windowed_size = self.window().get_size()
            enter_fullscreen()
        else:
            leave_fullscreen(self.windowed_size)
        self.fit_window()

    def window(self) -> pygame.Surface:
        """The window's own surface."""
        surface = pygame.display.get_surface()
        if surface is not None:
            return surface
        return self.screen if self._canvas is None else self._window_kept

    _window_kept: pygame.Surface

    @staticmethod
    def canvas_size(size: tuple[int, int]) -> tuple[int, int]:
        """What the scenes draw on for a window of ``size``: the window itself, or, below
        SMALLEST (the smallest size every screen is laid out for), the window's shape
        made large enough, to be scaled down into it."""
        w, h = max(1, size[0]), max(1, size[1])
        k = max(SMALLEST[0] / w, SMALLEST[1] / h)
        if k <= 1:
            return (w, h)
        return (math.ceil(w * k), math.ceil(h * k))

    def fit_window(self) -> None:
        """``screen`` for the window as it is now (after a start, a resize, fullscreen)."""
        window = pygame.display.get_surface() or self.window()
        self._window_kept = window
        size = self.canvas_size(window.get_size())
        if size == window.get_size():
            self.screen, self._canvas = window, None
        else:
            if self._canvas is None or self._canvas.get_size() != size:
                self._canvas = pygame.Surface(size).convert(window)
            self.screen = self._canvas

    def to_canvas(self, event: pygame.event.Event) -> pygame.event.Event:
        """A mouse event in a window drawn through a larger picture: its position on the picture."""
        pos = getattr(event, "pos", None)
        if self._canvas is None or pos is None:
            return event
        (cw, ch), (ww, wh) = self._canvas.get_size(), self.window().get_size()
        moved = {**event.dict, "pos": (pos[0] * cw // max(1, ww), pos[1] * ch // max(1, wh))}
        if "rel" in moved:
            moved["rel"] = (moved["rel"][0] * cw // max(1, ww), moved["rel"][1] * ch // max(1, wh))
        return pygame.event.Event(event.type, moved)

    def save_settings(self) -> None:
        try:
            settings.save(self.settings)
        except OSError as exc:
            log.warning("Settings could not be saved: %s", exc)

    # -- the loop -----------------------------------------------------------------
    def frame(self, events: list[pygame.event.Event], real_dt: float, draw: bool | None = True,
              rested: bool = False) -> None:
        """One pass of the loop; a scene that raises is logged and the navigator takes the
        player somewhere safe (the title; a kiosk's "restarting" card).

        ``draw=None`` draws only when something changed (the real loop); tests and
        benchmarks draw every frame. ``rested``: the loop slept before this pass.
        """
        try:
            self._frame(events, real_dt, draw, rested)
        except Exception:
            log.error("A scene failed:\n%s", traceback.format_exc())
            self.nav.failed()

    def _frame(self, events: list[pygame.event.Event], real_dt: float, draw: bool | None = True,
               rested: bool = False) -> None:
        self.frame_started = time.perf_counter()  # scenes pace their own slices of work by it
        widgets.FINGER["on"] = self.touch.seen  # hit areas for a finger, once one touched the screen
        touched = False  # input or a window event: what is shown may have changed
        for event in events:
            if event.type in _WINDOW_EVENTS:
                touched = True
                self._on_screen = ()
            elif event.type == PHONE_EVENT:
                touched = True  # a phone came or went: "Who plays?" shows who is connected
            actions = self.actions_of(event)
            if self.scanner.on and self.scanner.event(event, actions):
                touched = True
                self.note_top()
                continue
            for action in actions:
                touched = True
                self.note_top()
                top = self.stack.top
                if is_phone(action.device) and not self.phones.welcome(action, top):
                    continue  # not a phone's screen (settings, saves, files, the operator's)
                if self.scanner.on:  # a phone's button is the switch too; nothing else acts
                    if is_phone(action.device):
                        self.scanner.tap(action)
                    continue
                if top is not None and not self.guarded(action, top):
                    version = self.stack.version
                    top.handle(action)
                    if action.pos is not None and action.name != POINT and self.stack.version != version:
                        self._click_guard = (self.stack.version, self.clock_t + DOUBLE_CLICK_SECONDS)
        scanning = self.scanner.on
        for _ in range(self.step.advance(real_dt, rested)):
            top = self.stack.top
            if top is not None:
                top.update(self.step.step)
            if scanning:
                self.scanner.update(self.step.step)
        self.note_top()
        self.idle += real_dt
        self.pointer_idle += real_dt
        self.clock_t += real_dt
        self.nav.watch()
        if self.options.kiosk:
            top = self.stack.top
            self.show_pointer(self.pointer_idle < CURSOR_IDLE_SECONDS
                              and not (top is not None and top.hides_pointer))
        self._touched = touched
        widgets.GLIDE["on"] = self.motion()
        if draw is None:
            draw = self.must_draw(touched)
        if draw:
            self.draw()
            self.drawn += 1
        self.frames += 1
        if self.phones.hub is not None or self.phones.arrived:
            self.phones.publish()

    def touched_now(self) -> bool:
        """Whether this pass had input or a window event (what is shown may have changed)."""
        return self._touched

    def note_top(self) -> None:
        """Remember when the scene on top came there (pushed, or uncovered)."""
        top = self.stack.top
        if top is not self._top_seen:
            self._top_seen, self._top_since = top, self.clock_t

    def guarded(self, action: Action, top: Any) -> bool:
        """Whether ``action`` is dropped: a press within the top scene's input guard, or
        a click that follows, within a double-click's time, a click that changed the screen."""
        if action.name == POINT:
            return False
        if self.clock_t - self._top_since < top.input_guard:
            return True
        version, until = self._click_guard
        return action.pos is not None and version == self.stack.version and self.clock_t < until

    def must_draw(self, touched: bool) -> bool:
        """Whether this pass draws: only when what is shown can have changed. Sets
        ``resting`` and ``wake_at`` for the loop's sleep."""
        now = time.perf_counter()
        top = self.stack.top
        rest = top.next_change() if top is not None else math.inf
        if self.scanner.on:  # the highlight steps on by itself
            rest = min(rest, self.scanner.next_change())
        surface = pygame.display.get_surface()
        size = self.canvas_size(surface.get_size()) if surface is not None else self.screen.get_size()
        # a scene that was moving until now has a last frame to show
        changed = (touched or not self.resting or now >= self.wake_at
                   or self._on_screen[1:] != (self.stack.version, size, self.phones.banner()))
        if self._fade is not None:  # a fade draws every frame until its last, plain one
            rest = 0.0
        self.resting = rest > 0
        self.wake_at = now + rest
        return changed or rest <= 0

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
            self.fit_window()
            return []
        event = self.to_canvas(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return []
        actions = self.pads.translate(event)
        if actions is None:
            actions = self.phones.translate(event)
        if actions is None:
            actions = self.touch.translate(event, self.screen.get_size())
            if actions is not None:
                widgets.FINGER["on"] = self.touch.seen  # this very tap hits a finger's area
        if actions is None:
            actions = translate(event)
        if actions or event.type == pygame.FINGERDOWN:  # a finger held down is someone there
            self.idle = 0.0
        if event.type == pygame.MOUSEMOTION and not from_touch(event):
            self.pointer_idle = 0.0  # a touch screen's taps do not bring the kiosk's pointer back
        for action in actions:
            if action.name == PAD_REMOVED:
                self.pad_unplugged(action)
            elif action.name == PHONE_GONE:
                self.phone_gone(action)
            elif action.name not in (POINT, PAD_ADDED, *PHONE_NEWS):
                self.last_device = action.device
        wants_text = self.stack.top is not None and self.stack.top.wants_text  # only for text entry
        return [a for a in actions
                if a.name not in (PAD_ADDED, PAD_REMOVED, *PHONE_NEWS) and (a.name != TEXT or wants_text)]

    def pad_unplugged(self, action: Action) -> None:
        """A pad left: every scene hears it (a game pauses and frees the pad's seats)."""
        for scene in list(self.stack.scenes):
            scene.device_lost(action.device)
        if self.last_device == action.device:
            self.last_device = "keyboard"

    def phone_gone(self, action: Action) -> None:
        """A phone did not come back within its grace period: every scene hears it (a game
        asks the player on screen who plays that side now; "Who plays?" frees its seat)."""
        for scene in list(self.stack.scenes):
            scene.phone_gone(action.device)
        if self.last_device == action.device:
            self.last_device = "keyboard"

    #: glyphs a screen's prompts are written with instead, while set (a phone's buttons are
    #: read from a play scene's line of controls: ``game.scenes.play.seating``)
    spelling: dict[str, str] | None = None

    def glyphs(self) -> dict[str, str]:
        """Button names for on-screen prompts, for the device used last, in the current language."""
        if self.spelling is not None:
            return self.spelling
        if self.last_device.startswith("pad"):
            return pad_glyphs()
        return phone_glyphs() if is_phone(self.last_device) else key_glyphs()

    #: how long the picture of the screen left behind fades out over the new one
    FADE_SECONDS = 0.22

    def motion(self) -> bool:
        """Whether screens move beyond the rules' own moves (fades, particles, a drifting
        title): not with Settings → Reduced motion, and not in headless runs (tests and
        benchmarks compare exact frames)."""
        return not self.settings.reduced_motion and not self.options.headless

    @property
    def fading(self) -> bool:
        """Whether an old picture is still fading out over the screens shown."""
        return self._fade is not None

    def kept_picture(self, into: pygame.Surface | None = None) -> pygame.Surface:
        """The picture on the screen, copied into ``into`` (a surface kept for that, made
        again only for a new window size: at 4K a blit costs 2 ms)."""
        size = self.screen.get_size()
        if into is None or into.get_size() != size:
            into = pygame.Surface(size).convert(self.screen)
        into.set_alpha(None)
        into.blit(self.screen, (0, 0))
        return into

    def draw(self) -> None:
        """Draw and present. A lone scene that drew the window last time draws only what
        changed and only those rectangles are presented (at 4K a whole present costs
        about 3 ms and a whole-window blit 1.5 ms); anything else draws every visible
        scene whole and presents the window. When the screens shown change (a new scene,
        a card over the game, back), the old picture fades out over the new one, eased."""
        self.fit_window()
        scenes = self.stack.visible()
        banner = self.phones.banner()
        on_screen = (tuple(id(scene) for scene in scenes), self.stack.version, self.screen.get_size(), banner)
        if (self._on_screen and on_screen[0] != self._on_screen[0]
                and on_screen[2] == self._on_screen[2] and self.motion()):
            self._kept = self.kept_picture(self._kept)
            self._fade = (self._kept, self.clock_t)
            self._blended = None
        blended, self._blended = self._blended, None
        changed: list[pygame.Rect] | None = []  # what changed in the new screens
        rects: list[pygame.Rect] | None = None
        top = self.stack.top
        shrank = self._scan_shrank()
        if (self._fade is not None and self._fade_new_ok and on_screen == self._on_screen
                and not self._touched and top is not None and top.next_change() > 0):
            # the new screens rest while the old picture fades: they are not drawn again
            if blended is None:
                self.screen.blit(self._fade_new, (0, 0))
        elif (self._fade is not None and self._fade_new_ok and on_screen == self._on_screen
              and len(scenes) == 1 and not banner and not shrank):
            # a lone screen that moves while the old picture fades (phones tapping on, a
            # move playing out) draws only its changes into its own picture, kept apart
            # from the blend: drawn whole, 14 frames of the fade cost 6 to 10 ms each at
            # 1080p
            changed = scenes[0].draw_changes(self._fade_new)
            if blended is None or changed is None:  # no blend to go on from, or drawn whole
                self.screen.blit(self._fade_new, (0, 0))
                blended = None
        elif (len(scenes) == 1 and on_screen == self._on_screen and self._fade is None and not banner
              and not shrank):
            rects = scenes[0].draw_changes(self.screen)
        else:
            self.draw_whole(scenes, on_screen)
            blended = None
            if self._fade is not None:
                self._fade_new = self.kept_picture(self._fade_new)
                self._fade_new_ok = True
        if self._fade is not None:
            old, since = self._fade
            k = (self.clock_t - since) / self.FADE_SECONDS
            if k >= 1 or old.get_size() != self.screen.get_size():
                self._fade = None  # this frame is whole and plain: partial drawing may go on
                self._fade_new_ok = False
                if blended is not None:  # the window holds the last blend, not the new screens
                    self.screen.blit(self._fade_new, (0, 0))
            else:
                alpha = round(255 * (1 - ease_out_cubic(k)))
                if blended is None:
                    self._blend(old, alpha, None)
                else:
                    self._blend_on(old, blended, alpha, changed or [])
                self._blended = alpha if not banner and not self.scanner.on else None
            rects = None
        if banner:  # over every screen: a seated phone is away
            widgets.top_banner(self.screen, banner)
            rects = None
        if self.scanner.on:  # around every screen: the switch is all there is
            widgets.scan_frame(self.screen, self.scanner.held_for())
            rects = None
        self._on_screen = on_screen
        if self._canvas is not None:  # a window too small for any layout: the picture, scaled down
            window = self.window()
            smooth = self._canvas.get_bitsize() >= 24  # smoothscale takes 24 and 32 bits only
            shrink = pygame.transform.smoothscale if smooth else pygame.transform.scale
            window.blit(shrink(self._canvas, window.get_size()), (0, 0))
            rects = None
        if rects is None:
            pygame.display.flip()
        elif rects:
            pygame.display.update(rects)

    def _blend(self, old: pygame.Surface, alpha: int, area: pygame.Rect | None) -> None:
        """The old picture over the new screens in the window, at ``alpha`` (in ``area``
        only, or all of it)."""
        # a surface alpha of 255 takes SDL's slowest blit (90 ms at 4K): opaque is a copy
        old.set_alpha(alpha if alpha < 255 else None)
        self.screen.blit(old, area or (0, 0), area)

    def _blend_on(self, old: pygame.Surface, blended: int, alpha: int, changed: list[pygame.Rect]) -> None:
        """The fade's next frame over its last one, which the window holds: the old
        picture there at ``blended`` comes down to ``alpha`` by one blit of the new screens
        over it (at ``1 - alpha / blended``), not a copy of the new screens and a blit of
        the old over them (a pass of the window fewer: 0.6 ms at 1080p, 2 at 4K; the
        8-bit steps leave the mix within 5 of 255 of the exact one, and the fade's last
        frame is the new screens, plain). What changed in the new screens since (``changed``)
        is mixed again from both pictures."""
        new = self._fade_new
        assert new is not None
        over = 255 if blended == 0 else round(255 * (1 - alpha / blended))
        if over > 0:
            new.set_alpha(over if over < 255 else None)
            self.screen.blit(new, (0, 0))
            new.set_alpha(None)
        for area in changed:
            self.screen.blit(new, area, area)
            self._blend(old, alpha, area)

    def draw_whole(self, scenes: list, on_screen: tuple) -> None:
        """Every visible scene drawn whole. A top scene that keeps the screens under it still
        (the end card over its game: ``keeps_under``) draws its front over a kept picture of
        them and its backdrop (``draw_backdrop``, ``draw_front``), taken again when other
        screens are shown or they show something else (its ``under_key``): the card
        celebrates for a second or more, every frame drawn, and the game under it drawn
        whole and dimmed each time cost 3 to 5 ms at 1080p."""
        top = scenes[-1] if scenes else None
        keeps = len(scenes) > 1 and top.keeps_under
        if keeps:
            on_screen = (on_screen, top.under_key())
        if (keeps and self._under is not None and self._under_for == on_screen
                and self._under.get_size() == self.screen.get_size()):
            self.screen.blit(self._under, (0, 0))
            top.draw_front(self.screen)
            return
        for scene in scenes[:-1]:
            scene.draw(self.screen)
        if keeps:
            top.draw_backdrop(self.screen)  # the dimming too: an alpha blit of the window
            self._under, self._under_for = self.kept_picture(self._under), on_screen
            top.draw_front(self.screen)
            return
        self._under_for = ()
        if top is not None:
            top.draw(self.screen)

    def _scan_shrank(self) -> bool:
        """Whether the scanning frame drawn last showed more than it will now (a press held
        was let go, scanning was turned off): then the screens are drawn whole under it."""
        shown = (self.scanner.on, self.scanner.held_for() if self.scanner.on else 0.0)
        before, self._scan_shown = self._scan_shown, shown
        return shown[0] < before[0] or shown[1] < before[1]

    _scan_shown: tuple[bool, float] = (False, 0.0)

    def run(self) -> int:
        """Start, loop until quit (or ``--seconds``), shut down; the exit code (1 when
        the ``--screenshot`` asked for could not be written)."""
        self.start()
        self.loop(self.options.seconds)
        self.shutdown()
        return 1 if self.screenshot_failed else 0

    screenshot_failed = False

    def save_screenshot(self, path: Path) -> None:
        """The last frame as a PNG at ``path`` (its folder made if missing); a path that
        cannot be written is said in one line, not a traceback."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.screen, str(path))
        except (OSError, pygame.error, ValueError) as exc:
            reason = storage.reason_of(exc) if isinstance(exc, OSError) else str(exc)
            log.error("The screenshot could not be written to %s: %s.", path, reason)
            self.screenshot_failed = True

    def loop(self, seconds: float | None = None) -> None:
        """The loop: at most ``fps`` frames a second while anything moves; while nothing
        does, no drawing and no presenting, and the loop sleeps until input comes or the
        top scene's next change (``Scene.next_change``), at most ``MAX_REST``. Returns
        when the app quits or after ``seconds``."""
        clock = pygame.time.Clock()
        started = last = time.perf_counter()
        rested = False
        while self.running:
            now = time.perf_counter()
            drawn = self.drawn
            self.frame(pygame.event.get(), now - last, draw=None, rested=rested)
            last = now
            if seconds is not None and now - started >= seconds:
                break
            if self.drawn != drawn:
                clock.tick(self.options.fps)  # paces the frames (and mouse motion's redraws)
            rested = self.resting
            if rested:
                sleep = min(self.wake_at - time.perf_counter(), MAX_REST)
                if seconds is not None:
                    sleep = min(sleep, started + seconds - time.perf_counter())
                self.rest(sleep)

    def rest(self, seconds: float) -> None:
        """Sleep up to ``seconds``, returning as soon as an event waits.

        Polled every REST_POLL rather than with ``pygame.event.wait``, which itself
        wakes every millisecond (2.7 % of a core on Xvfb against 1 % for this); a key
        pressed meanwhile is answered at most REST_POLL late. While the phone hub runs, its
        thread's input (a tap) sets ``wake`` and is answered at once (waiting on the event
        costs more than sleeping, 0.3 % of a core at rest: only then).
        """
        end = time.perf_counter() + seconds
        woken = self.wake if self.phones.hub is not None else None
        while True:
            left = end - time.perf_counter()
            if left <= 0:
                return
            if woken is None:
                time.sleep(min(REST_POLL, left))
            elif woken.wait(min(REST_POLL, left)):
                woken.clear()
                return
            if pygame.event.peek():
                return

    def shutdown(self) -> None:
        if self.signalled is not None:
            log.info("Stopped by signal %s: shutting down cleanly.", signal.Signals(self.signalled).name)
        if self.options.screenshot:
            self.save_screenshot(Path(self.options.screenshot))
        while self.stack.top:
            self.stack.pop()
        storage.welcome_visitors(False)  # a kiosk's visitors leave with it
        self.phones.stop()  # every phone told, the hub's thread joined
        if self.ai is not None:
            self.ai.close()
        self.audio.close()
        pygame.quit()
        if not storage.settle(5.0):  # the last autosave on the disk itself before the process goes
            log.warning("The last autosave was still being written to the disk when the game ended.")
        for number, handler in self._old_handlers.items():
            try:
                signal.signal(number, handler)
            except (OSError, ValueError, TypeError):
                pass
