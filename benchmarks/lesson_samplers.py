"""Monte Carlo throughput of the lessons' vectorised simulators, beside the raw numpy generator.

Every mechanism a lesson simulates is timed in the same run as the raw generator it is built on
(``numpy.random.Generator.integers(1, 7)`` for dice, ``Generator.random`` for the bidders' coins),
interleaved round by round, CPU time, best of the rounds. For each simulator the figure is the
number of dice it stands for per second:

* **used**: the dice the simulated play actually rolls (a trip stops rolling when it arrives);
* **drawn**: the random numbers the simulator draws to get them (a vectorised simulator may draw a
  whole table and use only the start of each row), counted in dice (a number standing for six dice
  counts six).

The auctions' unit is a coin, compared with ``Generator.random`` (one uniform double per coin):
**used**, the bidders' decisions a coin settled; **drawn**, the coins drawn (four at a time per
running auction). With an eagerness of 1/2 (a whole number of 2**-16ths) a coin is a 16-bit number,
else a double; both are timed.

The goal (issue 18): each simulator at least half the raw generator's dice per second (``used / raw``
of 0.5 or more). Run: ``.venv/bin/python benchmarks/lesson_samplers.py`` (or ``make benchmark``).
Prints figures; asserts nothing.

In the same run, the pure-Python twins the lessons use so that they also run in the browser
(``gamekit.lessons.pure``, on gamekit's own generator ``gamekit.Rng``; issue 32), on fewer dice
(``PURE_DICE``): their dice per second, the raw ``Rng.randbelow(6)`` loop they are built on, and
how many times slower each is than its numpy twin measured above.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gamekit.auf_achse.data import contracts  # noqa: E402
from gamekit.auf_achse.examples import BERLIN_TRIESTE  # noqa: E402
from gamekit.catan.production import numbers_distribution  # noqa: E402
from gamekit.dice import d6, green_die, two_d6  # noqa: E402
from gamekit.itc.probability import simulate_fights  # noqa: E402
from gamekit.lessons.samplers import (  # noqa: E402
    auctions,
    factory_investments,
    kept_die,
    production_rolls,
    rolls_until,
    rolls_until_holding,
)
from gamekit.transportspelet import mean_rolls, rolls_to_cover  # noqa: E402
from gamekit.transportspelet.probability import TELEGRAM_FACES, sample_rolls_to_cover  # noqa: E402

ROUNDS = 5
DICE = 4_000_000  # dice per timed call, about
PURE_DICE = 200_000  # dice per timed call of a pure-Python sampler, about


def cpu(fn) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def cases(gen):
    """(lesson, mechanism, function, dice used per call, dice drawn per call, unit)."""
    card = contracts()[BERLIN_TRIESTE]
    fights, trips, waits = DICE // 8, DICE // 5, DICE // 3
    # the train's dice come six at a time (one number): the dice drawn per trip, from the exact distribution
    train_block = min(6, max(rolls_to_cover("train", 19)))
    train_drawn = float(sum(p * train_block * -(-k // train_block) for k, p in rolls_to_cover("train", 19).items()))
    fight_exchanges = DICE // 8 * 4   # 3 against 2: at most 4 exchanges drawn per fight
    # the mean exchanges a fight of 3 against 2 uses (2 dice each), from the exact outcomes
    from gamekit.itc import fight_outcome_distribution

    used_exchanges = float(sum(p * ((3 - a) + (2 - d)) for (a, d), p in fight_outcome_distribution(3, 2).items()))
    mean_investments = 9
    # lesson 6's position: a brick on a 5, a lumber on an 8 or an 11; the exact mean wait (first-step analysis)
    income = {s: [int(s == 5), int(s in (8, 11)), 0, 0, 0] for s in range(2, 13)}
    pb, pl = two_d6[5], two_d6[8] + two_d6[11]
    road_wait = float((1 + pb / pl + pl / pb) / (pb + pl))
    auction_runs = DICE // 8
    return [
        ("1", "d6 (Die.sample)", lambda: d6.sample(DICE, seed=gen), DICE, DICE, "dice"),
        ("1", "green d8 (Die.sample)", lambda: green_die.sample(DICE, seed=gen), DICE, DICE, "dice"),
        ("1, 6", "2d6 sums (Die.sample)", lambda: two_d6.sample(DICE // 2, seed=gen), DICE, None, "dice (one draw per pair)"),
        ("2", "ITC: two of three dice, keep one (kept_die)", lambda: kept_die(("blue", "green"), DICE // 2, seed=gen),
         DICE, DICE, "dice"),
        ("3", "ITC: grey-market fights 3 v 2 (simulate_fights)", lambda: simulate_fights(3, 2, fights, seed=gen),
         fights * used_exchanges * 2, fight_exchanges * 2, "dice (2 per exchange)"),
        ("4", "factories: 9 investments (factory_investments)",
         lambda: factory_investments(DICE // 9, 9, seed=gen), DICE // 9 * mean_investments, DICE // 9 * 9, "dice"),
        ("5", "Transportspelet: wait for a telegram (rolls_until)", lambda: rolls_until(TELEGRAM_FACES, waits, seed=gen),
         waits * 3, None, "dice"),
        ("5", "Transportspelet: train, 19 steps (sample_rolls_to_cover)",
         lambda: sample_rolls_to_cover("train", 19, trips, seed=1), trips * float(mean_rolls("train", 19)),
         trips * train_drawn, "dice"),
        ("6", "Catan: production rolls (production_rolls)", lambda: production_rolls(100, DICE // 200, seed=gen),
         DICE, DICE, "dice"),
        ("6", "Catan: rolls until a road (rolls_until_holding)",
         lambda: rolls_until_holding(income, [1, 1, 0, 0, 0], DICE // 24, seed=gen), DICE // 24 * 2 * road_wait, None, "dice (2 per roll)"),
        ("7", "Auf Achse: auctions, cautious bots, e = 1/2 (auctions)",
         lambda: auctions(card.costs, card.revenue, 4, 2, 0.5, auction_runs, seed=gen), *_coins(card, auction_runs, 0.5),
         "coins (16-bit numbers)"),
        ("7", "Auf Achse: auctions, cautious bots, e = 3/10 (auctions)",
         lambda: auctions(card.costs, card.revenue, 4, 2, 0.3, auction_runs, seed=gen), *_coins(card, auction_runs, 0.3),
         "coins (doubles)"),
    ]


def main() -> None:
    gen = np.random.default_rng(2026)
    table = cases(gen)
    best = {name: float("inf") for _, name, *_ in table}
    raw_dice = raw_coins = float("inf")
    for _ in range(ROUNDS):
        raw_dice = min(raw_dice, cpu(lambda: gen.integers(1, 7, size=DICE)))
        raw_coins = min(raw_coins, cpu(lambda: gen.random(DICE)))
        for _lesson, name, fn, *_ in table:
            best[name] = min(best[name], cpu(fn))
    raw_rate, coin_rate = DICE / raw_dice, DICE / raw_coins
    print(f"Lesson samplers: CPU time, best of {ROUNDS} interleaved rounds, about {DICE:,} dice per call")
    print(f"  raw numpy Generator.integers(1, 7)  {raw_rate / 1e6:7.1f} M dice/s   (the reference for dice)")
    print(f"  raw numpy Generator.random          {coin_rate / 1e6:7.1f} M draws/s  (the reference for coins)")
    print(f"  {'lesson':<6} {'mechanism':<58} {'used':>12} {'drawn':>12} {'used / raw':>11}")
    for lesson, name, _fn, used, drawn, unit in table:
        t = best[name]
        if unit.startswith("coins"):
            ratio = used / t / coin_rate
        else:
            ratio = used / t / raw_rate
        drawn_text = f"{drawn / t / 1e6:7.1f} M/s" if drawn is not None else "–"
        flag = "" if ratio >= 0.5 else "   below half"
        print(f"  {lesson:<6} {name:<58} {used / t / 1e6:7.1f} M/s {drawn_text:>12} {ratio:9.2f} x{flag}  ({unit})")
    print("  (used: the dice the simulated play rolls; drawn: the random numbers drawn for them, where they"
          " differ and are known ahead. Coins are compared with Generator.random.)")
    _pure(best, table)
    _check(gen)


def _pure(numpy_best: dict, numpy_table: list) -> None:
    """The pure-Python samplers (gamekit.lessons.pure) in the same run, on PURE_DICE dice a call."""
    from gamekit.lessons import pure
    from gamekit.rng import Rng

    rng = Rng(2026)
    n = PURE_DICE
    income = {s: [int(s == 5), int(s in (8, 11)), 0, 0, 0] for s in range(2, 13)}
    pb, pl = two_d6[5], two_d6[8] + two_d6[11]
    road_wait = float((1 + pb / pl + pl / pb) / (pb + pl))
    from gamekit.itc import fight_outcome_distribution

    exchanges = float(sum(p * ((3 - a) + (2 - d)) for (a, d), p in fight_outcome_distribution(3, 2).items()))
    card = contracts()[BERLIN_TRIESTE]
    runs = n // 8

    def coins_used(e: float) -> int:
        return sum(pure.auctions(card.costs, card.revenue, 4, 2, e, runs, seed=1)["coins"])

    table = [  # (numpy twin's name, name, function, dice (or coins) used per call)
        ("d6 (Die.sample)", "d6 (sample)", lambda: pure.sample(d6, n, seed=rng), n),
        ("green d8 (Die.sample)", "green d8 (sample)", lambda: pure.sample(green_die, n, seed=rng), n),
        ("2d6 sums (Die.sample)", "2d6 sums (sample)", lambda: pure.sample(two_d6, n // 2, seed=rng), n),
        ("ITC: two of three dice, keep one (kept_die)", "ITC: two of three dice, keep one (kept_die)",
         lambda: pure.kept_die(("blue", "green"), n // 2, seed=rng), n),
        ("ITC: grey-market fights 3 v 2 (simulate_fights)", "ITC: grey-market fights 3 v 2 (fights)",
         lambda: pure.fights(3, 2, n // 8, seed=rng), n // 8 * exchanges * 2),
        ("factories: 9 investments (factory_investments)", "factories: 9 investments (factory_investments)",
         lambda: pure.factory_investments(n // 9, 9, seed=rng), n // 9 * 9),
        ("Transportspelet: wait for a telegram (rolls_until)", "Transportspelet: wait for a telegram (rolls_until)",
         lambda: pure.rolls_until(TELEGRAM_FACES, n // 3, seed=rng), n // 3 * 3),
        ("Transportspelet: train, 19 steps (sample_rolls_to_cover)", "Transportspelet: train, 19 steps (sample_rolls_to_cover)",
         lambda: pure.sample_rolls_to_cover("train", 19, n // 5, seed=rng), n // 5 * float(mean_rolls("train", 19))),
        ("Catan: production rolls (production_rolls)", "Catan: production rolls (production_rolls)",
         lambda: pure.production_rolls(100, n // 200, seed=rng), n),
        ("Catan: rolls until a road (rolls_until_holding)", "Catan: rolls until a road (rolls_until_holding)",
         lambda: pure.rolls_until_holding(income, [1, 1, 0, 0, 0], n // 24, seed=rng), n // 24 * 2 * road_wait),
        ("Auf Achse: auctions, cautious bots, e = 1/2 (auctions)", "Auf Achse: auctions, e = 1/2 (auctions; coins)",
         lambda: pure.auctions(card.costs, card.revenue, 4, 2, 0.5, runs, seed=1), coins_used(0.5)),
        ("Auf Achse: auctions, cautious bots, e = 3/10 (auctions)", "Auf Achse: auctions, e = 3/10 (auctions; coins)",
         lambda: pure.auctions(card.costs, card.revenue, 4, 2, 0.3, runs, seed=1), coins_used(0.3)),
    ]
    best = {name: float("inf") for _, name, *_ in table}
    raw = float("inf")
    for _ in range(ROUNDS):
        raw = min(raw, cpu(lambda: [rng.randbelow(6) for _ in range(n)]))
        for _twin, name, fn, _used in table:
            best[name] = min(best[name], cpu(fn))
    numpy_rate = {name: used / numpy_best[name] for _l, name, _f, used, *_ in numpy_table}
    print(f"Pure-Python samplers (gamekit.lessons.pure, gamekit.Rng; what runs in the browser): CPU time, best of "
          f"{ROUNDS} rounds, about {n:,} dice per call")
    print(f"  raw Rng.randbelow(6) loop           {n / raw / 1e6:7.2f} M dice/s")
    print(f"  {'mechanism':<58} {'used':>12} {'numpy twin is':>16}")
    for twin, name, _fn, used in table:
        rate = used / best[name]
        print(f"  {name:<58} {rate / 1e6:7.2f} M/s {numpy_rate[twin] / rate:12.0f} x faster")


def _coins(card, n, eagerness) -> tuple[float, float]:
    """The coins an `auctions` run of ``n`` auctions uses (a bidder's decision that a coin settles) and
    draws (four at a time for every auction still running), counted on a run with its own seed."""
    from gamekit.lessons import samplers

    counted = [0]

    class Counting:
        def __init__(self, gen):
            self.gen = gen

        def random(self, size):
            counted[0] += int(np.prod(size))
            return self.gen.random(size)

        def integers(self, low, high, size, dtype):
            counted[0] += int(np.prod(size))
            return self.gen.integers(low, high, size=size, dtype=dtype)

    original = samplers._gen
    samplers._gen = lambda seed: Counting(np.random.default_rng(seed))
    try:
        used = int(auctions(card.costs, card.revenue, 4, 2, eagerness, n, seed=1)["coins"].sum())
    finally:
        samplers._gen = original
    return used, counted[0]


def _check(gen) -> None:
    """A reminder that the fast samplers are also right: one figure each against its exact value."""
    placed = factory_investments(200_000, 9, seed=gen)["placed"][:, -1]
    exact = float(sum(k * p for k, p in numbers_distribution(9).items()))
    print(f"  check: numbers placed after nine investments, simulated {placed.mean():.4f}, exact {exact:.4f}")


if __name__ == "__main__":
    main()
