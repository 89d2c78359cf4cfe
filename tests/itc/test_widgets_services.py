"""The ITC widgets' services (gamekit.web.itc) and the widgets' Python side: the chapter's
widgets apply the engine's rules, and a refused action names the rule and changes nothing."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.dice import blue_die, green_die, red_die
from gamekit.itc import grey_market_win_probability, sellable
from gamekit.rng import Rng
from gamekit.web import call


def ok(name, **args):
    answer = call(name, args)
    assert "ok" in answer, answer
    return answer["ok"]


def test_dice_choice_rolls_with_gamekit_and_keeps_one():
    """labels itc-dice, itc-red-die"""
    s = ok("itc.dice", situation={"seed": 7}, action={"kind": "choose", "dice": ["red", "green"]})["situation"]
    assert s["chosen"] == ["green", "red"]  # in the order blue, green, red
    rolled = ok("itc.dice", situation=s, action={"kind": "roll"})
    rng = Rng(7)
    assert rolled["situation"]["rolled"] == {"green": green_die.roll(rng), "red": red_die.roll(rng)}
    red = rolled["situation"]["rolled"]["red"]
    kept = ok("itc.dice", situation=rolled["situation"], action={"kind": "keep", "colour": "red"})
    cards, leftover = f"{red} transport card{'s' if red != 1 else ''}", f"{6 - red} leftover point{'s' if red != 5 else ''}"
    assert kept["view"]["effect"] == f"You keep the red die: draw {cards} and {leftover} (transport or continents)."
    assert kept["view"]["announce"] == kept["view"]["effect"] and not kept["view"]["can_keep"]


@pytest.mark.parametrize(
    "situation, action, rule",
    [
        ({"seed": 1}, {"kind": "roll"}, "itc-dice"),
        ({"seed": 1}, {"kind": "choose", "dice": ["blue", "blue"]}, "itc-dice"),
        ({"seed": 1}, {"kind": "keep", "colour": "blue"}, "itc-turn-sequence"),
        ({"seed": 1, "chosen": ["blue", "green"], "rolled": {"blue": 3, "green": 5}}, {"kind": "keep", "colour": "red"}, "itc-dice"),
        ({"seed": 1, "chosen": ["blue", "green"], "rolled": {"blue": 3, "green": 5}}, {"kind": "roll"}, "itc-turn-sequence"),
        ({"seed": 1, "chosen": ["blue", "green"], "rolled": {"blue": 3, "green": 5}, "kept": "blue"},
         {"kind": "keep", "colour": "green"}, "itc-dice"),
    ],
)
def test_dice_choice_refuses_out_of_order(situation, action, rule):
    answer = call("itc.dice", {"situation": situation, "action": action})
    assert answer.get("rule") == rule, answer


def test_dice_expectations_are_exact():
    rows = ok("itc.dice_expectations")
    assert [r["dice"] for r in rows] == [["blue", "green"], ["blue", "red"], ["green", "red"]]
    green_red = rows[2]
    assert green_red["mean_points"]["green"]["text"] == "9/2"
    assert green_red["mean_points"]["red"]["text"] == str(6 - red_die.mean())
    assert green_red["mean_cards"]["text"] == "7/2"


def test_selling_example_1_played_in_the_widget():
    """labels itc-selling-example-1, itc-placing-markers, itc-selling"""
    start = ok("itc.market", example=1)
    assert start["view"]["options"] == []  # 6 markers cannot cover 7 black cubes
    assert start["view"]["best"]["place"] == 1 and start["view"]["best"]["sale"]["profit"] == 16_500
    placed = ok("itc.market", situation=start["situation"], action={"kind": "place"})
    assert placed["situation"]["markers"]["A"] == 7 and placed["situation"]["points"] == 3
    sold = ok("itc.market", situation=placed["situation"], action={"kind": "sell", "colours": 3})["situation"]
    assert sold["profit"] == 16_500 and sold["markers"]["A"] == 4 and sold["points"] == 0
    assert sold["goods"] == {"yellow": 8, "blue": 4}
    # Player B (5 markers) now: 4 points sell yellow after placing 3 markers; 5 points yellow and blue.
    b4 = ok("itc.market", situation=sold, action={"kind": "player", "player": "B", "points": 4})
    assert b4["view"]["best"]["place"] == 3 and b4["view"]["best"]["sale"]["colours"] == ["yellow"]
    b5 = ok("itc.market", situation=sold, action={"kind": "player", "player": "B", "points": 5})
    assert b5["view"]["best"]["place"] == 3 and b5["view"]["best"]["sale"]["colours"] == ["yellow", "blue"]


def test_selling_example_2_in_the_widget():
    """label itc-selling-example-2"""
    start = ok("itc.market", example=2)
    assert [o["colours"] for o in start["view"]["options"]][-1] == ["black", "red", "green"]
    expected = sellable({"black": 2, "red": 1, "green": 1, "yellow": 1}, markers=3, points=4)
    assert start["view"]["options"][-1]["profit"] == expected.profit
    refused = call("itc.market", {"situation": start["situation"], "action": {"kind": "sell", "colours": 4}})
    assert refused["rule"] == "itc-selling"


def test_placing_without_points_is_refused():
    s = ok("itc.market", example=2)["situation"]
    s["points"] = 0
    assert call("itc.market", {"situation": s, "action": {"kind": "place"}})["rule"] == "itc-continent-points"


@pytest.mark.parametrize("bad", [{"goods": {"purple": 1}}, {"points": 9}, {"player": "C"}, {"markers": {"A": -1}}])
def test_malformed_market_is_rejected(bad):
    s = {**ok("itc.market", example=1)["situation"], **bad}
    assert "error" in call("itc.market", {"situation": s})


def test_fight_rolls_and_exact_chances():
    """label itc-grey-market-fight"""
    start = ok("itc.fight", situation={"seed": 3}, action={"kind": "setup", "attackers": 3, "defenders": 2})
    assert start["view"]["p_start"]["text"] == str(grey_market_win_probability(3, 2))
    assert sum(o["value"] for o in start["view"]["outcomes"]) == pytest.approx(1)
    one = ok("itc.fight", situation=start["situation"], action={"kind": "roll"})
    rng = Rng(3)
    assert one["situation"]["rolls"] == [[blue_die.roll(rng), green_die.roll(rng)]]
    end = ok("itc.fight", situation=one["situation"], action={"kind": "end"})
    s = end["situation"]
    assert end["view"]["over"] and (s["attackers"] == 0) != (s["defenders"] == 0)
    a, d = 3, 2
    for ra, rd in s["rolls"]:
        d -= ra > rd
        a -= rd > ra
    assert (a, d) == (s["attackers"], s["defenders"])
    again = call("itc.fight", {"situation": s, "action": {"kind": "roll"}})
    assert again["rule"] == "itc-grey-market-fight"


def test_widgets_python_side():
    from gamekit.widgets.itc import GreyMarketFight, ItcDiceChooser, SalesMarkers

    market = SalesMarkers(example=1)
    before = dict(market.situation)
    with pytest.raises(gamekit.IllegalAction) as info:
        market.act(kind="sell", colours=1)
    assert info.value.rule == "itc-selling" and market.error_rule == "itc-selling"
    assert market.situation == before
    market.act(kind="place")
    assert market.act(kind="sell", colours=3)["profit"] == 16_500 and market.error == ""
    own = SalesMarkers(goods={"black": 2}, markers={"A": 2, "B": 0}, points=1)
    assert own.view["options"][0]["profit"] == 2_000
    fight = GreyMarketFight(attackers=2, defenders=2, seed=5)
    fight.act(kind="end")
    assert fight.view["over"]
    chooser = ItcDiceChooser(seed=2)
    assert len(chooser.expectations) == 3
    chooser.act(kind="choose", dice=["blue", "green"])
    chooser.act(kind="roll")
    chooser.act(kind="keep", colour="green")
    green = chooser.situation["rolled"]["green"]
    assert chooser.view["effect"] == f"You keep the green die: {green} continent point{'s' if green != 1 else ''}."
