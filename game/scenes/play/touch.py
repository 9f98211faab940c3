"""The play screen under a finger (:class:`game.app.input.Touch` makes taps of it): a
first tap on a board point previews the move there, what hovering shows a mouse, and a
second tap on the same point plays it; a tap elsewhere moves the preview. Each game says
what a tap aims at (``tap_target``) and, for the tests that play whole games by taps, where
a finger taps next to play a move (``next_tap``)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...ui.actions import CONFIRM, POINT, Action
from ...ui.widgets import hit


class Fingers:
    """A finger's taps on the board and on the panel's buttons."""

    #: the board point a finger's tap previewed: a second tap on it plays (``touched``)
    touch_armed: Any = None

    def panel_button_at(self, pos: tuple[int, int]) -> str | None:
        """The name of the panel's button at ``pos`` (a finger's area around each, once
        a finger touched the screen), or None."""
        names = list(self.buttons)
        i = hit([self.buttons[name].rect for name in names], pos)
        return None if i is None else names[i]

    # -- a finger ---------------------------------------------------------------------------
    def tap_target(self, pos: tuple[int, int]) -> Any | None:
        """What a finger's tap at ``pos`` would play: its board point, which a first tap
        only previews (what hovering shows a mouse) and a second tap plays; None where a
        tap acts at once (off the board, or what a game's own override says: a piece
        picked up, a button)."""
        return self.cell_at(pos)

    def touched(self, action: Action) -> Action:
        """A finger's action as the board takes it: a tap on a point not previewed yet
        becomes a preview there (``point``); a tap on the point previewed plays it; a drag
        moves the preview, and the point it stops on is previewed."""
        target = self.tap_target(action.pos) if action.pos is not None else None
        if action.name == POINT:
            self.touch_armed = target
        elif action.name == CONFIRM and target is not None:
            if target != self.touch_armed:
                self.touch_armed = target
                return replace(action, name=POINT)
            self.touch_armed = None
        return action

    def previewed_move(self) -> Any | None:
        """The move the board's preview shows now (what a confirm there would play), or
        None; each game says what its cursor means."""
        return None

    def next_tap(self, move: Any) -> tuple[int, int] | None:
        """Where a finger taps next to play ``move`` from what the screen shows now (a
        colour, a piece or a stone to take first; then the move's board point, twice:
        :meth:`touched`), or None when taps cannot play it; the inverse of the game's own
        hit-testing, from the same layout."""
        return None
