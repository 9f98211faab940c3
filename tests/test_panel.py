"""A panel that shows what matters now (issue #30, item 4): whose turn, who is who, the
score, the last move and what it did, the last few turns; the legend, the notation's key
and the whole move list one key (I), one click ("More") or one pause-menu item away, the
choice kept in the settings. At 800×600 nothing in it is smaller than the 14 px floor.
Each test failed before the change."""
from __future__ import annotations

import json

import pygame
import pytest
from driver import click, key, run

from game import catalogue, i18n
from game.app.app import Options
from game.navigation import make_app
from game.persistence import settings
from game.scenes.menus.overlay import PauseScene
from game.scenes.menus.seats import Seat
from game.ui import theme
from game.ui.kits import gauss as gauss_kit
from game.ui.kits import rush as rush_kit
from game.ui.kits import sparks as sparks_kit


def drawn(monkeypatch) -> list[tuple[str, int]]:
    """Every label drawn from now on, with the size it was asked for."""
    labels: list[tuple[str, int]] = []
    original = theme.draw_text

    def watch(surface, text, pos, size, *args, **kwargs):
        labels.append((text, size))
        return original(surface, text, pos, size, *args, **kwargs)
    monkeypatch.setattr(theme, "draw_text", watch)
    return labels


def two_players(gid: str) -> dict[str, Seat]:
    return {p: Seat(p) for p in catalogue.get(gid).rules.players}


def a_game(app, gid="gauss", autoplay=8):
    app.start_game(gid, seed=5, autoplay=autoplay, seats=two_players(gid))
    game = app.stack.top
    game.autosave = False
    run(app, frames=3)
    return game


def panel_labels(app, game, monkeypatch) -> list[str]:
    """The labels of the play screen drawn whole, its panel painted afresh."""
    with monkeypatch.context() as m:
        labels = drawn(m)
        game._panel = None
        game.draw(app.screen)
    return [t for t, _size in labels]


def notation_line(game) -> str:
    return theme.wrap(i18n._(game.entry.notation), int(18 * game.frame.s), int(game.frame.panel.width))[0]


def test_the_panel_is_compact_by_default_and_says_the_last_move(app, monkeypatch):
    assert settings.Settings().panel_details is False
    game = a_game(app)
    assert not game.details
    text = panel_labels(app, game, monkeypatch)
    joined = " ".join(text)
    assert i18n._(gauss_kit.LEGEND[0][0][0]) not in text, "the legend in the compact panel"
    assert not any(t.startswith(notation_line(game)[:20]) for t in text), "the notation's key shown"
    assert game.who_parts()[0][0] in text
    words = game.last_move_words()
    assert words and game.history[-1].text.split()[0][:3] in words
    assert " ".join(words.split()) in " ".join(joined.split()), "the last move in words not shown"


def test_the_details_key_shows_the_legend_the_notation_and_the_whole_list(app, monkeypatch):
    game = a_game(app, autoplay=20)
    compact = panel_labels(app, game, monkeypatch)
    run(app, [key(pygame.K_i)], frames=2)
    assert app.settings.panel_details and game.details
    detailed = panel_labels(app, game, monkeypatch)
    assert i18n._(gauss_kit.LEGEND[0][0][0]) in detailed  # (the notation: where it fits, below)
    numbers = [t for t in compact if t.endswith(".") and t[:-1].isdigit()]
    assert 0 < len(numbers) <= 2 * game.COMPACT_LINES, numbers  # the last few turns, two to a line
    assert len([t for t in detailed if t.endswith(".") and t[:-1].isdigit()]) > len(numbers)
    run(app, [key(pygame.K_i)], frames=2)
    assert not app.settings.panel_details


@pytest.fixture
def small_app():
    a = make_app(Options(headless=True, size=(800, 600)))
    a.start()
    yield a
    a.shutdown()


@pytest.mark.parametrize("gid", catalogue.GAME_IDS)
def test_every_game_hides_its_notation_until_asked(small_app, gid, monkeypatch):
    """At 800×600, where the notation's key fits every game's detailed panel (at 1280×720
    GAUSS's has no room for it under the legend: it shows the turns instead, as before)."""
    app = small_app
    game = a_game(app, gid, autoplay=6)
    compact = panel_labels(app, game, monkeypatch)
    assert game.last_move_words() in " ".join(compact) or any(
        game.last_move_words().startswith(t) for t in compact), gid
    game.toggle_details()
    detailed = panel_labels(app, game, monkeypatch)
    note = notation_line(game)[:16]
    assert not any(t.startswith(note) for t in compact) and any(t.startswith(note) for t in detailed), gid


def legend_toggles(app, monkeypatch, gid: str, word) -> None:
    """A line of the game's legend (``word()``, read in the current language) is drawn in
    the detailed panel only (its start: a narrow panel wraps it)."""
    app.settings.panel_details = False
    game = a_game(app, gid, autoplay=6)
    compact = panel_labels(app, game, monkeypatch)
    game.toggle_details()
    detailed = panel_labels(app, game, monkeypatch)
    start = word()[:12]
    assert not any(t.startswith(start) for t in compact), gid
    assert any(t.startswith(start) for t in detailed), gid
    app.stack.pop()


def test_the_legends_are_details(small_app, monkeypatch):
    legend_toggles(small_app, monkeypatch, "gauss", lambda: i18n._(gauss_kit.LEGEND[0][0][0]))
    legend_toggles(small_app, monkeypatch, "rush", lambda: i18n._(rush_kit.LEGEND[0][0]))
    legend_toggles(small_app, monkeypatch, "sparks", lambda: sparks_kit.mark_legend()[1][1])
    legend_toggles(small_app, monkeypatch, "order",
                   lambda: i18n._("ringed dot: connects · !: forced · dot: empty column"))


def test_the_choice_is_kept_for_the_next_start(app, tmp_path):
    game = a_game(app)
    game.toggle_details()
    app.shutdown()
    again = make_app(Options(headless=True))
    again.start()
    try:
        assert again.settings.panel_details
        again.start_game("rush", seed=1, seats=two_players("rush"))
        assert again.stack.top.details
    finally:
        again.shutdown()
        app.start()  # the fixture shuts it down again


def test_an_old_settings_file_still_loads_and_a_bad_value_falls_back(tmp_path, monkeypatch):
    from game.persistence import storage
    home = storage.home()
    home.mkdir(parents=True, exist_ok=True)
    (home / settings.FILE).write_text(json.dumps({"format": 1, "volume": 0.25}))
    loaded, message = settings.load()
    assert message == "" and loaded.volume == 0.25 and loaded.panel_details is False
    (home / settings.FILE).write_text(json.dumps({"format": 1, "volume": 0.25, "panel_details": "yes"}))
    loaded, message = settings.load()
    assert message and loaded.volume == 0.25 and loaded.panel_details is False


def test_the_pause_menu_shows_and_hides_the_details(app):
    game = a_game(app)
    game.pause()
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    labels = [item.label for item in pause.menu.items]
    assert "Show details" in labels
    pause.menu.index = labels.index("Show details")
    run(app, [key(pygame.K_RETURN)])
    assert app.settings.panel_details and game.details
    assert "Hide details" in [item.label for item in pause.menu.items]


def test_a_click_on_more_and_on_less(app):
    game = a_game(app)
    app.draw()
    more = game.buttons["details"]
    assert more.label == "More" and more.rect.width > 0
    assert game.frame.panel.contains(more.rect)
    run(app, [click(more.rect.center)], frames=2)
    assert app.settings.panel_details
    assert game.buttons["details"].label == "Less"
    run(app, [click(game.buttons["details"].rect.center)], frames=2)
    assert not app.settings.panel_details


def test_the_cached_panel_is_painted_again_when_toggled(app):
    game = a_game(app)
    app.draw()
    before = game._panel[1].copy()
    game.draw_changes(app.screen)
    rects = game.draw_changes(app.screen)
    assert rects is not None and game.frame.panel not in rects
    game.toggle_details()
    rects = game.draw_changes(app.screen)
    assert rects is not None and game.frame.panel in rects
    after = game._panel[1]
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(after, "RGB")


def test_typing_an_i_in_a_name_is_a_letter_not_the_details(app):
    game = a_game(app)
    game.pause()
    app.nav.save_as(game.record(), lambda name: None)
    form = app.stack.top
    run(app, frames=2)
    run(app, [key(pygame.K_i), pygame.event.Event(pygame.TEXTINPUT, text="i")])
    assert form.name == "i" and not app.settings.panel_details


def test_the_controls_line_names_the_key_where_there_is_room(app):
    game = a_game(app)
    app.last_device = "keyboard"
    line, _ink = game.bottom_line()
    assert "I: details" in line


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("details", [False, True])
def test_at_800x600_no_label_of_the_panel_is_under_the_floor(monkeypatch, language, details):
    small = make_app(Options(headless=True, size=(800, 600)))
    small.start()
    try:
        i18n.set_language(language)
        small.settings.panel_details = details
        for gid in catalogue.GAME_IDS:
            game = a_game(small, gid, autoplay=6)
            with monkeypatch.context() as m:
                labels = drawn(m)
                game._panel = None
                img = pygame.Surface(game.frame.panel.size)
                game.paint_panel(img, game.frame.s)
            assert labels, gid
            for text, size in labels:
                if text.strip():
                    assert theme.px(size) >= theme.MIN_PX, (gid, text, size)
                    assert theme.text_surface(text, size, theme.INK).get_height() >= \
                        theme.font(1).get_height(), (gid, text)
            small.stack.pop()
    finally:
        small.shutdown()


def test_two_phones_taking_turns_do_not_paint_the_panel_anew(app):
    """Two phones (or pads) playing each other are in turn the device used last; the panel
    shows the same glyphs for both, so it is not painted again at every tap of the other."""
    app.start_game("gauss", seed=2)
    game = app.stack.top
    for device in ("phone1", "pad0"):
        app.last_device = device
        game.draw(app.screen)
        painted = game._panel
        app.last_device = device[:-1] + "2"
        game.blit_panel(app.screen, only_changed=True)
        assert game._panel is painted
    app.last_device = "keyboard"  # another kind: its own glyphs
    game.blit_panel(app.screen, only_changed=True)
    assert game._panel is not painted
