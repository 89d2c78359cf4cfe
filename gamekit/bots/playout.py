"""A search that keeps the heuristic's move unless playouts show a clearly better one
(:class:`PlayoutSearch`), for games whose heuristic is good and whose tree search was not better.

A game subclasses it with :meth:`PlayoutSearch.candidates` (the few moves worth comparing in a
position, usually none but the heuristic's) and :meth:`PlayoutSearch.score` (one player's value of
a position at the end of a playout), may replace the root rule (:meth:`PlayoutSearch.compare`,
as Transportspelet does), and registers it with :func:`gamekit.bots.register_search`.
Auf Achse and Transportspelet use it. Standard library only.
"""

from __future__ import annotations

import math
import time
from typing import Any

from ..rng import Rng
from . import SearchBot, evaluate, to_move

__all__ = ["PlayoutSearch"]

_GAME_DEFAULT = object()  # iterations not given: the class's ITERATIONS (None means no limit but ``ms``)


class PlayoutSearch(SearchBot):
    """Flat Monte Carlo over the root's candidate moves, with common random numbers.

    The heuristic player chooses its move on a position the player cannot tell from the real one
    (``state.determinize``). The game names the other moves worth a look (:meth:`candidates`;
    most positions have none: a step along the road, a roll). When there are some, each sample
    draws a new determinised position and plays every candidate on its own copy of it, each
    followed by the heuristic playing every seat for ``depth`` actions (or to the end), and scores
    the end with :meth:`score`. All the candidates of one sample meet the same hidden cards and
    the same dice (the copies share the generator's state), so their difference is the move's
    doing, not luck's. The budget: ``iterations`` is the most playouts for one move, shared
    equally by the candidates (when it is less than their number, only the first ``iterations``
    of them, the heuristic's first, are played once each); ``ms`` an optional limit in wall-clock
    milliseconds, checked between samples once two are played.

    The root rule: another move replaces the heuristic's only when its mean lead over the
    heuristic's, sample by sample, is more than ``margin`` and more than ``z`` standard errors.
    A noisy search that picks the best of several equal-looking moves is worse than the heuristic
    (it picks the luckiest); this keeps the heuristic's judgement unless the evidence is clear.
    ``exploration``, ``bias`` and ``rollout`` are accepted for the common interface and not used.
    """

    ITERATIONS = 48
    DEPTH = 60
    MARGIN = 0.01
    Z = 1.5

    def __init__(self, game_name: str, seed: int = 0, iterations: Any = _GAME_DEFAULT, ms: float | None = None,
                 depth: int | None = None, exploration: float = 0.0, bias: float = 0.0, rollout: str = "heuristic",
                 margin: float | None = None, z: float | None = None) -> None:
        if iterations is _GAME_DEFAULT:
            iterations = self.ITERATIONS
        super().__init__(game_name, seed, iterations=iterations, ms=ms, depth=self.DEPTH if depth is None else depth,
                         exploration=exploration, bias=bias, rollout=rollout)
        if self._policy is None:  # pragma: no cover - both games have a heuristic
            raise ValueError(f"{game_name} has no heuristic player for the playouts")
        self.margin = self.MARGIN if margin is None else margin
        self.z = self.Z if z is None else z
        if self.depth < 0 or (self.iterations is not None and self.iterations < 1):
            raise ValueError("a playout search needs depth >= 0 and iterations >= 1")
        self.last_values: dict[Any, float] = {}

    # -- the game's part ---------------------------------------------------------------------------
    def candidates(self, view: Any, player: int, legal: list[Any], hint: Any) -> list[Any]:
        """The moves worth comparing with the heuristic's ``hint`` on ``view`` (a determinised
        position), all legal; by default none but the hint."""
        return [hint]

    def score(self, position: Any, player: int) -> float:
        """``player``'s value of a position at the end of a playout, 0 to 1 (by default the
        game's evaluation, :func:`gamekit.bots.evaluate`)."""
        return evaluate(position)[player]

    # -- the search -------------------------------------------------------------------------------
    def explain(self, state: Any) -> tuple[Any, str]:
        actions = to_move(state)
        self.last_values = {}
        self.last_iterations = 0
        if len(actions) == 1:
            return actions[0], "the only legal move"
        me = state.current_player
        rng = self.rng
        view = state.determinize(me, rng.next_u32())
        hint, why = self._policy.decide(view, me)
        if hint not in actions:  # pragma: no cover - the heuristic chooses among the legal actions
            raise RuntimeError(f"the {self.game_name} heuristic chose {hint}, which is not legal here")
        cands = [hint] + [a for a in self.candidates(view, me, actions, hint) if a != hint and a in actions]
        if self.iterations is not None:
            cands = cands[: self.iterations]
        if len(cands) == 1:
            return hint, why
        return self.compare(state, me, cands, why)

    def compare(self, state: Any, me: int, cands: list[Any], why: str) -> tuple[Any, str]:
        """The root rule: ``cands`` (two or more, the heuristic's first, whose reason is ``why``)
        played on determinised copies of ``state`` for player ``me``; the move chosen and why."""
        hint = cands[0]
        k = len(cands)
        per = math.inf if self.iterations is None else self.iterations // k
        deadline = None if self.ms is None else time.perf_counter() + self.ms / 1000
        sums = [0.0] * k
        diffs = [[] for _ in range(k)]
        n = 0
        while n < per:
            if n >= 2 and deadline is not None and time.perf_counter() > deadline:
                break
            values = self.sample(state, me, cands)
            for i in range(k):
                sums[i] += values[i]
                diffs[i].append(values[i] - values[0])
            n += 1
        self.last_iterations = n * k
        self.last_values = {a: sums[i] / n for i, a in enumerate(cands)}
        best = max(range(k), key=lambda i: (sums[i], -i))
        if best:
            lead = sums[best] / n - sums[0] / n
            d = diffs[best]
            var = sum((x - lead) ** 2 for x in d) / (n - 1) if n > 1 else math.inf
            if lead > self.margin and lead > self.z * math.sqrt(var / n):
                return cands[best], (f"played {n} samples of {k} moves on to {self.depth} actions each: this move "
                                     f"scores {sums[best] / n:.2f}, the heuristic's {hint} {sums[0] / n:.2f}")
        return hint, f"{why} (kept after {n} samples of {k} moves)"

    def sample(self, state: Any, me: int, moves: list[Any]) -> list[float]:
        """One sample: a position drawn from what player ``me`` may know of ``state``, each of
        ``moves`` played on its own copy of it and played on with the same dice and cards
        (common random numbers); each move's score, in the order given."""
        position = state.determinize(me, self.rng.next_u32())
        stream = self.rng.next_u32()
        values = []
        for a in moves:
            copy = position.clone()
            copy.advance(a)
            values.append(self._playout(copy, me, stream))
        return values

    def _playout(self, position: Any, me: int, stream: int) -> float:
        policy = self._policy
        policy.rng = Rng(stream, stream=29)
        for _ in range(self.depth):
            if position.is_over():
                break
            legal = position.legal_actions()
            if len(legal) == 1:
                position.advance(legal[0])
            else:
                position.advance(policy.decide(position, position.current_player)[0])
        if position.is_over():
            winners = position.winners()
            return 1 / len(winners) if me in winners else 0.0
        return self.score(position, me)
