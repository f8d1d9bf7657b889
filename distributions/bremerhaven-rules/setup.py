"""bremerhaven-rules's build script: pure Python; compiled (mypyc) with ``MEEPLEKIT_COMPILE=1``.

``scripts/compiled_build.py`` does the work for every distribution; the Performance page
and the top folder's ``setup.py`` say how to build the compiled wheels.
"""

import os
import runpy

ROOT = os.path.join("..", "..")
runpy.run_path(os.path.join(ROOT, "scripts", "compiled_build.py"))["setup_package"](
    "bremerhaven", ROOT
)
