"""Depth for the boards: a soft shadow under what stands on the table, a bevel that catches
the light from the top left, a well sunk into the table, and wood with a grain.

Everything here goes into a scene's static layer (drawn once per window size) or into a
cached picture, never into a frame's own work: a soft shadow is made by drawing its shape
small and smoothing it up, a few milliseconds once. The light comes from the top left on
every board (the discs' and stones' highlights say so too).
"""
from __future__ import annotations

import math
import random

import pygame

from .. import palette
from .cache import surface_cache

RGB = tuple[int, int, int]

#: how dark a shadow is where it is darkest (alpha of black)
SHADOW_ALPHA = 120


@surface_cache(megabytes=8)
def shadow_image(w: int, h: int, radius: int, blur: int) -> pygame.Surface:
    """A rounded rectangle ``w``×``h``'s soft shadow, fading out over about ``blur`` pixels
    round it (the image is ``2 * blur`` larger on every side, clear at its edges)."""
    blur = max(2, blur)
    k = max(1, blur // 3)  # drawn this many times smaller, then smoothed: the blur is cheap
    margin = -(-2 * blur // k)  # in the small picture's pixels
    sw, sh = max(1, w // k), max(1, h // k)
    small = pygame.Surface((sw + 2 * margin, sh + 2 * margin), pygame.SRCALPHA)
    small.fill((0, 0, 0, 0))
    pygame.draw.rect(small, (0, 0, 0, SHADOW_ALPHA), (margin, margin, sw, sh),
                     border_radius=max(0, radius // k))
    size = small.get_size()
    for shrink in (4, 2):  # down and up: each pass softens the edge by about that many pixels
        low = pygame.transform.smoothscale(small, (max(1, size[0] // shrink), max(1, size[1] // shrink)))
        small = pygame.transform.smoothscale(low, size)
    return pygame.transform.smoothscale(small, (w + 2 * margin * k, h + 2 * margin * k))


def drop_shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int, s: float, lift: float = 1.0) -> None:
    """The soft shadow of ``rect`` standing ``lift`` above the table: down and to the right."""
    blur = max(3, round(10 * s * lift))
    img = shadow_image(rect.w, rect.h, radius, blur)
    off = round(6 * s * lift)
    margin = (img.get_width() - rect.w) // 2
    surface.blit(img, (rect.x - margin + off // 2, rect.y - margin + off))


def bevel(surface: pygame.Surface, rect: pygame.Rect, color: RGB, radius: int, s: float,
          sunk: bool = False) -> None:
    """A raised edge: lit along the top and left, shaded along the bottom and right (the
    two blend round the corners), and a dark rim that keeps the shape on any table; or,
    ``sunk``, a well's edge: in shade along the top and left, its lip lit at the bottom right."""
    width = max(2, round(3 * s)) if not sunk else max(1, round(2 * s))
    surface.blit(bevel_image(rect.w, rect.h, radius, width, color, sunk), rect)


@surface_cache(megabytes=8)
def bevel_image(w: int, h: int, radius: int, width: int, color: RGB, sunk: bool = False) -> pygame.Surface:
    light = palette.mix(color, (255, 255, 255), 0.14 if sunk else 0.3)
    shade = palette.mix(color, (0, 0, 0), 0.45 if sunk else 0.32)
    near, far = (shade, light) if sunk else (light, shade)  # the top left's, the bottom right's
    img = pygame.Surface((w, h), pygame.SRCALPHA)
    img.fill((0, 0, 0, 0))
    pygame.draw.rect(img, far, (0, 0, w, h), width, border_radius=radius)
    lit = pygame.Surface((w, h), pygame.SRCALPHA)
    lit.fill((0, 0, 0, 0))
    pygame.draw.rect(lit, near, (0, 0, w, h), width, border_radius=radius)
    # the top left's share: all of it at that corner, none at the bottom right, half at the
    # other two (a 2×2 picture smoothed up is that gradient)
    corners = pygame.Surface((2, 2), pygame.SRCALPHA)
    for (x, y), a in (((0, 0), 255), ((1, 0), 150), ((0, 1), 150), ((1, 1), 0)):
        corners.set_at((x, y), (255, 255, 255, a))
    lit.blit(pygame.transform.smoothscale(corners, (w, h)), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    img.blit(lit, (0, 0))
    if not sunk:
        pygame.draw.rect(img, palette.mix(color, (0, 0, 0), 0.55), (0, 0, w, h), 1, border_radius=radius)
    return img


def raised(surface: pygame.Surface, rect: pygame.Rect, color: RGB, radius: int, s: float,
           body: pygame.Surface | None = None) -> None:
    """A slab standing on the table: its shadow, its top (``color``, or the picture
    ``body`` of its size) and its bevel."""
    drop_shadow(surface, rect, radius, s)
    if body is not None:
        surface.blit(body, rect)
    else:
        pygame.draw.rect(surface, color, rect, border_radius=radius)
    bevel(surface, rect, color, radius, s)


def sunken(surface: pygame.Surface, rect: pygame.Rect, color: RGB, radius: int, s: float) -> None:
    """A well sunk into the table: its floor ``color``, shade under its top and left edges
    (the light falls in from the top left), its lip lit at the bottom and right."""
    pygame.draw.rect(surface, color, rect, border_radius=radius)
    surface.blit(inner_shade(rect.w, rect.h, radius, max(3, round(9 * s))), rect)
    bevel(surface, rect, color, radius, s, sunk=True)


@surface_cache(megabytes=8)
def inner_shade(w: int, h: int, radius: int, depth: int) -> pygame.Surface:
    """The shade inside a well ``w``×``h``: darkest along the top and left edges, gone
    ``depth`` pixels in."""
    img = pygame.Surface((w, h), pygame.SRCALPHA)
    for i in range(depth):
        alpha = round(90 * (1 - i / depth) ** 2)
        r = pygame.Rect(i, i, w - i, h - i)  # only the top and left edges move in
        pygame.draw.rect(img, (0, 0, 0, alpha), r, 1, border_radius=max(0, radius - i))
    return img


@surface_cache(megabytes=12)
def wood_image(w: int, h: int, color: RGB, radius: int, seed: int = 7) -> pygame.Surface:
    """A board's top in ``color``: long grain lines that wander a little, a few darker
    streaks, lighter towards the top left; rounded by ``radius`` (the corners transparent)."""
    img = pygame.Surface((w, h), pygame.SRCALPHA)
    img.fill((0, 0, 0, 0))
    top = pygame.Surface((w, h))
    # a gentle light from the top left across the plank
    steps = 24
    for k in range(steps):
        band = pygame.Rect(0, h * k // steps, w, h // steps + 2)
        top.fill(palette.mix(palette.mix(color, (255, 255, 255), 0.07), palette.mix(color, (0, 0, 0), 0.06),
                             k / (steps - 1)), band)
    rng = random.Random(seed)
    spacing = max(3.0, h / 70)
    y = rng.uniform(0, spacing)
    while y < h:
        depth = rng.uniform(0.04, 0.11)
        ink = palette.mix(color, (84, 52, 22), depth)
        amp, phase = rng.uniform(0.5, 2.5), rng.uniform(0, math.tau)
        freq = rng.uniform(0.5, 2.0) * math.tau / max(1, w)
        points = [(x, y + amp * math.sin(x * freq + phase) + 0.6 * amp * math.sin(x * freq * 2.7 + phase))
                  for x in range(0, w + 8, 8)]
        pygame.draw.aalines(top, ink, False, points)
        if rng.random() < 0.12:  # a darker streak
            pygame.draw.lines(top, palette.mix(color, (84, 52, 22), depth + 0.05), False, points, 2)
        y += spacing * rng.uniform(0.6, 1.5)
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=radius)
    img.blit(top, (0, 0))
    img.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return img
