"""Strengths players can read (issue #28): ratings from the arena and the words "Who plays?"
says with them."""
from __future__ import annotations

import json

import pytest

from game import catalogue, i18n
from game.arcade import ratings
from game.tools import arena


def test_the_fit_gives_the_elo_of_a_known_score():
    # 75 % over many games is 400 * log10(3) = 190.8 Elo; the anchor is at 0
    fitted = ratings.fit([{"a": "random", "b": "x", "n": 4000, "score": 0.25}], prior=0)
    assert fitted["random"]["elo"] == 0 and fitted["x"]["elo"] == pytest.approx(190.8, abs=0.5)
    assert 0 < fitted["x"]["se"] < 10  # many games: a narrow error


def test_a_clean_sweep_gets_a_finite_rating_and_a_wide_error():
    fitted = ratings.fit([{"a": "random", "b": "hard", "n": 20, "score": 0.0},
                          {"a": "hard", "b": "uct@2", "n": 20, "score": 0.5}])
    assert 300 < fitted["hard"]["elo"] < 1200
    assert fitted["uct@2"]["elo"] == pytest.approx(fitted["hard"]["elo"], abs=1)
    assert fitted["hard"]["se"] > 100 and fitted["hard"]["games"] == 40


def test_the_schedule_connects_every_player_to_its_neighbours():
    pairs = ratings.schedule(list(ratings.PLAYERS), reach=3)
    assert ("random", "filler-rev") in pairs and ("hard", "uct@2") in pairs
    assert ("random", "hard") not in pairs
    seen = {p for pair in pairs for p in pair}
    assert seen == set(ratings.PLAYERS)


DATA = {"games": {"rush": {"ratings": {
    "random": {"elo": 0}, "filler": {"elo": 150}, "greedy": {"elo": 300}, "uct@0.1": {"elo": 500},
    "uct@0.5": {"elo": 800}, "uct@2": {"elo": 1000},
    "easy": {"elo": 420}, "medium": {"elo": 700}, "hard": {"elo": 1400}}}}}


def test_each_strength_is_said_by_what_it_beats_nine_times_in_ten():
    # hard 1400 beats uct@2 (1000) with 0.91 expected: the strongest yardstick at 9 in 10
    assert ratings.words("rush", "hard", DATA) == (
        "wins about 9 in 10 against a simple computer search (2 s a move)")
    # medium 700: 9 in 10 against greedy (300, 0.91), 3 in 4 not needed
    assert ratings.words("rush", "medium", DATA) == (
        "wins about 9 in 10 against someone who grabs whatever scores most at once")
    # easy 420: nothing at 9 in 10 but random (0 -> 0.92)
    assert ratings.words("rush", "easy", DATA) == "wins about 9 in 10 against someone who plays at random"
    assert ratings.words("gauss", "hard", DATA) == ""  # a game not rated: no words
    i18n.set_language("de")
    assert ratings.words("rush", "hard", DATA) not in ("", ratings.words.__doc__)
    assert "2 s" in ratings.words("rush", "hard", DATA)


def test_a_damaged_or_missing_file_says_nothing(tmp_path):
    bad = tmp_path / "strength.json"
    for text in ("", "[]", '{"games": 3}', "{not json", json.dumps({"games": {"rush": {"ratings": {
            "hard": {"elo": "high"}}}}})):
        bad.write_text(text)
        assert ratings.words("rush", "hard", ratings.load(bad)) == ""
    assert ratings.load(tmp_path / "missing.json") == {"games": {}}


def test_the_shipped_file_rates_every_game_and_every_strength():
    data = ratings.load()
    for game_id in catalogue.GAME_IDS:
        if game_id not in data["games"]:  # a game registered from outside (tests/sixth) is not rated
            assert catalogue.get(game_id).root is not None
            continue
        entry = data["games"][game_id]
        assert entry["command"].startswith("python -m game.")
        assert set(ratings.STRENGTHS) <= set(entry["ratings"])
        assert ratings.words(game_id, "hard"), game_id  # hard beats something, every game


def test_the_ladder_runs_the_schedule_and_writes_the_file(tmp_path, monkeypatch, capsys):
    played = []

    def fake_run(game_id, a, b, n, seed=1, time_scale=1.0, level_name=None, **_kw):
        played.append((a, b))
        order = list(ratings.PLAYERS)
        score = 0.8 if order.index(a) > order.index(b) else 0.2
        return {"a": a, "b": b, "n": n, "wins": 0, "losses": 0, "draws": 0, "score": score, "ci95": [0, 1]}
    monkeypatch.setattr(arena, "run", fake_run)
    out = tmp_path / "s.json"
    out.write_text(json.dumps({"games": {"rush": {"kept": True}}}))
    assert arena.main(["improbable", "--ladder", "-n", "4", "--out", str(out)]) == 0
    games = json.loads(out.read_text())["games"]
    assert games["rush"] == {"kept": True}  # the other games' ratings stay
    data = games["improbable"]
    assert "mirror" not in {p for pair in played for p in pair}  # The Improbable has no board mirror
    assert data["command"] == f"python -m game.arena improbable --ladder -n 4 --out {out}"
    elo = {p: r["elo"] for p, r in data["ratings"].items()}
    assert elo["uct@2"] > elo["hard"] > elo["medium"] > elo["easy"] > elo["random"] == 0
    assert "hard" in capsys.readouterr().out
    # a folder it cannot write: a sentence, not a traceback
    assert arena.main(["improbable", "--ladder", "-n", "1", "--out", str(tmp_path / "no" / "s.json")]) == 1
