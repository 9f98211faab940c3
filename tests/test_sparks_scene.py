"""The Sparks & Surges scene driven headless through injected input events."""
import random

import pygame
from driver import DT, after_guard, click, key, motion, redo_through, rematch, run, settle, undo_through

from game.content import levels
from game.navigation import game_scene
from game.rules.sparks import SPARKS, Move
from game.scenes.games.sparks_scene import DrawOffer, SparksScene
from game.scenes.menus.howto import HowToScene
from game.scenes.menus.overlay import PauseScene, ResultScene
from game.ui.kits.sparks import CONDUCT_INK, square_of


def assert_drawn_matches_engine(scene):
    assert scene.drawn_board() == scene.engine_board()
    assert len(scene.board_group) == len(scene.engine_board())  # nothing dying left behind
    assert all(s.glow == 0 and s.lift == 0 and (s.pos == square_of(s.square)) for s in scene.board_group)
    assert scene.beams == [] and scene.arc is None and scene.flash_corner is None


def start(app, seed=1):
    app.start_game("sparks", seed=seed)
    run(app)
    scene = app.stack.top
    assert isinstance(scene, SparksScene)
    scene.banner_t = 0.0
    return scene


def load(scene, board, to_move="white"):
    """Put a position of the engine's own loader on the scene (as undo would)."""
    scene.state = SPARKS.load_state({"board": board, "to_move": to_move, "quiet_plies": 0},
                                    levels.load("sparks"))
    scene.history, scene.future = [], []
    scene.reset_view()
    scene.turn_started()


def steer(app, scene, target):
    for _ in range(20):
        f, r = square_of(scene.cursor)
        tf, tr = square_of(target)
        if (f, r) == (tf, tr):
            return
        if r != tr:
            run(app, [key(pygame.K_UP if r < tr else pygame.K_DOWN)])
        else:
            run(app, [key(pygame.K_RIGHT if f < tf else pygame.K_LEFT)])
    raise AssertionError(f"the cursor could not reach {target}")


def center(scene, square):
    x, y = scene.geo.center(*square_of(square))
    return (round(x), round(y))


def test_whole_game_by_keyboard_with_animations_matching_the_engine(app):
    scene = start(app, seed=58)
    rng = random.Random(58)  # this seed's random game ends by an IC capture in 22 moves
    moves = 0
    while not scene.state.over:
        move = rng.choice(SPARKS.legal_moves(scene.state))
        steer(app, scene, move.frm)
        run(app, [key(pygame.K_RETURN)])
        assert scene.selected == move.frm and move.to in scene.targets
        steer(app, scene, move.to)
        before = scene.state
        run(app, [key(pygame.K_RETURN)])
        assert scene.state is not before, "Enter on a marked square must move"
        moves += 1
        if moves % 3 == 0:
            assert scene.queue.busy
            run(app, [key(pygame.K_x)])  # any key skips to the end of the move
            assert not scene.queue.busy
        settle(app, scene)
        assert_drawn_matches_engine(scene)
    assert moves == len(scene.history) == 22
    for _ in range(int(1.5 / DT)):
        run(app)
    result = app.stack.top
    assert isinstance(result, ResultScene)
    assert result.headline == f"{scene.state.winner.capitalize()} wins!"
    assert result.notes[0].endswith("IC is gone.")
    rematch(app)
    assert app.stack.top is scene and not scene.state.over and scene.history == []
    assert_drawn_matches_engine(scene)


def test_whole_game_by_mouse_alone(app):
    scene = start(app, seed=150)
    rng = random.Random(150)  # 40 moves to an IC capture
    while not scene.state.over:
        move = rng.choice(SPARKS.legal_moves(scene.state))
        run(app, [motion(center(scene, move.frm))])
        assert scene.cursor == move.frm
        run(app, [click(center(scene, move.frm))])
        assert scene.selected == move.frm
        run(app, [motion(center(scene, move.to)), click(center(scene, move.to))])
        assert scene.history[-1][1] == move
        if len(scene.history) % 2 == 0:
            assert scene.queue.busy
            run(app, [click((5, 5))])  # any click skips to the end of the move
            assert not scene.queue.busy
        settle(app, scene)
        assert_drawn_matches_engine(scene)
    assert len(scene.history) == 40
    for _ in range(int(1.5 / DT)):
        run(app)
    assert isinstance(app.stack.top, ResultScene)
    assert app.stack.top.table[0] == ["", "White", "Black"]
    pieces = SPARKS.outcome(scene.state).detail["pieces"]
    assert app.stack.top.table[1] == ["Pieces left", str(pieces["white"]), str(pieces["black"])]


def test_refused_choices_are_explained(app):
    scene = start(app)
    scene.cursor = "e4"
    run(app, [key(pygame.K_RETURN)])
    assert scene.message == "There is no piece on e4."
    run(app, [click(center(scene, "b7"))])
    assert scene.message == "The piece on b7 is black's; it is white's turn."
    run(app, [click(center(scene, "c1"))])
    assert scene.message == "The Degausser on c1 has no legal move." and scene.selected is None
    run(app, [click(center(scene, "b2")), click(center(scene, "b8"))])
    assert scene.selected == "b2" and scene.message == "A Spark never lands on a piece."
    run(app, [click(center(scene, "e5"))])
    assert scene.message == SPARKS.why_illegal(scene.state, Move("b2", "e5"))
    assert scene.state.ply == 0


def test_back_deselects_before_it_pauses(app):
    scene = start(app)
    scene.cursor = "d2"
    run(app, [key(pygame.K_RETURN)])
    assert scene.selected == "d2" and scene.targets
    run(app, [key(pygame.K_BACKSPACE)])
    assert scene.selected is None and app.stack.top is scene
    run(app, [click(center(scene, "d2"))])
    assert scene.selected == "d2"
    run(app, [click(center(scene, "a5"), button=3)])  # right click lets go too
    assert scene.selected is None
    run(app, [key(pygame.K_BACKSPACE)])
    assert isinstance(app.stack.top, PauseScene)


def test_undo_and_redo_restore_positions_exactly(app):
    scene = start(app, seed=3)
    rng = random.Random(3)
    states = [scene.state]
    for _ in range(8):
        scene.try_play(rng.choice(SPARKS.legal_moves(scene.state)))
        settle(app, scene)
        states.append(scene.state)
    undo_through(app, scene, states, assert_drawn_matches_engine)
    redo_through(app, scene, states[1:], assert_drawn_matches_engine)


def test_destinations_are_marked_from_the_engine(app):
    scene = start(app)
    load(scene, {"c3": "WU", "d4": "WS", "e5": "BS", "f5": "BU", "e1": "WI", "d8": "BI", "g2": "WD"})
    run(app, [click(center(scene, "c3"))])
    legal = [m for m in SPARKS.legal_moves(scene.state) if m.frm == "c3"]
    assert set(scene.targets) == {m.to for m in legal}
    conduct = {m.to for m in legal if SPARKS.play(scene.state, m)[1][0]["conduct"]}
    assert conduct and {sq for sq, k in scene.targets.items() if "conduct" in k} == conduct
    assert {sq for sq, k in scene.targets.items() if "conduct" not in k} == {m.to for m in legal} - conduct
    # the ring is really drawn on a conduction square, and not on an ordinary one
    run(app, [motion(center(scene, "a1"))])
    for square, ringed in ((min(conduct), True), ("c7", False)):
        x, y = scene.geo.center(*square_of(square))
        pixel = app.screen.get_at((round(x + scene.geo.sq * 0.27), round(y)))[:3]
        near = sum(abs(a - b) for a, b in zip(pixel, CONDUCT_INK, strict=True)) < 90
        assert near == ringed, (square, pixel)
    # a capture and a deadly square (into a gate between two enemy Sparks)
    load(scene, {"d4": "WD", "c5": "BS", "e3": "WS", "d6": "BS", "f6": "BS", "b1": "WI", "b8": "BI"})
    run(app, [click(center(scene, "d4"))])
    assert "capture" in scene.targets["c5"] and "death" not in scene.targets["c5"]
    run(app, [click(center(scene, "e3"))])
    assert scene.targets["e6"] == frozenset({"move", "death"})
    assert "e7" not in scene.targets  # no slide passes through the gated square
    assert all("death" not in k for sq, k in scene.targets.items() if sq != "e6")


def test_gating_plays_a_beam_then_the_gated_pieces_vanish(app):
    scene = start(app)
    load(scene, {"c5": "WS", "d5": "BS", "e5": "BS", "f2": "WS", "e1": "WI", "e8": "BI", "b7": "BU"})
    scene.cursor = "f2"
    run(app, [key(pygame.K_RETURN)])
    steer(app, scene, "f5")
    assert scene.selection_words()[1][0] == "Sf2-f5: gates 2 enemy"
    run(app, [key(pygame.K_RETURN)])
    for _ in range(60):  # through the slide, into the beam
        if scene.beams:
            break
        run(app)
    assert scene.beams == [("c5", "f5")]
    run(app, frames=10)
    assert scene.pieces["c5"].glow > 0 and scene.pieces["f5"].glow > 0
    dying = [s for s in scene.board_group if s.dying]
    assert sorted(s.square for s in dying) == ["d5", "e5"]
    settle(app, scene)
    assert all(not s.alive() for s in dying)
    assert_drawn_matches_engine(scene)
    assert scene.history[-1][2] == "Sf2-f5 †2"


def test_a_corner_kills_the_piece_that_moves_there(app):
    scene = start(app)
    load(scene, {"a4": "WS", "b2": "WU", "c3": "WS", "e1": "WI", "e8": "BI", "f7": "BS"})
    run(app, [click(center(scene, "a4"))])
    assert "death" in scene.targets["a1"] and "death" in scene.targets["a8"]
    run(app, [click(center(scene, "a1"))])
    for _ in range(60):
        if scene.flash_corner:
            break
        run(app)
    assert scene.flash_corner and scene.flash_corner[0] == "a1"
    settle(app, scene)
    assert "a1" not in scene.drawn_board() and "a4" not in scene.drawn_board()
    assert_drawn_matches_engine(scene)


def test_a_capture_animates_and_a_pass_is_announced(app):
    scene = start(app)
    # Black's IC is walled in; once White's Degausser takes Black's last Spark, Black must pass
    load(scene, {"d8": "BI", "c8": "WD", "e8": "WS", "d7": "WS", "c7": "WS", "e7": "WS", "f3": "WD",
                 "g2": "BS", "b3": "WI"})
    run(app, [click(center(scene, "f3")), click(center(scene, "g2"))])
    assert scene.queue.busy
    run(app, frames=int(0.5 / DT))
    dying = [s for s in scene.board_group if s.dying]
    assert [s.code for s in dying] == ["BS"]  # the captured Spark bursts on its square
    settle(app, scene)
    assert not dying[0].alive()
    assert_drawn_matches_engine(scene)
    assert scene.state.to_move == "white" and scene.banner_t > 0
    assert scene.banner == "Black has no legal move and passes: white moves again"
    assert scene.history[-1][2] == "Df3xg2"


def test_draw_by_agreement_offered_declined_and_accepted(app):
    scene = start(app)
    run(app, [key(pygame.K_TAB)])
    offer = app.stack.top
    assert isinstance(offer, DrawOffer) and offer.offerer == "white"
    run(app, [key(pygame.K_RETURN)])  # Decline is the default answer
    assert app.stack.top is scene and not scene.state.over
    assert scene.message == "Black declines the draw; white plays on."
    run(app, [click(scene.buttons["draw"].rect.center)])  # not again before a move on the board
    assert app.stack.top is scene and "make a move before offering again" in scene.message
    scene.try_play(scene.rules.legal_moves(scene.state)[0])
    settle(app, scene)
    run(app, [click(scene.buttons["draw"].rect.center)])  # now black offers
    offer = app.stack.top
    assert isinstance(offer, DrawOffer) and offer.offerer == "black"
    run(app, [click(offer.rects[0].center)])  # Accept
    assert scene.state.over and scene.state.reason == "agreement"
    for _ in range(int(1.5 / DT)):
        run(app)
    result = app.stack.top
    assert isinstance(result, ResultScene)
    assert result.headline == "A draw" and result.notes[0] == "The players agreed to a draw."
    after_guard(app)
    run(app, [key(pygame.K_BACKSPACE), key(pygame.K_u)])  # look at the board, then undo the answer
    assert not scene.state.over and scene.state.ply == 1 and scene.state.offered_by == "black"
    run(app)
    assert isinstance(app.stack.top, DrawOffer)  # white is asked again
    run(app, [key(pygame.K_r)])  # redo from the question: the offer is accepted again
    assert scene.state.over and scene.state.reason == "agreement"
    settle(app, scene)
    run(app)
    after_guard(app)
    run(app, [key(pygame.K_BACKSPACE)])  # the result shows again: look at the board
    run(app, [key(pygame.K_u)], frames=2)  # the answer is taken back: white is asked again...
    assert isinstance(app.stack.top, DrawOffer) and len(scene.history) == 4
    run(app, [key(pygame.K_u)])  # ...and from the question, the offer itself
    assert app.stack.top is scene and len(scene.history) == 3
    assert scene.state.offered_by is None and scene.state.to_move == "black"


def test_quiet_moves_and_repetitions_are_counted_in_the_panel(app):
    scene = start(app)
    assert scene.counters() == ("Quiet moves 0/80", "Repetitions of this position: 1/3")
    shuffle = [Move("b2", "b3"), Move("b7", "b6"), Move("b3", "b2"), Move("b6", "b7")]
    for move in shuffle:
        scene.try_play(move)
        settle(app, scene)
    assert scene.counters() == ("Quiet moves 4/80", "Repetitions of this position: 2/3")
    for move in shuffle:
        scene.try_play(move)
        settle(app, scene)
    assert scene.state.over and scene.state.reason == "repetition"
    for _ in range(int(1.5 / DT)):
        run(app)
    assert isinstance(app.stack.top, ResultScene)
    assert app.stack.top.notes[0].startswith("The same placement of all pieces occurred for the 3rd time")


def test_resizing_rescales_the_board(app):
    scene = start(app)
    small = scene.geo.sq
    app.screen = pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    run(app)
    assert scene.geo.sq > small * 1.3
    for square in ("a1", "e4", "h8"):
        assert scene.geo.at(*scene.geo.center(*square_of(square))) == square


def test_how_to_play_pages_turn_and_close(app):
    scene = start(app)
    howto = HowToScene(app, "sparks")
    app.stack.push(howto)
    assert howto.kit is not None and len(howto.pages) == 8  # the pages of levels/howto/sparks.json
    for page in range(len(howto.pages)):
        assert howto.page == page
        run(app)  # every page draws (its positions come from the engine)
        run(app, [key(pygame.K_RIGHT)])
    assert app.stack.top is scene


def test_autoplay_selects_a_telling_piece(app):
    scene = game_scene(app, "sparks", seed=3, autoplay=40)
    assert scene.state.ply == 40 and scene.selected is not None
    assert set(scene.targets) == {m.to for m in SPARKS.legal_moves(scene.state) if m.frm == scene.selected}
    assert scene.drawn_board() == scene.engine_board()


def test_a_draw_by_agreement_is_saved_and_replayed_like_any_move(app):
    """The draw offer and its answer are moves of the rules: the autosave and "Save game" hold
    them, and the saved game replays to the same agreed draw (Save game used to raise)."""
    from game.persistence import saves

    scene = start(app)
    scene.try_play(Move("b2", "b4"))
    settle(app, scene)
    run(app, [key(pygame.K_TAB)])  # black offers
    offer = app.stack.top
    assert isinstance(offer, DrawOffer) and offer.offerer == "black"
    run(app, [click(offer.rects[0].center)])  # white accepts
    assert scene.state.over and scene.state.reason == "agreement"
    record = scene.record()  # what "Save game" writes
    assert record.moves[-2:] == [{"draw": "offer"}, {"draw": "accept"}]
    assert record.replay()[-1] == scene.state
    assert [text for _, _, text in scene.history] == ["Sb2-b4", "draw?", "draw agreed"]
    scene.undo()  # back to the open offer: the autosave holds it, and white is asked again
    assert saves.read_autosave().moves == [{"from": "b2", "to": "b4"}, {"draw": "offer"}]
    assert scene.state.offered_by == "black" and scene.state.to_move == "white"


def test_a_watched_game_shows_no_cursor(app, monkeypatch):
    """A replay, the demo and an exported picture show the moves played: no square is
    about to be chosen there (the cursor stood on d2 in every one of them)."""
    from game.ui.kits import sparks as kit

    drawn = []
    monkeypatch.setattr(kit, "draw_cursor", lambda surface, geo, square: drawn.append(square))
    played = start(app)
    played.draw(app.screen)
    assert drawn and set(drawn) == {"d2"}
    before = len(drawn)
    watched = game_scene(app, "sparks", seed=1, hosted=True)
    watched.draw(app.screen)
    assert len(drawn) == before
    watched.closed()
