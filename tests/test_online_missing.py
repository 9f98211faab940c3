"""The game without the server extra: it starts, and "Play online" says what to install
instead of failing (the online client imports ``websockets`` only when a game connects)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

WITHOUT = """
import sys
for name in ("websockets", "starlette", "uvicorn"):
    sys.modules[name] = None  # as if not installed: importing it fails, find_spec says None
from game.app.app import Options
from game.navigation import make_app
from game.online import client
app = make_app(Options(headless=True))
app.start()
app.nav.online()
app.frame([], 1 / 60)
menu = app.stack.top
assert "gauss-arcade[server]" in menu.notice, menu.notice
assert [item.enabled for item in menu.menu.items][:3] == [False, False, False]
game = client.OnlineGame("http://127.0.0.1:9", secret="s" * 32).start()
assert "gauss-arcade[server]" in game.poll()[0].words
app.shutdown()
assert not any(sys.modules.get(n) for n in ("websockets", "starlette", "uvicorn"))
print("ok")
"""


def test_without_the_server_extra_the_game_starts_and_says_what_to_install(tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "GAUSS_ARCADE_HOME": str(tmp_path / "home"), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", WITHOUT], capture_output=True, text=True, cwd=ROOT, env=env,
                          timeout=120)
    assert done.returncode == 0 and done.stdout.strip().endswith("ok"), done.stderr[-2000:]
