"""Figures for the widgets as readers meet them, measured in headless Chromium on the built book.

Prints, for a widget page (the ITC chapter) and a page without widgets (the protocol chapter):

* first contentful paint, unthrottled and on a fast 4G line (9 Mbit/s down, 60 ms latency);
* time from a reader's first click to the first answer: cold (click as soon as the widget shows)
  and preloaded (the reader read for a while first), unthrottled and throttled;
* the longest main-thread task between that click and the answer, and from the navigation itself
  until the rules are ready (an observer registered before any of the page's scripts);
* warm answer times (median of 20 calls of a widget service once the rules are loaded);
* page weight: bytes the site sent before any click, and once the rules have loaded, counted by this
  script's own web server, so the rules worker's downloads (the interpreter, gamekit) count too
  (the first-visit figures block the service worker, so its saving of the whole book is not counted);
* the second visit: a reader comes back to the page with the book saved on the device (service
  worker, memory snapshot of the loaded interpreter): ms from navigation to the rules being ready,
  the worker's phases, and the bytes the site sent; then the same page offline.

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


#: (path, bytes) of every file the server sent, in order (the page's, its workers' and the service worker's).
SENT: list[tuple[str, int]] = []


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                      ".wasm": "application/wasm", ".js": "text/javascript"}

    def log_message(self, *args: object) -> None:
        pass

    def copyfile(self, source, destination) -> None:
        data = source.read()
        try:
            destination.write(data)
        except (BrokenPipeError, ConnectionResetError):  # the page was closed while it loaded
            return
        SENT.append((self.path.split("?")[0], len(data)))


#: The play pages the page benchmarks open, each with its number of players.
PLAY_GAMES = [("itc", 3), ("catan", 3), ("factories", 3), ("trade-feud", 3), ("auf-achse", 2), ("transportspelet", 2)]


def each_play_page(measure):
    """``(game, measure(browser, url, game, players))`` for each play page named on the command line
    (all of :data:`PLAY_GAMES` when none is), in offline Chromium against the built book, which is
    served for the run (the play-page benchmarks' common frame)."""
    from playwright.sync_api import sync_playwright

    if not (SITE / "book" / "itc" / "play.html").is_file():
        sys.exit("build the book first: make book")
    url = serve()
    wanted = sys.argv[1:] or [g for g, _ in PLAY_GAMES]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for game, players in PLAY_GAMES:
            if game in wanted:
                yield game, players, measure(browser, url, game, players)
        browser.close()


def sent_bytes() -> int:
    return sum(n for _, n in SENT)


def serve() -> str:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/"


def new_page(browser, throttled: bool):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    if throttled:
        cdp.send("Network.emulateNetworkConditions", FOUR_G)
    page.add_init_script(LONG_TASKS)
    return context, page


def first_paint(browser, url: str, throttled: bool) -> float:
    context, page = new_page(browser, throttled)
    page.goto(url, wait_until="commit")
    page.wait_for_function("() => performance.getEntriesByName('first-contentful-paint').length > 0", timeout=120_000)
    fcp = page.evaluate("() => performance.getEntriesByName('first-contentful-paint')[0].startTime")
    context.close()
    return fcp


def first_answer(browser, url: str, throttled: bool, preloaded: bool) -> tuple[float, float, int, int]:
    """(ms from click to answer, longest main-thread task meanwhile, bytes before the click, bytes after)."""
    context, page = new_page(browser, throttled)
    start = sent_bytes()
    page.goto(url, wait_until="load")
    fight = page.locator(".gk-itc:has([data-testid='gk-outcomes'])").first
    fight.wait_for(state="visible", timeout=120_000)
    if preloaded:
        page.wait_for_function("() => globalThis.gamekitRules && globalThis.gamekitRules.state === 'ready'", timeout=300_000)
    before = sent_bytes() - start
    fight.scroll_into_view_if_needed()
    clicked = page.evaluate("() => performance.now()")
    fight.locator("[data-testid='gk-roll']").click()
    fight.locator("[data-testid='gk-rolls'] li").first.wait_for(timeout=300_000)
    answered = page.evaluate("() => performance.now()")
    tasks = page.evaluate("() => globalThis.__longTasks")
    longest = max((t["duration"] for t in tasks if t["start"] + t["duration"] >= clicked and t["start"] <= answered), default=0.0)
    page.wait_for_function("() => globalThis.gamekitRules.state === 'ready'", timeout=300_000)
    page.wait_for_timeout(500)
    after = sent_bytes() - start
    context.close()
    return answered - clicked, longest, before, after


def warm_answers(browser, url: str) -> list[float]:
    context, page = new_page(browser, False)
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


def navigation_to_ready(browser, url: str) -> tuple[float, float]:
    """(ms from navigation to the rules being ready, the longest main-thread task until then), a
    first visit whose reader starts the rules at once."""
    context, page = new_page(browser, False)
    page.goto(url, wait_until="load")
    page.evaluate("() => globalThis.gamekitRules && globalThis.gamekitRules.start()")
    page.wait_for_function("() => globalThis.gamekitRules && globalThis.gamekitRules.state === 'ready'", timeout=300_000)
    ready = page.evaluate("() => performance.now()")
    tasks = page.evaluate("() => globalThis.__longTasks")
    context.close()
    return ready, max((t["duration"] for t in tasks if t["start"] <= ready), default=0.0)


def _ready_after_navigation(page, url: str) -> float:
    """Open ``url`` and start its rules at once; ms from navigation to the rules being ready."""
    page.goto(url, wait_until="load")
    page.locator(".gk-widget").first.wait_for(state="visible", timeout=120_000)
    page.evaluate("() => globalThis.gamekitRules.start()")
    page.wait_for_function("() => globalThis.gamekitRules.state === 'ready'", timeout=300_000)
    return page.evaluate("() => performance.now()")


def second_visit(browser, url: str) -> dict:
    """A first visit that saves the book, then a second visit and an offline one, in one browser profile."""
    context = browser.new_context(service_workers="allow")
    first = context.new_page()
    start = sent_bytes()
    first_ms = _ready_after_navigation(first, url)
    first.wait_for_function("() => window.gamekitOffline && window.gamekitOffline.saved", timeout=300_000)
    first.wait_for_function("() => globalThis.gamekitRules.snapshotBytes > 0", timeout=300_000)
    saved = sent_bytes() - start
    first.close()
    mark = len(SENT)
    second = context.new_page()
    second_ms = _ready_after_navigation(second, url)
    phases = second.evaluate("() => globalThis.gamekitRules.phases")
    again = SENT[mark:]
    fight = second.locator(".gk-itc:has([data-testid='gk-outcomes'])").first
    clicked = second.evaluate("() => performance.now()")
    fight.locator("[data-testid='gk-roll']").click()
    fight.locator("[data-testid='gk-rolls'] li").first.wait_for(timeout=60_000)
    answer_ms = second.evaluate("() => performance.now()") - clicked
    second.close()
    context.set_offline(True)
    offline = context.new_page()
    offline_ms = _ready_after_navigation(offline, url)
    context.close()
    return {"first_ms": first_ms, "saved": saved, "second_ms": second_ms, "phases": phases,
            "second_files": [p for p, _ in again], "second_bytes": sum(n for _, n in again),
            "answer_ms": answer_ms, "offline_ms": offline_ms}


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
                    print(f"page weight of {WIDGET_PAGE} (first visit, counted by the server, workers included): "
                          f"{before / 1e6:.1f} MB sent before any click (the page, and the rules if the idle "
                          f"preload had started), {after / 1e6:.1f} MB once the rules are loaded")
        for path in (WIDGET_PAGE, "book/dice.html"):
            runs = [navigation_to_ready(browser, base + path) for _ in range(3)]
            print(f"{path}, first visit: rules ready {statistics.median(r[0] for r in runs):.0f} ms after navigation; "
                  f"longest main-thread task from navigation to ready {statistics.median(r[1] for r in runs):.0f} ms "
                  f"(median of 3; worst {max(r[1] for r in runs):.0f} ms)")
        visits = [second_visit(browser, base + WIDGET_PAGE) for _ in range(3)]
        v = visits[0]
        print(f"first visit with the service worker: rules ready after {statistics.median(r['first_ms'] for r in visits):.0f} ms, "
              f"{v['saved'] / 1e6:.1f} MB sent (the whole book saved on the device)")
        print(f"second visit: rules ready {statistics.median(r['second_ms'] for r in visits):.0f} ms after navigation "
              f"(runs {', '.join(str(round(r['second_ms'])) for r in visits)}); the worker's phases (ms from its start): "
              + ", ".join(f"{k} {val:.0f}" for k, val in v["phases"].items() if isinstance(val, (int, float)) and not isinstance(val, bool))
              + f"; snapshot restored: {v['phases'].get('restored')}")
        print(f"second visit: the site sent {max(r['second_bytes'] for r in visits)} bytes at most "
              f"({sorted({p for r in visits for p in r['second_files']})}); first answer after ready "
              f"{statistics.median(r['answer_ms'] for r in visits):.0f} ms")
        print(f"offline (the site unreachable): rules ready {statistics.median(r['offline_ms'] for r in visits):.0f} ms "
              "after navigation")
        warm = warm_answers(browser, base + WIDGET_PAGE)
        print(f"warm answers (itc.fight to the end, 20 calls): median {statistics.median(warm):.1f} ms, "
              f"max {max(warm):.1f} ms")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
