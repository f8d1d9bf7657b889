"""The rules, one module per area, each rule's one home.

:mod:`~bremerhaven.rules.work` is the engine's working copy of a state;
:mod:`~bremerhaven.rules.harbours` holds the harbour's geometry and storage questions,
:mod:`~bremerhaven.rules.bidding` the bids and their winners,
:mod:`~bremerhaven.rules.town` the Town board's spaces (1.0-1.5),
:mod:`~bremerhaven.rules.boards` the Sea and Land boards,
:mod:`~bremerhaven.rules.individual` the Individual action phase (4.1-4.4, the movement
model), :mod:`~bremerhaven.rules.cleanup` the Clean-up phase and the end,
:mod:`~bremerhaven.rules.flow` the order of a round, and
:mod:`~bremerhaven.rules.table` which step owns which pending decision.
"""

__all__: list[str] = []
