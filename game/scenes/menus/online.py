"""Play online: a game against a friend on another machine through a game server
(``gauss-arcade-server``, docs/server.md), by an invite code.

- :class:`OnlineScene`, the menu: a new game (which game, which board), joining a friend's
  game by its code, "My games" (the games kept in the player's folder, to take up again),
  and which server;
- :class:`LobbyScene`: the invite code of a new game, big and spelled out to be read aloud,
  while the friend joins;
- :class:`CodeScene`: typing a code, with keys, a pad (up and down turn a letter) or the
  mouse (the arrows above and below each letter);
- :class:`AddressScene`: typing a server's address (the keyboard's; a pad or a mouse picks
  a server already used, or this computer).

The game itself is a play scene with its match online (:mod:`game.scenes.play.remote`).
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pygame

from ... import catalogue
from ...content import levels
from ...i18n import N_, _, ngettext
from ...online import api, book, client, host, missing
from ...online.api import OnlineError
from ...online.errand import Errand
from ...online.status import WATCHER
from ...ui import qr, theme
from ...ui.actions import ALTERNATE, BACK, CONFIRM, DOWN, LEFT, MENU, POINT, RIGHT, TEXT, UP, Action
from ...ui.present import dim, panel
from ...ui.widgets import Menu, hit
from ..base import BackButton, LiveButton, LiveItem, Scene, arrows, back_key, start_typing
from .online_games import MyGamesScene
from .online_wait import CONNECTING, WaitScene, server_words
from .overlay import AskScene

log = logging.getLogger("gauss_arcade")

#: the server used when none was chosen: a server on this machine, on its default port
LOCAL = f"http://127.0.0.1:{api.DEFAULT_PORT}"
#: the time controls a new game offers (docs/server.md, "Time"): none, live Fischer clocks
#: (minutes, plus seconds added after each turn), correspondence (days a move, no bank)
CLOCKS: list[dict[str, Any] | None] = [
    None,
    {"clock": {"initial": 300, "increment": 3}},
    {"clock": {"initial": 600, "increment": 5}},
    {"correspondence": {"days": 1}},
    {"correspondence": {"days": 3}},
]


def control_words(control: dict[str, Any] | None) -> str:
    """A time control as a player reads it: "5 minutes, plus 3 seconds a move", "By
    correspondence: 3 days a move", "No clock"."""
    clock = (control or {}).get("clock")
    if isinstance(clock, dict):
        return _("{minutes} minutes, plus {seconds} seconds a move").format(
            minutes=f"{clock.get('initial', 0) / 60:g}", seconds=f"{clock.get('increment', 0):g}")
    days = ((control or {}).get("correspondence") or {}).get("days")
    if isinstance(days, int):
        return ngettext("By correspondence: {days} day a move", "By correspondence: {days} days a move",
                        days).format(days=days)
    return _("No clock")
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


def level_title(game_id: str, name: str) -> str:
    try:
        title = levels.load(game_id, name).get("title", name)
    except Exception:  # noqa: BLE001 - a file gone bad since the list was made: its name
        title = name
    return _(title) if isinstance(title, str) else name


def side_words(game_id: str, side: str) -> str:
    try:
        return _(catalogue.get(game_id).side(side).name)
    except (KeyError, ValueError, AttributeError):
        return side


class OnlineScene(Scene):
    """The online menu: new game, join, my games, the server."""

    moves_by_itself = False

    def __init__(self, app) -> None:
        super().__init__(app)
        self.back = BackButton()
        self.notice = ""
        self.server = book.server() or LOCAL
        self.entries, problem = book.load()
        if problem:
            self.notice = problem
        lacking = missing()
        if lacking:
            self.notice = _(client.NEEDS_EXTRA)
        able = not lacking
        self.asked = False  # where my games stand, asked once a visit (in a thread)
        self.games_item = LiveItem(N_("My games ({count})"), self.my_games,
                                   enabled=able and bool(self.entries), count=lambda: len(self.entries))
        self.menu = Menu([
            LiveItem(N_("New game"), self.new_game, enabled=able),
            LiveItem(N_("Join a game"), self.join, enabled=able),
            LiveItem(N_("Watch a game"), self.watch, enabled=able),
            LiveItem(N_("Host a game on this network"), self.host_game, enabled=able),
            self.games_item,
            LiveItem(N_("Server: {address}"), self.choose_server, address=lambda: server_words(self.server)),
            LiveItem(N_("Back"), self.leave),
        ], size=36)

    def enter(self) -> None:
        self.entries = book.load()[0]
        self.games_item.enabled = not missing() and bool(self.entries)
        if not self.asked:  # back from a game, most often: what the title says of it is news now
            self.asked = WATCHER.refresh(self.entries, force=True)

    def leave(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    # -- a new game ------------------------------------------------------------------------
    def new_game(self) -> None:
        answers = [(_(catalogue.get(gid).title), lambda gid=gid: self.choose_board(gid))
                   for gid in catalogue.GAME_IDS]
        self.app.stack.push(AskScene(self.app, _("New game online"), [_("Which game?")],
                                     [*answers, (_("Back"), lambda: None)]))

    def host_game(self) -> None:
        """This computer serves the game (the same server, in the game), on its address on
        the network; then a new game on it, as New game. The server starts in a thread: it
        may take seconds."""
        def started(hosted: host.Host) -> None:
            self.server = hosted.url  # for this run: the server goes when the game quits
            self.notice = ""
            self.new_game()
        self.wait(Errand(host.start), started, N_("Starting the server on this computer..."))

    def wait(self, errand: Errand, on_done: Callable[[Any], None], words: str = CONNECTING,
             on_failed: Callable[[str], None] | None = None) -> None:
        """``errand`` (a request) running while a panel says so, over whatever is on top;
        a failure's words on this menu unless ``on_failed`` takes them."""
        self.app.stack.push(WaitScene(self.app, errand, on_done, on_failed or self.said, words, self.server))

    def said(self, words: str) -> None:
        self.notice = words

    def choose_board(self, game_id: str) -> None:
        names = levels.names(game_id)
        if len(names) <= 1:
            self.choose_clock(game_id, names[0] if names else None)
            return
        answers = [(level_title(game_id, name), lambda name=name: self.choose_clock(game_id, name))
                   for name in names]
        self.app.stack.push(AskScene(self.app, _(catalogue.get(game_id).title), [_("Which board?")],
                                     [*answers, (_("Back"), lambda: None)]))

    def choose_clock(self, game_id: str, level: str | None) -> None:
        answers = [(control_words(control), lambda control=control: self.create(game_id, level, control))
                   for control in CLOCKS]
        self.app.stack.push(AskScene(self.app, _(catalogue.get(game_id).title), [
            _("Which clock? A live game's clock gains its seconds after each of your turns; a game by "
              "correspondence waits days for each move, even with nobody connected.")],
            [*answers, (_("Back"), lambda: None)]))

    def create(self, game_id: str, level: str | None, control: dict[str, Any] | None = None) -> None:
        server = self.server

        def made(result: tuple[client.OnlineGame, dict[str, Any]]) -> None:
            game, answer = result
            self.notice = ""
            self.app.stack.push(LobbyScene(self.app, game.start(), answer, server))
        self.wait(Errand(lambda: client.new_game(server, game_id, level, control=control)), made)

    # -- joining -----------------------------------------------------------------------------
    def join(self) -> None:
        self.app.stack.push(CodeScene(self.app, self.join_code))

    def join_code(self, code: str) -> str | None:
        """Join the game with ``code``, in a thread: the code scene says why not when it fails."""
        form, server = self.app.stack.top, self.server

        def joined(result: tuple[client.OnlineGame, dict[str, Any]]) -> None:
            self.notice = ""
            self.app.nav.play_online(result[0])

        def refused(words: str) -> None:
            if isinstance(form, CodeScene):
                form.message = words
        self.wait(Errand(lambda: client.join_game(server, code)), joined, on_failed=refused)
        return None

    # -- my games ----------------------------------------------------------------------------
    def my_games(self) -> None:
        """The games kept, each with where it stands; one taken up, or forgotten."""
        self.app.stack.push(MyGamesScene(self.app,
                                         lambda e: self.app.nav.play_online(client.OnlineGame.of(e))))

    # -- watching ------------------------------------------------------------------------------
    def watch(self) -> None:
        self.app.stack.push(CodeScene(self.app, self.watch_code, title=N_("Watch a game"),
                                      ask=N_("Type the game's spectator code."), button=N_("Watch"),
                                      hints=WATCH_HINTS))

    def watch_code(self, code: str) -> str | None:
        """Watch the game with the spectator code ``code``: its server is asked first (in a
        thread) which game it is, so the right board comes up; the code scene says why not."""
        form, server = self.app.stack.top, self.server

        def looked() -> client.OnlineGame:
            look = api.look(server, code)
            game = client.watch_game(server, code)
            if look["game"] not in catalogue.GAME_IDS or look["level"] not in levels.names(look["game"]):
                raise OnlineError("level", "a game or board this version does not have")
            game.game_id, game.level_name = look["game"], look["level"]
            return game

        def refused(words: str) -> None:
            if isinstance(form, CodeScene):
                form.message = words
        self.wait(Errand(looked), self.app.nav.play_online, on_failed=refused)
        return None

    # -- the server ----------------------------------------------------------------------------
    def choose_server(self) -> None:
        known = [LOCAL, *dict.fromkeys(reversed([e.server for e in self.entries]))]
        known = list(dict.fromkeys([self.server, *known]))[:4]
        answers: list[tuple[str, Callable[[], None]]] = [
            (_("This computer") if s == LOCAL else server_words(s), lambda s=s: self.set_server(s))
            for s in known]
        answers.append((_("Type an address"), self.type_server))
        self.app.stack.push(AskScene(self.app, _("Which server?"), [
            _("A game server: gauss-arcade-server, on this computer, the network or the internet.")],
            [*answers, (_("Back"), lambda: None)]))

    def type_server(self) -> None:
        self.app.stack.push(AddressScene(self.app, server_words(self.server), self.typed_server))

    def typed_server(self, text: str) -> str | None:
        try:
            self.set_server(api.normal_address(text))
        except OnlineError as exc:
            return exc.words
        return None

    def set_server(self, server: str) -> None:
        self.server = server
        self.notice = ""
        try:
            book.set_server(server)
        except OSError as exc:  # kept for this run
            log.warning("online: the server could not be kept (%s)", exc)

    # -- input and drawing ----------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        if self.back.clicked(action) or (action.name in (BACK, MENU) and not action.is_pointer):
            self.leave()
            return
        self.menu.handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        title = _("Play online")
        theme.draw_text(surface, title, (w / 2, 40 * s), theme.fitted(title, int(64 * s), w - 260 * s, True),
                        theme.INK, "midtop", True)
        lines = theme.wrap(_("Play a friend on another computer: one makes a game and reads out its code, "
                             "the other joins with it."), int(26 * s), int(min(w - 80 * s, 900 * s)))
        y = 130 * s
        for line in lines:
            theme.draw_text(surface, line, (w / 2, y), int(26 * s), theme.INK_DIM, "midtop")
            y += theme.step(int(26 * s), 30 * s)
        self.menu.draw(surface, w / 2, y + 24 * s, s)
        if self.notice:
            y = h - 100 * s
            for line in theme.wrap(self.notice, int(24 * s), int(w - 80 * s))[:2]:
                theme.draw_text(surface, line, (w / 2, y), int(24 * s), theme.BAD, "midtop")
                y += theme.step(int(24 * s), 28 * s)
        self.back.draw(surface, s)
        g = self.app.glyphs()  # the player's keys (Settings → Controls), or the pad's buttons
        hint = (_("{arrows} + {confirm}   {back}: back") if self.app.last_device.startswith("pad")
                else _("{arrows} + {confirm}, or the mouse   {back}: back")).format(
            arrows=arrows(g), confirm=g[CONFIRM], back=back_key(g, self.app.last_device))
        theme.draw_text(surface, hint, (w / 2, h - 24 * s), int(22 * s), theme.INK_FAINT, "center")


def spelled(code: str) -> str:
    """A code as it is read out, one character at a time: ``K 7 X - Q M 2``."""
    return "  ".join(code[:3]) + "   –   " + "  ".join(code[3:])


class LobbyScene(Scene):
    """A new game's invite code, shown until the friend joins; then the game."""

    def __init__(self, app, game: Any, answer: dict[str, Any], server: str) -> None:
        super().__init__(app)
        self.game = game
        self.code = answer["invite"]
        self.watch = answer["watch"]
        self.game_id = answer["game"]
        self.seat = answer["seat"]
        #: its time control, as the server took it ({} : none)
        self.control = {k: answer[k] for k in ("clock", "correspondence") if isinstance(answer.get(k), dict)}
        self.server = server
        self.back = BackButton()
        self.problem = ""
        self.t = 0.0
        #: a game this computer hosts: its invite as a QR code (the address and the code), for
        #: a phone or another client to read; None elsewhere, or without segno
        self.invite_qr: Any = None
        self.qr_rect = pygame.Rect(0, 0, 0, 0)  # where it was drawn last
        hosted = host.running()
        if hosted is not None and hosted.url == server:
            from ...phones.qr import matrix

            self.invite_qr = matrix(api.invite_link(server, self.code))

    def update(self, dt: float) -> None:
        self.t += dt
        for event in self.game.poll():
            if isinstance(event, client.Failed):
                self.problem = event.words
        if self.game.ready and self.game.friend_here and self.app.stack.top is self:
            self.app.stack.pop()
            self.app.nav.play_online(self.game)

    def next_change(self) -> float:
        return 0.05  # the friend's arrival comes from the network's thread

    def leave(self) -> None:
        self.game.close()
        if self.app.stack.top is self:
            self.app.stack.pop()

    def handle(self, action: Action) -> None:
        if self.back.clicked(action) or (action.name in (BACK, MENU) and not action.is_pointer):
            self.leave()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        title = _("New game: {game}").format(game=_(catalogue.get(self.game_id).title))
        theme.draw_text(surface, title, (w / 2, 30 * s), theme.fitted(title, int(52 * s), w - 260 * s, True),
                        theme.INK, "midtop", True)
        you = _("You play {side}.").format(side=side_words(self.game_id, self.seat))
        theme.draw_text(surface, you, (w / 2, 100 * s), int(28 * s), theme.INK_DIM, "midtop")
        if self.control:
            words = control_words(self.control)
            theme.draw_text(surface, words, (w / 2, 100 * s + theme.step(int(28 * s), 34 * s)),
                            theme.fitted(words, int(24 * s), w - 80 * s), theme.INK_DIM, "midtop")
        # the code in the middle; beside a QR code, the two side by side
        cx, room = (w * 0.36, w * 0.6) if self.invite_qr is not None else (w / 2, w - 80 * s)
        theme.draw_text(surface, _("Invite code"), (cx, h * 0.27), int(30 * s), theme.INK, "center")
        shown = api.spaced(self.code)
        size = theme.fitted(shown, int(150 * s), room - 60 * s, True)
        box = pygame.Rect(0, 0, int(theme.text_width(shown, size, True) + 60 * s), int(size * 1.25))
        box.center = (int(cx), int(h * 0.42))
        panel(surface, box, s)
        theme.draw_text(surface, shown, box.center, size, theme.ACCENT, "center", True)
        read = _("Read it out: {letters}").format(letters=spelled(self.code))
        theme.draw_text(surface, read, (cx, box.bottom + 24 * s),
                        theme.fitted(read, int(30 * s), room), theme.INK, "midtop")
        below = box.bottom + 80 * s
        if self.invite_qr is not None:
            side = int(min(h * 0.36, w * 0.3))
            self.qr_rect = qr.draw(surface, self.invite_qr, (int(w * 0.78 - side / 2), int(h * 0.2)), side)
            scan = _("Or scan it")
            theme.draw_text(surface, scan, (self.qr_rect.centerx, self.qr_rect.bottom + 8 * s),
                            theme.fitted(scan, int(22 * s), w * 0.36), theme.INK_DIM, "midtop")
            below = max(below, self.qr_rect.bottom + 44 * s)
        hosted = host.running()
        if hosted is not None and hosted.url == self.server:
            where = _("This computer is the server: your friend sets Server to {address} first.")
        else:
            where = _("Server: {address}")
        lines = [_("Your friend chooses Play online, then Join a game, and types the code."),
                 where.format(address=server_words(self.server)),
                 _("Spectators watch with the code {code}.").format(code=api.spaced(self.watch))]
        y = below
        for line in lines:
            for part in theme.wrap(line, int(24 * s), int(w - 80 * s)):
                theme.draw_text(surface, part, (w / 2, y), int(24 * s), theme.INK_DIM, "midtop")
                y += theme.step(int(24 * s), 28 * s)
        if self.problem:
            status, ink = self.problem, theme.BAD
        elif self.game.link == client.LOST:
            status, ink = _("The server cannot be reached: trying again..."), theme.BAD
        else:
            dots = "." * (1 + int(self.t * 2) % 3)
            status, ink = _("Waiting for your friend to join{dots}").format(dots=dots), theme.ACCENT
        theme.draw_text(surface, status, (w / 2, h - 80 * s), theme.fitted(status, int(28 * s), w - 60 * s),
                        ink, "center")
        self.back.draw(surface, s)
        hint = _("{back}: back (the game waits in My games)").format(
            back=back_key(self.app.glyphs(), self.app.last_device))
        theme.draw_text(surface, hint, (w / 2, h - 28 * s), theme.fitted(hint, int(22 * s), w - 40 * s),
                        theme.INK_FAINT, "center")


class ConnectingScene(Scene):
    """An online game's play screen being connected: shown until the server's welcome (the
    board it shows before that would be a guess), then the game in its place."""

    def __init__(self, app, game_scene: Any) -> None:
        super().__init__(app)
        self.scene = game_scene
        self.back = BackButton()
        self.t = 0.0
        self.handed = False  # the game took this screen's place

    def update(self, dt: float) -> None:
        self.t += dt
        self.scene.follow_online()
        if self.scene.online_shown and self.app.stack.top is self:
            self.handed = True
            self.app.stack.replace(self.scene)

    def closed(self) -> None:
        if not self.handed:  # left before the game came: its connection goes
            self.scene.closed()

    def next_change(self) -> float:
        return 0.05

    def leave(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def handle(self, action: Action) -> None:
        if self.back.clicked(action) or (action.name in (BACK, MENU) and not action.is_pointer):
            self.leave()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        game = self.scene.online
        title = _(catalogue.get(self.scene.game_id).title)
        theme.draw_text(surface, title, (w / 2, 40 * s), theme.fitted(title, int(52 * s), w - 260 * s, True),
                        theme.INK, "midtop", True)
        if game.failed is not None:
            status, ink = game.failed.words, theme.BAD
        elif game.link == client.LOST:
            status, ink = _("The server cannot be reached: trying again..."), theme.BAD
        else:
            status, ink = _("Connecting to the server..."), theme.ACCENT
        for k, line in enumerate(theme.wrap(status, int(30 * s), int(w - 80 * s))[:3]):
            theme.draw_text(surface, line, (w / 2, h * 0.45 + k * 38 * s), int(30 * s), ink, "center")
        where = _("Server: {address}").format(address=server_words(game.server))
        theme.draw_text(surface, where, (w / 2, h * 0.45 + 130 * s), int(24 * s), theme.INK_DIM, "center")
        self.back.draw(surface, s)
        back = back_key(self.app.glyphs(), self.app.last_device)
        if game.spectator:  # a spectator's game is not kept in My games
            hint = _("{back}: back").format(back=back)
        else:
            hint = _("{back}: back (the game waits in My games)").format(back=back)
        theme.draw_text(surface, hint, (w / 2, h - 28 * s), theme.fitted(hint, int(22 * s), w - 40 * s),
                        theme.INK_FAINT, "center")


#: the code form's lines of keys (a pad's, the keyboard's), to join and to watch
JOIN_HINTS = (N_("Up/Down: letter   Left/Right: move   A: next, then join   B: cancel"),
              N_("Type the code   Enter: join   Esc: cancel"))
WATCH_HINTS = (N_("Up/Down: letter   Left/Right: move   A: next, then watch   B: cancel"),
               N_("Type the code   Enter: watch   Esc: cancel"))


class CodeScene(Scene):
    """Six letters and digits of an invite code: typed, or turned one by one with the arrows
    (a pad's D-pad, the arrows on screen for the mouse)."""

    opaque = False
    moves_by_itself = False
    wants_text = True

    def __init__(self, app, on_done: Callable[[str], str | None], title: str = N_("Join a game"),
                 ask: str = N_("Type your friend's invite code."), button: str = N_("Join"),
                 hints: tuple[str, str] = JOIN_HINTS) -> None:
        super().__init__(app)
        self.on_done = on_done
        self.title, self.ask, self.hints = title, ask, hints  # English, marked: worded at each draw
        self.chars: list[str | None] = [None] * api.CODE_LENGTH
        self.pos = 0
        self.message = ""
        self.ready = False
        self.slots: list[pygame.Rect] = []
        self.ups: list[pygame.Rect] = []
        self.downs: list[pygame.Rect] = []
        self.buttons = {"join": LiveButton(button, self.submit),
                        "cancel": LiveButton(N_("Cancel"), self.cancel)}

    def enter(self) -> None:
        start_typing()

    @property
    def code(self) -> str:
        return "".join(c or "" for c in self.chars)

    def type_text(self, text: str) -> None:
        if not self.ready:
            return  # the key that opened the form
        for ch in text.upper():
            if ch in " -":
                continue
            if ch not in api.ALPHABET:
                self.message = _("Codes have no 0, O, 1 or I: only the letters and digits shown.")
                continue
            self.chars[self.pos] = ch
            self.pos = min(self.pos + 1, api.CODE_LENGTH - 1)
            self.message = ""

    def backspace(self) -> None:
        if self.chars[self.pos] is None and self.pos > 0:
            self.pos -= 1
        self.chars[self.pos] = None

    def turn(self, slot: int, step: int) -> None:
        """The letter in ``slot`` one on (or back) in the codes' alphabet."""
        self.pos = slot
        now = self.chars[slot]
        k = api.ALPHABET.index(now) + step if now else (0 if step > 0 else -1)
        self.chars[slot] = api.ALPHABET[k % len(api.ALPHABET)]

    def move(self, step: int) -> None:
        self.pos = max(0, min(api.CODE_LENGTH - 1, self.pos + step))

    def submit(self) -> None:
        code = api.normal_code(self.code)
        if code is None:
            self.message = _("A code has six letters and digits.")
            return
        self.message = ""
        why = self.on_done(code)  # the request's panel comes over this form; joined: the game's screens
        if why is not None:
            self.message = why

    def cancel(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def handle(self, action: Action) -> None:
        if action.name == TEXT:
            self.type_text(action.text or "")
            return
        if action.pos is not None:
            if action.name == CONFIRM:
                n = len(self.slots)  # the arrows over and under each character, and the characters
                i = hit([*self.ups[:n], *self.downs[:n], *self.slots[:n]], action.pos)
                if i is not None:
                    if i < 2 * n:
                        self.turn(i % n, 1 if i < n else -1)
                    else:
                        self.pos = i - 2 * n
                    return
            for button in self.buttons.values():
                if button.handle(action):
                    return
            return
        if action.device == "keyboard":
            keys = {pygame.K_LEFT: lambda: self.move(-1), pygame.K_RIGHT: lambda: self.move(1),
                    pygame.K_UP: lambda: self.turn(self.pos, 1),
                    pygame.K_DOWN: lambda: self.turn(self.pos, -1),
                    pygame.K_BACKSPACE: self.backspace, pygame.K_ESCAPE: self.cancel}
            if action.key in ENTER_KEYS:
                self.submit()
            elif action.key in keys:
                keys[action.key]()
            return
        if action.name == CONFIRM:  # a pad: A joins once the code is whole, else goes on to the next
            if None in self.chars:
                self.move(1) if self.chars[self.pos] else self.turn(self.pos, 1)
            else:
                self.submit()
        elif action.name in (UP, DOWN):
            self.turn(self.pos, 1 if action.name == UP else -1)
        elif action.name in (LEFT, RIGHT):
            self.move(1 if action.name == RIGHT else -1)
        elif action.name == ALTERNATE:
            self.backspace()
        elif action.name in (BACK, MENU):
            self.cancel()
        elif action.name == POINT:
            pass

    def update(self, dt: float) -> None:
        self.ready = True

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 150)
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        box = pygame.Rect(0, 0, int(min(w - 40 * s, 820 * s)), int(min(h - 20 * s, 470 * s)))
        box.center = (w // 2, h // 2)
        panel(surface, box, s)
        title = _(self.title)
        theme.draw_text(surface, title, (w / 2, box.y + 18 * s), int(46 * s), theme.INK, "midtop", True)
        ask = _(self.ask)
        theme.draw_text(surface, ask, (w / 2, box.y + 74 * s),
                        theme.fitted(ask, int(26 * s), box.width - 40 * s), theme.INK_DIM, "midtop")
        size = int(64 * s)
        slot_w, gap = int(78 * s), int(14 * s)
        total = api.CODE_LENGTH * slot_w + (api.CODE_LENGTH - 1) * gap + int(24 * s)
        x = w / 2 - total / 2
        top = box.y + int(170 * s)
        self.slots, self.ups, self.downs = [], [], []
        arrow = int(36 * s)
        for k, ch in enumerate(self.chars):
            rect = pygame.Rect(int(x), top, slot_w, int(90 * s))
            x += slot_w + gap + (int(24 * s) if k == 2 else 0)
            self.slots.append(rect)
            self.ups.append(pygame.Rect(rect.x, rect.y - arrow - int(4 * s), rect.w, arrow))
            self.downs.append(pygame.Rect(rect.x, rect.bottom + int(4 * s), rect.w, arrow))
            pygame.draw.rect(surface, theme.BG, rect, border_radius=int(8 * s))
            pygame.draw.rect(surface, theme.ACCENT if k == self.pos else theme.INK_FAINT, rect,
                             max(2, int((4 if k == self.pos else 2) * s)), border_radius=int(8 * s))
            if ch:
                theme.draw_text(surface, ch, rect.center, size, theme.INK, "center", True)
            for r, pointing in ((self.ups[k], -1), (self.downs[k], 1)):
                cx, cy, d = r.centerx, r.centery, r.height * 0.3
                ink = theme.INK_DIM if k == self.pos else theme.INK_FAINT
                tip = (cx, cy + pointing * d)
                pygame.draw.polygon(surface, ink, [(cx - d * 1.3, cy - pointing * d),
                                                   (cx + d * 1.3, cy - pointing * d), tip])
        if self.message:
            y = self.downs[0].bottom + 12 * s
            theme.draw_text(surface, self.message, (w / 2, y),
                            theme.fitted(self.message, int(24 * s), box.width - 40 * s), theme.BAD, "midtop")
        bw, bh = int(180 * s), int(46 * s)
        for k, key in enumerate(("join", "cancel")):
            rect = pygame.Rect(0, 0, bw, bh)
            rect.center = (int(w / 2 + (k - 0.5) * (bw + 30 * s)), int(box.bottom - 72 * s))
            whole = None not in self.chars
            self.buttons[key].draw(surface, rect, int(30 * s), active=key == "join" and whole)
        if self.app.last_device.startswith("pad"):
            hint = _(self.hints[0])
        else:
            hint = _(self.hints[1])
        theme.draw_text(surface, hint, (w / 2, box.bottom - 30 * s),
                        theme.fitted(hint, int(22 * s), box.width - 30 * s), theme.INK_FAINT, "midtop")


class AddressScene(Scene):
    """A server's address, typed (``192.168.1.5``, ``example.org:8740``)."""

    opaque = False
    moves_by_itself = False
    wants_text = True

    def __init__(self, app, text: str, on_done: Callable[[str], str | None]) -> None:
        super().__init__(app)
        self.text = text
        self.on_done = on_done
        self.fresh = True
        self.ready = False
        self.message = ""

    def enter(self) -> None:
        start_typing()

    def handle(self, action: Action) -> None:
        if action.name == TEXT:
            if not self.ready:
                return
            typed = "".join(c for c in (action.text or "") if c.isprintable() and c != " ")
            if typed:
                self.text = (typed if self.fresh else self.text + typed)[:100]
                self.fresh = False
        elif action.device == "keyboard":
            if action.key in ENTER_KEYS:
                why = self.on_done(self.text)
                if why is None:
                    self.cancel()
                else:
                    self.message = why
            elif action.key == pygame.K_BACKSPACE:
                self.text = "" if self.fresh else self.text[:-1]
                self.fresh = False
            elif action.key == pygame.K_ESCAPE:
                self.cancel()
        elif action.name in (BACK, MENU) or (action.name == CONFIRM and action.pos is not None):
            self.cancel()

    def cancel(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def update(self, dt: float) -> None:
        self.ready = True

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 150)
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        box = pygame.Rect(0, 0, int(min(w - 60 * s, 820 * s)), int(300 * s))
        box.center = (w // 2, h // 2)
        panel(surface, box, s)
        theme.draw_text(surface, _("Server address"), (w / 2, box.y + 22 * s), int(44 * s), theme.INK,
                        "midtop", True)
        field = pygame.Rect(box.x + int(40 * s), box.y + int(96 * s), box.width - int(80 * s), int(60 * s))
        pygame.draw.rect(surface, theme.BG, field, border_radius=int(8 * s))
        pygame.draw.rect(surface, theme.ACCENT, field, 2, border_radius=int(8 * s))
        theme.draw_text(surface, self.text or _("for example 192.168.1.5"), (field.x + 16 * s, field.centery),
                        theme.fitted(self.text, int(34 * s), field.width - 30 * s),
                        theme.INK if self.text else theme.INK_FAINT, "midleft")
        if self.message:
            theme.draw_text(surface, self.message, (w / 2, field.bottom + 14 * s), int(24 * s), theme.BAD,
                            "midtop")
        hint = _("Type the address   Enter: use it   Esc: cancel")
        theme.draw_text(surface, hint, (w / 2, box.bottom - 36 * s),
                        theme.fitted(hint, int(22 * s), box.width - 30 * s), theme.INK_FAINT, "midtop")


__all__ = ["AddressScene", "CodeScene", "ConnectingScene", "LobbyScene", "OnlineScene"]
