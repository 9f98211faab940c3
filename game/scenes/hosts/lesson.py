"""Lessons: a game's course, step by step, on the game's own board.

Each step shows a card over the board: the rule's name and what to do. The player makes a
move with the keys, the mouse or a pad (the game's own controls and previews work as in a
game); its effects play out. A move that reaches the step's goal is explained, and Enter
(A, a click on the card) goes on to the next step; a move that does not is answered with
why, and the position comes back. Steps done are kept in ``lessons.json`` in the user's
folder; the course list marks them. Esc leaves; U starts the step again.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from ... import catalogue
from ...content import lessons
from ...i18n import _, pgettext
from ...persistence import storage
from ...ui import present, theme
from ...ui.actions import BACK, CONFIRM, MENU, REDO, UNDO, Action
from .checklist import ChecklistScene, EntryScene

PROGRESS = "lessons.json"
FORMAT = 1
MAX_BYTES = 100_000


def _marks(data: dict | None) -> dict[str, list[int]]:
    marks = data.get("done") if isinstance(data, dict) else None
    if not isinstance(marks, dict):
        return {}
    return {g: [n for n in steps if storage.is_whole(n)] for g, steps in marks.items()
            if isinstance(g, str) and isinstance(steps, list)}


def done_steps() -> dict[str, list[int]]:
    """game id -> the steps (from 0) of its course done (a damaged file counts as none)."""
    data, _problem = storage.load_json(storage.progress_home() / PROGRESS, FORMAT, MAX_BYTES)
    return _marks(data)


def mark_done(game: str, step: int) -> None:
    """Step ``step`` of ``game``'s course is done: added to the file as it is now (another
    instance of the game may have marked steps meanwhile); a damaged file, or one of a
    newer version, is set aside first, never written over."""
    def add(data: dict | None) -> dict:
        marks = _marks(data)
        if step not in marks.setdefault(game, []):
            marks[game].append(step)
        return {"format": FORMAT, "done": marks}

    try:
        storage.update_json(storage.progress_home() / PROGRESS, "lessons progress", FORMAT, MAX_BYTES, add)
    except OSError:
        pass  # a read-only folder: done for this run all the same


class LessonListScene(ChecklistScene):
    """A game's course: its steps in order, each with its mark; the first not done chosen."""

    SIZE = 30

    def __init__(self, app, game_id: str) -> None:
        self.course = lessons.load(game_id)
        super().__init__(app, game_id)
        self.menu.index = next((n for n in range(len(self.menu.items)) if n not in self.done), 0)

    def titles(self) -> list[str]:
        return [_(step.title) for step in self.course.steps] if self.course else []

    def marks(self) -> set[int]:
        # a step of the file that the course does not have is nothing done (a hand-edited file)
        steps = len(self.course.steps) if self.course else 0
        return {n for n in done_steps().get(self.game_id, []) if 0 <= n < steps}

    def open(self, n: int) -> None:
        if self.course is not None:
            self.app.stack.push(LessonScene(self.app, self.course, n, self))

    def heading(self) -> str:
        return _(self.course.title) if self.course else _(catalogue.get(self.game_id).name)

    def position(self, n: int) -> tuple[str | None, Any] | None:
        if self.course is None:
            return None
        step = self.course.steps[n]
        level = step.state.get("level")
        return (level if isinstance(level, str) else None), step.start(self.game_id)[1]

    def progress(self, done: int, total: int) -> str:
        return _("{done} of {total} steps done").format(done=done, total=total)


class LessonScene(EntryScene):
    """One step after another of a course, the game's scene playing inside."""

    #: how long a wrong move stays on the board before the position comes back
    WRONG_SECONDS = 2.8

    def __init__(self, app, course: lessons.Course, index: int = 0,
                 listing: LessonListScene | None = None) -> None:
        super().__init__(app, course.game, None, listing)
        self.course = course
        self.card = pygame.Rect(0, 0, 0, 0)
        self.game_top = 0  # where the game's picture starts, under the card
        self.card_shown: tuple = ()  # what the card drawn last said, and at which window size
        self.go(index)

    # -- the steps -------------------------------------------------------------------------
    @property
    def step(self) -> lessons.Step:
        return self.course.steps[self.index]

    def go(self, index: int) -> None:
        self.index = index
        _rules, self.start_state = self.step.start(self.course.game)
        self.me = self.start_state.to_move
        self.game.exercise(self.me)  # the other side never moves in a step
        self.again()

    def again(self) -> None:
        """The step's position, from its start."""
        self.phase = "try"  # "try" | "right" | "wrong"
        self.wrong_t = 0.0
        self.judged = 0
        self.game.set_position(self.start_state)
        self.game.quiet()

    def next_step(self) -> None:
        if self.index + 1 < len(self.course.steps):
            self.go(self.index + 1)
        else:
            self.leave()

    def judge(self) -> None:
        """The player's move has played out: right or wrong."""
        history = self.game.history
        before, move, _text = history[0]
        _after, effects = self.game.rules.play(before, move)
        if lessons.reaches(self.step.goal, effects):
            self.phase = "right"
            mark_done(self.course.game, self.index)
            self.app.audio.play("confirm")
        else:
            self.phase = "wrong"
            self.wrong_t = self.WRONG_SECONDS

    # -- input and time ----------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        game = self.game
        if action.name in (MENU, BACK) and not action.is_pointer:
            self.leave()
            return
        if action.pos is not None:  # the game lies under the card: its coordinates start there
            if self.card.collidepoint(action.pos):
                if self.phase == "right" and action.name == CONFIRM:
                    self.next_step()
                return
            action = replace(action, pos=(action.pos[0], action.pos[1] - self.game_top))
        if action.name in (UNDO, REDO):
            self.again()
            return
        if self.phase == "right":
            if action.name == CONFIRM and action.pos is None:
                self.next_step()
            return
        if self.phase == "wrong" or game.history:
            if game.queue.busy and action.name != "point":
                game.queue.skip()
            return
        game.handle(action)

    def update(self, dt: float) -> None:
        game = self.game
        game.hold(self.phase != "try")  # the answer is read, not a next move previewed
        game.update(dt)
        if self.phase == "wrong":
            if not game.queue.busy:
                self.wrong_t -= dt
                if self.wrong_t <= 0:
                    self.again()
            return
        if self.phase == "try" and game.history and not game.queue.busy:
            self.judge()

    def next_change(self) -> float:
        if self.phase == "wrong" or (self.phase == "try" and self.game.history):
            return 0.0
        return self.game.next_change()

    # -- drawing -------------------------------------------------------------------------------
    def card_lines(self, phase: str | None = None) -> tuple[str, list[tuple[str, tuple[int, int, int]]]]:
        """The card's heading and lines in ``phase`` (by default the step's phase now)."""
        phase = phase or self.phase
        step = self.step
        head = _("Step {number} of {total}: {title}").format(
            number=self.index + 1, total=len(self.course.steps), title=_(step.title))
        g = self.app.glyphs()
        if phase == "right":
            more = (_("{key}: next step").format(key=g[CONFIRM]) if self.index + 1 < len(self.course.steps)
                    else _("{key}: the course is done").format(key=g[CONFIRM]))
            return head, [(_(step.explain), theme.GOOD), (more, theme.ACCENT)]
        if phase == "wrong":
            return head, [(_(step.wrong), theme.BAD), (_("The position comes back..."), theme.INK_DIM)]
        return head, [(_(step.prompt), theme.INK),
                      (_("{undo}: start the step again   {menu}: leave").format(undo=g[UNDO], menu=g[MENU]),
                       theme.INK_FAINT)]

    def draw_card(self, surface: pygame.Surface) -> None:
        """The step's card along the top of the window; the game lies under it."""
        s = theme.scale_of(surface)
        head, lines = self.card_lines()
        width = surface.get_width() - int(24 * s)
        size = int(24 * s)
        # words wrap; a line of keys keeps its gaps (fitted, or without its middle parts)
        room = width - int(28 * s)

        def wrapped_lines(lines):
            return [(line, ink) for text, ink in lines
                    for line in ([text] if present.PARTS in text else theme.wrap(text, size, room))]
        wrapped = wrapped_lines(lines)
        step = theme.step(size, 27 * s)
        # right or wrong: a tick or a cross before the heading (the card's edge says it in colour)
        verdict = {"right": True, "wrong": False}.get(self.phase)
        mark = sum(theme.tick_size(int(28 * s), True))
        head_size = theme.fitted(head, int(28 * s), width - 28 * s - mark, True)
        # as tall as the step's longest card (what to do, why not, why so): the board under
        # it keeps its place while the step is tried, missed and done
        most = max(len(wrapped_lines(self.card_lines(phase)[1])) for phase in ("try", "wrong", "right"))
        height = int(20 * s + theme.font(head_size, True).get_height() + most * step + 8 * s)
        surface.fill(theme.BG, (0, 0, surface.get_width(), height + int(12 * s)))
        self.card = pygame.Rect(int(12 * s), int(6 * s), width, height)
        present.panel(surface, self.card, s, edge=theme.GOOD if self.phase == "right" else
                      theme.BAD if self.phase == "wrong" else theme.ACCENT)
        y = self.card.y + 10 * s
        x = self.card.x + 14 * s
        if verdict is not None:
            tick, gap = theme.tick_size(head_size, True)
            line = theme.font(head_size, True).get_height()
            box = pygame.Rect(round(x), round(y + (line - tick) / 2), tick, tick)
            theme.draw_verdict(surface, box, verdict)
            x += tick + gap
        rect = theme.draw_text(surface, head, (x, y), head_size, theme.ACCENT, bold=True)
        y = rect.bottom + 4 * s
        for line, ink in wrapped:
            present.parts_line(surface, (self.card.x + 14 * s, y), line, size, width - 28 * s, ink)
            y += step

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_card(surface)
        top = self.game_top = self.card.bottom + int(6 * theme.scale_of(surface))
        self.game.draw(surface.subsurface((0, top, surface.get_width(), surface.get_height() - top)))

    def draw_changes(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The card when what it says changed (and then everything: the game's room changes
        with the card's height); else only what the game changed, below the card."""
        key = (self.card_lines(), surface.get_size())
        if key != self.card_shown:
            self.card_shown = key
            self.draw(surface)
            return None
        w, h = surface.get_size()
        rects = self.game.draw_changes(surface.subsurface((0, self.game_top, w, h - self.game_top)))
        return None if rects is None else [r.move(0, self.game_top) for r in rects]


def choose_game(app) -> None:
    """Which game's course (the games that have one)."""
    from ..menus.overlay import AskScene

    answers = [(_(catalogue.get(g).title), lambda g=g: app.stack.push(LessonListScene(app, g)))
               for g in lessons.games_with_lessons()]
    app.stack.push(AskScene(app, pgettext("menu", "Lessons"), [_("Which game?")],
                            [*answers, (_("Back"), lambda: None)]))


