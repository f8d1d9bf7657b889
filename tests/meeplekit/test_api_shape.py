"""One API shape: the three games take the same parameters and export the same shared names.

``observe``, ``render``, ``determinize`` and ``chance_outcomes`` have the same parameter
names, kinds and defaults in every game, ``chance_outcomes`` lives in each game's ``chance``
module, the packages export the names every game shares, and each testing kit has the same
class and function names.
"""

from __future__ import annotations

import importlib
import inspect
from types import ModuleType

import pytest

import meeplekit.errors
import meeplekit.rules
from meeplekit.testing import GameMachine

GAMES = ("harbour", "machikoro", "bremerhaven")
FUNCTIONS = ("observe", "render", "determinize", "chance_outcomes")
#: The names every game's package exports (``CHANCE`` only where chance is played: below).
SHARED = (
    "GAME",
    "GameFacts",
    "GameState",
    "Move",
    "Observation",
    "Outcome",
    "Refusal",
    "RulesOptions",
    "Violation",
    "ISMCTSBot",
    "actions",
    "cards",
    "chance",
    "code",
    "events",
    "from_code",
    "from_json",
    "new_game",
    "notation",
    "position",
    "records",
    "svg",
    "tensors",
    "to_json",
    "validate",
)
#: Every shared error class: each game's package exports its own of each.
ERRORS = tuple(
    name
    for name in meeplekit.errors.__all__
    if isinstance(getattr(meeplekit.errors, name), type)
    and issubclass(getattr(meeplekit.errors, name), meeplekit.errors.RulesError)
    and name != "RulesError"
)
KIT = ("StateMachine", "check_invariants", "moves", "rules_options", "states")


def _game(name: str) -> ModuleType:
    return importlib.import_module(name)


def _shape(function: object) -> list[tuple[str, object, object]]:
    """Each parameter's name, kind and default (the annotations name each game's types)."""
    assert callable(function)
    return [(p.name, p.kind, p.default) for p in inspect.signature(function).parameters.values()]


@pytest.mark.parametrize("function", FUNCTIONS)
def test_the_functions_take_the_same_parameters_in_every_game(function: str) -> None:
    shapes = {game: _shape(getattr(_game(game), function)) for game in GAMES}
    assert len({repr(shape) for shape in shapes.values()}) == 1, shapes


def test_the_parameters_are_the_documented_ones() -> None:
    keyword = inspect.Parameter.KEYWORD_ONLY
    assert [n for n, _, _ in _shape(_game("harbour").observe)] == ["state", "viewer"]
    assert [n for n, _, _ in _shape(_game("machikoro").determinize)] == ["observation", "rng"]
    assert [n for n, _, _ in _shape(_game("bremerhaven").chance_outcomes)] == ["state"]
    render = _shape(_game("bremerhaven").render)
    assert render[:2] == [
        ("state", inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.empty),
        ("viewer", inspect.Parameter.POSITIONAL_OR_KEYWORD, None),
    ]
    assert [(n, k) for n, k, _ in render[2:]] == [("public", keyword), ("width", keyword)]


@pytest.mark.parametrize("game", GAMES)
def test_chance_outcomes_lives_in_the_chance_module_of_every_game(game: str) -> None:
    chance = importlib.import_module(f"{game}.chance")
    assert _game(game).chance_outcomes is chance.chance_outcomes
    assert chance.chance_outcomes.__module__ == f"{game}.chance"
    assert _game(game).chance is chance


@pytest.mark.parametrize("game", GAMES)
def test_every_game_exports_the_shared_names(game: str) -> None:
    package = _game(game)
    exported = set(package.__all__)
    assert len(ERRORS) == 11 and {"CardFileError", "MissingExtraError"} <= set(ERRORS)
    missing = [n for n in (*SHARED, *FUNCTIONS, *ERRORS) if n not in exported]
    assert missing == []
    for name in (*SHARED, *FUNCTIONS, *ERRORS):
        assert getattr(package, name) is not None, name
    assert package.Refusal is meeplekit.rules.Refusal
    assert isinstance(package.GAME, package.GameFacts)


def test_chance_is_exported_where_the_game_has_chance_nodes() -> None:
    import machikoro

    assert "CHANCE" in machikoro.__all__
    state = machikoro.apply_move(machikoro.new_game(2, seed=1), machikoro.RollDice(1))
    assert machikoro.current_player(state) == machikoro.CHANCE and machikoro.chance_outcomes(state)


@pytest.mark.parametrize("game", GAMES)
def test_every_testing_kit_has_the_same_names(game: str) -> None:
    kit = importlib.import_module(f"{game}.testing")
    assert [n for n in KIT if n not in kit.__all__] == []
    assert issubclass(kit.StateMachine, GameMachine)
    assert kit.StateMachine.__module__ == f"{game}.testing"


@pytest.mark.parametrize("game", ["machikoro", "bremerhaven"])
def test_observe_takes_viewer_and_no_longer_player(game: str) -> None:
    package = _game(game)
    state = package.new_game(2, seed=3)
    assert package.observe(state, viewer=1) == package.observe(state, 1)
    assert package.observe(state, viewer=1).viewer == 1
    with pytest.raises(TypeError):
        package.observe(state, player=1)


@pytest.mark.parametrize("game", ["machikoro", "bremerhaven"])
def test_public_is_the_view_without_a_viewer(game: str) -> None:
    package = _game(game)
    state = package.new_game(2, seed=3)
    assert package.render(state, public=True) == package.render(state)
    assert package.render(package.observe(state, 0), public=True) == package.render(state)
    with pytest.raises(package.InvalidValueError, match="not both"):
        package.render(state, 0, public=True)


def test_harbour_draws_an_observation_for_its_viewer() -> None:
    import harbour

    state = harbour.new_game(3, seed=2)
    for seat in range(3):
        assert harbour.render(harbour.observe(state, seat)) == harbour.render(state, seat)
    assert harbour.render(harbour.observe(state, 1), public=True) == harbour.render(
        state, public=True
    )
    assert harbour.render(harbour.observe(state, 1), public=True) != harbour.render(state, 1)
