"""Title, game select, how-to-play and pause, driven by injected events."""
import pygame
import pytest
from driver import key

from game import catalogue
from game.scenes.menus.select import SelectScene
from game.scenes.menus.setup import SetupScene
from game.scenes.menus.title import TitleScene
from game.scenes.play import PlayScene


def test_select_lists_all_five_games_and_starts_each_one(app):
    app.frame([key(pygame.K_RETURN)], 1 / 60)  # Play
    select = app.stack.top
    assert isinstance(select, SelectScene) and select.games == list(catalogue.GAME_IDS)
    for i, game_id in enumerate(select.games):
        select.index = i
        app.frame([key(pygame.K_RETURN)], 1 / 60)
        setup = app.stack.top
        assert isinstance(setup, SetupScene) and setup.game_id == game_id
        app.frame([key(pygame.K_DOWN), key(pygame.K_DOWN), key(pygame.K_RETURN)], 1 / 60)  # Start
        assert isinstance(app.stack.top, PlayScene) and app.stack.top.game_id == game_id
        app.stack.pop()


def test_tab_chooses_the_board_and_the_arrows_the_game(app):
    select = SelectScene(app)
    app.stack.push(select)
    assert select.level_of("gauss") == "classic"
    app.frame([key(pygame.K_TAB)], 1 / 60)
    assert select.level_of("gauss") == "small"
    app.frame([key(pygame.K_RIGHT), key(pygame.K_LEFT)], 1 / 60)  # to Rush's card and back
    assert select.games[select.index] == "gauss"
    app.frame([key(pygame.K_RETURN)], 1 / 60)
    assert isinstance(app.stack.top, SetupScene) and app.stack.top.level == "small"
    app.frame([key(pygame.K_RETURN)], 1 / 60)  # play the computer
    assert app.stack.top.level["name"] == "small"


def test_the_arrows_move_across_the_cards_in_rows(app):
    select = SelectScene(app)
    app.stack.push(select)
    app.frame([], 1 / 60)
    cols = select.columns()
    app.frame([key(pygame.K_DOWN)], 1 / 60)
    assert select.index == min(cols, len(select.games) - 1)
    app.frame([key(pygame.K_UP)], 1 / 60)
    assert select.index == 0
    for i, card in enumerate(select.cards):  # every card under its own place, none over another
        assert not any(card.rect.colliderect(other.rect) for other in select.cards[i + 1:])


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_every_how_to_play_pages_through_to_the_end_and_closes(app, game_id):
    assert app.nav.howto(game_id)
    scene = app.stack.top
    pages = len(scene.pages)
    assert pages >= 3
    for n in range(pages):
        assert scene.page == n
        app.frame([], 1 / 60)  # draws the page
        app.frame([key(pygame.K_RIGHT)], 1 / 60)
    assert app.stack.top is not scene


def test_h_on_the_select_screen_opens_the_rules(app):
    select = SelectScene(app)
    app.stack.push(select)
    app.frame([key(pygame.K_h)], 1 / 60)
    assert app.stack.top.game_title == "GAUSS"
    app.frame([key(pygame.K_ESCAPE)], 1 / 60)
    assert app.stack.top is select


def test_escape_on_the_title_does_not_quit_but_the_quit_item_does(app):
    title = app.stack.top
    assert isinstance(title, TitleScene)
    app.frame([key(pygame.K_ESCAPE)], 1 / 60)
    assert app.running
    title.menu.index = len(title.menu.items) - 1
    app.frame([key(pygame.K_RETURN)], 1 / 60)
    assert not app.running


def test_f11_toggles_fullscreen_and_remembers_it(app):
    from game.persistence import settings

    app.frame([key(pygame.K_F11)], 1 / 60)
    assert app.fullscreen and settings.load()[0].fullscreen
    app.frame([key(pygame.K_F11)], 1 / 60)
    assert not app.fullscreen and not settings.load()[0].fullscreen
    assert app.screen.get_size() == (1280, 720)


def test_the_language_row_switches_the_language_at_once_and_saves_it(app):
    from game import i18n
    from game.persistence import settings
    from game.scenes.menus.settings_menu import SettingsScene

    app.nav.settings()
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    while scene.ROWS[scene.index] != "language":
        app.frame([key(pygame.K_DOWN)], 1 / 60)
    assert app.settings.language == "auto" and scene.label("language")[1] == "Automatic (system)"
    choices = ["auto", *i18n.available()]  # only "en" until a catalogue is there
    assert choices[1] == "en"
    for k in range(1, len(choices) + 1):
        app.frame([key(pygame.K_RIGHT)], 1 / 60)  # drawn too: every later word in the new language
        chosen = choices[k % len(choices)]  # past the last language: back to automatic
        assert app.settings.language == chosen and settings.load()[0].language == chosen
        # "auto" follows the system's languages, English in the tests
        assert i18n.language() == ("en" if chosen == "auto" else chosen)
        shown = i18n._("Automatic (system)") if chosen == "auto" else i18n.language_name(chosen)
        assert scene.label("language")[1] == shown
    app.frame([key(pygame.K_LEFT)], 1 / 60)  # Left goes back: from automatic to the last language
    assert app.settings.language == choices[-1] and i18n.language() == choices[-1]
    app.frame([key(pygame.K_RETURN)], 1 / 60)  # Enter steps on, wrapping around, as a pad's A does
    assert app.settings.language == "auto" and settings.load()[0].language == "auto"
    assert i18n.language() == "en"


def test_large_text_demo_sound_and_a_volume_that_is_heard(app, monkeypatch):
    from driver import key, run

    from game.scenes.menus.settings_menu import SettingsScene
    from game.ui import theme
    from game.ui.audio import cue

    played = []
    monkeypatch.setattr(app.audio, "play", lambda name, gain=1.0: played.append(name))
    app.nav.settings()
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    normal = theme.font(24).get_height()
    scene.index = scene.ROWS.index("large_text")
    run(app, [key(pygame.K_RETURN)])
    try:
        assert app.settings.large_text and theme.font(24).get_height() > normal
    finally:
        theme.set_large_text(False)
    scene.index = scene.ROWS.index("volume")
    run(app, [key(pygame.K_LEFT)])
    assert played == ["place"]  # each step of the volume is heard at once
    scene.index = scene.ROWS.index("demo_sound")
    run(app, [key(pygame.K_RETURN)])
    assert app.settings.demo_sound is False

    class DemoGame:
        hosted, in_demo = True, True

    demo_game = DemoGame()
    demo_game.app = app
    cue(demo_game, "score")
    assert played == ["place"]  # the demo is silent
    demo_game.in_demo = False
    cue(demo_game, "score")  # a replay is not the demo
    assert played == ["place", "score"]
    from game.persistence import settings
    assert settings.load()[0].demo_sound is False  # saved at once


def test_a_click_on_the_left_arrow_of_a_setting_lowers_it(app):
    from driver import click, run

    from game.scenes.menus.settings_menu import SettingsScene

    app.nav.settings()
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    run(app, [], frames=2)
    row = scene.ROWS.index("volume")
    value = scene.values[row]
    before = app.settings.volume
    run(app, [click((value.left + 4, value.centery))])
    assert app.settings.volume < before
    run(app, [click((value.right - 4, value.centery))])
    assert app.settings.volume == before


def test_the_home_is_cards_that_keys_and_the_mouse_cross_alike(app):
    from game.ui.cards import CardMenu
    from game.ui.icons import ICONS

    title = app.stack.top
    app.frame([], 1 / 60)
    menu = title.menu
    assert isinstance(menu, CardMenu)
    cards = sorted(menu.icons)
    names = {"Play", "Lessons", "Puzzles", "Arcade ladder", "Hall of fame", "Watch the demo"}
    assert {menu.items[i].label for i in cards} >= names
    assert set(menu.icons.values()) <= set(ICONS)
    row = sorted(cards, key=lambda i: menu.rects[i].x)
    menu.index = row[0]
    for right in row[1:]:  # Right steps across the row of cards, one by one
        app.frame([key(pygame.K_RIGHT)], 1 / 60)
        assert menu.index == right
    app.frame([key(pygame.K_DOWN)], 1 / 60)  # down to the row of small buttons
    assert menu.index not in menu.icons and menu.rects[menu.index].y > menu.rects[row[-1]].bottom
    for i, rect in enumerate(menu.rects):  # nothing over anything else
        assert not any(rect.colliderect(other) for other in menu.rects[i + 1:])
    play = menu.rects[[item.label for item in menu.items].index("Play")]
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=play.center, button=1)], 1 / 60)
    assert type(app.stack.top).__name__ == "SelectScene"
