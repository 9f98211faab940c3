"""Settings → Controls: every action with its keys and its pad buttons, each changed by
pressing the new one, removed, or all put back to the defaults. Saved at once.

A row per action (Up ... Details): its keys, then its pad buttons, each in a box, and an
empty box ("+") while it has room for one more. Choosing a box waits for the new key or
button, for :data:`WAIT_SECONDS`; the key or button that chose the box, pressed again,
or a click, cancels (Esc cannot: Esc is a key like any other here). A key another action
has is refused, naming that action: a press never changes its meaning unseen. An action
never loses its last key (nor its last pad button, where it has one by default).

Keys only, the mouse only (a click chooses a box, a right click removes its key; the
mouse itself is never bound) and a pad only all work: the screen reads the actions, as
the player's bindings turn them out, and the raw key (``Action.key``) or pad button
(``Action.button``) of the press it waits for.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ...i18n import _, pgettext
from ...persistence import bindings
from ...ui import theme
from ...ui.actions import ALTERNATE, BACK, CONFIRM, DOWN, LEFT, MENU, POINT, RIGHT, UP, Action
from ...ui.keys import name_of
from ..base import Scene, back_key

#: how long the screen waits for the new key or button
WAIT_SECONDS = 8.0
#: the key or button that chose a box, pressed again this soon, is the key held down (its
#: repeats), not a second press: it neither cancels nor binds
HELD_SECONDS = 0.45
#: how long a message stays
MESSAGE_SECONDS = 6.0
KEY, BUTTON = "key", "button"


@dataclass
class Slot:
    """A box on a row: an action's key or pad button (``name``), or an empty one (None)
    that takes one more."""

    kind: str  # KEY or BUTTON
    name: str | None


@dataclass
class Waiting:
    """A box chosen: the screen waits for the new key or button."""

    action: str
    slot: Slot
    by: str  # what chose it: "key:<code>", "button:<name>" or "mouse"
    left: float = WAIT_SECONDS
    since: float = 0.0


class BindingsScene(Scene):
    moves_by_itself = False

    def __init__(self, app) -> None:
        super().__init__(app)
        self.row = 0
        self.col = 0
        self.waiting: Waiting | None = None
        self.message = ""
        self.message_bad = False
        self.message_t = 0.0
        self.rects: dict[tuple[int, int], pygame.Rect] = {}
        self.t = 0.0  # seconds on the screen

    # -- what the rows hold --------------------------------------------------------------
    @property
    def rows(self) -> tuple[str, ...]:
        return (*bindings.ACTIONS, "end")

    def slots(self, row: int) -> list[Slot]:
        """The boxes of a row: the action's keys (and an empty one while it has room), then
        its pad buttons (likewise); the last row: Reset to defaults, Back."""
        action = self.rows[row]
        if action == "end":
            return [Slot("reset", None), Slot("back", None)]
        keys, buttons = bindings.keys()[action], bindings.buttons()[action]
        found = [Slot(KEY, k) for k in keys]
        if len(keys) < bindings.MOST_KEYS:
            found.append(Slot(KEY, None))
        found += [Slot(BUTTON, b) for b in buttons]
        if len(buttons) < bindings.MOST_BUTTONS:
            found.append(Slot(BUTTON, None))
        return found

    def focused(self) -> Slot:
        slots = self.slots(self.row)
        self.col = max(0, min(self.col, len(slots) - 1))
        return slots[self.col]

    # -- input ---------------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        if self.waiting is not None:
            self.listen(action)
            return
        if action.pos is not None:
            hit = next((at for at, rect in self.rects.items() if rect.collidepoint(action.pos)), None)
            if hit is None:
                return
            self.row, self.col = hit
            if action.name == CONFIRM:
                self.choose(action)
            elif action.name == ALTERNATE:
                self.remove()
            return
        if action.name in (UP, DOWN):
            self.row = (self.row + (1 if action.name == DOWN else -1)) % len(self.rows)
        elif action.name in (LEFT, RIGHT):
            step = 1 if action.name == RIGHT else -1
            self.col = max(0, min(len(self.slots(self.row)) - 1, self.col + step))
        elif action.name == CONFIRM:
            self.choose(action)
        elif action.name == ALTERNATE:
            self.remove()
        elif action.name in (BACK, MENU):
            self.app.stack.pop()

    def choose(self, action: Action) -> None:
        slot = self.focused()
        if slot.kind == "back":
            self.app.stack.pop()
        elif slot.kind == "reset":
            self.reset()
        else:
            if action.button is not None:
                by = f"button:{action.button}"
            elif action.key is not None:
                by = f"key:{action.key}"
            else:
                by = "mouse"
            self.waiting = Waiting(self.rows[self.row], slot, by, since=self.t)
            self.say("")

    def listen(self, action: Action) -> None:
        """A press while a box waits: the new key or button, or a cancel."""
        wait = self.waiting
        assert wait is not None
        if action.name == POINT:
            return
        if action.button is not None:
            pressed, kind = f"button:{action.button}", BUTTON
        elif action.key is not None and action.device == "keyboard":
            pressed, kind = f"key:{action.key}", KEY
        else:  # the mouse (a click, the wheel): never bound, always a way out
            self.cancel(_("Not changed."))
            return
        if pressed == wait.by:
            if self.t - wait.since >= HELD_SECONDS:
                self.cancel(_("Not changed."))
            return
        if kind != wait.slot.kind:
            self.cancel(_("Not changed: that box takes a key.") if wait.slot.kind == KEY
                        else _("Not changed: that box takes a pad button."))
            return
        name = action.button if kind == BUTTON else name_of(action.key)
        if name is None:
            self.refuse(_("That key cannot be given an action: press another."))
            return
        table = bindings.keys() if kind == KEY else bindings.buttons()
        most = bindings.MOST_KEYS if kind == KEY else bindings.MOST_BUTTONS
        try:
            changed = bindings.bound(table, wait.action, name, wait.slot.name, most)
        except bindings.Refused as no:
            if no.reason == "taken" and no.other is not None:
                taken = _("{key} already does “{action}”: press another, or remove it there first.")
                self.refuse(taken.format(key=self.label(kind, name), action=bindings.action_label(no.other)))
            elif no.reason == "reserved":
                self.refuse(_("{key} switches fullscreen: press another.").format(key=self.label(kind, name)))
            else:
                self.cancel(_("Not changed."))
            return
        self.waiting = None
        self.keep(kind, changed)
        action_name = bindings.action_label(wait.action)
        if wait.slot.name is None or wait.slot.name == name:
            self.say(_("{key} now does “{action}”.").format(key=self.label(kind, name), action=action_name))
        else:
            self.say(_("{key} now does “{action}”, in the place of {old}.").format(
                key=self.label(kind, name), action=action_name, old=self.label(kind, wait.slot.name)))

    def remove(self) -> None:
        slot = self.focused()
        action = self.rows[self.row]
        if slot.kind not in (KEY, BUTTON) or slot.name is None:
            return
        table = bindings.keys() if slot.kind == KEY else bindings.buttons()
        defaults = bindings.DEFAULT_KEYS if slot.kind == KEY else bindings.DEFAULT_BUTTONS
        try:
            changed = bindings.unbound(table, action, slot.name, defaults)
        except bindings.Refused:
            needs = (_("“{action}” needs a key: give it another first, then remove this one.")
                     if slot.kind == KEY
                     else _("“{action}” needs a pad button: give it another first, then remove this one."))
            self.say(needs.format(action=bindings.action_label(action)), bad=True)
            return
        self.keep(slot.kind, changed)
        self.say(_("{key} no longer does “{action}”.").format(key=self.label(slot.kind, slot.name),
                                                             action=bindings.action_label(action)))

    def reset(self) -> None:
        st = self.app.settings
        st.keys, st.pad_buttons = {}, {}
        bindings.use(st.keys, st.pad_buttons)
        self.app.save_settings()
        self.say(_("Every key and pad button is back to its default."))

    def keep(self, kind: str, table: dict[str, tuple[str, ...]]) -> None:
        """The bindings in force from now on, and saved: the settings keep only what differs."""
        st = self.app.settings
        if kind == KEY:
            st.keys = bindings.changes(table, bindings.DEFAULT_KEYS)
        else:
            st.pad_buttons = bindings.changes(table, bindings.DEFAULT_BUTTONS)
        bindings.use(st.keys, st.pad_buttons)
        self.app.save_settings()

    def cancel(self, why: str) -> None:
        self.waiting = None
        self.say(why)

    def refuse(self, why: str) -> None:
        """A press that cannot be bound: said, and the box waits on for another."""
        if self.waiting is not None:
            self.waiting.left = WAIT_SECONDS
        self.say(why, bad=True)

    def say(self, text: str, bad: bool = False) -> None:
        self.message, self.message_bad, self.message_t = text, bad, MESSAGE_SECONDS if text else 0.0

    # -- time ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.t += dt
        if self.waiting is not None:
            self.waiting.left -= dt
            if self.waiting.left <= 0:
                self.cancel(_("Nothing was pressed: not changed."))
        if self.message_t > 0:
            self.message_t = max(0.0, self.message_t - dt)
            if self.message_t == 0:
                self.message = ""

    def next_change(self) -> float:
        if self.waiting is not None:  # the countdown shows whole seconds
            return max(0.02, self.waiting.left - math.floor(self.waiting.left))
        return self.message_t if self.message_t > 0 else math.inf

    # -- words ---------------------------------------------------------------------------
    @staticmethod
    def label(kind: str, name: str) -> str:
        return bindings.key_label(name) if kind == KEY else bindings.button_label(name)

    def slot_label(self, slot: Slot) -> str:
        if slot.kind == "reset":
            return _("Reset to defaults")
        if slot.kind == "back":
            return _("Back")
        if slot.name is None:
            return "+"
        return self.label(slot.kind, slot.name)

    def prompt(self) -> str:
        """The line of keys under the rows: what a press does now, in the glyphs of the
        device used last."""
        g = self.app.glyphs()
        wait = self.waiting
        if wait is not None:
            seconds = math.ceil(max(0.0, wait.left))
            again = (_("a click") if wait.by == "mouse"
                     else self.label(KEY, name_of(int(wait.by[4:])) or "") if wait.by.startswith("key:")
                     else bindings.button_label(wait.by.split(":", 1)[1]))
            what = (_("Press the new key for “{action}”") if wait.slot.kind == KEY
                    else _("Press the new pad button for “{action}”"))
            what = what.format(action=bindings.action_label(wait.action))
            return _("{what}   {again} or a click: cancel   ({seconds} s)").format(
                what=what, again=again, seconds=seconds)
        if self.app.last_device == "mouse":
            return _("Click a box: change it   Right-click: remove it")
        return _("{confirm}: change   {alternate}: remove   {back}: back   (saved at once)").format(
            confirm=g.get(CONFIRM, "?"), alternate=g.get(ALTERNATE, "?"),
            back=back_key(g, self.app.last_device))  # Esc, as every other menu names it

    # -- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h, s = theme.begin_screen(surface, pgettext("settings screen", "Controls"))
        self.rects = {}
        width = int(min(w - 60 * s, 1180 * s))
        left = (w - width) // 2
        name_w, keys_w = int(width * 0.17), int(width * 0.41)
        pads_x = left + name_w + keys_w
        pads_w = width - name_w - keys_w
        head = int(22 * s)
        top = int(104 * s)
        theme.draw_text(surface, _("Keys"), (left + name_w + 8 * s, top), head, theme.INK_DIM, "topleft")
        theme.draw_text(surface, _("Gamepad"), (pads_x + 8 * s, top), head, theme.INK_DIM, "topleft")
        top += max(int(30 * s), theme.font(head).get_linesize() + 2)
        bottom = h - int(78 * s)
        pitch = min(60 * s, (bottom - top) / len(self.rows))
        size = int(min(30 * s, pitch * 0.5))
        for i, action in enumerate(self.rows):
            selected = i == self.row
            row = pygame.Rect(left, int(top + i * pitch), width, int(pitch * 0.88))
            if selected:
                pygame.draw.rect(surface, theme.BG_PANEL_HI, row, border_radius=int(8 * s))
            slots = self.slots(i)
            if action == "end":
                boxes = self.end_boxes(row, len(slots), s)
            else:
                label = bindings.action_label(action)
                label_size = theme.fitted(label, size, name_w - 16 * s)
                theme.draw_text(surface, label, (row.x + 12 * s, row.centery), label_size,
                                theme.ACCENT if selected else theme.INK, "midleft")
                boxes = self.boxes(row, slots, left + name_w, keys_w, pads_x, pads_w, s)
            for j, (slot, box) in enumerate(zip(slots, boxes, strict=True)):
                self.rects[(i, j)] = box
                self.draw_box(surface, slot, box, size, focus=selected and j == self.col,
                              waiting=selected and j == self.col and self.waiting is not None, s=s)
        line = int(24 * s)
        if self.message:
            colour = theme.BAD if self.message_bad else theme.GOOD
            text = theme.ellipsized(self.message, line, int(w - 40 * s))
            theme.draw_text(surface, text, (w / 2, h - 56 * s), line, colour, "center")
        prompt = self.prompt()
        colour = theme.ACCENT if self.waiting is not None else theme.INK_FAINT
        theme.draw_text(surface, theme.ellipsized(prompt, line, int(w - 40 * s)), (w / 2, h - 24 * s), line,
                        colour, "center")

    @staticmethod
    def boxes(row: pygame.Rect, slots: list[Slot], keys_x: int, keys_w: int, pads_x: int, pads_w: int,
              s: float) -> list[pygame.Rect]:
        """Each box's rectangle: the keys share their column in thirds, the buttons theirs in halves."""
        gap = max(4, int(8 * s))
        height = row.height - 2 * max(2, int(4 * s))
        found, keys_seen, buttons_seen = [], 0, 0
        for slot in slots:
            if slot.kind == KEY:
                cell = (keys_w - gap) // bindings.MOST_KEYS
                x = keys_x + keys_seen * cell
                keys_seen += 1
            else:
                cell = (pads_w - gap) // bindings.MOST_BUTTONS
                x = pads_x + buttons_seen * cell
                buttons_seen += 1
            rect = pygame.Rect(x + gap, 0, cell - gap, height)
            rect.centery = row.centery
            found.append(rect)
        return found

    @staticmethod
    def end_boxes(row: pygame.Rect, count: int, s: float) -> list[pygame.Rect]:
        gap = int(16 * s)
        cell = (row.width - gap * (count + 1)) // count
        height = row.height - 2 * max(2, int(4 * s))
        return [pygame.Rect(row.x + gap + k * (cell + gap), row.centery - height // 2, cell, height)
                for k in range(count)]

    def draw_box(self, surface: pygame.Surface, slot: Slot, box: pygame.Rect, size: int, focus: bool,
                 waiting: bool, s: float) -> None:
        radius = int(6 * s)
        empty = slot.kind in (KEY, BUTTON) and slot.name is None
        pygame.draw.rect(surface, theme.BG if empty else theme.BG_PANEL, box, border_radius=radius)
        if focus:
            pygame.draw.rect(surface, theme.ACCENT, box, max(2, int(3 * s)), border_radius=radius)
        elif not empty:
            pygame.draw.rect(surface, theme.INK_FAINT, box, 1, border_radius=radius)
        text = "…" if waiting else self.slot_label(slot)
        colour = theme.ACCENT if focus else (theme.INK_FAINT if empty else theme.INK)
        fitted = theme.fitted(text, size, box.width - 10 * s)
        theme.draw_text(surface, theme.ellipsized(text, fitted, int(box.width - 6 * s)), box.center, fitted,
                        colour, "center")
