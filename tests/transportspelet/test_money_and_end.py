"""The money rules and the end of Transportspelet, each test citing its label in book/transportspelet/rules.md.

The printed numbers are written as literals: 200,000 starting capital (``transport-setup``), loans "up to
100,000" at "10 percent" (``transport-loans``); the engine's own data that the chapter prints are written
as literals too (card 28: furniture Berlin-Munich, sale 15,000, premium 1,000; telegram train-7 "damage,
half value"; train-11 "pay 3,000"; the loan unit 10,000; the train freight of 6 steps, 4,500).
"""

from __future__ import annotations

from test_rules import others_play, position, roll_for
from ts_helpers import load_dice, new, stack, unchanged_after_illegal

from gamekit.transportspelet import Borrow, Continue, Dispatch, Pass, Roll, Transport, Wait, path
from gamekit.transportspelet.data import CITY_INDEX


def set_money(s, player: int, cash: int, debt: int = 0) -> None:
    """By hand: the player's money and debt (the bank makes up the difference, money stays conserved)."""
    s.bank += s.cash[player] - cash
    s.cash[player], s.debt[player] = cash, debt
    s.interest_owed[player] = debt // 10


def only_card(s, player: int, card: int) -> None:
    """By hand: ``player`` holds ``card`` alone (the other slot empty, its card put among the used ones)."""
    from ts_helpers import give
    give(s, player, 0, card)
    old = s.transports[player][1]
    if old is not None:
        s.used.append(old.card)
        s.transports[player][1] = None


def strand(s, player: int, card: int, vehicle: str, start: str, city: str) -> None:
    """By hand: ``player``'s card ``card`` stands in ``city``, where its leg from ``start`` ended."""
    t = s.transports[player][0]
    assert t.card == card
    t.vehicle, t.path = vehicle, path(vehicle, start, city)
    t.pos, t.needs_leg = len(t.path) - 1, True
    s.occupant[t.path[-1]] = player * 2


# -- transport-sale, transport-damage: a damaged cargo that is not insured ----------------------------------------


def test_a_damaged_uninsured_cargo_sells_for_what_the_damage_leaves():
    # rules transport-damage, transport-sale: train-7 damages by half; card 28 sells for 15,000, so 7,500
    s = position(28, 16)
    s.apply(Dispatch(28, "train", "Munich"))
    s.apply(Dispatch(16, "plane", "Copenhagen"))
    stack(s, "train", "train-7")
    cash = s.cash[0]
    roll_for(s, 28, 6)  # damaged, then 6 + 1 = 7 steps: Munich reached (6 steps) and sold
    assert 28 in s.used
    assert s.log[-1]["money"] == [[0, 7_500, "sale"]] and s.cash[0] == cash + 7_500


# -- transport-loans: repaid when the capital is enough ----------------------------------------------------------


def _sale_with(cash_before_sale: int):
    s = position(28, 16)
    s.apply(Borrow(100_000))  # owes 100,000 and 10 % interest, 10,000, with the repayment
    s.apply(Dispatch(28, "train", "Munich"))  # 4,500
    s.apply(Dispatch(16, "plane", "Copenhagen"))
    s.bank += s.cash[0] - cash_before_sale
    s.cash[0] = cash_before_sale
    roll_for(s, 28, 5)  # 5 + 1 = 6 steps: Munich, sold for 15,000
    return s


def test_the_loan_is_repaid_when_the_money_is_exactly_what_is_owed():
    # rule transport-loans: after the sale the player holds exactly 110,000 = 100,000 + 10 %: repaid, 0 left
    s = _sale_with(110_000 - 15_000)
    assert s.debt[0] == 0 and s.interest_owed[0] == 0 and s.cash[0] == 0
    assert s.log[-1]["money"] == [[0, 15_000, "sale"], [0, -100_000, "repayment"], [0, -10_000, "interest"]]


def test_the_loan_waits_when_the_money_is_one_banknote_short():
    # rule transport-loans: 1,000 short of the 110,000 owed: nothing is repaid
    s = _sale_with(110_000 - 15_000 - 1_000)
    assert s.debt[0] == 100_000 and s.interest_owed[0] == 10_000 and s.cash[0] == 109_000
    assert s.log[-1]["money"] == [[0, 15_000, "sale"]]


def test_a_telegram_charge_one_loan_unit_below_the_limit_is_borrowed():
    # rule transport-loans, assumption "charges": owing 90,000 (one unit of 10,000 below 100,000) with 1,000
    # in hand, a charge of 3,000 (train-11) borrows the last 10,000 and is paid in full
    s = position(28, 16)
    s.apply(Dispatch(28, "train", "Munich"))
    s.apply(Dispatch(16, "plane", "Copenhagen"))
    set_money(s, 0, 1_000, debt=90_000)
    stack(s, "train", "train-11")
    roll_for(s, 28, 1)
    assert s.log[-1]["money"] == [[0, 10_000, "loan"], [0, -3_000, "telegram"]]
    assert s.debt[0] == 100_000 and s.cash[0] == 8_000 and s.loan_room(0) == 0


def test_the_loan_room_is_the_limit_less_the_debt():
    # rule transport-loans: "up to 100,000"; loans in units of 10,000 (assumption loan_unit)
    s = new(2)
    assert s.loan_room(0) == 100_000
    s.apply(Borrow(90_000))
    assert s.loan_room(0) == 10_000 and Borrow(10_000) in s.legal_actions()
    assert Borrow(20_000) not in s.legal_actions()
    assert unchanged_after_illegal(s, Borrow(20_000)).rule == "transport-loans"
    s.apply(Borrow(10_000))
    assert s.loan_room(0) == 0 and not any(isinstance(a, Borrow) for a in s.legal_actions())


# -- assumption "pass": no pass while a loan would get a card going --------------------------------------------


def test_no_pass_while_a_loan_would_let_a_card_start():
    # rules transport-restriction, transport-loans: nothing runs and 1,000 in hand, no debt: a loan would pay
    # the freight, so the player borrows; passing is refused naming the loan rule
    s = position(42, 2)  # both sea only: London-Bordeaux, Copenhagen-Rotterdam
    set_money(s, 0, 1_000)
    acts = s.legal_actions()
    assert Pass() not in acts and Roll() not in acts and acts and all(isinstance(a, Borrow) for a in acts)
    assert unchanged_after_illegal(s, Pass()).rule == "transport-loans"
    s.apply(Borrow(10_000))
    assert any(isinstance(a, Dispatch) for a in s.legal_actions())


def test_pass_when_not_even_a_loan_would_let_a_card_start():
    # rule transport-restriction: no running transport, the loan limit reached, no freight can be paid
    s = position(42, 2)
    set_money(s, 0, 0, debt=100_000)
    acts = s.legal_actions()
    assert acts == [Pass()]
    assert unchanged_after_illegal(s, Roll()).rule == "transport-restriction"


def test_the_pass_pass_of_a_player_with_money_does_not_end_the_game():
    # rule transport-winner: with 1,000 in hand and no debt, both players borrow instead of passing; the
    # cards are not used up, so the game goes on
    s = new(2, seed=4)
    for p in (0, 1):
        set_money(s, p, 1_000)
    for p in (0, 1):
        assert s.current_player == p and Pass() not in s.legal_actions()
        s.apply(Borrow(10_000))
        acts = [a for a in s.legal_actions() if isinstance(a, Dispatch)]
        while acts:
            s.apply(acts[0])
            acts = [a for a in s.legal_actions() if isinstance(a, Dispatch)]
        others_play(s) if p == 1 else None
        while s.current_player == p:
            s.apply(s.legal_actions()[0])
    assert not s.is_over() and s.deck


# -- waiting for money (assumption "waiting for money", rule transport-mode-change) ---------------------------


def test_a_piece_waits_for_money_only_while_the_other_transport_runs():
    # rule transport-mode-change: a piece whose leg has ended, and whose next leg the money in hand cannot pay
    s = position(26, 16)  # wine Paris-Lisbon, electronics London-Copenhagen (air)
    only_card(s, 0, 26)
    strand(s, 0, 26, "train", "Paris", "Bordeaux")
    set_money(s, 0, 1_000)  # a loan would pay the ship on to Lisbon (3,000)
    assert Wait(26) not in s.legal_actions()
    err = unchanged_after_illegal(s, Wait(26))
    assert err.rule == "transport-mode-change" and "borrow" in str(err)
    set_money(s, 0, 1_000, debt=100_000)  # not even a loan would: the piece waits, then the player passes
    assert s.legal_actions() == [Wait(26)]
    s.apply(Wait(26))
    assert s.legal_actions() == [Pass()]


def test_a_piece_may_wait_for_money_while_the_other_transport_runs():
    # Remember 10: one transport waits while the other runs
    s = position(26, 16)
    strand(s, 0, 26, "train", "Paris", "Bordeaux")
    s.apply(Dispatch(16, "plane", "Copenhagen"))
    set_money(s, 0, 1_000)
    assert Wait(26) in s.legal_actions()
    s.apply(Wait(26))
    assert s.legal_actions()[0] == Roll()


# -- the end: every holder can only pass (assumption "stall", rule transport-winner) ---------------------------


def test_the_game_ends_when_every_player_holding_a_card_can_only_pass():
    # rule transport-winner, assumption "stall": no transport runs, no card can start even with a loan
    s = position(42, 2)
    give_cards = [(1, 0, 28), (1, 1, 16)]
    from ts_helpers import give
    for player, slot, card in give_cards:
        give(s, player, slot, card)
    set_money(s, 0, 0, debt=100_000)
    set_money(s, 1, 0, debt=100_000)
    assert not s.can_play_on(0) and not s.can_play_on(1)
    s.apply(Pass())
    assert s.is_over()
    assert s.end_reason == ("no player can go on: no transport runs, and no card of the 4 held can start or go on "
                            f"from a free city, even with a loan ({len(s.deck)} in the deck)")
    assert s.winners() == [0, 1]


def test_the_game_goes_on_while_one_holder_can_pay_exactly_the_cheapest_freight():
    # boundary of the stall: player 1 has exactly the 4,500 of card 28's train leg to Munich (6 steps)
    s = position(42, 2)
    from ts_helpers import give
    give(s, 1, 0, 28)
    give(s, 1, 1, 16)
    set_money(s, 0, 0, debt=100_000)
    set_money(s, 1, 4_500 - 2_500, debt=100_000)  # 2,000 short of even the cheapest leg: not yet
    assert not s.can_play_on(1)
    set_money(s, 1, 4_500, debt=100_000)  # exactly enough for the train leg of 6 steps (4,500)
    assert s.can_play_on(1)
    s.apply(Pass())
    assert not s.is_over() and s.current_player == 1
    assert Dispatch(28, "train", "Munich") in s.legal_actions()


# -- setting stranded_cargo: a broke player's piece does not block the table for ever -------------------------


def _broke_player_blocks_berlin(**options):
    """Player 0 holds only card 28 (from Berlin); player 1, broke (owing 100,000, nothing in hand), holds only
    card 16, whose plane stands in Berlin waiting for a leg it cannot pay."""
    s = new(2, seed=0, **options)
    only_card(s, 0, 28)
    only_card(s, 1, 16)
    strand(s, 1, 16, "plane", "London", "Berlin")
    set_money(s, 1, 0, debt=100_000)
    return s


def test_a_broke_players_stranded_cargo_is_abandoned():
    # setting stranded_cargo="abandoned" (the default), rule transport-blocking
    s = _broke_player_blocks_berlin()
    assert s.is_broke(1) and not s.is_broke(0)
    assert [a for a in s.legal_actions() if not isinstance(a, Borrow)] == [Pass()]  # Berlin is taken
    s.apply(Pass())
    assert not s.is_over() and s.current_player == 1
    top = s.deck[-1]
    s.apply(Wait(16))
    s.apply(Pass())
    assert s.log[-1]["abandoned"] == [[1, 16, "Berlin"]] and "money" not in s.log[-1]
    assert 16 in s.used and s.hand(1) == [top] and s.occupant[CITY_INDEX["Berlin"]] == -1
    assert s.current_player == 0 and Dispatch(28, "train", "Munich") in s.legal_actions()


def test_a_broke_players_stranded_cargo_kept_stalls_the_game_with_a_true_reason():
    # setting stranded_cargo="kept": the plane stays in Berlin; nobody can go on, and the reason says so
    s = _broke_player_blocks_berlin(stranded_cargo="kept")
    s.apply(Pass())
    assert s.is_over() and s.end_reason.startswith("no player can go on: no transport runs, and no card of the 2 held")
    assert s.transport(16).needs_leg and s.where(16) == "Berlin"


def test_a_player_with_a_running_transport_is_not_broke():
    s = position(28, 16)
    set_money(s, 0, 0, debt=100_000)
    s.transports[0][0] = Transport(28)
    assert s.is_broke(0)  # nothing runs, no leg can be paid
    s2 = position(28, 16)
    s2.apply(Dispatch(16, "plane", "Copenhagen"))
    set_money(s2, 0, 0, debt=100_000)
    assert not s2.is_broke(0) and s2.can_play_on(0)


def test_options_stranded_cargo_is_checked():
    import pytest
    with pytest.raises(ValueError):
        new(2, stranded_cargo="burnt")


def test_continue_after_borrowing_at_a_change_over_city():
    # rule transport-mode-change with transport-loans: a leg the money in hand cannot pay, paid after a loan
    s = position(26, 16)
    only_card(s, 0, 26)
    strand(s, 0, 26, "train", "Paris", "Bordeaux")
    set_money(s, 0, 1_000)
    s.apply(Borrow(10_000))
    s.apply(Continue(26, "ship", "Lisbon"))
    assert s.cash[0] == 11_000 - 3_000 and s.transport(26).vehicle == "ship"
    load_dice(s, 2)
    s.apply(Roll())
    assert s.where(26) == "ship ring 2 of 7 from Bordeaux to Lisbon"
