"""How a play scene is shown, and what a host may ask of it: played on its own, or inside
another screen (a replay, the demo, a lesson, a puzzle) that declares its :class:`Hosting` and
drives the game through the methods of :class:`Hosted`, never by setting its fields.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Hosting:
    """How a play scene is shown: a game people play on its own, or a game inside another
    screen that drives it (the demo, a replay, a lesson, a puzzle). One mode, declared by
    whoever shows the game; the host then drives it through the scene's methods (``host``,
    ``hold``, ``judge``, ``quiet``, ``rewire``, ``set_position``, ``commit``, ``take_back``)
    and never sets its fields."""

    #: the game in progress of its game: written after every move
    autosave: bool = True
    #: its own pause menu and end card (else the host says how it ended)
    overlays: bool = True
    #: a person moves here: the cursor, the previews, the board's input (else nobody is
    #: about to move: the moves are the host's)
    moves: bool = True
    #: the Hint button and key
    hints: bool = True
    #: the players may agree (a draw offer); an exercise is won on the board
    agreements: bool = True
    #: the controls the message line lists: ``"all"``; ``"board"`` (the host's own card
    #: names what undo and the menu key do there); ``"none"`` (the host's prompt says it)
    controls: str = "all"
    #: the position was drawn from a seed ("Red starts (drawn at random)"), not set up
    drawn: bool = True
    #: the attract loop: its sounds follow Settings → Sound in the demo
    demo: bool = False


#: a game people play
PLAYED = Hosting()
#: a game looked at, not played: a replay or a review
WATCHED = Hosting(autosave=False, overlays=False, moves=False, hints=False, agreements=False,
                  controls="none")
#: the attract loop's games
DEMO = replace(WATCHED, demo=True)
#: a lesson's step or a puzzle: a set-up position, solved unaided, the host saying how it went
EXERCISE = Hosting(autosave=False, overlays=False, hints=False, agreements=False, controls="board",
                   drawn=False)


class Hosted:
    """The host's side of a play scene: the mode it is shown in, and what a host may ask."""

    #: an exercise's side and who answers it (see ``exercise``); None: the seats say who plays
    exercise_of: tuple[str, str] | None = None

    # -- how it is shown, and what a host may ask of it -------------------------------------
    @property
    def hosted(self) -> bool:
        """Watched, not played (the demo, a replay): nobody is about to move."""
        return not self.hosting.moves

    @property
    def autosave(self) -> bool:
        return self.hosting.autosave

    @autosave.setter
    def autosave(self, on: bool) -> None:  # a benchmark's or a tour's game is nobody's game in progress
        self.hosting = replace(self.hosting, autosave=on)

    @property
    def set_up(self) -> bool:
        """The position was set up (a puzzle, a lesson): nobody "started (random)"."""
        return not self.hosting.drawn

    @property
    def in_demo(self) -> bool:
        return self.hosting.demo

    def host(self, hosting: Hosting) -> None:
        """Shown from now on as ``hosting`` says."""
        self.hosting = hosting

    def hold(self, on: bool) -> None:
        """The host shows something and takes no move meanwhile (a lesson's answer)."""
        self.frozen = on

    def judge(self, status: tuple[str, tuple[int, int, int]] | None, verdict: bool | None = None) -> None:
        """What the status bar says once the game is over (a puzzle: "Solved!"); ``verdict``:
        right (a tick before it) or wrong (a cross), never told by the colour alone."""
        self.over_status = status
        self.over_verdict = verdict

    def quiet(self, banner: bool = True) -> None:
        """No message, no end card and (with ``banner``) no banner: the host says what
        happens."""
        self.message_t = 0.0
        if banner:
            self.banner_t = 0.0
        self.result_shown = True

    def exercise(self, player: str, answered_by: str = "") -> None:
        """The exercise on the board is ``player``'s to solve: the panel says "Blue: you",
        not "two players" (an exercise's seats are nobody's). ``answered_by``: "computer"
        where the other side's moves are the computer's (a puzzle's defence); "" where the
        other side never moves (a lesson's step)."""
        self.exercise_of = (player, answered_by)

    def rewire(self, **actions: Callable[[], None]) -> None:
        """The panel's buttons do the host's ``actions`` instead (``menu=leave``)."""
        for name, fn in actions.items():
            if name in self.buttons:
                self.buttons[name].on_click = fn
