"""Sphinx extension: where each rule label leads, for the widgets' error lines.

A widget refusing an action names the rule (its book label, such as ``itc-dice``) and links to it.
The rule is often on the widget's own page, but not always (a protocol rule, a base-game rule on
the factories page). After the HTML is written, this writes ``gamekit-assets/rule-links.json``:
every label of the book with the page and anchor it leads to, relative to the site's root. The
widget runtime links to the label on its own page when it is there, else through this map, and
shows the label as plain text when neither knows it (never a dead link).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def rule_links(app: Any) -> dict[str, str]:
    """Every label of the book and its target, ``page.html#anchor`` relative to the site's root."""
    # "anonlabels" holds every label, those before a paragraph or a list item too ("labels" only
    # those with a title, such as a section's).
    labels = app.env.domaindata["std"]["anonlabels"]
    links = {}
    for label, (docname, anchor) in sorted(labels.items()):
        if docname not in app.env.all_docs or not anchor:
            continue  # Sphinx's own pages (genindex, search) have no anchors of ours
        links[label] = f"{app.builder.get_target_uri(docname)}#{anchor}"
    return links


def _write(app: Any, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir) / "gamekit-assets"
    out.mkdir(exist_ok=True)
    (out / "rule-links.json").write_text(json.dumps(rule_links(app), indent=0, sort_keys=True), encoding="utf-8")


def setup(app: Any) -> dict[str, Any]:
    app.connect("build-finished", _write)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
