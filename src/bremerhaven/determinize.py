"""A whole state consistent with what one player sees: :func:`determinize` (rule BH-OBS-5).

A bot that may not peek searches states it cannot tell from the true one. The sample
keeps everything the observation shows and draws what it hides, consistent with it: the other players' face-down values (which of the
values each holds lie on which of its placed cards: each arrangement of the seat's
unseen cards equally likely), the order of each deck within its
back numbers as stacked (BH-INT-10), the Building stack below its top card, the
newspapers with a top card of the progress shown, and the solo dummy's draws and hand
orders.

>>> import bremerhaven
>>> from meeplekit.rng import SplitMix64
>>> state = bremerhaven.new_game(3, seed=2)
>>> for _ in range(4):
...     state = bremerhaven.apply_move(state, bremerhaven.legal_moves(state)[-1])
>>> seen = bremerhaven.observe(state, 1)
>>> sample = bremerhaven.determinize(seen, SplitMix64(1))
>>> bremerhaven.observe(sample, 1) == seen
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, TypeVar

import attrs

from bremerhaven.cards.model import BuildingCard, CardSet, ContractCard, NewspaperCard, ShipCard
from bremerhaven.errors import InvalidStateError, InvalidValueError
from bremerhaven.facts import GAME
from bremerhaven.observation import Observation, SeenBid, made_by_observe, observe
from bremerhaven.options import DeckStacking, RulesOptions
from bremerhaven.state import BidCard, GameState, Harbour
from bremerhaven.validation import validate
from meeplekit.memo import Memo
from meeplekit.rng import SplitMix64
from meeplekit.values import field_getter, shown, viewer_seat

__all__ = ["determinize"]

T = TypeVar("T")
Deck = TypeVar("Deck", ShipCard, ContractCard)

#: The observation :func:`determinize` last found consistent: a one-entry memo for a
#: search that determinizes the same observation many times.
_LAST_CHECKED: Memo[Observation, bool] = Memo()


def _deck(cards: tuple[Deck, ...], stacking: DeckStacking, rng: SplitMix64) -> tuple[Deck, ...]:
    """A deck order consistent with its contents (BH-INT-10): each back number's cards in turn."""
    if stacking is not DeckStacking.BACK_1_ON_TOP:
        return rng.shuffled(cards)
    out: list[Deck] = []
    for back in sorted({card.back for card in cards}):
        out.extend(rng.shuffled([card for card in cards if card.back == back]))
    return tuple(out)


def _newspapers(
    cards: tuple[NewspaperCard, ...], progress: int | None, rng: SplitMix64
) -> tuple[NewspaperCard, ...]:
    """The rack's right side: a top card showing ``progress``, the rest in random order."""
    if not cards or progress is None:
        return rng.shuffled(cards)
    tops = [i for i, card in enumerate(cards) if card.progress == progress]
    if not tops:
        raise InvalidValueError(f"no newspaper of the rack shows progress {progress}")
    top = tops[rng.below(len(tops))]
    return (cards[top], *rng.shuffled(cards[:top] + cards[top + 1 :]))


def _hidden_values(
    o: Observation, rng: SplitMix64
) -> tuple[tuple[tuple[int, ...], ...], tuple[BidCard, ...]]:
    """Each seat's hand and the bids with values drawn where the viewer cannot see them."""
    hands = [harbour.hand for harbour in o.players]
    drawn: dict[int, list[int]] = {}
    for seat, values in enumerate(o.unseen):
        if not values:
            continue
        order = list(rng.shuffled(values))
        placed = sum(1 for bid in o.bids if bid.seat == seat)
        if placed > len(order) or len(order) - placed != o.hand_sizes[seat]:
            raise InvalidValueError(
                f"seat {seat}'s unseen values do not match its hand and its placed cards"
            )
        drawn[seat] = order[:placed]
        hands[seat] = tuple(sorted(order[placed:]))
    bids: list[BidCard] = []
    for bid in o.bids:
        value = bid.value
        if value is None:
            if bid.seat not in drawn or not drawn[bid.seat]:
                raise InvalidValueError(f"a hidden card of seat {bid.seat} has no unseen value")
            value = drawn[bid.seat].pop(0)
        bids.append(BidCard(bid.space, bid.seat, value))
    return tuple(hands), tuple(bids)


def _dummy_orders(
    o: Observation, hand: tuple[int, ...], bids: Sequence[BidCard], rng: SplitMix64
) -> tuple[tuple[int, ...], ...]:
    """The dummy's hand orders, the current round's agreeing with its cards placed so far.

    The dummy plays the ``order[i]``-th lowest card of its round's hand with its ``i``-th
    draw (BH-SOLO-8), so the placed cards fix the order's first entries.
    """
    rounds = GAME.solo_rounds
    orders = [rng.shuffled(range(len(GAME.hand))) for _ in range(rounds)]
    dummy = o.dummy
    current = o.round - 1
    if dummy is None or not 0 <= current < rounds:
        return tuple(orders)
    placed = [bid.value for bid in bids if bid.seat == dummy]
    whole = sorted(list(hand) + placed)
    if len(whole) != len(GAME.hand) or not placed:
        return tuple(orders)
    first: list[int] = []
    for value in placed:  # equal values are interchangeable: take the next unused index
        first.append(next(i for i, v in enumerate(whole) if v == value and i not in first))
    rest = [i for i in range(len(GAME.hand)) if i not in first]
    orders[current] = (*first, *rng.shuffled(rest))
    return tuple(orders)


def determinize(observation: Observation, rng: SplitMix64) -> GameState:
    """A state that ``observation`` cannot tell from the true one, drawn with ``rng`` (BH-OBS-5).

    Everything the observation shows is kept; every hidden part is drawn at random,
    consistent with it (the module's documentation lists them and how). The sample gives
    ``observation`` back (``observe(sample, viewer) == observation``), and when the viewer
    decides, its legal moves are the true ones.

    Raises :class:`~bremerhaven.errors.InvalidValueError` for a value that is not an
    observation or a generator, and for an observation no valid position gives (made by
    hand): the sample must pass :func:`bremerhaven.validate` (the error lists what it
    finds) and observe back to ``observation``. The check is made once for the observation
    last checked (a memo of one reference), so a search that draws many samples of one
    observation pays for it once, and not at all for one of the last few
    :func:`bremerhaven.observe` made (:func:`~bremerhaven.observation.made_by_observe`): a
    bot handed its observation at each decision does not pay for it.
    """
    if type(observation) is not Observation:
        raise InvalidValueError(
            f"determinize needs an Observation, got {type(observation).__name__}"
        )
    if not isinstance(rng, SplitMix64):
        raise InvalidValueError(f"rng must be a SplitMix64, got {type(rng).__name__}")
    o = observation
    # A seat's observation (BH-OBS-6); a viewer never set is _check_shape's to report.
    viewer_seat(getattr(o, "viewer", 0), InvalidValueError)
    checking = not _LAST_CHECKED.holds(observation) and not made_by_observe(observation)
    if not checking:
        return _drawn(o, rng)
    _check_shape(o)
    try:
        state = _drawn(o, rng)
    except InvalidValueError:
        raise
    except Exception as exc:  # a value inside made around its constructor (BH-INPUT-7)
        raise InvalidValueError(
            f"no position gives this observation: a part of it cannot be read ({shown(exc)})"
        ) from None
    violations = validate(state)
    if violations:
        raise InvalidValueError(
            f"no position gives this observation: {InvalidStateError(violations)}"
        )
    if observe(state, o.viewer) != observation:
        raise InvalidValueError(
            "no position gives this observation: it is not what a seat sees of the "
            "position it describes (its hidden stacks are not in their fixed order, or "
            "a count does not match what it hides)"
        )
    _LAST_CHECKED.put(observation, True)
    return state


def _drawn(o: Observation, rng: SplitMix64) -> GameState:
    """The state :func:`determinize` draws for ``o``, its hidden parts drawn with ``rng``."""
    hands, bids = _hidden_values(o, rng)
    players = tuple(
        harbour if harbour.hand == hand else attrs.evolve(harbour, hand=hand)
        for harbour, hand in zip(o.players, hands, strict=True)
    )
    stacking = o.options.deck_stacking
    dummy_orders: tuple[tuple[int, ...], ...] = ()
    if o.dummy is not None:
        dummy_orders = _dummy_orders(o, hands[o.dummy], bids, rng)
    state = GameState(
        options=o.options,
        cards=o.cards,
        seats=o.seats,
        players=players,
        ranks=o.ranks,
        round=o.round,
        track=o.track,
        sea=o.sea,
        land=o.land,
        bids=bids,
        ship_deck=_deck(o.ship_deck, stacking, rng),
        contract_deck=_deck(o.contract_deck, stacking, rng),
        buildings=o.buildings[:1] + rng.shuffled(o.buildings[1:]),
        prices=o.prices,
        newspapers=_newspapers(o.newspapers, o.progress, rng),
        event=o.event,
        goods=o.goods,
        discarded_ships=o.discarded_ships,
        discarded_contracts=o.discarded_contracts,
        dummy_news=tuple(card for part in o.dummy_news for card in rng.shuffled(part)),
        dummy_orders=dummy_orders,
        stack=o.stack,
    )
    return state


#: What each field of an observation that :func:`determinize` reads before checking the
#: state it draws must be: a type, or a tuple of a type's values (``(type,)``), or a tuple
#: of tuples of them (``((type,),)``). The rest is checked in the state (``validate``).
_SHAPES: Final[dict[str, Any]] = {
    "viewer": int,
    "seats": int,
    "options": RulesOptions,
    "cards": CardSet,
    "players": (Harbour,),
    "round": int,
    "bids": (SeenBid,),
    "hand_sizes": (int,),
    "unseen": ((int,),),
    "ship_deck": (ShipCard,),
    "contract_deck": (ContractCard,),
    "buildings": (BuildingCard,),
    "newspapers": (NewspaperCard,),
    "dummy_news": ((NewspaperCard,),),
    "stack": tuple,
}


def _fits(value: object, shape: Any) -> bool:
    if type(shape) is tuple:
        return type(value) is tuple and all(_fits(item, shape[0]) for item in value)
    return type(value) is shape


def _check_shape(o: Observation) -> None:
    """Refuse an observation of the wrong shape before anything is drawn (BH-INPUT-7).

    Every field set, those read to draw the hidden parts of their types, the seats matching
    the parts; a count that is negative or does not match is found in the state drawn.
    """
    try:
        fields = dict(zip(_NAMES, field_getter(Observation)(o), strict=True))
        for bid in fields["bids"]:
            field_getter(SeenBid)(bid)
        for harbour in fields["players"]:
            field_getter(Harbour)(harbour)
    except (AttributeError, TypeError):
        raise InvalidValueError(
            "an Observation (or a harbour or bid in it) has a field that was never set: it "
            "was not made by its constructor"
        ) from None
    for name, shape in _SHAPES.items():
        if not _fits(fields[name], shape):
            raise InvalidValueError(
                f"an observation's {name} must be {_described(shape)}, got {shown(fields[name])}"
            )
    progress = fields["progress"]
    if progress is not None and type(progress) is not int:
        raise InvalidValueError(f"progress must be a whole number or None, got {shown(progress)}")
    seats = o.seats
    if not 1 <= seats <= GAME.max_players:
        raise InvalidValueError(f"an observation of {shown(seats)} seats")
    viewer = viewer_seat(o.viewer, InvalidValueError)  # a seat's observation (BH-OBS-6)
    if not 0 <= viewer < seats:
        raise InvalidValueError(f"no seat {shown(o.viewer)} in a game of {seats} seats")
    table = 2 if seats == 1 else seats
    for name in ("players", "hand_sizes", "unseen"):
        if len(getattr(o, name)) != table:
            raise InvalidValueError(f"{name} must have one entry for each of the {table} seats")
    for harbour in o.players:
        if not _fits(harbour.hand, (int,)):
            raise InvalidValueError(f"a hand holds whole numbers, got {shown(harbour.hand)}")
    for bid in o.bids:
        if type(bid.seat) is not int or not 0 <= bid.seat < table:
            raise InvalidValueError(f"a bid of a seat that is not at a table of {table}")
        if bid.value is not None and type(bid.value) is not int:
            raise InvalidValueError(f"a bid's value is a whole number or None, got {shown(bid)}")


_NAMES: Final = tuple(f.name for f in attrs.fields(Observation) if f.init)


def _described(shape: Any) -> str:
    if type(shape) is tuple:
        return f"a tuple of {_described(shape[0])}"
    return str(shape.__name__)
