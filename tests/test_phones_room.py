"""The phone hub's state machine without sockets: joins, codes, the lock, a drop's grace,
rate limits and every refusal, on a clock the test turns."""
from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from game.phones import room as R
from game.phones.qr import wifi_text


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def make(**kw):
    clock = Clock()
    return R.Room(clock=clock, **kw), clock


def hello(hub, conn, address="10.0.0.5", **message):
    hub.opened(conn, address)
    return hub.received(conn, json.dumps({"t": "hello", "room": hub.code, "key": hub.key, **message}))


def sent(out, kind):
    return [m for _c, m in out.sends if m["t"] == kind]


def test_the_code_is_four_letters_nobody_misreads_and_changes_with_every_rotation():
    room, _ = make()
    seen = set()
    for _ in range(50):
        assert len(room.code) == 4 and set(room.code) <= set(R.ALPHABET) and not set(room.code) & set("OI01")
        assert len(room.key) >= 16
        old = (room.code, room.key)
        room.rotate()
        assert (room.code, room.key) != old and room.code != old[0]
        seen.add(room.code)
    assert len(seen) > 40
    assert room.link_fragment() == f"{room.code}.{room.key}"


def test_a_phone_joins_by_the_code_and_secret_and_is_the_next_free_device():
    room, _ = make()
    out = hello(room, 1)
    assert sent(out, "welcome")[0]["device"] == "phone1" and out.events == [("joined", "phone1")]
    out = hello(room, 2, address="10.0.0.6")
    assert sent(out, "welcome")[0]["device"] == "phone2"
    typed = room.received(3, "{}")  # never opened: ignored
    assert typed.sends == [] and typed.events == []
    room.opened(3, "10.0.0.7")
    out = room.received(3, json.dumps({"t": "hello", "room": room.code.lower()}))  # typed code, no secret
    assert sent(out, "welcome")[0]["device"] == "phone3"


def test_wrong_codes_and_secrets_are_refused_and_an_address_that_keeps_trying_is_shut_out():
    room, clock = make()
    for k in range(R.JOIN_TRIES):
        room.opened(k, "10.0.0.9")
        message = {"t": "hello", "room": "ZZZZ"}
        if k % 2 == 0:
            message = {"t": "hello", "room": room.code, "key": "guess"}
        out = room.received(k, json.dumps(message))
        assert sent(out, "bye")[0]["why"] == ("wrong-code" if k % 2 else "wrong-secret")
        assert out.closes[0][1] == R.POLICY and out.events == []
        room.closed(k)
    assert room.phones == {}
    out = room.opened(99, "10.0.0.9")
    assert sent(out, "bye")[0]["why"] == "too-many-tries"
    assert hello(room, 100, address="10.0.0.10").events == [("joined", "phone1")]  # others still may
    clock.t += R.JOIN_WINDOW + 1
    assert room.opened(101, "10.0.0.9").sends == []


def test_a_locked_room_tells_new_phones_it_is_full_but_takes_its_own_back():
    room, clock = make()
    hello(room, 1)
    hello(room, 2, address="10.0.0.6")
    room.set_seats({"phone1", "phone2"}, locked=True)
    out = hello(room, 3, address="10.0.0.7")
    assert sent(out, "bye")[0]["why"] == "full" and out.events == []
    token = room.phones["phone1"].token
    assert room.closed(1).events == [("dropped", "phone1")]
    clock.t += R.GRACE - 1
    assert room.tick().events == []
    out = hello(room, 4, token=token)
    assert sent(out, "welcome")[0] == {"t": "welcome", "device": "phone1", "token": token, "back": True}
    assert out.events == [("back", "phone1")]


def test_a_phone_away_past_the_grace_is_gone_and_its_token_forgotten():
    room, clock = make(grace=30)
    hello(room, 1)
    token = room.phones["phone1"].token
    room.closed(1)
    clock.t += 29.9
    assert room.tick().events == []
    clock.t += 0.2
    assert room.tick().events == [("gone", "phone1")]
    out = hello(room, 2, token=token, key=None, room="")
    assert sent(out, "bye")[0]["why"] == "wrong-code"


def test_a_second_socket_of_the_same_phone_replaces_the_first():
    room, _ = make()
    hello(room, 1)
    token = room.phones["phone1"].token
    out = hello(room, 2, token=token)
    assert (1, R.GOING_AWAY, "replaced") in out.closes and room.phones["phone1"].conn == 2
    assert room.closed(1).events == []  # the old socket closing is no drop


def test_rotation_keeps_the_seated_phones_and_sends_the_others_away():
    room, _ = make()
    hello(room, 1)
    hello(room, 2, address="10.0.0.6")
    room.opened(3, "10.0.0.7")  # opened, never joined
    out = room.rotate({"phone1"})
    assert set(room.phones) == {"phone1"} and ("gone", "phone2") in out.events
    whys = {(conn, why) for conn, _code, why in out.closes}
    assert whys == {(2, "new-game"), (3, "new-game")}


def test_actions_pass_only_when_the_screen_takes_them():
    room, _ = make()
    hello(room, 1)
    act = json.dumps({"t": "act", "a": "confirm", "n": 1})
    out = room.received(1, act)
    assert sent(out, "refused") == [{"t": "refused", "why": "not-now", "n": 1}] and out.events == []
    room.show("phone1", {"buttons": {"confirm": "Place"}})
    out = room.received(1, act)
    assert out.events == [("act", "phone1", "confirm")] and sent(out, "ack") == [{"t": "ack", "n": 1}]
    room.set_seats({"phone2"}, locked=True)
    out = room.received(1, act)
    assert sent(out, "refused")[0]["why"] == "full" and out.events == []


def test_a_state_is_sent_once_and_again_after_a_reconnect():
    room, _ = make()
    hello(room, 1)
    assert len(room.show("phone1", {"buttons": {}}).sends) == 1
    assert room.show("phone1", {"buttons": {}}).sends == []
    token = room.phones["phone1"].token
    room.closed(1)
    assert room.show("phone1", {"buttons": {"up": ""}}).sends == []  # away: kept for its return
    out = hello(room, 2, token=token)
    assert sent(out, "state") == [{"t": "state", "buttons": {"up": ""}}]


def test_the_rate_limit_refuses_then_hangs_up_and_credit_comes_back_with_time():
    room, clock = make()
    hello(room, 1)
    room.show("phone1", {"buttons": {"up": ""}})
    up = json.dumps({"t": "act", "a": "up"})
    passed = sum(bool(room.received(1, up).events) for _ in range(R.BURST + 5))
    assert passed == R.BURST - 1  # the hello took one
    clock.t += 1.0
    assert sum(bool(room.received(1, up).events) for _ in range(40)) == int(R.RATE)
    out = R.Out()
    for _ in range(R.STRIKES):
        out.extend(room.received(1, up))
    assert sent(out, "bye")[0]["why"] == "too-fast"
    assert len(sent(out, "refused")) <= 2  # told once a second, not once a message


def test_silent_sockets_are_closed_and_too_many_sockets_are_refused():
    room, clock = make()
    for k in range(R.PER_ADDRESS):
        assert room.opened(k, "10.0.0.5").sends == []
    assert sent(room.opened(50, "10.0.0.5"), "bye")[0]["why"] == "busy"
    for k in range(R.PER_ADDRESS, R.MAX_SOCKETS):
        assert room.opened(k, f"10.0.1.{k}").sends == []
    assert sent(room.opened(51, "10.0.2.1"), "bye")[0]["why"] == "busy"
    clock.t += R.HELLO_SECONDS
    closed = room.tick().closes
    assert len(closed) == R.MAX_SOCKETS and room.conns == {}


def test_messages_are_parsed_strictly():
    assert R.parse('{"t": "ping"}') == {"t": "ping"}
    for bad in ("", "null", "[]", '{"t": 1}', '{"a": "x"}', '{"t": NaN}', '{"t": "x", "v": Infinity}',
                "x" * (R.MAX_FRAME + 1), b'{"t": "ping"}', "[" * 100_000):
        assert R.parse(bad) is None, bad


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(
    st.text(max_size=60),
    st.binary(max_size=30),
    st.dictionaries(st.sampled_from(["t", "a", "n", "room", "key", "token"]),
                    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=8),
                              st.sampled_from(["hello", "act", "ping", "confirm", "menu", "quit"])),
                    max_size=5).map(json.dumps)), max_size=30))
def test_no_frame_breaks_the_room(frames):
    room, clock = make()
    room.show("phone1", {"buttons": {"confirm": "OK"}})
    room.opened(1, "10.0.0.5")
    for frame in frames:
        out = room.received(1, frame)
        for _conn, message in out.sends:
            assert message["t"] in ("welcome", "state", "ack", "refused", "bye", "pong")
        for event in out.events:
            assert event[0] in ("joined", "act") and (event[0] != "act" or event[2] in R.ACTIONS)
        clock.t += 0.01


def test_the_wifi_code_escapes_what_the_scheme_reserves():
    assert wifi_text("Arcade;Guests", 'pa"ss') == 'WIFI:T:WPA;S:Arcade\\;Guests;P:pa\\"ss;;'
    assert wifi_text("Open") == "WIFI:T:nopass;S:Open;;"
