"""The dice of an ITC turn, in one place (rules ``itc-dice``, ``itc-red-die``): which two dice may be
chosen, rolling them, keeping one, and what the kept die gives. The engine and the dice widget's
service (:mod:`gamekit.web.itc`) both use these functions.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..chance import roll
from ..core import IllegalAction
from ..dice import blue_die, green_die, red_die
from ..rng import Rng
from .probability import DieEffect

#: The three dice, in the rule's order: blue (transport points), green (continent points, eight-sided),
#: red (transport cards; its other points are leftover points).
DICE = ("blue", "green", "red")
DIE_SIDES = {"blue": 6, "green": 8, "red": 6}
#: The pairs a player may choose (rule ``itc-dice``), each in the order of :data:`DICE`.
DICE_PAIRS = (("blue", "green"), ("blue", "red"), ("green", "red"))
#: Each die's roll as a declared chance event (:mod:`gamekit.chance`), named as the log names it
#: (``"blue die"``, ...): one ``randbelow`` of its sides plus one, as :func:`roll_die` draws it.
DIE_EVENTS = {"blue": roll(blue_die, "blue die"), "green": roll(green_die, "green die"), "red": roll(red_die, "red die")}
#: What each die is for, for readers.
DIE_NAMES = {"blue": "blue d6 (transport)", "green": "green d8 (continents)", "red": "red d6 (cards + leftover)"}


def chosen_pair(dice: Iterable[str]) -> tuple[str, str]:
    """The pair chosen (rule ``itc-dice``), in the order of :data:`DICE`; the order a player names
    them in does not matter. Raises :class:`IllegalAction` unless they are two different dice.

    >>> chosen_pair(["red", "blue"])
    ('blue', 'red')
    """
    chosen = list(dice)
    if len(chosen) != 2 or len(set(chosen)) != 2 or not set(chosen) <= set(DICE):
        raise IllegalAction(f"choose two different dice of blue, green and red, not {chosen!r}", "itc-dice")
    first, second = sorted(chosen, key=DICE.index)
    return first, second


def roll_die(rng: Rng, colour: str) -> int:
    """One roll of the ``colour`` die (six sides, eight for green): the same generator call as the
    engine's declared event :data:`DIE_EVENTS` makes.

    >>> from gamekit.rng import Rng
    >>> roll_die(Rng(5), "green") == DIE_EVENTS["green"].sample(Rng(5))
    True
    """
    return rng.randbelow(DIE_SIDES[colour]) + 1


def kept_die(rolled: Iterable[str], colour: str) -> str:
    """The die kept (rule ``itc-dice``): one of the two rolled. Raises :class:`IllegalAction` otherwise."""
    rolled = list(rolled)
    if colour not in rolled:
        raise IllegalAction(f"you rolled {' and '.join(rolled)}; keep one of them, not {colour!r}", "itc-dice")
    return colour


def effect_text(effect: DieEffect) -> str:
    """What keeping a die gives, in words (rules ``itc-dice``, ``itc-red-die``)."""
    def plural(n: int, word: str) -> str:
        return f"{n} {word}{'' if n == 1 else 's'}"

    if effect.colour == "blue":
        return plural(effect.transport, "transport point")
    if effect.colour == "green":
        return plural(effect.continent, "continent point")
    return (f"draw {plural(effect.cards, 'transport card')} and {plural(effect.leftover, 'leftover point')}"
            " (transport or continents)")
