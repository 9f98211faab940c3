"""Who plays each side of a play scene, and which device may act for it now.
"""
from __future__ import annotations

from ...i18n import _
from ...match import OPEN, Seat, held_elsewhere
from ...ui.actions import (
    POINT,
    Action,
)
from ..seats import device_label


class Seating:
    """The seats of a play scene's match, as its input meets them."""

    def other(self, player: str) -> str:
        return self.rules.players[1] if player == self.rules.players[0] else self.rules.players[0]

    # -- seats ---------------------------------------------------------------------------------
    def set_seats(self, seats: dict[str, Seat]) -> None:
        """Who plays each side; the turn starts again under the new seating."""
        for player, seat in seats.items():
            if player in self.seats:
                self.seats[player] = seat
        self.drop_thinker()
        self.turn_started()

    def seat(self, player: str | None = None) -> Seat:
        return self.match.seat(player)

    def ai_to_move(self) -> bool:
        return self.match.ai_to_move()

    @property
    def has_human(self) -> bool:
        return self.match.has_human

    @property
    def hot_seat(self) -> bool:
        """Both seats are people sharing the screen (so private things need a hand-over)."""
        return self.match.hot_seat

    def player_name(self, player: str) -> str:
        """``Red``, or ``Red (computer)`` when the computer plays that side."""
        name = self.side_name(player)
        return _("{side} (computer)").format(side=name) if self.seats[player].is_ai else name

    def device_lost(self, device: str) -> None:
        """A pad went away: its seats wait for the next device to play them, and the game
        pauses (a game hosted by the demo or a replay has no seats of its own)."""
        freed = []
        for seat in self.seats.values():
            if seat.device == device and not seat.is_ai:
                seat.device = "open"
                freed.append(seat.player)
        if self.hosted or self.state.over:
            return
        if len(freed) == 1:
            note = _("A gamepad was unplugged: {side} is free. The next pad or the keyboard "
                     "to play for {side} takes the seat.").format(side=self.side_name(freed[0]))
        elif freed:
            note = _("A gamepad was unplugged: {side} and {other} are free. The next pad or the "
                     "keyboard to play for each takes its seat.").format(
                side=self.side_name(freed[0]), other=self.side_name(freed[1]))
        else:
            note = _("A gamepad was unplugged: plug it back in, or go on with keys or another pad.")
        self.pause(note)

    def may_act(self, action: Action) -> bool:
        """Board actions come only from the device holding the seat to move."""
        seat = self.seat()
        if seat.is_ai:
            if action.name != POINT:
                self.say(_("{player} is thinking...").format(player=self.player_name(seat.player)), 1.5)
            return False
        if seat.device == OPEN and held_elsewhere(action.device, seat, self.seats):
            if action.name != POINT:
                self.say(_("{side}'s seat is held for {side}'s player: another pad, or the keyboard, "
                           "takes it.").format(side=self.side_name(seat.player)))
            return False
        if seat.accepts(action.device):
            if seat.take(action.device):
                self.say(_("{device} now plays {side}.").format(device=device_label(seat.device),
                                                                 side=self.side_name(seat.player)))
            return True
        if action.name != POINT:
            self.say(_("It is {side}'s turn: {device} plays {side}.").format(
                side=self.side_name(seat.player), device=device_label(seat.device)))
        return False

    def may_command(self, action: Action) -> bool:
        """Undo, redo: anyone who holds a human seat (or anyone, when seats are shared)."""
        humans = [seat for seat in self.seats.values() if not seat.is_ai]
        return any(seat.accepts(action.device) for seat in humans)
