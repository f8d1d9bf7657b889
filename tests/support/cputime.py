"""The CPU time of a call, apart from the garbage the earlier tests of the process left.

A few tests bound the time a hostile document takes to refuse (linear work, not the
quadratic kind that once took 72 s). In a long pytest worker the garbage collector's full
passes rescan every object earlier tests left alive, which can multiply the time of a call
that builds millions of objects; :func:`cpu_seconds` collects first and freezes those
objects (``gc.freeze``) so that only the call's own objects are scanned.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def cpu_seconds() -> Iterator[Callable[[], float]]:
    """A block whose CPU time the yielded function gives (read it after the block)."""
    gc.collect()
    gc.freeze()
    began = time.process_time()
    ended: list[float] = []
    try:
        yield lambda: (ended[0] if ended else time.process_time()) - began
    finally:
        ended.append(time.process_time())
        gc.unfreeze()
