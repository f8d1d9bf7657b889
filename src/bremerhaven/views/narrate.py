"""Plain-English narration of a game: the setup, each move and the outcome (BH-NARR-1).

A move is narrated from the events the engine reported while applying it
(:func:`bremerhaven.apply_move_with_events`), so the narration says what the engine did,
the steps without a choice included (the Parking lot's money, the income, the ships due,
the event, the refill), and no rule is worked out a second time here. Players are called
"Player 1" to "Player N" (seat 0 is Player 1); the solo game's second seat is "the dummy".

The narrator tells only what every player sees (BH-NARR-2): a bid is told by its space,
never its value, while the influence cards lie face down; the move that places the last
card turns them all up, and the narration then tells every value:

>>> import bremerhaven
>>> from bremerhaven.views.narrate import describe_events
>>> state = bremerhaven.new_game(2, seed=1)
>>> move = bremerhaven.Bid(bremerhaven.Space.PERMIT, 5)
>>> after, events = bremerhaven.apply_move_with_events(state, move)
>>> describe_events(state, move, events, after)
'Player 2 bids on 1.2 Building permit.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, assert_never

from bremerhaven.cards.describe import (
    RANK_NAMES,
    describe_prices,
    describe_space,
    describe_space_with,
    goods_text,
)
from bremerhaven.cards.model import ContractCard, Origin, ShipCard, Space
from bremerhaven.engine import apply_move_with_events, current_player
from bremerhaven.events import (
    BidPlaced,
    BoardsRefilled,
    BollardPlaced,
    BuildingLeft,
    BuildingTaken,
    Built,
    ContractPlaced,
    ContractResolved,
    CoverCleared,
    DifferenceDeclined,
    DummyBecameCaptain,
    DummyDiscarded,
    Event,
    EventCarriedOut,
    GameEnded,
    GoodDelivered,
    GoodProduced,
    GoodsConverted,
    GoodUnloaded,
    InfluenceBoxed,
    InfluenceTaken,
    LastSpaceReached,
    MoneyBanked,
    MoneyCharged,
    MoneyEarned,
    MoneyPaid,
    NextEvent,
    NoInfluenceLeft,
    NoLoadingDock,
    NoStartingGood,
    PermitBought,
    PermitsUnused,
    PrestigeGained,
    PrestigeLost,
    PrestigeRose,
    PriceCardChosen,
    PriceCardRotated,
    PricesLeftAlone,
    RanksKept,
    RanksSwapped,
    Reason,
    ReasonCard,
    ShipBerthed,
    ShipCannotBerth,
    ShipLeft,
    ShipTokenAdvanced,
    StartingGoodTaken,
    event_seat,
)
from bremerhaven.moves import Bid, EndMovement, EndPermits, EndProduction, Move
from bremerhaven.observation import bidding_open
from bremerhaven.options import RulesOptions, field_rule
from bremerhaven.scoring import BANDS, outcome, rating
from bremerhaven.state import BidCard, GameState
from bremerhaven.views.view import (
    RANKS,
    building_words,
    contract_words,
    price_words,
    seat_name,
    ship_words,
)
from meeplekit.options import changed_readings

__all__ = [
    "describe_event",
    "describe_events",
    "describe_move",
    "describe_outcome",
    "describe_reveal",
    "describe_setup",
    "player_name",
    "sentence",
]

#: What a move that ends a player's part of a phase says; the engine reports no event then.
_ENDS: Final[dict[type, str]] = {
    EndPermits: "is done with building permits",
    EndProduction: "is done producing",
    EndMovement: "is done moving goods",
}


# --------------------------------------------------------------------------- small helpers


def player_name(seat: int) -> str:
    """``"Player 1"`` for seat 0, and so on."""
    return seat_name(seat)


def _join(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _plain(value: object) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(getattr(value, "value", value))


# --------------------------------------------------------------------------- the setup


def _game(state: GameState) -> str:
    if state.solo:
        return "Bremerhaven, the solo game against the dummy (a 2-player short game)"
    length = "short" if state.options.short else "long"
    return f"Bremerhaven, the {length} game, for {len(state.players)} players"


def _readings(options: RulesOptions) -> str:
    changed = [
        f"{name.replace('_', ' ')}: {_plain(value)} ({field_rule(name)})"
        for name, value in changed_readings(options)
    ]
    if not changed:
        return "Rule readings: the documented defaults."
    return "Rule readings that differ from the defaults: " + "; ".join(changed) + "."


def describe_setup(state: GameState, *, show_seed: bool = True, seed: int | None = None) -> str:
    """The game, the cards, the readings that differ from the defaults and the table at the start.

    One statement per line: the ranks the chits dealt, each player's money, starting
    contract (and, in the short and solo games, starting building), the Ship and Contract
    cards on offer, the Building and Price cards on top and the Ship token's space. A state
    does not keep its seed, so the seed is told when given as ``seed`` and ``show_seed`` is
    true: anyone who knows the seed of a game can recompute its hidden decks, so a game
    played by people keeps it secret until the end. Nothing hidden is told (BH-NARR-2).
    """
    told = f", seed {seed}" if show_seed and seed is not None else ""
    cards = state.cards
    kind = (
        "the library's original cards, not the printed ones"
        if cards.origin is Origin.ORIGINAL
        else "a card file"
    )
    lines = [
        f"{_game(state)}{told}, with the card set {cards.name!r} ({kind}).",
        _readings(state.options),
    ]
    dummy = state.dummy
    ranks = ", ".join(
        f"{RANKS[rank]}: {seat_name(seat, dummy)}" for rank, seat in enumerate(state.ranks)
    )
    lines.append(f"Ranks: {ranks}; the Captain bids first.")
    seats = range(state.seats)
    money = [f"{player_name(seat)} has {state.players[seat].money}" for seat in seats]
    lines.append(f"Money: {_join(money)}.")
    for seat in seats:
        harbour = state.players[seat]
        held = [
            f"the contract {p.card.name} ({contract_words(p.card)})"
            for p in harbour.loading
            if p is not None
        ]
        held += [
            f"the building {b.name} ({building_words(b)})"
            for b in harbour.buildings
            if b is not None
        ]
        if held:
            lines.append(f"{player_name(seat)} starts with {_join(held)}.")
    ships = [f"{c.name} ({ship_words(c)})" for c in state.sea if c is not None]
    contracts = [f"{c.name} ({contract_words(c)})" for c in state.land if c is not None]
    lines.append(f"On the Sea board: {'; '.join(ships) or 'no Ship'}.")
    lines.append(f"On the Land board: {'; '.join(contracts) or 'no Contract'}.")
    if state.buildings:
        top = state.buildings[0]
        lines.append(f"The Building card on top: {top.name} ({building_words(top)}).")
    lines.append(f"The Price card on top: {price_words(state.prices[0])}.")
    last = cards.board.track_last
    lines.append(f"The Ship token stands on space {state.track} of {last}.")
    return "\n".join(lines)


# --------------------------------------------------------------------------- moves


def describe_move(before: GameState, move: Move, after: GameState) -> str:
    """What ``move`` did, in plain English, with concrete numbers.

    The move is applied again to read its events (:func:`describe_events`); ``after`` is
    the state it gave.
    """
    again, events = apply_move_with_events(before, move)
    return describe_events(before, move, events, again if again == after else after)


def describe_event(event: Event, dummy: int | None = None) -> str:
    """One event as a sentence; ``dummy`` is the solo dummy's seat, if any.

    The event's :func:`sentence`, with its subject: the player (``"Player 2 bids on 2.1
    (the Ship Puffin)."``), the player's card or prestige (``"Player 1's Refinery produces a
    barrel."``), or the table.
    """
    text = sentence(event)
    seat = event_seat(event)
    if seat is None or text.startswith("the dummy"):
        return _capital(text) + "."
    name = _capital(seat_name(seat, dummy))
    if text[:1].isupper() or text.startswith("prestige"):
        return f"{name}'s {text}."
    return f"{name} {text}."


#: Why money moved, in brackets after the amount, by :class:`~bremerhaven.events.Reason`.
_REASONS: Final[dict[Reason, str]] = {
    Reason.NEW_SHIP: "{card}: a new ship",
    Reason.EVENT: "the event {card}",
    Reason.PRODUCTION: "{card} produces money",
    Reason.CONVERSION: "a conversion",
    Reason.PENALTY: "the penalty of {card}",
    Reason.REWARD: "the reward of {card}",
    Reason.SALE: "selling the goods of {card}",
    Reason.PERMIT: "a building permit",
    Reason.BOLLARD: "a bollard",
    Reason.COVER: "clearing a cover",
    Reason.DIFFERENCE: "the difference",
    Reason.RANK_INCOME: "income by rank",
}


def _why(reason: Reason, card: ReasonCard, count: int = 0) -> str:
    """What money moved for, in words."""
    if reason is Reason.PARKING:
        return "a card on the Parking lot" if count == 1 else f"{count} cards on the Parking lot"
    return _REASONS[reason].format(card=card.name if card is not None else "")


def sentence(event: Event) -> str:
    """What ``event`` says happened, without its subject (``"bids on 1.2 Building permit"``).

    The words :func:`describe_event` puts after the player's name (or, for the whole
    table, capitalises): the sentence events carried as ``text`` before they were typed.
    """
    match event:
        case BidPlaced(space=space, card=card):
            return f"bids on {describe_space_with(space, card)}"
        case MoneyEarned(money=money, reason=reason, card=card, count=count):
            return f"earns {money} money ({_why(reason, card, count)})"
        case MoneyPaid(money=money, reason=reason):
            return f"pays {money} money ({_why(reason, None)})"
        case MoneyCharged(due=due, paid=paid, reason=reason, card=card):
            why = _why(reason, card)
            if paid == due:
                return f"pays {due} money ({why})"
            if paid:
                return f"pays {paid} money, all he has, of {due} due ({why})"
            return f"has no money to pay the {due} due ({why})"
        case MoneyBanked(money=money):
            return f"puts {money} money on the Bank"
        case BuildingLeft(card=card):
            return f"no bid: {card.name} leaves the game"
        case BuildingTaken(card=card):
            return f"takes {card.name}, not built yet"
        case DummyDiscarded(card=card):
            return f"the dummy wins {card.name} and discards it"
        case PermitsUnused(permits=permits):
            return f"leaves {'a permit' if permits == 1 else f'{permits} permits'} unused"
        case PermitBought():
            return "takes a building permit"
        case BollardPlaced(wall=wall):
            return f"places a bollard on quay wall {wall}"
        case CoverCleared(space=space):
            return f"clears the cover of space {space}"
        case Built(card=card):
            return f"builds {card.name}"
        case NoInfluenceLeft():
            return "has no influence card left to take"
        case InfluenceTaken(value=value):
            return f"takes the influence card {value} into the hand"
        case DifferenceDeclined():
            return "does not pay the difference"
        case PriceCardRotated():
            return "the top Price card goes to the bottom"
        case PricesLeftAlone():
            return "lets the prices change by themselves: the top Price card goes to the bottom"
        case PriceCardChosen(card=card):
            return f"puts the Price card {describe_prices(card)} on top"
        case DummyBecameCaptain():
            return "the dummy becomes Captain"
        case RanksKept():
            return "swaps no ranks"
        case RanksSwapped(rank=rank):
            return f"swaps the ranks {RANK_NAMES[rank]} and {RANK_NAMES[rank + 1]}"
        case ShipCannotBerth(card=card):
            return f"wins {card.name}, which cannot berth and moves on"
        case ShipBerthed(card=card, dock=dock, good=good, goods=goods):
            return f"berths {card.name} in dock {dock} with {goods_text(good, goods)}"
        case NoLoadingDock(card=card):
            return f"wins {card.name} but has no free loading dock"
        case ContractPlaced(card=card, loading_dock=dock):
            return f"places {card.name} in loading dock {dock}"
        case StartingGoodTaken(good=good):
            return f"takes a {good.key} to start"
        case NoStartingGood():
            return "may take no starting good"
        case GoodProduced(card=card, good=good):
            return f"{card.name} produces a {good.key}"
        case GoodUnloaded(good=good, dock=dock):
            return f"unloads a {good.key} from dock {dock}"
        case GoodDelivered(good=good, card=card):
            return f"delivers a {good.key} to {card.name}"
        case GoodsConverted(pack=pack):
            if pack:
                return "packs two crates into a container"
            return "unpacks a container into two crates"
        case PrestigeRose(prestige=prestige):
            return f"prestige rises to {prestige}"
        case ShipLeft(card=card, good=good, goods=goods):
            if goods:
                return f"{card.name} leaves with {goods_text(good, goods)} still on board, lost"
            return f"{card.name} leaves, empty"
        case PrestigeLost(card=card, before=before, after=after):
            return f"loses prestige for {card.name}: {before} -> {after}"
        case PrestigeGained(card=card, prestige=prestige):
            return f"gains prestige for {card.name}: {prestige}"
        case ContractResolved(card=card):
            return f"{card.name} is resolved and discarded"
        case EventCarriedOut(card=card):
            return f"the event {card.name} is carried out"
        case ShipTokenAdvanced(spaces=spaces, space=space):
            return f"the Ship token advances {spaces} to space {space}"
        case LastSpaceReached():
            return "the Ship token reaches the last space: the game ends"
        case NextEvent(card=card):
            return f"next round's event: {card.name}"
        case BoardsRefilled():
            return "the Sea and Land boards are refilled"
        case InfluenceBoxed(value=value):
            return f"puts the influence card {value} back in the box"
        case GameEnded(scores=scores):
            told = [f"{player_name(seat)} {points}" for seat, points in enumerate(scores)]
            return f"the game is over; the scores: {_join(told)}"
        case _:  # pragma: no cover - mypy proves it unreachable
            assert_never(event)


def describe_reveal(
    bids: Sequence[BidCard], dummy: int | None = None, state: GameState | None = None
) -> str:
    """The influence cards turned up at the end of the Bidding phase, space by space.

    ``"Every influence card is turned up: 1.2 Building permit: 5 + 2 by Player 1, 4 by
    Player 2; ..."``; told only once every card is placed (BH-BID-5, BH-NARR-2). With the
    ``state`` the cards were bid in, a Sea or Land space names its Ship or Contract.
    """
    parts = []
    for space in Space:
        by_seat: dict[int, list[int]] = {}
        for bid in bids:
            if bid.space is space:
                by_seat.setdefault(bid.seat, []).append(bid.value)
        if not by_seat:
            continue
        seats = ", ".join(
            f"{' + '.join(str(v) for v in values)} by {seat_name(seat, dummy)}"
            for seat, values in sorted(by_seat.items())
        )
        parts.append(f"{_space(space, state)}: {seats}")
    if not parts:
        return "Every influence card is turned up."
    return "Every influence card is turned up: " + "; ".join(parts) + "."


def _space(space: Space, state: GameState | None) -> str:
    """A bidding space in words, with the card on it when ``state`` is given."""
    if state is None or not (space.is_sea or space.is_land):
        return describe_space(space)
    row: Sequence[ShipCard | ContractCard | None] = state.sea if space.is_sea else state.land
    return describe_space_with(space, row[space.slot] if space.slot < len(row) else None)


def _revealed(before: GameState, after: GameState) -> tuple[BidCard, ...] | None:
    """The round's bids when ``after`` still holds them, else ``None``."""
    placed = before.bids
    if after.round == before.round and after.bids[: len(placed)] == placed:
        return after.bids
    return None


def describe_events(
    before: GameState, move: Move, events: Sequence[Event], after: GameState
) -> str:
    """What ``move`` did, from the ``events`` applying it to ``before`` gave, ending at ``after``.

    One sentence per event (:func:`describe_event`), joined by spaces. A move that ends a
    player's part of a phase says so first. A bid is told by its space alone; when the move
    places the last card of the Bidding phase, the cards are turned up after the last bid's
    sentence, with every value (:func:`describe_reveal`; when the move went on past the
    end of the round, so that ``after`` no longer holds the bids, without them).
    """
    dummy = before.dummy
    sentences: list[str] = []
    end = _ENDS.get(type(move))
    if end is not None:
        sentences.append(f"{_capital(seat_name(current_player(before), dummy))} {end}.")
    closes = (
        isinstance(move, Bid)
        and bidding_open(before)
        and (after.round != before.round or not bidding_open(after))
    )
    last_bid = max(
        (i for i, event in enumerate(events) if isinstance(event, BidPlaced)),
        default=-1,
    )
    for i, event in enumerate(events):
        sentences.append(describe_event(event, dummy))
        if closes and i == last_bid:
            bids = _revealed(before, after)
            sentences.append(describe_reveal(bids or (), dummy, before))
        swapped = after.round == before.round and after.ranks != before.ranks
        if isinstance(event, RanksKept | RanksSwapped) and swapped:
            sentences.append(_ranks_now(after))
    return " ".join(sentences)


def _ranks_now(state: GameState) -> str:
    """The ranks after a swap on the Career ladder, from the Captain down."""
    ranks = ", ".join(
        f"{seat_name(seat, state.dummy)} {RANKS[rank]}" for rank, seat in enumerate(state.ranks)
    )
    return f"The ranks now: {ranks}."


# --------------------------------------------------------------------------- the end


def describe_outcome(state: GameState, *, scores: bool = True) -> str:
    """The final scores in order and the winner; the last line names the winner.

    Each score is money times prestige (BH-END-3), ties going to the higher rank
    (BH-END-4); a solo score gets Captain Aha's rating, the band it falls in, and wins
    above 1250 (BH-SOLO-18). ``scores=False`` leaves the list of scores out, for a caller
    that has just shown them (the demo shows the final position, whose view lists them).
    Raises :class:`~bremerhaven.errors.GameNotOverError` while the game goes on.
    """
    result = outcome(state)
    lines = [f"The game is over after {state.round} rounds."]
    if scores:
        lines.append("Final scores (money x prestige):")
        for place, seat in enumerate(result.ranking, start=1):
            harbour = state.players[seat]
            bank = f", {harbour.bank} on the Bank" if harbour.bank else ""
            lines.append(
                f"  {place}. {player_name(seat)}: {result.points[seat]} ({harbour.money} money"
                f"{bank}, prestige {harbour.prestige})"
            )
    if state.solo:
        lines.append(_captain_aha(result.points[0]))
    if result.winners:
        lines.append(f"Winner: {_join([player_name(seat) for seat in result.winners])}")
    else:
        lines.append("Winner: none (a solo game is won with more than 1250)")
    return "\n".join(lines)


def _captain_aha(points: int) -> str:
    """Captain Aha's rating of a solo score: its band's title and bounds (BH-SOLO-18)."""
    lows = [low for low, _ in BANDS]
    band = max(i for i, low in enumerate(lows) if points >= low)
    if band + 1 < len(lows):
        bounds = f"{lows[band]} to {lows[band + 1] - 1} points"
    else:
        bounds = f"more than {lows[band] - 1} points"
    return f"Captain Aha's rating of {points} points: {rating(points)} ({bounds})."
