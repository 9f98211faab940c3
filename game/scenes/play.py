"""What every game scene shares: the game's turn, its history with undo and redo, one
path from the rules' effects to the animation queue, the seats and the computer's
turn, and the parts of the play screen every game has (status bar, message line,
side panel with the move list, pause and the end-of-game card).

A game scene subclasses :class:`PlayScene` and reads like the game's turn: its
input becomes a move (``try_play``), the rules answer with effects, and each effect
type has a handler (a method marked ``@effect("slide")``) that queues its motion.
What a game looks like lives in its drawing kit (``game.ui.<game>``): the layout,
computed once per window size and used by drawing, hit-testing and animation alike,
the static board layer and the sprites (drawn through the scene's ``board`` group).
"""
from __future__ import annotations

import logging
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

import pygame

from .. import catalogue, fame, i18n, ladder, levels, palette, saves, settings, storage
from ..ai import Thinker
from ..ai.worker import RemoteThinker
from ..anim import AnimQueue, Tween, linear
from ..audio import cue
from ..i18n import N_, _, ngettext, pgettext, refusal
from ..match import OPEN, Match, NoTakeBack, Played, Seat, held_elsewhere
from ..rules.core import DRAW, Outcome
from ..ui import present, theme
from ..ui.actions import (
    ALTERNATE,
    BACK,
    CONFIRM,
    DIRECTIONS,
    HINT,
    MENU,
    OTHER_KEY,
    POINT,
    REDO,
    UNDO,
    Action,
)
from ..ui.frame import PlayFrame, panel_head
from ..ui.particles import Particles
from ..ui.present import EndCard
from ..ui.widgets import Button
from .base import LiveButton, Scene
from .overlay import PauseScene, ResultScene
from .seats import device_label, level_name

log = logging.getLogger("gauss_arcade")


def effect(kind: str, together: bool = False) -> Callable[[Callable], Callable]:
    """Mark a scene method as the animation of the rules' effects of type ``kind``.

    The method gets ``(effect, move)``; with ``together`` it gets the list of the
    consecutive effects of that type instead (all slides of one move, say), so they
    can move at once.
    """
    def mark(fn: Callable) -> Callable:
        fn.effect_kind = (kind, together)  # type: ignore[attr-defined]
        return fn
    return mark


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


@dataclass
class MovePlay:
    """One move as it is animated: the states around it, its mover and its effects;
    ``notes`` carries what one effect's handler hands to a later one (a captured piece)."""

    before: Any
    after: Any
    move: Any
    effects: list[dict[str, Any]]
    notes: dict[str, Any] = field(default_factory=dict)

    @property
    def mover(self) -> str:
        return self.before.to_move


class PlayScene(Scene):
    game_id: ClassVar[str] = ""
    #: effect type -> (handler, together), collected from the ``@effect`` methods
    handlers: ClassVar[dict[str, tuple[Callable, bool]]] = {}
    #: the pause after the last effect of a game, before the end card
    END_PAUSE = 0.7
    #: how long a pass is shown before the game goes on
    PASS_SECONDS = 0.6
    #: the AI searches at most this long per drawn frame, so frames keep their pace...
    THINK_SLICE = 0.010
    #: ...and less when the frame's other work so far leaves less before this mark
    #: (drawing takes 2-4 ms more, and a 60 Hz frame has 16.7)
    FRAME_WORK = 0.012
    #: an AI move is shown no sooner than this after its turn began, so a person can follow
    AI_MIN_SECONDS = 0.45
    #: a failed autosave is tried again this often
    SAVE_RETRY = 5.0
    #: whether the game's marks pulse with ``clock`` (the Rush cursor); they pulse this
    #: long after the last input, then hold still so that a screen nobody plays rests
    pulses: ClassVar[bool] = False
    PULSE_SECONDS = 10.0
    #: a hint is the move this level would play, whatever the computer's level in the game
    HINT_LEVEL = "hard"
    #: how long a hint stays on the message line (the cursor stays on its move)
    HINT_SECONDS = 10.0

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        handlers: dict[str, tuple[Callable, bool]] = {}
        for klass in reversed(cls.__mro__):
            for value in vars(klass).values():
                kind = getattr(value, "effect_kind", None)
                if kind is not None:
                    handlers[kind[0]] = (value, kind[1])
        cls.handlers = handlers

    def __init__(self, app, level: str | None = None, options: dict[str, Any] | None = None,
                 seats: dict[str, Seat] | None = None, hosted: bool = False,
                 ladder: str | None = None, hosting: Hosting | None = None) -> None:
        super().__init__(app)
        #: how the game is shown (``hosted``: the older word for a watched game)
        self.hosting = hosting or (WATCHED if hosted else PLAYED)
        self.entry = catalogue.get(self.game_id)  # the game's catalogue entry
        self.rules = self.entry.rules
        #: the game in progress itself (headless): state, moves, seats, the record
        self.match = Match(self.game_id, levels.load(self.game_id, level), options=options, seats=seats,
                           ladder=ladder, notation=self.notation, start=False)
        self.autoplay = 0
        self.queue = AnimQueue()
        self.board: pygame.sprite.LayeredUpdates = pygame.sprite.LayeredUpdates()
        self.buttons: dict[str, Button] = {
            "undo": LiveButton(N_("Undo"), self.undo),
            "redo": LiveButton(N_("Redo"), self.redo),
            "menu": LiveButton(N_("Menu"), self.pause),
            "hint": LiveButton(N_("Hint"), self.ask_hint),
        }
        self.message, self.message_t = "", 0.0
        self.message_color = theme.BAD
        self.banner, self.banner_t = "", 0.0
        self.thinker: Thinker | RemoteThinker | None = None
        self.think_t = 0.0
        self._think_frame = -1
        self.ai_rng = random.Random()
        self.hover_from_mouse = False  # the cursor follows the mouse (else keys or a pad)
        self.preview_cache: dict[Any, tuple[Any, list[dict[str, Any]]]] = {}
        #: the sprites on the board, each by where it stands (its ``key``: a cell, a square)
        self.pieces: dict[Any, pygame.sprite.Sprite] = {}
        self.layout: Any = None  # the kit's layout for the current size (see relayout)
        self._background: pygame.Surface | None = None
        self._panel: tuple[tuple, pygame.Surface] | None = None
        #: the frame a move landed in (its panel shows it from the next frame's update on)
        self._panel_held: int | None = None
        self._bars: tuple = ((), ())  # what the status bar and the message line showed last
        self._board_shown: tuple | None = None  # the board_key of the last frame
        self._sprites: dict[int, tuple[pygame.Surface, tuple[int, int, int, int]]] = {}
        #: parts of the board drawn once over the static layer, by what they show (see layer)
        self.layers: dict[tuple, tuple[pygame.Surface, pygame.Rect]] = {}
        self.result_shown = False
        self.banner_fits = True  # the banner found room beside the status (else: the message line)
        self.clock = 0.0  # seconds this scene has run (pulses, blinks)
        self.unsaved = ""  # why the last autosave failed ("" once it works)
        #: sparks of scores and captures (motion only), and where they were last drawn
        self.particles = Particles()
        self._sparks_shown: pygame.Rect | None = None
        self.save_retry_t = 0.0
        #: the search for a hint under way
        self.hinter: Thinker | RemoteThinker | None = None
        self.hint_t = 0.0
        self.hinted: Any = None  # the move of the last hint
        #: while a host shows something and takes no move (a lesson's answer): no cursor,
        #: no preview (``hold``)
        self.frozen = False
        #: what the status bar says once the game is over, when the host judges the end
        #: itself (a puzzle: solved or not; ``judge``); None: "Game over"
        self.over_status: tuple[str, tuple[int, int, int]] | None = None
        #: a replayed game's seats as its record has them (the replay's own are people's)
        self.recorded_seats: dict[str, str] = {}
        #: the game finished last in this scene, after a rematch replaced it on the board
        self.finished: saves.Record | None = None
        self._scored: Any = None  # the final state whose result was counted (once a game)

    @property
    def board_group(self) -> pygame.sprite.LayeredUpdates:
        return self.board

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

    def judge(self, status: tuple[str, tuple[int, int, int]] | None) -> None:
        """What the status bar says once the game is over (a puzzle: "Solved!")."""
        self.over_status = status

    def quiet(self, banner: bool = True) -> None:
        """No message, no end card and (with ``banner``) no banner: the host says what
        happens."""
        self.message_t = 0.0
        if banner:
            self.banner_t = 0.0
        self.result_shown = True

    def rewire(self, **actions: Callable[[], None]) -> None:
        """The panel's buttons do the host's ``actions`` instead (``menu=leave``)."""
        for name, fn in actions.items():
            if name in self.buttons:
                self.buttons[name].on_click = fn

    # -- the match, as the scene's own words read it ----------------------------------------
    @property
    def state(self) -> Any:
        return self.match.state

    @state.setter
    def state(self, state: Any) -> None:
        self.match.state = state

    @property
    def history(self) -> list[Played]:
        return self.match.history

    @history.setter
    def history(self, played: list[Played]) -> None:
        self.match.history = played

    @property
    def future(self) -> list[Any]:
        return self.match.future

    @future.setter
    def future(self, moves: list[Any]) -> None:
        self.match.future = moves

    @property
    def seats(self) -> dict[str, Seat]:
        return self.match.seats

    @property
    def level(self) -> dict[str, Any]:
        return self.match.level

    @property
    def seed(self) -> int:
        return self.match.seed

    @property
    def options(self) -> dict[str, Any] | None:
        return self.match.options

    @property
    def start_player(self) -> str:
        return self.match.start_player

    @property
    def ladder(self) -> str | None:
        """A game of the arcade ladder: the computer's level on this rung (no hints, no undo)."""
        return self.match.ladder

    @ladder.setter
    def ladder(self, rung: str | None) -> None:
        self.match.ladder = rung

    @property
    def hints(self) -> list[int]:
        return self.match.hints

    @property
    def takebacks(self) -> int:
        return self.match.takebacks

    # -- lifecycle -------------------------------------------------------------------
    def start(self, seed: int | None = None, autoplay: int = 0) -> None:
        """Begin the first game (the scene is fully built by now)."""
        self.autoplay = autoplay
        self.new_game(seed)

    def new_game(self, seed: int | None = None) -> None:
        self.set_position(self.match.new(seed))
        if self.autosave:
            self.save_progress()  # a fresh game replaces the one that was in progress
        banner = self.start_banner()
        if self.ladder is not None:  # a ladder game says so, and against which rung
            banner = _("Ladder: beat the computer at {level}").format(level=level_name(self.ladder))
        self.show_banner(banner, 0.0 if self.autoplay else 3.5)
        if self.autoplay:
            rng = random.Random(self.seed)
            for _step in range(self.autoplay):
                if self.state.over:
                    break
                self.commit(self.rules.random_move(self.state, rng), animate=False)
            self.after_autoplay()

    def restart(self) -> None:
        if self.state.over and self.history:  # still to review and save, from the pause menu
            self.finished = self.record()
        self.new_game(None)

    def set_position(self, state: Any) -> None:
        """Show ``state`` as it is, with no moves before it (a new game, a puzzle's
        position); nothing is autosaved here."""
        self.match.set_position(state)
        self.particles.clear()
        self.show_state()

    def show_state(self) -> None:
        """The board shows the match's state as it is now (a new position, a move taken
        back, a game rebuilt): no motion under way, the turn's choices afresh."""
        if self.layout is None:  # laid out before anything moves (a hosted game relays itself out)
            self.relayout(self.app.screen.get_size())
        self.queue.skip()
        self.result_shown = False
        self.drop_thinker()
        self.reset_view()
        self.turn_started()

    def start_banner(self) -> str:
        return _("{side} starts (drawn at random)").format(side=self.side_name(self.start_player))

    def after_autoplay(self) -> None:
        """Park the cursor somewhere telling for a screenshot."""

    # -- the sides ---------------------------------------------------------------------------
    def side_name(self, player: str) -> str:
        """A side's name as a player reads it ("Red"), in the current language."""
        return _(self.entry.side(player).name)

    def side_word(self, player: str) -> str:
        """A side in the middle of a sentence, as the rules name it ("it is white's turn"):
        the lower-case word, in the current language (marked in ``rules.core.SIDE_WORDS``)."""
        return _(player)

    def level_title(self) -> str:
        """The board's title ("Classic"), in the current language."""
        return _(self.level.get("title", self.level["name"]))

    def side_ink(self, player: str) -> tuple[int, int, int]:
        """A side's colour for texts and marks on the dark screen."""
        return self.entry.side(player).tint.light

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

    def who_is_who(self, compact: bool = False) -> str:
        """Who plays each side, in a line: "Red: you · Blue: computer (hard)" (``compact``:
        "Red: you · Blue: hard", for a narrow panel)."""
        return " · ".join(text for text, _ink in self.who_parts(compact))

    def who_parts(self, compact: bool = False) -> list[tuple[str, tuple[int, int, int]]]:
        """:meth:`who_is_who` in parts, each in its side's colour."""
        first, second = self.rules.players
        seats = self.seats
        if self.recorded_seats:  # a replay: who played the game, not the replay's own seats
            seats = {p: Seat(p, kind) for p, kind in self.recorded_seats.items()}
        humans = [p for p in (first, second) if not seats[p].is_ai]
        if len(humans) == 2 and all(seats[p].device in (None, OPEN) for p in humans):
            return [(_("{first} and {second}: two players").format(
                first=self.side_name(first), second=self.side_name(second)), theme.INK_DIM)]
        parts = []
        for player in (first, second):
            seat, side = seats[player], self.side_name(player)
            if seat.is_ai:
                text = (_("{side}: {level}") if compact else _("{side}: computer ({level})")).format(
                    side=side, level=level_name(seat.kind))
            elif len(humans) == 1:
                text = _("{side}: you").format(side=side)
            else:
                text = _("{side}: {device}").format(side=side, device=device_label(seat.device))
            parts.append((text, self.side_ink(player)))
        return parts

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
        key = _("a click") if self.app.last_device == "mouse" else self.app.glyphs()[CONFIRM]
        self.say(_("Hint: {move}   ({key} plays it)").format(move=self.notation(self.state, move, effects),
                                                            key=key), self.HINT_SECONDS, theme.ACCENT)
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

    def closed(self) -> None:
        """The scene is gone for good: end its search and let go of what it drew at once.

        Its buttons and queued animations hold its methods, so the scene sits in
        reference cycles that only a full garbage collection frees, and those are rare
        in a long-running process: a kiosk's demo kept every finished game's surfaces
        (a window-sized background each) and grew by megabytes a game."""
        self.drop_thinker()
        self.drop_hint()
        saves.let_go(self.game_id, self)  # another instance of the game may play it now
        self.queue.clear()
        self.buttons.clear()
        self.board.empty()
        self.pieces.clear()
        self.preview_cache.clear()
        self._background = self._panel = None
        self.layers.clear()

    @property
    def awaiting_human(self) -> bool:
        """A person is to choose a move now (so the cursor and move hints are shown);
        never in a hosted game (a demo or a replay: nobody is about to move)."""
        return not (self.hosted or self.frozen or self.queue.busy or self.state.over or self.seat().is_ai)

    @property
    def thinking(self) -> bool:
        return self.thinker is not None or self.hinter is not None

    # -- hooks of the game's view -------------------------------------------------------
    def reset_view(self) -> None:
        """Rebuild sprites and shown counters from ``self.state`` (new game, undo)."""
        raise NotImplementedError

    def show_pieces(self, sprites) -> None:
        """The board shows exactly ``sprites`` (a new game, an undo)."""
        self.board.empty()
        self.pieces = {}
        for sprite in sprites:
            self.add_piece(sprite)

    def add_piece(self, sprite: pygame.sprite.Sprite) -> None:
        self.pieces[sprite.key] = sprite
        self.board.add(sprite)

    def on_action(self, action: Action) -> None:
        """An action for the game itself (not pause/undo/redo/skip). By default a board
        with a cursor: the mouse moves it, directions step it, a click or Enter confirms
        the cell under it, the other choice is the game's."""
        if action.name == POINT:
            self.point_at(action.pos)
        elif action.name == ALTERNATE:
            self.alternate(action)
        elif action.name in DIRECTIONS and not action.is_pointer:
            self.step_cursor(action.name)
            self.hover_from_mouse = False
        elif action.name == CONFIRM:
            if action.pos is not None:
                cell = self.cell_at(action.pos)
                if cell is None:
                    self.missed(action.pos)
                    return
                self.cursor = cell
                self.hover_from_mouse = True
            self.confirm(self.cursor)

    def step_cursor(self, direction: str) -> None:
        """Move the board cursor one step (``up``, ``down``, ``left``, ``right``)."""

    def confirm(self, cell: Any) -> None:
        """Enter, A or a click on ``cell``: the game's move there."""

    def alternate(self, action: Action) -> None:
        """Tab, X or a right click: the game's other choice."""

    def missed(self, pos: tuple[int, int]) -> None:
        """A click that hit no cell."""

    def turn_started(self) -> None:
        """The state changed hands (a move, undo, new game): per-turn choices start
        afresh, and a refusal that explained the old position is no longer shown."""
        self.preview_cache = {}
        self.message_t = 0.0
        self.drop_hint()

    def cell_at(self, pos: tuple[int, int]) -> Any | None:
        """The board cell under a screen position (None off the board): the layout knows."""
        return self.layout.cell_at(pos) if self.layout else None

    def point_at(self, pos: tuple[int, int] | None) -> None:
        """The mouse moved: the cursor follows it over the board."""
        cell = self.cell_at(pos) if pos is not None else None
        self.hover_from_mouse = cell is not None
        if cell is not None:
            self.cursor = cell

    def notation(self, before: Any, move: Any, effects: list[dict[str, Any]]) -> str:
        """The move list's entry for a move: the rules' notation and what the move did."""
        return self.rules.move_note(before, move, effects)

    # -- moves -----------------------------------------------------------------------------
    def preview(self, move: Any) -> tuple[Any, list[dict[str, Any]]]:
        """What ``move`` would do now (the engine's own state and effects), cached per turn."""
        if move not in self.preview_cache:
            self.preview_cache[move] = self.rules.play(self.state, move)
        return self.preview_cache[move]

    def try_play(self, move: Any) -> bool:
        """Play ``move`` if it is legal; otherwise say why in one line."""
        why = self.match.why_not(move)
        if why:
            self.say(refusal(why))
            return False
        self.match.branch()
        self.commit(move)
        return True

    def commit(self, move: Any, animate: bool = True, view: bool = True) -> list[dict[str, Any]]:
        """Play ``move``: animated, or shown at once; ``view=False`` shows nothing (a game
        being rebuilt move by move shows its last position once: ``restore``)."""
        before, after, effects = self.match.play(move)
        if self._panel_held is None:  # held once: moves landing frame after frame still show
            self._panel_held = self.app.frames
        self.turn_started()
        if animate:
            self.animate(MovePlay(before, after, move, effects))
        elif view:
            self.reset_view()
        self.save_progress()
        return effects

    # -- effects -> animation ---------------------------------------------------------------
    def animate(self, play: MovePlay) -> None:
        """Queue the motion of one move: each run of effects goes to its type's handler."""
        effects = play.effects
        i = 0
        while i < len(effects):
            kind = effects[i]["type"]
            handler, together = self.handlers.get(kind, (None, False))
            j = i + 1
            if together:
                while j < len(effects) and effects[j]["type"] == kind:
                    j += 1
            if handler is not None:
                handler(self, effects[i:j] if together else effects[i], play)
            i = j

    @effect("pass")
    def on_pass(self, e: dict[str, Any], play: MovePlay) -> None:
        text = _("{side} has no legal move and passes").format(side=self.side_name(e["player"]))
        self.queue.add(Tween(self.PASS_SECONDS, ease=linear), on_start=lambda: self.show_banner(text, 3.0))

    @effect("end")
    def on_end(self, e: dict[str, Any], play: MovePlay) -> None:
        self.queue.add(Tween(self.END_PAUSE, ease=linear))

    def cue(self, name: str) -> None:
        cue(self, name)

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

    def undo(self) -> None:
        """Take back the last move; against the computer, back to the last human turn."""
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

    def say(self, text: str, seconds: float = 3.0, color: tuple[int, int, int] = theme.BAD) -> None:
        """A line for the player on the message line: a refusal (red), or news."""
        self.message, self.message_t, self.message_color = text, seconds, color

    def show_banner(self, text: str, seconds: float = 2.6) -> None:
        self.banner, self.banner_t = text, seconds

    def pause(self, note: str = "") -> None:
        """The pause menu over this game (once: a second call only updates its note)."""
        if self.hosted:
            return
        top = self.app.stack.top
        if isinstance(top, PauseScene) and top.game is self:
            top.note = note or top.note
            return
        self.app.stack.push(PauseScene(self.app, self, note))

    def bench_feed(self, rng: random.Random) -> None:
        """Keep the animation queue playing (benchmarks, soak tests): a random move when idle."""
        if self.queue.busy:
            return
        if self.state.over:
            self.new_game(rng.randrange(1 << 30))
            self.banner_t = 0.0
        self.commit(self.rules.random_move(self.state, rng))

    # -- input and time -----------------------------------------------------------------
    def handle(self, action: Action) -> None:
        if action.name == POINT:
            for button in self.buttons.values():
                button.handle(action)
            if self.state.over or self.may_act(action):
                self.on_action(action)
            return
        if self.queue.busy:
            self.queue.skip()  # any key or click jumps to the end of the move...
            if action.name in (MENU, BACK) and not action.is_pointer:
                self.pause()  # ...and the menu key opens the menu as well, at once
            elif (action.pos is not None and action.name == CONFIRM and "menu" in self.buttons
                  and self.buttons["menu"].rect.collidepoint(action.pos)):
                self.pause()  # ...and so does a click on the Menu button
            return
        if action.pos is not None:
            for button in self.buttons.values():
                if button.rect.collidepoint(action.pos):
                    if self.may_command(action):
                        button.handle(action)
                    return
        if action.name in (MENU, BACK) and not action.is_pointer:
            self.pause()
        elif action.name in (UNDO, REDO):
            if self.may_command(action):
                self.undo() if action.name == UNDO else self.redo()
        elif action.name == HINT:
            if self.may_command(action):
                self.ask_hint()
        elif self.state.over:
            if action.name != OTHER_KEY:
                self.show_result()
        elif self.may_act(action):
            self.on_action(action)

    def update(self, dt: float) -> None:
        if self._panel_held is not None and self._panel_held != self.app.frames:
            self._panel_held = None
        if not self.pulses or self.app.idle < self.PULSE_SECONDS:
            self.clock += dt
        speed = settings.ANIMATION_SPEEDS.get(self.app.settings.animation_speed, 1.0)
        if speed <= 0 and self.queue.busy and not self.hosted:
            self.queue.skip()  # instant: every move shows its end at once
        self.queue.update(dt * (speed if speed > 0 and not self.hosted else 1.0))
        self.particles.update(dt)
        if self.message_t > 0:
            self.message_t -= dt
        if self.banner_t > 0:
            self.banner_t -= dt
        if self.unsaved:
            self.save_retry_t -= dt
            if self.save_retry_t <= 0:
                self.save_progress()
        self.think(dt)
        self.step_hint(dt)
        if self.state.over and not self.queue.busy and not self.result_shown:
            self.show_result()

    def next_change(self) -> float:
        """Moving while a move plays out, the computer thinks (its slices need frames)
        or marks pulse; else still until a message or the banner runs out."""
        if (self.queue.busy or self.thinking or self.ai_to_move() or self.particles.alive
                or self._panel_held is not None):
            return 0.0
        if self.state.over and not self.result_shown:
            return 0.0
        if self.pulses and self.app.idle < self.PULSE_SECONDS:
            return 0.0
        timers = [t for t in (self.message_t, self.banner_t) if t > 0]
        if self.unsaved:
            timers.append(max(0.0, self.save_retry_t))  # the autosave is tried again then
        return min(timers, default=math.inf)

    # -- the end -------------------------------------------------------------------------------
    def show_result(self) -> None:
        if self.rules.outcome(self.state) is None:
            return
        self.result_shown = True
        self._panel_held = None  # a card covers the game from now: it is not updated again
        # a host says how its game ended (the demo, a replay; a puzzle or a lesson, whose
        # position cannot be reviewed as a game from a seed)
        if self.hosting.overlays:
            card = self.the_end()
            fame = self.count_result(card) if self._scored is not self.state else []
            self._scored = self.state
            self.app.stack.push(ResultScene(self.app, self, card))
            for kind, value in reversed(fame):  # the hall of fame asks initials over the card, in turn
                self.app.nav.enter_initials(self.game_id, kind, value, card)

    def rematch(self) -> None:
        """Another game: a ladder game goes on against the rung to beat now (the next one
        after a win); any other game starts again as it was."""
        sides = self.human_against_computer()
        if sides is None or self.ladder is None:
            self.restart()
            return
        rung = ladder.of(self.game_id).rung
        self.ladder = rung
        self.seats[sides[1]] = Seat(sides[1], rung)
        self.restart()

    def human_against_computer(self) -> tuple[str, str] | None:
        """``(the person's side, the computer's)`` in a game of one against the computer."""
        return self.match.human_against_computer()

    def count_result(self, card: EndCard) -> list[tuple[str, int]]:
        """A finished game against the computer counts: a ladder game climbs (or not), and
        its lines join the end card; returns the hall-of-fame results to ask initials for."""
        sides = self.human_against_computer()
        if sides is None:
            return []
        person, computer = sides
        won = self.rules.outcome(self.state).winner == person
        out: list[tuple[str, int]] = []
        if self.ladder is not None:
            rung = self.ladder
            climb, unlocked = ladder.finished(self.game_id, rung, won)
            if unlocked == "top":
                done = _("Ladder climbed: easy, medium and hard beaten in {count} games!")
                card.reasons.append(done.format(count=climb.games))
                if fame.qualifies(self.game_id, "ladder", climb.games):
                    out.append(("ladder", climb.games))
            elif unlocked:
                card.reasons.append(_("Ladder: {level} beaten; {next} is unlocked and comes next.").format(
                    level=level_name(rung), next=level_name(unlocked)))
            elif won:
                card.reasons.append(_("Ladder: {level} beaten again.").format(level=level_name(rung)))
            else:
                card.reasons.append(_("Ladder: {level} is still to beat. Try again!").format(
                    level=level_name(rung)))
        if won and self.seats[computer].kind == "hard" and not self.hints and not self.takebacks:
            scores = self.rules.scores(self.state)
            margin = max(0, scores[person] - scores[computer])
            if fame.qualifies(self.game_id, "margin", margin):
                out.append(("margin", margin))
        return out

    def the_end(self) -> EndCard:
        """Who won ("You" or "The computer" against the computer), by how much, why."""
        outcome = self.rules.outcome(self.state)
        margin, reasons, table = self.result_parts(outcome)
        if self.hints:  # the record keeps them; the card says so too
            reasons = [*reasons, ngettext("One hint was used.", "{count} hints were used.",
                                          len(self.hints)).format(count=len(self.hints))]
        winner = outcome.winner
        if winner == DRAW:
            return EndCard(_("A draw"), theme.ACCENT, margin, reasons, table)
        humans = [p for p, seat in self.seats.items() if not seat.is_ai]
        if len(humans) == 1:
            if winner in humans:
                headline = _("You win!")
            else:
                headline = _("The computer ({level}) wins").format(level=level_name(self.seats[winner].kind))
        else:
            headline = _("{side} wins!").format(side=self.side_name(winner))
        return EndCard(headline, self.side_ink(winner), margin, reasons, table)

    def result_parts(self, outcome: Outcome) -> tuple[str, list[str], list[list[str]]]:
        """``(by how much, why, the table)`` of the end card; by how much says the winner's
        score first (``winner_first``), as a result is said under "Blue wins!"."""
        raise NotImplementedError

    #: which of ``result_parts``' reasons is the rule that decided the game
    DECIDING_REASON = -1

    def verdict(self, outcome: Outcome) -> tuple[str, str]:
        """By how much, and the rule that decided it (a tie-break named as one): the end
        card's two lines that a puzzle repeats."""
        margin, reasons, _table = self.result_parts(outcome)
        return margin, reasons[self.DECIDING_REASON] if reasons else ""

    def winner_first(self, winner: str) -> tuple[str, str]:
        """The sides in the order a result names their scores: the winner's first (a
        draw: the rules' order; its scores are equal)."""
        first, second = self.rules.players
        return (second, first) if winner == second else (first, second)

    def score_line(self) -> str:
        """The running score in a few words (the demo shows it under the game's title)."""
        scores = self.rules.scores(self.state)
        first, second = self.rules.players
        return _("{score_name}: {first} {first_score}, {second} {second_score}").format(
            score_name=_(self.entry.score_name), first=self.side_name(first), first_score=scores[first],
            second=self.side_name(second), second_score=scores[second])

    # -- drawing -------------------------------------------------------------------------------
    def make_layout(self, size: tuple[int, int]) -> Any:
        """The game's layout for a window of ``size`` (its kit's)."""
        raise NotImplementedError

    def relayout(self, size: tuple[int, int]) -> None:
        """The window has a new size: lay everything out once, for drawing, hit-testing and
        animation alike."""
        self.layout = self.make_layout(size)
        self._background = None
        self._panel = None
        self.layers.clear()

    def ensure_layout(self, size: tuple[int, int]) -> Any:
        """The layout for ``size``, computed again only when the size changed."""
        if self.layout is None or self.layout.frame.size != size:
            self.relayout(size)
        return self.layout

    @property
    def frame(self) -> PlayFrame:
        return self.layout.frame

    def draw_background(self, surface: pygame.Surface) -> None:
        """The static layer: what never changes while the window keeps its size."""
        surface.fill(theme.BG)

    def draw_board(self, surface: pygame.Surface) -> None:
        """The game's board, pieces, marks and cursor (the sprites are up to date:
        ``update_sprites``)."""

    def draw_board_and_sparks(self, surface: pygame.Surface) -> None:
        self.draw_board(surface)
        if self.particles.alive:  # sparks stay over the board: the bars and panel keep still
            clip = surface.get_clip()
            surface.set_clip(clip.clip(self.frame.board))
            self.particles.draw(surface)
            surface.set_clip(clip)

    def burst(self, center: tuple[float, float], color: tuple[int, int, int], count: int = 14) -> None:
        """Sparks from ``center`` (a score, a capture), when the player has motion on."""
        if self.app.motion():
            self.particles.burst(center, color, self.layout.s if self.layout else 1.0, count)

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout(surface.get_size())
        surface.blit(self.background(surface), (0, 0))
        self.update_sprites()
        self.draw_board_and_sparks(surface)
        self._sparks_shown = self.particles.bounds()
        self._board_shown, self._sprites = self.board_key(), self.sprites_shown()
        self.blit_panel(surface)
        # the bars keep to their strips here too, so that drawing one again alone gives
        # the same picture (a growing pill would otherwise spill onto the board)
        for strip, paint in ((self.top_strip(), self.draw_status), (self.bottom_strip(), self.draw_bottom)):
            surface.set_clip(strip)
            paint(surface)
        surface.set_clip(None)
        self._bars = (self.top_key(), self.bottom_line())

    def background(self, surface: pygame.Surface) -> pygame.Surface:
        """The static layer, drawn once per window size."""
        if self._background is None:
            img = pygame.Surface(surface.get_size())
            self.draw_background(img)
            self._background = img.convert() if pygame.display.get_surface() else img
        return self._background

    def layer(self, surface: pygame.Surface, key: tuple, paint) -> None:
        """Blit a part of the board that changes seldom (a row of stones and its label),
        painted once per ``key`` by ``paint(static layer) -> (image, where)``: the
        image is opaque, the static layer under it included."""
        found = self.layers.get(key)
        if found is None:
            if len(self.layers) >= 16:  # what was shown before the last few changes
                self.layers.clear()
            found = self.layers[key] = paint(self.background(surface))
        surface.blit(*found)

    def draw_changes(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The board area every frame; the bars and the side panel only when what they
        say changed. A game whose board moves in a small part names that part
        (``board_changes``)."""
        if self.layout is None or self.layout.frame.size != surface.get_size() or self._background is None:
            self.draw(surface)
            return None
        frame = self.frame
        rects = []
        area = self.board_changes()
        sparks = self.particles.bounds()
        for spot in (self._sparks_shown, sparks):  # where sparks were and are
            if spot is not None:
                spot = spot.clip(frame.board)
                area = spot if area is None else area.union(spot)
        self._sparks_shown = sparks
        if area is not None:
            self.redraw_strip(surface, area, self.draw_board_and_sparks, rects)
            self._sprites = self.sprites_shown()
        panel = self._panel
        self.blit_panel(surface, only_changed=True)
        if self._panel is not panel:
            rects.append(frame.panel)
        top = self.top_key()
        if top != self._bars[0]:
            self.redraw_strip(surface, self.top_strip(), self.draw_status, rects)
        bottom = self.bottom_line()  # after the status: it decides where the banner goes
        if bottom != self._bars[1]:
            self.redraw_strip(surface, self.bottom_strip(), self.draw_bottom, rects)
        self._bars = (top, bottom)
        return rects

    def redraw_strip(self, surface: pygame.Surface, strip: pygame.Rect, paint, rects: list) -> None:
        """Paint one part again over the static layer, clipped to it, and list it."""
        surface.blit(self._background, strip, strip)
        surface.set_clip(strip)
        paint(surface)
        surface.set_clip(None)
        rects.append(strip)

    def update_sprites(self) -> None:
        """Bring the board's sprites to this frame (where each stands, its fade, its
        image), once before the board is drawn."""
        self.board.update(self.layout)

    def board_key(self) -> tuple | None:
        """Everything the board draws besides its sprites, when the game can name it
        (while a move plays out, or the computer is to move); None: unknown, so the
        whole board area is drawn. Frames whose key did not change redraw only where
        sprites moved."""
        return None

    def sprites_shown(self) -> dict[int, tuple[pygame.Surface, tuple[int, int, int, int]]]:
        return {id(sprite): (sprite.image, tuple(sprite.rect)) for sprite in self.board.sprites()}

    def board_changes(self) -> pygame.Rect | None:
        """The part of the window the board may have changed in since the last frame
        (None: nothing); it is drawn again, clipped to it, and presented. While only
        sprites move (``board_key`` unchanged) that is where they were and are: at
        4K the whole board area costs about 6 ms to draw and present, a moving disc
        a fraction of a millisecond."""
        self.update_sprites()  # once a frame, here: draw_board draws them as they stand
        board = self.frame.board
        key = self.board_key()
        before, self._board_shown = self._board_shown, key
        if key is None or before is None or key != before:
            return board
        now, was = self.sprites_shown(), self._sprites
        # a sprite that came, went, moved or changed its image: where it was and where it is
        dirty = [pygame.Rect(shown[1]) for k in now.keys() | was.keys() if now.get(k) != was.get(k)
                 for shown in (now.get(k), was.get(k)) if shown is not None]
        if not dirty:
            return None
        return dirty[0].unionall(dirty[1:]).clip(board)

    def top_strip(self) -> pygame.Rect:
        """The window's band that holds the status bar."""
        frame = self.frame
        return pygame.Rect(0, 0, frame.left.width, frame.board.top)

    def bottom_strip(self) -> pygame.Rect:
        frame = self.frame
        return pygame.Rect(0, frame.board.bottom, frame.left.width, frame.size[1] - frame.board.bottom)

    # the status bar: whose turn, and the news of the moment
    def status(self) -> tuple[str, tuple[int, int, int]]:
        if self.state.over:
            return self.over_status or (_("Game over"), theme.ACCENT)
        p = self.state.to_move
        return _("{player} to move").format(player=self.player_name(p)), self.side_ink(p)

    def banner_text(self) -> str:
        """The news of the moment, right of the status (empty: none)."""
        return self.banner if self.banner_t > 0 else ""

    def top_key(self) -> tuple:
        """Everything the status bar shows."""
        return (*self.status(), self.banner_text())

    def draw_status(self, surface: pygame.Surface) -> None:
        text, color = self.status()
        banner = self.banner_text()
        self.banner_fits = present.status_bar(surface, self.frame.top, text, color, banner, self.frame.s)

    # the message line: a refusal explained, news that did not fit above, the computer
    # thinking, or the controls of the moment
    def hint(self) -> str:
        """The game's controls now, in the glyphs of the device used last."""
        return ""

    def bottom_line(self) -> tuple[str, tuple[int, int, int]]:
        if self.message_t > 0:
            return self.message, self.message_color
        if self.unsaved:
            return _("Not saved: {reason}. Trying again...").format(reason=self.unsaved), theme.BAD
        if not self.banner_fits and self.banner_text():
            return self.banner_text(), theme.ACCENT
        if self.hinter is not None:
            dots = "." * (1 + int(self.hint_t * 3) % 3)
            return _("Looking for a hint{dots}").format(dots=dots), theme.ACCENT
        if self.thinking:
            dots = "." * (1 + int(self.think_t * 3) % 3)
            seat = self.seat()
            return (_("{side} ({level}) is thinking{dots}").format(
                side=self.side_name(seat.player), level=level_name(seat.kind), dots=dots), theme.ACCENT)
        if self.hosting.controls == "none":
            return "", theme.INK_DIM  # the host's own prompt says what keys do
        elsewhere = self.hosting.controls == "board"
        if elsewhere or self.ladder is not None:
            # a lesson's card says what undo and the menu key do there; the ladder has no
            # take-backs, so its controls do not offer them
            g = self.app.glyphs()
            drop = (g[UNDO], g[MENU]) if elsewhere else (f"{g[UNDO]}/{g[REDO]}",)
            kept = [p for p in self.hint().split(present.PARTS) if not p.startswith(drop)]
            if not (self.queue.busy or self.state.over):
                return present.PARTS.join(kept), theme.INK_DIM
        if self.queue.busy:
            return _("Any key or click: skip to the end of the move"), theme.INK_DIM
        if self.state.over:
            return _("Game over: Enter or click for the result"), theme.INK_DIM
        return self.hint(), theme.INK_DIM

    def draw_bottom(self, surface: pygame.Surface) -> None:
        text, color = self.bottom_line()
        present.message_line(surface, self.frame.bottom, text, color, self.frame.s,
                             28 if color != theme.INK_DIM else 24)

    # the side panel: drawn into its own surface when what it shows changes
    def panel_key(self) -> tuple:
        """Everything the side panel shows depends on: it is redrawn when this changes."""
        return (id(self.state), len(self.history), self.queue.busy)

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, s: float) -> float:
        """The game's own part of the panel, from ``rect.y`` down; returns where it ends."""
        return rect.y

    def blit_panel(self, surface: pygame.Surface, only_changed: bool = False) -> None:
        frame = self.frame
        key = (frame.size, i18n.language(), self.app.last_device,
               tuple(b.hover for b in self.buttons.values()), self.hosted, self.hints_allowed,
               tuple((p, seat.kind, seat.device) for p, seat in self.seats.items()), self.ladder,
               *self.panel_key())
        held = (self._panel_held is not None and self._panel is not None
                and self._panel[1].get_size() == frame.panel.size)
        if held:
            # the frame a move lands in plays it and draws the board; its panel (a
            # millisecond of new texts) follows in the next frame, so that no frame does
            # both. A whole redraw in between shows the same, older panel.
            if only_changed:
                return
        elif self._panel is None or self._panel[0] != key:
            img = self._panel[1] if self._panel is not None else None
            if img is None or img.get_size() != frame.panel.size:
                # made once per size and painted over: a new 4K panel and its convert()
                # cost about 8 ms, half a frame
                display = pygame.display.get_surface()
                img = (pygame.Surface(frame.panel.size, 0, display) if display
                       else pygame.Surface(frame.panel.size))
            self.paint_panel(img, frame.s)
            self._panel = (key, img)
        elif only_changed:
            return
        surface.blit(self._panel[1], frame.panel.topleft)
        for button in self.buttons.values():  # drawn in panel coordinates; clicked on screen
            button.rect = button.local_rect.move(frame.panel.x, frame.panel.y)

    def paint_panel(self, img: pygame.Surface, s: float) -> None:
        rect = img.get_rect()
        img.fill(theme.BG_PANEL)
        # depth: the panel stands over the board, its edge in shade, then a lit rim
        shade = max(4, int(14 * s))
        for i in range(shade):
            ink = palette.mix(theme.BG, theme.BG_PANEL, (i + 1) / (shade + 1))
            img.fill(ink, (i, 0, 1, rect.h))
        img.fill(theme.BG_PANEL_HI, (shade, 0, max(1, int(2 * s)), rect.h))
        x0, width = int(20 * s), rect.width - int(40 * s)
        y = int(14 * s)
        name = _(self.entry.name)
        size = theme.fitted(name, int(40 * s), width, True)
        heading = theme.draw_text(img, name, (x0, y), size, theme.INK, bold=True)
        sub = self.panel_subtitle()
        sub_y, who_y, body_y = panel_head(s, heading.height)  # large text: lower
        if self.ladder in ladder.RUNGS:  # first: a line too narrow keeps it and drops the rest
            rung = _("Ladder: rung {number} of {count}").format(
                number=ladder.RUNGS.index(self.ladder) + 1, count=len(ladder.RUNGS))
            sub = rung + present.PARTS + sub
        present.parts_line(img, (x0, sub_y), sub, int(21 * s), width, theme.INK_DIM)
        self.draw_who(img, x0, who_y, width, s)
        body = pygame.Rect(x0, max(body_y, self.frame.panel_body_y), width, rect.height)
        y = self.draw_panel(img, body, s)
        buttons_top = rect.height - int(48 * s) * max(1, len(self.button_rows(width, s)))
        list_bottom = buttons_top - 8 * s
        hint = self.buttons["hint"]
        hint.rect = hint.local_rect = pygame.Rect(0, 0, 0, 0)  # not there: not clicked
        if self.hints_allowed:  # a row of its own above the others: it fits every width
            list_bottom -= 44 * s
            hint.draw(img, pygame.Rect(int(x0), int(buttons_top - 44 * s), width, int(36 * s)), int(24 * s))
        self.draw_move_list(img, x0, y + 8 * s, width, list_bottom, s)
        if not self.hosted:
            self.draw_buttons(img, x0, buttons_top, width, s)

    def draw_who(self, surface: pygame.Surface, x0: float, y: float, width: float, s: float) -> None:
        """Who is who, under the panel's heading, each side in its colour, on one line (in
        fewer words where the panel is narrow)."""
        sep = " · "
        size = int(21 * s)
        for compact in (False, True):
            parts = self.who_parts(compact)
            text = sep.join(t for t, _ink in parts)
            size = theme.fitted(text, int(21 * s), width)
            if theme.font(size).size(text)[0] <= width:
                break
        else:
            parts = [(theme.ellipsized(text, size, int(width)), theme.INK_DIM)]
        x = x0
        for k, (part, ink) in enumerate(parts):
            if k:
                x = theme.draw_text(surface, sep, (x, y), size, theme.INK_FAINT).right
            x = theme.draw_text(surface, part, (x, y), size, ink).right

    def panel_subtitle(self) -> str:
        if self.set_up:
            return _("{board} board").format(board=self.level_title())
        return _("{board} board   {side} started").format(board=self.level_title(),
                                                          side=self.side_name(self.start_player))

    def turns(self) -> list[tuple[str, list[str]]]:
        """The history as turns: ``(player, [notation, ...])``, the moves of one player in a
        row joined into one turn (a Rush turn of placements, an Improbable turn of rolls)."""
        return self.match.turns()

    def turn_ink(self, player: str, text: str) -> tuple[int, int, int]:
        """The colour a turn is written in: its side's."""
        return self.side_ink(player)

    def draw_move_list(self, surface: pygame.Surface, x0: float, y: float, width: float, bottom: float,
                       s: float) -> None:
        """The turns so far, newest at the bottom, each numbered (its number is what "move
        12" means everywhere: ``Game.turn_numbers``). A column per side, headed by its name,
        the side that began on the left: a long turn wraps inside its own column, so that
        a side's turns never drift into the other's."""
        theme.draw_text(surface, pgettext("move list heading", "Moves"), (x0, y), int(22 * s), theme.INK_DIM)
        y += theme.step(int(22 * s), int(24 * s))
        # the notation explained where it is read (the record's one line), while there is room
        key_size = int(18 * s)
        key_step = theme.step(key_size, 19 * s)
        key = theme.wrap(_(self.entry.notation), key_size, int(width))
        if bottom - y - len(key) * key_step >= 5 * theme.step(max(12, int(21 * s)), 21 * s):
            for line in key:
                theme.draw_text(surface, line, (x0, y), key_size, theme.INK_FAINT)
                y += key_step
            y += int(4 * s)
        turns = self.turns()
        if not turns:
            return
        size = max(12, int(21 * s))
        line = theme.step(size, int(size * 1.05))
        font = theme.font(size)
        column_w = width / 2
        number_w = font.size("999. ")[0]  # a long game's numbers keep their gap
        text_w = int(column_w - number_w - 6 * s)
        sides = (turns[0][0], self.other(turns[0][0]))
        for c, side in enumerate(sides):  # the columns' heads
            theme.draw_text(surface, self.side_name(side), (x0 + c * column_w + number_w, y), int(18 * s),
                            self.side_ink(side))
        y += theme.step(int(18 * s), 20 * s)
        # rows of a turn per column; a turn whose column is taken in the row starts the next
        rows: list[list[tuple[int, str, str] | None]] = []
        for number, (player, texts) in enumerate(turns, 1):
            c = sides.index(player)
            if not rows or any(cell is not None for cell in rows[-1][c:]):
                rows.append([None, None])
            rows[-1][c] = (number, player, " ".join(texts))
        # each row as lines, the cells wrapped in their column
        lines: list[list[tuple[float, str | None, tuple[int, int, int], str]]] = []
        for row in rows:
            cells = [(x0 + c * column_w, cell, theme.wrap(cell[2], size, text_w))
                     for c, cell in enumerate(row) if cell]
            for k in range(max(len(parts) for _x, _cell, parts in cells)):
                lines.append([(x, None if k else f"{cell[0]}.", self.turn_ink(cell[1], cell[2]), parts[k])
                              for x, cell, parts in cells if k < len(parts)])
        room = max(1, int((bottom - y) // line))
        shown = lines[-room:]
        while len(shown) > 1 and all(number is None for _x, number, _ink, _text in shown[0]):
            shown.pop(0)  # a turn cut at the top would read as another side's: from a turn's start
        for parts in shown:
            for x, number, ink, text in parts:
                if number is not None:
                    theme.draw_text(surface, number, (x + number_w - 5 * s, y), size, theme.INK_DIM,
                                    "topright")
                theme.draw_text(surface, text, (x + number_w, y), size, ink)
            y += line

    def buttons_row(self) -> tuple[str, ...]:
        return ("undo", "redo", "menu")

    def button_rows(self, width: float, s: float) -> list[tuple[str, ...]]:
        """The panel's buttons in rows: one row when every label fits its share of the
        width at a readable size, else two to a row (German's "Rückgängig" at 800×600)."""
        names = self.buttons_row()
        if self.ladder is not None:  # no take-backs on the ladder
            names = tuple(n for n in names if n not in ("undo", "redo"))
        gap = int(10 * s)
        share = (int(width) - gap * (len(names) - 1)) // max(1, len(names))
        smallest = theme.font(1)  # the smallest size a label is drawn at
        if all(smallest.size(self.buttons[n].label)[0] <= share - 10 for n in names):
            return [names]
        return [names[k:k + 2] for k in range(0, len(names), 2)]

    def draw_buttons(self, surface: pygame.Surface, x0: float, y: float, width: float, s: float) -> None:
        for name in self.buttons_row():  # a button not drawn (undo on the ladder) is not clicked
            self.buttons[name].rect = self.buttons[name].local_rect = pygame.Rect(0, 0, 0, 0)
        gap = int(10 * s)
        for row in self.button_rows(width, s):
            bw = (int(width) - gap * (len(row) - 1)) // len(row)
            for k, name in enumerate(row):
                rect = pygame.Rect(int(x0) + k * (bw + gap), int(y), bw, int(36 * s))
                self.buttons[name].draw(surface, rect, int(24 * s))
            y += int(48 * s)
