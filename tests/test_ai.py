"""The computer opponent (game/ai): search, solver, chance, turns, levels, protocol, Thinker.

Budgets are counted in simulations wherever a result is checked, so the tests are
reproducible on a busy machine; wall-clock limits are checked only with wide margins.
"""
from __future__ import annotations

import ast
import json
import random
import time
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from game import ai, catalogue, rules
from game.ai import Search, Settings, policies
from game.ai import levels as ai_levels
from game.ai.naive import kinds as naive_kinds
from game.ai.naive import naive_move
from game.content import levels
from game.protocol.engine import Session
from game.rules import gauss as G
from game.rules import improbable as IM
from game.rules import order as O
from game.rules import rush as R
from game.rules.core import DRAW, Game
from game.tools.arena import main as arena_main
from game.tools.arena import run as arena_run
from game.tools.arena import wilson

ROOT = Path(__file__).resolve().parent.parent


def luck_decides(game_id: str) -> bool:
    """The game has chance (its rules leave moves to chance: The Improbable's die), so no
    strength can promise to win nearly every game."""
    return type(catalogue.game(game_id)).chance_outcomes is not Game.chance_outcomes


def searched_from_the_start(game_id: str) -> bool:
    """The start position offers a choice among listed moves (not a forced roll, not an
    arrangement too large to list): the search has something to think about there."""
    game, state = start(game_id, seed=2)
    return len(game.legal_moves(state)) >= 2


def policy_of(game: Game) -> type[policies.Policy]:
    """The policy the game's record names, as every caller in the game passes it (the
    toy games of these tests have no record: uniform playouts)."""
    record = catalogue.RECORDS.get(game.id)
    return record.policy if record else policies.Policy


def choose_move(game: Game, state, *args, **kw):
    return ai.choose_move(game, state, *args, policy=policy_of(game), **kw)


def Thinker(game: Game, state, *args, **kw):  # noqa: N802 - stands in for the class
    return ai.Thinker(game, state, *args, policy=policy_of(game), **kw)


def start(game_id: str, seed: int = 1):
    game = catalogue.game(game_id)
    return game, game.new(levels.load(game_id), seed=seed)


def search(game: Game, state, iterations: int, seed: int = 0, **kw) -> Search:
    s = Search(game, state, policies.for_game(game, policy_of(game)), Settings(iterations=iterations, **kw),
               random.Random(seed))
    s.run()
    return s


class TooBig(Exception):
    pass


def solve(game: Game, state, budget: list[int] | None = None):
    """Exact winner with best play (tiny positions only): plain minimax, by mover."""
    if budget is None:
        budget = [3000]
    budget[0] -= 1
    if budget[0] < 0:
        raise TooBig
    if state.over:
        return state.winner
    me = state.to_move
    results = set()
    for m in game.legal_moves(state):
        w = solve(game, game.play(state, m)[0], budget)
        if w == me:
            return me
        results.add(w)
    return DRAW if DRAW in results else next(iter(results))


def critical_positions(game: Game, state, rng: random.Random, max_moves: int, want: int = 3):
    """Positions near the end where the mover wins but not with every move."""
    found = []
    for _ in range(60):
        s = state
        trail = [s]
        while not s.over:
            s, _ = game.play(s, game.random_move(s, rng))
            trail.append(s)
        for pos in reversed(trail[:-1]):
            moves = game.legal_moves(pos)
            if len(moves) > max_moves or len(moves) < 2:
                continue
            try:
                if solve(game, pos) != pos.to_move:
                    continue
                outcomes = [solve(game, game.play(pos, m)[0]) for m in moves]
            except TooBig:
                break
            if any(w != pos.to_move for w in outcomes):
                found.append((pos, [m for m, w in zip(moves, outcomes, strict=True) if w == pos.to_move]))
                break
        if len(found) >= want:
            break
    return found


# -- no pygame ----------------------------------------------------------------------------------
def test_ai_never_imports_pygame():
    for path in (ROOT / "game" / "ai").glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            assert not any(n.split(".")[0] == "pygame" for n in names), path


# -- forced wins and proofs ---------------------------------------------------------------------
@pytest.mark.parametrize("game_id,level,max_moves", [("rush", {"size": 5, "name": "5x5"}, 4),
                                                     ("gauss", {"radius": 2, "name": "tiny"}, 6),
                                                     ("order", None, 4)])
def test_finds_and_proves_forced_wins(game_id, level, max_moves):
    game = catalogue.game(game_id)
    if level is None:
        state = game.new(levels.load(game_id), seed=5, options={"arrangement": "random"})
    else:
        state = game.new(level, seed=5)
    positions = critical_positions(game, state, random.Random(7), max_moves)
    assert positions, "no critical position found"
    for pos, winning in positions:
        s = search(game, pos, 3000, seed=1)
        move = s.best_move()
        assert move in winning or (game_id == "order" and game.play(pos, move)[0].score
                                   in [game.play(pos, w)[0].score for w in winning])
        assert s.root.proof == pos.to_move


def test_rave_finds_and_proves_forced_wins_too():
    game = catalogue.game("gauss")
    state = game.new({"radius": 2, "name": "tiny"}, seed=5)
    positions = critical_positions(game, state, random.Random(7), 6)
    assert positions
    for pos, winning in positions:
        s = search(game, pos, 3000, seed=1, rave=500.0, exploration=0.0)
        assert s.best_move() in winning and s.root.proof == pos.to_move


def test_rave_counts_every_later_move_of_the_player_to_move():
    """All moves as first: every simulation through a root move played that move later
    for the root's player, so its all-moves-as-first visits are at least its own."""
    game, state = start("gauss", seed=3)
    s = search(game, state, 400, seed=2, rave=500.0, exploration=0.0, early_stop=False)
    root = s.root
    assert root.children and all(root.amaf[c.move][0] >= c.visits for c in root.children)
    plain = search(game, state, 400, seed=2, early_stop=False)
    assert not plain.root.amaf
    # the playouts saw more moves than the tree holds, every one a placement on a gray cell
    assert len(root.amaf) > len(root.children)
    gray = {state.geo.cells[i] for i in state.geo.gray_cells}
    assert all(m.cell in gray and m.color in game.players for m in root.amaf)


def test_gauss_value_tracks_random_playouts():
    """The counts' value stays close to what 64 random playouts say of a position, far closer
    than even odds do, at every stage of the game; red's and blue's values mirror."""
    game = catalogue.game("gauss")
    rng = random.Random(4)
    near = {stage: [0.0, 0.0] for stage in range(3)}
    for k in range(6):
        state = game.new(levels.load("gauss"), seed=100 + k)
        while not state.over:
            if state.ply >= 2 and state.ply % 3 == 0:
                won = sum(1.0 if w == "red" else 0.5 if w == "draw" else 0.0
                          for w in (game.random_playout(state, rng).winner for _ in range(64))) / 64
                v = policies.gauss_value(state)
                near[state.ply * 3 // 30][0] += (v - won) ** 2
                near[state.ply * 3 // 30][1] += (0.5 - won) ** 2
            state, _ = game.play(state, game.random_move(state, rng))
    for stage, (model, even) in near.items():
        assert model < 0.5 * even, (stage, model, even)
    state = game.new(levels.load("gauss"), seed=3)
    for _ in range(9):
        state, _ = game.play(state, game.random_move(state, rng))
    swapped = tuple(3 - c if c else 0 for c in state.board)
    a = policies.gauss_value(replace(state, supply=(9, 3, 4, 8), gain=(5, 2), risk=(1, 0), to_move="red",
                                     ply=12))
    b = policies.gauss_value(replace(state, board=swapped, supply=(8, 4, 3, 9), gain=(2, 5), risk=(0, 1),
                                     to_move="blue", ply=12))
    assert a != 0.5 and abs(a + b - 1.0) < 1e-12


def test_gauss_cut_playout_plays_legal_placements_then_values():
    """With ``horizon`` H the playout makes H legal placements (fewer when the game ends
    first: then the result is the rules' own) and values the position it reaches."""
    game, state = start("gauss", seed=8)
    policy = policies.for_game(game, policy_of(game))
    rng = random.Random(1)
    for horizon in (0, 3, 40):
        trace: list = []
        value = policy.rollout_trace(state, rng, {"horizon": horizon}, trace)
        assert len(trace) == min(horizon, 30)
        s = state
        for player, move in trace:
            assert s.to_move == player and game.is_legal(s, move)
            s, _ = game.play(s, move)
        if s.over:
            assert value == policy.result(s.winner)
        else:
            assert 0.0 < value < 1.0 and value == policies.gauss_value(s)


def test_valuefit_recovers_known_weights():
    """The fit finds the weights that made its targets (soft targets of a known model)."""
    from game.ai import valuefit
    rng = random.Random(2)
    truth = [0.8, -0.3, 0.05, 0.4]
    rows = []
    for _ in range(400):
        x = [rng.randint(-6, 6) for _ in truth]
        rows.append((x, valuefit.predict(truth, x), 0))
    w = valuefit.fit(rows)
    assert all(abs(a - b) < 1e-4 for a, b in zip(w, truth, strict=True)), w


def test_sparks_takes_the_ic_at_once():
    game = catalogue.game("sparks")
    level = levels.load("sparks")
    state = game.load_state({"board": {"d1": "WI", "e7": "WD", "d8": "BI", "b7": "BS", "g2": "WS"},
                             "to_move": "white", "quiet_plies": 0}, level)
    s = search(game, state, 400)
    assert s.root.proof == "white"
    assert s.best_move() == catalogue.game("sparks").parse_move({"from": "e7", "to": "d8"})
    assert choose_move(game, state, "easy", rng=3) == s.best_move()


def test_sparks_avoids_losing_the_ic():
    """Black's Degausser stands next to White's IC: every move but saving the IC loses."""
    game = catalogue.game("sparks")
    state = game.load_state({"board": {"d2": "WI", "e3": "BD", "h5": "BI", "b6": "WS", "a4": "WD"},
                             "to_move": "white", "quiet_plies": 0}, levels.load("sparks"))
    move = choose_move(game, state, "hard", rng=1, iterations=1500)
    after, _ = game.play(state, move)
    if not after.over:
        for reply in game.legal_moves(after):
            assert game.play(after, reply)[0].winner != "black"


def test_improbable_chance_proof():
    """Blue's whole row is laid: any roll ends the game, which Blue wins on length."""
    game = catalogue.game("improbable")
    rows = ((1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6), (6, 6, 5))
    supply = (0,) * 6 + (3, 3, 3, 3, 2, 1)
    state = IM.State(level="classic", supply=supply, rows=rows, aside=(), turn="blue", to_move="blue",
                     winner=None, seed=1, rolls=21)
    s = search(game, state, 200)
    assert s.root.proof == "blue"
    chance = s.root.children[0]
    assert chance.is_chance and len(chance.children) == 6


# -- chance nodes -----------------------------------------------------------------------------------
def test_chance_nodes_sample_all_six_faces_uniformly():
    game, state = start("improbable", seed=4)
    s = search(game, state, 3000)
    chance = s.root.children[0]
    assert chance.is_chance
    faces = sorted(c.move.value for c in chance.children)
    assert faces == [1, 2, 3, 4, 5, 6]
    visits = [c.visits for c in chance.children]
    assert min(visits) > 0.7 * sum(visits) / 6


def test_improbable_never_reads_the_seed():
    """The same position with another seed (other future dice) searches identically."""
    game, state = start("improbable", seed=4)
    state, _ = game.play(state, IM.Move("roll", 3))
    state, _ = game.play(state, IM.Move("roll", 5))
    other = IM.State(**{**state.__dict__, "seed": 999})
    a, b = search(game, state, 800, seed=2), search(game, other, 800, seed=2)
    assert a.best_move() == b.best_move()
    assert [c["visits"] for c in a.stats()] == [c["visits"] for c in b.stats()]


def test_improbable_stopping_value():
    """The turn's dynamic program: with 5 and 6 aside the expected gain of rolling is low."""
    game, state = start("improbable", seed=4)
    state, _ = game.play(state, IM.Move("roll", 5))
    state, _ = game.play(state, IM.Move("roll", 6))
    state, _ = game.play(state, IM.Move("roll", 4))
    stop, roll = policies.improbable_roll_gain(state)
    assert stop == 15 and roll < stop
    assert choose_move(game, state, "hard", rng=1, iterations=600) == IM.STOP
    fresh, _ = game.play(start("improbable", seed=4)[1], IM.Move("roll", 1))
    stop, roll = policies.improbable_roll_gain(fresh)
    assert roll > stop == 1
    assert choose_move(game, fresh, "hard", rng=1, iterations=600) == IM.ROLL


# -- several moves per turn ------------------------------------------------------------------------
@dataclass(frozen=True)
class ToyState:
    """A turn of two moves by ``a``, then one by ``b``; ``a`` wins iff both its moves are 1."""

    bits: tuple[int, ...] = ()
    game: str = "toy"
    level: str = "toy"

    @property
    def to_move(self):
        return None if len(self.bits) == 3 else ("a" if len(self.bits) < 2 else "b")

    @property
    def over(self):
        return len(self.bits) == 3

    @property
    def winner(self):
        if not self.over:
            return None
        return "a" if self.bits[:2] == (1, 1) else "b"


class Toy(Game):
    id = "toy"
    players = ("a", "b")

    def legal_moves(self, state):
        return [] if state.over else [0, 1]

    def play(self, state, move):
        return ToyState(state.bits + (move,)), []


def test_multi_move_turns_back_up_by_mover():
    game = Toy()
    s = search(game, ToyState(), 200)
    assert s.best_move() == 1
    assert s.root.proof == "a"
    one = next(c for c in s.root.children if c.move == 1)
    assert one.mover == "a" and one.to_move == "a"
    for child in one.children:  # a's second move: values are a's, not b's
        assert child.mover == "a"
        assert child.q() == (1.0 if child.move == 1 else 0.0) or child.visits == 0


def test_rush_turn_values_are_by_mover():
    game, state = start("rush")
    s = search(game, state, 1500)
    stack = [s.root]
    checked = 0
    while stack:
        node = stack.pop()
        for child in node.children:
            assert child.mover == node.to_move
            if child.to_move == child.mover:
                checked += 1
            stack.append(child)
    assert s.root.visits == 1500


def test_rush_scored_playout_plays_legal_placements():
    game = catalogue.game("rush")
    policy = policies.RushPolicy(game)
    rng = random.Random(3)
    for size in ("9x9", "13x13"):
        for _ in range(10):
            state = game.new(levels.load("rush", size), seed=1)
            for _ in range(rng.randrange(40)):
                state, _ = game.play(state, game.random_move(state, rng))
            placed: list[int] = []
            end = policy.scored_playout(state, rng, 8, placed)
            for i in placed:
                state, _ = game.play(state, R.Move(state.geo.cell(i)))
            assert state.over and state.board == end.board and state.winner == end.winner


def test_rush_hard_looks_only_at_the_best_scored_placements():
    game = catalogue.game("rush")
    policy = policies.RushPolicy(game)
    hard = policies.RushPolicy.tuning["hard"]["playout"]

    def position(rows):
        return game.load_state({"size": 9, "board": rows + ["." * 9] * (9 - len(rows)), "to_move": "black",
                                "continuing": False}, levels.load("rush"))

    # c9 touches a black and a white stone: it earns another placement, so it alone is looked at
    assert [m.cell for m in policy.moves(position(["B.W......"]), hard)] == [(1, 0)]
    # nothing earns another: next to its own stone a placement scores 3, touching nothing 2, next to
    # the white stone 0, and 1 less for each point it hands White (f8 hands over f9 and e8)
    state = position(["B...W...."])
    scores = {state.geo.name(i): s for i, s in policies.rush_scores(state).items()}
    assert scores["a8"] == 3 and scores["c8"] == 2 and scores["d9"] == 0 and scores["f8"] == 0
    best = {game.move_text(m, state) for m in policy.moves(state, hard)}
    assert best == {n for n, s in scores.items() if s == max(scores.values())}
    assert len(policy.moves(state, {"margin": 1})) > len(best)
    assert policy.moves(state) == game.legal_moves(state)  # no margin: every legal placement


# -- determinism, levels, time ------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_deterministic_with_a_seed(game_id):
    game, state = start(game_id, seed=11)
    if game_id == "order":
        state = game.new(levels.load("order"), seed=11, options={"arrangement": "random"})
    a = [choose_move(game, state, lv, rng=5, iterations=150) for lv in ai_levels.LEVELS]
    b = [choose_move(game, state, lv, rng=5, iterations=150) for lv in ai_levels.LEVELS]
    assert a == b


def test_levels_are_settings_of_one_search():
    for game_id in catalogue.GAME_IDS:
        tuning = catalogue.get(game_id).policy.tuning
        e, m, h = (ai_levels.settings(lv, tuning=tuning) for lv in ai_levels.LEVELS)
        assert e.seconds < m.seconds < h.seconds <= 1.0
        assert e.temperature > h.temperature == 0
    assert ai_levels.settings("hard", time_ms=100, tuning=policies.GaussPolicy.tuning).seconds < 0.1
    with pytest.raises(ValueError):
        ai_levels.settings("expert")


def test_order_arrangement_is_valid():
    game, state = start("order")
    for lv in ("easy", "medium", "hard", "random"):
        move = choose_move(game, state, lv, rng=2, time_ms=300)
        assert isinstance(move, O.Arrange) and O.why_bad_arrangement(move.lengths) is None
    blue = choose_move(game, state, "hard", rng=2)
    state, _ = game.play(state, blue)
    assert state.to_move == "brown"
    brown = choose_move(game, state, "hard", rng=3)
    state, _ = game.play(state, brown)
    assert state.phase == "play" and choose_move(game, state, "medium", rng=1, time_ms=100) \
        in game.legal_moves(state)


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_genmove_through_the_protocol(game_id):
    session = Session()
    assert session.handle_line(json.dumps({"cmd": "new", "game": game_id, "seed": 3}))["ok"]
    for _ in range(3):
        if session.match.state.over:
            break
        for level, time_ms in (("easy", 100), ("hard", 150)):
            t0 = time.perf_counter()
            answer = session.handle_line(json.dumps({"cmd": "genmove", "level": level, "time_ms": time_ms}))
            took = time.perf_counter() - t0
            assert answer["ok"], answer
            assert took < time_ms / 1000 + 1.0  # the budget holds (a loose bound: CI machines are shared)
            legal = session.handle_line('{"cmd":"legal"}')["moves"]
            assert answer["move"] in legal or "arrange" in answer["move"]
        played = session.handle_line(json.dumps({"cmd": "play", "move": answer["move"]}))
        assert played["ok"], played
    zero = session.handle_line('{"cmd":"genmove","level":"medium","time_ms":0}')
    assert zero["ok"] or session.match.state.over


# -- the stepped Thinker ----------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", [g for g in catalogue.GAME_IDS if searched_from_the_start(g)])
def test_thinker_steps_in_slices(game_id):
    game, state = start(game_id, seed=2)
    thinker = Thinker(game, state, "medium", time_ms=300, rng=4)
    slices, worst, move = 0, 0.0, None
    while move is None:
        t0 = time.perf_counter()
        move = thinker.step(0.005)
        worst = max(worst, time.perf_counter() - t0)
        slices += 1
        assert slices < 2000
    assert move in game.legal_moves(state)
    assert slices > 5
    assert worst < 0.06  # one simulation may overrun a 5 ms slice, never by much
    same = Thinker(game, state, "medium", rng=4, iterations=120)
    other = Thinker(game, state, "medium", rng=4, iterations=120)
    while same.step(0.002) is None:
        pass
    assert other.result() == same.move


def test_random_level_and_game_over():
    game, state = start("rush")
    assert Thinker(game, state, "random", rng=1).result() in game.legal_moves(state)
    over = game.random_playout(state, random.Random(1))
    with pytest.raises(rules.RulesError):
        Thinker(game, over, "easy")


def test_wilson_and_arena_smoke():
    lo, hi = wilson(50, 100)
    assert 0.40 < lo < 0.5 < hi < 0.6
    assert wilson(10, 10)[1] == 1.0
    r = arena_run("order", "easy", "random", 2, seed=3, time_scale=0.1)
    assert r["wins"] + r["losses"] + r["draws"] == 2
    assert r["sec_per_move_a"]["moves"] > 0
    # the experiments' options: A thinks longer than B, with its settings overridden
    r = arena_run("gauss", "hard", "uct", 1, seed=3, seconds=0.01, a_seconds=0.04, a_tuning={"rave": 0.0})
    assert r["sec_per_move_a"]["median"] > 2 * r["sec_per_move_b"]["median"]
    assert r["a_tuning"] == {"rave": 0.0}
    with pytest.raises(SystemExit):
        arena_main(["gauss", "--a-tuning", '{"no such setting": 1}'])


# -- naive opponents (the arena's yardsticks) --------------------------------------------------------
def naive(game_id: str, state, kind: str, seed: int = 1):
    game = catalogue.game(game_id)
    return naive_move(game, state, kind, random.Random(seed), policy_of(game))


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_filler_plays_the_first_legal_move_and_filler_rev_the_last(game_id):
    game, state = start(game_id, seed=4)
    if game_id == "order":  # the arrangement is not listed: drawn at random, then the placements
        state = game.new(levels.load("order"), seed=4, options={"arrangement": "random"})
    moves = game.legal_moves(state)
    assert naive(game_id, state, "filler") == moves[0]
    assert naive(game_id, state, "filler-rev") == moves[-1]


def test_rush_filler_fills_in_reading_order():
    game, state = start("rush")
    assert naive("rush", state, "filler").cell == (0, 0)
    assert naive("rush", state, "filler-rev").cell == (8, 8)


def test_mirror_reflects_the_opponents_move():
    game, state = start("rush")
    state, _ = game.play(state, game.parse_text("c3", state))
    assert game.move_text(naive("rush", state, "mirror"), state) == "g7"  # through the centre e5
    game, state = start("sparks")
    state, _ = game.play(state, game.parse_text("b2-b4", state))
    assert naive("sparks", state, "mirror") == game.parse_text("b7-b5", state)  # the ranks reflected
    game, state = start("gauss", seed=3)
    mover = state.to_move
    state, _ = game.play(state, G.Move((1, 1), mover))
    other = "red" if mover == "blue" else "blue"
    assert naive("gauss", state, "mirror") == G.Move((-1, -1), other)  # the colours swapped too


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_a_games_mirror_is_a_symmetry_of_its_board_that_swaps_the_sides(game_id):
    game, state = start(game_id, seed=2)
    mirrored = game.mirror(state)
    if mirrored is None:
        return
    image, swap = mirrored
    n = len(state.board)
    assert sorted(image) == list(range(n)) and all(image[image[i]] == i for i in range(n))
    assert all(swap[swap[c]] == c for c in swap) and any(swap[c] != c for c in swap)
    # the start position is its own mirror image, the sides swapped
    assert [swap[state.board[image[i]]] for i in range(n)] == list(state.board)


def test_mirror_exists_only_where_the_board_has_a_symmetry():
    assert "mirror" in naive_kinds(*start("rush")) and "mirror" not in naive_kinds(*start("improbable"))
    assert "mirror" not in naive_kinds(*start("order"))
    game, state = start("improbable")
    with pytest.raises(ValueError):
        naive("improbable", state, "mirror")
    with pytest.raises(SystemExit):
        arena_main(["order", "--b", "mirror"])


def test_greedy_takes_the_immediate_gain():
    game = catalogue.game("rush")
    state = game.load_state({"size": 9, "board": ["B.W......"] + ["." * 9] * 8, "to_move": "black",
                             "continuing": False}, levels.load("rush"))
    assert naive("rush", state, "greedy").cell == (1, 0)  # two connections: another placement
    game = catalogue.game("sparks")
    state = game.load_state({"board": {"d1": "WI", "e7": "WD", "d8": "BI", "b7": "BS", "g2": "WS"},
                             "to_move": "white", "quiet_plies": 0}, levels.load("sparks"))
    assert naive("sparks", state, "greedy") == game.parse_move({"from": "e7", "to": "d8"})  # the IC
    game, state = start("improbable", seed=5)
    while not state.aside:
        state, _ = game.play(state, IM.ROLL)
    assert naive("improbable", state, "greedy") == IM.STOP  # a roll adds nothing now, on average


def test_random_naive_player_is_uniform_and_seeded():
    game, state = start("rush")
    picks = {naive("rush", state, "random", seed) for seed in range(40)}
    assert len(picks) > 20 and picks <= set(game.legal_moves(state))
    assert naive("rush", state, "random", 7) == naive("rush", state, "random", 7)


def test_arena_plays_the_naive_players():
    for kind in naive_kinds(*start("rush")):
        r = arena_run("rush", kind, "random" if kind != "random" else "filler", 2, seed=3)
        assert r["wins"] + r["losses"] + r["draws"] == 2
    r = arena_run("improbable", "filler", "greedy", 2, seed=3)
    assert r["sec_per_move_b"]["moves"] > 0


# -- strength (slow) ------------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("game_id", [g for g in catalogue.GAME_IDS if not luck_decides(g)])
def test_hard_beats_random(game_id):
    r = arena_run(game_id, "hard", "random", 10, seed=9, time_scale=0.2)
    assert r["wins"] >= 9


@pytest.mark.slow
def test_hard_beats_the_reading_order_filler_in_rush():
    """Issue #28: the filler had beaten hard 4 games of 4 on Rush's 9x9 board. Four games,
    seats alternating; one loss is allowed for a busy machine (the budget is wall time)."""
    r = arena_run("rush", "hard", "filler", 4, seed=1, seconds=0.3)
    assert r["wins"] >= 3, f"hard against the filler: {r['wins']} won, {r['losses']} lost, {r['draws']} drawn"


@pytest.mark.slow
def test_the_filler_still_beats_a_search_without_the_rule():
    """The yardstick of the test above still bites: hard's own search over every legal
    placement, with uniform playouts and no prior (the behaviour that lost to the filler),
    loses to it as it did (0 of 4, seed 1, 0.3 s). Were the filler weakened, the test above
    would pass for nothing; this one would fail."""
    r = arena_run("rush", "hard", "filler", 4, seed=1, seconds=0.3,
                  a_tuning={"playout": {}, "prior_weight": 0.0})
    assert r["wins"] <= 1, f"the search without the rule won {r['wins']} of 4 against the filler"


# -- stopping early -------------------------------------------------------------------------------------
def test_early_stop_keeps_the_answer():
    """With temperature 0 the search stops once the runner-up cannot catch up; the move is
    the one the whole budget gives."""
    game, state = start("improbable", seed=4)
    for v in (5, 6, 4):
        state, _ = game.play(state, IM.Move("roll", v))
    early = search(game, state, 3000, seed=1)
    full = search(game, state, 3000, seed=1, early_stop=False)
    assert early.settled and early.iterations < 3000 and full.iterations == 3000 and not full.settled
    visits = sorted(c.visits for c in early.root.children)
    assert visits[-1] - visits[-2] > 3000 - early.iterations
    assert early.best_move() == full.best_move() == IM.STOP
    slipping = search(game, state, 3000, seed=1, temperature=0.1)
    assert slipping.iterations == 3000 and not slipping.settled


# -- The Great Order: placements solved exactly -----------------------------------------------------------
def order_play_states(seed: int, games: int):
    """Every position of ``games`` random games from random arrangements."""
    game = catalogue.game("order")
    rng = random.Random(seed)
    for g in range(games):
        s = game.new(levels.load("order"), seed=seed + g, options={"arrangement": "random"})
        while not s.over:
            yield s
            s, _ = game.play(s, game.random_move(s, rng))


def test_order_abstraction_follows_the_rules():
    """Each end ``order_children`` offers leads where the rules lead: same class of
    position, same points scored, the game over exactly when the rules end it."""
    game = catalogue.game("order")
    seen = 0
    for s in order_play_states(3, 12):
        children = policies.order_children(policies.order_abstract(s))
        kids = {end: (points, nxt) for end, points, nxt, _ in children}
        moves = game.legal_moves(s)
        assert set(kids) == {0 if m.end == "left" else 1 for m in moves}
        p = O.PLAYERS.index(s.to_move)
        for m in moves:
            after, _ = game.play(s, m)
            points, nxt = kids[0 if m.end == "left" else 1]
            assert after.score[p] - s.score[p] == points and after.score[1 - p] == s.score[1 - p]
            assert (nxt is None) == after.over
            if nxt is not None:
                assert policies.order_abstract(after) == nxt
            seen += 1
    assert seen > 300


def test_order_exact_value_agrees_with_plain_minimax():
    """Near the end, the solved score difference names the winner plain minimax over the
    rules finds."""
    game = catalogue.game("order")
    checked = 0
    for s in order_play_states(5, 30):
        if len(s.collections[0]) + len(s.collections[1]) > 6:
            continue
        try:
            winner = solve(game, s, [20000])
        except TooBig:
            continue
        d = s.score[0] - s.score[1] + policies.order_value(policies.order_abstract(s))
        assert winner == ("blue" if d > 0 else "brown" if d < 0 else DRAW)
        checked += 1
    assert checked >= 30


def test_order_hard_plays_the_solved_win():
    """Where one end wins against best play and the other does not, hard takes the
    winning end (a budget of 20 simulations could not find it by search)."""
    game = catalogue.game("order")
    policy = policies.for_game(game, policy_of(game))
    found = 0
    for s in order_play_states(7, 40):
        values = policy.exact_values(s)
        if len(values) < 2 or (values[0][1] > 0) == (values[1][1] > 0):
            continue
        win = max(values, key=lambda mv: mv[1])[0]
        assert choose_move(game, s, "hard", rng=1, iterations=20) == win
        found += 1
        if found == 8:
            break
    assert found == 8


def test_order_exact_solve_goes_on_across_slices():
    """The first placement's solve takes longer than a frame: the stepped Thinker resumes it
    slice by slice (what was solved is kept) and still answers a winning move if any."""
    policies.ORDER_MEMO.clear()
    game = catalogue.game("order")
    state = game.new(levels.load("order"), seed=11, options={"arrangement": "random"})
    thinker = Thinker(game, state, "hard", rng=1)
    slices, worst, move = 0, 0.0, None
    while move is None:
        t0 = time.perf_counter()
        move = thinker.step(0.005)
        worst = max(worst, time.perf_counter() - t0)
        slices += 1
    # more than one slice: the solve was resumed (how many depends on the machine's speed)
    assert slices > 1 and worst < 0.06
    values = dict(policies.for_game(game, policy_of(game)).exact_values(state))
    if max(values.values()) > 0:
        assert values[move] == max(values.values())
    assert move in game.legal_moves(state)


def test_order_book_is_valid_and_strong():
    """The book's arrangements are valid and distinct; hard and medium arrange from it
    (either way round); the best one wins most exact games against random arrangements."""
    book = [tuple(int(c) for c in a) for a in policies.ORDER_BOOK]
    assert len(set(book)) == len(book) >= 8
    assert all(O.why_bad_arrangement(a) is None for a in book)
    game, state = start("order")
    for level, k in (("hard", policies.OrderPolicy.tuning["hard"]["playout"]["book"]),
                     ("medium", policies.OrderPolicy.tuning["medium"]["playout"]["book"])):
        for seed in range(6):
            lengths = choose_move(game, state, level, rng=seed).lengths
            assert lengths in book[:k] or lengths[::-1] in book[:k]
    rng = random.Random(3)
    wins = 0
    for _ in range(10):
        other = O.random_arrangement(rng)
        for first in O.PLAYERS:
            s = O.State(level="classic", phase="play", collections=(book[0], other), columns=state.columns,
                        score=(0, 0), chain=0, first=first, to_move=first, winner=None, seed=1)
            wins += policies.order_value(policies.order_abstract(s)) > 0
    assert wins >= 15


# -- no garbage collection in the search ------------------------------------------------------------------
def test_search_runs_without_the_garbage_collector_and_frees_its_tree():
    """A full collection in the middle of a move overran the budget: the collector is off
    while the search runs and on again after; the tree has no reference cycles, so it is
    freed as soon as the search is dropped, collector or not."""
    import gc
    import weakref

    game, state = start("rush", seed=3)
    seen = []

    class Watching(policies.RushPolicy):
        def rollout(self, state, rng, knobs):
            seen.append(gc.isenabled())
            return super().rollout(state, rng, knobs)

    assert gc.isenabled()
    s = Search(game, state, Watching(game), Settings(iterations=300), random.Random(1))
    s.run()
    assert seen and not any(seen) and gc.isenabled()
    grandchild = next(c for c in s.root.children if c.children).children[0].state
    ref = weakref.ref(grandchild)
    del grandchild
    gc.disable()
    try:
        del s
        assert ref() is None
    finally:
        gc.enable()


def test_the_plain_policy_plays_every_game_from_its_start():
    """Uniform playouts with no knowledge (a record without a policy of its own, the
    arena's baseline) must still play every phase, The Great Order's arrangement too."""
    for game_id in catalogue.GAME_IDS:
        game, state = start(game_id, seed=2)
        for _ in range(3):
            if state.over:
                break
            move = ai.choose_move(game, state, "easy", rng=1, iterations=30, policy=policies.Policy)
            state, _ = game.play(state, move)
