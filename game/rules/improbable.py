"""THE IMPROBABLE (Play Gauss, for Sid Sackson), exactly as docs/rules/improbable.md states it.

Two players, ``blue`` and ``brown``; the seeded random start player begins. Each
holds stones of lengths 1–6, three of each, in a **supply**, and one die.

A turn: the player must **roll**. After a roll of ``v``:

* a stone of length ``v`` was already set **aside** this turn → **bust**: every
  stone set aside this turn goes back to the supply and the turn passes;
* else, all three of the player's ``v`` stones already lie in their **row** → the
  game **ends at once**; the stones set aside this turn stay aside, uncounted;
* else one stone of length ``v`` leaves the supply and is set aside.

After a roll that set a stone aside the player may roll again or **stop**: the
stones set aside are appended to the player's row (in the order rolled) and the
turn passes. For every length and player, supply + row + aside = 3.

At the end the longer row (sum of lengths) wins; equal lengths are a draw.

Dice come from the state's seed: the n-th roll of a game (n = 0, 1, …) shows
``draw(seed, 1 + n, 6) + 1`` (draw 0 chose the start player), and the state
carries the roll counter, so a seed and a move list replay a game exactly. A move
``roll`` with a ``value`` forces the die (replays, tests); it still uses up its
place in the stream.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, TypedDict

from .core import (
    N_,
    EndWithReason,
    Game,
    IllegalMove,
    Listed,
    Outcome,
    Reason,
    Refusal,
    RulesError,
    need,
    need_int,
    need_player,
)
from .turns import (
    check_winner,
    choose_first,
    leader,
    load_header,
    need_count,
    next_player,
    resolve_seed,
    stream,
)

# --- effects: what a move did, in order (the protocol's JSON, typed) ---------------------


class RollEffect(TypedDict):
    type: Literal["roll"]
    player: str
    value: int


class AsideEffect(TypedDict):
    type: Literal["aside"]  # the rolled stone goes to the tray
    player: str
    length: int


class BustEffect(TypedDict):
    type: Literal["bust"]  # a repeat; the tray goes back to the supply
    player: str
    returned: list[int]


class BankEffect(TypedDict):
    type: Literal["bank"]  # stopped; the tray goes into the row
    player: str
    lengths: list[int]


class EndEffect(EndWithReason):
    value: int  # the roll that ended the game


Effect = RollEffect | AsideEffect | BustEffect | BankEffect | EndEffect
EFFECT_TYPES: dict[str, type] = {"roll": RollEffect, "aside": AsideEffect, "bust": BustEffect,
                                 "bank": BankEffect, "end": EndEffect}

PLAYERS = ("blue", "brown")
LENGTHS = (1, 2, 3, 4, 5, 6)
COPIES = 3
FACES = 6


class Move(NamedTuple):
    """``action`` is ``"roll"`` or ``"stop"``; ``value`` forces the die of a roll."""

    action: str
    value: int | None = None


ROLL = Move("roll")
STOP = Move("stop")
#: a roll's chance outcomes: each face forced, one time in six
ROLLS = tuple((Move("roll", v), 1.0 / 6) for v in range(1, 7))


@dataclass(frozen=True)
class State:
    """A position of The Improbable.

    ``supply`` holds 12 counts: index ``6 * p + (length - 1)`` for player ``p``
    (0 blue, 1 brown). ``rows`` are the two rows in laying order. ``aside`` lists
    the stones set aside this turn by ``turn`` (the player whose turn it is, or
    was when the game ended). ``rolls`` counts the rolls made so far; ``die``
    is the value last rolled (``None`` before the first roll).
    """

    level: str
    supply: tuple[int, ...]
    rows: tuple[tuple[int, ...], tuple[int, ...]]
    aside: tuple[int, ...]
    turn: str
    to_move: str | None
    winner: str | None
    seed: int
    rolls: int = 0
    die: int | None = None
    game: str = "improbable"

    @property
    def over(self) -> bool:
        return self.to_move is None

    def length(self, player: str) -> int:
        return sum(self.rows[PLAYERS.index(player)])

    def held(self, player: str, length: int) -> int:
        return self.supply[6 * PLAYERS.index(player) + length - 1]


def _lengths(rows: tuple[tuple[int, ...], tuple[int, ...]]) -> tuple[int, int]:
    return sum(rows[0]), sum(rows[1])


def _resolve(v: int, aside: tuple[int, ...] | list[int], row_count: int) -> str:
    """What a roll of ``v`` does: ``"bust"``, ``"end"`` or ``"aside"`` (the one rule of §4)."""
    if v in aside:
        return "bust"
    if row_count >= COPIES:
        return "end"
    return "aside"


def chance(state: State) -> dict[str, Any]:
    """For the player to move: the chance that the next roll busts and that it ends the game.

    Returns ``{"bust": p, "end": q, "safe": 1 - p - q, "bust_values": [...],
    "end_values": [...]}``; all zero once the game is over.
    """
    if state.over:
        return {"bust": 0.0, "end": 0.0, "safe": 0.0, "bust_values": [], "end_values": []}
    row = state.rows[PLAYERS.index(state.to_move)]
    outcomes = {v: _resolve(v, state.aside, row.count(v)) for v in LENGTHS}
    bust = [v for v in LENGTHS if outcomes[v] == "bust"]
    end = [v for v in LENGTHS if outcomes[v] == "end"]
    return {"bust": len(bust) / FACES, "end": len(end) / FACES,
            "safe": (FACES - len(bust) - len(end)) / FACES, "bust_values": bust, "end_values": end}


class Improbable(Game[State, Move, Effect]):
    effect_types = EFFECT_TYPES
    id = "improbable"
    players = PLAYERS
    default_level = "classic"

    def check_level(self, data: dict[str, Any]) -> dict[str, Any]:
        return data

    # -- building states ----------------------------------------------------------
    def new(self, level: dict[str, Any], seed: int | None = None, first: str | None = None,
            options: dict[str, Any] | None = None) -> State:
        self.check_level(level)
        if options:
            raise RulesError(f"The Improbable takes no options, not {', '.join(map(repr, options))}.")
        seed = resolve_seed(seed)
        first = choose_first(PLAYERS, seed, first)
        return State(level=level.get("name", "classic"), supply=(COPIES,) * 12, rows=((), ()),
                     aside=(), turn=first, to_move=first, winner=None, seed=seed)

    # -- moves ----------------------------------------------------------------------
    def legal_moves(self, state: State) -> list[Move]:
        if state.over:
            return []
        return [ROLL, STOP] if state.aside else [ROLL]

    def why_illegal(self, state: State, move: Move) -> str | None:
        """One sentence saying why ``move`` cannot be played, or None if it can."""
        if state.over:
            return Refusal(N_("The game is over."))
        if move.action == "roll":
            if move.value is not None and (isinstance(move.value, bool) or not isinstance(move.value, int)
                                           or not 1 <= move.value <= FACES):
                return Refusal(N_("A die shows 1 to {faces}, not {value}."), faces=FACES,
                               value=repr(move.value))
            return None
        if move.action == "stop":
            if move.value is not None:
                return Refusal(N_("A stop takes no die value."))
            if not state.aside:
                return Refusal(N_("You may stop only after a roll that set a stone aside."))
            return None
        return Refusal(N_("The action must be roll or stop, not {action}."), action=repr(move.action))

    def next_roll(self, state: State) -> int:
        """The value the seeded die shows on the next roll of this game."""
        return stream(state.seed)(1 + state.rolls, FACES) + 1

    def chance_outcomes(self, state: State, move: Move) -> list[tuple[Move, float]] | None:
        """A roll whose die is not forced: each face, forced, one time in six."""
        if move.action == "roll" and move.value is None:
            return list(ROLLS)
        return None

    def play(self, state: State, move: Move) -> tuple[State, list[Effect]]:
        self.require_legal(state, move)
        player = state.to_move
        assert player is not None  # require_legal: the game runs
        p = PLAYERS.index(player)
        supply = list(state.supply)
        rows = state.rows
        if move.action == "stop":
            banked = state.aside
            new_rows = (rows[0] + banked, rows[1]) if p == 0 else (rows[0], rows[1] + banked)
            nxt = next_player(PLAYERS, player, False)
            new = State(level=state.level, supply=state.supply, rows=new_rows, aside=(), turn=nxt,
                        to_move=nxt, winner=None, seed=state.seed, rolls=state.rolls, die=state.die)
            return new, [{"type": "bank", "player": player, "lengths": list(banked)}]
        v = move.value if move.value is not None else self.next_roll(state)
        effects: list[Effect] = [{"type": "roll", "player": player, "value": v}]
        what = _resolve(v, state.aside, rows[p].count(v))
        common: dict[str, Any] = {"level": state.level, "seed": state.seed, "rolls": state.rolls + 1,
                                  "die": v}
        if what == "bust":
            for length in state.aside:
                supply[6 * p + length - 1] += 1
            nxt = next_player(PLAYERS, player, False)
            new = State(supply=tuple(supply), rows=rows, aside=(), turn=nxt, to_move=nxt, winner=None,
                        **common)
            effects.append({"type": "bust", "player": player, "returned": list(state.aside)})
        elif what == "end":
            winner = leader(PLAYERS, _lengths(rows))
            new = State(supply=state.supply, rows=rows, aside=state.aside, turn=player, to_move=None,
                        winner=winner, **common)
            effects.append({"type": "end", "winner": winner, "reason": "complete", "value": v})
        else:
            supply[6 * p + v - 1] -= 1
            new = State(supply=tuple(supply), rows=rows, aside=state.aside + (v,), turn=player,
                        to_move=player, winner=None, **common)
            effects.append({"type": "aside", "player": player, "length": v})
        return new, effects

    def random_playout(self, state: State, rng: random.Random) -> State:
        """Uniformly random legal moves (roll, or stop half the time when allowed), seeded dice."""
        if state.over:
            return state
        pick = stream(state.seed)
        rand = rng.random
        supply = list(state.supply)
        rows = [list(state.rows[0]), list(state.rows[1])]
        counts = [[0] * 7, [0] * 7]
        for q in (0, 1):
            for length in rows[q]:
                counts[q][length] += 1
        aside = list(state.aside)
        p = PLAYERS.index(state.to_move)
        rolls, die = state.rolls, state.die
        may_stop = bool(aside)
        while True:
            if may_stop and rand() < 0.5:  # stop: bank the stones set aside
                rows[p].extend(aside)
                for length in aside:
                    counts[p][length] += 1
                aside = []
                p ^= 1
                may_stop = False
                continue
            rolls += 1
            die = v = pick(rolls, FACES) + 1
            what = _resolve(v, aside, counts[p][v])
            if what == "aside":
                supply[6 * p + v - 1] -= 1
                aside.append(v)
                may_stop = True
            elif what == "bust":
                for length in aside:
                    supply[6 * p + length - 1] += 1
                aside = []
                p ^= 1
                may_stop = False
            else:
                break
        final_rows = (tuple(rows[0]), tuple(rows[1]))
        return State(level=state.level, supply=tuple(supply), rows=final_rows, aside=tuple(aside),
                     turn=PLAYERS[p], to_move=None, winner=leader(PLAYERS, _lengths(final_rows)),
                     seed=state.seed, rolls=rolls, die=die)

    # -- the end ----------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        if not state.over:
            return None
        lengths = _lengths(state.rows)
        detail: dict[str, Any] = {c: {"length": lengths[k], "stones": len(state.rows[k])}
                                  for k, c in enumerate(PLAYERS)}
        detail["ended_by"] = state.turn
        detail["value"] = state.die
        detail["uncounted"] = list(state.aside)
        assert state.winner is not None  # a finished game has its winner
        return Outcome(winner=state.winner, reason=Reason.LENGTH if state.winner != "draw" else Reason.DRAW,
                       detail=detail)

    # -- JSON -------------------------------------------------------------------------
    def parse_move(self, obj: Any) -> Move:
        if not isinstance(obj, dict):
            raise IllegalMove("An Improbable move must be an object like {\"action\":\"roll\"}.")
        action = obj.get("action")
        if action not in ("roll", "stop"):
            raise IllegalMove("An Improbable move needs \"action\": \"roll\" or \"stop\".")
        extra = set(obj) - {"action", "value"}
        if extra:
            raise IllegalMove(f"An Improbable move has no key {sorted(extra)[0]!r}.")
        if "value" not in obj:
            return Move(action)
        if action == "stop":
            raise IllegalMove("A stop takes no die value.")
        value = obj["value"]
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= FACES:
            raise IllegalMove(f"A die value must be a whole number from 1 to {FACES}.")
        return Move("roll", value)

    def move_json(self, move: Move) -> dict[str, Any]:
        if move.value is None:
            return {"action": move.action}
        return {"action": move.action, "value": move.value}

    def state_json(self, state: State) -> dict[str, Any]:
        lengths = _lengths(state.rows)
        out: dict[str, Any] = {
            "game": "improbable", "level": state.level, "to_move": state.to_move,
            "over": state.over, "winner": state.winner,
            "supply": {c: {str(v): state.supply[6 * k + v - 1] for v in LENGTHS}
                       for k, c in enumerate(PLAYERS)},
            "row": {c: list(state.rows[k]) for k, c in enumerate(PLAYERS)},
            "aside": list(state.aside),
            "length": {c: lengths[k] for k, c in enumerate(PLAYERS)},
            "turn": state.turn, "seed": state.seed, "rolls": state.rolls, "die": state.die,
            "can_stop": bool(state.aside) and not state.over,
            "chance": chance(state),
        }
        return out

    def load_state(self, obj: Any, level: dict[str, Any]) -> State:
        seed, over, to_move = load_header(obj, "improbable", PLAYERS)
        rolls = need_count(need(obj, "rolls", int), "The state's 'rolls'")
        sup = need(obj, "supply", dict)
        supply: list[int] = []
        for c in PLAYERS:
            held = need(sup, c, dict, "supply")
            if set(held) != {str(v) for v in LENGTHS}:
                raise RulesError(f"supply.{c} must have exactly the keys \"1\" to \"6\".")
            supply.extend(need_int(held[str(v)], f"supply.{c}.{v}", 0, COPIES) for v in LENGTHS)
        row_d = need(obj, "row", dict)
        rows = []
        for c in PLAYERS:
            row = need(row_d, c, list, "row")
            for v in row:
                need_int(v, f"Each stone in row.{c}", 1, 6)
            rows.append(tuple(row))
        aside = need(obj, "aside", list)
        for v in aside:
            need_int(v, "Each stone in 'aside'", 1, 6)
        aside = tuple(aside)
        if len(set(aside)) != len(aside):
            raise RulesError("'aside' cannot hold two stones of one length: the second roll would have "
                             "busted.")
        turn = obj.get("turn", to_move)
        if over:
            if turn is None:
                raise RulesError("A finished game needs 'turn': the player whose roll ended it.")
            need_player(turn, PLAYERS, "The state's 'turn'")
        elif turn != to_move:
            raise RulesError("While the game runs, 'turn' must be the player to move.")
        owner = PLAYERS.index(turn)
        for k, c in enumerate(PLAYERS):
            for v in LENGTHS:
                total = supply[6 * k + v - 1] + rows[k].count(v) + (aside.count(v) if k == owner else 0)
                if total != COPIES:
                    raise RulesError(f"{c.capitalize()} has {total} stones of length {v} in supply, row "
                                     f"and aside; there must be {COPIES}.")
        die = obj.get("die", aside[-1] if aside else None)
        if die is not None:
            need_int(die, "The state's 'die'", 1, 6)
        if aside and not over and die != aside[-1]:
            raise RulesError("The last die value must be the last stone set aside.")
        stones = len(rows[0]) + len(rows[1]) + len(aside) + (1 if over else 0)
        if rolls < stones:
            raise RulesError(f"'rolls' is {rolls}, but the stones laid and set aside needed {stones} rolls.")
        winner = None
        if over:
            full = [v for v in LENGTHS if rows[owner].count(v) == COPIES]
            if not full or (die is not None and die not in full):
                raise RulesError("A finished game must have ended on a roll of a length whose three stones "
                                 "all lie in the roller's row.")
            winner = leader(PLAYERS, _lengths((rows[0], rows[1])))
        check_winner(obj, winner)
        if "length" in obj:
            given = need(obj, "length", dict)
            for k, c in enumerate(PLAYERS):
                if given.get(c) != sum(rows[k]):
                    raise RulesError(f"length.{c} must be {sum(rows[k])}, the sum of the row.")
        name = obj.get("level", level.get("name", "classic"))
        return State(level=str(name), supply=tuple(supply), rows=(rows[0], rows[1]), aside=aside,
                     turn=turn, to_move=to_move, winner=winner, seed=seed, rolls=rolls, die=die)

    # -- notation -------------------------------------------------------------------------
    def move_text(self, move: Move, state: State | None = None) -> str:
        """``R4`` a roll that shows 4, ``R`` a roll whose value is not known yet, ``S`` stop.

        Given the state before the move, a plain roll is written with the value the
        seeded die will show, so the text replays the game with or without the seed.
        """
        if move.action == "stop":
            return "S"
        value = move.value
        if value is None and state is not None and not state.over:
            value = self.next_roll(state)
        return "R" if value is None else f"R{value}"

    def move_note(self, before: State, move: Move, effects: list[Effect]) -> str:
        """``R4`` a roll, ``R4 bust`` a repeat (the turn's stones go back), ``R4 end`` the
        roll that ended the game, ``S+9`` a stop that banked 9."""
        text = self.move_text(move, before)
        for e in effects:
            if e["type"] == "bust":
                text += " bust"
            elif e["type"] == "end":
                text += " end"
            elif e["type"] == "bank":
                text += f"+{sum(e['lengths'])}"
        return text

    def mid_turn(self, state: State) -> bool:
        """Rolling on, with stones set aside this turn."""
        return bool(state.aside) and not state.over

    def scores(self, state: State) -> dict[str, int]:
        """The length of each player's row."""
        return {p: state.length(p) for p in PLAYERS}

    # -- in words ---------------------------------------------------------------------------
    def describe(self, state: State) -> list[str]:
        """Each row and its length, the stones each player has left, the stones set aside this
        turn, the die, and the odds of the next roll."""
        lines: list[str] = []
        for player in PLAYERS:
            row = state.rows[PLAYERS.index(player)]
            lines.append(Refusal(N_("{side} row: {stones} (length {length})."), side=player.capitalize(),
                                 stones=Listed(map(str, row)) if row else Refusal(N_("none")),
                                 length=sum(row)))
        for player in PLAYERS:
            left = [Refusal(N_("{count} of length {length}"), count=state.held(player, length), length=length)
                    for length in LENGTHS if state.held(player, length)]
            lines.append(Refusal(N_("{side} has left: {stones}."), side=player.capitalize(),
                                 stones=Listed(left) if left else Refusal(N_("none"))))
        if state.die is not None:
            lines.append(Refusal(N_("The die shows {value}."), value=state.die))
        if state.aside:
            lines.append(Refusal(N_("Set aside this turn by {side}: {stones}."), side=state.turn.capitalize(),
                                 stones=Listed(map(str, state.aside))))
        if not state.over:
            lines.extend(self.foretell(state, ROLL))
        return lines

    def tell(self, before: State, move: Move, effects: list[Effect]) -> list[str]:
        """The roll, and what came of it: a stone set aside, a bust, a bank, the end."""
        out: list[str] = []
        for e in effects:
            if e["type"] == "roll":
                out.append(Refusal(N_("{side} rolls a {value}."), side=e["player"].capitalize(),
                                   value=e["value"]))
            elif e["type"] == "aside":
                out.append(Refusal(N_("A {length} is set aside."), length=e["length"]))
            elif e["type"] == "bust":
                out.append(Refusal(N_("A repeat: the turn is lost, and {stones} go back."),
                                   stones=Listed(map(str, e["returned"]))))
            elif e["type"] == "bank":
                out.append(Refusal(N_("{side} stops and banks {stones}: {total} more."),
                                   side=e["player"].capitalize(), stones=Listed(map(str, e["lengths"])),
                                   total=sum(e["lengths"])))
            elif e["type"] == "end":
                out.append(Refusal(N_("The row already holds three of them: the game ends.")))
        return out

    def foretell(self, state: State, move: Move) -> list[str]:
        """A roll's odds (never the seeded die's value); a stop's bank."""
        if move.action != "roll" or move.value is not None:
            return super().foretell(state, move)
        odds = chance(state)
        lines: list[str] = [Refusal(N_("The next roll busts on {n} in {faces}: {values}."),
                                    n=len(odds["bust_values"]), faces=FACES,
                                    values=Listed(map(str, odds["bust_values"])))
                            if odds["bust_values"] else Refusal(N_("The next roll cannot bust."))]
        if odds["end_values"]:
            lines.append(Refusal(N_("It ends the game on {n} in {faces}: {values}."),
                                 n=len(odds["end_values"]), faces=FACES,
                                 values=Listed(map(str, odds["end_values"]))))
        return lines

    def parse_text(self, text: str, state: State | None = None) -> Move:
        t = text.strip().upper()
        if t in ("S", "STOP"):
            return STOP
        if t in ("R", "ROLL"):
            return ROLL
        if len(t) == 2 and t[0] == "R" and t[1] in "123456":
            return Move("roll", int(t[1]))
        raise IllegalMove(f"'{text.strip()}' is not an Improbable move like R, R4 or S.")


IMPROBABLE = Improbable()
