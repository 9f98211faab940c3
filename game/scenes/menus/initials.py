"""Three letters for the hall of fame, entered arcade-style.

The D-pad (or the arrow keys, or the mouse wheel) turns the letter under the cursor;
left and right go from letter to letter; A or Enter goes to the next letter, and on the
last one enters the name. Letters can be typed too, and the mouse clicks the arrows
above and below each letter and the Enter button. Esc, Start or Skip leaves the result
out of the hall. The name typed last is offered again.
"""
from __future__ import annotations

from collections.abc import Callable

import pygame

from ... import catalogue
from ...arcade import fame
from ...i18n import N_, _
from ...persistence import storage
from ...ui import present, theme
from ...ui.actions import BACK, CONFIRM, DOWN, LEFT, MENU, POINT, RIGHT, TEXT, UP, Action
from ...ui.present import EndCard, dim, panel
from ...ui.widgets import hit
from ..base import LiveButton, Scene, arrows, start_typing

ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
CURSOR_KEYS = {pygame.K_UP: UP, pygame.K_DOWN: DOWN, pygame.K_LEFT: LEFT, pygame.K_RIGHT: RIGHT}


def describe(kind: str, value: int) -> str:
    """A hall-of-fame result in words: "Widest wins against hard: by 12"."""
    t = fame.table(kind)
    return _("{table}: {value}").format(table=_(t.title), value=_(t.unit).format(value=value))


class InitialsScene(Scene):
    opaque = False
    moves_by_itself = False
    wants_text = True  # typed letters arrive as TEXT actions

    #: the initials typed last in this run, offered again
    last = "AAA"

    def __init__(self, app, game_id: str, kind: str, value: int, card: EndCard | None = None,
                 on_done: Callable[[int], None] | None = None) -> None:
        super().__init__(app)
        self.game_id, self.kind, self.value = game_id, kind, value
        self.card = card  # the end card below, which is told the place won
        self.on_done = on_done
        self.letters = list(InitialsScene.last)
        self.slot = 0
        self.message = ""
        self.ready = False  # text typed before the first frame belongs to the key that led here
        self.arrows: list[tuple[pygame.Rect, int, int]] = []  # (where, slot, step) for clicks
        self.buttons = {"enter": LiveButton(N_("Done"), self.submit),
                        "skip": LiveButton(N_("Skip"), self.skip)}

    def enter(self) -> None:
        start_typing()

    @property
    def initials(self) -> str:
        return "".join(self.letters)

    def turn(self, step: int, slot: int | None = None) -> None:
        slot = self.slot if slot is None else slot
        i = fame.LETTERS.index(self.letters[slot])
        self.letters[slot] = fame.LETTERS[(i + step) % len(fame.LETTERS)]
        self.slot = slot

    def type_text(self, text: str) -> None:
        if not self.ready:
            return
        for ch in text.upper():
            if ch in fame.LETTERS:
                self.letters[self.slot] = ch
                self.slot = min(2, self.slot + 1)

    def submit(self) -> None:
        if not fame.valid_initials(self.initials):
            self.message = _("Three letters, please (not all spaces).")
            return
        try:
            place = fame.add(self.game_id, self.kind, self.initials, self.value)
        except OSError as exc:
            self.message = _("The hall of fame cannot be written: {reason}.").format(
                reason=storage.reason_of(exc))
            return
        InitialsScene.last = self.initials
        if self.card is not None and place:
            self.card.reasons.append(_("Hall of fame: {initials} is number {place} in {table}.").format(
                initials=self.initials.strip(), place=place, table=_(fame.table(self.kind).title)))
        self.close()
        if self.on_done:
            self.on_done(place)

    def skip(self) -> None:
        self.close()

    # scanning: the letter turns by itself; a press takes it, a long press goes a letter back
    def scan_next(self, device: str) -> None:
        self.turn(1)

    def scan_choose(self, device: str) -> None:
        self.handle(Action(CONFIRM, "scan"))

    def scan_back(self, device: str) -> None:
        self.handle(Action(BACK, "scan"))

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def handle(self, action: Action) -> None:
        if action.name == TEXT:
            self.type_text(action.text or "")
            return
        name = action.name
        if action.device == "keyboard":  # letters come as text: only these keys act
            if action.key in ENTER_KEYS:
                name = CONFIRM
            elif action.key == pygame.K_BACKSPACE:
                name = BACK
            elif action.key == pygame.K_ESCAPE:
                name = MENU
            else:
                name = CURSOR_KEYS.get(action.key, "")
        if action.pos is not None:
            for button in self.buttons.values():
                if button.handle(action):
                    return
            if name == CONFIRM:
                k = hit([rect for rect, _slot, _step in self.arrows], action.pos)
                if k is not None:
                    _rect, slot, step = self.arrows[k]
                    self.turn(step, slot)
            return
        if name in (UP, DOWN):
            self.turn(1 if name == UP else -1)  # up: the next letter (A, B, C...), as on an arcade's wheel
        elif name in (LEFT, RIGHT):
            self.slot = max(0, min(2, self.slot + (1 if name == RIGHT else -1)))
        elif name == CONFIRM:
            if self.slot < 2:
                self.slot += 1
            else:
                self.submit()
        elif name == BACK:  # a letter back; on the first one, leave (as B does everywhere)
            if self.slot == 0:
                self.skip()
            else:
                self.slot -= 1
        elif name == MENU:
            self.skip()
        elif name == POINT:
            pass

    def update(self, dt: float) -> None:
        if not self.ready:  # shown now: the letters entered last (maybe just now, for another table)
            self.letters = list(InitialsScene.last)
        self.ready = True

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 170)
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        box = pygame.Rect(0, 0, int(min(w - 40 * s, 760 * s)), int(min(h - 20 * s, 470 * s)))
        box.center = (w // 2, h // 2)
        panel(surface, box, s, edge=theme.ACCENT)
        y = box.y + 20 * s
        title = _("Hall of fame!")
        theme.draw_text(surface, title, (w / 2, y),
                        theme.fitted(title, int(52 * s), box.width - 40 * s, True),
                        theme.ACCENT, "midtop", True)
        y += 66 * s
        line = _("{game} — {result}").format(game=_(catalogue.get(self.game_id).name),
                                             result=describe(self.kind, self.value))
        for text in theme.wrap(line, int(26 * s), box.width - int(60 * s))[:2]:
            theme.draw_text(surface, text, (w / 2, y), int(26 * s), theme.INK, "midtop")
            y += theme.step(int(26 * s), 30 * s)
        y += 10 * s
        cell = int(86 * s)
        gap = int(24 * s)
        x0 = w / 2 - (3 * cell + 2 * gap) / 2
        self.arrows = []
        arrow_h = int(30 * s)
        for k, letter in enumerate(self.letters):
            rect = pygame.Rect(int(x0 + k * (cell + gap)), int(y + arrow_h + 6 * s), cell, int(cell * 1.1))
            on = k == self.slot
            pygame.draw.rect(surface, theme.BG, rect, border_radius=int(8 * s))
            pygame.draw.rect(surface, theme.ACCENT if on else theme.INK_FAINT, rect,
                             max(2, int(3 * s)) if on else 2,
                             border_radius=int(8 * s))
            theme.draw_text(surface, letter if letter != " " else "·", rect.center, int(70 * s),
                            theme.INK if on else theme.INK_DIM, "center", True)
            # the arrow over a letter is the next letter (like Up), the one under it the one before
            for step, top in ((1, rect.y - arrow_h - 4 * s), (-1, rect.bottom + 4 * s)):
                hit = pygame.Rect(rect.x, int(top), cell, arrow_h)
                cx, half = hit.centerx, int(16 * s)
                tip, base = hit.y + 4 * s, hit.bottom - 4 * s
                if step < 0:  # under the letter: pointing down
                    tip, base = base, tip
                pygame.draw.polygon(surface, theme.ACCENT if on else theme.INK_FAINT,
                                    [(cx, tip), (cx - half, base), (cx + half, base)])
                self.arrows.append((hit, k, step))
        y += arrow_h * 2 + cell * 1.1 + 22 * s
        if self.message:
            theme.draw_text(surface, self.message, (w / 2, y), int(22 * s), theme.BAD, "midtop")
        y += 30 * s
        bw, bh = int(170 * s), int(44 * s)
        for k, key in enumerate(("enter", "skip")):
            rect = pygame.Rect(0, 0, bw, bh)
            rect.midtop = (int(w / 2 + (k - 0.5) * (bw + 30 * s)), int(y))
            self.buttons[key].draw(surface, rect, int(28 * s), active=key == "enter" and self.slot == 2)
        if self.app.last_device.startswith("pad"):
            g = self.app.glyphs()
            hint = _("{arrows}: choose letters   {confirm}: next letter, then done   {menu}: skip").format(
                arrows=arrows(g), confirm=g[CONFIRM], menu=g[MENU])
        else:  # typing reads the keys themselves, never the player's bindings: these stay
            hint = _("Type, or Up/Down and Left/Right   Enter: next letter, then done   Esc: skip")
        # on two lines where one is too narrow (German at 800x600 kept only its first part, and
        # never said what Enter and Esc do)
        line_h = theme.font(int(20 * s)).get_linesize()
        band = pygame.Rect(box.x + int(20 * s), 0, box.width - int(40 * s), 2 * line_h)
        band.bottom = int(box.bottom - 8 * s)
        present.message_line(surface, band, hint, theme.INK_FAINT, 1.0, int(20 * s))
