"""A PettingZoo AEC environment of Machi Koro (rules MK-ENV-1 to MK-ENV-6; extra ``[pettingzoo]``).

As PettingZoo's classic environments, the module has :data:`raw_env`, the environment
itself, and :func:`env`, the same wrapped in PettingZoo's wrappers (MK-ENV-6): there an
illegal action ends the game for every agent, -1 for the agent that took it and 0 for the
others, and ``step`` before ``reset`` fails with PettingZoo's message. Both take the
number of players (2 to 5, default 3, MK-SPIEL-6), the rule options, the cap and the
render mode.

Its agents are ``"player_0"`` to ``"player_{n-1}"``;
the agent selected is the one who decides now (the same agent acts several times in a row:
roll, build, ...). Agents act only at decisions: chance (the dice, the Tuna Boat's roll, the
market's draws) is resolved inside :meth:`~meeplekit.pettingzoo.GameEnv.step` with the
environment's own seeded generator, each outcome drawn with its exact probability
(MK-ENV-4). An agent's observation is a dictionary: ``"observation"``, its observation
tensor (:func:`machikoro.agents.tensors.observation_tensor`) as a ``float32`` array, and
``"action_mask"``, :func:`machikoro.agents.actions.legal_action_mask` as an ``int8`` array (all 0
for an agent that does not decide now). An action is an integer code of
:mod:`machikoro.agents.actions`; in :data:`raw_env` a code that is not legal now raises
:class:`~machikoro.errors.IllegalMoveError`.

``render_mode`` (MK-ENV-5) is ``None``, ``"ansi"`` (the text view), ``"human"`` (that text
printed) or, where the package draws pictures and the extra ``[pictures]`` is installed,
``"rgb_array"`` (the position picture as an RGB array).

Rewards are 0 until the end; then the winner gets +1 and every other player -1/(n-1)
(MK-ENV-2). A game that reaches ``max_decisions`` decisions is truncated with rewards 0
(MK-ENV-3).

The environment is the shared PettingZoo adapter (:mod:`meeplekit.pettingzoo`) serving the
game's description (:data:`machikoro.info.INFO`); this module only names its parts. It needs
``pettingzoo``, ``gymnasium`` and ``numpy`` (``pip install 'machikoro-rules[pettingzoo]'``);
``import machikoro`` does not import it. Without them, importing it raises
:class:`~machikoro.errors.MissingExtraError`, whose one line names the extra.

>>> from machikoro import pettingzoo
>>> environment = pettingzoo.env(players=2)
>>> environment.reset(seed=1)
>>> environment.agent_selection
'player_0'
>>> observation, reward, terminated, truncated, info = environment.last()
>>> observation["observation"].dtype, int(observation["action_mask"].sum())  # roll one die
(dtype('float32'), 1)
>>> environment.step(int(observation["action_mask"].argmin()))  # an illegal action
>>> observation, reward, terminated, truncated, info = environment.last()
>>> environment.agent_selection, reward, terminated
('player_0', -1.0, True)
"""

from __future__ import annotations

from typing import Final

from machikoro.info import INFO

INFO.require("pettingzoo")  # before the adapter: one line naming the extra if it is missing

from meeplekit import pettingzoo as shared  # noqa: E402

_SERVED: Final = shared.served("machikoro")

__all__ = ["MAX_DECISIONS", "RENDER_MODES", "MachiKoroEnv", "env", "raw_env"]

#: The default cap on the decisions of one game, after which it is truncated.
MAX_DECISIONS: Final = _SERVED.max_decisions
#: The render modes available here.
RENDER_MODES: Final = _SERVED.render_modes
#: The environment, unwrapped (PettingZoo's ``raw_env``): an illegal action raises
#: :class:`~machikoro.errors.IllegalMoveError`.
MachiKoroEnv: Final = _SERVED.raw_env
#: The environment, unwrapped (PettingZoo's ``raw_env``).
raw_env: Final = _SERVED.raw_env
#: A new environment, wrapped as PettingZoo's classic environments are.
env: Final = _SERVED.env
