"""The factories chapter's widget "Trial a factory investment" in headless Chromium, no kernel,
outside network blocked: investments and production rolls come from gamekit in the page."""

from __future__ import annotations

import pytest

from gamekit.dice import d6
from gamekit.rng import Rng

from .conftest import open_widget_page

pytestmark = pytest.mark.browser

PAGE = "book/factories/rules.html"
LOAD_TIMEOUT_MS = 120_000


def test_trial_a_factory_investment(watch, site_url):
    page, root = open_widget_page(watch, site_url, PAGE, ".gk-fac")
    assert root.locator("[data-testid='gk-failure']").inner_text().startswith("Chance that the next investment fails: 0 (0 %)")
    # First investment: three free holes, so the reader puts the peg into one.
    root.locator("[data-testid='gk-invest-0']").click()
    root.locator("[data-testid='gk-pending']").filter(has_text="Rolled").wait_for(timeout=LOAD_TIMEOUT_MS)
    first = d6.roll(Rng(1998))
    assert root.locator("[data-testid='gk-pending']").inner_text().startswith(f"Rolled {first}:")
    root.locator("[data-testid='gk-hole-0-1']").click()
    root.locator("[data-testid='gk-history'] li").first.wait_for(timeout=30_000)
    assert root.locator("[data-testid='gk-history'] li").first.inner_text().startswith(f"Factory 1: rolled {first}, peg {first}")
    failure = root.locator("[data-testid='gk-failure']")
    failure.filter(has_text="1/6").wait_for(timeout=30_000)
    # Many production rolls: observed shares appear beside the exact expectation.
    root.locator("[data-testid='gk-produce-1000']").click()
    root.locator("[data-testid='gk-production']").filter(has_text="1,000 rolls").wait_for(timeout=30_000)
    rows = root.locator("[data-testid='gk-production'] tr[data-testid^='gk-prod-']")
    assert rows.count() == 1
    cells = rows.first.locator("td").all_inner_texts()
    basic_observed = float(cells[1])
    assert cells[2].startswith("1/6") and abs(basic_observed - 1 / 6) < 0.06
    assert cells[4].startswith("1/18")
    assert watch.outside == [] and watch.errors == []
