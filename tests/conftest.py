import os
import sys
import tempfile
from pathlib import Path

import pytest

# Tests never open a window or a sound device.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Tests read English unless they choose a language: the machine's own locale does not decide.
os.environ["LANGUAGE"] = "en"
# Settings, autosaves and saves go to a throwaway folder, never the tester's own.
os.environ["GAUSS_ARCADE_HOME"] = tempfile.mkdtemp(prefix="gauss-arcade-test-")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

# The sixth game that lives in tests/ (tests/sixth/) is in the catalogue for the whole session,
# before any test module reads the games: every screen, test and tour runs on six games.
import sixth  # noqa: E402

sixth.register()


@pytest.fixture(autouse=True)
def own_user_folder(tmp_path, monkeypatch):
    """Each test starts with no settings, autosave or saves of an earlier test, in English."""
    monkeypatch.setenv("GAUSS_ARCADE_HOME", str(tmp_path / "user"))
    from game import i18n

    monkeypatch.setattr(i18n, "system_languages", lambda environ=None, sdl=True: ["en"])
    i18n.set_language("en")
    yield
    from game import palette
    from game.persistence import bindings

    palette.use("standard")  # a test that switched to high contrast leaves the next one the standard
    bindings.use()  # and one that changed the keys leaves the next one the defaults


@pytest.fixture
def app():
    """A started app with SDL's dummy drivers, shut down after the test."""
    from game.app.app import Options
    from game.navigation import make_app

    a = make_app(Options(headless=True))
    a.start()
    yield a
    a.shutdown()
