"""The check every game shares: what belongs to one seat refuses a spectator's observation."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest


def refuses_a_spectator(
    spectator: Any,
    invalid: type[Exception],
    doors: Iterable[Callable[[Any], object]],
    bots: Iterable[Any],
) -> None:
    """Each of ``doors`` raises ``invalid`` for ``spectator``, each bot ``ValueError``.

    OBS-9, MK-OBS-4 and BH-OBS-6: a determinization, the tensors, a position code (the
    ``doors``) and a bot's choice belong to a seat.
    """
    for door in doors:
        with pytest.raises(invalid, match="spectator"):
            door(spectator)
    for bot in bots:
        with pytest.raises(ValueError, match="spectator"):
            bot.choose(spectator)
