"""One play scene per game: a :class:`~game.scenes.play.PlayScene` with the game's own input
(actions to moves) and drawing (its kit); the catalogue names each game's."""
