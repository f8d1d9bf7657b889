"""Why a move is illegal: the rule ID and a plain sentence (used by :class:`IllegalMoveError`).

Legality itself is decided by :func:`harbour.legal_moves` alone; this module only
explains a move already found not to be legal, so the two can never disagree about
what is legal.
"""

from __future__ import annotations

from harbour.cards.abilities import ShareOccupiedBuildings
from harbour.cards.effects import Buy, Exchange, GainChoice, OneOf, SwapMarket, Symbol, TwoPart
from harbour.goods import GOODS
from harbour.moves import (
    ChooseCharacter,
    ChooseFreeBuilding,
    ChooseOption,
    ChoosePart,
    ChooseStartingGoods,
    DeferToll,
    ExchangeGoods,
    Move,
    MovePawn,
    PayToll,
    Purchase,
    SellToTraders,
    Ship,
    SwapSquares,
    TakeGoods,
    UseAbility,
)
from harbour.options import BuyRule, WarehouseKeep
from harbour.queries import (
    affords,
    conversion_terms,
    discounted_total,
    shipment_money,
    sites_in_play,
    toll_owner,
)
from harbour.state import (
    GameState,
    Pending,
    PendingCharacter,
    PendingEffect,
    PendingFreeBuilding,
    PendingGift,
    PendingMove,
    PendingPurchase,
    PendingShip,
    PendingStartingGoods,
    PendingToll,
    PendingTollAfter,
)

__all__ = ["describe_pending", "diagnose"]


def describe_pending(pending: Pending) -> str:
    """What the pending decision asks, in a few words."""
    if isinstance(pending, PendingStartingGoods):
        return "choosing starting goods"
    if isinstance(pending, PendingMove):
        return "moving the pawn"
    if isinstance(pending, PendingToll):
        return "paying the toll now or deferring it"
    if isinstance(pending, PendingTollAfter):
        return "paying the deferred toll"
    if isinstance(pending, PendingPurchase):
        return "choosing the buildings to buy"
    if isinstance(pending, PendingCharacter):
        return "choosing a character board"
    if isinstance(pending, PendingFreeBuilding):
        return "choosing a free building"
    if isinstance(pending, PendingGift):
        return f"choosing {pending.amount} good(s) to gain"
    if isinstance(pending, PendingShip):
        return "choosing the goods to ship"
    effect = pending.effect
    if isinstance(effect, GainChoice):
        return "choosing the goods to gain"
    if isinstance(effect, Exchange):
        return "choosing a conversion"
    if isinstance(effect, SwapMarket):
        return "choosing two market squares to swap"
    if isinstance(effect, Buy):
        return "choosing the goods to ship"
    if isinstance(effect, TwoPart):
        return "choosing which part of the action to do first"
    if isinstance(effect, OneOf):
        return "choosing one of the action's options"
    return "performing the action"  # pragma: no cover - automatic steps never wait


_ANSWERS: dict[type, tuple[type, ...]] = {
    ChooseStartingGoods: (PendingStartingGoods,),
    ChooseCharacter: (PendingCharacter,),
    ChooseFreeBuilding: (PendingFreeBuilding,),
    MovePawn: (PendingMove,),
    PayToll: (PendingToll, PendingTollAfter),
    DeferToll: (PendingToll,),
    Purchase: (PendingPurchase,),
    TakeGoods: (PendingGift,),
    Ship: (PendingShip,),
    SellToTraders: (PendingShip, PendingPurchase),
    UseAbility: (
        PendingMove,
        PendingToll,
        PendingTollAfter,
        PendingEffect,
        PendingPurchase,
        PendingShip,
    ),
}

_EFFECT_ANSWERS: dict[type, type] = {
    TakeGoods: GainChoice,
    ExchangeGoods: Exchange,
    SwapSquares: SwapMarket,
    Ship: Buy,
    SellToTraders: Buy,
    ChoosePart: TwoPart,
    ChooseOption: OneOf,
}


def _answers(pending: Pending, move: Move) -> bool:
    answers = _ANSWERS.get(type(move), ())
    if isinstance(pending, answers):
        return True
    effect_type = _EFFECT_ANSWERS.get(type(move))
    return (
        effect_type is not None
        and isinstance(pending, PendingEffect)
        and isinstance(pending.effect, effect_type)
    )


def diagnose(state: GameState, move: Move) -> tuple[str, str]:
    """The rule ID and reason that make ``move`` illegal in ``state``."""
    pending = state.pending
    if pending is None:
        return "END-2", "The game is over; no move is legal."
    if isinstance(move, SellToTraders) and not state.options.inland_traders:
        return "INLAND-1", "This game is not played with the Inland Traders side."
    if isinstance(move, UseAbility) and conversion_terms(state, state.current) is None:
        return "ABIL-11", f"Player {state.current + 1} has no once-per-turn conversion."
    if not _answers(pending, move):
        return (
            "TURN-6",
            f"Player {state.decider + 1} is {describe_pending(pending)}; "
            f"a {type(move).__name__} move does not answer that.",
        )
    reason = _specific(state, pending, move)
    if reason is not None:
        return reason
    if any(isinstance(p, PendingTollAfter) for p in state.stack):
        return "TOLL-5", "That choice would leave no good to pay the deferred toll with."
    if isinstance(move, MovePawn | DeferToll):
        return "TOLL-5", "The toll there could be paid neither before nor after the action."
    return "TURN-6", f"{move!r} is not one of the legal moves now."


def _specific(state: GameState, pending: Pending, move: Move) -> tuple[str, str] | None:
    player = state.current
    held = state.players[player].goods
    if isinstance(move, ChooseStartingGoods):
        if min(move.goods.as_tuple()) < 0:
            return "GOODS-1", "No good can start below 0."
        if state.options.first_game:
            return "SETUP-5", "In the first-game setup every player starts with 1 of each good."
        return "SETUP-4", f"Choose exactly 3 starting goods, not {move.goods.total}."
    if isinstance(move, ChooseCharacter):
        assert isinstance(pending, PendingCharacter)
        return "CHAR-2", f"Keep one of the boards offered: {list(pending.offered)}."
    if isinstance(move, ChooseFreeBuilding):
        assert isinstance(pending, PendingFreeBuilding)
        return "ABIL-8", f"Take one of the top deck buildings: {list(pending.options)}."
    if isinstance(move, UseAbility):
        return _diagnose_ability(state, move)
    if isinstance(move, SellToTraders):
        if isinstance(pending, PendingShip):
            return "INLAND-2", "The Inland Traders buy once per buy action."
        if isinstance(pending, PendingPurchase):
            return "INLAND-2", "The Inland Traders buy before shipping, not after."
        return "INLAND-2", "Selling to the Inland Traders needs one of each good."
    if isinstance(move, TakeGoods) and isinstance(pending, PendingGift):
        return "TURN-6", f"Take exactly {pending.amount} good(s), none negative."
    if isinstance(move, MovePawn):
        return _diagnose_pawn(state, move)
    if isinstance(move, PayToll):
        if not held[move.good]:
            return "TOLL-1", f"Player {player + 1} holds no {move.good.label} to pay the toll with."
        return None
    if isinstance(move, Purchase):
        assert isinstance(pending, PendingPurchase)
        return _diagnose_purchase(state, pending, move)
    if isinstance(pending, PendingShip):
        assert isinstance(move, Ship)
        return _diagnose_ship(state, pending, move)
    assert isinstance(pending, PendingEffect)
    effect = pending.effect
    if isinstance(move, TakeGoods):
        assert isinstance(effect, GainChoice)
        if min(move.goods.as_tuple()) < 0 or move.goods.total != effect.amount:
            return "ACT-2", f"Take exactly {effect.amount} goods, none negative."
        return "ACT-2", "Those goods are not among the kinds this action offers."
    if isinstance(move, ExchangeGoods):
        assert isinstance(effect, Exchange)
        if held[move.spend] < effect.spend_amount:
            return (
                "GOODS-1",
                f"Spending {effect.spend_amount} {move.spend.label} would take it below 0.",
            )
        return "ACT-5", (
            f"Gain {effect.gain_kinds} different good(s)"
            + (" other than the one spent." if effect.other else ".")
        )
    if isinstance(move, SwapSquares):
        return "ACT-6", "Swap two different squares, numbered 0 to 3, the lower first."
    if isinstance(move, ChoosePart):
        return "ACT-7", "A two-part action has parts 0 and 1."
    if isinstance(move, ChooseOption):
        assert isinstance(effect, OneOf)
        return "ACT-8", f"This action has options 0 to {len(effect.options) - 1}."
    assert isinstance(move, Ship)
    return _diagnose_ship(state, pending, move)


def _diagnose_ability(state: GameState, move: UseAbility) -> tuple[str, str] | None:
    if state.ability_used:
        return "ABIL-11", "The conversion can be used once per turn; it was used this turn."
    terms = conversion_terms(state, state.current)
    assert terms is not None
    fee, spend, _ = terms
    if move.fee.total != fee or min(move.fee.as_tuple()) < 0:
        return "ABIL-11", f"The conversion's fee is {fee} good(s)."
    if move.spend == move.gain:
        return "ABIL-11", "The conversion turns goods into another kind."
    held = state.players[state.current].goods
    if not held.covers(move.fee) or held.minus(move.fee)[move.spend] < spend:
        return (
            "GOODS-1",
            f"Paying that would take a good below 0 (spend {spend} {move.spend.label}).",
        )
    return None


def _diagnose_pawn(state: GameState, move: MovePawn) -> tuple[str, str] | None:
    site = move.site
    if site not in sites_in_play(state):
        return "TURN-3", f"{site!r} is not a building in play."
    if site == state.players[state.current].pawn:
        return (
            "TURN-2",
            f"Your pawn is already on {state.site_name(site)}; move to another building.",
        )
    sharer = isinstance(state.board_of(state.current).ability, ShareOccupiedBuildings)
    for seat, p in enumerate(state.players):
        if p.pawn == site and not sharer:  # ABIL-10 lets its owner join another pawn
            return "TURN-1", f"{state.site_name(site)} is occupied by Player {seat + 1}'s pawn."
    if toll_owner(state, state.current, site) is not None:
        return "TOLL-5", (
            f"Player {state.current + 1} could pay the toll at {state.site_name(site)} "
            "neither before nor after its action."
        )
    return None


def _diagnose_ship(state: GameState, pending: Pending, move: Ship) -> tuple[str, str] | None:
    player = state.current
    held = state.players[player].goods
    if list(move.goods) != sorted(set(move.goods)):
        return (
            "BUY-3",
            "List each shipped good once, in canonical order (fish, livestock, wood, stone).",
        )
    for good in move.goods:
        if held[good] < state.value_of(good):
            return "BUY-2", (
                f"Shipping {good.label} needs at least {state.value_of(good)} "
                f"(its market square's value); Player {player + 1} holds {held[good]}."
            )
    warehouses = state.symbol_count(player, Symbol.WAREHOUSE)
    if min(move.keep.as_tuple()) < 0 or move.keep.total > warehouses:
        return "SYM-3", f"Keep at most {warehouses} unit(s): one per warehouse symbol owned."
    for good in GOODS:
        if move.keep[good] and good not in move.goods:
            return "SYM-3", f"Only shipped goods can be kept; {good.label} is not shipped."
        limit = 1 if state.options.warehouse_keep is WarehouseKeep.ONE_PER_GOOD else held[good]
        if move.keep[good] > limit:
            return "INT-10", f"At most {limit} {good.label} can be kept."
    base = pending.money if isinstance(pending, PendingShip) else 0
    money = shipment_money(state, player, move.goods, base)
    if not affords(state, player, money):
        if state.options.buying is BuyRule.MANDATORY:
            return "INT-6", "Buying is mandatory and this shipment pays for no building."
        return "BUY-1", f"Goods are shipped only to buy a building, and ${money} buys none."
    if state.options.buying is BuyRule.MANDATORY:
        return "INT-6", "Buying is mandatory: ship goods that pay for a building."
    return None


def _diagnose_purchase(
    state: GameState, pending: PendingPurchase, move: Purchase
) -> tuple[str, str] | None:
    player = state.current
    if len(set(move.cards)) != len(move.cards):
        return "BUY-5", "A building can be bought only once."
    if len(move.cards) > pending.count:
        return "BUY-5", f"This action buys at most {pending.count} building(s)."
    for card in move.cards:
        if card not in state.display:
            return "BUY-5", f"Building {card} is not in the display."
        if state.cards.buildings[card].cost is None:
            name = state.cards.buildings[card].name
            return "BUY-7", f"{name} has no price and cannot be bought."
    if move.cards and list(move.cards) != sorted(move.cards, key=state.display.index):
        return "BUY-5", "List the buildings in display order."
    price = discounted_total(state, player, move.cards)
    if price > pending.money:
        return "BUY-6", f"The buildings cost ${price} but the shipment made ${pending.money}."
    if not move.cards:
        if state.options.buying is BuyRule.MANDATORY:
            return "INT-6", "Buying is mandatory and a building can be afforded."
        return "BUY-1", "Goods were shipped, so a building must be bought (INT-7)."
    if state.options.buying is BuyRule.MANDATORY:
        return "INT-6", "Buying is mandatory: buy as many buildings as can be afforded."
    return None
