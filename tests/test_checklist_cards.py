"""The lists of puzzles and lessons are cards (issue #30: menus were plain text lists): each
entry's card shows its own position as the game's board draws it, its title, and a tick once
done; arrows, the wheel, a pad and the mouse move across the grid, which scrolls to keep the
chosen card in sight."""
from __future__ import annotations

import math

import pygame
import pytest
from driver import click, key

from game import catalogue
from game.content import lessons, puzzles
from game.scenes.hosts import checklist
from game.scenes.hosts.lesson import LessonListScene
from game.scenes.hosts.puzzle import PuzzleListScene, PuzzleScene, mark_solved


def shown(app, scene, frames: int = 40):
    app.stack.push(scene)
    for _ in range(frames):
        app.frame([], 1 / 60, draw=True)
    return scene


def colours(picture: pygame.Surface) -> int:
    w, h = picture.get_size()
    return len({tuple(picture.get_at((x, y)))[:3] for x in range(0, w, max(1, w // 40))
                for y in range(0, h, max(1, h // 40))})


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_every_entry_is_a_card_with_a_picture_of_its_own_position(app, game_id):
    lists = [cls(app, game_id) for cls, has in ((PuzzleListScene, puzzles.load_all(game_id)),
                                                (LessonListScene, lessons.load(game_id))) if has]
    if not lists:
        pytest.skip(f"{game_id} has neither puzzles nor lessons")
    for scene in lists:
        shown(app, scene)
        assert scene.cards and len(scene.pictures) == len(scene.menu.items)
        assert all(colours(p) >= 4 for p in scene.pictures.values()), "a picture is a board, not a blank"
        assert scene.next_change() == math.inf, "the list rests once every picture is made"
        app.stack.pop()


def test_two_positions_make_two_different_pictures(app):
    scene = shown(app, PuzzleListScene(app, "rush"))
    a, b = scene.pictures[0], scene.pictures[1]
    assert pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")


def test_arrows_cross_the_grid_and_the_chosen_card_stays_in_sight(app):
    scene = shown(app, PuzzleListScene(app, "rush"))
    first = scene.menu.rects[0]
    app.frame([key(pygame.K_RIGHT)], 1 / 60, draw=True)
    assert scene.menu.index == 1 and scene.menu.rects[1].y == first.y
    app.frame([key(pygame.K_DOWN)], 1 / 60, draw=True)
    below = scene.menu.rects[scene.menu.index]
    assert below.y > first.y and below.x == scene.menu.rects[1].x
    for _ in range(len(scene.menu.items)):  # down to the last row, past what fits
        app.frame([key(pygame.K_DOWN)], 1 / 60, draw=True)
    app.frame([], 1 / 60, draw=True)
    chosen = scene.menu.rects[scene.menu.index]
    assert chosen.width > 0 and app.screen.get_rect().contains(chosen)
    assert scene.menu.index >= len(scene.menu.items) - 5
    was = scene.menu.index
    app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0,
                                  which=0)], 1 / 60, draw=True)
    assert scene.menu.index < was, "the wheel goes up a row too"


def test_a_click_on_a_card_opens_its_puzzle(app):
    scene = shown(app, PuzzleListScene(app, "order"))
    target = scene.menu.rects[2]
    app.frame([click(target.center)], 1 / 60, draw=True)
    top = app.stack.top
    assert isinstance(top, PuzzleScene) and top.puzzle is scene.puzzles[2]


def test_a_solved_puzzle_wears_a_tick_and_the_others_none(app, monkeypatch):
    scene = shown(app, PuzzleListScene(app, "gauss"))
    ticks: list[pygame.Rect] = []
    real = checklist.theme.draw_tick
    monkeypatch.setattr(checklist.theme, "draw_tick", lambda surface, rect, colour: (ticks.append(rect),
                                                                                 real(surface, rect, colour)))
    app.frame([], 1 / 60, draw=True)
    scene.draw(app.screen)
    assert ticks == []
    mark_solved("gauss", scene.puzzles[1].name)
    scene.refresh()
    scene.draw(app.screen)
    assert len(ticks) == 1 and scene.menu.rects[1].contains(ticks[0])


def test_an_entry_whose_position_cannot_be_loaded_leaves_a_plain_list(app, monkeypatch):
    monkeypatch.setattr(PuzzleListScene, "position", lambda self, n: (_ for _ in ()).throw(KeyError("board")))
    scene = shown(app, PuzzleListScene(app, "rush"), frames=3)
    assert not scene.cards and app.stack.top is scene  # the list still works, as a list
