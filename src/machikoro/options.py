"""Rule readings and variants a game is played under (the Interpretations page).

:class:`RulesOptions` selects the edition (the Harbor expansion or the base game alone),
the marketplace, and the reading of every open point that changes outcomes. The defaults
are the documented readings; every field names the clause (``MK-INT-n`` or a rule) it
selects, and ``docs`` of each enum member say what it means.

Each field takes its enum member or that member's exact string value (as a JSON or TOML
configuration gives it), and a switch takes ``True`` or ``False``; anything else raises
:class:`~machikoro.errors.InvalidValueError` listing the allowed values (MK-INPUT-2):

>>> RulesOptions(reroll_dice="same").reroll_dice
<RerollDice.SAME: 'same'>
>>> RulesOptions(market="ten")
Traceback (most recent call last):
...
machikoro.errors.InvalidValueError: Market must be one of 'edition', 'harbor', 'all-piles' (or Market members), got 'ten'
"""

from __future__ import annotations

import enum
from typing import Any, TypeVar

import attrs

from machikoro.errors import InvalidValueError
from meeplekit import options as shared

__all__ = [
    "AmusementParkBuilt",
    "AmusementParkRoll",
    "BusinessCenter",
    "ExtraTurns",
    "FlowerShopMall",
    "MajorCopies",
    "Market",
    "PurpleOrder",
    "RerollDice",
    "RulesOptions",
    "SushiBarCost",
    "TunaRoll",
    "field_meaning",
    "field_rule",
    "reading_meaning",
]


class _Reading(enum.Enum):
    """An enum of readings; a value that is none of them raises, listing those that are."""

    @classmethod
    def _missing_(cls, value: object) -> Any:
        raise InvalidValueError(shared.unknown_reading(cls, value))


class Market(_Reading):
    """The marketplace (MKH-MARKET-1)."""

    #: The edition's own: the Harbor expansion's market with the expansion, the base game's
    #: without.
    EDITION = "edition"
    #: The Harbor expansion's market: 10 different establishments drawn from one shuffled
    #: deck, replenished at once (the Harbor rulebook, lines 55–77).
    HARBOR = "harbor"
    #: The base game's market: every supply pile face up (the IDW rulebook).
    ALL_PILES = "all-piles"


class SushiBarCost(_Reading):
    """The Sushi Bar's cost, on which the sources disagree (MK-INT-1)."""

    #: 4 coins (variablepig, the fan wiki, metrodice, the French edition).
    FOUR = "4"
    #: 2 coins (kevinddchen since 2021, NimVek, Whakamua).
    TWO = "2"

    @property
    def coins(self) -> int:
        """The cost in coins."""
        return int(self.value)


class RerollDice(_Reading):
    """How many dice the Radio Tower's re-roll uses (MK-INT-2)."""

    #: Any number the player may roll (1, or 2 with a Train Station), chosen again.
    ANY = "any"
    #: The same number of dice as the roll it replaces.
    SAME = "same"


class AmusementParkRoll(_Reading):
    """Which roll's doubles the Amusement Park counts after a re-roll (MK-INT-5)."""

    #: The final roll of the turn (the one kept).
    FINAL = "final"
    #: Any roll of the turn, the re-rolled one too.
    ANY = "any"


class AmusementParkBuilt(_Reading):
    """Whether an Amusement Park built this turn grants the extra turn for this turn's doubles (MK-INT-6)."""

    #: No: its benefit begins after it is completed (the Harbor rulebook, line 49), after
    #: this turn's roll.
    NEXT_TURN = "next-turn"
    #: Yes: doubles rolled earlier in the turn count (metrodice's recorded behaviour).
    SAME_TURN = "same-turn"


class ExtraTurns(_Reading):
    """Whether an extra turn may itself give another (MK-INT-7)."""

    #: Every doubles roll with an Amusement Park gives another turn, without limit.
    UNLIMITED = "unlimited"
    #: An extra turn never gives another one.
    ONE = "one"


class TunaRoll(_Reading):
    """When the Tuna Boat's one roll is made (MK-INT-8)."""

    #: Only when an activated Tuna Boat's owner has a Harbor, so that the roll pays.
    WHEN_PAID = "when-paid"
    #: Whenever a Tuna Boat activates, even if no owner has a Harbor.
    ALWAYS = "always"


class PurpleOrder(_Reading):
    """The order of the roller's major establishments that activate on one total (MK-INT-9)."""

    #: The card order (Stadium, TV Station, Business Center); no decision.
    FIXED = "fixed"
    #: The owner chooses which to resolve next.
    OWNER_CHOOSES = "owner-chooses"


class MajorCopies(_Reading):
    """How many copies of each major establishment the supply holds (MK-INT-10, MK-INT-12)."""

    #: The physical cards: 4 of each base major (the 5th with 5 players: the Harbor
    #: rulebook, line 45) and all 5 of each Harbor major.
    BOX = "box"
    #: One copy per player, as metrodice and kevinddchen deal them.
    PER_PLAYER = "per-player"
    #: 4 of every major, Harbor's too, and 5 with 5 players.
    FOUR_OR_FIVE = "four-or-five"


class BusinessCenter(_Reading):
    """Whether the Business Center's trade may be declined (MK-INT-20)."""

    #: The owner may decline ("You may exchange", variablepig).
    MAY_DECLINE = "may-decline"
    #: The owner must trade when a trade is possible (kevinddchen's Machi Koro 1 rules).
    MUST_TRADE = "must-trade"


class FlowerShopMall(_Reading):
    """What the Shopping Mall adds to a Flower Shop (MK-INT-19)."""

    #: 1 coin more per Flower Orchard (the Harbor rulebook, lines 99–101: 2 coins per Flower
    #: Orchard).
    PER_ORCHARD = "per-orchard"
    #: 1 coin more per activation of the Flower Shop (metrodice).
    FLAT = "flat"


# Converters of the readings: a member, or its exact string value (MK-INPUT-2).

_R = TypeVar("_R", bound=enum.Enum)


def _reading(kind: type[_R], value: object) -> _R:
    """The member of ``kind`` that ``value`` is or names by its string value (MK-INPUT-2).

    The shared check (:func:`meeplekit.options.as_reading`): a member is recognised by
    identity, so a value made around the enum (``object.__new__(Market)``) is none.
    """
    return shared.as_reading(kind, value, error=InvalidValueError)


def _market(value: Market | str) -> Market:
    return _reading(Market, value)


def _sushi(value: SushiBarCost | str) -> SushiBarCost:
    return _reading(SushiBarCost, value)


def _reroll(value: RerollDice | str) -> RerollDice:
    return _reading(RerollDice, value)


def _park_roll(value: AmusementParkRoll | str) -> AmusementParkRoll:
    return _reading(AmusementParkRoll, value)


def _park_built(value: AmusementParkBuilt | str) -> AmusementParkBuilt:
    return _reading(AmusementParkBuilt, value)


def _extra(value: ExtraTurns | str) -> ExtraTurns:
    return _reading(ExtraTurns, value)


def _tuna(value: TunaRoll | str) -> TunaRoll:
    return _reading(TunaRoll, value)


def _purple(value: PurpleOrder | str) -> PurpleOrder:
    return _reading(PurpleOrder, value)


def _majors(value: MajorCopies | str) -> MajorCopies:
    return _reading(MajorCopies, value)


def _business(value: BusinessCenter | str) -> BusinessCenter:
    return _reading(BusinessCenter, value)


def _flower(value: FlowerShopMall | str) -> FlowerShopMall:
    return _reading(FlowerShopMall, value)


#: A switch takes ``True`` or ``False`` only (MK-INPUT-2).
_switch = shared.switch("RulesOptions", error=InvalidValueError)


@attrs.frozen(slots=True, cache_hash=True)
class RulesOptions:
    """The edition, market and rule readings of a game; the defaults are the documented readings."""

    #: MKH-BASE-1: play with the Harbor expansion (its cards, City Hall, 6 landmarks to win).
    expansion: bool = attrs.field(default=True, validator=_switch, metadata={"rule": "MKH-BASE-1"})
    #: MKH-MARKET-1.
    market: Market = attrs.field(
        default=Market.EDITION, converter=_market, metadata={"rule": "MKH-MARKET-1"}
    )
    #: MK-INT-1.
    sushi_bar_cost: SushiBarCost = attrs.field(
        default=SushiBarCost.FOUR, converter=_sushi, metadata={"rule": "MK-INT-1"}
    )
    #: MK-INT-2.
    reroll_dice: RerollDice = attrs.field(
        default=RerollDice.ANY, converter=_reroll, metadata={"rule": "MK-INT-2"}
    )
    #: MK-INT-5.
    amusement_park_roll: AmusementParkRoll = attrs.field(
        default=AmusementParkRoll.FINAL, converter=_park_roll, metadata={"rule": "MK-INT-5"}
    )
    #: MK-INT-6.
    amusement_park_built: AmusementParkBuilt = attrs.field(
        default=AmusementParkBuilt.NEXT_TURN, converter=_park_built, metadata={"rule": "MK-INT-6"}
    )
    #: MK-INT-7.
    extra_turns: ExtraTurns = attrs.field(
        default=ExtraTurns.UNLIMITED, converter=_extra, metadata={"rule": "MK-INT-7"}
    )
    #: MK-INT-8.
    tuna_roll: TunaRoll = attrs.field(
        default=TunaRoll.WHEN_PAID, converter=_tuna, metadata={"rule": "MK-INT-8"}
    )
    #: MK-INT-9.
    purple_order: PurpleOrder = attrs.field(
        default=PurpleOrder.FIXED, converter=_purple, metadata={"rule": "MK-INT-9"}
    )
    #: MK-INT-10.
    major_copies: MajorCopies = attrs.field(
        default=MajorCopies.BOX, converter=_majors, metadata={"rule": "MK-INT-10"}
    )
    #: MK-INT-20.
    business_center: BusinessCenter = attrs.field(
        default=BusinessCenter.MAY_DECLINE, converter=_business, metadata={"rule": "MK-INT-20"}
    )
    #: MK-INT-19.
    flower_shop_mall: FlowerShopMall = attrs.field(
        default=FlowerShopMall.PER_ORCHARD, converter=_flower, metadata={"rule": "MK-INT-19"}
    )

    @property
    def harbor_market(self) -> bool:
        """Whether the game's marketplace is the Harbor's (10 different establishments)."""
        if self.market is Market.EDITION:
            return self.expansion
        return self.market is Market.HARBOR

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # Only the readings that differ from the default, by their plain values: a pickled
        # state stays small (the enums themselves would be pickled by class reference).
        return (_unpickle_options, (shared.changed_readings(self),))


def _unpickle_options(changed: tuple[tuple[str, object], ...]) -> RulesOptions:
    """Rebuild pickled :class:`RulesOptions` from the readings that differ from the default."""
    return RulesOptions(**dict(changed))  # type: ignore[arg-type]


def reading_meaning(member: enum.Enum) -> str:
    """What the reading ``member`` means, in one line: its documentation in this module.

    >>> reading_meaning(RerollDice.SAME)
    'The same number of dice as the roll it replaces.'
    """
    if not isinstance(member, _Reading):
        raise InvalidValueError(f"not a rule reading: {member!r}")
    return shared.reading_meaning(member, error=InvalidValueError)


def field_rule(name: str) -> str:
    """The clause ID (``MK-INT-2``, ``MKH-BASE-1``, ...) the :class:`RulesOptions` field selects."""
    return shared.field_rule(RulesOptions, name, error=InvalidValueError)


def field_meaning(name: str) -> str:
    """What the :class:`RulesOptions` field selects, in one line, without its rule ID.

    >>> field_meaning("tuna_roll")
    "When the Tuna Boat's one roll is made."
    >>> field_meaning("expansion")
    'Play with the Harbor expansion (its cards, City Hall, 6 landmarks to win).'
    """
    return shared.field_meaning(RulesOptions, name, error=InvalidValueError)
