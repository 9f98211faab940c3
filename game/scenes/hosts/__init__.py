"""Screens that drive a play scene through its hosting interface (:mod:`game.scenes.play.hosting`):
the demo, the kiosk's watch, lessons, puzzles, replays, and the cards' live previews."""
