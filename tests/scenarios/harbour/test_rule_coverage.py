"""Every rule ID of Harbour's specification is cited by a test, and only real IDs are.

The check is the shared layer's (:func:`meeplekit.spec.coverage`), over Harbour's tests
(``tests/`` without the other games' and the shared layer's folders) and its code (``src/harbour``).
"""

from __future__ import annotations

import typing
from pathlib import Path

import attrs
import pytest

from harbour import events
from harbour.specification import SPECIFICATION
from meeplekit.spec import Coverage, coverage
from tests.support.harbour import spec_ids

ROOT = Path(__file__).resolve().parents[3]
#: The test folders of the other packages of the repository, each with its own coverage
#: (``tests/meeplekit``, ``tests/browser``, and each game's ``property/`` and ``scenarios/``
#: folders).
OTHERS = ("machikoro", "bremerhaven", "meeplekit", "browser")


def harbour_tests() -> list[Path]:
    return [
        path
        for path in (ROOT / "tests").rglob("test_*.py")
        if not set(path.relative_to(ROOT / "tests").parts) & set(OTHERS)
    ]


def report() -> Coverage:
    return coverage(SPECIFICATION, harbour_tests(), (ROOT / "src" / "harbour").rglob("*.py"))


def test_the_spec_defines_rule_ids() -> None:
    ids = spec_ids()
    assert len(ids) >= 60, sorted(ids)
    assert any(i.startswith("INT-") for i in ids)
    assert len(ids) == len(SPECIFICATION.rule_ids())  # no ID defined twice


def test_every_rule_id_is_cited_by_a_test() -> None:
    assert not report().uncited, f"rule IDs no test cites: {report().uncited}"


def test_tests_cite_only_rule_ids_that_exist() -> None:
    unknown = report().unknown_cited
    assert not unknown, f"tests cite IDs the specification does not define: {unknown}"


def test_the_engine_raises_only_rule_ids_that_exist() -> None:
    unknown = report().unknown_named
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
