"""The scenes: title, game select, pause, result, how-to-play, and one per game."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..app.app import App
    from ..app.scene import Scene


def has_scene(game_id: str) -> bool:
    return game_id in ("gauss",)


def make_game_scene(app: App, game_id: str, level: str | None = None, seed: int | None = None,
                    autoplay: int = 0) -> Scene:
    if game_id == "gauss":
        from .gauss_scene import GaussScene

        return GaussScene(app, level=level, seed=seed, autoplay=autoplay)
    raise ValueError(f"No scene for game '{game_id}' yet.")


def make_howto(app: App, game_id: str) -> Scene | None:
    if game_id == "gauss":
        from .howto_gauss import GaussHowTo

        return GaussHowTo(app)
    return None
