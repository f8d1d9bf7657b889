"""Checking a position: :func:`validate` lists every broken invariant (rules STATE-1 to STATE-5).

A state reached by playing from :func:`harbour.new_game` is always valid. A state made
or edited by hand (``attrs.evolve``, a JSON document, :func:`harbour.position`) may not
be, and the engine's promises (legal moves exist while the game goes on, every legal
move applies, nothing raises but the library's errors) hold only for valid states.

>>> import attrs, harbour
>>> state = harbour.new_game(2, seed=1)
>>> harbour.validate(state)
()
>>> broken = attrs.evolve(state, market=(harbour.Good.FISH,) * 4)
>>> harbour.validate(broken)[0]
Violation(rule_id='SETUP-3', reason='the market must hold each of the four goods once, got fish, fish, fish, fish')
"""

from __future__ import annotations

import typing
from collections import Counter
from collections.abc import Iterator

import attrs

from harbour.cards.abilities import (
    FreeBuildingAtSetup,
    GainOnPurchase,
    GainWhenOthersUseStart,
    ShareOccupiedBuildings,
)
from harbour.cards.effects import Effect, OneOf, Symbol, TwoPart, contains_buy
from harbour.cards.limits import MAX_BUY, MAX_DOLLARS, MAX_GIFT, MAX_PRICE
from harbour.cards.model import CardSet
from harbour.errors import HarbourError, InvalidValueError
from harbour.facts import GAME
from harbour.goods import GOODS, Goods, is_good
from harbour.options import RulesOptions
from harbour.rules.buying import affords
from harbour.rules.turn import sites_in_play
from harbour.state import (
    BoardSite,
    CardSite,
    GameState,
    Pending,
    PendingCharacter,
    PendingEffect,
    PendingFreeBuilding,
    PendingGift,
    PendingMove,
    PendingPurchase,
    PendingShip,
    PendingStartingGoods,
    PendingToll,
    PendingTollAfter,
    PlayerState,
)
from meeplekit.options import made_options
from meeplekit.values import remade, shown

__all__ = ["MAX_MONEY", "Violation", "validate"]

#: The most money a buy action can make: every square, an ability's bonus and the Inland
#: Traders' highest price (BUY-4, ABIL-4, INLAND-2).
MAX_MONEY = sum(GAME.market_values) + MAX_DOLLARS + MAX_PRICE

_PENDING_TYPES: tuple[type, ...] = typing.get_args(Pending)
_SETUP = (PendingStartingGoods, PendingCharacter, PendingFreeBuilding)


@attrs.frozen(slots=True)
class Violation:
    """One broken invariant: the rule it breaks and what is wrong."""

    rule_id: str
    reason: str


def validate(state: object) -> tuple[Violation, ...]:
    """Every invariant ``state`` breaks, each naming its rule; ``()`` for a valid position.

    The checks follow the specification: values of the right types and ranges (STATE-1),
    seats, turn and setup (STATE-2), the shape of the pending stack (STATE-3), pending
    decisions within their bounds and consistent with the position (STATE-4), the last
    round (STATE-5), and the rules' own invariants: goods from 0 to 6 (GOODS-1, GOODS-2),
    the market a permutation of the four goods (SETUP-3), every building exactly once in
    the deck, the display or a player's hands (STATE-1), the display's size (SETUP-1,
    DISPLAY-1), pawns (TURN-1, TURN-3, ABIL-10), boards (CHAR-2), free buildings (ABIL-8)
    and bonus cards (BONUS-1). Checks that depend on broken ones are skipped, so that this
    function never raises, whatever it is given: also values made around their
    constructors (``object.__setattr__``, a tampered pickle) are checked by those
    constructors, so that goods counting ``-1``, ``True``, ``2.0`` or ``"2"`` anywhere in
    the players or the pending decisions are reported (STATE-1, INPUT-1).
    """
    try:
        found = list(_types(state))
    except AttributeError:  # a value made around its constructor, with a field never set
        return (Violation("STATE-1", _NEVER_SET),)
    if found:
        return tuple(found)
    assert isinstance(state, GameState)
    found = list(_indices(state))
    if found:
        return tuple(found)
    for check in (_goods, _market, _buildings, _display, _pawns, _boards, _bonus_cards, _turn):
        found.extend(check(state))
    if not found:
        found.extend(_stack(state))
    return tuple(found)


# --------------------------------------------------------------------------- STATE-1: types


#: The violation of a value whose field was never set.
_NEVER_SET = (
    "a value of the position has a field that was never set: it was not made by its constructor"
)
#: The most turns a position counts (STATE-1): more than any game plays, and a number
#: that every view and document writes in a few digits.
_MOST_TURNS = 2**63 - 1
#: How deeply values nest inside a pending decision (an action of actions, FILE-3).
_DEEPEST = 8


def _unmade(value: object, depth: int = 0) -> str | None:
    """Why ``value`` and the values inside it are not what their constructors make, or None.

    Each attrs value (goods, a site, an action) is made again by its constructor
    (:func:`meeplekit.values.remade`), the values inside it first.
    """
    if depth > _DEEPEST:
        return "values nest too deeply"
    if type(value) is tuple:
        for item in value:
            problem = _unmade(item, depth + 1)
            if problem is not None:
                return problem
        return None
    fields = getattr(type(value), "__attrs_attrs__", None)
    if fields is None:
        return None
    for field in fields:
        try:
            inner = getattr(value, field.name)
        except AttributeError:
            return _NEVER_SET
        problem = _unmade(inner, depth + 1)
        if problem is not None:
            return problem
    try:
        made = remade(value, error=InvalidValueError)
        # A hash cached before a field was changed, or never set up, is no hash of it.
        same = made == value and hash(made) == hash(value)
    except Exception as exc:  # whatever the constructor refuses: it did not make the value
        return str(exc) if isinstance(exc, HarbourError) else f"{shown(value)} is not well formed"
    if not same:
        return f"{shown(value)} was not made by its constructor"
    return None


def _is_int(value: object, low: int = 0, high: int | None = None) -> bool:
    return type(value) is int and value >= low and (high is None or value <= high)


def _int_tuple(value: object) -> bool:
    return type(value) is tuple and (
        not value or (set(map(type, value)) == {int} and min(value) >= 0)
    )


def _types(state: object) -> Iterator[Violation]:
    def bad(what: str, value: object) -> Violation:
        return Violation("STATE-1", f"{what} must be {value}")

    if type(state) is not GameState:
        yield Violation("STATE-1", f"expected a GameState, got {type(state).__name__}")
        return
    if type(state.cards) is not CardSet:
        yield bad("cards", "a CardSet")
    if not made_options(state.options, RulesOptions):
        yield bad("options", "RulesOptions as their constructor makes them (INPUT-2)")
    if not _is_int(state.seed, 0, 2**64 - 1):
        yield bad("seed", f"a whole number from 0 to 2**64 - 1, got {shown(state.seed)}")
    players = state.players
    if type(players) is not tuple or not all(type(p) is PlayerState for p in players):
        yield bad("players", "a tuple of PlayerState")
    elif len(players) not in GAME.player_counts:
        yield Violation("COMP-1", f"a game has 2 to 4 players, got {len(players)}")
    else:
        for seat, player in enumerate(players):
            yield from _player_types(seat, player)
    market = state.market
    if type(market) is not tuple or len(market) != 4 or not all(is_good(g) for g in market):
        yield bad("market", f"a tuple of four goods, got {shown(market)}")
    for name in ("display", "deck"):
        if not _int_tuple(getattr(state, name)):
            yield bad(name, "a tuple of building indices")
    if not _is_int(state.current):
        yield bad("current", f"a seat, got {shown(state.current)}")
    if not _is_int(state.turn, 0, _MOST_TURNS):
        yield bad("turn", f"a whole number from 0 to 2**63 - 1, got {shown(state.turn)}")
    if state.last_round_turns is not None and not _is_int(state.last_round_turns):
        yield bad(
            "last_round_turns", f"None or a whole number >= 0, got {shown(state.last_round_turns)}"
        )
    for name in ("ability_used", "deck_ran_out"):
        if type(getattr(state, name)) is not bool:
            yield bad(name, "True or False")
    if not _is_int(state.bought_this_turn):
        yield bad("bought_this_turn", f"a whole number >= 0, got {shown(state.bought_this_turn)}")
    stack = state.stack
    if type(stack) is not tuple or not all(type(p) in _PENDING_TYPES for p in stack):
        yield bad("stack", "a tuple of pending decisions")
    else:
        for pending in stack:
            yield from _pending_types(pending)


def _player_types(seat: int, player: PlayerState) -> Iterator[Violation]:
    where = f"player {seat + 1}'s"
    if type(player.goods) is not Goods:
        yield Violation("STATE-1", f"{where} goods must be Goods")
    else:
        problem = _unmade(player.goods)
        if problem is not None:
            yield Violation("STATE-1", f"{where} goods: {problem}")
    for name in ("buildings", "free_buildings"):
        if not _int_tuple(getattr(player, name)):
            yield Violation("STATE-1", f"{where} {name} must be a tuple of building indices")
    if player.pawn is not None:
        if type(player.pawn) not in (CardSite, BoardSite):
            yield Violation(
                "STATE-1", f"{where} pawn must be None or a site, got {shown(player.pawn)}"
            )
        else:
            problem = _unmade(player.pawn)
            if problem is not None:
                yield Violation("STATE-1", f"{where} pawn: {problem}")
    for name in ("board", "bonus_card"):
        value = getattr(player, name)
        if value is not None and not _is_int(value):
            yield Violation(
                "STATE-1", f"{where} {name} must be None or an index, got {shown(value)}"
            )


def _pending_types(pending: Pending) -> Iterator[Violation]:
    ints: dict[type, tuple[str, ...]] = {
        PendingCharacter: ("player",),
        PendingFreeBuilding: ("player",),
        PendingGift: ("player", "amount"),
        PendingShip: ("count", "money"),
        PendingToll: ("owner",),
        PendingTollAfter: ("owner",),
        PendingPurchase: ("money", "count"),
    }
    for name in ints.get(type(pending), ()):
        if not _is_int(getattr(pending, name)):
            yield Violation(
                "STATE-1", f"{type(pending).__name__}.{name} must be a whole number >= 0"
            )
    if isinstance(pending, PendingCharacter | PendingFreeBuilding):
        listed = pending.offered if isinstance(pending, PendingCharacter) else pending.options
        if not _int_tuple(listed):
            yield Violation("STATE-1", f"{type(pending).__name__} must list indices")
    if isinstance(pending, PendingPurchase) and type(pending.shipped) is not bool:
        yield Violation("STATE-1", "PendingPurchase.shipped must be True or False")
    if isinstance(pending, PendingGift) and not (
        type(pending.cause) is str and _is_int(pending.times)
    ):
        yield Violation("STATE-1", "PendingGift.cause must be a text and times a whole number")
    if isinstance(pending, PendingEffect):
        if not isinstance(pending.effect, _EFFECTS):
            yield Violation("STATE-1", "PendingEffect.effect must be an action")
        else:
            problem = _unmade(pending.effect)
            if problem is not None:
                yield Violation("STATE-1", f"PendingEffect.effect: {problem}")


_EFFECTS: tuple[type, ...] = typing.get_args(Effect)


# --------------------------------------------------------------------------- indices


def _indices(state: GameState) -> Iterator[Violation]:
    """STATE-1: every index names something the card set and the table have."""
    cards = state.cards
    n_buildings, n_boards = len(cards.buildings), len(cards.characters)
    n_bonus, n = len(cards.bonus_cards), len(state.players)

    def buildings(where: str, indices: tuple[int, ...]) -> Iterator[Violation]:
        if len(indices) > n_buildings:  # checked first: the checks below take time per item
            yield Violation(
                "STATE-1", f"{where} names {len(indices)} buildings; there are {n_buildings}"
            )
        elif indices and max(indices) >= n_buildings:
            yield Violation(
                "STATE-1", f"{where} names building {shown(max(indices))}; there are {n_buildings}"
            )

    yield from buildings("the display or deck", state.display + state.deck)
    if state.current >= n:
        yield Violation("STATE-2", f"current is seat {shown(state.current)}; there are {n} seats")
    for seat, player in enumerate(state.players):
        where = f"player {seat + 1}"
        yield from buildings(where, player.buildings + player.free_buildings)
        pawn = player.pawn
        if isinstance(pawn, CardSite):
            yield from buildings(f"{where}'s pawn", (pawn.card,))
        elif isinstance(pawn, BoardSite) and pawn.player >= n:
            yield Violation(
                "STATE-1", f"{where}'s pawn stands on seat {shown(pawn.player)}'s board"
            )
        if player.board is not None and player.board >= n_boards:
            yield Violation(
                "STATE-1", f"{where} plays board {shown(player.board)}; there are {n_boards}"
            )
        if player.bonus_card is not None and player.bonus_card >= n_bonus:
            yield Violation("STATE-1", f"{where} holds bonus card {shown(player.bonus_card)}")
    for pending in state.stack:
        if isinstance(pending, PendingMove | PendingEffect):
            continue
        seats = [getattr(pending, name, 0) for name in ("player", "owner")]
        if any(seat >= n for seat in seats):
            yield Violation("STATE-1", f"{shown(pending)} names a seat the game does not have")
        if isinstance(pending, PendingCharacter) and any(b >= n_boards for b in pending.offered):
            yield Violation(
                "STATE-1", f"{shown(pending)} offers a board the card set does not have"
            )
        if isinstance(pending, PendingFreeBuilding):
            yield from buildings("a free-building choice", pending.options)


# --------------------------------------------------------------------------- the rules' invariants


def _goods(state: GameState) -> Iterator[Violation]:
    for seat, player in enumerate(state.players):
        most = max(player.goods.as_tuple())
        if most > GAME.goods_cap:
            yield Violation(
                "GOODS-2",
                f"player {seat + 1} holds {shown(most)} of a good; nobody holds more than "
                f"{GAME.goods_cap}",
            )


def _market(state: GameState) -> Iterator[Violation]:
    if sorted(state.market) != sorted(GOODS):
        shown = ", ".join(g.label for g in state.market)
        yield Violation("SETUP-3", f"the market must hold each of the four goods once, got {shown}")


def _buildings(state: GameState) -> Iterator[Violation]:
    """Every building exactly once: the deck, the display, or a player's (BUY-8, ABIL-8)."""
    places = [*state.deck, *state.display]
    for player in state.players:
        places.extend(player.buildings)
        places.extend(player.free_buildings)
    counts = Counter(places)
    name = state.cards.buildings
    for index in range(len(name)):
        if counts[index] != 1:
            yield Violation(
                "STATE-1",
                f"the {name[index].name} must be in exactly one place (the deck, the display "
                f"or a player's buildings), found in {counts[index]}",
            )
    for seat, player in enumerate(state.players):
        for index in player.buildings:
            if name[index].cost is None:
                yield Violation(
                    "BUY-7", f"player {seat + 1} owns the {name[index].name}, which has no price"
                )


def _display(state: GameState) -> Iterator[Violation]:
    size = GAME.display_size(len(state.players))
    shown = len(state.display)
    if state.deck and shown != size:
        yield Violation(
            "DISPLAY-1",
            f"the display must hold {size} buildings while the deck can refill it, got {shown}",
        )
    elif shown > size:
        yield Violation("SETUP-1", f"the display holds at most {size} buildings, got {shown}")


def _ability(state: GameState, seat: int) -> object:
    return state.board_of(seat).ability


def _pawns(state: GameState) -> Iterator[Violation]:
    in_play = set(sites_in_play(state))
    taken: dict[object, int] = {}
    for seat, player in enumerate(state.players):
        pawn = player.pawn
        if pawn is None:
            continue
        if pawn not in in_play:
            yield Violation("TURN-3", f"player {seat + 1}'s pawn is not on a building in play")
        if state.turn == 0:
            yield Violation("TURN-1", f"player {seat + 1}'s pawn moved before play began")
        if isinstance(_ability(state, seat), ShareOccupiedBuildings):
            continue  # ABIL-10: it may join another pawn
        if pawn in taken:
            yield Violation(
                "TURN-1",
                f"players {taken[pawn] + 1} and {seat + 1} have their pawns on one building",
            )
        taken[pawn] = seat


def _boards(state: GameState) -> Iterator[Violation]:
    boards = [p.board for p in state.players]
    kept = [b for b in boards if b is not None]
    if not state.options.characters:
        if kept:
            yield Violation("CHAR-2", "character boards are played only with characters")
    else:
        if len(kept) != len(set(kept)):
            yield Violation("CHAR-2", "two players play the same character board")
        if state.turn and len(kept) != len(boards):
            yield Violation("CHAR-2", "every player keeps a character board before play")
    for seat, player in enumerate(state.players):
        look = 0
        ability = _ability(state, seat) if player.board is not None else None
        if isinstance(ability, FreeBuildingAtSetup):
            look = 1
        if len(player.free_buildings) > look:
            yield Violation(
                "ABIL-8",
                f"player {seat + 1} owns {len(player.free_buildings)} free building(s); only a "
                "free-building ability gives one",
            )


def _bonus_cards(state: GameState) -> Iterator[Violation]:
    cards = [p.bonus_card for p in state.players]
    dealt = [c for c in cards if c is not None]
    if not state.options.bonus_cards:
        if dealt:
            yield Violation("BONUS-1", "bonus cards are dealt only when playing with them")
    elif len(dealt) != len(cards) or len(set(dealt)) != len(dealt):
        yield Violation("BONUS-1", "every player holds one bonus card, none the same")


def _turn(state: GameState) -> Iterator[Violation]:
    """STATE-2, STATE-5: setup, turns, the per-turn flags and the last round."""
    n = len(state.players)
    left = state.last_round_turns
    if left is not None:
        if left > n:
            yield Violation(
                "STATE-5", f"the last round has at most {n} turns left, got {shown(left)}"
            )
        if state.turn == 0:
            yield Violation("STATE-5", "the last round cannot begin during setup")
    over = not state.stack
    if over != (left == 0):
        yield Violation("STATE-5", "a game is over exactly when the last round has no turn left")
    if over and state.turn == 0:
        yield Violation("STATE-5", "a game cannot be over before play began")
    if state.deck_ran_out and state.deck:
        yield Violation("INT-8", "the deck ran out, but it holds buildings")
    if state.ability_used:
        ability = _ability(state, state.current)
        if state.turn == 0 or not _is_conversion(ability):
            yield Violation(
                "ABIL-11", "only a player with a once-per-turn conversion can have used it"
            )
    if state.bought_this_turn > len(state.players[state.current].buildings):
        yield Violation("INT-36", "the buildings bought this turn are more than the player owns")
    if state.turn == 0 and (state.bought_this_turn or state.deck_ran_out or state.ability_used):
        yield Violation("STATE-2", "no building is bought and no ability used during setup")


def _is_conversion(ability: object) -> bool:
    from harbour.cards.abilities import AlchemistConversion, OncePerTurnConversion

    return isinstance(ability, AlchemistConversion | OncePerTurnConversion)


# --------------------------------------------------------------------------- STATE-3, STATE-4: the stack


def _stack(state: GameState) -> Iterator[Violation]:
    if state.turn == 0:
        yield from _setup_stack(state)
    else:
        yield from _play_stack(state)
    for pending in state.stack:
        yield from _bounds(state, pending)


def _setup_stack(state: GameState) -> Iterator[Violation]:
    stack = state.stack
    n = len(state.players)
    if not stack or any(not isinstance(p, _SETUP) for p in stack):
        yield Violation("STATE-3", "during setup only setup decisions are pending")
        return
    if not isinstance(stack[0], PendingStartingGoods) or any(
        isinstance(p, PendingStartingGoods) for p in stack[1:]
    ):
        yield Violation("STATE-3", "the starting goods are chosen last in setup, once")
        return
    top = stack[-1]
    if isinstance(top, PendingCharacter | PendingFreeBuilding):
        if state.current != top.player:
            yield Violation("STATE-2", "the player choosing in setup is the current player")
        chosen_goods = 0
    else:
        chosen_goods = state.current
    characters = [p for p in stack if isinstance(p, PendingCharacter)]
    if characters and not state.options.characters:
        yield Violation("CHAR-2", "character boards are dealt only when playing with them")
    seats = [p.player for p in characters]
    if seats != sorted(seats, reverse=True):
        yield Violation("STATE-3", "character boards are chosen in seat order")
    free = [p for p in stack if isinstance(p, PendingFreeBuilding)]
    if len(free) > 1 or (free and stack[-1] is not free[0]):
        yield Violation("STATE-3", "a free building is chosen right after its board")
    first_waiting = seats[-1] if seats else n
    for seat, player in enumerate(state.players):
        if seat < first_waiting and state.options.characters and player.board is None:
            yield Violation("CHAR-2", f"player {seat + 1} has not kept a board in turn")
        if seat >= first_waiting and player.board is not None:
            yield Violation("CHAR-2", f"player {seat + 1} kept a board before their turn")
        expected = GAME.starting_goods if seat < chosen_goods else 0
        if state.options.first_game and seat < chosen_goods:
            expected = len(GOODS)
        if player.goods.total != expected:
            yield Violation(
                "SETUP-4",
                f"player {seat + 1} holds {shown(player.goods.total)} goods during setup, "
                f"expected {expected}",
            )


def _action_parts(effect: Effect) -> Iterator[Effect]:
    """An action and every part or option inside it."""
    yield effect
    if isinstance(effect, TwoPart):
        yield from _action_parts(effect.first)
        yield from _action_parts(effect.second)
    elif isinstance(effect, OneOf):
        for option in effect.options:
            yield from _action_parts(option)


def _play_stack(state: GameState) -> Iterator[Violation]:
    """STATE-3: the decisions of a turn in play, from the bottom of the stack up.

    Either the pawn move alone; or, from the bottom: a deferred toll, the action's pending
    parts (or a shipment after a sale, or a purchase), a toll due on arrival right above
    the building's action, and gifts of goods on top.
    """
    stack = state.stack
    if not stack:
        return
    if any(isinstance(p, _SETUP) for p in stack):
        yield Violation("STATE-3", "setup decisions are pending only during setup")
        return
    if any(isinstance(p, PendingMove) for p in stack):
        if stack != (PendingMove(),):
            yield Violation("STATE-3", "moving the pawn is the only decision when it is pending")
        elif state.bought_this_turn or state.deck_ran_out:
            yield Violation("STATE-3", "nothing is bought in a turn before the pawn moves")
        return
    gifts = [i for i, p in enumerate(stack) if isinstance(p, PendingGift)]
    if gifts != list(range(len(stack) - len(gifts), len(stack))):
        yield Violation("STATE-3", "gifts of goods wait on top of the other decisions")
    rest = [p for p in stack if not isinstance(p, PendingGift)]
    later = [i for i, p in enumerate(rest) if isinstance(p, PendingTollAfter)]
    if later not in ([], [0]):
        yield Violation("STATE-3", "a deferred toll waits under the whole action, once")
    tolls = [i for i, p in enumerate(rest) if isinstance(p, PendingToll)]
    if tolls and (tolls != [1] or len(rest) != 2 or later):
        yield Violation("STATE-3", "a toll due on arrival waits right above the action, once")
    if sum(isinstance(p, PendingShip | PendingPurchase) for p in rest) > 1:
        yield Violation("STATE-3", "one shipment or purchase is pending at a time")
    pawn = state.players[state.current].pawn
    if pawn is None:
        if rest:
            yield Violation("STATE-3", "an action is pending, but the pawn has not moved")
        return
    action = _site_action(state, pawn)
    parts = set(_action_parts(action))
    for pending in rest:
        if isinstance(pending, PendingEffect) and pending.effect not in parts:
            yield Violation(
                "STATE-4", "a pending action is not (part of) the action of the pawn's building"
            )
        if isinstance(pending, PendingShip | PendingPurchase) and not contains_buy(action):
            yield Violation("STATE-4", "a purchase is pending at a building that buys nothing")
        if isinstance(pending, PendingToll | PendingTollAfter):
            owner = state.owner_of(pawn)
            if owner != pending.owner or owner == state.current:
                yield Violation(
                    "STATE-4", "a toll is owed to the owner of the building the pawn is on"
                )
            if isinstance(pending, PendingToll) and state.symbol_count(
                state.current, Symbol.TOP_HAT
            ):
                # A deferred toll stays owed if a top hat is bought during the action (INT-41).
                yield Violation("TOLL-4", "a player with a top hat owes no toll on arrival")
    if tolls and not (isinstance(rest[0], PendingEffect) and rest[0].effect == action):
        yield Violation("STATE-3", "a toll due on arrival waits above the building's action")


def _site_action(state: GameState, pawn: CardSite | BoardSite) -> Effect:
    if isinstance(pawn, BoardSite):
        return state.board_of(pawn.player).action
    return state.cards.buildings[pawn.card].action


def _bounds(state: GameState, pending: Pending) -> Iterator[Violation]:
    """STATE-4: the numbers a pending decision holds, and who it concerns."""
    if isinstance(pending, PendingGift):
        yield from _gift(state, pending)
    elif isinstance(pending, PendingPurchase):
        if pending.money > MAX_MONEY or not 1 <= pending.count <= MAX_BUY:
            yield Violation(
                "STATE-4",
                f"a purchase has at most ${MAX_MONEY} and 1 to {MAX_BUY} buildings, got "
                f"${shown(pending.money)} and {shown(pending.count)}",
            )
        elif not affords(state, state.current, pending.money):
            yield Violation(
                "STATE-4", "a pending purchase pays for at least one building of the display"
            )
    elif isinstance(pending, PendingShip):
        if not 1 <= pending.count <= MAX_BUY or pending.money > MAX_PRICE:
            yield Violation(
                "STATE-4",
                f"a shipment after a sale buys 1 to {MAX_BUY} buildings with at most "
                f"${MAX_PRICE}, got {shown(pending.count)} and ${shown(pending.money)}",
            )
        if not state.options.inland_traders:
            yield Violation("INLAND-1", "a sale to the Inland Traders in a game without them")
    elif isinstance(pending, PendingCharacter):
        offered = pending.offered
        kept = {p.board for p in state.players}
        if len(offered) != GAME.boards_offered or len(set(offered)) != len(offered):
            yield Violation("CHAR-2", f"a player is dealt {GAME.boards_offered} different boards")
        if kept & set(offered):
            yield Violation("CHAR-2", "a board offered is already kept by a player")
    elif isinstance(pending, PendingFreeBuilding):
        ability = _ability(state, pending.player)
        look = ability.look if isinstance(ability, FreeBuildingAtSetup) else 0
        if not look or pending.options != state.deck[:look]:
            yield Violation(
                "ABIL-8", "a free building is chosen from the top of the deck by its ability"
            )


def _gift(state: GameState, gift: PendingGift) -> Iterator[Violation]:
    if not 1 <= gift.amount <= MAX_GIFT:
        yield Violation("STATE-4", f"a gift is 1 to {MAX_GIFT} goods, got {shown(gift.amount)}")
    current = state.current
    receiver = gift.player
    ability = _ability(state, receiver)
    mover = _ability(state, current)
    reasons: dict[str, bool] = {
        "ABIL-6": receiver == current and isinstance(ability, GainOnPurchase),
        "ABIL-7": receiver != current and isinstance(ability, GainWhenOthersUseStart),
        "ABIL-10": receiver != current
        and isinstance(mover, ShareOccupiedBuildings)
        and state.players[receiver].pawn == state.players[current].pawn,
    }
    if not reasons.get(gift.cause, False):
        yield Violation(
            "STATE-4",
            f"a gift to player {receiver + 1} must come from an ability that gives one "
            f"(ABIL-6, ABIL-7 or ABIL-10), got cause {shown(gift.cause)}",
        )
