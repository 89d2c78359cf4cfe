"""Fixtures for the real-browser tests: the built book served on 127.0.0.1, headless Chromium.

The book must have been built (``make book``; ``make test`` does it). Chromium is Debian's
``/usr/bin/chromium`` (Playwright cannot download its own browser here); set ``GAMEKIT_CHROMIUM``
to use another. Every request that does not go to the local server is blocked and recorded, and
every page error is recorded; the tests fail on either.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
from pathlib import Path
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_build" / "html"
AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
CHROMIUM = os.environ.get("GAMEKIT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                      ".wasm": "application/wasm", ".js": "text/javascript"}

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass


@pytest.fixture(scope="session")
def site_url() -> str:
    if not (SITE / "index.html").is_file():
        pytest.fail(f"the book is not built ({SITE / 'index.html'} is missing): run `make book` first")
    handler = functools.partial(_QuietHandler, directory=str(SITE))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: install Debian's chromium (make test does this as root)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class PageWatch:
    """A page whose outside requests are blocked and whose errors are collected."""

    def __init__(self, browser, site_url: str, **context_options) -> None:
        """``context_options`` go to Playwright's ``new_context`` (a phone's viewport, say)."""
        self.site = urlparse(site_url)
        # The book's service worker is blocked here: it would answer requests that the routes below
        # must see (tests/browser/test_offline.py checks the worker, with a server of its own).
        self.context = browser.new_context(service_workers="block", **context_options)
        self.page = self.context.new_page()
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.context.route("**/*", self._route)
        self.page.on("pageerror", lambda exc: self.errors.append(f"page error: {exc}"))
        self.page.on(
            "console",
            lambda msg: self.errors.append(f"console {msg.type}: {msg.text}") if msg.type == "error" else None,
        )

    def _route(self, route) -> None:
        url = urlparse(route.request.url)
        if url.scheme in ("data", "blob") or (url.hostname == self.site.hostname and url.port == self.site.port):
            route.continue_()
        else:
            self.outside.append(route.request.url)
            route.abort()

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def watch(browser, site_url):
    w = PageWatch(browser, site_url)
    yield w
    w.close()


def open_widget_page(watch, site_url: str, path: str, selector: str, scroll: bool = True):
    """The built page ``path`` (relative to the site) opened in ``watch``'s page: (page, the first
    element matching ``selector``), once it is drawn (and, with ``scroll``, scrolled into view).
    Fails, naming the page, when the book has not built it."""
    if not (SITE / path).is_file():
        pytest.fail(f"{path} is not built")
    page = watch.page
    page.goto(site_url + path, wait_until="load")
    root = page.locator(selector).first
    root.wait_for(state="visible", timeout=60_000)
    if scroll:
        root.scroll_into_view_if_needed()
    return page, root


def open_play_page(watch, site_url: str, game: str):
    """The game's play page (``book/<folder>/play.html``) opened in ``watch``'s page: (page, the play
    widget's root), once the widget is drawn."""
    from gamekit.web.play import PAGES

    return open_widget_page(watch, site_url, f"book/{PAGES[game]}/play.html", ".gk-play", scroll=False)


def open_page_with_widgets(watch, site_url: str, page_path: str, *, dark: bool = False):
    """The built page ``page_path`` opened in ``watch``'s page once its first widget is drawn, in the
    dark theme with ``dark`` (chosen before the page loads, as a reader's saved choice)."""
    page = watch.page
    if dark:
        page.add_init_script("localStorage.setItem('mode', 'dark'); localStorage.setItem('theme', 'dark');")
    page.goto(site_url + page_path, wait_until="load")
    page.locator(".gk-widget").first.wait_for(state="visible", timeout=60_000)
    if dark:
        page.evaluate("document.documentElement.dataset.theme = 'dark'; document.documentElement.dataset.mode = 'dark'")
    return page


def axe_violations(page, within: str | None = None) -> list[str]:
    """Serious and critical axe violations on the whole page (the theme's own controls included), or
    only ``within`` a selector."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(
        """async (within) => {
        const r = await axe.run(within ? { include: [[within]] } : document, { resultTypes: ['violations'] });
        return r.violations.filter(v => ['serious', 'critical'].includes(v.impact))
          .map(v => `${v.id} (${v.impact}): ${v.nodes.length} node(s), e.g. ${v.nodes[0].target.join(' ')} — ${v.nodes[0].failureSummary}`);
        }""",
        within,
    )
