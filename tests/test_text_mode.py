"""The text mode (``main.py --text``), driven as a player drives it: through a pseudo-
terminal, typing lines and reading what comes back, a whole game of every game, in English
and in German; no traceback, ever, and no pygame."""
from __future__ import annotations

import os
import random
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import catalogue

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")

ROOT = Path(__file__).resolve().parent.parent
MAIN = ROOT / "main.py"
#: the games main.py offers (the test suite's sixth game lives in this process only)
SHIPPED = [record.id for record in catalogue.RECORDS.values() if record.root is None]
PROMPT = "\n> "
#: how long one answer may take (a loaded 2-core machine), and a whole game
ANSWER_SECONDS = 30.0
GAME_SECONDS = 240.0

#: what the tests read, per language
WORDS = {
    "en": {"moves": r"Legal moves \(\d+\): (.*)", "unlisted": r"Type one like this: (\S+)",
           "over": "Game over", "refused": "Nothing changed.", "nonsense": "Not a move or a command",
           "undone": "1 move taken back.", "preview": "Preview of ", "goodbye": "Goodbye."},
    "de": {"moves": r"Erlaubte Züge \(\d+\): (.*)", "unlisted": r"wie diesen: (\S+)",
           "over": "Spiel vorbei", "refused": "Nichts hat sich geändert.",
           "nonsense": "Weder Zug noch Befehl", "undone": "1 Zug zurückgenommen.",
           "preview": "Vorschau auf ", "goodbye": "Auf Wiedersehen."},
}


class Terminal:
    """``main.py --text ARGS`` on a pseudo-terminal: what a screen reader would be given."""

    def __init__(self, args: list[str], home: Path, language: str = "en") -> None:
        import pty

        env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "LC_", "LANG"))}
        env.update(GAUSS_ARCADE_HOME=str(home), LANGUAGE=language, PYTHONIOENCODING="utf-8",
                   DISPLAY="", WAYLAND_DISPLAY="", TERM="dumb")
        self.master, slave = pty.openpty()
        self.proc = subprocess.Popen([sys.executable, str(MAIN), "--text", *args], stdin=slave, stdout=slave,
                                     stderr=slave, env=env, cwd=str(ROOT), start_new_session=True)
        os.close(slave)
        self.transcript = ""
        self.unread = ""

    def read_until(self, marker: str, seconds: float = ANSWER_SECONDS) -> str:
        """What the program wrote up to and including ``marker`` (a prompt, its goodbye)."""
        deadline = time.monotonic() + seconds
        while marker not in self.unread:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {marker!r} within {seconds} s; the end of the output:\n"
                                     + self.transcript[-3000:])
            ready, _w, _x = select.select([self.master], [], [], min(left, 1.0))
            if not ready:
                continue
            try:
                chunk = os.read(self.master, 65536)
            except OSError:  # the program ended: its side of the terminal is gone
                chunk = b""
            if not chunk:
                raise AssertionError(f"the program ended before {marker!r}:\n" + self.transcript[-3000:])
            text = chunk.decode("utf-8", errors="replace").replace("\r\n", "\n")
            self.transcript += text
            self.unread += text
        head, _sep, self.unread = self.unread.partition(marker)
        return head + marker

    def type(self, line: str) -> str:
        """Type ``line`` and Enter; what came back up to the next prompt (the echo first)."""
        os.write(self.master, (line + "\n").encode("utf-8"))
        return self.read_until(PROMPT)

    def close(self) -> int:
        try:
            return self.proc.wait(timeout=ANSWER_SECONDS)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)
            raise
        finally:
            os.close(self.master)


@pytest.fixture
def terminal(tmp_path):
    opened: list[Terminal] = []

    def start(*args: str, language: str = "en") -> Terminal:
        term = Terminal(list(args), tmp_path / "home", language)
        opened.append(term)
        return term
    yield start
    for term in opened:
        if term.proc.poll() is None:
            term.proc.kill()
            term.proc.wait(timeout=10)
        assert "Traceback" not in term.transcript, term.transcript[-3000:]


def legal_moves(term: Terminal, words: dict[str, str]) -> list[str]:
    """The moves the ``moves`` command lists (or the example of a move too many to list)."""
    said = term.type("moves")
    listed = re.search(words["moves"], said)
    if listed:
        return listed.group(1).split(", ")
    example = re.search(words["unlisted"], said)
    assert example, said
    return [example.group(1)]


def play_out(term: Terminal, words: dict[str, str], rng: random.Random, said: str) -> str:
    """Moves read back from ``moves``, chosen at random, until the game ends."""
    deadline = time.monotonic() + GAME_SECONDS
    while words["over"] not in said:
        assert time.monotonic() < deadline, "the game did not end in time:\n" + term.transcript[-3000:]
        said = term.type(rng.choice(legal_moves(term, words)))
        assert words["refused"] not in said, said
    return said


def begin(term: Terminal) -> str:
    """Answer the opening questions: the default board (Enter) and two people (Enter)."""
    said = term.read_until(PROMPT)
    while "Type a move" not in said and "Tippe einen Zug" not in said:
        said = term.type("")
    return said


@pytest.mark.parametrize("game_id", SHIPPED)
def test_a_whole_game_of_each_game_typed_in_its_notation(terminal, game_id):
    words = WORDS["en"]
    term = terminal("--game", game_id, "--seed", "5")
    said = begin(term)
    assert "to move" in said
    said = play_out(term, words, random.Random(game_id), said)
    assert re.search(r"Game over: (a draw|\w+ wins)\.", said), said
    assert "The game is over: no more moves." in term.type("moves")
    os.write(term.master, b"quit\n")
    term.read_until(words["goodbye"])
    assert term.close() == 0


@pytest.mark.parametrize("game_id", ["rush", "improbable"])
def test_german_plays_a_whole_game(terminal, game_id):
    words = WORDS["de"]
    term = terminal("--game", game_id, "--seed", "9", language="de")
    said = begin(term)
    assert "am Zug" in said, said
    said = play_out(term, words, random.Random(9), said)
    assert words["over"] in said
    os.write(term.master, b"ende\n")
    term.read_until(words["goodbye"])
    assert term.close() == 0


def test_refusals_preview_and_undo_change_nothing_they_should_not(terminal):
    words = WORDS["en"]
    term = terminal("--game", "rush", "--level", "9x9", "--seed", "1")
    begin(term)
    position = term.type("look")
    nonsense = term.type("banana split")
    assert words["nonsense"] in nonsense and words["refused"] in nonsense
    assert term.type("look") == position  # the same position, word for word
    preview = term.type("preview e5")
    assert words["preview"] + "e5" in preview and "connections 0" in preview
    assert term.type("look") == position
    played = term.type("e5")
    assert "Black plays e5." in played and "Black stones (1): e5." in played
    illegal = term.type("e5")
    assert "occupied" in illegal and words["refused"] in illegal
    refused = term.type("preview e5")
    assert "occupied" in refused
    undone = term.type("undo")
    assert words["undone"] in undone and "Black stones (0): none." in undone
    assert "There is no move to take back." in term.type("undo")
    assert "Stones: Black 0, White 0." in term.type("score")
    assert "too long" in term.type("x" * 600) and term.type("look") == position
    os.write(term.master, b"\xff\xfe\x01\n")  # bytes that are no UTF-8, a control character
    assert words["refused"] in term.read_until(PROMPT)
    assert term.type("look") == position
    helped = term.type("help")
    assert all(name in helped for name in ("moves", "look", "preview", "undo", "score", "quit"))
    os.write(term.master, b"quit\n")
    term.read_until(words["goodbye"])
    assert term.close() == 0


def test_choosing_from_the_lists_and_the_computer_at_easy(terminal):
    """No --game: the numbered list; the computer at easy answers each move in notation."""
    words = WORDS["en"]
    term = terminal("--seed", "4")
    said = term.read_until(PROMPT)
    number = SHIPPED.index("improbable") + 1
    assert f"{number}. The Improbable" in said
    assert "Please type a number" in term.type("99")
    said = term.type(str(number))
    assert "Who plays?" in said
    said = term.type("2")  # the computer at easy
    assert "Which side" in said
    said = term.type("")  # Enter: the first side
    assert "The computer plays Brown at easy." in said
    said = play_out(term, words, random.Random(4), said)
    assert "The computer (Brown) plays" in term.transcript
    assert re.search(r"Brown rolls a [1-6]\.", term.transcript)
    os.write(term.master, b"quit\n")
    term.read_until(words["goodbye"])
    assert term.close() == 0


def test_the_end_of_input_leaves_quietly(terminal):
    term = terminal("--game", "gauss", "--seed", "2")
    begin(term)
    os.write(term.master, b"\x04")  # Ctrl+D: the end of the input
    term.read_until("Goodbye.")
    assert term.close() == 0


def test_text_mode_loads_no_pygame(tmp_path):
    """Run on a machine without a display: pygame is never imported (``-X importtime``
    lists every module loaded)."""
    env = {**os.environ, "GAUSS_ARCADE_HOME": str(tmp_path), "LANGUAGE": "en"}
    done = subprocess.run([sys.executable, "-X", "importtime", str(MAIN), "--text", "--game", "rush",
                           "--seed", "1"], input="\n\nlook\nd5\nquit\n", capture_output=True, text=True,
                          env=env, cwd=str(ROOT), timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Black plays d5." in done.stdout
    imported = [line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()
                if "import time:" in line]
    assert "game.textmode" in imported
    assert not [name for name in imported if name.split(".")[0] == "pygame"]


def test_bad_options_are_said_in_a_sentence(tmp_path):
    env = {**os.environ, "GAUSS_ARCADE_HOME": str(tmp_path), "LANGUAGE": "en"}
    for args, said in ((["--text", "--game", "chess"], "Unknown game"),
                       (["--text", "--demo"], "--text cannot be combined")):
        done = subprocess.run([sys.executable, str(MAIN), *args], capture_output=True, text=True, env=env,
                              cwd=str(ROOT), timeout=60, stdin=subprocess.DEVNULL)
        assert done.returncode == 2 and said in done.stderr and "Traceback" not in done.stderr


def test_the_computers_arrangement_is_never_told(terminal):
    """The Great Order against the computer, which arranges first: its order is not said
    (nor the person's), and the game is played to its end against it."""
    words = WORDS["en"]
    term = terminal("--game", "order", "--seed", "3")
    said = term.read_until(PROMPT)
    while "Who plays?" not in said:
        said = term.type("")
    term.type("2")  # the computer at easy
    said = term.type("2")  # the person plays the second side, Brown: Blue arranges first
    assert "Blue has arranged their collection." in said, said
    assert not re.search(r"A:\d{15}", term.transcript)
    said = term.type(legal_moves(term, words)[0])  # the example the moves command gives
    assert "Brown has arranged their collection." in said and "Brown plays A:" not in said
    said = play_out(term, words, random.Random(3), said)
    assert "The computer (Blue) plays" in term.transcript
    os.write(term.master, b"quit\n")
    term.read_until(words["goodbye"])
    assert term.close() == 0


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_game_says_its_positions_and_moves_in_whole_sentences(language):
    """In this process, every game of the catalogue (the sixth too, with the base's words):
    the position, what each move did and a preview, said in the language without a gap."""
    from game import i18n
    from game.content import levels

    i18n.set_language(language)
    try:
        for record in catalogue.RECORDS.values():
            rules = record.rules
            rng = random.Random(record.id)
            state = rules.new(levels.load(record.id, None), seed=1)
            for _ply in range(400):
                lines = [i18n.refusal(line) for line in rules.describe(state)]
                assert lines and all(line.strip() and "{" not in line for line in lines), (record.id, lines)
                if state.over:
                    break
                move = rules.random_move(state, rng)
                said = [i18n.refusal(line) for line in rules.foretell(state, move)]
                assert all("{" not in line for line in said)
                after, effects = rules.play(state, move)
                said = [i18n.refusal(line) for line in rules.tell(state, move, effects)]
                assert all(line.strip() and "{" not in line for line in said), (record.id, said)
                state = after
    finally:
        i18n.set_language("en")


def test_the_console_command_is_the_text_mode(monkeypatch):
    """``gauss-arcade-text`` (``cli.text_main``) is ``gauss-arcade --text``."""
    from game import cli

    seen = []
    monkeypatch.setattr(cli, "main", lambda argv=None: seen.append(argv) or 0)
    assert cli.text_main(["--game", "rush"]) == 0 and cli.text_main(["--text"]) == 0
    assert seen == [["--game", "rush", "--text"], ["--text"]]


def test_the_text_mode_is_known_before_the_parser_speaks(capsys):
    """``--text`` is seen first (the language is then chosen without pygame), as argparse
    reads it, abbreviations too, and a bad command line is left to the real parser."""
    from game import cli

    assert cli.wants_text(["--text"]) and cli.wants_text(["--game", "rush", "--tex"])
    assert not cli.wants_text([]) and not cli.wants_text(["--game", "rush"])
    assert not cli.wants_text(["--text=1"])
    assert capsys.readouterr().err == ""  # the look ahead says nothing
