"""The scenes: title, game select, who plays, pause, result, how-to-play, demo, kiosk
cards, saves and replays, and one play scene per game.

Scenes never import the screens that lead to them: they go elsewhere through
``app.nav`` (:mod:`game.navigation`), and each game's scene and how-to pages are
named by its record (:mod:`game.catalogue`).
"""
