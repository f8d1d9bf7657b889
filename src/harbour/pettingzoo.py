"""A PettingZoo AEC environment of Harbour (rules ENV-1 to ENV-6; extra ``[pettingzoo]``).

As PettingZoo's classic environments, the module has :data:`raw_env`, the environment
itself, and :func:`env`, the same wrapped in PettingZoo's wrappers (ENV-6): there an
illegal action ends the game for every agent, -1 for the agent that took it and 0 for the
others, and ``step`` before ``reset`` fails with PettingZoo's message. Both take the
number of players (2 to 4, default 3, SPIEL-6), the rule readings, the card set, the cap
and the render mode.

Its agents are ``"player_0"`` to ``"player_{n-1}"``; the agent selected is the one who
decides now (setup choices and gifts included, so the same agent may act several times in
a row). An agent's observation is a dictionary: ``"observation"``, its observation tensor
(:func:`harbour.agents.tensors.observation_tensor`) as a ``float32`` array, and
``"action_mask"``, :func:`harbour.agents.actions.legal_action_mask` as an ``int8`` array (all 0
for an agent that does not decide now). An action is an integer code of
:mod:`harbour.agents.actions`; in :data:`raw_env` a code that is not legal now raises
:class:`~harbour.errors.IllegalMoveError`.

``render_mode`` (ENV-5) is ``None``, ``"ansi"`` (the text view, :func:`harbour.render`),
``"human"`` (that text printed) or, with the extra ``[pictures]``, ``"rgb_array"`` (the
position picture, :func:`harbour.views.svg.position`, as an RGB array): all the referee's view.

Rewards are 0 until the end; then each winner gets +1 divided by the number of winners and
every other player -1 divided by their number (ENV-2). A game that reaches
``max_decisions`` decisions is truncated with rewards 0 (ENV-3).

The environment is the shared PettingZoo adapter (:mod:`meeplekit.pettingzoo`) serving the
game's description (:data:`harbour.info.INFO`); this module only names its parts. It needs
``pettingzoo``, ``gymnasium`` and ``numpy`` (``pip install 'harbour-rules[pettingzoo]'``);
``import harbour`` does not import it. Without them, importing it raises
:class:`~harbour.errors.MissingExtraError`, whose one line names the extra.

>>> import harbour
>>> from harbour import pettingzoo
>>> environment = pettingzoo.env(players=2)
>>> environment.reset(seed=1)
>>> environment.agent_selection
'player_0'
>>> observation, reward, terminated, truncated, info = environment.last()
>>> observation["observation"].dtype, int(observation["action_mask"].sum())
(dtype('float32'), 20)
>>> environment.unwrapped.state == harbour.new_game(2, seed=1)
True
>>> environment.step(int(observation["action_mask"].argmin()))  # an illegal action
>>> observation, reward, terminated, truncated, info = environment.last()
>>> environment.agent_selection, reward, terminated
('player_0', -1.0, True)
"""

from __future__ import annotations

from typing import Final

from harbour.info import INFO

INFO.require("pettingzoo")  # before the adapter: one line naming the extra if it is missing

from meeplekit import pettingzoo as shared

_SERVED: Final = shared.served("harbour")

__all__ = ["CAN_RENDER_PIXELS", "MAX_DECISIONS", "RENDER_MODES", "HarbourEnv", "env", "raw_env"]

#: The default cap on the decisions of one game, after which it is truncated.
MAX_DECISIONS: Final = _SERVED.max_decisions
#: Whether pictures can be drawn as pixels: resvg-py and Pillow (the extra ``[pictures]``).
CAN_RENDER_PIXELS: Final = shared.CAN_RENDER_PIXELS
#: The render modes available here.
RENDER_MODES: Final = _SERVED.render_modes
#: The environment, unwrapped (PettingZoo's ``raw_env``): an illegal action raises
#: :class:`~harbour.errors.IllegalMoveError`.
HarbourEnv: Final = _SERVED.raw_env
#: The environment, unwrapped (PettingZoo's ``raw_env``).
raw_env: Final = _SERVED.raw_env
#: A new environment, wrapped as PettingZoo's classic environments are.
env: Final = _SERVED.env
