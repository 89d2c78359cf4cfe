"""Figures for the widgets as readers meet them, measured in headless Chromium on the built book.

Prints, for a widget page (the ITC chapter) and a page without widgets (the protocol chapter):

* first contentful paint, unthrottled and on a fast 4G line (9 Mbit/s down, 60 ms latency);
* time from a reader's first click to the first answer: cold (click as soon as the widget shows)
  and preloaded (the reader read for a while first), unthrottled and throttled;
* the longest main-thread task between that click and the answer;
* warm answer times (median of 20 calls of a widget service once the rules are loaded);
* page weight: bytes transferred by the page before any click, and after the rules have loaded.

Needs the built book (``make book``) and Chromium at /usr/bin/chromium (``make benchmark`` checks).
Medians of three runs each; the machine's other work makes single runs noisy.
"""

from __future__ import annotations

import functools
import http.server
import os
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_build" / "html"
CHROMIUM = os.environ.get("GAMEKIT_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
FOUR_G = {"offline": False, "latency": 60, "downloadThroughput": 9e6 / 8, "uploadThroughput": 3e6 / 8}
WIDGET_PAGE, PLAIN_PAGE = "book/itc/rules.html", "book/protocol.html"
LONG_TASKS = """
  globalThis.__longTasks = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) globalThis.__longTasks.push({start: e.startTime, duration: e.duration}); })
    .observe({ type: 'longtask', buffered: true });
"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                      ".wasm": "application/wasm", ".js": "text/javascript"}

    def log_message(self, *args: object) -> None:
        pass


def serve() -> str:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/"


def new_page(browser, throttled: bool):
    context = browser.new_context()
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    if throttled:
        cdp.send("Network.emulateNetworkConditions", FOUR_G)
    page.add_init_script(LONG_TASKS)
    transferred = {"bytes": 0}
    cdp.on("Network.loadingFinished", lambda e: transferred.__setitem__("bytes", transferred["bytes"] + e["encodedDataLength"]))
    return context, page, transferred


def first_paint(browser, url: str, throttled: bool) -> float:
    context, page, _ = new_page(browser, throttled)
    page.goto(url, wait_until="commit")
    page.wait_for_function("() => performance.getEntriesByName('first-contentful-paint').length > 0", timeout=120_000)
    fcp = page.evaluate("() => performance.getEntriesByName('first-contentful-paint')[0].startTime")
    context.close()
    return fcp


def first_answer(browser, url: str, throttled: bool, preloaded: bool) -> tuple[float, float, int, int]:
    """(ms from click to answer, longest main-thread task meanwhile, bytes before the click, bytes after)."""
    context, page, transferred = new_page(browser, throttled)
    page.goto(url, wait_until="load")
    fight = page.locator(".gk-itc:has([data-testid='gk-outcomes'])").first
    fight.wait_for(state="visible", timeout=120_000)
    if preloaded:
        page.wait_for_function("() => globalThis.gamekitRules && globalThis.gamekitRules.state === 'ready'", timeout=300_000)
    before = transferred["bytes"]
    fight.scroll_into_view_if_needed()
    clicked = page.evaluate("() => performance.now()")
    fight.locator("[data-testid='gk-roll']").click()
    fight.locator("[data-testid='gk-rolls'] li").first.wait_for(timeout=300_000)
    answered = page.evaluate("() => performance.now()")
    tasks = page.evaluate("() => globalThis.__longTasks")
    longest = max((t["duration"] for t in tasks if t["start"] + t["duration"] >= clicked and t["start"] <= answered), default=0.0)
    page.wait_for_timeout(500)
    after = transferred["bytes"]
    context.close()
    return answered - clicked, longest, before, after


def warm_answers(browser, url: str) -> list[float]:
    context, page, _ = new_page(browser, False)
    page.goto(url, wait_until="load")
    page.wait_for_function("() => globalThis.gamekitRules && globalThis.gamekitRules.state === 'ready'", timeout=300_000)
    times = page.evaluate("""async () => {
        const out = [];
        for (let i = 0; i < 20; i++) {
          const t = performance.now();
          await globalThis.gamekitRules.call('itc.fight', {situation: {seed: i}, action: {kind: 'end'}});
          out.push(performance.now() - t);
        }
        return out; }""")
    context.close()
    return times


def main() -> int:
    if not (SITE / WIDGET_PAGE).is_file():
        print("widgets benchmark: build the book first (make book)", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    base = serve()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        for throttled in (False, True):
            line = "fast 4G (9 Mbit/s, 60 ms)" if throttled else "unthrottled (localhost)"
            widget, plain = [], []
            for _ in range(3):  # interleaved
                widget.append(first_paint(browser, base + WIDGET_PAGE, throttled))
                plain.append(first_paint(browser, base + PLAIN_PAGE, throttled))
            w, q = statistics.median(widget), statistics.median(plain)
            print(f"first contentful paint, {line}: widget page {w:.0f} ms, plain page {q:.0f} ms ({w / q:.2f}×)")
            for preloaded in (False, True):
                runs = [first_answer(browser, base + WIDGET_PAGE, throttled, preloaded) for _ in range(3 if not throttled else 1)]
                ms = statistics.median(r[0] for r in runs)
                longest = max(r[1] for r in runs)
                kind = "preloaded (reader read first)" if preloaded else "cold (click at once)"
                print(f"first answer, {kind}, {line}: {ms:.0f} ms after the click; longest main-thread task meanwhile "
                      f"{longest:.0f} ms")
                if not throttled and not preloaded:
                    before, after = runs[0][2], runs[0][3]
                    print(f"page weight of {WIDGET_PAGE}: {before / 1e6:.1f} MB transferred before any click "
                          f"(page, widget manager, and the rules if the idle preload had started), "
                          f"{after / 1e6:.1f} MB once the rules are loaded")
        warm = warm_answers(browser, base + WIDGET_PAGE)
        print(f"warm answers (itc.fight to the end, 20 calls): median {statistics.median(warm):.1f} ms, "
              f"max {max(warm):.1f} ms")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
