"""English and German: the template holds every marked message, every catalogue
translates every one of them with the same placeholders, and the language can be chosen
by the system or by the player while the game runs."""
from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game import i18n

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "game" / "locale"
PLACEHOLDER = re.compile(r"{(\w*)[^{}]*}")
SYSTEM_LANGUAGES = i18n.system_languages  # the fixtures pin the tests' own to English


def template_entries() -> dict[tuple[str | None, str], str | None]:
    entries = i18n.extract(i18n.sources(ROOT), ROOT) + i18n.level_titles(ROOT)
    return {(e["context"], e["msgid"]): e["plural"] for e in entries}


def test_the_template_is_up_to_date_with_the_code():
    """``python -m game.i18n extract`` was run after the last marked message changed."""
    committed = i18n.parse_po_ids((LOCALE / f"{i18n.DOMAIN}.pot").read_text(encoding="utf-8"))
    assert set(template_entries()) == committed - {(None, "")}


def test_there_are_several_hundred_messages():
    assert len(template_entries()) >= 400


@pytest.mark.parametrize("language", [code for code in i18n.available() if code != i18n.SOURCE])
def test_every_message_is_translated_with_the_same_placeholders(language):
    text = (LOCALE / f"{language}.po").read_text(encoding="utf-8")
    translated = i18n.parse_po(text)
    missing, wrong = [], []
    for key, plural in template_entries().items():
        found = translated.get(key)
        if found is None:
            missing.append(key)
            continue
        names = set(PLACEHOLDER.findall(key[1])) | set(PLACEHOLDER.findall(plural or ""))
        for form in found[1]:
            used = set(PLACEHOLDER.findall(form))
            # a plural's singular may say "one" instead of {n}; anything else is exact
            if (used != names) if plural is None else not used <= names:
                wrong.append((key, form))
        if plural is not None and len(found[1]) < 2:
            wrong.append((key, "needs its plural forms"))
    assert missing == [], f"{len(missing)} untranslated, e.g. {missing[:5]}"
    assert wrong == [], f"placeholders differ: {wrong[:5]}"


def test_a_translation_switches_live_and_back():
    if "de" not in i18n.available():
        pytest.skip("no German catalogue")
    assert i18n.set_language("de") == "de"
    assert i18n._("Undo") != "Undo"
    assert i18n.ngettext("{n} move", "{n} moves", 1) != i18n.ngettext("{n} move", "{n} moves", 2)
    assert i18n.set_language("en") == "en"
    assert i18n._("Undo") == "Undo"


def test_the_system_language_decides_unless_the_player_chose(monkeypatch):
    monkeypatch.setattr(i18n, "system_languages", lambda environ=None: ["fr", "de", "en"])
    offered = i18n.available()
    assert i18n.set_language("auto") == ("de" if "de" in offered else "en")
    assert i18n.set_language("en") == "en"
    assert i18n.set_language("xx") == ("de" if "de" in offered else "en")  # unknown: the system's


def test_the_environment_names_the_language_when_sdl_does_not():
    assert SYSTEM_LANGUAGES({"LANG": "de_DE.UTF-8"})[-1] == "de"
    assert SYSTEM_LANGUAGES({"LANGUAGE": "fr:de", "LANG": "C"})[-2:] == ["fr", "de"]
    assert "de" in SYSTEM_LANGUAGES({"LC_ALL": "de_AT.utf8"})


def test_a_broken_catalogue_shows_english_and_never_fails(tmp_path, monkeypatch, capsys):
    (tmp_path / "xx.po").write_text('msgid "Undo"\nmsgstr "broken\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "_locale_dir", lambda: tmp_path)
    assert "xx" in i18n.available()
    assert i18n.set_language("xx") == "xx"
    assert i18n._("Undo") == "Undo"
    assert "could not be read" in capsys.readouterr().err


def test_messages_are_whole_sentences_with_named_placeholders():
    """No positional ``{}`` (a translator could not reorder them) and no f-string or
    variable handed to a marker (xgettext cannot see it)."""
    bad = []
    for path in i18n.sources(ROOT):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in (
                    "_", "N_", "ngettext", "pgettext", "npgettext") and node.args:
                for arg in node.args[:3 if node.func.id != "ngettext" else 2]:
                    if isinstance(arg, ast.JoinedStr):
                        bad.append(f"{path.name}:{node.lineno} f-string")
                    elif isinstance(arg, ast.Constant) and isinstance(arg.value, str) and "{}" in arg.value:
                        bad.append(f"{path.name}:{node.lineno} positional {{}}")
    assert bad == []


@pytest.mark.skipif("de" not in i18n.available(), reason="no German catalogue")
def test_the_command_line_speaks_german():
    env = {**os.environ, "LANGUAGE": "de", "GAUSS_ARCADE_HOME": os.environ["GAUSS_ARCADE_HOME"]}
    out = subprocess.run([sys.executable, str(ROOT / "main.py"), "--help"], capture_output=True, text=True,
                         env=env, timeout=60)
    assert out.returncode == 0
    assert "Optionen" in out.stdout or "Aufruf" in out.stdout, out.stdout[:400]
    bad = subprocess.run([sys.executable, str(ROOT / "main.py"), "--game", "nope"], capture_output=True,
                         text=True, env=env, timeout=60)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
