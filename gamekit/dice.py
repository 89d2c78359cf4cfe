"""The dice of the five games, with exact distributions and seeded rolls.

A :class:`Die` is an immutable random outcome with an exact distribution (``fractions.Fraction``):
a single die, or a combination the games need, built from dice:

>>> from gamekit.dice import d6, d8
>>> (d6 + d6)[7]                       # 2d6 shows 7
Fraction(1, 6)
>>> (2 @ d6) == d6 + d6
True
>>> d6.highest_of(2).probability(6)    # the higher of two d6 is a 6
Fraction(11, 36)
>>> d6.beats(d8)                       # a d6 against a d8, ties rolled again
Fraction(5, 14)

Rolls are exact and reproducible: :meth:`Die.roll` draws with a :class:`gamekit.rng.Rng` (the
generator a game state owns), rolling the physical dice one by one; :meth:`Die.sample` draws many
results at once with numpy for Monte Carlo work (numpy is imported only there).

The dice of the games (book label ``dice``):

* :data:`blue_die`, :data:`red_die` (d6) and :data:`green_die` (an eight-sided die) of ITC;
* :data:`two_d6` (the sum of two d6) for Catan production, and :data:`white_die` / :data:`red_production_die`;
* :data:`colour_die` of the factories variant (six colours);
* :data:`d6` for Auf Achse, Transportspelet and the factory investment.
"""

from __future__ import annotations

import math
import sys
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import accumulate
from typing import Any

from .rng import Rng
from .validation import is_integer

__all__ = [
    "Die",
    "d6",
    "d8",
    "blue_die",
    "green_die",
    "red_die",
    "two_d6",
    "white_die",
    "red_production_die",
    "colour_die",
    "COLOURS",
    "named_dice",
]

Outcome = Hashable


class Die:
    """A random outcome with an exact probability for each result.

    Make one with :meth:`uniform` (a fair die) or from weights (``Die({"hit": 1, "miss": 2})``);
    combine dice with ``+``, ``n @ die``, :meth:`highest_of`, :meth:`compare` and :meth:`map`.
    A die is immutable and hashable; two dice are equal when their distributions are equal.

    Inside, a die is its results and whole-number weights over one common denominator (the
    weights have no common factor); probabilities become ``Fraction`` only when read
    (:attr:`probabilities`, :meth:`probability`, :meth:`table`). Sums of whole-number dice
    multiply the weights as polynomials packed into one big integer (Kronecker substitution), so
    ``10 @ d6`` is a single integer power.

    >>> Die({"hit": 2, "miss": 4}).weights     # reduced: hit 1 in 3
    (('hit', 1), ('miss', 2))
    """

    __slots__ = ("_outcomes", "_weights", "_denominator", "_cumulative", "name", "_recipe", "_index")

    def __init__(self, weights: Mapping[Outcome, int | Fraction], name: str = "", *, _recipe: tuple | None = None):
        items = [(o, w) for o, w in weights.items() if w]
        if not items:
            raise ValueError("a die needs at least one outcome with positive weight")
        if any(w < 0 for _, w in items):
            raise ValueError("weights cannot be negative")
        if not all(type(w) is int for _, w in items):  # Fractions (or other rationals): one common denominator
            fractions = [Fraction(w) for _, w in items]
            common = math.lcm(*(f.denominator for f in fractions))
            items = [(o, f.numerator * (common // f.denominator)) for (o, _), f in zip(items, fractions)]
        if _numeric(o for o, _ in items):
            items.sort(key=lambda ow: ow[0])  # numbers smallest first; other results in the order given
        self._set([o for o, _ in items], [w for _, w in items], name, _recipe)

    def _set(self, outcomes: Sequence[Outcome], weights: Sequence[int], name: str, recipe: tuple | None) -> None:
        common = math.gcd(*weights)
        if common != 1:
            weights = [w // common for w in weights]
        self._outcomes = tuple(outcomes)
        self._weights = tuple(weights)
        self._cumulative = tuple(accumulate(weights))
        self._denominator = self._cumulative[-1]
        self.name = name
        self._recipe = recipe
        self._index = None

    @classmethod
    def _from_weights(cls, outcomes: Sequence[Outcome], weights: Sequence[int], name: str,
                      recipe: tuple | None = None) -> Die:
        """A die from results already in order and positive whole-number weights (no checks)."""
        die = cls.__new__(cls)
        die._set(outcomes, weights, name, recipe)
        return die

    @classmethod
    def _from_dense(cls, offset: int, dense: Sequence[int], name: str, recipe: tuple | None = None) -> Die:
        """A die whose result ``offset + i`` has weight ``dense[i]`` (zero weights dropped)."""
        if all(dense):
            return cls._from_weights(range(offset, offset + len(dense)), dense, name, recipe)
        kept = [(offset + i, w) for i, w in enumerate(dense) if w]
        return cls._from_weights([o for o, _ in kept], [w for _, w in kept], name, recipe)

    # -- construction ----------------------------------------------------------------------
    @classmethod
    def uniform(cls, faces: int | Sequence[Outcome], name: str = "") -> Die:
        """A fair die: ``uniform(6)`` has faces 1-6; ``uniform(["red", "blue"])`` the given faces."""
        if isinstance(faces, int):
            if faces < 1:
                raise ValueError("a die needs at least one face")
            faces = range(1, faces + 1)
        faces = list(faces)
        if len(set(faces)) != len(faces):
            raise ValueError("a fair die's faces must differ (use weights for repeated faces)")
        recipe = ("faces", tuple(faces))  # a roll picks among the faces in the order given
        if _numeric(faces):
            faces = sorted(faces)
        return cls._from_weights(faces, [1] * len(faces), name or f"d{len(faces)}", recipe)

    def named(self, name: str) -> Die:
        """The same die under another name (names show in pictures and widgets)."""
        return Die._from_weights(self._outcomes, self._weights, name, self._recipe)

    # -- reading the distribution ------------------------------------------------------------
    @property
    def outcomes(self) -> tuple[Outcome, ...]:
        """The possible results: numbers smallest first, other results in the order given."""
        return self._outcomes

    @property
    def weights(self) -> tuple[tuple[Outcome, int], ...]:
        """(result, whole-number weight) pairs; a result's probability is its weight over :attr:`denominator`."""
        return tuple(zip(self._outcomes, self._weights))

    @property
    def denominator(self) -> int:
        """The common denominator of the probabilities (the sum of the weights)."""
        return self._denominator

    @property
    def probabilities(self) -> dict[Outcome, Fraction]:
        """Result to exact probability."""
        den = self._denominator
        return {o: Fraction(w, den) for o, w in zip(self._outcomes, self._weights)}

    def weight(self, outcome: Outcome) -> int:
        """The whole-number weight of one result: its probability is this over :attr:`denominator`
        (0 for a result the die cannot give)."""
        if self._index is None:
            self._index = dict(zip(self._outcomes, self._weights))
        try:
            return self._index.get(outcome, 0)
        except TypeError:  # an unhashable question has no weight
            return 0

    def probability(self, outcome_or_test: Outcome | Callable[[Any], bool]) -> Fraction:
        """The chance of one result, or of every result for which a test returns true."""
        if callable(outcome_or_test):
            hits = sum(w for o, w in zip(self._outcomes, self._weights) if outcome_or_test(o))
        else:
            hits = self.weight(outcome_or_test)
        return Fraction(hits, self._denominator)

    def __getitem__(self, outcome: Outcome) -> Fraction:
        return self.probability(outcome)

    def __len__(self) -> int:
        return len(self._outcomes)

    def __iter__(self):
        return iter(self._outcomes)

    def __bool__(self) -> bool:
        raise TypeError("a die has no truth value; compare its probabilities instead")

    def mean(self) -> Fraction:
        """The exact expected value (numeric results only; others raise ``TypeError``)."""
        if not self.is_numeric():
            raise TypeError(f"{self.name} has results that are not numbers; it has no mean")
        return Fraction(sum(o * w for o, w in zip(self._outcomes, self._weights)), self._denominator)

    def is_numeric(self) -> bool:
        """Whether every result is a number (then mean and variance exist)."""
        return _numeric(self._outcomes)

    def variance(self) -> Fraction:
        m = self.mean()
        second = Fraction(sum(o * o * w for o, w in zip(self._outcomes, self._weights)), self._denominator)
        return second - m * m

    # -- combinations -----------------------------------------------------------------------
    def _dense(self) -> tuple[int, list[int]] | None:
        """``(offset, weights)`` with the weight of result ``offset + i`` at ``i``, for whole-number
        results (``None`` otherwise: those dice combine result by result)."""
        outcomes = self._outcomes
        if not all(type(o) is int for o in outcomes):
            return None
        low = outcomes[0]
        if outcomes[-1] - low + 1 == len(outcomes):
            return low, list(self._weights)
        dense = [0] * (outcomes[-1] - low + 1)
        for o, w in zip(outcomes, self._weights):
            dense[o - low] = w
        return low, dense

    def map(self, function: Callable[[Any], Outcome], name: str = "") -> Die:
        """The die whose results are ``function(result)``."""
        weights: dict[Outcome, int] = {}
        for o, w in zip(self._outcomes, self._weights):
            key = function(o)
            weights[key] = weights.get(key, 0) + w
        return Die(weights, name or f"f({self.name})", _recipe=("map", self, function))

    def __add__(self, other: Die | int) -> Die:
        if is_integer(other):
            if _numeric(self._outcomes):
                return Die._from_weights([o + other for o in self._outcomes], self._weights, f"{self.name}+{other}",
                                         ("map", self, lambda o: o + other))
            return self.map(lambda o: o + other, f"{self.name}+{other}")
        if not isinstance(other, Die):
            return NotImplemented
        name, recipe = _sum_name([self, other]), ("sum", (self, other))
        a, b = self._dense(), other._dense()
        if a is not None and b is not None:
            bound = self._denominator * other._denominator
            return Die._from_dense(a[0] + b[0], _poly_product(a[1], b[1], bound), name, recipe)
        weights: dict[Outcome, int] = {}
        for x, wx in zip(self._outcomes, self._weights):
            for y, wy in zip(other._outcomes, other._weights):
                weights[x + y] = weights.get(x + y, 0) + wx * wy
        return Die(weights, name, _recipe=recipe)

    __radd__ = __add__

    def sum_of(self, n: int) -> Die:
        """The sum of ``n`` rolls of this die (``n @ die`` says the same)."""
        if not is_integer(n) or n < 1:
            raise ValueError("sum_of needs a positive number of dice")
        name = f"{n}{self.name}" if self.name.startswith("d") else f"{n}×{self.name}"
        recipe = ("sum", (self,) * n)
        dense = self._dense()
        if dense is not None:
            return Die._from_dense(dense[0] * n, _poly_power(dense[1], n, self._denominator**n), name, recipe)
        weights = dict(zip(self._outcomes, self._weights))
        for _ in range(n - 1):
            nxt: dict[Outcome, int] = {}
            for a, wa in weights.items():
                for b, wb in zip(self._outcomes, self._weights):
                    nxt[a + b] = nxt.get(a + b, 0) + wa * wb
            weights = nxt
        return Die(weights, name, _recipe=recipe)

    def __rmatmul__(self, n: int) -> Die:
        if not isinstance(n, int):
            return NotImplemented
        return self.sum_of(n)

    def highest_of(self, n: int) -> Die:
        """The highest result of ``n`` rolls of this die."""
        if not is_integer(n) or n < 1:
            raise ValueError("highest_of needs a positive number of dice")
        # P(max <= x) = F(x)^n, in whole numbers: cumulative weight to the n-th power over denominator^n
        powers = [c**n for c in self._cumulative]
        weights = [powers[0]] + [high - low for low, high in zip(powers, powers[1:])]
        return Die._from_weights(self._outcomes, weights, f"highest of {n}{self.name}", ("highest", (self,) * n))

    def compare(self, other: Die, reroll_ties: bool = True) -> Die:
        """One contest of this die against ``other``: results ``"win"``, ``"lose"`` (and ``"tie"``
        unless ties are rolled again, as in ITC's grey-market fight)."""
        win = lose = 0
        if _numeric(self._outcomes) and _numeric(other._outcomes):
            theirs, below, total = other._outcomes, (0,) + other._cumulative, other._denominator
            for a, wa in zip(self._outcomes, self._weights):
                win += wa * below[bisect_left(theirs, a)]
                lose += wa * (total - below[bisect_right(theirs, a)])
        else:
            for a, wa in zip(self._outcomes, self._weights):
                for b, wb in zip(other._outcomes, other._weights):
                    if a > b:
                        win += wa * wb
                    elif a < b:
                        lose += wa * wb
        outcomes, weights = ["win", "lose"], [win, lose]
        if not reroll_ties:
            outcomes.append("tie")
            weights.append(self._denominator * other._denominator - win - lose)
        elif win + lose == 0:
            raise ValueError("these dice always tie; ties cannot be rolled again")
        kept = [(o, w) for o, w in zip(outcomes, weights) if w]
        label = f"{self.name} vs {other.name}" + (", ties again" if reroll_ties else "")
        return Die._from_weights([o for o, _ in kept], [w for _, w in kept], label, ("compare", (self, other), reroll_ties))

    def beats(self, other: Die) -> Fraction:
        """The chance that this die shows more than ``other``, ties rolled again."""
        return self.compare(other, reroll_ties=True)["win"]

    # -- rolling ---------------------------------------------------------------------------
    def roll(self, rng: Rng) -> Any:
        """One result, drawn exactly with the seeded generator ``rng``."""
        recipe = self._recipe
        if recipe is not None and recipe[0] == "faces":  # a plain die, as in roll_detail, without the faces list
            faces = recipe[1]
            return faces[rng.randbelow(len(faces))]
        return self.roll_detail(rng)[0]

    def roll_detail(self, rng: Rng) -> tuple[Any, list[Any]]:
        """One result and the faces of the physical dice that made it (``(7, [3, 4])`` for 2d6)."""
        recipe = self._recipe
        if recipe is None:
            return self._draw(rng), []
        kind = recipe[0]
        if kind == "faces":
            face = recipe[1][rng.randbelow(len(recipe[1]))]
            return face, [face]
        if kind == "sum":
            details = [d.roll_detail(rng) for d in recipe[1]]
            return sum(r for r, _ in details), [f for _, fs in details for f in fs]
        if kind == "highest":
            details = [d.roll_detail(rng) for d in recipe[1]]
            return max(r for r, _ in details), [f for _, fs in details for f in fs]
        if kind == "map":
            result, faces = recipe[1].roll_detail(rng)
            return recipe[2](result), faces
        if kind == "compare":
            a, b = recipe[1]
            faces = []
            while True:
                ra, rb = a.roll(rng), b.roll(rng)
                faces.append((ra, rb))
                if ra > rb:
                    return "win", faces
                if ra < rb:
                    return "lose", faces
                if not recipe[2]:
                    return "tie", faces
        raise ValueError(f"unknown recipe {kind!r}")  # pragma: no cover - guarded by construction

    def roll_text(self, result: Any, faces: list[Any]) -> str:
        """A roll in words, as :meth:`roll_detail` gave it: ``"3 + 4 = 7"``, ``"highest of 5 and 3: 5"``,
        ``"2 : 2, then 5 : 3 → win"``."""
        kind = self._recipe[0] if self._recipe else None
        if kind == "map" and len(faces) == 1:
            return f"{faces[0]} → {result}"
        if kind == "map":
            kind = self._recipe[1]._recipe[0] if self._recipe[1]._recipe else None
        if kind == "sum" and len(faces) > 1:
            return f"{' + '.join(map(str, faces))} = {result}"
        if kind == "highest" and len(faces) > 1:
            return f"highest of {', '.join(map(str, faces[:-1]))} and {faces[-1]}: {result}"
        if kind == "compare":
            return ", then ".join(f"{a} : {b}" for a, b in faces) + f" → {result}"
        return str(result)

    def _is_uniform(self) -> bool:
        return self._denominator == len(self._outcomes)

    def draw(self, rng: Rng) -> Any:
        """One result drawn straight from the exact distribution with one call of ``rng`` (a
        :class:`gamekit.Rng`; no physical dice are rolled): the lessons' pure-Python samplers."""
        if self._is_uniform():
            return self._outcomes[rng.randbelow(len(self._outcomes))]
        ticket = rng.randbelow(self._denominator)
        return self._outcomes[bisect_right(self._cumulative, ticket)]

    _draw = draw

    def sample(self, size: int | tuple[int, ...], seed: Any = None, index: bool = False):
        """``size`` results drawn at once with numpy (a numpy array), for Monte Carlo work.

        ``seed`` is an int, a ``numpy.random.Generator`` or ``None`` (fresh entropy). Results come
        from the exact distribution; they are not the same numbers as :meth:`roll` draws. With
        ``index=True`` the array holds positions in :attr:`outcomes` instead of the results (small
        unsigned integers: much faster than an array of strings for a die like the colour die).
        """
        import numpy as np

        gen = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
        outcomes = self._outcomes
        ints = all(is_integer(o) for o in outcomes)
        if index:
            positions = np.arange(len(outcomes))
            if self._is_uniform():
                dtype = np.uint8 if len(outcomes) <= 1 << 8 else np.uint16 if len(outcomes) <= 1 << 16 else np.int64
                return gen.integers(0, len(outcomes), size=size, dtype=dtype)
            return Die(dict(zip(positions.tolist(), self._weights))).sample(size, gen)
        if self._is_uniform() and ints and outcomes == tuple(range(outcomes[0], outcomes[0] + len(outcomes))):
            return gen.integers(outcomes[0], outcomes[-1] + 1, size=size, dtype=np.int64)
        if ints:
            values = np.array(outcomes, dtype=np.int64)
        elif all(isinstance(o, str) for o in outcomes):
            values = np.array(outcomes)  # a fixed-width string array: much faster than objects
        else:
            values = np.empty(len(outcomes), dtype=object)
            values[:] = list(outcomes)

        def indices(bound: int):
            # The narrowest integer type is the fastest to generate and to index with.
            dtype = np.uint8 if bound <= 1 << 8 else np.uint16 if bound <= 1 << 16 else np.int64
            return gen.integers(0, bound, size=size, dtype=dtype)

        if self._is_uniform():
            return values.take(indices(len(outcomes)))
        if self._denominator <= 1 << 16:
            # One uniform integer per result, looked up in a table as long as the denominator.
            counts = np.diff(np.array((0,) + self._cumulative, dtype=np.int64))
            return np.repeat(values, counts).take(indices(self._denominator))
        if self._denominator < 1 << 63:
            tickets = gen.integers(0, self._denominator, size=size, dtype=np.int64)
            return values.take(np.searchsorted(np.array(self._cumulative, dtype=np.int64), tickets, side="right"))
        probs = np.array([float(w) for w in self._weights])
        return values.take(gen.choice(len(values), size=size, p=probs / probs.sum()))

    # -- comparing, showing, saving ------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Die):
            return NotImplemented
        if self._denominator != other._denominator or len(self._outcomes) != len(other._outcomes):
            return False
        if self._outcomes == other._outcomes:
            return self._weights == other._weights
        return dict(zip(self._outcomes, self._weights)) == dict(zip(other._outcomes, other._weights))

    def __hash__(self) -> int:
        return hash(frozenset(zip(self._outcomes, self._weights)))

    def __repr__(self) -> str:
        den = self._denominator
        body = ", ".join(f"{o!r}: {Fraction(w, den)}" for o, w in zip(self._outcomes, self._weights))
        return f"Die({self.name!r}: {{{body}}})"

    def table(self) -> list[tuple[Outcome, Fraction]]:
        """(result, probability) pairs, smallest result first."""
        den = self._denominator
        return [(o, Fraction(w, den)) for o, w in zip(self._outcomes, self._weights)]

    def to_data(self) -> dict[str, Any]:
        """A JSON-ready form: outcomes with integer weights over a common denominator."""
        return {
            "name": self.name,
            "outcomes": list(self._outcomes),
            "weights": list(self._weights),
            "denominator": self._denominator,
        }

    def _repr_svg_(self) -> str:
        return bar_chart_svg(self)


def _numeric(outcomes: Iterable[Outcome]) -> bool:
    return all(isinstance(o, (int, Fraction)) and not isinstance(o, bool) for o in outcomes)


#: array type codes by item size in bytes (for packing weights at C speed)
_NATIVE = {array(code).itemsize: code for code in "QLIHB"}


def _pack(weights: Sequence[int], width: int) -> int:
    """The polynomial ``sum(w_i * x**i)`` at ``x = 256**width`` (each weight in ``width`` bytes)."""
    code = _NATIVE.get(width)
    if code is not None:
        return int.from_bytes(array(code, weights).tobytes(), sys.byteorder)
    return int.from_bytes(b"".join(w.to_bytes(width, "little") for w in weights), "little")


def _unpack(packed: int, width: int, length: int) -> list[int]:
    code = _NATIVE.get(width)
    if code is not None:
        return array(code, packed.to_bytes(width * length, sys.byteorder)).tolist()
    data = packed.to_bytes(width * length, "little")
    return [int.from_bytes(data[i:i + width], "little") for i in range(0, width * length, width)]


def _width(bound: int) -> int:
    """Bytes per coefficient for products whose coefficients are at most ``bound``."""
    width = (bound.bit_length() + 7) // 8
    return width if width > 8 else next(w for w in (1, 2, 4, 8) if w >= width)


def _poly_product(a: Sequence[int], b: Sequence[int], bound: int) -> list[int]:
    """The coefficients of the product of two polynomials with whole coefficients (every
    coefficient of the product is at most ``bound``)."""
    width = _width(bound)
    return _unpack(_pack(a, width) * _pack(b, width), width, len(a) + len(b) - 1)


def _poly_power(a: Sequence[int], n: int, bound: int) -> list[int]:
    """The coefficients of the polynomial ``a`` to the ``n``-th power (coefficients at most ``bound``)."""
    width = _width(bound)
    return _unpack(_pack(a, width) ** n, width, (len(a) - 1) * n + 1)

def _sum_name(dice: Iterable[Die]) -> str:
    names = [d.name for d in dice]
    if len(set(names)) == 1 and names[0].startswith("d"):
        return f"{len(names)}{names[0]}"
    return " + ".join(names)


def bar_chart_svg(die: Die, width: int = 360, height: int = 160) -> str:
    """A small bar chart of a distribution, as SVG text (no plotting library needed)."""
    from html import escape

    n = len(die)
    left, bottom, top = 34, 28, 22
    plot_w, plot_h = width - left - 8, height - bottom - top
    probs = die.table()
    peak = max(p for _, p in probs)
    step = plot_w / n
    bar_w = max(2.0, step * 0.72)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11" role="img">',
        f"<title>{escape(die.name)}: exact distribution</title>",
        f"<desc>Bar chart of the exact probability of each result of {escape(die.name)}: "
        + escape("; ".join(f"{o}: {p}" for o, p in probs))
        + "</desc>",
        f'<text x="{left}" y="14" font-weight="bold">{escape(die.name)}</text>',
        f'<line x1="{left}" y1="{top + plot_h}" x2="{width - 8}" y2="{top + plot_h}" stroke="#555"/>',
    ]
    for i, (o, p) in enumerate(probs):
        h = plot_h * float(p / peak)
        x = left + i * step + (step - bar_w) / 2
        y = top + plot_h - h
        parts.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar_w:.1f}" height="{h:.1f}" fill="#4a78b5">'
            f"<title>{escape(str(o))}: {p} ≈ {float(p):.4f}</title></rect>"
        )
        if n <= 24 or i % max(1, n // 12) == 0:
            parts.append(
                f'<text x="{x + bar_w / 2:.1f}" y="{top + plot_h + 14}" text-anchor="middle">{escape(str(o))}</text>'
            )
    parts.append(f'<text x="{left - 4}" y="{top + 4}" text-anchor="end">{float(peak):.2f}</text>')
    parts.append(f'<text x="{left - 4}" y="{top + plot_h}" text-anchor="end">0</text>')
    parts.append("</svg>")
    return "".join(parts)


# -- the dice of the five games ------------------------------------------------------------------

#: A fair six-sided die, faces 1 to 6.
d6 = Die.uniform(6, "d6")
#: A fair eight-sided die, faces 1 to 8.
d8 = Die.uniform(8, "d8")

#: ITC (rule ``itc-dice``): the blue die counts transport points, the green eight-sided die
#: continent points, the red die the cards to draw (its other points are leftover points).
blue_die = d6.named("blue d6")
#: ITC's green eight-sided die: continent points (rule ``itc-dice``).
green_die = d8.named("green d8")
#: ITC's red die: the cards to draw; its other points are leftover points (rule ``itc-dice``).
red_die = d6.named("red d6")

#: Catan: production is the sum of two dice; the factories rule reads the red one on its own.
white_die = d6.named("white d6")
#: Catan's red production die, which the factories rule reads on its own.
red_production_die = d6.named("red d6")
#: Catan's production roll: the sum of the white and the red die.
two_d6 = (white_die + red_production_die).named("2d6")

#: The colour die of Godwin Solcher's factories variant: six colours, each a player's colour.
COLOURS = ("red", "blue", "white", "orange", "green", "yellow")
#: The factories variant's colour die: six colours, each a player's colour.
colour_die = Die.uniform(COLOURS, "colour die")


def named_dice() -> dict[str, Die]:
    """The dice and combinations shown in the book's dice chapter and its DiceRoller, by key."""
    return {
        "d6": d6,
        "green-d8": green_die,
        "2d6": two_d6,
        "3d6": d6.sum_of(3),
        "highest-of-2d6": d6.highest_of(2),
        "blue-vs-green": blue_die.compare(green_die),
        "colour": colour_die,
    }
