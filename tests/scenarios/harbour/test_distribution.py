"""The distribution: its name, its metadata, its extras and what the demo needs.

``harbour`` on the package index is an unrelated project, so every install hint must name
``harbour-rules`` (:data:`harbour.info.EXTRAS`); ``make demo`` installs only the
runtime dependencies, so the demo must run on them alone.
"""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import harbour
from harbour.info import EXTRAS as extras

ROOT = Path(__file__).resolve().parents[3]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))

#: An install hint naming the unrelated project: ``harbour[cli]`` or ``pip install harbour``.
_WRONG_HINT = re.compile(r"(?<![\w.-])harbour\[|pip install ['\"]?harbour(?![\w-])")


def _texts() -> list[Path]:
    """Every file a user reads an install hint in: the README, the docs, the sources.

    The research notes (``docs/research``) are copies of the team's notes as they were
    written, planning included, not install instructions: they are not read.
    """
    files = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    files += sorted((ROOT / "src" / "harbour").rglob("*.py"))
    return [f for f in files if "_build" not in f.parts and "research" not in f.parts]


def test_the_distribution_is_named_harbour_rules_everywhere() -> None:
    assert PYPROJECT["project"]["name"] == extras.distribution == "harbour-rules"
    assert importlib.metadata.metadata(extras.distribution)["Name"] == "harbour-rules"
    wrong = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in _texts()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if _WRONG_HINT.search(line)
    ]
    assert not wrong, "install hints naming the unrelated project 'harbour':\n" + "\n".join(wrong)


def test_the_wrong_hint_pattern_catches_what_it_must() -> None:
    for hint in ("pip install harbour", "pip install 'harbour[cli]'", "harbour[testing]"):
        assert _WRONG_HINT.search(hint), hint
    for fine in ("pip install harbour-rules", "pip install 'harbour-rules[cli]'", "harbour.x"):
        assert not _WRONG_HINT.search(fine), fine


def test_the_metadata_is_complete() -> None:
    metadata = importlib.metadata.metadata(extras.distribution)
    assert metadata["License-Expression"] == "MIT"
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert metadata["Author-email"] and metadata["Keywords"]
    assert metadata.get_all("Project-URL")
    assert "Typing :: Typed" in (metadata.get_all("Classifier") or [])


def test_every_extra_is_declared_described_and_checkable() -> None:
    declared = set(PYPROJECT["project"]["optional-dependencies"])
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert set(extras.extras) <= declared
    for extra in declared:
        assert f"| `{extra}` |" in readme, f"the README's table of extras lacks {extra}"
    for extra in extras.extras:
        extras.require(extra)  # make test installs every extra


def test_a_missing_extra_is_one_line_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if it were not installed
    with pytest.raises(harbour.MissingExtraError) as caught:
        extras.require("lab")
    message = str(caught.value)
    assert "\n" not in message
    assert "[lab]" in message and "pip install 'harbour-rules[lab]'" in message
    assert isinstance(caught.value, ImportError)


@pytest.mark.parametrize(
    ("module", "extra", "blocked"),
    [
        ("harbour.pettingzoo", "pettingzoo", "numpy"),
        ("harbour.openspiel", "openspiel", "numpy"),
        ("harbour.testing", "testing", "hypothesis"),
    ],
)
def test_an_adapter_without_its_extra_says_which_to_install(
    module: str, extra: str, blocked: str
) -> None:
    script = (
        "import sys\n"
        f"sys.modules[{blocked!r}] = None  # as if it were not installed\n"
        "from harbour.errors import MissingExtraError\n"
        "try:\n"
        f"    import {module}\n"
        "except MissingExtraError as error:\n"
        "    print(error)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip().endswith(f"pip install 'harbour-rules[{extra}]'")
    assert blocked in result.stdout and result.stdout.count("\n") == 1


def test_the_demo_needs_only_the_runtime_dependencies() -> None:
    # make demo installs the package with attrs, cattrs and meeplekit only: the demo, with every
    # optional rule, must import nothing else outside the standard library.
    script = (
        "import io, sys, contextlib\n"
        "from harbour.demo import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['--players', '3', '--seed', '5', '--characters', '--bonus-cards',"
        " '--inland-traders'])\n"
        "print(' '.join(sorted({name.split('.')[0] for name in sys.modules})))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    imported = set(result.stdout.split())
    requirements = {
        re.split(r"[<>=\[ ]", r)[0].lower() for r in PYPROJECT["project"]["dependencies"]
    }
    assert requirements == {"attrs", "cattrs", "meeplekit"}
    allowed = set(sys.stdlib_module_names) | {"harbour", "attr", "attrs", "cattr", "cattrs"}
    allowed |= {"meeplekit"}  # the shared layer, a runtime dependency
    allowed |= {"typing_extensions", "exceptiongroup"}  # cattrs' own dependencies
    allowed |= {"__main__", "_distutils_hack"}  # the script itself; setuptools' .pth hook
    assert imported - allowed == set()
