"""Puzzles: a game's list with solved marks, and a puzzle played on the game's own board.

The player has the side to move; the computer answers with the defence that holds out
longest. A move that still wins by force is right even when it is not the file's own
line. A move that does not is refuted on the board: the computer plays the reply after
which no forced win is left, says so, and the position comes back. Progress (the puzzles
solved) is kept in ``puzzles.json`` in the user's folder.
"""
from __future__ import annotations

from typing import Any

import pygame

from .. import catalogue, fame, puzzles, storage
from ..i18n import _, pgettext
from ..ui.actions import BACK, CONFIRM, MENU, REDO, UNDO, Action
from .checklist import ChecklistScene, EntryScene

PROGRESS = "puzzles.json"
FORMAT = 1


MAX_BYTES = 200_000


def _names(data: dict | None, key: str) -> dict[str, list[str]]:
    """game id -> a list of puzzle names, from the progress file's ``key`` (a damaged
    file or entry counts as none; a name no puzzle of the game has is not counted: a
    hand-edited streak of 5 000 puzzles is a streak of none)."""
    marks = data.get(key) if isinstance(data, dict) else None
    if not isinstance(marks, dict):
        return {}
    out = {}
    for g, names in marks.items():
        if g in catalogue.RECORDS and isinstance(names, list):
            known = {p.name for p in puzzles.load_all(g)}
            out[g] = list(dict.fromkeys(n for n in names if isinstance(n, str) and n in known))
    return out


def _progress() -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    data, _problem = storage.load_json(storage.home() / PROGRESS, FORMAT, MAX_BYTES)
    return _names(data, "solved"), _names(data, "streak")


def _update(change) -> None:
    """``change(marks, streaks)`` applied to the file as it is now, under the user folder's
    lock (another instance of the game may have solved puzzles meanwhile); a damaged file,
    or one of a newer version, is set aside first, never written over."""
    def apply(data: dict | None) -> dict:
        marks, streaks = _names(data, "solved"), _names(data, "streak")
        change(marks, streaks)
        return {"format": FORMAT, "solved": marks, "streak": streaks}

    try:
        storage.update_json(storage.home() / PROGRESS, "puzzles progress", FORMAT, MAX_BYTES, apply)
    except OSError:
        pass  # a read-only folder: solved for this run all the same


def solved() -> dict[str, list[str]]:
    """game id -> the names of its puzzles solved (a damaged file counts as none)."""
    return _progress()[0]


def streak(game: str) -> list[str]:
    """The puzzles of ``game`` solved in a row without a wrong move, so far."""
    return _progress()[1].get(game, [])


def mark_solved(game: str, name: str, clean: bool = True) -> list[str]:
    """``name`` is solved; ``clean``: without a wrong move, so it joins the streak (once
    per streak). Returns the streak now."""
    run: list[str] = []

    def solve(marks: dict[str, list[str]], streaks: dict[str, list[str]]) -> None:
        if name not in marks.setdefault(game, []):
            marks[game].append(name)
        run[:] = streaks.setdefault(game, [])
        if clean and name not in run:
            run.append(name)
            streaks[game].append(name)

    _update(solve)
    return run


def end_streak(game: str) -> int:
    """A wrong move: the streak of ``game`` ends; returns how long it was."""
    length: list[int] = []

    def end(marks: dict[str, list[str]], streaks: dict[str, list[str]]) -> None:
        length[:] = [len(streaks.get(game, []))]
        streaks[game] = []

    if streak(game):
        _update(end)
    return length[0] if length else 0


def games_with_puzzles() -> list[str]:
    return [g for g in catalogue.GAME_IDS if puzzles.load_all(g)]


class PuzzleListScene(ChecklistScene):
    """One game's puzzles, easiest first, each with its mark."""

    def __init__(self, app, game_id: str) -> None:
        self.puzzles = puzzles.load_all(game_id)
        super().__init__(app, game_id)

    def titles(self) -> list[str]:
        return [_(p.title) for p in self.puzzles]

    def marks(self) -> set[int]:
        names = solved().get(self.game_id, [])
        return {n for n, p in enumerate(self.puzzles) if p.name in names}

    def open(self, n: int) -> None:
        self.app.stack.push(PuzzleScene(self.app, self.puzzles[n], self))

    def heading(self) -> str:
        return _("Puzzles: {game}").format(game=_(catalogue.get(self.game_id).name))

    def progress(self, done: int, total: int) -> str:
        return _("{done} of {total} solved").format(done=done, total=total)


class PuzzleScene(EntryScene):
    """A puzzle on the game's own board; the scene of the game plays inside it."""

    #: how long a refuted move stays on the board before the position comes back
    REFUTED_SECONDS = 1.8

    def __init__(self, app, puzzle: puzzles.Puzzle, listing: PuzzleListScene | None = None) -> None:
        level = puzzle.state.get("level")
        super().__init__(app, puzzle.game, level if isinstance(level, str) else None, listing)
        self.puzzle = puzzle
        rules, start = puzzle.start()
        self.rules, self.start_state = rules, start
        self.me = start.to_move
        self.refuted_t = 0.0
        self.done = False
        self.missed = False  # a wrong move was made in this puzzle (it is solved, not "clean")
        self.again(first=True)

    # -- the position ----------------------------------------------------------------------
    def again(self, first: bool = False) -> None:
        """The puzzle's position, from the start."""
        self.refuted_t = 0.0
        self.done = False
        self.judged = 0  # moves of the history already answered
        self.game.set_position(self.start_state)
        goal = _("{side} to move: win by force").format(side=self.game.side_name(self.me))
        self.game.show_banner(goal if first else _("Again from the start: {goal}").format(goal=goal), 4.0)

    def plies_left(self) -> int:
        return self.puzzle.plies - len(self.game.history)

    # -- the computer's side ---------------------------------------------------------------
    def answer(self) -> None:
        """After the player's move: right (the defence plays on), wrong (refuted), or solved."""
        verdict, move = puzzles.respond(self.puzzle.game, self.rules, self.game.state, self.me,
                                        self.plies_left())
        if verdict == "solved":
            self.done = True
            game_id = self.puzzle.game
            run = mark_solved(game_id, self.puzzle.name, clean=not self.missed)
            self.game.show_banner(_("Solved! Esc: the list   U: again"), 30.0)
            if len(run) == len(puzzles.load_all(game_id)) and fame.qualifies(game_id, "streak", len(run)):
                self.app.nav.enter_initials(game_id, "streak", len(run))  # every puzzle, no miss
        elif verdict == "refuted":
            self.refute(move)
        elif verdict == "reply":
            self.reply(move)

    def reply(self, move: Any) -> None:
        """The defence's move (if the defence moves again, a turn that goes on, it answers
        again once this one has played out: ``update``)."""
        self.game.commit(move)
        self.judged = len(self.game.history)

    def refute(self, reply: Any) -> None:
        if not self.missed:  # the streak of clean solves ends here
            self.missed = True
            length = end_streak(self.puzzle.game)
            if length >= 2 and fame.qualifies(self.puzzle.game, "streak", length):
                self.app.nav.enter_initials(self.puzzle.game, "streak", length)
        if reply is not None:
            self.game.commit(reply)
        self.game.show_banner(_("Not this one: there is no forced win after that. The position comes back."),
                              self.REFUTED_SECONDS + 1.0)
        self.refuted_t = self.REFUTED_SECONDS

    # -- input and time ----------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        game = self.game
        if action.name in (MENU, BACK) and not action.is_pointer:
            self.leave()
            return
        if action.name in (UNDO, REDO):
            self.again()
            return
        if self.done and action.name == CONFIRM and action.pos is None:
            self.leave()
            return
        if self.refuted_t > 0 or (not game.state.over and game.state.to_move != self.me):
            if game.queue.busy:
                game.queue.skip()
            return
        game.handle(action)  # a move it makes is answered in ``update``, once it has played out

    def waiting(self) -> bool:
        """A move of the player's not yet answered, or the computer's turn."""
        game = self.game
        if self.done or self.refuted_t > 0:
            return False
        return len(game.history) > self.judged or (not game.state.over and game.state.to_move != self.me)

    def update(self, dt: float) -> None:
        game = self.game
        game.update(dt)
        game.result_shown = True  # this screen says how it ended
        if self.refuted_t > 0:
            if not game.queue.busy:
                self.refuted_t -= dt
                if self.refuted_t <= 0:
                    self.again()
            return
        if self.waiting() and not game.queue.busy:
            self.judged = len(game.history)
            self.answer()

    def next_change(self) -> float:
        if self.refuted_t > 0 or self.waiting():
            return 0.0
        return self.game.next_change()

    def draw(self, surface: pygame.Surface) -> None:
        self.game.draw(surface)

    def draw_changes(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        return self.game.draw_changes(surface)


def choose_game(app) -> None:
    """Which game's puzzles (the games that have them)."""
    from .overlay import AskScene

    answers = [(_(catalogue.get(g).title), lambda g=g: app.stack.push(PuzzleListScene(app, g)))
               for g in games_with_puzzles()]
    app.stack.push(AskScene(app, pgettext("menu", "Puzzles"), [_("Which game?")],
                            [*answers, (_("Back"), lambda: None)]))
