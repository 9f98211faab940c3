"""The animation queue: plays a move's effect list as timed steps, in order.

A :class:`Step` is a set of tweens that run together (all slides of one move, say);
the queue runs steps one after another. Tweens only call back with their eased
progress, so this module knows nothing about drawing. ``skip()`` runs every
remaining tween to its end, in order, which is how any key or click jumps to the
end state.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 3 * t * t - 2 * t * t * t


def linear(t: float) -> float:
    return t


@dataclass
class Tween:
    duration: float
    on_update: Callable[[float], None] | None = None
    on_done: Callable[[], None] | None = None
    ease: Callable[[float], float] = ease_in_out
    delay: float = 0.0
    elapsed: float = 0.0
    done: bool = False

    def advance(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        t = (self.elapsed - self.delay) / self.duration if self.duration > 0 else 1.0
        if t >= 1.0:
            self.finish()
        elif t > 0 and self.on_update:
            self.on_update(self.ease(t))

    def finish(self) -> None:
        if self.done:
            return
        self.done = True
        if self.on_update:
            self.on_update(1.0)
        if self.on_done:
            self.on_done()


@dataclass
class Step:
    tweens: list[Tween] = field(default_factory=list)
    on_start: Callable[[], None] | None = None
    started: bool = False

    def start(self) -> None:
        if not self.started:
            self.started = True
            if self.on_start:
                self.on_start()

    @property
    def done(self) -> bool:
        return all(t.done for t in self.tweens)


class AnimQueue:
    def __init__(self) -> None:
        self.steps: deque[Step] = deque()

    @property
    def busy(self) -> bool:
        return bool(self.steps)

    def add(self, *tweens: Tween, on_start: Callable[[], None] | None = None) -> Step:
        step = Step(list(tweens), on_start)
        self.steps.append(step)
        return step

    def update(self, dt: float) -> None:
        while self.steps:
            step = self.steps[0]
            step.start()
            for tween in step.tweens:
                tween.advance(dt)
            if not step.done:
                return
            self.steps.popleft()
            dt = 0.0  # the next step starts on the next update

    def clear(self) -> None:
        """Drop every step without playing it (the scene that owns them is gone)."""
        self.steps.clear()

    def skip(self) -> None:
        while self.steps:
            step = self.steps.popleft()
            step.start()
            for tween in step.tweens:
                tween.finish()
