"""Factory production and investment as pure functions, with exact chances.

Rule ``factories-production`` (basic): at every production roll the *red* die's number picks
the pegs that produce; every visible peg showing that number gives its owner one card of the
resource of the hex its hole faces. Rule ``solcher-production`` (Godwin Solcher's variant): two
same-coloured production dice and a colour die are rolled; only the factories of the player whose
colour the colour die shows produce, and each of their pegs produces once for every die showing
its number (the sum does not count; a double pays twice). Rule ``factories-robber``: the robber
blocks only the peg facing its hex.

Rule ``factories-investment``: an investment rolls a d6; a number not yet in one of the
investor's factories places that numbered peg; otherwise it is a failed investment
(``factories-failed-investment``): a blank peg goes in, or, with no blank peg left, an unplaced
numbered peg turned over.

>>> from gamekit.catan.production import Factory, factory_yield
>>> c = Factory("green", ((1, "brick"), (5, "brick")))
>>> factory_yield([c], (1, 5), "green", rule="solcher")
{'green': {'brick': 2}}
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..dice import COLOURS
from ..validation import is_integer
from . import RESOURCES

__all__ = [
    "Peg",
    "Factory",
    "peg_multiplicity",
    "factory_yield",
    "failure_chance",
    "expected_investments",
    "numbers_distribution",
    "expected_yield",
    "investment_peg",
    "invest",
    "Investment",
    "check_investment",
    "peg_hole",
    "pegs_paid",
    "NUMBERS",
    "RED_DIE_READINGS",
]

#: The numbered pegs (one each), matching the faces of the investment die.
NUMBERS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)

#: Readings of the basic rule's "bestimmt der rote Würfel welche Fabriken Erträge bringen. Die
#: Eigentümer bekommen für jede sichtbare (gewürfelte) Zahl ... den entsprechenden Rohstoff"
#: (rule ``factories-production``): ``"pegs"``, each visible peg showing the red die's number
#: pays; ``"factories"``, the red die picks every factory holding its number and all visible pegs
#: of those factories pay.
RED_DIE_READINGS: tuple[str, ...] = ("pegs", "factories")


@dataclass(frozen=True)
class Peg:
    """A peg in a factory hole: its visible number (``None`` for a blank or turned-over peg), the
    resource of the hex its hole faces (``None`` for the desert or the sea), and whether the robber
    stands on that hex (rule ``factories-robber``)."""

    number: int | None
    resource: str | None
    blocked: bool = False

    def __post_init__(self) -> None:
        if self.number is not None and (isinstance(self.number, bool) or self.number not in NUMBERS):
            raise ValueError(f"a peg's number is 1-6 or None (blank), not {self.number!r}")
        if self.resource is not None and self.resource not in RESOURCES:
            raise ValueError(f"a peg faces one of {RESOURCES} or nothing, not {self.resource!r}")


@dataclass(frozen=True)
class Factory:
    """A factory for :func:`factory_yield`: its owner's colour and up to three pegs.

    Pegs may be given as :class:`Peg` values or as ``(number, resource)`` /
    ``(number, resource, blocked)`` tuples.
    """

    colour: str
    pegs: tuple[Peg, ...] = ()

    def __post_init__(self) -> None:
        pegs = tuple(p if isinstance(p, Peg) else Peg(*p) for p in self.pegs)
        if len(pegs) > 3:
            raise ValueError("a factory has three holes")
        object.__setattr__(self, "pegs", pegs)

    @property
    def derelict(self) -> bool:
        """Rule ``factories-derelict``: without a numbered peg a factory produces nothing."""
        return all(p.number is None for p in self.pegs)


def peg_multiplicity(number: int, dice: Sequence[int], rule: str) -> int:
    """How often a visible peg ``number`` produces for the production dice ``dice``.

    ``basic`` (rule ``factories-production``): ``dice`` are (white, red); 1 if the red die shows
    the number. ``solcher`` (rule ``solcher-production``): one for each die showing the number.
    """
    if rule == "basic":
        return 1 if dice[1] == number else 0
    if rule == "solcher":
        return (dice[0] == number) + (dice[1] == number)
    raise ValueError(f"unknown production rule {rule!r}")


def pegs_paid(numbers: Sequence[int | None], dice: Sequence[int], rule: str, red_die_picks: str = "pegs") -> list[int]:
    """How often each peg of one factory produces for the production dice ``dice``.

    ``numbers`` are the factory's pegs' visible numbers (``None``, 0 or a negative value for a blank
    peg, a turned-over one or an empty hole, which never produce). Under the basic rule's reading
    ``red_die_picks="factories"`` (rule ``factories-production``) the red die ``dice[1]`` picks
    the factory when one of its visible pegs shows its number, and then every visible peg pays
    once; otherwise each peg pays :func:`peg_multiplicity` times.

    >>> pegs_paid((2, 5, 6), (3, 5), "basic")
    [0, 1, 0]
    >>> pegs_paid((2, 5, 6), (3, 5), "basic", red_die_picks="factories")
    [1, 1, 1]
    """
    if red_die_picks not in RED_DIE_READINGS:
        raise ValueError(f"red_die_picks is one of {RED_DIE_READINGS}, not {red_die_picks!r}")
    visible = [n if n is not None and n > 0 else 0 for n in numbers]
    if rule == "basic" and red_die_picks == "factories":
        picked = dice[1] in visible
        return [1 if picked and n else 0 for n in visible]
    return [peg_multiplicity(n, dice, rule) if n else 0 for n in visible]


def factory_yield(
    factories: Iterable[Factory],
    dice: Sequence[int],
    colour: str | None = None,
    rule: str = "solcher",
    red_die_picks: str = "pegs",
) -> dict[str, dict[str, int]]:
    """What factories produce for one roll: owner colour to resource to count (positive counts only).

    ``dice`` are the two production dice (for the basic rule: white then red); ``colour`` is the
    colour die (used by the ``solcher`` rule only); ``red_die_picks`` the reading of the basic rule
    (see :data:`RED_DIE_READINGS`). Blank pegs, pegs facing the desert or the sea and pegs blocked
    by the robber produce nothing (under the reading ``"factories"`` a blocked peg still lets the
    red die pick its factory).
    """
    if len(dice) != 2 or any(d not in NUMBERS for d in dice):
        raise ValueError(f"two production dice 1-6, not {dice!r}")
    if rule == "solcher" and colour not in COLOURS:
        raise ValueError(f"the colour die shows one of {COLOURS}, not {colour!r}")
    out: dict[str, dict[str, int]] = {}
    for factory in factories:
        if rule == "solcher" and factory.colour != colour:
            continue  # rule solcher-production: wrong colour
        paid = pegs_paid([peg.number for peg in factory.pegs], dice, rule, red_die_picks)
        for peg, times in zip(factory.pegs, paid):
            if peg.resource is None or peg.blocked:
                continue
            if times:
                got = out.setdefault(factory.colour, {})
                got[peg.resource] = got.get(peg.resource, 0) + times
    return out


HOLES = 3


def check_investment(free_holes: Sequence[int], numbers_left: Sequence[int], blanks_left: int) -> None:
    """May a player invest in a factory with these free holes (rule ``factories-investment``)? No
    investing into a full factory, and a peg must be left. Raises :class:`~gamekit.IllegalAction`.
    The engine and the widget "Trial a factory investment" both ask this."""
    from ..core import IllegalAction

    if not free_holes:
        raise IllegalAction("this factory is full (three pegs): no investing into a full factory", "factories-investment")
    if not numbers_left and not blanks_left:
        raise IllegalAction("no pegs left", "factories-investment")


def peg_hole(free_holes: Sequence[int], hole: Any) -> int:
    """The hole the investor puts the peg into (rule ``factories-investment``, "an beliebiger
    Stelle"): one of the free holes. With one free hole the peg goes there by itself."""
    from ..core import IllegalAction

    if not is_integer(hole) or not 0 <= hole < HOLES:
        raise IllegalAction(f"a factory has holes 0, 1 and 2, not {hole!r}", "factories-investment")
    if hole not in free_holes:
        raise IllegalAction(f"hole {hole} already holds a peg: put the peg into a free hole", "factories-investment")
    return hole


def investment_peg(number: int, numbers_left: Sequence[int], blanks_left: int) -> tuple[int, tuple[int, ...], int]:
    """The peg an investment puts into the factory (rules ``factories-investment``,
    ``factories-failed-investment``), given the number rolled and the investor's unplaced pegs.

    A number still unplaced goes in (the result is that number). A number already placed (or
    turned over) is a failed investment: a blank peg goes in (result 0) while there is one, else
    the lowest unplaced numbered peg goes in turned over (result 0; that number is lost). Returns
    ``(peg, numbers_left, blanks_left)`` after the investment.
    """
    left = tuple(sorted(numbers_left))
    if number in left:
        return number, tuple(n for n in left if n != number), blanks_left
    if blanks_left:
        return 0, left, blanks_left - 1
    if not left:
        raise ValueError("no peg left to invest with")
    return 0, left[1:], blanks_left


@dataclass(frozen=True)
class Investment:
    """What one investment did (rules ``factories-investment``, ``factories-failed-investment``):
    the ``peg`` that goes in (its number, 0 for a blank or turned-over peg), the investor's pegs
    left afterwards (``numbers_left``, ``blanks_left``) and the ``hole`` it went into, or ``None``
    when more than one hole is free and the investor chooses (:func:`peg_hole`)."""

    peg: int
    numbers_left: tuple[int, ...]
    blanks_left: int
    hole: int | None


def invest(free_holes: Sequence[int], number: int, numbers_left: Sequence[int], blanks_left: int) -> Investment:
    """Invest in a factory with these free holes, the d6 having shown ``number``: the peg
    (:func:`investment_peg`) and where it goes: by itself into the only free hole, else the
    investor chooses. Checks first (:func:`check_investment`). The engine's ``Invest`` and the
    widget "Trial a factory investment" both carry an investment out with this."""
    check_investment(free_holes, numbers_left, blanks_left)
    peg, left, blanks = investment_peg(number, numbers_left, blanks_left)
    return Investment(peg, left, blanks, free_holes[0] if len(free_holes) == 1 else None)


def failure_chance(placed: Iterable[int]) -> Fraction:
    """The chance that the next investment fails (rule ``factories-failed-investment``), given the
    numbers already in the investor's factories (or turned over): each such number fails."""
    gone = {n for n in placed if n in NUMBERS}
    return Fraction(len(gone), len(NUMBERS))


def expected_investments(k: int, already: int = 0) -> Fraction:
    """The expected number of investments to place ``k`` different numbers, starting with
    ``already`` placed, if pegs and holes never ran out (the coupon collector's sum)."""
    if not 0 <= already <= k <= len(NUMBERS):
        raise ValueError(f"0 <= already <= k <= 6, not already={already}, k={k}")
    return sum((Fraction(6, 6 - i) for i in range(already, k)), Fraction(0))


def numbers_distribution(investments: int, blank_pegs: int = 3) -> dict[int, Fraction]:
    """Exact distribution of how many numbered pegs are placed after ``investments`` investments
    with a supply of six numbered and ``blank_pegs`` blank pegs.

    Each failed investment uses a blank peg while there is one, then turns over an unplaced
    numbered peg, which is lost for good (rule ``factories-failed-investment``), so the chance
    of success falls with every failure too.
    """
    if investments < 0 or investments > len(NUMBERS) + blank_pegs:
        raise ValueError(f"between 0 and {len(NUMBERS) + blank_pegs} investments (one peg each)")
    states: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}  # (numbers placed, failures)
    for _ in range(investments):
        nxt: dict[tuple[int, int], Fraction] = {}
        for (placed, failed), p in states.items():
            lost = max(0, failed - blank_pegs)
            good = Fraction(len(NUMBERS) - placed - lost, len(NUMBERS))
            if good:
                key = (placed + 1, failed)
                nxt[key] = nxt.get(key, Fraction(0)) + p * good
            if good != 1:
                key = (placed, failed + 1)
                nxt[key] = nxt.get(key, Fraction(0)) + p * (1 - good)
        states = nxt
    out: dict[int, Fraction] = {}
    for (placed, _), p in states.items():
        out[placed] = out.get(placed, Fraction(0)) + p
    return dict(sorted(out.items()))


def expected_yield(
    pegs: Iterable[Any],
    rule: str = "basic",
    colour: str = "red",
    colours: Sequence[str] = COLOURS,
    produce_on_seven: bool = True,
    red_die_picks: str = "pegs",
) -> dict[str, Fraction]:
    """A factory's expected yield per production roll, resource by resource, exactly.

    ``pegs`` as for :class:`Factory`. Enumerates every roll (36 dice results, times the six faces
    of the colour die under the ``solcher`` rule) through :func:`factory_yield`;
    ``produce_on_seven`` is the game's setting ``factories_produce_on_seven`` (off: a roll whose sum
    is 7 yields nothing) and ``red_die_picks`` its reading of the basic rule. Basic rule, reading
    ``"pegs"``: a visible peg facing a resource yields 1/6 of a card per roll, 5/36 without the 7;
    Solcher's: 1/6 (colour) times 2/6 (either die) = 1/18, 5/108 without the 7.

    >>> expected_yield([(4, "ore")], produce_on_seven=False)
    {'ore': Fraction(5, 36)}
    """
    factory = Factory(colour, tuple(pegs))
    total: dict[str, Fraction] = {}
    faces = list(colours) if rule == "solcher" else [None]
    weight = Fraction(1, 36 * len(faces))
    for face in faces:
        for a in NUMBERS:
            for b in NUMBERS:
                if a + b == 7 and not produce_on_seven:
                    continue
                for got in factory_yield([factory], (a, b), face, rule, red_die_picks).values():
                    for resource, n in got.items():
                        total[resource] = total.get(resource, Fraction(0)) + weight * n
    return total
