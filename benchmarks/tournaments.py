"""Tournaments: one process against a local pool of two workers and against Dask (a LocalCluster of
two worker processes) on this machine, the same seeded games, and the overhead per game.

    python benchmarks/tournaments.py [games] [game] [seats...]

Prints wall-clock seconds, games per second, the speed-up over one process, and whether every
table is the same. The overhead per game is measured on games cut to a single action (so the
games themselves cost nearly nothing): what a pool or Dask adds to each game sent out.
"""

from __future__ import annotations

import sys
import time

import gamekit

COLUMNS = ["game", "seed", "seats", "winners", "scores", "actions"]


def timed(label, function):
    start = time.perf_counter()
    table = function()
    seconds = time.perf_counter() - start
    print(f"{label:<28} {seconds:8.2f} s  {len(table) / seconds:8.1f} games/s")
    return table, seconds


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    name = sys.argv[2] if len(sys.argv) > 2 else "catan"
    seats = sys.argv[3:] or ["heuristic", "random", "random"]
    print(f"{games} games of {name}, seats {seats}")
    one, t1 = timed("one process", lambda: gamekit.tournament(name, seats, games, seed=1, workers=1))
    pool, t2 = timed("process pool, 2 workers", lambda: gamekit.tournament(name, seats, games, seed=1, workers=2))
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        dask, t3 = timed("Dask LocalCluster, 2 workers", lambda: gamekit.tournament(name, seats, games, seed=1, client=client))
        print(f"speed-up over one process: pool {t1 / t2:.2f}x, Dask {t1 / t3:.2f}x")
        print("same tables:", one[COLUMNS].equals(pool[COLUMNS]) and one[COLUMNS].equals(dask[COLUMNS]))
        n = 2000
        _, s1 = timed("overhead: one process", lambda: gamekit.tournament(name, ["random"] * len(seats), n, seed=2, workers=1, max_actions=1))
        _, s2 = timed("overhead: pool", lambda: gamekit.tournament(name, ["random"] * len(seats), n, seed=2, workers=2, max_actions=1))
        _, s3 = timed("overhead: Dask", lambda: gamekit.tournament(name, ["random"] * len(seats), n, seed=2, client=client, max_actions=1))
    print(f"per game: one process {1e3 * s1 / n:.2f} ms, pool {1e3 * s2 / n:.2f} ms, Dask {1e3 * s3 / n:.2f} ms "
          "(a game of one action, setup and table row included)")


if __name__ == "__main__":
    main()
