"""Checks of the built distributions that ``twine check`` does not make (run by ``make dist``).

- The wheel's metadata names the distribution ``harbour-rules`` (``harbour`` on the package
  index is an unrelated project; :data:`harbour.extras.DISTRIBUTION` is the one home of the
  name) and has a licence, authors, a project URL, keywords and the ``Typing :: Typed``
  classifier; the wheel holds ``py.typed``, the licence and the specification's pages.
- The sdist holds the licence, the Makefile, the tests (scenarios and property tests), the
  docs and the specification (as files: ``docs/spec`` is a link in the repository).

Usage: ``python scripts/check_dist.py [DIST_DIR]`` (default ``dist``); exits 1 and says what
is wrong if a check fails.
"""

from __future__ import annotations

import sys
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

from harbour.extras import DISTRIBUTION

#: Files every sdist must hold, relative to its top folder.
SDIST_FILES = (
    "LICENSE",
    "README.md",
    "Makefile",
    "pyproject.toml",
    "conftest.py",
    ".ci/run",
    "tests/test_rule_coverage.py",
    "tests/property/test_state_machine.py",
    "tests/scenarios/test_setup.py",
    "docs/conf.py",
    "docs/index.md",
    "docs/spec/rules.md",
    "src/harbour/spec/rules.md",
    "src/harbour/py.typed",
)


def _one(folder: Path, pattern: str) -> Path:
    found = sorted(folder.glob(pattern))
    if len(found) != 1:
        raise SystemExit(f"{folder}: expected one {pattern}, found {[p.name for p in found]}")
    return found[0]


def check_wheel(wheel: Path) -> list[str]:
    """What is wrong with the wheel's metadata and contents."""
    problems: list[str] = []
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        metadata = Parser().parsestr(archive.read(metadata_name).decode("utf-8"))
    if metadata["Name"] != DISTRIBUTION:
        problems.append(f"the wheel is named {metadata['Name']!r}, not {DISTRIBUTION!r}")
    for field in ("License-Expression", "Author-email", "Keywords", "Project-URL"):
        if not metadata.get(field):
            problems.append(f"the wheel's metadata has no {field}")
    if "Typing :: Typed" not in (metadata.get_all("Classifier") or []):
        problems.append("the wheel's metadata lacks the classifier Typing :: Typed")
    for wanted in ("harbour/py.typed", "harbour/spec/rules.md", "/licenses/LICENSE"):
        if not any(name.endswith(wanted) for name in names):
            problems.append(f"the wheel has no {wanted}")
    return problems


def check_sdist(sdist: Path) -> list[str]:
    """What is missing from the sdist."""
    with tarfile.open(sdist) as archive:
        members = {m.name.split("/", 1)[1]: m for m in archive.getmembers() if "/" in m.name}
    problems = [f"the sdist has no {name}" for name in SDIST_FILES if name not in members]
    problems += [
        f"the sdist's {name} is not a regular file"
        for name in SDIST_FILES
        if name in members and not members[name].isfile()
    ]
    if not any(name.startswith("docs/_build") for name in members):
        return problems
    return [*problems, "the sdist holds the built docs (docs/_build)"]


def main(argv: list[str]) -> int:
    """Check the wheel and sdist in ``argv[0]`` (default ``dist``)."""
    folder = Path(argv[0] if argv else "dist")
    problems = check_wheel(_one(folder, "*.whl")) + check_sdist(_one(folder, "*.tar.gz"))
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    print(f"{folder}: {DISTRIBUTION}'s wheel and sdist hold their metadata, tests, docs and spec")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
