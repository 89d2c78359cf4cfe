"""Malformed Catan saves (label protocol-saving): each part of the restore (the pieces, the cards,
the turn; the factories; the ships; Trade Feud's tokens and connection records) refuses a save that
is wrong there with InvalidSave naming what is wrong."""

from __future__ import annotations

import json

import pytest

import gamekit
from gamekit import InvalidSave
from gamekit.catan.playout import playout
from gamekit.catan.seafarers import SEAFARERS
from gamekit.rng import Rng

CATAN, FACTORIES = gamekit.game("catan"), gamekit.game("factories")
TRADE_FEUD = gamekit.game("trade-feud")


def played(game, seed: int, actions: int):
    state = game.new(players=4 if game is not TRADE_FEUD else 3, seed=seed)
    playout(state, Rng(seed), actions)
    return state


def refused(game, text: str, mutate, message: str) -> None:
    data = json.loads(text)
    mutate(data["state"])
    with pytest.raises(InvalidSave, match=message):
        game.from_data(data)


def put(key, value):
    return lambda s: s.__setitem__(key, value)


BASE_CASES = [
    # the pieces
    (put("node_owner", [0]), "node_owner must have"),
    (lambda s: s["node_owner"].__setitem__(3, True), r"node_owner\[3\] must be an integer, not True"),
    (lambda s: s["edge_owner"].__setitem__(0, 9), r"edge_owner\[0\] = 9 is outside -1..3"),
    # the cards
    (put("hands", [[0] * 5] * 3), "hands must have 4 entries"),
    (lambda s: s["hands"][2].__setitem__(1, -1), r"hands\[2\]\[1\] = -1 is outside 0..19"),
    (lambda s: s["bank"].__setitem__(0, s["bank"][0] + 1), "resource 0: bank plus hands must be 19"),
    (lambda s: s["dev_hands"].__setitem__(0, "none"), r"dev_hands\[0\] must be a list"),
    (put("dev_played", 0), "dev_played must be true or false, not 0"),
    (put("largest_army", 7), "largest_army = 7 is outside -1..3"),
    # the turn
    (put("phase", "lunch"), "phase must be one of"),
    (put("turn", 4), "turn = 4 is outside 0..3"),
    (put("resume", "later"), "resume must be one of"),
    (put("discards", [[0]]), r"discards\[0\] \(player, cards\) must have 2 entries"),
    (put("discards", [[0, 0]]), "cards to discard = 0 is outside 1..1000"),
    (put("winner", False), "winner must be an integer, not False"),
    (put("offer", [0, 1]), r"an offer \[from, to, give, get\] must have 4 entries"),
    (put("free_roads", 3), "free_roads = 3 is outside 0..2"),
    (put("robber", -1), "robber = -1 is outside 0..18"),
]


@pytest.mark.parametrize("mutate,message", BASE_CASES)
def test_a_malformed_base_save_is_refused_naming_the_fault(mutate, message):
    refused(CATAN, played(CATAN, 3, 300).to_json(), mutate, message)


def _factory_row(s):
    return s["factories"][0]


FACTORY_CASES = [
    (put("factories", {}), "factories must be a list"),
    (lambda s: _factory_row(s).__setitem__(2, 3), "rotation = 3 is outside 0..2"),
    (lambda s: _factory_row(s).__setitem__(4, 7), r"holes\[1\] = 7 is outside -1..6"),
    (lambda s: s["factories"].pop(), "every factory on the board needs its pegs"),
    (put("pegs_left", [[]]), "pegs_left must have 4 entries"),
    (put("blanks_left", [0, 0, 0, 99]), r"blanks_left\[3\] = 99 is outside"),
    (put("factories_built", True), "factories_built must be an integer, not True"),
]


@pytest.mark.parametrize("mutate,message", FACTORY_CASES)
def test_a_malformed_factories_save_is_refused_naming_the_fault(mutate, message):
    for seed in range(20):
        state = played(FACTORIES, seed, 400)
        if state.factories:
            break
    assert state.factories, "a seeded game with a factory by its 400th action"
    refused(FACTORIES, state.to_json(), mutate, message)


SEAFARERS_CASES = [
    (put("ship_moved", 1), "ship_moved must be true or false, not 1"),
    (put("new_ships", "16"), r"new_ships \(edges\) must be a list"),
    (put("new_ships", [-1]), r"new_ships\[0\] = -1 is outside"),
    (put("pirate", None), "pirate must be an integer, not None"),
]


@pytest.mark.parametrize("mutate,message", SEAFARERS_CASES)
def test_a_malformed_seafarers_save_is_refused_naming_the_fault(mutate, message):
    refused(SEAFARERS, played(SEAFARERS, 4, 300).to_json(), mutate, message)


def _connected_trade_feud():
    """A Trade Feud game (seeded random play) after its first trade connection."""
    for seed in range(40):
        state = TRADE_FEUD.new(players=3, seed=seed)
        rng = Rng(seed)
        while not state.is_over() and not state.connections:
            playout(state, rng, 1)
        if state.connections:
            return state
    raise AssertionError("no seeded game made a trade connection")


def _connection(s):
    return s["connections"][0]


TRADE_FEUD_CASES = [
    (lambda s: s["tokens"].__setitem__(0, s["tokens"][0] + 1), "the tokens .* must be one per settlement"),
    (put("connection_edges", [5, 5]), "connection_edges must be distinct edges, smallest first"),
    (put("connections", {}), "connections must be a list"),
    (lambda s: _connection(s).pop("token_moved"), r"connection 0's keys are wrong: missing \['token_moved'\]"),
    (lambda s: _connection(s).__setitem__("token_moved", "yes"), "connection 0's token_moved must be true or false"),
    (lambda s: _connection(s).__setitem__("winner", 9), "connection 0: the winner and the loser are its two players"),
    (lambda s: _connection(s).__setitem__("closer", True), "connection 0's closer must be an integer, not True"),
    (lambda s: _connection(s).__setitem__("at", -1), "connection 0's intersection = -1 is outside"),
    (lambda s: _connection(s).__setitem__("pieces", [1]), "connection 0's pieces must have 2 entries"),
    (lambda s: _connection(s).__setitem__("returned", list(_connection(s)["edges"])),
     "connection 0: its edges are connection edges, none of them sent back"),
    (put("quiet_turns", "many"), "quiet_turns must be an integer"),
]


@pytest.mark.parametrize("mutate,message", TRADE_FEUD_CASES)
def test_a_malformed_trade_feud_save_is_refused_naming_the_fault(mutate, message):
    """Rule trade-feud-connection: a connection record is two players, the intersection where they
    met, the winner and loser among them, their pieces, the connection's edges and the returned ones
    (before this check any object passed)."""
    refused(TRADE_FEUD, _connected_trade_feud().to_json(), mutate, message)


def test_the_player_trades_setting_round_trips_and_a_save_with_an_offer_needs_it():
    """catan-player-trade (setting player_trades): a save keeps the setting off, the restored game lists
    no offers between players; a saved offer in a game without trades between players is refused."""
    for game in (CATAN, FACTORIES):
        state = game.new(players=4, seed=3, player_trades=False)
        playout(state, Rng(3), 300)
        restored = game.from_json(state.to_json())
        assert restored.options.player_trades is False and restored.to_json() == state.to_json()
        assert restored.legal_actions() == state.legal_actions()
        assert not any(type(a).__name__ == "OfferTrade" for a in restored.legal_actions())
    on = played(CATAN, 3, 300)
    assert on.options.player_trades is True
    assert CATAN.from_json(on.to_json()).options.player_trades is True
    trading = next(s for s in (played(CATAN, seed, a) for seed in range(10) for a in range(60, 400, 7))
                   if s.phase == "trade")
    data = json.loads(trading.to_json())
    assert CATAN.from_data(data).phase == "trade"
    data["options"]["player_trades"] = False
    with pytest.raises(InvalidSave, match="an offer between players needs the setting player_trades"):
        CATAN.from_data(data)
