"""What each socket of a game may see: the ``played`` envelope of a move as the spectators
see it, and each seat's own where the rules hide something from the others (The Great
Order's arrangement, until play begins).

The rules decide (``Game.private``, ``Game.view``, ``Game.view_play``); the server never asks
which game it is. A move hidden from a side is sent to it as the rules' stand-in, marked
``"hidden": ["move"]``; the STATE lists its own stand-ins in its ``"hidden"``. When a move
makes public what was hidden, its envelope carries ``"revealed"``: the earlier moves that
side was shown as stand-ins, as they were played, so a client's move list (and its replay
of the whole game at the end) holds the real moves.

An envelope is a function of the ply and the audience alone: a client missing moves is
sent the same ones it would have been sent live.
"""
from __future__ import annotations

import json
from typing import Any

from ..match import Match

#: the envelope's version (``service.PROTOCOL``; repeated here to keep the import one way)
PROTOCOL = 1


def dumps(obj: dict[str, Any]) -> str:
    """An envelope as sent: compact JSON."""
    return json.dumps(obj, separators=(",", ":"))


class Views(dict[str, Any]):
    """One message as the spectators see it (the dict itself), and in ``sides`` each seat's
    own where it differs. A plain dict everywhere else: most games hide nothing, and
    their one envelope goes to every socket."""

    sides: dict[str, dict[str, Any]]

    def __init__(self, common: dict[str, Any], sides: dict[str, dict[str, Any]] | None = None) -> None:
        super().__init__(common)
        self.sides = sides or {}

    def to(self, side: str | None) -> dict[str, Any]:
        """The message ``side`` (a seat; None: a spectator) is sent."""
        if side is not None and side in self.sides:
            return self.sides[side]
        return self


def of(message: dict[str, Any], side: str | None) -> dict[str, Any]:
    """``message`` as ``side`` sees it (a plain message: as it is)."""
    return message.to(side) if isinstance(message, Views) else message


def after_ply(match: Match, ply: int, first: int = 0) -> Any:
    """The position after ply ``ply`` of the match (``history[ply].before``, or the state now),
    whose history starts after ply ``first`` (a server keeps the last positions only)."""
    return match.history[ply - first].before if ply - first < len(match.history) else match.state


def played(game_id: str, match: Match, by: list[str], ply: int, effects: list[dict[str, Any]] | None,
           reveal: dict[str, Any], first: int = 0) -> Views:
    """The ``played`` envelope of ply ``ply`` of ``match`` (``effects``: the move's, when
    known; else worked out again), for every audience; ``reveal`` goes with a move that
    ends the game. ``match.history[0]`` is ply ``first + 1`` (the caller gives a history
    that starts at the beginning where the position before ``ply`` hides something)."""
    rules = match.rules
    before, move, _text = match.history[ply - 1 - first]
    after = after_ply(match, ply, first)
    if effects is None:
        _again, effects = rules.play(before, move)
    base: dict[str, Any] = {"v": PROTOCOL, "type": "played", "match": game_id, "ply": ply, "by": by[ply - 1]}
    end = {"reveal": reveal} if after.over else {}
    if not (rules.private(before) or rules.private(after)):
        return Views({**base, "move": rules.move_json(move), "state": rules.view(after, None),
                      "effects": list(effects), **end})
    made: dict[str | None, dict[str, Any]] = {}
    for side in (None, *rules.players):
        seen = rules.view_play(before, move, list(effects), after, side)
        out = {**base, "move": seen.move, "state": rules.view(after, side), "effects": seen.effects, **end}
        if seen.hidden:
            out["hidden"] = ["move"]
        if rules.private(before):
            revealed = shown_now(match, ply, after, side)
            if revealed:
                out["revealed"] = revealed
        made[side] = out
    common = made.pop(None)
    return Views(common, {side: out for side, out in made.items() if side is not None and out != common})


def shown_now(match: Match, ply: int, after: Any, side: str | None) -> list[dict[str, Any]]:
    """The moves before ply ``ply`` that ``side`` was shown as stand-ins and sees as they
    are once the game stands at ``after``."""
    rules = match.rules
    out = []
    for k in range(1, ply):
        before_k, move_k, _text = match.history[k - 1]
        after_k = after_ply(match, k)
        if not rules.private(after_k):
            continue
        _again, effects_k = rules.play(before_k, move_k)
        then = rules.view_play(before_k, move_k, list(effects_k), after_k, side)
        if not then.hidden:
            continue
        now = rules.view_play(before_k, move_k, list(effects_k), after, side)
        if not now.hidden:
            out.append({"ply": k, "move": now.move, "effects": now.effects})
    return out
