"""Effects are typed in the rules: every effect a game emits has the keys and value types
its TypedDict declares, and nothing else (the protocol's JSON stays as it was)."""
from __future__ import annotations

import random
import typing

import pytest

from game import catalogue, levels
from game.rules import sparks


def shape_errors(game, effect: dict) -> list[str]:
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


def fits(value, hint) -> bool:
    origin = typing.get_origin(hint)
    if origin is list:
        (item,) = typing.get_args(hint)
        return isinstance(value, list) and all(fits(v, item) for v in value)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def test_the_shape_check_catches_a_wrong_effect():
    game = catalogue.game("gauss")
    assert shape_errors(game, {"type": "place", "cell": [0, 1], "color": "red"}) == []
    assert shape_errors(game, {"type": "place", "cell": [0, "1"], "color": "red"})
    assert shape_errors(game, {"type": "place", "cell": [0, 1]})
    assert shape_errors(game, {"type": "place", "cell": [0, 1], "color": "red", "extra": 1})
    assert shape_errors(game, {"type": "teleport"})
    assert shape_errors(catalogue.game("rush"), {"type": "place", "cell": [0, 1], "color": "black",
                                                 "connections": True})


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_every_effect_of_random_games_has_its_declared_shape(game_id):
    game = catalogue.game(game_id)
    rng = random.Random(7)
    seen = set()
    for n in range(25):
        state = game.new(levels.load(game_id), seed=n)
        while not state.over:
            state, effects = game.play(state, game.random_move(state, rng))
            for e in effects:
                assert shape_errors(game, e) == []
                seen.add(e["type"])
    assert {"end"} <= seen and len(seen) >= 3


def test_sparks_draw_offers_and_answers_are_typed():
    state = sparks.SPARKS.new(levels.load("sparks"), seed=1)
    # a declined offer is made again after a move on the board (docs/rules/sparks.md)
    for move in (sparks.OFFER, sparks.DECLINE, None, sparks.OFFER, sparks.ACCEPT):
        state, effects = sparks.SPARKS.play(state, move or sparks.SPARKS.legal_moves(state)[0])
        assert effects and all(shape_errors(sparks.SPARKS, e) == [] for e in effects)
