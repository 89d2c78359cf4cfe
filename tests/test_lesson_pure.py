"""The lessons' pure-Python samplers (gamekit.lessons.pure) against their exact distributions, and the
Vega-Lite charts (gamekit.lessons.charts) that let the lessons run in the browser (issue 32).

Each sampler's mean over many seeded trials is compared with the exact mean (computed here or by
the engine's exact functions), within five standard errors; the same seed gives the same numbers,
and a generator passed on continues its stream."""

from __future__ import annotations

import json
import math
import shutil
from fractions import Fraction

import pytest
from helpers import auction_ends

from gamekit.dice import d6, green_die, two_d6
from gamekit.lessons import pure
from gamekit.lessons.charts import (
    VEGALITE,
    VegaChart,
    VegaPanels,
    bar_chart,
    convergence_chart,
    line_chart,
    lines_chart,
    panels,
    svg_script,
)
from gamekit.rng import Rng

N = 20_000


def _close(values, exact_mean: float, exact_sd: float) -> None:
    mean = sum(values) / len(values)
    assert abs(mean - exact_mean) <= 5 * exact_sd / math.sqrt(len(values)), (mean, exact_mean)


def _moments(dist) -> tuple[float, float]:
    mean = sum(Fraction(k) * p for k, p in dist.items())
    var = sum((Fraction(k) - mean) ** 2 * p for k, p in dist.items())
    return float(mean), float(var) ** 0.5


def test_sample_draws_each_die_from_its_exact_distribution():
    for die in (d6, green_die, two_d6):
        drawn = pure.sample(die, N, seed=1)
        assert set(drawn) <= set(die.outcomes)
        mean, sd = _moments(die.probabilities)
        _close(drawn, mean, sd)
        for face, p in die.table():  # every face's share within five standard errors too
            share = drawn.count(face) / N
            assert abs(share - float(p)) <= 5 * math.sqrt(float(p * (1 - p)) / N), (die.name, face, share)


def test_the_same_seed_gives_the_same_rolls_and_a_generator_continues():
    assert pure.sample(d6, 50, seed=7) == pure.sample(d6, 50, seed=7)
    assert pure.sample(d6, 50, seed=7) != pure.sample(d6, 50, seed=8)
    rng = Rng(7)
    first, second = pure.sample(d6, 25, seed=rng), pure.sample(d6, 25, seed=rng)
    assert first + second == pure.sample(d6, 50, seed=7)
    # a plain die: the very numbers Die.roll gives with the same generator
    rng = Rng(3)
    assert pure.sample(d6, 20, seed=3) == [d6.roll(rng) for _ in range(20)]


def test_kept_die_keeps_the_die_worth_more_points():
    """Rules itc-dice, itc-red-die: the exact mean points and cards of the kept die, counted here
    over the equally likely pairs of faces (red: 6 - face in points, face in cards)."""
    from gamekit.itc.dice_turn import DIE_SIDES
    from gamekit.itc.probability import RED_POINTS

    got = pure.kept_die(("green", "red"), N, seed=2)
    pairs = [(g, r) for g in range(1, DIE_SIDES["green"] + 1) for r in range(1, DIE_SIDES["red"] + 1)]
    kept = [(g, 0) if g >= RED_POINTS - r else (RED_POINTS - r, r) for g, r in pairs]
    points = {}
    for pts, _ in kept:
        points[pts] = points.get(pts, 0) + Fraction(1, len(pairs))
    _close(got["points"], *_moments(points))
    assert all((c == 0) == f for c, f in zip(got["cards"], got["first"]))
    assert len(got["rolls"]["green"]) == len(got["rolls"]["red"]) == N
    with pytest.raises(ValueError):
        pure.kept_die(("green", "green"), 1)


def test_factory_investments_place_numbers_as_the_exact_distribution_says():
    from gamekit.catan.production import numbers_distribution

    got = pure.factory_investments(N // 4, 9, seed=3)
    assert len(got["placed"]) == N // 4 and all(len(row) == 9 for row in got["placed"])
    _close([row[-1] for row in got["placed"]], *_moments(numbers_distribution(9)))
    for placed, failed in zip(got["placed"], got["failed"]):
        before = [0, *placed[:-1]]
        assert failed == [a == b for a, b in zip(placed, before)]


def test_waiting_times_and_production_rolls():
    waits = pure.rolls_until([1, 6], N, seed=4)  # geometric with p = 1/3: mean 3, sd sqrt(6)
    assert min(waits) >= 1
    _close(waits, 3.0, math.sqrt(6))
    rolls = pure.production_rolls(10, N // 10, seed=5)
    _close([r for row in rolls for r in row], *_moments(two_d6.probabilities))
    # a brick on a 5, a lumber on an 8 or an 11: the exact mean wait (first-step analysis)
    income = {s: [int(s == 5), int(s in (8, 11)), 0, 0, 0] for s in range(2, 13)}
    pb, pl = two_d6[5], two_d6[8] + two_d6[11]
    mean = float((1 + pb / pl + pl / pb) / (pb + pl))
    waits = pure.rolls_until_holding(income, [1, 1, 0, 0, 0], N // 4, seed=6)
    assert abs(sum(waits) / len(waits) - mean) < 0.05 * mean
    assert pure.rolls_until_holding(income, [0, 0, 0, 0, 0], 3) == [0, 0, 0]
    with pytest.raises(ValueError):
        pure.rolls_until_holding(income, [0, 0, 1, 0, 0], 1)


def test_a_chart_is_a_vega_lite_specification_with_its_description():
    sixes = [r == 6 for r in pure.sample(d6, 1_000, seed=1)]
    chart = convergence_chart([("share of sixes", sixes, d6[6])], sd=[float(d6[6] * (1 - d6[6])) ** 0.5],
                              ylabel="share of sixes", xlabel="rolls (log scale)", title="one d6")
    bundle, metadata = chart._repr_mimebundle_()
    # no "..." menu beside the chart in JupyterLab and JupyterLite (room on a phone; no outside editor)
    assert metadata == {VEGALITE: {"embed_options": {"actions": False}}}
    assert bundle["text/plain"] == chart.description == bundle[VEGALITE]["description"]
    assert "Horizontal axis, on a logarithmic scale" in chart.description and "1/6" in chart.description
    json.dumps(bundle[VEGALITE])  # plain data: what a front end draws
    lines = [layer for layer in bundle[VEGALITE]["layer"] if layer["mark"]["type"] == "line"]
    assert lines[0]["data"]["values"][-1]["value"] == pytest.approx(sum(sixes) / len(sixes))
    both = panels([chart, bar_chart([{"sum": 7, "share": 0.2}], x="sum", y="share", description="One bar.")], "Two.")
    assert both.description.startswith("Two. Panel 1 of 2: One d6.") and "Panel 2 of 2: One bar." in both.description
    with pytest.raises(ValueError):
        VegaChart({"mark": "bar"}, " ")


def test_a_chart_fits_its_output_and_panels_are_single_views_one_after_another():
    """Issue 32 at 360 px: a chart in JupyterLab or JupyterLite is 310 px wide with its axes and legend
    (autosize fit-x), so it fits a phone's output; Vega-Lite cannot fit a composed view (concat,
    facet), so panels and facets are single views shown in turn."""
    chart = line_chart([(1, 0.5), (10, 0.25)], title="t", x="rolls", y="share", description="Two points.")
    assert chart.spec["width"] == 310 and chart.spec["autosize"] == {"type": "fit-x", "contains": "padding"}
    assert chart.spec["usermeta"] == {"gamekitWidth": 420}
    both = panels([chart, bar_chart([{"sum": 7, "share": 0.2}], x="sum", y="share", description="One bar.")], "Two.")
    assert isinstance(both, VegaPanels) and [c.description for c in both.charts] == [
        "Two. Panel 1 of 2: Two points.", "Panel 2 of 2: One bar."]
    assert all(c.spec["width"] == 310 and "concat" not in c.spec for c in both.charts)
    rows = [{"rolls": f"{n} rolls", "sum": s, "share": float(p), "exact": float(p)} for n in (10, 100) for s, p in two_d6.table()]
    facets = bar_chart(rows, x="sum", y="share", dots="exact", facet="rolls", title="bars", description="Both.")
    assert isinstance(facets, VegaPanels) and len(facets.charts) == 2
    first, second = facets.charts
    assert first.spec["title"] == {"text": "10 rolls", "subtitle": "bars"} and second.spec["title"] == "100 rolls"
    assert first.description.startswith("Both. Panel 1 of 2: 10 rolls: a bar chart of 11 bars. Horizontal axis: sum")
    assert "the highest at 7" in second.description and len(second.spec["data"]["values"]) == 11
    shown = []
    import IPython.display

    original = IPython.display.display
    IPython.display.display = shown.append
    try:
        facets._ipython_display_()
    finally:
        IPython.display.display = original
    assert shown == facets.charts


@pytest.mark.skipif(shutil.which("node") is None or svg_script() is None,
                    reason="needs Node and web/node_modules (make web)")
def test_the_static_svg_of_a_chart_that_fits_its_output_is_drawn_at_its_own_width():
    """The book's page keeps a picture's size: tools/vega_svg.mjs draws the chart at the width it was
    made with (its plot 420 wide, the axes beside it), not the 310 px of the whole fitted chart."""
    import re

    svg = line_chart([(1, 0.5), (10, 0.25)], title="t", x="rolls", y="share", description="Two points.").svg()
    width = int(re.search(r'<svg[^>]* width="(\d+)"', svg).group(1))
    assert 420 < width < 520, width


@pytest.mark.skipif(shutil.which("node") is None or svg_script() is None,
                    reason="needs Node and web/node_modules (make web)")
def test_the_svg_is_drawn_by_vega_with_the_description_as_its_title():
    chart = bar_chart([{"sum": s, "share": float(p)} for s, p in two_d6.table()], x="sum", y="share",
                      description="Eleven bars, highest at 7.")
    svg = chart._repr_mimebundle_()[0]["image/svg+xml"]
    assert svg.startswith("<svg") and '<title>Eleven bars, highest at 7.</title>' in svg
    assert svg.count("<path") + svg.count("<rect") >= 11


def test_sample_rolls_to_cover_follows_the_exact_distribution():
    """Rule transport-movement: a d6 plus the vehicle's bonus per roll until the goal; every number
    of rolls as often as gamekit's exact ``rolls_to_cover`` says."""
    from gamekit.transportspelet import rolls_to_cover

    for mode, steps in (("train", 19), ("plane", 13), ("ship", 5)):
        got = pure.sample_rolls_to_cover(mode, steps, N, seed=11)
        dist = rolls_to_cover(mode, steps)
        assert set(got) <= set(dist)
        _close(got, *_moments(dist))
        for k, p in dist.items():
            share = got.count(k) / N
            assert abs(share - float(p)) <= 5 * math.sqrt(float(p * (1 - p)) / N) + 1e-12, (mode, k, share)
    # the plane covers 13 steps in two rolls when the dice show 7 or more (21 of 36 pairs): never in one
    assert min(pure.sample_rolls_to_cover("plane", 13, 500, seed=1)) == 2
    assert pure.sample_rolls_to_cover("car", 19, 30, seed=3) == pure.sample_rolls_to_cover("car", 19, 30, seed=3)
    with pytest.raises(ValueError, match="no mode"):
        pure.sample_rolls_to_cover("bicycle", 10, 1)


@pytest.mark.parametrize("limit", [0, 1, 2])
def test_auctions_on_the_engines_auction_match_the_engine_played_with_its_bots(limit):
    from gamekit.auf_achse.data import contracts
    from gamekit.auf_achse.examples import BERLIN_TRIESTE

    card = contracts()[BERLIN_TRIESTE]
    e = Fraction(1, 2)
    ends, coins = auction_ends(card, limit, e)
    n = N // 2
    sim = pure.auctions(card.costs, card.revenue, 4, limit, float(e), n, seed=7)
    assert len(sim["winner"]) == len(sim["offer"]) == len(sim["coins"]) == n
    pairs = list(zip(sim["winner"], sim["offer"]))
    assert set(pairs) <= set(ends)
    for end, p in ends.items():
        share = pairs.count(end) / n
        assert abs(share - float(p)) <= 5 * math.sqrt(float(p * (1 - p)) / n) + 1e-12, (end, share, p)
    mean_coins = sum(sim["coins"]) / n
    assert abs(mean_coins - float(coins)) < 0.05 * float(coins)


def test_auctions_without_the_right_to_match_agree_with_the_numpy_chain():
    """``chooser_matches=False`` (everybody must raise): the same distribution of ends as the numpy
    sampler's chain (written separately, checked against the engine in test_lesson_samplers.py)."""
    np = pytest.importorskip("numpy")
    from gamekit.auf_achse.data import contracts
    from gamekit.auf_achse.examples import BERLIN_TRIESTE
    from gamekit.lessons import samplers

    card = contracts()[BERLIN_TRIESTE]
    n = N // 2
    ours = pure.auctions(card.costs, card.revenue, 4, 2, 0.5, n, seed=5, chooser_matches=False)
    theirs = samplers.auctions(card.costs, card.revenue, 4, 2, 0.5, 200_000, seed=5, chooser_matches=False)
    ends = set(zip(theirs["winner"].tolist(), theirs["offer"].tolist()))
    assert set(zip(ours["winner"], ours["offer"])) <= ends
    for w, k in ends:
        p = float(np.mean((theirs["winner"] == w) & (theirs["offer"] == k)))
        share = sum(1 for a, b in zip(ours["winner"], ours["offer"]) if (a, b) == (w, k)) / n
        assert abs(share - p) <= 5 * math.sqrt(p * (1 - p) / n) + 0.003, (w, k, share, p)
    # six players, every bidder bids while it may: five coins; the chooser matches the fifth offer
    long = pure.auctions(card.costs, card.revenue, 6, 5, 1.0, 200, seed=9, keep=0.0)
    assert set(long["coins"]) == {5} and set(long["offer"]) == {5} and set(long["winner"]) == {0}
    # nobody bids when the bidders never want to: the chooser takes it free
    idle = pure.auctions(card.costs, card.revenue, 4, 5, 0.0, 50, seed=1)
    assert set(idle["winner"]) == {0} and set(idle["offer"]) == {0}


def test_step_lines_and_dashed_series():
    chart = lines_chart({"exact": [(0, 0.0), (1, 0.5)], "simulated": [(0, 0.0), (1, 0.49)]}, title="t", x="k",
                        y="P", description="Two steps.", steps=True, dashed=["simulated"])
    solid, dashed = chart.spec["layer"][:2]
    assert solid["mark"]["interpolate"] == dashed["mark"]["interpolate"] == "step-after"
    assert "strokeDash" not in solid["mark"] and dashed["mark"]["strokeDash"] == [5, 4]
    assert {v["series"] for v in solid["data"]["values"]} == {"exact"}
    assert {v["series"] for v in dashed["data"]["values"]} == {"simulated"}
    assert solid["encoding"]["color"] == dashed["encoding"]["color"]  # one colour scale: one legend
