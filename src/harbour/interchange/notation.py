"""Move notation, Harbour's UCI/SAN: short, typable text for every move (NOTE-1 to NOTE-5).

:func:`format_move` gives a move's one canonical text, :func:`parse_move` reads text back
(case- and space-tolerant, building names abbreviated to any unambiguous start) and checks
the move is legal, and :func:`describe_move` gives a long label for a menu.

>>> import harbour
>>> from harbour.interchange.notation import format_move, parse_move, read_move
>>> state = harbour.new_game(2, seed=1)
>>> format_move(state, harbour.ChooseStartingGoods(harbour.Goods(fish=2, stone=1)))
'start 2F S'
>>> parse_move(state, "START 2f s") == harbour.ChooseStartingGoods(harbour.Goods(fish=2, stone=1))
True
>>> format_move(state, read_move(state, "go kiln"))  # an abbreviation, read without the rules
'go Kiln Works'
>>> parse_move(state, "start 7F")
Traceback (most recent call last):
...
harbour.errors.MoveParseError: cannot read 'start 7F' as a move: ChooseStartingGoods.goods must count at most 6 of each good, got Goods(fish=7, livestock=0, wood=0, stone=0)

The grammar, with examples, is on the "Move notation" page of the specification.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

import attrs

from harbour.cards.describe import describe_effect
from harbour.cards.model import CardSet
from harbour.engine import verify_move
from harbour.errors import (
    AmbiguousMoveError,
    InvalidMoveError,
    InvalidValueError,
    MoveParseError,
)
from harbour.facts import GAME
from harbour.goods import GOODS, Good, Goods
from harbour.moves import (
    ChooseCharacter,
    ChooseFreeBuilding,
    ChooseOption,
    ChoosePart,
    ChooseStartingGoods,
    DeferToll,
    ExchangeGoods,
    Move,
    MovePawn,
    PayToll,
    Purchase,
    SellToTraders,
    Ship,
    SwapSquares,
    TakeGoods,
    UseAbility,
    of_some_game,
    out_of_range,
    well_formed,
    well_formed_in,
)
from harbour.rules.toll import toll_owner
from harbour.state import BoardSite, CardSite, GameState, PendingEffect, Site
from meeplekit.memo import Memo
from meeplekit.values import not_a, shown

__all__ = [
    "GOOD_LETTERS",
    "describe_move",
    "format_move",
    "move_text",
    "parse_move",
    "read_move",
]

#: The letter of each good in notation (NOTE-2).
GOOD_LETTERS: Final = {Good.FISH: "F", Good.LIVESTOCK: "L", Good.WOOD: "W", Good.STONE: "S"}
_BY_LETTER: Final = {letter: good for good, letter in GOOD_LETTERS.items()}
#: Characters a name may not hold to be written as itself (records use ``;``, ``{`` and ``}``,
#: ``buy`` uses ``+``); a name must also be printable (no line or other break but a space).
_UNSAFE: Final = re.compile(r"[;{}+#$]|^\s|\s$|^\d")
_GOODS_TEXT: Final = re.compile(r"(?:\d{0,2}[FLWS])+")
_MAX_TEXT: Final = 1_000


# --------------------------------------------------------------------------- names


def _norm(name: str) -> str:
    """How names compare: lower case, apostrophes and full stops dropped, spaces collapsed."""
    return " ".join(re.sub(r"['’.]", "", name).lower().split())


#: Names (compared as :func:`_norm` gives them) that mean something else in a move.
_RESERVED: Final = re.compile(r"nothing|later|board ?\d+")


@attrs.frozen
class _Names:
    """The names of a card set's buildings or character boards, as the notation uses them."""

    #: Each name as written in a canonical text: itself, or ``#index`` (NOTE-3).
    written: tuple[str, ...]
    #: Each name as compared (:func:`_norm`).
    keys: tuple[str, ...]
    #: Each name as printed on the card, for messages.
    full: tuple[str, ...]

    @classmethod
    def of(cls, names: Sequence[str]) -> _Names:
        """The notation's view of ``names`` (NOTE-3)."""
        keys = tuple(_norm(n) for n in names)
        written = []
        for index, (name, key) in enumerate(zip(names, keys, strict=True)):
            safe = (
                key != ""
                and name.isprintable()
                and not _UNSAFE.search(name)
                and keys.count(key) == 1
                and not _RESERVED.fullmatch(key)
            )
            written.append(name if safe else f"#{index}")
        return cls(tuple(written), keys, tuple(names))

    def label(self, index: int) -> str:
        """The name for a message, with its ``#index`` when it is written so."""
        full, written = self.full[index], self.written[index]
        return full if full == written else f"{full!r} ({written})"


#: The last card set whose names were worked out, and its building and board names: a
#: one-entry memo, as most calls in a row are about the same game.
_MEMO: Memo[CardSet, tuple[_Names, _Names]] = Memo()


def _names(state: GameState) -> tuple[_Names, _Names]:
    """The names of the buildings and of the character boards of ``state``'s card set."""
    cards = state.cards
    found = _MEMO.get(cards)
    if found is None:
        found = _MEMO.put(
            cards,
            (
                _Names.of([b.name for b in cards.buildings]),
                _Names.of([c.name for c in cards.characters]),
            ),
        )
    return found


def _resolve(text: str, whole: str, names: _Names, what: str) -> int:
    """The index of the name ``text`` means: ``#index``, an exact name or a unique start."""
    if text.startswith("#"):
        if not re.fullmatch(r"#\d{1,6}", text):
            raise MoveParseError(whole, f"{text!r} is not a {what} number such as #3")
        index = int(text[1:])
        if index >= len(names.keys):
            raise MoveParseError(
                whole, f"there is no {what} {text}: the game has {len(names.keys)}"
            )
        return index
    key = _norm(text)
    if not key:
        raise MoveParseError(whole, f"expected the name of a {what}")
    exact = [i for i, n in enumerate(names.keys) if n == key]
    if len(exact) == 1:
        return exact[0]
    starts = exact or [i for i, n in enumerate(names.keys) if n.startswith(key)]
    if len(starts) == 1:
        return starts[0]
    if starts:
        raise AmbiguousMoveError(whole, text, [names.label(i) for i in starts])
    raise MoveParseError(whole, f"no {what} is called {text!r}")


def _board_seat(state: GameState, text: str, whole: str) -> int | None:
    """The seat whose starting building ``text`` names (exactly or by a unique start), if any.

    Only read when no building fits ``text`` (NOTE-3); several seats fitting is ambiguous.
    """
    key = _norm(text)
    if not key or text.startswith("#"):
        return None
    boards = [_norm(state.board_of(seat).name) for seat in range(len(state.players))]
    fits = [s for s, n in enumerate(boards) if n == key] or [
        s for s, n in enumerate(boards) if n.startswith(key)
    ]
    if len(fits) > 1:
        raise AmbiguousMoveError(
            whole, text, [f"board {s + 1} ({state.site_name(BoardSite(s))})" for s in fits]
        )
    return fits[0] if fits else None


# --------------------------------------------------------------------------- goods


def _goods_text(goods: Goods) -> str:
    parts = []
    for good, count in zip(GOODS, goods.as_tuple(), strict=True):
        if count:
            parts.append(f"{count if count > 1 else ''}{GOOD_LETTERS[good]}")
    return " ".join(parts) if parts else "nothing"


def _letters(goods: Sequence[Good]) -> str:
    return " ".join(GOOD_LETTERS[g] for g in goods) if goods else "nothing"


def _read_goods(text: str, whole: str) -> Goods:
    compact = "".join(text.upper().split())
    if compact == "NOTHING":
        return Goods()
    if not _GOODS_TEXT.fullmatch(compact):
        raise MoveParseError(
            whole, f"expected goods such as '2F S' (F, L, W, S with counts), got {text!r}"
        )
    counts = dict.fromkeys(GOODS, 0)
    for amount, letter in re.findall(r"(\d{0,2})([FLWS])", compact):
        good = _BY_LETTER[letter]
        if counts[good]:
            raise MoveParseError(whole, f"{good.label} is given twice")
        counts[good] = int(amount) if amount else 1
        if counts[good] == 0:
            raise MoveParseError(whole, f"a count of 0 {good.label}: leave it out")
    return Goods(*counts.values())


def _read_kinds(text: str, whole: str) -> tuple[Good, ...]:
    compact = "".join(text.upper().split())
    if compact == "NOTHING":
        return ()
    if not re.fullmatch(r"[FLWS]+", compact):
        raise MoveParseError(
            whole, f"expected goods letters such as 'F L' (no counts), got {text!r}"
        )
    return tuple(_BY_LETTER[c] for c in compact)


def _read_good(text: str, whole: str) -> Good:
    kinds = _read_kinds(text, whole)
    if len(kinds) != 1:
        raise MoveParseError(whole, f"expected one good letter (F, L, W or S), got {text!r}")
    return kinds[0]


def _read_number(text: str, whole: str, what: str) -> int:
    if not re.fullmatch(r"\d{1,3}", text):
        raise MoveParseError(whole, f"expected the number of the {what}, got {text!r}")
    return int(text)


# --------------------------------------------------------------------------- formatting


def _site_text(state: GameState, site: Site) -> str:
    if isinstance(site, BoardSite):
        return f"board {site.player + 1}"
    return _names(state)[0].written[site.card]


def _checked(state: GameState, move: object) -> Move:
    """``move`` as its constructor makes it, naming only what the game of ``state`` has.

    The door of the functions below that take a position and a move (INPUT-1, INPUT-5).
    """
    if not isinstance(state, GameState):
        raise not_a(GameState, state, InvalidValueError)
    return of_some_game(well_formed_in(move, state.cards, len(state.players)))


def format_move(state: GameState, move: Move) -> str:
    """The canonical text of ``move`` in ``state`` (NOTE-1): for example ``"go Kiln Works"``.

    Every well-formed move of the game has exactly one canonical text, and
    ``parse_move(state, format_move(state, move)) == move`` for every legal move. The text
    never holds ``;``, ``{``, ``}`` or a line break. Raises
    :class:`~harbour.errors.InvalidMoveError` for a value that is not a move of this game
    (one made around its constructor that the constructor refuses, one naming a building,
    board or seat the game does not have, or an option no either-or action has) (INPUT-1),
    and :class:`~harbour.errors.InvalidValueError` for a ``state`` that is not a
    :class:`~harbour.state.GameState` (INPUT-5).
    """
    move = _checked(state, move)
    match move:
        case ChooseStartingGoods(goods=goods):
            return f"start {_goods_text(goods)}"
        case ChooseCharacter(board=board):
            return f"character {_names(state)[1].written[board]}"
        case ChooseFreeBuilding(card=card):
            return f"free {_names(state)[0].written[card]}"
        case MovePawn(site=site):
            return f"go {_site_text(state, site)}"
        case PayToll(good=good):
            return f"toll {GOOD_LETTERS[good]}"
        case DeferToll():
            return "toll later"
        case ChooseOption(index=index):
            return f"option {index + 1}"
        case ChoosePart(index=index):
            return f"part {index + 1}"
        case TakeGoods(goods=goods):
            return f"take {_goods_text(goods)}"
        case ExchangeGoods(spend=spend, gain=gain):
            return f"exchange {GOOD_LETTERS[spend]} for {_letters(gain)}"
        case SwapSquares(first=first, second=second):
            values = GAME.market_values
            return f"swap ${values[first]} ${values[second]}"
        case Ship(goods=goods, keep=keep):
            kept = f" keep {_goods_text(keep)}" if keep.total else ""
            return f"ship {_letters(goods)}{kept}"
        case SellToTraders():
            return "traders"
        case UseAbility(fee=fee, spend=spend, gain=gain):
            paid = f" fee {_goods_text(fee)}" if fee.total else ""
            return f"ability {GOOD_LETTERS[spend]} to {GOOD_LETTERS[gain]}{paid}"
        case Purchase(cards=cards):
            names = _names(state)[0].written
            return "buy " + (" + ".join(names[c] for c in cards) if cards else "nothing")
    raise InvalidMoveError(f"not a move: {shown(move)}")  # pragma: no cover - _checked refuses


# --------------------------------------------------------------------------- parsing


def parse_move(state: GameState, text: str) -> Move:
    """The move ``text`` names in ``state``, checked to be legal now (NOTE-1 to NOTE-5).

    Case, extra spaces, apostrophes and full stops in names do not matter; a building or
    board may be named by any start of its name that fits only one, or by ``#index``.
    Raises :class:`~harbour.errors.MoveParseError` for text that is not a move,
    :class:`~harbour.errors.AmbiguousMoveError` for a name that fits several, and
    :class:`~harbour.errors.IllegalMoveError` (naming the rule) for a move the rules
    forbid now; :class:`~harbour.errors.InvalidValueError` for a ``state`` that is not a
    :class:`~harbour.state.GameState` (INPUT-5).
    """
    move = read_move(state, text)
    verify_move(state, move)
    return move


def read_move(state: GameState, text: str) -> Move:
    """The move ``text`` names, well formed for this game but not checked against the rules.

    Raises as :func:`parse_move` does, except for :class:`~harbour.errors.IllegalMoveError`.
    """
    if not isinstance(state, GameState):
        raise not_a(GameState, state, InvalidValueError)
    if type(text) is not str:
        raise MoveParseError(shown(text), "expected text")
    if len(text) > _MAX_TEXT:
        raise MoveParseError(text[:40] + "...", f"expected at most {_MAX_TEXT} characters")
    whole = text
    words = text.split()
    if not words:
        raise MoveParseError(whole, "expected a move such as 'go Kiln Works' or 'ship F'")
    verb, rest = words[0].lower(), " ".join(words[1:])
    try:
        move = _read(state, verb, rest, whole)
    except InvalidValueError as exc:
        if isinstance(exc, MoveParseError):
            raise
        raise MoveParseError(whole, str(exc)) from None
    problem = out_of_range(
        move, len(state.cards.buildings), len(state.cards.characters), len(state.players)
    )
    if problem is not None:
        raise MoveParseError(whole, problem)
    return move


_VERBS: Final = (
    "start, character, free, go, toll, option, part, take, exchange, swap, ship, traders, "
    "ability, buy"
)


def _read(state: GameState, verb: str, rest: str, whole: str) -> Move:
    lower = rest.lower()
    if verb == "start":
        return ChooseStartingGoods(_read_goods(rest, whole))
    if verb == "character":
        return ChooseCharacter(_resolve(rest, whole, _names(state)[1], "character board"))
    if verb == "free":
        return ChooseFreeBuilding(_resolve(rest, whole, _names(state)[0], "building"))
    if verb == "go":
        board = re.fullmatch(r"board\s*(\d{1,3})", lower)
        if board:
            seat = int(board.group(1))
            if not 1 <= seat <= len(state.players):
                raise MoveParseError(
                    whole, f"there is no board {seat}: seats are 1 to {len(state.players)}"
                )
            return MovePawn(BoardSite(seat - 1))
        try:
            return MovePawn(CardSite(_resolve(rest, whole, _names(state)[0], "building")))
        except AmbiguousMoveError:
            raise
        except MoveParseError:
            owner = _board_seat(state, rest, whole)
            if owner is None:
                raise
            return MovePawn(BoardSite(owner))
    if verb == "toll":
        return DeferToll() if lower == "later" else PayToll(_read_good(rest, whole))
    if verb in ("option", "part"):
        number = _read_number(rest, whole, verb)
        if number < 1:
            raise MoveParseError(whole, f"{verb}s are numbered from 1")
        return ChooseOption(number - 1) if verb == "option" else ChoosePart(number - 1)
    if verb == "take":
        return TakeGoods(_read_goods(rest, whole))
    if verb == "exchange":
        spend, sep, gain = lower.partition(" for ")
        if not sep:
            raise MoveParseError(whole, "expected 'exchange F for L W'")
        return ExchangeGoods(_read_good(spend, whole), _read_kinds(gain, whole))
    if verb == "swap":
        squares = re.fullmatch(r"\$?\s*(\d{1,2})(?:\s+|\s*\$\s*)(\d{1,2})", lower)
        values = GAME.market_values
        if squares is None or not all(int(v) in values for v in squares.groups()):
            raise MoveParseError(
                whole,
                f"expected two market squares such as 'swap $2 $4' ({', '.join(f'${v}' for v in values)})",
            )
        first, second = sorted(values.index(int(v)) for v in squares.groups())
        if first == second:
            raise MoveParseError(whole, "expected two different market squares")
        return SwapSquares(first, second)
    if verb == "ship":
        goods, sep, keep = lower.partition("keep")
        kept = _read_goods(keep, whole) if sep else Goods()
        return Ship(_read_kinds(goods, whole), kept)
    if verb == "traders":
        if rest:
            raise MoveParseError(whole, "'traders' takes nothing after it")
        return SellToTraders()
    if verb == "ability":
        terms = re.fullmatch(r"(\S+)\s+to\s+(\S+)(?:\s+fee\s+(.+))?", lower)
        if terms is None:
            raise MoveParseError(whole, "expected 'ability S to L' or 'ability S to L fee F'")
        fee = _read_goods(terms.group(3), whole) if terms.group(3) else Goods()
        return UseAbility(fee, _read_good(terms.group(1), whole), _read_good(terms.group(2), whole))
    if verb == "buy":
        if _norm(rest) == "nothing":
            return Purchase(())
        names = _names(state)[0]
        cards = [_resolve(part.strip(), whole, names, "building") for part in rest.split("+")]
        if len(set(cards)) != len(cards):
            raise MoveParseError(whole, "a building is named twice")
        return Purchase(tuple(cards))
    raise MoveParseError(whole, f"unknown verb {verb!r}; the verbs are {_VERBS}")


# --------------------------------------------------------------------------- long form


def _goods_words(goods: Goods) -> str:
    return goods.describe() if goods.total else "nothing"


def _kind_words(goods: Sequence[Good]) -> str:
    names = [g.label for g in goods]
    return " and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " and " + names[-1]


def _site_words(state: GameState, site: Site) -> str:
    if isinstance(site, BoardSite):
        board = state.board_of(site.player).name
        if state.players[site.player].board is not None:  # a character's starting building
            return f"Player {site.player + 1}'s starting building (the {board})"
        return f"Player {site.player + 1}'s {board}"
    return f"the {state.cards.buildings[site.card].name}"


def _toll_words(state: GameState, site: Site) -> str:
    """Whose building ``site`` is and the toll the mover owes there, before its action."""
    owner, mover = state.owner_of(site), state.current
    if owner is None:
        return ""
    if owner == mover:
        return "" if isinstance(site, BoardSite) else "yours; "
    whose = "" if isinstance(site, BoardSite) else f"Player {owner + 1}'s, "
    due = toll_owner(state, mover, site) is not None  # TOLL-1, TOLL-4
    return f"{whose}{'toll 1 good' if due else 'no toll'}; "


def _part_words(state: GameState, index: int, kind: str) -> str:
    top = state.pending
    if isinstance(top, PendingEffect):
        parts = getattr(top.effect, "options" if kind == "option" else "parts", ())
        if index < len(parts):
            text = describe_effect(parts[index]).rstrip(".")
            return f": {text[0].lower()}{text[1:]}"
    return ""


def move_text(move: Move) -> str:
    """What ``move`` does, in words, without a position: ``str(move)`` (NOTE-5).

    Without a game the card set's names are unknown, so buildings, character boards and
    seats are named by number (buildings and boards as indices of the card set, seats from
    1): ``"Move to building 3"``, ``"Buy buildings 2 and 7"``. With a position,
    :func:`describe_move` names them. Raises :class:`~harbour.errors.InvalidMoveError` for
    a value that is not a move, also one made around its constructor that the constructor
    refuses (:func:`harbour.moves.well_formed`), and for a move no game can have
    (:func:`harbour.moves.of_some_game`: ``ChooseOption(9)``) (INPUT-1).
    """
    match of_some_game(well_formed(move)):
        case ChooseStartingGoods(goods=goods):
            return f"Start with {_goods_words(goods)}"
        case ChooseCharacter(board=board):
            return f"Keep character board {board}"
        case ChooseFreeBuilding(card=card):
            return f"Take building {card} for free"
        case MovePawn(site=BoardSite(player=player)):
            return f"Move to Player {player + 1}'s starting building"
        case MovePawn(site=CardSite(card=card)):
            return f"Move to building {card}"
        case PayToll(good=good):
            return f"Pay the toll with 1 {good.label}"
        case DeferToll():
            return "Pay the toll after the action"
        case ChooseOption(index=index):
            return f"Choose option {index + 1}"
        case ChoosePart(index=index):
            return f"Do part {index + 1} first"
        case TakeGoods(goods=goods):
            return f"Take {_goods_words(goods)}"
        case ExchangeGoods(spend=spend, gain=gain):
            return f"Exchange {spend.label} for {_kind_words(gain)}"
        case SwapSquares(first=first, second=second):
            values = GAME.market_values
            return f"Swap the goods on the ${values[first]} and ${values[second]} squares"
        case Ship(goods=goods, keep=keep):
            if not goods:
                return "Ship nothing"
            kept = f", keeping {keep.describe()}" if keep.total else ""
            return f"Ship all {_kind_words(goods)}{kept}"
        case SellToTraders():
            return "Sell one of each good to the Inland Traders"
        case UseAbility(fee=fee, spend=spend, gain=gain):
            paid = f", paying {fee.describe()}" if fee.total else ""
            return f"Use the ability: turn {spend.label} into {gain.label}{paid}"
        case Purchase(cards=bought):
            if not bought:
                return "Buy nothing"
            numbers = [str(c) for c in bought]
            return f"Buy building{'s' if len(numbers) > 1 else ''} {' and '.join(numbers)}"
    raise InvalidMoveError(f"not a move: {shown(move)}")  # pragma: no cover - well_formed refuses


def describe_move(state: GameState, move: Move) -> str:
    """A long label for ``move`` in ``state``, before it is played, for a menu (NOTE-5).

    For example ``"Move to the Kiln Works (Player 2's, toll 1 good; spend 2 wood to gain 3
    stone)"`` or ``"Buy the Admiralty ($13, 9 VP)"``. Buildings and boards are named by
    name; a pawn move says whose building it is and whether a toll is due there. Raises
    as :func:`format_move` does for a value that is not a move of this game.
    """
    move = _checked(state, move)
    cards = state.cards
    match move:
        case (
            ChooseStartingGoods()
            | PayToll()
            | DeferToll()
            | TakeGoods()
            | ExchangeGoods()
            | Ship()
            | UseAbility()
        ):
            return move_text(move)
        case ChooseCharacter(board=board):
            return f"Keep the {cards.characters[board].name} board"
        case ChooseFreeBuilding(card=card):
            return f"Take the {cards.buildings[card].name} for free"
        case MovePawn(site=site):
            action = describe_effect(
                state.board_of(site.player).action
                if isinstance(site, BoardSite)
                else cards.buildings[site.card].action
            )
            action = f"{action[0].lower()}{action[1:].rstrip('.')}"
            return f"Move to {_site_words(state, site)} ({_toll_words(state, site)}{action})"
        case ChooseOption(index=index):
            return f"{move_text(move)}{_part_words(state, index, 'option')}"
        case ChoosePart(index=index):
            return f"{move_text(move)}{_part_words(state, index, 'part')}"
        case SwapSquares(first=first, second=second):
            values = GAME.market_values
            return (
                f"Swap the {state.market[first].label} on ${values[first]} and the "
                f"{state.market[second].label} on ${values[second]}"
            )
        case SellToTraders():
            return f"{move_text(move)} for ${cards.inland_traders_price}"
        case Purchase(cards=bought):
            if not bought:
                return "Buy nothing"
            listed = []
            for c in bought:
                b = cards.buildings[c]
                price = "no price" if b.cost is None else f"${b.cost}"
                listed.append(f"the {b.name} ({price}, {b.points} VP)")
            return "Buy " + " and ".join(listed)
    raise InvalidMoveError(f"not a move: {shown(move)}")  # pragma: no cover - _checked refuses
