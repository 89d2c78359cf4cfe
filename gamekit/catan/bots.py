"""Computer players for the Catan games (``catan``, ``factories``, ``trade-feud``): one rule-based
player for all three, and the position evaluation the search bot scores with.

>>> import gamekit
>>> state = gamekit.game("catan").new(players=3, seed=2)
>>> bot = gamekit.bot("catan", "heuristic", seed=0)
>>> action, why = bot.explain(state)
>>> type(action).__name__, why.startswith("the best place to start")
('BuildSettlement', True)

:class:`CatanHeuristic` plays what a sensible human plays, in this order of preference (it reads
only the position its player may know, and chooses only among the legal actions; every rule is the
engine's):

* **Setup**: the settlement on the intersection with the most pips (the dots under the number
  tokens: 5 for a 6 or an 8, down to 1 for a 2 or a 12) and the most kinds of resource, valuing a
  resource it does not produce yet and a harbour a little; the road or ship towards the best free
  place for a settlement beyond it.
* **Rolling**: first a knight, when the robber sits on one of its own hexes or a knight would take
  Largest Army; otherwise the dice.
* **Building, on its turn**: a city on its best settlement, a settlement on its best site, the
  variant's own building where it pays (factories: a factory, an investment), a development card,
  and a road or ship only where it leads to a free site (Trade Feud: or closes a trade connection
  that it wins). When four or fewer cards are missing for the first of those it cannot pay yet,
  it trades its surplus with the bank at its best rate, one card at a time, as long as every
  missing card can be had so; otherwise it ends its turn. It plays year of plenty for the cards a
  building lacks, monopoly on the resource the others hold most of (resource cards are open, see
  the base chapter's assumption), and road building when there are useful edges.
* **The robber** (or the pirate): to the hex that costs the leader most (their settlements and
  cities times the hex's pips, weighted by their points), never onto its own buildings if it can
  help it, stealing from the leader among those there. Solcher's turning of a factory is not used.
* **Discards**: the cards furthest above what its next building needs.
* **Trades between players**: it declines every offer and makes none (a deliberate simplification:
  judging a trade needs a model of the other player).

Where the texts are silent the choices are ours (a heuristic is not a rule): the weights below are
round numbers tuned by eye against the random player, not fitted.

:func:`evaluate` (registered for the three games) gives each player's value of an unfinished
position for :class:`~gamekit.bots.SearchBot`: a softmax of "strength", which is the victory points
(the full count, victory point cards included: the search scores determinised positions) plus a
little for production (pips of settlements, twice for cities, factory pegs at their yield), cards in
hand and development cards held. :func:`candidates` (registered with
:func:`gamekit.bots.register_candidates`) narrows the moves the search tries where there are many to
the heuristic's choice and the few alternatives a player would weigh against it; the search's
rollouts are this heuristic too.
"""

from __future__ import annotations

import math
import weakref
from typing import Any

from ..bots import HeuristicBot, register_candidates, register_evaluator, register_heuristic
from . import RESOURCES
from .actions import (
    BankTrade,
    BuildCity,
    BuildFactory,
    BuildRoad,
    BuildSettlement,
    BuildShip,
    BuyDevelopmentCard,
    DeclineTrade,
    EndTurn,
    Invest,
    MovePirate,
    MoveRobber,
    MoveShip,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    Roll,
)
from .rules import CITY, SETTLEMENT, VICTORY_POINT

__all__ = ["CatanHeuristic", "evaluate", "candidates", "node_pips", "GAMES"]

#: The games this module plays.
GAMES = ("catan", "factories", "trade-feud")

#: Pips of a number token: how many of the 36 rolls of two dice show it.
PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}

_CITY_COST = "city"
_SETTLEMENT_COST = "settlement"


class _BoardInfo:
    """What the bot reads from a board once (the board never changes): each hex's pips, each
    intersection's total pips and pips per resource, and its harbour."""

    __slots__ = ("hex_pips", "node_pips", "node_res", "harbour")

    def __init__(self, board: Any) -> None:
        topo = board.topology
        self.hex_pips = [PIPS.get(n, 0) if r >= 0 else 0 for n, r in zip(board.numbers, board.hex_resource)]
        self.node_pips = []
        self.node_res = []
        for v in range(len(topo.nodes)):
            per = [0] * 5
            for h in topo.node_hexes[v]:
                r = board.hex_resource[h]
                if r >= 0:
                    per[r] += self.hex_pips[h]
            self.node_res.append(per)
            self.node_pips.append(sum(per))
        self.harbour = board.node_harbour


#: Per board (boards compare by value, so they are not hashable): id -> (weak reference, info).
_INFO: dict[int, tuple[Any, _BoardInfo]] = {}


def _info(state: Any) -> _BoardInfo:
    board = state.board
    found = _INFO.get(id(board))
    if found is not None and found[0]() is board:
        return found[1]
    info = _BoardInfo(board)
    key = id(board)
    # (the table bound now: at the interpreter's exit the module's names are gone before the boards)
    _INFO[key] = (weakref.ref(board, lambda _ref, key=key, table=_INFO: table.pop(key, None)), info)
    return info


def node_pips(state: Any, node: int) -> int:
    """The pips of the terrain hexes around ``node`` (what a settlement there produces per 36 rolls)."""
    return _info(state).node_pips[node]


def _production(state: Any, player: int) -> list[float]:
    """The player's expected cards per 36 rolls, resource by resource: settlements 1, cities 2 per
    pip (the robber's hex left out), and a variant's own producers (:func:`_more_production`)."""
    info = _info(state)
    per = [0.0] * 5
    kind, robber = state.node_kind, state.robber
    topo, hex_resource, hex_pips = state.topo, state.board.hex_resource, info.hex_pips
    for v in state.buildings[player]:
        k = kind[v]
        mult = 1 if k == SETTLEMENT else 2 if k == CITY else 0
        if mult:
            for h in topo.node_hexes[v]:
                r = hex_resource[h]
                if r >= 0 and h != robber:
                    per[r] += mult * hex_pips[h]
    factories = getattr(state, "factories", None)
    if factories:
        pips = 2.0 if state.options.production_rule == "solcher" else 6.0  # 1/18 or 1/6 of a card per roll
        for v, f in factories.items():
            if f[0] == player:
                for i in range(3):
                    if f[2 + i] > 0:
                        h = topo.node_slots[v][(i + f[1]) % 3]
                        if h >= 0 and h != robber and hex_resource[h] >= 0:
                            per[hex_resource[h]] += pips
    return per


def _missing(hand: list[int], cost: tuple[int, ...]) -> int:
    return sum(c - h for h, c in zip(hand, cost) if c > h)


class CatanHeuristic(HeuristicBot):
    """The rule-based player of the three Catan games (see the module docstring for what it does);
    the variants' own moves are small hooks: :meth:`_variant_builds` (factories' factory and
    investments, Trade Feud's trade connections) and :meth:`_edge_value` (where a road or ship leads)."""

    _map_key: Any = None  # the last site map (see _site_map), for the position it was made for
    _map: list[float] = []
    _map_board: Any = None

    # -- the entry point ---------------------------------------------------------------------
    def decide(self, view: Any, player: int) -> tuple[Any, str]:
        actions = view.legal_actions()
        phase = view.phase
        if phase == "main":
            return self._main(view, player, actions)
        if phase == "roll":
            return self._roll(view, player, actions)
        if phase == "setup":
            return self._setup(view, player, actions)
        if phase == "discard":
            return self._discard(view, player, actions)
        if phase == "robber":
            return self._robber(view, player, actions)
        if phase == "trade":
            return DeclineTrade(), "it declines every trade offer (this player makes and takes no trades with players)"
        if phase == "road_building":
            action, value = self._best_edge(view, player, actions)
            return action, "the free road goes where it leads to a place for a settlement" if value > 0 else \
                "a free road, placed where it does the least harm"
        if phase == "peg":
            return self._peg(view, player, actions)
        return actions[0], "the first legal move"

    # -- setup -------------------------------------------------------------------------------
    def _site_value(self, view: Any, player: int, node: int, have: list[float] | None = None) -> float:
        """How good a settlement at ``node`` is for ``player``: pips, kinds of resource (more for a
        kind the player lacks, given ``have``: their production per resource), a harbour."""
        info = _info(view)
        per = info.node_res[node]
        value = float(info.node_pips[node])
        robber = view.robber
        if robber is not None and robber in view.topo.node_hexes[node]:
            value -= info.hex_pips[robber]
        for r in range(5):
            if per[r]:
                value += 1.5
                if have is not None and not have[r]:
                    value += 2.0
        harbour = info.harbour.get(node)
        if harbour is not None:
            if harbour == "3:1":
                value += 1.0
            elif have is not None and have[RESOURCES.index(harbour)] + per[RESOURCES.index(harbour)] >= 5:
                value += 2.0
        return value

    def _setup(self, view: Any, player: int, actions: list[Any]) -> tuple[Any, str]:
        if type(actions[0]) is BuildSettlement:
            have = _production(view, player)
            best = max(actions, key=lambda a: (self._site_value(view, player, a.node, have), -a.node))
            return best, (f"the best place to start: {node_pips(view, best.node)} pips of production "
                          f"and {sum(1 for x in _info(view).node_res[best.node] if x)} kinds of resource")
        action, _ = self._best_edge(view, player, actions)
        return action, "the first piece points towards the best free place for the next settlement"

    # -- where roads and ships lead ----------------------------------------------------------
    def _free_site(self, view: Any, node: int) -> bool:
        """A free intersection on land with no building next to it (the distance rule, the engine's)."""
        return view.node_owner[node] == -1 and view.board.land_node[node] and view.distance_ok(node)

    def _connected(self, view: Any, player: int, node: int, edge: int) -> bool:
        """Whether the player's network reaches ``node`` without ``edge`` (a building, a road or a ship there)."""
        if view.node_owner[node] == player:
            return True
        edge_owner = view.edge_owner
        ship_owner = getattr(view, "ship_owner", None)
        for f in view.topo.node_edges[node]:
            if f != edge and (edge_owner[f] == player or (ship_owner is not None and ship_owner[f] == player)):
                return True
        return False

    def _edge_value(self, view: Any, player: int, action: Any) -> float:
        """What a road or ship is worth: the best free site within three steps beyond its far end
        (the end the player's network does not reach yet), worth less the further it is; 0 if it
        leads nowhere, and -1 where it would close a trade connection the player loses (Trade
        Feud, rule ``trade-feud-connection``)."""
        edge = action.to if type(action) is MoveShip else action.edge
        if hasattr(view, "connection_at"):
            try:
                found = view.connection_at(player, edge, action.edge if type(action) is MoveShip else -1)
            except ValueError:  # IllegalAction: a connection the rules forbid (not a legal action anyway)
                return -1.0
            if found and found["winner"] != player:
                return -1.0
        topo, owner = view.topo, view.node_owner
        ends = [v for v in topo.edge_nodes[edge] if not self._connected(view, player, v, edge)]
        if len(ends) != 1 or owner[ends[0]] not in (-1, player):
            return 0.0
        return self._site_map(view, player)[ends[0]]

    def _site_map(self, view: Any, player: int) -> list[float]:
        """For each intersection, the value of the best free site at most three steps from it, worth
        0.6 as much for each step (through intersections without another player's building). Made
        once per position and player."""
        topo, owner = view.topo, view.node_owner
        key = (player, view.robber, tuple(owner))  # all the map depends on, with the board
        if self._map_key == key and self._map_board is view.board:
            return self._map
        n = len(owner)
        values = [0.0] * n
        for v in range(n):
            if self._free_site(view, v):
                values[v] = self._site_value(view, player, v)
        node_nodes = topo.node_nodes
        for _ in range(3):
            nxt = list(values)
            for v in range(n):
                if owner[v] in (-1, player):
                    best = nxt[v]
                    for w in node_nodes[v]:
                        if owner[w] in (-1, player) and 0.6 * values[w] > best:
                            best = 0.6 * values[w]
                    nxt[v] = best
            values = nxt
        self._map_key, self._map, self._map_board = key, values, view.board
        return values

    def _best_edge(self, view: Any, player: int, actions: list[Any]) -> tuple[Any, float]:
        edges = [a for a in actions if type(a) in (BuildRoad, BuildShip)]
        if not edges:
            return actions[0], 0.0
        scored = [(self._edge_value(view, player, a), -i, a) for i, a in enumerate(edges)]
        value, _, action = max(scored, key=lambda t: (t[0], t[1]))
        return action, value

    # -- rolling -----------------------------------------------------------------------------
    def _robber_hurts_me(self, view: Any, player: int) -> bool:
        robber = view.robber
        if robber is None:
            return False
        owner = view.node_owner
        return any(owner[v] == player for v in view.topo.hex_nodes[robber]) and _info(view).hex_pips[robber] > 0

    def _knight_takes_army(self, view: Any, player: int) -> bool:
        knights, holder = view.knights, view.largest_army
        mine = knights[player] + 1
        return holder != player and mine >= 3 and (holder < 0 or mine > knights[holder])

    def _roll(self, view: Any, player: int, actions: list[Any]) -> tuple[Any, str]:
        if PlayKnight() in actions:
            if self._knight_takes_army(view, player):
                return PlayKnight(), "a knight now takes Largest Army (2 points)"
            if self._robber_hurts_me(view, player):
                return PlayKnight(), "a knight first, to chase the robber off its own hex before the roll"
        return Roll(), "roll for production"

    # -- discards ----------------------------------------------------------------------------
    def _goal_cost(self, view: Any, player: int) -> tuple[int, ...]:
        costs = view.COSTS
        if any(view.node_kind[v] == SETTLEMENT for v in view.buildings[player]) and view.pieces_left(player)["city"]:
            return costs[_CITY_COST]
        return costs[_SETTLEMENT_COST]

    def _discard(self, view: Any, player: int, actions: list[Any]) -> tuple[Any, str]:
        hand = view.hands[player]
        keep = self._goal_cost(view, player)
        best = max(actions, key=lambda a: (hand[RESOURCES.index(a.resource)] - keep[RESOURCES.index(a.resource)],
                                           hand[RESOURCES.index(a.resource)]))
        return best, f"it gives up {best.resource}, which it holds most of beyond what its next building needs"

    # -- the robber and the pirate -----------------------------------------------------------
    def _points(self, view: Any, q: int) -> int:
        return view.public_points(q)

    def _robber_score(self, view: Any, player: int, a: Any) -> float:
        """How much a move of the robber or the pirate (or, never preferred, the turn of a factory)
        costs the others: their buildings at the hex times its pips, weighted by their points (its
        own count against), plus the theft from a leader."""
        t = type(a)
        owner = view.node_owner
        if t is MoveRobber:
            info = _info(view)
            kind = view.node_kind
            score = 0.0
            pips = info.hex_pips[a.hex]
            for v in view.topo.hex_nodes[a.hex]:
                o = owner[v]
                if o >= 0 and kind[v] in (SETTLEMENT, CITY):
                    weight = -4.0 if o == player else 1.0 + self._points(view, o)
                    score += weight * pips * (2 if kind[v] == CITY else 1)
        elif t is MovePirate:
            ship_owner = view.ship_owner
            score = 0.0
            for e in view.topo.hex_edges[a.hex]:
                q = ship_owner[e]
                if q >= 0:
                    score += -3.0 if q == player else 1.0 + self._points(view, q)
        else:  # Solcher's turning of a factory: not used while the robber can move
            return -1000.0
        victim = a.victim
        if victim >= 0:
            score += 6.0 + 2.0 * self._points(view, victim) + 0.3 * sum(view.hands[victim])
        return score

    def _robber(self, view: Any, player: int, actions: list[Any]) -> tuple[Any, str]:
        best = max(actions, key=lambda a: self._robber_score(view, player, a))
        if type(best) in (MoveRobber, MovePirate) and best.victim >= 0:
            piece = "robber" if type(best) is MoveRobber else "pirate"
            return best, f"the {piece} goes where it hurts the leaders most, and steals a card there"  # the move names whom
        return best, "the robber goes where it hurts the other players most"

    # -- factories' pegs ---------------------------------------------------------------------
    def _peg(self, view: Any, player: int, actions: list[Any]) -> tuple[Any, str]:
        node = view.pending_peg[0]
        have = _production(view, player)
        resource = view.board.hex_resource

        def value(a: Any) -> float:
            h = view.factory_hex(node, a.hole)
            if h < 0 or resource[h] < 0:
                return -1.0
            return 1.0 - (h == view.robber) + (0.5 if not have[resource[h]] else 0.0)

        best = max(actions, key=value)
        return best, "the peg goes into the hole facing the most useful terrain"

    # -- the main phase ----------------------------------------------------------------------
    def _main(self, view: Any, player: int, actions: list[Any]) -> tuple[Any, str]:
        by_type: dict[type, list[Any]] = {}
        for a in actions:
            by_type.setdefault(type(a), []).append(a)
        hand = view.hands[player]
        costs = view.COSTS
        info = _info(view)

        played = self._play_card(view, player, by_type, hand)
        if played is not None:
            return played

        cities = by_type.get(BuildCity)
        if cities:
            best = max(cities, key=lambda a: (info.node_pips[a.node], -a.node))
            return best, f"a city on its settlement with {info.node_pips[best.node]} pips: a point, and double production"
        settlements = by_type.get(BuildSettlement)
        have = None
        if settlements:
            have = _production(view, player)
            best = max(settlements, key=lambda a: (self._site_value(view, player, a.node, have), -a.node))
            return best, f"a settlement on the best free site ({info.node_pips[best.node]} pips): a point"

        found = self._variant_builds(view, player, by_type)
        if found is not None:
            return found

        # What to save for, best first; trade towards the first one the bank trades can complete.
        goals = []
        can_city = view.pieces_left(player)["city"] and any(view.node_kind[v] == SETTLEMENT for v in view.buildings[player])
        if can_city:
            goals.append(("city", costs[_CITY_COST]))
        sites = view.pieces_left(player)["settlement"] and view.building_sites(player)
        if sites:
            goals.append(("settlement", costs[_SETTLEMENT_COST]))
        road_goal = None
        if not sites:
            road_goal = self._road_goal(view, player, by_type)
        if road_goal is not None:
            action, value = road_goal
            if value > 0 and action is not None:
                return action, "a road or ship towards a free place for its next settlement"
        if sum(view.dev_deck):
            goals.append(("development card", costs["development card"]))
        buy = by_type.get(BuyDevelopmentCard)
        for name, cost in goals:
            if name == "development card" and buy:
                return buy[0], "a development card: knights, progress and maybe a hidden point"
            trade = self._trade_towards(view, player, hand, cost, by_type.get(BankTrade, ()))
            if trade is not None:
                return trade, f"a trade with the bank at {trade.count}:1 towards a {name}"
            if name in ("city", "settlement") and _missing(hand, cost) <= 2:
                break  # close to it: keep the cards rather than spend them on something less
        if sum(hand) > view.options.discard_limit:  # a 7 would cost half the hand: spend some first
            if buy:
                return buy[0], "a development card, so as not to hold more than seven cards when a 7 comes"
            edges = by_type.get(BuildRoad, []) + by_type.get(BuildShip, [])
            if edges:
                action, value = self._best_edge(view, player, edges)
                if value >= 0:
                    return action, "a road or ship, so as not to hold more than seven cards when a 7 comes"
        return EndTurn(), "nothing worth building now: it ends its turn"

    def _road_goal(self, view: Any, player: int, by_type: dict[type, list[Any]]) -> tuple[Any, float] | None:
        """The best road or ship to build when the player has no place for a settlement."""
        edges = by_type.get(BuildRoad, []) + by_type.get(BuildShip, [])
        if not edges:
            return None
        action, value = self._best_edge(view, player, edges)
        return action, value

    def _trade_towards(self, view: Any, player: int, hand: list[int], cost: tuple[int, ...],
                       trades: Any) -> Any:
        """One bank trade that brings ``cost`` closer, if all that is missing can be had by trading
        surplus cards (cards beyond ``cost``) at the player's best rates; ``None`` otherwise."""
        missing = [max(0, c - h) for h, c in zip(hand, cost)]
        need = sum(missing)
        if not need or need > 4 or not trades:
            return None
        rate = {}
        for t in trades:
            r = RESOURCES.index(t.give)
            rate[r] = min(rate.get(r, 9), t.count)
        surplus = [max(0, h - c) for h, c in zip(hand, cost)]
        can = sum(surplus[r] // rate[r] for r in rate)
        if can < need:
            return None
        give = max((r for r in rate if surplus[r] >= rate[r]), key=lambda r: (surplus[r] // rate[r], surplus[r]))
        want = [r for r in range(5) if missing[r]]
        for t in trades:
            if t.give == RESOURCES[give] and t.count == rate[give] and RESOURCES.index(t.get) in want:
                return t
        return None

    def _play_card(self, view: Any, player: int, by_type: dict[type, list[Any]], hand: list[int]) -> Any:
        """A development card worth playing now, with the reason, or ``None``."""
        if by_type.get(PlayKnight) and (self._knight_takes_army(view, player) or self._robber_hurts_me(view, player)):
            return PlayKnight(), "a knight: it moves the robber off its hex or takes Largest Army"
        monopolies = by_type.get(PlayMonopoly)
        if monopolies:
            others = [sum(view.hands[q][r] for q in range(view.players) if q != player) for r in range(5)]
            r = max(range(5), key=lambda i: others[i])
            if others[r] >= 3:
                return PlayMonopoly(RESOURCES[r]), f"monopoly on {RESOURCES[r]}: the others hold {others[r]} of it"
        plenty = by_type.get(PlayYearOfPlenty)
        if plenty:
            cost = self._goal_cost(view, player)
            missing = [max(0, c - h) for h, c in zip(hand, cost)]
            if 0 < sum(missing) <= 2:
                for a in plenty:
                    got = [0] * 5
                    got[RESOURCES.index(a.first)] += 1
                    got[RESOURCES.index(a.second)] += 1
                    if all(got[r] >= missing[r] for r in range(5)):
                        return a, "year of plenty for exactly the cards its next building lacks"
        roads = by_type.get(PlayRoadBuilding)
        if roads and not view.building_sites(player):
            goal = self._road_goal(view, player, {BuildRoad: view.free_edge_actions(player)})
            if goal is not None and goal[1] > 0:
                return roads[0], "road building: two free roads towards a new place to settle"
        return None

    # -- the variants' own moves ---------------------------------------------------------------
    def _variant_builds(self, view: Any, player: int, by_type: dict[type, list[Any]]) -> Any:
        """A variant's own building worth doing now (after cities and settlements), or ``None``."""
        if BuildFactory in by_type or Invest in by_type:
            return self._factories(view, player, by_type)
        if hasattr(view, "connection_at"):
            return self._trade_connection(view, player, by_type)
        return None

    def _rolls_left(self, view: Any) -> int:
        leader = max(self._points(view, q) for q in range(view.players))
        return max(0, 8 * (view.options.victory_points_to_win - leader))

    def _factories(self, view: Any, player: int, by_type: dict[type, list[Any]]) -> Any:
        """Factories (rules ``factories-building``, ``factories-investment``): invest when a new
        peg's expected yield over the rolls left (about eight a missing point of the leader) is
        worth the two cards; build a factory when two pegs in it would repay its five cards."""
        rate = 1 / 18 if view.options.production_rule == "solcher" else 1 / 6
        rolls = self._rolls_left(view)
        success = len(view.pegs_left[player]) / 6
        resource = view.board.hex_resource
        invest = by_type.get(Invest)
        if invest and success >= 0.5:
            def useful(a: Any) -> int:
                holes = view.factories[a.node]
                return sum(1 for i in range(3) if holes[2 + i] < 0 and view.factory_hex(a.node, i) >= 0
                           and resource[view.factory_hex(a.node, i)] >= 0)  # fmt: skip
            good = [a for a in invest if useful(a)]
            if good and success * rate * rolls >= 2:
                return good[0], f"an investment: a {success:.0%} chance of a peg worth about {rate * rolls:.0f} cards"
        builds = by_type.get(BuildFactory)
        mine = sum(1 for f in view.factories.values() if f[0] == player)
        if builds and mine < 2 and rate * rolls * min(2, len(view.pegs_left[player])) >= 5:
            info = _info(view)
            best = max(builds, key=lambda a: (sum(1 for x in info.node_res[a.node] if x), info.node_pips[a.node]))
            if sum(1 for x in info.node_res[best.node] if x) >= 2:
                return best, "a factory facing two or more kinds of terrain, to invest in"
        return None

    def _trade_connection(self, view: Any, player: int, by_type: dict[type, list[Any]]) -> Any:
        """Trade Feud (rule ``trade-feud-connection``): a road, ship or ship move that closes a trade
        connection it wins, taking a token from a player who has one (the leader first)."""
        best, best_score = None, 0.0
        tokens = view.tokens
        for t in (BuildShip, BuildRoad, MoveShip):
            for a in by_type.get(t, ()):
                try:
                    found = (view.connection_at(player, a.to, a.edge) if t is MoveShip
                             else view.connection_at(player, a.edge))  # fmt: skip
                except Exception:  # noqa: BLE001  (a connection the rules forbid: not legal anyway)
                    continue
                if not found:
                    continue
                if found["winner"] == player and tokens[found["loser"]] > 0:
                    score = 10.0 + self._points(view, found["loser"])
                    if score > best_score:
                        best, best_score = a, score
        if best is not None:
            return best, "this closes a trade connection it wins: a token from the other player"
        return None


def _strength(state: Any, player: int) -> float:
    points = state.victory_points(player)
    production = sum(_production(state, player))
    cards = min(sum(state.hands[player]), 7)
    dev = sum(state.dev_hands[player]) - state.dev_hands[player][VICTORY_POINT]
    return points + 0.04 * production + 0.05 * cards + 0.3 * dev


def evaluate(state: Any) -> list[float]:
    """Each player's value of an unfinished position, from 0 to 1 (they sum to 1): a softmax of
    :func:`_strength` (victory points, plus about a point for 25 pips of production, a little for
    cards and development cards in hand)."""
    strengths = [_strength(state, p) for p in range(state.players)]
    top = max(strengths)
    weights = [math.exp(0.8 * (s - top)) for s in strengths]
    total = sum(weights)
    return [w / total for w in weights]


_SCORER = CatanHeuristic("catan", 0)  # its scores only (it draws no coin flips here)


def _top(actions: list[Any], score: Any, k: int) -> list[Any]:
    """The ``k`` best-scored of ``actions``, in their listed order."""
    if len(actions) <= k:
        return actions
    ranked = sorted(range(len(actions)), key=lambda i: (-score(actions[i]), i))[:k]
    return [actions[i] for i in sorted(ranked)]


#: Main-phase moves the search always considers when legal (besides the heuristic's own choice).
_ALWAYS = (EndTurn, BuildCity, BuildSettlement, BuyDevelopmentCard, BuildFactory, Invest, PlayKnight,
           PlayRoadBuilding)


def _main_candidates(state: Any, player: int, actions: list[Any]) -> list[Any]:
    """The main phase's candidates: the heuristic's choice, ending the turn, every city,
    settlement, factory, investment and development card (bought, or a knight or road building
    played), and the two best roads, ships or ship moves; no trade but the heuristic's."""
    scorer = _SCORER
    choice = scorer.decide(state, player)[0]
    edges = [a for a in actions if type(a) in (BuildRoad, BuildShip, MoveShip)]
    keep = set(_top(edges, lambda a: scorer._edge_value(state, player, a), 2))
    return [a for a in actions if a == choice or type(a) in _ALWAYS or a in keep]


def candidates(state: Any, actions: list[Any]) -> list[Any]:
    """The moves the search tries in a position (:func:`gamekit.bots.register_candidates`): where
    there are many, the heuristic's choice and the few others a player would weigh against it, so
    that a search of a hundred or so positions compares real alternatives (each with enough dice
    behind it) instead of trying each of fifty moves twice. In the setup the four best settlement
    sites and the two best roads or ships; before the roll the roll, a knight and the heuristic's
    choice; for the robber or the pirate the three moves that hurt the others most; in road
    building the three best roads; in the main phase :func:`_main_candidates` (so no offer to
    another player: like the heuristic, the search makes none). Discards and pegs: all of them."""
    phase = state.phase
    player = state.current_player
    scorer = _SCORER
    if phase == "main":
        return _main_candidates(state, player, actions)
    if phase == "roll" and len(actions) > 2:
        choice = scorer.decide(state, player)[0]
        return [a for a in actions if type(a) in (Roll, PlayKnight) or a == choice]
    if phase == "setup":
        if type(actions[0]) is BuildSettlement:
            have = _production(state, player)
            return _top(actions, lambda a: scorer._site_value(state, player, a.node, have), 4)
        return _top(actions, lambda a: scorer._edge_value(state, player, a), 2)
    if phase == "robber":
        return _top(actions, lambda a: scorer._robber_score(state, player, a), 3)
    if phase == "road_building":
        return _top(actions, lambda a: scorer._edge_value(state, player, a), 3)
    return actions


#: The search's default budget (about 170-380 ms a move on this machine under load): Trade Feud's
#: legal moves cost more to list, so it looks at fewer positions.
_SEARCH = {"catan": {"iterations": 100, "depth": 10}, "factories": {"iterations": 100, "depth": 10},
           "trade-feud": {"iterations": 60, "depth": 8}}

for _name in GAMES:
    register_heuristic(_name, CatanHeuristic, search=_SEARCH.get(_name))
    register_evaluator(_name, evaluate)
    register_candidates(_name, candidates)
