"""The auction of a public contract (page 4, rules ``auf-achse-auction-order``, ``auf-achse-chooser-matches``,
``auf-achse-offers``, ``auf-achse-payment``), as a small value the state holds.

The player who chose the contract (the *chooser*) only needs to match the best offer; every other
bidder must name a higher offer. Bidding goes round the table starting with the chooser's left
neighbour; a player who passes is out of this auction. It ends when nobody who is still in, except
the player holding the best offer, is left to act. Nobody bid: the chooser gets the contract free.

>>> a = Auction.start(chooser=0, contract=0, players=4)   # red chooses; yellow acts first
>>> a.turn
1
>>> a.pass_(1); a.bid(2, 2); a.bid(3, 3); a.bid(0, 3); a.pass_(2); a.bid(3, 4); a.pass_(0)
>>> a.finished, a.winner, a.offer
(True, 3, 4)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..validation import is_integer

__all__ = ["Auction", "HIGHEST_OFFER"]

#: Offers are numbered 1 to 5 on each contract card (rule ``auf-achse-offers``).
HIGHEST_OFFER = 5


@dataclass
class Auction:
    """The auction of one public contract in progress: who chose it, the best offer so far and who
    holds it, who has passed and who bids next (see this module for the rules)."""

    chooser: int
    contract: int
    players: int
    offer: int = 0  # the best offer named so far (0: none yet)
    leader: int | None = None  # who holds it; the chooser holds it on a tie
    passed: tuple[bool, ...] = ()
    turn: int | None = None  # who acts next; None when the auction is over

    @classmethod
    def start(cls, chooser: int, contract: int, players: int) -> Auction:
        """The chooser's left neighbour bids first (rule ``auf-achse-auction-order``)."""
        return cls(chooser, contract, players, 0, None, (False,) * players, (chooser + 1) % players)

    def minimum_offer(self, player: int) -> int:
        """The lowest offer ``player`` may name: the chooser may match, the others must raise
        (rule ``auf-achse-chooser-matches``)."""
        if player == self.chooser:
            return max(self.offer, 1)
        return self.offer + 1

    def bid(self, player: int, offer: int) -> None:
        self.offer = offer
        self.leader = player
        self._advance(player)

    def pass_(self, player: int) -> None:
        self.passed = tuple(p or i == player for i, p in enumerate(self.passed))
        self._advance(player)

    def _advance(self, after: int) -> None:
        for k in range(1, self.players + 1):
            p = (after + k) % self.players
            if p == self.chooser and self.leader is None:
                break  # everyone else passed without an offer: the chooser takes it free
            if not self.passed[p] and p != self.leader:
                self.turn = p
                return
        self.turn = None

    @property
    def finished(self) -> bool:
        return self.turn is None

    @property
    def winner(self) -> int:
        """The leader, or the chooser when nobody bid (rule ``auf-achse-payment``)."""
        return self.chooser if self.leader is None else self.leader

    @property
    def paid_offer(self) -> int:
        """The offer the winner pays for: 0 (nothing) when nobody bid (rule ``auf-achse-payment``)."""
        return 0 if self.leader is None else self.offer

    def to_data(self) -> dict[str, Any]:
        return {"chooser": self.chooser, "contract": self.contract, "offer": self.offer, "leader": self.leader,
                "passed": list(self.passed), "turn": self.turn}

    @classmethod
    def from_data(cls, data: dict[str, Any], players: int) -> Auction:
        chooser, contract, offer = data["chooser"], data["contract"], data["offer"]
        leader, passed, turn = data["leader"], data["passed"], data["turn"]
        if not all(is_integer(x) for x in (chooser, contract, offer)):
            raise ValueError("auction: chooser, contract and offer are whole numbers")
        if not 0 <= chooser < players or not 0 <= offer <= HIGHEST_OFFER:
            raise ValueError("auction: chooser or offer out of range")
        if not (isinstance(passed, list) and len(passed) == players and all(isinstance(p, bool) for p in passed)):
            raise ValueError(f"auction: passed is {players} true/false values")
        for who in (leader, turn):
            if who is not None and (not is_integer(who) or not 0 <= who < players):
                raise ValueError("auction: leader and turn are players or null")
        if (leader is None) != (offer == 0):
            raise ValueError("auction: a best offer needs a leader and a leader a best offer")
        if turn is None or passed[turn] or turn == leader or (leader is not None and passed[leader]):
            raise ValueError("auction: the player to act must be still in and not the leader")
        return cls(chooser, contract, players, offer, leader, tuple(passed), turn)
