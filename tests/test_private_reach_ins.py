"""No module of gamekit reads another module's private attributes (issue 33, "every rule one
public predicate"): the legal list, the check, the bots, the stall prover, the services and the
adapters all call public, rule-named predicates and properties.

The count is syntactic, made with :mod:`ast` over every module in ``gamekit/``: an attribute
``x._name`` (one leading underscore) read or written on anything but ``self``, ``cls`` or
``super()`` is a reach-in unless the module itself defines ``_name`` (a function, class or method
of that name, an assignment ``self._name = ...``, a module-level name or a ``__slots__`` entry):
then it is the module's own structure on another of its own objects (a copy, a node of its own
tree). Importing a private name from another gamekit module (``from .core import _x``) is a
reach-in too. ``python tests/test_private_reach_ins.py [folder]`` lists them (``tests`` too).
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
    ``_repr_png_``, ``_repr_markdown_``, ``_repr_mimebundle_``, ...), which is public by convention."""
    if not name.startswith("_") or name.startswith("__"):
        return False
    return not (name.startswith("_repr_") and name.endswith("_"))


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


if __name__ == "__main__":
    listed = reach_ins(ROOT / (sys.argv[1] if len(sys.argv) > 1 else "gamekit"))
    print("\n".join(listed))
    print(f"{len(listed)} private reach-ins")
