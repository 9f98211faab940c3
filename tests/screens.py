"""A tour of every screen a player can reach, for tests that look at all of them (text
fitting its room, in every language) and for screenshots:

    python3 tests/screens.py de 800x600 /tmp/shots     # one PNG per screen

``tour(app)`` yields ``(name, app)`` with each screen on top, drawn.
"""
from __future__ import annotations

import os
import random
import sys
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game import catalogue, fame, ladder, lessons, puzzles, review, saves  # noqa: E402
from game.scenes.kiosk import RestartCard, StillThereScene  # noqa: E402
from game.scenes.lesson import LessonListScene, LessonScene  # noqa: E402
from game.scenes.puzzle import PuzzleListScene, PuzzleScene  # noqa: E402
from game.scenes.seats import Seat  # noqa: E402


def frames(app, n: int = 3) -> None:
    for _ in range(n):
        app.frame([], 1 / 60, draw=True)


def play_on(app, game, rng: random.Random, moves: int) -> None:
    """Up to ``moves`` random moves, each shown at once, until the game is over."""
    for _ in range(moves):
        if game.state.over:
            return
        game.bench_feed(rng)
        game.queue.skip()
        frames(app, 1)


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
        frames(app, 30)
        yield f"play-{gid}-middle"
        if not game.state.over:  # a hint on the message line, its move under the cursor
            game.give_hint(game.rules.random_move(game.state, rng))
            frames(app, 3)
            yield f"play-{gid}-hint"
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
            nav.review(game.record())
            frames(app, 400)
            review.ITERATIONS = iterations
            app.stack.top.goto(app.stack.top.review.costly()[0] + 1 if app.stack.top.review.costly() else 5)
            frames(app, 3)
            yield "review"
            app.stack.pop()
        if puzzles.load_all(gid):  # the game's puzzles: the list, one on the board
            nav.title()
            app.stack.push(PuzzleListScene(app, gid))
            frames(app)
            yield f"puzzles-{gid}"
            app.stack.push(PuzzleScene(app, puzzles.load_all(gid)[-1], app.stack.top))
            frames(app, 20)
            yield f"puzzle-{gid}"
        if lessons.load(gid):  # the game's course: the list, a step, its answer right and wrong
            nav.title()
            app.stack.push(LessonListScene(app, gid))
            frames(app)
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
    nav.title()
    nav.demo()
    frames(app, 90)
    yield "demo"


def main(argv: list[str]) -> int:
    from game import i18n
    from game.app.app import Options
    from game.navigation import make_app

    language, size, out = argv[0], tuple(int(v) for v in argv[1].split("x")), Path(argv[2])
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("GAUSS_ARCADE_HOME", str(out / "home"))
    app = make_app(Options(headless=True, size=size))
    app.start()
    i18n.set_language(language)
    for name in tour(app, argv[3:] or None):
        pygame.image.save(app.screen, str(out / f"{language}_{size[0]}_{name}.png"))
    app.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
