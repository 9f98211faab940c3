"""Words a newcomer reads: one word for one thing, results the way a result is said, and no
claim that is not true."""
import random
import re

import pytest

from game import catalogue, i18n
from game.i18n import _, pgettext


@pytest.fixture
def german():
    i18n.set_language("de")
    yield
    i18n.set_language("en")


def drawn_texts(monkeypatch, app, scene=None) -> list[str]:
    """Every text drawn in one frame of the screen on top (or of ``scene``)."""
    from game.ui import theme

    texts = []
    real = theme.draw_text

    def spy(surface, text, *args, **kwargs):
        texts.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(theme, "draw_text", spy)
    (scene or app.stack.top).draw(app.screen)
    monkeypatch.setattr(theme, "draw_text", real)
    return texts


def test_undo_and_redo_are_not_the_words_of_back_and_forward(german):
    """'Zurück' is Back on every screen: Undo cannot be 'Zurück' too."""
    back = {_("Back"), pgettext("previous page", "< Back"), pgettext("leave this screen", "< Back")}
    assert _("Undo") not in back and _("Redo") not in back
    assert (_("Undo"), _("Redo")) == ("Rückgängig", "Wiederholen")


def test_the_replays_play_button_is_not_the_pads_start_button(german):
    """'Start' is the pad's menu button in every prompt; the replay's Play plays."""
    assert pgettext("replay", "Play") not in ("Start", pgettext("gamepad", "Start"))


def test_the_animation_setting_says_what_it_sets(app, monkeypatch):
    app.nav.settings()
    texts = drawn_texts(monkeypatch, app)
    assert "Animation speed" in texts and "Moves play out" not in texts
    i18n.set_language("de")
    try:
        assert "Animationstempo" in drawn_texts(monkeypatch, app)
    finally:
        i18n.set_language("en")


def test_the_reviews_marks_are_not_points_in_german(german):
    """'Punkte' is a score in German; the review's marks (dots on the graph) are not points."""
    line = _("Dots: the costliest moves (click to jump)")
    assert "Punkte" not in line and line != "Dots: the costliest moves (click to jump)"


def test_the_widest_wins_read_as_german(german):
    assert _("Widest wins against hard") == "Deutlichste Siege gegen „schwer“"


def test_the_title_claims_one_magnetic_duel_not_five(app, monkeypatch):
    for language in ("en", "de"):
        i18n.set_language(language)
        app.nav.title()
        texts = " ".join(drawn_texts(monkeypatch, app)).lower()
        assert "five magnetic" not in texts and "fünf magnetische" not in texts, texts
        assert "gauss" in texts
    i18n.set_language("en")


def finish(app, game_id, winner_index):
    """A game scene with a random game the ``winner_index``-th side won by a margin."""
    entry = catalogue.get(game_id)
    rules = entry.rules
    for seed in range(300):
        rng = random.Random(seed)
        state = rules.new(entry.builtin_level, seed=seed)
        moves = []
        while not state.over:
            moves.append(rules.random_move(state, rng))
            state = rules.play(state, moves[-1])[0]
        outcome = rules.outcome(state)
        scores = rules.scores(state)
        if outcome.winner == rules.players[winner_index] and len(set(scores.values())) == 2:
            app.nav.play(game_id, seed=seed)
            scene = app.stack.top
            scene.autosave = False
            for move in moves:
                scene.commit(move, animate=False)
            return scene, outcome, scores
    raise AssertionError("no such game")


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
@pytest.mark.parametrize("winner_index", [0, 1])
def test_a_result_says_the_winners_score_first(app, game_id, winner_index):
    """'Blue wins! Final score 9 to 8', never '8 to 9'."""
    scene, outcome, scores = finish(app, game_id, winner_index)
    margin = scene.result_parts(outcome)[0]
    numbers = [int(n) for n in re.findall(r"\d+", margin)]
    winner = outcome.winner
    loser = scene.other(winner)
    if game_id == "gauss":  # the final score, not the running one
        final = outcome.detail
        expected = [final[winner]["final"], final[loser]["final"]]
    elif game_id == "improbable":
        expected = [outcome.detail[winner]["length"], outcome.detail[loser]["length"]]
    else:
        expected = [scores[winner], scores[loser]]
    assert numbers == expected, (margin, expected)
