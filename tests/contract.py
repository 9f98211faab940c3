"""The contract every game keeps, whatever its rules (as OpenSpiel checks every game with one
random-simulation test): what ``game.rules.core.Game`` promises, checked on any position.

``tests/test_contract.py`` runs it on every game of the catalogue (the sixth game of
``tests/sixth`` included); a game's own rule tests call the same checks on positions only
they know how to reach (a 5×5 Rush board, a GAUSS position built by hand), so each promise
is written once:

* the end: ``over`` iff ``to_move`` is None iff ``outcome`` is given, and the outcome's
  winner is the state's; the legal moves are empty iff the game is over (or the player's
  moves are too many to list, ``moves_unlisted``; then ``random_move`` draws one);
* a move left to chance (``chance_outcomes``): its outcomes legal moves that force each
  result, no two alike, their probabilities a distribution;
* ``state_json`` is JSON, and ``load_state`` reads it back to the same JSON, the same
  legal moves and the same outcome;
* every move (listed, or drawn by ``random_move``) is legal and survives ``move_json`` ->
  JSON text -> ``parse_move``, and ``move_text`` -> ``parse_text`` gives a move that plays
  exactly like it (a roll's text names the die it will show: the same move once played);
* ``play`` leaves the state and the move it is given as they were (deep equality, and the
  state's JSON), and its effects are JSON with exactly the keys and types of the game's
  ``effect_types``; an ``end`` effect comes last, naming the winner, iff the move ended
  the game; ``random_playout`` leaves its start as it was and ends in a finished game that
  keeps the contract too;
* through the engine protocol (``game.protocol.engine.Session``, the ``python -m game.engine`` of a
  process) a random game answers what the rules answer, move by move.
"""
from __future__ import annotations

import copy
import json
import random
import typing
from collections import Counter
from collections.abc import Iterator
from typing import Any

from game import catalogue
from game.content import levels
from game.protocol.engine import Session
from game.rules.core import DRAW, Game

#: positions check this many of their listed moves (all of them when there are fewer)
MOVES_CHECKED = 8


# -- effects ----------------------------------------------------------------------------------
def shape_errors(game: Game, effect: Any) -> list[str]:
    """What is wrong with ``effect`` for ``game``: an undeclared type, a key too many or
    missing, a value of another type than its TypedDict says (empty: nothing)."""
    if not isinstance(effect, dict):
        return [f"an effect must be a dict, not {effect!r}"]
    kind = game.effect_types.get(effect.get("type"))
    if kind is None:
        return [f"undeclared effect type {effect.get('type')!r}"]
    hints = typing.get_type_hints(kind)
    errors = []
    if set(effect) != set(hints):
        errors.append(f"{effect['type']}: keys {sorted(effect)} != {sorted(hints)}")
    for key, hint in hints.items():
        if key in effect and not fits(effect[key], hint):
            errors.append(f"{effect['type']}.{key} = {effect[key]!r} is not {hint}")
    return errors


def fits(value: Any, hint: Any) -> bool:
    origin = typing.get_origin(hint)
    if origin is typing.Literal:  # an effect's tag, a word of a few
        return any(value == word and type(value) is type(word) for word in typing.get_args(hint))
    if origin is list:
        (item,) = typing.get_args(hint)
        return isinstance(value, list) and all(fits(v, item) for v in value)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def is_json(value: Any) -> bool:
    """Whether ``value`` is plain JSON: it survives a trip through JSON text unchanged."""
    try:
        return json.loads(json.dumps(value, allow_nan=False)) == value
    except (TypeError, ValueError):
        return False


# -- one position -----------------------------------------------------------------------------
def plays_alike(game: Game, state: Any, a: Any, b: Any) -> bool:
    """Whether moves ``a`` and ``b`` do exactly the same from ``state``."""
    (sa, ea), (sb, eb) = game.play(state, a), game.play(state, b)
    return ea == eb and game.state_json(sa) == game.state_json(sb)


def check_move(game: Game, state: Any, move: Any) -> None:
    """A legal ``move`` of ``state``: its JSON and its notation read back."""
    assert game.why_illegal(state, move) is None, (move, game.why_illegal(state, move))
    obj = game.move_json(move)
    assert is_json(obj), obj
    assert game.parse_move(json.loads(json.dumps(obj))) == move, obj
    outcomes = game.chance_outcomes(state, move)
    if outcomes is not None:  # a move left to chance: each result forced, the odds a distribution
        assert outcomes and abs(sum(p for _m, p in outcomes) - 1.0) < 1e-9, outcomes
        assert all(p > 0 and game.why_illegal(state, m) is None for m, p in outcomes), outcomes
        assert all(game.chance_outcomes(state, m) is None for m, _p in outcomes), "an outcome left to chance"
        results = {json.dumps(game.play(state, m)[1], sort_keys=True) for m, _p in outcomes}
        assert len(results) == len(outcomes), "two chance outcomes that do the same"
    text = game.move_text(move, state)
    assert isinstance(text, str) and text.strip(), move
    parsed = game.parse_text(text, state)
    assert parsed == move or plays_alike(game, state, parsed, move), (text, parsed, move)


def check_position(game: Game, state: Any, level: dict[str, Any], rng: random.Random) -> None:
    """Every promise of the rules API about one position (see the module's doc)."""
    over = state.over
    assert state.game == game.id
    assert (state.to_move is None) == over
    outcome = game.outcome(state)
    assert (outcome is not None) == over, outcome
    if over:
        assert outcome.winner == state.winner and state.winner in (*game.players, DRAW), outcome
        assert isinstance(outcome.reason, str) and outcome.reason
    else:
        assert state.winner is None and state.to_move in game.players
    legal = game.legal_moves(state)
    assert len(set(legal)) == len(legal), "a move listed twice"
    if over:
        assert legal == [] and not game.moves_unlisted(state)
    else:
        assert bool(legal) != game.moves_unlisted(state), (len(legal), game.moves_unlisted(state))
    scores = game.scores(state)
    assert set(scores) == set(game.players) and all(isinstance(v, int) for v in scores.values())
    obj = game.state_json(state)
    assert is_json(obj) and obj["game"] == game.id and obj["to_move"] == state.to_move
    assert obj["over"] is over and obj["winner"] == state.winner
    loaded = game.load_state(json.loads(json.dumps(obj)), level)
    assert game.state_json(loaded) == obj
    assert game.legal_moves(loaded) == legal and game.outcome(loaded) == outcome
    assert game.mid_turn(loaded) == game.mid_turn(state)
    for move in legal if len(legal) <= MOVES_CHECKED else rng.sample(legal, MOVES_CHECKED):
        check_move(game, state, move)
    if not over:
        check_move(game, state, game.random_move(state, rng))


def check_play(game: Game, state: Any, move: Any) -> tuple[Any, list[dict[str, Any]]]:
    """``play`` from ``state``: its input untouched, its effects typed, ``end`` iff over."""
    kept, kept_move = copy.deepcopy(state), copy.deepcopy(move)
    kept_json = copy.deepcopy(game.state_json(state))
    after, effects = game.play(state, move)
    assert state == kept and move == kept_move, "play changed what it was given"
    assert game.state_json(state) == kept_json, "play changed the state it was given"
    assert is_json(effects), effects
    for e in effects:
        assert shape_errors(game, e) == [], (e, shape_errors(game, e))
        if e["type"] == "pass":
            assert e["player"] in game.players
    kinds = [e["type"] for e in effects]
    assert ("end" in kinds) == after.over, kinds
    if after.over:
        assert kinds.index("end") == len(kinds) - 1 and effects[-1]["winner"] == after.winner, effects
    return after, effects


def check_playout(game: Game, state: Any, level: dict[str, Any], rng: random.Random) -> Any:
    """``random_playout`` from ``state``: its start untouched, its end a finished position
    that keeps the contract. Returns the end."""
    kept, kept_json = copy.deepcopy(state), copy.deepcopy(game.state_json(state))
    end = game.random_playout(state, rng)
    assert state == kept and game.state_json(state) == kept_json, "random_playout changed its start"
    assert end.over
    check_position(game, end, level, rng)
    return end


def random_game(game: Game, level: dict[str, Any], seed: int, check: bool = True) -> Iterator[tuple]:
    """The positions of a random game (each move drawn by ``random_move``), as
    ``(state, move, after, effects)``, every position and play checked, and a random
    playout from the start."""
    rng = random.Random(seed)
    state = game.new(level, seed=seed)
    if check:
        check_position(game, state, level, rng)
        check_playout(game, state, level, random.Random(seed))
    while not state.over:
        move = game.random_move(state, rng)
        after, effects = check_play(game, state, move) if check else game.play(state, move)
        yield state, move, after, effects
        state = after
        if check:
            check_position(game, state, level, rng)


def effect_kinds(game_id: str, games: int, seed: int = 0) -> Counter:
    """How often each effect type came in ``games`` checked random games, on every level of
    the game in turn."""
    game = catalogue.game(game_id)
    names = levels.names(game_id)
    seen: Counter = Counter()
    for k in range(games):
        level = levels.load(game_id, names[k % len(names)])
        for *_played, effects in random_game(game, level, seed + k):
            seen.update(e["type"] for e in effects)
    return seen


# -- through the engine protocol -------------------------------------------------------------
def ask(session: Session, request: dict[str, Any]) -> dict[str, Any]:
    answer = session.handle_line(json.dumps(request))
    assert isinstance(answer, dict) and is_json(answer) and "\n" not in json.dumps(answer)
    return answer


def protocol_games(game_id: str, games: int, seed: int = 0, genmove: float = 0.1,
                   rules: Game | None = None, options: dict[str, Any] | None = None) -> Iterator[dict]:
    """``games`` random games of ``game_id`` through the engine protocol, every level in turn,
    each answer compared with the rules' own; a move is sometimes the computer's (``genmove``
    at once, with the share ``genmove``), and always where the moves are not listed. Yields
    each game's last ``play`` answer. ``rules``: the rules the answers must agree with (the
    game's own); ``options``: the options of each ``new``."""
    game = rules or catalogue.game(game_id)
    names = levels.names(game_id)
    rng = random.Random(seed)
    for k in range(games):
        s = Session()
        name = names[k % len(names)]
        new = {"cmd": "new", "game": game_id, "level": name, "seed": seed + k}
        answer = ask(s, new if options is None else {**new, "options": options})
        assert answer["ok"], answer
        level = levels.load(game_id, name)
        state = game.load_state(answer["state"], level)
        plies = 0
        while not answer["state"]["over"]:
            legal = ask(s, {"cmd": "legal"})
            assert legal["ok"] and legal["moves"] == [game.move_json(m) for m in game.legal_moves(state)]
            if not legal["moves"] or rng.random() < genmove:
                proposed = ask(s, {"cmd": "genmove", "level": "easy", "time_ms": 0})
                assert proposed["ok"], proposed
                move = proposed["move"]  # listed, or where nothing is listed one play takes
                assert move in legal["moves"] if legal["moves"] else game.moves_unlisted(state), move
            else:
                move = rng.choice(legal["moves"])
            answer = ask(s, {"cmd": "play", "move": move})
            assert answer["ok"], answer
            state, effects = game.play(state, game.parse_move(move))
            assert answer["effects"] == effects and answer["state"] == game.state_json(state)
            plies += 1
        assert ask(s, {"cmd": "legal"}) == {"ok": True, "moves": []}
        assert ask(s, {"cmd": "genmove"})["ok"] is False
        assert ask(s, {"cmd": "state"}) == {"ok": True, "state": answer["state"]}
        yield answer
