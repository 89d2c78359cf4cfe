"""Computer players for ITC: the heuristic player and the position evaluation the search uses.

The heuristic (:class:`ItcHeuristic`, ``gamekit.bot("itc", "heuristic")``) plays as a careful
beginner would, and says why in one sentence. It reads only a determinised position (what its
player may know) and chooses among the engine's legal actions; every rule check is the engine's.
Where it had to choose, it chose as follows.

* Everything is measured in euros of profit expected soon. A transport point is worth the
  profit of a transport card (the robbed figure unless the player controls the Mafia, rule
  ``itc-arrival``) spread over the points it takes to place, move up and deliver the card. A
  continent point is worth the best sale it makes possible now in one place, with sales markers
  placed first where that sells more (rule ``itc-selling``, :func:`gamekit.itc.selling.max_colours`,
  as in the worked example ``itc-selling-example-1``), and otherwise about 800 euros for a sales
  marker that prepares a later sale. A transport card drawn with the red die is worth about
  2,500 euros to an empty hand, less to a full one.
* Setup (rule ``itc-setup``): it builds up two continents, three markers in one and two in the
  other, choosing continents where the other players are weak.
* Dice (rules ``itc-dice``, ``itc-red-die``): it chooses the pair of dice whose better die is worth
  most on average, exactly over all their faces, and then keeps the die worth more now.
* Points: each action is scored in the same euros and the best is played until no action is worth
  anything; then it ends the turn. Delivering beats moving, moving a card that can still arrive
  this turn beats moving one that cannot, a card stuck in a full row (rule ``itc-full-rows``) is
  moved first. A card leaving the route goes to the continent where the player holds the most
  sales markers compared with the others. It sells as soon as its markers suffice for a sale
  worth more than the markers it could place instead.
* Action cards: Smuggling goes under a transport on the route where it pays most after the
  risk of a customs check (rule ``itc-customs-check``), Megatransport under the most profitable
  card, Express under a long route's card; Organisation is always played when allowed.
* Grey market (rule ``itc-grey-market-fight``): it attacks only when its three attack markers win
  with a probability of at least one half, by the exact odds of
  :func:`gamekit.itc.probability.grey_market_win_probability`.
* Over the hand limit (rule ``itc-hand-limit``) it discards the card worth least to it.

The evaluation (:func:`evaluate`) counts in the same euros: each player's score, what their
transports on the board, cards in hand, sales markers and control of the Mafia are expected to
bring, and for the player to move what the rest of the turn should bring; it is turned into a
value between 0 and 1 by how far the player leads (or trails) the best of the others, on a scale
of one eighth of the goal.

The search (:class:`ItcSearch`, ``gamekit.bot("itc", "search")``, registered with
:func:`gamekit.bots.register_search`) is an expectimax over determinised positions with the exact
outcomes of each action, scored by that evaluation: the default tree search of gamekit lost nearly
every game to the heuristic here (see its docstring).
"""

from __future__ import annotations

import math
import time
from typing import Any

from ..bots import HeuristicBot, SearchBot, register_evaluator, register_heuristic, register_search
from ..chance import TooManyOutcomes
from ..validation import counted
from .actions import (
    Attack,
    ChooseDice,
    DeliverTransport,
    Discard,
    EndTurn,
    ExpressMove,
    KeepDie,
    MoveTransport,
    PlaceSalesMarker,
    PlaceTransport,
    PlayCard,
    Sell,
)
from .data import CONTINENTS, GREY, LANE_ROUTE, PLACE_INDEX, ROUTE_INDEX, ROUTE_LANES, ROUTES
from .dice_turn import DICE_PAIRS, DIE_SIDES
from .probability import RED_POINTS, grey_market_win_probability
from .selling import cheapest_colours, max_colours

__all__ = ["ItcHeuristic", "ItcSearch", "evaluate"]

MARKER_VALUE = 800  # a sales marker placed for a later sale
CARD_VALUES = (2_500, 2_500, 2_000, 1_200, 600, 200)  # the n-th transport card in hand (the 7th and on: 0)
FINISH_BONUS = 1_500  # a transport delivered this turn: its stone comes home, it leaves the risks behind
ATTACK_ODDS = 0.5  # attack only when the attack markers win at least this often
CONTROL_VALUE = 15_000  # controlling the Mafia: unrobbed profits, the grey market's goods
CUSTOMS_PER_DRAW = 4 / 80  # customs checks of a route among the action cards (setting action_deck)


class ItcHeuristic(HeuristicBot):
    """A sensible ITC player (see the module docstring for how it chooses)."""

    def decide(self, view: Any, player: int) -> tuple[Any, str]:
        phase = view.phase
        actions = view.legal_actions()
        if phase == "setup":
            return _setup_marker(view, player, actions)
        if phase == "choose":
            return _choose_dice(view, player, actions)
        if phase == "keep":
            return _keep_die(view, player, actions)
        if phase == "act":
            return _act(view, player, actions)
        return actions[0], "the only step the rules allow now"


# -- what things are worth ------------------------------------------------------------------------


def _robbed(view: Any, player: int) -> bool:
    """Whether the Mafia robs this player's arriving transports (rule ``itc-arrival``, setting ``mafia_robbery``)."""
    mode = view.options.mafia_robbery
    return mode == "always" or (mode == "other-owner" and view.controller != player)


def _profit(view: Any, card: int, route: int, robbed: bool) -> int:
    upper, lower = view.cards.profit[card][route]
    return lower if robbed else upper


def _lane_length(view: Any, route: int) -> int:
    return view.options.lane_lengths[route]


def _smuggling_worth(view: Any, route: int) -> float:
    """A Smuggling card's expected gain on ``route``: its value, lost twice over if a customs check
    for the route is drawn first (one action card per turn, while the card needs about a field per turn)."""
    value = view.options.smuggling_values[route]
    draws = view.players * (_lane_length(view, route) + 1) / 2
    caught = min(0.45, CUSTOMS_PER_DRAW * draws)
    return value * (1 - 2 * caught)


def _transport_steps(view: Any, player: int, blue: bool) -> list[tuple[float, int]]:
    """What one transport point is worth on each of the player's transports: ``(euros per point,
    points it can take)`` for the cards on the board and the cards in hand that can be placed."""
    robbed = _robbed(view, player)
    cards = view.cards
    kind = cards.kind
    out = []
    for card in view.fleet[player]:
        lane = view.at_lane[card]
        route = LANE_ROUTE[lane]
        length = len(view.lanes[lane])
        field = view.at_field[card]
        express = view.is_express(card)
        if express and not blue:
            continue
        profit = _profit(view, card, route, robbed)
        left = length - field
        if express and field < length - 1 and view.lanes[lane][-1] < 0:
            out.append((profit / 2, 2))
        elif field == length - 1 or view.one_point_steps(card, view.options.diagonal_moves):
            out.append((profit / (length + 1), left))
    if view.has_stone(player):
        for card in view.hands[player]:
            if kind[card] != "transport":
                continue
            best = 0.0
            for route in cards.routes[card]:
                if view.route_has_room(player, route):
                    best = max(best, _profit(view, card, route, robbed) / (_lane_length(view, route) + 1))
            if best:
                out.append((best, _lane_length(view, cards.routes[card][0]) + 1))
    out.sort(reverse=True)
    return out


def _transport_values(view: Any, player: int, blue: bool, most: int) -> list[float]:
    """``values[k]``: what ``k`` transport points are worth now (k = 0..most)."""
    values = [0.0]
    steps = _transport_steps(view, player, blue)
    total = 0.0
    for worth, n in steps:
        for _ in range(n):
            if len(values) > most:
                return values
            total += worth
            values.append(total)
    while len(values) <= most:
        values.append(total)
    return values


def _sale_table(view: Any, player: int, most: int) -> list[tuple[int, list[int], list[int]]]:
    """For each place where the player could sell with at most ``most`` continent points:
    ``(place, colours sellable with e more markers for e = 0..most, profit of selling the k cheapest
    colours)``, from the engine's rule functions :func:`~gamekit.itc.selling.max_colours` and
    :func:`~gamekit.itc.selling.cheapest_colours` (rule ``itc-selling``)."""
    out = []
    controller = view.controller == player
    markers = view.markers
    spare = min(most, view.stones[player])
    for place in range(7):
        if place == GREY and not controller:
            continue
        counts = view.sellable_counts(place)
        mine = markers[place][player]
        if not max_colours(counts, mine + spare, most):
            continue  # nothing to sell here even with every point spent on markers first
        sellable = [max_colours(counts, mine + extra, most) for extra in range(spare + 1)]
        values = view.options.resale_values
        profits = [cheapest_colours(counts, k, values).profit for k in range(max(sellable) + 1)]
        out.append((place, sellable, profits))
    return out


def _place_plans(view: Any, player: int, points: int, table: list | None = None) -> list[tuple[float, int, int, int]]:
    """For each place where the player could sell: the best use of ``points`` continent points
    there, as ``(euros, place, markers to place first, colours then sold)``; the points left over
    count as markers placed for later (rules ``itc-placing-markers``, ``itc-selling``), best first.
    ``table`` is :func:`_sale_table` for at least ``points`` points."""
    if table is None:
        table = _sale_table(view, player, points)
    out = []
    for place, sellable, profits in table:
        best = None
        for extra in range(min(points, len(sellable) - 1) + 1):
            # max_colours(counts, m, p) is the smaller of p and max_colours(counts, m, most) for p <= most
            k = min(sellable[extra], points - extra)
            if not k:
                continue
            value = profits[k] + (points - extra - k) * MARKER_VALUE
            if best is None or value > best[0]:
                best = (value, place, extra, k)
        if best is not None:
            out.append(best)
    out.sort(reverse=True)
    return out


def _attack_odds(view: Any, player: int) -> float:
    """The exact chance that this player's attack on the grey market wins now (0 if it may not attack)."""
    if view.controller == player or view.attacked or view.stones[player] <= 0:
        return 0.0
    attackers = min(view.options.attack_markers, view.stones[player])
    defenders = view.markers[GREY][view.controller] + (1 if view.options.mafia_stone_defends else 0)
    return float(grey_market_win_probability(attackers, defenders))


def _continent_values(view: Any, player: int, most: int) -> list[float]:
    """``values[k]``: what ``k`` continent points are worth now (k = 0..most)."""
    stones = view.stones[player]
    table = _sale_table(view, player, most)
    plain = [0.0]
    for k in range(1, most + 1):
        plans = _place_plans(view, player, k, table)
        plain.append(plans[0][0] if plans else min(k, stones) * MARKER_VALUE)
    odds = _attack_odds(view, player)
    if odds < ATTACK_ODDS:
        return plain
    attack = odds * CONTROL_VALUE
    return [plain[0]] + [max(plain[k], attack + plain[k - 1]) for k in range(1, most + 1)]


def _card_values(view: Any, player: int, most: int) -> list[float]:
    """``values[k]``: what drawing ``k`` transport cards is worth (k = 0..most), by the hand held."""
    held = sum(1 for c in view.hands[player] if view.cards.kind[c] == "transport")
    values = [0.0]
    for i in range(most):
        n = held + i
        values.append(values[-1] + (CARD_VALUES[n] if n < len(CARD_VALUES) else 0))
    return values


class _Dice:
    """What each face of each die is worth to the player now (rules ``itc-dice``, ``itc-red-die``)."""

    def __init__(self, view: Any, player: int) -> None:
        transport_blue = _transport_values(view, player, True, DIE_SIDES["blue"])
        transport_red = _transport_values(view, player, False, RED_POINTS)
        continent = _continent_values(view, player, DIE_SIDES["green"])
        cards = _card_values(view, player, RED_POINTS)
        self.worth = {
            "blue": [transport_blue[v] for v in range(1, DIE_SIDES["blue"] + 1)],
            "green": [continent[v] for v in range(1, DIE_SIDES["green"] + 1)],
            "red": [cards[v] + max(transport_red[k] + continent[RED_POINTS - v - k] for k in range(RED_POINTS - v + 1))
                    for v in range(1, DIE_SIDES["red"] + 1)],
        }

    def face(self, colour: str, value: int) -> float:
        return self.worth[colour][value - 1]

    def pair(self, a: str, b: str) -> float:
        """The mean worth of the better die of the pair, exactly over all faces."""
        wa, wb = self.worth[a], self.worth[b]
        return sum([x if x > y else y for x in wa for y in wb]) / (len(wa) * len(wb))


# -- the decisions ---------------------------------------------------------------------------------


def _setup_marker(view: Any, player: int, actions: list[Any]) -> tuple[Any, str]:
    """Rule ``itc-setup``: three markers in one continent and two in another, where the others are weakest."""
    markers = view.markers
    mine = [markers[c][player] for c in range(6)]
    top = max(range(6), key=lambda c: (mine[c], -c))
    held_in = sum(1 for v in mine if v)

    def others(c: int) -> int:
        return max((markers[c][q] for q in range(view.players) if q != player), default=0)

    def priority(c: int) -> int:
        if mine[c] and mine[c] < (3 if c == top else 2):
            return 2  # build up a stronghold
        if not mine[c] and held_in < 2:
            return 1  # start one
        return 0

    best = max(actions, key=lambda a: (priority(PLACE_INDEX[a.place]), -others(PLACE_INDEX[a.place]),
                                       mine[PLACE_INDEX[a.place]]))
    c = PLACE_INDEX[best.place]
    if mine[c]:
        return best, f"builds up {best.place}, where I already have {counted(mine[c], 'sales marker')} and the others are weak"
    return best, f"starts a stronghold in {best.place}, where the others have {counted(others(c), 'marker')} at most"


def _choose_dice(view: Any, player: int, actions: list[Any]) -> tuple[Any, str]:
    """Rule ``itc-dice``: the pair whose better die is worth most on average."""
    dice = _Dice(view, player)
    scored = [(dice.pair(a.first, a.second), -i, a) for i, a in enumerate(actions) if isinstance(a, ChooseDice)]
    worth, _, best = max(scored)
    return best, (f"rolls {best.first} and {best.second}: keeping the better of the two is worth about "
                  f"{worth:,.0f} euros on average, more than any other pair")


def _keep_die(view: Any, player: int, actions: list[Any]) -> tuple[Any, str]:
    """Rules ``itc-dice``, ``itc-red-die``: the die worth more now."""
    dice = _Dice(view, player)
    scored = [(dice.face(a.colour, view.rolls[a.colour]), -i, a) for i, a in enumerate(actions) if isinstance(a, KeepDie)]
    worth, _, best = max(scored)
    other = [c for c in view.chosen if c != best.colour][0]
    return best, (f"keeps the {best.colour} {view.rolls[best.colour]} (worth about {worth:,.0f} euros now) rather "
                  f"than the {other} {view.rolls[other]}")


def _destination(view: Any, player: int, card: int) -> str:
    """Where a transport leaving the route should go (rule ``itc-arrival``): the continent where the
    player holds the most sales markers against the others, with room for its goods."""
    goods = view.cards.goods[card]
    capacity = view.options.continent_capacity
    best, best_score = CONTINENTS[0], -math.inf
    for c, name in enumerate(CONTINENTS):
        row = view.markers[c]
        rival = max((row[q] for q in range(view.players) if q != player), default=0)
        room = sum(1 for g in goods if view.goods[c][g] < capacity)
        score = 2 * row[player] - rival + room
        if score > best_score:
            best, best_score = name, score
    return best


class _Turn:
    """What the ``act`` step's choices are worth (see :func:`_act`), with caches for one decision."""

    def __init__(self, view: Any, player: int) -> None:
        self.view = view
        self.player = player
        self.kind = view.cards.kind
        self.robbed = _robbed(view, player)
        blue, green, leftover = view.transport_points, view.continent_points, view.leftover_points
        self.transport_points = blue if blue > 0 else leftover
        self.continent_points = green if green > 0 else leftover
        self.stuck = set()  # the player's cards in a full row it must free (rule itc-full-rows)
        for route, field in view.obliged:
            if view.row_full(route, field):
                for lane in ROUTE_LANES[route]:
                    card = view.lanes[lane][field]
                    if card >= 0 and view.owner[card] == player:
                        self.stuck.add(card)
        self.plan_of: dict[int, tuple[float, int, int]] = {}
        if self.continent_points > 0:
            for value, place, extra, k in _place_plans(view, player, self.continent_points):
                self.plan_of.setdefault(place, (value, extra, k))
        self.destinations: dict[int, str] = {}
        self.placing: dict[tuple[int, str, str], float] = {}
        self.markers: dict[int, float] = {}

    def destination(self, card: int) -> str:
        name = self.destinations.get(card)
        if name is None:
            name = self.destinations[card] = _destination(self.view, self.player, card)
        return name

    def score(self, a: Any) -> float | None:
        """The action's worth in euros, or ``None`` for one never worth playing (a worse destination
        for the same card, a sale that is not the best plan, an attack at poor odds)."""
        view, t = self.view, type(a)
        if t is MoveTransport or t is ExpressMove:
            card = a.card
            lane = view.at_lane[card]
            length = len(view.lanes[lane])
            field = view.at_field[card]
            per = _profit(view, card, LANE_ROUTE[lane], self.robbed) / (length + 1)
            if t is ExpressMove:
                value = per * (length - 1 - field) + FINISH_BONUS / 2
            else:
                value = per + field * 10
                if length - field <= self.transport_points:
                    value += FINISH_BONUS / 2
                if ROUTE_LANES[LANE_ROUTE[lane]][a.lane - 1] != lane:
                    value -= 50  # straight on when it can
            return value + (5_000 if card in self.stuck else 0)
        if t is PlaceTransport:
            key = (a.card, a.route, a.under)
            value = self.placing.get(key)
            if value is None:
                route = ROUTE_INDEX[a.route]
                length = _lane_length(view, route)
                profit = _profit(view, a.card, route, self.robbed)
                value = profit / (length + 1)
                if a.under == "smuggling":
                    value += _smuggling_worth(view, route)
                elif a.under == "mega":
                    value += profit * view.options.mega_bonus_percent / 100 * 0.6
                elif a.under == "express":
                    value += profit / (length + 1) * (length - 2) * 0.4
                self.placing[key] = value
            lane = ROUTE_LANES[ROUTE_INDEX[a.route]][a.lane - 1]
            if len(view.lanes[lane]) > 1 and view.lanes[lane][1] >= 0:
                value -= 100  # a free lane ahead is better than one about to be blocked
            return value
        if t is DeliverTransport:
            if self.destination(a.card) != a.continent:
                return None
            card = a.card
            route = LANE_ROUTE[view.at_lane[card]]
            return (_profit(view, card, route, self.robbed) + self.bonus(card, route) + FINISH_BONUS
                    + (5_000 if card in self.stuck else 0))
        if t is Sell:
            plan = self.plan_of.get(PLACE_INDEX[a.place])
            if plan is None or plan[1] != 0 or plan[2] != a.colours:
                return None
            return plan[0]
        if t is PlaceSalesMarker:
            place = PLACE_INDEX[a.place]
            plan = self.plan_of.get(place)
            if plan is not None and plan[1] > 0:
                return plan[0] - 1
            value = self.markers.get(place)
            if value is None:
                value = self.markers[place] = _marker_worth(view, self.player, place)
            return value
        if t is Attack:
            odds = _attack_odds(view, self.player)
            return odds * CONTROL_VALUE if odds >= ATTACK_ODDS else None
        if t is PlayCard:
            return 2 * MARKER_VALUE + 500
        if t is Discard:
            return -_card_worth(view, self.player, a.card) - 10_000
        if t is EndTurn:
            return 0.0
        return None  # pragma: no cover - every action of the act step is scored above

    def bonus(self, card: int, route: int) -> int:
        """What the card under a transport adds when it arrives (rule ``itc-smuggling``, the Megatransport card)."""
        u = self.view.under[card]
        if u < 0:
            return 0
        kind = self.kind[u]
        if kind == "smuggling":
            return self.view.options.smuggling_values[route]
        if kind == "mega":
            return _profit(self.view, card, route, self.robbed) * self.view.options.mega_bonus_percent // 100
        return 0

    def reason(self, a: Any) -> str:
        """One sentence on why ``a`` was chosen."""
        view, t, player = self.view, type(a), self.player
        if t is DeliverTransport:
            route = LANE_ROUTE[view.at_lane[a.card]]
            euros = _profit(view, a.card, route, self.robbed) + self.bonus(a.card, route)
            return f"delivers card {a.card} to {a.continent}, where its sales markers are strongest, for {euros:,} euros"
        if t is MoveTransport or t is ExpressMove:
            if a.card in self.stuck:
                return f"moves card {a.card} out of a full row, where it would be lost at the end of the turn"
            if t is ExpressMove:
                return f"sends card {a.card} express to the top of its lane"
            lane = view.at_lane[a.card]
            soon = len(view.lanes[lane]) - view.at_field[a.card] <= self.transport_points
            return (f"moves card {a.card} up the {ROUTES[LANE_ROUTE[lane]]} route"
                    + (", so that it can arrive this turn" if soon else ""))
        if t is PlaceTransport:
            profit = _profit(view, a.card, ROUTE_INDEX[a.route], self.robbed)
            return (f"puts card {a.card} on the {a.route} route" + (f" with a {a.under} card under it" if a.under else "")
                    + f", a transport worth {profit:,} euros")
        if t is Sell:
            place = PLACE_INDEX[a.place]
            sale = cheapest_colours(view.sellable_counts(place), a.colours, view.options.resale_values)
            return (f"sells {', '.join(sale.colours)} in {a.place} for {sale.profit:,} euros: its "
                    f"{counted(view.markers[place][player], 'sales marker')} there suffice")
        if t is PlaceSalesMarker:
            plan = self.plan_of.get(PLACE_INDEX[a.place])
            if plan is not None and plan[1] > 0:
                return f"places a sales marker in {a.place} so that it can then sell {counted(plan[2], 'colour')} there"
            return f"places a sales marker in {a.place} to prepare a later sale"
        if t is Attack:
            return (f"attacks the grey market: its attack markers win with probability "
                    f"{_attack_odds(view, player):.0%}, and control of the Mafia spares its transports from robbery")
        if t is PlayCard:
            return "plays Organisation: free sales markers in the grey market"
        if t is Discard:
            return f"discards card {a.card}, the card worth least to it, to keep to the hand limit"
        return "ends the turn: nothing left is worth a point"


def _act(view: Any, player: int, actions: list[Any]) -> tuple[Any, str]:
    """The ``act`` step: the legal action worth most now; the turn ends when none is worth anything."""
    turn = _Turn(view, player)
    score = turn.score
    best, best_value = None, -math.inf
    for a in actions:
        value = score(a)
        if value is not None and value > best_value:
            best, best_value = a, value
    if best is None:  # pragma: no cover - EndTurn or a Discard is always among the act actions
        return actions[0], "plays the first legal move"
    return best, turn.reason(best)


def _marker_worth(view: Any, player: int, place: int) -> float:
    """A sales marker placed for a later sale: more where goods lie that the player cannot yet sell,
    less where another player has far more markers, nothing without stones to spare for transports."""
    if view.stones[player] <= 2:
        return 100.0
    counts = view.goods[place]
    mine = view.markers[place][player]
    rival = max((view.markers[place][q] for q in range(view.players) if q != player), default=0)
    worth = MARKER_VALUE * 0.6
    cheap = [n for n in counts if n]
    if cheap and max(cheap[:3]) > mine:
        worth += 400
    if place < 6 and mine >= rival:
        worth += 200
    if place == GREY:
        worth += 300
    return worth


def _card_worth(view: Any, player: int, card: int) -> float:
    """What a card in hand is worth to the player, to choose what to discard (rule ``itc-hand-limit``)."""
    cards = view.cards
    kind = cards.kind[card]
    if kind == "transport":
        robbed = _robbed(view, player)
        return max(_profit(view, card, r, robbed) for r in cards.routes[card])
    if kind == "smuggling":
        return 6_000.0
    if kind == "mega":
        return 4_000.0
    if kind == "express":
        return 3_000.0
    if kind == "organisation":
        return 2_000.0 if view.controller == player else 500.0
    return 0.0


# -- the evaluation of a position -------------------------------------------------------------------


def _potential(view: Any, player: int) -> float:
    """The player's expected profit, in the euros the heuristic counts in: the score, the part of
    each transport's profit (and of its Smuggling or Megatransport bonus) already earned by the
    points put into it, the cards in hand, a sales marker's worth for each marker placed, half of
    the best sale the markers allow now (less the markers it returns), and half the worth of
    controlling the Mafia."""
    robbed = _robbed(view, player)
    total = float(view.score[player])
    kind = view.cards.kind
    options = view.options
    for card in view.fleet[player]:
        lane = view.at_lane[card]
        route = LANE_ROUTE[lane]
        profit = _profit(view, card, route, robbed)
        u = view.under[card]
        if u >= 0 and kind[u] == "smuggling":
            profit += _smuggling_worth(view, route)
        elif u >= 0 and kind[u] == "mega":
            profit += profit * options.mega_bonus_percent / 100
        total += profit * (view.at_field[card] + 1) / (len(view.lanes[lane]) + 1)
    held = 0
    for c in view.hands[player]:
        k = kind[c]
        if k == "transport":
            total += CARD_VALUES[held] if held < len(CARD_VALUES) else 0
            held += 1
        else:
            total += _card_worth(view, player, c) / 2
    markers = view.markers
    best = 0.0
    for place in range(7):
        mine = markers[place][player]
        if not mine:
            continue
        total += mine * MARKER_VALUE
        k = max_colours(view.goods[place], mine, 6)
        if k:
            best = max(best, cheapest_colours(view.goods[place], k, view.options.resale_values).profit - k * MARKER_VALUE)
    if view.controller == player:
        total += CONTROL_VALUE / 2
    return total + 0.5 * best


def _pending(view: Any, player: int) -> float:
    """What the player to move can still make of this turn, in the heuristic's euros: the points
    left (``act``), the better of the two dice rolled (``keep``), or the mean worth of the best
    pair of dice (``draw``, ``choose``). Spent points and an ended turn are so valued alike."""
    phase = view.phase
    if phase == "act":
        blue, green, leftover = view.transport_points, view.continent_points, view.leftover_points
        value = 0.0
        if blue:
            value += _transport_values(view, player, True, blue)[blue]
        if green:
            value += _continent_values(view, player, green)[green]
        if leftover:
            transport = _transport_values(view, player, False, leftover)
            continent = _continent_values(view, player, leftover)
            value += max(transport[k] + continent[leftover - k] for k in range(leftover + 1))
        return value
    if phase == "keep":
        dice = _Dice(view, player)
        return max(dice.face(c, view.rolls[c]) for c in view.chosen)
    if phase in ("draw", "choose"):
        dice = _Dice(view, player)
        return max(dice.pair(a, b) for a, b in DICE_PAIRS)
    return 0.0


def evaluate(state: Any) -> list[float]:
    """Each player's value of an unfinished ITC position, from 0 to 1: a logistic curve of how far
    the player's expected profit (:func:`_potential`, and for the player to move what the rest of
    the turn should bring, :func:`_pending`) leads the best of the others', on a scale of an eighth
    of the goal."""
    n = state.players
    worth = [_potential(state, p) for p in range(n)]
    mover = state.current_player
    if mover is not None:
        worth[mover] += _pending(state, mover)
    scale = max(1.0, state.options.goal / 8)
    out = []
    for p in range(n):
        rival = max(worth[q] for q in range(n) if q != p)
        out.append(1 / (1 + math.exp(-(worth[p] - rival) / scale)))
    return out


class ItcSearch(SearchBot):
    """ITC's search (``gamekit.bot("itc", "search")``): expectimax over determinised positions.

    The default search of gamekit (ISMCTS, :class:`gamekit.bots.SearchBot`) loses nearly every
    game to the heuristic in ITC: a turn offers 20 to 100 actions, most of them small steps worth
    about the same, and a few hundred iterations give each only a handful of noisy visits. This
    search instead looks at every legal action in a position the player cannot tell from the real
    one (``state.determinize``), takes its exact outcomes (``state.outcomes``: every roll of the
    chosen dice, every end of a grey-market fight; a few seeded samples where they are more than
    48, such as several unseen cards drawn at once), and scores the positions with the evaluation
    (:func:`evaluate`, which counts what the rest of the turn should bring). With ``depth`` 2 or
    more it looks further at the ``width`` best actions: the player's own next move after each of
    their outcomes (the best of its actions), down to ``depth`` moves. It repeats this on new
    determinised positions while the budget lasts and plays the action worth most on average.

    The heuristic's own choice gets ``prior`` (0.01) added to its value, so that near ties (many
    small steps are worth about the same) go the heuristic's way.

    The defaults come from short trials: ten two-player games against the heuristic (goal 60,000,
    the same seeds each time), of which the search won 3 looking two moves ahead, 6 looking one
    move ahead, and 8 with the prior of 0.01 (also 8 with 0.03); the best of many noisy looks two
    moves ahead flatters the actions with the most ways to go on.

    The budget: ``iterations`` is the number of positions evaluated (at least one full pass is
    made), ``ms`` a limit in milliseconds of wall-clock time (checked between passes and deeper
    looks). ``exploration`` and ``rollout`` are accepted for the common interface and not used.
    """

    #: The most outcomes of one action listed exactly (two dice: 6 x 8); beyond, ``SAMPLES`` samples.
    LIMIT = 48
    SAMPLES = 4

    def __init__(self, game_name: str, seed: int = 0, iterations: int | None = 400, ms: float | None = None,
                 depth: int = 1, exploration: float = 0.0, rollout: str = "heuristic", width: int = 5,
                 prior: float = 0.01) -> None:
        super().__init__(game_name, seed, iterations=iterations, ms=ms, depth=depth, exploration=exploration,
                         rollout=rollout)
        if depth < 1 or width < 1:
            raise ValueError("the ITC search looks at least one move ahead (depth >= 1) at one action at least (width >= 1)")
        self.width = width
        self.prior = prior

    def explain(self, state: Any) -> tuple[Any, str]:
        from ..bots import to_move

        actions = to_move(state)
        if len(actions) == 1:
            return actions[0], "the only legal move"
        me = state.current_player
        rng = self.rng
        self._evaluated = 0
        self._deadline = None if self.ms is None else time.perf_counter() + self.ms / 1000
        limit = self.iterations if self.iterations is not None else math.inf
        totals = [0.0] * len(actions)
        passes = 0
        deep: list[int] = list(range(len(actions)))
        while True:
            position = state.determinize(me, rng.next_u32())
            self._seed = rng.next_u32()
            shallow = [self._value(position, a, me, 1) for a in actions]
            if self.depth > 1:
                order = sorted(range(len(actions)), key=lambda i: -shallow[i])
                deep = sorted(order[: self.width])
                for i in deep:
                    shallow[i] = self._value(position, actions[i], me, self.depth)
            if self.prior and passes == 0 and self._policy is not None:
                liked = self._policy.decide(position, me)[0]
                bonus = [self.prior if a == liked else 0.0 for a in actions]
            for i in range(len(actions)):
                totals[i] += shallow[i] + (bonus[i] if self.prior and self._policy is not None else 0.0)
            passes += 1
            if self._evaluated >= limit or self._out_of_time():
                break
        self.last_iterations = self._evaluated
        best = max(deep, key=lambda i: (totals[i], -i))
        others = [totals[i] for i in deep if i != best] or [totals[best]]
        return actions[best], (f"looked at {self._evaluated} positions ({passes} drawn from what it knows, "
                               f"every roll counted exactly): this move scores {totals[best] / passes:.2f}, "
                               f"the next best {max(others) / passes:.2f}")

    def _out_of_time(self) -> bool:
        return self._deadline is not None and time.perf_counter() > self._deadline

    def _outcomes(self, position: Any, action: Any) -> list[tuple[float, Any]]:
        try:
            return [(float(o.probability), o.state) for o in position.outcomes(action, limit=self.LIMIT)]
        except TooManyOutcomes:
            self._seed += 1
            n = self.SAMPLES
            return [(1 / n, o.state) for o in position.sample_outcomes(action, n, seed=self._seed)]

    def _value(self, position: Any, action: Any, me: int, plies: int) -> float:
        """The expected value for ``me`` of ``action``: over its outcomes, the evaluation, or with
        ``plies`` > 1 the best of ``me``'s next actions (the ``width`` best by one look)."""
        total = 0.0
        for probability, child in self._outcomes(position, action):
            if plies > 1 and not child.is_over() and child.current_player == me and not self._out_of_time():
                nexts = child.legal_actions()
                if len(nexts) == 1:
                    value = self._value(child, nexts[0], me, plies - 1)
                else:
                    looks = [(self._value(child, b, me, 1), b) for b in nexts]
                    looks.sort(key=lambda t: -t[0])
                    value = max(self._value(child, b, me, plies - 1) if plies > 2 else v
                                for v, b in looks[: self.width])
            else:
                value = evaluate_for(child, me)
                self._evaluated += 1
            total += probability * value
        return total


def evaluate_for(state: Any, player: int) -> float:
    """One player's value of a position: the share of the win at the end, else :func:`evaluate`."""
    if state.is_over():
        winners = state.winners()
        return 1 / len(winners) if player in winners else 0.0
    return evaluate(state)[player]


register_heuristic("itc", ItcHeuristic)
register_evaluator("itc", evaluate)
register_search("itc", ItcSearch)
