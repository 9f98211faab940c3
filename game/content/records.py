"""A game as plain text: a record anyone can read, mail and replay.

    # Gauss Arcade game record
    Game: gauss
    Level: classic
    Seed: 1234
    Seat red: human
    Seat blue: hard
    Saved: 2026-11-24 21:03
    Result: red wins

    1. red: Re5
    2. blue: Bd4 ...

A header of ``Key: value`` lines, then the moves: a line per turn, its number, its
side and the moves of that turn in the game's notation (``docs/rules/<game>.md``; the
move list shows the same notation; a move written with spaces, Sparks' ``draw agreed``,
joins its words with ``_``). The game is rebuilt from its seed (the start player,
the dice) and every move is checked by the rules, so a record can never hold an
impossible game. ``#`` starts a comment; blank lines and the ``Result`` line are ignored
on the way in; so are unknown keys (a newer version may add some).

``export`` writes ``records/<name>.txt`` in the user folder; the Load game screen lists
the records found there beside the saves, to replay or continue (``docs/files.md``).
Nothing in a record is ever executed.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from ..catalogue import RECORDS
from ..catalogue import get as game_record
from ..i18n import N_
from ..persistence import storage
from ..persistence.storage import Message
from ..rules.core import RulesError
from . import levels

RECORDS_DIR = "records"
MAX_BYTES = 400_000
MAX_MOVES = 20_000
#: the longest move word read (the longest the games write, an arrangement of The Great
#: Order, is under 20 characters)
MAX_WORD = 100
#: the longest Options line read (a game's options are a handful of keys)
MAX_OPTIONS = 2000
HEADER = "# Gauss Arcade game record"
MOVE_LINE = re.compile(r"^(\d+)\.\s*(?:([a-z]+):)?\s*(.*)$")


def to_text(save: dict[str, Any]) -> str:
    """A save (its JSON, already checked by ``saves.parse``) as a text record."""
    entry = game_record(save["game"])
    rules = entry.rules
    level = levels.load(save["game"], save["level"], strict=True)
    state = rules.new(level, seed=save["seed"], options=save.get("options"))
    lines = [HEADER, f"Game: {save['game']}", f"Level: {save['level']}", f"Seed: {save['seed']}"]
    if save.get("options") is not None:
        lines.append(f"Options: {json.dumps(save['options'], separators=(',', ':'))}")
    for player, kind in (save.get("seats") or {}).items():
        lines.append(f"Seat {player}: {kind}")
    if save.get("saved"):
        lines.append(f"Saved: {save['saved']}")
    played = []
    for obj in save["moves"]:
        move = rules.parse_move(obj)
        played.append((state, rules.move_text(move, state).replace(" ", "_")))  # one word a move
        state, _effects = rules.play(state, move)
    turns = rules.turns(played)
    outcome = rules.outcome(state)
    if outcome is not None:
        lines.append(f"Result: {'draw' if outcome.winner == 'draw' else outcome.winner + ' wins'}")
    lines.append("")
    lines += [f"{n}. {player}: {' '.join(moves)}" for n, (player, moves) in enumerate(turns, 1)]
    return "\n".join(lines) + "\n"


def _bad(template: str, **values: Any) -> RulesError:
    return RulesError(Message(template, **values))


def from_text(text: str) -> dict[str, Any]:
    """A text record as a save's JSON (check it with ``saves.parse``); RulesError with the
    reason (a ``storage.Message``, line numbers from 1) when it cannot be read."""
    header: dict[str, str] = {}
    seats: dict[str, str] = {}
    turns: list[tuple[int, str | None, list[str]]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        found = MOVE_LINE.match(line)
        if found:
            turns.append((number, found.group(2), found.group(3).split()))
            continue
        if turns:
            raise _bad(N_("line {line} is neither a move line nor a comment"), line=number)
        key, sep, value = line.partition(":")
        if not sep:
            raise _bad(N_("line {line} is not 'Key: value'"), line=number)
        key = key.strip().lower()
        if key.startswith("seat "):
            seats[key[5:].strip()] = value.strip()
        else:
            header[key] = value.strip()
    game = header.get("game")
    if game not in RECORDS:
        raise _bad(N_("it names an unknown game {game}"), game=repr(game)[:40])
    seed = header.get("seed", "")
    if not re.fullmatch(r"-?\d{1,20}", seed):
        raise _bad(N_("it has no seed"))
    options = None
    if "options" in header:
        text = header["options"]
        try:
            options = json.loads(text) if len(text) <= MAX_OPTIONS else None
        except (ValueError, RecursionError):
            raise _bad(N_("its options are not JSON")) from None
        if len(text) > MAX_OPTIONS or not isinstance(options, dict) or storage.depth(options) > 4:
            raise _bad(N_("its options are not an object"))
    rules = game_record(game).rules
    try:
        level = levels.load(game, header.get("level") or rules.default_level, strict=True)
        state = rules.new(level, seed=int(seed), options=options)
    except Exception as exc:  # noqa: BLE001 - options of a shape the rules never meet
        raise _bad(N_("its game cannot be set up ({reason})"), reason=Message.of(exc)
                   if isinstance(exc, RulesError) else exc.__class__.__name__) from None
    moves: list[dict[str, Any]] = []
    for number, side, texts in turns:
        if side is not None and texts and side != state.to_move:
            raise _bad(N_("line {line}: it is {side}'s turn, not {other}'s"), line=number,
                       side=state.to_move, other=side[:20])
        for word in texts:
            if len(moves) >= MAX_MOVES:
                raise _bad(N_("it has more than {most} moves"), most=MAX_MOVES)
            if len(word) > MAX_WORD:  # no move is written so long: never read, never shown whole
                raise _bad(N_("line {line}: {move} cannot be played ({reason})"), line=number,
                           move=storage.shown(word, 40), reason=Message(N_("it is not a move")))
            try:
                move = _move(rules, state, word)
                state, _effects = rules.play(state, move)
            except RulesError as exc:
                raise _bad(N_("line {line}: {move} cannot be played ({reason})"), line=number,
                           move=storage.shown(word, 40), reason=Message.of(exc)) from None
            moves.append(rules.move_json(move))
    return {"format": 1, "game": game, "level": level["name"], "seed": int(seed), "options": options,
            "moves": moves, "saved": header.get("saved", "")[:40], "seats": seats}


def _move(rules: Any, state: Any, word: str) -> Any:
    """The move ``word`` names here: the legal move written so (a roll "R4" is the roll
    whose die the seed gives 4), else whatever the game's notation reads in it."""
    text = word.replace("_", " ")
    for move in rules.legal_moves(state):
        if rules.move_text(move, state) == text:
            return move
    return rules.parse_text(text, state)


def records_dir() -> Path:
    return storage.home() / RECORDS_DIR


def export(name: str, save: dict[str, Any]) -> Path:
    """Write ``save`` as ``records/<name>.txt``; OSError when it cannot be written."""
    path = records_dir() / f"{name}.txt"
    storage.write_bytes(path, to_text(save).encode("utf-8"))
    return path
