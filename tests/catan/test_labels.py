"""Every rule label is implemented and tested; every setting is a documented assumption."""

from __future__ import annotations

import dataclasses
import inspect
from pathlib import Path

import gamekit.catan.factories as engine
import gamekit.catan.production as production
from gamekit.catan.factories import RULES
from gamekit.catan.options import ASSUMPTIONS, FactoriesOptions

HERE = Path(__file__).resolve().parent


def test_every_rule_label_has_a_test():
    tests = "".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py") if p.name != "test_labels.py")
    missing = [label for label in RULES if label not in tests]
    assert not missing, f"rules without a test citing them: {missing}"


def test_every_rule_label_is_cited_by_the_engine():
    source = inspect.getsource(engine) + inspect.getsource(production) + inspect.getsource(engine.Board)
    missing = [label for label in RULES if label not in source]
    assert not missing


def test_every_setting_is_a_documented_assumption():
    documented = {a.setting for a in ASSUMPTIONS}
    fields = {f.name for f in dataclasses.fields(FactoriesOptions)} - {"custom_layout", "custom_harbours"}
    assert fields <= documented, f"settings without an assumption note: {sorted(fields - documented)}"
    assert all(a.rule in RULES for a in ASSUMPTIONS)
    doc = inspect.getmodule(FactoriesOptions).__doc__
    assert all(f"``{name}``" in doc for name in fields)


def test_every_assumption_is_shown_in_the_chapter():
    """Each assumption is a titled note under its rule in book/factories/rules.md."""
    chapter = (HERE.parents[1] / "book" / "factories" / "rules.md").read_text(encoding="utf-8")
    for a in ASSUMPTIONS:
        assert a.title, a.setting
        assert f'assumptions(ASSUMPTIONS, "{a.rule}")' in chapter, a.rule
