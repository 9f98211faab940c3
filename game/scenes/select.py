"""Game select: every game of the catalogue, each with its level."""
from __future__ import annotations

import pygame

from .. import catalogue, i18n, levels
from ..i18n import _
from ..ui import theme
from ..ui.actions import ALTERNATE, BACK, CONFIRM, DOWN, LEFT, MENU, RIGHT, UP, Action
from .base import BackButton, Scene


class SelectScene(Scene):
    moves_by_itself = False

    def __init__(self, app, game_id: str | None = None) -> None:
        super().__init__(app)
        self.games = list(catalogue.GAME_IDS)
        self.index = self.games.index(game_id) if game_id in self.games else 0
        self.level_names = {g: levels.names(g) for g in self.games}
        self.titles: dict[tuple[str, str], str] = {}  # (game, level name) -> its English title
        self.level_index = dict.fromkeys(self.games, 0)
        self.rows: list[tuple[pygame.Rect, pygame.Rect, pygame.Rect]] = []
        self.message = levels.problem_line()  # level files that were bad and set aside, if any
        self.back = BackButton()
        # the board chosen for each game stays chosen while the game runs (back from a game too)
        self.chosen = app.chosen_levels
        for g, name in self.chosen.items():
            if g in self.level_names and name in self.level_names[g]:
                self.level_index[g] = self.level_names[g].index(name)

    def level_of(self, game_id: str) -> str | None:
        names = self.level_names[game_id]
        return names[self.level_index[game_id]] if names else None

    def level_label(self, game_id: str) -> str:
        """The chosen board as a player reads it: its title, in the current language."""
        name = self.level_of(game_id)
        if name is None:
            return ""
        if (game_id, name) not in self.titles:  # read once, not at every draw
            try:
                title = levels.load(game_id, name).get("title", name)
            except Exception:  # noqa: BLE001 - a file gone bad since the list was made: its name
                title = name
            self.titles[(game_id, name)] = title if isinstance(title, str) else name
        return _(self.titles[(game_id, name)])

    def start(self, i: int) -> None:
        game_id = self.games[i]
        self.app.nav.setup(game_id, self.level_of(game_id))

    def remember_level(self, game_id: str) -> None:
        name = self.level_of(game_id)
        if name is not None:
            self.chosen[game_id] = name

    def cycle_level(self, i: int, delta: int) -> None:
        game_id = self.games[i]
        names = self.level_names[game_id]
        if names:
            self.level_index[game_id] = (self.level_index[game_id] + delta) % len(names)
            self.remember_level(game_id)

    def howto(self, i: int) -> None:
        if not self.app.nav.howto(self.games[i]):
            self.message = _("No rules screen for that game yet.")

    @staticmethod
    def row_heights(lines: list[int], room: float, step: float, s: float) -> list[int]:
        """Each game's row height (its gap below included): the rows share the height there
        is (not a fixed height that left half the screen empty while each description was
        cut to one line), each first getting what its title, buttons and description need
        (a short description takes less, so a long one elsewhere keeps its lines), the rest
        shared alike, up to 150 a row at the design size; where even the needs do not fit,
        in proportion to them."""
        need = [max(96 * s, 50 * s + n * step + 8 * s + 12 * s + 1) for n in lines]
        total = sum(need)
        if total > room:
            return [int(n * room / total) for n in need]
        spare = (room - total) / len(need)
        return [int(min(max(n, 150 * s), n + spare)) for n in need]

    def handle(self, action: Action) -> None:
        if self.back.clicked(action):
            self.app.stack.pop()
            return
        if action.pos is not None:
            for i, (row, level_rect, howto_rect) in enumerate(self.rows):
                if row.collidepoint(action.pos):
                    self.index = i
                    if action.name == CONFIRM:
                        if level_rect.collidepoint(action.pos):
                            self.cycle_level(i, 1)
                        elif howto_rect.collidepoint(action.pos):
                            self.howto(i)
                        else:
                            self.start(i)
                    elif action.name == ALTERNATE:
                        self.cycle_level(i, 1)
            return
        if action.name in (UP, DOWN):
            self.index = (self.index + (1 if action.name == DOWN else -1)) % len(self.games)
            self.message = ""
        elif action.name in (LEFT, RIGHT):
            self.cycle_level(self.index, 1 if action.name == RIGHT else -1)
        elif action.name == CONFIRM:
            self.start(self.index)
        elif action.name == ALTERNATE:
            self.howto(self.index)
        elif action.name in (BACK, MENU):
            self.app.stack.pop()


    def draw(self, surface: pygame.Surface) -> None:
        w, h, s = theme.begin_screen(surface, _("Choose a game"))
        self.back.draw(surface, s)
        self.rows = []
        top = int(100 * s)
        width = int(min(w - 80 * s, 1000 * s))
        level_w = int(200 * s)
        howto_w = max(int(150 * s), theme.font(int(22 * s)).size(_("How to play"))[0] + int(16 * s))
        room = width - max(level_w, howto_w) - int(56 * s)  # left of the level and rules buttons
        blurb_size = int(24 * s)
        step = theme.step(blurb_size, 26 * s)
        blurbs = [theme.wrap(_(catalogue.get(g).blurb), blurb_size, int(room)) for g in self.games]
        heights = self.row_heights([len(lines) for lines in blurbs], h - top - 56 * s, step, s)
        y = top
        for i, game_id in enumerate(self.games):
            rect = pygame.Rect(0, 0, width, heights[i] - int(12 * s))
            rect.midtop = (w // 2, y)
            y += heights[i]
            selected = i == self.index
            record = catalogue.get(game_id)
            pygame.draw.rect(surface, theme.BG_PANEL_HI if selected else theme.BG_PANEL, rect,
                             border_radius=int(10 * s))
            if selected:
                pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=int(10 * s))
            level_rect = pygame.Rect(0, 0, level_w, int(34 * s))
            howto_rect = pygame.Rect(0, 0, howto_w, int(34 * s))
            title = _(record.title)
            theme.draw_text(surface, title, (rect.x + 20 * s, rect.y + 12 * s),
                            theme.fitted(title, int(38 * s), room, True), theme.INK, bold=True)
            # the description on as many lines as the row has room for (the last one cut
            # short with an ellipsis only where even those are too few)
            fits = max(1, int((rect.bottom - 8 * s - (rect.y + 50 * s)) // step))
            lines = blurbs[i]
            if len(lines) > fits:
                rest = " ".join(lines[fits - 1:])
                lines = lines[:fits - 1] + [theme.ellipsized(rest, blurb_size, int(room))]
            for k, line in enumerate(lines):
                theme.draw_text(surface, line, (rect.x + 20 * s, rect.y + 50 * s + k * step), blurb_size,
                                theme.INK_DIM)
            level_rect.topright = (rect.right - 16 * s, rect.y + 10 * s)
            pygame.draw.rect(surface, theme.BG, level_rect, border_radius=6)
            theme.draw_text(surface, f"<  {self.level_label(game_id)}  >", level_rect.center, int(26 * s),
                            theme.ACCENT if selected else theme.INK, "center")
            howto_rect.topright = (rect.right - 16 * s, rect.y + 48 * s)
            theme.draw_text(surface, _("How to play"), howto_rect.center, int(22 * s), theme.INK_DIM,
                            "center")
            self.rows.append((rect, level_rect, howto_rect))
        hint = _("Up/Down choose   Left/Right level   Enter play   Tab how to play   Esc back")
        line = i18n.refusal(self.message) if self.message else hint
        theme.draw_text(surface, line, (w / 2, h - 26 * s), int(24 * s),
                        theme.ACCENT if self.message else theme.INK_FAINT, "center")
