"""Exact dice beside icepool, measured in the same run: every combination in gamekit.dice and the
grey-market odds of ITC.

Both sides are timed interleaved (gamekit, icepool, icepool, gamekit, ...), in CPU time
(``time.process_time``, garbage collection off while timing, as ``timeit`` does); each figure is
the median over the rounds of the time per call, and the
ratio is icepool's time over gamekit's (above 1: gamekit is faster).

* warm: the same dice objects on every call (each library keeps whatever it caches);
* cold: the dice are made anew on every call (``Die.uniform(6)`` / ``icepool.Die(range(1, 7))``) and
  gamekit's cached exchange weights are cleared, so no per-object cache helps either side.

The grey-market odds are compared with icepool's binomial formulation ``((a+d-1) @ exchange) >= d``
(the attackers win when they win ``d`` of ``a+d-1`` exchanges). Every pair of results is checked to
be the same distribution before timing. icepool comes with the ``bench`` extra
(``pip install -e ".[bench]"``); without it only gamekit's figures are printed.

Run: ``make benchmark`` or ``PYTHONPATH=$PWD python benchmarks/exact_dice.py``. Prints figures; asserts nothing.
"""

from __future__ import annotations

import gc
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gamekit.dice import Die, d6, d8  # noqa: E402
from gamekit.itc import probability  # noqa: E402

try:
    import icepool
except ImportError:  # the bench extra is not installed
    icepool = None

ROUNDS = 21
TARGET = 0.002  # seconds of CPU time per measurement


def calibrate(fn) -> int:
    """How many calls make one measurement of about TARGET seconds."""
    n = 1
    while True:
        start = time.process_time()
        for _ in range(n):
            fn()
        if time.process_time() - start >= TARGET / 4 or n >= 1 << 16:
            return max(1, n * 4)
        n *= 2


def interleaved(fns) -> list[float]:
    """Median CPU seconds per call of each function, the functions timed in turn, round by round."""
    inner = [calibrate(fn) for fn in fns]
    samples: list[list[float]] = [[] for _ in fns]
    for r in range(ROUNDS):
        order = range(len(fns)) if r % 2 == 0 else reversed(range(len(fns)))
        for i in order:
            fn, n = fns[i], inner[i]
            gc.collect()
            gc.disable()  # as timeit does
            try:
                start = time.process_time()
                for _ in range(n):
                    fn()
                samples[i].append((time.process_time() - start) / n)
            finally:
                gc.enable()
    return [statistics.median(s) for s in samples]


def ice_dist(die) -> dict:
    return {o: Fraction(die.probability(o)) for o in die.outcomes()}


def exchange_ice(i6, i8):
    """icepool's exchange, 1 when the attacker wins: d6 against d8, ties rolled again."""
    return (i6 - i8).reroll([0], depth="inf").map(lambda x: 1 if x > 0 else 0)


def cases():
    """(label, gamekit warm, icepool warm, gamekit cold, icepool cold, gamekit result → dict, icepool → dict)."""
    ice = icepool
    i6, i8 = (ice.Die(range(1, 7)), ice.Die(range(1, 9))) if ice else (None, None)

    def g6():
        return Die.uniform(6)

    def g8():
        return Die.uniform(8)

    def n6():
        return ice.Die(range(1, 7))

    def n8():
        return ice.Die(range(1, 9))

    rows = [
        ("2d6", lambda: d6 + d6, lambda: i6 + i6, lambda: g6() + g6(), lambda: n6() + n6()),
        ("3 @ d6", lambda: 3 @ d6, lambda: 3 @ i6, lambda: 3 @ g6(), lambda: 3 @ n6()),
        ("10 @ d6", lambda: 10 @ d6, lambda: 10 @ i6, lambda: 10 @ g6(), lambda: 10 @ n6()),
        ("d6 + d8", lambda: d6 + d8, lambda: i6 + i8, lambda: g6() + g8(), lambda: n6() + n8()),
        ("d6 + 2", lambda: d6 + 2, lambda: i6 + 2, lambda: g6() + 2, lambda: n6() + 2),
        ("highest of 2d6", lambda: d6.highest_of(2), lambda: i6.highest(2), lambda: g6().highest_of(2),
         lambda: n6().highest(2)),
        ("highest of 3d6", lambda: d6.highest_of(3), lambda: i6.highest(3), lambda: g6().highest_of(3),
         lambda: n6().highest(3)),
        ("d6 mod 2 (map)", lambda: d6.map(lambda x: x % 2), lambda: i6.map(lambda x: x % 2),
         lambda: g6().map(lambda x: x % 2), lambda: n6().map(lambda x: x % 2)),
        ("d6 vs d8, ties again", lambda: d6.compare(d8), lambda: exchange_ice(i6, i8), lambda: g6().compare(g8()),
         lambda: exchange_ice(n6(), n8())),
    ]
    ice_exchange = exchange_ice(i6, i8) if ice else None

    def grey(a, d):
        def cold():
            probability._exchange_weights.cache_clear()
            return probability.grey_market_win_probability(a, d)

        def ice_cold():
            return ((a + d - 1) @ exchange_ice(n6(), n8())) >= d

        return (f"grey market {a} v {d}", lambda: probability.grey_market_win_probability(a, d),
                lambda: ((a + d - 1) @ ice_exchange) >= d, cold, ice_cold)

    rows += [grey(5, 4), grey(20, 20), grey(50, 50)]
    return rows


def same(label, ours, theirs) -> bool:
    if isinstance(ours, Fraction):  # the grey-market odds against icepool's Die of booleans
        return ours == Fraction(theirs.probability(True))
    mine = ours.probabilities
    if label.startswith("d6 vs d8"):
        mine = {1 if k == "win" else 0: v for k, v in mine.items()}
    return mine == ice_dist(theirs)


def main() -> None:
    print(f"Exact dice, CPU time per call, median of {ROUNDS} interleaved rounds (µs):")
    if icepool is None:
        print("  icepool not installed: install the bench extra (pip install -e '.[bench]') for the comparison")
        print(f"  {'':<24} {'warm':>9} {'cold':>9}")
        for label, warm, _, cold, _ in cases():
            w, c = interleaved([warm])[0], interleaved([cold])[0]
            print(f"  {label:<24} {w * 1e6:9.1f} {c * 1e6:9.1f}")
        return
    print(f"  icepool {icepool.__version__}; ratio = icepool time / gamekit time (above 1: gamekit is faster)")
    print(f"  {'':<24} {'gamekit':>9} {'icepool':>9} {'ratio':>7}   {'gamekit':>9} {'icepool':>9} {'ratio':>7}")
    print(f"  {'':<24} {'warm':>9} {'warm':>9} {'':>7}   {'cold':>9} {'cold':>9} {'':>7}")
    worst = None
    for label, warm, ice_warm, cold, ice_cold in cases():
        agree = same(label, warm(), ice_warm()) and same(label, cold(), ice_cold())
        w, iw = interleaved([warm, ice_warm])
        c, ic = interleaved([cold, ice_cold])
        note = "" if agree else "   RESULTS DIFFER"
        print(f"  {label:<24} {w * 1e6:9.1f} {iw * 1e6:9.1f} {iw / w:6.1f}×   {c * 1e6:9.1f} {ic * 1e6:9.1f} {ic / c:6.1f}×"
              + note)
        for ratio in (iw / w, ic / c):
            worst = ratio if worst is None else min(worst, ratio)
    print(f"  smallest ratio: {worst:.1f}×")


if __name__ == "__main__":
    main()
