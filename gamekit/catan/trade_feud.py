"""Trade Feud (Handelsfehde), a Seafarers scenario, as a gamekit game (``trade-feud``).

>>> import gamekit
>>> state = gamekit.game("trade-feud").new(players=3, seed=1)
>>> state.tokens
[0, 0, 0]

Played by the base game's and the Seafarers layer's rules (:mod:`gamekit.catan.seafarers`), with the
scenario's exceptions (seed 003; labels as in the book):

* ``trade-feud-map``: the scenario's map is missing; we play our island map (:mod:`gamekit.catan.maps`).
* ``trade-feud-setup``: each player founds three settlements on coasts (never on an intersection inside
  an island), each with a ship; the first two in the base game's order, then the third in turn order
  starting with the player who placed the last second settlement. The third settlement gives one card
  for each land hex next to it. The robber is out of play; the pirate starts on its marked hex.
* ``trade-feud-tokens``: a victory point token for each settlement founded or built and one more for
  each upgrade to a city; buildings on the map score nothing; tokens change owner.
* ``trade-feud-routes``: ships between two of a player's settlements or cities form a closed shipping
  route, roads a closed road route; a route that can still be extended is open.
* ``trade-feud-branching``: of the three edges at an intersection without a building, at most two may
  hold ships or roads (of anyone): routes branch only at settlements and cities.
* ``trade-feud-connection``: when a player's open route reaches another player's open route (at any of
  its intersections) or settlement or city, a trade connection forms between the two players'
  buildings. The player who contributed more pieces to it (tie: the one who closed it) takes a token
  from the other. Pieces of the other route that are not part of the connection go back to their
  owner. ``trade-feud-connection-illegal``: an open route may not be joined to a trade connection or a
  closed route. ``trade-feud-connection-fixed``: ships of a connection no longer move; no settlement
  on its intersections.
* ``trade-feud-victory``: points are tokens + Largest Army + Longest Trade Route (2 each) + victory
  point cards; a player with 10 on their own turn wins.

What each player sees is the base game's observation: the tokens lie open (the text says so), as do
ships, routes and trade connections; only development cards in hand are hidden, victory point cards
among them, so the observation's ``points`` leave the other players' victory point cards out.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter
from typing import Any, ClassVar, NamedTuple

from .. import register
from ..core import Game, IllegalAction
from ..notes import Assumption, catalogue
from ..settings import printed
from .actions import (
    BuildRoad,
    BuildSettlement,
    BuildShip,
    DeclineTrade,
    EndTurn,
    MoveShip,
)
from .base import BASE_SETUP_SITE, SETTLE_AT, TURN_PHASES
from .roads import built_or_beside
from .rules import VICTORY_POINT, afford
from .seafarers import RULES as SEAFARERS_RULES
from .seafarers import SeafarersOptions, SeafarersState, move_ship_action
from .trade_feud_stall import best_reachable, least_bound_reaches

__all__ = ["TradeFeudOptions", "TradeFeudState", "TRADE_FEUD", "RULES", "ASSUMPTIONS", "STALLED", "STANDSTILL", "scenario"]

#: Every rule label Trade Feud cites: the base game's, the Seafarers layer's and its own.
RULES: tuple[str, ...] = SEAFARERS_RULES + (
    "trade-feud-map", "trade-feud-setup", "trade-feud-tokens", "trade-feud-routes", "trade-feud-branching",
    "trade-feud-connection", "trade-feud-connection-illegal", "trade-feud-connection-fixed", "trade-feud-victory",
    "trade-feud-stall", "trade-feud-standstill",
)  # fmt: skip

#: The phase of a game that ended by rule ``trade-feud-stall`` (a game won by the target is "over").
STALLED = "stalled"
#: The phase of a game that ended by rule ``trade-feud-standstill``.
STANDSTILL = "standstill"
#: The phases of a game ended by rule ``trade-feud-stall`` or ``trade-feud-standstill``.
_ENDED = frozenset((STALLED, STANDSTILL))
#: The phases of a game that has ended (won, or ended by rule).
_OVER = frozenset(("over", STALLED, STANDSTILL))
#: A hand of development cards' victory point cards (read by :meth:`TradeFeudState._score_inputs`).
_VP_CARDS = itemgetter(VICTORY_POINT)
class _Ask(NamedTuple):
    """A kept list of sites to be asked again at some intersections (see :meth:`TradeFeudState.board_changed`)."""

    kept: tuple[int, ...]
    ends: frozenset[int]


#: What :meth:`TradeFeudState._edge_rules` says of a piece that forms no trade connection and is not refused.
_FREE = (-1, None)
#: Rule ``trade-feud-branching``'s refusal (message, rule).
_BRANCHING = ("routes branch only at settlements and cities: an intersection without a building has at most two "
              "edges with pieces", "trade-feud-branching")
#: The site lists of no board (see :meth:`TradeFeudState._site_table`): a state whose pieces changed.
_STALE: tuple[Any, Any, Any] = (None, None, None)
#: The keys of the site lists :meth:`TradeFeudState.board_changed` keeps, by number of players and player.
_KEPT_KEYS: dict[tuple[int, int], tuple[tuple[Any, ...], tuple[Any, ...]]] = {}


def _kept_keys(players: int, player: int) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The keys of ``player``'s own road, ship and settlement sites (kept, to be asked again), and of the
    other players' settlement sites and ships to move at a turn's start (kept as they are): see
    :meth:`TradeFeudState.board_changed`."""
    found = _KEPT_KEYS.get((players, player))
    if found is None:
        others = tuple(key for q in range(players) if q != player for key in (("settle", q), ("movable", q, False, ())))
        found = _KEPT_KEYS[players, player] = ((("road", player), ("ship", player), ("settle", player)), others)
    return found


@dataclass(frozen=True)
class TradeFeudOptions(SeafarersOptions):
    """Trade Feud's settings: the Seafarers layer's, with the robber out of play, and the readings
    where the text is silent (each an Assumption in the chapter):

    * ``end_when_nobody_can_win`` (rule ``trade-feud-stall``): at the end of a turn, when the engine
      proves that no player can reach the target any more, the game ends and the leaders win; False:
      play goes on (the text has no end but the target).
    * ``stall_rounds`` (rule ``trade-feud-standstill``) = 50: when that many rounds in a row pass (every
      player's turn, that many times) in which nobody builds a road, ship, settlement or city, buys a
      development card or forms a trade connection, and no player reaches more victory points than
      they have had before, the game ends and the leaders win; 0: play goes on.
    * ``pirate_guards_returns`` (rule ``seafarers-pirate``): a trade connection that would send a ship
      back from an edge of the pirate's hex is refused; False: the ship goes back all the same.
    * ``second_settlement_income`` (rule ``trade-feud-setup``): False, only the third settlement
      gives cards; True: the second gives its hexes' cards too, as in the base game.
    * ``third_settlement_two_hexes`` (rule ``trade-feud-setup``): False, the third settlement goes on
      any coastal site and gives one card per land hex next to it; True: it must touch two land
      hexes, so that it gives the two cards the text speaks of.

    The base game's ``settlement_points`` and ``city_points`` (printed 1 and 2, rule ``catan-victory``)
    are here the tokens a settlement gives and the tokens a settlement has become once it is a city
    (rule ``trade-feud-tokens``: "für jede gegründete Siedlung einen Siegpunkt-Chip", a city "einen
    weiteren"), so an upgrade gives ``city_points - settlement_points`` more (never fewer: the base options check it).
    """

    robber_in_play: bool = False
    #: Rule ``trade-feud-setup``: "gründet jeder drei Siedlungen": the settlements each player founds,
    #: each with a ship (printed: 3). The first two follow the base game's snake order; the others go
    #: round in turn order from the player who placed the last second settlement, and the last one
    #: founded gives the starting cards (the text's "dritte Siedlung").
    founding_settlements: int = printed(3, "trade-feud-setup", "settlements founded by each player", low=2, high=10)
    end_when_nobody_can_win: bool = True
    stall_rounds: int = 50
    pirate_guards_returns: bool = True
    second_settlement_income: bool = False
    third_settlement_two_hexes: bool = False

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.robber_in_play:
            raise ValueError("the robber is out of play in Trade Feud (rule trade-feud-setup)")
        if self.founding_settlements > self.settlements_per_player:
            raise ValueError(f"setting founding_settlements ({self.founding_settlements}, rule trade-feud-setup) must be "
                             f"at most settlements_per_player ({self.settlements_per_player})")
        for name in ("end_when_nobody_can_win", "pirate_guards_returns", "second_settlement_income",
                     "third_settlement_two_hexes"):
            self._yes_no(name)
        self._whole("stall_rounds", 0, 1000)


if SeafarersState.setup_site is not BASE_SETUP_SITE:  # what _coastal_setup_sites asks from the buildings
    raise ImportError("Trade Feud's founding expects the Seafarers layer's setup site to be the base game's")
_CURRENT_PLAYER = SeafarersState.current_player.fget  # the Seafarers layer's, without super() on every call
_SEA_SHIP_SITES = SeafarersState.ship_sites_among  # rules seafarers-ship, seafarers-pirate (the layer's predicate)


class TradeFeudState(SeafarersState):
    """A game of Trade Feud. Besides the Seafarers layer's attributes: ``tokens`` per player,
    ``connection_edges`` (the edges of every trade connection) and ``connections``: one dict per
    connection, in the order they formed, with ``closer`` and ``other`` (the two players), ``at`` (the
    intersection where they met), ``winner`` and ``loser``, ``pieces`` (each side's pieces in the
    connection, the closer's first), ``edges`` (the connection's edges), ``returned`` (the edges whose
    pieces went back) and ``token_moved`` (false when the loser had no token to give).

    The state keeps the sites it lists until a piece changes (see :meth:`_site_table`): code that puts
    pieces on the map by hand calls :meth:`_derive` afterwards, as :func:`scenario` and ``arrange`` do."""

    options: TradeFeudOptions
    #: The founding phase's rule (rule ``trade-feud-setup``), named to the play pages' guide.
    SETUP_RULE = "trade-feud-setup"
    #: The site lists found for the pieces on the map now (see :meth:`_site_table`).
    _sites: tuple[Any, Any, Any] = _STALE
    #: The main phase's list last made, with the length of the log then (see :meth:`_main_actions`).
    _main_kept: tuple[int, tuple[Any, ...]] | None = None
    #: The length of the log just after the last declined trade offer (see :meth:`_main_actions`).
    _declined = -1
    #: :meth:`_score_inputs` after the last count of rule ``trade-feud-standstill`` (see :meth:`_check_standstill`).
    _scored: tuple[Any, ...] | None = None
    PHASE_ACTIONS: ClassVar[dict[str, tuple[type, ...]]] = {**SeafarersState.PHASE_ACTIONS, STALLED: (),
                                                            STANDSTILL: ()}
    PHASE_RULE: ClassVar[dict[str, str]] = {**SeafarersState.PHASE_RULE, STALLED: "trade-feud-stall",
                                            STANDSTILL: "trade-feud-standstill"}

    # -- setup ---------------------------------------------------------------------------------
    def setup_turns(self) -> tuple[int, ...]:
        """Rule ``trade-feud-setup``: snake order for two settlements, then a third round in turn
        order starting with the player who placed the last second settlement (more rounds the same
        way with the setting ``founding_settlements``, printed: 3)."""
        snake = super().setup_turns()
        last = snake[-1]
        more = self.players * (self.options.founding_settlements - 2)
        return snake + tuple((last + k) % self.players for k in range(more))

    def _last_founding_round(self) -> int:
        """Rule ``trade-feud-setup``: the setup index where the last round of the founding starts
        (the third settlements', as printed)."""
        return self.players * (self.options.founding_settlements - 1)

    def _setup_income(self) -> bool:
        """Rule ``trade-feud-setup``: the third settlement (the last founded, setting
        ``founding_settlements``) gives cards (the second one too with ``second_settlement_income``)."""
        first = self.players if self.options.second_settlement_income else self._last_founding_round()
        return self.setup_index >= first

    def _setup_more(self) -> None:
        super()._setup_more()
        self.tokens = [0] * self.players
        self.connection_edges: list[int] = []
        self.connections: list[dict[str, Any]] = []
        self.best_reachable: list[int] | None = None
        self.quiet_turns = 0  # rule trade-feud-standstill: turns ended in a row without progress (-1: progress this turn)
        self.best_points = [0] * self.players  # the most victory points each player has had at the end of a turn

    def _init_board(self, board: Any) -> None:
        super()._init_board(board)
        terrain = board.terrain
        #: Rule ``trade-feud-setup``: whether each intersection is on a coast (the board never changes; copies share it).
        self._coast = tuple(bool(board.land_node[v] and any(terrain[h] == "sea" for h in hexes))
                            for v, hexes in enumerate(board.topology.node_hexes))
        self._coast_nodes = tuple(v for v, c in enumerate(self._coast) if c)
        topo = board.topology
        # for each edge, its two ends, each with the other edges there
        around = [[(v, [f for f in topo.node_edges[v] if f != e]) for v in ends] for e, ends in enumerate(topo.edge_nodes)]
        #: For each edge, its two ends, each as ``(v, f, g)``: ``v`` and its one or two other edges (``g`` -1 where
        #: there is one), what the rules of routes read (shared by copies).
        self._ends = tuple(tuple((v, others[0], others[1] if len(others) > 1 else -1) for v, others in ends)
                           for ends in around)
        sea = board.sea_edge
        #: For each edge, the sea edges sharing an end with it (shared by copies).
        self._near_sea = tuple(tuple(f for _, others in ends for f in others if sea[f]) for ends in around)
        #: Each edge's two ends, as a set (shared by copies).
        self._pair = tuple(frozenset(ends) for ends in topo.edge_nodes)
        #: For each intersection, its edges with sea beside them (where a ship may go; shared by copies).
        self._sea_at = tuple(tuple(f for f in edges if sea[f]) for edges in topo.node_edges)

    def coastal(self, node: int) -> bool:
        """Rule ``trade-feud-setup``: an intersection where land and sea meet (read from the board once)."""
        return self._coast[node]

    def land_hexes_at(self, node: int) -> int:
        """How many land hexes touch ``node`` (the cards a third settlement there gives)."""
        terrain = self.board.terrain
        return sum(1 for h in self.topo.node_hexes[node] if terrain[h] != "sea")

    def setup_site(self, node: int) -> bool:
        """Rule ``trade-feud-setup``: a coastal site where the settlement's ship can go (for the third
        settlement with ``third_settlement_two_hexes``: one between two land hexes, as long as such a
        site is left; when none is, any coastal site, so that the founding never comes to a dead end):
        :meth:`_setup_sites_among` asked of the one intersection."""
        return bool(self._setup_sites_among((node,)))

    def _setup_sites(self) -> list[Any]:
        """A ``BuildSettlement`` at every intersection where :meth:`setup_site` holds (the coastal
        ones, :meth:`_founding_sites`, then the third settlement's rule)."""
        return list(map(SETTLE_AT.__getitem__, self._third_settlement_sites(list(self._founding_sites()))))

    def _setup_sites_among(self, nodes: Any) -> list[int]:
        """The rule of :meth:`setup_site` asked of each of ``nodes``, in their order."""
        return self._third_settlement_sites(self._coastal_setup_sites(nodes))

    def _third_settlement_sites(self, found: list[int]) -> list[int]:
        """Of the coastal setup sites ``found``, those the third settlement may take (with
        ``third_settlement_two_hexes``: the ones between two land hexes, while such a site is left)."""
        if found and self.options.third_settlement_two_hexes and self.setup_index >= self._last_founding_round():
            land = self.land_hexes_at
            if any(land(v) < 2 for v in found) and self._two_hex_site_left():
                found = [v for v in found if land(v) >= 2]
        return found

    def _founding_sites(self) -> tuple[int, ...]:
        """:meth:`_coastal_setup_sites` of every coastal intersection for the player placing, kept in the
        site table (:meth:`_site_table`, key ``"setup"``) across the founding's placements as ``(player,
        sites, ends)``: ``ends``, the intersections where a placement since may have changed a site
        (:meth:`_founding_changed`), are asked again, and with another player placing also the
        intersections at and beside the two players' pieces (the only places where the predicate reads
        whose a piece is); the kept sites elsewhere hold."""
        table = self._site_table()
        # the player placing (current_player, read directly in the founding phase)
        player = self.setup_order[self.setup_index] if self.phase == "setup" else self.current_player
        found = table.get("setup")
        if found is None:
            sites = tuple(self._coastal_setup_sites(self._coast_nodes))
        else:
            q, sites, ends = found
            if q == player and not ends:
                return sites
            near = set(ends)
            if q != player:
                self._add_around_pieces(near, q)
                self._add_around_pieces(near, player)
            kept = set(sites)
            kept.difference_update(near)
            kept.update(self._coastal_setup_sites(near))
            sites = tuple(sorted(kept))
        table["setup"] = (player, sites, ())
        return sites

    def _add_around_pieces(self, near: set[int], player: int) -> None:
        """Add to ``near`` the intersections at and next to ``player``'s buildings and at the ends of
        ``player``'s roads and ships and next to them."""
        node_nodes, edge_nodes = self.topo.node_nodes, self.topo.edge_nodes
        for v in self.buildings[player]:
            near.add(v)
            near.update(node_nodes[v])
        for pieces in (self.roads[player], self.ships[player]):
            for e in pieces:
                a, b = edge_nodes[e]  # each an intersection next to the other
                near.update(node_nodes[a])
                near.update(node_nodes[b])

    def _founding_changed(self, nodes: Any) -> None:
        """:meth:`board_changed` for a settlement or ship placed in the founding at ``nodes`` (a
        settlement's intersection, a ship's two ends): only the founding's sites (:meth:`_founding_sites`)
        are kept, to be asked again at and next to ``nodes``. A coastal setup site at ``v`` reads the
        buildings at ``v`` and next to it (rule ``catan-distance-rule``), the pieces on the edges at ``v``
        and the buildings and pieces at the other ends of those edges (:meth:`_edge_rules`, which is free
        or not from what lies at the two ends of the edge: it walks a route only where it meets something
        of another player, and then the ship is not free), so no site further away changes."""
        table = self._sites[2]
        found = table.get("setup") if table else None
        self.board_changed()
        if found is not None:
            node_nodes = self.topo.node_nodes
            ends = found[2] + tuple(nodes)
            for v in nodes:
                ends += node_nodes[v]
            self._sites = (self.pirate, self.connection_edges, {"setup": (found[0], found[1], ends)})

    def _coastal_setup_site(self, node: int) -> bool:
        return bool(self._coastal_setup_sites((node,)))

    def _coastal_setup_sites(self, nodes: Any) -> list[int]:
        """The intersections among ``nodes`` on a coast where the layer's setup site holds and the
        settlement's ship has a place (:meth:`_setup_ship_ok`). The layer's setup site is the base game's
        (rule ``catan-distance-rule``, on land: a coast is), asked of all of ``nodes`` at once from the
        buildings (:func:`~gamekit.catan.roads.built_or_beside`, as the base game's list does)."""
        coast, taken = self._coast, built_or_beside(self.topo, self.buildings)
        edge_owner, ship_owner, pirate, sea_at = self.edge_owner, self.ship_owner, self.pirate_edges(), self._sea_at
        # the player placing (current_player, read directly in the founding phase, where this is asked)
        player = self.setup_order[self.setup_index] if self.phase == "setup" else self.current_player
        rules = self._edge_rules
        out = []
        for node in nodes:
            if coast[node] and node not in taken:
                for e in sea_at[node]:
                    if edge_owner[e] == -1 and ship_owner[e] == -1 and e not in pirate and rules(player, e) == _FREE:
                        out.append(node)  # a place for the ship (_setup_ship_ok)
                        break
        return out

    def _two_hex_site_left(self) -> bool:
        """Whether a site between two land hexes is still open for the third settlement (among the
        coastal setup sites, :meth:`_founding_sites`)."""
        land = self.land_hexes_at
        return any(land(v) >= 2 for v in self._founding_sites())

    def _setup_edge_actions(self, node: int) -> list[Any]:
        """Rule ``trade-feud-setup``: a ship next to the settlement, branching nowhere and joining no
        other player's route."""
        player = self.setup_order[self.setup_index]  # the player placing (current_player in the founding phase)
        return [a for a in super()._setup_edge_actions(node)
                if isinstance(a, BuildShip) and self._setup_ship_ok(a.edge, player)]

    def _setup_ship_ok(self, edge: int, player: int | None = None) -> bool:
        """Whether a setup ship of the player placing (``player``, if given) may go on ``edge``."""
        if player is None:
            player = self.current_player
        return self._edge_rules(player, edge) == _FREE  # type: ignore[arg-type]

    # -- positions for figures, widgets and tests -------------------------------------------------
    def give_turn(self, player: int) -> None:
        """Make it ``player``'s turn in the main phase, after the roll, with this turn's limits fresh
        (no ship moved or built yet): for a figure or a widget in which several players place pieces
        one after another. Only on a position made by :func:`scenario`."""
        if self.phase not in ("main", "roll") or self.dice:
            raise ValueError("give_turn is for scenario positions in the main phase")
        if player not in range(self.players):
            raise ValueError(f"there is no player {player!r}")
        self.turn, self.phase = player, "main"
        self._new_turn()
        self.changed()  # a change by hand: nothing kept for the position before holds
        self._main_kept = None

    def hand_over(self, player: int, cards: Any) -> None:
        """Move ``cards`` (five counts, or a cost of :attr:`COSTS`) from the bank to ``player``'s hand
        (a figure's or widget's position; the bank must have them)."""
        if any(c > b for c, b in zip(cards, self.bank)):
            raise ValueError("the bank does not have those cards")
        for r, c in enumerate(cards):
            self.bank[r] -= c
            self.hands[player][r] += c
        self.changed()  # a change by hand: nothing kept for the position before holds
        self._main_kept = None

    # -- scoring -------------------------------------------------------------------------------
    def victory_points(self, player: int) -> int:
        """Rule ``trade-feud-victory``: tokens, and the base game's special cards and victory point
        cards (Largest Army and Longest Trade Route 2 each); buildings on the map count nothing (rule
        ``trade-feud-tokens``; settings ``longest_road_points``, ``largest_army_points``)."""
        points = self.tokens[player] + self.dev_hands[player][VICTORY_POINT]
        if self.longest_road == player:
            points += self.options.longest_road_points
        if self.largest_army == player:
            points += self.options.largest_army_points
        return points

    # -- the end of a game nobody can win (rule trade-feud-stall) -------------------------------
    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase == "main":  # the usual case, without the layers' look-ups
            return self.turn
        if phase == "trade":  # the player asked to accept an offer
            return self.offer[1]  # type: ignore[index]
        if phase in TURN_PHASES:
            return self.turn
        if phase == "setup":  # the player founding
            return self.setup_order[self.setup_index]
        return None if phase in _ENDED else _CURRENT_PLAYER(self)

    def is_over(self) -> bool:
        return self.phase in _OVER  # a winner is there exactly when the phase is "over" (as a save is checked)

    def winners(self) -> list[int]:
        """The winner; after rule ``trade-feud-stall`` or ``trade-feud-standstill``, the leaders (every
        player tied for the most victory points)."""
        if self.phase not in (STALLED, STANDSTILL):
            return super().winners()
        points = [self.victory_points(p) for p in range(self.players)]
        return [p for p in range(self.players) if points[p] == max(points)]

    @property
    def end_reason(self) -> str:
        """Why the game ended, in words (``""`` while it goes on): an attribute, as every game's is."""
        if self.winner is not None:
            return (f"a player has {self.victory_points(self.winner)} victory points on their own turn, "
                    f"{self.options.victory_points_to_win} being needed (rule trade-feud-victory)")
        if self.phase == STALLED:
            best = ", ".join(f"{b:,}" for b in (self.best_reachable or []))
            return (f"no player can reach {self.options.victory_points_to_win} victory points any more (the most "
                    f"each can still reach, player by player: {best}), so the leaders win (rule trade-feud-stall)")
        if self.phase == STANDSTILL:
            return (f"{self.options.stall_rounds:,} rounds in a row went by without a piece built, a card bought, "
                    f"a trade connection or a player's new best score, so the leaders win (rule trade-feud-standstill)")
        return ""

    def _check_stall(self) -> None:
        """Rule ``trade-feud-stall``, at the end of each round (the last player's turn): when no settlement can be built and no
        trade connection made any more (a building site now rules it out at once) and the most each
        player can still reach (:func:`~gamekit.catan.trade_feud_stall.best_reachable`) is below the
        target, the game ends. A player whose :func:`~gamekit.catan.trade_feud_stall.least_bound` (a
        number that bound never goes below: tokens, cities, victory point cards, Largest Army) reaches
        the target rules it out at once too."""
        target = self.options.victory_points_to_win
        if least_bound_reaches(self, target):
            return  # no bound best_reachable could give is below the target
        if any(self.building_sites(p) for p in range(self.players)):
            return
        best = best_reachable(self)
        if best is not None and max(best) < target:
            self.best_reachable = best
            self.phase = STALLED

    # The per-action bookkeeping of Trade Feud's own rules lives in the steps of the actions it concerns
    # (no override of _perform, which every action runs): a piece built or a card bought is progress (rule
    # trade-feud-standstill: the builds below, _do_BuyDevelopmentCard), a declined offer is marked for
    # _main_actions (_do_DeclineTrade), and the end of a turn asks rules trade-feud-stall and
    # trade-feud-standstill (_do_EndTurn).
    def _do_BuyDevelopmentCard(self, action: Any) -> None:
        super()._do_BuyDevelopmentCard(action)
        self.quiet_turns = -1  # rule trade-feud-standstill: progress

    def _do_DeclineTrade(self, action: DeclineTrade) -> None:
        super()._do_DeclineTrade(action)
        self._declined = len(self._rows) + 1  # the log's length once this action is written (_main_actions)

    def _do_EndTurn(self, action: EndTurn) -> None:
        """The turn passes; then, unless the player whose turn it now is has won (rule ``catan-victory``,
        which the base game's step asks right after this one, and ends the game), rules
        ``trade-feud-stall`` (at the end of each round) and ``trade-feud-standstill``."""
        super()._do_EndTurn(action)
        if self.victory_points(self.turn) >= self.options.victory_points_to_win:
            return  # the game is won, it does not stall
        if self.turn == 0 and self.options.end_when_nobody_can_win:
            self._check_stall()  # at the end of each round
        if self.phase not in (STALLED, STANDSTILL):
            self._check_standstill()

    def _check_standstill(self) -> None:
        """Rule ``trade-feud-standstill``, at the end of each turn: a turn with progress (a piece built,
        a card bought, a trade connection, or a player at more victory points than ever before at the
        end of a turn) starts the count again; after ``stall_rounds`` rounds of turns without, the game
        ends and the leaders win.

        The players' points are counted (:meth:`victory_points`) only when what they are counted from
        (:meth:`_score_inputs`) or ``best_points`` changed since the last count: with both as they were,
        every player has the points counted then, none above their best."""
        best, rose = self.best_points, False
        seen = self._score_inputs()
        if seen != self._scored:
            for p in range(self.players):
                points = self.victory_points(p)
                if points > best[p]:
                    best[p], rose = points, True
            self._scored = (*seen[:-1], tuple(best)) if rose else seen
        self.quiet_turns = 0 if rose or self.quiet_turns < 0 else self.quiet_turns + 1
        rounds = self.options.stall_rounds
        if rounds and self.quiet_turns >= rounds * self.players:
            self.phase = STANDSTILL

    def _score_inputs(self) -> tuple[Any, ...]:
        """All that :meth:`victory_points` reads (every player's tokens and victory point cards, the holders
        of Longest Trade Route and Largest Army), with ``best_points`` last: what :meth:`_check_standstill`
        compares with its last count (kept as ``_scored``)."""
        return (tuple(self.tokens), tuple(map(_VP_CARDS, self.dev_hands)), self.longest_road, self.largest_army,
                tuple(self.best_points))

    # -- the sites of the board as it is, kept until a piece changes ----------------------------
    def _derive(self) -> None:
        super()._derive()
        self.board_changed()  # a position set up or restored, pieces sent back: nothing listed before holds

    def _main_actions(self) -> list[Any]:
        """The base game's main-phase list, the last one kept: a trade offer declined (rule
        ``catan-player-trade``) leaves the position as it was when the offer was made, so the list made
        just before it holds again (the log then two rows longer, the second a ``DeclineTrade``). Code that
        changes a position by hand calls :meth:`_derive` (or :meth:`hand_over`, :meth:`give_turn`),
        which forget it."""
        rows = len(self._rows)
        kept = self._main_kept
        if kept is not None and self._declined == rows and kept[0] == rows - 2:
            return list(kept[1])
        acts = SeafarersState._main_actions(self)
        self._main_kept = (rows, tuple(acts))
        return acts

    def board_changed(self, player: int = -1, ends: Any = ()) -> None:
        """Forget the site lists of :meth:`_site_table`: a road, ship or settlement was placed, moved or
        sent back (the engine calls this on each such change; the pirate's hex and the trade connections
        are compared on each look-up besides; a city changes nothing the lists read, as its intersection
        keeps its owner).

        With ``player`` and ``ends``: the change is a road or ship of ``player`` placed or lifted at an
        edge with those ends (forming no trade connection). The player's own road, ship and settlement
        sites are then kept, to be asked again at the edges and intersections there when next looked up
        (:meth:`_asked_again`): a predicate of the player's own sites reads the player's own pieces only
        at the ends of the edge it is asked about (their connection to it, rule ``trade-feud-branching``,
        and a settlement's road or ship), and other players' routes, which the player's pieces never
        change. The other players' settlement sites and the ships they may move at the start of a turn
        are kept as they are: a predicate of them reads the pieces of their own player only (rules
        ``catan-settlement``, ``seafarers-moving``). Every other list is forgotten."""
        sites = self._sites
        table = sites[2]
        if player < 0 or not table:
            self._sites = _STALE
            self._main_kept = None
            return
        own, others = _kept_keys(self.players, player)
        get = table.get
        kept = {}
        ends = frozenset(ends)
        for key in own:
            found = get(key)
            if found is not None:
                kept[key] = _Ask(found.kept, found.ends | ends) if type(found) is _Ask else _Ask(found, ends)
        for key in others:  # another player's road or ship changes neither
            found = get(key)
            if found is not None:
                kept[key] = found
        self._sites = (sites[0], sites[1], kept)

    def _asked_again(self, found: Any, site: Any, nodes: bool = False, among: Any = None) -> tuple[int, ...]:
        """A kept list of sites (of edges, or with ``nodes`` of intersections) after the player's own
        pieces changed at the intersections ``found.ends`` (an :class:`_Ask`, see :meth:`board_changed`):
        the kept sites elsewhere and those there where the predicate ``site`` holds now (or, given
        ``among``, the predicate's batch form, those it gives of them)."""
        if nodes:
            near = found.ends
        else:
            node_edges = self.topo.node_edges
            near = {f for v in found.ends for f in node_edges[v]}
        out = [x for x in found.kept if x not in near]
        out.extend(among(near) if among is not None else [x for x in near if site(x)])
        out.sort()
        return tuple(out)

    def _site_table(self) -> dict[Any, tuple[Any, ...]]:
        """The lists of sites already found for the pieces on the map now, by what was asked
        (:meth:`road_sites`, :meth:`ship_sites`, :meth:`building_sites`, :meth:`movable_ships` and
        :meth:`move_targets`, each made by its rule's one predicate; a look-up returns a copy of what the
        predicate gave; the ship moves and builds of the main phase, :meth:`_more_main_actions`, made of
        them). They hold until a piece changes (:meth:`board_changed`), the pirate moves or a trade
        connection forms (the engine gives ``connection_edges`` a new list then: the table is kept for
        one list, compared by identity; code that changes it by hand assigns a new list or calls
        :meth:`_derive`). A copy of the state (``clone``, ``determinize``) gets a copy of the table (the
        lists in it are tuples, which both may share)."""
        sites = self._sites
        if sites[0] != self.pirate or sites[1] is not self.connection_edges:
            sites = self._sites = (self.pirate, self.connection_edges, {})
        return sites[2]

    def route_owner(self) -> tuple[int, ...]:
        """The owner of the road or ship on each edge (-1: none), kept with the sites (read it, as a tuple)."""
        table = self._site_table()
        found = table.get("route owner")
        if found is None:
            found = table["route owner"] = tuple(super().route_owner())
        return found

    # -- routes and connections ----------------------------------------------------------------
    def piece_owner(self, edge: int) -> int:
        """The owner of the road or ship on ``edge`` (-1: none)."""
        r = self.edge_owner[edge]
        return r if r >= 0 else self.ship_owner[edge]

    owner_at = piece_owner

    def route_from(self, owner: int, node: int, edge: int, skip: frozenset[int] = frozenset()) -> tuple[list[int], str]:
        """Rule ``trade-feud-routes``: follow ``owner``'s route from ``node`` along ``edge`` (leaving out the
        edges in ``skip``): its edges and how it ends (``"building"`` at an own settlement or city, ``"open"``
        otherwise, where it may still be extended)."""
        path = [edge]
        topo, node_owner = self.topo, self.node_owner
        edge_owner, ship_owner = self.edge_owner, self.ship_owner
        here = topo.edge_other[edge][node]
        while True:
            if node_owner[here] == owner:
                return path, "building"
            if node_owner[here] != -1:
                return path, "open"
            nxt = [f for f in topo.node_edges[here]
                   if f not in path and f not in skip
                   and (edge_owner[f] if edge_owner[f] >= 0 else ship_owner[f]) == owner]  # owner_at
            if not nxt:
                return path, "open"
            path.append(nxt[0])
            here = topo.edge_other[nxt[0]][here]

    def connection_at(self, player: int, edge: int, lifted: int = -1) -> dict[str, Any] | None:
        """The trade connection a piece of ``player`` on ``edge`` would form (rule
        ``trade-feud-connection``), or ``None``; raises :class:`IllegalAction` for a connection the
        rules forbid (rule ``trade-feud-connection-illegal``)."""
        found = self._connection(player, edge, lifted)
        if type(found) is tuple:
            raise IllegalAction(*found)
        return found  # type: ignore[return-value]

    def _connection(self, player: int, edge: int, lifted: int = -1) -> Any:
        """:meth:`connection_at`'s answer, a refusal returned as ``(message, rule)`` instead of raised
        (:meth:`_meet`)."""
        met = self._meet(player, edge, lifted)
        found = met[0]
        if type(found) is str:
            return met  # a refusal
        if found is None:
            return None
        v, q, their_path, returned = found
        mine, end = self.route_from(player, v, edge, frozenset((lifted,)) if lifted >= 0 else frozenset())
        if end != "building":
            mine = [edge]
        winner = player if len(mine) >= len(their_path) else q
        loser = q if winner == player else player
        return {"closer": player, "other": q, "at": v, "winner": winner, "loser": loser,
                "pieces": [len(mine), len(their_path)], "edges": sorted(mine + their_path),
                "returned": sorted(returned)}  # fmt: skip

    def _meet(self, player: int, edge: int, lifted: int = -1) -> Any:
        """What a piece of ``player`` on ``edge`` meets at the two ends of the edge (``lifted``: an edge
        whose ship is being moved away): :meth:`_edge_rules`'s look, its findings returned as they are (a
        refusal ``(message, rule)``, or ``(found, forks)``, see there)."""
        return self._edge_rules(player, edge, lifted, True)

    def _join_at(self, v: int, other: int, theirs: list[int], lifted: int) -> Any:
        """What a piece meets of another player at intersection ``v`` (rule ``trade-feud-connection``):
        ``other``, the owner of the building there (-1: none), and ``theirs``, the other players' pieces
        there (but the lifted ship's). A refusal ``(message, rule)``, or ``(q, their_path, returned)``: the
        other player, the pieces of their route in the connection and those that go back."""
        if other != -1:
            return other, [], []
        ship_owner = self.ship_owner
        q = self.owner_at(theirs[0])
        if any(f in self.connection_edges for f in theirs):
            return ("an open route may not be joined to a trade connection", "trade-feud-connection-illegal")
        skip = frozenset((lifted,)) if lifted >= 0 else frozenset()
        walks = [self.route_from(q, v, f, skip) for f in theirs]
        rooted = [w for w in walks if w[1] == "building"]
        if len(rooted) != 1:
            return (f"Player {q + 1}'s route at {v} is closed: it cannot be joined", "trade-feud-connection-illegal")
        returned = [e for w in walks if w[1] != "building" for e in w[0]]
        if self.options.pirate_guards_returns:
            pirate = self.pirate_edges()
            guarded = [e for e in returned if e in pirate and ship_owner[e] >= 0]
            if guarded:
                return (f"the connection would send back the ship on edge {guarded[0]}, beside the pirate, "
                        "and no ship leaves the pirate's edges", "seafarers-pirate")
        return q, rooted[0][0], returned

    def _edge_ok(self, player: int, edge: int, lifted: int = -1) -> bool:
        return self._edge_rules(player, edge, lifted)[1] is None

    def road_sites(self, player: int) -> list[int]:
        table, key = self._site_table(), ("road", player)
        found = table.get(key)
        if found is None:
            found = table[key] = tuple([e for e in super().road_sites(player) if self._edge_ok(player, e)])
        elif type(found) is _Ask:
            found = table[key] = self._asked_again(found, lambda e: self.road_site(player, e))
        return list(found)

    def road_site(self, player: int, edge: int) -> bool:
        return super().road_site(player, edge) and self._edge_ok(player, edge)

    def ship_sites_among(self, player: int, edges: Any, ship_owner: list[int] | None = None,
                         lifted: int = -1) -> list[int]:
        """Rules ``seafarers-ship``, ``seafarers-pirate`` (the layer's), then ``trade-feud-branching`` and
        ``trade-feud-connection-illegal`` (:meth:`_edge_rules`), asked of each of ``edges``."""
        out = _SEA_SHIP_SITES(self, player, edges, ship_owner, lifted)
        if out:
            rules = self._edge_rules
            out = [e for e in out if rules(player, e, lifted)[1] is None]  # _edge_ok
        return out

    def ship_sites(self, player: int, ship_owner: list[int] | None = None, lifted: int = -1) -> list[int]:
        if ship_owner is not None or lifted >= 0:
            return super().ship_sites(player, ship_owner, lifted)
        return list(self._kept_ship_sites(player))

    def _kept_ship_sites(self, player: int) -> tuple[int, ...]:
        """:meth:`ship_sites` of the pieces on the map now, as kept with the sites (read it, as a tuple)."""
        table, key = self._site_table(), ("ship", player)
        found = table.get(key)
        if found is None:
            found = table[key] = self._route_end_ship_sites(player)
        elif type(found) is _Ask:
            found = table[key] = self._asked_again(found, None, among=lambda edges: self.ship_sites_among(player, edges))
        return found  # type: ignore[return-value]

    def _route_end_ship_sites(self, player: int) -> tuple[int, ...]:
        """:meth:`ship_sites` of the pieces on the map now: the edges where :meth:`ship_site` holds, asked
        at the free sea edges off the pirate's hex (the predicate's first test) at the player's route ends
        only: their settlements and cities, and the intersections where one of their ships is the only one
        (the Seafarers layer asks at every end of every ship). A site is connected at an end with an own
        building or an own ship (rule ``seafarers-ship``); where two own ships meet without a building, a
        third piece branches (rule ``trade-feud-branching``: no trade connection forms there, as no other
        player's piece or building is there), so the predicate refuses every edge whose only connected end
        is such an intersection. The test of the kept sites compares this with the predicate asked at every
        edge."""
        sea_at = self._sea_at
        ends = set(self._lone_ship[player])  # the intersections where one of the player's ships ends
        ends.update(self.buildings[player])
        ship_owner, edge_owner, pirate = self.ship_owner, self.edge_owner, self.pirate_edges()
        candidates = {f for v in ends for f in sea_at[v]
                      if ship_owner[f] == -1 and edge_owner[f] == -1 and f not in pirate}
        found = self.ship_sites_among(player, candidates)
        found.sort()
        return tuple(found)

    def ship_actions(self, player: int) -> tuple[Any, ...]:
        table, key = self._site_table(), ("ship actions", player)
        found = table.get(key)
        if found is None:
            found = table[key] = tuple(super().ship_actions(player))
        return found  # type: ignore[return-value]

    def _more_main_actions(self, p: int, acts: list[Any]) -> None:
        """The Seafarers layer's ship builds and ship moves, the whole list kept with the sites (by whether
        the player may pay for a ship and this turn's ship moves and new ships)."""
        paid = afford(self.hands[p], self.COSTS["ship"]) and len(self.ships[p]) < self.PIECES["ship"]
        sites = self._sites  # _site_table, read at once when it holds (every main-phase list asks)
        table = sites[2] if sites[0] == self.pirate and sites[1] is self.connection_edges else self._site_table()
        new_ships = self.new_ships
        key = ("main", p, paid, self.ship_moved, tuple(new_ships) if new_ships else ())
        found = table.get(key)
        if found is None:  # the layer's _more_main_actions (paid: its test for the ship builds)
            more = SeafarersState.ship_actions(self, p) if paid else []  # made afresh: this list keeps them
            more.extend(self._moves(p))
            found = table[key] = tuple(more)
        acts.extend(found)

    def move_actions(self, player: int) -> tuple[Any, ...]:
        if self.ship_moved:
            return ()  # rule seafarers-moving: one ship move a turn
        table, key = self._site_table(), ("move actions", player, False, tuple(self.new_ships))
        found = table.get(key)
        if found is None:
            found = table[key] = tuple(self._moves(player))
        return found  # type: ignore[return-value]

    def _moves(self, player: int) -> list[Any]:
        """The layer's move_actions (rule ``seafarers-moving``), the targets of all the ships found at once."""
        if self.ship_moved:
            return []
        ships = self.movable_ships(player)
        if not ships:
            return []
        targets = self._targets_of(player, ships)
        return [move_ship_action(e, f) for e in ships for f in targets[e]]

    def move_targets(self, player: int, edge: int) -> list[int]:
        """Rule ``seafarers-moving``: the edges where :meth:`ship_site` holds with the ship on ``edge``
        lifted (the Seafarers layer's definition), found from the kept :meth:`ship_sites`: the predicate
        reads the pieces at the two ends of the edge it is asked about, and the lifted ship counts in
        its answer only where it lies at such an end (at an edge sharing an end with ``edge``: the
        connection to own ships, rule ``trade-feud-branching``, and which pieces meet there). At any
        other edge the lifted ship can change no more than the length of the player's own route in a
        trade connection (``connection_at``'s count, which decides who wins the token, never whether
        the piece may go), so its answer is the one :meth:`ship_sites` already has; the predicate is
        asked afresh at the edges sharing an end with ``edge`` only. The test of the kept sites
        compares this with the definition."""
        return list(self._targets_of(player, (edge,))[edge])

    def _targets_of(self, player: int, ships: Any) -> dict[int, tuple[int, ...]]:
        """:meth:`move_targets` of each of ``ships`` (of ``player``), kept with the sites."""
        table = self._site_table()
        out = {}
        sites = None
        for edge in ships:
            key = ("move", player, edge)
            found = table.get(key)
            if found is None:
                if sites is None:
                    sites = self._kept_ship_sites(player)
                    ship_owner, edge_owner = self.ship_owner, self.edge_owner
                    pirate, near_sea = self.pirate_edges(), self._near_sea
                near = near_sea[edge]  # the sea edges sharing an end with edge (the sites are sea edges)
                kept = []
                for f in sites:
                    if f not in near and f != edge:
                        kept.append(f)
                free = []
                for f in near:
                    if ship_owner[f] == -1 and edge_owner[f] == -1 and f not in pirate:  # ship_site asks this first
                        free.append(f)
                if free:  # asked with the ship lifted (free in the state, none of them is the ship's own edge)
                    kept.extend(self.ship_sites_among(player, free, None, edge))
                    kept.sort()
                found = table[key] = tuple(kept)
            out[edge] = found
        return out

    def building_site(self, player: int, node: int) -> bool:
        """Rule ``trade-feud-connection-fixed``: no settlement on a trade connection's intersection."""
        return super().building_site(player, node) and not self.on_connection(node)

    def building_sites(self, player: int) -> list[int]:
        table, key = self._site_table(), ("settle", player)
        found = table.get(key)
        if found is None:
            found = table[key] = tuple([v for v in super().building_sites(player) if not self.on_connection(v)])
        elif type(found) is _Ask:
            found = table[key] = self._asked_again(found, lambda v: self.building_site(player, v), nodes=True)
        return list(found)

    def on_connection(self, node: int) -> bool:
        """Rule ``trade-feud-connection``: an edge of a trade connection ends at ``node``."""
        return any(e in self.connection_edges for e in self.topo.node_edges[node])

    def movable_ships(self, player: int) -> list[int]:
        """Rule ``trade-feud-connection-fixed``: a connection's ships stay."""
        if self.ship_moved:
            return []  # rule seafarers-moving: one ship move a turn (the layer's answer)
        table, key = self._site_table(), ("movable", player, False, tuple(self.new_ships))
        found = table.get(key)
        if found is None:
            found = table[key] = tuple([e for e in super().movable_ships(player) if e not in self.connection_edges])
        return list(found)

    # -- checking ------------------------------------------------------------------------------
    def _check_edge_rules(self, player: int, edge: int, lifted: int = -1) -> None:
        """Rules ``trade-feud-connection-illegal``, ``trade-feud-branching`` for a piece of ``player``
        on ``edge``: raises :class:`IllegalAction` for a refused piece."""
        refused = self._edge_rules(player, edge, lifted)[1]
        if refused is not None:
            raise IllegalAction(*refused)

    def _edge_rules(self, player: int, edge: int, lifted: int = -1, met: bool = False) -> Any:
        """The intersection where a piece of ``player`` on ``edge`` forms a trade connection (-1: none)
        and the refusal, as ``(message, rule)``, of rule ``trade-feud-connection-illegal`` or
        ``trade-feud-branching`` (None: the piece may go; :meth:`_check_edge_rules` raises it,
        :meth:`_edge_ok` asks whether there is one), from what the piece meets at the two ends of the edge
        (``lifted``: an edge whose ship is being moved away), in one look at each. With ``met``
        (:meth:`_meet`), those findings as they are: a refusal ``(message, rule)`` of rule
        ``trade-feud-connection-illegal`` (or ``seafarers-pirate``), or ``(found, forks)``. ``found``: the
        trade connection the piece forms (rule ``trade-feud-connection``) as ``(v, q, their_path, returned)``
        (:meth:`_join_at` at the intersection ``v``), or ``None``; ``forks``: the ends without a building
        where both other edges hold pieces (rule ``trade-feud-branching``: there the piece would branch,
        unless its surplus pieces go back at a connection there), or ``None``. Both ends of the edge are
        asked: a refusal at either refuses the piece, also when it forms a connection at the other (rule
        ``trade-feud-connection-illegal``). A piece that meets another player's building or open route at
        both ends forms the connection at the end met first only (the text does not speak of two
        connections at once; an open question). One function, not two (a call less for each edge asked)."""
        node_owner, edge_owner, ship_owner, busy = self.node_owner, self.edge_owner, self.ship_owner, self._busy
        own = self._ship_at[player]
        found = forks = None
        for v, f, g in self._ends[edge]:
            other = node_owner[v]
            if other == player:
                continue  # an own building
            if other == -1:
                n = busy[v]
                if n == 0 or (n == 1 and own[v] == 1):
                    continue  # the usual cases: no building, and no piece at v or one own ship only (no fork)
            # the owners of the pieces on the two other edges at v (a road's, else a ship's: owner_at; -1:
            # none; g is -1 at the board's rim, where v has one other edge), the lifted ship's not counted
            o = edge_owner[f]
            if o == -1:
                o = ship_owner[f]
            if g == -1:
                r = -1
            else:
                r = edge_owner[g]
                if r == -1:
                    r = ship_owner[g]
            if lifted >= 0:
                if f == lifted:
                    o = -1
                elif g == lifted:
                    r = -1
            # theirs: the other players' pieces at v
            if o == -1:
                if r == -1:
                    if other == -1:
                        continue  # the usual case: no piece, no building
                    theirs = []
                else:
                    theirs = [] if r == player else [g]
            elif r == -1:
                theirs = [] if o == player else [f]
            else:  # both other edges hold pieces
                if other == -1:  # rule trade-feud-branching: a fork here
                    forks = (v,) if forks is None else (*forks, v)
                theirs = [] if o == player else [f]
                if r != player:
                    theirs.append(g)
            if other == -1 and not theirs:
                continue  # nothing of another player here
            join = self._join_at(v, other, theirs, lifted)
            if type(join[0]) is str:
                return join if met else (-1, join)  # a refusal (of the connection)
            if found is None:
                found = (v, *join)
        if met:  # _meet's findings
            return found, forks
        at = -1 if found is None else found[0]
        if forks is not None and (at == -1 or forks != (at,)):  # a fork, and not where the connection forms
            return at, _BRANCHING
        return _FREE if at == -1 else (at, None)

    def _check_BuildRoad(self, action: BuildRoad) -> None:
        if self.phase == "setup":
            raise IllegalAction("each setup settlement gets a ship", "trade-feud-setup")
        e = self._valid_edge(action.edge, "catan-road")
        p = self.current_player
        if self.edge_owner[e] == -1 and self.ship_owner[e] == -1 and SeafarersState.road_site(self, p, e):  # type: ignore[arg-type]
            self._check_edge_rules(p, e)  # type: ignore[arg-type]
        super()._check_BuildRoad(action)  # a road with no own piece nearby: rule catan-road

    def _check_BuildShip(self, action: BuildShip) -> None:
        e = self._valid_edge(action.edge, "seafarers-ship")
        p = self.current_player
        if self.edge_owner[e] == -1 and self.ship_owner[e] == -1:
            if self.phase != "setup":
                if _SEA_SHIP_SITES(self, p, (e,)):  # type: ignore[arg-type]  # the layer's rules hold: the refusal is ours
                    self._check_edge_rules(p, e)  # type: ignore[arg-type]
            elif not self._setup_ship_ok(e, p):  # type: ignore[arg-type]
                raise IllegalAction("a setup ship branches nowhere and joins no other route", "trade-feud-setup")
        super()._check_BuildShip(action)

    def _check_MoveShip(self, action: MoveShip) -> None:
        e = self._valid_edge(action.edge, "seafarers-moving")  # a malformed edge (16.0) is refused as such first
        if e in self.connection_edges:
            raise IllegalAction("ships of a trade connection no longer move", "trade-feud-connection-fixed")
        super()._check_MoveShip(action)

    def _check_BuildSettlement(self, action: BuildSettlement) -> None:
        v = self._valid_node(action.node, "catan-settlement")
        if self.phase == "setup" and not self.coastal(v):
            raise IllegalAction(f"setup settlements go on a coast; intersection {v} is not on one", "trade-feud-setup")
        if self.phase == "setup" and self.node_owner[v] == -1 and self.distance_ok(v) and not self.setup_site(v):
            raise IllegalAction(f"a setup settlement at {v} would have no place for its ship", "trade-feud-setup")
        if self.phase != "setup" and self.on_connection(v):
            raise IllegalAction(f"intersection {v} belongs to a trade connection", "trade-feud-connection-fixed")
        super()._check_BuildSettlement(action)

    # -- carrying out --------------------------------------------------------------------------
    def _do_BuildSettlement(self, action: BuildSettlement) -> None:
        player = self.current_player
        self.quiet_turns = -1  # rule trade-feud-standstill: progress (so are the other builds below)
        if self.phase == "setup":
            self._founding_changed((action.node,))
        else:
            self.board_changed()
        super()._do_BuildSettlement(action)
        self.tokens[player] += self.options.settlement_points  # type: ignore[index]  # rule trade-feud-tokens

    def _do_BuildCity(self, action: Any) -> None:
        self.quiet_turns = -1
        super()._do_BuildCity(action)  # the site lists hold: a city changes no intersection's owner
        opts = self.options
        self.tokens[self.turn] += opts.city_points - opts.settlement_points  # rule trade-feud-tokens: one more

    def _do_BuildRoad(self, action: BuildRoad) -> None:
        p = self.current_player
        self.quiet_turns = -1
        found = self.connection_at(p, action.edge) if self.phase != "setup" else None  # type: ignore[arg-type]
        # before the piece goes down: road building lists the free pieces left at once
        self._own_piece_changed(p, found, action.edge)  # type: ignore[arg-type]
        super()._do_BuildRoad(action)
        if found:
            self._connect(found)

    def _do_BuildShip(self, action: BuildShip) -> None:
        p = self.current_player
        self.quiet_turns = -1
        found = self.connection_at(p, action.edge) if self.phase != "setup" else None  # type: ignore[arg-type]
        self._own_piece_changed(p, found, action.edge)  # type: ignore[arg-type]
        super()._do_BuildShip(action)
        if found:
            self._connect(found)

    def _do_MoveShip(self, action: MoveShip) -> None:
        found = self.connection_at(self.turn, action.to, action.edge)
        self._own_piece_changed(self.turn, found, action.edge, action.to)
        super()._do_MoveShip(action)
        if found:
            self._connect(found)

    def _own_piece_changed(self, player: int, found: Any, *edges: int) -> None:
        """:meth:`board_changed` for a road or ship of ``player`` placed or lifted at ``edges`` (in
        the founding phase, or when it forms a trade connection: everything is forgotten)."""
        if self.phase == "setup":
            self._founding_changed(self._pair[edges[0]])
        elif found:
            self.board_changed()
        else:
            pair = self._pair
            self.board_changed(player, pair[edges[0]] | pair[edges[1]] if len(edges) > 1 else pair[edges[0]])

    def _connect(self, found: dict[str, Any]) -> None:
        """Rule ``trade-feud-connection``: the token moves, the pieces off the connection go back."""
        winner, loser = found["winner"], found["loser"]
        moved = self.tokens[loser] > 0
        if moved:
            self.tokens[loser] -= 1
            self.tokens[winner] += 1
        self.board_changed()
        for e in found["returned"]:
            self.edge_owner[e] = -1
            self.ship_owner[e] = -1
        if found["returned"]:
            self.new_ships = [e for e in self.new_ships if e not in found["returned"]]
            self._derive()
            self.award_longest_road()
        self.connection_edges = sorted(set(self.connection_edges) | set(found["edges"]))
        self.connections.append({**found, "token_moved": moved})
        self.quiet_turns = -1  # rule trade-feud-standstill: a connection is progress
        if self.phase == "road_building" and not self.free_edge_actions(self.turn):
            self.phase = self.resume  # the connection took the last free place

    #: Trade Feud's own mutable fields (see ``CatanState.MUTABLE``); a copy forgets the kept
    #: sites (``_sites``) and works them out again when first asked.
    MUTABLE = {**SeafarersState.MUTABLE, "tokens": "list", "connection_edges": "list", "best_reachable": "list",
               "best_points": "list", "connections": "append-only", "_sites": "dropped"}

    # -- copying and saving --------------------------------------------------------------------
    def _data_more(self, data: dict[str, Any]) -> None:
        super()._data_more(data)
        data.update(tokens=self.tokens, connection_edges=self.connection_edges, connections=self.connections,
                    best_reachable=self.best_reachable, quiet_turns=self.quiet_turns,
                    best_points=self.best_points)  # fmt: skip

    def _read_state(self, data: Any) -> dict[str, Any]:
        """The Seafarers layer's attributes, then the tokens, the trade connections and the end's
        records (:meth:`_read_connections`, :meth:`_read_end`)."""
        from ..validation import integers

        values = super()._read_state(data)
        tokens = integers(data["tokens"], "tokens", self.players, 0, 1000)
        built = sum(1 for k in values["node_kind"] if k) + values["node_kind"].count(2)
        if sum(tokens) != built:
            raise ValueError(f"the tokens ({sum(tokens)}) must be one per settlement and city upgrade ({built})")
        values.update(tokens=tokens, **self._read_connections(data, values), **self._read_end(data, values))
        return values

    def _read_connections(self, data: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
        """``connection_edges`` (distinct edges, smallest first, each holding a piece) and
        ``connections``, one record per trade connection as :meth:`_connect` keeps it (rule
        ``trade-feud-connection``): two players, the intersection where they met, the winner and the
        loser among them, their pieces, the connection's edges and the edges whose pieces went back."""
        from ..validation import flag, integer, integers, listing, record

        n, edges, nodes = self.players, len(values["edge_owner"]), len(values["node_owner"])
        conn = integers(data["connection_edges"], "connection_edges", None, 0, edges - 1)
        if conn != sorted(set(conn)):
            raise ValueError("connection_edges must be distinct edges, smallest first")
        for e in conn:
            if values["edge_owner"][e] == -1 and values["ship_owner"][e] == -1:
                raise ValueError(f"connection edge {e} holds no piece")
        connections = []
        for i, c in enumerate(listing(data["connections"], "connections")):
            where = f"connection {i}"
            record(c, where, ("closer", "other", "at", "winner", "loser", "pieces", "edges", "returned", "token_moved"))
            pair = {integer(c["closer"], f"{where}'s closer", 0, n - 1), integer(c["other"], f"{where}'s other", 0, n - 1)}
            if len(pair) != 2 or {c["winner"], c["loser"]} != pair:
                raise ValueError(f"{where}: the winner and the loser are its two players")
            integer(c["at"], f"{where}'s intersection", 0, nodes - 1)
            integers(c["pieces"], f"{where}'s pieces", 2, 0, edges)
            joined = integers(c["edges"], f"{where}'s edges", None, 0, edges - 1)
            returned = integers(c["returned"], f"{where}'s returned edges", None, 0, edges - 1)
            if not set(joined) <= set(conn) or set(joined) & set(returned):
                raise ValueError(f"{where}: its edges are connection edges, none of them sent back")
            flag(c["token_moved"], f"{where}'s token_moved")
            connections.append({k: list(v) if isinstance(v, list) else v for k, v in c.items()})
        return {"connection_edges": conn, "connections": connections}

    def _read_end(self, data: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
        """What the two ends by rule need: ``best_reachable`` (saved exactly when the game ended by
        rule ``trade-feud-stall``), ``quiet_turns`` and ``best_points`` (rule ``trade-feud-standstill``;
        a save from before they were kept counts from nought)."""
        from ..validation import integer, integers

        n = self.players
        best = data.get("best_reachable")
        if (best is not None) != (values["phase"] == STALLED):
            raise ValueError("best_reachable is saved exactly when the game ended by rule trade-feud-stall")
        if best is not None:
            best = integers(best, "best_reachable", n, 0, 1000)
            if max(best) >= self.options.victory_points_to_win:
                raise ValueError("a game ends by rule trade-feud-stall only when nobody can reach the target")
        quiet = integer(data.get("quiet_turns", 0), "quiet_turns", -1, 1000 * n)
        best_points = integers(data.get("best_points", [0] * n), "best_points", n, 0, 1000)
        if values["phase"] == STANDSTILL and not 0 < self.options.stall_rounds * n <= quiet:
            raise ValueError("a game ends by rule trade-feud-standstill only after stall_rounds rounds without progress")
        return {"best_reachable": best, "quiet_turns": quiet, "best_points": best_points}


def scenario(players: int = 3, seed: int = 0, settlements: Any = (), ships: Any = (), roads: Any = (),
             cities: Any = (), turn: int = 0, **options: Any) -> TradeFeudState:
    """A position for a figure, a widget or a test: a game after its founding phase with an empty map,
    empty hands and a full bank, but for the pieces given as ``(player, node)`` (``settlements``, each
    with its token; ``cities``, with two) and ``(player, edge)`` (``ships``, ``roads``), ``turn`` to
    act in the main phase. The position is checked as a save is, so an impossible one raises
    ``ValueError`` (a ship on land, a settlement beside another, ...).

    >>> state = scenario(settlements=[(0, 10), (2, 12)], ships=[(0, 16)])
    >>> state.tokens, state.phase, state.current_player
    ([1, 0, 1], 'main', 0)
    """
    state: TradeFeudState = TRADE_FEUD.new(players=players, seed=seed, **options)  # type: ignore[assignment]
    state.setup_index, state.phase, state.turn = len(state.setup_order), "main", turn
    for kind, pieces in ((1, settlements), (2, cities)):
        for player, node in pieces:
            state.node_owner[node], state.node_kind[node] = player, kind
            state.tokens[player] += state.options.settlement_points if kind == 1 else state.options.city_points
    for owners, pieces in ((state.ship_owner, ships), (state.edge_owner, roads)):
        for player, edge in pieces:
            owners[edge] = player
    state._derive()
    state.award_longest_road()
    state.best_points = [state.victory_points(p) for p in range(players)]  # rule trade-feud-standstill counts from here
    state._read_state(state.state_data())  # the save's checks: raises ValueError on an impossible position
    for v in range(len(state.node_owner)):
        if state.node_owner[v] >= 0 and not state.distance_ok(v):
            raise ValueError(f"the building at {v} breaks the distance rule")
    return state


def _a(setting: str, rule: str, title: str, why: str, default: str, printed: str = "") -> Assumption:
    return Assumption(setting, default, why, rule, title=title, printed=printed)


#: Every setting and reading Trade Feud's text leaves open, with its default and its rule (the chapter's "Assumption" notes).
ASSUMPTIONS: tuple[Assumption, ...] = catalogue(TradeFeudOptions, (
    _a("the map", "trade-feud-map", "the map",
       "the text says \"build the scenario as shown\", but the picture is missing",
       "our island map: three islands, ten land hexes, no desert, the pirate's hex marked",
       "the scenario's own map, which we do not know"),
    _a("the third round", "trade-feud-setup", "who places the third settlement first",
       "\"when the last player has placed their second settlement, they may place the third; the others follow "
       "clockwise\": in snake order the last to place a second settlement is the first player",
       "the third round in turn order, starting with the player who placed the last second settlement"),
    _a("setup ships", "trade-feud-setup", "ships in the founding phase",
       "the text does not say whether a setup ship may branch or touch another player's route",
       "a setup ship branches nowhere and joins no other player's route; trade connections form in play"),
    _a("robber_in_play", "trade-feud-setup", "the robber",
       "\"the robber stays out of the game\"", "no robber; a 7 or a knight moves the pirate (the setting cannot "
       "be switched on)"),
    _a("token supply", "trade-feud-tokens", "the supply of tokens",
       "the text names no limit", "unlimited: one token for each settlement and each city upgrade"),
    _a("branching", "trade-feud-branching", "whose pieces count",
       "\"of the three edges of an intersection without a building, only two may be occupied\" does not say "
       "whose pieces", "every player's pieces count; joining another route at its middle is allowed because "
       "its surplus pieces go back"),
    _a("who gives the token", "trade-feud-connection", "who gives the token",
       "\"from the player whose settlement or city was connected\": both players' buildings are joined",
       "the player who contributed fewer pieces (on a tie: the one who did not close it) gives the token to "
       "the other"),
    _a("a player with no token", "trade-feud-connection", "a player with no token",
       "the text does not say what happens when the giver has no token left", "nothing moves"),
    _a("a moved ship", "trade-feud-connection", "connections by moving a ship",
       "the text speaks of joining routes, not of how the last piece arrives",
       "a moved ship may close a connection like a built one, and the mover counts as closing it",
       "only built pieces forming connections"),
    _a("victory_points_to_win", "trade-feud-victory", "\"has 10 victory points\"",
       "\"über 10 Siegpunkte verfügt\": \"verfügen über\" means \"to have\", so the sentence says a player wins "
       "with 10 victory points; read with \"über\" as \"over\" it would say 11",
       "10 or more, as in the base game", "11 or more under the other reading: victory_points_to_win=11 plays it"),
    _a("end_when_nobody_can_win", "trade-feud-stall", "a game nobody can win",
       "the text has no end but the target, and on our small map building can run out while the tokens only "
       "change hands (seed 1919, and uniform random play, can reach such positions)",
       "at the end of each round (after the last player's turn) the engine looks for a proof that nobody can reach the target any more (no "
       "settlement and no trade connection can ever come again, and the city upgrades, victory point cards, "
       "Largest Army and Longest Trade Route still open to each player are not enough); with one, the game ends "
       "and every player tied for the most victory points wins. A position it cannot prove dead plays on "
       "(until rule trade-feud-standstill ends it). False: play goes on without this end",
       "the printed game has no such end: it is played until somebody has 10 points, on the scenario's own map, "
       "which may have more room"),
    _a("stall_rounds", "trade-feud-standstill", "a table where nothing happens",
       "the text has no end but the target, and a position can go round in circles (ships moved to and fro, "
       "cards traded) in which no player gets nearer to it, while nobody can prove that no one ever will",
       "the players stop when 50 rounds in a row (every player's turn, 50 times) pass in which nobody builds a "
       "road, ship, settlement or city, buys a development card or forms a trade connection and no player "
       "reaches more victory points than they have had before; every player tied for the most victory points "
       "wins. 0: play goes on",
       "the printed game has no such end: it is played until somebody has 10 points"),
    _a("pirate_guards_returns", "seafarers-pirate", "the pirate and returned pieces",
       "\"no ship may be removed from the pirate's edges\", but a trade connection in the middle of a route "
       "sends pieces back to their owner",
       "a connection that would send back a ship on an edge of the pirate's hex is refused (rule "
       "seafarers-pirate); False: the ship goes back all the same"),
    _a("second_settlement_income", "trade-feud-setup", "cards for the second settlement",
       "the text gives cards for the third settlement only, and says the first two follow the base game, "
       "where the second gives cards", "only the third settlement gives cards; True: the second one too"),
    _a("third_settlement_two_hexes", "trade-feud-setup", "the third settlement's cards",
       "\"the resources of the two terrain hexes next to their third settlement\", but most coastal sites of our "
       "map touch one land hex (31 of 44)",
       "the third settlement goes on any coastal site and gives one card per land hex beside it; True: it "
       "must touch two land hexes and gives their two cards, while such a site is left (else any coastal site)"),
    _a("inner intersections", "trade-feud-setup", "inner intersections",
       "\"no settlement may be founded on an intersection inside an island\" stands in the founding phase",
       "the ban holds in the founding phase only; later settlements follow the base game"),
    _a("open routes", "trade-feud-routes", "what an open route is",
       "the text defines an open route as one at whose end another piece can be built",
       "every route that is not closed (not between two of the player's buildings) counts as open"),
    _a("frame edges", "trade-feud-map", "ships along the frame",
       "our map has a ring of sea; the text does not say whether ships may lie on the edges along the frame",
       "ships may use the edges along the frame of the map, as sea edges (in Seafarers the frame is sea)"),
    _a("joining a connected building", "trade-feud-connection", "a building that already ends a connection",
       "the text forbids joining a trade connection, but a settlement or city at its end is not said to be part "
       "of it", "a route may still join such a settlement or city and forms a new connection"),
    _a("victory point cards", "trade-feud-victory", "hidden victory point cards",
       "a victory point card is revealed only when it wins", "the engine counts the cards as soon as they are "
       "drawn (they win only on the holder's turn, as in the base game); what a player sees (the engine's "
       "observation, which computer players play on) hides them, as every development card in another "
       "player's hand, and shows only the points everyone can see"),
    _a("open tokens and hands", "trade-feud-tokens", "what lies open",
       "\"victory point tokens lie open in front of the players\"",
       "tokens, ships, roads, buildings and trade connections are seen by everyone, and resource cards are open "
       "as in the base game; only development cards in hand are hidden"),
))


#: Trade Feud as a :class:`gamekit.Game`, registered as ``trade-feud``.
TRADE_FEUD = register(
    Game(
        "trade-feud",
        "Trade Feud (Handelsfehde), a Seafarers scenario",
        TradeFeudState,
        TradeFeudOptions,
        min_players=3,
        max_players=4,
        description="Seafarers Catan on islands: victory point tokens change hands when shipping routes and "
        "roads form trade connections.",
        bots="gamekit.catan.bots",
        action_space="gamekit.catan.actions:action_space",
        play_view="gamekit.web.play_tables:CATAN_VIEW",
        play_page="trade-feud",
    )
)
