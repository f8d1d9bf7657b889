"""Bremerhaven in the rules lab: a job's game, its result line, the jobs refused, simulate."""

from __future__ import annotations

import io
import json
import math
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import bremerhaven
from bremerhaven import demo
from bremerhaven.cards import ORIGINAL, load_cards, write_cards
from bremerhaven.cards.model import Origin
from bremerhaven.cards.original import load_card_set
from bremerhaven.info import INFO, MAX_DECISIONS, start_fields
from bremerhaven.moves import Build, Move
from bremerhaven.rules import boards, cleanup, individual
from bremerhaven.rules.outcomes import resolve
from bremerhaven.scoring import scores
from bremerhaven.state import GameState, Placed
from meeplekit.demo import bot_seed
from meeplekit.lab import GameResult, Job, compare_results, play_one, run
from meeplekit.registry import load_info
from meeplekit.rng import SplitMix64

#: The fields a result line has after ``turns``: ``built``, then the ships and contracts
#: once the shared lab hands a game's start to the game (BH-LAB-2).
FIELDS = ("built", "berthed", "contracts", "fulfilled")

SHORT = bremerhaven.RulesOptions(game="short")


def by_hand(
    seed: int,
    bots: tuple[str, ...],
    options: bremerhaven.RulesOptions | None = None,
    limit: int = 10_000,
) -> tuple[GameState, GameState, list[tuple[int, Move]]]:
    """The game of a job played here, as BH-LAB-1 says: its start, its end, its moves."""
    players = [INFO.bots.make(name, bot_seed(seed, seat)) for seat, name in enumerate(bots)]
    start = state = bremerhaven.new_game(len(bots), seed=seed, options=options)
    moves: list[tuple[int, Move]] = []
    while not bremerhaven.is_over(state) and len(moves) < limit:
        seat = bremerhaven.current_player(state)
        move = players[seat].choose(bremerhaven.observe(state, seat))
        moves.append((seat, move))
        state = bremerhaven.apply_move(state, move)
    return start, state, moves


def random_game(
    players: int, seed: int, options: bremerhaven.RulesOptions | None = None
) -> tuple[GameState, GameState, list[tuple[int, Move]]]:
    """A game of uniformly random legal moves (fast: no bot looks ahead)."""
    rng = SplitMix64(seed)
    start = state = bremerhaven.new_game(players, seed=seed, options=options)
    moves: list[tuple[int, Move]] = []
    while not bremerhaven.is_over(state):
        move = rng.choice(bremerhaven.legal_moves(state))
        moves.append((bremerhaven.current_player(state), move))
        state = bremerhaven.apply_move(state, move)
    return start, state, moves


# --------------------------------------------------------------------------- jobs


@pytest.mark.rules("BH-LAB-1", "BH-LAB-2", "BH-END-3")
def test_a_job_plays_the_game_its_seeds_say() -> None:
    job = Job("bremerhaven", seed=2013, bots=("greedy", "random"))
    result = play_one(job)
    _, end, moves = by_hand(2013, job.bots)
    outcome = bremerhaven.outcome(end)
    assert result.finished and result.winners == outcome.winners
    assert result.points == outcome.points == scores(end)
    assert result.decisions == len(moves) and result.turns == end.round
    names = {card.key: card.name for card in ORIGINAL.buildings}
    built = [
        [names[m.building] for s, m in moves if s == seat and type(m) is Build] for seat in (0, 1)
    ]
    assert [list(seat) for seat in result.extra["built"]] == built
    # Built buildings are the ones standing in the harbour at the end (none is ever lost).
    for seat in (0, 1):
        standing = [b.name for b in end.players[seat].buildings if b is not None]
        assert sorted(standing) == sorted(built[seat])
    # The demo's game of the same seed and bots is the same game.
    bots = [INFO.bots.make(name, bot_seed(2013, seat)) for seat, name in enumerate(job.bots)]
    played: list[Move] = []
    after = demo.play(bremerhaven.new_game(2, seed=2013), bots, io.StringIO(), played)
    assert played == [move for _, move in moves] and after == end


@pytest.mark.rules("BH-LAB-2", "BH-INT-7", "BH-SHORT-5")
def test_the_result_line_holds_the_fields_in_order() -> None:
    options = bremerhaven.RulesOptions(game="short", leftover_contracts="ignored")
    result = play_one(
        Job("bremerhaven", seed=9, bots=("random", "random", "random"), options=options)
    )
    line = result.to_json()
    data = json.loads(line)
    assert list(data) == [
        "seed",
        "players",
        "bots",
        "options",
        "cards",
        "points",
        "winners",
        "decisions",
        "turns",
        *FIELDS,
        "finished",
    ]
    assert data["options"] == {"game": "short", "leftover_contracts": "ignored"}
    assert data["cards"] == "original v1"
    assert GameResult.from_json(line) == result
    # The short game's starting building is dealt, not built.
    start = bremerhaven.new_game(3, seed=9, options=options)
    dealt = {b.name for h in start.players for b in h.buildings if b is not None}
    assert len(dealt) == 3
    assert all(not dealt & set(seat) for seat in data["built"])


def oracle(
    start: GameState, moves: list[tuple[int, Move]], monkeypatch: pytest.MonkeyPatch
) -> dict[str, list[list[str]]]:
    """The ships berthed, contracts placed and contracts resolved complete, per seat, as the
    engine's own steps do them: its berth and placing steps and its resolution, watched."""
    seats = start.seats
    found: dict[str, list[list[str]]] = {
        name: [[] for _ in range(seats)] for name in ("berthed", "contracts", "fulfilled")
    }
    for seat in range(seats):
        found["contracts"][seat] += [p.card.name for p in start.players[seat].loading if p]
    berth, place = boards._Berth.apply, boards._Contract.apply

    def berthing(step: Any, work: Any, pending: Any, move: Any) -> None:
        found["berthed"][pending.seat].append(pending.card.name)
        berth(step, work, pending, move)

    def placing(step: Any, work: Any, pending: Any, move: Any) -> None:
        found["contracts"][pending.seat].append(pending.card.name)
        place(step, work, pending, move)

    def resolving(work: Any, seat: int, placed: Placed, rule_id: str) -> None:
        if seat < seats and sum(placed.delivered) == len(placed.card.goods):
            found["fulfilled"][seat].append(placed.card.name)
        resolve(work, seat, placed, rule_id)

    with monkeypatch.context() as patch:
        patch.setattr(boards._Berth, "apply", berthing)
        patch.setattr(boards._Contract, "apply", placing)
        patch.setattr(individual, "resolve", resolving)  # when due (BH-TIME-3)
        patch.setattr(cleanup, "resolve", resolving)  # at the end (BH-END-2)
        state = start
        for _, move in moves:
            state = bremerhaven.apply_move(state, move)
    return found


def kinds() -> Iterator[tuple[int, bremerhaven.RulesOptions]]:
    for players in (1, 2, 3, 4):
        yield players, bremerhaven.RulesOptions()
        yield players, SHORT
    yield 3, bremerhaven.RulesOptions(leftover_contracts="ignored")


@pytest.mark.rules("BH-LAB-2", "BH-LAB-3", "BH-SEA-2", "BH-LAND-2", "BH-SETUP-9", "BH-TIME-3")
@pytest.mark.rules("BH-END-2", "BH-ENGINE-7", "BH-ENGINE-14", "BH-SOLO-11")
def test_the_ships_and_contracts_are_those_the_engine_berthed_placed_and_resolved(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    totals = dict.fromkeys(("berthed", "contracts", "fulfilled", "by the engine"), 0)
    for players, options in kinds():
        for seed in range(3):
            start, end, moves = random_game(players, seed, options)
            fields = start_fields(start, end, ORIGINAL, moves)
            expected = oracle(start, moves, monkeypatch)
            for name, per_seat in expected.items():
                assert [list(seat) for seat in fields[name]] == per_seat, (players, seed, name)
                totals[name] += sum(map(len, per_seat))
            berths = sum(type(m) is bremerhaven.Berth for _, m in moves)
            totals["by the engine"] += sum(map(len, fields["berthed"])) - berths
            for seat in range(start.seats):
                assert set(fields["fulfilled"][seat]) <= set(fields["contracts"][seat])
    # The sweep met every case: ships berthed by the engine as one-answer decisions (which
    # no move names), and contracts fulfilled.
    assert totals["by the engine"] > 0 and totals["fulfilled"] > 0
    assert totals["contracts"] > totals["fulfilled"]


@pytest.mark.rules("BH-LAB-2")
def test_the_shared_lab_writes_the_ships_and_contracts_from_the_start() -> None:
    job = Job("bremerhaven", seed=4, bots=("random", "random"))
    result = play_one(job)
    assert tuple(result.extra) == FIELDS
    start, end, moves = by_hand(4, job.bots)
    assert result.extra == {**result.extra, **start_fields(start, end, ORIGINAL, moves)}


@pytest.mark.rules("BH-LAB-2")
def test_a_game_past_its_decision_limit_is_written_unfinished() -> None:
    assert INFO.max_decisions == MAX_DECISIONS
    assert Job("bremerhaven", seed=1, bots=("random", "random")).max_decisions == MAX_DECISIONS
    result = play_one(Job("bremerhaven", seed=7, bots=("random", "greedy"), max_decisions=30))
    _, state, _ = by_hand(7, ("random", "greedy"), limit=30)
    assert not bremerhaven.is_over(state)
    assert not result.finished and result.winners == () and result.decisions == 30
    assert result.points == scores(state) and result.turns == state.round
    assert '"finished":false' in result.to_json()
    assert GameResult.from_json(result.to_json()) == result


@pytest.mark.rules("BH-LAB-1")
def test_the_search_bot_plays_with_its_playouts() -> None:
    job = Job("bremerhaven", seed=5, bots=("ismcts", "random"), playouts=3, max_decisions=20)
    result = play_one(job)
    assert result.bots == ("ismcts", "random") and result.decisions == 20
    assert run([job], workers=2) == [result]


@pytest.mark.rules("BH-LAB-3", "BH-ENGINE-13", "BH-SOLO-18", "BH-ENGINE-12")
def test_the_solo_game_has_one_seat_that_wins_above_1250() -> None:
    results = run([Job("bremerhaven", seed=s, bots=("greedy",)) for s in range(3)])
    for seed, result in enumerate(results):
        _, end, moves = by_hand(seed, ("greedy",))
        assert end.solo and result.players == 1 and len(result.points) == 1
        assert result.points == scores(end) and result.decisions == len(moves)
        assert result.winners == ((0,) if result.points[0] > 1250 else ())
        assert all(len(result.extra[name]) == 1 for name in FIELDS)
    # A random player never beats the game: its seat wins nothing.
    assert play_one(Job("bremerhaven", seed=1, bots=("random",))).winners == ()


@pytest.mark.rules("BH-LAB-1", "BH-COMP-1")
def test_jobs_the_game_refuses_are_refused_when_made() -> None:
    Job("bremerhaven", seed=1, bots=("random",))  # the solo game
    cases: list[tuple[dict[str, object], str]] = [
        ({"bots": ("random",) * 5}, "a game seats 1 to 4 bots, got 5"),
        ({"bots": ()}, "a game seats 1 to 4 bots, got 0"),
        ({"bots": ("random", "clever")}, "unknown bot 'clever': choose from random, greedy"),
        ({"bots": ("random", "random"), "options": {"game": "short"}}, "RulesOptions"),
        ({"bots": ("random", "random"), "variant": "original"}, "cards must be a CardSet"),
    ]
    for fields, message in cases:
        with pytest.raises(ValueError, match=message):
            Job("bremerhaven", seed=1, **fields)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown bot"):
        INFO.bots.make("clever", 1)
    assert load_info("bremerhaven") is INFO


# --------------------------------------------------------------------------- the card set


def card_file(tmp_path: Path, name: str = "my copy") -> Path:
    """The original set's values in a card file of another name."""
    text = write_cards(ORIGINAL).replace('name = "original v1"', f'name = "{name}"')
    path = tmp_path / "copy.toml"
    path.write_text(text.replace('origin = "original"\n', ""), encoding="utf-8")
    return path


@pytest.mark.rules("BH-LAB-4", "BH-CARD-14", "BH-CARD-15")
def test_the_card_set_is_the_variant(tmp_path: Path) -> None:
    assert load_card_set("original") is ORIGINAL and INFO.default_variant is ORIGINAL
    path = card_file(tmp_path)
    copy = load_card_set(str(path))
    assert copy == load_cards(path) and copy.origin is Origin.FILE and copy.name == "my copy"
    bots = ("random", "greedy")
    base = play_one(Job("bremerhaven", seed=3, bots=bots))
    other = play_one(Job("bremerhaven", seed=3, bots=bots, variant=copy))
    assert base.variant == ("cards", "original v1") and other.variant == ("cards", "my copy")
    # The same values deal and play the same game: only the set's name differs.
    assert attrs.evolve(other, variant=base.variant) == base
    for text in ("originl", str(tmp_path / "none.toml")):
        with pytest.raises(bremerhaven.InvalidValueError, match="neither 'original' nor a card"):
            load_card_set(text)
    bad = tmp_path / "bad.toml"
    bad.write_text(path.read_text("utf-8").replace("lay_time = 2", "lay_time = 9", 1), "utf-8")
    with pytest.raises(bremerhaven.CardFileError, match=r"ships\[0\]\.lay_time"):
        load_card_set(str(bad))


@pytest.mark.rules("BH-LAB-4")
def test_a_comparison_counts_the_buildings_built() -> None:
    jobs = [Job("bremerhaven", seed=s, bots=("greedy", "random")) for s in range(3)]
    results = run(jobs)
    comparison = compare_results(["baseline"], [results], game="bremerhaven")
    assert comparison.purchases == "built" and comparison.purchase_noun == "building"
    rates = comparison.variants[0].purchase_rates
    for name, rate in rates.items():
        games = sum(any(name in seat for seat in r.extra["built"]) for r in results)
        assert rate == games / 3
    assert set(rates) == {n for r in results for seat in r.extra["built"] for n in seat}


# --------------------------------------------------------------------------- simulate


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval, written out here (z = 1.959964)."""
    z, p = 1.959964, wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@pytest.mark.rules("BH-CLI-8", "BH-LAB-1", "BH-LAB-2")
def test_simulate_writes_the_same_json_lines_with_one_and_two_workers(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from meeplekit.cli.app import command as game_command

    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    args = ["simulate", "--games", "4", "--players", "3", "--seed", "11", "--bot", "random"]
    runner = CliRunner(env={"COLUMNS": "100"})
    first = runner.invoke(game_command("bremerhaven"), [*args, "--out", str(one)])
    assert first.exit_code == 0, first.output
    second = runner.invoke(
        game_command("bremerhaven"), [*args, "--out", str(two), "--workers", "2"]
    )
    assert second.exit_code == 0, second.output
    assert one.read_bytes() == two.read_bytes()
    lines = one.read_text("utf-8").splitlines()
    results = [GameResult.from_json(line) for line in lines]
    assert [r.seed for r in results] == list(range(11, 15))
    assert results == run([Job("bremerhaven", seed=s, bots=("random",) * 3) for s in range(11, 15)])
    # The seat table: each seat's wins, win rate with its Wilson interval, mean points.
    table = first.stdout
    assert "4 games" in table and "95% interval" in table and "mean points" in table
    for seat in range(3):
        wins = sum(seat in r.winners for r in results)
        low, high = wilson(wins, 4)
        mean = sum(r.points[seat] for r in results) / 4
        row = (
            rf"^\s*{seat + 1}\s+random\s+{wins}\s+{wins / 4:.1%}\s+{low:.1%} to {high:.1%}"
            rf"\s+{mean:.2f}\s*$"
        )
        assert re.search(row, table, re.MULTILINE), (row, table)
