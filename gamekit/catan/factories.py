"""Catan with factories (Fabriken): the base game's rules plus factories, as a gamekit game.

>>> import gamekit
>>> state = gamekit.game("factories").new(players=4, seed=1)
>>> state.legal_actions()[0]
BuildSettlement(node=0)

The base rules, in our own words (no seed covers them; labels as in the book):

* ``catan-setup``: in snake order (players 0, 1, ..., n-1, then n-1, ..., 0) each player places a
  settlement and a road touching it, for free. The second settlement gives one card of each
  resource of the hexes around it. The robber starts on the desert.
* ``catan-production``: a turn starts with a roll of two dice. Every hex with that number (except
  the robber's) gives each settlement at its corners one card of its resource, each city two. The
  bank holds 19 cards of each resource; if it cannot pay every claim on a resource, nobody gets
  it, unless only one player is owed it (who gets what is left).
* ``catan-discard``: on a 7, nothing is produced; every player holding more than seven cards
  discards half of them, rounded down.
* ``catan-robber``: then the roller moves the robber to another hex and steals one random card from
  a player (other than themselves) with a settlement or city at a corner of that hex. The robber's
  hex produces nothing while it stays.
* ``catan-building-costs``: road = brick + lumber; settlement = brick + lumber + wool + grain;
  city = 2 grain + 3 ore; development card = wool + grain + ore. Each player has 15 roads,
  5 settlements and 4 cities.
* ``catan-road``: a road goes on a free edge touching the player's own road, settlement or city
  (or factory); it cannot continue through another player's building.
* ``catan-settlement``: a settlement goes on a free intersection touching an own road;
  ``catan-distance-rule``: no building may stand on a neighbouring intersection.
* ``catan-city``: a city replaces an own settlement (the settlement goes back to its owner).
* ``catan-bank-trade``: four equal cards to the bank for any one card; ``catan-harbour-trade``: a
  settlement or city on a harbour trades three equal cards (3:1) or two of its resource (2:1).
* ``catan-player-trade``: the player whose turn it is may offer cards to another player for cards
  of theirs; that player accepts or declines.
* ``catan-development-cards``: 25 cards (14 knights, 5 victory points, 2 each of road building, year
  of plenty, monopoly). At most one card is played per turn, not one bought that same turn; it may
  be played before the roll. A knight moves the robber; road building gives two free roads; year
  of plenty two cards from the bank; monopoly takes every card of one resource from all others.
  Victory point cards count without being played.
* ``catan-largest-army``: the first player with three knights played holds Largest Army (2 points)
  until another has played more.
* ``catan-longest-road``: the first player with a road of five segments holds Longest Road
  (2 points) until another has a longer one; other players' buildings break a road.
* ``catan-victory``: settlements count 1, cities 2; a player who has 10 victory points on their own
  turn wins at once.

Factories (seed 002), see :mod:`gamekit.catan.production` for production and investment:

* ``factories-players``: 3-4 players. ``factories-setup``: each player has 3 factories, six pegs
  numbered 1-6 and three blank pegs (settings ``factories_per_player``, ``blank_pegs``).
* ``factories-building``: a factory costs 2 brick + 3 ore; it goes on a free intersection touching
  an own road, under the distance rule; at most one per turn; it gives no victory point.
* ``factories-investment``: 1 brick + 1 ore, choose a factory with a free hole, roll a d6; a new
  number places that peg into a free hole of one's choice. ``factories-failed-investment``: a
  number already in an own factory puts a blank peg in instead (none left: the lowest unplaced
  numbered peg, turned over). ``factories-derelict``: a factory without a numbered peg yields nothing.
* ``factories-production`` / ``solcher-production``: see :func:`~gamekit.catan.production.factory_yield`.
* ``factories-robber``: the robber blocks only the peg facing its hex. ``solcher-robber`` (option):
  instead of moving the robber and stealing, turn any factory one position.

Phases: ``setup``, then per turn ``roll`` -> ``main`` (with ``discard`` and ``robber`` after a 7,
``trade`` while an offer waits for its answer, ``road_building`` after that card, ``peg`` after an
investment roll), and ``over``.
"""

from __future__ import annotations

from typing import Any

from .. import register
from ..core import Game, IllegalAction, State
from ..dice import colour_die, d6
from . import RESOURCES
from .actions import (
    ACTION_TYPES,
    AcceptTrade,
    BankTrade,
    BuildCity,
    BuildFactory,
    BuildRoad,
    BuildSettlement,
    BuyDevelopmentCard,
    DeclineTrade,
    Discard,
    EndTurn,
    Invest,
    MoveRobber,
    OfferTrade,
    PlacePeg,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    Roll,
    RotateFactory,
)
from .board import Board
from .options import FactoriesOptions
from .production import NUMBERS, Factory, Peg, investment_peg, pegs_paid

__all__ = [
    "FactoriesState",
    "FACTORIES",
    "COSTS",
    "DEVELOPMENT_CARDS",
    "DEVELOPMENT_DECK",
    "PIECES",
    "RULES",
]

BRICK, LUMBER, WOOL, GRAIN, ORE = range(5)
RES_INDEX = {r: i for i, r in enumerate(RESOURCES)}

#: Rule ``catan-building-costs`` (and ``factories-building``, ``factories-investment``): cards per resource.
COSTS: dict[str, tuple[int, int, int, int, int]] = {
    "road": (1, 1, 0, 0, 0),
    "settlement": (1, 1, 1, 1, 0),
    "city": (0, 0, 0, 2, 3),
    "development card": (0, 0, 1, 1, 1),
    "factory": (2, 0, 0, 0, 3),
    "investment": (1, 0, 0, 0, 1),
}
ROAD_COST, SETTLEMENT_COST, CITY_COST = COSTS["road"], COSTS["settlement"], COSTS["city"]
DEV_COST, FACTORY_COST, INVEST_COST = COSTS["development card"], COSTS["factory"], COSTS["investment"]

#: Pieces per player (rule ``catan-building-costs``).
PIECES: dict[str, int] = {"road": 15, "settlement": 5, "city": 4}

#: Rule ``catan-development-cards``: the kinds and the 25-card deck.
DEVELOPMENT_CARDS: tuple[str, ...] = ("knight", "road building", "year of plenty", "monopoly", "victory point")
DEVELOPMENT_DECK: tuple[int, ...] = (14, 2, 2, 2, 5)
KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY, VICTORY_POINT = range(5)

#: Every rule label the engine cites (book labels), plus ``catan-board`` for the board itself.
RULES: tuple[str, ...] = (
    "catan-board", "catan-setup", "catan-production", "catan-robber", "catan-discard", "catan-building-costs",
    "catan-road", "catan-settlement", "catan-distance-rule", "catan-city", "catan-bank-trade",
    "catan-harbour-trade", "catan-player-trade", "catan-development-cards", "catan-largest-army",
    "catan-longest-road", "catan-victory", "factories-players", "factories-setup", "factories-building",
    "factories-investment", "factories-failed-investment", "factories-derelict", "factories-production",
    "factories-robber", "solcher-production", "solcher-robber",
)  # fmt: skip

EMPTY, SETTLEMENT, CITY, FACTORY = 0, 1, 2, 3
KIND_NAMES = ("empty", "settlement", "city", "factory")
PHASES = ("setup", "roll", "discard", "robber", "main", "trade", "road_building", "peg", "over")

# Shared action instances (actions are immutable), so legal_actions builds no new objects.
_ROAD = [BuildRoad(i) for i in range(512)]
_SETTLE = [BuildSettlement(i) for i in range(512)]
_CITY = [BuildCity(i) for i in range(512)]
_FACTORY = [BuildFactory(i) for i in range(512)]
_INVEST = [Invest(i) for i in range(512)]
_PEG = [PlacePeg(i) for i in range(3)]
_DISCARD = [Discard(r) for r in RESOURCES]
_ROLL, _END, _BUY, _KNIGHT, _ROADS = Roll(), EndTurn(), BuyDevelopmentCard(), PlayKnight(), PlayRoadBuilding()
_ACCEPT, _DECLINE = AcceptTrade(), DeclineTrade()
_MONOPOLY = [PlayMonopoly(r) for r in RESOURCES]
_PLENTY = [PlayYearOfPlenty(a, b) for i, a in enumerate(RESOURCES) for b in RESOURCES[i:]]
_OFFER = {(q, g, t): OfferTrade(q, (RESOURCES[g],), (RESOURCES[t],))
          for q in range(8) for g in range(5) for t in range(5) if g != t}  # fmt: skip
_OFFERS: dict[tuple[int, int, int], tuple[OfferTrade, ...]] = {}


def _offers(to: int, mine: int, theirs: int) -> tuple[OfferTrade, ...]:
    """The one-for-one offers to ``to`` for resource masks ``mine`` and ``theirs`` (cached)."""
    key = (to, mine, theirs)
    found = _OFFERS.get(key)
    if found is None:
        found = _OFFERS[key] = tuple(_OFFER[to, g, t] for g in range(5) if mine >> g & 1
                                     for t in range(5) if theirs >> t & 1 and t != g)  # fmt: skip
    return found


_ROBBER: dict[tuple[int, int], MoveRobber] = {}
_BANK = {(g, t, c): BankTrade(RESOURCES[g], RESOURCES[t], c) for g in range(5) for t in range(5) for c in (2, 3, 4)}

# The rule an action belongs to, cited when it comes at the wrong moment.
_HOME_RULE: dict[type, str] = {
    Roll: "catan-production",
    EndTurn: "catan-production",
    BuildRoad: "catan-road",
    BuildSettlement: "catan-settlement",
    BuildCity: "catan-city",
    BuildFactory: "factories-building",
    Invest: "factories-investment",
    PlacePeg: "factories-investment",
    Discard: "catan-discard",
    MoveRobber: "catan-robber",
    RotateFactory: "solcher-robber",
    BankTrade: "catan-bank-trade",
    OfferTrade: "catan-player-trade",
    AcceptTrade: "catan-player-trade",
    DeclineTrade: "catan-player-trade",
    BuyDevelopmentCard: "catan-development-cards",
    PlayKnight: "catan-development-cards",
    PlayRoadBuilding: "catan-development-cards",
    PlayYearOfPlenty: "catan-development-cards",
    PlayMonopoly: "catan-development-cards",
}
_PHASE_RULE = {
    "setup": "catan-setup",
    "discard": "catan-discard",
    "robber": "catan-robber",
    "trade": "catan-player-trade",
    "road_building": "catan-development-cards",
    "peg": "factories-investment",
}
_DEV_PLAYS = (PlayKnight, PlayRoadBuilding, PlayYearOfPlenty, PlayMonopoly)
_PHASE_ACTIONS: dict[str, tuple[type, ...]] = {
    "setup": (BuildSettlement, BuildRoad),
    "roll": (Roll,) + _DEV_PLAYS,
    "discard": (Discard,),
    "robber": (MoveRobber, RotateFactory),
    "main": (EndTurn, BuildRoad, BuildSettlement, BuildCity, BuildFactory, Invest, BankTrade, OfferTrade,
             BuyDevelopmentCard) + _DEV_PLAYS,
    "trade": (AcceptTrade, DeclineTrade),
    "road_building": (BuildRoad,),
    "peg": (PlacePeg,),
    "over": (),
}  # fmt: skip


def _roll_two_d6(rng: Any) -> tuple[int, list[int]]:
    """The white and the red die, exactly as ``gamekit.dice.two_d6.roll_detail`` rolls them
    (same generator calls, same result), without its generic machinery."""
    white = rng.randbelow(6) + 1
    red = rng.randbelow(6) + 1
    return white + red, [white, red]



def _resource(name: Any, rule: str) -> int:
    index = RES_INDEX.get(name) if isinstance(name, str) else None
    if index is None:
        raise IllegalAction(f"{name!r} is not a resource; resources are {', '.join(RESOURCES)}", rule)
    return index


def _afford(hand: list[int], cost: tuple[int, ...]) -> bool:
    return all(h >= c for h, c in zip(hand, cost))


class FactoriesState(State):
    """A game of Catan with factories in progress. See the module docstring for the rules.

    Board state in flat lists indexed by id: ``node_owner``/``node_kind`` per intersection
    (-1 / 0 when empty; kinds 1 settlement, 2 city, 3 factory), ``edge_owner`` per edge;
    ``factories`` maps an intersection to ``[owner, rotation, hole0, hole1, hole2]`` where a hole
    holds -1 (empty), 0 (a blank or turned-over peg) or a visible number 1-6; hole ``i`` faces
    ``topology.node_slots[node][(i + rotation) % 3]``.
    """

    action_types = ACTION_TYPES
    options: FactoriesOptions

    # -- setup ---------------------------------------------------------------------------------
    def _setup(self) -> None:
        """Rules ``catan-setup``, ``factories-setup``: the board, the bank, the pieces, the deck."""
        opts = self.options
        board = opts.make_board(self.rng)
        self._init_board(board)
        n = self.players
        topo = self.topo
        self.phase = "setup"
        self.turn = 0
        self.setup_index = 0
        self.setup_node = -1
        self.node_owner = [-1] * len(topo.nodes)
        self.node_kind = [EMPTY] * len(topo.nodes)
        self.edge_owner = [-1] * len(topo.edges)
        self.hands = [[0] * 5 for _ in range(n)]
        self.bank = [opts.bank_per_resource] * 5
        self.dev_deck = list(DEVELOPMENT_DECK)
        self.dev_hands = [[0] * 5 for _ in range(n)]
        self.dev_new = [0] * 5
        self.dev_played = False
        self.knights = [0] * n
        self.largest_army = -1
        self.longest_road = -1
        self.robber = board.desert()
        self.factories: dict[int, list[int]] = {}
        self.pegs_left = [list(NUMBERS) for _ in range(n)]
        self.blanks_left = [opts.blank_pegs] * n
        self.factories_built = 0
        self.discards: list[list[int]] = []
        self.offer: list[Any] | None = None
        self.pending_peg: list[int] | None = None
        self.free_roads = 0
        self.resume = "main"
        self.dice: list[Any] = []
        self.winner: int | None = None
        self._derive()

    def _init_board(self, board: Board) -> None:
        self.board = board
        self.topo = board.topology
        self.setup_order = list(range(self.players)) + list(range(self.players - 1, -1, -1))
        self.colours = self.options.player_colours[: self.players]

    def _derive(self) -> None:
        """Per-player lists derived from the board (roads, buildings, lengths)."""
        n = self.players
        self.roads = [[] for _ in range(n)]
        for e, p in enumerate(self.edge_owner):
            if p >= 0:
                self.roads[p].append(e)
        self.buildings = [[] for _ in range(n)]
        for v, p in enumerate(self.node_owner):
            if p >= 0:
                self.buildings[p].append(v)
        self.road_length = [self._longest_road_of(p) for p in range(n)]

    # -- whose turn ----------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase == "over":
            return None
        if phase == "setup":
            return self.setup_order[self.setup_index]
        if phase == "discard":
            return self.discards[0][0]
        if phase == "trade":
            return self.offer[1]  # type: ignore[index]
        return self.turn

    def is_over(self) -> bool:
        return self.winner is not None

    def victory_points(self, player: int) -> int:
        """Rule ``catan-victory``: settlements 1, cities 2, Longest Road and Largest Army 2 each,
        victory point cards 1; factories none (rule ``factories-building``)."""
        points = self.dev_hands[player][VICTORY_POINT]
        kind = self.node_kind
        for v in self.buildings[player]:
            k = kind[v]
            if k == SETTLEMENT:
                points += 1
            elif k == CITY:
                points += 2
        if self.longest_road == player:
            points += 2
        if self.largest_army == player:
            points += 2
        return points

    def scores(self) -> dict[int, Any]:
        return {p: self.victory_points(p) for p in range(self.players)}

    def winners(self) -> list[int]:
        return [] if self.winner is None else [self.winner]

    # -- queries used by the rules -----------------------------------------------------------
    def pieces_left(self, player: int) -> dict[str, int]:
        """Roads, settlements, cities and factories the player can still build (rules
        ``catan-building-costs``, ``factories-setup``)."""
        kinds = [self.node_kind[v] for v in self.buildings[player]]
        return {
            "road": PIECES["road"] - len(self.roads[player]),
            "settlement": PIECES["settlement"] - kinds.count(SETTLEMENT),
            "city": PIECES["city"] - kinds.count(CITY),
            "factory": self.options.factories_per_player - kinds.count(FACTORY),
        }

    def _count(self, player: int, kind: int) -> int:
        nk = self.node_kind
        return sum(1 for v in self.buildings[player] if nk[v] == kind)

    def _distance_ok(self, node: int) -> bool:
        """Rule ``catan-distance-rule`` (factories count, rule ``factories-building``)."""
        owner = self.node_owner
        return all(owner[m] == -1 for m in self.topo.node_nodes[node])

    def _touches_road(self, player: int, node: int) -> bool:
        eo = self.edge_owner
        return any(eo[e] == player for e in self.topo.node_edges[node])

    def _road_connected(self, player: int, edge: int) -> bool:
        """Rule ``catan-road``: an end of the edge has an own building, or an own road that is not
        cut off there by another player's building."""
        eo, no = self.edge_owner, self.node_owner
        for v in self.topo.edge_nodes[edge]:
            o = no[v]
            if o == player:
                return True
            if o == -1 and any(eo[f] == player for f in self.topo.node_edges[v]):
                return True
        return False

    def _road_edges(self, player: int) -> list[int]:
        eo, no = self.edge_owner, self.node_owner
        node_edges = self.topo.node_edges
        edge_nodes = self.topo.edge_nodes
        out = set()
        for e in self.roads[player]:
            for v in edge_nodes[e]:
                if no[v] == -1 or no[v] == player:
                    for f in node_edges[v]:
                        if eo[f] == -1:
                            out.add(f)
        for v in self.buildings[player]:
            for f in node_edges[v]:
                if eo[f] == -1:
                    out.add(f)
        return sorted(out)

    def _building_nodes(self, player: int) -> list[int]:
        """Free intersections touching an own road that satisfy the distance rule."""
        no = self.node_owner
        node_nodes = self.topo.node_nodes
        edge_nodes = self.topo.edge_nodes
        seen = set()
        out = []
        for e in self.roads[player]:
            for v in edge_nodes[e]:
                if v in seen:
                    continue
                seen.add(v)
                if no[v] == -1 and all(no[m] == -1 for m in node_nodes[v]):
                    out.append(v)
        out.sort()
        return out

    def trade_rate(self, player: int, resource: int) -> int:
        """Rules ``catan-bank-trade`` (4:1), ``catan-harbour-trade`` (3:1, 2:1 on a settlement or city)."""
        rate = 4
        harbour = self.board.node_harbour
        kind = self.node_kind
        name = RESOURCES[resource]
        for v in self.buildings[player]:
            h = harbour.get(v)
            if h is not None and kind[v] != FACTORY:
                if h == name:
                    return 2
                if h == "3:1":
                    rate = 3
        return rate

    def factory_hex(self, node: int, hole: int) -> int:
        """The hex that a factory's hole faces (-1: the sea or off the board)."""
        f = self.factories[node]
        return self.topo.node_slots[node][(hole + f[1]) % 3]

    def is_derelict(self, node: int) -> bool:
        """Rule ``factories-derelict``: a factory with no visible numbered peg."""
        return all(h <= 0 for h in self.factories[node][2:])

    def _playable(self, player: int, card: int) -> bool:
        held = self.dev_hands[player][card]
        if player == self.turn:
            held -= self.dev_new[card]
        return held > 0

    # -- legal actions -------------------------------------------------------------------------
    def legal_actions(self) -> list[Any]:
        phase = self.phase
        if phase == "main":
            return self._main_actions()
        if phase == "roll":
            return [_ROLL] + self._dev_actions(self.turn)
        if phase == "setup":
            if self.setup_node < 0:
                no = self.node_owner
                return [_SETTLE[v] for v in range(len(no)) if no[v] == -1 and self._distance_ok(v)]
            return [_ROAD[e] for e in self.topo.node_edges[self.setup_node] if self.edge_owner[e] == -1]
        if phase == "discard":
            hand = self.hands[self.discards[0][0]]
            return [_DISCARD[r] for r in range(5) if hand[r]]
        if phase == "robber":
            return self._robber_actions()
        if phase == "trade":
            return [_ACCEPT, _DECLINE] if _afford(self.hands[self.offer[1]], self.offer[3]) else [_DECLINE]  # type: ignore[index]
        if phase == "road_building":
            return [_ROAD[e] for e in self._road_edges(self.turn)]
        if phase == "peg":
            holes = self.factories[self.pending_peg[0]]  # type: ignore[index]
            return [_PEG[i] for i in range(3) if holes[2 + i] < 0]
        return []

    def _main_actions(self) -> list[Any]:
        p = self.turn
        hand = self.hands[p]
        acts: list[Any] = [_END]
        brick, lumber, wool, grain, ore = hand
        kind = self.node_kind
        settlements = cities = factories = 0
        for v in self.buildings[p]:
            k = kind[v]
            if k == SETTLEMENT:
                settlements += 1
            elif k == CITY:
                cities += 1
            else:
                factories += 1
        if brick and lumber and len(self.roads[p]) < PIECES["road"]:
            acts.extend(_ROAD[e] for e in self._road_edges(p))
        can_settle = brick and lumber and wool and grain and settlements < PIECES["settlement"]
        can_factory = (brick >= 2 and ore >= 3 and factories < self.options.factories_per_player
                       and self.factories_built < self.options.factories_per_turn)  # fmt: skip
        if can_settle or can_factory:
            nodes = self._building_nodes(p)
            if can_settle:
                acts.extend(_SETTLE[v] for v in nodes)
            if can_factory:
                acts.extend(_FACTORY[v] for v in nodes)
        if grain >= 2 and ore >= 3 and cities < PIECES["city"]:
            acts.extend(_CITY[v] for v in sorted(self.buildings[p]) if kind[v] == SETTLEMENT)
        if brick and ore and self.factories and (self.pegs_left[p] or self.blanks_left[p]):
            for v in sorted(self.buildings[p]):
                f = self.factories.get(v)
                if f is not None and min(f[2:]) < 0:
                    acts.append(_INVEST[v])
        if wool and grain and ore and sum(self.dev_deck):
            acts.append(_BUY)
        acts.extend(self._dev_actions(p))
        bank = self.bank
        for g in range(5):
            if hand[g] >= 2:
                rate = self.trade_rate(p, g)
                if hand[g] >= rate:
                    acts.extend(_BANK[g, t, rate] for t in range(5) if t != g and bank[t])
        mine = (brick > 0) | (lumber > 0) << 1 | (wool > 0) << 2 | (grain > 0) << 3 | (ore > 0) << 4
        if mine:
            for q in range(self.players):
                if q != p:
                    b, lu, w, g, o = self.hands[q]
                    theirs = (b > 0) | (lu > 0) << 1 | (w > 0) << 2 | (g > 0) << 3 | (o > 0) << 4
                    if theirs:
                        acts.extend(_offers(q, mine, theirs))
        return acts

    def _dev_actions(self, p: int) -> list[Any]:
        if self.dev_played or not any(self.dev_hands[p][:4]):
            return []
        acts: list[Any] = []
        if self._playable(p, KNIGHT):
            acts.append(_KNIGHT)
        if self._playable(p, ROAD_BUILDING) and self.pieces_left(p)["road"] and self._road_edges(p):
            acts.append(_ROADS)
        if self._playable(p, YEAR_OF_PLENTY):
            bank = self.bank
            acts.extend(a for a in _PLENTY if bank[RES_INDEX[a.first]] >= 1 + (a.first == a.second)
                        and bank[RES_INDEX[a.second]] >= 1)  # fmt: skip
        if self._playable(p, MONOPOLY):
            acts.extend(_MONOPOLY)
        return acts

    def _robber_actions(self) -> list[Any]:
        acts: list[Any] = []
        p = self.turn
        for h in self.board.land_hexes:
            if h == self.robber:
                continue
            victims = self._victims(p, h)
            for q in victims or (-1,):
                a = _ROBBER.get((h, q))
                if a is None:
                    a = _ROBBER[h, q] = MoveRobber(h, q)
                acts.append(a)
        if self.options.robber_may_rotate_factory:
            for v in sorted(self.factories):
                acts.append(RotateFactory(v, 1))
                acts.append(RotateFactory(v, -1))
        return acts

    def _victims(self, p: int, h: int) -> list[int]:
        """Rule ``catan-robber``: players other than ``p`` with a settlement or city (with the setting
        ``robber_steals_from_factory_owners``, a factory too) at a corner of ``h`` and a card in hand."""
        no, nk = self.node_owner, self.node_kind
        steal_factory = self.options.robber_steals_from_factory_owners
        out = set()
        for v in self.topo.hex_nodes[h]:
            q = no[v]
            if q >= 0 and q != p and (nk[v] != FACTORY or steal_factory) and sum(self.hands[q]):
                out.add(q)
        return sorted(out)

    # -- checking ------------------------------------------------------------------------------
    def _check(self, action: Any) -> None:
        kind = type(action)
        rule = _HOME_RULE.get(kind)
        if rule is None:
            raise IllegalAction(f"{action!r} is not an action of Catan with factories", "protocol-legal-actions")
        phase = self.phase
        if kind not in _PHASE_ACTIONS[phase]:
            if phase in ("roll", "main"):
                if phase == "roll" and kind in _PHASE_ACTIONS["main"]:
                    raise IllegalAction(f"roll the dice first: {action} comes after the roll", "catan-production")
                raise IllegalAction(f"{action} is not possible now", rule)
            raise IllegalAction(f"{action} is not possible now ({phase.replace('_', ' ')})", _PHASE_RULE[phase])
        getattr(self, "_check_" + kind.__name__)(action)

    def _valid_node(self, node: Any, rule: str) -> int:
        if isinstance(node, bool) or not isinstance(node, int) or not 0 <= node < len(self.node_owner):
            raise IllegalAction(f"there is no intersection {node!r}", rule)
        return node

    def _valid_edge(self, edge: Any, rule: str) -> int:
        if isinstance(edge, bool) or not isinstance(edge, int) or not 0 <= edge < len(self.edge_owner):
            raise IllegalAction(f"there is no edge {edge!r}", rule)
        return edge

    def _need(self, player: int, cost: tuple[int, ...], what: str, rule: str) -> None:
        if not _afford(self.hands[player], cost):
            need = ", ".join(f"{c} {RESOURCES[i]}" for i, c in enumerate(cost) if c)
            raise IllegalAction(f"a {what} costs {need}", rule)

    def _check_Roll(self, action: Roll) -> None:
        pass

    def _check_EndTurn(self, action: EndTurn) -> None:
        pass

    def _check_BuildRoad(self, action: BuildRoad) -> None:
        e = self._valid_edge(action.edge, "catan-road")
        p = self.current_player
        if self.edge_owner[e] != -1:
            raise IllegalAction(f"edge {e} already has a road", "catan-road")
        if self.phase == "setup":
            if self.setup_node < 0:
                raise IllegalAction("place the settlement first, then its road", "catan-setup")
            if self.setup_node not in self.topo.edge_nodes[e]:
                raise IllegalAction(f"the setup road must touch the settlement just placed at {self.setup_node}",
                                    "catan-setup")
            return
        if len(self.roads[p]) >= PIECES["road"]:
            raise IllegalAction("no roads left (15 per player)", "catan-road")
        if not self._road_connected(p, e):
            raise IllegalAction(f"edge {e} is not connected to your roads or buildings", "catan-road")
        if self.phase == "main":
            self._need(p, ROAD_COST, "road", "catan-building-costs")

    def _check_BuildSettlement(self, action: BuildSettlement) -> None:
        v = self._valid_node(action.node, "catan-settlement")
        p = self.current_player
        if self.node_owner[v] != -1:
            raise IllegalAction(f"intersection {v} is taken", "catan-settlement")
        if not self._distance_ok(v):
            raise IllegalAction(f"a neighbouring intersection of {v} has a building", "catan-distance-rule")
        if self.phase == "setup":
            if self.setup_node >= 0:
                raise IllegalAction("place the road of your setup settlement first", "catan-setup")
            return
        if self._count(p, SETTLEMENT) >= PIECES["settlement"]:
            raise IllegalAction("no settlements left (5 per player)", "catan-settlement")
        if not self._touches_road(p, v):
            raise IllegalAction(f"intersection {v} does not touch your road", "catan-settlement")
        self._need(p, SETTLEMENT_COST, "settlement", "catan-building-costs")

    def _check_BuildCity(self, action: BuildCity) -> None:
        v = self._valid_node(action.node, "catan-city")
        p = self.turn
        if self.node_owner[v] != p or self.node_kind[v] != SETTLEMENT:
            raise IllegalAction(f"a city replaces one of your settlements; intersection {v} has none", "catan-city")
        if self._count(p, CITY) >= PIECES["city"]:
            raise IllegalAction("no cities left (4 per player)", "catan-city")
        self._need(p, CITY_COST, "city", "catan-building-costs")

    def _check_BuildFactory(self, action: BuildFactory) -> None:
        v = self._valid_node(action.node, "factories-building")
        p = self.turn
        if self.node_owner[v] != -1:
            raise IllegalAction(f"intersection {v} is taken", "factories-building")
        if not self._distance_ok(v):
            raise IllegalAction(f"a neighbouring intersection of {v} has a building", "catan-distance-rule")
        if not self._touches_road(p, v):
            raise IllegalAction(f"a factory needs your road at intersection {v}", "factories-building")
        if self.factories_built >= self.options.factories_per_turn:
            raise IllegalAction("only one factory may be built per turn", "factories-building")
        if self._count(p, FACTORY) >= self.options.factories_per_player:
            raise IllegalAction(f"no factories left ({self.options.factories_per_player} per player)", "factories-setup")
        self._need(p, FACTORY_COST, "factory", "factories-building")

    def _check_Invest(self, action: Invest) -> None:
        v = self._valid_node(action.node, "factories-investment")
        p = self.turn
        f = self.factories.get(v)
        if f is None or f[0] != p:
            raise IllegalAction(f"you have no factory at intersection {v}", "factories-investment")
        if min(f[2:]) >= 0:
            raise IllegalAction(f"the factory at {v} is full (three pegs)", "factories-investment")
        if not self.pegs_left[p] and not self.blanks_left[p]:
            raise IllegalAction("you have no pegs left", "factories-investment")
        self._need(p, INVEST_COST, "investment", "factories-investment")

    def _check_PlacePeg(self, action: PlacePeg) -> None:
        hole = action.hole
        if isinstance(hole, bool) or not isinstance(hole, int) or not 0 <= hole < 3:
            raise IllegalAction(f"a factory has holes 0, 1 and 2, not {hole!r}", "factories-investment")
        if self.factories[self.pending_peg[0]][2 + hole] >= 0:  # type: ignore[index]
            raise IllegalAction(f"hole {hole} already holds a peg", "factories-investment")

    def _check_Discard(self, action: Discard) -> None:
        r = _resource(action.resource, "catan-discard")
        if not self.hands[self.discards[0][0]][r]:
            raise IllegalAction(f"you hold no {action.resource}", "catan-discard")

    def _check_MoveRobber(self, action: MoveRobber) -> None:
        h, victim = action.hex, action.victim
        if isinstance(h, bool) or not isinstance(h, int) or h not in self.board.land_hexes:
            raise IllegalAction(f"the robber moves to a land hex, not {h!r}", "catan-robber")
        if h == self.robber:
            raise IllegalAction("the robber must move to another hex", "catan-robber")
        victims = self._victims(self.turn, h)
        if victims and victim not in victims:
            raise IllegalAction(f"steal from one of players {victims} at hex {h}", "catan-robber")
        if not victims and victim != -1:
            raise IllegalAction(f"nobody at hex {h} can be robbed", "catan-robber")

    def _check_RotateFactory(self, action: RotateFactory) -> None:
        if not self.options.robber_may_rotate_factory:
            raise IllegalAction("rotating factories needs the setting robber_may_rotate_factory", "solcher-robber")
        if action.node not in self.factories:
            raise IllegalAction(f"there is no factory at {action.node!r}", "solcher-robber")
        if action.step not in (1, -1) or isinstance(action.step, bool):
            raise IllegalAction("a factory turns one position: step 1 or -1", "solcher-robber")

    def _check_BankTrade(self, action: BankTrade) -> None:
        g = _resource(action.give, "catan-bank-trade")
        t = _resource(action.get, "catan-bank-trade")
        p = self.turn
        if g == t:
            raise IllegalAction("trade for a different resource", "catan-bank-trade")
        rate = self.trade_rate(p, g)
        if action.count != rate:
            rule = "catan-harbour-trade" if action.count < 4 or rate < 4 else "catan-bank-trade"
            raise IllegalAction(f"you trade {action.give} at {rate}:1, not {action.count!r}:1", rule)
        if self.hands[p][g] < rate:
            raise IllegalAction(f"you need {rate} {action.give}", "catan-bank-trade")
        if not self.bank[t]:
            raise IllegalAction(f"the bank has no {action.get} left", "catan-bank-trade")

    def _check_OfferTrade(self, action: OfferTrade) -> None:
        p = self.turn
        to = action.to
        if isinstance(to, bool) or not isinstance(to, int) or not 0 <= to < self.players or to == p:
            raise IllegalAction(f"offer to another player, not {to!r}", "catan-player-trade")
        if not isinstance(action.give, tuple) or not isinstance(action.get, tuple) or not action.give or not action.get:
            raise IllegalAction("a trade gives at least one card for at least one card", "catan-player-trade")
        give = [_resource(r, "catan-player-trade") for r in action.give]
        get = [_resource(r, "catan-player-trade") for r in action.get]
        if set(give) & set(get):
            raise IllegalAction("a resource cannot be on both sides of a trade", "catan-player-trade")
        counts = [give.count(r) for r in range(5)]
        if not _afford(self.hands[p], counts):
            raise IllegalAction("you do not hold the cards you offer", "catan-player-trade")

    def _check_AcceptTrade(self, action: AcceptTrade) -> None:
        if not _afford(self.hands[self.offer[1]], self.offer[3]):  # type: ignore[index]
            raise IllegalAction("you do not hold the cards asked for", "catan-player-trade")

    def _check_DeclineTrade(self, action: DeclineTrade) -> None:
        pass

    def _check_BuyDevelopmentCard(self, action: BuyDevelopmentCard) -> None:
        if not sum(self.dev_deck):
            raise IllegalAction("the development cards are all gone", "catan-development-cards")
        self._need(self.turn, DEV_COST, "development card", "catan-building-costs")

    def _check_dev(self, card: int) -> None:
        p = self.turn
        if self.dev_played:
            raise IllegalAction("only one development card may be played per turn", "catan-development-cards")
        if not self.dev_hands[p][card]:
            raise IllegalAction(f"you hold no {DEVELOPMENT_CARDS[card]} card", "catan-development-cards")
        if not self._playable(p, card):
            raise IllegalAction(f"a {DEVELOPMENT_CARDS[card]} card bought this turn cannot be played yet",
                                "catan-development-cards")

    def _check_PlayKnight(self, action: PlayKnight) -> None:
        self._check_dev(KNIGHT)

    def _check_PlayRoadBuilding(self, action: PlayRoadBuilding) -> None:
        self._check_dev(ROAD_BUILDING)
        if not self.pieces_left(self.turn)["road"] or not self._road_edges(self.turn):
            raise IllegalAction("there is no road to build", "catan-development-cards")

    def _check_PlayYearOfPlenty(self, action: PlayYearOfPlenty) -> None:
        self._check_dev(YEAR_OF_PLENTY)
        a = _resource(action.first, "catan-development-cards")
        b = _resource(action.second, "catan-development-cards")
        need = [0] * 5
        need[a] += 1
        need[b] += 1
        if not _afford(self.bank, need):
            raise IllegalAction("the bank does not have those cards", "catan-development-cards")

    def _check_PlayMonopoly(self, action: PlayMonopoly) -> None:
        self._check_dev(MONOPOLY)
        _resource(action.resource, "catan-development-cards")

    # -- carrying out --------------------------------------------------------------------------
    def _perform(self, action: Any) -> None:
        getattr(self, "_do_" + type(action).__name__)(action)
        if self.phase != "setup":
            p = self.turn
            if self.victory_points(p) >= self.options.victory_points_to_win:  # rule catan-victory
                self.winner = p
                self.phase = "over"

    def _pay(self, player: int, cost: tuple[int, ...]) -> None:
        hand, bank = self.hands[player], self.bank
        for r in range(5):
            c = cost[r]
            if c:
                hand[r] -= c
                bank[r] += c

    def _do_BuildRoad(self, action: BuildRoad) -> None:
        e = action.edge
        p = self.current_player
        if self.phase == "main":
            self._pay(p, ROAD_COST)
        self.edge_owner[e] = p
        self.roads[p].append(e)
        self.road_length[p] = self._longest_road_of(p)
        self._award_longest_road()
        if self.phase == "setup":
            self.setup_node = -1
            self.setup_index += 1
            if self.setup_index == len(self.setup_order):
                self.phase = "roll"
                self.turn = 0
        elif self.phase == "road_building":
            self.free_roads -= 1
            if self.free_roads <= 0 or not self._road_edges(p):
                self.phase = self.resume

    def _place(self, player: int, node: int, kind: int) -> None:
        self.node_owner[node] = player
        self.node_kind[node] = kind
        self.buildings[player].append(node)
        # A new building may break other players' roads (rule catan-longest-road).
        eo = self.edge_owner
        touched = {eo[e] for e in self.topo.node_edges[node] if eo[e] not in (-1, player)}
        for q in touched:
            self.road_length[q] = self._longest_road_of(q)
        if touched:
            self._award_longest_road()

    def _do_BuildSettlement(self, action: BuildSettlement) -> None:
        v = action.node
        p = self.current_player
        if self.phase == "setup":
            self._place(p, v, SETTLEMENT)
            self.setup_node = v
            if self.setup_index >= self.players:  # the second settlement: starting resources
                for h in self.topo.node_hexes[v]:
                    r = self.board.hex_resource[h]
                    if r >= 0 and self.bank[r]:
                        self.bank[r] -= 1
                        self.hands[p][r] += 1
            return
        self._pay(p, SETTLEMENT_COST)
        self._place(p, v, SETTLEMENT)

    def _do_BuildCity(self, action: BuildCity) -> None:
        self._pay(self.turn, CITY_COST)
        self.node_kind[action.node] = CITY

    def _do_BuildFactory(self, action: BuildFactory) -> None:
        p = self.turn
        self._pay(p, FACTORY_COST)
        self._place(p, action.node, FACTORY)
        self.factories[action.node] = [p, 0, -1, -1, -1]
        self.factories_built += 1

    def _do_Invest(self, action: Invest) -> None:
        """Rules ``factories-investment``, ``factories-failed-investment``."""
        p = self.turn
        self._pay(p, INVEST_COST)
        number = self.draw(d6.roll, "investment d6")
        peg, left, self.blanks_left[p] = investment_peg(number, self.pegs_left[p], self.blanks_left[p])
        self.pegs_left[p] = list(left)
        holes = self.factories[action.node]
        free = [i for i in range(3) if holes[2 + i] < 0]
        if len(free) == 1:
            holes[2 + free[0]] = peg
        else:
            self.pending_peg = [action.node, peg]
            self.phase = "peg"

    def _do_PlacePeg(self, action: PlacePeg) -> None:
        node, peg = self.pending_peg  # type: ignore[misc]
        self.factories[node][2 + action.hole] = peg
        self.pending_peg = None
        self.phase = "main"

    def _do_Roll(self, action: Roll) -> None:
        """Rules ``catan-production``, ``factories-production``, ``solcher-production``."""
        total, faces = self.draw(_roll_two_d6, "2d6")
        solcher = self.options.production_rule == "solcher"
        colour = self.draw(colour_die.roll, "colour die") if solcher else None
        self.dice = [faces[0], faces[1], colour]
        claims = [[0] * 5 for _ in range(self.players)]
        robber = self.robber
        if total != 7:
            owner, kind = self.node_owner, self.node_kind
            hex_nodes, hex_resource = self.topo.hex_nodes, self.board.hex_resource
            for h in self.board.number_hexes[total]:
                if h == robber:
                    continue
                r = hex_resource[h]
                for v in hex_nodes[h]:
                    k = kind[v]
                    if k == SETTLEMENT:
                        claims[owner[v]][r] += 1
                    elif k == CITY:
                        claims[owner[v]][r] += 2
        if self.factories and (total != 7 or self.options.factories_produce_on_seven):
            self._factory_claims(claims, faces, colour)
        self._pay_claims(claims)
        if total == 7:
            limit = self.options.discard_limit
            queue = []
            for k in range(self.players):
                q = (self.turn + k) % self.players
                cards = sum(self.hands[q])
                if cards > limit:
                    queue.append([q, cards // 2])
            self.discards = queue
            self.resume = "main"
            self.phase = "discard" if queue else "robber"
        else:
            self.phase = "main"

    def _factory_claims(self, claims: list[list[int]], faces: list[int], colour: str | None) -> None:
        """Add what the factories produce for a roll to ``claims`` (rules ``factories-production``,
        ``solcher-production``, ``factories-robber``, ``factories-derelict``)."""
        rule = self.options.production_rule
        solcher = rule == "solcher"
        picks = self.options.red_die_picks
        slots, hex_resource = self.topo.node_slots, self.board.hex_resource
        robber = self.robber
        for v, f in self.factories.items():
            p = f[0]
            if solcher and self.colours[p] != colour:
                continue
            paid = pegs_paid(f[2:5], faces, rule, picks)
            for i in range(3):
                if f[2 + i] > 0:
                    times = paid[i]
                    if times:
                        h = slots[v][(i + f[1]) % 3]
                        if h >= 0 and h != robber and hex_resource[h] >= 0:
                            claims[p][hex_resource[h]] += times

    def factory_production(self, dice: tuple[int, int], colour: str | None = None) -> dict[str, dict[str, int]]:
        """What the factories on the board would produce for a roll (before the bank's shortage
        rule), as owner colour to resource to count: the engine's side of
        :func:`~gamekit.catan.production.factory_yield`."""
        claims = [[0] * 5 for _ in range(self.players)]
        self._factory_claims(claims, list(dice), colour)
        return {self.colours[p]: {RESOURCES[r]: c[r] for r in range(5) if c[r]} for p, c in enumerate(claims) if any(c)}

    def factory_values(self) -> list[Factory]:
        """The factories on the board as :class:`~gamekit.catan.production.Factory` values (owner
        colour; each peg's number, the resource it faces, and whether the robber blocks it)."""
        out = []
        for v, f in sorted(self.factories.items()):
            pegs = []
            for i in range(3):
                if f[2 + i] >= 0:
                    h = self.topo.node_slots[v][(i + f[1]) % 3]
                    pegs.append(Peg(f[2 + i] or None, self.board.resource_of(h), h == self.robber))
            out.append(Factory(self.colours[f[0]], tuple(pegs)))
        return out

    def _pay_claims(self, claims: list[list[int]]) -> None:
        """The bank pays a roll's claims, with the shortage rule (``catan-production``)."""
        bank = self.bank
        for r in range(5):
            owed = [(p, c[r]) for p, c in enumerate(claims) if c[r]]
            if not owed:
                continue
            total = sum(c for _, c in owed)
            if total <= bank[r]:
                for p, c in owed:
                    self.hands[p][r] += c
                bank[r] -= total
            elif len(owed) == 1:
                p, _ = owed[0]
                self.hands[p][r] += bank[r]
                bank[r] = 0

    def _do_Discard(self, action: Discard) -> None:
        entry = self.discards[0]
        r = RES_INDEX[action.resource]
        self.hands[entry[0]][r] -= 1
        self.bank[r] += 1
        entry[1] -= 1
        if entry[1] == 0:
            self.discards.pop(0)
            if not self.discards:
                self.phase = "robber"

    def _do_MoveRobber(self, action: MoveRobber) -> None:
        self.robber = action.hex
        if action.victim >= 0:
            hand = self.hands[action.victim]

            def steal(rng: Any) -> str:
                ticket = rng.randbelow(sum(hand))
                for r in range(5):
                    if ticket < hand[r]:
                        return RESOURCES[r]
                    ticket -= hand[r]
                raise AssertionError("unreachable")

            r = RES_INDEX[self.draw(steal, "stolen card")]
            hand[r] -= 1
            self.hands[self.turn][r] += 1
        self.phase = self.resume

    def _do_RotateFactory(self, action: RotateFactory) -> None:
        f = self.factories[action.node]
        f[1] = (f[1] + action.step) % 3
        self.phase = self.resume

    def _do_BankTrade(self, action: BankTrade) -> None:
        g, t = RES_INDEX[action.give], RES_INDEX[action.get]
        hand = self.hands[self.turn]
        hand[g] -= action.count
        self.bank[g] += action.count
        hand[t] += 1
        self.bank[t] -= 1

    def _do_OfferTrade(self, action: OfferTrade) -> None:
        give = [0] * 5
        get = [0] * 5
        for r in action.give:
            give[RES_INDEX[r]] += 1
        for r in action.get:
            get[RES_INDEX[r]] += 1
        self.offer = [self.turn, action.to, give, get]
        self.phase = "trade"

    def _do_AcceptTrade(self, action: AcceptTrade) -> None:
        p, q, give, get = self.offer  # type: ignore[misc]
        a, b = self.hands[p], self.hands[q]
        for r in range(5):
            a[r] += get[r] - give[r]
            b[r] += give[r] - get[r]
        self.offer = None
        self.phase = "main"

    def _do_DeclineTrade(self, action: DeclineTrade) -> None:
        self.offer = None
        self.phase = "main"

    def _do_BuyDevelopmentCard(self, action: BuyDevelopmentCard) -> None:
        p = self.turn
        self._pay(p, DEV_COST)
        deck = self.dev_deck

        def pick(rng: Any) -> str:
            ticket = rng.randbelow(sum(deck))
            for k in range(5):
                if ticket < deck[k]:
                    return DEVELOPMENT_CARDS[k]
                ticket -= deck[k]
            raise AssertionError("unreachable")

        card = DEVELOPMENT_CARDS.index(self.draw(pick, "development card"))
        deck[card] -= 1
        self.dev_hands[p][card] += 1
        self.dev_new[card] += 1

    def _play(self, card: int) -> None:
        self.dev_hands[self.turn][card] -= 1
        self.dev_played = True

    def _do_PlayKnight(self, action: PlayKnight) -> None:
        p = self.turn
        self._play(KNIGHT)
        self.knights[p] += 1
        holder = self.largest_army  # rule catan-largest-army
        if self.knights[p] >= 3 and (holder < 0 or self.knights[p] > self.knights[holder]):
            self.largest_army = p
        self.resume = self.phase
        self.phase = "robber"

    def _do_PlayRoadBuilding(self, action: PlayRoadBuilding) -> None:
        self._play(ROAD_BUILDING)
        self.free_roads = min(2, self.pieces_left(self.turn)["road"])
        self.resume = self.phase
        self.phase = "road_building"

    def _do_PlayYearOfPlenty(self, action: PlayYearOfPlenty) -> None:
        self._play(YEAR_OF_PLENTY)
        hand = self.hands[self.turn]
        for name in (action.first, action.second):
            r = RES_INDEX[name]
            self.bank[r] -= 1
            hand[r] += 1

    def _do_PlayMonopoly(self, action: PlayMonopoly) -> None:
        self._play(MONOPOLY)
        r = RES_INDEX[action.resource]
        p = self.turn
        for q in range(self.players):
            if q != p:
                self.hands[p][r] += self.hands[q][r]
                self.hands[q][r] = 0

    def _do_EndTurn(self, action: EndTurn) -> None:
        self.turn = (self.turn + 1) % self.players
        self.phase = "roll"
        self.dev_new = [0] * 5
        self.dev_played = False
        self.factories_built = 0
        self.dice = []

    # -- Longest Road (rule catan-longest-road) ------------------------------------------------
    def _longest_road_of(self, player: int) -> int:
        """The most road segments of ``player`` in one path without reusing a segment; another
        player's building (factories too) breaks the path at its intersection."""
        roads = self.roads[player]
        if len(roads) < 2:
            return len(roads)
        eo, no = self.edge_owner, self.node_owner
        node_edges, edge_other = self.topo.node_edges, self.topo.edge_other
        best = 0
        used: set[int] = set()

        def walk(node: int, length: int) -> None:
            nonlocal best
            if length > best:
                best = length
            o = no[node]
            if o != -1 and o != player:
                return
            for f in node_edges[node]:
                if eo[f] == player and f not in used:
                    used.add(f)
                    walk(edge_other[f][node], length + 1)
                    used.discard(f)

        starts = set()
        for e in roads:
            starts.update(self.topo.edge_nodes[e])
        for v in sorted(starts):
            for f in node_edges[v]:
                if eo[f] == player:
                    used.add(f)
                    walk(edge_other[f][v], 1)
                    used.discard(f)
        return best

    def _award_longest_road(self) -> None:
        lengths = self.road_length
        best = max(lengths)
        holder = self.longest_road
        if best < 5:
            self.longest_road = -1
            return
        leaders = [p for p in range(self.players) if lengths[p] == best]
        if holder in leaders:
            return
        self.longest_road = leaders[0] if len(leaders) == 1 else -1

    # -- copying and saving --------------------------------------------------------------------
    def clone(self) -> FactoriesState:
        """A fast independent copy (flat lists copied, no deepcopy)."""
        new = self.__class__.__new__(self.__class__)
        d = dict(self.__dict__)
        d["rng"] = self.rng.clone()
        d["log"] = list(self.log)
        for name in ("node_owner", "node_kind", "edge_owner", "bank", "dev_deck", "dev_new", "knights",
                     "blanks_left", "road_length", "dice"):
            d[name] = list(d[name])
        for name in ("hands", "dev_hands", "pegs_left", "roads", "buildings", "discards"):
            d[name] = [list(x) for x in d[name]]
        d["factories"] = {v: list(f) for v, f in self.factories.items()}
        if self.offer is not None:
            d["offer"] = [self.offer[0], self.offer[1], list(self.offer[2]), list(self.offer[3])]
        if self.pending_peg is not None:
            d["pending_peg"] = list(self.pending_peg)
        new.__dict__.update(d)
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> FactoriesState:
        return self.clone()

    def _to_data(self) -> Any:
        return {
            "board": self.board.to_data(),
            "phase": self.phase,
            "turn": self.turn,
            "setup_index": self.setup_index,
            "setup_node": self.setup_node,
            "node_owner": self.node_owner,
            "node_kind": self.node_kind,
            "edge_owner": self.edge_owner,
            "hands": self.hands,
            "bank": self.bank,
            "dev_deck": self.dev_deck,
            "dev_hands": self.dev_hands,
            "dev_new": self.dev_new,
            "dev_played": self.dev_played,
            "knights": self.knights,
            "largest_army": self.largest_army,
            "longest_road": self.longest_road,
            "robber": self.robber,
            "factories": [[v] + f for v, f in sorted(self.factories.items())],
            "pegs_left": self.pegs_left,
            "blanks_left": self.blanks_left,
            "factories_built": self.factories_built,
            "discards": self.discards,
            "offer": self.offer,
            "pending_peg": self.pending_peg,
            "free_roads": self.free_roads,
            "resume": self.resume,
            "dice": self.dice,
            "winner": self.winner,
        }

    def _restore(self, data: Any) -> None:
        """Validate a saved state and take it over (nothing is assigned before all checks pass)."""
        from ._restore import restore_state

        values = restore_state(self, data)
        self._init_board(values.pop("board"))
        self.__dict__.update(values)
        self._derive()

    def _repr_svg_(self) -> str:
        from .svg import state_svg

        return state_svg(self)


FACTORIES = register(
    Game(
        "factories",
        "Catan with factories (Fabriken)",
        FactoriesState,
        FactoriesOptions,
        min_players=3,
        max_players=4,
        description="The Catan base game plus factories: build, invest in pegs, produce with the red die "
        "(or Godwin Solcher's colour die).",
    )
)
