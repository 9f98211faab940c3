"""Save a game by name: a small form over the paused game.

The name starts as a suggestion (the game and the date, like ``GAUSS 2026-11-21
14h03``) shown selected: typing replaces it, Backspace clears it, Left/Right/End
keep it and move to its end to edit. Enter (or A on a pad, or the Save button)
saves, Esc (B, Cancel) goes back; a gamepad player just presses A.

Only letters, digits, spaces, ``-`` and ``_`` can be typed (names are file names).
A name that is taken asks "Replace?": replace it, keep both (the new one gets a
free name like ``Friday 2``), or change the name. A save that cannot be written
(disk full, read-only folder) says so here; the game goes on either way.

The keyboard sends a letter twice, as a key (``w`` is also "up") and as text: the
form reads typed text from TEXT actions only, and from keys only Enter,
Backspace, Escape and the cursor keys.
"""
from __future__ import annotations

import errno
from collections.abc import Callable

import pygame

from ...content import levels
from ...i18n import N_, _, ngettext
from ...persistence import saves
from ...ui import present, theme
from ...ui.actions import ALTERNATE, BACK, CONFIRM, MENU, POINT, TEXT, Action
from ...ui.present import dim, panel
from ..base import LiveButton, Scene, start_typing
from .overlay import AskScene

ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
KEEP_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_END, pygame.K_HOME)


def why_not_saved(exc: OSError) -> str:
    """An OSError as words for a player."""
    if exc.errno == errno.ENOSPC:
        return _("the disk is full")
    if exc.errno in (errno.EROFS,):
        return _("the save folder is read-only")
    if exc.errno in (errno.EACCES, errno.EPERM):
        return _("the save folder may not be written to")
    return exc.strerror or exc.__class__.__name__


class SaveNameScene(Scene):
    opaque = False
    wants_text = True  # the app sends this scene TEXT actions

    def __init__(self, app, record: saves.Record, on_saved: Callable[[str], None] | None = None) -> None:
        super().__init__(app)
        self.record = record
        self.on_saved = on_saved
        self.name = saves.default_name(record)
        self.fresh = True  # the suggestion is selected: typing replaces it
        self.ready = False  # text typed before the form's first frame belongs to the key that opened it
        self.message, self.message_bad = "", False
        self.message_until = 0.0  # a refusal stays on the form until then
        self.t = 0.0
        self.level_title = _level_title(record)
        self.buttons = {"save": LiveButton(N_("Save"), self.submit),
                        "cancel": LiveButton(N_("Cancel"), self.cancel)}

    @property
    def about(self) -> str:
        """The game being saved, in a line: its title, level and move."""
        return _("{game}  ·  {level}  ·  move {number}").format(
            game=_(self.record.title), level=_(self.level_title), number=self.record.move_number())

    def enter(self) -> None:
        start_typing()

    # -- editing ----------------------------------------------------------------------
    def say(self, text: str, bad: bool = True) -> None:
        self.message, self.message_bad = text, bad

    def type_text(self, text: str) -> None:
        if not self.ready or (self.fresh and not text.strip()):
            return  # the space that chose "Save game", or a space that would only replace the name
        if self.fresh:
            self.name, self.fresh = "", False
        refused = False
        for ch in text:
            if not saves.NAME_CHARS.fullmatch(ch):
                refused = True
                continue
            if len(self.name) >= saves.MAX_NAME:
                most = saves.MAX_NAME
                self.say(ngettext("A save name has at most {n} character.",
                                  "A save name has at most {n} characters.", most).format(n=most))
                return
            self.name += ch
        if refused:
            # it stays a while: cleared by the next key, a dropped character went unnoticed
            self.say(_("Only letters, digits, spaces, - and _ can be in a save name."))
            self.message_until = self.t + 4.0
        elif self.t >= self.message_until:
            self.message = ""

    def backspace(self) -> None:
        self.name = "" if self.fresh else self.name[:-1]
        self.fresh = False
        if self.t >= self.message_until:
            self.message = ""

    # -- saving ------------------------------------------------------------------------
    def submit(self) -> None:
        try:
            name = saves.safe_name(self.name)
        except ValueError as exc:  # its message is marked where it is raised (saves.safe_name)
            self.say(_(str(exc)))
            return
        taken = saves.find(name)
        if taken is None:
            self.write(name)
            return
        other = saves.unique_name(name)
        self.app.stack.push(AskScene(
            self.app, _("Replace?"), [_("There is already a save called '{name}'.").format(name=taken)],
            [(_("Replace it"), lambda: self.write(taken)),
             (_("Keep both: save as '{name}'").format(name=other), lambda: self.write(other)),
             (_("Change the name"), self.edit)], title_color=theme.ACCENT))

    def edit(self) -> None:
        self.fresh = False

    def write(self, name: str) -> None:
        try:
            saves.save_as(name, self.record)
        except (OSError, ValueError) as exc:
            reason = why_not_saved(exc) if isinstance(exc, OSError) else _(str(exc))
            self.say(_("Could not save: {reason}. Nothing was lost: the game goes on.").format(reason=reason))
            return
        if self.app.stack.top is self:
            self.app.stack.pop()
        if self.on_saved:
            self.on_saved(name)

    # scanning: the name suggested is taken as it is (typing needs more than one switch)
    def scan_choose(self, device: str) -> None:
        self.submit()

    def scan_back(self, device: str) -> None:
        self.cancel()

    def cancel(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    # -- input and time ----------------------------------------------------------------
    def handle(self, action: Action) -> None:
        if action.name == TEXT:
            self.type_text(action.text or "")
        elif action.pos is not None:
            for button in self.buttons.values():
                if button.handle(action):
                    return
        elif action.device == "keyboard":
            if action.key in ENTER_KEYS:
                self.submit()
            elif action.key == pygame.K_BACKSPACE:
                self.backspace()
            elif action.key == pygame.K_ESCAPE:
                self.cancel()
            elif action.key in KEEP_KEYS:
                self.fresh = False
            # other keys arrive as text too (or mean nothing here): w, a, s, d, p, space...
        elif action.name == CONFIRM:  # a gamepad
            self.submit()
        elif action.name in (BACK, MENU):
            self.cancel()
        elif action.name == ALTERNATE:
            self.backspace()
        elif action.name == POINT:
            pass

    def update(self, dt: float) -> None:
        self.t += dt
        self.ready = True

    def next_change(self) -> float:
        return 0.5 - (self.t % 0.5)  # the text cursor blinks

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 150)
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        box = pygame.Rect(0, 0, int(min(w - 60 * s, 820 * s)), int(330 * s))
        box.center = (w // 2, h // 2)
        panel(surface, box, s)
        theme.draw_text(surface, _("Save game"), (w / 2, box.y + 22 * s), int(48 * s), theme.INK, "midtop",
                        True)
        theme.draw_text(surface, self.about, (w / 2, box.y + 70 * s), int(26 * s), theme.INK_DIM, "midtop")
        field = pygame.Rect(box.x + int(40 * s), box.y + int(112 * s), box.width - int(80 * s), int(60 * s))
        pygame.draw.rect(surface, theme.BG, field, border_radius=int(8 * s))
        pygame.draw.rect(surface, theme.ACCENT, field, 2, border_radius=int(8 * s))
        size = int(38 * s)
        x, cy = field.x + int(16 * s), field.centery
        if self.name:
            img = theme.text_surface(self.name, size, theme.INK)
            rect = img.get_rect(midleft=(x, cy))
            if self.fresh:  # selected: the next key replaces it
                pygame.draw.rect(surface, (70, 62, 30), rect.inflate(int(8 * s), int(6 * s)))
            surface.blit(img, rect)
            x = rect.right
        else:
            theme.draw_text(surface, _("type a name"), (x, cy), size, theme.INK_FAINT, "midleft")
        if int(self.t * 2) % 2 == 0 and not self.fresh:
            pygame.draw.line(surface, theme.ACCENT, (x + 3 * s, cy - 16 * s), (x + 3 * s, cy + 16 * s),
                             max(2, int(2 * s)))
        if self.message:
            theme.draw_text(surface, self.message, (w / 2, field.bottom + 14 * s), int(24 * s),
                            theme.BAD if self.message_bad else theme.GOOD, "midtop")
        bw, bh = int(180 * s), int(46 * s)
        for k, key in enumerate(("save", "cancel")):
            rect = pygame.Rect(0, 0, bw, bh)
            rect.center = (int(w / 2 + (k - 0.5) * (bw + 30 * s)), int(box.bottom - 80 * s))
            self.buttons[key].draw(surface, rect, int(30 * s), active=key == "save")
        if self.app.last_device.startswith("pad"):
            hint = _("A: save with this name   X: delete a letter   B: cancel")
        else:
            hint = _("Type a name   Enter: save   Backspace: delete   Esc: cancel")
        # a line's height above the box's foot: at 800x600 the 14 px floor made the words taller
        # than the design's room, and they sat on the box's edge
        present.parts_line(surface, (w / 2, box.bottom - 16 * s - theme.step(int(22 * s), 24 * s)), hint,
                           int(22 * s), box.width - 40 * s, theme.INK_FAINT, "midtop")


def _level_title(record: saves.Record) -> str:
    try:
        return str(levels.load(record.game, record.level, strict=True).get("title", record.level))
    except Exception:  # only a label: never let it stop the form
        return record.level
