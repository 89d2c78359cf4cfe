"""Sphinx extension: finish the built pages for every reader (issue "Widgets for every reader").

After the HTML is written (``build-finished``), each page is adjusted where Sphinx and myst-nb
give no hook:

* **Pictures get real alt text.** myst-nb writes a code cell's SVG output to ``_images/<hash>.svg``
  and uses the file name as ``alt``. The engine's pictures carry a ``<title>`` and a ``<desc>``
  (the position in words); they become the image's ``alt``.
* **Charts get their description.** A chart a code cell drew (matplotlib's PNG) gets as ``alt`` the
  description its PNG carries (its ``Description`` text, which ``gamekit.lessons.show`` writes from
  the numbers the chart was drawn from). A PNG without one gets a short generic text rather than its
  file name.
* **Wide pictures scroll inside their own frame** on a phone instead of shrinking to illegible
  text (a board drawn 830 px wide keeps at least 90 % of its size and scrolls sideways in a
  keyboard-reachable region); the page itself never gets wider than the screen.
* **Originals carry their language.** The body of every "Original text (German)" or "Original
  text (Swedish)" dropdown is marked ``lang="de"`` or ``lang="sv"``, so screen readers pronounce it
  in its own language.

And while the pages are written, one of myst-nb's elements is written differently:

* **"Show code cell source" is called what it says.** myst-nb gives the summary of a hidden code
  cell the fixed ``aria-label`` "Toggle hidden content", which hides the visible "Show code cell
  source" from screen readers and voice control (axe: label-in-name). The summary is written without
  it, so its name is the visible text ("Show ..." or "Hide code cell source").
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

LANGUAGES = {"German": "de", "Swedish": "sv"}
#: Pictures wider than this (CSS px) scroll inside a frame on narrow screens.
WIDE = 560

_IMG = re.compile(r'<img alt="([^"]*?_images/([^"/]+\.svg))" src="([^"]+)" />')
_PNG = re.compile(r'<img alt="([^"]*?_images/([^"/]+\.png))" src="([^"]+)" />')
#: The alt text of a chart whose PNG carries no description.
CHART_WITHOUT_WORDS = "A chart drawn by the code cell above; its numbers are in the text and tables beside it"
_SVG_HEAD = re.compile(r"<svg\b[^>]*>", re.S)
_TITLE = re.compile(r"<title>(.*?)</title>", re.S)
_DESC = re.compile(r"<desc>(.*?)</desc>", re.S)
_WIDTH = re.compile(r'\bwidth="([\d.]+)"')
_DROPDOWN = re.compile(
    r'(<details class="[^"]*sd-dropdown[^"]*"[^>]*>\s*<summary[^>]*>(?:(?!</summary>).)*?Original text \((German|Swedish)\)'
    r"(?:(?!</summary>).)*</summary>\s*<div class=\"sd-summary-content)",
    re.S,
)


def svg_text(svg: str) -> tuple[str, str, float]:
    """An SVG picture's title, description and width (its alt text and how wide it is drawn);
    ``("", "", 0.0)`` for text without an SVG head."""
    head = _SVG_HEAD.search(svg)
    if not head:
        return "", "", 0.0
    after = svg[head.end():]
    title = _TITLE.match(after.lstrip())
    desc = _DESC.search(after[:4000])
    width = _WIDTH.search(head.group(0))
    clean = lambda m: html.unescape(re.sub(r"\s+", " ", m.group(1))).strip() if m else ""  # noqa: E731
    return clean(title), clean(desc), float(width.group(1)) if width else 0.0


def png_text(data: bytes) -> dict[str, str]:
    """The text chunks of a PNG (``tEXt``, ``zTXt``, ``iTXt``): keyword -> text."""
    import struct
    import zlib

    out: dict[str, str] = {}
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        return out
    at = 8
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        at += 12 + length
        if kind == b"IEND":
            break
        key, _, rest = body.partition(b"\0")
        try:
            if kind == b"tEXt":
                out[key.decode("latin-1")] = rest.decode("latin-1")
            elif kind == b"zTXt":
                out[key.decode("latin-1")] = zlib.decompress(rest[1:]).decode("latin-1")
            elif kind == b"iTXt":
                compressed, rest = rest[0], rest[2:]
                _lang, _, rest = rest.partition(b"\0")
                _translated, _, text = rest.partition(b"\0")
                out[key.decode("latin-1")] = (zlib.decompress(text) if compressed else text).decode("utf-8")
        except (zlib.error, UnicodeDecodeError, IndexError):
            continue
    return out


def finish_page(page: str, images: Path) -> str:
    """One page's HTML, finished (see the module docstring)."""

    def picture(match: re.Match[str]) -> str:
        name, src = match.group(2), match.group(3)
        path = images / name
        if not path.is_file():
            return match.group(0)
        title, desc, width = svg_text(path.read_text(encoding="utf-8"))
        if not title:
            return match.group(0)
        alt = f"{title}. {desc}" if desc else title
        img = f'<img alt="{html.escape(alt)}" src="{src}" />'
        if width <= WIDE:
            return img
        return (f'<div class="gk-figure-scroll" tabindex="0" role="region" aria-label="{html.escape(title)} '
                f'(scrolls sideways on a narrow screen)"><img class="gk-wide" style="--gk-natural-width: {width:.0f}px" '
                f'alt="{html.escape(alt)}" src="{src}" /></div>')

    page = _IMG.sub(picture, page)
    def chart(match: re.Match[str]) -> str:
        path = images / match.group(2)
        words = png_text(path.read_bytes()).get("Description", "") if path.is_file() else ""
        alt = re.sub(r"\s+", " ", words).strip() or CHART_WITHOUT_WORDS
        return f'<img alt="{html.escape(alt)}" src="{match.group(3)}" />'

    page = _PNG.sub(chart, page)
    page = _DROPDOWN.sub(lambda m: m.group(1)[: -len('<div class="sd-summary-content')]
                         + f'<div lang="{LANGUAGES[m.group(2)]}" class="sd-summary-content', page)
    return page


def _finish(app: Any, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    images = out / "_images"
    for path in out.rglob("*.html"):
        if path.relative_to(out).parts[0] in ("_static", "gamekit-assets", "_sources"):
            continue
        text = path.read_text(encoding="utf-8")
        done = finish_page(text, images)
        if done != text:
            path.write_text(done, encoding="utf-8")


def _visit_hidden_cell(self: Any, node: Any) -> None:
    """myst-nb's visit_HideCellInput, without the summary's aria-label (see the module docstring)."""
    self.body.append(f'<details class="admonition hide {" ".join(node["classes"])}">\n<summary>\n')
    self.body.append(f'<p class="collapsed admonition-title">{html.escape(node["prompt_show"])}</p>\n')
    self.body.append(f'<p class="expanded admonition-title">{html.escape(node["prompt_hide"])}</p>\n</summary>\n')


def setup(app: Any) -> dict[str, Any]:
    from myst_nb.sphinx_ import HideCodeCellNode, depart_HideCellInput

    app.add_node(HideCodeCellNode, override=True, html=(_visit_hidden_cell, depart_HideCellInput))
    app.connect("build-finished", _finish)
    app.add_css_file("gamekit-pages.css")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
