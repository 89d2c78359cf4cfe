"""Copies along a game, for every game: ``clone()`` and ``determinize()`` cost and a save's size per action.

    python benchmarks/clones.py [players]

For each game, one seeded game played by heuristic bots is stopped at 10, 50 and 90 % of its
length; at each point it prints the microseconds of ``clone()`` and of ``determinize(player, seed)``
(the best of 30 timings of 100 copies, CPU time) and the bytes of ``to_json()`` per logged action.
Issue 16's goals: a clone at 90 % of a game within 2x of its cost at 10 %, none above 50 µs, and a
save's size per action flat. Asserts nothing.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import gamekit  # noqa: E402

GAMES = [("itc", 3), ("catan", 4), ("factories", 4), ("trade-feud", 4), ("auf-achse", 4), ("transportspelet", 2)]


def best_us(function, repeat: int = 30, number: int = 100) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for _ in range(number):
            function()
        best = min(best, (time.process_time() - start) / number)
    return best * 1e6


def positions(name: str, players: int, seed: int = 1) -> list[tuple[int, object]]:
    """The positions at 10, 50 and 90 % of a seeded game of heuristic bots."""
    state = gamekit.game(name).new(players=players, seed=seed)
    bots = [gamekit.bot(name, "heuristic", seed=seed * 10 + p) for p in range(players)]
    states = []
    while not state.is_over() and len(states) < 20_000:
        states.append(state.clone())
        state.apply(bots[state.current_player].choose(state))
    n = len(states)
    return [(n * k // 10, states[n * k // 10]) for k in (1, 5, 9)]


def main() -> None:
    players_wanted = int(sys.argv[1]) if len(sys.argv) > 1 else None
    print(f"{'game':<16}{'at action':>10}{'clone µs':>10}{'determinize µs':>16}{'save B/action':>15}")
    for name, players in GAMES:
        players = players_wanted or players
        for at, state in positions(name, players):
            clone = best_us(state.clone)
            det = best_us(lambda s=state: s.determinize(s.current_player, 7), repeat=10, number=20)
            per_action = len(state.to_json()) / max(1, at)
            print(f"{name:<16}{at:>10}{clone:>10.1f}{det:>16.1f}{per_action:>15.1f}", flush=True)


if __name__ == "__main__":
    main()
