"""One-entry memos: the last key a function met and what it worked out for it.

Many calls in a row are often about one value: the moves :func:`legal_moves` just listed
are applied to the state they were listed for, a search evaluates one state for every seat,
an environment asks for a mask right after the action codes of the same state. A
:class:`Memo` remembers the last key and its value, so the second call costs a comparison.

Thread safety by construction: the entry is one tuple, read once and replaced whole, so a
thread sees an old pair or a new pair, never the key of one with the value of another;
two threads racing only make one of them work the value out again. A memo is the only
mutable state a module may keep at its top level, and only as a :class:`Memo`.

:class:`Memo` compares keys by identity (``is``), which suits immutable values that are
shared (states, card sets, options) and is never fooled by a value that compares equal but
was made differently; :class:`EqualMemo` compares by equality, for keys made anew at each
call.

>>> memo: Memo[str, int] = Memo()
>>> key = "a key"
>>> memo.get(key) is None
True
>>> memo.put(key, 3)
3
>>> memo.get(key)
3
"""

from __future__ import annotations

from typing import Generic, TypeVar

__all__ = ["EqualMemo", "Memo"]

K = TypeVar("K")
V = TypeVar("V")


class Memo(Generic[K, V]):
    """A one-entry memo keyed by identity: :meth:`get` finds a value :meth:`put` stored.

    Values must not be ``None`` (``None`` is what :meth:`get` answers for "not this key").
    """

    __slots__ = ("entry",)

    def __init__(self) -> None:
        #: The last key and its value, one tuple replaced whole (``None``: empty). A hot
        #: path may read it once and write it whole instead of calling :meth:`get` and
        #: :meth:`put`.
        self.entry: tuple[K, V] | None = None

    def get(self, key: K) -> V | None:
        """The value stored for this very ``key`` (``is``), or ``None``."""
        entry = self.entry
        if entry is not None and entry[0] is key:
            return entry[1]
        return None

    def holds(self, key: K) -> bool:
        """Whether the memo's entry is this very ``key`` (for memos of checks done)."""
        entry = self.entry
        return entry is not None and entry[0] is key

    def put(self, key: K, value: V) -> V:
        """Remember ``value`` for ``key`` in place of the last entry; returns ``value``."""
        self.entry = (key, value)
        return value

    def clear(self) -> None:
        """Forget the entry."""
        self.entry = None


class EqualMemo(Memo[K, V]):
    """A one-entry memo keyed by equality (``==``): an equal key made anew finds the value."""

    __slots__ = ()

    def get(self, key: K) -> V | None:
        """The value stored for a key equal to ``key``, or ``None``."""
        entry = self.entry
        if entry is not None and (entry[0] is key or entry[0] == key):
            return entry[1]
        return None

    def holds(self, key: K) -> bool:
        """Whether the memo's entry is a key equal to ``key``."""
        entry = self.entry
        return entry is not None and (entry[0] is key or entry[0] == key)
