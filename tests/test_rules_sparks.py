"""Gauss: Sparks & Surges (docs/rules/sparks.md, docs/protocol.md ``sparks``): one test per rule
clause, the subtle cases, perft regression cross-checked by a naive second move
generator written here, property tests, the protocol, and a slow soak."""
from __future__ import annotations

import json
import random

import contract
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.catalogue import game as get
from game.content import levels
from game.protocol.engine import Session
from game.rules import sparks
from game.rules.core import IllegalMove, RulesError
from game.rules.sparks import SPARKS, SQ, Move

LEVEL = levels.load("sparks")
START = SPARKS.new(LEVEL, seed=1)
ALL_SQUARES = [f"{f}{r}" for f in "abcdefgh" for r in range(1, 9)]
CORNERS = {"a1", "h1", "a8", "h8"}


def pos(board: dict[str, str], to_move: str = "white", diag: bool = True, quiet: int = 0):
    """A position from ``{"b1": "WU", ...}`` through load_state."""
    return SPARKS.load_state({"board": board, "to_move": to_move, "quiet_plies": quiet,
                              "gate_diagonals": diag, "level": "classic"}, LEVEL)


def play(state, text: str):
    return SPARKS.play(state, SPARKS.parse_text(text, state))


def targets(state, frm: str) -> set[str]:
    return {m.to for m in SPARKS.legal_moves(state) if m.frm == frm}


def board_of(state) -> dict[str, str]:
    return SPARKS.state_json(state)["board"]


# --- a deliberately naive second implementation (dict board, definitions only) ---

FILES = "abcdefgh"


def _xy(name: str) -> tuple[int, int]:
    return FILES.index(name[0]), int(name[1]) - 1


def _name(x: int, y: int) -> str | None:
    return f"{FILES[x]}{y + 1}" if 0 <= x < 8 and 0 <= y < 8 else None


def _lines(diag: bool) -> list[tuple[int, int]]:
    return [(1, 0), (0, 1)] + ([(1, 1), (1, -1)] if diag else [])


def _king(name: str) -> list[str]:
    x, y = _xy(name)
    return [n for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx or dy) and (n := _name(x + dx, y + dy))]


def _is_gate(code: str | None, colour: str) -> bool:
    return code is not None and code[0] == colour and code[1] in "SU"


def naive_gated_square(board: dict[str, str], name: str, mover: str, diag: bool) -> bool:
    enemy = "B" if mover == "W" else "W"
    if name in board:
        return False
    x, y = _xy(name)
    for dx, dy in _lines(diag):
        a, b = _name(x + dx, y + dy), _name(x - dx, y - dy)
        if a and b and _is_gate(board.get(a), enemy) and _is_gate(board.get(b), enemy):
            return True
    return False


def naive_legal(board: dict[str, str], frm: str, to: str, diag: bool) -> bool:
    code = board[frm]
    mover, kind = code[0], code[1]
    enemy = "B" if mover == "W" else "W"
    target = board.get(to)
    (fx, fy), (tx, ty) = _xy(frm), _xy(to)
    dx, dy = tx - fx, ty - fy
    if frm == to:
        return False
    king = max(abs(dx), abs(dy)) == 1
    if kind == "D":
        return king and (target is None or target[0] == enemy)
    if kind == "I":
        return king and (target is None or target == enemy + "I")
    if target is not None:
        return False
    if abs(dx) == 1 and abs(dy) == 1:
        return True
    if dx == 0 or dy == 0:
        sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
        between = [_name(fx + sx * i, fy + sy * i) for i in range(1, max(abs(dx), abs(dy)))]
        if all(p not in board and not naive_gated_square(board, p, mover, diag) for p in between):
            return True
    if kind == "U":
        net, todo = {frm}, [frm]
        while todo:
            for n in _king(todo.pop()):
                if n not in net and n in board and board[n][1] in "SU":
                    net.add(n)
                    todo.append(n)
        if len(net) >= 2 and any(to in _king(m) for m in net):
            return True
    return False


def naive_moves(board: dict[str, str], mover: str, diag: bool) -> set[tuple[str, str]]:
    return {(f, t) for f, code in board.items() if code[0] == mover for t in ALL_SQUARES
            if naive_legal(board, f, t, diag)}


def naive_gated_along(board: dict[str, str], name: str, dx: int, dy: int) -> bool:
    colour = board[name][0]
    enemy = "B" if colour == "W" else "W"
    for sx, sy in ((dx, dy), (-dx, -dy)):
        x, y = _xy(name)
        while True:
            x, y = x + sx, y + sy
            n = _name(x, y)
            if n is None or n not in board:
                return False
            if board[n][0] != colour:
                if not _is_gate(board[n], enemy):
                    return False
                break
    return True


def naive_apply(board: dict[str, str], frm: str, to: str, diag: bool) -> dict[str, str]:
    b = dict(board)
    b[to] = b.pop(frm)
    gated = {n for n in b for dx, dy in _lines(diag) if naive_gated_along(b, n, dx, dy)}
    for n in gated:
        del b[n]
    if to in CORNERS and to in b:
        del b[to]
    return b


def naive_perft(board: dict[str, str], mover: str, depth: int, diag: bool) -> int:
    moves = naive_moves(board, mover, diag)
    if depth == 1:
        return len(moves)
    other = "B" if mover == "W" else "W"
    return sum(naive_perft(naive_apply(board, f, t, diag), other, depth - 1, diag) for f, t in moves)


def perft(state, depth: int) -> int:
    moves = SPARKS.legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(SPARKS.play(state, m)[0], depth - 1) for m in moves)


def random_state(seed: int, plies: int, diag: bool = True):
    """The position after up to ``plies`` random moves from the classic start."""
    rng = random.Random(seed)
    state = SPARKS.new(LEVEL, seed=seed, options={"gate_diagonals": diag})
    for _ in range(plies):
        if state.over:
            break
        state, _ = SPARKS.play(state, rng.choice(SPARKS.legal_moves(state)))
    return state


# --- setup and levels ----------------------------------------------------------------


def test_classic_setup_white_moves_first():
    assert get("sparks") is SPARKS
    b = board_of(START)
    assert START.to_move == "white" and not START.over and START.winner is None
    assert b["b1"] == "WU" and b["c1"] == "WD" and b["d1"] == "WI" and b["g1"] == "WU"
    assert b["d8"] == "BI" and b["e8"] == "BD" and b["b7"] == "BS" and b["g2"] == "WS"
    assert len(b) == 24 and START.gate_diagonals is True
    assert SPARKS.state_json(START)["quiet_plies"] == 0


def test_first_and_gate_diagonals_option():
    s = SPARKS.new(LEVEL, seed=3, first="black", options={"gate_diagonals": False})
    assert s.to_move == "black" and s.gate_diagonals is False
    assert SPARKS.state_json(s)["gate_diagonals"] is False
    with pytest.raises(RulesError):
        SPARKS.new(LEVEL, options={"gate_diagonals": "no"})
    with pytest.raises(RulesError):
        SPARKS.new(LEVEL, options={"colour": 1})
    with pytest.raises(RulesError):
        SPARKS.new(LEVEL, first="red")


def test_level_gate_diagonals_false_is_the_default_it_sets():
    level = {**LEVEL, "gate_diagonals": False}
    assert SPARKS.new(level, seed=1).gate_diagonals is False
    assert SPARKS.new(level, seed=1, options={"gate_diagonals": True}).gate_diagonals is True


@pytest.mark.parametrize("bad", [
    {"setup": {"d1": "WI", "d8": "BI", "a1": "WS"}},            # a corner
    {"setup": {"d1": "WI", "d8": "BI", "z9": "WS"}},            # no such square
    {"setup": {"d1": "WI", "d8": "BI", "d4": "WX"}},            # no such piece
    {"setup": {"d1": "WI"}},                                    # black has no IC
    {"setup": {"d1": "WI", "d8": "BI", "d4": "WS", "e4": "BD", "f4": "WS"}},  # gated
    {"setup": {"d1": "WI", "d8": "BI"}, "gate_diagonals": 1},
])
def test_check_level_refuses_bad_levels(bad):
    with pytest.raises(RulesError):
        SPARKS.check_level({**LEVEL, **bad})


# --- moves -------------------------------------------------------------------------------

BARE = {"b3": "WI", "g6": "BI"}
ICS = {**BARE, "h5": "BD"}  # the ICs and enough material to play on


def test_spark_slides_along_rank_and_file_and_steps_diagonally():
    s = pos({**ICS, "d4": "WS"})
    assert targets(s, "d4") == {"d1", "d2", "d3", "d5", "d6", "d7", "d8", "a4", "b4", "c4", "e4", "f4",
                                "g4", "h4", "c3", "e3", "c5", "e5"}


def test_spark_is_stopped_by_pieces_and_never_lands_on_one():
    s = pos({**ICS, "d4": "WS", "d6": "BD", "b4": "WD", "e5": "BS", "c3": "WS"})
    t = targets(s, "d4")
    assert "d5" in t and "d6" not in t and "d7" not in t      # blocked by an enemy, no capture
    assert "c4" in t and "b4" not in t and "a4" not in t      # blocked by its own piece
    assert "e5" not in t and "c3" not in t and "e3" in t      # diagonal steps only onto empty squares
    assert not {"d4", "f6", "b6"} & t                         # two diagonal steps: no
    assert "blocked on d6" in SPARKS.why_illegal(s, Move("d4", "d7"))
    assert "never lands" in SPARKS.why_illegal(s, Move("d4", "e5"))


def test_slide_cannot_pass_through_an_enemy_gated_square_but_may_stop_on_it():
    s = pos({**ICS, "d2": "WS", "c4": "BS", "e4": "BS"})   # d4 is gated by black
    t = targets(s, "d2")
    assert {"d3", "d4"} <= t and not {"d5", "d6", "d7", "d8"} & t
    assert "gated by black" in SPARKS.why_illegal(s, Move("d2", "d6"))
    after, effects = SPARKS.play(s, Move("d2", "d4"))          # stopping on it: the Spark dies
    assert effects[1] == {"type": "gated", "squares": ["d4"], "pieces": ["WS"]}
    assert "d4" not in board_of(after)


def test_own_gated_square_does_not_block():
    s = pos({**ICS, "d2": "WS", "c4": "WS", "e4": "WS"})
    assert "d8" in targets(s, "d2")


def test_diagonal_gated_square_blocks_only_with_gate_diagonals():
    board = {**ICS, "d2": "WS", "c3": "BS", "e5": "BS"}        # d4 between c3 and e5 on a diagonal
    assert "d5" not in targets(pos(board), "d2") and "d4" in targets(pos(board), "d2")
    assert "d8" in targets(pos(board, diag=False), "d2")


def test_gates_do_not_stop_diagonal_steps_degaussers_or_ics():
    s = pos({"b3": "WI", "g6": "BI", "e3": "WS", "c4": "BS", "e4": "BS", "c3": "WD"})
    assert "d4" in targets(s, "e3") and "d4" in targets(s, "c3")
    _, effects = SPARKS.play(s, Move("c3", "d4"))
    assert effects[1] == {"type": "gated", "squares": ["d4"], "pieces": ["WD"]}


def test_surge_moves_like_a_spark_without_a_network():
    s = pos({**ICS, "d4": "WU"})
    assert targets(s, "d4") == targets(pos({**ICS, "d4": "WS"}), "d4")


def test_surge_conducts_through_a_mixed_colour_network():
    board = {"b1": "WI", "h3": "BI", "b2": "WU", "c3": "BS", "d4": "BS", "e4": "WS", "f5": "WS"}
    s = pos(board)
    # network b2 c3 d4 e4 f5; a Spark on b2 would reach these:
    spark = {"b3", "b4", "b5", "b6", "b7", "b8", "c2", "d2", "e2", "f2", "g2", "h2", "a2", "a1", "a3", "c1"}
    network = {"a1", "a2", "a3", "b3", "c1", "c2", "b4", "c4", "d3", "d2", "c5", "d5", "e5", "e3", "f3",
               "f4", "e6", "f6", "g6", "g5", "g4"}
    t = targets(s, "b2")
    assert t == spark | network
    assert "g6" in t and "h7" not in t and "h5" not in t
    _, effects = SPARKS.play(s, Move("b2", "g6"))
    assert effects[0] == {"type": "move", "from": "b2", "to": "g6", "piece": "WU", "conduct": True}
    _, effects = SPARKS.play(s, Move("b2", "b3"))             # next to the network, but a Spark move
    assert effects[0]["conduct"] is False
    assert SPARKS.move_text(Move("b2", "g6"), s) == "Ob2*g6"
    # the same squares around a lone Spark (no Surge) are out of reach
    assert "g6" not in targets(pos({**board, "b2": "WS"}), "b2")


def test_surge_conducts_past_a_gate_and_conduct_flag_only_when_needed():
    s = pos({"b1": "WI", "g8": "BI", "d2": "WU", "e3": "WS", "c4": "BS", "e4": "BS"})
    t = targets(s, "d2")
    assert {"d3", "d4", "d5", "e5", "f5"} <= t        # d5 only by conduction (d4 is gated)
    assert "d6" not in t
    _, e = SPARKS.play(s, Move("d2", "d5"))
    assert e[0]["conduct"] is True
    _, e = SPARKS.play(s, Move("d2", "d4"))
    assert e[0]["conduct"] is False
    assert SPARKS.move_text(Move("d2", "d4"), s) == "Od2-d4"


def test_degausser_steps_one_square_and_captures_any_enemy_never_its_own():
    s = pos({**ICS, "d4": "WD", "d5": "BS", "e5": "BU", "c5": "BD", "c4": "WS", "e3": "BS"})
    t = targets(s, "d4")
    assert t == {"d5", "e5", "c5", "e4", "d3", "c3", "e3"}
    after, effects = SPARKS.play(s, Move("d4", "e5"))
    assert effects[:2] == [{"type": "move", "from": "d4", "to": "e5", "piece": "WD", "conduct": False},
                           {"type": "capture", "square": "e5", "piece": "BU"}]
    assert board_of(after)["e5"] == "WD" and after.quiet_plies == 0
    assert "own side" in SPARKS.why_illegal(s, Move("d4", "c4"))
    assert "one step" in SPARKS.why_illegal(s, Move("d4", "d6"))


def test_ic_steps_one_square_and_captures_only_the_enemy_ic():
    s = pos({"d4": "WI", "d5": "BI", "e5": "BS", "c5": "BD", "e6": "BS"})
    assert targets(s, "d4") == {"d5", "c4", "e4", "c3", "d3", "e3"}
    assert "only the enemy IC" in SPARKS.why_illegal(s, Move("d4", "e5"))
    after, effects = SPARKS.play(s, Move("d4", "d5"))
    assert effects[1] == {"type": "capture", "square": "d5", "piece": "BI"}
    assert effects[-1] == {"type": "end", "winner": "white", "reason": "ic"}
    assert after.over and after.winner == "white" and after.to_move is None


def test_moving_the_wrong_side_or_nothing_is_illegal():
    assert "black's" in SPARKS.why_illegal(START, Move("b7", "b6"))
    assert "no piece" in SPARKS.why_illegal(START, Move("d4", "d5"))
    assert "another square" in SPARKS.why_illegal(START, Move("b2", "b2"))
    assert "no square" in SPARKS.why_illegal(START, Move("b9", "b2"))
    with pytest.raises(IllegalMove):
        SPARKS.play(START, Move("b2", "c4"))


# --- gating -----------------------------------------------------------------------------


def test_spark_closes_a_gate_on_a_run_of_enemy_pieces():
    s = pos({**ICS, "a5": "WS", "b5": "BD", "c5": "BS", "d2": "WS"})
    after, effects = SPARKS.play(s, Move("d2", "d5"))
    assert effects == [{"type": "move", "from": "d2", "to": "d5", "piece": "WS", "conduct": False},
                       {"type": "gated", "squares": ["b5", "c5"], "pieces": ["BD", "BS"]}]
    assert set(board_of(after)) == {"b3", "g6", "h5", "a5", "d5"} and after.quiet_plies == 0


def test_surge_gates_like_a_spark_and_degaussers_do_not_gate():
    s = pos({**ICS, "a5": "WU", "b5": "BS", "c2": "WU", "c1": "WD", "d1": "BS", "e3": "WS"})
    _, effects = SPARKS.play(s, Move("c2", "c5"))
    assert effects[-1] == {"type": "gated", "squares": ["b5"], "pieces": ["BS"]}
    after, effects = SPARKS.play(s, Move("e3", "e1"))          # d1 between a Degausser and a Spark
    assert [e["type"] for e in effects] == ["move"] and board_of(after)["d1"] == "BS"


def test_moving_into_the_middle_of_a_run_gates_the_whole_run():
    s = pos({**ICS, "a5": "BS", "b5": "WS", "c5": "WD", "e5": "BU", "d4": "WD"})
    after, effects = SPARKS.play(s, Move("d4", "d5"))
    assert effects[-1] == {"type": "gated", "squares": ["b5", "c5", "d5"], "pieces": ["WS", "WD", "WD"]}


def test_diagonal_gating_follows_the_option():
    board = {**ICS, "c3": "WS", "d4": "BD", "f4": "WS"}
    _, effects = SPARKS.play(pos(board), Move("f4", "e5"))
    assert effects[-1] == {"type": "gated", "squares": ["d4"], "pieces": ["BD"]}
    _, effects = SPARKS.play(pos(board, diag=False), Move("f4", "e5"))
    assert [e["type"] for e in effects] == ["move"]


def test_simultaneous_gating_of_both_colours_a_gated_piece_still_gates():
    # c4 is a gated square for white; the Spark moving there dies but takes d4 with it
    s = pos({**ICS, "b4": "BS", "d4": "BS", "e4": "WS", "c2": "WS"})
    after, effects = SPARKS.play(s, Move("c2", "c4"))
    assert effects[-1] == {"type": "gated", "squares": ["c4", "d4"], "pieces": ["WS", "BS"]}
    assert set(board_of(after)) == {"b3", "g6", "h5", "b4", "e4"}


def test_gating_of_both_colours_on_different_lines():
    # d6: the white Spark between c6 and e6 (rank); d5: the black Degausser between d6 and d4 (file)
    s = pos({**ICS, "c6": "BS", "e6": "BS", "d7": "WS", "d5": "BD", "d4": "WS"})
    after, effects = SPARKS.play(s, Move("d7", "d6"))
    assert effects[-1] == {"type": "gated", "squares": ["d5", "d6"], "pieces": ["BD", "WS"]}
    assert {"d5", "d6"}.isdisjoint(board_of(after))


def test_corner_death_after_gating():
    s = pos({**ICS, "a4": "WS", "b8": "BD", "c8": "WS"})
    after, effects = SPARKS.play(s, Move("a4", "a8"))
    assert effects == [{"type": "move", "from": "a4", "to": "a8", "piece": "WS", "conduct": False},
                       {"type": "gated", "squares": ["b8"], "pieces": ["BD"]},
                       {"type": "corner", "square": "a8", "piece": "WS"}]
    assert set(board_of(after)) == {"b3", "g6", "h5", "c8"}


def test_corner_death_alone():
    s = pos({**ICS, "a4": "WS", "e4": "BS"})
    after, effects = SPARKS.play(s, Move("a4", "a1"))
    assert effects == [{"type": "move", "from": "a4", "to": "a1", "piece": "WS", "conduct": False},
                       {"type": "corner", "square": "a1", "piece": "WS"}]
    assert after.quiet_plies == 0 and "a1" not in board_of(after)


def test_gated_ic_loses_the_game():
    s = pos({"d2": "WI", "c3": "BS", "e3": "BS", "g8": "BI"})
    after, effects = SPARKS.play(s, Move("d2", "d3"))
    assert effects[-2:] == [{"type": "gated", "squares": ["d3"], "pieces": ["WI"]},
                            {"type": "end", "winner": "black", "reason": "ic"}]
    assert after.winner == "black"


def test_both_ics_gone_is_a_draw():
    s = pos({"d3": "WI", "d4": "BI", "c4": "BS", "e4": "BS", "a6": "WS"})
    after, effects = SPARKS.play(s, Move("d3", "d4"))
    assert [e["type"] for e in effects] == ["move", "capture", "gated", "end"]
    assert effects[-1] == {"type": "end", "winner": "draw", "reason": "ic"}
    assert after.winner == "draw" and after.over


# --- draws and passes ------------------------------------------------------------------------

SHUFFLE = ["Sb2-b3", "Sb7-b6", "Sb3-b2", "Sb6-b7"]


def test_threefold_repetition_counts_the_starting_position():
    s = START
    for ply, text in enumerate(SHUFFLE * 2, 1):
        s, effects = play(s, text)
        if ply < 8:
            assert not s.over, ply
    assert s.repetitions == 3
    assert effects[-1] == {"type": "end", "winner": "draw", "reason": "repetition"}
    assert SPARKS.outcome(s).reason == "repetition"


def test_repetition_ignores_side_to_move_and_load_starts_fresh():
    s = START
    for text in SHUFFLE:
        s, _ = play(s, text)
    loaded = SPARKS.load_state(SPARKS.state_json(s), LEVEL)
    assert s.repetitions == 2 and loaded.repetitions == 1
    for text in SHUFFLE:
        loaded, _ = play(loaded, text)
    assert not loaded.over and loaded.repetitions == 2


def test_inactivity_after_80_moves_without_a_removal():
    board = {**ICS, "d4": "WS", "e6": "BS"}
    s, _ = SPARKS.play(pos(board, quiet=78), Move("d4", "d3"))
    assert not s.over and s.quiet_plies == 79
    s, effects = SPARKS.play(s, Move("e6", "e7"))
    assert s.over and effects[-1] == {"type": "end", "winner": "draw", "reason": "inactivity"}


def test_removal_resets_quiet_plies():
    s = pos({**ICS, "d4": "WS", "e6": "BS", "a4": "WS"}, quiet=50)
    after, _ = SPARKS.play(s, Move("a4", "a1"))
    assert after.quiet_plies == 0


def test_repetition_is_named_before_inactivity():
    s = pos({**ICS, "d4": "WS", "e6": "BS"}, quiet=72)
    for text in ["d4-d3", "e6-e7", "d3-d4", "e7-e6"] * 2:
        s, effects = play(s, text)
    assert s.quiet_plies == 80 and effects[-1]["reason"] == "repetition"


def test_insufficient_material():
    s = pos({**BARE, "d4": "WS", "a4": "WS"})
    after, effects = SPARKS.play(s, Move("a4", "a8"))
    assert effects[-1] == {"type": "end", "winner": "draw", "reason": "material"}
    after, _ = SPARKS.play(pos({**BARE, "d4": "WD", "a4": "WS"}), Move("a4", "a1"))
    assert not after.over                                        # ICs + a Degausser: not insufficient
    after, _ = SPARKS.play(pos({**BARE, "d4": "WS", "e4": "BS", "a4": "WS"}), Move("a4", "a1"))
    assert not after.over                                        # two Sparks left
    after, _ = SPARKS.play(pos({**BARE, "b4": "WD", "e4": "BD"}), Move("b4", "a4"))
    assert not after.over                                        # not yet: a Degausser each
    after, _ = SPARKS.play(pos({**BARE, "b7": "WD"}), Move("b7", "a8"))
    assert not after.over and len(board_of(after)) == 2          # two bare ICs: play on (see docs)


def test_a_side_without_a_legal_move_passes():
    board = {"c8": "BI", "b8": "WD", "d8": "WD", "b7": "WS", "c7": "WS", "d7": "WS", "e1": "WI"}
    s = pos(board)
    after, effects = SPARKS.play(s, Move("e1", "e2"))
    assert effects == [{"type": "move", "from": "e1", "to": "e2", "piece": "WI", "conduct": False},
                       {"type": "pass", "player": "black"}]
    assert after.to_move == "white" and after.quiet_plies == 1 and len(after.history) == 2
    # loading it with black to move hands the move to white (black would pass)
    assert pos(board, to_move="black").to_move == "white"


def test_agree_draw():
    """Offer, then accept: a drawn game by agreement, recorded as two moves of the rules."""
    offered, effects = SPARKS.play(START, sparks.OFFER)
    assert effects == [{"type": "offer", "player": "white"}]
    assert offered.to_move == "black" and offered.offered_by == "white" and not offered.over
    assert SPARKS.legal_moves(offered) == [sparks.ACCEPT, sparks.DECLINE]
    s, effects = SPARKS.play(offered, sparks.ACCEPT)
    assert s.over and s.winner == "draw" and s.reason == "agreement"
    assert effects == [{"type": "answer", "player": "black", "accept": True},
                       {"type": "end", "winner": "draw", "reason": "agreement"}]
    assert SPARKS.legal_moves(s) == []
    for action in (sparks.OFFER, sparks.ACCEPT):
        with pytest.raises(RulesError):
            SPARKS.play(s, action)
    assert SPARKS.load_state(SPARKS.state_json(s), LEVEL).reason == "agreement"
    assert (s.ply, s.quiet_plies, s.history) == (START.ply, START.quiet_plies, START.history)


def test_a_declined_offer_gives_the_move_back():
    offered, _ = SPARKS.play(START, sparks.OFFER)
    why = SPARKS.why_illegal(offered, Move("b7", "b6"))
    assert why == "Black must first accept or decline White's draw offer."
    assert SPARKS.why_illegal(offered, sparks.OFFER) == "White's draw offer waits for an answer."
    back, effects = SPARKS.play(offered, sparks.DECLINE)
    assert effects == [{"type": "answer", "player": "black", "accept": False}]
    # nothing else changed: white moves (and offers again only after a move: below)
    assert back.board == START.board and back.to_move == "white" and back.offered_by is None
    assert (back.ply, back.quiet_plies, back.history) == (START.ply, START.quiet_plies, START.history)
    assert SPARKS.why_illegal(START, sparks.ACCEPT) == "There is no draw offer to answer."


def test_a_declined_offer_is_made_again_only_after_a_move_on_the_board():
    """Offers declined without end made a game endless (and its resume quadratic): a
    player whose offer was declined makes a move on the board before offering again."""
    offered, _ = SPARKS.play(START, sparks.OFFER)
    back, _ = SPARKS.play(offered, sparks.DECLINE)
    why = SPARKS.why_illegal(back, sparks.OFFER)
    assert why == "White's draw offer was just declined: make a move before offering again."
    with pytest.raises(RulesError):
        SPARKS.play(back, sparks.OFFER)
    assert SPARKS.state_json(back)["declined_by"] == "white"
    assert SPARKS.load_state(SPARKS.state_json(back), LEVEL) == back
    moved, _ = SPARKS.play(back, SPARKS.legal_moves(back)[0])
    assert "declined_by" not in SPARKS.state_json(moved)
    assert SPARKS.why_illegal(moved, sparks.OFFER) is None  # black may offer
    again, _ = SPARKS.play(moved, SPARKS.legal_moves(moved)[0])
    assert SPARKS.why_illegal(again, sparks.OFFER) is None  # and white, a move later
    for bad in ({**SPARKS.state_json(back), "declined_by": "black"},
                {**SPARKS.state_json(back), "declined_by": 3}):
        with pytest.raises(RulesError):
            SPARKS.load_state(bad, LEVEL)


def test_old_games_with_offers_made_again_at_once_still_replay():
    """A game saved before the rule above: an offer made again at once, and declined,
    changed nothing on the board; such pairs are left out when it is read back."""
    moves = [{"draw": "offer"}, {"draw": "decline"}] * 3 + [{"from": "b2", "to": "b3"}]
    kept = SPARKS.upgrade_moves(moves)
    assert kept == [{"draw": "offer"}, {"draw": "decline"}, {"from": "b2", "to": "b3"}]
    assert SPARKS.upgrade_moves(kept) == kept


def test_a_game_of_sparks_has_a_bounded_number_of_actions():
    """Every action is a move on the board or an offer and its answer, at most one offer a
    move; the moves on the board are bounded by the removals and the inactivity rule."""
    assert sparks.MOST_ACTIONS == 3 * (60 - 2 + 1) * sparks.INACTIVITY + 2


def test_draw_actions_in_json_text_and_state():
    for action, obj, text in ((sparks.OFFER, {"draw": "offer"}, "draw?"),
                              (sparks.ACCEPT, {"draw": "accept"}, "draw agreed"),
                              (sparks.DECLINE, {"draw": "decline"}, "draw declined")):
        assert SPARKS.move_json(action) == obj and SPARKS.parse_move(obj) == action
        assert SPARKS.move_text(action) == text and SPARKS.parse_text(text) == action
    for bad in ({"draw": "maybe"}, {"draw": "offer", "to": "b4"}, {"draw": True}):
        with pytest.raises(IllegalMove):
            SPARKS.parse_move(bad)
    offered, _ = SPARKS.play(START, sparks.OFFER)
    obj = SPARKS.state_json(offered)
    assert obj["offered_by"] == "white" and obj["to_move"] == "black"
    assert SPARKS.load_state(obj, LEVEL) == offered
    assert "offered_by" not in SPARKS.state_json(START)  # states without an offer read as before
    for bad in ({**obj, "offered_by": "black"}, {**obj, "offered_by": "green"},
                {**obj, "to_move": None, "over": True, "winner": "draw"}):
        with pytest.raises(RulesError):
            SPARKS.load_state(bad, LEVEL)


def test_draw_offers_through_the_engine_protocol():
    session = Session()
    session.handle_line(json.dumps({"cmd": "new", "game": "sparks", "seed": 1}))
    answer = session.handle_line(json.dumps({"cmd": "play", "move": {"draw": "offer"}}))
    assert answer["ok"] and answer["state"]["offered_by"] == "white"
    legal = session.handle_line(json.dumps({"cmd": "legal"}))["moves"]
    assert legal == [{"draw": "accept"}, {"draw": "decline"}]
    answer = session.handle_line(json.dumps({"cmd": "play", "move": {"from": "b7", "to": "b6"}}))
    assert not answer["ok"] and "draw offer" in answer["error"]
    answer = session.handle_line(json.dumps({"cmd": "play", "move": {"draw": "accept"}}))
    assert answer["ok"] and answer["state"]["over"] and answer["state"]["reason"] == "agreement"


def test_draw_offers_and_answers_keep_the_contract():
    """Offers are never listed, so random games never make them: played here, each keeps
    the contract (typed effects, input untouched, the JSON and notation read back). A
    declined offer is made again after a move on the board (docs/rules/sparks.md)."""
    state = START
    for move in (sparks.OFFER, sparks.DECLINE, None, sparks.OFFER, sparks.ACCEPT):
        contract.check_position(SPARKS, state, LEVEL, random.Random(1))
        move = move or SPARKS.legal_moves(state)[0]
        if move in (sparks.OFFER, sparks.DECLINE, sparks.ACCEPT):
            contract.check_move(SPARKS, state, move)
        state, effects = contract.check_play(SPARKS, state, move)
        assert effects
    contract.check_position(SPARKS, state, LEVEL, random.Random(1))
    assert state.over and state.reason == "agreement"


def test_random_playout_answers_an_open_offer():
    offered, _ = SPARKS.play(START, sparks.OFFER)
    for seed in range(6):
        end = SPARKS.random_playout(offered, random.Random(seed))
        assert end.over and end.offered_by is None


# --- notation ---------------------------------------------------------------------------


def test_notation():
    assert SPARKS.move_text(Move("b2", "b5"), START) == "Sb2-b5"
    assert SPARKS.move_text(Move("b1", "e3"), START) == "Ob1*e3"
    assert SPARKS.move_text(Move("b2", "b5")) == "b2-b5"
    s = pos({**ICS, "d4": "WD", "d5": "BS"})
    assert SPARKS.move_text(Move("d4", "d5"), s) == "Dd4xd5"
    for text in ("b2b5", "b2-b5", " Sb2-b5 ", "sb2-b5", "b2 b5"):
        assert SPARKS.parse_text(text, START) == Move("b2", "b5")
    assert SPARKS.parse_text("d1d2", START) == Move("d1", "d2")
    for bad in ("Sb2", "Db2-b5", "b2-b9", "", "Xb2-b5", "Ob2-b5", "Uc1-c2"):
        with pytest.raises(IllegalMove):
            SPARKS.parse_text(bad, START)


def test_the_notation_letters_match_the_pieces_as_drawn_and_old_records_still_read():
    """The Degausser is drawn as a horseshoe magnet, a U: U must not be another piece's
    letter. The Surge, a disc in rings, is O; S the Spark, D the Degausser, I the IC, the
    initials of their names. Records written before (U for the Surge) read as they were."""
    kinds = {SPARKS.move_text(m, s)[0] for s in (random_state(seed, 12) for seed in range(6))
             for m in SPARKS.legal_moves(s) if isinstance(m, Move)}
    assert kinds == {"S", "O", "D", "I"}
    assert SPARKS.parse_text("Ob1*e3", START) == SPARKS.parse_text("Ub1*e3", START) == Move("b1", "e3")
    assert SPARKS.parse_text("ub1e3", START) == Move("b1", "e3")


@given(st.integers(0, 10_000), st.integers(0, 60))
@settings(max_examples=25, deadline=None)
def test_every_move_of_a_position_reads_back_from_its_json_and_notation(seed, plies):
    s = random_state(seed, plies)
    for m in SPARKS.legal_moves(s):  # all of them: the contract samples a few a position
        contract.check_move(SPARKS, s, m)


# --- perft ---------------------------------------------------------------------------------

PERFT = {True: [76, 5730, 467368], False: [76, 5730, 467871]}


@pytest.mark.parametrize("diag", [True, False])
def test_perft_regression(diag):
    s = SPARKS.new(LEVEL, seed=1, options={"gate_diagonals": diag})
    assert [perft(s, d) for d in (1, 2)] == PERFT[diag][:2]
    # depth 3 by bulk counting: the legal moves of every position two plies deep
    total = 0
    for m in SPARKS.legal_moves(s):
        s1 = SPARKS.play(s, m)[0]
        for m2 in SPARKS.legal_moves(s1):
            total += len(SPARKS.legal_moves(SPARKS.play(s1, m2)[0]))
    assert total == PERFT[diag][2]


@pytest.mark.parametrize("diag", [True, False])
def test_perft_cross_checked_by_the_naive_generator(diag):
    s = SPARKS.new(LEVEL, seed=1, options={"gate_diagonals": diag})
    board = board_of(s)
    assert naive_moves(board, "W", diag) == {(m.frm, m.to) for m in SPARKS.legal_moves(s)}
    assert [naive_perft(board, "W", d, diag) for d in (1, 2)] == PERFT[diag][:2]


# --- properties --------------------------------------------------------------------------------

games = st.tuples(st.integers(0, 1_000_000), st.integers(0, 150), st.booleans())


@given(games)
@settings(max_examples=60, deadline=None)
def test_engine_matches_the_naive_rules_on_random_positions(game):
    seed, plies, diag = game
    s = random_state(seed, plies, diag)
    if s.over:
        return
    board, mover = board_of(s), s.to_move[0].upper()
    legal = {(m.frm, m.to) for m in SPARKS.legal_moves(s)}
    assert legal == naive_moves(board, mover, diag)
    for f, t in random.Random(seed).sample(sorted(legal), min(5, len(legal))):
        after, _ = SPARKS.play(s, Move(f, t))
        assert board_of(after) == naive_apply(board, f, t, diag)


@given(games)
@settings(max_examples=40, deadline=None)
def test_pieces_are_only_ever_removed(game):
    seed, plies, diag = game
    rng = random.Random(seed)
    s = SPARKS.new(LEVEL, seed=seed, options={"gate_diagonals": diag})
    for _ in range(plies):
        if s.over:
            break
        m = rng.choice(SPARKS.legal_moves(s))
        before = board_of(s)
        s, _ = SPARKS.play(s, m)
        after = board_of(s)
        for square, piece in after.items():
            assert before.get(square) == piece or (square == m.to and piece == before[m.frm])
        assert len(after) <= len(before)


@given(games)
@settings(max_examples=40, deadline=None)
def test_positions_of_both_gating_rules_keep_the_contract(game):
    """The contract's random games play the levels as shipped; here gate_diagonals both ways."""
    s = random_state(*game)
    contract.check_position(SPARKS, s, LEVEL, random.Random(game[0]))


@given(games, st.lists(st.tuples(st.sampled_from(ALL_SQUARES), st.sampled_from(ALL_SQUARES)),
                       min_size=20, max_size=40))
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_legal_moves_are_exactly_the_moves_play_accepts(game, random_pairs):
    s = random_state(*game)
    legal = set(SPARKS.legal_moves(s))
    mine = [sq for sq, p in board_of(s).items() if s.to_move and p[0] == s.to_move[0].upper()]
    pairs = {Move(f, t) for f in mine for t in ALL_SQUARES} | {Move(f, t) for f, t in random_pairs}
    for m in pairs | legal:
        why = SPARKS.why_illegal(s, m)
        if m in legal:
            assert why is None
            SPARKS.play(s, m)
        else:
            assert isinstance(why, str) and why.endswith(".")
            with pytest.raises(IllegalMove):
                SPARKS.play(s, m)


@given(st.integers(0, 1_000_000), st.booleans())
@settings(max_examples=30, deadline=None)
def test_random_games_end(seed, diag):
    rng = random.Random(seed)
    s = SPARKS.new(LEVEL, seed=seed, options={"gate_diagonals": diag})
    for _ in range(81 * 25):
        if s.over:
            break
        s, _ = SPARKS.play(s, rng.choice(SPARKS.legal_moves(s)))
    assert s.over and s.winner in ("white", "black", "draw")
    assert s.reason in ("ic", "material", "repetition", "inactivity")


@given(st.integers(0, 1_000_000), st.integers(0, 40), st.booleans())
@settings(max_examples=30, deadline=None)
def test_random_playout_follows_play_exactly(seed, plies, diag):
    start = random_state(seed, plies, diag)
    trace: list[tuple[str, str]] = []
    end = SPARKS.random_playout(start, random.Random(seed), trace)
    assert end.over
    s = start
    for f, t in trace:
        assert not s.over
        s, _ = SPARKS.play(s, Move(f, t))
    assert s == end


def _chi2_uniform(state, draw, n_per_move: int = 60) -> None:
    legal = {(SQ[m.frm], SQ[m.to]) for m in SPARKS.legal_moves(state)}
    counts = dict.fromkeys(legal, 0)
    for _ in range(n_per_move * len(legal)):
        counts[draw()] += 1  # a KeyError here is an illegal sample
    k = len(legal)
    chi2 = sum((c - n_per_move) ** 2 / n_per_move for c in counts.values())
    # mean k-1, sd sqrt(2(k-1)): 6 sd is far beyond chance
    assert chi2 < (k - 1) + 6 * (2 * (k - 1)) ** 0.5, chi2


@pytest.mark.parametrize("seed,plies", [(0, 0), (5, 30), (9, 70)])
def test_random_playout_picks_uniformly(seed, plies, monkeypatch):
    s = random_state(seed, plies)
    assert not s.over
    rng = random.Random(seed)
    board, bb, c = list(s.board), sparks.bitboards(s.board), 0 if s.to_move == "white" else 1
    _chi2_uniform(s, lambda: sparks.sample_move(board, bb, c, s.gate_diagonals, rng.random))
    monkeypatch.setattr(sparks, "SAMPLE_TRIES", 0)                    # the exact fallback too
    _chi2_uniform(s, lambda: sparks.sample_move(board, bb, c, s.gate_diagonals, rng.random))


# --- load_state -------------------------------------------------------------------------------

GOOD = {"board": {"b3": "WI", "g6": "BI", "d4": "WS", "h5": "BD"}, "to_move": "white", "quiet_plies": 0}


@pytest.mark.parametrize("change,words", [
    ({"board": {"b3": "WI", "g6": "BI", "i4": "WS"}}, "not a square"),
    ({"board": {"b3": "WI", "g6": "BI", "D4": "WS"}}, "not a square"),
    ({"board": {"b3": "WI", "g6": "BI", "d4": "WQ"}}, "pieces are"),
    ({"board": {"b3": "WI", "g6": "BI", "d4": 3}}, "pieces are"),
    ({"board": {"b3": "WI", "g6": "BI", "a8": "WS"}}, "corner"),
    ({"board": {"b3": "WI", "g6": "BI", "c4": "WD", "d4": "WD", "e4": "WD"}}, "at most 2"),
    ({"board": {"b3": "WI", "c3": "WI", "g6": "BI"}}, "at most 1"),
    ({"board": {"b3": "WI", "g6": "BI", "c4": "WS", "d4": "BD", "e4": "WS"}}, "gated"),
    ({"board": ["b3", "WI"]}, "board"),
    ({"to_move": "red"}, "to_move"),
    ({"to_move": None}, "draw"),
    ({"over": True}, "to_move"),
    ({"over": "no"}, "over"),
    ({"quiet_plies": -1}, "quiet_plies"),
    ({"quiet_plies": 81}, "quiet_plies"),
    ({"quiet_plies": "3"}, "quiet_plies"),
    ({"quiet_plies": True}, "quiet_plies"),
    ({"gate_diagonals": "yes"}, "gate_diagonals"),
    ({"game": "gauss"}, "not sparks"),
    ({"seed": "x"}, "seed"),
    ({"ply": -1}, "ply"),
    ({"to_move": None, "over": True, "winner": "white"}, "draw"),
    ({"to_move": None, "over": True, "winner": "draw", "reason": "material"}, "reason"),
])
def test_load_state_refuses_bad_states(change, words):
    with pytest.raises(RulesError) as err:
        SPARKS.load_state({**GOOD, **change}, LEVEL)
    message = str(err.value)
    assert words in message and message.endswith(".") and "\n" not in message


@pytest.mark.parametrize("missing", ["board", "to_move", "quiet_plies"])
def test_load_state_needs_its_keys(missing):
    obj = {k: v for k, v in GOOD.items() if k != missing}
    with pytest.raises(RulesError, match=missing):
        SPARKS.load_state(obj, LEVEL)
    with pytest.raises(RulesError):
        SPARKS.load_state("not a state", LEVEL)


def test_load_state_settles_decided_positions():
    s = SPARKS.load_state({**GOOD, "board": {"b3": "WI", "d4": "WS"}}, LEVEL)
    assert s.over and s.winner == "white" and s.reason == "ic"
    s = SPARKS.load_state({**GOOD, "board": {"b3": "WI", "g6": "BI"}, "quiet_plies": 80}, LEVEL)
    assert s.over and s.reason == "inactivity"
    s = SPARKS.load_state({**GOOD, "board": {"b3": "WI", "g6": "BI", "d4": "BU"}}, LEVEL)
    assert s.over and s.reason == "material" and s.winner == "draw"
    with pytest.raises(RulesError):
        SPARKS.load_state({**GOOD, "to_move": None, "over": True, "winner": "draw"}
                          | {"board": {"b3": "WI"}}, LEVEL)


# --- the protocol ------------------------------------------------------------------------------


def ask(session: Session, **request) -> dict:
    answer = session.handle_line(json.dumps(request))
    json.dumps(answer)  # every answer is JSON
    return answer


def test_protocol_game_and_moves():
    session = Session()
    games = ask(session, cmd="games")["games"]
    entry = next(g for g in games if g["id"] == "sparks")
    assert entry["title"] == "Gauss: Sparks & Surges" and "classic" in entry["levels"]
    state = ask(session, cmd="new", game="sparks", seed=4)["state"]
    for key in ("game", "level", "to_move", "over", "winner", "board", "quiet_plies"):
        assert key in state
    assert state["game"] == "sparks" and state["to_move"] == "white" and state["board"]["b1"] == "WU"
    moves = ask(session, cmd="legal")["moves"]
    assert len(moves) == 76 and {"from": "b2", "to": "b5"} in moves
    answer = ask(session, cmd="play", move={"from": "b2", "to": "b5"})
    assert answer["ok"] and answer["effects"] == [
        {"type": "move", "from": "b2", "to": "b5", "piece": "WS", "conduct": False}]
    assert answer["state"]["to_move"] == "black" and answer["state"]["quiet_plies"] == 1
    gen = ask(session, cmd="genmove", level="easy")
    assert gen["ok"] and gen["move"] in ask(session, cmd="legal")["moves"]


def test_protocol_options_and_load():
    session = Session()
    state = ask(session, cmd="new", game="sparks", options={"gate_diagonals": False})["state"]
    assert state["gate_diagonals"] is False
    bad = ask(session, cmd="new", game="sparks", options={"gate_diagonals": 3})
    assert bad["ok"] is False
    board = {"c8": "BI", "b8": "WD", "d8": "WD", "b7": "WS", "c7": "WS", "d7": "WS", "e1": "WI"}
    loaded = ask(session, cmd="load", game="sparks",
                 state={"board": board, "to_move": "white", "quiet_plies": 5, "level": "classic"})
    assert loaded["ok"] and loaded["state"]["board"] == board and loaded["state"]["quiet_plies"] == 5
    answer = ask(session, cmd="play", move={"from": "e1", "to": "e2"})
    assert answer["effects"][-1] == {"type": "pass", "player": "black"}
    assert answer["state"]["to_move"] == "white" and answer["state"]["quiet_plies"] == 6


@pytest.mark.parametrize("request_", [
    "not json",
    json.dumps({"cmd": "play", "move": {"from": "b2"}}),
    json.dumps({"cmd": "play", "move": {"from": "b2", "to": "c4"}}),
    json.dumps({"cmd": "play", "move": {"from": "c2", "to": "c3"}}),
    json.dumps({"cmd": "play", "move": {"from": "z2", "to": "b3"}}),
    json.dumps({"cmd": "play", "move": {"from": 2, "to": "b3"}}),
    json.dumps({"cmd": "play", "move": "b2b5"}),
    json.dumps({"cmd": "play"}),
    json.dumps({"cmd": "load", "game": "sparks", "state": {"board": {"a1": "WI"}, "to_move": "white",
                                                          "quiet_plies": 0}}),
    json.dumps({"cmd": "load", "game": "sparks", "state": {**GOOD, "quiet_plies": 99}}),
    json.dumps({"cmd": "load", "game": "sparks", "state": {**GOOD, "to_move": "blue"}}),
    json.dumps({"cmd": "load", "game": "sparks", "state": {**GOOD, "level": "huge"}}),
    json.dumps({"cmd": "new", "game": "sparks", "first": "red"}),
    json.dumps({"cmd": "new", "game": "sparks", "level": "nope"}),
])
def test_protocol_bad_input_changes_nothing(request_):
    session = Session()
    ask(session, cmd="new", game="sparks", seed=2)
    ask(session, cmd="play", move={"from": "b2", "to": "b5"})
    before = ask(session, cmd="state")
    answer = session.handle_line(request_)
    assert answer["ok"] is False and isinstance(answer["error"], str) and answer["error"]
    assert "Internal" not in answer["error"]
    assert ask(session, cmd="state") == before


def test_protocol_game_over_end_effect_and_no_moves():
    session = Session()
    ask(session, cmd="load", game="sparks",
        state={"board": {"d4": "WI", "d5": "BI", "a5": "BS", "b2": "WS"}, "to_move": "white",
               "quiet_plies": 0})
    answer = ask(session, cmd="play", move={"from": "d4", "to": "d5"})
    assert answer["effects"][-1] == {"type": "end", "winner": "white", "reason": "ic"}
    assert answer["state"]["over"] is True and answer["state"]["to_move"] is None
    assert answer["state"]["winner"] == "white"
    assert ask(session, cmd="legal")["moves"] == []
    assert ask(session, cmd="play", move={"from": "d5", "to": "d6"})["ok"] is False
    assert ask(session, cmd="genmove")["ok"] is False


@pytest.mark.slow
def test_a_thousand_games_through_the_protocol_gating_along_ranks_and_files_only():
    """The contract's soak plays the classic level (diagonals gate); this one the option off."""
    ends = {a["effects"][-1]["reason"] for a in contract.protocol_games(
        "sparks", 1000, seed=20_000, options={"gate_diagonals": False})}
    assert ends <= {"ic", "material", "repetition", "inactivity"}
