"""The factories chapter's widget "Trial a factory investment" (chapter ``factories``)."""

from __future__ import annotations

from typing import Any

from .base import RulesWidget, css_for, esm_for


class FactoryInvestment(RulesWidget):
    """Trial a factory investment (rules ``factories-investment``, ``factories-failed-investment``,
    ``factories-production``, ``solcher-production``): invest in up to three factories, each facing
    three hexes, see the exact chance that the next investment fails, then run many production
    rolls and compare the resources gained with the exact expectation under both production rules.

    >>> trial = FactoryInvestment(seed=7)
    >>> trial.act(kind="invest", factory=0)["spent"]
    1
    """

    _esm = esm_for("factories")
    _css = css_for("factories")

    def __init__(self, factories: int = 1, seed: int = 1998, **kwargs: Any) -> None:
        super().__init__(service="factories.trial", **kwargs)
        self._start(seed=seed, factories=factories)
