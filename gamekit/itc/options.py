"""The settings of ITC and the assumptions behind their defaults.

The seed's rule text (German, Fanfor Verlag 1998) leaves several things open: lists cut off after a
colon, numbers that are never given, cards that are only named. The engine still has to play a
whole game, so every such gap is a named setting of :class:`ItcOptions` with a documented default.
The book chapter shows each one as an "Assumption" note; :data:`ASSUMPTIONS` lists them, each with
what the text leaves open. The list below is written from :data:`ASSUMPTIONS` when the module is
imported, so the two cannot disagree.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..notes import Assumption, catalogue
from ..settings import check_printed, printed
from ..validation import is_integer

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

    goal: int = printed(200_000, "itc-goal", "goal in euros", low=1)
    lane_lengths: tuple[int, int, int, int] = (6, 5, 4, 3)
    transport_limit_per_route: int = printed(2, "itc-neutral-transports", "transports per route", low=1)
    continent_capacity: int = 10
    grey_market_capacity: int = 10
    goods_cubes: int = 200
    stones_per_player: int = 35
    smuggling_values: tuple[int, int, int, int] = printed(
        (5_000, 10_000, 15_000, 20_000), "itc-smuggling", "smuggling payouts (truck, train, ship, plane)", length=4, low=0)
    route_profit_percent: tuple[int, int, int, int] = (150, 125, 100, 75)
    mafia_robbery: str = "other-owner"
    mafia_stone_defends: bool = True
    #: Rule ``itc-grey-market``: "für einen grünen Punkt oder einen roten Restpunkt drei Angriffssteine":
    #: the attack markers one continent point buys (printed: three).
    attack_markers: int = printed(3, "itc-grey-market", "attack markers for one continent point", low=1, high=35)
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
    hand_limit: int = printed(6, "itc-hand-limit", "hand limit", low=1)
    #: Rule ``itc-placing-markers``: "Pro Aktionspunkt ... darf ein Verkaufsstein ... plaziert werden":
    #: the continent points a sales marker costs (printed: one).
    marker_cost: int = printed(1, "itc-placing-markers", "sales marker cost in continent points", low=1, high=8)
    #: Rule ``itc-red-die``: "Er hat immer sechs Aktionspunkte": the red die's action points, the
    #: cards it draws (the face shown, 1 to 6) and the leftover points together (printed: six).
    red_die_points: int = printed(6, "itc-red-die", "action points of the red die", low=6, high=20)
    start_transport_cards: int = printed(2, "itc-setup", "transport cards dealt at the start", low=0, high=6)
    setup_rounds: int = printed(5, "itc-setup", "start rounds of sales markers", low=0, high=10)
    setup_lead_limit: int = printed(3, "itc-setup", "most markers ahead at the start", low=1)
    #: Rule ``itc-goods``: "Die Rangfolge": each goods colour's transport value, in euros (black,
    #: white, red, green, yellow, blue: 2,000, 2,500, 3,000, 3,500, 4,500, 6,000): a card's profit.
    transport_values: tuple[int, int, int, int, int, int] = printed(
        (2_000, 2_500, 3_000, 3_500, 4_500, 6_000), "itc-goods",
        "transport values (black, white, red, green, yellow, blue)", length=6, low=0, high=1_000_000)
    #: Rule ``itc-selling``: each goods colour's resale value, in euros (black, white, red, green,
    #: yellow, blue: 1,000, 1,500, 2,000, 2,500, 3,000, 4,000); cheapest first is the order of sale.
    resale_values: tuple[int, int, int, int, int, int] = printed(
        (1_000, 1_500, 2_000, 2_500, 3_000, 4_000), "itc-selling",
        "resale values (black, white, red, green, yellow, blue)", length=6, low=0, high=1_000_000)

    def __post_init__(self) -> None:
        check_printed(self)

        def whole(name: str, low: int, high: int | None = None) -> None:
            value = getattr(self, name)
            if not is_integer(value) or value < low or (high is not None and value > high):
                bound = f"{low}..{high}" if high is not None else f">= {low}"
                raise ValueError(f"ITC setting {name} must be an integer {bound}, not {value!r}")

        whole("goal", 1)
        if list(self.resale_values) != sorted(self.resale_values):
            raise ValueError(f"ITC setting resale_values (rule itc-selling) must not fall from black to blue, the "
                             f"order in which goods are sold (cheapest first), not {self.resale_values!r}")
        whole("transport_limit_per_route", 1)
        whole("continent_capacity", 1)
        whole("grey_market_capacity", 0)
        whole("goods_cubes", 0)
        whole("stones_per_player", 7)
        whole("attack_markers", 1)
        whole("organisation_markers", 0)
        whole("mega_bonus_percent", 0)
        whole("hand_limit", 1)
        whole("start_transport_cards", 0, 6)
        if self.start_transport_cards > self.hand_limit:
            raise ValueError(f"ITC setting start_transport_cards ({self.start_transport_cards}) must not exceed "
                             f"hand_limit ({self.hand_limit}): players would start over the limit")
        whole("setup_rounds", 0, 10)
        whole("setup_lead_limit", 1)
        for name, low in (("lane_lengths", 1), ("smuggling_values", 0), ("route_profit_percent", 0)):
            value = getattr(self, name)
            if (
                not isinstance(value, tuple)
                or len(value) != 4
                or any(not is_integer(v) or v < low for v in value)
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
            and is_integer(entry[1])
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


def _a(setting: str, rule: str, title: str, why: str, default: str, printed: str = "") -> Assumption:
    return Assumption(setting, default, why, rule, title=title, printed=printed)


#: Every setting and reading ITC's text leaves open, with its default and its rule (the chapter's "Assumption" notes).
ASSUMPTIONS: tuple[Assumption, ...] = catalogue(ItcOptions, (
    _a("goal", "itc-goal", "the goal",
       "the text sets 200,000 euros and says the length of the game may be changed by another target",
       "200,000 euros", "any other target agreed at the table"),
    _a("number of players", "itc-setup", "the number of players",
       "the German text never says how many can play",
       "2 to 6 players, in this chapter, on the play page and in gamekit: no rule needs more than one "
       "opponent, and the rules engine plays every count from 2 to 6",
       "another range printed on the box"),
    _a("price-table card", "itc-setup", "the price-table card",
       "the text takes the price-table card out of the transport cards after the deal",
       "the card is not a transport card and is never dealt: it is taken out before anyone gets cards",
       "the same; taking it out later would only change which cards are dealt"),
    _a("start cards", "itc-setup", "start cards",
       "each player gets 2 transport cards, but the text does not say what happens to a neutral card "
       "met while dealing",
       "start hands hold ordinary transport cards only; the neutral cards met while dealing go back and the "
       "deck is shuffled again, so they are not left on top of it",
       "a neutral card dealt at the start may be placed on the board at once"),
    _a("setup placements", "itc-setup", "who places in the setup",
       "the text says the start player changes every round and that \"the player who follows after the fifth "
       "round\" puts a stone into the Mafia",
       "round 1 is begun by the player who won the roll, each later round by the next player clockwise; the "
       "Mafia stone is placed by the player after the last one to place in round five (the one who began "
       "round five), and the next player starts the game",
       "the Mafia stone may belong to the player who would begin a sixth round"),
    _a("setup lead", "itc-setup", "the lead of three",
       "the text limits a player's lead in a continent during setup to three stones",
       "checked at every placement, against the player with the next-highest number there (who may have none)"),
    _a("dice", "itc-red-die", "the dice",
       "the text never says how many sides the dice have",
       "a six-sided blue die, a six-sided red die (\"always six action points\") and an eight-sided green die, "
       "as a published review of the game lists them; this is fixed in the engine",
       "a copy with a six-sided green die: then the chances worked out in this chapter do not apply"),
    _a("neutral cards drawn", "itc-red-die", "neutral cards drawn",
       "the red die says how many cards are drawn, and neutral cards lie in the same deck",
       "a neutral card counts as one of the cards the red die makes you draw and costs one of its points"),
    _a("lane_lengths", "itc-board", "lane lengths",
       "the text only says that the truck lanes are the longest and the plane lanes the shortest",
       "truck 6, train 5, ship 4, plane 3 fields; every lane of a route has the same length",
       "other lengths on the printed board"),
    _a("continent names", "itc-board", "the six continents",
       "only North America is named",
       "North America, South America, Europe, Africa, Asia and Australia",
       "a board that names or divides the world differently"),
    _a("row", "itc-full-rows", "what a row is",
       "the text speaks of a \"horizontal row within a transport route\"",
       "the fields at the same height across all the lanes of one route"),
    _a("route_profit_percent", "itc-transport-cards", "route profits",
       "the profits printed on the cards are unknown",
       "the goods' transport values times 150 % by truck, 125 % by train, 100 % by ship and 75 % by plane: a "
       "longer route pays more, in proportion to its length",
       "other profits, card by card"),
    _a("transport deck (cards.json)", "itc-transport-cards", "the transport deck",
       "the text does not list the cards",
       "78 ordinary and 15 neutral transport cards (94 transport cards minus the price-table card); goods drawn "
       "once from a seeded generator, cheap colours more common",
       "another mix of goods and routes"),
    _a("card index", "itc-transport-cards", "the number at the top of a card",
       "the text calls it a three-digit number that shows the card's value at a glance",
       "the goods' transport value in hundreds of euros, so most of our ordinary cards show only two digits",
       "the printed cards' index may be counted another way and always have three digits"),
    _a("draw piles", "itc-transport-cards", "empty draw piles",
       "the text does not say what happens when a draw pile runs out",
       "its discard pile is shuffled and becomes the new draw pile"),
    _a("transport_limit_per_route", "itc-neutral-transports", "two transports per route",
       "\"the limit of 2 transports per route\" is used but never defined",
       "each owner may have at most 2 cards on a route; all neutral cards together count as one owner with "
       "their own two",
       "2 cards in total on a route, or 2 in each lane"),
    _a("neutral movement", "itc-neutral-transports", "how neutral transports move",
       "the text says they move one field forward, diagonally only when blocked, without saying which way or "
       "how often",
       "one field per turn in which neutral cards were drawn, however many (step 4: \"jeweils ein Feld\"); cards "
       "nearer the top move first; a blocked card steps diagonally to the right if it can, else to the left"),
    _a("action_deck", "itc-action-cards", "the action deck",
       "the text names only a few action cards and not how many there are of each",
       "80 cards: 18 Express, 18 Smuggling, 4 customs checks per route, 14 Organisation, 14 Megatransport",
       "more kinds of cards and another mix"),
    _a("action-card timing", "itc-action-cards", "when action cards are played",
       "the text says action cards may be played \"at any point during your own turn\"",
       "once you have kept a die, in the step where you spend its points (rule itc-turn-sequence), "
       "Organisation included: the engine refuses an action card played before, naming that step",
       "any moment of the turn, even before the roll"),
    _a("mega_bonus_percent", "itc-action-cards", "the Megatransport card",
       "the card is only named",
       "put under a transport like an Express card, it adds half the transport's profit on arrival",
       "any other effect"),
    _a("goods_cubes", "itc-goods", "goods cubes",
       "the number of goods cubes is not given",
       "200; when the supply runs out, an arriving transport places only the cubes that are left"),
    _a("stones_per_player", "itc-markers", "stones per player",
       "the number of stones per player is not given", "35", "another number"),
    _a("transport stones", "itc-markers", "stones on transport cards",
       "the text uses the same stones as sales markers and to mark transports",
       "they come from one supply: a player with no stone left cannot place a transport"),
    _a("transport point", "itc-transport-points", "what a transport point buys",
       "the list of what one point buys is cut off",
       "one point places a transport card from your hand on an empty bottom field of its colours, moves one "
       "of your cards one field up (or diagonally when blocked), moves a card from the top field off the "
       "route, or, with an Express card (blue points only), moves it to the top field",
       "a printed list with other or differently worded options"),
    _a("diagonal_moves", "itc-transport-points", "diagonal moves",
       "the sentence that allows a diagonal step when the field ahead is blocked has no subject; it stands "
       "among the neutral-transport rules",
       "players' cards may step diagonally too",
       "only neutral transports step diagonally"),
    _a("full rows", "itc-full-rows", "when cards in a full row are lost",
       "you must move a card out of a full row \"if this is possible\", and lose your cards in it if you could "
       "and did not",
       "while you hold a point that could move one of your cards out of the row you may not end your turn; "
       "your cards in it are lost only if at some moment of your turn such a move was possible and the row is "
       "still full at the end. A card boxed in ahead and diagonally is not lost",
       "a stricter reading that loses the cards whenever the row is still full"),
    _a("possible with the kept die", "itc-full-rows", "what \"possible\" means",
       "the text does not say whether a die you rolled but did not keep makes the move \"possible\"",
       "only the points of the kept die count: keep the green die and no move is possible, so nothing is lost "
       "(the row still binds you next turn)",
       "counting a blue or red die you could have kept instead"),
    _a("rows full at the start", "itc-full-rows", "which rows oblige you",
       "the text frees you from rows that old neutral transports open and from rows that new ones close, but "
       "says nothing of a row that an old neutral transport closes as it moves up",
       "only rows full when your turn starts and still full after the old neutral transports moved oblige you",
       "obliging you for every row full after step 4"),
    _a("express move", "itc-express", "the Express move",
       "\"to the end of the transport route\" is not defined",
       "one blue point takes the card to the top field of its lane, which must be empty; leaving the route "
       "from there costs another blue point",
       "letting the card leave the route with the same point, or stopping it behind other cards"),
    _a("destination", "itc-arrival", "where goods go",
       "only neutral cards have a printed destination",
       "the owner of an ordinary card chooses the continent when it leaves the route"),
    _a("continent_capacity", "itc-arrival", "room in a continent",
       "the text does not say how many cubes a continent holds; the selling example has 8 yellow cubes in one",
       "10 cubes of each colour per continent", "more or less room"),
    _a("mafia_robbery", "itc-arrival", "when the Mafia robs",
       "the text says a card shows a lower profit for when the Mafia robbed a good, but not when it robs",
       "it robs one good of every arriving transport that is not its controller's own, neutral ones included",
       "robbing always, or only in some other case"),
    _a("fresh goods", "itc-selling", "fresh goods",
       "a colour is \"always sold in full\", but goods you have just brought may not be sold at once",
       "you sell the cubes of the colour that were there before; the cubes you brought this turn stay until "
       "a later turn. This bends \"always sold in full\"",
       "forbidding the sale of that colour for the rest of the turn"),
    _a("grey_market_capacity", "itc-grey-market-goods", "room in the grey market",
       "not given",
       "10 cubes of each colour; goods without room there stay in the supply, so the grey market cannot "
       "swallow every cube", "unlimited room"),
    _a("grey-market sales", "itc-grey-market-goods", "selling in the grey market",
       "the text only says who may sell there",
       "its controller sells under the same rule as in a continent"),
    _a("mafia_stone_defends", "itc-grey-market-fight", "the Mafia stone fights",
       "the text does not say whether the controller's stone in the Mafia is a defender",
       "it fights as one defender, falling last, so a controller with no sales markers there is not taken "
       "for free",
       "only sales markers defending"),
    _a("successful attack", "itc-grey-market-fight", "after a won attack",
       "the text says further stones may be added 1:1 after a successful attack",
       "the attacker's surviving attack markers stay as sales markers, the attacker's stone goes into the "
       "Mafia and the loser's stones go home"),
    _a("organisation_markers", "itc-organisation", "the Organisation card",
       "the card is only named",
       "its controller places two sales markers in the grey market without spending points",
       "any other effect"),
    _a("smuggling_values", "itc-smuggling", "smuggling values",
       "the text lists 5,000, 10,000, 15,000 and 20,000 euros but not which route gets which",
       "truck 5,000, train 10,000, ship 15,000, plane 20,000: the order in which it lists the routes",
       "more on the longer routes, where a card is exposed to checks for longer"),
    _a("what the players see", "itc-hand-limit", "what the players see",
       "the text has cards taken into the hand and extra cards put on the discard piles, but never says what "
       "the other players may see",
       "a hand is hidden from the others, who see only how many transport cards and how many action cards it "
       "holds (the two decks have their own backs); both draw piles lie face down; the discard piles lie face "
       "up; the board, the goods, the markers, the dice, the points left and the scores (written down on "
       "paper) are open to all. The computer players see exactly this (state.observation)",
       "open hands, if the table agrees"),
    _a("cards under transports", "itc-customs-check", "cards under transports",
       "at a customs check players must prove that the card under a transport is only an Express or "
       "Megatransport card, and a Smuggling card is then revealed (\"aufgedeckt\"): so the card lies face down",
       "the others see that a card lies under a transport, not which, until it is shown: by a customs check on "
       "its route, an Express move or the transport's arrival. The computer players do not remember what an "
       "earlier check or Express move showed while the card stays there, so they know less than an attentive "
       "player, never more. The engine's log names the card in the action (\"... with smuggling\"): the log is "
       "the record of the game, not what the others see"),
    _a("customs check", "itc-customs-check", "when a customs check acts",
       "\"when a customs check is drawn\"",
       "it takes effect when drawn and then goes to the discard pile"),
    _a("turn step 1", "itc-turn-sequence", "step 1 of a turn",
       "step 1 of the turn sequence is missing",
       "draw one action card (the text says you must draw one every turn); cards for the red die are drawn "
       "when it is kept, so that step 4 can follow",
       "another first step, such as checking for full rows"),
    _a("ties", "itc-end", "a tie at the end",
       "the text does not cover ties",
       "all tied players win together", "a tie-break"),
))


FIELDS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(ItcOptions))


def _listed(entries: tuple[Assumption, ...]) -> str:
    lines = ["", "The assumptions:", ""]
    for a in entries:
        name = f"setting ``{a.setting}`` = ``{a.value}``" if a.is_setting else f"reading: {a.setting}"
        lines.append(f"* {name} (rule ``{a.rule}``): {a.default} ({a.why}).")
    named = {a.setting for a in entries}
    given = [f"``{f.name}`` = ``{f.default!r}``" for f in dataclasses.fields(ItcOptions) if f.name not in named]
    lines += ["", "Settings whose defaults the text gives: " + ", ".join(given) + "."]
    return "\n".join(lines) + "\n"


if __doc__ is not None:  # python -OO drops docstrings
    __doc__ += _listed(ASSUMPTIONS)
