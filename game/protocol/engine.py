"""The headless engine protocol (``python -m game.engine``), as docs/protocol.md specifies.

One JSON object per line in, exactly one JSON object per line out; logs and
tracebacks go to standard error only. Nothing a client sends can stop the engine
except ``{"cmd":"quit"}`` or the end of its input.
"""
from __future__ import annotations

import json
import os
import random
import sys
import traceback
from collections.abc import Callable
from typing import Any, BinaryIO, TextIO

from .. import catalogue
from ..content import levels
from ..match import Match
from ..rules.core import Game, RulesError


class Session:
    """The one game an engine process holds (a :class:`Match`, as a play screen holds one),
    and the requests that act on it."""

    def __init__(self) -> None:
        self.match: Match | None = None
        self.rng = random.Random()
        self.done = False
        self.handlers: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "games": self.games, "new": self.new, "load": self.load, "state": self.show,
            "legal": self.legal, "play": self.play, "genmove": self.genmove, "quit": self.quit,
        }

    # -- dispatch -----------------------------------------------------------
    def handle_line(self, line: str) -> dict[str, Any]:
        if not line.strip():
            return fail("The line is empty; send one JSON request per line.")
        try:
            request = json.loads(line)
        except (ValueError, RecursionError):  # ValueError: bad JSON, or a number too long to read
            return fail("The line is not valid JSON.")
        if not isinstance(request, dict):
            return fail("A request must be a JSON object like {\"cmd\":\"games\"}.")
        cmd = request.get("cmd")
        if not isinstance(cmd, str):
            return fail("The request has no \"cmd\" string.")
        handler = self.handlers.get(cmd)
        if handler is None:
            return fail(f"Unknown command '{cmd[:40]}'; the commands are {', '.join(self.handlers)}.")
        try:
            return handler(request)
        except RulesError as exc:
            return fail(str(exc))
        except Exception:  # a bug must not kill the engine: report it, keep reading
            traceback.print_exc(file=sys.stderr)
            return fail(f"Internal error while handling '{cmd}'; the game is unchanged.")

    # -- commands -----------------------------------------------------------
    def games(self, _: dict[str, Any]) -> dict[str, Any]:
        listed = [{"id": record.id, "title": record.title, "levels": levels.names(record.id)}
                  for record in catalogue.RECORDS.values()]
        return {"ok": True, "games": listed}

    def new(self, req: dict[str, Any]) -> dict[str, Any]:
        game = catalogue.game(self._game_id(req))
        if "level" in req and (not isinstance(req["level"], str) or not req["level"]):
            return fail("\"level\" must be a level name like \"classic\".")
        level = levels.load(game.id, req.get("level"))
        seed = req.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            return fail("\"seed\" must be a whole number.")
        options = req.get("options")
        if options is not None and not isinstance(options, dict):
            return fail("\"options\" must be a JSON object.")
        match = Match(game.id, level, options=options, start=False, notes=False)
        match.new(seed, first=req.get("first"))
        self.match = match
        return self.show(req)

    def load(self, req: dict[str, Any]) -> dict[str, Any]:
        game = catalogue.game(self._game_id(req))
        obj = req.get("state")
        if not isinstance(obj, dict):
            return fail("\"load\" needs \"state\": a STATE object.")
        if "game" in obj and obj["game"] != game.id:
            return fail(f"The state is a {obj['game']!r} state, not a {game.id!r} one.")
        name = obj.get("level")
        level = levels.load(game.id, name if isinstance(name, str) else None)
        match = Match(game.id, level, start=False, notes=False)
        match.set_position(game.load_state(obj, level))
        self.match = match
        return self.show(req)

    def show(self, _: dict[str, Any]) -> dict[str, Any]:
        game, state = self._current()
        return {"ok": True, "state": game.state_json(state)}

    def legal(self, _: dict[str, Any]) -> dict[str, Any]:
        game, state = self._current()
        return {"ok": True, "moves": [game.move_json(m) for m in game.legal_moves(state)]}

    def play(self, req: dict[str, Any]) -> dict[str, Any]:
        game, state = self._current()
        if "move" not in req:
            return fail("\"play\" needs \"move\".")
        _before, after, effects = self.match.play(game.parse_move(req["move"]))
        return {"ok": True, "effects": effects, "state": game.state_json(after)}

    def genmove(self, req: dict[str, Any]) -> dict[str, Any]:
        game, state = self._current()
        level = req.get("level", "medium")
        if level not in ("easy", "medium", "hard"):
            return fail("\"level\" must be easy, medium or hard.")
        time_ms = req.get("time_ms", 1000)
        if isinstance(time_ms, bool) or not isinstance(time_ms, int) or time_ms < 0:
            return fail("\"time_ms\" must be a whole number of milliseconds, 0 or more.")
        if state.over:
            return fail("The game is over: there is no move to generate.")
        from ..ai import choose_move  # imported here: the other commands never pay for the AI

        move = choose_move(game, state, level, time_ms=time_ms, rng=self.rng,
                           policy=catalogue.get(game.id).policy)
        return {"ok": True, "move": game.move_json(move)}

    def quit(self, _: dict[str, Any]) -> dict[str, Any]:
        self.done = True
        return {"ok": True}

    # -- helpers --------------------------------------------------------------
    def _game_id(self, req: dict[str, Any]) -> str:
        game_id = req.get("game")
        if not isinstance(game_id, str):
            raise RulesError("The request needs \"game\": one of " + ", ".join(catalogue.GAME_IDS) + ".")
        return game_id

    def _current(self) -> tuple[Game, Any]:
        if self.match is None:
            raise RulesError("No game yet: send \"new\" or \"load\" first.")
        return self.match.rules, self.match.state


#: the longest error line: a message quoting a request's value quotes its start only
MAX_ERROR = 300


def fail(message: str) -> dict[str, Any]:
    message = str(message)
    if len(message) > MAX_ERROR:
        message = message[:MAX_ERROR - 1] + "…"
    return {"ok": False, "error": message}


def serve(stdin: BinaryIO, stdout: TextIO) -> int:
    """Answer every line of ``stdin`` until ``quit`` or the end of input; a reader that
    closes its end of the pipe ends the session quietly (exit 0)."""
    session = Session()
    try:
        for raw in stdin:
            line = raw.decode("utf-8", errors="replace")
            answer = session.handle_line(line)
            stdout.write(json.dumps(answer, separators=(",", ":")) + "\n")
            stdout.flush()
            if session.done:
                break
    except (BrokenPipeError, ConnectionResetError):
        try:  # nobody listens any more: stop Python from complaining at exit as well
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
    return 0


def main() -> int:
    levels.set_aside_bad_files = False  # a tool reading an installation never changes it
    return serve(sys.stdin.buffer, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
