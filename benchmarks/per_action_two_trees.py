"""Time per action of every game in two source trees, in the same run (issue 33 item 6's table).

Run: ``.venv/bin/python benchmarks/per_action_two_trees.py BEFORE_TREE AFTER_TREE [games] [rounds]``
(each tree a checkout of this repository, e.g. ``git worktree add /tmp/before <commit>``). Each
round times, for each game and each tree in turn, the same seeded games in a fresh process: the
Catan games with :func:`gamekit.catan.playout.playout` (four players), the others choosing
uniformly among the legal actions with a seeded ``random.Random`` (their least number of players + 1).
Prints the best round of each (µs of CPU time per action, so that other work on the machine counts less) and the ratio after / before,
then the median round of each and the median of the rounds' ratios (each round's two trees measured one after the other), with the
machine's load average before and after. Asserts nothing.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys

GAMES = ["itc", "auf-achse", "catan", "factories", "trade-feud", "transportspelet"]

CHILD = r"""
import random, sys, time
sys.path.insert(0, sys.argv[1])
import gamekit
from gamekit.rng import Rng
name, games = sys.argv[2], int(sys.argv[3])
game = gamekit.game(name)
actions = 0
start = time.process_time()  # CPU time: the machine may be shared
for seed in range(games):
    if name in ("catan", "factories", "trade-feud"):
        from gamekit.catan.playout import playout
        state = game.new(players=4 if name != "trade-feud" else 3, seed=seed)
        actions += playout(state, Rng(1_000_000 + seed), max_actions=30_000)
    else:
        state = game.new(players=min(game.min_players + 1, game.max_players), seed=seed)
        rnd = random.Random(seed)
        n = 0
        while not state.is_over() and n < 30_000:
            state.apply(rnd.choice(state.legal_actions()))
            n += 1
        actions += n
print(actions, time.process_time() - start)
"""


def main() -> None:
    before, after = sys.argv[1], sys.argv[2]
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    best: dict[tuple[str, str], float] = {}
    every: dict[tuple[str, str], list[float]] = {}
    counts: dict[tuple[str, str], int] = {}
    load_before = os.getloadavg()
    for r in range(rounds):
        for name in GAMES:
            for tree in (before, after) if r % 2 == 0 else (after, before):
                out = subprocess.run([sys.executable, "-c", CHILD, tree, name, str(games)], check=True,
                                     capture_output=True, text=True).stdout.split()
                actions, seconds = int(out[0]), float(out[1])
                per = seconds / actions * 1e6
                best[name, tree] = min(best.get((name, tree), per), per)
                every.setdefault((name, tree), []).append(per)
                counts[name, tree] = actions
    load_after = os.getloadavg()
    print(f"{rounds} rounds, {games} games per game and tree; load average (1, 5, 15 min) before "
          f"{' '.join(f'{x:.2f}' for x in load_before)}, after {' '.join(f'{x:.2f}' for x in load_after)}")
    print(f"{'game':<16} {'actions':>9} {'before µs':>10} {'after µs':>10} {'after/before':>13}"
          f" {'median before':>14} {'median after':>13} {'median ratio':>13} {'(range)':>13}")
    for name in GAMES:
        b, a = best[name, before], best[name, after]
        same = "" if counts[name, before] == counts[name, after] else "  (different games!)"
        ratios = [y / x for x, y in zip(every[name, before], every[name, after])]
        print(f"{name:<16} {counts[name, after]:>9,} {b:>10.1f} {a:>10.1f} {a / b:>12.2f}x"
              f" {statistics.median(every[name, before]):>14.1f} {statistics.median(every[name, after]):>13.1f}"
              f" {statistics.median(ratios):>12.3f}x ({min(ratios):.2f}-{max(ratios):.2f}){same}")


if __name__ == "__main__":
    main()
