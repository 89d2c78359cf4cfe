"""Many grey-market fights of ITC: the vectorised numpy simulator beside looping the scalar
``roll_fight`` (the engine's own seeded fight), measured in the same run.

Both sides are timed interleaved in CPU time (``time.process_time``); figures are the medians over
the rounds, as fights per second, and the ratio of the two.

Run: ``make benchmark`` or ``PYTHONPATH=$PWD python benchmarks/grey_market.py``. Prints figures; asserts nothing.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from gamekit.itc.probability import roll_fight, simulate_fights  # noqa: E402
from gamekit.rng import Rng  # noqa: E402

ROUNDS = 9
SCALAR_FIGHTS = 2_000
VECTOR_FIGHTS = 200_000


def main() -> None:
    print(f"Grey-market fights, CPU time, median of {ROUNDS} interleaved rounds (fights per second):")
    for a, d in [(3, 2), (5, 4), (10, 10)]:
        rng, gen = Rng(1), np.random.default_rng(1)
        scalar, vector = [], []
        for r in range(ROUNDS):
            for side in ((0, 1) if r % 2 == 0 else (1, 0)):
                start = time.process_time()
                if side == 0:
                    for _ in range(SCALAR_FIGHTS):
                        roll_fight(rng, a, d)
                    scalar.append((time.process_time() - start) / SCALAR_FIGHTS)
                else:
                    simulate_fights(a, d, VECTOR_FIGHTS, seed=gen)
                    vector.append((time.process_time() - start) / VECTOR_FIGHTS)
        s, v = statistics.median(scalar), statistics.median(vector)
        print(f"  {a} v {d}: roll_fight in a loop {1 / s:12,.0f}/s   simulate_fights (numpy) {1 / v:12,.0f}/s"
              f"   {s / v:6.0f}×")


if __name__ == "__main__":
    main()
