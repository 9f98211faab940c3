"""What the two seats of an online game agree on, on the play screen: a take-back (Undo asks
the opponent; the opponent answers a question over the board with the keys, a pad or the
mouse) and, at the end, a rematch (the end card's Rematch offers one; when both want it the
screen goes into the new game, sides swapped)."""
from __future__ import annotations

import logging
from typing import Any

from ...i18n import _

log = logging.getLogger("gauss_arcade")


class Consent:
    """The online seat's questions to the opponent, over the scene's ``online`` game."""

    #: the question on screen (an AskScene), while the opponent's take-back waits for an answer
    _consent_ask: Any = None

    # -- take-backs -------------------------------------------------------------------------
    def ask_online_takeback(self) -> None:
        why = self.online.ask_takeback()
        self.say(why or _("Take-back asked: waiting for your opponent..."), 4.0)

    def consent_news(self) -> str:
        """The status bar's word while this seat's question waits ("" otherwise)."""
        game = self.online
        if game is None:
            return ""
        asked = game.takeback
        if asked is not None and asked.get("by") == game.seat:
            return _("Take-back asked: waiting for your opponent...")
        if game.seat in game.rematch_offers and game.rematched is None:
            return _("Rematch offered: waiting for your opponent...")
        return ""

    def consent_event(self, event: Any) -> bool:
        """Play out a take-back's or a rematch's news; False for any other event."""
        from ...online import client as C

        if isinstance(event, C.Rematch):
            self._rematch_told(event)
        elif isinstance(event, C.Rematched):
            self._close_consent_ask()
            self._into_rematch(event)
        elif isinstance(event, C.TakeBack):
            self._takeback_told(event)
        elif isinstance(event, C.TakenBack):
            self._close_consent_ask()
            self.show_state()
            by = self.side_name(event.by) if event.by else ""
            self.say(_("{side}'s last move was taken back.").format(side=by) if by
                     else _("Moves were taken back."), 4.0)
        else:
            return False
        return True

    # -- a rematch -------------------------------------------------------------------------------
    def offer_online_rematch(self) -> None:
        why = self.online.offer_rematch()
        self.say(why or _("Rematch offered: waiting for your opponent..."), 6.0)

    def _rematch_told(self, event: Any) -> None:
        game = self.online
        if event.mine or game.spectator or game.rematched is not None:
            return
        from ..menus.overlay import AskScene, ResultScene

        top = self.app.stack.top
        if isinstance(top, ResultScene) and top.game is self:
            self.app.stack.pop()  # the question takes the card's place
        self._close_consent_ask()
        ask = AskScene(self.app, _("Rematch?"),
                       [_("{side} offers a rematch, sides swapped.").format(side=self.player_name(event.by))],
                       [(_("Rematch"), self.offer_online_rematch), (_("Not now"), lambda: None)], phones=True)
        self._consent_ask = ask
        self.app.stack.push(ask)

    def _into_rematch(self, event: Any) -> None:
        """The new game on the screen (the old one closes with its screen)."""
        from ...online import client as C

        game = self.online
        if event.entry is not None:
            new = C.OnlineGame.of(event.entry)
        else:
            new = C.watch_game(game.server, event.watch)
        scene = self.app.nav.play_online(new)
        scene.show_banner(_("Rematch: you play {side}.").format(side=scene.side_name(event.entry.seat))
                          if event.entry is not None else _("Rematch"), 3.0)

    # -- take-backs (the question's answers) ----------------------------------------------------
    def _takeback_told(self, event: Any) -> None:
        game = self.online
        if event.status == "asked":
            if event.mine:
                self.say(_("Take-back asked: waiting for your opponent..."), 4.0)
            elif not game.spectator:
                self._ask_consent(event.by)
            return
        self._close_consent_ask()
        if event.status == "refused":
            self.say(_("Your opponent refused the take-back.") if event.mine
                     else _("Take-back refused."), 4.0)
        elif event.status == "withdrawn" and not event.mine:
            self.say(_("Your opponent withdrew the take-back."), 4.0)
        elif event.status == "expired":
            self.say(_("The take-back lapsed: a move was played."), 4.0)

    def _ask_consent(self, by: str) -> None:
        from ..menus.overlay import AskScene

        def answer(accept: bool) -> None:
            self._consent_ask = None
            why = self.online.answer_takeback(accept)
            if why:
                self.say(why, 3.0)

        self._close_consent_ask()
        ask = AskScene(self.app, _("Take back a move?"),
                       [_("{side} asks to take back their last move.").format(side=self.player_name(by))],
                       [(_("Allow"), lambda: answer(True)), (_("Refuse"), lambda: answer(False))],
                       on_cancel=lambda: answer(False), phones=True)
        self._consent_ask = ask
        self.app.stack.push(ask)

    def _close_consent_ask(self) -> None:
        ask, self._consent_ask = self._consent_ask, None
        if ask is not None and self.app.stack.top is ask:
            self.app.stack.pop()
