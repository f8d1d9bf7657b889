"""One conformance suite for every registered game, as PettingZoo's and OpenSpiel's are.

Every game registered under the ``meeplekit.games`` entry points
(:func:`meeplekit.registry.registered_names`: the three games, and the toy race of
``tests/meeplekit/toy``, whose test-only distribution registers it) runs the same three
checks, served from its description alone (:func:`meeplekit.registry.load_info`), with
nothing of its own but, optionally, its parameter sets (``OPENSPIEL_GAMES``, with
``OPENSPIEL_SOAK_GAMES`` for ``make soak``, ``PETTINGZOO_GAMES`` and ``PETTINGZOO_CYCLES`` of
``tests/support/<game>.py``; without them, a two-player game):

- the shared Hypothesis state machine, :class:`meeplekit.testing.GameMachine`, over the
  game module as the protocol (:class:`meeplekit.protocol.Game`) describes it;
- OpenSpiel's ``random_sim_test`` (with serialization) on the game's OpenSpiel game;
- PettingZoo's ``api_test`` on the raw and the wrapped environment.

The game's own tests (``tests/property/<game>/``) keep only what is particular to it. The
state machine's long settings are the ``soak`` test (``make soak``).
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType
from typing import Any

import pytest
from hypothesis import settings

from meeplekit.registry import load_game, load_info, registered_names
from meeplekit.testing import GameMachine

GAMES = registered_names()


def game_data(name: str) -> ModuleType | None:
    """The game's test helpers (``tests.support.<name>``), if it has any."""
    if importlib.util.find_spec(f"tests.support.{name}") is None:
        return None
    return importlib.import_module(f"tests.support.{name}")


def openspiel_games(name: str) -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = getattr(game_data(name), "OPENSPIEL_GAMES", [{"players": 2}])
    return games


def pettingzoo_games(name: str) -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = getattr(game_data(name), "PETTINGZOO_GAMES", [{"players": 2}])
    return games


def player_counts(name: str) -> tuple[int, ...]:
    """The player counts the game's parameter sets play (those the adapters are tested at)."""
    return tuple(sorted({params["players"] for params in openspiel_games(name)}))


def rule_ids(name: str) -> frozenset[str]:
    """The rule IDs of the game's specification (none for a game without one)."""
    specification = load_info(name).specification
    return frozenset(() if specification is None else specification.rule_ids())


def adapter(name: str, kind: str) -> Any:
    """The game served by the shared OpenSpiel or PettingZoo adapter (registered with it)."""
    return importlib.import_module(f"meeplekit.{kind}").served(name)


# --------------------------------------------------------------------------- state machine


def _machine(name: str) -> type[GameMachine[Any, Any]]:
    body = {
        "__module__": __name__,
        "__doc__": f"The shared state machine over {name}.",
        "game": load_game(name),
        "rule_ids": rule_ids(name),
        "players": player_counts(name),
    }
    machine: type[GameMachine[Any, Any]] = type(f"Conformance_{name}", (GameMachine,), body)
    return machine


#: Each game's machine for ``make test`` (a few short games) and for ``make soak`` (many
#: long ones): separate classes, as Hypothesis keeps one ``TestCase`` per class.
MACHINES: dict[str, tuple[type[GameMachine[Any, Any]], type[GameMachine[Any, Any]]]] = {
    name: (_machine(name), _machine(name)) for name in GAMES
}
for _name, (_short, _long) in MACHINES.items():
    _short.TestCase.settings = settings(
        _short.TestCase.settings, max_examples=3, stateful_step_count=60
    )
    _long.TestCase.settings = settings(
        _long.TestCase.settings, max_examples=25, stateful_step_count=200
    )
    globals()[f"TestStateMachine_{_name}"] = _short.TestCase
    globals()[f"TestStateMachineSoak_{_name}"] = pytest.mark.soak(_long.TestCase)


def test_every_registered_game_gets_the_shared_machine_at_both_sizes() -> None:
    assert {"harbour", "machikoro", "bremerhaven", "toy"} <= set(GAMES)
    for name, (short, long) in MACHINES.items():
        assert short.game is long.game is load_game(name)
        assert short.players and set(short.players) <= {1, 2, 3, 4, 5, 6}
        assert globals()[f"TestStateMachine_{name}"] is short.TestCase
        assert globals()[f"TestStateMachineSoak_{name}"] is long.TestCase
        assert long.TestCase.pytestmark[0].name == "soak"
        assert short.TestCase.settings.max_examples < long.TestCase.settings.max_examples


# --------------------------------------------------------------------------- OpenSpiel


@pytest.mark.parametrize(
    ("name", "params"),
    [(name, params) for name in GAMES for params in openspiel_games(name)]
    + [
        pytest.param(name, params, marks=pytest.mark.soak)
        for name in GAMES
        for params in getattr(game_data(name), "OPENSPIEL_SOAK_GAMES", [])
    ],
)
def test_openspiel_random_sim_test_with_serialization(name: str, params: dict[str, Any]) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    adapter(name, "openspiel")
    game = pyspiel.load_game(f"python_{name}", params)
    assert game.num_players() == params["players"]
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


# --------------------------------------------------------------------------- PettingZoo


@pytest.mark.parametrize("maker", ["env", "raw_env"])
@pytest.mark.parametrize(
    ("name", "kwargs"),
    [(name, kwargs) for name in GAMES for kwargs in pettingzoo_games(name)],
)
def test_pettingzoos_api_test(name: str, kwargs: dict[str, Any], maker: str) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    make = getattr(adapter(name, "pettingzoo"), maker)
    cycles = getattr(game_data(name), "PETTINGZOO_CYCLES", 60)
    api_test(make(**kwargs), num_cycles=cycles)
