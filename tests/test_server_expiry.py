"""Old games forgotten (``--keep-days``, docs/server.md "What it stores"): a game that no
move, seat or end touched for that many days is deleted with its seats and moves, finished
or not; a game touched since, or followed right now, stays; its players' "My games" then
says it is not on the server any more."""
from __future__ import annotations

import asyncio
import random

import pytest
from test_server_clock import wall  # noqa: F401

from game.server import service as S
from game.server.store import SQLiteStore

DAY = 86400


@pytest.fixture
def service(tmp_path, wall):  # noqa: F811
    store = SQLiteStore(tmp_path / "data", clock=wall)
    yield S.Service(store, clock=wall)
    store.close()


def play_some(service, secret, rng, count):
    table, _side = service.seat(secret)
    for _ in range(count):
        state = table.match.state
        move = table.match.rules.random_move(state, rng)
        service.play(table, state.to_move, table.ply, table.match.rules.move_json(move))


def rows(store, table, game):
    return store.db.execute(f"SELECT count(*) FROM {table} WHERE game_id = ?", (game,)).fetchone()[0]


def test_games_untouched_for_the_days_kept_go_with_their_seats_and_moves(service, wall):  # noqa: F811
    rng = random.Random(5)
    store = service.store
    old = service.create({"game": "rush"})  # played a little, then left
    service.join({"invite": old["invite"]})
    play_some(service, old["secret"], rng, 3)
    never = service.create({"game": "gauss"})  # the invite never used
    wall.now += 100 * DAY
    touched = service.create({"game": "sparks"})  # played on since
    service.join({"invite": touched["invite"]})
    wall.now += 200 * DAY
    play_some(service, touched["secret"], rng, 1)
    wall.now += 100 * DAY
    assert rows(store, "moves", old["match"]) == 3 and rows(store, "seats", old["match"]) == 2
    gone = store.expire(int(wall.now - 365 * DAY))
    assert set(gone) == {old["match"], never["match"]}
    for game in gone:
        assert store.game(game) is None
        assert rows(store, "moves", game) == 0 and rows(store, "seats", game) == 0
    assert store.game(touched["match"]) is not None and rows(store, "moves", touched["match"]) == 1
    with pytest.raises(S.Refused) as refused:  # its seat's secret now names no game
        service.seat(old["secret"])
    assert refused.value.reason == S.SECRET
    assert store.expire(int(wall.now - 365 * DAY)) == []


def test_a_game_followed_right_now_is_kept_and_a_sweep_goes_in_batches(service, wall):  # noqa: F811
    store = service.store
    made = [service.create({"game": "rush"})["match"] for _ in range(7)]
    wall.now += 400 * DAY
    kept = frozenset({made[2]})
    gone = store.expire(int(wall.now - 365 * DAY), kept, batch=2)
    assert sorted(gone) == sorted(set(made) - kept)
    assert store.game(made[2]) is not None


def test_the_server_sweeps_and_forgets_what_it_held(service, wall):  # noqa: F811
    from game.server.app import GameServer

    server = GameServer(lambda: service.store, S.Limits(keep_days=30))
    server.service = service
    old = service.create({"game": "rush"})
    followed = service.create({"game": "rush"})
    service.table(old["match"])  # in memory, as after a look
    wall.now += 31 * DAY
    server.rooms[followed["match"]] = set()
    assert asyncio.run(server.expire()) == [old["match"]]
    assert old["match"] not in service.tables and service.store.game(followed["match"]) is not None
