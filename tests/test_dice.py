"""gamekit.dice (book chapter "Dice in these games", label dice): exact distributions, rolls, samplers."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from gamekit.dice import (
    COLOURS,
    Die,
    blue_die,
    colour_die,
    d6,
    d8,
    green_die,
    named_dice,
    red_die,
    two_d6,
)
from gamekit.rng import Rng


def brute_force(faces_lists, combine):
    """Enumerate every equally likely combination of faces (the reference the tests trust)."""
    counts = Counter(combine(faces) for faces in itertools.product(*faces_lists))
    total = sum(counts.values())
    return {k: Fraction(v, total) for k, v in counts.items()}


def test_dice_of_the_games():
    """label dice: ITC's blue and red d6, green d8; Catan's 2d6; the factories colour die."""
    assert blue_die.outcomes == red_die.outcomes == tuple(range(1, 7))
    assert green_die.outcomes == tuple(range(1, 9))
    assert all(p == Fraction(1, 8) for p in green_die.probabilities.values())
    assert colour_die.outcomes == COLOURS and len(COLOURS) == 6
    assert two_d6.probabilities == brute_force([range(1, 7)] * 2, sum)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_sum_of_n_dice_matches_enumeration(n):
    assert (n @ d6).probabilities == brute_force([range(1, 7)] * n, sum)
    assert d6.sum_of(n) == n @ d6


def test_sum_of_different_dice():
    assert (d6 + d8).probabilities == brute_force([range(1, 7), range(1, 9)], sum)
    assert (d6 + 2).outcomes == tuple(range(3, 9))


@pytest.mark.parametrize("n", [1, 2, 3])
def test_highest_of_matches_enumeration(n):
    assert d6.highest_of(n).probabilities == brute_force([range(1, 7)] * n, max)


def test_compare_with_ties_rolled_again():
    pairs = list(itertools.product(range(1, 7), range(1, 9)))
    wins = sum(a > b for a, b in pairs)
    losses = sum(a < b for a, b in pairs)
    exchange = blue_die.compare(green_die)
    assert exchange["win"] == Fraction(wins, wins + losses)
    assert exchange["lose"] == Fraction(losses, wins + losses)
    assert blue_die.beats(green_die) == Fraction(5, 14)
    with_ties = blue_die.compare(green_die, reroll_ties=False)
    assert with_ties["tie"] == Fraction(6, 48)


def test_mean_variance_and_predicates():
    assert d6.mean() == Fraction(7, 2)
    assert d6.variance() == Fraction(35, 12)
    assert two_d6.probability(lambda s: s in (6, 8)) == Fraction(10, 36)
    with pytest.raises(TypeError):
        colour_die.mean()


def test_map_merges_results():
    parity = d6.map(lambda x: x % 2)
    assert parity.probabilities == {0: Fraction(1, 2), 1: Fraction(1, 2)}


def test_weighted_die_and_validation():
    die = Die({"hit": 1, "miss": 2})
    assert die["hit"] == Fraction(1, 3)
    with pytest.raises(ValueError):
        Die({})
    with pytest.raises(ValueError):
        Die({"a": -1, "b": 2})
    with pytest.raises(ValueError):
        Die.uniform([1, 1, 2])
    with pytest.raises(TypeError):
        bool(d6)


def test_dice_are_values():
    assert Die.uniform(6) == d6 and hash(Die.uniform(6)) == hash(d6)
    assert {d6: 1}[Die.uniform(6)] == 1


@pytest.mark.parametrize("key", sorted(named_dice()))
def test_seeded_rolls_are_reproducible_and_valid(key):
    die = named_dice()[key]
    a, b = Rng(12), Rng(12)
    rolls = [die.roll_detail(a) for _ in range(200)]
    assert rolls == [die.roll_detail(b) for _ in range(200)]
    assert all(result in die.outcomes for result, _ in rolls)


def test_roll_detail_shows_the_physical_dice():
    result, faces = two_d6.roll_detail(Rng(2026))
    assert len(faces) == 2 and sum(faces) == result
    result, exchanges = blue_die.compare(green_die).roll_detail(Rng(5))
    last_blue, last_green = exchanges[-1]
    assert result == ("win" if last_blue > last_green else "lose")
    assert all(a == b for a, b in exchanges[:-1])  # only ties are rolled again


@pytest.mark.parametrize("key", sorted(named_dice()))
def test_seeded_rolls_follow_the_exact_distribution(key):
    die = named_dice()[key]
    rng = Rng(77)
    n = 20_000
    counts = Counter(die.roll(rng) for _ in range(n))
    for outcome, p in die.probabilities.items():
        expected = n * float(p)
        sd = (n * float(p) * (1 - float(p))) ** 0.5
        assert abs(counts[outcome] - expected) < 5 * sd + 1, (outcome, counts[outcome], expected)


def test_weighted_die_without_recipe_rolls_exactly():
    die = Die({1: 1, 2: 3})
    counts = Counter(die.roll(Rng(1)) for _ in range(1))
    assert set(counts) <= {1, 2}
    rng = Rng(8)
    counts = Counter(die.roll(rng) for _ in range(8000))
    assert abs(counts[2] / 8000 - 0.75) < 0.03


@pytest.mark.parametrize("key", sorted(named_dice()))
def test_vectorised_sampler_follows_the_exact_distribution(key):
    die = named_dice()[key]
    n = 200_000
    sample = die.sample(n, seed=3)
    assert sample.shape == (n,)
    assert np.array_equal(sample, die.sample(n, seed=3))  # seeded
    for outcome, p in die.probabilities.items():
        share = float(np.mean(sample == outcome))
        sd = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(share - float(p)) < 5 * sd + 1e-9, (outcome, share, float(p))


def test_sampler_accepts_a_generator_and_shapes():
    gen = np.random.default_rng(1)
    assert d8.sample((3, 4), seed=gen).shape == (3, 4)
    big = Die({i: i for i in range(1, 400)})  # denominator beyond the lookup table
    sample = big.sample(50_000, seed=2)
    assert sample.min() >= 1 and sample.max() <= 399
    assert abs(sample.mean() - float(big.mean())) < 3


def test_distribution_draws_itself():
    svg = two_d6._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<rect") == 11 and "2d6" in svg


def test_to_data_is_exact():
    data = two_d6.to_data()
    assert data["denominator"] == 36 and sum(data["weights"]) == 36
    assert dict(zip(data["outcomes"], data["weights"]))[7] == 6


def test_engine_modules_do_not_import_numpy():
    """The engine must run in Pyodide without numpy: importing gamekit and rolling needs none."""
    import subprocess
    import sys

    code = (
        "import sys, gamekit, gamekit.dice, gamekit.web; "
        "from gamekit.rng import Rng; gamekit.dice.two_d6.roll(Rng(1)); gamekit.web.call('dice.roll', {'die': '2d6'}); "
        "print('numpy' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_index_samples_are_positions_in_the_outcomes():
    codes = colour_die.sample(60_000, seed=4, index=True)
    assert codes.dtype == np.uint8 and codes.min() >= 0 and codes.max() == 5
    faces = np.array(colour_die.outcomes)[codes]
    assert set(faces) == set(COLOURS)
    weighted = two_d6.sample(60_000, seed=4, index=True)
    assert abs(float(np.mean(weighted == two_d6.outcomes.index(7))) - 1 / 6) < 0.01


def test_sums_of_uneven_dice_match_enumeration():
    """The packed-integer sums against plain enumeration: gaps, negative results, weights, many bytes."""
    gappy = Die({-3: 1, 0: 2, 10: 5})
    pairs = itertools.product(gappy.outcomes, gappy.outcomes, d6.outcomes)
    expected: dict[int, Fraction] = {}
    for a, b, c in pairs:
        expected[a + b + c] = expected.get(a + b + c, Fraction(0)) + gappy[a] * gappy[b] * d6[c]
    assert (gappy.sum_of(2) + d6).probabilities == expected
    heavy = Die({1: 10**30, 2: 1})  # coefficients far wider than 8 bytes
    assert (3 @ heavy)[3] == Fraction(10**90, (10**30 + 1) ** 3)
    halves = Die({Fraction(1, 2): 1, 1: 1})  # results that are not whole numbers combine one by one
    assert (2 @ halves).probabilities == {1: Fraction(1, 4), Fraction(3, 2): Fraction(1, 2), 2: Fraction(1, 4)}


def test_weights_are_whole_numbers_over_one_denominator():
    die = Die({"a": Fraction(1, 3), "b": Fraction(1, 6)})
    assert die.weights == (("a", 2), ("b", 1)) and die.denominator == 3
    assert die.probabilities == {"a": Fraction(2, 3), "b": Fraction(1, 3)}
    assert Die({"x": 1, "y": 2}) == Die({"y": 2, "x": 1}) and hash(Die({"x": 1, "y": 2})) == hash(Die({"y": 2, "x": 1}))
