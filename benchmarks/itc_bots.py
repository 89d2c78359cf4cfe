"""ITC opponents: the cost of copies and determinised positions, and how the bots do against each other.

Run: ``.venv/bin/python benchmarks/itc_bots.py [--games N] [--search-games M] [--players P] [--goal G]``.
Prints, with CPU times (``time.process_time``, the best of several repeats for the copies):

* ``clone()`` and ``determinize()`` in microseconds at 10, 50 and 90 % of a heuristic game;
* heuristic against random: the heuristic's share of wins (a tie shared) over ``N`` games, seats
  alternating, with a 95 % Wilson interval;
* search (its default budget, or ``--iterations``/``--depth``/``--ms``) against heuristic: the same
  over ``M`` games, and the search's mean and largest CPU time per move, over the moves that had
  more than one legal action.

Games are seeded (``--seed``); the bots' seeds follow from the game's. Asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import gamekit  # noqa: E402


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share of ``wins`` in ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def best_time(function, repeats: int = 7, number: int = 300) -> float:
    """The best CPU time of one call in microseconds."""
    best = math.inf
    for _ in range(repeats):
        start = time.process_time()
        for i in range(number):
            function(i)
        best = min(best, (time.process_time() - start) / number)
    return best * 1e6


def copies(players: int, goal: int, seed: int) -> None:
    game = gamekit.game("itc")
    state = game.new(players=players, seed=seed, goal=goal)
    bots = [gamekit.bot("itc", "heuristic", seed=seed + p) for p in range(players)]
    positions = []
    while not state.is_over():
        state.apply(bots[state.current_player].choose(state))
        positions.append(state.clone())
    print(f"copies in a {players}-player heuristic game of {len(positions)} actions (goal {goal:,}):")
    for share in (0.1, 0.5, 0.9):
        position = positions[int(share * len(positions))]
        player = position.current_player
        clone = best_time(lambda i, position=position: position.clone())
        det = best_time(lambda i, position=position, player=player: position.determinize(player, i))
        print(f"  {share:>4.0%} ({len(position.log):>5} actions): clone {clone:6.1f} us   determinize {det:6.1f} us")


def match(kinds: tuple[str, str], games: int, players: int, goal: int, seed: int, budget: dict) -> None:
    """``kinds[0]`` in one seat (turning round the table game by game), ``kinds[1]`` in the others."""
    game = gamekit.game("itc")
    share = 0.0
    times: list[float] = []
    lengths = []
    start = time.process_time()
    for i in range(games):
        seat = i % players
        bots = [gamekit.bot("itc", kinds[0] if p == seat else kinds[1], seed=seed + 10 * i + p,
                            **(budget if (kinds[0] if p == seat else kinds[1]) == "search" else {}))
                for p in range(players)]
        state = game.new(players=players, seed=seed + i, goal=goal)
        while not state.is_over():
            p = state.current_player
            timed = p == seat and kinds[0] == "search" and len(state.legal_actions()) > 1
            t = time.process_time()
            action = bots[p].choose(state)
            if timed:
                times.append(time.process_time() - t)
            state.apply(action)
        winners = state.winners()
        share += 1 / len(winners) if seat in winners else 0.0
        lengths.append(state.turn_count)
    low, high = wilson(share, games)
    label = f"{kinds[0]} against {kinds[1]}" + (f" (budget {budget or 'default'})" if kinds[0] == "search" else "")
    print(f"{label}: {games} games of {players} players (goal {goal:,}), mean {sum(lengths) / games:.0f} turns, "
          f"{time.process_time() - start:.0f} s of CPU")
    print(f"  {kinds[0]} wins {share:.1f} of {games}: {share / games:.3f}, 95 % interval {low:.3f} to {high:.3f}"
          f" (an even share: {1 / players:.3f})")
    if times:
        print(f"  search: {1000 * sum(times) / len(times):.0f} ms per move on average, at most "
              f"{1000 * max(times):.0f} ms, over {len(times)} moves with a choice")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="heuristic against random")
    parser.add_argument("--search-games", type=int, default=10, help="search against heuristic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--goal", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--depth", type=int, default=None)
    parser.add_argument("--ms", type=float, default=None)
    args = parser.parse_args()
    budget = {k: v for k, v in (("iterations", args.iterations), ("depth", args.depth), ("ms", args.ms)) if v is not None}
    copies(max(args.players, 3), args.goal, args.seed)
    match(("heuristic", "random"), args.games, args.players, args.goal, 1000 + args.seed, {})
    if args.search_games:
        match(("search", "heuristic"), args.search_games, args.players, args.goal, 5000 + args.seed, budget)


if __name__ == "__main__":
    main()
