"""Time on the server (game/server/clock.py, timing.py): a Fischer clock and a
correspondence game's days per turn worked out from stored times alone, a flag that falls
on the server's own timer with no move arriving, the clocks a restarted server gives back,
and a live game's reconnect grace: the opponent told a seat left, then back, or the game
claimed after the grace. The service's tests run on an injected wall clock; the server's
through uvicorn on 127.0.0.1 with clocks and graces of a second or two."""
from __future__ import annotations

import random
import sqlite3
import time

import pytest

from game import catalogue
from game.server import clock as C
from game.server import service as S
from game.server import timing
from game.server.store import DB_NAME, SQLiteStore


class Wall:
    """A wall clock the test turns (seconds since the epoch)."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def wall():
    return Wall()


@pytest.fixture
def store(tmp_path):
    opened = SQLiteStore(tmp_path / "data")
    yield opened
    opened.close()


def seated(service, game_id, **control):
    made = service.create({"game": game_id, **control})
    joined = service.join({"invite": made["invite"]})
    table, _side = service.seat(made["secret"])
    return made, joined, table


def play_random(service, table, wall, rng, seconds):
    """One random legal move by the side to move, ``seconds`` after the last; the mover and
    whether its turn went on."""
    wall.now += seconds
    side = table.match.state.to_move
    move = table.match.rules.random_move(table.match.state, rng)
    service.play(table, side, table.ply, table.match.rules.move_json(move))
    after = table.match.state
    return side, after.to_move == side and table.match.rules.mid_turn(after)


def test_a_time_control_is_checked_at_creation(store, wall):
    service = S.Service(store, wall)
    for bad in ({"clock": {"initial": 0}}, {"clock": {"initial": 60, "increment": -1}},
                {"clock": {"initial": "60"}}, {"clock": {"initial": 60, "bonus": 2}},
                {"clock": {"initial": float("inf")}}, {"correspondence": {"days": 0}},
                {"correspondence": {"days": 1.5}}, {"correspondence": {"days": True}},
                {"clock": {"initial": 60}, "correspondence": {"days": 1}}, {"clock": [60, 2]}):
        with pytest.raises(S.Refused) as refused:
            service.create({"game": "rush", **bad})
        assert refused.value.reason == S.MALFORMED, bad
    made = service.create({"game": "rush", "clock": {"initial": 300, "increment": 3}})
    assert made["clock"] == {"initial": 300.0, "increment": 3.0} and "correspondence" not in made
    assert made["clocks"]["running"] is None  # nobody's runs before the friend is in
    assert "clock" not in service.create({"game": "rush"})


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_the_fischer_increment_comes_once_a_turn_and_only_the_mover_pays(store, wall, game_id):
    service = S.Service(store, wall)
    _made, _joined, table = seated(service, game_id, clock={"initial": 600, "increment": 5})
    rng = random.Random(3)
    expected = {p: 600.0 for p in table.match.rules.players}
    assert table.clock.running == table.match.state.to_move
    turns_passed = turns_on = 0
    for k in range(40):
        if table.over:
            break
        spent = 1.0 + k % 4 * 0.25
        side, goes_on = play_random(service, table, wall, rng, spent)
        expected[side] -= spent
        if not goes_on:
            expected[side] += 5
            turns_passed += 1
        else:
            turns_on += 1
        told = service.clocks(table)
        assert told["left"] == pytest.approx(expected, abs=0.002), (k, side)
        assert told["running"] == table.match.state.to_move
    assert turns_passed


def test_a_turn_of_several_moves_is_one_turn_for_the_clock(store, wall):
    # a game whose turns may hold several moves (by the rules' mid_turn), found by playing
    games = [g for g in catalogue.GAME_IDS if g in ("rush", "improbable")]
    rng = random.Random(11)
    seen_long_turn = False
    for game_id in games:
        service = S.Service(store, wall)
        _m, _j, table = seated(service, game_id, clock={"initial": 600, "increment": 10})
        for _ in range(60):
            if table.over:
                break
            before = dict(service.clocks(table)["left"])
            side, goes_on = play_random(service, table, wall, rng, 2.0)
            after = service.clocks(table)["left"]
            assert after[side] == pytest.approx(before[side] - 2.0 + (0 if goes_on else 10), abs=0.002)
            seen_long_turn |= goes_on
    assert seen_long_turn, "no turn of several moves was played: the test checks nothing"


def test_a_flag_falls_on_the_service_clock_and_a_restarted_service_gives_back_the_same_clocks(tmp_path, wall):
    store = SQLiteStore(tmp_path / "data")
    service = S.Service(store, wall)
    made, joined, table = seated(service, "sparks", clock={"initial": 30, "increment": 2})
    rng = random.Random(4)
    for spent in (3.5, 1.25, 7.0):
        play_random(service, table, wall, rng, spent)
    wall.now += 4.321
    clocks = service.clocks(table)
    store.close()
    again = S.Service(SQLiteStore(tmp_path / "data"), wall)  # a server killed and started again
    rebuilt, _side = again.seat(made["secret"])
    assert rebuilt is not table and again.clocks(rebuilt) == clocks
    running = rebuilt.clock.running
    assert again.flag(rebuilt) is None  # time left: nothing
    wall.now += clocks["left"][running] - 0.01
    assert again.flag(rebuilt) is None
    wall.now += 0.02
    ended = again.flag(rebuilt)
    assert ended["type"] == "ended" and ended["reason"] == C.TIME and ended["loser"] == running
    assert ended["winner"] == rebuilt.other(running) and ended["clocks"]["left"][running] == 0
    assert ended["reveal"]["seed"] == rebuilt.row.seed and ended["clocks"]["running"] is None
    with pytest.raises(S.Refused) as refused:
        move = rebuilt.match.rules.random_move(rebuilt.match.state, rng)
        again.play(rebuilt, running, rebuilt.ply, rebuilt.match.rules.move_json(move))
    assert refused.value.reason == S.OVER
    again.store.close()
    third = S.Service(SQLiteStore(tmp_path / "data"), wall)  # the end is stored: read back as it was
    wall.now += 100
    final, _side = third.seat(joined["secret"])
    info = third.info(final)
    assert info["status"] == "over" and info["reason"] == C.TIME and info["winner"] == ended["winner"]
    assert info["clocks"] == {**ended["clocks"], "now": info["clocks"]["now"]}
    third.store.close()


def test_a_move_after_the_flag_fell_is_refused_even_before_the_timer_looks(store, wall):
    service = S.Service(store, wall)
    _made, _joined, table = seated(service, "rush", clock={"initial": 5, "increment": 0})
    wall.now += 5.5
    side = table.match.state.to_move
    move = table.match.rules.random_move(table.match.state, random.Random(1))
    with pytest.raises(S.Refused) as refused:
        service.play(table, side, 0, table.match.rules.move_json(move))
    assert refused.value.reason == S.OVER and table.ply == 0 and store.moves(table.id) == []


def test_correspondence_gives_days_for_every_turn_and_no_bank(store, wall):
    service = S.Service(store, wall)
    made, _joined, table = seated(service, "sparks", correspondence={"days": 2})
    assert made["correspondence"] == {"days": 2} and "clock" not in made
    rng = random.Random(9)
    two_days = 2 * C.DAY
    side, _on = play_random(service, table, wall, rng, C.DAY * 1.5)  # a day and a half: it stays open
    other = table.match.state.to_move
    left = service.clocks(table)["left"]
    assert left[other] == two_days and left[side] == pytest.approx(two_days - C.DAY * 1.5)
    play_random(service, table, wall, rng, 600)
    assert service.clocks(table)["left"][side] == two_days  # a new turn: its days again, nothing kept
    wall.now += two_days - 1
    assert service.flag(table) is None
    wall.now += 2
    assert service.flag(table)["reason"] == C.TIME


def test_a_schema_1_database_migrates_and_its_moves_keep_their_second(tmp_path, wall):
    folder = tmp_path / "data"
    folder.mkdir()
    db = sqlite3.connect(folder / DB_NAME)
    from game.server import store as store_module
    db.executescript(store_module.SCHEMA)
    db.execute("INSERT INTO schema_version VALUES (1, 0)")
    db.execute("PRAGMA user_version=1")
    db.commit()
    db.close()
    store = SQLiteStore(folder)
    service = S.Service(store, wall)
    made, _j, table = seated(service, "rush")
    play_random(service, table, wall, random.Random(2), 1.0)
    assert [m.at_ms for m in store.moves(table.id)] == [int(wall.now * 1000)]
    with store.transaction():  # a move stored by a schema-1 server: its second only
        store.db.execute("UPDATE moves SET at_ms = NULL")
    assert [m.at_ms for m in store.moves(table.id)] == [int(wall.now) * 1000]
    versions = store.db.execute("SELECT version FROM schema_version ORDER BY version").fetchall()
    assert versions == [(1,), (2,), (3,), (4,)]
    store.close()
    again = S.Service(SQLiteStore(folder), wall)
    assert again.seat(made["secret"])[0].ply == 1
    again.store.close()


def test_the_seats_held_on_other_processes_count_as_present(store, wall):
    """Timekeeper.remote (several processes on one database): a seat whose sockets are all
    elsewhere is present; it is told ``left`` here when the last of them goes, ``back`` when
    one returns; a seat with a socket here is never told either way from elsewhere."""
    service = S.Service(store, clock=wall)
    made, joined, table = seated(service, "rush")
    here, there = made["seat"], joined["seat"]
    now = [100.0]
    keeper = timing.Timekeeper(5.0, monotonic=lambda: now[0])
    assert keeper.remote(table, {there: 1}) == []  # read as the seat's socket said hello here
    back, others = keeper.came(table, here)
    assert not back and others == []  # its opponent is on the other process: not away
    assert keeper.unseen_due() == [] and keeper.left_for(table.id, there) is None
    now[0] += 2
    assert keeper.remote(table, {}) == [("left", there, 5.0)]
    assert keeper.claimable(table, here) is not None  # within the grace
    now[0] += 6
    assert keeper.claimable(table, here) is None
    assert keeper.remote(table, {there: 2}) == [("back", there, None)]
    assert keeper.claimable(table, here) == "Your opponent is connected."
    assert keeper.remote(table, {here: 1, there: 1}) == []  # the seat here: nothing to tell of it
    assert keeper.went(table, table.id, here, room_empty=False) is False  # still held elsewhere
    assert sorted(keeper.remote(table, {})) == sorted([("left", here, 5.0), ("left", there, 5.0)])
    # on a shared database the last socket here going is decided by the next read of the others
    keeper.came(table, here)
    assert keeper.remote(table, {there: 1}) == [("back", there, None)]
    assert keeper.went(table, table.id, here, room_empty=False, shared=True) is False
    assert keeper.remote(table, {here: 1, there: 1}) == []  # it is on the other process: nothing to tell
    keeper.came(table, here)
    assert keeper.remote(table, {there: 1}) == []  # its socket elsewhere went, but it has one here
    assert keeper.went(table, table.id, here, room_empty=False, shared=True) is False
    assert keeper.remote(table, {there: 1}) == [("left", here, 5.0)]  # nowhere else: it left


def test_a_stored_time_control_that_cannot_be_read_plays_on_without_a_clock():
    assert C.stored(None) is None and C.stored("") is None and C.stored("{") is None
    assert C.stored('{"clock":{"initial":-4}}') is None and C.stored('[1]') is None
    assert C.stored(C.stored_text(C.Control(C.CLOCK, 60.0, 1.0))) == C.Control(C.CLOCK, 60.0, 1.0)


# -- through the real server ----------------------------------------------------------------------
for _name in ("starlette", "uvicorn", "websockets"):
    pytest.importorskip(_name, reason=f"the server extra is not installed ({_name}): pip install '.[server]'")

from server_client import FAST, PATIENCE, Client, ServerThread, http, pick  # noqa: E402

from game.server.service import Limits  # noqa: E402

#: a grace the tests wait out
SHORT_GRACE = Limits(rate=FAST.rate, burst=FAST.burst, grace=1.0)


def new_game(running, **extra):
    status, made = http("POST", running.url + "/games", {"game": "sparks", **extra})
    assert status == 201, made
    status, joined = http("POST", running.url + "/join", {"invite": made["invite"]})
    assert status == 200, joined
    return made, joined


def expect(client, kind, seconds=PATIENCE):
    deadline = time.monotonic() + seconds
    while True:
        assert time.monotonic() < deadline, f"no {kind} within {seconds} s"
        message = client.recv()
        if message["type"] == kind:
            return message


def test_a_flag_falls_on_the_servers_timer_with_no_move_arriving(tmp_path):
    running = ServerThread(tmp_path / "data").start()
    try:
        made, joined = new_game(running, clock={"initial": 1.5, "increment": 1})
        seats = {made["seat"]: Client(running, {"secret": made["secret"], "ply": 0}),
                 joined["seat"]: Client(running, {"secret": joined["secret"], "ply": 0})}
        watcher = Client(running, {"watch": made["watch"], "ply": 0})
        welcome = watcher.received[0]
        assert welcome["clock"] == {"initial": 1.5, "increment": 1.0}
        mover = welcome["clocks"]["running"]
        assert mover == welcome["state"]["to_move"] and 0 < welcome["clocks"]["left"][mover] <= 1.5
        # one move each way: the increment is added, and the envelope carries the clocks
        first = seats[mover]
        first.ply = 0
        first.move(pick("sparks", made["level"], welcome["state"], random.Random(1)))
        played = expect(first, "played")
        assert played["clocks"]["running"] == played["state"]["to_move"] != mover
        assert 1.5 < played["clocks"]["left"][mover] <= 2.5  # less than 1.5 s spent, 1 s added
        started = time.monotonic()
        ended = expect(watcher, "ended", seconds=6.0)  # nobody moves: the second side's flag falls
        loser = played["state"]["to_move"]
        assert ended["reason"] == "time" and ended["loser"] == loser and ended["winner"] == mover
        assert time.monotonic() - started < 3.0 and ended["clocks"]["left"][loser] == 0
        for client in seats.values():
            assert expect(client, "ended")["reason"] == "time"
        seats[loser].move(pick("sparks", made["level"], played["state"], random.Random(2)), ply=1)
        assert expect(seats[loser], "refused")["reason"] == "over"
        status, look = http("GET", running.url + f"/watch/{made['watch']}")
        assert look["status"] == "over" and look["reason"] == "time" and look["winner"] == mover
        for client in [*seats.values(), watcher]:
            client.close()
    finally:
        running.stop()


def test_the_clocks_survive_a_server_restart_and_a_flag_falls_in_a_game_nobody_follows(tmp_path):
    running = ServerThread(tmp_path / "data").start()
    made, joined = new_game(running, clock={"initial": 60, "increment": 0})
    watcher = Client(running, {"watch": made["watch"], "ply": 0})
    before = watcher.received[0]["clocks"]
    watcher.close()
    running.stop()
    time.sleep(0.3)
    running = ServerThread(tmp_path / "data").start()
    try:
        again = Client(running, {"watch": made["watch"], "ply": 0})
        after = again.received[0]["clocks"]
        mover = before["running"]
        assert after["running"] == mover and after["left"][mover] < before["left"][mover] - 0.25
        # the time that went by, to the server's own clock, and nothing else
        spent = (after["now"] - before["now"]) / 1000
        assert after["left"][mover] == pytest.approx(before["left"][mover] - spent, abs=0.01)
        again.close()
    finally:
        running.stop()
    # a short clock, the server stopped while it runs: started again, the flag falls by itself
    running = ServerThread(tmp_path / "data").start()
    made, _joined = new_game(running, clock={"initial": 2, "increment": 0})
    running.stop()
    running = ServerThread(tmp_path / "data").start()
    try:
        deadline = time.monotonic() + 8
        while True:
            status, look = http("GET", running.url + f"/watch/{made['watch']}")
            if look["status"] == "over":
                break
            assert time.monotonic() < deadline, look
            time.sleep(0.2)
        assert look["reason"] == "time"
        db = sqlite3.connect(tmp_path / "data" / DB_NAME)
        try:
            assert db.execute("SELECT status, reason FROM games WHERE id = ?",
                              (made["match"],)).fetchone() == ("over", "time")
        finally:
            db.close()
    finally:
        running.stop()


def test_a_seat_that_leaves_is_told_to_its_opponent_and_comes_back_within_the_grace(tmp_path):
    running = ServerThread(tmp_path / "data", limits=SHORT_GRACE).start()
    try:
        made, joined = new_game(running, clock={"initial": 120, "increment": 2})
        stays = Client(running, {"secret": made["secret"], "ply": 0})
        goes = Client(running, {"secret": joined["secret"], "ply": 0})
        goes.close()
        left = expect(stays, "left")
        assert left["side"] == joined["seat"] and left["grace"] == 1.0
        stays.send({"v": 1, "type": "claim", "id": 3})
        refused = expect(stays, "refused")
        assert refused["reason"] == "grace" and refused["id"] == 3
        back = Client(running, {"secret": joined["secret"], "ply": 0})
        assert expect(stays, "back")["side"] == joined["seat"]
        time.sleep(1.2)  # the grace would have run out: the seat is here, nothing to claim
        stays.send({"v": 1, "type": "claim"})
        assert expect(stays, "refused")["reason"] == "grace"
        watcher = Client(running, {"watch": made["watch"]})
        watcher.send({"v": 1, "type": "claim"})
        assert expect(watcher, "refused")["reason"] == "spectator"
        for client in (stays, back, watcher):
            client.close()
    finally:
        running.stop()


def test_after_the_grace_the_opponent_claims_the_game(tmp_path):
    running = ServerThread(tmp_path / "data", limits=SHORT_GRACE).start()
    try:
        made, joined = new_game(running)  # a live game without a clock has the grace too
        stays = Client(running, {"secret": made["secret"], "ply": 0})
        goes = Client(running, {"secret": joined["secret"], "ply": 0})
        goes.close()
        assert expect(stays, "left")["grace"] == 1.0
        time.sleep(1.1)
        stays.send({"v": 1, "type": "claim"})
        ended = expect(stays, "ended")
        assert ended["reason"] == "abandoned" and ended["winner"] == made["seat"]
        assert ended["loser"] == joined["seat"] and "reveal" in ended
        late = Client(running, {"secret": joined["secret"], "ply": 0})  # the leaver sees it over
        welcome = late.received[0]
        assert welcome["status"] == "over" and welcome["reason"] == "abandoned"
        assert welcome["winner"] == made["seat"]
        for client in (stays, late):
            client.close()
    finally:
        running.stop()
    # a seat never seen (since the server started, or since it joined) is away from its
    # opponent's hello on, and told after a notice (it may be on its way)
    running = ServerThread(tmp_path / "data", limits=SHORT_GRACE).start()
    try:
        made, joined = new_game(running)
        alone = Client(running, {"secret": made["secret"], "ply": 0})
        hello = time.monotonic()
        left = expect(alone, "left", seconds=6)
        assert left["side"] == joined["seat"] and left["grace"] == 0.0
        assert timing.NOTICE - 0.2 <= time.monotonic() - hello <= timing.NOTICE + 1.5
        alone.send({"v": 1, "type": "claim"})
        assert expect(alone, "ended")["reason"] == "abandoned"
        alone.close()
        status, made = http("POST", running.url + "/games", {"game": "sparks"})  # the creator waits...
        alone = Client(running, {"secret": made["secret"], "ply": 0})
        # ...the friend joins, and never comes
        status, joined = http("POST", running.url + "/join", {"invite": made["invite"]})
        assert expect(alone, "seated")["side"] == joined["seat"]
        left = expect(alone, "left", seconds=6)
        assert left["side"] == joined["seat"] and left["grace"] == 0.0
        alone.close()
        made, joined = new_game(running)  # on its way: it comes before the notice, nobody is told
        alone = Client(running, {"secret": made["secret"], "ply": 0})
        friend = Client(running, {"secret": joined["secret"], "ply": 0})
        time.sleep(timing.NOTICE + 0.3)
        friend.send({"v": 1, "type": "ping"})
        alone.send({"v": 1, "type": "ping"})
        expect(alone, "pong")
        assert not [m for m in alone.received if m["type"] in ("left", "back")]
        alone.close(), friend.close()
    finally:
        running.stop()


def test_a_correspondence_game_survives_both_players_and_the_server_going(tmp_path):
    running = ServerThread(tmp_path / "data", limits=SHORT_GRACE).start()
    made, joined = new_game(running, correspondence={"days": 3})
    first = Client(running, {"secret": made["secret"], "ply": 0})
    second = Client(running, {"secret": joined["secret"], "ply": 0})
    clients = {made["seat"]: first, joined["seat"]: second}
    state = first.received[0]["state"]
    rng = random.Random(6)
    for ply in range(2):
        mover = clients[state["to_move"]]
        mover.ply = ply
        mover.move(pick("sparks", made["level"], state, rng))
        state = expect(first, "played")["state"]
        expect(second, "played")
    second.close()
    time.sleep(1.3)  # longer than a live game's grace: a correspondence game has none
    first.send({"v": 1, "type": "claim"})
    assert expect(first, "refused")["reason"] == "grace"
    assert not any(m["type"] == "left" for m in first.received)
    first.close()
    watcher = Client(running, {"watch": made["watch"]})
    before = watcher.received[0]
    watcher.close()
    running.stop()
    running = ServerThread(tmp_path / "data").start()
    try:
        again = Client(running, {"secret": joined["secret"], "ply": 2})
        welcome = again.received[0]
        assert welcome["status"] == "playing" and welcome["ply"] == 2 and welcome["state"] == state
        assert welcome["correspondence"] == {"days": 3}
        mover = before["clocks"]["running"]
        spent = (welcome["clocks"]["now"] - before["clocks"]["now"]) / 1000
        left = welcome["clocks"]["left"][mover]
        assert left == pytest.approx(before["clocks"]["left"][mover] - spent, abs=0.01)
        assert welcome["clocks"]["left"][mover] > 3 * C.DAY - 60
        again.close()
    finally:
        running.stop()
