"""The Great Order (docs/rules/order.md, docs/protocol.md `order`): one test per rule clause,
property tests, protocol tests, and a slow many-games soak (``pytest -m slow``)."""
from __future__ import annotations

import itertools
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
from game.rules.core import IllegalMove, RulesError, start_player
from game.rules.order import ORDER as G
from game.rules.order import PLAYERS, Arrange, Move, _ways, random_arrangement, why_bad_arrangement

LEVEL = levels.load("order")
BLUE = [1, 2, 3, 4, 5] * 3
BROWN = [4, 3, 2, 1, 5] * 3


def started(first="blue", blue=BLUE, brown=BROWN, seed=1):
    return G.new(LEVEL, seed=seed, first=first, options={"arrangement": {"blue": blue, "brown": brown}})


def columns_obj(spec: dict[int, tuple[int, int]], blue: list[int], brown: list[int]) -> list[list[int]]:
    """The 18 columns: ``spec`` as given, the other stones filled in as complete pairs, then
    5s alone, then lone stones; columns left over stay empty."""
    left = [[3 - blue.count(v) for v in range(6)], [3 - brown.count(v) for v in range(6)]]
    for b, r in spec.values():
        left[0][b] -= bool(b) * 1
        left[1][r] -= bool(r) * 1
    fill = []
    for x in (1, 2, 3, 4):
        while left[0][x] and left[1][5 - x]:
            left[0][x] -= 1
            left[1][5 - x] -= 1
            fill.append([x, 5 - x])
    for k in (0, 1):
        for x in range(1, 6):
            fill += [[x, 0] if k == 0 else [0, x]] * left[k][x]
    free = [c for c in range(18) if c not in spec]
    assert len(fill) <= len(free), "the stones do not fit the field"
    cols = [[0, 0] for _ in range(18)]
    for c, pair in spec.items():
        cols[c] = list(pair)
    for c, pair in zip(free[:len(fill)], fill, strict=True):
        cols[c] = pair
    return cols


def load(blue, brown, to_move="blue", spec=None, columns=None, score=(0, 0), chain=0, over=False):
    obj = {"game": "order", "level": "classic", "seed": 3, "phase": "play", "first": "blue",
           "to_move": None if over else to_move, "over": over,
           "collections": {"blue": list(blue), "brown": list(brown)},
           "columns": columns if columns is not None else columns_obj(spec or {}, blue, brown),
           "score": {"blue": score[0], "brown": score[1]}, "chain": chain}
    return G.load_state(obj, LEVEL)


# the dead end: one empty column, blue's 5 fills it, then nobody can place
DEAD_END_COLUMNS = ([[2, 0], [0, 3], [4, 0], [0, 1], [1, 4], [1, 4], [3, 2], [3, 2], [2, 3], [2, 3],
                     [4, 1], [4, 1], [5, 0], [5, 0], [0, 5], [0, 5], [0, 5], [0, 0]])
# blue's right 4 fills the last empty column; brown then has no placement but blue has
PASS_COLUMNS = [[0, 3], [1, 4], [1, 0], [4, 1], [4, 1], [5, 0], [0, 5], [5, 0], [1, 4], [3, 2],
                [0, 0], [2, 0], [3, 2], [5, 0], [2, 3], [0, 3], [0, 4], [0, 5]]


def conserved(state) -> bool:
    for k in (0, 1):
        for v in range(1, 6):
            if state.collections[k].count(v) + state.columns[k].count(v) != 3:
                return False
    return True


# --- setup and arrangement -----------------------------------------------------------------------


def test_registered_and_classic_level():
    assert get("order") is G and G.players == ("blue", "brown")
    assert LEVEL["game"] == "order" and LEVEL["name"] == "classic"


def test_new_starts_in_arrange_phase_blue_first():
    s = G.new(LEVEL, seed=5)
    assert s.phase == "arrange" and s.to_move == "blue" and G.legal_moves(s) == []
    assert s.first == start_player(PLAYERS, 5)
    s, eff = G.play(s, Arrange(tuple(BLUE)))
    assert eff == [] and s.phase == "arrange" and s.to_move == "brown"
    s, eff = G.play(s, Arrange(tuple(BROWN)))
    assert eff == [] and s.phase == "play" and s.to_move == s.first
    assert s.collections == (tuple(BLUE), tuple(BROWN))


def test_start_player_is_seeded_and_first_overrides():
    assert {G.new(LEVEL, seed=k).first for k in range(40)} == {"blue", "brown"}
    assert all(G.new(LEVEL, seed=k).first == start_player(PLAYERS, k) for k in range(20))
    s = G.new(LEVEL, seed=5, first="brown")
    assert s.first == "brown" and s.to_move == "blue"  # blue still arranges first
    assert started(first="brown").to_move == "brown"
    with pytest.raises(RulesError):
        G.new(LEVEL, seed=5, first="red")


@pytest.mark.parametrize("bad, words", [
    ("12345", "list"),
    (BLUE[:-1], "15 stones, not 14"),
    (BLUE[:-1] + [6], "1 to 5"),
    (BLUE[:-1] + [True], "1 to 5"),
    ([1, 2] * 7 + [5], "3 stones of each length"),
    ([1, 1, 2, 3, 4, 5, 2, 3, 4, 5, 1, 2, 3, 4, 5], "side by side"),
])
def test_why_bad_arrangement(bad, words):
    assert words in why_bad_arrangement(bad)


def test_good_arrangements():
    assert why_bad_arrangement(BLUE) is None and why_bad_arrangement(tuple(BROWN)) is None
    assert why_bad_arrangement([1, 2, 3, 4, 5, 4, 3, 2, 1, 5, 1, 2, 3, 4, 5]) is None


def test_arrange_move_is_validated():
    s = G.new(LEVEL, seed=1)
    with pytest.raises(IllegalMove, match="side by side"):
        G.play(s, Arrange((1, 1, 2, 3, 4, 5, 2, 3, 4, 5, 1, 2, 3, 4, 5)))
    with pytest.raises(IllegalMove, match="arrange"):
        G.play(s, Move("left", 0))
    with pytest.raises(IllegalMove, match="already arranged"):
        G.play(started(), Arrange(tuple(BLUE)))


def test_random_arrangement_is_valid_varied_and_reproducible():
    rng = random.Random(4)
    seen = {random_arrangement(rng) for _ in range(300)}
    assert all(why_bad_arrangement(a) is None for a in seen) and len(seen) > 290
    assert random_arrangement(random.Random(9)) == random_arrangement(random.Random(9))
    s = G.new(LEVEL, seed=2)
    move = G.random_move(s, rng)
    assert isinstance(move, Arrange) and why_bad_arrangement(move.lengths) is None


def test_arrangement_counting_behind_the_uniform_draw():
    # _ways weights each choice by the number of valid completions: check it by brute force
    for left in ((2, 2, 2), (3, 3, 1), (2, 2, 2, 1)):
        stones = [i + 1 for i, n in enumerate(left) for _ in range(n)]
        brute = {p for p in itertools.permutations(stones)
                 if all(a != b for a, b in zip(p[:-1], p[1:], strict=True))}
        assert _ways(left, 0) == len(brute)


def test_options_arrangement():
    s = started()
    assert s.phase == "play" and s.to_move == "blue"
    with pytest.raises(RulesError, match="Brown's arrangement"):
        started(brown=BROWN[:-1] + [4])
    with pytest.raises(RulesError, match="blue"):
        G.new(LEVEL, seed=1, options={"arrangement": {"blue": BLUE}})
    with pytest.raises(RulesError, match="no option"):
        G.new(LEVEL, seed=1, options={"colour": "red"})
    r1 = G.new(LEVEL, seed=8, options={"arrangement": "random"})
    assert r1 == G.new(LEVEL, seed=8, options={"arrangement": "random"}) and r1.phase == "play"
    assert all(why_bad_arrangement(c) is None for c in r1.collections)


# --- placements --------------------------------------------------------------------------------------


def test_only_end_stones_are_taken():
    s = started()
    lengths = {(m.end, G.play(s, m)[1][0]["length"]) for m in G.legal_moves(s)}
    assert lengths == {("left", 1), ("right", 5)}
    s2, _ = G.play(s, Move("right", 3))
    assert s2.collections[0] == tuple(BLUE[:-1])
    s3, _ = G.play(s, Move("left", 3))
    assert s3.collections[0] == tuple(BLUE[1:])


def test_empty_column_takes_any_stone_and_ends_the_turn():
    s = started()
    assert [m for m in G.legal_moves(s) if m.end == "left"] == [Move("left", c) for c in range(18)]
    s, eff = G.play(s, Move("left", 6))
    assert eff == [{"type": "place", "player": "blue", "length": 1, "column": 6, "end": "left"}]
    assert s.columns[0][6] == 1 and s.to_move == "brown" and s.chain == 0


def test_a_five_alone_is_a_connection_and_the_player_goes_again():
    s, eff = G.play(started(), Move("right", 17))
    assert eff == [{"type": "place", "player": "blue", "length": 5, "column": 17, "end": "right"},
                   {"type": "connect", "player": "blue", "column": 17, "chain": 1}]
    assert s.to_move == "blue" and s.chain == 1 and s.score == (0, 0)


def test_complement_completes_an_opponent_column_and_is_forced():
    s, _ = G.play(started(), Move("left", 0))  # blue 1 into column 0
    # brown's left end is a 4: it can connect, so column 0 is its only place
    assert [m for m in G.legal_moves(s) if m.end == "left"] == [Move("left", 0)]
    assert "must be placed to make one" in G.why_illegal(s, Move("left", 5))
    s, eff = G.play(s, Move("left", 0))
    assert eff[1] == {"type": "connect", "player": "brown", "column": 0, "chain": 1}
    assert s.columns[0][0] + s.columns[1][0] == 5 and s.to_move == "brown"


def test_columns_refuse_wrong_stones():
    s, _ = G.play(started(), Move("left", 0))  # blue 1 in column 0
    s, _ = G.play(s, Move("right", 4))  # brown 5 in column 4: connection, brown again
    s, _ = G.play(s, Move("left", 0))  # brown 4 completes column 0
    s, eff = G.play(s, Move("left", 1))  # brown 3 into column 1, turn ends
    assert eff[-1] == {"type": "score", "player": "brown", "connections": 2, "points": 3}
    assert s.to_move == "blue"
    assert G.why_illegal(s, Move("right", 0)) == "Column 0 is already complete."
    assert G.why_illegal(s, Move("right", 4)) == "Column 4 is already complete."
    assert "only a 2 completes it" in G.why_illegal(s, Move("right", 1))


def test_own_column_is_refused():
    s = load([3, 2, 4], [5, 1, 2], columns=[row[:] for row in PASS_COLUMNS])
    assert s.columns[0][2] == 1 and s.columns[1][2] == 0
    assert G.why_illegal(s, Move("left", 2)) == "Column 2 already holds one of your stones."
    with pytest.raises(IllegalMove, match="your stones"):
        G.play(s, Move("left", 2))


def test_choice_among_several_connections():
    s = load([3, 2, 4], [5, 1, 2], columns=[row[:] for row in PASS_COLUMNS])
    s, _ = G.play(s, Move("right", 10))
    # blue's 2 can complete brown's lone 3 in column 0 or column 15: either is fine
    assert G.legal_moves(s) == [Move("right", 0), Move("right", 15)]
    for c in (0, 15):
        assert G.why_illegal(s, Move("right", c)) is None


def test_an_end_stone_that_cannot_be_placed_cannot_be_chosen():
    s = load([3, 2, 4], [5, 1, 2], columns=[row[:] for row in PASS_COLUMNS])
    s, _ = G.play(s, Move("right", 10))
    assert all(m.end == "right" for m in G.legal_moves(s))
    assert G.why_illegal(s, Move("left", 0)) == "The left stone (a 3) cannot be placed anywhere."


def test_placement_move_validation():
    s = started()
    assert "0 to 17" in G.why_illegal(s, Move("left", 18))
    assert "0 to 17" in G.why_illegal(s, Move("left", -1))
    assert "left or right" in G.why_illegal(s, Move("middle", 3))


# --- turns and scoring --------------------------------------------------------------------------------


def test_chain_scores_triangular_when_the_turn_ends():
    s = load([5, 2, 5, 1], [2, 4], spec={0: (0, 3)})
    s, e1 = G.play(s, Move("left", G.legal_moves(s)[0].column))
    s, e2 = G.play(s, Move("left", 0))
    s, e3 = G.play(s, Move("left", G.legal_moves(s)[0].column))
    assert [e["chain"] for e in (e1[1], e2[1], e3[1])] == [1, 2, 3] and s.chain == 3
    assert s.to_move == "blue" and s.score == (0, 0)
    empty = next(c for c in range(18) if s.columns[0][c] == s.columns[1][c] == 0)
    s, eff = G.play(s, Move("left", empty))
    assert eff == [{"type": "place", "player": "blue", "length": 1, "column": empty, "end": "left"},
                   {"type": "score", "player": "blue", "connections": 3, "points": 6}]
    assert s.score == (6, 0) and s.chain == 0 and s.to_move == "brown"


def test_natural_chain_of_two_scores_three():
    s, _ = G.play(started(), Move("left", 0))
    s, _ = G.play(s, Move("left", 0))  # brown connects
    s, eff = G.play(s, Move("left", 1))  # brown opens: turn with one connection ends
    assert eff[-1] == {"type": "score", "player": "brown", "connections": 1, "points": 1}
    s, _ = G.play(s, Move("right", 2))  # blue 5
    s, _ = G.play(s, Move("left", 1))  # blue 2 completes brown's 3
    s, eff = G.play(s, Move("left", 3))
    assert eff[-1] == {"type": "score", "player": "blue", "connections": 2, "points": 3}
    assert s.score == (3, 1)


def test_turn_without_connection_scores_nothing():
    s, eff = G.play(started(), Move("left", 0))
    assert all(e["type"] != "score" for e in eff)


def test_last_stone_ends_the_game_and_scores():
    s = load([5], [], score=(10, 10))
    assert G.legal_moves(s) == [Move("left", 17)]  # one stone: listed as left only
    s2, eff = G.play(s, Move("left", 17))
    assert [e["type"] for e in eff] == ["place", "connect", "score", "end"]
    assert eff[-1] == {"type": "end", "winner": "blue", "reason": "placed"}
    assert s2.over and s2.score == (11, 10) and G.outcome(s2).detail["dead_end"] is False
    # play accepts the lone stone as the right end too
    s3, eff3 = G.play(s, Move("right", 17))
    assert s3 == s2 and eff3[0]["end"] == "right"


def test_equal_scores_draw():
    s, eff = G.play(load([5], [], score=(9, 10)), Move("left", 17))
    assert s.winner == "draw" and eff[-1]["winner"] == "draw" and G.outcome(s).reason == "draw"


def test_turn_ends_when_the_player_has_no_stone_left():
    s = load([5], [2, 4], spec={0: (0, 0)})
    assert s.to_move == "blue"
    col = G.legal_moves(s)[0].column
    s, eff = G.play(s, Move("left", col))
    assert [e["type"] for e in eff] == ["place", "connect", "score"]
    assert s.to_move == "brown" and s.score == (1, 0)


def test_a_player_without_placement_passes():
    s = load([3, 2, 4], [5, 1, 2], columns=[row[:] for row in PASS_COLUMNS])
    assert G.legal_moves(s) == [Move("left", 10), Move("right", 10)]
    s, eff = G.play(s, Move("right", 10))
    assert eff == [{"type": "place", "player": "blue", "length": 4, "column": 10, "end": "right"},
                   {"type": "pass", "player": "brown"}]
    assert s.to_move == "blue" and not s.over and s.chain == 0


def test_dead_end_both_pass_and_the_game_ends():
    s = load([5, 1, 3], [4, 2], columns=[row[:] for row in DEAD_END_COLUMNS], score=(10, 12))
    assert G.legal_moves(s) == [Move("left", 17), Move("right", 17)]
    s, eff = G.play(s, Move("left", 17))
    assert eff == [{"type": "place", "player": "blue", "length": 5, "column": 17, "end": "left"},
                   {"type": "connect", "player": "blue", "column": 17, "chain": 1},
                   {"type": "score", "player": "blue", "connections": 1, "points": 1},
                   {"type": "pass", "player": "brown"},
                   {"type": "pass", "player": "blue"},
                   {"type": "end", "winner": "brown", "reason": "stuck"}]
    assert s.over and s.stuck and s.score == (11, 12) and G.legal_moves(s) == []
    assert s.collections == ((1, 3), (4, 2))
    assert G.state_json(s)["dead_end"] is True and G.outcome(s).detail["dead_end"] is True
    assert G.load_state(G.state_json(s), LEVEL) == s


def test_random_games_never_pass():
    rng = random.Random(21)
    for seed in range(150):
        s = G.new(LEVEL, seed=seed)
        while not s.over:
            s, eff = G.play(s, G.random_move(s, rng))
            assert all(e["type"] != "pass" for e in eff)
        assert not s.stuck and all(s.columns[0][c] + s.columns[1][c] == 5 for c in range(18))
        assert eff[-1] == {"type": "end", "winner": s.winner, "reason": "placed"}  # every column placed


# --- load_state ---------------------------------------------------------------------------------------


def good_obj():
    s, _ = G.play(started(), Move("right", 4))
    return G.state_json(s)


@pytest.mark.parametrize("change, words", [
    (lambda o: o.pop("seed"), "seed"),
    (lambda o: o.__setitem__("phase", "setup"), "phase"),
    (lambda o: o.__setitem__("first", "red"), "start player"),
    (lambda o: o.__setitem__("to_move", "red"), "to_move"),
    (lambda o: o["collections"]["blue"].append(7), "collections.blue"),
    (lambda o: o["collections"]["blue"].insert(0, 1), "side by side"),
    (lambda o: o["collections"].pop("brown"), "brown"),
    (lambda o: o["columns"].pop(), "18 pairs"),
    (lambda o: o["columns"].__setitem__(0, [1]), "pair"),
    (lambda o: o["columns"].__setitem__(0, [2, 2]), "do not make 5"),
    (lambda o: o["columns"].__setitem__(0, [5, 3]), "make 5"),
    (lambda o: o["columns"].__setitem__(0, [6, 0]), "column 0"),
    (lambda o: o["columns"].__setitem__(0, [3, 0]), "stones of length 3"),
    (lambda o: o["score"].__setitem__("blue", -1), "score.blue"),
    (lambda o: o["score"].__setitem__("brown", 172), "score.brown"),
    (lambda o: o.__setitem__("chain", 2), "chain"),
    (lambda o: o.__setitem__("winner", "blue"), "winner"),
    (lambda o: o.update(over=True, to_move=None, chain=0), "still place"),
    (lambda o: o.update(phase="arrange"), "arrange phase"),
])
def test_load_state_rejects_bad_states(change, words):
    obj = good_obj()
    G.load_state(json.loads(json.dumps(obj)), LEVEL)  # the unchanged one loads
    change(obj)
    with pytest.raises(RulesError, match=words):
        G.load_state(obj, LEVEL)


def test_load_state_rejects_a_stuck_player_to_move_and_unfinished_full_games():
    with pytest.raises(RulesError, match="no legal placement"):
        load([1, 3], [4, 2], to_move="brown", columns=DEAD_END_COLUMNS[:-1] + [[5, 0]])
    full = columns_obj({}, [], [])
    with pytest.raises(RulesError, match="must be over"):
        load([], [], columns=full)
    assert load([], [], columns=full, over=True, score=(5, 4)).winner == "blue"


def test_load_state_arrange_phase():
    s = G.new(LEVEL, seed=3)
    s1, _ = G.play(s, Arrange(tuple(BLUE)))
    for st_ in (s, s1):
        assert G.load_state(G.state_json(st_), LEVEL) == st_
    obj = G.state_json(s1)
    obj["to_move"] = "blue"
    with pytest.raises(RulesError, match="brown is to move"):
        G.load_state(obj, LEVEL)
    obj = G.state_json(s)
    obj["collections"]["blue"] = [1, 2]
    with pytest.raises(RulesError, match="Blue's arrangement"):
        G.load_state(obj, LEVEL)
    for bad in (None, [], "x"):
        with pytest.raises(RulesError):
            G.load_state(bad, LEVEL)


# --- notation and playout ------------------------------------------------------------------------------


def test_notation():
    s = started()
    assert G.move_text(Move("left", 7), s) == "L1@7" and G.move_text(Move("right", 12), s) == "R5@12"
    assert G.move_text(Move("left", 7)) == "L@7"
    assert G.move_text(Arrange(tuple(BLUE))) == "A:123451234512345"
    assert G.parse_text("l1@7", s) == Move("left", 7) and G.parse_text("R@12") == Move("right", 12)
    assert G.parse_text("A:123451234512345") == Arrange(tuple(BLUE))
    for bad in ("L7", "X1@3", "L9@3", "A:12x"):
        with pytest.raises(IllegalMove):
            G.parse_text(bad, s)
    with pytest.raises(IllegalMove, match="not a 3"):
        G.parse_text("L3@7", s)


def test_random_playout_is_a_game_play_could_produce():
    for seed in range(40):
        start = G.new(LEVEL, seed=seed)
        fast = G.random_playout(start, random.Random(seed))
        rng = random.Random(seed)
        s = start
        while not s.over:
            if s.phase == "arrange":
                move = Arrange(random_arrangement(rng))
            else:
                legal = G.legal_moves(s)
                move = legal[int(rng.random() * len(legal))]
            s, _ = G.play(s, move)
        assert fast == s
    stuck = load([5, 1, 3], [4, 2], columns=[row[:] for row in DEAD_END_COLUMNS], score=(10, 12))
    end = G.random_playout(stuck, random.Random(1))
    assert end == G.play(stuck, Move("left", 17))[0] or end == G.play(stuck, Move("right", 17))[0]


# --- properties ------------------------------------------------------------------------------------------

CANDIDATES = [Move(e, c) for e in ("left", "right", "middle") for c in range(-1, 19)] + [
    Arrange(tuple(BLUE)), Arrange((1, 2))]


def accepted(state) -> set:
    return legality.accepted(G, state, CANDIDATES)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**40), choice_seed=st.integers(0, 2**32))
def test_properties_along_a_random_game(seed, choice_seed):
    rng = random.Random(choice_seed)
    s = G.new(LEVEL, seed=seed)
    for _ in range(100):
        assert G.load_state(json.loads(json.dumps(G.state_json(s))), LEVEL) == s
        if s.phase == "arrange":
            assert G.legal_moves(s) == [] and accepted(s) == {Arrange(tuple(BLUE))}
        else:
            assert conserved(s)
            legal = set(G.legal_moves(s))
            extra = set()
            if not s.over and len(s.collections[PLAYERS.index(s.to_move)]) == 1:
                extra = {Move("right", m.column) for m in legal}
            assert accepted(s) == legal | extra
        if s.over:
            break
        s, eff = contract.check_play(G, s, G.random_move(s, rng))  # an end effect iff over, ...
    assert s.over and not s.stuck


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**62), choice_seed=st.integers(0, 2**32))
def test_every_random_game_ends(seed, choice_seed):
    s = G.random_playout(G.new(LEVEL, seed=seed), random.Random(choice_seed))
    assert s.over and conserved(s) and s.collections == ((), ())
    assert s.winner in ("blue", "brown", "draw")
    # every column ends complete: 18 connections, and a turn's c connections score c(c+1)/2 >= c
    assert all(s.columns[0][c] + s.columns[1][c] == 5 for c in range(18)) and sum(s.score) >= 18


# --- protocol --------------------------------------------------------------------------------------------


def send(session: Session, obj) -> dict:
    answer = session.handle_line(obj if isinstance(obj, str) else json.dumps(obj))
    json.dumps(answer)
    return answer


def test_protocol_arrange_and_play():
    sess = Session()
    a = send(sess, {"cmd": "new", "game": "order", "seed": 6, "first": "brown"})
    assert a["ok"] and a["state"]["phase"] == "arrange" and a["state"]["to_move"] == "blue"
    assert a["state"]["columns"] == [[0, 0]] * 18 and a["state"]["chain"] == 0
    assert send(sess, {"cmd": "legal"}) == {"ok": True, "moves": []}
    gen = send(sess, {"cmd": "genmove"})
    assert gen["ok"] and why_bad_arrangement(gen["move"]["arrange"]) is None
    a = send(sess, {"cmd": "play", "move": {"arrange": BLUE}})
    assert a["ok"] and a["effects"] == [] and a["state"]["to_move"] == "brown"
    a = send(sess, {"cmd": "play", "move": {"arrange": BROWN}})
    assert a["state"]["phase"] == "play" and a["state"]["to_move"] == "brown"
    moves = send(sess, {"cmd": "legal"})["moves"]
    assert {"end": "left", "column": 0} in moves and {"end": "right", "column": 17} in moves
    a = send(sess, {"cmd": "play", "move": {"end": "right", "column": 3}})
    assert a["effects"] == [{"type": "place", "player": "brown", "length": 5, "column": 3, "end": "right"},
                            {"type": "connect", "player": "brown", "column": 3, "chain": 1}]
    assert a["state"]["columns"][3] == [0, 5] and a["state"]["chain"] == 1
    loaded = send(sess, {"cmd": "load", "game": "order", "state": a["state"]})
    assert loaded["ok"] and loaded["state"] == a["state"]


def test_protocol_options_arrangement():
    sess = Session()
    a = send(sess, {"cmd": "new", "game": "order", "seed": 1, "first": "blue",
                    "options": {"arrangement": {"blue": BLUE, "brown": BROWN}}})
    assert a["state"]["phase"] == "play" and a["state"]["collections"] == {"blue": BLUE, "brown": BROWN}
    assert len(send(sess, {"cmd": "legal"})["moves"]) == 36


BAD = [
    "{",
    {"cmd": "play", "move": {"end": "left"}},
    {"cmd": "play", "move": {"end": "left", "column": 18}},
    {"cmd": "play", "move": {"end": "top", "column": 1}},
    {"cmd": "play", "move": {"end": "left", "column": "1"}},
    {"cmd": "play", "move": {"end": "left", "column": True}},
    {"cmd": "play", "move": {"arrange": BLUE}},
    {"cmd": "play", "move": {"arrange": "12345"}},
    {"cmd": "play", "move": [1]},
    {"cmd": "new", "game": "order", "options": {"arrangement": {"blue": BLUE, "brown": [1]}}},
    {"cmd": "new", "game": "order", "options": {"arrangement": 3}},
    {"cmd": "new", "game": "order", "options": []},
    {"cmd": "new", "game": "order", "first": "nobody"},
    {"cmd": "load", "game": "order", "state": {"game": "order", "seed": 1}},
    {"cmd": "load", "game": "improbable", "state": {"game": "order", "seed": 1}},
]


@pytest.mark.parametrize("bad", BAD, ids=range(len(BAD)))
def test_protocol_bad_input_changes_nothing(bad):
    sess = Session()
    send(sess, {"cmd": "new", "game": "order", "seed": 2, "first": "blue",
                "options": {"arrangement": {"blue": BLUE, "brown": BROWN}}})
    send(sess, {"cmd": "play", "move": {"end": "left", "column": 0}})  # brown's 4 must go to column 0
    before = send(sess, {"cmd": "state"})
    answer = send(sess, bad)
    assert answer["ok"] is False and answer["error"] and "Internal error" not in answer["error"]
    assert send(sess, {"cmd": "state"}) == before


def test_protocol_forced_connection_is_refused_with_reason():
    sess = Session()
    send(sess, {"cmd": "new", "game": "order", "seed": 2, "first": "blue",
                "options": {"arrangement": {"blue": BLUE, "brown": BROWN}}})
    send(sess, {"cmd": "play", "move": {"end": "left", "column": 0}})
    a = send(sess, {"cmd": "play", "move": {"end": "left", "column": 5}})
    assert a == {"ok": False,
                 "error": "Your 4 can make a connection (column 0), so it must be placed to make one."}


def test_arrangements_drawn_three_stones_at_a_time_keep_each_row_equally_likely():
    """A step of three stones has exactly the probability of three single steps (each in
    proportion to the valid completions after it), so every valid row stays equally likely."""
    from game.rules.order import _arranging, _arranging_chunks

    single = _arranging()
    chunks = _arranging_chunks()
    for code, (bounds, total, picks) in chunks.items():
        before = 0.0
        for bound, (laid, _after) in zip(bounds, picks, strict=True):
            chunk_p = (bound - before) / total
            before = bound
            p, at = 1.0, code
            for length in laid:
                s_bounds, s_total, s_picks = single[at]
                k = [pick[0] for pick in s_picks].index(length)
                p *= (s_bounds[k] - (s_bounds[k - 1] if k else 0.0)) / s_total
                at = s_picks[k][1]
            assert chunk_p == pytest.approx(p, rel=1e-9)


def test_the_arranging_tables_are_built_in_small_steps_to_the_same_tables():
    """A screen builds them beside its frames (``arranging_steps``), a step at a time; the
    tables are those built at once, and built, there is nothing left to step through."""
    from game.rules import order as O

    whole = O._arranging(), O._arranging_chunks()
    saved = dict(O._tables)
    O._tables.clear()
    O._ways.cache_clear()
    try:
        steps = sum(1 for _ in O.arranging_steps())
        assert steps > 500  # about a tenth of a millisecond each, not 130 ms in one
        assert O._tables["single"] == whole[0] and O._tables["chunks"] == whole[1]
        assert list(O.arranging_steps()) == []
    finally:
        O._tables.clear()
        O._tables.update(saved)
