"""Bookkeeping shared by the two Play-Gauss games (``improbable`` and ``order``).

Both games pick a seeded random start player, draw from the game's seeded
stream, let "the same player go again" inside one turn, and decide the winner
by comparing two totals (row length, points). The pieces live here once; the
rules modules stay about their own rules.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .core import DRAW, RulesError, fresh_seed, mix64, need_int, need_player, start_player

_MASK64 = (1 << 64) - 1


def need_count(value: Any, what: str) -> int:
    """A whole number, 0 or more."""
    return need_int(value, what, 0)


def resolve_seed(seed: Any) -> int:
    """The game's seed: the one given (any whole number) or a fresh one."""
    if seed is None:
        return fresh_seed()
    return need_int(seed, "The seed")


def choose_first(players: tuple[str, str], seed: int, first: Any) -> str:
    """``first`` when given (validated), else the seeded random start player (draw 0)."""
    if first is None:
        return start_player(players, seed)
    return need_player(first, players, "The start player")


def stream(seed: int) -> Callable[[int, int], int]:
    """A fast ``(n, k) -> core.draw(seed, n, k)`` for loops that draw often."""
    base = mix64(seed & _MASK64)

    def pick(n: int, k: int) -> int:
        return mix64(base ^ n) % k

    return pick


def next_player(players: tuple[str, str], player: str, again: bool) -> str:
    """Who moves after ``player``: the same player when ``again``, else the other."""
    if again:
        return player
    return players[1] if player == players[0] else players[0]


def triangular(c: int) -> int:
    """``1 + 2 + ... + c``."""
    return c * (c + 1) // 2


def leader(players: tuple[str, str], totals: tuple[int, int]) -> str:
    """The player with the higher total, or ``"draw"`` when they are equal."""
    if totals[0] == totals[1]:
        return DRAW
    return players[0] if totals[0] > totals[1] else players[1]


def load_header(obj: Any, game_id: str, players: tuple[str, str]) -> tuple[int, bool, str | None]:
    """Read and check the common STATE keys: ``(seed, over, to_move)``.

    ``game`` (when present) must name this game, ``seed`` must be a whole number,
    ``over`` (when present) a boolean that agrees with ``to_move``: a player while
    the game runs, ``null`` once it is over.
    """
    if not isinstance(obj, dict):
        raise RulesError("The state must be a JSON object.")
    if "game" in obj and obj["game"] != game_id:
        raise RulesError(f"The state is for the game {obj['game']!r}, not {game_id!r}.")
    if "seed" not in obj:
        raise RulesError("The state is missing the key 'seed'.")
    seed = need_int(obj["seed"], "The state's 'seed'")
    to_move = obj.get("to_move")
    over = obj.get("over", to_move is None)
    if not isinstance(over, bool):
        raise RulesError("The state key 'over' must be true or false.")
    if over:
        if to_move is not None:
            raise RulesError("A finished game must have 'to_move' null.")
        return seed, True, None
    if to_move is None:
        raise RulesError("A running game needs 'to_move': the player to move.")
    return seed, False, need_player(to_move, players, "The state's 'to_move'")


def check_winner(obj: dict[str, Any], winner: str | None) -> None:
    """A ``winner`` written in a loaded state must be the one its position gives."""
    given = obj.get("winner")
    if given is not None and given != winner:
        if winner is None:
            raise RulesError("A running game cannot have a winner.")
        raise RulesError(f"The state says the winner is {given!r}, but its position gives {winner!r}.")
