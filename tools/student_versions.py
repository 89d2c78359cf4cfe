"""Write each lesson's student notebook from the teacher's notebook, by cell tags (one source).

A lesson ``notebooks/lesson-NN-<topic>.ipynb`` is the teacher's version: it carries the solutions,
the teacher's notes and the answer checks. Its student version ``lesson-NN-<topic>-student.ipynb``
is the same notebook with

* every cell tagged ``solution`` removed (the folded solutions and the code that writes them);
* every cell tagged ``teacher`` removed (the teacher's notes);
* every cell tagged ``answer-check`` (the teacher's code that computes every answer) replaced by a
  fill-in cell: the student writes their answers in it and runs it, and
  :func:`gamekit.lessons.answers.check` says which are right, showing neither the answers nor the
  method (the questions come from ``gamekit/lessons/answer_data.py``).

Everything else, the stored outputs and pictures included, stays as it is.

From the student version come two pages of the book for each lesson (``write_pages``, into
``book/lessons/``, which is generated at every build and not kept in git): the **student page**
``<lesson>-student`` (the lesson as a class without Python reads it: text, outputs and pictures, no
code, no solution, no teacher's note) and the **handout** ``<lesson>-handout`` (the predictions, one
data table, the exercises and room to write: the cell tagged ``handout`` gives the table; and the
exit ticket, its choices to circle), which prints in at most three pages.

Both notebook versions are laid
out in ``_build/assets/lessons/`` (the site serves ``_build/assets`` at its root, see
``html_extra_path`` in ``_config.yml``), so every lesson page links ``lessons/<lesson>.ipynb`` and
``lessons/<lesson>-student.ipynb``. The book's extension ``book/_ext/lesson_pages.py`` runs this at
every build; by hand::

    python tools/student_versions.py            # into _build/assets/lessons/
    python tools/student_versions.py --out DIR
"""

from __future__ import annotations

import argparse
import copy
import json
import re
import shutil
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
OUT = ROOT / "_build" / "assets" / "lessons"
#: A lesson's file name: lesson-NN-<topic>.ipynb (the student version is not a lesson itself).
LESSON = re.compile(r"^lesson-\d\d-[a-z0-9-]+(?<!-student)\.ipynb$")

REMOVED = ("solution", "teacher")
CLEARED = "answer-check"
CHECK_NOTE = ("# Your answers: replace each ... with yours and run the cell. It says which are right; it does not\n"
              "# show the answers. Write a fraction in quotes (\"5/18\"), a decimal (0.278) or a whole number (5556);\n"
              "# for the exit ticket, the letter you chose (\"B\").\n")
ANSWER_DATA = ROOT / "gamekit" / "lessons" / "answer_data.py"


def answer_rows(lesson: str) -> list[tuple[str, str, str, float | None]]:
    """The stored answers of a lesson (read from the data file, so that this tool needs no gamekit)."""
    scope: dict[str, Any] = {}
    exec(compile(ANSWER_DATA.read_text(encoding="utf-8"), str(ANSWER_DATA), "exec"), scope)
    return [tuple(row) for row in scope["ANSWERS"].get(lesson, [])]


def fill_in(lesson: str) -> str:
    """The student's answer cell: every question of the lesson, with ... to replace."""
    rows = answer_rows(lesson)
    if not rows:
        raise ValueError(f"{lesson}: no answers in {ANSWER_DATA.name} (run the teacher's notebook with GAMEKIT_WRITE_ANSWERS=1)")
    lines = [f'    "{key}": ...,  # {question}' for key, question, _, _ in rows]
    return CHECK_NOTE + "from gamekit.lessons.answers import check\n\n" + f'check("{lesson}", {{\n' + "\n".join(lines) + "\n})"


def lessons(folder: Path = NOTEBOOKS) -> list[Path]:
    """The lesson notebooks, in order."""
    return sorted(p for p in folder.glob("lesson-*.ipynb") if LESSON.match(p.name))


def tags(cell: dict[str, Any]) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def student_version(notebook: dict[str, Any], lesson: str) -> dict[str, Any]:
    """The student notebook made from the teacher's (a new dict; the teacher's is not changed)."""
    out = copy.deepcopy(notebook)
    cells = []
    for cell in out["cells"]:
        cell_tags = tags(cell)
        if any(t in cell_tags for t in REMOVED):
            continue
        if CLEARED in cell_tags and cell["cell_type"] == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
            cell["source"] = fill_in(lesson)
            # shown in full in the student version: it holds no answer and no method
            cell["metadata"]["tags"] = [t for t in cell_tags if t not in ("hide-input", "hide-output", "hide-cell", "remove-input")]
        cells.append(cell)
    out["cells"] = cells
    out.setdefault("metadata", {})["gamekit"] = {"version": "student"}
    return out


def student_name(lesson: Path) -> str:
    return lesson.stem + "-student.ipynb"


def write(out: Path = OUT, folder: Path = NOTEBOOKS) -> list[Path]:
    """Lay out every lesson's teacher and student notebooks in ``out``; returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for lesson in lessons(folder):
        notebook = json.loads(lesson.read_text(encoding="utf-8"))
        teacher = out / lesson.name
        shutil.copyfile(lesson, teacher)
        student = out / student_name(lesson)
        student.write_text(json.dumps(student_version(notebook, lesson.stem), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        written += [teacher, student]
    # the exit tickets' right letters, as hashes the book's pages compare a chosen letter with
    tickets = {lesson.stem: {key: _ticket_hash(lesson.stem, key, answer) for key, _, answer, _ in answer_rows(lesson.stem)
                             if key.startswith("T")} for lesson in lessons(folder)}
    (out / "exit-tickets.json").write_text(json.dumps(tickets, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return written


def _ticket_hash(lesson: str, key: str, answer: str) -> str:
    """sha256 of ``lesson:key:letter`` (as ``gamekit.lessons.answers.ticket_hash``, which the tests compare)."""
    import hashlib

    return hashlib.sha256(f"{lesson}:{key}:{answer}".encode()).hexdigest()


PAGES = ROOT / "book" / "lessons"
#: A note on the student page where the notebook has a widget or the answer check.
WIDGET_NOTE = "*Here the notebook has an interactive widget: open the student notebook to use it.*"
CHECK_PAGE_NOTE = ("*In the student notebook, the cell here checks your answers: write them in it and run it. "
                   "It says which are right, without showing the answers.*")


def _source(cell: dict[str, Any]) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def _outputs_markdown(cell: dict[str, Any], lesson: str, index: int, images: Path, only_markdown: bool = False) -> list[str]:
    """What a code cell shows, as MyST: its Markdown, its printed text, its pictures (with their
    descriptions as alt text) and a note for a widget."""
    import base64

    parts = []
    for k, out in enumerate(cell.get("outputs", [])):
        data = out.get("data", {})
        if "text/markdown" in data:
            parts.append("".join(data["text/markdown"]) if isinstance(data["text/markdown"], list) else data["text/markdown"])
        elif only_markdown:
            continue
        elif "application/vnd.jupyter.widget-view+json" in data:
            parts.append(WIDGET_NOTE)
        elif "image/png" in data or "image/svg+xml" in data:
            alt = " ".join("".join(data.get("text/plain", ["a chart"])).split()).strip("'\"")
            if "image/png" in data:
                name = f"{lesson}-{index}-{k}.png"
                (images / name).write_bytes(base64.b64decode("".join(data["image/png"])))
            else:
                name = f"{lesson}-{index}-{k}.svg"
                (images / name).write_text("".join(data["image/svg+xml"]), encoding="utf-8")
            parts.append(f":::{{image}} images/{name}\n:alt: {alt}\n:::")
        elif out.get("output_type") == "stream" or "text/plain" in data:
            text = "".join(out["text"]) if "text" in out else "".join(data["text/plain"])
            if text.strip():
                parts.append("```text\n" + text.rstrip("\n") + "\n```")
    return parts


def page_markdown(student: dict[str, Any], lesson: str, kind: str, images: Path) -> str:
    """A student version as a page of the book: ``kind`` "student" (the whole lesson, no code) or
    "handout" (the predictions, the cell tagged ``handout``, the exercises, room to write, the exit ticket)."""
    cells = student["cells"]
    title = _source(cells[0]).splitlines()[0].lstrip("# ").strip()
    up = "../../lessons/"
    head = ["---", "orphan: true", "---", ""]
    if kind == "student":
        head += [f"# {title}", "",
                 '<div class="gk-lesson-links gk-student-page" role="note" aria-label="About this page">\n'
                 f'<p>The student page of the lesson, without the solutions. '
                 f'<a class="gk-student-notebook" href="{up}{lesson}-student.ipynb" download>Student notebook</a> · '
                 f'<a class="gk-handout-link" href="{lesson}-handout.html">Handout</a> (the questions and room to write, to print)</p>\n'
                 "</div>", ""]
        body = []
        for i, cell in enumerate(cells):
            if cell["cell_type"] == "markdown":
                text = _source(cell)
                if i == 0:
                    text = "\n".join(text.splitlines()[1:]).lstrip("\n")
                body.append(text)
            elif "answer-check" in tags(cell):
                body.append(CHECK_PAGE_NOTE)
            else:
                body += _outputs_markdown(cell, lesson, i, images)
        return "\n".join(head) + "\n" + "\n\n".join(b.strip("\n") for b in body if b.strip()) + "\n"
    # the handout
    head += [f"# {title}: handout", "",
             '<div class="gk-handout-name">Name: <span class="gk-blank"></span> Class: <span class="gk-blank"></span> '
             'Date: <span class="gk-blank"></span></div>', ""]
    start = next(i for i, c in enumerate(cells) if c["cell_type"] == "markdown" and re.search(r"^## (\d+\. )?Exercises", _source(c), re.M))
    end = next((i for i, c in enumerate(cells) if i > start and re.match(r"## (Check your answers|Exit ticket)", _source(c))), len(cells))
    predict = next(c for c in cells if _source(c).startswith("## 1. Predict"))
    tables = [(i, c) for i, c in enumerate(cells) if "handout" in tags(c)]
    if len(tables) != 1:
        raise ValueError(f"{lesson}: tag exactly one cell 'handout' (the handout's data table), not {len(tables)}")
    body = [_source(predict)]
    i, table = tables[0]
    before = [c for c in cells[:i] if c["cell_type"] == "markdown" and _source(c).startswith("## ")][-1]
    body.append("## Data: " + _source(before).splitlines()[0].lstrip("# ").split(". ", 1)[-1])
    body += _outputs_markdown(table, lesson, i, images)
    for k in range(start, end):
        cell = cells[k]
        if cell["cell_type"] == "markdown":
            text = _source(cell)
            if k == start:
                text = re.sub(r"^## (\d+\. )?Exercises", "## Exercises", text, flags=re.M)
                text = text[text.index("## Exercises"):]
            body.append(text)
        else:
            body += _outputs_markdown(cell, lesson, k, images, only_markdown=True)
    body += exit_ticket_on_paper(cells, lesson)
    return "\n".join(head) + "\n" + "\n\n".join(b.strip("\n") for b in body if b.strip()) + "\n"


#: What the handout says above the exit ticket (on paper, a letter is circled; the teacher marks it).
TICKET_NOTE = "Circle one letter for each question."
_TICKET_QUESTION = re.compile(r"^\*\*(T\d+)\.\*\* ")
_TICKET_CHOICE = re.compile(r"^- ([A-Z])\. (.+)$")


def exit_ticket_on_paper(cells: list[dict[str, Any]], lesson: str) -> list[str]:
    """The lesson's exit ticket for the handout: its questions (from the output of the cell tagged
    ``exit-ticket``, the same the lesson shows), each with its lettered choices on one line, to circle.
    The box the book's script turns into buttons is left out: a handout is for paper."""
    tickets = [c for c in cells if "exit-ticket" in tags(c)]
    if len(tickets) != 1:
        raise ValueError(f"{lesson}: tag exactly one cell 'exit-ticket', not {len(tickets)}")
    shown = "\n\n".join(_outputs_markdown(tickets[0], lesson, 0, Path(), only_markdown=True))
    questions: list[tuple[str, list[str]]] = []
    for line in shown.splitlines():
        if _TICKET_QUESTION.match(line):
            questions.append((line.strip(), []))
        elif (choice := _TICKET_CHOICE.match(line.strip())) and questions:
            questions[-1][1].append(f"**{choice[1]}.** {choice[2]}")
    if not questions or not all(choices for _, choices in questions):
        raise ValueError(f"{lesson}: the exit ticket's output has no lettered questions")
    # a question and its choices in one paragraph (a line break between them): three pages hold it
    return ["## Exit ticket", TICKET_NOTE] + [
        f'{question}\\\n{" &emsp; ".join(choices)}' for question, choices in questions]


def write_pages(out: Path = PAGES, folder: Path = NOTEBOOKS) -> list[Path]:
    """Write every lesson's student page and handout (MyST Markdown) into ``out``."""
    images = out / "images"
    images.mkdir(parents=True, exist_ok=True)
    written = []
    for lesson in lessons(folder):
        student = student_version(json.loads(lesson.read_text(encoding="utf-8")), lesson.stem)
        for kind in ("student", "handout"):
            page = out / f"{lesson.stem}-{kind}.md"
            text = page_markdown(student, lesson.stem, kind, images)
            if not page.is_file() or page.read_text(encoding="utf-8") != text:   # unchanged pages are not read again
                page.write_text(text, encoding="utf-8")
            written.append(page)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help=f"where to write (default {OUT.relative_to(ROOT)})")
    args = parser.parse_args(argv)
    written = write(args.out)
    print(f"student_versions: {len(written) // 2} lessons, teacher and student notebooks in {args.out}")
    pages = write_pages()
    print(f"student_versions: {len(pages) // 2} student pages and handouts in {PAGES.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
