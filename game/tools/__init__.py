"""Developer tools, each a command: the arena (``python -m game.arena``), the benchmarks
(``python -m game.bench``), the gallery of screens, the puzzle finder and the style guide's
pictures. Nothing a player's game imports lives here."""
