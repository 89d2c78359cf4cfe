"""The seeded generator (label protocol-randomness): PCG32, exact, saved and restored."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

import pytest
from chi_squared import assert_fits, critical_value, uniform
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


# -- the generator's own faces: full range and uniformity (chi-squared, tests/chi_squared.py) --------



def check_die(roll, sides, draws, seed):
    """A die's faces 1..sides are all drawn, nothing else, uniformly."""
    rng = Rng(seed)
    assert_fits((roll(rng, sides) for _ in range(draws)), uniform(range(1, sides + 1)), f"d{sides}")


def check_shuffle(shuffle, n, draws, seed):
    """Every item lands in every place equally often, and every order of a short list is drawn
    equally often."""
    rng = Rng(seed)
    orders = [tuple(_apply(shuffle, rng, range(n))) for _ in range(draws)]
    places = [(place, item) for order in orders for place, item in enumerate(order)]
    assert_fits(places, uniform((p, i) for p in range(n) for i in range(n)), f"places of {n} items")
    if n <= 4:
        assert_fits(orders, uniform(permutations(range(n))), f"orders of {n} items")


def _apply(shuffle, rng, items):
    items = list(items)
    shuffle(rng, items)
    return items


def rng_roll(rng, sides):
    return rng.roll(sides)


def rng_shuffle(rng, items):
    rng.shuffle(items)


@pytest.mark.parametrize("sides, seed", [(2, 1), (4, 2), (6, 3), (8, 4), (10, 5), (12, 6), (20, 7), (100, 8)])
def test_roll_shows_every_face_equally_often(sides, seed):
    """label protocol-randomness: every face of a die, the top one included, uniformly."""
    check_die(rng_roll, sides, 400 * sides, seed)


@pytest.mark.parametrize("n, seed", [(3, 11), (7, 12), (2**32 - 5, 13), (3 * 2**40 + 1, 14)])
def test_randbelow_covers_its_range_uniformly(n, seed):
    """label protocol-randomness: ``randbelow(n)`` in eight equal bins of ``range(n)`` (the wide
    path beyond 32 bits too), and its lowest and highest value both reachable for small n."""
    rng = Rng(seed)
    bins = 8 if n > 8 else n
    draws = [rng.randbelow(n) for _ in range(4000)]
    assert_fits((d * bins // n for d in draws), uniform(range(bins)), f"randbelow({n})")
    assert all(0 <= d < n for d in draws)


@pytest.mark.parametrize("n, seed", [(2, 21), (3, 22), (4, 23), (10, 24), (52, 25)])
def test_shuffle_moves_every_item_everywhere_uniformly(n, seed):
    """label protocol-randomness: Fisher-Yates moves every item, the last one too, to every place."""
    check_shuffle(rng_shuffle, n, max(3000, 60 * n), seed)


def test_choice_and_random_are_uniform():
    rng = Rng(31)
    assert_fits((rng.choice("abcdefg") for _ in range(7000)), uniform("abcdefg"), "choice")
    assert_fits((int(rng.random() * 10) for _ in range(10_000)), uniform(range(10)), "random() in tenths")


def test_the_checks_catch_a_die_without_its_top_face_and_a_shuffle_that_leaves_the_last_item():
    """The uniformity checks above can fail: a die that never shows its top face, one that shows
    it too rarely, a shuffle that never moves the last item and one with a biased swap all fail."""

    def no_top_face(rng, sides):
        return rng.randbelow(sides - 1) + 1

    def rare_top_face(rng, sides):
        face = rng.randbelow(sides) + 1
        return face if face < sides or rng.randbelow(2) else rng.randbelow(sides - 1) + 1

    def last_stays(rng, items):
        for i in range(len(items) - 2, 0, -1):
            j = rng.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def naive_swap(rng, items):  # swapping with any place gives n**n equally likely paths: biased
        for i in range(len(items)):
            j = rng.randbelow(len(items))
            items[i], items[j] = items[j], items[i]

    for broken in (no_top_face, rare_top_face):
        with pytest.raises(AssertionError):
            check_die(broken, 6, 2400, 3)
    for broken, n in ((last_stays, 10), (last_stays, 3), (naive_swap, 3)):
        with pytest.raises(AssertionError):
            check_shuffle(broken, n, 3000, 21)
    assert 25.7 < critical_value(5) < 26.4  # the exact 1e-4 quantile for 5 degrees of freedom is 25.74
