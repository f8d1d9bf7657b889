"""The Town board, resolved left to right: 1.0 to 1.5 (BH-FLOW-4).

1.0 pays 1 money a card (BH-PARK-1); 1.1 gives the top Building card to the winner, unbuilt
(BH-BUILDING-1 to BH-BUILDING-3); 1.2 sells building permits and spends them on bollards,
covers and buildings (BH-PERMIT-1 to BH-PERMIT-8); 1.3 grows influence (BH-GROW-1 to
BH-GROW-3); 1.4 sets the prices (BH-PRICE-1 to BH-PRICE-3, BH-INT-17); 1.5 swaps ranks
and pays income by rank (BH-CAREER-1, BH-CAREER-2). The simultaneous 1.2 and 1.3 are
played in the order of BH-INT-6; the solo dummy follows BH-SOLO-11 to BH-SOLO-15.
"""

from __future__ import annotations

from collections.abc import Iterable

from bremerhaven.cards.model import BOLLARD_WALLS, Space
from bremerhaven.events import (
    BollardPlaced,
    BuildingLeft,
    BuildingTaken,
    Built,
    CoverCleared,
    DifferenceDeclined,
    DummyBecameCaptain,
    DummyDiscarded,
    InfluenceTaken,
    NoInfluenceLeft,
    PermitBought,
    PermitsUnused,
    PriceCardChosen,
    PriceCardRotated,
    PricesLeftAlone,
    RanksKept,
    RanksSwapped,
    Reason,
)
from bremerhaven.facts import GAME
from bremerhaven.moves import (
    Build,
    BuyPermit,
    ChoosePrice,
    ClearCover,
    EndPermits,
    Move,
    PayDifference,
    PlaceBollard,
    RotatePrices,
    SwapRanks,
)
from bremerhaven.options import Simultaneous, TiedTop
from bremerhaven.rules.bidding import bidders, counted, leader, shared_totals, winner
from bremerhaven.rules.harbours import free_spaces, has_price_choice, open_spaces
from bremerhaven.rules.step import Refusal, Step
from bremerhaven.rules.work import Work
from bremerhaven.state import (
    GameState,
    PendingCareer,
    PendingGrow,
    PendingPermits,
    PendingPrice,
    PendingStep,
)

__all__ = [
    "CAREER",
    "GROW",
    "PERMITS",
    "PRICE",
    "building",
    "career",
    "grow",
    "income",
    "parking",
    "permit",
    "price",
    "serial_order",
]

# The enum members the rules read, looked up once (a member's lookup costs a call).
_REASON_BOLLARD = Reason.BOLLARD
_REASON_COVER = Reason.COVER
_REASON_DIFFERENCE = Reason.DIFFERENCE
_REASON_PARKING = Reason.PARKING
_REASON_PERMIT = Reason.PERMIT
_REASON_RANK_INCOME = Reason.RANK_INCOME
_SIMULTANEOUS_SEAT_ORDER = Simultaneous.SEAT_ORDER
_SPACE_BUILDING = Space.BUILDING
_SPACE_CAREER = Space.CAREER
_SPACE_GROW = Space.GROW
_SPACE_PARKING = Space.PARKING
_SPACE_PERMIT = Space.PERMIT
_SPACE_PRICE = Space.PRICE
_TIED_EXCLUDED = TiedTop.EXCLUDED
_TIED_FREE = TiedTop.FREE


def serial_order(state: GameState | Work, seats: Iterable[int]) -> list[int]:
    """``seats`` in the order the simultaneous phases are played (BH-INT-6, BH-ENGINE-6)."""
    chosen = list(seats)
    if state.options.simultaneous is _SIMULTANEOUS_SEAT_ORDER:
        return sorted(chosen)
    return sorted(chosen, key=state.ranks.index)


# --------------------------------------------------------------------------- 1.0, 1.1


def parking(work: Work) -> None:
    """1.0: 1 money per card on the Parking lot, whatever its value (BH-PARK-1)."""
    entry = counted(work.bids).get(_SPACE_PARKING)
    if entry is None:
        return
    for seat, cards in sorted(entry[1].items()):
        work.earn(seat, cards * GAME.parking, "BH-PARK-1", _REASON_PARKING, count=cards)


def building(work: Work) -> None:
    """1.1: the winner takes the top Building card, unbuilt.

    With no bid it leaves the game (BH-BUILDING-1 to BH-BUILDING-3); the dummy discards what it wins
    (BH-SOLO-11).
    """
    if not work.buildings:
        return
    card = work.buildings[0]
    work.buildings = work.buildings[1:]
    seat = winner(work, _SPACE_BUILDING)
    if seat is None:
        work.note(BuildingLeft, card)
    elif seat == work.dummy:
        work.note(DummyDiscarded, seat, card)
    else:
        harbour = work.players[seat]
        work.change(seat, held=(*harbour.held, card))
        work.note(BuildingTaken, seat, card)


# --------------------------------------------------------------------------- 1.2


def _top(state: GameState | Work, space: Space) -> int:
    found = shared_totals(state, space)
    return max(found.values()) if found else 0


def _standing(state: GameState | Work, space: Space, seat: int) -> tuple[bool, bool]:
    """Whether ``seat`` won ``space`` and whether it is tied with the top total.

    The winner is the highest rank among the top totals; both come from one count of the
    bids.
    """
    found = shared_totals(state, space)
    if seat not in found:
        return False, False
    if found[seat] != max(found.values()):
        return False, False
    return leader(found, state.ranks) == seat, True


def _acts_free(state: GameState | Work, space: Space, seat: int) -> bool:
    """The top bidder acts for free; a player tied with it too, unless BH-INT-4 says no."""
    won, tied = _standing(state, space, seat)
    return won or (tied and state.options.tied_top is _TIED_FREE)


def _excluded(state: GameState | Work, space: Space, seat: int) -> bool:
    """BH-INT-4's other reading: a tied bidder lower in rank may not act at all."""
    won, tied = _standing(state, space, seat)
    return tied and not won and state.options.tied_top is _TIED_EXCLUDED


def permit(work: Work) -> None:
    """1.2: every bidder, in the serial order, buys and spends permits.

    BH-PERMIT-1, BH-PERMIT-2; the dummy builds nothing (BH-SOLO-12).
    """
    seats = [s for s in bidders(work, _SPACE_PERMIT) if s != work.dummy]
    seats = [s for s in seats if not _excluded(work, _SPACE_PERMIT, s)]
    for seat in reversed(serial_order(work, seats)):
        work.stack.append(PendingPermits(seat, 0, 0))


def permit_price(state: GameState, pending: PendingPermits) -> int:
    """What the next permit costs ``pending.seat``.

    The first is free to the top bidder and costs the difference to the others, each further one the
    top bid (BH-PERMIT-1, BH-PERMIT-8, BH-INT-11).
    """
    found = shared_totals(state, _SPACE_PERMIT)
    top = max(found.values())
    if pending.bought:
        return top
    if _acts_free(state, _SPACE_PERMIT, pending.seat):
        return 0
    return top - found[pending.seat]


def _bollard_cost(state: GameState, seat: int, wall: int) -> int | None:
    costs = state.cards.board.bollard_costs[wall]
    placed = state.players[seat].walls[wall]
    return costs[placed] if placed < len(costs) else None


_BUY = BuyPermit()
_CHOICES = tuple(ChoosePrice(index) for index in range(64))
_ROTATE = RotatePrices()
_BOLLARDS = tuple(PlaceBollard(wall) for wall in range(BOLLARD_WALLS))
_END_PERMITS = EndPermits()
_CLEARS = tuple(ClearCover(space) for space in range(12))
_BUILDS: dict[str, Build] = {}


def _build(key: str) -> Build:
    """The move building the held building ``key``, made once per key."""
    found = _BUILDS.get(key)
    if found is None:
        if len(_BUILDS) >= 4096:
            _BUILDS.clear()
        found = _BUILDS[key] = Build(key)
    return found


class _Permits(Step[PendingPermits]):
    answers = (BuyPermit, PlaceBollard, ClearCover, Build, EndPermits)
    owns = frozenset(
        {
            "BH-PERMIT-3",
            "BH-PERMIT-4",
            "BH-PERMIT-5",
            "BH-PERMIT-6",
            "BH-PERMIT-8",
            "BH-ENGINE-1",
        }
    )

    def question(self, pending: PendingPermits) -> str:
        return "using building permits"

    def candidates(self, state: GameState, pending: PendingPermits) -> Iterable[Move]:
        return [_BUY, *self._uses(state, pending), _END_PERMITS]

    def _uses(self, state: GameState, pending: PendingPermits) -> list[Move]:
        harbour = state.players[pending.seat]
        found: list[Move] = list(_BOLLARDS)
        found += [_CLEARS[s] for s, cost in enumerate(harbour.covers) if cost is not None]
        found += [_build(b.key) for b in dict.fromkeys(harbour.held)]
        return found

    def moves(self, state: GameState, pending: PendingPermits) -> tuple[Move, ...]:
        # refusal()'s predicates, with the permit's price worked out once and no use move
        # tried without a permit to spend (BH-PERMIT-3).
        harbour = state.players[pending.seat]
        money = harbour.money
        found: list[Move] = []
        if money >= permit_price(state, pending):
            found.append(_BUY)
        if pending.permits:
            # A free bollard position it can pay for (BH-PERMIT-4).
            for wall, bollard in enumerate(_BOLLARDS):
                cost = _bollard_cost(state, pending.seat, wall)
                if cost is not None and money >= cost:
                    found.append(bollard)
            # A Cover card it can pay for (BH-PERMIT-5).
            for space, cover in enumerate(harbour.covers):
                if cover is not None and money >= cover:
                    found.append(_CLEARS[space])
            # A held building, onto an empty cleared space (BH-PERMIT-6, BH-INT-15).
            if harbour.held and open_spaces(harbour) and free_spaces(harbour) >= 1:
                found += [_build(b.key) for b in dict.fromkeys(harbour.held)]
        found.append(_END_PERMITS)
        return tuple(found)

    def refusal(self, state: GameState, pending: PendingPermits, move: object) -> Refusal | None:
        harbour = state.players[pending.seat]
        if isinstance(move, EndPermits):
            return None
        if isinstance(move, BuyPermit):
            cost = permit_price(state, pending)
            if harbour.money < cost:
                return Refusal(
                    "BH-PERMIT-8", f"A permit costs {cost} money; there are {harbour.money}."
                )
            return None
        if pending.permits == 0:
            return Refusal("BH-PERMIT-3", "There is no unused building permit; buy one first.")
        if isinstance(move, PlaceBollard):
            bollard = _bollard_cost(state, pending.seat, move.wall)
            if bollard is None:
                return Refusal(
                    "BH-PERMIT-4", f"Quay wall {move.wall} has no free bollard position."
                )
            if harbour.money < bollard:
                return Refusal(
                    "BH-PERMIT-4", f"The bollard costs {bollard} money; there are {harbour.money}."
                )
            return None
        if isinstance(move, ClearCover):
            cover = harbour.covers[move.space]
            if cover is None:
                return Refusal("BH-PERMIT-5", f"Space {move.space} has no Cover card.")
            if harbour.money < cover:
                return Refusal(
                    "BH-PERMIT-5", f"The cover costs {cover} money; there are {harbour.money}."
                )
            return None
        if isinstance(move, Build):
            if all(b.key != move.building for b in harbour.held):
                return Refusal("BH-PERMIT-6", f"No held building is {move.building!r}.")
            # An empty space: cleared, no building and no goods; goods are stored as
            # counts, so some open space is empty when the goods leave one free (BH-INT-15).
            if not open_spaces(harbour) or free_spaces(harbour) < 1:
                return Refusal("BH-PERMIT-6", "There is no empty cleared space to build on.")
            return None
        return Refusal("BH-ENGINE-1", "That does not answer the building permit.")

    def apply(self, work: Work, pending: PendingPermits, move: object) -> None:
        seat = pending.seat
        state = work.state
        if isinstance(move, EndPermits):
            if pending.permits:
                work.note(PermitsUnused, seat, pending.permits)
            return
        if isinstance(move, BuyPermit):
            cost = permit_price(state, pending)
            work.pay(seat, cost, "BH-PERMIT-8", _REASON_PERMIT)
            work.note(PermitBought, seat)
            work.stack.append(PendingPermits(seat, pending.permits + 1, pending.bought + 1))
            return
        harbour = work.players[seat]
        if isinstance(move, PlaceBollard):
            cost = _bollard_cost(state, seat, move.wall) or 0
            work.pay(seat, cost, "BH-PERMIT-4", _REASON_BOLLARD)
            walls = list(work.players[seat].walls)
            walls[move.wall] += 1
            work.change(seat, walls=(walls[0], walls[1], walls[2], walls[3]))
            work.note(BollardPlaced, seat, move.wall)
        elif isinstance(move, ClearCover):
            cost = harbour.covers[move.space] or 0
            work.pay(seat, cost, "BH-PERMIT-5", _REASON_COVER)
            covers = list(work.players[seat].covers)
            covers[move.space] = None
            opened = work.players[seat].opened
            if move.space < 4:
                opened = opened | {move.space}
            work.change(seat, covers=tuple(covers), opened=opened)
            work.note(CoverCleared, seat, move.space)
        elif isinstance(move, Build):
            held = list(harbour.held)
            card = next(b for b in held if b.key == move.building)
            held.remove(card)
            # Buildings go on the first empty space: which one does not matter (BH-PERMIT-6).
            space = open_spaces(harbour)[0]
            buildings = list(harbour.buildings)
            buildings[space] = card
            work.change(seat, held=tuple(held), buildings=tuple(buildings))
            work.note(Built, seat, card)
        work.stack.append(PendingPermits(seat, pending.permits - 1, pending.bought))


# --------------------------------------------------------------------------- 1.3


def _grow_one(work: Work, seat: int, rule_id: str) -> None:
    harbour = work.players[seat]
    if not harbour.supply:
        work.note(NoInfluenceLeft, seat)
        return
    card = harbour.supply[0]
    work.change(seat, supply=harbour.supply[1:], hand=tuple(sorted((*harbour.hand, card))))
    work.note(InfluenceTaken, seat, card, rule_id)


def grow(work: Work) -> None:
    """1.3: the top bidder takes its lowest supply card.

    The others may pay the difference (BH-GROW-1, BH-GROW-2); the dummy grows whenever it bid (
    BH-SOLO-13).
    """
    seats = bidders(work, _SPACE_GROW)
    pending: list[int] = []
    for seat in serial_order(work, seats):
        if seat == work.dummy:
            _grow_one(work, seat, "BH-SOLO-13")
        elif _acts_free(work, _SPACE_GROW, seat):
            _grow_one(work, seat, "BH-GROW-2")
        elif not _excluded(work, _SPACE_GROW, seat):
            pending.append(seat)
    for seat in reversed(pending):
        work.stack.append(PendingGrow(seat))


_PAY_OR_NOT = (PayDifference(True), PayDifference(False))


def grow_price(state: GameState, seat: int) -> int:
    """The difference ``seat`` pays to grow (BH-GROW-1)."""
    return _top(state, _SPACE_GROW) - shared_totals(state, _SPACE_GROW)[seat]


class _Grow(Step[PendingGrow]):
    answers = (PayDifference,)
    owns = frozenset({"BH-GROW-1", "BH-GROW-3"})

    def question(self, pending: PendingGrow) -> str:
        return "paying the difference to grow influence"

    def candidates(self, state: GameState, pending: PendingGrow) -> Iterable[PayDifference]:
        return _PAY_OR_NOT

    def refusal(
        self, state: GameState, pending: PendingGrow, move: PayDifference
    ) -> Refusal | None:
        if not move.pay:
            return None
        harbour = state.players[pending.seat]
        if not harbour.supply:
            return Refusal("BH-GROW-3", "There is no influence card left to take.")
        cost = grow_price(state, pending.seat)
        if harbour.money < cost:
            return Refusal(
                "BH-GROW-1", f"The difference is {cost} money; there are {harbour.money}."
            )
        return None

    def apply(self, work: Work, pending: PendingGrow, move: PayDifference) -> None:
        if move.pay:
            work.pay(
                pending.seat, grow_price(work.state, pending.seat), "BH-GROW-1", _REASON_DIFFERENCE
            )
            _grow_one(work, pending.seat, "BH-GROW-2")
        else:
            work.note(DifferenceDeclined, pending.seat)


# --------------------------------------------------------------------------- 1.4


def _rotate(work: Work) -> None:
    """The top Price card goes to the bottom of the stack (BH-PRICE-2)."""
    work.prices = work.prices[1:] + work.prices[:1]


def price(work: Work) -> None:
    """1.4: the winner chooses the top Price card; no bid.

    A Commodity Exchange's owner may, else the top card goes to the bottom (BH-PRICE-1 to
    BH-PRICE-3); the dummy's win is the no-bid case (BH-SOLO-14).
    """
    seat = winner(work, _SPACE_PRICE)
    if seat is not None and seat != work.dummy:
        work.stack.append(PendingPrice(seat))
        return
    if seat is None:
        owners = [
            s for s in serial_order(work, range(work.count)) if has_price_choice(work.players[s])
        ]
        if owners:
            work.stack.append(PendingPrice(owners[0]))
            return
    _rotate(work)
    rule = "BH-SOLO-14" if seat is not None else "BH-PRICE-2"
    work.note(PriceCardRotated, rule)


class _Price(Step[PendingPrice]):
    answers = (ChoosePrice, RotatePrices)
    owns = frozenset({"BH-PRICE-1", "BH-INT-17"})

    def question(self, pending: PendingPrice) -> str:
        return "choosing the Price card on top"

    def candidates(self, state: GameState, pending: PendingPrice) -> Iterable[Move]:
        choices = _CHOICES[: len(state.prices)]
        if state.options.exchange_may_rotate:
            return (*choices, _ROTATE)
        return choices

    def moves(self, state: GameState, pending: PendingPrice) -> tuple[Move, ...]:
        # refusal()'s predicates: every card of the stack (BH-PRICE-1); letting the prices
        # change by themselves only under exchange_may_rotate and with no winner (BH-INT-17).
        choices = _CHOICES[: len(state.prices)]
        if state.options.exchange_may_rotate and winner(state, _SPACE_PRICE) is None:
            return (*choices, _ROTATE)
        return choices

    def refusal(
        self, state: GameState, pending: PendingPrice, move: ChoosePrice | RotatePrices
    ) -> Refusal | None:
        if isinstance(move, RotatePrices):
            if winner(state, _SPACE_PRICE) is not None:
                return Refusal(
                    "BH-PRICE-1",
                    "The winner of 1.4 puts a Price card on top or keeps the stack; the "
                    "prices change by themselves only when nobody bid.",
                )
            if not state.options.exchange_may_rotate:
                return Refusal(
                    "BH-INT-17",
                    "The Commodity Exchange's owner puts a Price card on top or keeps the "
                    "stack; letting the prices change by themselves is the reading "
                    "exchange_may_rotate=True.",
                )
            return None
        if move.index >= len(state.prices):
            return Refusal("BH-PRICE-1", f"The stack has {len(state.prices)} Price cards.")
        return None

    def apply(self, work: Work, pending: PendingPrice, move: ChoosePrice | RotatePrices) -> None:
        if isinstance(move, RotatePrices):
            _rotate(work)
            work.note(PricesLeftAlone, pending.seat)
            return
        stack = list(work.prices)
        card = stack.pop(move.index)
        work.prices = (card, *stack)
        work.note(PriceCardChosen, pending.seat, card)


# --------------------------------------------------------------------------- 1.5


def career(work: Work) -> None:
    """1.5: the winner may swap two adjacent ranks.

    Then income by rank (BH-CAREER-1, BH-CAREER-2); the dummy's win makes it Captain (BH-SOLO-15).
    """
    work.stack.append(PendingStep("income"))
    seat = winner(work, _SPACE_CAREER)
    if seat is None:
        return
    if seat == work.dummy:
        if work.ranks[0] != seat:
            work.ranks = (seat, *tuple(s for s in work.ranks if s != seat))
            work.note(DummyBecameCaptain, seat)
        return
    work.stack.append(PendingCareer(seat))


class _Career(Step[PendingCareer]):
    answers = (SwapRanks,)
    owns = frozenset({"BH-CAREER-1"})

    def question(self, pending: PendingCareer) -> str:
        return "swapping two adjacent ranks"

    def candidates(self, state: GameState, pending: PendingCareer) -> Iterable[SwapRanks]:
        return _SWAPS[: len(state.ranks)]

    def moves(self, state: GameState, pending: PendingCareer) -> tuple[SwapRanks, ...]:
        # Every candidate passes refusal(): a swap of two ranks that exist (BH-CAREER-1).
        return _SWAPS[: len(state.ranks)]

    def refusal(self, state: GameState, pending: PendingCareer, move: SwapRanks) -> Refusal | None:
        if move.rank is not None and move.rank + 1 >= len(state.ranks):
            return Refusal("BH-CAREER-1", f"There are only {len(state.ranks)} ranks.")
        return None

    def apply(self, work: Work, pending: PendingCareer, move: SwapRanks) -> None:
        if move.rank is None:
            work.note(RanksKept, pending.seat)
            return
        ranks = list(work.ranks)
        r = move.rank
        ranks[r], ranks[r + 1] = ranks[r + 1], ranks[r]
        work.ranks = tuple(ranks)
        work.note(RanksSwapped, pending.seat, r)


#: No swap, then the swap of each rank with the next: made once.
_SWAPS = (SwapRanks(None), SwapRanks(0), SwapRanks(1), SwapRanks(2))


def income(work: Work) -> None:
    """Income by rank after the career ladder: 4 / 3 / 2 / 1 (BH-CAREER-2)."""
    for rank, seat in enumerate(work.ranks):
        work.earn(seat, GAME.rank_income[rank], "BH-CAREER-2", _REASON_RANK_INCOME)


#: 1.2's decision: buying and spending building permits.
PERMITS = _Permits()
#: 1.3's decision: paying the difference to grow influence.
GROW = _Grow()
#: 1.4's decision: the Price card on top.
PRICE = _Price()
#: 1.5's decision: swapping two adjacent ranks.
CAREER = _Career()
