"""The ``harbour`` console command (optional extra ``[cli]``: Click and rich).

``harbour --help`` lists the commands; :doc:`/cli` describes them. The package's core
does not need Click or rich: :func:`main` says which extra to install when they are
missing.
"""

from __future__ import annotations

import sys

__all__ = ["main"]


def main() -> None:
    """Run the ``harbour`` command with the process's arguments."""
    try:
        from harbour.cli.app import harbour
    except ModuleNotFoundError as missing:
        if missing.name not in ("click", "rich"):
            raise
        print(
            "the harbour command needs the optional extra: pip install 'harbour[cli]'",
            file=sys.stderr,
        )
        raise SystemExit(2) from None
    harbour()
