"""gamekit.validation, the one set of checks every game's restore, options and services use
(label protocol-saving): a boolean is never a number, and a list is checked whole or its first
wrong entry is named."""

from __future__ import annotations

import pytest

from gamekit.validation import each, flag, integer, integers, is_integer, listing, one_of, optional, record


class Count(int):
    """An integer type other than int (as numpy's or an IntEnum would be)."""


@pytest.mark.parametrize("value,expected", [
    (0, True), (-7, True), (2**70, True), (Count(3), True),
    (True, False), (False, False), (2.0, False), ("2", False), (None, False), ([2], False),
])
def test_is_integer_takes_whole_numbers_and_never_a_boolean(value, expected):
    assert is_integer(value) is expected


def test_integer_names_the_value_and_its_bounds():
    assert integer(5, "turn", 0, 5) == 5
    with pytest.raises(ValueError, match="turn = 6 is outside 0..5"):
        integer(6, "turn", 0, 5)
    with pytest.raises(ValueError, match="turn = -1 is outside 0.."):
        integer(-1, "turn", 0)
    with pytest.raises(ValueError, match="turn must be an integer, not True"):
        integer(True, "turn")
    assert optional(None, "winner", 0, 3) is None and optional(2, "winner", 0, 3) == 2


@pytest.mark.parametrize("values", [[0, 3, 19], [], [5] * 1000])
def test_integers_returns_a_new_list(values):
    got = integers(values, "bank", len(values), 0, 19)
    assert got == values and got is not values


@pytest.mark.parametrize("values,message", [
    ([0, True, 2], r"bank\[1\] must be an integer, not True"),
    ([0, 2.0], r"bank\[1\] must be an integer, not 2.0"),
    ([0, 20], r"bank\[1\] = 20 is outside 0..19"),
    ([-1, 0], r"bank\[0\] = -1 is outside 0..19"),
    ("0, 1", "bank must be a list"),
])
def test_integers_names_the_first_wrong_entry(values, message):
    with pytest.raises(ValueError, match=message):
        integers(values, "bank", None, 0, 19)


def test_lists_records_flags_and_choices():
    with pytest.raises(ValueError, match="hands must have 4 entries, not 3"):
        listing([[], [], []], "hands", 4)
    assert each([[1], [2, 3]], "hands", lambda h, where: integers(h, where, low=0)) == [[1], [2, 3]]
    with pytest.raises(ValueError, match=r"hands\[1\]\[0\] = -2 is outside 0.."):
        each([[1], [-2]], "hands", lambda h, where: integers(h, where, low=0))
    with pytest.raises(ValueError, match=r"missing \['b'\], unexpected \['c'\]"):
        record({"a": 1, "c": 2}, "the state", ("a", "b"))
    with pytest.raises(ValueError, match="attacked must be true or false, not 1"):
        flag(1, "attacked")
    with pytest.raises(ValueError, match="must be one of"):
        one_of(True, "die", (0, 1))
    with pytest.raises(ValueError, match="must be one of"):
        one_of([1], "phase", ("roll",))
