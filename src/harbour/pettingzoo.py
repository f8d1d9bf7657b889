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
(:func:`harbour.tensors.observation_tensor`) as a ``float32`` array, and
``"action_mask"``, :func:`harbour.actions.legal_action_mask` as an ``int8`` array (all 0
for an agent that does not decide now). An action is an integer code of
:mod:`harbour.actions`; in :data:`raw_env` a code that is not legal now raises
:class:`~harbour.errors.IllegalMoveError`.

``render_mode`` (ENV-5) is ``None``, ``"ansi"`` (the text view, :func:`harbour.render`),
``"human"`` (that text printed) or, with the extra ``[pictures]``, ``"rgb_array"`` (the
position picture, :func:`harbour.svg.position`, as an RGB array): all the referee's view.

Rewards are 0 until the end; then each winner gets +1 divided by the number of winners and
every other player -1 divided by their number (ENV-2). A game that reaches
``max_decisions`` decisions is truncated with rewards 0 (ENV-3).

The environment is the shared PettingZoo adapter (:class:`meeplekit.pettingzoo.GameEnv`)
made with Harbour's description (:data:`harbour.learning.LEARNING`).

This module needs ``pettingzoo``, ``gymnasium`` and ``numpy``
(``pip install 'harbour-rules[pettingzoo]'``); ``import harbour`` does not import it.
Without them, importing it raises :class:`~harbour.extras.MissingExtraError`, whose one
line names the extra.

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

from typing import Any, ClassVar, Final

from harbour.extras import require

require("pettingzoo")  # before the imports below: one line naming the extra if it is missing

from harbour.cards.model import CardSet
from harbour.cards.original import ORIGINAL_SET
from harbour.learning import LEARNING, Variant
from harbour.options import RulesOptions
from harbour.state import GameState
from meeplekit import pettingzoo as shared

__all__ = ["MAX_DECISIONS", "RENDER_MODES", "HarbourEnv", "env", "raw_env"]

#: The default cap on the decisions of one game, after which it is truncated (ENV-3).
MAX_DECISIONS: Final = LEARNING.max_decisions

#: Whether pictures can be drawn as pixels: resvg-py and Pillow (the extra ``[pictures]``).
CAN_RENDER_PIXELS: Final = shared.CAN_RENDER_PIXELS

#: The render modes available here (ENV-5).
RENDER_MODES: Final = shared.render_modes(LEARNING)


class HarbourEnv(shared.GameEnv[GameState]):
    """The AEC environment of a game of ``players`` (ENV-1), unwrapped: :data:`raw_env`.

    ``players`` is 2 to 4 (default 3, SPIEL-6); ``options`` and ``cards`` are passed to
    :func:`harbour.new_game` at every reset; ``max_decisions`` caps the decisions of a game
    (``None`` for no cap, ENV-3); ``render_mode`` is one of :data:`RENDER_MODES` or
    ``None`` (ENV-5). See the module's documentation.
    """

    learning = LEARNING

    #: PettingZoo's metadata: the environment's name and its render modes (ENV-5).
    metadata: ClassVar[dict[str, Any]] = shared.metadata(LEARNING)

    def __init__(
        self,
        players: int = LEARNING.default_players,
        options: RulesOptions | None = None,
        cards: CardSet | None = None,
        max_decisions: int | None = MAX_DECISIONS,
        render_mode: str | None = None,
    ) -> None:
        #: The rule readings of every game (``None``: the defaults).
        self.options = options
        #: The card set of every game.
        self.cards = ORIGINAL_SET if cards is None else cards
        super().__init__(
            players,
            Variant(options, self.cards),
            max_decisions=max_decisions,
            render_mode=render_mode,
        )


#: The environment, unwrapped (PettingZoo's ``raw_env``, ENV-6): an illegal action raises
#: :class:`~harbour.errors.IllegalMoveError`.
raw_env: Final = HarbourEnv

#: A new environment, wrapped as PettingZoo's classic environments are (ENV-6).
env: Final = shared.classic_env(HarbourEnv)
