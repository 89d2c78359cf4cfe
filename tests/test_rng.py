"""The seeded generator (label protocol-randomness): PCG32, exact, saved and restored."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamekit.rng import Rng


def test_matches_the_pcg32_reference_output():
    # pcg32-demo from the PCG reference implementation: pcg32_srandom(42, 54).
    rng = Rng(42, 54)
    assert [rng.next_u32() for _ in range(6)] == [
        0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293, 0xBFA4784B, 0xCBED606E,
    ]


def test_same_seed_same_numbers_other_seed_other_numbers():
    a, b, c = Rng(7), Rng(7), Rng(8)
    first = [a.randbelow(1000) for _ in range(50)]
    assert first == [b.randbelow(1000) for _ in range(50)]
    assert first != [c.randbelow(1000) for _ in range(50)]


@given(st.integers(min_value=1, max_value=2**70), st.integers(min_value=0, max_value=2**64))
def test_randbelow_stays_in_range(n, seed):
    rng = Rng(seed)
    for _ in range(5):
        assert 0 <= rng.randbelow(n) < n


def test_randbelow_is_uniform_enough():
    rng = Rng(2026)
    counts = Counter(rng.randbelow(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    # Each face expects 10,000; a chi-square with 5 degrees of freedom beyond 30 has p < 0.00002.
    chi2 = sum((c - 10_000) ** 2 / 10_000 for c in counts.values())
    assert chi2 < 30


def test_state_round_trip_continues_the_sequence():
    rng = Rng(99)
    for _ in range(10):
        rng.next_u32()
    saved = rng.getstate()
    assert all(isinstance(x, str) for x in saved)  # safe in JSON and JavaScript
    restored = Rng.fromstate(saved)
    assert [restored.next_u32() for _ in range(20)] == [rng.next_u32() for _ in range(20)]


@pytest.mark.parametrize("bad", [None, [1], ["a", "b"], [1, 2], [-1, 3], [2**64, 3], "12"])
def test_malformed_state_is_rejected(bad):
    with pytest.raises(ValueError):
        Rng.fromstate(bad)


def test_clone_is_independent():
    rng = Rng(5)
    copy = rng.clone()
    assert copy == rng
    copy.next_u32()
    assert copy != rng


def test_shuffle_and_choice_use_the_generator():
    items = list(range(20))
    a, b = items[:], items[:]
    Rng(3).shuffle(a)
    Rng(3).shuffle(b)
    assert a == b and sorted(a) == items and a != items
    assert Rng(4).choice("abcdef") == Rng(4).choice("abcdef")
    with pytest.raises(ValueError):
        Rng(1).choice([])


def test_random_float_in_unit_interval():
    rng = Rng(11)
    values = [rng.random() for _ in range(1000)]
    assert all(0.0 <= v < 1.0 for v in values)
    assert 0.4 < sum(values) / len(values) < 0.6


@pytest.mark.parametrize("bad", [1.5, "3", True, None])
def test_seed_must_be_an_integer(bad):
    with pytest.raises(TypeError):
        Rng(bad)
