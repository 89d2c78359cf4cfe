"""The rules engine of Transportspelet: a game state that validates, applies and records actions.

Every rule function cites its label in the book chapter (``book/transportspelet/rules.md``).
The shape of a turn and the meaning of each field are in the package docstring.
"""

from __future__ import annotations

import math
from typing import Any

from ..chance import roll, shuffle
from ..core import IllegalAction, State
from ..dice import d6
from ..validation import each, flag, integer, integers, is_integer, listing, record
from .actions import ACTION_TYPES, Assign, Borrow, Continue, Dispatch, Pass, Roll, Wait
from .data import (
    BANKNOTE_TOTAL,
    CARDS,
    CITIES,
    CITY_INDEX,
    INSURANCE,
    MODES,
    N_SPACES,
    TELEGRAM_BY_ID,
    TELEGRAMS,
    TransportCard,
    freight,
    legs,
    path,
    space_name,
)

__all__ = ["Transport", "TransportState"]

_N_CITIES = len(CITIES)
_MODE_INDEX = {m: i for i, m in enumerate(MODES)}  # a mode's place in the setting movement_bonus
_PHASES = ("plan", "assign", "leg")
_ROLL = (Roll(),)
_PASS = (Pass(),)
_NO_LEG = math.inf  # the least freight of a card that has no leg at all
_BORROWS: dict[tuple[int, int], tuple[Borrow, ...]] = {}  # (unit, room) -> the Borrow actions, made once
_WAITS: tuple[Wait, ...] = (Wait(0),) + tuple(Wait(c.id) for c in CARDS)  # by card (0 stands for no card)
_ASSIGNS: dict[tuple[int, int, int], Assign] = {}  # (card, first die, second die) -> the action, made once
# (card, start space, busy vehicle) -> (least freight, every leg the card may take from there as (freight, action))
_CONTINUES: dict[tuple[int, int, str | None], tuple[float, tuple[tuple[int, Continue], ...]]] = {}
# card -> busy vehicle -> (least freight, ((freight, action, the same action insured), ...)) from the card's origin
_DISPATCHES: list[dict[str | None, tuple[float, tuple[tuple[int, Dispatch, Dispatch], ...]]]] = [
    {} for _ in range(len(CARDS) + 1)]
# (card, mode, start city, dispatch) -> the legs from there as (freight, Dispatch or Continue action)
_MODE_LEGS: dict[tuple[int, str, str, bool], tuple[tuple[int, Any], ...]] = {}
_LEG_ACTIONS: dict[tuple[int, str, str, bool], Dispatch | Continue] = {}  # (card, mode, stop, dispatch) -> action
_INSURED: dict[Dispatch, Dispatch] = {}  # a dispatch -> the same insured
#: card -> the space of its origin city
_ORIGIN_SPACE: tuple[int, ...] = (-1,) + tuple(CITY_INDEX[c.origin] for c in CARDS)

# -- chance, declared (gamekit.chance) ------------------------------------------------------------------
#: Rule transport-dice: the die of one running transport (a roll draws one per running transport).
DIE = roll(d6, "die")
#: Rule transport-extra-roll: the one die of an extra-roll telegram.
EXTRA_DIE = roll(d6, "extra die")
#: Rule transport-setup: the transport cards shuffled before the game (the first ``deck_size`` of the
#: order are played, the rest removed). 50! orders: far too many to list (``TooManyOutcomes``); the
#: setup is no action, so no ``outcomes`` call meets it.
CARD_SHUFFLE = shuffle([c.id for c in CARDS], "transport cards")
#: Rule transport-setup: each telegram deck shuffled before the game, in the order of ``MODES``
#: (12! orders each: too many to list, like the cards). A telegram drawn later is no chance event but
#: a card of a pile shuffled here: the engine writes it to the log with ``reveal``.
TELEGRAM_SHUFFLES: dict[str, Any] = {m: shuffle([t.id for t in TELEGRAMS[m]], f"{m} telegrams") for m in MODES}


def _leg_choices(card: int, start: str, busy: str | None, dispatch: bool) -> tuple[tuple[int, Any], ...]:
    """The legs of ``card`` from ``start`` in the modes its restriction allows, the busy vehicle left out
    (rules ``transport-restriction``, ``transport-vehicles``), each with its freight."""
    out: tuple[tuple[int, Any], ...] = ()
    for mode in CARDS[card - 1].allowed_modes():
        if mode != busy:
            out += mode_legs(card, mode, start, dispatch)
    return out


def mode_legs(card: int, mode: str, start: str, dispatch: bool) -> tuple[tuple[int, Any], ...]:
    """The legs of ``card`` by ``mode`` from ``start`` as (freight, action), the action
    ``Dispatch(card, mode, stop, False)`` or ``Continue(card, mode, stop)``; made once."""
    key = (card, mode, start, dispatch)
    found = _MODE_LEGS.get(key)
    if found is None:
        found = _MODE_LEGS[key] = tuple((cost, _leg_action(card, mode, stop, dispatch)) for stop, cost in legs(mode, start))
    return found


def _leg_action(card: int, mode: str, stop: str, dispatch: bool) -> Dispatch | Continue:
    """``Dispatch(card, mode, stop, False)`` or ``Continue(card, mode, stop)``, made once."""
    key = (card, mode, stop, dispatch)
    found = _LEG_ACTIONS.get(key)
    if found is None:
        found = _LEG_ACTIONS[key] = Dispatch(card, mode, stop, False) if dispatch else Continue(card, mode, stop)
    return found


def _dispatch_choices(card: int, busy: str | None) -> tuple[float, tuple[tuple[int, Dispatch, Dispatch], ...]]:
    """The first legs of ``card`` from its origin (see :func:`_leg_choices`), plain and insured, and their least freight."""
    found = _DISPATCHES[card].get(busy)
    if found is None:
        choices = _leg_choices(card, CARDS[card - 1].origin, busy, True)
        found = _DISPATCHES[card][busy] = (min((cost for cost, _ in choices), default=_NO_LEG), tuple(
            (cost, a, insured_dispatch(a)) for cost, a in choices))
    return found


_EVERY_DISPATCH: dict[tuple[int, str | None], tuple[float, tuple[Dispatch, ...], tuple[Dispatch, ...]]] = {}


def _every_dispatch(card: int, busy: str | None) -> tuple[float, tuple[Dispatch, ...], tuple[Dispatch, ...]]:
    """The dearest first leg of ``card`` (see :func:`_dispatch_choices`), every first leg each followed by
    the same insured, and every first leg plain: the legal dispatches of a player who can pay them all."""
    key = (card, busy)
    found = _EVERY_DISPATCH.get(key)
    if found is None:
        choices = _dispatch_choices(card, busy)[1]
        found = _EVERY_DISPATCH[key] = (
            max((cost for cost, _, _ in choices), default=-math.inf),
            tuple(a for _, plain, insured in choices for a in (plain, insured)),
            tuple(plain for _, plain, _ in choices))
    return found


def insured_dispatch(action: Dispatch) -> Dispatch:
    """The same dispatch with insurance, made once."""
    found = _INSURED.get(action)
    if found is None:
        found = _INSURED[action] = Dispatch(action.card, action.vehicle, action.stop, True)
    return found


def _assign(card: int, first: int, second: int) -> Assign:
    """``Assign(card, first, second)``, made once for whole-number dice."""
    if type(first) is not int or type(second) is not int:  # a forced die of another type stays as it was given
        return Assign(card, first, second)
    key = (card, first, second)
    found = _ASSIGNS.get(key)
    if found is None:
        found = _ASSIGNS[key] = Assign(card, first, second)
    return found


def _continue_choices(card: int, space: int, busy: str | None) -> tuple[float, tuple[tuple[int, Continue], ...]]:
    """The next legs of ``card`` from the city ``space`` (see :func:`_leg_choices`) and their least freight."""
    key = (card, space, busy)
    found = _CONTINUES.get(key)
    if found is None:
        choices = _leg_choices(card, CITIES[space], busy, False)
        found = _CONTINUES[key] = (min((cost for cost, _ in choices), default=_NO_LEG), choices)
    return found


#: The public attributes of a state, copied into every player's observation as they are.
_PUBLIC_FIELDS = ("cash", "debt", "interest_owed", "bank", "money_total", "used", "certificates", "round", "phase",
                  "dice", "queue", "pending", "passes", "over", "end_reason")


def _json_copy(value: Any) -> Any:
    """A copy of a plain value, list or list of lists (what the public attributes hold)."""
    if type(value) is list:
        return [x[:] if type(x) is list else x for x in value]
    return value


_FACTORIALS = [math.factorial(n) for n in range(len(CARDS) + 1)]


def _shuffle(rng: Any, items: list[Any]) -> None:
    """Shuffle ``items`` in place, every order equally likely, from one number below ``n!`` read as
    the digits of a Fisher-Yates shuffle: a few draws of the generator instead of one per card
    (determinising is done at every step of a search). Only for a bot's copy: the game's own
    shuffles are ``Rng.shuffle`` (their declared events)."""
    n = len(items)
    code = rng.randbelow(_FACTORIALS[n] if n < len(_FACTORIALS) else math.factorial(n))
    for i in range(n - 1, 0, -1):
        code, j = divmod(code, i + 1)
        items[i], items[j] = items[j], items[i]


class Transport:
    """One of a player's two transports: a transport card and, once started, its piece on the board.

    ``path`` is the current leg (spaces from its start city to its ``stop``), ``pos`` the piece's place
    on it; a card that has not started has an empty path. ``needs_leg``: the piece stands in a city
    where its leg ended and waits for the next one (:class:`~gamekit.transportspelet.actions.Continue`).
    """

    __slots__ = ("card", "vehicle", "path", "pos", "insured", "damage", "destination", "telegrams",
                 "hold", "extra", "needs_leg", "resting")

    def __init__(self, card: int) -> None:
        self.card = card
        self.vehicle: str | None = None
        self.path: tuple[int, ...] = ()
        self.pos = 0
        self.insured = False
        self.damage = 0
        self.destination = CARDS[card - 1].destination
        self.telegrams: list[str] = []
        self.hold = 0
        self.extra = 0
        self.needs_leg = False
        self.resting = False

    @property
    def started(self) -> bool:
        return bool(self.path)

    @property
    def space(self) -> int | None:
        """The space of the piece, or None before the start."""
        return self.path[self.pos] if self.path else None

    @property
    def stop(self) -> str | None:
        return CITIES[self.path[-1]] if self.path else None

    def running(self) -> bool:
        """Whether this transport gets a die this turn (rule ``transport-restriction``)."""
        return bool(self.path) and not self.needs_leg and not self.resting

    def to_data(self) -> dict[str, Any]:
        return {name: (list(getattr(self, name)) if name in ("path", "telegrams") else getattr(self, name))
                for name in self.__slots__}

    @classmethod
    def from_data(cls, data: Any) -> Transport:
        record(data, "a transport", cls.__slots__)
        card = data["card"]
        if not is_integer(card) or not 1 <= card <= len(CARDS):
            raise ValueError(f"unknown transport card {card!r}")
        t = cls(card)
        info = CARDS[card - 1]
        if data["vehicle"] is not None and data["vehicle"] not in info.allowed_modes():
            raise ValueError(f"card {card} cannot travel by {data['vehicle']!r}")
        p = data["path"]
        p = integers(p, "a transport's path (a list of spaces)", None, 0, N_SPACES - 1)
        if p and p[-1] >= _N_CITIES:
            raise ValueError("a leg ends in a city")
        if bool(p) != (data["vehicle"] is not None):
            raise ValueError("a transport has a vehicle exactly when it is on the board")
        pos = data["pos"]
        if not is_integer(pos) or not 0 <= pos < max(1, len(p)):
            raise ValueError(f"bad position {pos!r} on the leg")
        if data["destination"] not in CITY_INDEX:
            raise ValueError(f"unknown destination {data['destination']!r}")
        tel = data["telegrams"]
        if not isinstance(tel, list) or not all(x in TELEGRAM_BY_ID for x in tel):
            raise ValueError("kept telegrams must be telegram ids")
        for name in ("insured", "needs_leg", "resting"):
            flag(data[name], f"a transport's {name}")
        for name in ("damage", "hold", "extra"):
            integer(data[name], f"a transport's {name}", 0, 100)
        t.vehicle, t.path, t.pos = data["vehicle"], tuple(p), pos
        t.insured, t.damage, t.destination, t.telegrams = data["insured"], data["damage"], data["destination"], list(tel)
        t.hold, t.extra, t.needs_leg, t.resting = data["hold"], data["extra"], data["needs_leg"], data["resting"]
        return t

    def copy(self) -> Transport:
        """An independent copy (its list of kept telegrams too; everything else is immutable)."""
        t = Transport.__new__(Transport)
        t.card, t.vehicle, t.path, t.pos = self.card, self.vehicle, self.path, self.pos
        t.insured, t.damage, t.destination, t.telegrams = self.insured, self.damage, self.destination, self.telegrams[:]
        t.hold, t.extra, t.needs_leg, t.resting = self.hold, self.extra, self.needs_leg, self.resting
        return t

    def __deepcopy__(self, memo: dict[int, Any]) -> Transport:
        return self.copy()

    def __repr__(self) -> str:
        where = space_name(self.path[self.pos]) if self.path else "not started"
        return f"<transport card {self.card} by {self.vehicle or '-'}: {where}>"


class TransportState(State):
    """A game of Transportspelet in progress (see the package docstring for the turn).

    Every change of a player's money is written in the log: the entry of the action that caused it
    has ``"money"``, a list of ``[player, amount, reason]`` in the order they happened, the amount
    signed (``+`` received from the bank, ``-`` paid to it; the bank's money changes by the opposite).
    The reasons: ``"freight"`` (a leg, rule ``transport-tariffs``), ``"premium"`` (insurance,
    ``transport-insurance``), ``"telegram"`` (a telegram's charge, ``-``, or reward, ``+``; a charge
    the player cannot pay is logged as far as it was paid, assumption "charges"), ``"sale"`` (a cargo
    sold on arrival, ``transport-sale``), ``"insurance payout"`` (an insured cargo lost), ``"loan"``
    (money borrowed, ``transport-loans``), ``"interest"`` (paid on borrowing or with the repayment) and
    ``"repayment"`` (the loan paid back). With limited bank money a payment the bank cannot make in
    full is logged as far as it was made; nothing of zero is logged. So a player's money is always the
    starting capital plus the sum of their logged amounts.
    """

    #: Why the game ended, in words (``""`` while it goes on): set when it ends and kept in the save
    #: (the class attribute stands in for :attr:`gamekit.core.State.end_reason`, a property elsewhere).
    end_reason: str = ""

    action_types = ACTION_TYPES

    # -- setup (rules transport-setup, transport-contents) -----------------------------------------
    def _setup(self) -> None:
        o = self.options
        n = self.players
        self.cash = [o.starting_capital] * n
        self.debt = [0] * n
        self.interest_owed = [0] * n
        # The bank: with limited money it holds the banknotes left after the starting capital;
        # otherwise it starts at 0 and may go below (it prints money). Money is conserved either way.
        self.bank = BANKNOTE_TOTAL - n * o.starting_capital if o.limited_bank else 0
        if self.bank < 0:
            raise ValueError("the bank's banknotes do not cover the starting capital")
        self.money_total = self.bank + sum(self.cash)
        cards = self.draw(CARD_SHUFFLE)  # the shuffles of the setup: before any action, so not logged
        self.removed = cards[o.deck_size:]  # cards removed at random to shorten the game
        self.deck = cards[: o.deck_size]  # the top of the deck is the end of the list
        self.used: list[int] = []
        self.telegram_decks: dict[str, list[str]] = {}
        for mode in MODES:
            self.telegram_decks[mode] = self.draw(TELEGRAM_SHUFFLES[mode])
        self.certificates = INSURANCE["certificates"]
        self.transports: list[list[Transport | None]] = [[None, None] for _ in range(n)]
        for _ in range(2):  # rule transport-cards: each player always holds two cards
            for p in range(n):
                slots = self.transports[p]
                slots[slots.index(None)] = Transport(self.deck.pop()) if self.deck else None
        self.occupant = [-1] * N_SPACES  # player * 2 + slot, or -1
        self.player = 0
        self.round = 1
        self.phase = "plan"
        self.dice: list[int] = []
        self.queue: list[list[int]] = []  # moves still to make this roll: [slot, card, steps]
        self.pending: list[int] = []  # [slot, steps left] of a piece waiting for its next leg
        self.passes = 0  # turns in a row that ended in a pass (a record for readers; no rule reads it, see _end_turn)
        self.over = False
        self.end_reason = ""
        self.telegram_log: list[tuple[int, int, str]] = []  # (player, card, telegram id), for readers
        self._events: list[list[Any]] = []  # this action's money changes [player, amount, reason]; not saved
        self._abandoned: list[list[Any]] = []  # this action's cargoes given up [player, card, city]; not saved
        # What nobody has seen yet (not saved: a restored state works it out, see _count_unseen): how many
        # cards on top of the transport deck, and of each telegram deck, have never been drawn. Whatever
        # goes back under a pile lies below them, in an order every player saw.
        self._fresh_cards = len(self.deck)
        self._fresh_telegrams = {mode: len(self.telegram_decks[mode]) for mode in MODES}

    # -- the protocol ------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.over else self.player

    def is_over(self) -> bool:
        return self.over

    def capital(self, player: int) -> int:
        """A player's capital: money minus debt and interest owed (rule ``transport-winner``)."""
        return self.cash[player] - self.debt[player] - self.interest_owed[player]

    def scores(self) -> dict[int, Any]:
        return {p: self.capital(p) for p in range(self.players)}

    def pending_money(self) -> list[list[Any]]:
        """The changes of money of an action under way, not yet written to the log (empty between actions)."""
        return [e[:] for e in self._events]

    def _log_extras(self) -> dict[str, Any] | None:
        """The log entry also lists the changes of money (``"money"``: ``[player, amount, reason]``),
        so every player's money can be followed, and checked, from the log, and the cargoes a broke
        player gave up (``"abandoned"``: ``[player, card, city]``, setting ``stranded_cargo``)."""
        if not self._events and not self._abandoned:
            return None
        extras: dict[str, Any] = {}
        if self._events:
            extras["money"], self._events = self._events, []
        if self._abandoned:
            extras["abandoned"], self._abandoned = self._abandoned, []
        return extras

    #: The mutable fields and how a copy copies them (:attr:`gamekit.core.State.MUTABLE`, the one
    #: declaration behind ``clone`` and the snapshot a failed action is undone from): the flat lists,
    #: the telegram decks, the transports one by one; a copy starts with no action under way (no
    #: money changes pending). Everything else is a number, a string, a tuple, the game or the options.
    MUTABLE = {
        **dict.fromkeys(("cash", "debt", "interest_owed", "removed", "deck", "used", "occupant", "dice", "pending",
                         "telegram_log", "_fresh_telegrams"), "list"),
        "queue": "nested",
        "telegram_decks": "dict of lists",
        "transports": "nested objects",
        "_events": "fresh",
        "_abandoned": "fresh",
    }

    # -- what each player may see ------------------------------------------------------------------------
    def _observation(self, player: int) -> Any:
        """What ``player`` may see: everything on the table, which is nearly everything.

        Hidden from every player alike: the order of the transport deck and which cards were removed
        at random before the game (rule ``transport-winner``), the order of the four telegram decks,
        and the generator (it would tell the dice to come). What is seen: every player's money, debt
        and interest owed, the bank, the pieces, and every player's two transport cards with their
        insurance certificates and kept telegrams, which lie face up beside them (assumption "open
        cards", rule ``transport-cards``: the text puts a marker tab on each card and the certificate
        and the telegrams beside it, and has each player announce their choices). A telegram drawn is
        seen by all (its effect shows), so every player knows the order in which telegrams went back
        under a deck, and, when used cards go under the transport deck (``recycle_cards``), the order
        of those: a pile is shown as its number of cards, the cards never drawn on top (``unseen``,
        their order unknown) and the cards under them in the order they went back (``under``, bottom
        first). So this game has no hand of one player hidden from another: every player's
        observation is the same apart from ``"observer"``.
        """
        deck = self.deck
        fresh = min(self._fresh_cards, len(deck))
        telegram_decks = {}
        for mode in MODES:
            pile = self.telegram_decks[mode]
            unseen = min(self._fresh_telegrams[mode], len(pile))
            telegram_decks[mode] = {"cards": len(pile), "unseen": unseen, "under": pile[:len(pile) - unseen]}
        return {
            "observer": player,
            "players": self.players,
            "options": {name: list(v) if type(v) is tuple else v  # a tuple setting as JSON has it (movement_bonus)
                        for name, v in ((n, getattr(self.options, n)) for n in self.options.__dataclass_fields__)},
            "to_move": self.current_player,
            **{name: _json_copy(getattr(self, name)) for name in _PUBLIC_FIELDS},
            "transports": [[t.to_data() if t is not None else None for t in ts] for ts in self.transports],
            "deck": {"cards": len(deck), "unseen": fresh, "under": deck[:len(deck) - fresh]},
            "removed": len(self.removed),
            "telegram_decks": telegram_decks,
            "telegram_log": [list(x) for x in self.telegram_log],
        }

    def _determinize(self, player: int, rng: Any) -> TransportState:
        """A copy with what nobody can see drawn again with ``rng``: the cards never drawn (the unseen
        top of the deck and the removed cards, pooled in card order, shuffled, the top of the deck
        dealt from the pool and the rest removed) and the unseen top of each telegram deck (in id
        order, shuffled). What went back under a pile keeps its order, which everyone saw. Built only
        from what :meth:`_observation` shows, so two positions with the same observation and the same
        ``rng`` give the same copy. (``determinize`` replaces the seed, which would tell the piles.)"""
        new = self.clone()
        deck = new.deck
        fresh = min(self._fresh_cards, len(deck))
        pool = deck[len(deck) - fresh:] + new.removed
        if len(pool) > 1:
            pool.sort()
            _shuffle(rng, pool)
        cut = len(deck) - fresh
        new.deck = deck[:cut] + pool[:fresh]
        new.removed = pool[fresh:]
        decks = new.telegram_decks
        for mode in MODES:
            pile = decks[mode]
            unseen = min(self._fresh_telegrams[mode], len(pile))
            if unseen > 1:
                top = pile[len(pile) - unseen:]
                top.sort()
                _shuffle(rng, top)
                pile[len(pile) - unseen:] = top
        return new

    def card(self, card: int) -> TransportCard:
        return CARDS[card - 1]

    def hand(self, player: int | None = None) -> list[int]:
        """The transport cards a player holds."""
        p = self.player if player is None else player
        return [t.card for t in self.transports[p] if t is not None]

    def transport(self, card: int) -> Transport | None:
        """The transport of ``card`` if a player holds it, else None."""
        for ts in self.transports:
            for t in ts:
                if t is not None and t.card == card:
                    return t
        return None

    def where(self, card: int) -> str:
        """The space of the piece carrying ``card`` (its name), or where the card is."""
        t = self.transport(card)
        if t is None:
            return "not held"
        return space_name(t.path[t.pos]) if t.path else "not started"

    def _slot_of(self, card: int) -> int:
        for slot, t in enumerate(self.transports[self.player]):
            if t is not None and t.card == card:
                return slot
        raise IllegalAction(f"Player {self.player + 1} does not hold card {card}", "transport-cards")

    def _other_vehicle(self, slot: int) -> str | None:
        other = self.transports[self.player][1 - slot]
        return other.vehicle if other is not None else None

    # -- the rule predicates: one rule, one function; the legal list filters them, the checks call them -------
    def loan_room(self, player: int) -> int:
        """How much ``player`` may still borrow (rule ``transport-loans``): the loan limit less the debt, and
        with limited bank money (rule ``transport-contents``) no more than the bank holds, in loan units."""
        o = self.options
        room = o.loan_limit - self.debt[player]
        if o.limited_bank:
            room = min(room, self.bank - self.bank % o.loan_unit)
        return max(room, 0)

    def _may_start(self, t: Transport, other: Transport | None, money: int) -> bool:
        """Rules ``transport-choosing``, ``transport-blocking``: the card of ``t`` can start now with
        ``money``: not yet started, its start city free, and a first leg (in a vehicle its restriction
        allows and the other transport does not use) whose freight is at most ``money``."""
        return (not t.path and self.occupant[_ORIGIN_SPACE[t.card]] < 0
                and _dispatch_choices(t.card, other.vehicle if other is not None else None)[0] <= money)

    @staticmethod
    def _least_next_leg(t: Transport, other: Transport | None) -> float:
        """The least freight of a next leg of ``t`` from the city where its leg ended (rule ``transport-mode-change``)."""
        return _continue_choices(t.card, t.path[t.pos], other.vehicle if other is not None else None)[0]

    @staticmethod
    def _leg_due(t: Transport) -> bool:
        """Rule ``transport-mode-change``: the piece stands in the city where its leg ended and has not
        waited this turn, so its next leg (or a wait) comes before the roll."""
        return t.needs_leg and not t.resting

    def _may_wait(self, slot: int) -> bool:
        """Rule ``transport-mode-change``, assumption "waiting for money": the piece of ``slot``, whose leg
        ended, may wait when no next leg can be paid with the money in hand, and either the player's other
        transport runs meanwhile (Remember 10) or not even a loan would pay for a next leg."""
        ts = self.transports[self.player]
        t, other = ts[slot], ts[1 - slot]
        least = self._least_next_leg(t, other)
        cash = self.cash[self.player]
        if least <= cash:
            return False
        return (other is not None and other.running()) or least > cash + self.loan_room(self.player)

    def _after_planning(self) -> Roll | Pass | None:
        """What ends the planning of the turn (rule ``transport-turn``): ``Roll()`` when a transport runs,
        ``Pass()`` when none runs and nothing can start or go on even with a loan, or None while
        something is still to do: a card that can start with the money in hand must start (assumption
        "dispatch"), a leg that is due must be chosen (or waited), and a player with nothing running
        whom a loan would get going must borrow first (assumption "pass")."""
        if self.phase != "plan":
            return None
        p = self.player
        t0, t1 = self.transports[p]
        cash = self.cash[p]
        running = False
        for t, other in ((t0, t1), (t1, t0)):
            if t is None:
                continue
            if t.running():
                running = True
            elif self._leg_due(t) or self._may_start(t, other, cash):
                return None
        if running:
            return _ROLL[0]
        room = self.loan_room(p)
        if room and ((t0 is not None and self._may_start(t0, t1, cash + room))
                     or (t1 is not None and self._may_start(t1, t0, cash + room))):
            return None
        return _PASS[0]

    def can_play_on(self, player: int) -> bool:
        """Whether ``player``'s next turn can change the game (rule ``transport-winner``, assumption "stall"):
        a transport of theirs runs, or a card can start from a free city or a piece go on from where its
        leg ended, paid with their money and what they may still borrow; or, broke, they will give up a
        cargo waiting in a city (setting ``stranded_cargo``)."""
        ts = self.transports[player]
        money = self.cash[player] + self.loan_room(player)
        for t, other in ((ts[0], ts[1]), (ts[1], ts[0])):
            if t is None:
                continue
            if t.running() or self._may_start(t, other, money):
                return True
            if t.needs_leg and self._least_next_leg(t, other) <= money:
                return True
        # a broke player's next pass gives up the cargoes waiting in a city, and draws new cards
        return self.options.stranded_cargo == "abandoned" and any(
            t is not None and t.path for t in ts) and self.is_broke(player)

    def is_broke(self, player: int) -> bool:
        """Whether ``player`` holds cards but, with no transport running, can pay for no leg of any of them
        even with a full loan, wherever the pieces stand (setting ``stranded_cargo``): money, not a
        blocked city, keeps them still, and no money can come (only a moving transport earns)."""
        ts = self.transports[player]
        if ts[0] is None and ts[1] is None:
            return False
        money = self.cash[player] + self.loan_room(player)
        for t, other in ((ts[0], ts[1]), (ts[1], ts[0])):
            if t is None:
                continue
            if t.running():
                return False
            busy = other.vehicle if other is not None else None
            least = _continue_choices(t.card, t.path[t.pos], busy)[0] if t.path else _dispatch_choices(t.card, busy)[0]
            if least <= money:
                return False
        return True

    # -- legal actions -----------------------------------------------------------------------------------
    def legal_actions(self) -> list[Any]:
        if self.over:
            return []
        phase = self.phase
        if phase == "assign":
            return self._assign_actions()
        p = self.player
        ts = self.transports[p]
        cash = self.cash[p]
        out: list[Any] = []
        if phase == "leg":
            self._add_continues(out, self.pending[0], cash)
            out.extend(self._borrow_actions())
            return out
        # planning
        t0, t1 = ts
        if t0 is not None:
            if not t0.path:
                self._add_dispatches(out, t0, t1, cash)
            elif self._leg_due(t0):
                self._add_continues(out, 0, cash)
        if t1 is not None:
            if not t1.path:
                self._add_dispatches(out, t1, t0, cash)
            elif self._leg_due(t1):
                self._add_continues(out, 1, cash)
        if not out:
            step = self._after_planning()
            if step is not None:
                out.append(step)
        out.extend(self._borrow_actions())
        return out

    def _add_dispatches(self, out: list[Any], t: Transport, other: Transport | None, cash: int) -> None:
        """The ways to start ``t`` (rules ``transport-choosing``, ``transport-insurance``): none unless it
        may start (:meth:`_may_start`), then each leg it can pay, insured too if a certificate is left."""
        if not self._may_start(t, other, cash):
            return
        card = t.card
        busy = other.vehicle if other is not None else None
        choices = _dispatch_choices(card, busy)[1]
        premium = CARDS[card - 1].premium
        most, every, every_plain = _every_dispatch(card, busy)
        if self.certificates > 0 and cash >= premium:
            if cash >= most + premium:  # every leg and its insurance can be paid: the whole list, made once
                out.extend(every)
                return
            for cost, plain, insured in choices:
                if cost <= cash:
                    out.append(plain)
                    if cost + premium <= cash:
                        out.append(insured)
        elif cash >= most:
            out.extend(every_plain)
        else:
            for cost, plain, _ in choices:
                if cost <= cash:
                    out.append(plain)

    def _add_continues(self, out: list[Any], slot: int, cash: int) -> None:
        """The next legs of the piece of ``slot`` that it can pay, or :class:`Wait` when it may wait
        (:meth:`_may_wait`; rule ``transport-mode-change``)."""
        ts = self.transports[self.player]
        t, other = ts[slot], ts[1 - slot]
        least, choices = _continue_choices(t.card, t.path[t.pos], other.vehicle if other is not None else None)
        if least > cash:
            if self._may_wait(slot):
                out.append(_WAITS[t.card])
        else:
            out.extend([a for cost, a in choices if cost <= cash])

    def _borrow_actions(self) -> tuple[Borrow, ...]:
        unit = self.options.loan_unit
        room = self.loan_room(self.player)
        key = (unit, room)
        found = _BORROWS.get(key)
        if found is None:
            found = _BORROWS[key] = tuple(Borrow(a) for a in range(unit, room + 1, unit))
        return found

    def _assign_actions(self) -> list[Any]:
        a, b = self.dice
        out = []
        for t in self.transports[self.player]:
            if t is not None and t.running():
                out.append(_assign(t.card, a, b))
                if a != b:
                    out.append(_assign(t.card, b, a))
        return out

    def _running_slots(self) -> list[int]:
        """The slots whose transport gets a die (:meth:`Transport.running`)."""
        return [slot for slot, t in enumerate(self.transports[self.player]) if t is not None and t.running()]

    # -- validation ----------------------------------------------------------------------------------------
    def _check(self, action: Any) -> None:
        """Raise :class:`IllegalAction` unless ``action`` is legal now: :meth:`check_in_full`, the one
        statement of legality, which calls the same predicates as the legal list and names the rule
        an action breaks. (Issue 33: the fast path that cleared the common actions from tables of
        their own, a second statement of the same rules, is gone; it saved about 7 % per action.)"""
        self.check_in_full(action)

    def check_in_full(self, action: Any) -> None:
        """The whole check of ``action``: raise :class:`IllegalAction` naming the rule it breaks (the
        state is left as it was), or return when it is legal."""
        kind = type(action)
        if kind not in ACTION_TYPES:
            raise IllegalAction(f"{action!r} is not a Transportspelet action", "protocol-legal-actions")
        if kind is Borrow and self.phase != "assign":
            self._check_borrow(action)
            return
        if self.phase == "assign":
            if kind is not Assign:
                raise IllegalAction(f"the dice {self.dice} must be assigned first", "transport-dice")
            self._check_assign(action)
            return
        if self.phase == "leg":
            slot, _ = self.pending
            t = self.transports[self.player][slot]
            if kind is Continue and action.card == t.card:
                self._check_continue(action, slot)
                return
            if kind is Wait and action.card == t.card:
                if not self._may_wait(slot):
                    raise IllegalAction(self._why_no_wait(slot), "transport-mode-change")
                return
            raise IllegalAction(f"card {t.card} has reached {t.stop} and needs its next leg first", "transport-mode-change")
        # planning
        if kind is Assign:
            raise IllegalAction("no dice to assign: roll first", "transport-dice")
        if kind is Dispatch:
            self._check_dispatch(action)
        elif kind is Continue:
            slot = self._slot_of(action.card)
            t = self.transports[self.player][slot]
            if not (t.started and t.needs_leg):
                raise IllegalAction("the mode can change only when a piece arrives in a city where its leg ends",
                                    "transport-mode-change")
            if t.resting:
                raise IllegalAction(f"card {t.card} waits this turn", "transport-mode-change")
            self._check_continue(action, slot)
        elif kind is Wait:
            slot = self._slot_of(action.card)
            t = self.transports[self.player][slot]
            if not (t.started and self._leg_due(t)):
                raise IllegalAction("only a piece whose leg has ended can wait", "transport-mode-change")
            if not self._may_wait(slot):
                raise IllegalAction(self._why_no_wait(slot), "transport-mode-change")
        else:  # Roll or Pass
            p = self.player
            ts = self.transports[p]
            for slot, t in enumerate(ts):
                if t is None:
                    continue
                if self._may_start(t, ts[1 - slot], self.cash[p]):
                    raise IllegalAction(f"card {t.card} can start: freight (and insurance) are paid before the roll",
                                        "transport-choosing")
                if t.started and self._leg_due(t):
                    raise IllegalAction(f"card {t.card} needs its next leg (or to wait) before the roll",
                                        "transport-mode-change")
            step = self._after_planning()
            if step is None:
                raise IllegalAction("no transport runs, and a loan would let a card start: borrow first",
                                    "transport-loans")
            if kind is Roll and type(step) is Pass:
                raise IllegalAction("no transport is running: pass", "transport-restriction")
            if kind is Pass and type(step) is Roll:
                raise IllegalAction("a player with a running transport must roll", "transport-dice")

    def _why_no_wait(self, slot: int) -> str:
        t = self.transports[self.player][slot]
        if self._least_next_leg(t, self.transports[self.player][1 - slot]) <= self.cash[self.player]:
            return "a transport may only wait when no next leg can be paid"
        return "with nothing else running, a piece whose next leg a loan would pay must go on: borrow first"

    def _check_borrow(self, action: Borrow) -> None:
        o = self.options
        a = action.amount
        if not is_integer(a) or a <= 0 or a % o.loan_unit:
            raise IllegalAction(f"loans are taken in multiples of {o.loan_unit:,}", "transport-loans")
        if self.debt[self.player] + a > o.loan_limit:
            raise IllegalAction(f"a player may owe the bank at most {o.loan_limit:,} (owes {self.debt[self.player]:,})",
                                "transport-loans")
        if o.limited_bank and a > self.bank:
            raise IllegalAction(f"the bank holds only {self.bank:,}", "transport-contents")

    def _check_dispatch(self, action: Dispatch) -> None:
        slot = self._slot_of(action.card)
        t = self.transports[self.player][slot]
        info = CARDS[t.card - 1]
        if t.started:
            raise IllegalAction(f"card {t.card} is already on its way; the mode changes only in a city where a leg ends",
                                "transport-mode-change")
        self._check_leg(slot, info, action.vehicle, info.origin, action.stop)
        if self.occupant[CITY_INDEX[info.origin]] >= 0:
            raise IllegalAction(f"{info.origin} is taken by another piece: the transport waits", "transport-blocking")
        cost = freight(action.vehicle, len(path(action.vehicle, info.origin, action.stop)) - 1)
        if not isinstance(action.insure, bool):
            raise IllegalAction("insure is true or false", "transport-insurance")
        if action.insure:
            if self.certificates <= 0:
                raise IllegalAction("no insurance certificate is left", "transport-insurance")
            cost += info.premium
        if cost > self.cash[self.player]:
            raise IllegalAction(f"freight{' and premium' if action.insure else ''} cost {cost:,}, "
                                f"more than the {self.cash[self.player]:,} in hand (borrow first)", "transport-tariffs")

    def _check_continue(self, action: Continue, slot: int) -> None:
        t = self.transports[self.player][slot]
        city = CITIES[t.path[t.pos]]
        self._check_leg(slot, CARDS[t.card - 1], action.vehicle, city, action.stop)
        cost = freight(action.vehicle, len(path(action.vehicle, city, action.stop)) - 1)
        if cost > self.cash[self.player]:
            raise IllegalAction(f"the freight costs {cost:,}, more than the {self.cash[self.player]:,} in hand (borrow first)",
                                "transport-tariffs")

    def _check_leg(self, slot: int, info: TransportCard, vehicle: str, start: str, stop: str) -> None:
        if vehicle not in MODES:
            raise IllegalAction(f"no vehicle {vehicle!r}; the vehicles are {MODES}", "transport-movement")
        if vehicle not in info.allowed_modes():
            what = "sea only" if info.restriction == 1 else "air only"
            raise IllegalAction(f"card {info.id} has restriction {info.restriction} ({what}): not by {vehicle}",
                                "transport-restriction")
        if vehicle == self._other_vehicle(slot):
            raise IllegalAction(f"the {vehicle} is busy with the other transport: two transports need two vehicles",
                                "transport-vehicles")
        if stop not in CITY_INDEX:
            raise IllegalAction(f"no city {stop!r} on the board", "transport-board")
        if stop == start or path(vehicle, start, stop) is None:
            raise IllegalAction(f"the {vehicle} network has no leg from {start} to {stop}", "transport-board")

    def _check_assign(self, action: Assign) -> None:
        if sorted((action.first_die, action.second_die)) != sorted(self.dice):
            raise IllegalAction(f"the dice show {self.dice[0]} and {self.dice[1]}", "transport-dice")
        if action.first_card not in [t.card for t in self.transports[self.player] if t is not None and t.running()]:
            raise IllegalAction(f"card {action.first_card} is not a running transport of Player {self.player + 1}",
                                "transport-dice")

    # -- carrying out -------------------------------------------------------------------------------------
    def _perform(self, action: Any) -> None:
        self._events = []
        self._abandoned = []
        kind = type(action)
        if kind is Roll:
            self._roll()
        elif kind is Wait:
            slot = self._slot_of(action.card)
            self.transports[self.player][slot].resting = True
            if self.phase == "leg":
                self.pending = []
                self.phase = "plan"
                self._resolve()
        elif kind is Assign:
            self._assign(action)
        elif kind is Borrow:
            self._borrow(self.player, action.amount)
        elif kind is Dispatch:
            self._dispatch(action)
        elif kind is Continue:
            self._continue(action)
        else:
            self._pass()
        if not self.over and self.options.capital_target is not None:
            self._check_capital_target()

    def _pay(self, player: int, amount: int, reason: str) -> None:
        """The player pays ``amount`` to the bank, logged with its ``reason``."""
        self.cash[player] -= amount
        self.bank += amount
        if amount:
            self._events.append([player, -amount, reason])

    def _receive(self, player: int, amount: int, reason: str) -> int:
        """The bank pays ``amount`` (with limited money, only what it holds), logged with its ``reason``;
        returns what was paid."""
        if self.options.limited_bank:
            amount = min(amount, self.bank)
        self.cash[player] += amount
        self.bank -= amount
        if amount:
            self._events.append([player, amount, reason])
        return amount

    def _borrow(self, player: int, amount: int) -> None:
        """Rule transport-loans: borrow from the bank; interest now or with the repayment."""
        self.debt[player] += amount
        interest = amount * self.options.interest_percent // 100
        self.cash[player] += amount
        self.bank -= amount
        self._events.append([player, amount, "loan"])
        if self.options.interest_due == "borrowing":
            self._pay(player, interest, "interest")
        else:
            self.interest_owed[player] += interest

    def _charge(self, player: int, amount: int) -> None:
        """A telegram charge: borrowed if need be, the rest waived (assumption ``charges``)."""
        unit = self.options.loan_unit
        while self.cash[player] < amount and self.loan_room(player) >= unit:
            self._borrow(player, unit)
        self._pay(player, min(amount, max(self.cash[player], 0)), "telegram")

    def _place(self, slot: int, t: Transport, vehicle: str, start: str, stop: str) -> None:
        leg = path(vehicle, start, stop)
        self._pay(self.player, freight(vehicle, len(leg) - 1), "freight")  # rule transport-tariffs
        t.vehicle, t.path, t.pos, t.needs_leg = vehicle, leg, 0, False
        self.occupant[leg[0]] = self.player * 2 + slot

    def _dispatch(self, action: Dispatch) -> None:
        """Rules transport-choosing, transport-insurance: pay the freight (and premium), put the piece on the start city."""
        slot = self._slot_of(action.card)
        t = self.transports[self.player][slot]
        info = CARDS[t.card - 1]
        if action.insure:
            self._pay(self.player, info.premium, "premium")
            self.certificates -= 1
            t.insured = True
        self._place(slot, t, action.vehicle, info.origin, action.stop)

    def _continue(self, action: Continue) -> None:
        """Rule transport-mode-change: a new leg from the city where the last one ended, the rest of the roll carried on."""
        slot = self._slot_of(action.card)
        t = self.transports[self.player][slot]
        city = CITIES[t.path[t.pos]]
        self._place(slot, t, action.vehicle, city, action.stop)
        if self.phase == "leg":
            steps = self.pending[1]
            self.pending = []
            self.phase = "plan"
            self._move(slot, steps)
            if self.phase == "plan":
                self._resolve()

    def _roll(self) -> None:
        """Rule transport-dice: one die per running transport."""
        slots = self._running_slots()
        dice = [self.draw(DIE) for _ in slots]
        self.passes = 0
        if len(slots) == 2:
            self.dice = dice
            self.phase = "assign"
            return
        self._start_moves([(slots[0], dice[0])])

    def _assign(self, action: Assign) -> None:
        first = self._slot_of(action.first_card)
        self.dice = []
        self.phase = "plan"
        self._start_moves([(first, action.first_die), (1 - first, action.second_die)])

    def _start_moves(self, moves: list[tuple[int, int]]) -> None:
        """Rules transport-telegrams (drawn before moving, on a 1 or a 6) and transport-movement."""
        planned = []
        opts = self.options  # settings movement_bonus and telegram_faces (printed: +0/+1/+2/+3; 1 and 6)
        for slot, die in moves:
            t = self.transports[self.player][slot]
            card = t.card
            held = t.hold > 0  # a hold telegram from an earlier roll
            steps: int | None = die + opts.movement_bonus[_MODE_INDEX[t.vehicle]]
            if die in opts.telegram_faces:
                steps = self._telegram(slot, steps)
            if self.transports[self.player][slot] is t and t.card == card:
                if held:
                    steps = None
                    self._count_down_hold(t)
                if steps is not None:
                    planned.append([slot, card, steps])
        self.queue = planned + self.queue
        self._resolve()

    def _resolve(self) -> None:
        """Make the queued moves and the extra rolls; end the turn when all is done."""
        p = self.player
        while not self.over:
            if self.phase == "leg":
                return
            if self.queue:
                slot, card, steps = self.queue.pop(0)
                t = self.transports[p][slot]
                if t is not None and t.card == card and t.started and not t.needs_leg:
                    self._move(slot, steps)
                continue
            extra = None
            for s, t in enumerate(self.transports[p]):
                if t is not None and t.extra and t.running():
                    extra = s
                    break
            if extra is None:
                break
            t = self.transports[p][extra]
            t.extra -= 1
            self._release_telegram(t, "extra_roll")
            die = self.draw(EXTRA_DIE)  # rule transport-extra-roll: one die, this transport only
            self._start_moves([(extra, die)])
            return
        if not self.over and self.phase == "plan":
            self._end_turn()

    def _count_down_hold(self, t: Transport) -> None:
        t.hold -= 1
        if t.hold == 0:
            self._release_telegram(t, "hold")

    # -- movement (rules transport-movement, transport-blocking) --------------------------------------------
    def _move(self, slot: int, steps: int) -> None:
        t = self.transports[self.player][slot]
        occ = self.occupant
        me = self.player * 2 + slot
        leg = t.path
        last = len(leg) - 1
        pos = t.pos
        exact = self.options.exact_arrival and CITIES[leg[last]] == t.destination
        bounced = False  # exact arrival: steps beyond the destination count back from it
        while steps > 0:
            if pos < last and not bounced and occ[leg[pos + 1]] < 0:
                occ[leg[pos]] = -1
                pos += 1
                occ[leg[pos]] = me
            elif pos == last and not exact:
                break
            elif pos > 0 and occ[leg[pos - 1]] < 0:  # blocked: back, then forward again
                occ[leg[pos]] = -1
                pos -= 1
                occ[leg[pos]] = me
                bounced = bounced or pos == last - 1
            else:  # blocked both ways: the steps left are lost
                steps = 0
                break
            steps -= 1
        t.pos = pos
        if pos == last:
            if CITIES[leg[last]] == t.destination:
                self._sell(slot)
            else:
                t.needs_leg = True
                self.pending = [slot, steps]
                self.phase = "leg"

    # -- telegrams (rule transport-telegrams) ---------------------------------------------------------------
    def _telegram(self, slot: int, steps: int) -> int | None:
        """Draw the top telegram of the transport's mode and apply it; return the steps of its move
        (None: no move this time)."""
        t = self.transports[self.player][slot]
        deck = self.telegram_decks[t.vehicle]
        if not deck:
            return steps
        tid = deck.pop()
        self.reveal("telegram", tid)  # not chance now: the deck was shuffled at setup (TELEGRAM_SHUFFLES)
        fresh = self._fresh_telegrams
        if fresh[t.vehicle]:
            fresh[t.vehicle] -= 1  # a telegram never drawn before: the unseen ones lie on top
        self.telegram_log.append((self.player, t.card, tid))
        tel = TELEGRAM_BY_ID[tid]
        kind = tel.kind
        keep = False
        result: int | None = steps
        if kind == "delay":
            result = None
        elif kind == "hold":
            result = None
            if not t.hold:  # a second hold while held does not add to it
                t.hold = tel.value - 1
                keep = t.hold > 0
        elif kind == "steps":
            result = max(0, steps + tel.value)
        elif kind == "extra_roll":  # rule transport-extra-roll
            t.extra += 1
            keep = True
        elif kind == "damage":  # rule transport-damage: once per transport, the first counts
            if not t.damage:
                t.damage = tel.value
                keep = True
        elif kind == "loss":  # rule transport-damage: a damaged cargo can still be lost
            t.telegrams.append(tid)
            self._lose(slot)
            return None
        elif kind == "redirect":  # rule transport-destination-change
            t.telegrams.append(tid)
            self._redirect(slot, tel.value)
            return None if self.transports[self.player][slot] is not t else result
        elif kind == "pay":
            self._charge(self.player, tel.value)
        elif kind == "receive":
            self._receive(self.player, tel.value, "telegram")
        if keep:
            t.telegrams.append(tid)
        else:
            deck.insert(0, tid)  # under its deck
        return result

    def _release_telegram(self, t: Transport, kind: str) -> None:
        for tid in t.telegrams:
            tel = TELEGRAM_BY_ID[tid]
            if tel.kind == kind:
                t.telegrams.remove(tid)
                self.telegram_decks[tel.mode].insert(0, tid)
                return

    def _redirect(self, slot: int, city: str) -> None:
        """Rule transport-destination-change: the paid freight counts for the new place."""
        t = self.transports[self.player][slot]
        old = t.destination
        t.destination = city
        if CITIES[t.path[-1]] != old or city == old:
            return  # bound for a change-over city: the leg stays
        here = t.pos
        ahead = next(i for i in range(here, len(t.path)) if t.path[i] < _N_CITIES)
        prefix = t.path[here: ahead + 1]
        rest = path(t.vehicle, CITIES[t.path[ahead]], city)
        t.path = prefix + (rest[1:] if rest else ())
        t.pos = 0
        if len(t.path) == 1:  # already there
            self._sell(slot)

    # -- the end of a transport (rules transport-sale, transport-insurance) -----------------------------------
    def _finish(self, slot: int) -> None:
        t = self.transports[self.player][slot]
        if t.path:
            self.occupant[t.path[t.pos]] = -1
        for tid in t.telegrams:
            self.telegram_decks[TELEGRAM_BY_ID[tid].mode].insert(0, tid)
        if t.insured:
            self.certificates += 1
        if self.options.recycle_cards:
            self.deck.insert(0, t.card)
        else:
            self.used.append(t.card)
        self.queue = [m for m in self.queue if m[0] != slot]
        # rule transport-new-card: a new card at once
        if self.deck:
            if self._fresh_cards:
                self._fresh_cards -= 1  # the top card was never seen (a recycled card lies below the unseen ones)
            self.transports[self.player][slot] = Transport(self.deck.pop())
        else:
            self.transports[self.player][slot] = None

    def _sell(self, slot: int) -> None:
        """Rule transport-sale: sold at once on arrival; damage lowers the value unless insured."""
        t = self.transports[self.player][slot]
        value = CARDS[t.card - 1].sale_value
        if t.damage and not (t.insured and INSURANCE["damage_covered"]):
            value -= value * t.damage // 100
        self._receive(self.player, value, "sale")
        self._finish(slot)
        self._repay(self.player)

    def _lose(self, slot: int) -> None:
        """A lost cargo: nothing to sell; an insured one is paid by the insurance (rule transport-insurance)."""
        t = self.transports[self.player][slot]
        if t.insured:
            self._receive(self.player, CARDS[t.card - 1].sale_value * INSURANCE["loss_pays_percent"] // 100,
                          "insurance payout")
        self._finish(slot)
        self._repay(self.player)

    def _repay(self, player: int) -> None:
        """Rule transport-loans: the loan is repaid when the capital is enough."""
        owed = self.debt[player] + self.interest_owed[player]
        if owed and self.cash[player] >= owed:
            self._pay(player, self.debt[player], "repayment")
            self._pay(player, self.interest_owed[player], "interest")
            self.debt[player] = self.interest_owed[player] = 0

    # -- turns and the end (rule transport-winner) ------------------------------------------------------------
    def _pass(self) -> None:
        """The turn ends with no roll (nothing can run). A broke player gives up the cargoes whose pieces
        wait in a city (setting ``stranded_cargo``): each card leaves the game and a new one is drawn."""
        self.passes += 1
        p = self.player
        if self.options.stranded_cargo == "abandoned" and self.is_broke(p):
            for slot in (0, 1):
                t = self.transports[p][slot]
                if t is not None and t.path:
                    self._abandoned.append([p, t.card, CITIES[t.path[t.pos]]])
                    self._finish(slot)
        self._end_turn()

    def _end_turn(self) -> None:
        t0, t1 = self.transports[self.player]
        if t0 is not None:
            t0.resting = False
        if t1 is not None:
            t1.resting = False
        o = self.options
        transports = self.transports
        n = self.players
        # rule transport-winner: the cards are used up, or (assumption "stall") no player can do more than pass
        start = (self.player + 1) % n
        if not any(self.can_play_on((start + k) % n) for k in range(n)):
            held = sum(t is not None for ts in transports for t in ts)
            if not held:
                self._game_over("every transport card has been used" if o.end_when_cards_run_out and not self.deck
                                else "no player holds a transport card")
            else:
                deck = f"{len(self.deck)} in the deck" if self.deck else "the deck is empty"
                self._game_over(f"no player can go on: no transport runs, and no card of the {held} held can "
                                f"start or go on from a free city, even with a loan ({deck})")
            return
        p = self.player
        while True:
            p = (p + 1) % n
            if p == 0:
                self.round += 1
                if o.round_limit is not None and self.round > o.round_limit:
                    self.round -= 1
                    self._game_over(f"{o.round_limit} rounds have been played")
                    return
            if transports[p][0] is not None or transports[p][1] is not None:  # a player without cards sits out
                break
        self.player = p

    def _check_capital_target(self) -> None:
        target = self.options.capital_target
        if target is not None and any(self.capital(p) >= target for p in range(self.players)):
            self._game_over(f"capital {target:,} reached")

    def _game_over(self, reason: str) -> None:
        self.over = True
        self.end_reason = reason
        self.phase = "plan"

    def _repr_svg_(self) -> str:
        """The map with every piece (rule ``transport-board``)."""
        from .svg import board_svg

        return board_svg(self)

    # -- saving --------------------------------------------------------------------------------------------------
    _FIELDS = ("cash", "debt", "interest_owed", "bank", "money_total", "removed", "deck", "used", "telegram_decks",
               "certificates", "player", "round", "phase", "dice", "queue", "pending", "passes", "over", "end_reason")

    def _to_data(self) -> Any:
        data = {name: getattr(self, name) for name in self._FIELDS}
        data["transports"] = [[t.to_data() if t is not None else None for t in ts] for ts in self.transports]
        data["telegram_log"] = [list(x) for x in self.telegram_log]
        return data

    def _restore(self, data: Any) -> None:
        """Take over a saved state, read in parts (the money, the cards and transports, the turn),
        each checked with :mod:`gamekit.validation`'s checks; nothing is set before all pass."""
        record(data, "the state", set(self._FIELDS) | {"transports", "telegram_log"})
        values = self._read_money(data)
        values.update(self._read_cards(data))
        values.update(self._read_turn(data, values["transports"]))
        self.__dict__.update(values)
        self._events = []
        self._abandoned = []
        self._count_unseen()

    def _read_money(self, data: dict[str, Any]) -> dict[str, Any]:
        """Cash, debts (within the loan limit) and interest owed, the bank (the money adds up)."""
        n = self.players
        cash = integers(data["cash"], "cash", n)
        debt = integers(data["debt"], "debt", n, 0, self.options.loan_limit)
        owed = integers(data["interest_owed"], "interest_owed", n, 0)
        bank, money_total = integer(data["bank"], "bank"), integer(data["money_total"], "money_total")
        if bank + sum(cash) != money_total:
            raise ValueError("the money does not add up (bank plus players)")
        return {"cash": cash, "debt": debt, "interest_owed": owed, "bank": bank, "money_total": money_total}

    def _read_cards(self, data: dict[str, Any]) -> dict[str, Any]:
        """The transport cards (removed, in the deck, used or held: each once), the transports on
        the board (one piece per space, a player's two never on one vehicle), the telegrams (each
        in its deck or kept, once) and the insurance certificates (they add up)."""
        n = self.players
        removed, deck, used = (integers(data[name], name, None, 1) for name in ("removed", "deck", "used"))
        pairs = each(data["transports"], "transports", lambda ts, where: listing(ts, where, 2), n)
        transports = [[Transport.from_data(t) if t is not None else None for t in ts] for ts in pairs]
        held = [t.card for ts in transports for t in ts if t is not None]
        if sorted(removed + deck + used + held) != list(range(1, len(CARDS) + 1)):
            raise ValueError("every transport card must be in exactly one place")
        decks = record(data["telegram_decks"], "telegram_decks (a deck for each mode)", MODES)
        kept = [x for ts in transports for t in ts if t is not None for x in t.telegrams]
        all_ids = kept + [x for m in MODES for x in listing(decks[m], f"telegram_decks[{m}]")]
        if sorted(all_ids) != sorted(TELEGRAM_BY_ID) or any(TELEGRAM_BY_ID[x].mode != m for m in MODES for x in decks[m]):
            raise ValueError("every telegram must be in its deck or with a transport, once")
        certificates = integer(data["certificates"], "certificates", 0, INSURANCE["certificates"])
        insured = sum(t.insured for ts in transports for t in ts if t is not None)
        if insured + certificates != INSURANCE["certificates"]:
            raise ValueError("insurance certificates do not add up")
        occupant = [-1] * N_SPACES
        for p, ts in enumerate(transports):
            for slot, t in enumerate(ts):
                if t is not None and t.path:
                    s = t.path[t.pos]
                    if occupant[s] >= 0:
                        raise ValueError(f"two pieces on {space_name(s)}")
                    occupant[s] = p * 2 + slot
                    if t.vehicle == (ts[1 - slot].vehicle if ts[1 - slot] is not None else None):
                        raise ValueError("two transports of one player on one vehicle")
        return {"removed": removed, "deck": deck, "used": used, "transports": transports, "occupant": occupant,
                "telegram_decks": {m: list(decks[m]) for m in MODES}, "certificates": certificates}

    def _read_turn(self, data: dict[str, Any], transports: list[list[Transport | None]]) -> dict[str, Any]:
        """The player to act, the round and the phase, the dice (kept only to be assigned), the
        queued moves, the pending leg, the passes, the end and the telegrams drawn."""
        player = integer(data["player"], "player", 0, self.players - 1)
        rounds, passes = integer(data["round"], "round", 1), integer(data["passes"], "passes", 0)
        phase = data["phase"]
        if phase not in _PHASES or not isinstance(data["over"], bool) or not isinstance(data["end_reason"], str):
            raise ValueError("bad phase or end")
        dice = integers(data["dice"], "dice", None, 1, 6)
        if (phase == "assign") != (len(dice) == 2):
            raise ValueError("dice are kept only while they are to be assigned")
        queue = data["queue"]
        if not isinstance(queue, list) or not all(
                isinstance(m, list) and len(m) == 3 and all(is_integer(x) for x in m)
                and m[0] in (0, 1) and m[2] >= 0 for m in queue):
            raise ValueError("queued moves are [slot, card, steps]")
        pending = integers(data["pending"], "pending")
        if (phase == "leg") != (len(pending) == 2):
            raise ValueError("a pending leg exactly in the leg phase")
        if pending and (pending[0] not in (0, 1) or pending[1] < 0 or transports[player][pending[0]] is None):
            raise ValueError("bad pending leg")
        log = data["telegram_log"]
        if not isinstance(log, list) or not all(isinstance(x, list) and len(x) == 3 and x[2] in TELEGRAM_BY_ID for x in log):
            raise ValueError("bad telegram log")
        return {"player": player, "round": rounds, "phase": phase, "dice": dice, "queue": [list(m) for m in queue],
                "pending": pending, "passes": passes, "over": data["over"], "end_reason": data["end_reason"],
                "telegram_log": [tuple(x) for x in log]}

    def _count_unseen(self) -> None:
        """How many cards of each pile have never been drawn (they lie on top of it), worked out from the
        telegrams drawn so far (``telegram_log``) and, when used cards go back under the deck, from the
        cards dispatched in the log: a card under the deck was dispatched before."""
        drawn = {x[2] for x in self.telegram_log}
        self._fresh_telegrams = {m: sum(tid not in drawn for tid in self.telegram_decks[m]) for m in MODES}
        if self.options.recycle_cards:
            dispatched = {row[2] for row in self._rows if row[1] == "Dispatch"}
            self._fresh_cards = sum(card not in dispatched for card in self.deck)
        else:
            self._fresh_cards = len(self.deck)


