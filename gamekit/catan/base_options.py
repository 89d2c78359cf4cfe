"""The settings of the Catan base game (``catan``), which every Catan variant's options extend.

No seed text covers the base game (the variants say "the base game's rules apply"), so the
engine states its rules in its own words (:mod:`gamekit.catan.base`) and the numbers are the
printed game's. :data:`ASSUMPTIONS` lists every setting and reading with the reason for its default:

* ``victory_points_to_win`` = 10 (``catan-victory``); ``discard_limit`` = 7 (``catan-discard``);
  ``bank_per_resource`` = 19 (``catan-production``): the base game's numbers.
* ``board`` = "random": the standard 19 hexes, terrain, numbers and harbours shuffled from the seed;
  "beginner" is the fixed layout printed for a first game; "custom" is a board set by hand in
  ``custom_layout`` (19 (terrain, number) pairs in reading order) and ``custom_harbours`` (the nine
  harbour kinds clockwise from the top) (``catan-board``).
* ``red_numbers_apart`` = True: a random board is reshuffled until no two red numbers (6 and 8)
  are neighbours (``catan-board``).
* ``player_colours`` = ("red", "blue", "white", "orange"): the base game's colours, player 0 first.
* ``player_trades`` = True: the printed rule, trades between players (``catan-player-trade``);
  False is the common house variant "no trading between players" (trades with the bank and the
  harbours stay), for computer play and for the like-for-like benchmark against catanatron, whose
  players have no trades between them (``benchmarks/catan_peers.py``).

The numbers the base game prints are settings too, each with the printed value as its default
(issue 33; :func:`gamekit.settings.printed_numbers` lists them apart from the assumptions, each with
its rule label): ``road_cost``, ``settlement_cost``, ``city_cost`` (``catan-building-costs``) and
``development_card_cost`` (``catan-development-cards``), given as resources and counts
(``city_cost={"grain": 2, "ore": 4}``); ``roads_per_player`` = 15, ``settlements_per_player`` = 5,
``cities_per_player`` = 4 (``catan-building-costs``); ``development_deck`` = (14, 2, 2, 2, 5) and
``road_building_roads`` = 2 (``catan-development-cards``); ``largest_army_knights`` = 3
(``catan-largest-army``); ``longest_road_length`` = 5 (``catan-longest-road``);
``largest_army_points`` = 2 and ``longest_road_points`` = 2 (the special cards' points);
``settlement_points`` = 1 and ``city_points`` = 2 (``catan-victory``); ``bank_trade_rate`` = 4
(``catan-bank-trade``: 4:1), ``harbour_trade_rate`` = 3 and ``resource_harbour_rate`` = 2
(``catan-harbour-trade``: 3:1 and 2:1); ``robber_rolls`` = (7,) (``catan-robber``: the roll on
which nothing is produced and the robber moves); with ``victory_points_to_win``, ``discard_limit``
and ``bank_per_resource`` above. (The dice stay two six-sided dice; year of plenty's two cards are
the two fields of its action, :class:`~gamekit.catan.actions.PlayYearOfPlenty`.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..notes import Assumption, catalogue
from ..settings import check_printed, cost_counts, printed
from ..validation import is_integer
from . import RESOURCES

__all__ = ["CatanOptions", "ASSUMPTIONS", "BOARDS"]

BOARDS: tuple[str, ...] = ("random", "beginner", "custom")


@dataclass(frozen=True)
class CatanOptions:
    """The named settings of the Catan base game; every default is documented in this module.
    A variant's options are a subclass that adds its own fields (and checks them after
    ``super().__post_init__()``)."""

    #: Rule ``catan-victory``: the points that win (the base game prints 10).
    victory_points_to_win: int = printed(10, "catan-victory", "victory points to win", low=3, high=30)
    #: Rule ``catan-discard``: more cards than this in hand on a 7 means discarding half.
    discard_limit: int = printed(7, "catan-discard", "discard limit", low=0, high=100)
    #: Rule ``catan-production``: the bank's cards of each resource.
    bank_per_resource: int = printed(19, "catan-production", "bank cards per resource", low=1, high=1000)
    board: str = "random"
    red_numbers_apart: bool = True
    player_colours: tuple[str, ...] = ("red", "blue", "white", "orange")
    custom_layout: tuple[tuple[str, int | None], ...] = ()
    custom_harbours: tuple[str, ...] = ()
    player_trades: bool = True
    #: Rule ``catan-building-costs``: what a road costs (printed: 1 brick, 1 lumber).
    road_cost: tuple[tuple[str, int], ...] = printed(
        (("brick", 1), ("lumber", 1)), "catan-building-costs", "road cost", cost=RESOURCES, high=19)
    #: Rule ``catan-building-costs``: what a settlement costs (printed: 1 brick, 1 lumber, 1 wool, 1 grain).
    settlement_cost: tuple[tuple[str, int], ...] = printed(
        (("brick", 1), ("lumber", 1), ("wool", 1), ("grain", 1)), "catan-building-costs", "settlement cost",
        cost=RESOURCES, high=19)
    #: Rule ``catan-building-costs``: what a city costs (printed: 2 grain, 3 ore).
    city_cost: tuple[tuple[str, int], ...] = printed(
        (("grain", 2), ("ore", 3)), "catan-building-costs", "city cost", cost=RESOURCES, high=19)
    #: Rule ``catan-building-costs``: what a development card costs (printed: 1 wool, 1 grain, 1 ore).
    development_card_cost: tuple[tuple[str, int], ...] = printed(
        (("wool", 1), ("grain", 1), ("ore", 1)), "catan-development-cards", "development card cost",
        cost=RESOURCES, high=19)
    #: Rule ``catan-building-costs``: the roads each player has (printed: 15).
    roads_per_player: int = printed(15, "catan-building-costs", "roads per player", low=3, high=72)
    #: Rule ``catan-building-costs``: the settlements each player has (printed: 5).
    settlements_per_player: int = printed(5, "catan-building-costs", "settlements per player", low=3, high=54)
    #: Rule ``catan-building-costs``: the cities each player has (printed: 4).
    cities_per_player: int = printed(4, "catan-building-costs", "cities per player", low=1, high=54)
    #: Rule ``catan-development-cards``: the deck, by kind (knight, road building, year of plenty,
    #: monopoly, victory point; printed: 14, 2, 2, 2, 5 of the 25 cards).
    development_deck: tuple[int, int, int, int, int] = printed(
        (14, 2, 2, 2, 5), "catan-development-cards", "development cards by kind", length=5, low=0, high=100)
    #: Rule ``catan-development-cards``: the free roads a road building card gives (printed: 2).
    road_building_roads: int = printed(2, "catan-development-cards", "roads of a road building card", low=1, high=10)
    #: Rule ``catan-largest-army``: the knights that first earn Largest Army (printed: 3).
    largest_army_knights: int = printed(3, "catan-largest-army", "knights for Largest Army", low=1, high=100)
    #: Rule ``catan-longest-road``: the road length that first earns Longest Road (printed: 5).
    longest_road_length: int = printed(5, "catan-longest-road", "road length for Longest Road", low=1, high=72)
    #: Rule ``catan-largest-army``: what Largest Army is worth (printed: 2 victory points; Trade
    #: Feud: "sind wie gewohnt je 2 Siegpunkte wert").
    largest_army_points: int = printed(2, "catan-largest-army", "victory points of Largest Army", low=0, high=30)
    #: Rule ``catan-longest-road``: what Longest Road (Trade Feud: Longest Trade Route) is worth (printed: 2).
    longest_road_points: int = printed(2, "catan-longest-road", "victory points of Longest Road", low=0, high=30)
    #: Rule ``catan-victory``: what a settlement on the board is worth (printed: 1 victory point).
    settlement_points: int = printed(1, "catan-victory", "victory points of a settlement", low=1, high=30)
    #: Rule ``catan-victory``: what a city on the board is worth (printed: 2 victory points); at
    #: least a settlement's (a city replaces a settlement: building one never loses points).
    city_points: int = printed(2, "catan-victory", "victory points of a city", low=1, high=30)
    #: Rule ``catan-bank-trade``: the equal cards given to the bank for any one card (printed: 4, "4:1").
    bank_trade_rate: int = printed(4, "catan-bank-trade", "cards for one in a trade with the bank", low=1, high=19)
    #: Rule ``catan-harbour-trade``: the equal cards given for one at a 3:1 harbour (printed: 3).
    harbour_trade_rate: int = printed(3, "catan-harbour-trade", "cards for one at a 3:1 harbour", low=1, high=19)
    #: Rule ``catan-harbour-trade``: the cards of its resource given for one at a 2:1 harbour (printed: 2).
    resource_harbour_rate: int = printed(2, "catan-harbour-trade", "cards for one at a 2:1 (resource) harbour",
                                         low=1, high=19)
    #: Rule ``catan-robber``: the roll on which nothing is produced, the players holding too many
    #: cards discard and the robber moves (printed: 7); a house rule may name more rolls (``(2, 7, 12)``).
    robber_rolls: tuple[int, ...] = printed((7,), "catan-robber", "rolls that move the robber", low=2, high=12,
                                            distinct=True)

    #: The boards these options can make (a variant may name others and make them in ``make_board``).
    BOARDS: ClassVar[tuple[str, ...]] = BOARDS

    def __post_init__(self) -> None:
        check_printed(self)
        if self.city_points < self.settlement_points:
            raise ValueError(f"a city replaces a settlement, so building one never loses points (rule catan-victory): "
                             f"setting city_points ({self.city_points}) must be at least settlement_points "
                             f"({self.settlement_points})")
        self._yes_no("red_numbers_apart")
        self._yes_no("player_trades")
        if self.board not in self.BOARDS:
            raise ValueError(f"board must be one of {self.BOARDS}, not {self.board!r}")
        if self.board == "custom":
            self.make_board()  # raises ValueError for a malformed layout
        elif self.custom_layout or self.custom_harbours:
            raise ValueError("custom_layout and custom_harbours need board='custom'")
        colours = self.player_colours
        if (not isinstance(colours, tuple) or len(colours) < 4 or len(set(colours)) != len(colours)
                or not all(isinstance(c, str) and c for c in colours)):  # fmt: skip
            raise ValueError(f"player_colours must be at least four different colour names, not {colours!r}")

    def _whole(self, name: str, low: int, high: int) -> None:
        value = getattr(self, name)
        if not is_integer(value) or not low <= value <= high:
            raise ValueError(f"setting {name} must be an integer {low}..{high}, not {value!r}")

    def _yes_no(self, name: str) -> None:
        if not isinstance(getattr(self, name), bool):
            raise ValueError(f"setting {name} must be true or false, not {getattr(self, name)!r}")

    def costs(self) -> dict[str, tuple[int, ...]]:
        """The building costs in force (rule ``catan-building-costs``), by what is built, as five
        counts (brick, lumber, wool, grain, ore): what the legal list and the check both read."""
        return {"road": cost_counts(self.road_cost, RESOURCES),
                "settlement": cost_counts(self.settlement_cost, RESOURCES),
                "city": cost_counts(self.city_cost, RESOURCES),
                "development card": cost_counts(self.development_card_cost, RESOURCES)}

    def pieces(self) -> dict[str, int]:
        """The pieces each player has (rule ``catan-building-costs``), by kind."""
        return {"road": self.roads_per_player, "settlement": self.settlements_per_player,
                "city": self.cities_per_player}

    def make_board(self, rng: Any = None, draw: Any = None) -> Any:
        """The board these settings ask for (``rng`` shuffles a random one, through ``draw`` as
        declared chance events when a state gives it), rule ``catan-board``."""
        from .board import beginner_board, random_board, standard_board

        if self.board == "beginner":
            return beginner_board()
        if self.board == "custom":
            layout = self.custom_layout
            if not isinstance(layout, tuple) or not all(isinstance(x, tuple) and len(x) == 2 for x in layout):
                raise ValueError("custom_layout is a tuple of (terrain, number) pairs")
            return standard_board([t for t, _ in layout], [n for _, n in layout], self.custom_harbours)
        return random_board(rng, self.red_numbers_apart, draw)


def _a(setting: str, rule: str, title: str, why: str, default: str, printed: str = "") -> Assumption:
    return Assumption(setting, default, why, rule, title=title, printed=printed)


ASSUMPTIONS: tuple[Assumption, ...] = catalogue(CatanOptions, (
    _a("board", "catan-board", "the board",
       "the base game has a variable set-up and a fixed layout for a first game",
       "a random board shuffled from the game's seed; \"beginner\" gives the fixed first-game layout and "
       "\"custom\" a board set by hand"),
    _a("red_numbers_apart", "catan-board", "red numbers apart",
       "the base game's rule for a variable set-up keeps the red numbers (6 and 8) apart",
       "a random board is shuffled again until no 6 or 8 stands next to another 6 or 8"),
    _a("start player", "catan-setup", "the start player",
       "the base game rolls for the start player", "player 0 starts; a fixed start keeps seeds simple"),
    _a("player_colours", "catan-setup", "the players' colours",
       "the base game has four colours", "red, blue, white and orange, player 0 first"),
    _a("bank_per_resource", "catan-production", "the bank",
       "the base game has 19 cards of each resource", "19 of each"),
    _a("bank shortage", "catan-production", "when the bank runs short",
       "the base game's shortage rule", "nobody gets a resource the bank cannot pay in full, unless only one "
       "player is owed it, who gets what is left"),
    _a("robber without a desert", "catan-robber", "a map without a desert",
       "the robber starts on the desert; a map may have none",
       "the robber starts off the board, so every hex produces until the first 7 or knight moves it"),
    _a("discard_limit", "catan-discard", "discarding on a 7",
       "the base game: more than seven cards means discarding half", "a limit of 7"),
    _a("discarding", "catan-discard", "discarding one card at a time",
       "the base game has everyone discard at once",
       "one card at a time, players in turn order from the roller: the same choices, with short action lists"),
    _a("bank trade rate", "catan-harbour-trade", "a harbour is an offer",
       "a harbour gives a better rate; the base game does not make its owner use it",
       "4:1 stays allowed; 3:1 at a 3:1 harbour and 2:1 at the resource's own harbour besides"),
    _a("player trades", "catan-player-trade", "trades between players",
       "the base game lets the player whose turn it is trade any cards with the others",
       "the active player offers any cards for any cards to one player, who accepts or declines; an offer asks "
       "only for cards that player holds (hands are open, so an offer they could not accept is not made); the "
       "legal actions list the one-for-one offers, and the check lets exactly those of them pass",
       "an offer may ask for anything; the other player simply cannot accept it"),
    _a("player_trades", "catan-player-trade", "no trading between players (a variant)",
       "the printed rule lets the player whose turn it is trade with the others; many play without it, and "
       "computer players and the like-for-like speed comparison with catanatron (whose players never trade "
       "with each other) need a game without it",
       "the printed rule: trades between players are on. With the setting off (a house variant, not the "
       "printed rule) no offer between players is legal and none is listed; trades with the bank and the "
       "harbours stay"),
    _a("open resource hands", "catan-player-trade", "resource cards are open",
       "the base game keeps hands in the players' hands, but every card that enters or leaves one does so in "
       "view of all (production, building, trades with the bank and with players, discards, monopoly, year of "
       "plenty), except the card the robber steals, which only the thief and the victim see; and the engine's "
       "list of legal trade offers already names the resources each other player holds",
       "every player's resource cards are open to everyone (a player who counts carefully knows them anyway), "
       "the stolen card included; what each player sees and what a computer player may use follow from this",
       "hidden hands whose size is public, with a stolen card seen only by the two players concerned"),
    _a("hidden development cards", "catan-development-cards", "development cards are hidden",
       "a development card is drawn face down and a victory point card stays hidden until it wins",
       "each player sees their own development cards, and of the others' only how many each holds and how many "
       "the player to move bought this turn; cards played, the number left in the deck and the other players' "
       "points without their victory point cards are public; the deck is drawn by lot, so it has no order to "
       "hide. A computer player imagines the unseen cards dealt at random from those not accounted for, never "
       "giving a player victory point cards that would already have won"),
    _a("longest road", "catan-longest-road", "Longest Road in detail",
       "our summary of the base game gives the rule in one sentence",
       "a road counts as a single path without branches; an opponent's settlement or city breaks it; "
       "a holder whose road is broken keeps the card while still tied for longest; if the longest road is then "
       "tied between other players, or nobody has 5 or more, the card is set aside"),
    _a("victory_points_to_win", "catan-victory", "winning",
       "the base game: 10 victory points, on your own turn",
       "10 points; a player who reaches them on another player's turn wins as their own turn begins, "
       "recorded at the end of the previous player's turn"),
))
