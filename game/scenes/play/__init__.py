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
from collections.abc import Callable
from typing import Any, ClassVar

from ... import catalogue
from ...content import levels
from ...i18n import N_, _, refusal
from ...match import Match, Seat
from ...persistence import saves, settings
from ...ui import theme
from ...ui.actions import (
    ALTERNATE,
    BACK,
    CONFIRM,
    DETAILS,
    DIRECTIONS,
    HINT,
    MENU,
    OTHER_KEY,
    POINT,
    REDO,
    TOUCH,
    UNDO,
    Action,
)
from ...ui.anim import AnimQueue
from ...ui.widgets import Button
from ..base import LiveButton, Scene
from ..menus.overlay import PauseScene
from ..menus.seats import level_name
from .computer import ComputerTurn
from .effects import EffectPlayer, MovePlay, effect
from .end import GameEnd
from .history import TakeBacks
from .hosting import DEMO, EXERCISE, PLAYED, WATCHED, Hosted, Hosting
from .remote import ONLINE, POLL_SECONDS, Remote
from .saving import Autosaving
from .scanning import Scanning
from .seating import Seating
from .touch import Fingers
from .view import PlayView

__all__ = ["DEMO", "EXERCISE", "ONLINE", "PLAYED", "WATCHED", "Hosting", "MovePlay", "PlayScene", "effect"]

log = logging.getLogger("gauss_arcade")


class OfMatch:
    """A play scene's attribute that is its match's: the game scenes read ``self.state``,
    ``self.history``, ``self.seats``... as they always have, and the match holds them."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, scene: Any, owner: type | None = None) -> Any:
        return self if scene is None else getattr(scene.match, self.name)

    def __set__(self, scene: Any, value: Any) -> None:
        setattr(scene.match, self.name, value)


class PlayScene(EffectPlayer, Hosted, Remote, Seating, ComputerTurn, GameEnd, Autosaving, TakeBacks, Scanning,
                Fingers, PlayView, Scene):
    game_id: ClassVar[str] = ""
    #: effect type -> (handler, together), collected from the ``@effect`` methods
    handlers: ClassVar[dict[str, tuple[Callable, bool]]] = {}


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
        self.buttons: dict[str, Button] = {
            "undo": LiveButton(N_("Undo"), self.undo),
            "redo": LiveButton(N_("Redo"), self.redo),
            "menu": LiveButton(N_("Menu"), self.pause),
            "hint": LiveButton(N_("Hint"), self.ask_hint),
            #: the panel's small "More"/"Less": its legend, notation and whole move list, or not
            "details": LiveButton(N_("More"), self.toggle_details),
        }
        self.message, self.message_t = "", 0.0
        self.message_color = theme.BAD
        self.banner, self.banner_t = "", 0.0
        self.hover_from_mouse = False  # the cursor follows the mouse (else keys or a pad)
        #: the board point a finger's tap previewed: a second tap on it plays (``touched``)
        self.touch_armed: Any = None
        self.preview_cache: dict[Any, tuple[Any, list[dict[str, Any]]]] = {}
        self.result_shown = False
        self.clock = 0.0  # seconds this scene has run (pulses, blinks)
        self.unsaved = ""  # why the last autosave failed ("" once it works)
        self.save_retry_t = 0.0
        self.init_view()
        self.init_searches()
        #: while a host shows something and takes no move (a lesson's answer): no cursor,
        #: no preview (``hold``)
        self.frozen = False
        #: what the status bar says once the game is over, when the host judges the end
        #: itself (a puzzle: solved or not; ``judge``); None: "Game over"
        self.over_status: tuple[str, tuple[int, int, int]] | None = None
        self.over_verdict: bool | None = None  # the status right (a tick) or wrong (a cross)
        #: a replayed game's seats as its record has them (the replay's own are people's)
        self.recorded_seats: dict[str, str] = {}
        #: the game finished last in this scene, after a rematch replaced it on the board
        self.finished: saves.Record | None = None
        self._scored: Any = None  # the final state whose result was counted (once a game)












    # -- the match, as the scene's own words read it: ``self.state`` is ``self.match.state``
    state = OfMatch()
    history = OfMatch()
    future = OfMatch()
    seats = OfMatch()
    level = OfMatch()
    seed = OfMatch()
    options = OfMatch()
    start_player = OfMatch()
    #: a game of the arcade ladder: the computer's level on this rung (no hints, no undo)
    ladder = OfMatch()
    hints = OfMatch()
    takebacks = OfMatch()

    # -- lifecycle -------------------------------------------------------------------
    def start(self, seed: int | None = None, autoplay: int = 0) -> None:
        """Begin the first game (the scene is fully built by now)."""
        self.autoplay = autoplay
        self.new_game(seed)

    def new_game(self, seed: int | None = None) -> None:
        if not self.hosted and self.hosting.overlays:
            phones = getattr(self.app, "phones", None)
            if phones is not None:  # a new game, a new code: only its seated phones stay
                phones.new_game(self.seats)
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
        if self.online is not None:  # the server's game: no new one from here
            return
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




























    def closed(self) -> None:
        """The scene is gone for good: end its search and let go of what it drew at once.

        Its buttons and queued animations hold its methods, so the scene sits in
        reference cycles that only a full garbage collection frees, and those are rare
        in a long-running process: a kiosk's demo kept every finished game's surfaces
        (a window-sized background each) and grew by megabytes a game."""
        self.drop_thinker()
        self.drop_hint()
        if self.online is not None:  # the game stays on the server ("My games")
            self.online.close()
        saves.let_go(self.game_id, self)  # another instance of the game may play it now
        self.queue.clear()
        self.buttons.clear()
        self.board.empty()
        self.pieces.clear()
        self.preview_cache.clear()
        self._background = self._panel = None
        self.layers.clear()






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
        self.touch_armed = None  # a point previewed before this turn is not this turn's move
        self.scan_row = None  # a new turn is scanned from its first row
        self.drop_hint()



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
        """Play ``move`` if it is legal; otherwise say why in one line. Online, the move is
        sent: it plays when the server says it was played (:mod:`.remote`)."""
        if self.online is not None:
            return self.send_online(move)
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








    def say(self, text: str, seconds: float = 3.0, color: tuple[int, int, int] | None = None) -> None:
        """A line for the player on the message line: a refusal (``theme.BAD``, the default), or news."""
        self.message, self.message_t, self.message_color = text, seconds, color or theme.BAD

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

    def toggle_details(self) -> None:
        """The panel with its legend, the notation's key and the whole move list, or only
        what matters now; kept in the settings for every game and the next start."""
        if not self.hosting.overlays:  # a hosted game's panel is its host's: always whole
            return
        self.app.settings.panel_details = not self.app.settings.panel_details
        self.app.save_settings()

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
                if action.device == TOUCH:
                    action = self.touched(action)
                else:
                    self.touch_armed = None
                self.on_action(action)
            return
        if action.device != TOUCH:
            self.touch_armed = None  # keys, a pad or the mouse moved on: a tap previews again
        pressed = self.panel_button_at(action.pos) if action.pos is not None else None
        if (action.name == DETAILS and not action.is_pointer) or (
                action.name == CONFIRM and pressed == "details"):
            self.toggle_details()  # only the panel changes: a move playing out plays on
            return
        if self.queue.busy:
            self.queue.skip()  # any key or click jumps to the end of the move...
            if action.name in (MENU, BACK) and not action.is_pointer:
                self.pause()  # ...and the menu key opens the menu as well, at once
            elif action.name == CONFIRM and pressed == "menu":
                self.pause()  # ...and so does a click on the Menu button
            return
        if pressed is not None:
            if self.may_command(action):
                self.buttons[pressed].handle(action)
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
            if action.device == TOUCH:
                action = self.touched(action)
            self.on_action(action)

    def update(self, dt: float) -> None:
        self.follow_online()
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
                or self._panel_held is not None or self._panel_waits is not None):
            return 0.0
        if self.state.over and not self.result_shown:
            return 0.0
        if self.pulses and self.app.idle < self.PULSE_SECONDS:
            return 0.0
        timers = [t for t in (self.message_t, self.banner_t) if t > 0]
        if self.online is not None:
            timers.append(POLL_SECONDS)  # the server's news comes from another thread
        if self.unsaved:
            timers.append(max(0.0, self.save_retry_t))  # the autosave is tried again then
        return min(timers, default=math.inf)
















































