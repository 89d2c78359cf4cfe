"""Chance as declared events: every random result an engine draws comes from one of these.

An event knows how to draw its result with the state's seeded generator (:meth:`Chance.sample`)
and, where it is small enough to list, its exact distribution (:meth:`Chance.distribution`, a
list of ``(result, Fraction)`` pairs summing to 1). Engines draw them with ``state.draw(event)``;
``state.outcomes(action)`` then lists what can happen when an action is played, each result with
its exact probability, and :mod:`gamekit.openspiel` turns them into explicit chance nodes.

>>> from gamekit.dice import d6
>>> event = roll(d6, "d6")
>>> event.count(), event.distribution()[0]
(6, (1, Fraction(1, 6)))
>>> pick([2, 0, 1], ["brick", "grain", "ore"], "stolen card").distribution()
[('brick', Fraction(2, 3)), ('ore', Fraction(1, 3))]
>>> shuffle([1, 2, 3], "deck").count(), shuffle(list(range(20)), "deck").listable()
(6, False)

The events' samplers consume the generator exactly as the engines did before chance was declared
(a die is one ``randbelow``, a shuffle is Fisher-Yates), so seeded games are unchanged.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

__all__ = [
    "Chance",
    "TooManyOutcomes",
    "LIST_LIMIT",
    "event",
    "roll",
    "dice",
    "pick",
    "choice",
    "shuffle",
    "known",
]

#: The largest number of outcomes an event (or an action's outcomes) is listed with.
LIST_LIMIT = 10_000


class TooManyOutcomes(ValueError):
    """The outcomes asked for are too many to list (a full shuffle, a fight of unbounded length);
    the message says how many there are and offers seeded samples instead."""


class Chance:
    """A random event: its name in the log (``what``), how to draw it, its exact distribution.

    ``sample(rng)`` draws a result with the seeded generator; ``distribution()`` lists every
    result with its exact probability (a :class:`~fractions.Fraction`), or raises
    :class:`TooManyOutcomes` when there are more than :data:`LIST_LIMIT` (``count()`` tells how
    many, ``None`` when they are unbounded). Results are JSON-ready values (numbers, strings,
    lists), as the log records them.
    """

    __slots__ = ("what", "sampler", "_distribution", "_count")

    def __init__(self, what: str, sample: Callable[[Any], Any],
                 distribution: Callable[[], list[tuple[Any, Fraction]]] | None = None,
                 count: int | None = None) -> None:
        if not isinstance(what, str) or not what:
            raise ValueError("a chance event needs a name (its 'what' in the log)")
        self.what = what
        #: the function drawing one result from a generator (what :meth:`sample` calls)
        self.sampler = sample
        self._distribution = distribution
        self._count = count

    def sample(self, rng: Any) -> Any:
        """One result, drawn with the seeded generator ``rng``."""
        return self.sampler(rng)

    @property
    def has_distribution(self) -> bool:
        """Whether the event was declared with its distribution (not a plain drawing function)."""
        return self._distribution is not None

    def count(self) -> int | None:
        """How many distinct results the event has (``None``: unbounded or not known)."""
        if self._count is None and self._distribution is not None:
            self._count = len(self._distribution())
        return self._count

    def listable(self, limit: int = LIST_LIMIT) -> bool:
        """Whether :meth:`distribution` can list the results (at most ``limit`` of them)."""
        n = self.count()
        return self._distribution is not None and n is not None and n <= limit

    def distribution(self, limit: int = LIST_LIMIT) -> list[tuple[Any, Fraction]]:
        """Every result with its exact probability, in a fixed order; the probabilities sum to 1."""
        n = self.count()
        if self._distribution is None or n is None:
            raise TooManyOutcomes(f"the results of {self.what!r} cannot be listed (they are unbounded); "
                                  "draw seeded samples instead (state.sample_outcomes)")
        if n > limit:
            raise TooManyOutcomes(f"{self.what!r} has {n:,} possible results, more than the {limit:,} listed; "
                                  "draw seeded samples instead (state.sample_outcomes)")
        return self._distribution()

    def probability(self, result: Any) -> Fraction:
        """The exact probability of one result (0 if it cannot happen)."""
        return sum((p for r, p in self.distribution() if r == result), Fraction(0))

    def __repr__(self) -> str:
        n = self.count()
        return f"<chance {self.what!r}: {'unbounded' if n is None else f'{n:,}'} results>"


def event(what: str, sample: Callable[[Any], Any], distribution: Sequence[tuple[Any, Fraction]] | Callable[[], Any] | None,
          count: int | None = None) -> Chance:
    """A chance event from a sampler and its distribution (a list of ``(result, probability)``
    pairs, or a function making it when first asked; ``None`` when it cannot be listed)."""
    if distribution is None or callable(distribution):
        return Chance(what, sample, distribution, count)
    table = list(distribution)
    return Chance(what, sample, lambda: table, len(table))


def roll(die: Any, what: str | None = None) -> Chance:
    """One roll of a :class:`gamekit.dice.Die` (its result, not its faces)."""
    name = what or die.name
    return Chance(name, die.roll, lambda: list(die.probabilities.items()), len(die.outcomes))


def dice(*dice_: Any, what: str, combine: Callable[[list[Any]], Any] | None = None) -> Chance:
    """Independent dice rolled in order: the list of their faces, or ``combine(faces)``."""
    rolls = [d.roll for d in dice_]

    def sample(rng: Any) -> Any:
        faces = [r(rng) for r in rolls]
        return combine(faces) if combine else faces

    def distribution() -> list[tuple[Any, Fraction]]:
        tables = [list(d.probabilities.items()) for d in dice_]
        out = []
        for combo in itertools.product(*tables):
            faces = [r for r, _ in combo]
            out.append((combine(faces) if combine else faces, math.prod((p for _, p in combo), start=Fraction(1))))
        return out

    return Chance(what, sample, distribution, math.prod(len(d.outcomes) for d in dice_))


def pick(counts: Sequence[int], labels: Sequence[Any], what: str) -> Chance:
    """One item drawn from a pile holding ``counts[i]`` copies of ``labels[i]``, each copy equally
    likely (a development card, a stolen resource card). One ``randbelow(total)`` call."""
    counts = list(counts)
    total = sum(counts)
    if total <= 0:
        raise ValueError(f"{what}: nothing to draw from")

    def sample(rng: Any) -> Any:
        ticket = rng.randbelow(total)
        for label, n in zip(labels, counts):
            if ticket < n:
                return label
            ticket -= n
        raise AssertionError("unreachable")  # pragma: no cover

    def distribution() -> list[tuple[Any, Fraction]]:  # made only when asked: a draw in play never asks
        return [(label, Fraction(n, total)) for label, n in zip(labels, counts) if n]

    return Chance(what, sample, distribution, sum(1 for n in counts if n))


def choice(items: Sequence[Any], what: str) -> Chance:
    """One of ``items``, each position equally likely (equal items add up)."""
    items = list(items)
    if not items:
        raise ValueError(f"{what}: nothing to choose from")
    n = len(items)

    def distribution() -> list[tuple[Any, Fraction]]:
        seen: dict[Any, int] = {}
        order = []
        for item in items:
            key = _key(item)
            if key not in seen:
                seen[key] = 0
                order.append(item)
            seen[key] += 1
        return [(item, Fraction(seen[_key(item)], n)) for item in order]

    return Chance(what, lambda rng: items[rng.randbelow(n)], distribution)


def shuffle(items: Sequence[Any], what: str) -> Chance:
    """``items`` in a uniformly random order (Fisher-Yates with the state's generator, the order
    ``Rng.shuffle`` gives). Its results are the distinct orders: ``n!`` over the repeats'
    factorials, listed only when they are few. ``.items`` keeps the items (an adapter may draw the
    order one position at a time)."""
    items = list(items)
    repeats = Counter(_key(x) for x in items)
    count = math.factorial(len(items))
    for k in repeats.values():
        count //= math.factorial(k)

    def sample(rng: Any) -> list[Any]:
        out = list(items)
        rng.shuffle(out)
        return out

    def distribution() -> list[tuple[Any, Fraction]]:
        orders = sorted({tuple(p) for p in itertools.permutations(items)}, key=lambda p: [_key(x) for x in p])
        return [(list(p), Fraction(1, count)) for p in orders]

    chance = _Shuffle(what, sample, distribution, count)
    chance.items = items
    return chance


class _Shuffle(Chance):
    __slots__ = ("items",)


def known(value: Any, what: str) -> Chance:
    """A result that is not random when drawn (a card whose place in a pile was fixed by an earlier
    shuffle): probability 1. Engines usually write it with ``state.reveal`` instead."""
    return Chance(what, lambda rng: value, lambda: [(value, Fraction(1))], 1)


def _key(item: Any) -> Any:
    """A hashable, orderable stand-in for a result (lists become tuples)."""
    if isinstance(item, list):
        return tuple(_key(x) for x in item)
    return item
