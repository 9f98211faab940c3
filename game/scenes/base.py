"""What a scene is, and what it may ask of the app that runs it.

A scene receives abstract actions (:mod:`game.ui.actions`), fixed-step updates and
a surface to draw on. It reaches the rest of the program only through its ``app``
(the :class:`Host`: the scene stack, the devices, the settings, the sound) and,
to go somewhere else, through ``app.nav`` (the :class:`Navigator`, which lives
above the scenes). So no scene imports another screen it could be imported by.
"""
from __future__ import annotations

import importlib
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from ..i18n import _, pgettext
from ..ui import theme
from ..ui.actions import BACK, CONFIRM, DOWN, LEFT, MENU, RIGHT, UP, Action
from ..ui.widgets import Button, Item, reach

if TYPE_CHECKING:
    from ..ai.worker import ThinkerService
    from ..persistence.saves import Record
    from .menus.seats import Seat


def named_class(ref: str) -> type:
    """The class a game's record names as ``module:Class`` by its full dotted path: one of this
    project's (``game.scenes.games.rush_scene``; installed, the package is called
    ``gauss_arcade``, and ``game`` stands for it) or of a game registered from outside ``game/``."""
    module, name = ref.split(":")
    root = (__package__ or "game").split(".")[0]
    if module == "game" or module.startswith("game."):
        module = root + module[len("game"):]
    return getattr(importlib.import_module(module), name)


def words(message: str, values: dict[str, Any] | None = None) -> str:
    """``message`` (English, marked with ``N_`` where it is written) in the current language,
    its named placeholders filled from ``values``; a callable value is called now (a word
    that is translated too, such as a game's title)."""
    text = _(message)
    if not values:
        return text
    filled = {k: (v() if callable(v) else v) for k, v in values.items()}
    try:
        return text.format(**filled)
    except (KeyError, IndexError, ValueError):  # a broken translation: the English stands
        return message.format(**filled)


def start_typing() -> None:
    """Ask SDL for typed text (a screen that reads names or codes); where the platform has no
    text input (no keyboard, a kiosk's touch screen) the screen goes on without it: a pad
    or a finger enters with the arrows and the suggestion."""
    try:
        pygame.key.start_text_input()
    except pygame.error:
        pass


def arrows(glyphs: dict[str, str]) -> str:
    """The four directions' keys as a line of keys names them: "Arrows" while the arrow
    keys lead them, one word where one thing moves all four (a pad's D-pad, a phone's
    arrows), else each of the player's keys ("I/K/J/L")."""
    four = tuple(glyphs.get(d, "?") for d in (UP, DOWN, LEFT, RIGHT))
    if len(set(four)) == 1:
        return four[0]
    if four == tuple(pgettext("key", word) for word in ("Up", "Down", "Left", "Right")):
        return pgettext("keys", "Arrows")
    return "/".join(four)


def either(glyphs: dict[str, str], first: str, second: str) -> str:
    """Two actions' keys as a line of keys names them: "Left/Right", or one word for both ("D-pad")."""
    a, b = glyphs.get(first, "?"), glyphs.get(second, "?")
    return a if a == b else f"{a}/{b}"


def back_key(glyphs: dict[str, str], device: str) -> str:
    """What a menu's line of keys names for one screen back: Menu's key on a keyboard
    (Esc; Backspace does it too), Back's button on a pad (B)."""
    return glyphs.get(BACK if device.startswith("pad") else MENU, "?")


class Worded:
    """A label worded each time it is read (each draw), so what is already on screen
    follows a change of language: ``message`` is English, marked with ``N_`` where it is
    written; ``values`` fill its named placeholders (see :func:`words`)."""

    message: str
    values: dict[str, Any]

    @property
    def label(self) -> str:
        return words(self.message, self.values)

    @label.setter
    def label(self, message: str) -> None:
        self.message = message


class BackButton:
    """"< Back" in a screen's top-left corner: a mouse alone can always leave a screen
    whose keys and pad buttons say "Esc / B: back"."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)

    def draw(self, surface: pygame.Surface, s: float) -> None:
        label = pgettext("leave this screen", "< Back")
        size = int(26 * s)
        w = theme.text_width(label, size) + int(28 * s)
        h = max(int(44 * s), theme.font(size).get_linesize() + 8)
        self.rect = pygame.Rect(int(20 * s), int(20 * s), w, h)
        pygame.draw.rect(surface, theme.BG_PANEL, self.rect, border_radius=8)
        pygame.draw.rect(surface, theme.INK_FAINT, self.rect, 2, border_radius=8)
        theme.draw_text(surface, label, self.rect.center, size, theme.INK, "center")

    def clicked(self, action: Any) -> bool:
        return action.pos is not None and action.name == CONFIRM and reach(self.rect).collidepoint(action.pos)


class LiveItem(Worded, Item):
    """A menu item worded at each draw (:class:`Worded`)."""

    def __init__(self, message: str, on_choose: Callable[[], None] | None = None, note: str = "",
                 enabled: bool = True, **values: Any) -> None:
        self.values = values
        super().__init__(message, on_choose, note, enabled)


class LiveButton(Worded, Button):
    """A button worded at each draw (:class:`Worded`)."""

    def __init__(self, message: str, on_click: Callable[[], None], **values: Any) -> None:
        self.values = values
        super().__init__(message, on_click)


class Stack(Protocol):
    scenes: list[Scene]

    @property
    def top(self) -> Scene | None: ...
    def push(self, scene: Scene) -> None: ...
    def pop(self) -> Scene | None: ...
    def replace(self, scene: Scene) -> None: ...
    def reset(self, scene: Scene) -> None: ...


class Navigator(Protocol):
    """Where a scene may send the player; implemented by :mod:`game.navigation`.

    The app calls ``start`` once, ``watch`` every frame (a kiosk's idle check),
    ``failed`` after a scene raised and ``operator`` for the kiosk's operator chord.
    """

    def start(self) -> None: ...
    def watch(self) -> None: ...
    def failed(self) -> None: ...
    def operator(self) -> None: ...
    def title(self, notice: str = "") -> None: ...
    def demo(self) -> None: ...
    def leave_demo(self) -> None: ...
    def select(self, game_id: str | None = None) -> None: ...
    def leave_game(self, game: Any) -> None: ...
    def setup(self, game_id: str, level: str | None = None) -> None: ...
    def play(self, game_id: str, level: str | None = None, seed: int | None = None, autoplay: int = 0,
             seats: dict[str, Seat] | None = None) -> Scene: ...
    def resume(self, record: Record, banner: str = "") -> Scene: ...
    def replacing(self, game_id: str, go: Callable[[], None], start: str,
                  seats: dict[str, str] | None = None, kept: Record | None = None) -> None: ...
    def puzzles(self) -> None: ...
    def online(self) -> None: ...
    def play_online(self, game: Any) -> Scene: ...
    def puzzle_game(self, game_id: str, level: str | None = None) -> Any: ...
    def hosted_game(self, game_id: str, level: str | None = None, seed: int | None = None,
                    seats: dict[str, Seat] | None = None, demo: bool = False) -> Any: ...
    def howto(self, game_id: str) -> bool: ...
    def load_menu(self) -> None: ...
    def replay(self, record: Record, name: str = "") -> None: ...
    def settings(self, operator: bool = False) -> None: ...
    def save_as(self, record: Record, on_saved: Callable[[str], None]) -> None: ...


class Host(Protocol):
    """What a scene may use of the app that runs it."""

    stack: Stack
    nav: Navigator
    settings: Any
    audio: Any
    options: Any
    pads: Any
    notice: str
    #: the board chosen for each game in the game list, while the game runs
    chosen_levels: dict[str, str]
    idle: float
    last_device: str
    fullscreen: bool
    screen: pygame.Surface
    frames: int
    frame_started: float
    #: the computer's worker process (None: the computer thinks in this process, in
    #: slices between frames: tests and headless runs)
    ai: ThinkerService | None

    def glyphs(self) -> dict[str, str]: ...
    def save_settings(self) -> None: ...
    def toggle_fullscreen(self, remember: bool = True) -> None: ...
    def quit(self) -> None: ...


class Scene:
    """One screen on the app's scene stack.

    The top scene gets the actions and the updates; drawing starts at the highest
    opaque scene, so an overlay (``opaque = False``) draws over the scene below.
    """

    #: False: an overlay; the scenes below it are drawn first
    opaque = True
    #: typed text (TEXT actions) reaches this scene (a name entry)
    wants_text = False
    #: a kiosk asks nobody "still there?" over this scene (the demo, its cards, the operator menu)
    calm = False
    #: the mouse pointer is hidden over this scene even while it moves (the demo)
    hides_pointer = False
    #: False: nothing on this scene moves by itself (a menu, a card); only input changes
    #: it, so the app rests under it (see next_change)
    moves_by_itself = True
    #: seconds after this scene comes on top during which the app drops presses (not the
    #: pointer's moves): a card that appears by itself (the end of a game) must not take
    #: the presses meant for the screen under it
    input_guard = 0.0

    def __init__(self, app: Host) -> None:
        self.app = app

    def enter(self) -> None:
        """The scene became the top of the stack (pushed, or uncovered by a pop)."""

    def exit(self) -> None:
        """The scene left the top of the stack (popped, replaced or covered)."""

    def closed(self) -> None:
        """The scene left the stack for good (popped, replaced, or the stack was reset):
        end what it started (the computer's search)."""

    def handle(self, action: Action) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def next_change(self) -> float:
        """Seconds until this scene looks different if no input comes: 0 while it moves
        (an animation, the computer thinking), ``math.inf`` when only input changes it.

        The app asks the top scene (only the top scene is updated, so the ones under
        it cannot change) and draws and presents nothing while it rests, waking for
        input or at the time named here. A scene that says nothing (neither this nor
        ``moves_by_itself``) is always moving.
        """
        menu = getattr(self, "menu", None)
        if menu is not None and getattr(menu, "moving", False):
            return 0.0  # its highlight glides to the item chosen
        return 0.0 if self.moves_by_itself else math.inf

    def draw(self, surface: pygame.Surface) -> None:
        pass

    #: an overlay whose scenes under it stand still while it is on top (only the top is
    #: updated): the app keeps their picture with this scene's ``draw_backdrop`` over it, and
    #: draws only ``draw_front`` each frame, while ``under_key`` stays the same
    keeps_under = False

    def under_key(self) -> tuple:
        """What the scenes under this one show depends on (``keeps_under``)."""
        return ()

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """What this overlay puts over the scenes under it before itself (a dimming)."""

    def draw_front(self, surface: pygame.Surface) -> None:
        """The rest of :meth:`draw`, over the backdrop."""
        self.draw(surface)

    def draw_changes(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw what changed since this scene last drew ``surface``, which still holds
        that picture (the app calls this only then); return the rectangles to present,
        or None when it drew everything. Scenes that move a small part of a large
        window override it; by default everything is drawn."""
        self.draw(surface)
        return None

    def device_lost(self, device: str) -> None:
        """A gamepad was unplugged (every scene on the stack hears it)."""

    # -- scanning: one switch (game.app.scan) ----------------------------------------------
    #: the action that steps this screen's highlight to its next item, wrapping around
    #: (``DOWN`` down a list, ``RIGHT`` across cards); None: a screen with a ``menu`` steps
    #: through its items, any other has nothing to step through (a card, a page)
    scan_step: str | None = None

    def scan_next(self, device: str) -> None:
        """Scanning: the highlight steps to the next item by itself."""
        menu = getattr(self, "menu", None)
        if self.scan_step is not None:
            self.handle(Action(self.scan_step, device))
        elif menu is not None and hasattr(menu, "move"):
            menu.move(1)

    def scan_choose(self, device: str) -> None:
        """Scanning: the switch was pressed: what Enter does on the highlighted item."""
        self.handle(Action(CONFIRM, device))

    def scan_back(self, device: str) -> None:
        """Scanning: the switch was held: what Back does here."""
        self.handle(Action(BACK, device))

    def scan_waits(self) -> bool:
        """Scanning: the highlight holds still (a move plays out, the computer thinks)."""
        return False

    # -- phones (game.app.phones) ------------------------------------------------------------
    def phone_buttons(self, device: str) -> dict[str, str]:
        """The actions a phone (``device``) may send this screen now, each with the word its
        button shows ("" for an arrow). None by default: phones reach only the screens that
        say so (a game, "Who plays?"), never settings, saves, files or the operator's menu."""
        return {}

    def phone_seats(self) -> dict[str, Seat] | None:
        """The seats phones take on this screen (a game's, "Who plays?"'s), or None."""
        return None

    def phone_view(self, device: str) -> dict[str, Any]:
        """What a phone shows of this screen's seats: its side (``seat``, ``side``,
        ``colour``), whose turn (``turn``) and whether it is its own (``mine``)."""
        return {}

    def side_words(self, player: str) -> str:
        """A side's name in the player's language (``Blue``)."""
        return player

    def phone_gone(self, device: str) -> None:
        """A phone did not come back within its grace period (every scene hears it)."""
