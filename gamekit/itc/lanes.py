"""The lanes of ITC's four routes: where transports stand and how they move (rules
``itc-transport-points``, ``itc-express``, ``itc-full-rows``, ``itc-neutral-transports``).

:class:`LaneRules` is part of :class:`gamekit.itc.state.ItcState`; it holds the board's rules in one
place, and :meth:`LaneRules.one_point_steps` is the only definition of a transport's move, used by the legal
actions, the checks, the full-row obligation and the neutral transports alike.
"""

from __future__ import annotations

from bisect import insort

from .data import LANE_ROUTE, LANES, ROUTE_LANES

__all__ = ["LaneRules"]


class LaneRules:
    """The board's rules, mixed into the ITC state (which holds ``lanes``, ``at_lane``, ``at_field``,
    ``owner``, ``under``, ``on_route``, ``fleet``, ``stones`` and the cards)."""

    def row_full(self, route: int, field: int) -> bool:
        """Whether every lane of ``route`` (0-3) holds a card on ``field`` (rule ``itc-full-rows``)."""
        lanes = self.lanes
        for lane in ROUTE_LANES[route]:
            if lanes[lane][field] < 0:
                return False
        return True

    _row_full = row_full

    def _has_transport_point(self, express: bool = False) -> bool:
        """Rules ``itc-transport-points`` and ``itc-express``: a point to place or move a transport
        is left: a blue point, or a red leftover point (``itc-red-die``), which never moves an
        Express transport (``express``)."""
        return self.transport_points > 0 if express else (self.transport_points > 0 or self.leftover_points > 0)

    def route_has_room(self, owner: int, route: int) -> bool:
        """Rule ``itc-transport-points`` (setting ``transport_limit_per_route``): ``owner`` (a player,
        or ``players`` for the neutral transports, which count as one owner) has fewer transports
        on ``route`` than the limit, so one more may be placed there."""
        return self.on_route[owner][route] < self.options.transport_limit_per_route

    def is_express(self, card: int) -> bool:
        """Rule ``itc-express``: the transport ``card`` has an Express card under it."""
        u = self.under[card]
        return u >= 0 and self.cards.kind[u] == "express"

    def one_point_steps(self, card: int, diagonal: bool) -> tuple[int, ...]:
        """Rule ``itc-transport-points``, the one place that says where a transport on the board
        can go with one point: the lanes whose next field up it may take. Its own lane when the
        field ahead is free; otherwise, with ``diagonal``, each neighbouring lane of its route
        whose field ahead is free (left one first). None on the top field (it can only leave the
        route) or when blocked. An Express transport may also jump to the top field (rule
        ``itc-express``, :meth:`_express_free`)."""
        lane, field = self.at_lane[card], self.at_field[card]
        lanes = self.lanes
        col = lanes[lane]
        if field == len(col) - 1:
            return ()
        if col[field + 1] < 0:
            return (lane,)
        if not diagonal:
            return ()
        route_lanes = ROUTE_LANES[LANE_ROUTE[lane]]
        return tuple(nl for nl in (lane - 1, lane + 1) if nl in route_lanes and lanes[nl][field + 1] < 0)

    def _express_free(self, card: int) -> bool:
        """Rule ``itc-express``: an Express transport below the top field may jump to the top
        field of its lane when that field is free."""
        col = self.lanes[self.at_lane[card]]
        return self.is_express(card) and self.at_field[card] < len(col) - 1 and col[-1] < 0

    def _card_can_move(self, card: int) -> bool:
        """Whether a transport point now could move ``card`` one step (up, diagonal, off the top,
        or an Express move). Used for the obligation of rule ``itc-full-rows``."""
        if not self._has_transport_point(self.is_express(card)):
            return False
        col = self.lanes[self.at_lane[card]]
        if self.at_field[card] == len(col) - 1:
            return True  # it can leave the route
        return bool(self.one_point_steps(card, self.options.diagonal_moves)) or self._express_free(card)

    def _note_possible_moves(self) -> None:
        """Rule ``itc-full-rows``: remember each obliged row that is full and holds a card of the
        active player that a point they hold now could move ("besteht ... die Möglichkeit"). Called
        after every step of the turn, so any moment at which the move was possible counts."""
        p = self.turn
        for row in self.obliged:
            if row in self.could_free or not self._row_full(*row):
                continue
            route, field = row
            for lane in ROUTE_LANES[route]:
                card = self.lanes[lane][field]
                if self.owner[card] == p and self._card_can_move(card):
                    self.could_free.append(row)
                    break

    def _forced_move_pending(self) -> bool:
        """Rule ``itc-full-rows``: a full row that obliged the player still holds one of their
        cards that they could move with a point they still have."""
        p = self.turn
        for route, field in self.obliged:
            if not self._row_full(route, field):
                continue
            for lane in ROUTE_LANES[route]:
                card = self.lanes[lane][field]
                if self.owner[card] == p and self._card_can_move(card):
                    return True
        return False

    def _obliged_rows(self) -> list[tuple[int, int]]:
        """Rule ``itc-full-rows``: the full rows that hold a card of the active player now."""
        out: list[tuple[int, int]] = []
        lanes = self.lanes
        for card in self.fleet[self.turn]:
            route = LANE_ROUTE[self.at_lane[card]]
            field = self.at_field[card]
            row = (route, field)
            if row in out:
                continue
            for lane in ROUTE_LANES[route]:
                if lanes[lane][field] < 0:
                    break
            else:
                out.append(row)
        out.sort()
        return out

    def move_neutrals(self) -> None:
        """Rule ``itc-neutral-transports``: every neutral transport on the board moves one field
        forward (top ones first); diagonally (right, else left) only when the field ahead is
        blocked; from the top field it leaves the route and arrives. The turn does this when the
        red die draws a neutral transport; a test of the rule may call it on a position set by hand."""
        lanes = self.lanes
        on_board = []
        for lane in range(LANES):
            for field, card in enumerate(lanes[lane]):
                if card >= 0 and self.owner[card] < 0:
                    on_board.append((-field, -lane, card))
        on_board.sort()
        for _, _, card in on_board:
            lane, field = self.at_lane[card], self.at_field[card]
            col = lanes[lane]
            if field == len(col) - 1:
                self._arrive(card, self.cards.destination[card])
                continue
            steps = self.one_point_steps(card, diagonal=True)
            target = max(steps) if steps else -1  # up, else diagonally, to the right first
            if target >= 0:
                self._step_to(card, target)

    def place_neutral(self, card: int) -> None:
        """Rule ``itc-neutral-transports``: place a new neutral transport on the bottom field as far
        right as its colours allow; if it cannot be placed it lapses and its goods go to the grey
        market at the end of the turn. The turn does this for each neutral transport the red die
        draws; a test of the rule may call it on a position set by hand."""
        best = -1
        for r in self.cards.routes[card]:
            if not self.route_has_room(self.players, r):
                continue
            for lane in ROUTE_LANES[r]:
                if self.lanes[lane][0] < 0 and lane > best:
                    best = lane
        if best < 0:
            for g in self.cards.goods[card]:
                self.pending_grey[g] += 1
            self.t_discard.append(card)
            return
        self._put_on_board(card, best, -1, -1)

    def put_by_hand(self, card: int, lane: int, owner: int) -> None:
        """Put transport card ``card`` from the transport deck on the bottom field of ``lane`` for
        ``owner`` (with one of the owner's stones; -1: a neutral transport), as a figure, a lesson or a
        test sets up a position by hand, and say so (:meth:`~gamekit.core.State.changed`). Raises
        ``ValueError`` for a card not in the deck, a taken field or an owner without a stone."""
        if card not in self.t_deck:
            raise ValueError(f"transport card {card} is not in the transport deck")
        if self.lanes[lane][0] >= 0:
            raise ValueError(f"the bottom field of lane {lane} is taken")
        if owner >= 0 and self.stones[owner] <= 0:
            raise ValueError(f"player {owner} has no stone left")
        self.t_deck.remove(card)
        self._put_on_board(card, lane, owner, -1)
        if owner >= 0:
            self.stones[owner] -= 1
        self.changed()

    def _put_on_board(self, card: int, lane: int, owner: int, under: int) -> None:
        self.lanes[lane][0] = card
        self.at_lane[card], self.at_field[card] = lane, 0
        self.owner[card], self.under[card] = owner, under
        if owner >= 0:
            self.on_route[owner][LANE_ROUTE[lane]] += 1
            insort(self.fleet[owner], card)
        else:
            self.on_route[self.players][LANE_ROUTE[lane]] += 1

    def take_off_by_hand(self, card: int) -> None:
        """Take ``card`` off the board into the transport discard pile (its under card discarded,
        its owner's stone home, as rule ``itc-arrival`` takes a card off), as a figure, a lesson or a
        test clears a position by hand, and say so (:meth:`~gamekit.core.State.changed`). Raises
        ``ValueError`` for a card not on the board."""
        if not 0 <= card < len(self.at_lane) or self.at_lane[card] < 0:
            raise ValueError(f"card {card} is not on the board")
        self._take_off_board(card)
        self.changed()

    def _take_off_board(self, card: int) -> tuple[int, int]:
        """Remove a card from the board; returns (route, owner). Its under card is discarded and
        its owner's stone goes home."""
        lane = self.at_lane[card]
        owner = self.owner[card]
        route = LANE_ROUTE[lane]
        self.lanes[lane][self.at_field[card]] = -1
        self.at_lane[card] = self.at_field[card] = -1
        self.on_route[owner if owner >= 0 else self.players][route] -= 1
        u = self.under[card]
        if u >= 0:
            self.a_discard.append(u)
        self.under[card] = -1
        self.owner[card] = -1
        if owner >= 0:
            self.stones[owner] += 1
            self.fleet[owner].remove(card)
        self.t_discard.append(card)
        return route, owner

    def _step_to(self, card: int, target: int) -> None:
        """Move ``card`` one field up into lane ``target`` (one of :meth:`one_point_steps`)."""
        lane, field = self.at_lane[card], self.at_field[card]
        self.lanes[lane][field] = -1
        self.lanes[target][field + 1] = card
        self.at_lane[card], self.at_field[card] = target, field + 1
