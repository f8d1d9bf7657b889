"""Build script: pure Python by default, the rules engine compiled with ``HARBOUR_COMPILE=1``.

The compiled build is the same source compiled with mypyc (see the Performance page).

The compiled build needs mypy, setuptools and a C compiler at build time, installed first
(with the shared layer, which is not on the package index either), for example from the top
folder of a clone (``make compiled`` does the same in ``.venv-compiled``)::

    pip install mypy setuptools wheel ./distributions/meeplekit
    HARBOUR_COMPILE=1 pip install --no-build-isolation .

Everything else is configured in ``pyproject.toml``.
"""

from __future__ import annotations

import os
from glob import glob

from setuptools import setup

#: The modules compiled: the rules engine, where play spends its time, and the state
#: classes (``GameState`` and ``PlayerState`` become native classes, which the compiled
#: engine reads and builds directly). The other data classes (pending decisions, sites,
#: moves, goods, cards) stay interpreted attrs classes. The shared engine that runs the
#: rules (``meeplekit.engine``) and its memo are compiled with them, in the same group, so
#: that it calls Harbour's steps, work, conversion and toll directly (its protocols are
#: their bases); they are installed into the ``meeplekit`` package, beside its pure modules (an
#: extension module is imported before a ``.py`` of the same name), and serve every game
#: there.
COMPILED = sorted(
    ["src/harbour/engine.py", "src/harbour/market.py", "src/harbour/state.py"]
    + ["src/meeplekit/engine.py", "src/meeplekit/memo.py"]
    + [p for p in glob("src/harbour/rules/*.py") if not p.endswith("__init__.py")]
)

if os.environ.get("HARBOUR_COMPILE") == "1":
    from mypyc.build import mypycify

    setup(ext_modules=mypycify(["--config-file=pyproject.toml", *COMPILED], opt_level="3"))
else:
    setup()
