"""One family of errors: each game's classes made by one call of ``meeplekit.errors.family``.

The shared classes catch every game's errors, a game's class catches that game's alone,
every game has every class under the same name, and every error pickles with its message
and attributes.
"""

from __future__ import annotations

import dataclasses
import importlib
import pickle
from types import ModuleType

import pytest

import meeplekit.errors as shared

GAMES = ("harbour", "machikoro", "bremerhaven")
BASES = {
    "harbour": "HarbourError",
    "machikoro": "MachiKoroError",
    "bremerhaven": "BremerhavenError",
}
#: Every shared error class but the base: each game must have one of each.
KINDS = tuple(
    name
    for name in shared.__all__
    if isinstance(getattr(shared, name), type)
    and issubclass(getattr(shared, name), shared.RulesError)
    and name != "RulesError"
)


@dataclasses.dataclass(frozen=True)
class _Violation:
    rule_id: str
    reason: str


def _errors(game: str) -> ModuleType:
    return importlib.import_module(f"{game}.errors")


def _example(cls: type[shared.RulesError]) -> shared.RulesError:
    """An error of ``cls`` built with the arguments its kind takes."""
    if issubclass(cls, shared.AmbiguousMoveError):
        return cls("go Ba", "Ba", ["Bakery", "Bank"])
    if issubclass(cls, shared.MoveParseError):
        return cls("go", "expected a building")
    if issubclass(cls, shared.CardFileError):
        return cls("ships[3].lay_time", "must be 1-5, got 7", path="cards.toml", card="ship 4")
    if issubclass(cls, shared.IllegalMoveError):
        return cls("TOLL-1", "The toll is owed.")
    if issubclass(cls, shared.InvalidStateError):
        return cls([_Violation("STATE-1", "bad goods")])
    if issubclass(cls, shared.DocumentError):
        return cls("state.players[0]", "expected a table")
    if issubclass(cls, shared.RecordError):
        return cls("not a move", line=3, turn=2, rule_id="REC-1", text="x" * 150)
    return cls("a bad value")


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_every_class_made_by_its_family(game: str) -> None:
    assert len(KINDS) == 11
    assert {"AmbiguousMoveError", "CardFileError", "MissingExtraError"} <= set(KINDS)
    module = _errors(game)
    family = module.ERRORS
    assert isinstance(family, shared.Family)
    assert set(family.classes()) == {BASES[game], *KINDS}
    assert getattr(module, BASES[game]) is family.base
    package = importlib.import_module(game)
    for name in KINDS:
        cls = getattr(module, name)
        assert cls is getattr(family, name), name
        assert cls.__name__ == name and cls.__module__ == f"{game}.errors", cls
        assert issubclass(cls, getattr(shared, name)), name
        assert issubclass(cls, family.base), name
        assert name in module.__all__, name
        if name in package.__all__:
            assert getattr(package, name) is cls, name


@pytest.mark.parametrize("game", GAMES)
def test_the_game_classes_keep_the_shared_hierarchy(game: str) -> None:
    m = _errors(game)
    assert issubclass(m.InvalidMoveError, m.InvalidValueError)
    assert issubclass(m.MoveParseError, m.InvalidMoveError)
    assert issubclass(m.AmbiguousMoveError, m.MoveParseError)
    assert issubclass(m.CardFileError, m.InvalidValueError)
    for name in ("IllegalMoveError", "InvalidStateError", "GameNotOverError", "DocumentError"):
        assert not issubclass(getattr(m, name), m.InvalidValueError), name
    for name in KINDS:
        if name == "MissingExtraError":  # a missing extra is a failed import, not a value
            assert issubclass(m.MissingExtraError, ImportError)
            assert not issubclass(m.MissingExtraError, ValueError)
        else:
            assert issubclass(getattr(m, name), ValueError), name


@pytest.mark.parametrize("raiser", GAMES)
@pytest.mark.parametrize("catcher", GAMES)
def test_a_game_class_catches_that_game_errors_alone(raiser: str, catcher: str) -> None:
    for name in KINDS:
        error = _example(getattr(_errors(raiser), name))
        caught_by_game = isinstance(error, getattr(_errors(catcher), name))
        caught_by_base = isinstance(error, getattr(_errors(catcher), BASES[catcher]))
        assert caught_by_game is caught_by_base is (raiser == catcher), (raiser, catcher, name)
        assert isinstance(error, getattr(shared, name)) and isinstance(error, shared.RulesError)


def test_except_on_one_game_class_lets_another_game_error_through() -> None:
    import harbour
    import machikoro

    with pytest.raises(harbour.IllegalMoveError):
        try:
            raise harbour.IllegalMoveError("TOLL-1", "The toll is owed.")
        except machikoro.IllegalMoveError:  # pragma: no cover - the point: not caught here
            pytest.fail("Machi Koro's class caught Harbour's error")
    with pytest.raises(shared.IllegalMoveError):
        raise machikoro.IllegalMoveError("MK-ROLL-1", "Roll first.")


@pytest.mark.parametrize("game", [*GAMES, None])
def test_every_error_pickles_with_its_message_and_attributes(game: str | None) -> None:
    classes = (
        [getattr(_errors(game), n) for n in KINDS] if game else [getattr(shared, n) for n in KINDS]
    )
    for cls in classes:
        error = _example(cls)
        again = pickle.loads(pickle.dumps(error))
        assert type(again) is cls, cls
        assert again.args == error.args and str(again) == str(error), cls
        assert vars(again) == vars(error), cls


def test_the_messages_are_those_each_game_wrote() -> None:
    import bremerhaven.errors
    import harbour.errors

    harbour_file = harbour.errors.CardFileError
    assert str(harbour_file("ability", "expected a table", path="c.toml", card="character 1")) == (
        'c.toml: character 1, field "ability": expected a table'
    )
    assert str(harbour_file(None, "no such file", path="c.toml")) == "c.toml: no such file"
    assert str(harbour_file("size", "too big", path="c.toml")) == 'c.toml: field "size": too big'
    assert (
        str(harbour_file(None, "bad", path="c.toml", card="building 3"))
        == "c.toml: building 3: bad"
    )
    error = bremerhaven.errors.CardFileError("ships[3].lay_time", "must be 1-5, got 7")
    assert str(error) == "ships[3].lay_time: must be 1-5, got 7"
    assert (error.field, error.reason, error.path, error.card) == (
        "ships[3].lay_time",
        "must be 1-5, got 7",
        None,
        None,
    )
    record = bremerhaven.errors.RecordError("not a move", line=2, text="y" * 150)
    assert str(record).startswith("line 2: not a move (the line reads 'yyy")
    assert len(str(record)) < 150 and record.text == "y" * 150
    assert str(harbour.errors.RecordError("bad", turn=4, rule_id="R-1")) == "turn 4: [R-1] bad"
    ambiguous = harbour.errors.AmbiguousMoveError("go Ba", "Ba", ["Bakery", "Bank"])
    assert str(ambiguous) == "cannot read 'go Ba' as a move: 'Ba' could mean Bakery, Bank"
    assert ambiguous.candidates == ("Bakery", "Bank")


def test_a_new_family_is_distinct_and_named_where_it_is_bound() -> None:
    one = shared.family("One", module="one.errors", base="OneError")
    two = shared.family("One", module="one.errors", base="OneError")
    assert one.IllegalMoveError is not two.IllegalMoveError
    assert one.base.__qualname__ == "OneError" and one.base.__module__ == "one.errors"
    assert "One's" in (one.IllegalMoveError.__doc__ or "")
    assert not issubclass(one.IllegalMoveError, two.base)
