"""What happened when a move was applied: frozen, typed events in the order they happened.

:func:`harbour.apply_move_with_events` returns them with the new state. A frontend that
animates a game, a log, or the narration (:mod:`harbour.views.narrate`) reads them instead of
comparing the states before and after. Every event names the clause of the rules
specification that produced it in :attr:`rule_id`.

Events describe the whole game as the engine sees it (the narrator's view): the buildings
a free-building ability shows, for example, are in :class:`FreeBuildingOffered`. Show a
player only the events their :func:`harbour.observe` view allows.

>>> import harbour
>>> state = harbour.new_game(2, seed=1)
>>> state, events = harbour.apply_move_with_events(
...     state, harbour.ChooseStartingGoods(harbour.Goods(fish=3))
... )
>>> events
(StartingGoodsChosen(player=0, goods=Goods(fish=3, livestock=0, wood=0, stone=0), rule_id='SETUP-4'),)
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from harbour.cards.effects import Effect, Symbol
from harbour.goods import Good, Goods
from harbour.scoring import Outcome
from harbour.state import Site

__all__ = [
    "BuildingsBought",
    "CharacterChosen",
    "DeckRanOut",
    "DisplayRefilled",
    "Event",
    "FreeBuildingOffered",
    "FreeBuildingTaken",
    "GameEnded",
    "GiftOwed",
    "GoodsConverted",
    "GoodsGained",
    "GoodsShipped",
    "LastRoundBegan",
    "MarketAdjusted",
    "MarketSwapped",
    "MoneyLost",
    "NothingBought",
    "OptionChosen",
    "PartChosen",
    "PawnMoved",
    "SoldToTraders",
    "StartingGoodsChosen",
    "StepSkipped",
    "SymbolsCounted",
    "TollDeferred",
    "TollDue",
    "TollForgiven",
    "TollPaid",
    "TollWaived",
    "TurnBegan",
    "TurnEnded",
]

Market: TypeAlias = tuple[Good, Good, Good, Good]

# --------------------------------------------------------------------------- setup


@attrs.frozen(slots=True)
class StartingGoodsChosen:
    """``player`` starts with ``goods`` (SETUP-4, or SETUP-5 in the first-game setup)."""

    player: int
    goods: Goods
    rule_id: str = "SETUP-4"


@attrs.frozen(slots=True)
class CharacterChosen:
    """``player`` keeps character board ``board``; the boards in ``returned`` leave the game."""

    player: int
    board: int
    returned: tuple[int, ...]
    rule_id: str = "CHAR-2"


@attrs.frozen(slots=True)
class FreeBuildingOffered:
    """``player`` looks at the top deck buildings ``options`` to take one for free (ABIL-8)."""

    player: int
    options: tuple[int, ...]
    rule_id: str = "ABIL-8"


@attrs.frozen(slots=True)
class FreeBuildingTaken:
    """``player`` takes building ``card`` from the deck for free (ABIL-8)."""

    player: int
    card: int
    rule_id: str = "ABIL-8"


# --------------------------------------------------------------------------- turns


@attrs.frozen(slots=True)
class TurnBegan:
    """Turn number ``turn`` of ``player`` begins (SETUP-6 for the first, TURN-5 after)."""

    player: int
    turn: int
    rule_id: str = "TURN-5"


@attrs.frozen(slots=True)
class TurnEnded:
    """``player``'s turn number ``turn`` ends: the action and any toll are complete (TURN-5)."""

    player: int
    turn: int
    rule_id: str = "TURN-5"


@attrs.frozen(slots=True)
class PawnMoved:
    """``player`` moved their pawn from ``origin`` to ``site`` (TURN-1; ABIL-10 when joining).

    ``owner`` is the seat owning the building (``None`` for a display building);
    ``joined`` the seats whose pawns already stood there (ABIL-10).
    """

    player: int
    site: Site
    origin: Site | None
    owner: int | None
    joined: tuple[int, ...] = ()
    rule_id: str = "TURN-1"


@attrs.frozen(slots=True)
class GiftOwed:
    """``player`` is to choose ``amount`` goods, given by an ability (ABIL-6, ABIL-7, ABIL-10)."""

    player: int
    amount: int
    rule_id: str


# --------------------------------------------------------------------------- tolls


@attrs.frozen(slots=True)
class TollDue:
    """``payer`` owes ``owner`` a toll for using their building (TOLL-1)."""

    payer: int
    owner: int
    rule_id: str = "TOLL-1"


@attrs.frozen(slots=True)
class TollWaived:
    """``payer`` uses ``owner``'s building without a toll: they own a top hat (TOLL-4)."""

    payer: int
    owner: int
    rule_id: str = "TOLL-4"


@attrs.frozen(slots=True)
class TollPaid:
    """``payer`` paid ``owner`` one ``good`` (TOLL-1), before the action or after it (TOLL-2).

    ``received`` is false when the owner already held 6 of it, so the unit was lost
    (INT-17).
    """

    payer: int
    owner: int
    good: Good
    after_action: bool
    received: bool
    rule_id: str = "TOLL-1"


@attrs.frozen(slots=True)
class TollDeferred:
    """``payer`` will pay ``owner`` the toll after the action (TOLL-2)."""

    payer: int
    owner: int
    rule_id: str = "TOLL-2"


@attrs.frozen(slots=True)
class TollForgiven:
    """``payer`` held no goods when the deferred toll fell due, so it is not paid (INT-5)."""

    payer: int
    owner: int
    rule_id: str = "INT-5"


# --------------------------------------------------------------------------- actions


@attrs.frozen(slots=True)
class OptionChosen:
    """``player`` chose option ``index`` of an either-or action (ACT-8)."""

    player: int
    index: int
    option: Effect
    rule_id: str = "ACT-8"


@attrs.frozen(slots=True)
class PartChosen:
    """``player`` does part ``index`` of a two-part action first (ACT-7)."""

    player: int
    index: int
    part: Effect
    rule_id: str = "ACT-7"


@attrs.frozen(slots=True)
class GoodsGained:
    """``player`` gained ``got`` of the ``wanted`` goods; the rest was lost over 6 (GOODS-2).

    ``rule_id`` names the cause: a building's action (ACT-1 to ACT-3), an ability
    (ABIL-1 extra goods, ABIL-5 collecting, ABIL-6, ABIL-7 and ABIL-10 gifts).
    """

    player: int
    wanted: Goods
    got: Goods
    rule_id: str

    @property
    def lost(self) -> Goods:
        """The units lost over the limit of 6."""
        return self.wanted.minus(self.got)


@attrs.frozen(slots=True)
class SymbolsCounted:
    """A gain of ``amount`` per symbol counted ``count`` of ``player``'s ``symbol`` symbols.

    ACT-3, SYM-5; the goods follow in a :class:`GoodsGained` unless the count is 0.
    """

    player: int
    symbol: Symbol
    count: int
    amount: int
    rule_id: str = "ACT-3"


@attrs.frozen(slots=True)
class GoodsConverted:
    """``player`` spent ``spent`` (and paid ``fee``) and gained ``got`` of ``wanted``.

    A fixed conversion (ACT-4), a flexible one (ACT-5) or a once-per-turn ability
    (ABIL-11, the only one with a fee).
    """

    player: int
    spent: Goods
    wanted: Goods
    got: Goods
    rule_id: str
    fee: Goods = attrs.field(factory=Goods)

    @property
    def lost(self) -> Goods:
        """The units lost over the limit of 6."""
        return self.wanted.minus(self.got)


@attrs.frozen(slots=True)
class StepSkipped:
    """A step of ``player``'s action could not be done and was skipped (TURN-4, ACT-4, ACT-5)."""

    player: int
    effect: Effect
    rule_id: str


@attrs.frozen(slots=True)
class MarketSwapped:
    """``player`` swapped market squares ``first`` and ``second``; ``market`` is the result (ACT-6)."""

    player: int
    first: int
    second: int
    market: Market
    rule_id: str = "ACT-6"


# --------------------------------------------------------------------------- shipping and buying


@attrs.frozen(slots=True)
class SoldToTraders:
    """``player`` sold ``goods`` to the Inland Traders for ``money`` dollars (INLAND-2)."""

    player: int
    goods: Goods
    money: int
    rule_id: str = "INLAND-2"


@attrs.frozen(slots=True)
class GoodsShipped:
    """``player`` shipped ``goods`` (BUY-1 to BUY-4); nothing when ``goods`` is empty.

    ``held`` is the warehouse before shipping, ``values`` the square value of each shipped
    good, ``bonus`` what an ability added (ABIL-4), ``base`` the Inland Traders' money
    already made (INLAND-2) and ``money`` the total to spend. ``kept`` is what stayed in
    the warehouse of each shipped good, ``warehouse_keep`` the part warehouse symbols kept
    (SYM-3); the rest of ``kept`` an ability kept (ABIL-2, ABIL-3).
    """

    player: int
    goods: tuple[Good, ...]
    held: Goods
    values: tuple[int, ...]
    bonus: int
    base: int
    money: int
    kept: Goods
    warehouse_keep: Goods
    rule_id: str = "BUY-4"


@attrs.frozen(slots=True)
class MarketAdjusted:
    """The market after shipping ``shipped`` (MARKET-1, MARKET-2): ``before`` became ``after``."""

    shipped: tuple[Good, ...]
    before: Market
    after: Market
    rule_id: str = "MARKET-2"


@attrs.frozen(slots=True)
class MoneyLost:
    """``player``'s ``amount`` dollars are lost: nothing is bought with them (BUY-6)."""

    player: int
    amount: int
    rule_id: str = "BUY-6"


@attrs.frozen(slots=True)
class BuildingsBought:
    """``player`` bought ``cards`` for ``price`` dollars of the ``money`` made (BUY-5, BUY-6, BUY-8).

    ``listed`` is the printed total; coins took ``listed - price`` off (SYM-1, INT-9).
    """

    player: int
    cards: tuple[int, ...]
    listed: int
    price: int
    money: int
    rule_id: str = "BUY-6"


@attrs.frozen(slots=True)
class NothingBought:
    """``player`` bought nothing with the ``money`` made (BUY-6, INT-6)."""

    player: int
    money: int
    rule_id: str = "BUY-6"


@attrs.frozen(slots=True)
class DisplayRefilled:
    """Display position ``slot`` took ``card`` from the top of the deck (DISPLAY-1)."""

    slot: int
    card: int
    rule_id: str = "DISPLAY-1"


@attrs.frozen(slots=True)
class DeckRanOut:
    """The deck was empty, so the display shrank to ``size`` buildings (INT-8)."""

    size: int
    rule_id: str = "INT-8"


# --------------------------------------------------------------------------- the end


@attrs.frozen(slots=True)
class LastRoundBegan:
    """``player``'s turn began the last round; ``turns`` more turns follow it.

    ``rule_id`` is END-1 for a 4th building bought, INT-8 for an empty deck.
    """

    player: int
    turns: int
    rule_id: str = "END-1"


@attrs.frozen(slots=True)
class GameEnded:
    """The game is over (END-2), with its :class:`~harbour.Outcome`."""

    outcome: Outcome
    rule_id: str = "END-2"


#: Anything that can happen when a move is applied.
Event: TypeAlias = (
    StartingGoodsChosen
    | CharacterChosen
    | FreeBuildingOffered
    | FreeBuildingTaken
    | TurnBegan
    | TurnEnded
    | PawnMoved
    | GiftOwed
    | TollDue
    | TollWaived
    | TollPaid
    | TollDeferred
    | TollForgiven
    | OptionChosen
    | PartChosen
    | GoodsGained
    | SymbolsCounted
    | GoodsConverted
    | StepSkipped
    | MarketSwapped
    | SoldToTraders
    | GoodsShipped
    | MarketAdjusted
    | MoneyLost
    | BuildingsBought
    | NothingBought
    | DisplayRefilled
    | DeckRanOut
    | LastRoundBegan
    | GameEnded
)
