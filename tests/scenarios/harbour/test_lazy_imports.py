"""``import harbour`` loads the engine only: interchange, card files and pictures on first use.

A structural check, not a timing one: a fresh interpreter imports :mod:`harbour` and the
test looks at which modules it loaded. Every public name still resolves, by attribute,
by ``from harbour import ...`` and in ``dir(harbour)``, to the object of its home module.
"""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import harbour

#: What ``import harbour`` must not load: the document and record formats (cattrs), the
#: card file reader (TOML), the pictures, the text views, the action codes and the bots.
LAZY_MODULES = (
    "cattrs",
    "tomllib",
    "harbour.agents.actions",
    "harbour.agents.bots",
    "harbour.cards.files",
    "harbour.interchange.gamerecord",
    "harbour.interchange.notation",
    "harbour.positions",
    "harbour.interchange.records",
    "harbour.agents.search",
    "harbour.interchange.serialization",
    "harbour.views.svg",
    "harbour.views.view",
    "meeplekit.interchange.records",
    "meeplekit.views.svg",
)


def _run(code: str) -> str:
    result = subprocess.run(
        [sys.executable, "-c", f"import sys\n{code}"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return result.stdout


def test_importing_harbour_loads_no_interchange_card_file_or_picture_module() -> None:
    loaded = set(_run("import harbour\nprint(' '.join(sorted(sys.modules)))").split())
    assert {"harbour", "harbour.engine", "harbour.state", "harbour.setup"} <= loaded
    assert not loaded & set(LAZY_MODULES)


def test_playing_a_game_loads_none_of_them_either() -> None:
    code = (
        "import random\n"
        "import harbour\n"
        "chooser = random.Random(1)\n"
        "state = harbour.new_game(3, seed=1)\n"
        "while not harbour.is_over(state):\n"
        "    state = harbour.apply_move(state, chooser.choice(harbour.legal_moves(state)))\n"
        "harbour.outcome(state)\n"
        "print(' '.join(sorted(sys.modules)))"
    )
    assert not set(_run(code).split()) & set(LAZY_MODULES)


def test_a_lazy_name_loads_its_module_on_first_use() -> None:
    code = (
        "import harbour\n"
        "print('harbour.interchange.serialization' in sys.modules)\n"
        "from harbour import to_json\n"
        "print('harbour.interchange.serialization' in sys.modules, 'cattrs' in sys.modules)\n"
        "print(to_json is sys.modules['harbour.interchange.serialization'].to_json)\n"
        "print(harbour.records is sys.modules['harbour.interchange.records'])"
    )
    assert _run(code).split() == ["False", "True", "True", "True", "True"]


@pytest.mark.parametrize("name", harbour.__all__)
def test_every_public_name_resolves(name: str) -> None:
    value = getattr(harbour, name)
    assert name in dir(harbour)
    namespace: dict[str, object] = {}
    exec(f"from harbour import {name}", namespace)
    assert namespace[name] is value
    home = getattr(value, "__module__", None)
    if isinstance(value, type(harbour)):
        assert value is importlib.import_module(value.__name__)
        assert value.__name__.rsplit(".", 1)[-1] == name
    elif isinstance(home, str) and home.startswith("harbour.") and hasattr(value, "__name__"):
        assert getattr(importlib.import_module(home), value.__name__) is value


def test_the_submodules_an_import_used_to_bring_still_resolve_as_attributes() -> None:
    assert harbour.search.ISMCTSBot is harbour.ISMCTSBot
    assert harbour.bots.RandomBot.__module__ == "harbour.agents.bots"
    assert harbour.serialization.to_json is harbour.to_json
    assert callable(harbour.determinize)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'no_such_name'"):
        _ = harbour.no_such_name  # type: ignore[attr-defined]
    assert not hasattr(harbour, "cli_that_does_not_exist")
