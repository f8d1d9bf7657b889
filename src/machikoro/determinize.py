"""A whole state consistent with what one player sees: :func:`determinize` (rule MK-OBS-2).

A bot that may not peek searches states it cannot tell from the true one. In Machi Koro a
player sees the whole position (MK-OBS-1), so the states an observation cannot tell apart
are the observed position with any seed, and no rule reads the seed after the start
(MK-CHANCE-4): :func:`determinize` gives the observed position back, with a seed drawn
from the generator.

>>> import machikoro
>>> from meeplekit.rng import SplitMix64
>>> state = machikoro.new_game(3, seed=2)
>>> sample = machikoro.determinize(machikoro.observe(state, 0), SplitMix64(1))
>>> machikoro.observe(sample, 0) == machikoro.observe(state, 0)
True
>>> import attrs
>>> sample == attrs.evolve(state, seed=sample.seed)  # the position itself
True
>>> machikoro.legal_moves(sample) == machikoro.legal_moves(state)
True
"""

from __future__ import annotations

from machikoro.errors import InvalidStateError, InvalidValueError
from machikoro.observation import Observation
from machikoro.state import GameState, make_state
from machikoro.validation import validate
from meeplekit.memo import Memo
from meeplekit.rng import SplitMix64
from meeplekit.values import field_getter, shown, viewer_seat

__all__ = ["determinize"]

#: The observation :func:`determinize` last found consistent: a one-entry memo for a
#: search that determinizes the same observation many times.
_LAST_CHECKED: Memo[Observation, bool] = Memo()
#: The fields of an observation in order (the viewer, then the state's without the seed),
#: by a getter that raises ``AttributeError`` for a field never set.
_FIELDS = field_getter(Observation)


def determinize(observation: Observation, rng: SplitMix64) -> GameState:
    """The state ``observation`` shows, with a seed drawn from ``rng`` (MK-OBS-2).

    Every field but the seed is the observation's; the seed is a fresh 64-bit number from
    ``rng`` (which advances by one draw). It says nothing about the true seed, which no
    rule reads after :func:`machikoro.new_game` (MK-CHANCE-4). The sample gives
    ``observation`` back (``observe(sample, viewer) == observation``) and its legal moves
    are the true ones.

    Raises :class:`~machikoro.errors.InvalidValueError` for a value that is not an
    observation or a generator, and for an observation no valid position gives (made by
    hand), listing what :func:`machikoro.validate` finds.
    """
    if type(observation) is not Observation:
        raise InvalidValueError(
            f"determinize needs an Observation, got {type(observation).__name__}"
        )
    if not isinstance(rng, SplitMix64):
        raise InvalidValueError(f"rng must be a SplitMix64, got {type(rng).__name__}")
    o = observation
    try:
        fields = _FIELDS(o)
    except AttributeError:  # a field never set: made around its constructor
        raise InvalidValueError(
            "no position gives this observation: a field was never set, it was not made by "
            "its constructor"
        ) from None
    viewer, options, *position = fields
    viewer_seat(viewer, InvalidValueError)  # a seat's observation (MK-OBS-4)
    state: GameState = make_state(options, rng.next_u64(), *position)
    if not _LAST_CHECKED.holds(observation):
        violations = validate(state)
        if violations:
            raise InvalidValueError(
                f"no position gives this observation: {InvalidStateError(violations)}"
            )
        if type(o.viewer) is not int or not 0 <= o.viewer < len(o.coins):
            raise InvalidValueError(
                f"no seat {shown(o.viewer)} in a game of {len(o.coins)} players"
            )
        _LAST_CHECKED.put(observation, True)
    return state
