"""Random four-player playouts of the Catan base game (``catan``), Catan with factories
(``factories``) and Trade Feud (``trade-feud``), side by side: actions per second, games per second,
actions per game.

Run: ``.venv/bin/python benchmarks/catan_playout.py [games]``. Prints figures; asserts nothing.

The policy (``gamekit.catan.playout.random_policy``) prefers building, so games end; every action
goes through the full protocol (``legal_actions``, ``apply`` = ``_check`` + ``_perform``, the log).
The same seeds are used for every line, so the lines differ only by the game and its settings.
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


def run(name: str, games: int, **options: object) -> tuple[float, float, float, int]:
    game = gamekit.game(name)
    actions = finished = 0
    start = time.perf_counter()
    for seed in range(games):
        state = game.new(players=4, seed=seed, **options)
        actions += playout(state, Rng(1_000_000 + seed), max_actions=30_000)
        finished += state.is_over()
    elapsed = time.perf_counter() - start
    return actions / elapsed, games / elapsed, actions / games, finished


def clone_rate(name: str, copies: int = 20_000) -> float:
    """Clones per second of a mid-game state (200 actions in)."""
    state = gamekit.game(name).new(players=4, seed=7)
    playout(state, Rng(7), max_actions=200)
    start = time.perf_counter()
    for _ in range(copies):
        state.clone()
    return copies / (time.perf_counter() - start)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print(f"Random four-player playouts, {games} games each:")
    for name, label, options in [
        ("catan", "catan (the base game)", {}),
        ("factories", "factories, basic production", {}),
        ("factories", "factories, Solcher's production + rotation",
         {"production_rule": "solcher", "robber_may_rotate_factory": True}),
        ("trade-feud", "trade-feud (Seafarers, island map)", {}),
    ]:  # fmt: skip
        aps, gps, per_game, finished = run(name, games, **options)
        print(f"  {label:<44} {aps:9,.0f} actions/s  {gps:6.1f} games/s  {per_game:6.0f} actions/game  "
              f"{finished}/{games} ended")
    for name in ("catan", "factories", "trade-feud"):
        print(f"  clone() of a {name} game 200 actions in: {clone_rate(name):9,.0f} per second")


if __name__ == "__main__":
    main()
