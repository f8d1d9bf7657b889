"""Helpers of the tests, one module per game (``harbour``, ``machikoro``, ``bremerhaven``
and their ``_sweep``, ``_checks``, ``_positions``, ``_forged`` companions) and shared ones
(``views``, ``soak``, ``hostile``, ``poscode``, ``play_codes``, ``screens``, ``cputime``, ``alone``).

No test module imports another (``tests/meeplekit/test_test_layout.py``): what two test
modules share lives here.
"""
