"""The Transportspelet chapter's widget "Roll and move" (chapter ``transportspelet``)."""

from __future__ import annotations

from typing import Any

from .base import RulesWidget, css_for, esm_for


class RollAndMove(RulesWidget):
    """Roll and move (rules ``transport-dice``, ``transport-movement``, ``transport-blocking``,
    ``transport-telegrams``, ``transport-mode-change``): the reader runs player 1's two transports in a
    two-player game; start them, roll, assign the dice, see both moves, blocked pieces shuttling and the
    telegrams drawn on 1s and 6s, with the exact chance of a telegram and of arriving within n rolls.

    >>> w = RollAndMove(seed=1962)
    >>> w.view["choices"][0]["label"]
    'dispatch card 22 by car to Berlin'
    """

    _esm = esm_for("transportspelet")
    _css = css_for("transportspelet")

    def __init__(self, seed: int = 1962, **kwargs: Any) -> None:
        super().__init__(service="transportspelet.move", **kwargs)
        self._start(seed=seed)
