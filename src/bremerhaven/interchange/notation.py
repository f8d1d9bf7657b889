"""Move notation: short, typable text for every move (BH-NOTATION-1 to BH-NOTATION-6).

:func:`format_move` gives a move's one canonical text, :func:`parse_move` reads text back
and checks the move is legal, :func:`read_move` reads it without the rules' check (both
are lenient, for people typing: any case and spacing, the boards' labels, unique starts of
names), :func:`describe_move` gives a sentence for a menu, and :func:`move_text` says
what a move does without a position. Numbers are the moves' own fields, counted from 0 as
everywhere in the library (docks and quay walls from the top, loading docks from the left,
harbour spaces row by row, the Price stack from the top).

>>> import bremerhaven
>>> from bremerhaven.interchange.notation import describe_move, format_move, parse_move, read_move
>>> state = bremerhaven.new_game(2, seed=1)
>>> format_move(state, bremerhaven.Bid(bremerhaven.Space.SEA_1, 3))
'bid sea-1 3'
>>> parse_move(state, "BID  2.1 3")
Bid(space=<Space.SEA_1: 6>, value=3)
>>> format_move(state, bremerhaven.Deliver(2, bremerhaven.Good.CRATE))
'deliver 2 crate'
>>> read_move(state, "swap Captain first-mate")
SwapRanks(rank=0)
>>> move_text(bremerhaven.Berth(1, bremerhaven.Good.BARREL))
'Berth the ship in dock 1 with barrels'
>>> parse_move(state, "bid sea-1 0")
Traceback (most recent call last):
...
bremerhaven.errors.MoveParseError: cannot read 'bid sea-1 0' as a move: expected an influence value from 1 to 9, got '0'

The grammar, with examples, is on the "Move notation" page of the specification.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Final, TypeVar

from bremerhaven.cards.describe import RANK_NAMES, TOWN_NAMES, describe_prices
from bremerhaven.cards.files import MAX_KEY
from bremerhaven.cards.model import (
    BOLLARD_WALLS,
    DOCKS,
    LOADING_DOCKS,
    SPACES,
    BuildingCard,
    ContractCard,
    Good,
    ShipCard,
    Space,
)
from bremerhaven.engine import explain, verify_move
from bremerhaven.errors import (
    AmbiguousMoveError,
    InvalidMoveError,
    InvalidValueError,
    MoveParseError,
)
from bremerhaven.moves import (
    Berth,
    Bid,
    Build,
    BuyPermit,
    ChoosePrice,
    ClearCover,
    Deliver,
    EndMovement,
    EndPermits,
    EndProduction,
    Move,
    Pack,
    PayDifference,
    PlaceBollard,
    PlaceContract,
    Produce,
    ResolveContract,
    RotatePrices,
    StartingGood,
    SwapRanks,
    Unload,
    Unpack,
    well_formed,
)
from bremerhaven.rules.bidding import totals
from bremerhaven.rules.harbours import converts_free
from bremerhaven.rules.town import permit_price
from bremerhaven.state import (
    GameState,
    PendingMovement,
    PendingPermits,
    PendingProduction,
)
from meeplekit.text import control_character
from meeplekit.values import not_a, shown

__all__ = [
    "RANKS",
    "SPACE_KEYS",
    "VERBS",
    "describe_move",
    "format_move",
    "move_text",
    "parse_move",
    "read_move",
]

T = TypeVar("T")


#: The verbs of the notation (BH-NOTATION-1).
VERBS: Final = (
    "start",
    "bid",
    "buy",
    "bollard",
    "clear",
    "build",
    "end",
    "pay",
    "decline",
    "price",
    "swap",
    "berth",
    "contract",
    "produce",
    "unload",
    "deliver",
    "pack",
    "unpack",
    "resolve",
    "rotate",
)
#: Each bidding space's word in notation: its enum name in lower case, ``_`` written ``-``.
SPACE_KEYS: Final = {space: space.name.lower().replace("_", "-") for space in Space}
#: The ranks' words, Captain first (004:266-269, 004:354-355).
RANKS: Final = ("captain", "first-mate", "mate", "ships-cook")
#: The longest text read, in characters.
_MAX_TEXT: Final = 1_000
#: A building key written as itself; any other key is written ``#N``.
_SAFE_KEY: Final = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_NUMBER: Final = re.compile(r"[0-9]{1,3}")
#: The places in the Price stack a ``ChoosePrice`` may name (its own range).
_PRICE_PLACES: Final = 64
_ENDS: Final[dict[str, Move]] = {
    "permits": EndPermits(),
    "production": EndProduction(),
    "movement": EndMovement(),
}


# --------------------------------------------------------------------------- names


def _compact(name: str) -> str:
    """How names compare: accents, case, spaces, ``-``, ``_``, ``'`` and ``.`` dropped."""
    plain = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return re.sub(r"[\s\-_'’.]", "", plain.lower())


#: A value readable by name: its names compacted (:func:`_compact`), its word, the value.
_Choice = tuple[tuple[str, ...], str, T]


def _choices(named: Sequence[tuple[Sequence[str], str, T]]) -> list[_Choice[T]]:
    """Each value's names compacted once, with its word and the value."""
    return [(tuple(_compact(n) for n in names), word, value) for names, word, value in named]


def _pick(text: str, whole: str, choices: Sequence[_Choice[T]], what: str) -> T:
    """The value whose name ``text`` is, or starts only its names (BH-NOTATION-3).

    ``choices`` pairs each value's compacted names (any of which may be typed) with the
    word the notation writes for it.
    """
    key = _compact(text)
    if not key:
        raise MoveParseError(whole, f"expected {what}")
    exact = [(word, value) for names, word, value in choices if key in names]
    if len({word for word, _ in exact}) == 1:
        return exact[0][1]
    found = exact or [
        (word, value)
        for names, word, value in choices
        if any(name.startswith(key) for name in names)
    ]
    words = list(dict.fromkeys(word for word, _ in found))
    if len(words) == 1:
        return found[0][1]
    if words:
        raise AmbiguousMoveError(whole, text, words)
    listed = ", ".join(dict.fromkeys(word for _, word, _ in choices))
    raise MoveParseError(whole, f"expected {what} ({listed}), got {text!r}")


_GOOD_CHOICES: Final = _choices([((g.key, g.key + "s"), g.key, g) for g in Good])
_SPACE_CHOICES: Final = _choices([
    ((SPACE_KEYS[s], s.name, s.label, *([TOWN_NAMES[s]] if s in TOWN_NAMES else [])),
     SPACE_KEYS[s], s)
    for s in Space
])  # fmt: skip
_RANK_CHOICES: Final = _choices(
    [
        ((word, RANK_NAMES[rank], *(("cook",) if rank == 3 else ())), word, rank)
        for rank, word in enumerate(RANKS)
    ]
)
_END_CHOICES: Final = _choices([((word,), word, move) for word, move in _ENDS.items()])


def _good(text: str, whole: str) -> Good:
    return _pick(text, whole, _GOOD_CHOICES, "a good")


def _number(text: str, whole: str, what: str, limit: int, low: int = 0) -> int:
    """A whole number from ``low`` to ``limit - 1``, in digits (BH-NOTATION-2)."""
    if not _NUMBER.fullmatch(text) or not low <= int(text) < limit:
        raise MoveParseError(whole, f"expected {what} from {low} to {limit - 1}, got {text!r}")
    return int(text)


def _building_token(state: GameState, key: str) -> str:
    """How ``Build(key)`` is written: the key, or ``#N`` for a key that is no safe word."""
    keys = [b.key for b in state.cards.buildings]
    if key not in keys:
        raise InvalidMoveError(f"the card set {state.cards.name!r} has no building {shown(key)}")
    return key if _SAFE_KEY.fullmatch(key) else f"#{keys.index(key)}"


def _building(state: GameState, text: str, whole: str) -> str:
    """The key of the building ``text`` names: ``#N``, its key, its name or a unique start."""
    buildings: tuple[BuildingCard, ...] = state.cards.buildings
    if text.startswith("#"):
        number = _number(text[1:], whole, "a building's place in the card set", len(buildings))
        return buildings[number].key
    for card in buildings:
        if card.key == text:
            return card.key
    choices = _choices([((b.key, b.name), b.name, b.key) for b in buildings])
    return _pick(text, whole, choices, "a building of the card set")


# --------------------------------------------------------------------------- formatting


def _checked(state: GameState, move: object) -> Move:
    """``move`` as its constructor makes it; ``state`` must be a state."""
    if not isinstance(state, GameState):
        raise not_a(GameState, state, InvalidValueError)
    return well_formed(move)


def format_move(state: GameState, move: Move) -> str:
    """The canonical text of ``move`` in ``state`` (BH-NOTATION-1): for example ``"bid sea-1 3"``.

    Every well-formed move has exactly one canonical text, one line of lower-case letters,
    digits, hyphens and single spaces (a building key that is not such a word is written
    ``#N``, its place in the card set), and ``parse_move(state, format_move(state, move))
    == move`` for every legal move. The state is needed for ``build``: a building the card
    set does not have raises :class:`~bremerhaven.errors.InvalidMoveError`, as does a value
    that is no well-formed move.
    """
    match _checked(state, move):
        case StartingGood(good=good):
            return f"start {good.key}"
        case Bid(space=space, value=value):
            return f"bid {SPACE_KEYS[space]} {value}"
        case BuyPermit():
            return "buy permit"
        case PlaceBollard(wall=wall):
            return f"bollard {wall}"
        case ClearCover(space=space):
            return f"clear {space}"
        case Build(building=key):
            return f"build {_building_token(state, key)}"
        case EndPermits():
            return "end permits"
        case PayDifference(pay=pay):
            return "pay" if pay else "decline"
        case ChoosePrice(index=index):
            return f"price {index}"
        case SwapRanks(rank=rank):
            return "swap none" if rank is None else f"swap {RANKS[rank]} {RANKS[rank + 1]}"
        case Berth(dock=dock, good=good):
            return f"berth {dock} {good.key}"
        case PlaceContract(loading_dock=loading_dock):
            return f"contract {loading_dock}"
        case Produce(space=space):
            return f"produce {space}"
        case EndProduction():
            return "end production"
        case Unload(dock=dock):
            return f"unload {dock}"
        case Deliver(loading_dock=loading_dock, good=good):
            return f"deliver {loading_dock} {good.key}"
        case Pack():
            return "pack"
        case Unpack():
            return "unpack"
        case EndMovement():
            return "end movement"
        case ResolveContract(loading_dock=loading_dock):
            return f"resolve {loading_dock}"
        case RotatePrices():
            return "rotate prices"
    raise InvalidMoveError(f"not a move: {shown(move)}")  # pragma: no cover - well_formed refuses


# --------------------------------------------------------------------------- parsing


def parse_move(state: GameState, text: str) -> Move:
    """The move ``text`` names in ``state``, checked to be legal now (BH-NOTATION-1 to -5).

    Reads as :func:`read_move` does, then asks the rules. Raises
    :class:`MoveParseError` for text that is not a move, :class:`AmbiguousMoveError` for a
    name that fits several things (both :class:`~bremerhaven.errors.InvalidMoveError` s),
    and :class:`~bremerhaven.errors.IllegalMoveError`, naming the rule, for a move the
    rules forbid now; never anything else, whatever the text.
    """
    move = read_move(state, text)
    verify_move(state, move)
    return move


def read_move(state: GameState, text: str) -> Move:
    """The move ``text`` names, well formed for this game but not checked against the rules.

    Lenient, for people typing (BH-NOTATION-2, BH-NOTATION-3): verbs and names in any case,
    spaces doubled, bidding spaces by word or label (``sea-1``, ``2.1``, ``Parking lot``),
    goods, buildings and ranks by any start that fits only one, a good and a number in
    either order, and ``end`` alone for the end the pending decision offers. Raises as
    :func:`parse_move` does, except for :class:`~bremerhaven.errors.IllegalMoveError`.
    """
    if not isinstance(state, GameState):
        raise not_a(GameState, state, InvalidValueError)
    if type(text) is not str:
        raise MoveParseError(shown(text), "expected text")
    if len(text) > _MAX_TEXT:
        raise MoveParseError(text[:40] + "...", f"expected at most {_MAX_TEXT} characters")
    control = control_character(text)
    if control is not None:
        raise MoveParseError(
            text, f"the text holds a control or bidirectional formatting character, {control}"
        )
    words = text.split()
    if not words:
        raise MoveParseError(text, "expected a move such as 'bid sea-1 3' or 'end movement'")
    try:
        return _read(state, words[0].lower(), words[1:], text)
    except MoveParseError:
        raise
    except InvalidMoveError as exc:  # a constructor's refusal
        raise MoveParseError(text, str(exc)) from None


def _nothing_after(verb: str, rest: list[str], whole: str) -> None:
    if rest:
        raise MoveParseError(whole, f"{verb!r} takes nothing after it")


def _one(verb: str, rest: list[str], whole: str, shape: str) -> str:
    if len(rest) != 1:
        raise MoveParseError(whole, f"expected '{verb} {shape}'")
    return rest[0]


def _number_and_good(
    rest: list[str], whole: str, what: str, limit: int, example: str
) -> tuple[int, Good]:
    """A number and a good, in either order (BH-NOTATION-2)."""
    if len(rest) != 2:
        raise MoveParseError(whole, f"expected {example}")
    first, second = rest
    if _NUMBER.fullmatch(second) and not _NUMBER.fullmatch(first):
        first, second = second, first
    return _number(first, whole, what, limit), _good(second, whole)


def _read(state: GameState, verb: str, rest: list[str], whole: str) -> Move:
    joined = " ".join(rest)
    if verb == "start":
        return StartingGood(_good(joined, whole))
    if verb == "bid":
        if len(rest) < 2:
            raise MoveParseError(whole, "expected 'bid SPACE VALUE', such as 'bid sea-1 3'")
        space = _pick(" ".join(rest[:-1]), whole, _SPACE_CHOICES, "a bidding space")
        return Bid(space, _number(rest[-1], whole, "an influence value", 10, low=1))
    if verb == "buy":
        if _compact(joined) not in ("", "permit", "buildingpermit"):
            raise MoveParseError(whole, "expected 'buy permit'")
        return BuyPermit()
    if verb == "bollard":
        wall = _one(verb, rest, whole, "WALL")
        return PlaceBollard(_number(wall, whole, "a quay wall", BOLLARD_WALLS))
    if verb == "clear":
        return ClearCover(_number(_one(verb, rest, whole, "SPACE"), whole, "a space", SPACES))
    if verb == "build":
        if not rest:
            raise MoveParseError(whole, "expected 'build BUILDING'")
        return Build(_building(state, joined, whole))
    if verb == "end":
        return _read_end(state, joined, whole)
    if verb == "pay":
        if _compact(joined) not in ("", "difference", "thedifference"):
            raise MoveParseError(whole, "expected 'pay' (pay the difference) or 'decline'")
        return PayDifference(True)
    if verb == "decline":
        _nothing_after(verb, rest, whole)
        return PayDifference(False)
    if verb == "price":
        return _read_price(state, _one(verb, rest, whole, "POSITION"), whole)
    if verb == "swap":
        return _read_swap(rest, whole)
    if verb == "berth":
        example = "'berth DOCK GOOD', such as 'berth 0 barrel'"
        dock, good = _number_and_good(rest, whole, "a dock", DOCKS, example)
        return Berth(dock, good)
    if verb == "contract":
        number = _one(verb, rest, whole, "LOADING-DOCK")
        return PlaceContract(_number(number, whole, "a loading dock", LOADING_DOCKS))
    if verb == "produce":
        return Produce(_number(_one(verb, rest, whole, "SPACE"), whole, "a space", SPACES))
    if verb == "unload":
        return Unload(_number(_one(verb, rest, whole, "DOCK"), whole, "a dock", DOCKS))
    if verb == "deliver":
        example = "'deliver LOADING-DOCK GOOD', such as 'deliver 2 crate'"
        dock, good = _number_and_good(rest, whole, "a loading dock", LOADING_DOCKS, example)
        return Deliver(dock, good)
    if verb == "pack":
        _nothing_after(verb, rest, whole)
        return Pack()
    if verb == "unpack":
        _nothing_after(verb, rest, whole)
        return Unpack()
    if verb == "resolve":
        number = _one(verb, rest, whole, "LOADING-DOCK")
        return ResolveContract(_number(number, whole, "a loading dock", LOADING_DOCKS))
    if verb == "rotate":
        if _compact(joined) not in ("", "prices", "thepricecards", "pricecards"):
            raise MoveParseError(whole, "expected 'rotate prices'")
        return RotatePrices()
    raise MoveParseError(whole, f"unknown verb {verb!r}; the verbs are {', '.join(VERBS)}")


def _read_end(state: GameState, rest: str, whole: str) -> Move:
    """``end permits``, ``end production``, ``end movement``; ``end`` alone by the decision."""
    if rest:
        return _pick(rest, whole, _END_CHOICES, "what to end")
    top = state.stack[-1] if state.stack else None
    for kind, move in (
        (PendingPermits, EndPermits()),
        (PendingProduction, EndProduction()),
        (PendingMovement, EndMovement()),
    ):
        if type(top) is kind:
            return move
    raise MoveParseError(
        whole, "nothing to end now: expected 'end permits', 'end production' or 'end movement'"
    )


def _read_price(state: GameState, text: str, whole: str) -> Move:
    """``price N``, the Price card at place N from the top, or a Price card's key."""
    if not _NUMBER.fullmatch(text):
        for index, card in enumerate(state.prices):
            if card.key == text:
                return ChoosePrice(index)
    return ChoosePrice(_number(text, whole, "a place in the Price stack", _PRICE_PLACES))


def _read_swap(rest: list[str], whole: str) -> Move:
    """``swap none``, or two adjacent ranks by word, name or number (from 0, the Captain).

    A rank's name may be several words (``Ship's Cook``): the words are split in two where
    both halves name a rank.
    """
    if len(rest) == 1 and _compact(rest[0]) in ("none", "nothing", "no"):
        return SwapRanks(None)
    if len(rest) < 2:
        raise MoveParseError(
            whole, "expected 'swap none' or two ranks, such as 'swap mate first-mate'"
        )
    found: dict[tuple[int, int], None] = {}
    problem: MoveParseError | None = None
    for cut in range(1, len(rest)):
        try:
            first = _rank(" ".join(rest[:cut]), whole)
            second = _rank(" ".join(rest[cut:]), whole)
        except MoveParseError as exc:
            problem = problem or exc
            continue
        found[first, second] = None
    if not found:
        assert problem is not None
        raise problem
    if len(found) > 1:
        pairs = [f"{RANKS[a]} {RANKS[b]}" for a, b in found]
        raise AmbiguousMoveError(whole, " ".join(rest), pairs)
    low, high = sorted(next(iter(found)))
    if high != low + 1:
        raise MoveParseError(whole, "expected two adjacent ranks")
    return SwapRanks(low)


def _rank(text: str, whole: str) -> int:
    """The rank ``text`` names, by word, name or number from 0."""
    if _NUMBER.fullmatch(text):
        return _number(text, whole, "a rank", len(RANKS))
    return _pick(text, whole, _RANK_CHOICES, "a rank")


# --------------------------------------------------------------------------- words


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _a(word: str) -> str:
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def move_text(move: Move) -> str:
    """What ``move`` does, in words, without a position (BH-NOTATION-6).

    For example ``"Bid 3 on 2.1"``, ``"Deliver a crate to loading dock 2"`` or ``"Swap the
    Captain and the First Mate"``. With a position, :func:`describe_move` says more.
    Raises :class:`~bremerhaven.errors.InvalidMoveError` for a value that is no move.
    """
    match well_formed(move):
        case StartingGood(good=good):
            return f"Take {_a(good.key)} as a starting good"
        case Bid(space=space, value=value):
            return f"Bid {value} on {space.label}"
        case BuyPermit():
            return "Buy a building permit"
        case PlaceBollard(wall=wall):
            return f"Spend a permit on a bollard on quay wall {wall}"
        case ClearCover(space=space):
            return f"Spend a permit clearing the cover of space {space}"
        case Build(building=key):  # a key that is no short safe word is quoted, cut short
            written = key if _SAFE_KEY.fullmatch(key) and len(key) <= MAX_KEY else shown(key)
            return f"Spend a permit building {written}"
        case EndPermits():
            return "End using building permits"
        case PayDifference(pay=pay):
            return "Pay the difference and grow influence" if pay else "Do not pay the difference"
        case ChoosePrice(index=index):
            if index == 0:
                return "Keep the top Price card"
            return f"Put the Price card at place {index} of the stack on top"
        case SwapRanks(rank=rank):
            if rank is None:
                return "Swap no ranks"
            return f"Swap the {RANK_NAMES[rank]} and the {RANK_NAMES[rank + 1]}"
        case Berth(dock=dock, good=good):
            return f"Berth the ship in dock {dock} with {good.key}s"
        case PlaceContract(loading_dock=loading_dock):
            return f"Place the contract in loading dock {loading_dock}"
        case Produce(space=space):
            return f"Produce with the building on space {space}"
        case EndProduction():
            return "End production"
        case Unload(dock=dock):
            return f"Unload a good from the ship in dock {dock}"
        case Deliver(loading_dock=loading_dock, good=good):
            return f"Deliver {_a(good.key)} to loading dock {loading_dock}"
        case Pack():
            return "Pack two crates into a container"
        case Unpack():
            return "Unpack a container into two crates"
        case EndMovement():
            return "End moving goods"
        case ResolveContract(loading_dock=loading_dock):
            return f"Resolve the due contract in loading dock {loading_dock} next"
        case RotatePrices():
            return "Let the prices change by themselves: the top Price card goes to the bottom"
    raise InvalidMoveError(f"not a move: {shown(move)}")  # pragma: no cover - well_formed refuses


def _ship_words(card: ShipCard, good: Good | None = None) -> str:
    cargo = good or card.cargo
    load = f"{card.count} wild" if cargo is None else _plural(card.count, cargo.key)
    return f"the {card.name} ({load}, lay time {card.lay_time}, berth {card.berth})"


def _contract_words(card: ContractCard) -> str:
    goods = ", ".join("wild" if g is None else g.key for g in card.goods)
    return f"the contract {card.name} ({goods}; delivery {card.delivery})"


def _space_words(state: GameState, space: Space) -> str:
    if space.is_sea:
        ship = state.sea[space.slot] if space.slot < len(state.sea) else None
        return f"{space.label}, {_ship_words(ship)}" if ship else space.label
    if space.is_land:
        contract = state.land[space.slot] if space.slot < len(state.land) else None
        return f"{space.label}, {_contract_words(contract)}" if contract else space.label
    return f"{space.label}, {TOWN_NAMES[space]}"


def _money(n: int) -> str:
    return f"{n} money"


def _seat(state: GameState, seat: int) -> str:
    """A seat as a player reads it: ``"Player 1"``, or ``"the dummy"`` in the solo game."""
    return "the dummy" if seat == state.dummy else f"Player {seat + 1}"


def describe_move(state: GameState, move: Move) -> str:
    """A sentence for ``move`` in ``state``, before it is played, for a menu (BH-NOTATION-6).

    A legal move is described with what the position says of it: the card on a bidding
    space, what a permit, bollard, cover or difference costs, the ship, contract, building
    or Price card it concerns. A move that is not legal now is :func:`move_text` and the
    rules' reason. It is for people, not for parsing, and may change between versions.
    Raises :class:`~bremerhaven.errors.InvalidMoveError` for a value that is no move.
    """
    move = _checked(state, move)
    refusal = explain(state, move)
    if refusal is not None:
        return f"{move_text(move)} (not legal now: {refusal.reason})"
    top = state.stack[-1]
    seat: int = getattr(top, "seat")  # noqa: B009 - every decision names its seat
    harbour = state.players[seat]
    match move:
        case Bid(space=space, value=value):
            already = sum(b.value for b in state.bids if b.seat == seat and b.space is space)
            more = f"; your cards there come to {already + value}" if already else ""
            return f"Bid {value} on {_space_words(state, space)}{more}"
        case BuyPermit():
            assert isinstance(top, PendingPermits)
            return f"Buy a building permit for {_money(permit_price(state, top))}"
        case PlaceBollard(wall=wall):
            cost = state.cards.board.bollard_costs[wall][harbour.walls[wall]]
            return f"{move_text(move)} for {_money(cost)}"
        case ClearCover(space=space):
            return f"{move_text(move)} for {_money(harbour.covers[space] or 0)}"
        case Build(building=key):
            held = next(b for b in harbour.held if b.key == key)
            return f"Spend a permit building the {held.name} (prestige {held.prestige})"
        case EndPermits():
            assert isinstance(top, PendingPermits)
            lost = f" ({_plural(top.permits, 'unused permit')} lost)" if top.permits else ""
            return f"{move_text(move)}{lost}"
        case PayDifference(pay=True):
            found = totals(state, Space.GROW)
            cost = max(found.values()) - found[seat]
            return f"Pay {_money(cost)} and take the {harbour.supply[0]} from your supply"
        case ChoosePrice(index=index):
            chosen = state.prices[index]
            verb = "Keep" if index == 0 else "Put on top"
            return f"{verb} the Price card {describe_prices(chosen)}"
        case SwapRanks(rank=rank) if rank is not None:
            first, second = (_seat(state, s) for s in state.ranks[rank : rank + 2])
            return (
                f"Swap the {RANK_NAMES[rank]} ({first}) and the {RANK_NAMES[rank + 1]} ({second})"
            )
        case Berth(dock=dock, good=good):
            card = getattr(top, "card")  # noqa: B009 - a PendingBerth
            return f"Berth {_ship_words(card, good)} in dock {dock}"
        case PlaceContract(loading_dock=loading_dock):
            card = getattr(top, "card")  # noqa: B009 - a PendingContract
            return f"Place {_contract_words(card)} in loading dock {loading_dock}"
        case Produce(space=space):
            building = harbour.buildings[space]
            assert building is not None and building.production is not None
            made = building.production
            what = _a(made.good.key) if made.good is not None else _money(made.money)
            return f"Run the {building.name} on space {space}: produce {what}"
        case Unload(dock=dock):
            ship = harbour.docks[dock]
            assert ship is not None
            return f"Unload {_a(ship.good.key)} from the {ship.card.name} in dock {dock}"
        case Deliver(loading_dock=loading_dock, good=good):
            contract = harbour.loading[loading_dock]
            assert contract is not None
            return (
                f"Deliver {_a(good.key)} to the {contract.card.name} in loading dock {loading_dock}"
            )
        case Pack() | Unpack():
            fee = "free" if converts_free(harbour) else "1 money"
            return f"{move_text(move)} ({fee})"
        case ResolveContract(loading_dock=loading_dock):
            due = harbour.loading[loading_dock]
            assert due is not None
            return f"Resolve {_contract_words(due.card)} in loading dock {loading_dock} next"
        case RotatePrices():
            after = state.prices[1] if len(state.prices) > 1 else state.prices[0]
            prices = ", ".join(f"{g.key} {after.price(g)}" for g in Good)
            return (
                "Let the prices change by themselves: the top Price card goes to the bottom, "
                f"{after.key} comes on top: {prices}"
            )
    return move_text(move)
