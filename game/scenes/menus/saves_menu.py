"""Load a saved game: the list of saves by name, and what to do with the one chosen.

The list shows each save's name, game, level, number of moves and date, newest
first; Up/Down (or the mouse wheel) scroll it, Enter or a click chooses. A save
that cannot be used (damaged, hand-edited, from a newer version) is listed with
the reason and left as it is on disk; the only thing to do with it is delete it.
A usable one can be continued (it becomes the game in progress, autosaved from
then on, like the title's Resume), replayed move by move, or deleted (after a
question). Reading the list never changes a file.
"""
from __future__ import annotations

import pygame

from ...i18n import N_, _, ngettext, pgettext
from ...persistence import bindings, saves
from ...ui import theme
from ...ui.actions import BACK, CONFIRM, DOWN, MENU, UP, Action
from ...ui.widgets import hit
from ..base import LiveButton, Scene, back_key, either
from ..hosts import picture
from .overlay import AskScene


class LoadScene(Scene):
    moves_by_itself = False

    ROW = 74  # row height at the design size

    def __init__(self, app) -> None:
        super().__init__(app)
        self.index = 0
        self.top = 0  # the first row shown
        self.message, self.message_bad = "", False
        #: a save being drawn as an animated picture (a few frames each update)
        self.exporting: picture.Export | None = None
        self.rows: list[tuple[int, pygame.Rect]] = []
        self.visible = 6
        self.back_button = LiveButton(N_("Back"), self.back)
        self.refresh()

    def refresh(self, keep: str | None = None) -> None:
        self.entries = saves.catalogue()
        names = [e.name for e in self.entries]
        if keep in names:
            self.index = names.index(keep)
        self.index = max(0, min(self.index, len(self.entries) - 1))
        self.scroll_to_selection()

    def say(self, text: str, bad: bool = False) -> None:
        self.message, self.message_bad = text, bad

    # -- choosing ----------------------------------------------------------------------
    def choose(self, i: int) -> None:
        if not 0 <= i < len(self.entries):
            return
        self.index = i
        entry = self.entries[i]
        # read it again: the file may have changed since the list was made
        record, problem = (saves.examine(entry.path) if entry.path.exists()
                           else (None, pgettext("save file", "gone")))
        if record is None:
            entry.record, entry.problem = None, problem
            self.app.stack.push(AskScene(
                self.app, entry.name,
                [_("This save cannot be used: {problem}.").format(problem=problem),
                 _("It is kept as it is; you may delete it.")],
                [(_("Back"), lambda: None), (_("Delete"), lambda: self.ask_delete(entry))],
                title_color=theme.BAD))
            return
        entry.record = record
        lines = [_("{game}  ·  {level}  ·  {moves}  ·  saved {date}").format(
            game=_(record.title), level=_(entry.level_title), moves=_moves(record), date=entry.date)]
        if entry.text:
            lines.append(_("A text record in the records folder."))
        answers = [(_("Continue playing"), lambda: self.continue_playing(record)),
                   (_("Replay"), lambda: self.replay(entry.name, record)),
                   (_("Review with the computer"), lambda: self.app.nav.review(record))]
        if not entry.text:
            answers.append((_("Export as text"), lambda: self.export(entry.name, record)))
        answers.append((_("Export as animation"), lambda: self.export_picture(entry.name, record)))
        answers += [(_("Delete"), lambda: self.ask_delete(entry)), (_("Back"), lambda: None)]
        self.app.stack.push(AskScene(self.app, entry.name, answers=answers, lines=lines))

    def export(self, name: str, record: saves.Record) -> None:
        """The save as a text record beside the others, to share (docs/files.md)."""
        try:
            path = saves.export_text(name, record)
        except (OSError, ValueError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc.__class__.__name__
            self.say(_("'{name}' could not be exported: {reason}.").format(name=name, reason=reason),
                     bad=True)
            return
        self.refresh(keep=name)
        self.say(_("Exported as {path}: copy it to share the game.").format(path=path.resolve()))

    def export_picture(self, name: str, record: saves.Record) -> None:
        """The save as an animated picture in the user folder, to share (docs/files.md);
        the list's message line says how far it is, then where it went."""
        if self.exporting is not None and not self.exporting.done:
            return
        self.exporting = picture.Export(self.app, record, name)
        self.say(*self.exporting.words())

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.exporting is not None and not self.exporting.done:
            self.exporting.step(picture.STEP_SECONDS)
            self.say(*self.exporting.words())

    def next_change(self) -> float:
        if self.exporting is not None and not self.exporting.done:
            return 0.0
        return super().next_change()

    def closed(self) -> None:
        if self.exporting is not None:
            self.exporting.cancel()

    def continue_playing(self, record: saves.Record) -> None:
        self.app.nav.replacing(record.game, lambda: self.app.nav.resume(record, _("Loaded: play on")),
                               _("Continue the loaded game"), record.seats, kept=record)

    def replay(self, name: str, record: saves.Record) -> None:
        self.app.nav.replay(record, name)

    def ask_delete(self, entry: saves.SaveInfo) -> None:
        self.app.stack.push(AskScene(
            self.app, _("Delete?"), [_("Delete the save '{name}' for good?").format(name=entry.name)],
            [(_("Keep it"), lambda: None), (_("Delete it"), lambda: self.delete(entry))],
            title_color=theme.BAD))

    def delete(self, entry: saves.SaveInfo) -> None:
        try:
            entry.path.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            reason = exc.strerror or exc
            self.say(_("'{name}' could not be deleted: {reason}.").format(name=entry.name, reason=reason),
                     bad=True)
            return
        self.refresh()
        self.say(_("Deleted '{name}'.").format(name=entry.name))

    def back(self) -> None:
        self.app.stack.pop()

    def scan_next(self, device: str) -> None:
        """Scanning: down the saves, from the last back to the first."""
        if self.entries:
            self.index = (self.index + 1) % len(self.entries)
            self.scroll_to_selection()

    # -- scrolling ---------------------------------------------------------------------
    def scroll_to_selection(self) -> None:
        if self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + self.visible:
            self.top = self.index - self.visible + 1
        self.clamp_top()

    def clamp_top(self) -> None:
        self.top = max(0, min(self.top, len(self.entries) - self.visible))

    def handle(self, action: Action) -> None:
        if action.pos is not None:
            if self.back_button.handle(action):
                return
            k = hit([rect for _i, rect in self.rows], action.pos)
            if k is not None:
                self.index = i = self.rows[k][0]
                if action.name == CONFIRM:
                    self.choose(i)
            return
        if action.name in (UP, DOWN):
            delta = -1 if action.name == UP else 1
            if action.device == "mouse":  # the wheel scrolls the list; the pointer chooses
                self.top += delta
                self.clamp_top()
            elif self.entries:
                self.index = max(0, min(len(self.entries) - 1, self.index + delta))
                self.scroll_to_selection()
            self.message = ""
        elif action.name == CONFIRM:
            self.choose(self.index)
        elif action.name in (BACK, MENU):
            self.back()

    # -- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h, s = theme.begin_screen(surface, _("Saved games"))
        # two lines a row: the font's own heights where the window is small (14 px at least)
        second = theme.step(int(32 * s), 32 * s)
        row_h = int(max(self.ROW * s, 8 * s + second + theme.step(int(24 * s), 24 * s) + 14 * s))
        top = int(100 * s)
        bottom = h - int(90 * s)
        self.visible = max(1, (bottom - top) // row_h)
        self.clamp_top()
        width = int(min(w - 80 * s, 1000 * s))
        left = w // 2 - width // 2
        self.rows = []
        if not self.entries:
            self.draw_empty(surface, w, h, s)
        for row, i in enumerate(range(self.top, min(len(self.entries), self.top + self.visible))):
            entry = self.entries[i]
            rect = pygame.Rect(left, top + row * row_h, width, row_h - int(10 * s))
            selected = i == self.index
            pygame.draw.rect(surface, theme.BG_PANEL_HI if selected else theme.BG_PANEL, rect,
                             border_radius=int(10 * s))
            if selected:
                pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=int(10 * s))
            x, y = rect.x + 20 * s, rect.y + 8 * s
            name_ink = (theme.ACCENT if selected else theme.INK) if entry.usable else theme.INK_FAINT
            label = _("{name} (text)").format(name=entry.name) if entry.text else entry.name
            name = theme.ellipsized(label, int(32 * s), rect.width - int(230 * s), bold=True)
            theme.draw_text(surface, name, (x, y), int(32 * s), name_ink, bold=True)
            theme.draw_text(surface, entry.date, (rect.right - 20 * s, y + 4 * s), int(24 * s),
                            theme.INK_DIM, "topright")
            if entry.record is not None:
                r = entry.record
                about = _("{game}  ·  {level}  ·  {moves}").format(
                    game=_(r.title), level=_(entry.level_title), moves=_moves(r))
                theme.draw_text(surface, about, (x, y + second), int(24 * s), theme.INK_DIM)
            else:
                text = theme.ellipsized(_("Unusable: {problem}").format(problem=entry.problem), int(24 * s),
                           rect.width - int(40 * s))
                theme.draw_text(surface, text, (x, y + second), int(24 * s), theme.BAD)
            self.rows.append((i, rect))
        n = len(self.entries)
        if n > self.visible:  # where the view is in the list
            track = pygame.Rect(left + width + int(14 * s), top, int(6 * s),
                                self.visible * row_h - int(10 * s))
            pygame.draw.rect(surface, theme.BG_PANEL, track, border_radius=3)
            thumb = track.copy()
            thumb.height = max(int(20 * s), track.height * self.visible // n)
            thumb.y = track.y + (track.height - thumb.height) * self.top // max(1, n - self.visible)
            pygame.draw.rect(surface, theme.INK_DIM, thumb, border_radius=3)
            more = _("{first}-{last} of {total}").format(first=self.top + 1,
                                                          last=min(n, self.top + self.visible), total=n)
            theme.draw_text(surface, more, (left + width, top - 8 * s), int(20 * s), theme.INK_FAINT,
                            "bottomright")
        back = pygame.Rect(0, 0, int(140 * s), int(40 * s))
        back.bottomleft = (left, h - int(44 * s))
        self.back_button.draw(surface, back, int(26 * s))
        g = self.app.glyphs()
        keys = {"up_down": either(g, UP, DOWN), "confirm": g[CONFIRM],
                "back": back_key(g, self.app.last_device)}
        if not self.entries:  # nothing to scroll or open: only the way back
            hint = _("{back}: back").format(**keys)
        elif self.app.last_device.startswith("pad"):
            hint = _("{up_down}: choose   {confirm}: open   {back}: back").format(**keys)
        else:
            hint = _("{up_down} or wheel: scroll   {confirm} or click: open   {back}: back").format(**keys)
        if not self.message:
            theme.draw_text(surface, hint, (w / 2, h - 26 * s), int(24 * s), theme.INK_FAINT, "center")
            return
        # a message may name a file by its whole path: on two lines where one is too few
        lines = theme.wrap(self.message, int(24 * s), int(w - 40 * s))[:2]
        step = theme.step(int(24 * s), 26 * s)
        for k, line in enumerate(lines):
            y = h - 26 * s - (len(lines) - 1 - k) * step
            theme.draw_text(surface, theme.ellipsized(line, int(24 * s), int(w - 40 * s)), (w / 2, y),
                            int(24 * s), theme.BAD if self.message_bad else theme.GOOD, "center")


    def draw_empty(self, surface: pygame.Surface, w: int, h: int, s: float) -> None:
        """No saves: how a game gets one, in the player's keys, and that the game in
        progress is kept without one."""
        theme.draw_text(surface, _("No saved games yet."), (w / 2, h * 0.3), int(40 * s), theme.INK_DIM,
                        "center")
        # the items' names as their menus say them, each kept whole on its line
        lines = [_("To keep a game under a name: in the game, {key} (or {button}) opens the menu; "
                   "choose “{item}”. The end of a game offers “{end_item}” too.").format(
                       key=bindings.key_glyphs()[MENU], button=bindings.button_glyphs()[MENU],
                       item=_("Save game").replace(" ", "\u00a0"),
                       end_item=_("Save the game").replace(" ", "\u00a0")),
                 _("The game you are playing is kept by itself after every move: "
                   "the title screen's Resume goes on with it.")]
        size, room = int(26 * s), int(min(w - 80 * s, 900 * s))
        y = h * 0.3 + 50 * s
        for k, text in enumerate(lines):
            for line in theme.wrap(text, size, room):
                theme.draw_text(surface, line, (w / 2, y), size, theme.INK if k == 0 else theme.INK_DIM,
                                "midtop")
                y += theme.step(size, 32 * s)
            y += 14 * s


def _moves(record: saves.Record) -> str:
    n = record.move_number()  # as the move list counts them: turns
    return ngettext("{n} move", "{n} moves", n).format(n=n)
