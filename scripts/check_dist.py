"""Checks of the wheelhouse that ``twine check`` does not make (run by ``make dist``).

``make dist`` writes one folder, ``dist/``: a wheel of every distribution (``harbour-rules``,
the root's ``pyproject.toml``, and each of ``distributions/*``) and ``harbour-rules``' sdist,
nothing else. Checked here:

- each wheel's metadata has its distribution's name (``harbour`` on the package index is an
  unrelated project; :data:`harbour.info.EXTRAS` is the one home of the name), the
  licence expression MIT, authors, a project URL, keywords and the ``Typing :: Typed``
  classifier; the wheel holds ``py.typed`` and the repository's ``LICENSE``, byte for byte;
  ``harbour-rules``' wheel also the specification's pages;
- the sdist holds the licence, the Makefile, the tests (scenarios and property tests), the
  docs, the specification (as files: ``docs/spec`` is a link in the repository) and the
  other distributions' folders (``make test`` installs them).

Usage: ``python scripts/check_dist.py [DIST_DIR]`` (default ``dist``); exits 1 and says what
is wrong if a check fails.
"""

from __future__ import annotations

import sys
import tarfile
import tomllib
import zipfile
from email.parser import Parser
from pathlib import Path

from harbour.info import EXTRAS

DISTRIBUTION = EXTRAS.distribution

#: The repository's top folder.
ROOT = Path(__file__).resolve().parents[1]

#: Files every sdist must hold, relative to its top folder.
SDIST_FILES = (
    "LICENSE",
    "README.md",
    "Makefile",
    "pyproject.toml",
    "conftest.py",
    ".ci/run",
    "tests/scenarios/harbour/test_rule_coverage.py",
    "tests/property/test_conformance.py",
    "tests/support/harbour.py",
    "tests/property/harbour/test_state_machine.py",
    "tests/scenarios/harbour/test_setup.py",
    "docs/conf.py",
    "docs/index.md",
    "docs/spec/rules.md",
    "src/harbour/spec/rules.md",
    "src/harbour/py.typed",
    "distributions/meeplekit/pyproject.toml",
    "distributions/meeplekit/LICENSE",
    "distributions/machikoro-rules/pyproject.toml",
    "distributions/machikoro-rules/LICENSE",
    "distributions/bremerhaven-rules/pyproject.toml",
    "distributions/bremerhaven-rules/LICENSE",
)


def distributions(root: Path = ROOT) -> dict[str, str]:
    """Each distribution's name and its import package: ``{'harbour-rules': 'harbour', ...}``."""
    found = {}
    for pyproject in [
        root / "pyproject.toml",
        *sorted(root.glob("distributions/*/pyproject.toml")),
    ]:
        project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
        name: str = project["name"]
        found[name] = name.removesuffix("-rules")
    return found


def _one(folder: Path, pattern: str) -> Path:
    found = sorted(folder.glob(pattern))
    if len(found) != 1:
        raise SystemExit(f"{folder}: expected one {pattern}, found {[p.name for p in found]}")
    return found[0]


def check_wheel(wheel: Path, name: str, package: str) -> list[str]:
    """What is wrong with the wheel of distribution ``name`` (import package ``package``)."""
    problems: list[str] = []
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        metadata = Parser().parsestr(archive.read(metadata_name).decode("utf-8"))
        licences = [n for n in names if n.endswith(".dist-info/licenses/LICENSE")]
        licence = archive.read(licences[0]) if licences else None
    if metadata["Name"] != name:
        problems.append(f"the wheel is named {metadata['Name']!r}, not {name!r}")
    if metadata.get("License-Expression") != "MIT":
        problems.append(f"the licence expression is {metadata.get('License-Expression')!r}")
    for field in ("Author-email", "Keywords", "Project-URL"):
        if not metadata.get(field):
            problems.append(f"the metadata has no {field}")
    if "Typing :: Typed" not in (metadata.get_all("Classifier") or []):
        problems.append("the metadata lacks the classifier Typing :: Typed")
    if licence is None:
        problems.append("the wheel has no .dist-info/licenses/LICENSE")
    elif licence != (ROOT / "LICENSE").read_bytes():
        problems.append("the wheel's LICENSE is not the repository's")
    if metadata.get_all("License-File") != ["LICENSE"]:
        problems.append(f"the metadata's License-File is {metadata.get_all('License-File')}")
    wanted = [f"{package}/py.typed"]
    if name == DISTRIBUTION:
        wanted.append(f"{package}/spec/rules.md")
    problems += [f"the wheel has no {w}" for w in wanted if w not in names]
    return [f"{wheel.name}: {problem}" for problem in problems]


#: The import packages whose compiled wheel ``make dist`` builds (scripts/compiled_build.py).
COMPILED = ("meeplekit", "harbour", "machikoro", "bremerhaven")


def check_compiled(wheel: Path, package: str) -> list[str]:
    """What is wrong with ``package``'s compiled wheel: its engine and its group compiled."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    wanted = (f"{package}/engine.cpython-", f"{package}__mypyc.cpython-")
    return [
        f"{wheel.name}: the wheel has no {prefix}*.so"
        for prefix in wanted
        if not any(n.startswith(prefix) and n.endswith(".so") for n in names)
    ]


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
    """Check the wheelhouse ``argv[0]`` (default ``dist``): its wheels and sdist."""
    folder = Path(argv[0] if argv else "dist")
    problems = []
    wheels = []
    for name, package in distributions().items():
        wheel = _one(folder, f"{name.replace('-', '_')}-*-py3-none-any.whl")
        wheels.append(wheel)
        problems += check_wheel(wheel, name, package)
        if package in COMPILED:
            built = _one(folder, f"{name.replace('-', '_')}-*-cp3*.whl")
            wheels.append(built)
            problems += check_wheel(built, name, package) + check_compiled(built, package)
    sdist = _one(folder, f"{DISTRIBUTION.replace('-', '_')}-*.tar.gz")
    problems += [f"{sdist.name}: {problem}" for problem in check_sdist(sdist)]
    others = sorted(p.name for p in folder.iterdir() if p not in {*wheels, sdist})
    if others:
        problems.append(f"{folder} holds more than the wheelhouse: {others}")
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    print(
        f"{folder}: a wheel of each of {', '.join(distributions())}, each with its metadata and"
        f" the licence, and a compiled one of {', '.join(COMPILED)};"
        f" {DISTRIBUTION}'s sdist with its tests, docs and spec"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
