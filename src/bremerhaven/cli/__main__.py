"""``python -m bremerhaven.cli``: the ``bremerhaven`` command (:func:`bremerhaven.cli.main`)."""

from __future__ import annotations

from bremerhaven.cli import main

if __name__ == "__main__":
    main()
