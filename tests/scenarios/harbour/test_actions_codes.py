"""Integer actions by example: the layout, sets in any order, and bad input (CODE-1 to CODE-6)."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

import harbour
from harbour import (
    BoardSite,
    CardSite,
    ChooseStartingGoods,
    Good,
    Goods,
    IllegalMoveError,
    InvalidMoveError,
    InvalidValueError,
    MovePawn,
    Purchase,
    Ship,
    TakeGoods,
    UseAbility,
)
from harbour.agents import actions
from harbour.cards.original import ORIGINAL_SET
from harbour.positions import replace
from harbour.state import PendingMove
from tests.support.harbour import F, L, S, W, card, position

SPEC = Path(__file__).resolve().parents[3] / "docs" / "spec" / "actions.md"


def _spec_rows() -> list[tuple[str, int, str]]:
    """(block, offset, size for the original set) of the table of CODE-1."""
    rows = re.findall(r"^\| `(\w+)` \| ([\d,]+) \| [^|]+ \| ([\d,]+) \|", SPEC.read_text(), re.M)
    return [
        (name, int(offset.replace(",", "")), size.replace(",", "")) for name, offset, size in rows
    ]


@pytest.mark.rules("CODE-1")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_spec_table_is_the_original_sets_layout(players: int) -> None:
    state = harbour.new_game(players, seed=players)
    blocks = actions.action_blocks(state.cards)
    assert [(b.move_type.__name__, b.offset, str(b.size)) for b in blocks] == _spec_rows()
    assert actions.num_distinct_actions(state.cards) == 4_991
    assert "**4,991** codes" in SPEC.read_text()


@pytest.mark.rules("CODE-2")
def test_a_purchase_has_one_code_whatever_the_order_of_its_buildings() -> None:
    state = harbour.new_game(3, seed=5)
    a, b = card("dry-dock"), card("admiralty")
    assert a > b
    code = actions.encode(state, Purchase((a, b)))
    assert (
        code == actions.encode(state, Purchase((b, a))) == actions.encode(state, Purchase([a, b]))
    )
    decoded = actions.decode(state, code)
    assert decoded == Purchase((b, a))
    assert isinstance(decoded, Purchase) and decoded.cards == (b, a)  # canonical: by index
    nothing = actions.encode(state, Purchase(()))
    assert nothing == actions.action_blocks(state.cards)[-1].offset
    one = actions.encode(state, Purchase((a,)))
    assert nothing < one < code


@pytest.mark.rules("CODE-2")
def test_a_shipment_and_an_exchange_have_one_code_whatever_the_order_of_their_goods() -> None:
    state = harbour.new_game(2, seed=1)
    assert actions.encode(state, Ship((S, F), Goods(stone=1))) == actions.encode(
        state, Ship((F, S), Goods(stone=1))
    )
    assert actions.encode(state, harbour.ExchangeGoods(L, (W, F))) == actions.encode(
        state, harbour.ExchangeGoods(L, (F, W))
    )
    # The shipment codes follow CODE-1: R = 8 with the original set.
    ship = actions.action_blocks(state.cards)[11]
    assert ship.move_type is Ship
    assert actions.encode(state, Ship(())) == ship.offset
    assert actions.encode(state, Ship((F, S), Goods(stone=2))) == ship.offset + 1 + 3 * 8**3


@pytest.mark.rules("CODE-2")
def test_a_move_has_the_same_code_in_positions_far_apart() -> None:
    goods = [Goods(fish=6, stone=6), Goods(wood=2), Goods(livestock=3)]
    early = position(goods=goods, display=["admiralty", "dry-dock", "net-loft"], turn=1)
    late = position(
        goods=goods,
        display=["net-loft", "dry-dock"],
        owned=[["admiralty"], [], []],
        current=2,
        turn=30,
    )
    for move in (
        MovePawn(CardSite(card("net-loft"))),
        MovePawn(BoardSite(2)),
        Purchase((card("net-loft"), card("dry-dock"))),
        TakeGoods(Goods(fish=1, wood=2)),
    ):
        assert actions.encode(early, move) == actions.encode(late, move)
    assert harbour.legal_moves(early) != harbour.legal_moves(late)


@pytest.mark.rules("CODE-2", "CODE-6")
def test_encode_and_decode_read_an_observation_as_a_state() -> None:
    state = harbour.new_game(3, seed=9, options=harbour.RulesOptions(characters=True))
    view = harbour.observe(state, 2)
    for code in actions.legal_actions(state):
        move = actions.decode(state, code)
        assert actions.decode(view, code) == move
        assert actions.encode(view, move) == code


@pytest.mark.rules("CODE-4", "CODE-5")
def test_a_finished_game_has_no_legal_action_and_an_empty_mask() -> None:
    state = position(goods=[Goods(), Goods()], stack=(), turn=12, last_round_turns=0)
    assert state.is_over
    assert actions.legal_actions(state) == ()
    mask = actions.legal_action_mask(state)
    assert len(mask) == 4_991 and not any(mask)


@pytest.mark.rules("CODE-4", "CODE-5")
def test_the_legal_actions_and_the_mask_of_a_pawn_move() -> None:
    state = position(
        goods=[Goods(fish=2), Goods(wood=1)],
        display=["net-loft", "admiralty"],
        pawns=[None, BoardSite(0)],
        stack=(PendingMove(),),
    )
    pawn = actions.action_blocks(state.cards)[3]
    expected = (
        pawn.offset + 1,  # Player 2's starting building (Player 1's is occupied)
        pawn.offset + 4 + card("net-loft"),
        pawn.offset + 4 + card("admiralty"),
    )
    assert actions.legal_actions(state) == tuple(sorted(expected))
    mask = actions.legal_action_mask(state)
    assert [i for i, bit in enumerate(mask) if bit] == sorted(expected)


# --------------------------------------------------------------------------- bad input


@pytest.mark.rules("CODE-6")
@pytest.mark.parametrize(
    "value", [None, 3, "go Net Loft", Goods(fish=1), CardSite(0), PendingMove(), (Ship(()),)]
)
def test_encode_refuses_what_is_not_a_move(value: object) -> None:
    state = harbour.new_game(2, seed=1)
    with pytest.raises(InvalidMoveError, match="not a move"):
        actions.encode(state, value)  # type: ignore[arg-type]


@pytest.mark.rules("CODE-6")
@pytest.mark.parametrize(
    ("move", "players", "message"),
    [
        (MovePawn(BoardSite(2)), 2, "there is no seat 2: the game has 2 players"),
        (MovePawn(CardSite(36)), 4, "there is no building 36"),
        (harbour.ChooseCharacter(8), 2, "there is no character board 8"),
        (TakeGoods(Goods(fish=5)), 2, r"1 to 4 goods .*\(ACT-2, ABIL-6"),
        (TakeGoods(Goods()), 2, "1 to 4 goods"),
        (Ship((F,), Goods(wood=1)), 2, r"only shipped goods are kept \(SYM-3\)"),
        (ChooseStartingGoods(Goods(fish=2)), 2, r"3 goods \(SETUP-4\)"),
        (UseAbility(Goods(), S, S), 2, r"another kind \(ABIL-11\)"),
        (UseAbility(Goods(fish=1), S, F), 2, r"fee is at most 0 good\(s\)"),
        (Purchase((card("town-pump"),)), 2, r"without a price .*\(BUY-7\)"),
        (Purchase((0, 1, 2)), 2, r"at most 2 building\(s\) .*\(BUY-5\)"),
        (harbour.ChooseOption(4), 2, r"at most 4 options \(ACT-8\)"),
    ],
)
def test_encode_refuses_a_move_the_game_can_never_offer(
    move: harbour.Move, players: int, message: str
) -> None:
    state = harbour.new_game(players, seed=1)
    with pytest.raises(InvalidMoveError, match=message):
        actions.encode(state, move)


@pytest.mark.rules("CODE-6")
def test_a_card_set_without_free_buildings_or_conversions_has_no_codes_for_them() -> None:
    cards = attrs.evolve(ORIGINAL_SET, name="plain", original=False, characters=())
    state = harbour.new_game(2, seed=1, cards=cards)
    sizes = {b.move_type: b.size for b in actions.action_blocks(cards)}
    assert sizes[harbour.ChooseFreeBuilding] == sizes[UseAbility] == 0
    assert sizes[harbour.ChooseCharacter] == 0
    # No Patron either: at most 3 goods of choice (TakeGoods: 34 codes, not 69).
    assert actions.num_distinct_actions(cards) == 4_991 - 36 - 12 - 8 - 35
    with pytest.raises(InvalidMoveError, match=r"takes a free building \(ABIL-8\)"):
        actions.encode(state, harbour.ChooseFreeBuilding(0))
    with pytest.raises(InvalidMoveError, match=r"has a conversion \(ABIL-11\)"):
        actions.encode(state, UseAbility(Goods(), S, F))


class _Index:
    """An integer-like value, as numpy's integers are."""

    def __index__(self) -> int:
        return 110


@pytest.mark.rules("CODE-6")
@pytest.mark.parametrize("action", [-1, 4_991, 10**30, True, False, 1.0, "3", None, b"\x01"])
def test_decode_refuses_what_is_not_an_action(action: object) -> None:
    state = harbour.new_game(2, seed=1)
    with pytest.raises(InvalidMoveError, match=r"no action|whole number"):
        actions.decode(state, action)  # type: ignore[arg-type]


@pytest.mark.rules("CODE-6")
def test_decode_takes_integer_like_values() -> None:
    state = harbour.new_game(2, seed=1)
    assert actions.decode(state, _Index()) == harbour.ChooseOption(0)  # type: ignore[arg-type]


@pytest.mark.rules("CODE-6")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_decode_refuses_the_starting_building_of_a_seat_the_game_lacks(players: int) -> None:
    state = harbour.new_game(players, seed=1)
    pawn = actions.action_blocks(state.cards)[3]
    for seat in range(4):
        if seat < players:
            assert actions.decode(state, pawn.offset + seat) == MovePawn(BoardSite(seat))
        else:
            with pytest.raises(InvalidMoveError, match=f"there is no seat {seat}"):
                actions.decode(state, pawn.offset + seat)


@pytest.mark.rules("CODE-6")
def test_a_code_not_legal_now_decodes_and_apply_move_refuses_it() -> None:
    state = harbour.new_game(2, seed=1)  # setup: starting goods to choose
    legal = set(actions.legal_actions(state))
    code = actions.encode(state, MovePawn(CardSite(0)))
    assert code not in legal
    move = actions.decode(state, code)
    assert move == MovePawn(CardSite(0))
    with pytest.raises(IllegalMoveError) as refused:
        harbour.apply_move(state, move)
    assert refused.value.rule_id == "TURN-6"


@pytest.mark.rules("CODE-1", "CODE-6")
def test_the_space_is_asked_of_a_card_set() -> None:
    with pytest.raises(InvalidValueError, match="expected a CardSet"):
        actions.num_distinct_actions("Harbour library original set")  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError, match="expected a CardSet"):
        actions.action_blocks(None)  # type: ignore[arg-type]


@pytest.mark.rules("CODE-5")
def test_a_space_too_large_for_a_mask_refuses_one() -> None:
    originals = ORIGINAL_SET.buildings
    copies = tuple(attrs.evolve(b, key=f"{b.key}-2", name=f"{b.name} II") for b in originals[:4])
    buildings = tuple(
        attrs.evolve(b, action=harbour.cards.Buy(7), cost=0) for b in originals + copies
    )
    huge = attrs.evolve(ORIGINAL_SET, name="huge", original=False, buildings=buildings)
    size = actions.num_distinct_actions(huge)
    assert size > actions.MAX_MASK
    state = replace(harbour.new_game(2, seed=1), cards=huge)
    with pytest.raises(InvalidValueError, match="too many for a mask"):
        actions.legal_action_mask(state)
    codes = actions.legal_actions(state)
    assert [actions.decode(state, c) for c in codes] == sorted(
        harbour.legal_moves(state), key=lambda m: actions.encode(state, m)
    )
    assert actions.decode(state, size - 1) == Purchase(tuple(range(33, 40)))


@pytest.mark.rules("CODE-3")
def test_the_original_sets_bounds() -> None:
    sizes = {b.move_type.__name__: b.size for b in actions.action_blocks(ORIGINAL_SET)}
    assert sizes["TakeGoods"] == 69  # T = 4: the Patron's 2 goods for each of 2 buildings
    assert sizes["Ship"] == 8**4  # k = 6: nine warehouses, at most 6 of a good held
    assert sizes["UseAbility"] == 12  # G = 0: the Tinker's conversion has no fee
    assert sizes["Purchase"] == 1 + 35 + 35 * 34 // 2  # K = 2 of N = 35 priced buildings
    state = harbour.new_game(2, seed=1)
    assert actions.decode(state, 4_990) == Purchase((33, 34))  # the Town Pump has no price
    assert actions.encode(state, TakeGoods(Goods(fish=1))) == 116
    ranks = [actions.goods_rank(g) for g in (Goods(), *(Goods.single(g) for g in Good))]
    assert ranks == [0, 1, 2, 3, 4]
    assert actions.goods_rank(Goods(fish=2)) == 5  # totals of 2 follow the 5 of total 0 or 1
