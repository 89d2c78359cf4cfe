"""The play pages' board on a 360 px phone and on a laptop, in headless Chromium (issue 17, "Play
every game to the end in the book": the whole table legible on a laptop and a 360 px phone, in light
and dark mode).

On the phone the board opens zoomed so that its smallest text is drawn at least 11 px high, in a
frame that scrolls (the page never gets wider than the screen); "Zoom in", "Zoom out" and "Fit" work
by keyboard and by touch; the zoom survives the redraw after a move; a spot on the board is still a
move when tapped at that zoom; axe finds no serious or critical violation in light or dark mode,
and the engine's board keeps its own text colours in dark mode (on its light sheet, dimmed as a whole). On a laptop the
board opens whole ("Fit")."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import AXE, PageWatch, axe_violations, open_play_page

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
LOAD_TIMEOUT_MS = 120_000
PHONE_WIDTH = 360
LEGIBLE_PX = 11
GAMES = ["itc", "catan", "factories", "trade-feud", "auf-achse", "transportspelet"]
#: The games whose board has spots to press (the service says where a move lies: gamekit.web.play_board;
#: issue 31: every game's board is where you act).
WITH_TARGETS = set(GAMES)

#: The board as drawn now: the drawing's and its frame's widths, the height of its smallest text
#: (the bounding box of each <text> on the screen), the page's width, and what the zoom says.
BOARD = """root => {
  const frame = root.querySelector("[data-testid='gk-board']");
  const svg = frame.querySelector('svg');
  const heights = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim())
    .map(t => t.getBoundingClientRect().height).filter(h => h > 0);
  return { width: svg.getBoundingClientRect().width, frame: frame.clientWidth, smallest: Math.min(...heights),
           texts: heights.length, page: document.documentElement.scrollWidth,
           zoom: root.querySelector("[data-testid='gk-zoom-text']").textContent };
}"""

PERSON_TO_MOVE = """root => root.querySelector("[data-testid='gk-moves'] button") !== null
    && root.querySelector("[data-testid='gk-skip']").hidden"""


@pytest.fixture
def phone(browser, site_url):
    w = PageWatch(browser, site_url, viewport={"width": PHONE_WIDTH, "height": 740}, has_touch=True, is_mobile=True,
                  device_scale_factor=2)
    yield w
    w.close()


def _start(watch, site_url, game):
    """The game's play page with a game started as the form offers it (the reader against the computer)."""
    page, root = open_play_page(watch, site_url, game)
    root.locator("[data-testid='gk-start']").click()
    root.locator("[data-testid='gk-board'] svg").wait_for(timeout=LOAD_TIMEOUT_MS)
    return page, root


def _board(root) -> dict:
    return root.evaluate(BOARD)


def _wait_person(page, root):
    page.wait_for_function(PERSON_TO_MOVE, arg=root.element_handle(), timeout=LOAD_TIMEOUT_MS)


def _move_at_this_zoom(page, root, game, *, on_the_board: bool) -> None:
    """The reader's move: a tap on the board's first spot (``on_the_board``: there must be one), or
    else the first of "Your moves"; returns once the move is in the log (the board drawn again)."""
    _wait_person(page, root)
    log = root.locator("[data-testid='gk-log'] li")
    before = log.count()
    spot = root.locator("[data-testid='gk-target-0']")
    assert spot.count() or not on_the_board, "no spot to press on the board"
    if spot.count():
        named = spot.get_attribute("aria-label")
        spot.tap()  # a finger, where the spot is drawn at this zoom (scrolled into the frame's view)
        choice = root.locator("[data-testid='gk-chooser'] [data-testid='gk-choice-0']")
        if choice.is_visible():  # a place with several moves: choose the first, beside the board
            named = choice.get_attribute("data-action")
            choice.tap()
    else:
        button = root.get_by_role("region", name="Your moves").get_by_role("button").first
        named = button.get_attribute("data-action")
        button.click()
    page.wait_for_function("([root, n]) => root.querySelectorAll(\"[data-testid='gk-log'] li\").length > n",
                           arg=[root.element_handle(), before], timeout=LOAD_TIMEOUT_MS)
    assert named in log.nth(before).inner_text(), f"the move pressed ({named}) is not the one logged"


def _press_by_keyboard(page, testid: str) -> None:
    """Tab to a control and press Enter; the focus is visible on it."""
    for _ in range(6):
        if page.evaluate("() => document.activeElement && document.activeElement.dataset.testid") == testid:
            break
        page.keyboard.press("Tab")
    focused = page.evaluate("""() => { const e = document.activeElement;
        return { id: e.dataset.testid, visible: e.matches(':focus-visible'), outline: getComputedStyle(e).outlineStyle,
                 width: parseFloat(getComputedStyle(e).outlineWidth) }; }""")
    assert focused["id"] == testid, f"Tab did not reach {testid} (focus on {focused['id']})"
    assert focused["visible"] and focused["outline"] != "none" and focused["width"] >= 2, f"no visible focus on {testid}: {focused}"
    page.keyboard.press("Enter")


@pytest.mark.parametrize("game", GAMES)
def test_the_board_is_legible_and_usable_on_a_phone(phone, site_url, game):
    if not AXE.is_file():
        pytest.fail(f"axe-core is missing at {AXE}: run `make web` (npm ci in web/)")
    page, root = _start(phone, site_url, game)
    zoom = root.get_by_role("group", name="Board zoom")
    for name in ("Zoom in", "Zoom out", "Fit"):
        assert zoom.get_by_role("button", name=name, exact=True).count() == 1, f"no button {name!r}"
    start = _board(root)
    print(f"{game} at {PHONE_WIDTH} px: the board opens at {start['zoom']!r}, {start['width']:.0f} px wide in a "
          f"{start['frame']} px frame; smallest of {start['texts']} texts {start['smallest']:.1f} px high")
    assert start["page"] <= PHONE_WIDTH, f"the page is {start['page']} px wide on a {PHONE_WIDTH} px phone"
    assert start["smallest"] >= LEGIBLE_PX, f"the board's smallest text is {start['smallest']:.1f} px high"

    # a move at the phone's zoom (a tap on the board where it has spots); the board drawn again is as
    # legible (its zoom grows if it has a smaller text, such as a piece's number, until the reader zooms)
    _move_at_this_zoom(page, root, game, on_the_board=game in WITH_TARGETS)
    _wait_person(page, root)
    moved = _board(root)
    assert moved["smallest"] >= LEGIBLE_PX and moved["width"] >= start["width"] - 1, (start, moved)
    assert moved["page"] <= PHONE_WIDTH

    # the zoom by keyboard (Tab from the last of "Your moves", just above the board, Enter), each
    # press visibly focused
    root.evaluate("""root => { const last = [...root.querySelectorAll("[data-testid='gk-moves'] :is(button, summary)")]
        .filter(e => e.checkVisibility()).pop(); last.focus(); }""")
    _press_by_keyboard(page, "gk-zoom-in")
    bigger = _board(root)
    assert bigger["width"] > moved["width"] * 1.2 and bigger["smallest"] > moved["smallest"], (moved, bigger)
    assert bigger["page"] <= PHONE_WIDTH, f"zoomed in, the page is {bigger['page']} px wide"
    _press_by_keyboard(page, "gk-zoom-out")
    assert abs(_board(root)["width"] - moved["width"]) < 1
    _press_by_keyboard(page, "gk-zoom-fit")
    fit = _board(root)
    print(f"{game}: at Fit the smallest text is {fit['smallest']:.1f} px high")
    assert abs(fit["width"] - fit["frame"]) < 1 and fit["width"] < moved["width"], (moved, fit)
    assert fit["zoom"] == "Whole board"
    # and by touch; the reader's zoom survives the next move
    root.get_by_role("button", name="Zoom in", exact=True).tap()
    chosen = _board(root)
    assert chosen["width"] > fit["width"] * 1.2 and chosen["page"] <= PHONE_WIDTH
    # a spot reached by the keyboard (Tab past the board's frame) is in the frame's view, focus visible
    # (Catan's second setting-up move, a road, is always on the board.)
    assert root.locator("[data-testid='gk-target-0']").count() or game not in ("catan", "factories")
    if root.locator("[data-testid='gk-target-0']").count():
        root.locator("[data-testid='gk-zoom-fit']").focus()
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.dataset.testid") == "gk-board"
        page.keyboard.press("Tab")
        spot = page.evaluate("""() => { const e = document.activeElement, r = e.getBoundingClientRect();
            const f = document.querySelector("[data-testid='gk-board']").getBoundingClientRect();
            return { id: e.dataset.testid, inside: r.left >= f.left - 1 && r.right <= f.right + 1 && r.width > 0,
                     ring: parseFloat(getComputedStyle(e).strokeWidth) }; }""")
        assert spot["id"] == "gk-target-0" and spot["inside"] and spot["ring"] >= 5, spot
    _move_at_this_zoom(page, root, game, on_the_board=False)
    after = _board(root)
    assert after["zoom"] == chosen["zoom"] and abs(after["width"] - chosen["width"]) < 1, (chosen, after)

    # light and dark: axe, and the engine's own text colours on the board in both
    fills = "root => [...root.querySelectorAll(\"[data-testid='gk-board'] svg text\")].map(t => getComputedStyle(t).fill)"
    light = root.evaluate(fills)
    found = axe_violations(page)
    assert found == [], f"{game} at {PHONE_WIDTH} px, light: {found}"
    page.evaluate("document.documentElement.dataset.theme = 'dark'; document.documentElement.dataset.mode = 'dark'")
    # the theme's colours change by transitions: axe reads the colours they end at
    page.evaluate("() => Promise.all(document.getAnimations().map(a => a.finished.catch(() => null)))")
    assert root.evaluate(fills) == light, "in dark mode the board's labels changed colour on the board's own light colours"
    # a light sheet still (the board's own colours), dimmed as a whole: no bright white page (issue 31)
    sheet, dimmed = root.evaluate("""root => { const s = getComputedStyle(root.querySelector("[data-testid='gk-board'] svg"));
                                              return [s.backgroundColor, s.filter]; }""")
    assert all(int(c) >= 200 for c in sheet[4:-1].split(",")) and sheet != "rgb(255, 255, 255)", sheet
    assert dimmed.startswith("brightness(") and float(dimmed[11:-1]) < 0.9, dimmed
    found = axe_violations(page)
    assert found == [], f"{game} at {PHONE_WIDTH} px, dark: {found}"
    assert phone.outside == [] and phone.errors == []


def test_on_a_laptop_the_board_opens_whole_and_zooms(watch, site_url):
    """At 1280 px the board opens at "Fit" (Zoom out and Fit say they can do nothing more), zooms in
    inside its frame, and a click on a spot of the zoomed board is still its move."""
    watch.page.set_viewport_size({"width": 1280, "height": 800})
    page, root = _start(watch, site_url, "catan")
    start = _board(root)
    print(f"catan at 1280 px: {start['width']:.0f} px wide, smallest text {start['smallest']:.1f} px high")
    assert start["zoom"] == "Whole board" and abs(start["width"] - start["frame"]) < 1
    assert start["smallest"] >= LEGIBLE_PX
    for testid in ("gk-zoom-out", "gk-zoom-fit"):
        assert root.locator(f"[data-testid='{testid}']").get_attribute("aria-disabled") == "true"
    root.get_by_role("button", name="Zoom in", exact=True).click()
    zoomed = _board(root)
    assert zoomed["width"] > start["width"] * 1.2 and zoomed["page"] <= 1280
    _wait_person(page, root)
    spot = root.locator("[data-testid='gk-target-0']")
    named = spot.get_attribute("aria-label")
    spot.click()
    root.locator("[data-testid='gk-log'] li").first.wait_for(timeout=LOAD_TIMEOUT_MS)
    assert named in root.locator("[data-testid='gk-log'] li").first.inner_text()
    assert abs(_board(root)["width"] - zoomed["width"]) < 1
    assert watch.outside == [] and watch.errors == []
