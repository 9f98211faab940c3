"""What a kiosk adds: the "still there?" countdown, the "restarting" card after a
failure, and the operator menu (Ctrl+Shift+O) that can quit or change settings.

Visitors cannot leave the program: Escape, Alt+F4 and the window's close button do
nothing in kiosk mode (see ``App.actions_of``); only the operator menu quits.
"""
from __future__ import annotations

import math

import pygame

from ...arcade import fame
from ...i18n import N_, _, pgettext
from ...persistence import storage
from ...ui import theme
from ...ui.actions import BACK, CONFIRM, MENU, POINT, Action
from ...ui.present import dim, panel
from ...ui.widgets import Menu
from ..base import LiveItem, Scene
from ..menus.overlay import AskScene
from ..menus.settings_menu import phones_state


class StillThereScene(Scene):
    """Over an abandoned game: any input carries on, otherwise back to the demo."""

    opaque = False
    calm = True
    SECONDS = 10.0

    def __init__(self, app) -> None:
        super().__init__(app)
        self.left = self.SECONDS

    def phone_buttons(self, device: str) -> dict[str, str]:
        return {CONFIRM: pgettext("phone button", "Keep playing")}

    def handle(self, action: Action) -> None:
        if action.name == POINT:
            return  # a draught moving the mouse is not a visitor
        self.app.idle = 0.0
        self.app.stack.pop()

    def update(self, dt: float) -> None:
        self.left -= dt
        if self.left <= 0:
            self.app.nav.demo()

    def next_change(self) -> float:
        # the countdown shows whole seconds: the next change is when it ticks down
        return max(0.0, self.left - (math.ceil(self.left) - 1))

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 190)
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        prompt = _("Press any key or button to keep playing")
        card_w = min(w - 40 * s, max(640 * s, theme.text_width(prompt, int(36 * s)) + 80 * s))
        # three lines stacked by the font's own heights (Large text makes them taller)
        parts = ((_("Still there?"), int(90 * s), theme.INK, True),
                 (f"{max(0, int(self.left + 0.999))}", int(110 * s), theme.ACCENT, True),
                 (prompt, int(36 * s), theme.INK_DIM, False))
        heights = [theme.font(size, bold).get_height() for _text, size, _ink, bold in parts]
        card = pygame.Rect(0, 0, int(card_w), int(max(h * 0.42, sum(heights) + 60 * s)))
        card.center = (w // 2, int(h * 0.5))
        panel(surface, card, s)
        y = card.centery - sum(heights) / 2
        for (text, size, ink, bold), height in zip(parts, heights, strict=True):
            theme.draw_text(surface, text, (w / 2, y), size, ink, "midtop", bold)
            y += height


class RestartCard(Scene):
    """Shown after a scene failed in a kiosk; the details are in the log file."""

    SECONDS = 4.0
    calm = True

    def __init__(self, app) -> None:
        super().__init__(app)
        self.left = self.SECONDS

    def update(self, dt: float) -> None:
        self.left -= dt
        if self.left <= 0:
            self.app.nav.demo()

    def next_change(self) -> float:
        return max(0.0, self.left)  # a still card until the demo comes back

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        theme.draw_text(surface, _("Sorry, something went wrong."), (w / 2, h * 0.42), int(64 * s),
                        theme.INK, "center", True)
        theme.draw_text(surface, _("Restarting..."), (w / 2, h * 0.54), int(40 * s), theme.ACCENT, "center")


class OperatorScene(Scene):
    """The kiosk operator's menu: back to the kiosk, settings, or quit the program."""

    moves_by_itself = False

    calm = True

    def __init__(self, app) -> None:
        super().__init__(app)
        self.menu = Menu([
            LiveItem(N_("Back to the kiosk"), self.back),
            LiveItem(N_("Settings"), self.settings),
            LiveItem(N_("Restart the demo"), app.nav.demo),
            LiveItem(N_("Clear the hall of fame"), self.clear_hall),
            LiveItem(N_("Phones as controllers: {state}"), self.phones, state=lambda: phones_state(app)),
            LiveItem(N_("Send every phone away"), self.send_phones_away),
            LiveItem(N_("Quit Gauss Arcade"), app.quit),
        ])
        self.note = ""

    def clear_hall(self) -> None:
        """Asked first; the old hall is kept aside in the user folder, not deleted."""
        def clear() -> None:
            try:
                self.note = (_("The hall of fame is cleared (the old one is kept as a file).")
                             if fame.clear() else _("The hall of fame is already empty."))
            except OSError as exc:
                self.note = _("The hall of fame could not be cleared: {reason}.").format(
                    reason=storage.reason_of(exc))
        self.app.stack.push(AskScene(
            self.app, _("Clear the hall of fame?"), [_("Every game's names and results go.")],
            [(_("Yes, clear it"), clear), (_("No, keep it"), lambda: None)], index=1))

    def back(self) -> None:
        self.app.stack.pop()

    def phones(self) -> None:
        """The phone hub on or off (off by default; on a kiosk only this menu turns it on)."""
        self.app.phones.switch(not self.app.phones.on)

    def send_phones_away(self) -> None:
        """Every phone told to go, with a new room code: the next visitors scan again."""
        self.app.phones.rotate()
        self.note = _("Every phone was sent away; the room has a new code.")

    def settings(self) -> None:
        self.app.nav.settings(operator=True)

    def handle(self, action: Action) -> None:
        if action.name in (BACK, MENU) and not action.is_pointer:
            self.back()
            return
        self.menu.handle(action)

    def update(self, dt: float) -> None:
        self.app.idle = 0.0  # the operator is working: no "still there?" over this menu

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        theme.draw_text(surface, _("Operator"), (w / 2, h * 0.18), int(80 * s), theme.INK, "center", True)
        theme.draw_text(surface, _("Kiosk mode: visitors cannot quit; Ctrl+Shift+O opens this menu."),
                        (w / 2, h * 0.27), int(28 * s), theme.INK_DIM, "center")
        self.menu.draw(surface, w / 2, h * 0.36, s)
        if self.note:
            theme.draw_text(surface, self.note, (w / 2, h - 60 * s),
                            theme.fitted(self.note, int(26 * s), w - 40 * s), theme.ACCENT, "center")
