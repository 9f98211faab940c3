"""``python -m game.bench``: the benchmarks. The command keeps its name; the code lives in
:mod:`game.tools.bench`."""
import sys

from .tools.bench import main

if __name__ == "__main__":
    sys.exit(main())
