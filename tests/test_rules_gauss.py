"""GAUSS rules (docs/rules/gauss.md, docs/protocol.md `gauss`): one test per clause, then properties.

Positions are built with ``GAUSS.load_state`` from protocol STATE dicts; an independent
model (tests/gauss_model.py) cross-checks the engine on random games and positions.
Axial coordinates ``(q, r)``; classic is radius 4, so ``(4, 0)`` is a VOID cell and the
six lines out of ``(0, 0)`` run along the directions in ``DIRS`` order.
"""
from __future__ import annotations

import random
import statistics
from collections import Counter

import contract
import gauss_model as model
import pytest
from gauss_model import Model, effect_key
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.content import levels
from game.rules.core import IllegalMove, RulesError
from game.rules.gauss import GAUSS, Move, final_scores

LEVEL_NAMES = ("classic", "small", "large")
LEVELS = {name: levels.load("gauss", name) for name in LEVEL_NAMES}
RADIUS = {"classic": 4, "small": 3, "large": 5}
CLASSIC = LEVELS["classic"]
DIRS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -- helpers ---------------------------------------------------------------------------------
def supplies(board: dict, gain: dict, risk: dict, to_move: str | None) -> dict:
    """A supply split that makes the position reachable: 15 discs per colour in all,
    each player's placements within one of the other's, the mover not ahead, and the
    mover holding both colours when possible."""
    left = {c: 15 - sum(1 for v in board.values() if v == c) - gain[c] - risk[c] for c in model.COLORS}
    best = None
    for a in range(11):  # red's red discs
        for b in range(11):  # blue's blue discs
            rb, br = left["red"] - a, left["blue"] - b  # blue's red, red's blue
            if not (0 <= rb <= 5 and 0 <= br <= 5):
                continue
            placed = {"red": 15 - a - br, "blue": 15 - b - rb}
            if to_move is not None:
                other = model.opponent(to_move)
                if not placed[to_move] <= placed[other] <= placed[to_move] + 1:
                    continue
            elif abs(placed["red"] - placed["blue"]) > 1:
                continue
            sup = {"red": {"red": a, "blue": br}, "blue": {"red": rb, "blue": b}}
            rank = 0 if to_move is None else (sup[to_move]["red"] > 0) + (sup[to_move]["blue"] > 0)
            if best is None or rank > best[0]:
                best = (rank, sup)
    assert best is not None, "no supply split fits this test position"
    return best[1]


def position(board: dict, to_move: str | None = "red", radius: int = 4, level: str = "classic",
             gain: dict | None = None, risk: dict | None = None, supply: dict | None = None) -> dict:
    gain = gain or {"red": 0, "blue": 0}
    risk = risk or {"red": 0, "blue": 0}
    return {"game": "gauss", "level": level, "radius": radius, "to_move": to_move,
            "over": to_move is None, "winner": None,
            "board": [[q, r, c] for (q, r), c in board.items()],
            "supply": supply or supplies(board, gain, risk, to_move), "gain": gain, "risk": risk}


def load(board: dict, **kw):
    level = kw.pop("level_data", CLASSIC)
    return GAUSS.load_state(position(board, **kw), level)


def board_of(state) -> dict:
    return {(q, r): c for q, r, c in GAUSS.state_json(state)["board"]}


def play(state, cell, color):
    return GAUSS.play(state, Move(cell, color))


def slides(effects) -> list[tuple]:
    return [(tuple(e["from"]), tuple(e["to"]), e["color"], e["force"])
            for e in effects if e["type"] == "slide"]


def scores(effects) -> list[tuple]:
    return [(e["color"], sorted(map(tuple, e["gain_cells"])), sorted(map(tuple, e["risk_cells"])))
            for e in effects if e["type"] == "score"]


def random_game(seed: int, level: str = "classic", plies: int | None = None):
    """States and moves of a random game (stops early after ``plies`` moves)."""
    rng = random.Random(seed)
    state = GAUSS.new(LEVELS[level], seed=seed)
    states = [state]
    while not state.over and (plies is None or len(states) <= plies):
        state, _ = GAUSS.play(state, rng.choice(GAUSS.legal_moves(state)))
        states.append(state)
    return states


def totals(js: dict) -> dict:
    """Discs per colour: board + supplies + GAIN + RISK."""
    out = {}
    for c in model.COLORS:
        out[c] = (sum(1 for *_, v in js["board"] if v == c) + js["supply"]["red"][c]
                  + js["supply"]["blue"][c] + js["gain"][c] + js["risk"][c])
    return out


# -- board -----------------------------------------------------------------------------------
@pytest.mark.parametrize("name,cells,gray", [("classic", 61, 37), ("small", 37, 19), ("large", 91, 61)])
def test_board_geometry(name, cells, gray):
    R = RADIUS[name]
    state = GAUSS.new(LEVELS[name], seed=1)
    assert state.radius == R
    legal_cells = {m.cell for m in GAUSS.legal_moves(state)}
    assert len(legal_cells) == gray  # placement only on gray cells: exactly the gray cells
    assert legal_cells == set(model.gray_cells(R))
    assert len(model.all_cells(R)) == cells and len(model.void_cells(R)) == cells - gray
    # every cell of the hexagon is on the board (a disc may stand there), the next ring is not
    for cell in model.all_cells(R):
        assert board_of(load({cell: "red"}, radius=R, level=name, level_data=LEVELS[name])) == {cell: "red"}
    for q in range(-R - 1, R + 2):
        for r in range(-R - 1, R + 2):
            if model.distance((q, r)) == R + 1:
                with pytest.raises(RulesError):
                    load({(q, r): "red"}, radius=R, level=name, level_data=LEVELS[name])


def test_classic_void_ring_is_the_outer_ring():
    state = GAUSS.new(CLASSIC, seed=1)
    geo = state.geo
    void = {c for i, c in enumerate(geo.cells) if geo.void[i]}
    assert len(geo.cells) == 61 and len(void) == 24
    assert void == set(model.void_cells(4))
    assert (4, 0) in void and (-4, 4) in void and (3, 0) not in void and (2, -2) not in void


def test_supply_is_ten_own_and_five_other():
    js = GAUSS.state_json(GAUSS.new(CLASSIC, seed=3))
    assert js["supply"] == {"red": {"red": 10, "blue": 5}, "blue": {"red": 5, "blue": 10}}
    assert js["gain"] == {"red": 0, "blue": 0} and js["risk"] == {"red": 0, "blue": 0}
    assert js["board"] == [] and not js["over"] and js["winner"] is None


# -- placement -------------------------------------------------------------------------------
def test_place_on_empty_gray_cell_with_either_colour():
    state = GAUSS.new(CLASSIC, seed=0, first="blue")
    for color in ("red", "blue"):
        after, effects = play(state, (1, -2), color)
        assert board_of(after) == {(1, -2): color}
        assert effects[0] == {"type": "place", "cell": [1, -2], "color": color}
        sup = GAUSS.state_json(after)["supply"]["blue"]
        assert sup[color] == {"red": 5, "blue": 10}[color] - 1
        assert after.to_move == "red"


@pytest.mark.parametrize("cell,why", [((4, 0), "VOID"), ((0, -4), "VOID"), ((5, 0), "off board"),
                                      ((0, 0), "occupied")])
def test_placement_refused_on_void_off_board_or_occupied(cell, why):
    state = load({(0, 0): "blue"}, to_move="red")
    for color in ("red", "blue"):
        with pytest.raises(IllegalMove):
            play(state, cell, color)
        assert not GAUSS.is_legal(state, Move(cell, color))


def test_placement_needs_a_disc_of_that_colour_still_held():
    # red holds 3 red and no blue; 4 discs of each colour on the board, 8 of each in GAIN
    sup = {"red": {"red": 3, "blue": 0}, "blue": {"red": 0, "blue": 3}}
    board = {(0, -3): "red", (1, -3): "red", (-3, 0): "red", (3, 0): "red",
             (-1, 3): "blue", (0, 3): "blue", (2, 1): "blue", (-3, 1): "blue"}
    state = GAUSS.load_state(position(board, "red", supply=sup, gain={"red": 8, "blue": 8}), CLASSIC)
    with pytest.raises(IllegalMove, match="no blue"):
        play(state, (0, 0), "blue")
    assert {m.color for m in GAUSS.legal_moves(state)} == {"red"}
    play(state, (0, 0), "red")  # the colour still held works


# -- the six lines: nearest disc only --------------------------------------------------------
def test_only_the_nearest_disc_of_a_line_is_affected():
    # blue (2,0) is attracted, blue (3,0) behind it stays; red (-1,0) is repelled up to
    # red (-3,0), which stays
    state = load({(2, 0): "blue", (3, 0): "blue", (-1, 0): "red", (-3, 0): "red"})
    after, effects = play(state, (0, 0), "red")
    assert slides(effects) == [((2, 0), (1, 0), "blue", "attract"), ((-1, 0), (-2, 0), "red", "repel")]
    assert board_of(after) == {(0, 0): "red", (1, 0): "blue", (3, 0): "blue", (-2, 0): "red", (-3, 0): "red"}


def test_repulsion_stops_before_the_next_disc():
    state = load({(1, 0): "red", (3, 0): "blue"})
    after, effects = play(state, (0, 0), "red")
    assert slides(effects) == [((1, 0), (2, 0), "red", "repel")]
    assert board_of(after) == {(0, 0): "red", (2, 0): "red", (3, 0): "blue"}


def test_repulsion_blocked_at_once_does_not_move():
    state = load({(0, -1): "blue", (0, -2): "red"})
    after, effects = play(state, (0, 0), "blue")
    assert slides(effects) == []
    assert board_of(after) == {(0, 0): "blue", (0, -1): "blue", (0, -2): "red"}


def test_repulsion_stops_on_the_first_void_cell():
    state = load({(-1, 1): "blue"})
    after, effects = play(state, (0, 0), "blue")
    assert slides(effects) == [((-1, 1), (-4, 4), "blue", "repel")]
    assert board_of(after) == {(0, 0): "blue", (-4, 4): "blue"}


def test_repulsion_from_near_the_edge_enters_the_void():
    state = load({(3, -1): "red"}, to_move="blue")
    after, effects = play(state, (2, -1), "red")
    assert slides(effects) == [((3, -1), (4, -1), "red", "repel")]
    assert board_of(after) == {(2, -1): "red", (4, -1): "red"} and model.is_void((4, -1), 4)


def test_repelled_disc_on_void_does_not_move():
    state = load({(4, 0): "red", (0, 4): "red"})
    after, effects = play(state, (0, 0), "red")
    assert slides(effects) == []
    assert board_of(after) == {(0, 0): "red", (4, 0): "red", (0, 4): "red"}


def test_attraction_moves_inward_until_adjacent():
    state = load({(0, 3): "blue", (-2, 0): "red"})
    after, effects = play(state, (0, 0), "red")
    assert slides(effects) == [((-2, 0), (-4, 0), "red", "repel"), ((0, 3), (0, 1), "blue", "attract")]
    assert board_of(after) == {(0, 0): "red", (-4, 0): "red", (0, 1): "blue"}


def test_attraction_of_an_adjacent_disc_does_not_move_it():
    state = load({(1, -1): "blue", (-1, 1): "blue"})
    after, effects = play(state, (0, 0), "red")
    assert slides(effects) == []
    assert [e["type"] for e in effects] == ["place"]
    assert board_of(after) == {(0, 0): "red", (1, -1): "blue", (-1, 1): "blue"}


def test_attraction_pulls_a_disc_out_of_the_void():
    state = load({(-4, 0): "blue"})
    after, effects = play(state, (0, 0), "red")
    assert slides(effects) == [((-4, 0), (-1, 0), "blue", "attract")]
    assert board_of(after) == {(0, 0): "red", (-1, 0): "blue"}


def test_all_six_lines_at_once_in_direction_order():
    # one disc per line, at distance 2: red ones are repelled, blue ones attracted
    board = {(2 * dq, 2 * dr): ("red" if k % 2 == 0 else "blue") for k, (dq, dr) in enumerate(DIRS)}
    state = load(board)
    after, effects = play(state, (0, 0), "red")
    expected = []
    for k, (dq, dr) in enumerate(DIRS):
        if k % 2 == 0:
            expected.append(((2 * dq, 2 * dr), (4 * dq, 4 * dr), "red", "repel"))
        else:
            expected.append(((2 * dq, 2 * dr), (dq, dr), "blue", "attract"))
    # docs/rules/gauss.md: "Direction order, wherever an order is needed"
    assert slides(effects) == expected
    assert board_of(after) == {(0, 0): "red"} | {s[1]: s[2] for s in expected}


def test_trigger_of_the_other_colour_flips_the_forces():
    state = load({(0, 2): "red", (2, 0): "blue"}, to_move="red")
    after, effects = play(state, (0, 0), "blue")  # red places a blue disc
    assert set(slides(effects)) == {((0, 2), (0, 1), "red", "attract"), ((2, 0), (4, 0), "blue", "repel")}


# -- scoring ---------------------------------------------------------------------------------
def both_colours_position():
    red = {(1, 0): "red", (1, -1): "red", (2, -1): "red"}
    blockers = {(2, 0): "blue", (2, -2): "blue"}
    blue = {(-1, -1): "blue", (-2, -1): "blue", (-3, 0): "blue", (-2, 1): "blue"}
    return red | blockers | blue


def test_groups_of_both_colours_score_at_once_whoever_moved():
    state = load(both_colours_position(), to_move="blue")  # blue moves, places a red disc
    after, effects = play(state, (0, 0), "red")
    assert slides(effects) == [((-3, 0), (-1, 0), "blue", "attract")]
    got = {e["color"]: e for e in effects if e["type"] == "score"}
    assert set(got) == {"red", "blue"}
    assert sorted(map(tuple, got["red"]["gain_cells"])) == [(0, 0), (1, -1), (1, 0), (2, -1)]
    assert sorted(map(tuple, got["blue"]["gain_cells"])) == [(-2, -1), (-2, 1), (-1, -1), (-1, 0)]
    assert got["red"]["risk_cells"] == [] and got["blue"]["risk_cells"] == []
    js = GAUSS.state_json(after)
    assert js["gain"] == {"red": 4, "blue": 4} and js["risk"] == {"red": 0, "blue": 0}
    assert board_of(after) == {(2, 0): "blue", (2, -2): "blue"}  # no chain reaction
    assert totals(js) == {"red": 15, "blue": 15}


def test_group_of_three_does_not_score():
    board = both_colours_position()
    del board[(2, -1)]
    del board[(-2, 1)]
    after, effects = play(load(board, to_move="blue"), (0, 0), "red")
    assert scores(effects) == []
    assert GAUSS.state_json(after)["gain"] == {"red": 0, "blue": 0}


def test_gray_discs_go_to_gain_void_discs_to_risk():
    board = {(3, -1): "red", (4, -1): "red", (4, -2): "red", (3, -2): "blue"}
    after, effects = play(load(board), (3, 0), "red")
    assert slides(effects) == []
    assert scores(effects) == [("red", [(3, -1), (3, 0)], [(4, -2), (4, -1)])]
    js = GAUSS.state_json(after)
    assert js["gain"] == {"red": 2, "blue": 0} and js["risk"] == {"red": 2, "blue": 0}
    assert board_of(after) == {(3, -2): "blue"}


def test_group_formed_by_a_repelled_disc_scores():
    # red trigger at (0,0) pushes red (0,-1) out to the VOID cell (0,-4), next to the
    # red VOID discs (1,-4), (2,-4) and the gray (1,-3): a group of four
    board = {(0, -1): "red", (1, -4): "red", (2, -4): "red", (1, -3): "red"}
    after, effects = play(load(board, to_move="blue"), (0, 0), "red")
    assert slides(effects) == [((0, -1), (0, -4), "red", "repel")]
    assert scores(effects) == [("red", [(1, -3)], [(0, -4), (1, -4), (2, -4)])]
    js = GAUSS.state_json(after)
    assert js["gain"]["red"] == 1 and js["risk"]["red"] == 3 and board_of(after) == {(0, 0): "red"}


def test_no_chain_reaction_after_scoring():
    # the red group of four (trigger included) scores and leaves the board; the discs
    # around the emptied cells stay where they are: nothing is attracted or repelled again
    board = {(1, 0): "red", (2, 0): "blue", (1, -1): "red", (2, -2): "blue", (2, -1): "red",
             (-3, 0): "blue", (-2, 2): "red", (-3, 3): "red"}
    after, effects = play(load(board, to_move="blue"), (0, 0), "red")
    assert [e["type"] for e in effects] == ["place", "slide", "score"]
    assert board_of(after) == {(2, 0): "blue", (2, -2): "blue", (-1, 0): "blue", (-2, 2): "red",
                               (-3, 3): "red"}


# -- effects exactly as docs/protocol.md ----------------------------------------------------------
def test_effect_shapes_and_order():
    state = load(both_colours_position(), to_move="blue")
    _, effects = play(state, (0, 0), "red")
    assert effects[0] == {"type": "place", "cell": [0, 0], "color": "red"}
    kinds = [e["type"] for e in effects]
    assert kinds == ["place", "slide", "score", "score"]
    for e in effects:
        if e["type"] == "slide":
            assert set(e) == {"type", "from", "to", "color", "force"}
            assert e["force"] in ("attract", "repel")
        if e["type"] == "score":
            assert set(e) == {"type", "color", "gain_cells", "risk_cells"}
            for c in e["gain_cells"] + e["risk_cells"]:
                assert isinstance(c, list) and len(c) == 2


# -- the end ---------------------------------------------------------------------------------
def test_game_ends_when_both_players_placed_all_fifteen():
    states = random_game(11)
    for s in states[:-1]:
        assert not s.over and s.winner is None
    last = states[-1]
    js = GAUSS.state_json(last)
    assert last.over and js["to_move"] is None and js["winner"] in ("red", "blue", "draw")
    assert len(states) == 31
    assert all(v == 0 for p in js["supply"].values() for v in p.values())
    assert set(js["final"]) == {"red", "blue"}
    assert GAUSS.legal_moves(last) == []
    with pytest.raises(IllegalMove):
        GAUSS.play(last, Move((0, 0), "red"))


def test_last_disc_ends_the_game_with_an_end_effect():
    sup = {"red": {"red": 0, "blue": 0}, "blue": {"red": 0, "blue": 1}}
    board = {(q, -3): "red" for q in (-1, 0, 1)} | {(-3, 3): "blue", (-2, 3): "blue", (3, -1): "blue"}
    gain = {"red": 12, "blue": 11}
    state = GAUSS.load_state(position(board, "blue", supply=sup, gain=gain), CLASSIC)
    assert not state.over
    after, effects = play(state, (0, 0), "blue")
    assert after.over and effects[-1] == {"type": "end", "winner": after.winner}
    assert after.winner == "red"  # 12 against 11


def tiny_level():
    return {"format": 1, "game": "gauss", "name": "tiny", "title": "Tiny", "radius": 2}


def test_game_ends_when_the_player_to_move_has_no_empty_gray_cell():
    # radius 2: seven gray cells; red's trigger fills the last one and nothing moves or scores
    board = {(1, -1): "blue", (0, 0): "blue", (0, 1): "blue",
             (0, -1): "red", (-1, 0): "red", (-1, 1): "red"}
    state = load(board, to_move="red", radius=2, level="tiny", level_data=tiny_level())
    assert not state.over
    after, effects = play(state, (1, 0), "red")
    assert [e["type"] for e in effects] == ["place", "end"]
    js = GAUSS.state_json(after)
    assert after.over and sum(js["supply"]["blue"].values()) > 0  # blue still holds discs
    assert js["winner"] == effects[-1]["winner"] == "draw"  # nothing scored, no VOID discs


def test_loaded_position_without_empty_gray_cell_is_over():
    # radius 2: the centre and a ring of six; ring c d d c d d around a c centre has no group of 4
    ring = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    board = {(0, 0): "red"}
    board.update({cell: ("red" if k % 3 == 0 else "blue") for k, cell in enumerate(ring)})
    state = load(board, to_move="blue", radius=2, level="tiny", level_data=tiny_level())
    assert state.over and GAUSS.legal_moves(state) == []
    assert "final" in GAUSS.state_json(state)


def test_loaded_position_with_an_unscored_group_is_refused():
    board = {(0, 0): "red", (1, 0): "red", (2, 0): "red", (0, 1): "red"}
    with pytest.raises(RulesError, match="group of 4"):
        load(board, to_move="red", radius=4, level="classic", level_data=LEVELS["classic"])


# -- final count and tie-breaks --------------------------------------------------------------
@pytest.mark.parametrize("gain,risk,void,final,winner,rule", [
    # the seed's three worked examples
    ((8, 9), (3, 2), (2, 2), (8, 9), "blue", "score"),
    ((8, 9), (3, 1), (2, 3), (8, 8), "red", "void"),
    ((8, 8), (3, 2), (2, 2), (8, 8), "blue", "risk"),
    # risk tie-break in red's favour, the full draw, and each side subtracting
    ((5, 5), (1, 4), (0, 0), (5, 5), "red", "risk"),
    ((6, 6), (2, 2), (1, 1), (6, 6), "draw", "draw"),
    ((10, 4), (7, 0), (3, 1), (3, 4), "blue", "score"),
    ((4, 10), (0, 7), (1, 3), (4, 3), "red", "score"),
    ((4, 4), (0, 0), (0, 2), (4, 4), "red", "void"),
])
def test_final_scores(gain, risk, void, final, winner, rule):
    assert final_scores(gain, risk, void) == (final, winner, rule)
    m_final, m_winner = model.score(dict(zip(model.COLORS, gain, strict=True)),
                                    dict(zip(model.COLORS, risk, strict=True)),
                                    dict(zip(model.COLORS, void, strict=True)))
    assert (m_final["red"], m_final["blue"], m_winner) == (*final, winner)


def test_final_count_of_a_finished_position():
    # seed example 2 as a position: red 8 GAIN 3 RISK 2 on VOID, blue 9 GAIN 1 RISK 3 on VOID
    board = {(4, 0): "red", (-4, 0): "red", (0, 0): "red", (1, 1): "red",
             (0, 4): "blue", (0, -4): "blue", (4, -4): "blue", (-1, -1): "blue", (-2, 1): "blue"}
    state = load(board, to_move=None, gain={"red": 8, "blue": 9}, risk={"red": 3, "blue": 1},
                 supply={"red": {"red": 0, "blue": 0}, "blue": {"red": 0, "blue": 0}})
    js = GAUSS.state_json(state)
    assert js["over"] and js["final"] == {"red": 8, "blue": 8} and js["winner"] == "red"
    assert GAUSS.outcome(state).reason == "void"


# -- start player ----------------------------------------------------------------------------
def test_start_player_is_seeded_and_first_overrides():
    starts = {seed: GAUSS.new(CLASSIC, seed=seed).to_move for seed in range(40)}
    assert set(starts.values()) == {"red", "blue"}
    for seed, who in starts.items():
        assert GAUSS.new(CLASSIC, seed=seed).to_move == who
        assert GAUSS.new(CLASSIC, seed=seed, first="red").to_move == "red"
        assert GAUSS.new(CLASSIC, seed=seed, first="blue").to_move == "blue"
    with pytest.raises(RulesError):
        GAUSS.new(CLASSIC, seed=1, first="green")


# -- notation --------------------------------------------------------------------------------
@pytest.mark.parametrize("name", LEVEL_NAMES)
def test_notation_round_trips_for_every_cell(name):
    state = GAUSS.new(LEVELS[name], seed=0)
    texts = set()
    for cell in model.all_cells(RADIUS[name]):
        for color in model.COLORS:
            move = Move(cell, color)
            text = GAUSS.move_text(move, state)
            texts.add(text)
            assert GAUSS.parse_text(text, state) == move
            assert GAUSS.parse_text(text.lower(), state) == move
    assert len(texts) == 2 * len(model.all_cells(RADIUS[name]))  # all distinct
    with pytest.raises(IllegalMove):
        GAUSS.parse_text("Rz9", state)
    with pytest.raises(IllegalMove):
        GAUSS.parse_text("Ge5", state)


def test_notation_centre_is_e5_on_classic():
    state = GAUSS.new(CLASSIC, seed=0)
    assert GAUSS.move_text(Move((0, 0), "red"), state) == "Re5"
    assert GAUSS.move_text(Move((-4, 4), "blue"), state) == "Ba1"


# -- properties ------------------------------------------------------------------------------
@FAST
@given(st.integers(0, 2**32 - 1), st.sampled_from(LEVEL_NAMES))
def test_discs_conserved_and_play_keeps_the_contract(seed, name):
    rng = random.Random(seed)
    state = GAUSS.new(LEVELS[name], seed=seed)
    plies = 0
    while not state.over:
        state, _ = contract.check_play(GAUSS, state, rng.choice(GAUSS.legal_moves(state)))  # input untouched
        plies += 1
        assert totals(GAUSS.state_json(state)) == {"red": 15, "blue": 15}
        assert plies <= 30
    assert plies == 30  # both players place all 15 discs (no level can run out of gray cells)


@FAST
@given(st.integers(0, 2**32 - 1), st.sampled_from(LEVEL_NAMES), st.integers(0, 30))
def test_positions_keep_the_contract_and_load_as_they_were(seed, name, plies):
    state = random_game(seed, name, plies)[-1]
    contract.check_position(GAUSS, state, LEVELS[name], random.Random(seed))  # JSON round trips
    assert GAUSS.load_state(GAUSS.state_json(state), LEVELS[name]) == state  # the very state


@FAST
@given(st.integers(0, 2**32 - 1), st.sampled_from(LEVEL_NAMES), st.integers(0, 30))
def test_legal_moves_is_exactly_what_play_accepts(seed, name, plies):
    state = random_game(seed, name, plies)[-1]
    R = RADIUS[name]
    legal = set(GAUSS.legal_moves(state))
    assert len(legal) == len(GAUSS.legal_moves(state))  # no duplicates
    assert {(m.cell, m.color) for m in legal} == Model.from_json(GAUSS.state_json(state)).legal()
    for q in range(-R - 1, R + 2):
        for r in range(-R - 1, R + 2):
            for color in model.COLORS:
                move = Move((q, r), color)
                try:
                    GAUSS.play(state, move)
                    accepted = True
                except IllegalMove:
                    accepted = False
                assert accepted == (move in legal), move


def play_both(m: Model, state, move):
    nxt, effects = GAUSS.play(state, move)
    m2, m_effects = m.play(move.cell, move.color)
    js = GAUSS.state_json(nxt)
    assert {tuple(c[:2]): c[2] for c in js["board"]} == m2.board
    assert js["gain"] == m2.gain and js["risk"] == m2.risk and js["supply"] == m2.supply
    assert js["to_move"] == m2.to_move and js["winner"] == m2.winner
    assert js.get("final") == m2.final
    assert Counter(map(effect_key, effects)) == Counter(map(effect_key, m_effects))
    return m2, nxt, effects


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(LEVEL_NAMES))
def test_engine_agrees_with_model_on_random_games(seed, name):
    rng = random.Random(seed)
    state = GAUSS.new(LEVELS[name], seed=seed)
    m = Model.new(RADIUS[name], state.to_move)
    while not state.over:
        m, state, _ = play_both(m, state, rng.choice(GAUSS.legal_moves(state)))
    assert m.over


@st.composite
def scattered_positions(draw):
    """Random reachable-looking positions: discs anywhere (VOID included), no group of 4."""
    name = draw(st.sampled_from(LEVEL_NAMES))
    R = RADIUS[name]
    cells = model.all_cells(R)
    n_red = draw(st.integers(0, 10))
    n_blue = draw(st.integers(0, 10))
    picks = draw(st.permutations(cells))[: n_red + n_blue]
    board = {c: ("red" if i < n_red else "blue") for i, c in enumerate(picks)}
    # drop discs until no group of four or more is left (the engine only scores new groups)
    while True:
        big = [g for _, g in Model(R, board, {}, {}, {}, None).groups() if len(g) >= 4]
        if not big:
            break
        del board[min(big[0])]
    to_move = draw(st.sampled_from(model.COLORS))
    return name, board, to_move


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scattered_positions(), st.integers(0, 2**32 - 1))
def test_engine_agrees_with_model_on_scattered_positions(pos, seed):
    name, board, to_move = pos
    R = RADIUS[name]
    state = load(board, to_move=to_move, radius=R, level=name, level_data=LEVELS[name])
    m = Model.from_json(GAUSS.state_json(state))
    rng = random.Random(seed)
    for _ in range(4):
        if state.over:
            break
        m, state, _ = play_both(m, state, rng.choice(GAUSS.legal_moves(state)))


@FAST
@given(st.integers(0, 2**32 - 1), st.sampled_from(LEVEL_NAMES), st.integers(0, 30))
def test_random_playout_ends_in_a_consistent_final_state(seed, name, plies):
    start = random_game(seed, name, plies)[-1]
    before = GAUSS.state_json(start)
    # its start untouched, its end keeps the contract (JSON round trips, outcome, no moves)
    final = contract.check_playout(GAUSS, start, LEVELS[name], random.Random(seed))
    js = GAUSS.state_json(final)
    assert final.over and js["to_move"] is None and final.ply == 30
    assert all(v == 0 for p in js["supply"].values() for v in p.values())
    assert totals(js) == {"red": 15, "blue": 15}
    m = Model.from_json(js)
    assert all(len(g) < 4 for _, g in m.groups())  # every group of four has scored
    for c in model.COLORS:
        assert js["gain"][c] + js["risk"][c] in (0,) + tuple(range(4, 16))
        assert js["gain"][c] + js["risk"][c] >= before["gain"][c] + before["risk"][c]
    expected_final, expected_winner = model.score(js["gain"], js["risk"],
                                                  {c: m.void_count(c) for c in model.COLORS})
    assert js["final"] == expected_final and js["winner"] == expected_winner


def test_random_playout_matches_play_on_average():
    """random_playout draws uniformly over the legal (cell, colour) pairs, like a random game
    through ``play``: over 300 fixed seeds the mean GAIN, RISK and VOID totals must agree
    within five standard errors (deterministic: the seeds are fixed)."""
    def totals_of(state):
        js = GAUSS.state_json(state)
        void = sum(1 for q, r, _ in js["board"] if model.is_void((q, r), 4))
        return sum(js["gain"].values()), sum(js["risk"].values()), void

    fast = [totals_of(GAUSS.random_playout(GAUSS.new(CLASSIC, seed=s), random.Random(s))) for s in range(300)]
    slow = [totals_of(random_game(10_000 + s)[-1]) for s in range(300)]
    for k, what in enumerate(("gain", "risk", "void")):
        a, b = [t[k] for t in fast], [t[k] for t in slow]
        se = (statistics.pvariance(a) / len(a) + statistics.pvariance(b) / len(b)) ** 0.5
        assert abs(statistics.mean(a) - statistics.mean(b)) < 5 * se + 0.05, what
