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
tensor (:func:`machikoro.tensors.observation_tensor`) as a ``float32`` array, and
``"action_mask"``, :func:`machikoro.actions.legal_action_mask` as an ``int8`` array (all 0
for an agent that does not decide now). An action is an integer code of
:mod:`machikoro.actions`; in :data:`raw_env` a code that is not legal now raises
:class:`~machikoro.errors.IllegalMoveError`.

``render_mode`` (MK-ENV-5) is ``None``, ``"ansi"`` (the text view), ``"human"`` (that text
printed) or, where the package draws pictures and the extra ``[pictures]`` is installed,
``"rgb_array"`` (the position picture as an RGB array).

Rewards are 0 until the end; then the winner gets +1 and every other player -1/(n-1)
(MK-ENV-2). A game that reaches ``max_decisions`` decisions is truncated with rewards 0
(MK-ENV-3).

The environment is the shared PettingZoo adapter (:class:`meeplekit.pettingzoo.GameEnv`)
made with Machi Koro's description (:data:`machikoro.learning.LEARNING`). This module needs
``pettingzoo``, ``gymnasium`` and ``numpy`` (``pip install 'machikoro-rules[pettingzoo]'``);
``import machikoro`` does not import it. Without them, importing it raises
:class:`~machikoro.extras.MissingExtraError`, whose one line names the extra.

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

from typing import Any, ClassVar, Final

from machikoro.extras import require

require("pettingzoo")  # before the imports below: one line naming the extra if it is missing

from machikoro.learning import LEARNING  # noqa: E402
from machikoro.options import RulesOptions  # noqa: E402
from machikoro.state import GameState  # noqa: E402
from meeplekit import pettingzoo as shared  # noqa: E402

__all__ = ["MAX_DECISIONS", "RENDER_MODES", "MachiKoroEnv", "env", "raw_env"]

#: The default cap on the decisions of one game, after which it is truncated (MK-ENV-3).
MAX_DECISIONS: Final = LEARNING.max_decisions

#: The render modes available here (MK-ENV-5).
RENDER_MODES: Final = shared.render_modes(LEARNING)


class MachiKoroEnv(shared.GameEnv[GameState]):
    """The AEC environment of a game of ``players`` (MK-ENV-1), unwrapped: :data:`raw_env`.

    ``players`` is 2 to 5 (default 3, MK-SPIEL-6; 2 to 4 in the base game); ``options`` is
    passed to :func:`machikoro.new_game` at every reset (``None``: the defaults);
    ``max_decisions`` caps the decisions of a game (``None`` for no cap, MK-ENV-3);
    ``render_mode`` is one of :data:`RENDER_MODES` or ``None`` (MK-ENV-5). See the
    module's documentation.
    """

    learning = LEARNING

    #: PettingZoo's metadata: ``machikoro_v0`` and its render modes (MK-ENV-5).
    metadata: ClassVar[dict[str, Any]] = shared.metadata(LEARNING)

    def __init__(
        self,
        players: int = LEARNING.default_players,
        options: RulesOptions | None = None,
        max_decisions: int | None = MAX_DECISIONS,
        render_mode: str | None = None,
    ) -> None:
        #: The edition, market and readings of every game.
        self.options = RulesOptions() if options is None else options
        super().__init__(
            players, self.options, max_decisions=max_decisions, render_mode=render_mode
        )


#: The environment, unwrapped (PettingZoo's ``raw_env``, MK-ENV-6): an illegal action
#: raises :class:`~machikoro.errors.IllegalMoveError`.
raw_env: Final = MachiKoroEnv

#: A new environment, wrapped as PettingZoo's classic environments are (MK-ENV-6).
env: Final = shared.classic_env(MachiKoroEnv)
