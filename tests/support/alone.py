"""``scripts/check_alone.py`` as a module, for the tests of the install lines it reads and runs.

The READMEs' ``pip install`` lines are read by that script (``make dist`` runs them); the
tests that check the lines, and the browser checks that the docs show them, read them
through it too.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _load() -> ModuleType:
    path = ROOT / "scripts" / "check_alone.py"
    spec = importlib.util.spec_from_file_location("check_alone", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # registered first: its dataclasses look it up
    spec.loader.exec_module(module)
    return module


check_alone = _load()


def readme_commands() -> dict[tuple[str, str, str | None], str]:
    """Each install the READMEs document, by (route, distribution, extra): its command."""
    chosen = check_alone.one_each(check_alone.documented())
    return {key: command.line.partition(" #")[0].rstrip() for key, command in chosen.items()}
