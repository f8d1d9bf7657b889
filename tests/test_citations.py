"""Every game cites its sources exactly in its specification, and by title and line to readers.

The specification (``src/<game>/spec/*.md``) cites a rulebook by file name and line; each
cited line must lie in the rulebook (its number of lines is kept in the game's
``specification.DOCUMENTS``, since the rulebooks are not in the repository), and every
Harbour rulebook citation gives its lines. What a user reads (``GAME rule ID``, every
reading option's ``--help`` of ``play``, ``simulate``, ``compare`` and the demo) names each
document by its title and never by a file name or number a reader cannot open.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Mapping
from types import ModuleType

import pytest

pytest.importorskip("click")

import click
from click.testing import CliRunner

import bremerhaven.demo
import bremerhaven.specification
import harbour.demo
import harbour.specification
import machikoro.demo
import machikoro.specification
from meeplekit.citations import Source, find_citations
from meeplekit.cli.app import command
from meeplekit.spec import Specification

SPECIFICATIONS: Mapping[str, ModuleType] = {
    "harbour": harbour.specification,
    "machikoro": machikoro.specification,
    "bremerhaven": bremerhaven.specification,
}
#: Every game's documents: a reader's text must cite none of them by name or number.
EVERY_DOCUMENT: Mapping[str, Source] = {
    name: source for module in SPECIFICATIONS.values() for name, source in module.DOCUMENTS.items()
}
COMMANDS: Mapping[str, click.Group] = {
    name: command(name) for name in ("harbour", "machikoro", "bremerhaven")
}
DEMOS: Mapping[str, ModuleType] = {
    "harbour": harbour.demo,
    "machikoro": machikoro.demo,
    "bremerhaven": bremerhaven.demo,
}
#: What a reader cannot open: a rulebook's file name, its number with a line, a research path.
INTERNAL = re.compile(
    r"\d{3}_[0-9a-f]{16}\.txt|(?<![\w.,:/-])00[0-4]:\d|(?<![\w/])research/[a-z0-9-]+\.md"
)
#: Harbour clauses that cite rulebooks for what they do not say (no lines to give).
HARBOUR_SILENCES = {
    "COMP-4": "the rulebooks describe no card list",
    "ACT-5": "the English earlier and German rulebooks give no flexible conversion",
    "INT-36": "the earlier English rulebook says nothing of a purchase limit",
    "INT-37": "the English rulebooks do not describe the Inland Traders",
    "INT-39": "no rulebook says whether a building with a pawn on it may be bought",
}


def internal(text: str) -> list[str]:
    """The citations in ``text`` a reader cannot follow (empty when there are none)."""
    found = [m.group() for m in INTERNAL.finditer(text)]
    found += [text[c.start : c.end] for c in find_citations(text, EVERY_DOCUMENT)]
    return found


def specification(game: str) -> Specification:
    spec: Specification = SPECIFICATIONS[game].SPECIFICATION
    return spec


# --------------------------------------------------------------------------- the specification


@pytest.mark.parametrize("game", list(SPECIFICATIONS))
def test_every_cited_line_lies_in_its_rulebook(game: str) -> None:
    spec = specification(game)
    counted = [s for s in spec.documents.values() if s.lines]
    assert counted, "every game counts its rulebook's lines"
    cited = 0
    for page in spec.pages():
        for citation in find_citations(page.text, spec.documents):
            for first, last in citation.lines:
                where = (page.stem, page.text[citation.start : citation.end])
                assert citation.source.lines, where  # lines only of a counted document
                assert 1 <= first <= last <= citation.source.lines, where
                cited += 1
    assert cited > 40


def test_every_harbour_rulebook_citation_gives_its_lines() -> None:
    spec = specification("harbour")
    rulebooks = {n: s for n, s in spec.documents.items() if s.lines}
    assert len(rulebooks) == 3
    silences = set(HARBOUR_SILENCES)
    without: list[tuple[str, str]] = []
    for clause in spec.clauses():
        for citation in find_citations(clause.markdown, rulebooks):
            if not citation.lines:
                without.append((clause.rule_id, clause.markdown[citation.start : citation.end]))
    assert {rule_id for rule_id, _ in without} == silences, without
    for page in spec.pages():  # a page's introduction names the rulebooks, each clause cites
        first = re.search(r"^\(.*\)=$", page.text, re.MULTILINE)
        intro = page.text[: first.start()] if first else page.text
        for citation in find_citations(intro, rulebooks):
            assert citation.text.startswith("the ") or citation.text.startswith("The ")


@pytest.mark.parametrize("game", list(SPECIFICATIONS))
def test_every_rulebook_has_a_readers_title(game: str) -> None:
    spec = specification(game)
    for name, source in spec.documents.items():
        assert source.title and source.title != name
        assert not internal(source.reference), name
        if source.note:
            assert source.page == f"research/{name.removeprefix('research/').removesuffix('.md')}"


# --------------------------------------------------------------------------- what users read


@pytest.mark.parametrize(
    ("game", "rule_id", "read"),
    [
        (
            "harbour",
            "BUY-2",
            [
                "Source: the Harbour rulebook (English retail edition), line 118:",
                "the earlier English Harbour rulebook (Kickstarter edition), line 84:",
                "the German Harbour rulebook (Frosted Games, 2015), line 170:",
                "the project's research note \u201cWhat is publicly known about the published "
                "Harbour components\u201d (docs/research/harbour-official-data.md)",
            ],
        ),
        (
            "bremerhaven",
            "BH-PRICE-1",
            ["Source: the Bremerhaven rulebook, lines 514\u2013519:", '"; lines 525\u2013526:'],
        ),
        (
            "machikoro",
            "MKH-TUNA-1",
            ["the Machi Koro: Harbor expansion rulebook, line"],
        ),
    ],
)
def test_rule_names_the_rulebooks_by_title_and_line(
    game: str, rule_id: str, read: list[str]
) -> None:
    result = CliRunner(env={"COLUMNS": "100"}).invoke(COMMANDS[game], ["rule", rule_id])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    for part in read:
        assert part in text
    assert not internal(result.output), internal(result.output)
    # The rule list's titles are read too.
    listing = CliRunner().invoke(COMMANDS[game], ["rule"])
    assert listing.exit_code == 0 and not internal(listing.output)


@pytest.mark.parametrize("game", list(SPECIFICATIONS))
def test_no_clause_cites_a_file_a_reader_cannot_open(game: str) -> None:
    spec = specification(game)
    for rule_id in spec.rule_ids():
        text = spec.clause_text(rule_id, 100)
        assert text is not None
        assert not internal(text), (rule_id, internal(text))


@pytest.mark.parametrize("game", list(COMMANDS))
@pytest.mark.parametrize("command", ["play", "simulate", "compare"])
def test_the_commands_help_cites_no_file(game: str, command: str) -> None:
    result = CliRunner(env={"COLUMNS": "100"}).invoke(COMMANDS[game], [command, "--help"])
    assert result.exit_code == 0, result.output
    assert "--" in result.output and not internal(result.output), internal(result.output)


@pytest.mark.parametrize("game", list(DEMOS))
def test_the_demos_help_cites_no_file(game: str) -> None:
    parser: argparse.ArgumentParser = DEMOS[game].build_parser()
    text = parser.format_help()
    assert "--seed" in text and not internal(text), internal(text)
