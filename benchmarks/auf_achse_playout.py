"""Auf Achse playout speed: seeded games played to the end, by uniformly random legal actions and by
the simple bots of ``gamekit.auf_achse.bots``.

Run: ``.venv/bin/python benchmarks/auf_achse_playout.py [--games N] [--players P] [--children]``.
Prints actions per second (``legal_actions`` + ``apply`` of the chosen action, the log included)
and games per second for each policy. The policies' choices come from a generator seeded in this
script; the games' own dice and cards come from each state's generator. Asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import gamekit  # noqa: E402
from gamekit.auf_achse.bots import bot_action  # noqa: E402
from gamekit.rng import Rng  # noqa: E402


def uniform_playout(game, players: int, seed: int, children: bool) -> int:
    state = game.new(players=players, seed=seed, children=children)
    choose = random.Random(seed).choice
    n = 0
    while not state.is_over():
        state.apply(choose(state.legal_actions()))
        n += 1
    return n


def bot_playout(game, players: int, seed: int, children: bool) -> int:
    state = game.new(players=players, seed=seed, children=children)
    policy = Rng(seed)
    n = 0
    while not state.is_over():
        state.apply(bot_action(state, policy))
        n += 1
    return n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=0, help="2-6; 0 cycles through 2..6")
    parser.add_argument("--children", action="store_true", help="the children's variant")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = gamekit.game("auf-achse")
    print(f"Auf Achse playouts: {args.games} games per policy, players "
          f"{'2-6' if not args.players else args.players}, {'children' if args.children else 'base'} game")
    for name, playout in (("uniformly random", uniform_playout), ("bots", bot_playout)):
        actions = 0
        start = time.perf_counter()
        for i in range(args.games):
            players = args.players or 2 + i % 5
            actions += playout(game, players, args.seed + i, args.children)
        elapsed = time.perf_counter() - start
        print(f"  {name}: {actions:,} actions in {elapsed:.2f} s: {actions / elapsed:,.0f} actions per second, "
              f"{args.games / elapsed:,.2f} games per second ({actions / args.games:,.0f} actions per game)")


if __name__ == "__main__":
    main()
