"""The lessons' widgets (notebooks ``lesson-*.ipynb``), on the shared runtime.

:class:`DiceSums` (lesson 1): choose how many six-sided dice to add, roll the sum 10, 100 or 1,000
times at a click, and watch the shares of the sums approach the exact distribution and the running
mean approach the exact mean. Service: ``lessons.dice_sums`` (:mod:`gamekit.web.lessons`).
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
