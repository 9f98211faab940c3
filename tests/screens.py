"""A tour of every screen a player can reach, for tests that look at all of them (text
fitting its room, in every language) and for screenshots:

    python3 tests/screens.py de 800x600 /tmp/shots     # one PNG per screen

The tour lives in ``game.tools.gallery`` (``python -m game.gallery DIR`` writes every screen in
both languages at three sizes, with a page to see them side by side); ``tour(app)`` yields
each screen's name with the screen on top, drawn.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.tools.gallery import frames, play_on, tour  # noqa: E402

__all__ = ["frames", "play_on", "tour"]


def main(argv: list[str]) -> int:
    from game import i18n
    from game.app.app import Options
    from game.navigation import make_app

    language, size, out = argv[0], tuple(int(v) for v in argv[1].split("x")), Path(argv[2])
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("GAUSS_ARCADE_HOME", str(out / "home"))
    app = make_app(Options(headless=True, size=size))
    app.start()
    i18n.set_language(language)
    for name in tour(app, argv[3:] or None):
        pygame.image.save(app.screen, str(out / f"{language}_{size[0]}_{name}.png"))
    app.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
