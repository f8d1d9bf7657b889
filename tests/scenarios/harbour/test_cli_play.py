"""``harbour play`` as a player meets it: a secret seed, a record, the menu, help and errors."""

from __future__ import annotations

import contextlib
import re
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("click")
pytest.importorskip("rich")

from click.testing import CliRunner, Result

import harbour
from harbour.agents.bots import GreedyBot, RandomBot
from harbour.cards import ORIGINAL_SET
from harbour.cards.describe import describe_building
from harbour.cli.pieces import menu_label
from harbour.demo import bot_seed
from harbour.info import INFO
from harbour.interchange.records import read_record, replay
from harbour.state import PendingCharacter, PendingFreeBuilding
from harbour.views.narrate import describe_setup
from meeplekit.cli import play as shared_play
from meeplekit.cli.app import command as game_command
from meeplekit.cli.common import wrap
from tests.support.screens import play_on_screen

command = game_command("harbour")

#: What the human may answer, shown by ``help`` (and ``?``).
COMMANDS = shared_play.commands_help(INFO)


def play_game(
    start: harbour.GameState, seat: int, bots: Any, ask: Any, say: Any, **kw: Any
) -> harbour.GameState:
    """The shared play loop on Harbour, the game's seed its own (``harbour play``'s)."""
    end: harbour.GameState = shared_play.play_game(
        INFO, start, seat, bots, ask, say, seed=start.seed, **kw
    )
    return end


SECRET = 16090872695700986867


def invoke(args: list[str], text: str = "", columns: int = 100) -> Result:
    result = CliRunner(env={"COLUMNS": str(columns)}).invoke(command, args, input=text)
    assert "Traceback" not in result.output
    return result


def flat(text: str) -> str:
    """The text with its line wrapping undone."""
    return " ".join(text.split())


def answers(*texts: str) -> Iterator[str]:
    yield from texts


# --------------------------------------------------------------------------- the seed


@pytest.mark.rules("SETUP-7")
def test_a_secret_seed_is_shown_only_when_the_game_is_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(secrets, "randbits", lambda bits: SECRET)
    result = invoke(["play", "--bonus-cards"], "1\nundo\nhelp\ntable\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.output
    left = out.index("You left the game.")
    assert str(SECRET) not in out[:left]
    assert out.startswith("Harbour for 3 players, card set 'Harbour library original set'.\n")
    assert (
        out[left:]
        .rstrip()
        .endswith(f"The game's seed was {SECRET} (--seed {SECRET} deals it again).")
    )
    # A seed the player gives is no secret: it is shown at once, and not again.
    given = invoke(["play", "--seed", "5"], "quit\n").output
    assert given.startswith("Harbour for 3 players, seed 5, card set ")
    assert "The game's seed was" not in given


@pytest.mark.rules("SETUP-7")
def test_the_setup_leaves_the_seed_out_only_when_asked() -> None:
    state = harbour.new_game(3, seed=SECRET)
    shown, hidden = describe_setup(state), describe_setup(state, show_seed=False)
    assert f"seed {SECRET}" in shown and str(SECRET) not in hidden
    assert hidden.splitlines()[1:] == shown.splitlines()[1:]
    assert shown.splitlines()[0].replace(f" seed {SECRET},", "") == hidden.splitlines()[0]


def test_the_seed_is_shown_at_the_end_of_a_whole_game() -> None:
    start = harbour.new_game(2, seed=SECRET)
    shown: list[str] = []
    moves: list[harbour.Move] = []
    end = play_game(
        start,
        0,
        [None, GreedyBot(1)],
        lambda prompt: "1",
        shown.append,
        moves=moves,
    )
    assert end.is_over
    text = "\n".join(shown)
    outcome = text.index("Final scores:")
    assert str(SECRET) not in text[:outcome]
    assert shown[-1] == f"The game's seed was {SECRET} (--seed {SECRET} deals it again)."
    assert replay(read_record(harbour.interchange.records.write_record(start, moves)))[-1] == end


# --------------------------------------------------------------------------- --record


@pytest.mark.rules("REC-1", "REC-4")
def test_record_writes_the_whole_game(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    args = ["play", "--players", "2", "--seed", "3", "--bot", "random", "--record", str(path)]
    result = invoke(args, "1\n" * 400)
    assert result.exit_code == 0, result.output
    # The line wraps to the terminal, never inside the path (it stays whole to copy).
    assert " ".join(result.output.split()).endswith(f"The game's record is in {path}.")
    assert str(path) in result.output
    record = read_record(path.read_text(encoding="utf-8"))
    states = replay(record)
    assert record.start == harbour.new_game(2, seed=3) and states[-1].is_over
    assert record.result is not None
    assert dict(record.tags) == {
        "Event": "harbour play",
        "Player1": "human",
        "Player2": "random bot",
    }
    # The human took the first legal move each time; the bot is seeded from seed and seat.
    state, bot = record.start, RandomBot(bot_seed(3, 1))
    for move in record.moves:
        seat = harbour.current_player(state)
        expected = (
            harbour.legal_moves(state)[0] if seat == 0 else bot.choose(harbour.observe(state, seat))
        )
        assert move == expected
        state = harbour.apply_move(state, move)


@pytest.mark.rules("REC-1", "REC-3")
def test_record_writes_the_game_so_far_when_the_human_leaves(tmp_path: Path) -> None:
    path = tmp_path / "left.txt"
    args = ["play", "--players", "3", "--seat", "2", "--seed", "9", "--record", str(path)]
    result = invoke(args, "1\nundo\n2\nquit\n")
    assert result.exit_code == 0, result.output
    record = read_record(path.read_text(encoding="utf-8"))
    states = replay(record)
    assert not states[-1].is_over and record.result is None
    assert dict(record.comments)[len(record.moves)] == "Player 2 left the game"
    assert dict(record.tags)["Player2"] == "human"
    # The undone choice is not in the record: seat 2 chose the second starting goods.
    human = [move for state, move in zip(states, record.moves, strict=False) if state.decider == 1]
    assert human == [harbour.legal_moves(states[1])[1]]
    replayed = invoke(["replay", str(path)])
    assert replayed.exit_code == 0 and "the game is not over" in replayed.output


# --------------------------------------------------------------------------- the menu


@pytest.mark.rules("CHAR-2", "ABIL-8")
def test_the_menu_shows_abilities_and_free_buildings() -> None:
    options = harbour.RulesOptions(characters=True)
    state = harbour.new_game(3, seed=2, options=options)
    assert isinstance(state.pending, PendingCharacter)
    for move in harbour.legal_moves(state):
        assert isinstance(move, harbour.ChooseCharacter)
        board = state.cards.characters[move.board]
        label = menu_label(state, move)
        assert label.startswith(f"Keep the {board.name} board. Ability: {board.text} ")
        assert "Starting building (symbols: " in label
    heiress = next(
        m
        for m in harbour.legal_moves(state)
        if state.cards.characters[m.board].name == "Heiress"  # type: ignore[union-attr]
    )
    state = harbour.apply_move(state, heiress)
    assert isinstance(state.pending, PendingFreeBuilding)
    for move in harbour.legal_moves(state):
        assert isinstance(move, harbour.ChooseFreeBuilding)
        building = state.cards.buildings[move.card]
        assert menu_label(state, move) == f"Take for free: {describe_building(building)}"


SCREEN = (80, 24)


def screen() -> tuple[int, int]:
    return SCREEN


@pytest.mark.rules("TURN-6", "NOTE-3")
def test_text_that_is_not_a_move_is_not_understood_and_a_forbidden_move_not_allowed() -> None:
    start = harbour.new_game(2, seed=5)
    shown: list[str] = []
    typed = answers("xyzzy", "go harbour", "go #0", "99", "st 2f", "", "quit")
    play_game(
        start, 0, [None, GreedyBot(2)], lambda prompt: next(typed), shown.append, screen=screen
    )
    replies = [line for line in shown if line.startswith(("Not understood", "Not allowed"))]
    assert replies == [
        "Not understood: cannot read 'xyzzy' as a move: unknown verb 'xyzzy'; the verbs are "
        "start, character, free, go, toll, option, part, take, exchange, swap, ship, traders, "
        "ability, buy ('help' lists the commands).",
        "Not understood: cannot read 'go harbour' as a move: 'harbour' could mean Harbour "
        "Crier, Harbourmaster's House ('help' lists the commands).",
        "Not allowed: [TURN-6] Player 1 is choosing starting goods; a pawn move does not "
        "answer that.",
        # The 20 starting goods do not fit 24 lines with what matters: five groups do.
        "Not understood: choose a number from 1 to 5 ('help' shows the menu).",
        "Not understood: 'st 2f' could be start 2F L, start 2F W, start 2F S (type more of it).",
    ]


def test_help_shows_the_commands_and_the_menu_and_board_the_table() -> None:
    start = harbour.new_game(2, seed=5)
    shown: list[str] = []
    typed = answers("help", "?", "table", "board", "1", "help", "quit")
    play_game(
        start, 0, [None, GreedyBot(2)], lambda prompt: next(typed), shown.append, screen=screen
    )
    table = harbour.render(start, viewer=0)
    groups = "\n".join(
        f"    {n}. Start with {what} (4 moves)"
        for n, what in enumerate(
            (
                "mostly fish",
                "mostly livestock",
                "one each of 3 goods",
                "mostly wood",
                "mostly stone",
            ),
            1,
        )
    )
    fish = "\n".join(
        f"  {n:>3}. {menu_label(start, m)}  [{harbour.interchange.notation.format_move(start, m)}]"
        for n, m in enumerate(harbour.legal_moves(start)[:4], 1)
    )
    assert shown.count(groups) == 3  # first shown, then after help and ?
    assert shown.count(fish) == 2  # the first group, then after help
    assert shown.count(COMMANDS) == 3
    assert shown.count(table) == 3  # first shown, then after table and board
    for word in ("help", "board (or table)", "rule ID", "cards NAME", "undo", "quit"):
        assert f"  - {word}" in COMMANDS


# --------------------------------------------------------------------------- the terminal


def test_output_is_wrapped_to_the_terminal_keeping_the_menu_indented() -> None:
    args = ["play", "--characters", "--bonus-cards", "--seed", "2"]
    result = invoke(args, "1\nquit\n", columns=60)
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert max(len(line) for line in lines) <= 60
    first = next(i for i, line in enumerate(lines) if line.startswith("    1. Keep the "))
    assert lines[first + 1].startswith(" " * 7) and lines[first + 1][7] != " "
    state = harbour.new_game(3, seed=2, options=harbour.RulesOptions(characters=True))
    label = menu_label(state, harbour.legal_moves(state)[0])
    assert flat(label) in flat(result.output)  # nothing lost to the wrapping


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_wrapping_joins_what_was_wrapped_before(seed: int) -> None:
    options = harbour.RulesOptions(characters=True, bonus_cards=True, inland_traders=True)
    state = harbour.new_game(3, seed=seed, options=options)
    table = harbour.render(state, viewer=0, width=100)  # wrapped at 100 columns by the view
    assert wrap(table, 100) == table
    narrow = wrap(table, 50)
    assert max(len(line) for line in narrow.splitlines()) <= 50
    assert flat(narrow) == flat(table)
    assert re.search(r"^ {6}\S", narrow, re.MULTILINE)  # continuations under their line


def test_a_spinner_shows_only_while_a_bot_thinks(monkeypatch: pytest.MonkeyPatch) -> None:
    thought: list[int] = []

    @contextlib.contextmanager
    def spinner(seat: int) -> Iterator[None]:
        thought.append(seat)
        yield

    monkeypatch.setattr(shared_play, "interactive", lambda: True)
    monkeypatch.setattr(shared_play, "spinner", lambda info: spinner)
    result = invoke(["play", "--players", "3", "--seat", "2", "--seed", "4"], "1\n1\nquit\n")
    assert result.exit_code == 0
    assert thought and set(thought) == {0, 2}  # the bots' seats, never the human's
    bot_moves = result.output.count("as starting goods.") - 1  # the human chose once
    assert len(thought) >= bot_moves
    # Not on a terminal (the test runner's output): no spinner, nothing on standard error.
    monkeypatch.undo()
    result = invoke(["play", "--players", "3", "--seat", "2", "--seed", "4"], "1\nquit\n")
    assert result.stderr == ""
    with shared_play.spinner(INFO)(1):  # the real spinner starts and stops cleanly
        pass


# --------------------------------------------------------------------------- during a game


def test_rule_and_cards_work_during_a_game() -> None:
    # The game: 'rule BUY-2' was read as a move ("unknown verb").
    result = invoke(
        ["play", "--players", "3", "--seed", "5"],
        "rule BUY-2\nrule buy 99\ncards kiln\ncards\nquit\n",
        columns=80,
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "unknown verb" not in out
    assert "BUY-2: Market values and minimum to ship" in out
    assert "Not found: the specification has no rule 'buy 99'" in flat(out)
    kiln = next(b for b in ORIGINAL_SET.buildings if b.name == "Kiln Works")
    assert flat(describe_building(kiln)) in flat(out)
    assert "Harbour library original set: " in out and "Admiralty" in out
    assert max(len(line) for line in out.splitlines()) <= 80


def after(state: harbour.GameState, *typed: str) -> harbour.GameState:
    for text in typed:
        state = harbour.apply_move(state, harbour.interchange.notation.parse_move(state, text))
    return state


@pytest.mark.rules("BUY-2", "ACT-8", "INT-6")
def test_a_buy_that_can_ship_nothing_says_so_in_the_menu() -> None:
    # harbour play --players 3 --seed 5: 3 fish with fish at $4 ship nothing (BUY-2), so
    # option 2 (buy) can only ship nothing: legal (ACT-8, INT-6), marked in the menu.
    start = harbour.new_game(3, seed=5)
    fish = after(start, "start 3F", "start 3S", "start 3S", "go board 1")
    option, ship = harbour.ChooseOption(1), harbour.Ship(())
    assert option in harbour.legal_moves(fish)
    assert harbour.legal_moves(harbour.apply_move(fish, option)) == (ship,)
    assert menu_label(fish, option) == (
        "Choose option 2: buy a building by shipping goods; then nothing can be shipped (BUY-2)"
    )
    assert menu_label(fish, harbour.ChooseOption(0)).endswith("gain 2 goods of your choice")
    # 3 stone at $3 pay for the Net Loft ($3): the same option is not marked.
    stone = after(start, "start 3S", "start 3S", "start 3S", "go board 1")
    assert menu_label(stone, option) == "Choose option 2: buy a building by shipping goods"


def test_the_table_is_shown_when_play_passes_to_the_human_only() -> None:
    start = harbour.new_game(3, seed=5)
    shown: list[str] = []
    typed = answers("start 3F", "xyzzy", "go board 1", "option 1", "quit")
    play_game(
        start,
        0,
        [None, GreedyBot(1), GreedyBot(2)],
        lambda prompt: next(typed),
        shown.append,
        screen=screen,
    )
    tables = [
        text for text in shown if text.startswith("Harbour, 3 players") and "Display:" in text
    ]
    # At the start, then after the bots chose their goods; not after the refused 'xyzzy',
    # nor before the option or the goods of the same turn.
    assert len(tables) == 2
    assert tables[1] == harbour.render(after(start, "start 3F", "start 3S", "start 3S"), viewer=0)
    assert any(text.startswith("Not understood: cannot read 'xyzzy'") for text in shown)


@pytest.mark.parametrize("seed", [5, 6])
def test_every_question_fits_an_80x24_screen(seed: int) -> None:
    start = harbour.new_game(3, seed=seed, options=harbour.RulesOptions(characters=True))
    bots = [None, GreedyBot(1), GreedyBot(2)]
    terminal, _ = play_on_screen(INFO, start, bots, ["1"] * 30 + ["quit"], seed=seed)
    assert len(terminal.screens) == 31
