"""An online game's time on the play screen (:mod:`game.online.client` follows the server's
clocks): both clocks beside the sides in the panel, counting down here between the server's
envelopes; the banner of an opponent whose connection went ("Blue left: waiting 0:47");
after the grace the choice, with the keys, a pad or the mouse: claim the game, play on
against the computer, or wait; and the end card of a game the server ended (a flag fell, a
game claimed).

Playing on against the computer claims the game on the server first (it is over there: the
opponent abandoned it, and sees so when it comes back), then the game goes on here from the
same position as a local game, the computer at the leaver's side: unrated, autosaved nowhere
(the player's own game in progress of that game stays as it was).
"""
from __future__ import annotations

import math
import time
from typing import Any

from ...i18n import _
from ...match import HUMAN, Seat
from ...ui import theme
from ...ui.present import EndCard
from ..menus.overlay import AskScene
from .hosting import Hosting

#: a game played on here after its opponent left: a game of its own, written nowhere
PLAYED_ON = Hosting(autosave=False)
#: the computer's strength at the seat of a player who left
LEAVER_STRENGTH = "medium"
#: how often a resting online game looks for the server's news (seconds)
POLL_SECONDS = 0.05
#: after "Wait", the choice comes again this much later (seconds)
ASK_AGAIN = 30.0
DAY = 86400


class GraceQuestion(AskScene):
    """The choice after the grace, over the play screen: it keeps following the server
    (only the top scene is updated), and goes by itself when the opponent is back or the
    game ends."""

    def __init__(self, app, scene: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(app, *args, **kwargs)
        self.scene = scene

    def update(self, dt: float) -> None:
        super().update(dt)
        self.scene.follow_online()

    def next_change(self) -> float:
        return min(super().next_change(), POLL_SECONDS)


def clock_words(seconds: float) -> str:
    """A clock as it is read: ``4:32``, ``1:05:09``, and days for a correspondence game
    (``2 d 5 h``). Rounded up: 0:00 only when the time is gone."""
    whole = max(0, math.ceil(seconds - 1e-6))
    if whole >= DAY:
        days, rest = divmod(whole, DAY)
        return _("{days} d {hours} h").format(days=days, hours=rest // 3600)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class OnlineTime:
    """The play scene's side of an online game's time (a mixin of :class:`Remote`)."""

    #: when the choice after the grace was last offered (monotonic; None: not yet)
    _asked_at: float | None = None
    #: the side the computer takes once the server says the claim went through
    _play_on_for: str | None = None

    # -- the clocks ------------------------------------------------------------------------------
    def online_clock_words(self, player: str) -> str | None:
        game = self.online
        if game is None or game.clocks is None:
            return None
        return clock_words(game.clocks.now(player))

    def online_time_key(self) -> tuple:
        """What the panel shows of the time (it is painted again when this changes)."""
        if self.online is None:
            return ()
        return tuple(self.online_clock_words(p) for p in self.rules.players)

    def online_who_parts(self, compact: bool) -> list[tuple[str, tuple[int, int, int]]] | None:
        """The panel's line of who plays, online: "Red (you) 4:32 · Blue (opponent) 3:10"
        (``compact``: the sides and clocks alone); None for a local game."""
        game = self.online
        if game is None or game.spectator or not game.seat:
            return None
        parts = []
        for player in self.rules.players:
            name = self.side_name(player)
            text = name if compact else (self.online_words(player) or name)
            shown = self.online_clock_words(player)
            if shown is not None:
                text = f"{text} {shown}"
            parts.append((text, self.side_ink(player)))
        return parts

    # -- a seat that left ------------------------------------------------------------------------
    def away_news(self) -> str:
        """The status bar's news of an opponent that left ("" when none did)."""
        game = self.online
        other = game.opponent() if game is not None else None
        left = game.grace_left(other) if other is not None and not game.over else None
        if left is None:
            return ""
        if left > 0:
            return _("{side} left: waiting {time}").format(side=self.side_name(other), time=clock_words(left))
        return _("{side} left: you may claim the game").format(side=self.side_name(other))

    def online_time_event(self, event: Any) -> None:
        from ...online import client as C

        if isinstance(event, C.Left):
            self._asked_at = None
        elif isinstance(event, C.Back):
            self._asked_at = None
            self._play_on_for = None
            self.drop_question()  # moot: the opponent is back
            self.show_banner(_("{side} is back.").format(side=self.side_name(event.side)), 3.0)
        elif isinstance(event, C.Ended) and event.reason is not None:
            self.drop_question()
            if self._play_on_for is not None and event.reason == C.ABANDONED:
                self.play_on_here(self._play_on_for)
            else:
                self.show_server_end(event)

    def watch_grace(self) -> None:
        """Once the opponent's grace has run out: the choice (again after a Wait)."""
        game = self.online
        if game is None or game.over or self._play_on_for is not None or self.app.stack.top is not self:
            return
        other = game.opponent()
        if other is None or game.grace_left(other) != 0.0:
            return
        now = time.monotonic()
        if self._asked_at is not None and now - self._asked_at < ASK_AGAIN:
            return
        self._asked_at = now
        side = self.side_name(other)
        ask = GraceQuestion(self.app, self, _("{side} left the game").format(side=side), [
            _("{side} did not come back in time. Claim the game, or play on against the computer "
              "(not rated).").format(side=side)],
            [(_("Claim the game"), self.claim_game),
             (_("Play on against the computer"), self.play_on_against_computer),
             (_("Wait for {side}").format(side=side), lambda: None)])
        self.app.stack.push(ask)

    def drop_question(self) -> None:
        top = self.app.stack.top
        if isinstance(top, GraceQuestion) and top.scene is self:
            self.app.stack.pop()

    def claim_game(self) -> None:
        why = self.online.claim() if self.online is not None else None
        if why is not None:
            self.say(why, 4.0)

    def play_on_against_computer(self) -> None:
        game = self.online
        if game is None:
            return
        why = game.claim()
        if why is not None:
            self.say(why, 4.0)
            return
        self._play_on_for = game.opponent()
        self.say(_("Claiming the game..."), 4.0)

    def play_on_here(self, leaver: str) -> None:
        """The online game, over on the server, goes on here: the computer at ``leaver``'s side."""
        game = self.online
        me = game.seat
        self._play_on_for = None
        game.close()
        self.online = None
        self.host(PLAYED_ON)
        self.match.seats[leaver] = Seat(leaver, LEAVER_STRENGTH)
        self.match.seats[me] = Seat(me, HUMAN, None)
        self.result_shown = False
        self.show_state()
        self.show_banner(_("Playing on against the computer: not rated."), 4.0)

    # -- the server's end ------------------------------------------------------------------------
    def online_over(self) -> bool:
        """The server ended this game (a flag, a claim) where the rules did not."""
        game = self.online
        return game is not None and game.ended is not None and game.ended.reason is not None

    def show_server_end(self, event: Any) -> None:
        from ...online import client as C
        from ..menus.overlay import ResultScene

        winner = event.winner
        loser = next((p for p in self.rules.players if p != winner), None)
        if winner is None or loser is None:
            return
        if winner == self.online.seat:
            headline = _("You win!")
        else:
            headline = _("{side} wins!").format(side=self.side_name(winner))
        if event.reason == C.TIME:
            margin, why = _("on time"), _("{side} ran out of time.").format(side=self.side_name(loser))
        else:
            margin = _("by abandonment")
            why = _("{side} left the game and did not come back.").format(side=self.side_name(loser))
        self.result_shown = True
        self._panel_held = self._painting = None
        self.say(why, 6.0)
        if self.hosting.overlays:
            card = EndCard(headline, self.side_ink(winner), margin, [why])
            self.app.stack.push(ResultScene(self.app, self, card))

    def server_end_status(self) -> tuple[str, tuple[int, int, int]]:
        game = self.online
        assert game is not None and game.ended is not None
        if game.ended.reason == "time":
            return _("Game over: on time"), theme.ACCENT
        return _("Game over: abandoned"), theme.ACCENT
