"""Move notation (NOTE-1 to NOTE-5): canonical texts, reading, names, errors, labels."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

import harbour
from harbour import (
    AmbiguousMoveError,
    CardSite,
    Good,
    Goods,
    IllegalMoveError,
    InvalidMoveError,
    MoveParseError,
)
from harbour.cards.original import ORIGINAL_SET
from harbour.interchange.notation import describe_move, format_move, parse_move, read_move
from harbour.positions import replace
from harbour.state import BoardSite, PendingToll
from meeplekit.rng import SplitMix64
from tests.support.harbour import card, position

F, L, W, S = Good.FISH, Good.LIVESTOCK, Good.WOOD, Good.STONE
SPEC = Path(__file__).resolve().parents[3] / "docs" / "spec" / "notation.md"


def table(players: int = 3) -> harbour.GameState:
    """A game in play: player 1 to move, with characters and the Inland Traders."""
    state = harbour.new_game(
        players, seed=4, options=harbour.RulesOptions(characters=True, inland_traders=True)
    )
    while state.in_setup:
        state = harbour.apply_move(state, harbour.legal_moves(state)[0])
    return state


@pytest.mark.rules("NOTE-1")
def test_every_example_of_the_spec_reads_and_writes_back() -> None:
    text = SPEC.read_text(encoding="utf-8")
    block = text.split("Examples, in the original card set:\n\n```text\n")[1].split("```")[0]
    examples = block.strip().splitlines()
    assert len(examples) >= 15
    state = table()
    verbs = set()
    for example in examples:
        move = read_move(state, example)
        assert format_move(state, move) == example
        verbs.add(type(move))
    assert verbs == set(harbour.moves.MOVE_TYPES)


@pytest.mark.rules("NOTE-1")
@pytest.mark.parametrize(
    ("move", "text"),
    [
        (harbour.ChooseStartingGoods(Goods(fish=2, stone=1)), "start 2F S"),
        (harbour.MovePawn(CardSite(card("kiln-works"))), "go Kiln Works"),
        (harbour.MovePawn(BoardSite(1)), "go board 2"),
        (harbour.PayToll(W), "toll W"),
        (harbour.DeferToll(), "toll later"),
        (harbour.ChooseOption(0), "option 1"),
        (harbour.ChoosePart(1), "part 2"),
        (harbour.TakeGoods(Goods()), "take nothing"),
        (harbour.ExchangeGoods(S, (W, F)), "exchange S for F W"),
        (harbour.SwapSquares(1, 3), "swap $3 $5"),
        (harbour.Ship((S, F), keep=Goods(stone=2)), "ship F S keep 2S"),
        (harbour.Ship(()), "ship nothing"),
        (harbour.SellToTraders(), "traders"),
        (harbour.UseAbility(Goods(), F, L), "ability F to L"),
        (harbour.Purchase((card("dry-dock"), card("admiralty"))), "buy Admiralty + Dry Dock"),
        (harbour.Purchase(()), "buy nothing"),
    ],
)
def test_canonical_texts(move: harbour.Move, text: str) -> None:
    state = table()
    assert format_move(state, move) == text
    assert read_move(state, text) == move


@pytest.mark.rules("NOTE-1", "NOTE-2")
def test_reading_tolerates_case_and_spaces() -> None:
    state = table()
    goods = harbour.ChooseStartingGoods(Goods(fish=2, stone=1))
    for text in ("start 2F S", "START 2f s", "  start   2FS ", "start 2F 1S", "start S 2F"):
        assert read_move(state, text) == goods
    assert read_move(state, "GO   kiln   works") == harbour.MovePawn(CardSite(card("kiln-works")))
    assert read_move(state, "Swap 4 2") == harbour.SwapSquares(0, 2)
    assert read_move(state, "ship fl KEEP f") == harbour.Ship((F, L), keep=Goods(fish=1))


@pytest.mark.rules("NOTE-2")
@pytest.mark.parametrize(
    "text",
    ["start 2X", "start F F", "start 0F", "start 7F", "take 2", "toll FL", "ship 2F", "swap $2 $2"],
)
def test_bad_goods_are_refused(text: str) -> None:
    with pytest.raises(MoveParseError):
        read_move(table(), text)


@pytest.mark.rules("NOTE-3")
def test_names_may_be_abbreviated_when_only_one_fits() -> None:
    state = table()
    kiln = harbour.MovePawn(CardSite(card("kiln-works")))
    assert read_move(state, "go Ki") == kiln
    assert read_move(state, "go stonecutters yard") == harbour.MovePawn(
        CardSite(card("stonecutters-yard"))
    )
    assert read_move(state, f"go #{card('kiln-works')}") == kiln
    assert read_move(state, "buy adm + dry") == harbour.Purchase(
        (card("admiralty"), card("dry-dock"))
    )
    with pytest.raises(AmbiguousMoveError) as caught:
        read_move(state, "go Harbour")
    assert set(caught.value.candidates) == {"Harbour Crier", "Harbourmaster's House"}
    assert isinstance(caught.value, InvalidMoveError)
    assert read_move(state, "go harbourm") == harbour.MovePawn(
        CardSite(card("harbourmasters-house"))
    )


@pytest.mark.rules("NOTE-3")
def test_an_exact_name_wins_over_longer_names_it_starts() -> None:
    cards = attrs.evolve(
        ORIGINAL_SET,
        buildings=(
            attrs.evolve(ORIGINAL_SET.buildings[0], name="Dock"),
            attrs.evolve(ORIGINAL_SET.buildings[1], name="Dockyard"),
            *ORIGINAL_SET.buildings[2:],
        ),
    )
    state = harbour.new_game(2, seed=1, cards=cards)
    assert read_move(state, "go dock") == harbour.MovePawn(CardSite(0))
    assert read_move(state, "go docky") == harbour.MovePawn(CardSite(1))


@pytest.mark.rules("NOTE-3")
def test_names_that_cannot_be_written_are_written_by_index() -> None:
    odd = ["Twin", "Twin", "Semi;colon", "{Brace}", "A + B", "7 Seas", "nothing", "Board 2"]
    buildings = (
        tuple(
            attrs.evolve(b, name=name) for b, name in zip(ORIGINAL_SET.buildings, odd, strict=False)
        )
        + ORIGINAL_SET.buildings[len(odd) :]
    )
    state = harbour.new_game(2, seed=1, cards=attrs.evolve(ORIGINAL_SET, buildings=buildings))
    for index in range(len(odd)):
        move = harbour.MovePawn(CardSite(index))
        text = format_move(state, move)
        assert text == f"go #{index}"
        assert read_move(state, text) == move
    assert format_move(state, harbour.MovePawn(CardSite(len(odd)))).startswith("go ")
    for text in ("go #99", "go #x", "go Nowhere", "go", "character Nobody"):
        with pytest.raises(MoveParseError):
            read_move(state, text)


@pytest.mark.rules("NOTE-1")
def test_canonical_texts_never_hold_record_punctuation() -> None:
    state = table(4)
    for _ in range(60):
        for move in harbour.legal_moves(state):
            assert not re.search(r"[;{}\n]", format_move(state, move))
        state = harbour.apply_move(state, harbour.legal_moves(state)[-1])


@pytest.mark.rules("NOTE-4")
def test_parse_move_refuses_illegal_moves_naming_the_rule() -> None:
    state = table()
    with pytest.raises(IllegalMoveError) as caught:
        parse_move(state, "toll F")
    assert caught.value.rule_id == "TURN-6"
    deck = state.deck[0]
    with pytest.raises(IllegalMoveError) as caught:
        parse_move(state, f"go {state.cards.buildings[deck].name}")
    assert caught.value.rule_id == "TURN-3"
    assert state.cards.buildings[deck].name in caught.value.reason


@pytest.mark.rules("NOTE-4")
@pytest.mark.parametrize(
    "text", ["", "   ", "fly away", "go board 9", "option 0", "part x", "traders now", "ability"]
)
def test_text_that_is_no_move_is_refused(text: str) -> None:
    with pytest.raises(MoveParseError):
        parse_move(table(), text)


@pytest.mark.rules("NOTE-4")
def test_refusals_name_buildings_by_name() -> None:
    state = position(goods=[Goods(fish=1), Goods()], display=["net-loft"], deck=["smokehouse"])
    with pytest.raises(IllegalMoveError, match="The Smokehouse is not a building in play"):
        harbour.apply_move(state, harbour.MovePawn(CardSite(card("smokehouse"))))


@pytest.mark.rules("NOTE-5")
def test_long_labels_name_buildings_and_parts() -> None:
    state = table()
    assert describe_move(state, harbour.Purchase((card("admiralty"),))) == (
        "Buy the Admiralty ($13, 9 VP)"
    )
    assert describe_move(state, harbour.MovePawn(CardSite(card("kiln-works")))) == (
        "Move to the Kiln Works (spend 2 wood to gain 3 stone)"
    )
    assert describe_move(state, harbour.DeferToll()) == "Pay the toll after the action"
    assert describe_move(state, harbour.Ship(())) == "Ship nothing"
    tolled = replace(state, stack=(*state.stack, PendingToll(1)))
    assert describe_move(tolled, harbour.PayToll(F)) == "Pay the toll with 1 fish"
    for move in harbour.legal_moves(state):
        assert describe_move(state, move)


def test_format_move_refuses_what_is_not_a_move_of_the_game() -> None:
    state = table()
    with pytest.raises(InvalidMoveError):
        format_move(state, harbour.MovePawn(CardSite(999)))
    with pytest.raises(InvalidMoveError):
        format_move(state, "go")  # type: ignore[arg-type]
    with pytest.raises(MoveParseError):
        read_move(state, 42)  # type: ignore[arg-type]


@pytest.mark.rules("NOTE-3")
def test_a_starting_building_may_be_named_by_its_board() -> None:
    state = position(
        goods=[Goods(fish=1), Goods(), Goods()],
        display=["net-loft"],
        boards=["cooper", "tide-reader", None],
    )
    assert read_move(state, "go tide reader") == harbour.MovePawn(BoardSite(1))
    assert read_move(state, "go Tide") == harbour.MovePawn(BoardSite(1))
    assert read_move(state, "go quayside office") == harbour.MovePawn(BoardSite(2))
    assert format_move(state, harbour.MovePawn(BoardSite(1))) == "go board 2"
    assert read_move(state, "go Coo") == harbour.MovePawn(BoardSite(0))  # no building fits
    assert read_move(state, "go #0") == harbour.MovePawn(CardSite(0))  # #index: a building
    tinker = position(goods=[Goods(), Goods()], display=["net-loft"], boards=[None, "tinker"])
    # Buildings come first: "ti" starts the Timber Wharf and the Tinker.
    assert read_move(tinker, "go ti") == harbour.MovePawn(CardSite(card("timber-wharf")))
    assert read_move(tinker, "go tin") == harbour.MovePawn(BoardSite(1))
    generic = position(goods=[Goods(fish=1), Goods()], display=["net-loft"])
    with pytest.raises(AmbiguousMoveError) as caught:
        read_move(generic, "go Quayside")
    assert caught.value.candidates == (
        "board 1 (Player 1's Quayside Office)",
        "board 2 (Player 2's Quayside Office)",
    )


@pytest.mark.rules("NOTE-1")
def test_market_squares_may_be_written_without_dollars_or_spaces() -> None:
    state = table()
    for text in ("swap $2 $4", "swap 2 4", "swap $2$4", "SWAP $4 2", "swap  2   $4"):
        assert read_move(state, text) == harbour.SwapSquares(0, 2)
    for text in ("swap 24", "swap $2", "swap $1 $2", "swap $2 $4 $5"):
        with pytest.raises(MoveParseError):
            read_move(state, text)


@pytest.mark.rules("NOTE-3")
def test_unprintable_and_seat_like_names_are_written_by_index() -> None:
    # Control characters never get this far (INPUT-4); other unprintable ones may.
    odd = [
        "Board2",
        "Line\u200bBreak",
        "Soft\u00adHyphen",
        "Non\u00a0Break",
        "Word\u2060Join",
        "Plain Name",
    ]
    buildings = (
        tuple(
            attrs.evolve(b, name=name) for b, name in zip(ORIGINAL_SET.buildings, odd, strict=False)
        )
        + ORIGINAL_SET.buildings[len(odd) :]
    )
    state = harbour.new_game(2, seed=1, cards=attrs.evolve(ORIGINAL_SET, buildings=buildings))
    texts = [format_move(state, harbour.MovePawn(CardSite(i))) for i in range(len(odd))]
    assert texts == ["go #0", "go #1", "go #2", "go #3", "go #4", "go Plain Name"]
    assert read_move(state, "go board2") == harbour.MovePawn(BoardSite(1))  # the seat, always
    assert read_move(state, "go line") == harbour.MovePawn(CardSite(1))  # still abbreviable


@pytest.mark.rules("NOTE-3", "NOTE-4")
def test_ambiguous_names_written_by_index_are_listed_with_it() -> None:
    buildings = (
        attrs.evolve(ORIGINAL_SET.buildings[0], name="Twin"),
        attrs.evolve(ORIGINAL_SET.buildings[1], name="Twin"),
        *ORIGINAL_SET.buildings[2:],
    )
    state = harbour.new_game(2, seed=1, cards=attrs.evolve(ORIGINAL_SET, buildings=buildings))
    with pytest.raises(AmbiguousMoveError) as caught:
        read_move(state, "go twin")
    assert caught.value.candidates == ("'Twin' (#0)", "'Twin' (#1)")
    assert str(caught.value) == (
        "cannot read 'go twin' as a move: 'twin' could mean 'Twin' (#0), 'Twin' (#1)"
    )


@pytest.mark.rules("NOTE-4", "CHAR-2", "ABIL-8", "ACT-8")
def test_setup_and_option_refusals_name_what_may_be_chosen() -> None:
    state = harbour.new_game(2, seed=2, options=harbour.RulesOptions(characters=True))
    with pytest.raises(IllegalMoveError) as caught:
        parse_move(state, "character Cooper")
    assert (caught.value.rule_id, caught.value.reason) == (
        "CHAR-2",
        "Keep one of the boards offered: the Tinker or the Heiress.",
    )
    state = parse_move_and_apply(state, "character heiress")
    with pytest.raises(IllegalMoveError) as caught:
        parse_move(state, "free Net Loft")
    assert caught.value.reason == (
        "Take one of the top deck buildings: the Admiralty, the Smokehouse or the Broker's Office."
    )
    assert parse_move(state, "free adm") == harbour.ChooseFreeBuilding(card("admiralty"))
    either = position(goods=[Goods(), Goods()], display=["net-loft"])
    either = parse_move_and_apply(either, "go board 1")  # the Quayside Office: one of two
    assert parse_move(either, "option 2") == harbour.ChooseOption(1)
    with pytest.raises(IllegalMoveError) as caught:
        parse_move(either, "option 3")
    assert (caught.value.rule_id, caught.value.reason) == (
        "ACT-8",
        "This action has only 2 options.",
    )


def parse_move_and_apply(state: harbour.GameState, text: str) -> harbour.GameState:
    return harbour.apply_move(state, parse_move(state, text))


@pytest.mark.rules("NOTE-5", "TOLL-1", "TOLL-4")
def test_a_pawn_move_label_says_whose_building_and_the_toll() -> None:
    state = position(
        goods=[Goods(fish=1), Goods(wood=2)],
        display=["net-loft"],
        owned=[["kiln-works"], ["smokehouse", "timber-wharf"]],
        boards=[None, "tide-reader"],
    )
    labels = {format_move(state, m): describe_move(state, m) for m in harbour.legal_moves(state)}
    assert labels["go Net Loft"].startswith("Move to the Net Loft (gain")
    assert labels["go Smokehouse"].startswith("Move to the Smokehouse (Player 2's, toll 1 good; ")
    assert labels["go Kiln Works"].startswith("Move to the Kiln Works (yours; ")
    assert labels["go board 1"].startswith("Move to Player 1's Quayside Office (")
    assert labels["go board 2"].startswith(
        "Move to Player 2's starting building (the Tide Reader) (toll 1 good; "
    )
    hatted = position(
        goods=[Goods(fish=1), Goods()],
        display=["net-loft"],
        owned=[["admiralty"], ["smokehouse"]],
    )
    smokehouse = harbour.MovePawn(CardSite(card("smokehouse")))
    assert describe_move(hatted, smokehouse).startswith(
        "Move to the Smokehouse (Player 2's, no toll; "
    )


def _moves_of_games() -> list[tuple[harbour.GameState, harbour.Move]]:
    """Every legal move of a few random games with every optional rule, with its state."""
    found: list[tuple[harbour.GameState, harbour.Move]] = []
    every = harbour.RulesOptions(characters=True, bonus_cards=True, inland_traders=True)
    for seed in range(4):
        state = harbour.new_game(3, seed=seed, options=every)
        rng = SplitMix64(seed)
        while not state.is_over:
            moves = harbour.legal_moves(state)
            found += [(state, move) for move in moves]
            state = harbour.apply_move(state, rng.choice(moves))
    return found


@pytest.mark.rules("NOTE-5")
def test_str_of_a_move_says_what_it_does_and_agrees_with_the_long_form() -> None:
    kinds: set[type] = set()
    for state, move in _moves_of_games():
        text = str(move)
        assert text == harbour.interchange.notation.move_text(move)
        assert text and "\n" not in text and text != repr(move) and "(" not in text
        long = describe_move(state, move)
        if isinstance(
            move,
            harbour.ChooseStartingGoods
            | harbour.PayToll
            | harbour.DeferToll
            | harbour.TakeGoods
            | harbour.ExchangeGoods
            | harbour.Ship
            | harbour.UseAbility,
        ):
            assert long == text  # one sentence for the moves that name no card
        else:
            assert long.split(" ")[0] == text.split(" ")[0]  # the same verb
        kinds.add(type(move))
    assert len(kinds) >= 12


@pytest.mark.rules("NOTE-5")
def test_str_names_buildings_boards_and_seats_by_number() -> None:
    assert str(harbour.MovePawn(CardSite(3))) == "Move to building 3"
    assert str(harbour.MovePawn(BoardSite(1))) == "Move to Player 2's starting building"
    assert str(harbour.Purchase((7, 2))) == "Buy buildings 2 and 7"
    assert str(harbour.Purchase((4,))) == "Buy building 4"
    assert str(harbour.Purchase(())) == "Buy nothing"
    assert str(harbour.ChooseCharacter(2)) == "Keep character board 2"
    assert str(harbour.SwapSquares(0, 3)) == "Swap the goods on the $2 and $5 squares"
    assert str(harbour.SellToTraders()) == "Sell one of each good to the Inland Traders"
    assert str(harbour.ChoosePart(1)) == "Do part 2 first"


@pytest.mark.rules("VIEW-1")
def test_str_of_a_state_is_the_referees_text_view() -> None:
    options = harbour.RulesOptions(bonus_cards=True)
    state = harbour.new_game(2, seed=8, options=options)
    assert str(state) == harbour.render(state)
    assert str(state).startswith("Harbour, 2 players")
    assert repr(state).startswith("<GameState")
