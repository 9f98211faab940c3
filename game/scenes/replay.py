"""Replay a saved game move by move.

The replay owns a game scene of its own (never on the scene stack) and shows it
with a replay bar over its bottom edge. The game scene never sees an action, so
its board accepts no move; the replay steps it with the scene's own undo and
redo: all the moves start in its redo list, forward plays the next one with the
normal move animation, back takes one back at once. The child autosaves nothing
and has no computer seat thinking.

Keys: Left/Right (D-pad, U/R, LB/RB, the wheel) step; Space/Enter/A starts and
stops playing on its own (a move every 1.2 s after the last one's animation);
Home/Up and End/Down jump to the start and the end; Tab/X takes over: a real
game goes on from the position shown (the later moves are dropped); Esc/B goes
back to the list. The mouse clicks the bar's buttons.
"""
from __future__ import annotations

import pygame

from .. import saves
from ..i18n import N_, _, pgettext
from ..ui import theme
from ..ui.actions import ALTERNATE, BACK, CONFIRM, DOWN, LEFT, MENU, POINT, REDO, RIGHT, UNDO, UP, Action
from ..ui.widgets import Button
from .base import LiveButton, Scene


class ReplayScene(Scene):
    STEP_SECONDS = 1.2  # auto-play: the pause after one move's animation before the next

    def __init__(self, app, record: saves.Record, name: str = "") -> None:
        super().__init__(app)
        self.record = record
        self.name = name
        # hosted: no autosave, no pause or result screen, no cursor; every seat a person's
        game = app.nav.hosted_game(record.game, record.level, record.seed)
        game.restore(record)
        self.game = game
        self.total = len(record.moves)
        self.start()
        game.banner_t = 0.0
        self.playing = False
        self.wait = 0.0
        self.buttons: dict[str, Button] = {
            "start": Button("|<", self.start), "back": Button("<", self.step_back),
            "play": Button(pgettext("replay", "Play"), self.toggle_play),
            "forward": Button(">", self.step_forward),
            "end": Button(">|", self.end), "take": LiveButton(N_("Take over"), self.take_over),
            "exit": LiveButton(N_("Back"), self.leave),
        }
        self.bar = pygame.Rect(0, 0, 0, 0)

    # -- where we are ------------------------------------------------------------------
    @property
    def position(self) -> int:
        return len(self.game.history)

    def _quiet(self) -> None:
        self.game.message_t = 0.0
        self.game.result_shown = True  # the bar says the game is over; no result screen here

    def start(self) -> None:
        """Back to the position before the first move."""
        self.playing = False
        while self.game.history:
            self.game.undo()
        self._quiet()

    def end(self) -> None:
        """On to the last position, at once."""
        self.playing = False
        self.game.queue.skip()
        while self.game.future:
            self.game.commit(self.game.future.pop(), animate=False)
        self._quiet()

    def step_forward(self) -> bool:
        if not self.game.future:
            self.playing = False
            return False
        self.game.redo()  # the move plays with its normal animation
        self._quiet()
        return True

    def step_back(self) -> None:
        self.playing = False
        if self.game.history:
            self.game.undo()
        self._quiet()

    def toggle_play(self) -> None:
        if self.playing:
            self.playing = False
            return
        if not self.game.future:
            self.start()  # playing from the end starts again from the beginning
        self.playing = True
        self.wait = self.STEP_SECONDS  # the first move at once

    def take_over(self) -> None:
        """A real game from the position shown: the later moves are dropped."""
        self.game.queue.skip()
        banner = _("You took over at move {number}").format(number=self.position)
        self.app.nav.resume(self.game.record(), banner)

    def leave(self) -> None:
        self.app.stack.pop()

    # -- input and time ----------------------------------------------------------------
    def handle(self, action: Action) -> None:
        if action.pos is not None:
            for button in self.buttons.values():
                if button.handle(action):
                    return
            if action.name == CONFIRM and self.game.queue.busy and not self.bar.collidepoint(action.pos):
                self.game.queue.skip()  # a click on the board jumps to the end of the move
            return
        name = action.name
        key = action.key
        if key == pygame.K_HOME:
            self.start()
        elif key == pygame.K_END:
            self.end()
        elif name in (LEFT, UNDO) or (name == UP and action.device == "mouse"):
            self.step_back()
        elif name in (RIGHT, REDO) or (name == DOWN and action.device == "mouse"):
            self.playing = False
            self.step_forward()
        elif name == UP:
            self.start()
        elif name == DOWN:
            self.end()
        elif name == CONFIRM:
            self.toggle_play()
        elif name == ALTERNATE and (action.device != "keyboard" or key == pygame.K_TAB):
            self.take_over()  # Tab, or X on a pad (not C: a game's "switch colour" key)
        elif name in (BACK, MENU):
            self.leave()
        elif name == POINT:
            pass

    def update(self, dt: float) -> None:
        self._quiet()
        self.game.update(dt)
        if self.playing and not self.game.queue.busy:
            self.wait += dt
            if self.wait >= self.STEP_SECONDS:
                self.wait = 0.0
                self.step_forward()

    def next_change(self) -> float:
        child = self.game.next_change()
        if self.playing and not self.game.queue.busy:
            child = min(child, max(0.0, self.STEP_SECONDS - self.wait))
        return child

    # -- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        bar_h = int(50 * s)
        self.bar = pygame.Rect(0, h - bar_h, w, bar_h)
        # the game lays itself out above the bar, so the bar hides none of it (its coordinates)
        self.game.draw(surface.subsurface((0, 0, w, self.bar.y)))
        pygame.draw.rect(surface, theme.BG_PANEL, self.bar)
        pygame.draw.line(surface, theme.INK_FAINT, self.bar.topleft, self.bar.topright, max(1, int(2 * s)))
        if self.total:  # how far through the game, along the top edge of the bar
            done = int(w * self.position / self.total)
            thick = max(2, int(4 * s))
            pygame.draw.line(surface, theme.ACCENT, self.bar.topleft, (done, self.bar.top), thick)
        cy = self.bar.centery + int(2 * s)
        title = _("Replay — move {number} of {total}").format(number=self.position, total=self.total)
        theme.draw_text(surface, title, (int(16 * s), cy), int(30 * s), theme.ACCENT, "midleft", True)
        x = int(330 * s)
        bh = int(36 * s)
        playing = pgettext("replay", "Pause") if self.playing else pgettext("replay", "Play")
        self.buttons["play"].label = playing
        widths = {"start": 44, "back": 44, "play": 84, "forward": 44, "end": 44, "take": 124, "exit": 76}
        for key, bw in widths.items():
            if key in ("take", "exit"):
                x += int(12 * s)
            label_w = theme.font(int(24 * s)).size(self.buttons[key].label)[0] + int(14 * s)
            r = pygame.Rect(x, cy - bh // 2, max(int(bw * s), label_w), bh)  # its word fits inside
            self.buttons[key].draw(surface, r, int(24 * s), active=key == "play" and self.playing)
            x = r.right + int(6 * s)
        if self.app.last_device.startswith("pad"):
            lines = (_("D-pad Left/Right: step   A: play/pause"),
                     _("Up/Down: start/end   X: take over   B: back"))
        else:
            lines = (_("Left/Right: step   Space: play/pause"),
                     _("Home/End: start/end   Tab: take over   Esc: back"))
        x += int(10 * s)
        size = int(19 * s)
        if x + max(theme.font(size).size(line)[0] for line in lines) <= w - 8 * s:
            for k, line in enumerate(lines):
                theme.draw_text(surface, line, (x, cy + (k - 0.5) * 19 * s), size, theme.INK_DIM, "midleft")
