"""Versioned JSON for states, moves, observations, options and card sets.

:func:`to_json` writes a value as a document that says its format, version and kind, so
:func:`from_json` needs no hint of what it reads (the shared envelope of
:mod:`meeplekit.documents`):

>>> from bremerhaven import Bid, Space
>>> text = to_json(Bid(Space.PERMIT, 5))
>>> text
'{"format":"bremerhaven/1","kind":"move","move":{"type":"bid","space":"1.2","value":5}}'
>>> from_json(text) == Bid(Space.PERMIT, 5)
True

Goods are written by key (``"crate"``), counts of goods as objects that leave out zeros
(``{"crate": 2}``), bidding spaces by the number the boards print (``"1.2"``, ``"2.1"``),
the pending decisions and moves tagged by ``"type"``. A state's cards (the decks, the
boards, the harbours') are written by key and read back from the state's card set, which is
written by its name when it is the library's original set
(:data:`bremerhaven.cards.ORIGINAL`) and in full, as a card file's data
(:func:`~bremerhaven.cards.cards_to_data`), otherwise. A card set document is always in full.
An observation (:func:`bremerhaven.observe`) is written as a state is, its hidden parts as
it holds them: ``null`` for a value the viewer cannot see, the hidden stacks in their fixed
order (BH-OBS-4); equal observations give equal text.

:func:`from_json` checks every field's type exactly (a count is a JSON integer, never
``2.0``, ``"2"`` or ``true``), refuses unknown fields and ``type`` tags, and passes every
state through :func:`bremerhaven.validation.validate` and every observation through
:func:`bremerhaven.determinize`'s check (some valid position must give it, BH-OBS-5);
whatever is wrong raises :class:`~bremerhaven.errors.DocumentError` naming the field:

>>> from_json('{"format":"bremerhaven/1","kind":"move","move":{"type":"bid","space":"1.9","value":5}}')
Traceback (most recent call last):
...
bremerhaven.errors.DocumentError: move.space: expected a bidding space such as "1.0" or "2.1", got "1.9"

:data:`converter` is the `cattrs <https://catt.rs>`_ converter behind both; :func:`to_data`
and :func:`from_data` give and read the plain data of a document's value.
"""

from __future__ import annotations

import contextvars
import typing
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs
import cattrs
import cattrs.gen

from bremerhaven.cards.files import cards_from_data, cards_to_data
from bremerhaven.cards.model import (
    BuildingCard,
    CardSet,
    ContractCard,
    Good,
    NewspaperCard,
    Origin,
    PriceCard,
    ShipCard,
    Space,
)
from bremerhaven.cards.original import ORIGINAL
from bremerhaven.determinize import determinize
from bremerhaven.errors import BremerhavenError, CardFileError, DocumentError, InvalidValueError
from bremerhaven.moves import Move, well_formed
from bremerhaven.observation import Observation, SeenBid
from bremerhaven.options import RulesOptions
from bremerhaven.state import Berthed, BidCard, GameState, Harbour, Pending, Placed
from bremerhaven.validation import validate
from meeplekit import documents
from meeplekit.documents import Bad, show, tagged
from meeplekit.rng import SplitMix64

__all__ = [
    "FORMAT",
    "KINDS",
    "MAX_DOCUMENT_BYTES",
    "converter",
    "from_data",
    "from_json",
    "to_data",
    "to_json",
]

#: The format and version every document states.
FORMAT: Final = "bremerhaven/1"
#: The largest document :func:`from_json` reads, in bytes of UTF-8 (a state with a card set
#: in full takes about 40 kB).
MAX_DOCUMENT_BYTES: Final = 4 << 20
#: What :func:`from_json` reads at the most: objects and lists nested at most 32 deep,
#: whole numbers of at most 20 digits.
_LIMITS: Final = documents.Limits(max_bytes=MAX_DOCUMENT_BYTES, max_nesting=32, max_digits=20)

_MOVES: Final[tuple[type, ...]] = typing.get_args(Move)
_PENDING: Final[tuple[type, ...]] = typing.get_args(Pending)

#: The card set of the state being read: a state's cards are written by key.
_CARDS: contextvars.ContextVar[CardSet | None] = contextvars.ContextVar(
    "bremerhaven_cards", default=None
)


# --------------------------------------------------------------------------- hooks

_GOODS: Final = {g.key: g for g in Good}
_SPACES: Final = {s.label: s for s in Space}


def _structure_good(value: Any, _: Any) -> Good:
    if type(value) is str and value in _GOODS:
        return _GOODS[value]
    raise Bad(f"expected one of {', '.join(map(repr, _GOODS))}, got {show(value)}")


def _structure_space(value: Any, _: Any) -> Space:
    if type(value) is str and value in _SPACES:
        return _SPACES[value]
    raise Bad(f'expected a bidding space such as "1.0" or "2.1", got {show(value)}')


def _structure_goods(value: Any, _: Any) -> tuple[int, int, int, int]:
    """Counts of goods from an object by key; a good left out is 0."""
    if type(value) is not dict:
        raise Bad(f'expected counts of goods such as {{"crate": 2}}, got {show(value)}')
    counts = [0, 0, 0, 0]
    for key, count in value.items():
        if key not in _GOODS:
            raise Bad(f"expected goods named {', '.join(_GOODS)}, got {show(key)}")
        if type(count) is not int or count < 0:
            raise Bad(f"expected a whole number >= 0 of {key}, got {show(count)}")
        counts[_GOODS[key]] = count
    return (counts[0], counts[1], counts[2], counts[3])


def _unstructure_goods(counts: tuple[int, ...]) -> dict[str, int]:
    return {g.key: counts[g] for g in Good if counts[g]}


def _structure_seats(value: Any, _: Any) -> frozenset[int]:
    """A set of small whole numbers, from a list in increasing order."""
    if type(value) is not list or not all(type(v) is int and v >= 0 for v in value):
        raise Bad(f"expected a list of whole numbers >= 0, got {show(value)}")
    if value != sorted(set(value)):
        raise Bad("expected the numbers in increasing order, each once")
    return frozenset(value)


def _card_hook(kind: type, deck: str) -> Callable[[Any, Any], Any]:
    """Read a card of ``deck`` by its key, from the card set of the state being read."""

    def structure(value: Any, _: Any) -> Any:
        cards = _CARDS.get()
        if cards is None:
            raise Bad(f"a {kind.__name__} is read only within a state")
        if type(value) is not str:
            raise Bad(f"expected the key of a {kind.__name__}, got {show(value)}")
        for card in getattr(cards, deck):
            if card.key == value:
                return card
        raise Bad(f"the card set {cards.name!r} has no {deck[:-1]} {value!r}")

    return structure


def _unstructure_cards(cards: CardSet) -> Any:
    """The original set by its name, any other set in full."""
    if cards is ORIGINAL or cards == ORIGINAL:
        return ORIGINAL.name
    return cards_to_data(cards)


def _read_cards(value: Any) -> CardSet:
    """A card set from its name (the original set) or its data in full (BH-CARD-14)."""
    if type(value) is str:
        if value != ORIGINAL.name:
            raise Bad(
                f"expected the original set's name {ORIGINAL.name!r} or a card set in full, "
                f"got {show(value)}"
            )
        return ORIGINAL
    if type(value) is not dict:
        raise Bad(f"expected a card set (its name or its data), got {show(value)}")
    stated = value.get("origin", Origin.FILE.value)
    origin = next((o for o in Origin if o.value == stated), Origin.FILE)
    try:
        cards = cards_from_data(value, origin=origin)
    except CardFileError as error:
        raise _CardsError(error.field or "", error.reason) from None
    if origin is Origin.ORIGINAL and cards != ORIGINAL:
        # BH-CARD-1: only the library's own set is labelled original.
        raise _CardsError(
            "origin",
            f"a card set labelled original must be the library's own, {ORIGINAL.name!r}; "
            'an edited set is a card file ("origin": "file")',
        )
    return cards


class _CardsError(Bad):
    """A card file error inside a document: its field is below the card set's."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(problem)
        self.field = field


def _structure_cards(value: Any, _: Any) -> CardSet:
    known = _CARDS.get()
    if known is not None:  # read first, by from_data, so that the cards can be looked up
        return known
    return _read_cards(value)


def _record(cls: type, conv: cattrs.Converter, **goods: None) -> None:
    """Register hooks for an attrs class written as an object giving every field.

    The fields named in ``goods`` are counts of goods (:func:`_structure_goods`).
    """
    attrs.resolve_types(cls)
    structure_overrides: dict[str, Any] = {
        name: cattrs.gen.override(struct_hook=_structure_goods) for name in goods
    }
    unstructure_overrides: dict[str, Any] = {
        name: cattrs.gen.override(unstruct_hook=_unstructure_goods) for name in goods
    }
    names = [f.name for f in attrs.fields(cls)]
    inner: Callable[[Any, Any], Any] = cattrs.gen.make_dict_structure_fn(
        cls, conv, _cattrs_forbid_extra_keys=True, **structure_overrides
    )

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not dict:
            raise Bad(f"expected an object, got {show(value)}")
        missing = [n for n in names if n not in value]
        if missing:
            raise Bad(f"missing field(s) {', '.join(missing)}")
        return inner(value, cls)

    conv.register_structure_hook(cls, structure)
    conv.register_unstructure_hook(
        cls, cattrs.gen.make_dict_unstructure_fn(cls, conv, **unstructure_overrides)
    )


def _make_converter() -> cattrs.Converter:
    # Readings are written by their values; goods by key and spaces by label.
    conv = documents.make_converter(enums=lambda kind: not issubclass(kind, int))
    conv.register_structure_hook(Good, _structure_good)
    conv.register_unstructure_hook(Good, lambda good: good.key)
    conv.register_structure_hook(Space, _structure_space)
    conv.register_unstructure_hook(Space, lambda space: space.label)
    conv.register_structure_hook_func(lambda tp: tp == frozenset[int], _structure_seats)
    conv.register_unstructure_hook_func(lambda tp: tp == frozenset[int], sorted)
    for kind, deck in (
        (ShipCard, "ships"),
        (ContractCard, "contracts"),
        (BuildingCard, "buildings"),
        (PriceCard, "prices"),
        (NewspaperCard, "newspapers"),
    ):
        conv.register_structure_hook(kind, _card_hook(kind, deck))
        conv.register_unstructure_hook(kind, lambda card: card.key)
    conv.register_structure_hook(CardSet, _structure_cards)
    conv.register_unstructure_hook(CardSet, _unstructure_cards)
    tagged(conv, _MOVES, "move")
    tagged(conv, _PENDING, "pending decision")
    classes = (*_MOVES, *_PENDING, Berthed, BidCard, SeenBid)
    for cls in classes:
        attrs.resolve_types(cls)
    conv.register_structure_hook_factory(lambda tp: tp in classes, documents.complete)
    # RulesOptions alone may leave fields out: a reading added in a later version of the
    # library is absent from older documents, which were played under its default; and
    # such a reading is written only when it differs from its default, so that a document
    # of a game under the earlier readings is what the earlier library wrote. (Registered
    # before the classes that hold options make their hooks.)
    attrs.resolve_types(RulesOptions)
    later: dict[str, Any] = {
        field.name: cattrs.gen.override(omit_if_default=True)
        for field in attrs.fields(RulesOptions)
        if field.metadata.get("written_when_changed")
    }
    conv.register_unstructure_hook(
        RulesOptions, cattrs.gen.make_dict_unstructure_fn(RulesOptions, conv, **later)
    )
    _record(Placed, conv, delivered=None)
    _record(Harbour, conv, storage=None)
    _record(GameState, conv, goods=None)
    _record(Observation, conv, goods=None)
    return conv


#: The cattrs converter behind :func:`to_json` and :func:`from_json` (plain data both ways).
converter: Final[cattrs.Converter] = _make_converter()

#: Each kind of document and the type of its value.
KINDS: Final[Mapping[str, object]] = {
    "state": GameState,
    "move": Move,
    "observation": Observation,
    "options": RulesOptions,
    "cards": CardSet,
}


def _kind_of(value: object) -> str:
    if type(value) in _MOVES:
        return "move"
    if type(value) is GameState:
        return "state"
    if type(value) is Observation:
        return "observation"
    if type(value) is RulesOptions:
        return "options"
    if type(value) is CardSet:
        return "cards"
    raise TypeError(
        "to_json writes a GameState, a move, an Observation, RulesOptions or a CardSet, "
        f"not {type(value).__name__}"
    )


def to_data(value: object) -> Any:
    """The plain data (dicts, lists, strings, numbers) a document holds for ``value``.

    ``value`` is what :func:`to_json` writes; ``from_data(to_data(value), type, field)``
    gives it back. A card set alone is always in full.
    """
    if type(value) is CardSet:
        return cards_to_data(value)
    return converter.unstructure(value)


def to_json(value: object, *, indent: int | None = None) -> str:
    """``value`` as a JSON document: ``{"format": "bremerhaven/1", "kind": KIND, KIND: ...}``.

    ``value`` is a :class:`~bremerhaven.state.GameState` (kind ``"state"``), a move
    (``"move"``), an :class:`~bremerhaven.observation.Observation` (``"observation"``),
    :class:`~bremerhaven.options.RulesOptions` (``"options"``) or a
    :class:`~bremerhaven.cards.model.CardSet` (``"cards"``). ``indent`` pretty-prints. Equal
    values give equal text. Anything else raises ``TypeError``. A move or options made
    around their constructors are written as the constructors make them, or refused with
    :class:`~bremerhaven.errors.InvalidMoveError` or
    :class:`~bremerhaven.errors.InvalidValueError` (BH-INPUT-4, BH-INPUT-1).
    """
    kind = _kind_of(value)
    made = documents.as_made(
        kind, value, move=well_formed, options=RulesOptions, error=InvalidValueError
    )
    return documents.write_document(
        FORMAT, kind, to_data(made), indent=indent, error=InvalidValueError
    )


def from_json(text: str | bytes) -> Any:
    """The value a document written by :func:`to_json` holds, checked.

    Raises :class:`~bremerhaven.errors.DocumentError`, naming the field, for anything that
    is not such a document: bad JSON, another format or version, an unknown kind, field,
    card key or ``type`` tag, a value of the wrong type or out of range, a card set a card
    file could not hold (BH-CARD-14), a state :func:`bremerhaven.validation.validate`
    refuses, and an observation no valid position gives (:func:`bremerhaven.determinize`
    refuses it).
    """
    data = documents.read_json(text, _LIMITS, error=DocumentError)
    kind, payload = documents.open_document(data, FORMAT, tuple(KINDS), error=DocumentError)
    return from_data(payload, KINDS[kind], kind)


def _error(exc: Exception, field: str) -> Exception:
    """The document error ``exc`` (cattrs' error, or a group of them) stands for."""
    return documents.structure_error(exc, field, error=DocumentError, own=(BremerhavenError,))


def from_data(data: object, cls: Any, field: str) -> Any:
    """``data`` (plain JSON values) as a ``cls``, checked as :func:`from_json` checks it.

    ``cls`` is :class:`~bremerhaven.state.GameState`, ``Move``,
    :class:`~bremerhaven.observation.Observation`,
    :class:`~bremerhaven.options.RulesOptions`, :class:`~bremerhaven.cards.model.CardSet` or
    any type the converter reads; ``field`` names where ``data`` sits in its document, for
    error messages. A state is validated, and an observation checked as
    :func:`bremerhaven.determinize` checks it.
    """
    if cls is CardSet:
        try:
            return _read_cards(data)
        except _CardsError as exc:
            raise DocumentError(f"{field}.{exc.field}" if exc.field else field, str(exc)) from None
        except Bad as exc:
            raise DocumentError(field, str(exc)) from None
    if cls is not GameState and cls is not Observation:
        try:
            return converter.structure(data, cls)
        except Exception as exc:  # cattrs wraps the hooks' and constructors' errors in groups
            raise _error(exc, field) from None
    what = "a state" if cls is GameState else "an observation"
    if type(data) is not dict:
        raise DocumentError(field, f"expected {what} (an object), got {show(data)}")
    if "cards" not in data:
        raise DocumentError(f"{field}.cards", "missing")
    cards = from_data(data["cards"], CardSet, f"{field}.cards")
    token = _CARDS.set(cards)
    try:
        value: Any = converter.structure(data, cls)
    except Exception as exc:
        raise _error(exc, field) from None
    finally:
        _CARDS.reset(token)
    if isinstance(value, Observation):
        try:  # some valid position gives it: a sample validates and observes back (BH-OBS-5)
            determinize(value, SplitMix64(0))
        except BremerhavenError as exc:
            raise DocumentError(field, str(exc)) from None
        return value
    state: GameState = value
    found = validate(state)
    if found:
        listed = "; ".join(f"[{v.rule_id}] {v.reason}" for v in found[:5])
        raise DocumentError(field, f"not a valid position: {listed}")
    return state
