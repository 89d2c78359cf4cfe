"""The widget "Auction a public contract": its service (gamekit.web.auf_achse) is a thin adapter over the
engine; it reproduces the worked example and refuses what the rules refuse."""

from __future__ import annotations

from gamekit.web import call
from gamekit.widgets.auf_achse import PublicContractAuction


def step(situation, **action):
    return call("auf_achse.auction", {"situation": situation, "action": action})


def test_the_widget_reproduces_the_worked_example_by_the_readers_clicks():
    """label auf-achse-example"""
    answer = call("auf_achse.auction", {})["ok"]
    s = answer["situation"]
    assert answer["view"]["turn"].startswith("Yellow") and "needs only to match" in answer["view"]["rule_note"]
    assert answer["view"]["table"][3] == ["4", "2,800 €", "1,100 €"]
    for action in ({"kind": "pass"}, {"kind": "bid", "offer": 2}, {"kind": "bid", "offer": 3},
                   {"kind": "bid", "offer": 3}, {"kind": "pass"}, {"kind": "bid", "offer": 4}, {"kind": "pass"}):
        answer = step(s, **action)["ok"]
        s = answer["situation"]
    assert answer["view"]["result"] == ("Green wins the contract and pays 2,800 € at once; in Trieste the freight "
                                        "revenue is 3,900 €, a profit of 1,100 €.")
    cash = {p["colour"]: p["cash"] for p in answer["view"]["players"]}
    assert cash == {"red": "5,000 €", "yellow": "5,000 €", "blue": "5,000 €", "green": "2,200 €"}


def test_the_example_button_steps_through_the_example():
    """label auf-achse-example"""
    w = PublicContractAuction()
    labels = []
    for _ in range(7):
        labels.append(w.view["example_label"])
        w.act(kind="example")
    assert labels[0] == "Worked example, next: yellow — pass" and labels[2] == "Worked example, next: green — bid offer 3"
    assert w.view["example_label"] == "" and w.view["result"].startswith("Green wins")


def test_a_refused_bid_names_the_rule_and_changes_nothing():
    """labels auf-achse-chooser-matches, auf-achse-offers"""
    s = call("auf_achse.auction", {})["ok"]["situation"]
    s = step(s, kind="bid", offer=3)["ok"]["situation"]  # yellow
    answer = step(s, kind="bid", offer=2)  # blue below the best offer
    assert answer["rule"] == "auf-achse-chooser-matches"
    bids = call("auf_achse.auction", {"situation": s})["ok"]["view"]["bids"]
    assert [b["enabled"] for b in bids] == [False, False, False, True, True]
    assert step(s, kind="bid", offer=9)["rule"] == "auf-achse-offers"
    assert "whole number" in step(s, kind="bid", offer="3")["error"]


def test_playing_one_seat_the_bots_answer_through_the_engine():
    """label auf-achse-auction-order: the reader plays green; yellow and blue are bots before green."""
    answer = call("auf_achse.auction", {"action": {"kind": "new", "seat": "3"}})["ok"]
    v = answer["view"]
    assert all(line.split(" ")[0] in ("yellow", "blue") for line in v["history"])
    assert v["example_label"] == ""
    assert "You play one of" in call("auf_achse.auction", {"action": {"kind": "new", "seat": "7"}})["error"]
    assert v["turn"].startswith("Green") and v["can_pass"]
    v = step(answer["situation"], kind="pass")["ok"]["view"]  # green passes: the bots finish the auction
    assert v["result"] and not v["result"].startswith("Green")
    assert "(bot)" in v["history"][-1]
    assert v["players"][3]["cash"] == "5,000 €"


def test_red_may_choose_any_face_up_contract_for_the_auction():
    """label auf-achse-public-contracts: the widget offers the contracts the engine lets red choose;
    another card is auctioned with its own cost table, and the worked example is not offered for it."""
    from gamekit.auf_achse import ChooseContract
    from gamekit.auf_achse.examples import auction_example

    engine = auction_example()
    slots = [a.slot for a in engine.legal_actions() if isinstance(a, ChooseContract)]
    first = call("auf_achse.auction", {})["ok"]["view"]
    assert [c["value"] for c in first["contracts"]] == [str(k) for k in slots] and first["contract"] == "0"
    card = engine.cards[engine.row[2]]
    answer = call("auf_achse.auction", {"action": {"kind": "new", "seat": "all", "contract": "2"}})["ok"]
    v = answer["view"]
    assert v["contract"] == "2" and v["title"].startswith(f"Public contract {card.start}–{card.destination}")
    assert v["table"][0] == ["1", f"{card.cost(1):,} €", f"{card.net(1):,} €"]
    assert v["example_label"] == "" and "red chose " + f"{card.start}–{card.destination}" in v["announce"]
    s = answer["situation"]
    for _ in range(3):  # yellow, blue and green pass: red takes it without paying
        s = step(s, kind="pass")["ok"]["situation"]
    v = call("auf_achse.auction", {"situation": s})["ok"]["view"]
    assert v["result"] == (f"Nobody else bid: Red takes the contract without paying; its freight revenue is "
                           f"{card.revenue:,} €.")
    assert "You play" not in call("auf_achse.auction", {"action": {"kind": "new", "contract": "9"}})["error"]
    assert "public contracts 0, 1, 2, 3" in call("auf_achse.auction", {"action": {"kind": "new", "contract": "9"}})["error"]
