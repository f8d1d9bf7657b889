"""Methods that show a value by a function found by name: the data layer imports no view.

A game's values show themselves: ``str(state)`` is the text view, ``_repr_svg_`` is the
picture a notebook draws, ``str(move)`` is the move in words. Those functions live in the
game's view, picture and notation modules, which import the values they show; if the value
classes imported them back, every game would have import circles (the values would load
the pictures, the pictures the values). So a value class names its view by import path,
as a game names itself to the registry (:mod:`meeplekit.registry`), and the view is
imported when a value is first shown:

>>> import attrs
>>> from meeplekit.display import shown_by
>>> @attrs.frozen
... class Point:
...     x: int
...     __str__ = shown_by("builtins:repr", "The point as its repr.")
>>> str(Point(3))
'Point(x=3)'

The import graph of each package then has no cycle (``tests/meeplekit/test_imports.py``
checks it for every package), and a value's module stays cheap to import: the view, the
pictures and the notation load only when something is shown.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

__all__ = ["shown_by"]


def shown_by(target: str, doc: str) -> Callable[[Any], str]:
    """A method that returns ``function(self)``, the function found at ``target``.

    ``target`` is ``"module:function"``; the module is imported on the first call, and
    an unknown module or name raises ``ImportError`` / ``AttributeError`` then (a test
    of each game shows every value, so a wrong name fails the game's tests). ``doc`` is
    the method's docstring.
    """
    module, colon, name = target.partition(":")
    if not colon or not module or not name:
        raise ValueError(f"expected 'module:function', got {target!r}")
    found: list[Callable[[Any], str]] = []

    def show(self: Any) -> str:
        if not found:
            found.append(getattr(importlib.import_module(module), name))
        return found[0](self)

    show.__doc__ = doc
    return show
