"""Gauss Arcade: five two-player abstract games on one arcade shell.

Layers, data flowing one way:
``game.rules`` (pure Python) -> ``game.ai`` -> ``game.scenes`` -> ``game.app``.
"""
