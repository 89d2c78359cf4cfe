"""Printed numbers as settings: every cost, limit, payout, target, hand and deck size a rule text
prints is a field of its game's options, so a house rule is one option.

A printed number is declared with :func:`printed` (the printed value as default, the rule's book
label and a short name for people: a cost's name says "cost")::

    @dataclass(frozen=True)
    class Options:
        road_cost: tuple[tuple[str, int], ...] = printed(
            (("brick", 1), ("lumber", 1)), "catan-building-costs", "road cost", cost=RESOURCES)
        discard_limit: int = printed(7, "catan-discard", "discard limit", low=0, high=100)

and the options' ``__post_init__`` calls :func:`check_printed`, which checks each such field
against the range declared with it (a clear ``ValueError`` naming the setting, its rule and the
allowed range) and writes a cost given as a mapping (``{"brick": 2, "ore": 3}``) as the pairs it
is kept as. Tools list them with :func:`printed_numbers`, apart from the game's Assumptions (the
readings and defaults chosen where the text is silent): field metadata ``kind`` is ``"printed"``.

The options are saved with the game (a cost as a list of ``[resource, count]`` pairs) and checked
again when a save is restored, like every other setting.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .validation import is_integer

__all__ = ["PRINTED", "PrintedNumber", "printed", "check_printed", "printed_numbers", "cost_counts", "printed_table", "value_text"]

#: The ``kind`` in a printed number's field metadata.
PRINTED = "printed"


def printed(default: Any, rule: str, label: str, *, low: int | None = 0, high: int | None = None,
            cost: Sequence[str] | None = None, length: int | None = None, optional: bool = False,
            distinct: bool = False, doc: str = "") -> Any:
    """A dataclass field for a number the rule text prints: ``default`` is the printed value,
    ``rule`` the book label of the rule that prints it, ``label`` its short name for people.

    ``low``/``high`` bound an integer (or each integer of a tuple of ``length`` integers);
    ``cost`` names the resources of a cost, kept as ``(resource, count)`` pairs (each count
    ``low``..``high``); ``distinct`` makes it a tuple of one or more different integers
    ``low``..``high`` (the faces of a die that do something); ``optional`` lets the value be
    ``None`` (no such limit)."""
    return dataclasses.field(default=default, metadata=MappingProxyType({
        "kind": PRINTED, "rule": rule, "label": label, "low": low, "high": high,
        "cost": tuple(cost) if cost is not None else None, "length": length, "optional": optional, "distinct": distinct, "doc": doc,
    }))


@dataclass(frozen=True)
class PrintedNumber:
    """One printed number of a game's options: the setting's ``name``, its ``label`` for people,
    its ``rule`` label, the printed ``default`` and the ``value`` in force."""

    name: str
    label: str
    rule: str
    default: Any
    value: Any

    @property
    def changed(self) -> bool:
        """Whether a house rule changed it."""
        return self.value != self.default


def _fields(options: Any) -> list[dataclasses.Field]:  # type: ignore[type-arg]
    return [f for f in dataclasses.fields(options) if f.metadata.get("kind") == PRINTED]


def printed_numbers(options: Any) -> tuple[PrintedNumber, ...]:
    """The printed numbers of an options class (their values the defaults) or instance."""
    out = []
    for f in _fields(options):
        value = getattr(options, f.name) if not isinstance(options, type) else f.default
        out.append(PrintedNumber(f.name, f.metadata["label"], f.metadata["rule"], f.default, value))
    return tuple(out)


def _bound(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"{low:,}..{high:,}"
    if low is not None:
        return f">= {low:,}"
    return f"<= {high:,}" if high is not None else "any"


def _whole(value: Any, low: int | None, high: int | None) -> bool:
    return is_integer(value) and (low is None or value >= low) and (high is None or value <= high)


def check_printed(options: Any) -> None:
    """Check every printed number of ``options`` against its declared range (``ValueError``
    naming the setting, its rule and what is allowed), writing a cost given as a mapping or a
    list as its ``(resource, count)`` pairs (in the order of the resources, no zero counts)."""
    for f in _fields(options):
        meta, value = f.metadata, getattr(options, f.name)
        where = f"setting {f.name} ({meta['label']}, rule {meta['rule']})"
        low, high = meta["low"], meta["high"]
        if meta["optional"] and value is None:
            continue
        if meta["cost"] is not None:
            resources = meta["cost"]
            pairs = value.items() if isinstance(value, Mapping) else value
            counts: dict[str, int] = {}
            try:
                for resource, count in pairs:
                    if resource not in resources or resource in counts:
                        raise ValueError
                    counts[resource] = count
            except (TypeError, ValueError):
                raise ValueError(f"{where} must be resources and counts, each resource once, the resources being "
                                 f"{', '.join(resources)} (as {{\"ore\": 2}}), not {value!r}") from None
            for resource, count in counts.items():
                if not _whole(count, low, high):
                    raise ValueError(f"{where}: the count of {resource} must be an integer {_bound(low, high)}, "
                                     f"not {count!r}")
            kept = tuple((r, counts[r]) for r in resources if counts.get(r))
            if kept != value:
                object.__setattr__(options, f.name, kept)
        elif meta["distinct"]:
            if isinstance(value, list):
                value = tuple(value)
                object.__setattr__(options, f.name, value)
            if (not isinstance(value, tuple) or not value or len(set(value)) != len(value)
                    or not all(_whole(v, low, high) for v in value)):
                raise ValueError(f"{where} must be one or more different integers, each {_bound(low, high)}, "
                                 f"not {value!r}")
        elif meta["length"] is not None:
            n = meta["length"]
            if isinstance(value, list):
                value = tuple(value)
                object.__setattr__(options, f.name, value)
            if not isinstance(value, tuple) or len(value) != n or not all(_whole(v, low, high) for v in value):
                raise ValueError(f"{where} must be {n} integers, each {_bound(low, high)}, not {value!r}")
        elif not _whole(value, low, high):
            none = " (or None: no limit)" if meta["optional"] else ""
            raise ValueError(f"{where} must be an integer {_bound(low, high)}{none}, not {value!r}")


def cost_counts(cost: Sequence[tuple[str, int]], resources: Sequence[str]) -> tuple[int, ...]:
    """A cost kept as ``(resource, count)`` pairs as one count per resource, in ``resources``'s order."""
    counts = dict(cost)
    return tuple(counts.get(r, 0) for r in resources)


def value_text(value: Any) -> str:
    """A setting's value as people write it: ``(("brick", 1), ("lumber", 1))`` -> "1 brick, 1 lumber",
    ``5000`` -> "5,000", ``(1, 6)`` -> "1, 6", ``True`` -> "on", ``None`` -> "none"."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, tuple) and value and all(isinstance(x, tuple) and len(x) == 2 for x in value):
        return ", ".join(f"{c:,} {r}" for r, c in value)
    if isinstance(value, tuple):
        return ", ".join(value_text(v) for v in value) if value else "nothing"
    if is_integer(value):
        return f"{value:,}"
    return "none" if value is None else str(value)


class PrintedTable:
    """A game's printed numbers as a table (name, printed value, value in force, rule)."""

    def __init__(self, numbers: Sequence[PrintedNumber]) -> None:
        self.numbers = list(numbers)

    def _repr_markdown_(self) -> str:
        lines = ["| Printed number | Setting | Printed | Rule |", "| --- | --- | --- | --- |"]
        for n in self.numbers:
            shown = value_text(n.default) if not n.changed else f"{value_text(n.value)} (printed: {value_text(n.default)})"
            lines.append(f"| {n.label[:1].upper() + n.label[1:]} | `{n.name}` | {shown} | "
                         f"{{ref}}`{n.rule} <{n.rule}>` |")
        return "\n".join(lines) + "\n"

    def __repr__(self) -> str:
        return "\n".join(f"{n.name} ({n.label}, {n.rule}): {value_text(n.value)}" for n in self.numbers)


def printed_table(options: Any) -> PrintedTable:
    """The printed numbers of an options class or instance, as a table for a chapter."""
    return PrintedTable(printed_numbers(options))
