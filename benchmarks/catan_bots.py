"""The Catan bots (``catan``, ``factories``, ``trade-feud``): clone and determinise costs along a
game, heuristic against random, search against heuristic, and the search's time per move.

Run: ``.venv/bin/python benchmarks/catan_bots.py [games] [search_games] [iterations] [depth] [names]``
(defaults 60, 3, the search's default budget, all three games; ``names`` comma-separated). Prints
figures; asserts nothing.

* Clone and determinise: microseconds per copy (the best of 60 timings of 100), at 10, 50 and
  90 % of a four-player game played by heuristic bots (seed 1).
* Heuristic against random: three players, one heuristic bot and two random bots, the heuristic's
  seat rotated; its share of the games won with a 95 % (Wilson) interval. Chance is 1/3.
* Search against heuristic: three players, one search bot (budget as given: by default the search's
  own default) and two heuristic bots, seats rotated; the search's share of wins with its interval,
  and its mean CPU milliseconds per move, counting only moves with more than one legal action.
  Chance is 1/3.
* The search's default budget: its mean CPU milliseconds per move over 12 positions of a
  heuristic four-player game (from action 120 on, moves with more than one legal action).

A game stops after 3,000 actions (Trade Feud can reach a position nobody can win); such a game
counts as won by nobody. Times are CPU time of this process (``time.process_time``), so other
work on the machine slows them less than wall-clock time would.
"""

from __future__ import annotations

import math
import sys
import time
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import gamekit  # noqa: E402

GAMES = ("catan", "factories", "trade-feud")
LIMIT = 3000


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    z = 1.959964
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def copies(name: str) -> list[str]:
    state = gamekit.game(name).new(players=4, seed=1)
    bots = [gamekit.bot(name, "heuristic", seed=i) for i in range(4)]
    states = []
    while not state.is_over() and len(states) < LIMIT:
        states.append(state.clone())
        state.apply(bots[state.current_player].choose(state))
    out = []
    for frac in (0.1, 0.5, 0.9):
        s = states[int(frac * len(states))]
        p = s.current_player
        clone = min(timeit.repeat(s.clone, number=100, repeat=60)) / 100 * 1e6
        det = min(timeit.repeat(lambda s=s, p=p: s.determinize(p, 3), number=100, repeat=60)) / 100 * 1e6
        out.append(f"{frac:.0%}: clone {clone:.1f} µs, determinise {det:.1f} µs")
    return [f"  game of {len(states)} actions; " + "; ".join(out)]


def play(name: str, kinds: list[str], seed: int, budget: dict) -> tuple[list[int], dict[str, list[float]]]:
    state = gamekit.game(name).new(players=len(kinds), seed=seed)
    bots = [gamekit.bot(name, k, seed=1000 * seed + i, **(budget if k == "search" else {}))
            for i, k in enumerate(kinds)]  # fmt: skip
    times: dict[str, list[float]] = {k: [] for k in kinds}
    steps = 0
    while not state.is_over() and steps < LIMIT:
        p = state.current_player
        many = len(state.legal_actions()) > 1
        start = time.process_time()
        action = bots[p].choose(state)
        if many:
            times[kinds[p]].append(time.process_time() - start)
        state.apply(action)
        steps += 1
    return state.winners(), times


def match(name: str, bot: str, others: str, games: int, budget: dict) -> tuple[str, list[float]]:
    wins = unfinished = 0
    times: list[float] = []
    for seed in range(games):
        kinds = [bot, others, others]
        seat = seed % 3
        kinds = kinds[-seat:] + kinds[:-seat] if seat else kinds
        winners, spent = play(name, kinds, seed, budget)
        wins += kinds.index(bot) in winners
        unfinished += not winners
        times.extend(spent[bot])
    low, high = wilson(wins, games)
    line = (f"  {bot} vs {others}: won {wins}/{games} = {wins / games:.0%} (95 % interval {low:.0%}-{high:.0%}; "
            f"chance 33 %), {unfinished} unfinished")
    return line, times


def default_timing(name: str, moves: int = 12) -> str:
    state = gamekit.game(name).new(players=4, seed=11)
    bots = [gamekit.bot(name, "heuristic", seed=i) for i in range(4)]
    for _ in range(120):
        state.apply(bots[state.current_player].choose(state))
    search = gamekit.bot(name, "search", seed=1)
    times = []
    while len(times) < moves and not state.is_over():
        if len(state.legal_actions()) > 1:
            start = time.process_time()
            action = search.choose(state)
            times.append(time.process_time() - start)
        else:
            action = state.legal_actions()[0]
        state.apply(action)
    return (f"  search at its default budget ({search.iterations} iterations, depth {search.depth}): "
            f"{sum(times) / len(times) * 1e3:.0f} ms a move (mean of {len(times)}, max {max(times) * 1e3:.0f})")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    search_games = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    budget: dict = {}
    if len(sys.argv) > 3:
        budget["iterations"] = int(sys.argv[3])
    if len(sys.argv) > 4:
        budget["depth"] = int(sys.argv[4])
    names = sys.argv[5].split(",") if len(sys.argv) > 5 else GAMES
    shown = ", ".join(f"{k} {v}" for k, v in budget.items()) or "the search's default"
    print(f"Catan bots: {games} games heuristic vs random, {search_games} games search ({shown}) vs heuristic")
    start = time.process_time()
    for name in names:
        print(f"{name}:")
        print(default_timing(name))
        for line in copies(name):
            print(line)
        line, times = match(name, "heuristic", "random", games, {})
        print(line + f"; heuristic {sum(times) / max(1, len(times)) * 1e3:.2f} ms a move")
        if search_games:
            line, times = match(name, "search", "heuristic", search_games, budget)
            mean = sum(times) / max(1, len(times)) * 1e3
            print(line + f"; search {mean:.0f} ms a move (mean of {len(times)} moves, max {max(times) * 1e3:.0f})")
        sys.stdout.flush()
    print(f"total CPU {time.process_time() - start:.0f} s")


if __name__ == "__main__":
    main()
