"""Saving and restoring an ITC game (rule ``protocol-saving``): the state as JSON-ready data, and
its complete validation on the way back (a malformed save is refused whole)."""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Any

from ..validation import flag, integer, integers, listing, one_of, record
from .data import (
    CUSTOMS_ROUTE,
    GREY,
    LANE_ROUTE,
    LANES,
    PHASES,
    PLACE_INDEX,
    PLACES,
    UNDER_KINDS,
    card_table,
)
from .dice_turn import DICE_PAIRS, DIE_SIDES
from .options import ACTION_CARD_KINDS

if TYPE_CHECKING:
    from .state import ItcState

__all__ = ["state_to_data", "restore_into"]


def state_to_data(s: ItcState) -> dict[str, Any]:
    """The ITC part of a save (rule ``protocol-saving``): every pile, the board, goods, markers and the turn."""
    board = []
    for lane in range(LANES):
        for card in s.lanes[lane]:
            if card >= 0:
                board.append({"card": card, "lane": lane, "field": s.at_field[card],
                              "owner": s.owner[card], "under": s.under[card]})
    return {
        "phase": s.phase,
        "setup_step": s.setup_step,
        "first_setup": s.first_setup,
        "start_player": s.start_player,
        "turn": s.turn,
        "turn_count": s.turn_count,
        "scores": list(s.score),
        "hands": [list(h) for h in s.hands],
        "transport_deck": list(s.t_deck),
        "transport_discard": list(s.t_discard),
        "action_deck": list(s.a_deck),
        "action_discard": list(s.a_discard),
        "board": board,
        "goods": {PLACES[i]: list(row) for i, row in enumerate(s.goods)},
        "fresh": {PLACES[i]: list(row) for i, row in sorted(s.fresh.items())},
        "markers": {PLACES[i]: list(row) for i, row in enumerate(s.markers)},
        "stones": list(s.stones),
        "controller": s.controller,
        "goods_supply": s.goods_supply,
        "pending_grey": list(s.pending_grey),
        "chosen": list(s.chosen),
        "rolls": dict(s.rolls),
        "kept": s.kept,
        "points": {"transport": s.transport_points, "continent": s.continent_points, "leftover": s.leftover_points},
        "attacked": s.attacked,
        "played": list(s.played),
        "obliged": [list(x) for x in s.obliged],
        "could_free": [list(x) for x in s.could_free],
        "goal_reached": s.goal_reached,
    }


# -- restoring ---------------------------------------------------------------------------------


def restore_into(s: ItcState, data: Any) -> None:
    """Validate a saved ITC state completely and set it on ``s`` (a scratch state); ``ValueError``
    names what is wrong. Read in parts: the turn and the card piles, the board, the places (goods,
    markers, stones, the Mafia), the dice, points and cards of the turn, and the phase's needs."""
    record(data, "the ITC state", {
        "phase", "setup_step", "first_setup", "start_player", "turn", "turn_count", "scores", "hands",
        "transport_deck", "transport_discard", "action_deck", "action_discard", "board", "goods", "fresh",
        "markers", "stones", "controller", "goods_supply", "pending_grey", "chosen", "rolls", "kept", "points",
        "attacked", "played", "obliged", "could_free", "goal_reached",
    })
    _read_piles(s, data)
    placed = _read_board(s, data)
    _read_places(s, data, placed)
    _read_turn(s, data)
    _check_phase(s)


def _read_piles(s: ItcState, data: dict[str, Any]) -> None:
    """The phase, the setup, whose turn it is, the scores, the hands and the four piles."""
    n, opts = s.players, s.options
    s.cards = cards = card_table(opts)
    s.init_empty()
    s.phase = one_of(data["phase"], "phase", PHASES)
    s.setup_step = integer(data["setup_step"], "setup_step", 0, n * opts.setup_rounds)
    s.first_setup = integer(data["first_setup"], "first_setup", 0, n - 1)
    s.start_player = integer(data["start_player"], "start_player", 0, n - 1)
    s.turn = integer(data["turn"], "turn", 0, n - 1)
    s.turn_count = integer(data["turn_count"], "turn_count", 0)
    s.score = integers(data["scores"], "scores", n)
    hands = listing(data["hands"], "hands", n)
    s.hands = [integers(h, f"hands[{p}]", None, 0, cards.size - 1) for p, h in enumerate(hands)]
    s.t_deck = integers(data["transport_deck"], "transport_deck", None, 0, cards.n_transport - 1)
    s.t_discard = integers(data["transport_discard"], "transport_discard", None, 0, cards.n_transport - 1)
    s.a_deck = integers(data["action_deck"], "action_deck", None, cards.n_transport, cards.size - 1)
    s.a_discard = integers(data["action_discard"], "action_discard", None, cards.n_transport, cards.size - 1)


def _read_board(s: ItcState, data: dict[str, Any]) -> list[int]:
    """The cards on the lanes (each on one of its routes, one per field, neutral ones ownerless),
    with the cards under them; every card in one place. The cards on the board, those under included."""
    n, cards = s.players, s.cards
    placed: list[int] = []
    for i, entry in enumerate(listing(data["board"], "board")):
        record(entry, f"board entry {i}", ("card", "lane", "field", "owner", "under"))
        card = integer(entry["card"], "board card", 0, cards.n_transport - 1)
        lane = integer(entry["lane"], "board lane", 0, LANES - 1)
        field = integer(entry["field"], "board field", 0, len(s.lanes[lane]) - 1)
        owner = integer(entry["owner"], "board owner", -1, n - 1)
        under = integer(entry["under"], "board under", -1, cards.size - 1)
        if LANE_ROUTE[lane] not in cards.routes[card]:
            raise ValueError(f"card {card} lies on lane {lane}, which is not one of its routes")
        if (owner < 0) != cards.neutral[card]:
            raise ValueError(f"card {card}: neutral cards and only they have no owner")
        if under >= 0:
            if owner < 0 or cards.kind[under] not in UNDER_KINDS:
                raise ValueError(f"card {card} has an impossible card {under} under it")
            placed.append(under)
        if s.lanes[lane][field] >= 0:
            raise ValueError(f"two cards on lane {lane} field {field}")
        s.lanes[lane][field] = card
        s.at_lane[card], s.at_field[card], s.owner[card], s.under[card] = lane, field, owner, under
        s.on_route[owner if owner >= 0 else n][LANE_ROUTE[lane]] += 1
        if owner >= 0:
            insort(s.fleet[owner], card)
        placed.append(card)
    everywhere = [c for h in s.hands for c in h] + s.t_deck + s.t_discard + s.a_deck + s.a_discard + placed
    if sorted(everywhere) != list(range(cards.size)):
        raise ValueError("every card must be in exactly one place (deck, discard pile, hand or board)")
    for p, hand in enumerate(s.hands):
        if any(cards.neutral[c] for c in hand):
            raise ValueError(f"player {p} holds a neutral transport")
        if any(cards.kind[c] in CUSTOMS_ROUTE for c in hand):
            raise ValueError(f"player {p} holds a customs check (it takes effect when drawn)")

    return placed


def _per_place(value: Any, what: str, width: int, allow_missing: bool = False) -> dict[int, list[int]]:
    """A row of ``width`` counts for each place (``allow_missing``: for some places)."""
    if not isinstance(value, dict):
        raise ValueError(f"{what} must be an object by place")
    unknown = set(value) - set(PLACES)
    if unknown or (not allow_missing and set(value) != set(PLACES)):
        raise ValueError(f"{what} must name the places {list(PLACES)}")
    return {PLACE_INDEX[k]: integers(v, f"{what}[{k}]", width, 0) for k, v in value.items()}


def _read_places(s: ItcState, data: dict[str, Any], placed: list[int]) -> None:
    """The goods at each place (conserved, none above capacity; fresh ones among them), the
    markers and stones (conserved), the Mafia's controller and the goods waiting for the grey market."""
    n, opts, cards = s.players, s.options, s.cards
    goods = _per_place(data["goods"], "goods", 6)
    s.goods = [goods[i] for i in range(7)]
    s.fresh = _per_place(data["fresh"], "fresh", 6, allow_missing=True)
    for place, row in s.fresh.items():
        if any(f > g for f, g in zip(row, s.goods[place])):
            raise ValueError(f"more fresh goods than goods in {PLACES[place]}")
    for place in range(7):
        cap = opts.continent_capacity if place < 6 else opts.grey_market_capacity
        if max(s.goods[place]) > cap:
            raise ValueError(f"{PLACES[place]} holds more than {cap} cubes of one colour")
    markers = _per_place(data["markers"], "markers", n)
    s.markers = [markers[i] for i in range(7)]
    s.stones = integers(data["stones"], "stones", n, 0)
    s.controller = integer(data["controller"], "controller", -1, n - 1)
    s.goods_supply = integer(data["goods_supply"], "goods_supply", 0)
    s.pending_grey = integers(data["pending_grey"], "pending_grey", 6, 0)
    if s.goods_supply + sum(map(sum, s.goods)) != opts.goods_cubes:
        raise ValueError(f"goods cubes are not conserved: the supply and the places must hold {opts.goods_cubes}")
    for p in range(n):
        used = sum(s.markers[i][p] for i in range(7)) + sum(1 for c in placed if c < cards.n_transport and s.owner[c] == p)
        used += 1 if s.controller == p else 0
        if used + s.stones[p] != opts.stones_per_player:
            raise ValueError(f"player {p}'s stones are not conserved")
    for p in range(n):
        if s.markers[GREY][p] and p != s.controller:
            raise ValueError(f"player {p} has markers in the grey market without controlling the Mafia")


def _read_turn(s: ItcState, data: dict[str, Any]) -> None:
    """The dice chosen, rolled and kept, the points of the turn, the action cards played, the
    attack, the rows a player must free and the goal."""
    opts = s.options
    chosen = listing(data["chosen"], "chosen")
    s.chosen = tuple(chosen)
    if s.chosen and s.chosen not in DICE_PAIRS:
        raise ValueError(f"chosen dice {chosen!r} are not a pair of dice")
    rolls = data["rolls"]
    if not isinstance(rolls, dict) or set(rolls) != set(s.chosen):
        raise ValueError("rolls must give a result for each chosen die")
    s.rolls = {c: integer(v, f"rolls[{c}]", 1, DIE_SIDES[c]) for c, v in rolls.items()}
    kept = data["kept"]
    if kept != "" and kept not in s.chosen:
        raise ValueError(f"kept die {kept!r} was not rolled")
    s.kept = kept
    points = record(data["points"], "points", ("transport", "continent", "leftover"))
    s.transport_points = integer(points["transport"], "transport points", 0, 6)
    s.continent_points = integer(points["continent"], "continent points", 0, 8)
    s.leftover_points = integer(points["leftover"], "leftover points", 0, 6)
    s.attacked, s.goal_reached = flag(data["attacked"], "attacked"), flag(data["goal_reached"], "goal_reached")
    played = listing(data["played"], "played")
    if not all(k in ACTION_CARD_KINDS for k in played) or len(set(played)) != len(played):
        raise ValueError(f"played must list action card kinds once each, not {played!r}")
    s.played = list(played)
    obliged = []
    for entry in listing(data["obliged"], "obliged"):
        pair = listing(entry, "obliged row", 2)
        r = integer(pair[0], "obliged route", 0, 3)
        f = integer(pair[1], "obliged field", 0, opts.lane_lengths[r] - 1)
        obliged.append((r, f))
    s.obliged = obliged
    could_free = []
    for entry in listing(data["could_free"], "could_free"):
        pair = listing(entry, "could_free row", 2)
        row = (integer(pair[0], "could_free route", 0, 3), integer(pair[1], "could_free field", 0, 11))
        if row not in obliged or row in could_free:
            raise ValueError(f"could_free row {list(row)} is not an obliged row (or is named twice)")
        could_free.append(row)
    s.could_free = could_free


def _check_phase(s: ItcState) -> None:
    """What each phase needs: the setup before its last marker with no Mafia controller, dice in
    the keep and act phases, nothing of a turn outside it, the goal reached at the end."""
    n, opts, phase = s.players, s.options, s.phase
    if phase == "setup":
        if s.setup_step >= n * opts.setup_rounds or s.controller != -1:
            raise ValueError("a setup state must be before the last setup marker and have no Mafia controller")
    elif s.controller < 0:
        raise ValueError("after setup the Mafia has a controller")
    if phase in ("keep", "act") and not s.chosen:
        raise ValueError(f"phase {phase} needs two chosen dice")
    if phase == "act" and not s.kept:
        raise ValueError("phase act needs a kept die")
    if phase in ("setup", "draw", "choose", "over") and (s.chosen or s.transport_points or s.continent_points or s.leftover_points or s.played or s.attacked):
        raise ValueError(f"phase {phase} cannot have dice, points or played cards")
    if phase == "over" and not s.goal_reached:
        raise ValueError("a finished game must have reached the goal")
