"""Sparks that fly from a score or a capture: a burst of small discs that spread, fall a
little and fade. Drawn over the board; a few dozen at most, so plain circles suffice.

Motion only: nothing here touches the rules or the game's state, and a scene asks for a
burst only when the player has motion on (Settings → Reduced motion off).
"""
from __future__ import annotations

import math
import random

import pygame

RGB = tuple[int, int, int]


class Particles:
    """Bursts under way; ``update`` moves them, ``draw`` paints them, ``bounds`` says where
    they are (for drawing only the part of the window that changed)."""

    #: pixels per second² pulling a spark down, at scale 1
    GRAVITY = 420.0

    def __init__(self, seed: int = 0) -> None:
        self.items: list[list] = []  # x, y, vx, vy, life left, life, colour, radius
        self.rng = random.Random(seed)

    @property
    def alive(self) -> bool:
        return bool(self.items)

    def burst(self, center: tuple[float, float], color: RGB, s: float = 1.0, count: int = 14,
              speed: float = 190.0, size: float = 4.5, life: float = 0.6) -> None:
        """``count`` sparks from ``center``, in every direction, lighter than ``color``."""
        rand = self.rng.random
        light = tuple(min(255, c + (255 - c) // 2) for c in color)
        for _ in range(count):
            a = rand() * math.tau
            v = speed * s * (0.45 + 0.55 * rand())
            t = life * (0.7 + 0.3 * rand())
            self.items.append([center[0], center[1], math.cos(a) * v, math.sin(a) * v - 60 * s, t, t,
                               light if rand() < 0.6 else color, max(1.5, size * s * (0.6 + 0.6 * rand())),
                               s])

    def update(self, dt: float) -> None:
        kept = []
        for p in self.items:
            p[4] -= dt
            if p[4] <= 0:
                continue
            p[0] += p[2] * dt
            p[1] += p[3] * dt
            p[3] += self.GRAVITY * p[8] * dt
            p[2] *= 1.0 - min(1.0, 1.8 * dt)  # air slows them
            kept.append(p)
        self.items = kept

    def clear(self) -> None:
        self.items = []

    def draw(self, surface: pygame.Surface) -> None:
        for x, y, _vx, _vy, left, life, color, r, _s in self.items:
            k = left / life
            pygame.draw.circle(surface, color, (x, y), max(1.0, r * (0.35 + 0.65 * k)))

    def bounds(self) -> pygame.Rect | None:
        """Where the sparks are now (None: nowhere)."""
        if not self.items:
            return None
        xs = [p[0] for p in self.items]
        ys = [p[1] for p in self.items]
        pad = max(p[7] for p in self.items) + 2
        return pygame.Rect(int(min(xs) - pad), int(min(ys) - pad), int(max(xs) - min(xs) + 2 * pad) + 1,
                           int(max(ys) - min(ys) + 2 * pad) + 1)
