"""Small pictures drawn in code for the home's cards: no image files, any size, one colour.

Each is drawn inside a square ``rect`` with lines about a twelfth of its side.
"""
from __future__ import annotations

import math

import pygame

RGB = tuple[int, int, int]


def _line(rect: pygame.Rect) -> int:
    return max(2, rect.width // 12)


def play(surface: pygame.Surface, rect: pygame.Rect, ink: RGB) -> None:
    """Two discs, like poles: a game for two."""
    r = rect.width * 0.22
    for k, dx in enumerate((-0.18, 0.18)):
        centre = (rect.centerx + dx * rect.width, rect.centery + (0.06 if k else -0.06) * rect.height)
        pygame.draw.circle(surface, ink, centre, r, 0 if k else _line(rect))


def lessons(surface: pygame.Surface, rect: pygame.Rect, ink: RGB) -> None:
    """An open book."""
    w = _line(rect)
    top, bottom = rect.y + rect.height * 0.25, rect.y + rect.height * 0.78
    mid = rect.centerx
    for side in (-1, 1):
        outer = mid + side * rect.width * 0.4
        page = [(mid, top + w), (outer, top), (outer, bottom - w), (mid, bottom)]
        pygame.draw.polygon(surface, ink, page, w)


def puzzles(surface: pygame.Surface, rect: pygame.Rect, ink: RGB) -> None:
    """A target: the move to find."""
    for k, f in enumerate((0.4, 0.26, 0.1)):
        pygame.draw.circle(surface, ink, rect.center, rect.width * f, 0 if k == 2 else _line(rect))


def ladder(surface: pygame.Surface, rect: pygame.Rect, ink: RGB) -> None:
    """A ladder of three rungs: easy, medium, hard."""
    w = _line(rect)
    left, right = rect.x + rect.width * 0.3, rect.x + rect.width * 0.7
    top, bottom = rect.y + rect.height * 0.12, rect.y + rect.height * 0.88
    pygame.draw.line(surface, ink, (left, top), (left, bottom), w)
    pygame.draw.line(surface, ink, (right, top), (right, bottom), w)
    for k in range(3):
        y = top + (bottom - top) * (k + 1) / 4
        pygame.draw.line(surface, ink, (left, y), (right, y), w)


def fame(surface: pygame.Surface, rect: pygame.Rect, ink: RGB) -> None:
    """A five-pointed star."""
    cx, cy = rect.center
    outer, inner = rect.width * 0.42, rect.width * 0.17
    points = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        r = outer if k % 2 == 0 else inner
        points.append((cx + r * math.cos(a), cy + r * math.sin(a) + rect.height * 0.04))
    pygame.draw.polygon(surface, ink, points)


def demo(surface: pygame.Surface, rect: pygame.Rect, ink: RGB) -> None:
    """A screen with a play triangle: the computer plays, you watch."""
    w = _line(rect)
    screen = pygame.Rect(0, 0, int(rect.width * 0.8), int(rect.height * 0.58))
    screen.center = (rect.centerx, rect.centery - rect.height * 0.04)
    pygame.draw.rect(surface, ink, screen, w, border_radius=max(2, w))
    t = screen.height * 0.28
    pygame.draw.polygon(surface, ink, [(screen.centerx - t * 0.7, screen.centery - t),
                                       (screen.centerx - t * 0.7, screen.centery + t),
                                       (screen.centerx + t, screen.centery)])
    foot = rect.y + rect.height * 0.86
    stand = rect.width * 0.2
    pygame.draw.line(surface, ink, (rect.centerx - stand, foot), (rect.centerx + stand, foot), w)


def resume(surface: pygame.Surface, rect: pygame.Rect, ink: RGB) -> None:
    """An arrow curving back: where you left off."""
    w = _line(rect)
    box = rect.inflate(-rect.width // 4, -rect.height // 4)
    pygame.draw.arc(surface, ink, box, math.radians(40), math.radians(300), w)
    a = math.radians(40)
    tip = (box.centerx + box.width / 2 * math.cos(a), box.centery - box.height / 2 * math.sin(a))
    s = rect.width * 0.16
    pygame.draw.polygon(surface, ink, [(tip[0] - s, tip[1] - s * 0.2), (tip[0] + s * 0.5, tip[1] - s * 0.9),
                                       (tip[0] + s * 0.35, tip[1] + s * 0.6)])


ICONS = {"play": play, "lessons": lessons, "puzzles": puzzles, "ladder": ladder, "fame": fame, "demo": demo,
         "resume": resume}


def draw(surface: pygame.Surface, name: str, rect: pygame.Rect, ink: RGB) -> None:
    ICONS[name](surface, rect, ink)
