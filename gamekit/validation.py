"""Checks for restoring saved games, shared by every game's ``_restore`` (rule ``protocol-saving``).

Each check returns the value when it is good and raises ``ValueError`` naming the part of the save
that is wrong otherwise; :meth:`gamekit.Game.from_json` turns that into ``InvalidSave``.

>>> require_ints([3, 0, 5], "stones", length=3, low=0)
[3, 0, 5]
>>> require_int(True, "turn")
Traceback (most recent call last):
ValueError: turn must be an integer, not True
"""

from __future__ import annotations

from typing import Any

__all__ = ["whole", "require_int", "require_list", "require_ints", "require_bool"]


def whole(value: Any) -> bool:
    """Whether ``value`` is a whole number (an ``int``, not a ``bool``)."""
    return type(value) is int


def require_int(value: Any, what: str, low: int | None = None, high: int | None = None) -> int:
    """``value``, a whole number within ``low..high`` (either bound may be left open)."""
    if not whole(value):
        raise ValueError(f"{what} must be an integer, not {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"{what} = {value} is outside {low}..{high}")
    return value


def require_bool(value: Any, what: str) -> bool:
    """``value``, ``True`` or ``False`` (not a number standing for one).

    >>> require_bool(1, "open")
    Traceback (most recent call last):
    ValueError: open must be true or false, not 1
    """
    if not isinstance(value, bool):
        raise ValueError(f"{what} must be true or false, not {value!r}")
    return value


def require_list(value: Any, what: str, length: int | None = None) -> list[Any]:
    """``value``, a list (of ``length`` entries if given)."""
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list, not {value!r}")
    if length is not None and len(value) != length:
        raise ValueError(f"{what} must have {length} entries, not {len(value)}")
    return value


def require_ints(value: Any, what: str, length: int | None = None, low: int | None = None,
                 high: int | None = None) -> list[int]:
    """``value``, a list of whole numbers within ``low..high``."""
    return [require_int(v, f"{what}[{i}]", low, high) for i, v in enumerate(require_list(value, what, length))]
