"""Lessons: every course's steps are sound, every rule of a game with a course is taught,
and a course is played through on the game's own board."""
import random
import re
from pathlib import Path

import pygame
import pytest
from driver import key, run, settle, to_card

from game import catalogue
from game.content import lessons
from game.scenes.hosts.lesson import LessonListScene, LessonScene, done_steps

ROOT = Path(__file__).resolve().parent.parent
#: the games whose course is still to be written (a new course moves its game out of here)
COURSES_TO_COME: set[str] = set()


def rules_of(game_id: str) -> list[str]:
    """The rules of ``docs/rules/<game>.md``: the bold words that open a paragraph, a list
    item or a numbered step of its "The rules" section."""
    folder = catalogue.get(game_id).root or ROOT  # a game from outside keeps its rules with it
    text = (folder / "docs" / "rules" / f"{game_id}.md").read_text(encoding="utf-8")
    section = text.split("## The rules", 1)[1].split("\n## ", 1)[0]
    found, before = [], ""
    for line in section.splitlines():
        item = re.match(r"^\s*(?:\d+\.|-)\s+\*\*([^*]+?)\*\*", line)  # a list item or a step
        para = re.match(r"^\*\*([^*]+?)\*\*", line) if not before.strip() else None  # a paragraph
        if item or para:
            found.append((item or para).group(1).rstrip("."))
        before = line
    return found


def test_the_games_with_a_course_are_known():
    assert set(lessons.games_with_lessons()) == set(catalogue.GAME_IDS) - COURSES_TO_COME


@pytest.mark.parametrize("game_id", lessons.games_with_lessons())
def test_every_rule_is_taught_by_a_step_and_every_step_names_real_rules(game_id):
    course = lessons.load(game_id)
    rules = rules_of(game_id)
    assert len(rules) >= 4
    taught = {rule: [n + 1 for n, step in enumerate(course.steps) if rule in step.rules] for rule in rules}
    assert [r for r, steps in taught.items() if not steps] == [], taught
    named = {rule for step in course.steps for rule in step.rules}
    assert named <= set(rules), named - set(rules)


@pytest.mark.parametrize("game_id", lessons.games_with_lessons())
def test_every_steps_goal_is_reached_by_some_move_and_missed_by_another(game_id):
    for n, step in enumerate(lessons.load(game_id).steps, 1):
        rules, state = step.start(game_id)
        moves = lessons.candidates(rules, state, random.Random(n))
        hits = [lessons.reaches(step.goal, rules.play(state, m)[1]) for m in moves]
        assert any(hits), f"step {n}: no move reaches {step.goal}"
        if not step.every:
            assert not all(hits), f"step {n}: every move reaches {step.goal}: nothing to choose"


@pytest.mark.parametrize("game_id", lessons.games_with_lessons())
def test_a_course_is_played_through_with_the_keys_a_wrong_move_answered(app, game_id):
    to_card(app, "Lessons")
    run(app, [key(pygame.K_RETURN)])
    ask = app.stack.top
    ask.menu.index = [i.label for i in ask.menu.items].index(catalogue.get(game_id).title)
    run(app, [key(pygame.K_RETURN)])
    listing = app.stack.top
    assert isinstance(listing, LessonListScene)
    run(app, [key(pygame.K_RETURN)])
    scene = app.stack.top
    assert isinstance(scene, LessonScene) and scene.index == 0
    course = scene.course
    for n, step in enumerate(course.steps):
        board = scene.game
        rules = board.rules
        moves = lessons.candidates(rules, board.state, random.Random(n))
        hits = {m: lessons.reaches(step.goal, rules.play(board.state, m)[1]) for m in moves}
        right = next(m for m in moves if hits[m])
        wrong = next((m for m in moves if not hits[m]), None)
        if wrong is not None:
            assert board.try_play(wrong)
            settle(app, board)
            run(app, [], frames=3)
            assert scene.phase == "wrong"
            run(app, [], frames=int(scene.WRONG_SECONDS * 60) + 30)
            assert scene.phase == "try" and board.history == []  # the position came back
        assert board.try_play(right)
        settle(app, board)
        run(app, [], frames=3)
        assert scene.phase == "right", f"step {n + 1}"
        run(app, [key(pygame.K_RETURN)])
    assert app.stack.top is listing  # the last step done: back to the course
    assert sorted(done_steps()[game_id]) == list(range(len(course.steps)))
    assert all(item.ticked for item in listing.menu.items)


def test_the_how_to_pages_and_the_pause_menu_open_the_course(app):
    app.nav.howto("gauss")
    howto = app.stack.top
    run(app, [], frames=2)
    assert "lessons" in howto.nav
    run(app, [key(pygame.K_TAB)])
    assert isinstance(app.stack.top, LessonListScene)
    app.start_game("gauss", seed=3)
    game = app.stack.top
    run(app, [key(pygame.K_ESCAPE)])
    pause = app.stack.top
    labels = [i.label for i in pause.menu.items]
    pause.menu.index = labels.index("Lessons")
    run(app, [key(pygame.K_RETURN)])
    assert isinstance(app.stack.top, LessonListScene) and app.stack.top.game_id == game.game_id


@pytest.mark.parametrize("content", [b"\x00\xff not json", b'{"format": 1, "done": {"gauss": "all"}}', b"[]",
                                     b'{"format": 7}'])
def test_a_damaged_progress_file_counts_as_nothing_done_and_is_written_anew(content):
    from game.persistence import storage
    from game.scenes.hosts.lesson import PROGRESS, mark_done

    storage.home().mkdir(parents=True, exist_ok=True)
    (storage.home() / PROGRESS).write_bytes(content)
    assert done_steps().get("gauss", []) == []
    mark_done("gauss", 2)
    assert done_steps()["gauss"] == [2]


@pytest.mark.parametrize("content", ['{"format": 1, "game": "gauss", "title": "x", "steps": [{"rules": []}]}',
                                     "not json", '{"format": 1, "game": "chess", "title": "x", "steps": []}'])
def test_a_broken_course_file_is_left_out_with_a_message_not_a_crash(tmp_path, monkeypatch, caplog, content):
    (tmp_path / "gauss.json").write_text(content, encoding="utf-8")
    monkeypatch.setattr(lessons, "lessons_dir", lambda game=None: tmp_path)
    assert lessons.load("gauss") is None and "cannot be used" in caplog.text
    assert "gauss" not in lessons.games_with_lessons()
