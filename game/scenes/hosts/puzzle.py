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

from ... import catalogue
from ...arcade import fame
from ...content import puzzles
from ...i18n import _, pgettext
from ...persistence import storage
from ...rules.core import DRAW
from ...ui import theme
from ...ui.actions import BACK, CONFIRM, MENU, POINT, REDO, UNDO, Action
from ..menus.overlay import AskScene
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
    data, _problem = storage.load_json(storage.progress_home() / PROGRESS, FORMAT, MAX_BYTES)
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
        storage.update_json(storage.progress_home() / PROGRESS, "puzzles progress", FORMAT, MAX_BYTES, apply)
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

    def position(self, n: int) -> tuple[str | None, Any]:
        puzzle = self.puzzles[n]
        level = puzzle.state.get("level")
        return (level if isinstance(level, str) else None), puzzle.start()[1]

    def progress(self, done: int, total: int) -> str:
        return _("{done} of {total} solved").format(done=done, total=total)


class PuzzleScene(EntryScene):
    """A puzzle on the game's own board; the scene of the game plays inside it.

    Solved: a card says so, by how much and by which rule (a tie-break named as one), and
    offers the next puzzle not solved yet. A wrong move: the computer's refuting reply is
    played and named, and stays on the board until a key (or ``REFUTED_SECONDS``); then
    the position comes back, and only then a streak that ended asks for initials."""

    #: how long a refuted move stays on the board before the position comes back
    REFUTED_SECONDS = 4.0
    #: a key ends the wait only once the refutation has been shown this long (a key
    #: pressed with the move is not an answer to what follows)
    READ_SECONDS = 0.8

    def __init__(self, app, puzzle: puzzles.Puzzle, listing: PuzzleListScene | None = None) -> None:
        level = puzzle.state.get("level")
        super().__init__(app, puzzle.game, level if isinstance(level, str) else None, listing)
        self.puzzle = puzzle
        rules, start = puzzle.start()
        self.rules, self.start_state = rules, start
        self.me = start.to_move
        self.game.exercise(self.me, "computer")  # the defence's moves are the computer's
        self.refuted_t = 0.0
        self.shown_t = 0.0  # how long the refutation has been on the board
        self.done = False
        self.missed = False  # a wrong move was made in this puzzle (it is solved, not "clean")
        self.owed_initials = 0  # a streak ended by a wrong move: asked once the position is back
        self.again(first=True)

    # -- the position ----------------------------------------------------------------------
    def again(self, first: bool = False) -> None:
        """The puzzle's position, from the start."""
        self.refuted_t = 0.0
        self.done = False
        self.judged = 0  # moves of the history already answered
        self.game.judge(None)
        self.game.set_position(self.start_state)
        goal = _("{side} to move: win by force").format(side=self.game.side_name(self.me))
        self.game.show_banner(goal if first else _("Again from the start: {goal}").format(goal=goal), 4.0)
        if self.owed_initials:
            length, self.owed_initials = self.owed_initials, 0
            self.app.nav.enter_initials(self.puzzle.game, "streak", length)

    def plies_left(self) -> int:
        return self.puzzle.plies - len(self.game.history)

    # -- the computer's side ---------------------------------------------------------------
    def answer(self) -> None:
        """After the player's move: right (the defence plays on), wrong (refuted), or solved."""
        verdict, move = puzzles.respond(self.puzzle.game, self.rules, self.game.state, self.me,
                                        self.plies_left())
        if verdict == "solved":
            self.solved()
        elif verdict == "refuted":
            self.refute(move)
        elif verdict == "reply":
            self.reply(move)

    def solved(self) -> None:
        self.done = True
        game_id = self.puzzle.game
        run = mark_solved(game_id, self.puzzle.name, clean=not self.missed)
        self.game.judge((_("Solved!"), theme.GOOD), verdict=True)
        self.game.quiet()
        margin, why = self.game.verdict(self.rules.outcome(self.game.state))
        answers = [(_("Try it again"), self.again), (_("Back to the list"), self.leave)]
        after = self.next_puzzle()
        if after is not None:
            answers.insert(0, (_("Next puzzle"), lambda: self.open(after)))
        lines = [line for line in (margin, why) if line]
        # the focus on the way on: the next puzzle, or with every one solved, back to the list
        self.app.stack.push(AskScene(self.app, _("Solved!"), lines, answers, on_cancel=self.leave,
                                     index=0 if after is not None else 1, title_color=theme.GOOD,
                                     verdict=True))
        if len(run) == len(puzzles.load_all(game_id)) and fame.qualifies(game_id, "streak", len(run)):
            self.app.nav.enter_initials(game_id, "streak", len(run))  # every puzzle, no miss

    def next_puzzle(self) -> puzzles.Puzzle | None:
        """The next puzzle of the list not solved yet (after this one, then from the top),
        else simply the next one; None after the last of a list all solved."""
        listed = (self.listing.puzzles if isinstance(self.listing, PuzzleListScene)
                  else puzzles.load_all(self.puzzle.game))
        names = [p.name for p in listed]
        here = names.index(self.puzzle.name) if self.puzzle.name in names else -1
        done = set(solved().get(self.puzzle.game, []))
        later = listed[here + 1:] + listed[:max(0, here)]
        following = listed[here + 1] if here + 1 < len(listed) else None
        return next((p for p in later if p.name not in done), following)

    def open(self, puzzle: puzzles.Puzzle) -> None:
        """``puzzle`` in this one's place (the list under it keeps its marks)."""
        if self.listing is not None:
            self.listing.refresh()
        if self.app.stack.top is self:
            self.app.stack.pop()
        self.app.stack.push(PuzzleScene(self.app, puzzle, self.listing))

    def reply(self, move: Any) -> None:
        """The defence's move (if the defence moves again, a turn that goes on, it answers
        again once this one has played out: ``update``)."""
        self.game.commit(move)
        self.judged = len(self.game.history)

    def refute(self, reply: Any) -> None:
        """A wrong move: the reply that shows why is played and named (none when the
        move ended the game, or when the player moves again)."""
        game = self.game
        if not self.missed:  # the streak of clean solves ends here
            self.missed = True
            length = end_streak(self.puzzle.game)
            if length >= 2 and fame.qualifies(self.puzzle.game, "streak", length):
                self.owed_initials = length  # asked when the position is back, not over this
        game.judge((_("Not solved"), theme.BAD), verdict=False)
        if game.state.over:
            words = self.lost_words()
        elif reply is not None:
            side, text = game.side_name(game.state.to_move), self.rules.move_text(reply, game.state)
            game.commit(reply)
            if game.state.over:
                words = _("Not this one: {side} answers {move}. {result}").format(
                    side=side, move=text, result=self.lost_words())
            else:
                words = _("Not this one: {side} answers {move}, and no forced win is left.").format(
                    side=side, move=text)
        else:
            words = _("Not this one: there is no forced win after that.")
        game.show_banner(words, 60.0)
        self.refuted_t = self.REFUTED_SECONDS
        self.shown_t = 0.0

    def lost_words(self) -> str:
        """A finished game that is not the player's win: who won, and the rule."""
        outcome = self.rules.outcome(self.game.state)
        _margin, why = self.game.verdict(outcome)
        if outcome.winner == DRAW:
            return _("Not solved: a draw. {why}").format(why=why)
        return _("Not solved: {side} wins. {why}").format(side=self.game.side_name(outcome.winner), why=why)

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
            elif self.refuted_t > 0 and self.shown_t >= self.READ_SECONDS and action.name != POINT:
                self.refuted_t = 0.0  # read: the position comes back now
                self.again()
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
        if self.refuted_t > 0:
            if not game.queue.busy:
                self.shown_t += dt
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
    answers = [(_(catalogue.get(g).title), lambda g=g: app.stack.push(PuzzleListScene(app, g)))
               for g in games_with_puzzles()]
    app.stack.push(AskScene(app, pgettext("menu", "Puzzles"), [_("Which game?")],
                            [*answers, (_("Back"), lambda: None)]))
