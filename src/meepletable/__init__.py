"""The table: play the registered games in a browser, each seat seeing only its own.

- :mod:`meepletable.storage` keeps the tables (SQLite, behind a small interface);
- :mod:`meepletable.service` plays them: tables made, moves checked and stored, each
  viewer's view made from the game's observation for that viewer;
- :mod:`meepletable.app` serves them (Starlette, WebSockets), with its pages;
- :mod:`meepletable.cli` is the command, ``meepletable serve --host --port --db``.
"""

from __future__ import annotations

__all__: list[str] = []
