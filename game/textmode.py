"""The text mode, ``gauss-arcade --text``: every game played in a terminal, for a screen
reader or anyone without a screen to draw on (docs/text-mode.md).

Lines in, lines out. The position is said in words (each game's ``rules.describe``), a
move is typed in the game's notation, the same as the records and the move list
(``rules.parse_text`` / ``move_text``), what a move did or would do is said in sentences
(``rules.tell`` / ``foretell``), and a refused move gets the rules' own reason
(``rules.why_illegal``). The game in progress is a :class:`game.match.Match`, as on the
play screen; the computer is the AI's :class:`game.ai.Thinker`, run to its end at once.

Nothing here imports pygame (tested): the text mode runs on a machine with no display.
"""
from __future__ import annotations

import random
import sys
from dataclasses import dataclass
from typing import Any, TextIO

from . import catalogue
from .content import levels
from .i18n import N_, SOURCE, _, language, ngettext, pgettext, refusal
from .match import AI_LEVELS, Match, NoTakeBack, Seat
from .rules.core import Reason, RulesError

#: the commands, in the order help lists them: the English word (always understood), and
#: what it does; each is also understood in the player's language (``pgettext("text
#: command", word)``)
COMMANDS = (
    ("help", N_("this list")),
    ("moves", N_("the legal moves, in the game's notation")),
    ("look", N_("the position again")),
    ("preview", N_("followed by a move: what it would do, or why it is refused")),
    ("undo", N_("take back the last move (against the computer: back to your last turn)")),
    ("score", N_("the score")),
    ("new", N_("a new game of the same game")),
    ("quit", N_("leave the text mode")),
)


def command_words() -> dict[str, str]:
    """Each command's word in the player's language."""
    return {"help": pgettext("text command", "help"), "moves": pgettext("text command", "moves"),
            "look": pgettext("text command", "look"), "preview": pgettext("text command", "preview"),
            "undo": pgettext("text command", "undo"), "score": pgettext("text command", "score"),
            "new": pgettext("text command", "new"), "quit": pgettext("text command", "quit")}


#: what decided a finished game, as a sentence
REASONS = {
    Reason.SCORE: N_("The higher score decides."),
    Reason.VOID: N_("The scores are equal: fewer discs in the VOID decide."),
    Reason.RISK: N_("Scores and VOID are equal: the lower RISK decides."),
    Reason.STONES: N_("The board is full: more stones decide."),
    Reason.LENGTH: N_("The longer row decides."),
    Reason.IC: N_("An IC is gone."),
    Reason.MATERIAL: N_("Only the ICs and one Spark or Surge are left."),
    Reason.REPETITION: N_("The same placement came a third time."),
    Reason.INACTIVITY: N_("Too many moves without a piece removed."),
    Reason.BLOCKED: N_("Neither side can move."),
    Reason.AGREEMENT: N_("The players agreed to a draw."),
}
#: the longest line read: anything longer is refused whole
MAX_LINE = 500


@dataclass(frozen=True)
class TextOptions:
    """What the command line gives the text mode (``--game``, ``--level``, ``--seed``)."""

    game: str | None = None
    level: str | None = None
    seed: int | None = None


class Leave(Exception):
    """The player quit, or the input ended."""


def command_of(word: str) -> str | None:
    """The command ``word`` names (English, or the player's language), or None."""
    word = word.strip().lower()
    for name, said in command_words().items():
        if word in (name, said.lower()):
            return name
    return None


class TextGame:
    """One text-mode session: choose a game and who plays, then play until ``quit``."""

    def __init__(self, options: TextOptions, stdin: TextIO, stdout: TextIO) -> None:
        self.options = options
        self.stdin = stdin
        self.stdout = stdout
        self.match: Match | None = None
        self.rng = random.Random(options.seed)
        self.computer_at: str | None = None

    # -- lines in and out ---------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def ask(self, prompt: str) -> str:
        """One line typed after ``prompt`` (said on a line of its own first: a screen reader
        reads whole lines); :class:`Leave` at the end of the input."""
        self.stdout.write(prompt + "\n> ")
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.say()
            raise Leave
        line = line.strip()
        if len(line) > MAX_LINE:
            self.say(_("That line is too long; nothing changed."))
            return self.ask(prompt)
        return line

    def choose(self, prompt: str, items: list[str], default: int | None = None) -> int:
        """The number of the item chosen (from 0); asks again until it is one of them."""
        for k, item in enumerate(items, 1):
            self.say(_("{number}. {item}").format(number=k, item=item))
        while True:
            answer = self.ask(prompt)
            if not answer and default is not None:
                return default
            if command_of(answer) == "quit":
                raise Leave
            if answer.isdigit() and 1 <= int(answer) <= len(items):
                return int(answer) - 1
            self.say(_("Please type a number from 1 to {last}.").format(last=len(items)))

    # -- the session --------------------------------------------------------------------------
    def run(self) -> int:
        try:
            self.say(_("Gauss Arcade, text mode. Type help at any time for the commands."))
            game_id = self.options.game or self.choose_game()
            level = self.choose_level(game_id)
            seats = self.choose_seats(game_id)
            self.match = Match(game_id, level, seed=self.options.seed, seats=seats)
            self.start()
            self.play()
        except Leave:
            pass
        except KeyboardInterrupt:
            self.say()
            return 130
        self.say(_("Goodbye."))
        return 0

    def choose_game(self) -> str:
        records = list(catalogue.RECORDS.values())
        self.say(_("The games:"))
        items = [_("{title}: {blurb}").format(title=_(r.title), blurb=_(r.blurb)) for r in records]
        k = self.choose(_("Choose a game: type its number."), items)
        return records[k].id

    def choose_level(self, game_id: str) -> dict[str, Any]:
        if self.options.level is not None:
            return levels.load(game_id, self.options.level)
        names = levels.names(game_id)
        default = catalogue.get(game_id).default_level
        if len(names) < 2:
            return levels.load(game_id, None)
        found = [levels.load(game_id, name) for name in names]
        first = names.index(default) if default in names else 0
        self.say(_("The boards:"))
        k = self.choose(_("Choose a board: type its number, or just Enter for {title}.").format(
            title=_(found[first]["title"])), [_(level["title"]) for level in found], default=first)
        return found[k]

    def choose_seats(self, game_id: str) -> dict[str, Seat]:
        record = catalogue.get(game_id)
        self.say(_("Who plays?"))
        items = [_("Two people at this keyboard"), _("You against the computer, easy"),
                 _("You against the computer, medium"), _("You against the computer, hard")]
        k = self.choose(_("Type a number, or just Enter for two people."), items, default=0)
        if k == 0:
            self.computer_at = None
            return {}
        strength = AI_LEVELS[k - 1]
        self.computer_at = strength
        self.say(_("Which side do you play?"))
        j = self.choose(_("Type a number, or just Enter for {side}.").format(side=_(record.sides[0].name)),
                        [_(side.name) for side in record.sides], default=0)
        computer = record.sides[1 - j].id
        return {computer: Seat(computer, strength)}

    # -- the game ------------------------------------------------------------------------------
    @property
    def record(self) -> catalogue.GameRecord:
        assert self.match is not None
        return self.match.entry

    def side(self, player: str | None) -> str:
        if player is None:
            return ""
        try:
            return _(self.record.side(player).name)
        except KeyError:
            return player

    def start(self) -> None:
        match = self.match
        assert match is not None
        self.say(_("{game}, board {level}.").format(game=_(self.record.title), level=_(match.level["title"])))
        computer = [p for p, seat in match.seats.items() if seat.is_ai]
        if computer:
            self.say(_("The computer plays {side} at {strength}.").format(
                side=self.side(computer[0]), strength=_(match.seats[computer[0]].kind)))
        self.say(_("Notation: {notation}").format(notation=_(self.record.notation)))
        self.look()

    def look(self) -> None:
        match = self.match
        assert match is not None
        for line in match.rules.describe(match.state):
            self.say(refusal(line))

    def turn_line(self) -> str:
        match = self.match
        assert match is not None
        player = match.state.to_move
        if match.seat(player).is_ai:
            return _("{side} to move (the computer).").format(side=self.side(player))
        return _("{side} to move. Type a move, or help.").format(side=self.side(player))

    def play(self) -> None:
        match = self.match
        assert match is not None
        while True:
            if match.over:
                line = self.ask(_("The game is over. Type new, undo, look or quit."))
            elif match.ai_to_move():
                self.computer_moves()
                continue
            else:
                line = self.ask(self.turn_line())
            if line:
                self.handle(line)

    def handle(self, line: str) -> None:
        word, _sep, rest = line.partition(" ")
        command = command_of(word)
        match = self.match
        assert match is not None
        if command == "quit":
            raise Leave
        if command == "help":
            self.help()
        elif command == "look":
            self.look()
        elif command == "score":
            self.score()
        elif command == "moves":
            self.moves()
        elif command == "undo":
            self.undo()
        elif command == "new":
            match.new(self.rng.randrange(1 << 31))
            self.start()
        elif command == "preview":
            self.preview(rest.strip())
        elif match.over:
            self.say(_("The game is over: no more moves. Type new for another game, or quit."))
        else:
            self.typed_move(line)

    def help(self) -> None:
        self.say(_("Type a move in the game's notation, or one of these commands:"))
        words = command_words()
        for name, what in COMMANDS:
            word = words[name]
            names = name if word.lower() == name else f"{word} ({name})"
            self.say(_("{command}: {what}").format(command=names, what=_(what)))
        self.say(_("Notation: {notation}").format(notation=_(self.record.notation)))

    def score(self) -> None:
        match = self.match
        assert match is not None
        scores = ", ".join(_("{side} {score}").format(side=self.side(p), score=n)
                           for p, n in match.rules.scores(match.state).items())
        self.say(_("{name}: {scores}.").format(name=_(self.record.score_name), scores=scores))

    def moves(self) -> None:
        match = self.match
        assert match is not None
        rules, state = match.rules, match.state
        if state.over:
            self.say(_("The game is over: no more moves."))
            return
        if rules.moves_unlisted(state):
            example = rules.move_text(rules.random_move(state, self.rng), state)
            self.say(_("Your moves are too many to list. Type one like this: {example}").format(
                example=example))
            return
        texts = []
        for move in rules.legal_moves(state):
            # a move left to chance is written without its result: the die is not told ahead
            chance = rules.chance_outcomes(state, move) is not None
            texts.append(rules.move_text(move, None if chance else state))
        self.say(_("Legal moves ({n}): {moves}").format(n=len(texts), moves=", ".join(texts)))

    def read_move(self, text: str) -> tuple[Any, str | None]:
        """The move ``text`` names and None, or None and a sentence saying why it is none or
        cannot be played now."""
        match = self.match
        assert match is not None
        rules, state = match.rules, match.state
        try:
            move = rules.parse_text(text, state)
        except Exception as exc:  # noqa: BLE001 - whatever the notation's reader makes of odd text
            said = exc.args[0] if isinstance(exc, RulesError) and exc.args else None
            if isinstance(said, str) and getattr(said, "template", None) is not None:
                reason = refusal(said)  # a refusal the catalogue says in the player's language
            elif isinstance(said, str) and language() == SOURCE:
                reason = said  # the rules' own English sentence
            else:
                reason = _("'{text}' is not written in this game's notation.").format(text=text)
            return None, _("Not a move or a command: {reason} Type help for the commands, or moves for "
                           "the legal moves.").format(reason=reason)
        move = self.unforced(move)
        try:
            why = match.why_not(move)
        except Exception:  # noqa: BLE001 - a move the rules cannot even judge is refused
            why = _("That move is not legal here.")
        if why:
            return None, refusal(why)
        return move, None

    def unforced(self, move: Any) -> Any:
        """A move that forces what chance decides (``R4``: a roll showing 4, as the records
        write it) is played as the move left to chance (a roll): a player never chooses the die."""
        match = self.match
        assert match is not None
        rules, state = match.rules, match.state
        if state.over or rules.moves_unlisted(state):
            return move
        for legal in rules.legal_moves(state):
            outcomes = rules.chance_outcomes(state, legal)
            if outcomes and any(forced == move for forced, _p in outcomes):
                return legal
        return move

    def typed_move(self, text: str) -> None:
        move, why = self.read_move(text)
        if why is not None:
            self.say(why)
            self.say(_("Nothing changed."))
            return
        self.commit(move)

    def preview(self, text: str) -> None:
        match = self.match
        assert match is not None
        if not text:
            self.say(_("Type preview and a move, like: preview {example}").format(example=self.example()))
            return
        if match.over:
            self.say(_("The game is over: no more moves."))
            return
        move, why = self.read_move(text)
        if why is not None:
            self.say(why)
            return
        lines = [refusal(line) for line in match.rules.foretell(match.state, move)]
        self.say(_("Preview of {move}: {what}").format(
            move=self.notation(move), what=" ".join(lines) or _("nothing happens besides the move.")))

    def example(self) -> str:
        match = self.match
        assert match is not None
        if match.over:
            return ""
        return self.notation(match.rules.random_move(match.state, self.rng))

    def notation(self, move: Any) -> str:
        """A move as the move list writes it (a move left to chance without its result)."""
        match = self.match
        assert match is not None
        rules, state = match.rules, match.state
        chance = rules.chance_outcomes(state, move) is not None
        return rules.move_text(move, None if chance else state)

    def commit(self, move: Any) -> None:
        match = self.match
        assert match is not None
        mover = match.state.to_move
        text = self.notation(move)
        secret = match.rules.moves_unlisted(match.state)  # an arrangement: the other player listens
        match.branch()
        before, after, effects = match.play(move)
        if not secret:
            self.say(_("{side} plays {move}.").format(side=self.side(mover), move=text))
        self.told(before, move, effects)

    def computer_moves(self) -> None:
        match = self.match
        assert match is not None
        from .ai import Thinker  # imported here: two people at one keyboard never load the search

        seat = match.seat()
        mover = match.state.to_move
        self.say(_("The computer ({side}) is thinking.").format(side=self.side(mover)))
        move = Thinker(match.rules, match.state, seat.kind, rng=self.rng, policy=self.record.policy).result()
        text = self.notation(move)
        secret = match.rules.moves_unlisted(match.state)  # its arrangement is not told
        match.branch()
        before, after, effects = match.play(move)
        if not secret:
            self.say(_("The computer ({side}) plays {move}.").format(side=self.side(mover), move=text))
        self.told(before, move, effects)

    def told(self, before: Any, move: Any, effects: list[dict[str, Any]]) -> None:
        """What a move did, the position after it, and the result if it ended the game."""
        match = self.match
        assert match is not None
        for line in match.rules.tell(before, move, effects):
            self.say(refusal(line))
        self.look()
        if match.over:
            self.result()

    def result(self) -> None:
        match = self.match
        assert match is not None
        outcome = match.outcome()
        if outcome is None:
            return
        if outcome.winner == "draw":
            said = _("Game over: a draw.")
        else:
            said = _("Game over: {side} wins.").format(side=self.side(outcome.winner))
        reason = REASONS.get(outcome.reason) if isinstance(outcome.reason, Reason) else None
        self.say(said + (" " + _(reason) if reason else ""))
        self.score()

    def undo(self) -> None:
        match = self.match
        assert match is not None
        try:
            gone = match.undo()
        except NoTakeBack as exc:
            if exc.reason == "nothing":
                self.say(_("There is no move to take back."))
            else:
                self.say(_("This game is played without take-backs."))
            return
        self.say(ngettext("{n} move taken back.", "{n} moves taken back.", gone).format(n=gone))
        self.look()


def run(options: TextOptions, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """The text mode on the terminal (or the given streams); returns the exit status."""
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    if stdin is None or stdout is None:  # started without a console (a GUI launcher on Windows)
        return 1
    for stream in (stdin, stdout):
        try:
            getattr(stream, "reconfigure")(errors="replace")  # noqa: B009 - a TextIOWrapper's, if it is one
        except (AttributeError, ValueError, OSError):
            pass
    try:
        return TextGame(options, stdin, stdout).run()
    except (BrokenPipeError, ConnectionResetError):
        return 0
    except RulesError as exc:  # a level that cannot be loaded, a game unknown
        print(refusal(str(exc)), file=sys.stderr)
        return 2
