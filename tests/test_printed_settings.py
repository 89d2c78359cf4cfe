"""Issue 33: every printed number of every game is a setting (gamekit.settings), read per state.

Listed apart from the Assumptions (field metadata ``kind="printed"`` with the rule label), checked
(a clear error naming the setting and the allowed range), saved and restored with the game; and a
changed number changes the rule (the Catan family's own tests: tests/catan/test_printed_settings.py).
"""

from __future__ import annotations

import dataclasses

import pytest
from test_one_predicate import GAMES, changed_settings

import gamekit
from gamekit import IllegalAction
from gamekit.settings import PRINTED, printed_numbers, printed_table


@pytest.mark.parametrize("name", GAMES)
def test_printed_numbers_are_listed_with_their_rule_and_name(name):
    """Each game lists its printed numbers, each with a rule label the book has and a name for
    people (a cost's name says "cost"), the printed value as the default."""
    game = gamekit.game(name)
    numbers = printed_numbers(game.options_class)
    assert numbers
    for n in numbers:
        assert n.rule.split("-")[0] in {"itc", "auf", "catan", "factories", "seafarers", "trade", "transport"}
        assert n.label and n.value == n.default and not n.changed
        if n.name.endswith("_cost"):
            assert "cost" in n.label
    table = printed_table(game.default_options())._repr_markdown_()
    assert all(f"`{n.name}`" in table for n in numbers)


@pytest.mark.parametrize("name", GAMES)
def test_a_printed_number_out_of_range_is_refused_naming_it(name):
    game = gamekit.game(name)
    for f in dataclasses.fields(game.options_class):
        if f.metadata.get("kind") == PRINTED and type(f.default) is int and f.metadata["low"] is not None:
            with pytest.raises(ValueError) as info:
                game.make_options(**{f.name: f.metadata["low"] - 1})
            assert f.name in str(info.value) and f.metadata["rule"] in str(info.value)
            with pytest.raises(ValueError, match=f.name):
                game.make_options(**{f.name: "many"})


@pytest.mark.parametrize("name", GAMES)
def test_changed_printed_numbers_are_saved_and_restored(name):
    game = gamekit.game(name)
    for seed in range(1, 4):
        changes = changed_settings(name, seed)
        state = game.new(players=game.min_players, seed=seed, **changes)
        table = printed_table(state.options)
        assert any(n.changed for n in table.numbers)
        again = game.from_json(state.to_json())
        assert again.options == state.options and again.to_json() == state.to_json()


def test_transportspelet_a_higher_loan_limit():
    """transport-loans: "låna upp till 100 000"; with loan_limit 110,000 a loan of 110,000 is listed
    and taken, and at the printed limit it is refused."""
    game = gamekit.game("transportspelet")
    printed = game.new(players=2, seed=1)
    loans = {a.amount for a in printed.legal_actions() if type(a).__name__ == "Borrow"}
    assert max(loans) == 100_000
    borrow = type(next(a for a in printed.legal_actions() if type(a).__name__ == "Borrow"))
    with pytest.raises(IllegalAction) as info:
        printed.apply(borrow(110_000))
    assert info.value.rule == "transport-loans"
    house = game.new(players=2, seed=1, loan_limit=110_000)
    assert borrow(110_000) in house.legal_actions()
    house.apply(borrow(110_000))
    assert house.debt[0] == 110_000


@pytest.mark.parametrize("name, setting, read", [
    ("transportspelet", {"starting_capital": 180_000}, lambda s: s.cash == [180_000] * 3),
    ("auf-achse", {"starting_money": 6_000}, lambda s: all(c == 6_000 for c in s.cash)),
    ("catan", {"bank_per_resource": 20}, lambda s: sum(s.bank) + sum(map(sum, s.hands)) == 100),
    ("factories", {"blank_pegs": 4}, lambda s: s.blanks_left == [4, 4, 4]),
    ("trade-feud", {"development_deck": (10, 2, 2, 2, 5)}, lambda s: sum(s.dev_deck) == 21),
])
def test_a_changed_start_number_changes_the_start(name, setting, read):
    state = gamekit.game(name).new(players=3, seed=2, **setting)
    assert read(state)

