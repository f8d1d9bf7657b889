"""``harbour play``, ``replay``, ``cards`` and ``rule`` through Click's test runner."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("click")
pytest.importorskip("rich")

from click.testing import CliRunner

import harbour
from harbour.agents.bots import GreedyBot, RandomBot
from harbour.cards import ORIGINAL_SET
from harbour.cards.describe import describe_building
from harbour.demo import bot_seed
from harbour.info import INFO
from harbour.interchange.records import write_record
from harbour.specification import SPECIFICATION
from meeplekit.cli import play as shared_play
from meeplekit.cli.app import command as game_command
from tests.support.harbour import greedy_game, play, spec_ids

command = game_command("harbour")
rule_ids, clause = SPECIFICATION.rule_ids, SPECIFICATION.clause


def play_game(start: harbour.GameState, seat: int, bots: Any, ask: Any, say: Any) -> Any:
    """The shared play loop on Harbour, the game's seed its own (``harbour play``'s)."""
    return shared_play.play_game(INFO, start, seat, bots, ask, say, seed=start.seed)


def run(args: list[str], text: str = "") -> tuple[int, str]:
    # A wide terminal, so that rich's tables do not wrap names.
    result = CliRunner(env={"COLUMNS": "200"}).invoke(command, args, input=text)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def flat(text: str) -> str:
    """The text with its line wrapping undone."""
    return " ".join(text.split())


@pytest.mark.rules("TURN-6", "END-3")
def test_play_a_whole_game_from_the_terminal_with_an_illegal_try_and_a_retry() -> None:
    answers = "go #0\n" + "1\n" * 400
    code, out = run(["play", "--players", "2", "--seed", "3", "--bot", "random"], answers)
    assert code == 0, out
    assert "Not allowed: [TURN-6] Player 1 is choosing starting goods" in out
    assert "Final scores:" in out and "Winner:" in out
    # The same game, played directly: the human always takes the first legal move.
    state = harbour.new_game(2, seed=3)
    bot = RandomBot(bot_seed(3, 1))
    while not state.is_over:
        seat = harbour.current_player(state)
        move = (
            harbour.legal_moves(state)[0] if seat == 0 else bot.choose(harbour.observe(state, seat))
        )
        state = harbour.apply_move(state, move)
    assert flat(harbour.views.narrate.describe_outcome(state)) in flat(out)


@pytest.mark.rules("OBS-3", "BONUS-3")
def test_the_human_sees_only_their_own_secrets() -> None:
    start = harbour.new_game(2, seed=8, options=harbour.RulesOptions(bonus_cards=True))
    shown: list[str] = []
    play_game(start, 0, [None, GreedyBot(1)], lambda prompt: "quit", shown.append)
    text = "\n".join(shown)
    assert harbour.render(start, viewer=0) in text
    assert "You left the game." in text
    other = start.cards.bonus_cards[start.players[1].bonus_card].name  # type: ignore[index]
    mine = start.cards.bonus_cards[start.players[0].bonus_card].name  # type: ignore[index]
    if other != mine:
        assert other not in text


def test_undo_takes_back_the_humans_last_decision() -> None:
    start = harbour.new_game(2, seed=5)
    answers = iter(["undo", "start 3F", "undo", "start 2F L", "quit"])
    shown: list[str] = []
    end = play_game(start, 0, [None, GreedyBot(2)], lambda prompt: next(answers), shown.append)
    assert "You have no decision to take back." in shown
    assert "Your last decision is taken back." in shown
    # After the undo the second choice stands: the state is the one after move 2 (and
    # the bot's answers after it, up to the human's next decision).
    first = harbour.apply_move(start, harbour.legal_moves(start)[1])
    assert end.players[0].goods == first.players[0].goods


@pytest.mark.rules("REC-1")
def test_replay_checks_and_narrates_a_record(tmp_path: Path) -> None:
    start, moves = greedy_game(2, 4)
    state = play(start, *moves)
    record = tmp_path / "game.rec"
    record.write_text(write_record(harbour.new_game(2, seed=4), moves), encoding="utf-8")
    code, out = run(["replay", str(record)])
    assert code == 0, out
    assert flat(harbour.views.narrate.describe_outcome(state)) in flat(out)
    half = tmp_path / "half.rec"
    half.write_text(write_record(harbour.new_game(2, seed=4), moves[:10]), encoding="utf-8")
    code, out = run(["replay", str(half)])
    assert code == 0 and "stops after 10 moves" in out
    broken = tmp_path / "broken.rec"
    broken.write_text(record.read_text().replace('[Seed "4"]', '[Seed "5"]'), encoding="utf-8")
    code, out = run(["replay", str(broken)])
    assert code == 1 and out.startswith("Error: ") and len(out.strip().splitlines()) == 1


def test_cards_lists_the_set_and_shows_one_card() -> None:
    code, out = run(["cards"])
    assert code == 0
    for building in ORIGINAL_SET.buildings:
        assert building.name in out
    first = ORIGINAL_SET.buildings[0]
    code, out = run(["cards", first.name.upper()])
    assert code == 0 and describe_building(first) in " ".join(out.split())
    code, out = run(["cards", first.name[:-1] + "x"])
    assert code == 1 and f"did you mean {first.name}" in out


@pytest.mark.rules("INT-3", "TOLL-2")
def test_rule_prints_the_clause_and_suggests_close_ids() -> None:
    assert set(rule_ids()) == spec_ids()
    code, out = run(["rule", "int-3"])
    assert code == 0
    assert out.startswith("INT-3: Re-entry order of several shipped goods\n")
    assert "Alternatives. ReentryOrder.KEPT" in flat(out)
    assert "INT-4" not in out
    assert clause("TOLL-2") is not None and clause("TOLL-2").startswith("### TOLL-2")  # type: ignore[union-attr]
    code, out = run(["rule", "TOLL-22"])
    assert code == 1 and "did you mean TOLL-2" in out
