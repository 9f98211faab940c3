"""The engine line protocol (docs/protocol.md, general part and `gauss`), end to end.

Most tests drive ``Session().handle_line``; a few start ``python -m game.engine`` as a
real process. Every bad input must answer exactly one ``{"ok": false, "error": ...}``,
change nothing, and leave the engine answering.
"""
from __future__ import annotations

import copy
import json
import random
import selectors
import subprocess
import sys
from pathlib import Path

import gauss_model as model
import pytest

from game import catalogue
from game.protocol.engine import Session

ROOT = Path(__file__).resolve().parent.parent
CMD_STATE = '{"cmd":"state"}'


# -- helpers ---------------------------------------------------------------------------------
def ask(session: Session, request) -> dict:
    line = request if isinstance(request, str) else json.dumps(request)
    answer = session.handle_line(line)
    assert isinstance(answer, dict)
    text = json.dumps(answer)
    assert "\n" not in text and json.loads(text) == answer  # one line of JSON
    assert isinstance(answer.get("ok"), bool)
    return answer


def ok(session: Session, request) -> dict:
    answer = ask(session, request)
    assert answer["ok"] is True, answer
    return answer


def assert_error(answer: dict) -> None:
    assert set(answer) == {"ok", "error"} and answer["ok"] is False, answer
    err = answer["error"]
    assert isinstance(err, str) and err.strip() and "\n" not in err
    assert "Traceback" not in err and "Internal error" not in err, err  # a clear reason, not a crash


def rejected(session: Session, request) -> dict:
    """Send a bad request: one error answer, nothing changed, the engine still answers."""
    before = session.handle_line(CMD_STATE)
    answer = ask(session, request)
    assert_error(answer)
    assert session.handle_line(CMD_STATE) == before
    assert ok(session, {"cmd": "games"})["games"]
    return answer


def new_session(**kw) -> tuple[Session, dict]:
    s = Session()
    state = ok(s, {"cmd": "new", "game": "gauss", **kw})["state"]
    return s, state


def mid_game_state(seed: int = 5, plies: int = 12) -> dict:
    s, state = new_session(seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        moves = ok(s, {"cmd": "legal"})["moves"]
        state = ok(s, {"cmd": "play", "move": rng.choice(moves)})["state"]
    return state


def finished_state(seed: int = 8) -> dict:
    s, state = new_session(seed=seed)
    rng = random.Random(seed)
    while not state["over"]:
        state = ok(s, {"cmd": "play", "move": rng.choice(ok(s, {"cmd": "legal"})["moves"])})["state"]
    return state


def move_key(m: dict) -> tuple:
    return (tuple(m["cell"]), m["color"])


# -- games / new -----------------------------------------------------------------------------
def test_games_lists_gauss_with_its_levels():
    answer = ok(Session(), {"cmd": "games"})
    listed = {g["id"]: g for g in answer["games"]}
    assert listed["gauss"]["levels"] == ["classic", "small", "large"]
    assert list(listed) == list(catalogue.GAME_IDS)  # every game, in menu order
    assert listed["gauss"]["title"] == "GAUSS — magnetic duel"


def test_new_default_level_and_state_keys():
    s, state = new_session(seed=1)
    for key in ("game", "level", "to_move", "over", "winner", "radius", "board", "supply", "gain", "risk"):
        assert key in state
    assert state["game"] == "gauss" and state["level"] == "classic" and state["radius"] == 4
    assert state["to_move"] in ("red", "blue") and state["over"] is False and state["winner"] is None
    assert state["supply"] == {"red": {"red": 10, "blue": 5}, "blue": {"red": 5, "blue": 10}}
    assert ok(s, CMD_STATE)["state"] == state


@pytest.mark.parametrize("level,radius", [("classic", 4), ("small", 3), ("large", 5)])
def test_new_with_level(level, radius):
    s, state = new_session(level=level, seed=2)
    assert state["level"] == level and state["radius"] == radius
    assert len(ok(s, {"cmd": "legal"})["moves"]) == 2 * len(model.gray_cells(radius))


def test_new_seed_repeats_and_first_overrides():
    starts = set()
    for seed in range(30):
        a = new_session(seed=seed)[1]
        b = new_session(seed=seed)[1]
        assert a["to_move"] == b["to_move"]
        starts.add(a["to_move"])
        for first in ("red", "blue"):
            assert new_session(seed=seed, first=first)[1]["to_move"] == first
    assert starts == {"red", "blue"}
    assert new_session(first="blue")[1]["to_move"] == "blue"  # no seed: first still wins


@pytest.mark.parametrize("request_", [
    {"cmd": "new", "game": "gauss", "level": "huge"},
    {"cmd": "new", "game": "gauss", "level": "../rush/9x9"},
    {"cmd": "new", "game": "gauss", "level": 4},
    {"cmd": "new", "game": "chess"},
    {"cmd": "new", "game": 7},
    {"cmd": "new"},
    {"cmd": "new", "game": "gauss", "seed": "12"},
    {"cmd": "new", "game": "gauss", "seed": 1.5},
    {"cmd": "new", "game": "gauss", "seed": True},
    {"cmd": "new", "game": "gauss", "first": "green"},
    {"cmd": "new", "game": "gauss", "first": ["red"]},
    {"cmd": "new", "game": "gauss", "options": [1]},
])
def test_new_bad_requests(request_):
    s, _ = new_session(seed=4)
    rejected(s, request_)
    rejected(Session(), request_)


def test_new_game_not_in_the_catalogue():
    s, _ = new_session(seed=4)
    answer = rejected(s, {"cmd": "new", "game": "ghost"})
    assert answer["error"] == f"Unknown game 'ghost'; the games are {', '.join(catalogue.GAME_IDS)}."
    assert "gauss, rush, sparks, improbable, order" in answer["error"]  # the shipped ones, in menu order
    assert "ghost" not in [g["id"] for g in ok(s, {"cmd": "games"})["games"]]


def test_every_catalogue_game_is_listed_and_starts():
    s = Session()
    listed = {g["id"]: g["levels"] for g in ok(s, {"cmd": "games"})["games"]}
    assert set(listed) == set(catalogue.GAME_IDS)
    for game_id, names in listed.items():
        assert names, f"{game_id} lists no level"
        assert ok(s, {"cmd": "new", "game": game_id, "seed": 1})["state"]["game"] == game_id


@pytest.mark.parametrize("line, words", [
    ("", "empty"),
    ("   ", "empty"),
    ('{"cmd":"new","game":"gauss","level":""}', "level"),
    ('{"cmd":"new","game":"gauss","level":0}', "level"),
])
def test_blank_lines_and_bad_level_values_are_answered(line, words):
    s, before = new_session(seed=4)
    answer = s.handle_line(line)
    assert answer["ok"] is False and words in answer["error"]
    assert ok(s, CMD_STATE)["state"] == before


def test_a_negative_seed_round_trips_through_load():
    s, state = new_session(seed=-3)
    assert ok(s, {"cmd": "load", "game": "gauss", "state": state})["state"] == state


def test_load_refuses_a_state_of_another_game():
    s, before = new_session(seed=4)
    state = dict(before, game="rush")
    assert "not a 'gauss'" in rejected(s, {"cmd": "load", "game": "gauss", "state": state})["error"]


# -- load ------------------------------------------------------------------------------------
def test_load_gives_back_the_position():
    state = mid_game_state()
    s = Session()
    assert ok(s, {"cmd": "load", "game": "gauss", "state": state})["state"] == state
    assert ok(s, CMD_STATE)["state"] == state
    moves = ok(s, {"cmd": "legal"})["moves"]
    assert {move_key(m) for m in moves} == model.Model.from_json(state).legal()


def test_load_finished_game():
    state = finished_state()
    s = Session()
    assert ok(s, {"cmd": "load", "game": "gauss", "state": state})["state"] == state
    assert ok(s, {"cmd": "legal"})["moves"] == []
    rejected(s, {"cmd": "play", "move": {"cell": [0, 0], "color": "red"}})
    rejected(s, {"cmd": "genmove"})


def test_load_small_level_state():
    s, _ = new_session(level="small", seed=3)
    ok(s, {"cmd": "play", "move": {"cell": [0, 0], "color": "red"}})
    state = ok(s, CMD_STATE)["state"]
    assert ok(Session(), {"cmd": "load", "game": "gauss", "state": state})["state"] == state


def bad_states() -> list[tuple[str, dict]]:
    good = mid_game_state()
    assert good["to_move"] is not None and len(good["board"]) >= 3
    out = []

    def variant(name, change):
        st = copy.deepcopy(good)
        change(st)
        out.append((name, st))

    for key in ("radius", "board", "supply", "gain", "risk", "to_move"):
        variant(f"missing {key}", lambda st, k=key: st.pop(k))
    variant("missing supply.red", lambda st: st["supply"].pop("red"))
    variant("missing supply.blue.blue", lambda st: st["supply"]["blue"].pop("blue"))
    variant("missing gain.red", lambda st: st["gain"].pop("red"))
    variant("radius as text", lambda st: st.update(radius="4"))
    variant("radius as bool", lambda st: st.update(radius=True))
    variant("radius 99", lambda st: st.update(radius=99))
    variant("radius of another level", lambda st: st.update(radius=5))
    variant("board as object", lambda st: st.update(board={"0,0": "red"}))
    variant("board entry as text", lambda st: st["board"].append("e5 red"))
    variant("board entry too short", lambda st: st["board"].__setitem__(0, st["board"][0][:2]))
    variant("board entry too long", lambda st: st["board"][0].append(1))
    variant("board colour green", lambda st: st["board"][0].__setitem__(2, "green"))
    variant("board colour as list", lambda st: st["board"][0].__setitem__(2, ["red"]))
    variant("board colour as object", lambda st: st["board"][0].__setitem__(2, {"c": "red"}))
    variant("board coordinate float", lambda st: st["board"][0].__setitem__(0, 0.5))
    variant("board coordinate text", lambda st: st["board"][0].__setitem__(1, "1"))
    variant("board coordinate bool", lambda st: st["board"][0].__setitem__(0, True))
    variant("off-board cell", lambda st: st["board"][0].__setitem__(0, 7))
    variant("off-board by one", lambda st: st["board"].__setitem__(0, [5, 0, st["board"][0][2]]))
    variant("off-board on another axis", lambda st: st["board"].__setitem__(0, [-3, -2, st["board"][0][2]]))
    variant("duplicate cell same colour", lambda st: st["board"].append(list(st["board"][0])))
    variant("duplicate cell other colour", lambda st: st["board"].append(
        [*st["board"][0][:2], "blue" if st["board"][0][2] == "red" else "red"]))
    variant("an extra disc", lambda st: st["board"].append(
        next([q, r, "red"] for q, r in model.gray_cells(4) if [q, r] not in [b[:2] for b in st["board"]])))
    variant("a disc missing", lambda st: st["board"].pop())
    variant("supply one too many",
            lambda st: st["supply"]["red"].__setitem__("blue", st["supply"]["red"]["blue"] + 1))
    variant("gain one too many", lambda st: st["gain"].__setitem__("blue", st["gain"]["blue"] + 1))
    variant("risk negative", lambda st: st["risk"].__setitem__("red", -1))
    variant("supply over the cap", lambda st: st["supply"]["red"].__setitem__("red", 11))
    variant("supply as list", lambda st: st.update(supply=[10, 5, 5, 10]))
    variant("supply count as text", lambda st: st["supply"]["blue"].__setitem__("red", "5"))
    variant("gain as number", lambda st: st.update(gain=3))
    variant("to_move green", lambda st: st.update(to_move="green"))
    variant("to_move number", lambda st: st.update(to_move=1))
    variant("seed as text", lambda st: st.update(seed="abc"))
    variant("unknown level", lambda st: st.update(level="gigantic"))
    # after an odd number of plies the player who placed one more disc is not to move
    odd = mid_game_state(plies=13)
    out.append(("mover has placed more", {**odd, "to_move": model.opponent(odd["to_move"])}))
    out.append(("placements two apart", {**good, "supply": {
        "red": {"red": good["supply"]["red"]["red"] - 1, "blue": good["supply"]["red"]["blue"]},
        "blue": {"red": good["supply"]["blue"]["red"] + 1, "blue": good["supply"]["blue"]["blue"]}}}))
    return out


BAD_STATES = bad_states()


@pytest.mark.parametrize("name,state", BAD_STATES, ids=[n for n, _ in BAD_STATES])
def test_load_bad_state(name, state):
    s, _ = new_session(seed=9)
    ok(s, {"cmd": "play", "move": ok(s, {"cmd": "legal"})["moves"][3]})
    rejected(s, {"cmd": "load", "game": "gauss", "state": state})
    rejected(Session(), {"cmd": "load", "game": "gauss", "state": state})


@pytest.mark.parametrize("request_", [
    {"cmd": "load", "game": "gauss"},
    {"cmd": "load", "game": "gauss", "state": None},
    {"cmd": "load", "game": "gauss", "state": [1, 2]},
    {"cmd": "load", "game": "gauss", "state": "classic"},
    {"cmd": "load", "game": "gauss", "state": {}},
    {"cmd": "load", "state": {"radius": 4}},
    {"cmd": "load", "game": "chess", "state": {"radius": 4}},
])
def test_load_bad_requests(request_):
    s, _ = new_session(seed=9)
    rejected(s, request_)


# -- state / legal / play --------------------------------------------------------------------
@pytest.mark.parametrize("cmd", ["state", "legal", "genmove"])
def test_commands_before_new(cmd):
    answer = rejected(Session(), {"cmd": cmd})
    assert "new" in answer["error"]


def test_play_before_new():
    rejected(Session(), {"cmd": "play", "move": {"cell": [0, 0], "color": "red"}})


def test_legal_lists_the_placements():
    s, state = new_session(seed=6, first="red")
    moves = ok(s, {"cmd": "legal"})["moves"]
    assert all(set(m) == {"cell", "color"} for m in moves)
    assert {move_key(m) for m in moves} == {(c, col) for c in model.gray_cells(4) for col in model.COLORS}
    assert len(moves) == 74


def test_play_good_move():
    s, state = new_session(seed=6, first="red")
    answer = ok(s, {"cmd": "play", "move": {"cell": [0, 0], "color": "blue"}})
    assert set(answer) >= {"ok", "effects", "state"}
    assert answer["effects"] == [{"type": "place", "cell": [0, 0], "color": "blue"}]
    st = answer["state"]
    assert st["board"] == [[0, 0, "blue"]] and st["to_move"] == "blue"
    assert st["supply"]["red"] == {"red": 10, "blue": 4}
    assert ok(s, CMD_STATE)["state"] == st


def test_play_with_slides_and_scores_matches_model():
    state = mid_game_state(seed=21, plies=16)
    s = Session()
    ok(s, {"cmd": "load", "game": "gauss", "state": state})
    m = model.Model.from_json(state)
    for move in ok(s, {"cmd": "legal"})["moves"]:
        s2 = Session()
        ok(s2, {"cmd": "load", "game": "gauss", "state": state})
        answer = ok(s2, {"cmd": "play", "move": move})
        m2, effects = m.play(tuple(move["cell"]), move["color"])
        assert sorted(map(model.effect_key, answer["effects"])) == sorted(map(model.effect_key, effects))
        assert model.Model.from_json(answer["state"]).board == m2.board


@pytest.mark.parametrize("move", [
    {"cell": [4, 0], "color": "red"},      # VOID
    {"cell": [0, -4], "color": "blue"},    # VOID
    {"cell": [5, 0], "color": "red"},      # off the board
    {"cell": [40, -99], "color": "red"},   # far off the board
    {"cell": [1, 1], "color": "red"},      # occupied (see below)
])
def test_play_illegal_moves(move):
    s, _ = new_session(seed=6, first="red")
    ok(s, {"cmd": "play", "move": {"cell": [1, 1], "color": "red"}})
    rejected(s, {"cmd": "play", "move": move})


def test_play_colour_no_longer_held():
    s, _ = new_session(seed=6, first="red")
    cells = iter(c for c in model.gray_cells(4))
    for _ in range(5):  # red places its five blue discs, blue its red ones
        for color in ("blue", "red"):
            while True:
                cell = next(cells)
                answer = ask(s, {"cmd": "play", "move": {"cell": list(cell), "color": color}})
                if answer["ok"]:
                    break
    state = ok(s, CMD_STATE)["state"]
    assert state["supply"]["red"]["blue"] == 0 and state["to_move"] == "red"
    empty = next(c for c in model.gray_cells(4) if list(c) not in [b[:2] for b in state["board"]])
    assert "blue" in rejected(s, {"cmd": "play", "move": {"cell": list(empty), "color": "blue"}})["error"]
    assert all(m["color"] == "red" for m in ok(s, {"cmd": "legal"})["moves"])


@pytest.mark.parametrize("request_", [
    {"cmd": "play"},
    {"cmd": "play", "move": None},
    {"cmd": "play", "move": "Re5"},
    {"cmd": "play", "move": [0, 0, "red"]},
    {"cmd": "play", "move": {}},
    {"cmd": "play", "move": {"cell": [0, 0]}},
    {"cmd": "play", "move": {"color": "red"}},
    {"cmd": "play", "move": {"cell": [0], "color": "red"}},
    {"cmd": "play", "move": {"cell": [0, 0, 0], "color": "red"}},
    {"cmd": "play", "move": {"cell": ["0", "0"], "color": "red"}},
    {"cmd": "play", "move": {"cell": [0.0, 0], "color": "red"}},
    {"cmd": "play", "move": {"cell": [True, False], "color": "red"}},
    {"cmd": "play", "move": {"cell": {"q": 0, "r": 0}, "color": "red"}},
    {"cmd": "play", "move": {"cell": [0, 0], "color": "green"}},
    {"cmd": "play", "move": {"cell": [0, 0], "color": "Red"}},
    {"cmd": "play", "move": {"cell": [0, 0], "color": ["red"]}},
    {"cmd": "play", "move": {"cell": [0, 0], "color": {"red": 1}}},
    {"cmd": "play", "move": {"cell": [0, 0], "color": None}},
])
def test_play_malformed(request_):
    s, _ = new_session(seed=6)
    rejected(s, request_)


# -- genmove / quit --------------------------------------------------------------------------
@pytest.mark.parametrize("level", ["easy", "medium", "hard", None])
def test_genmove_returns_a_legal_move_without_playing_it(level):
    state = mid_game_state(seed=13, plies=7)
    s = Session()
    ok(s, {"cmd": "load", "game": "gauss", "state": state})
    legal = {move_key(m) for m in ok(s, {"cmd": "legal"})["moves"]}
    req = {"cmd": "genmove", "time_ms": 50} | ({"level": level} if level else {})
    for _ in range(5):
        move = ok(s, req)["move"]
        assert set(move) == {"cell", "color"} and move_key(move) in legal
        assert ok(s, CMD_STATE)["state"] == state
    ok(s, {"cmd": "play", "move": move})


@pytest.mark.parametrize("request_", [
    {"cmd": "genmove", "level": "impossible"},
    {"cmd": "genmove", "time_ms": -5},
    {"cmd": "genmove", "time_ms": "fast"},
    {"cmd": "genmove", "time_ms": True},
])
def test_genmove_bad_requests(request_):
    s, _ = new_session(seed=6)
    rejected(s, request_)


def test_quit():
    s, _ = new_session(seed=1)
    assert ok(s, {"cmd": "quit"}) == {"ok": True}
    assert s.done


# -- lines that are not requests -------------------------------------------------------------
BAD_LINES = [
    "hello",
    "{",
    '{"cmd": "state"',
    "{'cmd': 'state'}",
    "[]",
    "42",
    '"state"',
    "null",
    "true",
    '[{"cmd":"state"}]',
    "{}",
    '{"cmd": 5}',
    '{"cmd": null}',
    '{"cmd": ["state"]}',
    '{"cmd": "dance"}',
    '{"cmd": "State"}',
    "[" * 100_000 + "]" * 100_000,
    '{"a":' * 50_000 + "1" + "}" * 50_000,
    "[" * 100_000,
    '{"cmd":"play","move":' + '{"cell":' * 600 + "[0,0]" + "}" * 600 + "}",
    '{"cmd":"new","game":"gauss","seed":' + "9" * 5000 + "}",
    '{"cmd":"play","move":{"cell":[' + "1" * 5000 + ',0],"color":"red"}}',
    '{"cmd":"new","game":"gauss","seed":NaN}',
    '{"cmd":"new","game":"gauss","seed":1e400}',
    '{"cmd":"play","move":{"cell":[0,0],"color":"\\ud800"}}',
]


@pytest.mark.parametrize("line", BAD_LINES, ids=range(len(BAD_LINES)))
def test_bad_lines(line):
    s, _ = new_session(seed=2)
    rejected(s, line)
    rejected(Session(), line)


# -- a real process --------------------------------------------------------------------------
def run_engine(payload: bytes, timeout: float = 60) -> tuple[int, list[dict], bytes]:
    proc = subprocess.run([sys.executable, "-m", "game.engine"], input=payload, cwd=ROOT,
                          capture_output=True, timeout=timeout)
    text = proc.stdout.decode("utf-8")
    assert text.endswith("\n") or text == ""
    answers = [json.loads(line) for line in text.splitlines()]
    assert all(isinstance(a, dict) for a in answers)
    return proc.returncode, answers, proc.stderr


def test_process_end_to_end():
    bad = [b"not json", b"\xff\xfe\x80 garbage", b'{"cmd":"state"\xc3\x28}', b"[" * 100_000,
           b'{"cmd":"play","move":{"cell":[4,0],"color":"red"}}', b'{"cmd":"play","move":17}',
           b'{"cmd":"new","game":"gauss","seed":' + b"7" * 5000 + b"}", b'{"cmd":"dance"}',
           b'{"cmd":"new","game":"gauss","level":"nowhere"}', b'{"cmd":"load","game":"gauss","state":{}}']
    lines = [b'{"cmd":"legal"}',  # before new
             b'{"cmd":"games"}',
             b'{"cmd":"new","game":"gauss","seed":77,"first":"blue"}',
             b'{"cmd":"state"}']
    for b in bad:
        lines += [b, b'{"cmd":"state"}']
    lines += [b'{"cmd":"play","move":{"cell":[0,0],"color":"blue"}}', b'{"cmd":"genmove"}',
              b'{"cmd":"quit"}', b'{"cmd":"games"}']  # the last line comes after quit: no answer
    code, answers, stderr = run_engine(b"\n".join(lines) + b"\n")
    assert code == 0
    assert len(answers) == len(lines) - 1
    assert answers[0]["ok"] is False and answers[1]["ok"] is True and answers[2]["ok"] is True
    start = answers[3]["state"]
    assert start["to_move"] == "blue" and start["board"] == []
    for k in range(len(bad)):
        err, after = answers[4 + 2 * k], answers[5 + 2 * k]
        assert_error(err)
        assert after == {"ok": True, "state": start}
    played, gen, quit_ = answers[-3:]
    assert played["ok"] and played["effects"][0]["type"] == "place"
    assert gen["ok"] and set(gen["move"]) == {"cell", "color"}
    assert quit_ == {"ok": True}
    assert b"Traceback" not in stderr


def test_process_answers_each_line_at_once_and_exits_on_quit():
    proc = subprocess.Popen([sys.executable, "-m", "game.engine"], cwd=ROOT, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)

    def exchange(line: bytes) -> dict:
        proc.stdin.write(line + b"\n")
        proc.stdin.flush()
        assert sel.select(timeout=20), f"no answer to {line[:60]!r}"
        return json.loads(proc.stdout.readline())

    try:
        assert exchange(b'{"cmd":"new","game":"gauss","seed":3}')["ok"] is True
        assert exchange(b"\x80\x81")["ok"] is False
        legal = exchange(b'{"cmd":"legal"}')["moves"]
        answer = exchange(json.dumps({"cmd": "play", "move": legal[0]}).encode())
        assert answer["ok"] is True and answer["state"]["board"]
        assert exchange(b'{"cmd":"quit"}') == {"ok": True}
        assert proc.wait(timeout=20) == 0
        assert proc.stdout.read() == b""
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdin.close()
        proc.stdout.close()
        proc.stderr.close()
        sel.close()


def test_process_exits_zero_at_end_of_input():
    code, answers, _ = run_engine(b'{"cmd":"games"}\n')
    assert code == 0 and len(answers) == 1 and answers[0]["ok"] is True


# -- many random games (slow tier) -----------------------------------------------------------
def check_effects(before: dict, move: dict, effects: list[dict], after: dict) -> None:
    """Replay the effect list on ``before``; it must give exactly ``after``."""
    R = before["radius"]
    board = {(q, r): c for q, r, c in before["board"]}
    gain, risk = dict(before["gain"]), dict(before["risk"])
    kinds = [e["type"] for e in effects]
    assert kinds[0] == "place"
    order = {"place": 0, "slide": 1, "score": 2, "end": 3}
    assert [order[k] for k in kinds] == sorted(order[k] for k in kinds)
    assert kinds.count("place") == 1 and kinds.count("end") <= 1
    place = effects[0]
    cell, trig = tuple(place["cell"]), place["color"]
    assert place == {"type": "place", "cell": move["cell"], "color": move["color"]}
    assert cell not in board and not model.is_void(cell, R)
    board[cell] = trig
    moved_from = set()
    for e in effects:
        if e["type"] == "slide":
            src, dst = tuple(e["from"]), tuple(e["to"])
            assert src != dst and board.get(src) == e["color"] and dst not in board
            assert src not in moved_from  # one slide per disc
            moved_from.add(src)
            assert e["force"] == ("repel" if e["color"] == trig else "attract")
            # the disc slid along a line through the trigger
            d = (src[0] - cell[0], src[1] - cell[1])
            assert d[0] == 0 or d[1] == 0 or d[0] == -d[1]
            del board[src]
            board[dst] = e["color"]
        elif e["type"] == "score":
            col = e["color"]
            cells = [tuple(c) for c in e["gain_cells"]] + [tuple(c) for c in e["risk_cells"]]
            assert len(cells) >= 4 and len(set(cells)) == len(cells)
            assert all(not model.is_void(tuple(c), R) for c in e["gain_cells"])
            assert all(model.is_void(tuple(c), R) for c in e["risk_cells"])
            for c in cells:
                assert board.pop(c) == col
            gain[col] += len(e["gain_cells"])
            risk[col] += len(e["risk_cells"])
    assert board == {(q, r): c for q, r, c in after["board"]}
    assert gain == after["gain"] and risk == after["risk"]
    mover = before["to_move"]
    sup = copy.deepcopy(before["supply"])
    sup[mover][trig] -= 1
    assert sup == after["supply"]
    if after["over"]:
        assert effects[-1] == {"type": "end", "winner": after["winner"]} and after["to_move"] is None
        assert after["winner"] in ("red", "blue", "draw")
    else:
        assert kinds[-1] != "end" and after["to_move"] == model.opponent(mover)


def test_effects_match_state_change_few_games():
    for seed in range(6):
        play_random_game(Session(), seed, ("classic", "small", "large")[seed % 3])


def play_random_game(s: Session, seed: int, level: str) -> dict:
    rng = random.Random(seed)
    state = ok(s, {"cmd": "new", "game": "gauss", "level": level, "seed": seed})["state"]
    plies = 0
    while not state["over"]:
        moves = ok(s, {"cmd": "legal"})["moves"]
        if plies == seed % 30:
            move = ok(s, {"cmd": "genmove", "level": "easy"})["move"]
            assert move in moves
        else:
            move = rng.choice(moves)
        answer = ok(s, {"cmd": "play", "move": move})
        check_effects(state, move, answer["effects"], answer["state"])
        state = answer["state"]
        plies += 1
        assert plies <= 30
    assert ok(s, {"cmd": "legal"})["moves"] == []
    assert all(v == 0 for p in state["supply"].values() for v in p.values())
    return state


@pytest.mark.slow
def test_two_thousand_random_games_through_the_protocol():
    s = Session()
    winners = {"red": 0, "blue": 0, "draw": 0}
    for seed in range(2000):
        final = play_random_game(s, seed, ("classic", "small", "large")[seed % 3])
        winners[final["winner"]] += 1
    assert winners["red"] > 0 and winners["blue"] > 0
