"""The Auf Achse rules engine: one game in progress (see the package docstring for the design)."""

from __future__ import annotations

from typing import Any

from ..chance import dice, shuffle
from ..core import IllegalAction, State
from ..dice import d6
from ..validation import counted
from .actions import (
    ACTION_TYPES,
    Bid,
    BuyTrailer,
    ChooseContract,
    Decline,
    EndTurn,
    KeepInHand,
    Load,
    Pass,
    PlaceSign,
    PlaceTruck,
    ReturnTrailer,
    Roll,
    Step,
    Stop,
    TakeContract,
    Unload,
    UseDie,
)
from .auction import Auction
from .data import Contract, contracts, events, network
from .options import COLOURS, TRAILER_KINDS

__all__ = ["AufAchseState", "PHASES"]

#: setup: trucks are placed; roll: the player rolls; die: one die is chosen; moving: the truck drives;
#: sign: the player puts the roadworks or traffic-jam sign on a road space; city: the truck stopped in
#: a city (load, unload, trailers, public contracts); auction: a public contract is auctioned;
#: loading: the auction's winner, out of turn in its start city, loads it or keeps it in hand;
#: over: the game has ended.
PHASES = ("setup", "roll", "die", "moving", "sign", "city", "auction", "loading", "over")

#: The two signs (rule ``auf-achse-signs``).
SIGNS = ("roadworks", "jam")


#: The chance events of Auf Achse, declared (rule ``auf-achse-movement``): both dice, in order, as
#: the list of their faces (36 ordered results, each 1/36).
DICE = dice(d6, d6, what="dice")


def _deck_shuffle(count: int, what: str) -> Any:
    """The shuffle of a whole deck of ``count`` cards (numbered 0 to ``count - 1``): ``count!``
    orders, too many to list (``state.outcomes`` says so and offers seeded samples)."""
    return shuffle(list(range(count)), what)


_FACTORIALS = [1]


def _permute(rng: Any, items: list[Any], first: int | None = None) -> None:
    """Shuffle ``items`` in place, uniformly, with few calls of the generator: one ``randbelow``
    over all the orders (a handful of 32-bit words), read as the digits of a Fisher-Yates shuffle.
    With ``first``, only the first ``first`` places are drawn (uniformly among all the items);
    the rest keep an order fixed by the draw. For redrawing hidden piles in
    :meth:`AufAchseState._determinize` (a search calls it every iteration); the game's own draws
    are declared events (:data:`DICE`, the deck shuffles)."""
    n = len(items)
    m = n - 1 if first is None else min(first, n - 1)
    if m <= 0:
        return
    while len(_FACTORIALS) <= n:
        _FACTORIALS.append(_FACTORIALS[-1] * len(_FACTORIALS))
    r = rng.randbelow(_FACTORIALS[n] // _FACTORIALS[n - m])
    for i in range(m):
        r, k = divmod(r, n - i)
        if k:
            items[i], items[i + k] = items[i + k], items[i]


class AufAchseState(State):
    """A game of Auf Achse in progress (see :mod:`gamekit.auf_achse` for what it holds and how a
    turn goes)."""

    action_types = ACTION_TYPES
    #: The road network and the card tables never change: copies share them.
    shared_on_clone = ("net", "cards", "event_cards")

    # -- setup (rule auf-achse-setup) -------------------------------------------------------
    def _setup(self) -> None:
        o = self.options
        self.net = network()
        self.cards: tuple[Contract, ...] = contracts()
        self.event_cards = events()
        deck = self.draw(_deck_shuffle(len(self.cards), "shuffle contracts"))
        hand, public = o.hand_size(), o.public_deck_size(self.players)
        if hand * self.players + public > len(deck):
            raise ValueError(f"{len(deck)} contracts are too few for {self.players} hands of {hand} and {public} public ones")
        self.hands: list[list[int]] = [deck[i * hand:(i + 1) * hand] for i in range(self.players)]
        #: The private contracts each player was dealt (never changed): a card in a hand is hidden
        #: from the other players exactly when it is one of these; a public contract taken into the
        #: hand was seen by everyone (see :meth:`_observation`).
        self.private: list[list[int]] = [list(h) for h in self.hands]
        deck = deck[hand * self.players:]
        self.public_deck: list[int] = deck[:public]
        self.unused: list[int] = deck[public:]  # contracts not in this game
        self.row: list[int | None] = [None] * o.face_up
        self._refill_row()
        self.removed: list[int] = []  # public contracts that left the game (rule auf-achse-declining)
        self.loaded: list[list[int]] = [[] for _ in range(self.players)]
        self.delivered: list[list[int]] = [[] for _ in range(self.players)]
        self.cash = [o.starting_money] * self.players
        self.bank = o.bank_money - o.starting_money * self.players
        self.goods_supply = o.goods_cubes
        self.trailers: list[list[str]] = [[] for _ in range(self.players)]
        self.trailer_supply = {"large": o.large_trailers if o.trailers_allowed() else 0,
                               "small": o.small_trailers if o.trailers_allowed() else 0}
        self.event_deck: list[int] = self.draw(_deck_shuffle(len(self.event_cards), "shuffle events"))
        self.event_discard: list[int] = []
        self.position: list[str | None] = [None] * self.players
        self.skip_next = [False] * self.players
        #: Event cards a player could not pay, kept until they can pay double (setting ``unpaid_event``).
        self.owed: list[list[int]] = [[] for _ in range(self.players)]
        #: Every auction so far: [contract, winner, offer paid for (0: none), price paid] (rule ``auf-achse-payment``).
        self.auction_results: list[tuple[int, int, int, int]] = []
        #: Where the signs stand (None: not on the board) and who placed the jam sign (rule ``auf-achse-signs``).
        self.roadworks_at: str | None = None
        self.jam_at: str | None = None
        self.jam_owner: int | None = None
        self.player = 0
        self.phase = "setup"
        self._new_turn_fields()
        self.turn_count = 0

    def _new_turn_fields(self) -> None:
        self.dice: list[int] = []
        self.pips = 0  # the pips chosen for this move (a 1 moves the roadworks sign)
        self.remaining = 0
        self.placing: str | None = None  # the sign being placed in the sign phase
        self.arrive_exact = False  # after the roadworks sign: the move ended on its last pip
        self.load_offer: int | None = None  # loading phase: the contract the auction's winner may load
        self.load_player: int | None = None
        self.visited: list[str] = []
        self.exact = False  # the move ended in this city on its last pip (rule auf-achse-public-contracts)
        self.by_event = False  # an event card moved the truck into this city
        self.public_pending = False  # must choose or decline a public contract before ending the turn
        self.extra_turn = False
        self.auction: Auction | None = None
        self.taken_here: list[int] = []  # children's variant: taken into hand at this stop, loaded only on a later visit

    # -- queries ---------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase == "auction":
            assert self.auction is not None
            return self.auction.turn
        if self.phase == "loading":
            return self.load_player
        return self.player

    def colour(self, player: int) -> str:
        return COLOURS[player]

    def capacity(self, player: int) -> int:
        """Goods a truck carries: 6, plus 6 per large and 4 per small trailer (rule ``auf-achse-trailers``;
        settings ``truck_capacity`` and ``large_trailer_goods``, ``small_trailer_goods``)."""
        return self.options.truck_capacity + sum(self.options.trailer_kinds[k][0] for k in self.trailers[player])

    def load_on(self, player: int) -> int:
        return sum(self.cards[c].amount for c in self.loaded[player])

    def free_room(self, player: int) -> int:
        return self.capacity(player) - self.load_on(player)

    def trucks_at(self, node: str) -> int:
        return sum(1 for p in self.position if p == node)

    def space_is_full(self, node: str) -> bool:
        """A road space holds at most two trucks; a city any number (rule ``auf-achse-road-spaces``)."""
        return not self.net.is_city(node) and self.trucks_at(node) >= self.options.trucks_per_space

    def is_closed(self, node: str) -> bool:
        """A road space under the roadworks or the traffic-jam sign: no truck enters or passes it
        (rule ``auf-achse-signs``)."""
        return node == self.roadworks_at or node == self.jam_at

    def can_enter(self, node: str, left: int | None = None, visited: list[str] | None = None) -> bool:
        """Whether the driving truck may step onto ``node`` with ``left`` pips to drive (its last
        included) after visiting ``visited`` (default: the move so far): never twice on one place in a
        move (rule ``auf-achse-movement``), never onto a sign (``auf-achse-signs``), and onto a road space
        that holds two trucks only to overtake: with pips left to drive on from it
        (``auf-achse-road-spaces``, setting ``overtaking``)."""
        visited = self.visited if visited is None else visited
        left = self.remaining if left is None else left
        if node in visited or self.is_closed(node):
            return False
        if not self.space_is_full(node):
            return True
        if not self.options.overtaking or left <= 1:
            return False
        onward = [*visited, node]
        return any(self.can_enter(n, left - 1, onward) for n in self.net.adjacent[node])

    def may_stop(self) -> bool:
        """Giving up the pips left: in a city, in front of a sign, or when the truck cannot go on;
        never as a third truck on a road space (rules ``auf-achse-movement``, ``auf-achse-signs``)."""
        here = self.position[self.player]
        assert here is not None
        if self.net.is_city(here):
            return True
        if self.trucks_at(here) > self.options.trucks_per_space:
            return False
        return any(self.is_closed(n) for n in self.net.adjacent[here]) or not self.steps()

    def sign_spaces(self, sign: str) -> list[str]:
        """Where ``sign`` may be put: a road space (no city, no ferry) without a truck or the other
        sign; the roadworks sign must move (rule ``auf-achse-signs``)."""
        net = self.net
        taken = {p for p in self.position if p is not None}
        other = self.jam_at if sign == "roadworks" else self.roadworks_at
        mine = self.roadworks_at if sign == "roadworks" else None
        return [n for n in net.nodes if not net.is_city(n) and n not in net.ferry_spaces and n not in taken
                and n != other and n != mine]

    def start_spaces(self) -> list[str]:
        """Where a truck may be placed at the start: any city, and with ``start_anywhere`` any road
        space (no ferry) that holds fewer than two trucks (rule ``auf-achse-setup``)."""
        net = self.net
        out = list(net.cities)
        if self.options.start_anywhere:
            out += [n for n in net.nodes if not net.is_city(n) and n not in net.ferry_spaces
                    and not self.space_is_full(n)]
        return out

    def price_paid(self, card: int) -> int | None:
        """What the winner of the auction of public contract ``card`` paid the bank (0: nobody else
        bid), or None if it was never auctioned (rule ``auf-achse-payment``)."""
        result = self.auction_result(card)
        return None if result is None else result[2]

    def auction_result(self, card: int) -> tuple[int, int, int] | None:
        """(winner, offer paid for, price paid) of the auction of ``card``, or None (rule ``auf-achse-payment``)."""
        for contract, winner, offer, price in self.auction_results:
            if contract == card:
                return winner, offer, price
        return None

    def can_return_trailer(self, player: int, kind: str) -> bool:
        """A trailer may be handed back when the setting allows it and the goods still fit on what is
        left (rule ``auf-achse-trailers``)."""
        if self.options.trailer_refund is None or kind not in self.trailers[player]:
            return False
        return self.load_on(player) <= self.capacity(player) - self.options.trailer_kinds[kind][0]

    def die_choices(self) -> list[int]:
        """The pips the rolled dice allow: either die, and a 6 as any of 1-6 (rule ``auf-achse-movement``)."""
        if 6 in self.dice:
            return [1, 2, 3, 4, 5, 6]
        return sorted(set(self.dice))

    def steps(self) -> list[str]:
        """Where the truck may drive its next pip (rule ``auf-achse-movement``)."""
        here = self.position[self.player]
        assert here is not None
        return [n for n in self.net.adjacent[here] if self.can_enter(n)]

    def public_contracts_left(self) -> int:
        return sum(1 for c in self.row if c is not None) + len(self.public_deck)

    def open_contracts(self, player: int) -> int:
        """Contracts the player still has to carry out: in hand or loaded."""
        return len(self.hands[player]) + len(self.loaded[player])

    def can_load(self, player: int, card: int) -> bool:
        """Loading needs the truck in the start city, room on it and the cubes in the supply (rule ``auf-achse-loading``)."""
        c = self.cards[card]
        return self.position[player] == c.start and self.free_room(player) >= c.amount and self.goods_supply >= c.amount

    def total_money(self) -> int:
        return sum(self.cash) + self.bank

    def goods_total(self) -> int:
        return self.goods_supply + sum(self.load_on(p) for p in range(self.players))

    # -- legal actions ---------------------------------------------------------------------------
    def legal_actions(self) -> list[Any]:
        phase = self.phase
        if phase == "over":
            return []
        if phase == "setup":
            return [PlaceTruck(c) for c in self.start_spaces()]
        if phase == "roll":
            return [Roll()]
        if phase == "die":
            return [UseDie(p) for p in self.die_choices()]
        if phase == "moving":
            out: list[Any] = [Step(n) for n in self.steps()]
            if self.may_stop():
                out.append(Stop())
            return out
        if phase == "sign":
            assert self.placing is not None
            return [PlaceSign(n) for n in self.sign_spaces(self.placing)]
        if phase == "loading":
            return [Load(self.load_offer), KeepInHand()]  # type: ignore[arg-type]
        if phase == "auction":
            a = self.auction
            assert a is not None and a.turn is not None
            card = self.cards[a.contract]
            bids = [Bid(k) for k in range(a.minimum_offer(a.turn), self.options.highest_offer + 1)
                    if card.cost(k) <= self.cash[a.turn]]
            return [*bids, Pass()]
        # city
        p = self.player
        here = self.position[p]
        out = [Unload(c) for c in self.loaded[p] if self.cards[c].destination == here]
        out += [Load(c) for c in self.hands[p] if self.can_load(p, c) and c not in self.taken_here]
        out += [BuyTrailer(k) for k in TRAILER_KINDS if self._trailer_problem(p, k) is None]
        out += [ReturnTrailer(k) for k in TRAILER_KINDS if self.can_return_trailer(p, k)]
        if self.public_pending:
            out += [ChooseContract(s) for s, c in enumerate(self.row) if c is not None]
            out.append(Decline())
        else:
            if self.options.children:
                out += [TakeContract(s) for s, c in enumerate(self.row) if c is not None and self.cards[c].start == here]
            out.append(EndTurn())
        return out

    # -- validation ------------------------------------------------------------------------------
    def _check(self, action: Any) -> None:
        if not isinstance(action, ACTION_TYPES):
            raise IllegalAction(f"{action!r} is not an Auf Achse action", "protocol-legal-actions")
        phase = self.phase
        name = type(action).__name__
        if phase == "setup":
            if not isinstance(action, PlaceTruck):
                raise IllegalAction("first every player places their truck", "auf-achse-setup")
            if action.city not in self.start_spaces():
                where = "a city" if not self.options.start_anywhere else "a city or a road space with room (no ferry)"
                raise IllegalAction(f"{action.city!r} is not {where}", "auf-achse-setup")
            return
        if phase == "roll":
            if not isinstance(action, Roll):
                raise IllegalAction(f"roll the dice first, not {name}", "auf-achse-movement")
            return
        if phase == "die":
            if not isinstance(action, UseDie):
                raise IllegalAction(f"choose one of the dice to move with, not {name}", "auf-achse-movement")
            if action.pips not in self.die_choices():
                raise IllegalAction(f"the dice {self.dice} do not allow a move of {action.pips}", "auf-achse-movement")
            return
        if phase == "moving":
            self._check_moving(action)
            return
        if phase == "sign":
            if not isinstance(action, PlaceSign):
                raise IllegalAction(f"put the {self.placing} sign on a road space first, not {name}", "auf-achse-signs")
            if action.space not in self.sign_spaces(self.placing):  # type: ignore[arg-type]
                raise IllegalAction(f"the {self.placing} sign goes on a road space without a truck or the other "
                                    f"sign (no city, no ferry; the roadworks sign must move), not {action.space!r}",
                                    "auf-achse-signs")
            return
        if phase == "loading":
            if isinstance(action, KeepInHand) or (isinstance(action, Load) and action.contract == self.load_offer):
                return
            raise IllegalAction("the winner of the auction loads the contract at once or keeps it in hand",
                                "auf-achse-taking-contract")
        if phase == "auction":
            self._check_auction(action)
            return
        self._check_city(action)

    def _check_moving(self, action: Any) -> None:
        here = self.position[self.player]
        assert here is not None
        if isinstance(action, Step):
            if action.to not in self.net.adjacent[here]:
                raise IllegalAction(f"{action.to!r} is not next to {here}", "auf-achse-movement")
            if not self.can_enter(action.to):
                if action.to in self.visited:
                    raise IllegalAction(f"the truck was already on {action.to} in this move", "auf-achse-movement")
                if self.is_closed(action.to):
                    raise IllegalAction(f"a sign closes {action.to}", "auf-achse-signs")
                raise IllegalAction(f"{action.to} already holds {self.options.trucks_per_space} trucks"
                                    + (" and the truck could not drive on from it" if self.options.overtaking else ""),
                                    "auf-achse-road-spaces")
            return
        if isinstance(action, Stop):
            if not self.may_stop():
                if self.trucks_at(here) > self.options.trucks_per_space:
                    raise IllegalAction(f"{here} holds two trucks: overtake, do not stop", "auf-achse-road-spaces")
                raise IllegalAction("pips may be given up only in a city or in front of a sign", "auf-achse-movement")
            return
        if isinstance(action, ChooseContract):
            raise IllegalAction("a public contract is chosen only on arriving in a city with the full roll",
                                "auf-achse-public-contracts")
        raise IllegalAction(f"{type(action).__name__} is not possible while the truck drives", "auf-achse-movement")

    def _check_auction(self, action: Any) -> None:
        a = self.auction
        assert a is not None and a.turn is not None
        if isinstance(action, Pass):
            return
        if not isinstance(action, Bid):
            raise IllegalAction("during an auction, bid or pass", "auf-achse-auction-order")
        highest = self.options.highest_offer  # printed: 5 (the cost table on the card)
        if not 1 <= action.offer <= highest:
            raise IllegalAction(f"offers are numbered 1 to {highest}, not {action.offer}", "auf-achse-offers")
        least = a.minimum_offer(a.turn)
        if action.offer < least:
            rule = "auf-achse-chooser-matches" if a.turn != a.chooser else "auf-achse-offers"
            raise IllegalAction(f"the best offer is {a.offer}: bid at least {least}", rule)
        cost = self.cards[a.contract].cost(action.offer)
        if cost > self.cash[a.turn]:
            raise IllegalAction(f"offer {action.offer} costs {cost:,} € and {self.colour(a.turn)} has "
                                f"{self.cash[a.turn]:,} €: no credit", "auf-achse-payment")

    def _check_city(self, action: Any) -> None:
        p = self.player
        here = self.position[p]
        if isinstance(action, Unload):
            if action.contract not in self.loaded[p]:
                raise IllegalAction(f"contract {action.contract} is not loaded on this truck", "auf-achse-delivery")
            if self.cards[action.contract].destination != here:
                raise IllegalAction(f"contract {action.contract} goes to {self.cards[action.contract].destination}, "
                                    f"not {here}", "auf-achse-delivery")
            return
        if isinstance(action, Load):
            if action.contract not in self.hands[p]:
                raise IllegalAction(f"contract {action.contract} is not in hand", "auf-achse-loading")
            c = self.cards[action.contract]
            if c.start != here:
                raise IllegalAction(f"contract {action.contract} is loaded in {c.start}, not {here}", "auf-achse-loading")
            if self.free_room(p) < c.amount:
                raise IllegalAction(f"{c.amount} goods do not fit: room for {self.free_room(p)}", "auf-achse-loading")
            if self.goods_supply < c.amount:
                raise IllegalAction(f"only {self.goods_supply} goods cubes are in the supply", "auf-achse-loading")
            if action.contract in self.taken_here:
                raise IllegalAction("a contract taken into the hand is loaded only when the truck comes back to its "
                                    "start city", "auf-achse-children")
            return
        if isinstance(action, ReturnTrailer):
            if not self.can_return_trailer(p, action.kind):
                why = ("trailers cannot be handed back (setting trailer_refund)" if self.options.trailer_refund is None
                       else f"no {action.kind} trailer to hand back" if action.kind not in self.trailers[p]
                       else "the goods on it would not fit on the truck")
                raise IllegalAction(why, "auf-achse-trailers")
            return
        if isinstance(action, (PlaceSign, KeepInHand)):
            raise IllegalAction(f"{type(action).__name__} is not possible in a city now",
                                "auf-achse-signs" if isinstance(action, PlaceSign)
                                else "auf-achse-taking-contract")
        if isinstance(action, BuyTrailer):
            problem = self._trailer_problem(p, action.kind)
            if problem is not None:
                raise IllegalAction(problem, "auf-achse-children" if self.options.children else "auf-achse-trailers")
            return
        if isinstance(action, (ChooseContract, Decline)):
            if not self.public_pending:
                why = ("a truck moved into the city by an event card" if self.by_event else
                       "pips were given up" if not self.exact else "a public contract was already chosen or declined")
                rule = "auf-achse-children" if self.options.children else "auf-achse-public-contracts"
                raise IllegalAction(f"no public contract may be chosen now: {why}", rule)
            if isinstance(action, ChooseContract) and not (
                    0 <= action.slot < len(self.row) and self.row[action.slot] is not None):
                raise IllegalAction(f"no public contract lies on space {action.slot}", "auf-achse-public-contracts")
            return
        if isinstance(action, TakeContract):
            if not self.options.children:
                raise IllegalAction("public contracts are auctioned; taking one is the children's variant",
                                    "auf-achse-public-contracts")
            if not (0 <= action.slot < len(self.row) and self.row[action.slot] is not None):
                raise IllegalAction(f"no public contract lies on space {action.slot}", "auf-achse-children")
            if self.cards[self.row[action.slot]].start != here:  # type: ignore[index]
                raise IllegalAction(f"that contract starts in {self.cards[self.row[action.slot]].start}, "  # type: ignore[index]
                                    f"not {here}", "auf-achse-children")
            return
        if isinstance(action, EndTurn):
            if self.public_pending:
                raise IllegalAction("arriving with the full roll: choose a public contract or decline, "
                                    "which removes the one next to the loading yard", "auf-achse-declining")
            return
        if isinstance(action, (Bid, Pass)):
            raise IllegalAction("there is no auction going on", "auf-achse-auction-order")
        raise IllegalAction(f"{type(action).__name__} is not possible in a city now", "auf-achse-turn")

    def _trailer_problem(self, p: int, kind: str) -> str | None:
        if not self.options.trailers_allowed():
            return "the children's variant has no trailers"
        if kind not in TRAILER_KINDS:
            return f"trailers are large or small, not {kind!r}"
        if self.trailer_supply[kind] <= 0:
            return f"no {kind} trailer is left"
        if len(self.trailers[p]) >= self.options.trailers_per_truck:
            return f"a truck pulls at most {counted(self.options.trailers_per_truck, 'trailer')}"
        price = self.options.trailer_kinds[kind][1]
        if self.cash[p] < price:
            return f"a {kind} trailer costs {price:,} € and there is no credit"
        return None

    # -- carrying out ----------------------------------------------------------------------------
    def _perform(self, action: Any) -> None:
        getattr(self, "_do_" + type(action).__name__)(action)
        if any(self.owed):
            self._settle_debts()
        if self.phase != "over" and self.auction is None and self._end_reached():
            self.phase = "over"  # rule auf-achse-end: at once

    def _do_PlaceTruck(self, action: PlaceTruck) -> None:
        self.position[self.player] = action.city
        if self.player + 1 < self.players:
            self.player += 1
        else:
            self.player = 0
            self.phase = "roll"
            self.turn_count = 1

    def _do_Roll(self, action: Roll) -> None:
        self.dice = self.draw(DICE)
        self.phase = "die"

    def _do_UseDie(self, action: UseDie) -> None:
        self.pips = action.pips
        self.remaining = action.pips
        self.visited = [self.position[self.player]]  # type: ignore[list-item]
        self.phase = "moving"

    def _do_Step(self, action: Step) -> None:
        self.position[self.player] = action.to
        self.visited.append(action.to)
        self.remaining -= 1
        if self.remaining == 0:
            self._end_move(exact=True)

    def _do_Stop(self, action: Stop) -> None:
        self.remaining = 0
        self._end_move(exact=False)

    def _end_move(self, exact: bool) -> None:
        """A move with a 1 first moves the roadworks sign (rule ``auf-achse-signs``); then the truck arrives."""
        if self.options.roadworks and self.pips == 1 and self.sign_spaces("roadworks"):
            self.phase, self.placing, self.arrive_exact = "sign", "roadworks", exact
            return
        self._arrive(exact)

    def _arrive(self, exact: bool) -> None:
        """Arriving: in a city the city phase begins; an exact stop on a triangle draws an event card."""
        here = self.position[self.player]
        assert here is not None
        if self.net.is_city(here):
            self._enter_city(exact=exact, by_event=False)
        elif exact and self.net.is_triangle(here):
            self._event()
        else:
            self._end_turn()

    def _enter_city(self, exact: bool, by_event: bool) -> None:
        self.phase = "city"
        self.exact = exact
        self.by_event = by_event
        # rule auf-achse-public-contracts: only with the full roll used, not by an event card
        self.public_pending = (exact and not by_event and not self.options.children
                               and any(c is not None for c in self.row))

    def _event(self) -> None:
        """Draw and carry out an event card (rule ``auf-achse-events``)."""
        if not self.event_deck and not self.options.event_cards_leave and self.event_discard:
            # the discard pile shuffled: its cards' order (up to 28! orders, not listed)
            self.event_deck = self.draw(shuffle(self.event_discard, "shuffle events"))
            self.event_discard = []
        if not self.event_deck:  # setting event_cards_leave: every card was used, the triangle draws nothing
            self._end_turn()
            return
        card = self.event_cards[self.event_deck.pop(0)]
        self.reveal("event card", card.id)  # the deck was shuffled by a draw; this is its top card
        p = self.player
        if card.kind == "pay" and card.amount > self.cash[p] and self.options.unpaid_event == "double":
            self.owed[p].append(card.id)  # kept until the player can pay double (_settle_debts)
        else:
            self.event_discard.append(card.id)  # done: out of the game, or on the discard pile
        if card.kind == "pay":
            if card.id not in self.owed[p]:
                paid = min(card.amount, self.cash[p])  # no credit ("all_cash" takes what there is)
                self.cash[p] -= paid
                self.bank += paid
        elif card.kind == "receive":
            self.cash[p] += card.amount
            self.bank -= card.amount
        elif card.kind == "skip":
            self.skip_next[p] = True
        elif card.kind == "extra":
            self.extra_turn = True
        if card.kind == "to_city":
            self.position[p] = self.net.nearest_city(self.position[p])  # type: ignore[arg-type]
            self._enter_city(exact=False, by_event=True)
        elif card.kind == "jam" and self.sign_spaces("jam"):
            self.phase, self.placing = "sign", "jam"
        else:
            self._end_turn()

    def _settle_debts(self) -> None:
        """Setting ``unpaid_event`` "double": an event card kept for want of cash is paid, twice its
        sum, as soon as the player has that much; then it is done (rule ``auf-achse-events``)."""
        for p, owed in enumerate(self.owed):
            for card in list(owed):
                due = 2 * self.event_cards[card].amount
                if self.cash[p] >= due:
                    self.cash[p] -= due
                    self.bank += due
                    owed.remove(card)
                    self.event_discard.append(card)

    def _do_PlaceSign(self, action: PlaceSign) -> None:
        """The sign closes its road space (rule ``auf-achse-signs``); then the move or the event goes on."""
        sign, self.placing = self.placing, None
        if sign == "roadworks":
            self.roadworks_at = action.space
            self._arrive(self.arrive_exact)
        else:
            self.jam_at, self.jam_owner = action.space, self.player
            self._end_turn()

    def _do_Unload(self, action: Unload) -> None:
        """Deliver: the freight revenue from the bank, the cubes back to the supply (rule ``auf-achse-delivery``)."""
        p, c = self.player, self.cards[action.contract]
        self.loaded[p].remove(c.id)
        self.delivered[p].append(c.id)
        self.goods_supply += c.amount
        self.cash[p] += c.revenue
        self.bank -= c.revenue

    def _do_Load(self, action: Load) -> None:
        if self.phase == "loading":
            self._load(self.load_player, action.contract)  # type: ignore[arg-type]
            self._after_loading_choice()
            return
        self._load(self.player, action.contract)

    def _do_KeepInHand(self, action: KeepInHand) -> None:
        self._after_loading_choice()

    def _after_loading_choice(self) -> None:
        self.load_offer = self.load_player = None
        self.phase = "city"

    def _do_ReturnTrailer(self, action: ReturnTrailer) -> None:
        """The trailer goes back to the supply; the bank pays the refund (rule ``auf-achse-trailers``)."""
        refund = self.options.trailer_refund or 0
        self.trailers[self.player].remove(action.kind)
        self.trailer_supply[action.kind] += 1
        self.cash[self.player] += refund
        self.bank -= refund

    def _load(self, p: int, card: int) -> None:
        self.hands[p].remove(card)
        self.loaded[p].append(card)
        self.goods_supply -= self.cards[card].amount

    def _do_BuyTrailer(self, action: BuyTrailer) -> None:
        price = self.options.trailer_kinds[action.kind][1]
        self.trailer_supply[action.kind] -= 1
        self.trailers[self.player].append(action.kind)
        self.cash[self.player] -= price
        self.bank += price

    def _do_ChooseContract(self, action: ChooseContract) -> None:
        card = self.row[action.slot]
        assert card is not None
        self.row[action.slot] = None
        self.slide_row()
        self.public_pending = False
        self.auction = Auction.start(self.player, card, self.players)
        self.phase = "auction"

    def _do_Decline(self, action: Decline) -> None:
        """The contract next to the loading yard leaves the game (rule ``auf-achse-declining``)."""
        self.public_pending = False
        for slot, card in enumerate(self.row):
            if card is not None:
                self.removed.append(card)
                self.row[slot] = None
                break
        self.slide_row()

    def slide_row(self) -> None:
        """The others slide in arrow direction; the corner space is refilled (rule ``auf-achse-sliding``)."""
        cards = [c for c in self.row if c is not None]
        self.row = cards + [None] * (len(self.row) - len(cards))
        self._refill_row()

    def _refill_row(self) -> None:
        for slot, card in enumerate(self.row):
            if card is None and self.public_deck:
                self.row[slot] = self.public_deck.pop(0)

    def _do_Bid(self, action: Bid) -> None:
        a = self.auction
        assert a is not None and a.turn is not None
        a.bid(a.turn, action.offer)
        self._after_bidding()

    def _do_Pass(self, action: Pass) -> None:
        a = self.auction
        assert a is not None and a.turn is not None
        a.pass_(a.turn)
        self._after_bidding()

    def _after_bidding(self) -> None:
        """The winner pays at once and takes the contract in hand (rules ``auf-achse-payment``,
        ``auf-achse-taking-contract``)."""
        a = self.auction
        assert a is not None
        if not a.finished:
            return
        winner, card = a.winner, a.contract
        price = self.cards[card].cost(a.paid_offer) if a.paid_offer else 0
        self.cash[winner] -= price
        self.bank += price
        self.auction_results.append((card, winner, a.paid_offer, price))
        self.hands[winner].append(card)
        self.auction = None
        if winner != self.player and self.can_load(winner, card):
            # assumption "load at once": page 4's "kann ... sofort" is the winner's choice
            self.phase, self.load_offer, self.load_player = "loading", card, winner
            return
        self.phase = "city"

    def _do_TakeContract(self, action: TakeContract) -> None:
        """Children's variant: the first to arrive takes it; the space is refilled (rule ``auf-achse-children``)."""
        card = self.row[action.slot]
        assert card is not None
        self.row[action.slot] = self.public_deck.pop(0) if self.public_deck else None
        self.hands[self.player].append(card)
        if self.can_load(self.player, card):
            self._load(self.player, card)
        else:
            self.taken_here.append(card)

    def _do_EndTurn(self, action: EndTurn) -> None:
        self._end_turn()

    def _end_turn(self) -> None:
        """The next player clockwise; an event may give another turn or make a player miss one."""
        if self._end_reached():
            self.phase = "over"
            return
        extra = self.extra_turn
        self._new_turn_fields()
        if not extra:
            nxt = (self.player + 1) % self.players
            while self.skip_next[nxt]:
                self.skip_next[nxt] = False
                self._lift_jam(nxt)
                nxt = (nxt + 1) % self.players
            self.player = nxt
        self._lift_jam(self.player)
        self.phase = "roll"
        self.turn_count += 1

    def _lift_jam(self, player: int) -> None:
        """The traffic-jam sign lasts one round: it goes when its placer's turn comes round again
        (rule ``auf-achse-signs``)."""
        if self.jam_owner == player:
            self.jam_at = self.jam_owner = None

    def _end_reached(self) -> bool:
        """No public contract left and one player with all own contracts done (rule ``auf-achse-end``)."""
        if self.phase == "setup" or self.public_contracts_left():
            return False
        return any(self.open_contracts(p) == 0 for p in range(self.players))

    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def end_reason(self) -> str:
        """Why the game ended, in words (``""`` while it goes on)."""
        if self.phase != "over":
            return ""
        return ("no public contract is left and a player has carried out all of their own contracts; "
                "the most cash wins (rules auf-achse-end, auf-achse-winner)")

    def scores(self) -> dict[int, Any]:
        """Cash: the most cash wins; unfinished contracts earn nothing (rule ``auf-achse-winner``)."""
        return dict(enumerate(self.cash))

    # -- copies ----------------------------------------------------------------------------------
    #: The mutable fields and how a copy copies them (:attr:`gamekit.core.State.MUTABLE`): lists of
    #: lists (per player), flat lists, the trailers left and the auction; everything else a state
    #: holds is a number, a string, a tuple, a flag or shared data (``shared_on_clone``). A copy
    #: costs a few microseconds, however long the game.
    MUTABLE = {
        **dict.fromkeys(("hands", "private", "loaded", "delivered", "trailers", "owed"), "nested"),
        **dict.fromkeys(("public_deck", "unused", "row", "removed", "cash", "position", "skip_next", "event_deck",
                         "event_discard", "dice", "visited", "taken_here", "auction_results", "trailer_supply"),
                        "list"),
        "auction": "copy",
    }

    # -- what each player may see ----------------------------------------------------------------
    def _hidden_from(self, player: int, owner: int) -> list[bool]:
        """For each card in ``owner``'s hand, whether ``player`` cannot see it: another player's
        private contract not yet laid out (a public contract won into the hand was seen by all)."""
        if owner == player:
            return [False] * len(self.hands[owner])
        dealt = self.private[owner]
        return [c in dealt for c in self.hands[owner]]

    def _observation(self, player: int) -> Any:
        """What ``player`` may see (rules ``auf-achse-loading``, ``auf-achse-taking-contract``).

        Public: the trucks, cash, trailers, loaded and delivered contracts (laid out face up), the
        face-up row, removed contracts, the auction, the turn, the event discard pile, and how many
        cards each pile and hand holds. Hidden: the other players' private contracts still in hand
        (``null`` in their hand, in place), the order and faces of the face-down public pile and of
        the event deck, the contracts left out of this game, and the generator.

        Assumption "hidden hands": contracts in hand are held face down (page 4 contrasts taking a
        card "auf die Hand" with laying it "offen vor sich"); a public contract won at auction or
        taken in the children's variant was seen by everyone, so it stays known in its owner's hand.
        Each player also sees which of their own cards the others cannot (``secret``).
        """
        hands = []
        for q in range(self.players):
            hidden = self._hidden_from(player, q)
            hands.append([None if h else c for c, h in zip(self.hands[q], hidden)])
        mine = self.private[player]
        data: dict[str, Any] = {
            "me": player,
            "hands": hands,
            "secret": [c for c in self.hands[player] if c in mine],
            "public_deck": len(self.public_deck),
            "unused": len(self.unused),
            "event_deck": len(self.event_deck),
        }
        for key in ("loaded", "delivered", "trailers", "row", "removed", "cash", "position", "skip_next",
                    "event_discard", "dice", "visited", "taken_here", "owed", "auction_results"):
            data[key] = _copy(getattr(self, key))
        for key in self._SCALARS:
            data[key] = getattr(self, key)
        data["trailer_supply"] = dict(self.trailer_supply)
        data["auction"] = self.auction.to_data() if self.auction else None
        return data

    def _determinize(self, player: int, rng: Any) -> AufAchseState:
        """A copy whose hidden parts (for ``player``) are drawn again with ``rng``: the unseen
        contracts (the others' private cards in hand, the face-down public pile and the contracts
        out of the game), sorted, then shuffled and dealt back by the counts the player sees; and
        the event deck, sorted, then shuffled. A card the player has seen is never moved. (The
        game's seed, which would tell the deck, is replaced by ``determinize``.)"""
        new = self.clone()
        hands, private = new.hands, new.private
        pool: list[int] = []
        slots: list[tuple[int, int]] = []
        for q in range(self.players):
            if q == player:
                dealt = private[q]
                private[q] = [c for c in hands[q] if c in dealt]
                continue
            dealt = private[q]
            for i, c in enumerate(hands[q]):
                if c in dealt:
                    pool.append(c)
                    slots.append((q, i))
        pool += new.public_deck
        pool += new.unused
        pool.sort()
        k = len(slots)
        n = len(new.public_deck)
        _permute(rng, pool, k + n)  # the cards left out of the game need no order of their own
        for q in range(self.players):
            if q != player:
                private[q] = []
        for card, (q, i) in zip(pool, slots):
            hands[q][i] = card
            private[q].append(card)
        new.public_deck = pool[k:k + n]
        new.unused = pool[k + n:]
        deck = sorted(new.event_deck)
        _permute(rng, deck)
        new.event_deck = deck
        return new

    # -- saving ----------------------------------------------------------------------------------
    _LIST_FIELDS = ("hands", "private", "loaded", "delivered", "trailers", "public_deck", "unused", "row", "removed",
                    "cash", "position", "skip_next", "event_deck", "event_discard", "dice", "visited", "taken_here",
                    "owed", "auction_results")
    _SCALARS = ("bank", "goods_supply", "player", "phase", "remaining", "exact", "by_event", "public_pending",
                "extra_turn", "turn_count", "pips", "placing", "arrive_exact", "load_offer", "load_player",
                "roadworks_at", "jam_at", "jam_owner")

    def _to_data(self) -> Any:
        data: dict[str, Any] = {k: _copy(getattr(self, k)) for k in self._LIST_FIELDS + self._SCALARS}
        data["trailer_supply"] = dict(self.trailer_supply)
        data["auction"] = self.auction.to_data() if self.auction else None
        return data

    def _restore(self, data: Any) -> None:
        from .validate import restore

        restore(self, data)


def _copy(value: Any) -> Any:
    """A JSON-shaped copy: lists and tuples (the auction records) become new lists."""
    if isinstance(value, (list, tuple)):
        return [_copy(v) for v in value]
    return value
