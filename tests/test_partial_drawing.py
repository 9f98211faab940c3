"""A frame that draws only what changed shows what a whole frame would: the play screen
redraws a part of its board (where sprites moved, and where a game's marks changed:
``key_area``) and presents only that, so a part left out would leave an old mark on the
screen for good. Every game of the catalogue plays itself as in the demo, and every few
frames the board as the cheap path left it is compared, pixel for pixel, with the board
drawn whole."""
from __future__ import annotations

import pygame
import pytest
from driver import DT, click, key, motion

from game import catalogue
from game.app.app import Options
from game.navigation import make_app
from game.scenes.hosts.demo import DemoScene


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_the_board_drawn_in_parts_is_the_board_drawn_whole(game_id):
    app = make_app(Options(headless=True, size=(1280, 720)))
    app.start()
    try:
        demo = DemoScene(app, games=[game_id], seed=8, level="easy")
        app.stack.replace(demo)
        app.frame([], DT)  # a whole frame first
        checked = partial = 0
        for i in range(900):
            app.frame([], DT)
            if demo.hall is not None or demo.ending > 0 or demo.child is None:
                continue
            child = demo.child
            if child.layout is None or child._board_shown is None:
                continue
            partial += 1
            if i % 2:
                continue
            band, _s = demo.band(app.screen)
            board = child.frame.board
            shown = app.screen.subsurface(board).copy()
            whole = pygame.Surface(app.screen.get_size())
            child.draw(whole.subsurface((0, 0, band.w, band.y)))
            drawn = whole.subsurface(board)
            assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(drawn, "RGB"), (
                f"frame {i}: the board drawn in parts differs from the board drawn whole")
            checked += 1
        assert checked >= 50 and partial >= 200
    finally:
        app.shutdown()


def test_sparks_names_every_square_its_marks_changed_in(app):
    """Sparks' ``key_area`` covers every mark that changed between two board keys (the last
    move's rings, a corner's flash, a conduction arc, gate beams, the cursor): the board drawn
    whole for one key and then again only there for another is the board drawn whole for
    the other. Random keys, one part or all parts changed at once."""
    import random

    from game.scenes.games.sparks_scene import SparksScene

    app.start_game("sparks", seed=3)
    game = app.stack.top
    assert isinstance(game, SparksScene)
    for _ in range(3):  # laid out, drawn whole once
        app.frame([], DT)
    rng = random.Random(5)
    squares = [f + r for f in "abcdefgh" for r in "12345678"]

    def random_key():
        pair = tuple(rng.sample(squares, 2))
        spot = lambda: (rng.randrange(8) + rng.random(), rng.randrange(8) + rng.random())  # noqa: E731
        return (pair if rng.random() < 0.8 else None,
                (rng.choice(squares), rng.random()) if rng.random() < 0.5 else None,
                (spot(), spot(), rng.random()) if rng.random() < 0.5 else None,
                [tuple(rng.sample(squares, 2)) for _ in range(rng.randrange(3))],
                rng.random(), rng.choice(squares))

    def show(key):
        game.last_move, game.flash_corner, game.arc, game.beams, game.beam_t, game.cursor = key

    size = app.screen.get_size()
    for trial in range(60):
        before, after = random_key(), random_key()
        if trial % 2:  # one part changed
            k = trial // 2 % 6
            after = tuple(after[i] if i == k else before[i] for i in range(6))
        show(before)
        partial = pygame.Surface(size)
        game.draw(partial)
        show(after)
        parts = game.key_area(tuple(before[:3]) + (tuple(before[3]),) + tuple(before[4:]) + (frozenset(),),
                              tuple(after[:3]) + (tuple(after[3]),) + tuple(after[4:]) + (frozenset(),))
        for area in parts:
            area = area.clip(game.frame.board)
            partial.blit(game.background(partial), area, area)
            partial.set_clip(area)
            game.draw_board_and_sparks(partial)
            partial.set_clip(None)
        whole = pygame.Surface(size)
        game.draw(whole)
        board = game.frame.board
        assert (pygame.image.tobytes(partial.subsurface(board), "RGB")
                == pygame.image.tobytes(whole.subsurface(board), "RGB")), f"{trial}: {before}, {after}"


def person_inputs(rng, board: pygame.Rect, size: tuple[int, int]) -> list[pygame.event.Event]:
    """What two people sharing the keyboard, mouse and a touch screen might do in one frame:
    the arrows, a colour or end switched, a move chosen or taken back, the mouse hovering
    or clicking on the board, a finger tapping it."""
    def spot():
        return (rng.randrange(board.left, board.right), rng.randrange(board.top, board.bottom))

    roll = rng.random()
    if roll < 0.45:
        return [key(rng.choice((pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)))]
    if roll < 0.55:
        return [key(rng.choice((pygame.K_TAB, pygame.K_BACKSPACE)))]  # (back: a pause menu in some)
    if roll < 0.62:
        return [key(pygame.K_RETURN)]
    if roll < 0.64:
        return [key(pygame.K_u)]
    if roll < 0.82:
        return [motion(spot())]
    if roll < 0.9:
        return [click(spot(), rng.choice((1, 1, 3)))]
    x, y = spot()
    finger = {"touch_id": 1, "finger_id": 0, "x": x / size[0], "y": y / size[1], "dx": 0.0, "dy": 0.0,
              "pressure": 1.0}
    return [pygame.event.Event(pygame.FINGERDOWN, finger), pygame.event.Event(pygame.FINGERUP, finger)]


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_a_persons_turn_drawn_in_parts_is_the_board_drawn_whole(game_id):
    """Two people play, from the start and from a few moves in (The Great Order: arranging,
    then placing): the cursor glides, colours and ends switch, the mouse hovers, fingers tap,
    moves land and are taken back; while a person chooses, a game that names its board's
    marks (``board_key``) draws only the parts whose marks changed (``key_area``). Every
    such frame's board is compared, pixel for pixel, with the board drawn whole."""
    import random

    app = make_app(Options(headless=True, size=(1280, 720)))
    app.start()
    rng = random.Random(game_id)
    checked = 0
    try:
        for autoplay, frames in ((0, 300), (6, 500)):
            app.start_game(game_id, seed=4, autoplay=autoplay)
            game = app.stack.top
            game.autosave = False
            app.frame([], DT)  # a whole frame first
            size = app.screen.get_size()
            for i in range(frames):
                if app.stack.top is not game:
                    if game.state.over:
                        break  # the end card
                    app.stack.pop()  # the pause menu (back, in some games): play on
                events = person_inputs(rng, game.frame.board, size) if i % 3 == 0 else []
                app.frame(events, DT)
                if app.stack.top is not game or not game.awaiting_human or game._board_shown is None:
                    continue
                board = game.frame.board
                shown = app.screen.subsurface(board).copy()
                whole = pygame.Surface(size)
                game.draw(whole)
                drawn = whole.subsurface(board)
                assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(drawn, "RGB"), (
                    f"{autoplay} moves in, frame {i}: the board drawn in parts differs from it drawn whole")
                if game._panel_held is None and game._panel_waits is None and game._painting is None:
                    # the panel is painted anew only when its key changes: the key names all it shows
                    fresh = pygame.Surface(game.frame.panel.size)
                    game.paint_panel(fresh, game.frame.s)
                    panel = app.screen.subsurface(game.frame.panel)
                    assert pygame.image.tobytes(panel, "RGB") == pygame.image.tobytes(fresh, "RGB"), (
                        f"{autoplay} moves in, frame {i}: the panel shows what it no longer says")
                checked += 1
        if not checked:
            pytest.skip(f"{game_id} names no board_key while a person chooses: its board is drawn whole")
        assert checked >= 100
    finally:
        app.shutdown()


def drawn_in_parts_is_drawn_whole(game, before, after, show) -> bool:
    """The board drawn whole for view ``before`` and then again only where ``key_area``
    says the marks changed for view ``after`` (``show(view)`` sets one up) is the board
    drawn whole for ``after``."""
    size = game.app.screen.get_size()
    show(before)
    partial = pygame.Surface(size)
    game.draw(partial)
    key = game.board_key()
    show(after)
    found = game.key_area(key, game.board_key())
    board = game.frame.board
    parts = [board] if found is None else [found] if isinstance(found, pygame.Rect) else found
    for part in parts:
        part = part.clip(board)
        partial.blit(game.background(partial), part, part)
        partial.set_clip(part)
        game.draw_board_and_sparks(partial)
        partial.set_clip(None)
    whole = pygame.Surface(size)
    game.draw(whole)
    return (pygame.image.tobytes(partial.subsurface(board), "RGB")
            == pygame.image.tobytes(whole.subsurface(board), "RGB"))


def test_the_great_order_names_every_part_its_marks_changed_in(app):
    """The Great Order's ``key_area`` covers every mark of a person's choice that changed
    (the chosen end, the targets of its columns, the column cursor with its ghost stone, for
    the keyboard and for the mouse) and, while arranging, the working row, its line and
    the stone the mouse carries: random views, two at a time, drawn in parts and whole."""
    import random

    from game.scenes.games.order_scene import OrderScene

    rng = random.Random(9)
    app.start_game("order", seed=5, autoplay=8)
    game = app.stack.top
    assert isinstance(game, OrderScene) and game.state.phase == "play"
    for _ in range(3):  # laid out, drawn whole once
        app.frame([], DT)
    assert game.awaiting_human

    def choice():
        return (rng.choice(("left", "right")), rng.choice(("end", "column")), rng.randrange(18),
                rng.choice(("keyboard", "mouse")))

    def show(view):
        game.end, game.stage, game.col, app.last_device = view
    for trial in range(40):
        before, after = choice(), choice()
        assert drawn_in_parts_is_drawn_whole(game, before, after, show), f"{trial}: {before}, {after}"

    app.start_game("order", seed=5)
    game = app.stack.top
    for _ in range(3):
        app.frame([], DT)
    game.card = None
    app.frame([], DT)  # the arranging picture, its buttons placed
    board = game.frame.board

    def arrangement():
        work = list(game.work)
        rng.shuffle(work)
        held = rng.choice((None, rng.randrange(len(work))))
        pointer = (rng.randrange(board.left, board.right), rng.randrange(board.top, board.bottom))
        return (work, held, rng.randrange(len(work)), pointer, rng.choice(("keyboard", "mouse")))

    def arrange(view):
        game.work, game.held, game.acur, game.pointer, app.last_device = list(view[0]), *view[1:]
    buttons = [button.rect for button in game.arrange_buttons.values()]
    assert all(rect.w for rect in buttons)
    for trial in range(40):
        before, after = arrangement(), arrangement()
        if trial % 5 == 0:  # the stone carried over a button's edge, where a clip would cut its outline
            edge = rng.choice(buttons)
            spot = (rng.choice((edge.left, edge.right)), rng.randrange(edge.top, edge.bottom))
            before, after = (*before[:3], spot, "mouse"), (*before[:3], edge.center, "mouse")
            before = (before[0], 0, *before[2:])
            after = (before[0], 0, *after[2:])
        if trial % 2:  # only the stone carried moves
            after = (*before[:3], after[3], before[4])
        elif trial % 4:  # the same device: the row and its line, not the whole picture
            after = (*after[:4], before[4])
        assert drawn_in_parts_is_drawn_whole(game, before, after, arrange), f"{trial}: {before}, {after}"


def test_sparks_names_every_square_a_persons_choice_changed_in(app):
    """A person's choice in Sparks (the piece picked up, its destinations, the pieces the
    move under the cursor would gate): random views, among them moves that gate, drawn in
    parts and whole."""
    import random

    from game.scenes.games.sparks_scene import SparksScene

    rng = random.Random(11)
    gating = []
    for autoplay in range(6, 40, 2):  # a position where some move gates
        app.start_game("sparks", seed=3, autoplay=autoplay)
        game = app.stack.top
        assert isinstance(game, SparksScene)
        moves = game.board_moves()
        gating = [m for m in moves if any(e["type"] == "gated" for e in game.preview(m)[1])]
        if gating:
            break
    assert gating, "no move gates in these games"
    for _ in range(3):
        app.frame([], DT)
    assert game.awaiting_human
    moves = game.board_moves()

    def view():
        move = rng.choice(gating if rng.random() < 0.4 else moves)
        cursor = move.to if rng.random() < 0.7 else rng.choice([m.to for m in moves])
        return (move.frm if rng.random() < 0.8 else None, cursor)

    def show(v):
        game.deselect()
        if v[0] is not None:
            assert game.select(v[0], quiet=True)
        game.cursor = v[1]
    for trial in range(40):
        before, after = view(), view()
        if trial % 3 == 0:  # the same piece, the cursor moved
            after = (before[0], after[1])
        assert drawn_in_parts_is_drawn_whole(game, before, after, show), f"{trial}: {before}, {after}"


def test_rush_names_every_point_its_marks_changed_in(app):
    """Rush's marks while a person chooses, the cursor breathing round its square while the
    mover places again among them: random cursors and moments, drawn in parts and whole."""
    import random

    from game.scenes.games.rush_scene import RushScene

    rng = random.Random(13)
    for autoplay in range(4, 60):  # a position where the mover places again
        app.start_game("rush", seed=3, autoplay=autoplay)
        game = app.stack.top
        assert isinstance(game, RushScene)
        if game.state.continuing and not game.state.over:
            break
    assert game.state.continuing, "nobody places again in these games"
    for _ in range(3):
        app.frame([], DT)
    assert game.awaiting_human and game.cursor_look()[0] == "again"
    n = game.state.size
    legal = sorted(game.legal)

    def view():
        cell = rng.choice(legal) if rng.random() < 0.6 else (rng.randrange(n), rng.randrange(n))
        return (cell, rng.random() * 10)

    def show(v):
        game.cursor, game.clock = v
    for trial in range(40):
        before, after = view(), view()
        if trial % 2:  # the cursor still, breathing
            after = (before[0], after[1])
        assert drawn_in_parts_is_drawn_whole(game, before, after, show), f"{trial}: {before}, {after}"


def test_gauss_preview_words_painted_alone_are_the_panel_painted_whole(monkeypatch):
    """A cursor's step in GAUSS paints the preview's words alone over the kept panel
    (``panel_live``), not the whole panel: after every step, over every legal move of a
    position where some previews take two lines and others one, the panel on the screen
    is the panel painted whole."""
    from game.ui import theme

    app = make_app(Options(headless=True, size=(800, 600)))
    app.start()
    try:
        app.start_game("gauss", seed=4, autoplay=16)
        game = app.stack.top
        game.autosave = False
        for _ in range(3):
            app.frame([], DT)
        whole = []
        paint = type(game).paint_panel
        monkeypatch.setattr(type(game), "paint_panel",
                            lambda self, img, s: whole.append(1) or paint(self, img, s))
        width, size = game.frame.panel.width - int(40 * game.frame.s), int(21 * game.frame.s)
        lines, steps = set(), 0
        for move in sorted(game.rules.legal_moves(game.state), key=lambda m: m.color != game.color):
            game.cursor, game.color = move.cell, move.color  # one switch of colour: painted whole
            lines.add(len(theme.wrap(game.preview_words(), size, width)))
            app.frame([], DT)
            steps += 1
            if game._panel_waits is not None:  # a new colour: the whole panel waits a frame
                app.frame([], DT)
            fresh = pygame.Surface(game.frame.panel.size)
            paint(game, fresh, game.frame.s)
            panel = app.screen.subsurface(game.frame.panel)
            assert pygame.image.tobytes(panel, "RGB") == pygame.image.tobytes(fresh, "RGB"), (
                f"at {move}: the panel shows what it no longer says")
        assert lines == {1, 2} and steps > 20
        assert len(whole) < steps / 4  # the words alone, step after step
    finally:
        app.shutdown()
