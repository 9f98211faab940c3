"""The online screens never wait for the server on the game's thread: a server that takes the
connection and never answers holds no frame, the screen says it is connecting, and Back
(Esc, a click on Cancel, a pad's B) cancels the request and leaves the screen as it was."""
from __future__ import annotations

import socket
import threading
import time

import pygame
import pytest

for _name in ("starlette", "uvicorn", "websockets"):
    pytest.importorskip(_name, reason=f"the server extra is not installed ({_name}): pip install '.[server]'")

from driver import DT, click, key  # noqa: E402
from test_online_screens import choose, press  # noqa: E402

from game import catalogue  # noqa: E402
from game.i18n import _  # noqa: E402
from game.online import book  # noqa: E402
from game.scenes.menus.online import CodeScene, OnlineScene  # noqa: E402
from game.scenes.menus.online_wait import WaitScene  # noqa: E402
from game.scenes.menus.overlay import AskScene  # noqa: E402

#: the longest a frame may take while a request waits (the request's own timeout is 10 s)
FRAME_BUDGET = 0.1


class SilentServer:
    """Takes every TCP connection on 127.0.0.1 and never says a word (a server that hangs)."""

    def __init__(self) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.sock.settimeout(0.2)
        self.held: list[socket.socket] = []
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.sock.getsockname()[1]}"

    def run(self) -> None:
        while not self.stopping.is_set():
            try:
                conn, _address = self.sock.accept()
            except OSError:
                continue
            self.held.append(conn)

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(5)
        for conn in self.held:
            conn.close()
        self.sock.close()


@pytest.fixture
def silent():
    server = SilentServer()
    yield server
    server.stop()


def frames_for(app, seconds):
    """Frames for ``seconds``; the longest one's time."""
    longest = 0.0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        started = time.perf_counter()
        app.frame([], DT)
        longest = max(longest, time.perf_counter() - started)
        time.sleep(0.005)
    return longest


def pad(button):
    return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=4, button=button)


def test_a_server_that_never_answers_holds_no_frame_and_back_cancels(app, silent):
    book.set_server(silent.url)
    app.nav.online()
    menu = app.stack.top
    assert isinstance(menu, OnlineScene)
    # a new game: the request waits on the silent server, the frames go on
    choose(app, _("New game"))
    choose(app, _(catalogue.get(catalogue.GAME_IDS[0]).title))
    while isinstance(app.stack.top, AskScene):  # which board, which clock: the first (no clock)
        press(app, pygame.K_RETURN)
    wait = app.stack.top
    assert isinstance(wait, WaitScene) and wait.server == silent.url
    assert frames_for(app, 0.6) < FRAME_BUDGET
    assert app.stack.top is wait and not wait.errand.done  # still asking, and saying so
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is menu and wait.errand.cancelled and menu.notice == ""

    # joining: the code typed, then the request; a click on Cancel takes the form back
    choose(app, _("Join a game"))
    form = app.stack.top
    assert isinstance(form, CodeScene)
    app.frame([], DT)
    app.frame([pygame.event.Event(pygame.TEXTINPUT, text="K7XQ2M")], DT)
    press(app, pygame.K_RETURN)
    wait = app.stack.top
    assert isinstance(wait, WaitScene)
    assert frames_for(app, 0.3) < FRAME_BUDGET
    app.frame([click(wait.cancel_button.rect.center)], DT)
    assert app.stack.top is form and form.code == "K7XQ2M" and form.message == ""

    # again, and a pad's B cancels it
    press(app, pygame.K_RETURN)
    wait = app.stack.top
    assert isinstance(wait, WaitScene)
    app.frame([pad(pygame.CONTROLLER_BUTTON_B)], DT)
    assert app.stack.top is form and wait.errand.cancelled
    # what a cancelled request brings later is nobody's: the form stays as it is
    frames_for(app, 0.2)
    assert app.stack.top is form


def test_a_server_that_is_not_there_is_said_on_the_screen_that_asked(app, tmp_path):
    free = socket.socket()
    free.bind(("127.0.0.1", 0))
    port = free.getsockname()[1]
    free.close()  # nobody listens there now: refused at once
    book.set_server(f"http://127.0.0.1:{port}")
    app.nav.online()
    menu = app.stack.top
    choose(app, _("New game"))
    choose(app, _(catalogue.get(catalogue.GAME_IDS[0]).title))
    while isinstance(app.stack.top, AskScene):  # which board, which clock: the first (no clock)
        press(app, pygame.K_RETURN)
    deadline = time.monotonic() + 10
    while isinstance(app.stack.top, WaitScene):
        assert time.monotonic() < deadline
        app.frame([], DT)
    assert app.stack.top is menu and _("The server cannot be reached.") in menu.notice
    assert f"127.0.0.1:{port}" in menu.notice
    app.frame([key(pygame.K_ESCAPE)], DT)  # and the menu still works
    assert app.stack.top is not menu
