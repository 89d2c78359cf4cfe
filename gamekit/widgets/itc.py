"""The ITC chapter's widgets (book chapter ``itc``): the choice of dice, selling in a continent,
the grey-market fight. Each applies the rules of :mod:`gamekit.itc` through :mod:`gamekit.web.itc`.
"""

from __future__ import annotations

from typing import Any

import traitlets

from ..web import call
from ..web.itc import EXPECTATIONS_TABLE
from .base import RulesWidget, css_for, esm_for


class ItcDiceChooser(RulesWidget):
    """Pick two of the blue, green and red dice, roll them, keep one (rules ``itc-dice``,
    ``itc-red-die``); the exact expected points of each pair are shown beside.

    >>> w = ItcDiceChooser(seed=1998)
    >>> w.act(kind="choose", dice=["blue", "red"])["chosen"]
    ['blue', 'red']
    """

    _esm = esm_for("itc_dice")
    _css = css_for("itc")
    expectations = traitlets.List().tag(sync=True)
    expectations_table = traitlets.Dict(help="caption and headings of the expectations table").tag(sync=True)

    def __init__(self, seed: int = 1998, **kwargs: Any) -> None:
        super().__init__(service="itc.dice", **kwargs)
        self.expectations = call("itc.dice_expectations", {})["ok"]
        self.expectations_table = EXPECTATIONS_TABLE
        self._start(situation={"seed": seed})


class SalesMarkers(RulesWidget):
    """A continent with goods cubes and two players' sales markers (rules ``itc-placing-markers``,
    ``itc-selling``): place markers and sell with the continent points; the widget shows what may
    be sold in the rule's order, the profit and the markers returned. ``example=1`` or ``2`` loads
    the rule's worked examples; or give ``goods``, ``markers`` and ``points``.
    """

    _esm = esm_for("itc_market")
    _css = css_for("itc")

    def __init__(self, example: int | None = 1, goods: dict[str, int] | None = None,
                 markers: dict[str, int] | None = None, points: int = 4, player: str = "A", **kwargs: Any) -> None:
        super().__init__(service="itc.market", **kwargs)
        if goods is None:
            self._start(example=example)
        else:
            self._start(situation={"goods": goods, "markers": markers or {"A": 0, "B": 0}, "points": points,
                                   "player": player, "title": ""})


class GreyMarketFight(RulesWidget):
    """The fight for the grey market (rule ``itc-grey-market-fight``): set attackers and defenders,
    roll one exchange at a time or to the end, with the exact chance of winning beside."""

    _esm = esm_for("itc_fight")
    _css = css_for("itc")

    def __init__(self, attackers: int = 3, defenders: int = 2, seed: int = 1998, **kwargs: Any) -> None:
        super().__init__(service="itc.fight", **kwargs)
        self._start(situation={"seed": seed}, action={"kind": "setup", "attackers": attackers, "defenders": defenders})
