"""Services for the Auf Achse chapter's widget "Auction a public contract" (book chapter ``auf-achse``).

Stateless: the widget's situation carries the saved game (``to_json`` of an
:class:`~gamekit.auf_achse.AufAchseState` in its auction) and the bots' generator; each call restores
the game, applies the reader's action through the engine, lets the bots (:func:`gamekit.auf_achse.bots.bid_decision`)
answer until it is a reader's turn or the auction is over, and returns the new situation with the view.
Every rule (who bids next, the lowest allowed offer, what a player can pay, who wins and pays what)
is the engine's.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from .. import game
from ..auf_achse import Bid, ChooseContract, Pass
from ..auf_achse.auction import HIGHEST_OFFER
from ..auf_achse.bots import bid_decision
from ..auf_achse.examples import BERLIN_TRIESTE, auction_example
from ..core import IllegalAction
from ..rng import Rng
from ..validation import is_integer
from . import service

__all__ = ["auction", "EXAMPLE_SCRIPT"]

#: The worked example of page 4 (rule ``auf-achse-example``): after red chose Berlin-Trieste.
EXAMPLE_SCRIPT: tuple[Any, ...] = (Pass(), Bid(2), Bid(3), Bid(3), Pass(), Bid(4), Pass())
SEATS = ("all", "0", "1", "2", "3")
HISTORY_SHOWN = 30


def _start(seat: str, seed: int, slot: int) -> dict[str, Any]:
    """Red, just arrived in Berlin as in the worked example, chooses the public contract on ``slot``
    (0: Berlin-Trieste, the example's card) for auction."""
    state = auction_example()
    card = state.row[slot]
    state.apply(ChooseContract(slot))
    return {"save": state.to_json(), "seat": seat, "policy": Rng(seed).getstate(), "seed": seed,
            "history": [], "script": 0 if card == BERLIN_TRIESTE else -1, "card": card, "slot": slot}


@cache
def _choices() -> tuple[tuple[str, str], ...]:
    state = auction_example()
    return tuple((str(a.slot), _card_label(state.cards[state.row[a.slot]]))
                 for a in state.legal_actions() if isinstance(a, ChooseContract))


def _contracts() -> list[dict[str, Any]]:
    """The public contracts red may choose in the example's position, as the engine lists them."""
    return [{"value": value, "label": label} for value, label in _choices()]


def _card_label(card: Any) -> str:
    return f"{card.start}–{card.destination}: {card.amount} goods, freight revenue {card.revenue:,} €"


def _humans(seat: str) -> set[int]:
    return {0, 1, 2, 3} if seat == "all" else {int(seat)}


def _bots_answer(state: Any, situation: dict[str, Any]) -> None:
    """The bots bid or pass until a reader's turn or the end of the auction."""
    policy = Rng.fromstate(situation["policy"])
    humans = _humans(situation["seat"])
    while state.phase == "auction" and state.current_player not in humans:
        who = state.colour(state.current_player)
        action = bid_decision(state, policy)
        state.apply(action)
        situation["history"].append(f"{who} (bot): {action}")
        situation["script"] = -1  # the example is no longer being followed
    situation["policy"] = policy.getstate()


@service("auf_achse.auction")
def auction(situation: dict[str, Any] | None = None, action: dict[str, Any] | None = None,
            seat: str = "all", seed: int = 1987) -> dict[str, Any]:
    """Advance the auction widget. Actions: ``{"kind": "new", "seat": "all"|"0".."3", "contract":
    "0".."3"}`` (the face-up public contract red chooses; 0 is the worked example's),
    ``{"kind": "bid", "offer": k}``, ``{"kind": "pass"}``, ``{"kind": "example"}`` (the next step of
    the worked example, while it is being followed)."""
    kind = (action or {}).get("kind")
    if situation is None or kind == "new":
        seat = str((action or {}).get("seat", seat))
        if seat not in SEATS:
            raise ValueError(f"You play one of the four players or all of them, not {seat!r}.")
        if not is_integer(seed):
            raise ValueError("a seed is a whole number")
        slot = str((action or {}).get("contract", "0"))
        slots = [value for value, _ in _choices()]
        if slot not in slots:
            raise ValueError(f"Red chooses one of the public contracts {', '.join(slots)}, not {slot!r}.")
        s = _start(seat, seed, int(slot))
        state = game("auf-achse").from_json(s["save"])
        card = state.cards[s["card"]]
        _bots_answer(state, s)
        s["save"] = state.to_json()
        return {"situation": s, "view": _view(state, s, _said(f"A new auction: red chose {card.start}–{card.destination}.",
                                                              s["history"]))}
    s = {**situation, "history": list(situation.get("history", []))}
    s.setdefault("card", BERLIN_TRIESTE)  # a situation saved before the contract could be chosen
    s.setdefault("slot", 0)
    state = game("auf-achse").from_json(s["save"])
    if kind is None:
        return {"situation": s, "view": _view(state, s, "")}
    if state.phase != "auction":
        raise IllegalAction("the auction is over: start a new one", "auf-achse-payment")
    who = state.current_player
    if kind == "example":
        step = s.get("script", 0)
        if not (is_integer(step) and 0 <= step < len(EXAMPLE_SCRIPT)) or s["seat"] != "all":
            raise ValueError("The worked example is followed only from its start, with you playing all four players.")
        move = EXAMPLE_SCRIPT[step]
        s["script"] = step + 1
    elif kind == "bid":
        offer = (action or {}).get("offer")
        if not is_integer(offer):
            raise ValueError(f"An offer is a whole number from 1 to {HIGHEST_OFFER}.")
        move = Bid(offer)
        s["script"] = _follow(s, move)
    elif kind == "pass":
        move = Pass()
        s["script"] = _follow(s, move)
    else:
        raise ValueError(f"unknown action {kind!r}")
    if who not in _humans(s["seat"]):
        raise ValueError("It is a bot's turn.")
    state.apply(move)  # the engine checks the rule (raises IllegalAction, nothing changed)
    before = len(s["history"])
    s["history"].append(f"{state.colour(who)}: {move}")
    _bots_answer(state, s)
    s["save"] = state.to_json()
    return {"situation": s, "view": _view(state, s, _said("", s["history"][before:]))}


def _said(first: str, steps: list[str]) -> str:
    """An announcement: ``first``, then each step just taken (the reader's and the bots' answers)."""
    sentences = [first] if first else []
    sentences += [step[0].upper() + step[1:] + "." for step in steps]
    return " ".join(sentences)


def _follow(s: dict[str, Any], move: Any) -> int:
    """The next step of the worked example if the reader's move is the example's, else -1 (left)."""
    step = s.get("script", -1)
    if is_integer(step) and 0 <= step < len(EXAMPLE_SCRIPT) and EXAMPLE_SCRIPT[step] == move:
        return step + 1
    return -1


def _view(state: Any, s: dict[str, Any], announce: str) -> dict[str, Any]:
    chosen = s["card"]
    card = state.cards[chosen]
    a = state.auction
    result = state.auction_result(chosen)  # (winner, offer, price) once the auction is over
    players = []
    for p in range(state.players):
        if a is not None:
            status = ("passed" if a.passed[p] else
                      f"holds offer {a.offer}" if a.leader == p else
                      "to bid" if a.turn == p else "in")
        else:
            status = "won the contract" if result is not None and result[0] == p else ""
        if a is not None and p == a.chooser:
            status += " (chose the contract)"
        players.append({"colour": state.colour(p), "name": state.colour(p).capitalize(), "cash": f"{state.cash[p]:,} €",
                        "status": status, "human": p in _humans(s["seat"])})
    view: dict[str, Any] = {
        "title": f"Public contract {_card_label(card)}",
        "contract_label": "Red chooses",
        "contracts": _contracts(),
        "contract": str(s["slot"]),
        "table_caption": "The card's cost table",
        "table_head": ["Offer", "Cost", "Net revenue"],
        "table": [[str(k), f"{card.cost(k):,} €", f"{card.net(k):,} €"] for k in range(1, HIGHEST_OFFER + 1)],
        "players_head": ["Player", "Cash", "In the auction"],
        "players": players,
        "seat_label": "You play",
        "seats": [{"value": "all", "label": "all four players"}]
                 + [{"value": str(p), "label": f"{state.colour(p)} (the others are bots)"} for p in range(state.players)],
        "seat": s["seat"],
        "new_label": "New auction",
        "pass_label": "Pass",
        "history": s["history"][-HISTORY_SHOWN:],
        "history_hidden": max(0, len(s["history"]) - HISTORY_SHOWN),
        "bids": [],
        "can_pass": False,
        "turn": "",
        "rule_note": "",
        "result": "",
        "example_label": "",
        "announce": announce,
    }
    if a is not None:
        who = a.turn
        view["turn"] = f"{state.colour(who).capitalize()} to bid or pass (best offer so far: {a.offer or 'none'})."
        view["rule_note"] = (f"{state.colour(a.chooser).capitalize()} chose the contract and needs only to match the "
                             f"best offer; everyone else must raise. A pass is final. No credit: "
                             f"an offer costs at most the bidder's cash.")
        if who in _humans(s["seat"]):
            legal = {x.offer for x in state.legal_actions() if isinstance(x, Bid)}
            view["bids"] = [{"offer": k, "label": f"Offer {k} ({card.cost(k):,} €)", "enabled": k in legal}
                            for k in range(1, state.options.highest_offer + 1)]  # rule auf-achse-offers
            view["can_pass"] = True
        step = s.get("script", -1)
        if s["seat"] == "all" and is_integer(step) and 0 <= step < len(EXAMPLE_SCRIPT):
            view["example_label"] = f"Worked example, next: {state.colour(who)} — {EXAMPLE_SCRIPT[step]}"
    else:
        winner, _, paid = result  # the engine's record of the auction
        name = state.colour(winner).capitalize()
        view["result"] = (f"{name} wins the contract and pays {paid:,} € at once; in {card.destination} the freight "
                          f"revenue is {card.revenue:,} €, a profit of {card.revenue - paid:,} €."
                          if paid else
                          f"Nobody else bid: {name} takes the contract without paying; its freight revenue is "
                          f"{card.revenue:,} €.")
        view["announce"] = (announce + " " + view["result"]).strip()
    return view
