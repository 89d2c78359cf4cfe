"""The actions of Transportspelet: small frozen values with a readable text.

A turn (rule ``transport-turn``): first *plan* (start every card that can start with :class:`Dispatch`,
take a :class:`Borrow` if money is short, give a waiting transport its next leg with :class:`Continue`
or let it :class:`Wait`), then :class:`Roll`; with two dice, :class:`Assign` them; a piece that reaches
a change-over city during its move stops for a :class:`Continue` (the rest of its steps go on in the
new leg, rule ``transport-mode-change``). A player with no transport that can run, even after a loan,
does :class:`Pass`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Dispatch", "Continue", "Wait", "Borrow", "Roll", "Assign", "Pass", "ACTION_TYPES"]


@dataclass(frozen=True)
class Dispatch:
    """Start the transport of ``card`` with ``vehicle`` towards ``stop`` (its destination or a city
    where the mode may change), paying the freight and, if ``insure``, the premium (rules
    ``transport-choosing``, ``transport-insurance``)."""

    card: int
    vehicle: str
    stop: str
    insure: bool = False

    def __str__(self) -> str:
        return f"dispatch card {self.card} by {self.vehicle} to {self.stop}" + (", insured" if self.insure else "")


@dataclass(frozen=True)
class Continue:
    """In a city where a leg ended: the next leg of ``card`` by ``vehicle`` to ``stop``, paying its
    freight (rule ``transport-mode-change``)."""

    card: int
    vehicle: str
    stop: str

    def __str__(self) -> str:
        return f"card {self.card} on by {self.vehicle} to {self.stop}"


@dataclass(frozen=True)
class Wait:
    """Leave the transport of ``card`` in its city for now, when no next leg can be paid (rule
    ``transport-turn``)."""

    card: int

    def __str__(self) -> str:
        return f"card {self.card} waits"


@dataclass(frozen=True)
class Borrow:
    """Borrow ``amount`` from the bank (rule ``transport-loans``)."""

    amount: int

    def __str__(self) -> str:
        return f"borrow {self.amount:,}"


@dataclass(frozen=True)
class Roll:
    """Roll the dice: one for each transport that runs (rule ``transport-dice``)."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True)
class Assign:
    """Give the rolled dice to the two transports: ``first_card`` gets ``first_die`` and moves first,
    the other card gets ``second_die`` (rule ``transport-dice``)."""

    first_card: int
    first_die: int
    second_die: int

    def __str__(self) -> str:
        return f"card {self.first_card} moves first with the {self.first_die}, the other card with the {self.second_die}"


@dataclass(frozen=True)
class Pass:
    """End the turn with no roll: no transport runs, and none can start or go on even with a loan
    (rule ``transport-restriction``, assumption "pass"). A broke player passing gives up the cargoes
    whose pieces wait in a city (setting ``stranded_cargo``)."""

    def __str__(self) -> str:
        return "pass"


#: Every kind of Transportspelet action (the log's action types, for saving and loading).
ACTION_TYPES = (Dispatch, Continue, Wait, Borrow, Roll, Assign, Pass)


def action_space(state: Any) -> dict[type, list[Any]]:
    """Every Transportspelet action with fields, for OpenSpiel (declared on the game; see
    :mod:`gamekit.openspiel`): dispatch: card (1-50) x vehicle (ship, train, car, plane) x stop (the
    map's cities) x insured (no, yes); continue: card x vehicle x stop; wait by card (0-50); borrow
    by amount (one loan unit up to the loan limit, in units); assign: first card x first die 1-6 x
    second die 1-6."""
    from ..core import every
    from .data import CARDS, CITIES, MODES

    cards = [c.id for c in CARDS]
    o = state.options
    return {
        Dispatch: every(Dispatch, cards, MODES, CITIES, (False, True)),
        Continue: every(Continue, cards, MODES, CITIES),
        Wait: every(Wait, [0] + cards),
        Borrow: every(Borrow, range(o.loan_unit, o.loan_limit + 1, o.loan_unit)),
        Assign: every(Assign, cards, range(1, 7), range(1, 7)),
    }
