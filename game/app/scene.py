"""Scenes and the scene stack.

The top scene gets the actions and the updates; drawing starts at the highest
opaque scene so overlays (pause menu, prompts) draw over the scene below.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .input import Action

if TYPE_CHECKING:
    from .app import App


class Scene:
    opaque = True

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """The scene became the top of the stack (pushed, or uncovered by a pop)."""

    def exit(self) -> None:
        """The scene left the top of the stack (popped, replaced or covered)."""

    def handle(self, action: Action) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.top:
            self.top.exit()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.top:
            self.top.enter()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Clear the stack down to ``scene`` alone (back to the title, say)."""
        while self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def visible(self) -> list[Scene]:
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]
