"""What the title and "My games" know of the player's online games (``game.online.status``),
without a server: each server asked at most once a minute, in a thread, never twice at once;
a server's answer read as hostile; a game forgotten while it is asked about stays forgotten."""
from __future__ import annotations

import socket
import threading

import pytest

from game import catalogue
from game.online import api, book, status
from game.online.api import OnlineError


def nowhere():
    free = socket.socket()
    free.bind(("127.0.0.1", 0))
    port = free.getsockname()[1]
    free.close()  # nobody listens there: refused at once
    return f"http://127.0.0.1:{port}"


def entry(server, match="ABCDEFGH"):
    game_id = catalogue.GAME_IDS[0]
    rules = catalogue.get(game_id).rules
    return book.Entry(server, match, rules.players[0], "s" * 32, game_id, rules.default_level, "PQ4RS5")


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def settled(watcher):
    assert watcher.errand is not None and watcher.errand.wait(10)
    assert watcher.poll()


class Gate:
    """``status.look`` held until the test opens the gate (a server slow to answer)."""

    def __init__(self, monkeypatch):
        self.open = threading.Event()
        real = status.look

        def look(asked, timeout=status.TIMEOUT):
            assert self.open.wait(10)
            return real(asked, timeout)
        monkeypatch.setattr(status, "look", look)


def test_each_server_is_asked_at_most_once_a_minute_and_never_twice_at_once(monkeypatch):
    clock = Clock()
    watcher = status.Watcher(clock=clock)
    games = [entry(nowhere()), entry(nowhere(), "BCDEFGHJ")]
    gate = Gate(monkeypatch)
    assert watcher.refresh(games) and watcher.busy
    assert not watcher.refresh(games)  # one look at a time
    gate.open.set()
    settled(watcher)
    assert [watcher.of(g).kind for g in games] == [status.UNREACHABLE] * 2
    assert watcher.of(games[0]).words == "server not reachable"
    clock.now += status.EVERY - 1
    assert not watcher.refresh(games) and watcher.next_due(games) == pytest.approx(1)
    clock.now += 1
    assert watcher.refresh(games)
    settled(watcher)
    assert watcher.refresh(games, force=True)  # the player opened the list: asked now
    settled(watcher)
    over = book.Entry(**{**games[0].__dict__, "over": True})
    assert watcher.due([over]) == {} and watcher.of(over).kind == status.OVER


def test_a_game_forgotten_while_asked_about_stays_forgotten():
    watcher = status.Watcher()
    game = entry(nowhere())
    watcher.refresh([game])
    watcher.forget(game)
    settled(watcher)
    assert watcher.of(game) is None


@pytest.mark.parametrize("told, kind", [
    ({"refused": "secret"}, status.GONE),
    ({"status": "open", "ply": 0}, status.WAITING),
    ({"status": "playing", "ply": 3, "your_move": True}, status.YOUR_MOVE),
    ({"status": "playing", "ply": 3, "your_move": "yes"}, status.THEIR_MOVE),
    ({"status": "over", "ply": "x"}, status.OVER),
])
def test_a_servers_word_becomes_a_standing(told, kind):
    assert status.standing_of(told).kind == kind


def test_an_answer_that_is_no_status_is_refused():
    with pytest.raises(OnlineError):
        status.standing_of({"status": "bored"})
    assert api.words_for("answer")


def test_a_look_asked_for_while_another_is_under_way_follows_it(monkeypatch):
    watcher = status.Watcher()
    games = [entry(nowhere())]
    gate = Gate(monkeypatch)
    assert watcher.refresh(games)
    first = watcher.errand
    assert not watcher.refresh(games, force=True)  # under way: this one is asked after it
    gate.open.set()
    settled(watcher)
    assert watcher.busy and watcher.errand is not first  # what the first said is older than the ask
    settled(watcher)
    assert not watcher.busy and watcher.of(games[0]).kind == status.UNREACHABLE
