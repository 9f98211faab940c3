"""The computer's turn and the hints: a search a slice a frame (in the worker process when
there is one), its move played through the queue like a person's; a hint is the move the
hard computer would play, shown under the cursor.
"""
from __future__ import annotations

import random
import time
from typing import Any

from ...ai import Thinker
from ...ai.worker import RemoteThinker
from ...i18n import _
from ...ui import theme
from ...ui.actions import (
    CONFIRM,
)


class ComputerTurn:
    """The searches of a play scene: the computer's move and the player's hint."""

    def init_searches(self) -> None:
        """No search under way yet (called once, by the scene's constructor)."""
        self.thinker: Thinker | RemoteThinker | None = None
        self.think_t = 0.0
        self._think_frame = -1
        self.ai_rng = random.Random()
        #: the search for a hint under way, and the move of the last hint
        self.hinter: Thinker | RemoteThinker | None = None
        self.hint_t = 0.0
        self.hinted: Any = None

    #: the AI searches at most this long per drawn frame, so frames keep their pace...
    THINK_SLICE = 0.010

    #: ...and less when the frame's other work so far leaves less before this mark
    #: (drawing takes 2-4 ms more, and a 60 Hz frame has 16.7)
    FRAME_WORK = 0.012

    #: an AI move is shown no sooner than this after its turn began, so a person can follow
    AI_MIN_SECONDS = 0.45

    #: a hint is the move this level would play, whatever the computer's level in the game
    HINT_LEVEL = "hard"

    #: how long a hint stays on the message line (the cursor stays on its move)
    HINT_SECONDS = 10.0

    # -- the computer's turn ---------------------------------------------------------------
    def think(self, dt: float) -> None:
        """Search a slice of the AI's move each drawn frame; play it through the queue."""
        if self.queue.busy or not self.ai_to_move():
            self.drop_thinker()
            return
        if self.thinker is None or self.thinker.state is not self.state:
            self.drop_thinker()
            self.thinker = self.new_thinker()
            self.think_t = 0.0
        self.thinker = self.here_if_given_up(self.thinker)
        self.think_t += dt
        self.step_search(self.thinker)
        if self.thinker.done and self.think_t >= self.AI_MIN_SECONDS:
            move, self.thinker = self.thinker.move, None
            self.future.clear()
            self.commit(move)

    def step_search(self, search: Thinker | RemoteThinker) -> None:
        """One slice of a search per drawn frame, however many updates it has."""
        if self._think_frame != self.app.frames:
            self._think_frame = self.app.frames
            spent = time.perf_counter() - self.app.frame_started
            search.step(max(0.002, min(self.THINK_SLICE, self.FRAME_WORK - spent)))

    def new_thinker(self, local: bool = False, level: str | None = None, state: Any = None,
                    iterations: int | None = None, time_scale: float = 1.0) -> Thinker | RemoteThinker:
        """A search for the computer's move (or, with ``level``, a hint at that level; with
        ``state``, a position of a review): in the worker process when the app has one
        (frames never wait for it), else here, stepped a slice per frame."""
        kind = level or self.seat().kind
        state = self.state if state is None else state
        if self.app.ai is not None and not local:
            seed = self.ai_rng.randrange(1 << 62)
            return self.app.ai.think(self.rules, state, kind, seed, self.entry.policy, iterations, time_scale)
        budget: dict[str, Any] = {}  # only a budget other than the level's own
        if iterations is not None:
            budget["iterations"] = iterations
        if time_scale != 1.0:
            budget["time_scale"] = time_scale
        return Thinker(self.rules, state, kind, rng=self.ai_rng, policy=self.entry.policy, **budget)

    def here_if_given_up(self, search: Thinker | RemoteThinker) -> Thinker | RemoteThinker:
        """``search``, or where its worker gave up, the same search here, in slices."""
        if isinstance(search, RemoteThinker) and search.failed:
            _game, state, level, _seed, _policy, iterations, time_scale = search.request
            return self.new_thinker(True, level, state, iterations, time_scale)
        return search

    # -- hints -------------------------------------------------------------------------------
    @property
    def hints_allowed(self) -> bool:
        """A person plays here, the game goes on, and it is not a ladder game (the ladder
        is won unaided)."""
        return (self.hosting.hints and self.ladder is None and self.has_human
                and not self.state.over)

    def ask_hint(self) -> None:
        """H, Y or the Hint button: search the move the hard level would play here."""
        if self.state.over:
            self.say(_("The game is over: no hint to give."))
        elif not self.hints_allowed:
            if self.ladder is not None:
                self.say(_("No hints on the ladder: this one is up to you."))
        elif self.queue.busy or self.seat().is_ai:
            self.say(_("A hint is for your own turn."))
        elif self.hinter is None:
            self.hinter = self.new_thinker(level=self.HINT_LEVEL)
            self.hint_t = 0.0

    def step_hint(self, dt: float) -> None:
        """The hint's search, a slice a frame; its move is shown when it is found."""
        if self.hinter is None:
            return
        if self.hinter.state is not self.state or self.queue.busy:
            self.drop_hint()
            return
        self.hinter = self.here_if_given_up(self.hinter)
        self.hint_t += dt
        self.step_search(self.hinter)
        if self.hinter.done:
            move, self.hinter = self.hinter.move, None
            self.give_hint(move)

    def give_hint(self, move: Any) -> None:
        """Show ``move``: the cursor on it (so its preview shows) and its notation."""
        self.match.hinted()
        self.hinted = move
        _after, effects = self.preview(move)
        self.point_to(move)
        self.hover_from_mouse = False
        self.scan_pointed()
        key = _("a click") if self.app.last_device == "mouse" else self.app.glyphs()[CONFIRM]
        # a move left to chance (a roll) is named without its result: the preview plays the
        # seeded die, and the hint must not tell the player what it will show
        chance = self.rules.chance_outcomes(self.state, move) is not None
        text = self.rules.move_text(move) if chance else self.notation(self.state, move, effects)
        self.say(_("Hint: {move}   ({key} plays it)").format(move=text, key=key), self.HINT_SECONDS,
                 theme.ACCENT)
        self.save_progress()  # the hint is part of the game's record

    def point_to(self, move: Any) -> None:
        """Put the cursor (and the game's choices) on ``move``, as if the player had."""

    def drop_hint(self) -> None:
        if self.hinter is not None:
            self.hinter.cancel()
            self.hinter = None

    def drop_thinker(self) -> None:
        """End the search under way (undo, restart, a move played, the scene closed)."""
        if self.thinker is not None:
            self.thinker.cancel()
            self.thinker = None

    @property
    def thinking(self) -> bool:
        return self.thinker is not None or self.hinter is not None
