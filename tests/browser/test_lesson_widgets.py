"""Lesson 6's own widget ("What the hexes around a settlement produce") on the built lesson page, in
headless Chromium, no kernel, outside network blocked, used with the keyboard alone: what it draws is
what gamekit answers for the same seed."""

from __future__ import annotations

import pytest

from gamekit.web import call

from .conftest import open_widget_page

pytestmark = pytest.mark.browser

PAGE = "notebooks/lesson-06-catan.html"
LOAD_TIMEOUT_MS = 120_000
SEED = 1995  # the lesson's CatanProduction(start="lesson-1", seed=1995)


def _focused(page) -> str:
    return page.evaluate("() => document.activeElement === document.body ? 'BODY' : (document.activeElement.dataset.testid || document.activeElement.tagName)")


def _settle(page) -> None:
    page.wait_for_function("() => [...document.querySelectorAll('.gk-widget')].every(w => w.getAttribute('aria-busy') !== 'true')",
                           timeout=LOAD_TIMEOUT_MS)


def _tab_to(page, testid: str, limit: int = 40) -> None:
    for _ in range(limit):
        if _focused(page) == testid:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {testid}")


def _key(page, key: str) -> None:
    page.keyboard.press(key)
    _settle(page)
    assert _focused(page) != "BODY", "focus fell to <body>"


def _drawn(widget) -> dict[str, list[str]]:
    table = widget.locator("[data-testid='gk-production-table']")
    rows = {}
    for tr in table.locator("tbody tr, tfoot tr").all():
        rows[tr.get_attribute("data-testid")] = [tr.locator("th").inner_text(), *tr.locator("td").all_inner_texts()]
    return rows


def _expected(view) -> dict[str, list[str]]:
    rows = {f"gk-hex-{i + 1}": r for i, r in enumerate(view["rows"])}
    rows["gk-total"], rows["gk-any"] = view["total"], view["any"]
    return {k: [r["hex"], str(r["pips"]), r["exact"], r["produced"], r["share"]] for k, r in rows.items()}


def test_lesson6_production_by_keyboard_equals_gamekit(watch, site_url):
    page, widget = open_widget_page(watch, site_url, PAGE, ".gk-catan-production")
    # As drawn from the notebook: the lesson's first settlement, its exact chances, no turns yet.
    assert _drawn(widget) == _expected(call("lessons.catan_production", {"action": {"kind": "setup", "start": "lesson-1",
                                                                                      "seed": SEED}})["ok"]["view"])
    widget.evaluate("w => { const s = document.createElement('span'); s.tabIndex = -1; w.before(s); s.focus(); }")

    # Starting position: two down from the lesson's first settlement (its second one, then 6, 8, 5).
    _tab_to(page, "gk-start")
    _key(page, "ArrowDown")
    _key(page, "ArrowDown")
    widget.locator("[data-testid='gk-title']").filter(has_text="6, 8, 5").wait_for(timeout=LOAD_TIMEOUT_MS)
    # The third hex's number one down the list (a 5 becomes a 4): the reader's own numbers.
    _tab_to(page, "gk-hex-number-3")
    _key(page, "ArrowUp")
    widget.locator("[data-testid='gk-title']").filter(has_text="6, 8, 4").wait_for(timeout=30_000)
    assert widget.locator("[data-testid='gk-start']").input_value() == "own"
    # 1,000 turns a click, twice: the turns add up.
    _tab_to(page, "gk-turns")
    _key(page, "ArrowDown")
    assert widget.locator("[data-testid='gk-turns']").input_value() == "1000"
    _tab_to(page, "gk-roll")
    _key(page, "Enter")
    widget.locator("[data-testid='gk-count']").filter(has_text="1,000 turns so far").wait_for(timeout=30_000)
    assert _focused(page) == "gk-roll"
    _key(page, "Enter")
    widget.locator("[data-testid='gk-count']").filter(has_text="2,000 turns so far").wait_for(timeout=30_000)

    # gamekit's own answer for the same seed and the same clicks
    answer = call("lessons.catan_production", {"action": {"kind": "setup", "start": "own", "numbers": [6, 8, 4], "seed": SEED}})["ok"]
    for _ in range(2):
        answer = call("lessons.catan_production", {"situation": answer["situation"], "action": {"kind": "roll", "n": 1000}})["ok"]
    view = answer["view"]
    assert _drawn(widget) == _expected(view)
    assert [r[2] for r in _drawn(widget).values()] == ["5/36 ≈ 0.139", "5/36 ≈ 0.139", "1/12 ≈ 0.083", "13/36 ≈ 0.361",
                                                        "13/36 ≈ 0.361"]
    status = widget.locator("[data-testid='gk-status']").inner_text()
    assert status == view["announce"] and status.startswith("Rolled 1,000 turns: ")
    assert widget.locator("[data-testid='gk-summary']").inner_text() == view["summary"]
    chart = widget.locator("[data-testid='gk-line'] svg").get_attribute("aria-label")
    assert f"after 2,000 turns: {answer['situation']['cards'] / 2000:.3f}" in chart and f"{13 / 36:.3f}" in chart

    # Reset by keyboard: no turns, same numbers.
    _tab_to(page, "gk-reset")
    _key(page, "Enter")
    widget.locator("[data-testid='gk-count']").filter(has_text="No turns yet").wait_for(timeout=30_000)
    assert "Reset" in widget.locator("[data-testid='gk-status']").inner_text()
    assert watch.outside == [] and watch.errors == []


def test_lesson6_widget_errors_name_the_problem(watch, site_url):
    """Every hex set to "no hex": the service's message is shown, and the widget keeps its numbers."""
    page, widget = open_widget_page(watch, site_url, PAGE, ".gk-catan-production")
    for i in (3, 2, 1):  # from the last: a hex set to "no hex" leaves the list, the others move up
        widget.locator(f"[data-testid='gk-hex-number-{i}']").select_option("0")
        _settle(page)
    widget.locator("[data-testid='gk-error']").filter(has_text="one to 3 numbered hexes").wait_for(timeout=LOAD_TIMEOUT_MS)
    numbers = [widget.locator(f"[data-testid='gk-hex-number-{i}']").input_value() for i in (1, 2, 3)]
    assert numbers == ["9", "0", "0"], "the selects show the numbers the widget still has"
    assert watch.outside == [] and watch.errors == []


@pytest.mark.parametrize("typed", ["twelve", "-3", "4294967296"])
def test_lesson6_seed_field_refuses_what_is_not_a_seed(watch, site_url, typed):
    """A seed that is not a whole number from 0 to 2**32 - 1 is refused in the page with the service's
    sentence; the field shows the seed in use again and the turns rolled are kept. A good seed starts
    the widget again from it."""
    page, widget = open_widget_page(watch, site_url, PAGE, ".gk-catan-production")
    widget.locator("[data-testid='gk-roll']").click()
    count = widget.locator("[data-testid='gk-count']")
    count.filter(has_text="turns so far").wait_for(timeout=LOAD_TIMEOUT_MS)
    rolled = count.inner_text()
    seed = widget.locator("[data-testid='gk-seed']")
    seed.fill(typed)
    seed.dispatch_event("change")
    widget.locator("[data-testid='gk-error']").filter(
        has_text="A seed is a whole number from 0 to 4,294,967,295.").wait_for(timeout=30_000)
    assert seed.input_value() == str(SEED)
    assert count.inner_text() == rolled
    seed.fill("7")
    seed.dispatch_event("change")
    count.filter(has_text="No turns yet").wait_for(timeout=30_000)
    assert widget.locator("[data-testid='gk-error']").inner_text() == ""
    assert watch.outside == [] and watch.errors == []
