"""Phones for the tests: a WebSocket client that speaks the phone page's protocol to a hub
on 127.0.0.1, the headless app's frames run in between, and a player per game who
reads the screen (the scene's state, as a person reads the TV) and presses the phone's
buttons to play a random legal move."""
from __future__ import annotations

import json
import random
import time
from urllib.parse import urlsplit

import pygame
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.rules.improbable import ROLL
from game.ui.kits.sparks import square_of

DT = 1 / 60
#: how long a test waits for the hub or the game before it fails
PATIENCE = 10.0


def pump(app, frames=1):
    """Frames of the app with whatever the hub posted meanwhile."""
    for _ in range(frames):
        app.frame(pygame.event.get(), DT)


def until(app, condition, what="the condition", seconds=PATIENCE):
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        pump(app)
        time.sleep(0.001)


def join_link(app):
    """What the QR code on "Who plays?" says: the page's address, the room code, the secret."""
    url = app.phones.url
    parts = urlsplit(url)
    code, _, key = parts.fragment.partition(".")
    return f"ws://{parts.netloc}/ws", f"{parts.scheme}://{parts.netloc}", code, key


class Phone:
    """One phone: its socket, what it was told, what it shows."""

    def __init__(self, app, origin=None, token=None, code=None, key="same", hello=True):
        self.app = app
        ws_url, page, room, secret = join_link(app)
        # entered as a context manager (websockets 17 warns otherwise), left by close()
        self.ws = connect(ws_url, origin=origin or page, open_timeout=5, close_timeout=1).__enter__()
        self.told: list[dict] = []
        self.state: dict = {}
        self.device = None
        self.token = token
        self.bye = None
        self.n = 0
        if hello:
            message = {"t": "hello", "room": room if code is None else code}
            if key == "same":
                message["key"] = secret
            elif key is not None:
                message["key"] = key
            if token:
                message["token"] = token
            self.send(message)

    def send(self, message):
        self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    def read(self, timeout=0.0):
        """One message (None when none came in ``timeout``); the state and the bye are kept."""
        try:
            text = self.ws.recv(timeout=timeout)
        except TimeoutError:
            return None
        message = json.loads(text)
        self.told.append(message)
        if message["t"] == "welcome":
            self.device, self.token = message["device"], message["token"]
        elif message["t"] == "state":
            self.state = message
        elif message["t"] == "bye":
            self.bye = message["why"]
        return message

    def settle(self, quiet=0.02):
        """A frame of the app, then whatever the hub sends until it is quiet a moment."""
        pump(self.app)
        try:
            while self.read(timeout=quiet) is not None:
                pass
        except ConnectionClosed:
            pass

    def shows(self, test, what, seconds=PATIENCE):
        """Read (running frames) until the phone's state passes ``test``."""
        end = time.monotonic() + seconds
        while not test(self.state):
            if time.monotonic() > end:
                raise AssertionError(f"the phone never showed {what}: {self.state}")
            pump(self.app)
            try:
                self.read(timeout=0.005)
            except ConnectionClosed:
                pass

    def drain(self):
        try:
            while self.read() is not None:
                pass
        except ConnectionClosed:
            pass

    def wait_for(self, kind, app=None, seconds=PATIENCE):
        """Read (running the app's frames meanwhile) until a message of ``kind`` comes."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if app is not None:
                pump(app)
            message = self.read(timeout=0.002 if app is not None else 0.05)
            if message is not None and message["t"] == kind:
                return message
        raise AssertionError(f"no {kind!r} came; told: {self.told[-5:]}")

    def closed_with(self, seconds=PATIENCE):
        """The close code once the hub hung up."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                self.read(timeout=0.05)
            except ConnectionClosed as exc:
                return exc.rcvd.code if exc.rcvd is not None else None
        raise AssertionError("the hub did not hang up")

    def press(self, name):
        """One tap: sent, acknowledged (or refused) by the hub, and handled by a frame of
        the game; returns the hub's answer."""
        self.n += 1
        taps = self.app.phones.taps
        self.send({"t": "act", "a": name, "n": self.n})
        end = time.monotonic() + PATIENCE
        while time.monotonic() < end:
            message = self.read(timeout=0.002)
            if message is not None and message["t"] in ("ack", "refused") and message.get("n") == self.n:
                if message["t"] == "ack":
                    until(self.app, lambda: self.app.phones.taps > taps, f"{name} handled")
                pump(self.app)  # the state after the tap goes out (settle() waits for it)
                self.drain()
                return message
        raise AssertionError(f"{name}: no answer; told: {self.told[-5:]}")

    def close(self):
        self.ws.close()


# -- players: each game's buttons, pressed to play a random legal move -----------------------
def steer(phone, scene, target, where, directions, limit=60):
    """Press arrows until the cursor (``where(scene)``) is on ``target``."""
    for _ in range(limit):
        here = where(scene)
        if here == target:
            return
        phone.press(directions(here, target))
    raise AssertionError(f"the cursor could not reach {target}")


def hex_step(here, target):
    (q, r), (tq, tr) = here, target
    return "up" if r > tr else "down" if r < tr else "right" if q < tq else "left"


def grid_step(here, target):
    (x, y), (tx, ty) = here, target
    return "up" if y > ty else "down" if y < ty else "right" if x < tx else "left"


def board_step(here, target):
    (f, r), (tf, tr) = here, target
    return "up" if r < tr else "down" if r > tr else "right" if f < tf else "left"


def near(moves, here, cell, rng):
    """One of the few legal moves nearest the cursor (fewer taps; still a random game)."""
    def distance(m):
        a, b = cell(m), here
        return abs(a[0] - b[0]) + abs(a[1] - b[1])
    moves = sorted(moves, key=distance)
    return rng.choice(moves[:4])


def play_gauss(phone, scene, rng):
    move = near(scene.rules.legal_moves(scene.state), tuple(scene.cursor), lambda m: m.cell, rng)
    steer(phone, scene, tuple(move.cell), lambda s: tuple(s.cursor), hex_step)
    if scene.color != move.color:
        phone.press("alternate")
    phone.press("confirm")


def play_rush(phone, scene, rng):
    move = near(scene.rules.legal_moves(scene.state), tuple(scene.cursor), lambda m: m.cell, rng)
    steer(phone, scene, tuple(move.cell), lambda s: tuple(s.cursor), grid_step)
    phone.press("confirm")


def play_sparks(phone, scene, rng):
    here = square_of(scene.cursor)
    move = near(scene.rules.legal_moves(scene.state), here, lambda m: square_of(m.frm), rng)
    steer(phone, scene, square_of(move.frm), lambda s: square_of(s.cursor), board_step)
    phone.press("confirm")
    assert scene.selected == move.frm
    steer(phone, scene, square_of(move.to), lambda s: square_of(s.cursor), board_step)
    phone.press("confirm")


def play_improbable(phone, scene, rng):
    move = scene.rules.random_move(scene.state, rng)
    phone.press("confirm" if move == ROLL else "alternate")


def play_order(phone, scene, rng):
    if scene.state.phase == "arrange":
        if scene.card is not None:
            phone.press("confirm")  # ready: the hand-over card goes
        phone.press("alternate")  # a random arrangement
        phone.press("down" if scene.state.to_move == "blue" else "up")  # to Done
        phone.press("confirm")
        return
    move = rng.choice(scene.rules.legal_moves(scene.state))
    if scene.stage == "column":
        phone.press("up")
    phone.press("left" if move.end == "left" else "right")
    phone.press("confirm")
    for _ in range(40):
        if scene.col == move.column:
            break
        phone.press("right" if scene.col < move.column else "left")
    assert scene.col == move.column
    phone.press("confirm")


def play_corners(phone, scene, rng):
    """The sixth game (tests/sixth): a cursor on a small grid, as Rush's."""
    move = near(scene.rules.legal_moves(scene.state), tuple(scene.cursor), lambda m: m.cell, rng)
    steer(phone, scene, tuple(move.cell), lambda s: tuple(s.cursor), grid_step)
    phone.press("confirm")


def player(game_id: str):
    """``play_<game id>`` of this module: a new game of the catalogue needs one here."""
    return globals().get(f"play_{game_id}")


def play_turn(phone, scene, game_id, rng: random.Random):
    """One turn of ``game_id`` by phone (a new game of the catalogue needs its player here)."""
    play = player(game_id)
    assert play is not None, f"tests/phones.py has no phone player for {game_id!r} yet (play_{game_id})"
    play(phone, scene, rng)
