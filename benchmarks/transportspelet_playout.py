"""Transportspelet playout speed: seeded games of uniformly random legal actions, played to the end.

Run: ``.venv/bin/python benchmarks/transportspelet_playout.py [--games N] [--players P] [--deck D]``.
Prints actions per second (``legal_actions`` + ``apply`` of the chosen action, the log included) by
the process's CPU time and by the wall clock, and games per second. The random choices come from a
seeded ``random.Random`` in this script; the games' own dice come from each state's generator.

``--against DIR`` compares with the engine of another checkout (``DIR/gamekit``, e.g. the main
worktree): the same games are played by both engines in alternating rounds, each round in a fresh
process, so that both share the machine's load alike (it is shared), and the figures of both and
their ratio are printed. Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def playout(game, players: int, seed: int, deck: int) -> int:
    state = game.new(players=players, seed=seed, deck_size=deck)
    choose = random.Random(seed).choice
    n = 0
    while not state.is_over():
        state.apply(choose(state.legal_actions()))
        n += 1
    return n


def measure(engine: Path, games: int, players: int, deck: int, seed: int) -> dict:
    """Play the games with the gamekit found in ``engine``: actions, CPU and wall-clock seconds."""
    sys.path.insert(0, str(engine))
    import gamekit

    if Path(gamekit.__file__).resolve().parent != engine.resolve() / "gamekit":
        raise SystemExit(f"imported {gamekit.__file__}, not the engine in {engine}")
    game = gamekit.game("transportspelet")
    actions = 0
    start = time.perf_counter()
    cpu = time.process_time()
    for i in range(games):
        actions += playout(game, players or 2 + i % 5, seed + i, deck)
    return {"games": games, "actions": actions, "wall": time.perf_counter() - start, "cpu": time.process_time() - cpu}


def report(name: str, m: dict) -> None:
    print(f"  {name}: {m['actions']:,} actions in {m['wall']:.2f} s ({m['cpu']:.2f} s of CPU time)")
    print(f"    {m['actions'] / m['cpu']:,.0f} actions per second of CPU time, "
          f"{m['actions'] / m['wall']:,.0f} by the wall clock (the machine is shared)")
    print(f"    {m['games'] / m['cpu']:,.2f} games per second of CPU time, {m['games'] / m['wall']:,.2f} by the wall clock "
          f"({m['actions'] / m['games']:,.0f} actions per game)")


def child(engine: Path, args: argparse.Namespace) -> dict:
    cmd = [sys.executable, __file__, "--engine", str(engine), "--json", "--games", str(args.games),
           "--players", str(args.players), "--deck", str(args.deck), "--seed", str(args.seed)]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=0, help="2-6; 0 cycles through 2..6")
    parser.add_argument("--deck", type=int, default=50, help="transport cards in play (deck_size)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--against", type=Path, help="another checkout whose engine to compare with")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds of each engine with --against")
    parser.add_argument("--engine", type=Path, default=ROOT, help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    title = (f"Transportspelet random playouts: {args.games} games, deck {args.deck}, "
             f"players {'2-6' if not args.players else args.players}")
    if args.json:
        print(json.dumps(measure(args.engine, args.games, args.players, args.deck, args.seed)))
        return
    if args.against is None:
        print(title)
        report(str(args.engine), measure(args.engine, args.games, args.players, args.deck, args.seed))
        return
    engines = {"other": args.against.resolve(), "this": ROOT}
    totals = {name: {"games": 0, "actions": 0, "wall": 0.0, "cpu": 0.0} for name in engines}
    for r in range(args.rounds):
        for name in (("other", "this") if r % 2 == 0 else ("this", "other")):
            m = child(engines[name], args)
            for key in totals[name]:
                totals[name][key] += m[key]
    if totals["this"]["actions"] != totals["other"]["actions"]:
        print("  note: the two engines played a different number of actions (their games differ)")
    print(f"{title}; {args.rounds} alternating rounds of each engine")
    report(f"{engines['other']} (other)", totals["other"])
    report(f"{engines['this']} (this)", totals["this"])
    for what in ("cpu", "wall"):
        rate = {name: totals[name]["actions"] / totals[name][what] for name in engines}
        print(f"  this / other, by {'CPU time' if what == 'cpu' else 'the wall clock'}: {rate['this'] / rate['other']:.2f}")


if __name__ == "__main__":
    main()
