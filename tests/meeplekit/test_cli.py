"""The command shell every game's command is built from (meeplekit.cli), on a game of its own.

A tiny dice game with chance during play (Player 1 picks, then goes, the die is rolled, then
Player 1 claims and Player 2 answers) drives the shared play loop without either real
game: chance drawn from the seed and narrated, undo that never takes chance back, the
secret seed; then the shared options, files, lookups and the two games' commands, which
have the same shape.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import attrs
import pytest

pytest.importorskip("click")
pytest.importorskip("rich")

import click
from click.testing import CliRunner

from meeplekit.agents.bots import BotGame
from meeplekit.cli import common
from meeplekit.cli.app import command_group
from meeplekit.cli.common import (
    apply_assignments,
    options_from,
    parse_assignment,
    read_input,
    reading_options,
    reading_parameters,
    wrap,
)
from meeplekit.cli.play import (
    MenuGroup,
    commands_help,
    complete,
    menu,
    menu_tree,
    play_command,
    play_game,
)
from meeplekit.cli.reference import find_by_name, name_key
from meeplekit.demo import chance_seed
from meeplekit.errors import IllegalMoveError, MoveParseError, family
from meeplekit.extras import Extras
from meeplekit.info import (
    Bots,
    CardEntry,
    Cards,
    Chance,
    Evaluation,
    GameInfo,
    Narration,
    Notation,
    Players,
    Records,
    Views,
)
from meeplekit.protocol import CHANCE, sample_chance
from meeplekit.rng import SplitMix64
from meeplekit.spec import Page, Specification

# --------------------------------------------------------------------------- a dice game


class Die(enum.Enum):
    """Which die is rolled (X-1)."""

    #: A six-sided die.
    SIX = "six"
    #: An eight-sided die.
    EIGHT = "eight"


@attrs.frozen
class Options:
    #: X-1: the die rolled.
    die: Die = attrs.field(default=Die.SIX, metadata={"rule": "X-1"}, converter=Die)
    #: X-2: Player 2 answers first.
    swap: bool = attrs.field(default=False, metadata={"rule": "X-2"})


@attrs.frozen
class State:
    seed: int
    options: Options = Options()
    #: "pick", "go" (seat 0), "roll" (chance), "claim" (seat 0), "answer" (seat 1), "".
    step: str = "pick"
    moves: tuple[str, ...] = ()


_STEPS = {"pick": ("low", "high"), "go": ("go",), "claim": ("claim",), "answer": ("ok",)}
_NEXT = {"pick": "go", "go": "roll", "roll": "claim", "claim": "answer", "answer": ""}


def _legal(state: State) -> tuple[str, ...]:
    if state.step == "roll":
        return tuple(str(face) for face in range(1, _faces(state) + 1))
    return _STEPS.get(state.step, ())


def _faces(state: State) -> int:
    return 6 if state.options.die is Die.SIX else 8


def _apply(state: State, move: str) -> State:
    if move not in _legal(state):
        raise IllegalMoveError("X-3", f"{move!r} does not answer {state.step!r}")
    return attrs.evolve(state, step=_NEXT[state.step], moves=(*state.moves, move))


def _current(state: State) -> int:
    return {"roll": CHANCE, "answer": 1}.get(state.step, 0)


def _outcome(state: State) -> Any:
    roll = int(state.moves[2])
    won = (roll > 3) == (state.moves[0] == "high")
    return SimpleNamespace(points=(roll, 0), winners=(0,) if won else (1,), ranking=(0, 1))


def _parse(state: State, text: str) -> str:
    word = text.strip().lower()
    if word not in {m for moves in _STEPS.values() for m in moves}:
        raise MoveParseError(text, "not a word of the game")
    return _apply(state, word).moves[-1]


DICE = SimpleNamespace(
    legal_moves=_legal,
    apply_move=_apply,
    apply_move_with_events=lambda state, move: (_apply(state, move), ()),
    current_player=_current,
    is_over=lambda state: not state.step,
    outcome=_outcome,
    chance_outcomes=lambda state: tuple(
        (m, Fraction(1, _faces(state))) for m in _legal(state) if state.step == "roll"
    ),
    observe=lambda state, seat: state,
)


class FirstBot:
    def choose(self, observation: State) -> str:
        return _legal(observation)[0]


def _draw(state: State, rng: SplitMix64) -> str:
    drawn: str = sample_chance(DICE.chance_outcomes(state), rng)
    return drawn


PLAY: BotGame[State, Any, str] = BotGame(
    name="dice",
    determinize=lambda observation, rng: observation,
    legal_moves=_legal,
    apply_move=_apply,
    current_player=_current,
    is_over=lambda state: not state.step,
    winners=lambda state: _outcome(state).winners,
    seats=lambda state: 2,
    turn=lambda state: 1,
    sample_chance=_draw,
    evaluate=lambda state, seat: 0.0,
)


def _new_game(players: int, *, seed: int | None = None, options: Options | None = None) -> State:
    return State(seed or 0, Options() if options is None else options)


DICE.new_game = _new_game


class DiceSpecification(Specification):
    """The dice game's specification: one page, one clause."""

    def pages(self) -> list[Page]:
        text = "# Dice rules\n\n(rule-x-1)=\n\n### X-1: The die\n\nThe die is rolled once.\n"
        return [Page("rules", "Dice rules", text)]


def _narrate(before: State, move: str, events: Any, after: State) -> str:
    who = "Chance" if _current(before) == CHANCE else f"Player {_current(before) + 1}"
    return f"{who}: {move}."


INFO: GameInfo[State, str] = GameInfo(
    name="dice",
    title="Dice",
    version="1.0",
    game=cast(Any, DICE),
    players=Players(fewest=2, most=2, default=2),
    perfect_information=True,
    readings=Options,
    chance=Chance(in_play=True, during_play="the dice"),
    play=PLAY,
    bots=Bots(random=lambda seed: FirstBot(), default="random"),
    max_decisions=10,
    evaluation=Evaluation(points=lambda state: (0, 0), utilities=lambda state: (0.0, 0.0)),
    views=Views(
        render=lambda state, seat=None, /: f"[table: {state.step or 'over'}]",
        summary=lambda state, seat: f"[summary: {state.step}]",
    ),
    notation=Notation(
        format=lambda state, move: move,
        parse=_parse,
        label=lambda state, move: move.capitalize(),
        examples="'low', 'go'",
    ),
    narration=Narration(
        describe_setup=lambda state, *, show_seed: (
            "Dice" + (f", seed {state.seed}." if show_seed else ".")
        ),
        describe_events=_narrate,
        describe_outcome=lambda state: f"Winner: Player {_outcome(state).winners[0] + 1}",
        player_name=lambda seat: f"Player {seat + 1}",
    ),
    records=Records(
        rule="X-4",
        write=lambda start, moves, *, tags={}, comments={}: " ".join(moves) + "\n",
        read=lambda text: SimpleNamespace(start=State(0), moves=tuple(text.split())),
        replay=lambda record: (record.start,),
        narrate=lambda start, moves, out: None,
    ),
    cards=Cards(
        load=lambda options, variant: ("Low Card", "High Card", "Highway"),
        of_state=lambda state: ("Low Card", "High Card", "Highway"),
        title=lambda cards: "The dice cards",
        entries=lambda cards: [
            CardEntry(name=card, text=f"{card}: a card.", rules=("X-1",)) for card in cards
        ],
        tables=lambda cards, width: [],
        kinds="card",
        help="The cards.",
    ),
    errors=family("Dice", module=__name__, base="DiceError"),
    extras=Extras("dice", {}),
    specification=DiceSpecification("meeplekit"),
    rule_examples="X-1",
    reading_example="die=eight",
)


def answers(*texts: str) -> Iterator[str]:
    yield from texts


def play(*typed: str, seed: int = 7, **kw: Any) -> tuple[State, list[str], list[str]]:
    said: list[str] = []
    moves: list[str] = []
    given = answers(*typed)
    end = play_game(
        INFO,
        State(seed),
        0,
        [None, FirstBot()],
        lambda prompt: next(given),
        said.append,
        seed=seed,
        moves=moves,
        **kw,
    )
    return end, said, moves


# --------------------------------------------------------------------------- the play loop


def test_chance_is_drawn_from_the_seed_and_narrated() -> None:
    end, said, moves = play("high", "go", "claim")
    expected = sample_chance(
        DICE.chance_outcomes(State(7, step="roll")), SplitMix64(chance_seed(7))
    )
    assert moves == ["high", "go", expected, "claim", "ok"]
    assert f"Chance: {expected}." in said
    assert said[0] == "Dice."  # the seed is secret
    assert said[-1] == "The game's seed was 7 (--seed 7 deals it again)."
    assert said[-2] == f"Winner: Player {_outcome(end).winners[0] + 1}"


def test_undo_takes_back_decisions_but_never_what_chance_decided() -> None:
    _, said, moves = play("undo", "low", "undo", "high", "go", "undo", "claim")
    notes = [line for line in said if "back" in line]
    assert notes == [
        "You have no decision to take back.",
        "Your last decision is taken back.",
        "Your last decision cannot be taken back: chance has decided since, and the dice are "
        "never taken back.",
    ]
    assert moves[:2] == ["high", "go"]


def test_replies_to_text_that_is_not_a_move_and_to_a_refused_move() -> None:
    _, said, _ = play("nonsense", "go", "7", "", "help", "quit", seed=1)
    replies = [line for line in said if line.startswith(("Not ", "Answer"))]
    assert replies[0] == (
        "Not understood: cannot read 'nonsense' as a move: not a word of the game "
        "('help' lists the commands)."
    )
    assert replies[1] == "Not allowed: [X-3] 'go' does not answer 'pick'"
    assert replies[2] == "Not understood: choose a number from 1 to 2 ('help' shows the menu)."
    assert replies[3] == commands_help(INFO)
    assert "    1. Low  [low]\n    2. High  [high]" in said and said[-2] == "You left the game."


def test_the_table_is_shown_when_play_passes_to_the_human_and_on_request() -> None:
    # pick and go are one turn; only chance moves before claim: the table is shown once,
    # then on request, never after a refused answer.
    _, said, moves = play("low", "nonsense", "go", "board", "table", "claim")
    assert said.count("[table: pick]") == 1
    assert said.count("[table: go]") == 0
    assert said.count("[table: claim]") == 2  # board, then its alias table
    assert moves[:2] == ["low", "go"]


def test_rule_and_cards_answer_during_a_game() -> None:
    _, said, _ = play("rule x 1", "rule X-99", "rule", "cards high c", "cards", "cards zzz", "quit")
    replies = said[4:-1]  # after the setup, the table and the menu; before the seed
    assert replies[0] == "X-1: The die\n\nThe die is rolled once."
    assert replies[1].startswith("Not found: the specification has no rule 'X-99'")
    assert replies[1].endswith("('dice rule' lists them).")
    assert replies[2] == (
        "Type 'rule' and a rule's ID, for example 'rule X-1' ('dice rule' lists them all)."
    )
    assert replies[3] == "High Card: a card.\nRules: X-1 ('rule ID' prints one)."
    assert replies[4] == (
        "The dice cards: Low Card, High Card, Highway. 'cards NAME' shows one in full."
    )
    assert replies[5].startswith("Not found: The dice cards has no card named 'zzz'")
    assert replies[5].endswith("('cards' lists them).")
    assert replies[6] == "You left the game."


def test_a_number_of_any_length_is_an_entry_or_not_understood() -> None:
    _, said, moves = play("9" * 5000, "00", "2", "go", "claim", seed=2)
    replies = [line for line in said if line.startswith("Not understood")]
    assert replies == ["Not understood: choose a number from 1 to 2 ('help' shows the menu)."] * 2
    assert moves[0] == "high"


def labelled(group: Any = None) -> GameInfo[State, str]:
    """The dice game with menu labels ``Move m01``, ... and the groups ``group``."""
    return attrs.evolve(
        INFO, notation=attrs.evolve(INFO.notation, group=group, label=lambda s, m: f"Move {m}")
    )


def flatten(group: MenuGroup[str]) -> list[str]:
    return [
        move
        for entry in group.entries
        for move in (flatten(entry) if isinstance(entry, MenuGroup) else [entry])
    ]


def levels(group: MenuGroup[str]) -> Iterator[MenuGroup[str]]:
    yield group
    for entry in group.entries:
        if isinstance(entry, MenuGroup):
            yield from levels(entry)


@pytest.mark.parametrize("count", [1, 7, 60, 500])
@pytest.mark.parametrize("lines", [3, 5, 21])
@pytest.mark.parametrize("grouped", [False, True])
def test_every_level_of_a_menu_fits_and_holds_every_move_once_in_order(
    count: int, lines: int, grouped: bool
) -> None:
    moves = [f"m{n:03}" for n in range(count)]
    by_tens = (lambda state, move: (f"tens {move[:3]}",)) if grouped else (lambda state, move: ())
    pieces = labelled(by_tens)
    tree = menu_tree(pieces, State(1), moves, lines, 40)
    assert flatten(tree) == moves and tree.size == count
    for level in levels(tree):
        shown = "\n".join(
            f"  {n:>3}. {e.label} ({e.size} moves)"
            if isinstance(e, MenuGroup)
            else f"  {n:>3}. Move {e}  [{e}]"
            for n, e in enumerate(level.entries, 1)
        )
        assert len(wrap(shown, 40).splitlines()) <= lines
        assert level.entries  # no empty level
    entry: str | MenuGroup[str] = tree
    while isinstance(entry, MenuGroup):  # always answering 1 picks the first move
        entry = entry.entries[0]
    assert entry == moves[0]


def test_a_menu_is_grouped_by_the_games_groups_then_cut_into_runs() -> None:
    moves = [f"bid {space} {value}" for space in ("sea", "land", "town") for value in (1, 2, 3)]
    moves.append("pass")

    def by_space(state: State, move: str) -> tuple[str, ...]:
        return (f"Bid on {move.split()[1]}",) if move.startswith("bid") else ()

    pieces = attrs.evolve(INFO, notation=attrs.evolve(INFO.notation, group=by_space))
    tree = menu_tree(pieces, State(1), moves, 4, 80)
    assert [e.label if isinstance(e, MenuGroup) else e for e in tree.entries] == [
        "Bid on sea",
        "Bid on land",
        "Bid on town",
        "pass",
    ]
    assert menu_tree(pieces, State(1), moves, 10, 80).entries == tuple(moves)  # they fit
    # Without groups, the moves by the first word of their notation; one group is no
    # level, and a level too long is cut into runs named by their first and last moves.
    plain = attrs.evolve(INFO, notation=attrs.evolve(INFO.notation, group=None))
    runs = menu_tree(plain, State(1), moves[:9], 4, 80).entries
    assert [e.label if isinstance(e, MenuGroup) else e for e in runs] == [
        "bid sea 1 to bid land 1",
        "bid land 2 to bid town 2",
        "bid town 3",
    ]
    verbs = menu_tree(plain, State(1), moves, 4, 80).entries
    assert [e.label if isinstance(e, MenuGroup) else e for e in verbs] == ["bid ...", "pass"]


def test_notation_may_be_shortened_while_it_fits_one_move() -> None:
    moves = ["bid sea-1 3", "bid sea-2 3", "bid land-1 3", "build kiln works"]
    assert complete(INFO, State(1), moves, "b s 3") == moves[:2]
    assert complete(INFO, State(1), moves, "B L") == ["bid land-1 3"]
    assert complete(INFO, State(1), moves, "bu k w") == ["build kiln works"]
    assert complete(INFO, State(1), moves, "bid sea-1 3") == ["bid sea-1 3"]
    assert complete(INFO, State(1), moves, "bid sea-1 3 4") == []
    assert complete(INFO, State(1), moves, "  ") == []
    # In the loop: a start that fits one legal move plays it, several are named.
    _, said, moves_played = play("l", "g", "c", seed=3)
    assert moves_played[:2] == ["low", "go"]
    _, said, _ = play("x", "quit")
    assert said[4].startswith("Not understood: cannot read 'x' as a move")


def test_a_long_menu_comes_in_groups_with_the_summary_and_fits_the_screen() -> None:
    moves = [f"m{n:02}" for n in range(30)]  # the first decision's moves, none of them legal
    many = SimpleNamespace(**{**vars(DICE), "legal_moves": lambda state: moves})
    grouped = labelled(lambda state, move: (f"Moves {move[1]}0-{move[1]}9",))
    pieces = attrs.evolve(
        grouped,
        game=cast(Any, many),
        views=attrs.evolve(grouped.views, summary=lambda state, seat: "Dice: you pick."),
    )
    said: list[str] = []
    given = answers("2", "0", "2", "moves", "quit")
    play_game(
        pieces,
        State(1),
        0,
        [None, FirstBot()],
        lambda prompt: next(given),
        said.append,
        seed=1,
        screen=lambda: (80, 13),  # the summary, a header, 10 entries, the question
    )
    assert said[1:5] == [
        "[table: pick]",
        "Dice: you pick.",
        "Your 30 moves, in groups ('board' shows the table):",
        "    1. Moves 00-09 (10 moves)\n    2. Moves 10-19 (10 moves)\n    3. Moves 20-29 (10 moves)",
    ]
    assert said[5:8] == [
        "Dice: you pick.",
        "Moves 10-19 ('0' goes back):",
        menu(pieces, State(1), moves[10:20]),
    ]
    assert said[8:11] == said[2:5]  # 0: the groups again
    assert said[11:14] == said[5:8] and said[14:17] == said[5:8]  # 2, then moves
    assert said[17] == "You left the game."


def test_the_play_command_is_built_from_the_description(tmp_path: Path) -> None:
    command = command_group(INFO, [play_command(INFO)])
    record = tmp_path / "game.txt"
    result = CliRunner().invoke(
        command,
        ["play", "--seed", "7", "--die", "eight", "--record", str(record)],
        input="low\ngo\nclaim\n",
    )
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Dice, seed 7.\n")
    rolled = record.read_text(encoding="utf-8").split()[2]
    state = State(7, Options(die=Die.EIGHT), step="roll")
    assert rolled == sample_chance(DICE.chance_outcomes(state), SplitMix64(chance_seed(7)))
    help_text = " ".join(CliRunner().invoke(command, ["play", "--help"]).output.split())
    assert "--die [six|eight] X-1: Which die is rolled. 'six' (default)" in help_text
    assert "'eight': An eight-sided die" in help_text
    assert "--swap / --no-swap X-2: Player 2 answers first. (default: off)" in help_text
    assert "Chance (the dice) is drawn by the command from the game's seed." in help_text
    assert "write the game's record (X-4) to FILE" in help_text


# --------------------------------------------------------------------------- options and files


def test_reading_options_are_the_same_on_a_function_and_on_a_command() -> None:
    @click.command()
    @reading_options(Options)
    def decorated(**params: Any) -> None:
        pass

    built = reading_options(Options)(click.Command("built", params=[]))
    names = [[*p.opts, *p.secondary_opts] for p in decorated.params]
    assert names == [[*p.opts, *p.secondary_opts] for p in built.params]
    assert names == [["--die"], ["--swap", "--no-swap"]]
    assert [p.name for p in reading_parameters(Options)] == ["die", "swap"]
    assert options_from(Options, {"die": "eight", "swap": None}) == Options(die=Die.EIGHT)


def test_assignments_name_fields_as_options_and_check_values() -> None:
    assert parse_assignment(Options, "die=eight") == ("die", "eight")
    assert parse_assignment(Options, " swap = ON") == ("swap", True)
    assert apply_assignments(Options(), ["die=eight", "swap=off"]) == Options(die=Die.EIGHT)
    for bad, message in [
        ("colour=red", "is not FIELD=VALUE with FIELD one of: die, swap"),
        ("die", "is not FIELD=VALUE"),
        ("die=four", "die (X-1) must be one of six, eight; got 'four'"),
        ("swap=maybe", "swap is a switch: on or off, got 'maybe'"),
    ]:
        with pytest.raises(click.BadParameter, match=re.escape(message)):
            parse_assignment(Options, bad)


def test_an_input_file_is_read_within_its_bound(tmp_path: Path) -> None:
    exact, over = tmp_path / "exact.txt", tmp_path / "over.txt"
    exact.write_bytes(b"x" * 3000)
    over.write_bytes(b"x" * 3001)
    assert read_input(exact, limit=3000) == "x" * 3000
    with pytest.raises(click.ClickException, match="larger than 0 MiB; a record is read only"):
        read_input(over, "record", limit=3000)
    assert read_input(over) == "x" * 3001  # the default bound: 16 MiB
    assert common.MAX_INPUT_BYTES == 16 << 20


def test_wrap_keeps_menus_under_their_text_and_brackets_whole() -> None:
    item = "  12. " + "word " * 20 + "[go Kiln Works]"
    wrapped = wrap(item, 40)
    assert all(len(part) <= 40 for part in wrapped.splitlines())
    assert "[go Kiln Works]" in wrapped
    assert all(part.startswith(" " * 6) for part in wrapped.splitlines()[1:])
    plain = "  " + "word " * 30  # a plain line continues four columns further in
    narrow = wrap(plain.rstrip(), 70)
    assert all(part.startswith(" " * 6) for part in narrow.splitlines()[1:])
    assert wrap(narrow, 200) == plain.rstrip()  # what was wrapped before is joined again


# --------------------------------------------------------------------------- lookups


def test_a_name_is_found_whole_or_by_a_start_that_fits_one_only() -> None:
    names = ["Low Card", "High Card", "Highway", "Fishmonger's Row"]
    assert find_by_name(names, "high card", str) == (("High Card",), ())
    assert find_by_name(names, "fishmongers row", str) == (("Fishmonger's Row",), ())
    assert find_by_name(names, "low", str) == (("Low Card",), ())
    assert find_by_name(names, "high", str) == ((), ("High Card", "Highway"))
    assert find_by_name(names, "card", str) == ((), ("Low Card", "High Card"))
    assert find_by_name(names, "hihgway", str) == ((), ("Highway",))
    assert find_by_name(names, " . ", str) == ((), ())
    assert name_key("  A.  B's ") == "a bs"


def test_cards_and_rule_commands_come_from_the_description() -> None:
    from meeplekit.cli.reference import cards_command

    runner = CliRunner()
    command = command_group(INFO, [cards_command(INFO)])
    assert runner.invoke(command, ["cards", "low"]).output == (
        "Low Card: a card.\nRules: X-1 ('dice rule ID' prints one).\n"
    )
    result = runner.invoke(command, ["cards", "high"])
    assert result.exit_code == 1
    assert result.output == (
        "Error: The dice cards has no card named 'high'; did you mean High Card, Highway? "
        "('dice cards' lists them)\n"
    )


# --------------------------------------------------------------------------- the games' commands


def _shape(group: click.Group) -> dict[str, set[str]]:
    """Each command's options, without the rule readings and the variant."""
    from harbour.options import RulesOptions as HarbourOptions
    from machikoro.options import RulesOptions as MachiKoroOptions

    readings = {
        flag
        for kind in (HarbourOptions, MachiKoroOptions)
        for p in reading_parameters(kind)
        for flag in [*p.opts, *p.secondary_opts]
    }
    return {
        name: {f for p in cmd.params for f in [*p.opts, *p.secondary_opts]} - readings - {"--cards"}
        for name, cmd in group.commands.items()
    }


def test_both_games_commands_have_the_same_shape() -> None:
    from meeplekit.cli.app import command

    harbour, machikoro = command("harbour"), command("machikoro")

    assert _shape(harbour) == _shape(machikoro)
    assert set(harbour.commands) == {
        "play",
        "simulate",
        "compare",
        "replay",
        "cards",
        "rule",
        "position",
    }
    for name in ("play", "simulate", "compare"):
        for group in (harbour, machikoro):
            options = {p.name: p for p in group.commands[name].params}
            assert options["players"].default == 3 and options["bot"].default == "greedy"


def _games_after(code: str) -> set[str]:
    """The games imported by a new interpreter running ``code``."""
    import subprocess
    import sys

    script = f"import sys\n{code}\nprint(' '.join(sorted(sys.modules)))\n"
    found = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout.split()
    return {name for name in found if name.split(".")[0] in ("harbour", "machikoro")}


def test_the_shell_imports_no_game_and_each_command_only_its_own() -> None:
    modules = ("common", "play", "reference", "lab_commands", "position", "app")
    assert _games_after("\n".join(f"import meeplekit.cli.{m}" for m in modules)) == set()
    for game in ("machikoro", "harbour"):
        code = f"from meeplekit.cli.app import command\ncommand({game!r})"
        assert {m.split(".")[0] for m in _games_after(code)} == {game}
