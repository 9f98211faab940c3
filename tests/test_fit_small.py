"""Screens that fit 800x600, in German with large text too (issue #27, item 12): nothing
struck through, cut off or jumping. Each test failed before its fix."""
from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.app.app import Options
from game.content import lessons
from game.navigation import make_app
from game.ui import theme

SIZES = [(800, 600), (1920, 1080)]


@pytest.fixture(params=[("de", True), ("en", False)], ids=["de-large", "en"])
def small_app(request):
    language, large = request.param
    app = make_app(Options(headless=True, size=(800, 600)))
    app.start()
    i18n.set_language(language)
    theme.set_large_text(large)
    yield app
    theme.set_large_text(False)
    app.shutdown()


def drawn(monkeypatch) -> list[tuple[str, pygame.Rect]]:
    labels: list[tuple[str, pygame.Rect]] = []
    original = theme.draw_text

    def watch(surface, text, *args, **kwargs):
        rect = original(surface, text, *args, **kwargs)
        labels.append((text, rect.move(surface.get_abs_offset())))
        return rect
    monkeypatch.setattr(theme, "draw_text", watch)
    return labels


def test_the_title_rings_round_its_words_clear_of_them_and_of_the_menu(small_app):
    title = small_app.stack.top
    for size in [(800, 600), (1280, 720), (1920, 1080)]:
        head = title.heading(size)
        for t in range(0, 120, 3):
            for x, y in head.discs(t / 4):
                disc = pygame.Rect(0, 0, 2 * head.r, 2 * head.r)
                disc.center = (round(x), round(y))
                assert not disc.colliderect(head.title) and not disc.colliderect(head.tag), (size, t)
                assert disc.bottom <= head.menu_top, (size, t)


def test_every_game_description_is_shown_whole(small_app, monkeypatch):
    from game import catalogue
    labels = drawn(monkeypatch)
    small_app.nav.select()
    small_app.stack.top.draw(small_app.screen)
    text = " ".join(t for t, _r in labels)
    for gid in catalogue.GAME_IDS:
        assert " ".join(i18n._(catalogue.get(gid).blurb).split()) in " ".join(text.split()), gid
    assert "…" not in text


def test_how_to_diagrams_keep_their_place_from_page_to_page(small_app, monkeypatch):
    from game import catalogue
    for gid in catalogue.GAME_IDS:
        small_app.nav.howto(gid)
        howto = small_app.stack.top
        areas: list[int] = []
        original = howto.draw_page
        monkeypatch.setattr(howto, "draw_page", lambda surface, area, page, s, _o=original, _a=areas: (
            _a.append(area.y), _o(surface, area, page, s)))
        for page in range(len(howto.pages)):
            howto.page = page
            howto.draw(small_app.screen)
        assert len(set(areas)) == 1, (gid, areas)
        small_app.stack.pop()


def test_rush_how_to_boards_are_one_size(small_app, monkeypatch):
    from game.ui.kits import rush
    steps = []
    original = rush.draw_goban
    monkeypatch.setattr("game.ui.kits.rush.draw_goban",
                        lambda surface, lay, labels=True: (steps.append(round(lay.step, 3)),
                                                           original(surface, lay, labels)))
    small_app.nav.howto("rush")
    howto = small_app.stack.top
    for page in range(3):  # the pages of two boards each
        howto.page = page
        howto.draw(small_app.screen)
    assert len(set(steps)) == 1, steps


def test_how_to_buttons_hold_their_labels_and_do_not_overlap(small_app, monkeypatch):
    labels = drawn(monkeypatch)
    small_app.nav.howto("gauss")
    howto = small_app.stack.top
    howto.draw(small_app.screen)
    rects = list(howto.nav.values())
    for i, a in enumerate(rects):
        assert not any(a.colliderect(b) for b in rects[i + 1:])
    for text, rect in labels:
        for button in rects:
            if button.collidepoint(rect.center):
                assert button.contains(rect.inflate(-2, -2)), text


def test_a_lesson_card_keeps_its_height_while_the_step_is_tried_missed_and_done(small_app):
    from game.scenes.hosts.lesson import LessonScene
    for gid in lessons.games_with_lessons():
        course = lessons.load(gid)
        scene = LessonScene(small_app, course, 0)
        heights = set()
        for phase in ("try", "wrong", "right"):
            scene.phase = phase
            scene.draw_card(small_app.screen)
            heights.add(scene.card.height)
        assert len(heights) == 1, (gid, heights)


def test_improbable_labels_stand_clear_of_their_boxes(small_app):
    from game.ui.kits import improbable as kit
    lay = kit.Layout.of((800, 600))
    s = lay.s
    label_h = theme.font(int(26 * s), True).get_linesize()
    for p in kit.PLAYERS:
        assert lay.row_label_y[p] + label_h <= lay.lane(p).top + 1, p
    tray_label_h = theme.font(int(22 * s)).get_linesize()
    assert lay.lane("blue").bottom <= lay.tray.y - tray_label_h
    head_h = theme.font(int(24 * s), True).get_linesize()
    for p in kit.PLAYERS:  # the panel's supply headings over their stacks
        top_stack = min(lay.supply_rect(p, length, 2)[1] for length in kit.LENGTHS)
        assert lay.supply_header_y[p] + head_h <= top_stack + 1, p


def test_improbable_how_to_blocks_are_large_and_say_what_happened_under_them(small_app, monkeypatch):
    from game.ui.kits import improbable as kit
    rows, notes = [], []
    original = kit.draw_blocks
    monkeypatch.setattr(kit, "draw_blocks", lambda surface, x, y, lengths, player, unit, height, s: (
        rows.append((sum(lengths) * unit, y + height)),
        original(surface, x, y, lengths, player, unit, height, s)))
    labels = drawn(monkeypatch)
    small_app.nav.howto("improbable")
    howto = small_app.stack.top
    howto.page = 0
    w = small_app.screen.get_width()
    howto.draw(small_app.screen)
    widest = max(width for width, _bottom in rows)
    assert widest >= 0.3 * w, "the row of blocks is tiny"
    note = i18n._("one {length} left the supply for the tray").format(length=5)
    notes = [r for t, r in labels if t and t in note]
    assert notes and notes[0].top - max(bottom for _w, bottom in rows) < 0.15 * small_app.screen.get_height()
