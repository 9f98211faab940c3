"""Fit GAUSS's position value: ``python -m game.ai.valuefit [--games 300] [--playouts 64] [--seed 1]``.

:func:`game.ai.policies.gauss_value` tells red's chance to win under uniform random play
from seven counts of a position. Its weights come from here:

1. play ``games`` random games (seeds ``seed * 1000 + k``) and value every position after
   the first placement by ``playouts`` uniform random playouts (red's wins, a draw half);
2. fit the logistic model ``sum_i x_i * (a_i + b_i * ply / GAUSS_PLIES)`` of the counts ``x`` of
   :func:`game.ai.policies.gauss_features` to those means by Newton's method (iteratively
   reweighted least squares, soft targets);
3. print ``GAUSS_WEIGHTS`` and, per stage of the game, how far the model is from the
   means against how far the means themselves are from the truth (their noise).

Pure Python, about a minute of one core with the defaults.
"""
from __future__ import annotations

import argparse
import math
import random
import sys

from ..rules import gauss as G
from .policies import GAUSS_PLIES, gauss_features

#: the board the value is fitted on: the classic level's (levels/gauss/classic.json; the AI
#: reads no level files)
CLASSIC = {"name": "classic", "radius": 4}

Row = tuple[list[float], float, int]  # (the model's inputs, the playouts' mean, ply)


def positions(games: int, playouts: int, seed: int) -> list[Row]:
    game = G.GAUSS
    rng = random.Random(seed)
    rows: list[Row] = []
    for k in range(games):
        state = game.new(CLASSIC, seed=seed * 1000 + k)
        while not state.over:
            if state.ply >= 1:
                won = 0.0
                for _ in range(playouts):
                    winner = game.random_playout(state, rng).winner
                    won += 1.0 if winner == "red" else 0.5 if winner == "draw" else 0.0
                rows.append((inputs(state), won / playouts, state.ply))
            state, _ = game.play(state, game.random_move(state, rng))
    return rows


def inputs(state: G.State) -> list[float]:
    x = gauss_features(state)
    stage = state.ply / GAUSS_PLIES
    out: list[float] = []
    for v in x:
        out += [v, v * stage]
    return out


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (a small dense system)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            if f:
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def predict(w: list[float], x: list[float]) -> float:
    return 1.0 / (1.0 + math.exp(-sum(wi * xi for wi, xi in zip(w, x, strict=True))))


def fit(rows: list[Row], rounds: int = 25, ridge: float = 1e-6) -> list[float]:
    """Maximum likelihood weights of the logistic model for soft targets (Newton steps)."""
    d = len(rows[0][0])
    w = [0.0] * d
    for _ in range(rounds):
        grad = [0.0] * d
        hess = [[0.0] * d for _ in range(d)]
        for x, y, _ in rows:
            p = predict(w, x)
            r = p - y
            s = p * (1 - p)
            for i in range(d):
                xi = x[i]
                if not xi:
                    continue
                grad[i] += r * xi
                row = hess[i]
                sx = s * xi
                for j in range(d):
                    row[j] += sx * x[j]
        for i in range(d):
            hess[i][i] += ridge * len(rows)
        step = solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step, strict=True)]
        if max(abs(si) for si in step) < 1e-7:
            break
    return w


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.ai.valuefit", description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--playouts", type=int, default=64)
    p.add_argument("--seed", type=int, default=1)
    ns = p.parse_args(argv)
    rows = positions(ns.games, ns.playouts, ns.seed)
    w = fit(rows)
    pairs = ", ".join(f"({w[i]:.3f}, {w[i + 1]:.3f})" for i in range(0, len(w), 2))
    print(f"GAUSS_WEIGHTS = ({pairs})")
    for lo, hi in ((1, 10), (10, 20), (20, 25), (25, 30)):
        part = [r for r in rows if lo <= r[2] < hi]
        model = sum((predict(w, x) - y) ** 2 for x, y, _ in part) / len(part)
        even = sum((0.5 - y) ** 2 for _, y, _ in part) / len(part)
        noise = sum(y * (1 - y) for _, y, _ in part) / len(part) / ns.playouts
        print(f"plies {lo:>2}-{hi - 1:<2} positions {len(part):>5}: mean squared distance to the playouts' "
              f"means: model {model:.4f}, always 1/2 {even:.4f}; the means' own noise {noise:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
