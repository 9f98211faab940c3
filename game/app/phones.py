"""Phones become abstract actions, like the pads: the app's side of the phone hub.

The hub (:mod:`game.phones.hub`, its own thread) reports what phones do; each report is
posted into pygame's event queue (``pygame.event.post``: SDL's queue takes events from
any thread) and wakes a resting loop at once. The app turns the events into
:class:`Action` values with the device ``phone<n>``, exactly as a pad's become ``pad<n>``:
seats, turns and menus treat a phone as one more device, with no code per game.

After each frame the app tells every phone what it is shown (:meth:`Phones.publish`): its
side, whose turn, and the buttons that work on the screen now, with their words in the
game's language. A screen decides what phones may do there (``Scene.phone_buttons``): the
game and "Who plays?", never the settings, saves, files or the operator's menu.
"""
from __future__ import annotations

import logging
import time
from collections import deque
from typing import Any

import pygame

from .. import i18n
from ..i18n import _, pgettext
from ..match import OPEN
from ..phones import missing
from ..phones.room import GRACE
from .input import ALTERNATE, BACK, CONFIRM, DOWN, HINT, LEFT, MENU, REDO, RIGHT, UNDO, UP, Action

log = logging.getLogger("gauss_arcade")

PHONE = "phone"
PHONE_ADDED, PHONE_DROPPED = "phone_added", "phone_dropped"
PHONE_BACK, PHONE_GONE = "phone_back", "phone_gone"
PHONE_NEWS = (PHONE_ADDED, PHONE_DROPPED, PHONE_BACK, PHONE_GONE)
#: the pygame event a phone's news arrives as (``kind``, ``device``, ``name``, ``t``)
PHONE_EVENT = pygame.event.custom_type()
DEFAULT_PORT = 8765
#: the taps whose answer on screen is timed (python -m game.bench)
TIMED_TAPS = 512
#: frames a phone's view may lag while nothing reached the app and the screens stayed the
#: same (a move playing out, the computer's turn coming): working out every phone's buttons
#: and words took 0.3 to 0.6 ms of every frame at 60 Hz, as much as drawing a cursor's step
REFRESH_FRAMES = 6
#: a frame that has already taken this long (seconds) leaves the phones' views to the next
#: frame, which works them out whatever happens: a phone learns the news 17 ms later (Wi-Fi
#: takes longer than that), and the frame a move lands in (the rules' move, the board, the
#: status) does not take 0.3 to 0.5 ms more
DEFER_AFTER = 0.003


def is_phone(device: str) -> bool:
    return device.startswith(PHONE)


def phone_glyphs() -> dict[str, str]:
    """What the screen calls a phone's buttons in prompts: the letters on its big buttons,
    the words on its small ones."""
    arrows = pgettext("phone button", "Arrows")
    return {CONFIRM: "A", BACK: "B", ALTERNATE: "X", MENU: pgettext("phone button", "Menu"),
            UNDO: pgettext("phone button", "Undo"), REDO: pgettext("phone button", "Redo"),
            HINT: pgettext("phone button", "Hint"), UP: arrows, DOWN: arrows, LEFT: arrows, RIGHT: arrows}


class Phones:
    """The hub, when it runs, and what the app knows of the phones in it."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.hub: Any = None
        #: why the hub is not running, in a line ("" when nothing went wrong)
        self.error = ""
        self.known: set[str] = set()  # phones in the room: connected, or away in their grace
        self.away: dict[str, float] = {}  # device -> when it dropped (time.monotonic)
        self.grace = GRACE
        #: taps read this frame: when each arrived at the hub (perf_counter)
        self.arrived: list[float] = []
        #: seconds from a tap's arrival to the end of the frame that showed its answer
        self.answered: deque[float] = deque(maxlen=TIMED_TAPS)
        self.taps = 0  # taps handled since the start
        #: seconds from a tap's arrival to the start of the frame that read it
        self.waited: deque[float] = deque(maxlen=TIMED_TAPS)
        self.seated: set[str] = set()
        self.locked = False
        self._shown: tuple = ()  # what the views were worked out for (publish)
        self._shown_frame = 0
        self._owed = False  # a long frame left the views to this one

    # -- on and off -------------------------------------------------------------------------
    @property
    def missing(self) -> list[str]:
        return missing()

    @property
    def on(self) -> bool:
        return self.hub is not None and self.hub.running

    def start(self, host: str | None = None, port: int | None = None, grace: float | None = None,
              **limits: Any) -> bool:
        """Start the hub on ``host`` (by default the settings' address: ``auto`` is this
        machine's address on its network) and ``port``; False, with ``error`` saying why,
        when it cannot."""
        self.stop()
        if self.missing:
            self.error = _("not installed: pip install 'gauss-arcade[phones]'")
            return False
        from ..phones import net
        from ..phones.hub import Hub, HubError

        settings = self.app.settings
        host = host or net.choose(getattr(settings, "phones_address", "auto"))
        port = getattr(settings, "phones_port", DEFAULT_PORT) if port is None else port
        self.grace = GRACE if grace is None else grace
        try:
            hub = Hub(host, port, self.post, grace=self.grace, **limits)
            hub.start()
        except HubError as exc:
            self.error = str(exc)
            log.warning("The phone hub could not start: %s", exc)
            return False
        self.hub, self.error = hub, ""
        self.seated, self.locked = set(), False  # the new hub is told at the next frame
        return True

    def stop(self) -> None:
        """Every phone sent away, the thread joined."""
        hub, self.hub = self.hub, None
        if hub is not None:
            hub.stop()
        self.known.clear()
        self.away.clear()

    def switch(self, on: bool) -> None:
        """The setting turned on or off: the hub follows it."""
        self.app.settings.phones = on
        self.app.save_settings()
        if on:
            self.start()
        else:
            self.stop()
            self.error = ""

    def rotate(self, keep: set[str] = frozenset()) -> None:  # type: ignore[assignment]
        """A new code and secret: a new game (``keep``: the phones seated in it) or a kiosk's
        new visitor (nobody kept)."""
        if self.hub is not None:
            self.hub.rotate(set(keep))

    def new_game(self, seats: dict[str, Any]) -> None:
        """A new game: a new code; the phones that play in it stay (those seated, and when a
        side is shared by every device, every phone in the room), the others are sent away."""
        keep = {seat.device for seat in seats.values() if seat.device and is_phone(seat.device)}
        if any(seat.device is None and not seat.is_ai for seat in seats.values()):
            keep |= self.known
        self.rotate(keep)

    @property
    def url(self) -> str:
        return self.hub.url if self.hub is not None else ""

    @property
    def code(self) -> str:
        return self.hub.code if self.hub is not None else ""

    @property
    def address(self) -> str:
        """What a person types: the page's address without the secret."""
        return self.hub.origin if self.hub is not None else ""

    def qr(self) -> Any:
        """The join link's QR code (rows of modules), or None."""
        if self.hub is None:
            return None
        from ..phones.qr import matrix

        return matrix(self.url)

    def wifi_qr(self) -> Any:
        """The venue's Wi-Fi as a QR code (Settings: ``phones_wifi``, ``phones_wifi_password``),
        shown beside the game's; None when none is set."""
        ssid = getattr(self.app.settings, "phones_wifi", "")
        if self.hub is None or not ssid:
            return None
        from ..phones.qr import matrix, wifi_text

        return matrix(wifi_text(ssid, getattr(self.app.settings, "phones_wifi_password", "")))

    # -- the hub's thread ----------------------------------------------------------------------
    def post(self, kind: str, device: str, name: str = "") -> None:
        """What a phone did, into pygame's queue (called in the hub's thread); the resting
        loop wakes at once."""
        try:
            pygame.event.post(pygame.event.Event(PHONE_EVENT, kind=kind, device=device, name=name,
                                                 t=time.perf_counter()))
        except pygame.error:  # the game is closing: nobody is there to tell
            return
        wake = getattr(self.app, "wake", None)
        if wake is not None:
            wake.set()

    # -- the game's thread ---------------------------------------------------------------------
    def translate(self, event: pygame.event.Event) -> list[Action] | None:
        """The actions a phone event means, or None when ``event`` is not a phone's."""
        if event.type != PHONE_EVENT:
            return None
        kind, device = getattr(event, "kind", ""), getattr(event, "device", "")
        if not is_phone(device):
            return []
        if kind == "act":
            if device not in self.known:  # sent away meanwhile
                return []
            self.arrived.append(getattr(event, "t", time.perf_counter()))
            return [Action(event.name, device)]
        if kind == "joined":
            self.known.add(device)
            self.away.pop(device, None)
            return [Action(PHONE_ADDED, device)]
        if kind == "dropped":
            if device in self.known:
                self.away[device] = time.monotonic()
            return [Action(PHONE_DROPPED, device)]
        if kind == "back":
            self.known.add(device)
            self.away.pop(device, None)
            return [Action(PHONE_BACK, device)]
        if kind == "gone":
            self.known.discard(device)
            self.away.pop(device, None)
            return [Action(PHONE_GONE, device)]
        return []

    @staticmethod
    def welcome(action: Action, top: Any) -> bool:
        """Whether the screen on top takes this action from a phone now."""
        if top is None:
            return False
        try:
            return action.name in top.phone_buttons(action.device)
        except Exception:
            log.exception("A screen could not say what phones may do there")
            return False

    def seat_scene(self) -> Any:
        """The topmost screen whose seats phones take (a game, "Who plays?"), or None."""
        for scene in reversed(self.app.stack.scenes):
            seats = scene.phone_seats()
            if seats is not None:
                return scene
        return None

    def publish(self) -> None:
        """After a frame: which phones hold a seat (every seat held locks the room) and
        what each phone is shown now; the hub sends only what changed."""
        now = time.perf_counter()
        if self.arrived:
            started = self.app.frame_started
            for t in self.arrived:
                self.answered.append(now - t)
                self.waited.append(max(0.0, started - t))
            self.taps += len(self.arrived)
            self.arrived.clear()
        hub = self.hub
        if hub is None:
            return
        scene = self.seat_scene()
        seats = scene.phone_seats() if scene is not None else {}
        seated = {s.device for s in seats.values() if s.device and is_phone(s.device)}
        locked = bool(seats) and all(s.is_ai or s.device not in (None, OPEN) for s in seats.values())
        if seated != self.seated or locked != self.locked:
            self.seated, self.locked = seated, locked
            hub.set_seats(seated, locked)
        if not self.known:
            return
        top = self.app.stack.top
        language = i18n.language()
        # the views again when anything reached the app (a tap, a phone come or gone: the
        # frame was touched), the screens or the game's position changed, or a few frames
        # went by (what follows by itself: a move played out, a clock, the computer's turn)
        state = getattr(scene, "state", None)
        shown = (self.app.stack.version, id(top), id(state), frozenset(self.known), frozenset(self.away),
                 language, seated, locked)
        frames = self.app.frames
        owed, self._owed = self._owed, False
        if (shown == self._shown and not owed and not self.app.touched_now()
                and frames - self._shown_frame < REFRESH_FRAMES):
            return
        if not owed and now - self.app.frame_started > DEFER_AFTER:
            self._owed = True
            return
        self._shown, self._shown_frame = shown, frames
        for device in sorted(self.known):
            if device in self.away:
                continue
            view: dict[str, Any] = {"lang": language}
            if locked and device not in seated:
                view.update(screen="full", buttons={})
            else:
                try:
                    buttons = dict(top.phone_buttons(device)) if top is not None else {}
                    view.update(screen="play" if buttons else "wait", buttons=buttons)
                    source = scene if scene is not None else top
                    if source is not None:
                        view.update(source.phone_view(device))
                except Exception:  # a phone shown less, never a game stopped
                    log.exception("A screen could not say what a phone shows")
                    view.update(screen="wait", buttons={})
            hub.show(device, view)

    def banner(self) -> str:
        """What the screen says while a seated phone is away: "Blue's phone is
        reconnecting... 84 s"."""
        if not self.away:
            return ""
        scene = self.seat_scene()
        seats = scene.phone_seats() if scene is not None else {}
        now = time.monotonic()
        lines = []
        for player, seat in seats.items():
            since = self.away.get(seat.device or "")
            if since is not None and not seat.is_ai:
                left = max(0, int(self.grace - (now - since) + 0.999))
                lines.append(_("{side}'s phone is reconnecting... {seconds} s").format(
                    side=scene.side_words(player), seconds=left))
        return "   ".join(lines)
