"""Issue 33: Transportspelet's printed movement and telegram numbers as settings change the game.

Card 28 (furniture Berlin-Munich) goes by train to Munich, 6 steps; telegram train-11 says "pay 3,000"
(the engine's own data, as in test_money_and_end.py)."""

from __future__ import annotations

from test_rules import position, roll_for
from ts_helpers import stack

from gamekit.transportspelet import Dispatch


def _train_to_munich(**options):
    s = position(28, 16, **options)
    s.apply(Dispatch(28, "train", "Munich"))
    s.apply(Dispatch(16, "plane", "Copenhagen"))
    return s


def test_a_train_without_its_extra_step():
    """transport-movement: "Tåget förflyttas antal steg som tärningen visar plus 1": a 5 takes the
    train the 6 steps to Munich, where it is sold; with the train's bonus 0 (movement_bonus
    (0, 0, 2, 3)) the same 5 leaves it one step short."""
    printed = _train_to_munich()
    roll_for(printed, 28, 5)
    assert 28 in printed.used
    house = _train_to_munich(movement_bonus=(0, 0, 2, 3))
    roll_for(house, 28, 5)
    assert 28 not in house.used
    t = next(t for t in house.transports[0] if t is not None and t.card == 28)
    assert len(t.path) - 1 - t.pos == 1


def test_a_two_draws_a_telegram_when_the_house_says_so():
    """transport-telegrams: a telegram is drawn on a 1 or a 6, so a 2 draws none; with telegram_faces
    (1, 2, 6) a 2 draws the train's top telegram (train-11: pay 3,000)."""
    for faces, paid in (((1, 6), 0), ((1, 2, 6), 3_000)):
        s = _train_to_munich(telegram_faces=faces)
        stack(s, "train", "train-11")
        cash = s.cash[0]
        roll_for(s, 28, 2)
        assert s.cash[0] == cash - paid
