"""A second, deliberately plain model of GAUSS (docs/rules/gauss.md), used only by the tests.

Written straight from the rulings, sharing no code with ``game/rules/gauss.py``:
the board is a dict ``{(q, r): "red" | "blue"}`` of occupied cells, everything else
is plain dicts and loops. Speed does not matter here; obviousness does.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

COLORS = ("red", "blue")
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def distance(cell: tuple[int, int]) -> int:
    q, r = cell
    return max(abs(q), abs(r), abs(-q - r))


def on_board(cell: tuple[int, int], radius: int) -> bool:
    return distance(cell) <= radius


def is_void(cell: tuple[int, int], radius: int) -> bool:
    return distance(cell) == radius


def all_cells(radius: int) -> list[tuple[int, int]]:
    return [(q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
            if on_board((q, r), radius)]


def gray_cells(radius: int) -> list[tuple[int, int]]:
    return [c for c in all_cells(radius) if not is_void(c, radius)]


def void_cells(radius: int) -> list[tuple[int, int]]:
    return [c for c in all_cells(radius) if is_void(c, radius)]


def neighbours(cell: tuple[int, int], radius: int) -> list[tuple[int, int]]:
    q, r = cell
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS if on_board((q + dq, r + dr), radius)]


def opponent(player: str) -> str:
    return "blue" if player == "red" else "red"


@dataclass
class Model:
    radius: int
    board: dict[tuple[int, int], str]
    supply: dict[str, dict[str, int]]  # supply[player][color]
    gain: dict[str, int]
    risk: dict[str, int]
    to_move: str | None
    winner: str | None = None
    final: dict[str, int] | None = field(default=None)

    @staticmethod
    def new(radius: int, first: str) -> Model:
        return Model(radius=radius, board={},
                     supply={"red": {"red": 10, "blue": 5}, "blue": {"red": 5, "blue": 10}},
                     gain={"red": 0, "blue": 0}, risk={"red": 0, "blue": 0}, to_move=first)

    @staticmethod
    def from_json(state: dict) -> Model:
        """Read a protocol STATE (only the keys docs/protocol.md names)."""
        return Model(radius=state["radius"],
                     board={(q, r): c for q, r, c in state["board"]},
                     supply=copy.deepcopy(state["supply"]),
                     gain=dict(state["gain"]), risk=dict(state["risk"]),
                     to_move=state["to_move"], winner=state["winner"],
                     final=dict(state["final"]) if "final" in state else None)

    @property
    def over(self) -> bool:
        return self.to_move is None

    def legal(self) -> set[tuple[tuple[int, int], str]]:
        if self.over:
            return set()
        held = [c for c in COLORS if self.supply[self.to_move][c] > 0]
        return {(cell, c) for cell in gray_cells(self.radius) if cell not in self.board for c in held}

    def void_count(self, color: str) -> int:
        return sum(1 for cell, c in self.board.items() if c == color and is_void(cell, self.radius))

    def groups(self) -> list[tuple[str, set[tuple[int, int]]]]:
        """Every connected one-colour group on the board."""
        seen: set[tuple[int, int]] = set()
        out = []
        for start, color in self.board.items():
            if start in seen:
                continue
            group, todo = {start}, [start]
            while todo:
                cell = todo.pop()
                for n in neighbours(cell, self.radius):
                    if n not in group and self.board.get(n) == color:
                        group.add(n)
                        todo.append(n)
            seen |= group
            out.append((color, group))
        return out

    def play(self, cell: tuple[int, int], color: str) -> tuple[Model, list[dict]]:
        """Return the next position and the effects (as plain dicts); raise ValueError if illegal."""
        if (cell, color) not in self.legal():
            raise ValueError(f"illegal move {cell} {color}")
        m = copy.deepcopy(self)
        R = m.radius
        m.board[cell] = color
        m.supply[m.to_move][color] -= 1
        effects: list[dict] = [{"type": "place", "cell": list(cell), "color": color}]
        # find the affected disc of every direction first (the six lines share no cell)
        moves = []
        for dq, dr in DIRECTIONS:
            step = 1
            while True:
                here = (cell[0] + dq * step, cell[1] + dr * step)
                if not on_board(here, R):
                    break
                if here in m.board:
                    moves.append((here, (dq, dr)))
                    break
                step += 1
        for here, (dq, dr) in moves:
            disc = m.board[here]
            if disc == color:  # repulsion
                if is_void(here, R):
                    continue
                dest = here
                while True:
                    nxt = (dest[0] + dq, dest[1] + dr)
                    if not on_board(nxt, R) or nxt in m.board:
                        break
                    dest = nxt
                    if is_void(dest, R):
                        break
                force = "repel"
            else:  # attraction
                dest = (cell[0] + dq, cell[1] + dr)
                force = "attract"
            if dest != here:
                del m.board[here]
                m.board[dest] = disc
                effects.append({"type": "slide", "from": list(here), "to": list(dest),
                                "color": disc, "force": force})
        # scoring: every group of four or more, both colours; then nothing moves
        for gcolor, group in m.groups():
            if len(group) < 4:
                continue
            gain_cells = sorted(c for c in group if not is_void(c, R))
            risk_cells = sorted(c for c in group if is_void(c, R))
            m.gain[gcolor] += len(gain_cells)
            m.risk[gcolor] += len(risk_cells)
            for c in group:
                del m.board[c]
            effects.append({"type": "score", "color": gcolor,
                            "gain_cells": [list(c) for c in gain_cells],
                            "risk_cells": [list(c) for c in risk_cells]})
        m.to_move = opponent(m.to_move)
        m.settle()
        if m.over:
            effects.append({"type": "end", "winner": m.winner})
        return m, effects

    def settle(self) -> None:
        both_done = all(self.supply[p][c] == 0 for p in COLORS for c in COLORS)
        no_cell = all(c in self.board for c in gray_cells(self.radius))
        if both_done or no_cell:
            self.end()

    def end(self) -> None:
        void = {c: self.void_count(c) for c in COLORS}
        final, winner = score(self.gain, self.risk, void)
        self.to_move, self.winner, self.final = None, winner, final


def score(gain: dict[str, int], risk: dict[str, int], void: dict[str, int]) -> tuple[dict[str, int], str]:
    """The end count of §1, written out the long way: (final per colour, winner or "draw")."""
    final = {}
    for me in COLORS:
        them = opponent(me)
        if void[me] > void[them]:
            final[me] = gain[me] - risk[me]
        else:
            final[me] = gain[me]
    if final["red"] > final["blue"]:
        return final, "red"
    if final["blue"] > final["red"]:
        return final, "blue"
    if void["red"] < void["blue"]:
        return final, "red"
    if void["blue"] < void["red"]:
        return final, "blue"
    if risk["red"] < risk["blue"]:
        return final, "red"
    if risk["blue"] < risk["red"]:
        return final, "blue"
    return final, "draw"


def effect_key(effect: dict) -> tuple:
    """A hashable, order-free form of one effect (cell lists of a score become sorted tuples)."""
    out = []
    for k in sorted(effect):
        v = effect[k]
        if k in ("gain_cells", "risk_cells"):
            v = tuple(sorted(tuple(c) for c in v))
        elif isinstance(v, list):
            v = tuple(v)
        out.append((k, v))
    return tuple(out)
