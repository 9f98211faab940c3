"""The gallery: every screen a player can reach, drawn in both languages at three window
sizes, and a page that shows them side by side, so that anyone can review the look in one
place (docs/style.md says what to look for):

    python -m game.gallery DIR                       # DIR/index.html and DIR/<lang>/<size>/*.png
    python -m game.gallery DIR --languages de --sizes 800x600 --games rush
    python -m game.gallery DIR --readme docs/screenshots   # the README's pictures, from the tour
    python -m game.gallery DIR --style docs/style          # the style guide's pictures (game.tools.stylebook)

The tour (``tour(app)``) is also what the tests walk through to check that every screen's text
fits its room. It runs in a throwaway home of its own: it plays games, climbs a ladder and
fills a hall of fame, none of which may reach a player's folder.
"""
from __future__ import annotations

import argparse
import html
import os
import random
import shutil
import sys
import tempfile
import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame

from .. import catalogue, palette
from ..arcade import fame, ladder, review
from ..content import lessons, puzzles
from ..online import api
from ..online import book as online_book
from ..online import status as online_status
from ..online.client import OnlineGame
from ..online.errand import Errand
from ..online.status import WATCHER
from ..persistence import saves
from ..phones.qr import matrix as qr_matrix
from ..scenes.hosts.kiosk import RestartCard, StillThereScene
from ..scenes.hosts.lesson import LessonListScene, LessonScene
from ..scenes.hosts.puzzle import PuzzleListScene, PuzzleScene
from ..scenes.menus.online import CodeScene, LobbyScene
from ..scenes.menus.online_games import MyGamesScene
from ..scenes.menus.online_wait import WaitScene
from ..scenes.menus.seats import Seat

LANGUAGES = ["en", "de"]
SIZES = [(800, 600), (1280, 720), (1920, 1080)]
#: the README's picture of each game: mid-game, its most telling move previewed, in English at 1280x720
README_SHOT = "showcase-{game}"


def frames(app, n: int = 3) -> None:
    for _ in range(n):
        app.frame([], 1 / 60, draw=True)


def settle(app, seconds: float = 3.0) -> None:
    """Let ``seconds`` of play go by undrawn: a banner's news ("Blue starts (drawn at
    random)") is gone by the time a player has made six moves, and a picture taken six
    frames after it showed it as if it were still news."""
    for _ in range(round(seconds * 60)):
        app.frame([], 1 / 60, draw=False)


def play_on(app, game, rng: random.Random, moves: int) -> None:
    """Up to ``moves`` random moves, each shown at once, until the game is over."""
    for _ in range(moves):
        if game.state.over:
            return
        game.bench_feed(rng)
        game.queue.skip()
        frames(app, 1)


def showcase(app, game, gid: str) -> Iterator[str]:
    """The cursor on the move (of up to 300 legal ones) whose preview shows most: the most
    effects, so most arrows, rings and changes on the board (the README's pictures)."""
    legal = list(game.rules.legal_moves(game.state))[:300]
    if not legal:
        return
    best = max(legal, key=lambda move: len(game.preview(move)[1]))
    game.point_to(best)
    game.hover_from_mouse = False
    frames(app, 3)
    yield f"showcase-{gid}"


def controls(app) -> Iterator[str]:
    """Settings → Controls, as it opens and while it waits for a key, a key refused."""
    app.nav.settings()
    menu = app.stack.top
    menu.index = menu.ROWS.index("controls")
    menu.choose(1)
    frames(app)
    yield "settings-controls"
    press = [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
             for k in (pygame.K_DOWN, pygame.K_RETURN, pygame.K_i)]
    for event in press:  # Down's arrow chosen, then I, which Details has: refused
        app.frame([event], 1 / 60, draw=True)
    frames(app)
    yield "settings-controls-waiting"
    app.stack.top.cancel("")


def tour(app, games: list[str] | None = None) -> Iterator[str]:
    """Walk the app through every screen; yields each screen's name once it is drawn."""
    games = list(games or catalogue.GAME_IDS)
    nav = app.nav
    nav.title()
    frames(app)
    yield "title"
    nav.settings()
    frames(app)
    yield "settings"
    nav.settings(operator=True)
    frames(app)
    yield "settings-operator"
    yield from controls(app)
    nav.load_menu()
    frames(app)
    yield "load-menu"
    for gid in games:
        nav.select(gid)
        frames(app, 3 + len(games))  # the cards' pictures come one a frame
        yield f"select-{gid}"
        nav.setup(gid)
        frames(app)
        yield f"setup-{gid}"
        if gid == games[0]:  # with a pad there: a gamepad each, and its seats by device
            app.frame([pygame.event.Event(pygame.CONTROLLERDEVICEADDED, instance_id=0)], 1 / 60)
            setup = app.stack.top
            setup.focus = setup.choices.index("pads")
            frames(app)
            yield "setup-pads"
            setup.choose("pads")
            frames(app)
            yield "setup-join"
            app.frame([pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=0)], 1 / 60)
            app.pads.known.discard(0)
        if nav.howto(gid):
            scene = app.stack.top
            for page in range(len(scene.pages)):
                scene.page = page
                frames(app, 2)
                yield f"howto-{gid}-{page + 1}"
        nav.play(gid, seed=3)
        game = app.stack.top
        game.autosave = False
        frames(app, 5)
        yield f"play-{gid}-start"
        rng = random.Random(5)
        play_on(app, game, rng, 6)
        settle(app)
        frames(app, 30)
        yield f"play-{gid}-middle"
        details = app.settings.panel_details  # the panel with its legend, notation and whole list
        app.settings.panel_details = True
        frames(app, 3)
        yield f"play-{gid}-details"
        app.settings.panel_details = details
        if not game.state.over:  # a hint on the message line, its move under the cursor
            game.give_hint(game.rules.random_move(game.state, rng))
            frames(app, 3)
            yield f"play-{gid}-hint"
            play_on(app, game, rng, 8)
            settle(app)
            if not game.state.over:  # the game at its most telling: the move that does most, previewed
                yield from showcase(app, game, gid)
        game.pause()
        frames(app, 3)
        yield f"play-{gid}-pause"
        app.stack.pop()
        if gid == games[0]:  # the screens around a game, once
            record = game.record()
            saves.save_as("Tour", record)
            saves.export_text("Tour", record)
            nav.load_menu()
            frames(app)
            app.stack.top.choose(0)
            frames(app, 10)
            yield "load-chosen"
            app.stack.pop()
            app.stack.pop()
            for name, show in (("save-name", lambda r=record: app.nav.save_as(r, lambda name: None)),
                               ("replay", lambda r=record: app.nav.replay(r, "tour")),
                               ("kiosk-operator", app.nav.operator),
                               ("kiosk-still-there", lambda: app.stack.push(StillThereScene(app))),
                               ("kiosk-restart-card", lambda: app.stack.push(RestartCard(app))),
                               ("initials", lambda g=gid: app.nav.enter_initials(g, "margin", 12))):
                show()
                frames(app, 20)
                yield name
                app.stack.pop()
        play_on(app, game, rng, 4000)
        frames(app, 240)
        yield f"play-{gid}-end"
        finished = game.record()  # the game just over, for the review below (a rematch clears it)
        if gid == games[0]:  # after a rematch the last game is still in the pause menu
            game.rematch()
            if app.stack.top is not game:
                app.stack.pop()
            game.pause()
            frames(app, 3)
            yield "pause-last-game"
            app.stack.pop()
            game.finished = None
        if gid == games[0]:  # the review of the finished game, its values searched
            iterations, review.ITERATIONS = review.ITERATIONS, 200
            nav.review(finished)
            frames(app, 400)
            review.ITERATIONS = iterations
            app.stack.top.goto(app.stack.top.review.costly()[0] + 1 if app.stack.top.review.costly() else 5)
            frames(app, 3)
            yield "review"
            app.stack.pop()
        if puzzles.load_all(gid):  # the game's puzzles: the list, one on the board
            nav.title()
            app.stack.push(PuzzleListScene(app, gid))
            frames(app, 20)  # its cards' pictures come one a frame
            yield f"puzzles-{gid}"
            app.stack.push(PuzzleScene(app, puzzles.load_all(gid)[-1], app.stack.top))
            frames(app, 20)
            yield f"puzzle-{gid}"
        if lessons.load(gid):  # the game's course: the list, a step, its answer right and wrong
            nav.title()
            app.stack.push(LessonListScene(app, gid))
            frames(app, 20)
            yield f"lessons-{gid}"
            course = lessons.load(gid)
            for n, phase in ((1, "try"), (len(course.steps) - 1, "right"), (2, "wrong")):
                app.stack.push(LessonScene(app, course, n, app.stack.top))
                app.stack.top.phase, app.stack.top.wrong_t = phase, 60.0
                frames(app, 10)
                yield f"lesson-{gid}-{n + 1}-{phase}"
                app.stack.pop()
    # the arcade: a climb under way, a hall with names in it, a ladder game
    ladder.finished(games[0], "easy", won=True)
    for k, name in enumerate(("ACE", "BOB", "W W", "Z9Z", "MAX")):
        fame.add(games[0], "margin", name, 40 - 7 * k)
        fame.add(games[0], "ladder", name, 3 + k)
    fame.add(games[0], "streak", "ACE", 12)
    nav.title()
    nav.ladder()
    frames(app)
    yield "ladder"
    nav.hall_of_fame(games[0])
    frames(app)
    yield "hall-of-fame"
    nav.title()
    person, computer = catalogue.get(games[0]).players
    nav.play(games[0], seed=3, ladder="medium",
             seats={person: Seat(person, "human"), computer: Seat(computer, "medium")})
    app.stack.top.autosave = False
    frames(app, 5)
    yield "play-ladder"
    # a game in progress: the title's Resume row, and the question before a new game replaces it
    nav.play(games[0], seed=4)
    game = app.stack.top
    game.commit(game.rules.random_move(game.state, random.Random(4)), animate=False)
    nav.title()
    frames(app)
    yield "title-resume"
    nav.setup(games[0])
    frames(app)
    app.stack.top.choose("computer")
    frames(app, 3)
    yield "ask-in-progress"
    yield from online_tour(app, games[0])
    nav.title()
    nav.demo()
    frames(app, 90)
    yield "demo"


def online_tour(app, game_id: str) -> Iterator[str]:
    """Play online's screens, with no server: the menu, "My games", a code being typed, a new
    game's code waiting for the friend, and a game whose server does not answer."""
    nav = app.nav
    side = catalogue.get(game_id).players[0]
    entry = online_book.Entry("http://127.0.0.1:9", "ABCDEFGH", side, "s" * 32, game_id,
                              catalogue.get(game_id).rules.default_level, "PQ4RS5", "K7XQ2M",
                              "2026-11-26T07:30:00Z")
    # more games, each standing somewhere else, as if their servers had just said so
    others = [replace(entry, match=f"ABCDEFG{k}", game=gid, level=catalogue.get(gid).rules.default_level,
                      seat=catalogue.get(gid).players[1], added=f"2026-11-2{k}T07:30:00Z")
              for k, gid in enumerate(catalogue.GAME_IDS[:4], start=2)]
    kinds = [online_status.THEIR_MOVE, online_status.WAITING, online_status.OVER, online_status.UNREACHABLE]
    for other in others:
        online_book.remember(other)
    online_book.remember(entry)
    WATCHER.known.update({e.key: online_status.Standing(k) for e, k in zip(others, kinds, strict=False)})
    WATCHER.known[entry.key] = online_status.Standing(online_status.YOUR_MOVE)
    WATCHER.asked[entry.server] = WATCHER.clock()  # asked just now: nobody is asked again
    nav.title()
    frames(app)
    yield "title-online-your-move"
    nav.online()
    frames(app)
    yield "online"
    games = MyGamesScene(app, lambda _entry: None)
    games.asked = True  # what the servers said is shown: the tour asks none (nobody listens there)
    app.stack.push(games)
    frames(app)
    yield "online-my-games"
    games.ask_forget(0)
    frames(app)
    yield "online-forget"
    app.stack.pop()
    app.stack.pop()
    form = CodeScene(app, lambda code: None)
    app.stack.push(form)
    form.chars[:4] = list("K7XQ")
    form.pos = 4
    frames(app)
    yield "online-code"
    app.stack.pop()
    app.stack.top.watch()
    frames(app)
    yield "online-watch-code"
    app.stack.pop()
    answer = threading.Event()
    app.stack.push(WaitScene(app, Errand(lambda: answer.wait(30)), lambda _v: None, lambda _w: None,
                             server=entry.server))
    frames(app)
    yield "online-wait"
    app.stack.top.cancel()
    answer.set()
    app.stack.push(LobbyScene(app, OnlineGame.of(entry), {"invite": entry.invite, "watch": entry.watch,
                                                          "game": game_id, "seat": side,
                                                          "correspondence": {"days": 3}}, entry.server))
    frames(app)
    yield "online-lobby"
    lobby = app.stack.top
    lobby.invite_qr = qr_matrix(api.invite_link(entry.server, entry.invite))  # as a hosted game's
    if lobby.invite_qr is not None:
        frames(app)
        yield "online-lobby-hosted"
    app.stack.pop()
    for other in others:
        online_book.forget(other)
    WATCHER.__init__()
    nav.play_online(OnlineGame.of(entry))  # nobody listens on that port: it tries again and says so
    frames(app, 10)
    yield "online-connecting"
    nav.title()
    nav.online()
    app.stack.top.choose_clock(game_id, entry.level)
    frames(app)
    yield "online-new-clock"
    yield from online_time_tour(app, entry)
    online_book.forget(entry)


class Pictured(OnlineGame):
    """An online game with no server: what it is told comes from :meth:`told`, as the
    network's thread would put it, for the pictures of a game being played."""

    def start(self) -> OnlineGame:
        return self

    @property
    def started(self) -> bool:
        return True

    def told(self, message: dict) -> None:
        if message["type"] == "welcome":
            self._post("welcome", (message, [], 0, None))
        else:
            self._post("message", message)


def online_time_tour(app, entry: online_book.Entry) -> Iterator[str]:
    """A live game with clocks: the panel's clocks, the opponent gone with its grace counting
    down, the choice after the grace, and a flag fallen on the end card."""
    from ..content import levels
    from ..match import Match
    from ..online import dice

    seed, salt = 5, "ab" * 16
    match = Match(entry.game, levels.load(entry.game, entry.level), seed, notes=False)
    players = list(match.rules.players)
    me = entry.seat
    other = next(p for p in players if p != me)
    clocks = {"left": {me: 287.4, other: 300.0}, "running": match.state.to_move, "now": 0}
    game = Pictured(entry.server, secret=entry.secret, entry=entry)
    game.told({"v": 1, "type": "welcome", "match": entry.match, "game": entry.game, "level": entry.level,
               "players": players, "seated": players, "commit": dice.commitment(seed, salt), "ply": 0,
               "status": "playing", "seat": me, "state": dice.public(match.rules, match.state),
               "clock": {"initial": 300, "increment": 3}, "clocks": clocks})
    app.nav.play_online(game)
    frames(app, 5)
    yield "online-clocks"
    game.told({"v": 1, "type": "left", "match": entry.match, "side": other, "grace": 47.0})
    frames(app, 5)
    yield "online-left"
    game.told({"v": 1, "type": "left", "match": entry.match, "side": other, "grace": 0})
    frames(app, 5)
    yield "online-grace-over"
    app.stack.pop()
    game.told({"v": 1, "type": "ended", "match": entry.match, "ply": 0, "winner": other, "loser": me,
               "reason": "time", "reveal": {"seed": seed, "salt": salt},
               "clocks": {**clocks, "left": {me: 0, other: 300.0}, "running": None}})
    frames(app, 10)
    yield "online-on-time"


def shoot(out: Path, language: str, size: tuple[int, int], games: list[str] | None = None,
          colours: str = "standard") -> list[str]:
    """Walk the tour in ``language`` at ``size`` (in the theme ``colours``, Settings → Contrast)
    and write each screen to ``out/<language>/<W>x<H>/<screen>.png``; the screens' names in tour order."""
    from .. import i18n
    from ..app.app import Options
    from ..navigation import make_app

    folder = out / language / f"{size[0]}x{size[1]}"
    folder.mkdir(parents=True, exist_ok=True)
    home = tempfile.mkdtemp(prefix="gauss-arcade-gallery-")
    before = os.environ.get("GAUSS_ARCADE_HOME")
    os.environ["GAUSS_ARCADE_HOME"] = home  # a fresh home per walk: each starts from nothing
    names = []
    try:
        app = make_app(Options(headless=True, size=size))
        app.start()
        i18n.set_language(language)
        app.settings.theme = colours
        palette.use(colours)
        try:
            for name in tour(app, games):
                pygame.image.save(app.screen, str(folder / f"{name}.png"))
                names.append(name)
        finally:
            app.shutdown()
            palette.use("standard")
    finally:
        if before is None:
            os.environ.pop("GAUSS_ARCADE_HOME", None)
        else:
            os.environ["GAUSS_ARCADE_HOME"] = before
        shutil.rmtree(home, ignore_errors=True)
    return names


def index_page(names: list[str], languages: list[str], sizes: list[tuple[int, int]]) -> str:
    """One page with every screen: a section per screen, its languages in rows and its sizes
    side by side (each picture links to the full-size PNG)."""
    sized = [f"{w}x{h}" for w, h in sizes]
    parts = ["<!doctype html>", '<html lang="en"><head><meta charset="utf-8">',
             "<title>Gauss Arcade: every screen</title>",
             "<style>body{background:#16171d;color:#e8e6e3;font-family:sans-serif;margin:24px}"
             "h2{font-size:18px;margin:28px 0 8px}nav a{color:#f2c14e;margin-right:10px}"
             "table{border-spacing:10px 6px}td{vertical-align:top;font-size:12px;color:#9a9aa3}"
             "img{height:200px;border:1px solid #444;display:block}</style></head><body>",
             "<h1>Gauss Arcade: every screen</h1>",
             f"<p>{len(names)} screens in {', '.join(languages)} at {', '.join(sized)}. "
             "Made by <code>python -m game.gallery DIR</code>; docs/style.md says what each style "
             "means.</p>", "<nav>"]
    parts += [f'<a href="#{html.escape(n)}">{html.escape(n)}</a>' for n in names]
    parts.append("</nav>")
    for name in names:
        parts.append(f'<h2 id="{html.escape(name)}">{html.escape(name)}</h2><table>')
        for language in languages:
            cells = []
            for size in sized:
                src = f"{language}/{size}/{name}.png"
                cells.append(f'<td>{language} {size}<a href="{html.escape(src)}">'
                             f'<img loading="lazy" src="{html.escape(src)}" alt="{html.escape(name)}, '
                             f'{language}, {size}"></a></td>')
            parts.append("<tr>" + "".join(cells) + "</tr>")
        parts.append("</table>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def style_pictures(out: Path) -> None:
    """The style guide's pictures (``game.tools.stylebook``), drawn with no window but pygame's own."""
    from ..ui import theme
    from . import stylebook
    pygame.init()
    theme.forget_fonts()  # a walk's app quit pygame: its fonts died with it
    try:
        written = stylebook.write(out)
    finally:
        pygame.quit()
    print(f"gallery: {len(written)} style pictures in {out}", flush=True)


def size_of(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: a window size is WIDTHxHEIGHT, e.g. 1280x720") from None
    if w < 320 or h < 240:
        raise argparse.ArgumentTypeError(f"{text!r}: at least 320x240")
    return w, h


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.gallery", description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="the folder to write the pictures and index.html to")
    parser.add_argument("--languages", nargs="+", default=LANGUAGES, choices=LANGUAGES)
    parser.add_argument("--sizes", nargs="+", type=size_of, default=SIZES, metavar="WxH")
    parser.add_argument("--games", nargs="+", choices=catalogue.GAME_IDS, default=None)
    parser.add_argument("--readme", type=Path, default=None, metavar="DIR",
                        help="also copy the README's pictures (English, 1280x720) into DIR")
    parser.add_argument("--style", type=Path, default=None, metavar="DIR",
                        help="also draw the style guide's pictures (docs/style.md) into DIR")
    parser.add_argument("--theme", default="standard", choices=list(palette.THEMES),
                        help="the colours to draw in (as Settings, Contrast chooses them)")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sizes = list(args.sizes)
    if args.readme and (1280, 720) not in sizes:
        sizes.append((1280, 720))
    languages = list(args.languages) + (["en"] if args.readme and "en" not in args.languages else [])
    try:
        args.out.mkdir(parents=True, exist_ok=True)
        names: list[str] = []
        for language in languages:
            for size in sizes:
                print(f"gallery: {language} {size[0]}x{size[1]}", flush=True)
                walked = shoot(args.out, language, size, args.games, args.theme)
                names += [n for n in walked if n not in names]
        (args.out / "index.html").write_text(index_page(names, languages, sizes), encoding="utf-8")
        if args.readme:
            args.readme.mkdir(parents=True, exist_ok=True)
            for game_id in args.games or catalogue.GAME_IDS:
                shot = args.out / "en" / "1280x720" / f"{README_SHOT.format(game=game_id)}.png"
                if shot.exists():
                    shutil.copyfile(shot, args.readme / f"{game_id}.png")
        if args.style:
            style_pictures(args.style)
    except OSError as error:
        print(f"gallery: cannot write to {args.out}: {error.strerror or error}", file=sys.stderr)
        return 1
    print(f"gallery: {len(names)} screens; open {args.out / 'index.html'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
