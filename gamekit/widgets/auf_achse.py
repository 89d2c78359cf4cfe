"""The Auf Achse chapter's widget (book chapter ``auf-achse``): auction a public contract.
It applies the rules of :mod:`gamekit.auf_achse` through :mod:`gamekit.web.auf_achse`.
"""

from __future__ import annotations

from typing import Any

from .base import RulesWidget, css_for, esm_for


class PublicContractAuction(RulesWidget):
    """The auction of a public contract (rules ``auf-achse-auction-order``, ``auf-achse-chooser-matches``,
    ``auf-achse-offers``, ``auf-achse-payment``), from the worked example's position: red chose
    Berlin-Trieste. The reader plays all four players (``seat="all"``, and can step through the worked
    example) or one of them against bots.

    >>> w = PublicContractAuction()
    >>> for _ in range(7):
    ...     _ = w.act(kind="example")
    >>> w.view["result"].split(";")[0]
    'Green wins the contract and pays 2,800 € at once'
    """

    _esm = esm_for("auf_achse_auction")
    _css = css_for("auf_achse")

    def __init__(self, seat: str = "all", seed: int = 1987, **kwargs: Any) -> None:
        super().__init__(service="auf_achse.auction", **kwargs)
        self._start(seat=seat, seed=seed)
