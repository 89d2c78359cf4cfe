"""Catan with factories (Fabriken), as a gamekit game: the base game plus factories.

>>> import gamekit
>>> state = gamekit.game("factories").new(players=4, seed=1)
>>> state.legal_actions()[0]
BuildSettlement(node=0)

The base game's rules (``catan-board``, ``catan-setup``, ``catan-production``, ``catan-discard``,
``catan-robber``, ``catan-building-costs``, ``catan-road``, ``catan-settlement``,
``catan-distance-rule``, ``catan-city``, ``catan-bank-trade``, ``catan-harbour-trade``,
``catan-player-trade``, ``catan-development-cards``, ``catan-largest-army``, ``catan-longest-road``,
``catan-victory``) come from :class:`~gamekit.catan.base.CatanState`, which this state extends.
Factories (seed 002), see :mod:`gamekit.catan.production` for production and investment:

* ``factories-players``: 3-4 players. ``factories-setup``: each player has 3 factories, six pegs
  numbered 1-6 and three blank pegs (settings ``factories_per_player``, ``blank_pegs``).
* ``factories-building``: a factory costs 2 brick + 3 ore; it goes on a free intersection touching
  an own road, under the distance rule; at most one per turn; it gives no victory point and no
  harbour rate. It counts as a building for the distance rule, connects its owner's roads and
  breaks other players' roads for Longest Road.
* ``factories-investment``: 1 brick + 1 ore, choose a factory with a free hole, roll a d6; a new
  number places that peg into a free hole of one's choice. ``factories-failed-investment``: a
  number already in an own factory puts a blank peg in instead (none left: the lowest unplaced
  numbered peg, turned over). ``factories-derelict``: a factory without a numbered peg yields nothing.
* ``factories-production`` / ``solcher-production``: see :func:`~gamekit.catan.production.factory_yield`;
  factory yields join the roll's claims before the bank's shortage rule.
* ``factories-robber``: the robber blocks only the peg facing its hex; it does not steal from a
  factory's owner (setting ``robber_steals_from_factory_owners``). ``solcher-robber`` (option):
  instead of moving the robber and stealing, turn any factory one position.

Phases: the base game's, and ``peg`` after an investment roll while the investor picks the hole.

Chance: the base game's, with :data:`INVESTMENT_D6` and :data:`COLOUR_DIE` declared. What each
player sees is the base game's observation (:meth:`~gamekit.catan.base.CatanState._observation`):
factories, their pegs and every player's unplaced pegs stand in plain view, so they add nothing
hidden.
"""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar

from .. import register
from ..chance import roll
from ..core import Game, IllegalAction
from ..dice import colour_die, d6
from ..validation import integer, integers, listing
from . import RESOURCES
from .actions import (
    ACTION_TYPES,
    BuildFactory,
    Invest,
    MoveRobber,
    PlacePeg,
    RotateFactory,
)
from .base import CatanState
from .options import FactoriesOptions
from .production import NUMBERS, Factory, Peg, check_investment, invest, peg_hole, pegs_paid
from .rules import BASE_RULES, afford
from .rules import COSTS as BASE_COSTS
from .rules import KIND_NAMES as BASE_KIND_NAMES

__all__ = ["FactoriesState", "FACTORIES", "COSTS", "RULES", "FACTORY", "KIND_NAMES", "INVESTMENT_D6", "COLOUR_DIE"]

#: Rules ``catan-building-costs``, ``factories-building``, ``factories-investment``: cards per resource.
COSTS: dict[str, tuple[int, int, int, int, int]] = {
    **BASE_COSTS,
    "factory": (2, 0, 0, 0, 3),
    "investment": (1, 0, 0, 0, 1),
}

#: The building kind of a factory (``node_kind``), after the base game's settlement and city.
FACTORY = 3
#: The names of the building kinds, by ``node_kind``: the base game's and the factory.
KIND_NAMES: tuple[str, ...] = BASE_KIND_NAMES + ("factory",)

#: Every rule label the engine cites: the base game's and the factories'.
RULES: tuple[str, ...] = BASE_RULES + (
    "factories-players", "factories-setup", "factories-building", "factories-investment",
    "factories-failed-investment", "factories-derelict", "factories-production", "factories-robber",
    "solcher-production", "solcher-robber",
)  # fmt: skip

#: Rule ``factories-investment``: the d6 an investment rolls, declared.
INVESTMENT_D6 = roll(d6, "investment d6")
#: Rule ``solcher-production``: the colour die rolled with the two dice in Solcher's variant, declared.
COLOUR_DIE = roll(colour_die, "colour die")

_PEG = tuple(PlacePeg(i) for i in range(3))
_factory, _invest = cache(BuildFactory), cache(Invest)


class FactoriesState(CatanState):
    """A game of Catan with factories in progress. See the module docstring for the rules.

    Besides the base game's attributes: ``factories`` maps an intersection to
    ``[owner, rotation, hole0, hole1, hole2]`` where a hole holds -1 (empty), 0 (a blank or
    turned-over peg) or a visible number 1-6; hole ``i`` faces
    ``topology.node_slots[node][(i + rotation) % 3]``. ``pegs_left`` (numbers) and ``blanks_left``
    per player, ``factories_built`` this turn, ``pending_peg`` = ``[node, peg]`` in the ``peg`` phase.
    """

    action_types = ACTION_TYPES
    options: FactoriesOptions

    COSTS = COSTS
    KIND_NAMES = KIND_NAMES
    DICE = 3  # white, red and the colour die (None under the basic production rule)
    HOME_RULE: ClassVar[dict[type, str]] = {
        **CatanState.HOME_RULE,
        BuildFactory: "factories-building",
        Invest: "factories-investment",
        PlacePeg: "factories-investment",
        RotateFactory: "solcher-robber",
    }
    PHASE_RULE: ClassVar[dict[str, str]] = {**CatanState.PHASE_RULE, "peg": "factories-investment"}
    PHASE_ACTIONS: ClassVar[dict[str, tuple[type, ...]]] = {
        **CatanState.PHASE_ACTIONS,
        "robber": (MoveRobber, RotateFactory),
        "main": CatanState.PHASE_ACTIONS["main"] + (BuildFactory, Invest),
        "peg": (PlacePeg,),
    }

    # -- setup and turns -----------------------------------------------------------------------
    def _setup_more(self) -> None:
        """Rule ``factories-setup``: factories, numbered and blank pegs per player."""
        n = self.players
        self.factories: dict[int, list[int]] = {}
        self.pegs_left = [list(NUMBERS) for _ in range(n)]
        self.blanks_left = [self.options.blank_pegs] * n
        self.factories_built = 0
        self.pending_peg: list[int] | None = None

    def _new_turn(self) -> None:
        self.factories_built = 0  # rule factories-building: one factory per turn

    # -- queries -------------------------------------------------------------------------------
    def pieces_left(self, player: int) -> dict[str, int]:
        """Roads, settlements, cities (rule ``catan-building-costs``) and factories (rule
        ``factories-setup``) the player can still build."""
        left = super().pieces_left(player)
        left["factory"] = self.options.factories_per_player - self._count(player, FACTORY)
        return left

    def robbable(self, node: int) -> bool:
        """Rules ``catan-robber``, ``factories-robber``: settlements and cities; factories only
        with the setting ``robber_steals_from_factory_owners``."""
        if self.node_kind[node] == FACTORY:
            return self.options.robber_steals_from_factory_owners
        return super().robbable(node)

    def factory_hex(self, node: int, hole: int) -> int:
        """The hex that a factory's hole faces (-1: the sea or off the board)."""
        f = self.factories[node]
        return self.topo.node_slots[node][(hole + f[1]) % 3]

    def is_derelict(self, node: int) -> bool:
        """Rule ``factories-derelict``: a factory with no visible numbered peg."""
        return all(h <= 0 for h in self.factories[node][2:])

    # -- legal actions -------------------------------------------------------------------------
    def _more_main_actions(self, p: int, acts: list[Any]) -> None:
        """Rules ``factories-building``, ``factories-investment``."""
        hand = self.hands[p]
        opts = self.options
        costs = self.COSTS  # the costs in force, as the check reads them (_need)
        if (afford(hand, costs["factory"]) and self.factories_built < opts.factories_per_turn
                and self._count(p, FACTORY) < opts.factories_per_player):  # fmt: skip
            acts.extend(_factory(v) for v in self.building_sites(p))
        if self.factories and afford(hand, costs["investment"]) and (self.pegs_left[p] or self.blanks_left[p]):
            for v in sorted(self.buildings[p]):
                f = self.factories.get(v)
                if f is not None and min(f[2:]) < 0:
                    acts.append(_invest(v))

    def _phase_actions(self, phase: str) -> list[Any]:
        if phase == "peg":
            holes = self.factories[self.pending_peg[0]]  # type: ignore[index]
            return [_PEG[i] for i in range(3) if holes[2 + i] < 0]
        return []

    def robber_actions(self) -> list[Any]:
        """Rules ``catan-robber``, ``solcher-robber`` (turning a factory instead, as a setting)."""
        acts = super().robber_actions()
        if self.options.robber_may_rotate_factory:
            for v in sorted(self.factories):
                acts.append(RotateFactory(v, 1))
                acts.append(RotateFactory(v, -1))
        return acts

    # -- checking ------------------------------------------------------------------------------
    def _check_BuildFactory(self, action: BuildFactory) -> None:
        v = self._check_site(action.node, "factories-building")
        p = self.turn
        if not self.building_site(p, v):
            raise IllegalAction(f"a factory needs your road at intersection {v}", "factories-building")
        if self.factories_built >= self.options.factories_per_turn:
            raise IllegalAction(f"only {self.options.factories_per_turn} factory per turn may be built", "factories-building")
        if not self.pieces_left(p)["factory"]:
            raise IllegalAction(f"no factories left ({self.options.factories_per_player} per player)", "factories-setup")
        self._need(p, "factory", "factories-building")

    def _check_Invest(self, action: Invest) -> None:
        v = self._valid_node(action.node, "factories-investment")
        p = self.turn
        f = self.factories.get(v)
        if f is None or f[0] != p:
            raise IllegalAction(f"you have no factory at intersection {v}", "factories-investment")
        check_investment([i for i in range(3) if f[2 + i] < 0], self.pegs_left[p], self.blanks_left[p])
        self._need(p, "investment", "factories-investment")

    def _check_PlacePeg(self, action: PlacePeg) -> None:
        holes = self.factories[self.pending_peg[0]]  # type: ignore[index]
        peg_hole([i for i in range(3) if holes[2 + i] < 0], action.hole)

    def _check_RotateFactory(self, action: RotateFactory) -> None:
        if not self.options.robber_may_rotate_factory:
            raise IllegalAction("rotating factories needs the setting robber_may_rotate_factory", "solcher-robber")
        if action.node not in self.factories:
            raise IllegalAction(f"there is no factory at {action.node!r}", "solcher-robber")
        if action.step not in (1, -1) or isinstance(action.step, bool):
            raise IllegalAction("a factory turns one position: step 1 or -1", "solcher-robber")

    # -- carrying out --------------------------------------------------------------------------
    def _do_BuildFactory(self, action: BuildFactory) -> None:
        p = self.turn
        self._pay(p, "factory")
        self._place(p, action.node, FACTORY)
        self.factories[action.node] = [p, 0, -1, -1, -1]
        self.factories_built += 1

    def _do_Invest(self, action: Invest) -> None:
        """Rules ``factories-investment``, ``factories-failed-investment``."""
        p = self.turn
        self._pay(p, "investment")
        number = self.draw(INVESTMENT_D6)
        holes = self.factories[action.node]
        done = invest([i for i in range(3) if holes[2 + i] < 0], number, self.pegs_left[p], self.blanks_left[p])
        self.pegs_left[p], self.blanks_left[p] = list(done.numbers_left), done.blanks_left
        if done.hole is not None:
            holes[2 + done.hole] = done.peg
        else:
            self.pending_peg = [action.node, done.peg]
            self.phase = "peg"

    def _do_PlacePeg(self, action: PlacePeg) -> None:
        node, peg = self.pending_peg  # type: ignore[misc]
        self.factories[node][2 + action.hole] = peg
        self.pending_peg = None
        self.phase = "main"

    def _do_RotateFactory(self, action: RotateFactory) -> None:
        f = self.factories[action.node]
        f[1] = (f[1] + action.step) % 3
        self.phase = self.resume

    # -- production ----------------------------------------------------------------------------
    def _roll_dice(self) -> tuple[int, list[Any]]:
        """Rules ``catan-production``, ``solcher-production``: the two dice, and the colour die
        under Solcher's production rule."""
        total, faces = super()._roll_dice()
        solcher = self.options.production_rule == "solcher"
        colour = self.draw(COLOUR_DIE) if solcher else None
        return total, [faces[0], faces[1], colour]

    def production_claims(self, total: int, dice: list[Any]) -> list[list[int]]:
        """Rules ``catan-production``, ``factories-production``, ``solcher-production``: the
        settlements' and cities' claims plus the factories' yields."""
        claims = super().production_claims(total, dice)
        if self.factories and (total not in self.options.robber_rolls or self.options.factories_produce_on_seven):
            self._factory_claims(claims, dice[:2], dice[2])
        return claims

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

    # -- copying and saving --------------------------------------------------------------------
    def _arrange(self, turn: int | None, phase: str | None, settlements: Any, cities: Any, roads: Any, ships: Any,
                 factories: Any, hands: dict[int, dict[str, int]]) -> None:
        """:meth:`CatanState.arrange <gamekit.catan.base.CatanState.arrange>` with ``factories``:
        each ``(player, node)`` a factory with empty holes, not rotated."""
        for player, node in factories:
            self.node_owner[node], self.node_kind[node] = player, FACTORY
            self.factories[node] = [player, 0, -1, -1, -1]
        super()._arrange(turn, phase, settlements, cities, roads, ships, (), hands)

    #: The factories' own mutable fields (see ``CatanState.MUTABLE``).
    MUTABLE = {**CatanState.MUTABLE, "factories": "dict of lists", "pegs_left": "nested", "blanks_left": "list",
               "pending_peg": "list"}

    def _data_more(self, data: dict[str, Any]) -> None:
        data.update({
            "factories": [[v] + f for v, f in sorted(self.factories.items())],
            "pegs_left": self.pegs_left,
            "blanks_left": self.blanks_left,
            "factories_built": self.factories_built,
            "pending_peg": self.pending_peg,
        })  # fmt: skip

    def _read_state(self, data: Any) -> dict[str, Any]:
        """The base game's attributes, then the factories' (rules ``factories-setup``,
        ``factories-investment``): each factory matches the board, every player's pegs add up."""
        values = super()._read_state(data)
        n, opts = self.players, self.options
        factories = self._read_factories(data["factories"], values["node_owner"], values["node_kind"])
        pegs_left = listing(data["pegs_left"], "pegs_left", n)
        for p, left in enumerate(pegs_left):
            if not isinstance(left, list) or left != sorted(set(left)) or any(x not in NUMBERS for x in left):
                raise ValueError(f"pegs_left[{p}] must be distinct numbers 1-6, smallest first")
            shown = [h for f in factories.values() if f[0] == p for h in f[2:] if h > 0]
            if len(set(shown)) != len(shown) or set(shown) & set(left):
                raise ValueError(f"player {p}'s pegs do not add up")
        blanks_left = integers(data["blanks_left"], "blanks_left", n, 0, opts.blank_pegs)
        factories_built = integer(data["factories_built"], "factories_built", 0, opts.factories_per_turn)
        pending_peg = data["pending_peg"]
        if pending_peg is not None:
            if not isinstance(pending_peg, list) or len(pending_peg) != 2 or pending_peg[0] not in factories:
                raise ValueError("a pending peg is [factory node, peg]")
            pending_peg = [pending_peg[0], integer(pending_peg[1], "peg", 0, 6)]
        if (values["phase"] == "peg") != (pending_peg is not None):
            raise ValueError("a pending peg waits exactly in the peg phase")
        values.update(factories=factories, pegs_left=[list(left) for left in pegs_left], blanks_left=blanks_left,
                      factories_built=factories_built, pending_peg=pending_peg)  # fmt: skip
        return values

    def _read_factories(self, rows: Any, node_owner: list[int], node_kind: list[int]) -> dict[int, list[int]]:
        """The saved factories, ``[node, owner, rotation, hole, hole, hole]`` each, by node: one
        for each factory on the board, no player with more than the box holds."""
        n, nodes, most = self.players, len(node_owner), self.options.factories_per_player
        for p in range(n):
            if sum(1 for v in range(nodes) if node_owner[v] == p and node_kind[v] == FACTORY) > most:
                raise ValueError(f"player {p} has more than {most} factories")
        factories: dict[int, list[int]] = {}
        for row in listing(rows, "factories"):
            if not isinstance(row, list) or len(row) != 6:
                raise ValueError(f"a factory is [node, owner, rotation, hole, hole, hole], not {row!r}")
            v = integer(row[0], "factory node", 0, nodes - 1)
            owner = integer(row[1], "factory owner", 0, n - 1)
            if node_owner[v] != owner or node_kind[v] != FACTORY or v in factories:
                raise ValueError(f"factory at {v} does not match the board")
            factories[v] = [owner, integer(row[2], "rotation", 0, 2)] + integers(row[3:], "holes", 3, -1, 6)
        if len(factories) != node_kind.count(FACTORY):
            raise ValueError("every factory on the board needs its pegs")
        return factories


#: Catan with factories as a :class:`gamekit.Game`, registered as ``factories``.
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
        bots="gamekit.catan.bots",
        action_space="gamekit.catan.actions:action_space",
        play_view="gamekit.web.play_tables:CATAN_VIEW",
        play_page="factories",
    )
)
