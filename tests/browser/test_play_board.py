"""The board is the table (issue 31), in headless Chromium, offline, on every play page: a move made
by pressing the board (a place with one move is that move; a place with several opens a chooser
beside the board), a place where the rules allow nothing pressed all the same shows the engine's
refusal with its rule as a link, the game unchanged; a move hovered or focused in "Your moves"
lights its place on the board and a place hovered or focused lights its moves; the arrow keys go
from place to place and Enter presses one. Prints the time from a press to the drawn answer once
the rules are loaded (the goal is 100 ms; measured, never asserted)."""

from __future__ import annotations

import statistics

import pytest

from .conftest import open_play_page

pytestmark = pytest.mark.browser

LOAD_TIMEOUT_MS = 120_000
GAMES = [("itc", 3), ("catan", 3), ("factories", 3), ("trade-feud", 3), ("auf-achse", 2), ("transportspelet", 2)]
PERSON_TO_MOVE = """root => root.querySelector("[data-testid='gk-moves'] button") !== null
    && root.querySelector("[data-testid='gk-skip']").hidden"""
STEPS = "root => root.querySelector(\"[data-testid='gk-replay-text']\").textContent"
#: A press (a click dispatched on a place or a button), timed to the frame that shows its answer:
#: the log or the moves drawn again (a move), or the board's refusal shown (a place with no move).
TIMED_PRESS = """async ([root, selector]) => {
  const target = root.querySelector(selector);
  const start = performance.now();
  const changed = new Promise((resolve) => {
    const seen = new MutationObserver(() => { seen.disconnect(); requestAnimationFrame(() => resolve(performance.now())); });
    seen.observe(root.querySelector("[data-testid='gk-replay-text']"), { childList: true, subtree: true, characterData: true });
    seen.observe(root.querySelector("[data-testid='gk-board-says']"), { childList: true, subtree: true, attributes: true });
    seen.observe(root.querySelector("[data-testid='gk-chooser']"), { childList: true });
  });
  target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  return (await changed) - start;
}"""


def start_game(page, root, players: int, seed: int) -> None:
    page.wait_for_function("() => globalThis.gamekitRules && globalThis.gamekitRules.state === 'ready'", timeout=LOAD_TIMEOUT_MS)
    root.locator("[data-testid='gk-players']").select_option(str(players))
    root.locator("[data-testid='gk-seed']").fill(str(seed))
    for p in range(players):
        root.locator(f"[data-testid='gk-seat-{p}']").select_option("person" if p == 0 else "heuristic")
    root.locator("[data-testid='gk-start']").click()
    root.locator("[data-testid='gk-turn']").wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)


def wait_person(page, root) -> None:
    page.wait_for_function(PERSON_TO_MOVE, arg=root.element_handle(), timeout=LOAD_TIMEOUT_MS)


def move_by_the_board(page, root, timings: list[float]) -> str:
    """Press the board's first place with a move (and the chooser's first move if it holds several);
    returns the move, once it is in the log."""
    wait_person(page, root)
    before = root.evaluate(STEPS)
    spot = root.locator("[data-testid='gk-target-0']")
    assert spot.count() == 1, "no place to press on the board"
    assert spot.get_attribute("role") == "button" and spot.get_attribute("aria-label")
    named = spot.get_attribute("aria-label")
    took = page.evaluate(TIMED_PRESS, [root.element_handle(), "[data-testid='gk-target-0']"])
    chooser = root.locator("[data-testid='gk-chooser']")
    if chooser.is_visible():
        choice = chooser.locator("[data-testid='gk-choice-0']")
        assert choice.evaluate("b => b === document.activeElement"), "the chooser's first move has the focus"
        named = choice.get_attribute("data-action")
        listed = root.get_by_role("region", name="Your moves").locator(f"button[data-action='{named}']")
        assert listed.count() == 1  # the chooser's move is one of "Your moves"
        took = page.evaluate(TIMED_PRESS, [root.element_handle(), "[data-testid='gk-choice-0']"])
    timings.append(took)
    page.wait_for_function("([root, b]) => root.querySelector(\"[data-testid='gk-replay-text']\").textContent !== b",
                           arg=[root.element_handle(), before], timeout=LOAD_TIMEOUT_MS)
    log = root.locator("[data-testid='gk-log'] li")
    assert any(named in log.nth(i).inner_text() for i in range(log.count())), f"{named!r} is not in the log"
    return named


def _refused_place(page, root, timings: list[float], moves_left: int = 12) -> tuple[str, str, str]:
    """Press a place where no move lies (moving on by the board until one appears): (its label,
    what the board says, the rule's link)."""
    for _ in range(moves_left):
        wait_person(page, root)
        refused = root.locator(".gk-play-place")
        if refused.count():
            place = refused.first
            label = place.get_attribute("aria-label")
            assert place.get_attribute("role") == "button" and label.endswith("no move here")
            testid = place.get_attribute("data-testid")
            before = root.evaluate(STEPS)
            timings.append(page.evaluate(TIMED_PRESS, [root.element_handle(), f"[data-testid='{testid}']"]))
            says = root.locator("[data-testid='gk-board-says']")
            says.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
            rule = says.locator("[data-testid='gk-board-rule']")
            rule.wait_for(timeout=LOAD_TIMEOUT_MS)
            # the rule becomes a link once the chapters' rule links are loaded; the panel may be drawn
            # again meanwhile, so look it up afresh each time (a kept handle could be a detached node)
            page.wait_for_function(
                """root => { const r = root.querySelector("[data-testid='gk-board-says'] [data-testid='gk-board-rule']");
                            return r !== null && r.tagName === 'A'; }""",
                arg=root.element_handle(), timeout=LOAD_TIMEOUT_MS)
            assert root.evaluate(STEPS) == before, "a refused press changed the game"
            # the widget's error line (a live region) says the same, with the same rule
            assert root.locator("[data-testid='gk-error']").inner_text().startswith(says.inner_text().split(" (rule ")[0])
            return label, says.inner_text(), rule.get_attribute("href")
        move_by_the_board(page, root, [])
    pytest.fail("no place without a move appeared on the board")


def _lit(root, selector: str) -> bool:
    return root.locator(selector).first.evaluate("n => n.classList.contains('gk-lit')")


@pytest.mark.parametrize("game,players", GAMES)
def test_the_board_is_the_table(watch, site_url, game, players):
    page, root = open_play_page(watch, site_url, game)
    start_game(page, root, players, seed=5)
    wait_person(page, root)
    moves = root.get_by_role("region", name="Your moves")
    # "Your moves" holds one button per legal move, in groups; the board has a place for some of them
    buttons = moves.locator("button[data-action]")
    assert buttons.count() == len(set(buttons.evaluate_all("bs => bs.map(b => b.dataset.action)")))

    # hover and focus: a move lights its place, a place lights its moves
    on_board = moves.locator("button[data-places]:visible").first
    if on_board.count():
        place = on_board.get_attribute("data-places").split("|")[0]
        on_board.evaluate("b => b.blur()")  # (the first move has the focus after each move)
        assert not _lit(root, f"[data-place='{place}']")
        on_board.hover()
        assert _lit(root, f"[data-place='{place}']"), "hovering a move does not light its place"
        root.locator("[data-testid='gk-hint']").hover()
        assert not _lit(root, f"[data-place='{place}']")
        on_board.focus()
        assert _lit(root, f"[data-place='{place}']"), "focusing a move does not light its place"
        on_board.evaluate("b => b.blur()")
        assert not _lit(root, f"[data-place='{place}']")
    spot = root.locator("[data-testid='gk-target-0']")
    place = spot.get_attribute("data-place")
    spot.hover()
    lit = moves.locator(".gk-lit")
    assert lit.count() >= 1, "hovering a place lights none of its moves"
    root.locator("[data-testid='gk-hint']").hover()
    assert moves.locator(".gk-lit").count() == 0
    # the keyboard: the board holds one tab stop, the arrows go from place to place, Enter presses
    spot.focus()
    assert spot.get_attribute("tabindex") == "0" and moves.locator(".gk-lit").count() >= 1
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    moved = page.evaluate("document.activeElement.getAttribute('data-place')")
    assert moved and page.evaluate("document.activeElement.getAttribute('tabindex')") == "0"
    assert root.locator("[data-place][tabindex='0']").count() == 1
    page.keyboard.press("Home")
    assert page.evaluate("document.activeElement.getAttribute('data-place')") == place

    timings: list[float] = []
    first = move_by_the_board(page, root, timings)
    label, said, href = _refused_place(page, root, timings)
    print(f"{game}: moved by the board ({first}); pressed {label!r}: {said} -> {href}")
    assert href and "#" in href

    # Enter on a focused place is a press too (the first place with a move, once there is one: the
    # list's first move is played until then)
    for _ in range(20):
        wait_person(page, root)
        if root.locator("[data-testid='gk-target-0']").count():
            break
        before = root.evaluate(STEPS)
        root.get_by_role("region", name="Your moves").locator("button[data-action]:visible").first.click()
        page.wait_for_function("([root, b]) => root.querySelector(\"[data-testid='gk-replay-text']\").textContent !== b",
                               arg=[root.element_handle(), before], timeout=LOAD_TIMEOUT_MS)
    else:
        pytest.fail("no move on the board in 20 moves")
    before = root.evaluate(STEPS)
    root.locator("[data-testid='gk-target-0']").focus()
    page.keyboard.press("Enter")
    chooser = root.locator("[data-testid='gk-chooser']")
    # the press is answered by the rules worker: wait for its answer (the move played, or the
    # chooser open when the place holds several moves) before looking at which it was
    page.wait_for_function(
        """([root, b]) => root.querySelector("[data-testid='gk-replay-text']").textContent !== b
            || root.querySelector("[data-testid='gk-chooser']").checkVisibility()""",
        arg=[root.element_handle(), before], timeout=LOAD_TIMEOUT_MS)
    if chooser.is_visible():
        page.keyboard.press("Escape")  # closes it, the focus back on the place
        assert page.evaluate("document.activeElement.getAttribute('data-testid')") == "gk-target-0"
        page.keyboard.press("Enter")
        page.keyboard.press("Enter")  # the chooser's first move
    page.wait_for_function("([root, b]) => root.querySelector(\"[data-testid='gk-replay-text']\").textContent !== b",
                           arg=[root.element_handle(), before], timeout=LOAD_TIMEOUT_MS)
    print(f"{game}: press to drawn answer, rules loaded (a move by the board, then a refusal): "
          f"{', '.join(f'{t:.0f}' for t in timings)} ms (median {statistics.median(timings):.0f} ms; goal 100 ms)")
    assert watch.outside == [] and watch.errors == []


def test_the_lists_are_short(watch, site_url):
    """Transportspelet's first turn (224 dispatches) and Catan's founding (54 settlements): a few
    lines in "Your moves", every move still a button there, the board the way to choose."""
    page, root = open_play_page(watch, site_url, "transportspelet")
    start_game(page, root, 2, seed=1)
    wait_person(page, root)
    moves = root.get_by_role("region", name="Your moves")
    assert moves.locator("button[data-action]").count() == 234
    shown = moves.locator("button[data-action]:visible").count()
    assert shown <= 10, f"{shown} moves in view at once"
    page.goto(site_url + "book/catan/play.html", wait_until="load")
    root = page.locator(".gk-play").first
    start_game(page, root, 3, seed=1)
    wait_person(page, root)
    moves = root.get_by_role("region", name="Your moves")
    assert moves.locator("button[data-action]").count() == 54
    assert moves.locator("button[data-action]:visible").count() <= 10
    # the settlements' places carry their numbers on the board, as the list names them
    marks = root.locator("[data-testid='gk-board'] .gk-play-mark").evaluate_all("ts => ts.map(t => t.textContent)")
    assert sorted(int(m) for m in marks) == list(range(54))
