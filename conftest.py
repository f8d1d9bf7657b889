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
        ("src/harbour/cli/app.py", "click"),
        ("src/harbour/cli/common.py", "click"),
        ("src/harbour/cli/lab_commands.py", "click"),
        ("src/harbour/cli/play.py", "click"),
        ("src/harbour/cli/reference.py", "click"),
        ("src/harbour/cli/pieces.py", "click"),
        ("src/meeplekit/cli/common.py", "click"),
        ("src/meeplekit/cli/play.py", "click"),
        ("src/meeplekit/cli/reference.py", "click"),
        ("src/meeplekit/cli/lab_commands.py", "click"),
        ("src/meeplekit/cli/app.py", "click"),
        ("src/machikoro/cli/app.py", "click"),
        ("src/machikoro/cli/pieces.py", "click"),
    )
    if importlib.util.find_spec(module) is None
]
