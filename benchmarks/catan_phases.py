"""Where the Catan base game's time per action goes in ``catan_peers.py``'s like-for-like loop.

The loop of ``catan_peers.py`` (four players, a uniform choice among the legal actions other than
trade offers), with each step's parts timed apart in CPU time: ``legal_actions()`` by the phase it
lists for, the choice (leaving the offers out and drawing an index), and ``apply()`` (its check, the
action carried out and its log row) by the type of the action applied. Each part is printed as
microseconds per call and as its share of the microseconds per action of the whole loop, so the
figures say which part of the engine a change should go after. Timing every call costs some time
itself: the shares matter more than the sum. With ``--profile`` it runs the same loop under cProfile
instead and prints the 25 functions with the most time of their own. With ``--no-trades`` the games
have the setting ``player_trades=False`` (no offers between players listed: ``catan_peers.py``'s
like for like without trades between players; the same games, as the offers were left out anyway).

Run: ``PYTHONPATH=$PWD python benchmarks/catan_phases.py [games] [--profile] [--no-trades]``. Prints figures;
asserts nothing.
"""

from __future__ import annotations

import cProfile
import gc
import pstats
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import gamekit  # noqa: E402
from gamekit.catan.actions import OfferTrade  # noqa: E402
from gamekit.rng import Rng  # noqa: E402

GAME = gamekit.game("catan")
MAX_UNIFORM = 20_000  # as in catan_peers.py


OPTIONS: dict = {}


def timed(games: int) -> None:
    legal: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    applied: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    choosing, actions = 0.0, 0
    clock = time.process_time
    for seed in range(games):
        state, rng = GAME.new(players=4, seed=seed, **OPTIONS), Rng(1_000_000 + seed)
        gc.collect()
        gc.disable()
        while not state.is_over() and len(state._rows) < MAX_UNIFORM:
            phase = state.phase
            t0 = clock()
            listed = state.legal_actions()
            t1 = clock()
            choices = [a for a in listed if type(a) is not OfferTrade]
            action = choices[rng.randbelow(len(choices))]
            t2 = clock()
            state.apply(action)
            t3 = clock()
            part = legal[phase]
            part[0] += 1
            part[1] += t1 - t0
            part = applied[type(action).__name__]
            part[0] += 1
            part[1] += t3 - t2
            choosing += t2 - t1
            actions += 1
        gc.enable()
    total = sum(t for _, t in legal.values()) + sum(t for _, t in applied.values()) + choosing
    print(f"{actions:,} actions in {games} uniform four-player games: {total / actions * 1e6:.2f} µs per action "
          "(timed part by part)")
    rows = [(f"legal_actions, {phase}", n, t) for phase, (n, t) in legal.items()]
    rows += [(f"apply {kind}", n, t) for kind, (n, t) in applied.items()]
    rows.append(("the choice (offers left out, an index drawn)", actions, choosing))
    print(f"  {'part':<46}{'calls':>8}{'µs per call':>13}{'µs per action':>15}{'share':>8}")
    for name, n, t in sorted(rows, key=lambda row: -row[2]):
        print(f"  {name:<46}{n:>8,}{t / n * 1e6:>13.2f}{t / actions * 1e6:>15.2f}{t / total:>8.1%}")


def profiled(games: int) -> None:
    def loop() -> None:
        for seed in range(games):
            state, rng = GAME.new(players=4, seed=seed, **OPTIONS), Rng(1_000_000 + seed)
            while not state.is_over() and len(state._rows) < MAX_UNIFORM:
                choices = [a for a in state.legal_actions() if type(a) is not OfferTrade]
                state.apply(choices[rng.randbelow(len(choices))])

    profile = cProfile.Profile(time.process_time)
    profile.runcall(loop)
    pstats.Stats(profile).sort_stats("tottime").print_stats(25)


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    games = int(args[0]) if args else 30
    if "--no-trades" in sys.argv:
        OPTIONS["player_trades"] = False
    if "--profile" in sys.argv:
        profiled(games)
    else:
        timed(games)


if __name__ == "__main__":
    main()
