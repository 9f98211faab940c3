"""Who plays each side of a play scene, and which device may act for it now (a phone
included: what its buttons do here, and who plays its side when it does not come back).
"""
from __future__ import annotations

import re
from typing import Any

from ...i18n import _, pgettext
from ...match import OPEN, REMOTE, Seat, held_elsewhere
from ...ui.actions import (
    CONFIRM,
    DIRECTIONS,
    HINT,
    MENU,
    POINT,
    Action,
)
from ...ui.present import PARTS
from ..menus.overlay import AskScene
from ..menus.seats import device_label, level_name

#: the glyphs a play scene's line of controls is written with to read a phone's buttons
#: from it: each action's name between two escape characters
SPELLED = {name: f"\x1b{name}\x1b" for name in (
    "up", "down", "left", "right", "confirm", "back", "alternate", "menu", "undo", "redo", "hint")}
_SPELLED = re.compile("\x1b(\\w+)\x1b")


def button_words(line: str) -> dict[str, str]:
    """A line of controls written with :data:`SPELLED` glyphs ("<confirm>: place
    <undo>/<redo>: undo/redo") as each action's word ("Place", "Undo", "Redo"): the words a
    phone's buttons show, in the player's language, with no word written twice."""
    words: dict[str, str] = {}
    for part in line.split(PARTS):
        keys, sep, said = part.partition(": ")
        names = _SPELLED.findall(keys)
        if not sep or not names:
            continue
        said = said.strip()
        paired = len(names) > 1 and said.count("/") == len(names) - 1
        pieces = said.split("/") if paired else [said] * len(names)
        for name, piece in zip(names, pieces, strict=True):
            piece = piece.strip()
            words.setdefault(name, piece[:1].upper() + piece[1:])
    return words


def hex_colour(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


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
        """Both seats are people sharing the screen (so private things need a hand-over); an
        online opponent plays on another screen."""
        return self.match.hot_seat and not any(seat.device == REMOTE for seat in self.seats.values())

    def player_name(self, player: str) -> str:
        """``Red``, or ``Red (computer)`` when the computer plays that side; online ``Red (you)``
        and ``Blue (opponent)``."""
        online = self.online_words(player)
        if online is not None:
            return online
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
        if seat.device == REMOTE:
            if action.name != POINT:
                online = getattr(self, "online", None)
                if online is not None and online.spectator:
                    self.say(_("Spectators watch; they cannot move."), 1.5)
                else:
                    self.say(_("It is your opponent's turn."), 1.5)
            return False
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

    # -- phones ------------------------------------------------------------------------------
    def phone_seats(self) -> dict[str, Seat] | None:
        return None if self.hosted else self.seats

    def side_words(self, player: str) -> str:
        return self.side_name(player)

    def phone_buttons(self, device: str) -> dict[str, str]:
        """The game's controls of the moment, read from its own line of controls (so each
        game's words: "Place", "Switch colour", "Roll"...), for a phone that may play here."""
        if self.hosted or not any(seat.accepts(device) for seat in self.seats.values()):
            return {}
        if self.state.over:
            return {CONFIRM: pgettext("phone button", "The result"), MENU: pgettext("phone button", "Menu")}
        app = self.app
        kept = app.last_device, getattr(app, "spelling", None)
        app.last_device, app.spelling = device, SPELLED
        try:
            words = button_words(self.controls())
        finally:
            app.last_device, app.spelling = kept
        buttons = {name: "" for name in DIRECTIONS}
        buttons.update({name: word for name, word in words.items() if name not in DIRECTIONS})
        buttons.setdefault(MENU, pgettext("phone button", "Menu"))
        if self.hints_allowed:
            buttons.setdefault(HINT, pgettext("phone button", "Hint"))
        return buttons

    def phone_view(self, device: str) -> dict[str, Any]:
        view: dict[str, Any] = {"title": _(self.entry.title), "turn": self.status()[0]}
        held = next((seat for seat in self.seats.values() if seat.device == device), None)
        people = [seat for seat in self.seats.values() if not seat.is_ai]
        if held is None and len(people) == 1 and people[0].accepts(device):
            held = people[0]  # against the computer: the phone plays the person's side
        elif held is None and not self.state.over and self.seat().device is None and not self.seat().is_ai:
            held = self.seat()  # a side shared by every device: the phone plays it now
        if held is not None:
            view.update(seat=held.player, side=self.side_name(held.player),
                        colour=hex_colour(self.entry.side(held.player).tint.body))
        view["mine"] = False
        if not self.state.over:
            to_move = self.seat()
            view["mine"] = bool(not to_move.is_ai and to_move.accepts(device) and not (
                to_move.device == OPEN and held_elsewhere(device, to_move, self.seats)))
        return view

    def phone_gone(self, device: str) -> None:
        """A phone's grace ran out: the player on screen chooses who plays its side now,
        the computer or the next device (until then the seat stays the phone's)."""
        for seat in list(self.seats.values()):
            if seat.device != device or seat.is_ai:
                continue
            if self.hosted or self.state.over:
                seat.device = OPEN
                continue
            self.ask_who_plays(seat.player)

    def ask_who_plays(self, player: str) -> None:
        side = self.side_name(player)
        level = self.app.settings.ai_levels.get(self.game_id, "medium")

        def computer() -> None:
            self.set_seats({player: Seat(player, level)})

        def anyone() -> None:
            self.seats[player].device = OPEN

        self.app.stack.push(AskScene(
            self.app, _("{side}'s phone did not come back").format(side=side),
            [_("Who plays {side} from now on?").format(side=side)],
            [(_("The computer ({level})").format(level=level_name(level)), computer),
             (_("The next device to play for {side}").format(side=side), anyone)],
            on_cancel=anyone, phones=True))
