"""Position codes: a whole game of Harbour on one line, as chess has FEN (POSCODE-1..6).

:func:`code` writes a state as one line of text that a bug report or a rules question can
quote, and :func:`from_code` reads it back, checked as :func:`harbour.from_json` checks a
document: ``from_code(code(state)) == state``. The code of what one seat may see,
``code(state, viewer=seat)``, reads back as that seat's observation,
``from_code(code(state, viewer=seat)) == observe(state, seat)``.

>>> import harbour
>>> state = harbour.new_game(2, seed=1)
>>> text = harbour.code(state)
>>> text
'harbour/1 [(0 [] - - [] -),(0 [] - - [] -)] [S,L,W,F] [21,13,35,12,23] 0 [starting-goods] 0 - n n 0 [4,16,31,17,34,26,3,18,24,9,6,33,2,30,32,11,28,22,27,20,7,19,8,10,15,1,25,29,0,14,5] 1 - Harbour_library_original_set'
>>> harbour.from_code(text) == state
True
>>> harbour.code(state, viewer=1)[:12]
'harbour/1@1 '
>>> harbour.from_code(harbour.code(state, viewer=1)) == harbour.observe(state, 1)
True

After the header come the players (each: goods, buildings bought, pawn, character
board, free buildings, bonus card), the market from the $2 square up, the display, the
seat to play, the pending decisions (the one to decide now last), the turn, the turns left
in the last round, three flags of the turn (ability used, deck ran out) and the buildings
bought this turn, then the secret deck (top first), the seed, the rule readings that are
not the default and the card set. Goods are written as in move notation, ``2F1S``
(``0``: none); buildings, boards and bonus cards by their index in the card set. The
specification's page "Position codes" gives every field.

A code that cannot be read raises :class:`PositionCodeError` (a
:class:`~harbour.errors.MoveParseError`), naming the field:

>>> harbour.from_code(text.replace("[S,L,W,F]", "[S,L,W,X]"))
Traceback (most recent call last):
...
harbour.interchange.poscode.PositionCodeError: position code, market[3] at character 52: expected a Good (F, L, W, S), got 'X'
"""

from __future__ import annotations

from typing import Final

from harbour.cards.identity import BUILT_IN_CARD_SETS
from harbour.cards.model import CardSet
from harbour.determinize import determinize
from harbour.errors import InvalidValueError, MoveParseError
from harbour.goods import Good, Goods
from harbour.interchange.serialization import FORMAT, MAX_DOCUMENT_BYTES, from_data, to_json
from harbour.observation import Observation, observe
from harbour.options import RulesOptions
from harbour.state import GameState
from harbour.validation import validate
from meeplekit.documents import type_tag
from meeplekit.interchange import poscode

__all__ = ["CODES", "VERSION", "PositionCodeError", "code", "from_code"]

#: The version of Harbour's position codes, in their header (``harbour/1``).
VERSION: Final = 1


class PositionCodeError(poscode.CodeError, MoveParseError):
    """A position code that :func:`from_code` cannot read (POSCODE-5).

    It is Harbour's :class:`~harbour.errors.MoveParseError` (the notation's error) and
    :class:`meeplekit.interchange.poscode.CodeError`: :attr:`field` names the field at fault
    (``"players[1].goods"``, ``"header"``, ``""`` for the code as a whole) and
    :attr:`position` where its value starts in the text.
    """


def _tag(cls: type) -> str:
    """A union member's tag: ``pending-move`` is ``move``, ``card-site`` is ``card``."""
    return type_tag(cls).removeprefix("pending-").removesuffix("-site")


def _schema() -> poscode.Schema:
    letters = {Good.FISH: "F", Good.LIVESTOCK: "L", Good.WOOD: "W", Good.STONE: "S"}
    return poscode.Schema(
        types={
            Good: poscode.enum_choice(Good, letters),
            Goods: poscode.Counts("FLWS", Goods, Goods.as_tuple, "goods"),
            CardSet: poscode.Packed(
                BUILT_IN_CARD_SETS,
                to_json=to_json,
                fmt=FORMAT,
                kind="cards",
                from_data=lambda data, kind: from_data(data, CardSet, kind),
                max_bytes=MAX_DOCUMENT_BYTES,
                what="a card set",
            ),
        },
        tag=_tag,
        last={
            GameState: ("deck", "seed", "options", "cards"),
            Observation: ("deck_size", "deck_top", "options", "cards"),
        },
        given={Observation: {"viewer": poscode.VIEWER}},
        options=(RulesOptions,),
    )


_SCHEMA: Final = _schema()


#: Harbour's position codes (:class:`meeplekit.interchange.poscode.PositionCodes`): what the
#: shared tools (the command's ``position``) read; :func:`code` and :func:`from_code` are theirs.
CODES: Final = poscode.PositionCodes[GameState, Observation](
    game="harbour",
    version=VERSION,
    state=_SCHEMA.record(GameState),
    observation=_SCHEMA.record(Observation),
    observe=observe,
    validate=validate,
    determinize=determinize,
    error=PositionCodeError,
    value_error=InvalidValueError,
)


def code(state: GameState | Observation, viewer: int | None = None) -> str:
    """The position code of ``state``: the whole position on one line (POSCODE-1).

    Every field is written, the secret ones too (the deck's order, every bonus card, the
    seed), as a FEN holds the whole position. With ``viewer`` (a seat), only what that
    seat may see: the code of :func:`harbour.observe` ``(state, viewer)``, whose header
    names the seat (``harbour/1@1``, POSCODE-4). An :class:`~harbour.observation.Observation`
    is written as its viewer's code. Raises :class:`~harbour.errors.InvalidValueError`
    for a viewer that is no seat and for a value that is neither.
    """
    return CODES.code(state, viewer)


def from_code(text: str) -> GameState | Observation:
    """The state a position code holds, or the observation a seat's code holds (POSCODE-5).

    The state passes :func:`harbour.validate`; a seat's code reads back as that seat's
    :class:`~harbour.observation.Observation`, which some valid position must give (as
    :func:`harbour.determinize` checks). Raises :class:`PositionCodeError` naming the
    field for anything else: text over :data:`meeplekit.interchange.poscode.MAX_CODE_CHARS`
    characters or not printable ASCII, another game or version, a field missing or too
    many, a value of the wrong kind or a number over 20 digits, and a position the rules
    refuse.
    """
    return CODES.from_code(text)
