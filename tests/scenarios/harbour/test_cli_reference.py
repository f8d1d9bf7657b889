"""``harbour cards``, ``rule`` and ``replay`` for people; tables at 80 columns; shared options."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

pytest.importorskip("click")
pytest.importorskip("rich")

import attrs
import click
from click.testing import CliRunner, Result
from rich.console import Console
from rich.table import Table

import harbour
from harbour.cards import ORIGINAL_SET
from harbour.cards.describe import describe_bonus_card, describe_building
from harbour.cards.model import CardSet
from harbour.cli.pieces import bonus_card_table, building_table, character_table, find_cards
from harbour.demo import build_parser
from harbour.interchange.records import write_record
from harbour.specification import RULEBOOKS, SPECIFICATION
from meeplekit.cli.app import command as game_command
from meeplekit.demo import option_flag
from tests.support.harbour import EVERY_ABILITY_SET, greedy_game, spec_ids
from tests.support.harbour import play as play_moves

command = game_command("harbour")
play, simulate, compare = (command.commands[name] for name in ("play", "simulate", "compare"))
#: The fields of Harbour's readings, one option each.
READING_FIELDS = attrs.fields(harbour.RulesOptions)
rule_ids, rule_titles = SPECIFICATION.rule_ids, SPECIFICATION.rule_titles
clause, clause_text = SPECIFICATION.clause, SPECIFICATION.clause_text


def invoke(args: list[str], columns: int = 100) -> Result:
    result = CliRunner(env={"COLUMNS": str(columns)}).invoke(command, args)
    assert "Traceback" not in result.output
    return result


def flat(text: str) -> str:
    """The text with its line wrapping undone."""
    return " ".join(text.split())


# --------------------------------------------------------------------------- harbour cards


@pytest.mark.rules("CHAR-1", "BONUS-2")
def test_cards_shows_a_character_or_a_bonus_card_by_name() -> None:
    tinker = next(c for c in ORIGINAL_SET.characters if c.name == "Tinker")
    result = invoke(["cards", "tinker"])
    assert result.exit_code == 0
    text = flat(result.output)
    assert text.startswith("Tinker (character board) Ability: " + tinker.text)
    assert "Starting building (symbols: coin): Gain 1 wood and 1 good of your choice" in text
    assert "ABIL-11" in text
    ledger = ORIGINAL_SET.bonus_cards[0]
    result = invoke(["cards", "FISH LEDGER"])
    assert result.exit_code == 0
    assert flat(result.output).startswith(
        f"Fish Ledger (bonus point card): {describe_bonus_card(ledger)} at the end."
    )


def test_cards_finds_a_name_by_its_start_and_suggests_the_others() -> None:
    kiln = invoke(["cards", "Kiln"])
    assert kiln.exit_code == 0
    building = next(b for b in ORIGINAL_SET.buildings if b.name == "Kiln Works")
    assert flat(kiln.output).startswith(describe_building(building))
    for typed, suggested in [
        ("harbour", "Harbour Crier, Harbourmaster's House, Harbour Gossip"),
        ("ledger", "Fish Ledger, Livestock Ledger, Wood Ledger, Stone Ledger"),
        ("smokehose", "Smokehouse"),
        ("fishmongers row", None),  # apostrophes do not matter: found
    ]:
        result = invoke(["cards", typed])
        if suggested is None:
            assert result.exit_code == 0 and "Fishmonger's Row" in result.output
            continue
        assert result.exit_code == 1
        assert f"did you mean {suggested}?" in flat(result.output), result.output
    result = invoke(["cards", "zeppelin"])
    assert result.exit_code == 1
    assert flat(result.output) == (
        "Error: Harbour library original set has no building, character or bonus point card "
        "named 'zeppelin' ('harbour cards' lists them)"
    )


def test_find_cards_prefers_a_whole_name_to_a_start() -> None:
    found, suggestions = find_cards(ORIGINAL_SET, "rope walk")
    assert [c.name for c in found] == ["Rope Walk"] and suggestions == ()
    assert find_cards(ORIGINAL_SET, "  ") == ((), ())


def table_words(table: Table) -> set[str]:
    """Every word a table's title, headers and cells hold."""
    words = set(str(table.title).split())
    for column in table.columns:
        words.update(str(column.header).split())
        for cell in column.cells:
            words.update(str(cell).split())
    return words


def rendered(table: Table, width: int) -> str:
    console = Console(width=width, file=io.StringIO(), record=True, highlight=False)
    console.print(table)
    return console.export_text()


@pytest.mark.parametrize("width", [80, 100, 120])
@pytest.mark.parametrize("cards", [ORIGINAL_SET, EVERY_ABILITY_SET], ids=["original", "every"])
def test_card_tables_fit_the_width_without_breaking_a_word(width: int, cards: CardSet) -> None:
    for make in (building_table, character_table, bonus_card_table):
        table = make(cards, width)
        text = rendered(table, width)
        assert max(len(line) for line in text.splitlines()) <= width
        words = table_words(table)
        for token in text.split():
            assert token in words or set(token) <= set("─"), (make.__name__, token)


def test_cards_lists_every_kind_of_card_in_80_columns() -> None:
    result = invoke(["cards"], columns=80)
    assert result.exit_code == 0
    assert max(len(line) for line in result.output.splitlines()) <= 80
    text = flat(result.output)
    tokens = set(text.split())
    names = [b.name for b in ORIGINAL_SET.buildings] + [c.name for c in ORIGINAL_SET.characters]
    for name in [*names, *(c.name for c in ORIGINAL_SET.bonus_cards)]:
        assert set(name.split()) <= tokens  # a long name wraps in its cell
    for kind in ("buildings", "characters", "bonus point cards"):
        assert f"{ORIGINAL_SET.name}: {kind}" in text


def test_the_lab_tables_fit_80_columns(tmp_path: Path) -> None:
    runner = CliRunner(env={"COLUMNS": "80"})
    for args in (
        ["simulate", "--games", "3", "--players", "4", "--max-decisions", "40"],
        [
            *("compare", "--games", "3", "--players", "4", "--max-decisions", "200"),
            *("--variant", "reentry=kept"),
            *("--variant", "last-round=all-players,tie-break=buildings-only"),
        ],
    ):
        result = runner.invoke(command, args)
        assert result.exit_code == 0, result.output
        shown = result.stderr if args[0] == "simulate" else result.stdout
        assert "seat" in shown and "win rate" in shown
        assert max(len(line) for line in shown.splitlines()) <= 80, shown


# --------------------------------------------------------------------------- harbour rule

_MARKUP = re.compile(r"\{\w+\}`|\*\*[A-Za-z]|`|\\\$|^\(.*\)=$|\d{3}_[0-9a-f]{16}\.txt", re.M)


@pytest.mark.rules("INT-3", "COMP-1")
def test_rule_prints_plain_text_naming_the_rulebooks() -> None:
    result = invoke(["rule", "int 3"], columns=60)
    assert result.exit_code == 0
    out = result.output
    assert out.startswith("INT-3: Re-entry order of several shipped goods\n\nTexts. ")
    assert max(len(line) for line in out.splitlines()) <= 60
    assert not _MARKUP.search(out)
    text = flat(out)
    assert (
        "Texts. The earlier English Harbour rulebook (Kickstarter edition), lines 68 and 70–72, "
        "gives" in text
    )
    assert 'The Harbour rulebook (English retail edition), line 128: "Now, from left to' in text
    assert 'the German Harbour rulebook (Frosted Games, 2015), line 180: "Nun' in text
    assert "(Kickstarter edition), lines 70–72, MARKET-2)." in text  # a {ref} shows its ID
    assert "Alternatives. ReentryOrder.KEPT: the shipped goods" in text
    assert set(RULEBOOKS) == {"000_37065cbbf5c8ad29.txt", "001_b9b444bae8799a5c.txt",
                              "002_a61165ec392d9b3b.txt",
                              "research/harbour-official-data.md"}  # fmt: skip


def test_every_clause_reads_as_plain_text() -> None:
    for rule_id in rule_ids():
        markdown, text = clause(rule_id), clause_text(rule_id, 80)
        assert markdown is not None and text is not None
        assert text.startswith(f"{rule_id}: "), rule_id
        found = _MARKUP.search(text)
        assert found is None, (rule_id, found)
        for line in text.splitlines():  # a code block keeps its lines
            assert len(line) <= 80 or line.startswith("    "), (rule_id, line)
    assert clause_text("NO-1") is None


def test_rule_without_an_id_lists_every_clause() -> None:
    result = invoke(["rule"])
    assert result.exit_code == 0
    listed = re.findall(r"^  - ([A-Z]+-\d+): (.*)$", result.output, re.MULTILINE)
    assert [rule_id for rule_id, _ in listed] == rule_ids()
    assert set(rule_ids()) == spec_ids()
    assert dict(listed) == dict(rule_titles())
    assert "Rules specification:" in result.output and "Interpretations:" in result.output
    result = invoke(["rule", "TOLL-22"])
    assert result.exit_code == 1 and "did you mean TOLL-2" in result.output
    assert "'harbour rule' lists them" in result.output


# --------------------------------------------------------------------------- harbour replay


@pytest.mark.rules("REC-4", "END-3")
def test_replay_names_players_in_a_result_that_is_not_the_games(tmp_path: Path) -> None:
    start, moves = greedy_game(2, 4)
    final = harbour.outcome(play_moves(start, *moves))
    text = write_record(start, moves)
    loser = next(s for s in range(2) if s not in final.winners)
    wrong = text.replace(
        f'[Winners "{" ".join(str(w + 1) for w in final.winners)}"]', f'[Winners "{loser + 1}"]'
    )
    assert wrong != text
    path = tmp_path / "wrong.rec"
    path.write_text(wrong, encoding="utf-8")
    result = invoke(["replay", str(path)])
    assert result.exit_code == 1
    scores = ", ".join(f"Player {s + 1} {p} VP" for s, p in enumerate(final.points))
    winners = " and ".join(f"Player {w + 1}" for w in final.winners)
    message = flat(result.output)
    assert message.startswith(f"Error: {path}: line ")  # the line of the Winners tag
    assert message.endswith(
        f"the record states scores: {scores}, winner Player {loser + 1}; the game "
        f"gives: {scores}, winner{'s' if len(final.winners) > 1 else ''} {winners}"
    )
    assert "(0" not in result.output and "(1" not in result.output


# --------------------------------------------------------------------------- shared options


def test_the_demo_and_the_command_share_option_names_and_defaults() -> None:
    demo = build_parser()
    demo_flags = {flag for action in demo._actions for flag in action.option_strings}
    for cmd in (play, simulate, compare):
        flags = {flag for param in cmd.params for flag in [*param.opts, *param.secondary_opts]}
        for field in READING_FIELDS:
            name = option_flag(field.name)
            assert f"--{name}" in flags and f"--{name}" in demo_flags, (cmd.name, name)
            if not isinstance(field.default, str) and isinstance(field.default, bool):
                assert f"--no-{name}" in flags and f"--no-{name}" in demo_flags
        for shared in ("--players", "--seed", "--bot"):
            assert shared in flags and shared in demo_flags
        players = next(p for p in cmd.params if p.name == "players")
        assert players.default == demo.parse_args([]).players == 3
    assert "--record" in demo_flags
    assert any("--record" in p.opts for p in play.params)
    # The demo's first spelling still works, and is no longer advertised.
    assert demo.parse_args(["--no-reshuffle"]).reshuffle_display is False
    assert "--no-reshuffle " not in demo.format_help().replace("--no-reshuffle-display", "")
    help_text = flat(invoke(["play", "--help"]).output)
    assert "--players INTEGER RANGE 2 to 4 [default: 3; 2<=x<=4]" in help_text
    assert isinstance(play, click.Command)
