"""One description of a game: the :class:`GameInfo` every shared tool reads.

OpenSpiel describes each of its games once, by a ``GameType`` (its name, its players, its
chance and information, its parameters) and a ``GameInfo`` (its action and chance counts,
its utilities, its longest game); every tool of the library reads those. A game of this
project does the same: it declares one :class:`GameInfo` value, ``INFO`` in its module
``<game>.info`` (``harbour.info.INFO``), and its distribution names it under the
entry-point group ``meeplekit.games`` (:mod:`meeplekit.registry`, whose
:func:`~meeplekit.registry.load_info` gives it out). The OpenSpiel game
(:mod:`meeplekit.openspiel`), the PettingZoo environment (:mod:`meeplekit.pettingzoo`), the
rules lab (:mod:`meeplekit.lab`), the command (:mod:`meeplekit.cli`) and the conformance
tests serve every registered game from it, and no game writes glue of its own for them.

A description holds what each tool needs to know about a game and nothing twice:

- who it is: :attr:`~GameInfo.name`, :attr:`~GameInfo.title`, :attr:`~GameInfo.version`,
  its distribution's optional :attr:`~GameInfo.extras` and its :attr:`~GameInfo.errors`;
- how it is set up: the game module (:attr:`~GameInfo.game`, the protocol of
  :class:`meeplekit.protocol.Game`, whose ``new_game`` takes ``seed=``, ``options=`` and, for
  a game with a variant, the variant by :attr:`Variants.name`), its :class:`Players`, its
  :attr:`~GameInfo.readings` (the rule options class) and its :class:`Variants` (Harbour's
  and Bremerhaven's card sets);
- how it is played by the tools: :attr:`~GameInfo.play` (the shared bots' and search's
  :class:`~meeplekit.agents.bots.BotGame`: the turn, the seats, the chance sampler, the
  evaluation of a position), :class:`Chance`, the :class:`Bots` a tool may seat, the
  :attr:`~GameInfo.max_decisions` after which a game is cut short, and the
  :class:`Evaluation` of a game so cut;
- how a learner sees it: its :class:`ActionCodes` and :class:`Tensors` (the game's
  ``actions`` and ``tensors`` modules);
- how people see it: :class:`Notation`, :class:`Views`, its :class:`Narrator` (the game's
  ``narrate`` module), :class:`Cards`, :class:`Records` (its PGN), its
  :attr:`~GameInfo.specification`;
- what a lab result adds: :class:`Results`.

Every hook is an attribute of a typed value: a small frozen record here, or an object a
:class:`typing.Protocol` describes (a game's ``actions`` module is its
:class:`ActionCodes`, its ``narrate`` module its :class:`Narrator`). A size that depends on how a game is set up (the number of action
codes, the length of a tensor) is asked of its *setting*: its variant when it has one,
else its readings (:meth:`GameInfo.setting`).

This module needs no optional extra, and imports no game.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Generic, Protocol, TextIO, TypeVar

import attrs

from meeplekit.agents.bots import Bot, BotGame
from meeplekit.errors import Family
from meeplekit.extras import Extras
from meeplekit.protocol import Game
from meeplekit.rng import SplitMix64
from meeplekit.spec import Specification

if TYPE_CHECKING:
    import rich.table

__all__ = [
    "BOT_KINDS",
    "DEFAULT_MAX_DECISIONS",
    "DEFAULT_SETUP_SEEDS",
    "ActionCodes",
    "Bots",
    "CardEntry",
    "CardLike",
    "Cards",
    "Chance",
    "Demo",
    "Evaluation",
    "GameInfo",
    "Narration",
    "Narrator",
    "Notation",
    "Players",
    "RecordLike",
    "RecordWriter",
    "Records",
    "Render",
    "Results",
    "SearchBot",
    "Teller",
    "Tensors",
    "VariantOption",
    "Variants",
    "Views",
]

S = TypeVar("S")
M = TypeVar("M")
K = TypeVar("K")
C = TypeVar("C")
S_co = TypeVar("S_co", covariant=True)
M_co = TypeVar("M_co", covariant=True)
S_contra = TypeVar("S_contra", contravariant=True)
M_contra = TypeVar("M_contra", contravariant=True)
V_contra = TypeVar("V_contra", contravariant=True)

#: The default cap on the decisions of one game (chance outcomes are not decisions).
DEFAULT_MAX_DECISIONS: Final = 3000

#: The default number of equally likely seeds of the OpenSpiel game's setup chance node
#: (for a game whose setup chance is not explicit: :attr:`Chance.start` is ``None``).
DEFAULT_SETUP_SEEDS: Final = 2**16

#: The bots every game may offer, by the name a command or a job gives them.
BOT_KINDS: Final = ("random", "greedy", "ismcts")


# --------------------------------------------------------------------------- who plays


@attrs.frozen(kw_only=True)
class Players:
    """How many players a game seats: :attr:`fewest` to :attr:`most`, :attr:`default` if unsaid."""

    #: The fewest players of any game (some readings may ask for more: ``new_game`` says).
    fewest: int
    #: The most players of any game (some readings may allow fewer).
    most: int
    #: The number both learning adapters play when none is given: the game's most common
    #: count, between :attr:`fewest` and :attr:`most`.
    default: int

    def __attrs_post_init__(self) -> None:
        if not 1 <= self.fewest <= self.default <= self.most:
            raise ValueError(
                f"players must be 1 <= fewest <= default <= most, got {self.fewest}, "
                f"{self.default}, {self.most}"
            )

    @property
    def counts(self) -> range:
        """Every number of players from :attr:`fewest` to :attr:`most`."""
        return range(self.fewest, self.most + 1)


@attrs.frozen(kw_only=True)
class VariantOption:
    """How the command spells a game's variant: Harbour's ``--cards original`` or ``--cards FILE``."""

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


@attrs.frozen(kw_only=True)
class Variants(Generic[C]):
    """What a game is set up with besides its players, seed and readings: Harbour's card set.

    The variant is passed to ``new_game`` by :attr:`name` (``new_game(3, seed=1,
    cards=...)``), written in a lab result under :attr:`name`, and chosen on the command line
    as ``--<name>`` (spelt as :attr:`option` says).
    """

    #: The variant's name: ``new_game``'s keyword, a result line's field, the option's flag.
    name: str
    #: The variant of a game that names none (the original card set).
    default: C
    #: The variant a command-line text names (``"original"`` or a card file); raises the
    #: game's ``ValueError`` naming the problem.
    load: Callable[[str], C]
    #: The variant's name in a result line and a message (a card set's name).
    label: Callable[[C], str]
    #: How the command spells the option.
    option: VariantOption
    #: A check of a variant as a whole, raising the game's ``ValueError`` (Harbour checks a
    #: card set before a job is sent to a worker); ``None``: ``new_game``'s checks suffice.
    check: Callable[[C], object] | None = None


# --------------------------------------------------------------------------- chance and bots


@attrs.frozen(kw_only=True)
class Chance(Generic[S]):
    """Where a game's chance lies. Its outcomes are ``chance_outcomes``; a draw, :attr:`GameInfo.play`'s."""

    #: Whether positions after setup may be chance nodes (dice, draws).
    in_play: bool
    #: What chance decides during play, in the plural, for the command's help and messages
    #: (``"the dice and the market's draws"``); empty for a game whose chance is all in
    #: its setup.
    during_play: str = ""
    #: When the game's setup chance is explicit: ``start(players, options=..., ...)``, taking
    #: what ``new_game`` takes but the seed, the position before any chance, whose chance
    #: nodes set the game up. ``None``: the setup chance is the seed of ``new_game``, which
    #: the OpenSpiel game draws at its first node among :attr:`setup_seeds` equally likely
    #: ones.
    start: Callable[..., S] | None = None
    #: How many seeds the OpenSpiel game's setup chance node draws from (when :attr:`start`
    #: is ``None``).
    setup_seeds: int = DEFAULT_SETUP_SEEDS


class SearchBot(Protocol[M_co]):
    """How a game's search bot is made: its iterations and time budget per decision, its seed."""

    def __call__(
        self,
        *,
        playouts: int | None,
        seed: int,
        seconds: float | None = None,
        clock: Callable[[], float] | None = None,
    ) -> Bot[Any, M_co]:
        """A search bot seeded with ``seed`` that stops after ``playouts`` iterations per decision.

        With ``seconds``, it stops as well once that many seconds of ``clock`` (the wall
        clock when ``None``) are spent on a decision, whichever comes first; ``playouts``
        ``None``: only then.
        """
        ...


@attrs.frozen(kw_only=True)
class Bots(Generic[M]):
    """The bots a tool may seat (the lab, the command's opponents), each made from its seed.

    Their names are :data:`BOT_KINDS`: ``"random"``, ``"greedy"`` and ``"ismcts"`` (the
    information-set search), those a game has.
    """

    #: The uniformly random bot, from its seed.
    random: Callable[[int], Bot[Any, M]]
    #: The one-turn greedy bot, from its seed; ``None`` when the game has none.
    greedy: Callable[[int], Bot[Any, M]] | None = None
    #: The search bot; ``None`` when the game has none.
    ismcts: SearchBot[M] | None = None
    #: The bot a command seats when none is named (one of :attr:`names`).
    default: str = "greedy"

    def __attrs_post_init__(self) -> None:
        if self.default not in self.names:
            raise ValueError(f"the default bot {self.default!r} is not one of {self.names}")

    @property
    def names(self) -> tuple[str, ...]:
        """The bots the game has, by name, in the order of :data:`BOT_KINDS`."""
        return tuple(name for name in BOT_KINDS if getattr(self, name) is not None)

    def make(
        self,
        name: str,
        seed: int,
        playouts: int | None = 1000,
        *,
        seconds: float | None = None,
        clock: Callable[[], float] | None = None,
    ) -> Bot[Any, M]:
        """The bot called ``name`` with its seed.

        The search's iterations per decision are ``playouts`` at most; ``seconds`` is its
        time budget per decision on ``clock`` (:class:`SearchBot`; ``None``: none), so
        ``playouts=None, seconds=1.0`` searches for a second a decision. The other bots
        ignore them. Raises ``ValueError`` for a name the game has no bot of.
        """
        if name == "random":
            return self.random(seed)
        if name == "greedy" and self.greedy is not None:
            return self.greedy(seed)
        if name == "ismcts" and self.ismcts is not None:
            return self.ismcts(playouts=playouts, seed=seed, seconds=seconds, clock=clock)
        raise ValueError(f"unknown bot {name!r}: choose from {', '.join(self.names)}")


@attrs.frozen(kw_only=True)
class Evaluation(Generic[S]):
    """How a game stopped before its end is scored (the lab's limit, the adapters' cap)."""

    #: Each seat's points now, for a game stopped unfinished (a lab result's ``points``).
    points: Callable[[S], tuple[int, ...]]
    #: Each seat's utility of a game stopped now, over or cut short: ``returns`` once it is
    #: over; the game decides for a game cut short. Zero-sum, within [-1, +1].
    utilities: Callable[[S], Sequence[float]]


# --------------------------------------------------------------------------- learners


class ActionCodes(Protocol[S_contra, M]):
    """A game's action codes: an integer per move, chance outcomes included (its ``actions`` module)."""

    def num_distinct_actions(self, setting: Any, /) -> int:
        """The number of codes of a game so set (:meth:`GameInfo.setting`): 0 to this minus 1."""
        ...

    def encode(self, state: S_contra, move: M, /) -> int:
        """The code of ``move`` in ``state``."""
        ...

    def decode(self, state: S_contra, code: int, /) -> M:
        """The move of ``code`` in ``state``."""
        ...

    def legal_actions(self, state: S_contra, /) -> Sequence[int]:
        """The codes of the legal moves of the player deciding, ascending."""
        ...

    def legal_action_mask(self, state: S_contra, /) -> bytes:
        """One byte per code: 1 at the codes of the legal moves."""
        ...


class Tensors(Protocol[V_contra]):
    """A game's observation tensors and strings, built from ``observe`` (its ``tensors`` module)."""

    def observation_tensor_size(self, setting: Any, players: int, /) -> int:
        """The tensor's length in a game so set (:meth:`GameInfo.setting`) of ``players``."""
        ...

    def observation_tensor(self, observation: V_contra, /) -> Sequence[float]:
        """The observation tensor of an observation (what ``observe`` gives)."""
        ...

    def information_state_string(self, observation: V_contra, /) -> str:
        """The information-state string of an observation."""
        ...


# --------------------------------------------------------------------------- people


class Render(Protocol[S_contra]):
    """A game's text view (its ``render``): the referee's, or what a seat sees."""

    def __call__(self, state: S_contra, viewer: int | None = None, /) -> str:
        """``state`` as text: every secret shown without ``viewer``, else what it may see."""
        ...


@attrs.frozen(kw_only=True)
class Views(Generic[S]):
    """How a position is shown: as text (every secret or a seat's), in brief, as a picture."""

    #: The text view: ``render(state)`` the referee's, ``render(state, seat)`` a seat's.
    render: Render[S]
    #: What matters to a seat now in a few lines, shown above the command's menu when the
    #: table is not shown or does not fit the screen with it: ``(state, seat)``. ``None``:
    #: the first line of the seat's view.
    summary: Callable[[S, int], str] | None = None
    #: The position picture of a state as an SVG document (the referee's view), or ``None``
    #: when the game draws none.
    picture: Callable[[S], str] | None = None

    def summarize(self, state: S, seat: int) -> str:
        """What matters to ``seat`` now, in a few lines (:attr:`summary`)."""
        if self.summary is not None:
            return self.summary(state, seat)
        return self.render(state, seat).split("\n", 1)[0]


@attrs.frozen(kw_only=True)
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
    #: outermost first, each a short label of what its moves share; ``()`` shows the move on
    #: its own. ``None``: the moves are grouped by the first word of their notation.
    group: Callable[[S, M], tuple[str, ...]] | None = None


class Narrator(Protocol[S_contra, M_contra]):
    """What a game says of itself (its ``narrate`` module): its setup, a move, its end, a seat."""

    def describe_setup(self, state: S_contra, *, show_seed: bool) -> str:
        """The setup of ``state``; the seed only with ``show_seed`` (else it stays secret)."""
        ...

    def describe_events(
        self, before: S_contra, move: M_contra, events: tuple[Any, ...], after: S_contra, /
    ) -> str:
        """A move from the events applying it gave: ``(before, move, events, after)``."""
        ...

    def describe_outcome(self, state: S_contra, /) -> str:
        """The final standings of a finished game."""
        ...

    def player_name(self, seat: int, /) -> str:
        """A seat's name: ``"Player 1"`` for seat 0."""
        ...


@attrs.frozen(kw_only=True)
class Narration(Generic[S, M]):
    """A :class:`Narrator` made of functions, for a game without a ``narrate`` module."""

    #: The setup, with the seed or without it (``show_seed=False``: a secret seed).
    describe_setup: Callable[..., str]
    #: A move from the events applying it gave: ``(before, move, events, after)``.
    describe_events: Callable[[S, M, tuple[Any, ...], S], str]
    #: The final standings of a finished game.
    describe_outcome: Callable[[S], str]
    #: A seat's name: ``"Player 1"`` for seat 0.
    player_name: Callable[[int], str]


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


class RecordWriter(Protocol[S_contra, M_contra]):
    """A game's ``write_record``: a record's text from its start, its moves and annotations."""

    def __call__(
        self,
        start: S_contra,
        moves: Sequence[M_contra],
        *,
        tags: Mapping[str, str] = ...,
        comments: Mapping[int, str] = ...,
    ) -> str:
        """The record's text; ``comments`` maps a number of moves to a comment after them."""
        ...


@attrs.frozen(kw_only=True)
class Records(Generic[S, M]):
    """The game's records (its PGN): written by ``play --record``, read by ``replay``."""

    #: The clause that defines a record (``REC-1``), named in the help.
    rule: str
    #: A record's text (the game's ``write_record``).
    write: RecordWriter[S, M]
    #: A record's text read, every move checked (the game's ``RecordError`` otherwise).
    read: Callable[[str], RecordLike[S, M]]
    #: Every state of a record's game, its stated result checked (``RecordError``).
    replay: Callable[[Any], Sequence[S]]
    #: The moves of a record from its start, written to the stream as the game's demo
    #: narrates a game, stopping where the moves stop (``replay``).
    narrate: Callable[[S, Sequence[M], TextIO], None]


class CardLike(Protocol):
    """A card as the ``cards`` command finds it by name and shows it in full."""

    @property
    def name(self) -> str:
        """The card's name."""
        ...

    @property
    def text(self) -> str:
        """The card in full, for ``cards NAME``."""
        ...

    @property
    def rules(self) -> Sequence[str]:
        """The rule IDs that govern the card."""
        ...


@attrs.frozen(kw_only=True)
class CardEntry:
    """A card as the ``cards`` command finds it by name and shows it in full (a :class:`CardLike`)."""

    #: The card's name.
    name: str
    #: The card in full, for ``cards NAME``.
    text: str
    #: The rule IDs that govern the card (``cards NAME`` lists them).
    rules: tuple[str, ...]


@attrs.frozen(kw_only=True)
class Cards(Generic[K]):
    """The ``cards`` command's catalogue (``K``): the card set, or the cards the readings give."""

    #: The catalogue of a game played under ``(readings, variant)``; ``None``: the variant
    #: is the catalogue (a card set).
    load: Callable[[Any, Any], K] | None
    #: The catalogue of the game a state is in (``cards NAME`` during ``play``).
    of_state: Callable[[Any], K]
    #: The catalogue's name, as the messages name it.
    title: Callable[[K], str]
    #: Every card of the catalogue, in the order a name is looked up.
    entries: Callable[[K], Sequence[CardLike]]
    #: The catalogue as tables ``width`` columns wide at most (``cards`` alone; the
    #: command's extra ``[cli]``).
    tables: Callable[[K, int], Sequence[rich.table.Table]]
    #: What the cards are, for a message: ``"building, character or bonus point card"``.
    kinds: str
    #: The ``cards`` command's help.
    help: str
    #: Whether ``cards`` takes the rule-reading options (when they change the cards).
    readings: bool = False


@attrs.frozen(kw_only=True)
class Results(Generic[S, M]):
    """What a lab result line adds for a game (:mod:`meeplekit.lab`), beyond every game's fields."""

    #: The game's extra result fields: ``fields(end, variant, moves)`` from the last state,
    #: the variant and every move played with the seat that chose it (chance's as
    #: :data:`~meeplekit.protocol.CHANCE`), as JSON values by field name, in the order
    #: written. ``None``: none.
    fields: Callable[[S, Any, Sequence[tuple[int, M]]], Mapping[str, Any]] | None = None
    #: The extra fields that need the game's start, for a game whose moves and last state
    #: alone do not replay it: ``start_fields(start, end, variant, moves)``, written after
    #: :attr:`fields`' fields; ``None``: none.
    start_fields: Callable[[S, S, Any, Sequence[tuple[int, M]]], Mapping[str, Any]] | None = None
    #: The field listing each seat's purchases by name, in order (``"bought"``), whose share
    #: of games a comparison reports; ``None``: none.
    purchases: str | None = None
    #: What one of :attr:`purchases` is, in a report: ``"building"``.
    purchase_noun: str = "item"


class Teller(Protocol[S_contra, M_co]):
    """How a game's demo tells a game it plays: ``tell(args, start, bots, out)``."""

    def __call__(
        self,
        args: argparse.Namespace,
        start: S_contra,
        bots: Sequence[Bot[Any, Any]],
        out: TextIO,
        /,
    ) -> Sequence[M_co]:
        """Write the game played from ``start`` by ``bots`` to ``out``; the moves played.

        ``args`` are the demo's parsed arguments (its seed, its bot, the readings).
        """
        ...


@attrs.frozen(kw_only=True)
class Demo(Generic[S, M]):
    """A game's demo (``python -m <game>.demo``): what the shared one (:mod:`meeplekit.demo`) does not know.

    The shared demo parses the arguments (``--players``, ``--seed``, ``--bot``, one option
    per reading, ``--record``), sets the game up, seats the bots and writes the record; the
    game tells the game (:attr:`tell`).
    """

    #: The bots the demo can seat, by their ``--bot`` name, each made from its seed.
    bots: Mapping[str, Callable[[int], Bot[Any, M]]]
    #: The seed of a demo that names none.
    seed: int
    #: The narration of the whole game, from its setup to its outcome.
    tell: Teller[S, M]
    #: What ``--players``' help adds after its default (``"; 1 is the solo game"``).
    players_help: str = ""
    #: Why the arguments cannot make a game together, in one line, or ``None``.
    check: Callable[[argparse.Namespace], str | None] | None = None
    #: Adds the game's own arguments after the readings' (a hidden earlier spelling).
    arguments: Callable[[argparse.ArgumentParser], None] | None = None


# --------------------------------------------------------------------------- the description


def _readings_class(value: type[Any]) -> type[Any]:
    if not attrs.has(value):
        raise TypeError(f"a game's readings are an attrs class, got {value!r}")
    return value


@attrs.frozen(kw_only=True)
class GameInfo(Generic[S, M]):
    """Everything the shared tools need to know about one game (see the module's text).

    ``S`` is the game's state, ``M`` its move. A game declares one, as ``INFO`` in its
    module ``<game>.info``; :func:`meeplekit.registry.load_info` gives it out by name.
    """

    #: The game's short name, lower case (``"harbour"``): its registry name and command,
    #: the OpenSpiel game ``python_<name>``, the PettingZoo environment ``<name>_v0``.
    name: str
    #: The game's name as printed (``"Machi Koro"``).
    title: str
    #: The library's version (the command's ``--version``).
    version: str
    #: The game module (:class:`~meeplekit.protocol.Game`): its ``new_game`` takes
    #: ``seed=``, ``options=`` and the variant by :attr:`Variants.name`.
    game: Game[S, M]
    #: How many players a game seats.
    players: Players
    #: True when no player ever has a secret (OpenSpiel's perfect information).
    perfect_information: bool
    #: The game's rule options class (a frozen attrs class whose fields are switches,
    #: ``bool``, or readings, :class:`enum.Enum`): one OpenSpiel parameter, one command
    #: option per field.
    readings: type[Any] = attrs.field(converter=_readings_class)
    #: The game's variant besides its readings (Harbour's card set); ``None``: none.
    variants: Variants[Any] | None = None
    #: Where the game's chance lies.
    chance: Chance[S]
    #: The game as the shared bots and search play it: the turn, the seats, the unchecked
    #: fast path, the chance sampler and the evaluation of a position.
    play: BotGame[S, Any, M]
    #: The bots a tool may seat.
    bots: Bots[M]
    #: The default cap on the decisions of one game (the adapters' cap, the lab's limit).
    max_decisions: int = DEFAULT_MAX_DECISIONS
    #: How a game stopped before its end is scored.
    evaluation: Evaluation[S]
    #: The action codes (the game's ``actions`` module); ``None``: the game has none, and
    #: the learning adapters do not serve it.
    codes: ActionCodes[S, M] | None = None
    #: The observation tensors and strings (the game's ``tensors`` module); ``None``: none.
    tensors: Tensors[Any] | None = None
    #: How moves are written and labelled.
    notation: Notation[S, M]
    #: How positions are shown.
    views: Views[S]
    #: How a game is narrated: its ``narrate`` module (or a :class:`Narration`).
    narration: Narrator[S, M]
    #: The ``cards`` command's catalogue (``None``: the game has no cards to look up).
    cards: Cards[Any] | None = None
    #: The game's records (``None``: none; the command then has no ``replay``).
    records: Records[S, M] | None = None
    #: What a lab result adds.
    results: Results[S, M] = Results()
    #: The game's demo (``None``: it has none).
    demo: Demo[S, M] | None = None
    #: The game's family of errors (:func:`meeplekit.errors.family`).
    errors: Family
    #: The distribution's optional extras (its install hints).
    extras: Extras
    #: The game's rules specification (``rule ID``; ``None``: none, and no ``rule``).
    specification: Specification | None = None
    #: Rule IDs for the ``rule`` command's help: ``"TOLL-2 or INT-3"``.
    rule_examples: str = ""
    #: A reading assignment for ``compare --variant``'s help: ``"reentry=kept"``.
    reading_example: str = ""

    def __attrs_post_init__(self) -> None:
        if not self.name.isidentifier() or self.name != self.name.lower():
            raise ValueError(f"a game's name is a lower-case identifier, got {self.name!r}")
        if self.max_decisions < 1:
            raise ValueError(f"max_decisions must be at least 1, got {self.max_decisions}")

    # ---------------------------------------------------------------- setting a game up

    def default_readings(self) -> Any:
        """The game's default readings: an instance of :attr:`readings`."""
        return self.readings()

    @property
    def default_variant(self) -> Any:
        """The variant of a game that names none (``None`` for a game without variants)."""
        return None if self.variants is None else self.variants.default

    def setting(self, readings: Any, variant: Any) -> Any:
        """What a size depends on: the variant of a game that has one, else its readings."""
        if self.variants is None:
            return self.default_readings() if readings is None else readings
        return self.variants.default if variant is None else variant

    def _keywords(self, readings: Any, variant: Any) -> dict[str, Any]:
        """``new_game``'s keywords besides the seed: ``options=`` and the variant by name."""
        if self.variants is None:
            return {"options": readings}
        chosen = self.variants.default if variant is None else variant
        return {"options": readings, self.variants.name: chosen}

    def new_game(self, players: int, seed: int, readings: Any = None, variant: Any = None) -> S:
        """A new game of ``players`` from ``seed`` under ``readings`` and ``variant``.

        ``None`` is the default of either. It raises the game's ``ValueError`` for what the
        game refuses (a number of players, a combination of readings).
        """
        make: Callable[..., S] = self.game.new_game
        return make(players, seed=seed, **self._keywords(readings, variant))

    def start(self, players: int, readings: Any = None, variant: Any = None) -> S | None:
        """The position before any chance (:attr:`Chance.start`), or ``None`` without one."""
        if self.chance.start is None:
            return None
        return self.chance.start(players, **self._keywords(readings, variant))

    def check_game(self, players: int, readings: Any, variant: Any) -> None:
        """Raise the game's ``ValueError`` unless a game with these can be set up."""
        if self.variants is not None and self.variants.check is not None and variant is not None:
            self.variants.check(variant)
        self.new_game(players, 0, readings, variant)

    def variant_label(self, variant: Any) -> tuple[str, str] | None:
        """The variant as a result line names it (``("cards", "...")``), or ``None``."""
        if self.variants is None:
            return None
        chosen = self.variants.default if variant is None else variant
        return (self.variants.name, self.variants.label(chosen))

    # ---------------------------------------------------------------- playing

    def draw(self, state: S, rng: SplitMix64) -> M:
        """The outcome of the chance node ``state`` drawn with ``rng``, with its probability."""
        return self.play.sample_chance(state, rng)

    def learner(self) -> tuple[ActionCodes[S, M], Tensors[Any]]:
        """The action codes and tensors the learning adapters need; ``ValueError`` without."""
        if self.codes is None or self.tensors is None:
            raise ValueError(f"{self.title} has no action codes and tensors for learners")
        return self.codes, self.tensors

    def require(self, extra: str) -> None:
        """Raise the game's ``MissingExtraError`` unless every module of ``extra`` is installed."""
        self.extras.require(extra)

    def catalogue(self, state: S) -> Any:
        """The cards of the game ``state`` is in (:attr:`Cards.of_state`; ``None``: no cards)."""
        return None if self.cards is None else self.cards.of_state(state)

    def catalogue_of(self, readings: Any, variant: Any) -> Any:
        """The cards of a game played under ``readings`` and ``variant`` (``None``: no cards)."""
        chosen = self.default_variant if variant is None else variant
        if self.cards is None:
            return None
        if self.cards.load is None:
            return chosen
        return self.cards.load(self.default_readings() if readings is None else readings, chosen)

    @property
    def invalid_value(self) -> type[ValueError]:
        """The game's error for a value that is not well formed (a parameter, a mode)."""
        return self.errors.InvalidValueError
