"""The lessons' widgets (notebooks ``lesson-*.ipynb``), on the shared runtime.

:class:`DiceSums` (lesson 1): choose how many six-sided dice to add, roll the sum 10, 100 or 1,000
times at a click, and watch the shares of the sums approach the exact distribution and the running
mean approach the exact mean. Service: ``lessons.dice_sums`` (:mod:`gamekit.web.lessons`).

:class:`CatanProduction` (lesson 6): pick the numbers of the hexes around a settlement (or one of the
lesson's starting positions), roll 2d6 for 1, 10, 100 or 1,000 turns at a click, and see how often
each hex produced against its exact chance per turn, and the cards per turn against the exact
expected income. Service: ``lessons.catan_production``.
"""

from __future__ import annotations

from typing import Any

from .base import RulesWidget, css_for, esm_for


class DiceSums(RulesWidget):
    """The law of large numbers with the sum of ``dice`` d6, seeded.

    >>> w = DiceSums(dice=2, seed=7)
    >>> w.act(kind="roll", n=100)["rolls"]
    100
    >>> round(w.situation["total"] / 100, 2) == round(w.situation["trail"][-1][1], 2)
    True
    """

    _esm = esm_for("dice_sums")
    _css = css_for("dice_sums")

    def __init__(self, dice: int = 2, seed: int = 2026, **kwargs: Any) -> None:
        super().__init__(service="lessons.dice_sums", **kwargs)
        self._start(action={"kind": "setup", "dice": dice, "seed": seed})


class CatanProduction(RulesWidget):
    """What the hexes around one settlement produce, turn after turn, seeded (lesson 6).

    ``start`` is one of the lesson's starting positions (``"lesson-1"``, ``"lesson-2"``, ``"best"``,
    ``"rare"``) or ``"own"`` with ``numbers`` (one to three of 2-6 and 8-12).

    >>> w = CatanProduction(start="own", numbers=[6, 8], seed=7)
    >>> w.view["total"]["exact"]
    '5/18 ≈ 0.278'
    >>> w.act(kind="roll", n=100)["turns"]
    100
    """

    _esm = esm_for("catan_production")
    _css = css_for("catan_production")

    def __init__(self, start: str = "lesson-1", numbers: list[int] | None = None, seed: int = 1995, **kwargs: Any) -> None:
        super().__init__(service="lessons.catan_production", **kwargs)
        action: dict[str, Any] = {"kind": "setup", "start": start, "seed": seed}
        if numbers is not None:
            action["numbers"] = list(numbers)
        self._start(action=action)
