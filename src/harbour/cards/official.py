"""The published Harbour components as data, with provenance (rules CAT-1 and CAT-2).

The printed cards of the published game are mostly unknown. This module records what is
publicly known about them and nothing more: every field of every component is either a
:class:`Known` value, with its source and a confidence (``"verbatim"``: read in the source;
``"inferred"``: deduced, with the reason in :attr:`Known.note`), or :class:`Unknown`. No
value is invented.

:func:`completeness` reports which components are complete enough to play and which fields
are missing. :func:`official_card_set` builds a playable :class:`~harbour.cards.model.CardSet`
from the catalogue, taking every unknown field from a *supplement* (for example a card file
written by someone who owns the game, see :mod:`harbour.cards.files`), and refuses with
:class:`IncompleteComponentsError`, listing every missing field, when something is still
unknown.

>>> from harbour.cards.official import OFFICIAL_CATALOGUE, completeness
>>> sushi = OFFICIAL_CATALOGUE.building("Sushi Shop")
>>> sushi.cost
Known(value=8, source='boardgamedog.com/harbour; reich-der-spiele.de (German)', confidence='verbatim', note='')
>>> sushi.symbols.known
False
>>> completeness().complete
False
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, Generic, Literal, TypeAlias, TypeVar

import attrs

from harbour.cards.abilities import (
    Ability,
    AlchemistConversion,
    CollectWhenShipped,
    ExtraGain,
    FreeBuildingAtSetup,
    GainOnPurchase,
    GainWhenOthersUseStart,
    PointsForMarketValue,
    ShareOccupiedBuildings,
    ShippingBonus,
    ShippingKeepsExcess,
    ShippingKeepsOneEach,
)
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
from harbour.cards.model import BonusCard, Building, CardSet, PlayerBoard
from harbour.errors import HarbourError
from harbour.goods import Good, Goods

__all__ = [
    "BOARD_FIELDS",
    "BONUS_CARD_FIELDS",
    "BUILDING_FIELDS",
    "CHARACTER_FIELDS",
    "OFFICIAL_CATALOGUE",
    "UNKNOWN",
    "CompletenessReport",
    "ComponentKind",
    "ComponentStatus",
    "Confidence",
    "Fact",
    "IncompleteComponentsError",
    "Known",
    "MissingItem",
    "OfficialBoard",
    "OfficialBonusCard",
    "OfficialBuilding",
    "OfficialCatalogue",
    "OfficialCharacter",
    "OfficialMarket",
    "SupplementMismatchError",
    "Unknown",
    "completeness",
    "official_card_set",
]

T = TypeVar("T")

#: How a known fact was obtained: read in the source, or deduced (reason in the note).
Confidence: TypeAlias = Literal["verbatim", "inferred"]

#: The kinds of component the completeness report covers.
ComponentKind: TypeAlias = Literal[
    "building", "character", "board", "bonus card", "market", "inland traders price"
]


@attrs.frozen(slots=True)
class Known(Generic[T]):
    """A known fact: its value, where it comes from and how sure it is."""

    #: The value, in the library's vocabulary.
    value: T
    #: Where the fact comes from (a rulebook of the seed collection or a public web page).
    source: str
    #: ``"verbatim"`` when read in the source, ``"inferred"`` when deduced.
    confidence: Confidence = "verbatim"
    #: A remark: for an inferred fact, the reason.
    note: str = ""

    @property
    def known(self) -> bool:
        """Always true (compare :attr:`Unknown.known`)."""
        return True

    @property
    def inferred(self) -> bool:
        """True for an inferred fact."""
        return self.confidence == "inferred"


@attrs.frozen(slots=True)
class Unknown:
    """A field whose published value is not known; ``note`` may say what little is."""

    note: str = ""

    @property
    def known(self) -> bool:
        """Always false."""
        return False

    @property
    def inferred(self) -> bool:
        """Always false."""
        return False


#: A field that is unknown and needs no remark.
UNKNOWN: Final = Unknown()

#: A field of a published component: known with its source, or unknown.
Fact: TypeAlias = Known[T] | Unknown

#: The fields a building needs to be played, in the order they are reported.
BUILDING_FIELDS: Final = ("name", "cost", "points", "symbols", "action", "first_game")
#: The fields a character needs to be played.
CHARACTER_FIELDS: Final = ("name", "symbols", "action", "ability")
#: The fields the generic player board needs to be played.
BOARD_FIELDS: Final = ("name", "symbols", "action")
#: The fields a bonus card needs to be played.
BONUS_CARD_FIELDS: Final = ("name", "good", "goods", "points", "max_trades")


def _missing(component: object, fields: Sequence[str]) -> tuple[str, ...]:
    return tuple(f for f in fields if not getattr(component, f).known)


def _inferred(component: object, fields: Sequence[str]) -> tuple[str, ...]:
    return tuple(f for f in fields if getattr(component, f).inferred)


@attrs.frozen(slots=True)
class OfficialBuilding:
    """One of the 36 building cards of the published game.

    ``slot`` numbers the cards 1 to 36 in the catalogue's order (which is not a printed
    order). ``traits`` are partial facts about the card that are not enough to play it,
    for example that its action has two parts.
    """

    slot: int
    #: A stable key: the name in lower case with hyphens, or ``slot-N`` when it is unknown.
    key: str
    name: Fact[str]
    cost: Fact[int | None]
    points: Fact[int]
    symbols: Fact[tuple[Symbol, ...]]
    action: Fact[Effect]
    first_game: Fact[bool]
    #: Other printed names (for example the German edition's).
    aliases: tuple[Known[str], ...] = ()
    #: Partial facts that do not determine a field.
    traits: tuple[Known[str], ...] = ()

    @property
    def label(self) -> str:
        """The name, or ``"slot N (name unknown)"``."""
        if isinstance(self.name, Known):
            return self.name.value
        return f"slot {self.slot} (name unknown)"

    @property
    def missing(self) -> tuple[str, ...]:
        """The fields still unknown, of :data:`BUILDING_FIELDS`."""
        return _missing(self, BUILDING_FIELDS)

    @property
    def inferred(self) -> tuple[str, ...]:
        """The fields known by inference only."""
        return _inferred(self, BUILDING_FIELDS)


@attrs.frozen(slots=True)
class OfficialCharacter:
    """The character side of a published player board (CHAR-1)."""

    key: str
    name: Fact[str]
    #: True for a promotional character.
    promo: bool
    #: The starting building's action.
    action: Fact[Effect]
    #: The starting building's owner symbols.
    symbols: Fact[tuple[Symbol, ...]]
    #: The ability in the library's vocabulary (:mod:`harbour.cards.abilities`); every
    #: catalogued character is known by its ability.
    ability: Known[Ability]
    #: The ability's wording as the source gives it.
    text: Known[str]

    @property
    def label(self) -> str:
        """The name."""
        return self.name.value if isinstance(self.name, Known) else self.key

    @property
    def missing(self) -> tuple[str, ...]:
        """The fields still unknown, of :data:`CHARACTER_FIELDS`."""
        return _missing(self, CHARACTER_FIELDS)

    @property
    def inferred(self) -> tuple[str, ...]:
        """The fields known by inference only."""
        return _inferred(self, CHARACTER_FIELDS)


@attrs.frozen(slots=True)
class OfficialBoard:
    """The generic side of the published player boards, "The Wharfs"."""

    key: str
    name: Fact[str]
    symbols: Fact[tuple[Symbol, ...]]
    action: Fact[Effect]
    aliases: tuple[Known[str], ...] = ()
    traits: tuple[Known[str], ...] = ()

    @property
    def label(self) -> str:
        """The name."""
        return self.name.value if isinstance(self.name, Known) else self.key

    @property
    def missing(self) -> tuple[str, ...]:
        """The fields still unknown, of :data:`BOARD_FIELDS`."""
        return _missing(self, BOARD_FIELDS)

    @property
    def inferred(self) -> tuple[str, ...]:
        """The fields known by inference only."""
        return _inferred(self, BOARD_FIELDS)


@attrs.frozen(slots=True)
class OfficialBonusCard:
    """One of the 4 published bonus point cards (BONUS-1); ``slot`` numbers them 1 to 4."""

    slot: int
    name: Fact[str]
    good: Fact[Good]
    goods: Fact[int]
    points: Fact[int]
    max_trades: Fact[int | None]

    @property
    def label(self) -> str:
        """The name, or ``"slot N (name unknown)"``."""
        if isinstance(self.name, Known):
            return self.name.value
        return f"slot {self.slot} (name unknown)"

    @property
    def missing(self) -> tuple[str, ...]:
        """The fields still unknown, of :data:`BONUS_CARD_FIELDS`."""
        return _missing(self, BONUS_CARD_FIELDS)

    @property
    def inferred(self) -> tuple[str, ...]:
        """The fields known by inference only."""
        return _inferred(self, BONUS_CARD_FIELDS)


@attrs.frozen(slots=True)
class OfficialMarket:
    """The published market board."""

    #: The dollar values of the four market squares, lowest first.
    values: Fact[tuple[int, ...]]
    traits: tuple[Known[str], ...] = ()


@attrs.frozen(slots=True)
class OfficialCatalogue:
    """Everything publicly known about the published components."""

    #: The 36 building cards; the cards whose names are unknown come last.
    buildings: tuple[OfficialBuilding, ...]
    #: The published characters known by name.
    characters: tuple[OfficialCharacter, ...]
    #: The generic side of the player boards.
    board: OfficialBoard
    #: The 4 bonus point cards.
    bonus_cards: tuple[OfficialBonusCard, ...]
    market: OfficialMarket
    #: The Inland Traders' price for one of each good (INLAND-2).
    inland_traders_price: Fact[int]
    #: Actions printed on buildings whose names are unknown. Each may belong to a named
    #: building whose action is unknown or to a building whose name is unknown, so none
    #: is attached to a building slot.
    unattributed_actions: tuple[Known[Effect], ...] = ()
    #: Facts about the components as a whole (counts and printings).
    components: tuple[Known[str], ...] = ()

    def building(self, name_or_key: str) -> OfficialBuilding:
        """The building with this name, alias or key (case-insensitive); ``KeyError`` if none."""
        wanted = _norm(name_or_key)
        for b in self.buildings:
            if wanted == _norm(b.key) or wanted in _names(b.name, b.aliases):
                return b
        raise KeyError(f"no official building {name_or_key!r}")

    def character(self, name_or_key: str) -> OfficialCharacter:
        """The character with this name or key (case-insensitive); ``KeyError`` if none."""
        wanted = _norm(name_or_key)
        for c in self.characters:
            if wanted == _norm(c.key) or wanted in _names(c.name, ()):
                return c
        raise KeyError(f"no official character {name_or_key!r}")


def _norm(text: str) -> str:
    return " ".join(text.casefold().split())


def _names(name: Fact[str], aliases: Iterable[Known[str]]) -> set[str]:
    out = {_norm(a.value) for a in aliases}
    if isinstance(name, Known):
        out.add(_norm(name.value))
    return out


# --------------------------------------------------------------------------- sources

_R000 = "rulebook 000 (000_37065cbbf5c8ad29.txt)"
_R001 = "rulebook 001 (001_b9b444bae8799a5c.txt)"
_R002 = "rulebook 002 (002_a61165ec392d9b3b.txt)"
_R000_002 = "rulebooks 000 and 002"
_RESEARCH = "research note harbour-official-data.md"
_BLURB = "publisher's description"
_BRAILLE = "64-ounce-games.myshopify.com, pages/buildings-harbour (braille-kit transcription)"
_RESEARCH_CHARS = f"{_RESEARCH} (characters table)"

_TRIO = ("Lighthouse", "Canal Lock", "Shipbuilder's Guild")
_TWO_PART = "two-part action: both parts in either order, both when possible (ACT-7)"


def _slug(name: str) -> str:
    out = "".join(ch if ch.isalnum() else "-" for ch in name.casefold().replace("'", ""))
    return "-".join(part for part in out.split("-") if part)


def _first_game(name: str | None) -> Known[bool]:
    if name in _TRIO:
        return Known(True, _R000_002)
    return Known(
        False,
        _R000_002,
        "inferred",
        "the first-game setup uses exactly three buildings, named in both rulebooks: "
        + ", ".join(_TRIO),
    )


def _named(
    slot: int,
    name: str,
    *,
    name_source: str,
    cost: Fact[int | None] = UNKNOWN,
    points: Fact[int] = UNKNOWN,
    symbols: Fact[tuple[Symbol, ...]] = UNKNOWN,
    action: Fact[Effect] = UNKNOWN,
    aliases: tuple[Known[str], ...] = (),
    traits: tuple[Known[str], ...] = (),
) -> OfficialBuilding:
    return OfficialBuilding(
        slot=slot,
        key=_slug(name),
        name=Known(name, name_source),
        cost=cost,
        points=points,
        symbols=symbols,
        action=action,
        first_game=_first_game(name),
        aliases=aliases,
        traits=traits,
    )


def _unnamed(slot: int) -> OfficialBuilding:
    return OfficialBuilding(
        slot=slot,
        key=f"slot-{slot}",
        name=Unknown("about 15 of the 36 building names are not publicly known"),
        cost=UNKNOWN,
        points=UNKNOWN,
        symbols=UNKNOWN,
        action=UNKNOWN,
        first_game=_first_game(None),
    )


def _two_part(source: str = _R000_002) -> Known[str]:
    return Known(_TWO_PART, source)


def _de(name: str) -> tuple[Known[str], ...]:
    return (Known(name, f"{_R002} (German edition)"),)


_SUSHI = "boardgamedog.com/harbour; reich-der-spiele.de (German)"
_BGA_TIPS = "boardgamearena Tips_harbour"

_NAMED_BUILDINGS: tuple[OfficialBuilding, ...] = (
    _named(
        1,
        "Sushi Shop",
        name_source=_SUSHI,
        cost=Known(8, _SUSHI),
        points=Known(7, _SUSHI),
        symbols=Unknown("the sources give the price, points and action but not the symbols"),
        action=Known(Convert(Goods(fish=1), Goods(livestock=1, wood=1, stone=1)), _SUSHI),
    ),
    _named(
        2,
        "Golem Crafters",
        name_source=f"{_BGA_TIPS}; reich-der-spiele.de",
        action=Known(
            Convert(Goods(livestock=3), Goods(stone=5)), f"{_BGA_TIPS}; reich-der-spiele.de"
        ),
    ),
    _named(
        3,
        "Salvage Yard",
        name_source=_BGA_TIPS,
        action=Known(
            Exchange(5, 3, gain_kinds=2, other=True),
            _BGA_TIPS,
            "inferred",
            'read verbatim: spend 5 of any one good to gain 3 each of two other goods; "other" '
            "is read as different from the good spent",
        ),
    ),
    _named(
        4,
        "Ranch",
        name_source="board-game.co.uk harbour solo review",
        action=Known(
            GainPerSymbol(Good.LIVESTOCK, Symbol.ANCHOR),
            "board-game.co.uk harbour solo review",
            note="rulebook 000 shows the same action on an unnamed building (probably the Ranch)",
        ),
    ),
    _named(
        5,
        "Inn",
        name_source="mattkremer.com harbour review",
        action=Known(
            Convert(Goods(fish=1, wood=1, stone=1), Goods(livestock=4)),
            "mattkremer.com harbour review",
        ),
    ),
    _named(6, "Lighthouse", name_source=_R000_002, aliases=_de("Leuchtturm")),
    _named(7, "Canal Lock", name_source=_R000_002, aliases=_de("Schleuse")),
    _named(8, "Shipbuilder's Guild", name_source=_R000_002, aliases=_de("Schiffbauergilde")),
    _named(
        9,
        "Library",
        name_source=_R000_002,
        aliases=_de("Bibliothek"),
        traits=(
            Known("lets you buy 2 buildings in one buy action (BUY-5)", _R000_002),
            _two_part(),
        ),
    ),
    _named(10, "Bank", name_source=_R000_002, traits=(_two_part(),)),
    _named(
        11,
        "Traders Guild",
        name_source=_R000_002,
        aliases=_de("Kaufmannsgilde"),
        traits=(_two_part(),),
    ),
    _named(
        12,
        "Architectural Society",
        name_source=_R000_002,
        aliases=_de("Architektonische Gesellschaft"),
        traits=(_two_part(),),
    ),
    _named(
        13,
        "Privateer Ship",
        name_source=_R000_002,
        aliases=_de("Freibeuterschiff"),
        traits=(_two_part(),),
    ),
    _named(
        14,
        "Seaside Crane",
        name_source=_R000_002,
        aliases=_de("Hafenkran"),
        traits=(_two_part(),),
    ),
    _named(
        15,
        "Alchemist shop",
        name_source=f"{_R001} (buying example)",
        cost=Known(6, f"{_R001} (buying example)"),
    ),
    _named(16, "Masoner's Hall", name_source=_BLURB),
    _named(17, "Pub", name_source=_BLURB),
    _named(18, "Wizard's Traveling Imaginarium", name_source=_BLURB),
)

_BUILDINGS: tuple[OfficialBuilding, ...] = _NAMED_BUILDINGS + tuple(
    _unnamed(slot) for slot in range(len(_NAMED_BUILDINGS) + 1, 37)
)


def _start(good: Good | None) -> Known[Effect]:
    fixed = Goods() if good is None else Goods.single(good)
    return Known(
        OneOf((GainChoice(1, fixed=fixed), Buy())),
        _BRAILLE,
        note='read as "gain the listed goods, or buy a building"',
    )


def _symbols(*symbols: Symbol) -> Known[tuple[Symbol, ...]]:
    return Known(
        symbols,
        _BRAILLE,
        "inferred",
        "the transcription's symbol letters are read as a = anchor, c = coin, h = top hat",
    )


_PROMO_START = Unknown("the promotional characters' starting buildings are not publicly known")
_PROMO_SYMBOLS = Unknown("the promotional characters' symbols are not publicly known")


def _character(
    name: str,
    *,
    action: Fact[Effect],
    symbols: Fact[tuple[Symbol, ...]],
    ability: Ability,
    text: str,
    source: str = _RESEARCH_CHARS,
    promo: bool = False,
    ability_note: str = "",
    name_fact: Known[str] | None = None,
) -> OfficialCharacter:
    return OfficialCharacter(
        key=_slug(name),
        name=name_fact or Known(name, source),
        promo=promo,
        action=action,
        symbols=symbols,
        ability=Known(ability, source, note=ability_note),
        text=Known(text, source),
    )


_CHARACTERS: tuple[OfficialCharacter, ...] = (
    _character(
        "Alchemist",
        action=_start(Good.STONE),
        symbols=_symbols(Symbol.ANCHOR),
        ability=AlchemistConversion(),
        text="once during your turn you may spend a good to convert 2 goods of one type to "
        "another single goods type",
        ability_note="the wording is ambiguous; the terms of the conversion follow the rule "
        "reading RulesOptions.alchemist",
    ),
    _character(
        "Beggar",
        action=_start(None),
        symbols=_symbols(Symbol.ANCHOR),
        ability=GainWhenOthersUseStart(1),
        text="when another player gains goods from their starting building (character "
        "action), you gain 1 good of your choice",
    ),
    _character(
        "Bookkeeper",
        action=_start(Good.WOOD),
        symbols=_symbols(Symbol.COIN),
        ability=ShippingKeepsExcess(),
        text="when buying a building, keep any excess goods that would normally be lost",
    ),
    _character(
        "Clockwork Tradesman",
        action=_start(Good.FISH),
        symbols=_symbols(Symbol.ANCHOR),
        ability=ShippingBonus(square=0, amount=1),
        text="when buying a building, if you ship the good in the $2 market square, gain an "
        "additional $1",
    ),
    _character(
        "Diplomat",
        action=_start(Good.LIVESTOCK),
        symbols=_symbols(Symbol.ANCHOR, Symbol.TOP_HAT),
        ability=ShareOccupiedBuildings(1),
        text="you may use a building that someone else is already using; if you do, that "
        "player gains a good of their choice",
    ),
    _character(
        "Fisherman",
        promo=True,
        action=_PROMO_START,
        symbols=_PROMO_SYMBOLS,
        ability=ExtraGain(Good.FISH),
        text="when you collect any fish, gain an additional fish",
        source="indiegamealliance.com",
    ),
    _character(
        "Wholesailer",
        promo=True,
        action=_PROMO_START,
        symbols=_PROMO_SYMBOLS,
        ability=ShippingKeepsOneEach(1),
        text="when buying a building, keep 1 of each good sold",
    ),
    _character(
        "Noble",
        promo=True,
        action=_PROMO_START,
        symbols=_PROMO_SYMBOLS,
        ability=FreeBuildingAtSetup(2),
        text="at the beginning of the game, look at the top 2 building cards and build 1 of "
        "them for no cost; it is worth $0 and 0 VP, and doesn't count towards the 4 that "
        "trigger the game end",
    ),
    _character(
        "Mason",
        promo=True,
        action=_PROMO_START,
        symbols=_PROMO_SYMBOLS,
        ability=CollectWhenShipped(Good.STONE),
        text="when anybody uses stone to buy, collect 1 stone",
    ),
    _character(
        "Speculator",
        promo=True,
        action=_PROMO_START,
        symbols=_PROMO_SYMBOLS,
        ability=PointsForMarketValue(Good.STONE),
        text="at the end of the game, add VP equal to the current market value of stone",
    ),
    _character(
        "Investor",
        action=Unknown("the Investor's starting building is not publicly known"),
        symbols=Unknown("the Investor's symbols are not publicly known"),
        ability=GainOnPurchase(1),
        text="gains any one good each time he buys a building",
        source="reich-der-spiele.de (German)",
        ability_note="translated from the German review",
        name_fact=Known(
            "Investor",
            "reich-der-spiele.de (German)",
            "inferred",
            "the English name is a translation of the German review's",
        ),
    ),
)

_BOARD = OfficialBoard(
    key="the-wharfs",
    name=Known("The Wharfs", _R000),
    symbols=Unknown("the Wharfs' owner symbols, if any, are not publicly known"),
    action=Unknown("the Wharfs' starting building action is not publicly known"),
    aliases=(Known("Die Landungsstege", f"{_R002} (German edition)"),),
    traits=(
        Known("identical on all player boards; used in the first-game setup", _R000_002),
        Known("a starting building offers a choice of two actions (ACT-8)", _R001),
    ),
)

_BONUS_CARDS: tuple[OfficialBonusCard, ...] = tuple(
    OfficialBonusCard(
        slot=slot,
        name=Unknown("the bonus cards' names are not publicly known"),
        good=Unknown("which good each bonus card names is not publicly known"),
        goods=Unknown("the exchange rate is not publicly known"),
        points=Unknown("the exchange rate is not publicly known"),
        max_trades=Unknown("whether the trades are limited is not publicly known"),
    )
    for slot in range(1, 5)
)

_MARKET_SOURCES = (
    "thegameshelf.blogspot.com (2015/08); geekken.wordpress.com (2016/07/20); "
    "punchboardmedia.com (2017/5/22)"
)

_MARKET = OfficialMarket(
    values=Known(
        (2, 3, 4, 5),
        _MARKET_SOURCES,
        note="consistent with the worked examples of rulebooks 000 and 001",
    ),
    traits=(
        Known(
            "the minimum number of goods you must hold to ship a good equals its square's "
            "value, and shipping pays exactly that value however many you ship",
            _MARKET_SOURCES,
        ),
        Known(
            "Inland Traders side: once per buy action, before shipping, sell one of each good "
            'as a "complete package" for the printed price; it does not count as shipping; '
            "3-4 players only",
            _R002,
        ),
    ),
)

#: The official catalogue: every publicly known fact about the published components.
#:
#: :meta hide-value:
OFFICIAL_CATALOGUE: Final = OfficialCatalogue(
    buildings=_BUILDINGS,
    characters=_CHARACTERS,
    board=_BOARD,
    bonus_cards=_BONUS_CARDS,
    market=_MARKET,
    inland_traders_price=Unknown("the printed Inland Traders price is not publicly known"),
    unattributed_actions=(
        Known(
            TwoPart(Gain(Goods(stone=1)), Buy()),
            f"{_R000} (worked example)",
            note="gain 1 stone and buy a building, in any order; the building's name is not "
            "given (possibly one of the named two-part buildings)",
        ),
        Known(
            Convert(Goods(wood=1), Goods(fish=1, livestock=1, stone=1)),
            f"{_R002} (worked example)",
            note="the building's name is not given",
        ),
        Known(SwapMarket(), f"{_R000} (worked example)", note="the building's name is not given"),
    ),
    components=(
        Known("36 building cards", _R000),
        Known("4 bonus point cards (optional)", _R000_002),
        Known("1 double-sided market board: normal side and Inland Traders side", _R002),
        Known("4 pawns; 20 goods markers (5 in each of 4 colours)", _R000),
        Known(
            "player boards: 14 (English retail), 20 (other printings), 7 (Kickstarter-era "
            "rules); each has the generic side and a character side",
            f"{_R000}; {_R002}; {_R001}",
        ),
        Known(
            "20 boards are probably the 14 of the English retail game and 6 launch promos",
            _RESEARCH,
            "inferred",
        ),
    ),
)


# --------------------------------------------------------------------------- completeness


@attrs.frozen(slots=True)
class ComponentStatus:
    """Whether one component is complete enough to play, and what it lacks."""

    kind: ComponentKind
    #: The component's key in the catalogue.
    key: str
    #: Its name, or a description when the name is unknown.
    label: str
    #: The fields still unknown.
    missing: tuple[str, ...]
    #: The fields known by inference only.
    inferred: tuple[str, ...] = ()

    @property
    def complete(self) -> bool:
        """True when no field is missing."""
        return not self.missing


@attrs.frozen(slots=True)
class CompletenessReport:
    """What of the official components can be played as printed (CAT-2)."""

    components: tuple[ComponentStatus, ...]

    @property
    def complete(self) -> bool:
        """True when every component is complete."""
        return all(c.complete for c in self.components)

    def of_kind(self, kind: ComponentKind) -> tuple[ComponentStatus, ...]:
        """The statuses of one kind of component."""
        return tuple(c for c in self.components if c.kind == kind)

    @property
    def playable(self) -> tuple[ComponentStatus, ...]:
        """The components complete enough to play."""
        return tuple(c for c in self.components if c.complete)

    @property
    def incomplete(self) -> tuple[ComponentStatus, ...]:
        """The components with at least one unknown field."""
        return tuple(c for c in self.components if not c.complete)

    @property
    def missing_items(self) -> tuple[MissingItem, ...]:
        """Every missing field of every component."""
        return tuple(MissingItem(c.kind, c.label, f) for c in self.components for f in c.missing)

    def describe(self) -> str:
        """A plain-text summary, one line per kind, then one line per incomplete component."""
        lines = []
        kinds: list[ComponentKind] = []
        for c in self.components:
            if c.kind not in kinds:
                kinds.append(c.kind)
        for kind in kinds:
            items = self.of_kind(kind)
            done = sum(1 for c in items if c.complete)
            lines.append(f"{kind}: {done} of {len(items)} complete")
        for c in self.incomplete:
            what = str(MissingItem(c.kind, c.label, "")).removesuffix(": ")
            lines.append(f"- {what}: missing {', '.join(c.missing)}")
        return "\n".join(lines)


@attrs.frozen(slots=True)
class MissingItem:
    """One field of one component that is unknown and was not supplied."""

    kind: ComponentKind
    label: str
    field: str

    def __str__(self) -> str:
        if self.kind in ("market", "inland traders price"):
            return f"{self.label}: {self.field}"
        return f"{self.kind} {self.label}: {self.field}"


def completeness() -> CompletenessReport:
    """Which official components are complete enough to play, with their missing fields.

    Inferred facts count as known; they are listed in :attr:`ComponentStatus.inferred`.
    """
    cat = OFFICIAL_CATALOGUE
    out: list[ComponentStatus] = []
    for b in cat.buildings:
        out.append(ComponentStatus("building", b.key, b.label, b.missing, b.inferred))
    for c in cat.characters:
        out.append(ComponentStatus("character", c.key, c.label, c.missing, c.inferred))
    board = cat.board
    out.append(ComponentStatus("board", board.key, board.label, board.missing, board.inferred))
    for card in cat.bonus_cards:
        out.append(
            ComponentStatus(
                "bonus card", f"bonus-{card.slot}", card.label, card.missing, card.inferred
            )
        )
    market = cat.market.values
    out.append(
        ComponentStatus(
            "market",
            "market",
            "market board",
            () if market.known else ("values",),
            ("values",) if market.inferred else (),
        )
    )
    price = cat.inland_traders_price
    out.append(
        ComponentStatus(
            "inland traders price",
            "inland-traders-price",
            "Inland Traders price",
            () if price.known else ("price",),
            ("price",) if price.inferred else (),
        )
    )
    return CompletenessReport(tuple(out))


# --------------------------------------------------------------------------- playable set


class IncompleteComponentsError(HarbourError, ValueError):
    """The official components cannot be played: some fields are unknown and not supplied.

    :attr:`missing` lists every missing field; the message lists them one per line.
    """

    def __init__(self, missing: Sequence[MissingItem]) -> None:
        #: Every missing field, as (kind, component, field).
        self.missing: tuple[MissingItem, ...] = tuple(missing)
        lines = [
            f"cannot play the official components: {len(self.missing)} field(s) are unknown "
            "and were not supplied (pass a supplement card set, for example one loaded with "
            "harbour.cards.files.load_card_file):"
        ]
        lines += [f"- {item}" for item in self.missing]
        super().__init__("\n".join(lines))


class SupplementMismatchError(HarbourError, ValueError):
    """A supplement card set does not fit the catalogue (surplus or ambiguous cards)."""


def _pick(fact: Fact[T], supplied: T | None, has_supplied: bool) -> tuple[T | None, bool]:
    """The known value, else the supplied one; the flag is false when neither exists."""
    if isinstance(fact, Known):
        return fact.value, True
    if has_supplied:
        return supplied, True
    return None, False


def _match(
    candidates: Sequence[tuple[str, set[str]]], cards: Sequence[Building | PlayerBoard]
) -> tuple[dict[int, int], list[int]]:
    """Map catalogue positions to supplement positions by key or name; and the unmatched."""
    matched: dict[int, int] = {}
    used: set[int] = set()
    for pos, (key, names) in enumerate(candidates):
        hits = [
            i
            for i, card in enumerate(cards)
            if i not in used and (_norm(card.key) == _norm(key) or _norm(card.name) in names)
        ]
        if len(hits) > 1:
            listed = ", ".join(repr(cards[i].name) for i in hits)
            raise SupplementMismatchError(
                f"the supplement has several cards for {key!r}: {listed}; give one card per "
                "component"
            )
        if hits:
            matched[pos] = hits[0]
            used.add(hits[0])
    rest = [i for i in range(len(cards)) if i not in used]
    return matched, rest


def _building(
    official: OfficialBuilding, supplied: Building | None, missing: list[MissingItem]
) -> Building | None:
    values: dict[str, object] = {}
    for field in BUILDING_FIELDS:
        fact: Fact[object] = getattr(official, field)
        value, ok = _pick(fact, getattr(supplied, field, None), supplied is not None)
        if not ok:
            missing.append(MissingItem("building", official.label, field))
        values[field] = value
    if supplied is None and official.missing:
        return None
    key = official.key if isinstance(official.name, Known) or supplied is None else supplied.key
    return Building(key=key, **values)  # type: ignore[arg-type]


def _character_board(
    official: OfficialCharacter, supplied: PlayerBoard | None, missing: list[MissingItem]
) -> PlayerBoard | None:
    values: dict[str, object] = {}
    for field in CHARACTER_FIELDS:
        fact: Fact[object] = getattr(official, field)
        value, ok = _pick(fact, getattr(supplied, field, None), supplied is not None)
        if not ok:
            missing.append(MissingItem("character", official.label, field))
        values[field] = value
    if supplied is None and official.missing:
        return None
    source = official.text.source
    return PlayerBoard(
        key=official.key,
        text=official.text.value,
        source=source,
        **values,  # type: ignore[arg-type]
    )


def official_card_set(
    supplement: CardSet | None = None,
    *,
    characters: bool = True,
    bonus_cards: bool = True,
) -> CardSet:
    """A playable card set of the official components, unknown fields taken from ``supplement``.

    Known facts always win over the supplement. A supplement building or character fills
    the catalogue entry whose key or name (or printed alias) it has, compared without
    regard to case; the supplement's other buildings fill, in order, the slots whose names
    are unknown. Its other characters are added after the catalogued ones (the published
    game has more than the catalogue knows). Its bonus cards fill the 4 bonus card slots in
    order; its generic board supplies the Wharfs' unknown action and symbols, and its
    Inland Traders price the unknown price.

    ``characters=False`` or ``bonus_cards=False`` leaves those optional components out.

    Raises :class:`IncompleteComponentsError` listing every field that is neither known
    nor supplied, and :class:`SupplementMismatchError` when the supplement has more
    buildings or bonus cards than the catalogue has slots for, or two cards for one.
    """
    cat = OFFICIAL_CATALOGUE
    missing: list[MissingItem] = []

    sup_buildings = supplement.buildings if supplement is not None else ()
    named = [b for b in cat.buildings if isinstance(b.name, Known)]
    unnamed = [b for b in cat.buildings if not isinstance(b.name, Known)]
    matched, rest = _match([(b.key, _names(b.name, b.aliases)) for b in named], sup_buildings)
    if len(rest) > len(unnamed):
        extra = ", ".join(repr(sup_buildings[i].name) for i in rest)
        raise SupplementMismatchError(
            f"the supplement has {len(rest)} buildings that match no named official building, "
            f"but only {len(unnamed)} building slots have unknown names: {extra}"
        )
    buildings: list[Building | None] = []
    for pos, official in enumerate(named):
        supplied = sup_buildings[matched[pos]] if pos in matched else None
        buildings.append(_building(official, supplied, missing))
    for pos, official in enumerate(unnamed):
        supplied = sup_buildings[rest[pos]] if pos < len(rest) else None
        buildings.append(_building(official, supplied, missing))

    boards: list[PlayerBoard | None] = []
    if characters:
        sup_chars = supplement.characters if supplement is not None else ()
        found, others = _match([(c.key, _names(c.name, ())) for c in cat.characters], sup_chars)
        for pos, official_char in enumerate(cat.characters):
            supplied_char = sup_chars[found[pos]] if pos in found else None
            boards.append(_character_board(official_char, supplied_char, missing))
        boards.extend(sup_chars[i] for i in others)

    sup_board = supplement.board if supplement is not None else None
    board_values: dict[str, object] = {}
    for field in BOARD_FIELDS:
        fact: Fact[object] = getattr(cat.board, field)
        value, ok = _pick(fact, getattr(sup_board, field, None), sup_board is not None)
        if not ok:
            missing.append(MissingItem("board", cat.board.label, field))
        board_values[field] = value

    cards: list[BonusCard | None] = []
    if bonus_cards:
        sup_cards = supplement.bonus_cards if supplement is not None else ()
        if len(sup_cards) > len(cat.bonus_cards):
            raise SupplementMismatchError(
                f"the supplement has {len(sup_cards)} bonus cards; the published game has "
                f"{len(cat.bonus_cards)}"
            )
        for pos, official_card in enumerate(cat.bonus_cards):
            supplied_card = sup_cards[pos] if pos < len(sup_cards) else None
            card_values: dict[str, object] = {}
            for field in BONUS_CARD_FIELDS:
                card_fact: Fact[object] = getattr(official_card, field)
                value, ok = _pick(
                    card_fact, getattr(supplied_card, field, None), supplied_card is not None
                )
                if not ok:
                    missing.append(MissingItem("bonus card", official_card.label, field))
                card_values[field] = value
            if supplied_card is None:
                cards.append(None)
            else:
                cards.append(BonusCard(key=supplied_card.key, **card_values))  # type: ignore[arg-type]

    price_fact = cat.inland_traders_price
    if isinstance(price_fact, Known):
        price: int | None = price_fact.value
    elif supplement is not None:
        price = supplement.inland_traders_price
    else:
        price = None
        missing.append(MissingItem("inland traders price", "Inland Traders price", "price"))

    if missing:
        raise IncompleteComponentsError(missing)
    assert price is not None
    name = "Harbour official components"
    if supplement is not None:
        name += f" completed from {supplement.name}"
    return CardSet(
        name=name,
        buildings=tuple(b for b in buildings if b is not None),
        board=PlayerBoard(key=cat.board.key, **board_values),  # type: ignore[arg-type]
        original=False,
        characters=tuple(c for c in boards if c is not None),
        bonus_cards=tuple(c for c in cards if c is not None),
        inland_traders_price=price,
    )
