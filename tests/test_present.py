"""What is presented is always the whole picture: the real loop draws and presents
nothing while the screen rests, and that must leave on the screen exactly what drawing
every visible scene from scratch gives (a scene that rests while it changes is caught)."""
from __future__ import annotations

import operator
import random

import pygame
import pytest
from driver import click, key, motion

from game import catalogue


class Front:
    """The picture the player sees: what flip and update copied from the back buffer."""

    def __init__(self, monkeypatch, app) -> None:
        self.app = app
        self.picture: pygame.Surface | None = None
        self.presents = {"flip": 0, "update": 0}
        monkeypatch.setattr(pygame.display, "flip", self.flip)
        monkeypatch.setattr(pygame.display, "update", self.update)

    def flip(self) -> None:
        self.presents["flip"] += 1
        self.picture = self.app.screen.copy()

    def update(self, rects=None) -> None:
        self.presents["update"] += 1
        if rects is None or self.picture is None:
            self.picture = self.app.screen.copy()
            return
        for r in ([rects] if isinstance(rects, pygame.Rect) else rects):
            self.picture.blit(self.app.screen, r, r)

    def check(self) -> None:
        """The presented picture equals a whole frame drawn from scratch."""
        fresh = pygame.Surface(self.app.screen.get_size())
        for scene in self.app.stack.visible():
            scene.draw(fresh)
        assert self.picture is not None
        shown, whole = pygame.image.tobytes(self.picture, "RGB"), pygame.image.tobytes(fresh, "RGB")
        if shown != whole:
            width = fresh.get_width()
            wrong = [i // 3 for i in range(0, len(whole), 3) if shown[i:i + 3] != whole[i:i + 3]]
            xs, ys = [i % width for i in wrong], [i // width for i in wrong]
            raise AssertionError(f"{len(wrong)} pixels differ, within x {min(xs)}-{max(xs)}, "
                                 f"y {min(ys)}-{max(ys)}; top scene {type(self.app.stack.top).__name__}")


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_presenting_only_changes_always_shows_the_whole_picture(app, monkeypatch, game_id):
    front = Front(monkeypatch, app)
    app.start_game(game_id, seed=3)
    game = app.stack.top
    game.autosave = False
    rng = random.Random(5)
    w, h = app.screen.get_size()
    for n in range(260):
        events = []
        if n % 40 == 5:
            # a move plays out; moves come from input or the computer's turn, which both wake
            # the loop: here a window event stands for that input
            game.bench_feed(rng)
            events = [pygame.event.Event(pygame.VIDEOEXPOSE)]
        elif n % 40 == 20:
            events = [key(rng.choice([pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN]))]
        elif n % 40 == 25:
            events = [motion((rng.randrange(w), rng.randrange(h)))]  # hover: previews, buttons
        elif n == 130:
            events = [key(pygame.K_ESCAPE)]  # the pause menu over the game...
        elif n == 140:
            events = [key(pygame.K_ESCAPE)]  # ...and back
        elif n == 200:
            events = [key(pygame.K_u)]  # undo
        app.frame(events, 1 / 60, draw=None)
        front.check()
    assert app.drawn < app.frames or game.pulses  # frames that changed nothing presented nothing


def test_the_demo_and_the_title_show_the_whole_picture(app, monkeypatch):
    front = Front(monkeypatch, app)
    for _ in range(120):
        app.frame([], 1 / 60, draw=None)
        front.check()
    app.nav.demo()
    demo = app.stack.top
    demo.game_seconds, demo.RESULT_SECONDS = 1.5, 0.5  # through a result card to the next game
    for _ in range(360):
        app.frame([], 1 / 60, draw=None)
        front.check()
    assert demo.played >= 2
    app.frame([click((10, 10))], 1 / 60, draw=None)
    front.check()


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_moves_playing_out_back_to_back_show_the_whole_picture(app, monkeypatch, game_id):
    """The benchmark's load: a move always playing out. Frames redraw and present only
    what changed (where sprites moved, while the rest of the board is known to stand
    still), and every presented picture is still the whole one."""
    front = Front(monkeypatch, app)
    presented: list[int] = []
    update = front.update

    def counting(rects=None):
        presented.append(sum(r.w * r.h for r in rects))
        update(rects)
    monkeypatch.setattr(pygame.display, "update", counting)
    app.start_game(game_id, seed=7)
    game = app.stack.top
    game.autosave = False
    rng = random.Random(11)
    for _ in range(300):
        game.bench_feed(rng)  # a move straight into the scene: no input wakes the loop,
        app.frame([], 1 / 60, draw=True)  # so this frame draws as the benchmark's do
        front.check()
    w, h = app.screen.get_size()
    assert presented, "changes are presented as rectangles, not whole windows"
    board = game.frame.board
    small = [a for a in presented if a < board.w * board.h / 4]
    # a scene says whether its pieces move as sprites over a board that stands still (Rush's
    # links and The Improbable's die are drawn, not sprites: their boards are drawn whole
    # while those move)
    if getattr(game, "board_still_while_moving", False):
        assert len(small) > len(presented) / 4, "moving pieces present a small part of the board"


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_sparks_of_scores_and_captures_show_the_whole_picture(app, monkeypatch, game_id):
    """Sparks fly over the board and are drawn only where they were and are."""
    front = Front(monkeypatch, app)
    app.start_game(game_id, seed=3)
    game = app.stack.top
    game.autosave = False
    app.frame([], 1 / 60, draw=None)
    monkeypatch.setattr(app, "motion", lambda: True)
    rng = random.Random(5)
    board = game.frame.board
    flew = 0
    for n in range(300):
        if n % 30 == 3 and n < 200:
            game.bench_feed(rng)  # the game's own sparks, when a move scores or captures
        if n % 30 == 10 and n < 200:
            game.burst((board.centerx + rng.randint(-80, 80), board.centery), (250, 200, 60), 20)
        flew += game.particles.alive
        app.frame([pygame.event.Event(pygame.VIDEOEXPOSE)] if n % 30 == 3 else [], 1 / 60, draw=None)
        front.check()
    assert flew > 40 and not game.particles.alive  # they flew, and they were gone by the end


class EndlessSearch:
    """A computer that never makes up its mind (a search still under way)."""

    done = False
    state = None

    def step(self, seconds: float) -> None:
        pass

    def cancel(self) -> None:
        pass


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_the_board_rests_while_the_computer_thinks(app, monkeypatch, game_id):
    """A frame of the computer's search is a frame of a board at rest: only what changes is
    drawn (The Improbable drew its whole table again every such frame, 2 ms of a frame at
    1280×720, and its thinking frames' p99 ran past the bench's 4 ms)."""
    from game.scenes.menus.seats import Seat

    record = catalogue.get(game_id)
    app.start_game(game_id, seed=3, seats={p: Seat(p, "easy") for p in record.players})
    game = app.stack.top
    game.autosave = False

    def endless(*_args, **_kwargs):
        search = EndlessSearch()
        search.state = game.state
        return search
    monkeypatch.setattr(game, "new_thinker", endless)
    for _ in range(240):  # the start banner, an arrangement or a first move played out
        app.frame([], 1 / 60, draw=True)
        settled = not game.queue.busy and not game.particles.alive and game.banner_t <= 0
        if game.thinker is not None and settled:
            break
    assert isinstance(game.thinker, EndlessSearch), "the computer is to move and thinking"
    drawn = []
    board = game.draw_board
    monkeypatch.setattr(game, "draw_board", lambda surface: (drawn.append(1), board(surface)))
    for _ in range(30):
        app.frame([], 1 / 60, draw=True)
    assert game.thinker is not None
    assert len(drawn) <= 1, f"the board was drawn {len(drawn)} times in 30 frames"


def test_a_screen_that_moves_while_the_old_picture_fades_is_drawn_in_parts_right():
    """Back from the pause menu the old picture fades out over the game while a player
    steps on: the game draws only its changes, into its own picture kept apart from the
    blend; that picture is, every frame of the fade, the game drawn whole, and so is the
    screen once the fade is over."""
    from game.app.app import Options
    from game.navigation import make_app
    from game.scenes.menus.overlay import PauseScene

    app = make_app(Options(size=(800, 600)))  # a window (SDL's dummy driver): screens fade
    app.start()
    try:
        app.start_game("gauss", seed=3)
        game = app.stack.top
        game.autosave = False
        for _ in range(10):
            app.frame([], 1 / 60, draw=None)
        app.frame([key(pygame.K_ESCAPE)], 1 / 60, draw=None)
        assert isinstance(app.stack.top, PauseScene)
        for _ in range(30):
            app.frame([], 1 / 60, draw=None)
        app.frame([key(pygame.K_ESCAPE)], 1 / 60, draw=None)
        assert app.stack.top is game and app._fade is not None
        rng = random.Random(2)
        in_parts = 0
        blends_on = []
        blend_on = app._blend_on
        app._blend_on = lambda *args: (blends_on.append(1), blend_on(*args))
        for n in range(40):
            arrow = rng.choice([pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN])
            app.frame([key(arrow)] if n % 2 == 0 else [], 1 / 60, draw=None)
            fresh = pygame.Surface(app.screen.get_size())
            game.draw(fresh)
            if app._fade is not None:
                assert app._fade_new.get_view("2").raw == fresh.get_view("2").raw, f"frame {n} of the fade"
                in_parts += 1
                # the window: the old picture over it, as mixed from the two (the 8-bit steps
                # of the one blit a frame aside)
                assert app._blended is not None, f"frame {n}"
                exact = fresh.convert(app.screen)
                old = app._fade[0]
                old.set_alpha(app._blended if app._blended < 255 else None)
                exact.blit(old, (0, 0))
                off = max(map(abs, map(operator.sub, app.screen.get_view("2").raw, exact.get_view("2").raw)))
                assert off <= 6, f"frame {n} of the fade is {off} of 255 away from the mix"
            else:
                assert app.screen.get_view("2").raw == fresh.get_view("2").raw, f"frame {n}, after the fade"
        assert in_parts >= 8 and blends_on
    finally:
        app.shutdown()


def test_the_end_card_celebrates_over_a_picture_of_the_game_kept_still(monkeypatch):
    """The card celebrates (its score counts up, sparks fly) for a second or more, every
    frame drawn: the game under it, which stands still while covered, is drawn once and
    its picture kept; every frame is still the whole picture drawn from scratch."""
    from game.app.app import Options
    from game.navigation import make_app
    from game.scenes.menus.overlay import ResultScene

    app = make_app(Options(size=(800, 600)))  # a window (SDL's dummy driver): the card celebrates
    app.start()
    try:
        app.start_game("gauss", seed=3)
        game = app.stack.top
        game.autosave = False
        while not game.state.over:
            game.commit(game.rules.legal_moves(game.state)[0], animate=False)
        for _ in range(120):
            app.frame([], 1 / 60, draw=None)
            if isinstance(app.stack.top, ResultScene):
                break
        card = app.stack.top
        assert isinstance(card, ResultScene) and card.keeps_under
        drawn = []
        draw = type(game).draw
        monkeypatch.setattr(type(game), "draw", lambda self, surface: drawn.append(1) or draw(self, surface))
        frames = 0
        while card.next_change() == 0.0 and frames < 200:
            app.frame([], 1 / 60, draw=None)
            frames += 1
            fresh = pygame.Surface(app.screen.get_size())
            draw(game, fresh)
            card.draw(fresh)
            if app._fade is None:
                assert app.screen.get_view("2").raw == fresh.get_view("2").raw, f"frame {frames}"
        assert frames > 30 and len(drawn) <= 2  # the game drawn once (a window event: again)
    finally:
        app.shutdown()
