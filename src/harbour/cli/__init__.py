"""The ``harbour`` console command (optional extra ``[cli]``: Click and rich).

``harbour --help`` lists the commands; :doc:`/cli` describes them. The package's core
does not need Click or rich: :func:`main` says which extra to install when they are
missing (:mod:`harbour.extras`). :mod:`harbour.cli.readings`, the rule-reading options
the command shares with the demo, needs neither.
"""

from __future__ import annotations

import io
import sys

from harbour.extras import MissingExtraError, require

__all__ = ["main"]


def main() -> None:
    """Run the ``harbour`` command with the process's arguments.

    Without the ``[cli]`` extra it prints one line naming the extra and its install
    command and exits with status 2. Text that standard output cannot encode (a rule's
    German quotation on an ASCII terminal) is replaced rather than raised.
    """
    try:
        require("cli")
    except MissingExtraError as error:
        print(error, file=sys.stderr)
        raise SystemExit(2) from None
    from harbour.cli.app import harbour

    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="replace")
    harbour()
