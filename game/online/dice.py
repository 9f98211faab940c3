"""The check of a finished game against the server's word (docs/server.md, "The Improbable's
dice"): at the start the server published ``commit = sha256("<seed>:<salt>")``; with the
last move it reveals the seed and the salt. The client checks the hash, then plays the
moves again from that seed with the rules it has, and must reach the very position the
server sent: the dice (and who started) were the seed's, not chosen along the way.
"""
from __future__ import annotations

import hashlib
from typing import Any

from ..content import levels
from ..match import Match
from ..rules.core import RulesError


def commitment(seed: Any, salt: Any) -> str:
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()


def public(rules: Any, state: Any) -> dict[str, Any]:
    """A state as the server sends it: the rules' JSON, without the seed (never sent for a
    game with chance, meaningless after the start for the others)."""
    out = dict(rules.state_json(state))
    out.pop("seed", None)
    return out


def public_json(state: dict[str, Any]) -> dict[str, Any]:
    """A STATE the server sent, as :func:`public` writes a loaded one: without the seed and
    without ``"hidden"`` (the list of what the rules showed this side as stand-ins)."""
    return {k: v for k, v in state.items() if k not in ("seed", "hidden")}


def check(game_id: str, level: str | dict[str, Any], commit: str, reveal: Any, moves: list[dict[str, Any]],
          final: dict[str, Any]) -> str:
    """"" when the game checks out: ``reveal``'s seed and salt hash to ``commit``, and
    ``moves`` (every move, as JSON) played from that seed end in ``final`` (the STATE the
    server sent last). Otherwise what is wrong, in a few words (for the log)."""
    if not isinstance(reveal, dict) or not isinstance(reveal.get("seed"), int) or isinstance(
            reveal.get("seed"), bool) or not isinstance(reveal.get("salt"), str):
        return "no seed and salt revealed"
    if commitment(reveal["seed"], reveal["salt"]) != commit:
        return "the seed and salt do not match the commitment"
    try:
        match = Match(game_id, level if isinstance(level, dict) else levels.load(game_id, level),
                      reveal["seed"], notes=False)
        for move in moves:
            match.play(match.rules.parse_move(move))
    except (RulesError, ValueError, KeyError, TypeError) as exc:
        return f"the moves cannot be played again from the seed ({exc})"
    if public(match.rules, match.state) != public_json(final):
        return "the moves played from the seed end elsewhere"
    return ""
