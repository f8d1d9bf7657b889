"""Observations are fair (OBS-1 to OBS-6): nothing secret in them, everything public.

Over seeded random games (2 to 4 players, spread over every combination of rule readings as
the sweep plays them, two games in three with characters and bonus cards, every other game
with a character for every ability hook), each position is changed in what one player may
not see, as a real game could have dealt it: the deck below what they saw on top, the
boards dealt to the other players still choosing, the other players' bonus cards and the
seed. The player's observation, its JSON and their view of the board must stay the same.
What each player saw on top of the deck is followed from the moves played, and the
observation must say exactly that. A scenario then changes each public field of a position
in turn: every change must show in every player's observation.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

import harbour
from harbour import GameState, Goods
from harbour.agents.bots import GreedyBot, RandomBot
from harbour.agents.search import ISMCTSBot
from harbour.agents.tensors import observation_tensor
from harbour.cards.original import ORIGINAL_SET
from harbour.observation import HiddenCharacterChoice, HiddenFreeBuildingChoice
from harbour.positions import replace
from harbour.state import (
    BoardSite,
    Pending,
    PendingCharacter,
    PendingFreeBuilding,
    PendingGift,
    PendingTollAfter,
    PlayerState,
)
from harbour.views import svg
from harbour.views.view import _public as seen_by_public
from meeplekit.rng import SplitMix64
from tests.support.harbour import EVERY_ABILITY_SET
from tests.support.harbour_positions import GAMES, SALT, positions_of
from tests.support.harbour_sweep import seed_for
from tests.support.spectator import refuses_a_spectator


def hidden_variant(state: GameState, viewer: int | None, known: int, rng: SplitMix64) -> GameState:
    """``state`` as a game could have dealt it that ``viewer`` cannot tell from it.

    The deck below the ``known`` buildings the viewer saw on top is shuffled; the boards
    dealt to the other players still choosing are dealt again from those nobody kept and the
    viewer was not dealt; another player's free-building choice shows the new top; the
    other players' bonus cards are dealt again from those the viewer does not hold, while the
    game goes on; the seed is another. ``viewer=None`` is a spectator, who saw nothing of
    the deck (``known`` is 0) and holds no board or bonus card (OBS-9).
    """
    cards = state.cards
    deck = state.deck[:known] + rng.shuffled(state.deck[known:])
    unseen = {p.board for p in state.players}
    for pending in state.stack:
        if isinstance(pending, PendingCharacter) and pending.player == viewer:
            unseen.update(pending.offered)
    pool = list(rng.shuffled([b for b in range(len(cards.characters)) if b not in unseen]))
    stack: list[Pending] = []
    for pending in state.stack:
        if isinstance(pending, PendingCharacter) and pending.player != viewer:
            count = len(pending.offered)
            stack.append(PendingCharacter(pending.player, tuple(pool[:count])))
            del pool[:count]
        elif isinstance(pending, PendingFreeBuilding) and pending.player != viewer:
            stack.append(PendingFreeBuilding(pending.player, deck[: len(pending.options)]))
        else:
            stack.append(pending)
    players = list(state.players)
    if state.options.bonus_cards and not state.is_over:
        own = None if viewer is None else players[viewer].bonus_card
        others = list(rng.shuffled([c for c in range(len(cards.bonus_cards)) if c != own]))
        for seat, player in enumerate(players):
            if seat != viewer:
                players[seat] = replace(player, bonus_card=others.pop())
    return replace(
        state, deck=deck, stack=tuple(stack), players=tuple(players), seed=rng.next_u64()
    )


@pytest.mark.rules(
    "OBS-1", "OBS-3", "OBS-4", "OBS-5", "OBS-6", "BONUS-3", "JSON-6", "VIEW-2", "PIC-3"
)
@pytest.mark.parametrize("index", GAMES)
def test_what_a_player_may_not_see_does_not_change_their_observation(index: int) -> None:
    rng = SplitMix64(seed_for(index) ^ SALT ^ 1)
    changed = 0
    for number, seen in enumerate(positions_of(index)):
        state = seen.state
        for viewer in range(len(state.players)):
            observation = harbour.observe(state, viewer)
            assert observation.deck_top == seen.deck_top[viewer]  # OBS-4
            variant = hidden_variant(state, viewer, len(seen.deck_top[viewer]), rng)
            assert harbour.validate(variant) == ()  # a position play could reach
            changed += variant != state
            assert harbour.observe(variant, viewer) == observation
            if number % 5 == 0:  # the documents, and the view drawn from them (VIEW-2)
                text = harbour.to_json(observation)
                assert harbour.to_json(harbour.observe(variant, viewer)) == text
                assert harbour.render(variant, viewer) == harbour.render(state, viewer)
                assert svg.position(variant, viewer) == svg.position(state, viewer)  # PIC-3
    assert changed  # the variants did change what the players may not see


@pytest.mark.rules("OBS-9", "OBS-3", "OBS-4", "OBS-5", "OBS-6", "JSON-6")
@pytest.mark.parametrize("index", GAMES[::3])
def test_what_some_player_may_not_see_does_not_change_a_spectators_observation(
    index: int,
) -> None:
    rng = SplitMix64(seed_for(index) ^ SALT ^ 9)
    changed = 0
    for number, seen in enumerate(positions_of(index)):
        state = seen.state
        spectator = harbour.observe(state, None)
        assert spectator.viewer is None and spectator.deck_top == ()
        variant = hidden_variant(state, None, 0, rng)
        assert harbour.validate(variant) == ()
        changed += variant != state
        assert harbour.observe(variant, None) == spectator
        # Any player's observation without that player's secrets (the views' public one),
        # but at the end, when every bonus card is shown to everyone (OBS-3).
        if not state.is_over:
            for viewer in range(len(state.players)):
                public = seen_by_public(harbour.observe(state, viewer))
                assert attrs.evolve(public, viewer=None) == spectator
        if number % 5 == 0:
            assert harbour.from_json(harbour.to_json(spectator)) == spectator
    assert changed


@pytest.mark.rules("OBS-9", "VIEW-2", "PIC-3")
@pytest.mark.parametrize("index", GAMES[1::6])
def test_the_views_of_a_spectators_observation_are_the_table_as_everyone_sees_it(
    index: int,
) -> None:
    for seen in list(positions_of(index))[::9]:
        state = seen.state
        spectator = harbour.observe(state, None)
        if not state.is_over:  # at the end the views keep the bonus cards for the narration
            assert harbour.render(spectator) == harbour.render(state, public=True)
            assert svg.position(spectator) == svg.position(state, public=True)


@pytest.mark.rules("OBS-9")
def test_what_belongs_to_one_seat_is_refused_for_a_spectator() -> None:
    options = harbour.RulesOptions(characters=True, bonus_cards=True)
    spectator = harbour.observe(harbour.new_game(3, seed=4, options=options), None)
    assert all(view.bonus_card is None for view in spectator.players)
    doors: list[Callable[[Any], object]] = [observation_tensor, harbour.code]
    doors.append(lambda seen: harbour.determinize(seen, SplitMix64(1)))
    bots = [RandomBot(1), GreedyBot(1), ISMCTSBot(playouts=2, seed=1)]
    refuses_a_spectator(spectator, harbour.InvalidValueError, doors, bots)


@pytest.mark.rules("OBS-1", "OBS-2", "OBS-3", "OBS-5")
@pytest.mark.parametrize("index", GAMES[::2])
def test_an_observation_holds_the_whole_position_but_its_secrets(index: int) -> None:
    for seen in positions_of(index):
        state = seen.state
        for viewer in range(len(state.players)):
            observation = harbour.observe(state, viewer)
            assert observation.cards == state.cards and observation.options == state.options
            for name in SHARED:
                assert getattr(observation, name) == getattr(state, name), name
            assert observation.deck_size == len(state.deck)
            assert (observation.pending is None) == state.is_over
            assert observation.decider == state.decider
            assert observation.in_setup == state.in_setup
            # OBS-5: the whole stack, where only another player's setup choice is masked.
            assert len(observation.stack) == len(state.stack)
            for shown, pending in zip(observation.stack, state.stack, strict=True):
                if isinstance(pending, PendingCharacter) and pending.player != viewer:
                    assert shown == HiddenCharacterChoice(pending.player, 2)
                elif isinstance(pending, PendingFreeBuilding) and pending.player != viewer:
                    assert shown == HiddenFreeBuildingChoice(pending.player, len(pending.options))
                else:
                    assert shown == pending
            for seat, (view, player) in enumerate(
                zip(observation.players, state.players, strict=True)
            ):
                for name in PUBLIC_PLAYER_FIELDS:
                    assert getattr(view, name) == getattr(player, name), name
                assert view.has_bonus_card == (player.bonus_card is not None)
                # OBS-3: one's own card, and every card at the end (BONUS-2).
                if seat == viewer or state.is_over:
                    assert view.bonus_card == player.bonus_card
                else:
                    assert view.bonus_card is None


def test_the_games_meet_every_secret() -> None:
    """The games above are not vacuous: they deal boards, show free buildings and end."""
    met: dict[str, int] = dict.fromkeys(
        ("players 2", "players 3", "players 4", "boards", "free", "top", "end", "bonus"), 0
    )
    for index in GAMES:
        for seen in positions_of(index):
            state = seen.state
            met[f"players {len(state.players)}"] += 1
            met["boards"] += isinstance(state.pending, PendingCharacter)
            met["free"] += isinstance(state.pending, PendingFreeBuilding)
            met["top"] += state.turn > 0 and any(seen.deck_top)  # OBS-4 after setup
            met["end"] += state.is_over
            met["bonus"] += state.is_over and state.options.bonus_cards  # OBS-3 reveals
    assert all(met.values()), met


# --------------------------------------------------------------------------- every public field

#: The fields an observation copies from the state as they are (OBS-2).
SHARED = (
    "market",
    "display",
    "current",
    "turn",
    "last_round_turns",
    "ability_used",
    "deck_ran_out",
    "bought_this_turn",
)
#: The public fields of a player (OBS-2); ``bonus_card`` is OBS-3's.
PUBLIC_PLAYER_FIELDS = ("goods", "buildings", "pawn", "board", "free_buildings")
#: The secret fields of a state (OBS-4, OBS-6) and of a player (OBS-3).
SECRET_FIELDS = {"seed", "deck"}


def _base() -> GameState:
    """A position in play with characters, bonus cards and a pawn on a bought building."""
    options = harbour.RulesOptions(characters=True, bonus_cards=True)
    state = harbour.new_game(3, seed=3, options=options, cards=EVERY_ABILITY_SET)
    rng = SplitMix64(3)
    while state.turn < 6:
        state = harbour.apply_move_unchecked(state, rng.choice(harbour.legal_moves(state)))
    return state


def _player(state: GameState, seat: int, **changes: object) -> GameState:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


#: One change of each public field of a position (validity does not matter to ``observe``).
PUBLIC_CHANGES: dict[str, Callable[[GameState], GameState]] = {
    "cards": lambda s: replace(s, cards=ORIGINAL_SET),
    "options": lambda s: replace(s, options=attrs.evolve(s.options, reentry="kept")),
    "players.goods": lambda s: _player(s, 2, goods=s.players[2].goods.plus(Goods(fish=1))),
    "players.buildings": lambda s: _player(s, 2, buildings=(*s.players[2].buildings, s.deck[-1])),
    "players.pawn": lambda s: _player(s, 2, pawn=BoardSite(0)),
    "players.board": lambda s: _player(s, 2, board=None),
    "players.free_buildings": lambda s: _player(s, 2, free_buildings=(s.deck[-1],)),
    "players.bonus_card (held or not)": lambda s: _player(s, 2, bonus_card=None),
    "market": lambda s: replace(s, market=(*s.market[1:], s.market[0])),
    "display": lambda s: replace(s, display=(s.deck[-1], *s.display[1:])),
    "deck (its size)": lambda s: replace(s, deck=s.deck[1:]),
    "current": lambda s: replace(s, current=(s.current + 1) % 3),
    "stack": lambda s: replace(s, stack=(PendingTollAfter(2), *s.stack)),
    "stack (a gift on top)": lambda s: replace(s, stack=(*s.stack, PendingGift(1, 1, "ABIL-7"))),
    "turn": lambda s: replace(s, turn=s.turn + 1),
    "last_round_turns": lambda s: replace(s, last_round_turns=2),
    "ability_used": lambda s: replace(s, ability_used=not s.ability_used),
    "deck_ran_out": lambda s: replace(s, deck_ran_out=not s.deck_ran_out),
    "bought_this_turn": lambda s: replace(s, bought_this_turn=s.bought_this_turn + 1),
}


@pytest.mark.rules("OBS-2")
@pytest.mark.parametrize("field", list(PUBLIC_CHANGES))
def test_every_public_field_shows_in_every_observation(field: str) -> None:
    state = _base()
    changed = PUBLIC_CHANGES[field](state)
    assert changed != state
    for viewer in range(3):
        assert harbour.observe(changed, viewer) != harbour.observe(state, viewer)
        assert harbour.to_json(harbour.observe(changed, viewer)) != harbour.to_json(
            harbour.observe(state, viewer)
        )


@pytest.mark.rules("OBS-1", "OBS-2")
def test_every_field_of_a_state_is_public_or_secret() -> None:
    """An allow-list: a field added to the state must be classed here (and in OBS-2)."""
    changed = {name.split(" ")[0].split(".")[0] for name in PUBLIC_CHANGES}
    assert {f.name for f in attrs.fields(GameState)} == changed | SECRET_FIELDS
    players = {name.split(" ")[0].split(".")[1] for name in PUBLIC_CHANGES if "." in name}
    assert {f.name for f in attrs.fields(PlayerState)} == players | {"bonus_card"}
    assert set(PUBLIC_PLAYER_FIELDS) | {"bonus_card"} == {f.name for f in attrs.fields(PlayerState)}
