"""The move list, and what "move 12" means: the same everywhere a move is numbered.

A side's turns stay in that side's column however long a turn is; a move's number is the
number of its turn in the list, and the resume rows, the text record, the replay and the
review count the same way.
"""
import random

import pygame
import pytest

from game import catalogue
from game.content import records
from game.scenes.hosts.replay import ReplayScene
from game.ui import theme


def played(app, game_id, seed, until=None):
    """A game scene with a random game of ``game_id`` played (to the end, or until
    ``until(scene)``), shown at once."""
    app.nav.play(game_id, seed=seed)
    scene = app.stack.top
    scene.autosave = False
    rng = random.Random(seed)
    while not scene.state.over and not (until and until(scene)):
        scene.commit(scene.rules.random_move(scene.state, rng), animate=False)
    return scene


def drawn_list(monkeypatch, scene, size=(800, 600)):
    """The texts the move list draws on a panel of the window ``size``: (text, x, ink)."""
    drawn = []
    real = theme.draw_text

    def spy(surface, text, pos, size_, color=theme.INK, *args, **kwargs):
        drawn.append((text, round(pos[0]), tuple(color)))
        return real(surface, text, pos, size_, color, *args, **kwargs)

    s = theme.scale_of(pygame.Surface(size))
    img = pygame.Surface((int(size[0] * 0.3), size[1]))
    monkeypatch.setattr(theme, "draw_text", spy)
    scene.draw_move_list(img, int(20 * s), int(40 * s), img.get_width() - int(40 * s), size[1] - 60 * s, s)
    monkeypatch.setattr(theme, "draw_text", real)
    return drawn


def long_turn(scene):
    """A turn wider than its column of the list at 800×600 was played (it wraps: six Rush
    placements, four rolls or stones), and two turns after it."""
    s = theme.scale_of(pygame.Surface((800, 600)))
    width = int(800 * 0.3) - int(40 * s)  # the list's width in ``drawn_list``
    font = theme.font(max(12, int(21 * s)))
    column = width / 2 - font.size("999. ")[0] - 6 * s  # a turn's room, as the list lays it out
    return any(font.size(" ".join(texts))[0] > column for _player, texts in scene.turns()[:-2])


def several_moves_a_turn(game_id: str) -> bool:
    """Whether a turn of the game can be several moves (placing again, rolling on): seen in
    a few random games."""
    record = catalogue.get(game_id)
    rules, rng = record.rules, random.Random(1)
    for seed in range(20):
        state = rules.new(record.builtin_level, seed=seed)
        while not state.over:
            state = rules.play(state, rules.random_move(state, rng))[0]
            if not state.over and rules.mid_turn(state):
                return True
    return False


@pytest.mark.parametrize("game_id", [g for g in catalogue.GAME_IDS if several_moves_a_turn(g)])
def test_a_sides_turns_stay_in_its_column_however_long_a_turn_is(app, monkeypatch, game_id):
    for seed in range(40):
        scene = played(app, game_id, seed, until=long_turn)
        if long_turn(scene):
            break
    else:
        raise AssertionError("no long turn")
    inks = {scene.side_ink(p): p for p in scene.rules.players}
    columns: dict[str, set[int]] = {p: set() for p in scene.rules.players}
    for text, x, ink in drawn_list(monkeypatch, scene):
        if ink in inks and text.strip():
            columns[inks[ink]].add(x)
    first = scene.turns()[0][0]
    second = scene.other(first)
    assert len(columns[first]) == 1 and len(columns[second]) == 1, columns
    assert min(columns[first]) < min(columns[second])  # the side that began on the left


def test_gauss_colours_a_move_by_its_disc_and_heads_each_column_with_its_player(app, monkeypatch):
    """Either player may place either colour: 'Bd4' is a blue disc, drawn blue, in the
    column of the player who placed it."""
    app.settings.panel_details = True  # the whole list: the move looked for may be an early one
    for seed in range(40):
        scene = played(app, "gauss", seed, until=lambda sc: len(sc.history) >= 8)
        other_colour = [(b.to_move, t) for b, _m, t in scene.history if t[0] != b.to_move[0].upper()]
        if other_colour:
            break
    player, text = other_colour[0]
    drawn = drawn_list(monkeypatch, scene)
    disc = "red" if text.startswith("R") else "blue"
    inks = [ink for t, _x, ink in drawn if t == text.split()[0] or t == text]
    assert inks and all(ink == scene.side_ink(disc) for ink in inks), (text, inks)
    names = [(t, x) for t, x, _ink in drawn if t in (scene.side_name("red"), scene.side_name("blue"))]
    assert len(names) == 2  # each column is headed by its player
    column_x = dict(names)[scene.side_name(player)]
    assert any(t in (text, text.split()[0]) and x == column_x for t, x, _ink in drawn)


def test_a_moves_number_is_its_turns_number_everywhere(app, monkeypatch):
    """A Rush game, whose turns are often several placements: the last number of the move
    list, the resume row's number, the text record's last line and the replay's count agree."""
    scene = played(app, "rush", 3, until=lambda sc: len(sc.history) >= 30)
    turns = scene.rules.turns((b, t) for b, _m, t in scene.history)
    assert len(turns) < len(scene.history)  # turns of several placements: plies and turns differ
    numbers = [int(t.rstrip(".")) for t, _x, _ink in drawn_list(monkeypatch, scene, (1920, 1080))
               if t.rstrip(".").strip().isdigit()]
    assert numbers[-1] == len(turns)
    record = scene.record()
    assert record.move_number() == len(turns)
    text = records.to_text(record.to_json())
    assert text.rstrip().splitlines()[-1].startswith(f"{len(turns)}. ")
    app.nav.replay(record)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    replay.end()
    assert replay.move_number() == len(turns) and replay.total_moves == len(turns)
    replay.goto(len(scene.history) - len(turns[-1][1]))  # before the last turn
    assert replay.move_number() == len(turns) - 1


def test_turn_numbers_join_a_turn_of_several_moves():
    rules = catalogue.get("rush").rules
    rng = random.Random(1)
    state = rules.new(catalogue.get("rush").builtin_level, seed=1)
    befores = []
    while not state.over:
        befores.append(state)
        state = rules.play(state, rules.random_move(state, rng))[0]
    numbers = rules.turn_numbers(befores)
    turns = rules.turns((b, "x") for b in befores)
    assert numbers[0] == 1 and numbers[-1] == len(turns)
    assert [numbers.count(n) for n in range(1, len(turns) + 1)] == [len(t[1]) for t in turns]
