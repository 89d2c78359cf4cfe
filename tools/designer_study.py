"""One setting change per game, measured over many seeded games of heuristic players, on Dask.

    python tools/designer_study.py [games per setting] [scheduler address]

For each game it plays ``games`` seeded games at the chapter's default and as many with one setting
changed (the same seeds, so the two columns are paired), every seat the heuristic bot, and writes
one row per game to ``notebooks/data/designer-study.csv.gz``: the game, the setting, the seed, the
winners and scores, the length. ``notebooks/designers-settings.ipynb`` reads the file, and replays
a sample of its rows through the engine to show that they are the engine's games.

Without an address it starts a Dask ``LocalCluster`` on this machine; with one (``tcp://host:8786``)
it runs on that cluster.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import gamekit

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "notebooks" / "data" / "designer-study.csv.gz"

#: (game, players, setting, changed value): a designer's question for each game.
STUDY = [
    ("catan", 4, "discard_limit", 9),
    ("factories", 4, "factories_produce_on_seven", False),
    ("trade-feud", 4, "victory_points_to_win", 11),
    ("itc", 4, "goal", 100_000),
    ("auf-achse", 4, "starting_money", 2_000),
    ("transportspelet", 2, "exact_arrival", True),
]


def study(games: int, client) -> Any:
    """Every setting of :data:`STUDY`, each tournament kept in ``notebooks/data/parts/`` as it ends
    (a run that stops keeps what it finished; a second run plays only what is missing)."""
    import pandas as pd

    parts = OUT.parent / "parts"
    parts.mkdir(parents=True, exist_ok=True)
    tables = []
    for game, players, setting, value in STUDY:
        default = getattr(gamekit.game(game).default_options(), setting)
        for chosen in (default, value):
            part = parts / f"{game}-{setting}-{chosen}-{games}.csv.gz"
            if part.exists():
                tables.append(pd.read_csv(part))
                continue
            start = time.perf_counter()
            table = gamekit.tournament(game, ["heuristic"], games, seed=2026, players=players,
                                       options={setting: chosen}, client=client, progress=False)
            print(f"{game:<16} {setting}={chosen!r:<8} {games} games in {time.perf_counter() - start:7.1f} s"
                  f" ({int((~table['finished']).sum())} unfinished)", flush=True)
            table.insert(0, "value", repr(chosen))
            table.insert(0, "setting", setting)
            table.insert(0, "name", game)
            table = table[["name", "setting", "value", "game", "seed", "winners", "scores", "actions", "finished",
                           "seconds", "gamekit"]]
            table.attrs = {}  # the summary of one tournament; the notebook makes its own
            table["seconds"] = table["seconds"].round(4)  # CPU seconds to 0.1 ms: the file stays small
            table.to_csv(part, index=False)
            tables.append(table)
    return pd.concat(tables, ignore_index=True)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    from distributed import Client, LocalCluster

    if len(sys.argv) > 2:
        with Client(sys.argv[2]) as client:
            table = study(games, client)
    else:
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
                Client(cluster) as client:
            table = study(games, client)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    table.to_csv(OUT, index=False)
    print(f"wrote {len(table)} games to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
