"""How-to pages as data (``levels/howto/<game>.json``, ``game.howto``): every shipped file is
sound and drawn by the one how-to screen with its game's kit; a bad file is set aside with a
message, its screen says it cannot show its pages, and the game still plays."""
import copy
import json

import pytest
from driver import key, run

from game import catalogue, howto, i18n, levels
from game.rules.core import RulesError
from game.scenes.howto import HowToScene

DATA_GAMES = [g for g in catalogue.GAME_IDS if catalogue.get(g).diagrams]


def test_the_converted_games_read_their_pages_from_data():
    assert catalogue.get("gauss").diagrams and catalogue.get("rush").diagrams
    assert catalogue.get("corners").diagrams  # the sixth game adds its pages as data too
    for gid in DATA_GAMES:
        assert catalogue.get(gid).howto == "howto:HowToScene"
        assert howto.path_of(gid).is_file()


@pytest.mark.parametrize("game_id", DATA_GAMES)
def test_every_page_loads_its_positions_and_moves_from_the_rules(game_id):
    pages = howto.load(game_id)
    assert isinstance(pages, tuple) and pages, pages
    for page in pages:
        for d in page.diagrams:
            if d.move is not None and d.refused is None:  # the "after" is the rules', not the file's
                assert list(d.effects) == catalogue.game(game_id).play(d.state, d.move)[1]


@pytest.mark.parametrize("game_id", DATA_GAMES)
def test_every_page_is_drawn_with_the_kit_in_both_languages(app, game_id):
    for language in ("en", "de"):
        i18n.set_language(language)
        assert app.nav.howto(game_id)
        scene = app.stack.top
        assert isinstance(scene, HowToScene) and scene.kit is not None and scene.game_title
        for page in range(len(scene.pages)):
            scene.page = page
            scene.draw(app.screen)
        app.stack.pop()
    i18n.set_language("en")


def the_file(game_id: str) -> dict:
    return json.loads(howto.path_of(game_id).read_text(encoding="utf-8"))


def spoil_missing_title(data):
    del data["pages"][0]["title"]


def spoil_illegal_move(data):
    """Rush's first page: a stone on the point the white stone holds."""
    data["pages"][0]["diagrams"][0]["move"] = {"cell": [2, 2]}


def spoil_state(data):
    page = data["pages"][0]
    target = page if "state" in page else page["diagrams"][0]
    target["state"] = {"board": "not a board"}


def spoil_json(data):
    return "{not json"


@pytest.mark.parametrize("spoil", [spoil_missing_title, spoil_illegal_move, spoil_state, spoil_json])
def test_a_bad_how_to_file_is_set_aside_with_a_message_and_the_game_still_plays(app, tmp_path, monkeypatch,
                                                                                   spoil):
    game_id = "rush"
    data = copy.deepcopy(the_file(game_id))
    text = spoil(data)
    (tmp_path / f"{game_id}.json").write_text(text or json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(howto, "howto_dir", lambda game=None: tmp_path)
    levels.forget_problems()
    try:
        found = howto.load(game_id)
        assert isinstance(found, str) and "How-to file howto/rush.json" in found, found
        assert found in levels.problem_line()
        assert not (tmp_path / f"{game_id}.json").exists()  # set aside, never deleted
        assert list(tmp_path.glob(f"{game_id}.json.bad-*"))
        (tmp_path / f"{game_id}.json").write_text(text or json.dumps(data), encoding="utf-8")
        assert app.nav.howto(game_id)
        scene = app.stack.top
        assert len(scene.pages) == 1 and scene.pages[0][0] == "These pages cannot be shown"
        assert "How-to file" in scene.pages[0][1]
        scene.draw(app.screen)
        run(app, [key(__import__("pygame").K_RIGHT)])  # Done: the screen closes
        assert app.stack.top is not scene
        app.nav.play(game_id, seed=1)  # the game itself still plays
        run(app)
        assert app.stack.top.game_id == game_id
    finally:
        levels.forget_problems()


def test_what_is_wrong_is_said():
    data = the_file("rush")
    bad = copy.deepcopy(data)
    spoil_illegal_move(bad)
    with pytest.raises(RulesError, match="the move is illegal"):
        howto.parse(bad, "rush")
    bad = copy.deepcopy(data)
    spoil_state(bad)
    with pytest.raises(RulesError, match="the position does not load"):
        howto.parse(bad, "rush")
    bad = copy.deepcopy(data)
    spoil_missing_title(bad)
    with pytest.raises(RulesError, match="page 1: 'title' must be a string"):
        howto.parse(bad, "rush")
    bad = copy.deepcopy(data)
    refused = next(d for p in bad["pages"] for d in p.get("diagrams", []) if d.get("refused"))
    del refused["refused"]  # a refused move not said to be one
    with pytest.raises(RulesError, match="the move is illegal"):
        howto.parse(bad, "rush")
    bad = copy.deepcopy(data)
    bad["pages"][0]["aside"] = {"picture": "x"}
    with pytest.raises(RulesError, match="'aside' must be one of"):
        howto.parse(bad, "rush")


def test_the_how_to_words_reach_the_template():
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    words = {e["msgid"] for e in i18n.level_titles(root)}
    for page in howto.load("rush"):
        assert page.title in words and page.text in words
