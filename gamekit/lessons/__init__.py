"""What the probability lessons (``notebooks/lesson-*.ipynb``) share: computed sentences, folded
solutions, exact outcomes of an action, and the convergence plot.

Every exact figure a lesson states is computed, never typed: a lesson writes its sentences with
:func:`say` (Markdown made from the numbers) and its solutions with :func:`solution` (a folded
``<details class="gk-solution">`` block, which the student version drops and the print style sheet
hides). :func:`convergence_plot` draws how a simulated estimate approaches its exact value as the
trials grow, and writes down in words what it drew; :func:`show` displays a chart with those words
(or words the lesson writes from its own numbers) as its text description, for readers who cannot
see it. The numpy samplers the lessons simulate with are in :mod:`gamekit.lessons.samplers`; their
pure-Python twins, on gamekit's own seeded generator (what runs in the browser), in
:mod:`gamekit.lessons.pure`; charts that need no matplotlib (Vega-Lite) in :mod:`gamekit.lessons.charts`.

Nothing here is a rule; numpy, matplotlib and IPython are imported only where they are used (the
engine stays standard library only).

>>> frac(Fraction(10, 36)), tex(Fraction(5, 14)), approx(Fraction(1, 3)), percent(Fraction(1, 8))
('5/18', '\\\\tfrac{5}{14}', '0.333', '12.5 %')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any

__all__ = ["frac", "tex", "approx", "percent", "say", "solution", "exact_outcomes", "running_mean", "convergence_plot",
           "standard_error", "show", "describe", "Chart", "number", "exact_text", "convergence_description"]


def frac(x: Any) -> str:
    """An exact number as text: ``5/14``, ``7``."""
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def tex(x: Any) -> str:
    r"""An exact number for LaTeX: ``\tfrac{5}{14}``, ``7``, ``-\tfrac{1}{2}``."""
    x = Fraction(x)
    if x.denominator == 1:
        return str(x.numerator)
    sign = "-" if x < 0 else ""
    return rf"{sign}\tfrac{{{abs(x.numerator)}}}{{{x.denominator}}}"


def approx(x: Any, digits: int = 3) -> str:
    """A number rounded for reading: ``0.357``."""
    return f"{float(x):.{digits}f}"


def percent(x: Any, digits: int = 1) -> str:
    """A chance as a percentage: ``35.7 %``."""
    return f"{100 * float(x):.{digits}f} %"


def say(text: str) -> Any:
    """A sentence (Markdown, MyST on the book's pages) written from computed numbers; the cell shows it."""
    from IPython.display import Markdown

    return Markdown(text)


def solution(title: str, text: str) -> Any:
    """A folded solution: a ``<details class="gk-solution">`` block, closed until the reader opens it.

    It renders the same in JupyterLab and on the book's page. Cells showing one are tagged
    ``solution``: ``tools/student_versions.py`` removes them from the student notebook and the print
    style sheet hides them on the worksheet.
    """
    from IPython.display import Markdown

    return Markdown(f'<details class="gk-solution">\n<summary>{title}</summary>\n\n{text.strip()}\n\n</details>')


def exact_outcomes(state: Any, action: Any, what: str | None = None,
                   table: Iterable[tuple[Any, Fraction]] | None = None) -> list[tuple[Fraction, Any]]:
    """``(probability, position after)`` for every way ``action`` can turn out, exactly.

    This is ``state.outcomes(action)``. An engine that does not declare this draw as a chance event
    yet (its results cannot be listed) is asked the same question result by result: each result of
    ``table`` (``(result, probability)`` pairs of the draw named ``what``) is forced on a copy and the
    action played, so the positions are the engine's own either way.
    """
    from ..chance import TooManyOutcomes

    try:
        return [(o.probability, o.state) for o in state.outcomes(action)]
    except TooManyOutcomes:
        if what is None or table is None:
            raise
    out = []
    for result, p in table:
        trial = state.clone()
        trial.force(what, result).apply(action)
        out.append((Fraction(p), trial))
    return out


def running_mean(values: Any) -> list[float]:
    """The mean of the first 1, 2, 3, ... values (a list of floats; the values may be a list or a
    numpy array, of numbers or of True/False). Added in order, as numpy's cumsum adds them.

    >>> running_mean([1, 0, 1, 1])
    [1.0, 0.5, 0.6666666666666666, 0.75]
    """
    out = []
    total = 0.0
    for i, value in enumerate(values, 1):
        total += float(value)
        out.append(total / i)
    return out


def standard_error(p: Any, n: Any) -> float:
    """The standard error of a share of ``n`` independent trials with chance ``p``: sqrt(p(1-p)/n)."""
    p = float(p)
    return (p * (1 - p) / n) ** 0.5


def convergence_plot(
    estimates: Sequence[tuple[str, Any, Any]],
    *,
    sd: Sequence[float] | None = None,
    ylabel: str = "estimate",
    title: str = "",
    xlabel: str = "number of trials (log scale)",
    ax: Any = None,
    start: int = 10,
) -> Any:
    """Running estimates against their exact values as the number of trials grows.

    ``estimates`` lists ``(label, values, exact)``: ``values`` the results of the simulated trials in
    order (0/1 for a share, numbers for a mean), ``exact`` the exact value. The running mean is drawn
    on a log scale from trial ``start`` on, the exact value as a dashed line and, where ``sd`` gives
    the standard deviation of one trial, the band exact ± 2 standard errors (2 sd / sqrt(n)): after any
    one number of trials the running mean lands inside it about 95 times in 100 (a promise about each
    number of trials on its own: a whole running line stays inside all the way far less often).
    Returns the matplotlib figure.
    """
    import matplotlib.pyplot as plt
    import numpy as np

    if ax is None:
        fig, ax = plt.subplots(figsize=(7, 3.6))
    else:
        fig = ax.figure
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for i, (label, values, exact) in enumerate(estimates):
        colour = colours[i % len(colours)]
        run = np.asarray(running_mean(values))
        n = np.arange(1, len(run) + 1)
        # about 400 points, evenly spread on the log scale, are enough to draw the line
        keep = np.unique(np.geomspace(min(start, len(run)), len(run), 400).astype(int)) - 1
        ax.plot(n[keep], run[keep], color=colour, lw=1.3, label=f"{label}: simulated")
        ax.axhline(float(exact), color=colour, ls="--", lw=1, label=f"{label}: exact {approx(exact)}")
        if sd is not None:
            half = 2 * sd[i] / np.sqrt(n[keep])
            ax.fill_between(n[keep], float(exact) - half, float(exact) + half, color=colour, alpha=0.12, lw=0)
    ax.set_xscale("log")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if title:
        ax.set_title(title)
    ax.legend(fontsize="small", loc="best")
    fig.tight_layout()
    describe(ax, convergence_description(estimates, sd=sd, ylabel=ylabel, title=title, xlabel=xlabel, start=start))
    return fig


def number(x: Any) -> str:
    """A measured or exact number for reading aloud, its digits fitted to its size: ``1,806``,
    ``10.87``, ``0.167``, ``0.0463``."""
    x = float(x)
    size = abs(x)
    if size >= 100:
        return f"{x:,.0f}"
    if size >= 10:
        return f"{x:.2f}"
    if size >= 0.1 or size == 0:
        return f"{x:.3f}"
    return f"{x:.2g}" if size < 0.001 else f"{x:.4f}"


def exact_text(x: Any) -> str:
    """An exact value in words: the fraction and its decimal where the fraction is short
    (``1/6 ≈ 0.167``), else the decimal."""
    from fractions import Fraction

    if isinstance(x, (Fraction, int)) and not isinstance(x, bool):
        x = Fraction(x)
        if x.denominator == 1:
            return f"{x.numerator:,}"
        if x.denominator <= 1000 and abs(x.numerator) < 100_000:
            return f"{frac(x)} ≈ {number(x)}"
    return number(x)


def convergence_description(
    estimates: Sequence[tuple[str, Any, Any]],
    *,
    sd: Sequence[float] | None = None,
    ylabel: str = "estimate",
    title: str = "",
    xlabel: str = "number of trials (log scale)",
    start: int = 10,
) -> str:
    """What :func:`convergence_plot` draws, in words, from the same numbers: the axes, and for each
    estimate its running value at the start, in the middle (on the log scale) and at the end, the
    exact value it approaches, the band around it and how far from it the simulation ends."""
    import math

    unit = xlabel.replace(" (log scale)", "").removeprefix("number of ")
    parts = []
    for i, (label, values, exact) in enumerate(estimates):
        run = running_mean(values)
        n = len(run)
        first = min(start, n)
        middle = int(10 ** round((math.log10(first) + math.log10(n)) / 2))
        if not first < middle < n:
            middle = (first + n) // 2
        text = (f"{label[:1].upper() + label[1:]}: the simulated running value is {number(run[first - 1])} after {first:,} {unit}, "
                f"{number(run[middle - 1])} after {middle:,} and {number(run[-1])} after {n:,}; the dashed line is the "
                f"exact value, {exact_text(exact)}")
        if sd is not None and sd[i] > 0:
            band = [2 * sd[i] / k**0.5 for k in (first, n)]
            gap = abs(run[-1] - float(exact)) / (sd[i] / n**0.5)
            text += (f", and the shaded band of two standard errors around it narrows from ±{number(band[0])} to "
                     f"±{number(band[1])}: the simulation ends {gap:.1f} standard errors from the exact value")
        parts.append(text + ".")
    head = f"{title[:1].upper() + title[1:]}. " if title else ""
    return (f"{head}A line chart. Horizontal axis, on a logarithmic scale: {unit}, from {min(start, len(estimates[0][1])):,} "
            f"to {len(estimates[0][1]):,}. Vertical axis: {ylabel}. " + " ".join(parts))


def describe(ax: Any, text: str) -> None:
    """Record ``text`` as the description of the chart on ``ax`` (:func:`show` reads it)."""
    fig = ax.figure
    fig.__dict__.setdefault("gamekit_descriptions", []).append((ax, text))


class Chart:
    """A matplotlib figure as a PNG that carries its text description.

    In a notebook it shows as the picture (``image/png``); its plain text (``text/plain``, which
    nbval compares with the stored output) is the description. The PNG stores the description as
    its ``Description`` text, and the book's pages make that the picture's ``alt`` text
    (``book/_ext/accessible_pages.py``).
    """

    def __init__(self, fig: Any, description: str) -> None:
        from IPython.core.pylabtools import print_figure

        self.description = description
        self.png = print_figure(fig, "png", metadata={"Description": description})

    def _repr_png_(self) -> tuple[bytes, dict[str, str]]:
        return self.png, {"alt": self.description}

    def __repr__(self) -> str:
        return self.description


def show(fig: Any = None, text: str = "") -> None:
    """Display ``fig`` (the current figure if None) with its text description and close it.

    The description is ``text`` (what the lesson says the chart shows, written from its numbers)
    followed by what :func:`convergence_plot` recorded for each of its panels; a figure with no words
    at all is refused, so that no chart goes without a description."""
    import matplotlib.pyplot as plt
    from IPython.display import display

    fig = fig if fig is not None else plt.gcf()
    recorded = fig.__dict__.get("gamekit_descriptions", [])
    panels = [ax for ax in fig.axes if ax.get_label() != "<colorbar>"]
    words = [text.strip()] if text.strip() else []
    for ax, said in sorted(recorded, key=lambda r: panels.index(r[0]) if r[0] in panels else len(panels)):
        where = f"Panel {panels.index(ax) + 1} of {len(panels)}: " if len(panels) > 1 and ax in panels else ""
        words.append(where + said)
    if not words:
        raise ValueError("a chart needs a text description: pass text=..., or draw it with convergence_plot")
    display(Chart(fig, " ".join(words)))
    plt.close(fig)


def table(rows: Iterable[Sequence[Any]], header: Sequence[str], align: str | None = None) -> Any:
    """A Markdown table (a cell shows it): ``header`` and rows of already formatted cells."""
    header = list(header)
    align = align or "l" + "r" * (len(header) - 1)
    marks = {"l": "---", "r": "---:", "c": ":---:"}
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join(marks[a] for a in align) + " |"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return say("\n".join(lines))


def each(values: Iterable[Any], form: Callable[[Any], str] = frac, last: str = "and") -> str:
    """``a, b and c`` from formatted values."""
    items = [form(v) for v in values]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {last} " + items[-1]
