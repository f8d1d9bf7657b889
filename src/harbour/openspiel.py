"""An OpenSpiel game of Harbour (rules SPIEL-1 to SPIEL-5; extra ``[openspiel]``).

Importing this module registers the Python game ``python_harbour`` with ``pyspiel``; load
it by name with its parameters:

>>> import pyspiel
>>> from harbour import openspiel
>>> game = pyspiel.load_game("python_harbour", {"players": 3, "characters": True})
>>> game.num_players(), game.max_game_length() == openspiel.MAX_DECISIONS
(3, True)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes()) == openspiel.SEEDS
(True, True)
>>> state.apply_action(7)  # the setup seed (SPIEL-2)
>>> state.current_player(), len(state.legal_actions()) > 0
(0, True)

The parameters (SPIEL-1) are ``players`` (2 to 4, default 2), ``max_decisions`` (the length
cap, SPIEL-4, default :data:`MAX_DECISIONS`) and one per field of
:class:`~harbour.options.RulesOptions`, by the field's name: a switch is a boolean, a
reading the string value of its enum member (``"last_round": "all-players"``). The game
is played with the original card set (:data:`harbour.cards.ORIGINAL_SET`).

- Chance is explicit (SPIEL-2): the first node of every game is a chance node that draws
  the setup seed among :data:`SEEDS` equally likely outcomes; every later node is a
  decision, and the action of a decision is its integer code of :mod:`harbour.actions`.
- Utilities (SPIEL-3): a zero-sum game; at the end each winner gets +1 divided by the
  number of winners and every other player -1 divided by their number (everyone 0 when all
  players tie), so utilities lie between -1 and +1.
- Observers (SPIEL-5): the observation and the information state of a player are both
  built from :func:`harbour.observe` alone: the tensor is
  :func:`harbour.tensors.observation_tensor`, the string
  :func:`harbour.tensors.information_state_string`.
- ``resample_from_infostate`` draws a state the player cannot tell from this one with
  :func:`harbour.determinize`.

This module needs ``open_spiel`` and ``numpy`` (``pip install 'harbour-rules[openspiel]'``);
``import harbour`` does not import it. Without them, importing it raises
:class:`~harbour.extras.MissingExtraError`, whose one line names the extra.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, Final

import attrs

from harbour.extras import require

require("openspiel")  # before the imports below: one line naming the extra if it is missing

import numpy as np
import pyspiel

from harbour import actions, tensors
from harbour.cards.model import CardSet
from harbour.cards.original import ORIGINAL_SET
from harbour.determinize import determinize
from harbour.engine import apply_move
from harbour.errors import InvalidValueError
from harbour.notation import format_move
from harbour.observation import observe
from harbour.options import RulesOptions
from harbour.rng import SplitMix64
from harbour.scoring import outcome, shares
from harbour.serialization import to_json
from harbour.setup import new_game
from harbour.state import GameState

__all__ = [
    "GAME_TYPE",
    "MAX_DECISIONS",
    "SEEDS",
    "HarbourGame",
    "HarbourObserver",
    "HarbourState",
    "utilities",
]

#: The default cap on the decisions of one game (SPIEL-4). 300 random games per number of
#: players took at most 652 decisions (4 players; the docs list the distribution), but the
#: rules bound no game's length.
MAX_DECISIONS: Final = 3000

#: The number of equally likely setup seeds the chance node draws from (SPIEL-2).
SEEDS: Final = 2**16


def _option_defaults() -> dict[str, bool | str]:
    """Each field of :class:`RulesOptions` with its default as an OpenSpiel parameter."""
    defaults: dict[str, bool | str] = {}
    for field in attrs.fields(RulesOptions):
        value = field.default
        defaults[field.name] = value.value if isinstance(value, enum.Enum) else bool(value)
    return defaults


_OPTION_DEFAULTS: Final = _option_defaults()

#: The game's type: ``python_harbour``, sequential, explicit chance, imperfect
#: information, zero-sum, terminal rewards, 2 to 4 players, and its parameters (SPIEL-1).
GAME_TYPE: Final = pyspiel.GameType(
    short_name="python_harbour",
    long_name="Python Harbour",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 2, "max_decisions": MAX_DECISIONS, **_OPTION_DEFAULTS},
)


def utilities(state: GameState) -> tuple[float, ...]:
    """Each seat's utility from the scores of ``state`` as they stand (SPIEL-3).

    Each winner (:func:`harbour.outcome`, tie-breakers included) gets +1 divided by the
    number of winners, every other player -1 divided by their number; when all players
    tie, every one gets 0. The utilities add up to 0. A game cut short by the cap
    (SPIEL-4) is scored as if it ended now: its pending decisions are dropped.
    """
    if state.stack:
        state = attrs.evolve(state, stack=())
    return shares(outcome(state).winners, len(state.players))


class HarbourGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """The game ``python_harbour``: what :func:`pyspiel.load_game` makes (SPIEL-1)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        unknown = sorted(set(given) - set(GAME_TYPE.parameter_specification))
        if unknown:
            raise InvalidValueError(f"python_harbour has no parameters {unknown}")
        merged: dict[str, Any] = {**GAME_TYPE.parameter_specification, **given}
        players = merged["players"]
        max_decisions = merged["max_decisions"]
        if type(max_decisions) is not int or max_decisions < 1:
            raise InvalidValueError(
                f"max_decisions must be a whole number >= 1, got {max_decisions!r}"
            )
        options = RulesOptions(**{name: merged[name] for name in _OPTION_DEFAULTS})
        # A game made now checks the number of players and the options at once.
        new_game(players, seed=0, options=options, cards=ORIGINAL_SET)
        info = pyspiel.GameInfo(
            num_distinct_actions=actions.num_distinct_actions(ORIGINAL_SET),
            max_chance_outcomes=SEEDS,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_decisions,
        )
        super().__init__(GAME_TYPE, info, given)

    # Read from the parameters, not kept in attributes: OpenSpiel rebuilds an unpickled
    # game without calling __init__.

    @property
    def options(self) -> RulesOptions:
        """The rule readings every game is played under (from the parameters)."""
        given = self.get_parameters()
        return RulesOptions(**{name: given[name] for name in _OPTION_DEFAULTS})

    @property
    def cards(self) -> CardSet:
        """The card set every game is played with: the original set."""
        return ORIGINAL_SET

    @property
    def max_decisions(self) -> int:
        """The cap on the decisions of a game (SPIEL-4)."""
        return int(self.get_parameters()["max_decisions"])

    def new_initial_state(self) -> HarbourState:
        """A new game at its chance node, before the setup seed is drawn (SPIEL-2)."""
        return HarbourState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> HarbourObserver:
        """An observer of tensors and strings built from :func:`harbour.observe` (SPIEL-5)."""
        return HarbourObserver(self, iig_obs_type, params)


class HarbourState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type information
    """A position of ``python_harbour``: a chance node, then a :class:`GameState` (SPIEL-2)."""

    def __init__(self, game: HarbourGame) -> None:
        super().__init__(game)
        # What the rules need, copied from the game (a clone copies the state, not the game).
        self._players = game.num_players()
        self._options = game.options
        self._max_decisions = game.max_decisions
        #: The position, or ``None`` at the chance node before setup.
        self.state: GameState | None = None
        #: The decisions taken so far (the chance node is not one).
        self.decisions = 0

    def current_player(self) -> int:
        """The seat deciding now; ``CHANCE`` before setup, ``TERMINAL`` at the end."""
        if self.state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return self.state.decider

    def is_terminal(self) -> bool:
        """Whether the game ended (END-2) or reached the cap on decisions (SPIEL-4)."""
        return self.state is not None and (
            self.state.is_over or self.decisions >= self._max_decisions
        )

    def _legal_actions(self, player: int) -> list[int]:
        """The codes of the legal moves of ``player``, ascending (CODE-1)."""
        assert self.state is not None and player == self.state.decider
        return list(actions.legal_actions(self.state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The setup seeds, each with probability ``1 / SEEDS`` (SPIEL-2)."""
        assert self.state is None, "only setup is a chance node"
        p = 1.0 / SEEDS
        return [(seed, p) for seed in range(SEEDS)]

    def _apply_action(self, action: int) -> None:
        """Set the game up from a seed (chance), or play the move of a code."""
        if self.state is None:
            self.state = new_game(
                self._players, seed=action, options=self._options, cards=ORIGINAL_SET
            )
        else:
            self.state = apply_move(self.state, actions.decode(self.state, action))
            self.decisions += 1

    def _action_to_string(self, player: int, action: int) -> str:
        """The setup seed, or the move of the code in notation (and its code)."""
        if player == pyspiel.PlayerId.CHANCE:
            return f"Seed {action}"
        if self.state is not None and not self.state.is_over:
            try:
                return f"{format_move(self.state, actions.decode(self.state, action))} ({action})"
            except ValueError:
                pass
        return f"Action {action}"

    def returns(self) -> list[float]:
        """Each seat's utility at the end (SPIEL-3), 0 for every seat before it."""
        n = self._players
        if self.state is None or not self.is_terminal():
            return [0.0] * n
        return list(utilities(self.state))

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> HarbourState:
        """A state ``player_id`` cannot tell from this one, drawn by :func:`harbour.determinize`.

        The generator of :func:`~harbour.determinize` is seeded with a 53-bit number from
        ``probability_sampler`` (a callable returning a float in [0, 1), as OpenSpiel's
        ``UniformProbabilitySampler``). The sample has no history (OpenSpiel cannot
        serialize it); before setup the state itself is copied.
        """
        sample = HarbourState(self.get_game())
        sample.decisions = self.decisions
        if self.state is None:
            return sample
        seed = int(float(probability_sampler()) * 2**53)
        sample.state = determinize(observe(self.state, player_id), SplitMix64(seed))
        return sample

    def __str__(self) -> str:
        """The decisions taken and the whole position as JSON (:func:`harbour.to_json`)."""
        if self.state is None:
            return "setup: the seed is not drawn yet"
        return f"decisions {self.decisions}\n{to_json(self.state)}"


class HarbourObserver:
    """Observation tensors and strings of ``python_harbour`` (OpenSpiel's PyObserver; SPIEL-5).

    Whatever the observation type, a player sees :func:`harbour.observe` of the position:
    :attr:`tensor` is :func:`harbour.tensors.observation_tensor` as ``float32``,
    :meth:`string_from` gives :func:`harbour.tensors.information_state_string`. Before
    setup the tensor is all zeros and the string says so. Only the private information of
    the player observing (OpenSpiel's ``SINGLE_PLAYER``) is offered.
    """

    def __init__(self, game: HarbourGame, iig_obs_type: Any, params: dict[str, Any] | None):
        if params:
            raise InvalidValueError(f"python_harbour observers take no parameters, got {params}")
        if iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise InvalidValueError(
                "python_harbour observes public and the observer's private information only"
            )
        size = tensors.observation_tensor_size(game.cards, game.num_players())
        #: The flat observation tensor (:func:`harbour.tensors.observation_tensor`).
        self.tensor = np.zeros(size, np.float32)
        #: The tensor's named views (OpenSpiel's convention): the whole of it.
        self.dict = {"observation": self.tensor}

    def set_from(self, state: HarbourState, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` sees of ``state``."""
        if state.state is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = tensors.observation_tensor(observe(state.state, player))

    def string_from(self, state: HarbourState, player: int) -> str:
        """What ``player`` sees of ``state``, as the observation's JSON document."""
        if state.state is None:
            return "setup: the seed is not drawn yet"
        return tensors.information_state_string(observe(state.state, player))


pyspiel.register_game(GAME_TYPE, HarbourGame)
