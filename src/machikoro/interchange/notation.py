"""Move notation: short, typable text for every move, chance outcomes included (MK-NOTE-1..5).

:func:`format_move` gives a move's one canonical text, :func:`parse_move` reads text back
(case- and space-tolerant, cards named by any start of their name that fits one card of
the game) and checks the move is legal, :func:`read_move` reads without the rules' check,
and :func:`describe_move` gives a long label for a menu. ``str(move)`` is
:func:`move_text`, what the move does without a position.

>>> import machikoro
>>> from machikoro.interchange.notation import describe_move, format_move, parse_move
>>> state = machikoro.new_game(2, seed=1)
>>> format_move(state, machikoro.RollDice(1))
'roll 1'
>>> parse_move(state, "ROLL  1")
RollDice(dice=1)
>>> state = machikoro.apply_move(state, machikoro.RollDice(1))
>>> parse_move(state, "dice 3")
Dice(faces=(3,))
>>> describe_move(state, machikoro.Dice((3,)))
'The die shows 3 (total 3; chance 1/6)'
>>> format_move(state, machikoro.Trade("cafe", 1, "ranch"))
'trade cafe with 2 for ranch'
>>> str(machikoro.BuildEstablishment("tv-station"))
'Build a TV Station'
>>> parse_move(state, "build f")
Traceback (most recent call last):
...
machikoro.errors.AmbiguousMoveError: cannot read 'build f' as a move: 'f' could mean Flower Orchard, Forest, Flower Shop, Furniture Factory, Family Restaurant, Fruit and Vegetable Market, Food Warehouse

The grammar, with examples, is on the "Move notation" page of the specification.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

from machikoro.cards.catalogue import card_set
from machikoro.cards.describe import (
    WHEN,
    activation_text,
    describe_establishment,
    describe_landmark,
)
from machikoro.cards.model import Establishment, Landmark, TakeFromChosen
from machikoro.chance import chance_outcomes
from machikoro.engine import verify_move
from machikoro.errors import AmbiguousMoveError, InvalidMoveError, MoveParseError
from machikoro.moves import (
    Activate,
    AddTwo,
    BuildEstablishment,
    BuildLandmark,
    BuildNothing,
    ChooseOpponent,
    Dice,
    Draw,
    KeepRoll,
    Move,
    NoTrade,
    RollDice,
    Trade,
    canonical,
    well_formed,
)
from machikoro.state import GameState, PendingRoll, PendingTunaRoll
from machikoro.tables import tables_of
from meeplekit.text import control_character
from meeplekit.values import shown

__all__ = ["VERBS", "describe_move", "format_move", "move_text", "parse_move", "read_move"]

#: The verbs of the notation, one per kind of move (MK-NOTE-1).
VERBS: Final = (
    "roll",
    "keep",
    "add2",
    "add0",
    "dice",
    "draw",
    "activate",
    "target",
    "trade",
    "build",
    "landmark",
    "nothing",
)
#: The longest text :func:`read_move` reads, in characters.
_MAX_TEXT: Final = 1_000
#: The cards as printed (names are the same in every game; costs may not be).
_CARDS: Final = card_set()
_ESTABLISHMENT_NAMES: Final = tuple(c.name for c in _CARDS.establishments)
_LANDMARK_NAMES: Final = tuple(c.name for c in _CARDS.landmarks)
_TRADE: Final = re.compile(r"(.+?)\s+with\s+(\S+)\s+for\s+(.+)")


# --------------------------------------------------------------------------- names


def _compact(name: str) -> str:
    """How names compare (MK-NOTE-2): accents, case, spaces, hyphens, ``_``, ``'`` and ``.`` dropped."""
    plain = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return re.sub(r"[\s\-_'’.]", "", plain.lower())


_ESTABLISHMENT_KEYS: Final = tuple(_compact(n) for n in _ESTABLISHMENT_NAMES)
_LANDMARK_KEYS: Final = tuple(_compact(n) for n in _LANDMARK_NAMES)


def _resolve(
    text: str,
    whole: str,
    keys: tuple[str, ...],
    names: tuple[str, ...],
    in_play: tuple[bool, ...],
    what: str,
) -> int:
    """The number of the card ``text`` names: its whole name, or a start fitting one card in play."""
    key = _compact(text)
    if not key:
        raise MoveParseError(whole, f"expected the name of {_article(what)}")
    if key in keys:
        return keys.index(key)
    starts = [i for i, k in enumerate(keys) if in_play[i] and k.startswith(key)]
    if len(starts) == 1:
        return starts[0]
    if starts:
        raise AmbiguousMoveError(whole, text, [names[i] for i in starts])
    raise MoveParseError(whole, f"no {what} is called {text!r}")


def _establishment(state: GameState, text: str, whole: str) -> Establishment:
    in_play = tables_of(state).in_play
    number = _resolve(
        text, whole, _ESTABLISHMENT_KEYS, _ESTABLISHMENT_NAMES, in_play, "establishment"
    )
    return Establishment(number)


def _landmark(state: GameState, text: str, whole: str) -> Landmark:
    in_play = tables_of(state).landmark_in_play
    return Landmark(_resolve(text, whole, _LANDMARK_KEYS, _LANDMARK_NAMES, in_play, "landmark"))


def _seat(state: GameState, text: str, whole: str) -> int:
    """A seat written from 1 (MK-NOTE-3), as its number from 0."""
    players = len(state.coins)
    if not re.fullmatch(r"\d{1,3}", text):
        raise MoveParseError(whole, f"expected a player's seat from 1 to {players}, got {text!r}")
    seat = int(text)
    if not 1 <= seat <= players:
        raise MoveParseError(whole, f"there is no player {seat}: seats are 1 to {players}")
    return seat - 1


# --------------------------------------------------------------------------- formatting


def _checked(state: GameState, move: object) -> Move:
    """``move`` as its constructor makes it, naming only seats this game has."""
    made = well_formed(move)
    seat = getattr(made, "opponent", None)
    if seat is not None and seat >= len(state.coins):
        raise InvalidMoveError(f"there is no seat {seat}: the game has {len(state.coins)} players")
    return made


def format_move(state: GameState, move: Move) -> str:
    """The canonical text of ``move`` in ``state`` (MK-NOTE-1): for example ``"build cafe"``.

    Every well-formed move of the game has exactly one canonical text, and
    ``parse_move(state, format_move(state, move)) == move`` for every legal move. The text
    is one line of lower-case letters, digits, hyphens and spaces. Raises
    :class:`~machikoro.errors.InvalidMoveError` for a value that is not a move of this
    game (a seat it does not have).
    """
    match _checked(state, move):
        case RollDice(dice=dice):
            return f"roll {dice}"
        case KeepRoll():
            return "keep"
        case AddTwo(add=add):
            return "add2" if add else "add0"
        case Dice(faces=faces):
            return "dice " + " ".join(str(f) for f in faces)
        case Draw(establishment=kind):
            return f"draw {kind.key}"
        case Activate(establishment=kind):
            return f"activate {kind.key}"
        case ChooseOpponent(opponent=seat):
            return f"target {seat + 1}"
        case Trade(give=give, opponent=seat, take=take):
            return f"trade {give.key} with {seat + 1} for {take.key}"
        case NoTrade():
            return "trade nothing"
        case BuildEstablishment(establishment=kind):
            return f"build {kind.key}"
        case BuildLandmark(landmark=landmark):
            return f"landmark {landmark.key}"
        case BuildNothing():
            return "nothing"
    raise InvalidMoveError(f"not a move: {shown(move)}")  # pragma: no cover - well_formed refuses


# --------------------------------------------------------------------------- parsing


def parse_move(state: GameState, text: str) -> Move:
    """The move ``text`` names in ``state``, checked to be legal now (MK-NOTE-1 to MK-NOTE-4).

    Case and extra spaces do not matter, nor accents, hyphens, apostrophes and full stops
    in card names; a card may be named by any start of its name that fits only one card
    of the game's editions. Raises :class:`~machikoro.errors.MoveParseError` for text that
    is not a move, :class:`~machikoro.errors.AmbiguousMoveError` for a name that fits
    several cards, and :class:`~machikoro.errors.IllegalMoveError` (naming the rule) for a
    move the rules forbid now; never anything else, whatever the text.
    """
    move = read_move(state, text)
    verify_move(state, move)
    return move


def read_move(state: GameState, text: str) -> Move:
    """The move ``text`` names, well formed for this game but not checked against the rules.

    Raises as :func:`parse_move` does, except for :class:`~machikoro.errors.IllegalMoveError`.
    """
    if type(text) is not str:
        raise MoveParseError(shown(text), "expected text")
    if len(text) > _MAX_TEXT:
        raise MoveParseError(text[:40] + "...", f"expected at most {_MAX_TEXT} characters")
    control = control_character(text)
    if control is not None:
        raise MoveParseError(
            text, f"the text holds a control or bidirectional formatting character, {control}"
        )
    words = text.split()
    if not words:
        raise MoveParseError(text, "expected a move such as 'roll 1' or 'build bakery'")
    verb, rest = words[0].lower(), " ".join(words[1:])
    try:
        move = _read(state, verb, rest, text)
    except InvalidMoveError as exc:
        if isinstance(exc, MoveParseError):
            raise
        raise MoveParseError(text, str(exc)) from None
    return canonical(move)


def _nothing_after(verb: str, rest: str, whole: str) -> None:
    if rest:
        raise MoveParseError(whole, f"{verb!r} takes nothing after it")


def _read(state: GameState, verb: str, rest: str, whole: str) -> Move:
    lower = rest.lower()
    if verb.startswith("add"):
        amount = verb[3:] + lower.replace(" ", "")
        if amount not in ("2", "0"):
            raise MoveParseError(whole, "expected 'add2' (add 2 to the total) or 'add0' (do not)")
        return AddTwo(amount == "2")
    if verb == "roll":
        if lower not in ("1", "2"):
            raise MoveParseError(whole, "expected 'roll 1' or 'roll 2'")
        return RollDice(int(lower))
    if verb == "keep":
        _nothing_after(verb, rest, whole)
        return KeepRoll()
    if verb == "dice":
        faces = lower.split()
        if not 1 <= len(faces) <= 2 or not all(re.fullmatch(r"[1-6]", f) for f in faces):
            raise MoveParseError(
                whole,
                f"expected one or two dice faces from 1 to 6, such as 'dice 3 4', got {rest!r}",
            )
        return Dice(tuple(sorted(int(f) for f in faces)))
    if verb == "draw":
        return Draw(_establishment(state, rest, whole))
    if verb == "activate":
        return Activate(_establishment(state, rest, whole))
    if verb == "target":
        return ChooseOpponent(_seat(state, rest, whole))
    if verb == "trade":
        return _read_trade(state, rest, whole)
    if verb == "build":
        return BuildEstablishment(_establishment(state, rest, whole))
    if verb == "landmark":
        return BuildLandmark(_landmark(state, rest, whole))
    if verb == "nothing":
        _nothing_after(verb, rest, whole)
        return BuildNothing()
    raise MoveParseError(whole, f"unknown verb {verb!r}; the verbs are {', '.join(VERBS)}")


def _read_trade(state: GameState, rest: str, whole: str) -> Move:
    if _compact(rest) == "nothing":
        return NoTrade()
    terms = _TRADE.fullmatch(rest.lower())
    if terms is None:
        raise MoveParseError(
            whole, "expected 'trade GIVE with SEAT for TAKE' (such as 'trade cafe with 2 for "
            "ranch') or 'trade nothing'"
        )  # fmt: skip
    give = _establishment(state, terms.group(1), whole)
    seat = _seat(state, terms.group(2), whole)
    take = _establishment(state, terms.group(3), whole)
    return Trade(give, seat, take)


# --------------------------------------------------------------------------- long form


def _article(name: str) -> str:
    """``"a Bakery"``, ``"an Apple Orchard"``."""
    return f"{'an' if name[:1].lower() in ('a', 'e', 'i', 'o', 'u') else 'a'} {name}"


def _coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


def _faces(faces: tuple[int, ...]) -> str:
    if len(faces) == 1:
        return f"die shows {faces[0]}"
    return f"dice show {faces[0]} and {faces[1]}"


def _lower(sentence: str) -> str:
    """A sentence as a clause: its first letter in lower case, without the full stop."""
    return sentence[:1].lower() + sentence[1:].rstrip(".")


def move_text(move: Move) -> str:
    """What ``move`` does, in words, without a position: ``str(move)`` (MK-NOTE-5).

    Cards are named as printed and seats from 1: ``"Build a Bakery"``, ``"The dice show 3
    and 4"``, ``"Trade your Cafe for Player 2's Ranch"``. With a position,
    :func:`describe_move` says more (costs, effects, whose card, chances). Raises
    :class:`~machikoro.errors.InvalidMoveError` for a value that is not a move, also one
    made around its constructor that the constructor refuses (MK-INPUT-1).
    """
    match well_formed(move):
        case RollDice(dice=dice):
            return f"Roll {dice} {'die' if dice == 1 else 'dice'}"
        case KeepRoll():
            return "Keep the roll"
        case AddTwo(add=add):
            return "Add 2 to the total (Harbor)" if add else "Do not add 2 to the total"
        case Dice(faces=faces):
            return f"The {_faces(faces)}"
        case Draw(establishment=kind):
            return f"Draw {_article(_ESTABLISHMENT_NAMES[kind])} for the market"
        case Activate(establishment=kind):
            return f"Resolve the {_ESTABLISHMENT_NAMES[kind]} next"
        case ChooseOpponent(opponent=seat):
            return f"Take the TV Station's coins from Player {seat + 1}"
        case Trade(give=give, opponent=seat, take=take):
            return (
                f"Trade your {_ESTABLISHMENT_NAMES[give]} for Player {seat + 1}'s "
                f"{_ESTABLISHMENT_NAMES[take]}"
            )
        case NoTrade():
            return "Make no trade"
        case BuildEstablishment(establishment=kind):
            return f"Build {_article(_ESTABLISHMENT_NAMES[kind])}"
        case BuildLandmark(landmark=landmark):
            return f"Complete the {_LANDMARK_NAMES[landmark]}"
        case BuildNothing():
            return "Build nothing"
    raise InvalidMoveError(f"not a move: {shown(move)}")


def _chance(state: GameState, move: Move) -> str:
    """``"; chance 1/18"``: the move's probability at a chance node, else ``""``."""
    for outcome, probability in chance_outcomes(state):
        if outcome == move:
            return f"; chance {probability}"
    return ""


def describe_move(state: GameState, move: Move) -> str:
    """A long label for ``move`` in ``state``, before it is played, for a menu (MK-NOTE-5).

    For example ``"Build a Bakery for 1 coin (green, activated by 2-3 on your turn only:
    get 1 coin from the bank)"``, ``"The dice show 3 and 4 (total 7; chance 1/18)"`` or ``"Take up
    to 5 coins from Player 2 (who has 3) with the TV Station"``. It is for people, not for
    parsing, never raises for a legal move, and may change between versions. Raises
    :class:`~machikoro.errors.InvalidMoveError` for a value that is not a move of this
    game.
    """
    move = _checked(state, move)
    t = tables_of(state)
    cards = t.cards
    top = state.stack[-1] if state.stack else None
    match move:
        case RollDice(dice=dice):
            if isinstance(top, PendingRoll) and top.reroll:
                return f"Roll again with {dice} {'die' if dice == 1 else 'dice'} (Radio Tower)"
            return move_text(move)
        case KeepRoll():
            faces = state.dice
            if not faces:
                return move_text(move)
            return f"Keep the roll: the {_faces(faces)} (total {sum(faces)})"
        case AddTwo(add=add):
            total = sum(state.dice)
            if add:
                return (
                    f"Add {t.harbor_add} to the total of {total} (Harbor): {total + t.harbor_add}"
                )
            return f"Keep the total of {total} (do not add {t.harbor_add})"
        case Dice(faces=faces):
            whose = "Tuna Boat's " if isinstance(top, PendingTunaRoll) else ""
            return f"The {whose}{_faces(faces)} (total {sum(faces)}{_chance(state, move)})"
        case Draw(establishment=kind):
            total = sum(state.deck)
            left = f"{state.deck[kind]} of {total} {'card' if total == 1 else 'cards'} in the deck"
            return f"{move_text(move)} ({left}{_chance(state, move)})"
        case Activate(establishment=kind):
            card = cards.establishment(kind)
            return f"Resolve your {card.name} next: {_lower(describe_establishment(card))}"
        case ChooseOpponent(opponent=seat):
            effect = cards.establishment(Establishment.TV_STATION).effect
            amount = effect.amount if isinstance(effect, TakeFromChosen) else 0
            return (
                f"Take up to {_coins(amount)} from Player {seat + 1} (who has "
                f"{state.coins[seat]}) with the TV Station"
            )
        case Trade(give=give, opponent=seat, take=take):
            return (
                f"Give your {cards.establishment(give).name} to Player {seat + 1} for their "
                f"{cards.establishment(take).name} (Business Center)"
            )
        case NoTrade():
            return "Make no trade with the Business Center"
        case BuildEstablishment(establishment=kind):
            card = cards.establishment(kind)
            return (
                f"Build {_article(card.name)} for {_coins(t.cost[kind])} ({card.colour.value}, "
                f"activated by {activation_text(card)} {WHEN[card.colour]}: "
                f"{_lower(describe_establishment(card))})"
            )
        case BuildLandmark(landmark=landmark):
            site = cards.landmark(landmark)
            return (
                f"Complete the {site.name} for {_coins(t.landmark_cost[landmark])} "
                f"({_lower(describe_landmark(site))})"
            )
        case BuildNothing():
            if state.stack and state.landmarks[state.current][Landmark.AIRPORT]:
                return f"Build nothing (the Airport pays {_coins(t.airport_coins)})"
            return move_text(move)
    raise InvalidMoveError(f"not a move: {shown(move)}")  # pragma: no cover - _checked refuses
