"""How to play THE IMPROBABLE: short pages, each with a small table drawn before and
after one move. The "after" table is what ``IMPROBABLE.play`` computes from the
"before" one, and the odds come from the engine's ``chance``, so the pictures
cannot drift from the rules."""
from __future__ import annotations

import pygame

from ..i18n import N_, _, pgettext
from ..rules.improbable import IMPROBABLE, LENGTHS, PLAYERS, STOP, Move, State, chance
from ..ui import theme
from ..ui.hexgrid import draw_arrow
from ..ui.improbable import CAP, COPIES, block_image, die_image, face_chips, ink
from .howto import HowToScene


def position(rows: tuple[tuple[int, ...], tuple[int, ...]], aside: tuple[int, ...] = (),
             die: int | None = None, player: str = "blue") -> State:
    """A consistent position: supply = 3 - row - aside for every length."""
    supply = []
    for k, p in enumerate(PLAYERS):
        for v in LENGTHS:
            supply.append(COPIES - rows[k].count(v) - (aside.count(v) if p == player else 0))
    rolls = len(rows[0]) + len(rows[1]) + len(aside) + 1
    return State(level="classic", supply=tuple(supply), rows=rows, aside=aside, turn=player,
                 to_move=player, winner=None, seed=0, rolls=rolls, die=die if die else (aside[-1] if aside
                                                                                       else None))


BANK = position(((2, 4, 6), (5, 1)), aside=(3, 5), die=5)
END = position(((4, 2, 4, 6, 4, 3), (5, 6, 1, 6, 2, 3, 4)), aside=(1,), die=1)

PAGES = [
    (N_("Rolling and setting aside"),
     N_("On your turn you must roll your die. A roll of 5 takes one of your stones of length 5 out of "
        "your supply and sets it aside in the tray. Then choose: roll again, or stop."),
     position(((2, 4, 6), (5, 1)), aside=(3,), die=3), Move("roll", 5)),
    (N_("A repeat busts"),
     N_("If the die shows a length you already set aside this turn, you bust: every stone in the tray "
        "goes back to your supply, and your turn ends with nothing gained."),
     position(((2, 4, 6), (5, 1)), aside=(3, 5, 1), die=1), Move("roll", 5)),
    (N_("Stopping to bank"),
     N_("After a roll that set a stone aside you may stop: the stones in the tray are laid at the end of "
        "your row in the order rolled, and your turn ends. Stop is refused before your first good roll."),
     BANK, STOP),
    (N_("The immediate end"),
     N_("If you roll a length whose three stones already all lie in your row, the game ends at once. "
        "The stones in your tray stay there: they are not counted."),
     END, Move("roll", 4)),
    (N_("The count"),
     N_("The longer row, by the sum of its stones' lengths, wins; who rolled the end does not matter. "
        "Equal lengths are a draw. Next to the Roll button the six faces show the risk of the next roll."),
     None, None),
]

#: the sides' names, translated when shown
SIDE_NAMES = {"blue": N_("Blue"), "brown": N_("Brown")}


class ImprobableHowTo(HowToScene):
    game_title = N_("The Improbable")
    pages = PAGES

    def draw_page(self, surface: pygame.Surface, area: pygame.Rect, page, s: float) -> None:
        _title, _text, before, move = page
        if before is not None:
            self.draw_move(surface, area, before, move, s)
        else:
            self.draw_count(surface, area, s)

    def draw_move(self, surface: pygame.Surface, area: pygame.Rect, before: State, move: Move,
                  s: float) -> None:
        after, effects = IMPROBABLE.play(before, move)
        label = pgettext("the die", "stop") if move.action == "stop" else \
            _("roll: {value}").format(value=move.value)
        # the gap between the tables holds the move's word over the arrow (wider with Large text)
        gap = int(max(90 * s, theme.font(int(26 * s), True).size(label)[0] + 12 * s))
        half = (area.width - gap) // 2
        # both tables at one scale, as large as the widest row of either lets them be (the
        # blocks were drawn for a full row of 24 units and came out tiny)
        k = PLAYERS.index(before.to_move)
        widest = max(sum(before.rows[k]), sum(after.rows[k]), sum(before.aside), sum(after.aside), 12) + 1
        unit = min(36 * s, half * 0.98 / widest)
        height = max(30 * s, min(unit * 1.5, 56 * s))
        kinds = [e["type"] for e in effects]
        if kinds[-1] == "aside":
            note = _("one 5 left the supply for the tray")
        elif kinds[-1] == "bust":
            note = _("bust: {stones} back to the supply; Brown's turn").format(
                stones=", ".join(map(str, before.aside)))
        elif kinds[-1] == "bank":
            note = _("the row grows by {length}; Brown's turn").format(length=sum(before.aside))
        else:
            note = _("game over: the 1 in the tray is not counted")
        note_lines = theme.wrap(note, int(26 * s), half)
        note_step = theme.step(int(26 * s), 30 * s)
        tall = table_height(height, s) + 12 * s + len(note_lines) * note_step
        top = area.y + max(0, (area.height - tall) / 2)  # the whole picture in the middle of its room
        left = pygame.Rect(area.x, int(top), half, int(table_height(height, s)))
        right = pygame.Rect(area.right - half, int(top), half, left.height)
        draw_table(surface, left, before, before.to_move, s, pgettext("diagram", "before"), unit, height)
        draw_table(surface, right, after, before.to_move, s, pgettext("diagram", "after"), unit, height)
        mid_y = left.y + theme.step(int(24 * s), 30 * s) + 0.5 * theme.step(int(24 * s), 26 * s) + 40 * s
        draw_arrow(surface, theme.ACCENT, (left.right + 12 * s, mid_y), (right.x - 12 * s, mid_y),
                   max(3, int(5 * s)))
        # it stands over the arrow, between the two tables: fitted to that gap
        size = theme.fitted(label, int(26 * s), right.x - left.right + 4 * s, True, smallest=12)
        theme.draw_text(surface, label, ((left.right + right.x) / 2, mid_y - 8 * s), size,
                        theme.ACCENT, "midbottom", True)
        # what the move did, right under the table it made (not stranded at the foot of the page)
        ink_ = (theme.GOOD if kinds[-1] in ("aside", "bank") else theme.BAD if kinds[-1] == "bust"
                else theme.ACCENT)
        y = right.bottom + 12 * s
        for line in note_lines:
            theme.draw_text(surface, line, (right.centerx, y), int(26 * s), ink_, "midtop", True)
            y += note_step

    def draw_count(self, surface: pygame.Surface, area: pygame.Rect, s: float) -> None:
        final, _effects = IMPROBABLE.play(END, Move("roll", 4))
        outcome = IMPROBABLE.outcome(final)
        unit = min(26 * s, area.width * 0.9 / CAP)
        y = area.y
        for k, p in enumerate(PLAYERS):
            row = final.rows[k]
            text = _("{side}'s row: {lengths} = {total}").format(
                side=_(SIDE_NAMES[p]), lengths=" + ".join(map(str, row)), total=sum(row))
            theme.draw_text(surface, text, (area.x, y), int(28 * s), ink(p), bold=True)
            y += 32 * s
            draw_row(surface, area.x, y, row, p, unit, 40 * s, s)
            y += 62 * s
        d = outcome.detail
        win = outcome.winner
        lose = "brown" if win == "blue" else "blue"
        if win == "draw":
            verdict = _("A draw")
        else:
            verdict = _("{side} wins, {won} to {lost}").format(
                side=_(SIDE_NAMES[win]), won=d[win]["length"], lost=d[lose]["length"])
        text = _("{verdict}  (Blue ended the game; Blue's tray, {tray}, is not counted)").format(
            verdict=verdict, tray=d["uncounted"][0])
        theme.draw_text(surface, text, (area.x, y), int(30 * s), theme.ACCENT, bold=True)
        y += 64 * s
        odds = chance(END)
        intro = _("The odds beside the buttons, here for Blue before the last roll above "
                  "(a 1 in the tray, all three 4s in the row):")
        for line in theme.wrap(intro, int(24 * s), area.width):
            theme.draw_text(surface, line, (area.x, y), int(24 * s), theme.INK_DIM)
            y += theme.step(int(24 * s), 26 * s)
        y += 6 * s
        width = face_chips(surface, area.x, y, 30 * s, odds)
        words = _("solid: sets a stone aside   hatched: bust ({bust}%)   hollow: ends the game ({end}%)")
        text = words.format(bust=round(odds["bust"] * 100), end=round(odds["end"] * 100))
        x = area.x + width + 20 * s  # the words fitted to what is left of the line (large text, German)
        size = theme.fitted(text, int(24 * s), area.right - x)
        theme.draw_text(surface, text, (x, y + 4 * s), size, theme.INK)


def draw_row(surface: pygame.Surface, x: float, y: float, lengths, player: str, unit: float, height: float,
             s: float) -> float:
    """Blocks of ``lengths`` side by side from ``(x, y)``; returns the x after the last."""
    for length in lengths:
        img = block_image(player, length * unit - 3 * s, height, length)
        surface.blit(img, (round(x), round(y)))
        x += length * unit
    return x


def table_height(height: float, s: float) -> float:
    """How tall :func:`draw_table` draws with blocks ``height`` high."""
    return (theme.step(int(24 * s), 30 * s) + 2 * (theme.step(int(24 * s), 26 * s) + height + 16 * s)
            + max(52 * s, theme.step(int(24 * s), 40 * s)))


def draw_table(surface: pygame.Surface, rect: pygame.Rect, state: State, player: str, s: float,
               caption: str, unit: float | None = None, height: float | None = None) -> None:
    """One player's side of the table: the row, the tray of this turn, the die (blocks
    ``unit`` wide per length and ``height`` high)."""
    k = PLAYERS.index(player)
    unit = unit if unit is not None else min(30 * s, rect.width * 0.98 / 24)
    height = height if height is not None else 44 * s
    line = theme.step(int(24 * s), 26 * s)
    y = rect.y
    theme.draw_text(surface, caption, (rect.centerx, y), int(24 * s), theme.INK_DIM, "midtop")
    y += theme.step(int(24 * s), 30 * s)
    row = state.rows[k]
    theme.draw_text(surface, _("{side}'s row: {total}").format(side=_(SIDE_NAMES[player]), total=sum(row)),
                    (rect.x, y), int(24 * s), ink(player), bold=True)
    y += line
    draw_row(surface, rect.x, y, row, player, unit, height, s)
    y += height + 16 * s
    tray = _("Tray: {stones}").format(stones=" + ".join(map(str, state.aside))) if state.aside else \
        _("Tray: empty")
    theme.draw_text(surface, tray, (rect.x, y), int(24 * s), theme.INK, bold=True)
    y += line
    draw_row(surface, rect.x, y, state.aside, player, unit, height, s)
    y += height + 16 * s
    if state.die is not None:
        label = theme.draw_text(surface, pgettext("the die", "Die:"), (rect.x, y + 20 * s), int(24 * s),
                                theme.INK, "midleft", True)
        img = die_image(state.die, 52 * s, theme.INK_FAINT)
        surface.blit(img, (max(rect.x + 50 * s, label.right + 6 * s), y - 6 * s))  # a longer word: further
