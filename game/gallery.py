"""``python -m game.gallery DIR``: every screen as PNG and one page that shows them. The command
keeps its name; the code lives in :mod:`game.tools.gallery`."""
import sys

from .tools.gallery import main

if __name__ == "__main__":
    sys.exit(main())
