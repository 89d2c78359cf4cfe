"""Saving and restoring a game beside catanatron's pickle round trip, measured in the same run.

Four-player Catan with factories (``gamekit.game("factories")``, driven only through the public
protocol: seeded random legal actions) and catanatron's four random players are each played to the
same number of actions (200, 2,000 and 6,000 unless named: ``--points 500 6000``). No seeded
catanatron game of random players lasts 2,000 actions (the longest of 30 ends near 1,870), so a
point no seeded game reaches is taken from a catanatron game played to 1,000 victory points
(``vps_to_win=1000``): nobody wins, the board fills up and the game goes on, as a long gamekit game
of trade offers does. Then, interleaved and in CPU time (``time.process_time``), median per call, with the
garbage collector off during each timed call (as ``timeit`` does: otherwise each side pays for
traversing the other's live objects):

* gamekit: ``game.from_json(state.to_json())`` (a JSON save with the whole log as compact rows,
  restored and validated), and each half. A state keeps the text of the log rows it has written,
  so a save writes only the rows added since the last one: the round trip's save is that of a game
  saved before (as the services save after every move), and the first save of a state (a copy of
  the played game made before it was saved, so the whole log is written) is printed apart. The readable log entries (``state.log``,
  with each action's text) are made from the rows when first read, which the round trip does not
  do; the figure for making them is printed apart;
* catanatron: ``pickle.loads(pickle.dumps(game))`` (its only way back from bytes), and its JSON
  writer (``json.dumps(game, cls=GameEncoder)``, which has no reader).

What counts as an action differs: gamekit counts each discarded card and each trade offer and
answer, catanatron discards half a hand in one action and has no trades between players; the
points are "the same number of actions each engine logged". The ratio is catanatron's time over
gamekit's (above 1: gamekit is faster). catanatron comes with the ``bench`` extra; without it only
gamekit's figures are printed.

Run: ``make benchmark`` or ``PYTHONPATH=$PWD python benchmarks/saves.py [--points N ...] [--rounds R]``.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import gc
import json
import pickle
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import gamekit  # noqa: E402

try:
    import catanatron
    from catanatron import Color, RandomPlayer
    from catanatron.json import GameEncoder
except ImportError:  # the bench extra is not installed
    catanatron = None

POINTS = (200, 2000, 6000)
ROUNDS = 15


def interleaved(fns, rounds: int = ROUNDS) -> list[float]:
    """Median CPU seconds per call of each function, timed in turn, round by round."""
    samples: list[list[float]] = [[] for _ in fns]
    for r in range(rounds):
        for i in (range(len(fns)) if r % 2 == 0 else reversed(range(len(fns)))):
            gc.collect()
            gc.disable()  # as timeit does: neither side pays for collecting the other's objects
            try:
                start = time.process_time()
                fns[i]()
                samples[i].append(time.process_time() - start)
            finally:
                gc.enable()
    return [statistics.median(s) for s in samples]


def gamekit_at(actions: int):
    """A factories game after ``actions`` seeded random legal actions (the next seed if one ends early)."""
    game = gamekit.game("factories")
    for seed in range(50):
        state, rnd = game.new(players=4, seed=seed), random.Random(seed)
        while len(state.log) < actions and not state.is_over():
            state.apply(rnd.choice(state.legal_actions()))
        if len(state.log) == actions:
            return game, state
    raise RuntimeError(f"no seeded game reached {actions} actions")


def catanatron_at(actions: int, seeds: int = 30):
    """A catanatron game of four random players after ``actions`` actions: the first of ``seeds``
    seeded games that lasts that long, else (and said so) seed 0 played to 1,000 victory points."""
    colours = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]
    for seed, goal in [(seed, 10) for seed in range(seeds)] + [(0, 1000)]:
        random.seed(seed)
        match = catanatron.Game([RandomPlayer(c) for c in colours], seed=seed, vps_to_win=goal)
        while len(match.state.actions) < actions and match.winning_color() is None:
            match.play_tick()
        if len(match.state.actions) == actions:
            return match, goal
    raise RuntimeError(f"no catanatron game reached {actions} actions")


def measure(actions: int, rounds: int = ROUNDS) -> None:
    peer, goal = catanatron_at(actions) if catanatron is not None else (None, None)
    game, state = gamekit_at(actions)
    fresh = iter([state.clone() for _ in range(rounds)])  # copies of the played game that have written no save
    text = state.to_json()
    fns = [lambda: game.from_json(state.to_json()), lambda: state.to_json(), lambda: game.from_json(text),
           lambda: game.from_json(text).log, lambda: next(fresh).to_json()]
    if peer is not None:
        fns += [lambda: pickle.loads(pickle.dumps(peer)), lambda: json.dumps(peer, cls=GameEncoder)]
        peer_at = len(fns) - 2
    times = interleaved(fns, rounds)
    lead = f"at {actions:,} actions:"
    print(f"  {lead} gamekit save {len(text) / 1e3:,.0f} kB ({len(text) / actions:.0f} bytes/action), "
          f"round trip {times[0] * 1e3:.2f} (to_json {times[1] * 1e3:.2f}, from_json {times[2] * 1e3:.2f}); "
          f"from_json and then reading the whole log {times[3] * 1e3:.2f}; a state's first to_json {times[4] * 1e3:.2f}")
    if peer is not None:
        size = len(pickle.dumps(peer))
        played = "" if goal == 10 else f" (a game to {goal:,} points)"
        print(f"  {'':>{len(lead)}} catanatron{played} pickle {size / 1e3:,.0f} kB, round trip {times[peer_at] * 1e3:.2f}; "
              f"its JSON writer {times[peer_at + 1] * 1e3:.2f}")
        first = times[4] + times[2]
        print(f"  {'':>{len(lead)}} ratio: round trip {times[peer_at] / times[0]:.2f}× catanatron's pickle "
              f"({times[peer_at] / first:.2f}× with a state's first save), "
              f"to_json {times[peer_at + 1] / times[1]:.2f}× its JSON writer "
              f"({times[peer_at + 1] / times[4]:.2f}× with a state's first save)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--points", type=int, nargs="+", default=POINTS, help="numbers of actions to measure at")
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="interleaved rounds (the median is printed)")
    args = parser.parse_args()
    print(f"Save + restore, CPU time per call, median of {args.rounds} interleaved rounds (ms):")
    if catanatron is None:
        print("  catanatron not installed: install the bench extra (pip install -e '.[bench]') for the comparison")
    for actions in args.points:
        measure(actions, args.rounds)


if __name__ == "__main__":
    main()
