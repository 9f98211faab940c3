"""Shipping: the package installs under the project's own name with its levels, its
commands exist, the start is quiet without a sound card, and no document points outside
the repository."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game import catalogue

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

ROOT = Path(__file__).resolve().parent.parent


def test_the_package_is_declared_under_the_projects_own_name():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["build-system"]["build-backend"] == "setuptools.build_meta"
    assert project["project"]["dependencies"] == ["pygame-ce>=2.5,<3"]  # playing needs only this
    assert project["project"]["gui-scripts"] == {"gauss-arcade": "gauss_arcade.cli:main"}
    assert project["project"]["scripts"] == {"gauss-arcade-engine": "gauss_arcade.engine:main",
                                             "gauss-arcade-server": "gauss_arcade.server.cli:main",
                                             "gauss-arcade-text": "gauss_arcade.cli:text_main"}
    # the server's packages are an extra: the game installs and runs without them
    assert {"starlette", "uvicorn", "websockets"} <= {re.split(r"[<>=!~ ;]", p)[0] for p in
                                                       project["project"]["optional-dependencies"]["server"]}
    tool = project["tool"]["setuptools"]
    assert all(p == "gauss_arcade" or p.startswith("gauss_arcade.") for p in tool["packages"])
    # every package under game/, nested ones too (a forgotten one is missing from the wheel)
    packages = {".".join(init.parent.relative_to(ROOT / "game").parts)
                for init in (ROOT / "game").rglob("__init__.py")}
    assert {f"gauss_arcade.{p}" for p in packages if p} <= set(tool["packages"])  # none forgotten
    assert tool["package-dir"] == {"gauss_arcade": "game", "gauss_arcade.levels": "levels",
                                   "gauss_arcade.assets": "assets"}
    assert "gauss_arcade.assets" in tool["packages"]  # the font ships...
    assert "fonts/*.ttf" in tool["package-data"]["gauss_arcade.assets"]  # ...with its files
    assert "puzzles/*/*.json" in tool["package-data"]["gauss_arcade.levels"]  # and the puzzles
    assert "locale/*.po" in tool["package-data"]["gauss_arcade"]  # the translations ship


def test_levels_are_found_from_the_package_not_the_working_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    from game.content import levels

    assert levels.shipped_levels() == ROOT / "levels"
    assert levels.load("rush", "13x13")["size"] == 13


def test_the_shipped_font_is_used_and_its_licence_is_beside_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    import pygame

    from game.ui import theme

    assert theme.shipped_assets() == ROOT / "assets"
    for name in theme.FONT_FILES.values():
        assert (theme.FONT_DIR / name).is_file()
    assert "SIL OPEN FONT LICENSE Version 1.1" in (theme.FONT_DIR / "OFL.txt").read_text()
    pygame.font.init()
    theme.forget_fonts()
    assert theme.font(40).get_height() == pygame.font.Font(theme.FONT_DIR / "Play-Regular.ttf",
                                                          theme.px(40)).get_height()
    assert theme.font(4).point_size == theme.MIN_PX  # no label below the smallest readable size


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ALSA is Linux's")
def test_a_start_without_a_sound_card_says_so_in_one_line(tmp_path):
    env = {**os.environ, "GAUSS_ARCADE_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "alsa", "AUDIODEV": "hw:99"}  # a device that is not there
    done = subprocess.run([sys.executable, "main.py", "--seconds", "0.5"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    assert "ALSA lib" not in done.stderr and "pygame-ce" not in done.stdout
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) <= 1 and all("Sound is off" in line for line in lines)


def test_no_document_points_outside_the_repository():
    """A clone has no specification files of its own beside it: the docs, the code's
    docstrings and the tests name the repository's own docs (docs/rules, docs/protocol.md)."""
    docs = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    code = [p for folder in ("game", "tests") for p in sorted((ROOT / folder).rglob("*.py"))
            if p.name != "test_shipping.py"]
    for path in code:
        text = path.read_text(encoding="utf-8")
        assert "../shared" not in text and "RULINGS" not in text and "PROTOCOL.md" not in text, path
    for path in docs:
        text = path.read_text(encoding="utf-8")
        assert "../shared" not in text and "RULINGS.md" not in text and "PROTOCOL.md" not in text, path
        assert not re.search(r"https?://", text), f"{path.name} links outside the repository"


def test_every_document_the_readme_names_is_there():
    named = set(re.findall(r"`(docs/[\w/<>.-]+\.md)`", (ROOT / "README.md").read_text(encoding="utf-8")))
    assert "docs/protocol.md" in named
    for path in named:
        if "<game>" in path:  # every game has one (a game from outside in its own folder)
            assert all(((catalogue.get(g).root or ROOT) / path.replace("<game>", g)).exists()
                       for g in catalogue.GAME_IDS), path
        else:
            assert (ROOT / path).exists(), path
