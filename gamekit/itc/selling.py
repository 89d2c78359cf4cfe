"""Selling goods in a continent or the grey market, and placing the sales markers a sale needs, as
pure functions (rules ``itc-selling``, ``itc-placing-markers``).

The rule: each continent point sells one goods colour completely; colours are sold cheapest first;
at the start of the sale the player needs at least as many sales markers in that place as the
largest number of cubes among the colours being sold; and each colour sold returns one of those
markers at the end of the sale, so a player cannot sell more colours than they have markers.

>>> from gamekit.itc.selling import sellable
>>> north_america = {"black": 7, "red": 1, "green": 3, "yellow": 8, "blue": 4}
>>> sale = sellable(north_america, markers=7, points=3)      # rule itc-selling-example-1
>>> sale.colours, sale.profit, sale.markers_returned
(('black', 'red', 'green'), 16500, 3)
>>> sellable({"black": 2, "red": 1, "green": 1, "yellow": 1}, markers=3, points=4).colours  # itc-selling-example-2
('black', 'red', 'green')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..core import IllegalAction
from ..validation import is_integer
from .data import COLOURS, RESALE_BY_INDEX

__all__ = ["Sale", "sellable", "sale_options", "best_plan", "Plan", "max_colours", "cheapest_colours",
           "MARKER_COST", "marker_refusal"]

#: Rule ``itc-placing-markers``: each sales marker placed costs one continent point ("Pro Aktionspunkt
#: ... darf ein Verkaufsstein ... plaziert werden"), as printed; a game reads its setting ``marker_cost``.
MARKER_COST = 1


def marker_refusal(points: int, stones: int | None = None, cost: int = MARKER_COST) -> IllegalAction | None:
    """Why a sales marker cannot be placed now, or ``None`` if it can (rules ``itc-placing-markers``,
    ``itc-continent-points``, ``itc-markers``): it costs ``cost`` continent points (the setting
    ``marker_cost``, printed :data:`MARKER_COST`: one), and the marker is one of the player's
    ``stones`` (``None``: the supply is not counted, as in the book's trial of one continent).

    >>> marker_refusal(points=1) is None, marker_refusal(points=0).rule, marker_refusal(3, stones=0).rule
    (True, 'itc-continent-points', 'itc-markers')
    >>> str(marker_refusal(points=1, cost=2))
    'placing a sales marker needs 2 continent points (green die or red leftover points) [rule: itc-continent-points]'
    """
    if points < cost:
        need = "a continent point" if cost == 1 else f"{cost} continent points"
        return IllegalAction(f"placing a sales marker needs {need} (green die or red leftover points)",
                             "itc-continent-points")
    if stones is not None and stones <= 0:
        return IllegalAction("you have no stone left to use as a sales marker", "itc-markers")
    return None


@dataclass(frozen=True)
class Sale:
    """One sale: the colours sold (cheapest first), the cubes of each, the profit and the markers
    returned (one per colour sold, which is also the number of continent points it costs)."""

    colours: tuple[str, ...]
    cubes: tuple[int, ...]
    profit: int
    markers_returned: int

    @property
    def points(self) -> int:
        """Continent points the sale costs: one per colour."""
        return len(self.colours)

    def __str__(self) -> str:
        if not self.colours:
            return "nothing can be sold"
        parts = ", ".join(f"{n} {c}" for c, n in zip(self.colours, self.cubes))
        return f"sell {parts} for {self.profit:,} (returns {self.markers_returned} markers)"


def max_colours(counts: list[int] | tuple[int, ...], markers: int, points: int) -> int:
    """How many colours (cheapest first, empty colours skipped) may be sold at most, given the
    cube counts by colour index (cheapest first). The engine's fast path for rule ``itc-selling``."""
    limit = points if points < markers else markers
    k = 0
    if limit <= 0:
        return 0
    for n in counts:
        if n:
            if n > markers:
                break
            k += 1
            if k == limit:
                break
    return k


def _counts(goods: Mapping[str, int]) -> list[int]:
    if not isinstance(goods, Mapping):
        raise ValueError(f"goods are a mapping colour -> number of cubes, not {goods!r}")
    unknown = sorted(set(goods) - set(COLOURS))
    if unknown:
        raise ValueError(f"unknown goods colours {unknown}; the colours are {list(COLOURS)}")
    counts = []
    for c in COLOURS:
        n = goods.get(c, 0)
        if not is_integer(n) or n < 0:
            raise ValueError(f"the number of {c} cubes must be a whole number >= 0, not {n!r}")
        counts.append(n)
    return counts


def _whole(name: str, value: int) -> None:
    if not is_integer(value) or value < 0:
        raise ValueError(f"{name} must be a whole number >= 0, not {value!r}")


def cheapest_colours(counts: list[int] | tuple[int, ...], k: int,
                     values: tuple[int, ...] = RESALE_BY_INDEX) -> Sale:
    """The sale of the ``k`` cheapest colours present (rule ``itc-selling``), from the cube counts by
    colour index (cheapest first), at the resale ``values`` by colour index (the printed ones unless
    a game's setting ``resale_values`` changes them); whether it is allowed is :func:`max_colours`'s
    question. The engine sells with this.

    >>> cheapest_colours([0, 2, 1, 0, 4, 0], 2).colours   # no black cubes: white and red
    ('white', 'red')
    """
    return _sale(list(counts), k, values)


def _sale(counts: list[int], k: int, values: tuple[int, ...] = RESALE_BY_INDEX) -> Sale:
    colours, cubes, profit = [], [], 0
    for i, n in enumerate(counts):
        if len(colours) == k:
            break
        if n:
            colours.append(COLOURS[i])
            cubes.append(n)
            profit += n * values[i]
    return Sale(tuple(colours), tuple(cubes), profit, len(colours))


def sale_options(goods: Mapping[str, int], markers: int, points: int) -> list[Sale]:
    """Every sale allowed (rule ``itc-selling``): selling the 1, 2, ... cheapest colours present,
    as long as the points last, the markers cover the largest count, and one marker per colour
    can be returned."""
    counts = _counts(goods)
    _whole("markers", markers)
    _whole("points", points)
    return [_sale(counts, k) for k in range(1, max_colours(counts, markers, points) + 1)]


def sellable(goods: Mapping[str, int], markers: int, points: int) -> Sale:
    """The largest sale allowed (rule ``itc-selling``): which colours are sold, in the rule's
    order, the profit and the markers returned. An empty sale if nothing may be sold."""
    counts = _counts(goods)
    _whole("markers", markers)
    _whole("points", points)
    return _sale(counts, max_colours(counts, markers, points))


@dataclass(frozen=True)
class Plan:
    """Place ``place`` markers first, then make ``sale`` (rules ``itc-placing-markers``, ``itc-selling``)."""

    place: int
    sale: Sale

    @property
    def profit(self) -> int:
        return self.sale.profit


def best_plan(goods: Mapping[str, int], markers: int, points: int) -> Plan:
    """The most profitable way to spend ``points`` continent points in one place: some on new
    sales markers, the rest on one sale (rule ``itc-selling-example-1`` works this out: place one
    marker, then sell three colours). Ties go to placing fewer markers."""
    counts = _counts(goods)
    _whole("markers", markers)
    _whole("points", points)
    best = Plan(0, _sale(counts, 0))
    for place in range(points + 1):
        sale = _sale(counts, max_colours(counts, markers + place, points - place))
        if sale.profit > best.profit:
            best = Plan(place, sale)
    return best

