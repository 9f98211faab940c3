"""Nothing lost: a play scene writes its game in progress after every move (and says so
when a disk refuses), and restores a saved game exactly.
"""
from __future__ import annotations

import logging

from ...i18n import _
from ...persistence import saves, storage

log = logging.getLogger("gauss_arcade")


class Autosaving:
    """The record of a play scene's match, written and read back."""

    #: a failed autosave is tried again this often
    SAVE_RETRY = 5.0

    # -- nothing lost ------------------------------------------------------------------------
    def record(self) -> saves.Record:
        """What reproduces this game exactly: level, seed, options and the moves so far."""
        return self.match.record()

    def save_progress(self) -> None:
        """Autosave after every move (and undo); a finished game leaves no autosave.

        A write that fails (a full or read-only disk) must not stop the game, nor pass in
        silence: the message line says the game is not saved, and the write is tried
        again every SAVE_RETRY seconds (and after every move) until it succeeds."""
        if not self.autosave:
            return
        try:
            if not saves.claim(self.game_id, self):  # another instance of the game plays it
                raise saves.PlayedElsewhere()
            if self.state.over:
                saves.clear_autosave(self.game_id)
            else:
                saves.write_autosave(self.record())
        except OSError as exc:
            reason = storage.reason_of(exc)
            if self.unsaved != reason:
                log.warning("Autosave failed (%s); trying again every %s s.", reason, self.SAVE_RETRY)
            self.unsaved, self.save_retry_t = reason, self.SAVE_RETRY
            return
        if self.unsaved:
            log.info("Autosave works again.")
            self.say(_("Saved again."), 2.0)
        self.unsaved = ""

    def restore(self, record: saves.Record, banner: str | None = None) -> None:
        """Continue the saved game ``record`` (already checked by ``saves.parse``); ``banner``
        (in the player's language) says so, by default "Resumed where you left off"."""
        if banner is None:
            banner = _("Resumed where you left off")
        if self.hosted:  # a replay shows who played; its own seats are people's, no computer
            self.recorded_seats = {p: k for p, k in record.seats.items() if p in self.seats}
        self.autoplay = 0
        self.match.restore(record, seats=not self.hosted)  # the board is drawn once, at the end
        self.particles.clear()
        self.show_state()
        # the autosave being resumed stayed the game in progress until now: this one replaces it
        self.save_progress()
        self.show_banner(banner, 2.5)
