"""The Bidding phase: placing influence cards, and who wins each space (BH-BID-1 to BH-BID-8).

Bids are placed face down in rank order, one card a turn, until every hand is empty
(BH-BID-1); a card on a space where the player already bid raises the bid (BH-BID-3). The
highest total wins, ties going to the higher rank (BH-BID-5, BH-BID-6). The Train
Station's bonus counts on contracts with a train (BH-BID-8). The solo dummy bids by its
drawn newspaper's symbol and its shuffled hand (BH-SOLO-8).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeAlias

from bremerhaven.cards.model import ContractCard, ShipCard, Space, TrainBidBonus
from bremerhaven.events import BidPlaced
from bremerhaven.moves import Bid
from bremerhaven.rules.harbours import built
from bremerhaven.rules.step import Refusal, Step
from bremerhaven.rules.work import Work
from bremerhaven.state import BidCard, GameState, Harbour, PendingBid, make_bid

__all__ = [
    "BIDDING",
    "BID_TURNS",
    "bid_spaces",
    "bidders",
    "counted",
    "leader",
    "next_bidder",
    "shared_totals",
    "totals",
    "winner",
]

_TOWN = (Space.PARKING, Space.BUILDING, Space.PERMIT, Space.GROW, Space.PRICE, Space.CAREER)
_TOWN_NO_BUILDING = tuple(s for s in _TOWN if s is not Space.BUILDING)
_SEA = tuple(Space.sea(i) for i in range(1, 5))
_LAND = tuple(Space.land(i) for i in range(1, 5))
_TOWN_BITS = sum(1 << space for space in _TOWN)
_TOWN_NO_BUILDING_BITS = sum(1 << space for space in _TOWN_NO_BUILDING)

#: The legal bids by open spaces (a bit per :class:`Space`) and hand; each table of hands
#: is emptied when it holds :data:`_MAX_LISTS` lists.
_LISTS: dict[int, dict[tuple[int, ...], tuple[Bid, ...]]] = {}

_MAX_LISTS = 4096


class _Offer:
    """The spaces that take bids on the last boards asked about, and their lists of bids.

    The Sea and Land rows and the Building stack stay the same tuples through a round's
    Bidding phase, so the open spaces are worked out once for them, by identity.
    """

    __slots__ = ("buildings", "land", "lists", "sea")

    def __init__(self) -> None:
        self.sea: tuple[ShipCard | None, ...] | None = None
        self.land: tuple[ContractCard | None, ...] | None = None
        self.buildings = False
        self.lists: dict[tuple[int, ...], tuple[Bid, ...]] = {}


_OFFER = _Offer()


def _open_spaces(state: GameState) -> int:
    """The spaces that take bids now, a bit per :class:`Space` (BH-BID-2, BH-INT-14)."""
    found = _TOWN_BITS if state.buildings else _TOWN_NO_BUILDING_BITS
    for i, ship in enumerate(state.sea):
        if ship is not None:
            found |= 1 << _SEA[i]
    for i, contract in enumerate(state.land):
        if contract is not None:
            found |= 1 << _LAND[i]
    return found


#: The bidding turn of each seat, made once.
BID_TURNS = tuple(PendingBid(seat) for seat in range(4))

#: Every Bid move, made once: (space, value) -> move.
_BIDS = {(space, value): Bid(space, value) for space in Space for value in range(1, 10)}

#: One space's sums of card values and counts of cards, by seat.
_Count: TypeAlias = tuple[dict[int, int], dict[int, int]]


def bid_spaces(state: GameState | Work) -> list[Space]:
    """The spaces that take bids now.

    The Town's six (1.1 while a Building card is left), and the Sea's and Land's with a card on them
    (BH-BID-2, BH-INT-14).
    """
    spaces = list(_TOWN if state.buildings else _TOWN_NO_BUILDING)
    spaces += [_SEA[i] for i, card in enumerate(state.sea) if card is not None]
    spaces += [_LAND[i] for i, card in enumerate(state.land) if card is not None]
    return spaces


def _bonus(harbour: Harbour) -> int:
    return sum(
        effect.per_card
        for _, building in built(harbour)
        for effect in building.effects
        if isinstance(effect, TrainBidBonus)
    )


#: The bids' sums and card counts by space and seat, kept for each tuple of bids: a round's
#: states share one tuple of bids through the whole General action phase. Each is kept
#: twice: by space (the table :func:`counted` gives) and as a row per space's number.
_COUNTS: dict[int, tuple[tuple[BidCard, ...], dict[Space, _Count], list[_Count | None]]] = {}
_MAX_COUNTS = 4096


def counted(bids: tuple[BidCard, ...]) -> dict[Space, tuple[dict[int, int], dict[int, int]]]:
    """Each space's sum of card values and count of cards, by seat (BH-BID-5, BH-PARK-1).

    The spaces in the order of their first bid. Read-only: the table is shared by every
    state with the same tuple of bids.
    """
    return _tally(bids)[1]


def _tally(
    bids: tuple[BidCard, ...],
) -> tuple[tuple[BidCard, ...], dict[Space, _Count], list[_Count | None]]:
    """The round's bids walked once: :func:`counted`'s table, and its rows by space number."""
    found = _COUNTS.get(id(bids))
    if found is not None and found[0] is bids:
        return found
    rows: list[_Count | None] = [None] * _SPACE_COUNT
    table: dict[Space, _Count] = {}
    for bid in bids:
        space = bid.space
        entry = rows[space]
        if entry is None:
            entry = rows[space] = table[space] = ({}, {})
        sums, cards = entry
        seat = bid.seat
        sums[seat] = sums.get(seat, 0) + bid.value
        cards[seat] = cards.get(seat, 0) + 1
    if len(_COUNTS) >= _MAX_COUNTS:
        _COUNTS.clear()
    # The tuple is kept with its table, so its id is never reused while it is a key.
    made = _COUNTS[id(bids)] = (bids, table, rows)
    return made


_SPACE_COUNT = len(Space)


def totals(state: GameState | Work, space: Space) -> dict[int, int]:
    """Each bidder's total on ``space``, the Train Station's bonus included (BH-BID-8)."""
    return dict(shared_totals(state, space))


def shared_totals(state: GameState | Work, space: Space) -> dict[int, int]:
    """:func:`totals`, read-only: without a bonus, the table shared by the round's states."""
    entry = _tally(state.bids)[2][space]
    if entry is None:
        return _NO_TOTALS
    sums, cards = entry
    slot = _LAND_SLOT.get(space)
    if slot is None:
        return sums
    card = state.land[slot]
    if card is None or not card.train:
        return sums
    found = dict(sums)
    for seat in found:
        found[seat] += cards[seat] * _bonus(state.players[seat])
    return found


_NO_TOTALS: dict[int, int] = {}
_LAND_SLOT = {space: slot for slot, space in enumerate(_LAND)}


def _order(ranks: Sequence[int], found: dict[int, int]) -> list[int]:
    return sorted(found, key=lambda seat: (-found[seat], ranks.index(seat)))


def bidders(state: GameState | Work, space: Space) -> list[int]:
    """The seats that bid on ``space``, winner first: by total, ties by rank (BH-BID-6)."""
    return _order(state.ranks, shared_totals(state, space))


def winner(state: GameState | Work, space: Space) -> int | None:
    """The seat that won ``space``, or ``None`` when no one bid (BH-BID-5).

    The first of :func:`bidders`: the highest total, a tie to the higher rank (BH-BID-6).
    """
    return leader(shared_totals(state, space), state.ranks)


def leader(found: dict[int, int], ranks: Sequence[int]) -> int | None:
    """The seat with the highest total in ``found``, a tie to the higher rank (BH-BID-6).

    The first of ``found``'s seats by total then rank, as :func:`bidders` orders them;
    ``None`` when ``found`` is empty.
    """
    best: int | None = None
    top = 0
    for seat, total in found.items():
        if best is None or total > top or (total == top and ranks.index(seat) < ranks.index(best)):
            best, top = seat, total
    return best


def next_bidder(players: Sequence[Harbour], ranks: Sequence[int], after: int | None) -> int | None:
    """The next seat in rank order after ``after`` with cards in hand, or ``None`` (BH-BID-1)."""
    n = len(ranks)
    start = 0 if after is None else ranks.index(after) + 1
    for step in range(n):
        seat = ranks[(start + step) % n]
        if players[seat].hand:
            return seat
    return None


class _Bidding(Step[PendingBid]):
    answers = (Bid,)
    owns = frozenset({"BH-BID-2"})
    may_be_automatic = True  # the dummy's bids (BH-SOLO-8)
    may_have_one_answer = False

    def question(self, pending: PendingBid) -> str:
        return "placing a bid"

    def candidates(self, state: GameState, pending: PendingBid) -> Iterable[Bid]:
        values = sorted(set(state.players[pending.seat].hand))
        return [_BIDS[space, value] for space in bid_spaces(state) for value in values]

    def moves(self, state: GameState, pending: PendingBid) -> tuple[Bid, ...]:
        # The candidates are exactly the legal bids: every card in hand on every space that
        # takes bids, the two predicates of refusal(). They depend on the hand and on which
        # spaces have a card, so each list is made once.
        offer = _OFFER
        sea, land, buildings = state.sea, state.land, bool(state.buildings)
        if offer.sea is not sea or offer.land is not land or offer.buildings != buildings:
            spaces = _open_spaces(state)
            lists = _LISTS.get(spaces)
            if lists is None:
                lists = _LISTS[spaces] = {}
            offer.sea, offer.land, offer.buildings, offer.lists = sea, land, buildings, lists
        hand = state.players[pending.seat].hand
        lists = offer.lists
        found = lists.get(hand)
        if found is None:
            if len(lists) >= _MAX_LISTS:
                lists.clear()
            found = lists[hand] = tuple(self.candidates(state, pending))
        return found

    def refusal(self, state: GameState, pending: PendingBid, move: Bid) -> Refusal | None:
        if move.value not in state.players[pending.seat].hand:
            return Refusal("BH-BID-2", f"There is no influence card of {move.value} in the hand.")
        if move.space not in bid_spaces(state):
            return Refusal("BH-BID-2", f"Space {move.space.label} has no card to bid on.")
        return None

    def apply(self, work: Work, pending: PendingBid, move: Bid) -> None:
        place(work, pending.seat, move.space, move.value)

    def automatic(self, work: Work, pending: PendingBid) -> bool:
        if pending.seat != work.dummy:
            return False
        work.stack.pop()
        # BH-SOLO-8: the next newspaper names the space, the next card of the shuffled hand
        # is the bid; both were drawn at setup (BH-ENGINE-10).
        news = work.dummy_news[0]
        work.dummy_news = work.dummy_news[1:]
        placed = [b.value for b in work.bids if b.seat == pending.seat]
        hand = sorted(list(work.players[pending.seat].hand) + placed)
        order = work.dummy_orders[work.round - 1] if work.round - 1 < len(work.dummy_orders) else ()
        index = order[len(placed)] if len(placed) < len(order) else len(placed)
        value = hand[index]
        place(work, pending.seat, news.solo_space, value, rule_id="BH-SOLO-8")
        return True


def _card_on(work: Work, space: Space) -> ShipCard | ContractCard | None:
    """The Ship or Contract on a Sea or Land space, for the bid's event; ``None`` else."""
    if not (space.is_sea or space.is_land):
        return None
    row: Sequence[ShipCard | ContractCard | None] = work.sea if space.is_sea else work.land
    return row[space.slot] if space.slot < len(row) else None


def place(work: Work, seat: int, space: Space, value: int, rule_id: str = "BH-BID-2") -> None:
    """``seat`` places its card of ``value`` on ``space``; the next bidder's turn follows."""
    hand = list(work.players[seat].hand)
    hand.remove(value)
    work.set_hand(seat, tuple(hand))
    work.bids = (*work.bids, make_bid(space, seat, value))
    if work.log is not None:
        work.log.append(BidPlaced(seat, space, _card_on(work, space), rule_id))
    following = next_bidder(work.players, work.ranks, seat)
    if following is not None:
        work.stack.append(BID_TURNS[following])


#: The Bidding phase's step.
BIDDING = _Bidding()
