"""A clone's cost along a long game (issue 33 item 6: clones stay flat over a game of any length).

    python benchmarks/clone_growth.py [TREE ...]

For Trade Feud (4 players, seed 6) and Auf Achse (3 players, seed 1), uniform random games of more
than 15,000 actions (a seeded ``random.Random`` choosing among the legal actions), stopped at 200,
2,000, 5,000, 10,000 and 15,000 actions: the CPU µs of ``clone()`` (the best of 20 timings of 200
clones) and the bytes the clone owns (its objects not reachable from the original: what it copied).
Each TREE (a checkout of this repository, default: this one) runs in a fresh process, so a tree
before a change and one after it are compared in the same run. Asserts nothing.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import random, sys, time
sys.path.insert(0, sys.argv[1])
sys.path.insert(0, sys.argv[2])
import gamekit
from clone_memory import copied_bytes

def clone_us(state):
    best = float("inf")
    for _ in range(20):
        start = time.process_time()
        for _ in range(200):
            state.clone()
        best = min(best, (time.process_time() - start) / 200)
    return best * 1e6

for name, players, seed in (("trade-feud", 4, 6), ("auf-achse", 3, 1)):
    state = gamekit.game(name).new(players=players, seed=seed)
    rnd = random.Random(seed)
    points = (200, 2_000, 5_000, 10_000, 15_000)
    row = []
    for n in range(points[-1] + 1):
        if n in points:
            row.append((n, clone_us(state), copied_bytes(state.clone(), state)))
        if state.is_over():
            break
        state.apply(rnd.choice(state.legal_actions()))
    print(name, " ".join(f"{n}:{us:.1f}:{size}" for n, us, size in row))
"""


def main() -> None:
    trees = sys.argv[1:] or [str(ROOT)]
    print(f"{'tree':<28} {'game':<12} {'actions':>8} {'clone µs':>9} {'copied bytes':>13} {'bytes / at 2,000':>17}")
    for tree in trees:
        out = subprocess.run([sys.executable, "-c", CHILD, tree, str(ROOT / "tools")], check=True, capture_output=True, text=True).stdout
        for line in out.splitlines():
            name, *points = line.split()
            rows = [tuple(float(x) for x in p.split(":")) for p in points]
            base = next(size for n, _, size in rows if n == 2_000)
            for n, us, size in rows:
                print(f"{tree[-28:]:<28} {name:<12} {int(n):>8,} {us:>9.1f} {int(size):>13,} {size / base:>16.2f}x")


if __name__ == "__main__":
    main()
