"""Golden outputs: every refusal sentence, every setup error and every event, checked in.

The reasons a move is refused and the events a move reports are the library's answers to
its users, and a wrong word or number in them is a bug as much as a wrong move. These tests
compare them with files under ``tests/scenarios/harbour/golden/``; when a change is meant, rewrite
the files with ``HARBOUR_WRITE_GOLDEN=1 python -m pytest tests/scenarios/harbour/test_golden_outputs.py``
and read the diff before committing it.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import attrs
import pytest

import harbour
from harbour.cards.describe import describe_effect
from harbour.cards.original import ORIGINAL_SET
from meeplekit.rng import SplitMix64
from tests.support.harbour import EVERY_ABILITY_SET
from tests.support.harbour_checks import candidate_moves, in_game

GOLDEN = Path(__file__).resolve().parent / "golden"
Opt = harbour.RulesOptions
#: The games the goldens play: players, readings, card set. Fixed here (not drawn from the
#: sweep), so that a new option does not change them.
GAMES: tuple[tuple[int, harbour.RulesOptions, harbour.cards.CardSet], ...] = (
    (2, Opt(), ORIGINAL_SET),
    (3, Opt(characters=True, bonus_cards=True, inland_traders=True), EVERY_ABILITY_SET),
    (4, Opt(characters=True, buying=harbour.BuyRule.MANDATORY), EVERY_ABILITY_SET),
    (2, Opt(unpayable_toll=harbour.UnpayableToll.FORGIVEN, ship_without_buying=True), ORIGINAL_SET),
    (3, Opt(coin_discount=harbour.CoinDiscount.ONCE_PER_ACTION, first_game=True), ORIGINAL_SET),
    (4, Opt(warehouse_keep=harbour.WarehouseKeep.ONE_PER_GOOD, reentry="kept"), ORIGINAL_SET),
    (
        3,
        Opt(characters=True, alchemist="two-for-one", beggar="any-starting-building"),
        EVERY_ABILITY_SET,
    ),
    (
        2,
        Opt(characters=True, purchase_limit="per-turn", empty_deck="last-round"),
        EVERY_ABILITY_SET,
    ),
    (
        4,
        Opt(last_round="all-players", tie_break="buildings-only", inland_traders=True),
        ORIGINAL_SET,
    ),
    (3, Opt(characters=True, alchemist="one-for-two", buying="mandatory"), EVERY_ABILITY_SET),
    (
        2,
        Opt(inland_traders=True, inland_traders_two_players=True, market_from_bonus_cards=True),
        ORIGINAL_SET,
    ),
    (
        3,
        Opt(characters=True, unpayable_toll="forgiven", reshuffle_display=False),
        EVERY_ABILITY_SET,
    ),
)


def check_golden(name: str, lines: list[str]) -> None:
    path = GOLDEN / name
    text = "\n".join(lines) + "\n"
    if os.environ.get("HARBOUR_WRITE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = "".join(
            list(
                difflib.unified_diff(
                    expected.splitlines(keepends=True),
                    text.splitlines(keepends=True),
                    str(path.name),
                    "now",
                )
            )[:60]
        )
        pytest.fail(f"{name} differs from the golden file:\n{diff}")


def start(index: int, seed: int) -> harbour.GameState:
    players, options, cards = GAMES[index % len(GAMES)]
    return harbour.new_game(players, seed=seed, options=options, cards=cards)


def played(index: int) -> list[harbour.GameState]:
    """Every position of golden game ``index`` (seeded by it), played by its own generator."""
    state = start(index, index)
    rng = SplitMix64(index ^ 0x601DE)
    states = [state]
    while not harbour.is_over(state):
        state = harbour.apply_move_unchecked(state, rng.choice(harbour.legal_moves(state)))
        states.append(state)
    return states


@pytest.mark.rules("TURN-6")
def test_every_refusal_sentence_is_the_golden_one() -> None:
    seen: set[str] = set()
    for index in range(4 * len(GAMES)):
        for number, state in enumerate(played(index)):
            if number % 5:
                continue
            for move in candidate_moves(state):
                if not in_game(state, move):
                    continue
                found = harbour.explain(state, move)
                if found is not None:
                    seen.add(f"{found.rule_id} | {found.reason}")
    check_golden("refusals.txt", sorted(seen))


def setup_errors() -> list[str]:
    """The messages ``new_game`` refuses bad arguments with."""
    few_boards = attrs.evolve(ORIGINAL_SET, characters=ORIGINAL_SET.characters[:5])
    few_bonus = attrs.evolve(ORIGINAL_SET, bonus_cards=ORIGINAL_SET.bonus_cards[:2])
    few_buildings = attrs.evolve(ORIGINAL_SET, buildings=ORIGINAL_SET.buildings[:6])
    no_trio = attrs.evolve(
        ORIGINAL_SET,
        buildings=tuple(attrs.evolve(b, first_game=False) for b in ORIGINAL_SET.buildings),
    )
    buyers = tuple(b for b in ORIGINAL_SET.buildings if b.shows_buy_symbol)
    plain = tuple(b for b in ORIGINAL_SET.buildings if not b.shows_buy_symbol)
    all_buy = attrs.evolve(ORIGINAL_SET, buildings=buyers + plain[:2])
    cases: list[tuple[object, dict[str, object]]] = [
        (1, {}),
        (5, {}),
        ("3", {}),
        (3, {"seed": -1}),
        (3, {"seed": 2**64}),
        (3, {"options": "default"}),
        (3, {"cards": "original"}),
        (2, {"options": harbour.RulesOptions(characters=True, first_game=True)}),
        (4, {"options": harbour.RulesOptions(characters=True), "cards": few_boards}),
        (3, {"options": harbour.RulesOptions(bonus_cards=True), "cards": few_bonus}),
        (2, {"options": harbour.RulesOptions(inland_traders=True)}),
        (4, {"cards": few_buildings}),
        (2, {"options": harbour.RulesOptions(first_game=True), "cards": no_trio}),
        (4, {"cards": all_buy}),
        (2, {"options": harbour.RulesOptions(market_from_bonus_cards=True), "cards": few_bonus}),
    ]
    out = []
    for players, kwargs in cases:
        kwargs.setdefault("seed", 1)
        try:
            harbour.new_game(players, **kwargs)  # type: ignore[arg-type]
        except harbour.InvalidValueError as error:
            out.append(f"new_game({players!r}, {sorted(kwargs)}): {error}")
        else:  # pragma: no cover - every case is refused
            out.append(f"new_game({players!r}, {sorted(kwargs)}): accepted")
    return out


@pytest.mark.rules("SETUP-1", "SETUP-2", "SETUP-5", "CHAR-2", "BONUS-1", "BONUS-4", "INT-37")
def test_every_setup_error_is_the_golden_one() -> None:
    check_golden("setup_errors.txt", setup_errors())


def shown(event: harbour.events.Event) -> str:
    """An event's class and fields, an action given by its text rather than its repr."""
    parts = []
    for field in attrs.fields(type(event)):
        value = getattr(event, field.name)
        if attrs.has(type(value)) and type(value).__module__ == "harbour.cards.effects":
            value = describe_effect(value)
        elif isinstance(value, harbour.Goods):
            value = value.describe()
        parts.append(
            f"{field.name}={value!r}" if not isinstance(value, str) else f"{field.name}={value}"
        )
    return f"{type(event).__name__}({', '.join(parts)})"


@pytest.mark.rules("TURN-5", "END-1", "END-2")
def test_every_event_is_the_golden_one() -> None:
    lines: list[str] = []
    for index in (0, 1, 2, 6, 7, 10):
        state = start(index, 1000 + index)
        rng = SplitMix64(index ^ 0xE7E27)
        decision = 0
        while not harbour.is_over(state):
            move = rng.choice(harbour.legal_moves(state))
            state, events = harbour.apply_move_with_events(state, move)
            lines.extend(f"{index}.{decision} {shown(event)}" for event in events)
            decision += 1
    check_golden("events.txt", lines)
