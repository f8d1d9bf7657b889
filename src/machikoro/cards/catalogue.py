"""Every establishment and landmark of Machi Koro and its Harbor expansion, with provenance.

Seed 003 (the Harbor rulebook) gives no card values, and the base rulebook is not among
the project's documents, so every value here comes from the public card data the project's
survey collected (``research/other-games-public-data.md`` §1.3-1.4), each field with its
sources (:data:`SOURCES`) and a confidence: ``H`` (two or more independent sources agree,
or a rulebook says it), ``M`` (one good source, or implementations of unknown origin that
agree), or a :class:`Conflict` where the sources disagree. Nothing is invented: the one
conflict, the Sushi Bar's cost (4 or 2), is a choice (:class:`~machikoro.options.SushiBarCost`,
MK-INT-1).

The engine plays with :func:`card_set`: the cards of the chosen editions with the chosen
Sushi Bar cost.

>>> from machikoro.cards.catalogue import CATALOGUE, card_set
>>> entry = CATALOGUE.establishment(Establishment.SUSHI_BAR)
>>> entry.cost
Conflict(values=((4, ('variablepig', 'wiki', 'metrodice', 'minivilles')), (2, ('kevinddchen', 'nimvek', 'whakamua'))), note='...')
>>> card_set(expansion=True, sushi_bar_cost=2).establishment(Establishment.SUSHI_BAR).cost
2
>>> len(card_set(expansion=False).in_play_establishments())
15
"""

from __future__ import annotations

from typing import Generic, TypeAlias, TypeVar

import attrs

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
    Edition,
    Effect,
    Establishment,
    EstablishmentCard,
    ExtraTurnOnDoubles,
    Icon,
    Landmark,
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
from machikoro.errors import InvalidValueError
from meeplekit.values import shown

__all__ = [
    "CATALOGUE",
    "SOURCES",
    "CardSet",
    "Catalogue",
    "Conflict",
    "EstablishmentEntry",
    "Fact",
    "LandmarkEntry",
    "Source",
    "card_set",
]

T = TypeVar("T")


@attrs.frozen(slots=True)
class Source:
    """A public source of card data."""

    #: The short key facts cite it by.
    key: str
    #: What it is.
    title: str
    #: Where to find it (a URL, or a repository at a commit and a path).
    where: str


#: Every source the catalogue cites, by key.
SOURCES: dict[str, Source] = {
    s.key: s
    for s in (
        Source(
            "idw",
            "Machi Koro rulebook (IDW Games / Pandasaurus), component list",
            "https://de.scribd.com/document/391159067/Machi-RULES-reduced-pdf "
            "(transcription: https://64-ounce-games.myshopify.com/pages/machi-koro)",
        ),
        Source(
            "harbor-rules",
            "Machi Koro: Harbor Expansion rulebook, in the project's sources",
            "003_6672db208bb53134.txt (mirror: https://pl.scribd.com/document/391159085/"
            "Machi-Koro-Harbor-Expansion-RULES-Digital)",
        ),
        Source(
            "variablepig",
            "variablepig.org card tables of the base game and the expansions",
            "https://variablepig.org/rules/machikoro.html, "
            "http://variablepig.org/rules/machikoroexp.html",
        ),
        Source(
            "kevinddchen",
            "kevinddchen/machikoro card tables (MIT licence)",
            "github.com/kevinddchen/machikoro @ f16178e4a1cdf1f5a489a49d0eeead199c1e3d87, "
            "src/game/establishments/metadata.ts and src/game/landmarks/metadata.ts",
        ),
        Source(
            "metrodice",
            "apocalyptech/metrodice card classes (facts only; no code used)",
            "github.com/apocalyptech/metrodice @ 282cde1e7c486de568013271d12af75919506a58, "
            "metrodice/cards.py",
        ),
        Source(
            "nimvek",
            "NimVek/machi_koro card list",
            "github.com/NimVek/machi_koro @ 4b207bf759a4d8ba0b13362ca96bb722755845e0, "
            "src/machikoro/card.py",
        ),
        Source(
            "whakamua",
            "Whakamua/machi-koro-ai card list",
            "github.com/Whakamua/machi-koro-ai @ 1138f00a5a1fa6187891400c1497389d091cd36e, "
            "card_info.yaml",
        ),
        Source(
            "wiki",
            "Machi Koro fan wiki card pages",
            "http://machi-koro.wikia.com/wiki/List_of_cards",
        ),
        Source(
            "minivilles",
            "antoine-gajan/Machi-Koro, the French edition (Minivilles)",
            "github.com/antoine-gajan/Machi-Koro, src/cartes/batiment/rouge/SushiBar.cpp",
        ),
        Source(
            "sheffield",
            "Sheffield Board Gamers, Harbor expansion card texts",
            "https://www.sheffieldboardgamers.com/t524-machi-koro-harbor-expansion",
        ),
        Source(
            "survey",
            "The project's survey of the public data (derivations and cross-checks)",
            "research/other-games-public-data.md, sections 1.2-1.4",
        ),
    )
}


@attrs.frozen(slots=True)
class Fact(Generic[T]):
    """A known value with its sources and confidence (``"H"`` or ``"M"``)."""

    value: T
    sources: tuple[str, ...]
    confidence: str = "H"
    #: What a reader should know about it (an alias, a derivation, an outlier).
    note: str = ""


@attrs.frozen(slots=True)
class Conflict(Generic[T]):
    """Sources that disagree: each value with the sources that give it (the first is the default)."""

    values: tuple[tuple[T, tuple[str, ...]], ...]
    note: str = ""

    @property
    def confidence(self) -> str:
        """Always ``"CONFLICT"``."""
        return "CONFLICT"

    @property
    def sources(self) -> tuple[str, ...]:
        """Every source, of every value."""
        return tuple(s for _, sources in self.values for s in sources)


#: A field's provenance.
Known: TypeAlias = Fact[T] | Conflict[T]


@attrs.frozen(slots=True)
class EstablishmentEntry:
    """Every printed field of one establishment, each with its provenance."""

    number: Establishment
    name: Fact[str]
    colour: Fact[Colour]
    icon: Fact[Icon]
    activation: Fact[tuple[int, ...]]
    cost: Fact[int] | Conflict[int]
    effect: Fact[Effect]
    requires: Fact[Landmark | None]
    copies: Fact[int]
    edition: Edition
    starting: int = 0
    fifth_player_copies: int = 0

    def card(self, cost: int | None = None) -> EstablishmentCard:
        """The card the engine plays with (``cost`` picks a conflicting cost's value)."""
        if isinstance(self.cost, Conflict):
            allowed = [v for v, _ in self.cost.values]
            chosen = allowed[0] if cost is None else cost
            if chosen not in allowed:
                raise InvalidValueError(
                    f"the {self.name.value}'s cost is one of {allowed}, got {shown(cost)}"
                )
        else:
            chosen = self.cost.value
        return EstablishmentCard(
            number=self.number,
            name=self.name.value,
            colour=self.colour.value,
            icon=self.icon.value,
            activation=self.activation.value,
            cost=chosen,
            effect=self.effect.value,
            requires=self.requires.value,
            edition=self.edition,
            copies=self.copies.value,
            starting=self.starting,
            fifth_player_copies=self.fifth_player_copies,
        )


@attrs.frozen(slots=True)
class LandmarkEntry:
    """Every printed field of one landmark, each with its provenance."""

    number: Landmark
    name: Fact[str]
    cost: Fact[int]
    effect: Fact[LandmarkEffect]
    edition: Edition
    pre_built: bool = False

    def card(self) -> LandmarkCard:
        """The card the engine plays with."""
        return LandmarkCard(
            self.number, self.name.value, self.cost.value, self.effect.value, self.edition,
            self.pre_built,
        )  # fmt: skip


@attrs.frozen(slots=True)
class Catalogue:
    """The whole catalogue: every establishment and landmark entry, by number."""

    establishments: tuple[EstablishmentEntry, ...]
    landmarks: tuple[LandmarkEntry, ...]

    def establishment(self, number: Establishment) -> EstablishmentEntry:
        """The entry of one establishment."""
        return self.establishments[number]

    def landmark(self, number: Landmark) -> LandmarkEntry:
        """The entry of one landmark."""
        return self.landmarks[number]


# --------------------------------------------------------------------------- the data

#: The sources that agree on every base-game establishment's printed values.
_BASE = ("variablepig", "kevinddchen", "metrodice")
#: The sources that agree on the Harbor establishments' printed values.
_HARBOR = ("variablepig", "kevinddchen", "metrodice")
#: Icons the three implementations print alike (wheat, cow, bread, cup, gear).
_ICON = ("kevinddchen", "metrodice", "survey")
_ICON_NOTE = "kevinddchen has no factory, fruit, boat or tower icon (its type is null)"
#: Copies per regular establishment: 72 base establishments over 12 kinds (IDW component list).
_BASE_COPIES = Fact(6, ("idw", "survey", "metrodice", "kevinddchen"), "H", "derived: 72 / 12")
#: Copies per base major: 12 majors over 3 kinds, plus one each for a 5th player (003:31, 003:45).
_BASE_MAJOR_COPIES = Fact(
    4, ("idw", "harbor-rules", "survey"), "H", "derived: 12 / 3; the Harbor box adds a 5th copy"
)
#: Copies per Harbor establishment: 48 over 8 kinds (003:19, the Harbor component list).
_HARBOR_COPIES = Fact(6, ("harbor-rules", "survey", "metrodice"), "H", "derived: 48 / 8")
#: Copies per Harbor major: 10 over 2 kinds.
_HARBOR_MAJOR_COPIES = Fact(5, ("harbor-rules", "survey"), "H", "derived: 10 / 2")
_NO_REQUIREMENT: Fact[Landmark | None] = Fact(None, _BASE)
_NEEDS_HARBOR: Fact[Landmark | None] = Fact(
    Landmark.HARBOR, ("variablepig", "kevinddchen", "metrodice", "sheffield")
)


def _e(
    number: Establishment,
    name: str,
    colour: Colour,
    icon: Icon,
    activation: tuple[int, ...],
    cost: int | Conflict[int],
    effect: Effect,
    *,
    edition: Edition,
    requires: Fact[Landmark | None] = _NO_REQUIREMENT,
    name_note: str = "",
    effect_sources: tuple[str, ...] = (),
    effect_note: str = "",
    cost_note: str = "",
    starting: int = 0,
) -> EstablishmentEntry:
    base = edition is Edition.BASE
    agree = _BASE if base else _HARBOR
    major = colour is Colour.PURPLE
    plain_icon = icon in (Icon.WHEAT, Icon.COW, Icon.BREAD, Icon.CUP, Icon.GEAR)
    if base:
        copies = _BASE_MAJOR_COPIES if major else _BASE_COPIES
    else:
        copies = _HARBOR_MAJOR_COPIES if major else _HARBOR_COPIES
    return EstablishmentEntry(
        number=number,
        name=Fact(name, agree, "H", name_note),
        colour=Fact(colour, agree),
        icon=Fact(icon, _ICON, "H") if plain_icon else Fact(icon, ("metrodice", "survey"), "M", _ICON_NOTE),
        activation=Fact(activation, agree),
        cost=cost if isinstance(cost, Conflict) else Fact(cost, agree, "H", cost_note),
        effect=Fact(effect, (*agree, *effect_sources), "H", effect_note),
        requires=requires,
        copies=copies,
        edition=edition,
        starting=starting,
        fifth_player_copies=1 if base and major else 0,
    )  # fmt: skip


_B, _H = Edition.BASE, Edition.HARBOR
_BLUE, _GREEN, _RED, _PURPLE = Colour.BLUE, Colour.GREEN, Colour.RED, Colour.PURPLE
E = Establishment

_ESTABLISHMENTS = (
    _e(E.WHEAT_FIELD, "Wheat Field", _BLUE, Icon.WHEAT, (1,), 1, Earn(1), edition=_B, starting=1),
    _e(
        E.SUSHI_BAR, "Sushi Bar", _RED, Icon.CUP, (1,),
        Conflict(
            (
                (4, ("variablepig", "wiki", "metrodice", "minivilles")),
                (2, ("kevinddchen", "nimvek", "whakamua")),
            ),
            "no scan of the English card or publisher erratum found; kevinddchen changed 4 to 2 "
            "in commit 0ce064f (2021-07-25)",
        ),
        TakeFromRoller(3), edition=_H, requires=_NEEDS_HARBOR,
    ),
    _e(E.RANCH, "Ranch", _BLUE, Icon.COW, (2,), 1, Earn(1), edition=_B,
       name_note="also Livestock Farm (variablepig)"),
    _e(E.BAKERY, "Bakery", _GREEN, Icon.BREAD, (2, 3), 1, Earn(1), edition=_B, starting=1),
    _e(E.CAFE, "Cafe", _RED, Icon.CUP, (3,), 2, TakeFromRoller(1), edition=_B,
       name_note="also Café"),
    _e(E.CONVENIENCE_STORE, "Convenience Store", _GREEN, Icon.BREAD, (4,), 2, Earn(3), edition=_B),
    _e(E.FLOWER_ORCHARD, "Flower Orchard", _BLUE, Icon.WHEAT, (4,), 2, Earn(1), edition=_H,
       name_note="Flower Garden (kevinddchen), Flower Field (nimvek)"),
    _e(E.FOREST, "Forest", _BLUE, Icon.GEAR, (5,), 3, Earn(1), edition=_B),
    _e(E.FLOWER_SHOP, "Flower Shop", _GREEN, Icon.BREAD, (6,), 1,
       EarnPerEstablishment(1, E.FLOWER_ORCHARD), edition=_H, effect_sources=("harbor-rules",),
       effect_note="003:97-101: with the Shopping Mall, 2 coins per Flower Orchard"),
    _e(E.STADIUM, "Stadium", _PURPLE, Icon.TOWER, (6,), 6, TakeFromEach(2), edition=_B),
    _e(E.TV_STATION, "TV Station", _PURPLE, Icon.TOWER, (6,), 7, TakeFromChosen(5), edition=_B),
    _e(E.BUSINESS_CENTER, "Business Center", _PURPLE, Icon.TOWER, (6,), 8, TradeEstablishment(),
       edition=_B, name_note="also Business Complex (variablepig), Office (kevinddchen)",
       effect_note="variablepig: 'You may exchange 1 card', landmarks and majors excluded"),
    _e(E.CHEESE_FACTORY, "Cheese Factory", _GREEN, Icon.FACTORY, (7,), 5,
       EarnPerIcon(3, Icon.COW), edition=_B),
    _e(E.PIZZA_JOINT, "Pizza Joint", _RED, Icon.CUP, (7,), 1, TakeFromRoller(1), edition=_H,
       name_note="Pizza Hut (nimvek)"),
    _e(E.PUBLISHER, "Publisher", _PURPLE, Icon.TOWER, (7,), 5,
       TakePerIcons(1, (Icon.CUP, Icon.BREAD)), edition=_H),
    _e(E.FURNITURE_FACTORY, "Furniture Factory", _GREEN, Icon.FACTORY, (8,), 3,
       EarnPerIcon(3, Icon.GEAR), edition=_B),
    _e(E.HAMBURGER_STAND, "Hamburger Stand", _RED, Icon.CUP, (8,), 1, TakeFromRoller(1),
       edition=_H),
    _e(E.MACKEREL_BOAT, "Mackerel Boat", _BLUE, Icon.BOAT, (8,), 2, Earn(3), edition=_H,
       requires=_NEEDS_HARBOR, cost_note="one unidentified code file says 3, an outlier"),
    _e(E.TAX_OFFICE, "Tax Office", _PURPLE, Icon.TOWER, (8, 9), 4, TakeHalf(10), edition=_H,
       effect_sources=("harbor-rules",),
       effect_note="003:89-93: half rounded down; the threshold of 10 is printed on the card"),
    _e(E.MINE, "Mine", _BLUE, Icon.GEAR, (9,), 6, Earn(5), edition=_B),
    _e(E.FAMILY_RESTAURANT, "Family Restaurant", _RED, Icon.CUP, (9, 10), 3, TakeFromRoller(2),
       edition=_B, name_note="also Restaurant (variablepig)"),
    _e(E.APPLE_ORCHARD, "Apple Orchard", _BLUE, Icon.WHEAT, (10,), 3, Earn(3), edition=_B),
    _e(E.FRUIT_AND_VEGETABLE_MARKET, "Fruit and Vegetable Market", _GREEN, Icon.FRUIT, (11, 12), 2,
       EarnPerIcon(2, Icon.WHEAT), edition=_B,
       name_note="also Produce Market (variablepig), Farmers Market (kevinddchen)"),
    _e(E.FOOD_WAREHOUSE, "Food Warehouse", _GREEN, Icon.FACTORY, (12, 13), 2,
       EarnPerIcon(2, Icon.CUP), edition=_H,
       effect_note="no Harbor needed; one unidentified code file wrongly requires one"),
    _e(E.TUNA_BOAT, "Tuna Boat", _BLUE, Icon.BOAT, (12, 13, 14), 5, EarnTunaRoll(), edition=_H,
       requires=_NEEDS_HARBOR, effect_sources=("harbor-rules", "wiki"),
       effect_note="003:105-109: one roll, shared by every owner"),
)  # fmt: skip

_LM_BASE = ("variablepig", "kevinddchen", "metrodice")
_LM_HARBOR = ("variablepig", "kevinddchen", "metrodice", "sheffield")
L = Landmark

_LANDMARKS = (
    LandmarkEntry(
        L.CITY_HALL,
        Fact("City Hall", (*_LM_HARBOR, "harbor-rules")),
        Fact(0, _LM_HARBOR, "H", "pre-constructed: never built"),
        Fact(CoinWhenBroke(1), (*_LM_HARBOR, "harbor-rules"), "H", "003:53: the timing"),
        _H,
        pre_built=True,
    ),
    LandmarkEntry(
        L.HARBOR,
        Fact("Harbor", (*_LM_HARBOR, "harbor-rules")),
        Fact(2, _LM_HARBOR),
        Fact(AddToRoll(2, 10), (*_LM_HARBOR, "harbor-rules"), "H", "003:81-85"),
        _H,
    ),
    LandmarkEntry(
        L.TRAIN_STATION,
        Fact("Train Station", _LM_BASE),
        Fact(4, (*_LM_BASE, "idw")),
        Fact(RollTwoDice(), (*_LM_BASE, "idw")),
        _B,
    ),
    LandmarkEntry(
        L.SHOPPING_MALL,
        Fact("Shopping Mall", _LM_BASE),
        Fact(10, _LM_BASE),
        Fact(BonusForIcons(1, (Icon.CUP, Icon.BREAD)), _LM_BASE),
        _B,
    ),
    LandmarkEntry(
        L.AMUSEMENT_PARK,
        Fact("Amusement Park", _LM_BASE),
        Fact(16, _LM_BASE),
        Fact(ExtraTurnOnDoubles(), _LM_BASE),
        _B,
    ),
    LandmarkEntry(
        L.RADIO_TOWER,
        Fact("Radio Tower", _LM_BASE),
        Fact(22, _LM_BASE),
        Fact(Reroll(), _LM_BASE),
        _B,
    ),
    LandmarkEntry(
        L.AIRPORT,
        Fact("Airport", _LM_HARBOR),
        Fact(30, _LM_HARBOR),
        Fact(BuildNothingBonus(10), _LM_HARBOR),
        _H,
    ),
)

#: The catalogue of every card of the base game and the Harbor expansion.
CATALOGUE = Catalogue(_ESTABLISHMENTS, _LANDMARKS)


# --------------------------------------------------------------------------- card sets


@attrs.frozen(slots=True)
class CardSet:
    """The cards a game is played with: every card, and the editions in play.

    :attr:`establishments` and :attr:`landmarks` hold every card of both boxes (indexed by
    number), with the chosen Sushi Bar cost; a card of an edition not in play is never
    in the deck, the market, a player's city or the win condition.
    """

    establishments: tuple[EstablishmentCard, ...]
    landmarks: tuple[LandmarkCard, ...]
    editions: frozenset[Edition]

    def establishment(self, number: int) -> EstablishmentCard:
        """One establishment by number."""
        return self.establishments[number]

    def landmark(self, number: int) -> LandmarkCard:
        """One landmark by number."""
        return self.landmarks[number]

    def in_play_establishments(self) -> tuple[EstablishmentCard, ...]:
        """The establishments of the editions in play, by number."""
        return tuple(c for c in self.establishments if c.edition in self.editions)

    def in_play_landmarks(self) -> tuple[LandmarkCard, ...]:
        """The landmarks of the editions in play, by number."""
        return tuple(c for c in self.landmarks if c.edition in self.editions)


def card_set(*, expansion: bool = True, sushi_bar_cost: int = 4) -> CardSet:
    """The cards of the base game, with the Harbor expansion unless ``expansion`` is False.

    ``sushi_bar_cost`` is 4 or 2 (MK-INT-1); it matters only with the expansion.
    """
    editions = frozenset({Edition.BASE, Edition.HARBOR} if expansion else {Edition.BASE})
    return CardSet(
        tuple(
            e.card(sushi_bar_cost if isinstance(e.cost, Conflict) else None)
            for e in CATALOGUE.establishments
        ),
        tuple(entry.card() for entry in CATALOGUE.landmarks),
        editions,
    )
