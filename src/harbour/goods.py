"""The four goods and an immutable count of them (rules COMP-1, GOODS-1, GOODS-2)."""

from __future__ import annotations

import enum
from collections.abc import Iterator

import attrs

from harbour.errors import InvalidValueError
from harbour.facts import GAME
from meeplekit.values import member_test, shown

__all__ = ["GOODS", "MAX_GOODS", "Good", "Goods", "is_good", "multisets"]

#: No player may ever hold more than this many units of one good (GOODS-2; ``GAME.goods_cap``).
MAX_GOODS = GAME.goods_cap


class Good(enum.IntEnum):
    """A kind of good. The integer value is the canonical order used everywhere."""

    FISH = 0
    LIVESTOCK = 1
    WOOD = 2
    STONE = 3

    @property
    def label(self) -> str:
        """The lower-case English name, as used in narration (``"fish"``)."""
        return self.name.lower()


#: All goods in canonical order.
GOODS: tuple[Good, ...] = tuple(Good)
#: The test of a member itself (identity: an enum member is one object for the whole process).
_IS_GOOD = member_test(Good)


def is_good(value: object) -> bool:
    """True when ``value`` is one of the four :class:`Good` members.

    Not an ``int`` (``Good.FISH == 0``), nor a value made around the enum (such as
    ``int.__new__(Good, 7)`` from a tampered pickle), which may compare equal to a member
    but is not one.
    """
    return _IS_GOOD(value)


@attrs.frozen(slots=True, cache_hash=True)
class Goods:
    """A number of units of each good, for example a player's warehouse.

    Instances are immutable; arithmetic helpers return new instances. Each count is a
    whole number (an ``int``, not a ``bool`` or ``float``) from 0 up; anything else raises
    :class:`~harbour.errors.InvalidValueError`. The upper bound of a warehouse (6, GOODS-2)
    is the rules' business, not this class's, so that gains can be expressed too. Goods
    made around this constructor (``object.__setattr__``, a tampered pickle) are made
    again by it where they enter the library: in a move given to :func:`harbour.apply_move`
    and the other checking functions, and in a position given to :func:`harbour.validate`
    (INPUT-1).
    """

    fish: int = 0
    livestock: int = 0
    wood: int = 0
    stone: int = 0

    def __attrs_post_init__(self) -> None:
        f, li, w, s = self.fish, self.livestock, self.wood, self.stone
        if not (
            type(f) is int
            and type(li) is int
            and type(w) is int
            and type(s) is int
            and f >= 0
            and li >= 0
            and w >= 0
            and s >= 0
        ):
            for good, count in zip(GOODS, (f, li, w, s), strict=True):
                if type(count) is not int or count < 0:
                    raise InvalidValueError(
                        f"Goods({good.label}=...) must be a whole number >= 0, got {shown(count)}"
                    )

    @classmethod
    def of(cls, counts: tuple[int, int, int, int]) -> Goods:
        """Build from a 4-tuple in canonical order (fish, livestock, wood, stone)."""
        return cls(counts[0], counts[1], counts[2], counts[3])

    @classmethod
    def single(cls, good: Good, amount: int = 1) -> Goods:
        """``amount`` units of one good and nothing else."""
        counts = [0, 0, 0, 0]
        counts[good] = amount
        return cls.of((counts[0], counts[1], counts[2], counts[3]))

    def as_tuple(self) -> tuple[int, int, int, int]:
        """The counts in canonical order."""
        return (self.fish, self.livestock, self.wood, self.stone)

    def __getitem__(self, good: Good) -> int:
        return (self.fish, self.livestock, self.wood, self.stone)[good]  # as_tuple, inline

    def __iter__(self) -> Iterator[int]:
        return iter(self.as_tuple())

    @property
    def total(self) -> int:
        """The number of units of all goods together."""
        return self.fish + self.livestock + self.wood + self.stone

    def with_count(self, good: Good, amount: int) -> Goods:
        """A copy with ``good`` set to ``amount``."""
        counts = list(self.as_tuple())
        counts[good] = amount
        return Goods.of((counts[0], counts[1], counts[2], counts[3]))

    def plus(self, other: Goods, cap: int | None = None) -> Goods:
        """Add ``other``; with ``cap``, each count is limited to ``cap`` (excess is lost)."""
        a, b = self.as_tuple(), other.as_tuple()
        if cap is None:
            return Goods(a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])
        return Goods(
            min(cap, a[0] + b[0]),
            min(cap, a[1] + b[1]),
            min(cap, a[2] + b[2]),
            min(cap, a[3] + b[3]),
        )

    def minus(self, other: Goods) -> Goods:
        """Subtract ``other``; :class:`~harbour.errors.InvalidValueError` if a count would go below 0."""
        a, b = self.as_tuple(), other.as_tuple()
        return Goods(a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3])

    def covers(self, other: Goods) -> bool:
        """True when every count here is at least the one in ``other``."""
        a, b = self.as_tuple(), other.as_tuple()
        return a[0] >= b[0] and a[1] >= b[1] and a[2] >= b[2] and a[3] >= b[3]

    def describe(self) -> str:
        """Plain English, for example ``"2 fish and 1 stone"``; ``"nothing"`` when empty."""
        parts = [f"{n} {g.label}" for g, n in zip(GOODS, self.as_tuple(), strict=True) if n]
        if not parts:
            return "nothing"
        if len(parts) == 1:
            return parts[0]
        return ", ".join(parts[:-1]) + " and " + parts[-1]


def multisets(total: int, kinds: tuple[Good, ...] = GOODS) -> Iterator[Goods]:
    """Every way to pick ``total`` units from ``kinds``, in a canonical order."""

    def rec(i: int, left: int, acc: list[int]) -> Iterator[Goods]:
        if i == len(kinds) - 1:
            counts = [0, 0, 0, 0]
            for good, n in zip(kinds, [*acc, left], strict=True):
                counts[good] += n
            yield Goods.of((counts[0], counts[1], counts[2], counts[3]))
            return
        for n in range(left, -1, -1):
            yield from rec(i + 1, left - n, [*acc, n])

    if total < 0:
        return
    if not kinds:
        if total == 0:
            yield Goods()
        return
    yield from rec(0, total, [])
