"""The settings of Auf Achse and the assumptions behind their defaults.

Only page 4 of the rulebook is in the seed. Page 4 fixes the public-contract auction, the sliding
row, declining a contract, the trailers, the end of the game and the children's variant; the
public facts (GAMES.md) add the components, the setup money and decks, and the movement rules.
Everything else is a named setting here, or a data file next to the engine (``network.json``,
``contracts.json``, ``events.json``), recorded in :data:`ASSUMPTIONS` and shown in the chapter.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..notes import Assumption, catalogue

__all__ = ["AufAchseOptions", "ASSUMPTIONS", "TRAILER_KINDS", "COLOURS"]

#: The trailer kinds: (extra goods, price) - given by page 4 (rule ``auf-achse-trailers``).
TRAILER_KINDS: dict[str, tuple[int, int]] = {"large": (6, 3_000), "small": (4, 2_000)}

#: Truck colours by seat; the worked example's four players are red, yellow, blue and green.
COLOURS: tuple[str, ...] = ("red", "yellow", "blue", "green", "black", "white")


@dataclass(frozen=True)
class AufAchseOptions:
    """The named settings of Auf Achse; each default is documented in :data:`ASSUMPTIONS`."""

    #: The simplified children's variant of page 4 (rule ``auf-achse-children``).
    children: bool = False
    #: Cash each player starts with (public facts).
    starting_money: int = 5_000
    #: Private contracts dealt into each hand: 3 (public facts); the children's variant deals 5.
    private_contracts: int = 3
    private_contracts_children: int = 5
    #: Public contracts (face up and face down together) for 2, 3, 4, 5 and 6 players.
    public_contracts: tuple[int, int, int, int, int] = (12, 16, 20, 24, 24)
    #: Public contracts in the children's variant (page 4: ten, four of them face up).
    public_contracts_children: int = 10
    #: Contract spaces of the row on the board (page 4: "die 4 offen ausliegenden Aufträge").
    face_up: int = 4
    #: A truck carries 6 goods without a trailer (public facts).
    truck_capacity: int = 6
    #: Trailers in the supply (page 4: four large, four small).
    large_trailers: int = 4
    small_trailers: int = 4
    #: At most one trailer per truck (assumption).
    trailers_per_truck: int = 1
    #: Goods cubes in the game (public facts: 48).
    goods_cubes: int = 48
    #: At most two trucks on one road space (public facts); any number in a city.
    trucks_per_space: int = 2
    #: The bank's money at the start (a ledger: the bank never runs out).
    bank_money: int = 1_000_000

    def __post_init__(self) -> None:
        for name in ("starting_money", "private_contracts", "private_contracts_children", "public_contracts_children",
                     "face_up", "truck_capacity", "large_trailers", "small_trailers", "trailers_per_truck",
                     "goods_cubes", "trucks_per_space", "bank_money"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"{name} must be a non-negative whole number, not {value!r}")
        if not isinstance(self.children, bool):
            raise ValueError(f"children is True or False, not {self.children!r}")
        if not (isinstance(self.public_contracts, tuple) and len(self.public_contracts) == 5
                and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in self.public_contracts)):
            raise ValueError("public_contracts is five non-negative numbers (for 2, 3, 4, 5 and 6 players)")
        if self.face_up < 1 or self.truck_capacity < 1 or self.trucks_per_space < 1:
            raise ValueError("face_up, truck_capacity and trucks_per_space must be at least 1")

    def hand_size(self) -> int:
        """Private contracts per player (rules ``auf-achse-setup``, ``auf-achse-children``)."""
        return self.private_contracts_children if self.children else self.private_contracts

    def public_deck_size(self, players: int) -> int:
        """Public contracts in play for ``players`` players (rules ``auf-achse-setup``, ``auf-achse-children``)."""
        return self.public_contracts_children if self.children else self.public_contracts[players - 2]

    def trailers_allowed(self) -> bool:
        """The children's variant takes the trailers out of the game (rule ``auf-achse-children``)."""
        return not self.children


ASSUMPTIONS: tuple[Assumption, ...] = catalogue(AufAchseOptions, [
    Assumption("road network (network.json)", "24 cities, 41 roads of 1-6 road spaces, 40 event triangles, 2 ferry links",
               "the printed map is not in the seed; the public facts name nine cities and the ferry links "
               "Rotterdam-Flensburg and Flensburg-Rostock, the rest is ours (about one road space per 60 km)",
               "auf-achse-board"),
    Assumption("ferry links", "a ferry link is a route of road spaces like a road, with no fare",
               "how the printed ferries work is on the missing pages", "auf-achse-board"),
    Assumption("contract cards (contracts.json)", "54 contracts; revenue 150 per step of the shortest route plus 150 per goods cube; "
               "offer k costs k x 18 % of the revenue",
               "the printed cards are not in the seed; the formula gives the worked example's Berlin-Trieste card "
               "exactly (21 steps, 5 goods: revenue 3,900, offer 4 costs 2,800)", "auf-achse-contracts"),
    Assumption("one contract deck", "private and public contracts come from the one shuffled deck of 54",
               "page 4 says every contract card carries the offer table; private contracts ignore it",
               "auf-achse-contracts"),
    Assumption("event cards (events.json)", "28 event cards: fines and repairs (pay), bonuses (receive), miss a turn, "
               "another turn, drive on to the nearest city",
               "the printed events are not in the seed; page 4 only says an event card can move a truck into a city",
               "auf-achse-events"),
    Assumption("starting_money", "5,000", "public facts", "auf-achse-setup"),
    Assumption("private_contracts", "3", "public facts; the children's variant deals 5 (page 4)", "auf-achse-setup"),
    Assumption("public_contracts", "12 / 16 / 20 / 24 / 24 for 2 / 3 / 4 / 5 / 6 players, the 4 face-up ones included",
               "public facts; page 4 counts the children's ten the same way (\"davon werden 4 Karten offen ... gelegt\")",
               "auf-achse-setup"),
    Assumption("start positions", "each player in turn places their truck in any city; seat 0 (red) begins",
               "how the trucks start and who begins is on the missing pages", "auf-achse-setup"),
    Assumption("truck_capacity", "6", "public facts; page 4 confirms it for the children's variant", "auf-achse-loading"),
    Assumption("goods_cubes", "48 alike cubes; a contract that needs more cubes than the supply holds cannot be loaded yet",
               "public facts give 48 cubes; the contract cards name their goods only as a label", "auf-achse-loading"),
    Assumption("loading and unloading", "only in a city where the truck's move ended (exactly, by giving up pips, "
               "or by an event card), in the player's own turn", "page 4: pips are given up \"um in der Stadt ein- "
               "bzw. abzuladen\", so passing through a city does not load", "auf-achse-loading"),
    Assumption("load at once", "a player who wins a public contract out of turn while their truck stands in its start city "
               "with room loads it at once", "page 4: \"oder ggf. sofort, wenn er sich bereits auf diesem befindet\"",
               "auf-achse-taking-contract"),
    Assumption("hidden hands", "contracts in hand are held face down: the other players see how many a player holds, "
               "not which, except the public contracts won at auction (or taken in the children's variant), which "
               "everyone saw; loaded contracts lie face up", "page 4 sets taking a card \"auf die Hand\" against laying "
               "it \"offen vor sich\" (face up in front of you); whether private contracts are secret is on the missing "
               "pages. The bots and state.observation play by this", "auf-achse-taking-contract"),
    Assumption("trucks_per_space", "2; a truck may not enter, nor pass through, a road space that holds two trucks",
               "public facts give the limit; whether one may pass through a full space is not known",
               "auf-achse-road-spaces"),
    Assumption("movement", "step by step, exactly the chosen number of pips, no space or city twice in one move; "
               "a truck that cannot go on stops where it is (a stop on a triangle that is not the last pip draws no event)",
               "public facts give only the dice rule", "auf-achse-movement"),
    Assumption("giving up pips", "a truck may end its move early only in a city", "page 4: pips are given up to load "
               "or unload in the city", "auf-achse-movement"),
    Assumption("trailers_per_truck", "1; bought in the player's own turn in any city where the truck stopped",
               "page 4 gives the trailers and their prices, not where or how many", "auf-achse-trailers"),
    Assumption("bank_money", "1,000,000 as a ledger: the bank never runs out",
               "the play money in the box is not counted in the public facts", "auf-achse-setup"),
    Assumption("no credit for events", "a player who must pay more than they have pays all their cash",
               "page 4: \"Kredit wird nicht gewährt\"", "auf-achse-events"),
    Assumption("auction bids", "a bidder may skip offers (blue names offer 2 at once), and the chooser may match "
               "or raise; a player who passes is out of this auction", "page 4's example and its wording",
               "auf-achse-auction-order"),
    Assumption("truck colours", "red, yellow, blue, green, black, white by seat",
               "the worked example's four players are red, yellow, blue and green; the other two colours are ours",
               "auf-achse-components"),
    Assumption("nearest city", "an event card that sends a truck on moves it to the city fewest steps away "
               "(ties: the first in network.json)", "the printed event cards are not known", "auf-achse-events"),
    Assumption("arrow direction", "the arrows run towards the loading yard: space 0 (next to it) holds the oldest "
               "contract, the corner space the newest; with the face-down pile empty the corner stays empty",
               "page 4 names the loading yard, the corner and the arrows but the board is not in the seed",
               "auf-achse-sliding"),
    Assumption("choose or decline", "every arrival in a city with the full roll (while public contracts lie open) "
               "must either choose a public contract or decline, which removes the one next to the loading yard",
               "page 4: \"Immer dann, wenn ... kein Interesse ... hat, kommt der Auftrag ... aus dem Spiel\"",
               "auf-achse-declining"),
    Assumption("own contracts", "all contracts a player holds, private ones and public ones won, in hand or loaded; "
               "a player who holds none has finished them all", "page 4 says \"alle eigenen Aufträge\"",
               "auf-achse-end"),
    Assumption("ties", "players with the same most cash share the win", "page 4 names no tie-break",
               "auf-achse-winner"),
    Assumption("children's first arrival", "a truck that stops in a start city (in any way) may take that face-up "
               "contract; the freed space is refilled at once; nothing is removed when nobody takes one",
               "page 4: the arrows and the offer table have no meaning in the variant", "auf-achse-children"),
])
