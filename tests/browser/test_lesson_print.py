"""A lesson page printed from the browser is a worksheet that fits the paper (issues 18 and 32),
checked in Chromium: with the print media emulated at the width of an A4 and a Letter page, the
article and every element in it lie inside the page (nothing is cut at a margin), and the page
printed to PDF (``page.pdf``) on each paper has its pages counted. The worksheet shows no navigation,
code, solution, teacher's note or widget control; the questions, the figures and the widget's chart
stay, with room to write. Each lesson's handout prints in at most three pages and its student page
has no solution and no teacher's note; both are linked from the lesson page.

The pages counted are written to ``_build/print-pages.json`` (lesson -> paper -> pages), for the
report of a run."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_build" / "html"
LESSONS = sorted(p.stem for p in (ROOT / "notebooks").glob("lesson-[0-9][0-9]-*.ipynb"))
PAGES_REPORT = ROOT / "_build" / "print-pages.json"

#: The papers, as (width, height) in millimetres, and the margin gamekit-print.css gives the page (@page).
PAPERS = {"A4": (210, 297), "Letter": (215.9, 279.4)}
MARGIN_MM = 15
HANDOUT_PAGES = 3

HIDDEN = [".bd-header", ".bd-sidebar-primary", ".bd-sidebar-secondary", ".prev-next-area", ".gk-lesson-links",
          "details.gk-solution", ".tag_answer-check", ".gk-teacher-note", ".cell .cell_input", ".gk-widget button"]


def _px(mm: float) -> float:
    return mm / 25.4 * 96


def _display(page, selector):
    return page.evaluate(
        "(s) => [...document.querySelectorAll(s)].map(e => getComputedStyle(e).display)", selector)


#: Every element of the article (the article included) whose box reaches past the page's left or right
#: edge, with what it is. An element shown with no size is skipped; so is one hidden.
OUTSIDE = """(width) => {
  const article = document.querySelector('article.bd-article');
  const out = [];
  for (const e of [article, ...article.querySelectorAll('*')]) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (e.closest('mjx-assistive-mml')) continue;  // MathJax's copy for screen readers, clipped to nothing on screen and paper
    if (r.right > width + 0.5 || r.left < -0.5) {
      const name = e.tagName.toLowerCase() + (typeof e.className === 'string' && e.className ? '.' + e.className.split(' ').join('.') : '');
      out.push(`${name} from ${Math.round(r.left)} to ${Math.round(r.right)} px: ${(e.textContent || '').trim().slice(0, 60)}`);
    }
  }
  return {outside: out, scrollWidth: document.documentElement.scrollWidth, article: article.getBoundingClientRect().width};
}"""


def _pdf_pages(pdf: bytes) -> int:
    """The number of pages of a PDF (its page objects)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


def _printed(page, paper: str) -> tuple[dict, int]:
    """The page laid out for ``paper`` in print media: what reaches outside the page, and the
    number of pages the browser prints."""
    width, _ = PAPERS[paper]
    inside = int(_px(width - 2 * MARGIN_MM))
    page.emulate_media(media="print")
    page.set_viewport_size({"width": inside, "height": 1000})
    measured = page.evaluate(OUTSIDE, inside)
    pdf = page.pdf(format=paper, prefer_css_page_size=False,
                   margin={side: f"{MARGIN_MM}mm" for side in ("top", "bottom", "left", "right")})
    return measured | {"inside": inside}, _pdf_pages(pdf)


def _record(name: str, paper: str, pages: int) -> None:
    report = json.loads(PAGES_REPORT.read_text()) if PAGES_REPORT.is_file() else {}
    report.setdefault(name, {})[paper] = pages
    PAGES_REPORT.write_text(json.dumps(report, indent=1, sort_keys=True) + "\n")


def _assert_inside(measured: dict, what: str) -> None:
    assert measured["article"] <= measured["inside"] + 0.5, f"{what}: the article is {measured['article']:.0f} px wide"
    assert measured["scrollWidth"] <= measured["inside"], f"{what}: the page is {measured['scrollWidth']} px wide"
    assert not measured["outside"], f"{what}: cut at a margin: " + "; ".join(measured["outside"][:6])


def test_the_measure_finds_what_sticks_out(watch, site_url):
    """The measure is not blind: a table made wider than the paper is found, and the article too."""
    page = watch.page
    page.goto(f"{site_url}notebooks/{LESSONS[0]}.html", wait_until="load")
    page.evaluate("""() => { const t = document.createElement('pre'); t.style.whiteSpace = 'pre !important';
        t.setAttribute('style', 'white-space: pre !important; width: 2000px; display: block');
        t.textContent = 'x'.repeat(400); document.querySelector('article.bd-article section').append(t); }""")
    measured, _ = _printed(page, "A4")
    assert any(line.startswith("pre") for line in measured["outside"])


@pytest.mark.parametrize("lesson", LESSONS)
def test_a_printed_lesson_page_is_a_worksheet_inside_the_paper(watch, site_url, lesson):
    page = watch.page
    page.goto(f"{site_url}notebooks/{lesson}.html", wait_until="load")
    # on the screen: the downloads, the student page and the handout are there, the room to write is not
    for css in ("a.gk-student-notebook", "a.gk-student-page", "a.gk-handout"):
        assert page.locator(f".gk-lesson-links {css}").count() == 1, css
    assert all(d == "none" for d in _display(page, ".gk-answer-space"))
    page.emulate_media(media="print")
    for selector in HIDDEN:
        shown = _display(page, selector)
        assert shown, f"{lesson}: nothing matches {selector}"  # the rule has something to hide
        assert all(d == "none" for d in shown), f"{lesson}: {selector} is printed"
    spaces = page.evaluate("() => [...document.querySelectorAll('.gk-answer-space')].map(e => e.getBoundingClientRect().height)")
    assert spaces and min(spaces) > 30, "room to write under every question"
    assert page.locator("article img").first.is_visible(), "the charts print"
    pictures = page.locator(".gk-widget svg")  # a widget's picture prints too (not every widget has one)
    assert pictures.count() == 0 or pictures.first.is_visible()
    for paper in PAPERS:
        measured, pages = _printed(page, paper)
        _assert_inside(measured, f"{lesson} on {paper}")
        assert pages >= 2
        _record(lesson, paper, pages)
        print(f"{lesson}: {pages} pages on {paper}")
    assert watch.outside == []


@pytest.mark.parametrize("lesson", LESSONS)
def test_the_handout_prints_in_three_pages_inside_the_paper(watch, site_url, lesson):
    page = watch.page
    page.goto(f"{site_url}notebooks/{lesson}.html", wait_until="load")
    href = page.locator(".gk-lesson-links a.gk-handout").get_attribute("href")
    page.goto(page.url.rsplit("/", 1)[0] + "/" + href, wait_until="load")
    text = page.locator("article").inner_text()
    assert "Predict" in text and "Exercise 1" in text and "Data:" in text
    assert "Exit ticket" in text and all(f"T{k}." in text for k in (1, 2, 3)), "the exit ticket, on paper too"
    assert page.locator("article table").count() >= 1 or page.locator("article pre").count() >= 1, "one data table"
    assert "Solution" not in text and "Teacher's note" not in text
    page.emulate_media(media="print")
    spaces = page.evaluate("() => [...document.querySelectorAll('.gk-answer-space')].map(e => e.getBoundingClientRect().height)")
    assert len(spaces) >= 4 and min(spaces) > 30, "room to write"
    for paper in PAPERS:
        measured, pages = _printed(page, paper)
        _assert_inside(measured, f"{lesson}'s handout on {paper}")
        assert 1 <= pages <= HANDOUT_PAGES, f"{lesson}'s handout prints on {pages} {paper} pages"
        _record(f"{lesson}-handout", paper, pages)
        print(f"{lesson} handout: {pages} pages on {paper}")
    assert watch.outside == []


@pytest.mark.parametrize("lesson", LESSONS)
def test_the_student_page_has_no_answers(watch, site_url, lesson):
    page = watch.page
    page.goto(f"{site_url}notebooks/{lesson}.html", wait_until="load")
    href = page.locator(".gk-lesson-links a.gk-student-page").get_attribute("href")
    page.goto(page.url.rsplit("/", 1)[0] + "/" + href, wait_until="load")
    html = page.content()
    assert "gk-solution" not in html and "gk-teacher-note" not in html and "teacher_check" not in html
    text = page.locator("article").inner_text()
    assert "Exercise 1" in text and "Predict" in text and "teacher's note" not in text.lower()
    assert page.locator("article img").count() >= 1, "the lesson's charts"
    assert page.locator("article img").first.get_attribute("alt"), "with their descriptions"
    measured, _ = _printed(page, "A4")
    _assert_inside(measured, f"{lesson}'s student page on A4")
    assert watch.outside == []


@pytest.mark.parametrize("lesson", LESSONS[:1])
def test_both_notebooks_download_from_the_lesson_page(watch, site_url, lesson):
    page = watch.page
    page.goto(f"{site_url}notebooks/{lesson}.html", wait_until="load")
    for css in ("a.gk-teacher-notebook", "a.gk-student-notebook"):
        href = page.locator(css).get_attribute("href")
        response = page.request.get(page.url.rsplit("/", 1)[0] + "/" + href)
        assert response.ok and '"cells"' in response.text()


def _exit_ticket(page, lesson):
    from gamekit.lessons.answers import answers

    rows = [r for r in answers(lesson) if r[0].startswith("T")]
    box = page.locator(".gk-exit-ticket form")
    box.wait_for(state="visible")
    right, wrong = rows[0], rows[1]
    box.locator(f'fieldset[data-key="{right[0]}"] input[value="{right[2]}"]').check()
    other = next(c for c in "ABC" if c != wrong[2])
    box.locator(f'fieldset[data-key="{wrong[0]}"] input[value="{other}"]').check()
    box.get_by_role("button", name="Check my answers").click()
    status = box.locator(".gk-exit-status")
    status.filter(has_text="of 3 right").wait_for()
    marks = {r[0]: box.locator(f'[data-testid="gk-exit-{r[0]}"]').inner_text() for r in rows}
    assert marks == {rows[0][0]: "right", rows[1][0]: "not yet: think again", rows[2][0]: "no answer yet"}
    assert status.inner_text() == "1 of 3 right."
    # the right letters are not in the page: only their hashes, fetched from the site
    html = page.content()
    for key, _, letter, _ in rows:
        assert f'"{key}": "{letter}"' not in html


@pytest.mark.parametrize("lesson", LESSONS)
def test_the_exit_ticket_says_which_answers_are_right(watch, site_url, lesson):
    page = watch.page
    page.goto(f"{site_url}notebooks/{lesson}.html", wait_until="load")
    _exit_ticket(page, lesson)
    assert watch.outside == [] and watch.errors == []


def test_the_exit_ticket_works_on_the_student_page_by_keyboard(watch, site_url):
    lesson = LESSONS[0]
    page = watch.page
    page.goto(f"{site_url}book/lessons/{lesson}-student.html", wait_until="load")
    first = page.locator(".gk-exit-ticket input[type=radio]").first
    first.focus()
    page.keyboard.press("Space")
    assert first.is_checked()
    _exit_ticket(page, lesson)
    assert watch.outside == [] and watch.errors == []


#: For each text element of the article: its colour's and its background's relative luminance (the
#: background: its own, else the nearest ancestor's that is not transparent; white at the top).
_INKS = """() => {
  const lum = (c) => { const [r, g, b] = c.match(/[\\d.]+/g).slice(0, 3).map(Number).map((v) => {
    v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const back = (e) => { for (; e; e = e.parentElement) { const c = getComputedStyle(e).backgroundColor;
    if (!/rgba\\(.*, 0\\)$/.test(c) && c !== 'transparent') return c; } return 'rgb(255, 255, 255)'; };
  return [...document.querySelectorAll('article td, article th, article p, article li, article .admonition')]
    .filter((e) => e.offsetParent !== null && e.innerText.trim())
    .map((e) => ({ what: e.tagName + ': ' + e.innerText.trim().slice(0, 40),
                   ink: lum(getComputedStyle(e).color), paper: lum(back(e)) }));
}"""


@pytest.mark.parametrize("lesson", LESSONS)
def test_printed_from_a_dark_screen_the_worksheet_is_dark_ink_on_white(watch, site_url, lesson):
    """A teacher whose computer is in dark mode prints the handout: the paper is white, so every text
    (tables and boxes included) prints dark on a light background, not in the screen's dark-mode
    colours (light grey table text on dark rows, black text on dark boxes)."""
    page = watch.page
    page.emulate_media(color_scheme="dark")
    page.goto(f"{site_url}book/lessons/{lesson}-handout.html", wait_until="load")
    assert page.evaluate("document.documentElement.dataset.theme") == "dark", "the site follows the dark screen"
    page.emulate_media(media="print", color_scheme="dark")
    inks = page.evaluate(_INKS)
    assert len(inks) > 10
    bad = [i["what"] for i in inks if i["paper"] < 0.8 or (i["paper"] + 0.05) / (i["ink"] + 0.05) < 4.5]
    assert bad == [], f"{lesson}'s handout printed from dark mode: light or faint on paper: {bad[:5]}"
