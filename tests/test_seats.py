"""Seats: "press A to join", each seat acting only on its own turn, the computer's turns
played through the animation queue without stopping the frames."""
import random

import pygame
import pytest
from driver import key, run, settle

from game import catalogue
from game.app.seats import Seat
from game.navigation import game_scene
from game.rules import sparks
from game.scenes.menus.overlay import PauseScene
from game.scenes.menus.setup import SetupScene
from game.scenes.play import PlayScene

E = pygame.event.Event
A, B, START = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B, pygame.CONTROLLER_BUTTON_START


def pad(iid, button):
    return E(pygame.CONTROLLERBUTTONDOWN, instance_id=iid, button=button)


def added(iid):
    return E(pygame.CONTROLLERDEVICEADDED, instance_id=iid)


def setup(app, game_id="gauss"):
    scene = SetupScene(app, game_id)
    app.stack.push(scene)
    return scene


def test_two_pads_press_a_to_join_then_a_to_start(app):
    run(app, [added(1), added(2)])
    scene = setup(app)
    assert scene.choices[-1] == "pads"
    scene.focus = len(scene.choices) - 1
    run(app, [pad(1, A)])  # "A gamepad each": the seats by device
    assert scene.mode == "join"
    run(app, [pad(1, A)])
    assert scene.seats["red"].device == "pad1" and scene.focus == 1
    run(app, [pad(2, A)])
    assert scene.seats["blue"].device == "pad2" and scene.focus == 2
    run(app, [pad(2, A)])
    game = app.stack.top
    assert isinstance(game, PlayScene)
    assert {p: s.device for p, s in game.seats.items()} == {"red": "pad1", "blue": "pad2"}
    assert app.settings.seats["gauss"] == {"red": "human", "blue": "human"}


def test_b_leaves_a_seat_and_keyboard_joins_as_keyboard_and_mouse(app):
    run(app, [added(1)])
    scene = setup(app)
    scene.choose("pads")
    run(app, [pad(1, A), pad(1, B)])
    assert scene.seats["red"].device is None and scene.mode == "join"
    scene.focus = 1
    run(app, [key(pygame.K_RETURN)])
    assert scene.seats["blue"].device == "keyboard"
    run(app, [key(pygame.K_RETURN)])  # Start
    assert app.stack.top.seats["blue"].device == "keyboard"
    # who holds a seat is not remembered: the next players join afresh
    assert app.settings.seats["gauss"]["blue"] == "human"


def test_b_in_the_seats_by_device_goes_back_to_the_choices(app):
    run(app, [added(1)])
    scene = setup(app)
    scene.choose("pads")
    run(app, [key(pygame.K_ESCAPE)])
    assert scene.mode == "choose" and app.stack.top is scene and scene.choices[scene.focus] == "pads"


def test_left_right_choose_the_computers_level_and_the_choice_is_remembered(app):
    scene = setup(app, "rush")
    assert scene.computer == "white"
    while scene.ai_level != "hard":
        run(app, [key(pygame.K_RIGHT)])
    run(app, [key(pygame.K_RETURN)])
    game = app.stack.top
    assert game.seats["white"].is_ai and game.seats["white"].kind == "hard"
    app.stack.pop()
    again = setup(app, "rush")
    assert again.ai_level == "hard" and again.computer == "white"


def test_a_bad_remembered_seat_falls_back_to_the_default(app):
    app.settings.seats = {"gauss": {"red": "wizard"}}
    scene = setup(app)
    assert scene.ai_level == "medium" and scene.person == "red"


def gauss_with_pads(app):
    run(app, [added(1), added(2)])
    seats = {"red": Seat("red", device="pad1"), "blue": Seat("blue", device="pad2")}
    app.start_game("gauss", seed=5, seats=seats)
    return app.stack.top


def test_each_pad_acts_only_on_its_own_turn(app):
    game = gauss_with_pads(app)
    mover = game.state.to_move
    other = 2 if mover == "red" else 1
    state = game.state
    run(app, [pad(other, A)])
    assert game.state is state and "turn" in game.message
    run(app, [pad(3 - other, A)])
    assert game.state is not state and len(game.history) == 1


def test_one_pad_passed_around_plays_both_seats(app):
    run(app, [added(7)])
    app.start_game("gauss", seed=5)
    game = app.stack.top
    for _ in range(4):
        run(app, [pad(7, A)])
        settle(app, game)
        if game.state.over:
            break
        game.cursor = next(iter(catalogue.game("gauss").legal_moves(game.state))).cell
    assert len(game.history) >= 2


def test_unplugging_a_seated_pad_frees_its_seat_for_the_next_device(app):
    game = gauss_with_pads(app)
    mover = game.state.to_move
    iid = 1 if mover == "red" else 2
    run(app, [E(pygame.CONTROLLERDEVICEREMOVED, instance_id=iid)])
    pause = app.stack.top
    assert isinstance(pause, PauseScene) and mover.capitalize() in pause.note
    assert game.seats[mover].device == "open"
    run(app, [key(pygame.K_RETURN)])  # Resume
    state = game.state
    run(app, [key(pygame.K_RETURN)])  # the keyboard plays for the free seat and takes it
    assert game.state is not state and game.seats[mover].device == "keyboard"


def test_the_other_sides_pad_cannot_take_an_unplugged_seat_but_a_new_pad_can(app):
    """A pad unplugged: its seat is held for its player; red's pad pressing A for blue is
    refused (one pad would play both sides), a third pad takes it and is told."""
    game = gauss_with_pads(app)
    mover = game.state.to_move
    lost, other = (1, 2) if mover == "red" else (2, 1)
    run(app, [E(pygame.CONTROLLERDEVICEREMOVED, instance_id=lost)])
    run(app, [key(pygame.K_RETURN)])  # Resume
    state = game.state
    run(app, [pad(other, A)])
    assert game.state is state and game.seats[mover].device == "open"
    assert "held" in game.message
    run(app, [added(3), pad(3, A)])
    assert game.state is not state and game.seats[mover].device == "pad3"
    assert "Pad 4 now plays" in game.message


# -- the computer's turns ----------------------------------------------------------------------
def ai_game(app, game_id, human, level="easy", seed=3):
    players = catalogue.game(game_id).players
    seats = {p: Seat(p, "human" if p == human else level) for p in players}
    app.start_game(game_id, seed=seed, seats=seats)
    return app.stack.top


def test_the_computer_thinks_in_one_short_slice_per_frame_and_moves_through_the_queue(app, monkeypatch):
    import game.scenes.play.computer as play

    slices: list[tuple[int, float]] = []

    class Spy(play.Thinker):
        def step(self, max_seconds=None):
            slices.append((app.frames, max_seconds))
            return super().step(max_seconds)

    monkeypatch.setattr(play, "Thinker", Spy)
    game = ai_game(app, "gauss", human=None, seed=8)
    assert game.ai_to_move()
    frames = 0
    while not game.history:
        app.frame([], 1 / 30)  # four fixed updates per frame: still one slice
        frames += 1
        assert frames < 600, "the computer never moved"
        if not game.history:
            assert game.thinking
    assert game.queue.busy  # handed to the animation queue, not snapped into place
    frames_seen = [f for f, _ in slices]
    assert len(frames_seen) == len(set(frames_seen)) and len(slices) >= 2
    assert all(0.002 <= seconds <= game.THINK_SLICE for _, seconds in slices)
    settle(app, game)
    assert game.drawn_board() == game.engine_board()


def test_the_board_refuses_input_on_the_computers_turn(app):
    game = ai_game(app, "gauss", human=None)
    state = game.state
    run(app, [key(pygame.K_RETURN)])
    assert game.state is state and "thinking" in game.message


def test_undo_against_the_computer_goes_back_to_the_players_turn(app):
    game = ai_game(app, "rush", human="black", seed=11)
    for _ in range(2000):
        if sum(1 for before, _, _ in game.history if before.to_move == "white") >= 2 \
                and game.state.to_move == "black" and not game.queue.busy:
            break
        if game.state.to_move == "black" and not game.queue.busy and not game.state.over:
            game.try_play(catalogue.game("rush").random_move(game.state, random.Random(len(game.history))))
        run(app)
    assert game.state.to_move == "black"
    run(app, [key(pygame.K_u)])
    assert game.state.to_move == "black" and not game.thinking
    # the move taken back was black's own: the history now ends with a white move or is empty
    assert not game.history or game.history[-1][0].to_move == "white"
    n = len(game.history)
    run(app, [key(pygame.K_r)])
    settle(app, game)
    assert len(game.history) > n and game.state.to_move == "black"


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_computer_against_computer_finishes_every_game_shown_as_played(app, game_id):
    players = catalogue.game(game_id).players
    scene = game_scene(app, game_id, seed=17, seats={p: Seat(p, "easy") for p in players})
    scene.AI_MIN_SECONDS = 0.0
    scene.autosave = False
    app.stack.push(scene)
    # a fixed number of simulations per move keeps the test quick and repeatable
    from game.ai import Thinker

    made = []

    def thinker(game, state, level, rng=None, **kw):
        t = Thinker(game, state, level, rng=rng, iterations=30, **kw)
        made.append(t)
        return t

    import game.scenes.play.computer as play
    original = play.Thinker
    play.Thinker = thinker
    try:
        for _ in range(20000):
            if scene.state.over and not scene.queue.busy:
                break
            scene.queue.skip()
            run(app)
    finally:
        play.Thinker = original
    assert scene.state.over, f"{game_id}: the computers did not finish"
    assert len(made) >= len(scene.history) // 2
    assert scene.record().replay()[-1] == scene.state  # the moves shown are the moves played


def test_order_against_the_computer_shows_no_hand_over_card(app):
    game = ai_game(app, "order", human="blue", seed=4)
    assert game.state.phase == "arrange"
    assert game.card is None


def test_sparks_computer_answers_a_draw_offer(app):
    game = ai_game(app, "sparks", human="white", seed=2)
    assert game.state.to_move == "white"
    game.offer_draw()  # a move of the rules: the computer answers it on its turn, by a search
    assert game.state.offered_by == "white" and game.seat().is_ai
    for _ in range(3000):
        run(app)
        if game.state.offered_by is None:
            break
    assert not isinstance(app.stack.top, PauseScene)
    assert game.state.over or "declines" in game.message
    assert game.history[-1][1] in (sparks.ACCEPT, sparks.DECLINE)


def test_resuming_a_game_against_the_computer_keeps_the_computer_on_its_side(app):
    from game.persistence import saves

    game = ai_game(app, "gauss", human="red", level="hard", seed=6)
    for _ in range(3000):
        if game.state.to_move == "red" and game.awaiting_human and len(game.history) >= 1:
            break
        if game.awaiting_human:
            game.try_play(game.rules.legal_moves(game.state)[0])
        run(app)
    record = saves.read_autosave()
    assert record.seats == {"red": "human", "blue": "hard"} and record.moves
    app.to_title()
    title = app.stack.top
    title.menu.choose()  # the first item: Resume
    resumed = app.stack.top
    assert resumed.seats["blue"].is_ai and resumed.seats["blue"].kind == "hard"
    assert resumed.state == game.state
    assert saves.read_autosave().moves == record.moves  # saved again at once, not only after a move


def test_a_save_with_bad_seats_is_refused_with_a_reason():
    from game.persistence import saves
    from game.rules.core import RulesError

    good = {"format": 1, "game": "rush", "level": "9x9", "seed": 1, "options": None, "moves": []}
    assert saves.parse(good).seats == {}
    for seats in ({"black": "wizard"}, {"red": "human"}, ["human"]):
        with pytest.raises(RulesError, match="seats"):
            saves.parse({**good, "seats": seats})
