"""Where Trade Feud's time per action goes, beside Catan's and the Seafarers layer's, part by part.

``trade_feud_peers.py`` gives one number per game: microseconds per action of uniform random play. This
script plays the same games (four players, a uniform choice among all the legal actions, at most 3,000
actions, seeds 1,000,000 + seed for the choices) and times each step's two parts apart:
``legal_actions()``, named by the phase it lists for and, in the main phase, by the action just before
it when that changed what the list reads (a roll starts a turn's main phase; a ship moved or built, a
road built or the pirate moved change the pieces or the pirate), and ``apply()``, named by the type of
the action applied. For each part it prints the microseconds per action of each game and Trade Feud's
excess over Catan, largest first, so the figures say which part of the engine a change should go
after; the parts Catan has too are in the same list. The three games are played in turn, a game of
each per round, as ``trade_feud_peers.py`` does.

The parts are timed with ``time.perf_counter_ns`` (wall time; run it on an idle machine): the CPU clock
the peers script reads costs about 0.4 µs a call on this project's machine, ten times the wall clock's,
and a split into parts calls a clock twice per part. The sums are about the peers script's figures less
its clock's cost.

Run: ``PYTHONPATH=$PWD python benchmarks/trade_feud_phases.py [rounds]`` (default 6). Prints figures;
asserts nothing.
"""

from __future__ import annotations

import gc
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import gamekit  # noqa: E402
from gamekit.catan.seafarers import SEAFARERS  # noqa: E402
from gamekit.rng import Rng  # noqa: E402

CAP = 3000
NAMES = ("catan", "seafarers", "trade-feud")
GAMES = {"catan": gamekit.game("catan"), "seafarers": SEAFARERS, "trade-feud": gamekit.game("trade-feud")}
OPTIONS = {"seafarers": {"robber_in_play": False}}  # the pirate only, as in Trade Feud
#: The actions after which a main-phase list is named apart (they change what the list reads).
CHANGING = frozenset({"Roll", "MoveShip", "BuildShip", "BuildRoad", "MovePirate"})


def play(name: str, seed: int, parts: dict[str, float]) -> int:
    """Play one uniform random game, adding each part's nanoseconds to ``parts``; the number of actions."""
    state = GAMES[name].new(players=4, seed=seed, **OPTIONS.get(name, {}))
    rng = Rng(1_000_000 + seed)
    clock = time.perf_counter_ns
    before, actions = "", 0
    gc.collect()
    gc.disable()
    try:
        while not state.is_over() and actions < CAP:
            phase = state.phase
            listed = f"list {phase}" + (f" after {before}" if phase == "main" and before in CHANGING else "")
            t0 = clock()
            legal = state.legal_actions()
            t1 = clock()
            action = legal[rng.randbelow(len(legal))]
            before = type(action).__name__
            t2 = clock()
            state.apply(action)
            t3 = clock()
            parts[listed] += t1 - t0
            parts["apply " + ("setup" if phase == "setup" else before)] += t3 - t2
            actions += 1
    finally:
        gc.enable()
    return actions


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    parts: dict[str, dict[str, float]] = {name: defaultdict(float) for name in NAMES}
    actions = dict.fromkeys(NAMES, 0)
    for seed in range(rounds):
        for name in NAMES:
            actions[name] += play(name, seed, parts[name])
    per = {name: {k: t / actions[name] / 1000 for k, t in parts[name].items()} for name in NAMES}
    totals = {name: sum(per[name].values()) for name in NAMES}
    print(f"Uniform random play, four players, {rounds} games each, at most {CAP} actions; µs per action "
          "(wall clock, part by part):")
    print("  " + "  ".join(f"{name} {totals[name]:.2f} ({actions[name]:,} actions)" for name in NAMES))
    print(f"  Trade Feud / Catan {totals['trade-feud'] / totals['catan']:.2f}, "
          f"layer / Catan {totals['seafarers'] / totals['catan']:.2f}")
    keys = set().union(*(per[name] for name in NAMES))
    rows = sorted(keys, key=lambda k: -(per["trade-feud"].get(k, 0.0) - per["catan"].get(k, 0.0)))
    print(f"  {'part':<34}{'catan':>8}{'layer':>8}{'TF':>8}{'TF - catan':>12}{'share of excess':>17}")
    excess = totals["trade-feud"] - totals["catan"]
    for k in rows:
        c, s, t = (per[name].get(k, 0.0) for name in NAMES)
        if max(c, s, t) < 0.005:
            continue
        print(f"  {k:<34}{c:>8.3f}{s:>8.3f}{t:>8.3f}{t - c:>12.3f}{(t - c) / excess:>17.1%}")


if __name__ == "__main__":
    main()
