"""Every rule label is implemented and tested; every setting is a documented assumption."""

from __future__ import annotations

import ast
import dataclasses
import inspect
from pathlib import Path

import gamekit.catan.factories as engine
import gamekit.catan.production as production
from gamekit.catan import base, base_save, board, roads, rules
from gamekit.catan.factories import RULES
from gamekit.catan.options import ASSUMPTIONS, FactoriesOptions

HERE = Path(__file__).resolve().parent


def test_every_rule_label_has_a_test():
    tests = "".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py") if p.name != "test_labels.py")
    missing = [label for label in RULES if label not in tests]
    assert not missing, f"rules without a test citing them: {missing}"


def _source_without_the_label_lists(module) -> str:
    """A module's source with its lists of labels (``RULES``, ``BASE_RULES``) blanked out: a label
    counts as cited only where the code applies it or a docstring explains it."""
    source = inspect.getsource(module)
    lines = source.splitlines()
    for node in ast.parse(source).body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        if any(getattr(t, "id", None) in ("RULES", "BASE_RULES") for t in targets):
            lines[node.lineno - 1:node.end_lineno] = [""] * (node.end_lineno - node.lineno + 1)
    return "\n".join(lines)


def test_every_rule_label_is_cited_by_the_engine():
    """Each label of the factories game is cited in the engine's code or docstrings (its list of
    labels does not count)."""
    modules = (engine, production, base, base_save, roads, rules, board)
    source = "".join(_source_without_the_label_lists(m) for m in modules)
    missing = [label for label in RULES if label not in source]
    assert not missing
    blanked = _source_without_the_label_lists(engine)  # the list itself is gone from what is searched
    assert "RULES: tuple" in inspect.getsource(engine) and "RULES: tuple" not in blanked


def test_every_setting_is_a_documented_assumption():
    """Every setting is an assumption with its note, or a number the rules print (issue 33), listed
    apart from the assumptions with its rule label (gamekit.settings)."""
    documented = {a.setting for a in ASSUMPTIONS}
    fields = {f.name for f in dataclasses.fields(FactoriesOptions)} - {"custom_layout", "custom_harbours"}
    printed = {f.name: f.metadata for f in dataclasses.fields(FactoriesOptions) if f.metadata.get("kind") == "printed"}
    assert fields - set(printed) <= documented, f"settings without an assumption note: {sorted(fields - documented)}"
    assert all(m["rule"] in RULES and m["label"] for m in printed.values())
    assert all(a.rule in RULES for a in ASSUMPTIONS)
    doc = inspect.getmodule(FactoriesOptions).__doc__
    assert all(f"``{name}``" in doc for name in fields)


def test_every_assumption_is_shown_in_the_chapter():
    """Each assumption is a titled note under its rule in book/factories/rules.md."""
    chapter = (HERE.parents[1] / "book" / "factories" / "rules.md").read_text(encoding="utf-8")
    for a in ASSUMPTIONS:
        assert a.title, a.setting
        assert f'assumptions(ASSUMPTIONS, "{a.rule}")' in chapter, a.rule
