"""Take-backs by consent through the real server (uvicorn on 127.0.0.1 in a thread): asked,
refused, withdrawn, expired by a move, accepted (both seats and a spectator told, the
stored rows gone, the game rebuilt the same after a restart), never across a roll of
The Improbable's dice, never by a spectator; and the headless client's side of it."""
from __future__ import annotations

import random
import time

import pytest

for _name in ("starlette", "uvicorn", "websockets"):
    pytest.importorskip(_name, reason=f"the server extra is not installed ({_name}): pip install '.[server]'")

from server_client import PATIENCE, Client, ServerThread, moves_of, new_game, pick  # noqa: E402
from test_server import rows  # noqa: E402

from game import catalogue  # noqa: E402
from game.content import levels  # noqa: E402
from game.match import Match  # noqa: E402
from game.online import client as C  # noqa: E402
from game.online import dice  # noqa: E402
from game.server import service as S  # noqa: E402


@pytest.fixture
def server(tmp_path):
    running = ServerThread(tmp_path / "data").start()
    yield running
    running.stop()


def sit(server, game_id):
    made, joined = new_game(server, game_id)
    seats = {made["seat"]: Client(server, {"secret": made["secret"], "ply": 0}),
             joined["seat"]: Client(server, {"secret": joined["secret"], "ply": 0})}
    watcher = Client(server, {"watch": made["watch"], "ply": 0})
    return made, seats, watcher


def one_move(made, seats, watcher, rng):
    """The seat to move plays a random move; everyone sees it. Returns the mover's side."""
    side = watcher.state["to_move"]
    mover = seats[side]
    ply = mover.ply
    mover.move(pick(made["game"], made["level"], mover.state, rng))
    for client in [*seats.values(), watcher]:
        client.until_ply(ply + 1)
    return side


def test_a_take_back_asked_refused_withdrawn_expired_and_accepted(server):
    made, seats, watcher = sit(server, "rush")
    rng = random.Random(3)
    for _ in range(3):
        one_move(made, seats, watcher, rng)
    asker_side = watcher.played[-1]["by"]
    asker = seats[asker_side]
    other = next(c for s, c in seats.items() if s != asker_side)
    ply = asker.ply
    # asked: every socket hears the question, and where it would go back to
    asker.send({"v": 1, "type": "takeback", "ply": ply})
    for client in (asker, other, watcher):
        asked = client.expect("takeback")
        assert asked["status"] == "asked" and asked["by"] == asker_side and asked["ply"] == ply
        assert asked["to"] == max(p["ply"] for p in watcher.played if p["by"] == asker_side) - 1
    # a second question, a spectator's, the asker answering itself: refused, nothing changes
    asker.send({"v": 1, "type": "takeback", "ply": ply})
    assert asker.expect("refused")["reason"] == S.TURN
    watcher.send({"v": 1, "type": "takeback", "ply": ply})
    assert watcher.expect("refused")["reason"] == S.SPECTATOR
    asker.send({"v": 1, "type": "takeback_answer", "ply": ply, "accept": True})
    assert asker.expect("refused")["reason"] == S.TURN
    def told(status):
        for client in (asker, other, watcher):
            assert client.expect("takeback")["status"] == status

    # refused by the other seat
    other.send({"v": 1, "type": "takeback_answer", "ply": ply, "accept": False})
    told("refused")
    # asked again and withdrawn by the asker
    asker.send({"v": 1, "type": "takeback", "ply": ply})
    told("asked")
    asker.send({"v": 1, "type": "takeback_answer", "ply": ply, "accept": False})
    told("withdrawn")
    # asked again; a move is played instead: the question expires
    asker.send({"v": 1, "type": "takeback", "ply": ply})
    told("asked")
    one_move(made, seats, watcher, rng)
    told("expired")
    other.send({"v": 1, "type": "takeback_answer", "ply": ply, "accept": True})
    assert other.expect("refused")["reason"] == S.STALE
    if watcher.played[-1]["by"] != asker_side:  # the other seat moved: the asker's move is further back
        other, asker = asker, other
        asker_side = watcher.played[-1]["by"]
    ply = asker.ply
    asker.send({"v": 1, "type": "takeback", "ply": ply})
    told("asked")
    to = max(p["ply"] for p in watcher.played if p["by"] == asker_side) - 1
    kept = moves_of(watcher.played)[:to]
    # accepted: every socket goes back to the asker's turn, the rows after it are gone
    other.send({"v": 1, "type": "takeback_answer", "ply": ply, "accept": True})
    for client in (asker, other, watcher):
        back = client.expect("takenback")
        assert back["ply"] == to and back["by"] == asker_side and back["from"] == ply
        assert client.ply == to and client.state["to_move"] == asker_side
    assert [row[0] for row in rows(server.app.state.server.service.store.folder, made["match"])] == \
        list(range(1, to + 1))
    match = Match("rush", levels.load("rush", made["level"]), made_seed(server, made), notes=False)
    for move in kept:
        match.play(match.rules.parse_move(move))
    assert {**match.rules.state_json(match.state)} == {**watcher.state}
    # and the game goes on from there, to its end, for everyone
    while not watcher.state["over"]:
        one_move(made, seats, watcher, rng)
    assert seats[asker_side].state == other.state == watcher.state
    for client in (*seats.values(), watcher):
        client.close()


def made_seed(server, made):
    return server.app.state.server.service.store.game(made["match"]).seed


def test_the_game_taken_back_is_the_game_a_restarted_server_rebuilds(tmp_path):
    running = ServerThread(tmp_path / "data").start()
    made, seats, watcher = sit(running, "gauss")
    rng = random.Random(8)
    for _ in range(4):
        side = one_move(made, seats, watcher, rng)
    asker, other = seats[side], next(c for s, c in seats.items() if s != side)
    asker.send({"v": 1, "type": "takeback", "ply": 4})
    other.expect("takeback")
    other.send({"v": 1, "type": "takeback_answer", "ply": 4, "accept": True})
    back = watcher.expect("takenback")
    assert back["ply"] == 3 and back["state"]["to_move"] == side
    for client in (*seats.values(), watcher):
        client.close()
    running.stop()
    running = ServerThread(tmp_path / "data").start()
    try:
        again = Client(running, {"watch": made["watch"]})
        assert again.state == back["state"] and again.ply == 3
        # a seat that saw ply 4 before the take-back comes back: the welcome alone, at ply 3
        late = Client(running, {"secret": made["secret"], "ply": 4})
        assert late.ply == 3 and late.received[0]["state"] == back["state"]
        late.close()
        again.close()
    finally:
        running.stop()


def test_never_across_a_roll_of_the_dice(server):
    made, seats, watcher = sit(server, "improbable")
    rng = random.Random(1)
    side = one_move(made, seats, watcher, rng)  # the first move of The Improbable is a roll
    assert watcher.played[-1]["move"]["action"] == "roll"
    seats[side].send({"v": 1, "type": "takeback", "ply": 1})
    refused = seats[side].expect("refused")
    assert refused["reason"] == S.ILLEGAL and "dice" in refused["message"]
    assert not [m for m in watcher.received if m["type"] == "takeback"]


def test_a_seat_with_no_move_has_nothing_to_take_back(server):
    made, seats, watcher = sit(server, "rush")
    first = watcher.state["to_move"]
    second = next(s for s in seats if s != first)
    seats[second].send({"v": 1, "type": "takeback", "ply": 0})
    assert seats[second].expect("refused")["reason"] == S.ILLEGAL
    seats[first].send({"v": 1, "type": "takeback", "ply": 5})
    assert seats[first].expect("refused")["reason"] == S.STALE


def test_the_client_asks_the_other_answers_and_both_matches_go_back(server):
    maker, made = C.new_game(server.url, "sparks")
    friend, _joined = C.join_game(server.url, made["invite"])
    games = [maker.start(), friend.start()]
    events = {id(g): [] for g in games}

    def until(done, what):
        deadline = time.monotonic() + PATIENCE
        while not done():
            for g in games:
                events[id(g)].extend(g.poll())
            assert time.monotonic() < deadline, what
            time.sleep(0.002)

    until(lambda: all(g.ready and g.friend_here for g in games), "seated")
    rng = random.Random(4)
    for _ in range(3):
        mover = next(g for g in games if g.my_turn)
        ply = mover.ply
        assert mover.send(mover.match.rules.random_move(mover.match.state, rng)) is None
        until(lambda ply=ply: all(g.ply == ply + 1 for g in games), "a move")
    asker = next(g for g in games if not g.my_turn)
    other = next(g for g in games if g is not asker)
    assert other.why_no_takeback() is None or other.match.history  # (either may ask)
    history = [p.move for p in asker.match.history]
    assert asker.ask_takeback() is None
    until(lambda: other.takeback is not None and asker.takeback is not None, "the question")
    asked = [e for e in events[id(other)] if isinstance(e, C.TakeBack)]
    assert asked[-1].status == "asked" and not asked[-1].mine and asker.why_no_takeback()
    assert other.answer_takeback(True) is None
    until(lambda: asker.ply == 2 and other.ply == 2, "taken back")
    for g in games:
        back = [e for e in events[id(g)] if isinstance(e, C.TakenBack)]
        assert back and back[-1].gone == 1 and back[-1].by == asker.seat and g.takeback is None
        assert [p.move for p in g.match.history] == history[:2]
    assert asker.my_turn
    # the game goes on to its end, and checks out from the seed with the moves that stayed
    while not asker.match.over:
        mover = next(g for g in games if g.my_turn)
        ply = mover.ply
        assert mover.send(mover.match.rules.random_move(mover.match.state, rng)) is None
        until(lambda ply=ply: all(g.ply == ply + 1 for g in games), "a move")
        if mover.ply > 400:
            break
    if asker.match.over:
        until(lambda: all(g.ended is not None for g in games), "the end")
        assert [g.ended.check for g in games] == ["", ""]
    for g in games:
        g.close()


def test_the_client_will_not_ask_across_a_roll(server):
    maker, made = C.new_game(server.url, "improbable")
    friend, _joined = C.join_game(server.url, made["invite"])
    games = [maker.start(), friend.start()]
    deadline = time.monotonic() + PATIENCE
    while not all(g.ready and g.friend_here for g in games):
        for g in games:
            g.poll()
        assert time.monotonic() < deadline
        time.sleep(0.002)
    mover = next(g for g in games if g.my_turn)
    rules = mover.match.rules
    state = mover.match.state
    roll = next(m for m in rules.legal_moves(state) if rules.chance_outcomes(state, m))
    assert mover.send(roll) is None
    while mover.ply < 1:
        mover.poll()
        assert time.monotonic() < deadline
        time.sleep(0.002)
    assert mover.ask_takeback() == "No take-back across a roll of the dice."
    for g in games:
        g.close()


@pytest.mark.parametrize("game_id", [g for g in catalogue.GAME_IDS if S.has_chance(catalogue.get(g).rules)])
def test_every_chance_game_refuses_a_take_back_over_its_rolls(game_id):
    from game.server import takeback
    from game.server.service import Table
    from game.server.store import GameRow

    rules = catalogue.get(game_id).rules
    match = Match(game_id, levels.load(game_id), 5, notes=False)
    rng = random.Random(5)
    by = []
    while not any(rules.chance_outcomes(p.before, p.move) for p in match.history):
        by.append(match.state.to_move)
        match.play(rules.random_move(match.state, rng))
    row = GameRow("X", game_id, "", "{}", None, 5, "", "", "A", "B", "")
    table = Table(row, match, list(rules.players), by)
    with pytest.raises(S.Refused, match="dice"):
        takeback.target(S.Service(None), table, by[-1])  # (no store: the table keeps every position)


def test_a_client_away_during_a_take_back_comes_back_to_the_game_as_it_is(server, monkeypatch):
    monkeypatch.setattr(C, "RETRY_FIRST", 2.0)  # down long enough for the take-back to happen
    maker, made = C.new_game(server.url, "rush")
    friend, _joined = C.join_game(server.url, made["invite"])
    twin = C.OnlineGame.of(maker.entry)  # the maker's seat open on a second machine
    games = [maker.start(), friend.start(), twin.start()]

    def until(done, what):
        deadline = time.monotonic() + PATIENCE
        while not done():
            for g in games:
                g.poll()
            assert time.monotonic() < deadline, what
            time.sleep(0.002)

    until(lambda: all(g.ready and g.friend_here for g in games), "seated")
    rng = random.Random(6)
    while not (maker.match.history and maker.match.history[-1].before.to_move == maker.seat
               and len(maker.match.history) >= 3):
        mover = maker if maker.my_turn else friend
        ply = mover.ply
        assert mover.send(mover.match.rules.random_move(mover.match.state, rng)) is None
        until(lambda ply=ply: all(g.ply == ply + 1 for g in games), "a move")
    seen = twin.ply
    twin.drop()
    until(lambda: twin.link == C.LOST, "the twin away")
    assert maker.ask_takeback() is None
    until(lambda: friend.takeback is not None, "asked")
    assert friend.answer_takeback(True) is None
    until(lambda: maker.ply < seen and friend.ply == maker.ply, "taken back")
    until(lambda: twin.link == C.OPEN and twin.ply == maker.ply, "the twin back")
    rules = maker.match.rules
    assert dice.public(rules, twin.match.state) == dice.public(rules, maker.match.state)
    assert twin.my_turn
    for g in games:
        g.close()
