"""The Trade Feud chapter's widget "Build a trade connection" (chapter ``trade-feud``)."""

from __future__ import annotations

from typing import Any

from .base import RulesWidget, css_for, esm_for


class TradeConnection(RulesWidget):
    """Build a trade connection (rules ``trade-feud-connection``, ``trade-feud-branching``,
    ``trade-feud-connection-illegal``, ``seafarers-ship``, ``catan-road``): a small sea with three
    players' settlements; place ships and roads for any of them; illegal placements are refused with
    the rule; a connection shows who contributed more, the token that moves and the pieces that return.

    >>> widget = TradeConnection()
    >>> for edge in (17, 18, 19):  # Red's ships along the coast to White's settlement
    ...     _ = widget.act(kind="place", edge=edge)
    >>> widget.view["tokens"]
    'Victory point tokens: Red 2, Blue 1, White 0'
    >>> widget.view["connections"][0]["token"]
    'White gives a victory point token to Red.'
    """

    _esm = esm_for("trade_feud")
    _css = css_for("trade_feud")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(service="trade-feud.connection", **kwargs)
        self._start()
