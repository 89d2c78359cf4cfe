"""A chi-squared goodness-of-fit check for the tests of random draws (the generator, the dice).

The tolerance is stated once: a sample fails when its chi-squared statistic exceeds the critical
value at significance 1e-4 (Wilson-Hilferty's approximation of the chi-squared quantile: 7 % above
the exact value for 1 degree of freedom, 2 % for 5, under 1 % from 24 up, so a little more lenient). With a fixed seed a test is deterministic;
the significance says how unlikely a fair draw would have been to fail it with another seed.
A result never drawn counts fully against the sample, so a face that never shows fails it.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

#: The standard normal quantile for an upper tail of 1e-4.
_Z = 3.719016485455709


def critical_value(dof: int) -> float:
    """The chi-squared value that a fair sample exceeds with probability about 1e-4."""
    k = dof
    return k * (1 - 2 / (9 * k) + _Z * math.sqrt(2 / (9 * k))) ** 3


def chi_squared(samples: Iterable[Any], expected: Mapping[Any, Fraction | float]) -> float:
    """The statistic of ``samples`` against the probabilities ``expected`` (which sum to 1); a
    sample outside ``expected`` makes it infinite."""
    counts = Counter(samples)
    n = sum(counts.values())
    if set(counts) - set(expected):
        return math.inf
    return sum((counts.get(k, 0) - n * float(p)) ** 2 / (n * float(p)) for k, p in expected.items())


def assert_fits(samples: Iterable[Any], expected: Mapping[Any, Fraction | float], what: str = "") -> None:
    """Fail unless ``samples`` fit ``expected`` (every result possible, none impossible, the
    statistic below :func:`critical_value`)."""
    samples = list(samples)
    seen = set(samples)
    missing = [k for k in expected if k not in seen]
    assert not missing, f"{what}: never drawn: {missing}"
    assert seen <= set(expected), f"{what}: impossible results {sorted(seen - set(expected), key=repr)}"
    stat, limit = chi_squared(samples, expected), critical_value(len(expected) - 1)
    assert stat < limit, f"{what}: chi-squared {stat:.1f} over {limit:.1f} ({len(expected) - 1} degrees of freedom)"


def uniform(results: Iterable[Any]) -> dict[Any, Fraction]:
    """Each of ``results`` equally likely."""
    results = list(results)
    return {r: Fraction(1, len(results)) for r in results}
