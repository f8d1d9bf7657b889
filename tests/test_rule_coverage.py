"""Every rule ID of the specification is cited by at least one test, and only real IDs are."""

from __future__ import annotations

import ast
import re
import typing
from pathlib import Path

import attrs
import pytest

from harbour import events

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "docs" / "spec"
HEADING = re.compile(r"^#{2,4} ((?:[A-Z]+)-\d+): ", re.MULTILINE)


def spec_ids() -> set[str]:
    ids: set[str] = set()
    for page in SPEC.glob("*.md"):
        ids.update(HEADING.findall(page.read_text(encoding="utf-8")))
    return ids


def cited_ids() -> set[str]:
    """String arguments of every ``pytest.mark.rules(...)`` in the test files."""
    cited: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        if path.name == Path(__file__).name:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "rules"
            ):
                cited.update(
                    a.value
                    for a in node.args
                    if isinstance(a, ast.Constant) and isinstance(a.value, str)
                )
    return cited


def test_the_spec_defines_rule_ids() -> None:
    ids = spec_ids()
    assert len(ids) >= 60, sorted(ids)
    assert any(i.startswith("INT-") for i in ids)


def test_every_rule_id_is_cited_by_a_test() -> None:
    missing = sorted(spec_ids() - cited_ids())
    assert not missing, f"rule IDs no test cites: {missing}"


def test_tests_cite_only_rule_ids_that_exist() -> None:
    unknown = sorted(cited_ids() - spec_ids())
    assert not unknown, f"tests cite IDs the specification does not define: {unknown}"


def test_the_engine_raises_only_rule_ids_that_exist() -> None:
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "src").rglob("*.py"))
    raised = set(re.findall(r'"((?:[A-Z]+)-\d+)"', source))
    unknown = sorted(raised - spec_ids())
    assert not unknown, f"the code names IDs the specification does not define: {unknown}"


@pytest.mark.parametrize("rule_id", ["TOLL-2", "INT-3"])
def test_the_heading_pattern_finds_known_ids(rule_id: str) -> None:
    assert rule_id in spec_ids()


def test_every_event_names_rules_that_exist() -> None:
    """Events carry a rule ID: a fixed one (their default) or one the engine passes, which the
    source test above checks; the seeded sweep checks every event's rule ID as it plays."""
    kinds = typing.get_args(events.Event)
    assert len(kinds) == len(events.__all__) - 1  # every event class is in the union
    ids = spec_ids()
    for kind in kinds:
        field = attrs.fields_dict(kind)["rule_id"]
        assert field.default is attrs.NOTHING or field.default in ids, (kind, field.default)
