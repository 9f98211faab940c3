"""The server's rules of the house without a network (no extra needed): hostile moves and
requests, fuzzed, are refused with a reason and change nothing; a game is rebuilt from its
stored moves alone; the store keeps its schema's version and refuses a newer one."""
from __future__ import annotations

import json
import random
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import catalogue
from game.server import service as S
from game.server.store import DB_NAME, SQLiteStore, StoreError

SCALAR = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20)
JSON = st.recursive(SCALAR, lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
#: what a fuzzed move may be refused for (never "internal": a bug)
MOVE_REFUSALS = (S.ILLEGAL, S.MALFORMED, S.STALE, S.TURN, S.SPECTATOR, S.DUPLICATE)


@pytest.fixture
def service(tmp_path):
    store = SQLiteStore(tmp_path / "data")
    yield S.Service(store)
    store.close()


def seated(service, game_id):
    made = service.create({"game": game_id})
    joined = service.join({"invite": made["invite"]})
    table, _side = service.seat(made["secret"])
    return made, joined, table


def snapshot(service, table):
    rules = table.match.rules
    return table.ply, rules.state_json(table.match.state), len(service.store.moves(table.id))


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_fuzzed_moves_are_refused_or_played_never_anything_else(service, game_id):
    made, joined, table = seated(service, game_id)
    secrets = {made["seat"]: made["secret"], joined["seat"]: joined["secret"]}

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(move=JSON, ply=st.one_of(st.integers(-2, 3), JSON), side=st.sampled_from([*secrets, None]))
    def check(move, ply, side):
        before = snapshot(service, table)
        try:
            envelope = service.play(table, side, ply, move)
        except S.Refused as refused:
            assert refused.reason in MOVE_REFUSALS, refused
            assert snapshot(service, table) == before
        else:  # a fuzzed value that is a legal move: played, stored and announced
            assert envelope["ply"] == before[0] + 1 == snapshot(service, table)[2]

    check()


@settings(max_examples=200, deadline=None)
@given(body=JSON)
def test_fuzzed_requests_to_create_and_join_are_refused_with_a_sentence(tmp_path_factory, body):
    store = SQLiteStore(tmp_path_factory.mktemp("data"))
    try:
        service = S.Service(store)
        for act in (service.create, service.join):
            try:
                answer = act(body)
            except S.Refused as refused:
                assert refused.message and refused.reason in (S.MALFORMED, S.UNKNOWN)
            else:
                assert answer["type"] == "created"  # {"game": <a game>} is a fine request
        for look in (service.seat, service.watched):
            with pytest.raises(S.Refused):
                look(body)
    finally:
        store.close()


def test_a_game_is_rebuilt_from_its_stored_moves_alone(service, tmp_path):
    game_id = catalogue.GAME_IDS[-1]
    made, _joined, table = seated(service, game_id)
    rng = random.Random(7)
    while table.ply < 12 and not table.match.over:
        side = table.match.state.to_move
        move = table.match.rules.random_move(table.match.state, rng)
        service.play(table, side, table.ply, table.match.rules.move_json(move))
    state = table.match.rules.state_json(table.match.state)
    again = S.Service(SQLiteStore(tmp_path / "data"))  # a new process, in effect: nothing in memory
    rebuilt, side = again.seat(made["secret"])
    assert side == made["seat"] and rebuilt is not table and rebuilt.ply == table.ply
    assert rebuilt.match.rules.state_json(rebuilt.match.state) == state and rebuilt.by == table.by
    again.store.close()


def test_a_client_far_behind_gets_the_state_alone_and_one_close_behind_gets_the_moves(service, monkeypatch):
    made, _joined, table = seated(service, catalogue.GAME_IDS[0])
    rng = random.Random(8)
    for _ in range(4):
        move = table.match.rules.random_move(table.match.state, rng)
        service.play(table, table.match.state.to_move, table.ply, table.match.rules.move_json(move))
    close = service.welcome(table, made["seat"], 1)
    assert [m["type"] for m in close] == ["welcome", "played", "played", "played"]
    assert [m["ply"] for m in close[1:]] == [2, 3, 4] and close[-1]["state"] == close[0]["state"]
    monkeypatch.setattr(S, "MAX_MISSED", 2)
    far = service.welcome(table, made["seat"], 1)
    assert len(far) == 1 and far[0]["resync"] is True and far[0]["ply"] == 4
    for odd in (None, -1, 5, "2", True):  # no ply, or one this game never had: the welcome alone
        assert [m["type"] for m in service.welcome(table, None, odd)] == ["welcome"]


def test_a_database_of_schema_1_is_migrated_keeping_its_games(tmp_path):
    """Schema 2 adds ``games.rematch``: a database the first server made keeps its games."""
    from game.server import store as stores

    db = sqlite3.connect(tmp_path / DB_NAME)
    db.executescript(stores.SCHEMA)
    db.execute("INSERT INTO schema_version VALUES (1, 0)")
    db.execute("INSERT INTO games VALUES ('G1', 'rush', '9x9', '{}', NULL, 1, 's', 'c', 'AAAAAA', 'BBBBBB', "
               "'v', 'open', NULL, 0, 0)")
    db.execute("PRAGMA user_version=1")
    db.commit()
    db.close()
    store = SQLiteStore(tmp_path)
    try:
        assert store.game("G1").rematch is None and store.game("G1").watch == "BBBBBB"
        found = store.db.execute("SELECT version FROM schema_version ORDER BY version").fetchall()
        assert found == [(1,), (2,), (3,), (4,)]
        assert store.db.execute("PRAGMA user_version").fetchone()[0] == 4
        assert store.game("G1").takebacks == 0 and store.question("G1") is None
    finally:
        store.close()


def test_a_database_of_a_newer_schema_is_refused_in_a_line(tmp_path):
    SQLiteStore(tmp_path).close()
    db = sqlite3.connect(tmp_path / DB_NAME)
    db.execute("PRAGMA user_version=99")
    db.close()
    with pytest.raises(StoreError, match="schema 99"):
        SQLiteStore(tmp_path)


def test_codes_are_read_as_people_type_them():
    assert S.normal_code(" k7x-q2m ") == "K7XQ2M"
    assert S.normal_code("K0XQ2M") is None and S.normal_code("") is None and S.normal_code(7) is None
    assert all(c not in S.ALPHABET for c in "01OI") and len(S.make_code()) == S.CODE_LENGTH
    assert S.commitment(1, "ab") == S.commitment(1, "ab") != S.commitment(2, "ab")
    assert json.dumps(S.Refused(S.STALE, "x" * 1000, 3).envelope(["not", "an", "id"]))  # no id echoed
    assert len(S.Refused(S.STALE, "x" * 1000).message) == S.MAX_SENTENCE


def test_a_notification_is_read_only_when_it_names_a_game_and_a_ply_or_a_seat():
    """What another process announces through PostgreSQL says where to look, nothing more:
    anything else on the channel (another program's, a hostile one's) is ignored."""
    from game.server.postgres import note

    assert note('{"game":"AB23CD45","ply":7}') == {"game": "AB23CD45", "ply": 7}
    assert note('{"game":"AB23CD45","seated":"white"}') == {"game": "AB23CD45", "seated": "white"}
    for payload in ("", "not json", "[]", '{"game":"ab23cd45","ply":1}', '{"game":"AB23CD45"}',
                    '{"game":"AB23CD45","ply":0}', '{"game":"AB23CD45","ply":true}',
                    '{"game":"AB23CD45","ply":"1"}',
                    '{"game":"AB23CD45","ply":1,"seated":"white"}', '{"game":"../etc","ply":1}',
                    '{"game":7,"ply":1}', '{"game":"AB23CD45","seated":["white"]}'):
        assert note(payload) is None, payload


def test_the_database_url_is_shown_without_its_password():
    from game.server.postgres import is_url, shown

    assert shown("postgresql://gauss:hunter2@db.internal:5432/games") == (
        "postgresql://gauss:***@db.internal:5432/games")
    assert shown("postgresql://gauss@db/games") == "postgresql://gauss@db/games"
    assert is_url("postgres://x@y/z") and is_url("postgresql:///games") and not is_url("sqlite:///x")
