"""The exact helpers against brute-force enumeration of the dice (rules transport-telegrams, transport-movement)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from gamekit.transportspelet import (
    MODES,
    arrival_within,
    at_least_one_telegram,
    mean_rolls,
    rolls_to_cover,
    telegram_chances,
)


def test_telegram_chances_by_enumeration():
    # rule transport-telegrams: a telegram for each die showing 1 or 6
    for n in (1, 2):
        counts = {}
        for faces in itertools.product(range(1, 7), repeat=n):
            k = sum(f in (1, 6) for f in faces)
            counts[k] = counts.get(k, 0) + 1
        assert telegram_chances(n) == {k: Fraction(c, 6**n) for k, c in counts.items()}
    assert at_least_one_telegram(2) == Fraction(5, 9) and at_least_one_telegram(1) == Fraction(1, 3)


#: Rule transport-movement, as printed: the ship moves the die, the train the die plus 1, the car plus 2, the plane plus 3.
PRINTED_BONUS = {"ship": 0, "train": 1, "car": 2, "plane": 3}


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("steps", [1, 5, 9, 14])
def test_rolls_to_cover_by_enumeration(mode, steps):
    # rule transport-movement: die + bonus each roll, until the steps are covered
    bonus = PRINTED_BONUS[mode]
    dist = rolls_to_cover(mode, steps)
    assert sum(dist.values()) == 1
    longest = max(dist)
    found: dict[int, Fraction] = {}

    def walk(covered: int, n: int, weight: Fraction) -> None:  # every sequence of faces, one by one
        for f in range(1, 7):
            if covered + f + bonus >= steps:
                found[n + 1] = found.get(n + 1, 0) + weight / 6
            else:
                walk(covered + f + bonus, n + 1, weight / 6)

    walk(0, 0, Fraction(1))
    assert dist == found
    assert arrival_within(mode, steps, longest) == 1
    assert mean_rolls(mode, steps) == sum(n * p for n, p in dist.items())


def test_faster_modes_arrive_sooner():
    means = [mean_rolls(m, 20) for m in MODES]
    assert means == sorted(means, reverse=True)


@pytest.mark.parametrize("mode", MODES)
def test_the_numpy_sampler_agrees_with_the_exact_distribution(mode):
    from gamekit.transportspelet.probability import sample_rolls_to_cover

    dist = rolls_to_cover(mode, 17)
    sample = sample_rolls_to_cover(mode, 17, 60_000, seed=4)
    for n, p in dist.items():
        share = float((sample == n).mean())
        sd = (float(p) * (1 - float(p)) / 60_000) ** 0.5
        assert abs(share - float(p)) <= 5 * sd + 1e-9, (n, share, float(p))
    assert set(sample.tolist()) <= set(dist)
