"""The Transportspelet chapter's widget "Roll and move" in headless Chromium, no kernel, outside
network blocked: dispatching, rolling and assigning the dice come from gamekit in the page, and the
page's game is the engine's game move for move."""

from __future__ import annotations

import pytest

from gamekit.transportspelet import GAME

from .conftest import open_widget_page

pytestmark = pytest.mark.browser

PAGE = "book/transportspelet/rules.html"
LOAD_TIMEOUT_MS = 120_000


def test_roll_and_move(watch, site_url):
    page, root = open_widget_page(watch, site_url, PAGE, ".gk-ts")
    engine = GAME.new(players=2, seed=1962)
    choice = root.locator("[data-testid='gk-choice']")
    assert root.locator("[data-testid='gk-roll']").is_disabled()
    # Start both transports with the first choice offered (straight to the destination).
    for _ in range(2):
        text = choice.locator("option").first.inner_text()
        choice.select_option(index=0)
        root.locator("[data-testid='gk-choose']").click()
        root.locator("[data-testid='gk-history'] li").nth(len(engine.log)).wait_for(timeout=LOAD_TIMEOUT_MS)
        engine.apply(text)
    # Roll from the keyboard: the dice are the engine's.
    roll = root.locator("[data-testid='gk-roll']")
    roll.focus()
    page.keyboard.press("Enter")
    root.locator("[data-testid='gk-assign-0']").wait_for(timeout=30_000)
    engine.apply("roll")
    shown = root.locator("[data-testid='gk-dice'] .gk-die").all_inner_texts()
    assert [int(d) for d in shown] == engine.dice
    assert root.locator("[data-testid='gk-assign-0']").inner_text() == str(engine.legal_actions()[0])
    root.locator("[data-testid='gk-assign-0']").click()
    engine.apply(engine.legal_actions()[0])
    root.locator("[data-testid='gk-history']").filter(has_text="player 2:").wait_for(timeout=30_000)
    history = root.locator("[data-testid='gk-history'] li").all_inner_texts()
    assert history[: len(engine.log)] == [f"player {e['player'] + 1}: {e['text']}" for e in engine.log]
    assert "chance of at least one telegram" in root.locator("[data-testid='gk-telegram-chance']").inner_text()
    assert root.locator("[data-testid='gk-arrival'] tr").count() >= 2
    assert watch.outside == [] and watch.errors == []
