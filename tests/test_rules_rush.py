"""Rush rules (docs/rules/rush.md) and its engine protocol (docs/protocol.md, section rush)."""
from __future__ import annotations

import json
import random
from collections import Counter

import contract
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import catalogue
from game.content import levels
from game.protocol.engine import Session
from game.rules import rush
from game.rules.core import IllegalMove, RulesError
from game.rules.rush import RUSH, Move, State

LEVEL = levels.load("rush")  # 9x9
FAST = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def level_of(size: int) -> dict:
    """A level of any allowed size (the level files hold 9, 11, 13 and 19)."""
    return {"format": 1, "game": "rush", "name": f"{size}x{size}", "title": "", "order": 9, "size": size}


def pos(rows: list[str], to_move: str | None = "black", continuing: bool = False, **extra) -> State:
    """A position from its rows (y = 0 first), through load_state."""
    obj = {"size": len(rows), "board": rows, "to_move": to_move, "continuing": continuing, **extra}
    return RUSH.load_state(obj, level_of(len(rows)))


def at(x: int, y: int) -> Move:
    return Move((x, y))


def rows_of(state: State) -> list[str]:
    return RUSH.state_json(state)["board"]


EMPTY5 = ["....."] * 5


# --- levels and new games ------------------------------------------------------

def test_rush_is_registered_with_its_levels_in_order():
    assert catalogue.game("rush") is RUSH
    assert RUSH.players == ("black", "white") and RUSH.default_level == "9x9"
    assert levels.names("rush") == ["9x9", "11x11", "13x13", "19x19"]
    assert [levels.load("rush", n)["size"] for n in levels.names("rush")] == [9, 11, 13, 19]


@pytest.mark.parametrize("size", [4, 3, 27, 10, "9", None, True, 9.0])
def test_check_level_rejects_bad_sizes(size):
    with pytest.raises(RulesError):
        RUSH.check_level({"size": size})


def test_new_game_is_an_empty_board_with_black_to_move():
    s = RUSH.new(LEVEL, seed=3)
    assert s.size == 9 and s.board == (0,) * 81 and s.to_move == "black"
    assert not s.continuing and not s.over and s.winner is None and s.seed == 3
    assert RUSH.new(LEVEL, seed=3, first="white").to_move == "white"
    with pytest.raises(RulesError):
        RUSH.new(LEVEL, first="red")
    js = RUSH.state_json(s)
    assert js["board"] == ["." * 9] * 9 and js["count"] == {"black": 0, "white": 0}
    assert js["continuing"] is False and js["level"] == "9x9"


# --- placement and connections -----------------------------------------------

def test_connections_count_orthogonal_stones_of_either_colour_not_diagonals():
    s = pos([".....", ".B.W.", ".....", ".W.B.", "....."])
    _, eff = RUSH.play(s, at(2, 2))  # four diagonal stones: no connection
    assert eff[0] == {"type": "place", "cell": [2, 2], "color": "black", "connections": 0}
    _, eff = RUSH.play(s, at(2, 1))  # B left, W right
    assert eff[0]["connections"] == 2


def test_no_connection_is_legal_and_ends_the_turn():
    s2, eff = RUSH.play(pos(EMPTY5), at(2, 2))
    assert eff == [{"type": "place", "cell": [2, 2], "color": "black", "connections": 0}]
    assert s2.to_move == "white" and not s2.continuing
    assert rows_of(s2)[2] == "..B.."


@pytest.mark.parametrize("neighbour", ["B", "W"])
def test_one_connection_to_either_colour_is_legal_and_ends_the_turn(neighbour):
    s = pos([".....", ".....", f"..{neighbour}..", ".....", "....."])
    s2, eff = RUSH.play(s, at(2, 1))
    assert eff == [{"type": "place", "cell": [2, 1], "color": "black", "connections": 1}]
    assert s2.to_move == "white" and not s2.continuing


@pytest.mark.parametrize("rows, cell, n", [
    (["B.B..", ".....", "....."] + ["....."] * 2, (1, 0), 2),  # edge point, two own neighbours
    ([".B...", "B....", ".....", ".....", "....."], (0, 0), 2),  # corner, two own
    ([".....", "..B..", ".B.B.", ".....", "....."], (2, 2), 3),  # three own
    ([".....", "..B..", ".B.B.", "..B..", "....."], (2, 2), 4),  # four own
])
def test_two_or_more_connections_all_to_own_stones_is_never_legal(rows, cell, n):
    s = pos(rows)
    move = Move(cell)
    assert move not in RUSH.legal_moves(s)
    assert RUSH.why_illegal(s, move) == (f"A stone there would connect to {n} of your own stones "
                                         "and no enemy stone.")
    with pytest.raises(IllegalMove):
        RUSH.play(s, move)
    # the same point is legal for white, and makes white place again
    w = pos(rows, to_move="white")
    w2, eff = RUSH.play(w, move)
    assert eff == [{"type": "place", "cell": list(cell), "color": "white", "connections": n},
                   {"type": "again"}]
    assert w2.to_move == "white" and w2.continuing


@pytest.mark.parametrize("rows, cell, n", [
    ([".....", "..B..", ".W...", ".....", "....."], (2, 2), 2),  # one own, one enemy
    ([".....", "..W..", ".W...", ".....", "....."], (2, 2), 2),  # two enemy
    ([".....", "..B..", ".B.B.", "..W..", "....."], (2, 2), 4),  # three own, one enemy
])
def test_two_or_more_connections_with_an_enemy_stone_is_legal_and_places_again(rows, cell, n):
    s = pos(rows)
    assert Move(cell) in RUSH.legal_moves(s)
    s2, eff = RUSH.play(s, Move(cell))
    assert eff == [{"type": "place", "cell": list(cell), "color": "black", "connections": n},
                   {"type": "again"}]
    assert s2.to_move == "black" and s2.continuing
    # the continuing turn goes on until a placement with at most one connection
    s3, eff = RUSH.play(s2, at(4, 4))
    assert eff == [{"type": "place", "cell": [4, 4], "color": "black", "connections": 0}]
    assert s3.to_move == "white" and not s3.continuing


def test_a_continuing_turn_chain_then_ends():
    s = pos([".....", ".W...", "B.W..", ".....", "....."])
    s, eff = RUSH.play(s, at(1, 2))  # touches B (0,2), W (1,1), W (2,2)
    assert eff[-1] == {"type": "again"} and s.to_move == "black"
    s, eff = RUSH.play(s, at(1, 3))  # touches only (1,2)
    assert [e["type"] for e in eff] == ["place"] and s.to_move == "white"


def test_a_move_is_not_forced_to_make_connections():
    s = pos([".....", "..B..", ".W...", ".....", "....."])
    moves = set(RUSH.legal_moves(s))
    assert at(2, 2) in moves and at(4, 4) in moves  # 2 connections and 0 both offered
    assert len(moves) == 23  # every empty point: no point touches two black stones


def test_occupied_and_off_board_points_are_illegal():
    s = pos([".....", "..B..", ".....", ".....", "....."])
    assert RUSH.why_illegal(s, at(2, 1)) == "That point is already occupied."
    for cell in [(5, 0), (0, 5), (-1, 2), (2, -1)]:
        assert "no point" in RUSH.why_illegal(s, Move(cell))
        with pytest.raises(IllegalMove):
            RUSH.play(s, Move(cell))


def test_a_continuing_turn_with_no_legal_placement_left_simply_ends():
    # black at e1 = (4,4) makes 2 connections (one white) but afterwards the only empty
    # point (0,0) touches two black stones only: black's turn ends, white places.
    s = pos([".BWBW", "BWBWB", "WBWBW", "BWBWB", "WBWW."])
    s2, eff = RUSH.play(s, at(4, 4))
    assert eff == [{"type": "place", "cell": [4, 4], "color": "black", "connections": 2}]
    assert s2.to_move == "white" and not s2.continuing
    assert RUSH.legal_moves(s2) == [at(0, 0)]


def test_the_game_ends_when_the_board_is_full_and_more_stones_wins():
    s = pos(["WBWBW", "BWBWB", "WBWBW", "BWBWB", "WBWW."], to_move="black")
    s2, eff = RUSH.play(s, at(4, 4))  # 2 connections, but the board is full: no "again"
    assert eff == [{"type": "place", "cell": [4, 4], "color": "black", "connections": 2},
                   {"type": "end", "winner": "white"}]
    assert s2.over and s2.to_move is None and s2.winner == "white" and not s2.continuing
    assert RUSH.legal_moves(s2) == []
    assert RUSH.why_illegal(s2, at(0, 0)) == "The game is over."
    out = RUSH.outcome(s2)
    assert out.winner == "white" and out.detail == {"black": 12, "white": 13}
    assert RUSH.state_json(s2)["count"] == {"black": 12, "white": 13}
    # the same last point won by the other colour decides for black
    b = pos(["WBWBW", "BWBWB", "WBWBB", "BWBWB", "WBWW."], to_move="black")
    b2, eff = RUSH.play(b, at(4, 4))
    assert eff[-1] == {"type": "end", "winner": "black"} and b2.winner == "black"
    assert RUSH.outcome(pos(EMPTY5)) is None


def test_start_of_turn_pass_is_applied_automatically():
    geo = rush.geometry(5)
    rows = ["W.W.W", ".W.W.", "W.W.W", ".W.W.", "W.W.W"]  # every empty point: white only around
    board = [rush.FROM_CHAR[ch] for row in rows for ch in row]
    # black has just placed a stone with at most one connection: white must pass
    nxt, continuing, eff = rush._after_placement(geo, board, rush.BLACK, 1)
    assert (nxt, continuing, eff) == (rush.BLACK, False, [{"type": "pass", "player": "white"}])
    # after two or more connections black places again instead
    nxt, continuing, eff = rush._after_placement(geo, board, rush.BLACK, 2)
    assert (nxt, continuing, eff) == (rush.BLACK, True, [{"type": "again"}])
    # white's own continuing turn with nothing left ends, and black (who can) takes over
    nxt, continuing, eff = rush._after_placement(geo, board, rush.WHITE, 3)
    assert (nxt, continuing, eff) == (rush.BLACK, False, [])
    # a loaded position at the start of white's turn passes at once
    s = pos(rows, to_move="white")
    assert s.to_move == "black" and not s.continuing and rows_of(s) == rows


def test_loaded_continuing_turn_without_placement_ends():
    rows = ["WWWWB", "W.W.W", "WWWWW", "W.W.W", "WWWWW"]
    s = pos(rows, to_move="white", continuing=True)
    assert s.to_move == "black" and not s.continuing


def test_no_play_ever_leaves_the_next_player_without_a_placement():
    # docs/rules/rush.md: the pass clause is unreachable in real games
    rng = random.Random(11)
    for _ in range(30):
        s = RUSH.new(levels.load("rush", "9x9"), seed=1)
        while not s.over:
            s, eff = RUSH.play(s, rng.choice(RUSH.legal_moves(s)))
            assert all(e["type"] != "pass" for e in eff)
            assert s.over or RUSH.legal_moves(s)


# --- notation ----------------------------------------------------------------------

def test_notation_names_files_from_the_left_and_ranks_from_the_bottom():
    s = RUSH.new(LEVEL, seed=1)
    assert RUSH.move_text(at(0, 8), s) == "a1"
    assert RUSH.move_text(at(2, 6), s) == "c3"
    assert RUSH.move_text(at(8, 0), s) == "i9"
    assert RUSH.parse_text(" C3 ", s) == at(2, 6)
    big = pos(["." * 25] * 25)
    assert RUSH.move_text(at(24, 0), big) == "y25"


@pytest.mark.parametrize("size", [5, 9, 19, 25])
def test_notation_round_trips_every_point(size):
    s = pos(["." * size] * size)
    names = set()
    for y in range(size):
        for x in range(size):
            text = RUSH.move_text(at(x, y), s)
            names.add(text)
            assert RUSH.parse_text(text, s) == at(x, y)
    assert len(names) == size * size


@pytest.mark.parametrize("text", ["", "c", "3c", "j1", "a0", "a10", "z1", "c3x", "-1"])
def test_parse_text_rejects_bad_names(text):
    with pytest.raises(IllegalMove):
        RUSH.parse_text(text, RUSH.new(LEVEL, seed=1))


# --- JSON -----------------------------------------------------------------------------

@pytest.mark.parametrize("obj", [None, "c3", [2, 3], {}, {"cell": "c3"}, {"cell": [1]},
                                 {"cell": [1, 2, 3]}, {"cell": [1.0, 2]}, {"cell": [True, 2]},
                                 {"cell": ["a", 1]}, {"x": 1, "y": 2}])
def test_parse_move_rejects_malformed_moves(obj):
    with pytest.raises(IllegalMove):
        RUSH.parse_move(obj)


def test_move_json_round_trips():
    assert RUSH.parse_move({"cell": [3, 4]}) == at(3, 4)
    assert RUSH.move_json(at(3, 4)) == {"cell": [3, 4]}


FULL5 = ["WBWBW", "BWBWB", "WBWBW", "BWBWB", "WBWWB"]
E9 = ["." * 9] * 9
FULL9 = [("BW" * 5)[y % 2:y % 2 + 9] for y in range(9)]  # checkerboard, 41 black, 40 white


def row0(text: str) -> list[str]:
    return [text] + E9[1:]


BAD_STATES = [
    ("not a dict", []),
    ("no size", {"board": E9, "to_move": "black"}),
    ("even size", {"size": 8, "board": ["." * 8] * 8, "to_move": "black"}),
    ("size too big", {"size": 27, "board": ["." * 27] * 27, "to_move": "black"}),
    ("size is text", {"size": "9", "board": E9, "to_move": "black"}),
    ("size against level", {"size": 5, "board": ["....."] * 5, "to_move": "black"}),
    ("level not str", {"size": 9, "board": E9, "to_move": "black", "level": 9}),
    ("other level", {"size": 9, "board": E9, "to_move": "black", "level": "11x11"}),
    ("board not a list", {"size": 9, "board": "." * 81, "to_move": "black"}),
    ("too few rows", {"size": 9, "board": E9[:8], "to_move": "black"}),
    ("row too long", {"size": 9, "board": row0("." * 10), "to_move": "black"}),
    ("row not a string", {"size": 9, "board": [[0] * 9] * 9, "to_move": "black"}),
    ("bad character", {"size": 9, "board": row0("..X......"), "to_move": "black"}),
    ("lower case", {"size": 9, "board": row0("..b......"), "to_move": "black"}),
    ("bad player", {"size": 9, "board": E9, "to_move": "red"}),
    ("no to_move", {"size": 9, "board": E9}),
    ("count wrong", {"size": 9, "board": row0("..B......"), "to_move": "white",
                     "count": {"black": 0, "white": 0}}),
    ("count not dict", {"size": 9, "board": E9, "to_move": "black", "count": 0}),
    ("count missing colour", {"size": 9, "board": E9, "to_move": "black", "count": {"black": 0}}),
    ("continuing not bool", {"size": 9, "board": E9, "to_move": "black", "continuing": 1}),
    ("continuing on empty board", {"size": 9, "board": E9, "to_move": "black", "continuing": True}),
    ("continuing, no own stone with enemy contact",
     {"size": 9, "board": [".BB......", ".B.......", "........W"] + E9[3:], "to_move": "black",
      "continuing": True}),
    ("over but not full", {"size": 9, "board": E9, "to_move": None}),
    ("over flag disagrees", {"size": 9, "board": E9, "to_move": "black", "over": True}),
    ("over flag not bool", {"size": 9, "board": E9, "to_move": "black", "over": "no"}),
    ("full but to_move", {"size": 9, "board": FULL9, "to_move": "black"}),
    ("full, continuing", {"size": 9, "board": FULL9, "to_move": None, "continuing": True}),
    ("wrong winner", {"size": 9, "board": FULL9, "to_move": None, "winner": "white"}),
    ("winner while running", {"size": 9, "board": E9, "to_move": "black", "winner": "black"}),
    ("seed not int", {"size": 9, "board": E9, "to_move": "black", "seed": "x"}),
]


@pytest.mark.parametrize("why, obj", BAD_STATES, ids=[w for w, _ in BAD_STATES])
def test_load_state_rejects_inconsistent_states_with_one_sentence(why, obj):
    with pytest.raises(RulesError) as info:
        RUSH.load_state(obj, LEVEL)
    msg = str(info.value)
    assert msg.endswith(".") and "\n" not in msg and len(msg) < 200


def test_the_bad_states_differ_from_good_ones_only_in_their_flaw():
    good = RUSH.load_state({"size": 9, "board": FULL9, "to_move": None, "winner": "black"}, LEVEL)
    assert good.winner == "black" and good.count("black") == 41
    assert RUSH.load_state({"size": 9, "board": row0("..B......"), "to_move": "white",
                            "count": {"black": 1, "white": 0}, "level": "9x9", "seed": 4}, LEVEL).seed == 4


def test_load_state_accepts_a_finished_game_and_a_continuing_turn():
    s = pos(FULL5, to_move=None, winner="white", over=True)
    assert s.over and s.winner == "white"
    c = pos([".....", "..B..", ".WB..", ".....", "....."], continuing=True)
    assert c.continuing and c.to_move == "black"


# --- properties ----------------------------------------------------------------------

@st.composite
def game_states(draw):
    """A position reached by random legal play on a 5, 7 or 9 board (maybe over)."""
    size = draw(st.sampled_from([5, 7, 9]))
    rng = random.Random(draw(st.integers(0, 2**32)))
    steps = draw(st.integers(0, size * size + 10))
    first = draw(st.sampled_from(["black", "white"]))
    s = pos(["." * size] * size, to_move=first)
    for _ in range(steps):
        if s.over:
            break
        s, _ = RUSH.play(s, rng.choice(RUSH.legal_moves(s)))
    return s


@FAST
@given(game_states(), st.integers(0, 2**32))
def test_every_placement_adds_exactly_one_stone_of_the_mover(state, seed):
    rng = random.Random(seed)
    s = state
    for _ in range(10):
        if s.over:
            break
        mover = s.to_move
        move = rng.choice(RUSH.legal_moves(s))
        s2, eff = RUSH.play(s, move)
        i = move.cell[0] + move.cell[1] * s.size
        assert [k for k in range(len(s.board)) if s.board[k] != s2.board[k]] == [i]
        assert s2.board[i] == rush.CODE[mover]
        js = RUSH.state_json(s2)
        assert js["count"] == {p: "".join(js["board"]).count(p[0].upper()) for p in ("black", "white")}
        assert sum(js["count"].values()) == sum(RUSH.state_json(s)["count"].values()) + 1
        # effects: place, then again only after >= 2 connections, end last iff over
        assert eff[0]["type"] == "place" and eff[0]["color"] == mover
        again = any(e["type"] == "again" for e in eff)
        assert again == (s2.continuing and s2.to_move == mover)
        assert not again or eff[0]["connections"] >= 2
        assert (eff[-1]["type"] == "end") == s2.over
        s = s2


@FAST
@given(game_states())
def test_positions_on_small_boards_keep_the_contract_and_load_as_they_were(state):
    """The contract's random games play the shipped boards (9×9 to 19×19); these 5, 7 and 9."""
    contract.check_position(RUSH, state, level_of(state.size), random.Random(state.size))
    assert RUSH.load_state(RUSH.state_json(state), level_of(state.size)) == state  # the very state


@FAST
@given(game_states(), st.lists(st.tuples(st.integers(-3, 12), st.integers(-3, 12)), max_size=8))
def test_legal_moves_are_exactly_the_moves_play_accepts(state, extra):
    legal = set(RUSH.legal_moves(state))
    assert len(legal) == len(RUSH.legal_moves(state))
    candidates = {(x, y) for x in range(-1, state.size + 1) for y in range(-1, state.size + 1)}
    for cell in candidates | set(extra):
        move = Move(cell)
        try:
            RUSH.play(state, move)
            accepted = True
        except IllegalMove:
            accepted = False
        assert accepted == (move in legal), cell
        assert (RUSH.why_illegal(state, move) is None) == accepted
    if not state.over:
        assert legal  # a running game always offers a placement


@FAST
@given(st.sampled_from([5, 7, 9]), st.integers(0, 2**32))
def test_random_games_end_with_a_full_board_and_the_majority_winning(size, seed):
    rng = random.Random(seed)
    s = pos(["." * size] * size)
    for _ in range(size * size):
        s, eff = RUSH.play(s, rng.choice(RUSH.legal_moves(s)))
        if s.over:
            break
    assert s.over and 0 not in s.board
    b, w = s.board.count(1), s.board.count(2)
    assert b + w == size * size and s.winner == ("black" if b > w else "white")
    assert eff[-1] == {"type": "end", "winner": s.winner}


@FAST
@given(game_states(), st.integers(0, 2**32))
def test_random_playout_fills_the_board_following_play(state, seed):
    record: list[int] = []
    end = RUSH._playout(state, random.Random(seed), record)
    assert end.over and 0 not in end.board and not end.continuing
    assert end.winner == ("black" if end.board.count(1) > end.board.count(2) else "white")
    # replaying the playout's placements through play gives the same game
    s = state
    for i in record:
        s, _ = RUSH.play(s, Move((i % s.size, i // s.size)))
    assert s == end
    assert RUSH.random_playout(state, random.Random(seed)) == end


@pytest.mark.parametrize("rows", [
    # few legal points among many empty ones: mostly the full-list fallback
    ["B.B.B", ".B.W.", "B.B.B", ".B.B.", "B.B.B"],
    # about half the empty points legal: both rejection and fallback
    ["B.B..", ".B...", "B.B..", ".....", "....W"],
])
def test_random_playout_chooses_uniformly_among_legal_points(rows):
    s = pos(rows)
    legal = [m.cell[0] + m.cell[1] * 5 for m in RUSH.legal_moves(s)]
    empty = [i for i, c in enumerate(s.board) if c == 0]
    assert 2 <= len(legal) < len(empty)
    rng = random.Random(7)
    trials = 4000
    seen = Counter()
    for _ in range(trials):
        record: list[int] = []
        RUSH._playout(s, rng, record)
        seen[record[0]] += 1
    assert set(seen) == set(legal)
    p = 1 / len(legal)
    sigma = (trials * p * (1 - p)) ** 0.5
    for i in legal:
        assert abs(seen[i] - trials * p) < 4.5 * sigma, (i, seen)


def test_random_playout_of_a_finished_game_is_that_game():
    s = pos(FULL5, to_move=None)
    assert RUSH.random_playout(s, random.Random(1)) is s


# --- the engine protocol ----------------------------------------------------------------

def ask(session: Session, **request) -> dict:
    answer = session.handle_line(json.dumps(request))
    json.dumps(answer)  # every answer is JSON-ready
    return answer


def test_protocol_lists_rush_with_its_levels():
    games = ask(Session(), cmd="games")["games"]
    entry = next(g for g in games if g["id"] == "rush")
    assert entry["levels"] == ["9x9", "11x11", "13x13", "19x19"]


def test_protocol_new_legal_play_and_state():
    s = Session()
    a = ask(s, cmd="new", game="rush", seed=5)
    assert a["ok"] and a["state"]["size"] == 9 and a["state"]["to_move"] == "black"
    assert a["state"]["board"] == ["." * 9] * 9 and a["state"]["continuing"] is False
    assert len(ask(s, cmd="legal")["moves"]) == 81
    a = ask(s, cmd="play", move={"cell": [4, 4]})
    assert a["ok"] and a["effects"] == [{"type": "place", "cell": [4, 4], "color": "black",
                                         "connections": 0}]
    assert a["state"]["to_move"] == "white" and a["state"]["board"][4] == "....B...."
    assert a["state"]["count"] == {"black": 1, "white": 0}
    assert ask(s, cmd="state")["state"] == a["state"]
    a = ask(s, cmd="new", game="rush", level="13x13", first="white")
    assert a["state"]["size"] == 13 and a["state"]["to_move"] == "white"
    assert a["state"]["level"] == "13x13"


def test_protocol_again_and_end_effects():
    s = Session()
    a = ask(s, cmd="load", game="rush", state={"size": 9, "board": FULL9[:8] + ["BWBWBWBW."],
                                                "to_move": "white", "continuing": False})
    # the last point touches two white stones only: white passes at once, black places
    assert a["ok"] and a["state"]["level"] == "9x9" and a["state"]["to_move"] == "black"
    a = ask(s, cmd="play", move={"cell": [8, 8]})
    assert a["effects"] == [{"type": "place", "cell": [8, 8], "color": "black", "connections": 2},
                            {"type": "end", "winner": "black"}]
    assert a["state"]["over"] and a["state"]["winner"] == "black" and a["state"]["to_move"] is None
    assert a["state"]["count"] == {"black": 41, "white": 40}
    assert ask(s, cmd="legal")["moves"] == []
    assert not ask(s, cmd="genmove")["ok"]
    a = ask(s, cmd="load", game="rush", state={"size": 9, "board": [".........", "..B......", ".W......."]
                                                + E9[3:], "to_move": "black"})
    assert a["ok"]
    a = ask(s, cmd="play", move={"cell": [2, 2]})
    assert a["effects"][-1] == {"type": "again"} and a["state"]["continuing"] is True


def test_protocol_load_answers_the_position_given():
    s = Session()
    given_state = RUSH.state_json(pos([".........", "..B......", ".WB......"] + E9[3:], continuing=True))
    a = ask(s, cmd="load", game="rush", state=given_state)
    assert a["ok"] and a["state"] == given_state
    nine = ask(s, cmd="new", game="rush", seed=2)["state"]
    assert ask(s, cmd="load", game="rush", state=nine)["state"] == nine


BAD_MOVES = [None, "c3", [4, 4], {}, {"cell": [4]}, {"cell": [4, 4, 4]}, {"cell": ["e", 5]},
             {"cell": [True, 0]}, {"cell": [4.0, 4]}, {"cell": [9, 0]}, {"cell": [0, -1]},
             {"cell": [2, 2]},   # occupied
             {"cell": [0, 0]},   # corner between two black stones: two own connections
             ]


@pytest.mark.parametrize("move", BAD_MOVES)
def test_protocol_rejects_bad_moves_and_changes_nothing(move):
    s = Session()
    a = ask(s, cmd="load", game="rush", state={"size": 9, "to_move": "black", "board": [
        ".B.......", "B........", "..W......"] + ["." * 9] * 6})
    assert a["ok"]
    before = ask(s, cmd="state")
    a = ask(s, cmd="play", move=move)
    assert a["ok"] is False and isinstance(a["error"], str) and a["error"]
    assert ask(s, cmd="state") == before


def test_protocol_rejects_play_without_move_and_bad_lines():
    s = Session()
    assert not ask(s, cmd="play", move={"cell": [0, 0]})["ok"]  # no game yet
    ask(s, cmd="new", game="rush", seed=1)
    before = ask(s, cmd="state")
    for line in ["{", "[]", '{"cmd":"play"}', '{"cmd":"play","move":null}',
                 '{"cmd":"new","game":"rush","level":"7x7"}', '{"cmd":"new","game":"rush","first":"red"}',
                 '{"cmd":"new","game":"rush","seed":"x"}']:
        a = s.handle_line(line)
        assert a["ok"] is False and a["error"], line
        assert ask(s, cmd="state") == before


@pytest.mark.parametrize("why, obj", BAD_STATES[1:], ids=[w for w, _ in BAD_STATES[1:]])
def test_protocol_rejects_bad_load_states_and_changes_nothing(why, obj):
    s = Session()
    ask(s, cmd="new", game="rush", seed=9)
    ask(s, cmd="play", move={"cell": [0, 0]})
    before = ask(s, cmd="state")
    a = ask(s, cmd="load", game="rush", state=obj)
    assert a["ok"] is False and a["error"]
    assert ask(s, cmd="state") == before
