"""Restoring a saved Auf Achse game: every field checked, and the whole checked together (every
contract in exactly one place, goods and money conserved), so a malformed save is rejected whole."""

from __future__ import annotations

from typing import Any

from ..validation import require_bool, require_int, require_ints, require_list
from .auction import HIGHEST_OFFER, Auction
from .data import contracts, events, network
from .options import TRAILER_KINDS
from .state import PHASES, SIGNS

__all__ = ["restore"]


def _int(value: Any, name: str, low: int | None = 0) -> int:
    return require_int(value, name, low)


def _ints(value: Any, name: str, length: int | None = None) -> list[int]:
    return require_ints(value, name, length, low=0)


def _per_player(value: Any, name: str, players: int) -> list[list[int]]:
    return [_ints(v, f"{name}[{p}]") for p, v in enumerate(require_list(value, f"{name} (a list per player)", players))]


def _node(value: Any, name: str, net: Any) -> str | None:
    """A city or road space of the network, or None."""
    if value is not None and value not in net.adjacent:
        raise ValueError(f"{name} must be a city or road space, not {value!r}")
    return value


def restore(state: Any, data: Any) -> None:
    """Set ``state`` from ``data`` (from ``_to_data``), or raise ``ValueError`` and set nothing."""
    if not isinstance(data, dict):
        raise ValueError("the game state must be an object")
    players, o = state.players, state.options
    net, cards, event_cards = network(), contracts(), events()
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
    trailers = data["trailers"]
    if not (isinstance(trailers, list) and len(trailers) == players
            and all(isinstance(t, list) and all(k in TRAILER_KINDS for k in t) for t in trailers)):
        raise ValueError("trailers must be a list per player of 'large'/'small'")
    if any(len(t) > o.trailers_per_truck for t in trailers) or (not o.trailers_allowed() and any(trailers)):
        raise ValueError("too many trailers on a truck")
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
    # every contract in exactly one place
    places = [c for h in hands for c in h] + [c for h in loaded for c in h] + [c for h in delivered for c in h]
    places += [c for c in row if c is not None] + public_deck + unused + removed
    if auction is not None:
        places.append(auction.contract)
    if sorted(places) != list(range(len(cards))):
        raise ValueError("every contract card must be in exactly one place")
    if public_deck and any(c is None for c in row):
        raise ValueError("an empty contract space while the public deck still has cards")
    cash = _ints(data["cash"], "cash", players)
    bank = _int(data["bank"], "bank", None)
    # saves from before the auction record, the signs and kept event cards hold none of them
    results = require_list(data.get("auction_results", []), "auction_results")
    for entry in results:
        contract, winner, offer, price = require_ints(entry, "auction_results entry", 4, low=0)
        if contract >= len(cards) or winner >= players or offer > HIGHEST_OFFER:
            raise ValueError("auction_results lists [contract, winner, offer, price]")
        if price != (cards[contract].cost(offer) if offer else 0):
            raise ValueError(f"auction_results: contract {contract} at offer {offer} costs "
                             f"{cards[contract].cost(offer) if offer else 0}, not {price}")
    if len({entry[0] for entry in results}) != len(results):
        raise ValueError("auction_results: a contract is auctioned once")
    owed = _per_player(data.get("owed", [[] for _ in range(players)]), "owed", players)
    if sum(cash) + bank != o.bank_money:
        raise ValueError("money is not conserved: cash and bank must add up to bank_money")
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
    capacity = [o.truck_capacity + sum(TRAILER_KINDS[k][0] for k in t) for t in trailers]
    if any(sum(cards[c].amount for c in loaded[p]) > capacity[p] for p in range(players)):
        raise ValueError("a truck carries more goods than it has room for")
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
    load_offer, load_player = data.get("load_offer"), data.get("load_player")
    if (load_offer is None) != (phase != "loading") or (load_player is None) != (phase != "loading"):
        raise ValueError("a contract is offered for loading exactly in the loading phase")
    if load_offer is not None:
        _int(load_offer, "load_offer")
        _int(load_player, "load_player")
        if load_player >= players or load_offer not in hands[load_player] or load_player == player:
            raise ValueError("loading: the winner out of turn may load a contract in their hand")
        if position[load_player] != cards[load_offer].start:
            raise ValueError("loading: the winner's truck stands in the contract's start city")
    pips = _int(data.get("pips", 0), "pips")
    if pips > 6:
        raise ValueError("pips are 0 to 6")
    arrive_exact = require_bool(data.get("arrive_exact", False), "arrive_exact")
    skip_next = data["skip_next"]
    if not (isinstance(skip_next, list) and len(skip_next) == players and all(isinstance(s, bool) for s in skip_next)):
        raise ValueError("skip_next must be true/false per player")
    event_deck = _ints(data["event_deck"], "event_deck")
    event_discard = _ints(data["event_discard"], "event_discard")
    kept = [c for h in owed for c in h]
    if sorted(event_deck + event_discard + kept) != list(range(len(event_cards))):
        raise ValueError("every event card must be in the deck, used, or kept by a player, once")
    if any(event_cards[c].kind != "pay" for c in kept) or (kept and o.unpaid_event != "double"):
        raise ValueError("owed lists the event payments a player keeps until they can pay double")
    if any(2 * event_cards[c].amount <= cash[p] for p in range(players) for c in owed[p]):
        raise ValueError("a kept event card is paid as soon as its player has double its sum")
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
    flags = {k: require_bool(data[k], k) for k in ("exact", "by_event", "public_pending", "extra_turn")}
    if flags["public_pending"] and phase != "city":
        raise ValueError("a public contract is chosen only in the city phase")
    turn_count = _int(data["turn_count"], "turn_count")
    taken_here = _ints(data["taken_here"], "taken_here")
    if any(c not in hands[player] for c in taken_here) or (taken_here and (phase not in ("city", "over") or not o.children)):
        raise ValueError("taken_here lists contracts just taken into the current player's hand (children's variant)")

    state.net, state.cards, state.event_cards = net, cards, event_cards
    state.hands, state.loaded, state.delivered = hands, loaded, delivered
    state.private = private
    state.trailers = [list(t) for t in trailers]
    state.row, state.public_deck, state.unused, state.removed = row, public_deck, unused, removed
    state.cash, state.bank, state.goods_supply = cash, bank, goods_supply
    state.trailer_supply = {k: supply[k] for k in TRAILER_KINDS}
    state.position, state.skip_next = list(position), list(skip_next)
    state.event_deck, state.event_discard = event_deck, event_discard
    state.player, state.phase, state.dice, state.visited, state.remaining = player, phase, dice, list(visited), remaining
    state.exact, state.by_event = flags["exact"], flags["by_event"]
    state.public_pending, state.extra_turn = flags["public_pending"], flags["extra_turn"]
    state.auction, state.turn_count, state.taken_here = auction, turn_count, taken_here
    state.owed, state.auction_results = owed, [tuple(e) for e in results]
    state.roadworks_at, state.jam_at, state.jam_owner = roadworks_at, jam_at, jam_owner
    state.placing, state.arrive_exact, state.pips = placing, arrive_exact, pips
    state.load_offer, state.load_player = load_offer, load_player
