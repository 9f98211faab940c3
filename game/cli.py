"""Command line of ``python main.py`` (installed: ``gauss-arcade``): options in, a clear
message and exit 2 when bad."""
from __future__ import annotations

import argparse
import errno
import logging
import os
import stat
import sys
from dataclasses import dataclass
from logging.handlers import RotatingFileHandler

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before anything imports pygame

from . import catalogue, i18n  # noqa: E402
from .content import levels
from .i18n import N_, _, pgettext  # noqa: E402
from .persistence.storage import Message  # noqa: E402
from .rules.core import RulesError  # noqa: E402

#: argparse's own words (Python's 'argparse' gettext domain), marked here so that they are
#: in our template: :func:`parser` has argparse say them through our catalogue
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("unrecognized arguments: %s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("expected one argument"),
    N_("invalid %(type)s value: %(value)r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("ignored explicit argument %r"),
)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse's own, minus the usage dump noise
        usage = "python main.py" if self.prog == "main.py" else self.prog
        self.exit(2, _("{prog}: {message}\n(see '{usage} --help')\n").format(
            prog=self.prog, message=message, usage=usage))


class _Quiet(argparse.ArgumentParser):
    """A parser that says nothing: :func:`wants_text`'s look ahead, before the real one speaks."""

    def error(self, message: str):  # argparse's, which never returns
        raise ValueError(message)


def choose_language(sdl: bool = True) -> str:
    """Say the command line (``--help``, errors) in the language chosen in Settings, else
    the system's; a missing or broken settings file means the system's, quietly. Without
    ``sdl`` the system's language is read from the environment alone (the text mode never
    loads pygame)."""
    try:
        from .persistence import settings

        choice = settings.saved_language()
    except Exception:  # noqa: BLE001 - whatever is wrong with the file, --help must work
        choice = None
    return i18n.set_language(choice, sdl=sdl)


def wants_text(argv: list[str]) -> bool:
    """Whether ``argv`` asks for the text mode (``--text``, or a prefix argparse reads as it),
    known before the parser is built: the language is then chosen without pygame."""
    early = _Quiet(add_help=False, exit_on_error=False)
    early.add_argument("--text", action="store_true")
    try:
        known, _rest = early.parse_known_args(argv)
    except (argparse.ArgumentError, ValueError):  # a bad command line: the real parser says what is wrong
        return False
    return bool(known.text)


def parser() -> argparse.ArgumentParser:
    """The command line's parser, in the current language (:func:`choose_language` first)."""
    argparse._ = i18n._  # argparse's own words ("usage:", "options:"): through our catalogue
    argparse.ngettext = i18n.ngettext
    name = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    prog = "main.py" if not name or name.endswith(".py") else name
    p = _Parser(prog=prog, description=_("Gauss Arcade: five two-player abstract games."))
    p.add_argument("--game", metavar=pgettext("command line", "GAME"),
                   help=_("start this game directly: {games}").format(games=", ".join(catalogue.GAME_IDS)))
    p.add_argument("--level", metavar=pgettext("command line", "LEVEL"),
                   help=_("the level (board) of --game, e.g. classic, small, large"))
    p.add_argument("--seed", type=int, metavar=pgettext("command line", "SEED"),
                   help=_("seed for the random start player (and dice)"))
    p.add_argument("--seconds", type=float, metavar=pgettext("command line", "SECONDS"),
                   help=_("quit cleanly after this many seconds"))
    p.add_argument("--screenshot", metavar=pgettext("command line", "PATH"),
                   help=_("write the last frame as PNG on exit"))
    p.add_argument("--headless", action="store_true",
                   help=_("no window or sound (SDL dummy drivers): smoke tests, benchmarks"))
    p.add_argument("--size", default="1280x720", metavar=pgettext("command line", "SIZE"),
                   help=_("window size WxH (default 1280x720)"))
    p.add_argument("--fullscreen", action="store_true", help=_("start fullscreen (F11 toggles)"))
    p.add_argument("--autoplay", type=int, default=0, metavar="N",
                   help=_("play N random moves at the start of --game (screenshots, demos)"))
    p.add_argument("--demo", action="store_true",
                   help=_("the attract loop: the computer plays every game in turn; any key to play"))
    p.add_argument("--kiosk", action="store_true",
                   help=_("unattended kiosk: fullscreen, starts in the demo, returns to it when idle, "
                          "cannot be quit by visitors (operator menu: Ctrl+Shift+O)"))
    p.add_argument("--text", action="store_true",
                   help=_("play in the terminal, in words: for a screen reader, or without a display "
                          "(with --game, --level, --seed)"))
    p.add_argument("--export-animation", metavar=pgettext("command line", "FILE"),
                   help=_("draw the saved game or text record FILE as an animated picture into "
                          "pictures/ in the user folder, say where it went, and end (no window)"))
    return p


@dataclass(frozen=True)
class ExportOptions:
    """``--export-animation``: the save or text record to draw as an animated picture."""

    path: str


def parse(argv: list[str]):
    """The options of ``argv``: the app's ``Options``, or with ``--text`` the text mode's
    ``TextOptions`` (read without loading pygame)."""
    p = parser()
    ns = p.parse_args(argv)
    try:
        w, h = (int(v) for v in ns.size.lower().split("x"))
        if not (320 <= w <= 7680 and 240 <= h <= 4320):
            raise ValueError
    except ValueError:
        p.error(_("--size must look like 1280x720 (320x240 up to 7680x4320), not {size}").format(
            size=repr(ns.size)))
    if ns.seconds is not None and ns.seconds < 0:
        p.error(_("--seconds must be 0 or more"))
    if ns.autoplay < 0:
        p.error(_("--autoplay must be 0 or more"))
    if ns.level and not ns.game:
        p.error(_("--level needs --game"))
    if ns.game and (ns.demo or ns.kiosk):
        p.error(_("--game cannot be combined with --demo or --kiosk (they choose the games)"))
    if ns.game:
        try:
            catalogue.get(ns.game)
            levels.load(ns.game, ns.level)
        except RulesError as exc:
            p.error(i18n.refusal(Message.of(exc)))
    if ns.export_animation is not None:
        if ns.game or ns.demo or ns.kiosk or ns.text:
            p.error(_("--export-animation cannot be combined with --game, --demo, --kiosk or --text"))
        return ExportOptions(ns.export_animation)
    if ns.text:
        if ns.demo or ns.kiosk:
            p.error(_("--text cannot be combined with --demo or --kiosk"))
        from .textmode import TextOptions

        return TextOptions(game=ns.game, level=ns.level, seed=ns.seed)
    from .app.app import Options

    return Options(game=ns.game, level=ns.level, seed=ns.seed, seconds=ns.seconds,
                   screenshot=ns.screenshot, headless=ns.headless, size=(w, h),
                   fullscreen=ns.fullscreen or (ns.kiosk and not ns.headless), autoplay=ns.autoplay,
                   demo=ns.demo or ns.kiosk, kiosk=ns.kiosk)


LOG_FILE = "gauss-arcade.log"


def log_to_file() -> None:
    """Everything logged also goes to ``logs/gauss-arcade.log`` in the user's folder,
    rotated so that a kiosk running for weeks keeps a bounded log. The log is a file
    like the others: one that is not a regular file (a FIFO would hang the start) or is
    a link (it would write outside the folder) is set aside, and a failed write (a full
    disk) says so in one line, never with a traceback."""
    from .persistence import storage

    try:
        folder = storage.home() / "logs"
        for path, is_kind in ((folder, stat.S_ISDIR), (folder / LOG_FILE, stat.S_ISREG)):
            try:
                info = os.lstat(path)
            except FileNotFoundError:
                continue
            if not is_kind(info.st_mode):  # a link, a FIFO, a device: kept aside, never followed
                storage.set_aside(path)
        folder.mkdir(parents=True, exist_ok=True)
        handler = _LogFile(folder / LOG_FILE, maxBytes=1_000_000, backupCount=3, encoding="utf-8")
    except (OSError, ValueError) as exc:
        reason = storage.reason_of(exc) if isinstance(exc, OSError) else str(exc)
        logging.getLogger("gauss_arcade").warning("No log file (%s); logging to the console only.", reason)
        return
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logging.getLogger().addHandler(handler)


class _LogFile(RotatingFileHandler):
    """The log file, opened as the game opens every file: never through a link, never a
    FIFO or a device; a write that fails is said in one line (once, until writing works
    again), not with the traceback ``logging`` prints for each."""

    failing = False  # the last write failed (and that was said)
    erred = False  # the write under way failed

    def _open(self):
        flags = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
                 | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
        fd = os.open(self.baseFilename, flags, 0o644)
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise OSError(errno.EINVAL, "the log is not a regular file")
        return os.fdopen(fd, "a", encoding=self.encoding or "utf-8", errors="backslashreplace")

    def emit(self, record: logging.LogRecord) -> None:
        self.erred = False
        super().emit(record)
        if not self.erred:
            self.failing = False

    def flush(self) -> None:
        try:
            super().flush()
        except (OSError, ValueError):
            pass  # a full disk: said when the write failed

    def close(self) -> None:
        try:
            super().close()
        except (OSError, ValueError):
            pass

    def handleError(self, record: logging.LogRecord) -> None:
        self.erred = True
        if self.failing:
            return
        self.failing = True
        error = sys.exc_info()[1]
        reason = (error.strerror if isinstance(error, OSError) and error.strerror
                  else type(error).__name__)
        try:
            sys.stderr.write(f"gauss-arcade: the log file cannot be written ({reason}).\n")
        except (OSError, ValueError, AttributeError):
            pass


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    text = wants_text(args)
    # before the parser is built: --help and its errors in the player's language
    choose_language(sdl=not text)
    options = parse(args)
    if text:
        from .textmode import TextOptions, run

        if isinstance(options, TextOptions):
            logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
            log_to_file()
            return run(options)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    log_to_file()
    if isinstance(options, ExportOptions):
        return export_animation(options.path)
    if options.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from .app.app import NoDisplay
    from .navigation import make_app

    try:
        return make_app(options).run()
    except KeyboardInterrupt:
        return 130
    except NoDisplay:
        print(_("gauss-arcade: no screen could be opened (no X or Wayland display here). Start it "
                "in a desktop session, set DISPLAY, or use --headless to run without a window."),
              file=sys.stderr)
        return 1


def export_animation(name: str) -> int:
    """``--export-animation FILE``: the save or text record ``FILE`` drawn off-screen as an
    animated picture into ``pictures/``; its path on standard output (0), or why not on
    standard error (1)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    from pathlib import Path

    from .app.app import Options
    from .navigation import make_app
    from .persistence import saves
    from .scenes.hosts import picture

    path = Path(name)
    record, problem = saves.examine(path) if path.is_file() else (None, _("there is no such file"))
    if record is None:
        print(_("gauss-arcade: {file} cannot be drawn: {problem}.").format(file=name, problem=problem),
              file=sys.stderr)
        return 1
    app = make_app(Options(headless=True))
    app.start()
    try:
        job = picture.export(app, record, path.stem)
    finally:
        app.shutdown()
    text, bad = job.said()
    print(text, file=sys.stderr if bad else sys.stdout)
    return 1 if bad else 0


def text_main(argv: list[str] | None = None) -> int:
    """``gauss-arcade-text``: ``gauss-arcade --text``, as a console program (on Windows the
    game's own command is a GUI program, with no console to type in)."""
    args = sys.argv[1:] if argv is None else argv
    return main([*args, "--text"] if "--text" not in args else args)
