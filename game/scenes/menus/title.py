"""The title screen."""
from __future__ import annotations

import math

import pygame

from ... import catalogue, i18n
from ...i18n import N_, _, ngettext
from ...online import book
from ...online.status import WATCHER
from ...persistence import saves
from ...ui import theme
from ...ui.actions import BACK, CONFIRM, MENU, Action
from ...ui.cards import CardMenu
from ...ui.kits.gauss import disc_image
from ..base import LiveItem, Scene, arrows
from .overlay import AskScene


class Heading:
    """Where the title screen's words stand, and the ring of discs drifting round them like
    poles: round the words, clear of them and of the menu below, at every size (it used to
    run over the title and into the menu at 800x600)."""

    def __init__(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.scale_of_size(size)
        self.tagline = _("GAUSS, the magnetic duel, and four more games for two")
        self.title_size = theme.fitted("GAUSS ARCADE", int(110 * s), w - 40 * s, True)
        self.tag_size = theme.fitted(self.tagline, int(34 * s), w - 40 * s)
        self.title = pygame.Rect((0, 0), theme.font(self.title_size, True).size("GAUSS ARCADE"))
        self.title.center = (w // 2, round(h * 0.22))
        self.tag = pygame.Rect((0, 0), theme.font(self.tag_size).size(self.tagline))
        self.tag.center = (w // 2, round(h * 0.33))
        block = self.title.union(self.tag)
        self.r = r = max(6, round(14 * s))
        # the ellipse through the corners of the words' box grown by a disc: its half sides
        # times the root of 2; where the window is too narrow for that, flatter and taller
        a, b = block.width / 2 + r + 2, block.height / 2 + r + 2
        self.cx, self.cy = w / 2, block.centery
        self.rx = min(w / 2 - r - 2, a * 1.42)
        self.ry = b / math.sqrt(max(0.05, 1 - (a / self.rx) ** 2))
        self.ry = min(self.ry, self.cy - r - 2)
        self.menu_top = max(h * 0.45, self.cy + self.ry + r + 4)  # the menu starts under the ring

    def discs(self, t: float) -> list[tuple[float, float]]:
        """The twelve discs' centres at time ``t``."""
        return [(self.cx + math.cos(t * 0.25 + k * math.pi / 6) * self.rx,
                 self.cy + math.sin(t * 0.25 + k * math.pi / 6) * self.ry) for k in range(12)]


class TitleScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.t = 0.0
        kiosk = app.options.kiosk
        st = app.settings
        # a kiosk's visitor plays, learns, solves, climbs and watches (what the operator left
        # on); saves, settings and the last visitor's game are the operator's (Ctrl+Shift+O)
        items = [LiveItem(N_("Play"), self.play)]
        #: my online games (their standings, as the servers last said, badge Play online)
        self.online_games: list[book.Entry] = []
        if not kiosk:  # a kiosk's visitors play here, not with the operator's secrets
            self.online_games = book.load()[0]
            items.append(LiveItem(N_("Play online"), app.nav.online))
            items.append(LiveItem(N_("Load game"), self.load_game))
        items.append(LiveItem(N_("How to play"), self.howto))
        if not kiosk or st.kiosk_lessons:
            items.append(LiveItem(N_("Lessons"), app.nav.lessons))
        if not kiosk or st.kiosk_puzzles:
            items.append(LiveItem(N_("Puzzles"), app.nav.puzzles))
        if not kiosk or st.kiosk_ladder:
            items.append(LiveItem(N_("Arcade ladder"), app.nav.ladder))
        items.append(LiveItem(N_("Hall of fame"), app.nav.hall_of_fame))
        items.append(LiveItem(N_("Watch the demo"), app.nav.demo))
        if not kiosk:  # a kiosk is quit only from its operator menu
            items += [LiveItem(N_("Settings"), self.settings), LiveItem(N_("Quit"), app.quit)]
        #: the games in progress, saved last first (one autosave per game)
        self.saved: list[saves.Record] = []
        if not kiosk:
            self.saved, problems = saves.read_autosaves()
            if problems:
                app.notice = problems[0]
        if len(self.saved) == 1:
            record = self.saved[0]
            items.insert(0, LiveItem(N_("Resume {game} (move {number})"), self.resume,
                                     game=lambda: _(record.title), number=record.move_number()))
        elif self.saved:
            items.insert(0, LiveItem(N_("Resume a game ({count} in progress)"), self.resume,
                                     count=len(self.saved)))
        # the big choices are cards with a picture; the others a row of buttons under them
        pictures = {self.resume: "resume", self.play: "play", app.nav.lessons: "lessons",
                    app.nav.puzzles: "puzzles", app.nav.ladder: "ladder", app.nav.hall_of_fame: "fame",
                    app.nav.demo: "demo"}
        self.menu = CardMenu(items, {i: pictures[item.on_choose] for i, item in enumerate(items)
                                     if item.on_choose in pictures})

    def resume(self) -> None:
        """The one game in progress, or a choice among them (the one saved last first)."""
        if len(self.saved) == 1:
            self.app.nav.resume(self.saved[0])
            return
        answers = [(_("{game}, move {number}").format(game=_(r.short_title), number=r.move_number()),
                    lambda r=r: self.app.nav.resume(r)) for r in self.saved]
        self.app.stack.push(AskScene(self.app, _("Resume a game"), [_("Which game?")],
                                     [*answers, (_("Back"), lambda: None)]))

    def settings(self) -> None:
        self.app.nav.settings()

    def play(self) -> None:
        self.app.notice = ""
        self.app.nav.select()

    def load_game(self) -> None:
        self.app.notice = ""
        self.app.nav.load_menu()

    def howto(self) -> None:
        """Which game's rules: all five, not only the flagship's."""
        answers = [(_(catalogue.get(gid).title), lambda gid=gid: self.app.nav.howto(gid))
                   for gid in catalogue.GAME_IDS]
        self.app.stack.push(AskScene(self.app, _("How to play"), [_("Which game?")],
                                     [*answers, (_("Back"), lambda: None)]))

    def handle(self, action: Action) -> None:
        if action.name in (BACK, MENU) and not action.is_pointer:
            return  # the title is the bottom of the stack: Quit is a menu item
        self.menu.handle(action)

    #: the ring of discs drifts this long after the last input, then slows to a rest, so
    #: a title nobody uses costs next to nothing (any key or the mouse wakes it)
    DRIFT_SECONDS = 12.0

    def drift(self) -> float:
        """The ring's speed: 1, easing to 0 over the last two seconds of DRIFT_SECONDS
        (0 with Settings → Reduced motion)."""
        if self.app.settings.reduced_motion:
            return 0.0
        return max(0.0, min(1.0, (self.DRIFT_SECONDS - self.app.idle) / 2.0))

    def enter(self) -> None:
        WATCHER.refresh(self.online_games)  # in a thread; a server asked lately is not asked again

    def update(self, dt: float) -> None:
        self.t += dt * self.drift()
        WATCHER.poll()
        if self.online_games and WATCHER.next_due(self.online_games) <= 0:
            WATCHER.refresh(self.online_games)

    def next_change(self) -> float:
        if self.drift() > 0:
            return 0.0
        if WATCHER.busy:
            return 0.1  # the servers' answer comes from another thread
        return WATCHER.next_due(self.online_games) if self.online_games else math.inf

    def your_moves(self) -> str:
        """The line on Play online's button: how many online games wait for this player's move."""
        count = WATCHER.your_moves(self.online_games)
        if not count:
            return ""
        return ngettext("{count} game: your move", "{count} games: your move", count).format(count=count)

    def draw_badge(self, surface: pygame.Surface, s: float) -> pygame.Rect | None:
        """A pill over Play online's button saying how many games wait for a move (None: none do)."""
        words = self.your_moves()
        online = [i for i, item in enumerate(self.menu.items) if item.on_choose == self.app.nav.online]
        if not words or not online or not self.menu.rects[online[0]].h:
            return None
        button = self.menu.rects[online[0]]
        w = surface.get_width()
        size = theme.fitted(words, int(20 * s), w - 40 * s, True)
        pill = pygame.Rect(0, 0, int(theme.text_width(words, size, True) + 20 * s),
                           int(theme.font(size, True).get_linesize() + 6 * s))
        pill.midbottom = (button.centerx, button.top - int(4 * s))
        pill.clamp_ip(pygame.Rect(int(10 * s), 0, int(w - 20 * s), surface.get_height()))
        pygame.draw.rect(surface, theme.ACCENT, pill, border_radius=pill.h // 2)
        theme.draw_text(surface, words, pill.center, size, theme.BG, "center", True)
        return pill

    def draw_notice(self, surface: pygame.Surface, notice: str, s: float,
                    above: pygame.Rect | None = None) -> None:
        """What went wrong at the start (a settings file set aside), in as many lines as it
        takes, just above the row of small buttons: a long one (a file's name in it) would
        run off a small window's sides and over the buttons."""
        w, h = surface.get_size()
        size = int(26 * s)
        lines = theme.wrap(notice, size, int(w - 40 * s))
        line_h = theme.font(size).get_linesize()
        small = [rect for i, rect in enumerate(self.menu.rects) if i not in self.menu.icons and rect.h]
        bottom = min((rect.top for rect in small), default=int(h - 60 * s)) - int(6 * s)
        if above is not None:  # the badge of games waiting for a move stands there
            bottom = min(bottom, above.top - int(4 * s))
        for k, line in enumerate(lines):
            theme.draw_text(surface, line, (w / 2, bottom - (len(lines) - k) * line_h), size, theme.BAD,
                            "midtop")

    def heading(self, size: tuple[int, int]) -> Heading:
        """The title, the tagline and the ring of discs round them for a window of ``size``."""
        return Heading(size)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        head = self.heading((w, h))
        for k, (x, y) in enumerate(head.discs(self.t)):
            disc = disc_image("red" if k % 2 else "blue", head.r)  # shaded, anti-aliased
            surface.blit(disc, disc.get_rect(center=(round(x), round(y))))
        theme.draw_text(surface, "GAUSS ARCADE", head.title.center, head.title_size, theme.INK, "center",
                        True)
        theme.draw_text(surface, head.tagline, head.tag.center, head.tag_size, theme.INK_DIM, "center")
        menu_top = head.menu_top
        area = pygame.Rect(int(20 * s), int(menu_top), w - int(40 * s), int(h - 60 * s - menu_top))
        self.menu.layout(area, s, banner=not self.app.options.kiosk)
        self.menu.draw_cards(surface, s)
        badge = self.draw_badge(surface, s)
        if self.app.notice:
            self.draw_notice(surface, i18n.refusal(self.app.notice), s, badge)
        g = self.app.glyphs()
        controls = (f"{arrows(g)} + {g[CONFIRM]}" if self.app.last_device.startswith("pad")
                    else _("{arrows} + {confirm}, the mouse, or a gamepad").format(arrows=arrows(g),
                                                                                   confirm=g[CONFIRM]))
        theme.draw_text(surface, controls, (w / 2, h - 24 * s), int(22 * s),
                        theme.INK_FAINT, "center")
