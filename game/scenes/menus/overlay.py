"""Overlays over a game: the pause menu, the end-of-game card and small questions.

Each one is a solid panel over the dimmed screen (:mod:`game.ui.present`), so its
text never floats over a busy board.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame

from ...arcade import ladder
from ...content import lessons
from ...i18n import N_, _, pgettext
from ...ui import present, theme
from ...ui.actions import BACK, CONFIRM, DOWN, LEFT, MENU, RIGHT, UP, Action
from ...ui.particles import Particles
from ...ui.present import EndCard
from ...ui.widgets import Item, Menu
from ..base import LiveItem, Scene
from ..hosts import picture
from .seats import level_name


class AskScene(Scene):
    """A question on a panel over the screen below: a title, a few lines, a menu of answers.

    Esc, Backspace or B is ``on_cancel``, by default closing the question. Each
    answer's callback runs after the question is closed. The title, lines and answers
    are the caller's words, already in the player's language.
    """

    opaque = False
    moves_by_itself = False

    def __init__(self, app, title: str, lines: list[str], answers: list[tuple[str, Callable[[], None]]],
                 on_cancel: Callable[[], None] | None = None, index: int = 0,
                 title_color: tuple[int, int, int] | None = None, phones: bool = False,
                 verdict: bool | None = None) -> None:
        super().__init__(app)
        #: phones may answer (a question about the game they play, never about files)
        self.phones = phones
        self.title = title
        self.lines = lines
        self.title_color = title_color or theme.INK
        #: right (a tick before the title) or wrong (a cross); None: neither
        self.verdict = verdict
        self.on_cancel = on_cancel
        self.menu = Menu([Item(label, self._answer(fn)) for label, fn in answers], size=34)
        self.menu.index = index
        self.box = pygame.Rect(0, 0, 0, 0)

    def _answer(self, fn: Callable[[], None]) -> Callable[[], None]:
        def chosen() -> None:
            if self.app.stack.top is self:
                self.app.stack.pop()
            fn()
        return chosen

    def cancel(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()
        if self.on_cancel:
            self.on_cancel()

    def handle(self, action: Action) -> None:
        if action.name in (MENU, BACK) and not action.is_pointer:
            self.cancel()
            return
        self.menu.handle(action)

    def phone_buttons(self, device: str) -> dict[str, str]:
        if not self.phones:
            return {}
        return {UP: "", DOWN: "", CONFIRM: pgettext("phone button", "Choose")}


    def draw(self, surface: pygame.Surface) -> None:
        present.dim(surface, 150)
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        size = int(26 * s)
        width = int(min(w - 60 * s, 760 * s))
        wrapped = [line for text in self.lines for line in theme.wrap(text, size, width - int(60 * s))]
        menu_h = self.menu.height(s)
        line_h = theme.step(size, 32 * s)
        height = int(90 * s + len(wrapped) * line_h + 24 * s + menu_h + 20 * s)
        self.box = pygame.Rect(0, 0, width, height)
        self.box.center = (w // 2, h // 2)
        present.panel(surface, self.box, s)
        y = self.box.y + 24 * s
        mark = 0 if self.verdict is None else sum(theme.tick_size(int(44 * s), True))
        title_size = theme.fitted(self.title, int(44 * s), width - 40 * s - mark, True)
        if self.verdict is None:
            theme.draw_text(surface, self.title, (w / 2, y), title_size, self.title_color, "midtop", True)
        else:  # right or wrong: a tick or a cross before the title, the two centred together
            tick, gap = theme.tick_size(title_size, True)
            title_w = theme.font(title_size, True).size(self.title)[0]
            left = w / 2 - (tick + gap + title_w) / 2
            drawn = theme.draw_text(surface, self.title, (left + tick + gap, y), title_size, self.title_color,
                                    "topleft", True)
            theme.draw_verdict(surface, pygame.Rect(round(left), drawn.centery - tick // 2, tick, tick),
                               self.verdict)
        y += 60 * s
        for line in wrapped:
            theme.draw_text(surface, line, (w / 2, y), size, theme.INK_DIM, "midtop")
            y += line_h
        self.menu.draw(surface, w / 2, y + 16 * s, s)


class PauseScene(Scene):
    """Resume, save, restart, rules, quit to the game list: over the game it paused."""

    opaque = False
    moves_by_itself = False

    def __init__(self, app, game: Any, note: str = "") -> None:
        super().__init__(app)
        self.game = game  # the game scene this menu paused
        self.note = note  # why the game was paused, when it was not the player's choice
        self.menu = Menu([
            LiveItem(N_("Resume"), self.resume),
            LiveItem(N_("Save game"), self.save_game),
            LiveItem(N_("Restart"), self.restart),
            LiveItem(N_("How to play"), self.howto),
            *([LiveItem(N_("Lessons"), self.lessons)] if lessons.load(game.game_id) is not None else []),
            LiveItem(N_("Volume: {percent}%"), self.louder, percent=self.percent),
            #: the side panel's legend, notation and whole move list: reached by every device
            LiveItem(self.details_words(), self.toggle_details),
            LiveItem(N_("Quit to menu"), self.quit_to_menu),
        ])
        if getattr(game, "online", None) is not None:
            # the server keeps an online game, and nobody starts it again from here
            self.menu.items = [item for item in self.menu.items
                               if item.on_choose not in (self.save_game, self.restart)]
        if getattr(game, "finished", None) is not None:
            # the game finished before this one (a rematch came after it) is still there
            # to review and to save, until the player leaves this game
            self.menu.items[2:2] = [LiveItem(N_("Review the last game"), self.review_last),
                                    LiveItem(N_("Save the last game"), self.save_last)]
        if getattr(app.settings, "scanning", False):
            # one switch has no key of its own for these: the menu, a long press away, has them
            hint = [LiveItem(N_("Hint"), self.hint)] if getattr(game, "hints_allowed", False) else []
            self.menu.items[1:1] = [LiveItem(N_("Undo"), self.take_back), *hint]

    def take_back(self) -> None:
        self.app.stack.pop()
        self.game.undo()

    def hint(self) -> None:
        """The hint's search runs, the scan resting, and the cursor comes to its move."""
        self.app.stack.pop()
        self.game.ask_hint()

    def resume(self) -> None:
        self.app.stack.pop()

    def restart(self) -> None:
        """Asked first, "No" chosen: one Enter must not wipe a game and its autosave."""
        def really() -> None:
            if self.app.stack.top is self:
                self.app.stack.pop()
            self.game.restart()
        self.app.stack.push(AskScene(
            self.app, _("Restart this game?"),
            [_("The moves so far are lost, and so is this game's autosave.")],
            [(_("Yes, start again"), really), (_("No, keep playing"), lambda: None)], index=1))

    def save_game(self) -> None:
        self.note = ""
        self.app.nav.save_as(self.game.record(), self.saved)

    def saved(self, name: str) -> None:
        self.note = _("Saved as '{name}'. Load it from the title screen.").format(name=name)

    def review_last(self) -> None:
        self.app.nav.review(self.game.finished)

    def save_last(self) -> None:
        self.note = ""
        self.app.nav.save_as(self.game.finished, self.saved)

    def percent(self) -> int:
        return round(self.app.settings.volume * 100)

    def set_volume(self, volume: float) -> None:
        """The volume, heard at once and kept in the settings (the title's Settings has it too)."""
        self.app.settings.volume = round(min(1.0, max(0.0, volume)), 2)
        self.app.audio.set_volume(self.app.settings.volume)
        self.app.audio.play("place")
        self.app.save_settings()

    def louder(self) -> None:
        """Enter, A or a click: a step louder, and from the loudest back to silence (one button
        reaches every step)."""
        volume = self.app.settings.volume
        self.set_volume(0.0 if volume >= 1.0 else volume + 0.1)

    def howto(self) -> None:
        self.app.nav.howto(self.game.game_id)

    def details_words(self) -> str:
        return N_("Hide details") if self.app.settings.panel_details else N_("Show details")

    def toggle_details(self) -> None:
        """The game's panel with its legend, notation and whole move list, or without: the
        item says what it will do next."""
        self.game.toggle_details()
        for item in self.menu.items:
            if getattr(item, "on_choose", None) == self.toggle_details:
                item.label = self.details_words()

    def lessons(self) -> None:
        self.app.nav.lessons(self.game.game_id)

    def quit_to_menu(self) -> None:
        self.app.nav.leave_game(self.game)

    def phone_buttons(self, device: str) -> dict[str, str]:
        """A phone may only close the pause menu (saves and files are not a phone's)."""
        return {MENU: pgettext("phone button", "Resume")}

    def handle(self, action: Action) -> None:
        if action.name in (MENU, BACK) and not action.is_pointer:
            self.resume()
            return
        volume = getattr(self.menu.items[self.menu.index], "on_choose", None) == self.louder
        if action.name in (LEFT, RIGHT) and not action.is_pointer and volume:
            self.set_volume(self.app.settings.volume + (0.1 if action.name == RIGHT else -0.1))
            return
        self.menu.handle(action)


    def draw(self, surface: pygame.Surface) -> None:
        present.dim(surface)
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        note = theme.wrap(self.note, int(26 * s), int(min(w - 80 * s, 700 * s))) if self.note else []
        menu_h = self.menu.height(s)
        box = pygame.Rect(0, 0, int(min(w - 40 * s, 760 * s)),
                          int(110 * s + len(note) * theme.step(int(26 * s), 30 * s) + menu_h + 30 * s))
        box.center = (w // 2, h // 2)
        present.panel(surface, box, s)
        theme.draw_text(surface, _("Paused"), (w / 2, box.y + 18 * s), int(64 * s), theme.INK, "midtop", True)
        y = box.y + 92 * s
        for line in note:
            theme.draw_text(surface, line, (w / 2, y), int(26 * s), theme.ACCENT, "midtop")
            y += theme.step(int(26 * s), 30 * s)
        self.menu.draw(surface, w / 2, y + 10 * s, s)


#: the end card's item that draws the game as an animated picture
EXPORT = N_("Export as animation")


class ResultScene(Scene):
    """The end-of-game card (who won, by how much, why, the numbers), then rematch, a
    review or a save of the game, the game list, or a look at the final board.

    The card comes by itself when the last move has played out, often while the player
    is still pressing the key that made that move: for its first second it takes no
    press. Its focus starts on the way on (``way_on``): the rematch, or on the ladder the
    rung to play now; online, where a rematch is not offered, the menu. A rematch loses
    nothing: the finished game stays in the pause menu as "the last game", to review or
    save."""

    opaque = False
    moves_by_itself = False
    input_guard = 1.0

    def __init__(self, app, game: Any, card: EndCard) -> None:
        super().__init__(app)
        self.game = game
        self.card = card
        again = LiveItem(N_("Rematch"), self.rematch)
        #: its label says how far an export is while the game is drawn (the card keeps its size)
        self.export_item = LiveItem(EXPORT, self.export_picture)
        if getattr(game, "ladder", None) is not None:  # a ladder game: on to the rung to beat now
            again = LiveItem(N_("Ladder: play {level}"), self.rematch,
                             level=lambda: level_name(ladder.of(game.game_id).rung))
        self.menu = Menu([again, LiveItem(N_("Review the game"), self.review),
                          LiveItem(N_("Save the game"), self.save_game),
                          self.export_item,
                          LiveItem(N_("Menu"), self.to_menu), LiveItem(N_("Look at the board"), self.look)],
                         size=32)
        if getattr(game, "online", None) is not None:
            # a rematch online asks the opponent (a seat's, not a spectator's); a game whose dice
            # did not check out has no seed to review or save it by, and a game the server ended
            # (on time, abandoned) is no finished game of the rules to review
            ended = game.online.ended
            checked = ended is not None and ended.check == "" and getattr(ended, "reason", None) is None
            self.menu.items = [item for item in self.menu.items if (
                item is again and not game.online.spectator) or (item is not again and (
                    checked or item.on_choose in (self.to_menu, self.look)))]
        self.menu.index = self.way_on()
        #: a person won (or nobody says otherwise): the card celebrates, its score counts up
        self.celebrate = self.a_person_won()
        self.t = 0.0
        self.sparks = Particles(seed=7)
        self.burst_pending = self.celebrate  # the sparks fly from the card once it is drawn
        # the result appears with a fanfare, or with the sound of a turn gone wrong
        app.audio.play("win" if self.celebrate or game is None else "bust")
        #: the game being drawn as an animated picture, a few frames each update
        self.exporting: picture.Export | None = None
        self.box = pygame.Rect(0, 0, 0, 0)  # the card, as last drawn

    @property
    def keeps_under(self) -> bool:
        """The game under the card stands still (it is not updated while covered): the app
        keeps its picture, dimmed (``draw_backdrop``), while the card celebrates. Online,
        the card follows the server under it (an opponent's rematch offer), so the game is
        drawn each time."""
        return getattr(self.game, "online", None) is None

    def under_key(self) -> tuple:
        """What the game under the card shows depends on (a benchmark plays moves into a
        covered game)."""
        game = self.game
        return () if game is None else (id(game.state), len(game.history), game.queue.busy)

    def way_on(self) -> int:
        """The item the focus starts on: what a player usually wants after a game, another
        one (Rematch, or the ladder's next rung); else the menu, to choose one. The review
        stays one step down."""
        chosen = [getattr(item, "on_choose", None) for item in self.menu.items]
        for way in (self.rematch, self.to_menu):
            if way in chosen:
                return chosen.index(way)
        return 0

    #: how long the card celebrates: the score counts up, and sparks fly for a winner
    CELEBRATION = 1.2

    def a_person_won(self) -> bool:
        game = self.game
        if game is None:
            return True
        outcome = game.rules.outcome(game.state)
        if outcome is None or outcome.winner not in game.seats:
            return False  # a draw
        return not game.seats[outcome.winner].is_ai

    def update(self, dt: float) -> None:
        if getattr(self.game, "online", None) is not None:
            self.game.follow_online()  # the opponent's rematch offer is asked over the card
            if self.app.stack.top is not self:
                return
        self.t += dt
        self.sparks.update(dt)
        if self.exporting is not None and not self.exporting.done:
            if self.exporting.step(picture.STEP_SECONDS):
                self.exported()

    def next_change(self) -> float:
        if self.app.motion() and (self.t < self.CELEBRATION or self.sparks.alive):
            return 0.0
        if self.exporting is not None and not self.exporting.done:
            return 0.0
        return super().next_change()

    def closed(self) -> None:
        if self.exporting is not None:
            self.exporting.cancel()

    def counted(self) -> EndCard:
        """The card as shown now: while it celebrates, the numbers of its last row (the final
        score) count up to their values."""
        k = min(1.0, self.t / (self.CELEBRATION * 0.7)) if self.app.motion() else 1.0
        if k >= 1.0 or not self.card.table:
            return self.card
        last = self.card.table[-1]
        eased = 1 - (1 - k) ** 3
        shown = [last[0]] + [str(round(int(v) * eased)) if v.lstrip("-").isdigit() else v for v in last[1:]]
        return replace(self.card, table=[*self.card.table[:-1], shown])

    # the card's parts, by the names the screens have always used
    @property
    def headline(self) -> str:
        return self.card.headline

    @property
    def table(self) -> list[list[str]]:
        return self.card.table

    @property
    def notes(self) -> list[str]:
        return self.card.reasons

    def rematch(self) -> None:
        self.app.stack.pop()
        self.game.rematch()

    def to_menu(self) -> None:
        self.app.nav.leave_game(self.game)

    def review(self) -> None:
        """The finished game again, move by move, with what the computer thought of each."""
        self.app.nav.review(self.game.record())

    def save_game(self) -> None:
        self.app.nav.save_as(self.game.record(), self.saved)

    def saved(self, name: str) -> None:
        line = _("Saved as '{name}'. Load it from the title screen.").format(name=name)
        if line not in self.card.reasons:
            self.card.reasons.append(line)

    def export_picture(self) -> None:
        """The finished game as an animated picture in the user folder, to share: the item
        says how far it is, then a question's panel where the file went (or why not)."""
        if self.game is None or (self.exporting is not None and not self.exporting.done):
            return
        job = self.exporting = picture.Export(self.app, self.game.record())
        self.export_item.message = N_("Exporting the animation... {percent}%")
        self.export_item.values = {"percent": lambda: round(100 * job.progress)}

    def exported(self) -> None:
        assert self.exporting is not None
        self.export_item.message, self.export_item.values = EXPORT, {}
        line, bad = self.exporting.said()
        title = _("Not exported") if bad else _("Exported")
        self.app.stack.push(AskScene(self.app, title, [line], [(_("OK"), lambda: None)],
                                     title_color=theme.BAD if bad else theme.GOOD))

    def look(self) -> None:
        self.app.stack.pop()

    def phone_buttons(self, device: str) -> dict[str, str]:
        """A phone may ask for a rematch (its A), or look at the board (its B); reviewing
        and saving are the screen's own keys'."""
        if device not in {seat.device for seat in self.game.seats.values()} and not any(
                seat.device is None for seat in self.game.seats.values()):
            return {}
        return {CONFIRM: str(self.menu.items[0].label), BACK: pgettext("phone button", "Look at the board")}

    def handle(self, action: Action) -> None:
        if action.device.startswith("phone"):
            if action.name == CONFIRM:
                self.rematch()
            elif action.name == BACK:
                self.look()
            return
        if action.name == BACK and not action.is_pointer:
            self.look()
            return
        self.menu.handle(action)


    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        self.draw_front(surface)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """What the card puts over the game before itself, still while it stays: the app
        keeps it with the game's picture (``keeps_under``)."""
        present.dim(surface, 190)

    def draw_front(self, surface: pygame.Surface) -> None:
        """The card itself, its menu and its sparks."""
        s = theme.scale_of(surface)
        menu_h = self.menu.height(s)
        box, top = present.end_card(surface, self.counted(), s, menu_h)
        # a card with many lines (a table of five rows, a save's and the hints' lines) leaves
        # its menu less room than it asked for: the menu is set smaller, never off the card
        k = max(0.5, min(1.0, (box.bottom - 12 * s - top) / max(1, menu_h)))
        self.box = box
        if self.burst_pending and self.app.motion():
            self.burst_pending = False  # sparks from the card's top edge, in the winner's colour and gold
            for k in range(5):
                x = box.x + box.width * (k + 0.5) / 5
                self.sparks.burst((x, box.y), self.card.accent if k % 2 else theme.ACCENT, s, count=16,
                                  speed=260.0, life=1.1)
        self.sparks.draw(surface)
        self.menu.draw(surface, surface.get_width() / 2, top, s * k)
