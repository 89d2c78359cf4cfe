"""No module of gamekit reads another module's private attributes (issue 33, "every rule one
public predicate"): the legal list, the check, the bots, the stall prover, the services and the
adapters all call public, rule-named predicates and properties.

The count is syntactic, made with :mod:`ast` over every module in ``gamekit/``: an attribute
``x._name`` (one leading underscore) read or written on anything but ``self``, ``cls`` or
``super()`` is a reach-in unless the module itself defines ``_name`` (a function, class or method
of that name, an assignment ``self._name = ...``, a module-level name or a ``__slots__`` entry):
then it is the module's own structure on another of its own objects (a copy, a node of its own
tree). Importing a private name from another gamekit module (``from .core import _x``) is a
reach-in too. IPython's display protocol (``_repr_svg_`` and its kin) is public, not counted.
``python tests/test_private_reach_ins.py [folder]`` lists them (``tests`` too).

The tests may reach in only where they hold a kept structure against a fresh computation: those
reach-ins are listed in :data:`ALLOWED`, each with its reason, and any other fails.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _is_self(node: ast.AST) -> bool:
    return (isinstance(node, ast.Name) and node.id in ("self", "cls")) or (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super")


def _private(name: str) -> bool:
    """A private name: one leading underscore, and not IPython's display protocol (``_repr_svg_``,
    ``_repr_png_``, ``_repr_markdown_``, ``_repr_mimebundle_``, ..., ``_ipython_display_``), which is public
    by convention."""
    if not name.startswith("_") or name.startswith("__"):
        return False
    return not ((name.startswith("_repr_") and name.endswith("_")) or name == "_ipython_display_")


def _own_names(tree: ast.AST) -> set[str]:
    names: set[str] = set()
    for n in ast.walk(tree):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(n.name)
        elif isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store) and _is_self(n.value):
            names.add(n.attr)
        elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
            names.add(n.id)
        elif isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value.startswith("_"):
            names.add(n.value)  # __slots__ entries
    return names


def reach_ins_in(source: str, where: str) -> list[str]:
    """Every reach-in in one module's ``source``, as ``where:line: what``."""
    found = []
    tree = ast.parse(source)
    own = _own_names(tree)
    for n in ast.walk(tree):
        if isinstance(n, ast.Attribute) and _private(n.attr):
            if not _is_self(n.value) and n.attr not in own:
                found.append(f"{where}:{n.lineno}: {ast.unparse(n)}")
        elif isinstance(n, ast.ImportFrom) and (n.level or (n.module or "").startswith("gamekit")):
            for alias in n.names:
                if _private(alias.name):
                    found.append(f"{where}:{n.lineno}: from {'.' * n.level}{n.module or ''} import {alias.name}")
    return found


def reach_ins(folder: Path) -> list[str]:
    """Every reach-in in the Python files under ``folder``, as ``path:line: what``."""
    return [hit for path in sorted(folder.rglob("*.py"))
            for hit in reach_ins_in(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))]


#: The reach-ins the tests may make, (path, attribute) -> why: each holds a structure the engine keeps
#: against a fresh computation (issue 33, item 1). A new reach-in in tests/ fails
#: :func:`test_the_tests_reach_in_only_where_they_hold_a_kept_structure_against_a_fresh_one`.
ALLOWED: dict[tuple[str, str], str] = {
    **{("tests/catan/test_seafarers.py", name): "holds Seafarers' kept ship structures (_busy, _ship_at, "
       "_lone_ship) against a fresh count_pieces() on a clone, and against a clone and a reloaded save"
       for name in ("_busy", "_ship_at", "_lone_ship")},
    ("tests/test_kept.py", "_robber_moves"): "holds Catan's kept robber moves against the can_rob predicate "
                                             "(_robber_moves_for, computed fresh)",
    ("tests/test_kept.py", "_rows"): "holds two clones' fields against each other: the log's rows, which "
                                     "core's Log shares between copies by design (written once), are skipped",
    ("tests/test_protocol.py", "_rows"): "holds a clone's fields against the original's: the log's rows, which "
                                         "core's Log shares between copies by design (written once), are skipped",
    ("tests/test_openspiel.py", "_node"): "holds the adapter's kept shuffle prefix (the node's partial) against "
                                          "a fresh count of the items left",
}


def _attribute(hit: str) -> tuple[str, str]:
    """``path:line: what`` as (path, the private name read or imported)."""
    path, _, what = hit.split(":", 2)
    return path, what.strip().rsplit(" ", 1)[-1].rsplit(".", 1)[-1]


def test_no_module_of_gamekit_reads_another_modules_private_attributes():
    found = reach_ins(ROOT / "gamekit")
    assert found == [], "private reach-ins:\n" + "\n".join(found)


def test_the_count_sees_a_reach_in_and_passes_a_modules_own_structure():
    """The count is not blind: another module's private attribute read or imported is counted, a
    module's own private attribute on another of its objects is not, nor IPython's display protocol
    (``_repr_svg_()`` and its kin are how a notebook shows an object: public)."""
    source = ("from .core import _jsonable\n"
              "class Node:\n    def __init__(self):\n        self._children = []\n"
              "def walk(node, state):\n    return node._children, state._rows, self._rows\n"
              "def show(state):\n    return state._repr_svg_(), state._repr_mimebundle_(), state._reprs\n")
    assert reach_ins_in(source, "m.py") == [
        "m.py:1: from .core import _jsonable", "m.py:6: state._rows", "m.py:8: state._reprs"]


def test_the_tests_reach_in_only_where_they_hold_a_kept_structure_against_a_fresh_one():
    """Issue 33, item 1: tests read the engine through its public predicates; the reach-ins left are
    exactly :data:`ALLOWED` (a new one fails; so does an entry no test needs any more)."""
    found = reach_ins(ROOT / "tests")
    seen = {_attribute(hit) for hit in found}
    new = [hit for hit in found if _attribute(hit) not in ALLOWED]
    assert new == [], "private reach-ins in tests/ (use the public way, or add to ALLOWED with the reason):\n" + "\n".join(new)
    assert sorted(set(ALLOWED) - seen) == [], "ALLOWED lists reach-ins that are gone"


def test_the_allow_list_is_read_by_path_and_name():
    """A reach-in is matched by its file and the private name, read or imported."""
    source = "from .test_readers import _open\ndef f(state):\n    return state._rows, (a.b)._node\n"
    hits = reach_ins_in(source, "tests/m.py")
    assert [_attribute(h) for h in hits] == [("tests/m.py", "_open"), ("tests/m.py", "_rows"), ("tests/m.py", "_node")]


if __name__ == "__main__":
    listed = reach_ins(ROOT / (sys.argv[1] if len(sys.argv) > 1 else "gamekit"))
    print("\n".join(listed))
    print(f"{len(listed)} private reach-ins")
