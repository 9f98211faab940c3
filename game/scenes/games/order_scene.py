"""The Great Order scene: first each player arranges a collection in secret (a hot-seat
hand-over card between them), then a turn is an end stone laid in a column; a stone
that completes a column connects, and the same player places again while the chain
grows; a chain scores 1+2+3+... when the turn ends.

Input becomes a move here; the effect handlers queue the stone's flight, the lit
column and the counted score; how anything is drawn lives in the drawing kit,
:mod:`game.ui.kits.order`. Legal columns, forced connections (read off the engine's legal
moves and their effects), arrangement validity and scores come from the rules.
"""
from __future__ import annotations

import math
import random
import threading
import time
from typing import Any

import pygame

from ... import i18n
from ...ai import collector
from ...i18n import N_, _, ngettext, refusal
from ...match import REMOTE
from ...rules.order import (
    COLUMNS,
    PLAYERS,
    Arrange,
    Move,
    State,
    arranging_steps,
    random_arrangement,
    why_bad_arrangement,
)
from ...ui import theme
from ...ui.actions import ALTERNATE, CONFIRM, DOWN, LEFT, POINT, REDO, RIGHT, TOUCH, UNDO, UP, Action
from ...ui.anim import Tween, ease_out_cubic, linear
from ...ui.kits import order as kit
from ...ui.widgets import Button
from ..base import either
from ..play import MovePlay, PlayScene, areas, effect

START_ROW = kit.START_ROW
FLY, CONNECT, SCORE = 0.32, 0.45, 0.7
chain_text = kit.chain_words
#: the move list's entry for an arrangement: never the lengths (a word, translated when shown)
ARRANGED = N_("arranged")



_warming: threading.Thread | None = None


def warm_arranging() -> None:
    """Build what "Random" draws a collection from (:func:`arranging_steps`) in a thread
    beside the frames, once per process: built in the frame of the first press it froze
    the screen for 130 to 270 ms. The thread gives the interpreter back after every small
    step, and the collector rests while it builds (the tables hold no cycles; a full
    collection in the middle held the interpreter for 12 ms), as while the computer's
    search tree grows (:mod:`game.ai.collector`)."""
    global _warming
    if _warming is None:
        _warming = threading.Thread(target=_warm, name="order-arranging", daemon=True)
        _warming.start()


def _warm() -> None:
    # (what was built then goes to the oldest generation: the first young collection after
    # it would otherwise scan all of it, 15 ms in whichever thread came next, most likely
    # the frames')
    with collector.resting():
        for _ in arranging_steps():
            time.sleep(0)  # the frames' turn


class OrderScene(PlayScene):
    game_id = "order"
    #: a move plays out in the pieces' sprites alone, the rest of the board standing still
    #: (``board_key`` unchanged): its frames redraw and present a small part of the board
    board_still_while_moving = True

    def __init__(self, app, **kw) -> None:
        super().__init__(app, **kw)
        # play: the end stone chosen ("end" stage) and the column cursor ("column" stage)
        self.stage = "end"
        self.end = "left"
        self.col = 0
        self._choices: dict[str, list[tuple[int, bool]]] | None = {"left": [], "right": []}
        # arrangement: the working row, the cursor, the block held, the keyboard focus
        self.work: list[int] = list(START_ROW)
        self.acur = 0
        self.held: int | None = None
        self.afocus = "row"  # "row" | "random" | "done"
        self.card: str | None = None  # the hot-seat hand-over card: who arranges next
        self.pointer: tuple[int, int] | None = None  # the mouse, for the stone it carries
        self.arrange_rng = random.Random(0)
        self.flash: dict[int, float] = {}
        self._glow_shown: dict[int, int] = {}  # the flashes last drawn, in tenths
        self.chain_pop = 0.0
        self.shown_collections: list[list[int]] = [[], []]
        self.shown_score = [0, 0]
        self.shown_chain = 0
        # worded at each draw (the Random button names its key)
        self.arrange_buttons = {"random": Button(_("Random"), self.random_work),
                                "done": Button(_("Done"), self.finish_arrangement)}
        warm_arranging()

    # -- the game's turn --------------------------------------------------------------
    def new_game(self, seed: int | None = None) -> None:
        self.arrange_rng = random.Random(seed)
        super().new_game(seed)
        self.arrange_rng = random.Random(self.seed)

    def start_banner(self) -> str:
        if self.state.phase != "play":
            return ""
        return _("{side} starts (drawn at random)").format(side=self.side_name(self.state.first))

    def point_to(self, move: Move | Arrange) -> None:
        """An arrangement becomes the working row; a move picks its end stone and column."""
        if isinstance(move, Arrange):  # asked for by the player to move: the card is passed
            self.work, self.held, self.afocus, self.card = list(move.lengths), None, "done", None
        else:
            self.end, self.stage, self.col = move.end, "column", move.column

    def after_autoplay(self) -> None:
        """For a screenshot: show the end stone with the most telling choice (a forced connection)."""
        self.banner_t = 0.0
        if self.state.over or self.state.phase != "play":
            return
        ends = [e for e in ("left", "right") if self.choices[e]]
        ends.sort(key=lambda e: (not self.forced(e), not any(c for _col, c in self.choices[e])))
        if ends:
            self.end = ends[0]
            self.stage = "column"
            self.col = self.choices[self.end][0][0]

    def reset_view(self) -> None:
        """Make the drawn field, collections and counters match the engine state."""
        self.show_pieces(kit.StoneSprite(player, length, col) for k, player in enumerate(PLAYERS)
                         for col, length in enumerate(self.state.columns[k]) if length)
        self.shown_collections = [list(c) for c in self.state.collections]
        self.shown_score = list(self.state.score)
        self.shown_chain = self.state.chain
        self.flash = {}
        self.chain_pop = 0.0

    # what is drawn at rest, for tests to compare with the engine ---------------------------
    def drawn_field(self) -> dict[tuple[str, int], int]:
        return {(s.player, s.column): s.length for s in self.board if s.src is None and s.t >= 1.0}

    def engine_field(self) -> dict[tuple[str, int], int]:
        return {(p, col): length for k, p in enumerate(PLAYERS)
                for col, length in enumerate(self.state.columns[k]) if length}

    def drawn_collections(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return tuple(self.shown_collections[0]), tuple(self.shown_collections[1])

    def visible_collection(self, player: str) -> tuple[int, ...] | None:
        """The lengths a player can see in ``player``'s row, or None when it is hidden
        (the hand-over card, or the other player's collection while one arranges)."""
        if self.state.phase == "arrange":
            if self.card is not None:
                return None
            if player == self.state.to_move:
                return tuple(self.work)
            return None
        return tuple(self.shown_collections[PLAYERS.index(player)])

    # -- turns ---------------------------------------------------------------------------
    def turn_started(self) -> None:
        super().turn_started()
        self.held = None
        if self.state.over:
            self.card = None
            return
        if self.state.phase == "arrange":
            # the hand-over card hides a collection from the other person at the screen:
            # no one needs hiding from the computer, and the computer needs no card
            self.card = self.state.to_move if self.hot_seat else None
            self.work = list(START_ROW)
            self.acur, self.afocus = 0, "row"
            return
        self.card = None
        self._choices = None
        self.stage = "end"
        if self.seat().is_ai:
            # the computer needs no cursor (a person's turn, or a seat taken over, starts
            # again here); working the choices out would play every legal move once in
            # the frame the computer's last move lands in
            return
        ends = self.placeable_ends()
        self.end = ends[0] if ends else "left"
        self.col = self.nearest_legal(self.col)

    @property
    def choices(self) -> dict[str, list[tuple[int, bool]]]:
        """The legal columns of each end stone and whether laying it there connects,
        worked out when first asked for in a turn."""
        if self._choices is None:
            play = self.state.phase == "play"
            self._choices = self.compute_choices() if play else {"left": [], "right": []}
        return self._choices

    def compute_choices(self) -> dict[str, list[tuple[int, bool]]]:
        """The legal columns of each end stone and whether laying it there connects,
        straight from the engine's legal moves and their effects."""
        out: dict[str, list[tuple[int, bool]]] = {"left": [], "right": []}
        for move in self.rules.legal_moves(self.state):
            _after, effects = self.preview(move)
            out[move.end].append((move.column, any(e["type"] == "connect" for e in effects)))
        return out

    def mover_collection(self) -> tuple[int, ...]:
        return self.state.collections[PLAYERS.index(self.state.to_move)]

    def placeable_ends(self) -> list[str]:
        return [e for e in ("left", "right") if self.choices[e]]

    def end_length(self, end: str) -> int:
        coll = self.mover_collection()
        return coll[0] if end == "left" else coll[-1]

    def legal_columns(self, end: str | None = None) -> dict[int, bool]:
        return dict(self.choices[end or self.end])

    def forced(self, end: str | None = None) -> bool:
        """The stone must connect: its legal columns all connect while some empty
        column is refused to it (the engine's legal moves say so)."""
        cols = self.legal_columns(end)
        if not cols or not all(cols.values()):
            return False
        blue, brown = self.state.columns
        return any(not blue[c] and not brown[c] and c not in cols for c in range(COLUMNS))

    def nearest_legal(self, col: int) -> int:
        cols = self.legal_columns()
        if not cols:
            return col
        return min(cols, key=lambda c: (abs(c - col), c))

    def notation(self, before: State, move, effects: list[dict]) -> str:
        if isinstance(move, Arrange):
            return ARRANGED  # never the lengths: the other player may be watching
        return super().notation(before, move, effects)

    def turns(self) -> list[tuple[str, list[str]]]:
        """The move list, an arrangement's entry in the current language."""
        return [(p, [_(t) if t == ARRANGED else t for t in texts]) for p, texts in super().turns()]

    # -- effects -> animation ------------------------------------------------------------
    def animate(self, play: MovePlay) -> None:
        if not play.effects:  # an arrangement: nothing moves
            self.reset_view()
            if play.before.phase == "arrange" and self.state.phase == "play":
                begins = (_("Play begins: {side} starts") if self.set_up  # a lesson's, set up
                          else _("Play begins: {side} starts (drawn at random)"))
                self.show_banner(begins.format(side=self.side_name(self.state.first)), 3.2)
            return
        super().animate(play)

    @effect("place")
    def on_place(self, e: dict, play: MovePlay) -> None:
        player, column, length = e["player"], e["column"], e["length"]
        k = PLAYERS.index(player)
        sprite = kit.StoneSprite(player, length, column)

        def start() -> None:
            coll = self.shown_collections[k]
            n = len(coll)
            i = 0 if e["end"] == "left" else n - 1
            coll.pop(i)
            sprite.src, sprite.t = (i, n), 0.0
            self.add_piece(sprite)
            self.board.change_layer(sprite, 1)

        def fly(t: float) -> None:
            sprite.t = t

        def landed() -> None:
            sprite.src, sprite.t = None, 1.0
            self.board.change_layer(sprite, 0)
            self.cue("place")

        self.queue.add(Tween(FLY, fly, landed, ease=ease_out_cubic), on_start=start)

    @effect("connect")
    def on_connect(self, e: dict, play: MovePlay) -> None:
        col, chain = e["column"], e["chain"]
        mover = play.mover
        again = play.after.to_move == mover and not any(x["type"] == "score" for x in play.effects)

        def start() -> None:
            self.shown_chain = chain
            self.chain_pop = 1.0
            self.cue("connect")
            self.burst(self.layout.geom.column_rect(col).center, theme.ACCENT, 16)
            if again:
                self.show_banner(_("Connection! {side} places again").format(side=self.side_name(mover)))

        def light(t: float) -> None:
            self.flash[col] = math.sin(t * math.pi)
            self.chain_pop = 1.0 - t

        def done() -> None:
            self.flash.pop(col, None)
            self.chain_pop = 0.0

        self.queue.add(Tween(CONNECT, light, done, ease=linear), on_start=start)

    @effect("score")
    def on_score(self, e: dict, play: MovePlay) -> None:
        k = PLAYERS.index(e["player"])
        old = [0]

        def start() -> None:
            old[0] = self.shown_score[k]
            self.shown_chain = e["connections"]
            self.cue("score")
            self.show_banner(_("{side} scores {chain}").format(side=self.side_name(e["player"]),
                                                              chain=kit.chain_words(e["connections"])), 3.0)

        def count(t: float) -> None:
            self.shown_score[k] = old[0] + round(e["points"] * t)

        def done() -> None:
            self.shown_chain = 0

        self.queue.add(Tween(SCORE, count, done, ease=linear), on_start=start)

    # -- input ---------------------------------------------------------------------------
    def on_action(self, action: Action) -> None:
        if action.name == POINT:
            self.point_at(action)
            return
        if self.state.over:
            return
        if self.state.phase == "arrange":
            self.arrange_action(action)
        else:
            self.play_action(action)

    # -- scanning ------------------------------------------------------------------------------
    def scan_targets(self) -> list[Any]:
        if self.state.over:
            return []
        if self.state.phase == "arrange":
            # a collection is dealt at random and taken with Done (or dealt again); the
            # hand-over card has one choice, to go on
            return [] if self.card is not None else ["random", "done"]
        return [(end, col) for end in self.placeable_ends() for col in sorted(self.legal_columns(end))]

    def scan_shown(self) -> Any:
        if self.state.phase == "arrange":
            return self.afocus
        return (self.end, self.col) if self.stage == "column" else None

    def scan_show(self, target: Any) -> None:
        if self.state.phase == "arrange":
            self.afocus, self.held = target, None  # a stone held lies where it is (unmoved)
        else:
            (self.end, self.col), self.stage = target, "column"

    def toward_field(self, player: str) -> str:
        return DOWN if player == "blue" else UP

    def point_at(self, action: Action) -> None:
        pos = action.pos
        if pos is None or self.geom is None or self.queue.busy or self.state.over:
            return
        if self.state.phase == "arrange":
            self.pointer = pos
            for button in self.arrange_buttons.values():
                button.handle(action)
            if self.card is None:
                i = self.geom.slot_at(self.state.to_move, pos, len(self.work))
                if i is not None:
                    self.acur, self.afocus = i, "row"
            return
        coll = self.mover_collection()
        i = self.geom.slot_at(self.state.to_move, pos, len(coll))
        if i is not None and self.stage == "end" and i in (0, len(coll) - 1):
            self.end = "left" if i == 0 or len(coll) == 1 else "right"
            return
        col = self.geom.column_at(pos)
        if col is not None:
            self.col = col

    # arrangement --------------------------------------------------------------------------
    def arrange_action(self, action: Action) -> None:
        name = action.name
        if self.card is not None:
            if name == CONFIRM:
                self.card = None
            else:
                ready = self.app.glyphs()[CONFIRM]
                self.say(_("{side}: press {key} or click when ready.").format(side=self.side_name(self.card),
                                                                             key=ready))
            return
        if action.pos is not None:
            if name == ALTERNATE:
                self.random_work()
            elif name == CONFIRM:
                for button in self.arrange_buttons.values():
                    if button.handle(action):
                        return
                i = self.geom.slot_at(self.state.to_move, action.pos, len(self.work)) if self.geom else None
                if i is not None:
                    self.acur, self.afocus = i, "row"
                    self.click_block(i)
            return
        if name == ALTERNATE:
            self.random_work()
        elif name in (LEFT, RIGHT):
            d = -1 if name == LEFT else 1
            if self.afocus != "row":
                self.afocus = "random" if self.afocus == "done" else "done"
            elif self.held is not None:
                j = self.held + d
                if 0 <= j < len(self.work):
                    self.work[self.held], self.work[j] = self.work[j], self.work[self.held]
                    self.held = self.acur = j
                else:
                    self.say(_("The row ends here: put the stone down with {key}.").format(
                        key=self.app.glyphs()[CONFIRM]))
            else:
                self.acur = max(0, min(len(self.work) - 1, self.acur + d))
        elif name in (UP, DOWN):
            toward = self.toward_field(self.state.to_move)
            if self.afocus == "row" and name == toward:
                if self.held is not None:
                    self.say(_("Put the stone you hold down first ({key}).").format(
                        key=self.app.glyphs()[CONFIRM]))
                else:
                    self.afocus = "done"
            elif self.afocus != "row" and name != toward:
                self.afocus = "row"
        elif name == CONFIRM:
            if self.afocus == "row":
                if self.held is None:
                    self.held = self.acur
                else:
                    self.put_down()
            else:
                self.arrange_buttons[self.afocus].on_click()

    def put_down(self) -> bool:
        """Lay the held stone where it is now, unless that makes equal neighbours."""
        why = why_bad_arrangement(self.work)
        if why:
            self.say(_("{reason} Move it on.").format(reason=refusal(why)))
            return False
        self.held = None
        return True

    def click_block(self, i: int) -> None:
        """Mouse: click a block to pick it up, another to swap the two, the same again to lay it down."""
        if self.held is None:
            self.held = i
            return
        if self.held == i:
            self.put_down()
            return
        trial = list(self.work)
        trial[self.held], trial[i] = trial[i], trial[self.held]
        why = why_bad_arrangement(trial)
        if why:
            reason = refusal(why)
            if i18n.language() == i18n.SOURCE:  # English goes on in lower case after the colon
                reason = reason[0].lower() + reason[1:]
            self.say(_("Not that swap: {reason}").format(reason=reason))
            return
        self.work = trial
        self.held = None

    def random_work(self) -> None:
        if self.state.phase != "arrange" or self.card is not None:
            return
        if _warming is not None:
            _warming.join()  # partway: finishing is quicker than building anew
        self.work = list(random_arrangement(self.arrange_rng))
        self.held = None

    def finish_arrangement(self) -> None:
        if self.state.phase != "arrange" or self.card is not None:
            return
        if self.held is not None:
            self.say(_("Put the stone you hold down first ({key}).").format(key=self.app.glyphs()[CONFIRM]))
            return
        self.try_play(Arrange(tuple(self.work)))

    # play ------------------------------------------------------------------------------------
    def play_action(self, action: Action) -> None:
        name = action.name
        if action.pos is not None:
            if name == CONFIRM:
                self.click_play(action.pos)
            elif name == ALTERNATE:
                self.switch_end()
            return
        if name == ALTERNATE:
            self.switch_end()
        elif self.stage == "end":
            if name in (LEFT, RIGHT):
                self.end = "left" if name == LEFT or len(self.mover_collection()) == 1 else "right"
            elif name in (CONFIRM, self.toward_field(self.state.to_move)):
                self.pick_end(self.end)
        else:
            if name in (LEFT, RIGHT):
                self.col = max(0, min(COLUMNS - 1, self.col + (-1 if name == LEFT else 1)))
            elif name == CONFIRM:
                self.try_play(Move(self.end, self.col))
            elif name in (UP, DOWN):
                self.stage = "end"

    def pick_end(self, end: str) -> bool:
        if len(self.mover_collection()) == 1:
            end = "left"
        if not self.choices[end]:
            why = self.rules.why_illegal(self.state, Move(end, 0))
            if why:
                self.say(refusal(why))
            elif end == "left":
                self.say(_("The left stone cannot be placed."))
            else:
                self.say(_("The right stone cannot be placed."))
            return False
        self.end = end
        self.stage = "column"
        self.col = self.nearest_legal(self.col)
        return True

    def switch_end(self) -> None:
        if len(self.mover_collection()) == 1:
            self.say(_("Only one stone is left: it is both ends."))
            return
        new = "right" if self.end == "left" else "left"
        if self.stage == "column":
            self.pick_end(new)
        else:
            self.end = new

    # a finger --------------------------------------------------------------------------------
    def tap_target(self, pos: tuple[int, int]) -> int | None:
        """A column of the field is previewed first; a stone of a collection is taken (or
        the arrangement changed, the card passed) at once: no stone is laid by that."""
        if self.state.over or self.state.phase != "play" or self.geom is None:
            return None
        player = self.state.to_move
        for side in (player, self.other(player)):
            if self.geom.slot_at(side, pos, len(self.state.collections[PLAYERS.index(side)])) is not None:
                return None
        return self.geom.column_at(pos)

    def column_shown(self) -> bool:
        """The column cursor, with the stone it would lay, shows: a column is being
        chosen, or a pointer (the mouse, a finger) is over the field."""
        return self.stage == "column" or self.app.last_device in ("mouse", "touch")

    def previewed_move(self) -> Move | Arrange | None:
        if self.state.over:
            return None
        if self.state.phase == "arrange":
            whole = self.held is None and why_bad_arrangement(self.work) is None
            return Arrange(tuple(self.work)) if whole else None  # Done lays it (after the card)
        return Move(self.end, self.col) if self.column_shown() else None

    def next_tap(self, move: Move | Arrange) -> tuple[int, int] | None:
        """Arranging: the card away, then Done for the row as it is. Playing: the end
        stone first (unless it is the one taken), then the column."""
        geom = self.geom
        if geom is None or self.state.over:
            return None
        if isinstance(move, Arrange):
            if self.state.phase != "arrange":
                return None
            if self.card is not None:
                return geom.field.center
            done = self.arrange_buttons["done"].rect
            return done.center if tuple(self.work) == tuple(move.lengths) and done.width else None
        if not isinstance(move, Move) or self.state.phase != "play":
            return None
        coll = self.mover_collection()
        if move.end != self.end:
            i = 0 if move.end == "left" else len(coll) - 1
            return geom.slot_rect(self.state.to_move, i, len(coll), coll[i]).center
        return geom.column_rect(move.column).center

    def click_play(self, pos: tuple[int, int]) -> None:
        if self.geom is None:
            return
        player = self.state.to_move
        coll = self.mover_collection()
        i = self.geom.slot_at(player, pos, len(coll))
        if i is not None:
            if i == 0:
                self.pick_end("left")
            elif i == len(coll) - 1:
                self.pick_end("right")
            else:
                self.say(_("Only the two end stones of a collection can be taken."))
            return
        opp = self.other(player)
        if self.geom.slot_at(opp, pos, len(self.state.collections[PLAYERS.index(opp)])) is not None:
            self.say(_("That is {side}'s collection: take one of your own end stones.").format(
                side=self.side_name(opp)))
            return
        col = self.geom.column_at(pos)
        if col is None:
            return
        self.col = col
        if not self.choices[self.end] and not self.pick_end(self.end):
            return
        self.try_play(Move(self.end, col))

    # -- the result ------------------------------------------------------------------------
    def longest_chains(self) -> list[int]:
        best = [0, 0]
        for before, move, _text in self.history:
            if isinstance(move, Arrange):
                continue
            for e in self.rules.play(before, move)[1]:
                if e["type"] == "score":
                    k = PLAYERS.index(e["player"])
                    best[k] = max(best[k], e["connections"])
        return best


    def score_line(self) -> str:
        if self.state.phase == "arrange":
            return _("Arranging the collections")
        return super().score_line()

    def result_parts(self, outcome):
        d = outcome.detail
        chains = self.longest_chains()
        table = [["", self.side_name("blue"), self.side_name("brown")],
                 [_("Stones left"), str(d["blue"]["left"]), str(d["brown"]["left"])],
                 [_("Longest chain"), str(chains[0]), str(chains[1])],
                 [_("Final score"), str(d["blue"]["score"]), str(d["brown"]["score"])]]
        reasons = [_("Both players passed in a row: a dead end; stones left score nothing.") if d["dead_end"]
                   else _("Every stone is placed: the field is full.")]
        reasons.append(_("Equal scores: a draw.") if outcome.winner == "draw"
                       else _("The higher score wins."))
        won, lost = self.winner_first(outcome.winner)
        margin = _("{won} points to {lost}").format(won=d[won]["score"], lost=d[lost]["score"])
        return margin, reasons, table

    # -- drawing --------------------------------------------------------------------------------
    def make_layout(self, size: tuple[int, int]) -> kit.Layout:
        layout = kit.Layout(size)
        kit.warm_blocks(layout.geom)
        kit.warm_cursor(layout.geom)
        return layout

    @property
    def geom(self) -> kit.FieldGeom | None:
        return self.layout.geom if self.layout else None

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        kit.draw_static_field(surface, self.layout.geom)

    def board_key(self) -> tuple | None:
        st = self.state
        if st.phase == "arrange" and not st.over and self.card is None and self.seats[st.to_move].is_ai:
            # the computer arranges behind a still picture: the other's hidden collection and a line
            return ("arranging", st.to_move, len(st.collections[PLAYERS.index(self.other(st.to_move))]),
                    self.player_name(st.to_move), self.side_name(self.other(st.to_move)))
        if st.phase == "arrange" and not st.over:
            return self.arrange_key()
        return (dict(self.drawn_field()), tuple(map(tuple, self.shown_collections)),
                self.state.to_move, tuple(map(self.side_name, PLAYERS)),
                None if self.queue.busy else self.last_stone(), self.person_marks())

    def person_marks(self) -> frozenset:
        """While a person chooses, the marks of the choice, each where it is drawn: the
        chosen end stone's (with the cursor's brackets while ends are chosen, a cross on an
        end that cannot be placed), each legal column's target (a "!" on the boundary when the
        connection is forced) and the column cursor with its ghost stone. A cursor step
        redraws its old and new column, not the field (1.5 to 2 ms a frame at 1920×1080
        with two phones playing)."""
        if not self.awaiting_human:
            return frozenset()
        mover = self.state.to_move
        placeable = tuple(bool(self.choices[end]) for end in ("left", "right"))
        forced, columns = self.forced(), self.legal_columns()
        marks: set[tuple] = {("ends", mover, self.end, placeable, self.stage == "end")}
        marks.update(("target", mover, col, connects, forced) for col, connects in columns.items())
        if self.column_shown():
            marks.add(("cursor", mover, self.col, self.end_length(self.end), self.col in columns))
        return frozenset(marks)

    def arrange_key(self) -> tuple:
        """Everything the arranging screen draws: the hand-over card, or the other's hidden
        collection, the working row, the stone carried, the lines and the buttons."""
        st = self.state
        player = st.to_move
        g = self.app.glyphs()
        device = self.app.last_device if self.app.last_device in ("mouse", "touch") else ""
        carried = self.pointer if self.held is not None and device == "mouse" else None
        work = tuple(self.work)
        return ("arrange", self.card, player, i18n.language(), g[CONFIRM], g[ALTERNATE], device,
                tuple(map(self.side_name, PLAYERS)), self.player_name(player),
                self.seats[player].is_ai or self.seats[player].device == REMOTE,
                len(st.collections[PLAYERS.index(self.other(player))]), self.afocus,
                tuple(b.hover for b in self.arrange_buttons.values()),
                self.arrange_status(why_bad_arrangement(list(work))), self.row_marks(work), carried)

    def row_marks(self, work: tuple[int, ...]) -> frozenset:
        """The working row's stones and marks, each where it is drawn: a stone (lifted while
        held, then selected), the cursor's brackets, the hatching of equal neighbours."""
        held, cursor = self.held, self.acur if self.afocus == "row" else None
        marks: set[tuple] = {("stone", i, length, i == held) for i, length in enumerate(work)}
        if why_bad_arrangement(list(work)):
            marks.update(("equal", i, work[i]) for i in range(len(work) - 1) if work[i] == work[i + 1])
        if cursor is not None and 0 <= cursor < len(work):
            marks.add(("cursor", cursor, work[cursor], cursor == held))
        return frozenset(marks)

    def key_area(self, before: tuple, after: tuple) -> list[pygame.Rect] | None:
        """The columns whose stones or last-stone mark changed, the collection rows (with
        their captions) that changed or whose caption changed colour with the turn, and
        where a person's marks changed (``person_marks``): drawing the whole field anew in
        the frame a stone lands was the heaviest frame while the computer thinks. While a
        person arranges, the working row and the line under the title; the arranging
        picture's other changes and new names: the whole board."""
        if before[0] == after[0] == "arrange":
            return self.arrange_area(before, after)
        if len(before) != 6 or len(after) != 6 or before[3] != after[3]:
            return None
        field, colls, mover, _names, last, person = before
        field2, colls2, mover2, _names2, last2, person2 = after
        geom = self.layout.geom
        cols = {key[1] for key in field.keys() | field2.keys() if field.get(key) != field2.get(key)}
        cols.update(stone[1] for stone in (last, last2) if stone)
        rects = [self.column_area(col) for col in cols]
        if geom.collections:
            rects += [self.row_area(player) for k, player in enumerate(PLAYERS)
                      if colls[k] != colls2[k] or (mover != mover2 and player in (mover, mover2))]
        return rects + areas.marks_changed(person, person2, self.mark_rects)

    def column_area(self, col: int) -> pygame.Rect:
        """A column, boundaries included, and the marks that reach a little out of it (the
        last stone's ring, a lit column's glow, the cursor's brackets)."""
        grow = int(self.layout.geom.u) + 4
        return self.layout.geom.column_rect(col, with_bounds=True).inflate(grow, grow)

    def row_area(self, player: str) -> pygame.Rect:
        """A collection's row with its caption, across the board, and the marks on its end
        stones (the selection, the cursor's brackets, the L and R beside them)."""
        geom, s = self.layout.geom, self.layout.s
        board = self.frame.board
        caption = theme.font(int(22 * s)).get_linesize()
        top = min(geom.label_y[player], geom.row_top[player])
        bottom = max(geom.label_y[player] + caption, geom.row_top[player] + kit.WIDTH * geom.c)
        pad = int(12 * s) + 4
        return pygame.Rect(board.left, int(top) - pad, board.w, int(bottom - top) + 2 * pad)

    def mark_rects(self, mark: tuple) -> list[pygame.Rect]:
        geom = self.layout.geom
        if mark[0] == "ends":
            return [self.row_area(mark[1])] if geom.collections else []
        if mark[0] == "target":  # its dot where the stone would land, its "!" on the boundary
            _target, mover, col, connects, forced = mark
            rects = [kit.landing_cell(geom, mover, col).inflate(8, 8)]
            if connects and forced:
                x, w = geom.col_x(col)
                rects.append(pygame.Rect(x, geom.bound[mover].y, w, geom.bound[mover].h))
            return rects
        return [self.column_area(mark[2])]

    def arrange_area(self, before: tuple, after: tuple) -> list[pygame.Rect] | None:
        """Two pictures of a person arranging that differ only in the working row (a stone
        moved, picked up or put down, the cursor), the line that says whether it is valid,
        or the stone carried: the stones whose marks changed, the line, and where the
        carried stone was and is. Anything else (the card, new words, the buttons): None."""
        fixed = slice(0, 13)
        if before[fixed] != after[fixed] or before[1] is not None:
            return None
        geom, s = self.layout.geom, self.layout.s
        player = after[2]
        n = len(self.work)
        row = geom.row_rect(player)
        # the stone held is lifted toward the field; its selection and the brackets reach out
        reach = int(geom.c * 0.6 + 8 * s) + 8
        side = int(8 * s) + 6

        def stones(*slots: int) -> pygame.Rect:
            left = min(geom.slot_x(i, n) for i in slots) - geom.bw / 2 - side
            right = max(geom.slot_x(i, n) for i in slots) + geom.bw / 2 + side
            return pygame.Rect(int(left), row.top - reach, math.ceil(right - left), row.h + 2 * reach)

        def rects_of(mark: tuple) -> list[pygame.Rect]:
            return [stones(mark[1], mark[1] + 1) if mark[0] == "equal" else stones(mark[1])]
        rects = areas.marks_changed(before[14], after[14], rects_of)
        if before[13] != after[13]:
            f = geom.field
            y = f.y + f.h * 0.08 + 66 * s  # the line under the title (draw_arrange)
            rects.append(pygame.Rect(f.left, int(y) - 4, f.w, theme.font(int(24 * s)).get_linesize() + 8))
        for carried in (before[15], after[15]):
            if carried is not None:
                rects.append(pygame.Rect(0, 0, int(geom.bw) + 8, int(kit.WIDTH * geom.c) + 8))
                rects[-1].center = carried
        # a part that reaches a button takes all of it: pygame draws a rounded outline cut by
        # the clip with other pixels than whole
        buttons = [button.rect.inflate(4, 4) for button in self.arrange_buttons.values() if button.rect.w]
        for k, rect in enumerate(rects):
            for button in buttons:
                if rect.colliderect(button):
                    rect = rects[k] = rect.union(button)
        return rects

    def board_changes(self) -> list[pygame.Rect]:
        # a connection's flash is drawn again in its own column, and only when its glow
        # (in tenths, as drawn) changes: the whole field every frame of a flash was 1.5 to
        # 3.5 ms of a frame at 1920×1080
        parts = super().board_changes()
        glow = {col: round(f * 10) for col, f in self.flash.items()}
        shown, self._glow_shown = self._glow_shown, glow
        changed = [col for col in glow.keys() | shown.keys() if glow.get(col) != shown.get(col)]
        if changed and self.layout is not None and self.state.phase == "play":
            geom = self.layout.geom
            spot = geom.column_rect(changed[0], with_bounds=True).unionall(
                [geom.column_rect(col, with_bounds=True) for col in changed[1:]])
            parts = areas.merged([*parts, spot], self.frame.board)
        return parts

    def draw_board(self, surface: pygame.Surface) -> None:
        if self.state.phase == "arrange" and not self.state.over:
            self.draw_arrange(surface)
            return
        geom, s = self.layout.geom, self.layout.s
        kit.draw_lit_columns(surface, geom, self.drawn_field(), self.flash)
        for k, player in enumerate(PLAYERS):
            coll = self.shown_collections[k]
            key = ("collection", player, tuple(coll))
            self.layer(surface, key, lambda under, key=key: kit.collection_layer(under, geom, *key[1:]))
            kit.draw_collection_label(surface, geom, player, self.side_name(player), len(coll),
                                      player == self.state.to_move, s)
        idle = self.awaiting_human  # no cursor or hints while the computer moves
        if idle:
            mover = self.state.to_move
            kit.draw_targets(surface, geom, self.legal_columns(), self.forced(), mover, s)
            coll = self.shown_collections[PLAYERS.index(mover)]
            placeable = {end: bool(self.choices[end]) for end in ("left", "right")}
            kit.draw_end_marks(surface, geom, mover, coll, self.end, placeable, self.stage == "end", s)
        self.board.draw(surface)
        last = self.last_stone()
        if last is not None and not self.queue.busy:
            kit.draw_last_stone(surface, geom, *last, s)
        if idle and self.column_shown():
            kit.draw_column_cursor(surface, geom, self.state.to_move, self.col, self.end_length(self.end),
                                   self.col in self.legal_columns(), s)

    def last_stone(self) -> tuple[str, int, int] | None:
        """``(player, column, length)`` of the stone placed last, if any."""
        if not self.history or not isinstance(self.history[-1][1], Move):
            return None
        before, move, _text = self.history[-1]
        k = PLAYERS.index(before.to_move)
        length = self.state.columns[k][move.column]
        return (before.to_move, move.column, length) if length else None

    def draw_arrange(self, surface: pygame.Surface) -> None:
        geom, s = self.layout.geom, self.layout.s
        player = self.state.to_move
        if self.card is not None:
            opp = self.other(player)
            name, opp_name = self.side_name(player), self.side_name(opp)
            lines = [_("{side} lays out their 15 stones in secret.").format(side=name),
                     _("{side}: press {key} or click when {other} is not looking.").format(
                         side=name, key=self.app.glyphs()[CONFIRM], other=opp_name)]
            if player == "brown":
                lines.insert(1, _("{side}'s collection stays hidden until play begins.").format(
                    side=self.side_name("blue")))
            kit.draw_card(surface, self.layout.frame.left, player, lines,
                          _("{side} arranges \u2014 {other}, look away").format(side=name, other=opp_name), s)
            return
        opp = self.other(player)
        kit.draw_hidden_collection(surface, geom, opp, self.side_name(opp),
                                   len(self.state.collections[PLAYERS.index(opp)]), s)
        if self.seats[player].is_ai or self.seats[player].device == REMOTE:
            # its arrangement stays hidden, like any opponent's (online: the server sends a stand-in)
            text = _("{player} arranges its collection...").format(player=self.player_name(player))
            theme.draw_text(surface, text, (geom.fx0, geom.label_y[player]), int(26 * s),
                            self.side_ink(player))
            return
        theme.draw_text(surface, _("{side}'s collection, left to right").format(side=self.side_name(player)),
                        (geom.fx0, geom.label_y[player]), int(22 * s), self.side_ink(player))
        why = why_bad_arrangement(self.work)
        kit.draw_working_row(surface, geom, player, self.work, self.held,
                             self.acur if self.afocus == "row" else None, bool(why), s)
        if self.held is not None and self.pointer and self.app.last_device == "mouse":
            kit.draw_carried(surface, geom, player, self.work, self.held, self.pointer)
        f = geom.field
        theme.draw_text(surface, _("{side}: lay out your 15 stones").format(side=self.side_name(player)),
                        (f.centerx, f.y + f.h * 0.08), int(34 * s), self.side_ink(player), "midtop", True)
        theme.draw_text(surface, _("No two stones of equal length may lie side by side."),
                        (f.centerx, f.y + f.h * 0.08 + 38 * s), int(24 * s), theme.INK, "midtop")
        g = self.app.glyphs()
        status, color = self.arrange_status(why)
        theme.draw_text(surface, status, (f.centerx, f.y + f.h * 0.08 + 66 * s),
                        theme.fitted(status, int(24 * s), f.width - 20 * s), color, "midtop")
        bw, bh = int(170 * s), int(40 * s)
        y = int(f.bottom - bh - f.h * 0.1)
        for k, name in enumerate(("random", "done")):
            rect = pygame.Rect(0, y, bw, bh)
            rect.centerx = int(f.centerx + (k - 0.5) * (bw + 24 * s))
            button = self.arrange_buttons[name]
            button.label = _("Random ({key})").format(key=g[ALTERNATE]) if name == "random" else _("Done")
            button.draw(surface, rect, int(26 * s), active=self.afocus == name)

    def arrange_status(self, why: str | None) -> tuple[str, tuple[int, int, int]]:
        """The line under the arranging screen's title: whether the row is valid, or what to
        do with the stone held."""
        if why:
            return refusal(why), theme.BAD
        if self.held is not None and self.app.last_device == "mouse":
            return _("Click another stone to swap the two, or this one to put it back."), theme.ACCENT
        if self.held is not None and self.app.last_device == TOUCH:
            return _("Tap another stone to swap the two, or this one to put it back."), theme.ACCENT
        if self.held is not None:
            key = self.app.glyphs()[CONFIRM]
            return _("Put the stone down here ({key}), or carry it on.").format(key=key), theme.ACCENT
        return _("A valid arrangement."), theme.GOOD

    def status(self) -> tuple[str, tuple[int, int, int]]:
        state = self.state
        if state.over:
            return _("Game over"), theme.ACCENT
        name, ink = self.player_name(state.to_move), self.side_ink(state.to_move)
        if state.phase == "arrange":
            return _("{player} arranges").format(player=name), ink
        if state.chain and not self.queue.busy:
            return _("{player}: place again").format(player=name), ink
        return _("{player} to move").format(player=name), ink

    def banner_text(self) -> str:
        """The news, or else the chain so far."""
        return super().banner_text() or kit.chain_words(self.shown_chain)

    def controls(self) -> str:
        mouse = self.app.last_device == "mouse"
        touch = self.app.last_device == TOUCH
        g = self.app.glyphs()
        keys = {"confirm": g[CONFIRM], "alternate": g[ALTERNATE], "undo": g[UNDO], "redo": g[REDO],
                "left_right": either(g, LEFT, RIGHT), "up_down": either(g, UP, DOWN), "up": g[UP],
                "down": g[DOWN]}
        if self.state.phase == "arrange":
            if self.card is not None:
                return _("Tap: ready") if touch else _("{confirm} or click: ready").format(**keys)
            if touch:
                return _("Tap a block, then another to swap them   Random, Done: the buttons")
            if mouse:
                return _("Click a block, then another to swap them   Right-click: random   Done: finish")
            if self.held is not None:
                return _("{left_right}: carry the stone   {confirm}: put it down").format(**keys)
            if self.state.to_move == "blue":
                return _("{left_right}: move   {confirm}: pick up   {alternate}: random   "
                         "{down}: Random / Done").format(**keys)
            return _("{left_right}: move   {confirm}: pick up   {alternate}: random   "
                     "{up}: Random / Done").format(**keys)
        if mouse:
            return _("Click an end stone, then a lit column   Right-click: other end")
        if touch:
            return _("Tap an end stone, then a lit column to preview, again to place")
        if self.stage == "end":
            return _("{left_right}: choose an end   {confirm}: take it   "
                     "{undo}/{redo}: undo/redo").format(**keys)
        return _("{left_right}: column   {confirm}: place   {alternate}: other end   "
                 "{up_down}: back to the ends").format(**keys)

    # -- the side panel -------------------------------------------------------------------------
    def panel_key(self) -> tuple:
        # the end stone chosen is worded there; the column cursor and the arrangement are on
        # the board only: the panel painted anew at each of their steps was 1.5 to 2 ms of
        # the frames a phone's taps were answered in at 1920×1080
        return (id(self.state), self.end, self.queue.busy, len(self.history), tuple(self.shown_score),
                self.shown_chain)

    def panel_subtitle(self) -> str:
        if self.set_up:
            return _("{board} field, 18 x 5").format(board=self.level_title())
        return _("{board} field, 18 x 5   {side} starts (random)").format(board=self.level_title(),
                                                                          side=self.side_name(self.state.first))

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, s: float) -> float:
        x0, width, y = rect.x, rect.width, rect.y
        state = self.state
        for k, player in enumerate(PLAYERS):
            if state.phase == "arrange":
                if player == state.to_move:
                    note = _("arranging...")
                else:
                    note = _("arranged (hidden)") if state.collections[k] else _("arranges next")
            else:
                left = len(state.collections[k])
                note = ngettext("{n} stone left", "{n} stones left", left).format(n=left)
            box = pygame.Rect(x0, y, width, kit.player_box_height(s))
            kit.draw_player_box(surface, box, player, self.side_name(player), note, self.shown_score[k],
                                player == state.to_move, s)
            y += box.h + int(6 * s)
        y += int(4 * s)
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if state.phase == "arrange" and not state.over:
            lines = [(_("Lay out the 15 stones (three each of 1-5)"), theme.INK),
                     (_("with no two equal lengths side by side."), theme.INK),
                     (_("In play only the two ends can be taken."), theme.INK_DIM)]
            if self.online is None:  # (an online opponent sees only the server's stand-in)
                other_side = self.side_name(self.other(state.to_move))
                lines.append((_("{side} must not watch.").format(side=other_side), theme.INK_DIM))
        elif not state.over:
            chain = self.shown_chain
            turn = (_("This turn: {chain}").format(chain=kit.chain_words(chain)) if chain
                    else _("This turn: no connection yet"))
            lines.append((turn, theme.ACCENT if chain else theme.INK_DIM))
            if self.awaiting_human:  # the end stone at the cursor: nobody's while the computer moves
                lines.append((self.choice_words(), theme.INK))
                forced = self.forced()
                forced_text = _("Forced connection: it must complete a column") if forced else ""
                lines.append((forced_text, theme.ACCENT))
            else:
                lines += [("", theme.INK), ("", theme.INK)]
            if self.details:  # the legend of the board's marks
                lines.append((_("ringed dot: connects · !: forced · dot: empty column"), theme.INK_DIM))
        else:
            lines.append((_("Game over"), theme.ACCENT))
        size = int(21 * s)
        step = theme.step(size, int(23 * s))
        for text, color in lines:  # smaller where that fits, else wrapped
            fit = theme.fitted(text, size, width)
            for line in theme.wrap(text, fit, width) if text else [""]:
                theme.draw_text(surface, line, (x0, y), fit, color)
                y += step
        return y

    def move_words(self, before: State, move, effects: list[dict], after: State) -> str:
        """The last placement and what it did: "R3@7: connects, scores 6" (an arrangement is
        never told: the other player may be watching)."""
        if isinstance(move, Arrange):
            return ""
        what = []
        if any(e["type"] == "connect" for e in effects):
            what.append(_("connects"))
        for e in effects:
            if e["type"] == "score" and e["player"] == before.to_move:
                what.append(_("scores {points}").format(points=e["points"]))
        return _("{move}: {what}").format(move=self.rules.move_text(move, before),
                                          what=", ".join(what) or _("no connection"))

    def choice_words(self) -> str:
        coll = self.mover_collection()
        if not coll:
            return ""
        length = self.end_length(self.end)
        cols = sorted(self.legal_columns())
        if not cols:
            where = _("no legal column")
        elif len(cols) == 1:
            where = _("column {column}").format(column=cols[0])
        else:
            where = ngettext("{n} legal column", "{n} legal columns", len(cols)).format(n=len(cols))
        if len(coll) == 1:
            end = _("Last end")
        elif self.end == "left":
            end = _("Left end")
        else:
            end = _("Right end")
        return _("{end}: a {length} -> {where}").format(end=end, length=length, where=where)
