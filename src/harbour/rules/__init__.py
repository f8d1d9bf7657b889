"""The rules of Harbour, one module per rules area.

- :mod:`~harbour.rules.setup`: dealing and the setup decisions (SETUP, CHAR-2, ABIL-8).
- :mod:`~harbour.rules.turn`: moving the pawn (TURN-1 to TURN-4).
- :mod:`~harbour.rules.toll`: tolls (TOLL-1 to TOLL-5).
- :mod:`~harbour.rules.actions`: gains, conversions, the market swap, either-or and
  two-part actions (ACT-1 to ACT-8).
- :mod:`~harbour.rules.shipping`: shipping and the Inland Traders (BUY-1 to BUY-4, INLAND).
- :mod:`~harbour.rules.buying`: buying and refilling the display (BUY-5 to BUY-8, DISPLAY-1).
- :mod:`~harbour.rules.end`: the end of a turn, the last round and the game (TURN-5, END-1, END-2).
- :mod:`~harbour.rules.abilities`: every character ability hook (ABIL-1 to ABIL-11).

:mod:`~harbour.rules.table` maps each pending decision to the step that owns it and runs
them; :mod:`~harbour.rules.work` is the mutable working copy a move is applied to. The
public entry points are in :mod:`harbour.engine` and :mod:`harbour`.
"""

# The rules areas are modules of their own; the package itself exports no name.
__all__: list[str] = []
