"""Monte Carlo tree search over the rules API (no pygame, no UI).

One search for the five games. What differs per game lives in a *policy*
(:mod:`game.ai.policies`): the candidate moves, the chance moves, the playout and
an optional prior per move. What differs per level lives in :class:`Settings`.

* **Values by mover.** Every node stores the results of the simulations through it
  from the point of view of the player who made the move leading to it, so a turn
  of several moves by one player (Rush, The Great Order) backs up correctly: no
  alternation is assumed anywhere.
* **Chance nodes.** A move whose outcome is random (a roll in The Improbable) leads
  to a chance node; each visit samples one outcome (a forced-value move such as
  ``{"action":"roll","value":4}``) with the search's own rng, never from the state's
  seed. The chance node's value is the average of its samples.
* **MCTS-Solver.** Terminal positions carry their winner as a *proof*; a decision
  node is proven won for the player to move as soon as one child is, and proven
  lost (or drawn) once every child is proven; a chance node is proven when all of
  its outcomes are proven with one result. A proven node is not searched further,
  children proven lost are never selected while others remain, and a root proven
  won stops the search: the winning move is played at once.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from ..rules.core import DRAW, Game
from . import collector


@dataclass(frozen=True)
class Settings:
    """How hard and how humanly the search plays (see :mod:`game.ai.levels`)."""

    seconds: float = 1.0            # think-time budget per move
    iterations: int | None = None   # a cap on simulations (deterministic budget when set)
    exploration: float = 0.7        # UCT constant
    prior_weight: float = 0.5       # progressive bias: prior / (visits + 1)
    temperature: float = 0.0        # 0: most visited; > 0: softmax over values (human-like slips)
    min_share: float = 0.05         # moves seen less than this share of the best one are not picked
    early_stop: bool = True         # temperature 0: stop once the most visited move cannot change
    rave: float = 0.0               # RAVE: 0 off; else the visits at which a move's own value and its
                                    # all-moves-as-first value weigh alike (needs Policy.rollout_trace)
    playout: dict[str, Any] = field(default_factory=dict)  # game policy knobs


class Node:
    __slots__ = ("state", "move", "mover", "children", "untried", "priors", "visits",
                 "value", "proof", "outcomes", "to_move", "amaf")

    def __init__(self, state: Any, move: Any, mover: str | None,
                 outcomes: list[tuple[Any, float]] | None = None) -> None:
        self.state = state
        self.move = move
        self.mover = mover                  # who made ``move`` (values are from their side)
        self.to_move = None if state is None else state.to_move
        self.children: list[Node] = []
        self.untried: list[Any] | None = None   # filled on the first expansion
        self.priors: dict[Any, float] = {}
        self.visits = 0
        self.value = 0.0
        self.proof: str | None = None       # the proven winner (a player or DRAW), if any
        self.outcomes = outcomes            # chance node: [(forced move, probability)]
        #: RAVE: per move, [simulations in which the player to move here played it later,
        #: their results for that player]; None until the first (a search without RAVE has none)
        self.amaf: dict[Any, list[float]] | None = None
        if state is not None and state.over:
            self.proof = state.winner

    @property
    def is_chance(self) -> bool:
        return self.outcomes is not None

    def q(self) -> float:
        return self.value / self.visits if self.visits else 0.5


def _amaf_q(entry: list[float] | None) -> float:
    """A move's all-moves-as-first value (a move never played later: a little above even,
    so that it gets tried)."""
    return entry[1] / entry[0] if entry else 0.55


class Search:
    """One search from ``state``; :meth:`run` can be called repeatedly (time slices)."""

    def __init__(self, game: Game, state: Any, policy: Any, settings: Settings,
                 rng: random.Random | None = None) -> None:
        self.game = game
        self.policy = policy
        self.settings = settings
        self.rng = rng if rng is not None else random.Random()
        self.players = game.players
        self.root = Node(state, None, None)
        self.iterations = 0
        self.elapsed = 0.0
        self.settled = False   # stopped early: the answer could no longer change

    # -- budget -----------------------------------------------------------------
    @property
    def finished(self) -> bool:
        s = self.settings
        if self.root.proof is not None or self.settled:
            return True
        if s.iterations is not None:
            return self.iterations >= s.iterations
        return self.elapsed >= s.seconds

    def run(self, max_seconds: float | None = None, max_iterations: int | None = None) -> bool:
        """Search until the budget is spent or this slice ends; True when the search is done."""
        start = time.perf_counter()
        slice_end = start + max_seconds if max_seconds is not None else math.inf
        budget_end = math.inf
        if self.settings.iterations is None:
            budget_end = start + max(0.0, self.settings.seconds - self.elapsed)
        end = min(slice_end, budget_end)
        done_here = 0
        clock = time.perf_counter
        watch = self.settings.early_stop and self.settings.temperature <= 0
        # No cyclic garbage collection while the tree grows: a full collection walks the
        # whole tree (~0.08 s for a Rush tree), an overrun of the budget. The tree holds
        # no reference cycles (nodes know no parent), so it is freed without the collector.
        try:
            with collector.resting():
                while not self.finished:
                    if max_iterations is not None and done_here >= max_iterations:
                        break
                    self.iterate()
                    done_here += 1
                    now = clock()
                    if now >= end:
                        break
                    if watch and not self.iterations % 16:
                        self.settled = self._cannot_change(self.elapsed + now - start)
        finally:
            self.elapsed += time.perf_counter() - start
        return self.finished

    def _cannot_change(self, elapsed: float) -> bool:
        """True when the most visited root move leads the runner-up by more visits than
        the rest of the budget can give (temperature 0 answers the most visited move).

        With an ``iterations`` budget the rest is exact; with a clock it is the rate so
        far times the time left, with a margin of a half.
        """
        root = self.root
        if root.untried is None or root.untried or len(root.children) < 2:
            return False
        left: float
        if self.settings.iterations is not None:
            left = self.settings.iterations - self.iterations
        else:
            if elapsed <= 0 or self.iterations < 64:
                return False
            left = 1.5 * self.iterations / elapsed * max(0.0, self.settings.seconds - elapsed)
        me = root.to_move
        first = second = 0
        for c in root.children:
            if c.proof is not None and c.proof != me and c.proof != DRAW:
                continue  # proven lost: never the answer while another move is left
            v = c.visits
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        return first - second > left

    # -- one simulation ---------------------------------------------------------------
    def iterate(self) -> None:
        node = self.root
        path = [node]
        policy, rng = self.policy, self.rng
        rave = self.settings.rave > 0
        trace: list[tuple[str, Any]] = []
        while True:
            if node.proof is not None:
                result = self._proof_value(node.proof)
                break
            if node.is_chance:
                node = self._sample_outcome(node, path[-2].state)
                path.append(node)
                continue
            if node.untried is None:
                moves = policy.moves(node.state, self.settings.playout)
                node.priors = policy.priors(node.state, moves) if self.settings.prior_weight else {}
                if node.priors:
                    # best prior last (popped first); ties in the rng's order
                    rng.shuffle(moves)
                    moves.sort(key=lambda m: node.priors.get(m, 0.0))
                else:
                    rng.shuffle(moves)
                node.untried = moves
                if node.visits == 0 and node is not self.root:
                    # a fresh leaf: simulate from it first, expand on the next visit
                    result = self._rollout(node.state, trace if rave else None)
                    break
            chosen = self._rave_child(node) if rave and node.untried else None
            if node.untried and chosen is None:
                move = node.untried.pop()
                parent_state = node.state
                node = self._add_child(node, move)
                path.append(node)
                if node.is_chance:
                    node = self._sample_outcome(node, parent_state)
                    path.append(node)
                if node.proof is not None:
                    result = self._proof_value(node.proof)
                else:
                    result = self._rollout(node.state, trace if rave else None)
                break
            node = chosen if chosen is not None else self._select_scored(node)[0]
            path.append(node)
        self._backup(path, result)
        if rave:
            self._backup_amaf(path, trace, result)
        self.iterations += 1

    def _rollout(self, state: Any, trace: list | None) -> float:
        if trace is None:
            return self.policy.rollout(state, self.rng, self.settings.playout)
        return self.policy.rollout_trace(state, self.rng, self.settings.playout, trace)

    def _rave_child(self, node: Node) -> Node | None:
        """RAVE, at a node with untried moves: the child to go down to, or None when the
        untried move with the best all-moves-as-first value (put last, popped next) is worth
        more now than the best child, as ``_select_scored`` scores them."""
        amaf = node.amaf or {}
        untried = node.untried
        assert untried
        best = max(range(len(untried)), key=lambda i: _amaf_q(amaf.get(untried[i])))
        untried[best], untried[-1] = untried[-1], untried[best]
        if not node.children:
            return None
        c = self.settings.exploration
        fresh = _amaf_q(amaf.get(untried[-1])) + c * math.sqrt(math.log(node.visits + 1))
        child, score = self._select_scored(node)
        return None if fresh >= score else child

    def _backup_amaf(self, path: list[Node], trace: list[tuple[str, Any]], result: float) -> None:
        """All moves as first: every node on the path learns, for each move its player to
        move played later in this simulation (in the tree or the playout), the result."""
        p0 = self.players[0]
        later: dict[str | None, set[Any]] = {}
        for mover, move in trace:
            later.setdefault(mover, set()).add(move)
        for i in range(len(path) - 1, -1, -1):
            node = path[i]
            if i + 1 < len(path):
                child = path[i + 1]
                if not node.is_chance:
                    later.setdefault(child.mover, set()).add(child.move)
            if node.is_chance or node.state is None or node.proof is not None:
                continue
            me = node.to_move
            won = result if me == p0 else 1.0 - result
            amaf = node.amaf
            if amaf is None:
                amaf = node.amaf = {}
            for move in later.get(me, ()):
                entry = amaf.get(move)
                if entry is None:
                    amaf[move] = [1, won]
                else:
                    entry[0] += 1
                    entry[1] += won

    def _proof_value(self, winner: str) -> float:
        if winner == DRAW:
            return 0.5
        return 1.0 if winner == self.players[0] else 0.0

    def _add_child(self, node: Node, move: Any) -> Node:
        mover = node.to_move
        outcomes = self.policy.chance(node.state, move)
        if outcomes is not None:
            child = Node(None, move, mover, outcomes)
            child.to_move = mover
        else:
            state, _ = self.game.play(node.state, move)
            child = Node(state, move, mover)
        node.children.append(child)
        return child

    def _sample_outcome(self, node: Node, parent_state: Any) -> Node:
        """One outcome of the chance node ``node`` (the move it stands for is played
        from ``parent_state``)."""
        r = self.rng.random()
        outcomes = node.outcomes
        assert outcomes is not None  # a chance node
        chosen = outcomes[-1][0]
        for move, p in outcomes:
            r -= p
            if r < 0:
                chosen = move
                break
        for child in node.children:
            if child.move == chosen:
                return child
        state, _ = self.game.play(parent_state, chosen)
        child = Node(state, chosen, node.mover)
        node.children.append(child)
        return child

    def _select_scored(self, node: Node) -> tuple[Node, float]:
        """The child UCT with progressive bias picks, and its score. With RAVE a child's mean
        is blended with its move's all-moves-as-first mean, weighted sqrt(k / (3n + k))
        (Gelly & Silver 2011). One loop, inline: this runs at every step of every simulation."""
        me = node.to_move
        c = self.settings.exploration
        w = self.settings.prior_weight
        k = self.settings.rave
        amaf = node.amaf or {}
        log_n = math.log(node.visits + 1)
        best, best_score = None, -math.inf
        for child in node.children:
            proof = child.proof
            if proof is not None and proof != me and proof != DRAW:
                score = -1e9 + child.visits  # proven loss: only when nothing else is left
            else:
                n = child.visits
                q = 0.5 if proof == DRAW else child.value / n if n else 0.5
                if k and proof is None:
                    beta = math.sqrt(k / (3 * n + k))
                    q = (1 - beta) * q + beta * _amaf_q(amaf.get(child.move))
                score = q + c * math.sqrt(log_n / (n + 1))
                if w:
                    score += w * node.priors.get(child.move, 0.0) / (n + 1)
            if score > best_score:
                best, best_score = child, score
        return best, best_score  # type: ignore[return-value]  # a node with children: best is one

    def _backup(self, path: list[Node], result: float) -> None:
        p0 = self.players[0]
        for node in reversed(path):
            node.visits += 1
            node.value += result if node.mover == p0 else 1.0 - result
            if node.proof is None:
                node.proof = self._prove(node)

    def _prove(self, node: Node) -> str | None:
        outcomes = node.outcomes
        if outcomes is not None:  # a chance node
            if len(node.children) < len(outcomes):
                return None
            proofs = {child.proof for child in node.children}
            if len(proofs) == 1:
                return proofs.pop()
            return None
        if not node.children:
            return None
        me = node.to_move
        all_proven = node.untried is not None and not node.untried
        draw = False
        for child in node.children:
            if child.proof == me:
                return me
            if child.proof is None:
                all_proven = False
            elif child.proof == DRAW:
                draw = True
        if not all_proven:
            return None
        if draw:
            return DRAW
        return self.players[1] if me == self.players[0] else self.players[0]

    # -- the answer -------------------------------------------------------------------
    def stats(self) -> list[dict[str, Any]]:
        """Every root move with visits, value (for the player to move) and proof."""
        return [{"move": c.move, "visits": c.visits, "value": round(c.q(), 4), "proof": c.proof,
                 "prior": round(self.root.priors.get(c.move, 0.0), 4)}
                for c in sorted(self.root.children, key=lambda c: -c.visits)]

    def best_move(self) -> Any:
        root = self.root
        me = root.to_move
        if not root.children:
            moves = root.untried if root.untried else self.policy.moves(root.state, self.settings.playout)
            if root.priors:
                return max(moves, key=lambda m: root.priors.get(m, 0.0))
            return moves[0]
        won = [c for c in root.children if c.proof == me]
        if won:
            return won[0].move
        safe = [c for c in root.children if c.proof is None or c.proof in (me, DRAW)]
        pool = safe or root.children
        if not safe:  # every move loses: take the one that resisted longest
            return max(pool, key=lambda c: c.visits).move
        top = max(c.visits for c in pool)
        t = self.settings.temperature
        if t <= 0:
            return max(pool, key=lambda c: (c.visits, c.q())).move
        cands = [c for c in pool if c.visits >= max(1.0, self.settings.min_share * top)]
        vals = [0.5 if c.proof == DRAW else c.q() for c in cands]
        best = max(vals)
        weights = [math.exp((v - best) / t) for v in vals]
        r = self.rng.random() * sum(weights)
        for c, wgt in zip(cands, weights, strict=True):
            r -= wgt
            if r < 0:
                return c.move
        return cands[-1].move
