"""The ITC chapter's widgets in headless Chromium, no kernel, outside network blocked: each is
used as a reader would, and its answers come from gamekit running in the page (Pyodide)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamekit.dice import blue_die, green_die, red_die
from gamekit.rng import Rng

pytestmark = pytest.mark.browser

SITE = Path(__file__).resolve().parents[2] / "_build" / "html"
PAGE = "book/itc/rules.html"
LOAD_TIMEOUT_MS = 120_000


@pytest.fixture
def page(watch, site_url):
    if not (SITE / PAGE).is_file():
        pytest.fail(f"{PAGE} is not built")
    watch.page.goto(site_url + PAGE, wait_until="load")
    yield watch.page
    assert watch.outside == [], watch.outside
    assert watch.errors == [], watch.errors


def widget(page, testid: str, nth: int = 0):
    root = page.locator(f".gk-itc:has([data-testid='{testid}'])").nth(nth)
    root.wait_for(state="visible", timeout=30_000)
    root.scroll_into_view_if_needed()
    return root


def test_dice_choice(page):
    """labels itc-dice, itc-red-die: the rolls equal gamekit's seeded rolls in CPython."""
    root = widget(page, "gk-expectations")
    assert root.locator("[data-testid='gk-expectations'] tr").count() == 4  # header + 3 pairs
    root.locator("[data-testid='gk-choose-blue-red']").click()
    root.locator("[data-testid='gk-choose-blue-red'].gk-on").wait_for(timeout=LOAD_TIMEOUT_MS)
    root.locator("[data-testid='gk-roll']").click()
    root.locator("[data-testid='gk-die-red']").wait_for(timeout=LOAD_TIMEOUT_MS)
    rng = Rng(1998)
    blue, red = blue_die.roll(rng), red_die.roll(rng)
    assert root.locator("[data-testid='gk-die-blue']").inner_text() == str(blue)
    assert root.locator("[data-testid='gk-die-red']").inner_text() == str(red)
    root.locator("[data-testid='gk-keep-red']").click()
    effect = root.locator("[data-testid='gk-effect']")
    effect.filter(has_text="red die").wait_for(timeout=30_000)
    assert f"draw {red} transport card" in effect.inner_text() and f"{6 - red} leftover" in effect.inner_text()


def test_sales_markers_example_1(page):
    """labels itc-selling-example-1, itc-selling: refused sale names the rule; place then sell 16,500."""
    root = widget(page, "gk-goods", 0)
    # refused now (aria-disabled) but pressable: pressing it says why (force: Playwright would wait
    # for an aria-disabled button to become enabled)
    root.locator("[data-testid='gk-sell-1']").click(force=True)
    error = root.locator("[data-testid='gk-error']")
    error.filter(has_text="itc-selling").wait_for(timeout=LOAD_TIMEOUT_MS)
    assert root.locator("[data-testid='gk-points']").inner_text() == "4"
    root.locator("[data-testid='gk-place']").click()
    root.locator("[data-testid='gk-points']:text-is('3')").wait_for(timeout=30_000)
    root.locator("[data-testid='gk-sell-3']").click()
    root.locator("[data-testid='gk-profit']:text-is('16,500')").wait_for(timeout=30_000)
    assert root.locator("[data-testid='gk-error']").inner_text() == ""
    assert root.locator("[data-testid='gk-goods-black']").count() == 0
    assert root.locator("[data-testid='gk-goods-yellow']").count() == 1


def test_sales_markers_example_2(page):
    """label itc-selling-example-2: only black, red and green can be sold with three markers."""
    root = widget(page, "gk-goods", 1)
    root.locator("[data-testid='gk-sell-4']").click(force=True)  # refused now, pressable (see example 1)
    root.locator("[data-testid='gk-error']").filter(has_text="itc-selling").wait_for(timeout=LOAD_TIMEOUT_MS)
    assert "black, red, green" in root.locator("[data-testid='gk-sell-3']").inner_text()
    root.locator("[data-testid='gk-sell-3']").click()
    root.locator("[data-testid='gk-profit']:text-is('6,500')").wait_for(timeout=30_000)


def test_grey_market_fight(page):
    """label itc-grey-market-fight: rolled to the end in the page, as gamekit rolls it in CPython."""
    root = widget(page, "gk-outcomes")
    root.locator("[data-testid='gk-end']").click()
    root.locator("[data-testid='gk-standing']").filter(has_text="grey market").wait_for(timeout=LOAD_TIMEOUT_MS)
    attackers = int(root.locator("[data-testid='gk-attackers']").input_value())
    defenders = int(root.locator("[data-testid='gk-defenders']").input_value())
    rng, a, d, expected = Rng(1998), attackers, defenders, []
    while a and d:
        ra, rd = blue_die.roll(rng), green_die.roll(rng)
        expected.append((ra, rd))
        d -= ra > rd
        a -= rd > ra
    shown = root.locator("[data-testid='gk-rolls'] li").all_inner_texts()
    assert len(shown) == len(expected)
    for text, (ra, rd) in zip(shown, expected, strict=True):
        assert text.startswith(f"attacker {ra} : {rd} defender")
    assert f"Attackers {a} : {d} defenders" in root.locator("[data-testid='gk-standing']").inner_text()
