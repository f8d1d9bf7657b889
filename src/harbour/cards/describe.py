"""Plain-English descriptions of card effects, generated from the card data.

Used by the narration and the card reference, so both always say what the engine does.
"""

from __future__ import annotations

from harbour.cards.abilities import Ability
from harbour.cards.effects import (
    Buy,
    Convert,
    Effect,
    Exchange,
    Gain,
    GainChoice,
    GainPerSymbol,
    OneOf,
    SwapMarket,
    Symbol,
    TwoPart,
)
from harbour.cards.model import BonusCard, Building, PlayerBoard
from harbour.goods import GOODS

__all__ = [
    "ability_rule",
    "card_rules",
    "describe_bonus_card",
    "describe_building",
    "describe_effect",
    "describe_symbols",
    "effect_rules",
    "symbol_rule",
]

# The clauses of the specification that govern each kind of action, ability and symbol:
# the card reference, the card pictures and the gallery cite them.
_EFFECT_RULES: dict[type, tuple[str, ...]] = {
    Gain: ("ACT-1", "GOODS-2"),
    GainChoice: ("ACT-2", "GOODS-2"),
    GainPerSymbol: ("ACT-3", "SYM-5"),
    Convert: ("ACT-4", "GOODS-1"),
    Exchange: ("ACT-5", "GOODS-1"),
    SwapMarket: ("ACT-6",),
    Buy: ("BUY-1", "BUY-6", "MARKET-1"),
    TwoPart: ("ACT-7",),
    OneOf: ("ACT-8",),
}
_ABILITY_RULES = {
    "ExtraGain": "ABIL-1",
    "ShippingKeepsExcess": "ABIL-2",
    "ShippingKeepsOneEach": "ABIL-3",
    "ShippingBonus": "ABIL-4",
    "CollectWhenShipped": "ABIL-5",
    "GainOnPurchase": "ABIL-6",
    "GainWhenOthersUseStart": "ABIL-7",
    "FreeBuildingAtSetup": "ABIL-8",
    "PointsForMarketValue": "ABIL-9",
    "ShareOccupiedBuildings": "ABIL-10",
    "AlchemistConversion": "ABIL-11",
    "OncePerTurnConversion": "ABIL-11",
}
_SYMBOL_RULES = {
    Symbol.COIN: "SYM-1",
    Symbol.ANCHOR: "SYM-2",
    Symbol.WAREHOUSE: "SYM-3",
    Symbol.TOP_HAT: "SYM-4",
}


def effect_rules(effect: Effect) -> list[str]:
    """The rule IDs that govern an action, its parts included, in first-seen order."""
    out = list(_EFFECT_RULES[type(effect)])
    parts: tuple[Effect, ...] = ()
    if isinstance(effect, TwoPart):
        parts = effect.parts
    elif isinstance(effect, OneOf):
        parts = effect.options
    if isinstance(effect, Buy) and effect.count > 1:
        out.append("BUY-5")
    for part in parts:
        out.extend(r for r in effect_rules(part) if r not in out)
    return out


def ability_rule(ability: Ability) -> str:
    """The clause that governs a character ability (ABIL-1 to ABIL-11)."""
    return _ABILITY_RULES[type(ability).__name__]


def symbol_rule(symbol: Symbol) -> str:
    """The clause that says what an owner symbol does (SYM-1 to SYM-4)."""
    return _SYMBOL_RULES[symbol]


def card_rules(card: Building | PlayerBoard | BonusCard) -> list[str]:
    """Every clause that governs a card, without repeats, in a fixed order.

    What its action and owner symbols do, a building without a price (BUY-7), a player
    board (COMP-3) and its ability, or a bonus card's terms. The card pictures and the
    gallery cite these.
    """
    if isinstance(card, BonusCard):
        return ["BONUS-1", "BONUS-2"]
    rules = ["COMP-3"] if isinstance(card, PlayerBoard) else []
    rules += [*effect_rules(card.action), *(symbol_rule(s) for s in card.symbols)]
    if isinstance(card, Building) and card.cost is None:
        rules.append("BUY-7")
    if isinstance(card, PlayerBoard) and card.ability is not None:
        rules.append(ability_rule(card.ability))
    return list(dict.fromkeys(rules))


def _kinds(kinds: tuple[object, ...]) -> str:
    names = [getattr(k, "label", str(k)) for k in kinds]
    return " and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " or " + names[-1]


def describe_effect(effect: Effect) -> str:
    """One sentence (without the final full stop) saying what an action does."""
    if isinstance(effect, Gain):
        return f"Gain {effect.goods.describe()}"
    if isinstance(effect, GainChoice):
        what = "goods" if effect.amount > 1 else "good"
        lead = f"Gain {effect.fixed.describe()} and" if effect.fixed.total else "Gain"
        if tuple(effect.kinds) == GOODS:
            return f"{lead} {effect.amount} {what} of your choice"
        return f"{lead} {effect.amount} {what} of your choice, any mix of {_kinds(effect.kinds)}"
    if isinstance(effect, GainPerSymbol):
        return f"Gain {effect.amount} {effect.good.label} for each {effect.symbol.value} you own"
    if isinstance(effect, Convert):
        return f"Spend {effect.spend.describe()} to gain {effect.gain.describe()}"
    if isinstance(effect, Exchange):
        other = " other" if effect.other else ""
        if effect.gain_kinds == 1:
            gain = f"{effect.gain_amount} of one{other} good of your choice"
        else:
            gain = f"{effect.gain_amount} each of {effect.gain_kinds}{other} goods of your choice"
        return f"Spend {effect.spend_amount} of one good of your choice to gain {gain}"
    if isinstance(effect, SwapMarket):
        return "Swap the goods on two market squares of your choice"
    if isinstance(effect, Buy):
        if effect.count == 1:
            return "Buy a building by shipping goods"
        return f"Buy up to {effect.count} buildings at once by shipping goods"
    if isinstance(effect, TwoPart):
        first = describe_effect(effect.first)
        second = describe_effect(effect.second)
        return f"{first}, and {second[0].lower()}{second[1:]}, in either order"
    assert isinstance(effect, OneOf)
    parts = [describe_effect(o) for o in effect.options]
    rest = [p[0].lower() + p[1:] for p in parts[1:]]
    return " or ".join([parts[0], *rest])


def describe_symbols(symbols: tuple[Symbol, ...]) -> str:
    """``"anchor and coin"``; ``"none"`` when empty."""
    if not symbols:
        return "none"
    return " and ".join(s.value for s in symbols)


def describe_building(card: Building | PlayerBoard) -> str:
    """A one-line summary: name, price, points, symbols and action."""
    action = describe_effect(card.action) + "."
    if isinstance(card, PlayerBoard):
        return (
            f"{card.name} (starting building; symbols: {describe_symbols(card.symbols)}): {action}"
        )
    price = "no price" if card.cost is None else f"${card.cost}"
    return (
        f"{card.name} ({price}, {card.points} VP; symbols: {describe_symbols(card.symbols)}): "
        f"{action}"
    )


def describe_bonus_card(card: BonusCard) -> str:
    """What a bonus point card scores (BONUS-2): ``"1 VP for every 2 fish"``, with its limit."""
    text = f"{card.points} VP for every {card.goods} {card.good.label}"
    if card.max_trades is not None:
        times = "time" if card.max_trades == 1 else "times"
        text += f", at most {card.max_trades} {times}"
    return text
