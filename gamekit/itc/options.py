"""The settings of ITC and the assumptions behind their defaults.

The seed's rule text (German, Fanfor Verlag 1998) leaves several things open: lists cut off after a
colon, numbers that are never given, cards that are only named. The engine still has to play a
whole game, so every such gap is a named setting of :class:`ItcOptions` with a documented default.
The book chapter shows each one as an "Assumption" note; :data:`ASSUMPTIONS` lists them with a
one-line justification each:

* ``goal`` = 200,000: the profit that ends the game (rule ``itc-goal``); the text says it may be changed.
* ``lane_lengths`` = (6, 5, 4, 3) fields for truck, train, ship, plane: the text only says the truck
  lanes are the longest and the plane lanes the shortest (``itc-board``).
* ``transport_limit_per_route`` = 2: "2 Transporte je Route" read as at most two cards of one owner
  on one route, all neutral transports counting as one owner (``itc-neutral-transports``).
* ``continent_capacity`` = 10 goods cubes of each colour per continent: no number is given; the
  first selling example has 8 yellow cubes in North America, so 10 leaves room (``itc-arrival``).
* ``grey_market_capacity`` = 10 cubes of each colour: not given; goods with no room there stay in
  the supply (they are lost), so that the grey market does not swallow every cube (``itc-grey-market-goods``).
* ``goods_cubes`` = 200: the number of goods cubes is not given; when the supply runs out, an
  arriving transport places only the cubes that are left (``itc-goods``).
* ``stones_per_player`` = 35: the number of stones per player is not given (``itc-markers``).
* ``smuggling_values`` = 5,000 / 10,000 / 15,000 / 20,000 for truck / train / ship / plane: the
  text lists the four amounts in the order in which it lists the routes (``itc-smuggling``).
* ``route_profit_percent`` = 150 / 125 / 100 / 75 of the goods' transport values for truck / train /
  ship / plane: the cards' printed profits are unknown; a longer route pays more, in proportion to
  its length (``itc-transport-cards``).
* ``mafia_robbery`` = "other-owner": when the Mafia robs is not given; it robs one good of every
  transport that arrives and is not its controller's own (neutral ones included) (``itc-arrival``).
* ``mafia_stone_defends`` = True: the controller's stone in the Mafia fights as one defender, so a
  controller without sales markers in the grey market is not taken for free (``itc-grey-market-fight``).
* ``attack_markers`` = 3: given by the text (one point buys three attack markers).
* ``diagonal_moves`` = True: a player's card may move one field diagonally within its route when
  the field ahead is blocked, as the text allows for neutral transports (``itc-transport-points``).
* ``organisation_markers`` = 2: the card "Organisation im grauen Markt" is only named; it lets the
  controller place two sales markers in the grey market without spending points (``itc-organisation``).
* ``mega_bonus_percent`` = 50: the "Megatransportkarte" is only named; put under a transport like
  an Express card, it adds half the transport's profit on arrival (``itc-action-cards``).
* ``action_deck``: 18 Express, 18 Smuggling, 4 Customs checks per route, 14 Organisation, 14 Mega
  transport = 80 action cards (the published game has 80 action cards; the mix is assumed).
* ``hand_limit`` = 6, ``start_transport_cards`` = 2, ``setup_rounds`` = 5, ``setup_lead_limit`` = 3:
  given by the text.

Readings that are not settings (shown as assumptions too, see :data:`ASSUMPTIONS`):

* The transport deck (``cards.json``): 78 ordinary transport cards and 15 neutral ones (93 plus
  the price-table card make the 94 transport cards of the published game); goods drawn once from a
  seeded generator, cheaper colours more common.
* An ordinary transport card has no printed destination (the text says that neutral ones are
  recognised by theirs): its owner chooses the continent when it leaves the route.
* An Express move takes the card in one blue point to the top field of its lane (which must be
  empty); leaving the route from there costs a point as usual.
* A goods colour that the active player has just brought into a place is sold without those fresh
  cubes: they stay until a later turn ("darf diese Waren nicht sofort verkaufen").
* After a successful attack the attacker's surviving attack markers stay in the grey market as
  sales markers, the attacker's stone goes into the Mafia and the loser's stone goes home.
* Full rows: a row of a route that is full when the kept die is resolved (after old neutral
  transports moved, before new ones are placed) obliges the active player, if they have a card in
  it. While they hold a transport point that could move one of those cards out, they may not end
  the turn; at the end of the turn their cards in a row that is still full are lost.
* Empty draw piles are refilled by shuffling their discard piles.
* Customs checks take effect when drawn and go to the discard pile (they are "played at once").
* Neutral cards count towards the number of cards the red die makes a player draw.
* Neutral transports on the board move one field once per turn in which neutral cards were drawn
  (turn sequence step 4: "jeweils ein Feld"), however many were drawn; a blocked one steps
  diagonally to the right if it can, else to the left (placement also prefers the right).
* The start cards are ordinary transport cards (a neutral card met while dealing stays in the deck).
* Goods in the grey market are sold by its controller under the same selling rule as in a continent.
* The stone on a transport card comes from the same supply as the sales markers: a player with no
  stone left cannot place a transport.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..notes import Assumption, catalogue

__all__ = ["ItcOptions", "Assumption", "ASSUMPTIONS", "ACTION_CARD_KINDS", "ROUTES"]

#: The four routes, left to right on the board (rule ``itc-board``).
ROUTES: tuple[str, ...] = ("truck", "train", "ship", "plane")

#: Every kind of action card (rule ``itc-action-cards``); customs checks are one kind per route.
ACTION_CARD_KINDS: tuple[str, ...] = (
    "express",
    "smuggling",
    "customs-truck",
    "customs-train",
    "customs-ship",
    "customs-plane",
    "organisation",
    "mega",
)

_ROBBERY = ("other-owner", "always", "never")


@dataclass(frozen=True)
class ItcOptions:
    """The named settings of ITC; every default is documented in this module's docstring."""

    goal: int = 200_000
    lane_lengths: tuple[int, int, int, int] = (6, 5, 4, 3)
    transport_limit_per_route: int = 2
    continent_capacity: int = 10
    grey_market_capacity: int = 10
    goods_cubes: int = 200
    stones_per_player: int = 35
    smuggling_values: tuple[int, int, int, int] = (5_000, 10_000, 15_000, 20_000)
    route_profit_percent: tuple[int, int, int, int] = (150, 125, 100, 75)
    mafia_robbery: str = "other-owner"
    mafia_stone_defends: bool = True
    attack_markers: int = 3
    diagonal_moves: bool = True
    organisation_markers: int = 2
    mega_bonus_percent: int = 50
    action_deck: tuple[tuple[str, int], ...] = (
        ("express", 18),
        ("smuggling", 18),
        ("customs-truck", 4),
        ("customs-train", 4),
        ("customs-ship", 4),
        ("customs-plane", 4),
        ("organisation", 14),
        ("mega", 14),
    )
    hand_limit: int = 6
    start_transport_cards: int = 2
    setup_rounds: int = 5
    setup_lead_limit: int = 3

    def __post_init__(self) -> None:
        def whole(name: str, low: int, high: int | None = None) -> None:
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
                bound = f"{low}..{high}" if high is not None else f">= {low}"
                raise ValueError(f"ITC setting {name} must be an integer {bound}, not {value!r}")

        whole("goal", 1)
        whole("transport_limit_per_route", 1)
        whole("continent_capacity", 1)
        whole("grey_market_capacity", 0)
        whole("goods_cubes", 0)
        whole("stones_per_player", 7)
        whole("attack_markers", 1)
        whole("organisation_markers", 0)
        whole("mega_bonus_percent", 0)
        whole("hand_limit", 0)
        whole("start_transport_cards", 0, 6)
        whole("setup_rounds", 0, 10)
        whole("setup_lead_limit", 1)
        for name, low in (("lane_lengths", 1), ("smuggling_values", 0), ("route_profit_percent", 0)):
            value = getattr(self, name)
            if (
                not isinstance(value, tuple)
                or len(value) != 4
                or any(isinstance(v, bool) or not isinstance(v, int) or v < low for v in value)
            ):
                raise ValueError(f"ITC setting {name} must be four integers >= {low} (truck, train, ship, plane), not {value!r}")
        if any(v > 12 for v in self.lane_lengths):
            raise ValueError(f"ITC lane lengths are at most 12 fields, not {self.lane_lengths!r}")
        if self.mafia_robbery not in _ROBBERY:
            raise ValueError(f"ITC setting mafia_robbery must be one of {_ROBBERY}, not {self.mafia_robbery!r}")
        for name in ("mafia_stone_defends", "diagonal_moves"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"ITC setting {name} must be true or false, not {getattr(self, name)!r}")
        deck = self.action_deck
        if not isinstance(deck, tuple) or not all(
            isinstance(entry, tuple)
            and len(entry) == 2
            and entry[0] in ACTION_CARD_KINDS
            and isinstance(entry[1], int)
            and not isinstance(entry[1], bool)
            and 0 <= entry[1] <= 100
            for entry in deck
        ):
            raise ValueError(f"ITC setting action_deck must be (kind, count) pairs with kinds from {ACTION_CARD_KINDS}")
        kinds = [k for k, _ in deck]
        if len(set(kinds)) != len(kinds):
            raise ValueError("ITC setting action_deck names a kind twice")
        if sum(n for _, n in deck) < 1:
            raise ValueError("ITC setting action_deck needs at least one card")

    def smuggling_value(self, route: str) -> int:
        """What a smuggling card is worth on ``route`` (rules ``itc-smuggling``, ``itc-customs-check``)."""
        return self.smuggling_values[ROUTES.index(route)]


ASSUMPTIONS: tuple[Assumption, ...] = catalogue(ItcOptions, (
    Assumption("goal", "200,000", "the text's goal, which it says may be changed", "itc-goal"),
    Assumption("lane_lengths", "truck 6, train 5, ship 4, plane 3 fields",
               "the text only says that truck lanes are the longest and plane lanes the shortest", "itc-board"),
    Assumption("transport_limit_per_route", "2",
               "'2 transports per route' read as two cards per owner and route; all neutral cards count as one owner",
               "itc-neutral-transports"),
    Assumption("continent_capacity", "10 cubes of each colour per continent",
               "not given; the selling example has 8 yellow cubes in one continent", "itc-arrival"),
    Assumption("grey_market_capacity", "10 cubes of each colour",
               "not given; goods without room there stay in the supply, so the grey market cannot swallow every cube",
               "itc-grey-market-goods"),
    Assumption("goods_cubes", "200", "not given; an arrival places only the cubes left in the supply", "itc-goods"),
    Assumption("stones_per_player", "35", "not given", "itc-markers"),
    Assumption("smuggling_values", "truck 5,000, train 10,000, ship 15,000, plane 20,000",
               "the text lists the amounts in the order it lists the routes", "itc-smuggling"),
    Assumption("route_profit_percent", "truck 150 %, train 125 %, ship 100 %, plane 75 %",
               "printed profits unknown; a longer route pays more, in proportion to its length", "itc-transport-cards"),
    Assumption("mafia_robbery", "other-owner",
               "not given; the Mafia robs one good of every arriving transport that is not its controller's",
               "itc-arrival"),
    Assumption("mafia_stone_defends", "true",
               "the controller's stone in the Mafia is in the grey market and fights as a defender",
               "itc-grey-market-fight"),
    Assumption("diagonal_moves", "true",
               "the diagonal step the text allows neutral transports, when the field ahead is blocked",
               "itc-transport-points"),
    Assumption("organisation_markers", "2",
               "the card is only named; it places two free sales markers in the grey market", "itc-organisation"),
    Assumption("mega_bonus_percent", "50", "the Mega transport card is only named; +50 % profit on arrival",
               "itc-action-cards"),
    Assumption("action_deck", "18 Express, 18 Smuggling, 4 Customs checks per route, 14 Organisation, 14 Mega",
               "80 action cards as in the published game; the mix is not given", "itc-action-cards"),
    Assumption("transport deck (cards.json)", "78 ordinary and 15 neutral transport cards",
               "94 transport cards minus the price-table card; goods drawn once, cheap colours more common",
               "itc-transport-cards"),
    Assumption("destination", "chosen by the owner on arrival",
               "only neutral cards have a printed destination", "itc-arrival"),
    Assumption("express move", "to the top field of the lane (must be empty)",
               "'bis an das Ende der Transportroute'; leaving the route costs a point as usual", "itc-express"),
    Assumption("fresh goods", "not sold; the rest of the colour is",
               "goods a player just brought may not be sold at once", "itc-selling"),
    Assumption("successful attack", "attack markers stay as sales markers; the attacker's stone enters the Mafia",
               "the text says further markers are added 1:1 after a successful attack", "itc-grey-market-fight"),
    Assumption("full rows", "obliged rows are fixed when the die is resolved; cards still in them at the end are lost",
               "the text's order: old neutral transports move first, new ones placed do not oblige", "itc-full-rows"),
    Assumption("draw piles", "reshuffled from their discard piles when empty", "not said", "itc-transport-cards"),
    Assumption("customs check", "takes effect when drawn", "'Wird eine Zollkontrolle gezogen'", "itc-customs-check"),
    Assumption("neutral cards drawn", "count towards the red die's number of cards",
               "each card drawn costs one of the red die's six points", "itc-red-die"),
    Assumption("neutral movement", "one field per turn in which neutral cards were drawn; diagonal to the right first",
               "turn sequence step 4: 'jeweils ein Feld weiterbewegen'; placement prefers the right too",
               "itc-neutral-transports"),
    Assumption("start cards", "ordinary transport cards only", "a neutral card cannot be held in a hand", "itc-setup"),
    Assumption("grey-market sales", "the continent selling rule, by the controller",
               "the text only says who may sell there", "itc-grey-market-goods"),
    Assumption("transport stones", "taken from the sales-marker supply",
               "each player has one set of stones for every use", "itc-markers"),
))

FIELDS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(ItcOptions))
