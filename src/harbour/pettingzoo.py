"""A PettingZoo AEC environment of Harbour (rules ENV-1 to ENV-5; extra ``[pettingzoo]``).

:func:`env` makes the environment. Its agents are ``"player_0"`` to ``"player_{n-1}"``;
the agent selected is the one who decides now (setup choices and gifts included, so the
same agent may act several times in a row). An agent's observation is a dictionary:
``"observation"``, its observation tensor (:func:`harbour.tensors.observation_tensor`) as a
``float32`` array, and ``"action_mask"``, :func:`harbour.actions.legal_action_mask` as an
``int8`` array (all 0 for an agent that does not decide now). An action is an integer code
of :mod:`harbour.actions`; a code that is not legal now raises
:class:`~harbour.errors.IllegalMoveError`.

``render_mode`` (ENV-5) is ``None``, ``"ansi"`` (the text view, :func:`harbour.render`),
``"human"`` (that text printed) or, with the extra ``[pictures]``, ``"rgb_array"`` (the
position picture, :func:`harbour.svg.position`, as an RGB array): all the referee's view.

Rewards are 0 until the end; then each winner gets +1 divided by the number of winners and
every other player -1 divided by their number (ENV-2). A game that reaches
``max_decisions`` decisions is truncated with rewards 0 (ENV-3).

This module needs ``pettingzoo``, ``gymnasium`` and ``numpy``
(``pip install 'harbour-rules[pettingzoo]'``); ``import harbour`` does not import it.
Without them, importing it raises :class:`~harbour.extras.MissingExtraError`, whose one
line names the extra.

>>> from harbour import pettingzoo
>>> environment = pettingzoo.env(players=2)
>>> environment.reset(seed=1)
>>> environment.agent_selection
'player_0'
>>> observation, reward, terminated, truncated, info = environment.last()
>>> observation["observation"].dtype, int(observation["action_mask"].sum())
(dtype('float32'), 20)
"""

from __future__ import annotations

import importlib.util
from typing import Any, ClassVar, Final

from harbour.extras import require

require("pettingzoo")  # before the imports below: one line naming the extra if it is missing

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from harbour import actions, tensors
from harbour.cards.model import CardSet
from harbour.cards.original import ORIGINAL_SET
from harbour.engine import apply_move
from harbour.errors import InvalidValueError
from harbour.observation import observe
from harbour.options import RulesOptions
from harbour.rng import SplitMix64
from harbour.scoring import returns
from harbour.setup import new_game
from harbour.state import GameState
from harbour.view import render as render_text

__all__ = ["MAX_DECISIONS", "HarbourEnv", "env"]

#: The default cap on the decisions of one game, after which it is truncated (ENV-3).
MAX_DECISIONS: Final = 3000

#: Whether pictures can be drawn as pixels: resvg-py and Pillow (the extra ``[pictures]``).
CAN_RENDER_PIXELS: Final = all(
    importlib.util.find_spec(name) is not None for name in ("resvg_py", "PIL")
)

#: The render modes available here (ENV-5).
RENDER_MODES: Final = ("human", "ansi", *(("rgb_array",) if CAN_RENDER_PIXELS else ()))


def env(
    players: int = 2,
    options: RulesOptions | None = None,
    cards: CardSet | None = None,
    max_decisions: int | None = MAX_DECISIONS,
    render_mode: str | None = None,
) -> HarbourEnv:
    """A new PettingZoo AEC environment of a game of ``players`` (ENV-1).

    ``options`` and ``cards`` are passed to :func:`harbour.new_game` at every reset;
    ``max_decisions`` caps the decisions of a game (``None`` for no cap, ENV-3);
    ``render_mode`` is one of :data:`RENDER_MODES` or ``None`` (ENV-5).
    """
    return HarbourEnv(
        players=players,
        options=options,
        cards=cards,
        max_decisions=max_decisions,
        render_mode=render_mode,
    )


class HarbourEnv(AECEnv):  # type: ignore[misc]  # pettingzoo has no type information
    """The AEC environment :func:`env` makes; see the module's documentation."""

    #: PettingZoo's metadata: the environment's name and its render modes (ENV-5).
    metadata: ClassVar[dict[str, Any]] = {
        "name": "harbour_v0",
        "is_parallelizable": False,
        "render_modes": list(RENDER_MODES),
    }

    def __init__(
        self,
        players: int = 2,
        options: RulesOptions | None = None,
        cards: CardSet | None = None,
        max_decisions: int | None = MAX_DECISIONS,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            extra = " (needs the extra [pictures])" if render_mode == "rgb_array" else ""
            raise InvalidValueError(
                f"render_mode must be None or one of {', '.join(RENDER_MODES)}{extra}, "
                f"got {render_mode!r}"
            )
        if max_decisions is not None and (type(max_decisions) is not int or max_decisions < 1):
            raise InvalidValueError(
                f"max_decisions must be a whole number >= 1 or None, got {max_decisions!r}"
            )
        self.players = players
        self.options = options
        self.cards = ORIGINAL_SET if cards is None else cards
        self.max_decisions = max_decisions
        self.render_mode = render_mode
        # A game made now checks the arguments at once (and gives the spaces' sizes).
        self.state: GameState = new_game(players, seed=0, options=options, cards=self.cards)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        size = tensors.observation_tensor_size(self.cards, players)
        codes = actions.num_distinct_actions(self.cards)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, np.inf, shape=(size,), dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(codes,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(codes) for agent in self.possible_agents}
        self._rng = SplitMix64(0)
        self.decisions = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (ENV-1)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: one code per move of the card set (ENV-1)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game, from ``seed`` when given (ENV-4)."""
        if seed is None:
            seed = self._rng.next_u64()
        else:
            self._rng = SplitMix64(seed)
        self.state = new_game(self.players, seed=seed, options=self.options, cards=self.cards)
        self.decisions = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state.decider]

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` sees now: its observation tensor and its action mask (ENV-1)."""
        seat = self.possible_agents.index(agent)
        tensor = np.asarray(tensors.observation_tensor(observe(self.state, seat)), np.float32)
        if self.state.is_over or self.state.decider != seat:
            mask = np.zeros(actions.num_distinct_actions(self.cards), dtype=np.int8)
        else:
            mask = np.frombuffer(actions.legal_action_mask(self.state), dtype=np.int8).copy()
        return {"observation": tensor, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play ``action`` for the selected agent (ENV-1 to ENV-3)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None, "an agent that may act needs an action"
        self._cumulative_rewards[agent] = 0.0
        self.state = apply_move(self.state, actions.decode(self.state, action))
        self.decisions += 1
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.state.is_over:
            self.rewards = dict(zip(self.possible_agents, returns(self.state), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_decisions is not None and self.decisions >= self.max_decisions:
            self.truncations = dict.fromkeys(self.agents, True)
        if not self.state.is_over:
            self.agent_selection = self.possible_agents[self.state.decider]
        self._accumulate_rewards()

    def render(self) -> str | np.ndarray[Any, np.dtype[np.uint8]] | None:
        """The position in the environment's render mode, the referee's view (ENV-5).

        ``"ansi"``: the text view; ``"human"``: the text view printed, returning ``None``;
        ``"rgb_array"``: the picture as an RGB ``uint8`` array; no mode: ``None``.
        """
        if self.render_mode == "ansi":
            return render_text(self.state)
        if self.render_mode == "human":
            print(render_text(self.state))
        elif self.render_mode == "rgb_array":
            return _pixels(self.state)
        return None

    def close(self) -> None:
        """Nothing to release."""


def _pixels(state: GameState) -> np.ndarray[Any, np.dtype[np.uint8]]:
    """The position picture of ``state`` drawn on white, as an RGB array (ENV-5)."""
    import io

    import resvg_py
    from PIL import Image

    from harbour.svg import position

    png = bytes(resvg_py.svg_to_bytes(svg_string=position(state), background="#ffffff"))
    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8)
