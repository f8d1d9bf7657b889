"""Rule readings and variants a game is played under (the Interpretations page).

:class:`RulesOptions` selects the long or the short game and the reading of every open
point of the rulebook that changes outcomes. The defaults are the documented readings;
every field names the clause (``BH-INT-n`` or a rule) it selects, and the docs of each enum
member say what it means.

A reading added after documents and records were first written is marked
``written_when_changed`` in its field's metadata: a document writes it only when it
differs from its default, so that what the earlier library wrote stays as it was, and a
document without it reads back as the default.

Each field takes its enum member or that member's exact string value (as a JSON or TOML
configuration gives it), and a switch takes ``True`` or ``False``; anything else raises
:class:`~bremerhaven.errors.InvalidValueError` listing the allowed values (BH-INPUT-1):

>>> RulesOptions(game="short").game
<GameLength.SHORT: 'short'>
>>> RulesOptions(goods_supply="none")
Traceback (most recent call last):
...
bremerhaven.errors.InvalidValueError: GoodsSupply must be one of 'limited', 'unlimited' (or GoodsSupply members), got 'none'
"""

from __future__ import annotations

import enum
from typing import Any, TypeVar

import attrs

from bremerhaven.errors import InvalidValueError
from meeplekit import options as shared

__all__ = [
    "DeckStacking",
    "DueOrder",
    "GameLength",
    "GoodsSupply",
    "LeftoverContracts",
    "RulesOptions",
    "Simultaneous",
    "StartingGoods",
    "TiedTop",
    "field_meaning",
    "field_rule",
    "reading_meaning",
]


_R = TypeVar("_R", bound=enum.Enum)


class _Reading(enum.Enum):
    """An enum of readings; a value that is none of them raises, listing those that are."""

    @classmethod
    def _missing_(cls, value: object) -> Any:
        raise InvalidValueError(shared.unknown_reading(cls, value))


class GameLength(_Reading):
    """The long game or the short game (BH-SHORT-1); the solo game is always short."""

    #: The long game: covers, newspapers with progress and events (the rulebook, lines
    #: 86–313).
    LONG = "long"
    #: The short game: no covers, a starting building and goods, 2 spaces a round
    #: (the rulebook, lines 995–1066).
    SHORT = "short"


class GoodsSupply(_Reading):
    """Whether the 40 goods of each kind limit production and cargo (BH-INT-3)."""

    #: 40 of each good (the rulebook, line 42): what the supply lacks is not produced or
    #: loaded.
    LIMITED = "limited"
    #: As many goods as the rules ask for.
    UNLIMITED = "unlimited"


class TiedTop(_Reading):
    """A player tied with the top total on 1.2 or 1.3 but lower in rank (BH-INT-4)."""

    #: Pays the difference, 0: acts for free like the winner.
    FREE = "free"
    #: Only the rank winner acts free; a tied player lower in rank may not act.
    EXCLUDED = "excluded"


class Simultaneous(_Reading):
    """The order of the simultaneous phases (1.2, 1.3 and the harbours, BH-INT-6)."""

    #: In rank order, the beginners' rule (the rulebook, lines 473–476 and 756–758).
    RANK_ORDER = "rank-order"
    #: In seat order, seat 0 first.
    SEAT_ORDER = "seat-order"


class LeftoverContracts(_Reading):
    """Contracts still in the loading docks when the game ends (BH-INT-7)."""

    #: Resolved as if due: goods sold, reward or penalty (the rulebook, lines 925–927).
    AS_DUE = "as-due"
    #: Left unresolved: no sale, no reward, no penalty.
    IGNORED = "ignored"


class DeckStacking(_Reading):
    """How the shuffled back-number stacks are combined "as illustrated" (BH-INT-10)."""

    #: Back 1 on top, then 2, 3 and 4: early cards first.
    BACK_1_ON_TOP = "back-1-on-top"
    #: One shuffled deck, back numbers ignored.
    SHUFFLED = "shuffled"


class StartingGoods(_Reading):
    """The short game's 3 starting goods (BH-INT-13)."""

    #: Any goods not on the starting contract, repeats allowed.
    ANY = "any"
    #: Three different goods, none on the starting contract.
    DIFFERENT = "different"


class DueOrder(_Reading):
    """The order of several Contracts due at once, in 4.4 or left at the end (BH-INT-16)."""

    #: One by one from loading dock 0 to loading dock 3.
    LOADING_DOCK = "loading-dock"
    #: The owner chooses which to resolve next, when the order can change the result.
    OWNER_CHOOSES = "owner-chooses"
    #: The complete ones first, then the others, each in loading-dock order.
    COMPLETE_FIRST = "complete-first"


def _reading(kind: type[_R], value: object) -> _R:
    """The member of ``kind`` that ``value`` is or names by its string value (BH-INPUT-1)."""
    return shared.as_reading(kind, value, error=InvalidValueError)


def _length(value: GameLength | str) -> GameLength:
    return _reading(GameLength, value)


def _supply(value: GoodsSupply | str) -> GoodsSupply:
    return _reading(GoodsSupply, value)


def _tied(value: TiedTop | str) -> TiedTop:
    return _reading(TiedTop, value)


def _simultaneous(value: Simultaneous | str) -> Simultaneous:
    return _reading(Simultaneous, value)


def _leftover(value: LeftoverContracts | str) -> LeftoverContracts:
    return _reading(LeftoverContracts, value)


def _stacking(value: DeckStacking | str) -> DeckStacking:
    return _reading(DeckStacking, value)


def _starting(value: StartingGoods | str) -> StartingGoods:
    return _reading(StartingGoods, value)


def _due(value: DueOrder | str) -> DueOrder:
    return _reading(DueOrder, value)


_switch = shared.switch("RulesOptions", error=InvalidValueError)


@attrs.frozen(slots=True, cache_hash=True)
class RulesOptions:
    """The game's length and rule readings; the defaults are the documented readings."""

    #: BH-SHORT-1: the long or the short game (1 player always plays the short game).
    game: GameLength = attrs.field(
        default=GameLength.LONG, converter=_length, metadata={"rule": "BH-SHORT-1"}
    )
    #: BH-INT-3.
    goods_supply: GoodsSupply = attrs.field(
        default=GoodsSupply.LIMITED, converter=_supply, metadata={"rule": "BH-INT-3"}
    )
    #: BH-INT-4.
    tied_top: TiedTop = attrs.field(
        default=TiedTop.FREE, converter=_tied, metadata={"rule": "BH-INT-4"}
    )
    #: BH-INT-5: a contract on a loading dock cleared this round takes goods this round.
    cleared_dock_same_round: bool = attrs.field(
        default=True, validator=_switch, metadata={"rule": "BH-INT-5"}
    )
    #: BH-INT-6.
    simultaneous: Simultaneous = attrs.field(
        default=Simultaneous.RANK_ORDER, converter=_simultaneous, metadata={"rule": "BH-INT-6"}
    )
    #: BH-INT-7.
    leftover_contracts: LeftoverContracts = attrs.field(
        default=LeftoverContracts.AS_DUE, converter=_leftover, metadata={"rule": "BH-INT-7"}
    )
    #: BH-INT-9: a prestige penalty may take the clip below the ships' and buildings' sum.
    penalty_below_sum: bool = attrs.field(
        default=True, validator=_switch, metadata={"rule": "BH-INT-9"}
    )
    #: BH-INT-10.
    deck_stacking: DeckStacking = attrs.field(
        default=DeckStacking.BACK_1_ON_TOP, converter=_stacking, metadata={"rule": "BH-INT-10"}
    )
    #: BH-INT-12: money on a money store (the Bank) counts in the score.
    bank_counts: bool = attrs.field(
        default=False, validator=_switch, metadata={"rule": "BH-INT-12"}
    )
    #: BH-INT-13.
    starting_goods: StartingGoods = attrs.field(
        default=StartingGoods.ANY, converter=_starting, metadata={"rule": "BH-INT-13"}
    )
    #: BH-INT-16.
    due_order: DueOrder = attrs.field(
        default=DueOrder.LOADING_DOCK,
        converter=_due,
        metadata={"rule": "BH-INT-16", "written_when_changed": True},
    )
    #: BH-INT-17: with no bid on 1.4, a Commodity Exchange's owner may also let the prices
    #: change by themselves (the top Price card to the bottom).
    exchange_may_rotate: bool = attrs.field(
        default=False,
        validator=_switch,
        metadata={"rule": "BH-INT-17", "written_when_changed": True},
    )

    @property
    def short(self) -> bool:
        """Whether this is the short game."""
        return self.game is GameLength.SHORT

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (_unpickle_options, (shared.changed_readings(self),))


def _unpickle_options(changed: tuple[tuple[str, object], ...]) -> RulesOptions:
    """Rebuild pickled :class:`RulesOptions` from the readings that differ from the default."""
    return RulesOptions(**dict(changed))  # type: ignore[arg-type]


def reading_meaning(member: enum.Enum) -> str:
    """What the reading ``member`` means, in one line: its documentation in this module.

    >>> reading_meaning(GoodsSupply.UNLIMITED)
    'As many goods as the rules ask for.'
    """
    if not isinstance(member, _Reading):
        raise InvalidValueError(f"not a rule reading: {member!r}")
    return shared.reading_meaning(member, error=InvalidValueError)


def field_rule(name: str) -> str:
    """The clause ID (``BH-INT-3``, ``BH-SHORT-1``, ...) the :class:`RulesOptions` field selects."""
    return shared.field_rule(RulesOptions, name, error=InvalidValueError)


def field_meaning(name: str) -> str:
    """What the :class:`RulesOptions` field selects, in one line, without its rule ID."""
    return shared.field_meaning(RulesOptions, name, error=InvalidValueError)
