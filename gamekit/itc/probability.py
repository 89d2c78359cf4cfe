"""Exact chances in ITC: the grey-market fight and the choice of dice.

Rule ``itc-grey-market-fight``: the attacker rolls a six-sided die (blue or red), the controller of
the Mafia the green eight-sided die; the higher removes one opposing marker, a tie is rolled
again, until one side has no marker left. One exchange is won by the attacker with chance
``p = P(d6 > d8 | no tie) = 15/42 = 5/14``. The attacker wins the fight when the defenders lose
``d`` exchanges before the attackers lose ``a``:

    P(a, d) = sum over k = 0 .. a-1 of C(d-1+k, k) * p**d * (1-p)**k.

Rules ``itc-dice`` and ``itc-red-die``: a player picks two of the three dice, rolls them and keeps
one. :func:`dice_choice_expectations` gives, exactly, what each pair is worth.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from ..chance import Chance
from ..dice import blue_die, green_die, red_die
from ..rng import Rng
from ..validation import is_integer

__all__ = [
    "exchange_win_probability",
    "grey_market_win_probability",
    "fight_outcome_distribution",
    "roll_fight",
    "fight_event",
    "representative_rolls",
    "markers_left",
    "simulate_fights",
    "fight_exchange",
    "DieEffect",
    "die_effect",
    "DiceChoice",
    "dice_choice_expectations",
]

RED_POINTS = 6


def exchange_win_probability() -> Fraction:
    """The attacker's chance to win one exchange (d6 against the green d8, ties rolled again)."""
    win, lose = _exchange_weights()
    return Fraction(win, win + lose)


@cache
def exchange_weights() -> tuple[int, int]:
    """The exchange as whole-number weights ``(attacker wins, attacker loses)`` with no common
    factor (``(5, 9)``: the chance ``p`` is 5/14), worked out once from the dice."""
    exchange = blue_die.compare(green_die)
    return exchange.weight("win"), exchange.weight("lose")


def check_fight_counts(attackers: int, defenders: int) -> None:
    """Refuse a fight whose attack markers or defending markers are not whole numbers >= 0."""
    for name, n in (("attackers", attackers), ("defenders", defenders)):
        if not is_integer(n) or n < 0:
            raise ValueError(f"{name} must be a whole number >= 0, not {n!r}")


_exchange_weights = exchange_weights
_check_counts = check_fight_counts


def _first_to(needed: int, rival: int, win: int, lose: int) -> int:
    """The numerator over ``(win + lose) ** (needed + rival - 1)`` of the chance that a side winning
    each exchange with weight ``win`` (against ``lose``) wins ``needed`` exchanges before it loses
    ``rival``: the sum over k < rival of C(needed-1+k, k) * win**needed * lose**k * total**(rival-1-k),
    added up by Horner's rule in whole numbers."""
    total = win + lose
    acc, term = 0, 1  # term = C(needed-1+k, k) * lose**k
    for k in range(rival):
        acc = acc * total + term
        term = term * lose * (needed + k) // (k + 1)
    return acc * win**needed


def grey_market_win_probability(attackers: int, defenders: int) -> Fraction:
    """The exact chance that ``attackers`` attack markers take the grey market from ``defenders``
    defending markers (rule ``itc-grey-market-fight``). With no defenders the attack wins; with no
    attackers it fails.

    >>> grey_market_win_probability(1, 1), grey_market_win_probability(2, 1)
    (Fraction(5, 14), Fraction(115, 196))
    """
    _check_counts(attackers, defenders)
    if defenders == 0:
        return Fraction(1)
    if attackers == 0:
        return Fraction(0)
    win, lose = _exchange_weights()
    return Fraction(_first_to(defenders, attackers, win, lose), (win + lose) ** (attackers + defenders - 1))


def fight_outcome_distribution(attackers: int, defenders: int) -> dict[tuple[int, int], Fraction]:
    """The exact distribution of the markers left at the end of a fight, as
    ``{(attackers_left, defenders_left): probability}`` (exactly one of the two is 0)."""
    _check_counts(attackers, defenders)
    if defenders == 0 or attackers == 0:
        return {(attackers, defenders): Fraction(1)}
    win, lose = _exchange_weights()
    total = win + lose
    result: dict[tuple[int, int], Fraction] = {}
    # the attackers win having lost k markers (k < attackers): the last exchange is a win
    term = win**defenders  # C(defenders-1+k, k) * win**defenders * lose**k
    for k in range(attackers):
        result[(attackers - k, 0)] = Fraction(term, total ** (defenders + k))
        term = term * lose * (defenders + k) // (k + 1)
    term = lose**attackers
    for j in range(defenders):
        result[(0, defenders - j)] = Fraction(term, total ** (attackers + j))
        term = term * win * (attackers + j) // (j + 1)
    return result


def exchange_losses(attacker_roll: int, defender_roll: int) -> tuple[int, int]:
    """What one exchange of the grey-market fight costs (rule ``itc-grey-market-fight``): the
    higher roll removes one opposing marker, a tie none. Returns ``(attackers lost, defenders lost)``.

    >>> exchange_losses(5, 3), exchange_losses(2, 7), exchange_losses(4, 4)
    ((0, 1), (1, 0), (0, 0))
    """
    if attacker_roll > defender_roll:
        return 0, 1
    if defender_roll > attacker_roll:
        return 1, 0
    return 0, 0


def fight_exchange(rng: Rng, attackers: int, defenders: int) -> tuple[int, int, int, int]:
    """One roll of the grey-market fight (rule ``itc-grey-market-fight``): the attacker's d6 against
    the controller's green d8; the higher removes one opposing marker, a tie removes none (it is
    rolled again). Returns ``(attacker roll, defender roll, attackers left, defenders left)``."""
    ra, rd = blue_die.roll(rng), green_die.roll(rng)
    lost_a, lost_d = exchange_losses(ra, rd)
    return ra, rd, attackers - lost_a, defenders - lost_d


def markers_left(attackers: int, defenders: int, rolls: list[tuple[int, int]]) -> tuple[int, int]:
    """The attack and defending markers left after the exchanges ``rolls`` (as :func:`roll_fight`
    gives them), each costing what :func:`exchange_losses` says (rule ``itc-grey-market-fight``).

    >>> markers_left(3, 2, [(5, 3), (2, 2), (1, 8), (6, 1)])
    (2, 0)
    """
    for ra, rd in rolls:
        lost_a, lost_d = exchange_losses(ra, rd)
        attackers, defenders = attackers - lost_a, defenders - lost_d
    return attackers, defenders


def roll_fight(rng: Rng, attackers: int, defenders: int, most: int | None = None) -> list[tuple[int, int]]:
    """Roll a whole fight with the seeded generator: the list of (attacker d6, defender d8) rolls,
    ties included (they are rolled again). Who won follows from the rolls (:func:`markers_left`).
    With ``most``, stop after that many rolls if the fight is not over by then (the fight widget
    rolls one at a time; the rolls are the same as a whole fight's first ones)."""
    rolls: list[tuple[int, int]] = []
    a, d = attackers, defenders
    while a and d and (most is None or len(rolls) < most):
        ra, rd, a, d = fight_exchange(rng, a, d)
        rolls.append((ra, rd))
    return rolls


#: The rolls that stand for one exchange won by the attacker and one lost, in
#: :func:`representative_rolls` (any rolls with the same winner would do).
WON_EXCHANGE, LOST_EXCHANGE = (6, 1), (1, 8)


def representative_rolls(attackers: int, defenders: int, attackers_left: int, defenders_left: int) -> list[tuple[int, int]]:
    """One list of rolls that ends a fight of ``attackers`` against ``defenders`` with the markers
    left given (one of them 0): the losing side's wins first, then the winner's, no ties. Every fight
    with those losses leads to the same position; only the log's list of rolls differs.

    >>> representative_rolls(3, 2, 2, 0)
    [(1, 8), (6, 1), (6, 1)]
    >>> markers_left(3, 2, representative_rolls(3, 2, 0, 1))
    (0, 1)
    """
    if attackers_left:
        return [LOST_EXCHANGE] * (attackers - attackers_left) + [WON_EXCHANGE] * defenders
    return [WON_EXCHANGE] * (defenders - defenders_left) + [LOST_EXCHANGE] * attackers


@cache
def fight_event(attackers: int, defenders: int) -> Chance:
    """The grey-market fight as a declared chance event (rule ``itc-grey-market-fight``).

    It draws exactly what :func:`roll_fight` draws (so seeded games and their logs are unchanged):
    the whole list of rolls, ties included. Those lists are unbounded (a tie is rolled again, any
    number of times), so they cannot be listed; but the position after the fight depends only on
    the markers each side lost. So the event's listed distribution is the distribution of losses
    (:func:`fight_outcome_distribution`, ``attackers + defenders`` results at most), each result
    given as one :func:`representative_rolls` list: ``state.outcomes(Attack())`` is exact for every
    position, and only the log's rolls of a listed outcome are a stand-in.

    >>> [(markers_left(2, 1, rolls), p) for rolls, p in fight_event(2, 1).distribution()]
    [((2, 0), Fraction(5, 14)), ((1, 0), Fraction(45, 196)), ((0, 1), Fraction(81, 196))]
    """
    _check_counts(attackers, defenders)
    table = [(representative_rolls(attackers, defenders, a, d), p)
             for (a, d), p in fight_outcome_distribution(attackers, defenders).items()]
    return Chance("grey-market fight", lambda rng: roll_fight(rng, attackers, defenders), lambda: table, len(table))


def simulate_fights(attackers: int, defenders: int, n: int, seed=None):
    """``n`` grey-market fights drawn at once with numpy (rule ``itc-grey-market-fight``), for Monte
    Carlo work in notebooks: returns two arrays, the attack markers and the defending markers left
    after each fight (in every fight exactly one of them is 0).

    Each exchange is drawn from the exact exchange (the blue d6 against the green d8, ties rolled
    again: won with weight 5 in 14, see :func:`exchange_win_probability`). A fight never needs more than ``attackers +
    defenders - 1`` exchanges, so each fight draws that many and stops where one side ran out. For
    fights of up to 12 exchanges the exchanges a fight drew are packed into the bits of one number and
    the markers left are looked up for it (:func:`_fight_ends` applies the stopping rule once per
    string of exchanges instead of once per fight); longer fights count along the row. Both ways
    give the same fights from the same seed.
    ``seed`` is an int, a ``numpy.random.Generator`` or ``None``. Not the same numbers as
    :func:`roll_fight` draws with a game's generator (numpy is imported only here).

    >>> a_left, d_left = simulate_fights(3, 2, 5, seed=1)
    >>> bool(((a_left == 0) ^ (d_left == 0)).all())
    True
    """
    import numpy as np

    _check_counts(attackers, defenders)
    if not is_integer(n) or n < 0:
        raise ValueError(f"n must be a whole number >= 0, not {n!r}")
    if attackers == 0 or defenders == 0:
        return np.full(n, attackers, dtype=np.int64), np.full(n, defenders, dtype=np.int64)
    gen = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    win, lose = _exchange_weights()  # the exact exchange: win with weight 5 in 14
    rounds = attackers + defenders - 1
    small = np.uint8 if win + lose <= 1 << 8 else np.int64
    won = gen.integers(0, win + lose, size=(n, rounds), dtype=small) < win
    if rounds <= _PACKED:
        codes = np.packbits(won, axis=1, bitorder="little")  # exchange k is bit k
        code = codes[:, 0] if rounds <= 8 else codes[:, 0].astype(np.uint16) | codes[:, 1].astype(np.uint16) << 8
        attackers_left, defenders_left = _fight_ends(attackers, defenders)
        return attackers_left.take(code), defenders_left.take(code)
    count = np.int16 if rounds < 1 << 15 else np.int64
    wins = np.cumsum(won, axis=1, dtype=count)  # defending markers removed after each exchange
    losses = np.arange(1, rounds + 1, dtype=count) - wins  # attack markers removed
    attack_wins = wins[:, -1] >= defenders
    # the exchange that ends the fight: the defenders' last marker goes, or the attackers' last
    end = np.where(attack_wins, np.argmax(wins >= defenders, axis=1), np.argmax(losses >= attackers, axis=1))
    lost = losses[np.arange(n), end]
    removed = wins[np.arange(n), end]
    return (attackers - lost).astype(np.int64), (defenders - removed).astype(np.int64)


#: Fights of at most this many exchanges are looked up by their string of exchanges (2**12 strings).
_PACKED = 12


@cache
def _fight_ends(attackers: int, defenders: int):
    """The markers left after each string of ``attackers + defenders - 1`` exchanges (bit k of the
    index set where the attacker wins exchange k): two read-only numpy arrays of ``2**rounds``
    entries. The fight stops where one side has no marker left; later exchanges are not played."""
    import numpy as np

    rounds = attackers + defenders - 1
    strings = np.arange(1 << rounds)
    wins = np.cumsum((strings[:, None] >> np.arange(rounds)) & 1, axis=1)  # defending markers removed
    losses = np.arange(1, rounds + 1) - wins  # attack markers removed
    end = np.where(wins[:, -1] >= defenders, np.argmax(wins >= defenders, axis=1), np.argmax(losses >= attackers, axis=1))
    attackers_left = (attackers - losses[strings, end]).astype(np.int64)
    defenders_left = (defenders - wins[strings, end]).astype(np.int64)
    attackers_left.flags.writeable = defenders_left.flags.writeable = False
    return attackers_left, defenders_left


@dataclass(frozen=True)
class DieEffect:
    """What the kept die gives (rules ``itc-dice``, ``itc-red-die``): transport points (blue),
    continent points (green), or, for red, as many transport cards to draw as it shows and the
    rest of its six points as leftover points for transports or continents."""

    colour: str
    value: int
    transport: int
    continent: int
    leftover: int
    cards: int


def die_effect(colour: str, value: int, red_points: int = RED_POINTS) -> DieEffect:
    """The effect of keeping the ``colour`` die showing ``value`` (rules ``itc-dice``, ``itc-red-die``):
    the red die's ``red_points`` (the setting ``red_die_points``, printed :data:`RED_POINTS`: six)
    less the cards it draws are leftover points."""
    faces = {"blue": blue_die, "green": green_die, "red": red_die}
    if colour not in faces:
        raise ValueError(f"the dice are blue, green and red, not {colour!r}")
    if value not in faces[colour].outcomes:
        raise ValueError(f"the {colour} die has no face {value!r}")
    if colour == "blue":
        return DieEffect(colour, value, value, 0, 0, 0)
    if colour == "green":
        return DieEffect(colour, value, 0, value, 0, 0)
    return DieEffect(colour, value, 0, 0, red_points - value, value)


@dataclass(frozen=True)
class DiceChoice:
    """What a choice of two dice is worth (rules ``itc-dice``, ``itc-red-die``), exactly.

    ``mean_points`` gives each die's expected action points (the red die's are its leftover points,
    6 minus the number shown); ``mean_cards`` is the red die's expected cards (0 without it).
    ``best_points`` and ``best_cards`` are the expectations when the player keeps whichever die
    gives more action points (on a tie the first die of the pair, in the order blue, green, red).
    """

    dice: tuple[str, str]
    mean_points: dict[str, Fraction]
    mean_cards: Fraction
    best_points: Fraction
    best_cards: Fraction


def _points(colour: str) -> Callable[[int], int]:
    return (lambda v: RED_POINTS - v) if colour == "red" else (lambda v: v)


def dice_choice_expectations() -> dict[tuple[str, str], DiceChoice]:
    """The exact expected points of each choice of two dice, the red die's cards counted separately."""
    dice = {"blue": blue_die, "green": green_die, "red": red_die}
    order = ("blue", "green", "red")
    out: dict[tuple[str, str], DiceChoice] = {}
    for i, a in enumerate(order):
        for b in order[i + 1:]:
            pa, pb = _points(a), _points(b)
            best_points = best_cards = Fraction(0)
            for va, wa in dice[a].table():
                for vb, wb in dice[b].table():
                    w = wa * wb
                    if pa(va) >= pb(vb):
                        best_points += w * pa(va)
                        best_cards += w * (va if a == "red" else 0)
                    else:
                        best_points += w * pb(vb)
                        best_cards += w * (vb if b == "red" else 0)
            means = {c: sum((p * _points(c)(v) for v, p in dice[c].table()), Fraction(0)) for c in (a, b)}
            cards = red_die.mean() if "red" in (a, b) else Fraction(0)
            out[(a, b)] = DiceChoice((a, b), means, cards, best_points, best_cards)
    return out
