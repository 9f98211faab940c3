"""``python -m game.engine``: the headless engine protocol. The command keeps its name; the code lives in
:mod:`game.protocol.engine`."""
import sys

from .protocol.engine import main

if __name__ == "__main__":
    sys.exit(main())
