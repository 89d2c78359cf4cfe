"""Random four-player playouts of Catan with factories: actions per second and games per second.

Run: ``.venv/bin/python benchmarks/catan_playout.py [games]``. Prints figures; asserts nothing.

Anchor: catanatron, a Python Catan engine, plays about 15 random four-player games per second
(about 13,000 actions per second); the goal here is at least twice its actions per second.
The policy (``gamekit.catan.playout.random_policy``) prefers building, so games end; every action
goes through the full protocol (``legal_actions``, ``apply`` = ``_check`` + ``_perform``, the log).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import gamekit  # noqa: E402
from gamekit.catan.playout import playout  # noqa: E402
from gamekit.rng import Rng  # noqa: E402

CATANATRON_ACTIONS_PER_SECOND = 13_000
CATANATRON_GAMES_PER_SECOND = 15


def run(games: int, **options: object) -> tuple[float, float, float, int]:
    game = gamekit.game("factories")
    actions = finished = 0
    start = time.perf_counter()
    for seed in range(games):
        state = game.new(players=4, seed=seed, **options)
        actions += playout(state, Rng(1_000_000 + seed), max_actions=10_000)
        finished += state.is_over()
    elapsed = time.perf_counter() - start
    return actions / elapsed, games / elapsed, actions / games, finished


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print(f"Random four-player playouts, {games} games each (catanatron: ~{CATANATRON_GAMES_PER_SECOND} games/s, "
          f"~{CATANATRON_ACTIONS_PER_SECOND:,} actions/s):")
    for label, options in [
        ("basic production", {}),
        ("Solcher's production + robber rotation", {"production_rule": "solcher", "robber_may_rotate_factory": True}),
    ]:
        aps, gps, per_game, finished = run(games, **options)
        print(f"  {label:<40} {aps:9,.0f} actions/s  {gps:6.1f} games/s  {per_game:6.0f} actions/game  "
              f"{finished}/{games} ended  {aps / CATANATRON_ACTIONS_PER_SECOND:4.2f} x catanatron")


if __name__ == "__main__":
    main()
