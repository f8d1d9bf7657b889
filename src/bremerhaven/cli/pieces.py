"""What Bremerhaven's command shows: menu groups, the summary, a record's moves, the cards.

The ``bremerhaven`` command is the shell every game's command is (:mod:`meeplekit.cli`),
served from Bremerhaven's description (:data:`bremerhaven.info.INFO`); these are the parts
of it that are Bremerhaven's own: the groups of a long menu (:func:`menu_group`: the bids
by space, then value), what matters to a seat in a few lines (:func:`summary`), a record's
moves narrated as the demo narrates a game (:func:`narrate_moves`) and the cards
(:func:`card_entries`, :func:`card_tables`). The tables need rich (the extra ``[cli]``),
imported when they are drawn; the rest needs no extra.

The game has no chance after its setup (BH-ENGINE-10): the command draws nothing during
play, and ``undo`` may always take the human's last decision back (BH-CLI-3).

The card reference (BH-CLI-6) shows every card of a set with its values and says where
they come from: the library's original set, invented and never the printed cards'
(BH-CARD-15), or a card file (BH-CARD-14); and what the rulebook gives about each card, as
the catalogue records it (:data:`bremerhaven.cards.CATALOGUE`): a range or a text with its
lines (``004:N``), or unknown.

>>> from bremerhaven.cards import ORIGINAL
>>> entry = next(e for e in card_entries(ORIGINAL) if e.name == "Lighthouse")
>>> entry.kind, entry.rules[:2]
('Building card', ('BH-CARD-4', 'BH-CARD-5'))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, TextIO

import attrs

import bremerhaven
from bremerhaven import demo
from bremerhaven.cards.catalogue import CATALOGUE, Known, NamedBuilding, NamedEvent, Span, Unknown
from bremerhaven.cards.describe import (
    RANK_NAMES,
    TOWN_NAMES,
    describe_building,
    describe_event,
    effect_rule,
)
from bremerhaven.cards.model import (
    BuildingCard,
    CardSet,
    ContractCard,
    Good,
    NewspaperCard,
    Origin,
    PriceCard,
    ShipCard,
    Space,
)
from bremerhaven.moves import (
    Berth,
    Bid,
    Build,
    ChoosePrice,
    ClearCover,
    Deliver,
    Move,
    Pack,
    PlaceBollard,
    Produce,
    SwapRanks,
    Unload,
    Unpack,
)
from bremerhaven.observation import Observation
from bremerhaven.specification import SPECIFICATION
from bremerhaven.state import GameState
from bremerhaven.views.view import (
    bids_on,
    contract_words,
    effect_words,
    event_words,
    goods_words,
    headline,
    origin_mark,
    price_words,
    seen_by,
    ship_words,
    stake_words,
)

if TYPE_CHECKING:
    from rich.table import Table

__all__ = [
    "CardEntry",
    "card_entries",
    "card_set_title",
    "card_tables",
    "menu_group",
    "narrate_moves",
    "summary",
]


# --------------------------------------------------------------------------- the menu


def _space_name(state: GameState, space: Space) -> str:
    """A bidding space by its label and what lies on it: ``"2.1, the Mudlark"``."""
    if space.is_sea:
        ship = state.sea[space.slot] if space.slot < len(state.sea) else None
        return f"{space.label}, the {ship.name}" if ship else space.label
    if space.is_land:
        contract = state.land[space.slot] if space.slot < len(state.land) else None
        return f"{space.label}, the contract {contract.name}" if contract else space.label
    return f"{space.label}, {TOWN_NAMES[space]}"


def _bids(state: GameState, space: Space) -> str:
    """The bids on ``space`` as the deciding seat sees them, short: ``"; bids: you 3, P2 1 card"``.

    Others' cards stay face down while the bidding is open (BH-ENGINE-11); ``P2`` is
    Player 2.
    """
    viewer = bremerhaven.current_player(state)
    seen = seen_by(state, viewer)
    parts = []
    for seat, values in bids_on(seen, space):
        name = "you" if seat == viewer else "the dummy" if seat == seen.dummy else f"P{seat + 1}"
        if any(value is None for value in values):
            parts.append(f"{name} {len(values)} card{'' if len(values) == 1 else 's'}")
        else:
            parts.append(f"{name} {' + '.join(str(value) for value in values)}")
    return f"; bids: {', '.join(parts)}" if parts else ""


def menu_group(state: GameState, move: Move) -> tuple[str, ...]:
    """The group of ``move`` in a menu too long for the screen (:mod:`meeplekit.cli.play`).

    Bids by space, with the bids already there as the deciding seat sees them (and within
    a space by value, as the moves come); a dock's berths, a
    loading dock's deliveries, bollards, covers, buildings, production, unloading,
    packing and Price cards together; the other moves stand on their own.
    """
    match move:
        case Bid(space=space):
            return (f"Bid on {_space_name(state, space)}{_bids(state, space)}",)
        case Berth(dock=dock):
            return (f"Berth the ship in dock {dock}",)
        case Deliver(loading_dock=dock):
            return (f"Deliver to loading dock {dock}",)
        case PlaceBollard():
            return ("Place a bollard",)
        case ClearCover():
            return ("Clear a cover",)
        case Build():
            return ("Build a building",)
        case Produce():
            return ("Run a building",)
        case Unload():
            return ("Unload a ship",)
        case Pack() | Unpack():
            return ("Pack or unpack",)
        case ChoosePrice():
            return ("Choose a Price card",)
        case SwapRanks():
            return ("Swap ranks",)
    return ()


def summary(state: GameState, seat: int) -> str:
    """What matters to ``seat`` now, in a few lines (shown above the menu without the table).

    The view's first line, then the seat's rank, money, prestige, influence cards in hand
    and storage.
    """
    seen = seen_by(state, seat)
    me = seen.players[seat]
    rank = RANK_NAMES[seen.ranks.index(seat)]
    hand = ", ".join(str(value) for value in me.hand) or "none"
    stored = [goods_words(n, good) for good, n in zip(Good, me.storage, strict=True) if n]
    return "\n".join(
        (
            headline(seen),
            f"You: {rank}; {me.money} money; prestige {me.prestige}; influence cards in hand "
            f"{hand}; storage: {', '.join(stored) or 'empty'}",
        )
    )


# --------------------------------------------------------------------------- a record's moves


class _RecordEnds(Exception):
    """The record has no more moves."""


class _Recorded:
    """A bot that plays the moves of a record in order (the narration is the demo's)."""

    def __init__(self, moves: Sequence[Move]) -> None:
        self._moves = iter(moves)

    def choose(self, observation: Observation) -> Move:
        """The record's next move."""
        for move in self._moves:
            return move
        raise _RecordEnds


def narrate_moves(start: GameState, moves: Sequence[Move], out: TextIO) -> None:
    """Write the narration of ``moves`` from ``start`` to ``out`` as the demo narrates a game.

    The narration stops where the moves stop (``bremerhaven replay``).
    """
    player = _Recorded(moves)
    try:
        demo.play(start, [player] * start.seats, out)
    except _RecordEnds:
        return


# --------------------------------------------------------------------------- the cards


@attrs.frozen
class CardEntry:
    """A card as ``bremerhaven cards`` finds and shows it (BH-CLI-6)."""

    #: The card's name (a Price card's key, as it has no name).
    name: str
    #: What it is: ``"Ship card"``, ``"Contract card"``, ``"Building card"``,
    #: ``"Price card"`` or ``"Newspaper card"``.
    kind: str
    #: The card in full: its values, where they come from, what the rulebook gives.
    text: str
    #: The clauses that govern it.
    rules: tuple[str, ...]


def _lines(fact: Known[Any] | Unknown, *, titles: bool = True) -> str:
    """Where the rulebook gives ``fact``, as a reader reads it: "(the Bremerhaven rulebook, …)"."""
    if not fact.lines:
        return ""
    return SPECIFICATION.cite(f" ({fact.lines})", bare=False, titles=titles)


def _unknown(fact: Unknown) -> str:
    return f"unknown: {fact.note}{_lines(fact)}"


def _span(fact: Known[Span], unit: str = "") -> str:
    return f"{fact.value.low}-{fact.value.high}{unit}{_lines(fact)}"


def _inferred(fact: Known[Any]) -> str:
    return f" (inferred: {fact.note})" if fact.inferred else ""


def _same(same: bool) -> str:
    return "the same" if same else "another"


def _values(card_set: CardSet, origin: Origin) -> str:
    """Where a card's values come from (BH-CARD-1)."""
    if origin is Origin.ORIGINAL:
        return (
            f"Its values are original: invented for the library's set {card_set.name!r}, "
            "never the printed card's (BH-CARD-15)."
        )
    return (
        f"Its values are from the card file {card_set.name!r}, as its owner entered them "
        "(BH-CARD-14)."
    )


def _origin(origin: Origin) -> str:
    return "BH-CARD-15" if origin is Origin.ORIGINAL else "BH-CARD-14"


def _players(card: ShipCard | ContractCard) -> str:
    counts = ", ".join(str(n) for n in sorted(card.players)) or "no"
    long = ", ".join(str(n) for n in sorted(card.long_only))
    return f"{counts} (in the long game only with {long})" if long else counts


def _icons(card: ShipCard | ContractCard) -> str:
    """The player-count icons, ``*`` marking an arrow (long game only)."""
    return " ".join(f"{n}*" if n in card.long_only else str(n) for n in sorted(card.players))


def _ship(card_set: CardSet, card: ShipCard) -> CardEntry:
    facts = CATALOGUE.ships
    text = (
        f"{card.name} (Ship card, {origin_mark(card.origin)}): {ship_words(card)}; used with "
        f"{_players(card)} players; back number {card.back}. {_values(card_set, card.origin)} "
        f"The rulebook gives the ranges only: lay time {_span(facts.lay_time)}, cargo "
        f"{_span(facts.cargo_count, ' goods of one kind')}, berth size {_span(facts.berth)}, "
        f"prestige {_span(facts.prestige)}. The printed card is {_unknown(facts.cards)}."
    )
    rules = ("BH-CARD-2", "BH-SEA-3", "BH-SEA-4", "BH-SEA-5", "BH-SEA-7", _origin(card.origin))
    return CardEntry(card.name, "Ship card", text, rules)


def _contract(card_set: CardSet, card: ContractCard) -> CardEntry:
    facts = CATALOGUE.contracts
    text = (
        f"{card.name} (Contract card, {origin_mark(card.origin)}): {contract_words(card)}; used "
        f"with {_players(card)} players; back number {card.back}. "
        f"{_values(card_set, card.origin)} The rulebook gives the ranges only: delivery time "
        f"{_span(facts.delivery)}, goods {_span(facts.goods)}, a penalty of "
        f"{_span(facts.penalty_money, ' money')} or {facts.penalty_prestige.value} prestige"
        f"{_lines(facts.penalty_prestige)}, a reward of {_span(facts.reward_money, ' money')} "
        f"or {facts.reward_prestige.value} prestige{_lines(facts.reward_prestige)}; which cards "
        f"show a train is {_unknown(facts.trains)}. The printed card is {_unknown(facts.cards)}."
    )
    rules = ["BH-CARD-3", "BH-LAND-3", "BH-LAND-4", "BH-LAND-5", "BH-LAND-6"]
    if card.train:
        rules.append("BH-BID-8")
    rules.append(_origin(card.origin))
    return CardEntry(card.name, "Contract card", text, tuple(rules))


def _named_building(card: BuildingCard) -> NamedBuilding | None:
    try:
        return CATALOGUE.building(card.name)
    except KeyError:
        return None


def _abilities(effects: Sequence[Any]) -> str:
    return "; ".join(effect_words(effect) for effect in effects) or "prestige only"


def _building(card_set: CardSet, card: BuildingCard) -> CardEntry:
    facts = CATALOGUE.buildings
    named = _named_building(card)
    text = (
        f"{card.name} (Building card, {origin_mark(card.origin)}): prestige {card.prestige}. "
        f"{describe_building(card)} {_values(card_set, card.origin)} The rulebook gives "
        f"prestige {_span(facts.prestige)} for every Building."
    )
    rules = ["BH-CARD-4"]
    if named is None:
        text += f" The printed card is {_unknown(facts.unnamed)}."
    else:
        rules.append("BH-CARD-5")
        text += f" The rulebook names this Building{_lines(named.name)}."
        if isinstance(named.text, Known):
            text += f' Its text: "{named.text.value}"{_lines(named.text)}.'
        else:
            text += f" Its text is {_unknown(named.text)}."
        if isinstance(named.effects, Known):
            ability = BuildingCard(card.key, card.name, 0, named.effects.value)
            text += (
                f" The library reads its ability{_lines(named.effects)}"
                f"{_inferred(named.effects)} as: {describe_building(ability)} This card's "
                f"ability is {_same(named.effects.value == card.effects)}."
            )
        else:
            text += f" Its ability is {_unknown(named.effects)}."
        if isinstance(named.prestige, Unknown):
            text += f" Its prestige is {_unknown(named.prestige)}."
        else:
            text += f" Its prestige: {named.prestige.value}{_lines(named.prestige)}."
    rules += dict.fromkeys(effect_rule(effect) for effect in card.effects)
    rules += ["BH-PERMIT-6", _origin(card.origin)]
    return CardEntry(card.name, "Building card", text, tuple(rules))


def _price(card_set: CardSet, card: PriceCard) -> CardEntry:
    facts = CATALOGUE.prices
    text = (
        f"{card.key} (Price card, {origin_mark(card.origin)}): {price_words(card)}. "
        f"{_values(card_set, card.origin)} The rulebook gives: {facts.prices.value}"
        f"{_lines(facts.prices)}; the four prices differ{_lines(facts.distinct)}"
        f"{_inferred(facts.distinct)}. The lowest and highest price are "
        f"{_unknown(facts.price_range)}; the printed card is {_unknown(facts.cards)}."
    )
    return CardEntry(
        card.key, "Price card", text, ("BH-CARD-6", "BH-PRICE-1", _origin(card.origin))
    )


def _named_event(card: NewspaperCard) -> NamedEvent | None:
    wanted = card.name.casefold()
    for event in CATALOGUE.newspapers.events:
        if event.name.value.casefold() == wanted:
            return event
    return None


def _newspaper(card_set: CardSet, card: NewspaperCard) -> CardEntry:
    facts = CATALOGUE.newspapers
    named = _named_event(card)
    text = (
        f"{card.name} (Newspaper card, {origin_mark(card.origin)}): progress {card.progress} "
        f"(Ship ahoy!); event: {describe_event(card.event)} The solo dummy bids on "
        f"{card.solo_space.label}. {_values(card_set, card.origin)} The rulebook gives: "
        f"{facts.progress.value}{_lines(facts.progress)}; {facts.solo_symbols.value}"
        f"{_lines(facts.solo_symbols)}."
    )
    if named is None:
        text += (
            f" Each card's progress is {_unknown(facts.progress_values)}; each solo space is "
            f"{_unknown(facts.solo_spaces)}; the event is {_unknown(facts.other_events)}."
        )
    else:
        text += (
            f' The rulebook shows this event{_lines(named.name)}: "{named.text.value}"'
            f"{_lines(named.text)}. The library reads it{_lines(named.effect)} as: "
            f"{describe_event(named.effect.value)} This card's event is "
            f"{_same(named.effect.value == card.event)}. Its progress is "
            f"{_unknown(named.progress)}; its solo space is {_unknown(named.solo_space)}."
        )
    rules = (
        "BH-CARD-7",
        effect_rule(card.event),
        "BH-PROGRESS-1",
        "BH-SOLO-4",
        _origin(card.origin),
    )
    return CardEntry(card.name, "Newspaper card", text, rules)


def card_entries(card_set: CardSet) -> list[CardEntry]:
    """Every card of ``card_set``, in the order a name is looked up (BH-CLI-6).

    Ships, contracts, buildings, newspapers, then the Price cards by their keys.
    """
    return [
        *(_ship(card_set, card) for card in card_set.ships),
        *(_contract(card_set, card) for card in card_set.contracts),
        *(_building(card_set, card) for card in card_set.buildings),
        *(_newspaper(card_set, card) for card in card_set.newspapers),
        *(_price(card_set, card) for card in card_set.prices),
    ]


def _title(card_set: CardSet, what: str) -> str:
    return f"{card_set.name}: {what} ({origin_mark(card_set.origin)} values)"


_STAR: Final = "; players: * long game only"


def card_tables(card_set: CardSet, width: int = 80) -> list[Table]:
    """The cards of ``card_set`` as rich tables ``width`` columns wide at most (BH-CLI-6).

    One table each for the ships, contracts (``time``: the delivery time), buildings
    (whether the rulebook names each), newspapers and Price cards, each titled with the set's name and where its values come
    from (``original`` or ``card file``).
    """
    from meeplekit.cli.common import fit_table  # rich: the extra [cli]

    ships = [
        (
            c.name,
            "wild" if c.cargo is None else c.cargo.key,
            str(c.count),
            str(c.lay_time),
            str(c.berth),
            str(c.prestige),
            _icons(c),
            str(c.back),
        )
        for c in card_set.ships
    ]
    contracts = [
        (
            c.name,
            " + ".join("any" if g is None else g.key for g in c.goods),
            str(c.delivery),
            stake_words(c.penalty),
            stake_words(c.reward),
            "yes" if c.train else "",
            _icons(c),
        )
        for c in card_set.contracts
    ]
    buildings = []
    for b in card_set.buildings:
        named = _named_building(b)
        rulebook = "named" + _lines(named.name, titles=False) if named is not None else "unknown"
        buildings.append((b.name, str(b.prestige), _abilities(b.effects), rulebook))
    newspapers = [
        (n.name, str(n.progress), event_words(n.event), n.solo_space.label)
        for n in card_set.newspapers
    ]
    prices = [(p.key, *(str(p.price(good)) for good in Good)) for p in card_set.prices]
    return [
        fit_table(
            _title(card_set, "ships") + _STAR,
            (
                ("ship", "left", 1),
                ("cargo", "left", 0),
                ("goods", "right", 0),
                ("lay", "right", 0),
                ("berth", "right", 0),
                ("prestige", "right", 0),
                ("players", "left", 1),
                ("back", "right", 0),
            ),
            ships,
            width,
        ),
        fit_table(
            _title(card_set, "contracts") + _STAR,
            (
                ("contract", "left", 2),
                ("goods", "left", 2),
                ("time", "right", 0),
                ("penalty", "left", 1),
                ("reward", "left", 1),
                ("train", "left", 0),
                ("players", "left", 1),
            ),
            contracts,
            width,
        ),
        fit_table(
            _title(card_set, "buildings"),
            (
                ("building", "left", 1),
                ("prestige", "right", 0),
                ("ability", "left", 3),
                ("in the rulebook", "left", 1),
            ),
            buildings,
            width,
        ),
        fit_table(
            _title(card_set, "newspapers"),
            (
                ("newspaper", "left", 1),
                ("progress", "right", 0),
                ("event", "left", 2),
                ("solo space", "right", 0),
            ),
            newspapers,
            width,
        ),
        fit_table(
            _title(card_set, "Price cards"),
            (("price card", "left", 0), *((good.key, "right", 0) for good in Good)),
            prices,
            width,
        ),
    ]


def card_set_title(card_set: CardSet) -> str:
    """The card set as the ``cards`` command's messages name it."""
    return f"The card set {card_set.name!r}"
