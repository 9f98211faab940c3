"""Corners' computer opponent: the base ``Policy`` (uniform random playouts) plays it; this
class only gives it its settings per level, as ``game/ai/policies/`` does for a shipped game."""
from __future__ import annotations

from typing import Any, ClassVar

from game.ai.policies import Policy


class CornersPolicy(Policy):
    #: per level: overrides of the shared level settings (``game.ai.levels.BASE``)
    tuning: ClassVar[dict[str, dict[str, Any]]] = {
        "easy": {"temperature": 0.2},
        "medium": {},
        "hard": {},
    }
