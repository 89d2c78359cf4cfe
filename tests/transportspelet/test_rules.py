"""One test per rule of Transportspelet (each cites its label in book/transportspelet/rules.md)."""

from __future__ import annotations

import pytest
from ts_helpers import give, load_dice, new, stack, unchanged_after_illegal

from gamekit.transportspelet import (
    Assign,
    Borrow,
    Continue,
    Dispatch,
    Pass,
    Roll,
    path,
)
from gamekit.transportspelet.data import (
    BANKNOTE_TOTAL,
    CARDS,
    CITY_INDEX,
    CONTENTS,
    MODES,
    TELEGRAMS,
    space_name,
)
from gamekit.transportspelet.examples import bordeaux_example


def position(*cards: int, players: int = 2, seed: int = 0, **options):
    """A new game with player 0 holding ``cards`` (slot 0, slot 1)."""
    s = new(players, seed, **options)
    for slot, card in enumerate(cards):
        give(s, 0, slot, card)
    return s


def roll_for(s, card: int, face: int, other: int = 3) -> None:
    """Roll (loaded dice) and give ``face`` to ``card`` and ``other`` to the other transport
    (a newly drawn other card is started first, straight to its destination if it can)."""
    start_others(s, card)
    running = [t for t in s.transports[s.current_player] if t is not None and t.running()]
    load_dice(s, face, other) if len(running) == 2 else load_dice(s, face)
    s.apply(Roll())
    if s.phase == "assign":
        s.apply(Assign(card, face, other))


def start_others(s, card: int) -> None:
    """Start every card of the current player but ``card`` (straight to its destination if it can)."""
    while not isinstance(s.legal_actions()[0], (Roll, Pass)):
        acts = [a for a in s.legal_actions() if isinstance(a, (Dispatch, Continue)) and a.card != card
                and not getattr(a, "insure", False)]
        acts.sort(key=lambda a: a.stop != s.transport(a.card).destination)
        s.apply(acts[0])


def others_play(s) -> None:
    """Play the other players' turns until player 0 is to act again."""
    while s.current_player != 0:
        finish_turn(s)


def finish_turn(s) -> None:
    """Play the current player's turn to its end with first legal choices (no insurance)."""
    p = s.current_player
    while s.current_player == p and not s.is_over():
        acts = s.legal_actions()
        straight = [a for a in acts if isinstance(a, (Dispatch, Continue)) and not getattr(a, "insure", False)
                    and a.stop == s.transport(a.card).destination]
        s.apply(straight[0] if straight else acts[0])


def test_setup_capital_cards_and_decks():
    # rule transport-setup: 200,000 each, two cards each, decks shuffled and stacked
    s = new(3, seed=11)
    assert s.cash == [200_000] * 3 and s.debt == [0] * 3
    assert all(len(s.hand(p)) == 2 for p in range(3))
    assert len(s.deck) == 50 - 6 and s.removed == []
    assert all(len(s.telegram_decks[m]) == 12 for m in MODES)
    assert s.certificates == 12 and s.current_player == 0
    assert new(3, seed=12).deck != s.deck  # shuffled by the seed


def test_contents_list():
    # rule transport-contents
    assert CONTENTS["pieces_per_vehicle"] * len(MODES) == 24
    assert len(CARDS) == 50 and CONTENTS["marker_tabs"] == 12 and CONTENTS["insurance_certificates"] == 12
    assert all(len(TELEGRAMS[m]) == 12 for m in MODES)
    assert BANKNOTE_TOTAL == 30 * 1_000 + 20 * 5_000 + 30 * 10_000 + 20 * 50_000 + 50 * 100_000 == 6_430_000
    assert new(4, limited_bank=True).bank == 6_430_000 - 4 * 200_000
    assert new(4).bank == 0  # unlimited: the bank may go below zero, money is still conserved


def test_freight_paid_before_the_roll():
    # rule transport-choosing (and Kom ihåg 7): freight is paid before the dice are rolled
    s = position(28, 36)  # Berlin-Munich, Munich-Paris
    err = unchanged_after_illegal(s, Roll())
    assert err.rule == "transport-choosing"
    s.apply(Dispatch(28, "train", "Munich"))
    assert s.cash[0] == 200_000 - 4_500  # train freight for 6 steps (the engine's tariff, shown in the chapter)
    assert s.where(28) == "Berlin"
    s.apply(Dispatch(36, "car", "Paris"))
    assert Roll() in s.legal_actions()


def test_two_transports_need_two_vehicles():
    # rule transport-vehicles
    s = position(28, 36)
    s.apply(Dispatch(28, "train", "Munich"))
    err = unchanged_after_illegal(s, Dispatch(36, "train", "Paris"))
    assert err.rule == "transport-vehicles"
    assert not any(a.vehicle == "train" for a in s.legal_actions() if isinstance(a, Dispatch))


def test_restriction_sea_only_and_air_only():
    # rule transport-restriction: 1 sea only, 2 any, 3 air only
    s = position(2, 16)  # grain Copenhagen-Rotterdam (1), electronics London-Copenhagen (3)
    assert unchanged_after_illegal(s, Dispatch(2, "plane", "Rotterdam")).rule == "transport-restriction"
    assert unchanged_after_illegal(s, Dispatch(16, "ship", "Copenhagen")).rule == "transport-restriction"
    vehicles = {(a.card, a.vehicle) for a in s.legal_actions() if isinstance(a, Dispatch)}
    assert vehicles == {(2, "ship"), (16, "plane")}


def test_restricted_card_waits_and_one_die_is_rolled():
    # rule transport-restriction: a sea-only card whose ship is busy waits; only one die is rolled
    s = position(42, 2)  # both sea only: London-Bordeaux, Copenhagen-Rotterdam
    s.apply(Dispatch(42, "ship", "Bordeaux"))
    assert s.legal_actions()[0] == Roll()  # card 2 cannot start: the ship is busy
    load_dice(s, 4)
    s.apply(Roll())
    assert [c["what"] for c in s.log[-1]["chance"]] == ["die"]
    assert s.transport(42).pos == 4 and not s.transport(2).started
    assert s.current_player == 1


def test_each_die_to_one_transport_and_the_vehicle_bonus():
    # rules transport-dice and transport-movement: ship +0, train +1, car +2, plane +3; no adding
    s = position(28, 26)  # Berlin-Munich, Paris-Lisbon
    s.apply(Dispatch(28, "train", "Munich"))
    s.apply(Dispatch(26, "car", "Bordeaux"))
    load_dice(s, 3, 2)
    s.apply(Roll())
    assert s.phase == "assign" and s.dice == [3, 2]
    assert unchanged_after_illegal(s, Assign(28, 3, 3)).rule == "transport-dice"
    assert unchanged_after_illegal(s, Dispatch(28, "car", "Munich")).rule == "transport-dice"
    assert set(map(str, s.legal_actions())) == {
        "card 28 moves first with the 3, the other card with the 2", "card 28 moves first with the 2, the other card with the 3",
        "card 26 moves first with the 3, the other card with the 2", "card 26 moves first with the 2, the other card with the 3"}
    s.apply(Assign(28, 3, 2))
    assert s.transport(28).pos == 3 + 1  # the train: the die plus 1
    assert s.transport(26).pos == 2 + 2  # the car: the die plus 2


@pytest.mark.parametrize("vehicle, card, stop, bonus", [("ship", 42, "Bordeaux", 0), ("plane", 25, "Madrid", 3)])
def test_ship_and_plane_bonus(vehicle, card, stop, bonus):
    # rule transport-movement
    s = position(card, 42 if vehicle == "plane" else 13)
    s.apply(Dispatch(card, vehicle, stop))
    other = next(a for a in s.legal_actions() if isinstance(a, Dispatch))
    s.apply(other)
    roll_for(s, card, 2)
    assert s.transport(card).pos == 2 + bonus  # the ship: exactly the die; the plane: the die plus 3


def test_no_two_pieces_in_a_city_no_jumping_back_and_forth():
    # rule transport-blocking (Kom ihåg 8, 9): the train behind may not jump; it shuttles
    s = position(28, 16)  # player 0: Berlin-Munich by train
    s.apply(Dispatch(28, "train", "Munich"))
    s.apply(Dispatch(16, "plane", "Copenhagen"))
    roll_for(s, 28, 2)  # three steps: ring 3 of 5
    assert s.where(28) == "train ring 3 of 5 from Berlin to Munich"
    give(s, 1, 0, 34)  # player 1: Berlin-Gothenburg, sent by train to Munich behind player 0
    give(s, 1, 1, 2)
    s.apply(Dispatch(34, "train", "Munich"))
    s.apply(Dispatch(2, "ship", "Rotterdam"))
    roll_for(s, 34, 5)  # six steps: Berlin > ring 1 > ring 2, blocked, back and forth
    assert s.where(34) == "train ring 2 of 5 from Berlin to Munich"
    assert s.where(28) == "train ring 3 of 5 from Berlin to Munich"
    moves = [e for e in s.log if e["player"] == 1]
    assert moves[-1]["text"].startswith("card 34 moves first with the 5")


def test_a_taken_start_city_makes_the_transport_wait():
    # rule transport-blocking: no two pieces in one city
    s = position(28, 34)  # both start in Berlin
    s.apply(Dispatch(28, "train", "Munich"))
    err = unchanged_after_illegal(s, Dispatch(34, "car", "Gothenburg"))
    assert err.rule == "transport-blocking"
    assert s.legal_actions()[0] == Roll()


def test_mode_changes_only_in_a_city_where_a_leg_ends():
    # rule transport-mode-change: not between two places
    s = position(28, 16)
    s.apply(Dispatch(28, "train", "Munich"))
    s.apply(Dispatch(16, "plane", "Copenhagen"))
    assert unchanged_after_illegal(s, Continue(28, "car", "Munich")).rule == "transport-mode-change"
    assert unchanged_after_illegal(s, Dispatch(28, "car", "Munich")).rule == "transport-mode-change"
    roll_for(s, 28, 2)
    finish_turn(s)
    assert unchanged_after_illegal(s, Continue(28, "car", "Munich")).rule in ("transport-mode-change", "transport-cards")


def test_bordeaux_example():
    # rule transport-mode-change: the text's example, all in one roll
    e = bordeaux_example()
    t = e.before.transport(26)
    assert t.vehicle == "train" and t.path == path("train", "Paris", "Bordeaux") and len(t.path) - 1 - t.pos == 3
    a = e.at_bordeaux
    assert a.log[-1]["text"] == "card 26 moves first with the 5, the other card with the " + str(a.log[-1]["action"]["second_die"])
    assert a.phase == "leg" and a.where(26) == "Bordeaux" and a.pending[1] == 3  # 5 + 1 = 6 steps, 3 used
    cash = a.cash[0]
    s = e.after
    t = s.transport(26)
    assert t.vehicle == "ship" and s.where(26) == "ship ring 3 of 7 from Bordeaux to Lisbon"
    assert s.cash[0] == cash - 3_000  # ship freight, 8 steps Bordeaux-Lisbon
    assert a.occupant[CITY_INDEX["Bordeaux"]] >= 0 and s.occupant[CITY_INDEX["Bordeaux"]] == -1
    rolls = [e_["action"]["type"] for e_ in s.log[len(e.before.log):]]
    assert rolls == ["Roll", "Assign", "Continue"]  # the same roll


def test_telegram_on_a_one_or_six_from_the_dies_mode_before_moving():
    # rule transport-telegrams: the text's example: a 6 for the ship and a 3 for the plane draw a ship telegram
    s = position(42, 16)  # London-Bordeaux by ship, London-Copenhagen by plane: London is taken
    s.apply(Dispatch(42, "ship", "Bordeaux"))
    give(s, 0, 1, 25)  # Stockholm-Madrid, air only
    s.apply(Dispatch(25, "plane", "Madrid"))
    stack(s, "ship", "ship-1")  # a delay on top
    plane_deck = list(s.telegram_decks["plane"])
    load_dice(s, 6, 3)
    s.apply(Roll())
    s.apply(Assign(42, 6, 3))
    assert s.transport(42).pos == 0  # the delay came before the move
    assert s.transport(25).pos == 3 + 3
    assert s.telegram_decks["ship"][0] == "ship-1"  # back under its deck
    assert s.telegram_decks["plane"] == plane_deck
    assert [c["what"] for c in s.log[-1]["chance"]] == ["telegram"]


def test_no_telegram_on_two_to_five_and_telegrams_apply_to_the_drawer_only():
    # rule transport-telegrams
    s = position(28, 16)
    s.apply(Dispatch(28, "train", "Munich"))
    s.apply(Dispatch(16, "plane", "Copenhagen"))
    decks = {m: list(d) for m, d in s.telegram_decks.items()}
    roll_for(s, 28, 5, 2)
    assert s.telegram_decks == decks
    s2 = position(28, 16)
    s2.apply(Dispatch(28, "train", "Munich"))
    s2.apply(Dispatch(16, "plane", "Copenhagen"))
    stack(s2, "train", "train-11")  # customs: pay 3,000
    before = s2.cash[0]
    roll_for(s2, 28, 1)
    assert s2.cash[0] == before - 3_000 and s2.cash[1] == 200_000


def test_damage_once_first_counts_and_damaged_cargo_can_be_lost():
    # rule transport-damage
    s = position(26, 16)
    s.apply(Dispatch(26, "train", "Bordeaux"))
    s.apply(Dispatch(16, "plane", "Copenhagen"))
    stack(s, "train", "train-7")
    roll_for(s, 26, 6)  # damage, then 7 steps: Bordeaux with 1 to spare
    t = s.transport(26)
    assert t.damage == 50 and t.telegrams == ["train-7"] and s.phase == "leg"
    s.apply(Continue(26, "ship", "Lisbon"))
    others_play(s)
    stack(s, "ship", "ship-7")
    roll_for(s, 26, 6)  # a second damage: the first counts
    t = s.transport(26)
    assert t.damage == 50 and t.telegrams == ["train-7"] and s.telegram_decks["ship"][0] == "ship-7"
    others_play(s)
    stack(s, "ship", "ship-8")
    start_others(s, 26)
    cash = s.cash[0]
    roll_for(s, 26, 1)  # lost, though damaged
    assert s.transport(26) is None and 26 in s.used and s.cash[0] == cash
    assert s.telegram_decks["train"][0] == "train-7"  # kept while relevant, then under its deck


def test_destination_change_keeps_the_paid_freight():
    # rule transport-destination-change
    s = position(28, 16)
    s.apply(Dispatch(28, "train", "Munich"))
    s.apply(Dispatch(16, "plane", "Copenhagen"))
    stack(s, "train", "train-9")  # deliver to Paris instead
    cash = s.cash[0]
    roll_for(s, 28, 6)
    t = s.transport(28)
    assert t.destination == "Paris" and t.path[-1] == CITY_INDEX["Paris"] and s.cash[0] == cash
    assert path("train", "Berlin", "Paris")[t.pos] == t.path[t.pos] and t.pos == 7


def test_extra_roll_uses_one_die_for_that_transport():
    # rule transport-extra-roll
    s = position(28, 16)
    s.apply(Dispatch(28, "train", "Munich"))
    s.apply(Dispatch(16, "plane", "Copenhagen"))
    stack(s, "train", "train-6")
    load_dice(s, 1, 3, 4)  # 1 for the train (a telegram), 3 for the plane, then the extra die
    s.apply(Roll())
    s.apply(Assign(28, 1, 3))
    chance = [c["what"] for c in s.log[-1]["chance"]]
    assert chance == ["telegram", "extra die"]
    assert s.transport(28) is None and 28 in s.used  # 1 + 1, then 4 + 1: seven steps reach Munich
    assert s.telegram_decks["train"][0] == "train-6"


def test_sale_on_arrival_and_a_new_card_at_once():
    # rules transport-sale and transport-new-card (Kom ihåg 4, 5, 6)
    s = position(28, 16)
    s.apply(Dispatch(28, "train", "Munich"))
    s.apply(Dispatch(16, "plane", "Copenhagen"))
    top = s.deck[-1]
    cash = s.cash[0]
    roll_for(s, 28, 5)  # six steps: Munich
    assert s.cash[0] == cash + 15_000  # card 28's sale value
    assert 28 in s.used and top in s.hand(0) and len(s.hand(0)) == 2
    assert s.occupant[CITY_INDEX["Munich"]] == -1


def test_insurance_premium_certificate_and_loss():
    # rule transport-insurance
    s = position(28, 16)
    s.apply(Dispatch(28, "train", "Munich", insure=True))
    assert s.cash[0] == 200_000 - 4_500 - 1_000 and s.certificates == 11  # freight, card 28's premium
    s.apply(Dispatch(16, "plane", "Copenhagen"))
    stack(s, "train", "train-8")
    cash = s.cash[0]
    roll_for(s, 28, 6)
    assert s.cash[0] == cash + 15_000 and s.certificates == 12  # lost, insured: the full sale value


def test_insured_damaged_cargo_sells_at_full_value():
    # rule transport-insurance
    s = position(28, 16)
    s.apply(Dispatch(28, "train", "Munich", insure=True))
    s.apply(Dispatch(16, "plane", "Copenhagen"))
    stack(s, "train", "train-7")
    cash = s.cash[0]
    roll_for(s, 28, 6)  # damaged, 7 steps: arrives
    assert s.cash[0] == cash + 15_000


def test_loans_limit_interest_and_repayment():
    # rule transport-loans
    s = position(28, 16)
    s.apply(Borrow(60_000))
    s.apply(Borrow(40_000))
    assert s.debt[0] == 100_000 and s.cash[0] == 300_000 and s.capital(0) == 200_000 - 10_000
    assert unchanged_after_illegal(s, Borrow(10_000)).rule == "transport-loans"
    assert unchanged_after_illegal(s, Borrow(15_000)).rule == "transport-loans"
    assert not any(isinstance(a, Borrow) for a in s.legal_actions())
    s.apply(Dispatch(28, "train", "Munich"))
    s.apply(Dispatch(16, "plane", "Copenhagen"))
    roll_for(s, 28, 5)  # sold: the loan is repaid with its interest
    assert s.debt[0] == 0 and s.interest_owed[0] == 0
    assert sum(s.cash) + s.bank == s.money_total
    t = new(2, interest_due="borrowing")
    t.apply(Borrow(50_000))
    assert t.cash[0] == 245_000 and t.capital(0) == 195_000


def test_end_when_the_cards_run_out_and_the_richest_wins():
    # rule transport-winner
    import random

    from ts_helpers import sensible
    s = new(3, seed=5, deck_size=8)
    r = random.Random(5)
    while not s.is_over():
        s.apply(sensible(s, r))
    assert s.end_reason == "every transport card has been used"
    assert s.deck == [] and len(s.used) == 8 and len(s.removed) == 42
    best = max(s.scores().values())
    assert s.winners() == [p for p in range(3) if s.capital(p) == best]


def test_capital_target_and_round_limit_variants():
    # rule transport-winner
    import random

    from ts_helpers import sensible
    s = new(2, seed=3, capital_target=250_000)
    r = random.Random(3)
    while not s.is_over():
        s.apply(sensible(s, r))
    assert s.end_reason == "capital 250,000 reached" and max(s.scores().values()) >= 250_000
    s = new(2, seed=3, round_limit=4)
    while not s.is_over():
        s.apply(sensible(s, r))
    assert s.round == 4 and s.end_reason == "4 rounds have been played"
    with pytest.raises(ValueError):
        new(2, recycle_cards=True)  # the longer game needs another end
    s = new(2, seed=3, recycle_cards=True, round_limit=30)
    while not s.is_over():
        s.apply(sensible(s, r))
    assert len(s.deck) + sum(len(s.hand(p)) for p in range(2)) == 50 and s.used == []


def test_options_are_checked():
    for bad in ({"deck_size": 1}, {"deck_size": 51}, {"interest_due": "monthly"}, {"loan_limit": 15_000},
                {"starting_capital": -1}, {"end_when_cards_run_out": False}, {"exact_arrival": 1}):
        with pytest.raises(ValueError):
            new(2, **bad)


def test_exact_arrival_setting():
    # rule transport-movement, option exact_arrival
    s = position(28, 16, exact_arrival=True)
    s.apply(Dispatch(28, "train", "Munich"))
    s.apply(Dispatch(16, "plane", "Copenhagen"))
    roll_for(s, 28, 5, 2)  # six steps: exactly Munich
    assert 28 in s.used
    s = position(28, 16, exact_arrival=True)
    s.apply(Dispatch(28, "train", "Munich"))
    s.apply(Dispatch(16, "plane", "Copenhagen"))
    stack(s, "train", "train-4")  # 2 more steps: 9 steps, Munich overshot by 3 and back
    roll_for(s, 28, 6)
    assert s.where(28) == "train ring 3 of 5 from Berlin to Munich"


def test_every_space_has_a_name():
    assert space_name(CITY_INDEX["Bordeaux"]) == "Bordeaux"
    assert space_name(path("ship", "Bordeaux", "Lisbon")[1]) == "ship ring 1 of 7 from Bordeaux to Lisbon"


def test_the_board_picture_shows_every_piece():
    # rule transport-board
    s = position(28, 16)
    s.apply(Dispatch(28, "train", "Munich"))
    s.apply(Dispatch(16, "plane", "Copenhagen"))
    from gamekit.transportspelet.svg import board_svg
    svg = board_svg(s)
    assert svg.startswith("<svg") and svg.count("<title>") == 1 + 2
    assert "player 1: card 28 by train, Berlin" in svg and "player 1: card 16 by plane, London" in svg


# -- the log's money records: every change of money with its reason -------------------------------------------


def money(s) -> list:
    """The money records of the last action's log entry."""
    return s.log[-1].get("money", [])


def test_freight_and_premium_are_logged_on_dispatch():
    # rules transport-tariffs, transport-insurance: paid before the roll, each with its reason
    s = position(28, 16)
    s.apply(Dispatch(28, "train", "Munich", insure=True))
    assert money(s) == [[0, -1_000, "premium"], [0, -4_500, "freight"]]
    s.apply(Dispatch(16, "plane", "Copenhagen"))
    assert money(s) == [[0, -10_500, "freight"]]  # plane, 5 to 8 steps


def test_a_sale_on_arrival_is_logged():
    # rule transport-sale
    s = position(28, 16)
    s.apply(Dispatch(28, "train", "Munich"))
    s.apply(Dispatch(16, "plane", "Copenhagen"))
    roll_for(s, 28, 5)
    assert money(s) == [[0, 15_000, "sale"]]


def test_an_insured_lost_cargo_logs_the_insurance_payout():
    # rule transport-insurance
    s = position(28, 16)
    s.apply(Dispatch(28, "train", "Munich", insure=True))
    s.apply(Dispatch(16, "plane", "Copenhagen"))
    stack(s, "train", "train-8")  # lost
    roll_for(s, 28, 6)
    assert money(s) == [[0, 15_000, "insurance payout"]]


def test_telegram_charges_and_rewards_are_logged():
    # rule transport-telegrams, assumption "charges": a charge is paid as far as the money goes
    for tid, expected in (("train-11", [[0, -3_000, "telegram"]]), ("train-12", [[0, 2_000, "telegram"]])):
        s = position(28, 16)
        s.apply(Dispatch(28, "train", "Munich"))
        s.apply(Dispatch(16, "plane", "Copenhagen"))
        stack(s, "train", tid)
        roll_for(s, 28, 1)
        assert money(s) == expected
    s = position(28, 16)
    s.apply(Dispatch(28, "train", "Munich"))
    s.apply(Dispatch(16, "plane", "Copenhagen"))
    s.bank += s.cash[0] - 1_000  # by hand: 1,000 left and the loan limit reached
    s.cash[0], s.debt[0] = 1_000, 100_000
    stack(s, "train", "train-11")
    roll_for(s, 28, 1)
    assert money(s) == [[0, -1_000, "telegram"]] and s.cash[0] == 0  # the rest is waived
    s = position(28, 16)
    s.apply(Dispatch(28, "train", "Munich"))
    s.apply(Dispatch(16, "plane", "Copenhagen"))
    s.bank += s.cash[0] - 1_000  # 1,000 left: a loan pays the charge
    s.cash[0] = 1_000
    stack(s, "train", "train-11")
    roll_for(s, 28, 1)
    assert money(s) == [[0, 10_000, "loan"], [0, -3_000, "telegram"]] and s.cash[0] == 1_000 + 10_000 - 3_000


def test_a_loan_its_interest_and_the_repayment_are_logged():
    # rule transport-loans: interest with the repayment (the default) or at once
    s = position(28, 16)
    s.apply(Borrow(60_000))
    assert money(s) == [[0, 60_000, "loan"]]
    s.apply(Borrow(40_000))
    s.apply(Dispatch(28, "train", "Munich"))
    s.apply(Dispatch(16, "plane", "Copenhagen"))
    roll_for(s, 28, 5)
    assert money(s) == [[0, 15_000, "sale"], [0, -100_000, "repayment"], [0, -10_000, "interest"]]
    t = new(2, interest_due="borrowing")
    t.apply(Borrow(50_000))
    assert money(t) == [[0, 50_000, "loan"], [0, -5_000, "interest"]]
