"""Every character the program can draw is in the font that draws it.

A character the font lacks is drawn as nothing (or a box) without any error: a check mark,
an arrow, a play triangle went missing that way. What can be drawn: every message of every
catalogue (English and each translation), every string written in the code (docstrings
and comments aside: the button glyphs, the keys' and pads' names, the notation's signs),
and every text of the shipped levels, puzzles and lessons. All of it is drawn in the Play
font, regular or bold (``theme.font``).
"""
import ast
import json
from pathlib import Path

import pygame.freetype
import pytest

from game import i18n
from game.ui import theme

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def fonts():
    pygame.freetype.init()
    return {name: pygame.freetype.Font(str(theme.FONT_DIR / name), 24) for name in theme.FONT_FILES.values()}


def missing(text: str, font) -> set[str]:
    """The characters of ``text`` that ``font`` has no glyph for (white space aside)."""
    return {ch for ch in set(text)
            if not ch.isspace() and ch.isprintable() and font.get_metrics(ch)[0] is None}


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of a module, its classes and functions."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def code_strings() -> list[tuple[str, str]]:
    """Every string constant of the game's code (docstrings aside), with where it is."""
    found = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
                found.append((f"{path.relative_to(ROOT)}:{node.lineno}", node.value))
    return found


def catalogue_strings() -> list[tuple[str, str]]:
    found = []
    for path in sorted((ROOT / "game" / "locale").glob("*.po*")):
        entries = i18n.parse_po(path.read_text(encoding="utf-8"), untranslated=True)
        for (_context, msgid), (plural, forms) in entries.items():
            for k, text in enumerate([msgid, plural or "", *forms]):
                found.append((f"{path.name}: {msgid[:40]!r} ({k})", text))
    return found


def data_strings() -> list[tuple[str, str]]:
    found = []

    def walk(value, where):
        if isinstance(value, str):
            found.append((where, value))
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(item, f"{where}.{key}")
        elif isinstance(value, list):
            for k, item in enumerate(value):
                walk(item, f"{where}[{k}]")

    for path in sorted((ROOT / "levels").rglob("*.json")):
        walk(json.loads(path.read_text(encoding="utf-8")), str(path.relative_to(ROOT)))
    return found


def test_the_check_finds_a_missing_glyph_and_passes_the_letters(fonts):
    """A probe: the check mark the lists used to draw is not in Play; umlauts and German
    quotes are."""
    for font in fonts.values():
        assert missing("✓ done", font) == {"✓"}
        assert missing("Größte Siege gegen „schwer“ · × † —", font) == set()


@pytest.mark.parametrize("source", [catalogue_strings, code_strings, data_strings])
def test_every_character_the_program_can_draw_is_in_its_font(fonts, source):
    bad = {f"{where}: {''.join(sorted(chars))}"
           for where, text in source() for font in fonts.values()
           if (chars := missing(text, font))}
    assert not bad, sorted(bad)[:20]
