"""A lesson page printed from the browser is a worksheet (issue 18), checked in Chromium with the print
media emulated: no navigation, no code, no solutions, no teacher's note, no widget controls; the
questions, the figures and the widget's chart stay, with room to write. And the page's two
downloads are there."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_build" / "html"
LESSONS = sorted(p.stem for p in (ROOT / "notebooks").glob("lesson-[0-9][0-9]-*.ipynb"))

HIDDEN = [".bd-header", ".bd-sidebar-primary", ".bd-sidebar-secondary", ".prev-next-area", ".gk-lesson-links",
          "details.gk-solution", ".tag_answer-check", ".gk-teacher-note", ".cell .cell_input", ".gk-widget button"]


def _display(page, selector):
    return page.evaluate(
        "(s) => [...document.querySelectorAll(s)].map(e => getComputedStyle(e).display)", selector)


@pytest.mark.parametrize("lesson", LESSONS)
def test_a_printed_lesson_page_is_a_worksheet(watch, site_url, lesson):
    page = watch.page
    page.goto(f"{site_url}notebooks/{lesson}.html", wait_until="load")
    # on the screen: the downloads and the solutions are there, the room to write is not
    assert page.locator(".gk-lesson-links a.gk-student-notebook").count() == 1
    assert all(d == "none" for d in _display(page, ".gk-answer-space"))
    page.emulate_media(media="print")
    for selector in HIDDEN:
        shown = _display(page, selector)
        assert shown, f"{lesson}: nothing matches {selector}"  # the rule has something to hide
        assert all(d == "none" for d in shown), f"{lesson}: {selector} is printed"
    spaces = page.evaluate("() => [...document.querySelectorAll('.gk-answer-space')].map(e => e.getBoundingClientRect().height)")
    assert spaces and min(spaces) > 30, "room to write under every question"
    assert page.locator("img").first.is_visible(), "the charts print"
    pictures = page.locator(".gk-widget svg")  # a widget's picture prints too (not every widget has one)
    assert pictures.count() == 0 or pictures.first.is_visible()
    assert watch.outside == []


@pytest.mark.parametrize("lesson", LESSONS[:1])
def test_both_notebooks_download_from_the_lesson_page(watch, site_url, lesson):
    page = watch.page
    page.goto(f"{site_url}notebooks/{lesson}.html", wait_until="load")
    for css in ("a.gk-teacher-notebook", "a.gk-student-notebook"):
        href = page.locator(css).get_attribute("href")
        response = page.request.get(page.url.rsplit("/", 1)[0] + "/" + href)
        assert response.ok and '"cells"' in response.text()
