"""How to play GAUSS: a few short pages, each with small boards drawn from real
engine positions (the "after" board is what ``GAUSS.play`` computes, so the
pictures cannot drift from the rules)."""
from __future__ import annotations

import pygame

from ..i18n import N_, _, pgettext
from ..rules.gauss import CODE, GAUSS, Move, State, geometry
from ..ui import theme
from ..ui.gauss import draw_board, draw_disc
from ..ui.hexgrid import HexLayout, draw_arrow
from .howto import HowToScene

R = 3  # the diagrams use the small board


def position(discs: dict[tuple[int, int], str]) -> State:
    geo = geometry(R)
    board = [0] * len(geo.cells)
    for cell, color in discs.items():
        board[geo.index[cell]] = CODE[color]
    return State(level="small", radius=R, board=tuple(board), supply=(10, 5, 5, 10),
                 gain=(0, 0), risk=(0, 0), to_move="red", winner=None, seed=0)


PAGES = [
    (N_("Placing the trigger"),
     N_("On your turn place one disc on an empty gray cell: your own colour or the opponent's, "
        "whichever you still hold (10 of yours, 5 of theirs). That disc is the TRIGGER. "
        "The dark outer ring is the VOID: no one places there, but discs can be pushed into it."),
     position({}), Move((0, 0), "red")),
    (N_("Attraction"),
     N_("Look along the six lines from the trigger. The nearest disc of the OTHER colour on a line "
        "is pulled in until it touches the trigger, even out of the VOID. Discs behind it stay put."),
     position({(0, -2): "blue", (3, -3): "blue", (-1, 1): "blue", (-3, 0): "red"}), Move((0, 0), "red")),
    (N_("Repulsion into the VOID"),
     N_("The nearest disc of the SAME colour is pushed outward until the next cell is taken, "
        "and it stops on the first VOID cell it reaches. A disc already on the VOID does not move."),
     position({(1, 0): "red", (0, 1): "red", (0, 3): "blue", (-3, 0): "red"}), Move((0, 0), "red")),
    (N_("Scoring to GAIN and RISK"),
     N_("After the moves, every group of 4 or more touching discs of one colour scores, for either "
        "player. Its discs on gray cells go to that colour's GAIN; those on the VOID go to its RISK."),
     position({(1, 0): "red", (2, 0): "red", (3, 0): "red", (-2, 2): "blue"}), Move((0, 0), "red")),
    (N_("The end count"),
     N_("When all 30 discs are placed: your score is your GAIN. If you have strictly more discs on "
        "the VOID than the other player, subtract your RISK. Highest score wins; on a tie, fewer "
        "discs on the VOID wins, then fewer in RISK; else both players win."),
     None, None),
]

#: the rule sheet's example; its words are marked here and translated when drawn (the
#: numbers are no messages and come back from ``_`` unchanged)
EXAMPLE = [["", N_("Red"), N_("Blue")], [N_("GAIN"), "8", "9"], [N_("RISK"), "3", "1"],
           [N_("VOID"), "2", "3"], [N_("Final"), "8", "9 - 1 = 8"], [N_("Tie: fewer VOID"), "2", "3"],
           ["", N_("Red wins"), ""]]

#: the sides' names, translated when shown
SIDE_NAMES = {"red": N_("Red"), "blue": N_("Blue")}


class GaussHowTo(HowToScene):
    game_title = N_("GAUSS")
    pages = PAGES

    def draw_page(self, surface, area, page, s: float) -> None:
        _title, _text, before, move = page
        if before is not None:
            self.draw_diagrams(surface, area, before, move, s)
        else:
            self.draw_example(surface, area, s)

    def draw_diagrams(self, surface, area, before: State, move: Move, s: float) -> None:
        after, effects = GAUSS.play(before, move)
        half = area.width // 2
        # the boards leave room under them for the note of what scored (two lines at most)
        foot = int(2 * theme.step(int(24 * s), 26 * s))
        left = pygame.Rect(area.x, area.y + int(30 * s), half - int(20 * s), area.height - int(30 * s) - foot)
        right = pygame.Rect(area.x + half + int(20 * s), left.y, left.width, left.height)
        theme.draw_text(surface, _("before: the trigger is placed"), (left.centerx, area.y), int(26 * s),
                        theme.INK_DIM, "midtop")
        theme.draw_text(surface, pgettext("diagram", "after"), (right.centerx, area.y), int(26 * s),
                        theme.INK_DIM, "midtop")
        lay_l, lay_r = HexLayout.fit(R, left), HexLayout.fit(R, right)
        geo = geometry(R)
        for lay, state in ((lay_l, before), (lay_r, after)):
            draw_board(surface, lay, geo, coordinates=False)
            for i, code in enumerate(state.board):
                if code:
                    self.disc(surface, lay, geo.cells[i], "red" if code == 1 else "blue")
        self.disc(surface, lay_l, move.cell, move.color)
        tx, ty = lay_l.to_pixel(*move.cell)
        theme.draw_text(surface, pgettext("the trigger, one letter", "T"), (tx, ty), int(lay_l.size * 0.9),
                        theme.INK, "center", True)
        width = max(2, int(lay_l.size * 0.14))
        scored = []
        for e in effects:
            if e["type"] == "slide":
                color = theme.GOOD if e["force"] == "attract" else theme.ACCENT
                draw_arrow(surface, color, lay_l.to_pixel(*e["from"]), lay_l.to_pixel(*e["to"]), width)
            elif e["type"] == "score":
                scored.append(e)
                for kind, ink in (("gain_cells", theme.INK), ("risk_cells", theme.BAD)):
                    for cell in e[kind]:
                        x, y = lay_r.to_pixel(*cell)
                        pygame.draw.circle(surface, ink, (x, y), lay_r.size * 0.8, width)
        if scored:
            e = scored[0]
            note = _("{side} scores: {gain} to GAIN (white rings), {risk} to RISK (red rings)").format(
                side=_(SIDE_NAMES[e["color"]]), gain=len(e["gain_cells"]), risk=len(e["risk_cells"]))
            step = theme.step(int(24 * s), 26 * s)
            for k, line in enumerate(theme.wrap(note, int(24 * s), right.width)[:2]):
                theme.draw_text(surface, line, (right.centerx, right.bottom + k * step), int(24 * s),
                                theme.INK, "midtop")

    @staticmethod
    def disc(surface, lay: HexLayout, cell, color: str) -> None:
        draw_disc(surface, lay, cell, color)

    def draw_example(self, surface, area, s: float) -> None:
        theme.draw_text(surface, _("An example from the rule sheet:"), (area.centerx, area.y), int(26 * s),
                        theme.INK_DIM, "midtop")
        y = area.y + 40 * s
        for r, row in enumerate(EXAMPLE):
            for c, cell in enumerate(row):
                x = area.centerx + (c - 1) * 200 * s
                theme.draw_text(surface, _(cell) if cell else "", (x, y), int(30 * s), theme.INK, "midtop",
                                r == 0 or c == 0)
            y += 36 * s
