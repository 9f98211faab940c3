"""The seats' questions on two server processes sharing one PostgreSQL (``-m postgres``, the
tier of tests/test_server_postgres.py, whose throwaway cluster and two server processes it
uses): a take-back asked on one process is heard and answered on the other (allowed,
refused, withdrawn, lapsed by a move), a hello on either is told the question open, and a
rematch offered by seats on different processes, in either order or at once, makes exactly
one new game whose secrets both seats play with. The notifications that carry them are read
as hostile."""
from __future__ import annotations

import random
import threading

import pytest

for _name in ("starlette", "uvicorn", "websockets", "psycopg"):
    pytest.importorskip(_name, reason=f"the postgres extra is not installed ({_name}): "
                                      "pip install '.[postgres]'")

from server_client import Client, http, pick  # noqa: E402
from test_server_postgres import cluster, shared, two  # noqa: E402, F401

from game.server import service as S  # noqa: E402
from game.server.postgres import note  # noqa: E402

pytestmark = pytest.mark.postgres


def seated_apart(one, other, game="rush", **extra):
    """A new game on ``one``: its maker's socket there, its friend's on ``other``, a spectator
    on each."""
    status, made = http("POST", one.url + "/games", {"game": game, **extra})
    assert status == 201
    status, joined = http("POST", other.url + "/join", {"invite": made["invite"]})
    assert status == 200
    seats = {made["seat"]: Client(one, {"secret": made["secret"], "ply": 0}),
             joined["seat"]: Client(other, {"secret": joined["secret"], "ply": 0})}
    watchers = [Client(server, {"watch": made["watch"], "ply": 0}) for server in (one, other)]
    return made, joined, seats, watchers


def everyone(seats, watchers):
    return [*seats.values(), *watchers]


def until_turn_passes(made, seats, watchers, rng, least=3):
    """Random moves until at least ``least`` were played and the last mover's opponent is
    to move (it may move instead of answering); returns the last mover's side."""
    while True:
        side = watchers[0].state["to_move"]
        mover = seats[side]
        ply = mover.ply
        mover.move(pick(made["game"], made["level"], mover.state, rng))
        for client in everyone(seats, watchers):
            client.until_ply(ply + 1)
        if ply + 1 >= least and watchers[0].state["to_move"] != side:
            return side


def close(clients):
    for client in clients:
        client.close()


def test_a_take_back_asked_on_one_process_is_allowed_on_the_other(two):  # noqa: F811
    one, other = two
    made, joined, seats, watchers = seated_apart(one, other)
    rng = random.Random(21)
    asker_side = until_turn_passes(made, seats, watchers, rng)
    asker = seats[asker_side]
    answerer = next(c for s, c in seats.items() if s != asker_side)
    ply = asker.ply
    asker.send({"v": 1, "type": "takeback", "ply": ply})
    for client in everyone(seats, watchers):  # both processes' sockets hear the question, once
        asked = client.expect("takeback")
        assert asked["status"] == "asked" and asked["by"] == asker_side and asked["ply"] == ply
    # a second question on the other process: refused there, the question being in the database
    again = Client(other, {"secret": made["secret"] if asker_side == made["seat"] else joined["secret"],
                           "ply": ply})
    assert again.expect("takeback")["status"] == "asked"  # (told on its hello)
    again.send({"v": 1, "type": "takeback", "ply": ply})
    assert again.expect("refused")["reason"] == S.TURN
    answerer.send({"v": 1, "type": "takeback_answer", "ply": ply, "accept": True})
    backs = [client.expect("takenback") for client in (*everyone(seats, watchers), again)]
    assert {b["ply"] for b in backs} == {backs[0]["ply"]} and backs[0]["ply"] < ply
    assert {b["epoch"] for b in backs} == {1}
    assert not any(m.get("type") == "takeback" and m.get("status") != "asked"
                   for c in everyone(seats, watchers) for m in c.received)
    # the game goes on from there, on both processes
    asker.move(pick(made["game"], made["level"], asker.state, rng))
    for client in everyone(seats, watchers):
        client.until_ply(backs[0]["ply"] + 1)
        assert client.state == asker.state and client.played[-1]["epoch"] == 1
    # the answer came once: answering again is refused
    answerer.send({"v": 1, "type": "takeback_answer", "ply": answerer.ply, "accept": True})
    assert answerer.expect("refused")["reason"] == S.STALE
    close([*everyone(seats, watchers), again])


@pytest.mark.parametrize("answer", ["refused", "withdrawn"])
def test_a_take_back_refused_or_withdrawn_on_either_process_is_told_on_both(two, answer):  # noqa: F811
    one, other = two
    made, _joined, seats, watchers = seated_apart(one, other)
    rng = random.Random(22)
    asker_side = until_turn_passes(made, seats, watchers, rng)
    asker = seats[asker_side]
    answerer = next(c for s, c in seats.items() if s != asker_side)
    ply = asker.ply
    asker.send({"v": 1, "type": "takeback", "ply": ply})
    for client in everyone(seats, watchers):
        assert client.expect("takeback")["status"] == "asked"
    (answerer if answer == "refused" else asker).send(
        {"v": 1, "type": "takeback_answer", "ply": ply, "accept": False})
    for client in everyone(seats, watchers):
        told = client.expect("takeback")
        assert told["status"] == answer and told["by"] == asker_side and told["ply"] == ply
    # nothing is open any more, on either process; a new question may be asked
    answerer.send({"v": 1, "type": "takeback_answer", "ply": ply, "accept": True})
    assert answerer.expect("refused")["reason"] == S.STALE
    asker.send({"v": 1, "type": "takeback", "ply": ply})
    for client in everyone(seats, watchers):
        assert client.expect("takeback")["status"] == "asked"
    close(everyone(seats, watchers))


def test_a_take_back_lapses_everywhere_when_a_move_is_played(two):  # noqa: F811
    one, other = two
    made, _joined, seats, watchers = seated_apart(one, other)
    rng = random.Random(23)
    asker_side = until_turn_passes(made, seats, watchers, rng)
    asker = seats[asker_side]
    mover = next(c for s, c in seats.items() if s != asker_side)
    ply = asker.ply
    asker.send({"v": 1, "type": "takeback", "ply": ply})
    for client in everyone(seats, watchers):
        assert client.expect("takeback")["status"] == "asked"
    mover.move(pick(made["game"], made["level"], mover.state, rng))  # instead of an answer
    for client in everyone(seats, watchers):
        client.until_ply(ply + 1)
        told = client.expect("takeback")
        assert told["status"] == "expired" and told["ply"] == ply
    mover.send({"v": 1, "type": "takeback_answer", "ply": ply + 1, "accept": True})
    assert mover.expect("refused")["reason"] == S.STALE
    close(everyone(seats, watchers))


def finished_apart(one, other, seed):
    made, joined, seats, watchers = seated_apart(one, other, "order", options={"arrangement": "random"})
    rng = random.Random(seed)
    while not watchers[0].state["over"]:
        mover = seats[watchers[0].state["to_move"]]
        ply = mover.ply
        mover.move(pick("order", made["level"], mover.state, rng))
        for client in everyone(seats, watchers):
            client.until_ply(ply + 1)
    return made, joined, seats, watchers


def made_news(client):
    while True:
        news = client.expect("rematch")
        if news["status"] == "made":
            return news


def counted(url):
    """How many games the database has, and how many rematch offers wait."""
    import psycopg

    with psycopg.connect(url) as db:
        return (db.execute("SELECT count(*) FROM games").fetchone()[0],
                db.execute("SELECT count(*) FROM rematch_offers").fetchone()[0])


@pytest.mark.parametrize("first", ["maker", "friend", "together"])
def test_a_rematch_offered_on_two_processes_makes_one_game_both_seats_play(shared, first):  # noqa: F811
    url, (one, other) = shared
    seed = 31 + ["maker", "friend", "together"].index(first)
    made, joined, seats, watchers = finished_apart(one, other, seed)
    order = [made["seat"], joined["seat"]] if first != "friend" else [joined["seat"], made["seat"]]
    games, _offers = counted(url)
    if first == "together":  # near-simultaneous: each process stores its offer with the other's unseen
        gate = threading.Barrier(2)

        def offer(side):
            gate.wait(5)
            seats[side].send({"v": 1, "type": "rematch"})
        threads = [threading.Thread(target=offer, args=(side,)) for side in order]
        for t in threads:
            t.start()
        for t in threads:
            t.join(5)
    else:
        seats[order[0]].send({"v": 1, "type": "rematch"})
        for client in everyone(seats, watchers):  # told on both processes
            offered = client.expect("rematch")
            assert offered["status"] == "offered" and offered["by"] == order[0]
        seats[order[1]].send({"v": 1, "type": "rematch"})
    news = {side: made_news(client) for side, client in seats.items()}
    seen = [made_news(w) for w in watchers]
    new_id = seen[0]["new"]["match"]
    assert {n["new"]["match"] for n in (*news.values(), *seen)} == {new_id}
    assert all("secret" not in s["new"] for s in seen)
    assert news[made["seat"]]["new"]["secret"] != news[joined["seat"]]["new"]["secret"]
    for side, told in news.items():  # each seat's new secret on its own sockets only
        assert not any(told["new"]["secret"] in text for c in everyone(seats, watchers)
                       if c is not seats[side] for text in c.texts)
    assert counted(url) == (games + 1, 0)  # one new game, whatever raced; the offers done with
    # each seat plays in the new game with the secret it was told, on its own process
    new = {}
    for side, told in news.items():
        server = one if side == made["seat"] else other
        new[side] = Client(server, {"secret": told["new"]["secret"], "ply": 0})
        assert new[side].seat == told["new"]["seat"] != side
    rng = random.Random(5)
    movers = set()
    while movers != {c.seat for c in new.values()}:  # (a turn may have several moves: until both moved)
        assert len(next(iter(new.values())).played) < 20 and not any(c.state["over"] for c in new.values())
        mover = next(c for c in new.values() if c.seat == c.state["to_move"])
        ply = mover.ply
        mover.move(pick("order", made["level"], mover.state, rng))
        for client in new.values():
            client.until_ply(ply + 1)
        movers.add(mover.seat)
    assert movers == {told["new"]["seat"] for told in news.values()}  # (both secrets play)
    # a seat that says hello to the old game after is told the same new game and secret
    late = Client(other, {"secret": joined["secret"], "ply": 0})
    again = made_news(late)
    assert again["new"]["match"] == new_id and again["new"]["secret"] == news[joined["seat"]]["new"]["secret"]
    for client in everyone(seats, watchers):  # told once, whichever process made it
        assert [m.get("status") for m in client.received if m["type"] == "rematch"].count("made") == 1
    close([*everyone(seats, watchers), *new.values(), late])


def test_an_offer_is_told_to_a_seat_that_says_hello_on_the_other_process(two):  # noqa: F811
    one, other = two
    made, joined, seats, watchers = finished_apart(one, other, 34)
    seats[made["seat"]].send({"v": 1, "type": "rematch"})
    for client in everyone(seats, watchers):
        assert client.expect("rematch")["status"] == "offered"
    late = Client(other, {"secret": joined["secret"], "ply": 0})
    offered = late.expect("rematch")
    assert offered["status"] == "offered" and offered["by"] == made["seat"]
    late.send({"v": 1, "type": "rematch"})
    news = made_news(late)
    assert made_news(seats[made["seat"]])["new"]["match"] == news["new"]["match"]
    close([*everyone(seats, watchers), late])


def test_the_questions_notifications_are_read_as_hostile():
    good = [{"game": "AB12CD34", "asked": 4, "by": "black", "to": 2},
            {"game": "AB12CD34", "answered": 4, "by": "white", "status": "refused"},
            {"game": "AB12CD34", "answered": 4, "by": "black", "status": "withdrawn"},
            {"game": "AB12CD34", "offered": "white"},
            {"game": "AB12CD34", "rematched": "ZX98CV76"}]
    import json

    for found in good:
        assert note(json.dumps(found)) == found
    bad = [{"game": "AB12CD34", "asked": 0, "by": "black", "to": 0},
           {"game": "AB12CD34", "asked": 4, "by": "black", "to": 4},
           {"game": "AB12CD34", "asked": 4, "by": "black"},
           {"game": "AB12CD34", "asked": True, "by": "black", "to": 0},
           {"game": "AB12CD34", "asked": 4, "by": 7, "to": 2},
           {"game": "AB12CD34", "asked": 4, "by": "bl ack", "to": 2},
           {"game": "AB12CD34", "asked": 4, "by": "black", "to": 2, "ply": 4},
           {"game": "AB12CD34", "asked": 4, "by": "black", "to": 2, "offered": "white"},
           {"game": "AB12CD34", "answered": 4, "by": "white", "status": "accepted"},
           {"game": "AB12CD34", "answered": 4, "status": "refused"},
           {"game": "AB12CD34", "offered": ""},
           {"game": "AB12CD34", "offered": ["white"]},
           {"game": "AB12CD34", "offered": "white", "undone": 2},
           {"game": "AB12CD34", "rematched": "no such id"},
           {"game": "AB12CD34", "rematched": None},
           {"game": "ab", "offered": "white"}]
    for found in bad:
        assert note(json.dumps(found)) is None, found



def test_offers_stored_unseen_by_each_other_still_meet_when_heard(shared):  # noqa: F811
    """Two offers whose transactions each missed the other's (as they may where nothing locks
    the old game's row): no socket's offer makes the game, the processes make it on hearing
    the second notification, once."""
    from game.server.postgres import PostgresStore
    from game.server.rematch import derived

    url, (one, other) = shared
    made, joined, seats, watchers = finished_apart(one, other, 35)
    secret = {made["seat"]: made["secret"], joined["seat"]: joined["secret"]}
    games, _offers = counted(url)
    store = PostgresStore(url)
    try:  # the offers stored behind the servers' backs, as their own transactions store them
        new_id = store.reserve_rematch(made["match"], S.make_code(S.GAME_ID_LENGTH))
        for side in (made["seat"], joined["seat"]):
            store.offer_rematch(made["match"], side, S.secret_hash(derived(secret[side], new_id)))
    finally:
        store.close()
    news = {side: made_news(client) for side, client in seats.items()}
    assert {n["new"]["match"] for n in news.values()} == {new_id}
    assert counted(url) == (games + 1, 0)
    for side, told in news.items():
        assert told["new"]["secret"] == derived(secret[side], new_id)
        server = one if side == made["seat"] else other
        again = Client(server, {"secret": told["new"]["secret"], "ply": 0})
        assert again.seat == told["new"]["seat"] != side
        again.close()
    for watcher in watchers:
        assert made_news(watcher)["new"]["match"] == new_id
    close(everyone(seats, watchers))
