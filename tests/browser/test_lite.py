"""The lessons in the browser with nothing installed (issue 32): the book's JupyterLite site.

The built site (``make book``, which builds ``lite/`` with ``tools/build_lite.py``) is served by a
server of this test that can be stopped, to be offline. Real Chromium, service workers allowed (the
book's ``sw.js`` keeps the lite site once used), every outside request blocked and recorded.

* gamekit imports in the site's Python with no install, no outside request, and again on a second
  visit and offline; the times from opening to the first result are printed (``-s`` shows them).
* Each lesson page's "Open in the browser" link opens its student notebook in the site.
* A lesson's student notebook runs there top to bottom with no error and prints the book's figures,
  for every lesson whose code runs on the standard library and gamekit (``IN_THE_BROWSER``).
"""

from __future__ import annotations

import functools
import http.server
import json
import threading
import time
from pathlib import Path
from urllib.parse import quote, urlparse

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_build" / "html"
LITE = SITE / "lite"
LESSONS = sorted(p.stem for p in (ROOT / "notebooks").glob("lesson-[0-9][0-9]-*.ipynb") if not p.stem.endswith("-student"))
LOAD_TIMEOUT_MS = 300_000
CODE = "import gamekit, sys; from gamekit.dice import two_d6; print('gamekit', gamekit.__name__, 'P(7) =', two_d6[7])"


class _Site:
    def __init__(self, folder: Path) -> None:
        class Handler(http.server.SimpleHTTPRequestHandler):
            extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                              ".wasm": "application/wasm", ".js": "text/javascript"}

            def log_message(self, format: str, *args: object) -> None:  # noqa: A002
                pass

        class Server(http.server.ThreadingHTTPServer):
            def handle_error(self, request, client_address) -> None:
                pass  # a page that moves on while a file is sent: nothing to report

        self.server = Server(("127.0.0.1", 0), functools.partial(Handler, directory=str(folder)))
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def site():
    if not (LITE / "jupyter-lite.json").is_file():
        pytest.fail(f"the lite site is not built ({LITE / 'jupyter-lite.json'} is missing): run `make book` first")
    s = _Site(SITE)
    yield s
    s.stop()


@pytest.fixture
def browser_context(site, browser):
    """A fresh context of the suite's one Chromium (conftest's session ``browser``: a second
    ``sync_playwright`` in the same worker would refuse to start), outside requests blocked."""
    context = browser.new_context()
    outside: list[str] = []

    def route(r) -> None:
        u = urlparse(r.request.url)
        if u.scheme in ("data", "blob") or (u.hostname == "127.0.0.1" and u.port == site.port):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    context.outside = outside
    yield context
    context.close()


def _errors(page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))
    return errors


def _repl_result(page, url: str) -> tuple[str, float]:
    start = time.monotonic()
    page.goto(url)
    out = page.locator(".jp-OutputArea-output").filter(has_text="P(7) =").first
    out.wait_for(timeout=LOAD_TIMEOUT_MS)
    return out.inner_text(), time.monotonic() - start


def test_the_lite_site_serves_everything_itself():
    """The kernel's Pyodide, its lock file and every wheel it preloads are the site's own files."""
    config = json.loads((LITE / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    assert "gamekit" in kernel["loadPyodideOptions"]["packages"]
    lock = json.loads((LITE / "static" / "pyodide" / "pyodide-lock.json").read_text())
    for name in kernel["loadPyodideOptions"]["packages"]:
        assert (LITE / "static" / "pyodide" / lock["packages"][name]["file_name"]).is_file(), name
    for page in SITE.rglob("*.html"):
        text = page.read_text(errors="replace")
        assert "fonts.googleapis" not in text and "cdn.jsdelivr" not in text, page


def test_gamekit_imports_in_the_browser_first_visit_second_visit_and_offline(site, browser_context):
    """First visit (after a book page registered the service worker), second visit, offline."""
    page = browser_context.new_page()
    errors = _errors(page)
    page.goto(site.url + "notebooks/lesson-01-dice.html", wait_until="load")
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=60_000)
    url = site.url + "lite/repl/index.html?kernel=python&code=" + quote(CODE)
    first, first_s = _repl_result(page, url)
    assert "P(7) = 1/6" in first
    second, second_s = _repl_result(page, url)
    assert "P(7) = 1/6" in second
    site.stop()
    offline, offline_s = _repl_result(page, url)
    assert "P(7) = 1/6" in offline
    print(f"\nlite: open to first result {first_s:.1f} s (first visit), {second_s:.1f} s (second), "
          f"{offline_s:.1f} s (offline)")
    assert browser_context.outside == []
    assert errors == []


@pytest.mark.parametrize("lesson", LESSONS)
def test_each_lesson_page_opens_its_student_notebook_in_the_browser(site, browser_context, lesson):
    page = browser_context.new_page()
    errors = _errors(page)
    page.goto(f"{site.url}notebooks/{lesson}.html", wait_until="load")
    link = page.locator("a.gk-open-browser")
    assert link.inner_text() == "Open in the browser"
    link.click()
    page.wait_for_url(f"**/lite/lab/index.html?path={lesson}-student.ipynb")
    tab = page.get_by_role("tab", name=f"{lesson}-student.ipynb")
    tab.first.wait_for(timeout=LOAD_TIMEOUT_MS)
    page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=LOAD_TIMEOUT_MS)
    assert browser_context.outside == []
    assert errors == []


def _run_all(page) -> None:
    page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=LOAD_TIMEOUT_MS)
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").first.wait_for(timeout=LOAD_TIMEOUT_MS)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()


def _lines(texts: list[str]) -> list[str]:
    """The printed lines, spaces evened out (a page may merge or split a cell's printed parts)."""
    return [" ".join(line.split()) for text in texts for line in text.splitlines() if line.strip()]


def _stdout(page) -> list[str]:
    return _lines(page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stdout']").all_inner_texts())


def _book_stdout(page) -> list[str]:
    return _lines(page.locator(".cell_output .output.stream").all_inner_texts())


#: The lessons whose student version runs in the browser (their code on the standard library and
#: gamekit only: Pyodide here has no numpy nor matplotlib): all seven.
IN_THE_BROWSER = ["lesson-01-dice", "lesson-02-itc-dice", "lesson-03-grey-market", "lesson-04-factories",
                  "lesson-05-transportspelet", "lesson-06-catan", "lesson-07-auf-achse"]


@pytest.mark.parametrize("lesson", IN_THE_BROWSER)
def test_a_lesson_runs_top_to_bottom_in_the_browser_with_the_books_figures(site, browser_context, lesson):
    """The student notebook, opened from its page's link, run whole (Run All Cells): no error, no
    outside request; every line it prints is a line the book's page prints (same seeds, same
    generator: the same rolls); its widget draws (a seed that is a plain JavaScript number)."""
    book = browser_context.new_page()
    book.goto(f"{site.url}notebooks/{lesson}.html", wait_until="load")
    printed_in_book = _book_stdout(book)
    assert printed_in_book
    page = browser_context.new_page()
    errors = _errors(page)
    start = time.monotonic()
    page.goto(site.url + "lite/lab/index.html?path=" + quote(f"{lesson}-student.ipynb"))
    _run_all(page)
    # the first result: the first code cell has run (its stored outputs were there before)
    page.wait_for_function("() => { const p = document.querySelector('.jp-Notebook .jp-CodeCell .jp-InputPrompt');"
                           " return p && /\\[\\d+\\]/.test(p.textContent); }", timeout=LOAD_TIMEOUT_MS)
    print(f"\nlite: {lesson} opened to its first result in {time.monotonic() - start:.1f} s")
    prompts = page.locator(".jp-Notebook .jp-CodeCell .jp-InputPrompt")
    page.wait_for_function(
        "() => { const p = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')];"
        " return p.length > 0 && p.every(e => /\\[\\d+\\]/.test(e.textContent)); }", timeout=LOAD_TIMEOUT_MS * 2)
    print(f"lite: {lesson} ran top to bottom ({prompts.count()} code cells) in {time.monotonic() - start:.1f} s")
    failed = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert failed.count() == 0, failed.all_inner_texts()[:3]
    assert page.locator(".jp-OutputArea-output .jp-RenderedText[data-mime-type='application/vnd.jupyter.error']").count() == 0
    printed = _stdout(page)
    # the student's own answer check (its first line is tools/student_versions.py's CHECK_NOTE)
    # prints what the teacher's page does not ("no answer yet")
    own = set(_lines(page.evaluate(
        """() => [...document.querySelectorAll('.jp-Notebook .jp-CodeCell')]
              .filter(c => (c.querySelector('.jp-InputArea') || c).innerText.includes('# Your answers:'))
              .flatMap(c => [...c.querySelectorAll(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stdout']")]
                             .map(o => o.innerText))""")))
    book_lines = set(printed_in_book)
    assert len([line for line in printed if line in book_lines]) >= 5
    assert [line for line in printed if line not in book_lines and line not in own] == []
    assert page.locator(".jp-OutputArea-output [role='graphics-document'], .jp-OutputArea-output .vega-embed").count() > 0
    # every widget the lesson shows draws (its seed a plain JavaScript number, not a BigInt)
    stored = (LITE / "files" / f"{lesson}-student.ipynb").read_text(encoding="utf-8")
    widgets = page.locator(".jp-OutputArea-output .gk-widget")
    if "application/vnd.jupyter.widget-view+json" in stored:
        widgets.first.wait_for(timeout=LOAD_TIMEOUT_MS)
        page.wait_for_function("() => [...document.querySelectorAll('.jp-OutputArea-output .gk-widget')]"
                               ".every(w => w.innerText.trim().length > 20)", timeout=LOAD_TIMEOUT_MS)
    assert browser_context.outside == []
    assert errors == []
