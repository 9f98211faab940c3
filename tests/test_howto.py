"""How-to pages as data (``levels/howto/<game>.json``, ``game.content.howto``): every shipped file is
sound and drawn by the one how-to screen with its game's kit; a bad file is set aside with a
message, its screen says it cannot show its pages, and the game still plays."""
import copy
import json

import pytest
from driver import key, run

from game import catalogue, i18n
from game.content import howto, levels
from game.rules.core import RulesError
from game.scenes.menus.howto import HowToScene

GAMES = list(catalogue.GAME_IDS)


def diagrams_of(page: howto.Page) -> list[howto.Diagram]:
    """Every diagram of a page: its boards' and its asides' own."""
    return [*page.diagrams, *(a.diagram for a in page.asides if a.diagram is not None)]


def test_every_game_reads_its_pages_from_data():
    """No game draws its pages in code of its own: every record names a kit, every game has a
    how-to file, and the old per-game screens are gone."""
    from pathlib import Path

    assert "corners" in GAMES  # the sixth game adds its pages as data too
    for gid in GAMES:
        assert catalogue.get(gid).diagrams, gid
        assert howto.path_of(gid).is_file(), gid
        assert not hasattr(catalogue.get(gid), "howto")
    scenes = Path(__file__).resolve().parent.parent / "game" / "scenes"
    assert sorted(p.name for p in scenes.rglob("howto*.py")) == ["howto.py"]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_page_loads_its_positions_and_moves_from_the_rules(game_id):
    """Every position loads, every move of a line and every move shown is legal where it is
    played (a refused one is refused), every "after" and the marked legal moves are the rules'."""
    rules = catalogue.game(game_id)
    pages = howto.load(game_id)
    assert isinstance(pages, tuple) and pages, pages
    for page in pages:
        for d in diagrams_of(page):
            if d.move is not None:
                legal = rules.why_illegal(d.state, d.move) is None
                assert legal == (d.refused is None), (page.title, d.move)
            if d.move is not None and d.refused is None:  # the "after" is the rules', not the file's
                after, effects = rules.play(d.state, d.move)
                assert list(d.effects) == effects and d.after == after
            legal = rules.legal_moves(d.shown) if d.legal else []
            assert all(m in legal for m in d.legal), page.title


def test_each_kit_knows_what_its_pages_ask_of_it():
    from game.scenes.base import named_class

    for gid in GAMES:
        record = catalogue.get(gid)
        kit = named_class(record.diagrams)(record.rules)
        assert [kit.problem(page) for page in howto.load(gid)] == [None] * len(howto.load(gid)), gid


@pytest.mark.parametrize("game_id", GAMES)
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


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "de"])
def test_every_how_to_page_fits_its_window(monkeypatch, language, size):
    """The text-fit test's watch (``test_text_fit``) over every game's how-to pages: no label
    runs off the window or into another, in both languages, at the smallest and a large window."""
    from test_text_fit import Watch

    from game.app.app import Options
    from game.navigation import make_app

    watch = Watch(monkeypatch)
    app = make_app(Options(headless=True, size=size))
    app.start()
    i18n.set_language(language)
    problems: list[str] = []
    try:
        for gid in GAMES:
            assert app.nav.howto(gid)
            scene = app.stack.top
            for page in range(len(scene.pages)):
                scene.page = page
                watch.start(app.screen)
                scene.draw(app.screen)
                problems += watch.problems(f"howto-{gid}-{page + 1}")
            app.stack.pop()
    finally:
        app.shutdown()
        i18n.set_language("en")
    assert problems == [], "\n".join(problems[:40])


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


@pytest.mark.parametrize("game_id", [g for g in GAMES if catalogue.get(g).root is None])
def test_the_how_to_words_reach_the_template_and_are_translated(game_id):
    """Every word a shipped how-to file shows (titles, texts, captions, an aside's caption,
    note, lines, table and legend) is extracted for translation and has its German."""
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    words = {e["msgid"] for e in i18n.level_titles(root)}
    german = i18n.parse_po((root / "game" / "locale" / "de.po").read_text(encoding="utf-8"))
    shown = []
    for page in howto.load(game_id):
        shown += [page.title, page.text]
        shown += [line for d in diagrams_of(page) for line in d.caption or ()]
        for aside in page.asides:
            shown += [aside.caption, aside.note]
            if aside.kind == "lines":
                shown += aside.value
            elif aside.kind == "table":
                shown += [c for row in aside.value for c in row]
            elif aside.kind == "legend":
                shown += [w for row in aside.value for w in row[1:]]
    shown = [w for w in shown if w and not w[0].isdigit()]
    assert [w for w in shown if w not in words] == []
    assert [w for w in shown if (None, w) not in german] == []


def test_the_format_says_what_is_wrong_with_its_new_parts():
    """A line's illegal move, a legal filter that matches nothing, an unknown layout, a page
    laid out in a column with an aside, a bad legend row: each refused with its reason."""
    data = the_file("order")
    page = next(p for p in data["pages"] if any("line" in d for d in p.get("diagrams", [])))
    bad = copy.deepcopy(data)
    pick = next(p for p in bad["pages"] if p["title"] == page["title"])
    pick["diagrams"][0]["line"] = [{"end": "left", "column": 2}]  # a column that holds a brown 3
    with pytest.raises(RulesError, match="line move 1 is illegal"):
        howto.parse(bad, "order")
    bad = copy.deepcopy(data)
    pick = next(p for p in bad["pages"] if any("legal" in d for d in p.get("diagrams", [])))
    next(d for d in pick["diagrams"] if "legal" in d)["legal"] = {"end": "left", "column": 17}
    with pytest.raises(RulesError, match="no legal move matches"):
        howto.parse(bad, "order")
    bad = copy.deepcopy(data)
    bad["pages"][0]["layout"] = "diagonal"
    with pytest.raises(RulesError, match="'layout' must be one of"):
        howto.parse(bad, "order")
    bad = copy.deepcopy(data)
    bad["pages"][0]["aside"] = {"lines": ["a word"]}
    with pytest.raises(RulesError, match="has diagrams and no aside"):
        howto.parse(bad, "order")
    bad = copy.deepcopy(the_file("sparks"))
    bad["pages"][0]["aside"]["legend"][0] = [["WS"]]
    with pytest.raises(RulesError, match="a 'legend' is a list of rows"):
        howto.parse(bad, "sparks")


def test_a_page_its_kit_cannot_draw_is_not_shown_and_the_file_is_set_aside(app, tmp_path, monkeypatch):
    """An option, a picture or an icon the game's kit does not know: the screen says the pages
    cannot be shown (naming what), the file is set aside, and the game still plays."""
    data = the_file("order")
    board = next(d for p in data["pages"] for d in p.get("diagrams", []) if "options" in d)
    board["options"]["glitter"] = True
    (tmp_path / "order.json").write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(howto, "howto_dir", lambda game=None: tmp_path)
    levels.forget_problems()
    try:
        assert app.nav.howto("order")
        scene = app.stack.top
        assert scene.kit is None and len(scene.pages) == 1
        assert "the kit has no option 'glitter'" in scene.pages[0][1]
        assert list(tmp_path.glob("order.json.bad-*")) and "howto/order.json" in levels.problem_line()
        scene.draw(app.screen)
    finally:
        levels.forget_problems()
