"""The Catan base game, as a gamekit game (``catan``) and as the layer every Catan variant extends.

>>> import gamekit
>>> state = gamekit.game("catan").new(players=4, seed=1)
>>> state.legal_actions()[0]
BuildSettlement(node=0)

No seed covers the base game (the variants say "the base game's rules apply"); its rules, in our
own words (labels as in the book):

* ``catan-setup``: in snake order (players 0, 1, ..., n-1, then n-1, ..., 0) each player places a
  settlement and a road touching it, for free. The second settlement gives one resource card for
  each terrain hex next to it. The robber starts on the desert.
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
  city = 2 grain + 3 ore; development card = wool + grain + ore (:data:`~gamekit.catan.rules.COSTS`).
  Each player has 15 roads, 5 settlements and 4 cities (:data:`~gamekit.catan.rules.PIECES`).
* ``catan-road``: a road goes on a free edge beside land, touching the player's own road or
  building; it cannot continue through another player's building.
* ``catan-settlement``: a settlement goes on a free intersection touching an own road;
  ``catan-distance-rule``: no building may stand on a neighbouring intersection.
* ``catan-city``: a city replaces an own settlement (the settlement goes back to its owner).
* ``catan-bank-trade``: four equal cards to the bank for any one card; ``catan-harbour-trade``: a
  settlement or city on a harbour may also trade three equal cards (3:1) or two of its resource (2:1).
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

Phases: ``setup``, then per turn ``roll`` -> ``main`` (with ``discard`` and ``robber`` after a 7,
``trade`` while an offer waits for its answer, ``road_building`` after that card), and ``over``.

Extension points for a variant (a subclass, see :mod:`gamekit.catan.factories`):

* ``PHASE_ACTIONS``, ``HOME_RULE``, ``PHASE_RULE``, ``KIND_NAMES``, ``COSTS``: its phases, actions,
  building kinds and costs; an action ``X`` is checked by ``_check_X`` and carried out by ``_do_X``;
* :meth:`CatanState._roll_dice` and :meth:`CatanState.production_claims`: what a roll produces;
* :meth:`CatanState.robber_actions` and :meth:`CatanState.robbable`: what the robber may do, whom it robs;
* :meth:`CatanState.road_sites` / :meth:`CatanState.road_site`: the edges a player may build on;
* :meth:`CatanState.victory_points`, :meth:`CatanState.trade_rates`, :meth:`CatanState.pieces_left`;
* :meth:`CatanState._more_main_actions`, :meth:`CatanState._new_turn`, ``_setup_more``,
  ``MUTABLE`` (its own mutable fields, extending :attr:`CatanState.MUTABLE`), ``_data_more`` and
  ``_read_state`` for its own pieces, turn limits, copies and saving;
* ``_observe_more`` and ``_determinize_more`` for what it hides from the other players (see
  :meth:`CatanState._observation`: the variants so far hide nothing beyond the base game's
  development cards).

Chance is declared (:mod:`gamekit.chance`): :data:`TWO_D6` for the production roll,
:func:`stolen_card` and :func:`development_card` for the cards drawn by lot, so
``state.outcomes(action)`` lists every result of every action exactly.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache
from types import MappingProxyType
from typing import Any, ClassVar

from .. import register
from ..chance import Chance, dice, pick
from ..core import Game, IllegalAction, State, kept
from ..dice import red_production_die, white_die
from ..validation import is_integer
from . import RESOURCES
from .actions import (
    CATAN_ACTION_TYPES,
    AcceptTrade,
    BankTrade,
    BuildCity,
    BuildRoad,
    BuildSettlement,
    BuyDevelopmentCard,
    DeclineTrade,
    Discard,
    EndTurn,
    MoveRobber,
    OfferTrade,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    Roll,
)
from .base_options import CatanOptions
from .board import Board
from .roads import (
    built_or_beside,
    is_site,
    longest_road,
    longest_road_from,
    road_site,
    road_sites,
    settlement_site,
    settlement_sites,
)
from .rules import (
    CITY,
    COSTS,
    DEVELOPMENT_CARDS,
    EMPTY,
    KIND_NAMES,
    KNIGHT,
    MONOPOLY,
    RES_INDEX,
    ROAD_BUILDING,
    SETTLEMENT,
    VICTORY_POINT,
    YEAR_OF_PLENTY,
    afford,
    cost_text,
)

__all__ = ["CatanState", "CATAN", "TWO_D6", "stolen_card", "development_card", "trade_rate_table"]


def _total_and_faces(faces: list[int]) -> tuple[int, list[int]]:
    return faces[0] + faces[1], faces


#: Rule ``catan-production``: the roll of the white and the red die (:data:`gamekit.dice.white_die`
#: and :data:`gamekit.dice.red_production_die`, the dice of :data:`gamekit.dice.two_d6`), declared:
#: 36 results, each the total and the faces, white first (``(7, [3, 4])``).
_WHITE_AND_RED = dice(white_die, red_production_die, what="2d6", combine=_total_and_faces)
#: The faces of the two fair dice, in the order a roll picks among them (``Die.roll``: one
#: ``randbelow`` of the number of faces); ``tests/catan/test_production.py`` checks that
#: :data:`TWO_D6` draws exactly what the two dice draw.
_WHITE_FACES, _RED_FACES = white_die.outcomes, red_production_die.outcomes
_WHITE_SIDES, _RED_SIDES = len(_WHITE_FACES), len(_RED_FACES)


def _roll_white_and_red(rng: Any) -> tuple[int, list[int]]:
    """The white die, then the red, rolled as each die rolls itself (a face picked with one
    ``randbelow``), without the calls in between: the production roll is a third of all actions."""
    randbelow = rng.randbelow
    white = _WHITE_FACES[randbelow(_WHITE_SIDES)]
    red = _RED_FACES[randbelow(_RED_SIDES)]
    return white + red, [white, red]


#: The production roll as a declared chance event: the white die, then the red (rule ``catan-production``).
TWO_D6 = Chance("2d6", _roll_white_and_red, _WHITE_AND_RED.distribution, _WHITE_AND_RED.count())


def stolen_card(hand: list[int]) -> Chance:
    """Rule ``catan-robber``: one card drawn from ``hand`` (five counts), each card equally likely
    (one ``randbelow`` of the hand's size, as the engine always drew it)."""
    return pick(hand, RESOURCES, "stolen card")


def development_card(deck: list[int]) -> Chance:
    """Rule ``catan-development-cards``: the card bought, each card left in the deck (five counts)
    equally likely: the deck is drawn by lot, so its order is never a secret."""
    return pick(deck, DEVELOPMENT_CARDS, "development card")


_RES_INDEX_GET = RES_INDEX.get


def _resource(name: Any, rule: str) -> int:
    index = RES_INDEX.get(name) if isinstance(name, str) else None
    if index is None:
        raise IllegalAction(f"{name!r} is not a resource; resources are {', '.join(RESOURCES)}", rule)
    return index


def _counts(names: Sequence[Any], rule: str) -> list[int]:
    """Resource names as five counts (``IllegalAction`` citing ``rule`` for a name that is no resource)."""
    counts = [0] * 5
    for name in names:
        counts[_resource(name, rule)] += 1
    return counts


_METHODS: dict[tuple[type, str, type], Any] = {}


def _method(state_class: type, prefix: str, kind: type) -> Any:
    """The function ``prefix + kind.__name__`` of ``state_class`` (``_check_X``, ``_do_X``), looked
    up once per class and action type."""
    key = (state_class, prefix, kind)
    found = _METHODS.get(key)
    if found is None:
        found = _METHODS[key] = getattr(state_class, prefix + kind.__name__)
    return found


_CHECKS: dict[type, dict[str, dict[type, Any]]] = {}


def _checks(state_class: type) -> dict[str, dict[type, Any]]:
    """For each phase of ``state_class``, the check (``_check_X``) of each action type the phase
    allows and :attr:`~CatanState.HOME_RULE` knows, made once per class: :meth:`CatanState._check`
    finds an action's check in one look-up, and an action not in it gets the full refusal."""
    table = _CHECKS.get(state_class)
    if table is None:
        home = state_class.HOME_RULE  # type: ignore[attr-defined]
        table = _CHECKS[state_class] = {
            phase: {kind: _method(state_class, "_check_", kind) for kind in kinds if kind in home}
            for phase, kinds in state_class.PHASE_ACTIONS.items()  # type: ignore[attr-defined]
        }
    return table


#: For each state class, the function carrying out each action type (``_do_X``), filled as used.
_DOES: dict[type, dict[type, Any]] = {}


# Shared action instances (actions are immutable), so legal_actions builds few new objects.
_road, _settle, _city = cache(BuildRoad), cache(BuildSettlement), cache(BuildCity)
_robber = cache(MoveRobber)
#: The same instances by id (an edge's road, an intersection's settlement and city, a hex's robber
#: moves by victim + 1), as long as the largest board needs (:func:`_grow_tables`): a list look-up
#: is cheaper than a call of the cached constructor.
_ROAD_AT: list[BuildRoad] = []
SETTLE_AT: list[BuildSettlement] = []
_CITY_AT: list[BuildCity] = []
_ROBBER_AT: list[tuple[MoveRobber, ...]] = []


#: ``_ROBBER_MOVES[h][victims]``: the robber's moves to hex ``h`` robbing each player whose bit is
#: set in ``victims`` (the one move robbing nobody when it is 0), filled as asked.
_ROBBER_MOVES: list[list[tuple[MoveRobber, ...] | None]] = []


def _robber_moves(h: int, victims: int) -> tuple[MoveRobber, ...]:
    found = _ROBBER_MOVES[h][victims]
    if found is None:
        row = _ROBBER_AT[h]
        found = tuple(row[q + 1] for q in range(8) if victims >> q & 1) if victims else (row[0],)
        _ROBBER_MOVES[h][victims] = found
    return found


def _grow_tables(edges: int, nodes: int, hexes: int) -> None:
    """Make :data:`_ROAD_AT`, :data:`SETTLE_AT`, :data:`_CITY_AT` and :data:`_ROBBER_AT` reach a
    board of ``edges``, ``nodes`` and ``hexes``."""
    _ROAD_AT.extend(_road(e) for e in range(len(_ROAD_AT), edges))
    SETTLE_AT.extend(_settle(v) for v in range(len(SETTLE_AT), nodes))
    _CITY_AT.extend(_city(v) for v in range(len(_CITY_AT), nodes))
    _ROBBER_AT.extend(tuple(_robber(h, q) for q in range(-1, 8)) for h in range(len(_ROBBER_AT), hexes))
    _ROBBER_MOVES.extend([None] * 256 for _ in range(len(_ROBBER_MOVES), hexes))
_DISCARD = tuple(Discard(r) for r in RESOURCES)
_ROLL, _END, _BUY, _KNIGHT, _ROADS = Roll(), EndTurn(), BuyDevelopmentCard(), PlayKnight(), PlayRoadBuilding()
_ACCEPT, _DECLINE = AcceptTrade(), DeclineTrade()
_MONOPOLY = tuple(PlayMonopoly(r) for r in RESOURCES)
_PLENTY = tuple(PlayYearOfPlenty(a, b) for i, a in enumerate(RESOURCES) for b in RESOURCES[i:])
#: Every rate a trade with the bank or a harbour may have (settings ``bank_trade_rate``,
#: ``harbour_trade_rate``, ``resource_harbour_rate``: 1..19 cards for one; printed 4, 3 and 2).
_TRADE_COUNTS = range(1, 20)
_BANK = {(g, t, c): BankTrade(RESOURCES[g], RESOURCES[t], c) for g in range(5) for t in range(5) for c in _TRADE_COUNTS}
#: The bank trades giving resource ``g`` at ``rate``, as (the resource got, the action) pairs.
_BANK_FOR = {(g, c): tuple((t, _BANK[g, t, c]) for t in range(5) if t != g) for g in range(5) for c in _TRADE_COUNTS}
#: :data:`_BANK_FOR` as ``_BANK_BY[g][rate]``.
_BANK_BY = tuple((None,) + tuple(_BANK_FOR[g, c] for c in _TRADE_COUNTS) for g in range(5))
#: ``_BANK_ALL[g][rate]``: the actions alone of ``_BANK_BY[g][rate]`` (a bank holding every resource).
_BANK_ALL = tuple((None,) + tuple(tuple(a for _, a in _BANK_FOR[g, c]) for c in _TRADE_COUNTS) for g in range(5))
_OFFER = {(q, g, t): OfferTrade(q, (RESOURCES[g],), (RESOURCES[t],))
          for q in range(8) for g in range(5) for t in range(5) if g != t}  # fmt: skip


#: The one-for-one offers to player ``q`` of resource ``g`` for each resource in the mask ``theirs``
#: (bit ``t`` set: they hold resource ``t``), other than ``g``.
_OFFER_ROW = {(q, g, theirs): tuple(_OFFER[q, g, t] for t in range(5) if theirs >> t & 1 and t != g)
              for q in range(8) for g in range(5) for theirs in range(32)}  # fmt: skip


@cache
def _offers(to: int, mine: int, theirs: int) -> tuple[OfferTrade, ...]:
    """The one-for-one offers to ``to`` for the resource masks ``mine`` and ``theirs`` (at most
    8 x 32 x 32 of them, each made once)."""
    return tuple(a for g in range(5) if mine >> g & 1 for a in _OFFER_ROW[to, g, theirs])


#: :func:`_offers` as ``_OFFER_TABLE[to][mine << 5 | theirs]`` (filled as asked): a list look-up.
_OFFER_TABLE: list[list[tuple[OfferTrade, ...] | None]] = [[None] * 1024 for _ in range(8)]


_DEV_PLAYS = (PlayKnight, PlayRoadBuilding, PlayYearOfPlenty, PlayMonopoly)
#: The base game's phases in which the player whose turn it is acts.
TURN_PHASES = frozenset({"roll", "main", "robber", "road_building"})


@cache
def trade_rate_table(bank: int, harbour: int, resource: int) -> tuple[dict[tuple[bool, bool], tuple[int, ...]],
                                                                       tuple[tuple[int, ...], ...]]:
    """Rules ``catan-bank-trade`` and ``catan-harbour-trade`` for the rates in force (settings
    ``bank_trade_rate``, ``harbour_trade_rate``, ``resource_harbour_rate``; printed 4, 3 and 2): the
    rates a player may use for a resource (best first, each once), by (a 2:1 harbour of it, a 3:1
    harbour), and those of a player without harbours for each of the five resources.

    >>> trade_rate_table(4, 3, 2)[0][True, True], trade_rate_table(5, 3, 2)[1][0]
    ((2, 3, 4), (5,))
    """
    table = {(two, three): tuple(sorted({bank} | ({resource} if two else set()) | ({harbour} if three else set())))
             for two in (False, True) for three in (False, True)}  # fmt: skip
    return table, (table[False, False],) * 5


#: The rates of a player without harbours at the printed 4:1, for each resource (the main phase's quick way).
_BANK_RATES = trade_rate_table(4, 3, 2)[1]


def _hex_numbers(board: Board) -> tuple[int, ...]:
    """The number token on each hex of ``board`` (0 where there is none)."""
    numbers = [0] * len(board.topology.hexes)
    for total, hexes in board.number_hexes.items():
        for h in hexes:
            numbers[h] = total
    return tuple(numbers)


def _producers(board: Board) -> tuple[tuple[tuple[int, int, tuple[int, ...]], ...], ...]:
    """For each roll total 0-12, the hexes carrying that number: (hex, its resource, its corners)
    (rule ``catan-production``; read from the board once, for every roll)."""
    hex_nodes, hex_resource = board.topology.hex_nodes, board.hex_resource
    table = [()] * 13
    for total, hexes in board.number_hexes.items():
        table[total] = tuple((h, hex_resource[h], tuple(hex_nodes[h])) for h in hexes)
    return tuple(table)


class CatanState(State):
    """A game of the Catan base game in progress. See the module docstring for the rules.

    Board state in flat lists indexed by id: ``node_owner``/``node_kind`` per intersection
    (-1 / 0 when empty; kinds 1 settlement, 2 city), ``edge_owner`` per edge (-1: free); per player
    ``hands`` and ``dev_hands`` (five counts each), derived ``roads``, ``buildings`` and
    ``road_length``; ``robber`` is a hex id (``None``: off the board, on a map without a desert).
    """

    #: Never changed after setup, so clones share them (see :meth:`clone`): the board, and the costs
    #: and pieces the options set (read-only mappings).
    shared_on_clone = ("board", "topo", "_producers", "_hex_number", "COSTS", "PIECES")
    #: The rule the starting pieces are placed by (rule ``catan-setup``), named to the play pages' guide.
    SETUP_RULE = "catan-setup"

    action_types: ClassVar[tuple[type, ...]] = CATAN_ACTION_TYPES
    options: CatanOptions

    #: The printed building costs (rule ``catan-building-costs``). A state reads its own, from its
    #: options (:meth:`CatanOptions.costs`), in ``self.COSTS``: the legal list and the checks both use that.
    COSTS: ClassVar[dict[str, tuple[int, ...]]] = COSTS
    #: What may stand on an intersection: ``node_kind`` indexes this.
    KIND_NAMES: ClassVar[tuple[str, ...]] = KIND_NAMES
    #: How many dice ``dice`` records after a roll.
    DICE: ClassVar[int] = 2
    #: The rule an action belongs to, cited when it comes at the wrong moment.
    HOME_RULE: ClassVar[dict[type, str]] = {
        Roll: "catan-production",
        EndTurn: "catan-production",
        BuildRoad: "catan-road",
        BuildSettlement: "catan-settlement",
        BuildCity: "catan-city",
        Discard: "catan-discard",
        MoveRobber: "catan-robber",
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
    #: The rule of a phase that waits for one kind of answer.
    PHASE_RULE: ClassVar[dict[str, str]] = {
        "setup": "catan-setup",
        "discard": "catan-discard",
        "robber": "catan-robber",
        "trade": "catan-player-trade",
        "road_building": "catan-development-cards",
    }
    #: Actions that never change the acting player's victory points, so need no check for a win
    #: after them (rule ``catan-victory``); a variant whose points they change takes them out.
    POINTLESS: ClassVar[frozenset[type]] = frozenset({Roll, Discard, MoveRobber, BankTrade, OfferTrade, AcceptTrade,
                                                      DeclineTrade, PlayYearOfPlenty, PlayMonopoly})
    #: The phases and the actions each allows.
    PHASE_ACTIONS: ClassVar[dict[str, tuple[type, ...]]] = {
        "setup": (BuildSettlement, BuildRoad),
        "roll": (Roll,) + _DEV_PLAYS,
        "discard": (Discard,),
        "robber": (MoveRobber,),
        "main": (EndTurn, BuildRoad, BuildSettlement, BuildCity, BankTrade, OfferTrade, BuyDevelopmentCard) + _DEV_PLAYS,
        "trade": (AcceptTrade, DeclineTrade),
        "road_building": (BuildRoad,),
        "over": (),
    }

    def __init__(self, game: Any, players: int, seed: int, options: Any, rng: Any) -> None:
        super().__init__(game, players, seed, options, rng)
        #: The costs in force (rule ``catan-building-costs``, the options' printed numbers).
        #: Read-only (a copy of the state shares it).
        self.COSTS: Mapping[str, tuple[int, ...]] = MappingProxyType(options.costs())  # type: ignore[misc]
        #: The roads, settlements and cities each player has (rule ``catan-building-costs``), read-only.
        self.PIECES: Mapping[str, int] = MappingProxyType(options.pieces())

    #: Whether the class's road and settlement sites are the base game's (then the main phase keeps
    #: the actions made of them, ``@kept`` for the pieces), and whether it has main-phase actions of
    #: its own (``_more_main_actions`` overridden): facts of the class, set for each subclass.
    BASE_ROAD_SITES: ClassVar[bool] = True
    BASE_BUILDING_SITES: ClassVar[bool] = True
    MORE_MAIN_ACTIONS: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.BASE_ROAD_SITES = cls.road_sites is CatanState.road_sites
        cls.BASE_BUILDING_SITES = cls.building_sites is CatanState.building_sites
        cls.MORE_MAIN_ACTIONS = cls._more_main_actions is not CatanState._more_main_actions

    # -- setup ---------------------------------------------------------------------------------
    def _setup(self) -> None:
        """Rule ``catan-setup``: the board, the bank, the pieces, the deck."""
        opts = self.options
        board = opts.make_board(self.rng, self.draw)
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
        self.dev_deck = list(opts.development_deck)
        self.dev_hands = [[0] * 5 for _ in range(n)]
        self.dev_new = [0] * 5
        self.dev_played = False
        self.knights = [0] * n
        self.largest_army = -1
        self.longest_road = -1
        self.robber: int | None = board.desert()
        self.discards: list[list[int]] = []
        self.offer: list[Any] | None = None
        self.free_roads = 0
        self.resume = "main"
        self.dice: list[Any] = []
        self.winner: int | None = None
        self._setup_more()
        self._derive()

    def _setup_more(self) -> None:
        """A variant's own pieces at the start (extension point)."""

    def _init_board(self, board: Board) -> None:
        self.board = board
        self.topo = board.topology
        self._producers = _producers(board)
        topo = board.topology
        #: The number on each hex (0: none), for :meth:`_production`.
        self._hex_number = _hex_numbers(board)
        _grow_tables(len(topo.edges), len(topo.nodes), len(topo.hexes))
        self.setup_order = self.setup_turns()
        self.colours = self.options.player_colours[: self.players]

    def setup_turns(self) -> tuple[int, ...]:
        """Rule ``catan-setup``: who places the setup settlements, in snake order (extension point)."""
        return tuple(range(self.players)) + tuple(range(self.players - 1, -1, -1))

    def _setup_income(self) -> bool:
        """Rule ``catan-setup``: whether the setup settlement being placed gives its hexes' resources
        (the second one; extension point)."""
        return self.setup_index >= self.players

    def _derive(self) -> None:
        """Per-player lists derived from the board (roads, buildings, road lengths)."""
        self._pieces_changed()
        n = self.players
        self.roads: list[list[int]] = [[] for _ in range(n)]
        for e, p in enumerate(self.edge_owner):
            if p >= 0:
                self.roads[p].append(e)
        self.buildings: list[list[int]] = [[] for _ in range(n)]
        for v, p in enumerate(self.node_owner):
            if p >= 0:
                self.buildings[p].append(v)
        self.road_length = [self.longest_road_of(p) for p in range(n)]

    # -- whose turn ----------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase in TURN_PHASES:  # the usual case, in one look-up
            return self.turn
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
        """Rule ``catan-victory``: settlements 1, cities 2 (settings ``settlement_points``,
        ``city_points``), Longest Road and Largest Army 2 each (settings ``longest_road_points``,
        ``largest_army_points``), victory point cards 1 (other kinds of building count nothing here)."""
        kinds = self.building_counts(player)
        opts = self.options
        points = (self.dev_hands[player][VICTORY_POINT] + opts.settlement_points * kinds[SETTLEMENT]
                  + opts.city_points * kinds[CITY])
        if self.longest_road == player:
            points += self.options.longest_road_points
        if self.largest_army == player:
            points += self.options.largest_army_points
        return points

    def scores(self) -> dict[int, Any]:
        return {p: self.victory_points(p) for p in range(self.players)}

    def winners(self) -> list[int]:
        return [] if self.winner is None else [self.winner]

    @property
    def end_reason(self) -> str:
        """Why the game ended, in words (``""`` while it goes on)."""
        if self.winner is None:
            return ""
        return (f"a player has {self.victory_points(self.winner)} victory points on their own turn, "
                f"{self.options.victory_points_to_win} being needed (rule catan-victory)")

    # -- queries used by the rules -----------------------------------------------------------
    def pieces_left(self, player: int) -> dict[str, int]:
        """Roads, settlements and cities the player can still build (rule ``catan-building-costs``)."""
        return {
            "road": self.PIECES["road"] - len(self.roads[player]),
            "settlement": self.PIECES["settlement"] - self._count(player, SETTLEMENT),
            "city": self.PIECES["city"] - self._count(player, CITY),
        }

    def _count(self, player: int, kind: int) -> int:
        """How many buildings of ``kind`` the player has on the board."""
        return self.building_counts(player)[kind]

    # -- what the pieces on the board settle, worked out once per placement -------------------
    def _pieces_changed(self, roads_only: bool = False) -> None:
        """Say that pieces on the board changed: the engine calls this whenever a road, settlement,
        city or a variant's building is placed, upgraded or taken back (:meth:`_place`,
        ``_do_BuildRoad``, ``_do_BuildCity``, :meth:`_derive`). Code that changes ``node_owner``,
        ``node_kind`` or ``edge_owner`` by hand calls :meth:`_derive` afterwards, as it must for
        ``roads`` and ``buildings`` anyway.

        It moves on two parts of the position (see :func:`gamekit.core.kept`): ``"pieces"`` (the
        roads and the buildings: what the sites for roads and settlements are kept for) and
        ``"buildings"`` (the buildings alone: their counts, the harbours' rates, the cities that
        may be built, what each roll produces, the robber's moves), which a new road
        (``roads_only``) leaves as it was."""
        if roads_only:
            self.touch("pieces")
        else:
            self.touch("pieces", "buildings")

    @kept(on="buildings")
    def building_counts(self, player: int) -> tuple[int, ...]:
        """How many buildings of each kind (``node_kind``) the player has on the board."""
        counts = [0] * len(self.KIND_NAMES)
        nk = self.node_kind
        for v in self.buildings[player]:
            counts[nk[v]] += 1
        return tuple(counts)

    def distance_ok(self, node: int) -> bool:
        """Rule ``catan-distance-rule``: no building on a neighbouring intersection."""
        owner = self.node_owner
        return all(owner[m] == -1 for m in self.topo.node_nodes[node])

    def road_site(self, player: int, edge: int) -> bool:
        """Rule ``catan-road``: ``player`` may build a road on ``edge`` (the one predicate behind
        :meth:`road_sites` and the check of ``BuildRoad``)."""
        return road_site(self.board, self.node_owner, self.edge_owner, player, edge)

    def road_sites(self, player: int) -> list[int]:
        """Every edge where :meth:`road_site` holds (:meth:`road_site_list`, kept for the pieces on the board)."""
        return list(self.road_site_list(player))

    @kept(on="pieces")
    def road_site_list(self, player: int) -> tuple[int, ...]:
        """Every edge where :meth:`road_site` holds, as a tuple (rule ``catan-road``)."""
        return tuple(road_sites(self.board, self.node_owner, self.edge_owner, player, self.roads[player],
                                self.buildings[player]))

    def building_site(self, player: int, node: int) -> bool:
        """Rules ``catan-settlement``, ``catan-distance-rule``: a free intersection touching an own
        road with no building next to it."""
        return settlement_site(self.board, self.node_owner, self.edge_owner, player, node)

    def building_sites(self, player: int) -> list[int]:
        """Every intersection where :meth:`building_site` holds (:meth:`building_site_list`, kept for
        the pieces on the board)."""
        return list(self.building_site_list(player))

    @kept(on="pieces")
    def building_site_list(self, player: int) -> tuple[int, ...]:
        """Every intersection where :meth:`building_site` holds, as a tuple (rules
        ``catan-settlement``, ``catan-distance-rule``)."""
        return tuple(settlement_sites(self.board, self.node_owner, self.edge_owner, player, self.roads[player]))

    def harbours_of(self, player: int) -> list[str]:
        """The harbour kinds at the player's settlements and cities (rule ``catan-harbour-trade``)."""
        harbour, kind = self.board.node_harbour, self.node_kind
        return [harbour[v] for v in self.buildings[player] if v in harbour and kind[v] in (SETTLEMENT, CITY)]

    def trade_rates(self, player: int, resource: int) -> tuple[int, ...]:
        """Rules ``catan-bank-trade`` (4:1 always), ``catan-harbour-trade`` (3:1 at a 3:1 harbour,
        2:1 at the resource's harbour): every rate the player may use for ``resource``, best first.
        A harbour is an offer, not a duty: 4:1 stays allowed."""
        return self.all_trade_rates(player)[resource]

    @kept(on="buildings")
    def all_trade_rates(self, player: int) -> tuple[tuple[int, ...], ...]:
        """:meth:`trade_rates` for each of the five resources, from one look at the player's harbours
        (the one predicate behind the bank trades listed and the check of ``BankTrade``), at the
        rates in force (settings ``bank_trade_rate``, ``harbour_trade_rate``, ``resource_harbour_rate``)."""
        opts = self.options
        rates, without = trade_rate_table(opts.bank_trade_rate, opts.harbour_trade_rate, opts.resource_harbour_rate)
        kinds = set(self.harbours_of(player))
        if not kinds:
            return without  # at the printed rates: _BANK_RATES itself
        generic = "3:1" in kinds
        return tuple([rates[name in kinds, generic] for name in RESOURCES])

    def trade_rate(self, player: int, resource: int) -> int:
        """The player's best rate for ``resource`` (see :meth:`trade_rates`)."""
        return self.trade_rates(player, resource)[0]

    def _playable(self, player: int, card: int) -> bool:
        held = self.dev_hands[player][card]
        if player == self.turn:
            held -= self.dev_new[card]
        return held > 0

    # -- legal actions -------------------------------------------------------------------------
    @kept(thinking=True)
    def legal_actions(self) -> list[Any]:
        """Every legal action now (kept for the position on a copy made for thinking: a search
        asks twice per step, once itself, once its rollout player)."""
        phase = self.phase
        if phase == "main":
            return self._main_actions()
        if phase == "roll":
            cards = self.dev_hands[self.turn]
            if self.dev_played or not (cards[KNIGHT] or cards[ROAD_BUILDING] or cards[YEAR_OF_PLENTY] or cards[MONOPOLY]):
                return [_ROLL]  # what card_plays finds then, without asking it
            return [_ROLL] + self.card_plays(self.turn)
        if phase == "setup":
            if self.setup_node < 0:
                return self._setup_sites()
            return self._setup_edge_actions(self.setup_node)
        if phase == "discard":
            hand = self.hands[self.discards[0][0]]
            return [_DISCARD[r] for r in range(5) if hand[r]]
        if phase == "robber":
            return self.robber_actions()
        if phase == "trade":
            return [_ACCEPT, _DECLINE] if afford(self.hands[self.offer[1]], self.offer[3]) else [_DECLINE]  # type: ignore[index]
        if phase == "road_building":
            return self.free_edge_actions(self.turn)
        return self._phase_actions(phase)

    def free_edge_actions(self, player: int) -> list[Any]:
        """Rule ``catan-development-cards``: the free pieces road building may place now (roads;
        extension point)."""
        return [_road(e) for e in self.road_sites(player)] if self.pieces_left(player)["road"] else []

    def _phase_actions(self, phase: str) -> list[Any]:
        """The legal actions of a variant's own phase (extension point)."""
        return []

    def setup_site(self, node: int) -> bool:
        """Rule ``catan-setup``: a setup settlement goes on any site (distance rule, on land)."""
        return is_site(self.board, self.node_owner, node)

    def _setup_sites(self) -> list[BuildSettlement]:
        """A ``BuildSettlement`` for every intersection where :meth:`setup_site` holds in the base
        game (:func:`~gamekit.catan.roads.is_site`: free, on land, no building next to it), found
        from the buildings: every land intersection but those with a building or next to one. A variant
        with its own :meth:`setup_site` gets a ``BuildSettlement`` wherever that holds (or overrides this)."""
        if type(self).setup_site is not BASE_SETUP_SITE:
            return [_settle(v) for v in range(len(self.node_owner)) if self.setup_site(v)]
        taken = built_or_beside(self.topo, self.buildings)
        land, at = self.board.land_node, SETTLE_AT
        return [at[v] for v in range(len(self.node_owner)) if land[v] and v not in taken]

    def _setup_edge_actions(self, node: int) -> list[Any]:
        """Rule ``catan-setup``: the pieces that may go next to the settlement just placed at ``node``."""
        return [_road(e) for e in self.topo.node_edges[node] if self._setup_road(e)]

    def _setup_road(self, edge: int) -> bool:
        """Rule ``catan-setup``: the setup road touches the settlement just placed."""
        return self.edge_owner[edge] == -1 and self.board.land_edge[edge]

    @kept(on="options")
    def affordable(self, hand: tuple[int, ...]) -> tuple[Any, ...]:
        """What ``hand`` (five counts) affords in the main phase (rule ``catan-building-costs``,
        with the state's ``COSTS``): a road, a settlement, a city, a development card; then the
        resources it holds as many cards of as the best rate in the settings asks (a trade with the
        bank may be possible: rules ``catan-bank-trade``, ``catan-harbour-trade``; two cards at the
        printed rates), whether it holds a card at all, and its trades with a bank that holds every
        resource at 4:1 (rule ``catan-bank-trade``, a player without harbours). A value of the hand
        and the settings alone, kept for every state of the same settings."""
        costs, opts = self.COSTS, self.options
        least = min(opts.resource_harbour_rate, opts.harbour_trade_rate, opts.bank_trade_rate)
        return (afford(hand, costs["road"]), afford(hand, costs["settlement"]), afford(hand, costs["city"]),
                afford(hand, costs["development card"]), tuple(g for g in range(5) if hand[g] >= least), any(hand),
                tuple(a for g in range(5) if hand[g] >= 4 for a in _BANK_ALL[g][4]))

    def _main_actions(self) -> list[Any]:
        p = self.turn
        hand = self.hands[p]
        acts: list[Any] = [_END]
        pieces = self.PIECES
        road, settlement, city, card, pairs, cards, fours = self.affordable(tuple(hand))
        if road and len(self.roads[p]) < pieces["road"]:
            if self.BASE_ROAD_SITES:  # the base game's road sites: their actions kept with them
                acts.extend(self._road_actions(p))
            else:
                at = _ROAD_AT
                acts.extend([at[e] for e in self.road_sites(p)])
        if settlement or city:
            kinds = self.building_counts(p)
            if settlement and kinds[SETTLEMENT] < pieces["settlement"]:
                if self.BASE_BUILDING_SITES:
                    acts.extend(self._settlement_actions(p))
                else:
                    at = SETTLE_AT
                    acts.extend([at[v] for v in self.building_sites(p)])
            if city and kinds[CITY] < pieces["city"]:
                acts.extend(self._city_actions(p))
        if self.MORE_MAIN_ACTIONS:
            self._more_main_actions(p, acts)
        if card and sum(self.dev_deck):
            acts.append(_BUY)
        dev = self.dev_hands[p]
        if not self.dev_played and (dev[KNIGHT] or dev[ROAD_BUILDING] or dev[YEAR_OF_PLENTY] or dev[MONOPOLY]):
            acts.extend(self.card_plays(p))
        if pairs:  # as many cards of a resource as the best rate asks: perhaps trades with the bank
            bank = self.bank
            rates = self.all_trade_rates(p)
            full = bank[0] and bank[1] and bank[2] and bank[3] and bank[4]
            if full and rates is _BANK_RATES:  # no harbour, the printed 4:1, and the bank holds every resource
                acts.extend(fours)
            else:
                for g in pairs:
                    count = hand[g]
                    for rate in rates[g]:
                        if count >= rate:
                            if full:  # the bank holds every resource: every trade at this rate
                                acts.extend(_BANK_ALL[g][rate])
                            else:
                                acts.extend([a for t, a in _BANK_BY[g][rate] if bank[t]])
        if cards:  # offers() lists none when the setting player_trades is off
            acts.extend(self.offers(p))
        return acts

    @kept(on="pieces")
    def _road_actions(self, player: int) -> tuple[BuildRoad, ...]:
        """A ``BuildRoad`` for each of the base game's road sites (:meth:`road_site_list`)."""
        at = _ROAD_AT
        return tuple([at[e] for e in self.road_site_list(player)])

    @kept(on="pieces")
    def _settlement_actions(self, player: int) -> tuple[BuildSettlement, ...]:
        """A ``BuildSettlement`` for each of the base game's settlement sites (:meth:`building_site_list`)."""
        at = SETTLE_AT
        return tuple([at[v] for v in self.building_site_list(player)])

    @kept(on="buildings")
    def _city_actions(self, player: int) -> tuple[BuildCity, ...]:
        """Rule ``catan-city``: a ``BuildCity`` for each of the player's settlements (whether they
        may pay is the caller's)."""
        kind, at = self.node_kind, _CITY_AT
        return tuple([at[v] for v in sorted(self.buildings[player]) if kind[v] == SETTLEMENT])

    def offers(self, player: int) -> list[OfferTrade]:
        """Rule ``catan-player-trade``: the trade offers listed for ``player``, one card for one card:
        each offer :meth:`offer_problem` lets pass (an offer of several cards is legal too, but not
        listed). None when the setting ``player_trades`` is off."""
        if not self.options.player_trades:
            return []
        hands = self.hands
        b, lu, w, g, o = hands[player]
        mine = ((b and 1) | (lu and 2) | (w and 4) | (g and 8) | (o and 16)) << 5  # resources held, as bits
        acts: list[OfferTrade] = []
        if mine:
            q = 0
            for b, lu, w, g, o in hands:
                if q != player:
                    theirs = (b and 1) | (lu and 2) | (w and 4) | (g and 8) | (o and 16)
                    if theirs:
                        row = _OFFER_TABLE[q]
                        found = row[mine | theirs]
                        if found is None:
                            found = row[mine | theirs] = _offers(q, mine >> 5, theirs)
                        acts.extend(found)
                q += 1
        return acts

    def offer_problem(self, player: int, to: Any, give: Sequence[int], get: Sequence[int]) -> str | None:
        """Rule ``catan-player-trade`` (assumption "player trades"): why ``player`` may not offer
        ``to`` the cards ``give`` for the cards ``get`` (five counts each), or ``None`` when the
        offer is legal: it goes to another player, gives at least one card for at least one other,
        no resource on both sides, the giver holds what they give and the other player what they are
        asked for (hands are open, so an offer they could not accept is not made). The check of
        ``OfferTrade`` asks this; :meth:`offers` lists exactly the one-for-one offers it lets pass,
        which are those of a resource the giver holds for one the other holds. With the setting
        ``player_trades`` off (the house variant "no trading between players") no offer is legal."""
        if not self.options.player_trades:
            return "trades between players are off in this game (setting player_trades); trade with the bank"
        if not is_integer(to) or not 0 <= to < self.players or to == player:
            return f"offer to another player, not {to!r}"
        if not any(give) or not any(get):
            return "a trade gives at least one card for at least one card"
        if any(g and t for g, t in zip(give, get)):
            return "a resource cannot be on both sides of a trade"
        if not afford(self.hands[player], give):
            return "you do not hold the cards you offer"
        if not afford(self.hands[to], get):
            return f"Player {to + 1} does not hold the cards asked for"
        return None

    def _more_main_actions(self, player: int, acts: list[Any]) -> None:
        """A variant's own main-phase actions, listed after the cities (extension point)."""

    def card_plays(self, p: int) -> list[Any]:
        """Rule ``catan-development-cards``: the development cards player ``p`` may play now (one a turn,
        not one bought this turn; victory point cards are never played), each with every choice it offers."""
        hand = self.dev_hands[p]
        if self.dev_played or not (hand[0] or hand[1] or hand[2] or hand[3]):  # victory points are not played
            return []
        acts: list[Any] = []
        if self._playable(p, KNIGHT):
            acts.append(_KNIGHT)
        if self._playable(p, ROAD_BUILDING) and self.free_edge_actions(p):
            acts.append(_ROADS)
        if self._playable(p, YEAR_OF_PLENTY):
            bank = self.bank
            acts.extend(a for a in _PLENTY if bank[RES_INDEX[a.first]] >= 1 + (a.first == a.second)
                        and bank[RES_INDEX[a.second]] >= 1)  # fmt: skip
        if self._playable(p, MONOPOLY):
            acts.extend(_MONOPOLY)
        return acts

    def robber_actions(self) -> list[Any]:
        """Rule ``catan-robber``: every hex the robber may move to, with every player it may rob there:
        the owners of the buildings at its corners that :meth:`can_rob` lets the robber rob (as
        :meth:`robber_victims` finds them), found from the buildings, each asked once. The moves to
        every land hex are worked out once for the buildings, the player to move and which players
        hold cards (what :meth:`can_rob` asks), and the robber's own hex is left out of them."""
        p = self.turn
        if type(self).can_rob is _BASE_CAN_ROB:
            mask, bit = 0, 1
            for b, lu, w, g, o in self.hands:
                if b or lu or w or g or o:
                    mask |= bit
                bit <<= 1
            found = self._robber_moves_for(p, mask)
        else:
            found = self._robber_moves(p)
        moves, spans = found
        robber = self.robber
        if robber is None:
            return list(moves)
        start, end = spans[robber]
        acts = list(moves[:start])
        acts.extend(moves[end:])
        return acts

    @kept(on="buildings")
    def _robber_moves_for(self, p: int, holders: int) -> tuple[tuple[MoveRobber, ...], tuple[tuple[int, int], ...]]:
        """:meth:`_robber_moves` of ``p`` in the base game while the players in ``holders`` (as bits)
        hold cards: the base game's :meth:`can_rob` (another player, holding a card, with a
        :meth:`robbable` building at the hex) asks nothing else of the position than the buildings."""
        allowed = holders & ~(1 << p)
        owners = self._robbable_owners()
        return self._moves_robbing({h: bits & allowed for h, bits in enumerate(owners) if bits & allowed})

    def _robber_moves(self, p: int) -> tuple[tuple[MoveRobber, ...], tuple[tuple[int, int], ...]]:
        """The robber's moves by ``p`` to every land hex (:meth:`robber_actions` before the robber's
        own hex is left out), and where each hex's moves stand among them, by hex (immutable: kept)."""
        robbed: dict[int, int] = {}  # hex: the players it may rob, as bits
        node_hexes = self.topo.node_hexes
        can_rob = self.can_rob
        for q, built in enumerate(self.buildings):
            if q != p:
                bit = 1 << q
                for v in built:
                    if can_rob(p, v):
                        for h in node_hexes[v]:
                            robbed[h] = robbed.get(h, 0) | bit
        return self._moves_robbing(robbed)

    def _moves_robbing(self, robbed: dict[int, int]) -> tuple[tuple[MoveRobber, ...], tuple[tuple[int, int], ...]]:
        """The robber's moves to every land hex, robbing at each the players ``robbed`` gives it (as
        bits), and where each hex's moves stand among them."""
        acts: list[Any] = []
        spans = [(0, 0)] * len(self.topo.hexes)
        get, moves = robbed.get, _ROBBER_MOVES
        for h in self.board.land_hexes:
            victims = get(h, 0)
            found = moves[h][victims]
            start = len(acts)
            acts.extend(found if found is not None else _robber_moves(h, victims))
            spans[h] = (start, len(acts))
        return tuple(acts), tuple(spans)

    @kept(on="buildings")
    def _robbable_owners(self) -> tuple[int, ...]:
        """For each hex, the owners (as bits) of the :meth:`robbable` buildings at its corners."""
        owners = [0] * len(self.topo.hexes)
        node_hexes, robbable = self.topo.node_hexes, self.robbable
        for q, built in enumerate(self.buildings):
            bit = 1 << q
            for v in built:
                if robbable(v):
                    for h in node_hexes[v]:
                        owners[h] |= bit
        return tuple(owners)

    def robbable(self, node: int) -> bool:
        """Rule ``catan-robber``: the building at ``node`` lets the robber steal from its owner
        (a settlement or city; extension point, which may depend on the buildings on the board and
        the settings alone: :meth:`robber_actions` keeps its moves for the buildings)."""
        return self.node_kind[node] in (SETTLEMENT, CITY)

    def can_rob(self, p: int, node: int) -> bool:
        """Rule ``catan-robber``: the robber moved by ``p`` next to the building at ``node`` may rob
        its owner: another player, holding a card, and the building is :meth:`robbable` (the one
        predicate behind :meth:`robber_victims` and :meth:`robber_actions`)."""
        q = self.node_owner[node]
        return q >= 0 and q != p and any(self.hands[q]) and self.robbable(node)

    def robber_victims(self, p: int, h: int) -> list[int]:
        """Rule ``catan-robber``: the players whom ``p`` may rob with the robber on hex ``h``: the
        owners of the buildings at its corners that :meth:`can_rob` allows."""
        owner = self.node_owner
        return sorted({owner[v] for v in self.topo.hex_nodes[h] if self.can_rob(p, v)})

    # -- checking ------------------------------------------------------------------------------
    def _check(self, action: Any) -> None:
        table = _CHECKS.get(type(self)) or _checks(type(self))
        check = table[self.phase].get(type(action))
        if check is None:
            self._refuse(action)
            return
        check(self, action)

    def _refuse(self, action: Any) -> None:
        """Raise the :class:`~gamekit.IllegalAction` for an action that is not one of this game's or
        not possible in this phase, naming the rule."""
        kind = type(action)
        rule = self.HOME_RULE.get(kind)
        if rule is None:
            raise IllegalAction(f"{action!r} is not an action of {self.game.title}", "protocol-legal-actions")
        phase = self.phase
        allowed = self.PHASE_ACTIONS
        if kind not in allowed[phase]:
            if phase in ("roll", "main"):
                if phase == "roll" and kind in allowed["main"]:
                    raise IllegalAction(f"roll the dice first: {action} comes after the roll", "catan-production")
                raise IllegalAction(f"{action} is not possible now", rule)
            raise IllegalAction(f"{action} is not possible now ({phase.replace('_', ' ')})", self.PHASE_RULE[phase])
        _method(type(self), "_check_", kind)(self, action)

    def _valid_node(self, node: Any, rule: str) -> int:
        if not is_integer(node) or not 0 <= node < len(self.node_owner):
            raise IllegalAction(f"there is no intersection {node!r}", rule)
        return node

    def _valid_edge(self, edge: Any, rule: str) -> int:
        if not is_integer(edge) or not 0 <= edge < len(self.edge_owner):
            raise IllegalAction(f"there is no edge {edge!r}", rule)
        return edge

    def _need(self, player: int, what: str, rule: str) -> None:
        cost = self.COSTS[what]
        if not afford(self.hands[player], cost):
            raise IllegalAction(f"a {what} costs {cost_text(cost)}", rule)

    def _check_Roll(self, action: Roll) -> None:
        pass

    def _check_EndTurn(self, action: EndTurn) -> None:
        pass

    def _check_BuildRoad(self, action: BuildRoad) -> None:
        e = self._valid_edge(action.edge, "catan-road")
        p = self.current_player
        if self.edge_owner[e] != -1:
            raise IllegalAction(f"edge {e} already has a road", "catan-road")
        if not self.board.land_edge[e]:
            raise IllegalAction(f"edge {e} lies between two sea hexes", "catan-road")
        if self.phase == "setup":
            if self.setup_node < 0:
                raise IllegalAction("place the settlement first, then its road", "catan-setup")
            if self.setup_node not in self.topo.edge_nodes[e]:
                raise IllegalAction(f"the setup road must touch the settlement just placed at {self.setup_node}",
                                    "catan-setup")
            return
        if not self.pieces_left(p)["road"]:
            raise IllegalAction(f"no roads left ({self.PIECES['road']} per player)", "catan-road")
        if not self.road_site(p, e):  # type: ignore[arg-type]
            raise IllegalAction(f"edge {e} is not connected to your roads or buildings", "catan-road")
        if self.phase == "main":
            self._need(p, "road", "catan-building-costs")  # type: ignore[arg-type]

    def _check_site(self, node: Any, rule: str) -> int:
        """Rules ``catan-distance-rule`` and the building's own ``rule``: a free intersection with
        no building next to it."""
        v = self._valid_node(node, rule)
        if self.node_owner[v] != -1:
            raise IllegalAction(f"intersection {v} is taken", rule)
        if not self.board.land_node[v]:
            raise IllegalAction(f"intersection {v} lies in the sea", rule)
        if not self.distance_ok(v):
            raise IllegalAction(f"a neighbouring intersection of {v} has a building", "catan-distance-rule")
        return v

    def _check_BuildSettlement(self, action: BuildSettlement) -> None:
        v = self._check_site(action.node, "catan-settlement")
        p = self.current_player
        if self.phase == "setup":
            if self.setup_node >= 0:
                raise IllegalAction("place the road of your setup settlement first", "catan-setup")
            return
        if not self.pieces_left(p)["settlement"]:  # type: ignore[index]
            raise IllegalAction(f"no settlements left ({self.PIECES['settlement']} per player)", "catan-settlement")
        if not self.building_site(p, v):  # type: ignore[arg-type]
            raise IllegalAction(f"intersection {v} does not touch your road", "catan-settlement")
        self._need(p, "settlement", "catan-building-costs")  # type: ignore[arg-type]

    def _check_BuildCity(self, action: BuildCity) -> None:
        v = self._valid_node(action.node, "catan-city")
        p = self.turn
        if self.node_owner[v] != p or self.node_kind[v] != SETTLEMENT:
            raise IllegalAction(f"a city replaces one of your settlements; intersection {v} has none", "catan-city")
        if not self.pieces_left(p)["city"]:
            raise IllegalAction(f"no cities left ({self.PIECES['city']} per player)", "catan-city")
        self._need(p, "city", "catan-building-costs")

    def _check_Discard(self, action: Discard) -> None:
        r = _RES_INDEX_GET(action.resource) if type(action.resource) is str else None
        if r is None:
            r = _resource(action.resource, "catan-discard")
        if not self.hands[self.discards[0][0]][r]:
            raise IllegalAction(f"you hold no {action.resource}", "catan-discard")

    def _check_MoveRobber(self, action: MoveRobber) -> None:
        h, victim = action.hex, action.victim
        if not is_integer(h) or h not in self.board.land_hexes:
            raise IllegalAction(f"the robber moves to a land hex, not {h!r}", "catan-robber")
        if h == self.robber:
            raise IllegalAction("the robber must move to another hex", "catan-robber")
        victims = self.robber_victims(self.turn, h)
        if victims and victim not in victims:
            raise IllegalAction(f"steal from one of players {victims} at hex {h}", "catan-robber")
        if not victims and victim != -1:
            raise IllegalAction(f"nobody at hex {h} can be robbed", "catan-robber")

    def _check_BankTrade(self, action: BankTrade) -> None:
        g = _RES_INDEX_GET(action.give) if type(action.give) is str else None
        if g is None:
            g = _resource(action.give, "catan-bank-trade")
        t = _RES_INDEX_GET(action.get) if type(action.get) is str else None
        if t is None:
            t = _resource(action.get, "catan-bank-trade")
        p = self.turn
        if g == t:
            raise IllegalAction("trade for a different resource", "catan-bank-trade")
        rates = self.trade_rates(p, g)
        count = action.count
        if isinstance(count, bool) or count not in rates:
            bank_rate = self.options.bank_trade_rate
            rule = ("catan-harbour-trade" if (isinstance(count, int) and count < bank_rate) or rates[0] < bank_rate
                    else "catan-bank-trade")
            shown = ", ".join(f"{r}:1" for r in rates)
            raise IllegalAction(f"you trade {action.give} at {shown}, not {count!r}:1", rule)
        if self.hands[p][g] < count:
            raise IllegalAction(f"you need {count} {action.give}", "catan-bank-trade")
        if not self.bank[t]:
            raise IllegalAction(f"the bank has no {action.get} left", "catan-bank-trade")

    def _check_OfferTrade(self, action: OfferTrade) -> None:
        if not isinstance(action.give, tuple) or not isinstance(action.get, tuple):
            raise IllegalAction("a trade gives at least one card for at least one card", "catan-player-trade")
        give = _counts(action.give, "catan-player-trade")
        get = _counts(action.get, "catan-player-trade")
        problem = self.offer_problem(self.turn, action.to, give, get)
        if problem is not None:
            raise IllegalAction(problem, "catan-player-trade")

    def _check_AcceptTrade(self, action: AcceptTrade) -> None:
        if not afford(self.hands[self.offer[1]], self.offer[3]):  # type: ignore[index]
            raise IllegalAction("you do not hold the cards asked for", "catan-player-trade")

    def _check_DeclineTrade(self, action: DeclineTrade) -> None:
        pass

    def _check_BuyDevelopmentCard(self, action: BuyDevelopmentCard) -> None:
        if not sum(self.dev_deck):
            raise IllegalAction("the development cards are all gone", "catan-development-cards")
        self._need(self.turn, "development card", "catan-building-costs")

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
        if not self.free_edge_actions(self.turn):
            raise IllegalAction("there is no road to build", "catan-development-cards")

    def _check_PlayYearOfPlenty(self, action: PlayYearOfPlenty) -> None:
        self._check_dev(YEAR_OF_PLENTY)
        a = _resource(action.first, "catan-development-cards")
        b = _resource(action.second, "catan-development-cards")
        need = [0] * 5
        need[a] += 1
        need[b] += 1
        if not afford(self.bank, need):
            raise IllegalAction("the bank does not have those cards", "catan-development-cards")

    def _check_PlayMonopoly(self, action: PlayMonopoly) -> None:
        self._check_dev(MONOPOLY)
        _resource(action.resource, "catan-development-cards")

    # -- carrying out --------------------------------------------------------------------------
    def _perform(self, action: Any) -> None:
        kind = type(action)
        does = _DOES.get(type(self))
        if does is None:
            does = _DOES[type(self)] = {}
        do = does.get(kind)
        if do is None:
            do = does[kind] = _method(type(self), "_do_", kind)
        do(self, action)
        if self.phase != "setup" and kind not in self.POINTLESS:
            p = self.turn
            if self.victory_points(p) >= self.options.victory_points_to_win:  # rule catan-victory
                self.winner = p
                self.phase = "over"

    def _pay(self, player: int, what: str) -> None:
        """Rule ``catan-building-costs``: the player pays ``COSTS[what]`` to the bank."""
        cost = self.COSTS[what]
        hand, bank = self.hands[player], self.bank
        for r in range(5):
            c = cost[r]
            if c:
                hand[r] -= c
                bank[r] += c

    def _do_BuildRoad(self, action: BuildRoad) -> None:
        e = action.edge
        p = self.current_player
        assert p is not None
        if self.phase == "main":
            self._pay(p, "road")
        self.edge_owner[e] = p
        self.roads[p].append(e)
        self._pieces_changed(roads_only=True)
        self.road_length[p] = self._longest_road_with(p, e)
        self.award_longest_road()
        if self.phase == "setup":
            self._setup_next()
        elif self.phase == "road_building":
            self.free_roads -= 1
            if self.free_roads <= 0 or not self.free_edge_actions(p):
                self.phase = self.resume

    def _setup_next(self) -> None:
        """Rule ``catan-setup``: the settlement and its edge are placed; the next player's turn to set up."""
        self.setup_node = -1
        self.setup_index += 1
        if self.setup_index == len(self.setup_order):
            self.phase = "roll"
            self.turn = 0

    def _place(self, player: int, node: int, kind: int) -> None:
        self.node_owner[node] = player
        self.node_kind[node] = kind
        self.buildings[player].append(node)
        self._pieces_changed()
        # A new building may break other players' roads (rule catan-longest-road).
        edge_owner = self.edge_owner
        touched = {edge_owner[e] for e in self.topo.node_edges[node] if edge_owner[e] not in (-1, player)}
        for q in touched:
            self.road_length[q] = self.longest_road_of(q)
        if touched:
            self.award_longest_road()

    def _do_BuildSettlement(self, action: BuildSettlement) -> None:
        v = action.node
        p = self.current_player
        assert p is not None
        if self.phase == "setup":
            self._place(p, v, SETTLEMENT)
            self.setup_node = v
            if self._setup_income():  # the second settlement: starting resources
                for h in self.topo.node_hexes[v]:
                    r = self.board.hex_resource[h]
                    if r >= 0 and self.bank[r]:
                        self.bank[r] -= 1
                        self.hands[p][r] += 1
            return
        self._pay(p, "settlement")
        self._place(p, v, SETTLEMENT)

    def _do_BuildCity(self, action: BuildCity) -> None:
        self._pay(self.turn, "city")
        self.node_kind[action.node] = CITY
        self._pieces_changed()

    def _roll_dice(self) -> tuple[int, list[Any]]:
        """Rule ``catan-production``: the two dice (their sum, and the faces recorded in ``dice``)."""
        total, faces = self.draw(TWO_D6)
        return total, faces

    def production_claims(self, total: int, dice: list[Any]) -> list[list[int]]:
        """Rule ``catan-production``: what each player is owed for a roll of ``total`` (before the
        bank's shortage rule), as five counts per player (extension point)."""
        claims = [[0] * 5 for _ in range(self.players)]
        if total not in self.options.robber_rolls:  # rule catan-robber: nothing is produced on a 7
            for r, _, shares in self._production(total):
                for q, count in shares:
                    claims[q][r] += count
        return claims

    def _production(self, total: int) -> tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...]:
        """Rule ``catan-production``: the claims of a roll of ``total`` (not a 7, setting ``robber_rolls``) in the base game,
        the robber's hex left out, by resource: (resource, cards owed in all, (player, cards) for
        each player owed some): each settlement (1 card) and city (2) at a corner of a hex with that
        number, worked out once for the buildings and the robber's hex (one table for every place of
        the robber off the hexes of this number).
        :meth:`production_claims` lays them out by player; a roll in a game whose
        ``production_claims`` is the base game's pays them at once (:meth:`_pay_production`)."""
        robber = self.robber
        if robber is not None and self._hex_number[robber] != total:
            robber = None  # the robber blocks no hex of this number: the same claims as without it
        return self._production_with(total, robber)

    @kept(on="buildings")
    def _production_with(self, total: int, robber: int | None) -> tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...]:
        """:meth:`_production` with the robber on hex ``robber`` (``None``: on no hex of this number)."""
        owner, kind = self.node_owner, self.node_kind
        owed: dict[int, dict[int, int]] = {}  # resource: {player: cards}
        for h, r, nodes in self._producers[total]:
            if h != robber:
                for v in nodes:
                    k = kind[v]
                    if k == SETTLEMENT or k == CITY:  # 1 card for a settlement, 2 for a city
                        shares = owed.get(r)
                        if shares is None:
                            shares = owed[r] = {}
                        q = owner[v]
                        shares[q] = shares.get(q, 0) + (1 if k == SETTLEMENT else 2)
        return tuple((r, sum(shares.values()), tuple(sorted(shares.items()))) for r, shares in sorted(owed.items()))

    def _do_Roll(self, action: Roll) -> None:
        """Rules ``catan-production``, ``catan-discard``, ``catan-robber`` (a roll in the setting
        ``robber_rolls``, printed: 7, produces nothing; the players holding more than
        ``discard_limit`` cards discard and the robber moves)."""
        total, self.dice = self._roll_dice()
        robber = total in self.options.robber_rolls  # rule catan-robber: a 7 (setting robber_rolls)
        if type(self).production_claims is _BASE_CLAIMS:
            if not robber:
                self._pay_production(self._production(total))
        else:
            self._pay_claims(self.production_claims(total, self.dice))
        if robber:
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

    def _pay_production(self, claims: tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...]) -> None:
        """:meth:`_pay_claims` for the claims as :meth:`_production` gives them."""
        bank, hands = self.bank, self.hands
        for r, total, shares in claims:
            if total <= bank[r]:
                for q, count in shares:
                    hands[q][r] += count
                bank[r] -= total
            elif len(shares) == 1:  # one player is owed it all: they get what is left
                hands[shares[0][0]][r] += bank[r]
                bank[r] = 0

    def _pay_claims(self, claims: list[list[int]]) -> None:
        """The bank pays a roll's claims, with the shortage rule (``catan-production``)."""
        bank, hands = self.bank, self.hands
        for r, column in enumerate(zip(*claims)):
            total = sum(column)
            if not total:
                continue
            if total <= bank[r]:
                for p, c in enumerate(column):
                    if c:
                        hands[p][r] += c
                bank[r] -= total
            elif total in column:  # one player is owed it all: they get what is left
                hands[column.index(total)][r] += bank[r]
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
            self._steal_from(action.victim)
        self.phase = self.resume

    def _steal_from(self, victim: int) -> None:
        """Rule ``catan-robber``: the player to move takes one random card from ``victim``."""
        hand = self.hands[victim]
        r = RES_INDEX[self.draw(stolen_card(hand))]
        hand[r] -= 1
        self.hands[self.turn][r] += 1

    def _do_BankTrade(self, action: BankTrade) -> None:
        g, t = RES_INDEX[action.give], RES_INDEX[action.get]
        hand = self.hands[self.turn]
        hand[g] -= action.count
        self.bank[g] += action.count
        hand[t] += 1
        self.bank[t] -= 1

    def _do_OfferTrade(self, action: OfferTrade) -> None:
        give = _counts(action.give, "catan-player-trade")
        get = _counts(action.get, "catan-player-trade")
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
        self._pay(p, "development card")
        deck = self.dev_deck
        card = DEVELOPMENT_CARDS.index(self.draw(development_card(deck)))
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
        if self.knights[p] >= self.options.largest_army_knights and (holder < 0 or self.knights[p] > self.knights[holder]):
            self.largest_army = p
        self.resume = self.phase
        self.phase = "robber"

    def _do_PlayRoadBuilding(self, action: PlayRoadBuilding) -> None:
        self._play(ROAD_BUILDING)
        self.free_roads = min(self.options.road_building_roads, self.pieces_left(self.turn)["road"])
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
        self.dice = []
        self._new_turn()

    def _new_turn(self) -> None:
        """A variant's per-turn limits start again (extension point)."""

    # -- Longest Road (rule catan-longest-road) ------------------------------------------------
    def longest_road_of(self, player: int) -> int:
        """Rule ``catan-longest-road``: the length of ``player``'s longest road, counted afresh from the pieces
        on the map (:func:`~gamekit.catan.roads.longest_road`; the engine keeps it in ``road_length`` as
        pieces change)."""
        return longest_road(self.topo, self.node_owner, self.edge_owner, player, self.roads[player])

    def _longest_road_with(self, player: int, edge: int) -> int:
        """Rule ``catan-longest-road``: :meth:`longest_road_of` ``player`` just after their road on
        ``edge`` was added. A road added takes no path away, so a longer path than before uses the
        new road, and lies among the roads joined to it through intersections that no other
        player's building breaks: the longer of the road before and the longest among those (which
        cannot beat the road before when they are no more segments than it has). When one end of the
        new road is a dead end (no other own road there, or another player's building), a path along
        it ends there: the longest from its other end, plus one, is the longest using it. A variant that
        counts its own routes (:meth:`longest_road_of` overridden) counts them all again."""
        if type(self).longest_road_of is not _BASE_LONGEST_ROAD:
            return self.longest_road_of(player)
        before = self.road_length[player]
        node_owner, edge_owner = self.node_owner, self.edge_owner
        topo = self.topo
        node_edges, edge_nodes = topo.node_edges, topo.edge_nodes
        # The ends where a path may go on past the new road: no other player's building, another own road.
        ends = []
        for v in edge_nodes[edge]:
            owner = node_owner[v]
            if owner == -1 or owner == player:
                for f in node_edges[v]:
                    if f != edge and edge_owner[f] == player:
                        ends.append(v)
                        break
        if len(ends) < 2:  # a dead end: a path along the new road ends there
            if not ends:
                return max(before, 1)
            return max(before, 1 + longest_road_from(topo, node_owner, edge_owner, player, self.roads[player],
                                                     ends[0], edge))
        joined = {edge}
        stack = [edge]
        while stack:
            for v in edge_nodes[stack.pop()]:
                owner = node_owner[v]
                if owner == -1 or owner == player:
                    for f in node_edges[v]:
                        if edge_owner[f] == player and f not in joined:
                            joined.add(f)
                            stack.append(f)
        if len(joined) <= before:
            return before
        return max(before, longest_road(topo, node_owner, edge_owner, player, sorted(joined)))

    def award_longest_road(self) -> None:
        """Rule ``catan-longest-road``: give the Longest Road card to the one player with the
        longest road of five or more (a holder keeps it on a tie; a tie without the holder leaves
        it with nobody)."""
        lengths = self.road_length
        best = max(lengths)
        holder = self.longest_road
        if best < self.options.longest_road_length:
            self.longest_road = -1
            return
        leaders = [p for p in range(self.players) if lengths[p] == best]
        if holder in leaders:
            return
        self.longest_road = leaders[0] if len(leaders) == 1 else -1

    # -- scenarios (positions set up by hand for figures, widgets, services and tests) ----------
    def arrange(self, *, turn: int | None = None, phase: str | None = None, settlements: Any = (), cities: Any = (),
                roads: Any = (), ships: Any = (), factories: Any = (),
                hands: dict[int, dict[str, int]] | None = None) -> CatanState:
        """Set up a position by hand, not by moves: put ``settlements``, ``cities`` and (in the
        factories game) ``factories`` as ``(player, node)`` pairs, ``roads`` and (in a Seafarers game)
        ``ships`` as ``(player, edge)`` pairs, move ``hands`` (player -> resource name -> cards) from
        the bank, and give ``turn`` to a player in ``phase``. The roads, buildings and Longest Road
        are derived again. The position is then checked as a save is (the distance rule too): an
        impossible one raises ``ValueError`` and leaves the state as it was. Checkpointed (see
        :meth:`~gamekit.core.State.checkpoint`); returns the state.

        >>> state = scenario(settlements=[(0, 0)], roads=[(0, 0)], hands={0: {"ore": 2}})
        >>> state.buildings[0], state.roads[0], state.hands[0]
        ([0], [0], [0, 0, 0, 0, 2])
        >>> state.arrange(settlements=[(1, 3)])
        Traceback (most recent call last):
        ...
        ValueError: intersection 0 breaks the distance rule
        >>> state.buildings
        [[0], [], [], []]
        """
        before = self._snapshot()
        try:
            self._arrange(turn, phase, settlements, cities, roads, ships, factories, hands or {})
            self._read_state(json.loads(json.dumps(self._to_data())))  # the save's checks, the distance rule's too
        except (ValueError, TypeError, IndexError, KeyError) as err:
            self.__dict__.clear()
            self.__dict__.update(before)
            raise ValueError(str(err).strip("'\"")) from None
        return self.checkpoint()  # (which says the position was changed by hand)  # type: ignore[return-value]

    def _arrange(self, turn: int | None, phase: str | None, settlements: Any, cities: Any, roads: Any, ships: Any,
                 factories: Any, hands: dict[int, dict[str, int]]) -> None:
        for kind, pieces in ((1, settlements), (2, cities)):
            for player, node in pieces:
                self.node_owner[node], self.node_kind[node] = player, kind
        if factories:
            raise ValueError(f"{self.game.title} has no factories")
        if ships and not hasattr(self, "ship_owner"):
            raise ValueError(f"{self.game.title} has no ships")
        for owners, pieces in ((self.edge_owner, roads), (getattr(self, "ship_owner", None), ships)):
            for player, edge in pieces:
                owners[edge] = player  # type: ignore[index]
        for player, cards in hands.items():
            for name, n in cards.items():
                r = RESOURCES.index(name)
                if self.bank[r] < n:
                    raise ValueError(f"the bank has {self.bank[r]} {name}, not {n}")
                self.bank[r] -= n
                self.hands[player][r] += n
        if turn is not None:
            self.turn = turn
        if phase is not None:
            if phase != "setup":
                self.setup_index = len(self.setup_order)
            self.phase = phase
        self._derive()
        self.award_longest_road()

    # -- copying and saving --------------------------------------------------------------------
    #: The mutable fields and how a copy copies them (:attr:`gamekit.core.State.MUTABLE`, the one
    #: declaration behind ``clone``, the snapshot a failed action is undone from and ``arrange``'s
    #: undo); a variant extends it with its own. The board and the settings are shared
    #: (``shared_on_clone``); everything else is a number, a string or a tuple.
    MUTABLE = {
        **dict.fromkeys(("node_owner", "node_kind", "edge_owner", "bank", "dev_deck", "dev_new", "knights",
                         "road_length", "dice"), "list"),
        **dict.fromkeys(("hands", "dev_hands", "roads", "buildings", "discards"), "nested"),
        "offer": "json",
    }

    # -- what each player may see --------------------------------------------------------------
    def public_points(self, player: int) -> int:
        """The victory points everyone can see: :meth:`victory_points` without the player's
        victory point cards, which stay hidden until they win (rule ``catan-development-cards``)."""
        return self.victory_points(player) - self.dev_hands[player][VICTORY_POINT]

    def _observation(self, player: int) -> Any:
        """What ``player`` sees (assumption "what each player sees", rules ``catan-player-trade`` and
        ``catan-development-cards``): the whole saved position (the board, every building, road and
        ship, the bank, every resource hand, a variant's own pieces: factories and their pegs, Trade
        Feud's tokens, which lie open), except the development cards. Of those the player sees their
        own hand (and, on their turn, which of them were bought this turn), how many cards each other
        player holds (and how many the player to move bought this turn), how many are left in the deck
        and how many of each kind have been played. The deck is drawn by lot, so it has no order to
        hide; the generator's state (which would tell future dice) is never shown. ``points`` are the
        public victory points (:meth:`public_points`), the player's own total for themselves.
        A variant adds to it in :meth:`_observe_more`."""
        data = self.state_data()
        held = [sum(h) for h in self.dev_hands]
        data["dev_deck"] = sum(self.dev_deck)
        data["dev_hands"] = [list(self.dev_hands[q]) if q == player else held[q] for q in range(self.players)]
        data["dev_new"] = list(self.dev_new) if self.turn == player else sum(self.dev_new)
        data["dev_cards_played"] = self.dev_cards_played()
        data["points"] = [self.victory_points(q) if q == player else self.public_points(q)
                          for q in range(self.players)]  # fmt: skip
        data["player"] = player
        data["to_move"] = self.current_player
        self._observe_more(data, player)
        return data

    def _observe_more(self, data: dict[str, Any], player: int) -> None:
        """Hide (or add) a variant's own parts of the observation ``data`` of ``player`` (extension
        point; the variants so far hide nothing more: factories, pegs and tokens are in plain view)."""

    def dev_cards_played(self) -> list[int]:
        """How many development cards of each kind have been played (public: each is shown when
        played): the deck's composition less the cards in the deck and in the hands."""
        deck, hands = self.dev_deck, self.dev_hands
        printed = self.options.development_deck
        return [printed[k] - deck[k] - sum(h[k] for h in hands) for k in range(5)]

    def _determinize(self, player: int, rng: Any) -> CatanState:
        """A copy in which the development cards that ``player`` cannot see are dealt again with
        ``rng``: the cards not accounted for (the deck and the other players' hands, as five counts,
        never the true hands) are dealt to each other player, in player order, as many as they
        hold, one ``randbelow`` per card; the rest is the deck. The first cards dealt to the player
        to move (if not ``player``) count as bought this turn, as many as they bought. A victory
        point card is not dealt to a player whom it would give the points to win: they would have
        won already on their own turn (rule ``catan-victory``; it can be wrong only for a player
        who gained points on someone else's turn). Everything else is seen by everyone and copied
        (resource hands are open, see :meth:`_observation`). A variant redraws its own hidden parts
        in :meth:`_determinize_more`."""
        new = self.clone()
        n = self.players
        others = [q for q in range(n) if q != player and any(self.dev_hands[q])]
        if others:
            pool = list(self.dev_deck)
            for q in others:
                hand = self.dev_hands[q]
                for k in range(5):
                    pool[k] += hand[k]
            total = sum(pool)
            target = self.options.victory_points_to_win
            hands = new.dev_hands
            turn = self.turn
            for q in others:
                size = sum(self.dev_hands[q])
                hand = hands[q] = [0] * 5
                room = -1  # how many victory point cards q may hold; worked out when there is one to deal
                new_left = sum(self.dev_new) if q == turn else 0
                fresh = [0] * 5
                for _ in range(size):
                    barred = 0
                    vp = pool[VICTORY_POINT]
                    if vp:
                        if room < 0:
                            room = max(0, target - 1 - self.public_points(q))
                        if hand[VICTORY_POINT] >= room and vp < total:
                            barred = vp  # the last kind: a ticket below total - vp never reaches it
                    ticket = rng.randbelow(total - barred)
                    k = 0
                    while ticket >= pool[k]:
                        ticket -= pool[k]
                        k += 1
                    pool[k] -= 1
                    total -= 1
                    hand[k] += 1
                    if new_left:
                        fresh[k] += 1
                        new_left -= 1
                if q == turn:
                    new.dev_new = fresh
            new.dev_deck = pool
        self._determinize_more(new, player, rng)
        return new

    def _determinize_more(self, new: CatanState, player: int, rng: Any) -> None:
        """Redraw a variant's own hidden parts in the copy ``new`` for ``player`` with ``rng``
        (extension point; the variants so far have none)."""

    def _to_data(self) -> Any:
        data = {
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
            "discards": self.discards,
            "offer": self.offer,
            "free_roads": self.free_roads,
            "resume": self.resume,
            "dice": self.dice,
            "winner": self.winner,
        }
        self._data_more(data)
        return data

    def _data_more(self, data: dict[str, Any]) -> None:
        """Add a variant's own attributes to the saved data (extension point)."""

    def _read_state(self, data: Any) -> dict[str, Any]:
        """The attributes a saved state sets, validated (``ValueError`` when anything is unsound);
        a variant extends it with its own attributes and checks."""
        from .base_save import read_state

        return read_state(self, data)

    def _restore(self, data: Any) -> None:
        """Validate a saved state and take it over (nothing is assigned before all checks pass)."""
        values = self._read_state(data)
        self._init_board(values.pop("board"))
        self.__dict__.update(values)
        self._derive()

    def _repr_svg_(self) -> str:
        from .svg import state_svg

        return state_svg(self)


_BASE_CLAIMS = CatanState.production_claims
_BASE_CAN_ROB = CatanState.can_rob
_BASE_LONGEST_ROAD = CatanState.longest_road_of
BASE_SETUP_SITE = CatanState.setup_site


def scenario(players: int = 4, seed: int = 0, *, game: str | Game = "catan", turn: int = 0, phase: str = "main",
             settlements: Any = (), cities: Any = (), roads: Any = (), ships: Any = (), factories: Any = (),
             hands: dict[int, dict[str, int]] | None = None, **options: Any) -> CatanState:
    """A position for a figure, a widget, a service or a test, in ``game`` (``"catan"``,
    ``"factories"`` or a :class:`~gamekit.core.Game` such as Seafarers' ``SEAFARERS``; Trade Feud has its own
    :func:`~gamekit.catan.trade_feud.scenario`): the founding phase skipped, an empty board, empty
    hands and a full bank, but for the pieces and cards given (see :meth:`CatanState.arrange`),
    ``turn`` to act in ``phase``; ``options`` are the game's settings. Checked as a save is (an
    impossible position raises ``ValueError``) and checkpointed.

    >>> state = scenario(3, board="beginner", turn=1, cities=[(1, 10)])
    >>> state.phase, state.current_player, state.victory_points(1)
    ('main', 1, 2)
    """
    from .. import game as find_game

    state: CatanState = (find_game(game) if isinstance(game, str) else game).new(players=players, seed=seed, **options)  # type: ignore[assignment]
    return state.arrange(turn=turn, phase=phase, settlements=settlements, cities=cities, roads=roads, ships=ships,
                         factories=factories, hands=hands)


#: The Catan base game as a :class:`gamekit.Game`, registered as ``catan``.
CATAN = register(
    Game(
        "catan",
        "Catan (the base game)",
        CatanState,
        CatanOptions,
        min_players=3,
        max_players=4,
        description="The Catan base game: settle, trade, build roads, settlements and cities; ten points win.",
        bots="gamekit.catan.bots",
        action_space="gamekit.catan.actions:action_space",
        play_view="gamekit.web.play_tables:CATAN_VIEW",
        play_page="catan",
    )
)
