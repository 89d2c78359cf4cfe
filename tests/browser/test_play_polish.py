"""Issue 31's open items on the play pages, in headless Chromium, offline: each computer move marked on
the board while its line in words is shown; a refused press where moves of several kinds could be
meant asks which, then shows that kind's refusal with its rule; Transportspelet's "Roll and move"
never defaults to a loan; the boards in dark mode are no bright white sheets. The service side is
tests/test_play_polish.py."""

from __future__ import annotations

import io
import random

import pytest

import gamekit
from gamekit.web.play_board import board_places, press

from .conftest import PageWatch, open_play_page, open_widget_page
from .test_play_board import GAMES, LOAD_TIMEOUT_MS, move_by_the_board, start_game, wait_person

pytestmark = pytest.mark.browser

#: Every drawing of the table while the computer plays: the line above the board and the mark on it.
WATCH_MARKS = """root => {
  window.gkMarks = [];
  const seen = new MutationObserver(() => {
    const line = root.querySelector("[data-testid='gk-last-move']");
    const mark = root.querySelector("[data-testid='gk-board'] svg [data-testid='gk-last-mark']");
    if (line && !line.hidden) window.gkMarks.push({ line: line.textContent, skip: !root.querySelector("[data-testid='gk-skip']").hidden,
      mark: mark && { label: mark.getAttribute("aria-label"), role: mark.getAttribute("role"), places: mark.dataset.places,
        rings: mark.querySelectorAll("circle, rect").length, pointer: getComputedStyle(mark).pointerEvents } });
  });
  seen.observe(root.querySelector("[data-testid='gk-board']"), { childList: true });
}"""


@pytest.mark.parametrize("game,players", GAMES)
def test_each_computer_move_is_marked_on_the_board(watch, site_url, game, players):
    """Issue 31 item 2: while the computer moves, the move just shown in words ("Last move: Blue
    (Player 2): road on edge 20") is marked on the board at the place it acted on: a ring in the
    mover's colour, a labelled picture for a screen reader, that never takes a press."""
    page, root = open_play_page(watch, site_url, game)
    start_game(page, root, players, seed=5)
    wait_person(page, root)
    root.locator("[data-testid='gk-pace']").select_option("slow")  # a pace a person can follow
    root.evaluate(WATCH_MARKS)
    marked = []
    for _ in range(12):
        if root.locator("[data-testid='gk-target-0']").count():
            move_by_the_board(page, root, [])
        else:  # no move of this turn lies on the board (a roll): the list's first
            before = root.locator("[data-testid='gk-log'] li").count()
            root.get_by_role("region", name="Your moves").locator("button[data-action]:visible").first.click()
            page.wait_for_function(f"r => r.querySelectorAll(\"[data-testid='gk-log'] li\").length > {before}",
                                   arg=root.element_handle(), timeout=LOAD_TIMEOUT_MS)
        wait_person(page, root)
        marked = [m for m in page.evaluate("window.gkMarks") if m["mark"]]
        # (with two players the computer's last move of a round is shown as the person's turn comes)
        if marked and (players == 2 or any(m["skip"] for m in marked)):
            break
    assert marked, f"{game}: no computer move marked on the board"
    assert players == 2 or any(m["skip"] for m in marked), "no mark while the computer still plays"
    for m in marked:
        said = m["line"].removeprefix("Last move: ")
        assert m["line"].startswith("Last move: ") and " (Player " in said
        assert m["mark"]["role"] == "img" and m["mark"]["label"].endswith(said) and m["mark"]["places"]
        assert m["mark"]["rings"] >= 2 and m["mark"]["pointer"] == "none"
    assert watch.outside == [] and watch.errors == []


def _itc_choice_position() -> tuple[str, str]:
    """An ITC game for 2 (random moves, seed 7) at a turn of Player 1 where a place on the board with
    no move is meant by moves of two kinds (another player's transport card: move it, or express it):
    its save and the place."""
    state = gamekit.game("itc").new(players=2, seed=7)
    rng = random.Random(7)
    for _ in range(400):
        if state.current_player == 0:
            for p in board_places(state, state.legal_actions()):
                if not p["actions"] and isinstance(press(state, p["id"]), dict):
                    return state.to_json(), p["id"]
        state.apply(rng.choice(state.legal_actions()))
    pytest.fail("no such position")


def test_a_refused_press_asks_which_move_was_meant(watch, site_url, tmp_path):
    """Issue 31: pressing a refused place showed the rule of whichever move came first there. Now,
    where moves of several kinds are meant, a chooser asks which (as for legal moves), its first
    choice focused; the answer names the kind refused, with its rule as a link, the game unchanged."""
    save, place = _itc_choice_position()
    path = tmp_path / "itc.json"
    path.write_text(save, encoding="utf-8")
    page, root = open_play_page(watch, site_url, "itc")
    page.wait_for_function("() => globalThis.gamekitRules && globalThis.gamekitRules.state === 'ready'", timeout=LOAD_TIMEOUT_MS)
    root.locator("[data-testid='gk-open']").set_input_files(str(path))
    wait_person(page, root)
    steps = root.locator("[data-testid='gk-replay-text']").inner_text()
    root.locator(f"[data-place='{place}']").dispatch_event("click")
    chooser = root.locator("[data-testid='gk-chooser']")
    chooser.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    kinds = chooser.locator("button[data-meant]").evaluate_all("bs => bs.map(b => b.dataset.meant)")
    assert len(kinds) >= 2, kinds
    page.wait_for_function("() => document.activeElement && document.activeElement.dataset.meant !== undefined", timeout=10_000)
    assert "Which did you mean?" in chooser.inner_text()
    chooser.locator("[data-testid='gk-choice-1']").click()
    says = root.locator("[data-testid='gk-board-says']")
    says.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    assert says.inner_text().startswith(f"{kinds[1]} at "), says.inner_text()
    page.wait_for_function(
        """root => { const r = root.querySelector("[data-testid='gk-board-says'] [data-testid='gk-board-rule']");
                    return r !== null && r.tagName === 'A'; }""", arg=root.element_handle(), timeout=LOAD_TIMEOUT_MS)
    assert root.locator("[data-testid='gk-replay-text']").inner_text() == steps  # nothing was played
    assert watch.outside == [] and watch.errors == []


def test_roll_and_move_never_defaults_to_a_loan(watch, site_url):
    """Issue 31 item 7: once both transports were dispatched, "Do it" borrowed 10,000 by default.
    Now the list opens on "Choose, or roll instead", "Do it" waits for a choice, and the loans are
    in the engine's order (10,000 before 100,000)."""
    page, root = open_widget_page(watch, site_url, "book/transportspelet/rules.html", ".gk-ts")
    choice = root.locator("[data-testid='gk-choice']")
    history = root.locator("[data-testid='gk-history'] li")
    for n in range(2):
        choice.select_option(index=0)
        root.locator("[data-testid='gk-choose']").click()
        history.nth(n).wait_for(timeout=LOAD_TIMEOUT_MS)
    root.locator("[data-testid='gk-roll']:not([disabled])").wait_for(timeout=LOAD_TIMEOUT_MS)
    assert choice.input_value() == ""
    assert root.locator("[data-testid='gk-choose']").is_disabled()
    options = choice.locator("option").all_inner_texts()
    assert options[0] == "Choose, or roll instead" and all(o.startswith(("borrow", "pay")) for o in options[1:])
    amounts = [int(o.split()[1].replace(",", "")) for o in options[1:] if o.startswith("borrow")]
    assert amounts == sorted(amounts)
    choice.select_option(index=1)
    assert not root.locator("[data-testid='gk-choose']").is_disabled()
    assert watch.outside == [] and watch.errors == []


#: The brightest a board may look in dark mode: the mean of its pixels' luminance (0 to 255).
DARK_BOARD_MEAN = 185


@pytest.mark.parametrize("game,players", GAMES)
def test_boards_in_dark_mode_are_not_bright_sheets(browser, site_url, game, players):
    """Issue 31 item 7: in dark mode the boards were bright white sheets (ITC's white page, Catan's
    light sea). Dimmed now, their own colours in proportion."""
    from PIL import Image

    watch = PageWatch(browser, site_url, color_scheme="dark", viewport={"width": 1280, "height": 900})
    try:
        page, root = open_play_page(watch, site_url, game)
        assert page.evaluate("document.documentElement.dataset.theme") == "dark"
        start_game(page, root, players, seed=5)
        svg = root.locator("[data-testid='gk-board'] svg")
        svg.wait_for(timeout=LOAD_TIMEOUT_MS)
        picture = Image.open(io.BytesIO(svg.screenshot())).convert("L")
        pixels = list(picture.tobytes())
        mean = sum(pixels) / len(pixels)
        white = sum(p >= 245 for p in pixels) / len(pixels)
        print(f"{game}: dark mode board, mean luminance {mean:.0f} of 255, {white:.1%} near-white pixels")
        assert mean <= DARK_BOARD_MEAN and white < 0.01, (mean, white)
        assert watch.outside == [] and watch.errors == []
    finally:
        watch.close()
