"""Observation tensors and strings over random games of every kind (BH-TENSOR-1 to BH-TENSOR-5).

A seeded random game of each kind (1 to 4 players, long and short, the original card set and
a smaller one) is observed by every seat in every position. The tensor's length must be the
one its card set and number of players fix, its entries finite, its sections must read back
what the observation holds, and what a seat cannot see must not reach its tensor or its
string: states differing only in an other seat's face-down values (a twin) and states drawn
by :func:`bremerhaven.determinize` from an observation give the same tensor and string.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from functools import cache

import attrs
import pytest

import bremerhaven
from bremerhaven import GameState, Observation, RulesOptions
from bremerhaven.agents import tensors as tz
from bremerhaven.cards import ORIGINAL
from bremerhaven.cards.model import CardSet, Good
from bremerhaven.observation import bidding_open
from bremerhaven.state import BidCard
from meeplekit.rng import SplitMix64

#: A smaller set: 7 Buildings and 5 Price cards, so that the card set's sections shrink.
SMALL: CardSet = attrs.evolve(
    ORIGINAL, name="small", buildings=ORIGINAL.buildings[:7], prices=ORIGINAL.prices[:5]
)


def _kinds() -> Iterator[tuple[int, str, CardSet]]:
    for cards in (ORIGINAL, SMALL):
        for length in ("long", "short"):
            for players in (1, 2, 3, 4):
                yield players, length, cards


@cache
def games() -> tuple[tuple[int, tuple[GameState, ...]], ...]:
    """One seeded random game of each kind: its number of players and its positions."""
    found = []
    for index, (players, length, cards) in enumerate(_kinds()):
        seed = SplitMix64(1000 + index).next_u64()
        state = bremerhaven.new_game(
            players, seed=seed, options=RulesOptions(game=length), cards=cards
        )
        rng = SplitMix64(seed)
        states = [state]
        while not bremerhaven.is_over(state):
            state = bremerhaven.apply_move(state, rng.choice(bremerhaven.legal_moves(state)))
            states.append(state)
        found.append((players, tuple(states)))
    return tuple(found)


def _section(vector: tuple[float, ...], cards: CardSet, players: int, name: str) -> list[float]:
    for section, offset, size in tz.tensor_layout(cards, players):
        if section == name:
            return list(vector[offset : offset + size])
    raise AssertionError(name)


def _read_back(o: Observation, v: tuple[float, ...], players: int) -> None:
    """The sections say what the observation holds."""
    n = len(o.players)

    def part(name: str) -> list[float]:
        return _section(v, o.cards, players, name)

    assert part("viewer") == [float(s == o.viewer) for s in range(n)]
    assert part("over") == [float(o.is_over)]
    assert part("decider") == [float(not o.is_over and s == o.decider) for s in range(n)]
    assert part("money") == [float(h.money) for h in o.players]
    assert part("prestige") == [float(h.prestige) for h in o.players]
    assert part("storage") == [float(h.storage[g]) for h in o.players for g in Good]
    ranks = part("ranks")
    for rank, seat in enumerate(o.ranks):
        assert ranks[seat * n : (seat + 1) * n] == [float(r == rank) for r in range(n)]
    assert part("sea")[:: tz.SHIP_FEATURES] == [float(c is not None) for c in o.sea]
    assert part("land")[:: tz.CONTRACT_FEATURES] == [float(c is not None) for c in o.land]
    p = min(len(o.cards.prices), 64)
    assert part("prices") == [float(c.price(g)) for c in o.prices[:p] for g in Good]
    assert sum(part("bid_cards")) == len(o.bids)
    assert sum(part("bid_hidden")) == sum(b.value is None for b in o.bids)
    assert sum(part("bid_values")) == sum(b.value or 0 for b in o.bids)
    assert sum(part("held")) == sum(len(h.held) for h in o.players)
    assert sum(part("built")) == sum(b is not None for h in o.players for b in h.buildings)
    assert part("building_stack") and sum(part("building_stack")) == len(o.buildings)
    assert sum(part("unseen")) == sum(len(u) for u in o.unseen)
    viewer = o.viewer
    assert viewer is not None  # a seat's observation
    hand = part("hand")[viewer * 9 : (viewer + 1) * 9]
    assert hand == [float(o.players[viewer].hand.count(value)) for value in range(1, 10)]
    assert sum(part("stack")) == len(o.stack)
    assert sum(part("pending")) == (0 if o.is_over else 1)


@pytest.mark.rules("BH-TENSOR-1", "BH-TENSOR-2", "BH-TENSOR-3")
def test_every_observation_has_the_fixed_length_finite_entries_and_reads_back() -> None:
    kinds = set()
    for players, states in games():
        cards = states[0].cards
        size = tz.observation_tensor_size(cards, players)
        for state in states:
            kinds.add((players, state.options.short or state.solo, cards.name))
            for viewer in range(state.seats):
                seen = bremerhaven.observe(state, viewer)
                vector = tz.observation_tensor(seen)
                assert type(vector) is tuple and len(vector) == size
                assert all(type(x) is float and math.isfinite(x) and x >= 0 for x in vector)
                assert all(x >= 0.0 for x in vector if x != -1.0)
                _read_back(seen, vector, players)
    assert len(kinds) == 14  # the solo game is always short: 1 + 3 x 2 kinds per card set


@pytest.mark.rules("BH-TENSOR-1", "BH-TENSOR-2")
@pytest.mark.parametrize("cards", [ORIGINAL, SMALL], ids=["original", "small"])
def test_the_length_is_the_pages_formula(cards: CardSet) -> None:
    b = len({card.key for card in cards.buildings})
    p = len(cards.prices)
    for players in (1, 2, 3, 4):
        n = max(2, players)
        layout = tz.tensor_layout(cards, players)
        assert layout[0][1] == 0
        assert all(a[1] + a[2] == c[1] for a, c in itertools.pairwise(layout))
        size = n * n + 413 * n + 2 * b * n + 2 * b + 4 * p + 112
        assert tz.observation_tensor_size(cards, players) == size
        assert tz.observation_tensor_size(None if cards is ORIGINAL else cards, players) == size
    if cards is ORIGINAL:
        sizes = [tz.observation_tensor_size(cards, players) for players in (1, 2, 3, 4)]
        assert sizes == [1158, 1158, 1616, 2076]


@pytest.mark.rules("BH-TENSOR-4", "BH-TENSOR-5")
def test_equal_observations_give_equal_tensors_and_strings() -> None:
    """A state drawn from an observation shows the same observation, tensor and string."""
    checked = 0
    for _, states in games():
        for step, state in enumerate(states[::7]):
            viewer = step % state.seats
            seen = bremerhaven.observe(state, viewer)
            sample = bremerhaven.determinize(seen, SplitMix64(step))
            again = bremerhaven.observe(sample, viewer)
            assert again == seen
            assert tz.observation_tensor(again) == tz.observation_tensor(seen)
            assert tz.information_state_string(again) == tz.information_state_string(seen)
            checked += 1
    assert checked > 100


@pytest.mark.rules("BH-TENSOR-4", "BH-TENSOR-5")
def test_the_string_is_deterministic_and_tells_observations_apart() -> None:
    by_string: dict[str, Observation] = {}
    for _, states in games()[:8]:
        for state in states:
            seen = bremerhaven.observe(state, 0)
            text = tz.information_state_string(seen)
            assert text == tz.information_state_string(bremerhaven.observe(state, 0))
            assert text.startswith('{"format":"bremerhaven/1","kind":"observation",')
            assert by_string.setdefault(text, seen) == seen
    assert len(by_string) > 1000


def _twins(state: GameState) -> Iterator[tuple[int, GameState]]:
    """Each seat's twin of ``state``: one face-down bid's value swapped with a hand card's."""
    for seat, harbour in enumerate(state.players):
        for index, bid in enumerate(state.bids):
            if bid.seat != seat:
                continue
            other = next((value for value in harbour.hand if value != bid.value), None)
            if other is None:
                continue
            hand = list(harbour.hand)
            hand.remove(other)
            hand = sorted([*hand, bid.value])
            players = list(state.players)
            players[seat] = attrs.evolve(harbour, hand=tuple(hand))
            bids = list(state.bids)
            bids[index] = BidCard(bid.space, seat, other)
            yield seat, attrs.evolve(state, players=tuple(players), bids=tuple(bids))
            break


@pytest.mark.rules("BH-TENSOR-4")
def test_an_other_seats_hidden_bid_values_reach_neither_tensor_nor_string() -> None:
    twins = owners = 0
    for _, states in games():
        # Every third position of the bidding, one seat's twin each (the seats in turn).
        bidding = [state for state in states if bidding_open(state)][::3]
        for step, state in enumerate(bidding):
            found = list(_twins(state))
            if not found:
                continue
            seat, twin = found[step % len(found)]
            for viewer in range(state.seats):
                seen, twin_seen = (bremerhaven.observe(s, viewer) for s in (state, twin))
                tensors = tz.observation_tensor(seen), tz.observation_tensor(twin_seen)
                texts = (
                    tz.information_state_string(seen),
                    tz.information_state_string(twin_seen),
                )
                if viewer == seat:  # the twin differs: its owner sees the difference
                    assert tensors[0] != tensors[1] and texts[0] != texts[1]
                    owners += 1
                else:
                    assert tensors[0] == tensors[1] and texts[0] == texts[1]
            twins += 1
    assert twins > 100 and owners > 50


@pytest.mark.rules("BH-TENSOR-1", "BH-TENSOR-4")
def test_bad_arguments_are_refused() -> None:
    for bad_players in (0, 5, True, 2.0, "2", None):
        with pytest.raises(bremerhaven.InvalidValueError):
            tz.observation_tensor_size(ORIGINAL, bad_players)  # type: ignore[arg-type]
        with pytest.raises(bremerhaven.InvalidValueError):
            tz.tensor_layout(None, bad_players)  # type: ignore[arg-type]
    for bad_cards in ("original v1", RulesOptions(), ORIGINAL.buildings):
        with pytest.raises(bremerhaven.InvalidValueError):
            tz.observation_tensor_size(bad_cards, 2)  # type: ignore[arg-type]
    state = bremerhaven.new_game(2, seed=1)
    for bad in (state, None, "observation", attrs.asdict(bremerhaven.observe(state, 0))):
        with pytest.raises(bremerhaven.InvalidValueError):
            tz.observation_tensor(bad)  # type: ignore[arg-type]
        with pytest.raises(bremerhaven.InvalidValueError):
            tz.information_state_string(bad)  # type: ignore[arg-type]
