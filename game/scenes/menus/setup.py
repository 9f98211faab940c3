"""Who plays: the computer (at a level) or two players, chosen in one step.

The common cases take one press: **Play the computer** (Left/Right choose the level,
Tab, X or a right click swaps the sides) and **Two players** (one screen, one keyboard
or a pad passed around). Only when gamepads are connected is there a third choice,
**A gamepad each**: the seats by device, where each pad presses A on its side to join
it and A again to start, and each pad then plays only its own side. Phones are pads
here: with the phone hub on, the screen shows its QR code and room code, a phone that
opens it makes "A gamepad each" appear, and joins a side with its A ("Join").

The choice is remembered per game in the settings (``seats``: each side's kind,
``human`` or a level); a kiosk remembers nothing, so no visitor inherits the last
visitor's choice.
"""
from __future__ import annotations

import pygame

from ... import catalogue
from ...arcade import ratings
from ...content import levels
from ...i18n import _, pgettext
from ...ui import present, qr, theme
from ...ui.actions import ALTERNATE, BACK, CONFIRM, DOWN, LEFT, MENU, RIGHT, UP, Action
from ...ui.widgets import reach
from ..base import BackButton, Scene, back_key, either
from .seats import AI_LEVELS, HUMAN, KINDS, Seat, device_label, device_of, level_name

COMPUTER, TWO, PADS = "computer", "two", "pads"

#: the unjoined, focused side's prompt blinks at this half-period (seats by device)
BLINK_MS = 500


def kind_label(kind: str) -> str:
    return _("Human") if kind == HUMAN else _("Computer: {level}").format(level=level_name(kind))


class SetupScene(Scene):
    scan_step = DOWN  # scanning: down the choices
    def __init__(self, app, game_id: str, level: str | None = None) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.level = level
        self.entry = catalogue.get(game_id)
        self.players = self.entry.players
        #: "choose": the choices; "join": the seats by device (pads)
        self.mode = "choose"
        self.ai_level = "medium"
        self.person = self.players[0]  # the side a person plays against the computer
        self.focus = 0  # the choice under the cursor (in "join": a seat's row, or Start)
        self.remembered()
        #: the seats of "a gamepad each": nobody has joined yet
        self.seats = {p: Seat(p) for p in self.players}
        self.rows: list[pygame.Rect] = []
        self.arrows: list[tuple[pygame.Rect, int]] = []  # the level's < and > (where, step)
        self.swap_rect = pygame.Rect(0, 0, 0, 0)
        self.message = ""
        self.back = BackButton()
        level_data = levels.load(game_id, level)
        self.level_title = level_data.get("title", level_data["name"])

    # -- what is offered ---------------------------------------------------------------
    @property
    def choices(self) -> list[str]:
        """The choices shown: seats by device only when a pad (or a phone) is there to join with."""
        return [COMPUTER, TWO, PADS] if self.app.pads.known or self.phones() else [COMPUTER, TWO]

    def phones(self) -> list[str]:
        """The phones in the room (their devices, in order)."""
        hub = getattr(self.app, "phones", None)
        known = hub.known if hub is not None else ()
        return sorted(known, key=lambda d: (len(d), d))

    # -- phones -------------------------------------------------------------------------------
    def phone_buttons(self, device: str) -> dict[str, str]:
        """Phones choose and join here like pads (their A is "Join"); they cannot leave the
        screen (B only gives up a seat the phone holds)."""
        if self.mode == "join":
            buttons = {UP: "", DOWN: ""}
            start = self.focus == len(self.players)
            buttons[CONFIRM] = (pgettext("start the game", "Start") if start
                                else pgettext("phone button", "Join"))
            if any(seat.device == device for seat in self.seats.values()):
                buttons[BACK] = pgettext("phone button", "Leave")
            return buttons
        buttons = {UP: "", DOWN: "", CONFIRM: pgettext("phone button", "Choose")}
        if self.choices[min(self.focus, len(self.choices) - 1)] == COMPUTER:
            buttons.update({LEFT: "", RIGHT: "", ALTERNATE: pgettext("phone button", "Swap sides")})
        return buttons

    def phone_seats(self) -> dict[str, Seat] | None:
        return self.seats if self.mode == "join" else None

    def side_words(self, player: str) -> str:
        return _(self.entry.side(player).name)

    def phone_view(self, device: str) -> dict:
        view = {"title": _(self.entry.title), "turn": _("Who plays?"), "mine": False}
        held = next((seat for seat in self.seats.values() if seat.device == device), None)
        if held is not None and self.mode == "join":
            tint = self.entry.side(held.player).tint.body
            view.update(seat=held.player, side=self.side_words(held.player),
                        colour="#{:02x}{:02x}{:02x}".format(*tint))
        return view

    def phone_gone(self, device: str) -> None:
        self.leave(device)

    @property
    def computer(self) -> str:
        return self.players[1] if self.person == self.players[0] else self.players[0]

    # -- settings ------------------------------------------------------------------------
    def remembered(self) -> None:
        """The choice made last time for this game (never on a kiosk)."""
        if self.app.options.kiosk:
            return
        saved = self.app.settings.seats.get(self.game_id, {})
        # older versions wrote "human@keyboard" for a seat joined by the keyboard
        kinds = {p: str(saved.get(p, HUMAN)).partition("@")[0] for p in self.players}
        kinds = {p: k if k in KINDS else HUMAN for p, k in kinds.items()}
        ai = [p for p in self.players if kinds[p] in AI_LEVELS]
        if len(ai) == 1:
            self.ai_level = kinds[ai[0]]
            self.person = self.players[1] if ai[0] == self.players[0] else self.players[0]
            self.focus = 0
        elif saved and not ai:
            self.focus = 1
        last = self.app.settings.ai_levels.get(self.game_id)
        if not ai and last in AI_LEVELS:
            self.ai_level = last

    def remember(self, seats: dict[str, Seat]) -> None:
        if self.app.options.kiosk:
            return
        self.app.settings.seats[self.game_id] = {p: seat.kind for p, seat in seats.items()}
        if any(seat.is_ai for seat in seats.values()):
            self.app.settings.ai_levels[self.game_id] = self.ai_level
        self.app.save_settings()

    # -- choices -------------------------------------------------------------------------
    def step_level(self, delta: int) -> None:
        i = AI_LEVELS.index(self.ai_level)
        self.ai_level = AI_LEVELS[max(0, min(len(AI_LEVELS) - 1, i + delta))]
        self.message = ""

    def swap(self) -> None:
        self.person = self.computer
        self.message = ""

    def choose(self, choice: str) -> None:
        if choice == COMPUTER:
            self.start({self.person: Seat(self.person), self.computer: Seat(self.computer, self.ai_level)})
        elif choice == TWO:
            self.start({p: Seat(p) for p in self.players})
        else:
            self.mode, self.focus, self.message = "join", 0, ""
            self.seats = {p: Seat(p) for p in self.players}

    def join(self, i: int, device: str) -> None:
        """``device`` takes seat ``i``; the highlight moves on to the next seat, or Start."""
        seat = self.seats[self.players[i]]
        for other in self.seats.values():  # one device, one seat
            if other is not seat and other.device == device_of(device):
                other.device = None
        seat.device = device_of(device)
        self.message = _("{device} plays {side}.").format(
            device=device_label(seat.device), side=_(self.entry.side(seat.player).name))
        self.focus = i + 1

    def leave(self, device: str) -> bool:
        """``device`` gives up the seats it holds; False if it held none."""
        held = [s for s in self.seats.values() if s.device == device_of(device)]
        for seat in held:
            seat.device = None
        if held:
            self.message = _("{device} left its seat.").format(device=device_label(device_of(device)))
        return bool(held)

    def start(self, seats: dict[str, Seat] | None = None) -> None:
        """Start the game (``seats``: by default, the joined seats), after asking when this
        game has a game in progress, which a new game replaces."""
        if seats is None:
            seats = {p: Seat(p, s.kind, s.device) for p, s in self.seats.items()}
        self.remember(seats)

        def new_game() -> None:
            if self.app.stack.top is self:
                self.app.stack.pop()
            self.app.nav.play(self.game_id, self.level, seats=seats)

        self.app.nav.replacing(self.game_id, new_game, _("Start the new game"),
                               {p: seat.kind for p, seat in seats.items()})

    # -- input ------------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        if self.back.clicked(action):
            self.go_back()
            return
        if self.mode == "join":
            self.handle_join(action)
            return
        if action.pos is not None:
            self.handle_pointer(action)
            return
        name = action.name
        choices = self.choices
        self.focus = min(self.focus, len(choices) - 1)
        if name in (UP, DOWN):
            self.focus = (self.focus + (1 if name == DOWN else -1)) % len(choices)
        elif name in (LEFT, RIGHT) and choices[self.focus] == COMPUTER:
            self.step_level(1 if name == RIGHT else -1)
        elif name == ALTERNATE and choices[self.focus] == COMPUTER:
            self.swap()
        elif name == CONFIRM or (name == MENU and action.device.startswith("pad")):
            self.choose(choices[self.focus])  # a pad's Start button starts too
        elif name in (BACK, MENU):
            self.go_back()

    def handle_pointer(self, action: Action) -> None:
        for rect, delta in self.arrows:
            if reach(rect).collidepoint(action.pos):
                self.focus = 0
                if action.name == CONFIRM:
                    self.step_level(delta)
                return
        if reach(self.swap_rect).collidepoint(action.pos):
            self.focus = 0
            if action.name in (CONFIRM, ALTERNATE):
                self.swap()
            return
        for i, rect in enumerate(self.rows):
            if rect.collidepoint(action.pos):
                self.focus = i
                if action.name == CONFIRM:
                    self.choose(self.choices[i])
                elif action.name == ALTERNATE and self.choices[i] == COMPUTER:
                    self.swap()
                return

    def handle_join(self, action: Action) -> None:
        name = action.name
        if action.pos is not None:
            for i, rect in enumerate(self.rows):
                if rect.collidepoint(action.pos):
                    self.focus = i
                    if name == CONFIRM:
                        self.start() if i == len(self.players) else self.join(i, action.device)
                    return
            return
        if name in (UP, DOWN):
            self.focus = (self.focus + (1 if name == DOWN else -1)) % (len(self.players) + 1)
        elif name == CONFIRM:
            if self.focus == len(self.players):
                self.start()
            else:
                self.join(self.focus, action.device)
        elif name == MENU and action.device.startswith("pad"):
            self.start()
        elif name == BACK and self.leave(action.device):
            pass
        elif name in (BACK, MENU):
            self.go_back()

    def go_back(self) -> None:
        """One step back: from the seats by device to the choices, else off this screen."""
        if self.mode == "join":
            self.mode, self.focus, self.message = "choose", self.choices.index(PADS), ""
        else:
            self.app.stack.pop()

    # -- drawing ----------------------------------------------------------------------
    def next_change(self) -> float:
        if self.mode == "join":  # the join prompt blinks
            return (BLINK_MS - pygame.time.get_ticks() % BLINK_MS) / 1000
        return super().next_change()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        self.back.draw(surface, s)
        heading = _("Who plays?")
        room = w - 2 * (self.back.rect.right + 16 * s)  # centred, clear of the Back button
        theme.draw_text(surface, heading, (w / 2, 46 * s), theme.fitted(heading, int(60 * s), room, True),
                        theme.INK, "center", True)
        about = _("{game}  ·  {board}").format(game=_(self.entry.title), board=_(self.level_title))
        theme.draw_text(surface, about, (w / 2, 92 * s), theme.fitted(about, int(26 * s), w - 40 * s),
                        theme.INK_DIM, "center")
        if self.mode == "join":
            self.draw_join(surface, w, h, s)
        else:
            self.draw_choices(surface, w, h, s)

    def card(self, surface: pygame.Surface, rect: pygame.Rect, focused: bool, s: float,
             edge: tuple[int, int, int] | None = None) -> None:
        pygame.draw.rect(surface, theme.BG_PANEL_HI if focused else theme.BG_PANEL, rect,
                         border_radius=int(12 * s))
        pygame.draw.rect(surface, theme.ACCENT if focused else (edge or theme.INK_FAINT),
                         rect, max(2, int(3 * s)), border_radius=int(12 * s))

    def swatches(self, surface: pygame.Surface, rect: pygame.Rect, players: list[str], s: float) -> int:
        """The sides' discs at a card's left; returns where the card's text starts."""
        d = int(52 * s)
        x = rect.x + int(22 * s)
        for k, player in enumerate(players):
            disc = pygame.Rect(x + k * int(d * 0.6), rect.centery - d // 2, d, d)
            pygame.draw.ellipse(surface, self.entry.side(player).tint.body, disc)
            pygame.draw.ellipse(surface, theme.INK_FAINT, disc, max(1, int(2 * s)))
        return x + d + int(d * 0.6) * (len(players) - 1) + int(22 * s)

    def draw_choices(self, surface: pygame.Surface, w: int, h: int, s: float) -> None:
        g = self.app.glyphs()
        choices = self.choices
        self.focus = min(self.focus, len(choices) - 1)
        width = int(min(w - 40 * s, 980 * s))
        row_h = int(132 * s) if len(choices) == 2 else int(118 * s)
        top = int(128 * s)
        # the computer's card says what its level beats, from the arena's ratings, on as many
        # lines as it needs (cut to one, German lost its end: "... der immer den ersten Zu…");
        # the text starts right of the card's two discs
        strength = ratings.words(self.game_id, self.ai_level)
        said_size = int(21 * s)
        said_room = int(width - (22 + 52 + 52 * 0.6 + 22 + 20) * s)
        said = (theme.wrap(_("{level}: {words}").format(level=level_name(self.ai_level), words=strength),
                           said_size, said_room) if strength else [])
        said_step = theme.step(said_size, 26 * s)
        extra = int(30 * s + (len(said) - 1) * said_step) if said else 0
        y = top
        self.rows, self.arrows = [], []
        self.swap_rect = pygame.Rect(0, 0, 0, 0)
        title_size, line_size = int(40 * s), int(24 * s)
        for i, choice in enumerate(choices):
            tall = extra if choice == COMPUTER else 0
            rect = pygame.Rect(0, 0, width, row_h + tall - int(16 * s))
            rect.midtop = (w // 2, y)
            y += row_h + tall
            focused = self.focus == i
            self.card(surface, rect, focused, s)
            title_y = rect.y + int(14 * s)
            line_y = rect.y + int(62 * s)
            right = rect.right - int(20 * s)
            if choice == COMPUTER:
                x = self.swatches(surface, rect, [self.person, self.computer], s)
                # the level: "<  medium  >", its halves clicked to step down or up
                label = level_name(self.ai_level)
                size = int(32 * s)
                f = theme.font(size, True)
                box_w = max(f.size(level_name(k))[0] for k in AI_LEVELS) + int(110 * s)
                box = pygame.Rect(0, 0, box_w, int(52 * s))
                box.topright = (right, rect.y + int(12 * s))
                pygame.draw.rect(surface, theme.BG, box, border_radius=8)
                theme.draw_text(surface, label, box.center, size, theme.ACCENT if focused else theme.INK,
                                "center", True)
                for k, (glyph, delta) in enumerate((("<", -1), (">", 1))):
                    half = pygame.Rect(box.x + k * box.w // 2, box.y, box.w // 2, box.h)
                    end = AI_LEVELS[0] if delta < 0 else AI_LEVELS[-1]
                    live = theme.ACCENT if focused else theme.INK
                    ink = theme.INK_FAINT if self.ai_level == end else live  # no further that way
                    edge = half.x + int(18 * s) if delta < 0 else half.right - int(18 * s)
                    at = (edge, half.centery)
                    theme.draw_text(surface, glyph, at, size, ink, "center", True)
                    self.arrows.append((half, delta))
                name = _("Play the computer")
                size = theme.fitted(name, title_size, box.x - x - 12 * s, True)
                theme.draw_text(surface, name, (x, title_y), size, theme.INK, bold=True)
                line = _("You play {you}, the computer plays {computer}").format(
                    you=_(self.entry.side(self.person).name), computer=_(self.entry.side(self.computer).name))
                swap = _("{key}: swap").format(key=g[ALTERNATE])
                swap_size = int(22 * s)
                swap_w = theme.text_width(swap, swap_size) + int(20 * s)
                self.swap_rect = pygame.Rect(0, 0, swap_w, int(34 * s))
                self.swap_rect.midright = (right, line_y + int(14 * s))
                pygame.draw.rect(surface, theme.BG, self.swap_rect, border_radius=6)
                theme.draw_text(surface, swap, self.swap_rect.center, swap_size, theme.INK_DIM, "center")
                present.parts_line(surface, (x, line_y), line, line_size, self.swap_rect.x - x - 12 * s,
                                   theme.INK_DIM)
                for k, line in enumerate(said):
                    theme.draw_text(surface, line, (x, line_y + int(34 * s) + k * said_step), said_size,
                                    theme.INK_FAINT)
            else:
                x = self.swatches(surface, rect, list(self.players), s)
                if choice == TWO:
                    name, line = _("Two players"), _("Take turns on this screen: keyboard, mouse or one pad")
                else:
                    name = _("A gamepad each")
                    count = len(self.app.pads.known) + len(self.phones())
                    line = (_("Each player joins a side with their own pad or phone ({count} connected)")
                            if self.phones() else
                            _("Each player joins a side with their own pad ({count} connected)"))
                    line = line.format(count=count)
                theme.draw_text(surface, name, (x, title_y), theme.fitted(name, title_size, right - x, True),
                                theme.INK, bold=True)
                present.parts_line(surface, (x, line_y), line, line_size, right - x, theme.INK_DIM)
            self.rows.append(rect)
        # on two lines where one is too narrow (German, large text): every key it names stays
        line_h = theme.font(int(24 * s)).get_linesize()
        band = pygame.Rect(int(10 * s), int(h - 8 * s - 2 * line_h), int(w - 20 * s), 2 * line_h)
        present.message_line(surface, band, self.message or self.hint(choices[self.focus]),
                             theme.ACCENT if self.message else theme.INK_FAINT, s, 24)
        self.draw_phone_code(surface, y, int(min(h - 52 * s, band.top - 4 * s)), s)

    def hint(self, choice: str) -> str:
        """The keys that do something on the card in focus, in the player's bindings: the
        level's and the swap's only on the computer's card (the line named them on every
        card, and "the level" read as the board's)."""
        g = self.app.glyphs()
        keys = {"up_down": either(g, UP, DOWN), "left_right": either(g, LEFT, RIGHT), "alt": g[ALTERNATE],
                "confirm": g[CONFIRM], "back": back_key(g, self.app.last_device)}
        if choice != COMPUTER:
            return _("{up_down}: choose   {confirm}: play   {back}: back").format(**keys)
        if keys["up_down"] == keys["left_right"]:  # one word for both (a pad's D-pad)
            return _("{up_down}: choose, left/right: easier or harder   {alt}: swap sides   "
                     "{confirm}: play   {back}: back").format(**keys)
        return _("{up_down}: choose   {left_right}: easier or harder   {alt}: swap sides   {confirm}: play   "
                 "{back}: back").format(**keys)

    def draw_join(self, surface: pygame.Surface, w: int, h: int, s: float) -> None:
        g = self.app.glyphs()
        width = int(min(w - 80 * s, 960 * s))
        row_h = int(130 * s)
        top = int(128 * s)
        self.rows = []
        for i, player in enumerate(self.players):
            seat = self.seats[player]
            side = self.entry.side(player)
            rect = pygame.Rect(0, 0, width, row_h - int(18 * s))
            rect.midtop = (w // 2, top + i * row_h)
            focused = self.focus == i
            self.card(surface, rect, focused, s, side.tint.body)
            x = self.swatches(surface, rect, [player], s)
            theme.draw_text(surface, _(side.name), (x, rect.y + 12 * s), int(40 * s), side.tint.light,
                            bold=True)
            if seat.device is None:
                # the pad's own button, whichever device was used last (the keyboard's Enter
                # joins too, but the line is for the pads)
                line = (_("Press {key} on your pad or Join on your phone to play this side")
                        if self.phone_code() else _("Press {key} on your pad to play this side"))
                line = line.format(key="A")
                ink = theme.INK_DIM
                if focused and int(pygame.time.get_ticks() / BLINK_MS) % 2 == 0:
                    ink = theme.ACCENT
            else:
                line, ink = _("Joined: {device}").format(device=device_label(seat.device)), theme.GOOD
            present.parts_line(surface, (x, rect.y + 62 * s), line, int(24 * s), rect.right - x - 20 * s, ink)
            self.rows.append(rect)
        start = pygame.Rect(0, 0, int(300 * s), int(64 * s))
        start.midtop = (w // 2, top + len(self.players) * row_h + int(4 * s))
        focused = self.focus == len(self.players)
        self.card(surface, start, focused, s)
        theme.draw_text(surface, pgettext("start the game", "Start"), start.center, int(40 * s),
                        theme.ACCENT if focused else theme.INK, "center", True)
        self.rows.append(start)
        pads = sorted(self.app.pads.known)
        devices = ", ".join([device_label("keyboard")] + [device_label(f"pad{p}") for p in pads]
                            + [device_label(phone) for phone in self.phones()])
        line = _("Connected: {devices}").format(devices=devices)
        drawn = theme.draw_text(surface, line, (w / 2, start.bottom + 14 * s),
                                theme.fitted(line, int(24 * s), w - 40 * s), theme.INK_DIM, "midtop")
        self.draw_phone_code(surface, drawn.bottom + int(8 * s), int(h - 52 * s), s)
        hint = _("A side nobody joins is shared: any device plays it   {back}: leave, or back").format(
            back=g[BACK])
        present.parts_line(surface, (w / 2, h - 26 * s), self.message or hint, int(24 * s), w - 20 * s,
                           theme.ACCENT if self.message else theme.INK_FAINT, "center")


    # -- the phones' code ------------------------------------------------------------------------
    def phone_code(self) -> tuple | None:
        """``(QR modules or None, address, room code, Wi-Fi QR modules or None)`` while the
        phone hub runs, else None."""
        hub = getattr(self.app, "phones", None)
        if hub is None or not hub.on:
            return None
        return hub.qr(), hub.address, hub.code, hub.wifi_qr()

    def draw_phone_code(self, surface: pygame.Surface, top: int, bottom: int, s: float) -> None:
        """Under the choices: the QR code that opens the phone page in this room (beside it,
        when the operator set one, the venue's Wi-Fi), the address and the room code."""
        code = self.phone_code()
        if code is None or bottom - top < 60 * s:
            return
        matrix, address, room, wifi = code
        w = surface.get_width()
        size = int(min(bottom - top - (24 * s if wifi is not None else 0), 320 * s))
        words = [_("Play with your phone: scan the code"),
                 _("or open {address} and type {code}").format(address=address, code=room)]
        text_w = int(max(theme.text_width(line, int(26 * s), True) for line in words) + 20 * s)
        codes = [c for c in (wifi, matrix) if c is not None]
        total = len(codes) * (size + int(16 * s)) + text_w
        x = max(int(10 * s), (w - total) // 2)
        for k, modules in enumerate(codes):
            rect = qr.draw(surface, modules, (x, top), size)
            if wifi is not None:
                label = _("1. Wi-Fi") if k == 0 else _("2. The game")
                theme.draw_text(surface, label, (rect.centerx, rect.bottom + 2 * s), int(20 * s),
                                theme.INK_DIM, "midtop")
            x = rect.right + int(16 * s)
        y = top + max(0, size // 2 - int(40 * s))
        room_w = w - x - 10 * s
        theme.draw_text(surface, words[0], (x, y), theme.fitted(words[0], int(26 * s), room_w, True),
                        theme.INK, "topleft", True)
        theme.draw_text(surface, words[1], (x, y + 36 * s), theme.fitted(words[1], int(24 * s), room_w),
                        theme.INK_DIM, "topleft")
        theme.draw_text(surface, room, (x, y + 70 * s), int(48 * s), theme.ACCENT, "topleft", True)
