"""Pictures of the games as they are played: each game's own play scene, at a real position
of a seeded game, drawn off-screen and cut down to its board. The game list shows them on
its cards (what a game looks like before you play it), made once per game and size.
"""
from __future__ import annotations

import random
from typing import Any

import pygame

from ... import catalogue, palette
from ...ui.frame import DESIGN
from ..base import named_class

#: where a preview's game stands: this many random moves from a seeded start (a board
#: with pieces on it, far from over in every game)
MOVES = 10
SEED = 11
_cache: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}
palette.on_change(_cache.clear)  # Settings → Contrast: the pictures are made again in the new colours


def board_picture(app: Any, game_id: str) -> pygame.Surface:
    """``game_id``'s board at a seeded position, as its play scene draws it at the design
    size (the board's part of the screen only)."""
    from ..play import WATCHED

    scene_class = named_class(catalogue.get(game_id).scene)
    scene = scene_class(app, hosting=WATCHED)
    try:
        scene.start(SEED)
        rng = random.Random(SEED)
        match = scene.match
        match.random_moves(MOVES, rng)
        scene.show_state()
        canvas = pygame.Surface(DESIGN)
        scene.draw(canvas)
        return canvas.subsurface(scene.frame.board).copy()
    finally:
        scene.closed()


def position_picture(app: Any, game_id: str, level: str | None, state: Any) -> pygame.Surface:
    """``state`` (a puzzle's or a lesson's position, as the rules loaded it) on ``level``'s
    board, as its play scene draws it at the design size, cut down to its board."""
    from ..play import WATCHED

    scene = named_class(catalogue.get(game_id).scene)(app, level=level, hosting=WATCHED)
    try:
        scene.set_position(state)
        canvas = pygame.Surface(DESIGN)
        scene.ensure_layout(DESIGN)
        # the board alone (its static layer, its pieces and marks): the panel and the bars
        # are not in the picture, and drawing their words was half the time
        canvas.blit(scene.background(canvas), (0, 0))
        scene.update_sprites()
        scene.draw_board(canvas)
        return canvas.subsurface(scene.frame.board).copy()
    finally:
        scene.closed()


def fitted_picture(picture: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """``picture`` scaled down (or up) to fit ``size``, its proportions kept."""
    w, h = picture.get_size()
    k = min(size[0] / w, size[1] / h)
    return pygame.transform.smoothscale(picture, (max(1, round(w * k)), max(1, round(h * k))))


def preview(app: Any, game_id: str, size: tuple[int, int]) -> pygame.Surface:
    """``game_id``'s board picture scaled to fit ``size`` (made once per game and size)."""
    key = (game_id, size)
    found = _cache.get(key)
    if found is None:
        found = fitted_picture(board_picture(app, game_id), size)
        if len(_cache) > 4 * len(catalogue.GAME_IDS):  # a few window sizes' worth
            _cache.clear()
        _cache[key] = found
    return found


def ready(game_id: str, size: tuple[int, int]) -> bool:
    return (game_id, size) in _cache
