"""Position codes: a whole game of Machi Koro on one line, as chess has FEN (MK-POSCODE-1..6).

:func:`code` writes a state as one line of text that a bug report or a rules question can
quote, and :func:`from_code` reads it back, checked as :func:`machikoro.from_json` checks
a document: ``from_code(code(state)) == state``. Nothing of a position is secret but the
seed (MK-OBS-1), so the code of what one seat may see, ``code(state, viewer=seat)``, is the
same position without the seed; it reads back as that seat's observation,
``from_code(code(state, viewer=seat)) == observe(state, seat)``.

>>> import machikoro
>>> state = machikoro.new_game(2, seed=1)
>>> text = machikoro.code(state)
>>> text
'machikoro/1 [3,3] [1001000000000000000000000,1001000000000000000000000] [1000000,1000000] 0000020011100011020010110 6666646653346645645656556 0 1 [] 0 n [roll(n)] 1 -'
>>> machikoro.from_code(text) == state
True
>>> machikoro.from_code(machikoro.code(state, viewer=1)) == machikoro.observe(state, 1)
True

After the header come each player's coins; each player's establishments, a row of counts
by card number (one digit each, base 36); each player's landmarks, a row of 0 and 1 by
landmark number; the market and the deck as rows of counts; the seat to play, the turn,
the turn's rolls (each the dice faces as digits), the total, whether it is an extra turn,
the pending decisions (the one to decide now last); then the seed and the rule readings
that are not the default. The specification's page "Position codes" gives every field.

A code that cannot be read raises :class:`PositionCodeError` (a
:class:`~machikoro.errors.MoveParseError`), naming the field:

>>> machikoro.from_code(text.replace("[3,3]", "[3,x]"))
Traceback (most recent call last):
...
machikoro.interchange.poscode.PositionCodeError: position code, coins[1] at character 16: expected a whole number, got 'x'
"""

from __future__ import annotations

from typing import Final

from machikoro.cards.model import Establishment, Landmark
from machikoro.determinize import determinize
from machikoro.errors import InvalidValueError, MoveParseError
from machikoro.observation import Observation, observe
from machikoro.options import RulesOptions
from machikoro.state import GameState
from machikoro.validation import validate
from meeplekit.documents import type_tag
from meeplekit.interchange import poscode

__all__ = ["CODES", "VERSION", "PositionCodeError", "code", "from_code"]

#: The version of Machi Koro's position codes, in their header (``machikoro/1``).
VERSION: Final = 1


class PositionCodeError(poscode.CodeError, MoveParseError):
    """A position code that :func:`from_code` cannot read (MK-POSCODE-5).

    It is Machi Koro's :class:`~machikoro.errors.MoveParseError` (the notation's error) and
    :class:`meeplekit.interchange.poscode.CodeError`: :attr:`field` names the field at fault
    (``"establishments[1]"``, ``"header"``, ``""`` for the code as a whole) and
    :attr:`position` where its value starts in the text.
    """


def _schema() -> poscode.Schema:
    kinds, landmarks = len(Establishment), len(Landmark)
    rows = {
        "establishments": poscode.Seq(poscode.Digits(length=kinds)),
        "landmarks": poscode.Seq(poscode.Digits(flags=True, length=landmarks)),
        "market": poscode.Digits(length=kinds),
        "deck": poscode.Digits(length=kinds),
        "rolls": poscode.Seq(poscode.Digits()),
    }
    return poscode.Schema(
        fields={(cls, name): row for cls in (GameState, Observation) for name, row in rows.items()},
        tag=lambda cls: type_tag(cls).removeprefix("pending-"),
        last={GameState: ("seed", "options"), Observation: ("options",)},
        given={Observation: {"viewer": poscode.VIEWER}},
        options=(RulesOptions,),
    )


_SCHEMA: Final = _schema()

#: Machi Koro's position codes (:class:`meeplekit.interchange.poscode.PositionCodes`): what the
#: shared tools (the command's ``position``) read; :func:`code` and :func:`from_code` are theirs.
CODES: Final = poscode.PositionCodes[GameState, Observation](
    game="machikoro",
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
    """The position code of ``state``: the whole position on one line (MK-POSCODE-1).

    Every field is written, the seed too, as a FEN holds the whole position. With
    ``viewer`` (a seat), the code of :func:`machikoro.observe` ``(state, viewer)``: the
    position without the seed, its header naming the seat (``machikoro/1@1``,
    MK-POSCODE-4). An :class:`~machikoro.observation.Observation` is written as its
    viewer's code. Raises :class:`~machikoro.errors.InvalidValueError` for a viewer that
    is no seat and for a value that is neither.
    """
    return CODES.code(state, viewer)


def from_code(text: str) -> GameState | Observation:
    """The state a position code holds, or the observation a seat's code holds (MK-POSCODE-5).

    The state passes :func:`machikoro.validate`; a seat's code reads back as that seat's
    :class:`~machikoro.observation.Observation`, which some valid position must give (as
    :func:`machikoro.determinize` checks). Raises :class:`PositionCodeError` naming the
    field for anything else: text over :data:`meeplekit.interchange.poscode.MAX_CODE_CHARS`
    characters or not printable ASCII, another game or version, a field missing or too
    many, a value of the wrong kind or a number over 20 digits, and a position the rules
    refuse.
    """
    return CODES.from_code(text)
