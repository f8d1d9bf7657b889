"""Move notation (BH-NOTATION-1 to BH-NOTATION-6): canonical texts, lenient reading, errors, words."""

from __future__ import annotations

import re
import typing
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

import bremerhaven
from bremerhaven import (
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
    GameState,
    Good,
    Move,
    Pack,
    PayDifference,
    PlaceBollard,
    PlaceContract,
    Produce,
    ResolveContract,
    RotatePrices,
    RulesOptions,
    Space,
    StartingGood,
    SwapRanks,
    Unload,
    Unpack,
)
from bremerhaven.errors import AmbiguousMoveError, MoveParseError
from bremerhaven.events import MoneyPaid
from bremerhaven.interchange.notation import (
    describe_move,
    format_move,
    move_text,
    parse_move,
    read_move,
)
from bremerhaven.state import PendingBerth, PendingContract
from meeplekit.rng import SplitMix64
from tests.support.bremerhaven import building, card_set

SPEC = Path(__file__).resolve().parents[3] / "src" / "bremerhaven" / "spec" / "notation.md"

#: Every kind of move, with its canonical text, in the order of the spec's examples.
CANONICAL: list[tuple[Move, str]] = [
    (StartingGood(Good.CRATE), "start crate"),
    (Bid(Space.SEA_1, 3), "bid sea-1 3"),
    (Bid(Space.PARKING, 5), "bid parking 5"),
    (BuyPermit(), "buy permit"),
    (PlaceBollard(0), "bollard 0"),
    (ClearCover(6), "clear 6"),
    (Build("refinery"), "build refinery"),
    (EndPermits(), "end permits"),
    (PayDifference(True), "pay"),
    (PayDifference(False), "decline"),
    (ChoosePrice(3), "price 3"),
    (SwapRanks(0), "swap captain first-mate"),
    (SwapRanks(None), "swap none"),
    (Berth(1, Good.BARREL), "berth 1 barrel"),
    (PlaceContract(2), "contract 2"),
    (Produce(4), "produce 4"),
    (EndProduction(), "end production"),
    (Unload(0), "unload 0"),
    (Deliver(2, Good.CRATE), "deliver 2 crate"),
    (Pack(), "pack"),
    (Unpack(), "unpack"),
    (EndMovement(), "end movement"),
    (ResolveContract(1), "resolve 1"),
    (RotatePrices(), "rotate prices"),
]

#: A canonical text: lower-case words of letters, digits, hyphens and ``#``, single spaces.
CANONICAL_TEXT = re.compile(r"[a-z0-9#-]+(?: [a-z0-9#-]+)*")


def _start(players: int = 2, **options: object) -> GameState:
    return bremerhaven.new_game(players, seed=3, options=RulesOptions(**options))  # type: ignore[arg-type]


@cache
def _positions() -> dict[str, list[GameState]]:
    """Positions of seeded random games, by the kind of decision they ask (up to 30 each)."""
    found: dict[str, list[GameState]] = {}
    for players, game, seed in ((2, "long", 1), (3, "short", 2), (4, "long", 3), (1, "short", 4)):
        state = bremerhaven.new_game(players, seed=seed, options=RulesOptions(game=game))
        rng = SplitMix64(seed)
        while not bremerhaven.is_over(state):
            kind = type(state.stack[-1]).__name__
            if len(found.setdefault(kind, [])) < 30:
                found[kind].append(state)
            state = bremerhaven.apply_move(state, rng.choice(bremerhaven.legal_moves(state)))
    return found


def _asking(kind: str, where: Callable[[GameState], bool] = lambda s: True) -> GameState:
    """The first position found asking decision ``kind`` for which ``where`` holds."""
    return next(s for s in _positions()[kind] if where(s))


def _berthing(state: GameState) -> bremerhaven.Harbour:
    """The harbour of the seat that berths a ship now."""
    asked = state.stack[-1]
    assert isinstance(asked, PendingBerth)
    return state.players[asked.seat]


def _spec_examples() -> list[str]:
    text = SPEC.read_text(encoding="utf-8")
    block = text.split("Examples:\n\n```text\n")[1].split("```")[0]
    return block.splitlines()


# --------------------------------------------------------------------------- BH-NOTATION-1


@pytest.mark.rules("BH-NOTATION-1")
def test_every_kind_of_move_has_one_canonical_text() -> None:
    state = _start()
    assert {type(m) for m, _ in CANONICAL} == set(typing.get_args(Move))
    for move, text in CANONICAL:
        assert format_move(state, move) == text
        assert read_move(state, text) == move
        assert CANONICAL_TEXT.fullmatch(text), text


@pytest.mark.rules("BH-NOTATION-1")
def test_the_spec_examples_are_the_canonical_texts() -> None:
    examples = _spec_examples()
    assert examples == [text for _, text in CANONICAL]
    state = _start(3)
    for text in examples:
        assert format_move(state, read_move(state, text)) == text


@pytest.mark.rules("BH-NOTATION-1")
def test_every_space_and_good_has_its_word() -> None:
    state = _start()
    words = {format_move(state, Bid(space, 1)).split()[1] for space in Space}
    assert words == {
        "parking", "building", "permit", "grow", "price", "career",
        "sea-1", "sea-2", "sea-3", "sea-4", "land-1", "land-2", "land-3", "land-4",
    }  # fmt: skip
    assert [format_move(state, StartingGood(g)) for g in Good] == [
        "start barrel", "start container", "start crate", "start passenger",
    ]  # fmt: skip
    assert [format_move(state, SwapRanks(r)) for r in range(3)] == [
        "swap captain first-mate", "swap first-mate mate", "swap mate ships-cook",
    ]  # fmt: skip


@pytest.mark.rules("BH-NOTATION-1")
@pytest.mark.parametrize(
    "kind",
    ["PendingBid", "PendingPermits", "PendingBerth", "PendingMovement", "PendingPrice"],
)
def test_no_two_legal_moves_share_a_text_and_each_parses_back(kind: str) -> None:
    for state in _positions()[kind]:
        legal = bremerhaven.legal_moves(state)
        texts = [format_move(state, m) for m in legal]
        assert len(set(texts)) == len(texts)
        assert all(CANONICAL_TEXT.fullmatch(t) for t in texts)
        assert [parse_move(state, t) for t in texts] == list(legal)


@pytest.mark.rules("BH-NOTATION-1")
def test_a_building_key_that_is_no_word_is_written_by_its_place() -> None:
    odd = [building("Odd Key"), building("x;y"), building("plain-key")]
    cards = card_set(buildings=[*odd, *(building(f"b{i}") for i in range(17))])
    state = bremerhaven.new_game(2, seed=1, cards=cards)
    assert format_move(state, Build("Odd Key")) == "build #0"
    assert format_move(state, Build("x;y")) == "build #1"
    assert format_move(state, Build("plain-key")) == "build plain-key"
    for key in ("Odd Key", "x;y", "plain-key", "b16"):
        assert read_move(state, format_move(state, Build(key))) == Build(key)
    assert read_move(state, "build ODD-KEY") == Build("Odd Key")  # by its name, "Odd Key"
    with pytest.raises(MoveParseError, match="place in the card set from 0 to 19"):
        read_move(state, "build #20")


@pytest.mark.rules("BH-NOTATION-1")
def test_a_building_the_card_set_lacks_is_refused_when_written() -> None:
    with pytest.raises(bremerhaven.InvalidMoveError, match="has no building 'castle'"):
        format_move(_start(), Build("castle"))
    with pytest.raises(bremerhaven.InvalidMoveError):
        format_move(_start(), "bid sea-1 3")  # type: ignore[arg-type]


# --------------------------------------------------------------------------- BH-NOTATION-2


@pytest.mark.rules("BH-NOTATION-2", "BH-ENGINE-4")
def test_numbers_are_the_moves_fields_counted_from_0() -> None:
    state = _start()
    assert read_move(state, "bollard 3") == PlaceBollard(3)
    assert read_move(state, "clear 11") == ClearCover(11)
    assert read_move(state, "berth 0 passenger") == Berth(0, Good.PASSENGER)
    assert read_move(state, "contract 3") == PlaceContract(3)
    assert read_move(state, "price 0") == ChoosePrice(0)
    for text, expected in (
        ("bollard 4", "a quay wall from 0 to 3, got '4'"),
        ("clear 12", "a space from 0 to 11, got '12'"),
        ("berth 3 barrel", "a dock from 0 to 2, got '3'"),
        ("unload -1", "a dock from 0 to 2, got '-1'"),
        ("contract 4", "a loading dock from 0 to 3, got '4'"),
        ("bid sea-1 0", "an influence value from 1 to 9, got '0'"),
        ("bid sea-1 10", "an influence value from 1 to 9, got '10'"),
        ("produce \u0663", "a space from 0 to 11"),  # an Arabic-Indic 3: ASCII digits only
        ("price 0064", "a place in the Price stack from 0 to 63"),
    ):
        with pytest.raises(MoveParseError, match=re.escape(expected)):
            read_move(state, text)


@pytest.mark.rules("BH-NOTATION-2", "BH-SEA-2")
def test_the_rules_refusals_name_the_dock_by_the_notations_number() -> None:
    """A berth in a taken dock: the refusal says the dock the text said."""
    state = _asking("PendingBerth", lambda s: any(_berthing(s).docks))
    dock = next(d for d, ship in enumerate(_berthing(state).docks) if ship is not None)
    with pytest.raises(bremerhaven.IllegalMoveError, match=f"Dock {dock} is not empty") as caught:
        parse_move(state, f"berth {dock} barrel")
    assert caught.value.rule_id == "BH-SEA-2"


# --------------------------------------------------------------------------- BH-NOTATION-3


@pytest.mark.rules("BH-NOTATION-3")
def test_goods_spaces_and_ranks_by_name_or_a_unique_start() -> None:
    state = _start(4)
    assert read_move(state, "start p") == StartingGood(Good.PASSENGER)
    assert read_move(state, "start Crates") == StartingGood(Good.CRATE)
    assert read_move(state, "start cont") == StartingGood(Good.CONTAINER)
    for text in ("sea-1", "SEA_1", "2.1", "sea 1", "Sea1", "se-a1"):
        assert read_move(state, f"bid {text} 3") == Bid(Space.SEA_1, 3)
    for text, space in (
        ("1.0", Space.PARKING), ("Parking lot", Space.PARKING), ("pa", Space.PARKING),
        ("building", Space.BUILDING), ("Building cards", Space.BUILDING),
        ("Building permit", Space.PERMIT), ("buildingp", Space.PERMIT),
        ("grow influence", Space.GROW), ("Price cards", Space.PRICE), ("c", Space.CAREER),
        ("Career ladder", Space.CAREER), ("3.4", Space.LAND_4), ("land_2", Space.LAND_2),
    ):  # fmt: skip
        assert read_move(state, f"bid {text} 2") == Bid(space, 2), text
    assert read_move(state, "swap Ship's Cook mate") == SwapRanks(2)
    assert read_move(state, "swap cook MATE") == SwapRanks(2)
    assert read_move(state, "swap First Mate captain") == SwapRanks(0)
    assert read_move(state, "swap first mate mate") == SwapRanks(1)
    assert read_move(state, "swap 1 2") == SwapRanks(1)


@pytest.mark.rules("BH-NOTATION-3")
def test_buildings_by_key_name_or_a_unique_start() -> None:
    state = _start()
    assert read_move(state, "build Seamen's Chapel") == Build("seamen-s-chapel")
    assert read_move(state, "build seamens-chapel") == Build("seamen-s-chapel")
    assert read_move(state, "build refin") == Build("refinery")
    assert read_move(state, "build Sailors'Home") == Build("sailors-home")
    assert read_move(state, "build #0") == Build(state.cards.buildings[0].key)
    with pytest.raises(AmbiguousMoveError) as caught:
        read_move(state, "build s")
    assert caught.value.abbreviation == "s"
    assert {"Status Symbol", "Signal Box", "Sailors' Home"} <= set(caught.value.candidates)
    with pytest.raises(MoveParseError, match="expected a building of the card set"):
        read_move(state, "build castle")


@pytest.mark.rules("BH-NOTATION-3")
def test_an_exact_key_wins_over_the_names_it_starts() -> None:
    cards = card_set(
        buildings=[building("dock"), building("dockyard"), *(building(f"b{i}") for i in range(18))]
    )
    state = bremerhaven.new_game(2, seed=1, cards=cards)
    assert read_move(state, "build dock") == Build("dock")
    assert read_move(state, "build docky") == Build("dockyard")
    with pytest.raises(AmbiguousMoveError) as caught:
        read_move(state, "build do")
    assert caught.value.candidates == ("Dock", "Dockyard")


@pytest.mark.rules("BH-NOTATION-3")
def test_an_ambiguous_start_lists_what_it_could_mean() -> None:
    state = _start()
    with pytest.raises(AmbiguousMoveError) as caught:
        read_move(state, "start c")
    assert caught.value.candidates == ("container", "crate")
    assert "'c' could mean container, crate" in str(caught.value)
    with pytest.raises(AmbiguousMoveError) as caught:
        read_move(state, "bid sea 3")
    assert caught.value.candidates == ("sea-1", "sea-2", "sea-3", "sea-4")
    assert isinstance(caught.value, bremerhaven.InvalidMoveError)


@pytest.mark.rules("BH-NOTATION-3", "BH-NOTATION-2", "BH-CAREER-1")
def test_ranks_must_be_adjacent_and_the_rules_refuse_ranks_the_game_lacks() -> None:
    career = _asking("PendingCareer", lambda s: len(s.ranks) == 2)
    assert parse_move(career, "swap captain first-mate") == SwapRanks(0)
    for text, rank in (("swap mate first-mate", 1), ("swap 1 2", 1), ("swap ships-cook mate", 2)):
        assert read_move(career, text) == SwapRanks(rank)
        with pytest.raises(bremerhaven.IllegalMoveError) as caught:
            parse_move(career, text)
        assert caught.value.rule_id == "BH-CAREER-1"
    with pytest.raises(MoveParseError, match="a rank from 0 to 3, got '4'"):
        read_move(career, "swap 3 4")
    with pytest.raises(MoveParseError, match="two adjacent ranks"):
        read_move(career, "swap captain mate")
    with pytest.raises(MoveParseError, match="two adjacent ranks"):
        read_move(career, "swap mate mate")


# --------------------------------------------------------------------------- BH-NOTATION-4


@pytest.mark.rules("BH-NOTATION-4")
def test_reading_is_tolerant_of_case_spacing_and_order() -> None:
    state = _start()
    assert read_move(state, "  BID   Sea-1    3 ") == Bid(Space.SEA_1, 3)
    assert read_move(state, "Deliver crate 2") == Deliver(2, Good.CRATE)
    assert read_move(state, "BERTH barrel 1") == Berth(1, Good.BARREL)
    assert read_move(state, "buy") == BuyPermit()
    assert read_move(state, "Buy Permit") == BuyPermit()
    assert read_move(state, "pay difference") == PayDifference(True)
    assert read_move(state, "DECLINE") == PayDifference(False)
    assert read_move(state, "swap nothing") == SwapRanks(None)
    assert read_move(state, "end perm") == EndPermits()
    assert read_move(state, "end MOVE") == EndMovement()
    assert read_move(state, "Resolve  3") == ResolveContract(3)
    assert read_move(state, "rotate") == read_move(state, "ROTATE Prices") == RotatePrices()
    # What is read is the move legal_moves lists, equal and of the same type.
    assert read_move(state, "pack") == Pack() and type(read_move(state, "unpack")) is Unpack


@pytest.mark.rules("BH-NOTATION-4", "BH-NOTATION-2", "BH-PRICE-1")
def test_a_price_card_by_its_key_is_its_place_now() -> None:
    state = _asking("PendingPrice")
    for index in (0, 3, len(state.prices) - 1):
        key = state.prices[index].key
        assert parse_move(state, f"price {key}") == ChoosePrice(index)
    beyond = len(state.prices)
    assert read_move(state, f"price {beyond}") == ChoosePrice(beyond)
    with pytest.raises(bremerhaven.IllegalMoveError) as caught:
        parse_move(state, f"price {beyond}")
    assert caught.value.rule_id == "BH-PRICE-1"
    with pytest.raises(MoveParseError, match="a place in the Price stack from 0 to 63"):
        read_move(state, "price 64")


@pytest.mark.rules("BH-NOTATION-4", "BH-ENGINE-2")
def test_end_alone_is_the_end_the_decision_offers() -> None:
    for kind, move in (
        ("PendingPermits", EndPermits()),
        ("PendingProduction", EndProduction()),
        ("PendingMovement", EndMovement()),
    ):
        state = _asking(kind)
        assert parse_move(state, "end") == move
        assert parse_move(state, "END") == move
    with pytest.raises(MoveParseError, match="nothing to end now"):
        read_move(_asking("PendingBid"), "end")


@pytest.mark.rules("BH-NOTATION-4")
def test_read_move_does_not_ask_the_rules_and_parse_move_does() -> None:
    state = _start()  # the Captain's first bid
    assert read_move(state, "end movement") == EndMovement()
    with pytest.raises(bremerhaven.IllegalMoveError) as caught:
        parse_move(state, "end movement")
    assert caught.value.rule_id == "BH-ENGINE-1"


# --------------------------------------------------------------------------- BH-NOTATION-5


@pytest.mark.rules("BH-NOTATION-5")
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "expected a move such as 'bid sea-1 3'"),
        ("   ", "expected a move such as"),
        ("fly 3", "unknown verb 'fly'; the verbs are start, bid"),
        ("bid sea-1", "expected 'bid SPACE VALUE'"),
        ("bid moon 3", "expected a bidding space (parking, building"),
        ("start gold", "expected a good (barrel, container, crate, passenger), got 'gold'"),
        ("start", "expected a good"),
        ("pack 2", "'pack' takes nothing after it"),
        ("decline now", "'decline' takes nothing after it"),
        ("unload", "expected 'unload DOCK'"),
        ("unload 0 1", "expected 'unload DOCK'"),
        ("deliver 2", "expected 'deliver LOADING-DOCK GOOD'"),
        ("deliver 2 3", "expected a good"),
        ("swap", "expected 'swap none' or two ranks"),
        ("swap captain", "expected 'swap none' or two ranks"),
        ("buy ship", "expected 'buy permit'"),
        ("pay later", "expected 'pay' (pay the difference) or 'decline'"),
        ("end game", "expected what to end (permits, production, movement)"),
        ("build", "expected 'build BUILDING'"),
        ("resolve", "expected 'resolve LOADING-DOCK'"),
        ("resolve 4", "expected a loading dock from 0 to 3, got '4'"),
        ("rotate crates", "expected 'rotate prices'"),
        ("x" * 1001, "expected at most 1000 characters"),
        ("bid\tsea-1 3", "control or bidirectional formatting character, U+0009"),
        ("bid sea-1 3\u202e", "U+202E at character 12"),
        ("bid sea-1 3\x1b[2J", "U+001B"),
    ],
)
def test_text_that_is_not_a_move_is_refused_saying_what_was_expected(
    text: str, expected: str
) -> None:
    state = _start()
    for read in (read_move, parse_move):
        with pytest.raises(MoveParseError) as caught:
            read(state, text)
        assert expected in str(caught.value)
        assert isinstance(caught.value, bremerhaven.InvalidMoveError)
        assert caught.value.text == (text if len(text) <= 1000 else text[:40] + "...")
        assert str(caught.value).startswith("cannot read ")


@pytest.mark.rules("BH-NOTATION-5", "BH-BID-2")
def test_a_move_the_rules_forbid_is_refused_naming_the_rule() -> None:
    state = _start()
    with pytest.raises(bremerhaven.IllegalMoveError) as caught:
        parse_move(state, "bid sea-1 9")  # the hand is 1 to 5
    assert caught.value.rule_id == "BH-BID-2"
    assert read_move(state, "bid sea-1 9") == Bid(Space.SEA_1, 9)


@pytest.mark.rules("BH-NOTATION-5", "BH-INPUT-1")
def test_values_that_are_not_text_or_not_a_state_are_refused() -> None:
    state = _start()
    for value in (None, 3, b"bid sea-1 3", ["bid", "sea-1", "3"]):
        with pytest.raises(MoveParseError, match="expected text"):
            parse_move(state, value)  # type: ignore[arg-type]
    for function in (parse_move, read_move):
        with pytest.raises(bremerhaven.InvalidValueError, match="GameState"):
            function({"stack": []}, "pack")  # type: ignore[arg-type]
    with pytest.raises(bremerhaven.InvalidValueError, match="GameState"):
        format_move(None, Pack())  # type: ignore[arg-type]


# --------------------------------------------------------------------------- BH-NOTATION-6


def _money(text: str) -> int:
    found = re.search(r"(\d+) money", text)
    assert found, text
    return int(found.group(1))


def _paid(before: GameState, move: Move) -> int:
    """The money the move itself pays, by its first payment event (0 without one)."""
    seat = before.stack[-1].seat  # type: ignore[union-attr]
    for event in bremerhaven.apply_move_with_events(before, move)[1]:
        if isinstance(event, MoneyPaid) and event.seat == seat:
            return event.money
    return 0


@pytest.mark.rules("BH-NOTATION-6", "BH-PERMIT-1", "BH-PERMIT-4", "BH-PERMIT-5")
def test_a_permit_bollard_or_cover_says_what_it_costs() -> None:
    seen: set[type] = set()
    for state in _positions()["PendingPermits"]:
        for move in bremerhaven.legal_moves(state):
            if isinstance(move, BuyPermit | PlaceBollard | ClearCover):
                said = describe_move(state, move)
                assert _money(said) == _paid(state, move), said
                seen.add(type(move))
    assert seen == {BuyPermit, PlaceBollard, ClearCover}


@pytest.mark.rules("BH-NOTATION-6", "BH-GROW-1")
def test_paying_the_difference_says_the_cost_and_the_card_taken() -> None:
    state = _asking("PendingGrow", lambda s: PayDifference(True) in bremerhaven.legal_moves(s))
    said = describe_move(state, PayDifference(True))
    seat = state.stack[-1].seat  # type: ignore[union-attr]
    after = bremerhaven.apply_move(state, PayDifference(True))
    assert _money(said) == _paid(state, PayDifference(True))
    taken = next(c for c in set(after.players[seat].hand) if c not in state.players[seat].hand)
    assert f"take the {taken} from your supply" in said
    assert describe_move(state, PayDifference(False)) == "Do not pay the difference"


@pytest.mark.rules("BH-NOTATION-6", "BH-PRICE-1", "BH-CAREER-1")
def test_a_price_card_or_a_rank_swap_says_what_it_does() -> None:
    state = _asking("PendingPrice")
    for move in bremerhaven.legal_moves(state)[:5]:
        assert isinstance(move, ChoosePrice)
        top = bremerhaven.apply_move(state, move).prices[0]
        said = describe_move(state, move)
        assert top.key not in said  # a Price card by its prices, never its key
        assert all(f"{g.key} {top.price(g)}" in said for g in Good)
    assert describe_move(state, ChoosePrice(0)).startswith("Keep the Price card")
    career = _asking("PendingCareer", lambda s: SwapRanks(0) in bremerhaven.legal_moves(s))
    said = describe_move(career, SwapRanks(0))
    first, second = career.ranks[:2]
    assert said == f"Swap the Captain (Player {first + 1}) and the First Mate (Player {second + 1})"


@pytest.mark.rules("BH-NOTATION-6", "BH-SEA-2", "BH-LAND-2")
def test_a_berth_or_a_contract_names_its_card() -> None:
    berth = _asking("PendingBerth")
    asked = berth.stack[-1]
    assert isinstance(asked, PendingBerth)
    card = asked.card
    for move in bremerhaven.legal_moves(berth):
        assert isinstance(move, Berth)
        said = describe_move(berth, move)
        assert said.startswith(f"Berth the {card.name} (") and f"in dock {move.dock}" in said
        assert f"lay time {card.lay_time}" in said
    land = _asking("PendingContract")
    placing = land.stack[-1]
    assert isinstance(placing, PendingContract)
    contract = placing.card
    move = bremerhaven.legal_moves(land)[0]
    assert describe_move(land, move).startswith(f"Place the contract {contract.name} (")


@pytest.mark.rules("BH-NOTATION-6", "BH-BID-2")
def test_a_bid_names_the_space_and_what_is_on_it() -> None:
    state = _start()
    ship = state.sea[0]
    assert ship is not None
    said = describe_move(state, Bid(Space.SEA_1, 3))
    assert said.startswith(f"Bid 3 on 2.1, the {ship.name} (")
    assert describe_move(state, Bid(Space.PARKING, 2)) == "Bid 2 on 1.0, Parking lot"
    # A raise says what the bidder's cards there come to.
    later = _asking(
        "PendingBid",
        lambda s: any(b.seat == s.stack[-1].seat for b in s.bids),  # type: ignore[union-attr]
    )
    seat = later.stack[-1].seat  # type: ignore[union-attr]
    mine = next(b for b in later.bids if b.seat == seat)
    value = later.players[seat].hand[0]
    already = sum(b.value for b in later.bids if b.seat == seat and b.space is mine.space)
    said = describe_move(later, Bid(mine.space, value))
    assert said.endswith(f"your cards there come to {already + value}")


@pytest.mark.rules("BH-NOTATION-6")
def test_a_move_not_legal_now_is_its_words_and_the_reason() -> None:
    state = _start()
    refusal = bremerhaven.explain(state, Bid(Space.SEA_1, 9))
    assert refusal is not None
    assert describe_move(state, Bid(Space.SEA_1, 9)) == (
        f"Bid 9 on 2.1 (not legal now: {refusal.reason})"
    )
    assert describe_move(state, Unload(2)).startswith("Unload a good from the ship in dock 2 (")


@pytest.mark.rules("BH-NOTATION-6")
def test_every_move_in_words_without_a_position() -> None:
    expected = {
        "start crate": "Take a crate as a starting good",
        "bid sea-1 3": "Bid 3 on 2.1",
        "buy permit": "Buy a building permit",
        "build refinery": "Spend a permit building refinery",
        "price 0": "Keep the top Price card",
        "price 3": "Put the Price card at place 3 of the stack on top",
        "swap captain first-mate": "Swap the Captain and the First Mate",
        "swap none": "Swap no ranks",
        "deliver 2 crate": "Deliver a crate to loading dock 2",
        "berth 1 barrel": "Berth the ship in dock 1 with barrels",
        "pay": "Pay the difference and grow influence",
        "resolve 1": "Resolve the due contract in loading dock 1 next",
        "rotate prices": (
            "Let the prices change by themselves: the top Price card goes to the bottom"
        ),
    }
    state = _start()
    for move, text in [*CANONICAL, (ChoosePrice(0), "price 0")]:
        words = move_text(move)
        assert words[:1].isupper() and not words.endswith(".")
        if text in expected:
            assert words == expected[text]
    assert len({move_text(m) for m, _ in CANONICAL}) == len(CANONICAL)
    with pytest.raises(bremerhaven.InvalidMoveError):
        move_text("pack")  # type: ignore[arg-type]
    assert format_move(state, Pack()) == "pack"
