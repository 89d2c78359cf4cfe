"""Helpers shared by the tests of every game (import as ``from helpers import ...``)."""

from __future__ import annotations

import dataclasses
import io
import json
import re
import tokenize
from fractions import Fraction
from typing import Any

import pytest

from gamekit import IllegalAction

#: Types whose instances cannot change: sharing them is harmless.
IMMUTABLE = (str, bytes, int, float, complex, bool, type(None), frozenset, range, type)


def expect_illegal(state, action: Any, rule: str) -> IllegalAction:
    """``action`` is refused naming ``rule`` (a book label), and ``state`` is exactly unchanged:
    its save, which holds the generator, is the same text before and after."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.rule == rule, f"{action}: expected rule {rule}, got {info.value.rule}: {info.value}"
    assert state.to_json() == before
    return info.value


def _is_frozen_dataclass(value: Any) -> bool:
    return dataclasses.is_dataclass(value) and value.__dataclass_params__.frozen


def mutable_parts(root: Any, skip: tuple[Any, ...] = ()) -> dict[int, str]:
    """Every mutable object reachable from ``root`` (through containers, instance attributes and
    slots), by ``id``, with a path that names it. Objects in ``skip`` are not entered."""
    found: dict[int, str] = {}
    seen: set[int] = {id(s) for s in skip}
    stack: list[tuple[Any, str]] = [(root, "root")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, IMMUTABLE) or id(value) in seen:
            continue
        seen.add(id(value))
        if callable(value) and not hasattr(value, "__dict__"):
            continue  # builtin functions and methods
        frozen = isinstance(value, tuple) or _is_frozen_dataclass(value)
        if not frozen:
            found[id(value)] = path
        if isinstance(value, dict):
            stack.extend((v, f"{path}[{k!r}]") for k, v in value.items())
            stack.extend((k, f"{path} key {k!r}") for k in value)
        elif isinstance(value, (list, tuple, set)):
            stack.extend((v, f"{path}[{i}]") for i, v in enumerate(value))
        else:
            attrs = dict(getattr(value, "__dict__", {}))
            for cls in type(value).__mro__:
                for name in getattr(cls, "__slots__", ()):
                    if hasattr(value, name):
                        attrs[name] = getattr(value, name)
            stack.extend((v, f"{path}.{k}") for k, v in attrs.items())
    return found


def shared_mutables(a: Any, b: Any, skip: tuple[Any, ...] = ()) -> list[str]:
    """The paths (in ``a``) of mutable objects that ``a`` and ``b`` both reach."""
    left, right = mutable_parts(a, skip), mutable_parts(b, skip)
    return sorted(left[i] for i in set(left) & set(right))


#: Settings added to a game's options after the fingerprints were recorded, each with its default:
#: a save of that time had no such key and restores to that default, so :func:`format1_save` leaves
#: the key out when the setting is at its default (a game with it changed has no format-1 save).
OPTIONS_ADDED_SINCE = {"player_trades": True}  # Catan (issue 21): trades between players, the printed rule
#: Issue 33: printed numbers made settings since the fingerprints were taken; left out of the
#: save at their printed defaults (a game at the defaults is the same game as before).
PRINTED_ADDED_SINCE = (
    "road_cost", "settlement_cost", "city_cost", "development_card_cost", "roads_per_player",
    "settlements_per_player", "cities_per_player", "development_deck", "road_building_roads",
    "largest_army_knights", "longest_road_length", "factory_cost", "investment_cost", "ship_cost",
    "ships_per_player", "transport_values", "resale_values", "large_trailer_goods", "large_trailer_cost",
    "small_trailer_goods", "small_trailer_cost", "movement_bonus", "telegram_faces", "largest_army_points",
    "longest_road_points", "settlement_points", "city_points", "bank_trade_rate", "harbour_trade_rate",
    "resource_harbour_rate", "robber_rolls", "highest_offer", "marker_cost", "red_die_points", "founding_settlements",
)


def _option_defaults(options) -> dict:
    return {f.name: f.default for f in dataclasses.fields(type(options))}


def format1_save(state, drop: tuple[str, ...] = ()) -> str:
    """The save ``state.to_json()`` would have been in save format 1 (the log as readable entries,
    no table of action fields), text for text: fingerprints recorded before format 2 stay comparable.
    ``drop``: keys left out of every log entry (records added to the log after a fingerprint was taken).
    Settings added since (:data:`OPTIONS_ADDED_SINCE`) are left out at their defaults."""
    data = json.loads(state.to_json())
    options = data["options"]
    for name, default in OPTIONS_ADDED_SINCE.items():
        if name in options and options[name] == default:
            del options[name]
    defaults = json.loads(json.dumps(_option_defaults(state.options)))
    for name in PRINTED_ADDED_SINCE:
        if name in options and options[name] == defaults[name]:
            del options[name]
    log = [{k: v for k, v in entry.items() if k not in drop} for entry in state.log] if drop else state.log
    data.update(format=1, log=log)
    del data["actions"]
    return json.dumps(data, sort_keys=True)


PREFIXES = "itc|catan|factories|solcher|seafarers|trade-feud|pig|protocol|dice|transport|auf-achse"
#: A rule label anywhere inside a string: a known prefix, then lowercase words joined by hyphens.
LABEL = re.compile(rf"(?<![\w.-])((?:{PREFIXES})-[a-z0-9]+(?:-[a-z0-9]+)*)(?![\w-])")
_STRING_TOKENS = {tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}


def labels_in_source(source: str) -> list[tuple[str, int]]:
    """Every label in the string literals of Python source (single-, double- and triple-quoted,
    docstrings and f-strings alike), with its line; comments and code are not read."""
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in _STRING_TOKENS:
            found.extend((label, token.start[0]) for label in LABEL.findall(token.string))
    return found


def auction_ends(card: Any, limit: int, e: Fraction) -> tuple[dict[tuple[int, int], Fraction], Fraction]:
    """Auf Achse's auction of the worked example (Berlin–Trieste, four players; player 0 bids up to
    ``limit``, the others are the engine's bots bidding with probability ``e``): {(winner, offer):
    probability} and the mean coins used, by playing the engine's auction with its
    own bots (``bid_decision``) down every branch of their coins (independent of the samplers)."""
    from gamekit.auf_achse import Bid, ChooseContract, Pass
    from gamekit.auf_achse.bots import bid_decision
    from gamekit.auf_achse.examples import BERLIN_TRIESTE, auction_example

    class Coin:
        def __init__(self, heads):
            self.heads = heads

        def random(self):
            return 0.0 if self.heads else 1.0

    start = auction_example()
    start.apply(ChooseContract(0))
    ends: dict[tuple[int, int], Fraction] = {}
    coins = [Fraction(0)]

    def walk(state, chance):
        if state.auction is None:
            winner = next(p for p in range(4) if BERLIN_TRIESTE in state.hands[p] + state.loaded[p])
            price = start.cash[winner] - state.cash[winner]
            offer = next((k for k in range(1, 6) if card.cost(k) == price), 0)
            ends[winner, offer] = ends.get((winner, offer), 0) + chance
            return
        if state.current_player == 0:
            bids = [a for a in state.legal_actions() if isinstance(a, Bid) and a.offer <= limit]
            branches = [(bids[0] if bids else Pass(), 1)]
        else:
            yes, no = bid_decision(state, Coin(True), e), bid_decision(state, Coin(False), e)
            branches = [(yes, 1)] if yes == no else [(yes, e), (no, 1 - e)]
        for action, q in branches:
            after = state.clone()
            after.apply(action)
            coins[0] += chance * q * (len(branches) - 1)
            walk(after, chance * q)

    walk(start, Fraction(1))
    return ends, coins[0]
