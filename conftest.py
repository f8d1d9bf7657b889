"""Collection guard: the adapters' modules import their optional extras at import time.

``make test`` installs the extras, so on CI every module is collected; a plain
``pytest`` in an environment without an extra skips that adapter's module doctests
(its tests skip themselves with ``pytest.importorskip``).
"""

from __future__ import annotations

import importlib.util

collect_ignore = [
    path
    for path, module in (
        ("src/harbour/openspiel.py", "pyspiel"),
        ("src/harbour/pettingzoo.py", "pettingzoo"),
        ("src/machikoro/openspiel.py", "pyspiel"),
        ("src/machikoro/pettingzoo.py", "pettingzoo"),
        ("src/bremerhaven/openspiel.py", "pyspiel"),
        ("src/bremerhaven/pettingzoo.py", "pettingzoo"),
        ("src/meeplekit/openspiel.py", "pyspiel"),
        ("src/meeplekit/pettingzoo.py", "pettingzoo"),
        ("src/meeplekit/cli/common.py", "click"),
        ("src/meeplekit/cli/play.py", "click"),
        ("src/meeplekit/cli/reference.py", "click"),
        ("src/meeplekit/cli/lab_commands.py", "click"),
        ("src/meeplekit/cli/app.py", "click"),
    )
    if importlib.util.find_spec(module) is None
]
