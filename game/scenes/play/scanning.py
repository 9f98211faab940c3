"""The play screen under one switch (Settings → Scanning, :mod:`game.app.scan`): the cursor
steps by itself through the moves the player to move can make now, in reading order (row
by row, left to right, as the board is drawn), and the switch plays the one it is on.

A game whose moves have parts says what its items are: GAUSS steps through the cells for
the colour in hand, then for the other colour; Sparks & Surges through the pieces that can
move, then, once one is chosen, through its destinations; The Great Order through the
columns of each end stone; The Improbable through Roll and Stop. By default the items are
the cells of the legal moves (``move.cell``), for a game that places a piece on a cell.

Where a turn has many items on a board (Rush's 81 to 361 points), the scan goes by rows
first, the classic row-column scanning of switch access: the cursor steps from row to row
(on each row's first item), a press goes along the row it is on, and after the row's last
item (or on a long press) the rows come again. A 19x19 board takes at most 38 steps to any
point instead of 361.
"""
from __future__ import annotations

from typing import Any

from ...i18n import _
from ...match import REMOTE

#: a turn with more items than this, in more than two rows, is scanned row by row
ROWS_FROM = 12


class Scanning:
    """What the play screen's highlight steps through while scanning."""

    #: the row being gone along (None: the scan steps from row to row, or has no rows)
    scan_row: Any = None

    def scan_waits(self) -> bool:
        """The scan rests while a move plays out, the computer thinks or plays, the opponent
        online is to move, a host holds the game (a lesson's answer), and once the game is
        over."""
        return bool(self.queue.busy or self.thinking or self.state.over or self.frozen
                    or self.ai_to_move() or self.seat().device == REMOTE)

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

    def scan_row_of(self, target: Any) -> Any:
        """The row ``target`` lies in, for scanning by rows; None: the game's items are not
        scanned by rows (they are few, or grouped by the game itself)."""
        if isinstance(target, tuple) and len(target) == 2 and all(isinstance(v, int) for v in target):
            return target[1]
        return None

    def scan_shown(self) -> Any:
        """The item highlighted now."""
        cursor = getattr(self, "cursor", None)
        return tuple(cursor) if isinstance(cursor, (tuple, list)) else cursor

    def scan_show(self, target: Any) -> None:
        """Highlight ``target`` (by default: the cursor on its cell)."""
        self.cursor = target
        self.hover_from_mouse = False

    # -- rows --------------------------------------------------------------------------------
    def scan_rows(self, targets: list[Any]) -> dict[Any, list[Any]] | None:
        """This turn's items by row, in order, where the scan goes by rows; else None."""
        if len(targets) <= ROWS_FROM:
            return None
        rows: dict[Any, list[Any]] = {}
        for target in targets:
            row = self.scan_row_of(target)
            if row is None:
                return None
            rows.setdefault(row, []).append(target)
        return rows if len(rows) > 2 else None

    def scan_items(self) -> tuple[list[Any], bool]:
        """What the highlight steps through now, and whether those are rows (each stood for
        by its first item)."""
        targets = self.scan_targets()
        rows = self.scan_rows(targets)
        if rows is None:
            return targets, False
        if self.scan_row in rows:
            return rows[self.scan_row], False
        return [items[0] for items in rows.values()], True

    def scan_pointed(self) -> None:
        """The cursor was put on a move by the game itself (a hint): where the board is
        scanned by rows, the scan goes on along that move's row, so a press plays it."""
        targets = self.scan_targets()
        shown = self.scan_shown()
        rows = self.scan_rows(targets)
        self.scan_row = self.scan_row_of(shown) if rows is not None and shown in targets else None

    # -- the switch ----------------------------------------------------------------------------
    def scan_next(self, device: str) -> None:
        if self.scan_waits():
            return
        items, by_rows = self.scan_items()
        if not items:
            return
        shown = self.scan_shown()
        i = items.index(shown) if shown in items else -1
        if self.scan_row is not None and not by_rows and i == len(items) - 1:
            # past the row's last item: the rows again, from the next one
            row, self.scan_row = self.scan_row, None
            firsts, _rows = self.scan_items()
            rows = [self.scan_row_of(first) for first in firsts]
            at = rows.index(row) if row in rows else -1
            self.scan_show(firsts[(at + 1) % len(firsts)])
            return
        self.scan_show(items[(i + 1) % len(items)])

    def scan_choose(self, device: str) -> None:
        items, by_rows = self.scan_items()
        shown = self.scan_shown()
        if by_rows and not self.scan_waits() and shown in items:
            self.scan_row = self.scan_row_of(shown)  # along this row: its first item shown a step
            return
        played = len(self.history)
        super().scan_choose(device)
        self.scan_follow(items, shown, played)

    def scan_follow(self, items: list[Any], shown: Any, played: int) -> None:
        """After a press on ``shown`` (one of ``items``, with ``played`` moves made then): where
        it chose a part of a move (a piece), the scan starts on what can follow it, the piece
        itself (letting go of it) coming last."""
        if len(self.history) != played or self.scan_waits():
            return
        now, _by_rows = self.scan_items()
        if now and now != items and (shown not in now or now[-1] == shown):
            self.scan_show(now[0])

    def scan_back(self, device: str) -> None:
        if self.scan_row is not None and not self.scan_waits():
            self.scan_row = None  # out of the row: the rows again, from this one
            return
        super().scan_back(device)

    def scan_words(self) -> str:
        """The bottom line while scanning: what a press and a long press do now."""
        if self.scan_waits():
            return _("Scanning: press to choose what is highlighted, hold for the menu")
        _items, by_rows = self.scan_items()
        if by_rows:
            return _("Scanning rows: press to go along this row, hold for the menu")
        if self.scan_row is not None:
            return _("Scanning the row: press to choose, hold to go back to the rows")
        return _("Scanning: press to choose what is highlighted, hold for the menu")
