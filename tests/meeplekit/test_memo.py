"""The one-entry memos (meeplekit.memo) and the sites that use them."""

from __future__ import annotations

import threading

import harbour
import harbour.agents.actions
import machikoro
import machikoro.tables
from meeplekit.memo import EqualMemo, Memo


def test_a_memo_finds_the_very_key_only() -> None:
    memo: Memo[tuple[int, ...], str] = Memo()
    key = (1, 2)
    assert memo.get(key) is None and not memo.holds(key)
    assert memo.put(key, "found") == "found"
    assert memo.get(key) == "found" and memo.holds(key)
    equal = tuple([1, 2])
    assert equal == key and equal is not key
    assert memo.get(equal) is None and not memo.holds(equal)


def test_a_memo_holds_one_entry_only() -> None:
    memo: Memo[object, int] = Memo()
    first, second = object(), object()
    memo.put(first, 1)
    memo.put(second, 2)
    assert memo.get(first) is None and memo.get(second) == 2
    memo.clear()
    assert memo.get(second) is None and memo.entry is None


def test_an_equal_memo_finds_an_equal_key() -> None:
    memo: EqualMemo[tuple[int, ...], str] = EqualMemo()
    memo.put((1, 2), "found")
    assert memo.get(tuple([1, 2])) == "found" and memo.holds(tuple([1, 2]))
    assert memo.get((2, 1)) is None and not memo.holds((2, 1))


def test_threads_see_a_whole_entry() -> None:
    memo: Memo[int, int] = Memo()
    keys = [1000 + i for i in range(50)]
    mixed: list[tuple[int, int]] = []

    def work(offset: int) -> None:
        for _ in range(200):
            for key in keys:
                memo.put(key, key + 1)
                entry = memo.entry
                if entry is not None and entry[1] != entry[0] + 1:
                    mixed.append(entry)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert mixed == []


def test_the_sites_remember_their_last_answer() -> None:
    state = harbour.new_game(2, seed=3)
    codes = harbour.agents.actions.legal_actions(state)
    assert harbour.agents.actions._LAST_ACTIONS.get(state) is codes
    assert harbour.agents.actions.legal_actions(state) is codes
    mk = machikoro.new_game(2, seed=3)
    tables = machikoro.tables.tables_for(mk.options, 2)
    assert machikoro.tables.tables_for(mk.options, 2) is tables
    other = machikoro.tables.tables_for(mk.options, 3)  # same options, another count
    assert other is not tables and other.players == 3
