"""Show a game's assumptions in the book, straight from the engine (so book and engine agree).

Each game lists the readings and defaults it had to choose where its rule text is cut off or silent
(``gamekit.itc.ASSUMPTIONS`` and the like): records with ``setting``, ``default``, ``why`` and
``rule`` (the book label of the rule concerned). A chapter shows those of one rule with::

    from gamekit.notes import assumptions
    assumptions(gamekit.itc.ASSUMPTIONS, "itc-arrival")

which renders as one short titled "Assumption" note per record (MyST admonitions,
``nb_render_markdown_format: myst``): what the text leaves open, what we play, what the printed game
may do, and in one line at the end the setting's name (or that it is a reading, not a setting). In a
terminal it is plain text.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields, replace
from typing import Any

from .validation import is_integer

__all__ = ["Assumption", "AssumptionNote", "AssumptionTable", "assumptions", "assumption_table", "catalogue"]


@dataclass(frozen=True)
class Assumption:
    """One thing a rule text leaves open, and what the engine plays there.

    ``setting`` is the option's name (or a short name of the reading), ``default`` what the engine
    plays, in plain words, ``why`` what the text leaves open (and why this default), ``rule`` the
    book label of the rule concerned. ``title`` is the note's short title, ``printed`` what the
    printed game may do instead. ``is_setting`` and ``value`` (the option's default as Python
    code) are filled in by :func:`catalogue` when the game's options have a field of that name.
    """

    setting: str
    default: str
    why: str
    rule: str
    is_setting: bool = False
    title: str = ""
    printed: str = ""
    value: str = ""


def catalogue(options_class: type, entries: Iterable[Assumption]) -> tuple[Assumption, ...]:
    """A game's assumptions, each marked as an option (with its default value) when
    ``options_class`` has a field of its name."""
    defaults = {f.name: f.default for f in fields(options_class)}
    out = []
    for a in entries:
        if a.setting in defaults:
            out.append(replace(a, is_setting=True, value=_python(defaults[a.setting])))
        else:
            out.append(replace(a, is_setting=False, value=""))
    return tuple(out)


def _python(value: Any) -> str:
    if is_integer(value) and abs(value) >= 10_000:
        return f"{value:_}"
    return repr(value)


def _sentence(text: str, capital: bool = True) -> str:
    text = text.strip()
    if not text:
        return ""
    if capital:
        text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _title(a: Any) -> str:
    title = getattr(a, "title", "") or a.setting.replace("_", " ")
    return title[:1].upper() + title[1:]


def _setting_line(a: Any) -> str:
    if getattr(a, "is_setting", False):
        return f"Setting: `{a.setting}` (default `{a.value}`)" if getattr(a, "value", "") else f"Setting: `{a.setting}`"
    return f"Reading of the text (not a setting): {a.setting}"


class AssumptionNote:
    """The engine's assumptions for one rule, displayable in a notebook or a chapter: one short
    titled note per assumption, in plain words (what the text leaves open, what we play, what the
    printed game may do), with the setting's name in one line at its end."""

    def __init__(self, items: list[Any], rule: str, intro: str = "") -> None:
        self.items = items
        self.rule = rule
        self.intro = intro

    def _body(self, a: Any) -> list[str]:
        printed = getattr(a, "printed", "")
        text = " ".join(t for t in (
            _sentence(a.why),
            f"**We play:** {_sentence(a.default, capital=False)}",
            f"**The printed game may differ:** {_sentence(printed, capital=False)}" if printed else "",
        ) if t)
        return [text, "", _setting_line(a)]

    def _repr_markdown_(self) -> str:
        out = [self.intro, ""] if self.intro else []
        for a in self.items:
            body = "\n".join(self._body(a))
            out.append(f"```{{admonition}} Assumption: {_title(a)}\n:class: note\n{body}\n```\n")
        return "\n".join(out)

    def __repr__(self) -> str:
        lines = [f"Assumptions ({self.rule})" + (f": {self.intro}" if self.intro else "")]
        for a in self.items:
            lines.append(f"* {_title(a)}: " + " ".join(x for x in self._body(a) if x))
        return "\n".join(lines)


def assumptions(catalogue: Iterable[Any], rule: str, intro: str | None = None) -> AssumptionNote:
    """The assumptions of ``catalogue`` that belong to the rule labelled ``rule``, as notes.

    A rule with no assumption is an error: a chapter that asks for one expects the engine to have it.
    """
    items = [a for a in catalogue if a.rule == rule]
    if not items:
        raise LookupError(f"the engine records no assumption for rule {rule!r}")
    return AssumptionNote(items, rule, intro or "")


class AssumptionTable:
    """Every assumption of a game in one table (a chapter's "at a glance" section)."""

    def __init__(self, items: list[Any]) -> None:
        self.items = items

    def _rows(self) -> list[tuple[str, str, str, str]]:
        rows = []
        for a in self.items:
            setting = getattr(a, "is_setting", False)
            name = f"{_title(a)} (`{a.setting}`)" if setting else _title(a)
            rows.append((name, "option" if setting else "reading", a.default.replace("|", "/"),
                         f"{{ref}}`{a.rule} <{a.rule}>`"))
        return rows

    def _repr_markdown_(self) -> str:
        lines = ["| Assumption | Kind | What we play | Rule |", "| --- | --- | --- | --- |"]
        lines += [f"| {n} | {k} | {d} | {r} |" for n, k, d, r in self._rows()]
        return "\n".join(lines) + "\n"

    def __repr__(self) -> str:
        return "\n".join(f"{a.setting}: {a.default} ({a.rule})" for a in self.items)


def assumption_table(catalogue: Iterable[Any]) -> AssumptionTable:
    """All of a game's assumptions as a table, each linked to its rule in the book."""
    return AssumptionTable(list(catalogue))
