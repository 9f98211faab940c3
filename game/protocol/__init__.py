"""The headless engine protocol (``python -m game.engine``, installed ``gauss-arcade-engine``):
every game in JSON lines on stdin and stdout, as docs/protocol.md specifies."""
