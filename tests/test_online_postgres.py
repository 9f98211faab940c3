"""The game's own online client (game.online.client, what the Play online screens drive)
against two server processes on one PostgreSQL (``-m postgres``; the throwaway cluster of
tests/test_server_postgres.py): the maker on one process, the friend and a spectator on the
other, a whole game of each of the five games, every move reaching the far side through the
database; and a friend who leaves is told to the maker on the other process, comes back,
leaves again and is claimed after the grace."""
from __future__ import annotations

import random
import time

import pytest

for _name in ("starlette", "uvicorn", "websockets", "psycopg"):
    pytest.importorskip(_name, reason=f"the postgres extra is not installed ({_name}): "
                                      "pip install '.[postgres]'")

from server_client import PATIENCE  # noqa: E402
from test_online import Table, play_out, public  # noqa: E402
from test_server_postgres import SHIPPED, Process, cluster, database, shared, two  # noqa: E402, F401

from game.i18n import _  # noqa: E402
from game.online import client  # noqa: E402
from game.online.client import Back, Left, Moved  # noqa: E402

pytestmark = pytest.mark.postgres


@pytest.mark.parametrize("game_id", SHIPPED)
def test_the_clients_play_a_whole_game_with_the_players_on_two_processes(two, game_id):  # noqa: F811
    one, other = two
    maker, made = client.new_game(one.url, game_id)
    friend, _joined = client.join_game(other.url, made["invite"])
    table = Table(maker.start(), friend.start())
    table.until(lambda: maker.ready and friend.ready and maker.friend_here and friend.friend_here,
                what="both seated")
    watcher = table.add(client.watch_game(other.url, maker.entry.watch).start())
    table.until(lambda: watcher.ready, what="the spectator welcomed")
    play_out(table, random.Random(game_id + "pg"))
    table.until(lambda: all(g.ended is not None for g in table.games), what="the end")
    finals = [public(g) for g in table.games]
    assert finals[0]["over"] and finals[0] == finals[1] == finals[2]
    for game in table.games:  # every move once, in order, with what the animations need
        moved = [e for e in table.of(game) if isinstance(e, Moved)]
        assert len(moved) == game.ply == len(game.match.history) > 0
        assert [e.before for e in moved[1:]] == [e.after for e in moved[:-1]]
        assert game.ended.check == ""  # the dice (if any) check out against the commitment
    table.close()


def until(done, games, seconds=PATIENCE, what=""):
    deadline = time.monotonic() + seconds
    events = {id(g): [] for g in games}
    while not done(events):
        assert time.monotonic() < deadline, f"waited too long: {what}"
        for game in games:
            events[id(game)].extend(game.poll())
        time.sleep(0.002)
    return events


def test_a_friend_on_the_other_process_leaves_comes_back_and_is_claimed(database):  # noqa: F811
    one, other = Process(database, "--grace", "1"), Process(database, "--grace", "1")
    try:
        maker, made = client.new_game(one.url, "sparks", control={"clock": {"initial": 300, "increment": 3}})
        friend, _joined = client.join_game(other.url, made["invite"])
        maker.start(), friend.start()
        until(lambda _e: maker.ready and friend.ready and maker.friend_here and friend.friend_here,
              [maker, friend], what="both seated")
        friend.close()
        events = until(lambda e: any(isinstance(x, Left) for x in e[id(maker)]), [maker], what="left")
        assert [e.grace for e in events[id(maker)] if isinstance(e, Left)] == [1.0]
        assert maker.claim() == _("Your opponent may still come back.")
        back = client.OnlineGame.of(friend.entry).start()  # (to its own process, the other one)
        until(lambda e: any(isinstance(x, Back) for x in e[id(maker)]), [maker, back], what="back")
        back.close()
        until(lambda e: maker.grace_left(friend.seat) == 0.0, [maker], seconds=8, what="the grace over")
        assert maker.claim() is None
        until(lambda e: maker.ended is not None, [maker], what="claimed")
        assert maker.ended.reason == "abandoned" and maker.ended.winner == maker.seat
        late = client.OnlineGame.of(friend.entry).start()  # the leaver, later, on its process: over
        until(lambda e: late.ended is not None, [late], what="the leaver sees the end")
        assert late.ended.reason == "abandoned" and late.ended.winner == maker.seat
        late.close()
        maker.close()
    finally:
        for process in (one, other):
            code, err = process.stop()
            assert code == 0 and "Traceback" not in err, err
