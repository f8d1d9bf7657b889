"""Move notation (MK-NOTE-1 to MK-NOTE-5): canonical texts, tolerant reading, errors, labels."""

from __future__ import annotations

from pathlib import Path

import pytest

import machikoro
import meeplekit.errors
from machikoro import (
    Activate,
    AddTwo,
    BuildEstablishment,
    BuildLandmark,
    BuildNothing,
    ChooseOpponent,
    Dice,
    Draw,
    KeepRoll,
    Move,
    NoTrade,
    RollDice,
    RulesOptions,
    Trade,
)
from machikoro.errors import AmbiguousMoveError, MoveParseError
from machikoro.interchange.notation import (
    describe_move,
    format_move,
    move_text,
    parse_move,
    read_move,
)
from machikoro.state import PendingDraw, PendingTunaRoll
from tests.support.machikoro import E, L, at_roll, play, roll

SPEC = Path(__file__).resolve().parents[3] / "src" / "machikoro" / "spec" / "notation.md"

#: Every kind of move, with its canonical text (seats from 1).
CANONICAL: list[tuple[Move, str]] = [
    (RollDice(1), "roll 1"),
    (RollDice(2), "roll 2"),
    (KeepRoll(), "keep"),
    (AddTwo(True), "add2"),
    (AddTwo(False), "add0"),
    (Dice((4,)), "dice 4"),
    (Dice((3, 5)), "dice 3 5"),
    (Draw(E.TUNA_BOAT), "draw tuna-boat"),
    (Activate(E.TV_STATION), "activate tv-station"),
    (ChooseOpponent(1), "target 2"),
    (Trade(E.CAFE, 1, E.RANCH), "trade cafe with 2 for ranch"),
    (NoTrade(), "trade nothing"),
    (BuildEstablishment(E.FRUIT_AND_VEGETABLE_MARKET), "build fruit-and-vegetable-market"),
    (BuildLandmark(L.TRAIN_STATION), "landmark train-station"),
    (BuildNothing(), "nothing"),
]


def _start(players: int = 2, **options: object) -> machikoro.GameState:
    return machikoro.new_game(players, seed=3, options=RulesOptions(**options))  # type: ignore[arg-type]


def _spec_examples() -> list[str]:
    text = SPEC.read_text(encoding="utf-8")
    block = text.split("Examples:\n\n```text\n")[1].split("```")[0]
    return block.splitlines()


@pytest.mark.rules("MK-NOTE-1")
def test_every_kind_of_move_has_one_canonical_text() -> None:
    state = _start()
    assert {type(m) for m, _ in CANONICAL} == set(machikoro.moves.MOVE_TYPES)
    for move, text in CANONICAL:
        assert format_move(state, move) == text
        assert read_move(state, text) == move
        assert ";" not in text and "{" not in text and "}" not in text


@pytest.mark.rules("MK-NOTE-1")
def test_the_spec_examples_are_the_canonical_texts() -> None:
    state = _start(3)
    examples = _spec_examples()
    assert examples == [text for _, text in CANONICAL]
    for text in examples:
        assert format_move(state, read_move(state, text)) == text


@pytest.mark.rules("MK-NOTE-1")
def test_reading_is_tolerant_of_case_spaces_and_order() -> None:
    state = _start()
    assert read_move(state, "  ROLL   1 ") == RollDice(1)
    assert read_move(state, "add 2") == AddTwo(True)
    assert read_move(state, "ADD0") == AddTwo(False)
    assert read_move(state, "Dice 5 3") == Dice((3, 5))
    assert read_move(state, "BUILD Wheat Field") == BuildEstablishment(E.WHEAT_FIELD)
    assert read_move(state, "Trade Cafe WITH 2 for  Ranch") == Trade(E.CAFE, 1, E.RANCH)
    assert read_move(state, "trade  Nothing") == NoTrade()
    assert read_move(state, "Landmark Train Station") == BuildLandmark(L.TRAIN_STATION)
    # What is read is the engine's shared move, as legal_moves lists it.
    assert read_move(state, "roll 1") is machikoro.legal_moves(state)[0]


@pytest.mark.rules("MK-NOTE-1")
def test_no_two_legal_moves_share_a_text_and_each_parses_back() -> None:
    cities = [{E.BUSINESS_CENTER: 1, E.WHEAT_FIELD: 1, E.CAFE: 2, E.RANCH: 1},
              {E.TUNA_BOAT: 1, E.WHEAT_FIELD: 1, E.BAKERY: 1}, {E.FOREST: 1, E.CAFE: 1}]  # fmt: skip
    state = roll(at_roll(coins=[3, 0, 2], cities=cities), 6)
    legal = machikoro.legal_moves(state)
    assert len(legal) > 10
    texts = [format_move(state, m) for m in legal]
    assert len(set(texts)) == len(texts)
    assert "trade cafe with 3 for forest" in texts
    assert all(parse_move(state, t) == m for t, m in zip(texts, legal, strict=True))


@pytest.mark.rules("MK-NOTE-2")
def test_cards_are_named_by_key_name_or_a_unique_start() -> None:
    state = _start()
    for text in ("tv-station", "TV Station", "tvstation", "tv_station", "T.V. station", "tv"):
        assert read_move(state, f"build {text}") == BuildEstablishment(E.TV_STATION)
    assert read_move(state, "build Café") == BuildEstablishment(E.CAFE)
    assert read_move(state, "build whe") == BuildEstablishment(E.WHEAT_FIELD)
    assert read_move(state, "draw fruit and") == Draw(E.FRUIT_AND_VEGETABLE_MARKET)
    assert read_move(state, "landmark har") == BuildLandmark(L.HARBOR)
    assert read_move(state, "landmark radio") == BuildLandmark(L.RADIO_TOWER)
    # A whole name wins over the longer names it starts: none here, so a start is checked
    # against every card of the game's editions.
    with pytest.raises(AmbiguousMoveError) as caught:
        read_move(state, "build t")
    assert caught.value.candidates == ("TV Station", "Tax Office", "Tuna Boat")
    assert caught.value.abbreviation == "t"


@pytest.mark.rules("MK-NOTE-2")
def test_a_start_fits_only_the_cards_of_the_editions_in_play() -> None:
    base = _start(expansion=False)
    assert read_move(base, "build t") == BuildEstablishment(E.TV_STATION)
    with pytest.raises(AmbiguousMoveError) as caught:
        read_move(base, "build f")
    assert caught.value.candidates == (
        "Forest",
        "Furniture Factory",
        "Family Restaurant",
        "Fruit and Vegetable Market",
    )
    # A whole name is read in any game; the rules then refuse the card.
    assert read_move(base, "build tuna boat") == BuildEstablishment(E.TUNA_BOAT)
    with pytest.raises(machikoro.IllegalMoveError):
        parse_move(base, "build tuna boat")
    with pytest.raises(MoveParseError, match="no landmark is called 'air'"):
        read_move(base, "landmark air")
    assert read_move(base, "landmark airport") == BuildLandmark(L.AIRPORT)


@pytest.mark.rules("MK-NOTE-3")
def test_seats_count_from_1_and_must_be_the_game_s() -> None:
    state = roll(at_roll(coins=[0, 7, 3], cities=[{E.TV_STATION: 1}, {}, {}]), 6)
    assert parse_move(state, "target 3") == ChooseOpponent(2)
    assert format_move(state, ChooseOpponent(2)) == "target 3"
    with pytest.raises(MoveParseError, match="there is no player 4: seats are 1 to 3"):
        parse_move(state, "target 4")
    with pytest.raises(MoveParseError, match="there is no player 0"):
        parse_move(state, "target 0")
    with pytest.raises(machikoro.IllegalMoveError) as caught:
        parse_move(state, "target 1")  # yourself
    assert caught.value.rule_id == "MK-CARD-11"
    with pytest.raises(machikoro.InvalidMoveError):
        format_move(state, ChooseOpponent(4))  # no such seat in a 3-player game


@pytest.mark.rules("MK-NOTE-3")
def test_dice_list_the_faces_the_rules_count_them() -> None:
    state = play(at_roll(coins=[0, 0], landmarks=[[L.TRAIN_STATION], []]), RollDice(2))
    assert parse_move(state, "dice 6 1") == Dice((1, 6))
    with pytest.raises(machikoro.IllegalMoveError) as caught:
        parse_move(state, "dice 4")
    assert caught.value.rule_id == "MK-CHANCE-2"
    for bad in ("dice", "dice 7", "dice 0", "dice 1 2 3", "dice 3,4", "dice x"):
        with pytest.raises(MoveParseError, match="dice faces"):
            parse_move(state, bad)
    # The Tuna Boat's roll is written with dice too.
    options = RulesOptions(market="all-piles", tuna_roll="always")
    tuna = at_roll(coins=[0, 0], cities=[{E.TUNA_BOAT: 1}, {}], options=options,
                   landmarks=[[L.TRAIN_STATION, L.HARBOR], []])  # fmt: skip
    tuna = play(roll(tuna, 6, 6), AddTwo(False))
    assert isinstance(tuna.pending, PendingTunaRoll)
    assert parse_move(tuna, "dice 2 5") == Dice((2, 5))
    assert (
        describe_move(tuna, Dice((2, 5)))
        == "The Tuna Boat's dice show 2 and 5 (total 7; chance 1/18)"
    )


@pytest.mark.rules("MK-NOTE-4")
@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "expected a move such as"),
        ("   ", "expected a move such as"),
        ("fly", "unknown verb 'fly'"),
        ("roll 3", "expected 'roll 1' or 'roll 2'"),
        ("roll", "expected 'roll 1' or 'roll 2'"),
        ("keep it", "'keep' takes nothing after it"),
        ("nothing more", "'nothing' takes nothing after it"),
        ("add 3", "expected 'add2'"),
        ("build", "expected the name of an establishment"),
        ("build castle", "no establishment is called 'castle'"),
        ("landmark bakery", "no landmark is called 'bakery'"),
        ("target two", "expected a player's seat from 1 to 2"),
        ("trade cafe for ranch", "expected 'trade GIVE with SEAT for TAKE'"),
        ("trade cafe with 9 for ranch", "there is no player 9"),
        ("roll\t1", r"U\+0009 at character 5"),
        ("build caf\u202ee", r"U\+202E at character 10"),
        ("x" * 1001, "expected at most 1000 characters"),
    ],
)
def test_text_that_is_not_a_move_is_refused_saying_why(text: str, message: str) -> None:
    state = _start()
    with pytest.raises(MoveParseError, match=message) as caught:
        parse_move(state, text)
    assert isinstance(caught.value, machikoro.InvalidMoveError)
    assert isinstance(caught.value, meeplekit.errors.MoveParseError)


@pytest.mark.rules("MK-NOTE-4")
def test_the_errors_are_the_library_s_and_name_the_rule() -> None:
    state = _start()
    with pytest.raises(MoveParseError, match="expected text"):
        parse_move(state, b"roll 1")  # type: ignore[arg-type]
    with pytest.raises(MoveParseError, match="expected text"):
        parse_move(state, None)  # type: ignore[arg-type]
    with pytest.raises(machikoro.IllegalMoveError) as caught:
        parse_move(state, "roll 2")  # no Train Station
    assert caught.value.rule_id == "MK-ROLL-1"
    with pytest.raises(machikoro.IllegalMoveError) as caught:
        parse_move(state, "nothing")  # the roll comes first
    assert caught.value.rule_id == "MK-FLOW-1"
    ambiguous = AmbiguousMoveError("build f", "f", ["Forest", "Flower Shop"])
    assert isinstance(ambiguous, MoveParseError) and ambiguous.text == "build f"
    assert str(ambiguous) == "cannot read 'build f' as a move: 'f' could mean Forest, Flower Shop"


@pytest.mark.rules("MK-NOTE-5")
def test_str_of_a_move_says_what_it_does() -> None:
    expected: dict[Move, str] = {
        RollDice(1): "Roll 1 die",
        RollDice(2): "Roll 2 dice",
        KeepRoll(): "Keep the roll",
        AddTwo(True): "Add 2 to the total (Harbor)",
        AddTwo(False): "Do not add 2 to the total",
        Dice((4,)): "The die shows 4",
        Dice((3, 4)): "The dice show 3 and 4",
        Draw(E.APPLE_ORCHARD): "Draw an Apple Orchard for the market",
        Activate(E.STADIUM): "Resolve the Stadium next",
        ChooseOpponent(2): "Take the TV Station's coins from Player 3",
        Trade(E.CAFE, 1, E.RANCH): "Trade your Cafe for Player 2's Ranch",
        NoTrade(): "Make no trade",
        BuildEstablishment(E.BAKERY): "Build a Bakery",
        BuildLandmark(L.HARBOR): "Complete the Harbor",
        BuildNothing(): "Build nothing",
    }
    assert {type(m) for m in expected} == set(machikoro.moves.MOVE_TYPES)
    for move, text in expected.items():
        assert str(move) == move_text(move) == text
    with pytest.raises(machikoro.InvalidMoveError):
        move_text("roll 1")  # type: ignore[arg-type]


@pytest.mark.rules("MK-NOTE-5")
def test_the_long_form_names_costs_effects_chances_and_whose_cards() -> None:
    sushi_two = RulesOptions(market="all-piles", sushi_bar_cost="2")
    state = at_roll(coins=[5, 4], options=sushi_two, landmarks=[[L.AIRPORT], []])
    assert describe_move(state, RollDice(1)) == "Roll 1 die"
    state = play(state, RollDice(1))
    assert describe_move(state, Dice((3,))) == "The die shows 3 (total 3; chance 1/6)"
    state = play(state, Dice((5,)))
    assert describe_move(state, BuildEstablishment(E.BAKERY)) == (
        "Build a Bakery for 1 coin (green, activated by 2-3 on your turn only: get 1 coin "
        "from the bank)"
    )
    assert describe_move(state, BuildEstablishment(E.SUSHI_BAR)).startswith(
        "Build a Sushi Bar for 2 coins (red, activated by 1 on another player's turn: if you "
        "have a Harbor, take"
    )
    assert describe_move(state, BuildLandmark(L.HARBOR)) == (
        "Complete the Harbor for 2 coins (on your turn, if the dice total 10 or more, you "
        "may add 2 to the total)"
    )
    assert describe_move(state, BuildNothing()) == "Build nothing (the Airport pays 10 coins)"
    tv = roll(at_roll(coins=[0, 7, 3], cities=[{E.TV_STATION: 1}, {}, {}]), 6)
    assert describe_move(tv, ChooseOpponent(2)) == (
        "Take up to 5 coins from Player 3 (who has 3) with the TV Station"
    )
    cities = [{E.BUSINESS_CENTER: 1, E.WHEAT_FIELD: 1}, {E.TUNA_BOAT: 1}]
    trade = roll(at_roll(coins=[3, 0], cities=cities), 6)
    assert describe_move(trade, Trade(E.WHEAT_FIELD, 1, E.TUNA_BOAT)) == (
        "Give your Wheat Field to Player 2 for their Tuna Boat (Business Center)"
    )
    assert describe_move(trade, NoTrade()) == "Make no trade with the Business Center"


@pytest.mark.rules("MK-NOTE-5")
def test_the_long_form_of_the_re_roll_the_harbor_and_a_draw() -> None:
    state = at_roll(coins=[0, 0], landmarks=[[L.RADIO_TOWER, L.HARBOR, L.TRAIN_STATION], []])
    state = roll(state, 5, 6)
    assert describe_move(state, KeepRoll()) == "Keep the roll: the dice show 5 and 6 (total 11)"
    assert describe_move(state, RollDice(1)) == "Roll again with 1 die (Radio Tower)"
    state = play(state, KeepRoll())
    assert describe_move(state, AddTwo(True)) == "Add 2 to the total of 11 (Harbor): 13"
    assert describe_move(state, AddTwo(False)) == "Keep the total of 11 (do not add 2)"
    harbor = machikoro.new_game(2, seed=4)  # the Harbor market: a build draws a card
    while not isinstance(harbor.pending, PendingDraw):
        harbor = machikoro.apply_move(harbor, machikoro.legal_moves(harbor)[0])
    draw = machikoro.legal_moves(harbor)[0]
    assert isinstance(draw, Draw)
    kind = draw.establishment
    total = sum(harbor.deck)
    chance = dict(machikoro.chance_outcomes(harbor))[draw]
    assert describe_move(harbor, draw) == (
        f"{move_text(draw)} ({harbor.deck[kind]} of {total} cards in the deck; chance {chance})"
    )
