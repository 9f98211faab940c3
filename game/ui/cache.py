"""Caches of drawn surfaces, bounded by the memory they hold, not by a count.

Drawing kits and text cache what they render (a disc at a radius, a label in a colour).
A cache bounded by a number of entries holds very different amounts of memory at
1280×720 and at 4K, and a kiosk that runs for weeks meets ever new labels (scores,
names, times): counted caches filled slowly and the process grew for hours. Here each
cache has a budget in bytes (its surfaces' pixels) for a 1280×720 window, grown in
proportion for a larger one (a 4K label holds nine times the pixels); past it the least
recently used surfaces are dropped. :func:`cached_bytes` tells what all of them hold (the bench
reports it per simulated hour).
"""
from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

import pygame

F = TypeVar("F", bound=Callable[..., Any])

#: every surface cache, to report and clear them together
_caches: list[SurfaceCache] = []


def size_of(surface: Any) -> int:
    """The bytes of a surface's pixels (0 for anything else)."""
    if isinstance(surface, pygame.Surface):
        return surface.get_width() * surface.get_height() * surface.get_bytesize()
    return 0


class SurfaceCache:
    def __init__(self, fn: Callable[..., Any], max_bytes: int) -> None:
        self.fn = fn
        self.max_bytes = max_bytes
        self.entries: OrderedDict[tuple, tuple[Any, int]] = OrderedDict()
        self.bytes = 0
        self.hits = self.misses = 0
        functools.update_wrapper(self, fn)  # type: ignore[arg-type]
        _caches.append(self)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
        found = self.entries.get(key)
        if found is not None:
            self.entries.move_to_end(key)
            self.hits += 1
            return found[0]
        self.misses += 1
        value = self.fn(*args, **kwargs)
        size = size_of(value)
        self.entries[key] = (value, size)
        self.bytes += size
        limit = self.max_bytes * window_scale()
        while self.bytes > limit and len(self.entries) > 1:
            _, (_, dropped) = self.entries.popitem(last=False)
            self.bytes -= dropped
        return value

    def cache_clear(self) -> None:
        self.entries.clear()
        self.bytes = 0


def surface_cache(megabytes: float) -> Callable[[F], F]:
    """Cache a function that returns a surface, within ``megabytes`` of pixels."""
    def wrap(fn: F) -> F:
        return SurfaceCache(fn, int(megabytes * 1024 * 1024))  # type: ignore[return-value]
    return wrap


#: the window size the budgets are given for
DESIGN_PIXELS = 1280 * 720


def window_scale() -> float:
    """How many times the design window's pixels the window has (at least 1)."""
    surface = pygame.display.get_surface() if pygame.display.get_init() else None
    if surface is None:
        return 1.0
    w, h = surface.get_size()
    return max(1.0, w * h / DESIGN_PIXELS)


def cached_bytes() -> int:
    """The pixels every surface cache holds now."""
    return sum(c.bytes for c in _caches)


def budget_bytes() -> int:
    """The most every surface cache together may hold at the present window size."""
    return int(sum(c.max_bytes for c in _caches) * window_scale())


def clear_all() -> None:
    for c in _caches:
        c.cache_clear()
