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
from typing import Any

from .. import register
from ..core import Game, IllegalAction
from ..notes import Assumption, catalogue
from .actions import BuildRoad, BuildSettlement, BuildShip, MoveShip
from .rules import VICTORY_POINT
from .seafarers import RULES as SEAFARERS_RULES
from .seafarers import SeafarersOptions, SeafarersState

__all__ = ["TradeFeudOptions", "TradeFeudState", "TRADE_FEUD", "RULES", "ASSUMPTIONS"]

RULES: tuple[str, ...] = SEAFARERS_RULES + (
    "trade-feud-map", "trade-feud-setup", "trade-feud-tokens", "trade-feud-routes", "trade-feud-branching",
    "trade-feud-connection", "trade-feud-connection-illegal", "trade-feud-connection-fixed", "trade-feud-victory",
)  # fmt: skip


@dataclass(frozen=True)
class TradeFeudOptions(SeafarersOptions):
    """Trade Feud's settings: the Seafarers layer's, with the robber out of play."""

    robber_in_play: bool = False

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.robber_in_play:
            raise ValueError("the robber is out of play in Trade Feud (rule trade-feud-setup)")


class TradeFeudState(SeafarersState):
    """A game of Trade Feud. Besides the Seafarers layer's attributes: ``tokens`` per player,
    ``connection_edges`` (the edges of every trade connection) and ``connections``: one dict per
    connection, in the order they formed, with ``closer`` and ``other`` (the two players), ``at`` (the
    intersection where they met), ``winner`` and ``loser``, ``pieces`` (each side's pieces in the
    connection, the closer's first), ``edges`` (the connection's edges), ``returned`` (the edges whose
    pieces went back) and ``token_moved`` (false when the loser had no token to give)."""

    options: TradeFeudOptions

    # -- setup ---------------------------------------------------------------------------------
    def _setup_order(self) -> tuple[int, ...]:
        """Rule ``trade-feud-setup``: snake order for two settlements, then a third round in turn
        order starting with the player who placed the last second settlement."""
        snake = super()._setup_order()
        last = snake[-1]
        return snake + tuple((last + k) % self.players for k in range(self.players))

    def _setup_income(self) -> bool:
        return self.setup_index >= 2 * self.players  # rule trade-feud-setup: the third settlement

    def _setup_more(self) -> None:
        super()._setup_more()
        self.tokens = [0] * self.players
        self.connection_edges: list[int] = []
        self.connections: list[dict[str, Any]] = []

    def coastal(self, node: int) -> bool:
        """Rule ``trade-feud-setup``: an intersection where land and sea meet."""
        terrain = self.board.terrain
        hexes = self.topo.node_hexes[node]
        return self.board.land_node[node] and any(terrain[h] == "sea" for h in hexes)

    def _setup_site(self, node: int) -> bool:
        """Rule ``trade-feud-setup``: a coastal site where the settlement's ship can go."""
        return self.coastal(node) and super()._setup_site(node) and any(
            self.board.sea_edge[e] and self._owner_at(e) == -1 and e not in self._pirate_edges() and self._setup_ship_ok(e)
            for e in self.topo.node_edges[node])

    def _setup_edge_actions(self, node: int) -> list[Any]:
        """Rule ``trade-feud-setup``: a ship next to the settlement, branching nowhere and joining no
        other player's route."""
        return [a for a in super()._setup_edge_actions(node) if isinstance(a, BuildShip) and self._setup_ship_ok(a.edge)]

    def _setup_ship_ok(self, edge: int) -> bool:
        try:
            return self._check_edge_rules(self.current_player, edge) is None  # type: ignore[arg-type]
        except IllegalAction:
            return False

    # -- scoring -------------------------------------------------------------------------------
    def victory_points(self, player: int) -> int:
        """Rule ``trade-feud-victory``: tokens, Largest Army and Longest Trade Route (2 each) and
        victory point cards; buildings on the map count nothing (rule ``trade-feud-tokens``)."""
        points = self.tokens[player] + self.dev_hands[player][VICTORY_POINT]
        if self.longest_road == player:
            points += 2
        if self.largest_army == player:
            points += 2
        return points

    # -- routes and connections ----------------------------------------------------------------
    def _owner_at(self, edge: int) -> int:
        r = self.edge_owner[edge]
        return r if r >= 0 else self.ship_owner[edge]

    def _walk(self, owner: int, node: int, edge: int, skip: frozenset[int] = frozenset()) -> tuple[list[int], str]:
        """Follow ``owner``'s route from ``node`` along ``edge``: its edges and how it ends
        (``"building"`` at an own settlement or city, ``"open"`` otherwise). Rule ``trade-feud-routes``."""
        path = [edge]
        topo, no = self.topo, self.node_owner
        here = topo.edge_other[edge][node]
        while True:
            if no[here] == owner:
                return path, "building"
            if no[here] != -1:
                return path, "open"
            nxt = [f for f in topo.node_edges[here] if f not in path and f not in skip and self._owner_at(f) == owner]
            if not nxt:
                return path, "open"
            path.append(nxt[0])
            here = topo.edge_other[nxt[0]][here]

    def _branching_ok(self, edge: int, lifted: int = -1, joined: int = -1) -> bool:
        """Rule ``trade-feud-branching``: at each end of ``edge`` without a building, at most two edges
        hold pieces once it is placed (``lifted``: an edge whose ship is being moved away; ``joined``:
        the intersection where the piece forms a trade connection, whose surplus pieces go back)."""
        topo, no = self.topo, self.node_owner
        for v in topo.edge_nodes[edge]:
            if no[v] == -1 and v != joined:
                eo, so = self.edge_owner, self.ship_owner
                used = sum(1 for f in topo.node_edges[v] if f != lifted and f != edge and (eo[f] >= 0 or so[f] >= 0))
                if used + 1 > 2:
                    return False
        return True

    def connection_at(self, player: int, edge: int, lifted: int = -1) -> dict[str, Any] | None:
        """The trade connection a piece of ``player`` on ``edge`` would form (rule
        ``trade-feud-connection``), or ``None``; raises :class:`IllegalAction` for a connection the
        rules forbid (rule ``trade-feud-connection-illegal``)."""
        topo, no = self.topo, self.node_owner
        eo, so = self.edge_owner, self.ship_owner
        skip = frozenset((lifted,)) if lifted >= 0 else frozenset()
        for v in topo.edge_nodes[edge]:
            other = no[v]
            if other == player:
                continue
            theirs = []  # the other players' pieces at v (the owner of a road, else of a ship: _owner_at)
            for f in topo.node_edges[v]:
                if f != edge and f != lifted:
                    o = eo[f] if eo[f] >= 0 else so[f]
                    if o != -1 and o != player:
                        theirs.append(f)
            if other == -1 and not theirs:
                continue
            if other == -1:
                q = self._owner_at(theirs[0])
                if any(f in self.connection_edges for f in theirs):
                    raise IllegalAction("an open route may not be joined to a trade connection",
                                        "trade-feud-connection-illegal")
                walks = [self._walk(q, v, f, skip) for f in theirs]
                rooted = [w for w in walks if w[1] == "building"]
                if len(rooted) != 1:
                    raise IllegalAction(f"player {q}'s route at {v} is closed: it cannot be joined",
                                        "trade-feud-connection-illegal")
                their_path = rooted[0][0]
                returned = [e for w in walks if w[1] != "building" for e in w[0]]
            else:
                q = other
                their_path, returned = [], []
            mine, end = self._walk(player, v, edge, skip)
            if end != "building":
                mine = [edge]
            winner = player if len(mine) >= len(their_path) else q
            loser = q if winner == player else player
            return {"closer": player, "other": q, "at": v, "winner": winner, "loser": loser,
                    "pieces": [len(mine), len(their_path)], "edges": sorted(mine + their_path),
                    "returned": sorted(returned)}  # fmt: skip
        return None

    def _edge_ok(self, player: int, edge: int, lifted: int = -1) -> bool:
        try:
            self._check_edge_rules(player, edge, lifted)
        except IllegalAction:
            return False
        return True

    def road_sites(self, player: int) -> list[int]:
        return [e for e in super().road_sites(player) if self._edge_ok(player, e)]

    def road_site(self, player: int, edge: int) -> bool:
        return super().road_site(player, edge) and self._edge_ok(player, edge)

    def ship_site(self, player: int, edge: int, ship_owner: list[int] | None = None, lifted: int = -1) -> bool:
        """Rules ``seafarers-ship``, ``trade-feud-branching``, ``trade-feud-connection-illegal``."""
        return super().ship_site(player, edge, ship_owner, lifted) and self._edge_ok(player, edge, lifted)

    def building_site(self, player: int, node: int) -> bool:
        """Rule ``trade-feud-connection-fixed``: no settlement on a trade connection's intersection."""
        return super().building_site(player, node) and not self._on_connection(node)

    def building_sites(self, player: int) -> list[int]:
        return [v for v in super().building_sites(player) if not self._on_connection(v)]

    def _on_connection(self, node: int) -> bool:
        return any(e in self.connection_edges for e in self.topo.node_edges[node])

    def movable_ships(self, player: int) -> list[int]:
        """Rule ``trade-feud-connection-fixed``: a connection's ships stay."""
        return [e for e in super().movable_ships(player) if e not in self.connection_edges]

    # -- checking ------------------------------------------------------------------------------
    def _check_edge_rules(self, player: int, edge: int, lifted: int = -1) -> dict[str, Any] | None:
        """Rules ``trade-feud-connection-illegal``, ``trade-feud-branching`` for a piece of ``player``
        on ``edge``; the trade connection it forms, if any."""
        found = self.connection_at(player, edge, lifted)
        if not self._branching_ok(edge, lifted, found["at"] if found else -1):
            raise IllegalAction("routes branch only at settlements and cities: an intersection without a building "
                                "has at most two edges with pieces", "trade-feud-branching")
        return found

    def _check_BuildRoad(self, action: BuildRoad) -> None:
        if self.phase == "setup":
            raise IllegalAction("each setup settlement gets a ship", "trade-feud-setup")
        e = self._valid_edge(action.edge, "catan-road")
        if self.edge_owner[e] == -1 and self.ship_owner[e] == -1:
            self._check_edge_rules(self.current_player, e)  # type: ignore[arg-type]
        super()._check_BuildRoad(action)

    def _check_BuildShip(self, action: BuildShip) -> None:
        e = self._valid_edge(action.edge, "seafarers-ship")
        if self.edge_owner[e] == -1 and self.ship_owner[e] == -1:
            if self.phase != "setup":
                self._check_edge_rules(self.current_player, e)  # type: ignore[arg-type]
            elif not self._setup_ship_ok(e):
                raise IllegalAction("a setup ship branches nowhere and joins no other route", "trade-feud-setup")
        super()._check_BuildShip(action)

    def _check_MoveShip(self, action: MoveShip) -> None:
        e = self._valid_edge(action.edge, "seafarers-moving")
        if e in self.connection_edges:
            raise IllegalAction("ships of a trade connection no longer move", "trade-feud-connection-fixed")
        super()._check_MoveShip(action)

    def _check_BuildSettlement(self, action: BuildSettlement) -> None:
        v = self._valid_node(action.node, "catan-settlement")
        if self.phase == "setup" and not self.coastal(v):
            raise IllegalAction(f"setup settlements go on a coast; intersection {v} is not on one", "trade-feud-setup")
        if self.phase == "setup" and self.node_owner[v] == -1 and self._distance_ok(v) and not self._setup_site(v):
            raise IllegalAction(f"a setup settlement at {v} would have no place for its ship", "trade-feud-setup")
        if self.phase != "setup" and self._on_connection(v):
            raise IllegalAction(f"intersection {v} belongs to a trade connection", "trade-feud-connection-fixed")
        super()._check_BuildSettlement(action)

    # -- carrying out --------------------------------------------------------------------------
    def _do_BuildSettlement(self, action: BuildSettlement) -> None:
        player = self.current_player
        super()._do_BuildSettlement(action)
        self.tokens[player] += 1  # type: ignore[index]  # rule trade-feud-tokens

    def _do_BuildCity(self, action: Any) -> None:
        super()._do_BuildCity(action)
        self.tokens[self.turn] += 1  # rule trade-feud-tokens

    def _do_BuildRoad(self, action: BuildRoad) -> None:
        p = self.current_player
        found = self.connection_at(p, action.edge) if self.phase != "setup" else None  # type: ignore[arg-type]
        super()._do_BuildRoad(action)
        if found:
            self._connect(found)

    def _do_BuildShip(self, action: BuildShip) -> None:
        p = self.current_player
        found = self.connection_at(p, action.edge) if self.phase != "setup" else None  # type: ignore[arg-type]
        super()._do_BuildShip(action)
        if found:
            self._connect(found)

    def _do_MoveShip(self, action: MoveShip) -> None:
        found = self.connection_at(self.turn, action.to, action.edge)
        super()._do_MoveShip(action)
        if found:
            self._connect(found)

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
            self._award_longest_road()
        self.connection_edges = sorted(set(self.connection_edges) | set(found["edges"]))
        self.connections.append({**found, "token_moved": moved})
        if self.phase == "road_building" and not self.free_edge_actions(self.turn):
            self.phase = self.resume  # the connection took the last free place

    # -- copying and saving --------------------------------------------------------------------
    def _copy_more(self, d: dict[str, Any]) -> None:
        super()._copy_more(d)
        d["tokens"] = list(self.tokens)
        d["connection_edges"] = list(self.connection_edges)
        d["connections"] = [{k: v[:] if type(v) is list else v for k, v in c.items()} for c in self.connections]

    def _data_more(self, data: dict[str, Any]) -> None:
        super()._data_more(data)
        data.update(tokens=self.tokens, connection_edges=self.connection_edges, connections=self.connections)

    def _read_state(self, data: Any) -> dict[str, Any]:
        """The Seafarers layer's attributes, then the tokens and the trade connections."""
        from .base_save import whole, wholes

        values = super()._read_state(data)
        n, edges = self.players, len(values["edge_owner"])
        tokens = wholes(data["tokens"], "tokens", n, 0, 1000)
        built = sum(1 for k in values["node_kind"] if k) + values["node_kind"].count(2)
        if sum(tokens) != built:
            raise ValueError(f"the tokens ({sum(tokens)}) must be one per settlement and city upgrade ({built})")
        conn = data["connection_edges"]
        if not isinstance(conn, list) or conn != sorted(set(conn)):
            raise ValueError("connection_edges must be distinct edges, smallest first")
        for e in conn:
            whole(e, "connection edge", 0, edges - 1)
            if values["edge_owner"][e] == -1 and values["ship_owner"][e] == -1:
                raise ValueError(f"connection edge {e} holds no piece")
        records = data["connections"]
        if not isinstance(records, list) or not all(isinstance(c, dict) for c in records):
            raise ValueError("connections must be a list of objects")
        values.update(tokens=tokens, connection_edges=list(conn),
                      connections=[{k: list(v) if isinstance(v, list) else v for k, v in c.items()} for c in records])  # fmt: skip
        return values


def _a(setting: str, rule: str, title: str, why: str, default: str, printed: str = "") -> Assumption:
    return Assumption(setting, default, why, rule, title=title, printed=printed)


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
    _a("over 10 points", "trade-feud-victory", "\"over 10 points\"",
       "\"über 10 Siegpunkte verfügt\" could mean more than 10", "10 or more, as in the base game",
       "11 or more"),
    _a("a game nobody can win", "trade-feud-victory", "when nobody can score any more",
       "the game ends only when a player has 10 points; on our small map a game can reach a position with no "
       "building site, no development card and no trade connection left to make, where nobody gets to 10 points "
       "(random play: 1 game in 1,000, seed 1919, still without a winner after 8,000 actions)",
       "play goes on without a winner; the engine offers no draw",
       "a map with more room, where this does not happen"),
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
    )
)
