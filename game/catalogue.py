"""One record per game: the only place that lists the games and what each one has.

Everything that lists or names games reads a :class:`GameRecord`: the game select
and "who plays?" screens, saves, the demo, the engine protocol, the arena, the bench
and the command line. A record holds the game's words (title, name, blurb, sides,
notation) and its parts: the rules object, the AI policy (with its level settings),
where its scene lives and which kit draws its how-to pages (the pages themselves are
data, ``levels/howto/<id>.json``). The words are English, marked with ``N_``:
a screen shows them in the player's language with ``i18n._(record.title)`` (the engine
protocol and file names use them as they are). The scene and the kit are named by module
path and resolved by the scenes layer, so this module, like the rules and the AI, needs no
pygame (the engine and the arena import it).

Adding a sixth game: a rules module, an AI policy, a drawing kit, a scene, a how-to
file, and one record here (see docs/architecture.md). A game that lives outside
``game/`` (the test suite's own sixth game, ``tests/sixth/``) is added with
:func:`register`, before the screens are built; its record names its own folder
(``root``) and its scene by a full module path.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import palette
from .ai import policies
from .i18n import N_
from .rules import gauss, improbable, order, rush, sparks
from .rules.core import Game, Refusal, RulesError


@dataclass(frozen=True)
class Side:
    """One side of a game: the rules' player id, its name on screen (English, marked
    with ``N_``: shown as ``_(side.name)``) and its colours."""

    id: str
    name: str
    tint: palette.Tint


@dataclass(frozen=True)
class GameRecord:
    id: str
    #: the full title (menus, the engine's ``games`` answer)
    title: str
    #: the short name (panel headings, save names)
    name: str
    #: one line for the game select and the demo
    blurb: str
    rules: Game
    #: the computer opponent's knowledge of the game; its ``tuning`` holds the game's
    #: settings for easy, medium and hard
    policy: type[policies.Policy]
    sides: tuple[Side, Side]
    #: the play scene: ``module:Class`` inside ``game.scenes``, or a full dotted module path
    #: (``sixth.scene:CornersScene``) for a game registered from outside
    scene: str
    #: the move notation in one line, for the screens that show a move list
    notation: str
    #: what ``rules.scores`` counts, in a word or two ("GAIN", "Stones")
    score_name: str
    #: the default level as shipped in ``levels/<id>/``: played when that file is missing
    #: or damaged, so the game always starts
    builtin_level: dict[str, Any]
    #: the drawing kit's side of the how-to pages, ``module:Class`` (a
    #: ``game.ui.diagrams.Diagrams``, ``game.ui.kits.rush:RushDiagrams``): the one how-to screen
    #: (``game.scenes.menus.howto``) shows the game's how-to file, ``levels/howto/<id>.json`` (see
    #: ``game.content.howto``), drawn with it; empty: the game has no how-to pages
    diagrams: str = ""
    #: the plies of the forced lines ``python -m game.tools.puzzlemaker`` looks for (odd: the solver
    #: moves first and last); empty: no puzzles are searched for the game
    puzzle_depths: tuple[int, ...] = ()
    #: a game registered from outside ``game/``: the folder that holds its files the way the
    #: repository holds the shipped games' (``levels/<id>/``, ``levels/lessons/<id>.json``,
    #: ``levels/puzzles/<id>/``, ``docs/rules/<id>.md``); None for the games that ship
    root: Path | None = None

    @property
    def players(self) -> tuple[str, str]:
        return self.rules.players

    @property
    def default_level(self) -> str:
        return self.rules.default_level

    def side(self, player: str) -> Side:
        """The side whose rules id is ``player``."""
        for side in self.sides:
            if side.id == player:
                return side
        raise KeyError(player)


#: each side's name as players read it (the rules' ids are lower case: ``red``)
SIDE_NAMES = {"red": N_("Red"), "blue": N_("Blue"), "black": N_("Black"), "white": N_("White"),
              "brown": N_("Brown")}


def make_sides(*ids: str) -> tuple[Side, Side]:
    """A record's two sides, by the rules' player ids: their names and colours (``palette.SIDES``)."""
    return tuple(Side(i, SIDE_NAMES.get(i, i.capitalize()), palette.SIDES[i]) for i in ids)  # type: ignore[return-value]


#: every game of the arcade, in menu order
RECORDS: dict[str, GameRecord] = {r.id: r for r in (
    GameRecord(
        id="gauss", title=N_("GAUSS — magnetic duel"), name=N_("GAUSS"),
        blurb=N_("Place discs; like poles repel, opposites attract. Score groups of four."),
        rules=gauss.GAUSS, policy=policies.GaussPolicy, sides=make_sides("red", "blue"),
        scene="game.scenes.games.gauss_scene:GaussScene", diagrams="game.ui.kits.gauss:GaussDiagrams",
        notation=N_("Re5: a red disc on e5.  R+3!1: a red group of four scores 3 to GAIN and 1 to RISK."),
        score_name=N_("GAIN"), puzzle_depths=(1, 3),
        builtin_level={
            "format": 1, "game": "gauss", "name": "classic", "title": N_("Classic"), "order": 1,
            "description": "Hex board of radius 4; the outer ring is the VOID.", "radius": 4}),
    GameRecord(
        id="rush", title=N_("Rush"), name=N_("Rush"),
        blurb=N_("Fill the Go board: two connections means you place again."),
        rules=rush.RUSH, policy=policies.RushPolicy, sides=make_sides("black", "white"),
        scene="game.scenes.games.rush_scene:RushScene", diagrams="game.ui.kits.rush:RushDiagrams",
        notation=N_("e5: a stone on e5; the stones of one turn are listed together."),
        score_name=N_("Stones"),
        builtin_level={
            "format": 1, "game": "rush", "name": "9x9", "title": "9×9", "order": 1,
            "description": "9×9 points (81): the standard board, quick and sharp.", "size": 9}),
    GameRecord(
        id="sparks", title=N_("Gauss: Sparks & Surges"), name=N_("Sparks & Surges"),
        blurb=N_("Chess-like: gate enemy pieces between your Sparks and Surges."),
        rules=sparks.SPARKS, policy=policies.SparksPolicy, sides=make_sides("white", "black"),
        scene="game.scenes.games.sparks_scene:SparksScene", diagrams="game.ui.kits.sparks:SparksDiagrams",
        notation=N_("S Spark, O Surge, D Degausser, I IC.  Sb2-b5: a move;  x takes;  "
                    "* a Surge conducts;  †2: two pieces lost."),
        score_name=N_("Pieces"), puzzle_depths=(1, 3),
        builtin_level={
            "format": 1, "game": "sparks", "name": "classic", "title": N_("Classic"), "order": 1,
            "description": "8x8 board, deadly corners; gating along ranks, files and diagonals.",
            "setup": {"b1": "WU", "c1": "WD", "d1": "WI", "e1": "WD", "f1": "WU", "g1": "WU",
                      "b2": "WS", "c2": "WS", "d2": "WS", "e2": "WS", "f2": "WS", "g2": "WS",
                      "b7": "BS", "c7": "BS", "d7": "BS", "e7": "BS", "f7": "BS", "g7": "BS",
                      "b8": "BU", "c8": "BD", "d8": "BI", "e8": "BD", "f8": "BU", "g8": "BU"},
            "gate_diagonals": True}),
    GameRecord(
        id="improbable", title=N_("The Improbable"), name=N_("The Improbable"),
        blurb=N_("Roll for stones, stop before a repeat busts your turn."),
        rules=improbable.IMPROBABLE, policy=policies.ImprobablePolicy, sides=make_sides("blue", "brown"),
        scene="game.scenes.games.improbable_scene:ImprobableScene",
        diagrams="game.ui.kits.improbable:ImprobableDiagrams",
        notation=N_("R4: rolled a 4.  S+9: stopped and banked 9.  bust: a repeat, the turn is lost."),
        score_name=N_("Length"),
        builtin_level={
            "format": 1, "game": "improbable", "name": "classic", "title": N_("Classic"), "order": 1,
            "description": "Stones of lengths 1 to 6, three of each, and one die per player; "
                           "the longer row wins."}),
    GameRecord(
        id="order", title=N_("The Great Order"), name=N_("The Great Order"),
        blurb=N_("Lay stones across the field; chains of connections score big."),
        rules=order.ORDER, policy=policies.OrderPolicy, sides=make_sides("blue", "brown"),
        scene="game.scenes.games.order_scene:OrderScene", diagrams="game.ui.kits.order:OrderDiagrams",
        notation=N_("L2@10: the left end stone, a 2, in column 10.  *: it connects.  +6: a chain scores."),
        score_name=N_("Score"), puzzle_depths=(1, 3, 5),
        builtin_level={
            "format": 1, "game": "order", "name": "classic", "title": N_("Classic"), "order": 1,
            "description": "A field of 18 columns between the two boundaries of 6-stones; "
                           "chains of connections score 1+2+3+..."}),
)}
#: the ids of :data:`RECORDS`, in menu order (read it as ``catalogue.GAME_IDS`` when it is
#: used: :func:`register` makes it anew)
GAME_IDS = tuple(RECORDS)


def register(record: GameRecord) -> None:
    """Add a game that lives outside ``game/`` after the shipped ones (the test suite's sixth
    game): from then on every screen, the engine protocol, saves and the arcade list it like
    the others. Call it before anything shows or lists the games; registering the same
    record again changes nothing, another record under a known id is refused."""
    global GAME_IDS
    known = RECORDS.get(record.id)
    if known is not None:
        if known is record:
            return
        raise ValueError(f"a game with the id {record.id!r} is registered already")
    if record.rules.id != record.id:
        raise ValueError(f"the record {record.id!r} names the rules of {record.rules.id!r}")
    RECORDS[record.id] = record
    GAME_IDS = tuple(RECORDS)


def get(game_id: str) -> GameRecord:
    """The record of ``game_id``; RulesError with the list of games for an unknown id."""
    record = RECORDS.get(game_id) if isinstance(game_id, str) else None
    if record is None:
        raise RulesError(Refusal(N_("Unknown game '{game}'; the games are {games}."),
                                 game=game_id, games=", ".join(GAME_IDS)))
    return record


def game(game_id: str) -> Game:
    """The rules of ``game_id`` (RulesError for an unknown id)."""
    return get(game_id).rules
