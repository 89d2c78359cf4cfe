"""The built book in headless Chromium with every outside request blocked (issue: foundation).

Every page opens without a page error and without asking for anything outside the site; the
DiceRoller on the dice chapter works with no kernel, its rolls made by gamekit running in the
page through Pyodide, and a seeded roll there equals the same roll made by gamekit in CPython.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import labels_in_source

from gamekit.dice import named_dice
from gamekit.rng import Rng

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_build" / "html"

pytestmark = pytest.mark.browser

# The book's own pages. ``lite/`` is the JupyterLite app the lessons open (issue 32): its pages are
# JupyterLab's, not the book's, and tests/browser/test_lite.py checks them as a student uses them.
PAGES = sorted(
    str(p.relative_to(SITE)) for p in SITE.rglob("*.html")
    if not p.relative_to(SITE).parts[0].startswith(("_", "gamekit-assets", "lite"))
) if SITE.is_dir() else []

# Pyodide's first load on a 2-core machine can take a while; allow it.
LOAD_TIMEOUT_MS = 120_000


def test_the_book_has_its_pages():
    assert "index.html" in PAGES or (SITE / "index.html").is_file()
    assert "book/dice.html" in PAGES
    assert "book/protocol.html" in PAGES


WIDGET_VIEWS = "script[type='application/vnd.jupyter.widget-view+json']"


@pytest.mark.parametrize("page_path", PAGES)
def test_page_opens_offline_without_errors(watch, site_url, page_path):
    """Every page loads with no outside request and no error, watched until it has settled: the
    network idle and, on a page with widgets, the rules loaded in the background (the preload)."""
    watch.page.goto(site_url + page_path, wait_until="load")
    watch.page.wait_for_load_state("networkidle")
    if watch.page.locator(WIDGET_VIEWS).count():
        watch.page.wait_for_function(
            "() => globalThis.gamekitRules && ['ready', 'failed'].includes(globalThis.gamekitRules.state)",
            timeout=LOAD_TIMEOUT_MS)
        assert watch.page.evaluate("() => globalThis.gamekitRules.state") == "ready", watch.errors
    if watch.page.locator(".math").count():
        # Formulas are typeset by the MathJax the book serves itself.
        watch.page.locator("mjx-container").first.wait_for(state="attached", timeout=30_000)
    assert watch.outside == [], f"{page_path} asked for outside resources: {watch.outside}"
    assert watch.errors == [], f"{page_path} reported errors: {watch.errors}"


def _open_dice_page(watch, site_url):
    watch.page.goto(site_url + "book/dice.html", wait_until="load")
    roller = watch.page.locator(".gk-dice").first
    roller.wait_for(state="visible", timeout=30_000)
    return roller


def _wait_for_count(roller, count: int) -> None:
    roller.locator(f'[data-testid="gk-count"]:text-is("{count:,}")').wait_for(timeout=LOAD_TIMEOUT_MS)


def test_dice_roller_rolls_in_the_page(watch, site_url):
    roller = _open_dice_page(watch, site_url)
    assert roller.locator('[data-testid="gk-count"]').inner_text() == "0"
    roller.locator('[data-testid="gk-roll-1"]').click()
    _wait_for_count(roller, 1)
    text = roller.locator('[data-testid="gk-result"]').inner_text()
    match = re.fullmatch(r"(\d) \+ (\d) = (\d+)", text)
    assert match, f"a 2d6 roll shows two faces and their sum, not {text!r}"
    a, b, total = map(int, match.groups())
    assert 1 <= a <= 6 and 1 <= b <= 6 and a + b == total
    # The histogram grows with more rolls.
    roller.locator('[data-testid="gk-roll-100"]').click()
    _wait_for_count(roller, 101)
    observed = roller.locator("rect.gk-observed")
    heights = [float(observed.nth(i).get_attribute("height")) for i in range(observed.count())]
    assert observed.count() == 11 and sum(h > 0 for h in heights) >= 5
    assert watch.outside == [] and watch.errors == []


@pytest.mark.parametrize(("die", "seed"), [("2d6", 2026), ("green-d8", 7), ("blue-vs-green", 123456789)])
def test_seeded_roll_in_pyodide_equals_cpython(watch, site_url, die, seed):
    roller = _open_dice_page(watch, site_url)
    roller.locator('[data-testid="gk-die"]').select_option(die)
    roller.locator('[data-testid="gk-seed"]').fill(str(seed))
    roller.locator('[data-testid="gk-seed"]').dispatch_event("change")
    roller.locator('[data-testid="gk-roll-1"]').click()
    _wait_for_count(roller, 1)
    roller.locator('[data-testid="gk-roll-1"]').click()
    _wait_for_count(roller, 2)
    shown = roller.locator('[data-testid="gk-result"]').inner_text()

    rng = Rng(seed)
    named_dice()[die].roll_detail(rng)
    expected, faces = named_dice()[die].roll_detail(rng)  # the second roll from this seed
    assert str(expected) in shown, f"Pyodide showed {shown!r}, CPython rolled {expected} ({faces})"
    if die == "2d6":
        assert shown == f"{faces[0]} + {faces[1]} = {expected}"

    # And the page really ran gamekit in Pyodide: ask its interpreter directly.
    answer = watch.page.evaluate(
        "([die, seed]) => globalThis.gamekitRules.call('dice.roll', {die, seed, n: 2})",
        [die, seed],
    )
    assert answer["ok"]["result"] == expected
    assert watch.outside == [] and watch.errors == []


def test_engines_play_identically_in_pyodide_and_cpython(watch, site_url):
    """Seeded random games of Pig and of every implemented game give the same saves in the page's
    Pyodide (a newer Python) as in CPython."""
    from gamekit.web import call

    roller = _open_dice_page(watch, site_url)
    roller.locator('[data-testid="gk-roll-1"]').click()  # loads the rules into the page
    _wait_for_count(roller, 1)
    in_page = watch.page.evaluate("() => globalThis.gamekitRules.call('selfcheck.fingerprints', {seeds: 3})")
    assert "ok" in in_page, in_page
    assert in_page["ok"] == call("selfcheck.fingerprints", {"seeds": 3})["ok"]
    version = watch.page.evaluate("() => globalThis.gamekitRules.call('selfcheck.python', {})")["ok"]
    assert not version.startswith("3.11"), "the page should run Pyodide's own (newer) Python"
    # An unexpected error in a service still comes back as an answer, never as silence.
    failed = watch.page.evaluate("() => globalThis.gamekitRules.call('selfcheck.fail', {})")
    assert "went wrong" in failed["error"] and "RuntimeError" in failed["error"]


def test_pictures_have_alt_text_and_originals_their_language():
    """Every picture of the built book says what it shows (not its file name); every original text
    is marked with its language, so a screen reader reads it as German or Swedish."""
    pictures = originals = 0
    for page in PAGES:
        text = (SITE / page).read_text(encoding="utf-8")
        for alt in re.findall(r'<img[^>]*\balt="([^"]*)"', text):
            pictures += 1
            assert alt and not alt.endswith((".svg", ".png")), f"{page}: an image's alt text is {alt!r}"
        originals += len(re.findall(r"Original text \((?:German|Swedish)\)", text))
        marked = len(re.findall(r'<div lang="(?:de|sv)" class="sd-summary-content', text))
        assert marked == len(re.findall(r"<summary[^>]*>\s*(?:<[^>]+>\s*)*Original text \((?:German|Swedish)\)", text)), page
    assert pictures >= 5 and originals >= 20


def test_inputs_that_are_not_whole_numbers_in_range_are_refused(watch, site_url):
    """A seed of "1e30" or "3.7" is refused with a message saying what is allowed; the widget keeps
    its last good seed (it no longer becomes 1 or 3)."""
    roller = _open_dice_page(watch, site_url)
    seed = roller.locator('[data-testid="gk-seed"]')
    for bad in ("1e30", "3.7", "-4", "99999999999999999999"):
        seed.fill(bad)
        seed.dispatch_event("change")
        roller.locator('[data-testid="gk-error"]').filter(has_text="A seed is a whole number from 0 to").wait_for(timeout=10_000)
        assert seed.input_value() == "2026"
    seed.fill("7")
    seed.dispatch_event("change")
    roller.locator('[data-testid="gk-roll-1"]').click()
    _wait_for_count(roller, 1)
    assert roller.locator('[data-testid="gk-error"]').inner_text() == ""
    assert watch.outside == [] and watch.errors == []


def test_every_rule_label_leads_to_its_rule():
    """gamekit-assets/rule-links.json (book/_ext/rule_links.py) knows every label the engines cite,
    and each entry leads to a built page holding that anchor."""
    links = json.loads((SITE / "gamekit-assets" / "rule-links.json").read_text(encoding="utf-8"))
    cited = {label for path in (ROOT / "gamekit").rglob("*.py")
             for label, _ in labels_in_source(path.read_text(encoding="utf-8"))}
    assert cited and sorted(cited - set(links)) == []
    for label, target in links.items():
        page, anchor = target.split("#")
        assert f'id="{anchor}"' in (SITE / page).read_text(encoding="utf-8"), f"{label} -> {target}"
