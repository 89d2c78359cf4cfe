"""The actions of ITC: small frozen values with a readable ``str``.

Each action has one text form, which :func:`parse_action` reads back (``state.apply("keep red")``):

==================  ==============================================================
sales marker        ``sales marker in North America``, ``sales marker in grey market``
draw                ``draw action card``
dice                ``choose blue and red``, then ``keep red``
transports          ``place card 43 on truck lane 1`` (``... with express``), ``move card 43 to lane 2``,
                    ``express card 43``, ``deliver card 43 to Europe``
selling             ``sell 2 colours in Europe``, ``sell 1 colour in grey market``
grey market         ``attack``
cards               ``play organisation``, ``discard card 95``
end                 ``end turn``
==================  ==============================================================

Cards are named by their number in the game's card table (``state.cards.describe(n)`` prints one),
lanes by their route and their number in it, counted from the left starting at 1.
Each action's docstring names the rule it carries out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from .dice_turn import DICE

__all__ = [
    "PlaceSalesMarker",
    "DrawActionCard",
    "ChooseDice",
    "KeepDie",
    "PlaceTransport",
    "MoveTransport",
    "ExpressMove",
    "DeliverTransport",
    "Sell",
    "Attack",
    "PlayCard",
    "Discard",
    "EndTurn",
    "ACTION_TYPES",
    "intern",
    "parse_action",
]


@dataclass(frozen=True, slots=True)
class PlaceSalesMarker:
    """Put a sales marker into a continent or the grey market (rules ``itc-setup-markers``,
    ``itc-placing-markers``, ``itc-grey-market``): one continent point, or a setup placement."""

    place: str

    def __str__(self) -> str:
        return f"sales marker in {self.place}"


@dataclass(frozen=True, slots=True)
class DrawActionCard:
    """Draw the action card that starts every turn (rules ``itc-action-cards``, ``itc-turn-sequence``)."""

    def __str__(self) -> str:
        return "draw action card"


@dataclass(frozen=True, slots=True)
class ChooseDice:
    """Choose two of the three dice and roll them (rule ``itc-dice``). No rule gives the two an
    order, so they are kept in one canonical order (blue, green, red):
    ``ChooseDice("green", "blue") == ChooseDice("blue", "green")``."""

    first: str
    second: str

    def __post_init__(self) -> None:
        order = DICE
        if self.first in order and self.second in order and order.index(self.first) > order.index(self.second):
            first, second = self.second, self.first
            object.__setattr__(self, "first", first)
            object.__setattr__(self, "second", second)

    def __str__(self) -> str:
        return f"choose {self.first} and {self.second}"


@dataclass(frozen=True, slots=True)
class KeepDie:
    """Keep one of the two rolled dice for this turn (rules ``itc-red-die``, ``itc-dice``)."""

    colour: str

    def __str__(self) -> str:
        return f"keep {self.colour}"


@dataclass(frozen=True, slots=True)
class PlaceTransport:
    """Place a transport card from the hand on the bottom field of a lane (rules
    ``itc-transport-points``, ``itc-lane-colours``), optionally with an Express, Smuggling or Mega
    card under it (``under``: ``"express"``, ``"smuggling"``, ``"mega"`` or ``""``)."""

    card: int
    route: str
    lane: int
    under: str = ""

    def __str__(self) -> str:
        extra = f" with {self.under}" if self.under else ""
        return f"place card {self.card} on {self.route} lane {self.lane}{extra}"

    def public_text(self) -> str:
        """What the other players see of this action (the log's ``public_text``): the card under
        the transport lies face down, so they learn that there is one, not which (rule
        ``itc-customs-check``; see :mod:`gamekit.itc.views`).

        >>> PlaceTransport(12, "ship", 2, "smuggling").public_text()
        'place card 12 on ship lane 2 with a card face down'
        """
        extra = " with a card face down" if self.under else ""
        return f"place card {self.card} on {self.route} lane {self.lane}{extra}"


@dataclass(frozen=True, slots=True)
class MoveTransport:
    """Move one of your transports one field up, into ``lane`` of its route: the same lane, or a
    neighbouring one when the field ahead is blocked (rule ``itc-transport-points``)."""

    card: int
    lane: int

    def __str__(self) -> str:
        return f"move card {self.card} to lane {self.lane}"


@dataclass(frozen=True, slots=True)
class ExpressMove:
    """Move an Express transport to the top field of its lane with one blue point (rule ``itc-express``)."""

    card: int

    def __str__(self) -> str:
        return f"express card {self.card}"


@dataclass(frozen=True, slots=True)
class DeliverTransport:
    """Move a transport off the top field into a continent (rules ``itc-transport-points``, ``itc-arrival``)."""

    card: int
    continent: str

    def __str__(self) -> str:
        return f"deliver card {self.card} to {self.continent}"


@dataclass(frozen=True, slots=True)
class Sell:
    """Sell the ``colours`` cheapest goods colours in a place, one point each (rule ``itc-selling``)."""

    place: str
    colours: int

    def __str__(self) -> str:
        return f"sell {self.colours} colour{'s' if self.colours != 1 else ''} in {self.place}"


@dataclass(frozen=True, slots=True)
class Attack:
    """Attack the grey market with one continent point for the attack markers (rules
    ``itc-grey-market``, ``itc-grey-market-fight``)."""

    def __str__(self) -> str:
        return "attack"


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play an action card of this kind that works on its own ("organisation", rule ``itc-organisation``)."""

    kind: str

    def __str__(self) -> str:
        return f"play {self.kind}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a card from a hand above the limit (rule ``itc-hand-limit``)."""

    card: int

    def __str__(self) -> str:
        return f"discard card {self.card}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn: lost cards and lapsed goods go to the grey market, the next player draws
    (rules ``itc-turn-sequence``, ``itc-full-rows``, ``itc-hand-limit``, ``itc-end``)."""

    def __str__(self) -> str:
        return "end turn"


#: Every kind of ITC action (the log's action types, for saving and loading).
ACTION_TYPES: tuple[type, ...] = (
    PlaceSalesMarker,
    DrawActionCard,
    ChooseDice,
    KeepDie,
    PlaceTransport,
    MoveTransport,
    ExpressMove,
    DeliverTransport,
    Sell,
    Attack,
    PlayCard,
    Discard,
    EndTurn,
)

@cache
def intern(kind: type, *args: Any) -> Any:
    """The one shared instance of ``kind(*args)`` (actions are immutable, so legal-move lists can
    reuse them instead of building new objects each time)."""
    return kind(*args)


_NUMBER = r"(-?\d+)"
_FORMS: tuple[tuple[re.Pattern[str], Any], ...] = tuple(
    (re.compile(pattern + r"\Z"), make)
    for pattern, make in (
        (r"sales marker in (.+)", lambda m: PlaceSalesMarker(m[1])),
        (r"draw action card", lambda m: DrawActionCard()),
        (r"choose (\S+) and (\S+)", lambda m: ChooseDice(m[1], m[2])),
        (r"keep (\S+)", lambda m: KeepDie(m[1])),
        (rf"place card {_NUMBER} on (\S+) lane {_NUMBER}(?: with (\S+))?",
         lambda m: PlaceTransport(int(m[1]), m[2], int(m[3]), m[4] or "")),
        (rf"move card {_NUMBER} to lane {_NUMBER}", lambda m: MoveTransport(int(m[1]), int(m[2]))),
        (rf"express card {_NUMBER}", lambda m: ExpressMove(int(m[1]))),
        (rf"deliver card {_NUMBER} to (.+)", lambda m: DeliverTransport(int(m[1]), m[2])),
        (rf"sell {_NUMBER} colours? in (.+)", lambda m: Sell(m[2], int(m[1]))),
        (r"attack", lambda m: Attack()),
        (r"play (\S+)", lambda m: PlayCard(m[1])),
        (rf"discard card {_NUMBER}", lambda m: Discard(int(m[1]))),
        (r"end turn", lambda m: EndTurn()),
    )
)


def parse_action(text: str) -> Any:
    """The action written ``text`` in its one text form (``str(action)``), or ``None``. Whether it
    is legal is the state's check, which names the rule.

    >>> parse_action("place card 43 on truck lane 1 with express")
    PlaceTransport(card=43, route='truck', lane=1, under='express')
    >>> str(parse_action("sell 2 colours in North America"))
    'sell 2 colours in North America'
    """
    for pattern, make in _FORMS:
        match = pattern.match(text)
        if match:
            return make(match)
    return None


def action_space(state: Any) -> dict[type, list[Any]]:
    """Every ITC action with fields, for OpenSpiel (declared on the game; see :mod:`gamekit.openspiel`):
    sales marker by place (the six continents, then the grey market); choose dice (blue+green,
    blue+red, green+red); keep die (blue, green, red); place transport: card (0 to the card table's
    size - 1) x route (truck, train, ship, plane) x lane (1 to the route's lanes) x under ("",
    express, smuggling, mega); move transport: card x lane 1-3; express card; deliver: card x
    continent; sell: place x colours 1-6; play card by kind (the action card kinds); discard card."""
    from ..core import every
    from .data import CONTINENTS, PLACES, ROUTE_LANES, ROUTES, UNDER_KINDS
    from .dice_turn import DICE_PAIRS
    from .options import ACTION_CARD_KINDS

    cards = range(state.cards.size)
    place = [PlaceTransport(c, ROUTES[r], lane, under) for c in cards for r in range(len(ROUTES))
             for lane in range(1, len(ROUTE_LANES[r]) + 1) for under in ("",) + tuple(UNDER_KINDS)]
    return {
        PlaceSalesMarker: every(PlaceSalesMarker, PLACES),
        ChooseDice: [ChooseDice(a, b) for a, b in DICE_PAIRS],
        KeepDie: every(KeepDie, DICE),
        PlaceTransport: place,
        MoveTransport: every(MoveTransport, cards, (1, 2, 3)),
        ExpressMove: every(ExpressMove, cards),
        DeliverTransport: every(DeliverTransport, cards, CONTINENTS),
        Sell: every(Sell, PLACES, range(1, 7)),
        PlayCard: every(PlayCard, ACTION_CARD_KINDS),
        Discard: every(Discard, cards),
    }
