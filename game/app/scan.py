"""Scanning: the whole game played with one switch (Settings → Scanning).

While scanning is on, the highlight of the screen on top steps by itself to its next item
every ``scan_seconds`` (the app's fixed-step time, not the wall clock), and every device
becomes one switch: whatever is pressed (a key, a mouse button, a pad's button, a phone's
button) acts on the highlighted item when it is let go; held for :data:`LONG_PRESS` seconds
it goes back instead (what Back or Esc does there), at once, without waiting for the
release. The screens say what their items are (``Scene.scan_next``, ``scan_choose``,
``scan_back``, ``scan_waits``); the scan rests while a move plays out or the computer
thinks, and starts each item afresh after a press, so the player always has the whole
step to react.
"""
from __future__ import annotations

from typing import Any

import pygame

from ..ui.actions import CONFIRM, POINT, Action

#: a press held this long goes back instead of choosing
LONG_PRESS = 1.0

#: mouse buttons that are a wheel's clicks, not a press
_WHEEL_BUTTONS = (4, 5, 6, 7)


class Scanner:
    """The one switch and the clock of the highlight, for the app that owns it."""

    def __init__(self, app: Any) -> None:
        self.app = app
        #: what is held now: (device, the key or button that holds it) -> seconds held
        self.held: dict[tuple[str, Any], float] = {}
        #: presses already spent as a long press: their release does nothing more
        self.spent: set[tuple[str, Any]] = set()
        self.waited = 0.0  # seconds the highlight has rested on its item
        self.steps = 0  # steps taken (what is shown changed)
        self.presses = 0  # short presses acted on
        self.backs = 0  # long presses acted on
        self.device = "keyboard"  # the device of the last press: a game's seats are held by one

    @property
    def on(self) -> bool:
        return bool(getattr(self.app.settings, "scanning", False))

    @property
    def period(self) -> float:
        return float(getattr(self.app.settings, "scan_seconds", 1.8))

    # -- the switch ---------------------------------------------------------------------
    def switch_event(self, event: pygame.event.Event) -> tuple[str, tuple[str, Any], str] | None:
        """``("down" | "up", what is held, device)`` for a raw event that presses or lets go
        of the switch, or None for any other (motion, a wheel, a stick, the window's)."""
        t = event.type
        if t in (pygame.KEYDOWN, pygame.KEYUP):
            return ("down" if t == pygame.KEYDOWN else "up"), ("keyboard", event.key), "keyboard"
        if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if event.button in _WHEEL_BUTTONS:
                return None
            return ("down" if t == pygame.MOUSEBUTTONDOWN else "up"), ("mouse", event.button), "mouse"
        if t in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            device = f"pad{event.instance_id}"
            return ("down" if t == pygame.CONTROLLERBUTTONDOWN else "up"), (device, event.button), device
        if t in (pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP):
            if event.instance_id in self.app.pads.controllers:
                return None  # a mapped pad presses through its CONTROLLER* events
            device = f"pad{event.instance_id}"
            return ("down" if t == pygame.JOYBUTTONDOWN else "up"), (device, ("joy", event.button)), device
        return None

    def event(self, event: pygame.event.Event, actions: list[Action]) -> bool:
        """Take ``event`` as the switch if it is one: True when it was (the app then sends no
        action of its own for it). ``actions``: what the app made of it otherwise; a press
        that means nothing to the app (F11, the operator's chord) is no press of the switch."""
        switch = self.switch_event(event)
        if switch is None:
            return False
        kind, what, device = switch
        if kind == "down" and not actions and what[0] in ("keyboard", "mouse"):
            return False
        if kind == "down":
            if what not in self.held:  # a key's repeats while it is held are the same press
                self.held[what] = 0.0
                self.spent.discard(what)
                self.device = device
        else:
            held = self.held.pop(what, None)
            if held is not None and what not in self.spent:
                self.choose(device)
            self.spent.discard(what)
        return True

    def tap(self, action: Action) -> None:
        """A press that has no release (a phone's button): it chooses."""
        if action.name != POINT:
            self.device = action.device
            self.choose(action.device)

    def choose(self, device: str) -> None:
        top = self.app.stack.top
        if top is None or self.app.guarded(Action(CONFIRM, device), top):
            return
        self.presses += 1
        self.waited = 0.0
        top.scan_choose(device)

    def back(self, device: str) -> None:
        top = self.app.stack.top
        if top is None or self.app.guarded(Action(CONFIRM, device), top):
            return
        self.backs += 1
        self.waited = 0.0
        top.scan_back(device)

    # -- the clock ----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """One fixed step: a press held long enough goes back; the highlight steps on."""
        for what in list(self.held):
            self.held[what] += dt
            if self.held[what] >= LONG_PRESS and what not in self.spent:
                self.spent.add(what)
                self.back(what[0])
        top = self.app.stack.top
        if top is None:
            return
        if self.held or top.scan_waits():
            self.waited = 0.0  # the item is shown whole again once the scan goes on
            return
        self.waited += dt
        if self.waited >= self.period:
            self.waited = 0.0
            self.steps += 1
            top.scan_next(self.device)

    def next_change(self) -> float:
        """Seconds until the scan changes the screen by itself (0 while a press is held)."""
        if self.held:
            return 0.0
        return max(0.0, self.period - self.waited)

    def held_for(self) -> float:
        """How far the longest press held is on its way to going back (0 to 1)."""
        return min(1.0, max(self.held.values(), default=0.0) / LONG_PRESS)

    def forget(self) -> None:
        """Scanning was turned off or on: nothing is held, the item starts afresh."""
        self.held.clear()
        self.spent.clear()
        self.waited = 0.0
