"""The specification pages name each source document by its title and lines.

A game's specification (``src/<game>/spec/*.md``, the pages under ``spec/``) cites its
rulebooks by file name and line (```004_1ae39a76b32b2566.txt`:599-601``, ``004:599``) and
its research notes by path (``research/harbour-official-data.md``): that is exact, and it
is the specification. A reader of the documentation cannot open those files, so on the
rendered pages each citation reads as :func:`meeplekit.citations.find_citations` writes it
("the Bremerhaven rulebook, lines 599–601"), the file name and lines kept in an
``<abbr>`` title (a tooltip); a research note reads "the project's research note" and the
note's title, in italics, linked to its page under ``research/``.

The documents are every game's ``specification.DOCUMENTS``. Only the pages of a ``spec``
folder are rendered so; code, links and cross-references are left as they are.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform

from bremerhaven.specification import DOCUMENTS as BREMERHAVEN
from harbour.specification import DOCUMENTS as HARBOUR
from machikoro.specification import DOCUMENTS as MACHIKORO
from meeplekit.citations import Citation, Source, find_citations

#: Every game's documents, by the name its specification cites each by.
DOCUMENTS: Mapping[str, Source] = {**HARBOUR, **MACHIKORO, **BREMERHAVEN}
#: The pages rendered: a specification's.
SPEC_PAGE = re.compile(r"(?:^|/)spec/")
#: The elements whose text is read; their code, links and references are left alone.
_ELEMENTS = (nodes.paragraph, nodes.title, nodes.strong, nodes.emphasis, nodes.rubric)
_LEAVE = (
    nodes.literal_block,
    nodes.reference,
    nodes.abbreviation,
    nodes.raw,
    nodes.comment,
    addnodes.pending_xref,
)


def exact(citation: Citation) -> str:
    """The citation as the specification writes it, by file name: ``004_….txt:599-601``."""
    ranges = ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in citation.lines)
    return f"{citation.source.name}:{ranges}" if ranges else citation.source.name


def _shown(citation: Citation, docname: str) -> list[nodes.Node]:
    source = citation.source
    if source.note and source.page:
        link = addnodes.pending_xref(
            "",
            nodes.Text(source.note),
            refdomain="std",
            reftype="doc",
            reftarget="/" + source.page,
            refexplicit=True,
            refwarn=True,
            refdoc=docname,
        )
        title = source.title
        if citation.text[:1].isupper():
            title = title[:1].upper() + title[1:]
        return [nodes.Text(f"{title} "), nodes.emphasis("", "", link)]
    return [nodes.abbreviation(citation.text, citation.text, explanation=exact(citation))]


def render(element: nodes.Element, docname: str) -> None:
    """Write the citations in ``element``'s own text (and code) as a reader reads them."""
    spans: list[tuple[int, int, nodes.Node]] = []
    text = ""
    for child in element.children:
        part = child.astext()
        spans.append((len(text), len(text) + len(part), child))
        text += part
    readable = (nodes.Text, nodes.literal)

    def valid(citation: Citation) -> bool:
        for start, end, child in spans:
            if end <= citation.start or start >= citation.end:
                continue
            if not isinstance(child, readable):
                return False
            if isinstance(child, nodes.literal) and (start < citation.start or end > citation.end):
                return False
        return True

    found = [c for c in find_citations(text, DOCUMENTS) if valid(c)]
    if not found:
        return
    out: list[nodes.Node] = []
    shown: set[int] = set()
    for start, end, child in spans:
        hits = [c for c in found if c.start < end and c.end > start]
        if not hits or not isinstance(child, readable):
            out.append(child)
            continue
        at = start
        for citation in hits:
            if citation.start > at:
                out.append(nodes.Text(text[at : citation.start]))
            if id(citation) not in shown:
                out.extend(_shown(citation, docname))
                shown.add(id(citation))
            at = max(at, min(citation.end, end))
        if at < end and isinstance(child, nodes.Text):
            out.append(nodes.Text(text[at:end]))
    element.children = []
    element.extend(out)


class SpecificationCitations(SphinxTransform):
    """Render the citations of a specification page for its readers."""

    default_priority = 400

    def apply(self, **kwargs: Any) -> None:
        """Render every element of the page's own text, if it is a specification page."""
        if not SPEC_PAGE.search(self.env.docname):
            return
        for element in list(self.document.findall(nodes.TextElement)):
            if not isinstance(element, _ELEMENTS):
                continue
            parent = element.parent
            inside = False
            while parent is not None:
                if isinstance(parent, _LEAVE):
                    inside = True
                    break
                parent = parent.parent
            if not inside:
                render(element, self.env.docname)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the transform."""
    app.add_transform(SpecificationCitations)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
