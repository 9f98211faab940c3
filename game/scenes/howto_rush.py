"""How to play Rush: a few short pages, each with small boards drawn from real
engine positions (the "after" boards, connection counts, "again" and the refusal
text are what ``RUSH`` computes, so the pictures cannot drift from the rules)."""
from __future__ import annotations

import random

import pygame

from ..i18n import N_, _, ngettext, refusal
from ..rules.rush import NAME, RUSH, Move, State
from ..ui import marks, theme
from ..ui.rush import (
    LINK_COLOR,
    GridLayout,
    draw_badge,
    draw_goban,
    draw_link,
    ghost_image,
    goban_bottom,
    occupied_neighbours,
    point_cell,
    stone_image,
)
from .howto import HowToScene


def position(rows: list[str], to_move: str = "black") -> State:
    """A real engine position from rows of ``.``, ``B`` and ``W`` (row ``y = 0`` first)."""
    n = len(rows)
    return RUSH.load_state({"size": n, "board": rows, "to_move": to_move}, {"size": n})


def finished_game(size: int = 5, seed: int = 7) -> State:
    start = RUSH.new({"size": size, "name": f"{size}x{size}"}, seed=seed)
    return RUSH.random_playout(start, random.Random(seed))


#: the sides' names, translated when shown
SIDE_NAMES = {"black": N_("Black"), "white": N_("White")}
#: what happens next, one whole message per side (the name is not capitalised mid-sentence)
PLACES_AGAIN = {"black": N_("black places again"), "white": N_("white places again")}
MOVES_NEXT = {"black": N_("black moves next"), "white": N_("white moves next")}

# (title, text, kind, position, first point, second point)
PAGES = [
    (N_("Placing a stone"),
     N_("Black and White take turns placing one stone of their colour on an empty point, where two "
        "lines cross. A stone's CONNECTIONS are the stones right next to it (up, down, left, right; "
        "diagonals do not count), of either colour. With 0 or 1 connection the turn passes."),
     "pair", position([".......", ".......", "..W....", ".......", "....B..", ".......", "......."]),
     (2, 3), (5, 5)),
    (N_("Two or more connections: place again"),
     N_("A placement that makes 2 or more connections earns another stone at once: the same player "
        "places again, and keeps going until a stone makes at most 1 connection. The game shows "
        "a banner 'places AGAIN' and a square cursor in the mover's colour."),
     "play", position([".......", ".......", "..W....", "...B...", ".......", ".......", "......."]),
     (3, 2), None),
    (N_("Never all your own"),
     N_("Two or more connections are only allowed if at least one of them is an enemy stone. "
        "A point touching 2 or more of your own stones and no enemy is refused (marked x on the "
        "board); touch an enemy stone too and it is fine, and you place again."),
     "refuse", position([".......", ".......", "B.B.B..", "...W...", ".......", ".......", "......."]),
     (1, 2), (3, 2)),
    (N_("The end and the count"),
     N_("The game ends when the board is full. Count the stones: more stones wins. The board has an "
        "odd number of points, so there is never a tie. This 5×5 game was played to the end by the "
        "engine at random:"),
     "end", finished_game(), None, None),
]


class RushHowTo(HowToScene):
    game_title = N_("Rush")
    pages = PAGES

    caption_y = 0.0  # where the last board's caption went (the refusal's lines go under it)

    def draw_page(self, surface: pygame.Surface, area: pygame.Rect, page, s: float) -> None:
        _title, _text, kind, state, a, b = page
        half = area.width // 2
        # room under each board for its caption and a refusal's two lines, on every page: the
        # boards are the same size whatever their captions say
        refusal_room = 2 * theme.step(int(22 * s), 20 * s)
        left = pygame.Rect(area.x, area.y + int(30 * s), half - int(20 * s),
                           area.height - int(90 * s) - int(refusal_room))
        right = pygame.Rect(area.x + half + int(20 * s), left.y, left.width, left.height)
        if kind in ("pair", "refuse"):
            self.placement(surface, left, state, a, s)
            self.placement(surface, right, state, b, s)
        elif kind == "play":
            self.placement(surface, left, state, a, s)
            after, effects = RUSH.play(state, Move(a))
            caption = _("after: {what}").format(what=self.after_words(state, after, effects))
            self.board(surface, right, after, s, caption=caption, last=a)
        else:
            self.count(surface, area, state, s)

    @staticmethod
    def after_words(before: State, after: State, effects: list[dict]) -> str:
        if any(e["type"] == "again" for e in effects):
            return _(PLACES_AGAIN[before.to_move])
        return _(MOVES_NEXT[after.to_move]) if after.to_move else _("the board is full")

    def board(self, surface, rect: pygame.Rect, state: State, s: float, caption: str = "",
              last: tuple[int, int] | None = None) -> GridLayout:
        lay = GridLayout(state.size, rect)
        draw_goban(surface, lay, labels=True)
        geo = state.geo
        for i, code in enumerate(state.board):
            if code:
                img = stone_image(NAME[code], lay.stone_radius)
                x, y = lay.to_pixel(*geo.cell(i))
                surface.blit(img, img.get_rect(center=(round(x) + 1, round(y) + 1)))
        if last is not None:
            x, y = lay.to_pixel(*last)
            pygame.draw.circle(surface, (230, 230, 226) if state.stone_at(last) == "black" else (30, 30, 34),
                               (x, y), lay.step * 0.2, max(2, int(lay.step * 0.06)))
        if caption:  # under the file letters (Large text makes them taller)
            self.caption_y = max(rect.bottom + 8 * s, goban_bottom(lay) + 2)
            theme.draw_text(surface, caption, (rect.centerx, self.caption_y), int(26 * s), theme.INK,
                            "midtop")
        return lay

    def placement(self, surface, rect: pygame.Rect, state: State, cell: tuple[int, int], s: float) -> None:
        """A board with a stone about to go on ``cell``: its connections, or the engine's refusal."""
        move = Move(cell)
        name = RUSH.move_text(move, state)
        why = RUSH.why_illegal(state, move)
        mover = state.to_move
        if why is None:
            after, effects = RUSH.play(state, move)
            k = effects[0]["connections"]
            then = self.after_words(state, after, effects)
            caption = ngettext("{side} {move}: {n} connection, {then}",
                               "{side} {move}: {n} connections, {then}", k).format(
                side=_(SIDE_NAMES[mover]), move=name, n=k, then=then)
        else:
            caption = _("{side} {move}: refused").format(side=_(SIDE_NAMES[mover]), move=name)
            # the reason goes under the caption, in the room every board leaves for it
            lines = theme.wrap(refusal(why), int(22 * s), rect.width + int(30 * s))
            step = theme.step(int(22 * s), 20 * s)
        lay = self.board(surface, rect, state, s, caption)
        x, y = lay.to_pixel(*cell)
        if why is None:
            ghost = stone_image(mover, lay.stone_radius)
            surface.blit(ghost, ghost.get_rect(center=(round(x) + 1, round(y) + 1)))
            targets = occupied_neighbours(state, cell)
            for c, _stone in targets:
                draw_link(surface, (x, y), lay.to_pixel(*c), 1.0, max(2, int(lay.step * 0.1)))
            if targets:
                draw_badge(surface, (x + lay.step * 0.36, y - lay.step * 0.36), len(targets),
                           max(8.0, lay.step * 0.2))
        else:
            ghost = ghost_image(mover, lay.stone_radius)
            surface.blit(ghost, ghost.get_rect(center=(round(x) + 1, round(y) + 1)))
            marks.danger(surface, point_cell(lay, cell, 1.6))
            top = max(rect.bottom + 36 * s, self.caption_y + theme.step(int(26 * s), 28 * s))
            for k, line in enumerate(lines):
                theme.draw_text(surface, line, (rect.centerx, top + k * step), int(22 * s), theme.BAD,
                                "midtop")

    def count(self, surface, area: pygame.Rect, state: State, s: float) -> None:
        outcome = RUSH.outcome(state)
        rect = pygame.Rect(area.x, area.y, area.width // 2, area.height - int(10 * s))
        self.board(surface, rect, state, s)
        x = area.x + area.width // 2 + int(30 * s)
        y = area.y + int(40 * s)
        for player in ("black", "white"):
            icon = stone_image(player, int(18 * s))
            surface.blit(icon, icon.get_rect(center=(round(x + 18 * s), round(y + 18 * s))))
            n = outcome.detail[player]
            text = ngettext("{side}: {n} stone", "{side}: {n} stones", n).format(
                side=_(SIDE_NAMES[player]), n=n)
            theme.draw_text(surface, text, (x + 48 * s, y + 18 * s), int(36 * s), theme.INK, "midleft")
            y += int(56 * s)
        total = state.size ** 2
        theme.draw_text(surface, ngettext("{n} point in all", "{n} points in all", total).format(n=total),
                        (x, y), int(28 * s), theme.INK_DIM)
        y += int(50 * s)
        theme.draw_text(surface, _("{side} wins.").format(side=_(SIDE_NAMES[outcome.winner])), (x, y),
                        int(44 * s), LINK_COLOR, bold=True)
