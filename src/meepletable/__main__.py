"""``python -m meepletable``: the ``meepletable`` command (:mod:`meepletable.cli`)."""

from meepletable.cli import main

raise SystemExit(main())
