"""The lessons' numpy samplers (gamekit.lessons.samplers) against the exact distributions they
sample, seeded: every share within four standard errors of its exact probability."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from helpers import auction_ends

from gamekit.lessons import samplers

N = 60_000


def _close(sample_share: float, exact, n: int = N) -> None:
    p = float(exact)
    se = (p * (1 - p) / n) ** 0.5
    assert abs(sample_share - p) <= 4 * se + 1e-12, (sample_share, p)


def test_kept_die_matches_the_exact_choice_of_dice():
    from gamekit.itc.probability import dice_choice_expectations

    for pair, choice in dice_choice_expectations().items():
        turns = samplers.kept_die(pair, N, seed=1)
        sd = 3.0  # at most half the range of a die's points
        assert abs(turns["points"].mean() - float(choice.best_points)) < 4 * sd / N**0.5
        assert abs(turns["cards"].mean() - float(choice.best_cards)) < 4 * sd / N**0.5
    with pytest.raises(ValueError):
        samplers.kept_die(("blue", "blue"), 5)


def test_kept_die_keeps_the_die_its_rolls_say():
    """Every turn's points, cards and kept die follow from the two dice it rolled, and each die's
    faces come up equally often (the pair is drawn as one number)."""
    from gamekit.itc.dice_turn import DIE_SIDES

    for pair in (("blue", "green"), ("blue", "red"), ("green", "red")):
        turns = samplers.kept_die(pair, N, seed=11)
        (a, ra), (b, rb) = turns["rolls"].items()
        worth_a = 6 - ra.astype(int) if a == "red" else ra.astype(int)
        worth_b = 6 - rb.astype(int) if b == "red" else rb.astype(int)
        assert np.array_equal(turns["first"], worth_a >= worth_b)
        assert np.array_equal(turns["points"], np.where(turns["first"], worth_a, worth_b))
        red = ra if a == "red" else rb if b == "red" else np.zeros(N, int)
        kept_red = turns["first"] == (a == "red") if "red" in pair else np.zeros(N, bool)
        assert np.array_equal(turns["cards"], np.where(kept_red, red, 0))
        for colour, rolls in turns["rolls"].items():
            sides = DIE_SIDES[colour]
            assert rolls.min() == 1 and rolls.max() == sides
            for face in (1, sides):
                _close((rolls == face).mean(), Fraction(1, sides))


def test_factory_investments_follow_the_engine_rule_and_the_exact_distribution():
    from gamekit.catan.production import investment_peg, numbers_distribution

    sim = samplers.factory_investments(N, 9, seed=2)
    for k in (2, 5, 9):
        counts = np.bincount(sim["placed"][:, k - 1], minlength=7) / N
        for j, p in numbers_distribution(k).items():
            _close(counts[j], p)
    # one player replayed by hand with the engine's rule function
    rolls, placed = sim["rolls"][0], sim["placed"][0]
    left, blanks, done = (1, 2, 3, 4, 5, 6), 3, 0
    for face, got, failed in zip(rolls, placed, sim["failed"][0]):
        peg, left, blanks = investment_peg(int(face), left, blanks)
        done += peg != 0
        assert got == done and failed == (peg == 0)


def test_rolls_until_is_geometric():
    waits = samplers.rolls_until((1, 6), N, seed=3)
    p = Fraction(1, 3)
    assert len(waits) == N and waits.min() >= 1
    for k in (1, 2, 3, 5):
        _close((waits == k).mean(), (1 - p) ** (k - 1) * p)
    with pytest.raises(ValueError):
        samplers.rolls_until((7,), 5)


def test_production_and_waiting_for_cards():
    from gamekit.dice import two_d6

    sums = samplers.production_rolls(10, N // 10, seed=4).ravel()
    for total in (2, 7, 12):
        _close((sums == total).mean(), two_d6[total])
    income = {s: [int(s == 5), int(s in (8, 11)), 0, 0, 0] for s in range(2, 13)}
    pb, pl = two_d6[5], two_d6[8] + two_d6[11]
    # brick and lumber come on different sums: the first-step analysis of lesson 6
    wait = (1 + pb / pl + pl / pb) / (pb + pl)
    for need in ([1, 1, 0, 0, 0], [2, 1, 0, 0, 0]):
        waits = samplers.rolls_until_holding(income, need, N, seed=5)
        assert waits.min() >= 2  # at least one roll for each card: brick and lumber never come together
        if need == [1, 1, 0, 0, 0]:
            assert abs(waits.mean() - float(wait)) < 4 * waits.std() / N**0.5
    two_bricks = samplers.rolls_until_holding(income, [2, 0, 0, 0, 0], N, seed=6)
    assert abs(two_bricks.mean() - float(2 / pb)) < 4 * two_bricks.std() / N**0.5  # two geometric waits


def _exact_wait(pays, need):
    """The mean number of rolls until the hand holds ``need``, by first-step analysis over the hands
    (held counts capped at the need), with fractions: independent of the sampler's tables."""
    from functools import cache
    from itertools import product

    from gamekit.dice import two_d6

    @cache
    def wait(held):
        if all(h >= k for h, k in zip(held, need)):
            return Fraction(0)
        stay, rest = Fraction(0), Fraction(1)
        for total, p in two_d6.table():
            after = tuple(min(h + g, k) for h, g, k in zip(held, pays.get(total, [0] * len(need)), need))
            if after == held:
                stay += p
            else:
                rest += p * wait(after)
        return rest / (1 - stay)

    assert all(wait(h) >= 0 for h in product(*(range(k + 1) for k in need)))
    return wait(tuple(0 for _ in need))


def test_waiting_for_a_hand_matches_first_step_analysis():
    # a settlement on a 6 (brick, lumber), a city on an 8 (two grain), a settlement on a 4 (lumber)
    pays = {6: [1, 1, 0], 8: [0, 0, 2], 4: [0, 1, 0]}
    for need in ([1, 1, 0], [2, 1, 2], [0, 3, 1]):
        waits = samplers.rolls_until_holding(pays, need, N, seed=8)
        exact = _exact_wait(pays, need)
        assert abs(waits.mean() - float(exact)) < 4 * waits.std() / N**0.5, (need, waits.mean(), float(exact))
    assert not samplers.rolls_until_holding(pays, [0, 0, 0], 5).any()  # nothing needed: no roll
    with pytest.raises(ValueError, match="never"):
        samplers.rolls_until_holding({6: [1, 0, 0]}, [1, 1, 0], 5)  # nothing pays the second resource


@pytest.mark.parametrize("e", [Fraction(1, 2), Fraction(3, 10)])  # coins from 16-bit numbers, from doubles
def test_auctions_match_the_engine_played_with_its_bots(e):
    from gamekit.auf_achse.data import contracts
    from gamekit.auf_achse.examples import BERLIN_TRIESTE

    card = contracts()[BERLIN_TRIESTE]
    limit = 1
    ends, coins = auction_ends(card, limit, e)
    sim = samplers.auctions(card.costs, card.revenue, 4, limit, float(e), N, seed=7)
    for (winner, offer), p in ends.items():
        _close(((sim["winner"] == winner) & (sim["offer"] == offer)).mean(), p)
    assert sum(ends.values()) == 1
    # the coins an auction uses: as many as the bots' decisions a coin settled in the engine's play
    used = sim["coins"].astype(float)
    assert abs(used.mean() - float(coins)) < 4 * used.std() / N**0.5
    # six players, every bidder bids while it may: five coins, past one string of four; the chooser
    # matches the fifth offer
    long = samplers.auctions(card.costs, card.revenue, 6, 5, 1.0, 1000, seed=9, keep=0.0)
    assert (long["coins"] == 5).all() and (long["offer"] == 5).all() and (long["winner"] == 0).all()
