"""``scripts/check_alone.py`` as a module, for the tests of the install lines it reads and runs.

The READMEs' ``pip install`` lines are read by that script (``make dist`` runs them); the
tests that check the lines, and the browser checks that the docs show them, read them
through it too.
"""

from __future__ import annotations

from tests.support.scripts import load_script

check_alone = load_script("check_alone")


def readme_commands() -> dict[tuple[str, str, str | None], str]:
    """Each install the READMEs document, by (route, distribution, extra): its command."""
    chosen = check_alone.one_each(check_alone.documented())
    return {key: command.line.partition(" #")[0].rstrip() for key, command in chosen.items()}
