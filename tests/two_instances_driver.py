"""One of two instances of the game on one home, for the two-instance test: it waits for
the word to go, then, as fast as it can, counts ladder games, marks lesson steps, solves
puzzles, enters the hall of fame and plays a game with its autosave, all interleaved.
It prints what it did, one line a thing, so that the test can count every one of them.

    python two_instances_driver.py SIDE ROUNDS GAME
"""
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import sixth  # noqa: E402  (this folder: the sixth game, as the test that starts this one has it)

from game import catalogue  # noqa: E402
from game.app.app import Options  # noqa: E402
from game.arcade import fame, ladder
from game.content import puzzles
from game.navigation import make_app  # noqa: E402
from game.persistence import storage
from game.scenes.hosts.lesson import mark_done  # noqa: E402
from game.scenes.hosts.puzzle import mark_solved  # noqa: E402

sixth.register()
TABLES = [(g, k) for g in catalogue.GAME_IDS for k in fame.KINDS]


def every_puzzle() -> list[tuple[str, str]]:
    return [(g, p.name) for g in catalogue.GAME_IDS for p in puzzles.load_all(g)]


def main() -> None:
    side, rounds, game_id = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    app = make_app(Options(headless=True))
    app.start()
    app.start_game(game_id, seed=side + 1)
    scene = app.stack.top
    rng = random.Random(side)
    mine = every_puzzle()[side::2]
    go = storage.home() / "go"
    print("ready", flush=True)
    while not go.exists():
        time.sleep(0.001)
    for n in range(rounds):
        game = catalogue.GAME_IDS[n % len(catalogue.GAME_IDS)]
        ladder.finished(game, "easy", won=False)
        print("ladder", game, flush=True)
        mark_done(game, 1000 * side + n)
        print("lesson", game, 1000 * side + n, flush=True)
        if n < len(mine):
            mark_solved(*mine[n])
            print("puzzle", *mine[n], flush=True)
        k = 2 * n + side  # the two instances' entries, spread over every table (at most 4 a table)
        if k < 4 * len(TABLES):
            table_game, kind = TABLES[k % len(TABLES)]
            value = 10 + k  # distinct values: each entry is known by its own
            fame.add(table_game, kind, "AB" + "XY"[side], value)
            print("fame", table_game, kind, value, flush=True)
        if scene.state.over:
            scene.new_game(rng.randrange(1000))
        scene.commit(scene.rules.random_move(scene.state, rng), animate=False)
        print("moves", len(scene.history), "over" if scene.state.over else "on", scene.unsaved or "saved",
              flush=True)
    print("done", flush=True)
    app.shutdown()


if __name__ == "__main__":
    main()
