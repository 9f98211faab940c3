"""A game as a picture: a game's record drawn position by position and written as an
animated PNG (:mod:`game.ui.apng`) to share, into ``pictures/`` in the user folder
(``docs/files.md``).

Each position is drawn by the game's own play scene (its catalogue entry names it, and the
scene draws with the game's kit), watched as a replay watches it, on an off-screen surface
of the design size, and its board cut out and scaled to :data:`WIDTH` pixels: no window is
needed (it runs under SDL's dummy video driver). Over the board a title strip names the
game, who played and how it ended, in the player's language; under it a line names the
move just played. A frame a position: the start, then one after each move, the last
position held longer; then :data:`HOLDS` frame more, the result over the final board.

An export is made a few frames at a time (:meth:`Export.step`), so a screen that asks for
one keeps drawing (a long game is a hundred frames and more); :func:`export` does it at once.
"""
from __future__ import annotations

import errno
import logging
import time
from pathlib import Path
from typing import Any

import pygame

from ... import catalogue
from ...content import levels, records
from ...i18n import _
from ...persistence import saves, storage
from ...rules.core import DRAW, RulesError
from ...ui import apng, present, theme
from ...ui.frame import DESIGN, PlayFrame
from ..base import named_class
from ..menus.seats import level_name

log = logging.getLogger("gauss_arcade")

PICTURES_DIR = "pictures"
#: the picture's width in pixels (its height follows from the board's shape)
WIDTH = 640
#: how long each frame shows, in milliseconds: the start, a move, the last position, the
#: result held over it
START_MS, MOVE_MS, LAST_MS, RESULT_MS = 1500, 900, 2500, 4000
#: the frames after the last position's: the result over the final board
HOLDS = 1
#: how long a screen that exports lets the export draw each update (a frame of a 30 fps
#: screen: it keeps answering while the picture is made)
STEP_SECONDS = 0.03


def pictures_dir() -> Path:
    return storage.home() / PICTURES_DIR


def frame_count(record: saves.Record) -> int:
    """How many frames the picture of ``record`` has: a position each, and the holds."""
    return len(record.moves) + 1 + HOLDS


class Export:
    """The picture of ``record`` under way: :meth:`step` draws frames until its time is up;
    once ``done``, ``path`` is where it was written, or ``problem`` says why it was not
    (in the player's language)."""

    def __init__(self, app: Any, record: saves.Record, name: str = "") -> None:
        self.app = app
        self.record = record
        self.name = name
        self.total = frame_count(record)
        self.done = False
        self.path: Path | None = None
        self.problem = ""
        self.frames = 0
        self.scene: Any = None
        self.writer: apng.Writer | None = None
        #: where the board lies in the picture
        self.board_box = pygame.Rect(0, 0, 0, 0)
        self._steps = self._frames()

    @property
    def progress(self) -> float:
        return self.frames / max(1, self.total)

    def step(self, budget: float = 0.03) -> bool:
        """Draw frames for about ``budget`` seconds (at least one); True once done."""
        end = time.perf_counter() + budget
        while not self.done:
            try:
                next(self._steps)
            except StopIteration:
                self._finish()
            except Exception as exc:  # noqa: BLE001 - a picture that fails says so; the game goes on
                log.exception("A game could not be drawn as a picture")
                self._fail(_("the game could not be drawn ({reason})").format(reason=exc.__class__.__name__))
            if time.perf_counter() >= end:
                break
        return self.done

    def run(self) -> Export:
        """All of it at once."""
        while not self.done:
            self.step(1.0)
        return self

    def cancel(self) -> None:
        if not self.done:
            self._fail(_("it was stopped"))

    # -- drawing ---------------------------------------------------------------------------
    def _frames(self) -> Any:
        """Draws a frame each time it is stepped."""
        record = self.record
        # watched as a replay watches it: no autosave, no cards of its own, no cursor (by the
        # older word ``hosted``: the play package, which shows the end card, is not imported)
        scene = self.scene = named_class(catalogue.get(record.game).scene)(self.app, level=record.level,
                                                                            hosted=True)
        scene.start(record.seed)
        scene.restore(record)  # at the last position: how it ended, said once for every frame
        self.head = self.heading(scene)
        self.result = self.ending(scene)
        numbers = scene.rules.turn_numbers([p.before for p in scene.history])
        total = numbers[-1] if numbers else 0
        while scene.history:
            scene.take_back()
        canvas = pygame.Surface(canvas_size())
        board = None
        for i in range(len(record.moves) + 1):
            if i:
                scene.commit(scene.future.pop(), animate=False)
            board = self.board(scene, canvas)
            if i == 0:
                caption = (_("The start"), theme.INK_DIM)
            else:
                played = scene.history[-1]
                caption = (_("Move {number} of {total}, {side}: {move}").format(
                    number=numbers[i - 1], total=total, side=scene.side_name(played.before.to_move),
                    move=played.text), scene.side_ink(played.before.to_move))
            delay = START_MS if i == 0 else MOVE_MS
            if i == len(record.moves):
                delay = LAST_MS
            self._add(self.compose(board, caption, i), delay)
            yield
        assert board is not None
        self._add(self.compose(board, caption, len(record.moves), card=True), RESULT_MS)
        yield

    def board(self, scene: Any, canvas: pygame.Surface) -> pygame.Surface:
        """The position the scene shows, its board alone, scaled to the picture's width."""
        scene.quiet()
        scene.ensure_layout(canvas.get_size())
        canvas.blit(scene.background(canvas), (0, 0))
        scene.update_sprites()
        scene.draw_board(canvas)
        cut = canvas.subsurface(scene.frame.board)
        w, h = cut.get_size()
        if w == WIDTH:
            return cut.copy()
        return pygame.transform.smoothscale(cut, (WIDTH, max(1, round(h * WIDTH / w))))

    def heading(self, scene: Any) -> tuple[str, str]:
        """The game's title (and its board, when the game has more than one) and who played."""
        record = self.record
        title = _(catalogue.get(record.game).title)
        level = levels.load(record.game, record.level)
        if len(levels.names(record.game)) > 1 and level.get("title"):
            title = _("{game} · {board}").format(game=title, board=_(level["title"]))
        first, second = scene.rules.players
        kinds = {p: record.seats.get(p, "human") for p in (first, second)}
        if all(kind == "human" for kind in kinds.values()):
            who = _("{first} and {second}: two players").format(first=scene.side_name(first),
                                                                 second=scene.side_name(second))
        else:
            who = " · ".join(
                _("{side}: a person").format(side=scene.side_name(p)) if kinds[p] == "human" else
                _("{side}: computer ({level})").format(side=scene.side_name(p), level=level_name(kinds[p]))
                for p in (first, second))
        return title, who

    def ending(self, scene: Any) -> tuple[str, str, tuple[int, int, int]]:
        """How the game ended: the headline, by how much, and the winner's colour."""
        outcome = scene.rules.outcome(scene.state)
        if outcome is None:
            return _("Not finished"), "", theme.INK_DIM
        margin = scene.result_parts(outcome)[0]
        if outcome.winner == DRAW:
            return _("A draw"), margin, theme.ACCENT
        return (_("{side} wins!").format(side=scene.side_name(outcome.winner)), margin,
                scene.side_ink(outcome.winner))

    def compose(self, board: pygame.Surface, caption: tuple[str, tuple[int, int, int]], position: int,
                card: bool = False) -> pygame.Surface:
        """A frame: the title strip, the board, the move's line and how far the game is."""
        s = WIDTH / DESIGN[0]
        pad = int(24 * s)
        big, small = int(40 * s), int(30 * s)
        head_h = int(pad + theme.step(big, 0) + theme.step(small, 0) + pad / 2)
        foot_h = int(theme.step(small, 0) + pad)
        surface = pygame.Surface((WIDTH, head_h + board.get_height() + foot_h))
        surface.fill(theme.BG)
        # the title strip: the game and who played on the left, how it ended on the right
        headline, margin, ink = self.result
        right = max(theme.text_width(headline, big, True), theme.text_width(margin, small))
        right = min(right, int(WIDTH * 0.45))
        room = WIDTH - 3 * pad - right
        title, who = self.head
        y2 = pad + theme.step(big, 0)
        lines = ((title, big, True, theme.ACCENT, (pad, pad), room, "topleft"),
                 (who, small, False, theme.INK_DIM, (pad, y2), room, "topleft"),
                 (headline, big, True, ink, (WIDTH - pad, pad), right, "topright"),
                 (margin, small, False, theme.INK, (WIDTH - pad, y2), right, "topright"))
        for text, size, bold, color, at, width, anchor in lines:
            fit = theme.fitted(text, size, width, bold)
            theme.draw_text(surface, theme.ellipsized(text, fit, width, bold), at, fit, color, anchor, bold)
        pygame.draw.line(surface, theme.INK_FAINT, (0, head_h - 1), (WIDTH, head_h - 1))
        surface.blit(board, (0, head_h))
        self.board_box = pygame.Rect(0, head_h, WIDTH, board.get_height())
        if card:
            self.card(surface, pygame.Rect(0, head_h, WIDTH, board.get_height()), s)
        # the move's line, and how far through the game along the foot's top edge
        foot = pygame.Rect(0, head_h + board.get_height(), WIDTH, foot_h)
        surface.fill(theme.BG_PANEL, foot)
        moves = len(self.record.moves)
        done = round(WIDTH * position / moves) if moves else WIDTH
        pygame.draw.line(surface, theme.ACCENT, foot.topleft, (done, foot.top), max(2, int(4 * s)))
        text, color = caption
        fit = theme.fitted(text, small, WIDTH - 2 * pad)
        theme.draw_text(surface, theme.ellipsized(text, fit, WIDTH - 2 * pad), (pad, foot.centery + 1), fit,
                        color, "midleft")
        return surface

    def card(self, surface: pygame.Surface, area: pygame.Rect, s: float) -> None:
        """The result over the final board: the board dimmed, the headline and the margin."""
        shade = pygame.Surface(area.size, pygame.SRCALPHA)
        shade.fill((*theme.BG, 170))
        surface.blit(shade, area)
        headline, margin, ink = self.result
        big, small = int(64 * s), int(34 * s)
        inner = int(area.width * 0.8)
        lines = [(headline, theme.fitted(headline, big, inner, True), ink, True)]
        if margin:
            lines.append((margin, theme.fitted(margin, small, inner), theme.INK, False))
        heights = [theme.step(size, 0) for _text, size, _ink, _bold in lines]
        box = pygame.Rect(0, 0, inner + int(40 * s), int(sum(heights) + 40 * s))
        box.center = area.center
        present.panel(surface, box, s)
        y = box.y + 20 * s
        for (text, size, color, bold), h in zip(lines, heights, strict=True):
            theme.draw_text(surface, theme.ellipsized(text, size, inner, bold), (box.centerx, y), size, color,
                            "midtop", bold)
            y += h

    def _add(self, frame: pygame.Surface, delay: int) -> None:
        if self.writer is None:
            self.writer = apng.Writer(*frame.get_size())
            self.writer.text("Title", f"{self.head[0]} — {self.result[0]} {self.result[1]}".strip())
            self.writer.text("Software", "Gauss Arcade")
            try:  # the game itself, as a text record anyone can read (and copy into records/)
                self.writer.text("Comment", records.to_text(self.record.to_json()))
            except (RulesError, ValueError, KeyError):
                pass
        self.writer.add(pygame.image.tobytes(frame, "RGBA"), delay)
        self.frames += 1

    # -- the file -----------------------------------------------------------------------------
    def _finish(self) -> None:
        self._close()
        assert self.writer is not None
        data = self.writer.finish()
        self.writer = None
        try:
            path = target(self.record, self.name)
            storage.write_bytes(path, data)
        except OSError as exc:
            self.problem = why_not_written(exc)
        else:
            self.path = path
            log.info("A game was exported as a picture: %s (%d frames, %d bytes)", path, self.frames,
                     len(data))
        self.done = True

    def _fail(self, problem: str) -> None:
        self._close()
        self.writer = None
        self.problem = problem
        self.done = True

    def _close(self) -> None:
        self._steps.close()
        if self.scene is not None:
            self.scene.closed()
            self.scene = None

    def words(self) -> tuple[str, bool]:
        """What a screen says of the export now: how far it is, then :meth:`said`."""
        if not self.done:
            percent = round(100 * self.progress)
            return _("Exporting the animation... {percent}%").format(percent=percent), False
        return self.said()

    def said(self) -> tuple[str, bool]:
        """What a screen says once it is done: where the picture went, or why it did not; and
        whether that is bad news."""
        if self.path is not None:
            where = self.path.resolve()
            return _("Exported as {path}: an animated picture to share.").format(path=where), False
        return _("The animation could not be exported: {reason}.").format(reason=self.problem), True


def why_not_written(exc: OSError) -> str:
    """Why the picture could not be written, in words for a player."""
    if exc.errno == errno.ENOSPC:
        return _("the disk is full")
    if exc.errno == errno.EROFS:
        return _("the pictures folder is read-only")
    if exc.errno in (errno.EACCES, errno.EPERM):
        return _("the pictures folder may not be written to")
    return storage.reason_of(exc)


def canvas_size() -> tuple[int, int]:
    """The window size (of the design's shape) whose play screen has a board :data:`WIDTH`
    pixels wide: the board drawn at that size needs no scaling, and its flat colours stay
    flat (a scaled board blurs, and packs to twice the bytes)."""
    w = WIDTH
    while PlayFrame.of((w, w * DESIGN[1] // DESIGN[0])).board.width < WIDTH and w < 4 * WIDTH:
        w += 1
    return w, w * DESIGN[1] // DESIGN[0]


def target(record: saves.Record, name: str = "") -> Path:
    """Where the picture of ``record`` goes: ``pictures/<name>.png`` (a save's name, or the
    game and the time), a number added rather than another game's picture replaced."""
    try:
        stem = saves.safe_name(name) if name else saves.default_name(record)
    except ValueError:
        stem = saves.default_name(record)
    folder = pictures_dir()
    path = folder / f"{stem}.png"
    n = 1
    while path.exists() or path.is_symlink():
        n += 1
        path = folder / f"{stem} {n}.png"
    return path


def export(app: Any, record: saves.Record, name: str = "") -> Export:
    """The picture of ``record`` made and written at once (a tool, a test); see ``Export``."""
    return Export(app, record, name).run()


