"""The Sparks & Surges scene: a turn is a piece picked and a destination chosen (every
destination marked by what it would do), or an offer of a draw; the rules answer with
the move, captures, gated pieces, corner deaths and passes.

Input becomes a move here; the effect handlers queue the slides, conduction jumps,
captures, gating beams and corner deaths; how anything is drawn lives in the drawing
kit, :mod:`game.ui.kits.sparks`. The one thing worked out here is decorative: which gate
ends a gating beam is drawn between (the engine says who is removed).
"""
from __future__ import annotations

import math

import pygame

from ...i18n import N_, _, ngettext, refusal
from ...match import REMOTE
from ...rules.core import DRAW
from ...rules.sparks import (
    ACCEPT,
    DECLINE,
    INACTIVITY,
    KIND_LETTERS,
    LETTERS,
    NAMES,
    OFFER,
    PLAYERS,
    REPETITIONS,
    Move,
)
from ...ui import present, theme
from ...ui.actions import ALTERNATE, BACK, CONFIRM, DOWN, LEFT, MENU, REDO, RIGHT, TOUCH, UNDO, UP, Action
from ...ui.anim import Tween, ease_in_out, ease_out_cubic, linear
from ...ui.kits import sparks as kit
from ...ui.kits.sparks import marks_for, name_of, piece_name, pieces_name, side_of, square_of
from ...ui.widgets import hit
from ..base import LiveButton, Scene, arrows
from ..play import MovePlay, PlayScene, effect

SLIDE, CONDUCT, CAPTURE, BEAM, FADE, CORNER = 0.3, 0.5, 0.32, 0.5, 0.45, 0.55

#: by kind of piece (``KIND_LETTERS``): a piece that cannot move; a capture in the preview
NO_MOVE = (N_("The Spark on {square} has no legal move."), N_("The Surge on {square} has no legal move."),
           N_("The Degausser on {square} has no legal move."), N_("The IC on {square} has no legal move."))
TAKES = (N_("takes the Spark"), N_("takes the Surge"), N_("takes the Degausser"), N_("takes the IC"))
#: why a game ended, by the rules' reason (the IC's loss is worded where it happens)
END_REASONS = {"material": N_("Only the two ICs and one Spark or Surge are left: a draw."),
               "repetition": N_("The same placement of all pieces occurred for the 3rd time: a draw."),
               "blocked": N_("Neither side has a legal move: a draw."),
               "agreement": N_("The players agreed to a draw.")}


def kind_of(code: str) -> int:
    return KIND_LETTERS.index(code[1])


class SparksScene(PlayScene):
    game_id = "sparks"
    #: a move plays out in the pieces' sprites alone, the rest of the board standing still
    #: (``board_key`` unchanged): its frames redraw and present a small part of the board
    board_still_while_moving = True

    def __init__(self, app, **kw) -> None:
        super().__init__(app, **kw)
        self.cursor = "d2"
        self.selected: str | None = None
        self.targets: dict[str, frozenset[str]] = {}
        self.beams: list[tuple[str, str]] = []
        self.beam_t = 0.0
        self.arc: tuple[tuple[float, float], tuple[float, float], float] | None = None
        self.flash_corner: tuple[str, float] | None = None
        self.last_move: tuple[str, str] | None = None
        self.view_rev = 0
        self.buttons["draw"] = LiveButton(N_("Draw?"), self.offer_draw)

    # -- the game's turn --------------------------------------------------------------
    def new_game(self, seed: int | None = None) -> None:
        self.cursor = "d2"
        self.selected = None
        super().new_game(seed)

    def start_banner(self) -> str:
        return _("{side} moves first").format(side=self.side_name(self.start_player))

    def set_position(self, state) -> None:
        """A position shown afresh (a puzzle, a lesson, a new game): the cursor starts on a
        piece the side to move can move, the nearest to where it stood (a puzzle for black
        began with the cursor on white's d2)."""
        super().set_position(state)
        pieces = self.movable()
        if pieces and self.cursor not in pieces:
            cx, cy = square_of(self.cursor)
            self.cursor = min(pieces, key=lambda sq: abs(square_of(sq)[0] - cx) + abs(square_of(sq)[1] - cy))

    def point_to(self, move: Move) -> None:
        """The piece chosen, the cursor on its square to go to: the preview shows (an
        answer to a draw offer has no square: the message line says it)."""
        if isinstance(move, Move) and self.select(move.frm, quiet=True):
            self.cursor = move.to

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
            _after, effects = self.preview(Move(best, to))
            gates = sum(1 for e in effects if e["type"] == "gated" for sq in e["squares"] if sq != to)
            return 3 * gates + 2 * ("capture" in self.targets[to]) + ("death" in self.targets[to])

        target = max(self.targets, key=telling)
        if telling(target):
            self.cursor = target

    def turn_started(self) -> None:
        super().turn_started()
        self.selected = None
        self.targets = {}

    def update(self, dt: float) -> None:
        super().update(dt)
        self.ask_about_draw()

    def board_moves(self) -> list[Move]:
        """The pieces' legal moves (none while a draw offer waits for its answer)."""
        return [m for m in self.rules.legal_moves(self.state) if isinstance(m, Move)]

    def marks_of(self, move: Move) -> frozenset[str]:
        """How a destination is marked, from the engine's result of playing the move."""
        return marks_for(move.to, self.preview(move)[1])

    def movable(self) -> list[str]:
        """The mover's pieces that have a legal move, in square order."""
        if self.state.over:
            return []
        return sorted({m.frm for m in self.board_moves()},
                      key=lambda s: (square_of(s)[1], square_of(s)[0]))

    def select(self, square: str, quiet: bool = False) -> bool:
        code = self.state.piece_at(square)
        moves = [m for m in self.board_moves() if m.frm == square]
        if not moves:
            if not quiet:
                self.say(_(NO_MOVE[kind_of(code)]).format(square=square) if code
                         else _("There is no piece on {square}.").format(square=square))
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
            why = self.rules.why_illegal(self.state, Move(square, square))
            self.say(refusal(why) if why else _("Choose one of your pieces."))

    # -- draw by agreement -----------------------------------------------------------
    def offer_draw(self) -> None:
        """The player to move offers a draw: a move of the rules, answered by the other
        player (a prompt for a person; the computer answers it on its turn)."""
        if self.queue.busy:
            self.queue.skip()
        if self.state.over:
            self.say(_("The game is over."))
            return
        if not self.hosting.agreements:
            self.say(_("No draw to offer here: this position is won on the board."))
            return
        self.deselect()
        self.try_play(OFFER)

    def answer_draw(self, accepted: bool, offerer: str) -> None:
        self.try_play(ACCEPT if accepted else DECLINE)

    def ask_about_draw(self) -> None:
        """An open draw offer to a person: they answer it in a prompt over the board."""
        state = self.state
        if (state.offered_by is None or self.hosted or self.queue.busy or self.seat().is_ai
                or self.app.stack.top is not self):
            return
        if self.seat().device == REMOTE or (self.online is not None and self.online.pending is not None):
            # online: the opponent answers on its own screen; an answer sent waits for the server
            return
        self.app.stack.push(DrawOffer(self.app, self, state.offered_by))

    # -- input ---------------------------------------------------------------------------
    def handle(self, action: Action) -> None:
        # Back deselects a selected piece before it means "pause"
        if (action.name == BACK and not action.is_pointer and self.selected and not self.queue.busy
                and not self.state.over):
            self.deselect()
            return
        super().handle(action)

    def alternate(self, action: Action) -> None:
        if not action.is_pointer:
            self.offer_draw()
        elif self.selected:  # right click: let go of the selected piece
            self.deselect()

    def step_cursor(self, direction: str) -> None:
        f, r = square_of(self.cursor)
        df, dr = {UP: (0, 1), DOWN: (0, -1), LEFT: (-1, 0), RIGHT: (1, 0)}[direction]
        self.cursor = name_of(min(7, max(0, f + df)), min(7, max(0, r + dr)))

    def confirm(self, square: str) -> None:
        self.choose(square)

    def tap_target(self, pos: tuple[int, int]) -> str | None:
        """Only where the selected piece would go is previewed first: picking a piece up
        (or another, or letting it go) is no move, and a tap does it at once."""
        square = self.cell_at(pos)
        if square is None or not self.selected:
            return None
        code = self.state.piece_at(square)
        return None if code is not None and side_of(code) == self.state.to_move else square

    def previewed_move(self) -> Move | None:
        return Move(self.selected, self.cursor) if self.selected and not self.state.over else None

    def next_tap(self, move: Move) -> tuple[int, int] | None:
        """The piece first (unless it is the one chosen), then where it goes."""
        if not isinstance(move, Move) or self.geo is None:
            return None
        x, y = self.geo.center(*square_of(move.to if self.selected == move.frm else move.frm))
        return (round(x), round(y))

    # -- scanning: a piece that can move, then where it goes ------------------------------
    @staticmethod
    def scan_order(square: str) -> tuple[int, int]:
        f, r = square_of(square)
        return (7 - r, f)  # the eighth rank is drawn at the top

    def scan_targets(self) -> list[str]:
        if self.state.offered_by is not None:
            return []  # the offer is answered on its own panel
        if self.selected:  # its destinations, then the piece itself: choosing it lets go
            return [*sorted(self.targets, key=self.scan_order), self.selected]
        return sorted(self.movable(), key=self.scan_order)

    @property
    def geo(self) -> kit.BoardGeom | None:
        return self.layout.geo if self.layout else None

    def buttons_row(self) -> tuple[str, ...]:
        if not self.hosting.agreements:  # a puzzle or a lesson is won on the board, never agreed drawn
            return ("undo", "redo", "menu")
        return ("draw", "undo", "redo", "menu")

    # -- what is drawn at rest, for tests to compare with the engine ------------------------
    def reset_view(self) -> None:
        self.show_pieces(kit.PieceSprite(LETTERS[v], NAMES[i]) for i, v in enumerate(self.state.board) if v)
        self.beams, self.arc, self.flash_corner = [], None, None
        # the last move on the board, from the end: a few draw offers back at most
        last = next((move for _before, move, _text in reversed(self.history) if isinstance(move, Move)), None)
        self.last_move = (last.frm, last.to) if last else None
        self.view_rev += 1

    def drawn_board(self) -> dict[str, str]:
        return {sq: s.code for sq, s in self.pieces.items()
                if s.alive() and not s.dying and s.alpha == 255 and s.scale == 1.0}

    def engine_board(self) -> dict[str, str]:
        return {NAMES[i]: LETTERS[v] for i, v in enumerate(self.state.board) if v}

    # -- effects -> animation -------------------------------------------------------------
    @effect("move")
    def on_move(self, e: dict, play: MovePlay) -> None:
        frm, to, conduct = e["from"], e["to"], e["conduct"]
        a, b = square_of(frm), square_of(to)
        moving: list[kit.PieceSprite] = []

        def start() -> None:
            sprite = self.pieces.pop(frm)
            victim = self.pieces.pop(to, None)
            if victim is not None:
                victim.dying = True
                self.board.change_layer(victim, 2)  # what goes is what the eye should follow
                play.notes["victim"] = victim
            sprite.square = to
            self.pieces[to] = sprite
            self.board.change_layer(sprite, 1)  # drawn over the board while it moves
            self.last_move = (frm, to)
            moving.append(sprite)
            if conduct:
                self.arc = (a, b, 0.0)
            self.cue("slide")

        def glide(t: float) -> None:
            sprite = moving[0]
            sprite.pos = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            if conduct:
                sprite.lift = math.sin(math.pi * t)
                self.arc = (a, b, 1.0 - t)

        def done() -> None:
            moving[0].lift = 0.0
            self.board.change_layer(moving[0], 0)
            self.arc = None
            self.cue("place")  # the piece lands

        dist = max(abs(a[0] - b[0]), abs(a[1] - b[1]))
        duration = CONDUCT if conduct else SLIDE + 0.03 * dist
        self.queue.add(Tween(duration, glide, done, ease=ease_in_out), on_start=start)

    @effect("capture")
    def on_capture(self, e: dict, play: MovePlay) -> None:
        held: list[kit.PieceSprite] = []

        def start() -> None:
            if "victim" in play.notes:
                held.append(play.notes.pop("victim"))
            self.cue("capture")
            for v in held:
                self.burst(v.rect.center, theme.BAD, 18)

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

    @effect("gated")
    def on_gated(self, e: dict, play: MovePlay) -> None:
        squares = list(e["squares"])
        doomed: list[kit.PieceSprite] = []
        ends: list[kit.PieceSprite] = []
        diagonals = play.before.gate_diagonals

        def light() -> None:
            codes = {sq: s.code for sq, s in self.pieces.items() if not s.dying}
            self.beams = kit.gate_beams(codes, squares, diagonals)
            for sq in squares:
                sprite = self.pieces.pop(sq, None)
                if sprite is not None:
                    sprite.dying = True
                    self.board.change_layer(sprite, 2)
                    doomed.append(sprite)
            seen = {sq for pair in self.beams for sq in pair}
            for sq in seen:
                sprite = self.pieces.get(sq) or next((d for d in doomed if d.square == sq), None)
                if sprite is not None:
                    ends.append(sprite)
            self.cue("connect")  # the gating beams light up

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
                self.cue("capture")  # the gated pieces are gone
            for sprite in doomed:
                self.burst(sprite.rect.center, theme.ACCENT, 12)
            for sprite in doomed:
                sprite.kill()
            for sprite in ends:
                sprite.glow = 0.0
            self.beams = []
            self.view_rev += 1

        self.queue.add(Tween(BEAM, beam, ease=linear), on_start=light)
        self.queue.add(Tween(FADE, fade, vanish, ease=ease_in_out))

    @effect("corner")
    def on_corner(self, e: dict, play: MovePlay) -> None:
        square = e["square"]
        held: list[kit.PieceSprite] = []

        def start() -> None:
            sprite = self.pieces.pop(square, None)
            if sprite is not None:
                sprite.dying = True
                self.board.change_layer(sprite, 2)
                held.append(sprite)
            self.cue("void")  # the piece sinks into the corner

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

    @effect("pass")
    def on_pass(self, e: dict, play: MovePlay) -> None:
        player = e["player"]
        text = _("{side} has no legal move and passes: {other} moves again").format(
            side=self.side_name(player), other=self.side_word(self.other(player)))
        self.queue.add(Tween(self.PASS_SECONDS, ease=linear), on_start=lambda: self.show_banner(text, 4.0))

    @effect("answer")
    def on_answer(self, e: dict, play: MovePlay) -> None:
        if not e["accept"]:
            offerer = self.other(e["player"])
            self.say(_("{side} declines the draw; {offerer} plays on.").format(
                side=self.side_name(e["player"]), offerer=self.side_word(offerer)))

    # -- the end ------------------------------------------------------------------------------
    DECIDING_REASON = 0  # the reasons: how it ended, then how many moves were played

    def result_parts(self, outcome):
        d = outcome.detail
        table = [["", self.side_name("white"), self.side_name("black")],
                 [_("Pieces left"), str(d["pieces"]["white"]), str(d["pieces"]["black"])]]
        for k in range(len(KIND_LETTERS)):
            counts = [sum(1 for v in self.state.board if v and LETTERS[v] == side + KIND_LETTERS[k])
                      for side in "WB"]
            table.append(["  " + pieces_name(k), str(counts[0]), str(counts[1])])
        winner = outcome.winner
        if outcome.reason == "ic":
            reason = (_("Both ICs are gone: a draw.") if winner == DRAW else
                      _("{side}'s IC is gone.").format(side=self.side_name(self.other(winner))))
        elif outcome.reason == "inactivity":
            reason = ngettext("{n} move in a row without a piece removed: a draw.",
                              "{n} moves in a row without a piece removed: a draw.",
                              INACTIVITY).format(n=INACTIVITY)
        elif outcome.reason in END_REASONS:
            reason = _(END_REASONS[outcome.reason])
        else:
            reason = outcome.reason
        played = ngettext("{n} move played; {quiet} since a piece was last removed.",
                          "{n} moves played; {quiet} since a piece was last removed.", d["ply"]).format(
            n=d["ply"], quiet=d["quiet_plies"])
        if winner == DRAW:  # a draw may leave more pieces to one side: each named
            margin = _("Pieces left: {first} {first_count}, {second} {second_count}").format(
                first=self.side_name("white"), first_count=d["pieces"]["white"],
                second=self.side_name("black"), second_count=d["pieces"]["black"])
        else:
            margin = _("Pieces left: {won} to {lost}").format(won=d["pieces"][winner],
                                                              lost=d["pieces"][self.other(winner)])
        return margin, [reason, played], table

    # -- drawing --------------------------------------------------------------------------------
    def make_layout(self, size: tuple[int, int]) -> kit.Layout:
        return kit.Layout(size)

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        kit.draw_board(surface, self.layout.geo)

    def board_key(self) -> tuple | None:
        return (self.last_move, self.flash_corner, self.arc, tuple(self.beams), self.beam_t,
                None if self.state.over else self.cursor, self.person_marks())

    def person_marks(self) -> frozenset:
        """While a person chooses, the marks of the choice, each on its square: the piece
        picked up, its destinations (on a piece or not) and the pieces the move under the
        cursor would remove. Picking a piece up redraws those squares, not the board."""
        if not (self.awaiting_human and self.selected):
            return frozenset()
        marks: set[tuple] = {("selected", self.selected)}
        marks.update(("target", name, kinds, self.state.piece_at(name) is not None)
                     for name, kinds in self.targets.items())
        if self.cursor in self.targets:
            for e in self.preview(Move(self.selected, self.cursor))[1]:
                if e["type"] == "gated":
                    marks.update(("doomed", name) for name in e["squares"])
        return frozenset(marks)

    def key_area(self, before: tuple, after: tuple) -> list[pygame.Rect]:
        """The squares whose marks changed (the last move's rings, a corner's flash, the
        cursor, a person's choice: ``person_marks``), and the band of an arc or a beam: a
        move's marks change in a few squares, and drawing the whole board anew for them was
        the slowest frame of the demo at 4K."""
        geo = self.layout.geo
        sq = geo.sq
        rects: list[pygame.Rect] = []

        def square(name: str | None) -> None:
            if name is not None:  # the cursor's brackets and a ring reach a little outside
                rects.append(pygame.Rect(geo.rect(*square_of(name))).inflate(sq // 2, sq // 2))

        def band(a: tuple[float, float], b: tuple[float, float]) -> None:
            (ax, ay), (bx, by) = geo.center(*a), geo.center(*b)
            rects.append(pygame.Rect(min(ax, bx), min(ay, by), abs(ax - bx) + 1, abs(ay - by) + 1)
                         .inflate(sq, sq))

        last, flash, arc, beams, beam_t, cursor = before[:6]
        last2, flash2, arc2, beams2, beam_t2, cursor2 = after[:6]
        if last != last2:
            for move in (last, last2):
                for name in move or ():
                    square(name)
        if flash != flash2:
            for f in (flash, flash2):
                square(f[0] if f else None)
        if arc != arc2:
            for a in (arc, arc2):
                if a:
                    band(a[0], a[1])
        if (beams, beam_t) != (beams2, beam_t2):
            for pair in (*beams, *beams2):
                band(*(square_of(name) for name in pair))
        if cursor != cursor2:
            square(cursor)
            square(cursor2)
        for mark in before[6] ^ after[6]:
            square(mark[1])
        return rects

    def draw_board(self, surface: pygame.Surface) -> None:
        geo = self.layout.geo
        sq = geo.sq
        idle = self.awaiting_human  # no cursor or hints while the computer moves
        if self.flash_corner:
            name, t = self.flash_corner
            surface.blit(kit.tint_image(sq, kit.DEATH_INK, int(40 + 150 * t)), geo.rect(*square_of(name)))
        if idle and self.selected:
            kit.draw_selection(surface, geo, self.selected)
            for name, kinds in self.targets.items():
                if self.state.piece_at(name) is None:
                    surface.blit(kit.mark_image(kinds, sq), geo.rect(*square_of(name)))
        self.board.draw(surface)
        if self.last_move:  # over the pieces: the rings sit in the squares' corners
            kit.draw_last_move(surface, geo, self.last_move)
        if self.arc:
            kit.draw_arc(surface, geo, *self.arc)
        if self.beams and self.beam_t > 0:
            kit.draw_beams(surface, geo, self.beams, self.beam_t)
        if idle and self.selected:
            for name, kinds in self.targets.items():
                if self.state.piece_at(name) is not None:  # a capture: wedges over the victim
                    surface.blit(kit.mark_image(kinds, sq), geo.rect(*square_of(name)))
            if self.cursor in self.targets:  # what this move would remove
                for e in self.preview(Move(self.selected, self.cursor))[1]:
                    if e["type"] == "gated":
                        kit.draw_doomed(surface, geo, e["squares"])
        if not (self.state.over or self.hosted):  # a replay's, a demo's, a picture's: nobody moves there
            kit.draw_cursor(surface, geo, self.cursor)

    def controls(self) -> str:
        g = self.app.glyphs()
        if self.app.last_device == "mouse":
            if not self.hosting.agreements:  # no draw in a puzzle or a lesson
                return _("Click a piece, then a marked square   Right-click: deselect")
            return _("Click a piece, then a marked square   Right-click: deselect   Draw: panel button")
        if self.app.last_device == TOUCH:  # the panel's Draw? button says itself what it does
            return _("Tap a piece, then a marked square to preview, again to go there")
        keys = {"arrows": arrows(g), "confirm": g[CONFIRM], "back": g[BACK], "alternate": g[ALTERNATE],
                "undo": g[UNDO], "redo": g[REDO], "menu": g[MENU]}
        if self.selected:
            return _("{arrows}: move   {confirm}: go there   {back}: deselect   "
                     "{undo}/{redo}: undo/redo   {menu}: menu").format(**keys)
        if not self.hosting.agreements:
            return _("{arrows}: move   {confirm}: pick a piece   "
                     "{undo}/{redo}: undo/redo   {menu}: menu").format(**keys)
        return _("{arrows}: move   {confirm}: pick a piece   {alternate}: offer draw   "
                 "{undo}/{redo}: undo/redo   {menu}: menu").format(**keys)

    # -- the side panel -------------------------------------------------------------------
    def panel_key(self) -> tuple:
        # the words on the square under the cursor, not the cursor: a step onto an empty
        # square says nothing new, and the panel painted anew at every step was 1.5 to 3 ms
        return (id(self.state), self.selected, tuple(self.selection_words()), len(self.history),
                self.view_rev)

    def panel_subtitle(self) -> str:
        if self.state.gate_diagonals:
            return _("{board} board · gates on ranks, files, diagonals").format(board=self.level_title())
        return _("{board} board · gates on ranks and files only").format(board=self.level_title())

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, s: float) -> float:
        x0, width, y = rect.x, rect.width, rect.y
        counts: dict[str, int] = {}
        for p in self.pieces.values():
            if not p.dying:
                counts[p.code] = counts.get(p.code, 0) + 1
        for side in PLAYERS:
            y = kit.draw_material(surface, x0, y, side, counts, side == self.state.to_move, s,
                                  self.side_name(side), width)
        y += int(6 * s)
        quiet, reps = self.state.quiet_plies, self.state.repetitions
        quiet_text, reps_text = self.counters()
        warn = quiet >= INACTIVITY - 10
        said = theme.draw_text(surface, quiet_text, (x0, y), int(22 * s), theme.BAD if warn else theme.INK)
        bar_x = max(x0 + int(170 * s), said.right + int(8 * s))
        if x0 + width - bar_x < 30 * s:  # no room beside the words: the bar goes under them
            y, bar_x = said.bottom, x0
        bar = pygame.Rect(bar_x, y + int(3 * s), x0 + width - bar_x, int(12 * s))
        pygame.draw.rect(surface, theme.BG_PANEL_HI, bar, border_radius=4)
        fill = bar.copy()
        fill.width = int(bar.width * min(1.0, quiet / INACTIVITY))
        if fill.width:
            pygame.draw.rect(surface, theme.BAD if warn else theme.ACCENT, fill, border_radius=4)
        y = max(y + int(24 * s), said.bottom + 2, bar.bottom + 2)
        reps_lines = theme.wrap(reps_text, int(22 * s), width)  # two lines in a narrow panel
        for line in reps_lines:
            theme.draw_text(surface, line, (x0, y), int(22 * s), theme.BAD if reps >= 2 else theme.INK)
            y += theme.step(int(22 * s), 24 * s)
        y += int(6 * s)
        lines = [(line, color) for text, color in self.selection_words()
                 for line in theme.wrap(text, int(21 * s), width)]
        line_h = theme.step(int(21 * s), int(21 * s))
        for k, (line, color) in enumerate(lines[:3]):
            theme.draw_text(surface, line, (x0, y + k * line_h), int(21 * s), color)
        y += 3 * line_h + int(4 * s)
        if not self.details:
            return y
        return kit.draw_mark_legend(surface, x0, y, s, width)

    def counters(self) -> tuple[str, str]:
        """The panel's quiet-move counter and repetition count, as the engine keeps them."""
        reps = self.state.repetitions
        return (_("Quiet moves {quiet}/{limit}").format(quiet=self.state.quiet_plies, limit=INACTIVITY),
                _("Repetitions of this position: {n}/{limit}").format(n=reps, limit=REPETITIONS))

    def selection_words(self) -> list[tuple[str, tuple[int, int, int]]]:
        """Two lines on the selected piece and the move under the cursor."""
        if self.state.over:
            return [(_("The game is over."), theme.INK_DIM), ("", theme.INK)]
        if not self.selected:
            under = self.state.piece_at(self.cursor) if self.cursor and not self.hosted else None
            if under is not None:  # the icon named: which piece the cursor (or the mouse) is on
                side = self.side_name("black" if under[0] == "B" else "white")
                return [(_("{piece} on {square} ({side})").format(piece=piece_name(under), square=self.cursor,
                                                                  side=side), theme.INK),
                        (_("Pick a piece to see where it can go."), theme.INK_DIM)]
            return [(_("Pick a piece to see where it can go."), theme.INK_DIM),
                    (_("† in the move list: pieces lost to gates or corners"), theme.INK_FAINT)]
        code = self.state.piece_at(self.selected)
        n = len(self.targets)
        conduct = sum(1 for m in self.targets.values() if "conduct" in m)
        deadly = sum(1 for m in self.targets.values() if "death" in m)
        parts = [ngettext("{piece} {square}: {n} move", "{piece} {square}: {n} moves", n).format(
            piece=piece_name(code), square=self.selected, n=n)]
        if conduct:
            parts.append(_("{n} by conduction").format(n=conduct))
        if deadly:
            parts.append(_("{n} deadly").format(n=deadly))
        first = ", ".join(parts)
        if self.cursor not in self.targets:
            return [(first, theme.INK), (_("Choose a marked square."), theme.INK_DIM)]
        move = Move(self.selected, self.cursor)
        _after, effects = self.preview(move)
        text = self.rules.move_text(move, self.state)
        return [(first, theme.INK), self.effect_words(text, move, code, effects)]

    def move_words(self, before, move, effects: list[dict], after) -> str:
        """The last move as its preview said it: "Sf2-f5: gates 2 enemy" (a draw offer or
        answer as the move list has it)."""
        if not isinstance(move, Move):
            return ""
        return self.effect_words(self.rules.move_text(move, before), move, before.piece_at(move.frm),
                                 effects)[0]

    def effect_words(self, text: str, move: Move, code: str, effects: list[dict]
                     ) -> tuple[str, tuple[int, int, int]]:
        """A move of the piece ``code`` and what it does, in words, and their colour."""
        words = []
        color = theme.INK
        for e in effects:
            if e["type"] == "capture":
                words.append(_(TAKES[kind_of(e["piece"])]))
            elif e["type"] == "gated":
                lost = sum(1 for p in e["pieces"] if p[0] == code[0])
                won = len(e["pieces"]) - lost
                if won:
                    words.append(ngettext("gates {n} enemy", "gates {n} enemy", won).format(n=won))
                if move.to in e["squares"]:
                    words.append(_("lands in a gate and dies"))
                    color = kit.DEATH_INK
                elif lost:
                    words.append(ngettext("loses {n} of its own", "loses {n} of its own",
                                          lost).format(n=lost))
            elif e["type"] == "corner":
                words.append(_("dies on the corner"))
                color = kit.DEATH_INK
            elif e["type"] == "end":
                words.append(_("ends the game"))
        return (_("{move}: {what}").format(move=text, what=", ".join(words)) if words else text), color


class DrawOffer(Scene):
    """The answer to an open draw offer, asked on a panel over the board."""

    scan_step = DOWN  # scanning: Accept, Decline

    moves_by_itself = False

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
            i = hit(self.rects, action.pos)
            if i is not None:
                self.choice = i
                if action.name == CONFIRM:
                    self.answer(i == 0)
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
        present.dim(surface, 120)
        box = pygame.Rect(0, 0, int(520 * s), int(190 * s))
        box.center = area.center
        present.panel(surface, box, s)
        theme.draw_text(surface, _("{side} offers a draw").format(side=self.scene.side_name(self.offerer)),
                        (box.centerx, box.y + 18 * s), int(36 * s), self.scene.side_ink(self.offerer),
                        "midtop", True)
        theme.draw_text(surface, _("{side}, do you accept?").format(side=self.scene.side_name(self.answerer)),
                        (box.centerx, box.y + 60 * s), int(28 * s), theme.INK, "midtop")
        self.rects = []
        for i, label in enumerate((_("Accept"), _("Decline"))):
            rect = pygame.Rect(0, 0, int(170 * s), int(46 * s))
            rect.center = (int(box.centerx + (i - 0.5) * 200 * s), int(box.bottom - 44 * s))
            on = i == self.choice
            pygame.draw.rect(surface, theme.BG_PANEL_HI if on else theme.BG_PANEL, rect, border_radius=8)
            pygame.draw.rect(surface, theme.ACCENT if on else theme.INK_FAINT, rect, 2, border_radius=8)
            theme.draw_text(surface, label, rect.center, int(28 * s), theme.ACCENT if on else theme.INK,
                            "center")
            self.rects.append(rect)
