"""Fixed-timestep accounting ("Fix Your Timestep!", Glenn Fiedler).

Real time is poured into an accumulator and drained in fixed update steps, so game
logic and animations advance the same way however fast frames are drawn. A slow
frame is clamped (``max_frame``) and at most ``max_steps`` updates run per frame,
so one hiccup never snowballs into a spiral of death.
"""
from __future__ import annotations


class FixedStep:
    def __init__(self, step: float = 1 / 120, max_frame: float = 0.25, max_steps: int = 8) -> None:
        self.step = step
        self.max_frame = max_frame
        self.max_steps = max_steps
        self.accumulator = 0.0

    def advance(self, real_dt: float, rested: bool = False) -> int:
        """Account ``real_dt`` seconds of real time; return how many updates to run.

        ``rested``: the loop slept because nothing moved (up to ``max_frame``); that
        time is not a hiccup to drop but time the scenes' clocks must see (a countdown,
        a message that expires), and resting scenes update cheaply, so it is all run.
        """
        self.accumulator += min(max(real_dt, 0.0), self.max_frame)
        steps = int(self.accumulator / self.step)
        if rested:
            self.accumulator -= steps * self.step
            return steps
        if steps > self.max_steps:
            steps = self.max_steps
            self.accumulator = 0.0  # drop the backlog rather than chase it
        else:
            self.accumulator -= steps * self.step
        return steps

    @property
    def alpha(self) -> float:
        """How far real time is into the next update (0..1), for interpolation."""
        return self.accumulator / self.step
