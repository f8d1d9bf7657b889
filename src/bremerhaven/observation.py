"""What one player may see of a game: :func:`observe` (rules BH-OBS-1 to BH-OBS-5).

Bremerhaven hides two kinds of things (BH-ENGINE-11). While the influence cards are being
placed, the values of the cards a player has placed are secret from the others (BH-BID-2):
they see how many cards each player has placed on each space, and which values each player
holds in hand and face down together, but not which are where (BH-OBS-2). And the order
of every face-down stack is hidden from everyone: the Ship and Contract decks, the Building
stack below its top card, the newspapers on the rack's right side (of the top one, only
its progress side shows) and the solo dummy's newspaper draws and hand orders (BH-OBS-3).
An :class:`Observation` holds the state's fields with those parts replaced by what the
viewer knows: hidden values as ``None``, hidden orders as the stacks' contents in a fixed
order (BH-OBS-4).

>>> import bremerhaven
>>> state = bremerhaven.new_game(3, seed=1)
>>> while not state.bids or len(state.bids) < 3:  # three cards go down face down
...     state = bremerhaven.apply_move(state, bremerhaven.legal_moves(state)[0])
>>> seen = bremerhaven.observe(state, 0)
>>> [(bid.seat, bid.value is None) for bid in seen.bids] == [
...     (bid.seat, bid.seat != 0) for bid in state.bids
... ]
True
>>> bremerhaven.observe(state, 0) == seen  # a function of the position
True

:func:`bremerhaven.determinize` draws a whole state consistent with an observation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import attrs

from bremerhaven.cards.model import (
    BuildingCard,
    CardSet,
    ContractCard,
    NewspaperCard,
    PriceCard,
    ShipCard,
    Space,
)
from bremerhaven.engine import current_player
from bremerhaven.errors import InvalidValueError
from bremerhaven.facts import GAME
from bremerhaven.options import RulesOptions
from bremerhaven.state import GameState, Harbour, Pending, PendingBid
from meeplekit.display import shown_by
from meeplekit.values import shown

__all__ = ["Observation", "SeenBid", "bidding_open", "made_by_observe", "observe", "passes"]

Card = TypeVar("Card", ShipCard, ContractCard, BuildingCard, NewspaperCard)


@attrs.frozen(weakref_slot=False)
class SeenBid:
    """An influence card on a bidding space as the viewer sees it (BH-OBS-2).

    ``value`` is ``None`` while it lies face down and is not the viewer's own.
    """

    #: The space the card lies on.
    space: Space
    #: The seat whose card it is.
    seat: int
    #: Its value, or ``None`` when the viewer cannot see it.
    value: int | None


@attrs.frozen(weakref_slot=False)
class Observation:
    """A game as seen by the player in seat :attr:`viewer` (BH-OBS-1).

    The fields are those of :class:`~bremerhaven.state.GameState`, with the same meanings,
    except where the viewer cannot see (BH-OBS-2 to BH-OBS-4): ``bids`` hold
    :class:`SeenBid` values; an other player's ``hand`` is empty while the bidding is open,
    ``hand_sizes`` giving how many cards each holds and ``unseen`` the values each holds in
    hand and face down together; the decks, the Building stack below its top card, the
    newspapers and the solo dummy's draws are their contents in a fixed order (sorted by
    back number, then key), of which the order is hidden; ``progress`` is the progress side
    of the top newspaper. :attr:`decider` is :func:`bremerhaven.current_player` of the state.
    """

    #: The seat of the player who sees (0 is the first player), or ``None`` for a spectator
    #: (BH-OBS-6).
    viewer: int | None
    #: The readings in force (public).
    options: RulesOptions
    #: The card set the game is played with (public).
    cards: CardSet
    #: The seats that decide (1 in the solo game).
    seats: int
    #: Each harbour; an other player's ``hand`` is ``()`` while :attr:`unseen` holds it.
    players: tuple[Harbour, ...]
    #: The seats from Captain down.
    ranks: tuple[int, ...]
    #: The round (1 first).
    round: int
    #: The time marker's place on the track.
    track: int
    #: The Ship cards on the Sea board (``None``: an empty space).
    sea: tuple[ShipCard | None, ...]
    #: The Contract cards on the Land board (``None``: an empty space).
    land: tuple[ContractCard | None, ...]
    #: The influence cards placed this round, in placement order, as the viewer sees them.
    bids: tuple[SeenBid, ...]
    #: Each seat's number of influence cards in hand.
    hand_sizes: tuple[int, ...]
    #: Each seat's values in hand and face down together, sorted, where the viewer cannot
    #: tell which is where; ``()`` where it can (its own, and after the bidding).
    unseen: tuple[tuple[int, ...], ...]
    #: The Ship deck's cards, order hidden: sorted by back number, then key.
    ship_deck: tuple[ShipCard, ...]
    #: The Contract deck's cards, order hidden: sorted by back number, then key.
    contract_deck: tuple[ContractCard, ...]
    #: The Building stack: its face-up top card first, then the rest sorted by key.
    buildings: tuple[BuildingCard, ...]
    #: The Price card stack, top first (face up, BH-PRICE-1).
    prices: tuple[PriceCard, ...]
    #: The newspapers on the rack's right side, order hidden: sorted by key.
    newspapers: tuple[NewspaperCard, ...]
    #: The progress side of the top newspaper, or ``None`` when the rack's right side is empty.
    progress: int | None
    #: The Event card on the rack's left side.
    event: NewspaperCard | None
    #: The general supply of goods.
    goods: tuple[int, int, int, int]
    #: Ship cards discarded so far.
    discarded_ships: int
    #: Contract cards discarded so far.
    discarded_contracts: int
    #: Solo: the dummy's newspaper draws to come, as the passes of the shuffled newspapers
    #: they come from (the current pass's rest first), each sorted by key.
    dummy_news: tuple[tuple[NewspaperCard, ...], ...]
    #: Pending decisions, the one to decide now last; empty when the game is over.
    stack: tuple[Pending, ...]
    #: Who decides now; after the game, the winner's seat.
    decider: int

    _repr_svg_ = shown_by(
        "bremerhaven.views.svg:position",
        "What the viewer sees, as a picture for Jupyter (:func:`bremerhaven.views.svg.position`).",
    )

    @property
    def is_over(self) -> bool:
        """True when the game has ended (BH-END-1)."""
        return not self.stack

    @property
    def pending(self) -> Pending | None:
        """The decision to take now, or ``None`` when the game is over."""
        return self.stack[-1] if self.stack else None

    @property
    def solo(self) -> bool:
        """Whether this is the solo game."""
        return self.seats == 1

    @property
    def dummy(self) -> int | None:
        """The dummy's index in :attr:`players` (solo), else ``None``."""
        return 1 if self.seats == 1 else None

    @property
    def price(self) -> PriceCard:
        """The Price card on top: today's prices (BH-TIME-2)."""
        return self.prices[0]


#: The most draws of the solo dummy: one for each card of its hand in each round (BH-SOLO-8).
_MOST_DRAWS = GAME.solo_rounds * len(GAME.hand)
#: How many of the observations :func:`observe` made last it remembers (:func:`made_by_observe`).
_KEPT = 8
#: The observations :func:`observe` made last, newest last: kept whole, so that an identity
#: never names another object.
_MADE: list[Observation] = []


def made_by_observe(observation: Observation) -> bool:
    """Whether ``observation`` is one of the last few :func:`observe` made (BH-OBS-5).

    Such an observation is what a valid position shows, so :func:`bremerhaven.determinize`
    need not check it; a bot is handed one at each decision. Any other observation (made by
    hand, read from JSON) is checked.
    """
    return any(made is observation for made in _MADE)


def bidding_open(state: GameState | Observation) -> bool:
    """Whether placed influence values are secret now: the Bidding phase goes on (BH-OBS-2).

    All cards are turned face up once every card is placed (BH-BID-5), so the bidding is
    open exactly while a bid is pending. A hand is not the test: a player who grows in 1.3
    holds his new card while the placed ones lie face up (BH-GROW-2).
    """
    return any(type(pending) is PendingBid for pending in state.stack)


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_order))


def _order(card: ShipCard | ContractCard | BuildingCard | NewspaperCard) -> tuple[int, str]:
    back = card.back if isinstance(card, ShipCard | ContractCard) else 0
    return back, card.key


def passes(draws: int, newspapers: int) -> tuple[int, ...]:
    """The lengths of the passes ``draws`` dummy draws to come fall in (BH-OBS-3).

    The draws are whole shuffled passes of the ``newspapers`` cards, used from the front:
    what is left is the rest of the current pass, then whole passes. Raises
    :class:`~bremerhaven.errors.InvalidValueError` for anything but whole numbers from 0,
    and for more whole passes than a game draws (one a draw, BH-SOLO-8; BH-INPUT-7).
    """
    if type(draws) is not int or type(newspapers) is not int or min(draws, newspapers) < 0:
        raise InvalidValueError(
            f"draws and newspapers are whole numbers from 0, got {shown(draws)} and "
            f"{shown(newspapers)}"
        )
    if newspapers > 0 and draws // newspapers > _MOST_DRAWS:
        raise InvalidValueError(
            f"no game draws {shown(draws)} newspapers: the solo dummy draws at most "
            f"{_MOST_DRAWS} passes of them"
        )
    if newspapers <= 0 or draws <= 0:
        return (draws,) if draws > 0 else ()
    head = draws % newspapers
    return ((head,) if head else ()) + (newspapers,) * (draws // newspapers)


def observe(state: GameState, viewer: int | None) -> Observation:
    """What ``viewer`` (a deciding seat) may see of ``state`` (BH-OBS-1 to BH-OBS-4).

    ``viewer=None`` is a spectator, who sees what every player sees and no seat's hand or
    face-down value (BH-OBS-6).

    Raises :class:`~bremerhaven.errors.InvalidValueError` for a value that is not a
    state or not a seat of the game (a whole number from 0 to the number of deciding seats
    minus 1; not a ``bool``).
    """
    if type(state) is not GameState:
        raise InvalidValueError(f"observe needs a GameState, got {type(state).__name__}")
    if viewer is not None and (type(viewer) is not int or not 0 <= viewer < state.seats):
        raise InvalidValueError(f"no seat {shown(viewer)} in a game of {state.seats} seats")
    hidden = bidding_open(state)
    players = state.players
    if hidden:
        placed: list[list[int]] = [[] for _ in players]
        for bid in state.bids:
            placed[bid.seat].append(bid.value)
        unseen = tuple(
            () if seat == viewer else tuple(sorted(harbour.hand + tuple(placed[seat])))
            for seat, harbour in enumerate(players)
        )
        players = tuple(
            harbour if seat == viewer else attrs.evolve(harbour, hand=())
            for seat, harbour in enumerate(players)
        )
    else:
        unseen = ((),) * len(players)
    bids = tuple(
        SeenBid(bid.space, bid.seat, None if hidden and bid.seat != viewer else bid.value)
        for bid in state.bids
    )
    news = state.dummy_news
    lengths = passes(len(news), len(state.cards.newspapers))
    dummy_news: list[tuple[NewspaperCard, ...]] = []
    start = 0
    for length in lengths:
        dummy_news.append(_sorted(news[start : start + length]))
        start += length
    seen = Observation(
        viewer=viewer,
        options=state.options,
        cards=state.cards,
        seats=state.seats,
        players=players,
        ranks=state.ranks,
        round=state.round,
        track=state.track,
        sea=state.sea,
        land=state.land,
        bids=bids,
        hand_sizes=tuple(len(harbour.hand) for harbour in state.players),
        unseen=unseen,
        ship_deck=_sorted(state.ship_deck),
        contract_deck=_sorted(state.contract_deck),
        buildings=state.buildings[:1] + _sorted(state.buildings[1:]),
        prices=state.prices,
        newspapers=_sorted(state.newspapers),
        progress=state.newspapers[0].progress if state.newspapers else None,
        event=state.event,
        goods=state.goods,
        discarded_ships=state.discarded_ships,
        discarded_contracts=state.discarded_contracts,
        dummy_news=tuple(dummy_news),
        stack=state.stack,
        decider=current_player(state),
    )
    # BH-OBS-5: determinize trusts what observe made and checks anything else.
    _MADE.append(seen)
    del _MADE[:-_KEPT]
    return seen
