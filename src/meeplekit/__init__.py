"""meeplekit: the layer the project's board-game rules libraries share.

It holds what every game shares and nothing game-specific, and imports no game:

- :mod:`meeplekit.protocol`: what a game module provides (:class:`~meeplekit.protocol.Game`),
  chance as explicit decisions (:data:`~meeplekit.protocol.CHANCE`);
- :mod:`meeplekit.registry`: games by name (:func:`~meeplekit.registry.load_game`);
- :mod:`meeplekit.rng`: the seeded random source (SplitMix64);
- :mod:`meeplekit.errors`: the error bases every game's errors subclass;
- :mod:`meeplekit.rules`: why a move is refused (:class:`~meeplekit.rules.Refusal`);
- :mod:`meeplekit.values`: values made again by their constructors (a game's
  ``well_formed``), and any value shown in a message;
- :mod:`meeplekit.documents`: JSON documents: hostile text read within limits, the
  envelope, converter errors named by field, converter hooks;
- :mod:`meeplekit.interchange.records`: game records (every game's PGN): the tag header, reading with
  line numbers and bounds, comments, the result's tags, the replay's checks;
- :mod:`meeplekit.text`: the characters no text from outside may hold;
- :mod:`meeplekit.spec`: specification tooling (clauses, rule lookup, coverage);
- :mod:`meeplekit.agents.bots`: the bot protocol, what the bots need from a game
  (:class:`~meeplekit.agents.bots.BotGame`), a seeded random bot;
- :mod:`meeplekit.agents.search`: information-set MCTS for any game, chance nodes sampled;
- :mod:`meeplekit.testing`: the generic Hypothesis state machine (extra ``[testing]``).
"""

from __future__ import annotations

#: The version of the ``meeplekit`` distribution (PEP 440).
__version__ = "0.1.0"

__all__ = ["__version__"]
