"""The lessons (issue 18): their shape, the student versions made from them by cell tags, the
lesson pages' downloads and the print style sheet that makes a lesson page a worksheet.

The notebooks' outputs themselves are checked by nbval (``--nbval notebooks``)."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_build" / "html"


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


student_versions = _load("student_versions", ROOT / "tools" / "student_versions.py")
lesson_pages = _load("lesson_pages", ROOT / "book" / "_ext" / "lesson_pages.py")
LESSONS = student_versions.lessons()


def _notebook(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _text(cell: dict) -> str:
    """A cell's source and everything its outputs show, as one string."""
    source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
    shown = []
    for out in cell.get("outputs", []):
        if "text" in out:
            shown.append("".join(out["text"]))
        for key, value in out.get("data", {}).items():
            if key.startswith("text/"):
                shown.append("".join(value) if isinstance(value, list) else value)
    return source + "\n" + "\n".join(shown)


def _tags(cell: dict) -> list[str]:
    return cell.get("metadata", {}).get("tags", [])


# -- the lessons ------------------------------------------------------------------------------------


def test_seven_lessons_numbered_in_the_lessons_part_of_the_book():
    names = [p.stem for p in LESSONS]
    assert [n[:9] for n in names] == [f"lesson-{k:02d}" for k in range(1, 8)]
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text())
    part = next(p for p in toc["parts"] if p["caption"] == "Lessons")
    assert [c["file"] for c in part["chapters"]] == [f"notebooks/{n}" for n in names]
    intro = (ROOT / "book" / "intro.md").read_text()
    assert all(f"/notebooks/{n}" in intro for n in names)


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_every_lesson_has_the_shape_of_a_lesson(lesson):
    nb = _notebook(lesson)
    cells = nb["cells"]
    text = "\n".join(_text(c) for c in cells)
    for part in ("**The player's question.**", "**Level.**", "**Length.**", "**Learning goals.**", "**Plan.**",
                 "## 1. Predict", "**Teacher's note.**", "*What students usually get wrong.*", "*Without computers.*",
                 "*With computers.*"):
        assert part in text, f"{lesson.name} has no {part!r}"
    # predict -> simulate (seeded: numpy, or gamekit's generator) -> exact -> compare, with a convergence
    # chart drawn (matplotlib's PNG, or a Vega-Lite chart with its SVG, which also runs in the browser)
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    drawn = ("convergence_plot(", "convergence_chart(")
    assert any(d in code for d in drawn) and re.search(r"default_rng\(\d+\)|seed=\d+", code)
    plots = [c for c in cells if c["cell_type"] == "code" and any(d in "".join(c["source"]) for d in drawn)]
    assert all(any({"image/png", "image/svg+xml"} & set(o.get("data", {})) for o in c["outputs"]) for c in plots)
    # exercises, each followed by its folded solution; room to write under every question
    exercises = re.findall(r"\*\*Exercise (\d+)", text)
    solutions = [c for c in cells if "solution" in _tags(c)]
    assert len(set(exercises)) >= 4 and len(solutions) == len(set(exercises))
    for cell in solutions:
        shown = _text(cell)
        assert '<details class="gk-solution">' in shown and "</details>" in shown and "remove-input" in _tags(cell)
    spaces = sum(_text(c).count('class="gk-answer-space') for c in cells if c["cell_type"] == "markdown")
    assert spaces >= len(set(exercises)) + 3
    assert sum("answer-check" in _tags(c) for c in cells) == 1
    assert sum("teacher" in _tags(c) for c in cells) == 1
    # a widget on the shared runtime on every lesson page
    assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for c in cells for o in c.get("outputs", []))
    # no cell failed when the outputs were stored
    assert not any(o.get("output_type") == "error" for c in cells for o in c.get("outputs", []))


# -- the student versions ---------------------------------------------------------------------------


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_the_student_version_has_no_solution_text(lesson):
    teacher = _notebook(lesson)
    student = student_versions.student_version(teacher, lesson.stem)
    hidden = [c for c in teacher["cells"] if {"solution", "teacher"} & set(_tags(c))]
    assert hidden, "a lesson without solutions or a teacher's note"
    dumped = json.dumps(student, ensure_ascii=False)
    assert "gk-solution" not in dumped and "gk-teacher-note" not in dumped and "teacher's note" not in dumped.lower()
    for cell in hidden:
        for out in cell.get("outputs", []):
            for line in "".join(out.get("data", {}).get("text/markdown", [])).splitlines():
                if len(line) > 40:  # every substantial line of a solution is gone
                    assert line not in dumped
    for cell in student["cells"]:
        assert not {"solution", "teacher"} & set(_tags(cell))
        if "answer-check" in _tags(cell):
            assert cell["outputs"] == [] and cell["source"].startswith(student_versions.CHECK_NOTE)
            assert not {"hide-input", "hide-cell"} & set(_tags(cell))
            # the fill-in cell asks every stored question and computes nothing: no method shown
            assert "teacher_check" not in cell["source"] and "check(" in cell["source"]
            for key, question, _, _ in student_versions.answer_rows(lesson.stem):
                assert f'"{key}": ...,  # {question}' in cell["source"]
    # everything else is as the teacher has it, outputs included
    kept = [c for c in teacher["cells"] if not {"solution", "teacher", "answer-check"} & set(_tags(c))]
    assert [c for c in student["cells"] if "answer-check" not in _tags(c)] == kept
    assert student["metadata"]["gamekit"] == {"version": "student"}
    assert "gamekit" not in teacher["metadata"], "the teacher's notebook is not changed"


def test_student_versions_are_written_beside_the_teachers(tmp_path):
    written = student_versions.write(tmp_path)
    names = sorted(p.name for p in written)
    assert names == sorted([p.name for p in LESSONS] + [p.stem + "-student.ipynb" for p in LESSONS])
    for lesson in LESSONS:
        assert (tmp_path / lesson.name).read_bytes() == lesson.read_bytes()
        student = _notebook(tmp_path / (lesson.stem + "-student.ipynb"))
        assert student == json.loads(json.dumps(student_versions.student_version(_notebook(lesson), lesson.stem)))
    assert not any(p.name.endswith("-student.ipynb") for p in (ROOT / "notebooks").iterdir()), \
        "student versions are built, never stored beside the lessons"


def test_each_lesson_page_links_both_notebooks_and_says_how_to_run_it():
    config = yaml.safe_load((ROOT / "_config.yml").read_text())
    assert config["sphinx"]["local_extensions"]["lesson_pages"] == "book/_ext"
    box = lesson_pages.links_html("notebooks/lesson-03-grey-market")
    assert 'href="../lessons/lesson-03-grey-market.ipynb" download' in box
    assert 'href="../lessons/lesson-03-grey-market-student.ipynb" download' in box
    assert "make lab" in box and "Jupyter service" in box and "print" in box.lower()
    # what is true now: the browser needs nothing installed and works offline after the first visit; the
    # lessons need no numpy nor matplotlib (test_no_lesson_needs_numpy_or_matplotlib)
    assert "Nothing to install" in box and "offline" in box and "standard library" in box
    assert "numpy" not in box and "matplotlib" not in box
    assert 'href="../book/lessons/lesson-03-grey-market-student.html"' in box
    assert 'href="../book/lessons/lesson-03-grey-market-handout.html"' in box
    assert lesson_pages.LESSON_PAGE.match("notebooks/lesson-07-auf-achse")
    assert not lesson_pages.LESSON_PAGE.match("notebooks/itc-scenarios")


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_no_lesson_needs_numpy_or_matplotlib(lesson):
    """Every lesson runs on the standard library and gamekit (issue 32), so that it runs in the browser
    (Pyodide here has no numpy nor matplotlib): no code cell imports them or the numpy samplers."""
    code = "\n".join("".join(c["source"]) for c in _notebook(lesson)["cells"] if c["cell_type"] == "code")
    for name in ("numpy", "matplotlib", "gamekit.lessons.samplers", "pandas", "convergence_plot", "show("):
        assert not re.search(rf"(import|from)\s+{re.escape(name)}\b", code) and name not in code, f"{lesson.name} uses {name}"


# -- the worksheet: the print style sheet -----------------------------------------------------------


def _print_rules() -> dict[str, dict[str, str]]:
    """selector -> {property: value} of the rules inside @media print in gamekit-print.css."""
    import tinycss2

    sheet = tinycss2.parse_stylesheet((ROOT / "book" / "_static" / "gamekit-print.css").read_text(),
                                      skip_comments=True, skip_whitespace=True)
    rules: dict[str, dict[str, str]] = {}
    for rule in sheet:
        if rule.type != "at-rule" or rule.lower_at_keyword != "media" or tinycss2.serialize(rule.prelude).strip() != "print":
            continue
        for inner in tinycss2.parse_rule_list(rule.content, skip_comments=True, skip_whitespace=True):
            selectors = [s.strip() for s in tinycss2.serialize(inner.prelude).split(",")]
            declarations = {d.lower_name: tinycss2.serialize(d.value).strip() + (" !important" if d.important else "")
                            for d in tinycss2.parse_declaration_list(inner.content, skip_comments=True, skip_whitespace=True)
                            if d.type == "declaration"}
            for selector in selectors:
                rules.setdefault(selector, {}).update(declarations)
    return rules


HIDDEN_IN_PRINT = {
    "navigation": [".bd-header", ".bd-sidebar-primary", ".bd-sidebar-secondary", ".prev-next-area", ".bd-footer",
                   ".gk-lesson-links"],
    "widget controls": [".gk-widget button", ".gk-widget select", ".gk-widget input", ".gk-widget .gk-loading"],
    "answers": ["details.gk-solution", ".tag_solution", ".tag_answer-check", ".tag_teacher", ".gk-teacher-note"],
    "code": [".cell .cell_input"],
}


@pytest.mark.parametrize("what", HIDDEN_IN_PRINT)
def test_print_style_sheet_hides(what):
    rules = _print_rules()
    for selector in HIDDEN_IN_PRINT[what]:
        assert rules.get(selector, {}).get("display", "").startswith("none"), f"{selector} is printed"


def test_print_style_sheet_leaves_room_to_write_and_the_screen_does_not():
    rules = _print_rules()
    space = rules[".gk-answer-space"]
    assert space["display"].startswith("block") and space["min-height"].endswith("em")
    assert ".gk-widget" in rules and "display" not in rules[".gk-widget"], "a widget's chart stays on paper"
    screen = (ROOT / "book" / "_static" / "gamekit-pages.css").read_text()
    assert re.search(r"\.gk-answer-space\s*\{\s*display:\s*none", screen)
    ext = (ROOT / "book" / "_ext" / "lesson_pages.py").read_text()
    assert 'app.add_css_file("gamekit-print.css")' in ext


def test_the_print_rules_meet_the_lessons_markup():
    """The classes the print rules hide or show are the ones the lessons write."""
    markup = "\n".join(_text(c) for lesson in LESSONS for c in _notebook(lesson)["cells"])
    for css_class in ("gk-solution", "gk-answer-space", "gk-teacher-note"):
        assert f'class="{css_class}' in markup
    # myst-nb turns a cell's tags into classes tag_<tag> on the cell (checked on the built page below)
    assert {"solution", "answer-check", "teacher"} <= {t for lesson in LESSONS for c in _notebook(lesson)["cells"] for t in _tags(c)}


def test_built_lesson_pages_carry_the_downloads_and_the_print_sheet():
    page = SITE / "notebooks" / "lesson-01-dice.html"
    if not page.is_file():
        pytest.skip("the book is not built (make book)")
    for lesson in LESSONS:
        html = (SITE / "notebooks" / f"{lesson.stem}.html").read_text(encoding="utf-8")
        assert "gamekit-print.css" in html and 'class="gk-lesson-links"' in html
        assert f'href="../lessons/{lesson.stem}-student.ipynb"' in html
        assert re.search(r'class="cell[^"]*tag_solution', html) and 'class="gk-answer-space' in html
        assert re.search(r'class="cell[^"]*tag_answer-check', html) and 'class="gk-teacher-note"' in html
        assert (SITE / "lessons" / lesson.name).is_file() and (SITE / "lessons" / f"{lesson.stem}-student.ipynb").is_file()
        for kind in ("student", "handout"):
            built = (SITE / "book" / "lessons" / f"{lesson.stem}-{kind}.html").read_text(encoding="utf-8")
            assert "gk-solution" not in built and "gk-teacher-note" not in built and "gamekit-print.css" in built
            assert f'href="../book/lessons/{lesson.stem}-{kind}.html"' in html
    assert (SITE / "lessons" / "exit-tickets.json").is_file()
    assert (SITE / "_static" / "gamekit-print.css").is_file()


# -- the widget and the helpers ---------------------------------------------------------------------


def test_dice_sums_service_counts_and_converges():
    from fractions import Fraction

    from gamekit.dice import d6
    from gamekit.rng import Rng
    from gamekit.web import call

    start = call("lessons.dice_sums", {"action": {"kind": "setup", "dice": 3, "seed": 11}})["ok"]
    assert start["situation"]["rolls"] == 0 and start["view"]["outcomes"] == list(range(3, 19))
    assert start["view"]["probabilities"] == [float(p) for _, p in d6.sum_of(3).table()]
    after = call("lessons.dice_sums", {"situation": start["situation"], "action": {"kind": "roll", "n": 500}})["ok"]
    s = after["situation"]
    rng = Rng(11)
    sums = [sum(d6.roll(rng) for _ in range(3)) for _ in range(500)]
    assert s["rolls"] == 500 and s["total"] == sum(sums) and s["trail"][-1] == [500, sum(sums) / 500]
    assert sum(s["counts"].values()) == 500 and s["counts"][str(sums[-1])] >= 1
    assert after["view"]["exact_mean"] == float(Fraction(21, 2)) and len(after["view"]["band"]) == len(s["trail"])
    more = call("lessons.dice_sums", {"situation": s, "action": {"kind": "roll", "n": 100}})["ok"]["situation"]
    assert more["rolls"] == 600 and more["rng_state"] != s["rng_state"]
    for bad, fragment in (({"kind": "setup", "dice": 7}, "number of dice"), ({"kind": "roll", "n": 0}, "Roll from"),
                          ({"kind": "fly"}, "unknown action")):
        assert fragment in call("lessons.dice_sums", {"situation": s, "action": bad})["error"]
    reset = call("lessons.dice_sums", {"situation": more, "action": {"kind": "reset"}})["ok"]["situation"]
    assert reset["rolls"] == 0 and reset["dice"] == 3 and reset["seed"] == 11



def _production(situation=None, **action):
    from gamekit.web import call

    return call("lessons.catan_production", {"situation": situation, "action": action or None})


def test_catan_production_exact_chances_by_hand():
    """Lesson 6's widget: the exact figures are the pips over 36, worked out by hand."""
    from fractions import Fraction

    from gamekit.lessons.catan import expected_income, hex_chance, income_die, lesson_start

    assert hex_chance(6) == hex_chance(8) == Fraction(5, 36)
    assert hex_chance(2) == hex_chance(12) == Fraction(1, 36) and hex_chance(9) == Fraction(4, 36)
    assert expected_income([9, 11, 8]) == Fraction(4 + 2 + 5, 36)
    assert income_die([6, 6]).table() == [(0, Fraction(31, 36)), (2, Fraction(5, 36))]  # a 6 brings two cards
    assert income_die([6, 8, 5]).mean() == Fraction(14, 36) and income_die([6, 8, 5])[0] == Fraction(22, 36)
    # the lesson's section 3: the beginner board, you are player 0
    assert lesson_start() == [(["fields", "forest", "forest"], [9, 11, 8]), (["hills", "fields"], [5, 6])]

    view = _production(kind="setup", start="own", numbers=[6, 8], seed=3)["ok"]["view"]
    assert [r["exact"] for r in view["rows"]] == ["5/36 ≈ 0.139", "5/36 ≈ 0.139"] and [r["pips"] for r in view["rows"]] == [5, 5]
    assert view["total"]["exact"] == "5/18 ≈ 0.278" and view["any"]["exact"] == "5/18 ≈ 0.278"
    assert view["exact_mean"] == 10 / 36
    twice = _production(kind="setup", start="own", numbers=[6, 6], seed=3)["ok"]["view"]
    assert twice["total"]["exact"] == "5/18 ≈ 0.278" and twice["any"]["exact"] == "5/36 ≈ 0.139"  # one roll, two cards
    first = _production()["ok"]["view"]                               # the page's widget as drawn: the lesson's first settlement
    assert [r["hex"] for r in first["rows"]] == ["fields 9", "forest 11", "forest 8"]
    assert first["total"]["exact"] == "11/36 ≈ 0.306" and first["total"]["pips"] == 11
    rare = _production(kind="setup", start="rare")["ok"]
    assert rare["situation"]["numbers"] == [2, 12, 11] and rare["view"]["total"]["exact"] == "1/9 ≈ 0.111"


def test_catan_production_rolls_the_seeded_dice_and_accumulates():
    from gamekit.dice import two_d6
    from gamekit.rng import Rng

    start = _production(kind="setup", start="own", numbers=[6, 8, 9], seed=42)["ok"]["situation"]
    a = _production(start, kind="roll", n=100)["ok"]
    assert a == _production(start, kind="roll", n=100)["ok"]          # same seed, same rolls
    rng = Rng(42)
    sums = [two_d6.roll_detail(rng)[0] for _ in range(150)]
    s = a["situation"]
    assert s["turns"] == 100 and s["counts"] == {str(k): sums[:100].count(k) for k in set(sums[:100])}
    assert s["cards"] == sum(sums[:100].count(k) for k in (6, 8, 9)) and s["trail"][-1] == [100, s["cards"] / 100]
    assert [r["produced"] for r in a["view"]["rows"]] == [str(sums[:100].count(k)) for k in (6, 8, 9)]
    assert a["view"]["announce"].startswith("Rolled 100 turns: ") and f"{s['cards']} cards" in a["view"]["announce"]
    more = _production(s, kind="roll", n=50)["ok"]                    # rolling more turns accumulates
    assert more["situation"]["turns"] == 150
    assert more["situation"]["counts"] == _production(start, kind="roll", n=150)["ok"]["situation"]["counts"]
    assert more["situation"]["cards"] == sum(sums.count(k) for k in (6, 8, 9))
    assert more["view"]["any"]["produced"] == str(sum(sums.count(k) for k in (6, 8, 9)))
    reset = _production(more["situation"], kind="reset")["ok"]["situation"]
    assert reset["turns"] == 0 and reset["numbers"] == [6, 8, 9] and reset["seed"] == 42 and reset["counts"] == {}
    assert _production(reset, kind="roll", n=100)["ok"]["situation"] == s


def test_catan_production_says_what_is_wrong():
    s = _production()["ok"]["situation"]
    for bad, fragment in (({"kind": "setup", "start": "own", "numbers": [7]}, "a hex's number is 2 to 6 or 8 to 12"),
                          ({"kind": "setup", "start": "own", "numbers": []}, "one to 3 numbered hexes"),
                          ({"kind": "setup", "start": "own", "numbers": [2, 3, 4, 5]}, "one to 3 numbered hexes"),
                          ({"kind": "setup", "start": "own", "numbers": ["6"]}, "not '6'"),
                          ({"kind": "setup", "start": "nowhere"}, "no starting position called 'nowhere'"),
                          ({"kind": "setup", "seed": -1}, "a seed is a whole number"),
                          ({"kind": "roll", "n": 0}, "roll from 1 to 100,000 turns"),
                          ({"kind": "roll", "n": 2.5}, "roll from 1"),
                          ({"kind": "fly"}, "unknown action")):
        answer = _production(s, **bad)
        assert "error" in answer and fragment in answer["error"].lower(), (bad, answer)
    full = dict(s, turns=99_950)
    assert "Press Reset" in _production(full, kind="roll", n=100)["error"]

def test_exact_outcomes_list_every_roll_whether_or_not_the_engine_declares_it():
    from fractions import Fraction

    import gamekit
    from gamekit.catan.actions import Roll
    from gamekit.examples.pig import PIG
    from gamekit.examples.pig import Roll as PigRoll
    from gamekit.lessons import exact_outcomes

    pig = PIG.new(players=2, seed=1)
    assert [p for p, _ in exact_outcomes(pig, PigRoll())] == [Fraction(1, 6)] * 6
    state = gamekit.game("catan").new(players=3, seed=2)
    while state.phase == "setup":
        state.apply(state.legal_actions()[0])
    table = [((w + r, [w, r]), Fraction(1, 36)) for w in range(1, 7) for r in range(1, 7)]
    before = state.to_json()
    outs = exact_outcomes(state, Roll(), "2d6", table)
    assert state.to_json() == before and len(outs) == 36 and sum(p for p, _ in outs) == 1
    assert sorted(sum(s.dice) for _, s in outs) == sorted(w + r for w in range(1, 7) for r in range(1, 7))


def _names(source: str) -> tuple[set[str], set[str]]:
    """The names a cell reads and the names it binds (anywhere in the cell)."""
    import ast

    tree = ast.parse(source)
    loads, binds = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (loads if isinstance(node.ctx, ast.Load) else binds).add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            binds.add(node.name)
            if isinstance(node, ast.FunctionDef):
                binds |= {a.arg for a in node.args.args + node.args.kwonlyargs + node.args.posonlyargs}
                binds |= {a.arg for a in (node.args.vararg, node.args.kwarg) if a}
        elif isinstance(node, ast.Lambda):
            binds |= {a.arg for a in node.args.args}
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            binds |= {(a.asname or a.name).split(".")[0] for a in node.names}
    return loads, binds


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_the_student_version_runs_without_the_removed_cells(lesson):
    """Every name a kept code cell reads is bound by a kept cell before it (or by the cell itself):
    nothing the student runs, the answer check included, needs a solution cell."""
    import builtins

    student = student_versions.student_version(_notebook(lesson), lesson.stem)
    known = set(dir(builtins))
    for cell in student["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        loads, binds = _names(source)
        missing = loads - binds - known
        assert not missing, f"{lesson.name}: a kept cell reads {sorted(missing)}, bound only in removed cells"
        known |= binds


# -- the charts' text descriptions (alt text) -------------------------------------------------------


def _charts(notebook: dict) -> list[tuple[int, dict]]:
    return [(i, out) for i, cell in enumerate(notebook["cells"]) for out in cell.get("outputs", [])
            if {"image/png", "application/vnd.vegalite.v5+json"} & set(out.get("data", {}))]


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_every_chart_of_a_lesson_carries_its_description(lesson):
    """Every picture a lesson's code draws is a gamekit.lessons.Chart or a Vega-Lite chart
    (gamekit.lessons.charts): its plain text (compared by nbval) is its description, and the PNG carries
    the same words as its Description, the Vega-Lite specification and its SVG the same words as their
    description and title (the book's alt text). A convergence chart's description names its axes and
    every exact value it is drawn against."""
    import base64

    accessible = _load("accessible_pages", ROOT / "book" / "_ext" / "accessible_pages.py")
    nb = _notebook(lesson)
    charts = _charts(nb)
    assert charts
    for index, out in charts:
        said = "".join(out["data"]["text/plain"])
        assert not said.startswith("<"), f"{lesson.name} cell {index}: a chart without a description ({said!r})"
        assert len(said) > 150 and "axis" in said.lower(), said
        if "image/png" in out["data"]:
            png = base64.b64decode("".join(out["data"]["image/png"]))
            assert accessible.png_text(png)["Description"] == said
            assert out["metadata"]["image/png"]["alt"] == said
        else:
            assert out["data"]["application/vnd.vegalite.v5+json"]["description"] == said
            title, _, _ = accessible.svg_text("".join(out["data"]["image/svg+xml"]))
            assert title == said
        source = "".join(nb["cells"][index]["source"])
        if "convergence_plot(" in source or "convergence_chart(" in source:
            # panels are shown one after another (gamekit.lessons.charts.panels): the cell's charts together
            together = " ".join("".join(o["data"]["text/plain"]) for i, o in charts if i == index)
            assert "Horizontal axis, on a logarithmic scale" in together and "the dashed line is the exact value" in together


def test_the_description_of_a_convergence_plot_is_computed_from_its_numbers():
    from fractions import Fraction

    import matplotlib

    matplotlib.use("Agg")
    import numpy as np

    from gamekit.lessons import convergence_plot, exact_text, number, running_mean

    values = np.random.default_rng(3).integers(1, 7, size=5_000) == 6
    sd = (5 / 36) ** 0.5
    fig = convergence_plot([("share of sixes", values, Fraction(1, 6))], sd=[sd], ylabel="share of sixes",
                           xlabel="rolls (log scale)", title="one d6")
    (ax, said), = fig.gamekit_descriptions
    run = running_mean(values)
    assert ax is fig.axes[0]
    assert said.startswith("One d6. A line chart. Horizontal axis, on a logarithmic scale: rolls, from 10 to 5,000. "
                           "Vertical axis: share of sixes.")
    assert f"{number(run[9])} after 10 rolls" in said and f"{number(run[-1])} after 5,000" in said
    assert f"exact value, {exact_text(Fraction(1, 6))}" in said and exact_text(Fraction(1, 6)) == "1/6 ≈ 0.167"
    assert f"±{number(2 * sd / 5_000 ** 0.5)}" in said
    gap = abs(run[-1] - 1 / 6) / (sd / 5_000**0.5)
    assert f"ends {gap:.1f} standard errors" in said
    # other rolls, other words
    other = convergence_plot([("share of sixes", values[::-1], Fraction(1, 6))], sd=[sd], xlabel="rolls (log scale)")
    assert other.gamekit_descriptions[0][1] != said


def test_show_gives_every_panel_its_words_and_refuses_a_chart_without_any(monkeypatch):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    import gamekit.lessons as lessons

    shown = []
    monkeypatch.setattr("IPython.display.display", shown.append)
    fig, axes = plt.subplots(1, 2)
    axes[0].bar([1, 2], [3, 4])
    lessons.describe(axes[0], "Bars.")
    lessons.convergence_plot([("mean", np.arange(100.0), 49.5)], ax=axes[1])
    lessons.show(fig, "Two panels.")
    chart, = shown
    assert chart.description.startswith("Two panels. Panel 1 of 2: Bars. Panel 2 of 2: A line chart.")
    assert repr(chart) == chart.description and chart._repr_png_()[1] == {"alt": chart.description}
    assert not plt.fignum_exists(fig.number), "shown once, then closed"
    bare, _ = plt.subplots()
    bare.axes[0].plot([1, 2])
    with pytest.raises(ValueError, match="description"):
        lessons.show(bare)
    plt.close(bare)


def test_a_chart_on_the_built_page_gets_its_description_as_alt_text(tmp_path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from gamekit.lessons import Chart

    accessible = _load("accessible_pages", ROOT / "book" / "_ext" / "accessible_pages.py")
    fig, ax = plt.subplots()
    ax.plot([1, 2, 3])
    words = 'A line "rising" from 1 to 3 ≈ 3 < 4'
    (tmp_path / "described.png").write_bytes(Chart(fig, words).png)
    fig.savefig(tmp_path / "plain.png")
    plt.close(fig)
    page = ('<img alt="../_images/described.png" src="../_images/described.png" />\n'
            '<img alt="../_images/plain.png" src="../_images/plain.png" />')
    done = accessible.finish_page(page, tmp_path)
    assert '<img alt="A line &quot;rising&quot; from 1 to 3 ≈ 3 &lt; 4" src="../_images/described.png" />' in done
    assert f'<img alt="{accessible.CHART_WITHOUT_WORDS}" src="../_images/plain.png" />' in done


def test_built_lesson_pages_describe_every_chart():
    import html as html_lib

    if not (SITE / "notebooks" / "lesson-01-dice.html").is_file():
        pytest.skip("the book is not built (make book)")
    accessible = _load("accessible_pages", ROOT / "book" / "_ext" / "accessible_pages.py")
    for lesson in LESSONS:
        page = (SITE / "notebooks" / f"{lesson.stem}.html").read_text(encoding="utf-8")
        # every picture of the page (a chart is a PNG or, drawn from Vega-Lite, an SVG) but a game's board
        alts = [html_lib.unescape(alt) for attrs in re.findall(r"<img\b([^>]*)>", page)
                if re.search(r'src="[^"]*_images/[^"]+\.(png|svg)"', attrs) for alt in re.findall(r'\balt="([^"]*)"', attrs)]
        said = ["".join(out["data"]["text/plain"]) for _, out in _charts(_notebook(lesson))]
        assert said and [alt for alt in alts if alt in said] == said, \
            f"{lesson.stem}: the page's charts are not described as the notebook's"
        assert accessible.CHART_WITHOUT_WORDS not in alts


# -- nothing given away (issue 32) ------------------------------------------------------------------

#: Answers that are also plain facts the lesson states for another reason, where finding the text is
#: no leak: (lesson, key) -> why.
NOT_A_LEAK = {
    ("lesson-01-dice", "2c"): "1/8: every face of ITC's green d8 has probability 1/8 (section 3)",
    ("lesson-01-dice", "3b"): "1/8: every face of ITC's green d8 has probability 1/8 (section 3)",
    ("lesson-02-itc-dice", "2b"): "exercise 2 finds section 4's E[max(B, G)] again by another method; 2a checks the method",
    ("lesson-03-grey-market", "1b"): "7/8: the chance that a roll decides an exchange (section 6)",
    ("lesson-03-grey-market", "3c"): "exercise 3 finds section 3's P(3, 2) again by another method; 3a and 3b check the method",
    ("lesson-04-factories", "5c"): "1/6: the chance of a face of a die, everywhere in the lesson",
    ("lesson-06-catan", "5b"): "the answer is that this risk does not change: it is the exercise's starting value",
    ("lesson-07-auf-achse", "1"): "1,400 €: offer 2's price, in section 2's table of the offers",
}


def _forms(answer: str) -> list[str]:
    """How an answer may be written in a lesson: its fraction (plain and LaTeX), its decimals and percentage."""
    from fractions import Fraction

    from gamekit.lessons import approx, percent, tex
    from gamekit.lessons.answers import parse

    value = parse(answer)
    if isinstance(value, str):
        return []
    if isinstance(value, int) or (isinstance(value, Fraction) and value.denominator == 1):
        n = int(value)
        return [f"{n:,}", str(n)] if abs(n) >= 20 else []      # small whole numbers are everywhere
    forms = []
    if isinstance(value, Fraction):
        if value.denominator > 3:
            forms += [f"{value.numerator}/{value.denominator}", tex(value)]
        forms += [approx(value, 3), approx(value, 4)] if abs(value) < 10 else [approx(value, 2)]
        if 0 < value < 1:
            forms.append(percent(value))
    else:
        digits = len(answer.split(".")[1]) if "." in answer else 0
        forms += [answer] if digits >= 2 or abs(value) >= 20 else []
    return forms


def _shown(notebook: dict) -> str:
    """All a student sees of a notebook: every cell's text and every output's text."""
    return "\n".join(_text(c) for c in notebook["cells"])


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_no_answer_appears_in_the_student_version(lesson):
    """Every exercise's answers, taken from the answer check's data, are nowhere in what the student
    version shows: not in its text, not in an output, not in a chart's description."""
    from gamekit.lessons.answers import answers

    student = student_versions.student_version(_notebook(lesson), lesson.stem)
    # the fill-in cell names the questions, never the answers: leave it out of the text searched
    shown = _shown({"cells": [c for c in student["cells"] if "answer-check" not in _tags(c)]})
    rows = answers(lesson.stem)
    assert rows, f"{lesson.stem}: no answers stored"
    leaks = []
    for key, question, answer, _ in rows:
        for form in _forms(answer):
            if (lesson.stem, key) in NOT_A_LEAK:
                continue
            if re.search(rf"(?<![\d.,/]){re.escape(form)}(?![\d/]|[.,]\d)", shown):
                leaks.append(f"{key} ({question}): {form}")
    assert not leaks, f"{lesson.stem}: answers a student can read: " + "; ".join(leaks)


def test_the_leak_test_finds_a_leak():
    """The search above finds an answer where a lesson shows it (here lesson 2's exercise 4 as the
    lesson printed it before issue 32)."""
    from gamekit.lessons.answers import answers

    row = next(r for r in answers("lesson-02-itc-dice") if r[0] == "4b")
    text = "green + red from 59/12 ≈ 4.917 at c = 0 to 457/48 ≈ 9.521 at c = 2"
    assert any(re.search(rf"(?<![\d.,/]){re.escape(f)}(?![\d/]|[.,]\d)", text) for f in _forms(row[2]))


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_the_student_check_says_right_and_wrong_without_the_answer(lesson, capsys):
    from gamekit.lessons.answers import answers, check

    rows = answers(lesson.stem)
    right = check(lesson.stem, {key: answer for key, _, answer, _ in rows}, quiet=True)
    assert all(right.values()) and len(right) == len(rows)
    wrong = check(lesson.stem, {key: "12345/7" for key, *_ in rows}, quiet=True)
    assert not any(wrong.values())
    check(lesson.stem, {key: answer for key, _, answer, _ in rows[:1]} | {rows[-1][0]: ...})
    printed = capsys.readouterr().out
    assert "right" in printed and "no answer yet" in printed and "1 of 2 right" in printed
    for _, _, answer, _ in rows:
        if len(answer) > 3:
            assert answer not in printed


def test_answers_may_be_fractions_decimals_or_percentages():
    from gamekit.lessons.answers import is_right

    assert is_right("5/18", "5/18") and is_right(0.278, "5/18") and is_right("27.8 %", "5/18")
    assert not is_right(0.29, "5/18") and not is_right("5/17", "5/18")
    assert is_right(5556, "5,556") and is_right("5,556", "5,556") and not is_right(5555, "5,556")
    assert is_right("Green + Red", "green + red") and not is_right("blue + red", "green + red")
    assert is_right(0.1073, "0.1074", 0.0001) and not is_right(0.1071, "0.1074", 0.0001)


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_every_section_a_lesson_cites_exists(lesson):
    """The Length and Plan lines, and the text, cite only sections the lesson has."""
    cells = _notebook(lesson)["cells"]
    text = "\n".join(_text(c) for c in cells)
    have = {int(n) for n in re.findall(r"^## (\d+)\. ", text, flags=re.M)}
    cited = set()
    for m in re.finditer(r"[Ss]ections? (\d+)(?:,? (?:to|and) (\d+))?", text):
        first, last = int(m.group(1)), int(m.group(2) or m.group(1))
        cited |= set(range(first, last + 1)) if "to" in m.group(0) else {first, last}
    assert cited <= have, f"{lesson.name} cites sections {sorted(cited - have)}, which it does not have"


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_the_plan_fits_periods_of_45_minutes(lesson):
    """The Plan's minutes for the sections of each period (as the Length line splits them) add up to
    at most 45."""
    head = "".join(_notebook(lesson)["cells"][0]["source"])
    minutes = {int(n): int(m) for n, m in re.findall(r"(\d+)\. [^.()]+(?:\([^)]*\)[^.()]*)*?\((\d+) min\)", head)}
    length = re.search(r"\*\*Length\.\*\*(.*?)\n\n", head, flags=re.S).group(1)
    periods = [(int(a), int(b or a)) for a, b in re.findall(r"sections? (\d+)(?: (?:to|and) (\d+))?", length)]
    assert periods and minutes, f"{lesson.name}: no periods or minutes found"
    for first, last in periods:
        total = sum(minutes.get(k, 0) for k in range(first, last + 1))
        assert total <= 45, f"{lesson.name}: sections {first} to {last} take {total} minutes"


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_the_student_page_and_the_handout_are_made_from_the_student_version(lesson, tmp_path):
    student = student_versions.student_version(_notebook(lesson), lesson.stem)
    (tmp_path / "images").mkdir()
    page = student_versions.page_markdown(student, lesson.stem, "student", tmp_path / "images")
    handout = student_versions.page_markdown(student, lesson.stem, "handout", tmp_path / "images")
    for text in (page, handout):
        assert text.startswith("---\norphan: true\n---\n")
        assert "gk-solution" not in text and "gk-teacher-note" not in text and "teacher's note" not in text.lower()
        assert "teacher_check" not in text and "```python" not in text
    # the student page: the whole lesson without code, its pictures with their descriptions as alt text
    assert "## 1. Predict" in page and "**Exercise 1" in page and student_versions.CHECK_PAGE_NOTE in page
    pictures = re.findall(r":::\{image\} (images/\S+)\n:alt: (.+)\n:::", page)
    assert pictures and all((tmp_path / name).is_file() and len(alt) > 40 for name, alt in pictures)
    # the handout: the predictions, one data table, every exercise and room to write
    exercises = set(re.findall(r"\*\*Exercise (\d+)", "\n".join(_text(c) for c in student["cells"])))
    assert set(re.findall(r"\*\*Exercise (\d+)", handout)) == exercises
    assert "## 1. Predict" in handout and handout.count("## Data: ") == 1 and "## Exercises" in handout
    assert handout.count('class="gk-answer-space') >= len(exercises) + 3
    assert "## 2." not in handout and ":::{image}" not in handout
    # and the exit ticket on paper: every question, each with its lettered choices to circle, no box for buttons
    ticket = handout[handout.index("## Exit ticket"):]
    shown = _text(next(c for c in student["cells"] if "exit-ticket" in _tags(c)))
    questions = re.findall(r"\*\*(T\d)\.\*\* (.+)", shown)
    assert len(questions) == 3 and student_versions.TICKET_NOTE in ticket
    for key, question in questions:
        assert f"**{key}.** {question}" in ticket
    for letter, choice in re.findall(r"^- ([A-E])\. (.+)$", shown, flags=re.M):
        assert f"**{letter}.** {choice}" in ticket
    assert "gk-exit-ticket" not in handout and handout.index("## Exercises") < handout.index("## Exit ticket")


# -- for the class (issue 32) -----------------------------------------------------------------------


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_every_lesson_names_its_standards_and_starts_with_real_dice(lesson):
    student = student_versions.student_version(_notebook(lesson), lesson.stem)
    head = _text(student["cells"][0])
    standards = re.search(r"\*\*Standards\.\*\*(.*?)\n\n", head, flags=re.S).group(1)
    assert "Common Core" in standards and re.search(r"HSS-(CP|MD|IC)\.[AB]\.\d", standards)
    assert "AP Statistics" in standards and re.search(r"Unit 4,\s+topics?\s+4\.\d", standards)
    # the ten-minute start with real dice (or coins) is in the student's text, with a table to pool the class's results
    start = next(c for c in student["cells"] if _text(c).startswith("**Start with real"))
    assert "(10 minutes)" in _text(start) and "pool" in _text(start).lower() and re.search(r"\| class", _text(start))
    assert "real" in re.search(r"1\. Predict[^.]*\(15 min\)", head).group(0)


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_every_lesson_ends_with_an_exit_ticket_of_three_questions(lesson, tmp_path):
    from gamekit.lessons.answers import answers, check, ticket_hash

    cells = _notebook(lesson)["cells"]
    ticket = [c for c in cells if "exit-ticket" in _tags(c)]
    assert len(ticket) == 1 and "gk-exit-ticket" in _text(ticket[0])
    rows = [r for r in answers(lesson.stem) if r[0].startswith("T")]
    assert [r[0] for r in rows] == ["T1", "T2", "T3"] and all(r[2] in "ABCDE" for r in rows)
    shown = _text(ticket[0])
    for key, _, letter, _ in rows:
        assert f"**{key}.**" in shown and f"- {letter}. " in shown
    # the notebook's answer cell checks them, the book's pages with the hashes written at build
    assert check(lesson.stem, {r[0]: r[2] for r in rows}, quiet=True) == {"T1": True, "T2": True, "T3": True}
    student_versions.write(tmp_path)
    hashes = json.loads((tmp_path / "exit-tickets.json").read_text())[lesson.stem]
    assert hashes == {key: ticket_hash(lesson.stem, key, letter) for key, _, letter, _ in rows}
    assert not any(letter in json.dumps(hashes) for *_, letter, _ in rows if len(letter) > 1)


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_students_write_python_in_fill_in_cells(lesson):
    cells = _notebook(lesson)["cells"]
    fills = [c for c in cells if c["cell_type"] == "code" and ("fill-in" in _tags(c) or "".join(c["source"]).startswith("# Your"))]
    assert len(fills) >= 2
    for cell in fills:
        assert cell["outputs"] == [] and "".join(cell["source"]).lstrip().startswith("#")
        before = cells[cells.index(cell) - 1]
        assert "**Exercise" in _text(before), "a fill-in cell follows the exercise it is for"
