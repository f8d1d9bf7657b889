"""Determinization (OBS-7, OBS-8): samples a player cannot tell from the true position.

Over the seeded games of the fairness tests (2 to 4 players, every combination of rule
readings the sweep plays, characters and bonus cards in two games of three) and over
positions drawn by ``harbour.testing.states`` (every reading, custom card sets), each
position is determinized for every player: the sample must pass ``validate``, give the
same observation, and, for the player who decides, offer the same legal moves. Then the
samples must vary as a uniform draw would: the deck's order, the other players' bonus cards
and the boards dealt to the others.
"""

from __future__ import annotations

from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import harbour
from harbour import GameState
from harbour.cards.original import ORIGINAL_SET
from harbour.observation import HiddenCharacterChoice, Observation
from harbour.state import PendingCharacter
from harbour.testing import states
from meeplekit.rng import SplitMix64
from tests.support.harbour import EVERY_ABILITY_SET
from tests.support.harbour_positions import GAMES, positions_of
from tests.support.harbour_sweep import seed_for


def check_sample(state: GameState, viewer: int, rng: SplitMix64) -> GameState:
    observation = harbour.observe(state, viewer)
    sample = harbour.determinize(observation, rng)
    assert harbour.validate(sample) == ()
    assert harbour.observe(sample, viewer) == observation
    assert sample.deck[: len(observation.deck_top)] == observation.deck_top
    assert sorted(sample.deck) == sorted(state.deck)
    if not state.is_over and state.decider == viewer:
        assert harbour.legal_moves(sample) == harbour.legal_moves(state)
    return sample


@pytest.mark.rules("OBS-7")
@pytest.mark.parametrize("index", GAMES)
def test_a_sample_is_a_valid_position_the_player_cannot_tell_apart(index: int) -> None:
    rng = SplitMix64(seed_for(index) ^ 0xDE7E)
    for seen in positions_of(index):
        state = seen.state
        for viewer in range(len(state.players)):
            check_sample(state, viewer, rng)


@pytest.mark.rules("OBS-7")
@given(states(max_decisions=120), st.integers(0, 2**64 - 1))
def test_a_sample_of_any_position_reached_by_play_is_consistent(
    state: GameState, seed: int
) -> None:
    rng = SplitMix64(seed)
    for viewer in range(len(state.players)):
        check_sample(state, viewer, rng)


# --------------------------------------------------------------------------- the distribution


def _start(players: int, seed: int, *, characters: bool = False, bonus: bool = False) -> GameState:
    options = harbour.RulesOptions(characters=characters, bonus_cards=bonus)
    return harbour.new_game(players, seed=seed, options=options, cards=EVERY_ABILITY_SET)


@pytest.mark.rules("OBS-8")
def test_the_deck_is_a_uniform_shuffle_of_the_buildings_seen_nowhere() -> None:
    state = _start(2, 1)
    observation = harbour.observe(state, 0)
    rng = SplitMix64(7)
    samples = 40 * len(state.deck)
    firsts = Counter(harbour.determinize(observation, rng).deck[0] for _ in range(samples))
    assert set(firsts) == set(state.deck)  # every building can come first
    assert max(firsts.values()) < 3 * 40  # and none much more often than 1 in len(deck)
    # A sanity check over 50 samples: the order is not constant.
    assert len({harbour.determinize(observation, rng).deck for _ in range(50)}) == 50


@pytest.mark.rules("OBS-8", "OBS-4")
def test_the_buildings_a_player_saw_stay_on_top_and_the_rest_is_shuffled() -> None:
    for index in GAMES:
        for seen in positions_of(index):
            state = seen.state
            top = seen.deck_top
            viewer = next((s for s in range(len(top)) if top[s]), None)
            if viewer is None or len(state.deck) < len(top[viewer]) + 2:
                continue
            observation = harbour.observe(state, viewer)
            rng = SplitMix64(index)
            decks = {harbour.determinize(observation, rng).deck for _ in range(50)}
            assert {d[: len(top[viewer])] for d in decks} == {top[viewer]}
            assert len({d[len(top[viewer])] for d in decks}) > 1
            return
    raise AssertionError("no game shows a player the top of the deck")  # pragma: no cover


@pytest.mark.rules("OBS-8", "OBS-3")
def test_the_other_players_bonus_cards_are_dealt_from_those_not_held() -> None:
    state = harbour.new_game(3, seed=4, options=harbour.RulesOptions(bonus_cards=True))
    observation = harbour.observe(state, 0)
    rng = SplitMix64(3)
    mine = state.players[0].bonus_card
    dealt = Counter(harbour.determinize(observation, rng).players[1].bonus_card for _ in range(300))
    others = set(range(len(ORIGINAL_SET.bonus_cards))) - {mine}
    assert set(dealt) == others  # never the viewer's own, every other one
    assert min(dealt.values()) > 300 / len(others) / 2
    for _ in range(20):
        sample = harbour.determinize(observation, rng)
        cards = [p.bonus_card for p in sample.players]
        assert cards[0] == mine and len(set(cards)) == 3
    # At the end every card is revealed (BONUS-2): nothing is left to draw.
    end = next(
        seen.state
        for index in GAMES
        for seen in positions_of(index)[-1:]
        if seen.state.is_over and seen.state.options.bonus_cards
    )
    seen_end = harbour.observe(end, 0)
    assert harbour.determinize(seen_end, rng).players == end.players


@pytest.mark.rules("OBS-8", "OBS-5")
def test_the_boards_dealt_to_the_others_are_dealt_again_from_those_unseen() -> None:
    state = _start(4, 2, characters=True)
    observation = harbour.observe(state, 0)
    assert sum(isinstance(p, HiddenCharacterChoice) for p in observation.stack) == 3
    mine = observation.stack[-1]
    assert isinstance(mine, PendingCharacter) and mine.player == 0
    rng = SplitMix64(5)
    dealt: Counter[int] = Counter()
    for _ in range(200):
        sample = harbour.determinize(observation, rng)
        offered = [b for p in sample.stack if isinstance(p, PendingCharacter) for b in p.offered]
        assert len(offered) == len(set(offered)) == 8  # 2 each, no board twice
        assert sample.stack[-1] == mine  # the viewer's own boards are theirs
        dealt.update(offered)
    unseen = set(range(len(EVERY_ABILITY_SET.characters))) - set(mine.offered)
    assert set(dealt) - set(mine.offered) == unseen


@pytest.mark.rules("OBS-8")
def test_the_same_generator_state_gives_the_same_sample_and_a_fresh_seed() -> None:
    state = _start(3, 9, characters=True, bonus=True)
    observation = harbour.observe(state, 1)
    one = harbour.determinize(observation, SplitMix64(11))
    assert one == harbour.determinize(observation, SplitMix64(11))
    assert one != harbour.determinize(observation, SplitMix64(12))
    assert one.seed != state.seed


@pytest.mark.rules("OBS-7")
def test_determinize_refuses_what_is_not_an_observation_of_a_position() -> None:
    state = _start(2, 3, bonus=True)
    observation = harbour.observe(state, 0)
    rng = SplitMix64(1)
    with pytest.raises(harbour.InvalidValueError):
        harbour.determinize(state, rng)  # type: ignore[arg-type]
    with pytest.raises(harbour.InvalidValueError):
        harbour.determinize(observation, 1)  # type: ignore[arg-type]
    broken: list[Observation] = [
        attrs.evolve(observation, deck_size=observation.deck_size + 1),
        attrs.evolve(observation, deck_top=(observation.display[0],)),
        attrs.evolve(observation, deck_top=(state.deck[0],)),  # nobody showed it (OBS-4)
        attrs.evolve(observation, turn=5),  # setup decisions pending in play (STATE-3)
    ]
    for bad in broken:
        with pytest.raises(harbour.InvalidValueError):
            harbour.determinize(bad, rng)
