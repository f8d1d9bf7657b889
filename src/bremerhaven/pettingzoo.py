"""A PettingZoo AEC environment of Bremerhaven (rules BH-ENV-1 to BH-ENV-6; extra ``[pettingzoo]``).

As PettingZoo's classic environments, the module has :data:`raw_env`, the environment
itself, and :func:`env`, the same wrapped in PettingZoo's wrappers (BH-ENV-6): there an
illegal action ends the game for every agent, -1 for the agent that took it and 0 for the
others, and ``step`` before ``reset`` fails with PettingZoo's message. Both take the
number of players (1 to 4, default 3, BH-SPIEL-6), the rule options, the card set, the
cap and the render mode.

Its agents are ``"player_0"`` to ``"player_{n-1}"``
(one agent in the solo game: the dummy is played by the rules, never by an agent); the
agent selected is the one who decides now (the same agent may act several times in a row:
permits, production, the movement of goods). Bremerhaven has no chance in play: every
chance is drawn by the reset from its seed (BH-ENV-4). An agent's observation is a
dictionary: ``"observation"``, its observation tensor
(:func:`bremerhaven.agents.tensors.observation_tensor`) as a ``float32`` array, and
``"action_mask"``, :func:`bremerhaven.agents.actions.legal_action_mask` as an ``int8`` array (all 0
for an agent that does not decide now). An action is an integer code of
:mod:`bremerhaven.agents.actions`; in :data:`raw_env` a code that is not legal now raises
:class:`~bremerhaven.errors.IllegalMoveError`.

``render_mode`` (BH-ENV-5) is ``None``, ``"ansi"`` (the text view), ``"human"`` (that text
printed) or, where the package draws pictures and the extra ``[pictures]`` is installed,
``"rgb_array"`` (the position picture as an RGB array): all the referee's view.

Rewards are 0 until the end; then the winner gets +1 and every other player -1/(n-1), the
solo seat 0 (BH-ENV-2). A game that reaches ``max_decisions`` decisions is truncated with
rewards 0 (BH-ENV-3).

The environment is the shared PettingZoo adapter (:mod:`meeplekit.pettingzoo`) serving the
game's description (:data:`bremerhaven.info.INFO`); this module only names its parts. It needs
``pettingzoo``, ``gymnasium`` and ``numpy`` (``pip install 'bremerhaven-rules[pettingzoo]'``);
``import bremerhaven`` does not import it. Without them, importing it raises
:class:`~bremerhaven.errors.MissingExtraError`, whose one line names the extra.

>>> import bremerhaven
>>> from bremerhaven import pettingzoo
>>> environment = pettingzoo.env(players=2)
>>> environment.reset(seed=1)
>>> state = environment.unwrapped.state
>>> environment.agent_selection == f"player_{bremerhaven.current_player(state)}"
True
>>> observation, reward, terminated, truncated, info = environment.last()
>>> mask = observation["action_mask"]
>>> observation["observation"].dtype, mask.dtype
(dtype('float32'), dtype('int8'))
>>> int(mask.sum()) == len(bremerhaven.legal_moves(state))  # the first bids
True
>>> mover = environment.agent_selection
>>> environment.step(int(mask.argmin()))  # an illegal action
>>> environment.rewards[mover], all(environment.terminations.values())
(-1.0, True)
"""

from __future__ import annotations

from typing import Final

from bremerhaven.info import INFO

INFO.require("pettingzoo")  # before the adapter: one line naming the extra if it is missing

from meeplekit import pettingzoo as shared  # noqa: E402

_SERVED: Final = shared.served("bremerhaven")

__all__ = ["MAX_DECISIONS", "RENDER_MODES", "BremerhavenEnv", "env", "raw_env"]

#: The default cap on the decisions of one game, after which it is truncated.
MAX_DECISIONS: Final = _SERVED.max_decisions
#: The render modes available here.
RENDER_MODES: Final = _SERVED.render_modes
#: The environment, unwrapped (PettingZoo's ``raw_env``): an illegal action raises
#: :class:`~bremerhaven.errors.IllegalMoveError`.
BremerhavenEnv: Final = _SERVED.raw_env
#: The environment, unwrapped (PettingZoo's ``raw_env``).
raw_env: Final = _SERVED.raw_env
#: A new environment, wrapped as PettingZoo's classic environments are.
env: Final = _SERVED.env
