"""Transportspelet opponents (issue 16): the cost of a clone and of a determinisation through a game,
and the strength of the bots: heuristic against random, search against heuristic.

Run: ``.venv/bin/python benchmarks/transportspelet_bots.py [--games N] [--search-minutes M] [--players P]``.

Prints, for games of heuristic bots (2 and 4 players): ``clone()`` and ``determinize()`` in µs (the
best of several timings) at 10 %, 50 % and 90 % of a game; then head-to-head results with 95 %
(Wilson) intervals: ``--games`` games of one heuristic against random players, and as many games of
one search bot (its default budget, or ``--iterations``/``--ms``/``--depth``) against heuristic
players as fit in ``--search-minutes`` of this process, with the search's mean time per move (moves
with more than one legal action), by the wall clock and by CPU time (the machine is shared). The
seats rotate, so every bot sits in every seat equally often. A shared win counts as a share. Asserts
nothing.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import gamekit  # noqa: E402

GAME = gamekit.game("transportspelet")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def positions(seed: int, players: int) -> dict[float, object]:
    """Copies of one game of heuristic bots at 10, 50 and 90 % of its actions, each with the log so far."""
    bots = [gamekit.bot("transportspelet", "heuristic", seed=seed * 10 + p) for p in range(players)]
    s = GAME.new(players=players, seed=seed)
    moves = []
    while not s.is_over():
        a = bots[s.current_player].choose(s)
        moves.append(a)
        s.apply(a)
    out = {}
    s = GAME.new(players=players, seed=seed)
    for k, a in enumerate(moves):
        for f in (0.1, 0.5, 0.9):
            if k == int(f * len(moves)):
                out[f] = s.clone()
        s.apply(a)
    return out


def copies(players: int, seeds: int = 3) -> None:
    print(f"clone and determinize, µs of CPU ({players} players, heuristic games; best of 5 timings, mean over "
          f"{seeds} games):")
    table = {f: [0.0, 0.0, 0] for f in (0.1, 0.5, 0.9)}
    for seed in range(seeds):
        for f, s in positions(seed, players).items():
            p = s.current_player
            c = min(timeit.repeat(s.clone, number=300, repeat=5, timer=time.process_time)) / 300 * 1e6
            d = min(timeit.repeat(lambda s=s, p=p: s.determinize(p, 7), number=300, repeat=5,
                                  timer=time.process_time)) / 300 * 1e6
            table[f][0] += c / seeds
            table[f][1] += d / seeds
            table[f][2] += len(s._rows) // seeds
    for f, (c, d, n) in table.items():
        print(f"  {f:4.0%} of a game (~{n} actions): clone {c:5.1f} µs, determinize {d:5.1f} µs")


def play(bots: list[object], seed: int, timing: dict | None = None) -> object:
    s = GAME.new(players=len(bots), seed=seed)
    while not s.is_over():
        bot = bots[s.current_player]
        if timing is not None and bot.kind == "search" and len(s.legal_actions()) > 1:
            wall, cpu = time.perf_counter(), time.process_time()
            action = bot.choose(s)
            timing["ms"] += (time.perf_counter() - wall) * 1000
            timing["cpu"] += (time.process_time() - cpu) * 1000
            timing["moves"] += 1
        else:
            action = bot.choose(s)
        s.apply(action)
    return s


def duel(kind: str, other: str, players: int, games: int | None, minutes: float | None, budget: dict,
         base_seed: int) -> None:
    wins, n, margin = 0.0, 0, 0
    timing = {"ms": 0.0, "cpu": 0.0, "moves": 0}
    start = time.perf_counter()
    cpu = time.process_time()
    while True:
        if games is not None and n >= games:
            break
        if minutes is not None and time.process_time() - cpu > minutes * 60 and n >= 2:
            break
        seat = n % players
        seed = base_seed + n
        bots = [gamekit.bot("transportspelet", kind, seed=seed * 10 + p, **(budget if kind == "search" else {}))
                if p == seat else gamekit.bot("transportspelet", other, seed=seed * 10 + p) for p in range(players)]
        s = play(bots, seed, timing if kind == "search" else None)
        winners = s.winners()
        if seat in winners:
            wins += 1 / len(winners)
        margin += s.capital(seat) - max(s.capital(q) for q in range(players) if q != seat)
        n += 1
    low, high = wilson(wins, n)
    line = (f"  {kind} vs {players - 1} x {other}, {players} players: won {wins:g} of {n} games = {wins / n:.1%} "
            f"(95 % interval {low:.1%} to {high:.1%}; chance {1 / players:.0%}), mean capital lead over the best "
            f"rival {margin / n:+,.0f}; {time.perf_counter() - start:.0f} s ({time.process_time() - cpu:.0f} s CPU)")
    if kind == "search" and timing["moves"]:
        line += (f"; search {timing['ms'] / timing['moves']:.0f} ms per move by the wall clock, "
                 f"{timing['cpu'] / timing['moves']:.0f} ms of CPU, over {timing['moves']:,} moves")
    print(line, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games of heuristic against random")
    parser.add_argument("--players", type=int, default=2, help="players per game (one bot against the others)")
    parser.add_argument("--search-minutes", type=float, default=10.0,
                        help="CPU minutes for search against heuristic")
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--ms", type=float, default=None)
    parser.add_argument("--depth", type=int, default=None)
    parser.add_argument("--no-copies", action="store_true")
    args = parser.parse_args()
    budget = {k: v for k, v in (("iterations", args.iterations), ("ms", args.ms), ("depth", args.depth)) if v is not None}
    if not args.no_copies:
        copies(2)
        copies(4)
    print("strength:")
    if args.games:
        duel("heuristic", "random", args.players, args.games, None, {}, 10_000)
        if args.players != 4:
            duel("heuristic", "random", 4, args.games, None, {}, 20_000)
    if args.search_minutes > 0:
        print(f"  (search budget: {budget or 'the default'})")
        duel("search", "heuristic", args.players, None, args.search_minutes, budget, 30_000)


if __name__ == "__main__":
    main()
