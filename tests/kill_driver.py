"""A game process for the kill tests: plays random moves of a real game with its autosave
(``play``), or resumes the autosave and plays on (``resume``). After each move it prints
how many moves the game holds, once the autosave is on disk: a number printed is a move
that must never be lost, whenever the process is killed."""
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.app.app import Options  # noqa: E402
from game.navigation import make_app  # noqa: E402
from game.persistence import saves  # noqa: E402


def main() -> None:
    mode, game_id, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
    app = make_app(Options(headless=True))
    app.start()
    if mode == "resume":
        record = saves.read_autosave(game_id)  # another instance may play another game here
        print("resuming", flush=True)  # the kill tests aim at what comes now
        scene = app.nav.resume(record)
    else:
        app.start_game(game_id, seed=seed)
        scene = app.stack.top
    print(len(scene.history), flush=True)
    rng = random.Random(seed)
    while not scene.state.over:
        time.sleep(0.08)  # a move every 80 ms: kills land anywhere in a game
        scene.commit(scene.rules.random_move(scene.state, rng), animate=False)
        # a number is printed only for a move on disk; a write refused says so (the kill
        # tests count those: another instance's claim must never outlive that instance)
        print(len(scene.history) if not scene.unsaved else "unsaved", flush=True)
    print("over", flush=True)  # a finished game leaves no autosave
    while True:
        time.sleep(1)


if __name__ == "__main__":
    main()
