"""The shared specification tooling: headings, lookup, plain text and coverage."""

from __future__ import annotations

from pathlib import Path

import pytest

from harbour.specification import SPECIFICATION
from meeplekit.spec import HEADING, coverage, normalize_rule_id


@pytest.mark.parametrize(
    ("heading", "rule_id"),
    [
        ("### TOLL-2: Pay", "TOLL-2"),
        ("## MKH-TUNA-3: One roll", "MKH-TUNA-3"),
        ("#### MK-INT-12: A reading", "MK-INT-12"),
        ("### BH2-X-1: digits in a word", "BH2-X-1"),
    ],
)
def test_headings_of_clauses_are_found(heading: str, rule_id: str) -> None:
    found = HEADING.match(heading)
    assert found is not None and found.group(2) == rule_id


@pytest.mark.parametrize(
    "heading",
    ["# TOLL-2: a page title", "### toll-2: lower case", "### TOLL: no number", "### 2-TOLL-1: x"],
)
def test_other_headings_are_not_clauses(heading: str) -> None:
    assert HEADING.match(heading) is None


@pytest.mark.parametrize(
    ("typed", "rule_id"),
    [
        ("int3", "INT-3"),
        ("int 3", "INT-3"),
        ("INT_3", "INT-3"),
        ("toll-2", "TOLL-2"),
        ("mkh tuna 3", "MKH-TUNA-3"),
        ("mk-int-12", "MK-INT-12"),
    ],
)
def test_rule_ids_are_normalized_as_typed(typed: str, rule_id: str) -> None:
    assert normalize_rule_id(typed) == rule_id


def test_a_clause_runs_to_the_next_heading_or_label() -> None:
    text = SPECIFICATION.clause("TOLL-2")
    assert text is not None and text.startswith("### TOLL-2: ")
    assert "### TOLL-3" not in text and "(rule-toll-3)=" not in text
    plain = SPECIFICATION.clause_text("TOLL-2", width=60)
    assert plain is not None and plain.startswith("TOLL-2: ")
    assert "{ref}" not in plain and "**" not in plain
    assert all(len(line) <= 60 for line in plain.splitlines() if " " in line.strip())
    assert SPECIFICATION.clause("NOPE-1") is None


def test_pages_come_in_the_documentations_order() -> None:
    stems = [page.stem for page in SPECIFICATION.pages()]
    assert stems[:2] == ["rules", "interpretations"]
    folder = Path(__file__).resolve().parents[2] / "src" / "harbour" / "spec"
    assert sorted(stems) == sorted(page.stem for page in folder.glob("*.md"))


def test_coverage_finds_what_is_missing_in_both_directions(tmp_path: Path) -> None:
    test_file = tmp_path / "test_x.py"
    test_file.write_text(
        'import pytest\n@pytest.mark.rules("TOLL-2", "NOPE-7")\ndef test_x() -> None: ...\n'
    )
    source = tmp_path / "engine.py"
    source.write_text('RULE = "TOLL-1"\nOTHER = "GONE-3"\n')
    found = coverage(SPECIFICATION, [test_file], [source])
    assert "TOLL-1" in found.uncited and "TOLL-2" not in found.uncited
    assert found.unknown_cited == ("NOPE-7",)
    assert found.unknown_named == ("GONE-3",)
    assert not found.complete
