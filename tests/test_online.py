"""The online client (game/online/) against the real server: uvicorn on 127.0.0.1 (a free
port) in a thread, headless clients that play through it as a play screen would, the
connection dropped and made again, the game left and taken up from "my online games",
a spectator, and the server's dice checked at the end."""
from __future__ import annotations

import json
import random
import time

import pytest

for _name in ("starlette", "uvicorn", "websockets"):
    pytest.importorskip(_name, reason=f"the server extra is not installed ({_name}): pip install '.[server]'")

from server_client import PATIENCE, ServerThread  # noqa: E402

from game import catalogue, i18n  # noqa: E402
from game.online import api, book, client, dice  # noqa: E402
from game.online.api import OnlineError  # noqa: E402
from game.online.client import Answered, Failed, Link, Moved, OnlineGame, Shown  # noqa: E402
from game.persistence import storage  # noqa: E402
from game.server.service import has_chance  # noqa: E402

#: a whole game, at most (seconds)
GAME_SECONDS = 120.0
MAX_PLIES = 4000


@pytest.fixture
def server(tmp_path):
    running = ServerThread(tmp_path / "data").start()
    yield running
    running.stop()


class Table:
    """Headless clients polled together, as a game loop polls its one: each keeps the
    events it was given."""

    def __init__(self, *games: OnlineGame) -> None:
        self.games = list(games)
        self.events: dict[int, list] = {id(g): [] for g in games}

    def add(self, game: OnlineGame) -> OnlineGame:
        self.games.append(game)
        self.events[id(game)] = []
        return game

    def of(self, game: OnlineGame) -> list:
        return self.events[id(game)]

    def poll(self) -> None:
        for game in self.games:
            self.events[id(game)].extend(game.poll())

    def until(self, done, seconds: float = PATIENCE, what: str = "") -> None:
        deadline = time.monotonic() + seconds
        while True:
            self.poll()
            if done():
                return
            assert time.monotonic() < deadline, f"waited too long: {what}"
            time.sleep(0.002)

    def close(self) -> None:
        for game in self.games:
            game.close()


def seated(server, game_id, **extra):
    """A game made by one client and joined by another, both connected: ``(table, maker, friend)``."""
    maker, made = client.new_game(server.url, game_id, **extra)
    friend, joined = client.join_game(server.url, made["invite"])
    table = Table(maker.start(), friend.start())
    table.until(lambda: maker.ready and friend.ready and maker.friend_here and friend.friend_here,
                what="both seated")
    return table, maker, friend


def at_ply(table, ply):
    return lambda: all(g.ply >= ply for g in table.games)


def move_once(table, rng):
    """The client whose turn it is sends a random legal move, and everyone sees it."""
    mover = next(g for g in table.games if g.my_turn)
    match = mover.match
    ply = mover.ply
    assert mover.send(match.rules.random_move(match.state, rng)) is None
    assert mover.pending is not None and mover.pending.ply == ply
    assert "server" in mover.why_not()  # pending: nothing else goes until the server answers
    table.until(at_ply(table, ply + 1), what=f"ply {ply + 1}")
    assert mover.pending is None
    return mover


def play_out(table, rng, plies=MAX_PLIES):
    deadline = time.monotonic() + GAME_SECONDS
    for _ in range(plies):
        if table.games[0].match.over:
            return
        assert time.monotonic() < deadline, "the game took too long"
        move_once(table, rng)


def public(game):
    return dice.public(game.match.rules, game.match.state)


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_two_clients_play_a_whole_game_through_the_server(server, game_id):
    table, maker, friend = seated(server, game_id)
    watcher = table.add(client.watch_game(server.url, maker.entry.watch).start())
    table.until(lambda: watcher.ready, what="the spectator welcomed")
    assert {maker.seat, friend.seat} == set(catalogue.get(game_id).rules.players)
    play_out(table, random.Random(game_id))
    table.until(lambda: all(g.ended is not None for g in table.games), what="the end")
    finals = [public(g) for g in table.games]
    assert finals[0]["over"] and finals[0] == finals[1] == finals[2]
    # every client saw every move, as the screens' animations need it: in order, once, with effects
    for game in table.games:
        moved = [e for e in table.of(game) if isinstance(e, Moved)]
        assert len(moved) == game.ply == len(game.match.history) > 0
        assert [e.before for e in moved[1:]] == [e.after for e in moved[:-1]]
        assert [e.mine for e in moved] == [e.by == game.seat for e in moved]
        # the server's seed and salt match its commitment, and the moves replayed from them end here
        assert game.ended.check == ""
    assert maker.ended.winner == (maker.match.outcome().winner)
    table.close()


def test_a_stale_move_is_refused_and_taken_back(server):
    """The same seat open twice (the player came back on another machine, the first still
    open): the second sends on the position it saw, which is no longer the game's."""
    game_id = catalogue.GAME_IDS[0]
    table, maker, friend = seated(server, game_id)
    rng = random.Random(3)
    while not maker.my_turn:
        move_once(table, rng)
    twin = OnlineGame.of(maker.entry).start()
    twin_events = []
    deadline = time.monotonic() + PATIENCE
    while not (twin.ready and twin.ply == maker.ply):
        twin_events += twin.poll()
        assert time.monotonic() < deadline
        time.sleep(0.002)
    move_once(table, rng)  # the maker moves; the twin has not looked since
    ply = twin.ply
    assert twin.my_turn and twin.send(twin.match.rules.random_move(twin.match.state, rng)) is None
    deadline = time.monotonic() + PATIENCE
    answers = []
    while not answers:
        events = twin.poll()
        twin_events += events
        answers = [e for e in events if isinstance(e, Answered)]
        assert time.monotonic() < deadline, "no refusal came"
    assert answers[0].reason == "stale" and answers[0].taken_back and twin.pending is None
    assert answers[0].words == api.words_for("stale")
    # the move it missed came too: it is where the others are, and its move was never played
    deadline = time.monotonic() + PATIENCE
    while twin.ply < ply + 1:
        twin.poll()
        assert time.monotonic() < deadline
        time.sleep(0.002)
    assert twin.ply == maker.ply == friend.ply and public(twin) == public(maker)
    twin.close()
    table.close()


def test_a_dropped_connection_is_made_again_and_catches_up(server, monkeypatch):
    monkeypatch.setattr(client, "RETRY_FIRST", 3.0)  # down long enough for the others to move on
    game_id = catalogue.GAME_IDS[1]
    table, maker, friend = seated(server, game_id)
    rng = random.Random(4)
    for _ in range(4):
        move_once(table, rng)
    # the friend's socket closes while the maker is to move; the maker moves meanwhile
    while not maker.my_turn:
        move_once(table, rng)
    seen = friend.ply
    friend.drop()
    table.until(lambda: friend.link == client.LOST, what="the drop noticed")
    assert maker.send(maker.match.rules.random_move(maker.match.state, rng)) is None
    table.until(lambda: maker.ply == seen + 1, what="the maker's move")
    assert friend.ply == seen
    table.until(lambda: friend.link == client.OPEN and friend.ply == seen + 1, what="the friend back")
    late = [e for e in table.of(friend) if isinstance(e, Moved) and e.late]
    assert [e.by for e in late] == [maker.seat] and late[0].effects  # animated like any other move
    assert public(friend) == public(maker) and not any(isinstance(e, Shown) for e in table.of(friend)[2:])
    # a move sent into a dropped socket is sent again once the connection is back
    monkeypatch.setattr(client, "RETRY_FIRST", 0.25)
    if not friend.my_turn:
        move_once(table, rng)
    ply = friend.ply
    friend.drop()
    assert friend.send(friend.match.rules.random_move(friend.match.state, rng)) is None
    table.until(lambda: maker.ply == ply + 1 and friend.ply == ply + 1 and friend.pending is None,
                what="the move sent over the drop")
    play_out(table, rng)
    table.until(lambda: maker.ended and friend.ended, what="the end")
    assert friend.ended.check == "" and public(friend) == public(maker)
    table.close()


def test_a_game_left_and_taken_up_again_from_my_online_games(server):
    game_id = catalogue.GAME_IDS[-1]
    table, maker, friend = seated(server, game_id)
    rng = random.Random(5)
    for _ in range(5):
        move_once(table, rng)
    kept = {e.seat: e for e in book.load()[0]}
    assert set(kept) == {maker.seat, friend.seat} and kept[maker.seat].secret == maker.secret
    assert kept[maker.seat].invite and kept[friend.seat].invite is None
    # the maker closes the game and starts it again: from its secret on the disk, nothing else
    maker.close()
    table.games.remove(maker)
    seen_moves = [p.move for p in maker.match.history]
    again = table.add(OnlineGame.of(kept[maker.seat]).start())
    table.until(lambda: again.ready, what="the resumed game")
    assert again.seat == maker.seat and again.ply == friend.ply
    assert [p.move for p in again.match.history] == seen_moves  # the move list as it was played
    assert isinstance(table.of(again)[-1], Link) and any(isinstance(e, Shown) for e in table.of(again))
    play_out(table, rng)
    table.until(lambda: again.ended and friend.ended, what="the end")
    assert again.ended.check == "" and public(again) == public(friend)
    table.close()


def test_a_spectator_sees_every_move_and_cannot_move(server):
    game_id = catalogue.GAME_IDS[0]
    table, maker, friend = seated(server, game_id)
    watcher = table.add(client.watch_game(server.url, maker.entry.watch.lower()).start())
    table.until(lambda: watcher.ready, what="the spectator welcomed")
    rng = random.Random(6)
    for _ in range(3):
        move_once(table, rng)
    assert watcher.spectator and watcher.seat is None
    move = watcher.match.rules.random_move(watcher.match.state, rng)
    assert watcher.send(move) == i18n._("Spectators watch; they cannot move.") and watcher.pending is None
    # and the server says no too, to a spectator that sends one all the same
    watcher._send({"v": 1, "type": "move", "ply": watcher.ply, "move": watcher.match.rules.move_json(move),
                   "id": 99})
    table.until(lambda: any(isinstance(e, Answered) for e in table.of(watcher)), what="the refusal")
    refusal = next(e for e in table.of(watcher) if isinstance(e, Answered))
    assert refusal.reason == "spectator" and not refusal.taken_back
    assert watcher.ply == maker.ply == 3 and public(watcher) == public(maker)
    table.close()


def test_the_dice_check_catches_a_seed_that_is_not_the_one_committed_to(server):
    chance = [g for g in catalogue.GAME_IDS if has_chance(catalogue.get(g).rules)]
    assert chance
    table, maker, friend = seated(server, chance[0])
    play_out(table, random.Random(7))
    table.until(lambda: maker.ended and friend.ended, what="the end")
    assert maker.ended.check == "" == friend.ended.check
    moves = [maker.match.rules.move_json(p.move) for p in maker.match.history]
    final, reveal = public(maker), maker.reveal
    assert dice.check(chance[0], maker.level_name, maker.commit, reveal, moves, final) == ""
    # another seed (the same salt): not what was committed to
    assert "commitment" in dice.check(chance[0], maker.level_name, maker.commit,
                                      {**reveal, "seed": reveal["seed"] ^ 1}, moves, final)
    # a server that committed to another seed's dice: the hash fits, the replay does not
    other = {"seed": reveal["seed"] ^ 1, "salt": reveal["salt"]}
    wrong = dice.check(chance[0], maker.level_name, dice.commitment(other["seed"], other["salt"]), other,
                       moves, final)
    assert wrong and "commitment" not in wrong  # the moves cannot be played from it, or end elsewhere
    table.close()


def test_without_websockets_the_client_says_what_to_install(monkeypatch):
    monkeypatch.setattr(client, "missing", lambda: ["websockets"])
    game = OnlineGame("http://127.0.0.1:9", secret="x" * 32).start()
    events = game.poll()
    assert isinstance(events[0], Failed) and "gauss-arcade[server]" in events[0].words
    assert game.why_not() == events[0].words


def test_what_goes_wrong_over_http_is_a_reason_and_a_sentence(server, tmp_path):
    with pytest.raises(OnlineError) as caught:
        client.join_game(server.url, "ZZZZZZ")
    assert caught.value.reason == "unknown" and caught.value.words == i18n._("No game has that code.")
    with pytest.raises(OnlineError) as caught:
        client.join_game(server.url, "not a code at all")
    assert caught.value.reason == "unknown"
    _game, made = client.new_game(server.url, catalogue.GAME_IDS[0])
    client.join_game(server.url, api.spaced(made["invite"]).lower())
    with pytest.raises(OnlineError) as caught:
        client.join_game(server.url, made["invite"])
    assert caught.value.reason == "taken"
    closed = ServerThread(tmp_path / "gone")  # bound, never served, then closed: nobody listens
    port = closed.port
    closed.sock.close()
    with pytest.raises(OnlineError) as caught:
        client.new_game(f"127.0.0.1:{port}", catalogue.GAME_IDS[0])
    assert caught.value.reason == api.OFFLINE
    for bad in ["", "ftp://x", "http://a b", "http://host/path", "x" * 300]:
        with pytest.raises(OnlineError) as caught:
            api.normal_address(bad)
        assert caught.value.reason == api.ADDRESS
    assert api.normal_address("192.168.1.5") == "http://192.168.1.5:8740"
    assert api.normal_address("https://example.org/") == "https://example.org:8740"
    assert api.normal_address("[::1]:9000") == "http://[::1]:9000"
    assert api.socket_url("https://example.org:443") == "wss://example.org:443/ws"


def test_a_seat_the_server_does_not_know_fails_with_a_sentence(server):
    game = OnlineGame(server.url, secret="A" * 32).start()
    deadline = time.monotonic() + PATIENCE
    events = []
    while not any(isinstance(e, Failed) for e in events):
        events += game.poll()
        assert time.monotonic() < deadline
        time.sleep(0.01)
    failed = next(e for e in events if isinstance(e, Failed))
    assert failed.reason == "secret" and failed.words == api.words_for("secret")
    game.close()


def test_my_online_games_refuses_a_hostile_file_and_keeps_the_good_entries():
    path = storage.home() / book.FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    good = {"server": "http://127.0.0.1:8740", "match": "ABCDEFGH", "seat": "black", "secret": "s" * 32,
            "game": catalogue.GAME_IDS[0], "level": "classic", "watch": "PQ4RS5", "invite": None}
    hostile = [{**good, "secret": "bad secret with spaces"}, {**good, "game": "chess"}, {**good, "match": 7},
               {**good, "server": "file:///etc/passwd"}, [1, 2], "x", {**good, "seat": {"a": 1}}]
    path.write_text(json.dumps({"format": 1, "games": [*hostile, good, good]}), encoding="utf-8")
    entries, problem = book.load()
    assert problem == "" and [e.secret for e in entries] == [good["secret"]]
    path.write_text("{not json", encoding="utf-8")
    entries, problem = book.load()
    assert entries == [] and "online games" in problem
    entry = book.Entry(**good)
    message = book.remember(entry)  # the damaged file is set aside, never written over
    assert "kept as" in message and list(path.parent.glob(book.FILE + ".bad-*"))
    assert book.load() == ([entry], "")
    book.finished(entry)
    assert book.load()[0][0].over
    book.forget(entry)
    assert book.load() == ([], "")
    path.write_text(json.dumps({"format": 99, "games": []}), encoding="utf-8")
    assert "newer version" in book.load()[1]


def test_a_server_answering_nonsense_is_refused_before_anything_is_kept(monkeypatch):
    made = {"v": 1, "type": "created", "match": "ABCDEFGH", "game": "chess", "level": "classic",
            "players": ["a", "b"], "seat": "a", "secret": "s" * 32, "watch": "PQ4RS5", "commit": "x",
            "invite": "K7XQ2M"}
    monkeypatch.setattr(api, "create", lambda *args: made)
    with pytest.raises(OnlineError) as caught:
        client.new_game("127.0.0.1", catalogue.GAME_IDS[0])
    assert caught.value.reason == api.ANSWER and book.load() == ([], "")
    made.update(game=catalogue.GAME_IDS[0], secret="not a secret")
    with pytest.raises(OnlineError):
        client.new_game("127.0.0.1", catalogue.GAME_IDS[0])
    made.update(secret="s" * 32)
    game, _answer = client.new_game("127.0.0.1", catalogue.GAME_IDS[0])
    assert [e.match for e in book.load()[0]] == ["ABCDEFGH"] and game.secret == "s" * 32


def test_a_hosted_server_takes_another_port_when_its_own_is_taken(tmp_path):
    from game.online import host

    taken = ServerThread(tmp_path / "other")  # bound and listening: the port is in use
    try:
        hosted = host.Host("127.0.0.1", taken.port, tmp_path / "hosted").start()
        try:
            assert hosted.port not in (0, taken.port) and hosted.url == f"http://127.0.0.1:{hosted.port}"
            game, made = client.new_game(hosted.url, catalogue.GAME_IDS[0])
            assert made["invite"] and (tmp_path / "hosted").is_dir()
        finally:
            hosted.stop()
        assert not hosted.alive
    finally:
        taken.sock.close()
