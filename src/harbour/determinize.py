"""Sampling a whole game consistent with what one player sees (rules OBS-7, OBS-8).

A bot that may not peek searches states it cannot tell from the true one:
:func:`determinize` fills in what an :class:`~harbour.observation.Observation` hides, at
random and uniformly among the fillings that give the same observation.

>>> import harbour
>>> from harbour.rng import SplitMix64
>>> options = harbour.RulesOptions(characters=True, bonus_cards=True)
>>> state = harbour.new_game(3, seed=5, options=options)
>>> seen = harbour.observe(state, 0)
>>> sample = harbour.determinize(seen, SplitMix64(1))
>>> harbour.observe(sample, 0) == seen and harbour.validate(sample) == ()
True
>>> harbour.legal_moves(sample) == harbour.legal_moves(state)  # Player 1 decides
True
"""

from __future__ import annotations

from harbour.errors import InvalidStateError, InvalidValueError
from harbour.observation import (
    HiddenCharacterChoice,
    HiddenFreeBuildingChoice,
    Observation,
    observe,
)
from harbour.rng import SplitMix64
from harbour.state import (
    GameState,
    Pending,
    PendingCharacter,
    PendingFreeBuilding,
    PlayerState,
)
from harbour.validation import validate

__all__ = ["determinize"]


def determinize(observation: Observation, rng: SplitMix64) -> GameState:
    """A whole state drawn uniformly among those that ``observation`` cannot tell apart.

    Each hidden part is drawn with ``rng`` (which advances), in this order (OBS-8):

    - the deck: the buildings the viewer has seen on top of it (``deck_top``) first, then
      every other building not visible anywhere (display, bought, free) in a uniform
      shuffle; another player's free-building choice is offered the top buildings of that
      deck, as many as its placeholder says;
    - the character boards dealt to the other players still choosing: a uniform deal,
      ``count`` each in stack order, of the boards nobody kept and the viewer was not dealt;
    - the other players' bonus cards, while the game goes on: a uniform deal of the cards
      the viewer does not hold;
    - the seed: a fresh 64-bit number from ``rng``. It says nothing about the true seed, and
      :func:`harbour.new_game` with it would not deal this deck; no rule reads the seed
      after ``new_game`` (a record of a sample would not replay from its seed).

    The sample gives ``observation`` back (``observe(sample, viewer) == observation``) and
    passes :func:`harbour.validate`. Raises :class:`~harbour.errors.InvalidValueError` for a
    value that is not an observation or a generator, and for an observation no position
    gives (made by hand): buildings, boards or bonus cards that do not add up, or a sample
    that :func:`harbour.validate` refuses (the message lists its violations).
    """
    if not isinstance(observation, Observation):
        raise InvalidValueError(
            f"determinize needs an Observation, got {type(observation).__name__}"
        )
    if not isinstance(rng, SplitMix64):
        raise InvalidValueError(f"rng must be a SplitMix64, got {type(rng).__name__}")
    seen = observation
    cards = seen.cards
    deck = _deck(seen, rng)
    stack = _stack(seen, deck, rng)
    bonus = _bonus_cards(seen, rng)
    players = tuple(
        PlayerState(
            goods=view.goods,
            buildings=view.buildings,
            pawn=view.pawn,
            board=view.board,
            free_buildings=view.free_buildings,
            bonus_card=bonus[seat],
        )
        for seat, view in enumerate(seen.players)
    )
    state = GameState(
        cards=cards,
        options=seen.options,
        seed=rng.next_u64(),
        players=players,
        market=seen.market,
        display=seen.display,
        deck=deck,
        current=seen.current,
        stack=stack,
        turn=seen.turn,
        last_round_turns=seen.last_round_turns,
        ability_used=seen.ability_used,
        deck_ran_out=seen.deck_ran_out,
        bought_this_turn=seen.bought_this_turn,
    )
    violations = validate(state)
    if violations:
        raise _inconsistent(str(InvalidStateError(violations)))
    if observe(state, seen.viewer) != seen:
        raise _inconsistent("observe gives another observation of the sample")
    return state


def _inconsistent(what: str) -> InvalidValueError:
    return InvalidValueError(f"the observation is not one of a position: {what}")


def _deck(seen: Observation, rng: SplitMix64) -> tuple[int, ...]:
    """The seen top of the deck, then the buildings visible nowhere in a uniform shuffle."""
    visible = list(seen.display)
    for view in seen.players:
        visible.extend(view.buildings)
        visible.extend(view.free_buildings)
    visible.extend(seen.deck_top)
    unseen = sorted(set(range(len(seen.cards.buildings))) - set(visible))
    if len(set(visible)) != len(visible) or len(unseen) + len(seen.deck_top) != seen.deck_size:
        raise _inconsistent(
            f"{seen.deck_size} buildings in the deck, but {len(unseen) + len(seen.deck_top)} "
            "are visible nowhere else, or one is visible twice"
        )
    return seen.deck_top + rng.shuffled(unseen)


def _stack(seen: Observation, deck: tuple[int, ...], rng: SplitMix64) -> tuple[Pending, ...]:
    """The stack with each placeholder filled: boards dealt uniformly, the deck's top shown."""
    hidden = [p for p in seen.stack if isinstance(p, HiddenCharacterChoice)]
    boards: list[int] = []
    if hidden:
        known = {view.board for view in seen.players}
        for pending in seen.stack:
            if isinstance(pending, PendingCharacter):
                known.update(pending.offered)
        pool = [b for b in range(len(seen.cards.characters)) if b not in known]
        needed = sum(p.count for p in hidden)
        if needed > len(pool):
            raise _inconsistent(f"{needed} boards dealt from {len(pool)} left")
        boards = list(rng.shuffled(pool)[:needed])
    out: list[Pending] = []
    for pending in seen.stack:
        if isinstance(pending, HiddenCharacterChoice):
            offered, boards = tuple(boards[: pending.count]), boards[pending.count :]
            out.append(PendingCharacter(pending.player, offered))
        elif isinstance(pending, HiddenFreeBuildingChoice):
            out.append(PendingFreeBuilding(pending.player, deck[: pending.count]))  # ABIL-8
        else:
            out.append(pending)
    return tuple(out)


def _bonus_cards(seen: Observation, rng: SplitMix64) -> list[int | None]:
    """The cards the viewer sees, and a uniform deal of the others for the rest."""
    cards: list[int | None] = [view.bonus_card for view in seen.players]
    missing = [
        seat
        for seat, view in enumerate(seen.players)
        if view.has_bonus_card and view.bonus_card is None
    ]
    if not missing:
        return cards
    pool = [c for c in range(len(seen.cards.bonus_cards)) if c not in cards]
    if len(missing) > len(pool):
        raise _inconsistent(f"{len(missing)} bonus cards dealt from {len(pool)} left")
    for seat, card in zip(missing, rng.shuffled(pool), strict=False):
        cards[seat] = card
    return cards
