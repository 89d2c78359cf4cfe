"""The lessons' charts as Vega-Lite specifications: drawn the same in the book, JupyterLab and JupyterLite.

No matplotlib (Pyodide here has none): a chart is a Vega-Lite specification, a plain dict made
with the standard library, shown through a mimebundle:

* ``application/vnd.vegalite.v5+json``, which JupyterLab and JupyterLite draw themselves (their
  Vega 5 renderer), with nothing installed in the kernel;
* ``image/svg+xml`` where Node and the project's ``tools/vega_svg.mjs`` are at hand (the book's
  build, JupyterLab and nbval in the project; the environment variable ``GAMEKIT_VEGA_SVG`` may name
  the script elsewhere): the script draws the specification with the Vega project's own libraries
  (npm ``vega`` and ``vega-lite`` in ``web/``, the major versions JupyterLab draws with), so the
  static page shows that same chart, with the description as its ``<title>`` (the page's ``alt``
  text, ``book/_ext/accessible_pages.py``). In the browser (Pyodide: no Node) the chart comes
  without it, and JupyterLite draws the specification itself;
* ``text/plain``: the description in words, written from the same numbers (what nbval compares,
  and what a screen reader or a terminal gets).

Why Vega-Lite: it is data, not code, so the kernel needs no plotting library; both Jupyter front
ends draw it natively; and the Vega project's converter makes a static SVG of exactly that
specification for a page with no kernel.

>>> c = line_chart([(1, 0.5), (10, 0.25)], title="t", x="rolls", y="share", description="Two points.")
>>> c.spec["mark"]["type"], repr(c)
('line', 'Two points.')
"""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import subprocess
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

__all__ = ["VegaChart", "VegaPanels", "VEGALITE", "SVG_SCRIPT", "convergence_chart", "line_chart", "lines_chart", "bar_chart",
           "panels"]

VEGALITE = "application/vnd.vegalite.v5+json"
SCHEMA = "https://vega.github.io/schema/vega-lite/v5.json"
#: The environment variable naming the Node script that draws a specification as SVG.
SVG_SCRIPT = "GAMEKIT_VEGA_SVG"
#: The colours of the estimates (Vega's own category palette, as matplotlib's lessons had C0, C1, ...).
COLOURS = ("#4c78a8", "#f58518", "#54a24b", "#e45756", "#72b7b2", "#b279a2", "#9d755d", "#eeca3b", "#ff9da6", "#bab0ac")
_SVG_HEAD = re.compile(r"<svg\b[^>]*>")


class VegaChart:
    """A chart: a Vega-Lite ``spec`` and its ``description`` in words (see the module docstring)."""

    def __init__(self, spec: dict[str, Any], description: str) -> None:
        if not description.strip():
            raise ValueError("a chart needs a text description")
        self.description = " ".join(description.split())
        self.spec = {"$schema": SCHEMA, "description": self.description, **_fit(spec)}

    def svg(self) -> str | None:
        """The chart as SVG, drawn by the Vega libraries under Node; None where they are not at hand."""
        script = svg_script()
        node = shutil.which("node") if script else None
        if node is None:
            return None
        done = subprocess.run([node, script], input=json.dumps(self.spec), capture_output=True, text=True, check=False)
        if done.returncode:
            raise RuntimeError(f"drawing a chart with {script} failed: {done.stderr[-2000:]}")
        svg = done.stdout
        head = _SVG_HEAD.search(svg)
        if head is None:
            raise RuntimeError(f"{script} gave no SVG")
        labelled = head.group(0)[:-1] + f' role="img" aria-label="{escape(self.description)}">'
        return svg[:head.start()] + labelled + f"<title>{escape(self.description)}</title>" + svg[head.end():]

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """The chart's data by type, and its metadata: JupyterLab's and JupyterLite's Vega renderer
        without its "..." menu (it sits beside the chart, 38 px that a phone has not, and one of its
        entries opens the chart on an outside site)."""
        data: dict[str, Any] = {VEGALITE: self.spec, "text/plain": self.description}
        svg = self.svg()
        if svg is not None:
            data["image/svg+xml"] = svg
        return data, {VEGALITE: {"embed_options": {"actions": False}}}

    def __repr__(self) -> str:
        return self.description


#: The whole width of a chart in JupyterLab and JupyterLite, axes and legend included: what a 360 px
#: phone's output area holds. (Vega-Lite's ``"width": "container"`` would follow the output's width,
#: but JupyterLite's notebook froze on it: the page's main thread never came back.)
FIT_WIDTH = 310


def _fit(spec: dict[str, Any]) -> dict[str, Any]:
    """A single or layered view whose whole chart, axes and legend inside (``autosize`` ``fit-x``),
    is :data:`FIT_WIDTH` wide in JupyterLab and JupyterLite, so that it fits a 360 px phone; the
    width asked for (its plot's) is kept in ``usermeta`` (``gamekitWidth``) for the static SVG, which
    ``tools/vega_svg.mjs`` draws at that width, as before (the book's pages keep a picture's legible
    size and let a wide one scroll in its frame on a phone). Composed views (concat, facet) cannot be
    fitted by Vega-Lite: they are left as they are (:func:`panels` shows charts as single views)."""
    if not isinstance(spec.get("width"), (int, float)) or any(k in spec for k in ("concat", "hconcat", "vconcat",
                                                                                    "facet", "repeat")):
        return spec
    return {**spec, "width": FIT_WIDTH, "autosize": {"type": "fit-x", "contains": "padding"},
            "usermeta": {**spec.get("usermeta", {}), "gamekitWidth": spec["width"]}}


def svg_script() -> str | None:
    """``tools/vega_svg.mjs``, where it can run: named by ``GAMEKIT_VEGA_SVG``, else the project's own
    (beside this package in a working tree whose ``web/node_modules`` has the Vega libraries)."""
    if os.environ.get(SVG_SCRIPT):
        return os.environ[SVG_SCRIPT]
    root = Path(__file__).resolve().parents[2]
    script = root / "tools" / "vega_svg.mjs"
    if script.is_file() and (root / "web" / "node_modules" / "vega-lite").is_dir():
        return str(script)
    return None


def _round(x: float) -> float:
    return float(f"{x:.6g}")


def _axis(title: str, log: bool = False, **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"field": title, "type": "quantitative", "title": title, **extra}
    if log:
        out["scale"] = {"type": "log"}
    return out


def line_chart(points: Sequence[tuple[float, float]], *, title: str, x: str, y: str, description: str,
               log_x: bool = False, width: int = 420, height: int = 220) -> VegaChart:
    """One line through ``points`` (x, y)."""
    values = [{x: _round(a), y: _round(b)} for a, b in points]
    spec = {"title": title, "width": width, "height": height, "data": {"values": values},
            "mark": {"type": "line"}, "encoding": {"x": _axis(x, log_x), "y": _axis(y, zero=False)}}
    return VegaChart(spec, description)


def lines_chart(series: dict[str, Sequence[tuple[float, float]]], *, title: str, x: str, y: str, description: str,
                width: int = 420, height: int = 240, points: bool = False,
                rules: Sequence[tuple[str, float, str]] = (), steps: bool = False,
                dashed: Sequence[str] = ()) -> VegaChart:
    """One line per entry of ``series`` (label: points (x, y)), each in its colour, with a legend;
    ``points`` marks every point; ``rules`` are lines across the chart, ``(axis, value, label)``
    (``"x"``: a vertical line at x = value), drawn thick and pale with their label as a legend entry;
    ``steps`` draws each line as steps (a distribution function: flat from each point to the next);
    the series named in ``dashed`` are drawn dashed."""
    # "step" keeps each line in the order of its points (a walk may go back along x)
    values = [{x: _round(a), y: _round(b), "series": label, "step": k}
              for label, pts in series.items() for k, (a, b) in enumerate(pts)]
    names = [*series, *(label for _, _, label in rules)]
    colour = {"field": "series", "type": "nominal", "title": None, "sort": names,
              "scale": {"domain": names, "range": [COLOURS[i % len(COLOURS)] if i < len(series) else
                                                   ("#2ca02c", "#d62728")[(i - len(series)) % 2]
                                                   for i in range(len(names))]},
              "legend": {"orient": "bottom", "direction": "vertical", "labelLimit": 400}}
    mark: dict[str, Any] = {"type": "line", "point": points}
    if steps:
        mark["interpolate"] = "step-after"
    encoding: dict[str, Any] = {"x": _axis(x), "y": _axis(y, zero=False), "color": colour,
                                "order": {"field": "step", "type": "quantitative"}}
    # the dashed series in a layer of their own, on the same colour scale: one legend
    solid = [v for v in values if v["series"] not in dashed]
    broken = [v for v in values if v["series"] in dashed]
    layers: list[dict[str, Any]] = [{"data": {"values": part}, "mark": {**mark, "strokeDash": dash} if dash else mark,
                                     "encoding": encoding} for part, dash in ((solid, None), (broken, [5, 4])) if part]
    for axis, value, label in rules:
        layers.append({"data": {"values": [{"at": value, "series": label}]},
                       "mark": {"type": "rule", "strokeWidth": 4, "opacity": 0.5},
                       "encoding": {axis: {"field": "at", "type": "quantitative"}, "color": colour}})
    spec = {"title": title, "width": width, "height": height, "layer": layers}
    return VegaChart(spec, description)


def convergence_layers(estimates: Sequence[tuple[str, Sequence[float], Any]], *, sd: Sequence[float] | None,
                       ylabel: str, xlabel: str, start: int = 10, points: int = 200) -> list[dict[str, Any]]:
    """The layers of a convergence chart: per estimate its running value (a line on a log axis from
    trial ``start``), the exact value (a dashed rule) and, with ``sd``, the band exact ± 2 standard
    errors."""
    from . import running_mean

    layers: list[dict[str, Any]] = []
    rows: list[dict[str, Any]] = []
    exacts: list[dict[str, Any]] = []
    for i, (label, values, exact) in enumerate(estimates):
        run = running_mean(values)
        n = len(run)
        first = min(start, n)
        # about ``points`` trial counts, evenly spread on the log scale, draw the line
        keep = sorted({round(first * (n / first) ** (k / (points - 1))) for k in range(points)}) if n > first else [n]
        for k in keep:
            row = {"trials": k, "value": _round(run[k - 1]), "series": label}
            if sd is not None:
                half = 2 * sd[i] / math.sqrt(k)
                row["low"], row["high"] = _round(float(exact) - half), _round(float(exact) + half)
            rows.append(row)
        exacts.append({"exact": float(exact), "series": label})
    x = {"field": "trials", "type": "quantitative", "scale": {"type": "log"}, "title": xlabel}
    # one colour per estimate: its running value (solid), its exact value (dashed), its band (shaded)
    colour = {"field": "series", "type": "nominal", "title": "solid: simulated, dashed: exact",
              "scale": {"range": list(COLOURS)},
              "legend": {"orient": "bottom", "direction": "vertical", "labelLimit": 400, "titleLimit": 400}}
    if sd is not None:
        layers.append({"data": {"values": rows}, "mark": {"type": "area", "opacity": 0.15},
                       "encoding": {"x": x, "y": {"field": "low", "type": "quantitative"}, "y2": {"field": "high"},
                                    "color": colour}})
    layers.append({"data": {"values": rows}, "mark": {"type": "line", "strokeWidth": 1.5},
                   "encoding": {"x": x, "y": {"field": "value", "type": "quantitative", "title": ylabel,
                                               "scale": {"zero": False}}, "color": colour}})
    layers.append({"data": {"values": exacts}, "mark": {"type": "rule", "strokeDash": [5, 4]},
                   "encoding": {"y": {"field": "exact", "type": "quantitative"}, "color": colour}})
    return layers


def convergence_chart(
    estimates: Sequence[tuple[str, Sequence[float], Any]],
    *,
    sd: Sequence[float] | None = None,
    ylabel: str = "estimate",
    title: str = "",
    xlabel: str = "number of trials (log scale)",
    start: int = 10,
    width: int = 420,
    height: int = 220,
) -> VegaChart:
    """The running estimates against their exact values as the number of trials grows (the lessons'
    :func:`gamekit.lessons.convergence_plot`, without matplotlib), described by
    :func:`gamekit.lessons.convergence_description` from the same numbers."""
    from . import convergence_description

    spec: dict[str, Any] = {"width": width, "height": height,
                            "layer": convergence_layers(estimates, sd=sd, ylabel=ylabel, xlabel=xlabel, start=start)}
    if title:
        spec["title"] = title
    words = convergence_description(estimates, sd=sd, ylabel=ylabel, title=title, xlabel=xlabel, start=start)
    return VegaChart(spec, words)


def bar_chart(rows: Sequence[dict[str, Any]], *, x: str, y: str, title: str = "", dots: str | None = None,
              description: str, width: int = 200, height: int = 160, facet: str | None = None,
              columns: int = 4) -> VegaChart | VegaPanels:
    """Bars of ``y`` against ``x`` from ``rows`` (dicts), with ``dots`` (a field) drawn as points on
    them (an exact value beside a share, say); with ``facet``, one small chart per value of that
    field, shown one after another (:class:`VegaPanels`; ``columns`` is ignored)."""
    bars = {"mark": {"type": "bar", "color": COLOURS[0]},
            "encoding": {"x": {"field": x, "type": "ordinal", "title": x, "axis": {"labelAngle": 0}},
                         "y": {"field": y, "type": "quantitative", "title": y}}}
    layer = [bars]
    if dots:
        layer.append({"mark": {"type": "point", "filled": True, "color": COLOURS[1], "size": 30},
                      "encoding": {"x": {"field": x, "type": "ordinal"},
                                   "y": {"field": dots, "type": "quantitative"}}})
    inner = {"width": width, "height": height, "layer": layer}
    if facet:
        # one small chart per value of ``facet``, each a single view that fits its output
        values = list(dict.fromkeys(r[facet] for r in rows))
        charts = []
        for k, value in enumerate(values):
            part = [r for r in rows if r[facet] == value]
            top = max(part, key=lambda r: r[y])
            words = (f"{value}: a bar chart of {len(part)} bars. Horizontal axis: {x}, from {part[0][x]} to {part[-1][x]}. Vertical axis: "
                     f"{y}; the bars from {min(r[y] for r in part):.3g} to {top[y]:.3g} (the highest at {top[x]})"
                     + (f", the dots the {dots}" if dots else "") + ".")
            head: dict[str, Any] = {"text": str(value), "subtitle": title} if title and k == 0 else str(value)
            charts.append(VegaChart({"data": {"values": part}, **inner, "title": head}, words))
        return VegaPanels(charts, description)
    spec = {"data": {"values": list(rows)}, **inner}
    if title:
        spec["title"] = title
    return VegaChart(spec, description)


class VegaPanels:
    """Several charts shown one after another, each a single view that fits its output (a phone's
    width or a wide screen): ``description`` is the whole (``text`` then each panel's), and the first
    panel's own description begins with ``text``; ``charts`` are the panels, each with its
    description ("Panel k of n: ...")."""

    def __init__(self, charts: Sequence[VegaChart], text: str = "") -> None:
        n = len(charts)
        lead = f"{text.strip()} " if text.strip() else ""
        self.charts = [VegaChart({k: v for k, v in c.spec.items() if k not in ("$schema", "description")},
                                 (lead if i == 0 else "") + (f"Panel {i + 1} of {n}: " if n > 1 else "") + c.description)
                       for i, c in enumerate(charts)]
        self.description = " ".join(c.description for c in self.charts)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        for chart in self.charts:
            display(chart)

    def __repr__(self) -> str:
        return self.description


def panels(charts: Sequence[VegaChart], description: str = "", columns: int | None = None) -> VegaPanels:
    """Charts shown together, one after another (each fits its output's width: Vega-Lite cannot make
    a side-by-side composition follow its container); the description is ``description`` then each
    panel's. ``columns`` is accepted for older notebooks and ignored."""
    return VegaPanels(charts, description)
