"""The OpenSpiel game of every registered game: one adapter, serving each from its description.

:func:`served` registers the Python game ``python_<name>`` of a game registered by name
(:mod:`meeplekit.registry`) with OpenSpiel, made from its description
(:class:`meeplekit.info.GameInfo`), and returns its classes; :func:`register_all` serves
every registered game. Then :func:`pyspiel.load_game` loads it by name, with its
parameters::

    from meeplekit import openspiel

    openspiel.register_all()
    game = pyspiel.load_game("python_harbour", {"players": 3})

No game writes a module of its own for it (``harbour.openspiel`` only calls
``served("harbour")`` and keeps its names). What every such game is (each game's
specification states it as its own clauses):

- The game ``python_<name>``: sequential, with explicit chance, zero-sum, terminal
  rewards; its parameters are ``players`` (by default the game's most common count,
  :attr:`Players.default <meeplekit.info.Players.default>`), ``max_decisions`` and one per
  field of the game's rule options, by the field's name (a switch a boolean, a reading the
  string value of its member). A value the game refuses fails the loading of the game. Its
  games are played with the game's default variant.
- Chance: either the game's setup chance is explicit (:attr:`meeplekit.info.Chance.start`:
  the game begins at the position before any chance, whose chance nodes are the game's) or
  the first node draws the seed of ``new_game`` among
  :attr:`~meeplekit.info.Chance.setup_seeds` equally likely outcomes. At every chance node
  of the game itself, :meth:`SpielState.chance_outcomes` gives the game's outcomes
  (``chance_outcomes``) by their action codes, each with its exact probability as a float.
  A decision's action is its code.
- Utilities: :attr:`meeplekit.info.Evaluation.utilities` at the end, 0 for every seat
  before it; the game also ends once ``max_decisions`` decisions (chance outcomes are not
  decisions) have been taken.
- Observers: a player's observation and information state are both built from the game's
  ``observe`` alone: the tensor ``observation_tensor`` as ``float32``, the string
  ``information_state_string``.
- ``resample_from_infostate`` draws a state the player cannot tell from this one with the
  game's ``determinize``.
- ``str(state)`` is the game's text view (its ``render``, the referee's view, as ``str`` of
  the game's state): a board to read, as OpenSpiel's own games print theirs. A state is
  serialized by its history (OpenSpiel's default), which replays the game.

The classes of a game are named after its title (``HarbourGame``, ``MachiKoroState``) and
belong to this module, where pickle finds them again (:func:`__getattr__`); a game's
variant is also its game's attribute by the variant's name (Harbour's ``game.cards``).

Needs OpenSpiel and NumPy (each game's extra ``[openspiel]``).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar

import attrs

try:
    import numpy as np
    import pyspiel
except ImportError as missing:  # pragma: no cover - the tests run with OpenSpiel installed
    raise ImportError(
        "meeplekit.openspiel needs OpenSpiel and NumPy, which are not installed: "
        "pip install open_spiel numpy (or a game's [openspiel] extra)"
    ) from missing

from meeplekit.info import ActionCodes, GameInfo, Tensors
from meeplekit.protocol import CHANCE
from meeplekit.registry import load_info, registered_names
from meeplekit.rng import SplitMix64

__all__ = [
    "Served",
    "SpielGame",
    "SpielObserver",
    "SpielState",
    "class_prefix",
    "game_type",
    "option_parameters",
    "register_all",
    "served",
]

S = TypeVar("S")

#: What a state shows before its setup seed is drawn.
_BEFORE_SETUP = "setup: the seed is not drawn yet"


def option_parameters(options: type[Any]) -> dict[str, bool | int | str]:
    """Each field of a rule options class with its default, as an OpenSpiel parameter.

    A switch is a boolean, a reading the string value of its enum member; a reading whose
    values are all whole numbers (a cost: ``"4"``, ``"2"``) is that number, an ``int``, as
    OpenSpiel reads a number back from a game's string.
    """
    defaults: dict[str, bool | int | str] = {}
    for field in attrs.fields(options):
        value = field.default
        if isinstance(value, enum.Enum):
            defaults[field.name] = int(value.value) if _numeric(type(value)) else value.value
        else:
            defaults[field.name] = bool(value)
    return defaults


def _numeric(reading: type[enum.Enum]) -> bool:
    """Whether every value of ``reading`` is a whole number written as a string."""
    return all(isinstance(m.value, str) and m.value.isdigit() for m in reading)


def _option_value(default: object, parameter: Any) -> Any:
    """An OpenSpiel parameter as its options field takes it: a number back to its string."""
    if isinstance(default, enum.Enum) and _numeric(type(default)) and type(parameter) is int:
        return str(parameter)
    return parameter


def game_type(info: GameInfo[Any, Any]) -> pyspiel.GameType:
    """The OpenSpiel game type of a game: ``python_<name>`` and its parameters.

    Sequential, explicit chance, perfect or imperfect information as the game is,
    zero-sum, terminal rewards, the game's range of players; the parameters are
    ``players`` (default: the game's most common count), ``max_decisions`` (default: the
    game's cap) and :func:`option_parameters` of its readings.
    """
    information = (
        pyspiel.GameType.Information.PERFECT_INFORMATION
        if info.perfect_information
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION
    )
    return pyspiel.GameType(
        short_name=f"python_{info.name}",
        long_name=f"Python {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.players.most,
        min_num_players=info.players.fewest,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": info.players.default,
            "max_decisions": info.max_decisions,
            **option_parameters(info.readings),
        },
    )


class _Kept:
    """An immutable value that a copy of its holder shares instead of copying.

    OpenSpiel clones a Python state by deep-copying its attributes; the positions and
    variants of the games are immutable, so a clone shares them, and the text view of a
    position, drawn once, with them (OpenSpiel prints a state many times).
    """

    __slots__ = ("_text", "value")

    def __init__(self, value: Any) -> None:
        self.value = value
        self._text: str | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Kept:
        return self

    def __reduce__(self) -> tuple[type[_Kept], tuple[Any]]:
        return (_Kept, (self.value,))  # the value alone: the text is drawn again

    def text(self, view: Callable[[Any], str]) -> str:
        """``view`` of the value, drawn on the first call (the value never changes)."""
        if self._text is None:
            self._text = view(self.value)
        return self._text


@attrs.frozen
class _Setup:
    """What every game of an OpenSpiel game starts from (:meth:`SpielGame._setup`)."""

    readings: Any
    max_decisions: int
    first: Any


class SpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """A game of OpenSpiel: what :func:`pyspiel.load_game` makes; one subclass per game.

    A subclass (made by :func:`served`) sets :attr:`info`, :attr:`game_type`,
    :attr:`state_type` and :attr:`observer_type`. Everything else is read from the
    parameters, never kept in attributes: OpenSpiel rebuilds an unpickled game without
    calling ``__init__``.
    """

    #: The game's description.
    info: ClassVar[GameInfo[Any, Any]]
    #: Its action codes and tensors (:meth:`meeplekit.info.GameInfo.learner`).
    codes: ClassVar[ActionCodes[Any, Any]]
    tensors: ClassVar[Tensors[Any]]
    #: The game's type (:func:`game_type` of :attr:`info`).
    game_type: ClassVar[pyspiel.GameType]
    #: The class of the game's states.
    state_type: ClassVar[type[SpielState[Any]]]
    #: The class of the game's observers.
    observer_type: ClassVar[type[SpielObserver]]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        info = self.info
        spec = self.game_type.parameter_specification
        given = dict(params or {})
        unknown = sorted(set(given) - set(spec))
        if unknown:
            raise info.invalid_value(f"{self.game_type.short_name} has no parameters {unknown}")
        merged: dict[str, Any] = {**spec, **given}
        players = merged["players"]
        max_decisions = merged["max_decisions"]
        if type(max_decisions) is not int or max_decisions < 1:
            raise info.invalid_value(
                f"max_decisions must be a whole number >= 1, got {max_decisions!r}"
            )
        readings = self._options_of(merged)
        # A game made now checks the number of players and the options at once.
        info.new_game(players, 0, readings)
        seeds = info.chance.setup_seeds if info.chance.start is None else 0
        codes = self.codes.num_distinct_actions(info.setting(readings, None))
        game_info = pyspiel.GameInfo(
            num_distinct_actions=codes,
            max_chance_outcomes=max(seeds, codes if info.chance.in_play else 0),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_decisions,
        )
        super().__init__(self.game_type, game_info, given)

    def _options_of(self, parameters: dict[str, Any]) -> Any:
        """The rule options of ``parameters`` (an instance of the game's readings class)."""
        options = self.info.readings
        return options(
            **{
                field.name: _option_value(field.default, parameters[field.name])
                for field in attrs.fields(options)
            }
        )

    @property
    def options(self) -> Any:
        """The rule options every game is played under (from the parameters)."""
        return self._options_of(self.get_parameters())

    @property
    def variant(self) -> Any:
        """The variant every game is played with: the game's default (``None``: it has none)."""
        return self.info.default_variant

    @property
    def max_decisions(self) -> int:
        """The cap on the decisions of a game."""
        return int(self.get_parameters()["max_decisions"])

    def _setup(self) -> _Setup:
        """The readings, the cap and the first position of every game, computed once.

        Kept in the instance's dictionary on first use (an unpickled game, rebuilt without
        ``__init__``, computes it again): OpenSpiel makes a new initial state for every
        clone of a state.
        """
        found: _Setup | None = self.__dict__.get("_setup_memo")
        if found is None:
            readings = self.options
            first = self.info.start(self.num_players(), readings)
            found = _Setup(readings, self.max_decisions, first)
            self.__dict__["_setup_memo"] = found
        return found

    def new_initial_state(self) -> SpielState[Any]:
        """A new game: at its setup chance node, or the game's position before any chance."""
        return self.state_type(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SpielObserver:
        """An observer of tensors and strings built from the game's ``observe``."""
        return self.observer_type(self, iig_obs_type, params)


class SpielState(pyspiel.State, Generic[S]):  # type: ignore[misc]  # pyspiel is untyped
    """A position of an OpenSpiel game: before setup (``state`` is ``None``), then the game's.

    :attr:`state` is the game's state (``None`` at the setup chance node of a game whose
    setup draws a seed); :attr:`decisions` counts the decisions taken (chance outcomes are
    not decisions). A subclass (made by :func:`served`) sets :attr:`info`, its game's.
    """

    #: The game's description (a class attribute: OpenSpiel clones a state by copying its
    #: attributes, and a game module cannot be copied).
    info: ClassVar[GameInfo[Any, Any]]
    #: Its action codes (:meth:`meeplekit.info.GameInfo.learner`).
    codes: ClassVar[ActionCodes[Any, Any]]

    def __init__(self, game: SpielGame) -> None:
        super().__init__(game)
        setup = game._setup()
        # What the rules need, copied from the game (a clone copies the state, not the game).
        self._players: int = game.num_players()
        self._fixed = _Kept((setup.readings, setup.max_decisions))
        self._position = _Kept(setup.first)
        #: The decisions taken so far (chance outcomes are not decisions).
        self.decisions = 0

    @property
    def state(self) -> S | None:
        """The position, or ``None`` at the chance node before setup."""
        position: S | None = self._position.value
        return position

    @state.setter
    def state(self, position: S | None) -> None:
        self._position = _Kept(position)

    @property
    def _readings(self) -> Any:
        return self._fixed.value[0]

    @property
    def _max_decisions(self) -> int:
        max_decisions: int = self._fixed.value[1]
        return max_decisions

    @property
    def _info(self) -> GameInfo[S, Any]:
        return self.info

    def current_player(self) -> int:
        """The seat deciding now; ``CHANCE`` at a chance node, ``TERMINAL`` at the end."""
        if self.state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        seat = self._info.game.current_player(self.state)
        return int(pyspiel.PlayerId.CHANCE) if seat == CHANCE else int(seat)

    def is_terminal(self) -> bool:
        """Whether the game ended or reached the cap on decisions."""
        return self.state is not None and (
            self._info.game.is_over(self.state) or self.decisions >= self._max_decisions
        )

    def _legal_actions(self, player: int) -> list[int]:
        """The codes of the legal moves of ``player``, ascending."""
        assert self.state is not None and player == self.current_player()
        return list(self.codes.legal_actions(self.state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The setup seeds, or the game's chance outcomes by code, with their probabilities."""
        info = self._info
        if self.state is None:
            seeds = info.chance.setup_seeds
            p = 1.0 / seeds
            return [(seed, p) for seed in range(seeds)]
        state = self.state
        return sorted(
            (self.codes.encode(state, move), float(probability))
            for move, probability in info.game.chance_outcomes(state)
        )

    def _apply_action(self, action: int) -> None:
        """Set the game up from a seed, or play the move of a code (a chance outcome's too)."""
        info = self._info
        if self.state is None:
            self.state = info.new_game(self._players, action, self._readings)
            return
        chance = info.game.current_player(self.state) == CHANCE
        self.state = info.game.apply_move(self.state, self.codes.decode(self.state, action))
        if not chance:
            self.decisions += 1

    def _action_to_string(self, player: int, action: int) -> str:
        """The setup seed, or the move of the code as the game writes it (and its code)."""
        info = self._info
        if player == pyspiel.PlayerId.CHANCE and (self.state is None or not info.chance.in_play):
            return f"Seed {action}"
        if self.state is not None and not info.game.is_over(self.state):
            try:
                move = self.codes.decode(self.state, action)
                return f"{info.notation.format(self.state, move)} ({action})"
            except ValueError:
                pass
        return f"Action {action}"

    def returns(self) -> list[float]:
        """Each seat's utility at the end (the game's evaluation), 0 for every seat before."""
        if self.state is None or not self.is_terminal():
            return [0.0] * self._players
        return [float(u) for u in self._info.evaluation.utilities(self.state)]

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> SpielState[S]:
        """A state ``player_id`` cannot tell from this one, drawn by the game's ``determinize``.

        The generator of ``determinize`` is seeded with a 53-bit number from
        ``probability_sampler`` (a callable returning a float in [0, 1), as OpenSpiel's
        ``UniformProbabilitySampler``). The sample has no history (OpenSpiel cannot
        serialize it); before setup the state itself is copied.
        """
        sample = type(self)(self.get_game())
        sample.decisions = self.decisions
        if self.state is None:
            return sample
        seed = int(float(probability_sampler()) * 2**53)
        game = self._info.game
        sample.state = game.determinize(game.observe(self.state, player_id), SplitMix64(seed))
        return sample

    def __str__(self) -> str:
        """The position as the game's text view (its ``render``, the referee's view).

        Before setup: a line saying the seed is not drawn yet. OpenSpiel serializes a state
        by its history, not by this text.
        """
        if self._position.value is None:
            return _BEFORE_SETUP
        return self._position.text(self._info.views.render)


class SpielObserver:
    """Observation tensors and strings (OpenSpiel's PyObserver), built from ``observe``.

    Whatever the observation type, a player sees the game's ``observe`` of the position:
    :attr:`tensor` is its ``observation_tensor`` as ``float32``, :meth:`string_from` gives
    its ``information_state_string``. Before setup the tensor is all zeros and the string
    says so. Of a game with secrets only the private information of the player observing
    (OpenSpiel's ``SINGLE_PLAYER``) is offered.
    """

    def __init__(self, game: SpielGame, iig_obs_type: Any, params: dict[str, Any] | None):
        info = game.info
        name = game.game_type.short_name
        if params:
            raise info.invalid_value(f"{name} observers take no parameters, got {params}")
        if (
            iig_obs_type is not None
            and not info.perfect_information
            and (
                iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
                or not iig_obs_type.public_info
            )
        ):
            raise info.invalid_value(
                f"{name} observes public and the observer's private information only"
            )
        self._info: GameInfo[Any, Any] = info
        self._tensors = game.tensors
        setting = info.setting(game.options, None)
        size = self._tensors.observation_tensor_size(setting, game.num_players())
        #: The flat observation tensor (the game's ``observation_tensor``).
        self.tensor = np.zeros(size, np.float32)
        #: The tensor's named views (OpenSpiel's convention): the whole of it.
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SpielState[Any], player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` sees of ``state``."""
        if state.state is None:
            self.tensor.fill(0.0)
        else:
            seen = self._info.game.observe(state.state, player)
            self.tensor[:] = self._tensors.observation_tensor(seen)

    def string_from(self, state: SpielState[Any], player: int) -> str:
        """What ``player`` sees of ``state``, as the game's information-state string."""
        if state.state is None:
            return _BEFORE_SETUP
        return self._tensors.information_state_string(self._info.game.observe(state.state, player))


# --------------------------------------------------------------------------- serving games


@attrs.frozen
class Served:
    """A game served by OpenSpiel (:func:`served`): its type and its classes."""

    #: The game's description.
    info: GameInfo[Any, Any]
    #: Its game type, registered with OpenSpiel (``python_<name>``).
    game_type: pyspiel.GameType
    #: What :func:`pyspiel.load_game` makes (``HarbourGame``).
    game: type[SpielGame]
    #: Its states (``HarbourState``).
    state: type[SpielState[Any]]
    #: Its observers (``HarbourObserver``).
    observer: type[SpielObserver]

    @property
    def max_decisions(self) -> int:
        """The default cap on the decisions of one game (the ``max_decisions`` parameter)."""
        return self.info.max_decisions

    @property
    def seeds(self) -> int:
        """How many equally likely setup seeds the first chance node draws from (if it does)."""
        return self.info.chance.setup_seeds


#: The games served so far, by name (registering twice with OpenSpiel is refused).
_SERVED: dict[str, Served] = {}


def class_prefix(title: str) -> str:
    """The name a game's classes begin with: its title without spaces (``MachiKoro``)."""
    return "".join(word[:1].upper() + word[1:] for word in title.split() if word)


def _made(name: str, base: type[Any], body: dict[str, Any]) -> Any:
    return type(name, (base,), {"__module__": __name__, "__qualname__": name, **body})


def served(name: str) -> Served:
    """The OpenSpiel game of the game registered as ``name``, registered with OpenSpiel.

    The first call makes its classes from the game's description and registers
    ``python_<name>`` (:func:`pyspiel.register_game`); later calls return the same.
    Raises :class:`~meeplekit.registry.UnknownGameError` for a name no game registers, and
    ``ValueError`` for a game without action codes and tensors.
    """
    found = _SERVED.get(name)
    if found is None:
        info = load_info(name)
        codes, tensors = info.learner()
        prefix = class_prefix(info.title)
        kind = game_type(info)
        doc = f"{info.title} for OpenSpiel (``python_{info.name}``): :mod:`{__name__}`'s"
        state = _made(
            f"{prefix}State",
            SpielState,
            {"info": info, "codes": codes, "__doc__": f"A position of {doc}."},
        )
        observer = _made(
            f"{prefix}Observer", SpielObserver, {"__doc__": f"Tensors and strings of {doc}."}
        )
        body: dict[str, Any] = {
            "info": info,
            "codes": codes,
            "tensors": tensors,
            "game_type": kind,
            "state_type": state,
            "observer_type": observer,
            "__doc__": f"The game of {doc}: what :func:`pyspiel.load_game` makes.",
        }
        if info.variants is not None:  # the variant also by its name: ``game.cards``
            body[info.variants.name] = SpielGame.variant
        game = _made(f"{prefix}Game", SpielGame, body)
        pyspiel.register_game(kind, game)
        found = _SERVED[name] = Served(info, kind, game, state, observer)
    return found


def register_all() -> tuple[Served, ...]:
    """Serve every registered game (:func:`meeplekit.registry.registered_names`)."""
    return tuple(served(name) for name in registered_names())


def __getattr__(name: str) -> type[Any]:
    """A game's class by its name (``HarbourGame``), serving its game: pickle's lookup."""
    if name.startswith("_") or not name.endswith(("Game", "State", "Observer")):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    for game in registered_names():
        found = served(game)
        for made in (found.game, found.state, found.observer):
            if made.__name__ == name:
                return made
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
