"""The ITC game state: setup, turns, transports, continents and the grey market.

Each method cites the rule it implements by its book label. The board is held in flat lists so
that ``legal_actions``, ``_check`` and ``_perform`` stay fast (random playouts, tree search):

* ``lanes[l][f]``: the card on field ``f`` (0 = bottom) of lane ``l`` (0-9, left to right), or -1;
* ``at_lane``/``at_field``/``owner``/``under`` indexed by transport card: where a card on the board
  is, who owns it (-1 for a neutral transport) and the action card under it (-1 for none);
* ``on_route[owner][route]``: how many transports each player (row ``players``: the neutral
  transports, one owner) has on each route (rule ``itc-transport-points``, the limit per route);
* ``transport_points``, ``continent_points``, ``leftover_points``: the kept die's points left this
  turn (blue, green, and the red die's leftover points, rules ``itc-dice``, ``itc-red-die``);
* ``goods[place][colour]`` and ``markers[place][player]`` for the six continents and the grey market
  (place 6), colours cheapest first.

Phases: ``setup`` (sales markers, rule ``itc-setup``), then for each turn ``draw``
(``DrawActionCard``), ``choose`` (``ChooseDice``), ``keep`` (``KeepDie``), ``act`` (points, cards,
``EndTurn``), and finally ``over``.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from types import MappingProxyType
from typing import Any

from ..chance import Chance, choice, shuffle
from ..core import IllegalAction, State
from ..validation import counted, is_integer
from .actions import (
    ACTION_TYPES,
    Attack,
    ChooseDice,
    DeliverTransport,
    Discard,
    DrawActionCard,
    EndTurn,
    ExpressMove,
    KeepDie,
    MoveTransport,
    PlaceSalesMarker,
    PlaceTransport,
    PlayCard,
    Sell,
    intern,
    parse_action,
)
from .data import (
    COLOURS,
    CONTINENT_INDEX,
    CONTINENTS,
    CUSTOMS_ROUTE,
    GREY,
    LANE_ROUTE,
    LANES,
    PLACE_INDEX,
    PLACES,
    ROUTE_INDEX,
    ROUTE_LANES,
    ROUTES,
    UNDER_KINDS,
    card_table,
)
from .dice_turn import DICE, DICE_PAIRS, DIE_EVENTS, chosen_pair, kept_die
from .lanes import LaneRules
from .probability import die_effect, fight_event, markers_left
from .saving import restore_into, state_to_data
from .selling import Sale, cheapest_colours, marker_refusal, max_colours
from .views import determinize, observation

__all__ = ["ItcState", "DICE", "UNDER_KINDS"]

class ItcState(LaneRules, State):
    """A game of ITC in progress (see the module docstring for the layout)."""

    action_types = ACTION_TYPES
    #: the card table is fixed by the options and never changed (see :meth:`clone`)
    shared_on_clone = ("cards",)
    #: True only in a determinised copy: its draw piles hold the cards the player has not seen in a
    #: fixed (sorted) order, and each draw picks one of them at random (see :meth:`_determinize`)
    unordered_piles = False

    # -- setup (rule itc-setup) ------------------------------------------------------------
    def _setup(self) -> None:
        """Rule ``itc-setup``: shuffle both decks, deal two transport cards each, roll for the
        first player; then five rounds of sales markers follow (actions), then the Mafia stone."""
        opts = self.options
        n = self.players
        self.cards = card_table(opts)
        self.init_empty()
        cards = self.cards
        # both decks shuffled (declared events; drawn as Rng.shuffle draws them)
        t_deck = self.draw(shuffle(range(cards.n_transport), "shuffle transport cards"))
        a_deck = self.draw(shuffle(range(cards.n_transport, cards.size), "shuffle action cards"))
        # deal the start cards from the top, ordinary transport cards only (assumption "start
        # cards"); the neutral cards met while dealing go back and the deck is shuffled again, so
        # that they are not left piled on top of it
        for p in range(n):
            for _ in range(opts.start_transport_cards):
                for i in range(len(t_deck) - 1, -1, -1):
                    if not cards.neutral[t_deck[i]]:
                        self.hands[p].append(t_deck.pop(i))
                        break
        t_deck = self.draw(shuffle(t_deck, "shuffle transport cards"))
        self.t_deck, self.a_deck = t_deck, a_deck
        self.first_setup = self.draw(choice(range(n), "first player"))  # "Nun wird ausgewürfelt, wer beginnt."
        self.phase = "setup"
        if opts.setup_rounds == 0:
            self._finish_setup()

    def init_empty(self) -> None:
        """Lay out an empty position (no card, marker or transport anywhere) for :meth:`_setup`
        and for a restore (:mod:`gamekit.itc.saving`) to fill."""
        n, opts, cards = self.players, self.options, self.cards
        self.phase = "setup"
        self.setup_step = 0
        self.first_setup = 0
        self.start_player = 0
        self.turn = 0
        self.turn_count = 0
        self.score = [0] * n
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.t_deck: list[int] = []
        self.t_discard: list[int] = []
        self.a_deck: list[int] = []
        self.a_discard: list[int] = []
        self.lanes: list[list[int]] = [[-1] * opts.lane_lengths[LANE_ROUTE[lane]] for lane in range(LANES)]
        nt = cards.n_transport
        self.at_lane = [-1] * nt
        self.at_field = [-1] * nt
        self.owner = [-1] * nt
        self.under = [-1] * nt
        self.on_route: list[list[int]] = [[0, 0, 0, 0] for _ in range(n + 1)]  # row n: neutral transports
        self.fleet: list[list[int]] = [[] for _ in range(n)]  # each player's cards on the board, sorted
        self.goods: list[list[int]] = [[0] * 6 for _ in PLACES]
        self.fresh: dict[int, list[int]] = {}
        self.markers: list[list[int]] = [[0] * n for _ in PLACES]
        self.stones = [opts.stones_per_player] * n
        self.controller = -1
        self.goods_supply = opts.goods_cubes
        self.pending_grey = [0] * 6
        self.chosen: tuple[str, ...] = ()
        self.rolls: dict[str, int] = {}
        self.kept = ""
        self.transport_points = self.continent_points = self.leftover_points = 0
        self.attacked = False
        self.played: list[str] = []
        self.obliged: list[tuple[int, int]] = []
        self.could_free: list[tuple[int, int]] = []
        self.goal_reached = False
        self._events: list[list[Any]] = []

    def _setup_player(self) -> int:
        n = self.players
        rnd, i = divmod(self.setup_step, n)
        return (self.first_setup + rnd + i) % n

    def _finish_setup(self) -> None:
        """Rule ``itc-setup``: the player after the fifth round puts a stone into the Mafia (and so
        controls the grey market); the next player starts the game."""
        n, rounds = self.players, self.options.setup_rounds
        mafia = (self.first_setup + rounds - 1) % n if rounds else self.first_setup
        self.controller = mafia
        self.stones[mafia] -= 1
        self.start_player = (mafia + 1) % n
        self.turn = self.start_player
        self.turn_count = 1
        self.phase = "draw"

    # -- the protocol ----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase == "over":
            return None
        if phase == "setup":
            return self._setup_player()
        return self.turn

    def is_over(self) -> bool:
        """Rule ``itc-end``: the game is over when the round in which a player reached the goal is done."""
        return self.phase == "over"

    @property
    def end_reason(self) -> str:
        """Why the game ended, in words (``""`` while it goes on)."""
        if self.phase != "over":
            return ""
        return (f"a player reached the goal of {self.options.goal:,} euros and the round was played to its end; "
                f"the most money wins (rules itc-goal, itc-end)")

    def scores(self) -> dict[int, int]:
        """Each player's profit in euros (rule ``itc-goal``)."""
        return dict(enumerate(self.score))

    def _log_extras(self) -> dict[str, Any] | None:
        """The log entry also lists the score changes (``"score"``: ``[player, euros, reason]``),
        so scores can be checked against the log."""
        if not self._events:
            return None
        events, self._events = self._events, []
        return {"score": events}

    #: The mutable fields and how a copy copies them (:attr:`gamekit.core.State.MUTABLE`, the one
    #: declaration behind ``clone`` and the snapshot a failed action is undone from); the card table
    #: is shared (``shared_on_clone``), everything else is a number, a string or a tuple.
    MUTABLE = {
        **dict.fromkeys(("score", "t_deck", "t_discard", "a_deck", "a_discard", "at_lane", "at_field", "owner",
                         "under", "stones", "pending_grey", "played", "obliged", "could_free", "rolls"), "list"),
        **dict.fromkeys(("hands", "lanes", "on_route", "goods", "markers", "fleet"), "nested"),
        "fresh": "dict of lists",
        "_events": "fresh",
    }

    # -- small helpers ------------------------------------------------------------------------
    def _score(self, player: int, amount: int, reason: str) -> None:
        self.score[player] += amount
        self._events.append([player, amount, reason])

    def _draw_pile(self, deck: list[int], discard: list[int], what: str) -> int:
        """Draw the top card; an empty pile is first refilled by shuffling its discard pile
        (assumption "draw piles"). -1 if both are empty.

        The top card of a pile shuffled earlier is hidden information, not chance (the caller
        reveals it in the log); the reshuffle is a declared chance event, whose outcomes are
        listed only while the discard pile is small (``state.outcomes`` raises
        ``TooManyOutcomes`` for an action that reshuffles a larger one: draw seeded samples with
        ``state.sample_outcomes``). In a determinised copy (``unordered_piles``) the pile holds the
        unseen cards in a fixed order, and each draw takes one at random, a declared event."""
        if not deck:
            if not discard:
                return -1
            order = list(discard)
            discard.clear()
            if self.unordered_piles:  # a determinised copy: a pile has no order, its draws are random
                order.sort()
                deck.extend(order)
            else:
                deck.extend(self.draw(shuffle(order, f"reshuffle {what}")))
        if self.unordered_piles:  # a determinised copy: the order of the pile is drawn as it is used
            return deck.pop(self.draw(_unseen_card(len(deck), what)))
        return deck.pop()

    def sellable_counts(self, place: int) -> list[int]:
        """The cubes of each colour the active player may sell in ``place`` (an index of
        ``PLACES``): without the goods they just brought there (rule ``itc-arrival``: not sold in
        the same turn). Read it, do not change it (it may be the place's own list)."""
        fresh = self.fresh.get(place)
        goods = self.goods[place]
        if fresh is None:
            return goods
        return [g - f for g, f in zip(goods, fresh)]

    _sellable_counts = sellable_counts

    def _has_kind(self, player: int, kind: str) -> int:
        """The first card of ``kind`` in the player's hand, or -1."""
        kinds = self.cards.kind
        for c in self.hands[player]:
            if kinds[c] == kind:
                return c
        return -1

    # -- selling, asked in the game's terms ----------------------------------------------------
    def sale(self, place: str, colours: int) -> Sale:
        """What ``Sell(place, colours)`` sells now (rule ``itc-selling``): the ``colours`` cheapest
        colours the player to act may sell there, their cubes and the profit; whether the sale is
        allowed is :meth:`sale_options`' question (and the check's, when it is applied)."""
        return cheapest_colours(self._sellable_counts(PLACE_INDEX[place]), colours, self.options.resale_values)

    def sale_options(self, place: str) -> list[Sale]:
        """Every sale the player to act may make in ``place`` now: selling the 1, 2, ... cheapest
        colours, as far as rule ``itc-selling`` allows (the legal ``Sell`` actions there, as sales)."""
        if self.phase != "act":
            return []
        return [self.sale(place, k) for k in range(1, self._most_colours(self.turn, PLACE_INDEX[place]) + 1)]

    # -- legal actions -------------------------------------------------------------------------
    def legal_actions(self) -> list[Any]:
        phase = self.phase
        if phase == "act":
            return self._act_actions()
        if phase == "draw":
            return [_DRAW_ACTION]
        if phase == "choose":
            return list(_CHOOSE_ACTIONS)
        if phase == "keep":
            return [_KEEP_ACTIONS[c] for c in self.chosen]
        if phase == "setup":
            p = self._setup_player()
            return [intern(PlaceSalesMarker, CONTINENTS[c]) for c in range(6) if self._setup_error(p, c) is None]
        return []  # a new list every time: callers may change what they are given

    def _act_actions(self) -> list[Any]:
        """Every action of the ``act`` step: each rule's predicate (see "the rules, one predicate
        each" below) filtering the candidates, the same predicates the checks call. Kept lean:
        actions come from shared caches."""
        p = self.turn
        out: list[Any] = []
        cards = self.cards
        kinds = cards.kind
        hand = self.hands[p]
        if self._has_transport_point():  # rule itc-transport-points
            lanes = self.lanes
            if self.has_stone(p):
                unders = [""]
                unders.extend(k for k in UNDER_KINDS if self._under_allowed(p, k))
                for card in hand:
                    if kinds[card] != "transport":
                        continue
                    for r in cards.routes[card]:
                        if not self.route_has_room(p, r):
                            continue
                        for i, lane in enumerate(ROUTE_LANES[r]):
                            if lanes[lane][0] < 0:
                                options = _place_actions(card, r, i)
                                for u in unders:
                                    out.append(options[u])
            at_lane, at_field = self.at_lane, self.at_field
            diagonal = self.options.diagonal_moves
            for card in self.fleet[p]:
                express = self.is_express(card)
                if not self._has_transport_point(express):
                    continue  # an Express transport moves with blue points only (rule itc-express)
                lane = at_lane[card]
                if at_field[card] == len(lanes[lane]) - 1:
                    out.extend(_deliver_actions(card))
                    continue
                route_lanes = ROUTE_LANES[LANE_ROUTE[lane]]
                moves = _move_actions(card)
                for target in self.one_point_steps(card, diagonal):
                    out.append(moves[route_lanes.index(target)])
                if express and self._express_free(card):
                    out.append(moves[3])
        if self._continent_points() > 0:  # rule itc-continent-points
            if self._marker_refusal(p, 0) is None:
                out.extend(_MARKER_ACTIONS)
                if self._marker_refusal(p, GREY) is None:
                    out.append(_GREY_MARKER_ACTION)
            for place in range(7):
                k = self._most_colours(p, place)
                if k:
                    out.extend(_SELL_ACTIONS[place][:k])
            if self._attack_refusal(p) is None:
                out.append(_ATTACK)
        if self._organisation_refusal(p) is None:
            out.append(_ORGANISATION)
        if self._over_hand_limit(p):
            for card in hand:
                out.append(_discard_action(card))
        elif self._end_refusal(p) is None:
            out.append(_END_TURN)
        return out

    # -- the rules, one predicate each: the legal actions are these filtered, the checks call them --
    def _continent_points(self) -> int:
        """Rule ``itc-continent-points``: the points for the continents and the grey market, the
        green die's, else the red die's leftover points (``itc-red-die``)."""
        return self.continent_points if self.continent_points > 0 else self.leftover_points

    def has_stone(self, player: int) -> bool:
        """Rule ``itc-markers``: the player has a stone left in their supply (a sales marker, an
        owner's stone on a transport card, an attack marker)."""
        return self.stones[player] > 0

    def _under_allowed(self, player: int, kind: str) -> bool:
        """Rule ``itc-action-cards``: ``kind`` (one of :data:`UNDER_KINDS`) may go under a transport
        placed now: the player holds one and has not played one this turn."""
        return kind not in self.played and self._has_kind(player, kind) >= 0

    def _over_hand_limit(self, player: int) -> bool:
        """Rule ``itc-hand-limit`` (setting ``hand_limit``): the hand holds more cards than a turn may end with."""
        return len(self.hands[player]) > self.options.hand_limit

    def _marker_refusal(self, player: int, place: int) -> IllegalAction | None:
        """Why ``player`` may not place a sales marker in ``place`` now (rules
        ``itc-placing-markers``, ``itc-continent-points``, ``itc-grey-market``, ``itc-markers``), or ``None``."""
        points, cost = self._continent_points(), self.options.marker_cost  # printed: one point a marker
        refusal = marker_refusal(points, cost=cost)
        if refusal:
            return refusal
        if place == GREY and self.controller != player:
            return IllegalAction("only the player who controls the Mafia places sales markers in the grey market",
                                 "itc-grey-market")
        return marker_refusal(points, self.stones[player], cost)

    def _most_colours(self, player: int, place: int) -> int:
        """Rules ``itc-selling``, ``itc-continent-points``, ``itc-grey-market-goods``: the most colours
        ``player`` may sell in ``place`` now, cheapest first (0: none); any fewer may be sold too."""
        if place == GREY and self.controller != player:
            return 0
        markers = self.markers[place][player]
        if not markers:
            return 0
        return max_colours(self._sellable_counts(place), markers, self._continent_points())

    def _attack_refusal(self, player: int) -> IllegalAction | None:
        """Why ``player`` may not attack the grey market now (rules ``itc-grey-market``,
        ``itc-continent-points``, ``itc-markers``), or ``None``."""
        if self.controller == player:
            return IllegalAction("you control the Mafia; you cannot attack the grey market", "itc-grey-market")
        if self.attacked:
            return IllegalAction("the grey market may be attacked only once per turn", "itc-grey-market")
        if self._continent_points() <= 0:
            return IllegalAction("an attack needs a continent point (green die or red leftover points)",
                                 "itc-continent-points")
        if not self.has_stone(player):
            return IllegalAction("you have no stone left for attack markers", "itc-markers")
        return None

    def _organisation_refusal(self, player: int) -> IllegalAction | None:
        """Why ``player`` may not play "Organisation in the grey market" now (rules
        ``itc-action-cards``, ``itc-organisation``), or ``None``."""
        if "organisation" in self.played:
            return IllegalAction("no action card may be played twice in one turn", "itc-action-cards")
        if self._has_kind(player, "organisation") < 0:
            return IllegalAction("you have no organisation card", "itc-action-cards")
        if self.controller != player:
            return IllegalAction("only the controller of the Mafia may use Organisation in the grey market",
                                 "itc-organisation")
        return None

    def _end_refusal(self, player: int) -> IllegalAction | None:
        """Why ``player`` may not end the turn now (rules ``itc-hand-limit``, ``itc-full-rows``), or ``None``."""
        if self._over_hand_limit(player):
            limit = self.options.hand_limit
            return IllegalAction(f"you hold {len(self.hands[player])} cards; discard down to {limit} before ending "
                                 "the turn", "itc-hand-limit")
        if self.obliged and self._forced_move_pending():
            return IllegalAction("a full row holds a card of yours that you can still move: you must move it",
                                 "itc-full-rows")
        return None

    # -- checking (every rule that can forbid an action) ---------------------------------------
    def _parse(self, text: str) -> Any:
        """Action texts are read by :func:`gamekit.itc.actions.parse_action`."""
        return parse_action(text)

    def _check(self, action: Any) -> None:
        method = _CHECKS.get(type(action))
        if method is None:
            raise IllegalAction(f"{action!r} is not an ITC action", "itc-turn-sequence")
        method(self, action)

    def _need_phase(self, phase: str, action: Any) -> None:
        if self.phase != phase:
            raise IllegalAction(
                f"{action} is not possible now: the turn is at the '{self.phase}' step, not '{phase}'",
                "itc-turn-sequence",
            )

    def _setup_error(self, p: int, c: int) -> str | None:
        markers = self.markers[c]
        mine = markers[p] + 1
        others = max((markers[q] for q in range(self.players) if q != p), default=0)
        lead = self.options.setup_lead_limit
        if mine - others > lead:
            return (f"a setup marker may not put a player more than {lead} markers ahead of the next player "
                    f"in {CONTINENTS[c]} ({mine} against {others})")
        return None

    def _check_place_marker(self, a: PlaceSalesMarker) -> None:
        place = PLACE_INDEX.get(a.place) if isinstance(a.place, str) else None
        if place is None:
            raise IllegalAction(f"{a.place!r} is not a continent or the grey market", "itc-board")
        if self.phase == "setup":
            if place == GREY:
                raise IllegalAction("setup markers go into the continents, never into the grey market", "itc-setup")
            err = self._setup_error(self._setup_player(), place)
            if err:
                raise IllegalAction(err, "itc-setup")
            return
        self._need_phase("act", a)
        refusal = self._marker_refusal(self.turn, place)
        if refusal:
            raise refusal

    def _check_draw_card(self, a: DrawActionCard) -> None:
        self._need_phase("draw", a)

    def _check_choose(self, a: ChooseDice) -> None:
        self._need_phase("choose", a)
        chosen_pair((a.first, a.second))

    def _check_keep(self, a: KeepDie) -> None:
        self._need_phase("keep", a)
        kept_die(self.chosen, a.colour)

    def _transport_point(self, action: Any, blue_only: bool = False) -> None:
        if self._has_transport_point(blue_only):
            return
        if blue_only:
            raise IllegalAction(f"{action}: an Express transport moves with blue points only", "itc-express")
        raise IllegalAction(f"{action} needs a transport point (blue die or red leftover points)",
                                "itc-transport-points")

    def _own_card_on_board(self, action: Any, card: Any) -> None:
        if not is_integer(card) or not 0 <= card < self.cards.n_transport or self.at_lane[card] < 0:
            raise IllegalAction(f"card {card!r} is not a transport card on the board", "itc-transport-points")
        if self.owner[card] != self.turn:
            raise IllegalAction(f"card {card} is not your transport", "itc-transport-points")

    def _check_place_transport(self, a: PlaceTransport) -> None:
        self._need_phase("act", a)
        p = self.turn
        card, kinds = a.card, self.cards.kind
        if not is_integer(card) or card not in self.hands[p]:
            raise IllegalAction(f"card {card!r} is not in your hand", "itc-transport-cards")
        if kinds[card] != "transport":
            raise IllegalAction(f"card {card} is not a transport card of your own", "itc-transport-cards")
        self._transport_point(a)
        r = ROUTE_INDEX.get(a.route) if isinstance(a.route, str) else None
        if r is None:
            raise IllegalAction(f"{a.route!r} is not a route; the routes are {', '.join(ROUTES)}", "itc-board")
        if r not in self.cards.routes[card]:
            allowed = " or ".join(ROUTES[x] for x in self.cards.routes[card])
            raise IllegalAction(f"card {card} may only go on the {allowed} route, not the {a.route}", "itc-lane-colours")
        lanes = ROUTE_LANES[r]
        if not is_integer(a.lane) or not 1 <= a.lane <= len(lanes):
            raise IllegalAction(f"the {a.route} route has lanes 1 to {len(lanes)}, not {a.lane!r}", "itc-board")
        if self.lanes[lanes[a.lane - 1]][0] >= 0:
            raise IllegalAction(f"the bottom field of {a.route} lane {a.lane} is taken", "itc-transport-points")
        if not self.route_has_room(p, r):
            limit = self.options.transport_limit_per_route
            raise IllegalAction(f"you already have {limit} transports on the {a.route} route", "itc-transport-points")
        if not self.has_stone(p):
            raise IllegalAction("you have no stone left to mark a transport card as yours", "itc-markers")
        if a.under:
            if a.under not in UNDER_KINDS:
                raise IllegalAction(f"only {', '.join(UNDER_KINDS)} cards go under a transport, not {a.under!r}",
                                    "itc-action-cards")
            if not self._under_allowed(p, a.under):
                if a.under in self.played:
                    raise IllegalAction(f"you have already played a {a.under} card this turn", "itc-action-cards")
                raise IllegalAction(f"you have no {a.under} card", "itc-action-cards")

    def _check_move(self, a: MoveTransport) -> None:
        self._need_phase("act", a)
        self._own_card_on_board(a, a.card)
        card = a.card
        self._transport_point(a, blue_only=self.is_express(card))
        lane, field = self.at_lane[card], self.at_field[card]
        route_lanes = ROUTE_LANES[LANE_ROUTE[lane]]
        col = self.lanes[lane]
        if field == len(col) - 1:
            raise IllegalAction(f"card {card} is on the top field; it can only leave the route", "itc-transport-points")
        if not is_integer(a.lane) or not 1 <= a.lane <= len(route_lanes):
            raise IllegalAction(f"the route has lanes 1 to {len(route_lanes)}, not {a.lane!r}", "itc-lane-colours")
        target = route_lanes[a.lane - 1]
        if target in self.one_point_steps(card, self.options.diagonal_moves):
            return
        # not a step this transport can take: say which part of the rule forbids it
        if target == lane:
            raise IllegalAction(f"the field ahead of card {card} is taken", "itc-transport-points")
        if abs(target - lane) != 1:
            raise IllegalAction("a transport moves one field up, or diagonally into a neighbouring lane",
                                "itc-transport-points")
        if not self.options.diagonal_moves:
            raise IllegalAction("diagonal moves are switched off (setting diagonal_moves)", "itc-transport-points")
        if col[field + 1] < 0:
            raise IllegalAction("a diagonal move is only allowed when the field ahead is blocked",
                                "itc-transport-points")
        raise IllegalAction(f"the field diagonally ahead of card {card} is taken", "itc-transport-points")

    def _check_express(self, a: ExpressMove) -> None:
        self._need_phase("act", a)
        self._own_card_on_board(a, a.card)
        if not self.is_express(a.card):
            raise IllegalAction(f"card {a.card} has no Express card under it", "itc-express")
        self._transport_point(a, blue_only=True)
        if not self._express_free(a.card):
            col = self.lanes[self.at_lane[a.card]]
            if self.at_field[a.card] == len(col) - 1:
                raise IllegalAction(f"card {a.card} is already on the top field", "itc-express")
            raise IllegalAction("the top field of the lane is taken", "itc-express")

    def _check_deliver(self, a: DeliverTransport) -> None:
        self._need_phase("act", a)
        self._own_card_on_board(a, a.card)
        self._transport_point(a, blue_only=self.is_express(a.card))
        col = self.lanes[self.at_lane[a.card]]
        if self.at_field[a.card] != len(col) - 1:
            raise IllegalAction(f"card {a.card} must reach the top field before it leaves the route",
                                "itc-transport-points")
        if not isinstance(a.continent, str) or a.continent not in CONTINENT_INDEX:
            raise IllegalAction(f"goods go into one of the continents ({', '.join(CONTINENTS)}), not {a.continent!r}",
                                "itc-arrival")

    def _check_sell(self, a: Sell) -> None:
        self._need_phase("act", a)
        p = self.turn
        place = PLACE_INDEX.get(a.place) if isinstance(a.place, str) else None
        if place is None:
            raise IllegalAction(f"{a.place!r} is not a continent or the grey market", "itc-board")
        if not is_integer(a.colours) or a.colours < 1:
            raise IllegalAction(f"a sale sells at least one colour, not {a.colours!r}", "itc-selling")
        if a.colours <= self._most_colours(p, place):
            return
        # not a sale this player may make: say which part of the rule forbids it
        points = self._continent_points()
        if points < a.colours:
            raise IllegalAction(f"selling {counted(a.colours, 'colour')} needs {counted(a.colours, 'continent point')}; you have {points:,}",
                                "itc-continent-points")
        if place == GREY and self.controller != p:
            raise IllegalAction("only the controller of the Mafia sells goods in the grey market",
                                "itc-grey-market-goods")
        counts = self._sellable_counts(place)
        present = sum(1 for n in counts if n)
        if present < a.colours:
            raise IllegalAction(f"{a.place} has only {present} goods colours you may sell now", "itc-selling")
        sold = [n for n in counts if n][: a.colours]  # the markers do not cover the sale (max_colours said so)
        raise IllegalAction(
            f"selling the {a.colours} cheapest colours in {a.place} needs at least {max(sold)} sales markers "
            f"there and one to return per colour ({a.colours}); you have {self.markers[place][p]}",
            "itc-selling",
        )

    def _check_attack(self, a: Attack) -> None:
        self._need_phase("act", a)
        refusal = self._attack_refusal(self.turn)
        if refusal:
            raise refusal

    def _check_play(self, a: PlayCard) -> None:
        self._need_phase("act", a)
        p = self.turn
        if a.kind != "organisation":
            if a.kind in UNDER_KINDS:
                raise IllegalAction(f"a {a.kind} card is played by placing it under a transport (PlaceTransport)",
                                    "itc-action-cards")
            raise IllegalAction(f"{a.kind!r} is not an action card that can be played on its own", "itc-action-cards")
        refusal = self._organisation_refusal(p)
        if refusal:
            raise refusal

    def _check_discard(self, a: Discard) -> None:
        self._need_phase("act", a)
        p = self.turn
        if not is_integer(a.card) or a.card not in self.hands[p]:
            raise IllegalAction(f"card {a.card!r} is not in your hand", "itc-hand-limit")
        if not self._over_hand_limit(p):
            raise IllegalAction(f"cards are discarded only from a hand above {self.options.hand_limit} cards",
                                "itc-hand-limit")

    def _check_end(self, a: EndTurn) -> None:
        self._need_phase("act", a)
        refusal = self._end_refusal(self.turn)
        if refusal:
            raise refusal

    # -- performing ----------------------------------------------------------------------
    def _perform(self, action: Any) -> None:
        self._events = []
        _PERFORMS[type(action)](self, action)
        if self.obliged and self.phase == "act":
            self._note_possible_moves()

    def _do_place_marker(self, a: PlaceSalesMarker) -> None:
        place = PLACE_INDEX[a.place]
        if self.phase == "setup":
            p = self._setup_player()
            self.markers[place][p] += 1
            self.stones[p] -= 1
            self.setup_step += 1
            if self.setup_step == self.players * self.options.setup_rounds:
                self._finish_setup()
            return
        # rule itc-placing-markers: one continent point (setting marker_cost), one marker
        p = self.turn
        self._spend_continent(self.options.marker_cost)
        self.markers[place][p] += 1
        self.stones[p] -= 1

    def _spend_continent(self, n: int) -> None:
        if self.continent_points > 0:
            self.continent_points -= n
        else:
            self.leftover_points -= n

    def _spend_transport(self) -> None:
        if self.transport_points > 0:
            self.transport_points -= 1
        else:
            self.leftover_points -= 1

    def _do_draw_card(self, a: DrawActionCard) -> None:
        """Rules ``itc-turn-sequence`` step 1 and ``itc-action-cards``: draw an action card; a
        customs check takes effect at once (rule ``itc-customs-check``)."""
        card = self._draw_pile(self.a_deck, self.a_discard, "action cards")
        if card >= 0:
            self.reveal("action card", card)
            kind = self.cards.kind[card]
            if kind in CUSTOMS_ROUTE:
                self._customs_check(CUSTOMS_ROUTE[kind])
                self.a_discard.append(card)
            else:
                self.hands[self.turn].append(card)
        self.phase = "choose"

    def _customs_check(self, route: int) -> None:
        """Rule ``itc-customs-check``: every transport on ``route`` with a Smuggling card under it
        is caught: its owner loses the route's smuggling value and the card is discarded."""
        value = self.options.smuggling_values[route]
        kinds = self.cards.kind
        for lane in ROUTE_LANES[route]:
            for card in self.lanes[lane]:
                if card >= 0:
                    u = self.under[card]
                    if u >= 0 and kinds[u] == "smuggling":
                        self._score(self.owner[card], -value, f"customs check on the {ROUTES[route]} route")
                        self.under[card] = -1
                        self.a_discard.append(u)

    def _do_choose(self, a: ChooseDice) -> None:
        """Rule ``itc-dice``: roll the two dice chosen."""
        self.chosen = chosen_pair((a.first, a.second))
        rolls = {}
        for colour in self.chosen:
            rolls[colour] = self.draw(DIE_EVENTS[colour])
        self.rolls = rolls
        self.phase = "keep"

    def _do_keep(self, a: KeepDie) -> None:
        """Rules ``itc-dice`` and ``itc-red-die``; then step 4 (``itc-neutral-transports``)."""
        colour = a.colour
        value = self.rolls[colour]
        self.kept = colour
        neutrals: list[int] = []
        effect = die_effect(colour, value, self.options.red_die_points)
        self.transport_points, self.continent_points, self.leftover_points = effect.transport, effect.continent, effect.leftover
        if colour == "red":
            # rule itc-red-die: draw as many transport cards as the die shows; the rest of its six
            # points are leftover points
            hand = self.hands[self.turn]
            drawn = []
            for _ in range(value):
                card = self._draw_pile(self.t_deck, self.t_discard, "transport cards")
                if card < 0:
                    break
                drawn.append(card)
                if self.cards.neutral[card]:
                    neutrals.append(card)
                else:
                    hand.append(card)
            if drawn:
                self.reveal("transport cards", drawn)
        # rule itc-full-rows: the rows full when the turn starts (nothing has moved on the board
        # yet) that are still full after the old neutral transports moved (assumption "rows full
        # at the start"); the new neutral transports are placed after that
        full_at_start = self._obliged_rows()
        if neutrals:
            self.move_neutrals()
            now = self._obliged_rows()
            self.obliged = [row for row in full_at_start if row in now]
        else:
            self.obliged = full_at_start
        self.could_free = []
        for card in neutrals:
            self.place_neutral(card)
        self.phase = "act"

    def _add_goods(self, place: int, colour: int, fresh: bool) -> None:
        """Rule ``itc-goods``: one cube from the supply into a place (none left: nothing happens;
        a full colour in the grey market takes no more, rule ``itc-grey-market-goods``)."""
        if self.goods_supply <= 0:
            return
        if place == GREY and self.goods[GREY][colour] >= self.options.grey_market_capacity:
            return
        self.goods_supply -= 1
        self.goods[place][colour] += 1
        if fresh:
            row = self.fresh.get(place)
            if row is None:
                row = self.fresh[place] = [0] * 6
            row[colour] += 1

    def _arrive(self, card: int, continent: int) -> None:
        """Rule ``itc-arrival``: the card leaves its route; its owner scores the profit for the route
        (the lower figure if the Mafia robs a good, which goes to the grey market); its goods go
        into the continent, those without room to the grey market; the owner may not sell them
        this turn. Rules ``itc-smuggling`` and the Mega card add their bonus."""
        u = self.under[card]
        under_kind = self.cards.kind[u] if u >= 0 else ""
        route, owner = self._take_off_board(card)
        mode = self.options.mafia_robbery
        robbed = mode == "always" or (mode == "other-owner" and owner != self.controller)
        goods = self.cards.goods[card]
        fresh = owner >= 0 and owner == self.turn
        capacity = self.options.continent_capacity
        robbed_index = self.cards.robbed[card] if robbed else -1
        for i, g in enumerate(goods):
            if i == robbed_index or self.goods[continent][g] >= capacity:
                self._add_goods(GREY, g, fresh)  # rule itc-grey-market-goods
            else:
                self._add_goods(continent, g, fresh)
        if owner < 0:
            return  # a neutral transport: nobody profits
        upper, lower = self.cards.profit[card][route]
        profit = lower if robbed else upper
        self._score(owner, profit, f"transport by {ROUTES[route]}" + (" (robbed)" if robbed else ""))
        if under_kind == "smuggling":
            self._score(owner, self.options.smuggling_values[route], f"smuggling by {ROUTES[route]}")
        elif under_kind == "mega":
            bonus = profit * self.options.mega_bonus_percent // 100
            if bonus:
                self._score(owner, bonus, "mega transport")

    def _do_place_transport(self, a: PlaceTransport) -> None:
        """Rules ``itc-transport-points`` and ``itc-lane-colours`` (plus ``itc-express``,
        ``itc-smuggling``: a card put under the transport)."""
        p = self.turn
        self._spend_transport()
        self.hands[p].remove(a.card)
        under = -1
        if a.under:
            under = self._has_kind(p, a.under)
            self.hands[p].remove(under)
            self.played.append(a.under)
        self.stones[p] -= 1  # the owner's stone on the card (rule itc-markers)
        lane = ROUTE_LANES[ROUTE_INDEX[a.route]][a.lane - 1]
        self._put_on_board(a.card, lane, p, under)

    def _do_move(self, a: MoveTransport) -> None:
        self._spend_transport()
        self._step_to(a.card, ROUTE_LANES[LANE_ROUTE[self.at_lane[a.card]]][a.lane - 1])

    def _do_express(self, a: ExpressMove) -> None:
        """Rule ``itc-express``: one blue point takes the transport to the top field of its lane."""
        card = a.card
        self._spend_transport()
        lane, field = self.at_lane[card], self.at_field[card]
        col = self.lanes[lane]
        col[field] = -1
        col[-1] = card
        self.at_field[card] = len(col) - 1

    def _do_deliver(self, a: DeliverTransport) -> None:
        self._spend_transport()
        self._arrive(a.card, CONTINENT_INDEX[a.continent])

    def _do_sell(self, a: Sell) -> None:
        """Rule ``itc-selling``: sell the cheapest colours completely (fresh cubes stay), one point
        and one returned marker per colour; the cubes go back to the supply."""
        p = self.turn
        place = PLACE_INDEX[a.place]
        sale = self.sale(a.place, a.colours)
        goods = self.goods[place]
        for colour, n in zip(sale.colours, sale.cubes):
            goods[COLOURS.index(colour)] -= n
        self.goods_supply += sum(sale.cubes)
        self._spend_continent(a.colours)
        self.markers[place][p] -= a.colours
        self.stones[p] += a.colours
        self._score(p, sale.profit, f"sale in {a.place}")

    def _do_attack(self, a: Attack) -> None:
        """Rules ``itc-grey-market`` and ``itc-grey-market-fight``: one point buys the attack markers;
        the fight is rolled out until one side has no marker left."""
        p = self.turn
        ctrl = self.controller
        self._spend_continent(1)
        self.attacked = True
        attackers = min(self.options.attack_markers, self.stones[p])
        self.stones[p] -= attackers
        stone = 1 if self.options.mafia_stone_defends else 0
        held = self.markers[GREY][ctrl]
        defenders = held + stone
        rolls = self.draw(fight_event(attackers, defenders))
        left_a, left_d = markers_left(attackers, defenders, rolls)
        if left_a > 0:
            # the attacker takes the Mafia: the controller's markers and stone go home
            self.markers[GREY][ctrl] = 0
            self.stones[ctrl] += held + 1
            self.stones[p] += attackers - left_a
            if self.stones[p] > 0:
                self.stones[p] -= 1
            else:
                left_a -= 1
            self.markers[GREY][p] += left_a
            self.controller = p
        else:
            self.stones[p] += attackers
            lost = defenders - left_d  # sales markers fall before the Mafia stone
            self.markers[GREY][ctrl] -= lost
            self.stones[ctrl] += lost

    def _do_play(self, a: PlayCard) -> None:
        """Rule ``itc-organisation``: the controller places free sales markers in the grey market."""
        p = self.turn
        card = self._has_kind(p, a.kind)
        self.hands[p].remove(card)
        self.a_discard.append(card)
        self.played.append(a.kind)
        n = min(self.options.organisation_markers, self.stones[p])
        self.stones[p] -= n
        self.markers[GREY][p] += n

    def _do_discard(self, a: Discard) -> None:
        """Rule ``itc-hand-limit``."""
        self.hands[self.turn].remove(a.card)
        if a.card < self.cards.n_transport:
            self.t_discard.append(a.card)
        else:
            self.a_discard.append(a.card)

    def _do_end(self, a: EndTurn) -> None:
        """Rules ``itc-full-rows`` (the player's cards in an obliged row that is still full are lost
        if one of them could have moved out during the turn and did not), ``itc-turn-sequence``
        step 6 (lost and lapsed goods into the grey market), ``itc-end``."""
        p = self.turn
        for route, field in self.could_free:
            if self._row_full(route, field):
                for lane in ROUTE_LANES[route]:
                    card = self.lanes[lane][field]
                    if self.owner[card] == p:
                        for g in self.cards.goods[card]:
                            self.pending_grey[g] += 1
                        self._take_off_board(card)
        pending = self.pending_grey
        for colour in range(6):
            for _ in range(pending[colour]):
                self._add_goods(GREY, colour, False)
            pending[colour] = 0
        if not self.goal_reached and max(self.score) >= self.options.goal:
            self.goal_reached = True
        nxt = (p + 1) % self.players
        self.fresh = {}
        self.chosen = ()
        self.rolls = {}
        self.kept = ""
        self.transport_points = self.continent_points = self.leftover_points = 0
        self.attacked = False
        self.played = []
        self.obliged = []
        self.could_free = []
        if self.goal_reached and nxt == self.start_player:
            self.phase = "over"  # rule itc-end: the round is finished
            return
        self.turn = nxt
        self.turn_count += 1
        self.phase = "draw"

    # -- what each player may see (gamekit.itc.views) -------------------------------------------
    def _observation(self, player: int) -> dict[str, Any]:
        """The public position and ``player``'s own hand and face-down cards; the piles' order, the
        other hands and the cards face down under other players' transports stay hidden (see
        :mod:`gamekit.itc.views`)."""
        return observation(self, player)

    def _determinize(self, player: int, rng: Any) -> ItcState:
        """A copy with the piles, the other hands and the other players' face-down cards drawn again
        from what ``player`` has not seen (see :func:`gamekit.itc.views.determinize`)."""
        return determinize(self, player, rng)

    # -- saving and restoring ----------------------------------------------------------------
    def _to_data(self) -> dict[str, Any]:
        return state_to_data(self)

    def _restore(self, data: Any) -> None:
        """Validate a saved state completely, build it in a scratch object, then adopt it."""
        scratch = self.__class__.__new__(self.__class__)
        scratch.__dict__.update(self.__dict__)
        restore_into(scratch, data)
        self.__dict__.update(scratch.__dict__)

    # -- display ----------------------------------------------------------------------------
    def _repr_svg_(self) -> str:
        """The board as a picture in a notebook (see :mod:`gamekit.itc.svg`)."""
        from .svg import board_svg

        return board_svg(self)

    def describe(self) -> str:
        """A plain-text picture of the position: scores, board, continents, grey market."""
        lines = [f"Phase {self.phase}; player {self.current_player} to act; scores {self.score}"]
        if self.controller >= 0:
            lines.append(f"Mafia controlled by player {self.controller}")
        for r, route in enumerate(ROUTES):
            cols = []
            for lane in ROUTE_LANES[r]:
                cols.append(" ".join(
                    "." if c < 0 else (f"N{c}" if self.owner[c] < 0 else f"{c}:{self.owner[c]}")
                    for c in self.lanes[lane]))
            lines.append(f"{route:>5}: " + " | ".join(cols))
        for i, place in enumerate(PLACES):
            goods = ", ".join(f"{n} {COLOURS[c]}" for c, n in enumerate(self.goods[i]) if n) or "no goods"
            lines.append(f"{place}: {goods}; markers {self.markers[i]}")
        return "\n".join(lines)


# -- shared action objects (actions are immutable; legal_actions reuses them) ---------------------

_MARKER_ACTIONS = tuple(PlaceSalesMarker(c) for c in CONTINENTS)
_GREY_MARKER_ACTION = PlaceSalesMarker(PLACES[GREY])
_SELL_ACTIONS = tuple(tuple(Sell(place, k) for k in range(1, 7)) for place in PLACES)
_ATTACK = Attack()
_DRAW_ACTION = DrawActionCard()
_CHOOSE_ACTIONS = tuple(ChooseDice(a, b) for a, b in DICE_PAIRS)
_KEEP_ACTIONS = {c: KeepDie(c) for c in DICE}
_ORGANISATION = PlayCard("organisation")
_END_TURN = EndTurn()
# The actions a card can take, made once per card and shared (actions are immutable).


@cache
def _discard_action(card: int) -> Discard:
    return Discard(card)


@cache
def _deliver_actions(card: int) -> tuple[DeliverTransport, ...]:
    return tuple(DeliverTransport(card, c) for c in CONTINENTS)


@cache
def _move_actions(card: int) -> tuple[Any, ...]:
    """MoveTransport to lanes 1, 2, 3 of its route, then ExpressMove."""
    return MoveTransport(card, 1), MoveTransport(card, 2), MoveTransport(card, 3), ExpressMove(card)


@cache
def _place_actions(card: int, route: int, index: int) -> Mapping[str, PlaceTransport]:
    """PlaceTransport on lane ``index + 1`` of ``route``, by the card put under it (read-only)."""
    return MappingProxyType({u: PlaceTransport(card, ROUTES[route], index + 1, u) for u in ("",) + UNDER_KINDS})


@cache
def _unseen_card(n: int, what: str) -> Chance:
    """In a determinised copy (:meth:`ItcState._determinize`), the place in a pile of ``n`` cards
    whose order the player has not seen of the card drawn next: each place equally likely, one
    ``randbelow(n)``. (A real game's piles were shuffled when made; their top card is a reveal.)"""
    return Chance(f"{what} (unseen order)", lambda rng: rng.randbelow(n),
                  lambda: [(i, Fraction(1, n)) for i in range(n)], n)


_CHECKS = {
    PlaceSalesMarker: ItcState._check_place_marker,
    DrawActionCard: ItcState._check_draw_card,
    ChooseDice: ItcState._check_choose,
    KeepDie: ItcState._check_keep,
    PlaceTransport: ItcState._check_place_transport,
    MoveTransport: ItcState._check_move,
    ExpressMove: ItcState._check_express,
    DeliverTransport: ItcState._check_deliver,
    Sell: ItcState._check_sell,
    Attack: ItcState._check_attack,
    PlayCard: ItcState._check_play,
    Discard: ItcState._check_discard,
    EndTurn: ItcState._check_end,
}

_PERFORMS = {
    PlaceSalesMarker: ItcState._do_place_marker,
    DrawActionCard: ItcState._do_draw_card,
    ChooseDice: ItcState._do_choose,
    KeepDie: ItcState._do_keep,
    PlaceTransport: ItcState._do_place_transport,
    MoveTransport: ItcState._do_move,
    ExpressMove: ItcState._do_express,
    DeliverTransport: ItcState._do_deliver,
    Sell: ItcState._do_sell,
    Attack: ItcState._do_attack,
    PlayCard: ItcState._do_play,
    Discard: ItcState._do_discard,
    EndTurn: ItcState._do_end,
}
