"""Widgets for every reader, checked the way readers meet them (issue "Widgets for every reader").

Real headless Chromium on the built book, every outside request blocked:

* axe-core (pinned in web/package.json, injected from web/node_modules, never served by the site)
  finds no serious or critical violation inside a widget, in light and dark mode, before and after
  each widget has been used;
* the main thread never runs a long task (200 ms or more) while a cold call loads the rules and
  answers: Python lives in a Web Worker;
* the first contentful paint of a widget page is within 1.5 times that of a page without widgets on
  the same throttled line (the widget manager's scripts are deferred);
* at a 360 px phone width no page scrolls sideways, before and after using its widgets, and controls
  are at least 44 px tall on a touch screen;
* every widget can be operated to completion with the keyboard alone, and focus never falls to <body>;
* a reader who changes an input or presses Reset while the rules load sees a consistent result, a
  click made while loading waits in line, and a load that failed recovers with "Try again".
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .conftest import AXE, axe_violations, open_page_with_widgets

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_build" / "html"
LOAD_TIMEOUT_MS = 120_000


def _pages(with_widgets: bool) -> list[str]:
    if not SITE.is_dir():
        return []
    found = []
    for p in sorted(SITE.rglob("*.html")):
        rel = p.relative_to(SITE)
        # lite/ is the JupyterLite app (JupyterLab's pages, not the book's): tests/browser/test_lite.py.
        if rel.parts[0].startswith(("_", "gamekit-assets", "lite")) or rel.name in ("search.html", "genindex.html"):
            continue
        text = p.read_text(encoding="utf-8")
        if 'http-equiv="Refresh"' in text or "http-equiv=\"refresh\"" in text:
            continue  # a redirect (index.html): its target is checked itself
        has = "application/vnd.jupyter.widget-state+json" in text
        if has == with_widgets:
            found.append(str(rel))
    return found


WIDGET_PAGES = _pages(True)
PLAIN_PAGES = _pages(False)


def test_the_book_has_widget_pages():
    assert {"book/dice.html", "book/itc/rules.html", "book/factories/rules.html"} <= set(WIDGET_PAGES)
    assert "book/protocol.html" in PLAIN_PAGES


def _wait_ready(page):
    page.wait_for_function("() => globalThis.gamekitRules && globalThis.gamekitRules.state === 'ready'", timeout=LOAD_TIMEOUT_MS)


def _settle(page):
    """Every widget's calls answered."""
    page.wait_for_function("() => [...document.querySelectorAll('.gk-widget')].every(w => w.getAttribute('aria-busy') !== 'true')",
                           timeout=LOAD_TIMEOUT_MS)


def _use_each_widget_once(page):
    """Press the first enabled button of every widget (a reader's first click) and wait for the answers."""
    count = page.locator(".gk-widget").count()
    for i in range(count):
        widget = page.locator(".gk-widget").nth(i)
        # (a button in a closed part, such as the play page's settings, is not a reader's first click)
        button = widget.locator("button:not([disabled]):not(.gk-retry):visible").first
        button.scroll_into_view_if_needed()
        button.click()
    _settle(page)


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize("page_path", WIDGET_PAGES)
def test_axe_finds_no_serious_violation_on_widget_pages(watch, site_url, page_path, dark):
    """axe on the whole page, the theme's controls included, before and after each widget is used."""
    if not AXE.is_file():
        pytest.fail(f"axe-core is missing at {AXE}: run `make web` (npm ci in web/)")
    page = open_page_with_widgets(watch, site_url, page_path, dark=dark)
    assert page.evaluate("document.documentElement.dataset.theme") == ("dark" if dark else "light")
    before = axe_violations(page)
    assert before == [], f"{page_path} ({'dark' if dark else 'light'}), widgets as drawn: {before}"
    _wait_ready(page)
    _use_each_widget_once(page)
    after = axe_violations(page)
    assert after == [], f"{page_path} ({'dark' if dark else 'light'}), widgets after use: {after}"
    assert watch.outside == [] and watch.errors == []


# Every page without widgets in light mode; dark mode on two of them (the theme's controls, checked
# in both modes on every widget page above, are the same on every page).
_PLAIN_CASES = [(p, False) for p in PLAIN_PAGES] + [(p, True) for p in PLAIN_PAGES[:1] + PLAIN_PAGES[-1:]]


@pytest.mark.parametrize("page_path, dark", _PLAIN_CASES,
                         ids=[f"{p}-{'dark' if d else 'light'}" for p, d in _PLAIN_CASES])
def test_axe_finds_no_serious_violation_on_pages_without_widgets(watch, site_url, page_path, dark):
    page = watch.page
    if dark:
        page.add_init_script("localStorage.setItem('mode', 'dark'); localStorage.setItem('theme', 'dark');")
    page.goto(site_url + page_path, wait_until="load")
    found = axe_violations(page)
    assert found == [], f"{page_path} ({'dark' if dark else 'light'}): {found}"
    assert watch.outside == [] and watch.errors == []


def test_no_long_task_while_a_cold_call_loads_the_rules(watch, site_url):
    page = watch.page
    page.add_init_script("""
      globalThis.__longTasks = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) globalThis.__longTasks.push(
        {start: e.startTime, duration: e.duration}); }).observe({ type: 'longtask', buffered: true });
    """)
    page.goto(site_url + "book/dice.html", wait_until="load")
    roller = page.locator(".gk-dice").first
    roller.wait_for(state="visible", timeout=60_000)
    assert page.evaluate("() => globalThis.gamekitRules.state") in ("idle", "loading"), "the rules were loaded before the click"
    clicked = page.evaluate("() => performance.now()")
    roller.locator("[data-testid='gk-roll-1000']").click()
    roller.locator("[data-testid='gk-count']:text-is('1,000')").wait_for(timeout=LOAD_TIMEOUT_MS)
    answered = page.evaluate("() => performance.now()")
    tasks = page.evaluate("() => globalThis.__longTasks")
    during = [t for t in tasks if t["start"] + t["duration"] >= clicked and t["start"] <= answered]
    longest = max((t["duration"] for t in during), default=0)
    print(f"cold call answered after {answered - clicked:.0f} ms; longest main-thread task meanwhile {longest:.0f} ms")
    # a frozen page fails; the 200 ms goal is benchmarks/widgets.py's figure (a loaded machine stretches tasks)
    assert longest < 1000, f"the page froze while the rules loaded: {during}"
    assert watch.outside == [] and watch.errors == []


def _first_contentful_paint(browser, site_url, page_path) -> float:
    """The page's first contentful paint (ms) on a throttled line, in a fresh context. On the shared 2-core
    machine a load has once reported no paint within 60 s (a CI run of 5 December 2026); such a load is
    measured once more in a new context, and a second one without a paint fails with what the page was
    doing."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    stalled = []
    for _ in range(2):
        context = browser.new_context()
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
        # A fast 4G line: 9 Mbit/s down, 60 ms latency.
        cdp.send("Network.emulateNetworkConditions",
                 {"offline": False, "latency": 60, "downloadThroughput": 9e6 / 8, "uploadThroughput": 3e6 / 8})
        page.goto(site_url + page_path, wait_until="commit")
        try:
            page.wait_for_function("() => performance.getEntriesByName('first-contentful-paint').length > 0",
                                   timeout=60_000)
        except PlaywrightTimeout:
            stalled.append(page.evaluate("() => [document.readyState, document.body ? document.body.innerText.length : -1]"))
            context.close()
            continue
        fcp = page.evaluate("() => performance.getEntriesByName('first-contentful-paint')[0].startTime")
        context.close()
        return fcp
    pytest.fail(f"{page_path} reported no first contentful paint in 60 s, twice (ready state, text length): {stalled}")


def test_first_paint_does_not_wait_for_widget_scripts(browser, site_url):
    # Interleaved, medians of three: the machine is shared.
    widget, plain = [], []
    for _ in range(3):
        widget.append(_first_contentful_paint(browser, site_url, "book/itc/rules.html"))
        plain.append(_first_contentful_paint(browser, site_url, "book/protocol.html"))
    w, p = sorted(widget)[1], sorted(plain)[1]
    print(f"first contentful paint on a 9 Mbit/s line: widget page {w:.0f} ms, plain page {p:.0f} ms ({w / p:.2f}×)")
    assert w <= 1.5 * p, f"the ITC chapter paints first at {w:.0f} ms against {p:.0f} ms for a page without widgets"


PHONE_WIDTH = 360


def _scroll_width(page) -> tuple[int, int]:
    """The page's width and the phone's. Not ``innerWidth``: on a phone the browser widens its layout
    viewport to a page that is too wide, so that would always fit."""
    return page.evaluate("() => document.documentElement.scrollWidth"), PHONE_WIDTH


@pytest.mark.parametrize("page_path", WIDGET_PAGES + PLAIN_PAGES)
def test_no_page_scrolls_sideways_on_a_phone(browser, site_url, page_path):
    context = browser.new_context(viewport={"width": PHONE_WIDTH, "height": 740}, has_touch=True, is_mobile=True,
                                  device_scale_factor=2)
    page = context.new_page()
    context.route(re.compile(r"^(?!http://127\.0\.0\.1).*"), lambda route: route.abort())
    page.goto(site_url + page_path, wait_until="load")
    width, screen = _scroll_width(page)
    assert width <= screen, f"{page_path} is {width} px wide on a {screen} px screen"
    if page.locator(".gk-widget").count():
        page.locator(".gk-widget").first.wait_for(state="visible", timeout=60_000)
        small = page.evaluate("""() => [...document.querySelectorAll('.gk-widget button, .gk-widget select, .gk-widget input')]
            .filter(e => e.getClientRects().length && e.getBoundingClientRect().height < 44)
            .map(e => `${e.dataset.testid || e.tagName} ${e.getBoundingClientRect().height.toFixed(0)} px`)""")
        assert small == [], f"{page_path}: controls under 44 px on a touch screen: {small}"
        _wait_ready(page)
        _use_each_widget_once(page)
        width, screen = _scroll_width(page)
        assert width <= screen, f"{page_path} is {width} px wide on a {screen} px screen after using its widgets"
    context.close()


# -- the keyboard alone ------------------------------------------------------------------------------


def _focused(page) -> str:
    return page.evaluate("() => document.activeElement === document.body ? 'BODY' : (document.activeElement.dataset.testid || document.activeElement.tagName)")


def _tab_to(page, testid: str, limit: int = 60) -> None:
    for _ in range(limit):
        if _focused(page) == testid:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {testid}")


def _press(page, key: str = "Enter") -> None:
    page.keyboard.press(key)
    _settle(page)
    assert _focused(page) != "BODY", "focus fell to <body> after an action"


def _start_at(page, widget) -> None:
    """Put the keyboard just before the widget (as a reader tabbing down the page would be)."""
    widget.scroll_into_view_if_needed()
    widget.evaluate("w => { const s = document.createElement('span'); s.tabIndex = -1; w.before(s); s.focus(); }")


def test_keyboard_dice_roller(watch, site_url):
    page = open_page_with_widgets(watch, site_url, "book/dice.html")
    roller = page.locator(".gk-dice").first
    _start_at(page, roller)
    _tab_to(page, "gk-roll-1")
    _press(page)
    roller.locator("[data-testid='gk-count']:text-is('1')").wait_for(timeout=LOAD_TIMEOUT_MS)
    assert _focused(page) == "gk-roll-1"
    _tab_to(page, "gk-reset")
    _press(page)
    assert roller.locator("[data-testid='gk-count']").inner_text() == "0"
    assert "Reset" in roller.locator("[data-testid='gk-status']").inner_text()
    assert watch.outside == [] and watch.errors == []


def test_keyboard_factory_investment(watch, site_url):
    page = open_page_with_widgets(watch, site_url, "book/factories/rules.html")
    trial = page.locator(".gk-fac").first
    _start_at(page, trial)
    _tab_to(page, "gk-invest-0")
    _press(page)
    trial.locator("[data-testid='gk-pending']").filter(has_text="Rolled").wait_for(timeout=LOAD_TIMEOUT_MS)
    # Focus moved to the first hole the peg may go into; Enter puts it there.
    assert _focused(page).startswith("gk-hole-0-")
    _press(page)
    trial.locator("[data-testid='gk-history'] li").first.wait_for(timeout=30_000)
    assert trial.locator("[data-testid='gk-pending']").inner_text() == ""
    _tab_to(page, "gk-produce-100")
    _press(page)
    trial.locator("[data-testid='gk-production']").filter(has_text="100 rolls").wait_for(timeout=30_000)
    assert watch.outside == [] and watch.errors == []


def test_keyboard_itc_widgets(watch, site_url):
    page = open_page_with_widgets(watch, site_url, "book/itc/rules.html")
    chooser = page.locator(".gk-itc:has([data-testid='gk-expectations'])").first
    _start_at(page, chooser)
    _tab_to(page, "gk-choose-blue-red")
    _press(page)
    chooser.locator("[data-testid='gk-choose-blue-red'].gk-on").wait_for(timeout=LOAD_TIMEOUT_MS)
    _tab_to(page, "gk-roll")
    _press(page)
    chooser.locator("[data-testid='gk-keep-red']").wait_for(timeout=30_000)
    _tab_to(page, "gk-keep-red")
    _press(page)
    chooser.locator("[data-testid='gk-effect']").filter(has_text="red die").wait_for(timeout=30_000)

    market = page.locator(".gk-itc:has([data-testid='gk-goods'])").first
    _start_at(page, market)
    _tab_to(page, "gk-place")
    _press(page)
    market.locator("[data-testid='gk-points']:text-is('3')").wait_for(timeout=30_000)
    _tab_to(page, "gk-sell-3")
    _press(page)
    market.locator("[data-testid='gk-profit']:text-is('16,500')").wait_for(timeout=30_000)

    fight = page.locator(".gk-itc:has([data-testid='gk-outcomes'])").first
    _start_at(page, fight)
    _tab_to(page, "gk-end")
    _press(page)  # the button is disabled once the fight is over: focus moves on, not to <body>
    fight.locator("[data-testid='gk-standing']").filter(has_text="grey market").wait_for(timeout=30_000)
    assert watch.outside == [] and watch.errors == []


def test_keyboard_transportspelet_roll_and_move(watch, site_url):
    """Both transports dispatched, the dice rolled and one assigned, with the keyboard alone (the
    select keeps its first choice, as a reader pressing Tab past it would)."""
    page = open_page_with_widgets(watch, site_url, "book/transportspelet/rules.html")
    widget = page.locator(".gk-ts").first
    history = widget.locator("[data-testid='gk-history'] li")
    for entries in (1, 2):
        _start_at(page, widget)
        _tab_to(page, "gk-choice")
        _tab_to(page, "gk-choose")
        _press(page)
        history.nth(entries - 1).wait_for(timeout=LOAD_TIMEOUT_MS)
    _start_at(page, widget)
    _tab_to(page, "gk-roll")
    _press(page)
    widget.locator("[data-testid='gk-assign-0']").wait_for(timeout=30_000)
    _tab_to(page, "gk-assign-0")
    _press(page)
    widget.locator("[data-testid='gk-history']").filter(has_text="player 2:").wait_for(timeout=30_000)
    assert watch.outside == [] and watch.errors == []


def test_keyboard_auf_achse_auction(watch, site_url):
    """The worked auction example bid by bid with the keyboard alone: green wins at 4 and pays 2,800."""
    page = open_page_with_widgets(watch, site_url, "book/auf_achse/rules.html")
    widget = page.locator(".gk-auf-achse:has([data-testid='gk-costs'])").first
    turn = widget.locator("[data-testid='gk-turn']")
    for control, next_bidder in (("gk-pass", "Blue"), ("gk-bid-2", "Green"), ("gk-bid-3", "Red"),
                                 ("gk-bid-3", "Blue"), ("gk-pass", "Green"), ("gk-bid-4", "Red")):
        _start_at(page, widget)
        _tab_to(page, control)
        _press(page)
        turn.filter(has_text=next_bidder).wait_for(timeout=LOAD_TIMEOUT_MS)
    _start_at(page, widget)
    _tab_to(page, "gk-pass")
    _press(page)
    widget.locator("[data-testid='gk-result']").filter(has_text="pays 2,800").wait_for(timeout=30_000)
    assert watch.outside == [] and watch.errors == []


# -- loading: races, clicks in line, failures ---------------------------------------------------------


def _slow_line(page):
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions",
             {"offline": False, "latency": 60, "downloadThroughput": 4e6 / 8, "uploadThroughput": 1e6 / 8})
    return cdp


def test_changing_the_die_while_the_rules_load_gives_a_consistent_result(watch, site_url):
    page = watch.page
    _slow_line(page)
    page.goto(site_url + "book/dice.html", wait_until="load")
    roller = page.locator(".gk-dice").first
    roller.wait_for(state="visible", timeout=60_000)
    roller.locator("[data-testid='gk-roll-1000']").click()
    assert page.evaluate("() => globalThis.gamekitRules.state") != "ready", "the rules loaded too fast to test the race"
    roller.locator("[data-testid='gk-die']").select_option("d6")
    _wait_ready(page)
    _settle(page)
    # The 2d6 rolls asked for before the change are dropped: d6, no rolls, no 2d6 result shown.
    assert roller.locator("[data-testid='gk-count']").inner_text() == "0"
    assert roller.locator("[data-testid='gk-result']").inner_text() == "–"
    roller.locator("[data-testid='gk-roll-1000']").click()
    roller.locator("[data-testid='gk-count']:text-is('1,000')").wait_for(timeout=30_000)
    result = roller.locator("[data-testid='gk-result']").inner_text()
    assert re.fullmatch(r"[1-6]", result), result
    mean = float(re.search(r"mean of your rolls ([\d.]+)", roller.locator("[data-testid='gk-summary']").inner_text()).group(1))
    assert 3.2 < mean < 3.8
    assert roller.locator("rect.gk-observed").count() == 6
    assert watch.outside == [] and watch.errors == []


def test_reset_while_loading_and_clicks_wait_in_line(watch, site_url):
    page = watch.page
    _slow_line(page)
    page.goto(site_url + "book/dice.html", wait_until="load")
    roller = page.locator(".gk-dice").first
    roller.wait_for(state="visible", timeout=60_000)
    roller.locator("[data-testid='gk-roll-100']").click()
    roller.locator("[data-testid='gk-reset']").click()
    roller.locator("[data-testid='gk-roll-1']").click()
    roller.locator("[data-testid='gk-roll-1']").click()
    assert page.evaluate("() => globalThis.gamekitRules.state") != "ready", "the rules loaded too fast to test the race"
    assert "waits until the rules have loaded" in roller.locator("[data-testid='gk-status']").inner_text()
    _wait_ready(page)
    _settle(page)
    # The 100 rolls were reset away; both single rolls made after the reset were kept, in order.
    assert roller.locator("[data-testid='gk-count']").inner_text() == "2"
    assert watch.outside == [] and watch.errors == []


def test_a_failed_load_recovers_with_try_again(watch, site_url):
    page = watch.page
    blocked = {"on": True}

    def maybe_block(route):
        if blocked["on"]:
            route.abort()
        else:
            route.continue_()

    # On the context, so that it also holds for the rules' Web Worker (the last route added wins).
    watch.context.route("**/pyodide.asm.wasm", maybe_block)
    page.goto(site_url + "book/itc/rules.html", wait_until="load")
    fight = page.locator(".gk-itc:has([data-testid='gk-outcomes'])").first
    fight.wait_for(state="visible", timeout=60_000)
    fight.scroll_into_view_if_needed()
    fight.locator("[data-testid='gk-roll']").click()
    loading = fight.locator("[data-testid='gk-loading']")
    loading.filter(has_text="The rules could not be loaded. Check your connection and try again.").wait_for(timeout=LOAD_TIMEOUT_MS)
    assert fight.locator("[data-testid='gk-retry']").is_visible()
    assert not fight.locator("details.gk-details").evaluate("d => d.open"), "technical details start closed"
    # Every widget on the page says so, not only the one clicked.
    assert page.locator("[data-testid='gk-retry']:visible").count() == page.locator(".gk-widget").count()
    blocked["on"] = False
    fight.locator("[data-testid='gk-retry']").click()
    _wait_ready(page)
    assert not loading.is_visible()
    fight.locator("[data-testid='gk-roll']").click()
    fight.locator("[data-testid='gk-rolls'] li").first.wait_for(timeout=30_000)
    assert watch.outside == []
    # The blocked download is reported by the browser itself as a console error; nothing else may be
    # (in particular no uncaught error: the worker turns it into the message above).
    assert [e for e in watch.errors if not e.startswith("console error: Failed to load resource")] == []


# -- speed: the first answer, long tasks from navigation (issue 20) ----------------------------------

_FIRST_ANSWER = """async (i) => {
  const w = document.querySelectorAll('.gk-widget')[i];
  const rules = globalThis.gamekitRules;
  const calls = [];
  const call = rules.call.bind(rules);
  rules.call = (service, args) => { calls.push({ service, args: JSON.parse(JSON.stringify(args)) }); return call(service, args); };
  const button = [...w.querySelectorAll('button:not([disabled]):not(.gk-retry)')].find((b) => b.checkVisibility());
  const before = (await call('selfcheck.modules', {})).ok;
  button.click();
  await new Promise((r) => setTimeout(r, 0));
  while (w.getAttribute('aria-busy') === 'true') await new Promise((r) => setTimeout(r, 5));
  rules.call = call;
  if (!calls.length) return null;
  const first = rules.lastCallMs;
  const after = (await call('selfcheck.modules', {})).ok;
  const imported = after.filter((m) => !before.includes(m));
  let again = Infinity;
  for (let k = 0; k < 2; k++) {  // the very same call again: what it costs once everything is loaded
    await rules.call(calls[0].service, calls[0].args);
    again = Math.min(again, rules.lastCallMs);
  }
  return { button: button.dataset.testid, service: calls[0].service, first, again, imported };
}"""


def test_the_first_answer_after_ready_imports_nothing(browser, site_url):
    """On every widget page, once the page says the rules are ready, a reader's first click imports
    no module: the worker imports and warms every service before "ready", from bytecode, so the
    first answer costs what the next does. Each page in turn, in one browser profile, as a reader
    going through the book. The times are printed, not asserted (a loaded machine slows any call;
    ``benchmarks/widgets.py`` measures them against the goal of 100 ms)."""
    context = browser.new_context()
    context.route(re.compile(r"^(?!http://127\.0\.0\.1).*"), lambda route: route.abort())
    worst = []
    for page_path in WIDGET_PAGES:
        page = context.new_page()
        page.goto(site_url + page_path, wait_until="load")
        page.locator(".gk-widget").first.wait_for(state="visible", timeout=60_000)
        page.evaluate("() => globalThis.gamekitRules.start()")
        _wait_ready(page)
        for i in range(page.locator(".gk-widget").count()):
            page.locator(".gk-widget").nth(i).scroll_into_view_if_needed()
            got = page.evaluate(_FIRST_ANSWER, i)
            if got is None:
                continue
            print(f"{page_path} {got['button']} ({got['service']}): first answer {got['first']:.0f} ms, "
                  f"the same call again {got['again']:.0f} ms")
            worst.append((page_path, got))
        page.close()
    context.close()
    assert worst, "no widget page answered a click"
    imported = {f"{where} {got['button']} ({got['service']})": got["imported"] for where, got in worst if got["imported"]}
    assert imported == {}, f"a first click imported modules: {imported}"


_LONG_TASKS = """
  globalThis.__longTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) globalThis.__longTasks.push(
    { start: e.startTime, duration: e.duration }); }).observe({ type: 'longtask', buffered: true });
"""


@pytest.mark.parametrize("page_path", ["book/itc/rules.html", "book/dice.html"])
def test_no_long_task_from_navigation_to_rules_ready(browser, site_url, page_path):
    """From the navigation itself (an observer registered before any of the page's scripts) until the
    rules are ready, the page never freezes: what made it freeze is gone (no 3.6 MB widget manager,
    no icon-font script, checked by name), each widget is drawn in its own task and Python runs in a
    worker, so no main-thread task lasts a second. The chapter with most widgets, and the page with
    formulas. The goal of 200 ms is measured, not asserted, by ``benchmarks/widgets.py`` (under a
    loaded machine, as when the tests run on two workers, every task stretches: 453 ms was seen)."""
    context = browser.new_context()
    context.route(re.compile(r"^(?!http://127\.0\.0\.1).*"), lambda route: route.abort())
    page = context.new_page()
    page.add_init_script(_LONG_TASKS)
    page.goto(site_url + page_path, wait_until="load")
    _wait_ready(page)
    ready = page.evaluate("() => performance.now()")
    tasks = [t for t in page.evaluate("() => globalThis.__longTasks") if t["start"] <= ready]
    longest = max((t["duration"] for t in tasks), default=0)
    print(f"{page_path}: rules ready {ready:.0f} ms after navigation; longest main-thread task {longest:.0f} ms; "
          f"tasks over 50 ms: {[round(t['duration']) for t in tasks]}")
    scripts = page.evaluate("() => performance.getEntriesByType('resource').map((r) => r.name)")
    context.close()
    heavy = [name for name in scripts if name.split("?")[0].endswith(".js")
             and any(k in name for k in ("embed-amd", "fontawesome", "require.js"))]  # the font itself is light
    assert heavy == [], f"{page_path} loads the scripts that froze it: {heavy}"
    assert longest < 1000, f"{page_path}: the page froze before the rules were ready: {tasks}"


# -- keyboard paths and announcements (issue 20) -------------------------------------------------------


def test_keyboard_itc_dice_focus_goes_to_the_next_step(watch, site_url):
    """After Roll, focus is on a die to keep (not on "Next turn", which would throw the roll away);
    after Keep it is on "Next turn"; after "Fight to the end" on "New fight", never in a table."""
    page = open_page_with_widgets(watch, site_url, "book/itc/rules.html")
    chooser = page.locator(".gk-itc:has([data-testid='gk-expectations'])").first
    _start_at(page, chooser)
    _tab_to(page, "gk-choose-blue-green")
    _press(page)
    chooser.locator("[data-testid='gk-choose-blue-green'].gk-on").wait_for(timeout=LOAD_TIMEOUT_MS)
    _tab_to(page, "gk-roll")
    _press(page)
    assert _focused(page).startswith("gk-keep-"), f"after Roll focus is on {_focused(page)}"
    _press(page)
    chooser.locator("[data-testid='gk-effect']").filter(has_text="You keep").wait_for(timeout=30_000)
    assert _focused(page) == "gk-again", f"after Keep focus is on {_focused(page)}"

    fight = page.locator(".gk-itc:has([data-testid='gk-outcomes'])").first
    _start_at(page, fight)
    _tab_to(page, "gk-end")
    _press(page)
    fight.locator("[data-testid='gk-standing']").filter(has_text="grey market").wait_for(timeout=30_000)
    assert _focused(page) == "gk-setup", f"after the fight focus is on {_focused(page)}"

    market = page.locator(".gk-itc:has([data-testid='gk-goods'])").first
    refused = market.locator("[data-testid^='gk-sell-'][aria-disabled='true']")
    assert refused.count() >= 1, "a sale the rules refuse now is marked aria-disabled"
    assert watch.outside == [] and watch.errors == []


def test_trade_feud_board_marks_the_allowed_edges(watch, site_url):
    """The board marks exactly the edges where the chosen piece is allowed (the engine's legal
    placements), each with its number; only those are tab stops, so the keyboard reaches them at
    once; choosing a player keeps focus on that player's button."""
    page = open_page_with_widgets(watch, site_url, "book/trade-feud/rules.html")
    widget = page.locator(".gk-tf").first
    _wait_ready(page)
    stops = widget.locator("polygon[role='button']")
    ships = widget.locator("[data-testid^='gk-tf-legal-ship-']")
    assert stops.count() == ships.count() >= 1
    allowed = sorted(int(t.rsplit("-", 1)[1]) for t in stops.evaluate_all("ns => ns.map(n => n.dataset.testid)"))
    assert allowed == sorted(int(t.rsplit("-", 1)[1]) for t in ships.evaluate_all("ns => ns.map(n => n.dataset.testid)"))
    numbers = set(widget.locator("svg text").evaluate_all("ns => ns.map(n => n.textContent)"))
    assert {str(e) for e in allowed} <= numbers, "every allowed edge shows its number on the board"
    _start_at(page, widget)
    _tab_to(page, "gk-tf-player-1")
    _press(page)
    widget.locator("[data-testid='gk-tf-player-1'][aria-pressed='true']").wait_for(timeout=30_000)
    assert _focused(page) == "gk-tf-player-1", f"choosing a player moved focus to {_focused(page)}"
    _start_at(page, widget)
    for _ in range(8):  # the players, the pieces, the board's frame, then the first allowed edge
        page.keyboard.press("Tab")
        if _focused(page).startswith("gk-tf-edge-"):
            break
    assert _focused(page).startswith("gk-tf-edge-"), "the allowed edges come right after the controls above the board"
    box = page.evaluate("() => document.activeElement.getBoundingClientRect().toJSON()")
    assert box["width"] >= 24 and box["height"] >= 24, f"an edge target of {box['width']:.0f}×{box['height']:.0f} px"
    assert watch.outside == [] and watch.errors == []


def test_announcements_say_what_happened(watch, site_url):
    """Transportspelet announces the dice of a roll; Auf Achse announces the bots' bids."""
    page = open_page_with_widgets(watch, site_url, "book/transportspelet/rules.html")
    widget = page.locator(".gk-ts").first
    status = widget.locator("[data-testid='gk-status']")
    history = widget.locator("[data-testid='gk-history'] li")
    for entries in (1, 2):
        widget.locator("[data-testid='gk-choose']").click()
        history.nth(entries - 1).wait_for(timeout=LOAD_TIMEOUT_MS)
    widget.locator("[data-testid='gk-roll']").click()
    status.filter(has_text=re.compile(r"roll \(dice \d and \d\)")).wait_for(timeout=30_000)

    page.goto(site_url + "book/auf_achse/rules.html", wait_until="load")
    widget = page.locator(".gk-auf-achse:has([data-testid='gk-costs'])").first
    widget.scroll_into_view_if_needed()
    seats = widget.locator("[data-testid='gk-seat'] option").evaluate_all("os => os.map(o => o.value)")
    widget.locator("[data-testid='gk-seat']").select_option(seats[-1])
    widget.locator("[data-testid='gk-new']").click()
    widget.locator("[data-testid='gk-title']").wait_for(timeout=LOAD_TIMEOUT_MS)
    _settle(page)
    bids = widget.locator("[data-testid^='gk-bid-']:not([disabled])")
    pass_ = widget.locator("[data-testid='gk-pass']")
    (bids.first if bids.count() else pass_).click()
    widget.locator("[data-testid='gk-status']").filter(has_text="(bot)").wait_for(timeout=30_000)
    assert watch.outside == [] and watch.errors == []


def test_try_again_keeps_focus_and_says_the_rules_loaded(watch, site_url):
    page = watch.page
    blocked = {"on": True}
    watch.context.route("**/pyodide.asm.wasm", lambda route: route.abort() if blocked["on"] else route.continue_())
    page.goto(site_url + "book/dice.html", wait_until="load")
    roller = page.locator(".gk-dice").first
    roller.wait_for(state="visible", timeout=60_000)
    roller.locator("[data-testid='gk-roll-1']").click()
    retry = roller.locator("[data-testid='gk-retry']")
    retry.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    blocked["on"] = False
    retry.focus()
    page.keyboard.press("Enter")
    _wait_ready(page)
    status = roller.locator("[data-testid='gk-status']")
    status.filter(has_text="The rules have loaded.").wait_for(timeout=10_000)
    assert _focused(page) != "BODY", "focus fell to <body> after Try again"
    assert page.evaluate("() => document.querySelector('.gk-dice').contains(document.activeElement)")
    assert watch.outside == []
    assert [e for e in watch.errors if not e.startswith("console error: Failed to load resource")] == []


# -- the phone: tables scroll, controls stay inside, labels legible (issue 20) -------------------------

_PHONE_CHECKS = """() => {
  const out = [];
  for (const w of document.querySelectorAll('.gk-widget')) {
    const box = w.getBoundingClientRect();
    for (const c of w.querySelectorAll('button, select, input')) {
      const r = c.getBoundingClientRect();
      if (r.width && r.right > box.right + 1) out.push(`${c.dataset.testid || c.tagName} ends at ${r.right.toFixed(0)} px, the widget at ${box.right.toFixed(0)} px`);
    }
    for (const cell of w.querySelectorAll('.gk-scroll th, .gk-scroll td')) {
      if (getComputedStyle(cell).overflowWrap === 'anywhere') { out.push(`a table cell breaks words anywhere: ${cell.textContent.slice(0, 30)}`); break; }
    }
    for (const t of w.querySelectorAll('svg text')) {
      const ctm = t.getScreenCTM();
      if (!ctm || !t.textContent.trim() || !t.getClientRects().length) continue;
      const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(ctm.a, ctm.b);
      if (px < 9.5) { out.push(`"${t.textContent}" is drawn ${px.toFixed(1)} px high`); break; }
    }
  }
  return out;
}"""


@pytest.mark.parametrize("page_path", ["book/auf_achse/rules.html", "book/transportspelet/rules.html",
                                       "book/trade-feud/rules.html", "book/factories/rules.html",
                                       "notebooks/lesson-01-dice.html", "notebooks/lesson-06-catan.html",
                                       "book/dice.html"])
def test_widgets_fit_a_phone(browser, site_url, page_path):
    """At 360 px: every control ends inside its widget's border, tables scroll inside the widget
    instead of breaking words, labels on maps and boards are drawn at least 9.5 px high."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True,
                                  device_scale_factor=2)
    context.route(re.compile(r"^(?!http://127\.0\.0\.1).*"), lambda route: route.abort())
    page = context.new_page()
    page.goto(site_url + page_path, wait_until="load")
    page.locator(".gk-widget").first.wait_for(state="visible", timeout=60_000)
    found = page.evaluate(_PHONE_CHECKS)
    context.close()
    assert found == [], f"{page_path} at 360 px: {found}"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_site_follows_the_readers_system_setting(browser, site_url, scheme):
    """A first visit (no choice stored) shows the site in the reader's system setting, light or dark
    (issue 31); the theme button still lets them choose."""
    context = browser.new_context(color_scheme=scheme)
    context.route("**/*", lambda r: r.continue_() if r.request.url.startswith(site_url) else r.abort())
    page = context.new_page()
    page.goto(site_url + "book/dice.html", wait_until="load")
    assert page.evaluate("document.documentElement.dataset.mode") == "auto"
    assert page.evaluate("document.documentElement.dataset.theme") == scheme
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert (background == "rgb(255, 255, 255)") == (scheme == "light"), background
    context.close()
