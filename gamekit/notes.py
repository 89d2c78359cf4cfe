"""Show a game's assumptions in the book, straight from the engine (so book and engine agree).

Each game lists the readings and defaults it had to choose where its rule text is cut off or silent
(``gamekit.itc.ASSUMPTIONS`` and the like): records with ``setting``, ``default``, ``why`` and
``rule`` (the book label of the rule concerned). A chapter shows those of one rule with::

    from gamekit.notes import assumptions
    assumptions(gamekit.itc.ASSUMPTIONS, "itc-arrival")

which renders as an "Assumption" admonition (MyST, ``nb_render_markdown_format: myst``) and as
plain text in a terminal.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields, replace
from typing import Any

__all__ = ["Assumption", "AssumptionNote", "AssumptionTable", "assumptions", "assumption_table", "catalogue"]


@dataclass(frozen=True)
class Assumption:
    """One default a rule text leaves open: the setting (or the reading the engine follows), its
    default, why it was chosen, and the book label of the rule concerned. ``is_setting`` is true
    when it is an option of the game (made so by :func:`catalogue`)."""

    setting: str
    default: str
    why: str
    rule: str
    is_setting: bool = False


def catalogue(options_class: type, entries: Iterable[Assumption]) -> tuple[Assumption, ...]:
    """A game's assumptions, each marked as an option when ``options_class`` has a field of its name."""
    names = {f.name for f in fields(options_class)}
    return tuple(replace(a, is_setting=a.setting in names) for a in entries)


class AssumptionNote:
    """The engine's assumptions for one rule, displayable in a notebook or a chapter."""

    def __init__(self, items: list[Any], rule: str, intro: str) -> None:
        self.items = items
        self.rule = rule
        self.intro = intro

    def _lines(self) -> list[str]:
        lines = []
        for a in self.items:
            if getattr(a, "is_setting", False):
                name = f"option `{a.setting}`"
            else:
                name = a.setting[:1].upper() + a.setting[1:]
            lines.append(f"- {name}: **{a.default}**. {a.why[:1].upper()}{a.why[1:]}.")
        return lines

    def _repr_markdown_(self) -> str:
        body = "\n".join([self.intro, "", *self._lines()])
        return f"```{{admonition}} Assumption\n:class: note\n{body}\n```\n"

    def __repr__(self) -> str:
        return "\n".join([f"Assumption ({self.rule}): {self.intro}", *self._lines()])


def assumptions(catalogue: Iterable[Any], rule: str, intro: str | None = None) -> AssumptionNote:
    """The assumptions of ``catalogue`` that belong to the rule labelled ``rule``.

    A rule with no assumption is an error: a chapter that asks for one expects the engine to have it.
    """
    items = [a for a in catalogue if a.rule == rule]
    if not items:
        raise LookupError(f"the engine records no assumption for rule {rule!r}")
    has_option = any(getattr(a, "is_setting", False) for a in items)
    text = intro or (
        "Where the original is silent here, the gamekit engine assumes the following"
        + (" (an option can be changed when a game is set up: `game.new(..., option=value)`)" if has_option else "")
        + ". The printed game may differ."
    )
    return AssumptionNote(items, rule, text)


class AssumptionTable:
    """Every assumption of a game in one table (a chapter's "at a glance" section)."""

    def __init__(self, items: list[Any]) -> None:
        self.items = items

    def _rows(self) -> list[tuple[str, str, str, str]]:
        rows = []
        for a in self.items:
            name = f"`{a.setting}`" if getattr(a, "is_setting", False) else a.setting
            rows.append((name, "option" if getattr(a, "is_setting", False) else "reading", a.default,
                         f"{{ref}}`{a.rule} <{a.rule}>`"))
        return rows

    def _repr_markdown_(self) -> str:
        lines = ["| Setting or reading | Kind | Default | Rule |", "| --- | --- | --- | --- |"]
        lines += [f"| {n} | {k} | {d} | {r} |" for n, k, d, r in self._rows()]
        return "\n".join(lines) + "\n"

    def __repr__(self) -> str:
        return "\n".join(f"{a.setting}: {a.default} ({a.rule})" for a in self.items)


def assumption_table(catalogue: Iterable[Any]) -> AssumptionTable:
    """All of a game's assumptions as a table, each linked to its rule in the book."""
    return AssumptionTable(list(catalogue))
