"""The Great Order scene driven headless through injected input events."""
import random

import pygame
from driver import DT, click, key, motion, rematch, run, settle, undo_through

from game.navigation import game_scene
from game.rules.order import COLUMNS, ORDER, PLAYERS, Arrange, Move, why_bad_arrangement
from game.scenes.games.order_scene import START_ROW, OrderScene, chain_text
from game.scenes.menus.overlay import ResultScene
from game.ui.kits import order as kit


def assert_drawn_matches_engine(scene):
    assert not scene.queue.busy
    assert scene.drawn_field() == scene.engine_field()
    assert scene.drawn_collections() == scene.state.collections
    assert scene.shown_score == list(scene.state.score)
    assert scene.shown_chain == scene.state.chain
    assert all(s.src is None and s.t == 1.0 for s in scene.board_group)
    assert not scene.flash


def start_order(app, seed):
    app.start_game("order", seed=seed)
    run(app)
    scene = app.stack.top
    assert isinstance(scene, OrderScene)
    return scene


def arrange_by_keyboard(app, scene):
    """Dismiss the hand-over card, deal a random arrangement (Tab), go to Done, confirm."""
    player = scene.state.to_move
    assert scene.card == player
    run(app, [key(pygame.K_RETURN)])
    assert scene.card is None
    run(app, [key(pygame.K_TAB)])
    assert why_bad_arrangement(scene.work) is None
    work = tuple(scene.work)
    run(app, [key(pygame.K_DOWN if player == "blue" else pygame.K_UP)])
    assert scene.afocus == "done"
    run(app, [key(pygame.K_RETURN)])
    assert scene.history[-1][1] == Arrange(work)
    return work


def play_by_keyboard(app, scene, move):
    if scene.stage == "column":
        run(app, [key(pygame.K_UP)])
    assert scene.stage == "end"
    run(app, [key(pygame.K_LEFT if move.end == "left" else pygame.K_RIGHT)])
    run(app, [key(pygame.K_RETURN)])
    assert scene.stage == "column" and scene.end == move.end
    for _ in range(COLUMNS):
        if scene.col == move.column:
            break
        run(app, [key(pygame.K_RIGHT if scene.col < move.column else pygame.K_LEFT)])
    assert scene.col == move.column
    before = scene.state
    run(app, [key(pygame.K_RETURN)])
    assert scene.state is not before, "Enter on a legal column must place"


def wait_for_result(app):
    for _ in range(int(2.0 / DT)):
        run(app)
        if isinstance(app.stack.top, ResultScene):
            return app.stack.top
    raise AssertionError("no result screen")


def test_whole_game_by_keyboard_with_animations_matching_the_engine(app):
    scene = start_order(app, seed=11)
    blue = arrange_by_keyboard(app, scene)
    assert scene.state.phase == "arrange" and scene.card == "brown"
    brown = arrange_by_keyboard(app, scene)
    assert scene.state.phase == "play"
    assert scene.state.collections == (blue, brown)
    assert_drawn_matches_engine(scene)
    rng = random.Random(11)
    moves = 0
    while not scene.state.over:
        play_by_keyboard(app, scene, rng.choice(ORDER.legal_moves(scene.state)))
        moves += 1
        if moves % 3 == 0:
            assert scene.queue.busy
            run(app, [key(pygame.K_x)])  # any key, even one that means nothing, skips
            assert not scene.queue.busy
        settle(app, scene)
        assert_drawn_matches_engine(scene)
    assert moves == 30  # every stone placed (legal play never passes)
    result = wait_for_result(app)
    outcome = ORDER.outcome(scene.state)
    assert result.table[0] == ["", "Blue", "Brown"]
    assert result.table[-1] == ["Final score", str(outcome.detail["blue"]["score"]),
                                str(outcome.detail["brown"]["score"])]
    rematch(app)
    assert app.stack.top is scene and scene.state.phase == "arrange" and scene.history == []
    assert scene.card == "blue"


def test_whole_game_by_mouse_alone(app):
    scene = start_order(app, seed=5)
    for player in PLAYERS:
        run(app, [click((200, 300))])  # the hand-over card: a click when ready
        assert scene.card is None
        run(app, [click((200, 300), button=3)])  # right-click: a random arrangement
        assert why_bad_arrangement(scene.work) is None
        work = tuple(scene.work)
        done = scene.arrange_buttons["done"].rect
        run(app, [motion(done.center)])
        assert scene.arrange_buttons["done"].hover
        run(app, [click(done.center)])
        assert scene.history[-1][1] == Arrange(work)
        assert scene.history[-1][0].to_move == player
    assert scene.state.phase == "play"
    rng = random.Random(5)
    while not scene.state.over:
        move = rng.choice(ORDER.legal_moves(scene.state))
        geom = scene.geom
        coll = scene.mover_collection()
        i = 0 if move.end == "left" else len(coll) - 1
        block = geom.slot_rect(scene.state.to_move, i, len(coll), coll[i])
        run(app, [click(block.center)])
        assert scene.stage == "column" and scene.end == move.end
        target = geom.column_rect(move.column).center
        run(app, [motion(target)])
        assert scene.col == move.column
        before = scene.state
        run(app, [click(target)])
        assert scene.state is not before
        settle(app, scene)
        assert_drawn_matches_engine(scene)
    result = wait_for_result(app)
    assert result.headline.endswith("wins!") or result.headline == "A draw"


def test_the_other_arrangement_stays_hidden_in_hot_seat(app):
    shots = []
    for blue in (START_ROW, (5, 4, 3, 2, 1) * 3):
        scene = start_order(app, seed=21)
        assert scene.visible_collection("blue") is None  # the card covers everything
        run(app, [key(pygame.K_RETURN)])
        assert scene.visible_collection("blue") == START_ROW
        scene.work = list(blue)
        scene.finish_arrangement()
        assert scene.state.collections[0] == tuple(blue)
        assert scene.card == "brown" and scene.visible_collection("blue") is None
        assert scene.history[-1][2] == "arranged"  # the move list never shows the lengths
        run(app)
        card = pygame.image.tobytes(app.screen, "RGB")
        run(app, [key(pygame.K_RETURN)])
        assert scene.card is None and scene.visible_collection("blue") is None
        assert scene.visible_collection("brown") == START_ROW
        shots.append((card, pygame.image.tobytes(app.screen, "RGB")))
    assert shots[0] == shots[1], "what brown sees must not depend on blue's arrangement"
    assert shots[0][0] != shots[0][1]


def test_what_random_draws_from_is_built_beside_the_frames_not_in_the_first_press(app):
    from game.rules import order as O
    from game.scenes.games import order_scene

    start_order(app, seed=2)
    warming = order_scene._warming
    assert warming is not None and warming.name == "order-arranging" and warming.daemon
    warming.join(10)
    assert "chunks" in O._tables


def test_arranging_by_keyboard_refuses_equal_neighbours_with_the_engine_reason(app):
    scene = start_order(app, seed=2)
    run(app, [key(pygame.K_LEFT)])  # on the card: explained, not ignored
    assert "when ready" in scene.message
    run(app, [key(pygame.K_RETURN)])
    assert scene.work == list(START_ROW) and scene.acur == 0
    run(app, [key(pygame.K_RETURN)])  # pick up the 1
    assert scene.held == 0
    run(app, [key(pygame.K_RIGHT)] * 4)  # carry it: 2 3 4 5 1 1 2 ...
    assert scene.work[:7] == [2, 3, 4, 5, 1, 1, 2] and scene.held == 4
    run(app, [key(pygame.K_RETURN)])  # refused: two 1s side by side
    reason = why_bad_arrangement(scene.work)
    assert reason and scene.message.startswith(reason)
    assert scene.held == 4
    run(app, [key(pygame.K_DOWN)])  # cannot leave the row holding a stone
    assert scene.afocus == "row" and "down first" in scene.message
    run(app, [key(pygame.K_RIGHT), key(pygame.K_RIGHT)])
    assert scene.work[:7] == [2, 3, 4, 5, 1, 2, 1]
    run(app, [key(pygame.K_RETURN)])  # put down: valid
    assert scene.held is None
    assert why_bad_arrangement(scene.work) is None
    work = tuple(scene.work)
    run(app, [key(pygame.K_DOWN), key(pygame.K_LEFT)])
    assert scene.afocus == "random"
    run(app, [key(pygame.K_RIGHT), key(pygame.K_RETURN)])
    assert scene.state.collections[0] == work and scene.card == "brown"


def test_arranging_by_mouse_swaps_and_refuses_bad_swaps(app):
    scene = start_order(app, seed=3)
    run(app, [click((300, 300))])
    geom = scene.geom

    def block(i):
        return geom.slot_rect("blue", i, len(scene.work), scene.work[i]).center

    run(app, [motion(block(7))])
    assert scene.acur == 7
    run(app, [click(block(1)), click(block(2))])  # 2 <-> 3: still valid
    assert scene.work[:4] == [1, 3, 2, 4] and scene.held is None
    run(app, [click(block(0)), click(block(3))])  # 1 <-> 4: 4 3 2 1 5: valid
    assert scene.work[:5] == [4, 3, 2, 1, 5]
    run(app, [click(block(0)), click(block(5))])  # 4 <-> the 1 at 5: 1 3 2 1 5 4 2: valid
    before = list(scene.work)
    run(app, [click(block(1)), click(block(6))])  # 3 <-> 2: 1 2 2 ... refused
    assert scene.work == before and scene.held == 1
    trial = list(before)
    trial[1], trial[6] = trial[6], trial[1]
    assert scene.message == "Not that swap: " + why_bad_arrangement(trial)[0].lower() + \
        why_bad_arrangement(trial)[1:]
    run(app, [click(block(1))])  # click it again: put back
    assert scene.held is None


def find_position(pred, seeds=range(200), plies=40):
    """A play-phase state (seed, moves) reached by random play where ``pred(state)`` holds."""
    for seed in seeds:
        rng = random.Random(seed)
        state = ORDER.new({"name": "classic"}, seed=seed, options={"arrangement": "random"})
        moves = []
        for _ in range(plies):
            if state.over:
                break
            if pred(state):
                return seed, moves
            move = rng.choice(ORDER.legal_moves(state))
            moves.append(move)
            state, _ = ORDER.play(state, move)
    raise AssertionError("no such position")


def load(app, seed, moves):
    scene = start_order(app, seed=seed)
    scene.commit(Arrange(ORDER.new({"name": "classic"}, seed=seed, options={"arrangement": "random"})
                         .collections[0]), animate=False)
    scene.commit(Arrange(ORDER.new({"name": "classic"}, seed=seed, options={"arrangement": "random"})
                         .collections[1]), animate=False)
    for move in moves:
        scene.commit(move, animate=False)
    run(app)
    return scene


def forced_end(state):
    """An end whose stone must connect while some empty column exists (from the engine alone)."""
    for end in ("left", "right"):
        legal = [m for m in ORDER.legal_moves(state) if m.end == end]
        empties = [c for c in range(COLUMNS) if not state.columns[0][c] and not state.columns[1][c]]
        if legal and empties and all(m.column not in empties for m in legal):
            return end
    return None


def test_forced_connections_are_marked_and_refusals_explained(app):
    seed, moves = find_position(lambda st: st.phase == "play" and forced_end(st) is not None)
    scene = load(app, seed, moves)
    end = forced_end(scene.state)
    assert scene.forced(end)
    assert all(scene.legal_columns(end).values())  # every legal column connects
    scene.pick_end(end)
    run(app)
    empty = next(c for c in range(COLUMNS) if not scene.state.columns[0][c] and not scene.state.columns[1][c])
    scene.col = empty
    run(app, [key(pygame.K_RETURN)])
    assert scene.message == ORDER.why_illegal(scene.state, Move(end, empty))
    assert "must be placed to make one" in scene.message
    # clicking a middle stone or the opponent's collection is explained too
    coll = scene.mover_collection()
    if len(coll) > 2:
        mid = scene.geom.slot_rect(scene.state.to_move, 1, len(coll), coll[1]).center
        run(app, [click(mid)])
        assert scene.message == "Only the two end stones of a collection can be taken."
    opp = "brown" if scene.state.to_move == "blue" else "blue"
    ocoll = scene.state.collections[PLAYERS.index(opp)]
    if ocoll:
        run(app, [click(scene.geom.slot_rect(opp, 0, len(ocoll), ocoll[0]).center)])
        assert scene.message.startswith(f"That is {opp.capitalize()}'s collection")


def test_a_lone_five_connects_but_is_not_forced(app):
    def five_at_an_end(st):
        if st.phase != "play" or st.over:
            return False
        coll = st.collections[PLAYERS.index(st.to_move)]
        return coll[0] == 5 and any(not st.columns[0][c] and not st.columns[1][c] for c in range(COLUMNS))

    seed, moves = find_position(five_at_an_end)
    scene = load(app, seed, moves)
    cols = scene.legal_columns("left")
    assert cols and all(cols.values())
    assert not scene.forced("left")


def test_chain_counts_up_during_the_turn(app):
    def chain_ahead(st):
        # the mover can connect, and after that connect again: a chain of 2 or more
        if st.phase != "play" or st.over:
            return False
        for m in ORDER.legal_moves(st):
            after, eff = ORDER.play(st, m)
            if any(e["type"] == "connect" for e in eff) and after.to_move == st.to_move and after.chain:
                for m2 in ORDER.legal_moves(after):
                    if any(e["type"] == "connect" for e in ORDER.play(after, m2)[1]):
                        return True
        return False

    seed, moves = find_position(chain_ahead, plies=60)
    scene = load(app, seed, moves)
    mover = scene.state.to_move
    k = PLAYERS.index(mover)
    seen = []
    while scene.state.to_move == mover and not scene.state.over:
        conn = [m for m in ORDER.legal_moves(scene.state)
                if any(e["type"] == "connect" for e in ORDER.play(scene.state, m)[1])]
        # the connection after which the mover can connect again, as chain_ahead found
        onward = [m for m in conn if chain_ahead(ORDER.play(scene.state, m)[0]) or
                  any(e["type"] == "connect" for m2 in ORDER.legal_moves(ORDER.play(scene.state, m)[0])
                      for e in ORDER.play(ORDER.play(scene.state, m)[0], m2)[1])]
        move = (onward or conn or ORDER.legal_moves(scene.state))[0]
        old_score = scene.shown_score[k]
        scene.try_play(move)
        mid_scores = set()
        for _ in range(120):
            run(app)
            seen.append(scene.shown_chain)
            mid_scores.add(scene.shown_score[k])
            if not scene.queue.busy:
                break
        assert_drawn_matches_engine(scene)
        if scene.state.score[k] > old_score + 1:
            assert len(mid_scores - {old_score, scene.state.score[k]}) >= 1, "the score counts up"
    assert max(seen) >= 2
    c = max(seen)
    assert scene.state.score[k] >= sum(range(1, c + 1))
    assert chain_text(3) == "6 points (a chain of 3: 1+2+3)"
    assert chain_text(1) == "1 point (one connection)"


def test_undo_and_redo_restore_positions_exactly(app):
    scene = start_order(app, seed=3)
    rng = random.Random(3)
    states = [scene.state]
    for _ in range(8):
        assert scene.try_play(ORDER.random_move(scene.state, rng))
        settle(app, scene)
        states.append(scene.state)
    undo_through(app, scene, states, assert_drawn_matches_engine)
    assert scene.card == "blue" and scene.state.phase == "arrange"
    run(app, [key(pygame.K_u)])
    assert scene.message == "Nothing to undo."
    run(app, [key(pygame.K_r)])
    assert scene.card == "brown" and scene.visible_collection("blue") is None
    for expected in states[2:]:
        run(app, [key(pygame.K_r)])
        settle(app, scene)
        assert scene.state == expected
        assert_drawn_matches_engine(scene)


def test_end_choice_and_switching_by_keyboard(app):
    seed, moves = find_position(lambda st: st.phase == "play" and len(
        {m.end for m in ORDER.legal_moves(st)}) == 2)
    scene = load(app, seed, moves)
    assert scene.stage == "end"
    run(app, [key(pygame.K_RIGHT)])
    assert scene.end == "right"
    run(app, [key(pygame.K_LEFT)])
    assert scene.end == "left"
    run(app, [key(pygame.K_RETURN)])
    assert scene.stage == "column" and scene.col in scene.legal_columns("left")
    run(app, [key(pygame.K_TAB)])
    assert scene.end == "right" and scene.stage == "column"
    assert scene.col in scene.legal_columns("right")
    run(app, [key(pygame.K_UP)])
    assert scene.stage == "end"


def test_panel_shows_scores_and_result_lists_longest_chains(app):
    scene = game_scene(app, "order", seed=12, autoplay=40)
    app.stack.push(scene)
    run(app)
    assert scene.state.phase == "play" and scene.card is None
    rng = random.Random(12)
    while not scene.state.over:
        scene.commit(rng.choice(ORDER.legal_moves(scene.state)), animate=False)
    table = scene.the_end().table
    assert table[2][0] == "Longest chain" and all(int(x) >= 1 for x in table[2][1:])
    assert table[3][1:] == [str(scene.state.score[0]), str(scene.state.score[1])]


def test_resizing_rescales_the_field(app):
    scene = start_order(app, seed=4)
    small = scene.geom.u
    app.screen = pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    run(app)
    assert scene.geom.u > small * 1.3
    col = 7
    assert scene.geom.column_at(scene.geom.column_rect(col).center) == col


def test_the_column_cursor_is_drawn_when_the_field_is_laid_out(app):
    """The column cursor's brackets are drawn for every column width when the field is
    laid out: a person stepping across the field only blits them."""
    from game.ui import marks

    scene = start_order(app, seed=6)
    arrange_by_keyboard(app, scene)
    arrange_by_keyboard(app, scene)
    run(app, [key(pygame.K_RETURN)])  # an end stone chosen: the column cursor shows
    assert scene.stage == "column"
    first = marks.cursor_image.misses
    for _ in range(COLUMNS):
        run(app, [key(pygame.K_RIGHT)])
    for _ in range(COLUMNS):
        run(app, [key(pygame.K_LEFT)])
    assert marks.cursor_image.misses == first


def test_no_stone_is_drawn_for_the_first_time_once_the_game_is_laid_out(app):
    """Every block the collections and the field can show is drawn when the field is laid
    out: the frame in which the arrangements end (a whole collection appears at once, often
    on the computer's answer) only blits."""
    scene = start_order(app, seed=6)
    arrange_by_keyboard(app, scene)
    arrange_by_keyboard(app, scene)
    assert scene.state.phase == "play"
    run(app)
    first = kit._block.misses
    rng = random.Random(6)
    for _ in range(8):
        play_by_keyboard(app, scene, rng.choice(ORDER.legal_moves(scene.state)))
        settle(app, scene)
    assert kit._block.misses == first
    # the window's new size is laid out (and drawn) in one go as well
    app.screen = pygame.display.set_mode((1500, 900), pygame.RESIZABLE)
    run(app)
    first = kit._block.misses
    for _ in range(4):
        play_by_keyboard(app, scene, rng.choice(ORDER.legal_moves(scene.state)))
        settle(app, scene)
    assert kit._block.misses == first
