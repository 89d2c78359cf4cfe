"""Checking a student's own answers to a lesson's exercises, without showing the answers or the method.

A lesson's exercises (and its three-question exit ticket) have their answers in
:mod:`gamekit.lessons.answer_data`, one row per part: ``(key, question, answer, tolerance)``. The
teacher's notebook computes every answer afresh in its answer-check cell and calls
:func:`teacher_check`, which fails if a computed answer differs from the stored one (so nbval keeps
the data true to the lesson), and shows the teacher the answers. The student's notebook has, in
place of that cell, a fill-in cell (written by ``tools/student_versions.py``) that calls
:func:`check` with the student's answers: it says for each part whether it is right, never what the
answer is, nor how it is found.

An answer is stored as text: an exact fraction or whole number (``"5/18"``, ``"32,600"``), a decimal
(``"0.1074"``), or words (``"green + red"``). A student may answer an exact value with the fraction
or with a decimal close to it (within ``tolerance``, by default half a unit in the third significant
digit and at least 0.0005); words are compared without case, spaces or punctuation.

>>> check("lesson-01-dice", {"1a": "5/18", "1b": 4}, quiet=True)
{'1a': True, '1b': False}
>>> parse("27.8 %"), parse("5/18"), parse("1,806")
(0.278, Fraction(5, 18), 1806)
"""

from __future__ import annotations

import os
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

__all__ = ["check", "teacher_check", "parse", "answers", "questions", "canonical"]

_NUMBER = re.compile(r"^[+-]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$")


def answers(lesson: str) -> list[tuple[str, str, str, float | None]]:
    """The stored answers of a lesson: ``(key, question, answer, tolerance)`` rows."""
    from .answer_data import ANSWERS

    if lesson not in ANSWERS:
        raise KeyError(f"no answers stored for {lesson!r}; the lessons are {', '.join(sorted(ANSWERS))}")
    return [tuple(row) for row in ANSWERS[lesson]]  # type: ignore[misc]


def questions(lesson: str) -> list[tuple[str, str]]:
    """``(key, question)`` for every answer a student can check (no answers)."""
    return [(key, question) for key, question, _, _ in answers(lesson)]


def parse(value: Any) -> Fraction | int | float | str:
    """A student's answer as a number where it is one: ``"5/18"``, ``"0.278"``, ``"27.8 %"``, ``"1,806"``."""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, (int, Fraction)):
        return value
    if isinstance(value, float):
        return value
    if hasattr(value, "item") and not isinstance(value, str):  # a numpy number
        return parse(value.item())
    text = str(value).strip().replace("−", "-").replace("\u202f", " ").replace("€", "").strip()
    percent = text.endswith("%")
    if percent:
        text = text[:-1].strip()
    if "/" in text and not percent:
        top, _, bottom = text.partition("/")
        top, bottom = top.strip(), bottom.strip()
        if _NUMBER.match(top) and _NUMBER.match(bottom) and "." not in top + bottom:
            return Fraction(int(top.replace(",", "")), int(bottom.replace(",", "")))
    if _NUMBER.match(text):
        number = text.replace(",", "")
        if percent:
            return float(number) / 100
        return int(number) if "." not in number else float(number)
    return text


def canonical(value: Any) -> str:
    """How an answer is stored: a fraction or whole number exactly, a decimal as given, words as they are."""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int) or (isinstance(value, Fraction) and value.denominator == 1):
        return f"{int(value):,}"
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    return str(value)


def _words(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "", text.lower())


def _tolerance(expected: Fraction | int | float, tolerance: float | None) -> float:
    if tolerance is not None:
        return tolerance
    size = abs(float(expected))
    if size == 0:
        return 0.0005
    digit = 10 ** (len(str(int(size))) - 3) if size >= 1 else 10 ** (int(f"{size:e}".split("e")[1]) - 2)
    return max(digit / 2, 0.0005 if size < 1 else 0)


def is_right(given: Any, expected_text: str, tolerance: float | None = None) -> bool:
    """Whether ``given`` answers a part whose stored answer is ``expected_text``."""
    expected = parse(expected_text)
    got = parse(given)
    if isinstance(expected, str) or isinstance(got, str):
        return _words(str(got)) == _words(str(expected))
    if isinstance(expected, (Fraction, int)) and isinstance(got, (Fraction, int)):
        return Fraction(got) == Fraction(expected) or (tolerance is not None and abs(float(got) - float(expected)) <= tolerance)
    # a decimal on either side: close enough to the exact value
    return abs(float(got) - float(expected)) <= _tolerance(expected, tolerance) + 1e-12


def check(lesson: str, given: dict[str, Any], quiet: bool = False) -> dict[str, bool | None]:
    """Say which of a student's answers are right: ``{key: True, False, or None (no answer yet)}``.

    Prints a line per part (unless ``quiet``) with the question and "right", "not yet" or "no answer
    yet"; it never prints the answer."""
    rows = answers(lesson)
    known = {key for key, *_ in rows}
    unknown = sorted(set(given) - known)
    if unknown:
        raise KeyError(f"{lesson} has no question {', '.join(unknown)}; its questions are {', '.join(k for k, *_ in rows)}")
    result: dict[str, bool | None] = {}
    for key, _, answer, tolerance in rows:
        if key not in given:
            continue
        value = given[key]
        result[key] = None if value is Ellipsis or value is None or value == "" else is_right(value, answer, tolerance)
    if not quiet:
        lines = []
        for key, question, _, _ in rows:
            if key not in result:
                continue
            mark = {True: "right", False: "not yet: check your working", None: "no answer yet"}[result[key]]
            lines.append(f"{key:>3}  {question}: {mark}")
        right = sum(1 for v in result.values() if v)
        lines.append(f"{right} of {len(result)} right.")
        print("\n".join(lines))
        return None  # type: ignore[return-value]
    return result


def teacher_check(lesson: str, computed: list[tuple[str, str, Any, float | None]]) -> Any:
    """In the teacher's notebook: the answers computed by the lesson's own code, compared with the
    stored ones (an AssertionError names any that differ), shown as a table for the teacher.

    With the environment variable ``GAMEKIT_WRITE_ANSWERS=1`` the computed answers replace the
    stored ones (``gamekit/lessons/answer_data.py`` is rewritten) instead."""
    from . import table

    rows = [(key, question, canonical(value), tolerance) for key, question, value, tolerance in computed]
    if os.environ.get("GAMEKIT_WRITE_ANSWERS") == "1":
        _write(lesson, rows)
    stored = answers(lesson)
    if stored != rows:
        differ = [f"{a} != {b}" for a, b in zip(stored, rows) if a != b] or [f"{len(stored)} stored, {len(rows)} computed"]
        raise AssertionError(f"{lesson}: the stored answers differ from the lesson's: " + "; ".join(differ))
    return table([(key, question, answer) for key, question, answer, _ in rows], ["", "question", "answer"], align="llr")


def _write(lesson: str, rows: list[tuple[str, str, str, float | None]]) -> None:
    from . import answer_data

    data = dict(answer_data.ANSWERS)
    data[lesson] = rows
    path = Path(answer_data.__file__)
    head = path.read_text(encoding="utf-8").split("ANSWERS = ")[0]
    body = "ANSWERS = {\n" + "".join(
        f"    {name!r}: [\n" + "".join(f"        {row!r},\n" for row in data[name]) + "    ],\n" for name in sorted(data)) + "}\n"
    path.write_text(head + body, encoding="utf-8")
    answer_data.ANSWERS = data
