"""Sphinx extension: where each rule label leads, for the widgets' error lines.

A widget refusing an action names the rule (its book label, such as ``itc-dice``) and links to it.
The rule is often on the widget's own page, but not always (a protocol rule, a base-game rule on
the factories page). After the HTML is written, this writes ``gamekit-assets/rule-links.json``:
every label of the book with the page and anchor it leads to, relative to the site's root. The
widget runtime links to the label on its own page when it is there, else through this map, and
shows the label as plain text when neither knows it (never a dead link).

It also writes ``gamekit-assets/rule-texts.json``: for every label, the first two or three sentences
the chapter writes under it (the labelled paragraph and the paragraphs or list that follow it, up to
the next label; a section's first paragraphs). The play pages' guide (:mod:`gamekit.web.learn`)
shows them when a rule first applies, so its explanations are the chapters' own words, written once.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from docutils import nodes

#: At most this many sentences of a rule, and about this many characters.
SENTENCES = 3
CHARACTERS = 420
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z*(\[\"“])")
#: The book's own bracketed notes ("[Our note: …]", "[Step 1 is missing in the original.]") and what is
#: left of a parenthesis once its links are taken out ("(see )", "(bank, harbours)").
_OUR_NOTE = re.compile(r"\s*\[(?:Our note:[^\]]*|[A-Z][^\]]*\.)\]\.?\s*")
_EMPTIED = re.compile(r"\s*\((?:see|and|or|,|\s)*\)")


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


def _sentences(text: str) -> list[str]:
    text = _EMPTIED.sub("", _OUR_NOTE.sub(" ", " ".join(text.split()))).strip()
    return [s for s in _SENTENCE_END.split(text) if s]


def _words(node: Any) -> str:
    """A node's text without its links to other rules (the page links the rule itself)."""
    copy = node.deepcopy()
    for ref in list(copy.findall(lambda n: n.tagname in ("pending_xref", "reference"))):
        ref.parent.remove(ref)
    first = copy.children[0] if copy.children else None
    if isinstance(first, nodes.strong) and first.astext().endswith("."):
        copy.remove(first)  # a run-in title ("**Setup.** The players place …")
    return copy.astext()


def rule_text(node: Any) -> str:
    """The first sentences a chapter writes under a labelled node (see the module's docstring)."""
    if isinstance(node, nodes.section):
        following = [c for c in node.children if not isinstance(c, nodes.title)]
    else:
        parent = node.parent
        following = parent.children[parent.index(node):] if parent is not None else [node]
    sentences: list[str] = []
    for child in following:
        if child is not node and child.get("ids") and sentences:
            break  # the next rule's label
        if isinstance(child, nodes.section):
            break
        if isinstance(child, nodes.paragraph):
            sentences += _sentences(_words(child))
        elif isinstance(child, (nodes.bullet_list, nodes.enumerated_list)):
            for item in child.children:
                said = " ".join(_sentences(_words(item)))
                if said:
                    sentences.append(said if said[-1] in ".!?:" else said + ".")
        elif sentences:
            break  # a note, a code cell or a picture ends the rule's opening
        if len(sentences) >= SENTENCES:
            break
    kept: list[str] = []
    for sentence in sentences[:SENTENCES]:
        if kept and len(" ".join([*kept, sentence])) > CHARACTERS:
            break
        kept.append(sentence)
    return " ".join(kept)


def rule_texts(app: Any) -> dict[str, str]:
    """Every label of the book and the first sentences of its rule (labels with no text left out)."""
    labels = app.env.domaindata["std"]["anonlabels"]
    trees: dict[str, Any] = {}
    texts = {}
    for label, (docname, anchor) in sorted(labels.items()):
        if docname not in app.env.all_docs or not anchor:
            continue
        if docname not in trees:
            trees[docname] = app.env.get_doctree(docname)
        node = next((n for n in trees[docname].findall(nodes.Element) if anchor in n.get("ids", ())), None)
        text = rule_text(node) if node is not None else ""
        if text:
            texts[label] = text
    return texts


def _write(app: Any, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir) / "gamekit-assets"
    out.mkdir(exist_ok=True)
    (out / "rule-links.json").write_text(json.dumps(rule_links(app), indent=0, sort_keys=True), encoding="utf-8")
    (out / "rule-texts.json").write_text(json.dumps(rule_texts(app), indent=0, sort_keys=True, ensure_ascii=False),
                                         encoding="utf-8")


def setup(app: Any) -> dict[str, Any]:
    app.connect("build-finished", _write)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
