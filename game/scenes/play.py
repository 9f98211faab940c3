"""What every game scene shares: the game's history with undo and redo, the
animation queue that plays effect lists, messages, pause and result overlays.

A game scene subclasses :class:`PlayScene` and fills in the view: how to rebuild
its sprites from a state (``reset_view``), how to animate one move's effects
(``animate``), what its actions mean (``on_action``) and what its result table
shows (``result``). The rules come only from ``game.rules``.
"""
from __future__ import annotations

import logging
import random
import time
from typing import Any

import pygame

from .. import levels, rules, saves
from ..ai import Thinker
from ..anim import AnimQueue
from ..app.input import BACK, MENU, OTHER_KEY, POINT, REDO, UNDO, Action
from ..app.scene import Scene
from ..app.seats import Seat, default_seats, device_label
from ..rules.core import Outcome, fresh_seed
from ..ui import theme
from ..ui.widgets import Button
from .overlay import PauseScene, ResultScene

log = logging.getLogger("gauss_arcade")


class PlayScene(Scene):
    game_id = ""
    #: the AI searches at most this long per drawn frame, so frames keep their pace...
    THINK_SLICE = 0.010
    #: ...and less when the frame's other work so far leaves less before this mark
    #: (drawing takes 2-4 ms more, and a 60 Hz frame has 16.7)
    FRAME_WORK = 0.012
    #: an AI move is shown no sooner than this after its turn began, so a person can follow
    AI_MIN_SECONDS = 0.45

    def __init__(self, app, level: str | None = None, seed: int | None = None, autoplay: int = 0,
                 options: dict[str, Any] | None = None, seats: dict[str, Seat] | None = None,
                 hosted: bool = False) -> None:
        super().__init__(app)
        self.rules = rules.get(self.game_id)
        self.level = levels.load(self.game_id, level)
        self.options = options
        self.autoplay = autoplay
        self.queue = AnimQueue()
        self.board_group: pygame.sprite.Group = pygame.sprite.Group()
        self.buttons: dict[str, Button] = {
            "undo": Button("Undo", self.undo),
            "redo": Button("Redo", self.redo),
            "menu": Button("Menu", self.pause),
        }
        self.message, self.message_t = "", 0.0
        self.banner, self.banner_t = "", 0.0
        # off for replays, demos and benchmarks: they are not games in progress
        self.autosave = not hosted
        self._panel_cache: tuple[tuple, pygame.Surface] | None = None
        self.hover_from_mouse = False  # the cursor follows the mouse (else keys or a pad)
        self.seats: dict[str, Seat] = {**default_seats(self.rules.players), **(seats or {})}
        self.hosted = hosted  # owned by a demo or replay: never pushes overlays of its own
        self.thinker: Thinker | None = None
        self.think_t = 0.0
        self._think_frame = -1
        self.ai_rng = random.Random()
        self.new_game(seed)

    # -- lifecycle -------------------------------------------------------------------
    def new_game(self, seed: int | None = None) -> None:
        self.seed = fresh_seed() if seed is None else seed
        self.state = self.rules.new(self.level, seed=self.seed, options=self.options)
        self.start_player = self.state.to_move
        self.history: list[tuple[Any, Any, str]] = []  # (state before, move, notation)
        self.future: list[Any] = []
        self.queue.skip()
        self.result_shown = False
        if self.autosave:
            self.save_progress()  # a fresh game replaces the one that was in progress
        self.reset_view()
        self.turn_started()
        if self.autoplay:
            rng = random.Random(self.seed)
            for _ in range(self.autoplay):
                if self.state.over:
                    break
                self.commit(self.rules.random_move(self.state, rng), animate=False)
            self.after_autoplay()

    def restart(self) -> None:
        self.new_game(None)

    # -- seats -------------------------------------------------------------------------
    def set_seats(self, seats: dict[str, Seat]) -> None:
        """Who plays each side; the turn starts again under the new seating."""
        for player, seat in seats.items():
            if player in self.seats:
                self.seats[player] = seat
        self.thinker = None
        self.turn_started()

    def seat(self, player: str | None = None) -> Seat:
        return self.seats[player or self.state.to_move]

    def ai_to_move(self) -> bool:
        return not self.state.over and self.seat().is_ai

    @property
    def has_human(self) -> bool:
        return any(not seat.is_ai for seat in self.seats.values())

    @property
    def hot_seat(self) -> bool:
        """Both seats are people sharing the screen (so private things need a hand-over)."""
        return not any(seat.is_ai for seat in self.seats.values())

    def player_name(self, player: str) -> str:
        """``Red``, or ``Red (computer)`` when the computer plays that side."""
        name = player.capitalize()
        return f"{name} (computer)" if self.seats[player].is_ai else name

    def release_device(self, device: str) -> list[str]:
        """A device went away: its seats wait for the next device to play them."""
        freed = []
        for seat in self.seats.values():
            if seat.device == device and not seat.is_ai:
                seat.device = "open"
                freed.append(seat.player)
        return freed

    def may_act(self, action: Action) -> bool:
        """Board actions come only from the device holding the seat to move."""
        seat = self.seat()
        if seat.is_ai:
            if action.name != POINT:
                self.say(f"{self.player_name(seat.player)} is thinking...", 1.5)
            return False
        if seat.accepts(action.device):
            if seat.take(action.device):
                self.say(f"{device_label(seat.device)} now plays {seat.player.capitalize()}.")
            return True
        if action.name != POINT:
            self.say(f"It is {seat.player.capitalize()}'s turn: {device_label(seat.device)} plays "
                     f"{seat.player.capitalize()}.")
        return False

    def may_command(self, action: Action) -> bool:
        """Undo, redo: anyone who holds a human seat (or anyone, when seats are shared)."""
        humans = [seat for seat in self.seats.values() if not seat.is_ai]
        return any(seat.accepts(action.device) for seat in humans)

    # -- the computer's turn ---------------------------------------------------------------
    def think(self, dt: float) -> None:
        """Search a slice of the AI's move each drawn frame; play it through the queue."""
        if self.queue.busy or not self.ai_to_move():
            self.thinker = None
            return
        if self.thinker is None or self.thinker.state is not self.state:
            self.thinker = Thinker(self.rules, self.state, self.seat().kind, rng=self.ai_rng)
            self.think_t = 0.0
        self.think_t += dt
        if self._think_frame != self.app.frames:  # one slice per frame, however many updates
            self._think_frame = self.app.frames
            spent = time.perf_counter() - self.app.frame_started
            self.thinker.step(max(0.002, min(self.THINK_SLICE, self.FRAME_WORK - spent)))
        if self.thinker.done and self.think_t >= self.AI_MIN_SECONDS:
            move, self.thinker = self.thinker.move, None
            self.future.clear()
            self.commit(move)

    @property
    def awaiting_human(self) -> bool:
        """A person is to choose a move now (so the cursor and move hints are shown);
        never in a hosted game (a demo or a replay: nobody is about to move)."""
        return not (self.hosted or self.queue.busy or self.state.over or self.seat().is_ai)

    @property
    def thinking(self) -> bool:
        return self.thinker is not None

    def after_autoplay(self) -> None:
        """Hook: park the cursor somewhere telling for a screenshot."""

    # -- hooks for the game's view ------------------------------------------------------
    def reset_view(self) -> None:
        """Rebuild sprites and shown counters from ``self.state`` (new game, undo)."""
        raise NotImplementedError

    def animate(self, before: Any, effects: list[dict[str, Any]]) -> None:
        """Queue the animation of one move's effects (``self.state`` is already after)."""
        self.reset_view()

    def on_action(self, action: Action) -> None:
        """An action for the game itself (not pause/undo/redo/skip)."""

    def turn_started(self) -> None:
        """The state changed hands (a move, undo, new game): reset per-turn choices."""

    def cell_at(self, pos: tuple[int, int]) -> Any | None:
        """The board cell under a screen position (None off the board), for pointer scenes."""
        return None

    def point_at(self, pos: tuple[int, int] | None) -> None:
        """The mouse moved: the cursor follows it over the board."""
        cell = self.cell_at(pos) if pos is not None else None
        self.hover_from_mouse = cell is not None
        if cell is not None:
            self.cursor = cell

    def result(self, outcome: Outcome) -> tuple[str, list[list[str]], list[str], tuple[int, int, int]]:
        """``(headline, table, notes, accent colour)`` of the result screen."""
        raise NotImplementedError

    def score_line(self) -> str:
        """The running score in a few words (the demo shows it under the game's title)."""
        return f"Move {len(self.history) + 1}"

    def notation(self, before: Any, move: Any, effects: list[dict[str, Any]]) -> str:
        return self.rules.move_text(move, before)

    # -- moves -----------------------------------------------------------------------------
    def try_play(self, move: Any) -> bool:
        """Play ``move`` if it is legal; otherwise say why in one line."""
        why = self.rules.why_illegal(self.state, move)
        if why:
            self.say(why)
            return False
        self.future.clear()
        self.commit(move)
        return True

    def commit(self, move: Any, animate: bool = True) -> list[dict[str, Any]]:
        before = self.state
        after, effects = self.rules.play(before, move)
        self.history.append((before, move, self.notation(before, move, effects)))
        self.state = after
        if animate:
            self.animate(before, effects)
        else:
            self.reset_view()
        self.turn_started()
        self.save_progress()
        return effects

    # -- nothing lost ------------------------------------------------------------------------
    def record(self) -> saves.Record:
        """What reproduces this game exactly: level, seed, options and the moves so far."""
        return saves.Record(self.game_id, self.level["name"], self.seed, self.options,
                            [self.rules.move_json(move) for _, move, _ in self.history],
                            seats={p: seat.kind for p, seat in self.seats.items()})

    def save_progress(self) -> None:
        """Autosave after every move (and undo); a finished game leaves no autosave."""
        if not self.autosave:
            return
        try:
            if self.state.over:
                saves.clear_autosave()
            else:
                saves.write_autosave(self.record())
        except OSError as exc:  # a full disk must not stop the game
            log.warning("Autosave failed: %s", exc)

    def restore(self, record: saves.Record) -> None:
        """Continue the saved game ``record`` (already checked by ``saves.parse``)."""
        if record.options != self.options:
            self.options = record.options
        if not self.hosted:  # the computer takes its sides again (a replay has no computer)
            for player, kind in record.seats.items():
                self.seats[player] = Seat(player, kind)
        self.autoplay = 0
        self.new_game(record.seed)
        saving, self.autosave = self.autosave, False
        for obj in record.moves:
            self.commit(self.rules.parse_move(obj), animate=False)
        self.autosave = saving
        self.save_progress()  # the resumed game is the game in progress from this moment
        self.banner, self.banner_t = "Resumed where you left off", 2.5

    def undo(self) -> None:
        """Take back the last move; against the computer, back to the last human turn."""
        self.queue.skip()
        if not self.history:
            self.say("Nothing to undo.")
            return
        self.thinker = None
        before, move, _ = self.history.pop()
        self.future.append(move)
        while self.history and self.seats[before.to_move].is_ai and self.has_human:
            before, move, _ = self.history.pop()
            self.future.append(move)
        self.state = before
        self.result_shown = False
        self.reset_view()
        self.turn_started()
        self.save_progress()

    def redo(self) -> None:
        """Play the move taken back again; against the computer, its replies too."""
        self.queue.skip()
        if not self.future:
            self.say("Nothing to redo.")
            return
        self.thinker = None
        self.commit(self.future.pop())
        if self.future and self.ai_to_move() and self.has_human:
            self.queue.skip()
            while self.future and self.ai_to_move():
                self.commit(self.future.pop(), animate=False)

    def say(self, text: str, seconds: float = 3.0) -> None:
        self.message, self.message_t = text, seconds

    def pause(self) -> None:
        if self.hosted:
            return
        self.app.stack.push(PauseScene(self.app, self.restart, self.game_id))

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
            self.queue.skip()  # any key or click jumps to the end of the move
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
        elif self.state.over:
            if action.name != OTHER_KEY:
                self.show_result()
        elif self.may_act(action):
            self.on_action(action)

    def update(self, dt: float) -> None:
        self.queue.update(dt)
        if self.message_t > 0:
            self.message_t -= dt
        if self.banner_t > 0:
            self.banner_t -= dt
        self.think(dt)
        if self.state.over and not self.queue.busy and not self.result_shown:
            self.show_result()

    def show_result(self) -> None:
        outcome = self.rules.outcome(self.state)
        if outcome is None:
            return
        if self.hosted:  # the demo or replay showing this game says how it ended
            self.result_shown = True
            return
        self.result_shown = True
        headline, table, notes, accent = self.result(outcome)
        self.app.stack.push(ResultScene(self.app, headline, table, notes, self.restart, accent))

    # -- drawing helpers ---------------------------------------------------------------------
    def panel_key(self) -> tuple:
        """Everything the side panel shows depends on: it is redrawn when this changes."""
        return (id(self.state), len(self.history), self.queue.busy)

    def draw_panel(self, surface: pygame.Surface, panel: pygame.Rect, s: float) -> None:
        """Draw the side panel into ``surface`` (its own, at ``panel``'s size)."""

    @property
    def level_title(self) -> str:
        return self.level.get("title", self.level["name"])

    def draw_panel_header(self, surface: pygame.Surface, panel: pygame.Rect, s: float, title: str,
                          subtitle: str, title_size: int = 40) -> tuple[int, int, int]:
        """The panel's background, the game's name and a line about the level and start;
        returns ``(x0, inner width, y)`` where the game's own content begins."""
        pygame.draw.rect(surface, theme.BG_PANEL, panel)
        x0 = panel.x + int(20 * s)
        y = int(14 * s)
        theme.draw_text(surface, title, (x0, y), int(title_size * s), theme.INK, bold=True)
        theme.draw_text(surface, subtitle, (x0, y + 36 * s), int(21 * s), theme.INK_DIM)
        return x0, panel.width - int(40 * s), y + int(66 * s)

    def blit_panel(self, surface: pygame.Surface, panel: pygame.Rect, s: float) -> None:
        """The side panel changes only when a move or a choice does, so it is drawn into
        its own surface when ``panel_key`` changes and blitted every frame."""
        key = (panel.size, self.app.last_device, tuple(b.hover for b in self.buttons.values()),
               *self.panel_key())
        if self._panel_cache is None or self._panel_cache[0] != key:
            img = pygame.Surface(panel.size)
            if pygame.display.get_surface():
                img = img.convert()
            self.draw_panel(img, img.get_rect(), s)
            self._panel_cache = (key, img)
        surface.blit(self._panel_cache[1], panel.topleft)
        for button in self.buttons.values():  # drawn in panel coordinates; clicked on screen
            button.rect = button.local_rect.move(panel.x, 0)
    def draw_message_or_hint(self, surface: pygame.Surface, center_x: float, y: float, s: float,
                             hint: str) -> None:
        """The bottom line: an explanation of a refused choice wins over the controls."""
        if self.message_t > 0:
            theme.draw_text(surface, self.message, (center_x, y), int(28 * s), theme.BAD, "midtop")
            return
        if self.thinking:
            dots = "." * (1 + int(self.think_t * 3) % 3)
            seat = self.seat()
            theme.draw_text(surface, f"{seat.player.capitalize()} ({seat.kind}) is thinking{dots}",
                            (center_x, y), int(28 * s), theme.ACCENT, "midtop")
            return
        if self.hosted:
            return  # the host's own prompt says what keys do
        if self.queue.busy:
            hint = "Any key or click: skip to the end of the move"
        elif self.state.over:
            hint = "Game over: Enter or click for the result"
        theme.draw_text(surface, hint, (center_x, y), int(24 * s), theme.INK_DIM, "midtop")

    def draw_move_list(self, surface: pygame.Surface, x0: float, y: float, width: float, bottom: float,
                       s: float, colors: dict[str, tuple[int, int, int]]) -> None:
        """Numbered rows of the moves so far, newest at the bottom, each in its player's colour."""
        theme.draw_text(surface, "Moves", (x0, y), int(22 * s), theme.INK_DIM)
        y += int(22 * s)
        line = int(21 * s)
        rows = max(1, int((bottom - y) // line))
        col_w = (width - 40 * s) / 2
        entries = [(before.to_move, text) for before, _, text in self.history]
        # one row per exchange of turns: a new row starts whenever the first player moves again
        grouped: list[list[tuple[str, str]]] = []
        for player, text in entries:
            if not grouped or len(grouped[-1]) == 2 or player == grouped[-1][0][0]:
                grouped.append([(player, text)])
            else:
                grouped[-1].append((player, text))
        for n, row in list(enumerate(grouped, 1))[-rows:]:
            theme.draw_text(surface, f"{n:>3}.", (x0, y), int(21 * s), theme.INK_DIM)
            for k, (player, text) in enumerate(row):
                theme.draw_text(surface, text, (x0 + 40 * s + k * col_w, y), int(21 * s),
                                colors.get(player, theme.INK))
            y += line

    def draw_buttons(self, surface: pygame.Surface, x0: float, y: float, width: float, s: float) -> None:
        if self.hosted:
            return  # the demo or replay hosting the game has its own controls
        names = list(self.buttons_row())
        gap = int(10 * s)
        bw = (int(width) - gap * (len(names) - 1)) // len(names)
        for k, name in enumerate(names):
            rect = pygame.Rect(int(x0) + k * (bw + gap), int(y), bw, int(36 * s))
            self.buttons[name].draw(surface, rect, int(24 * s))

    def buttons_row(self) -> tuple[str, ...]:
        return ("undo", "redo", "menu")
