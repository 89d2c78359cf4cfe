"""The settings of Auf Achse and the assumptions behind their defaults.

Only page 4 of the rulebook is in the seed. Page 4 fixes the public-contract auction, the sliding
row, declining a contract, the trailers, the end of the game and the children's variant; the
published facts about the game add the components, the setup money and decks, and the movement rules.
Everything else is a named setting here, or a data file next to the engine (``network.json``,
``contracts.json``, ``events.json``), recorded in :data:`ASSUMPTIONS` and shown in the chapter.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..notes import Assumption, catalogue
from ..settings import check_printed, printed
from ..validation import is_integer

__all__ = ["AufAchseOptions", "ASSUMPTIONS", "TRAILER_KINDS", "COLOURS", "UNPAID_EVENT"]

#: The trailer kinds: (extra goods, price) - given by page 4 (rule ``auf-achse-trailers``).
TRAILER_KINDS: dict[str, tuple[int, int]] = {"large": (6, 3_000), "small": (4, 2_000)}

#: The readings of an event a player cannot pay (setting ``unpaid_event``).
UNPAID_EVENT = ("double", "all_cash")

#: Truck colours by seat; the worked example's four players are red, yellow, blue and green.
COLOURS: tuple[str, ...] = ("red", "yellow", "blue", "green", "black", "white")


@dataclass(frozen=True)
class AufAchseOptions:
    """The named settings of Auf Achse; each default is documented in :data:`ASSUMPTIONS`."""

    #: The simplified children's variant of page 4 (rule ``auf-achse-children``).
    children: bool = False
    #: Cash each player starts with (public facts).
    starting_money: int = printed(5_000, "auf-achse-setup", "starting money in euros")
    #: Private contracts dealt into each hand: 3 (public facts); the children's variant deals 5.
    private_contracts: int = printed(3, "auf-achse-setup", "private contracts in hand")
    private_contracts_children: int = printed(5, "auf-achse-children", "private contracts in hand (children)")
    #: Public contracts (face up and face down together) for 2, 3, 4, 5 and 6 players.
    public_contracts: tuple[int, int, int, int, int] = printed(
        (12, 16, 20, 24, 24), "auf-achse-setup", "public contracts for 2-6 players", length=5)
    #: Public contracts in the children's variant (page 4: ten, four of them face up).
    public_contracts_children: int = printed(10, "auf-achse-children", "public contracts (children)")
    #: Contract spaces of the row on the board (page 4: "die 4 offen ausliegenden Aufträge").
    face_up: int = printed(4, "auf-achse-sliding", "contracts face up", low=1)
    #: A truck carries 6 goods without a trailer (public facts).
    truck_capacity: int = printed(6, "auf-achse-loading", "truck capacity in goods", low=1)
    #: Trailers in the supply (page 4: four large, four small).
    large_trailers: int = printed(4, "auf-achse-trailers", "large trailers")
    small_trailers: int = printed(4, "auf-achse-trailers", "small trailers")
    #: Page 4: a large trailer carries "6 zusätzliche Waren zum Preis von 3000 € pro Anhänger".
    large_trailer_goods: int = printed(6, "auf-achse-trailers", "large trailer's extra goods", low=1, high=100)
    large_trailer_cost: int = printed(3_000, "auf-achse-trailers", "large trailer cost in euros", low=0)
    #: Page 4: a small trailer carries "zusätzlich 4 Waren zum Preis von 2000 €".
    small_trailer_goods: int = printed(4, "auf-achse-trailers", "small trailer's extra goods", low=1, high=100)
    small_trailer_cost: int = printed(2_000, "auf-achse-trailers", "small trailer cost in euros", low=0)
    #: At most one trailer per truck (assumption).
    trailers_per_truck: int = 1
    #: Goods cubes in the game (public facts: 48).
    goods_cubes: int = printed(48, "auf-achse-loading", "goods cubes")
    #: At most two trucks on one road space (public facts); any number in a city.
    trucks_per_space: int = printed(2, "auf-achse-road-spaces", "trucks per road space", low=1)
    #: Page 4: "Die Angebote sind auf der Auftragskarte einfachheitshalber von 1– 5 durchnummeriert":
    #: the highest offer a bidder may name (rule ``auf-achse-offers``); the card's cost table prints five,
    #: so a house rule may only lower it.
    highest_offer: int = printed(5, "auf-achse-offers", "highest offer in an auction", low=1, high=5)
    #: The bank's money at the start (a ledger: the bank never runs out).
    bank_money: int = 1_000_000
    #: A truck may drive through (not stop on) a road space that holds two trucks: overtaking
    #: (published descriptions of the 2007 rules allow it). False: a full space cannot be passed.
    overtaking: bool = True
    #: Using a 1 (or a 6 as 1) moves the roadworks sign, which closes its road space (published
    #: descriptions of the 2007 rules). False: no signs.
    roadworks: bool = True
    #: An event card carried out leaves the game (published descriptions of the 2007 rules); False:
    #: used cards go to a discard pile that is shuffled into a new deck when the deck runs out.
    event_cards_leave: bool = True
    #: An event the player cannot pay: "double" keeps the card with the player until they can pay
    #: twice the sum (published descriptions of the 2007 rules); "all_cash" takes all their cash at once.
    unpaid_event: str = "double"
    #: What the bank pays for a trailer handed back (published reviews: "for pocket money"; the
    #: printed sum is not known to us); None: trailers cannot be handed back.
    trailer_refund: int | None = 500
    #: Trucks start on any city or road space (published descriptions of the 2007 rules); False: in a city.
    start_anywhere: bool = True

    def __post_init__(self) -> None:
        check_printed(self)
        for name in ("starting_money", "private_contracts", "private_contracts_children", "public_contracts_children",
                     "face_up", "truck_capacity", "large_trailers", "small_trailers", "trailers_per_truck",
                     "goods_cubes", "trucks_per_space", "bank_money"):
            value = getattr(self, name)
            if not is_integer(value) or value < 0:
                raise ValueError(f"{name} must be a non-negative whole number, not {value!r}")
        for name in ("children", "overtaking", "roadworks", "event_cards_leave", "start_anywhere"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} is True or False, not {getattr(self, name)!r}")
        if self.unpaid_event not in UNPAID_EVENT:
            raise ValueError(f"unpaid_event is one of {', '.join(UNPAID_EVENT)}, not {self.unpaid_event!r}")
        refund = self.trailer_refund
        if refund is not None and (not is_integer(refund) or refund < 0):
            raise ValueError(f"trailer_refund is a non-negative whole number or None, not {refund!r}")
        if not (isinstance(self.public_contracts, tuple) and len(self.public_contracts) == 5
                and all(is_integer(n) and n >= 0 for n in self.public_contracts)):
            raise ValueError("public_contracts is five non-negative numbers (for 2, 3, 4, 5 and 6 players)")
        if self.face_up < 1 or self.truck_capacity < 1 or self.trucks_per_space < 1:
            raise ValueError("face_up, truck_capacity and trucks_per_space must be at least 1")

    @cached_property
    def trailer_kinds(self) -> dict[str, tuple[int, int]]:
        """The trailer kinds in force, as ``{kind: (extra goods, price)}`` (rule ``auf-achse-trailers``;
        printed: :data:`TRAILER_KINDS`)."""
        return {"large": (self.large_trailer_goods, self.large_trailer_cost),
                "small": (self.small_trailer_goods, self.small_trailer_cost)}

    def hand_size(self) -> int:
        """Private contracts per player (rules ``auf-achse-setup``, ``auf-achse-children``)."""
        return self.private_contracts_children if self.children else self.private_contracts

    def public_deck_size(self, players: int) -> int:
        """Public contracts in play for ``players`` players (rules ``auf-achse-setup``, ``auf-achse-children``)."""
        return self.public_contracts_children if self.children else self.public_contracts[players - 2]

    def trailers_allowed(self) -> bool:
        """The children's variant takes the trailers out of the game (rule ``auf-achse-children``)."""
        return not self.children


#: Every setting and reading Auf Achse's text leaves open, with its default and its rule (the chapter's "Assumption" notes).
ASSUMPTIONS: tuple[Assumption, ...] = catalogue(AufAchseOptions, [
    Assumption("road network (network.json)", "24 cities, 41 roads of 1-6 road spaces, 38 event triangles, 2 ferry links",
               "the printed map is not in the seed; the public facts name nine cities and the ferry links "
               "Rotterdam-Flensburg and Flensburg-Rostock, the rest is ours (about one road space per 60 km)",
               "auf-achse-board",
               printed="the printed board has its own cities, roads and triangles; ours only keeps the nine cities "
                       "and two ferries that published descriptions name"),
    Assumption("ferry links", "a ferry link is driven like a road, with no fare: Rotterdam-Flensburg takes 3 pips "
               "(2 road spaces), Flensburg-Rostock 2 pips (1 road space); no event triangle and no sign on a ferry",
               "how the ferries work is on the missing pages; published descriptions of the 2007 rules give the "
               "pips and say the ferries cost nothing extra", "auf-achse-board",
               printed="the pips and the free passage are as published; whether a sign may stand on a ferry is our choice"),
    Assumption("contract cards (contracts.json)", "54 contracts; revenue 150 per step of the shortest route plus 150 per goods cube; "
               "offer k costs k x 18 % of the revenue",
               "the printed cards are not in the seed; the formula gives the worked example's Berlin-Trieste card "
               "exactly (21 steps, 5 goods: revenue 3,900, offer 4 costs 2,800)", "auf-achse-contracts",
               printed="the printed cards have their own routes and figures (published reviews: 2 to 6 goods a card)"),
    Assumption("one contract deck", "private and public contracts come from the one shuffled deck of 54",
               "page 4 says every contract card carries the offer table; private contracts ignore it",
               "auf-achse-contracts",
               printed="as published descriptions of the 2007 setup tell it: hands first, then the public pile, the rest "
                       "back in the box"),
    Assumption("event cards (events.json)", "28 event cards, 17 good for the player and 11 bad: bonuses (receive), "
               "another turn, drive on to the nearest city, place the traffic-jam sign; fines and repairs (pay), "
               "miss a turn",
               "the printed events are not in the seed; page 4 only says an event card can move a truck into a city; "
               "published descriptions say the cards are mostly positive and that some bring the traffic-jam sign",
               "auf-achse-events",
               printed="the printed cards have their own texts and sums; only their number, their mostly good effects "
                       "and the jam sign are known to us"),
    Assumption("starting_money", "5,000", "public facts", "auf-achse-setup", printed="the same (5,000 €)"),
    Assumption("private_contracts", "3", "public facts; the children's variant deals 5 (page 4)", "auf-achse-setup",
               printed="the same"),
    Assumption("public_contracts", "12 / 16 / 20 / 24 / 24 for 2 / 3 / 4 / 5 / 6 players, the 4 face-up ones included",
               "public facts; page 4 counts the children's ten the same way (\"davon werden 4 Karten offen ... gelegt\")",
               "auf-achse-setup", printed="the same, by published descriptions of the 2007 setup"),
    Assumption("start_anywhere", "each player in turn places their truck on any city or road space (not a ferry, "
               "at most two trucks on a road space); seat 0 (red) places first and begins",
               "how the trucks start and who begins is on the missing pages", "auf-achse-setup",
               printed="published descriptions of the 2007 rules let a truck start on any space, a city included (the "
                       "1987 edition: not in a city); the printed rules let the player who drove farthest this month "
                       "begin, which the engine cannot ask, so seat 0 begins. False: a truck starts in a city"),
    Assumption("truck_capacity", "6", "public facts; page 4 confirms it for the children's variant", "auf-achse-loading",
               printed="the same"),
    Assumption("goods_cubes", "48 alike cubes; a contract that needs more cubes than the supply holds cannot be loaded yet",
               "public facts give 48 cubes; the contract cards name their goods only as a label", "auf-achse-loading",
               printed="48 cubes; what the printed rules do when they run out is not known to us"),
    Assumption("loading and unloading", "only in a city where the truck's move ended (exactly, by giving up pips, "
               "or by an event card), in the player's own turn", "page 4: pips are given up \"um in der Stadt ein- "
               "bzw. abzuladen\", so passing through a city does not load", "auf-achse-loading",
               printed="published descriptions agree that pips may be given up to reach a start or destination city"),
    Assumption("load at once", "a player who wins a public contract out of turn while their truck stands in its start city "
               "with room chooses at once: load it now, or keep it in hand", "page 4: \"kann ... oder ggf. sofort\" "
               "(may ... or at once, if need be): a choice", "auf-achse-taking-contract",
               printed="the same choice; a reading, not a setting"),
    Assumption("hidden hands", "contracts in hand are held face down: the other players see how many a player holds, "
               "not which, except the public contracts won at auction (or taken in the children's variant), which "
               "everyone saw; loaded contracts lie face up", "page 4 sets taking a card \"auf die Hand\" against laying "
               "it \"offen vor sich\" (face up in front of you); whether private contracts are secret is on the missing "
               "pages. The bots and state.observation play by this", "auf-achse-taking-contract",
               printed="published descriptions say the contracts are dealt face down into the hand"),
    Assumption("trucks_per_space", "2; a truck may not end its move on a road space that holds two trucks",
               "public facts give the limit", "auf-achse-road-spaces",
               printed="the same limit, by published descriptions of the 2007 rules"),
    Assumption("overtaking", "a truck may drive through a road space that holds two trucks, as long as it does not "
               "stop there (it must be able to drive on)",
               "published descriptions of the 2007 rules allow overtaking and passing trucks coming the other way",
               "auf-achse-road-spaces",
               printed="the same. False: a full road space cannot be entered at all, our reading before the published "
                       "rule was known"),
    Assumption("roadworks", "who uses a 1 (a rolled 1, or a 6 used as 1) moves the roadworks sign after the move, onto any "
               "road space without a truck, sign or ferry; no truck may enter or pass the space it stands on. The "
               "traffic-jam sign works the same way and is placed by an event card; it is lifted when the player who "
               "placed it begins their next turn",
               "both signs are on the missing pages; published descriptions of the 2007 rules say a 1 brings in or "
               "moves the roadworks sign, which closes that stretch of road, not on a city or an occupied space, and "
               "that the jam sign comes with some event cards and lasts one round",
               "auf-achse-signs",
               printed="the sign closes its stretch of road as here; whether a stretch is one road space or a whole "
                       "road, and where exactly the jam sign goes, is our reading. False: no signs"),
    Assumption("movement", "step by step, exactly the chosen number of pips, no space or city twice in one move; "
               "a truck that cannot go on stops where it is (a stop on a triangle that is not the last pip draws no event)",
               "public facts give only the dice rule", "auf-achse-movement",
               printed="published descriptions say a truck drives in any direction and, in the 2007 rules, need not "
                       "use all its pips in the cases below"),
    Assumption("giving up pips", "a truck may end its move early in any city, and on the road space in front of a sign",
               "page 4: pips are given up to load or unload in the city", "auf-achse-movement",
               printed="published descriptions of the 2007 rules allow it to reach a start or destination city and in "
                       "front of a roadworks or jam sign; we allow any city (giving up pips there never wins a public "
                       "contract)"),
    Assumption("trailers_per_truck", "1; bought in the player's own turn in any city where the truck stopped",
               "page 4 gives the trailers and their prices, not where or how many", "auf-achse-trailers",
               printed="published reviews speak of buying one or more trailers; the printed limit is not known to us"),
    Assumption("trailer_refund", "500 € for a trailer handed back to the supply, in the player's own turn in a city, "
               "when it carries no goods the truck alone could not hold",
               "published reviews say a trailer no longer needed can be handed back for a little money",
               "auf-achse-trailers",
               printed="the printed sum is not known to us. None: trailers cannot be handed back"),
    Assumption("bank_money", "1,000,000 as a ledger: the bank never runs out",
               "the play money in the box is not counted in the public facts", "auf-achse-setup",
               printed="the box holds 175,500 € of play money (published contents list: 30 × 100, 15 × 500, 40 × 1,000, 15 × 5,000, 5 × 10,000); a bank that runs out is "
                       "not covered"),
    Assumption("unpaid_event", "a player who cannot pay an event keeps the card and pays twice its sum as soon as "
               "their cash allows (checked after every action)",
               "published descriptions of the 2007 rules: the card stays with the player until they can pay double; "
               "page 4: \"Kredit wird nicht gewährt\"", "auf-achse-events",
               printed="the same; when exactly the debt is settled is our reading. \"all_cash\": the player pays all "
                       "their cash and the card is done"),
    Assumption("event_cards_leave", "an event card carried out leaves the game; with the deck used up, a triangle "
               "draws nothing", "published descriptions of the 2007 rules: the card leaves the game once done",
               "auf-achse-events",
               printed="the same. False: used cards are shuffled into a new deck when the deck runs out"),
    Assumption("auction bids", "a bidder may skip offers (blue names offer 2 at once), and the chooser may match "
               "or raise; a player who passes is out of this auction", "page 4's example and its wording",
               "auf-achse-auction-order", printed="the same, by page 4; a reading, not a setting"),
    Assumption("truck colours", "red, yellow, blue, green, black, white by seat",
               "the worked example's four players are red, yellow, blue and green; the other two colours are ours",
               "auf-achse-components", printed="the box's other two truck colours are not known to us"),
    Assumption("nearest city", "an event card that sends a truck on moves it to the city fewest steps away "
               "(ties: the first in network.json)", "the printed event cards are not known", "auf-achse-events",
               printed="a printed card names its own place or rule"),
    Assumption("arrow direction", "the arrows run towards the loading yard: space 0 (next to it) holds the oldest "
               "contract, the corner space the newest; with the face-down pile empty the corner stays empty",
               "page 4 names the loading yard, the corner and the arrows but the board is not in the seed",
               "auf-achse-sliding", printed="the printed board shows the arrows; this is our reading of page 4"),
    Assumption("choose or decline", "every arrival in a city with the full roll (while public contracts lie open) "
               "must either choose a public contract or decline, which removes the one next to the loading yard",
               "page 4: \"Immer dann, wenn ... kein Interesse ... hat, kommt der Auftrag ... aus dem Spiel\"",
               "auf-achse-declining", printed="the same, by page 4; a reading, not a setting"),
    Assumption("own contracts", "all contracts a player holds, private ones and public ones won, in hand or loaded; "
               "a player who holds none has finished them all", "page 4 says \"alle eigenen Aufträge\"",
               "auf-achse-end", printed="a reading of page 4, not a setting"),
    Assumption("only cash", "cash is the only score: goods on a truck, contracts in hand and trailers count for "
               "nothing", "page 4 names only cash and says unfinished contracts earn nothing; the rest is our "
               "sentence", "auf-achse-winner",
               printed="whether the printed game buys back trailers at the end is not known to us"),
    Assumption("ties", "players with the same most cash share the win", "page 4 names no tie-break",
               "auf-achse-winner", printed="the printed rules name no tie-break that we know of"),
    Assumption("children's first arrival", "a truck that stops in a start city (in any way) may take that face-up "
               "contract; the freed space is refilled at once; nothing is removed when nobody takes one",
               "page 4: the arrows and the offer table have no meaning in the variant", "auf-achse-children",
               printed="a reading of page 4, not a setting"),
])
