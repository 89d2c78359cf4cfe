"""Factory production and investment as pure functions (rules factories-production,
solcher-production, factories-robber, factories-derelict, factories-failed-investment), and the
exact chances checked against brute force and Monte Carlo."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

import gamekit
from gamekit.catan.playout import playout
from gamekit.catan.production import (
    Factory,
    Peg,
    expected_investments,
    expected_yield,
    factory_yield,
    failure_chance,
    numbers_distribution,
    peg_multiplicity,
    pegs_paid,
)
from gamekit.dice import COLOURS
from gamekit.rng import Rng

A = Factory("yellow", ((5, "lumber"),))
B = [Factory("red", ((4, "wool"),)), Factory("red", ((6, "ore"),))]
C = Factory("green", ((1, "brick"), (5, "brick")))
D = Factory("blue", ((2, "wool"), (3, "ore"), (6, "ore")))
EVERYONE = [A, *B, C, D]


def test_solcher_example_wrong_colour():
    """solcher-production, solcher-example 1: dice 1, 5 and red. A (yellow) with peg 5 (lumber): nothing,
    wrong colour. B (red) with pegs 4 (wool) and 6 (ore): nothing, the sum does not count."""
    assert factory_yield([A], (1, 5), "red") == {}
    assert factory_yield(B, (1, 5), "red") == {}
    assert factory_yield(EVERYONE, (1, 5), "red") == {}


def test_solcher_example_green():
    """solcher-production, solcher-example 2: dice 1, 5 and green. C (green) with pegs 1 (brick) and 5 (brick): 2 brick."""
    assert factory_yield([C], (1, 5), "green") == {"green": {"brick": 2}}
    assert factory_yield(EVERYONE, (1, 5), "green") == {"green": {"brick": 2}}


def test_solcher_example_double():
    """solcher-production, solcher-example 3: dice 2, 2 and blue. D (blue) with pegs 2 (wool), 3 (ore),
    6 (ore): 2 wool (a double pays twice)."""
    assert factory_yield([D], (2, 2), "blue") == {"blue": {"wool": 2}}
    assert factory_yield(EVERYONE, (2, 2), "blue") == {"blue": {"wool": 2}}


def test_basic_rule_reads_the_red_die_only():
    """factories-production: the red die (the second die) picks the pegs, for every player."""
    assert factory_yield(EVERYONE, (1, 5), rule="basic") == {"yellow": {"lumber": 1}, "green": {"brick": 1}}
    assert factory_yield(EVERYONE, (5, 1), rule="basic") == {"green": {"brick": 1}}
    assert factory_yield(EVERYONE, (6, 6), rule="basic") == {"red": {"ore": 1}, "blue": {"ore": 1}}


def test_robber_blocks_only_its_peg():
    """factories-robber: the robber blocks only the peg facing its hex."""
    f = Factory("green", (Peg(1, "brick", blocked=True), Peg(5, "brick")))
    assert factory_yield([f], (1, 5), "green") == {"green": {"brick": 1}}


def test_derelict_factory_yields_nothing():
    """factories-derelict: without a numbered peg a factory is useless."""
    f = Factory("red", ((None, "ore"), (None, "wool")))
    assert f.derelict and not C.derelict
    for a, b in itertools.product(range(1, 7), repeat=2):
        assert factory_yield([f], (a, b), "red") == {}
        assert factory_yield([f], (a, b), rule="basic") == {}


def test_pegs_facing_desert_or_sea_yield_nothing():
    assert factory_yield([Factory("red", ((3, None),))], (3, 3), "red") == {}


def test_bad_inputs():
    with pytest.raises(ValueError):
        Peg(7, "ore")
    with pytest.raises(ValueError):
        Peg(1, "gold")
    with pytest.raises(ValueError):
        factory_yield([C], (0, 5), "green")
    with pytest.raises(ValueError):
        factory_yield([C], (1, 5), "purple")
    with pytest.raises(ValueError):
        peg_multiplicity(1, (1, 1), "other")


def test_failure_chance():
    """factories-failed-investment: each number already placed fails."""
    assert failure_chance([]) == 0
    assert failure_chance([2, 5]) == Fraction(1, 3)
    assert failure_chance([1, 2, 3, 4, 5, 6]) == 1


def test_expected_investments_closed_form_and_monte_carlo():
    assert expected_investments(1) == 1
    assert expected_investments(6) == Fraction(147, 10)  # 6 * H(6)
    assert expected_investments(3, already=2) == Fraction(6, 4)
    rng = Rng(3)
    runs = 20000
    total = 0
    for _ in range(runs):
        seen: set[int] = set()
        n = 0
        while len(seen) < 4:
            seen.add(rng.roll(6))
            n += 1
        total += n
    assert abs(total / runs - float(expected_investments(4))) < 0.05


def _brute_numbers(investments: int, blank_pegs: int) -> dict[int, Fraction]:
    """Every sequence of d6 results, simulated peg by peg."""
    out: dict[int, Fraction] = {}
    for rolls in itertools.product(range(1, 7), repeat=investments):
        left, blanks, placed = [1, 2, 3, 4, 5, 6], blank_pegs, 0
        for n in rolls:
            if n in left:
                left.remove(n)
                placed += 1
            elif blanks:
                blanks -= 1
            else:
                left.pop(0)
        out[placed] = out.get(placed, Fraction(0)) + Fraction(1, 6**investments)
    return dict(sorted(out.items()))


@pytest.mark.parametrize("investments,blank_pegs", [(1, 3), (3, 3), (5, 1), (6, 0), (6, 3)])
def test_numbers_distribution_brute_force(investments, blank_pegs):
    assert numbers_distribution(investments, blank_pegs) == _brute_numbers(investments, blank_pegs)


def test_numbers_distribution_sums_to_one():
    for m in range(10):
        assert sum(numbers_distribution(m).values()) == 1
    with pytest.raises(ValueError):
        numbers_distribution(10, blank_pegs=3)


def test_expected_yield_exact():
    pegs = ((2, "wool"), (3, "ore"), (6, "ore"))
    assert expected_yield(pegs, "basic") == {"wool": Fraction(1, 6), "ore": Fraction(1, 3)}
    assert expected_yield(pegs, "solcher", colour="blue") == {"wool": Fraction(1, 18), "ore": Fraction(1, 9)}
    assert expected_yield(((None, "ore"),), "basic") == {}
    assert expected_yield(((4, "ore", True),), "solcher") == {}


def test_expected_yield_monte_carlo():
    pegs = ((1, "brick"), (5, "brick"), (5, "grain"))
    exact = expected_yield(pegs, "solcher", colour="green")
    rng = Rng(9)
    runs = 60000
    got = {"brick": 0, "grain": 0}
    f = Factory("green", pegs)
    for _ in range(runs):
        dice = (rng.roll(6), rng.roll(6))
        colour = COLOURS[rng.randbelow(6)]
        for r, n in factory_yield([f], dice, colour).get("green", {}).items():
            got[r] += n
    for r in got:
        assert abs(got[r] / runs - float(exact[r])) < 0.01


def test_catan_production_roll_is_the_declared_two_d6():
    """catan-production: the roll the engine declares is gamekit.dice's white and red die: its 36
    results are each 1/36, and their totals have exactly the distribution of gamekit.dice.two_d6
    (1/36 for 2 up to 6/36 for 7)."""
    from gamekit.catan.base import TWO_D6
    from gamekit.dice import two_d6

    table = TWO_D6.distribution()
    assert len(table) == 36 and {p for _, p in table} == {Fraction(1, 36)}
    assert sorted((w, r) for (_, (w, r)), _ in table) == [(w, r) for w in range(1, 7) for r in range(1, 7)]
    assert all(total == w + r for (total, (w, r)), _ in table)
    totals: dict[int, Fraction] = {}
    for (total, _), p in table:
        totals[total] = totals.get(total, Fraction(0)) + p
    assert totals == dict(two_d6.probabilities)
    assert totals[7] == Fraction(6, 36) and totals[2] == totals[12] == Fraction(1, 36)


def test_catan_production_roll_draws_as_the_white_and_red_dice():
    """catan-production: the engine's roll draws from the generator exactly what rolling
    gamekit.dice's white die and then its red die draws: for 2,000 seeded rolls the same faces, the
    total their sum, and the generator left in the same state."""
    from gamekit.catan.base import TWO_D6
    from gamekit.dice import red_production_die, white_die

    engine, dice = Rng(2024), Rng(2024)
    for _ in range(2000):
        total, faces = TWO_D6.sample(engine)
        white, red = white_die.roll(dice), red_production_die.roll(dice)
        assert faces == [white, red] and total == white + red
        assert engine.getstate() == dice.getstate()


def test_catan_production_rolls_in_play_follow_two_d6():
    """catan-production: the rolls of 30 seeded base games (every Roll in their logs, about 3,000)
    fit gamekit.dice.two_d6: a chi-squared test of the 36 (white, red) pairs, each expected 1/36 of
    the time, stays below 66.6 (35 degrees of freedom, 1 in 1,000 to exceed by chance), and one of
    the 11 totals against two_d6's probabilities below 29.6 (10 degrees of freedom, 1 in 1,000).
    Every face 1-6 of each die shows. The seeds are fixed, so the test gives the same result every
    run; a die that never showed a face, or a total drawn with the wrong weights, fails it."""
    from gamekit.dice import two_d6

    pairs: dict[tuple[int, int], int] = {}
    for seed in range(30):
        state = gamekit.game("catan").new(players=4, seed=seed)
        playout(state, Rng(seed), 5000)
        for entry in state.log:
            if entry["action"]["type"] == "Roll":
                total, (white, red) = entry["chance"][0]["result"]
                assert total == white + red
                pairs[white, red] = pairs.get((white, red), 0) + 1
    n = sum(pairs.values())
    assert n > 2500
    assert {w for w, _ in pairs} == {r for _, r in pairs} == {1, 2, 3, 4, 5, 6}
    expected = n / 36
    chi_pairs = sum((pairs.get((w, r), 0) - expected) ** 2 / expected for w in range(1, 7) for r in range(1, 7))
    assert chi_pairs < 66.6, chi_pairs
    totals = {t: sum(c for (w, r), c in pairs.items() if w + r == t) for t in range(2, 13)}
    chi_totals = sum((totals[t] - n * float(p)) ** 2 / (n * float(p)) for t, p in two_d6.probabilities.items())
    assert chi_totals < 29.6, chi_totals


def test_red_die_readings_of_the_basic_rule():
    """factories-production: the three readings of "bestimmt der rote Würfel welche Fabriken Erträge
    bringen ... für jede sichtbare (gewürfelte) Zahl" for a factory with pegs 2, 5, 6: (a) the
    engine's default, each peg showing the red die's number pays, 1/2 a card per roll; (b) the red
    die picks the factory and all its visible pegs pay, 3/2; (c) the red die picks the factory and
    the pegs matching either die pay, 2/3 (computed here by brute force; not a setting)."""
    pegs = ((2, "ore"), (5, "ore"), (6, "ore"))
    assert expected_yield(pegs) == {"ore": Fraction(1, 2)}
    assert expected_yield(pegs, red_die_picks="factories") == {"ore": Fraction(3, 2)}
    numbers = {2, 5, 6}
    reading_c = Fraction(sum(
        (1 + (white in numbers and white != red)) if red in numbers else 0
        for white, red in itertools.product(range(1, 7), repeat=2)
    ), 36)
    assert reading_c == Fraction(2, 3)
    # blank pegs never pay, and a factory without the red number is not picked
    assert pegs_paid((2, None, 0), (1, 2), "basic", "factories") == [1, 0, 0]
    assert pegs_paid((3, 4, -1), (1, 2), "basic", "factories") == [0, 0, 0]
    # Solcher's rule ignores the reading
    assert pegs_paid((2, 5), (2, 2), "solcher", "factories") == [2, 0]
    with pytest.raises(ValueError):
        pegs_paid((2,), (1, 2), "basic", "sometimes")


def test_expected_yield_with_and_without_the_seven():
    """factories-production, solcher-production: with factories producing on a 7 (the default
    setting factories_produce_on_seven) a peg yields 1/6 of a card per roll, more than a settlement
    on a 6 or 8 (5/36); with the setting off it yields exactly 5/36, and a Solcher peg 5/108."""
    peg = [(4, "ore")]
    assert expected_yield(peg) == {"ore": Fraction(1, 6)}
    assert expected_yield(peg, produce_on_seven=False) == {"ore": Fraction(5, 36)}
    assert expected_yield(peg, rule="solcher") == {"ore": Fraction(1, 18)}
    assert expected_yield(peg, rule="solcher", produce_on_seven=False) == {"ore": Fraction(5, 108)}
    # the engine plays the same figure: the peg pays on exactly the rolls expected_yield counts
    from gamekit.catan.production import Factory as F

    paid = sum(bool(factory_yield([F("red", peg)], (w, r), rule="basic")) for w in range(1, 7) for r in range(1, 7)
               if w + r != 7)
    assert Fraction(paid, 36) == Fraction(5, 36)
