"""Where the player goes: the first scene, the routes between screens, the kiosk's watch.

This layer sits above the scenes and the app shell: it is the only part that knows
every screen. Scenes ask it to go somewhere (``self.app.nav.select(game_id)``);
the app asks it what to show first, calls :meth:`Navigator.watch` every frame and
:meth:`Navigator.failed` after a scene raised. Game scenes and how-to pages are
found through each game's record (:mod:`game.catalogue`).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import catalogue
from .app.app import App, Options
from .content import lessons
from .i18n import N_, _
from .persistence import saves, storage
from .persistence.saves import Record
from .persistence.storage import StoredFileError
from .scenes.base import Scene, named_class
from .scenes.hosts.demo import DemoScene
from .scenes.hosts.kiosk import OperatorScene, RestartCard, StillThereScene
from .scenes.hosts.lesson import LessonListScene
from .scenes.hosts.lesson import choose_game as choose_course
from .scenes.hosts.puzzle import choose_game
from .scenes.hosts.replay import ReplayScene
from .scenes.menus.arcade import HallScene, LadderScene
from .scenes.menus.howto import HowToScene
from .scenes.menus.initials import InitialsScene
from .scenes.menus.name_entry import SaveNameScene
from .scenes.menus.online import ConnectingScene, OnlineScene
from .scenes.menus.overlay import AskScene
from .scenes.menus.saves_menu import LoadScene
from .scenes.menus.seats import HUMAN, Seat, level_name
from .scenes.menus.select import SelectScene
from .scenes.menus.settings_menu import SettingsScene
from .scenes.menus.setup import SetupScene
from .scenes.menus.title import TitleScene
from .scenes.play import DEMO, EXERCISE, ONLINE, WATCHED

FAILED_NOTICE = N_("Something went wrong in that game; it was closed. (Details in the log.)")


def game_scene(app: Any, game_id: str, level: str | None = None, seed: int | None = None,
               autoplay: int = 0, seats: dict[str, Seat] | None = None, hosted: bool = False,
               start: bool = True, ladder: str | None = None, hosting: Any = None) -> Any:
    """A game's play scene, started: ``seats`` says who plays each side (default: people
    sharing the controls); ``hosted`` makes it a game shown inside another scene (demo,
    replay): no autosave, no pause or result overlays of its own. ``start=False`` leaves
    the game to be set up by the caller (a resumed game: nothing is written before it is
    rebuilt); ``ladder`` makes it a game of the arcade ladder against that level."""
    cls = named_class(catalogue.get(game_id).scene)
    scene = cls(app, level=level, seats=seats, hosted=hosted, ladder=ladder, hosting=hosting)
    if start:
        scene.start(seed, autoplay=autoplay)
    return scene


class Navigator:
    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def stack(self):
        return self.app.stack

    # -- the app's calls ------------------------------------------------------------------
    def start(self) -> None:
        """The first scene: the title, with the game or the demo on top when asked for."""
        options = self.app.options
        self.stack.reset(TitleScene(self.app))
        if options.game:
            def play() -> None:
                self.play(options.game, options.level, options.seed, autoplay=options.autoplay)
            if options.headless:  # a script's run: what it asked for, nobody to ask
                play()
            else:
                self.replacing(options.game, play, _("Start a new game"))
        elif options.demo:
            self.demo()

    def watch(self) -> None:
        """A kiosk with nobody there: ask "still there?" (then the demo comes back)."""
        app = self.app
        top = self.stack.top
        if (app.options.kiosk and top is not None and not top.calm
                and app.idle >= app.settings.kiosk_idle_seconds):
            self.stack.push(StillThereScene(app))

    def failed(self) -> None:
        """A scene raised (already logged): a kiosk shows its "restarting" card and goes
        back to the demo; anyone else is taken to the title with a notice."""
        if self.app.options.kiosk:
            self.stack.reset(RestartCard(self.app))
        else:
            self.title(_(FAILED_NOTICE))

    def operator(self) -> None:
        if not isinstance(self.stack.top, OperatorScene):
            self.stack.push(OperatorScene(self.app))

    # -- routes -------------------------------------------------------------------------------
    def title(self, notice: str = "") -> None:
        self.app.notice = notice
        self.stack.reset(TitleScene(self.app))

    def demo(self) -> None:
        """The attract loop, over the title screen that any key returns to. On a kiosk it
        ends a visit: the next visitor climbs, learns and solves from the start, and is not
        offered the last one's initials."""
        if self.app.options.kiosk:
            storage.new_visitor()
            InitialsScene.last = "AAA"
            self.app.phones.rotate()  # the last visitors' phones go; the code changes
        self.stack.reset(TitleScene(self.app))
        self.stack.push(DemoScene(self.app, seed=self.app.options.seed))

    def leave_demo(self) -> None:
        self.app.idle = 0.0
        self.title()

    def select(self, game_id: str | None = None) -> None:
        """The game list over the title, with ``game_id`` (the game just played) chosen."""
        if not isinstance(self.stack.top, TitleScene):
            self.title()
        self.stack.push(SelectScene(self.app, game_id))

    def leave_game(self, game: Any) -> None:
        """Out of a game to where it was chosen: the ladder for a ladder game, the online
        menu for an online game, else the game list with that game chosen."""
        if getattr(game, "online", None) is not None:
            self.title()
            self.online()
        elif getattr(game, "ladder", None) is not None:
            self.title()
            self.ladder(game.game_id)
        else:
            self.select(game.game_id)

    def setup(self, game_id: str, level: str | None = None) -> None:
        self.stack.push(SetupScene(self.app, game_id, level))

    def play(self, game_id: str, level: str | None = None, seed: int | None = None, autoplay: int = 0,
             seats: dict[str, Seat] | None = None, ladder: str | None = None) -> Scene:
        scene = game_scene(self.app, game_id, level, seed, autoplay=autoplay, seats=seats, ladder=ladder)
        self.stack.push(scene)
        return scene

    def resume(self, record: Record, banner: str = "") -> Scene:
        """``record`` becomes the game in progress, over the title, autosaved from now on."""
        self.title()
        scene = game_scene(self.app, record.game, record.level, record.seed, start=False)
        scene.restore(record, banner or _("Resumed where you left off"))
        self.stack.push(scene)
        return scene

    def in_progress(self, game_id: str) -> Record | None:
        """``game_id``'s game in progress, if it has a move to lose (a kiosk keeps none:
        its visitors never inherit a game)."""
        if self.app.options.kiosk:
            return None
        try:
            saved = saves.read_autosave(game_id)
        except StoredFileError as exc:
            self.app.notice = str(exc)
            return None
        return saved if saved is not None and saved.moves else None

    def replacing(self, game_id: str, go: Callable[[], None], start: str,
                  seats: dict[str, str] | None = None, kept: Record | None = None) -> None:
        """Run ``go``, which replaces ``game_id``'s game in progress, after asking when
        there is one: resume it (the default: nothing is lost), or ``start`` (the new
        game's words: "Start the new game"), or back. Both games are described, so that
        neither choice drops what the player just chose (``seats``: the new game's).

        ``kept``: a game stored elsewhere that ``go`` continues (a save loaded, replayed):
        when the game in progress is that game, every move of it is kept there, and
        nothing is asked."""
        saved = self.in_progress(game_id)
        if saved is None or (kept is not None and same_game(saved, kept)
                             and kept.moves[:len(saved.moves)] == saved.moves):
            go()
            return
        title = _(catalogue.get(game_id).title)
        lines = [_("A game of {game} is at move {number}: {who}.").format(
            game=title, number=saved.move_number(), who=who_plays(saved.seats))]
        if seats is not None:
            lines.append(_("The new game: {who}. It replaces the game in progress.").format(
                who=who_plays(seats)))
        else:
            lines.append(_("The new game replaces the game in progress."))
        self.stack.push(AskScene(self.app, _("{game} is in progress").format(game=title), lines,
                                 [(_("Resume it"), lambda: self.resume(saved)), (start, go),
                                  (_("Back"), lambda: None)]))

    def online(self) -> None:
        """The online menu over the title: a new game, join one, my games."""
        self.stack.push(OnlineScene(self.app))

    def play_online(self, game: Any) -> Scene:
        """The play scene of ``game`` (an :class:`~game.online.client.OnlineGame`), over the
        title and the online menu: its moves the server's, the opponent a remote seat."""
        self.title()
        self.online()
        scene = game_scene(self.app, game.game_id, game.level_name, start=False, hosting=ONLINE)
        scene.go_online(game)
        # until the server's welcome, a screen that says so (the board would be a guess)
        self.stack.push(scene if scene.online_shown else ConnectingScene(self.app, scene))
        return scene

    def puzzle_game(self, game_id: str, level: str | None = None) -> Any:
        """A game's play scene for a puzzle: not started (the puzzle sets its position)."""
        return game_scene(self.app, game_id, level, start=False, hosting=EXERCISE)

    def puzzles(self) -> None:
        """Which game's puzzles, then that game's list."""
        choose_game(self.app)

    def lessons(self, game_id: str | None = None) -> None:
        """``game_id``'s course (or first: which game's)."""
        if game_id is None:
            choose_course(self.app)
        elif lessons.load(game_id) is not None:
            self.stack.push(LessonListScene(self.app, game_id))

    def ladder(self, game_id: str | None = None) -> None:
        self.stack.push(LadderScene(self.app, game_id))

    def hall_of_fame(self, game_id: str | None = None) -> None:
        self.stack.push(HallScene(self.app, game_id))

    def enter_initials(self, game_id: str, kind: str, value: int, card: Any = None) -> None:
        """Ask three letters for a result that enters the hall of fame."""
        self.stack.push(InitialsScene(self.app, game_id, kind, value, card))

    def hosted_game(self, game_id: str, level: str | None = None, seed: int | None = None,
                    seats: dict[str, Seat] | None = None, demo: bool = False) -> Any:
        """A game watched inside another screen (a replay; with ``demo``, the attract loop)."""
        return game_scene(self.app, game_id, level, seed, seats=seats, hosting=DEMO if demo else WATCHED)

    def howto(self, game_id: str) -> bool:
        """The how-to pages of ``game_id`` on top (its how-to file, drawn with its kit); False if
        the game has none (its record names no kit)."""
        if not catalogue.get(game_id).diagrams:
            return False
        self.stack.push(HowToScene(self.app, game_id))
        return True

    def load_menu(self) -> None:
        self.stack.push(LoadScene(self.app))

    def replay(self, record: Record, name: str = "") -> None:
        self.stack.push(ReplayScene(self.app, record, name))

    def review(self, record: Record) -> None:
        """A finished game stepped through with the computer's value of each position."""
        self.stack.push(ReplayScene(self.app, record, review=True))

    def settings(self, operator: bool = False) -> None:
        self.stack.push(SettingsScene(self.app, operator=operator))

    def save_as(self, record: Record, on_saved: Callable[[str], None]) -> None:
        self.stack.push(SaveNameScene(self.app, record, on_saved))


def same_game(a: Record, b: Record) -> bool:
    """Whether two records start alike: the same game, board, seed and options."""
    return (a.game, a.level, a.seed, a.options) == (b.game, b.level, b.seed, b.options)


def who_plays(seats: dict[str, str]) -> str:
    """Who plays a game, in a few words: "you against the computer (hard)", "two players"."""
    computers = [kind for kind in seats.values() if kind != HUMAN]
    if not computers:
        return _("two players")
    if len(computers) == len(seats):
        return _("the computer against itself")
    return _("you against the computer ({level})").format(level=level_name(computers[0]))


def make_app(options: Options | None = None) -> App:
    """The app with its navigator: what ``main.py`` runs and the tests drive."""
    app = App(options)
    app.nav = Navigator(app)
    return app
