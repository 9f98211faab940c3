"""How to play Sparks & Surges: short pages with small boards built from real engine
positions. Every mark (where a piece may go, what conducts, what dies) and every
"after" board comes from ``SPARKS`` itself, so the pictures cannot drift from the rules."""
from __future__ import annotations

import pygame

from .. import levels
from ..i18n import N_, _, ngettext, pgettext
from ..rules.sparks import LETTERS, NAMES, SPARKS, Move, State
from ..ui import theme
from ..ui.sparks import (
    BEAM_INK,
    CONDUCT_INK,
    DARK_SQ,
    DEATH_INK,
    BoardGeom,
    destination_marks,
    draw_board,
    gate_beams,
    mark_image,
    piece_image,
    square_of,
)
from .howto import HowToScene


def position(board: dict[str, str], to_move: str = "white") -> State:
    """A legal position from the engine's own loader (it refuses gated pieces)."""
    return SPARKS.load_state({"board": board, "to_move": to_move, "quiet_plies": 0}, levels.load("sparks"))


def start_position() -> State:
    return SPARKS.new(levels.load("sparks"), seed=0)


def piece_kinds() -> list[tuple[str, str, str]]:
    """The four kinds of piece: code, name and what it does, in the current language (asked
    for when shown; the names are pieces, not verbs, hence their context)."""
    return [("WS", pgettext("piece", "Spark"),
             _("slides along a rank or file, or steps one square diagonally")),
            ("WU", pgettext("piece", "Surge"), _("moves like a Spark, and can conduct through a network")),
            ("WD", pgettext("piece", "Degausser"), _("steps one square any way; captures any enemy piece")),
            ("WI", pgettext("piece", "IC"), _("steps one square any way; can capture only the enemy IC"))]


LEGEND = [(frozenset({"move"}), N_("an ordinary move")),
          (frozenset({"move", "conduct"}), N_("reached by conduction")),
          (frozenset({"move", "capture"}), N_("a capture")),
          (frozenset({"move", "death"}), N_("your piece dies there"))]

# (title, text, kind of page, data)
PAGES = [
    (N_("The board and the pieces"),
     N_("Two players, White (ivory, at the bottom) and Black (ebony), take turns moving one piece; "
        "White starts and a move is mandatory. Each side has 6 Sparks, 3 Surges, 2 Degaussers and 1 IC. "
        "The shapes tell the pieces apart; the four skull corners are death squares."),
     "pieces", None),
    (N_("Sparks slide"),
     N_("A Spark slides any distance along its rank or file over empty squares, or steps one square "
        "diagonally onto an empty square. It never lands on a piece and never jumps. "
        "Select a piece and every square it can reach is marked."),
     "marks", (lambda: position({"d4": "WS", "d7": "WD", "g4": "BS", "b6": "BU", "e1": "WI", "e8": "BI"}),
               ["d4"])),
    (N_("Surges conduct"),
     N_("A Surge moves like a Spark, and can also conduct: its network is every Spark and Surge, of "
        "either colour, linked to it square by square (all 8 neighbours count). If the network holds "
        "another piece, the Surge may jump to any empty square next to any member (ringed dots)."),
     "marks", (lambda: position({"c3": "WU", "d4": "WS", "e5": "BS", "f5": "BU", "e1": "WI", "d8": "BI",
                                 "g2": "WD"}), ["c3"])),
    (N_("Degaussers and the IC"),
     N_("A Degausser steps one square in any of 8 directions, onto an empty square or onto an enemy "
        "piece of any kind, which it captures (corner wedges). The IC also steps one square, but it "
        "can capture only the enemy IC. Sparks and Surges never capture: they gate."),
     "marks", (lambda: position({"d4": "WD", "c5": "BS", "e4": "BD", "f2": "WI", "g3": "BI", "b2": "WS"}),
               ["d4", "f2"])),
    (N_("Gating"),
     N_("Along a rank, file or diagonal, a continuous run of pieces of one colour with an enemy Spark or "
        "Surge directly at each end is gated: after the move all gated pieces are removed at once, of both "
        "colours. Here White slides f2-f5 and closes a gate around d5 and e5."),
     "gate", (lambda: position({"c5": "WS", "d5": "BS", "e5": "BS", "f2": "WS", "e1": "WI", "e8": "BI",
                                "b7": "BU"}), Move("f2", "f5"))),
    (N_("Gated squares"),
     N_("An empty square with an enemy Spark or Surge directly on both sides along a line is a gated "
        "square. You may move there, but the piece dies at once (a cross). A slide may stop on a gated "
        "square, never pass through it; diagonal steps and conduction ignore gates."),
     "marks", (lambda: position({"e3": "WS", "d6": "BS", "f6": "BS", "b1": "WI", "b8": "BI", "g1": "WD"}),
               ["e3"])),
    (N_("The deadly corners"),
     N_("The corners a1, h1, a8 and h8 are death squares: a piece that moves onto one is removed after "
        "its move (gates are resolved first, so it may still close a gate on its way). They are marked "
        "with a cross like any deadly square."),
     "marks", (lambda: position({"a4": "WS", "b2": "WU", "c3": "WS", "e1": "WI", "e8": "BI", "f7": "BS"}),
               ["a4"])),
    (N_("Winning and the draws"),
     N_("Take the enemy IC (a Degausser or your IC landing on it, or a gate) and you win. The game is "
        "drawn when both ICs go at once, when only the two ICs and one Spark or Surge are left, when the "
        "same placement of all pieces occurs for the 3rd time, or after 80 moves in a row with nothing "
        "removed."),
     "end", None),
]

#: one message per sentence; a line break in one is kept, and a line too long for the screen wraps
END_NOTES = [
    N_("The panel counts the quiet moves (x/80) and how often the position has been seen (x/3)."),
    N_("A player with no legal move passes and the other moves again (announced at the top)."),
    N_("If neither side can move, the game is drawn."),
    N_("Draw by agreement: the mover presses Tab or the Draw? button;\n"
       "the other player accepts or declines on the prompt."),
]


class SparksHowTo(HowToScene):
    game_title = N_("Sparks & Surges")
    pages = PAGES

    def __init__(self, app, game_id: str = "") -> None:
        super().__init__(app, game_id)
        self._cache: dict[int, object] = {}

    def data(self):
        """The page's positions, built once (the engine is asked, never copied)."""
        if self.page not in self._cache:
            _title, _text, kind, data = PAGES[self.page]
            if kind == "marks":
                make, squares = data
                state = make()
                marks: dict[str, frozenset[str]] = {}
                for sq in squares:
                    marks.update(destination_marks(state, sq))
                self._cache[self.page] = (state, squares, marks)
            elif kind == "gate":
                make, move = data
                before = make()
                after, effects = SPARKS.play(before, move)
                self._cache[self.page] = (before, move, after, effects)
            else:
                self._cache[self.page] = start_position()
        return self._cache[self.page]

    def draw_page(self, surface: pygame.Surface, area: pygame.Rect, page, s: float) -> None:
        kind = page[2]
        if kind == "pieces":
            self.draw_pieces_page(surface, area, s)
        elif kind == "marks":
            state, squares, marks = self.data()
            left = pygame.Rect(area.x, area.y, area.width // 2, area.height)
            self.diagram(surface, left, state, marks, squares, s)
            self.draw_legend(surface, pygame.Rect(left.right + int(20 * s), area.y + int(30 * s),
                                                  area.width // 2 - int(20 * s), area.height), s)
        elif kind == "gate":
            self.draw_gate_page(surface, area, s)
        else:
            self.draw_end_page(surface, area, s)

    # -- pieces ------------------------------------------------------------------------
    def diagram(self, surface, rect: pygame.Rect, state: State, marks=None, selected=(), s: float = 1.0,
                doomed=(), beams=()) -> BoardGeom:
        geo = BoardGeom.fit(rect, 20 * s)
        draw_board(surface, geo)
        sq = geo.sq
        tint = pygame.Surface((sq, sq), pygame.SRCALPHA)
        tint.fill((*CONDUCT_INK, 70))
        for name in selected:
            surface.blit(tint, geo.rect(*square_of(name)))
        marks = marks or {}
        for name, kinds in marks.items():
            if state.piece_at(name) is None:
                surface.blit(mark_image(kinds, sq), geo.rect(*square_of(name)))
        for i, v in enumerate(state.board):
            if v:
                img = piece_image(LETTERS[v], int(sq * 0.84))
                surface.blit(img, img.get_rect(center=geo.center(*square_of(NAMES[i]))))
        for name, kinds in marks.items():
            if state.piece_at(name) is not None:
                surface.blit(mark_image(kinds, sq), geo.rect(*square_of(name)))
        for a, b in beams:
            pygame.draw.line(surface, BEAM_INK, geo.center(*square_of(a)), geo.center(*square_of(b)),
                             max(3, sq // 10))
        for name in doomed:
            pygame.draw.circle(surface, DEATH_INK, geo.center(*square_of(name)), sq * 0.46, max(2, sq // 16))
        return geo

    def draw_pieces_page(self, surface, area: pygame.Rect, s: float) -> None:
        left = pygame.Rect(area.x, area.y, int(area.width * 0.45), area.height)
        self.diagram(surface, left, self.data(), s=s)
        x = left.right + int(30 * s)
        # the words at the largest size (down to 70%) whose lines end above the page's foot
        for k in (1.0, 0.9, 0.8, 0.7):
            if self.piece_rows(surface, x, area, s, k, draw=False) <= area.bottom:
                break
        self.piece_rows(surface, x, area, s, k, draw=True)

    def piece_rows(self, surface, x: float, area: pygame.Rect, s: float, k: float, draw: bool) -> float:
        """The pieces, two images and their words a row, at ``k`` of the words' size;
        returns where the last line ends (drawn only with ``draw``)."""
        y = area.y + int(10 * s)
        size = int(54 * s * max(k, 0.8))
        text_x = x + 2 * size + 22 * s
        name_size, word_size = int(32 * s * k), int(24 * s * k)
        line_h = theme.step(word_size, 26 * s * k)
        for code, name, words in piece_kinds():
            if draw:
                surface.blit(piece_image(code, size), (x, y))
                surface.blit(piece_image("B" + code[1], size), (x + size + 6 * s, y))
            name_h = theme.font(name_size, True).get_height()
            if draw:
                theme.draw_text(surface, name, (text_x, y), name_size, theme.INK, bold=True)
            ty = max(y + 30 * s * k, y + name_h)
            for line in theme.wrap(words, word_size, int(area.right - text_x)):
                if draw:
                    theme.draw_text(surface, line, (text_x, ty), word_size, theme.INK_DIM)
                ty += line_h
            y = max(y + size, ty) + int(12 * s * k)
        last = _("Lose your IC and you lose the game.")
        if draw:
            theme.draw_text(surface, last, (x, y + 6 * s), int(28 * s * k), theme.ACCENT)
        return y + 6 * s + theme.font(int(28 * s * k)).get_height()

    def draw_legend(self, surface, rect: pygame.Rect, s: float) -> None:
        y = rect.y
        size = int(48 * s)
        theme.draw_text(surface, _("The marks, as in the game:"), (rect.x, y), int(28 * s), theme.INK_DIM)
        y += int(40 * s)
        for kinds, label in LEGEND:
            pygame.draw.rect(surface, DARK_SQ, (rect.x, y, size, size))
            surface.blit(mark_image(kinds, size), (rect.x, y))
            theme.draw_text(surface, _(label), (rect.x + size + 16 * s, y + size / 2), int(28 * s), theme.INK,
                            "midleft")
            y += size + int(14 * s)
        theme.draw_text(surface, _("Tinted square: the selected piece."), (rect.x, y + 6 * s), int(24 * s),
                        theme.INK_DIM)

    def draw_gate_page(self, surface, area: pygame.Rect, s: float) -> None:
        before, move, after, effects = self.data()
        gated = [sq for e in effects if e["type"] == "gated" for sq in e["squares"]]
        moved = {NAMES[i]: LETTERS[v] for i, v in enumerate(before.board) if v}
        moved[move.to] = moved.pop(move.frm)
        beams = gate_beams(moved, gated, before.gate_diagonals)
        half = area.width // 2
        before_note = _("before: White plays {move}").format(move=SPARKS.move_text(move, before))
        after_note = ngettext("after: {n} black piece gated and removed",
                              "after: {n} black pieces gated and removed", len(gated)).format(n=len(gated))
        # each caption over its board, wrapped to its half (the boards start under the longer)
        size, step = int(26 * s), theme.step(int(26 * s), 28 * s)
        notes = [theme.wrap(note, size, half - int(30 * s)) for note in (before_note, after_note)]
        top = int(max(30 * s, max(len(lines) for lines in notes) * step + 4 * s))
        left = pygame.Rect(area.x, area.y + top, half - int(20 * s), area.height - top)
        right = pygame.Rect(area.x + half + int(20 * s), left.y, left.width, left.height)
        for rect, lines in zip((left, right), notes, strict=True):
            for k, line in enumerate(lines):
                theme.draw_text(surface, line, (rect.centerx, area.y + k * step), size, theme.INK_DIM,
                                "midtop")
        geo = self.diagram(surface, left, before, {move.to: frozenset({"move"})}, [move.frm], s, gated, beams)
        a, b = geo.center(*square_of(move.frm)), geo.center(*square_of(move.to))
        pygame.draw.line(surface, theme.ACCENT, a, b, max(3, geo.sq // 12))
        pygame.draw.circle(surface, theme.ACCENT, b, geo.sq * 0.14)
        self.diagram(surface, right, after, s=s)

    def draw_end_page(self, surface, area: pygame.Rect, s: float) -> None:
        y = area.y + int(10 * s)
        width = surface.get_width() - int(20 * s)
        for note in END_NOTES:
            for line in theme.wrap(_(note), int(28 * s), width):
                theme.draw_text(surface, line, (area.centerx, y), int(28 * s), theme.INK_DIM, "midtop")
                y += int(38 * s)
