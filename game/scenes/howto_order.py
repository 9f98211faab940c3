"""How to play The Great Order: short pages, each with small diagrams drawn from real
engine positions (every "after" is what ``ORDER.play`` computes, every reason is the
engine's own sentence, so the pictures cannot drift from the rules)."""
from __future__ import annotations

import pygame

from ..i18n import N_, _, pgettext, refusal
from ..rules.order import COLUMNS, ORDER, PLAYERS, WIDTH, Move, State, why_bad_arrangement
from ..rules.turns import triangular
from ..ui import marks, theme
from ..ui.order import (
    LIGHT,
    START_ROW,
    FieldGeom,
    block_image,
    draw_static_field,
    draw_stone,
    draw_targets,
    glow_image,
)
from ..ui.order import (
    chain_words as chain_text,
)
from .howto import HowToScene


def position(blue_coll=(), brown_coll=(), blue_cols=None, brown_cols=None, to_move="blue") -> State:
    cols = [[0] * COLUMNS, [0] * COLUMNS]
    for k, placed in enumerate((blue_cols or {}, brown_cols or {})):
        for col, length in placed.items():
            cols[k][col] = length
    return State(level="classic", phase="play", collections=(tuple(blue_coll), tuple(brown_coll)),
                 columns=(tuple(cols[0]), tuple(cols[1])), score=(0, 0), chain=0, first="blue",
                 to_move=to_move, winner=None, seed=0)


BLUE_ROW = (2, 3, 1, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5)
BROWN_ROW = (1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 5)  # three of brown's stones already lie in the field
BAD_ROW = (1, 2, 3, 3, 4, 5, 1, 2, 4, 5, 1, 2, 3, 4, 5)

FIELD = position(BLUE_ROW[3:], BROWN_ROW, {3: 2, 8: 4, 14: 5}, {3: 3, 11: 3, 0: 4}, "brown")
START = position(BLUE_ROW, BROWN_ROW, None, {2: 3, 5: 2, 9: 4})
CONNECT = position((2,) + BLUE_ROW[1:], BROWN_ROW, None, {2: 3, 5: 2, 9: 4})
FORCED = position((3,) + BLUE_ROW[2:] + (2,), (1, 3, 4, 5, 1, 2, 3, 4, 5, 1, 5), None,
                  {2: 3, 5: 2, 9: 4, 13: 2})
CHAIN_MOVES = (Move("left", 2), Move("left", 5), Move("left", 9), Move("left", 12))

PAGES = [
    (N_("The field and the boundaries"),
     N_("Each colour's three 6-stones lie end to end as a boundary 18 long; the two boundaries face "
        "each other across a field 5 wide: 18 columns of 5 cells. Blue lays its stones against its "
        "boundary (top), brown against its own (bottom). A column holds at most one stone of each colour."),
     "field"),
    (N_("Arranging your collection"),
     N_("Before play each player lays their other 15 stones (three each of lengths 1 to 5) in a row, "
        "with no two stones of equal length side by side: blue first, then brown, each without seeing "
        "the other's. Pick up a stone and carry it, or swap two; Tab (right-click) deals a valid "
        "random row."),
     "arrange"),
    (N_("Taking an end stone"),
     N_("On your turn take the left or the right end stone of your own collection (never one from the "
        "middle) and lay it into a column, against your own boundary. The ends are bright, the rest is "
        "dimmed. An end stone that cannot be placed anywhere cannot be chosen."),
     "ends"),
    (N_("Connections"),
     N_("An empty column takes any stone, and a 5 fills an empty column alone: a connection. A column "
        "holding only an opponent stone of length m takes exactly a 5 - m, which completes it: also a "
        "connection. Nothing else enters a column that holds a stone."),
     "connect"),
    (N_("Forced connections"),
     N_("If the stone you take can make a connection anywhere, it must make one: you choose the column "
        "if there are several (a ringed dot, marked !), but no empty column is allowed."),
     "forced"),
    (N_("Placing again: chains"),
     N_("After a connection you place again. The turn ends with the first placement that makes no "
        "connection, or when you have no stone or no placement left. A turn with c connections scores "
        "1 + 2 + ... + c."),
     "chain"),
    (N_("The end"),
     N_("The game ends when every stone is placed (the field is then full; the rules always leave "
        "a legal placement, so nobody has to pass). The higher score wins; equal scores draw. Tip: "
        "force your opponent to connect early (short chains score little) and save your own "
        "connections for one long chain."),
     "end"),
]


def draw_position(surface: pygame.Surface, geom: FieldGeom, state: State, mover_ends: bool = True,
                  targets: str | None = None, labels: dict[int, str] | None = None) -> None:
    """A position as the game draws it: field, glowing complete columns, stones, collections."""
    draw_static_field(surface, geom)
    for col in range(COLUMNS):
        if state.columns[0][col] + state.columns[1][col] == WIDTH:
            rect = geom.column_rect(col, with_bounds=True)
            surface.blit(glow_image(rect.w, rect.h), rect)
    if targets is not None:  # the play screen's marks: a dot per legal column, ringed where it connects
        moves = [m for m in ORDER.legal_moves(state) if m.end == targets]
        columns = {m.column: any(e["type"] == "connect" for e in ORDER.play(state, m)[1]) for m in moves}
        forced = any(columns.values()) and len(moves) < sum(
            1 for c in range(COLUMNS) if not state.columns[0][c] and not state.columns[1][c])
        draw_targets(surface, geom, columns, forced, state.to_move, geom.s)
    for k, player in enumerate(PLAYERS):
        for col, length in enumerate(state.columns[k]):
            if length:
                draw_stone(surface, geom, player, col, length)
    for col, text in (labels or {}).items():
        rect = geom.column_rect(col, with_bounds=True)
        theme.draw_text(surface, text, (rect.centerx, rect.bottom + 4), int(geom.u * 0.55), theme.ACCENT,
                        "midtop", True)
    if not geom.collections:
        return
    for k, player in enumerate(PLAYERS):
        coll = state.collections[k]
        n = len(coll)
        for i, length in enumerate(coll):
            rect = geom.slot_rect(player, i, n, length)
            style = "normal" if i in (0, n - 1) or not mover_ends else "dim"
            surface.blit(block_image(player, length, rect.w, rect.h, style, geom.c), rect)


def draw_row(surface: pygame.Surface, row: tuple[int, ...], center: tuple[float, float], unit: float,
             player: str = "blue", mark_equal: bool = False) -> pygame.Rect:
    """A collection row standing on a line through ``center``; returns its bounding box."""
    bw, step = unit * 1.1, unit * 1.45
    x0 = center[0] - (len(row) - 1) / 2 * step
    base = center[1] + 2.5 * unit
    box = pygame.Rect(round(x0 - bw / 2), round(base - 5 * unit), round((len(row) - 1) * step + bw),
                      round(5 * unit))
    rects = []
    for i, length in enumerate(row):
        rect = pygame.Rect(round(x0 + i * step - bw / 2), round(base - length * unit), round(bw),
                           round(length * unit))
        surface.blit(block_image(player, length, rect.w, rect.h, "normal", unit), rect)
        rects.append(rect)
    if mark_equal:
        for i in range(len(row) - 1):
            if row[i] == row[i + 1]:
                marks.danger_area(surface, rects[i].union(rects[i + 1]).inflate(8, 8), unit / 20, radius=6)
    return box


class OrderHowTo(HowToScene):
    game_title = N_("The Great Order")
    pages = PAGES

    def draw_page(self, surface: pygame.Surface, area: pygame.Rect, page, s: float) -> None:
        getattr(self, f"page_{page[2]}")(surface, area, s)

    # -- the pages -----------------------------------------------------------------------------
    def caption(self, surface, text: str, pos, s: float, color=None, anchor="midtop") -> None:
        theme.draw_text(surface, text, pos, int(24 * s), color or theme.INK_DIM, anchor)

    def page_field(self, surface, area: pygame.Rect, s: float) -> None:
        geom = FieldGeom(area.inflate(-int(area.w * 0.15), -int(40 * s)).move(0, -int(10 * s)), s,
                         collections=False)
        draw_position(surface, geom, FIELD)
        self.caption(surface, _("blue boundary: three 6-stones"),
                     (geom.field.centerx, geom.bound["blue"].top - 4), s, LIGHT["blue"], "midbottom")
        self.caption(surface, _("brown boundary: three 6-stones"), (geom.field.centerx,
                     geom.bound["brown"].bottom + 4), s, LIGHT["brown"])
        below = geom.bound["brown"].bottom + 4 + theme.step(int(24 * s), 26 * s)  # under the caption above
        self.caption(surface, _("column 3: a blue 2 and a brown 3 complete it; column 14: a 5 alone"),
                     (geom.field.centerx, max(geom.bound["brown"].bottom + 30 * s, below)), s, theme.INK)

    def page_arrange(self, surface, area: pygame.Rect, s: float) -> None:
        unit = min(area.h / 14, area.w / 24)
        top = area.y + 2.5 * unit + 10 * s
        box = draw_row(surface, START_ROW, (area.centerx, top + 10 * s), unit)
        why = why_bad_arrangement(START_ROW)
        reason = refusal(why) if why else _("no equal neighbours")
        self.caption(surface, _("valid: {reason}").format(reason=reason),
                     (area.centerx, box.bottom + 6 * s), s, theme.GOOD)
        box = draw_row(surface, BAD_ROW, (area.centerx, box.bottom + 50 * s + 2.5 * unit), unit,
                       mark_equal=True)
        why = why_bad_arrangement(BAD_ROW)
        self.caption(surface, _("refused: {reason}").format(reason=refusal(why) if why else ""),
                     (area.centerx, box.bottom + 10 * s), s, theme.BAD)

    def page_ends(self, surface, area: pygame.Rect, s: float) -> None:
        geom = FieldGeom(area, s)
        draw_position(surface, geom, START, targets="left")
        coll = START.collections[0]
        for i in (0, len(coll) - 1):
            marks.selection(surface, geom.slot_rect("blue", i, len(coll), coll[i]).inflate(8, 8))
        self.caption(surface, _("blue's ends: the 2 (left) and the 5 (right)"),
                     (geom.area.right - 10 * s, geom.label_y["blue"]), s, theme.ACCENT, "topright")
        self.caption(surface, _("left 2: forced into column 2 (ringed dot)"),
                     (geom.area.right - 10 * s, geom.label_y["brown"]), s, theme.ACCENT, "topright")

    def page_connect(self, surface, area: pygame.Rect, s: float) -> None:
        half = area.h // 2
        top = pygame.Rect(area.x, area.y, area.w, half - int(16 * s))
        bottom = pygame.Rect(area.x, area.y + half + int(10 * s), area.w, half - int(16 * s))
        before = position((5,) + BLUE_ROW[1:4], BROWN_ROW[:2], None, {2: 3, 5: 2, 9: 4})
        mid, _effects = ORDER.play(before, Move("left", 12))
        after, _effects = ORDER.play(mid, Move("left", 5))
        for rect, state, note in ((top, mid, _("blue lays a 5 into empty column 12: a connection alone")),
                                  (bottom, after, _("then blue's 3 completes brown's 2 in column 5: "
                                                    "3 + 2 = 5, a second connection"))):
            geom = FieldGeom(rect.inflate(-int(rect.w * 0.28), -int(24 * s)).move(-int(rect.w * 0.1), 0), s,
                             collections=False)
            draw_position(surface, geom, state)
            lines = theme.wrap(note, int(24 * s), int(rect.right - geom.field.right - 30 * s))
            y = geom.field.y
            for line in lines:
                self.caption(surface, line, (geom.field.right + 20 * s, y), s, theme.INK, "topleft")
                y += theme.step(int(24 * s), 26 * s)

    def page_forced(self, surface, area: pygame.Rect, s: float) -> None:
        geom = FieldGeom(area.inflate(0, -int(30 * s)).move(0, -int(12 * s)), s)
        draw_position(surface, geom, FORCED, targets="left")
        why = ORDER.why_illegal(FORCED, Move("left", 0))
        self.caption(surface, _("Column 0? \"{reason}\"").format(reason=refusal(why) if why else ""),
                     (area.centerx, geom.label_y["brown"] + 28 * s), s, theme.BAD)

    def page_chain(self, surface, area: pygame.Rect, s: float) -> None:
        state = CONNECT
        labels: dict[int, str] = {}
        score_note = ""
        for move in CHAIN_MOVES:
            state, effects = ORDER.play(state, move)
            for e in effects:
                if e["type"] == "connect":
                    labels[e["column"]] = pgettext("a connection's place in its chain", "#{n}").format(
                        n=e["chain"])
                elif e["type"] == "score":
                    score_note = _("Blue scores {chain}").format(chain=chain_text(e["connections"]))
        geom = FieldGeom(pygame.Rect(area.x, area.y, area.w, area.h - int(110 * s)), s, collections=False)
        draw_position(surface, geom, state, labels=labels)
        # under the column numbers and the chain's tags (their height grows with Large text)
        y = max(geom.bound["brown"].bottom + 36 * s, geom.bound["brown"].bottom + 8 + 2 * theme.font(
            int(geom.u * 0.55)).get_height())
        self.caption(surface, _("Blue connects in columns 2, 5 and 9, then lays the 4 into empty column 12: "
                                "the turn ends"), (area.centerx, y), s, theme.INK)
        theme.draw_text(surface, score_note, (area.centerx, y + 30 * s), int(32 * s), theme.ACCENT,
                        "midtop", True)

    def page_end(self, surface, area: pygame.Rect, s: float) -> None:
        theme.draw_text(surface, _("A turn's score by its chain of connections:"), (area.centerx, area.y),
                        int(26 * s), theme.INK_DIM, "midtop")
        y = area.y + 40 * s
        for c in range(1, 7):
            theme.draw_text(surface, chain_text(c), (area.centerx, y), int(30 * s), theme.INK, "midtop",
                            c == 6)
            y += 36 * s
        text = _("Two chains of 3 score {two_chains}; one chain of 6 scores {one_chain}.").format(
            two_chains=2 * triangular(3), one_chain=triangular(6))
        theme.draw_text(surface, text, (area.centerx, y + 8 * s), int(26 * s), theme.ACCENT, "midtop")
