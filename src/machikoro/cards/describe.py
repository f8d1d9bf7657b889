"""Plain-English descriptions of cards, generated from their typed effects.

The card reference (``docs/machikoro/cards.md``) and the card clauses of the
specification (``spec/cards.md``) are written from these, so the text always says what the
engine does.

>>> from machikoro.cards.catalogue import card_set
>>> from machikoro.cards.model import Establishment
>>> describe_establishment(card_set().establishment(Establishment.SUSHI_BAR))
'If you have a Harbor, take 3 coins from the player who rolled.'
"""

from __future__ import annotations

from typing import assert_never

from machikoro.cards.model import (
    AddToRoll,
    BonusForIcons,
    BuildNothingBonus,
    CoinWhenBroke,
    Colour,
    Earn,
    EarnPerEstablishment,
    EarnPerIcon,
    EarnTunaRoll,
    Effect,
    EstablishmentCard,
    ExtraTurnOnDoubles,
    LandmarkCard,
    LandmarkEffect,
    Reroll,
    RollTwoDice,
    TakeFromChosen,
    TakeFromEach,
    TakeFromRoller,
    TakeHalf,
    TakePerIcons,
    TradeEstablishment,
)

__all__ = [
    "WHEN",
    "activation_text",
    "describe_effect",
    "describe_establishment",
    "describe_landmark",
    "effect_rule",
]

#: On whose turn each colour activates (MK-COLOR-1..4).
WHEN: dict[Colour, str] = {
    Colour.BLUE: "on anyone's turn",
    Colour.GREEN: "on your turn only",
    Colour.RED: "on another player's turn",
    Colour.PURPLE: "on your turn only",
}


def _coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


def describe_effect(effect: Effect) -> str:
    """What an establishment's effect does, as a sentence without its condition."""
    match effect:
        case Earn(amount=n):
            return f"Get {_coins(n)} from the bank."
        case EarnPerIcon(amount=n, icon=icon):
            return f"Get {_coins(n)} from the bank for each {icon.value} establishment you own."
        case EarnPerEstablishment(amount=n, establishment=kind):
            name = kind.key.replace("-", " ").title()
            return f"Get {_coins(n)} from the bank for each {name} you own."
        case EarnTunaRoll():
            return (
                "The player whose turn it is rolls 2 dice (once, whatever the number of "
                "Tuna Boats); get as many coins as the dice total from the bank."
            )
        case TakeFromRoller(amount=n):
            return f"Take {_coins(n)} from the player who rolled."
        case TakeFromEach(amount=n):
            return f"Take {_coins(n)} from each opponent."
        case TakeFromChosen(amount=n):
            return f"Take {_coins(n)} from an opponent of your choice."
        case TradeEstablishment():
            return (
                "You may exchange one of your non-major establishments with one of an opponent's."
            )
        case TakePerIcons(amount=n, icons=icons):
            kinds = " and ".join(i.value for i in icons)
            return f"Take {_coins(n)} from each opponent for each {kinds} establishment they own."
        case TakeHalf(threshold=t):
            return f"From each opponent who has {t} coins or more, take half, rounded down."
        case _:  # pragma: no cover - mypy proves it unreachable
            assert_never(effect)


def describe_establishment(card: EstablishmentCard) -> str:
    """The card's effect with its condition, as the card reference prints it."""
    text = describe_effect(card.effect)
    if card.requires is not None:
        name = card.requires.key.replace("-", " ").title()
        text = f"If you have a {name}, {text[0].lower()}{text[1:]}"
    return text


def describe_landmark(card: LandmarkCard) -> str:
    """A landmark's lasting benefit, as a sentence."""
    effect: LandmarkEffect = card.effect
    match effect:
        case RollTwoDice():
            return "You may roll 1 or 2 dice."
        case BonusForIcons(amount=n, icons=icons):
            kinds = " and ".join(i.value for i in icons)
            return f"Your {kinds} establishments earn {_coins(n)} more when activated."
        case ExtraTurnOnDoubles():
            return "If you roll doubles, take another turn after this one."
        case Reroll():
            return "Once every turn, you may roll the dice again."
        case CoinWhenBroke(amount=n):
            return (
                f"Immediately before you build, if you have 0 coins, get {_coins(n)} from the bank."
            )
        case AddToRoll(amount=n, minimum=m):
            return f"On your turn, if the dice total {m} or more, you may add {n} to the total."
        case BuildNothingBonus(amount=n):
            return f"If you build nothing on your turn, get {_coins(n)} from the bank."
        case _:  # pragma: no cover - mypy proves it unreachable
            assert_never(effect)


def activation_text(card: EstablishmentCard) -> str:
    """The die totals as printed: ``"2-3"``, ``"12-14"`` or ``"6"``."""
    first, last = card.activation[0], card.activation[-1]
    return str(first) if first == last else f"{first}-{last}"


def effect_rule(card: EstablishmentCard) -> str:
    """The colour rule that says when the card activates (MK-COLOR-1..4)."""
    return {
        Colour.BLUE: "MK-COLOR-1",
        Colour.GREEN: "MK-COLOR-2",
        Colour.RED: "MK-COLOR-3",
        Colour.PURPLE: "MK-COLOR-4",
    }[card.colour]
