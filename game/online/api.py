"""The game server's HTTP requests, on the standard library (``urllib``): what the server
offers, a new game, joining one by its invite code, a look at one by its spectator code.

Every failure is an :class:`OnlineError` with the server's reason word (docs/server.md,
"Refusals"; ``offline`` when the server cannot be reached, ``answer`` when what came back
is not the server's JSON) and a sentence for the player in their language: never a
traceback, never the server's English.
"""
from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from ..i18n import N_, _

#: the server's own default port (``gauss-arcade-server --port``)
DEFAULT_PORT = 8740
#: the envelope's version the client speaks
PROTOCOL = 1
#: how long one request may take (seconds)
TIMEOUT = 10.0
#: the longest answer read (a welcome of a long game is a few KB)
MAX_ANSWER = 1 << 20
#: the server's codes: six of these (no 0/O, no 1/I)
ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 6

# reasons of the client's own, beside the server's
OFFLINE, ANSWER, ADDRESS = "offline", "answer", "address"

#: what the player reads for each reason (the server's own sentence is English: it goes to the log)
REASONS = {
    OFFLINE: N_("The server cannot be reached."),
    ANSWER: N_("The server's answer could not be read."),
    ADDRESS: N_("That is not a server's address."),
    "malformed": N_("The server did not understand the request."),
    "too_big": N_("The request was too big for the server."),
    "rate": N_("Too many requests at once; wait a moment."),
    "hello": N_("The server did not understand the request."),
    "unknown": N_("No game has that code."),
    "secret": N_("The server does not know this seat any more."),
    "spectator": N_("Spectators watch; they cannot move."),
    "waiting": N_("Your friend has not joined yet."),
    "taken": N_("That invite was used already: both seats are taken."),
    "stale": N_("The game went on meanwhile: the move was not played."),
    "duplicate": N_("That move was played already."),
    "turn": N_("It is not your turn."),
    "illegal": N_("The server refused the move."),
    "over": N_("The game is over."),
    "full": N_("The server is full; try again later."),
    "internal": N_("The server failed; nothing changed. Try again."),
    "grace": N_("Your opponent may still come back."),
}

NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class OnlineError(Exception):
    """A request that did not work: ``reason`` (the server's word or the client's own),
    ``detail`` (the server's sentence or the network's error, for the log)."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail

    @property
    def words(self) -> str:
        """What the player reads, in their language."""
        return words_for(self.reason)


def words_for(reason: str) -> str:
    return _(REASONS.get(reason, REASONS["internal"]))


def normal_code(text: str) -> str | None:
    """A code as typed (any case, spaces and dashes ignored), or None if it cannot be one."""
    if not isinstance(text, str) or len(text) > 32:
        return None
    code = text.replace(" ", "").replace("-", "").upper()
    return code if len(code) == CODE_LENGTH and all(c in ALPHABET for c in code) else None


def spaced(code: str) -> str:
    """A code as it is read out: ``K7X QM2``."""
    return f"{code[:3]} {code[3:]}" if len(code) == CODE_LENGTH else code


def normal_address(text: str) -> str:
    """The server's base URL for an address as a person types it (``192.168.1.5``,
    ``example.org:8740``, ``http://[::1]:8740/``); OnlineError(address) if it is none."""
    text = (text or "").strip()
    if not text or len(text) > 200 or not text.isprintable() or " " in text:
        raise OnlineError(ADDRESS, text[:40])
    if "://" not in text:
        text = "http://" + text
    try:
        parts = urllib.parse.urlsplit(text)
        port = parts.port
    except ValueError:
        raise OnlineError(ADDRESS, text[:40]) from None
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment \
            or parts.username or parts.path not in ("", "/"):
        raise OnlineError(ADDRESS, text[:40])
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}:{port or DEFAULT_PORT}"


def socket_url(server: str) -> str:
    """The WebSocket's URL of the server at ``server`` (a base URL)."""
    return ("wss://" + server[len("https://"):] if server.startswith("https://")
            else "ws://" + server[len("http://"):]) + "/ws"


def request(server: str, method: str, path: str, body: Any = None, timeout: float = TIMEOUT
            ) -> dict[str, Any]:
    """The server's JSON answer to one request; OnlineError for a refusal, no answer or a
    bad one. The system's proxy settings are not used: a server on the LAN is reached directly."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(server + path, data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    try:
        with NO_PROXY.open(req, timeout=timeout) as answer:
            raw = answer.read(MAX_ANSWER + 1)
    except urllib.error.HTTPError as error:
        try:
            refused = json.loads(error.read(MAX_ANSWER))
        except (ValueError, OSError):
            refused = None
        if isinstance(refused, dict) and isinstance(refused.get("reason"), str):
            raise OnlineError(refused["reason"][:20], str(refused.get("message", ""))[:300]) from None
        raise OnlineError(ANSWER, f"HTTP {error.code}") from None
    except (OSError, ValueError) as exc:
        raise OnlineError(OFFLINE, str(getattr(exc, "reason", exc))[:200]) from None
    if len(raw) > MAX_ANSWER:
        raise OnlineError(ANSWER, "too long")
    try:
        obj = json.loads(raw)
    except ValueError:
        raise OnlineError(ANSWER, "not JSON") from None
    if not isinstance(obj, dict) or obj.get("v") != PROTOCOL:
        raise OnlineError(ANSWER, "not the server's envelope")
    return obj


def checked(answer: dict[str, Any], kind: str, keys: tuple[str, ...]) -> dict[str, Any]:
    """``answer`` if it is an envelope of ``kind`` with every one of ``keys``."""
    if answer.get("type") != kind or any(k not in answer for k in keys):
        raise OnlineError(ANSWER, f"not a {kind} envelope")
    return answer


SEATED = ("match", "game", "level", "players", "seat", "secret", "watch", "commit")


def offered(server: str) -> dict[str, Any]:
    """``GET /``: the server and its games."""
    return checked(request(server, "GET", "/"), "server", ("games",))


def create(server: str, game: str, level: str | None = None, side: str | None = None,
           control: dict[str, Any] | None = None) -> dict[str, Any]:
    """``POST /games``: a new game; its invite and spectator codes and the creator's seat.
    ``control``: its time control (``{"clock": {...}}`` or ``{"correspondence": {...}}``)."""
    body: dict[str, Any] = {"game": game, **(control or {})}
    if level is not None:
        body["level"] = level
    if side is not None:
        body["side"] = side
    return checked(request(server, "POST", "/games", body), "created", (*SEATED, "invite"))


def join(server: str, invite: str) -> dict[str, Any]:
    """``POST /join``: the other seat of the game with ``invite``."""
    code = normal_code(invite)
    if code is None:
        raise OnlineError("unknown", "not a code")
    return checked(request(server, "POST", "/join", {"invite": code}), "joined", SEATED)


def look(server: str, watch: str) -> dict[str, Any]:
    """``GET /watch/CODE``: a spectator's look at a game."""
    code = normal_code(watch)
    if code is None:
        raise OnlineError("unknown", "not a code")
    return checked(request(server, "GET", f"/watch/{code}"), "welcome", ("match", "game", "level", "state"))


#: secrets asked about in one ``POST /status`` (the server's cap)
STATUS_MOST = 64


def status(server: str, secrets: list[str], timeout: float = TIMEOUT) -> list[dict[str, Any]]:
    """``POST /status``: where the game of each seat in ``secrets`` stands, one entry per
    secret in order (``{"refused": "secret"}`` for a seat the server does not know)."""
    games: list[dict[str, Any]] = []
    for start in range(0, len(secrets), STATUS_MOST):
        batch = secrets[start:start + STATUS_MOST]
        told = checked(request(server, "POST", "/status", {"secrets": batch}, timeout), "status",
                       ("games",))["games"]
        if not isinstance(told, list) or len(told) != len(batch) or not all(isinstance(g, dict)
                                                                             for g in told):
            raise OnlineError(ANSWER, "not one status per secret")
        games.extend(told)
    return games


#: the scheme of an invite as a link (a hosted game's QR code): ``gauss-arcade://HOST:PORT/join/CODE``
LINK_SCHEME = "gauss-arcade"


def invite_link(server: str, code: str) -> str:
    """An invite as one line another client or a phone can read: the server's address and the
    code (a server on plain ``http``, as a game hosted on the network is)."""
    where = urllib.parse.urlsplit(server).netloc
    return f"{LINK_SCHEME}://{where}/join/{code}"


def read_invite_link(text: str) -> tuple[str, str] | None:
    """``(server's base URL, code)`` of an invite link, or None when ``text`` is none."""
    if not isinstance(text, str) or not text.startswith(LINK_SCHEME + "://") or len(text) > 300:
        return None
    where, _slash, path = text[len(LINK_SCHEME) + 3:].partition("/")
    kind, _slash, code = path.partition("/")
    found = normal_code(code)
    if kind != "join" or found is None:
        return None
    try:
        return normal_address(where), found
    except OnlineError:
        return None
