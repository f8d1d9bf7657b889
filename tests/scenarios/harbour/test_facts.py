"""The game's fixed numbers are one record, ``harbour.GAME``, that the rules read."""

from __future__ import annotations

import pytest

import harbour
from harbour.facts import GAME


@pytest.mark.rules("COMP-1", "SETUP-1", "SETUP-4", "GOODS-2", "BUY-2", "END-1")
def test_the_rules_follow_the_facts_record() -> None:
    assert tuple(GAME.player_counts) == (2, 3, 4)
    assert harbour.MAX_GOODS == GAME.goods_cap == 6
    assert harbour.MARKET_VALUES == GAME.market_values == (2, 3, 4, 5)
    assert GAME.market_squares == len(harbour.GOODS) == 4
    for players in GAME.player_counts:
        state = harbour.new_game(players, seed=players)
        assert len(state.display) == GAME.display_size(players) == players + 3
        choices = harbour.legal_moves(state)
        assert {m.goods.total for m in choices if isinstance(m, harbour.ChooseStartingGoods)} == {
            GAME.starting_goods
        }
    for players in (GAME.min_players - 1, GAME.max_players + 1):
        with pytest.raises(ValueError, match="2 to 4 players"):
            harbour.new_game(players, seed=1)
