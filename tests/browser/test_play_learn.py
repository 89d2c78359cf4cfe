""""Learn by playing" on every play page, in headless Chromium, offline (issue 31, item 3): a script
plays the guided first game to its hand-off, doing what the guide shows (the lit place on the board
where the board can take the move, else the lit move in the list); each tip holds the chapter's own
sentences under the rule's label and links to that paragraph. The guide can be skipped and resumed."""

from __future__ import annotations

import json

import pytest

from gamekit.web.play import PAGES

from .conftest import SITE, open_play_page

pytestmark = pytest.mark.browser

LOAD_TIMEOUT_MS = 120_000
PERSON_TURN = """el => el.querySelector("[data-testid='gk-moves'] button[data-action]") !== null"""
HANDED_OFF = """el => (el.querySelector("[data-testid='gk-guide-title']") || {}).textContent.startsWith("That was your guided start")"""


def _steps(root) -> str:
    return root.locator("[data-testid='gk-replay-text']").inner_text()


def _learn(page, root):
    """Press "Learn by playing" once the rules are loaded; the milliseconds until the reader's first
    move can be made (the computer may move first, at the page's pace)."""
    page.wait_for_function("() => globalThis.gamekitRules && globalThis.gamekitRules.state === 'ready'",
                           timeout=LOAD_TIMEOUT_MS)
    started = page.evaluate("performance.now()")
    root.get_by_role("button", name="Learn by playing", exact=True).click()
    page.wait_for_function(PERSON_TURN, arg=root.element_handle(), timeout=LOAD_TIMEOUT_MS)
    return page.evaluate("performance.now()") - started


def _play(page, root, move_locator) -> None:
    before = _steps(root)
    move_locator.click()
    page.wait_for_function("([el, b]) => el.querySelector(\"[data-testid='gk-replay-text']\").textContent !== b",
                           arg=[root.element_handle(), before], timeout=LOAD_TIMEOUT_MS)


def _spot_for(root, action: str):
    """The board's place that takes exactly this move, if there is one."""
    for spot in root.locator("circle.gk-play-target").all():
        if spot.get_attribute("aria-label") == action:
            return spot
    return None


@pytest.mark.parametrize("game", list(PAGES))
def test_the_guided_game_is_played_to_its_hand_off(watch, site_url, game):
    texts = json.loads((SITE / "gamekit-assets" / "rule-texts.json").read_text(encoding="utf-8"))
    page, root = open_play_page(watch, site_url, game)
    waited = _learn(page, root)
    print(f"{game}: Learn by playing to the first possible move: {waited:.0f} ms")
    guide = root.get_by_role("region", name="Guide")
    taught, board_moves, list_moves = [], 0, 0
    for _ in range(300):
        if page.evaluate(HANDED_OFF, root.element_handle()):
            break
        skip = root.locator("[data-testid='gk-skip']")
        if skip.is_visible():
            skip.click()  # "Skip to my turn": the computer's moves at once
        page.wait_for_function(f"el => ({PERSON_TURN})(el) || ({HANDED_OFF})(el)", arg=root.element_handle(),
                               timeout=LOAD_TIMEOUT_MS)
        if page.evaluate(HANDED_OFF, root.element_handle()):
            break
        lit = root.locator("[data-testid='gk-moves'] button.gk-learn-move")
        if guide.locator("[data-testid='gk-guide-title']").inner_text().startswith("New: "):
            rule_link = guide.locator("[data-testid='gk-guide-rule']")
            rule_link.wait_for(timeout=LOAD_TIMEOUT_MS)
            href = rule_link.get_attribute("href")
            rule = href.rsplit("#", 1)[1]
            said = guide.locator("[data-testid='gk-guide-text']").inner_text()
            assert said and said == texts[rule], f"{game}: the tip for {rule} is the chapter's own sentences"
            assert rule not in taught
            taught.append(rule)
            spots = root.locator("circle.gk-learn-spot")
            listed = {b.get_attribute("data-action") for b in root.locator("[data-testid='gk-moves'] button[data-action]").all()}
            if spots.count():
                spot = spots.first
                if spot.get_attribute("aria-label") in listed:
                    _play(page, root, spot)  # a place that takes one move
                else:
                    spot.click()  # a place with several moves: the chooser under the board offers them
                    _play(page, root, root.locator("[data-testid='gk-chooser'] button").first)
                board_moves += 1
            else:
                # the lit moves; when every move listed is of the lesson's kind none is lit: any will do
                _play(page, root, lit.first if lit.count() else root.locator("[data-testid='gk-moves'] button[data-action]").first)
                list_moves += 1
        else:
            first = root.locator("[data-testid='gk-moves'] button[data-action]").first
            spot = _spot_for(root, first.get_attribute("data-action"))
            _play(page, root, spot if spot is not None else first)
            board_moves += spot is not None
            list_moves += spot is None
    else:
        pytest.fail(f"{game}: the guide did not hand off")
    print(f"{game}: rules taught {taught}; {board_moves} moves on the board, {list_moves} in the list")
    assert len(taught) >= 2
    resume = guide.get_by_role("button", name="Resume the guide")
    assert resume.is_visible() and not guide.get_by_role("button", name="Skip the guide").is_visible()
    assert watch.outside == [] and watch.errors == []


def test_the_guide_can_be_skipped_and_resumed(watch, site_url):
    page, root = open_play_page(watch, site_url, "catan")
    _learn(page, root)
    guide = root.get_by_role("region", name="Guide")
    title = guide.locator("[data-testid='gk-guide-title']").inner_text()
    assert title.startswith("New: ")
    assert root.locator(".gk-learn-move, .gk-learn-spot").count() > 0
    guide.get_by_role("button", name="Skip the guide").click()
    page.wait_for_function("el => el.querySelector(\"[data-testid='gk-guide-title']\").textContent.startsWith('The guide is off')",
                           arg=root.element_handle(), timeout=LOAD_TIMEOUT_MS)
    assert root.locator(".gk-learn-move, .gk-learn-spot").count() == 0
    guide.get_by_role("button", name="Resume the guide").click()
    page.wait_for_function("([el, t]) => el.querySelector(\"[data-testid='gk-guide-title']\").textContent === t",
                           arg=[root.element_handle(), title], timeout=LOAD_TIMEOUT_MS)
    assert root.locator(".gk-learn-move, .gk-learn-spot").count() > 0
    assert watch.outside == [] and watch.errors == []


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize("game", ["trade-feud", "transportspelet"])
def test_axe_finds_nothing_serious_in_the_guided_game(watch, site_url, game, dark):
    """The guide's panel, its lit moves and places, the colours' key and the others' moves pass axe
    in light and dark mode."""
    from .conftest import axe_violations, open_page_with_widgets

    page = open_page_with_widgets(watch, site_url, f"book/{PAGES[game]}/play.html", dark=dark)
    root = page.locator(".gk-play").first
    _learn(page, root)
    root.get_by_role("region", name="Guide").wait_for()
    assert root.locator("[data-testid='gk-board-key']").inner_text().startswith("You are ")
    found = axe_violations(page, ".gk-play")
    assert found == [], f"{game} ({'dark' if dark else 'light'}), guided: {found}"
    assert watch.outside == [] and watch.errors == []
