"""The play screen under one switch (Settings → Scanning, :mod:`game.app.scan`): the cursor
steps by itself through the moves the player to move can make now, in reading order (row
by row, left to right, as the board is drawn), and the switch plays the one it is on.

A game whose moves have parts says what its items are: GAUSS steps through the cells for
the colour in hand, then for the other colour; Sparks & Surges through the pieces that can
move, then, once one is chosen, through its destinations; The Great Order through the
columns of each end stone; The Improbable through Roll and Stop. By default the items are
the cells of the legal moves (``move.cell``), for a game that places a piece on a cell.
"""
from __future__ import annotations

from typing import Any


class Scanning:
    """What the play screen's highlight steps through while scanning."""

    def scan_waits(self) -> bool:
        """The scan rests while a move plays out, the computer thinks or plays, a host holds
        the game (a lesson's answer), and once the game is over."""
        return bool(self.queue.busy or self.thinking or self.state.over or self.frozen
                    or self.ai_to_move())

    def scan_targets(self) -> list[Any]:
        """The items of this turn, in the order the highlight visits them."""
        cells = {self.scan_cell(move) for move in self.rules.legal_moves(self.state)}
        cells.discard(None)
        return sorted(cells, key=self.scan_order)

    @staticmethod
    def scan_cell(move: Any) -> Any:
        """The cell a move is chosen by (the cursor is put there)."""
        cell = getattr(move, "cell", None)
        return tuple(cell) if cell is not None else None

    @staticmethod
    def scan_order(cell: Any) -> Any:
        """Reading order: row by row, each row left to right (``(column, row)`` cells)."""
        return (cell[1], cell[0])

    def scan_shown(self) -> Any:
        """The item highlighted now."""
        cursor = getattr(self, "cursor", None)
        return tuple(cursor) if isinstance(cursor, (tuple, list)) else cursor

    def scan_show(self, target: Any) -> None:
        """Highlight ``target`` (by default: the cursor on its cell)."""
        self.cursor = target
        self.hover_from_mouse = False

    def scan_next(self, device: str) -> None:
        if self.scan_waits():
            return
        targets = self.scan_targets()
        if not targets:
            return
        shown = self.scan_shown()
        i = targets.index(shown) if shown in targets else -1
        self.scan_show(targets[(i + 1) % len(targets)])
