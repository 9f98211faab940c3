"""Strengths players can read: ratings of the computer's levels from games in the arena.

``python -m game.arena GAME --ladder`` plays a round-robin among the computer's three
strengths (easy, medium, hard), the plain UCT at 0.1, 0.5 and 2 s a move (``uct@S``) and
the naive players of :mod:`game.ai.naive` (random, filler, filler-rev, mirror where the
board has one, greedy), fits Elo ratings to the results (:func:`fit`, here) and writes
them, with the command that made them, into ``game/ai/strength.json``.

The ratings are a Bradley-Terry fit on the Elo scale (400 points: ten times the odds), a
draw half a win, anchored at random play = 0. Each pair played also counts one virtual
drawn game, so that a player who won every game gets a finite rating (the fit leans
towards the middle by that much). Each rating carries its standard error from the fit's
curvature; ``ci95`` is ±1.96 of it.

"Who plays?" reads the file (:func:`words`): each strength is said as what it beats
about nine times in ten (or three in four), e.g. "hard: wins about 9 in 10 against a
simple computer search thinking 2 s a move", derived from the ratings, never written by
hand. A game missing from the file simply shows no such line.
"""
from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from ..i18n import N_, _

#: the players of the round-robin, weakest first as expected (the schedule's neighbours)
PLAYERS = ("random", "filler-rev", "filler", "mirror", "greedy", "easy", "uct@0.1", "medium", "uct@0.5",
           "hard", "uct@2")
#: the computer's strengths, as "Who plays?" offers them
STRENGTHS = ("easy", "medium", "hard")
#: the data file "Who plays?" reads; written by ``--ladder``
FILE = Path(__file__).resolve().parent.parent / "ai" / "strength.json"
ANCHOR = "random"
ELO = 400 / math.log(10)

#: each yardstick a strength is said to beat, in words a player understands
YARDSTICKS = {
    "random": N_("someone who plays at random"),
    "filler-rev": N_("someone who always plays the first move they see"),
    "filler": N_("someone who always plays the first move they see"),
    "mirror": N_("someone who copies every move"),
    "greedy": N_("someone who grabs whatever scores most at once"),
    "uct@0.1": N_("a simple computer search (0.1 s a move)"),
    "uct@0.5": N_("a simple computer search (0.5 s a move)"),
    "uct@2": N_("a simple computer search (2 s a move)"),
}


def schedule(players: list[str], reach: int = 3) -> list[tuple[str, str]]:
    """The pairs to play: each player against the ``reach`` players after it in the
    expected order (a connected ladder of comparisons; far-apart pairs teach the fit little
    and cost the most games, the strong ones being slow)."""
    return [(players[i], players[j]) for i in range(len(players))
            for j in range(i + 1, min(len(players), i + 1 + reach))]


def fit(results: list[dict[str, Any]], anchor: str = ANCHOR, prior: float = 1.0
        ) -> dict[str, dict[str, float]]:
    """Elo ratings from pair results (``a``, ``b``, ``n`` games, ``score`` of A from 0 to 1):
    ``{player: {"elo", "se", "games"}}``, ``anchor`` at 0. ``prior`` virtual drawn games
    are added to each pair played."""
    players = sorted({r["a"] for r in results} | {r["b"] for r in results})
    if anchor not in players:
        anchor = players[0]
    index = {p: k for k, p in enumerate(players)}
    # wins[i][j]: i's points against j; games[i][j]: games between them
    m = len(players)
    wins = [[0.0] * m for _ in range(m)]
    games = [[0.0] * m for _ in range(m)]
    for r in results:
        i, j, n = index[r["a"]], index[r["b"]], r["n"]
        points = r["score"] * n
        wins[i][j] += points + prior / 2
        wins[j][i] += n - points + prior / 2
        games[i][j] += n + prior
        games[j][i] += n + prior
    # Bradley-Terry by minorisation-maximisation (Hunter 2004): converges from any start
    gamma = [1.0] * m
    for _round in range(10000):
        new = []
        for i in range(m):
            won = sum(wins[i])
            denom = sum(games[i][j] / (gamma[i] + gamma[j]) for j in range(m) if games[i][j])
            new.append(won / denom if denom else gamma[i])
        scale = new[index[anchor]]
        new = [g / scale for g in new]
        done = max(abs(math.log(a / b)) for a, b in zip(new, gamma, strict=True)) < 1e-10
        gamma = new
        if done:
            break
    theta = [math.log(g) for g in gamma]
    se = _standard_errors(theta, games, index[anchor])
    return {p: {"elo": round(ELO * theta[index[p]], 1), "se": round(ELO * se[index[p]], 1),
                "games": int(sum(games[index[p]]) - prior * sum(1 for g in games[index[p]] if g))}
            for p in players}


def _standard_errors(theta: list[float], games: list[list[float]], anchor: int) -> list[float]:
    """The fit's standard errors (natural-log units): the inverse of the information matrix
    with the anchor held at 0."""
    m = len(theta)
    free = [k for k in range(m) if k != anchor]
    info = [[0.0] * len(free) for _ in free]
    for a, i in enumerate(free):
        for j in range(m):
            if games[i][j]:
                p = 1 / (1 + math.exp(theta[j] - theta[i]))
                w = games[i][j] * p * (1 - p)
                info[a][a] += w
                if j != anchor:
                    info[a][free.index(j)] -= w
    inverse = _invert(info)
    out = [0.0] * m
    for a, i in enumerate(free):
        out[i] = math.sqrt(max(0.0, inverse[a][a])) if inverse else math.inf
    return out


def _invert(matrix: list[list[float]]) -> list[list[float]] | None:
    """Gauss-Jordan with partial pivoting; None for a singular matrix (players unconnected)."""
    n = len(matrix)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(matrix)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(a[r][c]))
        if abs(a[pivot][c]) < 1e-12:
            return None
        a[c], a[pivot] = a[pivot], a[c]
        lead = a[c][c]
        a[c] = [v / lead for v in a[c]]
        for r in range(n):
            if r != c and a[r][c]:
                f = a[r][c]
                a[r] = [v - f * w for v, w in zip(a[r], a[c], strict=True)]
    return [row[n:] for row in a]


def expected(elo_a: float, elo_b: float) -> float:
    """A's expected score against B."""
    return 1 / (1 + 10 ** ((elo_b - elo_a) / 400))


# -- what "Who plays?" says ----------------------------------------------------------------------
_loaded: dict[str, Any] | None = None


def load(path: Path | None = None) -> dict[str, Any]:
    """The ratings file (``{}`` when missing or damaged: the words are a nicety)."""
    global _loaded
    if path is None and _loaded is not None:
        return _loaded
    try:
        data = json.loads((path or FILE).read_text(encoding="utf-8"))
        data = data if isinstance(data, dict) and isinstance(data.get("games"), dict) else {"games": {}}
    except (OSError, ValueError):
        data = {"games": {}}
    if path is None:
        _loaded = data
    return data


def words(game_id: str, strength: str, data: dict[str, Any] | None = None) -> str:
    """``strength``'s place among the yardsticks of ``game_id``, in the player's language:
    the strongest yardstick it beats about 9 times in 10 (else 3 in 4), from the ratings.
    A claim holds one standard error of the difference below the two ratings (a few games
    a pair leave wide errors: the words say less rather than more)."""
    table = (data or load())["games"].get(game_id, {}).get("ratings", {})

    def rated(name: str) -> tuple[float, float] | None:
        entry = table.get(name)
        if not isinstance(entry, dict) or not isinstance(entry.get("elo"), (int, float)):
            return None
        se = entry.get("se", 0.0)
        return float(entry["elo"]), float(se) if isinstance(se, (int, float)) else 0.0

    own = rated(strength)
    if own is None:
        return ""
    beaten = [(r, y) for y in YARDSTICKS if (r := rated(y)) is not None]
    for share, text in ((0.9, N_("wins about 9 in 10 against {who}")),
                        (0.75, N_("wins about 3 in 4 against {who}"))):
        strong = [(r[0], y) for r, y in beaten
                  if expected(own[0] - math.hypot(own[1], r[1]), r[0]) >= share]
        if strong:
            _elo, best = max(strong)
            return _(text).format(who=_(YARDSTICKS[best]))
    return ""
