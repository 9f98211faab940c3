"""What a seat sees and asks for on the play screen, against the real server (uvicorn on
127.0.0.1 in a thread) and a headless opponent: The Great Order's opponent arranging on
another machine (its row face down, no hand-over card, play on after the reveal); a
take-back asked with Undo and answered by the opponent, and the opponent's asked of this
screen, answered with the keys."""
from __future__ import annotations

import os
import random

import pygame
import pytest

for _name in ("starlette", "uvicorn", "websockets"):
    pytest.importorskip(_name, reason=f"the server extra is not installed ({_name}): pip install '.[server]'")

from driver import DT, key, settle  # noqa: E402
from server_client import ServerThread  # noqa: E402
from test_online_screens import frames_until  # noqa: E402

from game.i18n import _  # noqa: E402
from game.online import book, client  # noqa: E402
from game.rules.order import STAND_IN, Arrange  # noqa: E402
from game.scenes.menus.overlay import AskScene  # noqa: E402
from game.scenes.play import PlayScene  # noqa: E402

SECRET_ROW = (2, 1, 3, 1, 4, 5, 2, 3, 5, 4, 2, 1, 3, 5, 4)


@pytest.fixture
def server(tmp_path):
    running = ServerThread(tmp_path / "data").start()
    yield running
    running.stop()


def shot(app, name):
    """The screen as a PNG where ``GAUSS_ARCADE_SHOTS`` names a folder (to look at by eye)."""
    folder = os.environ.get("GAUSS_ARCADE_SHOTS")
    if folder:
        app.frame([], DT)
        pygame.image.save(app.screen, os.path.join(folder, name + ".png"))


def open_seat(app, server, game_id, friend_first=True):
    """A game made by a headless friend (the other machine) and joined on this screen:
    ``(scene, friend)``."""
    maker, made = client.new_game(server.url, game_id)
    book.forget(maker.entry)
    maker.start()
    mine, _joined = client.join_game(server.url, made["invite"])
    app.nav.play_online(mine)
    frames_until(app, lambda: isinstance(app.stack.top, PlayScene), "the game on screen", [maker])
    scene = app.stack.top
    frames_until(app, lambda: scene.online.ready and scene.online.friend_here and maker.ready, "seated",
                 [maker])
    return scene, maker


def test_the_order_opponent_arranges_on_another_machine_face_down(app, server):
    scene, blue = open_seat(app, server, "order")
    assert blue.seat == "blue" and scene.online.seat == "brown"
    assert not scene.hot_seat  # nobody here to look away from: no hand-over card
    assert blue.send(Arrange(SECRET_ROW)) is None
    frames_until(app, lambda: scene.online.ply == 1, "blue arranged", [blue])
    settle(app, scene)
    # brown's screen: blue's row is the server's stand-in, drawn face down; brown lays out its own
    assert scene.state.collections[0] == STAND_IN and scene.card is None
    assert scene.visible_collection("blue") is None
    shot(app, "order-brown-arranges")
    assert scene.try_play(Arrange(tuple(scene.work))) or scene.online.pending is not None
    frames_until(app, lambda: scene.online.ply == 2 and blue.ply == 2, "brown arranged", [blue])
    settle(app, scene)
    # play begins: both rows public, the move list holds blue's real arrangement
    assert scene.state.collections[0] == SECRET_ROW
    assert scene.history[0].move == Arrange(SECRET_ROW)
    assert scene.visible_collection("blue") == SECRET_ROW
    rng = random.Random(5)
    for _move in range(6):
        ply = scene.online.ply
        if scene.online.my_turn:
            assert scene.try_play(scene.rules.random_move(scene.state, rng))
        else:
            assert blue.send(blue.match.rules.random_move(blue.match.state, rng)) is None
        frames_until(app, lambda ply=ply: scene.online.ply == ply + 1 and blue.ply == ply + 1, "a move",
                     [blue])
    settle(app, scene)
    shot(app, "order-brown-plays")
    blue.close()


def play_until(app, scene, friend, rng, mine_last):
    """Moves until the last one was this screen's (``mine_last``) or the friend's."""
    for _move in range(40):
        if scene.history and (scene.history[-1].before.to_move == scene.online.seat) == mine_last \
                and not scene.rules.chance_outcomes(scene.history[-1].before, scene.history[-1].move):
            return
        ply = scene.online.ply
        if scene.online.my_turn:
            assert scene.try_play(scene.rules.random_move(scene.state, rng))
        else:
            assert friend.send(friend.match.rules.random_move(friend.match.state, rng)) is None
        frames_until(app, lambda ply=ply: scene.online.ply == ply + 1 and friend.ply == ply + 1, "a move",
                     [friend])
        settle(app, scene)
    raise AssertionError("no such move came")


def test_undo_asks_the_opponent_and_the_opponent_asks_this_screen(app, server):
    scene, friend = open_seat(app, server, "rush")
    rng = random.Random(9)
    play_until(app, scene, friend, rng, mine_last=True)
    ply = scene.online.ply
    app.frame([key(pygame.K_u)], DT)  # Undo: the opponent is asked
    assert scene.message == _("Take-back asked: waiting for your opponent...")
    frames_until(app, lambda: friend.takeback is not None and scene.online.takeback is not None, "asked",
                 [friend])
    assert scene.online_news() == _("Take-back asked: waiting for your opponent...")
    shot(app, "takeback-asked")
    assert friend.answer_takeback(True) is None
    frames_until(app, lambda: scene.online.ply < ply and friend.ply == scene.online.ply, "taken back",
                 [friend])
    settle(app, scene)
    assert scene.online.my_turn and scene.online.ply == len(scene.history) == friend.ply
    assert scene.state == scene.match.state and not scene.online_news()
    # the friend's move taken back, asked of this screen: a question over the board, answered with keys
    play_until(app, scene, friend, rng, mine_last=False)
    ply = scene.online.ply
    assert friend.ask_takeback() is None
    frames_until(app, lambda: isinstance(app.stack.top, AskScene), "the question", [friend])
    ask = app.stack.top
    assert ask.title == _("Take back a move?")
    assert [i.label for i in ask.menu.items] == [_("Allow"), _("Refuse")]
    shot(app, "takeback-question")
    app.frame([key(pygame.K_DOWN)], DT)
    app.frame([key(pygame.K_RETURN)], DT)  # Refuse
    frames_until(app, lambda: friend.takeback is None, "refused", [friend])
    assert app.stack.top is scene and scene.online.ply == ply
    # asked again and allowed: both go back
    assert friend.ask_takeback() is None
    frames_until(app, lambda: isinstance(app.stack.top, AskScene), "the question again", [friend])
    app.frame([key(pygame.K_RETURN)], DT)  # Allow
    frames_until(app, lambda: scene.online.ply < ply and friend.ply == scene.online.ply, "allowed", [friend])
    settle(app, scene)
    assert friend.my_turn and scene.online.ply == len(scene.history)
    friend.close()


def test_a_sparks_draw_offer_is_answered_on_the_other_screen(app, server):
    """Sparks & Surges' draw offer is a move of its rules: online it goes through the server
    like any move, and the seat it is offered to answers it on its own screen."""
    from game.rules.sparks import ACCEPT, OFFER
    from game.scenes.games.sparks_scene import DrawOffer

    scene, friend = open_seat(app, server, "sparks")
    rng = random.Random(4)
    if not friend.my_turn:
        ply = scene.online.ply
        assert scene.try_play(next(iter(scene.board_moves())))
        frames_until(app, lambda: friend.ply == ply + 1 and scene.online.ply == ply + 1, "my move", [friend])
    # the friend offers: this screen asks its player, and declining (Enter: the safe default) goes back
    ply = friend.ply
    assert friend.send(OFFER) is None
    frames_until(app, lambda: isinstance(app.stack.top, DrawOffer), "the offer asked", [friend])
    shot(app, "sparks-draw-offered")
    app.frame([key(pygame.K_RETURN)], DT)
    frames_until(app, lambda: friend.ply == ply + 2, "declined", [friend])
    assert not scene.state.over and friend.my_turn  # the offerer moves on the board now
    ply = friend.ply
    assert friend.send(friend.match.rules.random_move(friend.match.state, rng)) is None
    frames_until(app, lambda: scene.online.ply == ply + 1, "the friend's move", [friend])
    settle(app, scene)
    # this screen offers (Tab: the game's other choice); the friend accepts: a draw by agreement
    ply = scene.online.ply
    app.frame([key(pygame.K_TAB)], DT)
    frames_until(app, lambda: friend.ply == ply + 1 and friend.match.state.offered_by == scene.online.seat,
                 "offered", [friend])
    assert not isinstance(app.stack.top, DrawOffer)  # the opponent answers on its screen, not here
    assert friend.send(ACCEPT) is None
    frames_until(app, lambda: scene.state.over and friend.ended is not None, "agreed", [friend])
    assert scene.rules.outcome(scene.state).reason == "agreement" and friend.ended.check == ""
    friend.close()
