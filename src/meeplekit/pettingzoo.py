"""The PettingZoo AEC environment of every registered game: one adapter, serving each from its description.

:func:`served` gives the environment of a game registered by name
(:mod:`meeplekit.registry`), made from its description (:class:`meeplekit.info.GameInfo`),
with the two names of PettingZoo's classic environments: ``raw_env`` (the environment
itself) and ``env`` (the same, wrapped, :func:`classic_env`)::

    from meeplekit import pettingzoo

    environment = pettingzoo.served("harbour").env(players=2)

No game writes a module of its own for it (``harbour.pettingzoo`` only keeps its names).
What every such environment is (each game's specification states it as its own clauses):

- Agents ``"player_0"`` to ``"player_{n-1}"``; the agent selected is the seat that decides
  now. Agents act only at decisions: a chance node (dice, a draw) is resolved inside
  :meth:`GameEnv.reset` and :meth:`GameEnv.step` with the environment's own seeded
  generator, each outcome drawn with its exact probability.
- An agent's observation is a dictionary: ``"observation"``, the game's
  ``observation_tensor`` of what it sees (``observe``) as a ``float32`` array, and
  ``"action_mask"``, ``legal_action_mask`` as an ``int8`` array (all 0 for an agent that
  does not decide now). An action is an integer code; in ``raw_env`` a code that is not
  legal now raises the game's ``IllegalMoveError``.
- ``env()`` is ``raw_env`` wrapped as PettingZoo's classic environments are (:func:`wrap`):
  an illegal code ends the game for every agent, :data:`ILLEGAL_REWARD` for the agent that
  played it and 0 for the others (``TerminateIllegalWrapper``); a code outside the action
  space fails PettingZoo's assertion (``AssertOutOfBoundsWrapper``); ``step``,
  ``observe`` and ``render`` before ``reset`` fail with PettingZoo's message
  (``OrderEnforcingWrapper``). The game's position is ``env.unwrapped.state``.
- Its arguments: ``players`` (by default the game's most common count, as in the OpenSpiel
  game), ``options`` (the rule readings, ``None`` the defaults), the game's variant by its
  name (Harbour's ``cards``, its default when left out), ``max_decisions`` (the game's cap
  by default, ``None`` for none) and ``render_mode``.
- Rewards are 0 until the end, then the game's ``returns``. A game that reaches
  ``max_decisions`` decisions is truncated with rewards 0.
- ``reset(seed=s)`` starts the game's ``new_game`` with seed ``s``; without a seed it
  draws one from the environment's generator, seeded by the last seed given (or 0).
- Render modes (:func:`render_modes`): ``"ansi"`` (the text view), ``"human"`` (that text
  printed) and, when the game draws pictures and resvg-py and Pillow are installed,
  ``"rgb_array"`` (the position picture as an RGB array): all the referee's view.

Needs PettingZoo, Gymnasium and NumPy (each game's extra ``[pettingzoo]``).
"""

from __future__ import annotations

import importlib.util
import inspect
import io
from collections.abc import Callable
from types import EllipsisType
from typing import Any, ClassVar, Final, Generic, ParamSpec, TypeVar

import attrs

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as missing:  # pragma: no cover - the tests run with PettingZoo installed
    raise ImportError(
        "meeplekit.pettingzoo needs PettingZoo, Gymnasium and NumPy, which are not "
        "installed: pip install pettingzoo gymnasium numpy (or a game's [pettingzoo] extra)"
    ) from missing

from meeplekit.info import ActionCodes, GameInfo, Tensors
from meeplekit.protocol import CHANCE, sample_chance
from meeplekit.registry import load_info
from meeplekit.rng import SplitMix64

__all__ = [
    "CAN_RENDER_PIXELS",
    "ILLEGAL_REWARD",
    "GameEnv",
    "Served",
    "classic_env",
    "metadata",
    "pixels",
    "render_modes",
    "served",
    "wrap",
]

S = TypeVar("S")
P = ParamSpec("P")

#: The reward of an agent whose action is illegal in a wrapped environment (:func:`wrap`):
#: PettingZoo's classic environments' ``illegal_reward``.
ILLEGAL_REWARD: Final = -1

#: Whether pictures can be drawn as pixels: resvg-py and Pillow (each game's extra
#: ``[pictures]``).
CAN_RENDER_PIXELS: Final = all(
    importlib.util.find_spec(name) is not None for name in ("resvg_py", "PIL")
)


def render_modes(info: GameInfo[Any, Any]) -> tuple[str, ...]:
    """The render modes of a game's environment here.

    ``"human"`` and ``"ansi"``, and ``"rgb_array"`` when the game draws pictures
    (:attr:`meeplekit.info.Views.picture`) and :data:`CAN_RENDER_PIXELS`.
    """
    pictures = info.views.picture is not None and CAN_RENDER_PIXELS
    return ("human", "ansi", *(("rgb_array",) if pictures else ()))


def metadata(info: GameInfo[Any, Any]) -> dict[str, Any]:
    """PettingZoo's metadata of a game's environment: ``<name>_v0`` and its render modes."""
    return {
        "name": f"{info.name}_v0",
        "is_parallelizable": False,
        "render_modes": list(render_modes(info)),
    }


def pixels(svg: str) -> np.ndarray[Any, np.dtype[np.uint8]]:
    """An SVG document drawn on white, as an RGB ``uint8`` array of shape (height, width, 3).

    Needs resvg-py and Pillow (:data:`CAN_RENDER_PIXELS`).
    """
    import resvg_py
    from PIL import Image

    png = bytes(resvg_py.svg_to_bytes(svg_string=svg, background="#ffffff"))
    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8)


class GameEnv(AECEnv, Generic[S]):  # type: ignore[misc]  # pettingzoo has no type information
    """The AEC environment of a game; see the module's documentation.

    A subclass (made by :func:`served`) sets :attr:`info` and :attr:`metadata`
    (:func:`metadata`). Its attributes: :attr:`players`, :attr:`options`, :attr:`variant`
    (also under the variant's name, Harbour's ``cards``), :attr:`max_decisions`,
    :attr:`render_mode`, :attr:`state` (the game's position) and :attr:`decisions` (the
    decisions taken in this game).
    """

    #: The game's description.
    info: ClassVar[GameInfo[Any, Any]]
    #: Its action codes and tensors (:meth:`meeplekit.info.GameInfo.learner`).
    codes: ClassVar[ActionCodes[Any, Any]]
    tensors: ClassVar[Tensors[Any]]
    #: PettingZoo's metadata: the environment's name and its render modes.
    metadata: ClassVar[dict[str, Any]]

    def __init__(
        self,
        players: int | None = None,
        options: Any = None,
        *,
        max_decisions: int | EllipsisType | None = ...,
        render_mode: str | None = None,
        **variant: Any,
    ) -> None:
        super().__init__()
        info = self.info
        named = "" if info.variants is None else info.variants.name
        unknown = sorted(set(variant) - {named})
        if unknown:
            raise TypeError(f"{type(self).__name__} got unexpected keyword arguments {unknown}")
        modes = render_modes(info)
        if render_mode is not None and render_mode not in modes:
            missing = render_mode == "rgb_array" and info.views.picture is not None
            extra = " (needs the extra [pictures])" if missing else ""
            raise info.invalid_value(
                f"render_mode must be None or one of {', '.join(modes)}{extra}, got {render_mode!r}"
            )
        if max_decisions is ...:
            max_decisions = info.max_decisions
        if max_decisions is not None and (type(max_decisions) is not int or max_decisions < 1):
            raise info.invalid_value(
                f"max_decisions must be a whole number >= 1 or None, got {max_decisions!r}"
            )
        self.players = info.players.default if players is None else players
        #: The rule readings of every game.
        self.options = info.default_readings() if options is None else options
        #: What every game is set up with besides players, seed and readings (Harbour's
        #: card set, also under its name); ``None`` for a game without variants.
        self.variant = None
        if info.variants is not None:
            chosen = variant.get(named)
            self.variant = info.variants.default if chosen is None else chosen
            setattr(self, named, self.variant)
        self.max_decisions = max_decisions
        self.render_mode = render_mode
        # A game made now checks the arguments at once (and gives the spaces' sizes).
        self.state: S = info.new_game(self.players, 0, self.options, self.variant)
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        setting = info.setting(self.options, self.variant)
        size = self.tensors.observation_tensor_size(setting, self.players)
        codes = self.codes.num_distinct_actions(setting)
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
        self._codes = codes
        self._rng = SplitMix64(0)
        self._chance = SplitMix64(0)
        self.decisions = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: one code per move of the variant."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game, from ``seed`` when given."""
        info = self.info
        if seed is None:
            seed = self._rng.next_u64()
        else:
            self._rng = SplitMix64(seed)
        self.state = info.new_game(self.players, seed, self.options, self.variant)
        if info.chance.in_play:
            # The chance of play is drawn from a generator of its own, seeded from the
            # environment's (a game without it leaves the environment's sequence alone).
            self._chance = SplitMix64(self._rng.next_u64())
            self._settle()
        self.decisions = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[info.game.current_player(self.state)]

    def _settle(self) -> None:
        """Resolve the chance nodes on top, each outcome drawn with its probability."""
        game = self.info.game
        while not game.is_over(self.state) and game.current_player(self.state) == CHANCE:
            outcome = sample_chance(game.chance_outcomes(self.state), self._chance)
            self.state = game.apply_move(self.state, outcome)

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` sees now: its observation tensor and its action mask."""
        info = self.info
        game = info.game
        seat = self.possible_agents.index(agent)
        seen = game.observe(self.state, seat)
        tensor = np.asarray(self.tensors.observation_tensor(seen), np.float32)
        if game.is_over(self.state) or game.current_player(self.state) != seat:
            mask = np.zeros(self._codes, dtype=np.int8)
        else:
            mask = np.frombuffer(self.codes.legal_action_mask(self.state), dtype=np.int8).copy()
        return {"observation": tensor, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play ``action`` for the selected agent, then resolve chance up to a decision."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None, "an agent that may act needs an action"
        info = self.info
        game = info.game
        self._cumulative_rewards[agent] = 0.0
        self.state = game.apply_move(self.state, self.codes.decode(self.state, action))
        if info.chance.in_play:
            self._settle()
        self.decisions += 1
        self.rewards = dict.fromkeys(self.agents, 0.0)
        over = game.is_over(self.state)
        if over:
            self.rewards = dict(zip(self.possible_agents, game.returns(self.state), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_decisions is not None and self.decisions >= self.max_decisions:
            self.truncations = dict.fromkeys(self.agents, True)
        if not over:
            self.agent_selection = self.possible_agents[game.current_player(self.state)]
        self._accumulate_rewards()

    def render(self) -> str | np.ndarray[Any, np.dtype[np.uint8]] | None:
        """The position in the environment's render mode, the referee's view.

        ``"ansi"``: the text view; ``"human"``: the text view printed, returning ``None``;
        ``"rgb_array"``: the picture as an RGB ``uint8`` array; no mode: ``None``.
        """
        views = self.info.views
        if self.render_mode == "ansi":
            return views.render(self.state)
        if self.render_mode == "human":
            print(views.render(self.state))
        elif self.render_mode == "rgb_array" and views.picture is not None:
            return pixels(views.picture(self.state))
        return None

    def close(self) -> None:
        """Nothing to release."""


def wrap(environment: GameEnv[Any]) -> AECEnv:
    """``environment`` wrapped as PettingZoo's classic environments wrap theirs.

    From the inside out: ``TerminateIllegalWrapper`` with ``illegal_reward`` of
    :data:`ILLEGAL_REWARD` (a code the agent's action mask forbids ends the game for every
    agent: the agent that played it gets -1, every other 0, and the position stays as it
    was), ``AssertOutOfBoundsWrapper`` (a code outside the action space fails PettingZoo's
    assertion) and ``OrderEnforcingWrapper`` (``step``, ``observe``, ``render`` and
    ``agent_iter`` before ``reset`` fail with PettingZoo's message).
    """
    wrapped = wrappers.TerminateIllegalWrapper(environment, illegal_reward=ILLEGAL_REWARD)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def classic_env(raw_env: Callable[P, GameEnv[Any]]) -> Callable[P, AECEnv]:
    """A game's function ``env``: a new environment of the class ``raw_env``, wrapped.

    ``env(...)`` takes the arguments of ``raw_env`` and returns ``wrap(raw_env(...))``
    (:func:`wrap`), as ``env(**kwargs)`` of PettingZoo's classic environments does. The
    function carries ``raw_env``'s signature and a docstring naming the game, and belongs
    to ``raw_env``'s module, where the game declares it.
    """
    make = raw_env  # the callable, typed with its parameters
    if not (isinstance(raw_env, type) and issubclass(raw_env, GameEnv)):
        raise TypeError(f"classic_env takes a subclass of GameEnv, got {raw_env!r}")
    environment_class: type[GameEnv[Any]] = raw_env

    def env(*args: P.args, **kwargs: P.kwargs) -> AECEnv:
        return wrap(make(*args, **kwargs))

    title = environment_class.info.title
    module = environment_class.__module__
    name = environment_class.__name__
    signature = inspect.signature(environment_class)
    env.__module__ = module
    env.__name__ = env.__qualname__ = "env"
    env.__signature__ = signature.replace(return_annotation="AECEnv")  # type: ignore[attr-defined]
    env.__doc__ = (
        f"A new PettingZoo AEC environment of {title}, wrapped as PettingZoo's classic "
        f"environments are.\n\n"
        f"It takes the arguments of :class:`~{module}.{name}` (``raw_env``) and returns that "
        f"environment inside PettingZoo's wrappers (:func:`meeplekit.pettingzoo.wrap`): an "
        f"illegal action ends the game for every agent, {ILLEGAL_REWARD} for the agent that "
        f"took it and 0 for the others; an action outside the action space fails "
        f"PettingZoo's assertion; ``step``, ``observe`` and ``render`` before ``reset`` fail "
        f"with PettingZoo's message. The game's position is ``env.unwrapped.state``."
    )
    return env


@attrs.frozen
class Served:
    """A game's PettingZoo environment (:func:`served`): its class and PettingZoo's two names."""

    #: The game's description.
    info: GameInfo[Any, Any]
    #: The environment, unwrapped (PettingZoo's ``raw_env``): ``HarbourEnv``.
    raw_env: type[GameEnv[Any]]
    #: A new environment, wrapped as PettingZoo's classic environments are (``env``).
    env: Callable[..., AECEnv]

    @property
    def max_decisions(self) -> int:
        """The default cap on the decisions of one game, after which it is truncated."""
        return self.info.max_decisions

    @property
    def render_modes(self) -> tuple[str, ...]:
        """The render modes available here (:func:`render_modes`)."""
        return render_modes(self.info)


#: The environments made so far, by game name: every call gives the same classes.
_SERVED: dict[str, Served] = {}


def _signature(info: GameInfo[Any, Any]) -> inspect.Signature:
    """The arguments of a game's environment, its variant's among them by name."""
    keyword = inspect.Parameter.KEYWORD_ONLY
    parameters = [
        inspect.Parameter("players", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None),
        inspect.Parameter("options", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None),
    ]
    if info.variants is not None:
        parameters.append(inspect.Parameter(info.variants.name, keyword, default=None))
    parameters += [
        inspect.Parameter("max_decisions", keyword, default=info.max_decisions),
        inspect.Parameter("render_mode", keyword, default=None),
    ]
    return inspect.Signature(parameters)


def served(name: str) -> Served:
    """The PettingZoo environment of the game registered as ``name``.

    The first call makes its class from the game's description (named after its title,
    ``HarbourEnv``, in this module); later calls return the same. Raises
    :class:`~meeplekit.registry.UnknownGameError` for a name no game registers.
    """
    found = _SERVED.get(name)
    if found is None:
        info = load_info(name)
        codes, tensors = info.learner()
        title = "".join(word[:1].upper() + word[1:] for word in info.title.split())
        cls = f"{title}Env"
        environment: type[GameEnv[Any]] = type(
            cls,
            (GameEnv,),
            {
                "__module__": __name__,
                "__qualname__": cls,
                "__doc__": (
                    f"The AEC environment of {info.title} (``{info.name}_v0``), unwrapped: "
                    f"PettingZoo's ``raw_env`` (see :mod:`{__name__}`)."
                ),
                "info": info,
                "codes": codes,
                "tensors": tensors,
                "metadata": metadata(info),
            },
        )
        environment.__signature__ = _signature(info)
        found = _SERVED[name] = Served(info, environment, classic_env(environment))
    return found
