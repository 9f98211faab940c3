"""What a play screen draws: the game's layout, the static board layer, the board and its
sprites, the status bar, the message line and the side panel with who plays, the move
list and the buttons; drawn whole, or only where something changed (``draw_changes``).
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

import pygame

from ... import i18n, palette
from ...arcade import ladder
from ...i18n import N_, _, pgettext
from ...match import OPEN, Seat
from ...ui import present, theme
from ...ui.actions import (
    CONFIRM,
    DETAILS,
    MENU,
    REDO,
    UNDO,
)
from ...ui.frame import PlayFrame, panel_head
from ...ui.particles import Particles
from ...ui.widgets import finger_px
from ..menus.seats import device_label, level_name
from . import areas


def device_kind(device: str) -> str:
    """What the panel's words depend on of the device used last: its kind, whose glyphs and
    hints it shows. Two phones (or two pads) playing each other take turns as the device
    used last; keyed on the device itself, the panel was painted anew at every tap of the
    other one (2 to 3 ms at 1080p, a fifth of the frames)."""
    for kind in ("phone", "pad"):
        if device.startswith(kind):
            return kind
    return device


class PlayView:
    """The play screen's renderer: a game scene fills in ``make_layout``, ``draw_board``,
    ``draw_panel`` and the keys that say when its parts changed."""

    def init_view(self) -> None:
        """What the renderer keeps between frames (called once, by the scene's constructor)."""
        self.board: pygame.sprite.LayeredUpdates = pygame.sprite.LayeredUpdates()
        #: the sprites on the board, each by where it stands (its ``key``: a cell, a square)
        self.pieces: dict[Any, pygame.sprite.Sprite] = {}
        self.layout: Any = None  # the kit's layout for the current size (see relayout)
        self._background: pygame.Surface | None = None
        self._panel: tuple[tuple, pygame.Surface] | None = None
        self._live: tuple | None = None  # what the panel's live part shows in it (panel_live)
        #: a panel being painted over two frames, apart from the one shown (blit_panel)
        self._painting: _Painting | None = None
        #: the frame a move landed in (its panel shows it from the next frame's update on)
        self._panel_held: int | None = None
        #: since when (the app's clock) the panel's news waits for a frame the board rests
        #: in (None: nothing waits); see ``blit_panel``
        self._panel_waits: float | None = None
        self._bars: tuple = ((), ())  # what the status bar and the message line showed last
        self._board_shown: tuple | None = None  # the board_key of the last frame
        self._sprites: dict[int, tuple[pygame.Surface, tuple[int, int, int, int]]] = {}
        #: parts of the board drawn once over the static layer, by what they show (see layer)
        self.layers: dict[tuple, tuple[pygame.Surface, pygame.Rect]] = {}
        #: the palette's generation the layout and layers were drawn in (Settings → Theme)
        self.drawn_in = palette.GENERATION
        self.banner_fits = True  # the banner found room beside the status (else: the message line)
        #: sparks of scores and captures (motion only), and where they were last drawn
        self.particles = Particles()
        self._sparks_shown: pygame.Rect | None = None
        #: the last move in words, by the move and the language it was worded for
        self._last_words: tuple[tuple, str] = ((), "")

    #: whether the game's marks pulse with ``clock`` (the Rush cursor); they pulse this
    #: long after the last input, then hold still so that a screen nobody plays rests
    pulses: ClassVar[bool] = False

    PULSE_SECONDS = 10.0

    @property
    def board_group(self) -> pygame.sprite.LayeredUpdates:
        return self.board

    @property
    def awaiting_human(self) -> bool:
        """A person is to choose a move now (so the cursor and move hints are shown);
        never in a hosted game (a demo or a replay: nobody is about to move)."""
        return not (self.hosted or self.frozen or self.queue.busy or self.state.over or self.seat().is_ai)

    # -- hooks of the game's view -------------------------------------------------------
    def reset_view(self) -> None:
        """Rebuild sprites and shown counters from ``self.state`` (new game, undo)."""
        raise NotImplementedError

    def show_pieces(self, sprites) -> None:
        """The board shows exactly ``sprites`` (a new game, an undo)."""
        self.board.empty()
        self.pieces = {}
        for sprite in sprites:
            self.add_piece(sprite)

    def add_piece(self, sprite: pygame.sprite.Sprite) -> None:
        self.pieces[sprite.key] = sprite
        self.board.add(sprite)

    def cell_at(self, pos: tuple[int, int]) -> Any | None:
        """The board cell under a screen position (None off the board): the layout knows."""
        return self.layout.cell_at(pos) if self.layout else None

    def point_at(self, pos: tuple[int, int] | None) -> None:
        """The mouse moved: the cursor follows it over the board."""
        cell = self.cell_at(pos) if pos is not None else None
        self.hover_from_mouse = cell is not None
        if cell is not None:
            self.cursor = cell

    # -- the sides ---------------------------------------------------------------------------
    def side_name(self, player: str) -> str:
        """A side's name as a player reads it ("Red"), in the current language."""
        return _(self.entry.side(player).name)

    def side_word(self, player: str) -> str:
        """A side in the middle of a sentence, as the rules name it ("it is white's turn"):
        the lower-case word, in the current language (marked in ``rules.core.SIDE_WORDS``)."""
        return _(player)

    def level_title(self) -> str:
        """The board's title ("Classic"), in the current language."""
        return _(self.level.get("title", self.level["name"]))

    def side_ink(self, player: str) -> tuple[int, int, int]:
        """A side's colour for texts and marks on the dark screen."""
        return self.entry.side(player).tint.light

    def who_is_who(self, compact: bool = False) -> str:
        """Who plays each side, in a line: "Red: you · Blue: computer (hard)" (``compact``:
        "Red: you · Blue: hard", for a narrow panel)."""
        return " · ".join(text for text, _ink in self.who_parts(compact))

    def who_parts(self, compact: bool = False) -> list[tuple[str, tuple[int, int, int]]]:
        """:meth:`who_is_who` in parts, each in its side's colour."""
        first, second = self.rules.players
        if self.exercise_of is not None:  # one person against the board, or the computer
            me, answered_by = self.exercise_of
            parts = [(_("{side}: you").format(side=self.side_name(me)), self.side_ink(me))]
            if answered_by == "computer":
                other = second if me == first else first
                parts.append((_("{side}: computer").format(side=self.side_name(other)), self.side_ink(other)))
            return parts
        seats = self.seats
        if self.recorded_seats:  # a replay: who played the game, not the replay's own seats
            seats = {p: Seat(p, kind) for p, kind in self.recorded_seats.items()}
        online = self.online_who_parts(compact)
        if online is not None:
            return online
        humans = [p for p in (first, second) if not seats[p].is_ai]
        if len(humans) == 2 and all(seats[p].device in (None, OPEN) for p in humans):
            return [(_("{first} and {second}: two players").format(
                first=self.side_name(first), second=self.side_name(second)), theme.INK_DIM)]
        parts = []
        for player in (first, second):
            seat, side = seats[player], self.side_name(player)
            if seat.is_ai:
                text = (_("{side}: {level}") if compact else _("{side}: computer ({level})")).format(
                    side=side, level=level_name(seat.kind))
            elif len(humans) == 1:
                text = _("{side}: you").format(side=side)
            else:
                text = _("{side}: {device}").format(side=side, device=device_label(seat.device))
            parts.append((text, self.side_ink(player)))
        return parts

    # -- drawing -------------------------------------------------------------------------------
    def make_layout(self, size: tuple[int, int]) -> Any:
        """The game's layout for a window of ``size`` (its kit's)."""
        raise NotImplementedError

    def relayout(self, size: tuple[int, int]) -> None:
        """The window has a new size: lay everything out once, for drawing, hit-testing and
        animation alike."""
        self.layout = self.make_layout(size)
        self.drawn_in = palette.GENERATION
        self._background = None
        self._panel = None
        self._painting = None
        self.layers.clear()

    def ensure_layout(self, size: tuple[int, int]) -> Any:
        """The layout for ``size``, computed again only when the size changed."""
        if self.layout is None or self.layout.frame.size != size or self.drawn_in != palette.GENERATION:
            self.relayout(size)  # a new size, or a new theme: every layer drawn again
        return self.layout

    @property
    def frame(self) -> PlayFrame:
        return self.layout.frame

    def card_picture(self) -> pygame.Surface | None:
        """The position as a card shows it (the game list, the ladder, a lesson's card), for
        a game whose board part of the screen is mostly words; None: the board as drawn."""
        return None

    def draw_background(self, surface: pygame.Surface) -> None:
        """The static layer: what never changes while the window keeps its size."""
        surface.fill(theme.BG)

    def draw_board(self, surface: pygame.Surface) -> None:
        """The game's board, pieces, marks and cursor (the sprites are up to date:
        ``update_sprites``)."""

    def draw_board_and_sparks(self, surface: pygame.Surface) -> None:
        self.draw_board(surface)
        if self.particles.alive:  # sparks stay over the board: the bars and panel keep still
            clip = surface.get_clip()
            surface.set_clip(clip.clip(self.frame.board))
            self.particles.draw(surface)
            surface.set_clip(clip)

    def burst(self, center: tuple[float, float], color: tuple[int, int, int], count: int = 14) -> None:
        """Sparks from ``center`` (a score, a capture), when the player has motion on."""
        if self.app.motion():
            self.particles.burst(center, color, self.layout.s if self.layout else 1.0, count)

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout(surface.get_size())
        surface.blit(self.background(surface), (0, 0))
        self.update_sprites()
        self.draw_board_and_sparks(surface)
        self._sparks_shown = self.particles.bounds()
        self._board_shown, self._sprites = self.board_key(), self.sprites_shown()
        self.blit_panel(surface)
        # the bars keep to their strips here too, so that drawing one again alone gives
        # the same picture (a growing pill would otherwise spill onto the board)
        for strip, paint in ((self.top_strip(), self.draw_status), (self.bottom_strip(), self.draw_bottom)):
            surface.set_clip(strip)
            paint(surface)
        surface.set_clip(None)
        self._bars = (self.top_key(), self.bottom_line())

    def background(self, surface: pygame.Surface) -> pygame.Surface:
        """The static layer, drawn once per window size."""
        if self._background is None:
            img = pygame.Surface(surface.get_size())
            self.draw_background(img)
            self._background = img.convert() if pygame.display.get_surface() else img
        return self._background

    def layer(self, surface: pygame.Surface, key: tuple, paint) -> None:
        """Blit a part of the board that changes seldom (a row of stones and its label),
        painted once per ``key`` by ``paint(static layer) -> (image, where)``: the
        image is opaque, the static layer under it included."""
        found = self.layers.get(key)
        if found is None:
            if len(self.layers) >= 16:  # what was shown before the last few changes
                self.layers.clear()
            found = self.layers[key] = paint(self.background(surface))
        surface.blit(*found)

    def draw_changes(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The board area every frame; the bars and the side panel only when what they
        say changed. A game whose board moves in a small part names that part
        (``board_changes``)."""
        if (self.layout is None or self.layout.frame.size != surface.get_size() or self._background is None
                or self.drawn_in != palette.GENERATION):
            self.draw(surface)
            return None
        frame = self.frame
        rects: list[pygame.Rect] = []
        parts = self.board_changes()
        sparks = self.particles.bounds()  # where sparks were and are
        parts += [spot for spot in (self._sparks_shown, sparks) if spot is not None]
        self._sparks_shown = sparks
        parts = areas.merged(parts, frame.board)  # sparks off the board clip to nothing
        for part in parts:
            self.redraw_strip(surface, part, self.draw_board_and_sparks, rects)
        if parts:
            self._sprites = self.sprites_shown()
        rects += self.blit_panel(surface, only_changed=True, board_drawn=bool(parts))
        top = self.top_key()
        if top != self._bars[0]:
            self.redraw_strip(surface, self.top_strip(), self.draw_status, rects)
        bottom = self.bottom_line()  # after the status: it decides where the banner goes
        if bottom != self._bars[1]:
            self.redraw_strip(surface, self.bottom_strip(), self.draw_bottom, rects)
        self._bars = (top, bottom)
        return rects

    def redraw_strip(self, surface: pygame.Surface, strip: pygame.Rect, paint, rects: list) -> None:
        """Paint one part again over the static layer, clipped to it, and list it."""
        surface.blit(self._background, strip, strip)
        surface.set_clip(strip)
        paint(surface)
        surface.set_clip(None)
        rects.append(strip)

    def update_sprites(self) -> None:
        """Bring the board's sprites to this frame (where each stands, its fade, its
        image), once before the board is drawn."""
        self.board.update(self.layout)

    def board_key(self) -> tuple | None:
        """Everything the board draws besides its sprites, when the game can name it
        (while a move plays out, the computer is to move, or a person chooses: the cursor,
        the previews, the targets); None: unknown, so the whole board area is drawn.
        Frames whose key did not change redraw only where sprites moved; a changed key,
        where ``key_area`` says."""
        return None

    def key_area(self, before: tuple, after: tuple) -> list[pygame.Rect] | None:
        """Where the board's drawing differs between two of its ``board_key`` (besides
        the sprites), when the game can say: the rectangles (a cursor's old and new
        cell, a preview's marks: their union is often most of the board); None: anywhere, so
        the whole board area is drawn (at 4K that is 4 to 6 ms with its present, in the frame
        a move lands in)."""
        return None

    def sprites_shown(self) -> dict[int, tuple[pygame.Surface, tuple[int, int, int, int]]]:
        return {id(sprite): (sprite.image, tuple(sprite.rect)) for sprite in self.board.sprites()}

    def board_changes(self) -> list[pygame.Rect]:
        """The parts of the window the board may have changed in since the last frame
        (none: nothing); they are drawn again, each clipped to itself, and presented. While
        only sprites move (``board_key`` unchanged) that is where they were and are: at
        4K the whole board area costs about 6 ms to draw and present, a moving disc
        a fraction of a millisecond."""
        self.update_sprites()  # once a frame, here: draw_board draws them as they stand
        board = self.frame.board
        key = self.board_key()
        before, self._board_shown = self._board_shown, key
        if key is None or before is None:
            return [board]
        dirty: list[pygame.Rect] = []
        if key != before:
            changed = self.key_area(before, key)
            if changed is None:
                return [board]
            dirty += changed
        now, was = self.sprites_shown(), self._sprites
        # a sprite that came, went, moved or changed its image: where it was and where it is
        dirty += [pygame.Rect(shown[1]) for k in now.keys() | was.keys() if now.get(k) != was.get(k)
                  for shown in (now.get(k), was.get(k)) if shown is not None]
        # sprites that changed only off the board (a block leaving The Improbable's supply,
        # in the panel) clip to nothing
        return areas.merged(dirty, board)

    def top_strip(self) -> pygame.Rect:
        """The window's band that holds the status bar."""
        frame = self.frame
        return pygame.Rect(0, 0, frame.left.width, frame.board.top)

    def bottom_strip(self) -> pygame.Rect:
        frame = self.frame
        return pygame.Rect(0, frame.board.bottom, frame.left.width, frame.size[1] - frame.board.bottom)

    # the status bar: whose turn, and the news of the moment
    def status(self) -> tuple[str, tuple[int, int, int]]:
        if self.online_over():  # a flag fell, the game was claimed: the server's end, not the rules'
            return self.server_end_status()
        if self.state.over:
            return self.over_status or (_("Game over"), theme.ACCENT)
        p = self.state.to_move
        return _("{player} to move").format(player=self.player_name(p)), self.side_ink(p)

    def banner_text(self) -> str:
        """The news of the moment, right of the status (empty: none); online, the connection's
        first."""
        return self.online_news() or (self.banner if self.banner_t > 0 else "")

    def top_key(self) -> tuple:
        """Everything the status bar shows."""
        return (*self.status(), self.banner_text())

    def draw_status(self, surface: pygame.Surface) -> None:
        text, color = self.status()
        banner = self.banner_text()
        verdict = self.over_verdict if self.over_status == (text, color) else None
        self.banner_fits = present.status_bar(surface, self.frame.top, text, color, banner, self.frame.s,
                                              verdict=verdict)

    # the message line: a refusal explained, news that did not fit above, the computer
    # thinking, or the controls of the moment
    def controls(self) -> str:
        """The game's controls now, in the glyphs of the device used last."""
        return ""

    def bottom_line(self) -> tuple[str, tuple[int, int, int]]:
        if self.message_t > 0:
            return self.message, self.message_color
        if self.unsaved:
            return _("Not saved: {reason}. Trying again...").format(reason=self.unsaved), theme.BAD
        if not self.banner_fits and self.banner_text():
            return self.banner_text(), theme.ACCENT
        if self.hinter is not None:
            dots = "." * (1 + int(self.hint_t * 3) % 3)
            return _("Looking for a hint{dots}").format(dots=dots), theme.ACCENT
        if self.thinking:
            dots = "." * (1 + int(self.think_t * 3) % 3)
            seat = self.seat()
            return (_("{side} ({level}) is thinking{dots}").format(
                side=self.side_name(seat.player), level=level_name(seat.kind), dots=dots), theme.ACCENT)
        if self.hosting.controls == "none":
            return "", theme.INK_DIM  # the host's own prompt says what keys do
        elsewhere = self.hosting.controls == "board"
        if elsewhere or self.ladder is not None:
            # a lesson's card says what undo and the menu key do there; the ladder has no
            # take-backs, so its controls do not offer them
            g = self.app.glyphs()
            drop = (g[UNDO], g[MENU]) if elsewhere else (f"{g[UNDO]}/{g[REDO]}",)
            kept = [p for p in self.controls_line().split(present.PARTS) if not p.startswith(drop)]
            if not (self.queue.busy or self.state.over):
                return present.PARTS.join(kept), theme.INK_DIM
        if self.queue.busy:
            return _("Any key or click: skip to the end of the move"), theme.INK_DIM
        if self.state.over:
            over = _("Game over: {confirm} or click for the result")
            return over.format(confirm=self.app.glyphs()[CONFIRM]), theme.INK_DIM
        if getattr(self.app.settings, "scanning", False) and self.hosting.overlays:
            # one switch: the keys of the controls line would all do the same
            return self.scan_words(), theme.INK_DIM
        return self.controls_line(), theme.INK_DIM

    def controls_line(self) -> str:
        """:meth:`controls`, and on a keyboard the key that shows the panel's details (or
        hides them) before the last part: the part the message line drops first where the
        line is too long (a pad or a phone has the pause menu's "Show details")."""
        line = self.controls()
        glyph = self.app.glyphs().get(DETAILS)
        if not line or not glyph or not self.hosting.overlays or self.app.last_device in ("mouse", "touch"):
            return line
        part = (_("{key}: fewer details") if self.details else _("{key}: details")).format(key=glyph)
        parts = line.split(present.PARTS)
        return present.PARTS.join([*parts[:-1], part, parts[-1]] if len(parts) > 1 else [*parts, part])

    def draw_bottom(self, surface: pygame.Surface) -> None:
        text, color = self.bottom_line()
        present.message_line(surface, self.frame.bottom, text, color, self.frame.s,
                             28 if color != theme.INK_DIM else 24)

    # the side panel: drawn into its own surface when what it shows changes
    def panel_key(self) -> tuple:
        """Everything the side panel shows depends on: it is redrawn when this changes."""
        return (id(self.state), len(self.history), self.queue.busy)

    @property
    def details(self) -> bool:
        """The panel shows the game's legend, the notation's key and the whole move list;
        else only what matters now (whose turn, who is who, the score, the last move, the
        last few turns). The player's choice (the I key, the panel's "More", the pause
        menu), kept in the settings; a hosted game's panel (a replay, the demo, a lesson)
        is always whole: its host has no pause menu to change it."""
        return self.app.settings.panel_details or not self.hosting.overlays

    #: the lines of the move list a compact panel shows: the last few turns
    COMPACT_LINES = 3

    def move_words(self, before: Any, move: Any, effects: list[dict[str, Any]], after: Any) -> str:
        """A move and what it did, in words, for the panel's last move ("Re5: 2 discs move,
        red scores 4"); "" says its entry in the move list is enough."""
        return ""

    def last_move_words(self) -> str:
        """The last move, who played it and what it did: "Red played Re5: 2 discs move, red
        scores 4" ("" before the first move). Its effects are the rules' again, once a move."""
        if not self.history:
            return ""
        played = self.history[-1]
        key = (len(self.history), id(played.before), i18n.language(), self.queue.busy)
        if self._last_words[0] != key:
            after, effects = self.rules.play(played.before, played.move)
            player, entries = self.turns()[-1]
            words = self.move_words(played.before, played.move, effects, after) or entries[-1]
            self._last_words = (key, _("{side} played {move}").format(side=self.side_name(player),
                                                                      move=words))
        return self._last_words[1]

    def draw_last_move(self, surface: pygame.Surface, x0: float, y: float, width: float, s: float,
                       most: int) -> float:
        """The last move in words, in its side's colour, on at most ``most`` lines; returns
        where they end."""
        words = self.last_move_words()
        if not words:
            return y
        size = int(21 * s)
        step = theme.step(size, 22 * s)
        ink = self.side_ink(self.turns()[-1][0])
        lines = theme.wrap(words, size, int(width))
        if len(lines) > most:
            lines = [*lines[:most - 1], theme.ellipsized(" ".join(lines[most - 1:]), size, int(width))]
        y += int(4 * s)
        for line in lines:
            theme.draw_text(surface, line, (x0, y), size, ink)
            y += step
        return y

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, s: float) -> float:
        """The game's own part of the panel, from ``rect.y`` down; returns where it ends."""
        return rect.y

    #: the longest the panel's news waits for a frame in which the board rests (seconds)
    PANEL_WAITS_MOST = 0.5

    def _wait_running(self) -> bool:
        """The panel's news has waited less than :data:`PANEL_WAITS_MOST` (a wait is on)."""
        return self._panel_waits is not None and self.app.clock_t - self._panel_waits < self.PANEL_WAITS_MOST

    def blit_panel(self, surface: pygame.Surface, only_changed: bool = False,
                   board_drawn: bool = False) -> list[pygame.Rect]:
        """Blit the side panel, painted anew when what it shows changed; with
        ``only_changed``, only then (``board_drawn``: this frame drew the board). The parts of
        the window blitted to."""
        frame = self.frame
        hover = tuple(b.hover for b in self.buttons.values())
        news = (frame.size, i18n.language(), device_kind(self.app.last_device), finger_px(), self.hosted,
                self.hints_allowed, tuple((p, seat.kind, seat.device) for p, seat in self.seats.items()),
                self.ladder, self.details, self.exercise_of, *self.panel_key(), *self.online_time_key())
        key = (hover, news)
        kept = self._panel is not None and self._panel[1].get_size() == frame.panel.size
        painting = self._painting if kept else None
        # a whole redraw in between shows the same, older panel as the screen does while the
        # news waits or a new panel is half painted (it never changes what the frames that
        # present only changes decided); covered by another screen (the pause menu), the
        # scene is not asked to draw anew when the wait runs out, so its panel keeps what
        # was shown until it is on top again
        waiting = (kept and self._panel_waits is not None
                   and (self.app.stack.top is not self
                        or self._wait_running()))
        held = ((self._panel_held is not None and kept)
                or ((waiting or painting is not None) and not only_changed))
        if held:
            # the frame a move lands in plays it and draws the board; its panel (a
            # millisecond of new texts) follows in the next frame, so that no frame does
            # both. A whole redraw in between shows the same, older panel.
            if only_changed:
                return []
        elif painting is not None and painting.key == key:
            self._panel_waits = None  # half painted: the rest now, whatever the board does
        elif (only_changed and board_drawn and kept and self._panel[0][1] != news
              and (self._panel_waits is None or self._wait_running())):
            # a move playing out draws the board every frame; painting the panel's news
            # (the move list, the last move in words: 2.5 ms at 1080p, 4 at 4K) in the same
            # frame made the slowest frames of all. It waits for the first frame in which
            # the board rests, half a second at most. So does a person's own step that
            # changes both (GAUSS's and Rush's panels word the preview under the cursor:
            # the cursor's cells and the panel in one frame were the heaviest frames of two
            # phones playing): the words follow a frame later. What changes the panel
            # alone (a button's hover, More) never waits.
            if self._panel_waits is None:
                self._panel_waits = self.app.clock_t
            return []
        else:
            self._panel_waits = None
        live = self.panel_live()
        if not held and painting is not None and painting.key == key:
            # the second half, then the new panel is shown (the one shown before is painted
            # over the next time)
            painting.step()
            self._painting = None
            self._spare, self._panel = self._panel[1], (key, painting.img)
            self._live = painting.live
            painting.settle()
            if live is not None and live[0] != self._live:  # the cursor stepped meanwhile
                self._paint_live(live)
        elif not held and (self._panel is None or self._panel[0] != key):
            if only_changed and board_drawn and kept and self._panel[0][0] == hover:
                # the news came while the board is drawn frame after frame (the cursor
                # gliding under two phones' taps, a move playing out longer than the wait):
                # painted in two halves over two frames, into a panel apart from the one
                # shown, rather than 2 to 3 ms at 1080p in one frame with the board
                if self._spare is None or self._spare.get_size() != frame.panel.size:
                    self._spare = self.panel_image()
                self._painting = _Painting(self, key, live[0] if live is not None else None, self._spare)
                self._painting.step()
                return []
            self._painting = None
            img = self._panel[1] if self._panel is not None else None
            if img is None or img.get_size() != frame.panel.size:
                img = self.panel_image()
            self.paint_panel(img, frame.s)
            self._panel = (key, img)
            self._live = live[0] if live is not None else None
        elif not held and self._panel is not None and live is not None and live[0] != self._live:
            # only the live part changed (a cursor's step: the preview in words): painted
            # alone over the kept panel, a fraction of the whole panel's 2 to 3 ms at 1080p;
            # it never waits for the board to rest
            img, part = self._paint_live(live)
            if only_changed:
                shown = part.move(frame.panel.topleft)
                surface.blit(img, shown, part)
                return [shown]
        elif only_changed:
            return []
        surface.blit(self._panel[1], frame.panel.topleft)
        for button in self.buttons.values():  # drawn in panel coordinates; clicked on screen
            button.rect = button.local_rect.move(frame.panel.x, frame.panel.y)
        return [frame.panel]

    def _paint_live(self, live: tuple[tuple, pygame.Rect]) -> tuple[pygame.Surface, pygame.Rect]:
        """The live part painted over the kept panel; the panel's image and where the part is."""
        assert self._panel is not None
        img, part = self._panel[1], live[1]
        img.fill(theme.BG_PANEL, part)
        img.set_clip(part)
        self.paint_panel_live(img, self.frame.s)
        img.set_clip(None)
        self._live = live[0]
        return img, part

    def panel_live(self) -> tuple[tuple, pygame.Rect] | None:
        """A part of the panel that changes more often than the rest (GAUSS's preview in
        words, under a cursor that moves with every step): what it shows, as a key, and
        where it lies in the panel, over the panel's plain background and nothing else of
        it. When only this key changed, :meth:`paint_panel_live` paints the part alone over
        the kept panel. None: no such part (what the panel shows is all in ``panel_key``)."""
        return None

    @staticmethod
    def panel_columns(panel_width: int, s: float) -> tuple[int, int]:
        """Where the panel's text starts and how wide it runs (a margin each side)."""
        return int(20 * s), panel_width - int(40 * s)

    def paint_panel_live(self, img: pygame.Surface, s: float) -> None:
        """Paint the live part (:meth:`panel_live`) into the panel's image, clipped to it,
        exactly as :meth:`paint_panel` paints it there."""

    _spare: pygame.Surface | None = None  # a panel's image not shown, to paint the next one into

    def panel_image(self) -> pygame.Surface:
        """A new image the size of the panel, in the display's format: made once per size
        (a new 4K panel and its convert() cost about 8 ms, half a frame) and painted over."""
        size = self.frame.panel.size
        display = pygame.display.get_surface()
        return pygame.Surface(size, 0, display) if display else pygame.Surface(size)

    def paint_panel(self, img: pygame.Surface, s: float) -> None:
        for _step in self.paint_panel_steps(img, s):
            pass

    def paint_panel_steps(self, img: pygame.Surface, s: float) -> Iterator[None]:
        """:meth:`paint_panel` in two halves (the heading and the game's own part, then the
        last move, the move list and the buttons): a step is one next()."""
        rect = img.get_rect()
        img.fill(theme.BG_PANEL)
        # depth: the panel stands over the board, its edge in shade, then a lit rim
        shade = max(4, int(14 * s))
        for i in range(shade):
            ink = palette.mix(theme.BG, theme.BG_PANEL, (i + 1) / (shade + 1))
            img.fill(ink, (i, 0, 1, rect.h))
        img.fill(theme.BG_PANEL_HI, (shade, 0, max(1, int(2 * s)), rect.h))
        x0, width = self.panel_columns(rect.width, s)
        y = int(14 * s)
        name = _(self.entry.name)
        size = theme.fitted(name, int(40 * s), width, True)
        heading = theme.draw_text(img, name, (x0, y), size, theme.INK, bold=True)
        sub = self.panel_subtitle()
        sub_y, who_y, body_y = panel_head(s, heading.height)  # large text: lower
        if self.ladder in ladder.RUNGS:  # first: a line too narrow keeps it and drops the rest
            rung = _("Ladder: rung {number} of {count}").format(
                number=ladder.RUNGS.index(self.ladder) + 1, count=len(ladder.RUNGS))
            sub = rung + present.PARTS + sub
        present.parts_line(img, (x0, sub_y), sub, int(21 * s), width, theme.INK_DIM)
        self.draw_who(img, x0, who_y, width, s)
        body = pygame.Rect(x0, max(body_y, self.frame.panel_body_y), width, rect.height)
        y = self.draw_panel(img, body, s)
        yield
        y = self.draw_last_move(img, x0, y, width, s, 2 if self.details else 3)
        tall = self.button_height(s)
        grown = tall - int(36 * s)  # for a finger
        buttons_top = rect.height - (int(48 * s) + grown) * max(1, len(self.button_rows(width, s)))
        list_bottom = buttons_top - 8 * s
        hint = self.buttons["hint"]
        hint.rect = hint.local_rect = pygame.Rect(0, 0, 0, 0)  # not there: not clicked
        if self.hints_allowed:  # a row of its own above the others: it fits every width
            list_bottom -= 44 * s + grown
            hint.draw(img, pygame.Rect(int(x0), int(buttons_top - 44 * s - grown), width, tall), int(24 * s))
        self.draw_move_list(img, x0, y + 8 * s, width, list_bottom, s)
        if not self.hosted:
            self.draw_buttons(img, x0, buttons_top, width, s)

    def draw_who(self, surface: pygame.Surface, x0: float, y: float, width: float, s: float) -> None:
        """Who is who, under the panel's heading, each side in its colour, on one line (in
        fewer words where the panel is narrow)."""
        sep = " · "
        size = int(21 * s)
        for compact in (False, True):
            parts = self.who_parts(compact)
            text = sep.join(t for t, _ink in parts)
            size = theme.fitted(text, int(21 * s), width)
            if theme.text_width(text, size) <= width:
                break
        else:
            parts = [(theme.ellipsized(text, size, int(width)), theme.INK_DIM)]
        x = x0
        for k, (part, ink) in enumerate(parts):
            if k:
                x = theme.draw_text(surface, sep, (x, y), size, theme.INK_FAINT).right
            x = theme.draw_text(surface, part, (x, y), size, ink).right

    def panel_subtitle(self) -> str:
        if self.set_up:
            return _("{board} board").format(board=self.level_title())
        return _("{board} board   {side} started").format(board=self.level_title(),
                                                          side=self.side_name(self.start_player))

    def turns(self) -> list[tuple[str, list[str]]]:
        """The history as turns: ``(player, [notation, ...])``, the moves of one player in a
        row joined into one turn (a Rush turn of placements, an Improbable turn of rolls)."""
        return self.match.turns()

    def turn_ink(self, player: str, text: str) -> tuple[int, int, int]:
        """The colour a turn is written in: its side's."""
        return self.side_ink(player)

    def draw_move_list(self, surface: pygame.Surface, x0: float, y: float, width: float, bottom: float,
                       s: float) -> None:
        """The turns so far, newest at the bottom, each numbered (its number is what "move
        12" means everywhere: ``Game.turn_numbers``). A column per side, headed by its name,
        the side that began on the left: a long turn wraps inside its own column, so that
        a side's turns never drift into the other's."""
        heading = theme.draw_text(surface, pgettext("move list heading", "Moves"), (x0, y), int(22 * s),
                                  theme.INK_DIM)
        step = theme.step(int(22 * s), int(24 * s))
        self.draw_details_button(surface, x0 + width, heading, step - 2, s)
        y += step
        details = self.details
        # the notation explained where it is read (the record's one line), while as many turns
        # as a compact panel shows still fit under it
        key_size = int(18 * s)
        key_step = theme.step(key_size, 19 * s)
        key = theme.wrap(_(self.entry.notation), key_size, int(width)) if details else []
        turns_h = (1 + self.COMPACT_LINES) * theme.step(max(12, int(21 * s)), 21 * s)
        if details and bottom - y - len(key) * key_step >= turns_h:
            for line in key:
                theme.draw_text(surface, line, (x0, y), key_size, theme.INK_FAINT)
                y += key_step
            y += int(4 * s)
        turns = self.turns()
        if not turns:
            return
        size = max(12, int(21 * s))
        line = theme.step(size, int(size * 1.05))
        column_w = width / 2
        number_w = theme.text_width("999. ", size)  # a long game's numbers keep their gap
        text_w = int(column_w - number_w - 6 * s)
        sides = (turns[0][0], self.other(turns[0][0]))
        for c, side in enumerate(sides):  # the columns' heads
            theme.draw_text(surface, self.side_name(side), (x0 + c * column_w + number_w, y), int(18 * s),
                            self.side_ink(side))
        y += theme.step(int(18 * s), 20 * s)
        # rows of a turn per column; a turn whose column is taken in the row starts the next
        rows: list[list[tuple[int, str, str] | None]] = []
        for number, (player, texts) in enumerate(turns, 1):
            c = sides.index(player)
            if not rows or any(cell is not None for cell in rows[-1][c:]):
                rows.append([None, None])
            rows[-1][c] = (number, player, " ".join(texts))
        # each row as lines, the cells wrapped in their column
        lines: list[list[tuple[float, str | None, tuple[int, int, int], str]]] = []
        for row in rows:
            cells = [(x0 + c * column_w, cell, theme.wrap(cell[2], size, text_w))
                     for c, cell in enumerate(row) if cell]
            for k in range(max(len(parts) for _x, _cell, parts in cells)):
                lines.append([(x, None if k else f"{cell[0]}.", self.turn_ink(cell[1], cell[2]), parts[k])
                              for x, cell, parts in cells if k < len(parts)])
        room = max(1, int((bottom - y) // line))
        if not details:  # the last few turns (the last one whole); the whole list is a key or click away
            last = max(k for k, parts in enumerate(lines) if any(n is not None for _x, n, _i, _t in parts))
            room = min(room, max(self.COMPACT_LINES, len(lines) - last))
        shown = lines[-room:]
        while len(shown) > 1 and all(number is None for _x, number, _ink, _text in shown[0]):
            shown.pop(0)  # a turn cut at the top would read as another side's: from a turn's start
        for parts in shown:
            for x, number, ink, text in parts:
                if number is not None:
                    theme.draw_text(surface, number, (x + number_w - 5 * s, y), size, theme.INK_DIM,
                                    "topright")
                theme.draw_text(surface, text, (x + number_w, y), size, ink)
            y += line

    def draw_details_button(self, surface: pygame.Surface, right: float, heading: pygame.Rect, height: float,
                            s: float) -> None:
        """The small "More" ("Less") at the right of the move list's heading: a click shows
        (hides) the legend, the notation's key and the whole move list. Not in a hosted
        game, whose panel is always whole. As tall as the heading's line (``height``)."""
        button = self.buttons.get("details")
        if button is None:
            return
        button.rect = button.local_rect = pygame.Rect(0, 0, 0, 0)  # not there: not clicked
        if not self.hosting.overlays:
            return
        button.label = N_("Less") if self.details else N_("More")
        size = int(20 * s)
        w = theme.text_width(button.label, size) + int(24 * s)
        rect = pygame.Rect(0, 0, w, max(int(height), theme.font(size).get_height() + 2))
        rect.midright = (int(right), heading.centery)
        button.draw(surface, rect, size)

    def buttons_row(self) -> tuple[str, ...]:
        return ("undo", "redo", "menu")

    @staticmethod
    def button_height(s: float) -> int:
        """The panel's buttons' height: for a finger, a fingertip's at least."""
        return max(int(36 * s), finger_px())

    def button_rows(self, width: float, s: float) -> list[tuple[str, ...]]:
        """The panel's buttons in rows: one row when every label fits its share of the
        width at a readable size, else two to a row (German's "Rückgängig" at 800×600)."""
        names = self.buttons_row()
        if self.ladder is not None:  # no take-backs on the ladder
            names = tuple(n for n in names if n not in ("undo", "redo"))
        gap = int(10 * s)
        share = (int(width) - gap * (len(names) - 1)) // max(1, len(names))
        # at size 1: the smallest size a label is drawn at
        if all(theme.text_width(self.buttons[n].label, 1) <= share - 10 for n in names):
            return [names]
        return [names[k:k + 2] for k in range(0, len(names), 2)]

    def draw_buttons(self, surface: pygame.Surface, x0: float, y: float, width: float, s: float) -> None:
        for name in self.buttons_row():  # a button not drawn (undo on the ladder) is not clicked
            self.buttons[name].rect = self.buttons[name].local_rect = pygame.Rect(0, 0, 0, 0)
        gap, tall = int(10 * s), self.button_height(s)
        for row in self.button_rows(width, s):
            bw = (int(width) - gap * (len(row) - 1)) // len(row)
            for k, name in enumerate(row):
                rect = pygame.Rect(int(x0) + k * (bw + gap), int(y), bw, tall)
                self.buttons[name].draw(surface, rect, int(24 * s))
            y += int(48 * s) + tall - int(36 * s)


class _Painting:
    """A panel painted over two frames into an image apart from the one shown: what it is
    painted for (``key``, the live part's key) and its steps. The buttons it draws take
    their new places only when it is shown: until then a click finds them where the panel
    on the screen has them."""

    def __init__(self, view: PlayView, key: tuple, live: tuple | None, img: pygame.Surface) -> None:
        self.view, self.key, self.live, self.img = view, key, live, img
        self.steps = view.paint_panel_steps(img, view.frame.s)
        self.places: dict[str, pygame.Rect] = {}  # where it drew each button, on the panel

    def step(self) -> None:
        """The next half (the last: to the end)."""
        buttons = self.view.buttons
        shown = {name: (b.rect, b.local_rect) for name, b in buttons.items()}
        next(self.steps, None)
        for name, button in buttons.items():
            if button.local_rect is not shown[name][1]:
                self.places[name] = button.local_rect
            button.rect, button.local_rect = shown[name]

    def settle(self) -> None:
        """Shown: its buttons where it drew them."""
        for name, place in self.places.items():
            self.view.buttons[name].local_rect = place
