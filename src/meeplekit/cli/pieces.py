"""A game's pieces for the command shell: the small typed description each game gives.

The shell's commands (:mod:`meeplekit.cli.app`) are the same for every game; what differs
is described once, as a :class:`GamePieces` value, by the game's ``cli.pieces`` module
(``harbour.cli.pieces.PIECES``, ``machikoro.cli.pieces.PIECES``):

- the game's lab description (:class:`meeplekit.lab.LabGame`): the game module itself
  (:class:`meeplekit.protocol.Game`: legal moves, moves applied with their events,
  chance, observations), its setup, its options class (the rule-reading flags, one per
  field), its bots and player counts, its variant (Harbour's card set, spelt as
  :class:`VariantOption` says), its chance sampler and its extras check (so that a
  missing extra is named with the game's own install command);
- its name, title and version;
- its view of a seat and a summary of it for a small screen, its notation and the menu's
  groups (:class:`Notation`), its narration (:class:`Narration`), its records
  (:class:`Records`), its cards (:class:`Cards`) and its specification
  (:class:`meeplekit.spec.Specification`).

This module needs no optional extra.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TextIO, TypeVar

import attrs

from meeplekit.lab import LabGame
from meeplekit.protocol import Game, sample_chance
from meeplekit.rng import SplitMix64
from meeplekit.spec import Specification

if TYPE_CHECKING:
    import rich.table

__all__ = [
    "Cards",
    "GamePieces",
    "Narration",
    "Notation",
    "RecordLike",
    "Records",
    "VariantOption",
]

S = TypeVar("S")
M = TypeVar("M")
K = TypeVar("K")
C = TypeVar("C")
S_co = TypeVar("S_co", covariant=True)
M_co = TypeVar("M_co", covariant=True)


class RecordLike(Protocol[S_co, M_co]):
    """A game record as a game's ``read_record`` gives it: where it starts, its moves."""

    @property
    def start(self) -> S_co:
        """The state the record starts from."""
        ...

    @property
    def moves(self) -> Sequence[M_co]:
        """The moves played, in order (chance outcomes too)."""
        ...


@attrs.frozen
class Notation(Generic[S, M]):
    """How a human names moves: the game's move notation and its menu labels."""

    #: A move's canonical text in a state (``format_move``), shown in brackets in the menu.
    format: Callable[[S, M], str]
    #: The move a text names, checked to be legal now (``parse_move``): it raises the game's
    #: ``IllegalMoveError`` (the rule) or another of its errors (text that is not a move).
    parse: Callable[[S, str], M]
    #: A move's long label in the human's menu.
    label: Callable[[S, M], str]
    #: Examples of typed moves for the help, quoted: ``"'go kiln', 'take 2F'"``.
    examples: str
    #: The groups a move is shown in when the menu of every move does not fit the screen,
    #: outermost first, each a short label of what its moves share (Bremerhaven's bids:
    #: ``("Bid on 2.1, the Mudlark",)``); ``()`` shows the move on its own. ``None``: the
    #: moves are grouped by the first word of their notation.
    group: Callable[[S, M], tuple[str, ...]] | None = None


@attrs.frozen
class Narration(Generic[S, M]):
    """What the command says of a game: its setup, each move, its end, a record's moves."""

    #: The setup, with the seed (``True``) or without it (``False``: a secret seed).
    setup: Callable[[S, bool], str]
    #: A move from the events applying it gave: ``(before, move, events, after)``.
    events: Callable[[S, M, tuple[Any, ...], S], str]
    #: The final standings of a finished game.
    outcome: Callable[[S], str]
    #: A seat's name: ``"Player 1"`` for seat 0.
    player: Callable[[int], str]
    #: The moves of a record from its start, written to the stream as the game's demo
    #: narrates a game, stopping where the moves stop (``replay``).
    game: Callable[[S, Sequence[M], TextIO], None]


@attrs.frozen
class Records(Generic[S, M]):
    """The game's records (its PGN): written by ``play --record``, read by ``replay``."""

    #: The clause that defines a record (``REC-1``), named in the help.
    rule: str
    #: ``(start, moves, tags, comments)``: the record's text; ``comments`` maps a move
    #: count to a comment.
    write: Callable[[S, Sequence[M], Mapping[str, str], Mapping[int, str]], str]
    #: A record's text read, every move checked (the game's ``RecordError`` otherwise).
    read: Callable[[str], RecordLike[S, M]]
    #: Every state of a record's game, its stated result checked (``RecordError``).
    replay: Callable[[Any], Sequence[S]]


@attrs.frozen
class Cards(Generic[K, C]):
    """The ``cards`` command's pieces: a catalogue of cards (``K``) and each card (``C``)."""

    #: The catalogue of a game played under ``(options, variant)``: the card set, or the
    #: cards the readings give (the options are the defaults unless :attr:`readings`).
    load: Callable[[Any, Any], K]
    #: The catalogue's name, as the messages name it.
    title: Callable[[K], str]
    #: Every card of the catalogue, in the order a name is looked up.
    cards: Callable[[K], Sequence[C]]
    #: A card's name.
    name: Callable[[C], str]
    #: A card in full, for ``cards NAME``.
    describe: Callable[[C], str]
    #: The rule IDs that govern a card (``cards NAME`` lists them).
    rules: Callable[[C], Sequence[str]]
    #: The catalogue as tables ``width`` columns wide at most (``cards`` alone).
    tables: Callable[[K, int], Sequence[rich.table.Table]]
    #: What the cards are, for a message: ``"building, character or bonus point card"``.
    kinds: str
    #: The ``cards`` command's help.
    help: str
    #: Whether ``cards`` takes the rule-reading options (when they change the cards).
    readings: bool = False
    #: The catalogue of the game a state is in (``cards NAME`` during ``play``); ``None``:
    #: :attr:`load` with the default options and variant.
    of_state: Callable[[Any], K] | None = None


@attrs.frozen
class VariantOption:
    """How the command spells a game's variant (:attr:`meeplekit.lab.LabGame.variant_name`).

    Harbour's card set is ``--cards original`` or ``--cards FILE``, and ``cards=FILE`` in
    a compared variant; the lab loads the variant (:attr:`~meeplekit.lab.LabGame.load_variant`).
    """

    #: The option's default, as typed (``"original"``).
    default: str
    #: The option's help (``"'original' or a card file"``).
    help: str
    #: What a typed value is, in ``compare --variant``'s help (``"FILE"``).
    metavar: str
    #: What a variant is, in ``compare``'s help (``"card set"``).
    singular: str
    #: What the variants are, in ``compare --variant``'s help (``"card sets"``).
    plural: str


@attrs.frozen
class GamePieces(Generic[S, M]):
    """Everything the command shell needs to know about one game (see the module's text)."""

    #: The command's name, which is the game's registry name (``harbour``).
    name: str
    #: The game's name in text (``Harbour``, ``Machi Koro``).
    title: str
    #: The library's version (``--version``).
    version: str
    #: The game's lab description: the game module, its setup, options class, bots, player
    #: counts, variant, chance sampler and extras check.
    lab: LabGame[S, M]
    #: The table as a seat sees it: ``(state, seat)``.
    view: Callable[[S, int], str]
    notation: Notation[S, M]
    narration: Narration[S, M]
    records: Records[S, M]
    cards: Cards[Any, Any]
    #: The game's rules specification (``rule ID``).
    specification: Specification
    #: Rule IDs for the ``rule`` command's help: ``"TOLL-2 or INT-3"``.
    rule_examples: str
    #: A reading assignment for ``compare --variant``'s help: ``"reentry=kept"``.
    reading_example: str
    #: The game's variant option, if it has a variant.
    variant: VariantOption | None = None
    #: What chance decides during play, in the plural, for the help and messages (``"the
    #: dice and the market's draws"``); empty for a game whose chance is all in its setup.
    chance: str = ""
    #: What matters to a seat now in a few lines, shown above the menu when the table is not
    #: shown or does not fit the screen with it: ``(state, seat)``. ``None``: the first
    #: line of the view.
    summary: Callable[[S, int], str] | None = None

    @property
    def game(self) -> Game[S, M]:
        """The game module (:class:`meeplekit.protocol.Game`)."""
        return self.lab.game

    @property
    def options(self) -> type[Any]:
        """The game's options class: one rule-reading option per field."""
        return self.lab.options_type

    def summarize(self, state: S, seat: int) -> str:
        """What matters to ``seat`` now, in a few lines (:attr:`summary`)."""
        if self.summary is not None:
            return self.summary(state, seat)
        return self.view(state, seat).split("\n", 1)[0]

    def catalogue(self, state: S) -> Any:
        """The cards of the game ``state`` is in (:attr:`Cards.of_state`)."""
        if self.cards.of_state is not None:
            return self.cards.of_state(state)
        return self.cards.load(self.options(), self.lab.default_variant)

    def draw(self, state: S, rng: SplitMix64) -> M:
        """The outcome of the chance node ``state`` drawn with ``rng``, with its probability."""
        if self.lab.sample is not None:
            return self.lab.sample(state, rng)
        return sample_chance(self.game.chance_outcomes(state), rng)
