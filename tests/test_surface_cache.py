"""Caches of drawn surfaces are bounded by the bytes they hold, so a kiosk that meets new
labels for weeks stops growing; the least recently used surfaces go first."""
from __future__ import annotations

import pygame

from game.ui import cache, theme


def test_a_surface_cache_keeps_to_its_budget_and_drops_the_oldest_first():
    made = []

    @cache.surface_cache(megabytes=1)
    def square(n: int) -> pygame.Surface:
        made.append(n)
        return pygame.Surface((256, 256), pygame.SRCALPHA)  # 256 KiB each

    for n in range(10):
        square(n)
    assert square.bytes <= 1024 * 1024 and len(square.entries) == 4
    square(9)
    assert made.count(9) == 1  # a hit
    square(0)
    assert made.count(0) == 2  # long gone, drawn again
    square.cache_clear()
    assert square.bytes == 0


def test_labels_without_end_do_not_grow_the_process(app):
    for n in range(5000):
        theme.text_surface(f"Score {n}", 40, (255, 255, 255))
    assert theme.text_surface.bytes <= theme.text_surface.max_bytes * cache.window_scale()
    assert cache.cached_bytes() <= cache.budget_bytes()
