"""A text view of a position: :func:`render` (BH-VIEW-1 to BH-VIEW-3).

>>> import bremerhaven
>>> from bremerhaven.views.view import render
>>> state = bremerhaven.new_game(3, seed=2013)
>>> for line in render(state).splitlines()[:2]:  # at 80 columns (BH-VIEW-4)
...     print(line)
Bremerhaven, 3 players, long game, round 1, Bidding phase: Player 3 is placing a
    bid (5 cards)

Every view is drawn from an :class:`~bremerhaven.observation.Observation` alone
(:func:`seen_by`), so it cannot show what its viewer may not see. With a viewer it is that
seat's observation; without one (and for ``str(state)``) it is the table as every player
sees it (:func:`public`): while the influence cards are being placed, no placed value
shows, not even to its owner, and no hand:

>>> state = bremerhaven.apply_move(state, bremerhaven.Bid(bremerhaven.Space.PERMIT, 5))
>>> [line for line in render(state, viewer=2).splitlines() if "1.2 " in line]
['  1.2 Building permit: 5 by Player 3 (face down)']
>>> [line for line in str(state).splitlines() if "1.2 " in line]
['  1.2 Building permit: a card face down by Player 3']

The words for cards (:func:`ship_words`, :func:`contract_words`, :func:`building_words`,
:func:`price_words`, :func:`event_words`) are shared with the pictures
(:mod:`bremerhaven.views.svg`) and the narration (:mod:`bremerhaven.views.narrate`). The text is for
people and may change between versions; for programs there is :func:`bremerhaven.to_json`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from bremerhaven.cards.describe import RANK_NAMES, TOWN_NAMES, describe_prices
from bremerhaven.cards.model import (
    BuildingCard,
    Charge,
    ContractCard,
    Counted,
    Effect,
    EventEffect,
    FreeConversion,
    Good,
    HoldsGoods,
    IncomePerNewShip,
    MoneyStore,
    NewspaperCard,
    Origin,
    PriceCard,
    PriceChoiceWhenUnbid,
    Produce,
    Reward,
    ShipCard,
    Space,
    Stake,
    TrainBidBonus,
)
from bremerhaven.errors import InvalidValueError
from bremerhaven.observation import Observation, SeenBid, bidding_open, observe
from bremerhaven.options import GoodsSupply
from bremerhaven.rules.harbours import berth_size, capacity, is_accessible, used_spaces
from bremerhaven.rules.table import STEPS, deciding_seat
from bremerhaven.scoring import harbour_score, ranking, rating
from bremerhaven.state import (
    GameState,
    Harbour,
    Pending,
    PendingBerth,
    PendingBid,
    PendingCareer,
    PendingContract,
    PendingDue,
    PendingGrow,
    PendingMovement,
    PendingPermits,
    PendingPrice,
    PendingProduction,
    PendingStartingGood,
    PendingStep,
)
from meeplekit.text import DEFAULT_WIDTH, keep_together, width_problem, wrap
from meeplekit.values import number

__all__ = [
    "RANKS",
    "SPACE_NAMES",
    "WIDTH",
    "bids_on",
    "building_words",
    "contract_words",
    "effect_words",
    "event_words",
    "goods_words",
    "headline",
    "origin_mark",
    "phase",
    "price_words",
    "public",
    "render",
    "seat_name",
    "seen_by",
    "ship_words",
    "stake_words",
    "standings",
]

#: The width :func:`render` writes at by default, and ``str(state)`` always (a value has
#: no terminal): 80 columns (:data:`meeplekit.text.DEFAULT_WIDTH`, BH-VIEW-4).
WIDTH: Final = DEFAULT_WIDTH

#: The ranks from the top (004:352-355, BH-FLOW-3).
RANKS: Final = RANK_NAMES

#: The Town board's spaces by their names on the board (004:391-393).
SPACE_NAMES: Final = TOWN_NAMES
_TOWN: Final = tuple(SPACE_NAMES)


# --------------------------------------------------------------------------- what is seen


def seen_by(state: GameState | Observation, viewer: int | None = None) -> Observation:
    """What a view of ``state`` shows, as an :class:`~bremerhaven.observation.Observation`.

    A seat gets its own observation (:func:`bremerhaven.observe`); ``viewer=None`` the
    table as every player sees it (:func:`public`); an observation is itself. Every view
    of the library (:func:`render`, :mod:`bremerhaven.views.svg`) is drawn from this alone
    (BH-VIEW-2). Raises :class:`~bremerhaven.errors.InvalidValueError` for a viewer that is
    no deciding seat of the game (the solo dummy is none).
    """
    if isinstance(state, Observation):
        return state
    if viewer is None:
        return public(observe(state, 0))
    return observe(state, viewer)


def public(seen: Observation) -> Observation:
    """``seen`` without what only its viewer may see: the table as every player sees it.

    While the influence cards are being placed, the viewer's own placed values become
    ``None`` and the viewer's hand joins :attr:`~bremerhaven.observation.Observation.unseen`,
    as every other seat's hand is already; everything else of an observation is public
    (BH-ENGINE-11). The result keeps the ``viewer`` field (BH-VIEW-3).
    """
    me = seen.viewer
    if me is None or not bidding_open(seen):  # a spectator's sees nothing of one seat's
        return seen
    placed = tuple(bid.value for bid in seen.bids if bid.seat == me and bid.value is not None)
    harbour = seen.players[me]
    unseen = list(seen.unseen)
    unseen[me] = tuple(sorted(harbour.hand + placed))
    players = list(seen.players)
    players[me] = attrs.evolve(harbour, hand=())
    bids = tuple(SeenBid(bid.space, bid.seat, None) if bid.seat == me else bid for bid in seen.bids)
    return attrs.evolve(seen, players=tuple(players), bids=bids, unseen=tuple(unseen))


# --------------------------------------------------------------------------- words


#: :func:`public`, by a name that :func:`render`'s keyword ``public`` does not hide.
_unseen_by_others = public


def seat_name(seat: int, dummy: int | None = None) -> str:
    """``"Player 1"`` for seat 0, and so on; ``"the dummy"`` for the solo dummy's seat."""
    return "the dummy" if seat == dummy else f"Player {number(seat + 1)}"


def _plural(count: int, noun: str) -> str:
    return f"{number(count)} {noun}" if count == 1 else f"{number(count)} {noun}s"


def goods_words(count: int, good: Good | None) -> str:
    """``"1 barrel"``, ``"3 crates"``; wild goods (``None``) are ``"2 goods of one kind"``."""
    if good is None:
        return f"{_plural(count, 'good')} of one kind"
    return _plural(count, good.key)


def _goods_list(goods: Sequence[int]) -> str:
    parts = [goods_words(n, good) for good, n in zip(Good, goods, strict=True) if n]
    return ", ".join(parts) or "none"


def ship_words(card: ShipCard) -> str:
    """A Ship card in words: cargo, lay time, required berth size and prestige (BH-CARD-2)."""
    if card.cargo is None:
        cargo = f"{goods_words(card.count, None)} (wild: its owner picks the kind)"
    else:
        cargo = goods_words(card.count, card.cargo)
    return f"{cargo}, lay time {card.lay_time}, berth size {card.berth}, prestige {card.prestige}"


def stake_words(stake: Stake) -> str:
    """A penalty or reward: ``"2 money"``, ``"1 prestige"`` or ``"none"`` (BH-CARD-3)."""
    if stake.money:
        return f"{stake.money} money"
    if stake.prestige:
        return f"{stake.prestige} prestige"
    return "none"


def contract_words(card: ContractCard) -> str:
    """A Contract card in words: goods, delivery time, penalty, reward, train (BH-CARD-3)."""
    goods = " + ".join("any good" if good is None else good.key for good in card.goods)
    train = "; train" if card.train else ""
    return (
        f"{goods}; delivery time {card.delivery}; penalty {stake_words(card.penalty)}; "
        f"reward {stake_words(card.reward)}{train}"
    )


def effect_words(effect: Effect) -> str:
    """A Building's ability in words, as the engine plays it (BH-CARD-12)."""
    if isinstance(effect, Produce):
        made = f"{effect.money} money" if effect.good is None else f"1 {effect.good.key}"
        return f"produces {made} in 4.1"
    if isinstance(effect, IncomePerNewShip):
        return f"{effect.money} money for each Ship its owner berths"
    if isinstance(effect, TrainBidBonus):
        return f"+{effect.per_card} for each influence card bid on a Contract with a train"
    if isinstance(effect, FreeConversion):
        return "packs and unpacks containers for free"
    if isinstance(effect, PriceChoiceWhenUnbid):
        return "its owner chooses the Price card on top when no one bids on 1.4"
    if isinstance(effect, MoneyStore):
        return f"takes {effect.per_round} money in 4.1, to pay penalties and charges only"
    if isinstance(effect, HoldsGoods):
        return f"its space still stores {_plural(effect.spaces, 'good')}"
    raise TypeError(f"not an effect: {effect!r}")  # pragma: no cover - Effect is closed


def building_words(card: BuildingCard) -> str:
    """A Building card in words: prestige and abilities (BH-CARD-4)."""
    abilities = "; ".join(effect_words(e) for e in card.effects) or "prestige only"
    return f"prestige {card.prestige}; {abilities}"


_COUNTED: Final = {
    Counted.CONTRACTS: "Contract in his harbour",
    Counted.SHIPS: "Ship in his harbour",
    Counted.BUILDINGS: "built Building",
    Counted.STORED_GOODS: "storage space his goods take",
}


def event_words(effect: EventEffect) -> str:
    """An event in words: who pays or earns how much per what (BH-CARD-7)."""
    verb = "pays" if isinstance(effect, Charge) else "earns"
    tail = " (the Bank first, never into debt)" if isinstance(effect, Charge) else ""
    assert isinstance(effect, Charge | Reward)
    return f"every player {verb} {effect.money} money per {_COUNTED[effect.per]}{tail}"


def price_words(card: PriceCard) -> str:
    """A Price card in words: ``"barrel 3, container 1, crate 6, passenger 2"`` (BH-CARD-6).

    :func:`bremerhaven.cards.describe.describe_prices`, which the engine's events use too.
    """
    return describe_prices(card)


def origin_mark(origin: Origin) -> str:
    """The mark a card carries: ``"original"`` or ``"card file"`` (BH-CARD-1)."""
    return "original" if origin is Origin.ORIGINAL else "card file"


def _newspaper(card: NewspaperCard) -> str:
    return f"{card.name}: {event_words(card.event)}"


# --------------------------------------------------------------------------- the table


def bids_on(seen: Observation, space: Space) -> list[tuple[int, tuple[int | None, ...]]]:
    """The cards on ``space`` by seat, in seat order: each seat's values as seen (``None``)."""
    found: dict[int, list[int | None]] = {}
    for bid in seen.bids:
        if bid.space is space:
            found.setdefault(bid.seat, []).append(bid.value)
    return [(seat, tuple(found[seat])) for seat in sorted(found)]


def _bids(seen: Observation, space: Space) -> str:
    parts = []
    down = bidding_open(seen)
    for seat, values in bids_on(seen, space):
        name = seat_name(seat, seen.dummy)
        if any(value is None for value in values):
            cards = "a card" if len(values) == 1 else f"{len(values)} cards"
            parts.append(f"{cards} face down by {name}")
        else:
            shown = " + ".join(str(value) for value in values)
            parts.append(f"{shown} by {name}{' (face down)' if down else ''}")
    return "; ".join(parts) or "no bids"


def standings(seen: Observation) -> tuple[int, ...]:
    """The deciding seats by score, ties by rank (BH-END-4, :func:`bremerhaven.scoring.ranking`)."""
    points = tuple(harbour_score(seen.players[seat], seen.options) for seat in range(seen.seats))
    return ranking(points, seen.ranks)


def _kind(seen: Observation) -> str:
    if seen.solo:
        return "solo game"
    length = "short" if seen.options.short else "long"
    return f"{len(seen.players)} players, {length} game"


#: The phase of each kind of decision (BH-FLOW-1, BH-ENGINE-2).
_PHASES: Final[dict[type, str]] = {
    PendingStartingGood: "before the first round",
    PendingBid: "Bidding phase",
    PendingPermits: "General action phase, 1.2 Building permit",
    PendingGrow: "General action phase, 1.3 Grow influence",
    PendingPrice: "General action phase, 1.4 Price cards",
    PendingCareer: "General action phase, 1.5 Career ladder",
    PendingBerth: "General action phase, Sea board",
    PendingContract: "General action phase, Land board",
    PendingProduction: "Individual action phase, 4.1 Produce",
    PendingMovement: "Individual action phase, 4.2 Convert and move goods",
    PendingStep: "a step without a choice",
    PendingDue: "Individual action phase, 4.4 Remove Time markers",
}


def phase(pending: Pending) -> str:
    """The phase of the game a pending decision belongs to, in words."""
    if isinstance(pending, PendingDue) and pending.end:
        return "the end of the game, leftover Contracts"
    return _PHASES[type(pending)]


def _details(seen: Observation, pending: Pending) -> str:
    """What the decision is about, beyond its question."""
    if isinstance(pending, PendingStartingGood):
        return f" ({pending.left} to choose)"
    if isinstance(pending, PendingBid):
        return f" ({_plural(seen.hand_sizes[pending.seat], 'card')})"
    if isinstance(pending, PendingPermits):
        held = _plural(pending.permits, "permit")
        return f" ({held} to use, {pending.bought} bought)"
    if isinstance(pending, PendingBerth | PendingContract):
        return f": {pending.card.name}"
    if isinstance(pending, PendingDue):
        docks = ", ".join(str(k) for k in sorted(pending.docks))
        return f" (loading docks {docks})"
    return ""


def headline(seen: Observation) -> str:
    """The view's first line: the game, the round and phase, who decides what; or the end."""
    kind = _kind(seen)
    pending = seen.pending
    if pending is None:
        order = standings(seen)
        first = order[0]
        points = harbour_score(seen.players[first], seen.options)
        if seen.solo:
            return (
                f"Bremerhaven, {kind}, the game is over after {seen.round} rounds: "
                f"{seat_name(first)} scores {points} (Captain Aha's rating: {rating(points)})"
            )
        return (
            f"Bremerhaven, {kind}, the game is over after {seen.round} rounds: "
            f"{seat_name(first)} wins with {points}"
        )
    step = STEPS[type(pending)]
    doing = step.question(pending) + _details(seen, pending)
    where = phase(pending)
    if not isinstance(pending, PendingStartingGood):
        where = f"round {seen.round}, {where}"
    if isinstance(pending, PendingStep):
        return f"Bremerhaven, {kind}, {where}: the engine is carrying out {doing}"
    who = seat_name(deciding_seat(pending), seen.dummy)
    return f"Bremerhaven, {kind}, {where}: {who} is {doing}"


def render(
    state: GameState | Observation,
    viewer: int | None = None,
    *,
    public: bool = False,
    width: int = WIDTH,
) -> str:
    """The position as text: the decision, the time, the boards and bids, every harbour.

    ``viewer`` (a seat) draws that seat's observation and marks it "(you)"; without one the
    text is the table as every player sees it (:func:`public`); an
    :class:`~bremerhaven.observation.Observation` is drawn for its viewer. ``public=True``
    (without a viewer) is what every player may see, as in every game: the view without a
    viewer, or an observation without what only its viewer may see. Lines are at
    most ``width`` characters (default :data:`WIDTH`, 80), longer ones wrapped with their
    continuation indented (BH-VIEW-4, :func:`meeplekit.text.wrap`). The text is for people
    and may change between versions; for programs there is :func:`bremerhaven.to_json`.
    Raises :class:`~bremerhaven.errors.InvalidValueError` for a viewer that is no deciding
    seat, or a width under 40 columns.
    """
    problem = width_problem(width)
    if problem is not None:
        raise InvalidValueError(problem)
    if public and viewer is not None:
        raise InvalidValueError("a view takes a viewer or public=True, not both")
    who = None if public else state.viewer if isinstance(state, Observation) else viewer
    seen = seen_by(state, viewer)
    if public and isinstance(state, Observation):
        seen = _unseen_by_others(seen)
    return wrap("\n".join(_lines(seen, who, width)), width) + "\n"


def _time(seen: Observation) -> list[str]:
    board = seen.cards.board
    out = []
    token = f"Progress track: the Ship token on space {seen.track} of {board.track_last}"
    if seen.options.short or seen.solo:
        out.append(f"{token}; it advances 2 spaces a round")
    else:
        top = "none" if seen.progress is None else f"advances {seen.progress}"
        out.append(f"{token}; newspapers on the rack: {len(seen.newspapers)} (top: {top})")
        event = "none" if seen.event is None else _newspaper(seen.event)
        out.append(f"Event card (carried out in 5.1 this round): {event}")
    if seen.solo:
        draws = sum(len(part) for part in seen.dummy_news)
        out.append(f"The dummy's newspaper draws to come: {draws}")
    prices = seen.prices
    out.append(f"Price card on top: {price_words(prices[0])} ({len(prices)} in the stack)")
    if isinstance(seen.pending, PendingPrice):
        for index, card in enumerate(prices):
            out.append(f"  {index}: {price_words(card)}")
    if seen.options.goods_supply is GoodsSupply.UNLIMITED:
        supply = "unlimited"
    else:
        supply = _goods_list(seen.goods)
    out.append(f"General supply of goods: {supply}")
    out.append(
        f"Decks: {_plural(len(seen.ship_deck), 'Ship')}, "
        f"{_plural(len(seen.contract_deck), 'Contract')}; discarded: "
        f"{_plural(seen.discarded_ships, 'Ship')}, "
        f"{_plural(seen.discarded_contracts, 'Contract')}"
    )
    return out


def _boards(seen: Observation) -> list[str]:
    out = ["Town board:"]
    for space in _TOWN:
        what = ""
        if space is Space.BUILDING:
            if seen.buildings:
                top = seen.buildings[0]
                what = f", on top {top.name} ({building_words(top)}), {len(seen.buildings)} in all"
            else:
                what = ", none left"
        out.append(f"  {space.label} {SPACE_NAMES[space]}{what}: {_bids(seen, space)}")
    out.append("Sea board:")
    for slot, ship in enumerate(seen.sea):
        space = Space.sea(slot + 1)
        card = "(empty)" if ship is None else f"{ship.name} ({ship_words(ship)})"
        out.append(f"  {space.label} {card}: {_bids(seen, space)}")
    out.append("Land board:")
    for slot, contract in enumerate(seen.land):
        space = Space.land(slot + 1)
        card = "(empty)" if contract is None else f"{contract.name} ({contract_words(contract)})"
        out.append(f"  {space.label} {card}: {_bids(seen, space)}")
    return out


def _influence(seen: Observation, seat: int) -> str:
    harbour = seen.players[seat]
    supply = ", ".join(str(v) for v in harbour.supply) or "none"
    if seen.unseen[seat]:
        together = ", ".join(str(v) for v in seen.unseen[seat])
        held = _plural(seen.hand_sizes[seat], "card")
        return (
            f"  influence cards: {held} in hand; in hand and face down together {together}; "
            f"supply {supply}"
        )
    hand = ", ".join(str(v) for v in harbour.hand) or "empty"
    return f"  influence cards: hand {hand}; supply {supply}"


def _cell(harbour: Harbour, space: int) -> str:
    """A harbour space in a word or two: its building, its cover's cost, or open."""
    building = harbour.buildings[space]
    cover = harbour.covers[space]
    if building is not None:
        return building.name
    return "open" if cover is None else f"cover {cover}"


def _spaces(harbour: Harbour, width: int) -> list[str]:
    """The twelve spaces row by row, in columns when they fit ``width``.

    Else each row's cells follow one another, each kept on one line.
    """
    cells = [_cell(harbour, space) for space in range(12)]
    column = max(len(cell) for cell in cells)
    rows = [cells[row * 4 : row * 4 + 4] for row in range(3)]
    lines = [" | ".join(cell.ljust(column) for cell in row).rstrip() for row in rows]
    if any(len(f"  spaces, row {n + 1}: {line}") > width for n, line in enumerate(lines)):
        lines = [" | ".join(keep_together(cell) for cell in row) for row in rows]
    return [f"  spaces, row {n + 1}: {line}" for n, line in enumerate(lines)]


def _harbour(seen: Observation, harbour: Harbour, width: int) -> list[str]:
    out = _spaces(harbour, width)
    used, room = used_spaces(harbour.storage), capacity(harbour)
    out.append(f"  storage: {_goods_list(harbour.storage)} ({used} of {room} spaces used)")
    if harbour.held:
        out.append("  held, not built: " + ", ".join(card.name for card in harbour.held))
    walls = ", ".join(str(count) for count in harbour.walls)
    out.append(f"  bollards on the quay walls, top to bottom: {walls}")
    for dock, ship in enumerate(harbour.docks):
        size = f"dock {dock} (berth size {berth_size(harbour, dock)})"
        if ship is None:
            out.append(f"  {size}: empty")
        else:
            wild = " (wild)" if ship.card.cargo is None else ""
            out.append(
                f"  {size}: {ship.card.name}, {goods_words(ship.goods, ship.good)}{wild} on "
                f"board, {_plural(ship.timers, 'time marker')}, prestige {ship.card.prestige}"
            )
    same_round = seen.options.cleared_dock_same_round
    for dock, placed in enumerate(harbour.loading):
        reach = is_accessible(harbour, dock, same_round=same_round)
        name = f"loading dock {dock}{'' if reach else ' (not accessible)'}"
        if placed is None:
            out.append(f"  {name}: empty")
        else:
            card = placed.card
            out.append(
                f"  {name}: {card.name} ({contract_words(card)}); delivered "
                f"{_goods_list(placed.delivered)}; {_plural(placed.timers, 'time marker')}"
            )
    return out


def _players(seen: Observation, viewer: int | None, width: int) -> list[str]:
    out = []
    decider = None if seen.pending is None else deciding_seat(seen.pending)
    for seat, harbour in enumerate(seen.players):
        rank = seen.ranks.index(seat)
        you = " (you)" if seat == viewer else ""
        turn = " *" if seat == decider else ""
        title = RANKS[rank]
        if seat == seen.dummy:
            out.append(f"The dummy: {title}")
            out.append(_influence(seen, seat))
            continue
        bank = f" (and {harbour.bank} on the Bank)" if harbour.bank else ""
        out.append(
            f"{seat_name(seat)}{you}{turn}: {title}; {harbour.money} money{bank}; "
            f"prestige {harbour.prestige}"
        )
        out.append(_influence(seen, seat))
        out.extend(_harbour(seen, harbour, width))
    return out


def _end(seen: Observation) -> list[str]:
    out = ["Final scores (money times prestige):"]
    for place, seat in enumerate(standings(seen), start=1):
        harbour = seen.players[seat]
        money = harbour.money + (harbour.bank if seen.options.bank_counts else 0)
        points = harbour_score(harbour, seen.options)
        out.append(f"  {place}. {seat_name(seat)}: {points} ({money} x {harbour.prestige})")
    return out


def _lines(seen: Observation, viewer: int | None, width: int) -> list[str]:
    lines = [headline(seen)]
    ranks = ", ".join(
        f"{RANKS[rank]}: {seat_name(seat, seen.dummy)}" for rank, seat in enumerate(seen.ranks)
    )
    lines.append(f"Ranks: {ranks}")
    lines += _time(seen)
    lines += _boards(seen)
    lines += _players(seen, viewer, width)
    if seen.is_over:
        lines += _end(seen)
    return lines
