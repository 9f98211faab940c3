"""Games as plain-text records: export, import, and what a hostile record gets."""
import random

import pygame
import pytest
from driver import key, run

from game import catalogue
from game.content import records
from game.persistence import saves, storage
from game.rules.core import RulesError


def random_record(game_id, seed, finish=True, cap=10_000):
    entry = catalogue.get(game_id)
    rules = entry.rules
    state = rules.new(entry.builtin_level, seed=seed)
    rng = random.Random(seed)
    moves = []
    while not state.over and len(moves) < cap:
        move = rules.random_move(state, rng)
        moves.append(rules.move_json(move))
        state = rules.play(state, move)[0]
    return saves.Record(game_id, entry.builtin_level["name"], seed, None, moves,
                        seats={entry.players[0]: "human", entry.players[1]: "hard"})


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_record_comes_back_move_for_move(game_id, seed):
    record = random_record(game_id, seed)
    text = records.to_text(record.to_json())
    assert text.startswith(records.HEADER) and f"Game: {game_id}" in text
    back = saves.parse(records.from_text(text))
    assert (back.game, back.level, back.seed, back.moves, back.seats) == \
        (record.game, record.level, record.seed, record.moves, record.seats)


def test_a_record_reads_like_the_move_list():
    text = records.to_text(random_record("gauss", 3).to_json())
    lines = text.splitlines()
    assert "1. " in text and any(line.startswith("2. ") for line in lines)
    assert any(line.startswith("Result: ") for line in lines)
    first = next(line for line in lines if line.startswith("1. "))
    assert first.split(": ", 1)[1][0] in "RB"  # a disc: Re5, Bd4


@pytest.mark.parametrize("text, words", [
    ("Game: chess\nSeed: 1\n", "unknown game"),
    ("Game: gauss\n", "no seed"),
    ("Game: gauss\nSeed: x\n", "no seed"),
    ("Game: gauss\nSeed: 1\n\n1. red: Zz99\n", "line 4: Zz99 cannot be played"),
    ("Game: gauss\nSeed: 1\nSeat red: god\n", "seats"),
    ("Game: gauss\nSeed: 1\nnonsense\n", "line 3 is not 'Key: value'"),
    ("Game: gauss\nSeed: 1\nOptions: {bad\n", "options are not JSON"),
    ("Game: rush\nLevel: 7x7\nSeed: 1\n", "cannot be set up"),
    ("Game: gauss\nSeed: 1\n1. red: Re5\nstray words\n", "line 4 is neither"),
])
def test_a_bad_record_is_refused_with_the_reason_and_nothing_runs(text, words):
    with pytest.raises(RulesError) as err:
        saves.parse(records.from_text(text))
    assert words in str(err.value)


def test_whose_turn_is_checked_when_a_line_names_its_side():
    record = random_record("gauss", 4, cap=2)
    text = records.to_text(record.to_json())
    first = record.seats and text.split("1. ")[1].split(":")[0]
    other = next(p for p in catalogue.get("gauss").players if p != first)
    with pytest.raises(RulesError, match="turn"):
        records.from_text(text.replace(f"1. {first}:", f"1. {other}:"))


@pytest.mark.parametrize("content", [b"\xff\xfe\x00 not text", b"x" * (records.MAX_BYTES + 1)])
def test_a_hostile_record_file_is_listed_unusable_and_left_alone(content):
    folder = records.records_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "evil.txt").write_bytes(content)
    (folder / "fifo.txt").symlink_to("/dev/zero")
    listed = {e.name: e for e in saves.catalogue()}
    assert not listed["evil"].usable and listed["evil"].problem
    assert "fifo" not in listed  # not a regular file: never opened
    assert (folder / "evil.txt").read_bytes() == content  # left as it is


def test_export_from_the_load_screen_then_the_record_is_listed_and_replays(app):
    record = random_record("rush", 5)
    saves.save_as("Friday", record)
    app.nav.load_menu()
    load = app.stack.top
    run(app, [key(pygame.K_RETURN)])  # the save: what to do with it
    ask = app.stack.top
    labels = [item.label for item in ask.menu.items]
    assert "Export as text" in labels and "Review with the computer" in labels
    ask.menu.index = labels.index("Export as text")
    run(app, [key(pygame.K_RETURN)])
    assert app.stack.top is load and "records/Friday.txt" in load.message
    assert (storage.home() / "records" / "Friday.txt").is_file()
    names = [(e.name, e.text) for e in load.entries]
    assert ("Friday", False) in names and ("Friday", True) in names
    load.index = names.index(("Friday", True))
    run(app, [key(pygame.K_RETURN)])
    ask = app.stack.top
    labels = [item.label for item in ask.menu.items]
    assert "Export as text" not in labels
    ask.menu.index = labels.index("Replay")
    run(app, [key(pygame.K_RETURN)])
    replay = app.stack.top
    assert replay.total == len(record.moves) and replay.record.moves == record.moves


def test_a_sparks_record_with_the_old_surge_letter_reads_as_before():
    """Records exported before the Surge was written O (it was U, the Degausser's shape)."""
    text = ("# Gauss Arcade game record\nGame: sparks\nLevel: classic\nSeed: 1\n\n"
            "1. white: Ub1*e3\n2. black: Sb7-b6\n3. white: Oe3-e4\n")
    save = records.from_text(text)
    assert save["moves"] == [{"from": "b1", "to": "e3"}, {"from": "b7", "to": "b6"},
                             {"from": "e3", "to": "e4"}]
    assert "Ob1*e3" in records.to_text(save)
