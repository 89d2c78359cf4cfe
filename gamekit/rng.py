"""The seeded random generator that every game state owns.

Every random event in gamekit (a die roll, a shuffle, a card drawn) comes from an :class:`Rng`
held by the state, never from a module-level generator. The generator is PCG32
(O'Neill, "PCG: A Family of Simple Fast Space-Efficient Statistically Good Algorithms for Random
Number Generation", 2014; generator ``pcg32``, XSH RR output on a 64-bit LCG), written with plain
Python integers so that it gives the same numbers, bit for bit, on CPython and on Pyodide in the
reader's browser. Its whole state is two integers, which a saved game stores as decimal strings
(JavaScript numbers cannot hold 64-bit integers).

Bounded integers use rejection sampling, so every face of a die is exactly equally likely.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

from .validation import is_integer

__all__ = ["Rng"]

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1
_MULTIPLIER = 6364136223846793005
_DEFAULT_STREAM = 54
#: A 32-bit word times this is the word written twice (``w << 32 | w``): shifted right by ``rot``
#: and cut to 32 bits, that is the word rotated right by ``rot`` (PCG32's XSH RR output), in three
#: integer operations instead of six.
_TWICE = (1 << 32) + 1


class Rng:
    """A small, exactly reproducible random generator (PCG32).

    >>> rng = Rng(42)
    >>> [rng.randbelow(6) + 1 for _ in range(5)]
    [4, 4, 3, 2, 2]
    """

    __slots__ = ("_state", "_inc")

    def __init__(self, seed: int = 0, stream: int = _DEFAULT_STREAM) -> None:
        if not is_integer(seed):
            raise TypeError(f"a seed is an integer, not {seed!r}")
        if not is_integer(stream):
            raise TypeError(f"a stream is an integer, not {stream!r}")
        # pcg32_srandom_r from the reference implementation.
        self._state = 0
        self._inc = ((stream << 1) | 1) & _MASK64
        self.next_u32()
        self._state = (self._state + (seed & _MASK64)) & _MASK64
        self.next_u32()

    # -- the generator ---------------------------------------------------------------------
    def next_u32(self) -> int:
        """The next raw 32-bit output."""
        old = self._state
        self._state = (old * _MULTIPLIER + self._inc) & _MASK64
        return ((((old >> 18) ^ old) >> 27) & _MASK32) * _TWICE >> (old >> 59) & _MASK32

    def randbelow(self, n: int) -> int:
        """A uniformly distributed integer in ``range(n)``, exactly (no modulo bias)."""
        if n <= 0:
            raise ValueError(f"randbelow needs a positive bound, not {n}")
        if n == 1:
            return 0
        if n <= 1 << 32:
            threshold = (1 << 32) % n  # outputs below this would bias the result
            # next_u32, written out here (the engine draws through this loop: one call less per draw)
            old, inc = self._state, self._inc
            while True:
                r = ((((old >> 18) ^ old) >> 27) & _MASK32) * _TWICE >> (old >> 59) & _MASK32
                old = (old * _MULTIPLIER + inc) & _MASK64
                if r >= threshold:
                    self._state = old
                    return r % n
        # Wider bounds: draw enough 32-bit words, reject the biased top.
        words = (n.bit_length() + 31) // 32
        span = 1 << (32 * words)
        limit = span - span % n
        while True:
            r = 0
            for _ in range(words):
                r = (r << 32) | self.next_u32()
            if r < limit:
                return r % n

    # -- conveniences built on randbelow ------------------------------------------------------
    def roll(self, sides: int) -> int:
        """One roll of a fair die with faces ``1..sides``."""
        return self.randbelow(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        """One item of a non-empty sequence, each equally likely."""
        if not items:
            raise ValueError("choice from an empty sequence")
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        high = self.next_u32() >> 5
        low = self.next_u32() >> 6
        return (high * 67108864 + low) / 9007199254740992

    # -- saving and restoring -------------------------------------------------------------
    @property
    def words(self) -> tuple[int, int]:
        """The generator's whole state as its two 64-bit words (state, increment): two generators
        with the same words draw the same numbers."""
        return self._state, self._inc

    def getstate(self) -> list[str]:
        """The generator's state as two decimal strings (safe in JSON and JavaScript)."""
        return [str(self._state), str(self._inc)]

    @classmethod
    def fromstate(cls, state: Sequence[Any]) -> Rng:
        """A generator restored from :meth:`getstate`; a malformed state raises ``ValueError``."""
        if not isinstance(state, (list, tuple)) or len(state) != 2:
            raise ValueError(f"a generator state is a list of two integers, not {state!r}")
        try:
            s, inc = (int(x) for x in state)
        except (TypeError, ValueError):
            raise ValueError(f"a generator state is a list of two integers, not {state!r}") from None
        if not (0 <= s <= _MASK64 and 0 <= inc <= _MASK64 and inc & 1):
            raise ValueError(f"not a PCG32 state: {state!r}")
        rng = cls.__new__(cls)
        rng._state, rng._inc = s, inc
        return rng

    def clone(self) -> Rng:
        """An independent copy that will produce the same numbers."""
        rng = Rng.__new__(Rng)
        rng._state, rng._inc = self._state, self._inc
        return rng

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and (self._state, self._inc) == (other._state, other._inc)

    def __hash__(self) -> int:
        return hash((self._state, self._inc))

    def __repr__(self) -> str:
        return f"Rng.fromstate({self.getstate()!r})"
