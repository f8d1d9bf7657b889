"""The official catalogue: what the rulebook says about Bremerhaven's cards and boards.

No public source lists the published cards (BH-CARD-13): the rulebook, seed 004, gives the
component counts, the ranges of the printed values, the harbour's geometry, seven named
Buildings and one event, and nothing more. This module records each fact the rulebook
gives as a :class:`Known` value with its lines (``004:N``), and each value it does not
give as :class:`Unknown`, saying what little is known (BH-CARD-1). Nothing here is
invented: a value deduced from the rulebook rather than read in it is marked
``inferred`` with the reason. The values to play with come from a card file
(:mod:`bremerhaven.cards.files`) or the library's original set
(:mod:`bremerhaven.cards.original`), never from here.

>>> from bremerhaven.cards.catalogue import CATALOGUE
>>> CATALOGUE.ships.count.value, CATALOGUE.ships.lay_time.value
(48, Span(low=1, high=5))
>>> lighthouse = CATALOGUE.building("Lighthouse")
>>> lighthouse.effects.value, lighthouse.prestige.known
((IncomePerNewShip(money=2),), False)
>>> CATALOGUE.harbor.cover_costs.known
False
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final, Generic, TypeAlias, TypeVar

import attrs
from attrs import AttrsInstance

from bremerhaven.cards.model import (
    Charge,
    Counted,
    Effect,
    EventEffect,
    FreeConversion,
    Good,
    IncomePerNewShip,
    PriceChoiceWhenUnbid,
    Produce,
    Space,
    TrainBidBonus,
)

__all__ = [
    "CATALOGUE",
    "BoardFacts",
    "BuildingFacts",
    "Catalogue",
    "ComponentEntry",
    "ContractFacts",
    "Fact",
    "HarborFacts",
    "Known",
    "NamedBuilding",
    "NamedEvent",
    "NewspaperFacts",
    "PriceFacts",
    "ShipFacts",
    "ShortGameFacts",
    "Span",
    "TrackFacts",
    "Unknown",
]

T = TypeVar("T")


@attrs.frozen
class Known(Generic[T]):
    """A fact the rulebook gives: its value and the lines that give it (``"004:608-612"``)."""

    #: The value, in the library's vocabulary.
    value: T
    #: Where seed 004 gives it, as ``004:N`` or ``004:A-B`` (several joined by commas).
    lines: str
    #: A remark: for an inferred fact, the reason.
    note: str = ""
    #: True when deduced from the lines rather than read in them.
    inferred: bool = False

    @property
    def known(self) -> bool:
        """Always true (compare :attr:`Unknown.known`)."""
        return True


@attrs.frozen
class Unknown:
    """A value the rulebook does not give; ``note`` says what little is known."""

    #: What is unknown, and what is known about it.
    note: str
    #: Lines that show the value exists (a card or board prints it), if any.
    lines: str = ""

    @property
    def known(self) -> bool:
        """Always false."""
        return False


#: A fact about a published component: known with its lines, or unknown.
Fact: TypeAlias = Known[T] | Unknown


@attrs.frozen
class Span:
    """A range of printed values, both ends included."""

    low: int
    high: int


@attrs.frozen
class ComponentEntry:
    """One line of the component list (004:16-42)."""

    key: str
    #: The component as the rulebook names it.
    label: str
    count: Known[int]


@attrs.frozen
class ShipFacts:
    """What the rulebook says about the 48 Ship cards (004:597-637)."""

    count: Known[int]
    lay_time: Known[Span]
    cargo_count: Known[Span]
    cargo_types: Known[tuple[Good, ...]]
    wild: Known[str]
    berth: Known[Span]
    prestige: Known[Span]
    icons: Known[str]
    arrow: Known[str]
    back_numbers: Known[str]
    example_back: Known[str]
    back_range: Unknown
    stacking: Unknown
    icon_counts: Unknown
    cards: Unknown


@attrs.frozen
class ContractFacts:
    """What the rulebook says about the 56 Contract cards (004:643-683)."""

    count: Known[int]
    delivery: Known[Span]
    goods: Known[Span]
    wild: Known[str]
    penalty_money: Known[Span]
    penalty_prestige: Known[int]
    most_have_penalty: Known[str]
    reward_money: Known[Span]
    reward_prestige: Known[int]
    some_have_reward: Known[str]
    train: Known[str]
    icons: Known[str]
    arrow: Known[str]
    back_numbers: Known[str]
    starting: Known[str]
    back_range: Unknown
    stacking: Unknown
    icon_counts: Unknown
    trains: Unknown
    cards: Unknown


@attrs.frozen
class NamedBuilding:
    """A Building the rulebook names, with what it says of it (BH-CARD-5)."""

    key: str
    name: Known[str]
    #: Other names the rulebook prints (the German card in the illustrations).
    aliases: tuple[Known[str], ...]
    #: The card's text as the rulebook shows it, or unknown.
    text: Fact[str]
    #: The ability in the library's vocabulary (:data:`~bremerhaven.cards.model.Effect`).
    effects: Fact[tuple[Effect, ...]]
    #: Whether it is a production building (the cogwheel, 004:411-412).
    production: Fact[bool]
    prestige: Fact[int]


@attrs.frozen
class BuildingFacts:
    """What the rulebook says about the 20 Building cards (004:403-455)."""

    count: Known[int]
    prestige: Known[Span]
    abilities: Known[str]
    production: Known[str]
    explained_on_back: Known[str]
    stack: Known[str]
    starting: Known[str]
    named: tuple[NamedBuilding, ...]
    unnamed: Unknown


@attrs.frozen
class PriceFacts:
    """What the rulebook says about the 24 Price cards (004:513-526)."""

    count: Known[int]
    prices: Known[str]
    ranks: Known[str]
    distinct: Known[bool]
    example: Known[tuple[tuple[Good, int], ...]]
    price_range: Unknown
    cards: Unknown


@attrs.frozen
class NamedEvent:
    """An event the rulebook shows, with its text (BH-CARD-7)."""

    key: str
    name: Known[str]
    text: Known[str]
    effect: Known[EventEffect]
    progress: Unknown
    solo_space: Unknown


@attrs.frozen
class NewspaperFacts:
    """What the rulebook says about the 18 Newspaper cards (004:862-907, 004:1091-1098)."""

    count: Known[int]
    sides: Known[str]
    progress: Known[str]
    progress_example: Known[int]
    no_first_event: Known[str]
    solo_symbols: Known[str]
    solo_example: Known[Space]
    headlines: Known[tuple[str, ...]]
    events: tuple[NamedEvent, ...]
    progress_values: Unknown
    solo_spaces: Unknown
    other_events: Unknown


@attrs.frozen
class ShortGameFacts:
    """The 2 "Short Game Special Edition" cards (BH-CARD-8)."""

    count: Known[int]
    advance: Known[int]
    not_flipped: Known[str]
    replaces_newspapers: Known[str]


@attrs.frozen
class HarborFacts:
    """A player's Harbor board and its Cover cards and Bollards (BH-CARD-9, BH-CARD-10)."""

    spaces: Known[int]
    layout: Known[str]
    covers_total: Known[int]
    covers_per_board: Known[int]
    covered_spaces: Known[tuple[int, ...]]
    cover_costs: Unknown
    docks: Known[int]
    quay_walls: Known[int]
    berth_size: Known[str]
    starting_bollards: Known[int]
    bollard_costs: Unknown
    bollards_per_wall: Unknown
    bollards_total: Known[int]
    loading_docks: Known[int]
    accessible_loading_docks: Known[int]
    loading_dock_access: Known[str]
    prestige_track: Known[str]
    prestige_track_length: Unknown


@attrs.frozen
class TrackFacts:
    """The Progress track on the Town board (004:174-176, 004:893-899)."""

    start: Unknown
    last_space: Unknown
    long_rounds_4p: Known[Span]
    short_rounds: Known[tuple[tuple[int, int], ...]]
    solo_rounds: Known[int]


@attrs.frozen
class BoardFacts:
    """The Town, Sea and Land boards' printed numbers (BH-CARD-11)."""

    town_spaces: Known[tuple[str, ...]]
    parking: Known[int]
    starting_income: Known[tuple[int, int, int, int]]
    career_income: Known[tuple[int, int, int, int]]
    influence_values: Known[tuple[int, ...]]
    hand: Known[tuple[int, ...]]
    sea_spaces: Known[str]
    land_spaces: Known[str]
    rightmost_space: Unknown
    goods_supply: Known[int]


@attrs.frozen
class Catalogue:
    """Everything the rulebook says about the published cards and boards."""

    components: tuple[ComponentEntry, ...]
    ships: ShipFacts
    contracts: ContractFacts
    buildings: BuildingFacts
    prices: PriceFacts
    newspapers: NewspaperFacts
    short_game: ShortGameFacts
    harbor: HarborFacts
    track: TrackFacts
    boards: BoardFacts

    def building(self, name: str) -> NamedBuilding:
        """The named Building with this name, alias or key (any case); ``KeyError`` if none."""
        wanted = name.casefold()
        for b in self.buildings.named:
            names = {b.key, b.name.value.casefold(), *(a.value.casefold() for a in b.aliases)}
            if wanted in names:
                return b
        raise KeyError(f"the rulebook names no Building {name!r}")

    def facts(self) -> Iterator[tuple[str, Known[object] | Unknown]]:
        """Every fact and unknown, with its path (``"ships.lay_time"``)."""
        yield from _walk(self, "")

    def unknowns(self) -> tuple[tuple[str, Unknown], ...]:
        """Every value the rulebook does not give, with its path."""
        return tuple((p, f) for p, f in self.facts() if isinstance(f, Unknown))

    def knowns(self) -> tuple[tuple[str, Known[object]], ...]:
        """Every fact the rulebook gives, with its path."""
        return tuple((p, f) for p, f in self.facts() if isinstance(f, Known))


def _walk(record: AttrsInstance, path: str) -> Iterator[tuple[str, Known[object] | Unknown]]:
    for field in attrs.fields(type(record)):
        value = getattr(record, field.name)
        here = f"{path}.{field.name}" if path else field.name
        if isinstance(value, Known | Unknown):
            yield here, value
        elif isinstance(value, tuple):
            for i, item in enumerate(value):
                if attrs.has(type(item)):
                    yield from _walk(item, f"{here}[{i}]")
        elif attrs.has(type(value)):
            yield from _walk(value, here)


# --------------------------------------------------------------------------- the data

_NOT_PUBLIC = "no public source lists the published cards' values (BH-CARD-13)"
_BACK_RANGE = (
    "how many numbers the backs show: the rulebook says only that the cards are separated by "
    "the numbers on their backs; the library allows 1-4"
)
_STACKING = (
    'the order in which the shuffled stacks are combined ("as illustrated"; the illustration '
    "is not in the text): reading BH-INT-10"
)

_COMPONENTS = (
    ComponentEntry("harbor-boards", "Harbor boards (1 per player)", Known(4, "004:16")),
    ComponentEntry("influence-cards", "Influence cards (12 per player color)", Known(48, "004:17")),
    ComponentEntry("player-tokens", "Player tokens to indicate ranks", Known(4, "004:18")),
    ComponentEntry(
        "prestige-markers", "Prestige markers (a clip and a chit per player)", Known(8, "004:19")
    ),
    ComponentEntry("lighthouse-chits", "Lighthouse chits", Known(4, "004:20")),
    ComponentEntry("coins", "coins (48 x 1, 24 x 5, 16 x 25 money)", Known(88, "004:29")),
    ComponentEntry("cover-cards", "Cover cards", Known(24, "004:30")),
    ComponentEntry("ship-cards", "Ship cards", Known(48, "004:31")),
    ComponentEntry("contract-cards", "Contract cards", Known(56, "004:32")),
    ComponentEntry(
        "building-cards",
        "Building cards",
        Known(20, "004:33-34", "plus 20 each in German and Italian, to be removed"),
    ),
    ComponentEntry("price-cards", "Price cards", Known(24, "004:35")),
    ComponentEntry(
        "newspaper-cards",
        "Newspaper cards",
        Known(18, "004:36-37", "plus 18 each in German and Italian, to be removed"),
    ),
    ComponentEntry(
        "short-game-cards",
        '"Short Game Special Edition" cards',
        Known(2, "004:38-39", "plus 2 each in German and Italian, to be removed"),
    ),
    ComponentEntry("bollards", "Bollards", Known(48, "004:40")),
    ComponentEntry("time-markers", "Time markers", Known(60, "004:41")),
    ComponentEntry(
        "goods", "goods (40 each of barrels, crates, containers, passengers)", Known(160, "004:42")
    ),
)

_ICONS = "the card backs show icons for the player counts a card is used with"
_ARROW = "an arrow under a player-count icon marks a card used only in the long game"
_BACKS = "the chosen cards are separated by the numbers on their backs, each stack shuffled"

_SHIPS = ShipFacts(
    count=Known(48, "004:31"),
    lay_time=Known(Span(1, 5), "004:608-612"),
    cargo_count=Known(Span(1, 5), "004:613-616"),
    cargo_types=Known((Good.BARREL, Good.CONTAINER, Good.CRATE, Good.PASSENGER), "004:614-615"),
    wild=Known(
        "wild card symbols: the owner chooses the type, the same for all the Ship's goods",
        "004:617-620",
    ),
    berth=Known(Span(0, 3), "004:621-629"),
    prestige=Known(Span(1, 5), "004:633-635", "shown as 1-5 stars"),
    icons=Known(_ICONS, "004:91-92"),
    arrow=Known(_ARROW, "004:93-95, 004:1011-1013"),
    back_numbers=Known(_BACKS, "004:96-99"),
    example_back=Known(
        "a card back in the setup illustration: not used in 2-player games, only in 3-player "
        "long games and both 4-player games (icons 3 and 4, an arrow under the 3)",
        "004:120-123",
        "the text stands by the Ship cards of the illustration; whether the card is a Ship "
        "or a Contract is not said",
        inferred=True,
    ),
    back_range=Unknown(_BACK_RANGE, "004:96-97"),
    stacking=Unknown(_STACKING, "004:97-99"),
    icon_counts=Unknown("which cards show which player-count icons and arrows", "004:91-95"),
    cards=Unknown(
        "the 48 cards' names, lay times, cargo, berth sizes, prestige, icons, arrows and back "
        f"numbers: {_NOT_PUBLIC}",
        "004:31",
    ),
)

_CONTRACTS = ContractFacts(
    count=Known(56, "004:32"),
    delivery=Known(Span(1, 5), "004:653-659"),
    goods=Known(Span(1, 4), "004:660-663", "up to 4 goods of the same or of different types"),
    wild=Known("each wild card symbol may stand for a different good", "004:663-665"),
    penalty_money=Known(Span(0, 5), "004:667-672", "up to 5 money, in red"),
    penalty_prestige=Known(1, "004:671-672", '"or even lose a prestige point"'),
    most_have_penalty=Known("most Contract cards show a contract penalty", "004:668-669"),
    reward_money=Known(Span(0, 4), "004:674-677", "up to 4 money, in green"),
    reward_prestige=Known(
        1, "004:676-677, 004:680-682", "a prestige reward moves the clip up one space"
    ),
    some_have_reward=Known("some Contract cards show a reward", "004:675"),
    train=Known(
        "some Contract cards show a train (the Train Station adds to bids on them)",
        "004:745-747",
        "the rulebook shows the train only through the Train Station's text",
        inferred=True,
    ),
    icons=Known(_ICONS, "004:160-161"),
    arrow=Known(_ARROW, "004:161-163, 004:1011-1013"),
    back_numbers=Known(_BACKS, "004:164-166"),
    starting=Known(
        "each player draws a Starting contract from the stack onto the first Loading dock, "
        "with its Time markers",
        "004:234-237",
    ),
    back_range=Unknown(_BACK_RANGE, "004:164-165"),
    stacking=Unknown(_STACKING, "004:165-166"),
    icon_counts=Unknown("which cards show which player-count icons and arrows", "004:160-163"),
    trains=Unknown("which Contract cards show a train", "004:745-747"),
    cards=Unknown(
        "the 56 cards' names, delivery times, goods, penalties, rewards, trains, icons, arrows "
        f"and back numbers: {_NOT_PUBLIC}",
        "004:32",
    ),
)

_PRESTIGE_UNKNOWN = Unknown("0-3 like every Building (004:407-409); its value is not given")


def _named(
    key: str,
    name: Known[str],
    *,
    text: Fact[str],
    effects: Fact[tuple[Effect, ...]],
    production: Fact[bool],
    aliases: tuple[Known[str], ...] = (),
) -> NamedBuilding:
    return NamedBuilding(key, name, aliases, text, effects, production, _PRESTIGE_UNKNOWN)


_NOT_PRODUCTION = Known(
    False,
    "004:411-412",
    "its ability is not production, so it shows no cogwheel",
    inferred=True,
)

_NAMED_BUILDINGS = (
    _named(
        "refinery",
        Known("Refinery", "004:738"),
        text=Known("Take 1 barrel in the Production phase of every round.", "004:740-741"),
        effects=Known((Produce(good=Good.BARREL),), "004:740-741, 004:765-766"),
        production=Known(True, "004:764-766", "the example: the Refinery produces a barrel"),
    ),
    _named(
        "train-station",
        Known("Train Station", "004:743"),
        text=Known(
            "Each of your Influence cards used to bid on Contracts with trains is worth +1.",
            "004:745-747",
        ),
        effects=Known((TrainBidBonus(1),), "004:745-747"),
        production=_NOT_PRODUCTION,
    ),
    _named(
        "lighthouse",
        Known("Lighthouse", "004:429, 004:332, 004:417"),
        text=Known(
            "From now on, you will get 2 money for each new Ship.",
            "004:416, 004:418",
            "the card's text is interleaved with the example's in the seed",
        ),
        effects=Known((IncomePerNewShip(2),), "004:416-418"),
        production=_NOT_PRODUCTION,
    ),
    _named(
        "loading-plant",
        Known("Loading Plant", "004:110-118, 004:218-220", "printed as LoadingPlant"),
        aliases=(Known("Verladezentrum", "004:333-335", "the German card"),),
        text=Known(
            "You may pack and unpack containers for free.",
            "004:125-150",
            "the seed repeats the text in fragments; German: Du kannst Container kostenlos "
            "... (004:336-340)",
        ),
        effects=Known((FreeConversion(),), "004:125-150, 004:803-806"),
        production=_NOT_PRODUCTION,
    ),
    _named(
        "status-symbol",
        Known("Status Symbol", "004:437"),
        text=Known("Improves the looks of your harbour … a lot!", "004:445-446"),
        effects=Known(
            (),
            "004:445-446",
            "the text names no ability: read as prestige only",
            inferred=True,
        ),
        production=_NOT_PRODUCTION,
    ),
    _named(
        "commodity-exchange",
        Known("Commodity Exchange", "004:524, 004:1194"),
        text=Unknown(
            'the card\'s text: "he may change the prices as described on that Building" '
            "(004:524-526)",
            "004:524-526",
        ),
        effects=Known(
            (PriceChoiceWhenUnbid(),),
            "004:524-526, 004:1193-1195",
            "with no bid on 1.4 its owner may change the prices; how, the card says",
            inferred=True,
        ),
        production=_NOT_PRODUCTION,
    ),
    _named(
        "bank",
        Known("Bank", "004:874, 004:1145"),
        text=Unknown(
            "the card's text: money on the Bank pays penalties and charges only (004:873-875, "
            "004:1145-1146); how money reaches it is not said",
            "004:1145-1146",
        ),
        effects=Unknown(
            "a store of money for penalties and charges (004:1145-1146); how money reaches it "
            "is not said, so no MoneyStore(per_round) can be given",
            "004:873-875, 004:1145-1146",
        ),
        production=Unknown("whether the Bank shows a cogwheel"),
    ),
)

_BUILDINGS = BuildingFacts(
    count=Known(20, "004:33"),
    prestige=Known(Span(0, 3), "004:407-409", "in the top right corner"),
    abilities=Known(
        "most Buildings have a special ability, explained on the card with icons and words",
        "004:409-411",
    ),
    production=Known(
        "a cogwheel in the top left corner marks a production building, which produces one "
        "good or money in 4.1",
        "004:411-412, 004:759-762",
    ),
    explained_on_back=Known(
        "the back of each Building card explains it; either side may face up when built",
        "004:450-455",
    ),
    stack=Known("the Building cards are shuffled into a face-up stack on 1.1", "004:178-180"),
    starting=Known(
        "short game: each player draws a random Starting building from that stack",
        "004:181-182, 004:1014-1015",
    ),
    named=_NAMED_BUILDINGS,
    unnamed=Unknown(
        f"the other 13 of the 20 Building cards: names, prestige and abilities; {_NOT_PUBLIC}",
        "004:33",
    ),
)

_PRICES = PriceFacts(
    count=Known(24, "004:35"),
    prices=Known(
        "each card gives the selling price of the four goods; the top card is in force",
        "004:513-523, 004:831-833",
    ),
    ranks=Known(
        "at setup the top card ranks the goods chits the players took: most valuable is Captain",
        "004:250-259",
    ),
    distinct=Known(
        True,
        "004:256-259",
        "the top card must rank four chits, so its four prices differ",
        inferred=True,
    ),
    example=Known(
        ((Good.BARREL, 3), (Good.CONTAINER, 1), (Good.CRATE, 4)),
        "004:844-846",
        "a worked example, with an arithmetic slip (BH-INT-1); the passenger's price is not "
        "shown and the card is not known to be printed",
    ),
    price_range=Unknown("the lowest and highest price; the library allows 1-9"),
    cards=Unknown(f"the 24 cards' prices: {_NOT_PUBLIC}", "004:35"),
)

_FALL = NamedEvent(
    key="fall",
    name=Known("Fall", "004:867"),
    text=Known(
        "The economy is not doing well. Customers demand a rebate on their Contracts. You "
        "have to pay 1 money per Contract card in your harbor into the general supply. For "
        'this purpose, you may use money from the "Bank" if you own it. If you do not have '
        "enough money, pay as much as you can.",
        "004:869-876",
    ),
    effect=Known(Charge(Counted.CONTRACTS, 1), "004:869-876"),
    progress=Unknown("the progress on the card's other side"),
    solo_space=Unknown("the solo symbol at the bottom of its progress side"),
)

_NEWSPAPERS = NewspaperFacts(
    count=Known(18, "004:36"),
    sides=Known(
        'a "Ship ahoy!" Progress side and an Event side ("The Bremerhaven Courier")',
        "004:893-904",
    ),
    progress=Known(
        "the Progress side shows how many spaces the Ship token advances", "004:894-897"
    ),
    progress_example=Known(2, "004:959-960", "an illustrated card advances the token 2 spaces"),
    no_first_event=Known("the rack's left side is empty in the first round", "004:880-883"),
    solo_symbols=Known(
        "the bottom of the Progress side shows the space the solo dummy bids on",
        "004:905-907, 004:1092-1094",
    ),
    solo_example=Known(Space.PERMIT, "004:1095-1096", "the example card sends the dummy to 1.2"),
    headlines=Known(
        (
            "World Class: German board gamers unchallenged",
            "Flooded: publisher drowns in Hiddigwarden",
            "Nominated: yet another board game",
        ),
        "004:936-947",
        "headlines of the Courier in the illustrations (dated Tuesday, November 12th, 2013); "
        "decorative, not events",
    ),
    events=(_FALL,),
    progress_values=Unknown(
        "each card's progress; a 4-player long game lasts 8-12 rounds (004:322-323)",
        "004:894-897",
    ),
    solo_spaces=Unknown("each card's solo space", "004:1092-1094"),
    other_events=Unknown(f"the other 17 events: {_NOT_PUBLIC}", "004:36"),
)

_SHORT_GAME = ShortGameFacts(
    count=Known(2, "004:38"),
    advance=Known(2, "004:1009-1010, 004:1059-1060"),
    not_flipped=Known("the cards are not flipped", "004:1060"),
    replaces_newspapers=Known(
        "in the short and solo games they lie on both sides of the rack instead of the "
        "Newspaper cards",
        "004:305-306, 004:1005-1009, 004:1075",
    ),
)

_HARBOR = HarborFacts(
    spaces=Known(12, "004:690-691"),
    layout=Known(
        "4 columns x 3 rows",
        "004:226-228, 004:690-691",
        "12 spaces with a 3rd and 4th column covered, 6 covers a board",
        inferred=True,
    ),
    covers_total=Known(24, "004:30"),
    covers_per_board=Known(6, "004:30, 004:226-228", "24 covers over 4 boards", inferred=True),
    covered_spaces=Known(
        (2, 3, 6, 7, 10, 11),
        "004:226-228",
        "the 3rd and 4th columns, spaces numbered row by row from 0",
        inferred=True,
    ),
    cover_costs=Unknown(
        "the money printed on each Cover card (paid to clear it)", "004:226-227, 004:432-434"
    ),
    docks=Known(3, "004:609-610, 004:700-701"),
    quay_walls=Known(
        4,
        "004:700-702",
        "three docks, each flanked by a wall below and one above",
        inferred=True,
    ),
    berth_size=Known(
        "a dock's berth size is the lower of its two walls' bollard counts", "004:702-704"
    ),
    starting_bollards=Known(2, "004:232-233, 004:705-707", "one on each wall of the middle dock"),
    bollard_costs=Unknown(
        "the money printed on each bollard space of the quay walls", "004:426-427"
    ),
    bollards_per_wall=Unknown(
        "how many bollards a quay wall holds; berth sizes run 0-3 (004:621-623)"
    ),
    bollards_total=Known(48, "004:40"),
    loading_docks=Known(4, "004:716-717"),
    accessible_loading_docks=Known(2, "004:717-718", "the two on the left"),
    loading_dock_access=Known(
        "a right Loading dock takes deliveries once the space directly below it is cleared",
        "004:718-721",
    ),
    prestige_track=Known(
        "the Prestige track on the right of the Harbor board; the clip starts at 0",
        "004:229-231, 004:723, 004:768-771",
    ),
    prestige_track_length=Unknown("the Prestige track's highest space", "004:229-231"),
)

_TRACK = TrackFacts(
    start=Unknown("the Ship token's starting space for each number of players", "004:174-176"),
    last_space=Unknown("the Progress track's last space", "004:322-323, 004:954"),
    long_rounds_4p=Known(Span(8, 12), "004:322-323"),
    short_rounds=Known(((2, 10), (3, 9), (4, 8)), "004:1059-1063", "at 2 spaces a round"),
    solo_rounds=Known(10, "004:1075-1076, 004:1115"),
)

_BOARDS = BoardFacts(
    town_spaces=Known(
        (
            "1.0 Parking lot",
            "1.1 Building cards",
            "1.2 Building permit",
            "1.3 Grow influence",
            "1.4 Price cards",
            "1.5 Career ladder",
        ),
        "004:391-394",
    ),
    parking=Known(1, "004:395-399", "money per Influence card on the Parking lot"),
    starting_income=Known((4, 6, 8, 12), "004:264-274", "Captain, First Mate, Mate, Ship's Cook"),
    career_income=Known((4, 3, 2, 1), "004:574-578", "Captain, First Mate, Mate, Ship's Cook"),
    influence_values=Known((1, 2, 3, 4, 5, 5, 6, 6, 7, 7, 8, 9), "004:542"),
    hand=Known((1, 2, 3, 4, 5), "004:209-211, 004:532-533"),
    sea_spaces=Known("as many Ship cards on the Sea board as players", "004:102-105, 004:589-590"),
    land_spaces=Known("as many Contract cards on the Land board as players", "004:169-172"),
    rightmost_space=Unknown(
        'which space is "the rightmost space that is appropriate for this number of players" '
        "with fewer than 4 players",
        "004:972-973",
    ),
    goods_supply=Known(40, "004:42", "of each good"),
)

#: The catalogue of what the rulebook says about the published cards and boards.
CATALOGUE: Final = Catalogue(
    components=_COMPONENTS,
    ships=_SHIPS,
    contracts=_CONTRACTS,
    buildings=_BUILDINGS,
    prices=_PRICES,
    newspapers=_NEWSPAPERS,
    short_game=_SHORT_GAME,
    harbor=_HARBOR,
    track=_TRACK,
    boards=_BOARDS,
)
