"""Trade Feud (Handelsfehde), a Seafarers scenario, as a gamekit game (``trade-feud``).

>>> import gamekit
>>> state = gamekit.game("trade-feud").new(players=3, seed=1)
>>> state.tokens
[0, 0, 0]

Played by the base game's and the Seafarers layer's rules (:mod:`gamekit.catan.seafarers`), with the
scenario's exceptions (seed 003; labels as in the book):

* ``trade-feud-map``: the scenario's map is missing; we play our island map (:mod:`gamekit.catan.maps`).
* ``trade-feud-setup`` (:meth:`TradeFeudState.setup_site`, :meth:`TradeFeudState.setup_ship_apart`,
  :meth:`TradeFeudState.coastal`): each player founds three settlements on coasts (never on an
  intersection inside an island), each with a ship; the first two in the base game's order, then the third
  in turn order starting with the player who placed the last second settlement. The third settlement gives
  one card for each land hex next to it. The robber is out of play; the pirate starts on its marked hex.
* ``trade-feud-tokens`` (``tokens``): a victory point token for each settlement founded or built and one
  more for each upgrade to a city; buildings on the map score nothing; tokens change owner.
* ``trade-feud-routes`` (:meth:`TradeFeudState.route_from`): ships between two of a player's settlements
  or cities form a closed shipping route, roads a closed road route; a route that can still be extended is
  open.
* ``trade-feud-branching`` (:meth:`TradeFeudState.branching_refusal`): of the three edges at an
  intersection without a building, at most two may hold ships or roads (of anyone): routes branch only at
  settlements and cities.
* ``trade-feud-connection`` (:meth:`TradeFeudState.connection_at`): when a player's open route reaches
  another player's open route (at any of its intersections) or settlement or city, a trade connection
  forms between the two players' buildings. The player who contributed more pieces to it (tie: the one who
  closed it) takes a token from the other. Pieces of the other route that are not part of the connection
  go back to their owner. ``trade-feud-connection-illegal`` (:meth:`TradeFeudState.connection_refusal`):
  an open route may not be joined to a trade connection or a closed route. ``trade-feud-connection-fixed``
  (:meth:`TradeFeudState.in_connection`, :meth:`TradeFeudState.on_connection`): ships of a connection no
  longer move; no settlement on its intersections.
* ``trade-feud-victory`` (:meth:`TradeFeudState.victory_points`): points are tokens + Largest Army +
  Longest Trade Route (2 each) + victory point cards; a player with 10 on their own turn wins.
* ``trade-feud-stall`` (:meth:`TradeFeudState.nobody_can_win`), ``trade-feud-standstill``
  (:meth:`TradeFeudState.standstill`): our two ends of a game that nobody can win any more, or that goes
  round in circles (settings ``end_when_nobody_can_win``, ``stall_rounds``; the text has no end but the
  target).

What each player sees is the base game's observation: the tokens lie open (the text says so), as do
ships, routes and trade connections; only development cards in hand are hidden, victory point cards
among them, so the observation's ``points`` leave the other players' victory point cards out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from .. import register
from ..core import Game, IllegalAction, kept
from ..notes import Assumption, catalogue
from ..settings import printed
from .actions import (
    BuildRoad,
    BuildSettlement,
    BuildShip,
    EndTurn,
    MoveShip,
)
from .base import BASE_SETUP_SITE, SETTLE_AT, TURN_PHASES
from .roads import built_or_beside
from .rules import VICTORY_POINT
from .seafarers import RULES as SEAFARERS_RULES
from .seafarers import SeafarersOptions, SeafarersState, move_ship_action
from .trade_feud_stall import best_reachable, least_bound_reaches

__all__ = ["TradeFeudOptions", "TradeFeudState", "TRADE_FEUD", "RULES", "ASSUMPTIONS", "STALLED", "STANDSTILL", "scenario",
           "ROUTES", "Meeting", "NOTHING", "branching"]

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
#: The part of the position that Trade Feud's site lists are kept for (see :func:`gamekit.core.kept`):
#: the roads, ships and buildings on the map, the pirate's hex and the trade connections. The state
#: moves it on from the code that changes them (a piece placed, moved or sent back, the pirate moved, a
#: trade connection formed); every restore or change by hand moves it on as well.
ROUTES = "routes"
#: Rule ``trade-feud-branching``'s refusal (message, rule).
_BRANCHING = ("routes branch only at settlements and cities: an intersection without a building has at most two "
              "edges with pieces", "trade-feud-branching")


class Meeting(NamedTuple):
    """What a road or ship of a player on an edge meets at the edge's two ends (see
    :meth:`TradeFeudState.meeting`): the facts rules ``trade-feud-connection``,
    ``trade-feud-connection-illegal`` and ``trade-feud-branching`` each decide from."""

    #: Rule ``trade-feud-connection-illegal`` (or ``seafarers-pirate``, a returned ship beside the pirate):
    #: the refusal of joining another player's route there, or None.
    refusal: IllegalAction | None
    #: Rule ``trade-feud-connection``: the connection the piece forms, as ``(v, q, their_path, returned)``
    #: (the intersection, the other player, the pieces of their route in it, those that go back), or None.
    connection: tuple[int, int, list[int], list[int]] | None
    #: Rule ``trade-feud-branching``: the ends without a building where both other edges hold pieces, or None.
    forks: tuple[int, ...] | None


#: What a piece meets where there is nothing of another player and no fork (the usual case).
NOTHING = Meeting(None, None, None)


def branching(met: Meeting) -> IllegalAction | None:
    """Rule ``trade-feud-branching``, from what a piece meets (:meth:`TradeFeudState.meeting`): the
    refusal of a piece that would be the third at an intersection without a building, unless it is
    there that the piece forms its trade connection (whose surplus pieces go back); None: it branches
    nowhere. :meth:`TradeFeudState.branching_refusal` asks it of a piece."""
    forks = met.forks
    if forks is None:
        return None
    found = met.connection
    if found is not None and forks == (found[0],):
        return None
    return IllegalAction(*_BRANCHING)



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

    The sites it lists are kept for the pieces on the map (``@kept(on=ROUTES)``, see :data:`ROUTES`): code
    that puts pieces on the map by hand calls :meth:`placed_by_hand` afterwards, as :func:`scenario` does."""

    options: TradeFeudOptions
    #: The founding phase's rule (rule ``trade-feud-setup``), named to the play pages' guide.
    SETUP_RULE = "trade-feud-setup"
    #: True while a settlement becomes a city (see :meth:`_pieces_changed`).
    _upgrading = False
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

    def _placing(self) -> int:
        """The player placing in the founding phase (``current_player``, read directly there)."""
        return self.setup_order[self.setup_index] if self.phase == "setup" else self.current_player  # type: ignore[return-value]

    def _setup_sites(self) -> list[Any]:
        """A ``BuildSettlement`` at every intersection where :meth:`setup_site` holds (the coastal
        ones, :meth:`_founding_sites`, then the third settlement's rule)."""
        return list(map(SETTLE_AT.__getitem__, self._third_settlement_sites(list(self._founding_sites(self._placing())))))

    def _setup_sites_among(self, nodes: Any) -> list[int]:
        """The rule of :meth:`setup_site` asked of each of ``nodes``, in their order."""
        return self._third_settlement_sites(self._coastal_setup_sites(nodes, self._placing()))

    def _third_settlement_sites(self, found: list[int]) -> list[int]:
        """Of the coastal setup sites ``found``, those the third settlement may take (with
        ``third_settlement_two_hexes``: the ones between two land hexes, while such a site is left)."""
        if found and self.options.third_settlement_two_hexes and self.setup_index >= self._last_founding_round():
            land = self.land_hexes_at
            if any(land(v) < 2 for v in found) and self._two_hex_site_left():
                found = [v for v in found if land(v) >= 2]
        return found

    @kept(on=ROUTES)
    def _founding_sites(self, player: int) -> tuple[int, ...]:
        """:meth:`_coastal_setup_sites` of every coastal intersection for ``player`` (kept for the pieces
        on the map: see :data:`ROUTES`)."""
        return tuple(self._coastal_setup_sites(self._coast_nodes, player))

    def _coastal_setup_sites(self, nodes: Any, player: int) -> list[int]:
        """The intersections among ``nodes`` on a coast where the layer's setup site holds and a setup
        ship of ``player`` has a place (a free sea edge off the pirate's hex where
        :meth:`setup_ship_apart` holds). The layer's setup site is the base game's (rule
        ``catan-distance-rule``, on land: a coast is), asked of all of ``nodes`` at once from the
        buildings (:func:`~gamekit.catan.roads.built_or_beside`, as the base game's list does)."""
        coast, taken = self._coast, built_or_beside(self.topo, self.buildings)
        edge_owner, ship_owner, pirate, sea_at = self.edge_owner, self.ship_owner, self.pirate_edges(), self._sea_at
        apart = self.setup_ship_apart
        out = []
        for node in nodes:
            if coast[node] and node not in taken:
                for e in sea_at[node]:
                    if edge_owner[e] == -1 and ship_owner[e] == -1 and e not in pirate and apart(e, player):
                        out.append(node)  # a place for the ship
                        break
        return out

    def _two_hex_site_left(self) -> bool:
        """Whether a site between two land hexes is still open for the third settlement (among the
        coastal setup sites, :meth:`_founding_sites`)."""
        land = self.land_hexes_at
        return any(land(v) >= 2 for v in self._founding_sites(self._placing()))

    def _setup_edge_actions(self, node: int) -> list[Any]:
        """Rule ``trade-feud-setup``: a ship next to the settlement, branching nowhere and joining no
        other player's route (:meth:`setup_ship_apart`)."""
        player = self._placing()
        return [a for a in super()._setup_edge_actions(node)
                if isinstance(a, BuildShip) and self.setup_ship_apart(a.edge, player)]

    def setup_ship_apart(self, edge: int, player: int | None = None) -> bool:
        """Rule ``trade-feud-setup``: a setup ship of ``player`` (default: the player placing) on ``edge``
        branches nowhere (rule ``trade-feud-branching``) and meets no other player's building or route
        (trade connections form in play only): it meets :data:`NOTHING` (:meth:`meeting`). The list of
        setup ships and the check of a setup ``BuildShip`` both ask it."""
        return self.meeting(self._placing() if player is None else player, edge) == NOTHING


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

    def hand_over(self, player: int, cards: Any) -> None:
        """Move ``cards`` (five counts, or a cost of :attr:`COSTS`) from the bank to ``player``'s hand
        (a figure's or widget's position; the bank must have them)."""
        if any(c > b for c, b in zip(cards, self.bank)):
            raise ValueError("the bank does not have those cards")
        for r, c in enumerate(cards):
            self.bank[r] -= c
            self.hands[player][r] += c
        self.changed()  # a change by hand: nothing kept for the position before holds

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

    def nobody_can_win(self) -> list[int] | None:
        """Rule ``trade-feud-stall``: the most victory points each player can still reach, when the
        engine proves it below the target for every player (then the game ends at the end of the round);
        None when it finds no such proof. No proof while a settlement can still be built (a building site
        now) or a trade connection made; a player whose
        :func:`~gamekit.catan.trade_feud_stall.least_bound` (a number that bound never goes below: tokens,
        cities, victory point cards, Largest Army) reaches the target rules it out at once; otherwise the
        bound is :func:`~gamekit.catan.trade_feud_stall.best_reachable`."""
        target = self.options.victory_points_to_win
        if least_bound_reaches(self, target):
            return None  # no bound best_reachable could give is below the target
        if any(self.building_sites(p) for p in range(self.players)):
            return None
        best = best_reachable(self)
        return best if best is not None and max(best) < target else None

    def _check_stall(self) -> None:
        """Rule ``trade-feud-stall``, at the end of each round (the last player's turn): the game ends
        when :meth:`nobody_can_win` gives a proof."""
        best = self.nobody_can_win()
        if best is not None:
            self.best_reachable = best
            self.phase = STALLED

    # The per-action bookkeeping of Trade Feud's own rules lives in the steps of the actions it concerns
    # (no override of _perform, which every action runs): a piece built or a card bought is progress (rule
    # trade-feud-standstill: the builds below, _do_BuyDevelopmentCard), and the end of a turn asks rules
    # trade-feud-stall and trade-feud-standstill (_do_EndTurn).
    def _do_BuyDevelopmentCard(self, action: Any) -> None:
        super()._do_BuyDevelopmentCard(action)
        self.quiet_turns = -1  # rule trade-feud-standstill: progress

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
        ends and the leaders win."""
        best, rose = self.best_points, False
        for p in range(self.players):
            points = self.victory_points(p)
            if points > best[p]:
                best[p], rose = points, True
        self.quiet_turns = 0 if rose or self.quiet_turns < 0 else self.quiet_turns + 1
        if self.standstill():
            self.phase = STANDSTILL

    def standstill(self) -> bool:
        """Rule ``trade-feud-standstill`` (setting ``stall_rounds``, 0: never): ``stall_rounds`` rounds of
        turns in a row have ended without progress (``quiet_turns``, counted by :meth:`_check_standstill`)."""
        rounds = self.options.stall_rounds
        return bool(rounds) and self.quiet_turns >= rounds * self.players

    # -- what the pieces on the map settle, kept for them (ROUTES) ------------------------------
    def _pieces_changed(self, roads_only: bool = False) -> None:
        """The base game's parts (``"pieces"``, ``"buildings"``), and :data:`ROUTES` with them: a road or
        settlement placed, or the pieces listed afresh (:meth:`_derive`). A city (``_upgrading``) leaves
        :data:`ROUTES` as it was: it changes no intersection's owner, which is all that the values kept
        for it read of a building (the test of the kept values holds them against fresh ones after every
        action, cities included)."""
        if roads_only:
            self.touch("pieces", ROUTES)
        elif self._upgrading:
            self.touch("pieces", "buildings")
        else:
            self.touch("pieces", "buildings", ROUTES)

    def placed_by_hand(self) -> TradeFeudState:
        """Say that pieces were put on or taken off the map by hand (``node_owner``, ``node_kind``,
        ``edge_owner``, ``ship_owner`` written directly, as a figure, a widget or a lesson sets up a
        position): the lists the engine reads from the pieces (each player's roads, ships and buildings,
        the pieces at each intersection, the route lengths) are made again from them, and nothing kept for
        the position before holds (:meth:`~gamekit.core.State.changed`). :func:`scenario` calls it; so
        does any code that places pieces by hand. Returns the state."""
        self._derive()
        self.changed()
        return self

    @kept(on=ROUTES)
    def route_owner(self) -> tuple[int, ...]:  # type: ignore[override]
        """The owner of the road or ship on each edge (-1: none), as a tuple (kept for the pieces)."""
        return tuple(super().route_owner())

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
        owner_at = self.route_owner()
        here = topo.edge_other[edge][node]
        while True:
            if node_owner[here] == owner:
                return path, "building"
            if node_owner[here] != -1:
                return path, "open"
            nxt = [f for f in topo.node_edges[here] if f not in path and f not in skip and owner_at[f] == owner]
            if not nxt:
                return path, "open"
            path.append(nxt[0])
            here = topo.edge_other[nxt[0]][here]

    def meeting(self, player: int, edge: int, lifted: int = -1) -> Meeting:
        """What a road or ship of ``player`` on ``edge`` meets at the two ends of the edge (``lifted``: an
        edge whose ship is being moved away, not counted): a :class:`Meeting`, :data:`NOTHING` where it
        meets neither another player's building or piece nor a fork. Both ends are looked at: at an end
        without an own building, another player's building there, or another player's pieces on the other
        edges there (:meth:`joining`), and whether both other edges hold pieces (a fork). A piece that
        meets another player's building or open route at both ends forms the connection at the end met
        first only (the text does not speak of two connections at once; an open question). Rules
        :meth:`connection_refusal`, :meth:`branching_refusal` and :meth:`connection_at` each read it."""
        node_owner, busy, own = self.node_owner, self._busy, self._ship_at[player]
        refusal = found = forks = owners = None
        for v, f, g in self._ends[edge]:
            other = node_owner[v]
            if other == player:
                continue  # an own building
            if other == -1:
                n = busy[v]
                if n == 0 or (n == 1 and own[v] == 1):
                    continue  # the usual cases: no building, and no piece at v or one own ship only (no fork)
            # the owners of the pieces on the two other edges at v (-1: none; g is -1 at the board's rim,
            # where v has one other edge), the lifted ship's not counted
            if owners is None:
                owners = self.route_owner()
            o = -1 if f == lifted else owners[f]
            r = -1 if g == -1 or g == lifted else owners[g]
            # theirs: the other players' pieces at v
            if o == -1:
                if r == -1:
                    if other == -1:
                        continue  # no piece, no building
                    theirs = []
                else:
                    theirs = [] if r == player else [g]
            elif r == -1:
                theirs = [] if o == player else [f]
            else:  # both other edges hold pieces
                if other == -1:  # a fork here
                    forks = (v,) if forks is None else (*forks, v)
                theirs = [] if o == player else [f]
                if r != player:
                    theirs.append(g)
            if other == -1 and not theirs:
                continue  # nothing of another player here
            join = self.joining(v, other, theirs, lifted)
            if isinstance(join, IllegalAction):
                refusal = refusal or join
            elif found is None:
                found = (v, *join)
        if refusal is None and found is None and forks is None:
            return NOTHING
        return Meeting(refusal, found, forks)  # type: ignore[arg-type]

    def joining(self, v: int, other: int, theirs: list[int], lifted: int = -1) -> Any:
        """What a piece meets of another player at intersection ``v`` (rules ``trade-feud-connection``,
        ``trade-feud-connection-illegal``): ``other``, the owner of the building there (-1: none), and
        ``theirs``, the other players' pieces there (but the lifted ship's). The refusal (an
        :class:`~gamekit.IllegalAction`: an open route joined to a trade connection or to a closed route,
        or, with ``pirate_guards_returns``, a connection that would send back a ship beside the pirate),
        or ``(q, their_path, returned)``: the other player, the pieces of their route in the connection
        and those that go back."""
        if other != -1:
            return other, [], []
        q = self.piece_owner(theirs[0])
        if any(f in self.connection_edges for f in theirs):
            return IllegalAction("an open route may not be joined to a trade connection", "trade-feud-connection-illegal")
        skip = frozenset((lifted,)) if lifted >= 0 else frozenset()
        walks = [self.route_from(q, v, f, skip) for f in theirs]
        rooted = [w for w in walks if w[1] == "building"]
        if len(rooted) != 1:
            return IllegalAction(f"Player {q + 1}'s route at {v} is closed: it cannot be joined", "trade-feud-connection-illegal")
        returned = [e for w in walks if w[1] != "building" for e in w[0]]
        if self.options.pirate_guards_returns:
            pirate, ship_owner = self.pirate_edges(), self.ship_owner
            guarded = [e for e in returned if e in pirate and ship_owner[e] >= 0]
            if guarded:
                return IllegalAction(f"the connection would send back the ship on edge {guarded[0]}, beside the "
                                     "pirate, and no ship leaves the pirate's edges", "seafarers-pirate")
        return q, rooted[0][0], returned

    def connection_refusal(self, player: int, edge: int, lifted: int = -1) -> IllegalAction | None:
        """Rule ``trade-feud-connection-illegal``: the refusal of a road or ship of ``player`` on ``edge``
        that would join an open route to a trade connection or to a closed route (with the setting
        ``pirate_guards_returns``, rule ``seafarers-pirate``: one that would send back a ship beside the
        pirate), at either end of the edge; None when it joins nothing it may not."""
        return self.meeting(player, edge, lifted).refusal

    def branching_refusal(self, player: int, edge: int, lifted: int = -1) -> IllegalAction | None:
        """Rule ``trade-feud-branching``: the refusal of a road or ship of ``player`` on ``edge`` that
        would be the third piece at an intersection without a building (of anyone's); None when it branches
        nowhere, or only where it forms a trade connection (rule ``trade-feud-connection``: the surplus
        pieces there go back)."""
        return branching(self.meeting(player, edge, lifted))

    def edge_refusal(self, player: int, edge: int, lifted: int = -1) -> IllegalAction | None:
        """Trade Feud's own rules for a road or ship of ``player`` on ``edge`` (``lifted``: the edge of a
        ship being moved there): :meth:`connection_refusal`, then :meth:`branching_refusal`. None: they
        let it go. The one test that the lists of roads, ships and ship moves and the checks of
        ``BuildRoad``, ``BuildShip`` and ``MoveShip`` ask after the Seafarers layer's rules."""
        met = self.meeting(player, edge, lifted)
        if met is NOTHING:
            return None  # the usual case
        return met.refusal or branching(met)  # connection_refusal's, then branching_refusal's, from one look

    def connection_at(self, player: int, edge: int, lifted: int = -1) -> dict[str, Any] | None:
        """The trade connection a piece of ``player`` on ``edge`` would form (rule
        ``trade-feud-connection``), or ``None``; raises :class:`IllegalAction` for a connection the
        rules forbid (rule ``trade-feud-connection-illegal``). The player who contributed more pieces
        wins it (a tie: the player who closed it, ``player``)."""
        met = self.meeting(player, edge, lifted)
        if met.refusal is not None:
            raise met.refusal
        if met.connection is None:
            return None
        v, q, their_path, returned = met.connection
        mine, end = self.route_from(player, v, edge, frozenset((lifted,)) if lifted >= 0 else frozenset())
        if end != "building":
            mine = [edge]
        winner = player if len(mine) >= len(their_path) else q
        loser = q if winner == player else player
        return {"closer": player, "other": q, "at": v, "winner": winner, "loser": loser,
                "pieces": [len(mine), len(their_path)], "edges": sorted(mine + their_path),
                "returned": sorted(returned)}  # fmt: skip

    def in_connection(self, edge: int) -> bool:
        """Rule ``trade-feud-connection-fixed``: ``edge`` belongs to a trade connection (its ship no
        longer moves)."""
        return edge in self.connection_edges

    def on_connection(self, node: int) -> bool:
        """Rule ``trade-feud-connection-fixed``: an edge of a trade connection ends at ``node`` (no
        settlement there)."""
        return any(e in self.connection_edges for e in self.topo.node_edges[node])

    # -- the sites, each list made by its rule's one predicate, kept for the pieces -------------
    def road_site(self, player: int, edge: int) -> bool:
        """Rules ``catan-road``, ``seafarers-sea`` (the layer's), then :meth:`edge_refusal`."""
        return SeafarersState.road_site(self, player, edge) and self.edge_refusal(player, edge) is None

    def road_sites(self, player: int) -> list[int]:
        """Every edge where :meth:`road_site` holds (:meth:`road_site_tuple`)."""
        return list(self.road_site_tuple(player))

    @kept(on=ROUTES)
    def road_site_tuple(self, player: int) -> tuple[int, ...]:
        """Every edge where :meth:`road_site` holds, as a tuple (kept for the pieces: :data:`ROUTES`): the
        layer's road sites where :meth:`edge_refusal` lets a road go."""
        return tuple([e for e in SeafarersState.road_sites(self, player) if self.edge_refusal(player, e) is None])

    def ship_sites_among(self, player: int, edges: Any, ship_owner: list[int] | None = None,
                         lifted: int = -1) -> list[int]:
        """Rules ``seafarers-ship``, ``seafarers-pirate`` (the layer's), then :meth:`edge_refusal`
        (rules ``trade-feud-connection-illegal``, ``trade-feud-branching``), asked of each of ``edges``."""
        out = _SEA_SHIP_SITES(self, player, edges, ship_owner, lifted)
        if out:
            refusal = self.edge_refusal
            out = [e for e in out if refusal(player, e, lifted) is None]
        return out

    def ship_sites(self, player: int, ship_owner: list[int] | None = None, lifted: int = -1) -> list[int]:
        """Every edge where :meth:`ship_site` holds (:meth:`ship_site_tuple`; with ``ship_owner`` or
        ``lifted``, the layer's search, asked afresh)."""
        if ship_owner is not None or lifted >= 0:
            return super().ship_sites(player, ship_owner, lifted)
        return list(self.ship_site_tuple(player))

    @kept(on=ROUTES)
    def ship_site_tuple(self, player: int) -> tuple[int, ...]:
        """:meth:`ship_sites` of the pieces on the map now, as a tuple (kept for them, :data:`ROUTES`): the
        edges where :meth:`ship_site` holds, asked at the free sea edges off the pirate's hex (the
        predicate's first test) at the player's route ends only: their settlements and cities, and the
        intersections where one of their ships is the only one (the Seafarers layer asks at every end of
        every ship). A site is connected at an end with an own building or an own ship (rule
        ``seafarers-ship``); where two own ships meet without a building, a third piece branches (rule
        ``trade-feud-branching``: no trade connection forms there, as no other player's piece or building
        is there), so the predicate refuses every edge whose only connected end is such an intersection."""
        sea_at = self._sea_at
        ends = set(self._lone_ship[player])  # the intersections where one of the player's ships ends
        ends.update(self.buildings[player])
        ship_owner, edge_owner, pirate = self.ship_owner, self.edge_owner, self.pirate_edges()
        candidates = {f for v in ends for f in sea_at[v]
                      if ship_owner[f] == -1 and edge_owner[f] == -1 and f not in pirate}
        found = self.ship_sites_among(player, candidates)
        found.sort()
        return tuple(found)

    @kept(on=ROUTES)
    def ship_actions(self, player: int) -> tuple[Any, ...]:  # type: ignore[override]
        """A ``BuildShip`` for each of :meth:`ship_sites`, as a tuple (kept for the pieces)."""
        return tuple(SeafarersState.ship_actions(self, player))

    def move_actions(self, player: int) -> tuple[Any, ...]:  # type: ignore[override]
        """Rule ``seafarers-moving``: a ``MoveShip`` for each of :meth:`movable_ships` to each of its
        :meth:`move_targets` (each ship's kept with its targets)."""
        if self.ship_moved:
            return ()
        moves = self.route_end_moves(player)
        new = self.new_ships
        return tuple([a for a in moves if a.edge not in new]) if new and moves else moves

    @kept(on=ROUTES)
    def route_end_moves(self, player: int) -> tuple[Any, ...]:
        """A ``MoveShip`` of each of :meth:`route_end_ships` to each of its :meth:`move_targets`, as a
        tuple (kept for the pieces; :meth:`move_actions` leaves out the ships built this turn)."""
        return tuple([move_ship_action(e, f) for e in self.route_end_ships(player) for f in self.move_target_tuple(player, e)])

    def move_targets(self, player: int, edge: int) -> list[int]:
        """Rule ``seafarers-moving``: the edges where :meth:`ship_site` holds with the ship on ``edge``
        lifted (the Seafarers layer's definition; :meth:`move_target_tuple`)."""
        return list(self.move_target_tuple(player, edge))

    @kept(on=ROUTES)
    def move_target_tuple(self, player: int, edge: int) -> tuple[int, ...]:
        """:meth:`move_targets`, as a tuple (kept for the pieces), found from :meth:`ship_site_tuple`: the
        predicate reads the pieces at the two ends of the edge it is asked about, and the lifted ship
        counts in its answer only where it lies at such an end (at an edge sharing an end with ``edge``:
        the connection to own ships, rule ``trade-feud-branching``, and which pieces meet there). At any
        other edge the lifted ship can change no more than the length of the player's own route in a
        trade connection (``connection_at``'s count, which decides who wins the token, never whether
        the piece may go), so its answer is the one :meth:`ship_sites` already has; the predicate is
        asked afresh at the edges sharing an end with ``edge`` only. The test of the kept values
        compares this with the definition."""
        ship_owner, edge_owner, pirate = self.ship_owner, self.edge_owner, self.pirate_edges()
        near = self._near_sea[edge]  # the sea edges sharing an end with edge (the sites are sea edges)
        out = [f for f in self.ship_site_tuple(player) if f not in near and f != edge]
        free = [f for f in near if ship_owner[f] == -1 and edge_owner[f] == -1 and f not in pirate]
        if free:  # asked with the ship lifted (free in the state, none of them is the ship's own edge)
            out.extend(self.ship_sites_among(player, free, None, edge))
            out.sort()
        return tuple(out)

    def building_site(self, player: int, node: int) -> bool:
        """Rules ``catan-settlement``, ``seafarers-ship`` (the layer's), then
        ``trade-feud-connection-fixed``: no settlement on a trade connection's intersection."""
        return super().building_site(player, node) and not self.on_connection(node)

    def building_sites(self, player: int) -> list[int]:
        """Every intersection where :meth:`building_site` holds (:meth:`building_site_tuple`)."""
        return list(self.building_site_tuple(player))

    @kept(on=ROUTES)
    def building_site_tuple(self, player: int) -> tuple[int, ...]:
        """Every intersection where :meth:`building_site` holds, as a tuple (kept for the pieces)."""
        return tuple([v for v in SeafarersState.building_sites(self, player) if not self.on_connection(v)])

    def movable_ships(self, player: int) -> list[int]:
        """Rules ``seafarers-moving`` (one ship move a turn, not a ship built this turn) and
        ``trade-feud-connection-fixed``: the player's ships that end a shipping route
        (:meth:`route_end_ships`), but those built this turn."""
        if self.ship_moved:
            return []
        ships = self.route_end_ships(player)
        new = self.new_ships
        return [e for e in ships if e not in new] if new else list(ships)

    @kept(on=ROUTES)
    def route_end_ships(self, player: int) -> tuple[int, ...]:
        """Rules ``seafarers-moving``, ``trade-feud-connection-fixed``: the player's ships that end a
        shipping route (an end with neither an own building nor another own ship), not beside the
        pirate and in no trade connection (:meth:`in_connection`), kept for the pieces."""
        node_owner, pirate, fixed = self.node_owner, self.pirate_edges(), self.in_connection
        return tuple(sorted({e for v, e in self._lone_ship[player].items()
                             if node_owner[v] != player and e not in pirate and not fixed(e)}))

    # -- checking ------------------------------------------------------------------------------
    def _check_edge(self, player: int, edge: int, lifted: int = -1) -> None:
        """Raise :meth:`edge_refusal`'s refusal, if any."""
        refused = self.edge_refusal(player, edge, lifted)
        if refused is not None:
            raise refused

    def _check_BuildRoad(self, action: BuildRoad) -> None:
        if self.phase == "setup":
            raise IllegalAction("each setup settlement gets a ship", "trade-feud-setup")
        e = self._valid_edge(action.edge, "catan-road")
        p = self.current_player
        if self.edge_owner[e] == -1 and self.ship_owner[e] == -1 and SeafarersState.road_site(self, p, e):  # type: ignore[arg-type]
            self._check_edge(p, e)  # type: ignore[arg-type]
        super()._check_BuildRoad(action)  # a road with no own piece nearby: rule catan-road

    def _check_BuildShip(self, action: BuildShip) -> None:
        e = self._valid_edge(action.edge, "seafarers-ship")
        p = self.current_player
        if self.edge_owner[e] == -1 and self.ship_owner[e] == -1:
            if self.phase != "setup":
                if _SEA_SHIP_SITES(self, p, (e,)):  # type: ignore[arg-type]  # the layer's rules hold: the refusal is ours
                    self._check_edge(p, e)  # type: ignore[arg-type]
            elif not self.setup_ship_apart(e, p):
                raise IllegalAction("a setup ship branches nowhere and joins no other route", "trade-feud-setup")
        super()._check_BuildShip(action)

    def _check_MoveShip(self, action: MoveShip) -> None:
        e = self._valid_edge(action.edge, "seafarers-moving")  # a malformed edge (16.0) is refused as such first
        if self.in_connection(e):
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
        super()._do_BuildSettlement(action)  # (the base game's step moves the pieces on: _pieces_changed)
        self.tokens[player] += self.options.settlement_points  # type: ignore[index]  # rule trade-feud-tokens

    def _do_BuildCity(self, action: Any) -> None:
        self.quiet_turns = -1
        self._upgrading = True  # read by _pieces_changed
        try:
            super()._do_BuildCity(action)
        finally:
            self._upgrading = False
        opts = self.options
        self.tokens[self.turn] += opts.city_points - opts.settlement_points  # rule trade-feud-tokens: one more

    def _do_BuildRoad(self, action: BuildRoad) -> None:
        p = self.current_player
        self.quiet_turns = -1
        found = self.connection_at(p, action.edge) if self.phase != "setup" else None  # type: ignore[arg-type]
        super()._do_BuildRoad(action)  # (the base game's step moves the pieces on: _pieces_changed)
        if found:
            self._connect(found)

    def _do_BuildShip(self, action: BuildShip) -> None:
        p = self.current_player
        self.quiet_turns = -1
        found = self.connection_at(p, action.edge) if self.phase != "setup" else None  # type: ignore[arg-type]
        self.touch(ROUTES)  # the ship goes down in the layer's step, which may list the free pieces left
        super()._do_BuildShip(action)
        self.touch(ROUTES)
        if found:
            self._connect(found)

    def _do_MoveShip(self, action: MoveShip) -> None:
        found = self.connection_at(self.turn, action.to, action.edge)
        super()._do_MoveShip(action)
        self.touch(ROUTES)
        if found:
            self._connect(found)

    def _do_MovePirate(self, action: Any) -> None:
        super()._do_MovePirate(action)
        self.touch(ROUTES)  # rule seafarers-pirate: no ship is built or moved beside it

    def _connect(self, found: dict[str, Any]) -> None:
        """Rule ``trade-feud-connection``: the token moves, the pieces off the connection go back."""
        winner, loser = found["winner"], found["loser"]
        moved = self.tokens[loser] > 0
        if moved:
            self.tokens[loser] -= 1
            self.tokens[winner] += 1
        for e in found["returned"]:
            self.edge_owner[e] = -1
            self.ship_owner[e] = -1
        if found["returned"]:
            self.new_ships = [e for e in self.new_ships if e not in found["returned"]]
            self._derive()
            self.award_longest_road()
        self.connection_edges = sorted(set(self.connection_edges) | set(found["edges"]))
        self.touch(ROUTES)
        self.connections.append({**found, "token_moved": moved})
        self.quiet_turns = -1  # rule trade-feud-standstill: a connection is progress
        if self.phase == "road_building" and not self.free_edge_actions(self.turn):
            self.phase = self.resume  # the connection took the last free place

    #: Trade Feud's own mutable fields (see ``CatanState.MUTABLE``).
    MUTABLE = {**SeafarersState.MUTABLE, "tokens": "list", "connection_edges": "list", "best_reachable": "list",
               "best_points": "list", "connections": "append-only"}


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
    state.placed_by_hand()
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
