"""``machikoro.specification``: the pages in the documentation's order, and every source named.

The shape of ``harbour.specification``: ``SPECIFICATION`` reads the pages shipped in the
package, ``PAGE_ORDER`` is the order of the spec pages in the Machi Koro section's table
of contents, and ``DOCUMENTS`` (``RULEBOOKS``, their titles) describes every name the
clauses cite a source by.
"""

from __future__ import annotations

import re
from pathlib import Path

from machikoro.cards.catalogue import SOURCES
from machikoro.specification import DOCUMENTS, PAGE_ORDER, RULEBOOKS, SPECIFICATION
from meeplekit.spec import Specification

ROOT = Path(__file__).resolve().parents[3]
INDEX = ROOT / "docs" / "machikoro" / "index.md"


def _toctree_spec_pages() -> list[str]:
    text = INDEX.read_text(encoding="utf-8")
    tree = text[text.index("```{toctree}") :]
    tree = tree[: tree.index("```", 3)]
    return re.findall(r"^spec/([\w-]+)$", tree, re.MULTILINE)


def test_the_page_order_is_the_documentation_s() -> None:
    assert list(PAGE_ORDER) == _toctree_spec_pages()
    assert [page.stem for page in SPECIFICATION.pages()] == list(PAGE_ORDER)  # every page listed


def test_the_specification_is_the_package_s_with_its_sources() -> None:
    assert SPECIFICATION.package == "machikoro"
    assert SPECIFICATION.documents == DOCUMENTS
    assert {name: source.title for name, source in DOCUMENTS.items()} == RULEBOOKS
    assert sorted(SPECIFICATION.rule_ids()) == sorted(Specification("machikoro").rule_ids())


def test_every_source_a_clause_cites_has_a_title() -> None:
    text = "\n".join(page.text for page in SPECIFICATION.pages())
    seeds = set(re.findall(r"\d{3}_[0-9a-f]{16}\.txt", text))
    assert seeds == {"003_6672db208bb53134.txt"}  # the project's one Machi Koro document
    # The rules page lists the base game's sources by tag; the clauses' sources cite them.
    listed = set(re.findall(r"^- \*\*(\[[A-Z]+\])\*\*", SPECIFICATION.pages()[0].text, re.M))
    assert listed == {"[IDW]", "[PAN]", "[WIKI]", "[OVR]", "[DRZ]", "[VP]"}
    tags = {
        tag
        for clause in SPECIFICATION.clauses()
        for tag in re.findall(r"\[[A-Z]+\]", clause.markdown.partition("Source:")[2])
    }
    assert tags == listed
    # The card tables name their sources by the catalogue's keys.
    named = {
        key.strip()
        for row in re.findall(r"^\|[^|]*\|[^|]*\|[^|]*\| ([a-z, -]+) \|$", text, re.MULTILINE)
        for key in row.split(",")
    }
    assert named and named <= set(SOURCES)
    for name in seeds | listed | named:
        assert RULEBOOKS.get(name), name


def test_the_catalogue_s_sources_keep_their_titles() -> None:
    for key, source in SOURCES.items():
        assert RULEBOOKS[key] == source.title


def test_a_clause_as_text_names_the_rulebook_by_its_title() -> None:
    text = SPECIFICATION.clause_text("MKH-HARBOR-1")
    assert text is not None
    assert RULEBOOKS["003_6672db208bb53134.txt"] in " ".join(text.split())
    assert "003_6672db208bb53134.txt" not in text
