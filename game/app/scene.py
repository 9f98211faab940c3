"""The scene stack: the top scene gets the actions and the updates; drawing starts
at the highest opaque scene, so overlays (pause menu, prompts) draw over the scene
below. What a scene is lives with the scenes: :mod:`game.scenes.base`.
"""
from __future__ import annotations

from ..scenes.base import Scene

__all__ = ["Scene", "SceneStack"]


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        #: counts pushes, pops and replacements: what is shown changed when it did
        self.version = 0

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.version += 1
        if self.top:
            self.top.exit()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        self.version += 1
        scene = self.scenes.pop()
        scene.exit()
        scene.closed()
        if self.top:
            self.top.enter()
        return scene

    def replace(self, scene: Scene) -> None:
        self.version += 1
        if self.scenes:
            gone = self.scenes.pop()
            gone.exit()
            gone.closed()
        self.scenes.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Clear the stack down to ``scene`` alone (back to the title, say)."""
        self.version += 1
        while self.scenes:
            gone = self.scenes.pop()
            gone.exit()
            gone.closed()
        self.scenes.append(scene)
        scene.enter()

    def visible(self) -> list[Scene]:
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]
