"""The rules of Machi Koro, one module per rules area.

- :mod:`~machikoro.rules.roll`: rolling, the Radio Tower's re-roll and the Harbor's +2
  (MK-ROLL-1, MK-ROLL-2, MKH-HARBOR-1..3).
- :mod:`~machikoro.rules.income`: the red, green and blue establishments and the Tuna Boat
  (MK-COLOR-1..3, MK-ORDER-1..2, MK-ACT-1, MKH-TUNA-1..4, MKH-FLOWER-1).
- :mod:`~machikoro.rules.majors`: the purple establishments (MK-COLOR-4, MK-INT-9,
  MKH-TAX-1, the Business Center's trade).
- :mod:`~machikoro.rules.build`: construction, City Hall, the Airport, the Amusement Park
  and the end of the game (MK-BUILD-1..2, MKH-CITYHALL-2, MK-WIN-1).
- :mod:`~machikoro.rules.market`: the Harbor marketplace's draws (MKH-MARKET-1..9).
- :mod:`~machikoro.rules.turn`: the end of a turn and the next (MK-TURN-1, MK-TURN-2).
- :mod:`~machikoro.rules.setup`: a new game (MK-SETUP-1, MK-CHANCE-4).

Each pending decision has one step (:mod:`~machikoro.rules.step`) that lists its legal
moves, explains a refusal and applies a move; :mod:`~machikoro.rules.table` maps each
pending decision to its step, and :mod:`~machikoro.rules.work` is the mutable working copy
a move is applied to. The public entry points are in :mod:`machikoro.engine`.
"""

# The rules areas are modules of their own; the package itself exports no name.
__all__: list[str] = []
