"""The game in a real X server with no window manager, as a kiosk box started with
``xinit`` has it: fullscreen fills the display, and leaving it gives the window back.

Needs Xvfb and xwininfo (Debian's xvfb and x11-utils; ``.ci/run`` installs them); the
test is skipped without them. xdotool, when there, presses F11.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SIZE = (1600, 900)

pytestmark = pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xwininfo")),
                                reason="needs Xvfb and xwininfo")


@pytest.fixture
def bare_x():
    """A bare X server (no window manager); yields its DISPLAY."""
    server = subprocess.Popen(["Xvfb", "-displayfd", "1", "-screen", "0", f"{SIZE[0]}x{SIZE[1]}x24",
                               "-nolisten", "tcp"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        number = server.stdout.readline().decode().strip()
        assert number.isdigit(), "Xvfb did not start"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(10)


def geometry(display: str) -> tuple[int, int, int, int] | None:
    """The game window's (width, height, x, y), as the X server has it."""
    out = subprocess.run(["xwininfo", "-root", "-tree"], env={**os.environ, "DISPLAY": display},
                         capture_output=True, text=True, timeout=10).stdout
    for line in out.splitlines():
        if '"Gauss Arcade"' in line:
            found = re.search(r"(\d+)x(\d+)\+(-?\d+)\+(-?\d+)", line)
            if found:
                w, h, x, y = map(int, found.groups())
                return w, h, x, y
    return None


def wait_for(display: str, want, seconds: float = 30.0):
    seen = None
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        seen = geometry(display)
        if seen is not None and want(seen):
            return seen
        time.sleep(0.3)
    return seen


@pytest.mark.parametrize("option", ["--fullscreen", "--kiosk"])
def test_fullscreen_fills_a_display_without_a_window_manager(bare_x, tmp_path, option):
    env = {**os.environ, "DISPLAY": bare_x, "GAUSS_ARCADE_HOME": str(tmp_path / "home"),
           "SDL_AUDIODRIVER": "dummy"}
    env.pop("SDL_VIDEODRIVER", None)
    game = subprocess.Popen([sys.executable, str(ROOT / "main.py"), option, "--seconds", "40"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        full = (*SIZE, 0, 0)
        assert wait_for(bare_x, lambda g: g == full) == full, "fullscreen does not cover the display"
        if shutil.which("xdotool"):
            keys = ["xdotool", "mousemove", str(SIZE[0] // 2), str(SIZE[1] // 2), "key", "F11"]
            subprocess.run(keys, env=env, timeout=10)
            centred = (1280, 720, (SIZE[0] - 1280) // 2, (SIZE[1] - 720) // 2)
            window = wait_for(bare_x, lambda g: g == centred)  # its size first, then its place
            assert window == centred, f"the window is not back, centred: {window}"
            subprocess.run(keys, env=env, timeout=10)
            again = wait_for(bare_x, lambda g: g == full)
            assert again == full, "fullscreen again does not cover the display"
    finally:
        game.terminate()
        game.wait(20)
