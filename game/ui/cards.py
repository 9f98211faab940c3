"""A menu of cards: the home's big choices as cards with a picture, the small ones as a row
of buttons under them. Keys, pads and the mouse move across them alike: an arrow goes to
the nearest card that way (whatever the layout at this window size), a click chooses.
"""
from __future__ import annotations

import pygame

from . import icons, theme
from .actions import DOWN, LEFT, RIGHT, UP, Action
from .widgets import Item, Menu

#: which way each arrow looks: (dx, dy)
WAYS = {LEFT: (-1, 0), RIGHT: (1, 0), UP: (0, -1), DOWN: (0, 1)}


def nearest(rects: list[pygame.Rect], index: int, way: tuple[int, int]) -> int:
    """The rectangle nearest ``rects[index]`` in the direction ``way``: the closest ahead,
    one straight ahead before one off to the side; ``index`` itself when none is ahead."""
    here = rects[index].center
    best, best_cost = index, float("inf")
    for i, rect in enumerate(rects):
        dx, dy = rect.centerx - here[0], rect.centery - here[1]
        ahead = dx * way[0] + dy * way[1]
        if i == index or ahead <= 0:
            continue
        aside = abs(dx * way[1]) + abs(dy * way[0])
        cost = ahead + 2 * aside
        if cost < best_cost:
            best, best_cost = i, cost
    return best


class CardMenu(Menu):
    """A :class:`Menu` whose items with an ``icon`` (the items' ``icons``) are cards and the
    others small buttons; the caller lays them out (``layout``) and draws them (``draw_cards``)."""

    def __init__(self, items: list[Item], icons: dict[int, str], size: int = 30) -> None:
        super().__init__(items, size)
        self.icons = icons  # item index -> the name of its picture (in game.ui.icons)

    def handle(self, action: Action) -> bool:
        if action.name in WAYS and not action.is_pointer and self.rects:
            self.index = nearest(self.rects, self.index, WAYS[action.name])
            return True
        return super().handle(action)

    def layout(self, area: pygame.Rect, s: float, banner: bool = False) -> None:
        """The cards in rows across ``area`` (as many to a row as fit well), the buttons in
        a row under them; with ``banner`` the first row's room is a wide card's (a game to
        resume), kept even when there is none, so that the others keep their places."""
        wide = [i for i, name in self.icons.items() if name == "resume"]
        cards = [i for i in range(len(self.items)) if i in self.icons and i not in wide]
        buttons = [i for i in range(len(self.items)) if i not in self.icons]
        self.rects = [pygame.Rect(0, 0, 0, 0)] * len(self.items)
        button_h = max(int(40 * s), theme.font(int(24 * s)).get_linesize() + int(12 * s)) if buttons else 0
        gap = int(14 * s)
        card_area = pygame.Rect(area.x, area.y, area.width, area.height - (button_h + gap if buttons else 0))
        if banner or wide:
            bar_h = max(int(56 * s), theme.font(int(28 * s), True).get_linesize() + int(16 * s))
            bar = pygame.Rect(0, card_area.y, min(card_area.width, int(900 * s)), bar_h)
            bar.centerx = card_area.centerx
            for i in wide:
                self.rects[i] = bar
            card_area.y += bar_h + gap
            card_area.height -= bar_h + gap
        per_row = max(1, min(len(cards), 6, int((card_area.width + gap) // (150 * s + gap))))
        rows = -(-len(cards) // per_row) if cards else 0
        if rows:
            card_w = min(int(220 * s), (card_area.width - gap * (per_row - 1)) // per_row)
            card_h = min(int(card_w * 0.95), (card_area.height - gap * (rows - 1)) // rows)
            for k, i in enumerate(cards):
                r, c = divmod(k, per_row)
                in_row = min(per_row, len(cards) - r * per_row)
                x0 = card_area.centerx - (in_row * card_w + (in_row - 1) * gap) // 2
                top = card_area.y + r * (card_h + gap)
                self.rects[i] = pygame.Rect(x0 + c * (card_w + gap), top, card_w, card_h)
        if buttons:
            size = int(24 * s)
            widths = [theme.text_width(self.items[i].label, size) + int(28 * s) for i in buttons]
            total = sum(widths) + gap * (len(buttons) - 1)
            k = min(1.0, area.width / max(1, total))
            x = area.centerx - total * k / 2
            y = area.bottom - button_h
            for i, w in zip(buttons, widths, strict=True):
                self.rects[i] = pygame.Rect(int(x), y, int(w * k), button_h)
                x += (w + gap) * k

    @staticmethod
    def label_lines(label: str, size: int, width: int) -> list[str]:
        """A card's label on one line, or two where it is long (German, large text), the
        second cut short only where even two are too few."""
        f = theme.font(size, True)  # measured as drawn: bold
        lines: list[str] = []
        for word in label.split(" "):
            if lines and f.size(f"{lines[-1]} {word}")[0] <= width:
                lines[-1] = f"{lines[-1]} {word}"
            else:
                lines.append(word)
        if len(lines) == 1 and "-" in label and f.size(label)[0] > width:
            head, _, tail = label.partition("-")  # a long compound word: broken at its hyphen
            lines = [head + "-", tail]
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        return [theme.ellipsized(line, size, width, True) for line in lines]

    def draw_cards(self, surface: pygame.Surface, s: float) -> None:
        for i, item in enumerate(self.items):
            rect = self.rects[i]
            focused = i == self.index
            fill = theme.BG_PANEL_HI if focused else theme.BG_PANEL
            pygame.draw.rect(surface, fill, rect, border_radius=int(12 * s))
            pygame.draw.rect(surface, theme.ACCENT if focused else theme.INK_FAINT, rect,
                             max(2, int(3 * s)) if focused else 1, border_radius=int(12 * s))
            ink = theme.ACCENT if focused else theme.INK
            if self.icons.get(i) == "resume":  # a wide card: its picture left of its words
                side = int(rect.height * 0.7)
                picture = pygame.Rect(rect.x + int(12 * s), rect.centery - side // 2, side, side)
                icons.draw(surface, "resume", picture, ink)
                room = int(rect.right - picture.right - 24 * s)
                size = theme.fitted(item.label, int(28 * s), room, True)
                theme.draw_text(surface, theme.ellipsized(item.label, size, room, True),
                                (picture.right + int(12 * s), rect.centery), size, ink, "midleft", True)
            elif i in self.icons:
                side = min(rect.width, rect.height) * 0.46
                picture = pygame.Rect(0, 0, int(side), int(side))
                picture.midtop = (rect.centerx, rect.y + int(rect.height * 0.1))
                icons.draw(surface, self.icons[i], picture, ink)
                y = picture.bottom + int(rect.height * 0.06)
                size, room = int(28 * s), int(rect.width - 16 * s)
                for line in self.label_lines(item.label, size, room):
                    y = theme.draw_text(surface, line, (rect.centerx, y), size, ink, "midtop", True).bottom
                if item.note:
                    note = theme.ellipsized(item.note, int(20 * s), room)
                    theme.draw_text(surface, note, (rect.centerx, y + 2), int(20 * s), theme.INK_DIM,
                                    "midtop")
            else:
                size = theme.fitted(item.label, int(24 * s), rect.width - 10)
                theme.draw_text(surface, item.label, rect.center, size, ink, "center")
