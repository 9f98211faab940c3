"""Replay a saved game move by move.

The replay owns a game scene of its own (never on the scene stack) and shows it
with a replay bar over its bottom edge. The game scene never sees an action, so
its board accepts no move; the replay steps it with the scene's own take-back and
redo: all the moves start in its redo list, forward plays the next one with the
normal move animation, back takes one back at once (``take_back``, not the players'
undo, which refuses on the ladder). The child autosaves nothing
and has no computer seat thinking.

Keys: Left/Right (D-pad, U/R, LB/RB, the wheel) step; Space/Enter/A starts and
stops playing on its own (a move every 1.2 s after the last one's animation);
Home/Up and End/Down jump to the start and the end; Tab/X takes over: a real
game goes on from the position shown (the later moves are dropped); Esc/B goes
back to the list. The mouse clicks the bar's buttons.

As a *review* (after a game: "Review the game" on the end card) a strip over the bar
shows what the computer thought each position was worth (:mod:`game.arcade.review`): a line of
who was ahead, move by move, with the moves that cost most marked in red; the positions
are searched one by one in the worker while the review is open. A click on the line
jumps to that move; the strip names the move shown and what it cost.
"""
from __future__ import annotations

import pygame

from ...ai import Thinker
from ...ai.worker import RemoteThinker
from ...arcade import review as reviewing
from ...i18n import N_, _, pgettext
from ...persistence import bindings, saves
from ...rules.core import DRAW
from ...ui import theme
from ...ui.actions import ALTERNATE, BACK, CONFIRM, DOWN, LEFT, MENU, POINT, REDO, RIGHT, UNDO, UP, Action
from ...ui.keys import name_of
from ...ui.widgets import Button
from ..base import LiveButton, Scene, back_key, either
from . import picture


class ReplayScene(Scene):
    STEP_SECONDS = 1.2  # auto-play: the pause after one move's animation before the next

    def __init__(self, app, record: saves.Record, name: str = "", review: bool = False) -> None:
        super().__init__(app)
        self.record = record
        self.name = name
        # hosted: no autosave, no pause or result screen, no cursor; every seat a person's
        game = app.nav.hosted_game(record.game, record.level, record.seed)
        game.restore(record)
        self.game = game
        self.total = len(record.moves)
        self.start()
        game.quiet()
        self.playing = False
        self.wait = 0.0
        self.buttons: dict[str, Button] = {
            "start": Button("|<", self.start), "back": Button("<", self.step_back),
            "play": Button(pgettext("replay", "Play"), self.toggle_play),
            "forward": Button(">", self.step_forward),
            "end": Button(">|", self.end), "export": LiveButton(N_("Export animation"), self.export_picture),
            "take": LiveButton(N_("Take over"), self.take_over),
            "exit": LiveButton(N_("Back"), self.leave),
        }
        self.bar = pygame.Rect(0, 0, 0, 0)
        states = record.replay()
        #: each move's number, as the move list numbers it (its turn's)
        self.numbers = game.rules.turn_numbers(states[:-1])
        #: the review's values, and the search under way for one position of it
        played = [game.rules.parse_move(m) for m in record.moves]
        self.review = reviewing.Review(game.rules, states, played) if review else None
        self.search: Thinker | RemoteThinker | None = None
        self.searching = -1
        self.strip = pygame.Rect(0, 0, 0, 0)
        self.game.ai_rng.seed(record.seed)  # the review's searches: the same values for the same game
        #: the game being drawn as an animated picture (a few frames each update), and what
        #: the line over the bar says of it, for how many seconds more
        self.exporting: picture.Export | None = None
        self.notice, self.notice_bad, self.notice_t = "", False, 0.0

    # -- where we are ------------------------------------------------------------------
    @property
    def position(self) -> int:
        return len(self.game.history)

    def move_number(self) -> int:
        """The number of the last move shown, as the move list numbers it (0: none yet)."""
        return self.numbers[self.position - 1] if self.position else 0

    @property
    def total_moves(self) -> int:
        return self.numbers[-1] if self.numbers else 0

    def _quiet(self) -> None:
        self.game.quiet(banner=False)  # the bar says the game is over; no result screen here

    def start(self) -> None:
        """Back to the position before the first move."""
        self.playing = False
        while self.game.history:
            self.game.take_back()  # never undo: it refuses on the ladder, and this loop would spin
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
        self.game.take_back()
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
        banner = _("You took over at move {number}").format(number=self.move_number())
        record = self.game.record()
        record.ladder = None  # moves were taken back: a ladder game is won without
        self.app.nav.replacing(record.game, lambda: self.app.nav.resume(record, banner),
                               _("Take over here"), record.seats, kept=self.record)

    def leave(self) -> None:
        self.app.stack.pop()

    def export_picture(self) -> None:
        """The whole game as an animated picture in the user folder, to share (whatever
        position is shown); the line over the bar says how far it is, then where it went."""
        if self.exporting is not None and not self.exporting.done:
            return
        self.exporting = picture.Export(self.app, self.record, self.name)
        self.tell_export()

    def tell_export(self) -> None:
        assert self.exporting is not None
        self.notice, self.notice_bad = self.exporting.words()
        self.notice_t = self.NOTICE_SECONDS

    #: how long the line over the bar stays once the export is done
    NOTICE_SECONDS = 8.0

    def closed(self) -> None:
        self.drop_search()
        if self.exporting is not None:
            self.exporting.cancel()
        self.game.closed()

    def goto(self, position: int) -> None:
        """Show the position after ``position`` moves, at once."""
        self.playing = False
        self.game.queue.skip()
        while len(self.game.history) > position:
            self.game.take_back()
        while len(self.game.history) < position and self.game.future:
            self.game.commit(self.game.future.pop(), animate=False)
        self._quiet()

    # -- the review's searches ---------------------------------------------------------------
    def analyse(self, dt: float) -> None:
        """Search the next position not yet valued (one at a time); keep its value."""
        review = self.review
        if review is None:
            return
        if self.search is None:
            i = review.next_position()
            if i is None:
                return
            self.search = self.game.new_thinker(level=reviewing.LEVEL, state=review.states[i],
                                                iterations=reviewing.ITERATIONS,
                                                time_scale=reviewing.TIME_SCALE)
            self.searching = i
        search = self.search = self.game.here_if_given_up(self.search)
        search.step(self.game.THINK_SLICE)  # a worker's answer is only looked for here
        if search.done:
            review.known(self.searching, search.value(), search.move_values())
            self.search = None

    def drop_search(self) -> None:
        if self.search is not None:
            self.search.cancel()
            self.search = None

    # -- input and time ----------------------------------------------------------------
    def handle(self, action: Action) -> None:
        if action.pos is not None:
            for button in self.buttons.values():
                if button.handle(action):
                    return
            if action.name == CONFIRM and self.strip.collidepoint(action.pos) and self.review is not None:
                self.goto(self.position_at(action.pos[0]))
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
        elif name == ALTERNATE and (action.device != "keyboard"
                                    or name_of(key) == bindings.keys()[ALTERNATE][0]):
            if self.review is None:  # a review looks back at a game; it is not played on
                # Alternate's first key (Tab, the one the line names), or X on a pad; not its
                # others (C: a game's "switch colour" key, pressed from habit)
                self.take_over()
        elif name in (BACK, MENU):
            self.leave()
        elif name == POINT:
            pass

    def update(self, dt: float) -> None:
        self._quiet()
        self.game.update(dt)
        self.analyse(dt)
        if self.exporting is not None and not self.exporting.done:
            self.exporting.step(picture.STEP_SECONDS)
            self.tell_export()
        elif self.notice_t > 0:
            self.notice_t = max(0.0, self.notice_t - dt)
        if self.playing and not self.game.queue.busy:
            self.wait += dt
            if self.wait >= self.STEP_SECONDS:
                self.wait = 0.0
                self.step_forward()

    def next_change(self) -> float:
        if self.review is not None and not self.review.done:
            return 0.0  # the positions' values come in while it is open
        if self.exporting is not None and not self.exporting.done:
            return 0.0
        child = self.game.next_change()
        if self.notice_t > 0:
            child = min(child, self.notice_t)
        if self.playing and not self.game.queue.busy:
            child = min(child, max(0.0, self.STEP_SECONDS - self.wait))
        return child

    # -- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        bar_h = int(50 * s)
        self.bar = pygame.Rect(0, h - bar_h, w, bar_h)
        # three lines of words beside the line of values (the font's height where s is small)
        strip_h = 0
        if self.review is not None:
            strip_h = int(max(78 * s, 3 * theme.step(int(21 * s), 24 * s) + 14 * s))
        self.strip = pygame.Rect(0, self.bar.y - strip_h, w, strip_h)
        # the game lays itself out above the bar, so the bar hides none of it (its coordinates)
        self.game.draw(surface.subsurface((0, 0, w, self.strip.y)))
        if self.review is not None:
            self.draw_review(surface, self.strip, s)
        if self.notice and (self.notice_t > 0 or (self.exporting is not None and not self.exporting.done)):
            self.draw_notice(surface, s)
        pygame.draw.rect(surface, theme.BG_PANEL, self.bar)
        pygame.draw.line(surface, theme.INK_FAINT, self.bar.topleft, self.bar.topright, max(1, int(2 * s)))
        if self.total:  # how far through the game, along the top edge of the bar
            done = int(w * self.position / self.total)
            thick = max(2, int(4 * s))
            pygame.draw.line(surface, theme.ACCENT, self.bar.topleft, (done, self.bar.top), thick)
        cy = self.bar.centery + int(2 * s)
        if self.review is not None:
            title = _("Review — move {number} of {total}").format(number=self.move_number(),
                                                                  total=self.total_moves)
        else:
            title = _("Replay — move {number} of {total}").format(number=self.move_number(),
                                                                  total=self.total_moves)
        theme.draw_text(surface, title, (int(16 * s), cy), int(30 * s), theme.ACCENT, "midleft", True)
        x = int(330 * s)
        bh = int(36 * s)
        playing = pgettext("replay", "Pause") if self.playing else pgettext("replay", "Play")
        self.buttons["play"].label = playing
        widths = {"start": 44, "back": 44, "play": 84, "forward": 44, "end": 44, "export": 124, "take": 124,
                  "exit": 76}
        if self.review is not None:  # looked at, not played on: no "Take over"
            del widths["take"]
            self.buttons["take"].rect = pygame.Rect(0, 0, 0, 0)
        for key, bw in widths.items():
            if key in ("export", "take", "exit"):
                x += int(12 * s)
            label_w = theme.text_width(self.buttons[key].label, int(24 * s)) + int(14 * s)
            r = pygame.Rect(x, cy - bh // 2, max(int(bw * s), label_w), bh)  # its word fits inside
            self.buttons[key].draw(surface, r, int(24 * s), active=key == "play" and self.playing)
            x = r.right + int(6 * s)
        pad = self.app.last_device.startswith("pad")
        g = self.app.glyphs()
        keys = {"left_right": either(g, LEFT, RIGHT), "up_down": either(g, UP, DOWN), "confirm": g[CONFIRM],
                "alternate": g[ALTERNATE], "back": back_key(g, self.app.last_device)}
        step_line = _("{left_right}: step   {confirm}: play/pause").format(**keys)
        ends = (_("{up_down}: start/end   {alternate}: take over   {back}: back") if pad
                else _("Home/End: start/end   {alternate}: take over   {back}: back"))
        lines = (step_line, ends.format(**keys))
        if self.review is not None:
            ends = (_("{up_down}: start/end   {back}: back") if pad
                    else _("Home/End: start/end   {back}: back")).format(**keys)
            lines = (lines[0], ends)
        x += int(10 * s)
        size = int(19 * s)
        step = theme.step(size, 19 * s)  # the smallest font is taller than the design's line
        if (x + max(theme.text_width(line, size) for line in lines) <= w - 8 * s
                and 2 * step <= self.bar.height + 2):
            for k, line in enumerate(lines):
                theme.draw_text(surface, line, (x, cy + (k - 0.5) * step), size, theme.INK_DIM, "midleft")

    def draw_notice(self, surface: pygame.Surface, s: float) -> None:
        """The export's line on a band over the bar (and the review's strip)."""
        w = surface.get_width()
        size = int(22 * s)
        room = int(w - 32 * s)
        fit = theme.fitted(self.notice, size, room)
        lines = theme.wrap(self.notice, fit, room)[:2]
        step = theme.step(fit, 26 * s)
        band = pygame.Rect(0, 0, w, int(len(lines) * step + 12 * s))
        band.bottom = self.strip.y
        surface.fill(theme.BG_PANEL, band)
        pygame.draw.line(surface, theme.INK_FAINT, band.topleft, band.topright, max(1, int(2 * s)))
        y = band.y + 6 * s
        for line in lines:
            theme.draw_text(surface, theme.ellipsized(line, fit, room), (16 * s, y), fit,
                            theme.BAD if self.notice_bad else theme.INK)
            y += step

    # -- the review's strip --------------------------------------------------------------------
    def graph_rect(self) -> pygame.Rect:
        strip = self.strip
        s = theme.scale_of(self.app.screen)
        left = strip.x + int(min(strip.width * 0.42, 520 * s))
        return pygame.Rect(left, strip.y + int(8 * s), strip.right - left - int(16 * s),
                           strip.height - int(16 * s))

    def position_at(self, x: int) -> int:
        graph = self.graph_rect()
        if not self.total:
            return 0
        return max(0, min(self.total, round((x - graph.x) / max(1, graph.width) * self.total)))

    def draw_review(self, surface: pygame.Surface, strip: pygame.Rect, s: float) -> None:
        """Who was ahead, move by move, for the game's first side; the costly moves in red."""
        review = self.review
        assert review is not None
        surface.fill(theme.BG_PANEL, strip)
        pygame.draw.line(surface, theme.INK_FAINT, strip.topleft, strip.topright, max(1, int(2 * s)))
        game = self.game
        first = game.rules.players[0]
        graph = self.graph_rect()
        pygame.draw.rect(surface, theme.BG, graph)
        mid = graph.centery
        pygame.draw.line(surface, theme.INK_FAINT, (graph.x, mid), (graph.right, mid), 1)
        # whose is which edge: the first side ahead at the top, the other at the bottom
        edge = max(12, int(16 * s))
        second = game.other(first)
        edges = ((first, graph.topleft, "topleft"), (second, graph.bottomleft, "bottomleft"))
        for side, where, anchor in edges:
            theme.draw_text(surface, game.side_name(side), (where[0] + 4 * s, where[1]), edge,
                            game.side_ink(side), anchor)
        n = max(1, self.total)

        def point(i: int, v: float) -> tuple[int, int]:
            return (round(graph.x + graph.width * i / n), round(graph.bottom - v * graph.height))

        curve = review.curve(first)
        run: list[tuple[int, int]] = []
        for i, v in enumerate(curve):
            if v is None:
                if len(run) > 1:
                    pygame.draw.lines(surface, game.side_ink(first), False, run, max(2, int(2 * s)))
                run = []
                continue
            run.append(point(i, v))
        if len(run) > 1:
            pygame.draw.lines(surface, game.side_ink(first), False, run, max(2, int(2 * s)))
        costly = review.costly()
        for m in costly:  # a costly move: a dot (in BAD) where its position came after it
            v = curve[m + 1]
            x, y = point(m + 1, v if v is not None else 0.5)
            pygame.draw.circle(surface, theme.BAD, (x, y), max(4, int(6 * s)))
        x_now = point(self.position, 0.5)[0]
        pygame.draw.line(surface, theme.ACCENT, (x_now, graph.y), (x_now, graph.bottom), max(2, int(2 * s)))
        # the words: who is ahead here, the move just shown and what it cost
        x0, room = strip.x + int(14 * s), graph.x - strip.x - int(28 * s)
        size = int(21 * s)
        line = theme.step(size, 24 * s)
        y = strip.y + int(6 * s)
        lines = self.review_words()
        for text, color in lines[:3]:
            fit = theme.fitted(text, size, room)
            theme.draw_text(surface, theme.ellipsized(text, fit, room), (x0, y), fit, color)
            y += line

    def review_words(self) -> list[tuple[str, tuple[int, int, int]]]:
        """The strip's lines for the position shown: who is ahead, the move just played and
        what it cost, and how far the search has got."""
        review = self.review
        assert review is not None
        game = self.game
        first = game.rules.players[0]
        costly = review.costly()
        v = review.standing(self.position)  # what the line shows here
        state = review.states[self.position]
        if state.over:
            winner = game.rules.outcome(state).winner
            ahead = _("A draw") if winner == DRAW else _("{side} won").format(side=game.side_name(winner))
        elif v is None and review.done:  # searched, yet no value (a move chosen directly, none after)
            ahead = _("The computer has no view of this position")
        elif v is None:
            ahead = _("The computer is still looking at this position...")
        elif abs(v - 0.5) < 0.05:
            ahead = _("Neither side ahead here, the computer thinks")
        else:
            leader = first if v > 0.5 else game.other(first)
            ahead = _("{side} ahead here ({percent}%)").format(side=game.side_name(leader),
                                                              percent=round(100 * max(v, 1 - v)))
        lines = [(ahead, theme.INK)]
        if self.position > 0:
            m = self.position - 1
            cost = review.cost(m)
            text = game.history[m][2] if m < len(game.history) else ""
            points = None if cost is None else round(100 * cost)
            if points is None:
                words = _("Move {number}, {move}").format(number=self.numbers[m], move=text)
            elif points == 0:
                words = _("Move {number}, {move}: no cost").format(number=self.numbers[m], move=text)
            elif m in costly:
                words = _("Move {number}, {move}: a costly move, cost {points}%").format(
                    number=self.numbers[m], move=text, points=points)
            else:
                words = _("Move {number}, {move}: cost {points}%").format(number=self.numbers[m], move=text,
                                                                         points=points)
            lines.append((words, theme.BAD if m in costly else theme.INK_DIM))
        if not review.done:
            lines.append((_("Looked at {done} of {total} positions").format(
                done=review.searched, total=len(review.states)), theme.INK_FAINT))
        elif costly:
            lines.append((_("Dots: the costliest moves (click to jump)"), theme.INK_FAINT))
        return lines
