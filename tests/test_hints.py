"""Help in a game: the Hint action shows the move the hard level would play."""
import pygame
import pytest
from driver import DT, click, key, run, settle

from game.catalogue import GAME_IDS
from game.persistence import saves
from game.scenes.menus.seats import Seat
from game.ui import theme


def hinted(app, game, limit=900):
    """Run frames until the hint's search has ended; the hint's text."""
    for _ in range(limit):
        if game.hinter is None:
            break
        app.frame([], DT)
    assert game.hinter is None, "the hint never came"
    return game.bottom_line()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_h_shows_the_hard_levels_move_on_the_board_and_the_record_keeps_it(app, game_id):
    app.start_game(game_id, seed=5)
    game = app.stack.top
    settle(app, game)
    run(app, [key(pygame.K_h)])
    # searching (a forced move, the Improbable's first roll, is shown at once)
    assert "hint" in game.bottom_line()[0].lower()
    text, color = hinted(app, game)
    assert text.startswith("Hint: ") and color == theme.ACCENT
    assert game.hints == [0]
    assert app.stack.top is game and game.record().hints == [0]
    # the hint leaves the game's cursor on its move: Enter plays exactly that move
    before, move = game.state, game.hinted
    assert game.rules.why_illegal(before, move) is None
    run(app, [key(pygame.K_RETURN)])  # (Order's arrangement: the focus is on Done)
    settle(app, game)
    assert game.history and game.history[0][0] is before and game.history[0][1] == move


def test_the_hint_is_kept_in_the_save_and_counted_on_the_end_card(app):
    app.start_game("gauss", seed=5)
    game = app.stack.top
    settle(app, game)
    game.ask_hint()
    hinted(app, game)
    data = game.record().to_json()
    assert data["hints"] == [0]
    again = saves.parse(data)
    assert again.hints == [0] and again.ladder is None
    # a hint for a later move, then the end: the card says how many
    game.commit(game.rules.legal_moves(game.state)[0])
    settle(app, game)
    game.ask_hint()
    hinted(app, game)
    assert game.hints == [0, 1]
    import random
    rng = random.Random(1)
    while not game.state.over:
        game.commit(game.rules.random_move(game.state, rng), animate=False)
    assert "2 hints were used." in game.the_end().reasons


def test_a_save_with_bad_hints_or_ladder_is_refused_with_the_reason():
    good = saves.Record("gauss", "classic", 3, None, []).to_json()
    for bad, words in (({"hints": "lots"}, "hints"), ({"hints": [-1]}, "hints"),
                       ({"hints": [True]}, "hints"), ({"ladder": "god"}, "ladder")):
        with pytest.raises(saves.RulesError) as err:
            saves.parse({**good, **bad})
        assert words in str(err.value)
    old = {k: v for k, v in good.items() if k not in ("hints", "ladder")}  # a save of before
    assert saves.parse(old).hints == [] and saves.parse(old).ladder is None


def test_no_hint_on_the_computers_turn_nor_in_a_ladder_game(app):
    from game.navigation import game_scene

    game = game_scene(app, "gauss", seed=5, seats={"red": Seat("red", "human"), "blue": Seat("blue", "easy")},
                      ladder="easy")
    app.stack.push(game)
    settle(app, game)
    run(app, [key(pygame.K_h)], frames=2)
    assert game.hinter is None and "ladder" in game.message
    assert game.buttons["hint"].rect.width == 0  # no Hint button either
    run(app, [key(pygame.K_u)])
    assert "take-backs" in game.message


def test_the_hint_button_and_a_pads_y_ask_for_a_hint(app):
    app.start_game("rush", seed=5)
    game = app.stack.top
    settle(app, game)
    run(app, [], frames=2)
    button = game.buttons["hint"]
    assert button.rect.width > 0
    run(app, [click(button.rect.center)])
    assert game.hinter is not None
    game.drop_hint()
    from game.app import pads
    assert pads.CONTROLLER_BUTTONS[pygame.CONTROLLER_BUTTON_Y] == "hint"


def test_a_hint_to_roll_does_not_tell_what_the_die_will_show(app):
    """The hint's words came from the move's preview, which plays the seeded die: "Hint: R2"
    told the player the next roll. A move left to chance is named without its result."""
    app.start_game("improbable", seed=5)
    game = app.stack.top
    settle(app, game)
    game.give_hint(game.rules.parse_move({"action": "roll"}))
    text = game.bottom_line()[0]
    assert text.startswith("Hint: R ") and not any(f"R{v}" in text for v in range(1, 7)), text
