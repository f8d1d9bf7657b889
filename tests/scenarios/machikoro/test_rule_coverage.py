"""Every clause of the Machi Koro specification is cited by a test, and only real IDs are."""

from __future__ import annotations

from pathlib import Path

import pytest

from meeplekit.spec import Specification, cited_ids, coverage

ROOT = Path(__file__).resolve().parents[3]
SPEC = Specification("machikoro")
TESTS = sorted(
    path
    for kind in ("property", "scenarios")
    for path in (ROOT / "tests" / kind / "machikoro").rglob("test_*.py")
)
SOURCES = sorted((ROOT / "src" / "machikoro").rglob("*.py"))


def test_the_specification_has_its_pages_and_clauses() -> None:
    stems = {page.stem for page in SPEC.pages()}
    assert {"rules", "harbor", "cards", "interpretations", "engine", "positions", "json"} <= stems
    ids = SPEC.rule_ids()
    assert len(ids) == len(set(ids)), "a rule ID is defined twice"
    assert sum(i.startswith("MKH-") for i in ids) == 27  # the research's table 1.1
    assert sum(i.startswith("MK-CARD-") for i in ids) == 25
    assert sum(i.startswith("MK-LANDMARK-") for i in ids) == 7
    assert sum(i.startswith("MK-INT-") for i in ids) == 20


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


@pytest.mark.parametrize("rule_id", ["MKH-TUNA-3", "MK-INT-19", "MK-CARD-25"])
def test_the_heading_pattern_finds_known_ids(rule_id: str) -> None:
    assert rule_id in SPEC.rule_ids()
    assert rule_id in cited_ids(TESTS)
