"""Exact chances: the grey-market fight (itc-grey-market-fight) and the choice of dice (itc-dice, itc-red-die)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

import gamekit.itc as itc
from gamekit.itc.probability import fight_outcome_distribution, roll_fight
from gamekit.rng import Rng


def _exchange() -> tuple[Fraction, Fraction]:
    """Counted from the faces: d6 against d8, ties rolled again."""
    win = sum(1 for a in range(1, 7) for d in range(1, 9) if a > d)
    lose = sum(1 for a in range(1, 7) for d in range(1, 9) if a < d)
    return Fraction(win, win + lose), Fraction(lose, win + lose)


@cache
def _recursive(a: int, d: int) -> Fraction:
    if d == 0:
        return Fraction(1)
    if a == 0:
        return Fraction(0)
    p, q = _exchange()
    return p * _recursive(a, d - 1) + q * _recursive(a - 1, d)


def test_itc_grey_market_fight_exchange():
    """itc-grey-market-fight: one exchange is won by the d6 with chance 15/42 = 5/14."""
    assert itc.exchange_win_probability() == Fraction(15, 42) == _exchange()[0]


@pytest.mark.parametrize("a", range(0, 9))
@pytest.mark.parametrize("d", range(0, 9))
def test_itc_grey_market_fight_exact_matches_recursion(a, d):
    """itc-grey-market-fight: the closed form equals the step-by-step recursion."""
    assert itc.grey_market_win_probability(a, d) == _recursive(a, d)


def test_itc_grey_market_fight_distribution():
    """itc-grey-market-fight: the end positions' distribution sums to 1 and its attacker part is the win chance."""
    for a in range(1, 6):
        for d in range(1, 6):
            dist = fight_outcome_distribution(a, d)
            assert sum(dist.values()) == 1
            assert all((x == 0) != (y == 0) for x, y in dist)
            assert sum(p for (x, _), p in dist.items() if x) == itc.grey_market_win_probability(a, d)


@pytest.mark.parametrize("a,d", [(3, 1), (3, 2), (3, 4), (5, 3)])
def test_itc_grey_market_fight_monte_carlo(a, d):
    """itc-grey-market-fight: a seeded Monte Carlo of the rolled fight agrees with the exact chance."""
    rng = Rng(1000 + 10 * a + d)
    n = 20_000
    wins = 0
    for _ in range(n):
        left_a, left_d = a, d
        for ra, rd in roll_fight(rng, a, d):
            assert 1 <= ra <= 6 and 1 <= rd <= 8
            if ra > rd:
                left_d -= 1
            elif rd > ra:
                left_a -= 1
        assert (left_a == 0) != (left_d == 0)
        wins += left_a > 0
    exact = float(itc.grey_market_win_probability(a, d))
    sigma = (exact * (1 - exact) / n) ** 0.5
    assert abs(wins / n - exact) < 5 * sigma + 1e-9


def test_itc_grey_market_fight_bad_input():
    with pytest.raises(ValueError):
        itc.grey_market_win_probability(-1, 2)
    with pytest.raises(ValueError):
        itc.grey_market_win_probability(1, True)


def test_itc_dice_choice_expectations_by_enumeration():
    """itc-dice, itc-red-die: the expected points of each pair, checked by enumerating faces."""
    faces = {"blue": range(1, 7), "green": range(1, 9), "red": range(1, 7)}

    def points(colour, v):
        return 6 - v if colour == "red" else v

    result = itc.dice_choice_expectations()
    assert set(result) == {("blue", "green"), ("blue", "red"), ("green", "red")}
    for (a, b), choice in result.items():
        total = cards = Fraction(0)
        count = 0
        for va in faces[a]:
            for vb in faces[b]:
                count += 1
                if points(a, va) >= points(b, vb):
                    total += points(a, va)
                    cards += va if a == "red" else 0
                else:
                    total += points(b, vb)
                    cards += vb if b == "red" else 0
        assert choice.best_points == total / count
        assert choice.best_cards == cards / count
        for c in (a, b):
            assert choice.mean_points[c] == Fraction(sum(points(c, v) for v in faces[c]), len(faces[c]))
        assert choice.mean_cards == (Fraction(7, 2) if "red" in (a, b) else 0)
    # the red die: 3.5 cards and 2.5 leftover points on average (6 points in all)
    assert result[("blue", "red")].mean_points["red"] == Fraction(5, 2)


@pytest.mark.parametrize("a,d", [(1, 1), (3, 2), (2, 5), (6, 6), (0, 3), (4, 0)])
def test_itc_vectorised_fights_follow_the_exact_distribution(a, d):
    """itc-grey-market-fight: numpy's many fights at once end in each position as often as the exact
    distribution says (within five standard errors), and a seed repeats them."""
    import numpy as np

    from gamekit.itc.probability import simulate_fights

    n = 200_000
    a_left, d_left = simulate_fights(a, d, n, seed=7)
    assert a_left.shape == d_left.shape == (n,)
    assert ((a_left == 0) != (d_left == 0)).all() or 0 in (a, d)
    again = simulate_fights(a, d, n, seed=7)
    assert np.array_equal(a_left, again[0]) and np.array_equal(d_left, again[1])
    pairs, counts = np.unique(np.stack([a_left, d_left], axis=1), axis=0, return_counts=True)
    seen = {tuple(int(x) for x in pair): int(c) for pair, c in zip(pairs, counts)}
    exact = fight_outcome_distribution(a, d)
    assert set(seen) <= set(exact)
    for end, p in exact.items():
        share, sd = seen.get(end, 0) / n, (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(share - float(p)) < 5 * sd + 1e-12, (end, share, float(p))


def test_itc_vectorised_fights_reject_bad_counts():
    from gamekit.itc.probability import simulate_fights

    for bad in [(-1, 2, 10), (2, "3", 10), (2, 2, -5)]:
        with pytest.raises(ValueError):
            simulate_fights(*bad)


# -- the engine's dice sample what the declared events and gamekit.dice compute -------------------


def test_itc_dice_declared_events_are_the_dice_of_gamekit_dice():
    """labels itc-dice, itc-red-die: the blue and red dice are six-sided, the green one eight-sided
    (the published components: a green eight-sided die), every face equally likely; the engine's declared events
    list exactly the distributions of gamekit.dice's ITC dice."""
    from gamekit.dice import blue_die, green_die, red_die
    from gamekit.itc.dice_turn import DIE_EVENTS

    sides = {"blue": 6, "green": 8, "red": 6}
    for colour, die in (("blue", blue_die), ("green", green_die), ("red", red_die)):
        declared = dict(DIE_EVENTS[colour].distribution())
        assert declared == {face: Fraction(1, sides[colour]) for face in range(1, sides[colour] + 1)}
        assert declared == die.probabilities


def test_itc_engine_rolls_sample_the_declared_distribution():
    """labels itc-dice, protocol-randomness: the faces the engine rolls when dice are chosen (from
    many generators) fit the declared distribution (chi-squared, tests/chi_squared.py), every face
    the top one included, and the exact outcomes of choosing two dice are the product of theirs."""
    from chi_squared import assert_fits
    from itc_helpers import setup_done

    from gamekit.itc import ChooseDice, DrawActionCard
    from gamekit.itc.dice_turn import DIE_EVENTS

    state = setup_done(players=2, seed=4)
    state.apply(DrawActionCard())
    faces: dict[str, list[int]] = {"blue": [], "green": [], "red": []}
    for i in range(2400):
        trial = state.clone()
        trial.rng = Rng(i)
        pair = ("blue", "green") if i % 2 else ("green", "red")
        trial.apply(ChooseDice(*pair))
        for colour in pair:
            faces[colour].append(trial.rolls[colour])
    for colour, rolled in faces.items():
        assert_fits(rolled, dict(DIE_EVENTS[colour].distribution()), f"{colour} die")
    outcomes = state.outcomes(ChooseDice("blue", "green"))
    assert len(outcomes) == 6 * 8 and all(o.probability == Fraction(1, 48) for o in outcomes)
    assert sorted(tuple(o.state.rolls.values()) for o in outcomes) == [(b, g) for b in range(1, 7) for g in range(1, 9)]
