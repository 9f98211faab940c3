"""A play scene's game played online (:mod:`game.online`): the player's side on this
machine, the opponent's a remote seat (no device here acts for it), every move the
server's.

A move the player makes is sent, not played: the board keeps its position, the status
bar says the server is being waited for, and the move is played when the server's
``played`` envelope comes back, through the same path as a local move's (the effects to
the animation queue). The opponent's moves come the same way. A refusal takes the move
back with the server's reason on the message line; a dropped connection shows a banner
until it is made again and the moves missed have played out.
"""
from __future__ import annotations

import logging
from typing import Any

from ...i18n import _
from ...match import HUMAN, REMOTE, Seat
from ...ui import theme
from .clocks import POLL_SECONDS as POLL_SECONDS  # (where it was: the play scene reads it here)
from .clocks import OnlineTime
from .consent import Consent
from .effects import MovePlay
from .hosting import Hosting

log = logging.getLogger("gauss_arcade")

#: an online game: nothing autosaved here (the server keeps it), no hints (the computer
#: does not help against a person); a draw offered where the rules define one (Sparks &
#: Surges: a move like any other, answered on the opponent's screen)
ONLINE = Hosting(autosave=False, hints=False)



class Remote(Consent, OnlineTime):
    """The online side of a play scene: ``online`` is the :class:`~game.online.client.OnlineGame`
    (None: a local game)."""

    online: Any = None
    #: the server's position is on the board (its first welcome came)
    online_shown = False

    def go_online(self, game: Any) -> None:
        """Play ``game`` (an OnlineGame, started or not) on this scene from now on."""
        from ...online.client import Link

        self.online = game
        self.host(ONLINE)
        game.notation = self.notation
        self.online_shown = False
        self._was_lost = False
        if game.match is None:  # nothing to show before the server's welcome: the level's start, still
            self.match.set_position(self.rules.new(self.level, seed=0))
            self.show_state()
            self.hold(True)
        else:
            self._take_match()
        if not game.started:
            game.start()
        self.follow_online()
        if game.link != "open":
            self.follow_online_events([Link(game.link)])

    def _take_match(self) -> None:
        game = self.online
        self.match = game.match
        for player in self.rules.players:
            if game.spectator or player != game.seat:
                self.match.seats[player] = Seat(player, HUMAN, REMOTE)
            else:
                self.match.seats[player] = Seat(player, HUMAN, None)  # any device of this machine
        self.online_shown = True
        self.hold(False)
        self.particles.clear()
        self.show_state()

    def follow_online(self) -> None:
        """The server's news since the last frame, played out."""
        if self.online is not None:
            self.follow_online_events(self.online.poll())
        if self.online is not None:
            self.watch_grace()

    def follow_online_events(self, events: list[Any]) -> None:
        from ...online import client as C

        game = self.online
        for event in events:
            if isinstance(event, C.Shown):
                self._take_match()
            elif isinstance(event, C.Moved):
                if not self.online_shown:
                    continue
                self.turn_started()
                if event.late and len([e for e in events if isinstance(e, C.Moved)]) > 3:
                    self.reset_view()  # many moves missed: the position, not a long show
                else:
                    self.animate(MovePlay(event.before, event.after, event.move, event.effects))
            elif isinstance(event, C.Answered):
                self.say(event.words, 4.0)
            elif isinstance(event, C.Seated):
                self.show_banner(_("Your opponent has joined."), 3.0)
            elif isinstance(event, C.Link):
                if event.status == C.LOST:
                    self._was_lost = True
                elif event.status == C.OPEN:
                    if self._was_lost:
                        self.show_banner(_("Connected again."), 2.5)
                    self._was_lost = False
            elif isinstance(event, C.Ended):
                self.kept_over()
                if event.check == "" and game.reveal:
                    # the seed revealed and checked: the game is now a record like a local one
                    # (review it, save it), replayed from its seed to the same end
                    self.match.seed = game.reveal["seed"]
                elif event.check:
                    self.say(_("This game's dice do not check out: the server may have cheated."), 8.0)
                self.online_time_event(event)
            elif isinstance(event, (C.Left, C.Back)):
                self.online_time_event(event)
            elif isinstance(event, C.Failed):
                self.hold(False)
                self.say(event.words, 30.0)
            else:
                self.consent_event(event)

    def kept_over(self) -> None:
        """"My games" marks the game over (kept to look at; the first to go when it is full)."""
        from ...online import book

        entry = self.online.entry
        if entry is not None and not entry.over:
            try:
                book.finished(entry)
            except OSError as exc:
                log.warning("online: the game's end could not be kept (%s)", exc)

    def online_news(self) -> str:
        """What the status bar says of the connection now ("" when all is well)."""
        game = self.online
        if game is None:
            return ""
        if game.failed is not None:
            return _("Offline")
        if not self.online_shown:
            return _("Connecting to the server...")
        if game.link != "open":
            return _("Connection lost: reconnecting...")
        if game.pending is not None:
            return _("Waiting for the server...")
        if self.consent_news():
            return self.consent_news()
        if not game.friend_here and not game.spectator:
            return _("Waiting for your opponent to join...")
        return self.away_news()

    def send_online(self, move: Any) -> bool:
        why = self.online.why_not(move)
        if why is None:
            why = self.online.send(move)
        if why is not None:
            self.say(why)
            return False
        return True

    def online_words(self, player: str) -> str | None:
        """A side's name in an online game: "Red (you)", "Blue (opponent)"."""
        game = self.online
        if game is None or game.spectator:
            return None
        name = self.side_name(player)
        if player == game.seat:
            return _("{side} (you)").format(side=name)
        return _("{side} (opponent)").format(side=name)

    def online_ink(self) -> tuple[int, int, int]:
        return theme.BAD if self.online is not None and self.online.link != "open" else theme.ACCENT
