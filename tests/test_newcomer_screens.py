"""What a newcomer saw wrong in the gallery at 800x600 (issue #30's audit): words cut off or
split where they stop making sense, and a card picture that was a blur of grey labels."""
import pytest

from game import i18n


@pytest.fixture
def small_app():
    from game.app.app import Options
    from game.navigation import make_app

    app = make_app(Options(headless=True, size=(800, 600)))
    app.start()
    yield app
    i18n.set_language("en")
    app.shutdown()


def drawn(monkeypatch, app) -> list[str]:
    """Every text the screen on top draws in one frame."""
    from game.ui import theme

    texts = []
    real = theme.draw_text

    def spy(surface, text, *args, **kwargs):
        texts.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(theme, "draw_text", spy)
    app.stack.top.draw(app.screen)
    monkeypatch.setattr(theme, "draw_text", real)
    return texts


def test_the_halls_headings_are_whole_in_german(small_app, monkeypatch):
    """Wrapped as regular text and drawn bold, 'Deutlichste Siege gegen „schwer“' took one
    line and ended in 'schw…'."""
    i18n.set_language("de")
    small_app.nav.hall_of_fame("gauss")
    texts = drawn(monkeypatch, small_app)
    assert any("„schwer“" in t for t in texts), texts
    assert not any(t.endswith("…") for t in texts), texts


def test_the_ladder_names_every_game_whole(small_app, monkeypatch):
    """'Das Unwahrscheinliche' was cut to 'Das Unwahrschei…' on its ladder card."""
    i18n.set_language("de")
    small_app.nav.ladder()
    ladder = small_app.stack.top
    ladder.index = ladder.games.index("improbable")  # six games in the tests: the cards scroll
    texts = drawn(monkeypatch, small_app)
    assert "Unwahrscheinliche" in " ".join(texts)
    assert not any(t.endswith("…") for t in texts), texts


def test_the_game_lists_progress_breaks_only_between_its_parts(small_app, monkeypatch):
    """'Ladder:' ended one line and 'easy' stood alone on the next."""
    small_app.nav.select("gauss")
    for _ in range(8):  # the cards' pictures come one a frame
        small_app.frame([], 1 / 60)
    texts = [t.strip() for t in drawn(monkeypatch, small_app)]
    assert not any(t.endswith("Ladder:") for t in texts), texts
    assert "easy" not in texts


def test_the_initials_say_what_enter_and_esc_do_in_german(small_app, monkeypatch):
    """At 800x600 the German hint kept only its first part: nothing said how to finish."""
    i18n.set_language("de")
    small_app.nav.enter_initials("gauss", "margin", 12)
    small_app.frame([], 1 / 60)
    texts = " ".join(drawn(monkeypatch, small_app))
    assert "Enter:" in texts and "Esc: auslassen" in texts, texts


def test_the_improbables_card_picture_has_no_words(small_app, monkeypatch):
    """Its play screen's board part is mostly labels and buttons; cut down to a card they were
    unreadable grey. The card shows the rows, the tray and the die instead."""
    from game.scenes.hosts import previews
    from game.ui import theme

    said = []
    real = theme.draw_text
    monkeypatch.setattr(theme, "draw_text", lambda surface, text, *a, **k: said.append(text) or
                        real(surface, text, *a, **k))
    picture = previews.board_picture(small_app, "improbable")
    assert said == []
    colours = {picture.get_at((x, y))[:3] for x in range(0, picture.get_width(), 7)
               for y in range(0, picture.get_height(), 7)}
    assert len(colours) > 20  # wood, lanes, the die: not an empty picture


# -- the second audit's leftovers (issue #30) -------------------------------------------------------

def test_the_setup_hint_names_the_keys_of_the_card_in_focus_in_the_players_bindings(small_app, monkeypatch):
    """It named the level's and the swap's keys on every card, "the level" read as the board's,
    and Backspace where the menus say Esc."""
    from game.persistence import bindings

    bindings.use(keys={"left": ["f"], "right": ["v"]})
    small_app.nav.setup("gauss")
    setup = small_app.stack.top
    setup.focus = setup.choices.index("computer")
    texts = " ".join(drawn(monkeypatch, small_app))
    assert "F/V: easier or harder" in texts and "Enter: play" in texts and "Esc: back" in texts, texts
    setup.focus = setup.choices.index("two")
    texts = " ".join(drawn(monkeypatch, small_app))
    assert "Enter: play" in texts and "Esc: back" in texts, texts
    assert "easier" not in texts and "swap sides" not in texts  # nothing to change on this card


def test_the_setup_hint_is_whole_in_german_with_large_text(small_app, monkeypatch):
    from game.ui import theme

    i18n.set_language("de")
    theme.set_large_text(True)
    try:
        small_app.nav.setup("gauss")
        small_app.stack.top.focus = 0
        texts = " ".join(drawn(monkeypatch, small_app))
    finally:
        theme.set_large_text(False)
    assert "leichter oder schwerer" in texts and "Enter: spielen" in texts and "Esc: zurück" in texts, texts


def longest_blank_band(app, lay) -> int:
    """The most rows of pixels in a row, between the two rows' lanes, with nothing but the
    table's ground across the lane."""
    from game.ui import theme

    x0, x1 = int(lay.lane_x), int(lay.lane_x + lay.lane_w)
    run = best = 0
    for y in range(lay.lane("blue").bottom, lay.lane("brown").top):
        blank = all(tuple(app.screen.get_at((x, y)))[:3] == tuple(theme.BG) for x in range(x0, x1, 2))
        run = run + 1 if blank else 0
        best = max(best, run)
    return best


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_the_improbables_table_leaves_no_empty_band(size):
    """Under the odds of the next roll a band of nothing stood, a quarter of the window tall at
    800x600 (166 px) and an eighth at 16:9: the controls grow into it now, the faces' legend
    takes some, and what is left is shared out."""
    from game.app.app import Options
    from game.navigation import make_app

    app = make_app(Options(headless=True, size=size))
    app.start()
    try:
        app.nav.play("improbable", seed=3)
        game = app.stack.top
        game.autosave = False
        for _ in range(3):
            app.frame([], 1 / 60, draw=True)
        assert longest_blank_band(app, game.layout) <= 0.1 * size[1]
        lay = game.layout
        assert lay.c >= lay.s and lay.stop.right <= lay.lane_x + lay.lane_w
    finally:
        app.shutdown()


def test_a_chain_of_one_connection_is_worded_for_a_person():
    """"chain 1: 1 = 1" said nothing; every chain says its points first."""
    from game.ui.kits import order as kit

    assert kit.chain_words(1) == "1 point (one connection)"
    assert kit.chain_words(2) == "3 points (a chain of 2: 1+2)"
    assert kit.chain_words(6) == "21 points (a chain of 6: 1+2+3+4+5+6)"
    i18n.set_language("de")
    try:
        assert kit.chain_words(1) == "1 Punkt (eine Verbindung)"
        assert kit.chain_words(3) == "6 Punkte (3er-Kette: 1+2+3)"
        assert _de_scores() == "Blau erzielt 1 Punkt (eine Verbindung)"
    finally:
        i18n.set_language("en")


def _de_scores() -> str:
    from game.i18n import _
    from game.ui.kits import order as kit

    return _(kit.SCORES["blue"]).format(chain=kit.chain_words(1))


def end_card(app, game_id: str = "gauss", **play):
    """The end card of a game of ``game_id`` played at random to its end."""
    import random

    from game.scenes.menus.overlay import ResultScene

    app.nav.play(game_id, seed=3, **play)
    game = app.stack.top
    game.autosave = False
    rng = random.Random(3)
    while not game.state.over:
        game.commit(game.rules.random_move(game.state, rng), animate=False)
    for _ in range(3):
        app.frame([], 1 / 60)
    card = app.stack.top
    assert isinstance(card, ResultScene)
    return game, card


def focused(card) -> str:
    return str(card.menu.items[card.menu.index].label)


def test_the_end_cards_focus_starts_on_the_way_on(small_app):
    """It started on Review; the first thing wanted after a game is another one."""
    from game import catalogue
    from game.scenes.menus.seats import Seat

    _game, card = end_card(small_app)
    assert focused(card) == "Rematch"
    assert "Review the game" in [str(item.label) for item in card.menu.items]  # one step down
    small_app.nav.title()
    person, computer = catalogue.get("gauss").players
    _game, card = end_card(small_app, ladder="easy",
                           seats={person: Seat(person), computer: Seat(computer, "easy")})
    assert focused(card).startswith("Ladder: play")


def test_an_online_end_card_starts_on_the_rematch_and_a_spectators_on_the_menu(small_app):
    from types import SimpleNamespace

    from game.scenes.menus.overlay import ResultScene

    game, card = end_card(small_app)
    small_app.stack.pop()
    try:
        for spectator, first in ((False, "Rematch"), (True, "Menu")):
            # the server's game, its dice checked
            game.online = SimpleNamespace(ended=SimpleNamespace(check=""), spectator=spectator,
                                          close=lambda: None)
            shown = ResultScene(small_app, game, card.card)
            labels = [str(i.label) for i in shown.menu.items]
            assert focused(shown) == first and "Review the game" in labels
            assert ("Rematch" in labels) is not spectator  # a spectator has no seat to play again
    finally:
        game.online = None


def test_a_lesson_and_a_puzzle_name_one_player_not_two(small_app, monkeypatch):
    """The panel said "Red and Blue: two players" in a lesson (one person against the board)
    and in a puzzle (one person against the computer's defence)."""
    from game.content import lessons, puzzles
    from game.scenes.hosts.lesson import LessonScene
    from game.scenes.hosts.puzzle import PuzzleScene
    from game.ui import theme

    said: list[str] = []
    real = theme.draw_text
    monkeypatch.setattr(theme, "draw_text", lambda surface, text, *a, **k: said.append(text) or
                        real(surface, text, *a, **k))  # the panel is drawn once, then kept
    lesson = LessonScene(small_app, lessons.load("gauss"), 1)
    small_app.stack.push(lesson)
    small_app.frame([], 1 / 60)
    me = lesson.game.side_name(lesson.me)
    assert not any("two players" in t for t in said) and f"{me}: you" in said, said
    small_app.stack.pop()
    said.clear()
    puzzle = PuzzleScene(small_app, puzzles.load_all("sparks")[0])
    small_app.stack.push(puzzle)
    small_app.frame([], 1 / 60)
    me, other = puzzle.me, next(p for p in puzzle.game.rules.players if p != puzzle.me)
    assert not any("two players" in t for t in said), said
    assert f"{puzzle.game.side_name(me)}: you" in said and f"{puzzle.game.side_name(other)}: computer" in said


def test_the_empty_load_list_says_how_a_game_is_saved_and_offers_no_open(small_app, monkeypatch):
    """With no save it said "Enter or click: open", an action that was not there."""
    from game.persistence import bindings

    bindings.use(keys={"menu": ["m"]})
    small_app.nav.load_menu()
    texts = " ".join(drawn(monkeypatch, small_app))
    assert ": open" not in texts and "scroll" not in texts, texts
    assert "M (or Start) opens the menu" in texts and "Save\u00a0game" in texts and "Esc" not in texts, texts
    assert "Resume" in texts  # the game in progress needs no save


def test_one_stone_set_aside_is_not_summed(small_app):
    """The tray's label read "Set aside this turn (Blue):  5 = 5"."""
    from game.content import lessons

    course = lessons.load("improbable")
    state = next(s for s in (step.start("improbable")[1] for step in course.steps) if len(s.aside) == 1)
    scene = small_app.nav.puzzle_game("improbable")
    scene.set_position(state)
    words = scene.tray_words()
    assert "=" not in words and words.endswith(f":  {state.aside[0]}"), words


def test_rushs_place_again_note_is_whole_or_left_out(small_app, monkeypatch):
    """At 800x600 in German the note beside the pill ran on under the panel, cut mid-word."""
    import pygame

    from game.ui import theme
    from game.ui.kits import rush as kit

    i18n.set_language("de")
    surface = pygame.Surface((800, 600))
    rects = []
    real = theme.draw_text
    monkeypatch.setattr(theme, "draw_text",
                        lambda surf, text, *a, **k: rects.append(real(surf, text, *a, **k)))
    for width in (420, 560, 700):
        bar = pygame.Rect(10, 10, width, 40)
        kit.draw_again_pill(surface, bar, "white", "Weiß", 0.0, 0.625)
        assert all(r.right <= bar.right for r in rects), (width, rects)


def test_the_controls_screen_names_esc_for_back_as_the_other_menus_do(small_app, monkeypatch):
    """It said "Backspace: back" where every other menu says "Esc: back" (both work)."""
    small_app.nav.settings()
    menu = small_app.stack.top
    menu.index = menu.ROWS.index("controls")
    menu.choose(1)
    small_app.frame([], 1 / 60)
    texts = " ".join(drawn(monkeypatch, small_app))
    assert "Esc: back" in texts and "Backspace: back" not in texts, texts


@pytest.mark.parametrize("game_id", ["improbable", "order"])
def test_what_the_computers_level_beats_is_said_whole(small_app, monkeypatch, game_id):
    """Cut to one line, the German ended "... gegen jemanden, der immer den ersten Zu…"."""
    from game.arcade import ratings

    i18n.set_language("de")
    small_app.nav.setup(game_id)
    setup = small_app.stack.top
    texts = drawn(monkeypatch, small_app)
    assert not any(t.endswith("…") for t in texts), texts
    last_word = ratings.words(game_id, setup.ai_level).split()[-1]
    assert any(t.endswith(last_word) for t in texts), texts
