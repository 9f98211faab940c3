"""Moves taken back and played again on the play screen: the players' undo and redo, with
the match's rules for them (none on the ladder, online only by the opponent's consent,
against the computer back to a person's turn), and the plain step back a replay uses."""
from __future__ import annotations

from ...i18n import _
from ...match import NoTakeBack


class TakeBacks:
    """Undo, redo and take-back, over the scene's ``match``."""

    def undo(self) -> None:
        """Take back the last move; against the computer, back to the last human turn."""
        if self.online is not None:  # the opponent is asked (play/consent.py)
            self.ask_online_takeback()
            return
        self.queue.skip()
        try:
            self.drop_thinker()
            self.match.undo()
        except NoTakeBack as refused:
            self.say(self.refused_words(refused, _("Nothing to undo.")))
            return
        self.show_state()
        self.save_progress()

    @staticmethod
    def refused_words(refused: NoTakeBack, nothing: str) -> str:
        return _("No take-backs on the ladder.") if refused.reason == "ladder" else nothing

    def take_back(self) -> None:
        """The last move off the board, whoever played it: how a replay steps back. Undo is
        the players' own, with its rules (none on the ladder, back to a person's turn)."""
        if self.match.take_back():
            self.show_state()

    def redo(self) -> None:
        """Play the move taken back again; against the computer, its replies too."""
        if self.online is not None:  # a move taken back online is gone for good
            self.say(_("Nothing to redo."))
            return
        self.queue.skip()
        try:
            move = self.match.redo_move()
        except NoTakeBack as refused:
            self.say(self.refused_words(refused, _("Nothing to redo.")))
            return
        self.drop_thinker()
        self.commit(move)
        if self.future and self.ai_to_move() and self.has_human:
            self.queue.skip()
            while self.future and self.ai_to_move():
                self.commit(self.future.pop(), animate=False)
