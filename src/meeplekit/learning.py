"""What a learning interface needs from a game: one typed description per game.

The shared adapters, the OpenSpiel game (:mod:`meeplekit.openspiel`) and the PettingZoo
environment (:mod:`meeplekit.pettingzoo`), serve any game of the project; what they need
beyond the game protocol (:class:`meeplekit.protocol.Game`) is described once per game by
a :class:`Learning` value, which the game provides (``harbour.learning.LEARNING``,
``machikoro.learning.LEARNING``):

- how a game is set up for one variant (``new_game``, and ``start`` when its setup chance
  is explicit), the rule options that become OpenSpiel parameters, its player counts and
  the one both adapters play when none is given (``default_players``);
- the action codes (``actions.encode/decode/legal_actions/legal_action_mask/
  num_distinct_actions``): an integer per move, the moves of chance included;
- the tensors (``tensors.observation_tensor/observation_tensor_size/
  information_state_string``), built from ``observe`` alone;
- the utilities of a game stopped by a cap on its length;
- the views a render mode shows: the text view, and the position picture (SVG) when the
  game draws one.

Type parameters: ``S`` the state, ``M`` the move, ``V`` a player's observation (what
``observe`` returns), ``C`` the variant: what a game is set up with besides the number of
players and the seed (the rule options, and for Harbour the card set). This module needs
no extra; the adapters do (each game's extras ``[openspiel]`` and ``[pettingzoo]``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, Generic, TypeVar

import attrs

from meeplekit.protocol import Game

__all__ = ["DEFAULT_MAX_DECISIONS", "DEFAULT_SETUP_SEEDS", "Learning"]

#: The default cap on the decisions of one game in both adapters (a game's own may differ).
DEFAULT_MAX_DECISIONS: Final = 3000

#: The default number of equally likely seeds of a setup chance node (when ``start`` is
#: ``None``).
DEFAULT_SETUP_SEEDS: Final = 2**16

S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")
C = TypeVar("C")


@attrs.frozen(kw_only=True)
class Learning(Generic[S, M, V, C]):
    """What the shared OpenSpiel game and PettingZoo environment need from one game.

    Every callable is a pure function of the game (most are the game's own: its
    ``actions`` and ``tensors`` modules, its text view). A game gives one value, built
    with keywords; the adapters read nothing else of it but the protocol functions of
    :attr:`game`.
    """

    #: The game's short name, lower case (``"harbour"``): the OpenSpiel game is
    #: ``python_<name>``, the PettingZoo environment ``<name>_v0``.
    name: str
    #: The game's name as printed (``"Machi Koro"``).
    title: str
    #: The game module (:class:`~meeplekit.protocol.Game`): ``apply_move``,
    #: ``current_player``, ``is_over``, ``chance_outcomes``, ``returns``, ``observe``,
    #: ``determinize`` and ``to_json`` are called through it.
    game: Game[S, M]
    #: The fewest players of any variant.
    min_players: int
    #: The most players of any variant.
    max_players: int
    #: The number of players both adapters play when none is given: the game's most
    #: common count (OpenSpiel's ``players`` parameter, the PettingZoo environment's
    #: ``players`` argument). Between :attr:`min_players` and :attr:`max_players`, and a
    #: count every variant allows.
    default_players: int
    #: True when no player ever has a secret (OpenSpiel's perfect information).
    perfect_information: bool
    #: The game's rule options class (a frozen attrs class whose fields are switches,
    #: ``bool``, or readings, :class:`enum.Enum`): OpenSpiel takes one parameter per field.
    options: type[Any]
    #: The variant OpenSpiel plays under an instance of :attr:`options`.
    variant: Callable[[Any], C]
    #: A new game: ``new_game(players, seed, variant)``. It raises :attr:`invalid_value`
    #: for a number of players or a variant the game refuses.
    new_game: Callable[[int, int, C], S]
    #: When the game's setup chance is explicit: ``start(players, variant)``, the position
    #: before any chance, whose chance nodes (``game.chance_outcomes``) set the game up.
    #: ``None``: the OpenSpiel game begins with one chance node drawing the seed of
    #: :attr:`new_game` among :attr:`setup_seeds` equally likely ones.
    start: Callable[[int, C], S] | None = None
    #: How many seeds the setup chance node draws from (when :attr:`start` is ``None``).
    setup_seeds: int = DEFAULT_SETUP_SEEDS
    #: Whether positions after setup may be chance nodes (dice, draws).
    chance_in_play: bool
    #: Each seat's utility of a game stopped now, over or cut short by the cap on its
    #: length: :attr:`game`'s ``returns`` once it is over; the game decides for a game cut
    #: short. Zero-sum, within [-1, +1].
    utilities: Callable[[S], Sequence[float]]
    #: The number of action codes of a variant: codes run from 0 to this minus 1.
    num_distinct_actions: Callable[[C], int]
    #: The code of a move (a decision's or a chance outcome's) in a state.
    encode: Callable[[S, M], int]
    #: The move of a code in a state.
    decode: Callable[[S, int], M]
    #: The codes of the legal moves of the player deciding, ascending.
    legal_actions: Callable[[S], Sequence[int]]
    #: One byte per code: 1 at the codes of the legal moves.
    legal_action_mask: Callable[[S], bytes]
    #: The length of the observation tensor of a variant and a number of players.
    observation_tensor_size: Callable[[C, int], int]
    #: The observation tensor of an observation (what ``game.observe`` gives).
    observation_tensor: Callable[[V], Sequence[float]]
    #: The information-state string of an observation.
    information_state_string: Callable[[V], str]
    #: A move written for people, in a state where it may be played.
    format_move: Callable[[S, M], str]
    #: The text view of a state, every secret shown (the referee's view).
    text: Callable[[S], str]
    #: The position picture of a state as an SVG document, or ``None`` when the game draws
    #: none.
    picture: Callable[[S], str] | None = None
    #: The game's error for a value that is not well formed (a parameter, a render mode).
    invalid_value: type[ValueError]
    #: The game's default cap on the decisions of one game (chance outcomes are not
    #: decisions).
    max_decisions: int = DEFAULT_MAX_DECISIONS

    def __attrs_post_init__(self) -> None:
        if not self.min_players <= self.default_players <= self.max_players:
            raise self.invalid_value(
                f"{self.title}'s default_players must be between {self.min_players} and "
                f"{self.max_players}, got {self.default_players}"
            )
