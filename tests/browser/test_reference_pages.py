"""The library's reference in the built book (book/api/): it covers every public name under the ids
the project is checked by, its protocol examples ran, and a rule label leads from the reference to
its paragraph and back. (Every page of the book, these too, is also checked by axe and on a phone in
test_readers.py.)"""

from __future__ import annotations

import importlib
import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_build" / "html"


def _documented_modules() -> dict[str, str]:
    """The modules the reference documents (the unit test's list, read from the pages)."""
    spec = importlib.util.spec_from_file_location("gamekit_reference_list", ROOT / "tests" / "test_api_reference.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.documented_modules()


MODULES = _documented_modules()

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def inventory():
    from sphinx.util.inventory import InventoryFile

    path = SITE / "objects.inv"
    if not path.is_file():
        pytest.fail(f"{path} is missing: run `make book` first")
    with path.open("rb") as f:
        return InventoryFile.load(f, "", lambda base, uri: uri)


def _object(name: str):
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr)
        return obj
    raise LookupError(name)


def test_the_ids_the_project_is_checked_by(inventory):
    py = {**inventory.get("py:function", {}), **inventory.get("py:class", {})}
    for name, page in (("gamekit.tournament", "book/api/gamekit.html"), ("gamekit.bot", "book/api/gamekit.html"),
                       ("gamekit.game", "book/api/gamekit.html"), ("gamekit.State", "book/api/protocol.html"),
                       ("gamekit.Game", "book/api/protocol.html")):
        assert name in py, f"{name} is not in the reference"
        uri = py[name][2]
        assert uri == f"{page}#{name}", uri
        assert f'id="{name}"' in (SITE / page).read_text(encoding="utf-8")


def test_every_public_name_is_in_the_reference(inventory):
    documented = set()
    for kind, entries in inventory.items():
        if kind.startswith("py:") and kind != "py:module":
            for name in entries:
                try:
                    documented.add(id(_object(name)))
                except (LookupError, AttributeError):
                    pass
    modules = set(inventory.get("py:module", {}))
    assert set(MODULES) <= modules
    missing = []
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            obj = getattr(module, name)
            if isinstance(obj, type(module)):
                ok = obj.__name__ in modules or obj.__name__.startswith(tuple(MODULES))
            else:
                ok = id(obj) in documented or f"{module_name}.{name}" in {n for e in inventory.values() for n in e}
            if not ok:
                missing.append(f"{module_name}.{name}")
    assert not missing, f"not in the reference: {missing}"


def test_the_protocol_examples_ran():
    text = (SITE / "book" / "api" / "protocol.html").read_text(encoding="utf-8")
    for shown in ("same seed, same game: True", "the state as it was: True", "restored exactly, the same next roll: True",
                  "a copy has the same future: True", "sum: 1 | state unchanged: True", "same view: True"):
        assert shown in text, f"the protocol page does not show {shown!r}"
    assert "Traceback" not in text


def test_a_rule_leads_from_the_reference_to_its_paragraph_and_back():
    itc = (SITE / "book" / "api" / "itc.html").read_text(encoding="utf-8")
    there = re.findall(r'href="\.\./itc/rules\.html#(itc-[a-z-]+)" title="the rule', itc)
    assert "itc-dice" in there or "itc-goal" in there, there[:5]
    rules = (SITE / "book" / "itc" / "rules.html").read_text(encoding="utf-8")
    back = re.findall(r'<p class="gk-library-links">(.*?)</p>', rules, flags=re.S)
    assert len(back) >= 10
    targets = re.findall(r'href="\.\./api/([a-z_]+)\.html#([\w.]+)"', " ".join(back))
    assert targets
    for page, anchor in targets:
        assert f'id="{anchor}"' in (SITE / "book" / "api" / f"{page}.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("width", [1280, 360])
def test_the_reference_reads_on_a_screen_and_a_phone(watch, site_url, width):
    page = watch.page
    page.set_viewport_size({"width": width, "height": 800})
    for path in ("book/api/protocol.html", "book/api/tournaments.html", "book/api/catan_trade_feud.html"):
        page.goto(site_url + path, wait_until="load")
        assert page.locator(".bd-article h1").first.is_visible()
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= width, f"{path} is {wide} px wide at {width} px"
    assert watch.outside == [] and watch.errors == []
