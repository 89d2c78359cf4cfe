"""``catan_peers.py``'s like-for-like comparison for several source trees, in the same run (issue 33 item 6).

Each round runs, for each tree in turn (the order reversed every other round), a fresh process that
imports that tree's gamekit and plays ``catan_peers.py``'s like-for-like loops (the same functions,
from this checkout's ``benchmarks/catan_peers.py``) beside catanatron's random players, interleaved
in the process: gamekit choosing uniformly with trade offers listed but left out ("uniform"), gamekit
with the setting ``player_trades=False`` choosing as catanatron's ``RandomPlayer`` does ("no
trades"), and catanatron. Each process gives the CPU time per action of each, and the ratio of
gamekit's over catanatron's measured in that process; the table gives the median over the rounds
(and the range), with three decimals, so that trees measured on a shared machine can be told apart.

Run: ``.venv/bin/python benchmarks/catan_peers_trees.py TREE [TREE ...] [--rounds N] [--games G]``
(each tree a checkout of this repository; needs the ``bench`` extra for catanatron). Prints figures
and the machine's load before and after (``os.getloadavg``); asserts nothing.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

CHILD = r"""
import json, sys
tree, here, first, games = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
sys.path.insert(0, tree)
import gamekit  # this tree's, before catan_peers puts its own checkout first
sys.path.insert(0, here)
import catan_peers as peers
assert peers.gamekit is gamekit
if peers.catanatron is None:
    raise SystemExit("catanatron is not installed: install the bench extra (pip install -e '.[bench]'); "
                     "this comparison measures it beside gamekit in every process, it has no typed-in figure")
peers.GAMES = games
sides = [("uniform", peers.uniform_games), ("no trades", peers.no_trade_games), ("catanatron", peers.catanatron_games)]
out = {}
for order in (sides, sides[::-1]):  # each side twice, in both orders
    for name, run in order:
        cpu, raw = run(first)[:2]
        got = out.setdefault(name, [0.0, 0])
        got[0] += cpu
        got[1] += raw
print(json.dumps(out))
"""


def main() -> None:
    args = sys.argv[1:]
    rounds, games = 5, 4
    if "--rounds" in args:
        i = args.index("--rounds")
        rounds = int(args[i + 1])
        del args[i:i + 2]
    if "--games" in args:
        i = args.index("--games")
        games = int(args[i + 1])
        del args[i:i + 2]
    trees = [str(Path(t).resolve()) for t in args]
    if not trees:
        raise SystemExit(__doc__)
    try:
        from importlib.metadata import version

        peer = f"catanatron {version('catanatron')}"
    except Exception:  # noqa: BLE001 - not installed: each child process says so and stops
        raise SystemExit("catanatron is not installed: install the bench extra (pip install -e '.[bench]')") from None
    load_before = os.getloadavg()
    results: dict[str, list[dict[str, list[float]]]] = {t: [] for t in trees}
    for r in range(rounds):
        for tree in trees if r % 2 == 0 else trees[::-1]:
            text = subprocess.run([sys.executable, "-c", CHILD, tree, str(HERE), str(r * games), str(games)],
                                  check=True, capture_output=True, text=True).stdout
            results[tree].append(json.loads(text.strip().splitlines()[-1]))
    load_after = os.getloadavg()
    print(f"{rounds} interleaved rounds, {games} games per side twice per round and tree, CPU time, {peer} "
          "measured in each process beside gamekit; load average "
          f"(1, 5, 15 min) before {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}, "
          f"after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}")
    print(f"{'tree':<34} {'uniform µs':>10} {'ratio':>6} {'(range)':>13} {'no trades µs':>12} {'ratio':>6} "
          f"{'(range)':>13} {'catanatron µs':>13}")
    for tree, runs in results.items():
        uniform, no_trades, catanatron = ([run[name][0] / run[name][1] * 1e6 for run in runs]
                                          for name in ("uniform", "no trades", "catanatron"))
        ratio_u = [u / c for u, c in zip(uniform, catanatron)]
        ratio_n = [n / c for n, c in zip(no_trades, catanatron)]
        med = statistics.median
        print(f"{tree[-34:]:<34} {med(uniform):>10.2f} {med(ratio_u):>6.3f} ({min(ratio_u):.3f}-{max(ratio_u):.3f}) "
              f"{med(no_trades):>12.2f} {med(ratio_n):>6.3f} ({min(ratio_n):.3f}-{max(ratio_n):.3f}) "
              f"{med(catanatron):>13.2f}")


if __name__ == "__main__":
    main()
