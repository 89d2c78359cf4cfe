"""Sphinx extension: every lesson page offers its teacher and student notebooks and prints as a worksheet.

* At the start of every build (``builder-inited``) ``tools/student_versions.py`` lays out each
  lesson's teacher notebook and its student version (made from the teacher's by cell tags) in
  ``_build/assets/lessons/``; the site serves that folder as ``lessons/`` (``html_extra_path``).
* It also writes each lesson's student page and handout (``book/lessons/<lesson>-student.md`` and
  ``-handout.md``, MyST made from the student version; not kept in git): pages of the book that are
  in no table of contents (``orphan``), linked from the lesson page.
* Each lesson page (``notebooks/lesson-NN-<topic>``) gets, under its title, the two downloads, the
  student page and the handout, a button that prints the page, and a short note on how to run the
  lesson in class.
* ``gamekit-print.css`` (in ``book/_static``) is added to every page: printed, a lesson page is a
  worksheet (no navigation, no solutions, no teacher's notes, no code, no widget controls; room
  to write under every question).
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

from docutils import nodes

ROOT = Path(__file__).resolve().parents[2]
LESSON_PAGE = re.compile(r"^notebooks/(lesson-\d\d-[a-z0-9-]+)$")


def _student_versions() -> Any:
    spec = importlib.util.spec_from_file_location("student_versions", ROOT / "tools" / "student_versions.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def links_html(docname: str) -> str:
    """The box under a lesson page's title: the notebooks, the print button, how to run it in class."""
    lesson = LESSON_PAGE.match(docname).group(1)  # type: ignore[union-attr]
    up = "../" * docname.count("/")
    teacher, student = f"{up}lessons/{lesson}.ipynb", f"{up}lessons/{lesson}-student.ipynb"
    pages = f"{up}book/lessons/{lesson}"
    # the student notebook in the book's own JupyterLite site (tools/build_lite.py), in its
    # one-notebook page (JupyterLab would open on a phone with its file browser over the notebook)
    browser = f"{up}lite/notebooks/index.html?path={lesson}-student.ipynb"
    return (
        '<div class="gk-lesson-links" role="note" aria-label="This lesson\'s notebooks and how to run it">\n'
        f'<p><strong><a class="gk-open-browser" href="{browser}">Open in the browser</a></strong>: the student'
        " notebook, running in this browser with nothing to install (Python comes with the book; after the first"
        " visit it works offline too).</p>\n"
        f'<p><strong>Download:</strong> <a class="gk-teacher-notebook" href="{teacher}" download>teacher notebook</a>'
        " (solutions, answer checks, teacher's notes) · "
        f'<a class="gk-student-notebook" href="{student}" download>student notebook</a>'
        " (the same lesson without them) · "
        '<button type="button" class="gk-print" onclick="window.print()">Print the worksheet</button></p>\n'
        f'<p><strong>For students:</strong> <a class="gk-student-page" href="{pages}-student.html">the student page</a>'
        " (the lesson without solutions or teacher's notes, for a class without Python) · "
        f'<a class="gk-handout" href="{pages}-handout.html">the handout</a>'
        " (the predictions, a table, the exercises and room to write: three printed pages at most)</p>\n"
        "<p><strong>How to run this in class.</strong> In the browser: the link above, on any computer or"
        " tablet with a current browser. Nothing to install and no account: Python and gamekit come with the"
        " book. The first visit downloads them once; the browser keeps them, so later visits start sooner and"
        " work offline too. In JupyterLab: <code>make lab</code> in the project opens the notebooks with gamekit"
        " installed. On any Jupyter service your school has (a JupyterHub, a cloud notebook): upload the"
        " notebook and install gamekit there (<code>pip install</code> from the project's folder); the lessons"
        " need nothing else: they run on Python's standard library and gamekit, and their charts are Vega-Lite,"
        " which JupyterLab and Jupyter Notebook draw themselves (each chart also has its description in words)."
        " On paper: print this page, or the handout. The"
        " print layout is a worksheet, with the questions, the figures and room to write, and without the"
        " navigation, the code, the solutions and the teacher's notes.</p>\n"
        "</div>\n"
    )


def _write_notebooks(app: Any) -> None:
    from sphinx.util import logging

    module = _student_versions()
    written = module.write()
    module.write_pages()

    logging.getLogger(__name__).info(f"lesson_pages: {len(written) // 2} lessons, teacher and student notebooks laid out")


def _add_links(app: Any, doctree: nodes.document) -> None:
    docname = app.env.docname
    if not LESSON_PAGE.match(docname):
        return
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is None:
        return
    title = next((i for i, child in enumerate(section.children) if isinstance(child, nodes.title)), None)
    at = 0 if title is None else title + 1
    section.insert(at, nodes.raw("", links_html(docname), format="html"))


def _keep_generated_pages(app: Any, config: Any) -> None:
    """The student pages and handouts are in no table of contents: the book's ``only_build_toc_files``
    would exclude them (sphinx-external-toc adds every file it does not list to ``exclude_patterns``);
    they are built all the same, as orphans."""
    config.exclude_patterns = [p for p in config.exclude_patterns if not p.startswith("book/lessons/")]


def setup(app: Any) -> dict[str, Any]:
    app.connect("config-inited", _keep_generated_pages, priority=950)
    app.connect("builder-inited", _write_notebooks)
    app.connect("doctree-read", _add_links)
    app.add_css_file("gamekit-print.css")
    app.add_js_file("gamekit-exit-ticket.js", defer="defer")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
