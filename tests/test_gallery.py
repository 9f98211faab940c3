"""python -m game.gallery: every screen as PNG and one page that shows them (issue #30)."""
from __future__ import annotations

import os
import re

import pytest

from game.tools import gallery


def test_the_gallery_writes_every_screen_and_a_page_that_shows_each(tmp_path):
    home = os.environ["GAUSS_ARCADE_HOME"]
    out = tmp_path / "gallery"
    readme = tmp_path / "shots"
    assert gallery.main([str(out), "--languages", "de", "--sizes", "800x600", "--games", "rush",
                         "--readme", str(readme)]) == 0
    page = (out / "index.html").read_text(encoding="utf-8")
    shown = re.findall(r'<img loading="lazy" src="([^"]+)"', page)
    assert len(shown) > 30
    assert all((out / src).is_file() for src in shown)
    # both the language asked for and the README's English at 1280x720, side by side
    assert {src.split("/")[0] for src in shown} == {"de", "en"}
    assert {src.split("/")[1] for src in shown} == {"800x600", "1280x720"}
    for name in ("title", "select-rush", "play-rush-middle", "play-rush-details", "play-rush-end",
                 "hall-of-fame", "ladder"):
        assert f"de/800x600/{name}.png" in shown, name
    assert (readme / "rush.png").read_bytes() == (out / "en/1280x720/showcase-rush.png").read_bytes()
    # its games, ladder and hall of fame stay in a throwaway home, not the player's
    assert os.environ["GAUSS_ARCADE_HOME"] == home
    assert not os.path.exists(os.path.join(home, "fame.json"))


def test_a_bad_size_is_a_sentence_not_a_traceback(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_:
        gallery.main([str(tmp_path), "--sizes", "big"])
    assert exit_.value.code == 2
    assert "WIDTHxHEIGHT" in capsys.readouterr().err


def test_an_unwritable_folder_is_a_sentence(tmp_path, capsys):
    blocked = tmp_path / "file"
    blocked.write_text("x")
    assert gallery.main([str(blocked / "out"), "--languages", "en", "--sizes", "800x600"]) == 1
    assert "cannot write" in capsys.readouterr().err
