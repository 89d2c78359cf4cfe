"""The Trade Feud chapter's widget "Build a trade connection" in headless Chromium, no kernel, outside
network blocked: placements by mouse and by keyboard reach a trade connection (trade-feud-connection);
an illegal placement is refused with the rule's label (trade-feud-branching)."""

from __future__ import annotations

import pytest

from .conftest import open_widget_page

pytestmark = pytest.mark.browser

PAGE = "book/trade-feud/rules.html"
LOAD_TIMEOUT_MS = 120_000


def test_build_a_trade_connection(watch, site_url):
    page, root = open_widget_page(watch, site_url, PAGE, ".gk-tf")
    tokens = root.locator("[data-testid='gk-tf-tokens']")
    assert tokens.inner_text() == "Victory point tokens: Red 1, Blue 1, White 1"
    history = root.locator("[data-testid='gk-history'] li")
    # A click on the board: Red's ship on the coast edge 16 - 11.
    root.locator("[data-testid='gk-tf-edge-17']").click()
    history.first.wait_for(timeout=LOAD_TIMEOUT_MS)
    assert history.first.inner_text() == "Red placed a ship on edge 17 (intersections 11–16, between the pasture and the sea)"
    assert root.locator("[data-testid='gk-tf-piece-17']").count() == 1
    # The keyboard: ships, a listed legal placement with Enter.
    root.locator("[data-testid='gk-tf-piece-ship']").focus()
    page.keyboard.press("Enter")
    root.locator("[data-testid='gk-tf-piece-ship'][aria-pressed='true']").wait_for(timeout=30_000)
    root.locator("[data-testid='gk-tf-legal-ship-18']").focus()
    page.keyboard.press("Enter")
    history.nth(1).wait_for(timeout=30_000)
    error = root.locator("[data-testid='gk-error']")
    assert error.inner_text() == ""
    assert page.evaluate("document.activeElement && document.activeElement.tagName") != "BODY"
    # An illegal placement clicked on the board: a third ship out to sea from the empty intersection 11
    # would branch Red's route there.
    root.locator("[data-testid='gk-tf-edge-10']").click()
    error.filter(has_text="trade-feud-branching").wait_for(timeout=30_000)
    assert error.locator("a").get_attribute("href") == "#trade-feud-branching"
    assert page.locator("#trade-feud-branching").count() == 1
    assert history.count() == 2  # the situation stayed as it was
    # A board edge with Space.
    edge = root.locator("[data-testid='gk-tf-edge-19']")
    assert edge.get_attribute("role") == "button" and edge.get_attribute("tabindex") == "0"
    edge.focus()
    page.keyboard.press(" ")
    connection = root.locator("[data-testid='gk-tf-connection-0']")
    connection.wait_for(timeout=30_000)
    assert tokens.inner_text() == "Victory point tokens: Red 2, Blue 1, White 0"
    assert root.locator("[data-testid='gk-tf-contributed-0']").inner_text() == (
        "Pieces contributed: Red 4, White 0. Red contributed more.")
    assert root.locator("[data-testid='gk-tf-token-0']").inner_text() == "White gives a victory point token to Red."
    assert "No pieces return" in root.locator("[data-testid='gk-tf-returned-0']").inner_text()
    assert "Trade connection between Red and White" in root.locator("[data-testid='gk-status']").inner_text()
    assert watch.outside == [] and watch.errors == []


def test_a_rule_on_another_page_is_linked_there(watch, site_url):
    """A refusal citing a rule of another chapter (seafarers-ship, in the Catan base chapter) links to
    that chapter's anchor, through gamekit-assets/rule-links.json; the link leads to the rule."""
    page, root = open_widget_page(watch, site_url, PAGE, ".gk-tf")
    assert page.locator("#seafarers-ship").count() == 0  # not on this page
    root.locator("[data-testid='gk-tf-edge-20']").click()  # a ship with no route of Red's to carry it on
    link = root.locator("a[data-testid='gk-error-rule']")
    link.wait_for(timeout=LOAD_TIMEOUT_MS)
    href = link.get_attribute("href")
    assert link.inner_text() == "seafarers-ship" and href == site_url + "book/catan/base.html#seafarers-ship"
    page.goto(href, wait_until="load")
    assert page.locator("#seafarers-ship").count() == 1
    assert watch.outside == [] and watch.errors == []
