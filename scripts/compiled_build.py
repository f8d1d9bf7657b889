"""The compiled build's extension modules (mypyc), for every distribution's ``setup.py``.

Each distribution is compiled on its own (its wheel carries only its own modules), yet the
games' compiled rules call the shared engine natively: mypyc's separate compilation puts
each package's compiled modules in a group of their own (``meeplekit__mypyc``,
``harbour__mypyc``...), and a game's group reads the shared group's table of exported
functions and classes when it is imported. A game's build therefore compiles the shared
group too, to know its layout, and keeps only its own group's extensions. The groups of one
source and one mypyc match; the wheels of one ``make dist`` go together (the Performance
page).

``setup.py`` runs this file (``runpy``) only when ``MEEPLEKIT_COMPILE=1`` (or the older
``HARBOUR_COMPILE=1``) asks for the compiled build; the pure build needs neither mypy nor a
compiler. Run as ``python scripts/compiled_build.py --check`` (``make compiled`` does), it
imports every module named here and fails unless each is the compiled one (an ``.so``).
"""

from __future__ import annotations

import os
from glob import glob
from typing import Any

#: The modules compiled, by package: where play spends its time. Harbour's state classes are
#: written to compile as native classes; Machi Koro's and Bremerhaven's states, moves and
#: pending decisions are interpreted attrs classes (a native base under them is refused).
COMPILED: dict[str, tuple[str, ...]] = {
    "meeplekit": ("engine", "memo"),
    "harbour": ("engine", "market", "state", "rules/*"),
    "machikoro": ("engine", "chance", "tables", "rules/*"),
    "bremerhaven": ("engine", "rules/*"),
}
SHARED = "meeplekit"


def files(source: str, package: str) -> list[str]:
    """The source files of ``package``'s compiled modules, under the folder ``source``."""
    found: list[str] = []
    for name in COMPILED[package]:
        pattern = os.path.join(source, package, f"{name}.py")
        found.extend(p for p in sorted(glob(pattern)) if not p.endswith("__init__.py"))
    return found


def extensions(package: str, root: str) -> list[Any]:
    """``package``'s compiled extension modules (setuptools' ``Extension``), built from the clone whose top folder is ``root``.

    ``root`` is relative to the folder the build runs in (``.`` for Harbour's ``setup.py``,
    ``../..`` for the other distributions'), so that the compiled modules' tracebacks name
    the source as the build saw it.
    """
    from mypyc.build import mypycify  # the build's own dependency, not the check's

    source = os.path.join(root, "src")
    groups: list[tuple[list[str], str | None]] = [(files(source, SHARED), SHARED)]
    if package != SHARED:
        groups.append((files(source, package), package))
    paths = [path for group, _ in groups for path in group]
    config = f"--config-file={os.path.join(root, 'pyproject.toml')}"
    built = mypycify([config, *paths], opt_level="3", separate=groups)
    own = {package, f"{package}__mypyc"}
    return [extension for extension in built if extension.name.split(".")[0] in own]


def setup_package(package: str, root: str) -> None:
    """Run setuptools' ``setup`` for ``package`` (every ``setup.py`` calls this).

    Compiled when ``MEEPLEKIT_COMPILE=1`` (or ``HARBOUR_COMPILE=1``) is set, pure otherwise;
    ``root`` is the clone's top folder, relative to the build's folder (:func:`extensions`).
    Everything else is configured in the distribution's ``pyproject.toml``.
    """
    from setuptools import setup

    if "1" in (os.environ.get("MEEPLEKIT_COMPILE"), os.environ.get("HARBOUR_COMPILE")):
        setup(ext_modules=extensions(package, root))
    else:
        setup()


def check() -> list[str]:
    """Every module of :data:`COMPILED` that this interpreter imports from source, not compiled."""
    import importlib
    from pathlib import Path

    found = []
    for package in COMPILED:
        top = Path(importlib.import_module(package).__file__ or "").parent
        for path in files(str(top.parent), package):
            name = ".".join(Path(path).relative_to(top.parent).with_suffix("").parts)
            where = importlib.import_module(name).__file__ or ""
            if not where.endswith(".so"):
                found.append(f"{name}: {where}")
    return found


if __name__ == "__main__":
    import sys

    if sys.argv[1:] != ["--check"]:
        sys.exit("usage: python scripts/compiled_build.py --check")
    missing = check()
    if missing:
        sys.exit("not compiled:\n" + "\n".join(missing))
    print(f"compiled: every module of {', '.join(COMPILED)} named in scripts/compiled_build.py")
