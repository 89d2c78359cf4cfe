"""The factories chapter's widget "Trial a factory investment" (service factories.trial): the
investment and production rules of gamekit.catan.production, applied to a trial player."""

from __future__ import annotations

from fractions import Fraction

import pytest

import gamekit
from gamekit.catan.production import investment_peg
from gamekit.dice import colour_die, d6, red_production_die, white_die
from gamekit.rng import Rng
from gamekit.web import call


def ok(**args):
    answer = call("factories.trial", args)
    assert "ok" in answer, answer
    return answer["ok"]


def invest(s, factory=0, hole=None):
    out = ok(situation=s, action={"kind": "invest", "factory": factory})
    s = out["situation"]
    if s["pending"] is not None:
        holes = s["factories"][s["pending"]["factory"]]["holes"]
        out = ok(situation=s, action={"kind": "place", "hole": holes.index(None) if hole is None else hole})
    return out


def test_investment_peg_rule():
    """labels factories-investment, factories-failed-investment"""
    assert investment_peg(4, [1, 2, 4], 3) == (4, (1, 2), 3)
    assert investment_peg(5, [1, 2, 4], 3) == (0, (1, 2, 4), 2)  # failed: a blank peg
    assert investment_peg(5, [1, 2, 4], 0) == (0, (2, 4), 0)  # no blank left: lowest number turned over
    with pytest.raises(ValueError):
        investment_peg(5, [], 0)


def test_investments_follow_the_seeded_die():
    out = ok(seed=11, factories=2)
    rng = Rng(11)
    expected_numbers = []
    s = out["situation"]
    for i in range(4):
        expected_numbers.append(d6.roll(rng))
        out = invest(s, factory=i % 2)
        s = out["situation"]
    rolled = [int(h.split("rolled ")[1].split(",")[0]) for h in s["history"]]
    assert rolled == expected_numbers
    placed = [p for f in s["factories"] for p in f["holes"] if p]
    assert len(placed) == len(set(placed))  # a number goes in at most once
    assert out["view"]["failure_chance"]["text"] == str(Fraction(6 - len(s["numbers_left"]), 6))
    assert s["spent"] == 4


def test_full_factory_and_pending_peg_are_refused():
    s = ok(seed=3)["situation"]
    for _ in range(3):
        s = invest(s)["situation"]
    before = dict(s)
    answer = call("factories.trial", {"situation": s, "action": {"kind": "invest", "factory": 0}})
    assert answer["rule"] == "factories-investment" and "full" in answer["error"]
    assert s == before
    s2 = ok(seed=3, factories=1)["situation"]
    first = ok(situation=s2, action={"kind": "invest", "factory": 0})["situation"]
    assert first["pending"] is not None  # three free holes: the investor chooses one
    again = call("factories.trial", {"situation": first, "action": {"kind": "invest", "factory": 0}})
    assert again["rule"] == "factories-investment"
    bad_hole = call("factories.trial", {"situation": first, "action": {"kind": "place", "hole": 7}})
    assert bad_hole["rule"] == "factories-investment"


def test_derelict_until_a_numbered_peg():
    """label factories-derelict"""
    view = ok(seed=1)["view"]
    assert view["derelict"] == [True] and view["expected"] == {"basic": {}, "solcher": {}}


def test_production_rolls_match_the_rules_and_expectation():
    """labels factories-production, solcher-production"""
    s = ok(seed=5)["situation"]
    s["factories"][0]["holes"] = [2, 5, None]  # faces brick, ore, grain
    s["numbers_left"] = [1, 3, 4, 6]
    out = ok(situation=s, action={"kind": "produce", "n": 3000})
    gained, view = out["situation"]["gained"], out["view"]
    # Recount with the same seeded dice.
    rng = Rng(5)
    basic = {"brick": 0, "ore": 0}
    solcher = {"brick": 0, "ore": 0}
    for _ in range(3000):
        white, red = white_die.roll(rng), red_production_die.roll(rng)
        colour = colour_die.roll(rng)
        basic["brick"] += red == 2
        basic["ore"] += red == 5
        if colour == "red":
            solcher["brick"] += (white == 2) + (red == 2)
            solcher["ore"] += (white == 5) + (red == 5)
    assert gained["basic"] == {k: v for k, v in basic.items() if v}
    assert gained["solcher"] == {k: v for k, v in solcher.items() if v}
    assert view["expected"]["basic"]["brick"]["text"] == "1/6"
    assert view["expected"]["solcher"]["ore"]["text"] == "1/18"
    for rule in ("basic", "solcher"):
        for resource, count in gained[rule].items():
            p = view["expected"][rule][resource]["value"]
            assert abs(count / 3000 - p) < 5 * (p / 3000) ** 0.5 + 0.005


def test_widget_python_side():
    from gamekit.widgets.factories import FactoryInvestment

    trial = FactoryInvestment(seed=9, factories=1)
    trial.act(kind="invest", factory=0)
    with pytest.raises(gamekit.IllegalAction):
        trial.act(kind="invest", factory=0)  # the first peg is not placed yet
    assert trial.error_rule == "factories-investment"
    trial.act(kind="place", hole=0)
    trial.act(kind="produce", n=10)
    assert trial.situation["rolls"] == 10 and trial.revision >= 3
