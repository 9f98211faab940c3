"""The style guide's rule (docs/style.md, issue #30): one look per meaning, shared by every game.

The six marks (cursor, last move, selection, target, danger, focus) are each drawn by
``game.ui.marks`` alone, each in its own colour *and* its own shape (told apart with the
colour taken away); every kit draws its cursor, last move, selection, targets and danger
through it, and no kit's drawing of those meanings picks a colour of its own.
"""
from __future__ import annotations

import ast
import itertools
from pathlib import Path

import pygame
import pytest

from game import catalogue, palette
from game.ui import marks, theme
from game.ui.kits import gauss, improbable, order, rush, sparks

ROOT = Path(__file__).resolve().parent.parent
CELL = pygame.Rect(8, 8, 80, 80)


def drawn(mark: str) -> pygame.Surface:
    """One mark on a transparent 96x96 picture, on the cell ``CELL``."""
    surface = pygame.Surface((96, 96), pygame.SRCALPHA)
    {"cursor": lambda: marks.cursor(surface, CELL),
     "last move": lambda: marks.last(surface, CELL),
     "selection": lambda: marks.selection(surface, CELL),
     "target": lambda: marks.target(surface, CELL),
     "danger": lambda: marks.danger(surface, CELL),
     "focus": lambda: marks.focus(surface, CELL)}[mark]()
    return surface


NAMES = [name for name, _colour, _shape in marks.MEANINGS]


def shape(surface: pygame.Surface) -> pygame.mask.Mask:
    return pygame.mask.from_surface(surface, 40)  # a translucent fill is part of the shape


def overlap(a: pygame.mask.Mask, b: pygame.mask.Mask) -> float:
    """Intersection over union of two masks: 1 the same shape, 0 nothing in common."""
    both = a.overlap_area(b, (0, 0))
    return both / max(1, a.count() + b.count() - both)


def test_the_six_marks_are_told_apart_without_their_colours():
    assert len(NAMES) == 6
    masks = {name: shape(drawn(name)) for name in NAMES}
    assert all(m.count() > 40 for m in masks.values())
    for a, b in itertools.combinations(NAMES, 2):
        assert overlap(masks[a], masks[b]) < 0.4, f"{a} and {b} have nearly the same shape"


def test_the_shape_check_sees_two_marks_of_one_shape():
    """The probe: the same mark twice, or a mark moved by a pixel, counts as one shape."""
    assert overlap(shape(drawn("cursor")), shape(drawn("cursor"))) == 1.0
    moved = pygame.Surface((96, 96), pygame.SRCALPHA)
    marks.cursor(moved, CELL.move(1, 0))
    assert overlap(shape(drawn("cursor")), shape(moved)) > 0.4


def colours(surface: pygame.Surface) -> set[tuple[int, int, int]]:
    w, h = surface.get_size()
    return {tuple(surface.get_at((x, y)))[:3] for x in range(w) for y in range(h)
            if surface.get_at((x, y))[3] == 255}


@pytest.mark.parametrize("name,colour", [(n, c) for n, c, _s in marks.MEANINGS])
def test_each_mark_wears_its_own_colour_and_no_other_marks(name, colour):
    seen = colours(drawn(name))
    assert colour in seen
    others = {c for n, c, _s in marks.MEANINGS if c != colour}
    assert not seen & others, f"{name} is drawn in another mark's colour"


def test_the_last_move_has_a_colour_of_its_own():
    """No side, no other mark and no screen colour is the last move's."""
    screens = {palette.BG, palette.BG_PANEL, palette.BG_PANEL_HI, palette.INK, palette.INK_DIM,
               palette.INK_FAINT, palette.ACCENT, palette.GOOD, palette.BAD}
    sides = {c for t in palette.SIDES.values() for c in (t.body, t.dark, t.light)}
    for colour in (palette.LAST, palette.SELECT):
        assert colour not in screens | sides
    assert palette.LAST != palette.SELECT


# -- every kit draws the meanings through game.ui.marks -------------------------------------------

@pytest.fixture
def recorded(monkeypatch):
    """The marks each kit asks for, by name, instead of drawn."""
    calls: list[str] = []
    for name in ("cursor", "last", "selection", "target", "danger", "danger_area", "focus"):
        monkeypatch.setattr(marks, name, lambda *a, _n=name, **k: calls.append(_n))
    return calls


def test_gauss_draws_its_cursor_and_last_move_with_the_marks(recorded):
    from game.ui.kits.hexgrid import HexLayout
    surface = pygame.Surface((300, 300))
    lay = HexLayout.fit(4, surface.get_rect())
    gauss.draw_cursor(surface, lay, (0, 0), "red", True)
    gauss.draw_cursor(surface, lay, (1, 0), "red", False)
    gauss.draw_last_move(surface, lay, (0, 1))
    assert recorded == ["cursor", "cursor", "last"]


def test_rush_draws_its_cursor_last_move_targets_and_refusals_with_the_marks(recorded):
    surface = pygame.Surface((300, 300))
    g = rush.GridLayout(9, surface.get_rect())
    rush.draw_marks(surface, g, "black", [(1, 1)], [(2, 2)])
    rush.draw_last_marker(surface, g, (3, 3), "white", 0)
    rush.draw_cursor(surface, g, (4, 4), "place", palette.ACCENT, True, 0.0)
    rush.draw_cursor(surface, g, (4, 4), "again", palette.SIDES["black"].body, True, 0.0)
    assert recorded == ["target", "danger", "last", "cursor", "cursor"]


def test_sparks_draws_its_cursor_last_move_selection_targets_and_danger_with_the_marks(recorded):
    surface = pygame.Surface((400, 400))
    geo = sparks.BoardGeom(0, 0, 48)
    sparks.draw_cursor(surface, geo, "a1")
    sparks.draw_last_move(surface, geo, ("a2", "a3"))
    sparks.draw_selection(surface, geo, "b2")
    sparks.draw_doomed(surface, geo, ["c3"])
    assert recorded == ["cursor", "last", "last", "selection", "danger"]
    recorded.clear()
    sparks.mark_image.cache_clear()
    for kinds in ({"move"}, {"move", "conduct"}, {"move", "capture"}, {"move", "death"}):
        sparks.mark_image(frozenset(kinds), 47)
    assert recorded == ["target", "target", "target", "danger"]


def test_order_draws_its_cursor_last_stone_targets_selection_and_danger_with_the_marks(recorded):
    surface = pygame.Surface((900, 600))
    geom = order.FieldGeom(surface.get_rect(), 0.7)
    order.draw_targets(surface, geom, {2: True, 3: False}, True, "blue", 0.7)
    order.draw_last_stone(surface, geom, "brown", 5, 2, 0.7)
    order.draw_column_cursor(surface, geom, "blue", 6, 3, False, 0.7)
    order.draw_end_marks(surface, geom, "blue", [1, 2, 3], "left", {"left": True, "right": False}, True, 0.7)
    order.draw_working_row(surface, geom, "brown", [1, 1, 2], 0, 2, True, 0.7)
    assert recorded == ["target", "target", "last", "cursor", "danger", "selection", "cursor", "danger",
                        "danger_area", "selection", "cursor"]


def test_the_improbable_draws_its_focus_and_danger_with_the_marks(recorded):
    lay = improbable.Layout.of((1280, 720))
    surface = pygame.Surface(lay.size)
    improbable.draw_choice(surface, lay, lay.roll, "Roll", "Enter", True, True)
    improbable.draw_choice(surface, lay, lay.stop, "Stop", "Tab", False, True)
    improbable.draw_tray_label(surface, lay, "tray", 0.8)
    assert recorded == ["focus", "danger_area", "focus", "danger_area"]


# -- and picks no colour of its own for them ---------------------------------------------------------

#: the kits' functions that draw the six meanings (by name)
MEANING_WORDS = ("cursor", "last", "select", "target", "marks", "mark_image", "doomed", "working_row",
                 "choice", "tray_label")
OWN_COLOURS = {"ACCENT", "BAD", "GOOD"}


def own_colours(source: str) -> list[str]:
    """``function: colour`` for each meaning-drawing function of ``source`` that names a
    screen colour itself instead of leaving it to the marks."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef) and any(w in node.name for w in MEANING_WORDS):
            for sub in ast.walk(node):
                if isinstance(sub, ast.Attribute) and sub.attr in OWN_COLOURS:
                    found.append(f"{node.name}: {sub.attr}")
    return found


def kit_files() -> list[Path]:
    return [ROOT / "game" / "ui" / "kits" / f"{gid}.py" for gid in catalogue.GAME_IDS
            if (ROOT / "game" / "ui" / "kits" / f"{gid}.py").exists()]


def test_no_kit_colours_a_meaning_itself():
    files = kit_files()
    assert len(files) >= 5
    for path in files:
        assert own_colours(path.read_text(encoding="utf-8")) == [], path.name


def test_the_colour_check_catches_a_kit_that_picks_its_own():
    """The probe: the way the kits drew their cursors before the style guide."""
    old = ("def draw_cursor(surface, geo, square):\n"
           "    theme.outline(surface, theme.ACCENT, geo.rect(square), 3)\n"
           "def draw_board(surface):\n"
           "    pygame.draw.rect(surface, theme.ACCENT, (0, 0, 1, 1))\n")
    assert own_colours(old) == ["draw_cursor: ACCENT"]


def test_the_guide_has_a_picture_for_each_rule_and_links_each(tmp_path):
    from game.tools import stylebook
    written = stylebook.write(tmp_path)
    assert {p.stem for p in written} >= {"palette", "type", "marks", "panel"} | {
        f"marks-{gid}" for gid in catalogue.GAME_IDS if catalogue.get(gid).root is None}  # the shipped games
    assert all(pygame.image.load(str(p)).get_width() > 200 for p in written)
    guide = (ROOT / "docs" / "style.md").read_text(encoding="utf-8")
    for p in written:
        assert f"(style/{p.name})" in guide, f"docs/style.md does not show {p.name}"
        assert (ROOT / "docs" / "style" / p.name).is_file(), f"docs/style/{p.name} is not committed"


# -- where one colour has two kinds of a thing, the shape tells them apart (issue #33) --------------

def picture(draw) -> pygame.mask.Mask:
    """What ``draw`` makes bright (luminance over 100, opaque): the shape that stays when the
    colour is taken away; a dark rim or a dark inside is not part of it."""
    surface = pygame.Surface((120, 120), pygame.SRCALPHA)
    draw(surface)
    bright = pygame.mask.Mask((120, 120))
    for x in range(120):
        for y in range(120):
            c = surface.get_at((x, y))
            if c.a > 128 and 0.3 * c.r + 0.59 * c.g + 0.11 * c.b > 100:
                bright.set_at((x, y))
    return bright


def test_gauss_preview_and_right_and_wrong_are_told_apart_without_their_colours():
    """Attracted and repelled arrows, GAIN and RISK rings, a tick and a cross: in grey, each
    pair still differs (a solid arrow against a hollow, dashed one; a whole ring against a
    dashed one); the same kind drawn twice is one shape (the probe)."""
    arrow = {force: picture(lambda s, f=force: gauss.draw_force_arrow(s, f, (10, 60), (110, 60), 12))
             for force in ("attract", "repel")}
    ring = {risk: picture(lambda s, r=risk: gauss.draw_score_ring(s, (60, 60), 44, 10, r))
            for risk in (False, True)}
    verdict = {right: picture(lambda s, r=right: theme.draw_verdict(s, pygame.Rect(10, 10, 100, 100), r))
               for right in (True, False)}
    assert overlap(arrow["attract"], arrow["repel"]) < 0.6
    assert overlap(ring[False], ring[True]) < 0.7
    assert overlap(verdict[True], verdict[False]) < 0.4
    again = picture(lambda s: gauss.draw_force_arrow(s, "repel", (10, 60), (110, 60), 12))
    assert overlap(again, arrow["repel"]) == 1.0


def test_the_gauss_legend_names_shapes_not_colours():
    words = " ".join(text for row in gauss.LEGEND for text, _colour in row).lower()
    assert not {"green", "yellow", "red", "white"} & set(words.replace(":", " ").split())
    assert set(gauss.LEGEND_GLYPHS.values()) == {"attract", "repel", "gain", "risk"}


def test_a_verdict_on_the_status_line_comes_with_its_shape():
    """A puzzle's "Solved!" and "Not solved" (``judge(..., verdict=)``): a tick or a cross
    before the words, in GOOD or BAD; no verdict, no mark."""
    from game.ui import present

    def status(verdict):
        surface = pygame.Surface((400, 40))
        surface.fill(palette.BG)
        present.status_bar(surface, pygame.Rect(0, 0, 400, 40), "Solved!", palette.INK, "", 1.0,
                           verdict=verdict)
        return colours(surface)

    assert palette.GOOD in status(True) and palette.BAD not in status(True)
    assert palette.BAD in status(False) and palette.GOOD not in status(False)
    assert not {palette.GOOD, palette.BAD} & status(None)
