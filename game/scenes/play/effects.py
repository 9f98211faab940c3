"""From the rules' effects to the animation queue: a game scene marks a method as the
animation of an effect type (``@effect("slide")``), and :meth:`EffectPlayer.animate` hands
each run of a move's effects to its handler.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...i18n import _
from ...ui.anim import Tween, linear
from ...ui.audio import cue


def effect(kind: str, together: bool = False) -> Callable[[Callable], Callable]:
    """Mark a scene method as the animation of the rules' effects of type ``kind``.

    The method gets ``(effect, move)``; with ``together`` it gets the list of the
    consecutive effects of that type instead (all slides of one move, say), so they
    can move at once.
    """
    def mark(fn: Callable) -> Callable:
        fn.effect_kind = (kind, together)  # type: ignore[attr-defined]
        return fn
    return mark


@dataclass
class MovePlay:
    """One move as it is animated: the states around it, its mover and its effects;
    ``notes`` carries what one effect's handler hands to a later one (a captured piece)."""

    before: Any
    after: Any
    move: Any
    effects: list[dict[str, Any]]
    notes: dict[str, Any] = field(default_factory=dict)

    @property
    def mover(self) -> str:
        return self.before.to_move


class EffectPlayer:
    """A move's effects become motion: each effect type's handler queues its tweens."""

    #: the pause after the last effect of a game, before the end card
    END_PAUSE = 0.7

    #: how long a pass is shown before the game goes on
    PASS_SECONDS = 0.6

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        handlers: dict[str, tuple[Callable, bool]] = {}
        for klass in reversed(cls.__mro__):
            for value in vars(klass).values():
                kind = getattr(value, "effect_kind", None)
                if kind is not None:
                    handlers[kind[0]] = (value, kind[1])
        cls.handlers = handlers

    # -- effects -> animation ---------------------------------------------------------------
    def animate(self, play: MovePlay) -> None:
        """Queue the motion of one move: each run of effects goes to its type's handler."""
        effects = play.effects
        i = 0
        while i < len(effects):
            kind = effects[i]["type"]
            handler, together = self.handlers.get(kind, (None, False))
            j = i + 1
            if together:
                while j < len(effects) and effects[j]["type"] == kind:
                    j += 1
            if handler is not None:
                handler(self, effects[i:j] if together else effects[i], play)
            i = j

    @effect("pass")
    def on_pass(self, e: dict[str, Any], play: MovePlay) -> None:
        text = _("{side} has no legal move and passes").format(side=self.side_name(e["player"]))
        self.queue.add(Tween(self.PASS_SECONDS, ease=linear), on_start=lambda: self.show_banner(text, 3.0))

    @effect("end")
    def on_end(self, e: dict[str, Any], play: MovePlay) -> None:
        self.queue.add(Tween(self.END_PAUSE, ease=linear))

    def cue(self, name: str) -> None:
        cue(self, name)
