"""An online game's time in the client and on the play screen, against the real server
(uvicorn on 127.0.0.1 in a thread) with clocks and a grace of a second or two: the clocks
counted down here and set by the server's word, a flag fall on the end card, the banner of
an opponent who left and the choice after the grace (claim, or play on against the
computer), and a new game's clock chosen on the screens."""
from __future__ import annotations

import random
import time

import pygame
import pytest

for _name in ("starlette", "uvicorn", "websockets"):
    pytest.importorskip(_name, reason=f"the server extra is not installed ({_name}): pip install '.[server]'")

from driver import DT, key  # noqa: E402
from server_client import FAST, PATIENCE, ServerThread  # noqa: E402
from test_online_screens import through_the_wait  # noqa: E402

from game import catalogue  # noqa: E402
from game.i18n import _  # noqa: E402
from game.online import book, client  # noqa: E402
from game.online.client import Back, Ended, Left  # noqa: E402
from game.scenes.menus.online import CLOCKS, LobbyScene, OnlineScene, control_words  # noqa: E402
from game.scenes.menus.overlay import AskScene, ResultScene  # noqa: E402
from game.scenes.play import PlayScene  # noqa: E402
from game.scenes.play.clocks import clock_words  # noqa: E402
from game.server.service import Limits  # noqa: E402

SHORT_GRACE = Limits(rate=FAST.rate, burst=FAST.burst, grace=1.0)
GAME = "sparks"  # a turn is one move: the tests know whose clock runs


@pytest.fixture
def server(tmp_path):
    running = ServerThread(tmp_path / "data", limits=SHORT_GRACE).start()
    yield running
    running.stop()


def until(done, games, seconds=PATIENCE, what="", app=None):
    deadline = time.monotonic() + seconds
    events = {id(g): [] for g in games}
    while not done(events):
        assert time.monotonic() < deadline, f"waited too long: {what}"
        if app is not None:
            app.frame([], DT)
        for game in games:  # (beside the app too: a friend not ready when its screen came was never polled)
            events[id(game)].extend(game.poll())
        time.sleep(0.002)
    return events


def pair(server, **control):
    maker, _made = client.new_game(server.url, GAME, control=control or None)
    friend, _joined = client.join_game(server.url, _made["invite"])
    maker.start(), friend.start()
    until(lambda _e: maker.ready and friend.ready and maker.friend_here and friend.friend_here,
          [maker, friend], what="both seated")
    return maker, friend


def test_clock_words_read_as_a_clock_and_never_show_0_00_with_time_left():
    assert clock_words(272) == "4:32" and clock_words(0.2) == "0:01" and clock_words(0) == "0:00"
    assert clock_words(3909) == "1:05:09" and clock_words(-3) == "0:00"
    assert clock_words(2 * 86400 + 5 * 3600 + 59) == _("{days} d {hours} h").format(days=2, hours=5)


def test_the_clocks_count_down_here_and_a_flag_fall_ends_the_game_for_both(server):
    maker, friend = pair(server, clock={"initial": 2, "increment": 0})
    try:
        assert maker.control == {"clock": {"initial": 2.0, "increment": 0.0}}
        mover = maker.match.state.to_move
        clocks = maker.clocks
        assert clocks is not None and clocks.running == mover
        first = clocks.now(mover)
        time.sleep(0.3)
        assert clocks.now(mover) == pytest.approx(first - 0.3, abs=0.1)  # counted down between envelopes
        other = next(p for p in maker.players if p != mover)
        assert clocks.now(other) == 2.0  # not its turn: still
        events = until(lambda e: maker.ended is not None and friend.ended is not None, [maker, friend],
                       seconds=6, what="the flag")
        for game in (maker, friend):
            ended = [e for e in events[id(game)] if isinstance(e, Ended)]
            assert ended == [game.ended] and ended[0].reason == "time" and ended[0].winner == other
            assert game.over and game.clocks.running is None and game.clocks.now(mover) == 0.0
            assert game.ended.check == ""  # the revealed seed replays to the same position
        assert maker.why_not() == _("The game is over.")
    finally:
        maker.close(), friend.close()


def test_the_opponent_leaves_and_comes_back_then_leaves_and_is_claimed(server):
    maker, friend = pair(server, clock={"initial": 300, "increment": 3})
    try:
        friend.close()
        events = until(lambda e: any(isinstance(x, Left) for x in e[id(maker)]), [maker], what="left")
        assert [e.grace for e in events[id(maker)] if isinstance(e, Left)] == [1.0]
        assert 0 < maker.grace_left(friend.seat) <= 1.0
        assert maker.claim() == _("Your opponent may still come back.")  # not before the grace
        back = client.OnlineGame.of(friend.entry).start()
        until(lambda e: any(isinstance(x, Back) for x in e[id(maker)]), [maker, back], what="back")
        assert maker.grace_left(friend.seat) is None
        back.close()
        until(lambda e: maker.grace_left(friend.seat) == 0.0, [maker], seconds=5, what="the grace over")
        assert maker.claim() is None
        until(lambda e: maker.ended is not None, [maker], what="claimed")
        assert maker.ended.reason == "abandoned" and maker.ended.winner == maker.seat
        late = client.OnlineGame.of(friend.entry).start()  # the leaver, later: the game is over
        until(lambda e: late.ended is not None, [late], what="the leaver sees the end")
        assert late.ended.reason == "abandoned" and late.ended.winner == maker.seat and late.over
        late.close()
    finally:
        maker.close()


def settle_on(app, scene_type, what, others=(), seconds=PATIENCE):
    deadline = time.monotonic() + seconds
    while not isinstance(app.stack.top, scene_type):
        assert time.monotonic() < deadline, f"waited too long: {what}"
        app.frame([], DT)
        for other in others:
            other.poll()
        time.sleep(0.002)
    return app.stack.top


def test_a_new_game_with_a_clock_shows_both_clocks_and_the_leavers_choice(app, server):
    book.set_server(server.url)
    app.nav.online()
    assert isinstance(app.stack.top, OnlineScene)
    app.stack.top.new_game()
    app.stack.top.menu.index = [a for a in range(len(app.stack.top.menu.items))
                                if app.stack.top.menu.items[a].label == _(catalogue.get(GAME).title)][0]
    app.frame([key(pygame.K_RETURN)], DT)
    while isinstance(app.stack.top, AskScene) and control_words(CLOCKS[1]) not in [
            i.label for i in app.stack.top.menu.items]:
        app.frame([key(pygame.K_RETURN)], DT)  # the board: the first
    ask = app.stack.top
    labels = [i.label for i in ask.menu.items]
    assert labels[:len(CLOCKS)] == [control_words(c) for c in CLOCKS] == [  # (the tests speak English)
        "No clock", "5 minutes, plus 3 seconds a move", "10 minutes, plus 5 seconds a move",
        "By correspondence: 1 day a move", "By correspondence: 3 days a move"]
    ask.menu.index = 1  # 5 minutes, plus 3 seconds a move
    app.frame([key(pygame.K_RETURN)], DT)
    through_the_wait(app)  # the game is made in a thread, behind its panel
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and lobby.control == {"clock": {"initial": 300.0, "increment": 3.0}}
    friend, _joined = client.join_game(server.url, lobby.code)
    friend.start()
    scene = settle_on(app, PlayScene, "the game on screen", [friend])
    until(lambda _e: scene.online.clocks is not None and friend.ready, [friend], app=app, what="clocks")
    me, them = scene.online.seat, friend.seat
    who = scene.who_is_who()
    assert f"{scene.online_words(me)} 5:00" in who or f"{scene.online_words(me)} 4:5" in who, who
    assert scene.online_words(them) in who and who.count(":") >= 2
    # the friend's machine goes: the banner counts the grace down, then the choice
    friend.close()
    until(lambda _e: scene.banner_text().startswith(_("{side} left: waiting {time}").format(
        side=scene.side_name(them), time="")[:5]), [], app=app, what="the banner")
    assert scene.banner_text() in (_("{side} left: waiting {time}").format(side=scene.side_name(them), time=t)
                                   for t in ("0:01", "0:00"))
    ask = settle_on(app, AskScene, "the choice after the grace", seconds=5)
    labels = [i.label for i in ask.menu.items]
    assert labels == [_("Claim the game"), _("Play on against the computer"),
                      _("Wait for {side}").format(side=scene.side_name(them))]
    ask.menu.index = 1  # play on against the computer: the server's game is claimed, this one goes on
    app.frame([key(pygame.K_RETURN)], DT)
    until(lambda _e: scene.online is None, [], app=app, what="playing on here")
    assert scene.seats[them].is_ai and not scene.seats[me].is_ai and not scene.autosave
    assert scene.status()[0] != _("Game over")
    rng = random.Random(4)
    deadline = time.monotonic() + 60
    plies = len(scene.history)
    while len(scene.history) < plies + 2:  # the computer answers at the leaver's side
        assert time.monotonic() < deadline, "the computer did not play"
        if scene.state.to_move == me and not scene.queue.busy and not scene.thinking:
            assert scene.try_play(scene.rules.random_move(scene.state, rng))
        app.frame([], DT)
        time.sleep(0.002)
    late = client.OnlineGame.of(friend.entry).start()
    until(lambda _e: late.ended is not None, [late], what="the server's game is over")
    assert late.ended.reason == "abandoned" and late.ended.winner == me
    late.close()


def test_a_flag_fall_shows_on_the_end_card(app, server):
    game, made = client.new_game(server.url, GAME, control={"clock": {"initial": 1.5, "increment": 0}})
    friend, _joined = client.join_game(server.url, made["invite"])
    friend.start()
    app.nav.play_online(game)
    scene = settle_on(app, PlayScene, "the game on screen", [friend])
    card = settle_on(app, ResultScene, "the end card", [friend], seconds=8)
    assert card.card.margin == _("on time")
    loser = next(p for p in scene.rules.players if p != scene.online.ended.winner)
    assert card.card.reasons == [_("{side} ran out of time.").format(side=scene.side_name(loser))]
    # no review or save of a game the rules did not end; a rematch, as after any game
    assert [i.label for i in card.menu.items] == [_("Rematch"), _("Menu"), _("Look at the board")]
    assert scene.status()[0] == _("Game over: on time")
    friend.close()


def test_the_question_goes_when_the_opponent_comes_back_and_a_claim_ends_the_game(app, server):
    game, made = client.new_game(server.url, GAME)  # a live game without a clock has the grace too
    friend, _joined = client.join_game(server.url, made["invite"])
    friend.start()
    app.nav.play_online(game)
    scene = settle_on(app, PlayScene, "the game on screen", [friend])
    until(lambda _e: friend.ready and scene.online.friend_here, [friend], app=app, what="both in")
    them = friend.seat
    assert scene.online.clocks is None and ":" not in scene.who_is_who()  # no clock, none shown
    friend.close()
    ask = settle_on(app, AskScene, "the choice after the grace", seconds=6)
    back = client.OnlineGame.of(friend.entry).start()
    until(lambda _e: app.stack.top is scene, [back], app=app, what="the question gone")
    assert scene.banner_text() == _("{side} is back.").format(side=scene.side_name(them))
    assert ask is not app.stack.top and scene.online.grace_left(them) is None
    back.close()
    ask = settle_on(app, AskScene, "the choice again", seconds=6)
    app.frame([key(pygame.K_RETURN)], DT)  # Claim the game, the first answer
    card = settle_on(app, ResultScene, "the end card", seconds=6)
    assert card.card.headline == _("You win!") and card.card.margin == _("by abandonment")
    assert card.card.reasons == [_("{side} left the game and did not come back.").format(
        side=scene.side_name(them))]
    assert scene.status()[0] == _("Game over: abandoned")
    assert [e.over for e in book.load()[0] if e.secret == game.secret] == [True]  # "My games" says so
