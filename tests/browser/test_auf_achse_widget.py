"""The Auf Achse chapter's widget in headless Chromium, no kernel, outside network blocked: the reader
plays the worked auction example by clicking, and the answers come from gamekit in the page (Pyodide)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

SITE = Path(__file__).resolve().parents[2] / "_build" / "html"
PAGE = "book/auf_achse/rules.html"
LOAD_TIMEOUT_MS = 120_000


@pytest.fixture
def page(watch, site_url):
    if not (SITE / PAGE).is_file():
        pytest.fail(f"{PAGE} is not built")
    watch.page.goto(site_url + PAGE, wait_until="load")
    yield watch.page
    assert watch.outside == [], watch.outside
    assert watch.errors == [], watch.errors


def widget(page):
    root = page.locator(".gk-auf-achse:has([data-testid='gk-costs'])").first
    root.wait_for(state="visible", timeout=30_000)
    root.scroll_into_view_if_needed()
    return root


def test_worked_auction_example_by_keyboard_and_clicks(page):
    """labels auf-achse-example, auf-achse-chooser-matches: green wins at offer 4 and pays 2,800."""
    root = widget(page)
    assert "2,800 €" in root.locator("[data-testid='gk-costs']").inner_text()
    root.locator("[data-testid='gk-pass']").click()  # yellow
    root.locator("[data-testid='gk-turn']").filter(has_text="Blue").wait_for(timeout=LOAD_TIMEOUT_MS)
    root.locator("[data-testid='gk-bid-2']").click()
    root.locator("[data-testid='gk-turn']").filter(has_text="Green").wait_for(timeout=30_000)
    root.locator("[data-testid='gk-bid-3']").click()
    root.locator("[data-testid='gk-turn']").filter(has_text="Red").wait_for(timeout=30_000)
    assert root.locator("[data-testid='gk-bid-3']").is_enabled()  # the chooser may match
    root.locator("[data-testid='gk-bid-3']").focus()
    page.keyboard.press("Enter")
    root.locator("[data-testid='gk-turn']").filter(has_text="Blue").wait_for(timeout=30_000)
    assert not root.locator("[data-testid='gk-bid-3']").is_enabled()  # the others must raise
    root.locator("[data-testid='gk-pass']").click()
    root.locator("[data-testid='gk-turn']").filter(has_text="Green").wait_for(timeout=30_000)
    root.locator("[data-testid='gk-bid-4']").click()
    root.locator("[data-testid='gk-turn']").filter(has_text="Red").wait_for(timeout=30_000)
    root.locator("[data-testid='gk-pass']").click()
    result = root.locator("[data-testid='gk-result']")
    result.filter(has_text="2,800").wait_for(timeout=30_000)
    assert result.inner_text() == ("Green wins the contract and pays 2,800 € at once; in Trieste the freight "
                                   "revenue is 3,900 €, a profit of 1,100 €.")
    assert "2,200 €" in root.locator("[data-testid='gk-player-green']").inner_text()


def test_one_seat_against_the_bots(page):
    """label auf-achse-auction-order: choosing a seat starts a new auction; bots answer in the page."""
    root = widget(page)
    root.locator("[data-testid='gk-seat']").select_option("3")
    root.locator("[data-testid='gk-new']").click()
    root.locator("[data-testid='gk-history'] li").first.wait_for(timeout=LOAD_TIMEOUT_MS)
    assert "(bot)" in root.locator("[data-testid='gk-history']").inner_text()
    assert root.locator("[data-testid='gk-example']").is_hidden()
