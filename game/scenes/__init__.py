"""The scenes: title, game select, pause, result, how-to-play, and one per game.

Game scenes and how-to-play screens are found by name, so a game gains its scene
by adding its modules: ``<game>_scene.py`` with the class below, ``howto_<game>.py``.
"""
from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..app.app import App
    from ..app.scene import Scene
    from ..app.seats import Seat

#: game id -> (scene module, scene class, how-to-play module, how-to-play class)
SCENES = {
    "gauss": ("gauss_scene", "GaussScene", "howto_gauss", "GaussHowTo"),
    "rush": ("rush_scene", "RushScene", "howto_rush", "RushHowTo"),
    "sparks": ("sparks_scene", "SparksScene", "howto_sparks", "SparksHowTo"),
    "improbable": ("improbable_scene", "ImprobableScene", "howto_improbable", "ImprobableHowTo"),
    "order": ("order_scene", "OrderScene", "howto_order", "OrderHowTo"),
}


def _exists(module: str) -> bool:
    return importlib.util.find_spec(f"{__name__}.{module}") is not None


def has_scene(game_id: str) -> bool:
    return game_id in SCENES and _exists(SCENES[game_id][0])


def make_game_scene(app: App, game_id: str, level: str | None = None, seed: int | None = None,
                    autoplay: int = 0, seats: dict[str, Seat] | None = None, hosted: bool = False) -> Scene:
    """A game's scene; ``seats`` says who plays each side (default: people sharing the
    controls); ``hosted`` makes it a game shown inside another scene (demo, replay):
    no autosave, no pause or result overlays of its own."""
    if not has_scene(game_id):
        raise ValueError(f"No scene for game '{game_id}' yet.")
    module, name, _, _ = SCENES[game_id]
    cls = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    return cls(app, level=level, seed=seed, autoplay=autoplay, seats=seats, hosted=hosted)


def make_howto(app: App, game_id: str) -> Scene | None:
    if game_id not in SCENES or not _exists(SCENES[game_id][2]):
        return None
    _, _, module, name = SCENES[game_id]
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)(app)
