"""The Improbable (docs/rules/improbable.md, docs/protocol.md `improbable`): one test per rule clause,
property tests, protocol tests, and a slow many-games soak (``pytest -m slow``)."""
from __future__ import annotations

import json
import random

import contract
import legality
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.catalogue import game as get
from game.content import levels
from game.protocol.engine import Session
from game.rules.core import IllegalMove, RulesError, draw, start_player
from game.rules.improbable import IMPROBABLE as G
from game.rules.improbable import PLAYERS, ROLL, STOP, Move, chance
from game.rules.turns import stream, triangular

LEVEL = levels.load("improbable")


def new(seed: int = 1, first: str | None = "blue"):
    return G.new(LEVEL, seed=seed, first=first)


def position(blue_row=(), brown_row=(), aside=(), to_move="blue", rolls=None, over=False, turn=None,
             die=None, seed=7):
    """A loaded state whose supply makes supply + row + aside = 3 per length."""
    owner = turn or to_move
    supply = {}
    for c, row in (("blue", blue_row), ("brown", brown_row)):
        extra = aside if c == owner else ()
        supply[c] = {str(v): 3 - list(row).count(v) - list(extra).count(v) for v in range(1, 7)}
    obj = {"game": "improbable", "level": "classic", "seed": seed, "over": over,
           "to_move": None if over else to_move, "supply": supply,
           "row": {"blue": list(blue_row), "brown": list(brown_row)}, "aside": list(aside),
           "rolls": len(blue_row) + len(brown_row) + len(aside) + 5 if rolls is None else rolls}
    if turn:
        obj["turn"] = turn
    if die is not None:
        obj["die"] = die
    return G.load_state(obj, LEVEL)


def roll(state, value=None):
    return G.play(state, Move("roll", value))


def conserved(state) -> bool:
    owner = PLAYERS.index(state.turn)
    for k in (0, 1):
        for v in range(1, 7):
            total = state.supply[6 * k + v - 1] + state.rows[k].count(v)
            total += state.aside.count(v) if k == owner else 0
            if total != 3:
                return False
    return True


# --- setup ---------------------------------------------------------------------------------


def test_registered_and_classic_level():
    assert get("improbable") is G
    assert G.players == ("blue", "brown")
    assert LEVEL["game"] == "improbable" and LEVEL["name"] == "classic"


def test_start_player_is_seeded_draw_zero():
    starts = {new(seed, None).to_move for seed in range(40)}
    assert starts == {"blue", "brown"}
    for seed in range(20):
        assert new(seed, None).to_move == start_player(PLAYERS, seed) == new(seed, None).to_move
    negative = new(-5, None)  # any whole number is a seed; its state loads again
    assert G.load_state(G.state_json(negative), LEVEL) == negative


def test_first_overrides_and_is_validated():
    assert new(3, "brown").to_move == "brown"
    with pytest.raises(RulesError):
        G.new(LEVEL, seed=3, first="red")
    with pytest.raises(RulesError):
        G.new(LEVEL, seed=3, options={"dice": 2})


def test_material_at_start():
    s = new()
    assert s.supply == (3,) * 12 and s.rows == ((), ()) and s.aside == ()
    assert sum(v * 3 for v in range(1, 7)) == 63  # 18 stones, 63 length units each


# --- a turn ---------------------------------------------------------------------------------


def test_must_roll_first():
    s = new()
    assert G.legal_moves(s) == [ROLL]
    with pytest.raises(IllegalMove, match="only after a roll"):
        G.play(s, STOP)


def test_roll_sets_a_stone_aside():
    s, eff = roll(new(), 4)
    assert eff == [{"type": "roll", "player": "blue", "value": 4},
                   {"type": "aside", "player": "blue", "length": 4}]
    assert s.aside == (4,) and s.held("blue", 4) == 2 and s.to_move == "blue"
    assert G.legal_moves(s) == [ROLL, STOP]


def test_bust_on_repeated_value_returns_this_turns_stones():
    s = position(blue_row=(2,), brown_row=(5,))
    for v in (3, 6, 1):
        s, _ = roll(s, v)
    assert s.held("blue", 3) == 2
    s, eff = roll(s, 6)
    assert eff == [{"type": "roll", "player": "blue", "value": 6},
                   {"type": "bust", "player": "blue", "returned": [3, 6, 1]}]
    assert s.aside == () and s.to_move == "brown"
    assert s.rows == ((2,), (5,))  # the row laid in earlier turns stays
    assert all(s.held("blue", v) == 3 - (v == 2) for v in range(1, 7))
    assert conserved(s)


def test_stop_banks_aside_stones_in_rolled_order():
    s = position(blue_row=(2, 2))
    for v in (5, 1, 3):
        s, _ = roll(s, v)
    s, eff = G.play(s, STOP)
    assert eff == [{"type": "bank", "player": "blue", "lengths": [5, 1, 3]}]
    assert s.rows[0] == (2, 2, 5, 1, 3) and s.aside == () and s.to_move == "brown"
    assert s.length("blue") == 13 and conserved(s)


def test_stop_only_after_a_roll_that_set_a_stone_aside():
    s, _ = roll(new(), 2)
    s, _ = roll(s, 2)  # bust: the next player starts fresh
    assert s.to_move == "brown" and G.legal_moves(s) == [ROLL]
    assert "only after a roll" in G.why_illegal(s, STOP)


def test_end_at_once_when_the_three_stones_lie_in_the_row():
    s = position(blue_row=(6, 6, 6, 2), brown_row=(5, 5))
    s, _ = roll(s, 1)
    s, _ = roll(s, 4)
    s, eff = roll(s, 6)
    assert eff == [{"type": "roll", "player": "blue", "value": 6},
                   {"type": "end", "winner": "blue", "reason": "complete", "value": 6}]
    assert s.over and s.to_move is None and G.legal_moves(s) == []
    assert s.aside == (1, 4) and s.held("blue", 1) == 2  # stays aside: not returned ...
    assert s.length("blue") == 20  # ... and not counted
    assert conserved(s)
    out = G.outcome(s)
    assert out.detail["uncounted"] == [1, 4] and out.detail["ended_by"] == "blue"


def test_roller_can_end_the_game_and_lose():
    s = position(blue_row=(1, 1, 1), brown_row=(6,))
    s, _ = roll(s, 1)
    assert s.winner == "brown" and G.outcome(s).reason == "length"


def test_equal_lengths_draw():
    s = position(blue_row=(2, 2, 2), brown_row=(6,))
    s, eff = roll(s, 2)
    assert s.winner == "draw" and eff[-1]["winner"] == "draw" and G.outcome(s).reason == "draw"


def test_bust_takes_precedence_and_end_needs_a_full_length():
    # two of a length in the row is not enough to end
    s, _ = roll(position(blue_row=(3, 3)), 3)
    assert not s.over and s.aside == (3,)
    s, eff = roll(s, 3)
    assert eff[-1]["type"] == "bust"


def test_nothing_is_legal_once_over():
    s, _ = roll(position(blue_row=(4, 4, 4)), 4)
    assert G.why_illegal(s, ROLL) == "The game is over."
    with pytest.raises(IllegalMove):
        G.play(s, ROLL)


def test_move_validation_messages():
    s = new()
    assert "1 to 6" in G.why_illegal(s, Move("roll", 7))
    assert "roll or stop" in G.why_illegal(s, Move("jump"))
    assert G.why_illegal(s, Move("stop", 3)) == "A stop takes no die value."


# --- seeded dice ------------------------------------------------------------------------------


def test_nth_roll_follows_the_seed_stream():
    rng = random.Random(5)
    rolled = 0
    for seed in (0, 1, 99, 2**31 - 1):
        s = new(seed)
        for _ in range(200):
            if s.over:
                break
            before = s.rolls
            move = rng.choice(G.legal_moves(s))
            s, eff = G.play(s, move)
            if move == ROLL:
                rolled += 1
                assert eff[0]["value"] == draw(seed, 1 + before, 6) + 1
                assert s.rolls == before + 1 and s.die == eff[0]["value"]
    assert rolled >= 100  # the check above ran, many times


def test_forced_roll_uses_up_its_place_in_the_stream():
    s, _ = roll(new(11), 3)
    assert s.rolls == 1
    s, eff = roll(s)
    assert eff[0]["value"] == draw(11, 2, 6) + 1


def test_stream_helper_matches_core_draw():
    pick = stream(1234)
    assert [pick(n, 6) for n in range(50)] == [draw(1234, n, 6) for n in range(50)]
    assert triangular(4) == 10


def test_seed_and_move_list_replay_the_game():
    rng = random.Random(3)
    s = start = new(77, None)
    moves, texts = [], []
    while not s.over:
        m = rng.choice(G.legal_moves(s))
        moves.append(m)
        texts.append(G.move_text(m, s))
        s, _ = G.play(s, m)
    again = start
    for m in moves:
        again, _ = G.play(again, m)
    assert again == s
    # the text notation carries the values: it replays even from another seed
    other = G.new(LEVEL, seed=5, first=start.to_move)
    for t in texts:
        other, _ = G.play(other, G.parse_text(t, other))
    assert other.rows == s.rows and other.aside == s.aside and other.winner == s.winner


def test_notation():
    s = new(9)
    assert G.move_text(ROLL) == "R" and G.move_text(STOP) == "S"
    assert G.move_text(ROLL, s) == f"R{draw(9, 1, 6) + 1}"
    assert G.move_text(Move("roll", 5)) == "R5"
    assert G.parse_text(" r4 ") == Move("roll", 4)
    assert G.parse_text("S") == STOP and G.parse_text("roll") == ROLL
    with pytest.raises(IllegalMove):
        G.parse_text("R7")


# --- chance ------------------------------------------------------------------------------------


def test_chance_of_bust_and_end():
    assert chance(new()) == {"bust": 0.0, "end": 0.0, "safe": 1.0, "bust_values": [], "end_values": []}
    s = position(blue_row=(6, 6, 6, 1, 1, 1), aside=(2, 3), to_move="blue")
    c = chance(s)
    assert c["bust_values"] == [2, 3] and c["end_values"] == [1, 6]
    assert c["bust"] == pytest.approx(2 / 6) and c["end"] == pytest.approx(2 / 6)
    assert c["safe"] == pytest.approx(2 / 6)
    assert G.state_json(s)["chance"] == c
    # the chance is the player to move's: brown's full lengths don't matter to blue
    assert chance(position(brown_row=(4, 4, 4)))["end"] == 0.0


# --- load_state --------------------------------------------------------------------------------


def good_obj():
    s = position(blue_row=(1, 2), brown_row=(6,), aside=(3,), die=3)
    return G.state_json(s)


@pytest.mark.parametrize("change, words", [
    (lambda o: o.pop("seed"), "seed"),
    (lambda o: o.__setitem__("seed", "x"), "seed"),
    (lambda o: o.__setitem__("game", "gauss"), "gauss"),
    (lambda o: o.__setitem__("to_move", "red"), "to_move"),
    (lambda o: o.__setitem__("to_move", None), "needs .to_move."),
    (lambda o: o.__setitem__("over", "no"), "over"),
    (lambda o: o["supply"]["blue"].__setitem__("1", 3), "3"),
    (lambda o: o["supply"]["blue"].pop("6"), "keys"),
    (lambda o: o["supply"].__setitem__("brown", []), "brown"),
    (lambda o: o["row"]["blue"].append(7), "row.blue"),
    (lambda o: o["row"].pop("brown"), "brown"),
    (lambda o: o.__setitem__("aside", [3, 3]), "busted"),
    (lambda o: o.__setitem__("aside", [0]), "aside"),
    (lambda o: o.__setitem__("die", 5), "last stone set aside"),
    (lambda o: o.__setitem__("die", 9), "die"),
    (lambda o: o.__setitem__("rolls", 2), "rolls"),
    (lambda o: o.__setitem__("rolls", -1), "rolls"),
    (lambda o: o.__setitem__("turn", "brown"), "turn"),
    (lambda o: o.__setitem__("winner", "blue"), "winner"),
    (lambda o: o.__setitem__("length", {"blue": 4, "brown": 6}), "length.blue"),
    (lambda o: o.update(over=True, to_move=None, turn="blue"), "ended"),
])
def test_load_state_rejects_bad_states(change, words):
    obj = good_obj()
    G.load_state(json.loads(json.dumps(obj)), LEVEL)  # the unchanged one loads
    change(obj)
    with pytest.raises(RulesError, match=words):
        G.load_state(obj, LEVEL)


def test_load_state_accepts_a_finished_game_with_stones_aside():
    s = position(blue_row=(5, 5, 5), aside=(2,), over=True, turn="blue", die=5)
    assert s.over and s.winner == "blue" and s.aside == (2,)
    with pytest.raises(RulesError, match="ended"):
        position(blue_row=(5, 5, 5), aside=(2,), over=True, turn="blue", die=2)
    assert G.load_state(G.state_json(s), LEVEL) == s


def test_load_state_rejects_non_objects():
    for bad in (None, [], "state", 3):
        with pytest.raises(RulesError):
            G.load_state(bad, LEVEL)


# --- random playout ------------------------------------------------------------------------------


def test_random_playout_is_a_game_play_could_produce():
    for seed in range(30):
        start = new(seed, None)
        fast = G.random_playout(start, random.Random(seed))
        rng = random.Random(seed)
        s = start
        while not s.over:
            s, _ = G.play(s, STOP if s.aside and rng.random() < 0.5 else ROLL)
        assert fast == s


# --- properties ------------------------------------------------------------------------------------

CANDIDATES = [ROLL, STOP, Move("stop", 1), Move("jump")] + [Move("roll", v) for v in range(0, 8)]


def accepted(state) -> set:
    return legality.accepted(G, state, CANDIDATES)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**40), choice_seed=st.integers(0, 2**32))
def test_properties_along_a_random_game(seed, choice_seed):
    rng = random.Random(choice_seed)
    s = G.new(LEVEL, seed=seed)
    for _ in range(3000):
        assert conserved(s)
        assert G.load_state(json.loads(json.dumps(G.state_json(s))), LEVEL) == s
        legal = set(G.legal_moves(s))
        forced = {Move("roll", v) for v in range(1, 7)} if legal else set()
        assert accepted(s) == legal | forced
        if s.over:
            break
        s, eff = contract.check_play(G, s, rng.choice(list(legal)))  # an end effect iff over, ...
    assert s.over


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**62), choice_seed=st.integers(0, 2**32))
def test_every_random_game_ends(seed, choice_seed):
    s = G.random_playout(G.new(LEVEL, seed=seed), random.Random(choice_seed))
    assert s.over and s.winner in ("blue", "brown", "draw") and conserved(s)


# --- protocol ---------------------------------------------------------------------------------------


def send(session: Session, obj) -> dict:
    line = obj if isinstance(obj, str) else json.dumps(obj)
    answer = session.handle_line(line)
    json.dumps(answer)  # every answer is JSON-ready
    return answer


def test_protocol_game_flow():
    sess = Session()
    a = send(sess, {"cmd": "new", "game": "improbable", "seed": 4, "first": "brown"})
    assert a["ok"] and a["state"]["to_move"] == "brown" and a["state"]["aside"] == []
    assert a["state"]["supply"]["blue"] == {str(v): 3 for v in range(1, 7)}
    assert send(sess, {"cmd": "legal"}) == {"ok": True, "moves": [{"action": "roll"}]}
    a = send(sess, {"cmd": "play", "move": {"action": "roll", "value": 5}})
    assert a["effects"] == [{"type": "roll", "player": "brown", "value": 5},
                            {"type": "aside", "player": "brown", "length": 5}]
    assert send(sess, {"cmd": "legal"})["moves"] == [{"action": "roll"}, {"action": "stop"}]
    a = send(sess, {"cmd": "play", "move": {"action": "stop"}})
    assert a["effects"] == [{"type": "bank", "player": "brown", "lengths": [5]}]
    assert a["state"]["row"] == {"blue": [], "brown": [5]} and a["state"]["length"]["brown"] == 5
    a = send(sess, {"cmd": "play", "move": {"action": "roll"}})
    assert a["effects"][0]["value"] == draw(4, 2, 6) + 1
    assert send(sess, {"cmd": "genmove", "level": "easy"})["move"] in (
        {"action": "roll"}, {"action": "stop"})
    loaded = send(sess, {"cmd": "load", "game": "improbable", "state": a["state"]})
    assert loaded["ok"] and loaded["state"] == a["state"]


def test_protocol_seeded_new_is_repeatable():
    one = [send(Session(), {"cmd": "new", "game": "improbable", "seed": s})["state"]["to_move"]
           for s in range(10)]
    two = [send(Session(), {"cmd": "new", "game": "improbable", "seed": s})["state"]["to_move"]
           for s in range(10)]
    assert one == two and set(one) == {"blue", "brown"}


BAD = [
    "not json",
    {"cmd": "play"},
    {"cmd": "play", "move": {"action": "stop"}},
    {"cmd": "play", "move": {"action": "jump"}},
    {"cmd": "play", "move": "roll"},
    {"cmd": "play", "move": {"action": "roll", "value": 7}},
    {"cmd": "play", "move": {"action": "roll", "value": True}},
    {"cmd": "play", "move": {"action": "roll", "extra": 1}},
    {"cmd": "play", "move": {"action": "stop", "value": 2}},
    {"cmd": "new", "game": "improbable", "seed": "x"},
    {"cmd": "new", "game": "improbable", "seed": 1.5},
    {"cmd": "new", "game": "improbable", "first": "red"},
    {"cmd": "new", "game": "improbable", "options": {"dice": 2}},
    {"cmd": "new", "game": "improbable", "level": "nope"},
    {"cmd": "load", "game": "improbable", "state": {"game": "improbable"}},
    {"cmd": "load", "game": "improbable"},
]


@pytest.mark.parametrize("bad", BAD, ids=range(len(BAD)))
def test_protocol_bad_input_changes_nothing(bad):
    sess = Session()
    send(sess, {"cmd": "new", "game": "improbable", "seed": 8, "first": "blue"})
    before = send(sess, {"cmd": "state"})
    answer = send(sess, bad)
    assert answer["ok"] is False and isinstance(answer["error"], str) and answer["error"]
    assert "Internal error" not in answer["error"]
    assert send(sess, {"cmd": "state"}) == before


def test_protocol_play_before_new_and_after_end():
    sess = Session()
    assert send(sess, {"cmd": "play", "move": {"action": "roll"}})["ok"] is False
    state = G.state_json(position(blue_row=(2, 2, 2)))
    assert send(sess, {"cmd": "load", "game": "improbable", "state": state})["ok"]
    a = send(sess, {"cmd": "play", "move": {"action": "roll", "value": 2}})
    assert a["effects"][-1] == {"type": "end", "winner": "blue", "reason": "complete", "value": 2}
    assert a["state"]["over"] and a["state"]["winner"] == "blue"
    assert send(sess, {"cmd": "legal"}) == {"ok": True, "moves": []}
    after = send(sess, {"cmd": "play", "move": {"action": "roll"}})
    assert after == {"ok": False, "error": "The game is over."}
