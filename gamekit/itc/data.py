"""The fixed data of ITC: goods, routes, places, and the card decks (loaded from ``cards.json``).

Goods (rule ``itc-goods``), cheapest first, with (transport value, resale value) per cube:
black 2,000/1,000, white 2,500/1,500, red 3,000/2,000, green 3,500/2,500, yellow 4,500/3,000,
blue 6,000/4,000.

Routes (rule ``itc-board``), left to right: truck (2 grey lanes, the longest), train (3 red lanes),
ship (3 blue lanes), plane (2 green lanes, the shortest). Lanes are numbered 0-9 from the left;
fields from 0 (bottom) up, since transports move from bottom to top.

Places: the six continents and the grey market. Only North America is named in the text; the other
five names are an assumption.

The transport deck is data (``cards.json``, rule ``itc-transport-cards``): each card names its two
routes and its goods; an ordinary card marks the good the Mafia robs (``robbed``, the circled good),
a neutral card its printed destination (its robbed good is always the last one). A card's printed
profits are derived: for each of its routes, the upper figure is the goods' transport values times
the route's ``route_profit_percent``; the lower figure (a good robbed) leaves out the robbed good.
Both are rounded down to 500. The action deck is built from the option ``action_deck``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from ..validation import is_integer
from .options import ACTION_CARD_KINDS, ROUTES, ItcOptions

__all__ = [
    "COLOURS",
    "TRANSPORT_VALUE",
    "RESALE_VALUE",
    "ROUTES",
    "ROUTE_COLOURS",
    "ROUTE_LANES",
    "LANE_ROUTE",
    "LANES",
    "CONTINENTS",
    "GREY_MARKET",
    "PLACES",
    "TransportCard",
    "CardTable",
    "card_table",
    "load_transport_cards",
]

#: Goods colours, cheapest first (the order in which they are sold, rule ``itc-selling``).
COLOURS: tuple[str, ...] = ("black", "white", "red", "green", "yellow", "blue")
#: What a good of each colour is worth on a transport, in euros (rule ``itc-goods``).
TRANSPORT_VALUE: dict[str, int] = {
    "black": 2_000, "white": 2_500, "red": 3_000, "green": 3_500, "yellow": 4_500, "blue": 6_000,
}
#: What a good of each colour is worth when sold again in the continents, in euros (rule ``itc-goods``).
RESALE_VALUE: dict[str, int] = {
    "black": 1_000, "white": 1_500, "red": 2_000, "green": 2_500, "yellow": 3_000, "blue": 4_000,
}
_TRANSPORT = tuple(TRANSPORT_VALUE[c] for c in COLOURS)
RESALE_BY_INDEX: tuple[int, ...] = tuple(RESALE_VALUE[c] for c in COLOURS)

#: The colour of each route's lanes on the board.
ROUTE_COLOURS: dict[str, str] = {"truck": "grey", "train": "red", "ship": "blue", "plane": "green"}
#: The lane numbers (0-9, left to right) of each route (by route index).
ROUTE_LANES: tuple[tuple[int, ...], ...] = ((0, 1), (2, 3, 4), (5, 6, 7), (8, 9))
#: The route index of each lane.
LANE_ROUTE: tuple[int, ...] = tuple(r for r, lanes in enumerate(ROUTE_LANES) for _ in lanes)
LANES = len(LANE_ROUTE)

#: The six continents (only North America is named in the text; the rest is an assumption).
CONTINENTS: tuple[str, ...] = ("North America", "South America", "Europe", "Africa", "Asia", "Australia")
#: The name of the grey market, the seventh place that holds goods (rule ``itc-grey-market``).
GREY_MARKET = "grey market"
#: Every place that holds goods and sales markers; index 6 is the grey market.
PLACES: tuple[str, ...] = CONTINENTS + (GREY_MARKET,)
GREY = 6


@dataclass(frozen=True)
class TransportCard:
    """One transport card as printed (rule ``itc-transport-cards``)."""

    neutral: bool
    routes: tuple[str, str]
    goods: tuple[str, ...]
    robbed: int
    destination: str | None

    @property
    def index(self) -> int:
        """The orientation number at the top of the card ("dreistellige Zahl" in the text): the goods'
        transport value in hundreds of euros, so it often has only two digits (assumption "card index")."""
        return sum(TRANSPORT_VALUE[g] for g in self.goods) // 100


def _validate_card(i: int, raw: Any) -> TransportCard:
    where = f"cards.json card {i}"
    if not isinstance(raw, dict):
        raise ValueError(f"{where} is not an object")
    kind = raw.get("kind")
    if kind not in ("transport", "neutral"):
        raise ValueError(f"{where}: kind must be 'transport' or 'neutral', not {kind!r}")
    routes = raw.get("routes")
    if not isinstance(routes, list) or len(routes) != 2 or routes[0] == routes[1] or not all(r in ROUTES for r in routes):
        raise ValueError(f"{where}: routes must be two different routes of {ROUTES}, not {routes!r}")
    goods = raw.get("goods")
    if not isinstance(goods, list) or not 1 <= len(goods) <= 8 or not all(g in COLOURS for g in goods):
        raise ValueError(f"{where}: goods must be 1-8 colours of {COLOURS}, not {goods!r}")
    if kind == "neutral":
        dest = raw.get("destination")
        if dest not in CONTINENTS:
            raise ValueError(f"{where}: a neutral transport needs a destination in {CONTINENTS}, not {dest!r}")
        if set(raw) != {"kind", "routes", "goods", "destination"}:
            raise ValueError(f"{where}: unexpected keys {sorted(raw)}")
        return TransportCard(True, (routes[0], routes[1]), tuple(goods), len(goods) - 1, dest)
    robbed = raw.get("robbed")
    if not is_integer(robbed) or not 0 <= robbed < len(goods):
        raise ValueError(f"{where}: robbed must index one of its goods, not {robbed!r}")
    if set(raw) != {"kind", "routes", "goods", "robbed"}:
        raise ValueError(f"{where}: unexpected keys {sorted(raw)}")
    return TransportCard(False, (routes[0], routes[1]), tuple(goods), robbed, None)


def parse_transport_cards(data: Any) -> tuple[TransportCard, ...]:
    """Validate the parsed ``cards.json`` and return its cards; ``ValueError`` if malformed."""
    if not isinstance(data, dict) or not isinstance(data.get("transport_cards"), list):
        raise ValueError("cards.json must be an object with a list 'transport_cards'")
    cards = tuple(_validate_card(i, raw) for i, raw in enumerate(data["transport_cards"]))
    if not any(not c.neutral for c in cards):
        raise ValueError("cards.json has no ordinary transport card")
    return cards


@lru_cache(maxsize=1)
def load_transport_cards() -> tuple[TransportCard, ...]:
    """The transport deck from ``cards.json`` beside this module, validated once."""
    text = resources.files(__package__).joinpath("cards.json").read_text(encoding="utf-8")
    return parse_transport_cards(json.loads(text))


def _round_down(value: int) -> int:
    return value - value % 500


class CardTable:
    """Every card of one game, numbered: transport cards first (from ``cards.json``), then the
    action cards of the option ``action_deck``. Flat tuples indexed by card number, for speed.
    """

    def __init__(self, options: ItcOptions) -> None:
        transport = load_transport_cards()
        self.transport = transport
        self.n_transport = len(transport)
        kinds: list[str] = ["neutral" if c.neutral else "transport" for c in transport]
        for kind, count in options.action_deck:
            kinds.extend([kind] * count)
        self.kind: tuple[str, ...] = tuple(kinds)
        self.size = len(kinds)
        self.neutral = tuple(i < self.n_transport and transport[i].neutral for i in range(self.size))
        #: route indices per transport card
        self.routes: tuple[tuple[int, int], ...] = tuple(
            (ROUTES.index(c.routes[0]), ROUTES.index(c.routes[1])) for c in transport
        )
        self.goods: tuple[tuple[int, ...], ...] = tuple(tuple(COLOURS.index(g) for g in c.goods) for c in transport)
        self.robbed: tuple[int, ...] = tuple(c.robbed for c in transport)
        self.destination: tuple[int, ...] = tuple(
            CONTINENTS.index(c.destination) if c.destination else -1 for c in transport
        )
        # profit[card][route] = (upper, lower) for the card's two routes, 0 for the others
        profit = []
        values = options.transport_values  # rule itc-goods, a setting (printed: TRANSPORT_VALUE)
        for c, goods in zip(transport, self.goods):
            full = sum(values[g] for g in goods)
            lost = full - values[goods[c.robbed]]
            row = []
            for r, route in enumerate(ROUTES):
                if route in c.routes:
                    pct = options.route_profit_percent[r]
                    row.append((_round_down(full * pct // 100), _round_down(lost * pct // 100)))
                else:
                    row.append((0, 0))
            profit.append(tuple(row))
        self.profit: tuple[tuple[tuple[int, int], ...], ...] = tuple(profit)
        self.action_ids: dict[str, tuple[int, ...]] = {
            k: tuple(i for i, kk in enumerate(self.kind) if kk == k) for k in ACTION_CARD_KINDS
        }

    def name(self, card: int) -> str:
        """A short readable name: ``T12`` for a transport card, ``N80`` neutral, ``A95 express``."""
        kind = self.kind[card]
        if kind == "transport":
            return f"T{card}"
        if kind == "neutral":
            return f"N{card}"
        return f"A{card} {kind}"

    def describe(self, card: int) -> str:
        """The card as printed: routes, profits and goods (or the action card's kind)."""
        kind = self.kind[card]
        if kind not in ("transport", "neutral"):
            return f"{self.name(card)} (action card)"
        c = self.transport[card]
        goods = ", ".join(c.goods)
        if c.neutral:
            return f"{self.name(card)} neutral {c.routes[0]}/{c.routes[1]} to {c.destination}: {goods}"
        prof = " ".join(
            f"{ROUTES[r]} {self.profit[card][r][0]}/{self.profit[card][r][1]}" for r in self.routes[card]
        )
        return f"{self.name(card)} [{c.index}] {prof}: {goods} (robbed: {c.goods[c.robbed]})"

    def in_words(self, card: int) -> str:
        """The card for a person reading it (the play page's hand), named as the moves name it
        ("card 24"): what it carries, where it may go and what it pays, in euros with thousands separators (rule ``itc-transport-cards``:
        the upper figure by the route of its colour, the lower if the Mafia robbed a good)."""
        kind = self.kind[card]
        if kind not in ("transport", "neutral"):
            return f"card {card}: {kind} (an action card)"
        c = self.transport[card]
        goods = ", ".join(c.goods)
        if c.neutral:
            return (f"card {card}: a neutral transport of goods {goods} by {c.routes[0]} or {c.routes[1]} "
                    f"to {c.destination}; it pays nobody")
        pays = "; ".join(f"by {ROUTES[r]} {self.profit[card][r][0]:,} euros ({self.profit[card][r][1]:,} if robbed)"
                         for r in self.routes[card])
        return (f"card {card}: goods {goods} (value guide {c.index * 100:,}); {pays}; "
                f"the Mafia would rob the {c.goods[c.robbed]} good")


@lru_cache(maxsize=16)
def card_table(options: ItcOptions) -> CardTable:
    """The card table for a game with these options (cached; options are immutable)."""
    return CardTable(options)


# -- names to numbers, for the engine ----------------------------------------------------------

#: Action cards that are put under a transport card when it is placed.
UNDER_KINDS = ("express", "smuggling", "mega")
#: The steps of the game, in order.
PHASES = ("setup", "draw", "choose", "keep", "act", "over")
PLACE_INDEX = {name: i for i, name in enumerate(PLACES)}
CONTINENT_INDEX = {name: i for i, name in enumerate(CONTINENTS)}
ROUTE_INDEX = {name: i for i, name in enumerate(ROUTES)}
#: The customs-check action card of each route, by route index.
CUSTOMS_ROUTE = {f"customs-{r}": i for i, r in enumerate(ROUTES)}
