"""One look per meaning on the boards (issue #27, item 13): the cursor and the last move are
told apart by shape; Rush marks legal points near the cursor only, keeps its count clear of
the cursor and the last move's lines out of a new preview, and has wood beyond its edge stones.
Each test failed before its fix."""
from __future__ import annotations

import pygame
from driver import run

from game.scenes.menus.seats import Seat
from game.ui import theme
from game.ui.kits import gauss as gauss_kit
from game.ui.kits import rush as rush_kit


def test_gauss_marks_the_last_move_in_another_shape_than_the_cursor(app):
    from game.ui.kits.hexgrid import HexLayout
    surface = pygame.Surface((300, 300))
    surface.fill((0, 0, 0))
    lay = HexLayout.fit(4, surface.get_rect(), 0.97)
    gauss_kit.draw_last_move(surface, lay, (0, 0))
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(300) for y in range(0, 300, 2)}
    assert theme.ACCENT not in colours, "the last move is drawn in the cursor's accent"


def rush_game(app, autoplay=14):
    app.start_game("rush", seed=5, autoplay=autoplay,
                   seats={"black": Seat("black"), "white": Seat("white")})
    game = app.stack.top
    run(app, frames=2)
    return game


def test_rush_marks_legal_points_near_the_cursor_only(app, monkeypatch):
    game = rush_game(app, autoplay=4)
    seen = []
    monkeypatch.setattr(rush_kit, "draw_marks",
                        lambda surface, g, mover, legal, refused: seen.append(set(legal)))
    game.draw(app.screen)
    assert len(game.legal) > 25 and seen
    cx, cy = game.cursor
    assert all(max(abs(x - cx), abs(y - cy)) <= 2 for x, y in seen[-1]) and len(seen[-1]) <= 25


def connecting_point(game, least=2):
    for move in game.rules.legal_moves(game.state):
        _after, effects = game.rules.play(game.state, move)
        if effects[0]["connections"] >= least:
            return tuple(move.cell)
    raise AssertionError("no such point")


def test_rush_preview_hides_the_last_moves_lines_and_its_count_is_drawn_over_the_cursor(app, monkeypatch):
    game = rush_game(app)
    game.link_from, game.links, game.link_t = next(iter(game.pieces)), [next(iter(game.pieces))], 1.0
    calls = []
    for name in ("draw_links", "draw_cursor", "draw_badge"):
        original = getattr(rush_kit, name)
        monkeypatch.setattr(rush_kit, name,
                            lambda *a, _n=name, _o=original, **k: (calls.append(_n), _o(*a, **k)))
    game.cursor = connecting_point(game)
    game.draw(app.screen)
    assert "draw_links" not in calls, "the last move's lines under the new preview"
    assert "draw_badge" in calls and calls.index("draw_badge") > calls.index("draw_cursor")


def test_rush_edge_stones_have_wood_beyond_them():
    lay = rush_kit.GridLayout(9, pygame.Rect(0, 0, 900, 900))
    assert rush_kit.WOOD_PAD * lay.step - lay.stone_radius >= 0.25 * lay.step
