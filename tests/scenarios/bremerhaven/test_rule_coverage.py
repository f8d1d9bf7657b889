"""Every clause of the Bremerhaven specification is cited by a test, and only real IDs are."""

from __future__ import annotations

from pathlib import Path

import pytest

from meeplekit.spec import Specification, coverage

ROOT = Path(__file__).resolve().parents[3]
SPEC = Specification("bremerhaven")
TESTS = sorted(
    path
    for kind in ("property", "scenarios")
    for path in (ROOT / "tests" / kind / "bremerhaven").rglob("test_*.py")
)
SOURCES = sorted((ROOT / "src" / "bremerhaven").rglob("*.py"))


@pytest.mark.rules("BH-ENGINE-1")
def test_the_specification_has_its_pages_and_clauses() -> None:
    stems = {page.stem for page in SPEC.pages()}
    assert {"rules", "short", "solo", "cards", "interpretations", "engine"} <= stems
    ids = SPEC.rule_ids()
    assert len(ids) == len(set(ids)), "a rule ID is defined twice"
    assert sum(i.startswith("BH-INT-") for i in ids) == 17
    assert sum(i.startswith("BH-SHORT-") for i in ids) >= 7
    assert sum(i.startswith("BH-SOLO-") for i in ids) >= 15


def test_every_clause_is_cited_and_every_cited_or_named_id_exists() -> None:
    found = coverage(SPEC, TESTS, SOURCES)
    assert not found.uncited, f"clauses no test cites: {found.uncited}"
    assert not found.unknown_cited, f"tests cite IDs no clause defines: {found.unknown_cited}"
    assert not found.unknown_named, f"the code names IDs no clause defines: {found.unknown_named}"


def test_every_clause_has_a_label_and_a_source() -> None:
    for clause in SPEC.clauses():
        label = f"(rule-{clause.rule_id.lower()})="
        assert label in clause.page.text, clause.rule_id
        assert "Source:" in clause.markdown or "**Texts.**" in clause.markdown, clause.rule_id


def test_every_clause_quoting_the_rulebook_names_real_lines() -> None:
    """A citation ``004:N`` or ``004:A-B`` points inside the rulebook's 1,233 lines."""
    import re

    for clause in SPEC.clauses():
        for first, last in re.findall(r"004:(\d+)(?:-(\d+))?", clause.markdown):
            end = int(last or first)
            assert 1 <= int(first) <= end <= 1233, (clause.rule_id, first, last)
