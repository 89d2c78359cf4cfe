"""Restoring a saved Auf Achse game: every field checked, and the whole checked together (every
contract in exactly one place, goods and money conserved), so a malformed save is rejected whole.

:func:`restore` reads the save in parts, each a function returning the attributes it read (the
contracts, the trucks, the money, the board's places and signs, the turn, the event cards) with
:mod:`gamekit.validation`'s checks; the state takes them over only when every part is sound."""

from __future__ import annotations

from typing import Any

from ..validation import each, flag, integer, integers, listing
from .auction import HIGHEST_OFFER, Auction
from .data import contracts, events, network
from .options import TRAILER_KINDS
from .state import PHASES, SIGNS

__all__ = ["restore"]


def _int(value: Any, name: str, low: int | None = 0, high: int | None = None) -> int:
    return integer(value, name, low, high)


def _ints(value: Any, name: str, length: int | None = None) -> list[int]:
    return integers(value, name, length, low=0)


def _per_player(value: Any, name: str, players: int) -> list[list[int]]:
    return each(listing(value, f"{name} (a list per player)", players), name, _ints)


def _node(value: Any, name: str, net: Any) -> str | None:
    """A city or road space of the network, or None."""
    if value is not None and value not in net.adjacent:
        raise ValueError(f"{name} must be a city or road space, not {value!r}")
    return value


def restore(state: Any, data: Any) -> None:
    """Set ``state`` from ``data`` (from ``_to_data``), or raise ``ValueError`` and set nothing."""
    if not isinstance(data, dict):
        raise ValueError("the game state must be an object")
    values: dict[str, Any] = {"net": network(), "cards": contracts(), "event_cards": events()}
    values.update(_read_contracts(state, data, values))
    values.update(_read_trucks(state, data, values))
    values.update(_read_money(state, data, values))
    values.update(_read_places(state, data, values))
    values.update(_read_turn(state, data, values))
    values.update(_read_events(state, data, values))
    for name, value in values.items():
        setattr(state, name, value)


def _read_contracts(state: Any, data: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    """The contract cards: hands (and which of them were dealt privately), loaded and delivered,
    the row, the decks, the auction in progress and the auctions done; every card in one place."""
    players, o, cards = state.players, state.options, values["cards"]
    hands = _per_player(data["hands"], "hands", players)
    if "private" in data:
        private = _per_player(data["private"], "private", players)
    else:  # a save from before private contracts were recorded: every card in a hand counts as private
        private = [list(h) for h in hands]
    dealt = [c for h in private for c in h]
    if len(set(dealt)) != len(dealt) or any(c >= len(cards) for c in dealt):
        raise ValueError("private lists the contracts dealt to each player, each card once")
    loaded = _per_player(data["loaded"], "loaded", players)
    delivered = _per_player(data["delivered"], "delivered", players)
    row = data["row"]
    if not isinstance(row, list) or len(row) != o.face_up:
        raise ValueError(f"row must have {o.face_up} spaces")
    row = [None if c is None else _int(c, "row card") for c in row]
    public_deck = _ints(data["public_deck"], "public_deck")
    unused = _ints(data["unused"], "unused")
    removed = _ints(data["removed"], "removed")
    phase = data["phase"]
    if phase not in PHASES:
        raise ValueError(f"unknown phase {phase!r}")
    auction = data["auction"]
    if (auction is None) != (phase != "auction"):
        raise ValueError("an auction is saved exactly in the auction phase")
    auction = Auction.from_data(auction, players) if auction is not None else None
    if auction is not None and auction.turn == auction.chooser and auction.leader is None:
        raise ValueError("auction: the chooser never bids against nobody")
    if auction is not None and auction.offer > o.highest_offer:
        raise ValueError(f"auction: offers go up to {o.highest_offer} (setting highest_offer), not {auction.offer}")
    places = [c for h in hands for c in h] + [c for h in loaded for c in h] + [c for h in delivered for c in h]
    places += [c for c in row if c is not None] + public_deck + unused + removed
    if auction is not None:
        places.append(auction.contract)
    if sorted(places) != list(range(len(cards))):
        raise ValueError("every contract card must be in exactly one place")
    if public_deck and any(c is None for c in row):
        raise ValueError("an empty contract space while the public deck still has cards")
    return {"hands": hands, "private": private, "loaded": loaded, "delivered": delivered, "row": row,
            "public_deck": public_deck, "unused": unused, "removed": removed, "phase": phase, "auction": auction,
            "auction_results": _read_auction_results(data.get("auction_results", []), players, cards)}


def _read_auction_results(results: Any, players: int, cards: Any) -> list[tuple[int, ...]]:
    """The auctions done, ``[contract, winner, offer, price]`` each: a contract once, at the price
    its offer costs (saves from before the auction record hold none)."""
    results = listing(results, "auction_results")
    for entry in results:
        contract, winner, offer, price = integers(entry, "auction_results entry", 4, low=0)
        if contract >= len(cards) or winner >= players or offer > HIGHEST_OFFER:
            raise ValueError("auction_results lists [contract, winner, offer, price]")
        if price != (cards[contract].cost(offer) if offer else 0):
            raise ValueError(f"auction_results: contract {contract} at offer {offer} costs "
                             f"{cards[contract].cost(offer) if offer else 0}, not {price}")
    if len({entry[0] for entry in results}) != len(results):
        raise ValueError("auction_results: a contract is auctioned once")
    return [tuple(e) for e in results]


def _read_trucks(state: Any, data: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    """The trailers on each truck and in the supply (conserved), the goods (conserved) and the
    loads, none above its truck's room."""
    players, o, cards, loaded = state.players, state.options, values["cards"], values["loaded"]
    trailers = data["trailers"]
    if not (isinstance(trailers, list) and len(trailers) == players
            and all(isinstance(t, list) and all(k in TRAILER_KINDS for k in t) for t in trailers)):
        raise ValueError("trailers must be a list per player of 'large'/'small'")
    if any(len(t) > o.trailers_per_truck for t in trailers) or (not o.trailers_allowed() and any(trailers)):
        raise ValueError("too many trailers on a truck")
    goods_supply = _int(data["goods_supply"], "goods_supply")
    on_trucks = sum(cards[c].amount for h in loaded for c in h)
    if goods_supply + on_trucks != o.goods_cubes:
        raise ValueError("goods are not conserved: supply and loads must add up to goods_cubes")
    supply = data["trailer_supply"]
    if not isinstance(supply, dict) or set(supply) != set(TRAILER_KINDS):
        raise ValueError("trailer_supply must give 'large' and 'small'")
    limits = {"large": o.large_trailers, "small": o.small_trailers} if o.trailers_allowed() else {"large": 0, "small": 0}
    for kind in TRAILER_KINDS:
        n = _int(supply[kind], f"trailer_supply {kind}")
        if n + sum(t.count(kind) for t in trailers) != limits[kind]:
            raise ValueError(f"{kind} trailers are not conserved")
    capacity = [o.truck_capacity + sum(o.trailer_kinds[k][0] for k in t) for t in trailers]
    if any(sum(cards[c].amount for c in loaded[p]) > capacity[p] for p in range(players)):
        raise ValueError("a truck carries more goods than it has room for")
    return {"trailers": [list(t) for t in trailers], "goods_supply": goods_supply,
            "trailer_supply": {k: supply[k] for k in TRAILER_KINDS}}


def _read_money(state: Any, data: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    """The players' cash and the bank (conserved), and the event payments a player keeps owing."""
    cash = _ints(data["cash"], "cash", state.players)
    bank = _int(data["bank"], "bank", None)
    if sum(cash) + bank != state.options.bank_money:
        raise ValueError("money is not conserved: cash and bank must add up to bank_money")
    # saves from before kept event cards hold none
    owed = _per_player(data.get("owed", [[] for _ in range(state.players)]), "owed", state.players)
    return {"cash": cash, "bank": bank, "owed": owed}


def _read_places(state: Any, data: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    """The trucks' places (no road space over full), the player to act and the two signs."""
    players, o, net, phase = state.players, state.options, values["net"], values["phase"]
    position = data["position"]
    if not isinstance(position, list) or len(position) != players:
        raise ValueError("position must give a place per player")
    for where in position:
        if not (where is None and phase == "setup") and where not in net.adjacent:
            raise ValueError(f"{where!r} is not a city or road space")
    player = _int(data["player"], "player")
    if player >= players:
        raise ValueError("player out of range")
    for where in set(position):
        if where is not None and not net.is_city(where) and position.count(where) > o.trucks_per_space:
            passing = phase == "moving" and o.overtaking and position[player] == where
            if not passing or position.count(where) > o.trucks_per_space + 1:
                raise ValueError(f"{where} holds more than {o.trucks_per_space} trucks")
    # saves from before the signs hold none
    roadworks_at = _node(data.get("roadworks_at"), "roadworks_at", net)
    jam_at = _node(data.get("jam_at"), "jam_at", net)
    for sign, where in (("roadworks", roadworks_at), ("jam", jam_at)):
        if where is not None and (net.is_city(where) or where in net.ferry_spaces):
            raise ValueError(f"the {sign} sign stands on a road space, not on {where}")
    if roadworks_at is not None and roadworks_at == jam_at:
        raise ValueError("the two signs stand on different road spaces")
    if (roadworks_at is not None and not o.roadworks) or any(p in (roadworks_at, jam_at) for p in position if p):
        raise ValueError("a sign stands only on a free road space, and the roadworks sign only with roadworks=True")
    jam_owner = data.get("jam_owner")
    if jam_owner is not None:
        _int(jam_owner, "jam_owner")
    if (jam_at is None) != (jam_owner is None) or (jam_owner is not None and jam_owner >= players):
        raise ValueError("the traffic-jam sign is on the board exactly when a player placed it")
    placing = data.get("placing")
    if (placing is not None) != (phase == "sign") or (placing is not None and placing not in SIGNS):
        raise ValueError("a sign is being placed exactly in the sign phase (roadworks or jam)")
    return {"position": list(position), "player": player, "roadworks_at": roadworks_at, "jam_at": jam_at,
            "jam_owner": jam_owner, "placing": placing}


def _read_turn(state: Any, data: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    """The turn: the contract offered for loading, the dice and the move under way, the flags,
    each fitting the phase."""
    players, o, net = state.players, state.options, values["net"]
    phase, player, position, hands = values["phase"], values["player"], values["position"], values["hands"]
    pips = _int(data.get("pips", 0), "pips")
    if pips > 6:
        raise ValueError("pips are 0 to 6")
    skip_next = data["skip_next"]
    if not (isinstance(skip_next, list) and len(skip_next) == players and all(isinstance(s, bool) for s in skip_next)):
        raise ValueError("skip_next must be true/false per player")
    dice = _ints(data["dice"], "dice")
    if dice and (len(dice) != 2 or not all(1 <= d <= 6 for d in dice)):
        raise ValueError("dice must be two numbers 1-6")
    visited = data["visited"]
    if not isinstance(visited, list) or any(v not in net.adjacent for v in visited):
        raise ValueError("visited must list cities and road spaces")
    remaining = _int(data["remaining"], "remaining")
    if remaining > 6 or (phase == "moving") != (remaining > 0):
        raise ValueError("remaining pips do not fit the phase")
    if phase in ("die", "moving") and not dice:
        raise ValueError("a truck moves only after the dice were rolled")
    if phase == "moving" and (not visited or visited[-1] != position[player]):
        raise ValueError("a moving truck stands on the last place it visited")
    if phase in ("city", "auction", "loading") and not net.is_city(position[player]):
        raise ValueError("the city phase needs the truck in a city")
    if phase == "setup" and (any(position[p] is not None for p in range(player, players))
                             or any(position[p] is None for p in range(player))):
        raise ValueError("in setup, the trucks before the player to place are placed, the others not")
    if phase != "setup" and any(p is None for p in position):
        raise ValueError("every truck is placed after setup")
    flags = {k: flag(data[k], k) for k in ("exact", "by_event", "public_pending", "extra_turn")}
    if flags["public_pending"] and phase != "city":
        raise ValueError("a public contract is chosen only in the city phase")
    turn_count = _int(data["turn_count"], "turn_count")
    taken_here = _ints(data["taken_here"], "taken_here")
    if any(c not in hands[player] for c in taken_here) or (taken_here and (phase not in ("city", "over") or not o.children)):
        raise ValueError("taken_here lists contracts just taken into the current player's hand (children's variant)")
    return {**_read_loading(state, data, values), "pips": pips,
            "arrive_exact": flag(data.get("arrive_exact", False), "arrive_exact"), "skip_next": list(skip_next),
            "dice": dice, "visited": list(visited), "remaining": remaining, **flags, "turn_count": turn_count,
            "taken_here": taken_here}


def _read_loading(state: Any, data: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    """The contract offered for loading (exactly in the loading phase): in the hand of the auction's
    winner, out of turn, whose truck stands in its start city."""
    phase, player, position, hands = values["phase"], values["player"], values["position"], values["hands"]
    load_offer, load_player = data.get("load_offer"), data.get("load_player")
    if (load_offer is None) != (phase != "loading") or (load_player is None) != (phase != "loading"):
        raise ValueError("a contract is offered for loading exactly in the loading phase")
    if load_offer is not None:
        _int(load_offer, "load_offer")
        _int(load_player, "load_player")
        if load_player >= state.players or load_offer not in hands[load_player] or load_player == player:
            raise ValueError("loading: the winner out of turn may load a contract in their hand")
        if position[load_player] != values["cards"][load_offer].start:
            raise ValueError("loading: the winner's truck stands in the contract's start city")
    return {"load_offer": load_offer, "load_player": load_player}


def _read_events(state: Any, data: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    """The event cards: in the deck, used, or kept by a player who owes their payment (only with
    ``unpaid_event="double"``, and only while the player cannot pay double)."""
    o, event_cards, owed, cash = state.options, values["event_cards"], values["owed"], values["cash"]
    event_deck = _ints(data["event_deck"], "event_deck")
    event_discard = _ints(data["event_discard"], "event_discard")
    kept = [c for h in owed for c in h]
    if sorted(event_deck + event_discard + kept) != list(range(len(event_cards))):
        raise ValueError("every event card must be in the deck, used, or kept by a player, once")
    if any(event_cards[c].kind != "pay" for c in kept) or (kept and o.unpaid_event != "double"):
        raise ValueError("owed lists the event payments a player keeps until they can pay double")
    if any(2 * event_cards[c].amount <= cash[p] for p in range(state.players) for c in owed[p]):
        raise ValueError("a kept event card is paid as soon as its player has double its sum")
    return {"event_deck": event_deck, "event_discard": event_discard}
