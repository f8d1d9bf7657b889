"""Building a position from plain values (:func:`position`), or from another (:func:`replace`).

A rules discussion, a puzzle or a test starts from a position rather than a game's
beginning. :func:`position` makes one from plain values (building keys or indices, goods
as :class:`~harbour.goods.Goods` or tables) and refuses it with
:class:`~harbour.errors.InvalidStateError`, listing every broken invariant, unless
:func:`harbour.validate` accepts it.

>>> import harbour
>>> from harbour.cards import ORIGINAL_SET
>>> keys = [b.key for b in ORIGINAL_SET.buildings]
>>> state = harbour.position(
...     goods=[{"fish": 2, "stone": 1}, {"wood": 3}],
...     market=["fish", "livestock", "wood", "stone"],
...     display=keys[:5],
... )
>>> state.players[0].goods
Goods(fish=2, livestock=0, wood=0, stone=1)
>>> harbour.legal_moves(state)[0]
MovePawn(site=BoardSite(player=0))

:func:`replace` makes a state or a player's state like another with some fields changed,
checking nothing, as tests do to set up an edge case or an illegal position:

>>> from harbour.positions import replace
>>> richer = replace(state.players[0], goods=Goods(fish=6))
>>> later = replace(state, players=(richer, state.players[1]), turn=9)
>>> later.players[0].goods.fish, later.turn, state.turn
(6, 9, 1)
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

import attrs

from harbour.cards.model import CardSet
from harbour.errors import InvalidStateError, InvalidValueError
from harbour.facts import GAME
from harbour.goods import GOODS, Good, Goods
from harbour.options import RulesOptions
from harbour.state import GameState, Pending, PendingMove, PlayerState, Site
from harbour.validation import Violation, validate
from meeplekit.values import shown

__all__ = ["position", "replace"]

#: A :class:`~harbour.state.GameState` or a :class:`~harbour.state.PlayerState`.
State = TypeVar("State", GameState, PlayerState)
_STATE_CLASSES = (GameState, PlayerState)

#: Goods given as a ``Goods``, a table such as ``{"fish": 2}``, or four counts.
GoodsLike = Goods | Mapping[str, int] | Sequence[int]
#: A building given by its key or its index in the card set.
BuildingRef = int | str


def position(
    *,
    goods: Sequence[GoodsLike],
    market: Sequence[Good | str],
    display: Sequence[BuildingRef],
    deck: Sequence[BuildingRef] | None = None,
    owned: Sequence[Sequence[BuildingRef]] | None = None,
    free: Sequence[Sequence[BuildingRef]] | None = None,
    pawns: Sequence[Site | None] | None = None,
    boards: Sequence[BuildingRef | None] | None = None,
    bonus_cards: Sequence[BuildingRef | None] | None = None,
    current: int = 0,
    turn: int = 1,
    stack: Sequence[Pending] = (PendingMove(),),
    last_round_turns: int | None = None,
    ability_used: bool = False,
    deck_ran_out: bool = False,
    bought_this_turn: int = 0,
    options: RulesOptions | None = None,
    cards: CardSet | None = None,
    seed: int = 0,
) -> GameState:
    """A valid position with exactly these values; one entry per player in ``goods``.

    ``market`` lists the goods from the $2 square up. Buildings, character ``boards`` and
    ``bonus_cards`` are named by key or index; ``deck`` defaults to every building not
    placed elsewhere, in card-set order (top first). ``owned`` and ``free`` list each
    player's bought and free buildings; ``pawns`` each player's site (``None`` before
    their first move). The other arguments are the :class:`~harbour.state.GameState`
    fields of the same names; ``options`` and ``cards`` default to the documented
    readings and the original set. A sequence is a list, a tuple or another sequence
    that is not text; goods are :class:`~harbour.goods.Goods`, a table such as
    ``{"fish": 2}`` or four counts.

    Raises :class:`~harbour.errors.InvalidStateError` listing every broken invariant
    (:func:`harbour.validate`), including names that the card set does not have, and
    any argument of the wrong kind, size or type whatever it holds (a number where a
    sequence belongs, a list nested deep, a count of ``-1``), each value shown cut short
    (INPUT-6).
    """
    if cards is None:
        from harbour.cards.original import ORIGINAL_SET

        cards = ORIGINAL_SET
    if type(cards) is not CardSet:
        raise InvalidStateError(
            [Violation("STATE-1", f"cards must be a CardSet, got {shown(cards)}")]
        )
    problems: list[Violation] = []
    size = len(cards.buildings)

    def listed(value: object, what: str, most: int) -> tuple[Any, ...] | None:
        """``value`` as a tuple, a sequence (not text) of at most ``most`` entries; else None."""
        if not isinstance(value, Sequence) or isinstance(value, str | bytes | bytearray):
            problems.append(
                Violation("STATE-1", f"{what} must be a list or a tuple, got {shown(value)}")
            )
            return None
        if len(value) > most:
            problems.append(
                Violation("STATE-1", f"{what} has {len(value):,} entries, more than {most}")
            )
            return None
        return tuple(value)

    held = listed(goods, "goods", sys.maxsize)
    if held is None:
        raise InvalidStateError(problems)
    n = len(held)
    if n not in GAME.player_counts:
        raise InvalidStateError([Violation("COMP-1", f"a game has 2 to 4 players, got {n:,}")])
    keys = [b.key for b in cards.buildings]

    def buildings(value: object, what: str) -> tuple[int, ...]:
        refs = listed(value, what, size) or ()
        return tuple(_index(ref, keys, "building", problems) for ref in refs)

    def per_player(values: object, default: object, what: str) -> list[Any]:
        if values is None:
            return [default] * n
        found = listed(values, what, max(GAME.player_counts))
        if found is None:
            return [default] * n
        if len(found) != n:
            problems.append(
                Violation("STATE-1", f"{what}: give one entry per player ({n}), not {len(found)}")
            )
        return list(found)[:n] + [default] * (n - len(found))

    players_goods = [_goods(g, problems) for g in held]
    shown_cards = buildings(display, "display")
    bought = [
        buildings(refs, f"player {seat + 1}'s owned buildings")
        for seat, refs in enumerate(per_player(owned, (), "owned"))
    ]
    gifted = [
        buildings(refs, f"player {seat + 1}'s free buildings")
        for seat, refs in enumerate(per_player(free, (), "free"))
    ]
    board_keys = [c.key for c in cards.characters]
    kept = [
        None if ref is None else _index(ref, board_keys, "character board", problems)
        for ref in per_player(boards, None, "boards")
    ]
    bonus_keys = [c.key for c in cards.bonus_cards]
    secret = [
        None if ref is None else _index(ref, bonus_keys, "bonus card", problems)
        for ref in per_player(bonus_cards, None, "bonus_cards")
    ]
    if deck is None:
        used = set(shown_cards) | {c for cs in (*bought, *gifted) for c in cs}
        pile = tuple(i for i in range(size) if i not in used)
    else:
        pile = buildings(deck, "deck")
    squares = tuple(_good(g, problems) for g in listed(market, "market", len(GOODS)) or ())
    sites = per_player(pawns, None, "pawns")
    pending = listed(stack, "stack", sys.maxsize) or ()
    if problems:
        raise InvalidStateError(problems)
    try:
        state = GameState(
            cards=cards,
            options=options if options is not None else RulesOptions(),
            seed=seed,
            players=tuple(
                PlayerState(g, b, p, k, f, s)
                for g, b, p, k, f, s in zip(
                    players_goods, bought, sites, kept, gifted, secret, strict=True
                )
            ),
            market=squares,  # type: ignore[arg-type]  # validate checks its length
            display=shown_cards,
            deck=pile,
            current=current,
            stack=pending,
            turn=turn,
            last_round_turns=last_round_turns,
            ability_used=ability_used,
            deck_ran_out=deck_ran_out,
            bought_this_turn=bought_this_turn,
        )
    except (TypeError, ValueError) as exc:  # pragma: no cover - only compiled GameState checks
        raise InvalidStateError([Violation("STATE-1", str(exc))]) from None
    found = validate(state)
    if found:
        raise InvalidStateError(found)
    return state


def replace(value: State, /, **changes: object) -> State:
    """``value`` with the named fields changed: a new state made by its class's constructor.

    ``value`` is a :class:`~harbour.state.GameState` or a
    :class:`~harbour.state.PlayerState`; ``changes`` name its fields (as the class
    documents them) and give their new values, the others keep theirs. The result is what
    the constructor makes from those fields, so what a state derives from them (its
    :attr:`~harbour.state.GameState.layout`: the buildings in play and their owners, its
    hash) is worked out anew, and nothing is shared with ``value``'s caches.

    It checks nothing else: the new state may break the rules (tests make edge cases and
    illegal positions with it). :func:`harbour.validate` lists what a state breaks, and
    :func:`harbour.position` builds only valid positions.

    Raises :class:`~harbour.errors.InvalidValueError` when ``value`` is neither class or a
    name in ``changes`` is not one of its fields.
    """
    cls = type(value)
    if cls not in _STATE_CLASSES:
        raise InvalidValueError(f"replace takes a GameState or a PlayerState, not {cls.__name__}")
    names = [f.name for f in attrs.fields(cls)]
    unknown = [name for name in changes if name not in names]
    if unknown:
        raise InvalidValueError(
            f"{cls.__name__} has no field {', '.join(map(repr, unknown))};"
            f" its fields are {', '.join(names)}"
        )
    fields: dict[str, Any] = {name: changes.get(name, getattr(value, name)) for name in names}
    made: State = cls(**fields)
    return made


def _index(ref: object, keys: list[str], what: str, problems: list[Violation]) -> int:
    if type(ref) is int and 0 <= ref < len(keys):
        return ref
    if isinstance(ref, str) and ref in keys:
        return keys.index(ref)
    problems.append(Violation("STATE-1", f"the card set has no {what} {shown(ref)}"))
    return 0


def _goods(value: object, problems: list[Violation]) -> Goods:
    try:
        if isinstance(value, Goods):
            return value
        if isinstance(value, Mapping):
            return Goods(**value)
        if isinstance(value, Sequence) and not isinstance(value, str) and len(value) == 4:
            return Goods(*value)
    except (TypeError, InvalidValueError) as exc:
        problems.append(Violation("STATE-1", f"not goods: {shown(value)} ({shown(str(exc))})"))
        return Goods()
    problems.append(Violation("STATE-1", f"not goods: {shown(value)}"))
    return Goods()


def _good(value: object, problems: list[Violation]) -> Good:
    if isinstance(value, Good):
        return value
    if isinstance(value, str):
        for good in GOODS:
            if good.label == value:
                return good
    problems.append(Violation("STATE-1", f"not a good: {shown(value)}"))
    return Good.FISH
