"""``python -m game.server``: the same as ``gauss-arcade-server``."""
import sys

from .cli import main

sys.exit(main())
