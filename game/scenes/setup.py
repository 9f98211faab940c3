"""Who plays: each seat Human or Computer (with its level), and "press A to join".

One row per seat and a Start row. A device that presses A (or Enter, or clicks)
on a human seat's row takes that seat, and the highlight moves on: two pads
press A in turn and then A again to start; a lone keyboard presses Enter three
times. A seat nobody joined is shared: any device may play it (one pad passed
around, or the keyboard). Left/Right switch a seat between Human and the
computer's levels. The choice is remembered per game in the settings.
"""
from __future__ import annotations

import pygame

from .. import catalogue, levels, saves
from ..i18n import _, pgettext
from ..storage import StoredFileError
from ..ui import present, theme
from ..ui.actions import ALTERNATE, BACK, CONFIRM, DOWN, LEFT, MENU, RIGHT, UP, Action
from .base import BackButton, Scene
from .overlay import AskScene
from .seats import HUMAN, KEYBOARD, KINDS, Seat, device_label, device_of, level_name


def kind_label(kind: str) -> str:
    return _("Human") if kind == HUMAN else _("Computer: {level}").format(level=level_name(kind))


#: the unjoined, focused side's prompt blinks at this half-period
BLINK_MS = 500


class SetupScene(Scene):
    def __init__(self, app, game_id: str, level: str | None = None) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.level = level
        self.entry = catalogue.get(game_id)
        self.players = self.entry.players
        self.seats = self.remembered()
        self.focus = 0  # 0, 1: a seat's row; 2: Start
        self.rows: list[pygame.Rect] = []
        self.kind_rects: list[pygame.Rect] = []
        self.message = ""
        self.back = BackButton()
        level_data = levels.load(game_id, level)
        self.level_title = level_data.get("title", level_data["name"])

    # -- settings ------------------------------------------------------------------------
    def remembered(self) -> dict[str, Seat]:
        saved = self.app.settings.seats.get(self.game_id, {})
        seats = {}
        for player in self.players:
            value = saved.get(player, HUMAN)
            kind, _, device = value.partition("@")
            seats[player] = Seat(player, kind if kind in KINDS else HUMAN, device or None)
        return seats

    def remember(self) -> None:
        self.app.settings.seats[self.game_id] = {
            p: seat.kind + ("@keyboard" if seat.device == KEYBOARD and not seat.is_ai else "")
            for p, seat in self.seats.items()}
        levels_used = [seat.kind for seat in self.seats.values() if seat.is_ai]
        if levels_used:
            self.app.settings.ai_levels[self.game_id] = levels_used[-1]
        self.app.save_settings()

    # -- choices -------------------------------------------------------------------------
    def cycle_kind(self, i: int, delta: int) -> None:
        seat = self.seats[self.players[i]]
        # every choice in plain order both ways (Human, easy, medium, hard): a jump from
        # Human to the level used last left easy out of reach going right
        seat.kind = KINDS[(KINDS.index(seat.kind) + delta) % len(KINDS)]
        self.message = ""

    def join(self, i: int, device: str) -> None:
        """``device`` takes seat ``i`` (a computer seat becomes a human one)."""
        seat = self.seats[self.players[i]]
        seat.kind = HUMAN
        seat.device = device_of(device)
        self.message = _("{device} plays {side}.").format(
            device=device_label(seat.device), side=_(self.entry.side(seat.player).name))
        self.focus = i + 1

    def leave(self, device: str) -> bool:
        """``device`` gives up the seats it holds; False if it held none."""
        held = [s for s in self.seats.values() if s.device == device_of(device) and not s.is_ai]
        for seat in held:
            seat.device = None
        if held:
            self.message = _("{device} left its seat.").format(device=device_label(device_of(device)))
        return bool(held)

    def start(self) -> None:
        """Start, after asking when this game has a game in progress: a new game would
        replace its autosave (a kiosk's previous visitor's game is not asked about)."""
        self.remember()
        seats = {p: Seat(p, s.kind, s.device) for p, s in self.seats.items()}
        saved = None
        if not self.app.options.kiosk:
            try:
                saved = saves.read_autosave(self.game_id)
            except StoredFileError as exc:
                self.app.notice = str(exc)

        def new_game() -> None:
            if self.app.stack.top is self:
                self.app.stack.pop()
            self.app.nav.play(self.game_id, self.level, seats=seats)

        if saved is None:
            new_game()
            return
        title = _(self.entry.title)
        self.app.stack.push(AskScene(
            self.app, _("{game} is in progress").format(game=title),
            [_("A game of {game} is at move {number}. A new game replaces it.").format(
                game=title, number=len(saved.moves))],
            [(_("Resume it"), lambda: self.app.nav.resume(saved)),
             (_("Start a new game"), new_game), (_("Back"), lambda: None)]))

    # -- input ------------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        if action.pos is not None:
            self.handle_pointer(action)
            return
        name = action.name
        pad = action.device.startswith("pad")
        if name in (UP, DOWN):
            self.focus = (self.focus + (1 if name == DOWN else -1)) % 3
        elif name in (LEFT, RIGHT) and self.focus < 2:
            self.cycle_kind(self.focus, 1 if name == RIGHT else -1)
        elif name == ALTERNATE and self.focus < 2:
            self.cycle_kind(self.focus, 1)
        elif name == CONFIRM:
            if self.focus == 2:
                self.start()
            else:
                self.join(self.focus, action.device)
        elif name == MENU and pad:  # a pad's Start button starts the game
            self.start()
        elif name == BACK and self.leave(action.device):
            pass
        elif name in (BACK, MENU):
            self.app.stack.pop()

    def handle_pointer(self, action: Action) -> None:
        if self.back.clicked(action):
            self.app.stack.pop()
            return
        for i, rect in enumerate(self.rows):
            if not rect.collidepoint(action.pos):
                continue
            self.focus = i
            if action.name == CONFIRM:
                if i == 2:
                    self.start()
                elif self.kind_rects[i].collidepoint(action.pos):
                    # "<  medium  >": a click on the left half goes back, on the right forward
                    self.cycle_kind(i, -1 if action.pos[0] < self.kind_rects[i].centerx else 1)
                else:
                    self.join(i, action.device)
            elif action.name == ALTERNATE and i < 2:
                self.cycle_kind(i, -1)
            return

    # -- drawing ----------------------------------------------------------------------
    def next_change(self) -> float:
        return (BLINK_MS - pygame.time.get_ticks() % BLINK_MS) / 1000  # the join prompt blinks

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        self.back.draw(surface, s)
        heading = _("{game}: who plays?").format(game=_(self.entry.title))
        room = w - 2 * (self.back.rect.right + 16 * s)  # centred, clear of the Back button
        theme.draw_text(surface, heading, (w / 2, 46 * s), theme.fitted(heading, int(60 * s), room, True),
                        theme.INK, "center", True)
        theme.draw_text(surface, _(self.level_title), (w / 2, 92 * s), int(26 * s),
                        theme.INK_DIM, "center")
        g = self.app.glyphs()
        width = int(min(w - 80 * s, 960 * s))
        row_h = int(150 * s)
        top = int(130 * s)
        self.rows, self.kind_rects = [], []
        for i, player in enumerate(self.players):
            seat = self.seats[player]
            side = self.entry.side(player)
            rect = pygame.Rect(0, 0, width, row_h - int(18 * s))
            rect.midtop = (w // 2, top + i * row_h)
            focused = self.focus == i
            pygame.draw.rect(surface, theme.BG_PANEL_HI if focused else theme.BG_PANEL, rect,
                             border_radius=int(12 * s))
            pygame.draw.rect(surface, theme.ACCENT if focused else side.tint.body,
                             rect, max(2, int(3 * s)), border_radius=int(12 * s))
            swatch = pygame.Rect(rect.x + int(24 * s), rect.y + int(24 * s), int(84 * s), int(84 * s))
            pygame.draw.ellipse(surface, side.tint.body, swatch)
            pygame.draw.ellipse(surface, theme.INK_FAINT, swatch, max(1, int(2 * s)))
            theme.draw_text(surface, _(side.name), (swatch.right + 24 * s, rect.y + 22 * s),
                            int(48 * s), side.tint.light, bold=True)
            kind_rect = pygame.Rect(0, 0, int(330 * s), int(50 * s))
            kind_rect.topright = (rect.right - int(24 * s), rect.y + int(18 * s))
            pygame.draw.rect(surface, theme.BG, kind_rect, border_radius=8)
            theme.draw_text(surface, f"<  {kind_label(seat.kind)}  >", kind_rect.center, int(32 * s),
                            theme.ACCENT if focused else theme.INK, "center")
            self.kind_rects.append(kind_rect)
            if seat.is_ai:
                line, ink = _("The computer plays this side."), theme.INK_DIM
            elif seat.device is None:
                line = _("Press {key} to join, or leave it shared (anyone may play)").format(key=g[CONFIRM])
                ink = theme.INK_DIM
                if focused and int(pygame.time.get_ticks() / BLINK_MS) % 2 == 0:
                    ink = theme.ACCENT
            else:
                line, ink = _("Joined: {device}").format(device=device_label(seat.device)), theme.GOOD
            theme.draw_text(surface, line, (swatch.right + 24 * s, rect.y + 80 * s), int(28 * s), ink)
            self.rows.append(rect)
        start = pygame.Rect(0, 0, int(300 * s), int(64 * s))
        start.midtop = (w // 2, top + 2 * row_h + int(4 * s))
        focused = self.focus == 2
        pygame.draw.rect(surface, theme.BG_PANEL_HI if focused else theme.BG_PANEL, start,
                         border_radius=int(10 * s))
        pygame.draw.rect(surface, theme.ACCENT if focused else theme.INK_FAINT, start, 2,
                         border_radius=int(10 * s))
        theme.draw_text(surface, pgettext("start the game", "Start"), start.center, int(40 * s),
                        theme.ACCENT if focused else theme.INK, "center", True)
        self.rows.append(start)
        pads = sorted(self.app.pads.known)
        devices = ", ".join([device_label(KEYBOARD)] + [device_label(f"pad{p}") for p in pads])
        theme.draw_text(surface, _("Connected: {devices}").format(devices=devices),
                        (w / 2, start.bottom + 26 * s), int(24 * s), theme.INK_DIM, "midtop")
        hint = _("Up/Down: choose   Left/Right: human or computer   {confirm}: join this seat   "
                 "{back}: leave   Esc: back").format(confirm=g[CONFIRM], back=g[BACK])
        present.parts_line(surface, (w / 2, h - 26 * s), self.message or hint, int(24 * s), w - 20 * s,
                           theme.ACCENT if self.message else theme.INK_FAINT, "center")
