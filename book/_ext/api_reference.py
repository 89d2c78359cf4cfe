"""Sphinx extension: the library's reference (``book/api/``), tied to the chapters both ways.

* **A rule cited in a docstring links to its paragraph.** The engine cites its rules by their book
  labels (``rule ``itc-dice``\u200b``). In the reference pages every such literal whose text is a label
  of the book becomes a link to the labelled paragraph in its chapter.
* **A rule's paragraph links back to the library.** Under each labelled paragraph of a chapter that
  the reference cites, a short line "In the library:" lists the functions, classes and modules
  whose documentation cites it, each a link to its entry in the reference.
* **Re-exported constants keep their documentation.** A game package lists in ``__all__`` the
  constants of its modules (``gamekit.itc.ASSUMPTIONS`` comes from ``gamekit.itc.options``); autodoc
  looks for a constant's ``#:`` comment only in the module it documents, and would show the
  docstring of the value's type (``tuple``'s) instead. :func:`attribute_doc` finds the comment in
  the package's modules (the test of the public API's docstrings uses it too).
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from typing import Any

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.nodes import make_refnode

#: The folder of the reference's pages (Sphinx doc names start with it).
API = "book/api/"
#: What a rule label looks like: lowercase words joined by hyphens (``itc-dice``, ``protocol-saving``).
LABEL = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)+$")
#: The most objects listed under a paragraph (the rest are counted).
MOST = 8


def attribute_doc(module_name: str, name: str) -> list[str] | None:
    """The ``#:`` comment (or the string after it) documenting ``name`` in module ``module_name``
    or, for a package, in one of its modules; ``None`` if there is none."""
    from sphinx.pycode import ModuleAnalyzer

    module = importlib.import_module(module_name)
    candidates = [module_name]
    if hasattr(module, "__path__"):
        candidates += [f"{module_name}.{m.name}" for m in pkgutil.iter_modules(module.__path__)]
    value = getattr(module, name, None)
    found = None
    for candidate in candidates:
        try:
            docs = ModuleAnalyzer.for_module(candidate).find_attr_docs()
        except Exception:  # noqa: BLE001 - a module without source: nothing to read there
            continue
        if ("", name) in docs:
            lines = list(docs[("", name)])
            if candidate == module_name or getattr(importlib.import_module(candidate), name, None) is value:
                return lines
            found = found or lines
    return found


def _data_doc(app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    if what not in ("data", "attribute") or "." not in name:
        return
    module_name, _, attr = name.rpartition(".")
    try:
        importlib.import_module(module_name)
    except ImportError:
        return  # a class attribute (module.Class.attr): autodoc found its comment itself
    own = attribute_doc(module_name, attr)
    if own is None:
        return
    type_doc = (type(obj).__doc__ or "").strip()
    if not lines or "\n".join(lines).strip() == type_doc or lines == [""]:
        lines[:] = own


_AS_WRITTEN: dict[tuple[str, str], list[str]] = {}


def _keep_attribute_doc(app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    """Napoleon reads the first line of a constant's or a property's documentation as ``type:
    text`` when it holds a colon ("The bank's money at the start: 100,000" would become a type
    named "The bank's money at the start"). The library writes no types there: such a text is
    kept as written (this runs before napoleon, :func:`_restore_attribute_doc` after it)."""
    if what in ("attribute", "data", "property"):
        _AS_WRITTEN[(what, name)] = list(lines)


def _restore_attribute_doc(app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    written = _AS_WRITTEN.pop((what, name), None)
    if written is not None:
        lines[:] = written


def _keep_documented_data(app: Any, what: str, name: str, obj: Any, skip: bool, options: Any) -> bool | None:
    """A constant a package re-exports in ``__all__`` is documented where it is defined (autodoc
    would skip it as undocumented: it looks for the comment in the package only)."""
    if what != "module" or not skip or callable(obj) or name.startswith("_"):
        return None
    module_name = getattr(app.env, "temp_data", {}).get("autodoc:module") or app.env.ref_context.get("py:module")
    if not module_name:
        return None
    module = importlib.import_module(module_name)
    if name in getattr(module, "__all__", ()) and attribute_doc(module_name, name):
        return False
    return None


def _reexported_data_documenter() -> type:
    """autodoc's documenter of constants, which also takes a constant a package re-exports (it
    takes only those whose comment it finds in the package itself)."""
    import inspect

    from sphinx.ext.autodoc import DataDocumenter, ModuleDocumenter

    class ReExportedData(DataDocumenter):
        @classmethod
        def can_document_member(cls, member: Any, membername: str, isattr: bool, parent: Any) -> bool:
            if super().can_document_member(member, membername, isattr, parent):
                return True
            return (isinstance(parent, ModuleDocumenter) and not callable(member) and not inspect.ismodule(member)
                    and membername in (getattr(parent.object, "__all__", None) or ())
                    and attribute_doc(parent.modname, membername) is not None)

    return ReExportedData


# -- references to what the reference does not document ---------------------------------------------

def _python_object(target: str, module: str | None, klass: str | None) -> Any:
    """The Python object ``target`` names, read as the Python domain reads it in the context of
    ``module`` and ``klass``; a ``LookupError`` if there is none."""
    target = target.lstrip("~.")
    candidates = [target]
    if module:
        candidates += [f"{module}.{klass}.{target}"] if klass else []
        candidates.append(f"{module}.{target}")
        if klass:  # a class documented under another name than its module's (gamekit.State)
            try:
                home = getattr(_python_object(f"{module}.{klass}", None, None), "__module__", None)
            except LookupError:
                home = None
            if home and home != module:
                candidates.append(f"{home}.{target}")
    for name in candidates:
        parts = name.split(".")
        for cut in range(len(parts), 0, -1):
            try:
                obj = importlib.import_module(".".join(parts[:cut]))
            except ImportError:
                continue
            except Exception:  # noqa: BLE001 - a module that fails to import is no target
                break
            try:
                for attr in parts[cut:]:
                    obj = getattr(obj, attr)
            except AttributeError:
                break
            return obj
    raise LookupError(target)


def _documented(env: Any) -> dict[int, str]:
    """Every object the reference documents, by the identity of the Python object: its name there."""
    cache = getattr(env, "_gamekit_documented", None)
    objects = env.get_domain("py").objects
    if cache is not None and cache[0] == len(objects):
        return cache[1]
    found: dict[int, str] = {}
    for name, entry in objects.items():
        if entry.aliased:
            continue
        try:
            obj = _python_object(name, None, None)
        except LookupError:
            continue
        found.setdefault(id(obj), name)
    env._gamekit_documented = (len(objects), found)
    return found


def _from_home(node: Any, target: str) -> Any:
    """``target`` read in the module that defines the documented object whose text holds ``node``
    (``gamekit.itc.roll_fight`` is defined in ``gamekit.itc.probability``, where its text's
    ``markers_left`` is); ``None`` if it names nothing there."""
    parent = node.parent
    while parent is not None:
        if getattr(parent, "tagname", "") == "desc":
            for child in parent.children:
                if getattr(child, "tagname", "") == "desc_signature" and child.get("fullname"):
                    try:
                        documented = _python_object(f"{child.get('module')}.{child['fullname']}", None, None)
                        home = getattr(documented, "__module__", None)
                        if home:
                            return _python_object(target, home, None)
                    except LookupError:
                        pass
                    break
        parent = parent.parent
    return None


def _missing(app: Any, env: Any, node: Any, contnode: nodes.Node) -> nodes.Node | None:
    """A Python reference the domain did not find: the same object under the name the reference
    gives it (``gamekit.itc.state.ItcState`` is documented as ``gamekit.itc.ItcState``); a real
    object the reference does not document (a private helper, an internal module, a class of
    numpy or the standard library, with no link to their sites offline) as plain code. A name that
    is no object at all stays a warning."""
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "")
    try:
        obj = _python_object(target, node.get("py:module"), node.get("py:class"))
    except LookupError:
        obj = _from_home(node, target)
        if obj is None:
            return None
    name = _documented(env).get(id(obj))
    if name is not None:
        entry = env.get_domain("py").objects[name]
        return make_refnode(app.builder, node["refdoc"], entry.docname, entry.node_id, contnode, name)
    return contnode


# -- the rules cited by the reference ---------------------------------------------------------------

def _owner(node: nodes.Node, docname: str) -> tuple[str, str]:
    """The anchor and the name of the object whose documentation holds ``node``: the nearest entry
    (a class, a function) or else the module of the page."""
    parent = node.parent
    while parent is not None:
        if isinstance(parent, nodes.Element) and parent.get("desctype") is not None or (
                getattr(parent, "tagname", "") == "desc"):
            for child in parent.children:
                if getattr(child, "tagname", "") == "desc_signature" and child.get("ids"):
                    module, full = child.get("module", ""), child.get("fullname", "")
                    return child["ids"][0], f"{module}.{full}" if module else full
        parent = parent.parent
    return "", ""


def _collect(app: Any, doctree: nodes.document) -> None:
    docname = app.env.docname
    if not docname.startswith(API):
        return
    cites = []
    module_anchor = next((n["ids"][0] for n in doctree.findall(nodes.target)
                          if n.get("ids") and n["ids"][0].startswith("module-")), "")
    for literal in doctree.findall(nodes.literal):
        text = literal.astext()
        if LABEL.match(text):
            anchor, name = _owner(literal, docname)
            if not anchor and module_anchor:
                anchor, name = module_anchor, module_anchor.removeprefix("module-")
            if anchor:
                cites.append((text, anchor, name))
    _store(app.env)[docname] = cites


def _store(env: Any) -> dict[str, list[tuple[str, str, str]]]:
    if not hasattr(env, "gamekit_rule_cites"):
        env.gamekit_rule_cites = {}
    return env.gamekit_rule_cites


def _purge(app: Any, env: Any, docname: str) -> None:
    _store(env).pop(docname, None)


def _merge(app: Any, env: Any, docnames: Any, other: Any) -> None:
    _store(env).update({d: c for d, c in _store(other).items() if d in docnames})


class RuleLinks(SphinxPostTransform):
    """Rule literals in the reference become links; labelled paragraphs list who cites them."""

    default_priority = 900
    formats = ("html",)

    def run(self, **kwargs: Any) -> None:
        env = self.env
        labels = env.domaindata["std"]["anonlabels"]
        docname = env.docname
        builder = self.app.builder
        if docname.startswith(API):
            for literal in list(self.document.findall(nodes.literal)):
                text = literal.astext()
                target = labels.get(text) if LABEL.match(text) else None
                if not target or target[0].startswith(API) or not target[1] or target[0] not in env.all_docs:
                    continue
                if isinstance(literal.parent, nodes.reference):
                    continue
                ref = make_refnode(builder, docname, target[0], target[1], literal.deepcopy(),
                                   f"the rule {text} in the book")
                literal.replace_self(ref)
            return
        cited: dict[str, dict[str, tuple[str, str]]] = {}
        for api_doc, cites in sorted(_store(env).items()):
            for label, anchor, name in cites:
                cited.setdefault(label, {}).setdefault(name, (api_doc, anchor))
        for label, (label_doc, anchor) in labels.items():
            if label_doc != docname or label not in cited or not anchor:
                continue
            node = self.document.ids.get(anchor)
            if node is None:
                continue
            self._back_links(node, label, cited[label], builder, docname)

    def _back_links(self, node: nodes.Element, label: str, names: dict[str, tuple[str, str]], builder: Any,
                    docname: str) -> None:
        para = nodes.paragraph(classes=["gk-library-links"])
        para += nodes.Text("In the library: ")
        shown = sorted(names.items(), key=lambda item: (item[0].count("."), item[0]))
        for i, (name, (api_doc, anchor)) in enumerate(shown[:MOST]):
            if i:
                para += nodes.Text(", ")
            para += make_refnode(builder, docname, api_doc, anchor, nodes.literal(name, name),
                                 f"{name} in the library's reference")
        if len(shown) > MOST:
            para += nodes.Text(f" and {len(shown) - MOST} more")
        para += nodes.Text(".")
        if isinstance(node, nodes.section):
            title = next((i for i, c in enumerate(node.children) if isinstance(c, nodes.title)), -1)
            node.insert(title + 1, para)
        elif isinstance(node, (nodes.list_item, nodes.definition_list_item)) or node.parent is None or \
                isinstance(node.parent, (nodes.bullet_list, nodes.enumerated_list, nodes.definition_list)):
            node.append(para)
        else:
            node.parent.insert(node.parent.index(node) + 1, para)


def setup(app: Any) -> dict[str, Any]:
    # before napoleon (priority 500): the constant's own comment, then a blank first line
    app.connect("autodoc-process-docstring", _data_doc, priority=400)
    app.connect("autodoc-process-docstring", _keep_attribute_doc, priority=450)
    app.connect("autodoc-process-docstring", _restore_attribute_doc, priority=550)
    app.connect("autodoc-skip-member", _keep_documented_data)
    app.setup_extension("sphinx.ext.autodoc")
    app.add_autodocumenter(_reexported_data_documenter(), override=True)
    app.connect("missing-reference", _missing)
    app.connect("doctree-read", _collect)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.add_post_transform(RuleLinks)
    app.add_css_file("gamekit-api.css")
    return {"parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}
