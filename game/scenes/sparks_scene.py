"""The Sparks & Surges scene: an 8×8 board with deadly corners, pieces drawn as
shapes (Spark a star with a bolt, Surge a ringed disc, Degausser a magnet block,
IC a chip with pins), select-then-move with every destination marked, and an
animation queue that plays each move's effect list (slides, conduction jumps,
captures, gating beams, corner deaths, passes).

The scene never decides a rule: legal destinations, what conducts, what dies and
how the game ends come from ``game.rules.sparks``; the scene turns actions into
moves and effects into motion. The one thing it works out itself is decorative:
which gate ends a gating beam is drawn between (the engine says who is removed).
"""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from ..anim import Tween, ease_in_out, ease_out_cubic, linear
from ..app.input import (
    ALTERNATE,
    BACK,
    CONFIRM,
    DOWN,
    KEY_GLYPHS,
    LEFT,
    MENU,
    POINT,
    REDO,
    RIGHT,
    UNDO,
    UP,
    Action,
)
from ..app.scene import Scene
from ..audio import cue
from ..rules.core import DRAW
from ..rules.sparks import (
    ACCEPT,
    DECLINE,
    INACTIVITY,
    KIND_LETTERS,
    KIND_NAMES,
    LETTERS,
    NAMES,
    OFFER,
    PLAYERS,
    REPETITIONS,
    SPARKS,
    Move,
    State,
)
from ..ui import theme
from ..ui.widgets import Button
from .overlay import dim
from .play import PlayScene

FILES = "abcdefgh"
CORNER_SQUARES = ("a1", "h1", "a8", "h8")
SLIDE, CONDUCT, CAPTURE, BEAM, FADE, CORNER, PASS, RESULT_DELAY = 0.3, 0.5, 0.32, 0.5, 0.45, 0.55, 0.5, 0.7

# colours: ivory and ebony pieces on a cool slate board
LIGHT_SQ = (128, 138, 156)
DARK_SQ = (98, 107, 126)
CORNER_SQ = (96, 28, 36)
CORNER_EDGE = (200, 70, 70)
BONE = (236, 226, 206)
SIDE_FILL = {"W": (238, 232, 214), "B": (42, 44, 56)}
SIDE_EDGE = {"W": (64, 58, 50), "B": (212, 214, 230)}
SIDE_INK = {"white": (244, 240, 226), "black": (170, 180, 214)}  # panel text per player
CONDUCT_INK = (90, 215, 255)
MOVE_INK = theme.ACCENT
DEATH_INK = (255, 84, 84)
BEAM_INK = (150, 235, 255)


def square_of(name: str) -> tuple[int, int]:
    return FILES.index(name[0]), int(name[1:]) - 1


def name_of(f: int, r: int) -> str:
    return f"{FILES[f]}{r + 1}"


def side_of(code: str) -> str:
    return "white" if code[0] == "W" else "black"


def kind_name(code: str) -> str:
    return KIND_NAMES[KIND_LETTERS.index(code[1])]


# --- drawing the pieces -------------------------------------------------------------

def _star(cx: float, cy: float, outer: float, inner: float, points: int, turn: float = -90
          ) -> list[tuple[float, float]]:
    pts = []
    for k in range(points * 2):
        r = outer if k % 2 == 0 else inner
        a = math.radians(turn + 180 * k / points)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def _bolt(cx: float, cy: float, h: float) -> list[tuple[float, float]]:
    u = h / 10
    return [(cx + 1.2 * u, cy - 5 * u), (cx - 2.6 * u, cy + 0.6 * u), (cx - 0.2 * u, cy + 0.6 * u),
            (cx - 1.2 * u, cy + 5 * u), (cx + 2.6 * u, cy - 0.8 * u), (cx + 0.2 * u, cy - 0.8 * u)]


@lru_cache(maxsize=128)
def piece_image(code: str, size: int) -> pygame.Surface:
    """One piece, ``size`` pixels across, drawn at 3× and smoothed down (cached)."""
    k = 3
    n = max(8, size) * k
    img = pygame.Surface((n, n), pygame.SRCALPHA)
    fill, edge = SIDE_FILL[code[0]], SIDE_EDGE[code[0]]
    c = n / 2
    line = max(2, round(n * 0.045))
    kind = code[1]
    if kind == "S":  # an eight-pointed spark with a lightning bolt
        star = _star(c, c, n * 0.48, n * 0.25, 8)
        pygame.draw.polygon(img, fill, star)
        pygame.draw.polygon(img, edge, star, line)
        pygame.draw.polygon(img, edge, _bolt(c, c, n * 0.42))
    elif kind == "U":  # a disc inside a ring: the surge
        pygame.draw.circle(img, edge, (c, c), n * 0.48)
        pygame.draw.circle(img, fill, (c, c), n * 0.48 - line)
        pygame.draw.circle(img, edge, (c, c), n * 0.36)
        pygame.draw.circle(img, fill, (c, c), n * 0.36 - line * 0.8)
        pygame.draw.circle(img, edge, (c, c), n * 0.2)
        pygame.draw.circle(img, fill, (c, c), n * 0.2 - line)
    elif kind == "D":  # a block with a horseshoe magnet
        box = pygame.Rect(0, 0, n * 0.84, n * 0.84)
        box.center = (c, c)
        pygame.draw.rect(img, fill, box, border_radius=int(n * 0.12))
        pygame.draw.rect(img, edge, box, line, border_radius=int(n * 0.12))
        w = line * 2.2
        arc = pygame.Rect(0, 0, n * 0.5, n * 0.5)
        arc.center = (c, c + n * 0.06)
        pygame.draw.circle(img, edge, arc.center, n * 0.25, int(w), draw_top_left=False,
                           draw_top_right=False, draw_bottom_left=True, draw_bottom_right=True)
        legs_top = c - n * 0.22
        for x in (arc.left, arc.right - w):
            pygame.draw.rect(img, edge, (x, legs_top, w, arc.centery - legs_top + 1))
            pygame.draw.rect(img, fill if code[0] == "B" else (200, 60, 60),
                             (x, legs_top, w, n * 0.1))
    else:  # an IC: a chip body with pins on two sides and a notch
        body = pygame.Rect(0, 0, n * 0.6, n * 0.8)
        body.center = (c, c)
        pin_w, pin_h = n * 0.16, n * 0.07
        for i in range(4):
            y = body.top + body.height * (0.17 + 0.22 * i) - pin_h / 2
            for x in (body.left - pin_w + line, body.right - line):
                pygame.draw.rect(img, edge, (x, y, pin_w, pin_h))
        pygame.draw.rect(img, fill, body, border_radius=int(n * 0.05))
        pygame.draw.rect(img, edge, body, line, border_radius=int(n * 0.05))
        pygame.draw.circle(img, edge, (c, body.top), n * 0.08, draw_top_left=False,
                           draw_top_right=False, draw_bottom_left=True, draw_bottom_right=True)
        core = pygame.Rect(0, 0, n * 0.3, n * 0.3)
        core.center = (c, c + n * 0.04)
        pygame.draw.rect(img, edge, core, line)
        pygame.draw.circle(img, edge, core.center, n * 0.05)
    return pygame.transform.smoothscale(img, (size, size))


def draw_skull(surface: pygame.Surface, center: tuple[float, float], size: float,
               color: tuple[int, int, int] = BONE, hole: tuple[int, int, int] = CORNER_SQ) -> None:
    """A small skull: the mark of a death square."""
    x, y = center
    r = size * 0.34
    pygame.draw.circle(surface, color, (x, y - size * 0.06), r)
    jaw = pygame.Rect(0, 0, size * 0.42, size * 0.24)
    jaw.midtop = (round(x), round(y + size * 0.12))
    pygame.draw.rect(surface, color, jaw, border_radius=max(1, int(size * 0.05)))
    for dx in (-1, 1):
        pygame.draw.circle(surface, hole, (x + dx * r * 0.42, y - size * 0.04), r * 0.27)
    pygame.draw.polygon(surface, hole, [(x, y + size * 0.08), (x - size * 0.05, y + size * 0.16),
                                        (x + size * 0.05, y + size * 0.16)])
    for dx in (-0.1, 0.0, 0.1):
        pygame.draw.line(surface, hole, (x + dx * size, jaw.top + 2), (x + dx * size, jaw.bottom - 1),
                         max(1, int(size * 0.025)))


@lru_cache(maxsize=64)
def mark_image(kinds: frozenset[str], size: int) -> pygame.Surface:
    """The mark on a destination square, ``size`` = the square's side (cached).

    ``move`` a dot; ``conduct`` a cyan ring; ``capture`` red corner brackets;
    ``death`` a red cross in a dark disc (the moved piece does not survive).
    """
    k = 2
    n = size * k
    img = pygame.Surface((n, n), pygame.SRCALPHA)
    c = n / 2
    w = max(2, int(n * 0.06))
    if "capture" in kinds:
        a, m = n * 0.08, n * 0.26
        for sx, sy in ((a, a), (n - a, a), (a, n - a), (n - a, n - a)):
            dx = 1 if sx < c else -1
            dy = 1 if sy < c else -1
            pygame.draw.line(img, DEATH_INK if "death" not in kinds else BONE, (sx, sy), (sx + dx * m, sy),
                             w * 2)
            pygame.draw.line(img, DEATH_INK if "death" not in kinds else BONE, (sx, sy), (sx, sy + dy * m),
                             w * 2)
    if "conduct" in kinds:
        pygame.draw.circle(img, (10, 30, 40), (c, c), n * 0.33, w * 3)
        pygame.draw.circle(img, CONDUCT_INK, (c, c), n * 0.32, w * 2)
    if "death" in kinds:
        pygame.draw.circle(img, (30, 8, 12), (c, c), n * 0.24)
        d = n * 0.13
        for s in (1, -1):
            pygame.draw.line(img, DEATH_INK, (c - d, c - s * d), (c + d, c + s * d), w * 2)
        pygame.draw.circle(img, DEATH_INK, (c, c), n * 0.24, w)
    elif "move" in kinds or "conduct" in kinds:
        color = CONDUCT_INK if "conduct" in kinds else MOVE_INK
        pygame.draw.circle(img, (20, 20, 28), (c, c), n * 0.12)
        pygame.draw.circle(img, color, (c, c), n * 0.1)
    return pygame.transform.smoothscale(img, (size, size))


@lru_cache(maxsize=16)
def tint_image(size: int, color: tuple[int, int, int], alpha: int) -> pygame.Surface:
    img = pygame.Surface((size, size), pygame.SRCALPHA)
    img.fill((*color, alpha))
    return img


class BoardGeom:
    """Where the 8×8 squares are drawn: White's rank 1 at the bottom."""

    def __init__(self, x0: float, y0: float, sq: float) -> None:
        self.x0, self.y0, self.sq = x0, y0, sq

    @classmethod
    def fit(cls, rect: pygame.Rect, label: float) -> BoardGeom:
        sq = int(min((rect.width - 2 * label) / 8, (rect.height - label) / 8))
        x0 = rect.centerx - 4 * sq + label / 2
        y0 = rect.y + (rect.height - label - 8 * sq) / 2
        return cls(round(x0), round(y0), sq)

    def rect(self, f: int, r: int) -> pygame.Rect:
        return pygame.Rect(self.x0 + f * self.sq, self.y0 + (7 - r) * self.sq, self.sq, self.sq)

    def center(self, f: float, r: float) -> tuple[float, float]:
        return (self.x0 + (f + 0.5) * self.sq, self.y0 + (7.5 - r) * self.sq)

    def at(self, x: float, y: float) -> str | None:
        f = math.floor((x - self.x0) / self.sq)
        r = 7 - math.floor((y - self.y0) / self.sq)
        return name_of(f, r) if 0 <= f < 8 and 0 <= r < 8 else None

    @property
    def outer(self) -> pygame.Rect:
        return pygame.Rect(self.x0, self.y0, 8 * self.sq, 8 * self.sq)


def draw_board(surface: pygame.Surface, geo: BoardGeom, labels: bool = True) -> None:
    """Checkered squares, the four death corners with skulls, file and rank labels."""
    frame = geo.outer.inflate(max(4, geo.sq // 10), max(4, geo.sq // 10))
    pygame.draw.rect(surface, (58, 64, 80), frame, border_radius=max(2, geo.sq // 14))
    for f in range(8):
        for r in range(8):
            rect = geo.rect(f, r)
            if name_of(f, r) in CORNER_SQUARES:
                pygame.draw.rect(surface, CORNER_SQ, rect)
                step = max(4, geo.sq // 6)
                clip = surface.get_clip()
                surface.set_clip(rect)
                for k in range(-geo.sq, geo.sq, step):  # warning stripes
                    pygame.draw.line(surface, (112, 36, 44), (rect.x + k, rect.bottom - 1),
                                     (rect.x + k + geo.sq, rect.y), max(1, geo.sq // 16))
                surface.set_clip(clip)
                pygame.draw.rect(surface, CORNER_EDGE, rect, max(1, geo.sq // 22))
                draw_skull(surface, rect.center, geo.sq * 0.7)
            else:
                pygame.draw.rect(surface, LIGHT_SQ if (f + r) % 2 else DARK_SQ, rect)
    if labels:
        size = max(12, int(geo.sq * 0.3))
        for i in range(8):
            x, _ = geo.center(i, 0)
            theme.draw_text(surface, FILES[i], (x, geo.outer.bottom + geo.sq * 0.08), size, theme.INK_DIM,
                            "midtop", True)
            _, y = geo.center(0, i)
            theme.draw_text(surface, str(i + 1), (geo.x0 - geo.sq * 0.14, y), size, theme.INK_DIM,
                            "midright", True)


def gate_beams(pieces: dict[str, str], gated: list[str], diagonals: bool) -> list[tuple[str, str]]:
    """The gates to draw a beam between: for each gated square, the enemy Spark or
    Surge at each end of its run of one colour, along a line (decoration only)."""
    dirs = [(1, 0), (0, 1)] + ([(1, 1), (1, -1)] if diagonals else [])
    beams: set[tuple[str, str]] = set()
    for sq in gated:
        code = pieces.get(sq)
        if code is None:
            continue
        f0, r0 = square_of(sq)
        for df, dr in dirs:
            ends = []
            for s in (1, -1):
                f, r = f0 + s * df, r0 + s * dr
                while 0 <= f < 8 and 0 <= r < 8 and pieces.get(name_of(f, r), " ")[0] == code[0]:
                    f, r = f + s * df, r + s * dr
                other = pieces.get(name_of(f, r)) if 0 <= f < 8 and 0 <= r < 8 else None
                if other and other[0] != code[0] and other[1] in "SU":
                    ends.append(name_of(f, r))
            if len(ends) == 2:
                beams.add((min(ends), max(ends)))
    return sorted(beams)


def marks_for(to: str, effects: list[dict]) -> frozenset[str]:
    """How the destination ``to`` is marked, read from the effects of playing there:
    ``conduct`` (the move's flag), ``capture``, ``death`` (the moved piece is gated
    or dies on a corner), and always ``move``."""
    kinds = {"move"}
    for e in effects:
        if e["type"] == "move" and e["conduct"]:
            kinds.add("conduct")
        elif e["type"] == "capture":
            kinds.add("capture")
        elif (e["type"] == "gated" and to in e["squares"]) or e["type"] == "corner":
            kinds.add("death")
    return frozenset(kinds)


def destination_marks(state: State, square: str) -> dict[str, frozenset[str]]:
    """Every destination of the piece on ``square`` and its marks (the how-to pages)."""
    return {m.to: marks_for(m.to, SPARKS.play(state, m)[1])
            for m in SPARKS.legal_moves(state) if m.frm == square}


# --- the sprites ----------------------------------------------------------------------

class PieceSprite(pygame.sprite.Sprite):
    """One piece as drawn: its square, where it is drawn (fractional while moving),
    and the state of its fade, glow or flash."""

    def __init__(self, code: str, square: str) -> None:
        super().__init__()
        self.code = code
        self.square = square
        f, r = square_of(square)
        self.pos = (float(f), float(r))
        self.scale = 1.0
        self.alpha = 255
        self.glow = 0.0  # a gate end lighting up
        self.doom = 0.0  # red flash of a piece about to go
        self.lift = 0.0  # a conduction jump: drawn larger mid-flight
        self.dying = False


def _lerp(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


class SparksScene(PlayScene):
    game_id = "sparks"

    def __init__(self, app, level: str | None = None, seed: int | None = None, autoplay: int = 0,
                 options: dict | None = None, **kw) -> None:
        self.pieces: dict[str, PieceSprite] = {}
        self.cursor = "d2"
        self.selected: str | None = None
        self.targets: dict[str, frozenset[str]] = {}
        self.preview_cache: dict[Move, tuple[State, list[dict]]] = {}
        self.geo: BoardGeom | None = None
        self.hover_from_mouse = False
        self.beams: list[tuple[str, str]] = []
        self.beam_t = 0.0
        self.arc: tuple[tuple[float, float], tuple[float, float], float] | None = None
        self.flash_corner: tuple[str, float] | None = None
        self.last_move: tuple[str, str] | None = None
        self.view_rev = 0
        self._board_cache: tuple[tuple, pygame.Surface] | None = None
        super().__init__(app, level, seed, autoplay, options, **kw)
        self.buttons["draw"] = Button("Draw?", self.offer_draw)

    # -- game lifecycle --------------------------------------------------------------
    def new_game(self, seed: int | None = None) -> None:
        self.cursor = "d2"
        self.selected = None
        super().new_game(seed)
        self.banner = "White moves first"
        self.banner_t = 0.0 if self.autoplay else 2.0

    def after_autoplay(self) -> None:
        """Select the mover's piece with the most varied marks; park the cursor on the
        most telling destination (one that gates enemies, else a capture, else a deadly one)."""
        best, score = None, -1
        for sq in self.movable():
            self.select(sq, quiet=True)
            kinds = set().union(*self.targets.values())
            value = 10 * len(kinds) + len(self.targets)
            if value > score:
                best, score = sq, value
        self.deselect()
        if best is None:
            return
        self.cursor = best
        self.select(best, quiet=True)

        def telling(to: str) -> int:
            _, effects = self.preview(Move(best, to))
            gates = sum(1 for e in effects if e["type"] == "gated" for sq in e["squares"] if sq != to)
            return 3 * gates + 2 * ("capture" in self.targets[to]) + ("death" in self.targets[to])

        target = max(self.targets, key=telling)
        if telling(target):
            self.cursor = target

    def reset_view(self) -> None:
        """Make the drawn board match the engine state (new game, undo, no animation)."""
        self.board_group.empty()
        self.pieces = {}
        for i, v in enumerate(self.state.board):
            if v:
                sprite = PieceSprite(LETTERS[v], NAMES[i])
                self.pieces[sprite.square] = sprite
                self.board_group.add(sprite)
        self.beams, self.arc, self.flash_corner = [], None, None
        self.last_move = None
        moved = [move for _, move, _ in self.history if isinstance(move, Move)]
        if moved:
            self.last_move = (moved[-1].frm, moved[-1].to)
        self.view_rev += 1

    def drawn_board(self) -> dict[str, str]:
        """What the board shows at rest: square -> piece code (tests compare it with the state)."""
        return {sq: s.code for sq, s in self.pieces.items()
                if s.alive() and not s.dying and s.alpha == 255 and s.scale == 1.0}

    def engine_board(self) -> dict[str, str]:
        return {NAMES[i]: LETTERS[v] for i, v in enumerate(self.state.board) if v}

    def turn_started(self) -> None:
        self.preview_cache = {}
        self.selected = None
        self.targets = {}

    def update(self, dt: float) -> None:
        super().update(dt)
        self.ask_about_draw()

    def ask_about_draw(self) -> None:
        """An open draw offer to a person: they answer it in a prompt over the board."""
        state = self.state
        if (state.offered_by is None or self.hosted or self.queue.busy or self.seat().is_ai
                or self.app.stack.top is not self):
            return
        self.app.stack.push(DrawOffer(self.app, self, state.offered_by))

    # -- moves -----------------------------------------------------------------------
    def preview(self, move: Move) -> tuple[State, list[dict]]:
        if move not in self.preview_cache:
            self.preview_cache[move] = SPARKS.play(self.state, move)
        return self.preview_cache[move]

    def marks_of(self, move: Move) -> frozenset[str]:
        """How a destination is marked, from the engine's result of playing the move."""
        return marks_for(move.to, self.preview(move)[1])

    def movable(self) -> list[str]:
        """The mover's pieces that have a legal move, in square order."""
        if self.state.over:
            return []
        return sorted({m.frm for m in self.board_moves()},
                      key=lambda s: (square_of(s)[1], square_of(s)[0]))

    def board_moves(self) -> list[Move]:
        """The pieces' legal moves (none while a draw offer waits for its answer)."""
        return [m for m in SPARKS.legal_moves(self.state) if isinstance(m, Move)]

    def select(self, square: str, quiet: bool = False) -> bool:
        code = self.state.piece_at(square)
        moves = [m for m in self.board_moves() if m.frm == square]
        if not moves:
            if not quiet:
                self.say(f"The {kind_name(code)} on {square} has no legal move." if code
                         else f"There is no piece on {square}.")
            return False
        self.selected = square
        self.targets = {m.to: self.marks_of(m) for m in moves}
        return True

    def deselect(self) -> None:
        self.selected = None
        self.targets = {}

    def choose(self, square: str) -> None:
        """Confirm on ``square``: select a piece, move the selected one, or say why not."""
        code = self.state.piece_at(square)
        mine = code is not None and side_of(code) == self.state.to_move
        if self.selected and square in self.targets:
            self.try_play(Move(self.selected, square))
        elif mine and square == self.selected:
            self.deselect()
        elif mine:
            self.select(square)
        elif self.selected:
            self.try_play(Move(self.selected, square))  # the engine says why not
        else:
            self.say(SPARKS.why_illegal(self.state, Move(square, square)) or "Choose one of your pieces.")

    def notation(self, before: State, move, effects: list[dict]) -> str:
        text = SPARKS.move_text(move, before)
        removed = sum(len(e["squares"]) for e in effects if e["type"] == "gated")
        removed += sum(1 for e in effects if e["type"] == "corner")
        return text + (f" †{removed}" if removed else "")

    # -- draw by agreement -----------------------------------------------------------
    def offer_draw(self) -> None:
        """The player to move offers a draw: a move of the rules, answered by the other
        player (a prompt for a person; the computer answers it on its turn)."""
        if self.queue.busy:
            self.queue.skip()
        if self.state.over:
            self.say("The game is over.")
            return
        self.deselect()
        self.try_play(OFFER)

    def answer_draw(self, accepted: bool, offerer: str) -> None:
        self.try_play(ACCEPT if accepted else DECLINE)

    # -- effects -> animation ----------------------------------------------------------
    def animate(self, before: State, effects: list[dict]) -> None:
        ctx: dict[str, PieceSprite] = {}  # the move's captured sprite, handed to the capture step
        for e in effects:
            kind = e["type"]
            if kind == "move":
                self._animate_move(e, ctx)
            elif kind == "capture":
                self._animate_capture(ctx)
            elif kind == "gated":
                self._animate_gating(e, before.gate_diagonals)
            elif kind == "corner":
                self._animate_corner(e)
            elif kind == "pass":
                self._announce_pass(e["player"])
            elif kind == "answer" and not e["accept"]:
                offerer = PLAYERS[1 - PLAYERS.index(e["player"])]
                self.say(f"{e['player'].capitalize()} declines the draw; {offerer} plays on.")
            elif kind == "end":
                self.queue.add(Tween(RESULT_DELAY, ease=linear))

    def _animate_move(self, e: dict, ctx: dict[str, PieceSprite]) -> None:
        frm, to, conduct = e["from"], e["to"], e["conduct"]
        a, b = square_of(frm), square_of(to)
        moving: list[PieceSprite] = []

        def start() -> None:
            sprite = self.pieces.pop(frm)
            victim = self.pieces.pop(to, None)
            if victim is not None:
                victim.dying = True
                ctx["victim"] = victim
            sprite.square = to
            self.pieces[to] = sprite
            self.board_group.remove(sprite)
            self.board_group.add(sprite)  # drawn on top while it moves
            self.last_move = (frm, to)
            moving.append(sprite)
            if conduct:
                self.arc = (a, b, 0.0)
            cue(self, "slide")

        def glide(t: float) -> None:
            sprite = moving[0]
            sprite.pos = _lerp(a, b, t)
            if conduct:
                sprite.lift = math.sin(math.pi * t)
                self.arc = (a, b, 1.0 - t)

        def done() -> None:
            moving[0].lift = 0.0
            self.arc = None
            cue(self, "place")  # the piece lands

        dist = max(abs(a[0] - b[0]), abs(a[1] - b[1]))
        duration = CONDUCT if conduct else SLIDE + 0.03 * dist
        self.queue.add(Tween(duration, glide, done, ease=ease_in_out), on_start=start)

    def _animate_capture(self, ctx: dict[str, PieceSprite]) -> None:
        held: list[PieceSprite] = []

        def start() -> None:
            if "victim" in ctx:
                held.append(ctx.pop("victim"))
            cue(self, "capture")

        def burst(t: float) -> None:
            for v in held:
                v.doom = 1.0 - t
                v.scale = 1.0 + 0.5 * t
                v.alpha = int(255 * (1 - t))

        def gone() -> None:
            for v in held:
                v.kill()
            self.view_rev += 1

        self.queue.add(Tween(CAPTURE, burst, gone, ease=ease_out_cubic), on_start=start)

    def _animate_gating(self, e: dict, diagonals: bool) -> None:
        squares = list(e["squares"])
        doomed: list[PieceSprite] = []
        ends: list[PieceSprite] = []

        def light() -> None:
            codes = {sq: s.code for sq, s in self.pieces.items() if not s.dying}
            self.beams = gate_beams(codes, squares, diagonals)
            for sq in squares:
                sprite = self.pieces.pop(sq, None)
                if sprite is not None:
                    sprite.dying = True
                    doomed.append(sprite)
            seen = {sq for pair in self.beams for sq in pair}
            for sq in seen:
                sprite = self.pieces.get(sq) or next((d for d in doomed if d.square == sq), None)
                if sprite is not None:
                    ends.append(sprite)
            cue(self, "connect")  # the gating beams light up

        def beam(t: float) -> None:
            self.beam_t = t
            for sprite in ends:
                sprite.glow = t
            for sprite in doomed:
                sprite.doom = abs(math.sin(t * math.pi * 2))

        def fade(t: float) -> None:
            self.beam_t = 1.0 - t
            for sprite in ends:
                sprite.glow = 1.0 - t
            for sprite in doomed:
                sprite.alpha = int(255 * (1 - t))
                sprite.scale = 1.0 - 0.35 * t
                sprite.doom = 1.0 - t

        def vanish() -> None:
            if doomed:
                cue(self, "capture")  # the gated pieces are gone
            for sprite in doomed:
                sprite.kill()
            for sprite in ends:
                sprite.glow = 0.0
            self.beams = []
            self.view_rev += 1

        self.queue.add(Tween(BEAM, beam, ease=linear), on_start=light)
        self.queue.add(Tween(FADE, fade, vanish, ease=ease_in_out))

    def _animate_corner(self, e: dict) -> None:
        square = e["square"]
        held: list[PieceSprite] = []

        def start() -> None:
            sprite = self.pieces.pop(square, None)
            if sprite is not None:
                sprite.dying = True
                held.append(sprite)
            cue(self, "void")  # the piece sinks into the corner

        def sink(t: float) -> None:
            self.flash_corner = (square, abs(math.sin(t * math.pi * 2.5)))
            for sprite in held:
                sprite.doom = 1.0
                sprite.scale = 1.0 - 0.8 * t
                sprite.alpha = int(255 * (1 - t * t))

        def gone() -> None:
            for sprite in held:
                sprite.kill()
            self.flash_corner = None
            self.view_rev += 1

        self.queue.add(Tween(CORNER, sink, gone, ease=linear), on_start=start)

    def _announce_pass(self, player: str) -> None:
        other = PLAYERS[1 - PLAYERS.index(player)]
        text = f"{player.capitalize()} has no legal move and passes: {other} moves again"

        def start() -> None:
            self.banner, self.banner_t = text, 4.0

        self.queue.add(Tween(PASS, ease=linear), on_start=start)

    # -- input -------------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        # Back deselects a selected piece before it means "pause"
        if (action.name == BACK and not action.is_pointer and self.selected and not self.queue.busy
                and not self.state.over):
            self.deselect()
            return
        super().handle(action)

    def on_action(self, action: Action) -> None:
        if action.name == POINT:
            self.point_at(action.pos)
        elif action.name == ALTERNATE:
            if action.is_pointer:  # right click: let go of the selected piece
                if self.selected:
                    self.deselect()
            else:
                self.offer_draw()
        elif action.name in (UP, DOWN, LEFT, RIGHT) and not action.is_pointer:
            self.move_cursor(action.name)
        elif action.name == CONFIRM:
            if action.pos is not None:
                square = self.cell_at(action.pos)
                if square is None:
                    return
                self.cursor = square
            self.choose(self.cursor)

    def cell_at(self, pos: tuple[int, int]) -> str | None:
        return self.geo.at(*pos) if self.geo else None

    def move_cursor(self, direction: str) -> None:
        f, r = square_of(self.cursor)
        df, dr = {UP: (0, 1), DOWN: (0, -1), LEFT: (-1, 0), RIGHT: (1, 0)}[direction]
        self.cursor = name_of(min(7, max(0, f + df)), min(7, max(0, r + dr)))
        self.hover_from_mouse = False

    def buttons_row(self) -> tuple[str, ...]:
        return ("draw", "undo", "redo", "menu")

    # -- the result ----------------------------------------------------------------------

    def score_line(self) -> str:
        from ..rules.sparks import OWNER

        pieces = [sum(1 for v in self.state.board if v and OWNER[v] == c) for c in (0, 1)]
        return f"Pieces: White {pieces[0]}, Black {pieces[1]}"

    def result(self, outcome):
        d = outcome.detail
        table = [["", "White", "Black"],
                 ["Pieces left", str(d["pieces"]["white"]), str(d["pieces"]["black"])]]
        for k, name in enumerate(KIND_NAMES):
            counts = [sum(1 for v in self.state.board if v and LETTERS[v] == side + KIND_LETTERS[k])
                      for side in "WB"]
            table.append([f"  {name}s" if k < 3 else "  IC", str(counts[0]), str(counts[1])])
        notes = [f"{d['ply']} moves played; {d['quiet_plies']} since a piece was last removed."]
        winner = outcome.winner
        reason = {
            "ic": ("Both ICs are gone: a draw." if winner == DRAW else
                   f"{PLAYERS[1 - PLAYERS.index(winner)].capitalize()}'s IC is gone."),
            "material": "Only the two ICs and one Spark or Surge are left: a draw.",
            "repetition": "The same placement of all pieces occurred for the 3rd time: a draw.",
            "inactivity": f"{INACTIVITY} moves in a row without a piece removed: a draw.",
            "blocked": "Neither side has a legal move: a draw.",
            "agreement": "The players agreed to a draw.",
        }.get(outcome.reason, outcome.reason)
        notes.insert(0, reason)
        if winner == DRAW:
            return "A draw", table, notes, theme.ACCENT
        return f"{winner.capitalize()} wins!", table, notes, SIDE_INK[winner]

    # -- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = theme.scale_of(surface)
        panel_w = int(max(330 * s, w * 0.31))
        board_rect = pygame.Rect(0, int(48 * s), w - panel_w, h - int(90 * s))
        self.geo = geo = BoardGeom.fit(board_rect, 26 * s)
        key = ((w, h), board_rect.size)
        if self._board_cache is None or self._board_cache[0] != key:
            img = pygame.Surface((board_rect.width, h))
            img.fill(theme.BG)
            draw_board(img, geo)
            self._board_cache = (key, img.convert() if pygame.display.get_surface() else img)
        surface.blit(self._board_cache[1], (0, 0))
        self.draw_top_bar(surface, board_rect, s)
        self.blit_panel(surface, pygame.Rect(w - panel_w, 0, panel_w, h), s)
        idle = self.awaiting_human  # no cursor or hints while the computer moves
        self.draw_under(surface, idle)
        self.draw_pieces(surface)
        self.draw_over(surface, idle)
        self.draw_bottom(surface, board_rect, s)

    def draw_top_bar(self, surface: pygame.Surface, board_rect: pygame.Rect, s: float) -> None:
        if self.state.over:
            text, color = "Game over", theme.ACCENT
        else:
            p = self.state.to_move
            text, color = f"{self.player_name(p)} to move", SIDE_INK[p]
        theme.draw_text(surface, text, (board_rect.x + 20 * s, 10 * s), int(36 * s), color, bold=True)
        if self.banner_t > 0:
            theme.draw_text(surface, self.banner, (board_rect.right - 16 * s, 14 * s), int(26 * s),
                            theme.ACCENT, "topright")

    def draw_bottom(self, surface: pygame.Surface, board_rect: pygame.Rect, s: float) -> None:
        g = KEY_GLYPHS
        if self.app.last_device == "mouse":
            hint = "Click a piece, then a marked square   Right-click: deselect   Draw: panel button"
        elif self.selected:
            hint = (f"Arrows: move   {g[CONFIRM]}: go there   {g[BACK]}: deselect   "
                    f"{g[UNDO]}/{g[REDO]}: undo/redo   {g[MENU]}: menu")
        else:
            hint = (f"Arrows: move   {g[CONFIRM]}: pick a piece   {g[ALTERNATE]}: offer draw   "
                    f"{g[UNDO]}/{g[REDO]}: undo/redo   {g[MENU]}: menu")
        self.draw_message_or_hint(surface, board_rect.centerx, board_rect.bottom + 12 * s, s, hint)

    def draw_under(self, surface: pygame.Surface, idle: bool) -> None:
        geo = self.geo
        sq = geo.sq
        if self.last_move:
            tint = tint_image(sq, theme.ACCENT, 50)
            for name in self.last_move:
                surface.blit(tint, geo.rect(*square_of(name)))
        if self.flash_corner:
            name, t = self.flash_corner
            surface.blit(tint_image(sq, DEATH_INK, int(40 + 150 * t)), geo.rect(*square_of(name)))
        if idle and self.selected:
            surface.blit(tint_image(sq, CONDUCT_INK, 70), geo.rect(*square_of(self.selected)))
            for name, kinds in self.targets.items():
                if self.state.piece_at(name) is None:
                    surface.blit(mark_image(kinds, sq), geo.rect(*square_of(name)))

    def draw_pieces(self, surface: pygame.Surface) -> None:
        geo = self.geo
        base = int(geo.sq * 0.84)
        dying = []
        for sprite in self.board_group:
            if sprite.dying:
                dying.append(sprite)
            else:
                self.draw_piece(surface, sprite, base)
        for sprite in dying:  # on top: what goes is what the eye should follow
            self.draw_piece(surface, sprite, base)

    def draw_piece(self, surface: pygame.Surface, sprite: PieceSprite, base: int) -> None:
        x, y = self.geo.center(*sprite.pos)
        if sprite.glow > 0:
            pygame.draw.circle(surface, BEAM_INK, (x, y), base * (0.5 + 0.12 * sprite.glow),
                               max(2, int(base * 0.12 * sprite.glow)))
        if sprite.doom > 0:
            pygame.draw.circle(surface, DEATH_INK, (x, y), base * 0.56, max(2, int(base * 0.1 * sprite.doom)))
        size = max(4, int(base * sprite.scale * (1 + 0.25 * sprite.lift)))
        img = piece_image(sprite.code, size) if size == base else \
            pygame.transform.smoothscale(piece_image(sprite.code, base), (size, size))
        if sprite.alpha < 255:
            img = img.copy()
            img.set_alpha(sprite.alpha)
        surface.blit(img, img.get_rect(center=(round(x), round(y))))

    def draw_over(self, surface: pygame.Surface, idle: bool) -> None:
        geo = self.geo
        sq = geo.sq
        if self.arc:  # a conduction jump: a jagged spark from the old square to the new
            a, b, fade = self.arc
            pa, pb = geo.center(*a), geo.center(*b)
            pts = [pa]
            n = 7
            nx, ny = pb[1] - pa[1], pa[0] - pb[0]
            norm = math.hypot(nx, ny) or 1.0
            for k in range(1, n):
                t = k / n
                off = (0.12 if k % 2 else -0.12) * sq
                pts.append((pa[0] + (pb[0] - pa[0]) * t + nx / norm * off,
                            pa[1] + (pb[1] - pa[1]) * t + ny / norm * off))
            pts.append(pb)
            if fade > 0.05:
                pygame.draw.lines(surface, CONDUCT_INK, False, pts, max(2, int(sq * 0.06 * fade + 1)))
        if self.beams and self.beam_t > 0:
            width = max(2, int(sq * 0.1 * self.beam_t))
            for a, b in self.beams:
                pa, pb = geo.center(*square_of(a)), geo.center(*square_of(b))
                pygame.draw.line(surface, BEAM_INK, pa, pb, width + 4)
                pygame.draw.line(surface, (255, 255, 255), pa, pb, max(1, width // 2))
        if idle and self.selected:
            for name, kinds in self.targets.items():
                if self.state.piece_at(name) is not None:  # a capture: brackets over the victim
                    surface.blit(mark_image(kinds, sq), geo.rect(*square_of(name)))
            if self.cursor in self.targets:  # what this move would remove
                _, effects = self.preview(Move(self.selected, self.cursor))
                for e in effects:
                    if e["type"] == "gated":
                        for name in e["squares"]:
                            pygame.draw.circle(surface, DEATH_INK, geo.center(*square_of(name)), sq * 0.46,
                                               max(2, sq // 18))
        if not self.state.over:
            rect = geo.rect(*square_of(self.cursor))
            pygame.draw.rect(surface, (20, 20, 28), rect, max(3, sq // 12) + 2)
            pygame.draw.rect(surface, theme.ACCENT, rect.inflate(-2, -2), max(2, sq // 14))

    # -- the side panel -------------------------------------------------------------------
    def panel_key(self) -> tuple:
        return (id(self.state), self.selected, self.cursor, len(self.history), self.view_rev)

    def draw_panel(self, surface: pygame.Surface, panel: pygame.Rect, s: float) -> None:
        diag = "ranks, files, diagonals" if self.state.gate_diagonals else "ranks and files only"
        x0, inner_w, y = self.draw_panel_header(surface, panel, s, "SPARKS & SURGES",
                                                f"{self.level_title} board · gates on {diag}", 38)
        y -= int(4 * s)
        # material, from the drawn pieces, with the shapes themselves
        icon = int(24 * s)
        for side, letter in (("white", "W"), ("black", "B")):
            marker = ">" if side == self.state.to_move else " "
            theme.draw_text(surface, f"{marker} {side.capitalize()}", (x0, y + icon / 2), int(24 * s),
                            SIDE_INK[side], "midleft", bold=side == self.state.to_move)
            x = x0 + int(92 * s)
            for k in KIND_LETTERS:
                n = sum(1 for p in self.pieces.values() if p.code == letter + k and not p.dying)
                surface.blit(piece_image(letter + k, icon), (x, y))
                theme.draw_text(surface, f"×{n}", (x + icon + 3 * s, y + icon / 2), int(22 * s),
                                theme.INK if n else theme.INK_FAINT, "midleft")
                x += int(64 * s)
            y += int(icon + 6 * s)
        y += int(6 * s)
        # quiet moves and repetitions
        quiet, reps = self.state.quiet_plies, self.state.repetitions
        quiet_text, reps_text = self.counters()
        theme.draw_text(surface, quiet_text, (x0, y), int(22 * s),
                        theme.BAD if quiet >= INACTIVITY - 10 else theme.INK)
        bar = pygame.Rect(x0 + int(170 * s), y + int(3 * s), inner_w - int(170 * s), int(12 * s))
        pygame.draw.rect(surface, theme.BG_PANEL_HI, bar, border_radius=4)
        fill = bar.copy()
        fill.width = int(bar.width * min(1.0, quiet / INACTIVITY))
        if fill.width:
            pygame.draw.rect(surface, theme.BAD if quiet >= INACTIVITY - 10 else theme.ACCENT, fill,
                             border_radius=4)
        y += int(24 * s)
        theme.draw_text(surface, reps_text, (x0, y), int(22 * s),
                        theme.BAD if reps >= 2 else theme.INK)
        y += int(30 * s)
        # the selection, in words
        lines = [(line, color) for text, color in self.selection_words()
                 for line in theme.wrap(text, int(21 * s), inner_w)]
        for k, (line, color) in enumerate(lines[:3]):
            theme.draw_text(surface, line, (x0, y + k * int(21 * s)), int(21 * s), color)
        y += 3 * int(21 * s)
        y += int(4 * s)
        # the marks' legend
        lx = x0
        mk = int(26 * s)
        for kinds, label in ((frozenset({"move"}), "move"), (frozenset({"move", "conduct"}), "conducts"),
                             (frozenset({"move", "capture"}), "captures"),
                             (frozenset({"move", "death"}), "dies")):
            img = mark_image(kinds, mk)
            pygame.draw.rect(surface, DARK_SQ, (lx, y, mk, mk))
            surface.blit(img, (lx, y))
            rect = theme.draw_text(surface, label, (lx + mk + 4 * s, y + mk / 2), int(19 * s), theme.INK_DIM,
                                   "midleft")
            lx = rect.right + int(10 * s)
        y += mk + int(8 * s)
        self.draw_move_list(surface, x0, y, inner_w, panel.bottom - int(56 * s), s, SIDE_INK)
        self.draw_buttons(surface, x0, panel.bottom - int(46 * s), inner_w, s)

    def counters(self) -> tuple[str, str]:
        """The panel's quiet-move counter and repetition count, as the engine keeps them."""
        reps = self.state.repetitions
        return (f"Quiet moves {self.state.quiet_plies}/{INACTIVITY}",
                f"This position seen {reps}/{REPETITIONS} time{'s' if reps != 1 else ''}")

    def selection_words(self) -> list[tuple[str, tuple[int, int, int]]]:
        """Two lines on the selected piece and the move under the cursor."""
        if self.state.over:
            return [("The game is over.", theme.INK_DIM), ("", theme.INK)]
        if not self.selected:
            return [("Pick a piece to see where it can go.", theme.INK_DIM),
                    ("† in the move list: pieces lost to gates or corners", theme.INK_FAINT)]
        code = self.state.piece_at(self.selected)
        n = len(self.targets)
        conduct = sum(1 for m in self.targets.values() if "conduct" in m)
        deadly = sum(1 for m in self.targets.values() if "death" in m)
        first = f"{kind_name(code)} {self.selected}: {n} move{'s' if n != 1 else ''}"
        if conduct:
            first += f", {conduct} by conduction"
        if deadly:
            first += f", {deadly} deadly"
        if self.cursor not in self.targets:
            return [(first, theme.INK), ("Choose a marked square.", theme.INK_DIM)]
        move = Move(self.selected, self.cursor)
        _, effects = self.preview(move)
        words = [SPARKS.move_text(move, self.state)]
        color = theme.INK
        for e in effects:
            if e["type"] == "capture":
                words.append(f"takes the {kind_name(e['piece'])}")
            elif e["type"] == "gated":
                lost = sum(1 for p in e["pieces"] if p[0] == code[0])
                won = len(e["pieces"]) - lost
                if won:
                    words.append(f"gates {won} enemy")
                if move.to in e["squares"]:
                    words.append("lands in a gate and dies")
                    color = DEATH_INK
                elif lost:
                    words.append(f"loses {lost} of its own")
            elif e["type"] == "corner":
                words.append("dies on the corner")
                color = DEATH_INK
            elif e["type"] == "end":
                words.append("ends the game")
        second = words[0] + (": " + ", ".join(words[1:]) if len(words) > 1 else "")
        return [(first, theme.INK), (second, color)]


class DrawOffer(Scene):
    """A small prompt over the board: the mover offers a draw, the other player answers."""

    opaque = False

    def __init__(self, app, scene: SparksScene, offerer: str) -> None:
        super().__init__(app)
        self.scene = scene
        self.offerer = offerer
        self.answerer = PLAYERS[1 - PLAYERS.index(offerer)]
        self.choice = 1  # 0 accept, 1 decline: declining is the safe default
        self.rects: list[pygame.Rect] = []

    def answer(self, accepted: bool) -> None:
        self.app.stack.pop()
        self.scene.answer_draw(accepted, self.offerer)

    def handle(self, action: Action) -> None:
        if action.pos is not None:
            for i, rect in enumerate(self.rects):
                if rect.collidepoint(action.pos):
                    self.choice = i
                    if action.name == CONFIRM:
                        self.answer(i == 0)
                    return
            return
        if action.name in (UNDO, REDO):  # take the offer back (or redo the answer) from here too
            self.app.stack.pop()
            self.scene.handle(action)
        elif action.name in (LEFT, RIGHT, UP, DOWN, ALTERNATE):
            self.choice = 1 - self.choice
        elif action.name == CONFIRM:
            self.answer(self.choice == 0)
        elif action.name in (BACK, MENU):
            self.answer(False)

    def draw(self, surface: pygame.Surface) -> None:
        s = theme.scale_of(surface)
        geo = self.scene.geo
        area = geo.outer if geo else surface.get_rect()
        dim(surface, 120)
        box = pygame.Rect(0, 0, int(520 * s), int(190 * s))
        box.center = area.center
        pygame.draw.rect(surface, theme.BG_PANEL, box, border_radius=int(12 * s))
        pygame.draw.rect(surface, theme.ACCENT, box, 3, border_radius=int(12 * s))
        theme.draw_text(surface, f"{self.offerer.capitalize()} offers a draw",
                        (box.centerx, box.y + 18 * s), int(36 * s), SIDE_INK[self.offerer], "midtop", True)
        theme.draw_text(surface, f"{self.answerer.capitalize()}, do you accept?",
                        (box.centerx, box.y + 60 * s), int(28 * s), theme.INK, "midtop")
        self.rects = []
        for i, label in enumerate(("Accept", "Decline")):
            rect = pygame.Rect(0, 0, int(170 * s), int(46 * s))
            rect.center = (int(box.centerx + (i - 0.5) * 200 * s), int(box.bottom - 44 * s))
            on = i == self.choice
            pygame.draw.rect(surface, theme.BG_PANEL_HI if on else theme.BG_PANEL, rect, border_radius=8)
            pygame.draw.rect(surface, theme.ACCENT if on else theme.INK_FAINT, rect, 2, border_radius=8)
            theme.draw_text(surface, label, rect.center, int(28 * s), theme.ACCENT if on else theme.INK,
                            "center")
            self.rects.append(rect)
