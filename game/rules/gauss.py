"""GAUSS, the magnetic duel (Susumu Kawasaki), exactly as docs/rules/gauss.md states it.

The board is a hexagon of hexagons of radius ``R`` in axial coordinates ``(q, r)``
(``s = -q - r``). Its outer ring is the **VOID**; every other cell is gray.
Each player holds 10 discs of their own colour and 5 of the opponent's.

A turn: place one disc of either colour you still hold on an empty gray cell: the
**trigger**. Along each of the six lines out of the trigger the nearest disc is
*affected*: one of the trigger's colour is **repelled** outward until the next cell
is occupied or off the board, stopping on the first VOID cell it enters (a disc
already on the VOID stays); one of the other colour is **attracted** inward until it
touches the trigger. Then every connected group of four or more discs of one colour
(either colour, whoever moved) **scores**: its discs on gray cells go to that
colour's GAIN, those on VOID cells to its RISK. Nothing moves after scoring.

The game ends when both players have placed all 15 discs (or the player to move
has no empty gray cell). Per colour: ``positive = GAIN``; the colour with strictly
more discs on the VOID subtracts its RISK. Higher final score wins; ties go to fewer
VOID discs, then fewer RISK discs, else it is a draw.

Internally a board is a tuple of small ints (0 empty, 1 red, 2 blue) indexed by
cell number, with the six rays of every cell precomputed, so a move costs a few
list look-ups per direction and random playouts stay cheap.

Fast API (for the AI's playouts and priors, which must not reach into private names):
:func:`slides` applies a trigger's attraction and repulsion to a board list in place,
:func:`groups` finds the new groups of four or more around the cells that changed.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal, NamedTuple, TypedDict

from .core import (
    DRAW,
    N_,
    EndEffect,
    Game,
    IllegalMove,
    Listed,
    Outcome,
    Reason,
    Refusal,
    RulesError,
    fresh_seed,
    need,
    need_int,
    need_player,
    start_player,
)

# --- effects: what a move did, in order (the protocol's JSON, typed) ---------------------


class PlaceEffect(TypedDict):
    type: Literal["place"]
    cell: list[int]
    color: str


#: a disc the trigger moved ("from" is a keyword, hence the call form)
SlideEffect = TypedDict("SlideEffect", {"type": Literal["slide"], "from": list[int], "to": list[int],
                                        "color": str, "force": Literal["attract", "repel"]})


class ScoreEffect(TypedDict):
    type: Literal["score"]  # a group of four or more left the board
    color: str
    gain_cells: list[list[int]]
    risk_cells: list[list[int]]


Effect = PlaceEffect | SlideEffect | ScoreEffect | EndEffect
EFFECT_TYPES: dict[str, type] = {"place": PlaceEffect, "slide": SlideEffect, "score": ScoreEffect,
                                 "end": EndEffect}

PLAYERS = ("red", "blue")
RED, BLUE = 1, 2
CODE = {"red": RED, "blue": BLUE}
NAME = {RED: "red", BLUE: "blue"}
OWN, OTHER = 10, 5  # discs of one's own colour, of the opponent's colour
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


class Geometry:
    """Cells, VOID ring, neighbours and rays of a hex board of one radius."""

    def __init__(self, radius: int) -> None:
        self.radius = radius
        R = radius
        self.cells: list[tuple[int, int]] = [
            (q, r) for r in range(-R, R + 1) for q in range(-R, R + 1) if abs(q + r) <= R
        ]
        #: the number of each cell (q, r); a cell read from JSON may come as any tuple
        self.index: dict[tuple[int, ...], int] = {c: i for i, c in enumerate(self.cells)}
        self.void = tuple(max(abs(q), abs(r), abs(q + r)) == R for q, r in self.cells)
        self.gray_cells = tuple(i for i, v in enumerate(self.void) if not v)
        # rays[i][d]: the cells met walking from cell i in direction d, nearest first
        rays = []
        for q, r in self.cells:
            per_dir = []
            for dq, dr in DIRECTIONS:
                ray, cq, cr = [], q + dq, r + dr
                while (cq, cr) in self.index:
                    ray.append(self.index[(cq, cr)])
                    cq, cr = cq + dq, cr + dr
                per_dir.append(tuple(ray))
            rays.append(tuple(per_dir))
        self.rays: tuple[tuple[tuple[int, ...], ...], ...] = tuple(rays)
        self.neighbours = tuple(tuple(ray[0] for ray in per_dir if ray) for per_dir in rays)

    def name(self, i: int) -> str:
        """Notation name of cell i: file letter by q (a = -R), rank by r (1 = bottom row)."""
        q, r = self.cells[i]
        return f"{chr(ord('a') + q + self.radius)}{self.radius - r + 1}"

    def parse_name(self, text: str) -> int:
        text = text.strip().lower()
        if len(text) < 2 or not text[0].isalpha() or not text[1:].isdigit():
            raise IllegalMove(f"'{text}' is not a cell name like e5.")
        q = ord(text[0]) - ord("a") - self.radius
        r = self.radius + 1 - int(text[1:])
        if (q, r) not in self.index:
            raise IllegalMove(f"There is no cell {text} on this board.")
        return self.index[(q, r)]


@cache
def geometry(radius: int) -> Geometry:
    return Geometry(radius)


class Move(NamedTuple):
    """Place a disc of ``color`` on ``cell`` (axial ``(q, r)``)."""

    cell: tuple[int, int]
    color: str


@dataclass(frozen=True)
class State:
    """A GAUSS position. ``board`` holds 0/1/2 per cell of ``geometry(radius)``.

    ``supply`` is ``(red's red, red's blue, blue's red, blue's blue)``;
    ``gain`` and ``risk`` are ``(red, blue)``.
    """

    level: str
    radius: int
    board: tuple[int, ...]
    supply: tuple[int, ...]  # four counts
    gain: tuple[int, int]
    risk: tuple[int, int]
    to_move: str | None
    winner: str | None
    seed: int
    ply: int = 0
    game: str = "gauss"

    @property
    def over(self) -> bool:
        return self.to_move is None

    @property
    def geo(self) -> Geometry:
        return geometry(self.radius)

    def held(self, player: str, color: str) -> int:
        return self.supply[(0 if player == "red" else 2) + (0 if color == "red" else 1)]

    def void_count(self, code: int) -> int:
        void = self.geo.void
        return sum(1 for i, c in enumerate(self.board) if c == code and void[i])

    def disc_at(self, cell: tuple[int, int]) -> str | None:
        code = self.board[self.geo.index[cell]]
        return NAME.get(code)


def _supply_slot(player: str, color: int) -> int:
    return (0 if player == "red" else 2) + (color - 1)


def slides(geo: Geometry, board: list[int], t: int, c: int) -> list[tuple[int, int, int, bool]]:
    """Move the discs the trigger at ``t`` of colour ``c`` affects, in place.

    Returns ``(from, to, colour, attracted)`` for every disc that really moved, in
    direction order. The six rays share no cell, so applying them one by one is
    the same as applying them together.
    """
    moved = []
    void = geo.void
    for ray in geo.rays[t]:
        n = len(ray)
        i = 0
        while i < n and not board[ray[i]]:
            i += 1
        if i == n:
            continue
        src = ray[i]
        col = board[src]
        if col != c:  # attraction: inward until it touches the trigger
            if i:
                board[src] = 0
                board[ray[0]] = col
                moved.append((src, ray[0], col, True))
        elif not void[src]:  # repulsion: outward to the next disc or the VOID
            j = i
            while j + 1 < n and not board[ray[j + 1]]:
                j += 1
                if void[ray[j]]:
                    break
            if j != i:
                board[src] = 0
                board[ray[j]] = col
                moved.append((src, ray[j], col, False))
    return moved


def groups(geo: Geometry, board: list[int], starts: list[int]) -> list[list[int]]:
    """Connected same-colour groups of 4+ discs that contain one of ``starts``.

    Only groups touching a disc that was placed or moved can be new: every group of
    four or more that existed before the move has already scored.
    """
    seen: set[int] = set()
    found = []
    nbrs = geo.neighbours
    for s in starts:
        if s in seen or not board[s]:
            continue
        col = board[s]
        group, stack = [s], [s]
        seen.add(s)
        while stack:
            for n in nbrs[stack.pop()]:
                if n not in seen and board[n] == col:
                    seen.add(n)
                    group.append(n)
                    stack.append(n)
        if len(group) >= 4:
            found.append(group)
    return found


def final_scores(gain: tuple[int, int], risk: tuple[int, int], void: tuple[int, int]
                 ) -> tuple[tuple[int, int], str, str]:
    """The end count of §1: ``(final (red, blue), winner, deciding rule)``.

    The deciding rule is ``"score"``, ``"void"``, ``"risk"`` or ``"draw"``.
    """
    final = [gain[0], gain[1]]
    if void[0] > void[1]:
        final[0] -= risk[0]
    elif void[1] > void[0]:
        final[1] -= risk[1]
    for values, lower_wins, rule in ((final, False, "score"), (void, True, "void"),
                                     (risk, True, "risk")):
        if values[0] != values[1]:
            red_wins = (values[0] < values[1]) if lower_wins else (values[0] > values[1])
            return (final[0], final[1]), ("red" if red_wins else "blue"), rule
    return (final[0], final[1]), DRAW, "draw"


class Gauss(Game[State, Move, Effect]):
    effect_types = EFFECT_TYPES
    id = "gauss"
    players = PLAYERS
    default_level = "classic"

    def check_level(self, data: dict[str, Any]) -> dict[str, Any]:
        need_int(data.get("radius"), "The level's 'radius'", 2, 8)
        return data

    # -- building states ------------------------------------------------------
    def mirror(self, state: State) -> tuple[list[int], dict[int, int]]:
        """Point reflection through the centre cell, (q, r) and (-q, -r), red discs blue."""
        geo = state.geo
        return [geo.index[(-q, -r)] for q, r in geo.cells], {0: 0, RED: BLUE, BLUE: RED}

    def new(self, level: dict[str, Any], seed: int | None = None, first: str | None = None,
            options: dict[str, Any] | None = None) -> State:
        self.check_level(level)
        seed = fresh_seed() if seed is None else seed
        if first is None:
            first = start_player(PLAYERS, seed)
        need_player(first, PLAYERS, "The start player")
        geo = geometry(level["radius"])
        return State(level=level.get("name", "classic"), radius=geo.radius,
                     board=(0,) * len(geo.cells), supply=(OWN, OTHER, OTHER, OWN),
                     gain=(0, 0), risk=(0, 0), to_move=first, winner=None, seed=seed)

    # -- moves -----------------------------------------------------------------
    def legal_moves(self, state: State) -> list[Move]:
        player = state.to_move
        if player is None:  # over
            return []
        geo = state.geo
        colors = [c for c in ("red", "blue") if state.held(player, c)]
        return [Move(geo.cells[i], c) for i in geo.gray_cells if not state.board[i] for c in colors]

    def why_illegal(self, state: State, move: Move) -> str | None:
        """One sentence saying why ``move`` cannot be played, or None if it can."""
        player = state.to_move
        if player is None:  # over
            return Refusal(N_("The game is over."))
        geo = state.geo
        if move.color not in CODE:
            return Refusal(N_("The disc colour must be red or blue, not {color}."), color=repr(move.color))
        i = geo.index.get(tuple(move.cell))
        if i is None:
            return Refusal(N_("There is no cell {cell} on this board."), cell=list(move.cell))
        if geo.void[i]:
            return Refusal(N_("Discs may not be placed on the VOID ring."))
        if state.board[i]:
            return Refusal(N_("That cell is already occupied."))
        if not state.held(player, move.color):
            if move.color == "red":
                return Refusal(N_("{player} has no red discs left."), player=player.capitalize())
            return Refusal(N_("{player} has no blue discs left."), player=player.capitalize())
        return None

    def play(self, state: State, move: Move) -> tuple[State, list[Effect]]:
        self.require_legal(state, move)
        geo = state.geo
        t = geo.index[tuple(move.cell)]
        c = CODE[move.color]
        board = list(state.board)
        board[t] = c
        effects: list[Effect] = [
            {"type": "place", "cell": list(geo.cells[t]), "color": move.color}]
        moved = slides(geo, board, t, c)
        for src, dst, col, attracted in moved:
            effects.append({"type": "slide", "from": list(geo.cells[src]), "to": list(geo.cells[dst]),
                            "color": NAME[col], "force": "attract" if attracted else "repel"})
        gain, risk = list(state.gain), list(state.risk)
        for group in groups(geo, board, [t] + [m[1] for m in moved]):
            col = board[group[0]]
            gain_cells = [i for i in group if not geo.void[i]]
            risk_cells = [i for i in group if geo.void[i]]
            gain[col - 1] += len(gain_cells)
            risk[col - 1] += len(risk_cells)
            for i in group:
                board[i] = 0
            effects.append({"type": "score", "color": NAME[col],
                            "gain_cells": [list(geo.cells[i]) for i in gain_cells],
                            "risk_cells": [list(geo.cells[i]) for i in risk_cells]})
        supply = list(state.supply)
        assert state.to_move is not None  # require_legal: the game runs
        supply[_supply_slot(state.to_move, c)] -= 1
        nxt = "blue" if state.to_move == "red" else "red"
        new = State(level=state.level, radius=state.radius, board=tuple(board),
                    supply=tuple(supply), gain=(gain[0], gain[1]), risk=(risk[0], risk[1]),
                    to_move=nxt, winner=None, seed=state.seed, ply=state.ply + 1)
        new = _settle(new)
        if new.winner is not None:  # over
            effects.append({"type": "end", "winner": new.winner})
        return new, effects

    def random_playout(self, state: State, rng: random.Random) -> State:
        """Random legal moves to the end on one mutable board (same rules code)."""
        return self._playout(state, rng)

    def _playout(self, state: State, rng: random.Random, record: list[tuple[str, Move]] | None = None,
                 limit: int | None = None) -> State:
        """``random_playout``; with ``record``, each move is appended to it as
        ``(player, Move)`` (the AI's all-moves-as-first statistics need them); with ``limit``,
        it stops after that many placements (the AI values the position it reaches)."""
        if state.over:
            return state
        geo = state.geo
        board = list(state.board)
        supply = list(state.supply)
        gain, risk = list(state.gain), list(state.risk)
        void = geo.void
        empties = [i for i in geo.gray_cells if not board[i]]
        player = 0 if state.to_move == "red" else 1
        rand = rng.random
        ply = state.ply
        stop = -1 if limit is None else ply + limit
        while ply != stop:
            base = 2 * player
            held = supply[base] + supply[base + 1]
            if not held or not empties:
                break
            k = int(rand() * len(empties))
            t = empties[k]
            if supply[base] and supply[base + 1]:
                c = 1 if rand() < 0.5 else 2  # uniform over the legal (cell, colour) pairs
            else:
                c = 1 if supply[base] else 2
            supply[base + c - 1] -= 1
            if record is not None:
                record.append((PLAYERS[player], Move(geo.cells[t], PLAYERS[c - 1])))
            board[t] = c
            moved = slides(geo, board, t, c)
            starts = [t]
            for _, dst, _, _ in moved:
                starts.append(dst)
            for group in groups(geo, board, starts):
                col = board[group[0]] - 1
                for i in group:
                    if void[i]:
                        risk[col] += 1
                    else:
                        gain[col] += 1
                    board[i] = 0
            empties = [i for i in geo.gray_cells if not board[i]]
            player ^= 1
            ply += 1
        return _settle(State(level=state.level, radius=state.radius, board=tuple(board),
                             supply=tuple(supply), gain=(gain[0], gain[1]),
                             risk=(risk[0], risk[1]), to_move=PLAYERS[player], winner=None,
                             seed=state.seed, ply=ply))

    # -- the end ----------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        if not state.over:
            return None
        void = (state.void_count(RED), state.void_count(BLUE))
        final, winner, rule = final_scores(state.gain, state.risk, void)
        detail = {c: {"gain": state.gain[k], "risk": state.risk[k], "void": void[k],
                      "positive": state.gain[k], "final": final[k],
                      "subtracts_risk": void[k] > void[1 - k]}
                  for k, c in enumerate(PLAYERS)}
        return Outcome(winner=winner, reason=Reason(rule), detail=detail)

    # -- JSON ---------------------------------------------------------------------
    def parse_move(self, obj: Any) -> Move:
        if not isinstance(obj, dict):
            raise IllegalMove("A GAUSS move must be an object like {\"cell\":[q,r],\"color\":\"red\"}.")
        cell, color = obj.get("cell"), obj.get("color")
        if (not isinstance(cell, list) or len(cell) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in cell)):
            raise IllegalMove("A GAUSS move needs \"cell\": [q, r] with two whole numbers.")
        if not isinstance(color, str) or color not in CODE:
            raise IllegalMove("A GAUSS move needs \"color\": \"red\" or \"blue\".")
        return Move((cell[0], cell[1]), color)

    def move_json(self, move: Move) -> dict[str, Any]:
        return {"cell": [move.cell[0], move.cell[1]], "color": move.color}

    def state_json(self, state: State) -> dict[str, Any]:
        geo = state.geo
        out: dict[str, Any] = {
            "game": "gauss", "level": state.level, "to_move": state.to_move,
            "over": state.over, "winner": state.winner, "radius": state.radius,
            "board": [[*geo.cells[i], NAME[c]] for i, c in enumerate(state.board) if c],
            "supply": {"red": {"red": state.supply[0], "blue": state.supply[1]},
                       "blue": {"red": state.supply[2], "blue": state.supply[3]}},
            "gain": {"red": state.gain[0], "blue": state.gain[1]},
            "risk": {"red": state.risk[0], "blue": state.risk[1]},
            "seed": state.seed, "ply": state.ply,
        }
        o = self.outcome(state)
        if o is not None:  # over
            out["final"] = {c: o.detail[c]["final"] for c in PLAYERS}
            out["decided_by"] = o.reason
        return out

    def load_state(self, obj: Any, level: dict[str, Any]) -> State:
        radius = need_int(need(obj, "radius", int), "The state's 'radius'", 2, 8)
        if level.get("radius") is not None and radius != level["radius"]:
            raise RulesError(f"The state's radius {radius} does not match level "
                             f"'{level.get('name')}', whose radius is {level['radius']}.")
        geo = geometry(radius)
        board = [0] * len(geo.cells)
        for entry in need(obj, "board", list):
            if (not isinstance(entry, list) or len(entry) != 3
                    or not isinstance(entry[2], str) or entry[2] not in CODE
                    or not all(isinstance(v, int) and not isinstance(v, bool) for v in entry[:2])):
                raise RulesError("Each board entry must be [q, r, \"red\"|\"blue\"].")
            i = geo.index.get((entry[0], entry[1]))
            if i is None:
                raise RulesError(f"Board cell {entry[:2]} is not on a board of radius {radius}.")
            if board[i]:
                raise RulesError(f"Board cell {entry[:2]} is listed twice.")
            board[i] = CODE[entry[2]]
        sup = need(obj, "supply", dict)
        supply = []
        for p, cap in (("red", (OWN, OTHER)), ("blue", (OTHER, OWN))):
            held = need(sup, p, dict, "supply")
            for c, limit in zip(PLAYERS, cap, strict=True):
                supply.append(need_int(held.get(c), f"supply.{p}.{c}", 0, limit))
        gain_d, risk_d = need(obj, "gain", dict), need(obj, "risk", dict)
        gain_red, gain_blue = (need_int(gain_d.get(c), f"gain.{c}", 0, 15) for c in PLAYERS)
        risk_red, risk_blue = (need_int(risk_d.get(c), f"risk.{c}", 0, 15) for c in PLAYERS)
        gain, risk = (gain_red, gain_blue), (risk_red, risk_blue)
        for k, c in enumerate(PLAYERS):
            held = supply[k] + supply[2 + k]
            total = held + board.count(k + 1) + gain[k] + risk[k]
            if total != 15:
                raise RulesError(f"The state has {total} {c} discs in all; there must be 15.")
        if groups(geo, board, list(range(len(board)))):
            raise RulesError("The board holds a group of 4 or more discs of one colour, which would "
                             "already have scored.")
        placed = [15 - supply[0] - supply[1], 15 - supply[2] - supply[3]]
        if "to_move" not in obj:
            raise RulesError("The state is missing the key 'to_move'.")
        to_move = obj.get("to_move")
        seed = obj.get("seed", 0)
        seed = need_int(seed, "The state's 'seed'")
        state = State(level=str(obj.get("level", level.get("name", ""))), radius=radius,
                      board=tuple(board), supply=tuple(supply), gain=gain, risk=risk,
                      to_move=None, winner=None, seed=seed, ply=placed[0] + placed[1])
        if obj.get("over") is True and to_move is not None:
            raise RulesError("The state says the game is over but names a player to move.")
        if obj.get("over") is True or to_move is None:
            settled = _settle(state, force_end=True)
            return settled
        need_player(to_move, PLAYERS, "The state's 'to_move'")
        me = PLAYERS.index(to_move)
        if not 0 <= placed[1 - me] - placed[me] <= 1:  # players alternate: the mover is never ahead
            raise RulesError(f"{to_move.capitalize()} cannot be to move after placing {placed[me]} "
                             f"discs against {placed[1 - me]}; players take turns.")
        state = State(**{**state.__dict__, "to_move": to_move})
        settled = _settle(state)
        return settled

    # -- notation -------------------------------------------------------------------
    def move_text(self, move: Move, state: State | None = None) -> str:
        """``R e5``: colour letter (R red, B blue) and the cell's file and rank.

        Files run a, b, … along q from the left; ranks 1, 2, … from the bottom row
        (r = R) up, as on a chess board.
        """
        radius = state.radius if state is not None else 4
        geo = geometry(radius)
        return f"{move.color[0].upper()}{geo.name(geo.index[tuple(move.cell)])}"

    def move_note(self, before: State, move: Move, effects: list[Effect]) -> str:
        """``Re5 R+3!1``: the move and what scored (:func:`score_suffix`)."""
        return self.move_text(move, before) + score_suffix(effects)

    def scores(self, state: State) -> dict[str, int]:
        """The discs each colour has in its GAIN (RISK counts only at the end)."""
        return {"red": state.gain[0], "blue": state.gain[1]}

    # -- in words ---------------------------------------------------------------------------
    def describe(self, state: State) -> list[str]:
        """Each colour's discs by cell (those in the VOID said again), the empty cells, what
        each player holds, GAIN and RISK."""
        geo = state.geo
        lines: list[str] = []
        for color in PLAYERS:
            cells = [i for i, c in enumerate(state.board) if c == CODE[color]]
            names = sorted((geo.name(i) for i in cells), key=lambda n: (n[0], int(n[1:])))
            lines.append(Refusal(N_("{color} discs ({n}): {cells}."), color=color.capitalize(), n=len(names),
                                 cells=Listed(names) if names else Refusal(N_("none"))))
            void = sorted((geo.name(i) for i in cells if geo.void[i]), key=lambda n: (n[0], int(n[1:])))
            if void:
                lines.append(Refusal(N_("{color} discs in the VOID: {cells}."), color=color.capitalize(),
                                     cells=Listed(void)))
        lines.append(Refusal(N_("Empty cells: {gray} inside, {void} in the VOID ring."),
                             gray=sum(1 for i in geo.gray_cells if not state.board[i]),
                             void=sum(1 for i, v in enumerate(geo.void) if v and not state.board[i])))
        for player in PLAYERS:
            lines.append(Refusal(N_("{side} holds {red} red and {blue} blue discs."),
                                 side=player.capitalize(), red=state.held(player, "red"),
                                 blue=state.held(player, "blue")))
        lines.append(Refusal(N_("GAIN: Red {red}, Blue {blue}. RISK: Red {red_risk}, Blue {blue_risk}."),
                             red=state.gain[0], blue=state.gain[1], red_risk=state.risk[0],
                             blue_risk=state.risk[1]))
        return lines

    def tell(self, before: State, move: Move, effects: list[Effect]) -> list[str]:
        """The disc placed, each disc it attracted or repelled, and each group that scored."""
        geo = before.geo
        out: list[str] = []
        for e in effects:
            if e["type"] == "place":
                out.append(Refusal(N_("A {color} disc on {cell}."), color=e["color"],
                                   cell=geo.name(geo.index[tuple(e["cell"])])))
            elif e["type"] == "slide":
                where = {"frm": geo.name(geo.index[tuple(e["from"])]),
                         "to": geo.name(geo.index[tuple(e["to"])])}
                if e["force"] == "attract":
                    out.append(Refusal(N_("The {color} disc on {frm} is attracted to {to}."),
                                       color=e["color"], **where))
                else:
                    out.append(Refusal(N_("The {color} disc on {frm} is repelled to {to}."), color=e["color"],
                                       **where))
        out.extend(score_words(effects))
        if not any(e["type"] == "slide" for e in effects) and effects:
            out.append(Refusal(N_("No disc moves.")))
        return out

    def parse_text(self, text: str, state: State) -> Move:
        text = text.strip()
        if len(text) < 3 or text[0].upper() not in "RB":
            raise IllegalMove(f"'{text}' is not a GAUSS move like Re5 or Bd4.")
        geo = state.geo
        i = geo.parse_name(text[1:])
        return Move(geo.cells[i], "red" if text[0].upper() == "R" else "blue")


def score_words(effects: list[Effect]) -> list[str]:
    """Each group a move scored, in words: "red scores 4 (+1 RISK)" (a :class:`Refusal`: the
    preview line under the board and the text mode say it in the player's language)."""
    out: list[str] = []
    for e in effects:
        if e["type"] == "score":
            gain, risk = len(e["gain_cells"]), len(e["risk_cells"])
            if risk:
                out.append(Refusal(N_("{side} scores {gain} (+{risk} RISK)"), side=e["color"], gain=gain,
                                   risk=risk))
            else:
                out.append(Refusal(N_("{side} scores {gain}"), side=e["color"], gain=gain))
    return out


def score_suffix(effects: list[Effect]) -> str:
    """The move list's note of what a move scored: `` R+3`` per group, ``!1`` for RISK.

    ``Re5 R+3!1 B+4`` reads: red disc on e5; a red group scored 3 to GAIN and 1 to
    RISK, and a blue group scored 4 to GAIN.
    """
    parts = []
    for e in effects:
        if e["type"] == "score":
            note = f" {e['color'][0].upper()}+{len(e['gain_cells'])}"
            if e["risk_cells"]:
                note += f"!{len(e['risk_cells'])}"
            parts.append(note)
    return "".join(parts)


def _settle(state: State, force_end: bool = False) -> State:
    """Decide whether the game is over and, if so, fix the winner."""
    ended = force_end or (sum(state.supply) == 0)
    if not ended and state.to_move is not None:
        base = 0 if state.to_move == "red" else 2
        geo = state.geo
        if state.supply[base] + state.supply[base + 1] == 0:
            ended = True  # only reachable from a loaded state: nothing left to place
        elif not any(not state.board[i] for i in geo.gray_cells):
            ended = True
    if not ended:
        return state
    void = (state.void_count(RED), state.void_count(BLUE))
    _, winner, _ = final_scores(state.gain, state.risk, void)
    return State(level=state.level, radius=state.radius, board=state.board, supply=state.supply,
                 gain=state.gain, risk=state.risk, to_move=None, winner=winner,
                 seed=state.seed, ply=state.ply)


GAUSS = Gauss()
