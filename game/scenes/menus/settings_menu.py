"""Settings: volume (a sound plays at each step), fullscreen, language, how fast moves
play out, reduced motion, large text, the theme (standard or high contrast), scanning for
one switch and its speed, sound in the demo, the kiosk's idle time. Saved at every change."""
from __future__ import annotations

import pygame

from ... import i18n, palette
from ...i18n import _, pgettext
from ...persistence import settings
from ...ui import theme
from ...ui.actions import ALTERNATE, BACK, CONFIRM, DOWN, LEFT, MENU, RIGHT, UP, Action
from ..base import Scene, back_key, either
from .bindings_menu import BindingsScene

IDLE_CHOICES = (30, 60, 90, 120, 180, 300, 600, 1800)
#: the language setting that follows the system's preferred languages
AUTO = "auto"


class SettingsScene(Scene):
    moves_by_itself = False
    scan_step = DOWN  # scanning: down the rows

    ROWS = ("volume", "fullscreen", "language", "animation_speed", "reduced_motion", "large_text",
            "theme", "scanning", "scan_seconds", "demo_sound", "phones", "kiosk_idle_seconds", "controls",
            "back")
    #: what the kiosk's operator alone decides: what visitors may use
    OPERATOR_ROWS = ("kiosk_lessons", "kiosk_puzzles", "kiosk_ladder")
    #: the rows that flip between on and off
    SWITCHES = ("reduced_motion", "large_text", "scanning", "demo_sound", *OPERATOR_ROWS)

    def __init__(self, app, operator: bool = False) -> None:
        super().__init__(app)
        self.operator = operator  # opened from the kiosk's operator menu
        if operator:  # an instance's own rows: the kiosk's switches before Back
            self.ROWS = (*self.ROWS[:-1], *self.OPERATOR_ROWS, self.ROWS[-1])
        elif app.options.kiosk:  # on a kiosk only the operator lets phones in, and changes the keys
            self.ROWS = tuple(row for row in self.ROWS if row not in ("phones", "controls"))
        self.index = 0
        self.rects: list[pygame.Rect] = []
        #: where each row shows "<  value  >": a click left of its middle lowers the value
        self.values: dict[int, pygame.Rect] = {}

    def label(self, row: str) -> tuple[str, str]:
        """A row's name and value, in the current language (worded at each draw)."""
        st = self.app.settings
        if row == "volume":
            return _("Volume"), _("{percent}%").format(percent=round(st.volume * 100))
        if row == "fullscreen":
            on = pgettext("setting", "on") if self.app.fullscreen else pgettext("setting", "off")
            return _("Fullscreen"), on
        if row == "language":
            choice = self.language()
            return _("Language"), _("Automatic (system)") if choice == AUTO else i18n.language_name(choice)
        if row == "animation_speed":
            names = {"slow": pgettext("speed", "slow"), "normal": pgettext("speed", "normal"),
                     "fast": pgettext("speed", "fast"), "instant": pgettext("speed", "instant")}
            return _("Animation speed"), names[st.animation_speed]
        if row == "theme":
            themes = {"standard": pgettext("contrast", "standard"),
                      "high-contrast": pgettext("contrast", "high")}
            return _("Contrast"), themes.get(st.theme, st.theme)
        if row in self.SWITCHES:
            on = pgettext("setting", "on") if getattr(st, row) else pgettext("setting", "off")
            names = {"reduced_motion": _("Reduced motion"), "large_text": _("Large text"),
                     "scanning": _("Scanning (one switch)"),
                     "demo_sound": _("Sound in the demo"), "kiosk_lessons": _("Kiosk: visitors take lessons"),
                     "kiosk_puzzles": _("Kiosk: visitors solve puzzles"),
                     "kiosk_ladder": _("Kiosk: visitors climb the ladder")}
            return names[row], on
        if row == "scan_seconds":
            whole, tenths = divmod(round(st.scan_seconds * 10), 10)
            return _("Scanning speed"), _("{whole}.{tenths} s a step").format(whole=whole, tenths=tenths)
        if row == "phones":
            return _("Phones as controllers"), phones_state(self.app)
        if row == "kiosk_idle_seconds":
            idle = _("{seconds} s idle").format(seconds=st.kiosk_idle_seconds)
            return _("Kiosk: back to the demo after"), idle
        if row == "controls":
            return _("Controls: keys and pad buttons"), ""
        return _("Back"), ""

    def language_choices(self) -> list[str]:
        """"auto" (the system's languages), then every language there is a catalogue for."""
        return [AUTO, *i18n.available()]

    def language(self) -> str:
        """The language setting as one of :meth:`language_choices` (one whose catalogue
        is gone counts as "auto", which is what it falls back to)."""
        choice = self.app.settings.language
        return choice if choice in self.language_choices() else AUTO

    def change(self, row: str, delta: int) -> None:
        st = self.app.settings
        if row == "volume":
            st.volume = round(min(1.0, max(0.0, st.volume + 0.1 * delta)), 2)
            audio = getattr(self.app, "audio", None)
            if audio is not None:
                audio.set_volume(st.volume)
                audio.play("place")  # the new volume, heard at once
        elif row == "fullscreen":
            self.app.toggle_fullscreen()  # saves the settings itself
            return
        elif row == "phones":
            self.app.phones.switch(not self.app.phones.on)  # saves the settings itself
            return
        elif row == "language":  # wraps around: the list is short, and Enter alone reaches each
            choices = self.language_choices()
            st.language = choices[(choices.index(self.language()) + delta) % len(choices)]
            i18n.set_language(st.language)  # every screen speaks it from its next draw on
        elif row in self.SWITCHES:
            setattr(st, row, not getattr(st, row))
            if row == "large_text":
                theme.set_large_text(st.large_text)  # every screen from its next draw on
            elif row == "scanning" and hasattr(self.app, "scanner"):
                self.app.scanner.forget()  # nothing held, the first item shown a whole step
        elif row == "theme":  # wraps around, so Enter alone reaches each
            names = list(palette.THEMES)
            st.theme = names[(names.index(st.theme) + delta) % len(names)] if st.theme in names else names[0]
            palette.use(st.theme)  # every screen in the new colours from its next draw on
        elif row == "scan_seconds":  # wraps around, so Enter alone reaches each
            speeds = list(settings.SCAN_SECONDS)
            at = speeds.index(st.scan_seconds) if st.scan_seconds in speeds else 0
            st.scan_seconds = speeds[(at + delta) % len(speeds)]
        elif row == "animation_speed":  # wraps around, so Enter alone reaches each
            speeds = list(settings.ANIMATION_SPEEDS)
            st.animation_speed = speeds[(speeds.index(st.animation_speed) + delta) % len(speeds)]
        elif row == "kiosk_idle_seconds":
            choices = self.idle_choices()
            k = choices.index(st.kiosk_idle_seconds)
            st.kiosk_idle_seconds = choices[max(0, min(len(choices) - 1, k + delta))]
        else:
            return
        self.app.save_settings()

    def handle(self, action: Action) -> None:
        if action.pos is not None:
            for i, rect in enumerate(self.rects):
                if rect.collidepoint(action.pos):
                    self.index = i
                    value = self.values.get(i)
                    lower = (value is not None and value.collidepoint(action.pos)
                             and action.pos[0] < value.centerx)
                    if action.name in (CONFIRM, ALTERNATE):
                        self.choose(1 if action.name == CONFIRM and not lower else -1)
            return
        row = self.ROWS[self.index]
        if action.name in (UP, DOWN):
            self.index = (self.index + (1 if action.name == DOWN else -1)) % len(self.ROWS)
        elif action.name in (LEFT, RIGHT):
            self.change(row, 1 if action.name == RIGHT else -1)
        elif action.name == CONFIRM:
            self.choose(1)
        elif action.name in (BACK, MENU):
            self.app.stack.pop()

    def choose(self, delta: int) -> None:
        row = self.ROWS[self.index]
        if row == "back":
            self.app.stack.pop()
        elif row == "controls":
            self.app.stack.push(BindingsScene(self.app))
        elif row in ("fullscreen", "phones", "language", "animation_speed", "theme", "scan_seconds",
                     *self.SWITCHES):
            self.change(row, delta)
        else:  # Enter steps up and wraps around, so a pad's A alone can set any value
            st = self.app.settings
            at_top = st.volume >= 1.0 if row == "volume" else st.kiosk_idle_seconds == self.idle_choices()[-1]
            if delta > 0 and at_top:
                self.change(row, -len(IDLE_CHOICES) - 10)  # past the bottom: clamped to the lowest
            else:
                self.change(row, delta)

    def idle_choices(self) -> list[int]:
        return sorted(set(IDLE_CHOICES) | {self.app.settings.kiosk_idle_seconds})

    def update(self, dt: float) -> None:
        if self.operator:
            self.app.idle = 0.0


    def draw(self, surface: pygame.Surface) -> None:
        w, h, s = theme.begin_screen(surface, _("Settings"))
        self.rects = []
        width = int(min(w - 80 * s, 820 * s))
        # the rows share the room between the heading and the line of keys
        pitch = min(78 * s, (h - 130 * s - 56 * s) / len(self.ROWS))
        size = int(min(34 * s, pitch * 0.46))
        for i, row in enumerate(self.ROWS):
            rect = pygame.Rect(0, 0, width, int(pitch * 0.82))
            rect.midtop = (w // 2, int(130 * s + i * pitch))
            selected = i == self.index
            pygame.draw.rect(surface, theme.BG_PANEL_HI if selected else theme.BG_PANEL, rect,
                             border_radius=int(8 * s))
            if selected:
                pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=int(8 * s))
            name, value = self.label(row)
            ink = theme.ACCENT if selected else theme.INK
            if value:
                shown = f"<  {value}  >"
                value_w = theme.text_width(shown, size, True)
                name_size = theme.fitted(name, size, rect.width - value_w - 60 * s)
                theme.draw_text(surface, name, (rect.x + 24 * s, rect.centery), name_size, ink, "midleft")
                drawn = theme.draw_text(surface, shown, (rect.right - 24 * s, rect.centery), size, ink,
                                        "midright", True)
                self.values[i] = drawn.inflate(int(16 * s), rect.height)
            else:
                theme.draw_text(surface, name, rect.center, size, ink, "center")
            self.rects.append(rect)
        g = self.app.glyphs()
        hint = _("{up_down}: choose   {left_right}: change   {back}: back   (saved at once)").format(
            up_down=either(g, UP, DOWN), left_right=either(g, LEFT, RIGHT),
            back=back_key(g, self.app.last_device))
        theme.draw_text(surface, hint, (w / 2, h - 26 * s), int(24 * s), theme.INK_FAINT, "center")


def phones_state(app) -> str:
    """The phone hub in a few words: "on: 192.168.1.20:8765", "off", "not installed"."""
    phones = app.phones
    if phones.on:
        return _("on: {address}").format(address=phones.address.removeprefix("http://"))
    if phones.missing:
        return _("not installed")
    if phones.error:
        return _("off ({reason})").format(reason=phones.error)
    return pgettext("setting", "off")
