"""Gauss: Sparks & Surges, a chess-like game, exactly as docs/rules/sparks.md states it.

**Board.** 8×8 squares ``a1``–``h8``, White at the bottom (rank 1). The corners
``a1 h1 a8 h8`` are death squares. Each side has 6 **Sparks** (S), 3 **Surges** (U),
2 **Degaussers** (D) and 1 **IC** (I); White moves first. A move is mandatory.

**Moves.** A Spark slides any distance along a rank or file over empty squares, or
steps one square diagonally onto an empty square. A Surge moves like a Spark and may
also **conduct**: its *network* is every Spark and Surge, of either colour, linked to
it through king-adjacency; if the network holds another piece, the Surge may jump to
any empty square king-adjacent to any member. Sparks and Surges never land on a piece.
A Degausser steps one square in any direction onto an empty square or an enemy piece
(captured). An IC steps one square onto an empty square or onto the enemy IC (captured).
A slide may not pass *through* an empty square the enemy gates (below); it may stop
on one. Gates never stop diagonal steps or conduction.

**Gating.** Along a rank, file or (unless the level or the ``gate_diagonals`` option
turns it off) diagonal, a continuous run of pieces of one colour with an enemy Spark
or Surge directly at each end is *gated*; an empty square with an enemy Spark or Surge
on both sides along a line is a *gated square* for that enemy.

**After every move:** (1) a Degausser or IC landing on an enemy piece captures it;
(2) every gated piece of both colours is found, then all are removed at once (a gated
piece still counts as a gate end); (3) the moved piece, if it stands on a corner, is
removed; (4) exactly one IC gone: its owner loses; both gone: draw (reason ``ic``);
(5) draws: only the two ICs and one Spark or Surge left (``material``), the same
placement of all pieces for the 3rd time, the starting position counted and the side to
move ignored (``repetition``), 80 moves in a row without a piece removed
(``inactivity``). If the side to move then has no legal move it passes and the mover
moves again; if neither side could move the game would be drawn (reason ``blocked``,
this project's own choice; it cannot happen: a piece next to an empty square can always
move there).

**Draw by agreement.** On their turn a player may offer a draw (:data:`OFFER`); the
other player must answer it before anything else (:data:`ACCEPT` or :data:`DECLINE`):
while an offer is open, ``to_move`` is the player who answers and ``offered_by`` the one
who offered. Accepting ends the game drawn (reason ``agreement``); declining gives the
move back to the offerer. Offers and answers are moves like any other: played, recorded,
saved, undone and replayed; they move no piece, so they count for neither ``ply``, the
quiet moves nor repetitions. ``legal_moves`` lists the moves on the board (and only the
two answers while an offer is open): an offer is always possible on one's turn.

**Notation** (the move list): piece letter, from square, a separator, to square:
``Sb2-b5`` a move, ``Dc1xc2`` a capture (``x``), ``Od1*e4`` a Surge conducting (it
could not reach the square by a Spark move); ``draw?``, ``draw agreed`` and ``draw
declined`` for an offer and its answers. The letters (:data:`NOTATION`) are S Spark,
O Surge, D Degausser, I IC: the names' initials, and the Surge's rings an O (the state's
piece codes keep ``U`` for the Surge; records written before the move list did the
same are read: :meth:`Sparks.parse_text` takes ``U`` for a Surge too). It also takes
the bare forms ``b2-b5`` and ``b2b5`` (and any separator among ``- x * :``).

Internally a board is a tuple of 64 small ints indexed ``file + 8 * rank`` (``a1`` = 0,
``h8`` = 63): 0 empty, 1–4 White S U D I, 5–8 Black S U D I. Rules work on bitboards
(one int per set of squares, precomputed rays and neighbourhoods), so a slide, a gate or
a whole network is a handful of integer operations. ``random_playout`` draws moves by
rejection sampling over a fixed superset of candidate moves (exactly uniform, see
:func:`sample_move`) and applies them with the same :func:`resolve` and :func:`decide` as
:meth:`Sparks.play`.

Repetition: a removed piece never comes back, so no placement seen before a removal can
return; ``State.history`` therefore keeps the placements since the last removal (the
start position included), which counts repetitions exactly as a full history would.

Fast API (for the AI's playouts and priors): :func:`bitboards` of a board,
:func:`sample_move` a uniform random legal move, :func:`resolve` makes a move and its
captures, gating and corner deaths, :func:`decide` says whether the game is over.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from typing import Any, Literal, NamedTuple, TypedDict

from .core import (
    DRAW,
    N_,
    EndWithReason,
    Game,
    IllegalMove,
    Listed,
    Outcome,
    PassEffect,
    Reason,
    Refusal,
    RulesError,
    fresh_seed,
    need,
    need_int,
    need_player,
)

# --- effects: what a move did, in order (the protocol's JSON, typed) ---------------------

#: a piece moved ("from" is a keyword, hence the call form); conduct: a Surge conducted
MoveEffect = TypedDict("MoveEffect", {"type": Literal["move"], "from": str, "to": str, "piece": str,
                                      "conduct": bool})


class CaptureEffect(TypedDict):
    type: Literal["capture"]
    square: str
    piece: str


class GatedEffect(TypedDict):
    type: Literal["gated"]  # pieces caught between a Spark and a Surge
    squares: list[str]
    pieces: list[str]


class CornerEffect(TypedDict):
    type: Literal["corner"]  # a piece that ended on a corner is lost
    square: str
    piece: str


class OfferEffect(TypedDict):
    type: Literal["offer"]  # a draw is offered
    player: str


class AnswerEffect(TypedDict):
    type: Literal["answer"]  # to a draw offer
    player: str
    accept: bool


Effect = (MoveEffect | CaptureEffect | GatedEffect | CornerEffect | OfferEffect | AnswerEffect
          | PassEffect | EndWithReason)
EFFECT_TYPES: dict[str, type] = {
    "move": MoveEffect, "capture": CaptureEffect, "gated": GatedEffect, "corner": CornerEffect,
    "offer": OfferEffect, "answer": AnswerEffect, "pass": PassEffect, "end": EndWithReason}

PLAYERS = ("white", "black")
COLOUR_LETTER = ("W", "B")
KIND_LETTERS = "SUDI"  # the state's piece codes (the protocol's "WU", "BD")
KIND_NAMES = ("Spark", "Surge", "Degausser", "IC")
SPARK, SURGE, DEGAUSSER, IC = range(4)
#: the move list's letters: the Degausser is drawn as a horseshoe magnet, a U, so the
#: Surge (a disc in rings) is an O there; ``U`` is still read as a Surge (older records)
NOTATION = "SODI"
READ_AS_KIND = {**{letter: k for k, letter in enumerate(NOTATION)}, "U": SURGE}
#: why a piece cannot go onto its own side's piece, or land on one: one sentence per kind
ONTO_OWN = (N_("A Spark cannot move onto a piece of its own side."),
            N_("A Surge cannot move onto a piece of its own side."),
            N_("A Degausser cannot move onto a piece of its own side."),
            N_("A IC cannot move onto a piece of its own side."))
NEVER_LANDS = {SPARK: N_("A Spark never lands on a piece."), SURGE: N_("A Surge never lands on a piece.")}
WI, BI = 4, 8  # the two ICs' codes
INACTIVITY = 80  # moves in a row without a removal that draw the game
#: the most actions a game can have: at most 60 pieces (64 squares less the corners), so at
#: most 58 removals before the game ends, each after at most INACTIVITY - 1 quiet moves (and
#: INACTIVITY moves after the last); before each move on the board at most one declined
#: offer (an offer and its answer), and at the end an offer accepted. A save of a game of
#: Sparks & Surges is therefore bounded (docs/rules/sparks.md, docs/files.md).
MOST_ACTIONS = 3 * (60 - 2 + 1) * INACTIVITY + 2
REPETITIONS = 3

# piece codes: 0 empty; 1 + 4 * colour + kind
CODE = {COLOUR_LETTER[c] + KIND_LETTERS[k]: 1 + 4 * c + k for c in (0, 1) for k in range(4)}
LETTERS = {v: k for k, v in CODE.items()}
OWNER = (-1,) + (0,) * 4 + (1,) * 4               # OWNER[code]: 0 white, 1 black, -1 empty
KIND = (-1,) + tuple(range(4)) * 2                 # KIND[code]

# --- geometry ----------------------------------------------------------------
# Squares are numbered file + 8 * rank; a set of squares is an int with bit i for
# square i (a "bitboard"), so a whole line or neighbourhood is tested in one step.

FILES = "abcdefgh"
NAMES = tuple(f"{FILES[i % 8]}{i // 8 + 1}" for i in range(64))
SQ = {n: i for i, n in enumerate(NAMES)}
ORDER = tuple((i % 8) * 8 + i // 8 for i in range(64))  # sort key: plain string order of names
CORNERS = frozenset((0, 7, 56, 63))
BIT = tuple(1 << i for i in range(64))
FULL = (1 << 64) - 1
FILE_A = sum(BIT[8 * r] for r in range(8))
NOT_A, NOT_H = FULL ^ FILE_A, FULL ^ (FILE_A << 7)


def _ray(i: int, df: int, dr: int) -> int:
    """The squares strictly beyond ``i`` in direction ``(df, dr)``, as a bitboard."""
    f, r = i % 8 + df, i // 8 + dr
    out = 0
    while 0 <= f < 8 and 0 <= r < 8:
        out |= BIT[f + 8 * r]
        f, r = f + df, r + dr
    return out


def _near(i: int, dirs: tuple[tuple[int, int], ...]) -> int:
    f, r = i % 8, i // 8
    return sum(BIT[f + df + 8 * (r + dr)] for df, dr in dirs if 0 <= f + df < 8 and 0 <= r + dr < 8)


RAY_N = tuple(_ray(i, 0, 1) for i in range(64))   # bits above i: the nearest is the lowest bit
RAY_E = tuple(_ray(i, 1, 0) for i in range(64))
RAY_S = tuple(_ray(i, 0, -1) for i in range(64))  # bits below i: the nearest is the highest bit
RAY_W = tuple(_ray(i, -1, 0) for i in range(64))
DIAG_NEAR = tuple(_near(i, ((1, 1), (1, -1), (-1, -1), (-1, 1))) for i in range(64))
KING_NEAR = tuple(_near(i, ((1, 1), (1, -1), (-1, -1), (-1, 1), (0, 1), (1, 0), (0, -1), (-1, 0)))
                  for i in range(64))
LINE_NEAR = (tuple(_near(i, ((0, 1), (1, 0), (0, -1), (-1, 0))) for i in range(64)), KING_NEAR)
# the lines as (shift, mask after shifting up, mask after shifting down): shifting a
# bitboard up by the shift moves every square one step along the line
AXES = (((1, NOT_A, NOT_H), (8, FULL, FULL)),
        ((1, NOT_A, NOT_H), (8, FULL, FULL), (9, NOT_A, NOT_H), (7, NOT_H, NOT_A)))

# for sampling random moves: every square a piece could ever move to from i, and the
# squares strictly between two squares of one rank or file (BETWEEN[64 * i + j])
REACH = tuple(RAY_N[i] | RAY_E[i] | RAY_S[i] | RAY_W[i] | DIAG_NEAR[i] for i in range(64))
REACH_LIST = tuple(tuple(i for i in range(64) if REACH[f] & BIT[i]) for f in range(64))
KING_LIST = tuple(tuple(i for i in range(64) if KING_NEAR[f] & BIT[i]) for f in range(64))
BETWEEN = tuple(
    (RAY_N[i] & RAY_S[j]) | (RAY_S[i] & RAY_N[j]) | (RAY_E[i] & RAY_W[j]) | (RAY_W[i] & RAY_E[j])
    for i in range(64) for j in range(64))
SAMPLE_TRIES = 32
SLOTS = max(len(squares) for squares in REACH_LIST)  # 18
KING_SLOTS = 8


def _squares(bits: int) -> list[int]:
    """The squares of a bitboard, lowest first."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


# --- the rules on a mutable board (shared by play and random_playout) ------------
# A position in work is ``board`` (list of 64 codes) plus ``bb``: the bitboards
# ``[white pieces, black pieces, white Sparks and Surges, black Sparks and Surges,
# Surges, ICs]``. They fix the placement of every piece, so ``tuple(bb)`` is the
# key the repetition history counts.


def bitboards(board: Any) -> list[int]:
    bb = [0, 0, 0, 0, 0, 0]
    for i, v in enumerate(board):
        if v:
            bb[OWNER[v]] |= BIT[i]
            kind = KIND[v]
            if kind <= SURGE:
                bb[2 + OWNER[v]] |= BIT[i]
                if kind == SURGE:
                    bb[4] |= BIT[i]
            elif kind == IC:
                bb[5] |= BIT[i]
    return bb


def _key(board: Any) -> tuple[int, ...]:
    """The placement of all pieces, as the repetition history counts it."""
    return tuple(bitboards(board))


def _gated_squares(bb: list[int], c: int, diag: bool) -> int:
    """Empty squares gated against side ``c``: an enemy Spark/Surge on both sides."""
    e = bb[3 - c]
    g = ((e << 1) & NOT_A & (e >> 1) & NOT_H) | ((e << 8) & (e >> 8))
    if diag:
        g |= ((e << 9) & NOT_A & (e >> 9) & NOT_H) | ((e << 7) & NOT_H & (e >> 7) & NOT_A)
    return g & ~(bb[0] | bb[1])


def _slides(f: int, occ: int, stops: int) -> int:
    """Where a Spark (or a Surge moving like one) on ``f`` may go.

    ``stops`` = occupied squares | gated squares: a slide ends before the first
    occupied square, or on the first gated one.
    """
    r = RAY_N[f]
    b = r & stops
    if b:
        s = (b & -b).bit_length() - 1
        r ^= RAY_N[s]
        if occ & BIT[s]:
            r ^= BIT[s]
    out = r
    r = RAY_E[f]
    b = r & stops
    if b:
        s = (b & -b).bit_length() - 1
        r ^= RAY_E[s]
        if occ & BIT[s]:
            r ^= BIT[s]
    out |= r
    r = RAY_S[f]
    b = r & stops
    if b:
        s = b.bit_length() - 1
        r ^= RAY_S[s]
        if occ & BIT[s]:
            r ^= BIT[s]
    out |= r
    r = RAY_W[f]
    b = r & stops
    if b:
        s = b.bit_length() - 1
        r ^= RAY_W[s]
        if occ & BIT[s]:
            r ^= BIT[s]
    return out | r | (DIAG_NEAR[f] & ~occ)


def _network(f: int, sparky: int, occ: int) -> tuple[int, int]:
    """The network of the Surge on ``f`` (every Spark and Surge king-connected to it)
    and, if it holds another piece, the empty squares next to a member (else 0)."""
    net = BIT[f]
    while True:
        near = net | ((net << 1) & NOT_A) | ((net >> 1) & NOT_H)
        near |= ((near << 8) & FULL) | (near >> 8)
        grown = near & sparky
        if grown == net:
            break
        net = grown
    return net, (near & ~occ if net != BIT[f] else 0)


def _moves(board: Any, bb: list[int], c: int, diag: bool) -> list[tuple[int, int]]:
    """Every legal move of side ``c`` as ``(from, bitboard of destinations)`` per piece
    that can move, pieces in square order."""
    own = bb[c]
    occ = own | bb[1 - c]
    stops = occ | _gated_squares(bb, c, diag)
    sparky = bb[2] | bb[3]
    enemy_ic = BI if c == 0 else WI
    seen_net = reach = 0
    out = []
    x = own
    while x:
        low = x & -x
        x ^= low
        f = low.bit_length() - 1
        kind = KIND[board[f]]
        if kind == DEGAUSSER:
            t = KING_NEAR[f] & ~own
        elif kind == IC:
            t = KING_NEAR[f] & ~occ
            for q in _squares(KING_NEAR[f] & bb[1 - c]):
                if board[q] == enemy_ic:
                    t |= BIT[q]
        else:
            t = _slides(f, occ, stops)
            if kind == SURGE:
                if not seen_net & low:  # one flood per network, shared by its Surges
                    seen_net, reach = _network(f, sparky, occ)
                t |= reach
        if t:
            out.append((f, t))
    return out


def _pick(moves: list[tuple[int, int]], rand: Any) -> tuple[int, int]:
    """A uniformly random ``(from, to)`` among ``moves`` as :func:`_moves` lists them."""
    sizes = [targets.bit_count() for _, targets in moves]
    k = int(rand() * sum(sizes))
    i = 0
    while k >= sizes[i]:
        k -= sizes[i]
        i += 1
    targets = moves[i][1]
    for _ in range(k):  # drop the k lowest destinations
        targets &= targets - 1
    return moves[i][0], (targets & -targets).bit_length() - 1


def sample_move(board: Any, bb: list[int], c: int, diag: bool, rand: Any) -> tuple[int, int] | None:
    """A uniformly random legal move ``(from, to)`` of side ``c``; None if it has none.

    Rejection sampling over fixed slots: every Spark owns ``SLOTS`` slots, every
    Degausser and IC ``KING_SLOTS``, every Surge one per square it could reach as a
    Spark plus one per conduction square. A slot names one (piece, square) pair or
    nothing; a uniformly drawn slot is kept when its move is legal, so the move kept is
    uniform over the legal moves. After ``SAMPLE_TRIES`` misses the full list of
    :func:`_moves` decides, uniformly too. A slide is legal when its square is empty
    and nothing between is occupied or gated: the same stops as :func:`_slides`.
    """
    own = bb[c]
    gates = bb[2 + c]
    sparks = gates & ~bb[4]
    surges = gates & bb[4]
    steppers = own & ~gates
    n_sparks = SLOTS * sparks.bit_count()
    n_steppers = n_sparks + KING_SLOTS * steppers.bit_count()
    total = n_steppers
    occ = own | bb[1 - c]
    surge_list: list[tuple[int, int, int]] = []  # (square, conduction squares, slots)
    if surges:
        sparky = bb[2] | bb[3]
        seen_net = reach = 0
        for f in _squares(surges):
            if not seen_net & BIT[f]:
                seen_net, reach = _network(f, sparky, occ)
            n = len(REACH_LIST[f]) + (reach & ~REACH[f]).bit_count()
            surge_list.append((f, reach, n))
            total += n
    if total:
        stops = occ | _gated_squares(bb, c, diag)
        enemy_ic = BI if c == 0 else WI
        for _ in range(SAMPLE_TRIES):
            k = int(rand() * total)
            if k < n_steppers:
                if k < n_sparks:
                    pieces = sparks
                    slot_count = SLOTS
                else:
                    pieces, k = steppers, k - n_sparks
                    slot_count = KING_SLOTS
                for _ in range(k // slot_count):
                    pieces &= pieces - 1
                f = (pieces & -pieces).bit_length() - 1
                k %= slot_count
                if slot_count == SLOTS:
                    squares = REACH_LIST[f]
                    if k < len(squares):
                        q = squares[k]
                        if not occ & BIT[q] and not BETWEEN[64 * f + q] & stops:
                            return f, q
                else:
                    squares = KING_LIST[f]
                    if k < len(squares):
                        q = squares[k]
                        v = board[q]
                        if KIND[board[f]] == DEGAUSSER:
                            if OWNER[v] != c:
                                return f, q
                        elif v == 0 or v == enemy_ic:
                            return f, q
            else:
                k -= n_steppers
                i = 0
                while k >= surge_list[i][2]:
                    k -= surge_list[i][2]
                    i += 1
                f, reach, _ = surge_list[i]
                squares = REACH_LIST[f]
                if k >= len(squares):  # a conduction square out of a Spark's reach
                    return f, _squares(reach & ~REACH[f])[k - len(squares)]
                q = squares[k]
                b = BIT[q]
                if reach & b or (not occ & b and not BETWEEN[64 * f + q] & stops):
                    return f, q
    moves = _moves(board, bb, c, diag)
    return _pick(moves, rand) if moves else None


def _gated_pieces(bb: list[int], diag: bool) -> int:
    """Every gated piece on the board, of both colours, as one bitboard.

    Along each line a piece is gated when walking from it through its own colour's
    pieces reaches an enemy Spark/Surge in both directions.
    """
    hit = 0
    for own, gates in ((bb[0], bb[3]), (bb[1], bb[2])):
        if not gates:
            continue
        for n, up_mask, down_mask in AXES[diag]:
            x = (gates << n) & up_mask & own  # own pieces with an enemy gate just below
            if not x:
                continue
            while True:
                grown = x | ((x << n) & up_mask & own)
                if grown == x:
                    break
                x = grown
            y = (gates >> n) & down_mask & own  # ... and just above
            if not y:
                continue
            while True:
                grown = y | ((y >> n) & down_mask & own)
                if grown == y:
                    break
                y = grown
            hit |= x & y
    return hit


def resolve(board: list[int], bb: list[int], f: int, t: int, c: int, diag: bool
             ) -> tuple[int, list[tuple[int, int]], bool]:
    """Make side ``c``'s move ``f``→``t`` (``board`` and ``bb`` are updated) and apply
    steps 1–3: capture, gating, corner.

    Returns ``(captured piece or 0, [(square, piece) removed by gating], corner death)``.
    """
    piece = board[f]
    captured = board[t]
    board[f] = 0
    board[t] = piece
    if captured:  # Degaussers take any kind; an IC takes the IC
        keep = ~BIT[t]
        bb[1 - c] &= keep
        bb[3 - c] &= keep
        bb[4] &= keep
        bb[5] &= keep
    moved = BIT[f] | BIT[t]
    bb[c] ^= moved
    kind = KIND[piece]
    if kind <= SURGE:
        bb[2 + c] ^= moved
        if kind == SURGE:
            bb[4] ^= moved
    elif kind == IC:
        bb[5] ^= moved
    gated: list[tuple[int, int]] = []
    # a new gated run has t in it or at its end (none stood before the move), so a
    # piece with no neighbour along a line gates nothing and is not gated
    if LINE_NEAR[diag][t] & (bb[0] | bb[1]):
        hit = _gated_pieces(bb, diag)
        if hit:
            for s in _squares(hit):
                gated.append((s, board[s]))
                board[s] = 0
            keep = ~hit
            for j in range(6):
                bb[j] &= keep
    corner = t in CORNERS and board[t] == piece
    if corner:
        board[t] = 0
        keep = ~BIT[t]
        for j in range(6):
            bb[j] &= keep
    return captured, gated, corner


def decide(bb: list[int], removed: bool, repeats: int, quiet: int) -> tuple[str, str] | None:
    """Steps 4–5 after a move: ``(winner, reason)`` if the game is over."""
    if removed:
        white, black = bool(bb[5] & bb[0]), bool(bb[5] & bb[1])
        if not white or not black:
            if white == black:
                return DRAW, "ic"
            return ("white" if white else "black"), "ic"
        rest = (bb[0] | bb[1]) & ~bb[5]
        if rest & (rest - 1) == 0 and rest & (bb[2] | bb[3]):  # one piece left, a Spark or Surge
            return DRAW, "material"
    if repeats >= REPETITIONS:
        return DRAW, "repetition"
    if quiet >= INACTIVITY:
        return DRAW, "inactivity"
    return None


# --- values ------------------------------------------------------------------


class Move(NamedTuple):
    """Move the piece on square ``frm`` (like ``"b2"``) to square ``to``."""

    frm: str
    to: str


@dataclass(frozen=True)
class DrawOffer:
    """The player to move offers a draw (``{"draw": "offer"}``)."""


@dataclass(frozen=True)
class DrawAnswer:
    """The answer to an open draw offer: ``{"draw": "accept"}`` or ``{"draw": "decline"}``."""

    accept: bool


OFFER, ACCEPT, DECLINE = DrawOffer(), DrawAnswer(True), DrawAnswer(False)
#: every action of Sparks & Surges: a piece's move, or a step of a draw by agreement
Action = Move | DrawOffer | DrawAnswer
DRAW_WORDS: dict[DrawOffer | DrawAnswer, str] = {OFFER: "offer", ACCEPT: "accept", DECLINE: "decline"}
DRAW_TEXT: dict[DrawOffer | DrawAnswer, str] = {OFFER: "draw?", ACCEPT: "draw agreed",
                                                DECLINE: "draw declined"}


@dataclass(frozen=True)
class State:
    """A Sparks & Surges position.

    ``board`` holds a piece code per square (see the module docstring);
    ``history`` the placements (``_key(board)``) since the last removal, the current
    one included; ``quiet_plies`` the moves since a piece was last removed;
    ``reason`` what ended the game (``None`` while it runs); ``offered_by`` the player
    whose draw offer is open (``to_move`` answers it).
    """

    level: str
    board: tuple[int, ...]
    to_move: str | None
    winner: str | None
    seed: int
    quiet_plies: int = 0
    history: tuple[tuple[int, ...], ...] = ()
    gate_diagonals: bool = True
    reason: str | None = None
    ply: int = 0
    offered_by: str | None = None
    #: the player to move whose draw offer was just declined: they move on the board
    #: before they may offer again (declined offers without end made a game endless)
    declined_by: str | None = None
    game: str = "sparks"

    @property
    def over(self) -> bool:
        return self.to_move is None

    def piece_at(self, square: str) -> str | None:
        """The piece code (``"WS"``) on ``square``, or None."""
        return LETTERS.get(self.board[SQ[square]])

    @property
    def repetitions(self) -> int:
        """How often the current placement has occurred (this one included)."""
        return self.history.count(_key(self.board))


def _colour_of(player: str) -> int:
    return 0 if player == "white" else 1


def _finish(state: State, winner: str, reason: str) -> State:
    return replace(state, to_move=None, winner=winner, reason=reason, offered_by=None, declined_by=None)


def _with_mover(state: State, c: int) -> State:
    return replace(state, to_move=PLAYERS[c], winner=None, reason=None)


def _settle_start(state: State) -> State:
    """A started or loaded position as play would leave it: decided if the position
    decides it, and with a side to move that can move (the other one passes)."""
    board = state.board
    verdict = decide(bitboards(board), True, 1, state.quiet_plies)
    if verdict:
        return _finish(state, *verdict)
    assert state.to_move is not None  # a started or loaded game that runs until now
    c = _colour_of(state.to_move)
    bb = bitboards(board)
    if _moves(board, bb, c, state.gate_diagonals):
        return state
    if _moves(board, bb, 1 - c, state.gate_diagonals):
        return _with_mover(state, 1 - c)
    return _finish(state, DRAW, "blocked")


def _board_from(squares: Any, where: str, limits: dict[int, int] | None = None) -> list[int]:
    """A board from ``{"b1": "WU", ...}``, checked square by square."""
    if not isinstance(squares, dict):
        raise RulesError(f"The {where} must be an object mapping squares like \"b1\" to pieces like \"WU\".")
    board = [0] * 64
    for name, code in squares.items():
        if name not in SQ:
            raise RulesError(f"The {where} names {name!r}, which is not a square a1-h8.")
        if not isinstance(code, str) or code not in CODE:
            raise RulesError(f"The {where} puts {code!r} on {name}; pieces are W or B followed by "
                             "S, U, D or I (like \"WS\").")
        if SQ[name] in CORNERS:
            raise RulesError(f"The {where} puts a piece on the corner {name}, a death square.")
        board[SQ[name]] = CODE[code]
    if limits is not None:
        for code, limit in limits.items():
            n = board.count(code)
            if n > limit:
                raise RulesError(f"The {where} has {n} pieces {LETTERS[code]}; there can be at most {limit}.")
    return board


def _check_ungated(board: list[int], diag: bool, where: str) -> None:
    gated = _squares(_gated_pieces(bitboards(board), diag))
    if gated:
        first = min(gated, key=ORDER.__getitem__)
        raise RulesError(f"The {where} has a gated piece on {NAMES[first]}, which no position "
                         "after a move can have.")


def _level_board(level: dict[str, Any]) -> list[int]:
    return _board_from(level.get("setup"), "level's setup")


class Sparks(Game[State, Action, Effect]):
    effect_types = EFFECT_TYPES
    id = "sparks"
    players = PLAYERS
    default_level = "classic"

    # -- level data -----------------------------------------------------------
    def check_level(self, data: dict[str, Any]) -> dict[str, Any]:
        board = _level_board(data)
        diag = data.get("gate_diagonals", True)
        if not isinstance(diag, bool):
            raise RulesError("The level's 'gate_diagonals' must be true or false.")
        for c in (0, 1):
            if board.count(CODE[COLOUR_LETTER[c] + "I"]) != 1:
                raise RulesError(f"The level's setup must give {PLAYERS[c]} exactly one IC.")
        _check_ungated(board, True, "level's setup")
        return {**data, "gate_diagonals": diag}

    # -- building states ------------------------------------------------------
    def mirror(self, state: State) -> tuple[list[int], dict[int, int]]:
        """The ranks reflected (b2 and b7, as the start position is), White's pieces Black's."""
        swap = {0: 0} | {1 + 4 * c + k: 1 + 4 * (1 - c) + k for c in (0, 1) for k in range(4)}
        return [sq % 8 + 8 * (7 - sq // 8) for sq in range(64)], swap

    def new(self, level: dict[str, Any], seed: int | None = None, first: str | None = None,
            options: dict[str, Any] | None = None) -> State:
        level = self.check_level(level)
        diag = level["gate_diagonals"]
        for key, value in (options or {}).items():
            if key != "gate_diagonals":
                raise RulesError(f"Unknown option '{key}'; Sparks & Surges takes only 'gate_diagonals'.")
            if not isinstance(value, bool):
                raise RulesError("The option 'gate_diagonals' must be true or false.")
            diag = value
        seed = fresh_seed() if seed is None else seed
        first = "white" if first is None else need_player(first, PLAYERS, "The start player")
        board = tuple(_level_board(level))
        state = State(level=level.get("name", "classic"), board=board, to_move=first, winner=None,
                      seed=seed, history=(_key(board),), gate_diagonals=diag)
        return _settle_start(state)

    # -- moves ------------------------------------------------------------------
    def legal_moves(self, state: State) -> list[Action]:
        """The moves on the board for the player to move (an offer of a draw is always
        possible too, and not listed); while an offer is open, only its two answers."""
        player = state.to_move
        if player is None:  # over
            return []
        if state.offered_by is not None:
            return [ACCEPT, DECLINE]
        board = state.board
        found = _moves(board, bitboards(board), _colour_of(player), state.gate_diagonals)
        pairs = [(f, t) for f, targets in found for t in _squares(targets)]
        pairs.sort(key=lambda m: (ORDER[m[0]], ORDER[m[1]]))
        return [Move(NAMES[f], NAMES[t]) for f, t in pairs]

    def _targets(self, state: State, f: int) -> int:
        """The bitboard of squares the piece on ``f`` (of the side to move) may go to."""
        board = state.board
        assert state.to_move is not None  # the side to move of a running game
        for g, targets in _moves(board, bitboards(board), _colour_of(state.to_move), state.gate_diagonals):
            if g == f:
                return targets
        return 0

    def _conducts(self, state: State, f: int, t: int) -> bool:
        """Whether the Surge on ``f`` needs to conduct to reach ``t``."""
        bb = bitboards(state.board)
        c = OWNER[state.board[f]]
        occ = bb[0] | bb[1]
        return not _slides(f, occ, occ | _gated_squares(bb, c, state.gate_diagonals)) & BIT[t]

    def why_illegal(self, state: State, move: Action) -> str | None:
        """One sentence saying why ``move`` cannot be played, or None if it can."""
        player = state.to_move
        if player is None:  # over
            return Refusal(N_("The game is over."))
        if isinstance(move, (DrawOffer, DrawAnswer)):
            return self._why_not_draw(state, move)
        if not isinstance(move, Move):
            return Refusal(N_("That is not a Sparks & Surges move."))
        if state.offered_by is not None:
            return Refusal(N_("{player} must first accept or decline {offerer}'s draw offer."),
                           player=player.capitalize(), offerer=state.offered_by.capitalize())
        f, t = SQ.get(move.frm), SQ.get(move.to)
        if f is None or t is None:
            return Refusal(N_("There is no square {square}; squares run from a1 to h8."),
                           square=repr(move.frm if f is None else move.to))
        board = state.board
        p = board[f]
        if not p:
            return Refusal(N_("There is no piece on {square}."), square=move.frm)
        c = _colour_of(player)
        if OWNER[p] != c:
            return Refusal(N_("The piece on {square} is {owner}'s; it is {player}'s turn."),
                           square=move.frm, owner=PLAYERS[OWNER[p]], player=player)
        if f == t:
            return Refusal(N_("A piece must move to another square."))
        if self._targets(state, f) & BIT[t]:
            return None
        kind, q = KIND[p], board[t]
        if q and OWNER[q] == c:
            return Refusal(ONTO_OWN[kind])
        if kind == DEGAUSSER:
            return Refusal(N_("A Degausser moves one step in any direction."))
        if kind == IC:
            if not KING_NEAR[f] & BIT[t]:
                return Refusal(N_("An IC moves one step in any direction."))
            return Refusal(N_("An IC can capture only the enemy IC."))
        if q:
            return Refusal(NEVER_LANDS[kind])
        if f % 8 == t % 8 or f // 8 == t // 8:
            gated = _gated_squares(bitboards(board), c, state.gate_diagonals)
            step = (8 if f // 8 < t // 8 else -8) if f % 8 == t % 8 else (1 if f < t else -1)
            for s in range(f + step, t, step):
                if board[s]:
                    return Refusal(N_("The way from {start} to {end} is blocked on {square}."),
                                   start=move.frm, end=move.to, square=NAMES[s])
                if gated & BIT[s]:
                    return Refusal(N_("The slide cannot pass through {square}, a square gated by {side}."),
                                   square=NAMES[s], side=PLAYERS[1 - c])
        if kind == SURGE:
            return Refusal(N_("A Surge slides along a rank or file, steps one square diagonally, or conducts "
                              "to an empty square next to its network; {square} is none of these."),
                           square=move.to)
        return Refusal(N_("A Spark slides along a rank or file, or steps one square diagonally."))

    @staticmethod
    def _why_not_draw(state: State, action: DrawOffer | DrawAnswer) -> str | None:
        if isinstance(action, DrawOffer):
            if state.offered_by is not None:
                return Refusal(N_("{player}'s draw offer waits for an answer."),
                               player=state.offered_by.capitalize())
            if state.declined_by is not None and state.declined_by == state.to_move:
                return Refusal(N_("{player}'s draw offer was just declined: make a move before offering "
                                  "again."), player=state.to_move.capitalize())
            return None
        if state.offered_by is None:
            return Refusal(N_("There is no draw offer to answer."))
        return None

    def _play_draw(self, state: State, action: DrawOffer | DrawAnswer
                   ) -> tuple[State, list[Effect]]:
        player = state.to_move
        assert player is not None  # require_legal: the game runs
        other = PLAYERS[1 - _colour_of(player)]
        if isinstance(action, DrawOffer):
            return (replace(state, to_move=other, offered_by=player),
                    [{"type": "offer", "player": player}])
        effects: list[Effect] = [{"type": "answer", "player": player, "accept": action.accept}]
        if action.accept:
            effects.append({"type": "end", "winner": DRAW, "reason": "agreement"})
            return _finish(state, DRAW, "agreement"), effects
        return replace(state, to_move=other, offered_by=None, declined_by=other), effects

    def play(self, state: State, move: Action) -> tuple[State, list[Effect]]:
        self.require_legal(state, move)
        if not isinstance(move, Move):
            return self._play_draw(state, move)
        assert state.to_move is not None  # require_legal: the game runs
        c = _colour_of(state.to_move)
        diag = state.gate_diagonals
        f, t = SQ[move.frm], SQ[move.to]
        board = list(state.board)
        piece = board[f]
        conduct = KIND[piece] == SURGE and self._conducts(state, f, t)
        bb = bitboards(board)
        captured, gated, corner = resolve(board, bb, f, t, c, diag)
        effects: list[Effect] = [{"type": "move", "from": move.frm, "to": move.to,
                                          "piece": LETTERS[piece], "conduct": conduct}]
        if captured:
            effects.append({"type": "capture", "square": move.to, "piece": LETTERS[captured]})
        if gated:
            gated.sort(key=lambda g: ORDER[g[0]])
            effects.append({"type": "gated", "squares": [NAMES[s] for s, _ in gated],
                            "pieces": [LETTERS[p] for _, p in gated]})
        if corner:
            effects.append({"type": "corner", "square": move.to, "piece": LETTERS[piece]})
        removed = bool(captured or gated or corner)
        key = tuple(bb)
        history = (key,) if removed else state.history + (key,)
        quiet = 0 if removed else state.quiet_plies + 1
        after = State(level=state.level, board=tuple(board), to_move=PLAYERS[1 - c], winner=None,
                      seed=state.seed, quiet_plies=quiet, history=history, gate_diagonals=diag,
                      ply=state.ply + 1)
        verdict = decide(bb, removed, history.count(key), quiet)
        if verdict is None:
            if not _moves(board, bb, 1 - c, diag):
                if _moves(board, bb, c, diag):
                    effects.append({"type": "pass", "player": PLAYERS[1 - c]})
                    after = _with_mover(after, c)
                else:
                    verdict = (DRAW, "blocked")
        if verdict:
            after = _finish(after, *verdict)
            effects.append({"type": "end", "winner": verdict[0], "reason": verdict[1]})
        return after, effects

    def random_playout(self, state: State, rng: random.Random, trace: list[tuple[str, str]] | None = None
                       ) -> State:
        """Uniformly random legal moves to the end, on one mutable board with the same
        rule functions as :meth:`play`. ``trace``, if given, receives the moves made."""
        if state.offered_by is not None:  # an open offer is answered first, at random
            state, _ = self._play_draw(state, rng.choice((ACCEPT, DECLINE)))
        player = state.to_move
        if player is None:  # over
            return state
        diag = state.gate_diagonals
        board = list(state.board)
        bb = bitboards(board)
        c = _colour_of(player)
        quiet = state.quiet_plies
        history = list(state.history)
        counts: dict[tuple[int, ...], int] = {}
        for key in history:
            counts[key] = counts.get(key, 0) + 1
        ply = state.ply
        rand = rng.random
        verdict: tuple[str, str] | None
        while True:
            move = sample_move(board, bb, c, diag, rand)
            if move is None:  # c passes (only after a move of the other side: states are settled)
                move = sample_move(board, bb, 1 - c, diag, rand)
                if move is None:
                    verdict = (DRAW, "blocked")
                    break
                c = 1 - c
            f, t = move
            if trace is not None:
                trace.append((NAMES[f], NAMES[t]))
            captured, gated, corner = resolve(board, bb, f, t, c, diag)
            ply += 1
            key = tuple(bb)
            if captured or gated or corner:
                quiet = 0
                history = [key]
                counts = {key: 1}
                verdict = decide(bb, True, 1, 0)
            else:
                quiet += 1
                history.append(key)
                repeats = counts[key] = counts.get(key, 0) + 1
                verdict = decide(bb, False, repeats, quiet)
            if verdict:
                break
            c = 1 - c
        return State(level=state.level, board=tuple(board), to_move=None, winner=verdict[0],
                     seed=state.seed, quiet_plies=quiet, history=tuple(history), gate_diagonals=diag,
                     reason=verdict[1], ply=ply)

    # -- the end --------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        if not state.over:
            return None
        pieces = {p: sum(1 for v in state.board if OWNER[v] == c) for c, p in enumerate(PLAYERS)}
        # a finished game says who won and why (play, the playout and load_state set both)
        assert state.winner is not None and state.reason is not None
        return Outcome(winner=state.winner, reason=Reason(state.reason),
                       detail={"pieces": pieces, "quiet_plies": state.quiet_plies, "ply": state.ply})

    # -- JSON ---------------------------------------------------------------------------
    def upgrade_moves(self, moves: list[Any]) -> list[Any]:
        """A game saved before a declined offer had to be followed by a move on the board:
        an offer made again at once replaces the declined pair before it (an offer and
        its decline change nothing on the board, so the game is the same game)."""
        out: list[Any] = []
        declined = False
        for obj in moves:
            if obj == {"draw": "offer"} and declined and out[-2:] == [{"draw": "offer"}, {"draw": "decline"}]:
                del out[-2:]
            declined = obj == {"draw": "decline"} or (declined and obj == {"draw": "offer"})
            out.append(obj)
        return out

    def parse_move(self, obj: Any) -> Action:
        if isinstance(obj, dict) and "draw" in obj:
            for action, word in DRAW_WORDS.items():
                if obj == {"draw": word}:
                    return action
            raise IllegalMove("A draw action must be {\"draw\":\"offer\"}, {\"draw\":\"accept\"} "
                              "or {\"draw\":\"decline\"}.")
        if (not isinstance(obj, dict) or not isinstance(obj.get("from"), str)
                or not isinstance(obj.get("to"), str)):
            raise IllegalMove("A Sparks & Surges move must be an object like "
                              "{\"from\":\"b2\",\"to\":\"b5\"}.")
        for key in ("from", "to"):
            if obj[key] not in SQ:
                raise IllegalMove(f"The move's \"{key}\" must be a square a1-h8, not {obj[key]!r}.")
        return Move(obj["from"], obj["to"])

    def move_json(self, move: Action) -> dict[str, Any]:
        if not isinstance(move, Move):
            return {"draw": DRAW_WORDS[move]}
        return {"from": move.frm, "to": move.to}

    def state_json(self, state: State) -> dict[str, Any]:
        squares = sorted((i for i, v in enumerate(state.board) if v), key=ORDER.__getitem__)
        out: dict[str, Any] = {
            "game": "sparks", "level": state.level, "to_move": state.to_move, "over": state.over,
            "winner": state.winner,
            "board": {NAMES[i]: LETTERS[state.board[i]] for i in squares},
            "quiet_plies": state.quiet_plies, "gate_diagonals": state.gate_diagonals,
            "seed": state.seed, "ply": state.ply,
        }
        if state.over:
            out["reason"] = state.reason
        if state.offered_by is not None:  # only while an offer is open: other states read as before
            out["offered_by"] = state.offered_by
        if state.declined_by is not None:  # only until the offerer moves on the board
            out["declined_by"] = state.declined_by
        return out

    def load_state(self, obj: Any, level: dict[str, Any]) -> State:
        if not isinstance(obj, dict):
            raise RulesError("The state must be a JSON object.")
        if obj.get("game", "sparks") != "sparks":
            raise RulesError(f"The state is of game {obj.get('game')!r}, not sparks.")
        level = self.check_level(level)
        start = _level_board(level)
        limits = {code: start.count(code) for code in LETTERS}
        board = _board_from(need(obj, "board", dict), "state's board", limits)
        diag = obj.get("gate_diagonals", level["gate_diagonals"])
        if not isinstance(diag, bool):
            raise RulesError("The state's 'gate_diagonals' must be true or false.")
        _check_ungated(board, diag, "state's board")
        quiet = need_int(need(obj, "quiet_plies", int), "The state's 'quiet_plies'", 0, INACTIVITY)
        seed = need_int(obj.get("seed", 0), "The state's 'seed'")
        ply = need_int(obj.get("ply", 0), "The state's 'ply'")
        if ply < 0:
            raise RulesError("The state's 'ply' (moves made) cannot be negative.")
        if "to_move" not in obj:
            raise RulesError("The state is missing the key 'to_move'.")
        over = obj.get("over", obj["to_move"] is None)
        if not isinstance(over, bool):
            raise RulesError("The state's 'over' must be true or false.")
        if over != (obj["to_move"] is None):
            raise RulesError("The state's 'to_move' must be null exactly when 'over' is true.")
        name = obj.get("level", level.get("name", "classic"))
        if not isinstance(name, str):
            raise RulesError("The state's 'level' must be a level name.")
        state = State(level=name, board=tuple(board), to_move="white", winner=None, seed=seed,
                      quiet_plies=quiet, history=(_key(board),), gate_diagonals=diag, ply=ply)
        decided = decide(bitboards(board), True, 1, quiet)
        offered_by = obj.get("offered_by")
        if (offered_by is not None or obj.get("declined_by") is not None) and over:
            raise RulesError("A finished game has no draw offer.")
        if not over:
            to_move = need_player(obj["to_move"], PLAYERS, "The state's 'to_move'")
            state = _settle_start(_with_mover(state, _colour_of(to_move)))
            if offered_by is not None:
                need_player(offered_by, PLAYERS, "The state's 'offered_by'")
                if offered_by == state.to_move or state.over:
                    raise RulesError("An open draw offer is answered by the other player, who is to move.")
                state = replace(state, offered_by=offered_by)
            declined_by = obj.get("declined_by")
            if declined_by is not None:
                need_player(declined_by, PLAYERS, "The state's 'declined_by'")
                if declined_by != state.to_move or state.offered_by is not None:
                    raise RulesError("A declined draw offer is the offer of the player to move, with no "
                                     "offer open.")
                state = replace(state, declined_by=declined_by)
            return state
        winner, reason = obj.get("winner"), obj.get("reason")
        if decided and decided[1] in ("ic", "material"):
            if winner != decided[0]:
                raise RulesError(f"This position is decided ({decided[1]}): the winner must be {decided[0]}.")
            return _finish(state, *decided)
        if winner != DRAW:
            raise RulesError("With both ICs and more than one Spark or Surge on the board, a finished "
                             "game can only be a draw.")
        if reason is None:
            reason = decided[1] if decided else "agreement"
        allowed = ("repetition", "blocked", "agreement") + (("inactivity",) if quiet == INACTIVITY else ())
        if reason not in allowed:
            raise RulesError(f"A finished draw in this position must have 'reason' {', '.join(allowed)}.")
        return _finish(state, DRAW, reason)

    # -- notation -----------------------------------------------------------------------
    def move_text(self, move: Action, state: State | None = None) -> str:
        """``Sb2-b5``; ``x`` for a capture, ``*`` for a Surge conducting; ``b2-b5``
        without a state to read the piece from; ``draw?``, ``draw agreed``, ``draw declined``."""
        if not isinstance(move, Move):
            return DRAW_TEXT[move]
        if state is None or SQ.get(move.frm) is None or not state.board[SQ[move.frm]]:
            return f"{move.frm}-{move.to}"
        board = state.board
        f, t = SQ[move.frm], SQ[move.to]
        piece = board[f]
        sep = "-"
        if board[t] and OWNER[board[t]] != OWNER[piece]:
            sep = "x"
        elif KIND[piece] == SURGE and self._conducts(state, f, t):
            sep = "*"
        return f"{NOTATION[KIND[piece]]}{move.frm}{sep}{move.to}"

    _TEXT = re.compile(r"^\s*([SODIUsodiu]?)\s*([a-h][1-8])\s*[-x*:]?\s*([a-h][1-8])\s*$")

    def move_note(self, before: State, move: Action, effects: list[Effect]) -> str:
        """``Sb2-b5 †2``: the move, and the pieces it cost either side to gates or corners."""
        text = self.move_text(move, before)
        removed = sum(len(e["squares"]) for e in effects if e["type"] == "gated")
        removed += sum(1 for e in effects if e["type"] == "corner")
        return text + (f" †{removed}" if removed else "")

    def scores(self, state: State) -> dict[str, int]:
        """The pieces each side has left."""
        return {p: sum(1 for v in state.board if OWNER[v] == c) for c, p in enumerate(PLAYERS)}

    # -- in words ---------------------------------------------------------------------------
    def describe(self, state: State) -> list[str]:
        """Each side's pieces, kind by kind, by square; the moves since a removal; an open
        draw offer."""
        lines: list[str] = []
        for c, player in enumerate(PLAYERS):
            for kind in (IC, DEGAUSSER, SURGE, SPARK):
                squares = sorted((NAMES[i] for i, v in enumerate(state.board) if v and OWNER[v] == c
                                  and KIND[v] == kind), key=lambda n: ORDER[SQ[n]])
                if squares:
                    lines.append(Refusal(N_("{side} {kind} ({n}): {squares}."), side=player.capitalize(),
                                         kind=KIND_NAMES[kind], n=len(squares), squares=Listed(squares)))
        lines.append(Refusal(N_("Pieces: {scores}."), scores=Listed(
            Refusal(N_("{side} {score}"), side=p.capitalize(), score=n)
            for p, n in self.scores(state).items())))
        if not state.over:
            lines.append(Refusal(N_("Moves without a removal: {n} of {most}."), n=state.quiet_plies,
                                 most=INACTIVITY))
        if state.offered_by is not None and state.to_move is not None:
            lines.append(Refusal(N_("{side} offers a draw: {other} answers with draw agreed or draw "
                                    "declined."),
                                 side=state.offered_by.capitalize(), other=state.to_move.capitalize()))
        return lines

    def tell(self, before: State, move: Action, effects: list[Effect]) -> list[str]:
        """The piece moved, what it took, the pieces gated, a death on a corner, a draw offer
        and its answer."""
        out: list[str] = []
        for e in effects:
            if e["type"] == "move":
                if e["conduct"]:
                    out.append(Refusal(N_("{side} {kind} conducts from {frm} to {to}."), frm=e["from"],
                                       to=e["to"], **self._piece_words(e["piece"])))
                else:
                    out.append(Refusal(N_("{side} {kind} moves from {frm} to {to}."), frm=e["from"],
                                       to=e["to"], **self._piece_words(e["piece"])))
            elif e["type"] == "capture":
                out.append(Refusal(N_("It takes the {side} {kind} on {square}."), square=e["square"],
                                   **self._piece_words(e["piece"])))
            elif e["type"] == "corner":
                out.append(Refusal(N_("The {side} {kind} dies on the corner {square}."), square=e["square"],
                                   **self._piece_words(e["piece"])))
            elif e["type"] == "gated":
                out.append(Refusal(N_("Gated and removed: {squares}."), squares=Listed(e["squares"])))
            elif e["type"] == "offer":
                out.append(Refusal(N_("{side} offers a draw."), side=e["player"].capitalize()))
            elif e["type"] == "answer":
                if e["accept"]:
                    out.append(Refusal(N_("{side} accepts the draw."), side=e["player"].capitalize()))
                else:
                    out.append(Refusal(N_("{side} declines the draw."), side=e["player"].capitalize()))
        return out + super().tell(before, move, effects)

    @staticmethod
    def _piece_words(code: str) -> dict[str, str]:
        """A piece code's side and kind as a sentence names them ("WS": White, Spark)."""
        return {"side": PLAYERS[COLOUR_LETTER.index(code[0])].capitalize(),
                "kind": KIND_NAMES[KIND_LETTERS.index(code[1])]}

    def parse_text(self, text: str, state: State | None = None) -> Action:
        for action, words in DRAW_TEXT.items():
            if isinstance(text, str) and text.strip().lower() == words:
                return action
        m = self._TEXT.match(text) if isinstance(text, str) else None
        if not m:
            raise IllegalMove(f"'{text}' is not a Sparks & Surges move like Sb2-b5 or b2b5.")
        letter, frm, to = m.groups()
        if letter and state is not None:
            piece = state.board[SQ[frm]]
            kind = READ_AS_KIND[letter.upper()]
            if not piece or KIND[piece] != kind:
                raise IllegalMove(f"There is no {KIND_NAMES[kind]} on {frm}.")
        return Move(frm, to)


SPARKS = Sparks()
