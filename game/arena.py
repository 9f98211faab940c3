"""``python -m game.arena``: the arena, AI against AI. The command keeps its name; the code lives in
:mod:`game.tools.arena`."""
import sys

from .tools.arena import main

if __name__ == "__main__":
    sys.exit(main())
