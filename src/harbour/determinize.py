"""Sampling a whole game consistent with what one player sees (rules OBS-7, OBS-8).

A bot that may not peek searches states it cannot tell from the true one:
:func:`determinize` fills in what an :class:`~harbour.observation.Observation` hides, at
random and uniformly among the fillings that give the same observation.

>>> import harbour
>>> from meeplekit.rng import SplitMix64
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

import typing
from typing import Final

from harbour.cards.model import CardSet
from harbour.errors import InvalidStateError, InvalidValueError
from harbour.facts import GAME
from harbour.goods import GOODS, Goods, is_good
from harbour.observation import (
    HiddenCharacterChoice,
    HiddenFreeBuildingChoice,
    Observation,
    PlayerView,
    observe,
)
from harbour.options import RulesOptions
from harbour.state import (
    BoardSite,
    CardSite,
    GameState,
    Pending,
    PendingCharacter,
    PendingFreeBuilding,
    PlayerState,
)
from harbour.validation import validate
from meeplekit.rng import SplitMix64
from meeplekit.values import field_getter, shown

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
    value that is not an observation or a generator, for an observation whose fields are
    not of their types (made by hand or around its constructor: a field never set, a
    count of ``-1``, a list where a tuple belongs; OBS-8), and for an observation no
    position gives: buildings, boards or bonus cards that do not add up, or a sample that
    :func:`harbour.validate` refuses (the message lists its violations).
    """
    if not isinstance(observation, Observation):
        raise InvalidValueError(
            f"determinize needs an Observation, got {type(observation).__name__}"
        )
    if not isinstance(rng, SplitMix64):
        raise InvalidValueError(f"rng must be a SplitMix64, got {type(rng).__name__}")
    seen = observation
    problem = _malformed(seen)
    if problem is not None:
        raise InvalidValueError(f"the observation is not well formed: {problem}")
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


#: The placeholders of another player's secret choice, and what a stack may hold.
_HIDDEN: Final = (HiddenCharacterChoice, HiddenFreeBuildingChoice)
_OBSERVED: Final = frozenset((*typing.get_args(Pending), *_HIDDEN))
#: The fields of an observation and of a player's view, by getters that raise
#: ``AttributeError`` for a field never set.
_FIELDS: Final = field_getter(Observation)
_VIEW_FIELDS: Final = field_getter(PlayerView)


def _count(value: object, most: int | None = None) -> bool:
    """A whole number from 0 (an ``int``, not a ``bool``), at most ``most`` when given."""
    return type(value) is int and value >= 0 and (most is None or value <= most)


def _counts(value: object) -> bool:
    """A tuple of whole numbers from 0."""
    return type(value) is tuple and all(type(v) is int and v >= 0 for v in value)


def _malformed(seen: Observation) -> str | None:
    """What makes ``seen`` no observation :func:`determinize` can read, or ``None`` (OBS-8).

    Every field must be set and of the type a :class:`~harbour.state.GameState` takes
    for it, each count and index a whole number from 0, before anything is drawn; whether
    the values fit together is :func:`harbour.validate`'s question, on the sample.
    """
    try:
        _FIELDS(seen)
        if type(seen.cards) is not CardSet or type(seen.options) is not RulesOptions:
            return "cards must be a CardSet and options RulesOptions"
        most_buildings, most_boards = len(seen.cards.buildings), len(seen.cards.characters)
        players, stack = seen.players, seen.stack
        if type(players) is not tuple or not all(type(v) is PlayerView for v in players):
            return f"players must be a tuple of PlayerView, got {shown(players)}"
        views = [_VIEW_FIELDS(view) for view in players]
        if type(stack) is not tuple or not all(type(p) in _OBSERVED for p in stack):
            return f"stack must be a tuple of pending decisions, got {shown(stack)}"
        # Each choice on the stack: its seat, and whether what it holds is well formed.
        choices: list[tuple[object, bool]] = []
        for pending in stack:
            if isinstance(pending, PendingCharacter):
                choices.append((pending.player, _counts(pending.offered)))
            elif isinstance(pending, HiddenCharacterChoice):
                choices.append((pending.player, _count(pending.count, most_boards)))
            elif isinstance(pending, HiddenFreeBuildingChoice):
                choices.append((pending.player, _count(pending.count, most_buildings)))
    except AttributeError:
        return "a value of it has a field that was never set: it was not made by its constructor"
    if len(players) not in GAME.player_counts:
        return f"a game has 2 to 4 players, got {len(players):,}"
    if seen.viewer is None:
        return "it is a spectator's (viewer None): a determinization is sampled for a seat"
    if not _count(seen.viewer) or seen.viewer >= len(players):
        return f"viewer must be a seat from 0 to {len(players) - 1}, got {shown(seen.viewer)}"
    if not _count(seen.deck_size, most_buildings):
        return f"deck_size must be a count of buildings, got {shown(seen.deck_size)}"
    for seat, (goods, owned, free, pawn, board, bonus, has_bonus) in enumerate(views):
        if (
            type(goods) is not Goods
            or not (_counts(owned) and _counts(free))
            or not (pawn is None or type(pawn) in (CardSite, BoardSite))
            or not (board is None or _count(board))
            or not (bonus is None or _count(bonus))
            or type(has_bonus) is not bool
        ):
            return f"player {seat + 1}'s view is not of its fields' types: {shown(players[seat])}"
    market = seen.market
    if type(market) is not tuple or len(market) != len(GOODS) or not all(map(is_good, market)):
        return f"market must be a tuple of four goods, got {shown(market)}"
    for name in ("display", "deck_top"):
        if not _counts(getattr(seen, name)):
            return f"{name} must be a tuple of building indices, got {shown(getattr(seen, name))}"
    for name in ("current", "turn", "bought_this_turn"):
        if not _count(getattr(seen, name)):
            return f"{name} must be a whole number from 0, got {shown(getattr(seen, name))}"
    if not (seen.last_round_turns is None or _count(seen.last_round_turns)):
        return f"last_round_turns must be None or a count, got {shown(seen.last_round_turns)}"
    if type(seen.ability_used) is not bool or type(seen.deck_ran_out) is not bool:
        return "ability_used and deck_ran_out must be True or False"
    for player, holds in choices:
        if not (_count(player) and holds):
            return f"a choice on the stack must name a seat and its boards or count: {shown(stack)}"
    return None


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
