"""Checks for restoring saved games and reading settings and service input, one set for every game
(rule ``protocol-saving``).

Each check returns the value when it is good and raises ``ValueError`` naming the part of the save
(``where``) that is wrong otherwise; :meth:`gamekit.Game.from_json` turns that into ``InvalidSave``.
A boolean is never taken for a number (``True`` is an ``int`` to Python, never to a save), which is
what the test ``isinstance(x, bool) or not isinstance(x, int)`` written by hand meant:
:func:`is_integer` is that test, once.

>>> integers([3, 0, 5], "stones", length=3, low=0)
[3, 0, 5]
>>> integer(True, "turn")
Traceback (most recent call last):
ValueError: turn must be an integer, not True
>>> integer(7, "the green die", 1, 8), is_integer(2.0), flag(False, "attacked")
(7, False, False)
>>> record({"turn": 1}, "the state", {"turn", "phase"})
Traceback (most recent call last):
ValueError: the state's keys are wrong: missing ['phase'], unexpected []
>>> one_of("act", "phase", ("draw", "act"))
'act'
>>> each([[1, 2], [3]], "hands", lambda h, where: integers(h, where, low=0)), optional(None, "winner")
([[1, 2], [3]], None)
>>> integers([4, -1], "bank", low=0)
Traceback (most recent call last):
ValueError: bank[1] = -1 is outside 0..
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import Any

__all__ = [
    "is_integer",
    "shown_number",
    "counted",
    "integer",
    "integers",
    "flag",
    "one_of",
    "listing",
    "record",
    "optional",
    "each",
    # the first names of these checks, kept for the code that uses them
    "whole",
    "require_int",
    "require_list",
    "require_ints",
    "require_bool",
]


def is_integer(value: Any) -> bool:
    """Whether ``value`` is a whole number: an ``int`` and not a ``bool``."""
    return type(value) is int or (isinstance(value, int) and not isinstance(value, bool))


#: Whole numbers this long or longer are described in messages, not written out (a score of 10**400
#: in an edited save would fill the screen).
LONG_DIGITS = 16


def shown_number(value: Any) -> str:
    """A number as a message shows it: whole numbers with thousands separators, a very long one as
    its length (``a number of 401 digits``), anything else as its ``repr``.

    >>> shown_number(250000), shown_number(-10**400), shown_number("7")
    ('250,000', 'a number of 401 digits', "'7'")
    """
    if is_integer(value):
        digits = len(str(abs(value)))
        return f"a number of {digits} digits" if digits >= LONG_DIGITS else f"{value:,}"
    return repr(value)


def counted(n: int, word: str, plural: str | None = None) -> str:
    """``n`` things in words people read: ``1 colour``, ``2 colours``, ``0 sales markers``,
    ``12,000 euros`` (never "1 colours" or "0 marker(s)").

    >>> counted(1, "colour"), counted(0, "sales marker"), counted(12000, "euro"), counted(2, "city", "cities")
    ('1 colour', '0 sales markers', '12,000 euros', '2 cities')
    """
    return f"{n:,} {word if n == 1 else (plural or word + 's')}"


def integer(value: Any, where: str, low: int | None = None, high: int | None = None) -> int:
    """``value``, a whole number within ``low..high`` (either bound may be left open)."""
    if not is_integer(value):
        raise ValueError(f"{where} must be an integer, not {shown_number(value) if isinstance(value, int) else repr(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        shown = value if abs(value) < 10 ** (LONG_DIGITS - 1) else shown_number(value)
        raise ValueError(f"{where} = {shown} is outside {'' if low is None else low}..{'' if high is None else high}")
    return value


def listing(value: Any, where: str, length: int | None = None) -> list[Any]:
    """``value``, a list (of ``length`` entries if given)."""
    if not isinstance(value, list):
        raise ValueError(f"{where} must be a list, not {value!r}")
    if length is not None and len(value) != length:
        raise ValueError(f"{where} must have {length} entries, not {len(value)}")
    return value


def integers(value: Any, where: str, length: int | None = None, low: int | None = None,
             high: int | None = None) -> list[int]:
    """A new list of the whole numbers in ``value``, a list (of ``length`` entries if given), each
    within ``low..high``; the first one out of place is named (``where[i]``)."""
    listing(value, where, length)
    if value and set(map(type, value)) == {int} and (low is None or low <= min(value)) \
            and (high is None or max(value) <= high):
        return list(value)  # the usual case, checked at C speed
    return [integer(v, f"{where}[{i}]", low, high) for i, v in enumerate(value)]


def optional(value: Any, where: str, low: int | None = None, high: int | None = None) -> int | None:
    """``value``, ``None`` or a whole number within ``low..high``."""
    return None if value is None else integer(value, where, low, high)


def each(value: Any, where: str, read: Callable[[Any, str], Any], length: int | None = None) -> list[Any]:
    """A new list of ``read(item, "where[i]")`` for each item of ``value``, a list (of ``length``
    entries if given): e.g. ``each(data["hands"], "hands", lambda h, w: integers(h, w, 5, 0), players)``."""
    return [read(v, f"{where}[{i}]") for i, v in enumerate(listing(value, where, length))]


def flag(value: Any, where: str) -> bool:
    """``value``, ``True`` or ``False`` (never a number standing for one)."""
    if not isinstance(value, bool):
        raise ValueError(f"{where} must be true or false, not {value!r}")
    return value


def one_of(value: Any, where: str, choices: Iterable[Any]) -> Any:
    """``value``, one of ``choices`` (compared by equality; a ``bool`` never stands for ``0`` or ``1``)."""
    choices = list(choices)
    if isinstance(value, bool) and not any(isinstance(c, bool) for c in choices):
        raise ValueError(f"{where} must be one of {choices}, not {value!r}")
    try:
        if value in choices:
            return value
    except TypeError:  # an unhashable value compared with hashable choices
        pass
    raise ValueError(f"{where} must be one of {choices}, not {value!r}")


def record(value: Any, where: str, keys: Collection[str]) -> dict[str, Any]:
    """``value``, an object with exactly the keys ``keys`` (a save holds no key the game does not read)."""
    if not isinstance(value, dict):
        raise ValueError(f"{where} must be an object, not {value!r}")
    if set(value) != set(keys):
        missing, extra = sorted(set(keys) - set(value)), sorted(set(value) - set(keys), key=str)
        raise ValueError(f"{where}'s keys are wrong: missing {missing}, unexpected {extra}")
    return value


# The first names of these checks (ITC's restore used them first).
whole = is_integer
require_int = integer
require_list = listing
require_ints = integers
require_bool = flag
