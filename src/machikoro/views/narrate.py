"""Plain-English narration of a game: the setup, each move and the outcome.

A move is narrated from the events the engine reported while applying it
(:func:`machikoro.apply_move_with_events`), so the narration says what the engine did,
automatic steps included (the income of every establishment that activated, the market
replenished, the turn passing on), and no rule is worked out a second time here. Players
are called "Player 1" to "Player N"; seat 0 is Player 1. Nothing of a game of Machi Koro
is hidden, so the narrator tells everything as it happens (MK-CHANCE-3).

>>> import machikoro
>>> from machikoro.views.narrate import describe_events
>>> state = machikoro.new_game(2, seed=1)
>>> state = machikoro.apply_move(state, machikoro.RollDice(1))
>>> move = machikoro.Dice((1,))
>>> after, events = machikoro.apply_move_with_events(state, move)
>>> describe_events(state, move, events, after)
"Player 1 rolls a 1. Player 1's Wheat Field earns 1 coin from the bank. Player 2's Wheat Field earns 1 coin from the bank."
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from machikoro.cards.catalogue import CardSet
from machikoro.cards.describe import activation_text
from machikoro.cards.model import Establishment, Landmark
from machikoro.engine import apply_move_with_events
from machikoro.events import (
    CardDrawn,
    CoinsEarned,
    CoinsTaken,
    DeckRanOut,
    DiceRolled,
    EstablishmentBuilt,
    Event,
    GameEnded,
    HarborDecided,
    LandmarkBuilt,
    MajorsRemoved,
    NothingBuilt,
    RollChosen,
    RollKept,
    RollSettled,
    Traded,
    TradeDeclined,
    TunaRolled,
    TurnBegan,
    TurnEnded,
)
from machikoro.facts import GAME
from machikoro.moves import Activate, ChooseOpponent, Move
from machikoro.options import ExtraTurns, RulesOptions, field_rule
from machikoro.scoring import landmarks_built, outcome
from machikoro.state import GameState
from machikoro.tables import tables_of
from meeplekit.options import changed_readings

__all__ = [
    "card_name",
    "coins",
    "describe_event",
    "describe_events",
    "describe_market",
    "describe_move",
    "describe_outcome",
    "describe_player",
    "describe_roll",
    "describe_setup",
    "player_name",
]


# --------------------------------------------------------------------------- small helpers


def player_name(seat: int) -> str:
    """``"Player 1"`` for seat 0, and so on."""
    return f"Player {seat + 1}"


def coins(amount: int) -> str:
    """``"1 coin"``, ``"3 coins"``."""
    return f"{amount} coin" if amount == 1 else f"{amount} coins"


def _join(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _cards(state: GameState) -> CardSet:
    """The cards of the game ``state`` is a position of (the Sushi Bar's cost chosen)."""
    return tables_of(state).cards


def card_name(cards: CardSet, key: str) -> str:
    """The name of the establishment or landmark with this key (``"cafe"`` -> ``"Cafe"``)."""
    try:
        return cards.establishment(Establishment.from_key(key)).name
    except KeyError:
        return cards.landmark(Landmark.from_key(key)).name


def _copies(cards: CardSet, key: str, count: int) -> str:
    """``"Cafe"``, or ``"Cafe (x2)"`` for several copies acting together (MK-ACT-1)."""
    name = card_name(cards, key)
    return name if count == 1 else f"{name} (x{count})"


def describe_roll(faces: tuple[int, ...]) -> str:
    """``"5"`` for one die, ``"3 and 4 (7)"`` for two."""
    if len(faces) == 1:
        return str(faces[0])
    return f"{' and '.join(str(f) for f in faces)} ({sum(faces)})"


def _a(name: str) -> str:
    return f"an {name}" if name[0] in "AEIOU" else f"a {name}"


# --------------------------------------------------------------------------- the table


def describe_market(state: GameState) -> str:
    """The market's piles in card order: name, activation numbers, cost and cards showing.

    ``"Wheat Field (roll 1, cost 1) x2, Ranch (roll 2, cost 1), ..."``; ``"empty"`` when no
    card shows.
    """
    cards = _cards(state)
    piles = []
    for number, count in enumerate(state.market):
        if count:
            card = cards.establishment(number)
            pile = f"{card.name} (roll {activation_text(card)}, cost {card.cost})"
            piles.append(pile if count == 1 else f"{pile} x{count}")
    return ", ".join(piles) or "empty"


def describe_player(state: GameState, seat: int) -> str:
    """One line on a player's coins, establishments and landmarks.

    ``"Player 1 has 5 coins; establishments: Wheat Field, Bakery x2; landmarks built: City
    Hall, Harbor (1 of the 6 needed to win)."``; the winner's ends ``"(all 6 needed to
    win)."``
    """
    cards = _cards(state)
    t = tables_of(state)
    owned = [
        card.name if count == 1 else f"{card.name} x{count}"
        for card, count in zip(cards.establishments, state.establishments[seat], strict=True)
        if count
    ]
    built = [
        card.name for card, done in zip(cards.landmarks, state.landmarks[seat], strict=True) if done
    ]
    city = f"establishments: {', '.join(owned)}" if owned else "no establishments"
    done, needed = landmarks_built(state, seat), len(t.to_build)
    if done == needed:
        count = f"all {needed} needed to win"
    elif done:
        count = f"{done} of the {needed} needed to win"
    else:
        count = f"none yet of the {needed} needed to win"
    marks = f"landmarks built: {', '.join(built)} ({count})" if built else f"no landmarks ({count})"
    return f"{player_name(seat)} has {coins(state.coins[seat])}; {city}; {marks}."


def _edition(options: RulesOptions) -> str:
    return "Machi Koro with the Harbor expansion" if options.expansion else "Machi Koro"


def describe_setup(state: GameState, *, show_seed: bool = True) -> str:
    """The players, seed, rule readings that differ from the defaults, cities and market.

    One statement per line; the seed draws the market (MK-CHANCE-4), so a game is replayed
    from its seed and its moves. ``show_seed=False`` leaves the seed out (the first line
    then reads ``"Machi Koro with the Harbor expansion for 3 players."``): the seed of a
    game played by the command draws every roll to come (MK-CLI-2).
    """
    n = state.players
    options = state.options
    cards = _cards(state)
    t = tables_of(state)
    seed = f", seed {state.seed}" if show_seed else ""
    lines = [
        f"{_edition(options)} for {n} players{seed}.",
        f"{player_name(0)} starts; play goes clockwise: "
        + " -> ".join(player_name(s) for s in range(n))
        + ".",
    ]
    changed = [
        f"{name.replace('_', ' ')}: {_plain(value)} ({field_rule(name)})"
        for name, value in changed_readings(options)
    ]
    if changed:
        lines.append("Rule readings that differ from the defaults: " + "; ".join(changed) + ".")
    else:
        lines.append("Rule readings: the documented defaults.")
    start = [
        _a(card.name) if k == 1 else f"{k} {card.name}"
        for card, k in zip(cards.establishments, t.starting, strict=True)
        if k
    ]
    pre_built = [
        card.name for card, b in zip(cards.landmarks, t.starting_landmarks, strict=True) if b
    ]
    city = f"{coins(GAME.starting_coins)}, {_join(start)}"
    if pre_built:
        city += f", with {_join(pre_built)} built"
    lines.append(f"Each player starts with {city}.")
    goal = [f"{cards.landmark(lm).name} ({cards.landmark(lm).cost})" for lm in t.to_build]
    lines.append(f"Landmarks to build to win, with their costs: {_join(goal)}.")
    if t.harbor_market:
        lines.append(
            f"The market shows {GAME.market_piles} different establishments, drawn from one "
            f"shuffled deck ({sum(state.deck)} cards left in it): {describe_market(state)}."
        )
    else:
        lines.append(f"The market shows every pile: {describe_market(state)}.")
    return "\n".join(lines)


def _plain(value: object) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


# --------------------------------------------------------------------------- moves


def describe_move(before: GameState, move: Move, after: GameState) -> str:
    """What ``move`` did, in plain English, with concrete numbers.

    The move is applied again to read its events (:func:`describe_events`); ``after`` is
    the state it gave.
    """
    again, events = apply_move_with_events(before, move)
    return describe_events(before, move, events, again if again == after else after)


def describe_events(
    before: GameState, move: Move, events: Sequence[Event], after: GameState
) -> str:
    """What ``move`` did, from the ``events`` applying it to ``before`` gave, ending at ``after``.

    One sentence per event (a roll and the total it settles on make one), joined by spaces;
    a choice the events do not name (the major establishment to resolve next, the TV
    Station's opponent) is said first. Doubles are told only where they matter: when the
    roller's Amusement Park gives another turn for them (MK-LANDMARK-5). The states are
    read only for names and for the Amusement Park.
    """
    del after  # the events say it all
    cards = _cards(before)
    sentences: list[str] = []
    who = player_name(before.current)
    if isinstance(move, Activate):
        name = cards.establishment(move.establishment).name
        sentences.append(f"{who} resolves the {name} next.")
    elif isinstance(move, ChooseOpponent):
        sentences.append(f"{who} chooses {player_name(move.opponent)} for the TV Station.")
    for i, event in enumerate(events):
        previous = events[i - 1] if i else None
        said = (
            isinstance(event, RollSettled)
            and isinstance(previous, DiceRolled)
            and sum(previous.faces) == event.total
        )  # the roll's sentence has said the total
        if not said:
            sentences.append(describe_event(cards, event))
        if isinstance(event, RollSettled) and event.doubles and _doubles_count(before):
            sentences.append(
                f"Doubles: with the Amusement Park, {player_name(event.player)} takes another "
                "turn after this one."
            )
    return " ".join(sentences)


def _doubles_count(state: GameState) -> bool:
    """Whether doubles rolled now give the roller another turn (MK-LANDMARK-5, MK-INT-7).

    Only an Amusement Park built before the roll makes doubles matter, and on an extra
    turn only when extra turns may chain. (Under MK-INT-6's other reading, a Park built
    later in the turn grants it too; the extra turn's sentence says so then.)
    """
    if not state.landmarks[state.current][Landmark.AMUSEMENT_PARK]:
        return False
    return not (state.extra_turn and state.options.extra_turns is ExtraTurns.ONE)


def describe_event(cards: CardSet, event: Event) -> str:
    """One event as a sentence; ``cards`` names the establishments and landmarks."""
    match event:
        case TurnBegan(player=p, turn=turn, extra=extra):
            if extra:
                return (
                    f"{player_name(p)} rolled doubles and takes another turn, turn {turn} "
                    "(Amusement Park)."
                )
            return f"{player_name(p)} plays turn {turn}."
        case RollChosen(player=p, dice=dice, reroll=reroll):
            many = "one die" if dice == 1 else "two dice" if dice == 2 else f"{dice} dice"
            if reroll:
                return f"{player_name(p)} rolls {many} again with the Radio Tower."
            return f"{player_name(p)} rolls {many}."
        case DiceRolled(player=p, faces=faces):
            rolled = f"a {faces[0]}" if len(faces) == 1 else describe_roll(faces)
            return f"{player_name(p)} rolls {rolled}."
        case RollKept(player=p):
            return f"{player_name(p)} keeps the roll rather than roll again (Radio Tower)."
        case HarborDecided(player=p, added=added):
            if added:
                return f"{player_name(p)} adds 2 to the roll with the Harbor."
            return f"{player_name(p)} does not add 2 with the Harbor."
        case RollSettled(player=p, total=total):
            return f"{player_name(p)}'s total is {total}."
        case TunaRolled(player=p, faces=faces):
            return f"{player_name(p)} rolls the Tuna Boat's dice: {describe_roll(faces)}."
        case CoinsEarned(player=p, coins=n, card=key, count=count):
            name = _copies(cards, key, count)
            if n == 0:
                return f"{player_name(p)}'s {name} earns nothing."
            return f"{player_name(p)}'s {name} earns {coins(n)} from the bank."
        case CoinsTaken(player=p, payer=payer, coins=n, owed=owed, card=key, count=count):
            name = _copies(cards, key, count)
            if n == 0:
                return (
                    f"{player_name(p)}'s {name} takes nothing from {player_name(payer)}, "
                    f"who has no coins ({owed} owed)."
                )
            short = f", all they have ({owed} owed)" if n < owed else ""
            return f"{player_name(p)}'s {name} takes {coins(n)} from {player_name(payer)}{short}."
        case Traded(player=p, give=give, opponent=other, take=take):
            return (
                f"{player_name(p)} trades their {cards.establishment(give).name} for "
                f"{player_name(other)}'s {cards.establishment(take).name} (Business Center)."
            )
        case TradeDeclined(player=p):
            return f"{player_name(p)} makes no trade with the Business Center."
        case EstablishmentBuilt(player=p, establishment=kind, cost=cost):
            name = cards.establishment(kind).name
            return f"{player_name(p)} builds {_a(name)} for {coins(cost)}."
        case LandmarkBuilt(player=p, landmark=landmark, cost=cost):
            name = cards.landmark(landmark).name
            return f"{player_name(p)} completes the {name} for {coins(cost)}."
        case NothingBuilt(player=p):
            return f"{player_name(p)} builds nothing."
        case CardDrawn(establishment=kind, placed=placed):
            name = cards.establishment(kind).name
            if placed == "new-pile":
                return f"The market draws {_a(name)}: a new pile."
            if placed == "stacked":
                return f"The market draws {_a(name)}, which joins its pile."
            return f"The market draws {_a(name)}, which every player owns: it is discarded."
        case MajorsRemoved(establishment=kind, count=count):
            name = cards.establishment(kind).name
            cards_left = "the card" if count == 1 else f"the {count} cards"
            return f"Every player owns {_a(name)}: {cards_left} of it in the market leave the game."
        case DeckRanOut(piles=piles):
            return f"The deck is empty; the market keeps its {piles} piles."
        case TurnEnded(player=p, turn=turn):
            return f"{player_name(p)}'s turn ends (turn {turn})."
        case GameEnded(winner=p):
            return f"{player_name(p)} has completed every landmark and wins the game."
        case _:  # pragma: no cover - mypy proves it unreachable
            assert_never(event)


# --------------------------------------------------------------------------- the end


def describe_outcome(state: GameState) -> str:
    """Final standings and the winner; the last line names the winner.

    Raises :class:`~machikoro.errors.GameNotOverError` while the game goes on.
    """
    result = outcome(state)
    total = len(tables_of(state).to_build)
    lines = [f"The game is over after {state.turn} turns.", "Final standings:"]
    for place, seat in enumerate(result.ranking, start=1):
        lines.append(
            f"  {place}. {player_name(seat)}: {result.points[seat]} of {total} landmarks, "
            f"{coins(result.coins[seat])}"
        )
    lines.append(f"Winner: {player_name(result.winners[0])}")
    return "\n".join(lines)
