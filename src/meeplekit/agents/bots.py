"""Computer players any game of the project can use: the bot protocol and a random bot.

A bot is any object with a ``choose(observation) -> move`` method (:class:`Bot`) that picks
a move for the player who decides now. It is given only what that player sees, the game's
``observe(state, seat)`` for the deciding seat, never the state itself, so it cannot peek
at what the player may not see. To find the legal moves it samples a whole state
consistent with the observation (the game's ``determinize``); its legal moves are the
true ones, since the viewer decides. Bots never decide chance: at a chance node the game's
driver draws the outcome with the game's own sampler (``sample_chance(state, rng)`` of a
:class:`meeplekit.protocol.ChanceGame`), or else from its outcomes
(:func:`meeplekit.protocol.sample_chance`).

What the shared bots and the shared search (:mod:`meeplekit.agents.search`) need from a game is
one :class:`BotGame` value, which each game provides (``harbour.agents.bots.BOT_GAME``,
``machikoro.agents.bots.BOT_GAME``); :func:`bot_game` builds one from a game module.

Every bot is deterministic given its seed: it owns :class:`~meeplekit.rng.SplitMix64`
generators and never touches the :mod:`random` module or any global state. A game
drives its bots like this (here Machi Koro, whose chance is explicit)::

    from machikoro.agents.bots import BOT_GAME
    bots = [RandomBot(BOT_GAME, seed=1), RandomBot(BOT_GAME, seed=2)]
    rng = SplitMix64(7)
    while not machikoro.is_over(state):
        seat = machikoro.current_player(state)
        if seat == CHANCE:
            move = machikoro.sample_chance(state, rng)
        else:
            move = bots[seat].choose(machikoro.observe(state, seat))
        state = machikoro.apply_move(state, move)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

import attrs

from meeplekit.protocol import CHANCE, sample_chance
from meeplekit.rng import SplitMix64
from meeplekit.values import viewer_seat

__all__ = ["Bot", "BotGame", "Observed", "RandomBot", "bot_game", "sample_state"]

S = TypeVar("S")
M = TypeVar("M")
O = TypeVar("O", bound="Observed")  # noqa: E741 - the observation type, as in the protocol
O_contra = TypeVar("O_contra", contravariant=True)
M_co = TypeVar("M_co", covariant=True)


class Observed(Protocol):
    """What the shared bots read of a game's observation, besides passing it to ``determinize``."""

    @property
    def viewer(self) -> int | None:
        """The seat of the player who sees, or ``None`` for a spectator."""
        ...

    @property
    def decider(self) -> int:
        """Who decides now: a seat, or :data:`~meeplekit.protocol.CHANCE` at a chance node."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        ...


@runtime_checkable
class Bot(Protocol[O_contra, M_co]):
    """Anything that picks a move for the player who decides now, from what they see."""

    def choose(self, observation: O_contra) -> M_co:
        """One of the legal moves of the observed game, for its viewer.

        ``observation`` is the game's ``observe(state, seat)`` where ``seat`` is
        ``current_player(state)``; the move is one of ``legal_moves(state)``. The game must
        not be over, nor at a chance node.
        """
        ...


@attrs.frozen(kw_only=True)
class BotGame(Generic[S, O, M]):
    """What the shared bots and search need from one game (``S`` state, ``O`` observation, ``M`` move).

    Most fields are the game's own functions (:class:`meeplekit.protocol.Game`); the others
    say what the protocol leaves to each game: how many seats a state has, which turn it
    is, the trusted fast path that applies a legal move, and how good a position looks;
    the last two, optional, give the search a cheap playout policy and an order of moves.
    """

    #: The game's short name (``"harbour"``).
    name: str
    #: A whole state consistent with an observation, hidden parts drawn with the generator.
    determinize: Callable[[O, SplitMix64], S]
    #: Every legal move now (chance outcomes at a chance node).
    legal_moves: Callable[[S], Sequence[M]]
    #: The state after a move known to be legal (the game's unchecked fast path).
    apply_move: Callable[[S, M], S]
    #: The seat deciding now, or :data:`~meeplekit.protocol.CHANCE` at a chance node.
    current_player: Callable[[S], int]
    #: True once the game has ended.
    is_over: Callable[[S], bool]
    #: The seats that won a finished game.
    winners: Callable[[S], Sequence[int]]
    #: The number of seats.
    seats: Callable[[S], int]
    #: The number of the turn in progress (it grows as the game goes on).
    turn: Callable[[S], int]
    #: One outcome of the chance node on top, drawn with its exact probability.
    sample_chance: Callable[[S, SplitMix64], M]
    #: How good a state looks for a seat, in the game's own units (more is better).
    evaluate: Callable[[S, int], float]
    #: The search's cheap playout choice (:mod:`meeplekit.agents.search`): given a state and
    #: its legal moves (more than one), the move the decider's informed policy plays, or
    #: ``None`` to leave it to the search's greedy step by :attr:`evaluate`. ``None``: the
    #: greedy step always.
    policy: Callable[[S, Sequence[M]], M | None] | None = None
    #: The search's order of expansion under progressive widening: given a state and some
    #: of its legal moves, a score for each (more is expanded first), or ``None`` when the
    #: game ranks none of them. ``None``: no order (the search's generator draws).
    prior: Callable[[S, Sequence[M]], Sequence[float] | None] | None = None


def bot_game(
    module: ModuleType,
    *,
    seats: Callable[[Any], int],
    turn: Callable[[Any], int],
    evaluate: Callable[[Any, int], float],
    sample: Callable[[Any, SplitMix64], Any] | None = None,
) -> BotGame[Any, Any, Any]:
    """The :class:`BotGame` of a game module satisfying :class:`meeplekit.protocol.Game`.

    The module gives ``determinize``, ``legal_moves``, ``current_player``, ``is_over``,
    ``outcome`` (its winners) and ``apply_move_unchecked`` when it has one (else
    ``apply_move``); chance outcomes are drawn with ``sample`` when given, else with the
    module's own ``sample_chance(state, rng)`` when it has one
    (:class:`meeplekit.protocol.ChanceGame`), else with
    :func:`meeplekit.protocol.sample_chance` over the module's ``chance_outcomes``.
    """
    outcome = module.outcome
    chance_outcomes = module.chance_outcomes
    own = getattr(module, "sample_chance", None)
    if sample is None and own is not sample_chance:  # not the shared one, imported there
        sample = own

    def winners(state: Any) -> Sequence[int]:
        found: Sequence[int] = outcome(state).winners
        return found

    def drawn(state: Any, rng: SplitMix64) -> Any:
        return sample_chance(chance_outcomes(state), rng)

    return BotGame(
        name=module.__name__,
        determinize=module.determinize,
        legal_moves=module.legal_moves,
        apply_move=getattr(module, "apply_move_unchecked", module.apply_move),
        current_player=module.current_player,
        is_over=module.is_over,
        winners=winners,
        seats=seats,
        turn=turn,
        sample_chance=drawn if sample is None else sample,
        evaluate=evaluate,
    )


def _who(seat: int) -> str:
    return "chance" if seat == CHANCE else f"Player {seat + 1}"


def sample_state(game: BotGame[S, O, M], observation: O, rng: SplitMix64) -> S:
    """A determinization of ``observation`` whose viewer decides now.

    Raises ``ValueError`` when the game is over, for a spectator's observation (a bot
    decides for a seat), or when the viewer is not the one who decides now (a bot is only
    asked about its own decisions; chance is the driver's).
    """
    if observation.is_over:
        raise ValueError("the game is over: there is no move to choose")
    viewer = viewer_seat(observation.viewer, ValueError)
    if observation.decider != viewer:
        raise ValueError(
            f"Player {viewer + 1} does not decide now: {_who(observation.decider)} does"
        )
    return game.determinize(observation, rng)


class RandomBot(Generic[S, O, M]):
    """Chooses uniformly among the legal moves, with its own seeded generator.

    ``seed`` is any integer (it is reduced to 64 bits). Two bots with the same seed asked
    the same questions in the same order give the same answers. The legal moves are those
    of a determinization of the observation, which are the true ones (the viewer decides);
    the determinization uses a fixed generator, so the bot's own draws pick moves only.
    """

    __slots__ = ("_game", "_rng")

    def __init__(self, game: BotGame[S, O, M], seed: int) -> None:
        self._game = game
        self._rng = SplitMix64(seed)

    def choose(self, observation: O) -> M:
        """A uniformly random legal move; ``ValueError`` when the game is over."""
        state = sample_state(self._game, observation, SplitMix64(0))
        return self._rng.choice(self._game.legal_moves(state))
