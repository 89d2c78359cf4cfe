"""Transportspelet playout speed: seeded games of uniformly random legal actions, played to the end.

Run: ``.venv/bin/python benchmarks/transportspelet_playout.py [--games N] [--players P] [--deck D]``.
Prints actions per second (``legal_actions`` + ``apply`` of the chosen action, the log included)
and games per second. The random choices come from a seeded ``random.Random`` in this script; the
games' own dice come from each state's generator. Asserts nothing.
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


def playout(game, players: int, seed: int, deck: int) -> int:
    state = game.new(players=players, seed=seed, deck_size=deck)
    choose = random.Random(seed).choice
    n = 0
    while not state.is_over():
        state.apply(choose(state.legal_actions()))
        n += 1
    return n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=0, help="2-6; 0 cycles through 2..6")
    parser.add_argument("--deck", type=int, default=50, help="transport cards in play (deck_size)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = gamekit.game("transportspelet")
    actions = 0
    start = time.perf_counter()
    cpu = time.process_time()
    for i in range(args.games):
        players = args.players or 2 + i % 5
        actions += playout(game, players, args.seed + i, args.deck)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    print(f"Transportspelet random playouts: {args.games} games, deck {args.deck}, "
          f"players {'2-6' if not args.players else args.players}")
    print(f"  {actions:,} actions in {elapsed:.2f} s")
    print(f"  {actions / elapsed:,.0f} actions per second ({actions / cpu:,.0f} per second of this process's CPU time; "
          "the machine is shared)")
    print(f"  {args.games / elapsed:,.2f} games per second ({actions / args.games:,.0f} actions per game)")


if __name__ == "__main__":
    main()
