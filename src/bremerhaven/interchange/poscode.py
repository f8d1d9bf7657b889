"""Position codes: a whole game of Bremerhaven on one line, as chess has FEN (BH-POSCODE-1..6).

:func:`code` writes a state as one line of text that a bug report or a rules question can
quote, and :func:`from_code` reads it back, checked as :func:`bremerhaven.from_json`
checks a document: ``from_code(code(state)) == state``. The code of what one seat may see,
``code(state, viewer=seat)``, reads back as that seat's observation,
``from_code(code(state, viewer=seat)) == observe(state, seat)``: the bids other players
placed face down without their values, the decks in a fixed order.

>>> import bremerhaven
>>> state = bremerhaven.new_game(2, seed=1)
>>> text = bremerhaven.code(state)
>>> text[: text.index("),(") + 1]  # the header, the seats and the first harbour
'bremerhaven/1 2 [(6 0 [1,2,3,4,5] [5,6,6,7,7,8,9] [-,-,4,5,-,-,2,3,-,-,3,4] [-,-,-,-,-,-,-,-,-,-,-,-] [] [0,0,0,0] [0,1,1,0] [-,-,-] [(5 [0,0,0,0] 2),-,-,-] 0 [])'
>>> bremerhaven.from_code(text) == state
True
>>> bremerhaven.from_code(bremerhaven.code(state, viewer=1)) == bremerhaven.observe(state, 1)
True

After the header come the number of deciding seats and each harbour (money, prestige,
influence cards in hand and set aside, the cost of the Cover card on each of the 12
spaces, the building on each space, the buildings held, the goods stored, the bollards on
each quay wall, the ships in the docks, the contracts in the loading docks, the money on a
money store and the loading docks opened this round), the ranks from Captain down, the
round, the Ship token's space, the Sea and Land boards, the bids in placement order, the
Event card, the general supply, the discarded ships and contracts and the pending
decisions (the one to decide now last); then the hidden stacks (the Ship and Contract
decks, the Building stack, the Price cards, the newspapers, the solo dummy's draws and
hand orders), the rule readings that are not the default and the card set. Cards are
written by their number in their deck of the card set, goods by name, counts of goods in
the order barrel, container, crate, passenger. The specification's page "Position codes"
gives every field.

A code that cannot be read raises :class:`PositionCodeError` (a
:class:`~bremerhaven.errors.MoveParseError`), naming the field:

>>> bremerhaven.from_code(text.replace("bremerhaven/1 2 [(6", "bremerhaven/1 2 [(x"))
Traceback (most recent call last):
...
bremerhaven.interchange.poscode.PositionCodeError: position code, players[0].money at character 19: expected a whole number, got 'x'
"""

from __future__ import annotations

import operator
from typing import Final

from bremerhaven.cards.model import (
    BuildingCard,
    CardSet,
    ContractCard,
    NewspaperCard,
    PriceCard,
    ShipCard,
    Space,
)
from bremerhaven.cards.original import ORIGINAL
from bremerhaven.determinize import determinize
from bremerhaven.errors import InvalidValueError, MoveParseError
from bremerhaven.interchange.serialization import FORMAT, MAX_DOCUMENT_BYTES, from_data, to_json
from bremerhaven.observation import Observation, observe
from bremerhaven.options import RulesOptions
from bremerhaven.state import GameState
from bremerhaven.validation import validate
from meeplekit.documents import type_tag
from meeplekit.interchange import poscode

__all__ = ["CODES", "VERSION", "PositionCodeError", "code", "from_code"]

#: The version of Bremerhaven's position codes, in their header (``bremerhaven/1``).
VERSION: Final = 1

#: The fields written after the position itself: the hidden stacks, the readings, the cards.
_LAST: Final = (
    "ship_deck",
    "contract_deck",
    "buildings",
    "prices",
    "newspapers",
    "dummy_news",
    "dummy_orders",
    "options",
    "cards",
)


class PositionCodeError(poscode.CodeError, MoveParseError):
    """A position code that :func:`from_code` cannot read (BH-POSCODE-5).

    It is Bremerhaven's :class:`~bremerhaven.errors.MoveParseError` (the notation's error)
    and :class:`meeplekit.interchange.poscode.CodeError`: :attr:`field` names the field at fault
    (``"players[1].docks[0].goods"``, ``"header"``, ``""`` for the code as a whole) and
    :attr:`position` where its value starts in the text.
    """


def _schema() -> poscode.Schema:
    decks = (
        (ShipCard, "ships", "a ship card"),
        (ContractCard, "contracts", "a contract card"),
        (BuildingCard, "buildings", "a building card"),
        (PriceCard, "prices", "a Price card"),
        (NewspaperCard, "newspapers", "a newspaper"),
    )
    cards: dict[object, poscode.Codec] = {
        kind: poscode.Ref(CardSet, operator.attrgetter(deck), what) for kind, deck, what in decks
    }
    return poscode.Schema(
        types={
            **cards,
            Space: poscode.enum_choice(Space, {space: space.label for space in Space}),
            CardSet: poscode.Packed(
                {ORIGINAL.name: ORIGINAL},
                to_json=to_json,
                fmt=FORMAT,
                kind="cards",
                from_data=lambda data, kind: from_data(data, CardSet, kind),
                max_bytes=MAX_DOCUMENT_BYTES,
                what="a card set",
            ),
        },
        tag=lambda cls: type_tag(cls).removeprefix("pending-"),
        last={GameState: _LAST, Observation: tuple(n for n in _LAST if n != "dummy_orders")},
        context=(CardSet,),
        given={Observation: {"viewer": poscode.VIEWER}},
        options=(RulesOptions,),
    )


_SCHEMA: Final = _schema()

#: Bremerhaven's position codes (:class:`meeplekit.interchange.poscode.PositionCodes`): what the
#: shared tools (the command's ``position``) read; :func:`code` and :func:`from_code` are theirs.
CODES: Final = poscode.PositionCodes[GameState, Observation](
    game="bremerhaven",
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
    """The position code of ``state``: the whole position on one line (BH-POSCODE-1).

    Every field is written, the hidden ones too (the order of every deck, every bid's
    value, the solo dummy's draws), as a FEN holds the whole position. With ``viewer`` (a
    seat), the code of :func:`bremerhaven.observe` ``(state, viewer)``, its header naming
    the seat (``bremerhaven/1@1``, BH-POSCODE-4). An
    :class:`~bremerhaven.observation.Observation` is written as its viewer's code. Raises
    :class:`~bremerhaven.errors.InvalidValueError` for a viewer that is no seat and for a
    value that is neither.
    """
    return CODES.code(state, viewer)


def from_code(text: str) -> GameState | Observation:
    """The state a position code holds, or the observation a seat's code holds (BH-POSCODE-5).

    The state passes :func:`bremerhaven.validation.validate`; a seat's code reads back as
    that seat's :class:`~bremerhaven.observation.Observation`, which some valid position
    must give (:func:`bremerhaven.determinize` checks it). Raises
    :class:`PositionCodeError` naming the field for anything else: text over
    :data:`meeplekit.interchange.poscode.MAX_CODE_CHARS` characters or not printable ASCII, another
    game or version, a field missing or too many, a value of the wrong kind or a number
    over 20 digits, a card number the card set does not have, and a position the rules
    refuse.
    """
    return CODES.from_code(text)
