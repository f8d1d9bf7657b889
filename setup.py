"""Build script: pure Python by default; the engine and state compiled with ``MEEPLEKIT_COMPILE=1``.

The compiled build is the same source compiled with mypyc (the Performance page;
``scripts/compiled_build.py`` names the modules). It needs mypy, setuptools and a C compiler
at build time (and attrs and cattrs, which the type checks read), for example from
the top folder of a clone::

    pip install mypy 'setuptools>=77' wheel attrs cattrs
    MEEPLEKIT_COMPILE=1 pip install --no-build-isolation ./distributions/meeplekit .

A game's compiled rules need the compiled shared layer of the same source beside them.
``make dist`` builds every distribution's compiled wheel beside its pure one;
``scripts/compiled_build.py`` does the work for every distribution's ``setup.py``.
"""

import os
import runpy

ROOT = "."
runpy.run_path(os.path.join(ROOT, "scripts", "compiled_build.py"))["setup_package"]("harbour", ROOT)
