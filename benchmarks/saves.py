"""Saving and restoring a game beside catanatron's pickle round trip, measured in the same run.

Four-player Catan with factories (``gamekit.game("factories")``, driven only through the public
protocol: seeded random legal actions) and catanatron's four random players are each played to the
same number of actions (if no seeded catanatron game lasts that long, the longest one sets the
point); then, interleaved and in CPU time (``time.process_time``), median per call, with the
garbage collector off during each timed call (as ``timeit`` does: otherwise each side pays for
traversing the other's live objects):

* gamekit: ``game.from_json(state.to_json())`` (a JSON save with the whole log as compact rows,
  restored and validated), and each half. The readable log entries (``state.log``, with each
  action's text) are made from the rows when first read, which the round trip does not do;
  the figure for making them is printed apart;
* catanatron: ``pickle.loads(pickle.dumps(game))`` (its only way back from bytes), and its JSON
  writer (``json.dumps(game, cls=GameEncoder)``, which has no reader).

What counts as an action differs: gamekit counts each discarded card and each trade offer and
answer, catanatron discards half a hand in one action and has no trades between players; the
points are "the same number of actions each engine logged". The ratio is catanatron's time over
gamekit's (above 1: gamekit is faster). catanatron comes with the ``bench`` extra; without it only
gamekit's figures are printed.

Run: ``make benchmark`` or ``PYTHONPATH=$PWD python benchmarks/saves.py``. Prints figures; asserts nothing.
"""

from __future__ import annotations

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

POINTS = (500, 1000, 2000, 6000)
ROUNDS = 15


def interleaved(fns) -> list[float]:
    """Median CPU seconds per call of each function, timed in turn, round by round."""
    samples: list[list[float]] = [[] for _ in fns]
    for r in range(ROUNDS):
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
    """A catanatron game of four random players after ``actions`` actions, or the longest of
    ``seeds`` seeded games if none lasts that long."""
    longest = None
    for seed in range(seeds):
        random.seed(seed)
        colours = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]
        match = catanatron.Game([RandomPlayer(c) for c in colours], seed=seed)
        while len(match.state.actions) < actions and match.winning_color() is None:
            match.play_tick()
        if len(match.state.actions) >= actions:
            return match
        if longest is None or len(match.state.actions) > len(longest.state.actions):
            longest = match
    return longest


def measure(actions: int, done: set[int]) -> None:
    peer = catanatron_at(actions) if catanatron is not None else None
    if peer is not None:
        actions = len(peer.state.actions)  # the same point for both
    if actions in done:
        return  # catanatron's longest game set this point already
    done.add(actions)
    game, state = gamekit_at(actions)
    text = state.to_json()
    fns = [lambda: game.from_json(state.to_json()), lambda: state.to_json(), lambda: game.from_json(text),
           lambda: game.from_json(text).log]
    if peer is not None:
        fns += [lambda: pickle.loads(pickle.dumps(peer)), lambda: json.dumps(peer, cls=GameEncoder)]
    times = interleaved(fns)
    lead = f"at {actions:,} actions:"
    print(f"  {lead} gamekit save {len(text) / 1e3:,.0f} kB ({len(text) / actions:.0f} bytes/action), "
          f"round trip {times[0] * 1e3:.2f} (to_json {times[1] * 1e3:.2f}, from_json {times[2] * 1e3:.2f}); "
          f"from_json and then reading the whole log {times[3] * 1e3:.2f}")
    if peer is not None:
        size = len(pickle.dumps(peer))
        print(f"  {'':>{len(lead)}} catanatron pickle {size / 1e3:,.0f} kB, round trip {times[4] * 1e3:.2f}; "
              f"its JSON writer {times[5] * 1e3:.2f}")
        print(f"  {'':>{len(lead)}} ratio: round trip {times[4] / times[0]:.2f}× catanatron's pickle, "
              f"to_json {times[5] / times[1]:.2f}× its JSON writer")


def main() -> None:
    print(f"Save + restore, CPU time per call, median of {ROUNDS} interleaved rounds (ms):")
    if catanatron is None:
        print("  catanatron not installed: install the bench extra (pip install -e '.[bench]') for the comparison")
    done: set[int] = set()
    for actions in POINTS:
        measure(actions, done)


if __name__ == "__main__":
    main()
