"""Probing an engine's legality from outside: which of some moves does ``play`` take?"""
from game.rules.core import IllegalMove


def accepted(game, state, candidates) -> set:
    """The candidate moves ``game.play`` accepts in ``state``."""
    ok = set()
    for move in candidates:
        try:
            game.play(state, move)
        except IllegalMove:
            continue
        ok.add(move)
    return ok
