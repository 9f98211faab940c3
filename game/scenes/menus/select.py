"""The game list: a card per game of the catalogue, each with its board as the game draws it
(a real position), its one-line pitch, the player's progress in it (lessons done, puzzles
solved, the ladder's rung, a game to resume) and its board to play on.

Keys, pads and the mouse move across the cards alike: the arrows (D-pad) from card to card,
Enter (A, a click) plays, Tab (X, the card's arrows) changes the board, H (Y, the card's
"How to play") opens the rules.
"""
from __future__ import annotations

import math

import pygame

from ... import catalogue, i18n
from ...arcade import ladder
from ...content import lessons, levels, puzzles
from ...i18n import _
from ...persistence import saves
from ...persistence.storage import StoredFileError
from ...ui import theme
from ...ui.actions import ALTERNATE, BACK, CONFIRM, DOWN, HINT, LEFT, MENU, RIGHT, UP, Action
from ..base import BackButton, Scene, arrows, back_key
from ..hosts import previews
from ..hosts.lesson import done_steps
from ..hosts.puzzle import solved
from .seats import level_name

#: the share of a card's height its board's picture takes
PICTURE = 0.42


class Card:
    """Where one game's card and its parts stand on the screen."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.picture_h = int(rect.height * PICTURE)  # less where the words need the room
        self.level = pygame.Rect(0, 0, 0, 0)  # "<  Classic  >": its halves step the board
        self.howto = pygame.Rect(0, 0, 0, 0)


class SelectScene(Scene):
    moves_by_itself = False
    scan_step = RIGHT  # scanning: card after card, every row

    def __init__(self, app, game_id: str | None = None) -> None:
        super().__init__(app)
        self.games = list(catalogue.GAME_IDS)
        self.index = self.games.index(game_id) if game_id in self.games else 0
        self.level_names = {g: levels.names(g) for g in self.games}
        self.titles: dict[tuple[str, str], str] = {}  # (game, level name) -> its English title
        self.level_index = dict.fromkeys(self.games, 0)
        self.cards: list[Card] = []
        self.message = levels.problem_line()  # level files that were bad and set aside, if any
        self.back = BackButton()
        # the board chosen for each game stays chosen while the game runs (back from a game too)
        self.chosen = app.chosen_levels
        for g, name in self.chosen.items():
            if g in self.level_names and name in self.level_names[g]:
                self.level_index[g] = self.level_names[g].index(name)
        self.progress = self.read_progress()

    # -- what the cards say --------------------------------------------------------------
    def read_progress(self) -> dict[str, tuple[str, str]]:
        """Each game's progress in a line, and its game in progress (read once: the files
        are not read at every draw)."""
        lessons_done, puzzles_solved = done_steps(), solved()
        out = {}
        for g in self.games:
            parts = []
            course = lessons.load(g)
            if course is not None:
                parts.append(_("Lessons {done}/{total}").format(
                    done=len(set(lessons_done.get(g, [])) & set(range(len(course.steps)))),
                    total=len(course.steps)))
            shelf = puzzles.load_all(g)
            if shelf:
                names = {p.name for p in shelf}
                parts.append(_("Puzzles {done}/{total}").format(
                    done=len(names & set(puzzles_solved.get(g, []))), total=len(names)))
            climb = ladder.of(g)
            parts.append(_("Ladder: climbed") if climb.rung is None else
                         _("Ladder: {level}").format(level=level_name(climb.rung)))
            resume = ""
            if not self.app.options.kiosk:
                try:
                    saved = saves.read_autosave(g)
                except StoredFileError:
                    saved = None
                if saved is not None and saved.moves:
                    resume = _("In progress: move {number}").format(number=saved.move_number())
            out[g] = (" · ".join(parts), resume)
        return out

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

    # -- choices -----------------------------------------------------------------------------
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

    def columns(self) -> int:
        n = len(self.games)
        return n if n <= 3 else math.ceil(n / 2) if n <= 6 else 4

    def handle(self, action: Action) -> None:
        if self.back.clicked(action):
            self.app.stack.pop()
            return
        if action.pos is not None:
            for i, card in enumerate(self.cards):
                if card.rect.collidepoint(action.pos):
                    self.index = i
                    if action.name == CONFIRM:
                        if card.level.collidepoint(action.pos):
                            self.cycle_level(i, -1 if action.pos[0] < card.level.centerx else 1)
                        elif card.howto.collidepoint(action.pos):
                            self.howto(i)
                        else:
                            self.start(i)
                    elif action.name == ALTERNATE:
                        self.cycle_level(i, 1)
            return
        cols, n = self.columns(), len(self.games)
        if action.name in (LEFT, RIGHT):
            self.index = (self.index + (1 if action.name == RIGHT else -1)) % n
            self.message = ""
        elif action.name in (UP, DOWN):
            step = cols if action.name == DOWN else -cols
            if 0 <= self.index + step < n:
                self.index += step
            elif action.name == DOWN and self.index // cols < (n - 1) // cols:
                self.index = n - 1  # a shorter last row: its last card
            self.message = ""
        elif action.name == CONFIRM:
            self.start(self.index)
        elif action.name == ALTERNATE:
            self.cycle_level(self.index, 1)
        elif action.name == HINT:
            self.howto(self.index)
        elif action.name in (BACK, MENU):
            self.app.stack.pop()

    # -- drawing ---------------------------------------------------------------------------
    def next_change(self) -> float:
        # the cards' pictures are made one a frame, so that the list shows at once
        pairs = zip(self.games, self.cards, strict=False)
        if self.cards and any(not previews.ready(g, self.picture_size(c)) for g, c in pairs):
            return 0.0
        return super().next_change()

    @staticmethod
    def picture_size(card: Card) -> tuple[int, int]:
        return (card.rect.width - 16, card.picture_h - 8)

    @staticmethod
    def title_lines(game_id: str, width: int, s: float) -> tuple[int, list[str]]:
        """A card's title: on one line, smaller if need be, or on two where it would get too
        small to read (German titles are long), never cut."""
        title = _(catalogue.get(game_id).title)
        size = theme.fitted(title, int(32 * s), width, True, smallest=int(24 * s))
        if theme.text_width(title, size, True) <= width:
            return size, [title]
        lines = theme.wrap(title, size, width)
        if len(lines) > 2:
            lines = lines[:1] + [theme.ellipsized(" ".join(lines[1:]), size, width, True)]
        return size, lines

    def button_widths(self, game_id: str, size: int, s: float) -> tuple[int, int]:
        """The widths of a card's two buttons: its board ("<  Classic  >") and "How to play"."""
        label = f"<  {self.level_label(game_id)}  >"
        return (theme.text_width(label, size) + int(16 * s),
                theme.text_width(_("How to play"), size) + int(16 * s))

    def words_height(self, game_id: str, card_w: int, s: float) -> int:
        """The height a card's words and buttons take below its picture: the pitch and the
        progress are shown whole where they can be (the picture gives way first, down to a
        quarter of the card; then the progress)."""
        inner_w = card_w - int(24 * s)
        small = int(21 * s)
        lines = len(theme.wrap(_(catalogue.get(game_id).blurb), small, inner_w))
        done, resume = self.progress[game_id]
        lines += len(theme.wrap(done, small, inner_w)) + (1 if resume else 0)
        size, titles = self.title_lines(game_id, inner_w, s)
        title_step = theme.step(size, 34 * s) * len(titles)
        buttons = int(40 * s)
        level_w, howto_w = self.button_widths(game_id, small, s)
        if level_w + howto_w + 6 > inner_w:  # the rules' button goes under the board's
            buttons += int(36 * s)
        return int(12 * s + title_step + lines * theme.step(small, 23 * s) + 4 * s + buttons)

    def draw(self, surface: pygame.Surface) -> None:
        w, h, s = theme.begin_screen(surface, _("Choose a game"))
        self.back.draw(surface, s)
        cols = self.columns()
        rows = math.ceil(len(self.games) / cols)
        gap = int(14 * s)
        top, bottom = int(96 * s), h - int(46 * s)
        width = int(min(w - 40 * s, 1400 * s))
        card_w = (width - gap * (cols - 1)) // cols
        card_h = min(int(card_w * 1.05), (bottom - top - gap * (rows - 1)) // rows)
        x0 = (w - (card_w * cols + gap * (cols - 1))) // 2
        budget = 1  # pictures still to make: one a frame
        words = max(self.words_height(g, card_w, s) for g in self.games)
        picture_h = max(card_h // 4, min(int(card_h * PICTURE), card_h - words))
        self.cards = []
        for i, game_id in enumerate(self.games):
            r, c = divmod(i, cols)
            in_row = min(cols, len(self.games) - r * cols)  # a shorter last row is centred
            row_x = x0 + (cols - in_row) * (card_w + gap) // 2
            card = Card(pygame.Rect(row_x + c * (card_w + gap), top + r * (card_h + gap), card_w, card_h))
            card.picture_h = picture_h
            size = self.picture_size(card)
            picture = None
            if previews.ready(game_id, size) or budget:
                budget -= 0 if previews.ready(game_id, size) else 1
                picture = previews.preview(self.app, game_id, size)
            self.draw_card(surface, card, game_id, i == self.index, picture, s)
            self.cards.append(card)
        g = self.app.glyphs()
        hint = _("{arrows}: choose   {confirm}: play   {alternate}: board   {hint}: how to play   "
                 "{back}: back").format(
            arrows=arrows(g), confirm=g[CONFIRM], alternate=g[ALTERNATE], hint=g.get(HINT, "?"),
            back=back_key(g, self.app.last_device))
        line = i18n.refusal(self.message) if self.message else hint
        theme.draw_text(surface, line, (w / 2, h - 24 * s), theme.fitted(line, int(24 * s), w - 20 * s),
                        theme.ACCENT if self.message else theme.INK_FAINT, "center")

    def draw_card(self, surface: pygame.Surface, card: Card, game_id: str, focused: bool,
                  picture: pygame.Surface | None, s: float) -> None:
        rect = card.rect
        record = catalogue.get(game_id)
        pygame.draw.rect(surface, theme.BG_PANEL_HI if focused else theme.BG_PANEL, rect,
                         border_radius=int(12 * s))
        edge = theme.ACCENT if focused else theme.INK_FAINT
        pygame.draw.rect(surface, edge, rect, max(2, int(3 * s)) if focused else 1, border_radius=int(12 * s))
        pic_h = card.picture_h
        if picture is not None:
            surface.blit(picture, picture.get_rect(midtop=(rect.centerx, rect.y + 8)))
        inner = rect.inflate(-int(24 * s), 0)
        y = rect.y + pic_h + int(12 * s)
        size, titles = self.title_lines(game_id, inner.width, s)
        for title in titles:
            theme.draw_text(surface, title, (inner.x, y), size, theme.INK, bold=True)
            y += theme.step(size, 34 * s)
        small = int(21 * s)
        step = theme.step(small, 23 * s)
        controls_top = rect.bottom - int(40 * s)
        label = f"<  {self.level_label(game_id)}  >"
        howto = _("How to play")
        lw, hw = self.button_widths(game_id, small, s)
        narrow = lw + hw + 6 > inner.width  # the rules' button goes under the board's
        words_bottom = controls_top - (int(36 * s) if narrow else 0)
        lines = theme.wrap(_(record.blurb), small, inner.width)
        done, resume = self.progress[game_id]
        progress = [(line, theme.INK_FAINT) for line in theme.wrap(done, small, inner.width)]
        if resume:
            progress.append((theme.ellipsized(resume, small, inner.width), theme.ACCENT))
        room = max(0, int((words_bottom - 4 * s - y) // step))
        # the pitch is shown whole; the progress gives up its last lines first
        if len(lines) > room:
            lines = lines[:room]
            if lines:
                lines[-1] = theme.ellipsized(lines[-1] + " …", small, inner.width)
        progress = progress[:room - len(lines)]
        for line in lines:
            theme.draw_text(surface, line, (inner.x, y), small, theme.INK_DIM)
            y += step
        for line, ink in progress:
            theme.draw_text(surface, line, (inner.x, y), small, ink)
            y += step
        # the board to play on, and the rules
        card.level = pygame.Rect(inner.x, controls_top, lw, int(32 * s))
        pygame.draw.rect(surface, theme.BG, card.level, border_radius=6)
        theme.draw_text(surface, label, card.level.center, theme.fitted(label, small, card.level.width - 6),
                        theme.ACCENT if focused else theme.INK, "center")
        card.howto = pygame.Rect(0, controls_top, hw, int(32 * s))
        card.howto.right = inner.right
        if narrow:
            card.howto.topleft = (inner.x, controls_top - int(36 * s))
        pygame.draw.rect(surface, theme.BG, card.howto, border_radius=6)
        theme.draw_text(surface, howto, card.howto.center, theme.fitted(howto, small, card.howto.width - 6),
                        theme.INK_DIM, "center")
