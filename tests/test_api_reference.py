"""The library's reference (book/api/): every public module has its page, every public name a
docstring, every method of the protocol its entry on the protocol page. (The built pages are
checked in tests/browser/test_api_reference.py; the examples in the docstrings run as doctests.)"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
import inspect
import re
from pathlib import Path

import pytest

import gamekit

ROOT = Path(__file__).parents[1]
API = ROOT / "book" / "api"


def _extension():
    spec = importlib.util.spec_from_file_location("api_reference", ROOT / "book" / "_ext" / "api_reference.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def documented_modules() -> dict[str, str]:
    """Every module the reference documents (``.. automodule::``), with its page."""
    found = {}
    for page in sorted(API.glob("*.md")):
        for name in re.findall(r"^\.\. automodule:: (\S+)$", page.read_text(), flags=re.M):
            assert name not in found, f"{name} has two pages: {found[name]} and {page.name}"
            found[name] = page.name
    return found


MODULES = documented_modules()


def test_every_public_module_has_its_page():
    # every module directly under gamekit with a public list of names
    import pkgutil

    top = {f"gamekit.{m.name}" for m in pkgutil.iter_modules(gamekit.__path__) if not m.name.startswith("_")}
    public = {"gamekit"} | {m for m in top if hasattr(importlib.import_module(m), "__all__")}
    public.discard("gamekit.catan")  # a package of layers: its games' modules have the pages
    assert public <= set(MODULES), f"no page for {sorted(public - set(MODULES))}"
    # every game's module: its state class is public there
    for name in gamekit.games():
        state_class = gamekit.game(name).state_class
        homes = [m for m in MODULES if state_class in [getattr(importlib.import_module(m), n, None)
                                                         for n in importlib.import_module(m).__all__]]
        assert homes, f"the reference documents no module that exports {name}'s {state_class.__name__}"


def test_every_page_is_in_the_table_of_contents():
    toc = (ROOT / "_toc.yml").read_text()
    assert "caption: The library" in toc
    for page in API.glob("*.md"):
        assert f"file: book/api/{page.stem}\n" in toc, f"{page.name} is not in _toc.yml"


def _own_doc(obj) -> str:
    doc = obj.__doc__ if "__doc__" in getattr(obj, "__dict__", {"__doc__": None}) or not inspect.isclass(obj) else None
    doc = (doc or "").strip()
    if inspect.isclass(obj) and dataclasses.is_dataclass(obj) and doc.startswith(f"{obj.__name__}("):
        return ""  # the signature dataclasses write for a class with no docstring
    return doc


@pytest.mark.parametrize("module_name", sorted(MODULES))
def test_every_public_name_has_a_docstring(module_name):
    attribute_doc = _extension().attribute_doc
    module = importlib.import_module(module_name)
    assert (module.__doc__ or "").strip(), f"{module_name} has no docstring"
    assert hasattr(module, "__all__"), f"{module_name} lists no public names (__all__)"
    missing = []
    for name in module.__all__:
        obj = getattr(module, name)
        if inspect.isclass(obj) or inspect.isroutine(obj) or inspect.ismodule(obj):
            if not _own_doc(obj):
                missing.append(name)
        elif not attribute_doc(module_name, name):
            missing.append(f"{name} (a constant: a #: comment above it)")
    assert not missing, f"{module_name}: no docstring for {missing}"


def test_the_protocol_page_has_every_method_of_game_and_state():
    page = (API / "protocol.md").read_text()
    entries = set(re.findall(r"^\.\. auto(?:method|property|attribute):: (gamekit\.\w+\.\w+)$", page, flags=re.M))
    for cls in (gamekit.Game, gamekit.State):
        public = {f"gamekit.{cls.__name__}.{n}" for n in vars(cls) if not n.startswith("_")}
        assert public <= entries, f"not on the protocol page: {sorted(public - entries)}"
        for name in public:
            member = inspect.getattr_static(cls, name.rsplit(".", 1)[1])
            doc = getattr(member, "__doc__", None) if not isinstance(member, tuple) else "documented by #:"
            assert doc, f"{name} has no docstring"
    # every entry is followed by an example that runs at build time (a code cell before the next entry group)
    blocks = page.split("```{eval-rst}")[1:]
    for block in blocks:
        assert "```{code-cell} ipython3" in block, f"no example after: {block.splitlines()[1:3]}"
    # the ids the project is checked by: the State class, and those of the package's own page
    assert ".. autoclass:: gamekit.State\n" in page and ".. autoclass:: gamekit.Game\n" in page
    assert MODULES["gamekit"] == "gamekit.md"
    assert {"tournament", "bot", "game"} <= set(gamekit.__all__)


def test_a_re_exported_constant_is_found_where_it_is_defined():
    attribute_doc = _extension().attribute_doc
    lines = attribute_doc("gamekit.itc", "TRANSPORT_VALUE")  # defined in gamekit.itc.data
    assert "rule ``itc-goods``" in lines[0]
    assert attribute_doc("gamekit.itc", "no_such_name") is None
